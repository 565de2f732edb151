//! The line item form: every required field named, the identifier a new UUID, the class and
//! school filled in; stored in the outbox as a PUT, or gathered with others into one bulk POST
//! for the class (whose answer, the identifiers the server allocated, the outbox shows).

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
  const [batch, setBatch] = useState<Array<Record<string, unknown>>>([]);
  const newId = () => void backend.gradebookNewId().then(setId);
  useEffect(newId, [backend]);
  const periods = [
    ...new Map(
      book.lineItems
        .filter((l) => l.gradingPeriodId)
        .map((l) => [l.gradingPeriodId!, l.gradingPeriod ?? l.gradingPeriodId!]),
    ).entries(),
  ];
  const build = (): Record<string, unknown> | null => {
    const missing = [
      !title.trim() && "title",
      !category && "category",
      !assign && "assignDate",
      !due && "dueDate",
      !book.schoolId && "school (the class names none)",
    ].filter(Boolean);
    if (missing.length > 0) {
      setProblem(`Required: ${missing.join(", ")}`);
      return null;
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
    setProblem(null);
    return record;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const record = build();
    if (!record) return;
    try {
      await backend.gradebookPut(book.connection, "lineItems", record, `Line item: ${title.trim()}`);
      onDone();
    } catch (error) {
      setProblem((error as AppError).message ?? String(error));
    }
  };
  const addToBatch = () => {
    const record = build();
    if (!record) return;
    setBatch((b) => [...b, record]);
    setTitle("");
    newId();
  };
  const post = async () => {
    try {
      await backend.gradebookPost(
        book.connection,
        "postLineItemsForClass",
        book.classId,
        batch,
        `${batch.length} line items for ${book.classTitle}`,
      );
      setBatch([]);
      onDone();
    } catch (error) {
      setProblem((error as AppError).message ?? String(error));
    }
  };
  return (
    <form className="gb-form" aria-label="New line item" onSubmit={(e) => void submit(e)}>
      <p className="muted">
        Fields marked * are required. The line item is stored in the outbox; “Send changes” sends it.
      </p>
      <label>
        sourcedId <input value={id} readOnly aria-label="sourcedId" className="mono" size={38} />
      </label>
      <label>
        Title * <input value={title} aria-label="Title" required onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        Category *
        <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          {book.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Grading period
        <select aria-label="Grading period" value={period} onChange={(e) => setPeriod(e.target.value)}>
          <option value="">—</option>
          {periods.map(([pid, label]) => (
            <option key={pid} value={pid}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assigned *{" "}
        <input
          aria-label="Assign date"
          placeholder="YYYY-MM-DD"
          pattern="\d{4}-\d{2}-\d{2}"
          value={assign}
          onChange={(e) => setAssign(e.target.value)}
        />
      </label>
      <label>
        Due *{" "}
        <input
          aria-label="Due date"
          placeholder="YYYY-MM-DD"
          pattern="\d{4}-\d{2}-\d{2}"
          value={due}
          onChange={(e) => setDue(e.target.value)}
        />
      </label>
      <label>
        Minimum{" "}
        <input aria-label="Minimum" className="num" value={min} size={6} onChange={(e) => setMin(e.target.value)} />
      </label>
      <label>
        Maximum{" "}
        <input aria-label="Maximum" className="num" value={max} size={6} onChange={(e) => setMax(e.target.value)} />
      </label>
      <p className="muted">
        Class: {book.classTitle} · School: {book.schoolId ?? "none"}
      </p>
      {problem && (
        <p className="gb-refusal" role="alert">
          {problem}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="primary">
          Store the line item
        </button>
        <button
          type="button"
          onClick={addToBatch}
          title="Gather several line items and send them as one POST; the server allocates their identifiers"
        >
          Add to a bulk POST
        </button>
        {batch.length > 0 && (
          <button type="button" onClick={() => void post()}>
            Store {batch.length} line {batch.length === 1 ? "item" : "items"} as one POST
          </button>
        )}
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {batch.length > 0 && (
        <ul className="gb-batch" aria-label="Bulk POST">
          {batch.map((r) => (
            <li key={String(r.sourcedId)}>
              {String(r.title)} <code>{String(r.sourcedId)}</code>{" "}
              <span className="muted">(supplied; the server allocates its own)</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
