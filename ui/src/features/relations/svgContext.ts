//! A Canvas 2D context that records SVG (canvas2svg's), completed with what cytoscape's renderer
//! draws and canvas2svg lacks: dashed and dotted strokes (`setLineDash`, `lineDashOffset`) and
//! true ellipses (without `ellipse` the renderer draws them as polygons), and a serialization
//! that is well-formed XML wherever it runs. The graph's SVG export draws on it; it knows nothing
//! of cytoscape.

import C2S from "canvas2svg";

/** The sweep from `start` to `end` as a canvas's `arc`/`ellipse` draws it (radians, signed). */
export function arcSweep(start: number, end: number, anticlockwise: boolean): number {
  const turn = 2 * Math.PI;
  if (!anticlockwise && end - start >= turn) return turn;
  if (anticlockwise && start - end >= turn) return -turn;
  let sweep = (end - start) % turn;
  if (!anticlockwise && sweep < 0) sweep += turn;
  if (anticlockwise && sweep > 0) sweep -= turn;
  return sweep;
}

/** What `save` keeps beyond canvas2svg's own state. */
interface DashState {
  dash: number[];
  offset: number;
}

export class SvgContext extends C2S {
  /** As a canvas's: where the dash pattern starts along a stroke. */
  lineDashOffset = 0;
  private dash: number[] = [];
  private saved: DashState[] = [];

  /** As a canvas's: an odd list is repeated; a list with a negative or non-finite length is ignored. */
  setLineDash(segments: number[]): void {
    if (segments.some((s) => !Number.isFinite(s) || s < 0)) return;
    this.dash = segments.length % 2 === 1 ? [...segments, ...segments] : [...segments];
  }

  getLineDash(): number[] {
    return [...this.dash];
  }

  override save(): void {
    super.save();
    this.saved.push({ dash: this.dash, offset: this.lineDashOffset });
  }

  override restore(): void {
    super.restore();
    const state = this.saved.pop();
    if (state) {
      this.dash = state.dash;
      this.lineDashOffset = state.offset;
    }
  }

  override stroke(): void {
    super.stroke();
    // A pattern of zeros draws a solid line on a canvas, and nothing in SVG.
    if (!this.dash.some((s) => s > 0)) return;
    this.__currentElement.setAttribute("stroke-dasharray", this.dash.join(" "));
    if (this.lineDashOffset !== 0) this.__currentElement.setAttribute("stroke-dashoffset", String(this.lineDashOffset));
  }

  /**
   * The drawing as a standalone SVG file's text. canvas2svg's own `getSerializedSvg` can declare
   * a namespace twice (its `xmlns` is a plain attribute, which a serializer may write beside the
   * declaration it adds itself, and a fix for old browsers then renames one of the two), which no
   * XML parser reads; the root's namespace is the serializer's to declare.
   */
  document(): string {
    const root = this.getSvg().cloneNode(true) as SVGSVGElement;
    root.removeAttribute("xmlns");
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`;
  }

  /**
   * As a canvas's: the arc of the ellipse centred on (`x`, `y`), joined by a line to the path's
   * last point, drawn as cubic Bézier curves of at most a quarter turn each (within 0.03% of the
   * ellipse) through canvas2svg's own path calls.
   */
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
    anticlockwise = false,
  ): void {
    if (radiusX < 0 || radiusY < 0) throw new RangeError("ellipse: a radius is negative");
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    // A point of the unit circle, onto the ellipse.
    const at = (u: number, v: number): [number, number] => [
      x + radiusX * u * cos - radiusY * v * sin,
      y + radiusX * u * sin + radiusY * v * cos,
    ];
    const sweep = arcSweep(startAngle, endAngle, anticlockwise);
    this.lineTo(...at(Math.cos(startAngle), Math.sin(startAngle)));
    const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / pieces;
    // Each control point lies along the tangent at its end, this far from it.
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < pieces; i++) {
      const a = startAngle + i * step;
      const b = a + step;
      const [ca, sa, cb, sb] = [Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b)];
      this.bezierCurveTo(...at(ca - k * sa, sa + k * ca), ...at(cb + k * sb, sb - k * cb), ...at(cb, sb));
    }
  }
}
