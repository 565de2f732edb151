//! The Gradebook area: a class's categories with weights, score scales and line items, the
//! results grid with the selected cell's details (comment, flags, status, date, why it was
//! refused), the outbox with its audit, and sending. Every change is stored in the outbox
//! first; "Send" sends it.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { CellEdit } from "../../bindings/CellEdit";
import type { ClassGradebook } from "../../bindings/ClassGradebook";
import { Confirmation } from "../../ui/Confirmation";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { CellPanel } from "./CellPanel";
import { ClassRecords } from "./ClassRecords";
import { FORM_KINDS } from "./formKinds";
import { LineItemForm } from "./LineItemForm";
import { RecordForm } from "./RecordForm";
import { OutboxView } from "./OutboxView";
import {
  cellIndex,
  cellKey,
  editOf,
  emptyCells,
  FLAG_LABELS,
  hasFlag,
  toggled,
  typedValue,
  undoEdit,
  type Done,
  type Flag,
  type Position,
} from "./gradebookModel";
import { gradebookKeys, useGradebook, useOutbox, useUnsent, useWriteAccess } from "./gradebookQueries";
import type { GradebookTarget } from "./gradebookState";
import { ResultsGrid, type CellProblem } from "./ResultsGrid";
import { RETRY_MS } from "./useOutboxRetry";
import "./gradebook.css";
import { TabList, tabPanelProps } from "../../ui/Tabs";
import { announce } from "../../ui/announcer";

/** How long after an unreachable server the pending writes go again. */

type Tab = "grid" | "outbox" | "new-line-item" | "new-record";

/** A question before a value is stored: a score above the maximum. */
interface Question {
  edit: CellEdit;
  message: string;
  before: Done["before"];
}

function GradebookHeader({ book }: { book: ClassGradebook }) {
  return (
    <div className="gb-summary">
      <h2>
        {book.classTitle} <span className="muted">· gradebook</span>
      </h2>
      <p className="muted">
        {formatCount(book.students.length)} students · {formatCount(book.lineItems.length)} line items
        {book.categories.length > 0 && (
          <>
            {" · "}Categories:{" "}
            {book.categories
              .map((c) => `${c.title}${c.weight !== null ? ` ${Math.round(c.weight * 1000) / 10}%` : ""}`)
              .join(", ")}
          </>
        )}
        {book.scales.length > 0 && (
          <>
            {" · "}Scales: {book.scales.map((s) => `${s.title} (${s.values.join(" ")})`).join("; ")}
          </>
        )}
      </p>
    </div>
  );
}

/** A cell as it is said: its student and line item. */
function cellName(book: ClassGradebook, student: string, lineItem: string): string {
  const who = book.students.find((s) => s.id === student)?.name ?? student;
  const what = book.lineItems.find((l) => l.id === lineItem)?.title ?? lineItem;
  return `${who}, ${what}`;
}

