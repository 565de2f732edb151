//! The visual crosswalk's model: rows shown to a depth and as the user opens and closes them,
//! pairs bundled at closed rows and counted per type, unmatched items counted where shown.

import { describe, expect, it } from "vitest";

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { FrameworkMap } from "../../bindings/FrameworkMap";
import type { MapRow } from "../../bindings/MapRow";
import { bundles, matchedItems, shownPlace, shownRows, sideTree, unmatched, type Openness } from "./visualModel";

function map(name: string, parents: Array<number | null>): FrameworkMap {
  const rows: MapRow[] = parents.map((parent, i) => ({
    identifier: `${name}${i}`,
    parent,
    code: `${name.toUpperCase()}${i}`,
    label: `${name} ${i}`,
    kind: parent === null ? "document" : "item",
    descendants: 0,
    itemType: null,
    educationLevels: [],
  }));
  return { key: { connection: "c", identifier: name }, title: name, rows, leftOut: 0, truncated: false };
}

function pair(from: string, to: string, associationType = "exactMatchOf"): CrosswalkPair {
  const item = (identifier: string) => ({ identifier, code: null, statement: null, subtree: null });
  return { from: item(from), to: item(to), associationType, associationIdentifier: null, fromTo: true, byUri: false };
}

// a: doc → a1 (a2, a3), a4.   b: doc → b1 (b2), b3.
const A = sideTree(map("a", [null, 0, 1, 1, 0]));
const B = sideTree(map("b", [null, 0, 1, 0]));
const PAIRS = [pair("a2", "b2"), pair("a3", "b2"), pair("a3", "b3", "isRelatedTo"), pair("a4", "b3")];
const closedAll: Openness = { depth: 1, opened: new Set(), closed: new Set() };
const openAll: Openness = { depth: 9, opened: new Set(), closed: new Set() };

describe("the visual crosswalk", () => {
  it("shows each tree to a depth, and rows the user opens or closes", () => {
    expect(shownRows(A, closedAll).map((s) => s.row.identifier)).toEqual(["a1", "a4"]);
    expect(shownRows(A, openAll).map((s) => [s.row.identifier, s.level])).toEqual([
      ["a1", 1],
      ["a2", 2],
      ["a3", 2],
      ["a4", 1],
    ]);
    expect(shownRows(A, { ...closedAll, opened: new Set([1]) })).toHaveLength(4);
    expect(shownRows(A, { ...openAll, closed: new Set([1]) })).toHaveLength(2);
  });

  it("bundles the pairs of closed rows, by type, and draws each pair between open ones", () => {
    const [fa, fb] = [shownRows(A, closedAll), shownRows(B, closedAll)];
    const closed = bundles(PAIRS, A, shownPlace(A, fa), B, shownPlace(B, fb));
    expect(
      closed.map((b) => [fa[b.from]!.row.identifier, fb[b.to]!.row.identifier, b.associationType, b.pairs.length]),
    ).toEqual([
      ["a1", "b1", "exactMatchOf", 2],
      ["a1", "b3", "isRelatedTo", 1],
      ["a4", "b3", "exactMatchOf", 1],
    ]);
    const [oa, ob] = [shownRows(A, openAll), shownRows(B, openAll)];
    const open = bundles(PAIRS, A, shownPlace(A, oa), B, shownPlace(B, ob));
    expect(open).toHaveLength(4);
    expect(open.every((b) => b.pairs.length === 1)).toBe(true);
  });

  it("counts the items without a counterpart where they are shown", () => {
    const matched = matchedItems(PAIRS);
    const fa = shownRows(A, closedAll);
    // a1 itself has no pair; a2, a3 and a4 have.
    expect(unmatched(A, fa, shownPlace(A, fa), matched.from)).toEqual([1, 0]);
    const fb = shownRows(B, openAll);
    expect(unmatched(B, fb, shownPlace(B, fb), matched.to)).toEqual([1, 0, 0]);
  });
});
