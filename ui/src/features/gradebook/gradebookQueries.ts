//! The gradebook's reads through TanStack Query: every key starts with the connection, so that
//! `cache-changed` for it (a write stored, a send done) invalidates exactly its data.

import { useQuery } from "@tanstack/react-query";

import { useBackend } from "../../backend";

export const gradebookKeys = {
  book: (connection: string, classId: string) => [connection, "gradebook", classId] as const,
  access: (connection: string) => [connection, "gradebook-access"] as const,
  outbox: (connection: string) => [connection, "gradebook-outbox"] as const,
  unsent: () => ["gradebook-unsent"] as const,
};

export function useGradebook(connection: string, classId: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: gradebookKeys.book(connection, classId),
    queryFn: () => backend.gradebookClass(connection, classId),
  });
}

export function useWriteAccess(connection: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: gradebookKeys.access(connection),
    queryFn: () => backend.gradebookAccess(connection),
    staleTime: 60_000,
  });
}

export function useOutbox(connection: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: gradebookKeys.outbox(connection),
    queryFn: () => backend.gradebookOutbox(connection, false),
  });
}

/** Unsent writes per connection (the status bar and the close question read it). */
export function useUnsent() {
  const backend = useBackend();
  return useQuery({ queryKey: gradebookKeys.unsent(), queryFn: () => backend.gradebookUnsent() });
}
