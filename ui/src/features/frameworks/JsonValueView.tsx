//! A JSON value shown readably: text as text, lists as lists, objects as nested field lists.

import { FieldName } from "../../ui/FieldName";
import type { JsonValue } from "../../bindings/serde_json/JsonValue";

/** `value`, nested values indented. */
export function JsonValueView({ value }: { value: JsonValue | undefined }) {
  if (value === null || value === undefined) return <span className="muted">null</span>;
  if (typeof value === "boolean") return <span>{value ? "true" : "false"}</span>;
  if (typeof value === "number") return <span className="num">{value}</span>;
  if (typeof value === "string") return <span className="value-text">{value}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">[]</span>;
    return (
      <ul className="json-list">
        {value.map((v, i) => (
          <li key={i}>
            <JsonValueView value={v} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return <span className="muted">{"{}"}</span>;
  return (
    <dl className="json-object">
      {entries.map(([k, v]) => (
        <div key={k} className="field">
          <dt>
            <FieldName name={k} />
          </dt>
          <dd>
            <JsonValueView value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
