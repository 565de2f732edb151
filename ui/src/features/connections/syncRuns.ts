//! Every connection's sync as the window follows it: running or not, one progress bar per
//! collection and framework, the last summary or error, and whether the server was found
//! offline. One store for the Connections area, the status bar and Ctrl+R.

import type { QueryClient } from "@tanstack/react-query";

import type { Backend } from "../../backend";
import { toAppError } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { SyncSummary } from "../../bindings/SyncSummary";
import { foldProgress, type StageProgress } from "../../ui/stageProgress";
import { announce } from "../../ui/announcer";

/** One connection's sync. */
export interface SyncRun {
  running: boolean;
  full: boolean;
  stages: StageProgress[];
  summary: SyncSummary | null;
  error: AppError | null;
  /** The server could not be reached at the last attempt (sync or test). */
  offline: boolean;
  /** When the last attempt ended (ISO). */
  endedAt: string | null;
}

const IDLE: SyncRun = {
  running: false,
  full: false,
  stages: [],
  summary: null,
  error: null,
  offline: false,
  endedAt: null,
};

/** Whether a summary says the server could not be reached: nothing read, every failure offline. */
export function summaryOffline(summary: SyncSummary): boolean {
  const failures = summary.collections.filter((c) => c.failure);
  const read = summary.collections.some((c) => c.outcome === "complete" || c.outcome === "unchanged");
  return !read && failures.length > 0 && failures.every((c) => c.failure?.code === "offline");
}

/** The query keys the Connections area reads. */
export const connectionKeys = {
  list: () => ["connections"] as const,
  status: (name: string) => ["sync-status", name] as const,
  settings: () => ["settings"] as const,
};

/** The syncs of every connection. */
export class SyncRuns {
  private runs: ReadonlyMap<string, SyncRun> = new Map();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly backend: Backend,
    private readonly queryClient: QueryClient,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Every run, replaced (never changed in place) on each change. */
  snapshot = (): ReadonlyMap<string, SyncRun> => this.runs;

  /** The run of `name`. */
  get(name: string): SyncRun {
    return this.runs.get(name) ?? IDLE;
  }

  private set(name: string, change: Partial<SyncRun>) {
    const next = new Map(this.runs);
    next.set(name, { ...this.get(name), ...change });
    this.runs = next;
    for (const listener of this.listeners) listener();
  }

  /** Syncs `name` (full or incremental) unless it is syncing already. */
  async start(name: string, full: boolean): Promise<void> {
    if (this.get(name).running) return;
    this.set(name, { running: true, full, stages: [], error: null, summary: null });
    announce(`Syncing ${name}…`);
    try {
      const summary = await this.backend.syncConnection(name, full, (progress) => {
        this.set(name, { stages: foldProgress(this.get(name).stages, progress) });
      });
      this.set(name, { running: false, summary, offline: summaryOffline(summary), endedAt: new Date().toISOString() });
      const failed = summary.collections.filter((c) => c.failure).length;
      if (summaryOffline(summary)) announce(`${name} could not be reached: working from the cache`, "assertive");
      else if (failed > 0)
        announce(`${name} synced, ${failed} ${failed === 1 ? "collection" : "collections"} failed`, "assertive");
      else announce(`${name} synced`);
    } catch (error) {
      const appError = toAppError(error);
      announce(`Sync of ${name} failed: ${appError.message}`, "assertive");
      this.set(name, {
        running: false,
        error: appError,
        offline: appError.code === "offline",
        endedAt: new Date().toISOString(),
      });
    } finally {
      void this.queryClient.invalidateQueries({ queryKey: connectionKeys.status(name) });
      void this.queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
    }
  }

  /** Asks the running sync of `name` to stop (the previous data stays). */
  async cancel(name: string): Promise<void> {
    await this.backend.cancel(`sync:${name}`);
  }

  /** Notes what a test found: the server reached, or not. */
  noteReached(name: string, reached: boolean): void {
    if (this.get(name).offline !== !reached) this.set(name, { offline: !reached });
  }

  /** Forgets a removed connection. */
  forget(name: string): void {
    const next = new Map(this.runs);
    next.delete(name);
    this.runs = next;
    for (const listener of this.listeners) listener();
  }
}
