//! What the Print dialog decides without the backend: what it prints (a framework or its subtree, a
//! search's results, a crosswalk), the file name a PDF is suggested under, the columns offered,
//! what the preview says of its size, and how a saved PDF is announced.

import type { ExportDone } from "../../bindings/ExportDone";
import type { PrintColumns } from "../../bindings/PrintColumns";
import type { PrintDocument } from "../../bindings/PrintDocument";
import type { PrintSource } from "../../bindings/PrintSource";
import { formatCount } from "../../ui/formatCount";
import { baseName } from "../files/filesModel";

/** What can be printed from where the user is: `source` (a framework's with no subtree), its title,
 * and for a framework the subtree under the selected item, offered as a choice. */
export interface PrintTarget {
  source: PrintSource;
  title: string;
  subtree: { identifier: string; label: string } | null;
}

/** What a framework's print covers. */
export type PrintScope = "framework" | "subtree";

/** What `target` prints when the user chose `scope`: a framework whole or its subtree; any other
 * source as it is. */
export function printedSource(target: PrintTarget, scope: PrintScope): PrintSource {
  if (target.source.kind !== "framework") return target.source;
  return { ...target.source, subtree: scope === "subtree" ? (target.subtree?.identifier ?? null) : null };
}

/** The optional columns `source` offers: a framework all; a search's results those an item has
 * alone (its associations belong to its framework's graph); a crosswalk none (its pairs are what
 * it prints). */
export function columnChoices(source: PrintSource): Array<[keyof PrintColumns, string]> {
  if (source.kind === "framework") return COLUMN_CHOICES;
  if (source.kind === "search") return COLUMN_CHOICES.filter(([column]) => column !== "associations");
  return [];
}

/** The items of `doc`, its sections' headings left out. */
export function itemCount(doc: PrintDocument): number {
  return doc.items.filter((item) => !item.heading).length;
}

/** The optional columns, with their labels, in the order offered. */
export const COLUMN_CHOICES: Array<[keyof PrintColumns, string]> = [
  ["itemType", "Item type"],
  ["educationLevel", "Education level"],
  ["associations", "Associations by type (with their other end's code)"],
];

/** The columns a print starts with: the item type and education level, no associations. */
export const DEFAULT_COLUMNS: PrintColumns = { itemType: true, educationLevel: true, associations: false };

/** The suggested file name of the PDF of `title` (or of its subtree `subtree`). */
export function pdfName(title: string, subtree?: string | null): string {
  const clean = (text: string) =>
    text
      .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80) || "framework";
  return subtree ? `${clean(title)} - ${clean(subtree)}.pdf` : `${clean(title)}.pdf`;
}

/** What the preview says of how much it shows. */
export function previewNote(shown: number, total: number): string {
  if (shown >= total) return `${formatCount(total)} ${total === 1 ? "item" : "items"}`;
  return `The first ${formatCount(shown)} of ${formatCount(total)} items (the PDF has them all)`;
}

/** How a saved PDF is announced. */
export function pdfAnnouncement(done: ExportDone): string {
  return `PDF saved: ${baseName(done.path)}, ${formatCount(done.rows)} ${done.rows === 1 ? "item" : "items"}`;
}
