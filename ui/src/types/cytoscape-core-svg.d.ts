// The `svg()` that cytoscape-svg adds to a graph.
import "cytoscape";

declare module "cytoscape" {
  interface Core {
    /** The graph as an SVG document. */
    svg(options?: { full?: boolean; scale?: number; bg?: string }): string;
  }
}
