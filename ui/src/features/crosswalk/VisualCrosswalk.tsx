//! The crosswalk side by side: the two frameworks' trees (opened to a level the user picks, any
//! row opened or closed), the pairs drawn between them on a canvas — bundled at closed rows,
//! counted, in their association type's colour and line style — and each row's items without a
//! counterpart counted beside it (in words, not by colour). A click on a link shows its pair as
//! the tables do, or opens both rows of a bundle. The tables view holds the same pairs as text.

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { CrosswalkReport } from "../../bindings/CrosswalkReport";
import { contentLang } from "../../ui/contentLang";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount, noun } from "../../ui/formatCount";
import { useFrameworkMap } from "../map/useFrameworkMap";
import { cssVar, watchTheme } from "../relations/canvasTheme";
import { typeStyle } from "../relations/graphStyle";
import {
  bundles as bundlesOf,
  matchedItems,
  shownPlace,
  shownRows,
  sideTree,
  unmatched,
  type Bundle,
  type Openness,
  type ShownRow,
} from "./visualModel";

const ROW = 24;
const LEVELS = [1, 2, 3, 4];

interface Props {
  report: CrosswalkReport;
  /** The pairs the filters keep. */
  pairs: CrosswalkPair[];
  onPick(pair: CrosswalkPair): void;
}

/** A side's openness, changed by a row's toggle. */
function useOpenness(depth: number) {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  // A new level resets what the user opened and closed.
  useEffect(() => {
    setOpened(new Set());
    setClosed(new Set());
  }, [depth]);
  const open: Openness = useMemo(() => ({ depth, opened, closed }), [depth, opened, closed]);
  const toggle = (row: ShownRow, to = !row.open) => {
    const without = (set: ReadonlySet<number>) => new Set([...set].filter((i) => i !== row.index));
    setOpened(to ? new Set([...opened, row.index]) : without(opened));
    setClosed(to ? without(closed) : new Set([...closed, row.index]));
  };
  return { open, toggle };
}

