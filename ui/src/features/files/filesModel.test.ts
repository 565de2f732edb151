import { describe, expect, it } from "vitest";

import {
  baseName,
  copyLine,
  exportAnnouncement,
  exportName,
  hasRow,
  importAnnouncement,
  typedPaths,
  warningPlace,
} from "./filesModel";

describe("files model", () => {
  it("places warnings by file, line and column, or JSON path", () => {
    expect(warningPlace({ file: "users.csv", line: 17, column: "birthDate", reason: "" })).toBe(
      "users.csv:17 · birthDate",
    );
    expect(warningPlace({ file: "users.csv", line: 0, column: null, reason: "" })).toBe("users.csv");
    expect(warningPlace({ file: "", line: 0, column: "$.CFItems[3].uri", reason: "" })).toBe("$.CFItems[3].uri");
    expect(warningPlace({ file: "", line: 0, column: null, reason: "" })).toBe("the whole file");
    expect(hasRow({ file: "users.csv", line: 17, column: null, reason: "" })).toBe(true);
    expect(hasRow({ file: "users.csv", line: 1, column: null, reason: "" })).toBe(false);
  });

  it("names copies, paths and exports", () => {
    expect(copyLine({ title: "Maths", version: null, lastChange: "2024-01-01" })).toBe(
      "Maths · no version · last changed 2024-01-01",
    );
    expect(baseName("/data/bundles/dirty/")).toBe("dirty");
    expect(baseName("C:\\data\\x.json")).toBe("x.json");
    expect(typedPaths(" /a \n\n/b\r\n/a")).toEqual(["/a", "/b"]);
    expect(exportName("Maths: Grade 3/4", "subtree", "3.NF")).toBe("Maths Grade 3 4 - 3.NF.csv");
    expect(exportName("", "rosters")).toBe("export OneRoster 1.2.zip");
  });
});

describe("announcements", () => {
  it("counts an import's outcomes, and is assertive when a file failed", () => {
    const files = [{ outcome: "imported" as const }, { outcome: "imported" as const }, { outcome: "failed" as const }];
    expect(importAnnouncement(files)).toEqual({
      text: "Import finished, 3 files: 2 imported, 1 failed",
      politeness: "assertive",
    });
    expect(importAnnouncement([{ outcome: "keptNewer" }])).toEqual({
      text: "Import finished, 1 file: 1 kept back (the cache holds a newer copy)",
      politeness: "polite",
    });
  });

  it("names the file an export wrote and its rows", () => {
    expect(exportAnnouncement({ path: "/home/ana/Math.xlsx", rows: 1204, bytes: 9 })).toBe(
      "Export written: Math.xlsx, 1,204 rows",
    );
  });
});
