//! The SVG-recording context's additions to canvas2svg: dashes as a canvas keeps them (saved and
//! restored), ellipses as Bézier curves on the ellipse, and a document any XML parser reads.

import { beforeAll, describe, expect, it, vi } from "vitest";

import { SvgContext, arcSweep } from "./svgContext";

beforeAll(() => {
  // canvas2svg keeps a canvas to measure text with; jsdom has none (and these tests measure none).
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

/** The numbers of a path's `d`, command by command. */
function commands(d: string): Array<{ op: string; args: number[] }> {
  return [...d.matchAll(/([MLCQAZ])([^MLCQAZ]*)/g)].map((m) => ({
    op: m[1] as string,
    args: (m[2] as string)
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number),
  }));
}

function lastPath(context: SvgContext): SVGPathElement {
  const paths = context.getSvg().getElementsByTagName("path");
  return paths[paths.length - 1] as SVGPathElement;
}

/** The point at `t` of the cubic Bézier from `p0` through `p1`, `p2` to `p3`. */
function bezier(t: number, p0: number[], p1: number[], p2: number[], p3: number[]): [number, number] {
  const u = 1 - t;
  const at = (i: number) =>
    u * u * u * (p0[i] as number) +
    3 * u * u * t * (p1[i] as number) +
    3 * u * t * t * (p2[i] as number) +
    t * t * t * (p3[i] as number);
  return [at(0), at(1)];
}

describe("arcSweep", () => {
  it("sweeps as a canvas's arc does", () => {
    expect(arcSweep(0, 2 * Math.PI, false)).toBeCloseTo(2 * Math.PI);
    expect(arcSweep(0, 3 * Math.PI, false)).toBeCloseTo(2 * Math.PI);
    expect(arcSweep(0, Math.PI / 2, false)).toBeCloseTo(Math.PI / 2);
    expect(arcSweep(0, -Math.PI / 2, false)).toBeCloseTo((3 * Math.PI) / 2);
    expect(arcSweep(0, Math.PI / 2, true)).toBeCloseTo((-3 * Math.PI) / 2);
    expect(arcSweep(2 * Math.PI, 0, true)).toBeCloseTo(-2 * Math.PI);
    expect(arcSweep(1, 1, false)).toBe(0);
  });
});

describe("SvgContext", () => {
  it("draws a whole ellipse as four quarter curves that stay on it", () => {
    const context = new SvgContext({ width: 100, height: 100 });
    context.beginPath();
    context.ellipse(50, 40, 20, 10, 0, 0, 2 * Math.PI);
    context.closePath();
    context.fill();
    const parts = commands(lastPath(context).getAttribute("d") ?? "");
    expect(parts.map((p) => p.op).join("")).toBe("MCCCCZ");
    let from = parts[0]?.args as number[];
    expect(from[0]).toBeCloseTo(70);
    expect(from[1]).toBeCloseTo(40);
    for (const { args } of parts.slice(1, 5)) {
      const [p1, p2, p3] = [args.slice(0, 2), args.slice(2, 4), args.slice(4, 6)];
      for (const t of [0.25, 0.5, 0.75]) {
        const [x, y] = bezier(t, from, p1, p2, p3);
        // On the ellipse to within 0.03%.
        expect(Math.abs(Math.hypot((x - 50) / 20, (y - 40) / 10) - 1)).toBeLessThan(3e-4);
      }
      from = p3;
    }
    expect(from[0]).toBeCloseTo(70);
    expect(from[1]).toBeCloseTo(40);
  });

  it("joins an arc of a turned ellipse to the path, and ends it where a canvas would", () => {
    const context = new SvgContext();
    context.moveTo(0, 0);
    context.ellipse(10, 10, 4, 2, Math.PI / 2, 0, Math.PI / 2);
    context.stroke();
    const parts = commands(lastPath(context).getAttribute("d") ?? "");
    expect(parts.map((p) => p.op).join("")).toBe("MLC");
    // Turned a quarter: the ellipse's x radius points down, its y radius left.
    expect(parts[1]?.args[0]).toBeCloseTo(10);
    expect(parts[1]?.args[1]).toBeCloseTo(14);
    expect(parts[2]?.args[4]).toBeCloseTo(8);
    expect(parts[2]?.args[5]).toBeCloseTo(10);
    expect(() => context.ellipse(0, 0, -1, 1, 0, 0, 1)).toThrow(RangeError);
  });

  it("writes dashes on strokes, as a canvas keeps them", () => {
    const context = new SvgContext();
    const line = () => {
      context.beginPath();
      context.moveTo(0, 0);
      context.lineTo(10, 0);
      context.stroke();
      return lastPath(context);
    };
    expect(line().hasAttribute("stroke-dasharray")).toBe(false);
    context.setLineDash([4, 2, 1]);
    expect(context.getLineDash()).toEqual([4, 2, 1, 4, 2, 1]);
    context.setLineDash([-1, 2]);
    expect(context.getLineDash()).toEqual([4, 2, 1, 4, 2, 1]);
    context.setLineDash([6, 3]);
    context.lineDashOffset = 2;
    context.save();
    context.setLineDash([1, 1]);
    context.lineDashOffset = 0;
    const dotted = line();
    expect(dotted.getAttribute("stroke-dasharray")).toBe("1 1");
    expect(dotted.hasAttribute("stroke-dashoffset")).toBe(false);
    context.restore();
    const dashed = line();
    expect(dashed.getAttribute("stroke-dasharray")).toBe("6 3");
    expect(dashed.getAttribute("stroke-dashoffset")).toBe("2");
    context.setLineDash([]);
    expect(line().hasAttribute("stroke-dasharray")).toBe(false);
    context.setLineDash([0, 0]);
    expect(line().hasAttribute("stroke-dasharray")).toBe(false);
  });

  it("serializes a standalone SVG file any XML parser reads", () => {
    const context = new SvgContext({ width: 30, height: 20 });
    context.fillStyle = "rgba(10,20,30,0.5)";
    context.fillText("A & <B>", 5, 10);
    const text = context.document();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(text.match(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g)).toHaveLength(1);
    expect(text.match(/xmlns:xlink=/g)).toHaveLength(1);
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.documentElement.getAttribute("width")).toBe("30");
    const label = doc.getElementsByTagName("text")[0];
    expect(label?.textContent).toBe("A & <B>");
    expect(label?.getAttribute("fill")).toBe("rgb(10,20,30)");
    expect(label?.getAttribute("fill-opacity")).toBe("0.5");
  });
});
