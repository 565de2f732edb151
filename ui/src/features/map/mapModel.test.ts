//! The framework map's model: the partition's sizes and places, the zoom, the legends of each
//! measure (alignment through descendants), the keyboard's moves and the words read out.

import { describe, expect, it } from "vitest";

import type { FrameworkMap } from "../../bindings/FrameworkMap";
import type { MapRow } from "../../bindings/MapRow";
import type { VersionDiff } from "../../bindings/VersionDiff";
import {
  CHANGE_ORDER,
  MAX_CATEGORIES,
  alignmentCategory,
  changeCategory,
  describeSegment,
  factCategory,
  layOut,
  legendOf,
  moveFrom,
  placeOf,
} from "./mapModel";

function r(identifier: string, parent: number | null, extra: Partial<MapRow> = {}): MapRow {
  return {
    identifier,
    parent,
    code: identifier.toUpperCase(),
    label: `Statement of ${identifier}`,
    kind: parent === null ? "document" : "item",
    descendants: 0,
    itemType: null,
    educationLevels: [],
    ...extra,
  };
}

// doc → a (a1, a2 → a2x), b (b1); a2x aligned elsewhere.
const MAP: FrameworkMap = {
  key: { connection: "c", identifier: "doc" },
  title: "Doc",
  rows: [
    r("doc", null, { descendants: 6 }),
    r("a", 0, { descendants: 3, itemType: "Domain" }),
    r("a1", 1, { itemType: "Standard", educationLevels: ["01"] }),
    r("a2", 1, { descendants: 1, itemType: "Standard", educationLevels: ["01", "02"] }),
    r("a2x", 3, { itemType: "Component" }),
    r("b", 0, { descendants: 1, itemType: "Domain" }),
    r("b1", 5, { itemType: "Standard" }),
  ],
  leftOut: 0,
  truncated: false,
};

describe("the map's layout", () => {
  const laid = layOut(MAP)!;

  it("sizes each segment by its rows, itself included, and stacks levels as columns", () => {
    expect(laid.depth).toBe(3);
    const [a, b] = laid.root.children!;
    expect(a!.value).toBe(4);
    expect(b!.value).toBe(2);
    // 700 px wide: all three levels, in columns of 200 px after the document's 100.
    const whole = placeOf(laid.root, laid.root, 700, 700)!;
    expect(whole).toEqual({ x: 0, y: 0, width: 100, height: 700 });
    const placeA = placeOf(a!, laid.root, 700, 700)!;
    expect(placeA).toMatchObject({ x: 100, width: 200 });
    // a holds 4 rows, b 2: they share the document's height 4:2, filling it.
    expect(placeA.height).toBeCloseTo((700 * 4) / 6);
    expect(placeOf(b!, laid.root, 700, 700)!.y + placeOf(b!, laid.root, 700, 700)!.height).toBeCloseTo(700);
    // 250 px wide: room for two levels only.
    expect(placeOf(laid.byIndex[4]!, laid.root, 250, 700)).toBeNull();
    expect(placeOf(laid.byIndex[3]!, laid.root, 250, 700)).not.toBeNull();
  });

  it("zooms on a segment: it fills the first column, what lies outside is off the view", () => {
    const a = laid.byIndex[1]!;
    const focused = placeOf(a, a, 500, 400)!;
    expect(focused).toMatchObject({ x: 0, y: 0, height: 400, width: 100 });
    expect(placeOf(laid.byIndex[5]!, a, 500, 400)).toBeNull();
    expect(placeOf(laid.root, a, 500, 400)).toBeNull();
    expect(placeOf(laid.byIndex[4]!, a, 500, 400)?.x).toBeCloseTo(300);
  });
});

describe("the map's colours", () => {
  it("by item type: the most items first, the document none", () => {
    const { categories, slots } = legendOf(MAP.rows, factCategory("itemType"));
    expect(categories.map((c) => [c.name, c.items])).toEqual([
      ["Standard", 3],
      ["Domain", 2],
      ["Component", 1],
    ]);
    expect(slots).toEqual([null, 1, 0, 0, 2, 1, 0]);
  });

  it("by education level: the levels together, none apart", () => {
    const { categories } = legendOf(MAP.rows, factCategory("educationLevel"));
    expect(categories.map((c) => c.name)).toEqual(["01", "01, 02", "None"]);
  });

  it("past the colours, the rest share Other", () => {
    const rows = [r("doc", null), ...Array.from({ length: 12 }, (_, i) => r(`i${i}`, 0, { itemType: `T${i}` }))];
    const { categories, slots } = legendOf(rows, factCategory("itemType"));
    expect(categories).toHaveLength(MAX_CATEGORIES);
    expect(categories.at(-1)).toMatchObject({ name: "Other", items: 12 - (MAX_CATEGORIES - 1) });
    expect(Math.max(...slots.filter((s): s is number => s !== null))).toBe(MAX_CATEGORIES - 1);
  });

  it("by alignment: an item with a link, its ancestors aligned below, the rest not", () => {
    const categorise = alignmentCategory(MAP, new Set(["a2x"]));
    expect(MAP.rows.map((row, i) => categorise(row, i))).toEqual([
      "",
      "Aligned below",
      "Not aligned",
      "Aligned below",
      "Aligned",
      "Not aligned",
      "Not aligned",
    ]);
  });
});

describe("change since another version", () => {
  it("marks items added, moved and changed (beyond their lastChangeDateTime), the rest unchanged", () => {
    const record = (identifier: string, onlyLastChange = false) => ({
      identifier,
      label: identifier,
      changes: [],
      onlyLastChange,
    });
    const section = { oldCount: 0, newCount: 0, added: [], removed: [], changed: [], touched: [] };
    const diff: VersionDiff = {
      oldSource: "old",
      newSource: "new",
      sameDocument: true,
      title: "Doc",
      document: section,
      items: { ...section, added: [record("a2x")], changed: [record("a1"), record("b1", true), record("b")] },
      associations: section,
      package: [],
      tree: [{ depth: 1, identifier: "b", label: "B", mark: "moved" }],
      treeTruncated: false,
    };
    const categorise = changeCategory(diff);
    expect(MAP.rows.map((row, i) => categorise(row, i))).toEqual([
      "",
      "Unchanged",
      "Changed",
      "Unchanged",
      "Added",
      "Moved",
      "Unchanged",
    ]);
    const { categories } = legendOf(MAP.rows, categorise, CHANGE_ORDER);
    expect(categories.map((c) => c.name)).toEqual(["Added", "Moved", "Changed", "Unchanged"]);
  });
});

describe("the map by keyboard", () => {
  const laid = layOut(MAP)!;

  it("moves to a child, a sibling and back up, and reads the segment", () => {
    const a = moveFrom(laid.root, "child")!;
    expect(a.data.row.identifier).toBe("a");
    expect(moveFrom(a, "next")!.data.row.identifier).toBe("b");
    expect(moveFrom(a, "previous")).toBeNull();
    expect(moveFrom(a, "parent")).toBe(laid.root);
    expect(describeSegment(a, "Item type: Domain")).toBe("A Statement of a, level 1, 3 items below, Item type: Domain");
  });
});
