//! The fake backend's gradebook: class c1 of the fake roster with three line items, a score
//! scale, two categories and a few results; edits checked the way the Rust side checks them
//! and kept in an in-memory outbox that `gradebookSend` empties (a record titled "refused" is
//! refused with a 422 and its status object, as the sandbox refuses). For the UI's tests and `?mock=1`.

import type { CellCheck } from "../../bindings/CellCheck";
import type { CellEdit } from "../../bindings/CellEdit";
import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { GradebookCell } from "../../bindings/GradebookCell";
import type { OutboxItem } from "../../bindings/OutboxItem";
import type { OutboxState } from "../../bindings/OutboxState";
import type { RecordState } from "../../bindings/RecordState";
import type { WriteMethod } from "../../bindings/WriteMethod";
import type { Backend } from "../Backend";

type GradebookMethods = Pick<
  Backend,
  | "gradebookClass"
  | "gradebookAccess"
  | "gradebookSaveCell"
  | "gradebookPostResults"
  | "gradebookPut"
  | "gradebookPost"
  | "gradebookDelete"
  | "gradebookSend"
  | "gradebookOutbox"
  | "gradebookUnsent"
  | "gradebookRetry"
  | "gradebookDiscard"
  | "gradebookNewId"
>;

type Answer = <T>(command: string, args: Record<string, unknown>, run: () => T) => Promise<T>;

const STUDENTS = [
  { id: "s2", name: "Okafor, Ada" },
  { id: "s1", name: "Rossi, Leo" },
];

function book(connection: string): ClassGradebook {
  return {
    connection,
    classId: "c1",
    classTitle: "Math 7 A",
    schoolId: "s",
    categories: [
      { id: "k1", title: "Quizzes", weight: 0.4 },
      { id: "k2", title: "Tests", weight: 0.6 },
    ],
    scales: [
      {
        id: "sc1",
        title: "Letter grades",
        values: ["A", "B", "C", "D", "F"],
        meanings: ["90–100", "80–89", "70–79", "60–69", "0–59"],
      },
    ],
    lineItems: [
      {
        id: "l1",
        title: "Quiz 1",
        categoryId: "k1",
        category: "Quizzes",
        gradingPeriodId: "q1",
        gradingPeriod: "Q1",
        assignDate: "2025-09-01",
        dueDate: "2025-09-08",
        min: 0,
        max: 20,
        scoreScaleId: null,
        state: "server",
        outboxId: null,
      },
      {
        id: "l2",
        title: "Quiz 2",
        categoryId: "k1",
        category: "Quizzes",
        gradingPeriodId: "q1",
        gradingPeriod: "Q1",
        assignDate: "2025-09-15",
        dueDate: "2025-09-22",
        min: 0,
        max: 20,
        scoreScaleId: null,
        state: "server",
        outboxId: null,
      },
      {
        id: "l3",
        title: "Unit Test 1",
        categoryId: "k2",
        category: "Tests",
        gradingPeriodId: "q1",
        gradingPeriod: "Q1",
        assignDate: "2025-09-20",
        dueDate: "2025-10-01",
        min: 0,
        max: 100,
        scoreScaleId: "sc1",
        state: "server",
        outboxId: null,
      },
    ],
    students: STUDENTS,
    cells: [],
    assessmentLineItems: [
      { id: "a1", title: "Unit 1 assessment" },
      { id: "a1-1", title: "Unit 1: fractions part" },
    ],
    assessmentResults: [{ id: "ar1", title: "Okafor, Ada · Unit 1 assessment: 17" }],
  };
}

/** The state a record shows while a write in `state` is unsent (as the backend's `RecordState::of_write`). */
function recordState(state: OutboxState): RecordState {
  return state === "sent" || state === "discarded" ? "server" : state;
}

function cell(
  student: string,
  lineItem: string,
  score: string | null,
  extra: Partial<GradebookCell> = {},
): GradebookCell {
  return {
    student,
    lineItem,
    resultId: `r-${student}-${lineItem}`,
    score,
    textScore: null,
    scoreStatus: "fully graded",
    scoreDate: "2025-09-09",
    comment: null,
    late: false,
    incomplete: false,
    missing: false,
    inProgress: false,
    state: "server",
    outboxId: null,
    error: null,
    ...extra,
  };
}

