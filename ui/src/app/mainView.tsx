//! Which view the Frameworks area's main pane shows (the tree, the full-size graph, the map, the tree by
//! grouping, the crosswalk, the version diff, the rubrics), so that a link in one view (an item's
//! rubric, "Open in graph") opens another; kept with the session, so the next start shows it again.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { useExplorerStore } from "../features/frameworks/ExplorerContext";

/** A view of the main pane. */
export type MainView = "tree" | "graph" | "map" | "groupings" | "crosswalk" | "versions" | "rubrics";

export const MAIN_VIEWS: Array<{ id: MainView; label: string }> = [
  { id: "tree", label: "Tree" },
  { id: "graph", label: "Graph" },
  { id: "map", label: "Map" },
  { id: "groupings", label: "By grouping" },
  { id: "rubrics", label: "Rubrics" },
  { id: "crosswalk", label: "Crosswalk" },
  { id: "versions", label: "Versions" },
];

interface MainViewState {
  view: MainView;
  /** The rubric to bring into view (Rubrics). */
  rubric: string | null;
  /** The node the graph was last asked to open from ("Open in graph"), numbered so that asking twice opens twice. */
  graphFrom: { identifier: string; request: number } | null;
  show(view: MainView, options?: { rubric?: string | null; graphFrom?: string }): void;
}

type ShowView = MainViewState["show"];

const Context = createContext<MainViewState | null>(null);
/** `show` alone, which never changes: what only opens a view does not render again with each switch. */
const ShowContext = createContext<ShowView | null>(null);

/** Holds the main pane's view for what is below. */
export function MainViewProvider({ children }: { children: ReactNode }) {
  const store = useExplorerStore();
  // The view the restored session had, else the tree.
  const [view, setView] = useState<MainView>(() => {
    const saved = store.restored().view;
    return MAIN_VIEWS.find((v) => v.id === saved)?.id ?? "tree";
  });
  const [rubric, setRubric] = useState<string | null>(null);
  const [graphFrom, setGraphFrom] = useState<MainViewState["graphFrom"]>(null);
  const show = useCallback<ShowView>(
    (next, options = {}) => {
      setView(next);
      store.keepInSession({ view: next === "tree" ? null : next });
      setRubric(options.rubric ?? null);
      const from = options.graphFrom;
      if (from) setGraphFrom((was) => ({ identifier: from, request: (was?.request ?? 0) + 1 }));
    },
    [store],
  );
  const value = useMemo<MainViewState>(() => ({ view, rubric, graphFrom, show }), [view, rubric, graphFrom, show]);
  return (
    <ShowContext.Provider value={show}>
      <Context.Provider value={value}>{children}</Context.Provider>
    </ShowContext.Provider>
  );
}

const NOWHERE: MainViewState = { view: "tree", rubric: null, graphFrom: null, show: () => undefined };

/** The main pane's view and the way to change it (a fixed "tree" outside a provider). */
export function useMainView(): MainViewState {
  return useContext(Context) ?? NOWHERE;
}

/** The way to change the main pane's view, without following the view itself. */
export function useShowMainView(): ShowView {
  return useContext(ShowContext) ?? NOWHERE.show;
}
