//! Dates and date-times in the user's locale, for text (LocalDate wraps them in a <time>).

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/**
 * `value` (an ISO 8601 date or date-time) in the user's locale, with the time of day when `withTime`
 * and the value has one; `null` when it cannot be read, so callers show the stored text as is. A
 * date alone names a calendar day, so it is shown as that day whatever the user's time zone.
 */
export function formatLocalDate(value: string, withTime = false): string | null {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return date.toLocaleDateString(undefined, { ...DAY, timeZone: "UTC" });
  return withTime
    ? date.toLocaleString(undefined, { ...DAY, hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(undefined, DAY);
}