/** The gradebook commands over an in-memory class. */
export function gradebookMethods(
  answer: Answer,
  emit: (connection: string) => void,
  outbox: OutboxItem[] = [],
): GradebookMethods {
  const server = new Map<string, GradebookCell>();
  for (const c of [
    cell("s1", "l1", "18"),
    cell("s2", "l1", "15", { late: true, comment: "Handed in on Monday" }),
    cell("s1", "l2", "12"),
  ]) {
    server.set(`${c.student}|${c.lineItem}`, c);
  }
  let next = 1;
  const now = () => "2025-10-01T10:00:00.000Z";
  const store = (
    connection: string,
    method: WriteMethod,
    operation: string,
    collection: string,
    recordId: string,
    label: string,
    body: unknown,
  ) => {
    const id = next++;
    outbox.push({
      id,
      connection,
      method,
      operation,
      collection,
      recordId,
      label,
      state: "pending",
      attempts: 0,
      body,
      before: null,
      after: null,
      pairs: [],
      error: null,
      createdAt: now(),
      updatedAt: now(),
      sentAt: null,
    });
    emit(connection);
    return id;
  };
  /** The checks of a cell's edit, as the backend's (a number, within min and max). */
  const checkOf = (connection: string, edit: CellEdit): CellCheck => {
    const item = book(connection).lineItems.find((l) => l.id === edit.lineItem);
    const check: CellCheck = { refusals: [], confirm: null };
    const typed = edit.score?.trim() ?? "";
    const score = typed === "" ? null : Number(typed.replace(",", "."));
    if (score !== null && Number.isNaN(score))
      check.refusals.push({ field: "score", rule: "not_a_number", message: `"${typed}" is not a number` });
    if (score !== null && item?.min != null && score < item.min)
      check.refusals.push({
        field: "score",
        rule: "below_min",
        message: `${score} is below the line item's minimum ${item.min}`,
      });
    if (score !== null && item?.max != null && score > item.max && !edit.extraCredit)
      check.confirm = {
        field: "score",
        rule: "above_max",
        message: `${score} is above the line item's maximum ${item.max}: is it extra credit?`,
      };
    return check;
  };

  return {
    gradebookClass: (connection, classId) =>
      answer("gradebook_class", { connection, classId }, () => {
        const b = book(connection);
        // Unsent line items of the class, laid over the served ones as the backend does.
        const lineItems = [...b.lineItems];
        for (const item of outbox) {
          if (
            item.collection !== "lineItems" ||
            item.connection !== connection ||
            !["pending", "sending", "failed"].includes(item.state)
          )
            continue;
          if (item.method === "DELETE") {
            const at = lineItems.findIndex((l) => l.id === item.recordId);
            const served = lineItems[at];
            if (served) lineItems[at] = { ...served, state: "deleting", outboxId: item.id };
            continue;
          }
          const records = (Array.isArray(item.body) ? item.body : [item.body]) as Array<Record<string, unknown>>;
          for (const r of records) {
            const num = (v: unknown) => (typeof v === "number" ? v : null);
            lineItems.push({
              id: String(r.sourcedId),
              title: String(r.title ?? r.sourcedId),
              categoryId: null,
              category: null,
              gradingPeriodId: null,
              gradingPeriod: null,
              assignDate: (r.assignDate as string) ?? null,
              dueDate: (r.dueDate as string) ?? null,
              min: num(r.resultValueMin),
              max: num(r.resultValueMax),
              scoreScaleId: null,
              state: recordState(item.state),
              outboxId: item.id,
            });
          }
        }
        const cells = new Map(server);
        for (const item of outbox) {
          if (
            item.method === "DELETE" &&
            item.collection === "results" &&
            (item.state === "pending" || item.state === "failed")
          ) {
            for (const [key, c] of cells)
              if (c.resultId === item.recordId) cells.set(key, { ...c, state: "deleting", outboxId: item.id });
            continue;
          }
          if (item.operation !== "putResult" || !(item.state === "pending" || item.state === "failed")) continue;
          const c = item.body as GradebookCell;
          cells.set(`${c.student}|${c.lineItem}`, { ...c, state: item.state, outboxId: item.id, error: item.error });
        }
        return { ...b, classId, lineItems, cells: [...cells.values()] };
      }),
    gradebookAccess: (connection) =>
      answer("gradebook_access", { connection }, () => ({ put: true, delete: true, reason: null, offline: false })),
    gradebookPostResults: (connection, edits, label) =>
      answer("gradebook_post_results", { connection, edits, label }, () => {
        const refused = edits
          .map((edit) => ({ student: edit.student, check: checkOf(connection, edit) }))
          .filter((r) => r.check.refusals.length > 0 || r.check.confirm);
        if (refused.length > 0) return { outboxId: null, refused };
        const records = edits.map((edit) =>
          cell(edit.student, edit.lineItem, edit.score ?? null, {
            resultId: `new-${edit.student}`,
            scoreStatus: edit.scoreStatus ?? "fully graded",
          }),
        );
        return {
          outboxId: store(
            connection,
            "POST",
            "postResultsForLineItem",
            "results",
            edits[0]?.lineItem ?? "",
            label,
            records,
          ),
          refused: [],
        };
      }),
    gradebookSaveCell: (connection, edit) =>
      answer("gradebook_save_cell", { connection, edit }, () => {
        const item = book(connection).lineItems.find((l) => l.id === edit.lineItem);
        const check = checkOf(connection, edit);
        const typed = edit.score?.trim() ?? "";
        if (check.refusals.length > 0 || check.confirm) return { outboxId: null, check };
        const key = `${edit.student}|${edit.lineItem}`;
        const before = server.get(key);
        const body = cell(edit.student, edit.lineItem, typed === "" ? null : typed, {
          ...(before ? { resultId: before.resultId } : {}),
          comment: edit.comment ?? null,
          late: edit.late,
          incomplete: edit.incomplete,
          missing: edit.missing,
          inProgress: edit.inProgress,
          scoreStatus: edit.scoreStatus ?? (typed === "" ? "not submitted" : "fully graded"),
        });
        const student = STUDENTS.find((s) => s.id === edit.student)?.name ?? edit.student;
        const outboxId = store(
          connection,
          "PUT",
          "putResult",
          "results",
          body.resultId,
          `Result: ${student} · ${item?.title ?? edit.lineItem}`,
          body,
        );
        return { outboxId, check };
      }),
    gradebookPut: (connection, collection, record, label) =>
      answer("gradebook_put", { connection, collection, record, label }, () =>
        store(
          connection,
          "PUT",
          `put${collection}`,
          collection,
          String((record as { sourcedId?: string }).sourcedId ?? ""),
          label,
          record,
        ),
      ),
    gradebookPost: (connection, operation, parent, records, label) =>
      answer("gradebook_post", { connection, operation, parent, records, label }, () =>
        store(connection, "POST", operation, "lineItems", parent, label, records),
      ),
    gradebookDelete: (connection, collection, id, label) =>
      answer("gradebook_delete", { connection, collection, id, label }, () =>
        store(connection, "DELETE", `delete${collection}`, collection, id, label, null),
      ),
    gradebookSend: (connection) =>
      answer("gradebook_send", { connection }, () => {
        const sentIds: number[] = [];
        for (const item of outbox) {
          if (item.connection !== connection || item.state !== "pending") continue;
          if ((item.body as { title?: string } | null)?.title === "refused") {
            item.state = "failed";
            item.attempts += 1;
            item.error = {
              message: "putCategory: HTTP 422: the Category is not valid",
              failure: {
                code: "server",
                httpStatus: 422,
                transport: null,
                status: {
                  codeMajor: "failure",
                  severity: "error",
                  codeMinor: "invalid_data",
                  description: "the Category is not valid",
                },
              },
            };
            continue;
          }
          if (item.method === "DELETE" && item.collection === "results") {
            for (const [key, c] of server) if (c.resultId === item.recordId) server.delete(key);
          }
          if (item.operation === "putResult") {
            const c = item.body as GradebookCell;
            server.set(`${c.student}|${c.lineItem}`, { ...c, state: "server", outboxId: null, error: null });
          }
          if (item.method === "POST") {
            item.pairs = (item.body as Array<{ sourcedId: string }>).map((r, i) => ({
              supplied: r.sourcedId,
              allocated: `srv-${item.id}-${i}`,
            }));
          }
          item.state = "sent";
          item.attempts += 1;
          item.sentAt = now();
          sentIds.push(item.id);
        }
        emit(connection);
        const failedIds = outbox.filter((i) => i.connection === connection && i.state === "failed").map((i) => i.id);
        return {
          sent: sentIds.length,
          pending: 0,
          failed: failedIds.length,
          offline: false,
          sentIds,
          pendingIds: [],
          failedIds,
          refused: null,
        };
      }),
    gradebookOutbox: (connection, unsentOnly) =>
      answer("gradebook_outbox", { connection, unsentOnly }, () =>
        outbox
          .filter(
            (i) =>
              (connection === null || i.connection === connection) &&
              (!unsentOnly || ["pending", "sending", "failed"].includes(i.state)),
          )
          .slice()
          .reverse(),
      ),
    gradebookUnsent: () =>
      answer("gradebook_unsent", {}, () => {
        const counts = new Map<string, number>();
        for (const i of outbox)
          if (["pending", "sending", "failed"].includes(i.state))
            counts.set(i.connection, (counts.get(i.connection) ?? 0) + 1);
        return [...counts].map(([connection, count]) => ({ connection, count }));
      }),
    gradebookRetry: (id, body) =>
      answer("gradebook_retry", { id, body }, () => {
        const item = outbox.find((i) => i.id === id && (i.state === "failed" || i.state === "pending"));
        if (!item) return false;
        item.state = "pending";
        if (body != null) item.body = body;
        emit(item.connection);
        return true;
      }),
    gradebookDiscard: (id) =>
      answer("gradebook_discard", { id }, () => {
        const item = outbox.find((i) => i.id === id && (i.state === "failed" || i.state === "pending"));
        if (!item) return false;
        item.state = "discarded";
        emit(item.connection);
        return true;
      }),
    gradebookNewId: () =>
      answer("gradebook_new_id", {}, () => `00000000-0000-4000-8000-${String(next++).padStart(12, "0")}`),
  };
}
