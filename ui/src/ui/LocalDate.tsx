//! A date in the user's locale, with the stored value on hover (and as is when unreadable).

/** Shows `value` (an ISO 8601 date or date-time). */
export function LocalDate({ value }: { value: string }) {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return <span>{value}</span>;
  const text = new Date(time).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  return (
    <time dateTime={value} title={value}>
      {text}
    </time>
  );
}
