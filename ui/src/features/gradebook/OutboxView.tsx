//! The outbox and the audit: every write made from this computer, newest first — when, what,
//! before and after, its state and why it failed — with failed writes retried (as they were, or
//! with their body edited) and failed or pending ones discarded, and the whole list exported as CSV.

import { useState } from "react";

import { useBackend } from "../../backend";
import { saveAs } from "../files/saveAs";
import type { OutboxItem } from "../../bindings/OutboxItem";
import { formatCount } from "../../ui/formatCount";
import { auditCsv } from "./gradebookModel";

/** A failed write's body, edited as JSON, then put back in line. */
function EditBody({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const backend = useBackend();
  const [text, setText] = useState(JSON.stringify(item.body, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const retry = async () => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      setProblem(`Not JSON: ${(error as Error).message}`);
      return;
    }
    await backend.gradebookRetry(item.id, body);
    onDone();
  };
  return (
    <div className="gb-edit-body">
      <textarea
        aria-label={`Body of write ${item.id}`}
        value={text}
        rows={8}
        onChange={(e) => setText(e.target.value)}
      />
      {problem && (
        <p className="gb-refusal" role="alert">
          {problem}
        </p>
      )}
      <button type="button" onClick={() => void retry()}>
        Retry with this body
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}

const short = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value).slice(0, 160));

/** The outbox of `connection`. */
export function OutboxView({ connection, items }: { connection: string; items: OutboxItem[] }) {
  const backend = useBackend();
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const exportCsv = async () => {
    try {
      const path = await saveAs(backend, "Gradebook audit.csv", new TextEncoder().encode(auditCsv(items)));
      if (path) setMessage(`Saved ${formatCount(items.length)} writes to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${(error as { message?: string }).message ?? String(error)}`);
    }
  };
  return (
    <section className="gb-outbox" aria-label="Outbox and audit">
      <div className="toolbar">
        <span className="muted">
          {formatCount(items.length)} writes made from this computer to {connection}
        </span>
        <button type="button" onClick={() => void exportCsv()} disabled={items.length === 0}>
          Export the audit as CSV
        </button>
      </div>
      {message && (
        <p className="export-message" role="status">
          {message}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted pad">No writes yet: what you enter in the grid or the forms is listed here.</p>
      ) : (
        <table className="members gb-audit" aria-label="Writes">
          <thead>
            <tr>
              <th>#</th>
              <th>When</th>
              <th>What</th>
              <th>Request</th>
              <th>State</th>
              <th>Before</th>
              <th>After</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-state={item.state}>
                <td className="num">{item.id}</td>
                <td title={item.sentAt ? `sent ${item.sentAt}` : undefined}>
                  {item.createdAt.replace("T", " ").slice(0, 19)}
                </td>
                <td>
                  {item.label}
                  {item.pairs.length > 0 && (
                    <ul className="gb-pairs" aria-label="Identifiers allocated">
                      {item.pairs.map((p) => (
                        <li key={p.supplied}>
                          <code>{p.supplied}</code> → <code>{p.allocated}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <code>{item.method}</code> {item.operation}
                </td>
                <td>
                  <span className={`badge state-${item.state}`}>{item.state}</span>
                  {item.attempts > 1 && <span className="muted"> ({item.attempts} attempts)</span>}
                  {item.error && (
                    <div className="gb-refusal">
                      {item.error.message}
                      {item.error.failure.status?.codeMinor ? ` (${item.error.failure.status.codeMinor})` : ""}
                    </div>
                  )}
                </td>
                <td>
                  <code className="gb-json">{short(item.before)}</code>
                </td>
                <td>
                  <code className="gb-json">{short(item.after ?? (item.state === "sent" ? null : item.body))}</code>
                </td>
                <td>
                  {(item.state === "failed" || item.state === "pending") && (
                    <>
                      {item.state === "failed" && (
                        <button type="button" onClick={() => void backend.gradebookRetry(item.id, null)}>
                          Retry
                        </button>
                      )}
                      {item.state === "failed" && item.body !== null && (
                        <button type="button" onClick={() => setEditing(item.id)}>
                          Edit
                        </button>
                      )}
                      <button type="button" onClick={() => void backend.gradebookDiscard(item.id)}>
                        Discard
                      </button>
                    </>
                  )}
                  {editing === item.id && <EditBody item={item} onDone={() => setEditing(null)} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
