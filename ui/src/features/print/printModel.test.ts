import { describe, expect, it } from "vitest";

import { pdfAnnouncement, pdfName, previewNote } from "./printModel";

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

  it("announces the saved file by name", () => {
    expect(pdfAnnouncement({ path: "/home/u/Maths.pdf", rows: 12, bytes: 100 })).toBe("PDF saved: Maths.pdf, 12 items");
  });
});