function ClassGradebookView({ target, book }: { target: GradebookTarget; book: ClassGradebook }) {
  const backend = useBackend();
  const queries = useQueryClient();
  const access = useWriteAccess(target.connection);
  const outbox = useOutbox(target.connection);
  const [tab, setTab] = useState<Tab>("grid");
  const [formKind, setFormKind] = useState(FORM_KINDS[0]!);
  const [at, setAt] = useState<Position>({ row: 0, col: 0 });
  const [problems, setProblems] = useState<Map<string, CellProblem>>(new Map());
  const [question, setQuestion] = useState<Question | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const undo = useRef<Done[]>([]);
  const cells = useMemo(() => cellIndex(book), [book]);
  const readOnly = !access.data?.put;
  const unsent = (outbox.data ?? []).filter(
    (i) => i.state === "pending" || i.state === "sending" || i.state === "failed",
  ).length;
  const hasScale = (lineItem: string) => Boolean(book.lineItems.find((l) => l.id === lineItem)?.scoreScaleId);

  /** A write was stored: the backend announces nothing (no cached record changed). */
  const refresh = async () => {
    await queries.invalidateQueries({ queryKey: [target.connection] });
    await queries.invalidateQueries({ queryKey: gradebookKeys.unsent() });
  };

  const setProblem = (key: string, problem: CellProblem | null) =>
    setProblems((old) => {
      const next = new Map(old);
      if (problem) next.set(key, problem);
      else next.delete(key);
      return next;
    });

  /** Stores `edit`; `change` says what it does when that is not the score (a flag set). */
  const save = async (edit: CellEdit, before: Done["before"], remember: boolean, change?: string): Promise<boolean> => {
    const key = cellKey(edit.student, edit.lineItem);
    const text = edit.score ?? edit.textScore ?? "";
    try {
      const saved = await backend.gradebookSaveCell(target.connection, edit);
      const where = cellName(book, edit.student, edit.lineItem);
      if (saved.outboxId !== null) {
        announce(`${change ? `${change}. ` : ""}Saved, not sent yet: ${where}`);
        setProblem(key, null);
        if (remember) undo.current.push({ student: edit.student, lineItem: edit.lineItem, before });
        await refresh();
        return true;
      } else if (saved.check.refusals.length > 0) {
        const why = saved.check.refusals.map((r) => r.message).join("; ");
        announce(`Not saved: ${where}: ${why}`, "assertive");
        setProblem(key, { text, message: why });
      } else if (saved.check.confirm) {
        setProblem(key, { text, message: saved.check.confirm.message });
        setQuestion({ edit, message: saved.check.confirm.message, before });
      }
    } catch (e) {
      announce(`Not saved: ${(e as AppError).message ?? String(e)}`, "assertive");
      setProblem(key, { text, message: (e as AppError).message ?? String(e) });
    }
    return false;
  };

  const actions = {
    commit: (student: string, lineItem: string, text: string) => {
      const before = cells.get(cellKey(student, lineItem));
      return save(typedValue(editOf(book.classId, student, lineItem, before), text, hasScale(lineItem)), before, true);
    },
    flag: (student: string, lineItem: string, flag: Flag) => {
      const before = cells.get(cellKey(student, lineItem));
      // Said with what changed: the cell keeps the focus, and its new name is not announced.
      const change = `${FLAG_LABELS[flag]} ${hasFlag(before, flag) ? "cleared" : "set"}`;
      void save(toggled(editOf(book.classId, student, lineItem, before), flag), before, true, change);
    },
    undo: () => {
      const done = undo.current.pop();
      if (done) void save(undoEdit(book.classId, done), cells.get(cellKey(done.student, done.lineItem)), false);
    },
    select: setAt,
  };

  const answer = async (extraCredit: boolean) => {
    const q = question;
    setQuestion(null);
    if (!q) return;
    const key = cellKey(q.edit.student, q.edit.lineItem);
    if (extraCredit) await save({ ...q.edit, extraCredit: true }, q.before, true);
    else setProblem(key, { text: q.edit.score ?? "", message: "above the maximum, and not extra credit" });
  };

  // After a send that found the server unreachable, the pending writes go again a while later.
  const send = async () => {
    setError(null);
    try {
      const report = await backend.gradebookSend(target.connection);
      const parts = [`${formatCount(report.sent)} sent`];
      if (report.pending)
        parts.push(
          `${formatCount(report.pending)} still pending${report.offline ? ` (the server could not be reached: they go by themselves once it answers, tried every ${RETRY_MS / 1000} s)` : ""}`,
        );
      if (report.failed) parts.push(`${formatCount(report.failed)} refused by the server (see the Outbox)`);
      if (report.refused) parts.push(`the server refused writes for these credentials: ${report.refused}`);
      setMessage(parts.join(", "));
      announce(`Outbox: ${parts.join(", ")}`);
    } catch (e) {
      announce(`Not sent: ${(e as AppError).message ?? String(e)}`, "assertive");
      setError(e as AppError);
    }
    await queries.invalidateQueries({ queryKey: [target.connection] });
    await queries.invalidateQueries({ queryKey: gradebookKeys.unsent() });
  };

  const fill = async (lineItem: string, text: string, asPost: boolean) => {
    const students = emptyCells(book, cells, lineItem);
    if (asPost) {
      if (students.length === 0) return;
      const edits = students.map((student) =>
        typedValue(editOf(book.classId, student, lineItem, undefined), text, hasScale(lineItem)),
      );
      const title = book.lineItems.find((l) => l.id === lineItem)?.title ?? lineItem;
      try {
        const posted = await backend.gradebookPostResults(
          target.connection,
          edits,
          `${formatCount(edits.length)} results of ${title} (one POST)`,
        );
        for (const refused of posted.refused) {
          const check = refused.check;
          setProblem(cellKey(refused.student, lineItem), {
            text,
            message: [...check.refusals.map((r) => r.message), check.confirm?.message].filter(Boolean).join("; "),
          });
        }
        if (posted.outboxId !== null) {
          setMessage(`${formatCount(edits.length)} results of ${title} stored as one POST: send changes to post them`);
          await refresh();
        }
      } catch (e) {
        setError(e as AppError);
      }
      return;
    }
    for (const student of students) {
      const before = cells.get(cellKey(student, lineItem));
      await save(typedValue(editOf(book.classId, student, lineItem, before), text, hasScale(lineItem)), before, true);
    }
  };

  const selected = { student: book.students[at.row], lineItem: book.lineItems[at.col] };
  return (
    <div className="gb-area">
      <div className="toolbar gb-toolbar">
        <GradebookHeader book={book} />
        <span className="spacer" />
        <span className="muted" aria-live="polite">
          {unsent === 0 ? "All changes sent" : `${formatCount(unsent)} unsent ${unsent === 1 ? "change" : "changes"}`}
        </span>
        <button type="button" className="primary" onClick={() => void send()} disabled={unsent === 0 || readOnly}>
          Send changes
        </button>
      </div>
      {access.data?.reason && (
        <p className="note" role="note">
          Read-only: {access.data.reason}
        </p>
      )}
      {access.data?.offline && (
        <p className="note" role="note">
          Offline: {target.connection} cannot be reached. What you enter waits in the outbox and goes when you send it
          with the server back.
        </p>
      )}
      {message && <p className="export-message">{message}</p>}
      {error && <ErrorView error={error} />}
      <TabList
        label="Gradebook views"
        base="gradebook-views"
        className="tabs main-tabs"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "grid", label: "Results" },
          { id: "outbox", label: "Outbox and audit" },
          {
            id: "new-line-item",
            label: "New line item",
            disabled: readOnly,
            title: readOnly ? (access.data?.reason ?? "Read-only") : undefined,
          },
          {
            id: "new-record",
            label: "Other records",
            disabled: readOnly,
            title: readOnly ? (access.data?.reason ?? "Read-only") : undefined,
          },
        ]}
      />
      {question && (
        <Confirmation
          className="gb-question"
          label="Extra credit?"
          describedBy="gb-question-text"
          onCancel={() => void answer(false)}
        >
          <p id="gb-question-text">{question.message}</p>
          <button type="button" className="primary" onClick={() => void answer(true)}>
            Yes, extra credit
          </button>
          <button type="button" onClick={() => void answer(false)}>
            No
          </button>
        </Confirmation>
      )}
      {tab === "grid" && (
        <div className="gb-main" {...tabPanelProps("gradebook-views", "grid")}>
          {book.lineItems.length === 0 || book.students.length === 0 ? (
            <p className="muted pad">
              {book.lineItems.length === 0
                ? "This class has no line items yet: add one under “New line item”."
                : "No students are enrolled in this class."}
            </p>
          ) : (
            <ResultsGrid book={book} cells={cells} problems={problems} readOnly={readOnly} actions={actions} at={at} />
          )}
          {selected.student && selected.lineItem && (
            <CellPanel
              book={book}
              student={selected.student}
              lineItem={selected.lineItem}
              cell={cells.get(cellKey(selected.student.id, selected.lineItem.id))}
              problem={problems.get(cellKey(selected.student.id, selected.lineItem.id))}
              readOnly={readOnly}
              canDelete={Boolean(access.data?.delete)}
              onSave={(edit) => void save(edit, cells.get(cellKey(edit.student, edit.lineItem)), true)}
              onFill={(text, asPost) => void fill(selected.lineItem!.id, text, asPost)}
              onDeleteLineItem={() =>
                void backend
                  .gradebookDelete(
                    target.connection,
                    "lineItems",
                    selected.lineItem!.id,
                    `Line item: ${selected.lineItem!.title}`,
                  )
                  .then(refresh)
              }
              onDeleteResult={(resultId) =>
                void backend
                  .gradebookDelete(
                    target.connection,
                    "results",
                    resultId,
                    `Result: ${selected.student!.name} · ${selected.lineItem!.title}`,
                  )
                  .then(refresh)
              }
            />
          )}
        </div>
      )}
      {tab === "outbox" && (
        <div className="main-view" {...tabPanelProps("gradebook-views", "outbox")}>
          <OutboxView connection={target.connection} items={outbox.data ?? []} />
        </div>
      )}
      {tab === "new-line-item" && (
        <div className="main-view" {...tabPanelProps("gradebook-views", "new-line-item")}>
          <LineItemForm
            book={book}
            onDone={() => {
              setTab("grid");
              void refresh();
            }}
          />
        </div>
      )}
      {tab === "new-record" && (
        <div className="gb-records-tab" {...tabPanelProps("gradebook-views", "new-record")}>
          <label className="gb-kind-picker">
            New{" "}
            <select
              aria-label="Kind of record"
              value={formKind.collection}
              onChange={(e) => setFormKind(FORM_KINDS.find((k) => k.collection === e.target.value) ?? FORM_KINDS[0]!)}
            >
              {FORM_KINDS.map((k) => (
                <option key={k.collection} value={k.collection}>
                  {k.noun.toLowerCase()}
                </option>
              ))}
            </select>
          </label>
          <RecordForm
            kind={formKind}
            book={book}
            onDone={() => {
              setTab("outbox");
              void refresh();
            }}
          />
          <ClassRecords
            book={book}
            canDelete={Boolean(access.data?.delete)}
            onDelete={(kind, id, label) =>
              void backend.gradebookDelete(target.connection, kind, id, label).then(refresh)
            }
          />
        </div>
      )}
    </div>
  );
}

