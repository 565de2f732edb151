//! The selected node's associations by type and direction, each type with what it means (a
//! tooltip and the accessible description); the other end opens when cached, and is shown with
//! its URI and title when it lies outside the cache — with "Fetch" when a saved connection's
//! server holds it (it is fetched with its framework, cached, and opened). An association another
//! cached framework publishes (a crosswalk, another edition) is labelled with that framework.

import { useState } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { AssociationGroup } from "../../bindings/AssociationGroup";
import type { AssociationLink } from "../../bindings/AssociationLink";
import { contentLang } from "../../ui/contentLang";
import { TypeName } from "../relations/TypeName";
import { useTypeExplanations } from "../relations/useAssociationTypes";
import { useExplorer, useExplorerStore } from "./ExplorerContext";

const DIRECTION = { outgoing: "this item →", incoming: "→ this item" } as const;

function OtherEnd({ link }: { link: AssociationLink }) {
  const store = useExplorerStore();
  const backend = useBackend();
  const [fetching, setFetching] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const other = link.other;
  const title = other.title ?? other.uri ?? other.identifier;
  if (other.cached) {
    const key = other.cached;
    return (
      <button
        type="button"
        className="link"
        onClick={() => void store.navigate({ key, identifier: other.identifier })}
        title={`Open in ${key.connection}`}
      >
        <span lang={contentLang(other.language)}>{title}</span>
      </button>
    );
  }
  return (
    <span className="outside">
      <span>{other.title ?? other.identifier}</span>
      {other.uri && <span className="uri">{other.uri}</span>}
      <span className="badge">not cached</span>
      {other.fetchFrom && other.uri && (
        <button
          type="button"
          className="link"
          disabled={fetching}
          title={`Fetch it and its framework from ${other.fetchFrom}, then open it`}
          onClick={() => {
            const [from, uri] = [other.fetchFrom!, other.uri!];
            setFetching(true);
            setError(null);
            backend
              .fetchEnd(from, uri)
              .then((fetched) => store.navigate(fetched))
              .catch((e) => setError(toAppError(e)))
              .finally(() => setFetching(false));
          }}
        >
          {fetching ? "Fetching…" : `Fetch from ${other.fetchFrom}`}
        </button>
      )}
      {error && (
        <span className="error-text" role="alert">
          {error.message}
        </span>
      )}
    </span>
  );
}

/** The associations region of the item panel. */
export function Associations({ groups }: { groups: AssociationGroup[] }) {
  const { framework } = useExplorer();
  const known = useTypeExplanations(framework);
  return (
    <section role="region" aria-label="Associations" className="associations">
      <h3>Associations</h3>
      {groups.length === 0 && <p className="muted">No associations besides the tree.</p>}
      {groups.map((group) => (
        <div key={`${group.associationType}-${group.direction}`} className="assoc-group">
          <h4>
            <TypeName type={group.associationType} known={known} />{" "}
            <span className="muted">
              ({DIRECTION[group.direction]}, {group.direction})
            </span>
          </h4>
          <ul>
            {group.links.map((link) => (
              <li key={link.associationIdentifier}>
                <OtherEnd link={link} />
                {link.publishedBy && (
                  <span className="publisher muted" title="The framework whose package holds this association">
                    {" "}
                    · from {link.publishedBy.label}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
