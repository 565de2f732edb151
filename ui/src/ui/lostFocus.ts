//! Telling a focus that nothing visible holds (the focused element hidden, disabled or gone, the
//! page's body) and giving it to a pane: a screen reader says nothing of a focus on the page, and
//! the next Tab starts anywhere.

/** Whether nothing the user can see holds the focus. */
export function focusLost(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || !active.isConnected) return true;
  return active.closest("[hidden]") !== null || active.matches(":disabled");
}

/** Focuses `pane`'s first level-2 heading, or the pane itself (made focusable, not a Tab stop). */
export function focusPane(pane: HTMLElement): void {
  const target = pane.querySelector<HTMLElement>("h2") ?? pane;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}
