//! A rubric laid out as a table: one row per criterion, one column per level position.

import type { Rubric } from "../../bindings/Rubric";
import type { RubricLevel } from "../../bindings/RubricLevel";

/** How many level columns the table of `rubric` has. */
export function levelColumns(rubric: Rubric): number {
  return Math.max(0, ...rubric.criteria.map((c) => c.levels.length));
}

/** A column's heading: the quality its levels share, else "Level N". */
export function columnHeading(rubric: Rubric, column: number): string {
  const qualities = new Set(
    rubric.criteria.map((c) => c.levels[column]?.quality).filter((q): q is string => Boolean(q)),
  );
  return qualities.size === 1 ? ([...qualities][0] as string) : `Level ${column + 1}`;
}

/** A number as the table shows it (no trailing zeros). */
export function formatNumber(value: number | null): string {
  return value === null ? "" : String(Math.round(value * 1000) / 1000);
}

/** The level of a criterion in `column`, if any. */
export function levelAt(levels: RubricLevel[], column: number): RubricLevel | null {
  return levels[column] ?? null;
}
