//! The full-size graph's explorations: one history per framework for the window's life (kept
//! while the user switches views), kept with the session as what to replay — the node it started
//! from, the nodes grown in order, the nodes shown — and replayed from it at the next start (a
//! node the cache no longer has is passed over).

import type { QueryClient } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import type { Backend } from "../../backend";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { SavedExploration } from "../../bindings/SavedExploration";
import { grow, historyOf, keepOnly, startExploration, type ExplorationHistory } from "./explorationModel";

/** Most neighbours one grow adds. */
export const GROW_LIMIT = 500;

/** Most explorations the session keeps (the latest changed). */
export const SAVED_MAX = 20;

/** A node's neighbourhood in the framework `key`. */
export type FetchNeighbourhood = (key: FrameworkKey, identifier: string) => Promise<NeighbourhoodGraph>;

const histories = new Map<string, { framework: FrameworkKey; history: ExplorationHistory }>();
/** The frameworks whose saved exploration was replayed (or could not be). */
const settled = new Set<string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function keyOf(framework: FrameworkKey): string {
  return JSON.stringify([framework.connection, framework.identifier]);
}

/** Calls `listener` whenever an exploration changes; returns the function that stops it. */
export function subscribeExplorations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The exploration history of `framework`, if it has one. */
export function explorationOf(framework: FrameworkKey): ExplorationHistory | null {
  return histories.get(keyOf(framework))?.history ?? null;
}

/** Sets the exploration history of `framework` (the latest changed comes last). */
export function setExploration(framework: FrameworkKey, history: ExplorationHistory): void {
  const key = keyOf(framework);
  histories.delete(key);
  histories.set(key, { framework, history });
  changed();
}

/** Whether `framework`'s exploration is still to come from the replay of `saved` (the Graph tab
 * waits for it rather than start one of its own). */
export function awaitingReplay(framework: FrameworkKey, saved: SavedExploration[]): boolean {
  const key = keyOf(framework);
  return !settled.has(key) && !histories.has(key) && saved.some((one) => keyOf(one.framework) === key);
}

/** Forgets every exploration (a new window's state; for tests). */
export function forgetExplorations(): void {
  histories.clear();
  settled.clear();
  changed();
}

/** What the session keeps of the explorations: each one's present, the latest [`SAVED_MAX`]. */
export function savedExplorations(): SavedExploration[] {
  return [...histories.values()].slice(-SAVED_MAX).map(({ framework, history: { present } }) => ({
    framework,
    root: present.root,
    grown: [...present.grown],
    nodes: [...present.nodes.keys()],
  }));
}

/** Replays `saved` where the window has no exploration of that framework yet: started from its
 * root, grown in the same order (each node from its own framework's graph), then only the nodes
 * it showed kept. An exploration whose root the cache no longer has is left out; a node grown
 * that is gone is passed over. */
export async function replayExplorations(saved: SavedExploration[], fetch: FetchNeighbourhood): Promise<void> {
  for (const one of saved) {
    if (explorationOf(one.framework)) continue;
    const done = () => {
      settled.add(keyOf(one.framework));
      changed();
    };
    let present;
    try {
      present = startExploration(await fetch(one.framework, one.root));
    } catch {
      done();
      continue;
    }
    for (const identifier of one.grown) {
      const node = present.nodes.get(identifier);
      if (!node || present.grown.has(identifier)) continue;
      try {
        present = grow(present, identifier, await fetch(node.framework ?? one.framework, identifier));
      } catch {
        // Gone from the cache since: the rest replays without it.
      }
    }
    if (!explorationOf(one.framework)) setExploration(one.framework, historyOf(keepOnly(present, new Set(one.nodes))));
    done();
  }
}

/** A neighbourhood through the query cache (an answer fetched once serves every grow of it). */
export function neighbourhoodFetcher(client: QueryClient, backend: Backend): FetchNeighbourhood {
  return (key, identifier) =>
    client.fetchQuery<NeighbourhoodGraph>({
      queryKey: queryKeys.graph(key, identifier, 1, GROW_LIMIT),
      queryFn: () => backend.relationGraph(key, identifier, 1, GROW_LIMIT),
    });
}
