//! Picks the backend: the window's (Tauri) one, or — only in a plain browser with `?mock=1` —
//! the in-memory demo, loaded on demand so the window never ships it in its start path.

import type { Backend } from "./Backend";
import { createTauriBackend } from "./tauri";

/** Whether the page runs inside the Tauri window. */
export function inTauri(): boolean {
  return typeof window !== "undefined" && "__TAURI_INTERNALS__" in window;
}

/** The backend for this page. */
export async function selectBackend(location: Location = window.location): Promise<Backend> {
  const params = new URLSearchParams(location.search);
  if (!inTauri() && params.get("mock") === "1") {
    const mock = await import("./mock");
    const choice = {
      firstLaunch: params.get("returning") !== "1",
      title: params.get("title"),
      code: params.get("code"),
    };
    return mock.createMemoryBackend(mock.demoData(choice), {
      progressDelay: 120,
      latency: 15,
    });
  }
  return createTauriBackend();
}
