//! What one tree row shows: code (bold, tabular), statement as plain text, markers for an item
//! under several parents or a cut cycle, and the subtree count on the right. The statement
//! carries the framework's language when it is not the window's.

import type { FlatRow } from "./treeModel";
import { formatCount, noun } from "../../ui/formatCount";

/** The contents of a tree row. */
export function TreeRowView({ row, lang }: { row: FlatRow; lang?: string | undefined }) {
  const data = row.row;
  return (
    <>
      {data.humanCodingScheme && <span className="code">{data.humanCodingScheme}</span>}
      <span className="statement" lang={lang}>
        {data.statement}
      </span>
      {data.multiParent && (
        <span
          className="marker"
          role="img"
          aria-label="Appears under several parents"
          title="Appears under several parents"
        >
          shared
        </span>
      )}
      {data.cyclic && (
        <span
          className="marker warn"
          role="img"
          aria-label="Part of a cycle"
          title="A child link was cut to stop a cycle"
        >
          cycle
        </span>
      )}
      {row.loading && <span className="loading">Loading…</span>}
      {data.subtreeCount > 0 && (
        // The bare number is for the eye; a screen reader hears it with what it counts.
        <>
          <span
            className="count num"
            aria-hidden="true"
            title={`${formatCount(data.subtreeCount)} ${noun(data.subtreeCount, "item")} below`}
          >
            {formatCount(data.subtreeCount)}
          </span>
          <span className="sr-only">
            , {formatCount(data.subtreeCount)} {noun(data.subtreeCount, "item")} below
          </span>
        </>
      )}
    </>
  );
}
