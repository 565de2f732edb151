//! Positions and flattening: an item under two parents has two positions; a node on its own
//! path is never expanded; 20,000 rows flatten and "expand all" without recursion.

import { describe, expect, it } from "vitest";

import type { TreeRow } from "../../bindings/TreeRow";
import { flatten, positionsBelow, posKey, preferredPath } from "./treeModel";

function r(identifier: string, childCount = 0, multiParent = false): TreeRow {
  return {
    identifier,
    humanCodingScheme: identifier,
    statement: identifier,
    kind: "item",
    childCount,
    subtreeCount: childCount,
    multiParent,
    cyclic: false,
  };
}

describe("flatten", () => {
  it("lists expanded positions in order, with levels and sibling positions", () => {
    const children = new Map([
      ["a", [r("a1"), r("s", 1, true)]],
      ["b", [r("s", 1, true)]],
      ["s", [r("s1")]],
    ]);
    const expanded = new Set([posKey(["a"]), posKey(["b"]), posKey(["b", "s"])]);
    const rows = flatten([r("a", 2), r("b", 1)], children, expanded);
    expect(rows.map((x) => [x.position.join("/"), x.level, x.posInSet, x.setSize])).toEqual([
      ["a", 1, 1, 2],
      ["a/a1", 2, 1, 2],
      ["a/s", 2, 2, 2],
      ["b", 1, 2, 2],
      ["b/s", 2, 1, 1],
      ["b/s/s1", 3, 1, 1],
    ]);
    expect(rows.find((x) => x.key === posKey(["a", "s"]))?.expanded).toBe(false);
  });

  it("never expands a node below itself", () => {
    const children = new Map([
      ["a", [r("b", 1)]],
      ["b", [r("a", 1)]],
    ]);
    const rows = flatten([r("a", 1)], children, new Set([posKey(["a"]), posKey(["a", "b"]), posKey(["a", "b", "a"])]));
    expect(rows.map((x) => x.position.join("/"))).toEqual(["a", "a/b", "a/b/a"]);
    expect(rows[2]?.hasChildren).toBe(false);
  });

  it("expands all of 20,000 rows", () => {
    const children = new Map<string, TreeRow[]>();
    const roots: TreeRow[] = [];
    let n = 0;
    for (let a = 0; a < 10; a++) {
      const topics: TreeRow[] = [];
      for (let b = 0; b < 20; b++) {
        const leaves = Array.from({ length: 99 }, () => r(`n${n++}`));
        const topic = r(`t${a}-${b}`, leaves.length);
        children.set(topic.identifier, leaves);
        topics.push(topic);
      }
      const strand = r(`s${a}`, topics.length);
      children.set(strand.identifier, topics);
      roots.push(strand);
    }
    const expanded = new Set(roots.flatMap((root) => positionsBelow([root.identifier], children)));
    expect(expanded.size).toBe(210);
    expect(flatten(roots, children, expanded)).toHaveLength(10 + 200 + 19_800);
  });
});

describe("preferredPath", () => {
  it("prefers a path whose parents are open", () => {
    const paths = [
      ["a", "x"],
      ["b", "x"],
    ];
    expect(preferredPath(paths, new Set([posKey(["b"])]))).toEqual(["b", "x"]);
    expect(preferredPath(paths, new Set())).toEqual(["a", "x"]);
    expect(preferredPath([], new Set())).toBeNull();
  });
});
