//! What the version diff view shows: a side chosen as a cached framework or a package file, the
//! counts at the top, and field values as text.

import { choiceKey } from "../../app/frameworkChoices";
import type { DiffSection } from "../../bindings/DiffSection";
import type { SnapshotRef } from "../../bindings/SnapshotRef";
import type { VersionDiff } from "../../bindings/VersionDiff";
import type { JsonValue } from "../../bindings/serde_json/JsonValue";

/** The picker's value for "a package file". */
export const FILE_CHOICE = "file";

/** The snapshot a side's picker and path stand for (`null` while incomplete). */
export function snapshotOf(choice: string, path: string): SnapshotRef | null {
  if (choice === FILE_CHOICE) return path.trim() ? { kind: "file", path: path.trim() } : null;
  const key = choiceKey(choice);
  return key ? { kind: "cache", key } : null;
}

/** A snapshot as a query key part. */
export function snapshotId(snapshot: SnapshotRef | null): string {
  return snapshot === null ? "" : JSON.stringify(snapshot);
}

/** The counts of one section, as the summary shows them. */
export interface SectionCounts {
  name: string;
  added: number;
  removed: number;
  changed: number;
  touched: number;
}

function counts(name: string, section: DiffSection): SectionCounts {
  return {
    name,
    added: section.added.length,
    removed: section.removed.length,
    changed: section.changed.length,
    touched: section.touched.length,
  };
}

/** The counts at the top of the diff. */
export function summary(diff: VersionDiff): SectionCounts[] {
  return [counts("Document", diff.document), counts("Items", diff.items), counts("Associations", diff.associations)];
}

/** Whether nothing but `lastChangeDateTime` (or nothing at all) changed. */
export function unchanged(diff: VersionDiff): boolean {
  return summary(diff).every((c) => c.added + c.removed + c.changed === 0) && diff.package.length === 0;
}

/** A field's value as text (`—` when absent). */
export function valueText(value: JsonValue): string {
  if (value === null) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}
