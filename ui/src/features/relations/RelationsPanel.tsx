//! The panel below the tree: the selected node's relationship graph or its progressions.

import { useState } from "react";

import { GraphView } from "./GraphView";
import { Progressions } from "./Progressions";

type Tab = "graph" | "progressions";

/** The relations panel. */
export function RelationsPanel() {
  const [tab, setTab] = useState<Tab>("graph");
  return (
    <section className="relations-panel" aria-label="Relations">
      <div role="tablist" aria-label="Relations views" className="tabs">
        {(
          [
            ["graph", "Graph"],
            ["progressions", "Progressions"],
          ] as const
        ).map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="relations-body">
        {tab === "graph" ? <GraphView /> : <Progressions />}
      </div>
    </section>
  );
}
