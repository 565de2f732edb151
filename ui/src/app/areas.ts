//! The rail's areas: Frameworks, Rosters, Connections and Settings are built; Gradebook says
//! what it will hold.

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
    later: "Line items and results of a class, with entry and an outbox for changes made offline. It arrives in a later version.",
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
