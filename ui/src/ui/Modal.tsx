//! A modal sheet over the window: a labelled dialog that takes the focus when it opens, keeps
//! Tab inside, closes on Escape (unless busy) and gives the focus back when it closes
//! (`useDialogFocus`).

import { useRef, type ReactNode } from "react";

import { useDialogFocus } from "./useDialogFocus";

/** A modal dialog titled `title`; `onClose` is called on Escape or the close button. */
export function Modal({
  title,
  onClose,
  busy = false,
  children,
  footer,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  /** While busy, Escape does not close it. */
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /** A large sheet (a preview). */
  wide?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, { onEscape: busy ? undefined : onClose });
  return (
    <div className="modal-backdrop">
      <div
        className={wide ? "modal modal-wide" : "modal"}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        ref={box}
        tabIndex={-1}
      >
        <header className="modal-head">
          <h2>{title}</h2>
          <button
            type="button"
            className="quiet modal-close"
            aria-label="Close"
            title="Close (Esc)"
            onClick={onClose}
            disabled={busy}
          >
            ✕
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>
  );
}
