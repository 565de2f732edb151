//! What the files dialogs show, worked out apart from how: outcome labels, a warning's place,
//! the copies an import compares, export choices and their file names, and what a screen reader
//! is told when an import or an export ends.

import type { Copy } from "../../bindings/Copy";
import type { FileWarning } from "../../bindings/FileWarning";
import type { ExportDone } from "../../bindings/ExportDone";
import type { ImportOutcome } from "../../bindings/ImportOutcome";
import type { Politeness } from "../../ui/announcer";
import { formatCount } from "../../ui/formatCount";

/** A file's outcome in words. */
export function outcomeLabel(outcome: ImportOutcome): string {
  switch (outcome) {
    case "imported":
      return "Imported";
    case "keptNewer":
      return "Not imported: the cache holds a newer copy";
    case "failed":
      return "Not imported";
    case "cancelled":
      return "Cancelled: nothing of it written";
  }
}

/** Where a warning points: `users.csv:17 · birthDate`, `$.CFItems[3].uri`, or the whole file. */
export function warningPlace(warning: FileWarning): string {
  const parts = [];
  if (warning.file) parts.push(warning.line > 0 ? `${warning.file}:${warning.line}` : warning.file);
  if (warning.column) parts.push(warning.column);
  return parts.length > 0 ? parts.join(" · ") : "the whole file";
}

/** Whether a warning names a row that can be shown. */
export function hasRow(warning: FileWarning): boolean {
  return warning.file !== "" && warning.line > 1;
}

/** A copy of a framework in one line: title, version and last change. */
export function copyLine(copy: Copy): string {
  const title = copy.title ?? "untitled";
  const version = copy.version ? `version ${copy.version}` : "no version";
  return `${title} · ${version} · last changed ${copy.lastChange ?? "(not given)"}`;
}

/** The last part of a path, for showing. */
export function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, "");
  return trimmed.slice(Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\")) + 1) || path;
}

/** Paths typed one per line, without blanks and repeats. */
export function typedPaths(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    ),
  ];
}

/** What an export writes. */
export type ExportKind = "csv" | "subtree" | "xlsx" | "subtreeXlsx" | "package" | "rosters";

/** A file name (letters, digits, spaces, `.-_` kept) for an export of `title`. */
export function exportName(title: string, kind: ExportKind, subtree?: string): string {
  const clean = (text: string) =>
    text
      .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80) || "export";
  switch (kind) {
    case "csv":
      return `${clean(title)}.csv`;
    case "subtree":
      return `${clean(title)} - ${clean(subtree ?? "subtree")}.csv`;
    case "xlsx":
      return `${clean(title)}.xlsx`;
    case "subtreeXlsx":
      return `${clean(title)} - ${clean(subtree ?? "subtree")}.xlsx`;
    case "package":
      return `${clean(title)}.json`;
    case "rosters":
      return `${clean(title)} OneRoster 1.2.zip`;
  }
}

/** The extension of an export's file. */
export function exportExtension(kind: ExportKind): string {
  switch (kind) {
    case "package":
      return "json";
    case "rosters":
      return "zip";
    case "xlsx":
    case "subtreeXlsx":
      return "xlsx";
    case "csv":
    case "subtree":
      return "csv";
  }
}

/** Whether an export of `kind` is of the selected subtree only. */
export function isSubtree(kind: ExportKind): boolean {
  return kind === "subtree" || kind === "subtreeXlsx";
}

/** What a screen reader hears when an import ends: each outcome counted, assertive when a file failed. */
export function importAnnouncement(files: readonly { outcome: ImportOutcome }[]): {
  text: string;
  politeness: Politeness;
} {
  const count = (outcome: ImportOutcome) => files.filter((f) => f.outcome === outcome).length;
  const parts = [
    [count("imported"), "imported"],
    [count("keptNewer"), "kept back (the cache holds a newer copy)"],
    [count("failed"), "failed"],
    [count("cancelled"), "cancelled"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, words]) => `${formatCount(n as number)} ${words}`);
  const noun = files.length === 1 ? "file" : "files";
  return {
    text: `Import finished, ${formatCount(files.length)} ${noun}: ${parts.join(", ") || "nothing to import"}`,
    politeness: count("failed") > 0 ? "assertive" : "polite",
  };
}

/** What a screen reader hears when an export was written. */
export function exportAnnouncement(done: ExportDone): string {
  return `Export written: ${baseName(done.path)}, ${formatCount(done.rows)} ${done.rows === 1 ? "row" : "rows"}`;
}
