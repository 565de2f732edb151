//! F1: the shortcut sheet, a modal dialog closed by Escape or its button; the focus stays in it
//! while it is open and goes back where it was (`useDialogFocus`).

import { useRef } from "react";

import { ShortcutTable } from "../features/settings/SettingsArea";
import { useDialogFocus } from "../ui/useDialogFocus";

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const sheet = useRef<HTMLDivElement>(null);
  useDialogFocus(sheet, { initial: "button", onEscape: onClose });
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div
        className="sheet"
        ref={sheet}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Keyboard shortcuts</h2>
        <ShortcutTable />
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
