import { describe, expect, it } from "vitest";

import { contrast } from "../../test/contrast";
import { DEFINED_TYPES, PALETTE, typeStyle } from "./graphStyle";

/** The canvas's background in the light and the dark theme (`--bg` in theme.css). */
const BACKGROUNDS = { light: "#ffffff", dark: "#16191d" };

describe("association types drawn", () => {
  it("tells every defined type from every other by its line or its mark, not by colour alone", () => {
    const seen = new Map<string, string>();
    for (const type of DEFINED_TYPES) {
      const { line, arrow } = typeStyle(type);
      const look = `${line} ${arrow}`;
      expect(seen.get(look), `${type} looks like ${seen.get(look)} without colour`).toBeUndefined();
      seen.set(look, type);
    }
    expect(seen.size).toBe(10);
  });

  it("never draws an extension type like a defined one without its colour", () => {
    const defined = new Set(DEFINED_TYPES.map((t) => `${typeStyle(t).line} ${typeStyle(t).arrow}`));
    for (const type of ["ext:alignsWith", "ext:hasPrerequisite", "ext:x", "isCousinOf", "ext:sameAs"]) {
      const { line, arrow } = typeStyle(type);
      expect(defined.has(`${line} ${arrow}`), type).toBe(false);
      expect(typeStyle(type)).toEqual(typeStyle(type));
    }
  });

  it("draws every type's line at 3:1 or more on the light and the dark background (WCAG 1.4.11)", () => {
    const colours = [...DEFINED_TYPES.map((t) => typeStyle(t).colour), ...PALETTE];
    for (const colour of colours)
      for (const [theme, background] of Object.entries(BACKGROUNDS))
        expect(contrast(colour, background), `${colour} on the ${theme} theme`).toBeGreaterThanOrEqual(3);
  });
});
