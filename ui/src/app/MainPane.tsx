//! The Frameworks area's main pane: tabs for the tree (with the selected node's relations below
//! it), the tree by association grouping, the rubrics, the crosswalk and the version diff. The
//! tree stays mounted (hidden) so that it keeps its place.

import { CrosswalkView } from "../features/crosswalk/CrosswalkView";
import { FrameworkTree } from "../features/frameworks/FrameworkTree";
import { GroupingTreeView } from "../features/groupings/GroupingTreeView";
import { RelationsPanel } from "../features/relations/RelationsPanel";
import { RubricsView } from "../features/rubrics/RubricsView";
import { VersionsView } from "../features/versions/VersionsView";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { MAIN_VIEWS, useMainView } from "./mainView";
import { useCrossConnectionInvalidation } from "./useCrossConnectionInvalidation";
import "./views.css";

/** The main pane's views. */
export function MainPane() {
  const main = useMainView();
  useCrossConnectionInvalidation();
  return (
    <>
      <div role="tablist" aria-label="Framework views" className="tabs main-tabs">
        {MAIN_VIEWS.map((v) => (
          <button key={v.id} type="button" role="tab" aria-selected={main.view === v.id} onClick={() => main.show(v.id)}>
            {v.label}
          </button>
        ))}
      </div>
      <div className="main-view" hidden={main.view !== "tree"}>
        <div className="tree-holder">
          <FrameworkTree />
        </div>
        <ErrorBoundary>
          <RelationsPanel />
        </ErrorBoundary>
      </div>
      {main.view !== "tree" && (
        <ErrorBoundary key={main.view}>
          {main.view === "groupings" && <GroupingTreeView />}
          {main.view === "rubrics" && <RubricsView />}
          {main.view === "crosswalk" && <CrosswalkView />}
          {main.view === "versions" && <VersionsView />}
        </ErrorBoundary>
      )}
    </>
  );
}
