//! A date in the user's locale, with the stored value on hover (and as is when unreadable).

/** Shows `value` (an ISO 8601 date or date-time), with the time of day when `withTime`. */
export function LocalDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return <span>{value}</span>;
  const date = new Date(time);
  const text = withTime
    ? date.toLocaleString(undefined, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      })
    : date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  return (
    <time dateTime={value} title={value}>
      {text}
    </time>
  );
}
