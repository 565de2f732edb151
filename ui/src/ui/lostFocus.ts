//! Telling a focus that nothing visible holds (the focused element hidden, disabled or gone, the
//! page's body) and giving it to a pane: a screen reader says nothing of a focus on the page, and
//! the next Tab starts anywhere.

/** Whether nothing the user can see holds the focus. */
export function focusLost(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || !active.isConnected) return true;
  return active.closest("[hidden]") !== null || active.matches(":disabled");
}

/**
 * Focuses `pane` itself (made focusable, not a Tab stop): a named landmark, which every screen
 * reader speaks when it takes the focus (Orca 43 speaks no focused heading), and from which Tab
 * goes on into the pane.
 */
export function focusPane(pane: HTMLElement): void {
  if (!pane.hasAttribute("tabindex")) pane.tabIndex = -1;
  pane.focus();
}
