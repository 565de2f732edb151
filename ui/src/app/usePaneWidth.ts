//! A pane's width, remembered in the web view's local storage.

import { useCallback, useState } from "react";

function read(name: string, fallback: number): number {
  try {
    const saved = Number(window.localStorage.getItem(`cairn.pane.${name}`));
    return Number.isFinite(saved) && saved > 0 ? saved : fallback;
  } catch {
    return fallback;
  }
}

/** The width of pane `name` and its setter. */
export function usePaneWidth(name: string, fallback: number): [number, (width: number) => void] {
  const [width, setWidth] = useState(() => read(name, fallback));
  const update = useCallback(
    (next: number) => {
      setWidth(next);
      try {
        window.localStorage.setItem(`cairn.pane.${name}`, String(next));
      } catch {
        // Not remembered: nothing else is lost.
      }
    },
    [name],
  );
  return [width, update];
}
