//! A labelled progress bar for work that reports `done` of `total` (or only `done`).

import type { Progress } from "../bindings/Progress";
import { formatCount } from "./formatCount";

/** The bar of one running task, with what it is at. */
export function ProgressBar({ progress, label }: { progress: Progress | null; label: string }) {
  const total = progress?.total ?? null;
  const done = progress?.done ?? 0;
  return (
    <div className="progress-line">
      <progress aria-label={label} value={total ? Math.min(done, total) : undefined} max={total ?? undefined} />
      <span className="muted num">
        {progress ? `${progress.stage} · ${formatCount(done)}${total !== null ? ` of ${formatCount(total)}` : ""}` : "Starting…"}
      </span>
    </div>
  );
}
