//! Users as you type: by name (preferred names too), email, username, identifier or
//! sourcedId; a result opens the user's page.

import { useState } from "react";

import { formatCount } from "../../ui/formatCount";
import { useUserSearch } from "./rosterQueries";
import { useRoster } from "./rosterState";

/** The user search of `connection`. */
export function UserSearch({ connection }: { connection: string }) {
  const roster = useRoster();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const hits = useUserSearch(connection, text);
  const results = text.trim() ? (hits.data ?? []) : [];
  return (
    <div className="user-search" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <input
        type="search"
        role="searchbox"
        aria-label="Search people"
        placeholder="Search people: name, email, username, identifier"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      />
      {open && text.trim() && (
        <div className="search-results" role="listbox" aria-label="People found">
          {results.length === 0 && <p className="muted pad">{hits.isFetching ? "Searching…" : "No one matches."}</p>}
          {results.map((hit) => (
            <button
              key={hit.link.id}
              type="button"
              role="option"
              aria-selected={false}
              className="search-hit"
              onClick={() => {
                roster.open({ kind: "user", id: hit.link.id });
                setOpen(false);
              }}
            >
              <span className="hit-name">
                {hit.link.label}
                {hit.preferredFirstName && <span className="muted"> ({hit.preferredFirstName})</span>}
                {hit.link.inactive && <span className="badge warn">tobedeleted</span>}
              </span>
              <span className="hit-detail muted">
                {[hit.roles.join(", "), hit.email, hit.username, hit.identifier].filter(Boolean).join(" · ")}
              </span>
            </button>
          ))}
          {results.length >= 50 && (
            <p className="muted pad">The first {formatCount(results.length)}: type more to narrow.</p>
          )}
        </div>
      )}
    </div>
  );
}
