//! The Map tab: the open framework as a zoomable icicle (the document at the left, each level a
//! column, each segment as tall as the items it holds), coloured by the measure the user picks
//! (item type, education level, alignment to another framework, change since another version)
//! with its legend. Hover shows a segment; a click zooms in on it; a double click or Enter opens
//! it in the tree. The keyboard moves between segments (arrows), zooms (Space in, Backspace out)
//! and hears each one read.

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";

import { choiceKey, choiceValue, useFrameworkChoices } from "../../app/frameworkChoices";
import { useMainView } from "../../app/mainView";
import { ActivePart, useActivePart } from "../../ui/ActivePart";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { useCrosswalk } from "../crosswalk/useCrosswalk";
import { useVersionDiff } from "../versions/useVersionDiff";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import { watchTheme } from "../relations/canvasTheme";
import { drawMap, segmentAt } from "./mapCanvas";
import {
  CHANGE_ORDER,
  alignmentCategory,
  changeCategory,
  describeSegment,
  factCategory,
  layOut,
  legendOf,
  moveFrom,
  type Categorise,
  type MapMove,
  type Measure,
  levelsShown,
  type Segment,
} from "./mapModel";
import "./map.css";
import { useFrameworkMap } from "./useFrameworkMap";

const MEASURES: Array<{ id: Measure; label: string }> = [
  { id: "itemType", label: "Item type" },
  { id: "educationLevel", label: "Education level" },
  { id: "alignment", label: "Alignment to another framework" },
  { id: "change", label: "Change since another version" },
];

/** The measures whose categories keep a fixed order in the legend. */
const ORDERS: Partial<Record<Measure, readonly string[]>> = {
  alignment: ["Aligned", "Aligned below", "Not aligned"],
  change: CHANGE_ORDER,
};

const KEYS: Record<string, MapMove> = {
  ArrowLeft: "parent",
  ArrowRight: "child",
  ArrowUp: "previous",
  ArrowDown: "next",
};

