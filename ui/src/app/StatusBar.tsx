//! The status bar: the open framework's connection, what is loading, the last start, and the
//! gradebook changes not yet sent (left from before, they are said at start).

import { useIsFetching } from "@tanstack/react-query";

import { useExplorer } from "../features/frameworks/ExplorerContext";
import { useUnsent } from "../features/gradebook/gradebookQueries";
import { formatCount } from "../ui/formatCount";

/** The status bar. */
export function StatusBar({ firstLaunch, onOutbox }: { firstLaunch: boolean; onOutbox?: () => void }) {
  const { framework, outline } = useExplorer();
  const fetching = useIsFetching();
  const unsent = (useUnsent().data ?? []).reduce((n, u) => n + u.count, 0);
  return (
    <footer className="status-bar" aria-label="Status bar">
      <span>{framework ? `Connection: ${framework.connection}` : "No framework open"}</span>
      {outline && (
        <span>
          {outline.title} · <span className="num">{formatCount(outline.itemCount)}</span> items
        </span>
      )}
      <span>{firstLaunch ? "Built-in sandbox synced" : "Working from the cache"}</span>
      {unsent > 0 && (
        <button type="button" className="link outbox-count" onClick={onOutbox} aria-label={`Outbox: ${unsent} unsent gradebook changes`}>
          Outbox: {formatCount(unsent)} unsent {unsent === 1 ? "change" : "changes"}
        </button>
      )}
      <span role="status" className="status-live">
        {fetching > 0 ? "Loading…" : ""}
      </span>
    </footer>
  );
}
