//! The line item form: every required field named, the identifier a new UUID, the class and
//! school filled in; the PUT is stored in the outbox (sent with "Send changes").

import { useEffect, useState, type FormEvent } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { ClassGradebook } from "../../bindings/ClassGradebook";

const ref = (sourcedId: string, type: string) => ({ sourcedId, type });

/** The form for a new line item of `book`'s class. */
export function LineItemForm({ book, onDone }: { book: ClassGradebook; onDone: () => void }) {
  const backend = useBackend();
  const [id, setId] = useState("");
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState(book.categories[0]?.id ?? "");
  const [assign, setAssign] = useState("");
  const [due, setDue] = useState("");
  const [min, setMin] = useState("0");
  const [max, setMax] = useState("");
  const [period, setPeriod] = useState(book.lineItems.find((l) => l.gradingPeriodId)?.gradingPeriodId ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void backend.gradebookNewId().then(setId);
  }, [backend]);
  const periods = [...new Map(book.lineItems.filter((l) => l.gradingPeriodId).map((l) => [l.gradingPeriodId!, l.gradingPeriod ?? l.gradingPeriodId!])).entries()];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = [
      !title.trim() && "title",
      !category && "category",
      !assign && "assignDate",
      !due && "dueDate",
      !book.schoolId && "school (the class names none)",
    ].filter(Boolean);
    if (missing.length > 0) {
      setProblem(`Required: ${missing.join(", ")}`);
      return;
    }
    const record: Record<string, unknown> = {
      sourcedId: id,
      status: "active",
      dateLastModified: new Date().toISOString(),
      title: title.trim(),
      assignDate: `${assign}T00:00:00.000Z`,
      dueDate: `${due}T23:59:59.000Z`,
      class: ref(book.classId, "class"),
      school: ref(book.schoolId ?? "", "org"),
      category: ref(category, "category"),
    };
    if (period) record.gradingPeriod = ref(period, "academicSession");
    if (min.trim()) record.resultValueMin = Number(min);
    if (max.trim()) record.resultValueMax = Number(max);
    try {
      await backend.gradebookPut(book.connection, "lineItems", record, `Line item: ${title.trim()}`);
      onDone();
    } catch (error) {
      setProblem((error as AppError).message ?? String(error));
    }
  };
  return (
    <form className="gb-form" aria-label="New line item" onSubmit={(e) => void submit(e)}>
      <p className="muted">Fields marked * are required. The line item is stored in the outbox; “Send changes” sends it.</p>
      <label>sourcedId <input value={id} readOnly aria-label="sourcedId" className="mono" size={38} /></label>
      <label>Title * <input value={title} aria-label="Title" required onChange={(e) => setTitle(e.target.value)} /></label>
      <label>
        Category *
        <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          {book.categories.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </select>
      </label>
      <label>
        Grading period
        <select aria-label="Grading period" value={period} onChange={(e) => setPeriod(e.target.value)}>
          <option value="">—</option>
          {periods.map(([pid, label]) => <option key={pid} value={pid}>{label}</option>)}
        </select>
      </label>
      <label>Assigned * <input aria-label="Assign date" placeholder="YYYY-MM-DD" pattern="\d{4}-\d{2}-\d{2}" value={assign} onChange={(e) => setAssign(e.target.value)} /></label>
      <label>Due * <input aria-label="Due date" placeholder="YYYY-MM-DD" pattern="\d{4}-\d{2}-\d{2}" value={due} onChange={(e) => setDue(e.target.value)} /></label>
      <label>Minimum <input aria-label="Minimum" className="num" value={min} size={6} onChange={(e) => setMin(e.target.value)} /></label>
      <label>Maximum <input aria-label="Maximum" className="num" value={max} size={6} onChange={(e) => setMax(e.target.value)} /></label>
      <p className="muted">Class: {book.classTitle} · School: {book.schoolId ?? "none"}</p>
      {problem && <p className="gb-refusal" role="alert">{problem}</p>}
      <div className="toolbar">
        <button type="submit" className="primary">Store the line item</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
