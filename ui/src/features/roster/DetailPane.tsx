//! The detail pane of the Rosters area: the record opened (a class, a user, any record), with
//! back and forward through the records opened. A record opened from a link in the pane (a
//! student of the class shown, say) takes the focus to its heading once it is drawn: the link
//! that had it went with the page it was on, and the focus must not fall back to the window's
//! start (WCAG 2.4.3).

import { useEffect, useRef } from "react";

import { ErrorView } from "../../ui/ErrorView";
import { focusLost } from "../../ui/lostFocus";
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
  const content = useRef<HTMLDivElement>(null);
  const at = roster.state.at;
  const opened = useRef(false);
  useEffect(() => {
    const box = content.current;
    // Not when the pane first shows (a record restored, or none): only on a record opened.
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (!box) return;
    // Lost, or in the page the record replaced, or on Back or Forward now disabled (the
    // history's end reached).
    const lost = () => focusLost() || box.contains(document.activeElement);
    const claim = () => {
      const heading = box.querySelector<HTMLElement>(".record-page h2");
      if (!heading) return false;
      if (lost()) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (claim()) return;
    // Not drawn yet (loading): as soon as it is.
    const watch = new MutationObserver(() => {
      if (claim()) watch.disconnect();
    });
    watch.observe(box, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [at]);
  return (
    <section className="roster-detail" aria-label="Roster record">
      <div className="toolbar">
        <button type="button" aria-label="Back" title="Back" disabled={roster.state.at <= 0} onClick={roster.back}>
          ←
        </button>
        <button
          type="button"
          aria-label="Forward"
          title="Forward"
          disabled={roster.state.at >= roster.state.history.length - 1}
          onClick={roster.forward}
        >
          →
        </button>
      </div>
      <div className="scroll" ref={content}>
        {!location && (
          <p className="muted">
            Choose a class in the table or the navigation, or search for a person, to see its page here.
          </p>
        )}
        {location?.kind === "class" && <ClassDetail connection={connection} id={location.id} />}
        {location?.kind === "user" && <UserDetail connection={connection} id={location.id} />}
        {location?.kind === "record" && <RecordDetail connection={connection} location={location} />}
      </div>
    </section>
  );
}
