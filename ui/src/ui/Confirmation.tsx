//! A question that must be answered before going on (`alertdialog`): it takes the focus when it
//! appears (its `initial` control, else its first button), keeps Tab inside, Escape answers
//! `onCancel` when given, and the focus goes back to what asked the question once it is gone.

import { useRef, type ReactNode } from "react";

import { useDialogFocus } from "./useDialogFocus";

/** The `initial` of a question whose last button keeps things as they are ("Keep it"): focused
 * first, so Enter on arrival never destroys anything. */
export const KEEP = "button:last-of-type";

export function Confirmation({
  label,
  className,
  describedBy,
  modal = false,
  initial,
  onCancel,
  children,
}: {
  label: string;
  className: string;
  describedBy?: string;
  /** Over the whole window (the rest inert), rather than in its place in the page. */
  modal?: boolean;
  /** A selector of the control focused first. */
  initial?: string;
  /** What Escape does: the question's "keep"/"no" answer. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, { initial, onEscape: onCancel });
  return (
    <div
      ref={ref}
      role="alertdialog"
      aria-modal={modal || undefined}
      aria-label={label}
      aria-describedby={describedBy}
      className={className}
      tabIndex={-1}
    >
      {children}
    </div>
  );
}
