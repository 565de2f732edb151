//! The rail's areas: Frameworks, Rosters and Gradebook are built; the others say what they will hold.

/** An area of the window. */
export interface Area {
  id: "frameworks" | "rosters" | "gradebook" | "connections" | "settings";
  label: string;
  icon: string;
  /** What the area will hold, for areas not built yet. */
  later?: string;
}

export const AREAS: Area[] = [
  { id: "frameworks", label: "Frameworks", icon: "▤" },
  {
    id: "rosters",
    label: "Rosters",
    icon: "☷",
  },
  {
    id: "gradebook",
    label: "Gradebook",
    icon: "✎",
  },
  {
    id: "connections",
    label: "Connections",
    icon: "⇄",
    later: "The servers Cairn syncs from: add one, test it, sync it. For now the built-in sandbox is set up at first launch.",
  },
  {
    id: "settings",
    label: "Settings",
    icon: "⚙",
    later: "The data folder, the theme and the keyboard shortcuts. It arrives in a later version.",
  },
];
