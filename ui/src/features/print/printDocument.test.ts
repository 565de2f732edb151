import type { PrintDocument } from "../../bindings/PrintDocument";
import type { PrintItem } from "../../bindings/PrintItem";
import { pageStyle, renderPrintDocument } from "./printDocument";

const item = (code: string, level: number | null, statement: string, extra: Partial<PrintItem> = {}): PrintItem => ({
  level,
  code,
  statement,
  notes: null,
  itemType: null,
  educationLevel: [],
  associations: [],
  heading: false,
  ...extra,
});

const doc: PrintDocument = {
  title: "Maths <2026>",
  scope: null,
  fields: [
    { label: "Publisher", value: "State & Board" },
    { label: "Version", value: "1.2" },
  ],
  columns: { itemType: true, educationLevel: true, associations: true },
  items: [
    item("A", 1, "Numbers", { itemType: "Domain", educationLevel: ["09", "10"] }),
    item("A.1", 2, "Solve $x^2 = 4$ **exactly**", {
      notes: "See <img src=x onerror=alert(1)> and <script>alert(2)</script>[link](javascript:alert(3))",
      associations: [{ type: "isRelatedTo", incoming: false, ends: ["B.1", "B.2"] }],
    }),
    item("A.1.a", 3, "Deeper <iframe src=https://evil.test></iframe>"),
    item("", null, "An orphan"),
  ],
};

describe("the print document", () => {
  const host = document.createElement("main");
  host.innerHTML = renderPrintDocument(doc);

  it("has a title page with the document's fields, escaped", () => {
    const page = host.querySelector(".print-title-page");
    expect(page?.querySelector("h1")?.textContent).toBe("Maths <2026>");
    expect(page?.textContent).toContain("PublisherState & Board");
    expect(page?.textContent).toContain("4 items");
  });

  it("lists the first two levels in the contents, linked to their items", () => {
    const links = Array.from(host.querySelectorAll(".print-toc a"));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["#item-0", "#item-1"]);
    expect(host.querySelector("#item-1")?.querySelector(".print-code")?.textContent).toBe("A.1");
  });

  it("prints every item in the model's order, indented by level, orphans last under a heading", () => {
    const items = Array.from(host.querySelectorAll(".print-items .print-item"));
    expect(items.map((i) => i.querySelector(".print-code")?.textContent ?? "")).toEqual(["A", "A.1", "A.1.a", ""]);
    expect(items.map((i) => i.className)).toEqual([
      "print-item print-level-1",
      "print-item print-level-2",
      "print-item print-level-3",
      "print-item print-level-orphan",
    ]);
    expect(host.querySelector(".print-orphans")?.nextElementSibling).toBe(items[3]);
  });

  it("renders Markdown and LaTeX as the window does, and keeps hostile markup inert", () => {
    const a1 = host.querySelector("#item-1");
    expect(a1?.querySelector(".print-statement strong")?.textContent).toBe("exactly");
    expect(a1?.querySelector(".print-statement .katex")).not.toBeNull();
    expect(a1?.querySelector(".print-statement")?.textContent).not.toContain("$x^2");
    expect(host.querySelector("script, iframe, [onerror]")).toBeNull();
    for (const link of Array.from(host.querySelectorAll(".print-items a"))) {
      expect(link.getAttribute("href") ?? "").not.toMatch(/^javascript:/i);
    }
  });

  it("shows the optional columns: type, education level, associations by type", () => {
    expect(host.querySelector("#item-0 .print-extras")?.textContent).toBe("TypeDomainEducation level09, 10");
    expect(host.querySelector("#item-1 .print-extras")?.textContent).toBe("isRelatedToB.1, B.2");
    const none = renderPrintDocument({
      ...doc,
      columns: { itemType: false, educationLevel: false, associations: false },
    });
    expect(none).not.toContain("print-extras");
  });

  it("lays out a part: the front alone, or a slice of items keeping the document's anchors", () => {
    const front = document.createElement("main");
    const frontPart = { front: true, items: false, first: 0, firstOrphan: 3, count: null, indices: null };
    front.innerHTML = renderPrintDocument(doc, frontPart);
    expect(front.querySelector(".print-title-page")?.textContent).toContain("4 items");
    const anchors = Array.from(front.querySelectorAll(".print-toc a")).map((a) => a.getAttribute("href"));
    expect(anchors).toHaveLength(2);
    expect(front.querySelector(".print-items")).toBeNull();
    // The app's front part has only the items its contents list, with their count and anchors.
    const listed = doc.items.flatMap((it, i) => (it.level !== null && it.level <= 2 ? [i] : []));
    const only = document.createElement("main");
    only.innerHTML = renderPrintDocument(
      { ...doc, items: listed.map((i) => doc.items[i]!) },
      { ...frontPart, count: 4, indices: listed },
    );
    expect(only.innerHTML).toBe(front.innerHTML);
    const slice = document.createElement("main");
    const part = { ...doc, items: doc.items.slice(2) };
    slice.innerHTML = renderPrintDocument(part, {
      front: false,
      items: true,
      first: 2,
      firstOrphan: 3,
      count: null,
      indices: null,
    });
    expect(slice.querySelector(".print-title-page, .print-toc")).toBeNull();
    expect(Array.from(slice.querySelectorAll(".print-item")).map((i) => i.id)).toEqual(["item-2", "item-3"]);
    expect(slice.querySelector(".print-orphans")?.nextElementSibling?.id).toBe("item-3");
    const later = document.createElement("main");
    later.innerHTML = renderPrintDocument(
      { ...doc, items: doc.items.slice(3) },
      { front: false, items: true, first: 3, firstOrphan: 2, count: null, indices: null },
    );
    expect(later.querySelector(".print-orphans")).toBeNull();
  });

  it("prints a search's results or a crosswalk in sections, the contents listing the sections alone", () => {
    const sections = document.createElement("main");
    sections.innerHTML = renderPrintDocument({
      ...doc,
      title: "Search results",
      items: [
        item("", 1, "Maths <K-12>", { heading: true, notes: "2 results" }),
        item("A.1", 2, "Count"),
        item("A.2", 2, "Add"),
        item("", 1, "Español", { heading: true, notes: "1 result" }),
        item("B.1", 2, "Contar"),
      ],
    });
    expect(sections.querySelector(".print-title-page")?.textContent).toContain("3 items");
    expect(Array.from(sections.querySelectorAll(".print-toc a")).map((a) => a.textContent)).toEqual([
      "Maths <K-12>",
      "Español",
    ]);
    const headings = Array.from(sections.querySelectorAll(".print-section"));
    expect(headings.map((h) => [h.id, h.querySelector("h2")?.textContent])).toEqual([
      ["item-0", "Maths <K-12>"],
      ["item-3", "Español"],
    ]);
    expect(headings[0]?.textContent).toContain("2 results");
    expect(sections.querySelectorAll(".print-item")).toHaveLength(3);
  });

  it("puts the title in the running header as a CSS string", () => {
    expect(pageStyle(doc)).toContain('@top-center { content: "Maths \\3c 2026\\3e "');
    expect(pageStyle(doc)).toContain("counter(page)");
  });
});
