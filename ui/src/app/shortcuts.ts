//! The window's keyboard shortcuts, as the F1 sheet and the settings page list them.

export const SHORTCUTS: Array<[string, string]> = [
  ["Ctrl+K or /", "Search every cached framework (the settings can turn / off)"],
  ["Ctrl+R", "Sync the active connection"],
  ["Ctrl+,", "Open the settings"],
  [
    "Ctrl+P",
    "Print the open framework or the selected subtree (in the search box: its results): preview, Save as PDF, Print…",
  ],
  ["F1", "Show this list of shortcuts"],
  ["Ctrl+= / Ctrl+- / Ctrl+0", "Zoom in, zoom out, back to 100% (kept for the next launch)"],
  ["Alt+← / Alt+→", "Back and forward"],
  [
    "↑ ↓ ← → Home End",
    "Move through a tree; Enter opens, * expands every sibling, typing a code or a statement's start goes to it",
  ],
  [
    "↑ ↓ ← → Home End PageUp PageDown",
    "Move through the gradebook's grid (Ctrl+Home, Ctrl+End: its first and last cell); Tab leaves it",
  ],
  [
    "Typing, F2 / Enter / Tab",
    "Edit the grid's cell / save it going down / save it going right; Esc undoes the cell, Ctrl+Z the last edit",
  ],
  ["L I M P X", "Flag the grid's cell late, incomplete, missing, in progress, exempt"],
  ["Escape", "Close this sheet, a dialog or a menu (the focus goes back where it was)"],
];
