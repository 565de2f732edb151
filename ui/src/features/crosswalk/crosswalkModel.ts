//! What the crosswalk view shows of a report: the pairs that pass the type and subtree filters,
//! the uncovered items within a subtree, shares as percentages, and the pairs as CSV or as a
//! workbook's sheet.

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { CrosswalkReport } from "../../bindings/CrosswalkReport";
import type { ItemSummary } from "../../bindings/ItemSummary";
import type { WorkbookSheet } from "../../bindings/WorkbookSheet";

/** The filters: an association type and a FROM subtree (`null`: all). */
export interface CrosswalkFilter {
  type: string | null;
  subtree: string | null;
}

/** The pairs passing `filter`, by type. */
export function filteredPairs(report: CrosswalkReport, filter: CrosswalkFilter): CrosswalkPair[] {
  return report.groups
    .filter((g) => filter.type === null || g.associationType === filter.type)
    .flatMap((g) => g.pairs)
    .filter((p) => filter.subtree === null || p.from.subtree === filter.subtree);
}

/** The uncovered items of a side within `subtree` (`null`: all). */
export function uncoveredIn(items: ItemSummary[], subtree: string | null): ItemSummary[] {
  return subtree === null ? items : items.filter((i) => i.subtree === subtree);
}

/** A share (0–1) as a percentage with one decimal. */
export function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
}

/** An item as one cell: code and statement. */
export function itemText(item: ItemSummary): string {
  return [item.code, item.statement].filter(Boolean).join(" ");
}

function cell(value: string | null): string {
  const text = value ?? "";
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const PAIR_COLUMNS = [
  "associationType",
  "direction",
  "fromIdentifier",
  "fromCode",
  "fromStatement",
  "toIdentifier",
  "toCode",
  "toStatement",
  "associationIdentifier",
];

/** `pairs` as rows of the table both exports write. */
function pairRows(pairs: CrosswalkPair[]): Array<Array<string | null>> {
  return pairs.map((p) => [
    p.associationType,
    p.fromTo ? "from→to" : "to→from",
    p.from.identifier,
    p.from.code,
    p.from.statement,
    p.to.identifier,
    p.to.code,
    p.to.statement,
    p.associationIdentifier,
  ]);
}

/** `pairs` as CSV (RFC 4180, CRLF), with a header row. */
export function pairsCsv(pairs: CrosswalkPair[]): string {
  return [PAIR_COLUMNS, ...pairRows(pairs)].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** `pairs` as a workbook's sheet, with the CSV's columns. */
export function pairsSheet(pairs: CrosswalkPair[]): WorkbookSheet {
  return { name: "Crosswalk pairs", columns: PAIR_COLUMNS, rows: pairRows(pairs) };
}
