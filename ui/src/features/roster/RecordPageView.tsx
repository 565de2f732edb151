//! Any other roster record (an org, a session, a course, an enrollment...): its fields, the
//! records it references, the raw record.

import type { RecordPage } from "../../bindings/RecordPage";
import { RawRecord } from "./RawRecord";
import { RecordLinkButton } from "./RecordLinkButton";

/** A record page. */
export function RecordPageView({ page }: { page: RecordPage }) {
  return (
    <article className="record-page" aria-label={`Record ${page.link.label}`}>
      <h2>
        {page.link.label} {page.link.inactive && <span className="badge warn">tobedeleted</span>}
      </h2>
      <p className="muted">
        {page.link.collection} · {page.link.id}
      </p>
      {page.links.length > 0 && (
        <section aria-label="References">
          <h3>References</h3>
          <dl className="fields">
            {page.links.map((l, i) => (
              <div key={i}>
                <dt>{l.field}</dt>
                <dd>
                  <RecordLinkButton link={l.link} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section aria-label="Fields">
        <h3>Fields</h3>
        <dl className="fields">
          {page.fields.map((f, i) => (
            <div key={i}>
              <dt>{f.name}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <RawRecord raw={page.raw} />
    </article>
  );
}
