//! The framework toolbar's Export button: the open framework, or the subtree under the selected
//! item, to a file.

import { useFiles } from "../files/FilesContext";
import { useExplorer } from "./ExplorerContext";

/** A short label of the row at `position` (its code, or the start of its statement). */
export function rowLabel(state: ReturnType<typeof useExplorer>, position: string[]): string {
  const identifier = position.at(-1) as string;
  const parent = position.at(-2);
  const outline = state.outline;
  const siblings =
    parent !== undefined ? state.children.get(parent) : [...(outline?.roots ?? []), ...(outline?.orphans ?? [])];
  const row = siblings?.find((r) => r.identifier === identifier);
  if (!row) return identifier;
  return (
    row.humanCodingScheme ||
    (row.statement.length > 40 ? `${row.statement.slice(0, 40)}…` : row.statement) ||
    identifier
  );
}

/** Opens the Export dialog for the open framework; disabled when none is open. */
export function ExportButton() {
  const files = useFiles();
  const state = useExplorer();
  const { framework, outline, selected } = state;
  const open = () => {
    if (!framework || !outline) return;
    const position = selected?.position ?? null;
    const subtree =
      selected && position && position.length > 0
        ? { identifier: selected.identifier, label: rowLabel(state, position) }
        : null;
    files.openExport({ kind: "framework", key: framework, title: outline.title, subtree });
  };
  return (
    <button
      type="button"
      disabled={!framework || !outline}
      title="Export the framework or the selected subtree"
      onClick={open}
    >
      Export…
    </button>
  );
}
