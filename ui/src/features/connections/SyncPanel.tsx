//! A connection's sync: Sync now (incremental) and Full sync, Cancel while it runs, one progress
//! bar per collection and framework while it runs, then what did not complete and why, and
//! each collection's last sync (time, outcome, reason, when its data was last complete).

import type { CollectionState } from "../../bindings/CollectionState";
import type { SyncOutcome } from "../../bindings/SyncOutcome";
import { ErrorView } from "../../ui/ErrorView";
import { isSandboxData, SetSandboxDataAside } from "../firstLaunch/SetSandboxDataAside";
import { ProgressBar } from "../../ui/ProgressBar";
import { formatCount } from "../../ui/formatCount";
import { LocalDate } from "../../ui/LocalDate";
import { failureWords, outcomeWords } from "./failureText";
import { useSyncStatus } from "./queries";
import { useSyncRun, useSyncRuns } from "./SyncRunsContext";

function lastWords(c: CollectionState): string {
  if (c.outcome === "complete") return "Synced";
  return failureWords(null, c.message) || c.outcome;
}

export function SyncPanel({ name }: { name: string }) {
  const runs = useSyncRuns();
  const run = useSyncRun(name);
  const status = useSyncStatus(name);
  const running = run?.running ?? false;
  const collections = status.data?.collections ?? [];
  return (
    <section className="sync-panel" aria-label="Sync">
      <div className="sync-actions">
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={() => void runs.start(name, false)}
          title="Ctrl+R syncs the active connection"
        >
          Sync now
        </button>
        <button type="button" disabled={running} onClick={() => void runs.start(name, true)}>
          Full sync
        </button>
        {running && (
          <button type="button" onClick={() => void runs.cancel(name)}>
            Cancel sync
          </button>
        )}
        <span role="status" className="sync-state">
          {running
            ? `Syncing (${run?.full ? "full" : "incremental"})…`
            : run?.offline
              ? "Offline — the server cannot be reached; the cached data stays browsable"
              : run?.summary
                ? summaryLine(run.summary.collections)
                : ""}
        </span>
      </div>
      {run?.error && !running && (
        <ErrorView error={run.error}>
          {isSandboxData(run.error) && <SetSandboxDataAside onDone={() => void runs.start(name, true)} />}
        </ErrorView>
      )}
      {run && running && run.stages.length > 0 && (
        <ul className="stages" aria-label="Sync progress">
          {run.stages.map((s) => (
            <ProgressBar as="li" key={s.stage} stage={s.stage} done={s.done} total={s.total} />
          ))}
        </ul>
      )}
      {run?.summary && !running && (
        <ul className="sync-outcomes" aria-label="Last sync outcome">
          {run.summary.collections
            .filter((c) => c.outcome !== "complete" && c.outcome !== "unchanged")
            .map((c) => (
              <li key={c.collection} data-outcome={c.outcome}>
                <strong>{c.collection}</strong>: {outcomeWords(c)}
              </li>
            ))}
        </ul>
      )}
      <h3>Collections</h3>
      {collections.length === 0 ? (
        <p className="empty">Never synced. Press “Sync now” to fetch this connection's data into the cache.</p>
      ) : (
        <table className="collection-states" aria-label="Collections as last synced">
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Last sync</th>
              <th scope="col">Outcome</th>
              <th scope="col" className="num">
                Records
              </th>
              <th scope="col">Data from</th>
            </tr>
          </thead>
          <tbody>
            {collections.map((c) => (
              <tr key={c.collection} data-collection={c.collection} data-outcome={c.outcome}>
                <th scope="row">{c.collection}</th>
                <td>
                  <LocalDate value={c.finishedAt || c.startedAt} withTime />
                  <span className="muted"> · {c.mode}</span>
                </td>
                <td className={c.outcome === "complete" ? "ok" : "bad"}>{lastWords(c)}</td>
                <td className="num">{formatCount(c.records)}</td>
                <td>
                  {c.lastComplete ? (
                    <LocalDate value={c.lastComplete} withTime />
                  ) : (
                    <span className="muted">never complete</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function summaryLine(collections: Array<{ outcome: SyncOutcome }>): string {
  const count = (o: SyncOutcome) => collections.filter((c) => c.outcome === o).length;
  const parts = [`${count("complete") + count("unchanged")} synced`];
  for (const o of ["skipped", "forbidden", "failed", "cancelled"] as const)
    if (count(o) > 0) parts.push(`${count(o)} ${o}`);
  return `Last sync: ${parts.join(", ")}`;
}
