//! A user's demographics: masked until revealed for this user, and a clear note when the
//! connection's token lacks the demographics scope (nothing is then read or shown).

import { useState } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { DemographicsRecord } from "../../bindings/DemographicsRecord";
import type { UserPage } from "../../bindings/UserPage";

/** The demographics section of a user page. */
export function DemographicsPanel({ page }: { page: UserPage }) {
  const backend = useBackend();
  const [shown, setShown] = useState<DemographicsRecord | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const access = page.demographics;
  if (!access.allowed) {
    return (
      <section aria-label="Demographics" className="demographics">
        <h3>Demographics</h3>
        <p className="note" role="note">
          {access.note}
        </p>
      </section>
    );
  }
  if (!page.hasDemographics) {
    return (
      <section aria-label="Demographics" className="demographics">
        <h3>Demographics</h3>
        <p className="muted">No demographics record for this user.</p>
      </section>
    );
  }
  return (
    <section aria-label="Demographics" className="demographics">
      <h3>Demographics</h3>
      {shown ? (
        <>
          <dl className="fields">
            {shown.fields.map((f) => (
              <div key={f.name}>
                <dt>{f.name}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" onClick={() => setShown(null)}>
            Hide demographics
          </button>
        </>
      ) : (
        <>
          <p className="masked" aria-label="Demographics masked">
            •••••• masked
          </p>
          <button
            type="button"
            onClick={() =>
              backend.rosterDemographics(page.connection, page.link.id).then(setShown, (e: AppError) => setError(e))
            }
          >
            Reveal demographics
          </button>
        </>
      )}
      {error && (
        <p className="warning" role="alert">
          {error.message}
        </p>
      )}
      <p className="muted small">{access.note}</p>
    </section>
  );
}
