//! The test frameworks with relationships added: a `precedes` chain, a grouped association, an
//! `ext:` type, a rubric naming an item, and a second version of the demo for the diff.

import { createMemoryBackend, type MemoryBackend, type MockData, type MockFramework } from "../backend/mock";
import type { Rubric } from "../bindings/Rubric";
import type { JsonValue } from "../bindings/serde_json/JsonValue";
import { DEMO, data, demoFramework } from "./fixtures";

export const DEMO_V2 = { connection: "Version 2", identifier: "doc" };

/** A rubric with two criteria (A1, B1) of three levels. */
export function rubric(): Rubric {
  const level = (quality: string, score: number) => ({
    identifier: `${quality}-id`,
    position: score,
    quality,
    score,
    description: `${quality} work`,
    feedback: null,
  });
  return {
    identifier: "rubric-1",
    title: "Fractions Rubric",
    criteria: [
      {
        identifier: "c1",
        category: "Adding",
        description: "Adds fractions",
        weight: 0.6,
        item: {
          identifier: "A1",
          kind: "item",
          code: "1.1",
          label: "1.1 Add fractions with unlike denominators",
          elsewhere: null,
        },
        levels: [level("Beginning", 1), level("Developing", 2), level("Secure", 3)],
      },
      {
        identifier: "c2",
        category: "Shapes",
        description: "Names shapes",
        weight: 0.4,
        item: { identifier: "B1", kind: "item", code: "2.1", label: "2.1 Identify shapes", elsewhere: null },
        levels: [level("Beginning", 1), level("Developing", 2), level("Secure", 3)],
      },
    ],
  };
}

/** The demo with relationships. */
export function relatedDemo(): MockFramework {
  const fw = demoFramework();
  fw.associations = [
    ...(fw.associations ?? []).map((a) => (a.identifier === "as-1" ? { ...a, grouping: "g-1" } : a)),
    { identifier: "p-1", type: "precedes", from: "A2", to: "A1" },
    { identifier: "p-2", type: "precedes", from: "A1", to: "B1" },
    { identifier: "x-1", type: "ext:buildsOn", from: "A2a", to: "A1" },
  ];
  fw.typeDefinitions = {
    "ext:buildsOn": {
      class: "CFAssociationGrouping",
      title: "Builds on",
      uri: "https://example.org/groupings/builds-on",
      description: "The destination builds on the origin.",
    },
  };
  fw.rubrics = [rubric()];
  return fw;
}

/** The demo's next version: A1 reworded, A2a removed, C2 added under C, B1 touched. */
export function demoV2(): MockFramework {
  const fw = demoFramework();
  fw.key = DEMO_V2;
  fw.title = "Test Demo Framework";
  fw.kind = "import";
  fw.items = fw.items
    .filter((n) => n.identifier !== "A2a")
    .map((n) => {
      const record = n.record as Record<string, JsonValue>;
      if (n.identifier === "A1")
        return {
          ...n,
          statement: "Add and subtract fractions",
          record: { ...record, fullStatement: "Add and subtract fractions" },
        };
      if (n.identifier === "B1") return { ...n, record: { ...record, lastChangeDateTime: "2026-10-01T00:00:00Z" } };
      return n;
    });
  fw.items.push({
    identifier: "C2",
    kind: "item",
    code: "3.2",
    statement: "Measure time",
    record: { identifier: "C2", humanCodingScheme: "3.2", fullStatement: "Measure time" },
  });
  fw.edges = [...fw.edges.filter(([, c]) => c !== "A2a"), ["C", "C2"]];
  return fw;
}

/** A backend over the related demo, the other framework and the demo's second version. */
export function relationsBackend(edit: (data: MockData) => void = () => {}): MemoryBackend {
  const base = data();
  base.frameworks = [relatedDemo(), ...base.frameworks.filter((f) => f.key.identifier !== DEMO.identifier), demoV2()];
  edit(base);
  return createMemoryBackend(base);
}
