//! The way out of a built-in sandbox whose data cannot be read (`sandbox_data`): its database
//! set aside — renamed beside it, nothing deleted — so that the sandbox starts again on fresh
//! demo data. Offered wherever that failure is shown (the first launch, a connection's sync).

import { useState } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import { announce } from "../../ui/announcer";

/** A button that sets the sandbox's data aside, then calls `onDone` with where it went. */
export function SetSandboxDataAside({ onDone }: { onDone: (path: string) => void }) {
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const setAside = async () => {
    setBusy(true);
    setError(null);
    try {
      const path = await backend.sandboxSetDataAside();
      announce(`The damaged data was kept as ${path}. Starting on fresh demo data.`);
      onDone(path);
    } catch (e) {
      setError(toAppError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void setAside()}>
        {busy ? "Setting the data aside…" : "Set the data aside and start fresh"}
      </button>
      {error && (
        <p className="error-message" role="alert">
          Nothing was set aside: {error.message}
        </p>
      )}
    </>
  );
}

/** Whether `error` is the built-in sandbox's data being unreadable, which setting it aside mends. */
export function isSandboxData(error: AppError | null | undefined): boolean {
  return error?.code === "sandbox_data";
}
