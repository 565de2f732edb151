//! The app: providers, startup (first launch or restore), the cache-changed listener, the
//! session saver (the graph's explorations kept with the session and replayed from it), then the
//! shell.

import { QueryClientProvider, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { BackendProvider, useBackend, type Backend } from "../backend";
import { SyncRunsProvider } from "../features/connections/SyncRunsContext";
import { SyncRuns } from "../features/connections/syncRuns";
import { ExplorerProvider } from "../features/frameworks/ExplorerContext";
import { ExplorerStore } from "../features/frameworks/explorerStore";
import { FilesProvider } from "../features/files/FilesContext";
import { startSessionSaver } from "../features/frameworks/sessionSaver";
import {
  awaitingReplay,
  neighbourhoodFetcher,
  replayExplorations,
  savedExplorations,
  subscribeExplorations,
} from "../features/relations/explorations";
import { FirstLaunch } from "../features/firstLaunch/FirstLaunch";
import { useStartup } from "../features/firstLaunch/useStartup";
import { createQueryClient } from "./queryClient";
import { Shell } from "./Shell";
import { LiveRegions } from "../ui/announcer";

interface Props {
  backend: Backend;
  queryClient?: QueryClient;
  /** How long the session waits before it is saved. */
  sessionDelayMs?: number;
}

/** The whole UI over `backend`. */
export function App({ backend, queryClient, sessionDelayMs = 500 }: Props) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [store] = useState(() => new ExplorerStore(backend, client));
  const [runs] = useState(() => new SyncRuns(backend, client));
  return (
    <BackendProvider backend={backend}>
      <QueryClientProvider client={client}>
        <SyncRunsProvider runs={runs}>
          <ExplorerProvider store={store}>
            <FilesProvider>
              <Root store={store} sessionDelayMs={sessionDelayMs} />
              <LiveRegions />
            </FilesProvider>
          </ExplorerProvider>
        </SyncRunsProvider>
      </QueryClientProvider>
    </BackendProvider>
  );
}

function Root({ store, sessionDelayMs }: { store: ExplorerStore; sessionDelayMs: number }) {
  const backend = useBackend();
  const client = useQueryClient();
  const { startup, retry, cancel } = useStartup(store);
  const ready = startup.phase === "ready";
  useEffect(() => backend.onCacheChanged((connection) => void store.cacheChanged(connection)), [backend, store]);
  useEffect(
    () => (ready ? startSessionSaver(store, backend, sessionDelayMs) : undefined),
    [ready, store, backend, sessionDelayMs],
  );
  // The graph's explorations: replayed from the restored session, then kept with it.
  useEffect(() => {
    if (!ready) return;
    const restored = store.restored().explorations;
    void replayExplorations(restored, neighbourhoodFetcher(client, backend));
    // Those still being replayed stay in the session with the window's own.
    const waiting = () => restored.filter((one) => awaitingReplay(one.framework, restored));
    return subscribeExplorations(() => store.keepInSession({ explorations: [...waiting(), ...savedExplorations()] }));
  }, [ready, store, backend, client]);
  if (startup.phase === "ready") return <Shell firstLaunch={startup.firstLaunch} />;
  return (
    <FirstLaunch
      stages={startup.phase === "starting" ? startup.stages : []}
      error={startup.phase === "failed" ? startup.error : undefined}
      onCancel={cancel}
      onRetry={retry}
    />
  );
}
