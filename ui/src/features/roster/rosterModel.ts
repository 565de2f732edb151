//! The Rosters area's pure helpers: the classes table's columns, rows (as CSV or a workbook's
//! sheet) and checks as CSV, and how counts and dates are written.

import type { CheckResult } from "../../bindings/CheckResult";
import type { ClassColumn } from "../../bindings/ClassColumn";
import type { ClassTableRow } from "../../bindings/ClassTableRow";
import type { ScopeCounts } from "../../bindings/ScopeCounts";
import type { WorkbookSheet } from "../../bindings/WorkbookSheet";
import { formatCount } from "../../ui/formatCount";

/** The classes table's columns, in order. */
export const CLASS_COLUMNS: Array<{ id: ClassColumn; label: string; width: number; numeric?: boolean }> = [
  { id: "title", label: "Title", width: 200 },
  { id: "code", label: "Code", width: 96 },
  { id: "course", label: "Course", width: 150 },
  { id: "school", label: "School", width: 160 },
  { id: "terms", label: "Terms", width: 130 },
  { id: "periods", label: "Periods", width: 64 },
  { id: "teachers", label: "Teachers", width: 180 },
  { id: "students", label: "Students", width: 80, numeric: true },
];

/** A CSV cell (RFC 4180). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV with a header row (CRLF). */
export function toCsv(header: string[], rows: Array<Array<string | number | boolean | null | undefined>>): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** The classes table's header and rows as shown, as both exports write them. */
function classTable(rows: ClassTableRow[]): { columns: string[]; rows: Array<Array<string | number | null>> } {
  return {
    columns: ["sourcedId", ...CLASS_COLUMNS.map((c) => c.label), "status"],
    rows: rows.map((r) => [
      r.id,
      r.title,
      r.code,
      r.course,
      r.school,
      r.terms,
      r.periods,
      r.teachers,
      r.students,
      r.inactive ? "tobedeleted" : "active",
    ]),
  };
}

/** The classes table's rows as shown, as CSV. */
export function classRowsCsv(rows: ClassTableRow[]): string {
  const table = classTable(rows);
  return toCsv(table.columns, table.rows);
}

/** The classes table's rows as shown, as a workbook's sheet. */
export function classRowsSheet(rows: ClassTableRow[]): WorkbookSheet {
  return { name: "Classes", ...classTable(rows) };
}

/** A check's listed records as CSV. */
export function checkCsv(check: CheckResult): string {
  return toCsv(
    ["check", "collection", "sourcedId", "label", "detail"],
    check.records.map((r) => [check.id, r.link.collection, r.link.id, r.link.label, r.detail]),
  );
}

/** "12 classes · 3 teachers · 250 students". */
export function countsText(c: ScopeCounts): string {
  const n = (k: number, one: string, many: string) => `${formatCount(k)} ${k === 1 ? one : many}`;
  return `${n(c.classes, "class", "classes")} · ${n(c.teachers, "teacher", "teachers")} · ${n(c.students, "student", "students")}`;
}

const dates = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** A `YYYY-MM-DD` date in the user's locale (as given when unreadable). */
export function formatDay(value: string): string {
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? value : dates.format(new Date(time));
}
