//! A roster date in the user's locale with the stored value on hover; an exclusive end date
//! says so.

import { formatDay } from "./rosterModel";

/** Shows `value`; `exclusive` marks an end date that is not itself included. */
export function RosterDate({ value, exclusive = false }: { value: string | null | undefined; exclusive?: boolean }) {
  if (!value) return <span className="muted">—</span>;
  return (
    <time dateTime={value} title={exclusive ? `${value} (exclusive: the day before is the last one included)` : value}>
      {formatDay(value)}
      {exclusive && <span className="muted"> (excl.)</span>}
    </time>
  );
}
