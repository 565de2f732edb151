//! Hands the backend to the components below: the real one in the window, a fake in tests.

import { createContext, useContext, type ReactNode } from "react";

import type { Backend } from "./Backend";

const BackendContext = createContext<Backend | null>(null);

/** Provides `backend` to everything below. */
export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

/** The backend; throws when used outside a `BackendProvider` (a programming error). */
export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error("useBackend outside BackendProvider");
  return backend;
}
