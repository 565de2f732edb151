//! The explorations kept with the session: saved as what to replay, and replayed — grown in the
//! same order, only the nodes shown kept, a node gone from the cache passed over.

import { beforeEach, describe, expect, it } from "vitest";

import type { GraphEdge } from "../../bindings/GraphEdge";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import { grow, historyOf, remove, startExploration } from "./explorationModel";
import {
  explorationOf,
  forgetExplorations,
  replayExplorations,
  savedExplorations,
  setExploration,
} from "./explorations";

const FW = { connection: "local", identifier: "fw" };

function edge(id: string, origin: string, destination: string): GraphEdge {
  return { id, origin, destination, associationType: "isRelatedTo", grouping: null, publishedBy: null };
}

/** The neighbourhood of `centre` joined to each of `others`. */
function hood(centre: string, ...others: string[]): NeighbourhoodGraph {
  const ids = [centre, ...others];
  return {
    key: FW,
    centre,
    depth: 1,
    limit: 100,
    nodes: ids.map((id) => ({
      identifier: id,
      kind: "item",
      code: id,
      label: id,
      uri: null,
      distance: id === centre ? 0 : 1,
      hidden: 0,
      x: 0,
      y: 0,
      framework: FW,
    })),
    edges: others.map((o) => edge(`${centre}-${o}`, centre, o)),
    truncated: false,
    types: ["isRelatedTo"],
    groupings: [],
  };
}

const HOODS: Record<string, NeighbourhoodGraph> = { a: hood("a", "b", "c"), b: hood("b", "a", "d", "e") };
const fetch = async (_key: unknown, id: string) => {
  const graph = HOODS[id];
  if (!graph) throw new Error(`${id} is not in the cache`);
  return graph;
};

describe("explorations kept with the session", () => {
  beforeEach(() => forgetExplorations());

  it("saves each exploration as what to replay, and replays it to the same nodes", async () => {
    let built = grow(startExploration(HOODS.a!), "b", HOODS.b!);
    built = remove(built, "e");
    setExploration(FW, historyOf(built));
    const saved = savedExplorations();
    expect(saved).toEqual([{ framework: FW, root: "a", grown: ["a", "b"], nodes: ["a", "b", "c", "d"] }]);

    forgetExplorations();
    await replayExplorations(saved, fetch);
    const replayed = explorationOf(FW)!.present;
    expect([...replayed.nodes.keys()]).toEqual(["a", "b", "c", "d"]);
    expect([...replayed.grown]).toEqual(["a", "b"]);
    expect(replayed.edges.has("b-e")).toBe(false);
  });

  it("passes over what the cache no longer has, and keeps an exploration the window already has", async () => {
    await replayExplorations([{ framework: FW, root: "a", grown: ["a", "c"], nodes: ["a", "b", "c"] }], fetch);
    expect([...explorationOf(FW)!.present.grown]).toEqual(["a"]);
    const other = { connection: "local", identifier: "gone" };
    await replayExplorations([{ framework: other, root: "z", grown: ["z"], nodes: ["z"] }], fetch);
    expect(explorationOf(other)).toBeNull();
    // The window's own exploration is not replaced by a replay.
    await replayExplorations([{ framework: FW, root: "b", grown: ["b"], nodes: ["b"] }], fetch);
    expect(explorationOf(FW)!.present.root).toBe("a");
  });
});