/** The Gradebook area for the class opened (or how to open one). */
export function GradebookArea({ target }: { target: GradebookTarget | null }) {
  const backend = useBackend();
  const queries = useQueryClient();
  useEffect(
    () => backend.onCacheChanged(() => void queries.invalidateQueries({ queryKey: gradebookKeys.unsent() })),
    [backend, queries],
  );
  if (!target) return <NoClass />;
  return <GradebookPane target={target} />;
}

/** No class open: how to open one, and the changes left unsent (from before a restart). */
function NoClass() {
  const unsent = useUnsent();
  // A connection's section stays once shown, so that what its sending did stays said.
  const [shown, setShown] = useState<string[]>([]);
  useEffect(() => {
    const fresh = (unsent.data ?? []).map((u) => u.connection).filter((c) => !shown.includes(c));
    if (fresh.length > 0) setShown([...shown, ...fresh]);
  }, [unsent.data, shown]);
  return (
    <main className="pane main-pane gb-pane" aria-label="Gradebook">
      <div className="pad">
        <h2>No class open</h2>
        <p>Open a class in Rosters, then “Open gradebook” on its page, to enter its results here.</p>
      </div>
      {shown.map((connection) => (
        <UnsentChanges key={connection} connection={connection} />
      ))}
    </main>
  );
}

