//! The window's shortcuts: Ctrl+K or / focus the search box; Alt+Left/Right and the mouse's
//! back/forward buttons move through the history.

import { useEffect } from "react";

import type { ExplorerStore } from "../features/frameworks/explorerStore";
import { SEARCH_INPUT_ID } from "../features/search/SearchBox";

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Installs the shortcuts while mounted. */
export function useShortcuts(store: ExplorerStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      } else if (event.key === "/" && !event.ctrlKey && !event.altKey && !typing(event.target)) {
        event.preventDefault();
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      } else if (event.altKey && !event.ctrlKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
        event.preventDefault();
        void store.go(event.key === "ArrowLeft" ? -1 : 1);
      }
    };
    const onMouse = (event: MouseEvent) => {
      if (event.button === 3 || event.button === 4) {
        event.preventDefault();
        void store.go(event.button === 3 ? -1 : 1);
      }
    };
    const swallow = (event: MouseEvent) => {
      if (event.button === 3 || event.button === 4) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("mouseup", onMouse);
    window.addEventListener("mousedown", swallow);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("mouseup", onMouse);
      window.removeEventListener("mousedown", swallow);
    };
  }, [store]);
}
