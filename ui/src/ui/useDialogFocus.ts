//! Focus in a dialog (WAI-ARIA dialog pattern, WCAG 2.1.2 and 2.4.3), by the `focus-trap`
//! library: opening moves the focus in (to `initial`, else the first field or button), Tab and
//! Shift+Tab cycle inside, Escape calls `onEscape`, and closing gives the focus back to what
//! opened the dialog — or, when a re-render replaced that control, to its twin (same tag and
//! text) in the dialog's former surroundings, else the first control there.

import { createFocusTrap, type FocusTrap } from "focus-trap";
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

export interface DialogFocus {
  /** The element to focus first (a selector inside the dialog); else the first field, then button. */
  initial?: string;
  /** Escape pressed inside the dialog (not called while undefined: Escape does nothing then). */
  onEscape?: () => void;
}

/**
 * The element that last took the focus, seen from the capture phase. A question that replaces
 * the button that asked it (the gradebook's) removes that button in the same render that mounts
 * the question, and the browser then moves the focus to the page's body before the question's
 * effect can see where it was: this remembers it, so that the focus goes back to its twin.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target;
    },
    true,
  );
}

/** What had the focus when `dialog` opened: the focused element, else one just removed. */
function openerOf(dialog: HTMLElement): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused && !lastFocused.isConnected && !dialog.contains(lastFocused) ? lastFocused : null;
}

/** jsdom lays nothing out, so to focus-trap's layout check every element would look hidden. */
const NO_LAYOUT = typeof navigator !== "undefined" && /jsdom/i.test(navigator.userAgent);

/** Where the focus goes back to: `opener` if still in the page, else its twin near `place`. */
function returnTarget(opener: HTMLElement | null, place: HTMLElement | null): HTMLElement | null {
  if (opener?.isConnected) return opener;
  if (!place?.isConnected) return null;
  const candidates = [...place.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const twin =
    opener && candidates.find((el) => el.tagName === opener.tagName && el.textContent === opener.textContent);
  return twin ?? candidates[0] ?? null;
}

/** Traps the focus in `ref`'s element while the calling component is mounted. */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, { initial, onEscape }: DialogFocus = {}): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = openerOf(dialog);
    const place = dialog.parentElement;
    const first = () =>
      (initial && dialog.querySelector<HTMLElement>(initial)) ||
      dialog.querySelector<HTMLElement>("input:not([disabled]), select:not([disabled]), textarea:not([disabled])") ||
      dialog.querySelector<HTMLElement>("button:not([disabled]):not(.modal-close)") ||
      dialog;
    const trap: FocusTrap = createFocusTrap(dialog, {
      initialFocus: first,
      fallbackFocus: dialog,
      delayInitialFocus: false,
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      tabbableOptions: { displayCheck: NO_LAYOUT ? "none" : "full" },
    });
    // Escape from inside, or from nowhere (a control inside that went away leaves the focus on
    // the page's body).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !escape.current) return;
      const active = document.activeElement;
      if (active && active !== document.body && !dialog.contains(active)) return;
      event.preventDefault();
      event.stopPropagation();
      escape.current();
    };
    window.addEventListener("keydown", onKey, true);
    trap.activate();
    return () => {
      window.removeEventListener("keydown", onKey, true);
      trap.deactivate({ returnFocus: false });
      // After React has put back what the dialog replaced (a confirmation's own button, say).
      setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected && !dialog.contains(active)) return;
        returnTarget(opener, place)?.focus();
      }, 0);
    };
  }, [ref, initial]);
}
