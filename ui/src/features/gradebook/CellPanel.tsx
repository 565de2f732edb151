//! The selected cell's details beside the grid: the student and line item, the value, score
//! status and date, the flags, the comment, why it was refused (the checks' words, or the
//! server's status object), and "fill empty cells" for its column.

import { useEffect, useState } from "react";

import type { ClassGradebook } from "../../bindings/ClassGradebook";
import type { CellEdit } from "../../bindings/CellEdit";
import type { GradebookCell } from "../../bindings/GradebookCell";
import type { GradebookLineItem } from "../../bindings/GradebookLineItem";
import type { GradebookStudent } from "../../bindings/GradebookStudent";
import { Confirmation, KEEP } from "../../ui/Confirmation";
import { FLAG_KEYS, FLAG_LABELS, STATE_LABELS, editOf, hasFlag, shown, toggled, type Flag } from "./gradebookModel";
import type { CellProblem } from "./ResultsGrid";

const NO_DELETE = "The server did not grant gradebook.delete";

const KEY_OF: Record<Flag, string> = Object.fromEntries(
  Object.entries(FLAG_KEYS).map(([k, f]) => [f, k.toUpperCase()]),
) as Record<Flag, string>;

/** The selected cell's panel. */
export function CellPanel({
  book,
  student,
  lineItem,
  cell,
  problem,
  readOnly,
  canDelete,
  onSave,
  onFill,
  onDeleteLineItem,
  onDeleteResult,
}: {
  book: ClassGradebook;
  student: GradebookStudent;
  lineItem: GradebookLineItem;
  cell: GradebookCell | undefined;
  problem: CellProblem | undefined;
  readOnly: boolean;
  canDelete: boolean;
  onSave: (edit: CellEdit) => void;
  onFill: (text: string, asPost: boolean) => void;
  onDeleteLineItem: () => void;
  onDeleteResult: (resultId: string) => void;
}) {
  const [confirming, setConfirming] = useState<"lineItem" | "result" | null>(null);
  useEffect(() => setConfirming(null), [student.id, lineItem.id]);
  const results = book.cells.filter((c) => c.lineItem === lineItem.id).length;
  const [comment, setComment] = useState(cell?.comment ?? "");
  const [fill, setFill] = useState("");
  const [asPost, setAsPost] = useState(false);
  useEffect(() => setComment(cell?.comment ?? ""), [cell?.comment, student.id, lineItem.id]);
  const base = editOf(book.classId, student.id, lineItem.id, cell);
  const status = cell?.error?.failure.status ?? null;
  return (
    <aside className="gb-panel" aria-label="Selected result">
      <h3>{student.name}</h3>
      <p className="muted">
        {lineItem.title} · {lineItem.category ?? "no category"} · due {lineItem.dueDate?.slice(0, 10) ?? "—"} · range{" "}
        <span className="num">{lineItem.min ?? "–"}</span> to <span className="num">{lineItem.max ?? "–"}</span>
      </p>
      <dl className="fields">
        <div>
          <dt>Score</dt>
          <dd className="num">{shown(cell) || "—"}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{cell?.scoreStatus ?? "—"}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{cell?.scoreDate ?? "—"}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{cell ? STATE_LABELS[cell.state] : "no result yet"}</dd>
        </div>
      </dl>
      {problem && (
        <p className="gb-refusal" role="alert">
          Not saved ({problem.text}): {problem.message}
        </p>
      )}
      {cell?.error && (
        <div className="gb-refusal" role="alert">
          <p>The server refused it: {cell.error.message}</p>
          {status && (
            <details>
              <summary>
                Status object{cell.error.failure.httpStatus ? ` (HTTP ${cell.error.failure.httpStatus})` : ""}
              </summary>
              <dl className="fields">
                <div>
                  <dt>codeMajor</dt>
                  <dd>{status.codeMajor}</dd>
                </div>
                <div>
                  <dt>severity</dt>
                  <dd>{status.severity}</dd>
                </div>
                <div>
                  <dt>codeMinor</dt>
                  <dd>{status.codeMinor ?? "—"}</dd>
                </div>
                <div>
                  <dt>description</dt>
                  <dd>{status.description ?? "—"}</dd>
                </div>
              </dl>
            </details>
          )}
        </div>
      )}
      <fieldset className="gb-flags-set" disabled={readOnly}>
        <legend>Flags</legend>
        {(Object.keys(FLAG_LABELS) as Flag[]).map((flag) => (
          <label key={flag}>
            <input type="checkbox" checked={hasFlag(cell, flag)} onChange={() => onSave(toggled(base, flag))} />
            {FLAG_LABELS[flag]} <kbd>{KEY_OF[flag]}</kbd>
          </label>
        ))}
      </fieldset>
      <label className="gb-comment-field">
        Comment
        <textarea
          aria-label="Comment"
          value={comment}
          disabled={readOnly}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
        />
      </label>
      <button
        type="button"
        disabled={readOnly || comment === (cell?.comment ?? "")}
        onClick={() => onSave({ ...base, comment })}
      >
        Save comment
      </button>
      <form
        className="gb-fill"
        onSubmit={(e) => {
          e.preventDefault();
          if (fill.trim()) onFill(fill, asPost);
        }}
      >
        <label>
          Fill the empty cells of {lineItem.title} with
          <input
            aria-label={`Fill the empty cells of ${lineItem.title}`}
            value={fill}
            disabled={readOnly}
            onChange={(e) => setFill(e.target.value)}
            className="num"
            size={6}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={asPost} disabled={readOnly} onChange={(e) => setAsPost(e.target.checked)} />{" "}
          as one bulk POST
        </label>
        <button type="submit" disabled={readOnly || !fill.trim()}>
          Fill
        </button>
      </form>
      <div className="gb-delete">
        {confirming === null && (
          <>
            {cell?.state === "server" && (
              <button
                type="button"
                disabled={!canDelete}
                title={canDelete ? undefined : NO_DELETE}
                onClick={() => setConfirming("result")}
              >
                Delete result…
              </button>
            )}
            <button
              type="button"
              disabled={!canDelete || lineItem.state !== "server"}
              title={canDelete ? undefined : NO_DELETE}
              onClick={() => setConfirming("lineItem")}
            >
              Delete line item…
            </button>
          </>
        )}
        {confirming === "result" && cell && (
          <Confirmation
            label="Delete the result?"
            className="gb-question"
            initial={KEEP}
            onCancel={() => setConfirming(null)}
          >
            <p>
              Delete {student.name}’s result for “{lineItem.title}” ({shown(cell) || "no score"})? Nothing depends on
              it; the cell is empty once the server took it.
            </p>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(null);
                onDeleteResult(cell.resultId);
              }}
            >
              Delete the result
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              Keep it
            </button>
          </Confirmation>
        )}
        {confirming === "lineItem" && (
          <Confirmation
            label="Delete the line item?"
            className="gb-question"
            initial={KEEP}
            onCancel={() => setConfirming(null)}
          >
            <p>
              Delete the line item “{lineItem.title}”?{" "}
              {results > 0
                ? `Its ${results} ${results === 1 ? "result stays" : "results stay"} on the server without their line item.`
                : "No result depends on it."}
            </p>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(null);
                onDeleteLineItem();
              }}
            >
              Delete “{lineItem.title}”
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              Keep it
            </button>
          </Confirmation>
        )}
      </div>
      <p className="muted gb-keys">
        Arrows, Home/End, Ctrl+Home/End, PageUp/Down move · Tab leaves the grid · Type or F2 to edit: Enter saves going
        down, Tab saves going right · Esc undoes the cell · Ctrl+Z undoes the last edit · Delete clears · L I M P X flag
      </p>
    </aside>
  );
}
