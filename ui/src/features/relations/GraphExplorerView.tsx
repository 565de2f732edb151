//! The full-size graph (the main pane's Graph tab): the exploration of the open framework drawn
//! to fill the pane — grow a node by a click or Enter, collapse or remove it, back and forward,
//! three layouts, filters by association type and grouping, search to focus a node, a minimap,
//! zoom and fit, PNG and SVG export — with the keyboard moving along edges and each node and edge
//! read out, and the same graph as a list one key (L) away. The item panel beside it follows the
//! node grown or chosen.

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";

import { useFrameworkChoices } from "../../app/frameworkChoices";
import { useMainView } from "../../app/mainView";
import { toAppError, useBackend } from "../../backend";
import type { NodeKind } from "../../bindings/NodeKind";
import { ActivePart, useActivePart } from "../../ui/ActivePart";
import { ErrorView } from "../../ui/ErrorView";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import {
  NO_GROUPING,
  describeNode,
  describeStep,
  drawn,
  explorationFrameworks,
  explorationTypes,
  frameworkId,
  NO_FILTERS,
  searchNodes,
  stepToward,
  stepsFrom,
  type Direction,
  type GraphFilters,
} from "./explorationModel";
import type { ExplorerCanvas, LayoutName } from "./explorerCanvas";
import { exportGraph } from "./exportGraph";
import { FrameworkLegend } from "./FrameworkLegend";
import { GraphLegend } from "./GraphLegend";
import { GraphListView } from "./GraphListView";
import { explorerElements } from "./graphExplorerElements";
import { useTypeExplanations } from "./useAssociationTypes";
import { GRAPH_DRAWING, useExploration } from "./useExploration";

const LAYOUTS: Array<{ id: LayoutName; label: string }> = [
  { id: "layered", label: "Layered (isChildOf)" },
  { id: "concentric", label: "Concentric around the focus" },
  { id: "force", label: "Force-directed" },
];