/** The Map tab. */
export function FrameworkMapView() {
  const { framework } = useExplorer();
  const store = useExplorerStore();
  const main = useMainView();
  const query = useFrameworkMap(framework);
  const { choices } = useFrameworkChoices();
  const [measure, setMeasure] = useState<Measure>("itemType");
  const [otherValue, setOther] = useState("");
  const other = choiceKey(otherValue);
  const walk = useCrosswalk(measure === "alignment" ? framework : null, other);
  const diff = useVersionDiff(
    measure === "change" && other ? { kind: "cache", key: other } : null,
    measure === "change" && framework ? { kind: "cache", key: framework } : null,
  );
  const compared = measure === "alignment" ? walk : diff;
  const map = query.data;
  const laidOut = useMemo(() => (map ? layOut(map) : null), [map]);
  const [focusIndex, setFocusIndex] = useState(0);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [hover, setHover] = useState<{ segment: Segment; x: number; y: number } | null>(null);
  // The last drawing's ms and when it was made (the bench and the tests wait for a new one).
  const [drawing, setDrawing] = useState<{ ms: number; at: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef<ReturnType<typeof drawMap>>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  // The colours are the theme's: drawn anew when it changes.
  const [theme, setTheme] = useState(0);
  useEffect(() => watchTheme(() => setTheme((n) => n + 1)), []);

  const categorise = useMemo<Categorise | null>(() => {
    if (!map) return null;
    if (measure === "itemType" || measure === "educationLevel") return factCategory(measure);
    if (measure === "change") return diff.data ? changeCategory(diff.data) : null;
    if (!walk.data) return null;
    const aligned = new Set(walk.data.groups.flatMap((g) => g.pairs.map((p) => p.from.identifier)));
    return alignmentCategory(map, aligned);
  }, [map, measure, walk.data, diff.data]);
  const legend = useMemo(
    () => (map && categorise ? legendOf(map.rows, categorise, ORDERS[measure]) : null),
    [map, categorise, measure],
  );

  const focus = laidOut?.byIndex[focusIndex] ?? laidOut?.root ?? null;
  const selected = laidOut?.byIndex[selectedIndex] ?? null;
  // The selected segment, read through the drawing's active descendant with what the last key did.
  const { tell, partOf } = useActivePart(selected ? String(selected.data.index) : null);

  // A new framework (or its map anew after a sync) starts at the document.
  useEffect(() => {
    setFocusIndex(0);
    setSelectedIndex(0);
    tell("", "");
  }, [map, tell]);

  // The canvas follows the pane's size.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    setSize({ width: element.clientWidth, height: element.clientHeight });
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [laidOut]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !laidOut || !focus || size.width === 0) return;
    const start = performance.now();
    drawn.current = drawMap(element, {
      map: laidOut,
      focus,
      selected,
      slots: legend?.slots ?? [],
    });
    const end = performance.now();
    setDrawing({ ms: Math.round(end - start), at: Math.round(end) });
  }, [laidOut, focus, selected, legend, size, theme]);

  // The segments drawn, for the end-to-end tests (as the graph's canvas exposes `cy`).
  useEffect(() => {
    const element = canvas.current as (HTMLCanvasElement & { mapSegments?: () => unknown }) | null;
    if (!element) return;
    element.mapSegments = () =>
      drawn.current.map(({ segment, rect }) => ({
        identifier: segment.data.row.identifier,
        code: segment.data.row.code,
        depth: segment.depth,
        descendants: segment.data.row.descendants,
        slot: legend?.slots[segment.data.index] ?? null,
        ...rect,
      }));
  }, [legend]);

  if (!framework) return <p className="empty">Open a framework to see its map.</p>;
  if (query.error) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (!map || !laidOut || !focus) {
    return (
      <p className="empty" role="status">
        Drawing the map…
      </p>
    );
  }

  const categoryOf = (segment: Segment) => {
    const slot = legend?.slots[segment.data.index];
    if (!legend || segment.data.row.kind !== "item") return null;
    const entry = legend.categories.find((c) => c.slot === slot && (slot !== null || c.name === "None"));
    return entry ? `${MEASURES.find((m) => m.id === measure)?.label}: ${entry.name}` : null;
  };
  const say = (segment: Segment) => describeSegment(segment, categoryOf(segment));
  const select = (segment: Segment, how = "") => {
    setSelectedIndex(segment.data.index);
    tell(how, String(segment.data.index));
  };
  const zoomTo = (segment: Segment, how = "") => {
    // A leaf has nothing to show to its right: the view zooms on its parent.
    const target = segment.children ? segment : (segment.parent ?? segment);
    setFocusIndex(target.data.index);
    select(segment, how);
  };
  const openInTree = (segment: Segment) => {
    const { row } = segment.data;
    main.show("tree");
    if (row.kind === "document") store.selectNode(row.identifier);
    else void store.navigate({ key: framework, identifier: row.identifier });
  };
  const pointAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    return { segment: segmentAt(drawn.current, x, y), x, y };
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!selected) return;
    const move = KEYS[event.key];
    if (move) {
      event.preventDefault();
      const next = moveFrom(selected, move);
      if (!next) {
        const why = move === "child" ? "Nothing below." : move === "parent" ? "The framework." : "No more here.";
        tell(why, String(selected.data.index));
        return;
      }
      // Out of the view: the view follows.
      if (next.depth < focus.depth || next.depth - focus.depth > levelsShown(focus, size.width))
        setFocusIndex((next.parent ?? next).data.index);
      select(next);
      return;
    }
    switch (event.key) {
      case "Enter":
        event.preventDefault();
        openInTree(selected);
        return;
      case " ":
        event.preventDefault();
        zoomTo(selected, "Zoomed in.");
        return;
      case "Backspace":
      case "Escape":
        if (focus.parent) {
          event.preventDefault();
          setFocusIndex(focus.parent.data.index);
          tell(
            `Zoomed out to ${focus.parent.data.row.code ?? focus.parent.data.row.label}.`,
            String(selected.data.index),
          );
        }
        return;
      case "Home":
        event.preventDefault();
        setFocusIndex(0);
        select(laidOut.root);
        return;
    }
  };

  const path = focus.ancestors().reverse();
  const part = selected
    ? partOf(String(selected.data.index), say(selected), {
        index: selected.parent?.children?.indexOf(selected) ?? 0,
        count: selected.parent?.children?.length ?? 1,
        level: selected.depth + 1,
      })
    : null;
  return (
    <section className="framework-map" aria-label="Framework map">
      <div className="toolbar graph-toolbar" role="toolbar" aria-label="Map tools">
        <label>
          Colour by{" "}
          <select aria-label="Colour by" value={measure} onChange={(e) => setMeasure(e.target.value as Measure)}>
            {MEASURES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        {(measure === "alignment" || measure === "change") && (
          <label>
            {measure === "alignment" ? "Aligned to" : "Since"}{" "}
            <select
              aria-label={measure === "alignment" ? "Aligned to" : "Since"}
              value={otherValue}
              onChange={(e) => setOther(e.target.value)}
            >
              <option value="">Choose a framework…</option>
              {choices
                .filter((c) => c.value !== choiceValue(framework))
                .map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
            </select>
          </label>
        )}
        <button type="button" onClick={() => focus.parent && zoomTo(focus.parent)} disabled={!focus.parent}>
          Zoom out
        </button>
        <button type="button" onClick={() => zoomTo(laidOut.root)} disabled={focus === laidOut.root}>
          Whole framework
        </button>
        <span
          role="status"
          aria-label="Map size"
          className="muted num"
          data-rows={map.rows.length}
          data-drawn-ms={drawing?.ms ?? ""}
          data-drawn-at={drawing?.at ?? ""}
        >
          {formatCount(map.rows.length - 1)} items
          {map.leftOut > 0 ? ` · ${formatCount(map.leftOut)} outside the document's tree not shown` : ""}
          {map.truncated ? " · cut at the map's limit" : ""}
        </span>
      </div>
      <nav aria-label="Map zoom">
        <ol className="map-path">
          {path.map((s) => (
            <li key={s.data.index}>
              <button type="button" className="link" onClick={() => zoomTo(s)} aria-current={s === focus || undefined}>
                {s.data.row.code ?? s.data.row.label}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {compared.error && <ErrorView error={compared.error} />}
      <div className="map-body">
        <div
          className="map-drawing"
          tabIndex={0}
          role="tree"
          aria-label="Framework map"
          aria-describedby="map-keys"
          aria-activedescendant={part?.id}
          data-selected={selected?.data.row.identifier ?? ""}
          onKeyDown={onKey}
        >
          {part && <ActivePart key={part.id} part={part} role="treeitem" />}
          {/* Presentation only: WebKit takes a tree holding anything but tree items, groups and
              presentation for no tree (its items then read as sections). The segments are read
              through the active descendant. */}
          <canvas
            ref={canvas}
            className="map-canvas"
            role="presentation"
            aria-hidden="true"
            onClick={(e) => {
              const { segment } = pointAt(e);
              if (segment) zoomTo(segment);
            }}
            onDoubleClick={(e) => {
              const { segment } = pointAt(e);
              if (segment) openInTree(segment);
            }}
            onMouseMove={(e) => {
              const at = pointAt(e);
              setHover(at.segment ? { segment: at.segment, x: at.x, y: at.y } : null);
            }}
            onMouseLeave={() => setHover(null)}
          />
        </div>
        {hover && (
          <div className="map-tip" style={{ left: hover.x + 14, top: hover.y + 14 }} aria-hidden="true">
            {say(hover.segment)}
          </div>
        )}
        <aside className="graph-side" aria-label="Map legend">
          <p id="map-keys" className="muted">
            Arrows move between segments; Space zooms in, Backspace out; Enter opens the item in the tree; Home returns
            to the whole framework.
          </p>
          {measure === "alignment" && !otherValue && <p className="muted">Choose the framework to align to.</p>}
          {measure === "change" && !otherValue && <p className="muted">Choose the version to compare with.</p>}
          {(measure === "alignment" || measure === "change") && compared.isFetching && (
            <p role="status">{measure === "alignment" ? "Finding the alignments…" : "Comparing the versions…"}</p>
          )}
          {legend && (
            <ul className="map-legend" aria-label={`Colours: ${MEASURES.find((m) => m.id === measure)?.label}`}>
              {legend.categories.map((c) => (
                <li key={c.name}>
                  <span
                    className="map-swatch"
                    style={{ background: c.slot === null ? "var(--map-none)" : `var(--map-${c.slot + 1})` }}
                    aria-hidden="true"
                  />
                  {c.name} <span className="muted num">({formatCount(c.items)})</span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </section>
  );
}
