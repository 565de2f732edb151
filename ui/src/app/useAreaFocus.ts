//! The focus when the shown area changes: a focus left in the area now hidden (the button that
//! opened the other area went with its area: a class page's "Open gradebook", a shortcut) is
//! given to the new area's main pane, a named landmark, instead of falling to the page.

import { useEffect, useRef } from "react";

import { focusLost, focusPane } from "../ui/lostFocus";

/** After `area` changes, moves a lost focus to the main pane of the element `[data-area=area]`. */
export function useAreaFocus(area: string): void {
  const first = useRef(true);
  useEffect(() => {
    // Not at the window's start: the first focus is the page's own.
    if (first.current) {
      first.current = false;
      return;
    }
    if (!focusLost()) return;
    const shown = document.querySelector<HTMLElement>(`[data-area="${area}"]`);
    const pane = shown?.querySelector<HTMLElement>("main") ?? shown;
    if (pane) focusPane(pane);
  }, [area]);
}
