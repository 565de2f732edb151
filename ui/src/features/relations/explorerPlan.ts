//! How the full-size graph goes onto its canvas: the view framed from the nodes' places before
//! anything is drawn or measured, then the elements in batches — those in view first, the rest
//! nearest the view first, each edge with the later of its two ends — so that the first frame
//! costs what the view shows, not what the graph holds (cytoscape measures every element it holds
//! before it draws any).

/** A point in the drawing's own coordinates. */
export interface Place {
  x: number;
  y: number;
}

/** A width and height, in px. */
export interface Size {
  width: number;
  height: number;
}

/** A zoom and pan as cytoscape takes them: on screen, a place is at `place × zoom + pan`. */
export interface Viewport {
  zoom: number;
  pan: Place;
}

/** How a drawing is framed. */
export interface Framing {
  /** Room between the drawing and the canvas's edge, in px. */
  padding: number;
  /** The largest zoom a drawing opens at. */
  most: number;
  /** The smallest zoom the canvas allows. */
  least: number;
  /** The smallest zoom worth reading at: a drawing that fits only below it opens at it. */
  reading: number | null;
  /** Where a drawing opened at the reading zoom is centred (the focused node), else its middle. */
  centre: Place | null;
}

/** The box the cards at `places` cover (`card` each, centred on its place), or `null` when empty. */
export function cover(places: Iterable<Place>, card: Size): { x1: number; y1: number; x2: number; y2: number } | null {
  let box: { x1: number; y1: number; x2: number; y2: number } | null = null;
  for (const { x, y } of places) {
    const [x1, y1, x2, y2] = [x - card.width / 2, y - card.height / 2, x + card.width / 2, y + card.height / 2];
    box = box
      ? { x1: Math.min(box.x1, x1), y1: Math.min(box.y1, y1), x2: Math.max(box.x2, x2), y2: Math.max(box.y2, y2) }
      : { x1, y1, x2, y2 };
  }
  return box;
}

/**
 * The view of cards of `card` size at `places` on a canvas of `canvas` size: all of them when
 * they fit at a zoom between `least` and `most` (and, with `reading`, at a readable zoom);
 * otherwise at the reading zoom, centred on `centre`.
 */
export function framing(places: Iterable<Place>, card: Size, canvas: Size, how: Framing): Viewport {
  const box = cover(places, card);
  const middle = { x: canvas.width / 2, y: canvas.height / 2 };
  if (!box) return { zoom: 1, pan: middle };
  const room = {
    width: Math.max(1, canvas.width - 2 * how.padding),
    height: Math.max(1, canvas.height - 2 * how.padding),
  };
  const fits = Math.min(room.width / (box.x2 - box.x1), room.height / (box.y2 - box.y1));
  let zoom = Math.max(how.least, Math.min(how.most, fits));
  let at = { x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 };
  if (how.reading !== null && zoom < how.reading) {
    zoom = how.reading;
    at = how.centre ?? at;
  }
  return { zoom, pan: { x: middle.x - at.x * zoom, y: middle.y - at.y * zoom } };
}

/** The part of the drawing `view` shows on a canvas of `canvas` size. */
export function extent(view: Viewport, canvas: Size): { x1: number; y1: number; x2: number; y2: number } {
  const x1 = -view.pan.x / view.zoom;
  const y1 = -view.pan.y / view.zoom;
  return { x1, y1, x2: x1 + canvas.width / view.zoom, y2: y1 + canvas.height / view.zoom };
}

/** A batch of elements added to the canvas together. */
export interface Batch<N, E> {
  nodes: N[];
  edges: E[];
}

/**
 * `nodes` (each with its `id` and place in `places`) and `edges` in batches: first every node
 * whose card the view `shows`, then the rest `size` at a time, nearest the view's middle first;
 * each edge in the batch of the later of its two ends (an edge whose end is not among `nodes`
 * is left out: nothing could draw it).
 */
export function batches<N extends { id: string }, E extends { source: string; target: string }>(
  nodes: readonly N[],
  edges: readonly E[],
  places: ReadonlyMap<string, Place>,
  card: Size,
  shows: { x1: number; y1: number; x2: number; y2: number },
  size: number,
): Array<Batch<N, E>> {
  const at = (node: N) => places.get(node.id) ?? { x: 0, y: 0 };
  const inView = (node: N) => {
    const { x, y } = at(node);
    return (
      x + card.width / 2 >= shows.x1 &&
      x - card.width / 2 <= shows.x2 &&
      y + card.height / 2 >= shows.y1 &&
      y - card.height / 2 <= shows.y2
    );
  };
  const middle = { x: (shows.x1 + shows.x2) / 2, y: (shows.y1 + shows.y2) / 2 };
  const far = (node: N) => Math.hypot(at(node).x - middle.x, at(node).y - middle.y);
  const first = nodes.filter(inView);
  const rest = nodes.filter((n) => !inView(n)).sort((a, b) => far(a) - far(b));
  const plan: Array<Batch<N, E>> = [{ nodes: first, edges: [] }];
  for (let i = 0; i < rest.length; i += Math.max(1, size)) plan.push({ nodes: rest.slice(i, i + size), edges: [] });
  const batchOf = new Map<string, number>();
  plan.forEach((batch, i) => batch.nodes.forEach((n) => batchOf.set(n.id, i)));
  for (const edge of edges) {
    const [from, to] = [batchOf.get(edge.source), batchOf.get(edge.target)];
    if (from === undefined || to === undefined) continue;
    plan[Math.max(from, to)]?.edges.push(edge);
  }
  return plan;
}
