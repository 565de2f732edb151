//! The full-size graph's exploration of the open framework (one history per framework, kept by
//! `explorations.ts` for the window's life and with the session), and its actions: start from a
//! node, grow one (its neighbourhood fetched through the query cache), collapse, remove, back and
//! forward.

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState, useSyncExternalStore } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import {
  back,
  collapse,
  commit,
  forward,
  grow,
  historyOf,
  remove,
  startExploration,
  type Exploration,
  type ExplorationHistory,
} from "./explorationModel";
import { useShowMainView } from "../../app/mainView";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import {
  awaitingReplay,
  explorationOf,
  neighbourhoodFetcher,
  setExploration as setHistory,
  subscribeExplorations,
} from "./explorations";

/** The performance mark set when a neighbourhood's answer came (the bench splits the time). */
export const GRAPH_ANSWERED = "cairn:graph:answered";
/** The performance mark set when the canvas begins to lay out and draw. */
export const GRAPH_DRAWING = "cairn:graph:drawing";

/** The exploration of `framework` and what changes it. */
export interface ExplorationState {
  history: ExplorationHistory | null;
  /** Whether the exploration is still to come from the saved session's replay. */
  waiting: boolean;
  /** The node being fetched, if one is. */
  busy: string | null;
  error: AppError | null;
  start(identifier: string): Promise<void>;
  grow(identifier: string): Promise<void>;
  collapse(identifier: string): void;
  remove(identifier: string): void;
  back(): void;
  forward(): void;
}

/** The exploration of `framework` (`null`: none open). */
export function useExploration(framework: FrameworkKey | null): ExplorationState {
  const backend = useBackend();
  const client = useQueryClient();
  const store = useExplorerStore();
  const history = useSyncExternalStore(subscribeExplorations, () => (framework ? explorationOf(framework) : null));
  const waiting = useSyncExternalStore(subscribeExplorations, () =>
    framework ? awaitingReplay(framework, store.restored().explorations) : false,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const fetchHood = useMemo(() => neighbourhoodFetcher(client, backend), [backend, client]);
  const change = useCallback(
    (next: (present: Exploration) => Exploration) => {
      if (!framework) return;
      const now = explorationOf(framework);
      if (now) setHistory(framework, commit(now, next(now.present)));
    },
    [framework],
  );
  const load = useCallback(
    async (identifier: string, apply: (graph: NeighbourhoodGraph) => void, within: FrameworkKey | null = null) => {
      if (!framework) return;
      setBusy(identifier);
      setError(null);
      try {
        const graph = await fetchHood(within ?? framework, identifier);
        // For the bench (scripts/bench-graph.sh): when the answer came, apart from the drawing.
        performance.mark(GRAPH_ANSWERED);
        apply(graph);
      } catch (e) {
        setError(toAppError(e));
      } finally {
        setBusy(null);
      }
    },
    [framework, fetchHood],
  );
  return useMemo<ExplorationState>(
    () => ({
      history,
      waiting,
      busy,
      error,
      start: (identifier) =>
        load(identifier, (graph) => {
          if (!framework) return;
          const now = explorationOf(framework);
          const started = startExploration(graph);
          setHistory(framework, now ? commit(now, started) : historyOf(started));
        }),
      grow: async (identifier) => {
        if (!framework || history?.present.grown.has(identifier)) return;
        // A node another cached framework holds grows from that framework's graph.
        const within = history?.present.nodes.get(identifier)?.framework ?? null;
        await load(identifier, (graph) => change((present) => grow(present, identifier, graph)), within);
      },
      collapse: (identifier) => change((present) => collapse(present, identifier)),
      remove: (identifier) => change((present) => remove(present, identifier)),
      back: () => framework && history && setHistory(framework, back(history)),
      forward: () => framework && history && setHistory(framework, forward(history)),
    }),
    [history, waiting, busy, error, load, change, framework],
  );
}

/**
 * "Open in graph" for the open framework's node `identifier`: its neighbourhood asked at once,
 * while the Graph tab comes up (the tab's own ask then finds it on its way), and the tab shown.
 */
export function useOpenInGraph(): (identifier: string) => void {
  const backend = useBackend();
  const client = useQueryClient();
  const show = useShowMainView();
  const { framework } = useExplorer();
  return useCallback(
    (identifier: string) => {
      if (framework) void neighbourhoodFetcher(client, backend)(framework, identifier).catch(() => undefined);
      show("graph", { graphFrom: identifier });
    },
    [backend, client, show, framework],
  );
}
