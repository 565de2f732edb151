//! The window's shortcuts: Ctrl+K or / focus the search box (/ unless the settings turn it off); Alt+Left/Right and the mouse's
//! back/forward buttons move through the history; Ctrl+R syncs the active connection, Ctrl+,
//! opens the settings and F1 the shortcut sheet (the list is `shortcuts.ts`).

import { useEffect } from "react";

import type { ExplorerStore } from "../features/frameworks/explorerStore";
import { SEARCH_INPUT_ID } from "../features/search/SearchBox";

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** What the app-wide shortcuts do. */
export interface ShortcutActions {
  /** Ctrl+R. */
  sync?: () => void;
  /** Ctrl+,. */
  settings?: () => void;
  /** F1. */
  help?: () => void;
  /** Whether `/` focuses the search box (the settings may turn it off: WCAG 2.1.4). */
  slash?: boolean;
}

/** Installs the shortcuts while mounted. */
export function useShortcuts(store: ExplorerStore, actions: ShortcutActions = {}): void {
  const { sync, settings, help, slash = true } = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrl = (event.ctrlKey || event.metaKey) && !event.altKey;
      if (ctrl && event.key.toLowerCase() === "r" && !event.shiftKey) {
        // Never the web view's reload: the window's state would be lost.
        event.preventDefault();
        sync?.();
      } else if (ctrl && event.key === ",") {
        event.preventDefault();
        settings?.();
      } else if (event.key === "F1") {
        event.preventDefault();
        help?.();
      } else if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      } else if (slash && event.key === "/" && !event.ctrlKey && !event.altKey && !typing(event.target)) {
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
  }, [store, sync, settings, help, slash]);
}
