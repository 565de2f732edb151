//! A form for a result, category, score scale, assessment line item (with its parent) or
//! assessment result (with learning objective scores whose items are picked from the cached
//! frameworks by search): required fields named, a new UUID, the PUT stored in the outbox.

import { useEffect, useState, type FormEvent } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { SearchHit } from "../../bindings/SearchHit";
import { SCORE_STATUSES, missingFields, recordOf, type FormKind, type ObjectiveScore } from "./formKinds";

function Objectives({ picked, onChange }: { picked: ObjectiveScore[]; onChange: (next: ObjectiveScore[]) => void }) {
  const backend = useBackend();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  useEffect(() => {
    if (query.trim().length < 2) {
      setHits([]);
      return;
    }
    let live = true;
    void backend
      .search(query, 8)
      .then((found) => live && setHits(found))
      .catch(() => live && setHits([]));
    return () => {
      live = false;
    };
  }, [backend, query]);
  const label = (h: SearchHit) =>
    `${h.humanCodingScheme ? `${h.humanCodingScheme} ` : ""}${h.segments.map((s) => s.text).join("")}`.slice(0, 120);
  return (
    <fieldset className="gb-objectives">
      <legend>Learning objective scores</legend>
      <input
        type="search"
        aria-label="Find a learning objective"
        placeholder="Search the cached frameworks"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {hits.length > 0 && (
        <ul className="gb-hits" aria-label="Learning objectives found">
          {hits.map((h) => (
            <li key={`${h.key.connection}/${h.identifier}`}>
              <button
                type="button"
                className="link"
                onClick={() =>
                  !picked.some((p) => p.identifier === h.identifier) &&
                  onChange([...picked, { identifier: h.identifier, label: label(h), score: "" }])
                }
              >
                {label(h)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked.map((p, i) => (
        <div key={p.identifier} className="gb-objective">
          <span title={p.identifier}>{p.label}</span>
          <input
            aria-label={`Score for ${p.label}`}
            className="num"
            size={6}
            value={p.score}
            onChange={(e) => onChange(picked.map((q, j) => (j === i ? { ...q, score: e.target.value } : q)))}
          />
          <button
            type="button"
            aria-label={`Remove ${p.label}`}
            onClick={() => onChange(picked.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
    </fieldset>
  );
}

/** The form of `kind` for `book`'s class. */
export function RecordForm({ kind, book, onDone }: { kind: FormKind; book: ClassGradebook; onDone: () => void }) {
  const backend = useBackend();
  const [id, setId] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [objectives, setObjectives] = useState<ObjectiveScore[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void backend.gradebookNewId().then(setId);
    setValues({});
    setObjectives([]);
    setProblem(null);
  }, [backend, kind]);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = missingFields(kind, values);
    if (missing.length > 0) {
      setProblem(`Required: ${missing.join(", ")}`);
      return;
    }
    const record = recordOf(kind, book, id, new Date().toISOString(), values, objectives);
    const title = values.title ?? values.student ?? id;
    try {
      await backend.gradebookPut(book.connection, kind.collection, record, `${kind.noun}: ${title}`);
      onDone();
    } catch (error) {
      setProblem((error as AppError).message ?? String(error));
    }
  };
  return (
    <form className="gb-form" aria-label={`New ${kind.noun.toLowerCase()}`} onSubmit={(e) => void submit(e)}>
      <p className="muted">
        Fields marked * are required. The {kind.noun.toLowerCase()} is stored in the outbox; “Send changes” sends it.
      </p>
      <label>
        sourcedId <input value={id} readOnly aria-label="sourcedId" className="mono" size={38} />
      </label>
      {kind.fields.map((f) => {
        const label = `${f.label}${f.required ? " *" : ""}`;
        const value = values[f.name] ?? "";
        if (f.choices) {
          return (
            <label key={f.name}>
              {label}
              <select aria-label={f.label} value={value} onChange={(e) => set(f.name, e.target.value)}>
                <option value="">—</option>
                {f.choices(book).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        if (f.kind === "status") {
          return (
            <label key={f.name}>
              {label}
              <input
                aria-label={f.label}
                list="gb-score-statuses"
                value={value}
                onChange={(e) => set(f.name, e.target.value)}
              />
            </label>
          );
        }
        return (
          <label key={f.name}>
            {label}
            <input
              aria-label={f.label}
              className={f.kind === "number" ? "num" : undefined}
              placeholder={f.kind === "date" ? "YYYY-MM-DD" : undefined}
              value={value}
              onChange={(e) => set(f.name, e.target.value)}
            />
          </label>
        );
      })}
      <datalist id="gb-score-statuses">
        {SCORE_STATUSES.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {kind.objectives && <Objectives picked={objectives} onChange={setObjectives} />}
      {problem && (
        <p className="gb-refusal" role="alert">
          {problem}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="primary">
          Store the {kind.noun.toLowerCase()}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
