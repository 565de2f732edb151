//! Which fields of a CASE record are Markdown text (rendered with LaTeX), and the order the
//! item panel shows fields in.

import type { JsonValue } from "../../bindings/serde_json/JsonValue";

/** The text fields rendered from Markdown. */
export const MARKDOWN_FIELDS = new Set(["fullStatement", "abbreviatedStatement", "notes", "description"]);

/** A record's fields as `[name, value]`, Markdown fields first, then the rest as served. */
export function recordFields(record: JsonValue): Array<[string, JsonValue]> {
  if (record === null || typeof record !== "object" || Array.isArray(record)) return [];
  const entries = Object.entries(record).filter((entry): entry is [string, JsonValue] => entry[1] !== undefined);
  const text = entries.filter(([name, value]) => MARKDOWN_FIELDS.has(name) && typeof value === "string");
  const rest = entries.filter(([name, value]) => !(MARKDOWN_FIELDS.has(name) && typeof value === "string"));
  const order = ["fullStatement", "abbreviatedStatement", "description", "notes"];
  text.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return [...text, ...rest];
}
