//! A date in the user's locale, with the stored value on hover (and as is when unreadable).

import { formatLocalDate } from "./formatDate";

/** Shows `value` (an ISO 8601 date or date-time), with the time of day when `withTime`. */
export function LocalDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const text = formatLocalDate(value, withTime);
  if (text === null) return <span>{value}</span>;
  return (
    <time dateTime={value} title={value}>
      {text}
    </time>
  );
}
