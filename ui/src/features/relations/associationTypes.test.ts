//! What an association type's explanation says: the meaning of a defined type (and how a type
//! spelt otherwise is read), an `ext:` type with or without the framework's definition.

import { describe, expect, it } from "vitest";

import DEFINED from "../../backend/mock/associationTypes.json";
import { explain, explanation, explanations } from "./associationTypes";

describe("association type explanations", () => {
  it("uses the declared meaning of every defined type", () => {
    const known = explanations(DEFINED.map((t) => ({ ...t, definition: null })));
    expect(known.size).toBe(10);
    for (const type of DEFINED) expect(explain(known, type.associationType)).toBe(type.meaning);
  });

  it("says how an odd spelling reads, and what an extension type is", () => {
    expect(explanation({ associationType: "ischildof", definedAs: "isChildOf", meaning: "M.", definition: null })).toBe(
      "Read as isChildOf. M.",
    );
    expect(explanation({ associationType: "ext:x", definedAs: null, meaning: null, definition: null })).toBe(
      "ext:x: an extension type, not one CASE defines. This framework does not define it.",
    );
    const defined = { class: "CFConcept", title: "X", uri: "urn:x", description: null };
    expect(explanation({ associationType: "ext:x", definedAs: null, meaning: null, definition: defined })).toBe(
      "ext:x: an extension type, not one CASE defines. Defined by this framework (CFConcept “X”). URI: urn:x",
    );
    expect(explain(new Map(), "odd")).toBe("odd: not a CASE association type.");
  });
});
