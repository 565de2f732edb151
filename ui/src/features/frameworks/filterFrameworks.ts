//! The sidebar's filter: every word must appear in a framework's title, publisher, version,
//! adoption status, subjects or connection (case and accents ignored).

import type { FrameworkGroup } from "../../bindings/FrameworkGroup";
import type { FrameworkSummary } from "../../bindings/FrameworkSummary";

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function haystack(group: FrameworkGroup, fw: FrameworkSummary): string {
  return fold(
    [group.connection, fw.title, fw.publisher, fw.version, fw.adoptionStatus, ...fw.subjects]
      .filter((v): v is string => typeof v === "string")
      .join(" "),
  );
}

/** The groups with only the frameworks matching `filter` (groups left empty are dropped). */
export function filterFrameworks(groups: readonly FrameworkGroup[], filter: string): FrameworkGroup[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      frameworks: group.frameworks.filter((fw) => {
        const text = haystack(group, fw);
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((group) => group.frameworks.length > 0);
}

/** The framework the first launch opens: the built-in sandbox's "Demo" one, else its first. */
export function defaultFramework(
  groups: readonly FrameworkGroup[],
  builtIn = "Built-in sandbox",
): FrameworkSummary | null {
  const group = groups.find((g) => g.connection === builtIn) ?? groups.find((g) => g.kind === "builtIn");
  const pool = group?.frameworks ?? groups.flatMap((g) => g.frameworks);
  return pool.find((fw) => fw.title.includes("Demo")) ?? pool[0] ?? null;
}
