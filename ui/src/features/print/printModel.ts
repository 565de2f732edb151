//! What the Print dialog decides without the backend: the file name a PDF is suggested under, the
//! columns offered, what the preview says of its size, and how a saved PDF is announced.

import type { ExportDone } from "../../bindings/ExportDone";
import type { PrintColumns } from "../../bindings/PrintColumns";
import { formatCount } from "../../ui/formatCount";
import { baseName } from "../files/filesModel";

/** What a print covers. */
export type PrintScope = "framework" | "subtree";

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
