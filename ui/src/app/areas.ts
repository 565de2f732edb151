//! The rail's areas, every one built. `later` remains for an area shown before it is.

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
  },
  {
    id: "settings",
    label: "Settings",
    icon: "⚙",
  },
];
