import { describe, expect, it } from "vitest";

import { DEFINED_TYPES, typeStyle } from "./graphStyle";

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
});
