//! The academic calendar: school years → terms → grading periods with their dates, today's
//! marked. An end date is exclusive: the last day included is shown beside it.

import type { CalendarSession } from "../../bindings/CalendarSession";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { RosterDate } from "./RosterDate";
import { formatDay } from "./rosterModel";
import { useCalendar } from "./rosterQueries";
import { useRoster } from "./rosterState";

function Session({ session }: { session: CalendarSession }) {
  const roster = useRoster();
  return (
    <li aria-current={session.current ? "date" : undefined}>
      <div className={`session${session.current ? " current" : ""}`}>
        <button
          type="button"
          className="link"
          onClick={() => roster.open({ kind: "record", collection: "academicSessions", id: session.id })}
        >
          {session.title}
        </button>
        <span className="kind">{session.kind ?? "session"}</span>
        {session.current && <span className="badge current">current</span>}
        {session.inactive && <span className="badge warn">tobedeleted</span>}
        <span className="dates">
          <RosterDate value={session.startDate} /> to <RosterDate value={session.endDate} exclusive />
          {session.lastDay && <span className="muted"> · last day {formatDay(session.lastDay)}</span>}
        </span>
        {session.classes > 0 && <span className="muted">{formatCount(session.classes)} classes</span>}
      </div>
      {session.children.length > 0 && (
        <ul>
          {session.children.map((child) => (
            <Session key={child.id} session={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The calendar of `connection`. */
export function CalendarView({ connection }: { connection: string }) {
  const calendar = useCalendar(connection);
  if (calendar.isError) return <ErrorView error={calendar.error as never} onRetry={() => void calendar.refetch()} />;
  if (!calendar.data) return <p className="muted pad">Loading…</p>;
  return (
    <section className="scroll calendar" aria-label="Academic calendar">
      <p className="note">
        Today is {formatDay(calendar.data.today)}. End dates are exclusive, as OneRoster defines them: a session ends
        the day before its end date.
      </p>
      {calendar.data.roots.length === 0 ? (
        <p className="muted">No academic sessions are cached for this connection.</p>
      ) : (
        <ul className="sessions">
          {calendar.data.roots.map((s) => (
            <Session key={s.id} session={s} />
          ))}
        </ul>
      )}
    </section>
  );
}
