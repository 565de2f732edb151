//! The sidebar: the connection, the way back up (breadcrumbs) and the level below with its
//! counts — district → school → term → course → class; a class opens its page.

import type { NavEntry } from "../../bindings/NavEntry";
import { ErrorView } from "../../ui/ErrorView";
import { countsText } from "./rosterModel";
import { useRosterLevel } from "./rosterQueries";
import { useRoster } from "./rosterState";

const KIND_LABEL: Record<NavEntry["kind"], string> = { org: "Org", term: "Term", course: "Course", class: "Class" };

/** The navigation of `connection`. */
export function Navigator({ connection }: { connection: string }) {
  const roster = useRoster();
  const level = useRosterLevel(connection, roster.state.scope);
  if (level.isError) return <ErrorView error={level.error as never} onRetry={() => void level.refetch()} />;
  if (!level.data) return <p className="muted pad">Loading…</p>;
  const data = level.data;
  return (
    <nav className="roster-nav" aria-label="Roster navigation">
      <ol className="crumbs" aria-label="Where you are">
        {data.crumbs.map((crumb, i) => (
          <li key={i}>
            {i === data.crumbs.length - 1 ? (
              <span aria-current="location">{crumb.label}</span>
            ) : (
              <button type="button" className="link" onClick={() => roster.setScope(crumb.scope)}>
                {crumb.label}
              </button>
            )}
          </li>
        ))}
      </ol>
      <p className="nav-here" aria-label="Counts here">
        {countsText(data.here)}
      </p>
      <ul className="nav-list" aria-label="Below">
        {data.children.length === 0 && <li className="muted">Nothing below this level.</li>}
        {data.children.map((entry) => (
          <li key={`${entry.kind}:${entry.id}`}>
            {/* Named by what it shows (kind, label, marks, counts), no label of its own: a
                name that differs from what is seen is one that speech input cannot say. */}
            <button
              type="button"
              className="nav-entry"
              data-label={`${KIND_LABEL[entry.kind]} ${entry.label}`}
              onClick={() =>
                entry.scope ? roster.setScope(entry.scope) : roster.open({ kind: "class", id: entry.id })
              }
            >
              <span className="nav-title">
                <span className="kind">{KIND_LABEL[entry.kind]}</span> {entry.label}
                {entry.current && (
                  <>
                    {" "}
                    <span className="badge current">current</span>
                  </>
                )}
                {entry.inactive && (
                  <>
                    {" "}
                    <span className="badge warn">tobedeleted</span>
                  </>
                )}
                {entry.missing && (
                  <>
                    {" "}
                    <span className="badge warn">not cached</span>
                  </>
                )}
              </span>
              {entry.detail && <span className="nav-detail">{entry.detail}</span>}
              <span className="nav-counts">{countsText(entry.counts)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
