//! Which view the Frameworks area's main pane shows (the tree, the tree by grouping, the crosswalk,
//! the version diff, the rubrics), so that a link in one view (an item's rubric) opens another.

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/** A view of the main pane. */
export type MainView = "tree" | "groupings" | "crosswalk" | "versions" | "rubrics";

export const MAIN_VIEWS: Array<{ id: MainView; label: string }> = [
  { id: "tree", label: "Tree" },
  { id: "groupings", label: "By grouping" },
  { id: "rubrics", label: "Rubrics" },
  { id: "crosswalk", label: "Crosswalk" },
  { id: "versions", label: "Versions" },
];

interface MainViewState {
  view: MainView;
  /** The rubric to bring into view (Rubrics). */
  rubric: string | null;
  show(view: MainView, options?: { rubric?: string | null }): void;
}

const Context = createContext<MainViewState | null>(null);

/** Holds the main pane's view for what is below. */
export function MainViewProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<MainView>("tree");
  const [rubric, setRubric] = useState<string | null>(null);
  const value = useMemo<MainViewState>(
    () => ({
      view,
      rubric,
      show(next, options = {}) {
        setView(next);
        setRubric(options.rubric ?? null);
      },
    }),
    [view, rubric],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The main pane's view and the way to change it (a fixed "tree" outside a provider). */
export function useMainView(): MainViewState {
  return useContext(Context) ?? { view: "tree", rubric: null, show: () => undefined };
}
