import { describe, expect, it } from "vitest";

import { columnChoices, itemCount, pdfAnnouncement, pdfName, previewNote, printedSource } from "./printModel";

const key = { connection: "Demo", identifier: "d" };

describe("printModel", () => {
  it("suggests a clean file name, with the subtree when there is one", () => {
    expect(pdfName("Maths: K/12")).toBe("Maths K 12.pdf");
    expect(pdfName("Maths", "A.1")).toBe("Maths - A.1.pdf");
    expect(pdfName("///")).toBe("framework.pdf");
  });

  it("says when the preview shows only the first items", () => {
    expect(previewNote(3, 3)).toBe("3 items");
    expect(previewNote(300, 20000)).toBe("The first 300 of 20,000 items (the PDF has them all)");
  });

  it("prints a framework whole or its subtree, and any other source as it is", () => {
    const target = {
      source: { kind: "framework" as const, key, subtree: null },
      title: "Maths",
      subtree: { identifier: "A", label: "A" },
    };
    expect(printedSource(target, "subtree")).toEqual({ kind: "framework", key, subtree: "A" });
    expect(printedSource(target, "framework")).toEqual({ kind: "framework", key, subtree: null });
    const search = { kind: "search" as const, query: "count", limit: 50 };
    expect(printedSource({ source: search, title: "", subtree: null }, "subtree")).toBe(search);
  });

  it("offers the columns a source has", () => {
    expect(columnChoices({ kind: "framework", key, subtree: null }).map(([c]) => c)).toEqual([
      "itemType",
      "educationLevel",
      "associations",
    ]);
    expect(columnChoices({ kind: "search", query: "x", limit: 5 }).map(([c]) => c)).toEqual([
      "itemType",
      "educationLevel",
    ]);
    expect(columnChoices({ kind: "crosswalk", from: key, to: key, associationType: null, subtree: null })).toEqual([]);
  });

  it("counts items, not the sections' headings", () => {
    const entry = (heading: boolean) => ({
      level: 1,
      code: "",
      statement: "",
      notes: null,
      itemType: null,
      educationLevel: [],
      associations: [],
      heading,
    });
    const doc = {
      title: "",
      scope: null,
      fields: [],
      columns: { itemType: false, educationLevel: false, associations: false },
    };
    expect(itemCount({ ...doc, items: [entry(true), entry(false), entry(false)] })).toBe(2);
  });

  it("announces the saved file by name", () => {
    expect(pdfAnnouncement({ path: "/home/u/Maths.pdf", rows: 12, bytes: 100 })).toBe("PDF saved: Maths.pdf, 12 items");
  });
});
