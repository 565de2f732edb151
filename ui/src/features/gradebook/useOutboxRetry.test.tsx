//! The app-wide retry: writes that found the server unreachable are sent again on the next
//! round; writes never sent are left for the user's "Send changes".

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

import type { Backend } from "../../backend/Backend";
import { BackendProvider } from "../../backend/context";
import type { OutboxItem } from "../../bindings/OutboxItem";
import { useOutboxRetry } from "./useOutboxRetry";

function item(id: number, attempts: number, offline: boolean): OutboxItem {
  return {
    id,
    connection: "District",
    method: "PUT",
    operation: "putResult",
    collection: "results",
    recordId: `r${id}`,
    label: "x",
    state: "pending",
    attempts,
    body: null,
    before: null,
    after: null,
    pairs: [],
    createdAt: "t0",
    updatedAt: "t1",
    sentAt: null,
    error: offline
      ? { message: "refused", failure: { code: "offline", httpStatus: null, status: null, transport: "refused" } }
      : null,
  };
}

/** The hook over a fake backend holding `items`: the connections it sent, and those whose
 * outbox it read (one per round: the proof that it ran). */
function run(items: OutboxItem[]) {
  const sends: string[] = [];
  const reads: string[] = [];
  const backend = {
    gradebookUnsent: async () => [{ connection: "District", count: items.length }],
    gradebookOutbox: async (connection: string) => {
      reads.push(connection);
      return items;
    },
    gradebookSend: async (connection: string) => {
      sends.push(connection);
      return {
        sent: 1,
        pending: 0,
        failed: 0,
        offline: false,
        sentIds: [1],
        pendingIds: [],
        failedIds: [],
        refused: null,
      };
    },
  } as unknown as Backend;
  const queries = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queries }, createElement(BackendProvider, { backend, children }));
  renderHook(() => useOutboxRetry(20), { wrapper });
  return { sends, reads };
}

describe("the outbox's retry", () => {
  it("sends again what found the server unreachable", async () => {
    const { sends, reads } = run([item(1, 1, true)]);
    await waitFor(() => expect(sends).toContain("District"));
    expect(reads).toContain("District");
  });

  it("leaves writes never sent to the user", async () => {
    const { sends, reads } = run([item(1, 0, false)]);
    // Three rounds ran, each looking at the outbox, and none sent.
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3));
    expect(reads.every((connection) => connection === "District")).toBe(true);
    expect(sends).toEqual([]);
  });
});
