//! The search box (Ctrl+K or /): results as you type with the matched words marked; arrows
//! move through them, Enter opens the item in its tree; "Print results…" (or Ctrl+P in the box)
//! prints them.

import { type FocusEvent, Fragment, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";

import type { SearchHit } from "../../bindings/SearchHit";
import { useFiles } from "../files/FilesContext";
import { useExplorerStore } from "../frameworks/ExplorerContext";
import { contentLang } from "../../ui/contentLang";
import { ErrorView } from "../../ui/ErrorView";
import { SEARCH_LIMIT, useSearch } from "./useSearch";

/** The input's id, for the shortcuts that focus it. */
export const SEARCH_INPUT_ID = "search-frameworks";

function Marked({ segments }: { segments: SearchHit["segments"] }) {
  return <>{segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}</>;
}

function HitView({ hit }: { hit: SearchHit }) {
  // Its framework's language (or its own) on its text, where it is not the window's (WCAG 3.1.2).
  const lang = contentLang(hit.language);
  return (
    <>
      <span className="hit-framework" lang={lang}>
        {hit.frameworkTitle}
      </span>
      <span className="hit-line">
        {hit.humanCodingScheme && <span className="code">{hit.humanCodingScheme}</span>}
        <span className="statement" lang={lang}>
          <Marked segments={hit.segments} />
        </span>
      </span>
      {hit.matchedIn && (
        <span className="hit-field">
          <span className="hit-field-name">{hit.matchedIn.field}:</span>{" "}
          <span lang={lang}>
            <Marked segments={hit.matchedIn.segments} />
          </span>
        </span>
      )}
    </>
  );
}

/** The search box and its results. */
export function SearchBox() {
  const store = useExplorerStore();
  const files = useFiles();
  const popup = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { hits, error, query, fresh } = useSearch(text);
  // Enter pressed while the answer to the latest keystroke is still coming: served when it comes.
  const [enterPending, setEnterPending] = useState(false);
  const listId = useId();
  const showList = open && text.trim().length > 0;
  const current = Math.min(active, Math.max(hits.length - 1, 0));

  const choose = useCallback(
    (hit: SearchHit | undefined) => {
      if (!hit) return;
      setOpen(false);
      void store.navigate({ key: hit.key, identifier: hit.identifier });
    },
    [store],
  );

  // The active option stays in sight as the arrows move it (the list scrolls, focus stays here).
  useEffect(() => {
    if (showList) document.getElementById(`${listId}-${current}`)?.scrollIntoView?.({ block: "nearest" });
  }, [showList, listId, current]);

  useEffect(() => {
    if (!enterPending || !fresh) return;
    setEnterPending(false);
    choose(hits[0]);
  }, [enterPending, fresh, choose, hits]);

  const printResults = () => {
    if (query.length === 0) return;
    setOpen(false);
    files.openPrint({
      source: { kind: "search", query, limit: SEARCH_LIMIT },
      title: `Search results for “${query}”`,
      subtree: null,
    });
  };
  // The popup stays open while the focus moves into it (to its Print button).
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (!popup.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "p") {
      // The results, not the open framework (the window's Ctrl+P).
      event.preventDefault();
      event.stopPropagation();
      printResults();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(current + 1, hits.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive(Math.max(current - 1, 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (fresh) choose(hits[current]);
      else setEnterPending(true);
    } else if (event.key === "Escape") {
      if (open && text) {
        event.preventDefault();
        setOpen(false);
      }
    }
  };

  return (
    <div className="search">
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        role="combobox"
        aria-label="Search frameworks"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && hits.length > 0 ? `${listId}-${current}` : undefined}
        placeholder="Search frameworks (Ctrl+K)"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setEnterPending(false);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      <div
        ref={popup}
        className="search-popup"
        hidden={!showList}
        onBlur={(e) => {
          if (e.relatedTarget !== null && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
        }}
      >
        {error && <ErrorView error={error} />}
        <ul id={listId} role="listbox" aria-label="Search results" aria-busy={!fresh}>
          {hits.map((hit, i) => (
            <li
              key={`${hit.key.connection}-${hit.key.identifier}-${hit.identifier}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={i === current ? "active" : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(hit)}
            >
              <HitView hit={hit} />
            </li>
          ))}
        </ul>
        {showList && query.length > 0 && hits.length === 0 && !error && (
          <p className="empty">No item matches “{query}”.</p>
        )}
        {hits.length > 0 && (
          <div className="search-footer">
            <span className="muted">
              {hits.length === SEARCH_LIMIT ? `The best ${SEARCH_LIMIT}` : hits.length}{" "}
              {hits.length === 1 ? "result" : "results"}
            </span>
            <button
              type="button"
              title="Print these results, or save them as a PDF (Ctrl+P in the search box)"
              onMouseDown={(e) => e.preventDefault()}
              onClick={printResults}
            >
              Print results…
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