const ARROWS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/** The Graph tab. */
export function GraphExplorerView() {
  const { framework, selected } = useExplorer();
  const store = useExplorerStore();
  const backend = useBackend();
  const main = useMainView();
  const exploration = useExploration(framework);
  const known = useTypeExplanations(framework);
  const present = exploration.history?.present ?? null;
  const [layout, setLayout] = useState<LayoutName>("layered");
  const [filters, setFilters] = useState<GraphFilters>(NO_FILTERS);
  const { choices } = useFrameworkChoices();
  const [focus, setFocus] = useState<string | null>(null);
  const [listView, setListView] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [search, setSearch] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [drawnMs, setDrawnMs] = useState<number | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const minimap = useRef<HTMLCanvasElement>(null);
  const [canvas, setCanvas] = useState<ExplorerCanvas | null>(null);

  // "Open in graph" starts a new exploration (back returns to the one before); the tab opened
  // with none starts from the selected node.
  const request = main.graphFrom?.request ?? 0;
  const started = useRef(0);
  const { start, waiting: replaying } = exploration;
  useEffect(() => {
    if (!framework) return;
    if (main.graphFrom && started.current !== request) {
      started.current = request;
      setFocus(main.graphFrom.identifier);
      void start(main.graphFrom.identifier);
    } else if (!present && selected && started.current === 0 && !replaying) {
      started.current = -1;
      setFocus(selected.identifier);
      void start(selected.identifier);
    }
  }, [framework, main.graphFrom, request, present, selected, start, replaying]);

  // The drawing's code (cytoscape) loads while the first neighbourhood is asked, not after.
  useEffect(() => {
    void import("./explorerCanvas");
  }, []);
  useEffect(() => {
    const container = host.current;
    if (!container || listView || !present) return;
    let created: ExplorerCanvas | null = null;
    let gone = false;
    void import("./explorerCanvas").then(({ createExplorerCanvas }) => {
      if (gone) return;
      created = createExplorerCanvas(container, (identifier) => tapped.current(identifier));
      setCanvas(created);
    });
    return () => {
      gone = true;
      created?.destroy();
      setCanvas(null);
    };
    // The canvas lives as long as the drawing is shown; `present` only matters once.
  }, [listView, Boolean(present)]); // eslint-disable-line react-hooks/exhaustive-deps

  const graph = useMemo(() => (present ? drawn(present, filters) : null), [present, filters]);
  const frameworks = useMemo(() => (present ? explorationFrameworks(present) : []), [present]);
  const bands = useMemo(() => frameworks.map((f) => f.id), [frameworks]);
  // A focus left out by a filter goes back to the start node.
  const focused =
    present && graph && focus && graph.nodes.some((n) => n.identifier === focus) ? focus : (present?.root ?? null);
  // The focused node, read through the drawing's active descendant with what the last key did.
  const { tell, partOf } = useActivePart(focused);
  const frameworkNames = useMemo(() => new Map(choices.map((c) => [frameworkId(c.key), c.label])), [choices]);
  // Where a node belongs, in words, where it is not the start node's framework.
  const elsewhere = (identifier: string): string | null => {
    const node = present?.nodes.get(identifier);
    const start = present?.nodes.get(present.root);
    if (!node || frameworkId(node.framework) === frameworkId(start?.framework ?? null)) return null;
    return node.framework === null
      ? "no cached framework"
      : (frameworkNames.get(frameworkId(node.framework)) ?? node.framework.identifier);
  };
  /** A node's words for a screen reader. */
  const say = (identifier: string) =>
    present && graph ? describeNode(present, graph, identifier, elsewhere(identifier)) : "";
  // The rings of the concentric layout are counted from the focused node: it lays out anew
  // when the focus moves; the other layouts do not.
  // The drawing is framed on the focused node when drawn, without drawing anew as the focus moves.
  const focusRef = useRef(focused);
  focusRef.current = focused;
  const ringFrom = layout === "concentric" ? focused : (present?.root ?? null);
  const elements = useMemo(
    () => (present && graph && ringFrom ? explorerElements(present, graph, ringFrom, bands) : []),
    [present, graph, ringFrom, bands],
  );
  useEffect(() => {
    if (!canvas || elements.length === 0) return;
    setDrawnMs(null);
    performance.mark(GRAPH_DRAWING);
    canvas.show(elements, layout, focusRef.current, (ms) => setDrawnMs(ms));
  }, [canvas, elements, layout]);
  useEffect(() => {
    canvas?.focus(focused);
  }, [canvas, focused, elements]);
  useEffect(() => {
    if (!canvas || !minimap.current) return;
    return canvas.attachMinimap(minimap.current);
  }, [canvas]);

  const choose = (identifier: string) => {
    if (!framework || !present) return;
    const node = present.nodes.get(identifier);
    if (!node || node.kind === "external" || node.kind === "unknown") return;
    if (node.kind === "document") store.selectNode(identifier);
    else void store.navigate({ key: framework, identifier });
  };
  const growNode = (identifier: string) => {
    setFocus(identifier);
    choose(identifier);
    void exploration.grow(identifier);
  };
  const tapped = useRef(growNode);
  tapped.current = growNode;

  const moveTo = (identifier: string, how = "") => {
    setFocus(identifier);
    tell(how, identifier);
  };
  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if (!present || !graph || !focused) return;
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const step = stepToward(graph, focused, direction, canvas?.positions() ?? new Map());
      if (!step) tell(`No association leads ${direction} from here.`, focused);
      else moveTo(step.other, `By ${describeStep(present, step)}.`);
      return;
    }
    switch (event.key) {
      case "Enter":
      case " ":
        event.preventDefault();
        growNode(focused);
        tell("Grown.", focused);
        return;
      case "n":
      case "p": {
        // Every node in turn, in the order they were gathered, whatever the edges.
        const ids = graph.nodes.map((n) => n.identifier);
        const at = ids.indexOf(focused) + (event.key === "n" ? 1 : -1);
        const next = ids[(at + ids.length) % ids.length];
        if (next) moveTo(next);
        return;
      }
      case "a": {
        const steps = stepsFrom(graph, focused);
        tell(
          steps.length === 0
            ? "No association drawn."
            : `${steps.map((step) => describeStep(present, step)).join("; ")}.`,
          focused,
        );
        return;
      }
      case "-":
      case "Backspace":
        event.preventDefault();
        exploration.collapse(focused);
        tell(`Collapsed ${present.nodes.get(focused)?.code ?? ""}.`, focused);
        return;
      case "Delete":
        event.preventDefault();
        if (focused === present.root) {
          tell("The start node cannot be removed.", focused);
          return;
        }
        exploration.remove(focused);
        tell(`Removed ${present.nodes.get(focused)?.code ?? ""}.`, present.root);
        return;
      case "Home":
        event.preventDefault();
        moveTo(present.root);
        return;
      case "l":
      case "L":
        event.preventDefault();
        setListView(true);
        return;
      case "i":
        tell("", focused);
        return;
    }
  };

  if (!framework) return <p className="empty">Open a framework to explore its graph.</p>;
  if (!present) {
    if (exploration.error)
      return <ErrorView error={exploration.error} onRetry={() => selected && void start(selected.identifier)} />;
    return (
      <p className="empty" role="status">
        {exploration.busy || replaying ? "Loading the graph…" : "Select an item, then open it in the graph."}
      </p>
    );
  }
  const types = explorationTypes(present);
  const counts = new Map(types.map((t) => [t, graph?.edges.filter((e) => e.associationType === t).length ?? 0]));
  const kinds = [...new Set([...present.nodes.values()].map((n) => n.kind))] as NodeKind[];
  const groupings = [...present.groupings.values()];
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const matches = graph ? searchNodes(graph, search) : [];
  const find = () => {
    const hit = matches[0];
    if (!hit || !graph) return setAnnouncement(search ? `Nothing drawn matches “${search}”.` : "");
    setFocus(hit.identifier);
    setAnnouncement(say(hit.identifier));
    canvas?.centre(hit.identifier);
  };
  const save = async (format: "png" | "svg") => {
    if (!canvas) return;
    setMessage(null);
    try {
      const label = present.nodes.get(present.root)?.label ?? "graph";
      const path = await exportGraph(backend, canvas, label, format);
      if (path) setMessage(`Saved to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${toAppError(error).message}`);
    }
  };
  const history = exploration.history;
  const focusedNode = focused ? present.nodes.get(focused) : undefined;
  const part =
    focused && graph
      ? partOf(focused, say(focused), {
          index: graph.nodes.findIndex((n) => n.identifier === focused),
          count: graph.nodes.length,
        })
      : null;
  return (
    <section className="graph-view graph-explorer" aria-label="Graph">
      <div className="toolbar graph-toolbar" role="toolbar" aria-label="Graph tools">
        <button
          type="button"
          onClick={exploration.back}
          disabled={!history?.past.length}
          title="Back to the graph as it was"
        >
          ← Back
        </button>
        <button type="button" onClick={exploration.forward} disabled={!history?.future.length} title="Forward again">
          Forward →
        </button>
        <label>
          Layout{" "}
          <select aria-label="Layout" value={layout} onChange={(e) => setLayout(e.target.value as LayoutName)}>
            {LAYOUTS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <form
          className="graph-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            find();
          }}
        >
          <input
            type="search"
            aria-label="Find a node in the graph"
            placeholder="Find a node…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit">Find</button>
        </form>
        <button
          type="button"
          aria-label="Zoom in"
          title="Zoom in"
          onClick={() => canvas?.zoomBy(1.25)}
          disabled={listView}
        >
          +
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          title="Zoom out"
          onClick={() => canvas?.zoomBy(0.8)}
          disabled={listView}
        >
          −
        </button>
        <button type="button" title="Fit the drawing to the pane" onClick={() => canvas?.fit()} disabled={listView}>
          Fit
        </button>
        <button
          type="button"
          aria-pressed={listView}
          title="The same graph as a list (L)"
          onClick={() => setListView(!listView)}
        >
          List view
        </button>
        <span className="button-group" role="group" aria-label="Export">
          <span className="muted">Export</span>
          <button type="button" aria-label="Export PNG" onClick={() => void save("png")} disabled={!canvas}>
            PNG
          </button>
          <button type="button" aria-label="Export SVG" onClick={() => void save("svg")} disabled={!canvas}>
            SVG
          </button>
        </span>
        <span
          role="status"
          aria-label="Graph size"
          className="muted num"
          data-nodes={present.nodes.size}
          data-drawn-ms={drawnMs ?? ""}
        >
          {present.nodes.size} nodes · {graph?.edges.length ?? 0} associations
          {exploration.busy ? " · loading…" : ""}
        </span>
      </div>
      {message && <p className="muted export-message">{message}</p>}
      {exploration.error && <ErrorView error={exploration.error} />}
      <div className="graph-body">
        {listView || !graph ? (
          <GraphListView
            exploration={present}
            graph={graph ?? { nodes: [], edges: [] }}
            elsewhere={elsewhere}
            focus={focused}
            onFocus={(id) => setFocus(id)}
            onGrow={growNode}
            onCollapse={exploration.collapse}
            onRemove={exploration.remove}
            onClose={() => setListView(false)}
          />
        ) : (
          <div
            className="graph-canvas"
            tabIndex={0}
            role="listbox"
            aria-label="Graph drawing"
            aria-describedby="graph-keys"
            aria-activedescendant={part?.id}
            data-focus={focused ?? ""}
            onKeyDown={onKey}
          >
            {part && <ActivePart key={part.id} part={part} role="option" />}
            {/* Cytoscape's own box, presentation only: a list box holds its options (the nodes are
                read through the active descendant), and cytoscape empties the box it is given
                when it goes — not the element React keeps the option in. */}
            <div ref={host} className="graph-surface" role="presentation" aria-hidden="true" />
          </div>
        )}
        <aside className="graph-side" aria-label="Graph legend and filters">
          <p id="graph-keys" className="muted graph-keys">
            Arrows move along associations; N and P go to the next and previous node; A reads the node&apos;s
            associations; Enter grows, − collapses, Delete removes; Home returns to the start; L shows the list.
          </p>
          {focusedNode && (
            <div className="graph-focus-actions" role="group" aria-label="Focused node">
              <button
                type="button"
                onClick={() => growNode(focusedNode.identifier)}
                disabled={present.grown.has(focusedNode.identifier)}
              >
                Grow
              </button>
              <button
                type="button"
                onClick={() => exploration.collapse(focusedNode.identifier)}
                disabled={!present.grown.has(focusedNode.identifier)}
              >
                Collapse
              </button>
              <button
                type="button"
                onClick={() => exploration.remove(focusedNode.identifier)}
                disabled={focusedNode.identifier === present.root}
              >
                Remove
              </button>
            </div>
          )}
          <canvas
            ref={minimap}
            className="graph-minimap"
            width={200}
            height={130}
            aria-hidden="true"
            hidden={listView}
          />
          <GraphLegend
            counts={counts}
            kinds={kinds}
            known={known}
            hidden={filters.hiddenTypes}
            onToggle={(type) => setFilters({ ...filters, hiddenTypes: toggle(filters.hiddenTypes, type) })}
          />
          <FrameworkLegend
            frameworks={frameworks}
            names={frameworkNames}
            hidden={filters.hiddenFrameworks}
            onToggle={(id) => setFilters({ ...filters, hiddenFrameworks: toggle(filters.hiddenFrameworks, id) })}
          />
          {groupings.length > 0 && (
            <fieldset className="graph-groupings">
              <legend>Groupings</legend>
              {[...groupings, { identifier: NO_GROUPING, title: "No grouping" }].map((g) => (
                <label key={g.identifier}>
                  <input
                    type="checkbox"
                    checked={!filters.hiddenGroupings.has(g.identifier)}
                    onChange={() =>
                      setFilters({ ...filters, hiddenGroupings: toggle(filters.hiddenGroupings, g.identifier) })
                    }
                  />{" "}
                  {g.title ?? g.identifier}
                </label>
              ))}
            </fieldset>
          )}
        </aside>
      </div>
      <p className="sr-only" role="status" aria-live="polite" aria-label="Graph announcement">
        {announcement}
      </p>
    </section>
  );
}
