//! The status bar: the active connection, its sync state (progress while it runs, else when it
//! last ended), offline, the open framework, what is loading, and the gradebook changes not yet
//! sent (left from before, they are said at start).

import { useIsFetching } from "@tanstack/react-query";

import { useExplorer } from "../features/frameworks/ExplorerContext";
import { useActiveConnection, useSyncStatus } from "../features/connections/queries";
import { useSyncRun } from "../features/connections/SyncRunsContext";
import { useUnsent } from "../features/gradebook/gradebookQueries";
import { formatCount, noun } from "../ui/formatCount";

/** When the cache last synced completely, from the journal: what the bar says before any sync
 * of this session (after a restart, offline or not). */
function LastSynced({ connection }: { connection: string }) {
  const status = useSyncStatus(connection).data;
  const times = (status?.collections ?? []).map((c) => c.lastComplete).filter((t): t is string => Boolean(t));
  if (times.length === 0) return status ? <span className="status-sync">Never synced</span> : null;
  const last = times.reduce((a, b) => (a > b ? a : b));
  return (
    <span className="status-sync" title="The last complete sync of any collection">
      Last synced {new Date(last).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
    </span>
  );
}

function SyncState({ connection }: { connection: string }) {
  const run = useSyncRun(connection);
  if (!run) return null;
  if (!run.running && !run.summary && !run.error && !run.offline) return <LastSynced connection={connection} />;
  if (run.running) {
    const current = run.stages[run.stages.length - 1];
    const text = current
      ? `Syncing ${current.stage} ${formatCount(current.done)}${current.total !== null ? ` of ${formatCount(current.total)}` : ""}`
      : "Syncing…";
    return <span className="status-sync">{text}</span>;
  }
  return (
    <>
      {run.offline && (
        <span className="badge offline" aria-label="Offline">
          Offline
        </span>
      )}
      {run.summary && !run.offline && (
        <span className="status-sync">
          {run.summary.collections.every((c) => ["complete", "unchanged", "skipped"].includes(c.outcome))
            ? "Synced"
            : "Sync incomplete"}
          {run.endedAt &&
            ` at ${new Date(run.endedAt).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}`}
        </span>
      )}
      {run.error && !run.offline && <span className="status-sync bad">Sync failed: {run.error.message}</span>}
    </>
  );
}

/** The status bar. */
export function StatusBar({ firstLaunch, onOutbox }: { firstLaunch: boolean; onOutbox?: () => void }) {
  const { outline } = useExplorer();
  const active = useActiveConnection();
  const fetching = useIsFetching();
  const unsent = (useUnsent().data ?? []).reduce((n, u) => n + u.count, 0);
  return (
    <footer className="status-bar" aria-label="Status bar">
      <span className="status-connection">
        {active ? `Connection: ${active}` : "No connection — add one in Connections"}
      </span>
      {active && <SyncState connection={active} />}
      {outline && (
        <span>
          {outline.title} · <span className="num">{formatCount(outline.itemCount)}</span>{" "}
          {noun(outline.itemCount, "item")}
        </span>
      )}
      <span>{firstLaunch ? "Built-in sandbox synced" : "Working from the cache"}</span>
      {unsent > 0 && (
        <button
          type="button"
          className="link outbox-count"
          onClick={onOutbox}
          title="Unsent gradebook changes: open the outbox"
        >
          Outbox: {formatCount(unsent)} unsent {unsent === 1 ? "change" : "changes"}
        </button>
      )}
      <span role="status" className="status-live">
        {fetching > 0 ? "Loading…" : ""}
      </span>
    </footer>
  );
}
