//! The data checks: each check with its count and, opened, its records with what is wrong with
//! each — each a link to the record — and its list as CSV.

import { useState } from "react";

import { useBackend } from "../../backend";
import { saveAs } from "../files/saveAs";
import type { CheckResult } from "../../bindings/CheckResult";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { RecordLinkButton } from "./RecordLinkButton";
import { checkCsv } from "./rosterModel";
import { useChecks } from "./rosterQueries";

function Check({ check }: { check: CheckResult }) {
  const backend = useBackend();
  const [message, setMessage] = useState<string | null>(null);
  const save = async () => {
    try {
      const path = await saveAs(backend, `Data check ${check.title}.csv`, new TextEncoder().encode(checkCsv(check)));
      if (path) setMessage(`Saved to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${(error as { message?: string }).message ?? String(error)}`);
    }
  };
  return (
    <details className={`check${check.count > 0 ? " found" : ""}`} aria-label={check.title}>
      <summary>
        <span className="check-count" aria-label={`${check.count} found`}>
          {formatCount(check.count)}
        </span>
        <span className="check-title">{check.title}</span>
        <span className="muted"> · {check.group}</span>
      </summary>
      <p className="muted">{check.explanation}</p>
      {check.count > 0 && (
        <>
          <table className="check-records" aria-label={`${check.title}: records`}>
            <thead>
              <tr>
                <th>Record</th>
                <th>Collection</th>
                <th>What is wrong</th>
              </tr>
            </thead>
            <tbody>
              {check.records.map((r) => (
                <tr key={`${r.link.collection}:${r.link.id}:${r.detail}`}>
                  <td>
                    <RecordLinkButton link={r.link} />
                  </td>
                  <td>{r.link.collection}</td>
                  <td>{r.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {check.records.length < check.count && (
            <p className="muted">
              The first {formatCount(check.records.length)} of {formatCount(check.count)} are listed.
            </p>
          )}
          <button type="button" onClick={() => void save()}>
            Export these rows as CSV
          </button>
          {message && (
            <p role="status" className="export-message">
              {message}
            </p>
          )}
        </>
      )}
    </details>
  );
}

/** The data checks of `connection`. */
export function ChecksView({ connection }: { connection: string }) {
  const checks = useChecks(connection);
  if (checks.isError) return <ErrorView error={checks.error as never} onRetry={() => void checks.refetch()} />;
  if (!checks.data) return <p className="muted pad">Running the checks…</p>;
  const found = checks.data.checks.filter((c) => c.count > 0).length;
  return (
    <section className="scroll checks" aria-label="Data checks">
      <p className="note">
        {found === 0 ? "No problems found." : `${found} of ${checks.data.checks.length} checks found records to fix.`}{" "}
        What the source system should fix before its next export:
      </p>
      {checks.data.checks.map((c) => (
        <Check key={c.id} check={c} />
      ))}
    </section>
  );
}
