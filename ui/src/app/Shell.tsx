//! The window's shell: rail, sidebar, main pane, detail pane (resizable, hideable), status bar.

import { useCallback, useState } from "react";

import { ConnectionsArea } from "../features/connections/ConnectionsArea";
import { useActiveConnection, useSettings } from "../features/connections/queries";
import { useSyncRuns } from "../features/connections/SyncRunsContext";
import { SettingsArea } from "../features/settings/SettingsArea";

import { FrameworkList } from "../features/frameworks/FrameworkList";
import { RosterArea } from "../features/roster/RosterArea";
import { ExportButton } from "../features/frameworks/ExportButton";
import { PrintButton } from "../features/frameworks/PrintButton";
import { CloseQuestion } from "../features/gradebook/CloseQuestion";
import { useOutboxRetry } from "../features/gradebook/useOutboxRetry";
import { GradebookArea } from "../features/gradebook/GradebookArea";
import { OpenGradebookContext, type GradebookTarget } from "../features/gradebook/gradebookState";
import { ItemPanel } from "../features/frameworks/ItemPanel";
import { useExplorerStore } from "../features/frameworks/ExplorerContext";
import { SearchBox } from "../features/search/SearchBox";
import { Splitter } from "../ui/Splitter";
import { AREAS, type Area } from "./areas";
import { HistoryButtons } from "./HistoryButtons";
import { MainPane } from "./MainPane";
import { MainViewProvider } from "./mainView";
import { Rail } from "./Rail";
import { StatusBar } from "./StatusBar";
import { usePaneShown, usePaneSize } from "./usePaneSize";
import { ShortcutSheet } from "./ShortcutSheet";
import { SkipLinks } from "./SkipLinks";
import { useShortcuts } from "./useShortcuts";
import { useTheme } from "./useTheme";
import { useAreaFocus } from "./useAreaFocus";
import { useZoom } from "./useZoom";
import "./reflow.css";

/** A pane's first width: a share of the window, within bounds. */
function defaultWidth(share: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, window.innerWidth * share)));
}

/** The explorer window. */
export function Shell({ firstLaunch }: { firstLaunch: boolean }) {
  const store = useExplorerStore();
  const runs = useSyncRuns();
  const active = useActiveConnection();
  const [area, setArea] = useState<Area["id"]>("frameworks");
  const [help, setHelp] = useState(false);
  useTheme();
  useZoom();
  useOutboxRetry();
  useAreaFocus(area);
  const [sidebar, setSidebar] = usePaneSize("sidebar", defaultWidth(0.2, 200, 280));
  const [detail, setDetail] = usePaneSize("detail", defaultWidth(0.28, 280, 420));
  const [showDetail, setShowDetail] = usePaneShown("detail", true);
  const later = AREAS.find((a) => a.id === area && a.later);
  const [visited, setVisited] = useState<Set<Area["id"]>>(() => new Set([area]));
  const show = useCallback((next: Area["id"]) => {
    setArea(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  }, []);
  useShortcuts(store, {
    sync: useCallback(() => {
      if (active) void runs.start(active, false);
      else show("connections");
    }, [active, runs, show]),
    settings: useCallback(() => show("settings"), [show]),
    help: useCallback(() => setHelp(true), []),
    slash: useSettings().data?.slashFocusesSearch ?? true,
  });
  const [gradebook, setGradebook] = useState<GradebookTarget | null>(null);
  const openGradebook = (target: GradebookTarget) => {
    setGradebook(target);
    show("gradebook");
  };
  return (
    <MainViewProvider>
      <OpenGradebookContext.Provider value={openGradebook}>
        <div className="shell">
          <SkipLinks />
          <Rail current={area} onChange={show} />
          <div className="area" data-area="frameworks" hidden={area !== "frameworks"}>
            <aside className="pane sidebar-pane" style={{ width: sidebar }} aria-label="Framework list">
              <FrameworkList />
            </aside>
            <Splitter
              label="Resize the framework list"
              value={sidebar}
              min={180}
              max={480}
              direction={1}
              onChange={setSidebar}
            />
            <main className="pane main-pane" aria-label="Framework">
              <div className="toolbar">
                <HistoryButtons />
                <SearchBox />
                <ExportButton />
                <PrintButton />
                <button
                  type="button"
                  aria-pressed={showDetail}
                  aria-label="Show item details"
                  title="Show or hide the item details"
                  onClick={() => setShowDetail(!showDetail)}
                >
                  ◨
                </button>
              </div>
              <MainPane />
            </main>
            {showDetail && (
              <>
                <Splitter
                  label="Resize the item details"
                  value={detail}
                  min={260}
                  max={720}
                  direction={-1}
                  onChange={setDetail}
                />
                <aside className="pane detail-pane" style={{ width: detail }}>
                  <ItemPanel />
                </aside>
              </>
            )}
          </div>
          {visited.has("rosters") && (
            <div className="area" data-area="rosters" hidden={area !== "rosters"}>
              <RosterArea />
            </div>
          )}
          {visited.has("connections") && (
            <div className="area" data-area="connections" hidden={area !== "connections"}>
              <ConnectionsArea />
            </div>
          )}
          {area === "settings" && (
            <div className="area" data-area="settings">
              <SettingsArea />
            </div>
          )}
          {visited.has("gradebook") && (
            <div className="area" data-area="gradebook" hidden={area !== "gradebook"}>
              <GradebookArea target={gradebook} />
            </div>
          )}
          {later && (
            <main className="area later" data-area={later.id} aria-label={later.label}>
              <h2>{later.label}</h2>
              <p>{later.later}</p>
            </main>
          )}
          <StatusBar firstLaunch={firstLaunch} onOutbox={() => show("gradebook")} />
          {help && <ShortcutSheet onClose={() => setHelp(false)} />}
          <CloseQuestion />
        </div>
      </OpenGradebookContext.Provider>
    </MainViewProvider>
  );
}
