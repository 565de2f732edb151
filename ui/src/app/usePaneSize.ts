//! A pane's size and whether it is shown, remembered in the web view's local storage.

import { useCallback, useState } from "react";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: nothing else is lost.
  }
}

/** The size (width or height, in px) of pane `name` and its setter. */
export function usePaneSize(name: string, fallback: number): [number, (size: number) => void] {
  const key = `cairn.pane.${name}`;
  const [size, setSize] = useState(() => {
    const saved = Number(read(key));
    return Number.isFinite(saved) && saved > 0 ? saved : fallback;
  });
  const update = useCallback(
    (next: number) => {
      setSize(next);
      write(key, String(next));
    },
    [key],
  );
  return [size, update];
}

/** Whether pane `name` is shown, and its setter. */
export function usePaneShown(name: string, fallback: boolean): [boolean, (shown: boolean) => void] {
  const key = `cairn.pane.${name}.shown`;
  const [shown, setShown] = useState(() => {
    const saved = read(key);
    return saved === "true" ? true : saved === "false" ? false : fallback;
  });
  const update = useCallback(
    (next: boolean) => {
      setShown(next);
      write(key, String(next));
    },
    [key],
  );
  return [shown, update];
}
