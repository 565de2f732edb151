//! Gives the explorer's store to the components, and a hook that reads its state.

import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

import type { ExplorerState, ExplorerStore } from "./explorerStore";

const StoreContext = createContext<ExplorerStore | null>(null);

/** Provides `store` below. */
export function ExplorerProvider({ store, children }: { store: ExplorerStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store (for its actions). */
export function useExplorerStore(): ExplorerStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useExplorerStore outside ExplorerProvider");
  return store;
}

/** The explorer's current state. */
export function useExplorer(): ExplorerState {
  const store = useExplorerStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}
