//! A link to a roster record: opens its page in the detail pane; a record not in the cache
//! shows its sourcedId, marked.

import type { RecordLink } from "../../bindings/RecordLink";
import { locationOf, useRoster } from "./rosterState";

/** A record's link. */
export function RecordLinkButton({ link, label }: { link: RecordLink; label?: string }) {
  const roster = useRoster();
  if (link.missing) {
    return (
      <span className="missing" title={`${link.collection} ${link.id} is not in the cache`}>
        {label ?? link.label} <span className="badge warn">not cached</span>
      </span>
    );
  }
  return (
    <span>
      <button type="button" className="link" onClick={() => roster.open(locationOf(link.collection, link.id))}>
        {label ?? link.label}
      </button>
      {link.inactive && <span className="badge warn">tobedeleted</span>}
    </span>
  );
}
