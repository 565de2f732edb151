//! The Frameworks area's main pane: tabs for the tree (with the selected node's relations below
//! it), the full-size graph, the framework map, the tree by association grouping, the rubrics, the crosswalk and the version diff. The
//! tree stays mounted (hidden) so that it keeps its place. The relations panel's height and
//! whether it is shown are the user's, remembered.

import { memo, useSyncExternalStore } from "react";

import { CrosswalkView } from "../features/crosswalk/CrosswalkView";
import { FrameworkTree } from "../features/frameworks/FrameworkTree";
import { GroupingTreeView } from "../features/groupings/GroupingTreeView";
import { FrameworkMapView } from "../features/map/FrameworkMapView";
import { GraphExplorerView } from "../features/relations/GraphExplorerView";
import { RelationsPanel } from "../features/relations/RelationsPanel";
import { RubricsView } from "../features/rubrics/RubricsView";
import { VersionsView } from "../features/versions/VersionsView";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { Splitter } from "../ui/Splitter";
import { TabList, tabPanelProps } from "../ui/Tabs";
import { MAIN_VIEWS, useMainView } from "./mainView";
import { useCrossConnectionInvalidation } from "./useCrossConnectionInvalidation";
import { usePaneShown, usePaneSize } from "./usePaneSize";
import "./views.css";

/** The main pane's views. */
export function MainPane() {
  const main = useMainView();
  useCrossConnectionInvalidation();
  return (
    <>
      <TabList
        label="Framework views"
        base="framework-views"
        className="tabs main-tabs"
        tabs={MAIN_VIEWS}
        selected={main.view}
        onSelect={main.show}
      />
      <TreeView hidden={main.view !== "tree"} />
      {main.view !== "tree" && (
        <div className="main-view" {...tabPanelProps("framework-views", main.view)}>
          <ErrorBoundary key={main.view}>
            {main.view === "graph" && <GraphExplorerView />}
            {main.view === "map" && <FrameworkMapView />}
            {main.view === "groupings" && <GroupingTreeView />}
            {main.view === "rubrics" && <RubricsView />}
            {main.view === "crosswalk" && <CrosswalkView />}
            {main.view === "versions" && <VersionsView />}
          </ErrorBoundary>
        </div>
      )}
    </>
  );
}

function onResize(changed: () => void): () => void {
  window.addEventListener("resize", changed);
  return () => window.removeEventListener("resize", changed);
}

/**
 * The Tree tab: the tree with the relations panel below it. Memoized: switching to another tab
 * only hides it, without rendering the tree and the panel again.
 */
const TreeView = memo(function TreeView({ hidden }: { hidden: boolean }) {
  const [relationsHeight, setRelationsHeight] = usePaneSize("relations", 260);
  const [relationsShown, setRelationsShown] = usePaneShown("relations", true);
  // The tree keeps at least a few rows whatever the window's height (followed as it changes).
  const maxHeight = Math.max(160, useSyncExternalStore(onResize, () => window.innerHeight) - 320);
  return (
    <div className="main-view" hidden={hidden} {...tabPanelProps("framework-views", "tree")}>
      <div className="tree-holder">
        <FrameworkTree />
      </div>
      {relationsShown && (
        <Splitter
          label="Resize the relations panel"
          orientation="horizontal"
          value={Math.min(relationsHeight, maxHeight)}
          min={120}
          max={maxHeight}
          direction={-1}
          onChange={setRelationsHeight}
        />
      )}
      <ErrorBoundary>
        <RelationsPanel
          shown={relationsShown}
          height={Math.min(relationsHeight, maxHeight)}
          onShownChange={setRelationsShown}
        />
      </ErrorBoundary>
    </div>
  );
});
