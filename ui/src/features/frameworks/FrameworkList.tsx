//! The sidebar: every cached framework grouped by connection or import, with a filter box.

import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkGroup } from "../../bindings/FrameworkGroup";
import { queryKeys } from "../../app/queryKeys";
import { ErrorView } from "../../ui/ErrorView";
import { LocalDate } from "../../ui/LocalDate";
import { useFiles } from "../files/FilesContext";
import { useExplorer, useExplorerStore } from "./ExplorerContext";
import { filterFrameworks } from "./filterFrameworks";
import { formatCount, noun } from "../../ui/formatCount";

const KIND_LABEL = { builtIn: "built-in", connection: "connection", import: "import" } as const;

/** The sidebar of the Frameworks area. */
export function FrameworkList() {
  const backend = useBackend();
  const store = useExplorerStore();
  const { framework } = useExplorer();
  const [filter, setFilter] = useState("");
  const query = useQuery<FrameworkGroup[], AppError>({
    queryKey: queryKeys.frameworks(),
    queryFn: () => backend.listFrameworks(),
  });
  const groups = useMemo(() => filterFrameworks(query.data ?? [], filter), [query.data, filter]);
  const headingId = useId();
  const files = useFiles();
  return (
    <div className="sidebar">
      <div className="pane-title-row">
        <h2 className="pane-title" id={headingId}>
          Frameworks
        </h2>
        <button
          type="button"
          className="quiet"
          title="Open CASE packages and OneRoster bundles (Ctrl+O)"
          onClick={() => files.openImport()}
        >
          Open files…
        </button>
      </div>
      <input
        type="search"
        className="filter"
        aria-label="Filter frameworks"
        placeholder="Filter frameworks"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {query.error && <ErrorView error={query.error} onRetry={() => void query.refetch()} />}
      <ul className="fw-list" aria-label="Frameworks">
        {groups.map((group) => (
          <li key={group.connection} className="fw-group">
            <h3 className="fw-group-title">
              {group.connection} <span className="badge">{KIND_LABEL[group.kind]}</span>
            </h3>
            <ul aria-label={group.connection}>
              {group.frameworks.map((fw) => {
                const current =
                  framework?.connection === fw.key.connection && framework.identifier === fw.key.identifier;
                const facts = [fw.publisher, fw.version && `v${fw.version}`, fw.adoptionStatus].filter(Boolean);
                return (
                  <li key={fw.key.identifier}>
                    <button
                      type="button"
                      className={["fw-entry", current ? "current" : ""].join(" ")}
                      aria-current={current ? "true" : undefined}
                      onClick={() => void store.openFramework(fw.key)}
                    >
                      <span className="fw-title">{fw.title}</span>
                      {facts.length > 0 && <span className="fw-facts">{facts.join(" · ")}</span>}
                      <span className="fw-facts">
                        {fw.subjects.length > 0 ? fw.subjects.join(", ") : "No subject"} ·{" "}
                        <span className="num">{formatCount(fw.itemCount)}</span> {noun(fw.itemCount, "item")}
                      </span>
                      {fw.lastChangeDateTime && (
                        <span className="fw-facts">
                          Changed <LocalDate value={fw.lastChangeDateTime} />
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      {query.isSuccess && groups.length === 0 && (
        <p className="empty">
          {filter ? (
            "No framework matches the filter."
          ) : (
            <>
              No framework is cached yet — sync a connection, or{" "}
              <button type="button" className="link" onClick={() => files.openImport()}>
                open a CASE package file
              </button>
              .
            </>
          )}
        </p>
      )}
    </div>
  );
}
