//! The tree's type-ahead as a pure function of the visible rows' texts.

import { describe, expect, it } from "vitest";

import { isTypeAheadKey, typeAheadIndex } from "./treeKeys";

const ROWS = [
  ["1", "Numbers and counting"],
  ["1.1", "Add fractions"],
  ["1.2", "Compare numbers"],
  ["2", "Geometry"],
  ["2.1", "Identify shapes"],
  ["3", "Measurement"],
];

describe("type-ahead", () => {
  it("moves to the next row whose code or statement starts with the letter, wrapping", () => {
    expect(typeAheadIndex(ROWS, 0, "g")).toBe(3);
    expect(typeAheadIndex(ROWS, 3, "c")).toBe(2);
    expect(typeAheadIndex(ROWS, 5, "n")).toBe(0);
    expect(typeAheadIndex(ROWS, 0, "M")).toBe(5);
  });

  it("steps through the rows starting with a letter typed again", () => {
    expect(typeAheadIndex(ROWS, 0, "2")).toBe(3);
    expect(typeAheadIndex(ROWS, 3, "22")).toBe(4);
    expect(typeAheadIndex(ROWS, 4, "222")).toBe(3);
  });

  it("keeps the focused row while a longer string still matches it, then moves on", () => {
    expect(typeAheadIndex(ROWS, 1, "ad")).toBe(1);
    expect(typeAheadIndex(ROWS, 0, "1.2")).toBe(2);
    expect(typeAheadIndex(ROWS, 2, "co")).toBe(2);
    expect(typeAheadIndex(ROWS, 0, "ide")).toBe(4);
  });

  it("answers nothing when no row matches", () => {
    expect(typeAheadIndex(ROWS, 0, "z")).toBeNull();
    expect(typeAheadIndex([], 0, "a")).toBeNull();
  });

  it("takes printable characters but not the tree's own keys nor the search's slash", () => {
    expect(isTypeAheadKey("a")).toBe(true);
    expect(isTypeAheadKey("7")).toBe(true);
    expect(isTypeAheadKey("é")).toBe(true);
    for (const key of ["*", " ", "/", "Enter", "ArrowDown", "F2", "Shift"]) expect(isTypeAheadKey(key)).toBe(false);
  });
});
