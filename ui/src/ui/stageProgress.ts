//! Progress messages folded into one bar per stage, in the order the stages first reported.

import type { Progress } from "../bindings/Progress";

/** One bar. */
export interface StageProgress {
  task: string;
  stage: string;
  done: number;
  total: number | null;
}

/** `stages` after `progress`. */
export function foldProgress(stages: readonly StageProgress[], progress: Progress): StageProgress[] {
  const index = stages.findIndex((s) => s.task === progress.task && s.stage === progress.stage);
  const next = { task: progress.task, stage: progress.stage, done: progress.done, total: progress.total };
  if (index < 0) return [...stages, next];
  const copy = [...stages];
  copy[index] = next;
  return copy;
}
