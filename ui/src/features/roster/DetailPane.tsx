//! The detail pane of the Rosters area: the record opened (a class, a user, any record), with
//! back and forward through the records opened.

import { ErrorView } from "../../ui/ErrorView";
import { ClassPageView } from "./ClassPageView";
import { RecordPageView } from "./RecordPageView";
import { useClassPage, useRecordPage, useUserPage } from "./rosterQueries";
import { useRoster, type RosterLocation } from "./rosterState";
import { UserPageView } from "./UserPageView";

function ClassDetail({ connection, id }: { connection: string; id: string }) {
  const page = useClassPage(connection, id);
  if (page.isError) return <ErrorView error={page.error as never} onRetry={() => void page.refetch()} />;
  return page.data ? <ClassPageView page={page.data} /> : <p className="muted pad">Loading…</p>;
}

function UserDetail({ connection, id }: { connection: string; id: string }) {
  const page = useUserPage(connection, id);
  if (page.isError) return <ErrorView error={page.error as never} onRetry={() => void page.refetch()} />;
  return page.data ? <UserPageView page={page.data} /> : <p className="muted pad">Loading…</p>;
}

function RecordDetail({ connection, location }: { connection: string; location: RosterLocation }) {
  const page = useRecordPage(connection, location.collection ?? "", location.id);
  if (page.isError) return <ErrorView error={page.error as never} onRetry={() => void page.refetch()} />;
  return page.data ? <RecordPageView page={page.data} /> : <p className="muted pad">Loading…</p>;
}

/** The record opened in `connection`. */
export function DetailPane({ connection }: { connection: string }) {
  const roster = useRoster();
  const location = roster.location;
  return (
    <section className="roster-detail" aria-label="Roster record">
      <div className="toolbar">
        <button type="button" aria-label="Back" title="Back" disabled={roster.state.at <= 0} onClick={roster.back}>←</button>
        <button type="button" aria-label="Forward" title="Forward" disabled={roster.state.at >= roster.state.history.length - 1} onClick={roster.forward}>→</button>
      </div>
      <div className="scroll">
        {!location && <p className="muted">Choose a class in the table or the navigation, or search for a person, to see its page here.</p>}
        {location?.kind === "class" && <ClassDetail connection={connection} id={location.id} />}
        {location?.kind === "user" && <UserDetail connection={connection} id={location.id} />}
        {location?.kind === "record" && <RecordDetail connection={connection} location={location} />}
      </div>
    </section>
  );
}
