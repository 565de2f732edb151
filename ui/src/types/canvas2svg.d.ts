// canvas2svg ships no declarations: its Canvas 2D context that records SVG, as far as the UI uses it
// (svgContext.ts completes it; cytoscape's renderer draws on it as on any 2D context).
declare module "canvas2svg" {
  export interface C2SOptions {
    width?: number;
    height?: number;
    document?: Document;
  }

  export default class C2S {
    constructor(options?: C2SOptions);
    fillStyle: string;
    strokeStyle: string;
    lineWidth: number;
    font: string;
    save(): void;
    restore(): void;
    translate(x: number, y: number): void;
    beginPath(): void;
    closePath(): void;
    moveTo(x: number, y: number): void;
    lineTo(x: number, y: number): void;
    bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void;
    fill(): void;
    stroke(): void;
    fillRect(x: number, y: number, width: number, height: number): void;
    fillText(text: string, x: number, y: number): void;
    /** The root `<svg>` element drawn so far. */
    getSvg(): SVGSVGElement;
    /** The element the last drawing call made or is building (canvas2svg's own state). */
    protected __currentElement: Element;
  }
}
