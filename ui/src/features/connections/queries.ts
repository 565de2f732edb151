//! The Connections and Settings areas' reads (TanStack Query) and the active connection.

import { useQuery } from "@tanstack/react-query";

import { useBackend } from "../../backend";
import type { AppSettings } from "../../bindings/AppSettings";
import type { ConnectionList } from "../../bindings/ConnectionList";
import { connectionKeys } from "./syncRuns";

export function useConnections() {
  const backend = useBackend();
  return useQuery<ConnectionList>({ queryKey: connectionKeys.list(), queryFn: () => backend.connectionsList() });
}

export function useSyncStatus(name: string | null) {
  const backend = useBackend();
  return useQuery({
    queryKey: connectionKeys.status(name ?? ""),
    queryFn: () => backend.syncStatus(name ?? ""),
    enabled: name !== null,
  });
}

export function useSettings() {
  const backend = useBackend();
  return useQuery<AppSettings>({ queryKey: connectionKeys.settings(), queryFn: () => backend.settingsLoad() });
}

/** The active connection: the one the settings name when it still exists, else the first saved one. */
export function useActiveConnection(): string | null {
  const settings = useSettings().data;
  const list = useConnections().data?.connections ?? [];
  const named = settings?.activeConnection;
  if (named && list.some((c) => c.name === named)) return named;
  return list.find((c) => c.saved)?.name ?? null;
}
