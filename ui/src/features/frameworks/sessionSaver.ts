//! Saves the session (open framework, selection, expanded positions, history) a moment after
//! it changes, once per change, never while nothing changed.

import type { Backend } from "../../backend";
import type { ExplorerStore } from "./explorerStore";

/** Starts saving `store`'s session through `backend`; returns the function that stops it. */
export function startSessionSaver(store: ExplorerStore, backend: Backend, delayMs = 500): () => void {
  let last = JSON.stringify(store.toSession());
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const session = store.toSession();
    const json = JSON.stringify(session);
    if (json === last || session.framework === null) return;
    last = json;
    backend.sessionSave(session).catch(() => {
      // Not saved: the next change tries again.
      last = "";
    });
  };
  const stop = store.subscribe(() => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });
  return () => {
    stop();
    if (timer !== null) {
      clearTimeout(timer);
      flush();
    }
  };
}
