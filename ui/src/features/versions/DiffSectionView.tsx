//! One section of a version diff (the document, items or associations): added, removed and
//! changed records, each change field by field; records whose `lastChangeDateTime` alone changed
//! apart, folded. A change shows its value before above its value after, so that narrow columns
//! still read whole dates and codes.

import type { DiffRecord } from "../../bindings/DiffRecord";
import type { DiffSection } from "../../bindings/DiffSection";
import { FieldName } from "../../ui/FieldName";
import { valueText } from "./diffModel";

function Changes({ record }: { record: DiffRecord }) {
  return (
    <table className="field-changes" aria-label={`Changes of ${record.label}`}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before → after</th>
        </tr>
      </thead>
      <tbody>
        {record.changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">
              <FieldName name={c.field} />
            </th>
            <td>
              <del className="old" aria-label={`Before: ${valueText(c.old)}`}>
                {valueText(c.old)}
              </del>
              <ins className="new" aria-label={`After: ${valueText(c.new)}`}>
                {valueText(c.new)}
              </ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Records({
  title,
  records,
  kind,
  withChanges,
}: {
  title: string;
  records: DiffRecord[];
  kind: string;
  withChanges: boolean;
}) {
  if (records.length === 0) return null;
  return (
    <div className={`diff-records ${kind}`}>
      <h4>
        {title} <span className="muted num">{records.length}</span>
      </h4>
      <ul aria-label={`${title}`}>
        {records.map((r) => (
          <li key={r.identifier} data-identifier={r.identifier}>
            <span className={`badge mark-${kind}`}>{kind}</span> {r.label}
            {withChanges && <Changes record={r} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The section `section` titled `name`. */
export function DiffSectionView({ name, section }: { name: string; section: DiffSection }) {
  const empty = section.added.length + section.removed.length + section.changed.length + section.touched.length === 0;
  return (
    <section role="region" aria-label={name} className="diff-section">
      <h3>
        {name}{" "}
        <span className="muted num">
          ({section.oldCount} → {section.newCount})
        </span>
      </h3>
      {empty && <p className="muted">No change.</p>}
      <Records title={`${name}: added`} records={section.added} kind="added" withChanges={false} />
      <Records title={`${name}: removed`} records={section.removed} kind="removed" withChanges={false} />
      <Records title={`${name}: changed`} records={section.changed} kind="changed" withChanges />
      {section.touched.length > 0 && (
        <details className="touched">
          <summary>{section.touched.length} with only lastChangeDateTime changed</summary>
          <ul aria-label={`${name}: only lastChangeDateTime changed`}>
            {section.touched.map((r) => (
              <li key={r.identifier} data-identifier={r.identifier}>
                {r.label}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
