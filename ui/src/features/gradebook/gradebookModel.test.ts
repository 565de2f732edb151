import { describe, expect, it } from "vitest";

import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { ErrorCode } from "../../bindings/ErrorCode";
import type { OutboxItem } from "../../bindings/OutboxItem";
import type { OutboxState } from "../../bindings/OutboxState";
import {
  auditCsv,
  cellIndex,
  editOf,
  emptyCells,
  move,
  navigate,
  toggled,
  typedValue,
  undoEdit,
  waitingForServer,
  dependentLineItems,
} from "./gradebookModel";

const book: ClassGradebook = {
  connection: "c",
  classId: "k",
  classTitle: "K",
  schoolId: null,
  categories: [],
  scales: [],
  lineItems: [],
  students: [
    { id: "a", name: "A" },
    { id: "b", name: "B" },
  ],
  cells: [
    {
      student: "a",
      lineItem: "l",
      resultId: "r",
      score: "3",
      textScore: null,
      scoreStatus: "fully graded",
      scoreDate: "2026-01-01",
      comment: null,
      late: true,
      incomplete: false,
      missing: false,
      inProgress: false,
      state: "server",
      outboxId: null,
      error: null,
    },
  ],
  assessmentLineItems: [],
  assessmentResults: [],
};

describe("an edit commits like a spreadsheet", () => {
  it("Enter goes down, Tab right and wraps to the next row", () => {
    expect(move({ row: 0, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 1, col: 0 });
    expect(move({ row: 2, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 2, col: 0 });
    expect(move({ row: 0, col: 1 }, "Tab", false, 3, 2)).toEqual({ row: 1, col: 0 });
    expect(move({ row: 1, col: 0 }, "Tab", true, 3, 2)).toEqual({ row: 0, col: 1 });
    expect(move({ row: 1, col: 1 }, "a", false, 3, 2)).toBeNull();
  });

  it("has nowhere to go by Tab after the last cell or Shift+Tab before the first", () => {
    expect(move({ row: 2, col: 1 }, "Tab", false, 3, 2)).toBeNull();
    expect(move({ row: 0, col: 0 }, "Tab", true, 3, 2)).toBeNull();
  });
});

describe("the grid's keys (one Tab stop, the WAI-ARIA grid pattern)", () => {
  const plain = { shift: false, ctrl: false };
  const ctrl = { shift: false, ctrl: true };
  // 10 students, 4 line items, a page of 3 rows.
  const go = (row: number, col: number, key: string, mods = plain) => navigate({ row, col }, key, mods, 10, 4, 3);

  it("moves by the arrows, stopping at the edges", () => {
    expect(go(0, 0, "ArrowRight")).toEqual({ row: 0, col: 1 });
    expect(go(0, 3, "ArrowRight")).toEqual({ row: 0, col: 3 });
    expect(go(0, 0, "ArrowLeft")).toEqual({ row: 0, col: 0 });
    expect(go(0, 2, "ArrowDown")).toEqual({ row: 1, col: 2 });
    expect(go(9, 2, "ArrowDown")).toEqual({ row: 9, col: 2 });
    expect(go(4, 2, "ArrowUp")).toEqual({ row: 3, col: 2 });
  });

  it("goes to the row's ends by Home and End, the grid's by Ctrl+Home and Ctrl+End", () => {
    expect(go(5, 2, "Home")).toEqual({ row: 5, col: 0 });
    expect(go(5, 1, "End")).toEqual({ row: 5, col: 3 });
    expect(go(5, 2, "Home", ctrl)).toEqual({ row: 0, col: 0 });
    expect(go(5, 2, "End", ctrl)).toEqual({ row: 9, col: 3 });
  });

  it("moves a page of rows by PageDown and PageUp", () => {
    expect(go(1, 2, "PageDown")).toEqual({ row: 4, col: 2 });
    expect(go(8, 2, "PageDown")).toEqual({ row: 9, col: 2 });
    expect(go(4, 2, "PageUp")).toEqual({ row: 1, col: 2 });
    expect(go(1, 2, "PageUp")).toEqual({ row: 0, col: 2 });
  });

  it("moves down by Enter, up by Shift+Enter", () => {
    expect(go(1, 2, "Enter")).toEqual({ row: 2, col: 2 });
    expect(go(1, 2, "Enter", { shift: true, ctrl: false })).toEqual({ row: 0, col: 2 });
  });

  it("leaves Tab and Shift+Tab to the browser: they leave the grid", () => {
    expect(go(0, 0, "Tab")).toBeNull();
    expect(go(0, 1, "Tab", { shift: true, ctrl: false })).toBeNull();
    expect(go(0, 1, "a")).toBeNull();
    expect(go(0, 1, "ArrowDown", ctrl)).toBeNull();
  });
});

describe("edits", () => {
  it("start from the cell and take numbers as scores, words as text scores", () => {
    const edit = editOf("k", "a", "l", cellIndex(book).get("a\u0000l"));
    expect(edit.late).toBe(true);
    expect(typedValue(edit, "7,5", true).score).toBe("7,5");
    expect(typedValue(edit, "B", true)).toMatchObject({ score: null, textScore: "B" });
    expect(typedValue(edit, "", true)).toMatchObject({ score: null, scoreStatus: "not submitted" });
  });

  it("toggle flags, exempt as a score status", () => {
    const edit = editOf("k", "b", "l", undefined);
    expect(toggled(edit, "missing").missing).toBe(true);
    expect(toggled(edit, "exempt").scoreStatus).toBe("exempt");
    expect(toggled(toggled(edit, "exempt"), "exempt").scoreStatus).toBe("not submitted");
  });

  it("undo restores the cell as it was", () => {
    const before = cellIndex(book).get("a\u0000l");
    expect(undoEdit("k", { student: "a", lineItem: "l", before })).toMatchObject({
      score: "3",
      late: true,
      extraCredit: true,
    });
    expect(undoEdit("k", { student: "b", lineItem: "l", before: undefined })).toMatchObject({ score: null });
  });

  it("finds a column's empty cells", () => {
    expect(emptyCells(book, cellIndex(book), "l")).toEqual(["b"]);
  });
});

describe("the audit", () => {
  it("is CSV with before and after", () => {
    const item: OutboxItem = {
      id: 1,
      connection: "c",
      method: "PUT",
      operation: "putResult",
      collection: "results",
      recordId: "r",
      label: 'Result: A, "Quiz"',
      state: "sent",
      attempts: 1,
      body: { score: 4 },
      before: { score: 3 },
      after: { score: 4 },
      pairs: [],
      error: null,
      createdAt: "t0",
      updatedAt: "t1",
      sentAt: "t1",
    };
    const csv = auditCsv([item]);
    expect(csv.split("\r\n")[0]).toBe(
      "created,sent,connection,what,method,operation,record,outcome,attempts,before,after,error",
    );
    expect(csv).toContain('"Result: A, ""Quiz"""');
    expect(csv).toContain('"{""score"":3}"');
  });
});

describe("writes waiting for the server", () => {
  const item = (
    state: OutboxState,
    attempts: number,
    code: ErrorCode | null,
    httpStatus: number | null,
  ): OutboxItem => ({
    id: 1,
    connection: "c",
    method: "PUT",
    operation: "putResult",
    collection: "results",
    recordId: "r",
    label: "x",
    state,
    attempts,
    body: null,
    before: null,
    after: null,
    pairs: [],
    createdAt: "t0",
    updatedAt: "t1",
    sentAt: null,
    error: code ? { message: "m", failure: { code, httpStatus, status: null, transport: null } } : null,
  });
  it("are those tried once and found unreachable or failing for the moment, never those not yet sent or refused", () => {
    expect(waitingForServer([item("pending", 1, "offline", null)])).toBe(true);
    expect(waitingForServer([item("pending", 2, "server", 503)])).toBe(true);
    expect(waitingForServer([item("pending", 1, "server", 429)])).toBe(true);
    expect(waitingForServer([item("pending", 0, null, null)])).toBe(false);
    expect(waitingForServer([item("failed", 1, "server", 422)])).toBe(false);
    expect(waitingForServer([item("pending", 1, "server", 403)])).toBe(false);
  });
});

describe("what a category or scale's DELETE leaves pointing at nothing", () => {
  it("is the line items naming it", () => {
    const line = (id: string, categoryId: string | null, scoreScaleId: string | null) => ({
      id,
      title: id.toUpperCase(),
      categoryId,
      category: null,
      gradingPeriodId: null,
      gradingPeriod: null,
      assignDate: null,
      dueDate: null,
      min: null,
      max: null,
      scoreScaleId,
      state: "server" as const,
      outboxId: null,
    });
    const withLines = { ...book, lineItems: [line("a", "k", null), line("b", "k", "s"), line("c", null, "s")] };
    expect(dependentLineItems(withLines, "categories", "k")).toEqual(["A", "B"]);
    expect(dependentLineItems(withLines, "scoreScales", "s")).toEqual(["B", "C"]);
    expect(dependentLineItems(withLines, "categories", "none")).toEqual([]);
  });
});
