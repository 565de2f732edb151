//! The panel below the tree: the selected node's relationship graph or its progressions. Hidden,
//! it keeps only its tab strip (choosing a tab shows it again) and asks the backend for nothing.

import { useState } from "react";

import { GraphView } from "./GraphView";
import { Progressions } from "./Progressions";
import { TabList, tabPanelProps, type TabSpec } from "../../ui/Tabs";

type Tab = "graph" | "progressions";

interface Props {
  /** Whether the panel's body is shown. */
  shown: boolean;
  /** The panel's height when shown, in px (tab strip included). */
  height: number;
  onShownChange: (shown: boolean) => void;
}

const RELATIONS_TABS: Array<TabSpec<Tab>> = [
  { id: "graph", label: "Graph" },
  { id: "progressions", label: "Progressions" },
];

/** The relations panel. */
export function RelationsPanel({ shown, height, onShownChange }: Props) {
  const [tab, setTab] = useState<Tab>("graph");
  return (
    <section
      className={`relations-panel${shown ? "" : " collapsed"}`}
      aria-label="Relations"
      style={shown ? { height } : undefined}
    >
      <div className="tabs-bar">
        <TabList
          label="Relations views"
          base="relations-views"
          tabs={RELATIONS_TABS}
          selected={shown ? tab : null}
          onSelect={(id) => {
            setTab(id);
            onShownChange(true);
          }}
        />
        <button
          type="button"
          className="quiet"
          aria-expanded={shown}
          aria-label={shown ? "Hide the relations panel" : "Show the relations panel"}
          title={shown ? "Hide the relations panel" : "Show the relations panel"}
          onClick={() => onShownChange(!shown)}
        >
          {shown ? "▾" : "▸"}
        </button>
      </div>
      {shown && (
        <div className="relations-body" {...tabPanelProps("relations-views", tab)}>
          {tab === "graph" ? <GraphView /> : <Progressions />}
        </div>
      )}
    </section>
  );
}
