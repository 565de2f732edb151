//! The framework toolbar's Print button, and Ctrl+P: the Print dialog (preview, Save as PDF,
//! Print…) for the open framework, or the subtree under the selected item.

import { useCallback, useEffect } from "react";

import { useFiles } from "../files/FilesContext";
import { rowLabel } from "./ExportButton";
import { useExplorer } from "./ExplorerContext";

/** Opens the Print dialog for the open framework; disabled when none is open. */
export function PrintButton() {
  const files = useFiles();
  const state = useExplorer();
  const { framework, outline, selected } = state;
  const open = useCallback(() => {
    if (!framework || !outline) return;
    const position = selected?.position ?? null;
    const subtree =
      selected && position && position.length > 0
        ? { identifier: selected.identifier, label: rowLabel(state, position) }
        : null;
    files.openPrint({ source: { kind: "framework", key: framework, subtree: null }, title: outline.title, subtree });
  }, [files, framework, outline, selected, state]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "p") {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <button
      type="button"
      disabled={!framework || !outline}
      title="Print the framework or the selected subtree, or save it as a PDF (Ctrl+P)"
      onClick={open}
    >
      Print…
    </button>
  );
}
