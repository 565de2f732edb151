//! What "Test" found: the token's granted scopes, then one line per service — answering (with
//! its size) or not, with the server's status object or the TLS or network error.

import type { ConnectionTest } from "../../bindings/ConnectionTest";
import type { ServiceName } from "../../bindings/ServiceName";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";

const NAMES: Record<ServiceName, string> = {
  competency: "CASE (frameworks)",
  rostering: "Rostering",
  gradebook: "Gradebook",
  resources: "Resources",
};

export function TestResultView({ test }: { test: ConnectionTest }) {
  if (test.tokenError) {
    return (
      <section className="test-result" aria-label="Test result">
        <h3>No token</h3>
        <ErrorView error={test.tokenError} />
      </section>
    );
  }
  return (
    <section className="test-result" aria-label="Test result">
      <h3>Token granted</h3>
      <p>
        Granted scopes:{" "}
        {test.grantedScopes.length === 0 ? (
          <em>none</em>
        ) : (
          <span className="scopes" aria-label="Granted scopes">
            {test.grantedScopes.map((s) => (
              <code key={s} className="scope">
                {s}
              </code>
            ))}
          </span>
        )}
      </p>
      <table className="service-checks">
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {test.services.map((s) => (
            <tr key={s.service} data-service={s.service}>
              <th scope="row" title={s.url}>
                {NAMES[s.service]}
              </th>
              <td>
                {s.ok ? (
                  <span className="ok">
                    ✓ Answers
                    {s.total !== null
                      ? ` (${formatCount(s.total)} records in ${s.operation.replace(/^getAll/, "")})`
                      : ""}
                  </span>
                ) : (
                  s.error && <ErrorView error={s.error} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
