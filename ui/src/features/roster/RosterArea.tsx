//! The Rosters area: the connection and the navigation in the sidebar; the classes table, the
//! academic calendar or the data checks in the main pane, with user search; the record opened
//! in the detail pane.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";

import { useBackend } from "../../backend";
import { usePaneSize } from "../../app/usePaneSize";
import { ErrorView } from "../../ui/ErrorView";
import { Splitter } from "../../ui/Splitter";
import { useFiles } from "../files/FilesContext";
import { CalendarView } from "./CalendarView";
import { ChecksView } from "./ChecksView";
import { ClassesTable } from "./ClassesTable";
import { DetailPane } from "./DetailPane";
import { Navigator } from "./Navigator";
import { rosterKeys, useRosterSources } from "./rosterQueries";
import { RosterProvider, useRoster, type RosterView } from "./rosterState";
import { UserSearch } from "./UserSearch";
import "./roster.css";
import { TabList, tabPanelProps } from "../../ui/Tabs";

const VIEWS: Array<{ id: RosterView; label: string }> = [
  { id: "classes", label: "Classes" },
  { id: "calendar", label: "Calendar" },
  { id: "checks", label: "Data checks" },
];

function Area() {
  const roster = useRoster();
  const backend = useBackend();
  const files = useFiles();
  const client = useQueryClient();
  const sources = useRosterSources();
  const [sidebar, setSidebar] = usePaneSize("roster-sidebar", 260);
  const [detail, setDetail] = usePaneSize(
    "roster-detail",
    Math.round(Math.min(640, Math.max(380, window.innerWidth * 0.36))),
  );
  const connection = roster.state.connection;
  const list = useMemo(() => sources.data ?? [], [sources.data]);
  useEffect(
    () => backend.onCacheChanged(() => void client.invalidateQueries({ queryKey: rosterKeys.sources() })),
    [backend, client],
  );
  useEffect(() => {
    const first = list[0];
    if (first && (!connection || !list.some((s) => s.connection === connection)))
      roster.setConnection(first.connection);
  }, [list, connection, roster]);
  if (sources.isError) return <ErrorView error={sources.error as never} onRetry={() => void sources.refetch()} />;
  if (sources.data && list.length === 0) {
    return (
      <main className="area later" aria-label="Rosters">
        <h2>No roster data yet</h2>
        <p>
          Sync the built-in sandbox, or{" "}
          <button type="button" className="link" onClick={() => files.openImport()}>
            open a OneRoster CSV bundle
          </button>{" "}
          (a folder or a zip), to see schools, classes and people here.
        </p>
      </main>
    );
  }
  const source = list.find((s) => s.connection === connection);
  if (!connection || !source) return <p className="muted pad">Loading…</p>;
  return (
    <>
      <aside className="pane sidebar-pane" style={{ width: sidebar }} aria-label="Roster navigation pane">
        <div className="toolbar">
          <label className="connection-picker">
            <span className="muted">Connection</span>
            <select aria-label="Connection" value={connection} onChange={(e) => roster.setConnection(e.target.value)}>
              {list.map((s) => (
                <option key={s.connection} value={s.connection}>
                  {s.connection}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Navigator connection={connection} />
      </aside>
      <Splitter
        label="Resize the roster navigation"
        value={sidebar}
        min={200}
        max={480}
        direction={1}
        onChange={setSidebar}
      />
      <main className="pane main-pane" aria-label="Roster">
        <div className="toolbar">
          <UserSearch connection={connection} />
          <button
            type="button"
            title="Export this connection's rosters as a OneRoster 1.2 CSV bundle"
            onClick={() => files.openExport({ kind: "rosters", connection })}
          >
            Export bundle…
          </button>
        </div>
        {!source.demographics.allowed && (
          <p className="note scope-note" role="note">
            Demographics: {source.demographics.note}
          </p>
        )}
        <TabList
          label="Roster views"
          base="roster-views"
          className="tabs main-tabs"
          tabs={VIEWS}
          selected={roster.state.view}
          onSelect={roster.setView}
        />
        <div className="main-view" {...tabPanelProps("roster-views", roster.state.view)}>
          {roster.state.view === "classes" && <ClassesTable connection={connection} />}
          {roster.state.view === "calendar" && <CalendarView connection={connection} />}
          {roster.state.view === "checks" && <ChecksView connection={connection} />}
        </div>
      </main>
      <Splitter
        label="Resize the roster record"
        value={detail}
        min={300}
        max={900}
        direction={-1}
        onChange={setDetail}
      />
      <aside className="pane detail-pane" style={{ width: detail }}>
        <DetailPane connection={connection} />
      </aside>
    </>
  );
}

/** The Rosters area, keeping its state while other areas are shown. */
export function RosterArea() {
  return (
    <RosterProvider>
      <Area />
    </RosterProvider>
  );
}
