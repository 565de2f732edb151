//! Hands the one `SyncRuns` store to the components below, and reads a connection's run.

import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

import type { SyncRun, SyncRuns } from "./syncRuns";

const Context = createContext<SyncRuns | null>(null);

/** Provides `runs` to everything below. */
export function SyncRunsProvider({ runs, children }: { runs: SyncRuns; children: ReactNode }) {
  return <Context.Provider value={runs}>{children}</Context.Provider>;
}

/** The store; throws outside its provider (a programming error). */
export function useSyncRuns(): SyncRuns {
  const runs = useContext(Context);
  if (!runs) throw new Error("useSyncRuns outside SyncRunsProvider");
  return runs;
}

/** The run of `name`, re-rendering as it changes. */
export function useSyncRun(name: string | null): SyncRun | null {
  const runs = useSyncRuns();
  const all = useSyncExternalStore(runs.subscribe, runs.snapshot);
  return name === null ? null : (all.get(name) ?? runs.get(name));
}