function UnsentChanges({ connection }: { connection: string }) {
  const backend = useBackend();
  const queries = useQueryClient();
  const outbox = useOutbox(connection);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const items = (outbox.data ?? []).filter(
    (i) => i.state === "pending" || i.state === "sending" || i.state === "failed",
  );
  const send = async () => {
    setError(null);
    try {
      const report = await backend.gradebookSend(connection);
      setMessage(
        `${formatCount(report.sent)} sent${report.pending ? `, ${formatCount(report.pending)} still pending` : ""}${report.failed ? `, ${formatCount(report.failed)} refused` : ""}`,
      );
    } catch (e) {
      setError(e as AppError);
    }
    await queries.invalidateQueries({ queryKey: gradebookKeys.unsent() });
  };
  return (
    <section aria-label={`Unsent changes to ${connection}`} className="gb-unsent">
      <div className="toolbar">
        <strong>
          {formatCount(items.length)} unsent {items.length === 1 ? "change" : "changes"} to {connection}
        </strong>
        <button type="button" className="primary" onClick={() => void send()} disabled={items.length === 0}>
          Send changes
        </button>
      </div>
      {message && (
        <p className="export-message" role="status">
          {message}
        </p>
      )}
      {error && <ErrorView error={error} />}
      {items.length > 0 ? (
        <OutboxView connection={connection} items={items} />
      ) : (
        <p className="muted pad">Nothing left to send.</p>
      )}
    </section>
  );
}

function GradebookPane({ target }: { target: GradebookTarget }) {
  const book = useGradebook(target.connection, target.classId);
  return (
    <main className="pane main-pane gb-pane" aria-label="Gradebook">
      {book.isError && <ErrorView error={book.error as never} onRetry={() => void book.refetch()} />}
      {book.data ? (
        <ClassGradebookView target={target} book={book.data} />
      ) : (
        !book.isError && <p className="muted pad">Loading…</p>
      )}
    </main>
  );
}
