//! The relationship graph of the selected node: depth and size, the grouping filter, the legend,
//! zoom, fit and export, the canvas (tap a node to select it: tree and item panel follow), and
//! the drawn nodes as a list for the keyboard (a node another cached framework holds opens in its
//! tree), with the associations other frameworks publish listed under their publisher.

import { useEffect, useMemo, useRef, useState } from "react";

import { toAppError, useBackend } from "../../backend";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { NodeKind } from "../../bindings/NodeKind";
import { ErrorView } from "../../ui/ErrorView";

import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import type { GraphCanvas } from "./graphCanvas";
import { NO_GROUPING, elements, foreignEdges, typeCounts } from "./graphModel";
import { GraphLegend } from "./GraphLegend";
import { exportGraph } from "./exportGraph";
import { useTypeExplanations } from "./useAssociationTypes";
import { useRelationGraph } from "./useRelations";

const LIMITS = [50, 100, 200, 500];

/** The graph panel. */
export function GraphView() {
  const { framework, selected } = useExplorer();
  const store = useExplorerStore();
  const backend = useBackend();
  const [depth, setDepth] = useState(1);
  const [limit, setLimit] = useState(100);
  const [groupings, setGroupings] = useState<Set<string> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const graph = useRelationGraph(framework, selected?.identifier ?? null, depth, limit);
  const known = useTypeExplanations(framework);
  const host = useRef<HTMLDivElement>(null);
  const [canvas, setCanvas] = useState<GraphCanvas | null>(null);
  const [drawn, setDrawn] = useState<number | null>(null);
  const active = Boolean(selected);
  // The frameworks of the drawn nodes, for the canvas's taps (made once per framework).
  const homes = useRef(new Map<string, FrameworkKey>());

  useEffect(() => {
    const container = host.current;
    if (!container || !active) return;
    let created: GraphCanvas | null = null;
    let gone = false;
    // cytoscape is loaded on first use: the window starts without it.
    void import("./graphCanvas").then(({ createGraphCanvas }) => {
      if (gone) return;
      created = createGraphCanvas(container, (identifier) => {
        if (!framework) return;
        if (identifier === framework.identifier) store.selectNode(identifier);
        else void store.navigate({ key: homes.current.get(identifier) ?? framework, identifier });
      });
      setCanvas(created);
    });
    return () => {
      gone = true;
      created?.destroy();
      setCanvas(null);
    };
  }, [framework, store, active]);

  const data = graph.data;
  useEffect(() => {
    homes.current = new Map(data?.nodes.flatMap((n) => (n.framework ? [[n.identifier, n.framework] as const] : [])));
  }, [data]);
  const foreign = useMemo(() => (data ? foreignEdges(data, groupings) : []), [data, groupings]);
  const shownElements = useMemo(() => (data ? elements(data, groupings) : []), [data, groupings]);
  useEffect(() => {
    if (!canvas) return;
    setDrawn(null);
    canvas.show(shownElements, () => setDrawn(shownElements.filter((e) => e.group === "nodes").length));
  }, [canvas, shownElements]);

  if (!selected) return <p className="empty">Select an item to see how it connects to others.</p>;
  const counts = data ? typeCounts(data, groupings) : new Map<string, number>();
  const kinds = data ? ([...new Set(data.nodes.map((n) => n.kind))] as NodeKind[]) : [];
  const allGroupings = data ? [...data.groupings.map((g) => g.identifier), NO_GROUPING] : [];
  const toggleGrouping = (id: string) => {
    const next = new Set(groupings ?? allGroupings);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setGroupings(next.size === allGroupings.length ? null : next);
  };
  const save = async (format: "png" | "svg") => {
    if (!canvas || !data) return;
    setMessage(null);
    try {
      const path = await exportGraph(backend, canvas, data.nodes[0]?.label ?? "graph", format);
      if (path) setMessage(`Saved to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${toAppError(error).message}`);
    }
  };
  return (
    <section className="graph-view" aria-label="Relationship graph">
      <div className="toolbar graph-toolbar">
        <label>
          Depth{" "}
          <select aria-label="Depth" value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
            {[1, 2, 3].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label>
          At most{" "}
          <select aria-label="Most nodes" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>{" "}
          nodes
        </label>
        <button type="button" aria-label="Zoom in" title="Zoom in" onClick={() => canvas?.zoomBy(1.25)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" title="Zoom out" onClick={() => canvas?.zoomBy(0.8)}>
          −
        </button>
        <button type="button" title="Fit the drawing to the panel" onClick={() => canvas?.fit()}>
          Fit
        </button>
        <span className="button-group" role="group" aria-label="Export">
          <span className="muted">Export</span>
          <button
            type="button"
            aria-label="Export PNG"
            title="Save the drawing as a PNG image"
            onClick={() => void save("png")}
            disabled={!data}
          >
            PNG
          </button>
          <button
            type="button"
            aria-label="Export SVG"
            title="Save the drawing as an SVG image"
            onClick={() => void save("svg")}
            disabled={!data}
          >
            SVG
          </button>
        </span>
        {data && (
          <span
            role="status"
            aria-label="Graph size"
            className="muted num"
            data-nodes={data.nodes.length}
            data-drawn={drawn ?? ""}
          >
            {data.nodes.length} nodes · {data.edges.length} associations
            {data.truncated ? ` · cut at ${data.limit}` : ""}
          </span>
        )}
      </div>
      {message && <p className="muted export-message">{message}</p>}
      {graph.error && <ErrorView error={graph.error} onRetry={() => void graph.refetch()} />}
      <div className="graph-body">
        <div
          ref={host}
          className="graph-canvas"
          role="img"
          // Its text equivalent is the list of its nodes beside it, which the name points to
          // (WCAG technique G74: a long description in nearby text, located by the short one).
          aria-label={data ? `Graph drawing: ${data.nodes.length} nodes, listed under Graph nodes` : "Graph drawing"}
        />
        <aside className="graph-side">
          {data && <GraphLegend counts={counts} kinds={kinds} known={known} />}
          {data && data.groupings.length > 0 && (
            <fieldset className="graph-groupings">
              <legend>Groupings</legend>
              {[...data.groupings, { identifier: NO_GROUPING, title: "No grouping" }].map((g) => (
                <label key={g.identifier}>
                  <input
                    type="checkbox"
                    checked={groupings === null || groupings.has(g.identifier)}
                    onChange={() => toggleGrouping(g.identifier)}
                  />{" "}
                  {g.title ?? g.identifier}
                </label>
              ))}
            </fieldset>
          )}
          {data && (
            <ul aria-label="Graph nodes" className="graph-nodes">
              {data.nodes.map((n) => (
                <li key={n.identifier}>
                  <button
                    type="button"
                    className="link"
                    disabled={n.kind === "external" || n.kind === "unknown"}
                    aria-current={n.identifier === data.centre ? "true" : undefined}
                    onClick={() => {
                      if (!framework) return;
                      if (n.kind === "document") store.selectNode(n.identifier);
                      else void store.navigate({ key: n.framework ?? framework, identifier: n.identifier });
                    }}
                  >
                    {n.label}
                  </button>
                  {n.hidden > 0 && <span className="muted num"> +{n.hidden} more</span>}
                </li>
              ))}
            </ul>
          )}
          {foreign.length > 0 && (
            <ul aria-label="Published by other frameworks" className="graph-foreign">
              {foreign.map((e) => (
                <li key={e.id}>
                  {e.origin} —{e.type}→ {e.destination} <span className="muted">· from {e.publisher}</span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </section>
  );
}
