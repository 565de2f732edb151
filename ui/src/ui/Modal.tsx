//! A modal sheet over the window: a labelled dialog that takes the focus when it opens, keeps
//! Tab inside, closes on Escape (unless busy) and gives the focus back when it closes.

import { useEffect, useRef, type ReactNode } from "react";

/** A modal dialog titled `title`; `onClose` is called on Escape or the close button. */
export function Modal({
  title,
  onClose,
  busy = false,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  /** While busy, Escape does not close it. */
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Escape closes it wherever the focus is (a button that went away leaves it on the page).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !busy) {
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener("keydown", onEscape);
    return () => window.removeEventListener("keydown", onEscape);
  }, [busy, onClose]);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = box.current?.querySelector<HTMLElement>("input, select, textarea, button:not(.modal-close)");
    (first ?? box.current)?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Tab" && box.current) {
      const focusable = [...box.current.querySelectorAll<HTMLElement>("button, input, select, textarea, [tabindex='0']")].filter(
        (el) => !el.hasAttribute("disabled"),
      );
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} ref={box} tabIndex={-1} onKeyDown={onKeyDown}>
        <header className="modal-head">
          <h2>{title}</h2>
          <button type="button" className="quiet modal-close" aria-label="Close" title="Close (Esc)" onClick={onClose} disabled={busy}>
            ✕
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>
  );
}
