//! The status bar: the open framework's connection, what is loading, and the last start.

import { useIsFetching } from "@tanstack/react-query";

import { useExplorer } from "../features/frameworks/ExplorerContext";
import { formatCount } from "../ui/formatCount";

/** The status bar. */
export function StatusBar({ firstLaunch }: { firstLaunch: boolean }) {
  const { framework, outline } = useExplorer();
  const fetching = useIsFetching();
  return (
    <footer className="status-bar" aria-label="Status bar">
      <span>{framework ? `Connection: ${framework.connection}` : "No framework open"}</span>
      {outline && (
        <span>
          {outline.title} · <span className="num">{formatCount(outline.itemCount)}</span> items
        </span>
      )}
      <span>{firstLaunch ? "Built-in sandbox synced" : "Working from the cache"}</span>
      <span role="status" className="status-live">
        {fetching > 0 ? "Loading…" : ""}
      </span>
    </footer>
  );
}
