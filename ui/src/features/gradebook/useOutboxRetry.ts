//! Sends again, app-wide, the writes that found the server unreachable: every half minute, for
//! each connection with unsent writes of which one already went out and waits for the server
//! (`waitingForServer`), it sends the outbox once more. The backend sends one batch at a time.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { useBackend } from "../../backend";
import { gradebookKeys, useUnsent } from "./gradebookQueries";
import { waitingForServer } from "./gradebookModel";

/** How often writes waiting for the server are tried again. */
export const RETRY_MS = 30_000;

export function useOutboxRetry(intervalMs: number = RETRY_MS): void {
  const backend = useBackend();
  const queries = useQueryClient();
  const unsent = useUnsent().data;
  const waiting = (unsent ?? [])
    .filter((u) => u.count > 0)
    .map((u) => u.connection)
    .join("\u0000");

  useEffect(() => {
    if (!waiting) return;
    const connections = waiting.split("\u0000");
    let busy = false;
    const timer = window.setInterval(() => {
      if (busy) return;
      busy = true;
      void (async () => {
        for (const connection of connections) {
          try {
            if (!waitingForServer(await backend.gradebookOutbox(connection, true))) continue;
            const report = await backend.gradebookSend(connection);
            if (report.sent > 0 || report.failed > 0) {
              await queries.invalidateQueries({ queryKey: [connection] });
              await queries.invalidateQueries({ queryKey: gradebookKeys.unsent() });
            }
          } catch {
            // Still unreachable, or the keyring is closed: the next round tries again.
          }
        }
      })().finally(() => {
        busy = false;
      });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [backend, queries, waiting, intervalMs]);
}