export function VisualCrosswalk({ report, pairs, onPick }: Props) {
  const fromMap = useFrameworkMap(report.from.key);
  const toMap = useFrameworkMap(report.to.key);
  const [depth, setDepth] = useState(1);
  const left = useOpenness(depth);
  const right = useOpenness(depth);
  const from = useMemo(() => (fromMap.data ? sideTree(fromMap.data) : null), [fromMap.data]);
  const to = useMemo(() => (toMap.data ? sideTree(toMap.data) : null), [toMap.data]);
  const fromRows = useMemo(() => (from ? shownRows(from, left.open) : []), [from, left.open]);
  const toRows = useMemo(() => (to ? shownRows(to, right.open) : []), [to, right.open]);
  const drawn = useMemo(() => {
    if (!from || !to) return null;
    const fromPlace = shownPlace(from, fromRows);
    const toPlace = shownPlace(to, toRows);
    const matched = matchedItems(pairs);
    return {
      links: bundlesOf(pairs, from, fromPlace, to, toPlace),
      fromUnmatched: unmatched(from, fromRows, fromPlace, matched.from),
      toUnmatched: unmatched(to, toRows, toPlace, matched.to),
    };
  }, [from, to, fromRows, toRows, pairs]);

  const leftScroll = useRef<HTMLDivElement>(null);
  const rightScroll = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const leftRows = useVirtualizer({
    count: fromRows.length,
    getScrollElement: () => leftScroll.current,
    estimateSize: () => ROW,
    overscan: 20,
  });
  const rightRows = useVirtualizer({
    count: toRows.length,
    getScrollElement: () => rightScroll.current,
    estimateSize: () => ROW,
    overscan: 20,
  });
  const [scrolled, setScrolled] = useState(0);
  const [tip, setTip] = useState<{ text: string; x: number; y: number } | null>(null);

  // The links follow both sides' scrolling, the pane's size and the theme.
  useEffect(() => {
    const redraw = () => setScrolled((n) => n + 1);
    const stop = watchTheme(redraw);
    const element = canvas.current;
    if (!element || typeof ResizeObserver === "undefined") return stop;
    const observer = new ResizeObserver(redraw);
    observer.observe(element);
    return () => {
      stop();
      observer.disconnect();
    };
  }, [drawn !== null]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const element = canvas.current;
    if (!element || !drawn) return;
    drawLinks(element, drawn.links, leftScroll.current?.scrollTop ?? 0, rightScroll.current?.scrollTop ?? 0);
  }, [drawn, scrolled]);

  // The links drawn with their ends, for the end-to-end tests (as the Map exposes its segments).
  useEffect(() => {
    const element = canvas.current as (HTMLCanvasElement & { crosswalkLinks?: () => unknown }) | null;
    if (!element || !drawn) return;
    element.crosswalkLinks = () =>
      drawn.links.map((link) => ({
        type: link.associationType,
        pairs: link.pairs.length,
        ...ends(link, element.clientWidth, leftScroll.current?.scrollTop ?? 0, rightScroll.current?.scrollTop ?? 0),
      }));
  }, [drawn]);

  if (fromMap.error) return <ErrorView error={fromMap.error} />;
  if (toMap.error) return <ErrorView error={toMap.error} />;
  if (!drawn) return <p className="empty">Reading both trees…</p>;

  const linkAt = (event: MouseEvent<HTMLCanvasElement>): Bundle | null => {
    const box = event.currentTarget.getBoundingClientRect();
    return nearestLink(
      drawn.links,
      event.clientX - box.left,
      event.clientY - box.top,
      box.width,
      leftScroll.current?.scrollTop ?? 0,
      rightScroll.current?.scrollTop ?? 0,
    );
  };
  const side = (
    name: string,
    rows: ShownRow[],
    counts: number[],
    virtual: typeof leftRows,
    scroller: typeof leftScroll,
    toggle: (row: ShownRow) => void,
    language: string | null,
  ) => (
    <div ref={scroller} className="xwalk-side" onScroll={() => setScrolled((n) => n + 1)}>
      <ul aria-label={name} style={{ height: virtual.getTotalSize(), position: "relative" }}>
        {virtual.getVirtualItems().map((item) => {
          const shown = rows[item.index]!;
          const { row } = shown;
          const missing = counts[item.index] ?? 0;
          return (
            <li
              key={shown.index}
              className="xwalk-row"
              style={{ transform: `translateY(${item.start}px)`, paddingLeft: 4 + (shown.level - 1) * 14 }}
            >
              {shown.hasChildren ? (
                <button
                  type="button"
                  className="xwalk-toggle"
                  aria-expanded={shown.open}
                  aria-label={`${shown.open ? "Close" : "Open"} ${row.code ?? row.label}`}
                  onClick={() => toggle(shown)}
                >
                  {shown.open ? "▾" : "▸"}
                </button>
              ) : (
                <span className="xwalk-toggle" />
              )}
              <span className="code">{row.code}</span>{" "}
              <span className="xwalk-label" lang={contentLang(language)}>
                {row.label}
              </span>
              {missing > 0 && (
                <span className="xwalk-unmatched muted num" title="Items without a counterpart">
                  {" "}
                  · {formatCount(missing)} unmatched
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );

  const linkCount = drawn.links.length;
  return (
    <div className="xwalk-visual">
      <div className="toolbar wrap">
        <label>
          Open to level{" "}
          <select aria-label="Open to level" value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <span className="muted num" role="status" aria-label="Links drawn" data-links={linkCount}>
          {formatCount(pairs.length)} {noun(pairs.length, "pair")} drawn as {formatCount(linkCount)}{" "}
          {noun(linkCount, "link")}
        </span>
      </div>
      <div className="xwalk-columns">
        {side(
          `${report.from.title}: rows`,
          fromRows,
          drawn.fromUnmatched,
          leftRows,
          leftScroll,
          left.toggle,
          report.from.language,
        )}
        <div className="xwalk-links">
          <canvas
            ref={canvas}
            aria-hidden="true"
            onMouseMove={(e) => {
              const link = linkAt(e);
              const box = e.currentTarget.getBoundingClientRect();
              setTip(
                link
                  ? {
                      text: `${formatCount(link.pairs.length)} ${link.associationType}: ${label(fromRows[link.from])} → ${label(toRows[link.to])}`,
                      x: e.clientX - box.left,
                      y: e.clientY - box.top,
                    }
                  : null,
              );
            }}
            onMouseLeave={() => setTip(null)}
            onClick={(e) => {
              const link = linkAt(e);
              if (!link) return;
              const [first] = link.pairs;
              if (link.pairs.length === 1 && first) onPick(first);
              else {
                const [a, b] = [fromRows[link.from], toRows[link.to]];
                if (a?.hasChildren && !a.open) left.toggle(a, true);
                if (b?.hasChildren && !b.open) right.toggle(b, true);
                if (first && !(a?.hasChildren && !a.open) && !(b?.hasChildren && !b.open)) onPick(first);
              }
            }}
          />
          {tip && (
            <div className="map-tip" style={{ left: tip.x + 12, top: tip.y + 12 }} aria-hidden="true">
              {tip.text}
            </div>
          )}
        </div>
        {side(
          `${report.to.title}: rows`,
          toRows,
          drawn.toUnmatched,
          rightRows,
          rightScroll,
          right.toggle,
          report.to.language,
        )}
      </div>
    </div>
  );
}

function label(row: ShownRow | undefined): string {
  return row ? (row.row.code ?? row.row.label) : "";
}

/** A link's ends in the canvas: y of each side's row centre (scrolled), x at the canvas's edges. */
function ends(link: Bundle, width: number, leftTop: number, rightTop: number) {
  return {
    x0: 0,
    y0: link.from * ROW + ROW / 2 - leftTop,
    x1: width,
    y1: link.to * ROW + ROW / 2 - rightTop,
  };
}

/** Draws `links` between the two sides scrolled to `leftTop` and `rightTop`. */
function drawLinks(canvas: HTMLCanvasElement, links: Bundle[], leftTop: number, rightTop: number) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const single = cssVar(canvas, "--graph-edge", "");
  for (const link of links) {
    const { x0, y0, x1, y1 } = ends(link, width, leftTop, rightTop);
    // Off the view at both ends, and not crossing it: nothing to draw.
    if ((y0 < 0 && y1 < 0) || (y0 > height && y1 > height)) continue;
    const style = typeStyle(link.associationType);
    ctx.strokeStyle = single || style.colour;
    ctx.lineWidth = 1.5 + Math.log2(link.pairs.length);
    ctx.setLineDash(style.line === "dashed" ? [6, 3] : style.line === "dotted" ? [2, 3] : []);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.bezierCurveTo(width / 2, y0, width / 2, y1, x1, y1);
    ctx.stroke();
  }
}

/** The link nearest the point (x, y), within 6 px (sampled along each curve). */
function nearestLink(
  links: Bundle[],
  x: number,
  y: number,
  width: number,
  leftTop: number,
  rightTop: number,
): Bundle | null {
  let best: Bundle | null = null;
  let bestDistance = 6;
  const t = Math.min(1, Math.max(0, x / width));
  for (const link of links) {
    const { y0, y1 } = ends(link, width, leftTop, rightTop);
    // The curve's y at this x: the bezier with control points at the middle, eased.
    const u = t * t * (3 - 2 * t);
    const distance = Math.abs(y0 + (y1 - y0) * u - y);
    if (distance < bestDistance) {
      best = link;
      bestDistance = distance;
    }
  }
  return best;
}
