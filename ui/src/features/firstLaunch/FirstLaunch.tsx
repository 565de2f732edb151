//! The first-launch screen: one labelled progress bar per stage while the built-in sandbox is
//! started and synced; a cancel button; an error with what to do if it fails (and, for a damaged
//! sandbox database, a way to set it aside and start fresh).

import { useEffect, useState } from "react";

import type { AppError } from "../../bindings/AppError";
import { ErrorView } from "../../ui/ErrorView";
import { ProgressBar } from "../../ui/ProgressBar";
import type { StageProgress } from "../../ui/stageProgress";
import { isSandboxData, SetSandboxDataAside } from "./SetSandboxDataAside";

/**
 * How long a start without progress shows an empty window before it says "Opening the cache…":
 * a warm start is done well within it, and painting a screen it replaces at once would only
 * delay the explorer (its text is the window's first layout, which sets up the fonts).
 */
export const QUIET_START_MS = 400;

/** The screen shown while `app_start` runs (or after it failed). */
export function FirstLaunch({
  stages,
  error,
  onCancel,
  onRetry,
}: {
  stages: StageProgress[];
  error?: AppError;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const [waited, setWaited] = useState(false);
  // Where a damaged sandbox database was set aside: said while the fresh one is made.
  const [keptAs, setKeptAs] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), QUIET_START_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!error && stages.length === 0 && !waited) return <main className="first-launch" aria-label="Starting Cairn" />;
  return (
    <main className="first-launch" aria-label="Starting Cairn">
      <h1>Cairn</h1>
      {error ? (
        <ErrorView error={error} onRetry={onRetry}>
          {isSandboxData(error) && (
            <SetSandboxDataAside
              onDone={(path) => {
                setKeptAs(path);
                onRetry();
              }}
            />
          )}
        </ErrorView>
      ) : stages.length === 0 ? (
        <p role="status">Opening the cache…</p>
      ) : (
        <>
          <p>Setting up the built-in sandbox and syncing its demo data. This happens only once.</p>
          {keptAs && <p className="kept-as">The damaged data was kept as {keptAs}.</p>}
          <ul className="stages" aria-label="Sync progress">
            {stages.map((s) => (
              <ProgressBar as="li" key={`${s.task}-${s.stage}`} stage={s.stage} done={s.done} total={s.total} />
            ))}
          </ul>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </>
      )}
    </main>
  );
}
