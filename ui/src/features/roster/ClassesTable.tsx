//! The classes of the current scope: a virtualized table, sorted by a click on any column's
//! header and filtered by any column (student counts also by `>N`, `<N`, `N-M`); a row opens
//! the class page; the rows shown can be exported as CSV or as a workbook (.xlsx).

import { useVirtualizer } from "@tanstack/react-virtual";
import { useDeferredValue, useId, useRef, useState } from "react";

import { useBackend } from "../../backend";
import { saveAs, saveWorkbookAs } from "../files/saveAs";
import type { ClassColumn } from "../../bindings/ClassColumn";
import type { ClassSort } from "../../bindings/ClassSort";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { CLASS_COLUMNS, classRowsCsv, classRowsSheet } from "./rosterModel";
import { useClassTable } from "./rosterQueries";
import { useRoster } from "./rosterState";

const ROW = 28;

/** The classes table of `connection`'s current scope. */
export function ClassesTable({ connection }: { connection: string }) {
  const roster = useRoster();
  const backend = useBackend();
  const [sort, setSort] = useState<ClassSort | null>(null);
  const [filters, setFilters] = useState<Partial<Record<ClassColumn, string>>>({});
  const filterId = useId();
  const deferred = useDeferredValue(filters);
  const [message, setMessage] = useState<string | null>(null);
  const query = {
    scope: roster.state.scope,
    sort,
    filters: Object.entries(deferred)
      .filter(([, text]) => text && text.trim())
      .map(([column, text]) => ({ column: column as ClassColumn, text: text as string })),
  };
  const table = useClassTable(connection, query);
  const scroller = useRef<HTMLDivElement>(null);
  // The head scrolls sideways with the body, and the body with the head: a sort button or filter
  // reached by Tab beyond the pane's edge is scrolled into view, the columns below with it.
  const head = useRef<HTMLDivElement>(null);
  const alignSideways = (from: HTMLDivElement | null, to: HTMLDivElement | null) => {
    if (from && to && to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
  };
  // WebKit reveals a focused control only within its own clipped cell, not the head: done here.
  const revealInHead = (target: EventTarget) => {
    const box = head.current;
    if (!box || !(target instanceof HTMLElement)) return;
    const [outer, inner] = [box.getBoundingClientRect(), target.getBoundingClientRect()];
    if (inner.right > outer.right) box.scrollLeft += inner.right - outer.right;
    else if (inner.left < outer.left) box.scrollLeft -= outer.left - inner.left;
  };
  const rows = table.data?.rows ?? [];
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  const open = roster.location?.kind === "class" ? roster.location.id : null;
  const sortBy = (column: ClassColumn) =>
    setSort((s) =>
      s?.column === column ? (s.descending ? null : { column, descending: true }) : { column, descending: false },
    );
  const exportRows = async (as: "csv" | "xlsx") => {
    try {
      const path =
        as === "csv"
          ? await saveAs(backend, "Classes.csv", new TextEncoder().encode(classRowsCsv(rows)))
          : await saveWorkbookAs(backend, "Classes.xlsx", [classRowsSheet(rows)]);
      if (path) setMessage(`Saved ${formatCount(rows.length)} rows to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${(error as { message?: string }).message ?? String(error)}`);
    }
  };
  const template = CLASS_COLUMNS.map((c) => `minmax(${c.width}px, ${c.numeric ? "0.5fr" : "1fr"})`).join(" ");
  return (
    <div className="classes-view">
      <div className="toolbar">
        <span aria-live="polite" className="muted">
          {table.data ? `${formatCount(rows.length)} of ${formatCount(table.data.total)} classes` : "Loading…"}
        </span>
        <button type="button" onClick={() => void exportRows("csv")} disabled={rows.length === 0}>
          Export rows as CSV
        </button>
        <button type="button" onClick={() => void exportRows("xlsx")} disabled={rows.length === 0}>
          Export rows as .xlsx
        </button>
      </div>
      {message && (
        <p className="export-message" role="status">
          {message}
        </p>
      )}
      {table.isError && <ErrorView error={table.error as never} onRetry={() => void table.refetch()} />}
      <div className="grid-table" role="table" aria-label="Classes" aria-rowcount={rows.length + 2}>
        <div
          role="rowgroup"
          className="grid-head"
          ref={head}
          onScroll={() => alignSideways(head.current, scroller.current)}
          onFocus={(e) => revealInHead(e.target)}
        >
          <div role="row" className="grid-row" style={{ gridTemplateColumns: template }}>
            {CLASS_COLUMNS.map((c) => (
              <div
                key={c.id}
                role="columnheader"
                className={c.numeric ? "num" : undefined}
                aria-sort={sort?.column === c.id ? (sort.descending ? "descending" : "ascending") : "none"}
              >
                <button type="button" className="sort" onClick={() => sortBy(c.id)} aria-label={`Sort by ${c.label}`}>
                  {c.label}
                  {sort?.column === c.id ? (sort.descending ? " ▼" : " ▲") : ""}
                </button>
              </div>
            ))}
          </div>
          <div role="row" className="grid-row filters" style={{ gridTemplateColumns: template }}>
            {CLASS_COLUMNS.map((c) => (
              <div key={c.id} role="cell">
                {/* A label element, not aria-label: a screen reader that finds no label relation
                    (Orca 43 in WebKitGTK) speaks a label guessed from the table, a class's value. */}
                <label className="sr-only" htmlFor={`${filterId}-${c.id}`}>
                  Filter {c.label}
                </label>
                <input
                  id={`${filterId}-${c.id}`}
                  data-filter={c.id}
                  type="search"
                  placeholder={c.numeric ? ">20, 10-30" : "Filter"}
                  value={filters[c.id] ?? ""}
                  onChange={(e) => setFilters((f) => ({ ...f, [c.id]: e.target.value }))}
                />
              </div>
            ))}
          </div>
        </div>
        <div
          role="rowgroup"
          className="grid-body"
          ref={scroller}
          onScroll={() => alignSideways(scroller.current, head.current)}
        >
          <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
            {virtual.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={item.index + 3}
                  aria-selected={open === row.id}
                  className={`grid-row${row.inactive ? " inactive" : ""}`}
                  style={{
                    gridTemplateColumns: template,
                    position: "absolute",
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW,
                    transform: `translateY(${item.start}px)`,
                  }}
                  onClick={() => roster.open({ kind: "class", id: row.id })}
                >
                  <div role="cell">
                    <button
                      type="button"
                      className="link"
                      onClick={(e) => {
                        e.stopPropagation();
                        roster.open({ kind: "class", id: row.id });
                      }}
                    >
                      {row.title}
                    </button>
                    {row.inactive && <span className="badge warn">tobedeleted</span>}
                  </div>
                  <div role="cell">{row.code}</div>
                  <div role="cell">{row.course}</div>
                  <div role="cell">{row.school}</div>
                  <div role="cell">{row.terms}</div>
                  <div role="cell">{row.periods}</div>
                  <div role="cell">{row.teachers || <span className="warning">no teacher</span>}</div>
                  <div role="cell" className="num">
                    {formatCount(row.students)}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
