//! Exporting the drawn graph: PNG or SVG bytes saved where the user chooses.

import type { Backend } from "../../backend";
import { saveAs } from "../files/saveAs";
import type { GraphCanvas } from "./graphCanvas";

/** A file name for the graph of `label`. */
export function exportName(label: string, format: "png" | "svg"): string {
  const base =
    label
      .replace(/[^\p{L}\p{N}.\- ]+/gu, " ")
      .trim()
      .slice(0, 60) || "graph";
  return `Graph of ${base}.${format}`;
}

/** Saves the graph drawn on `canvas` as `format`; answers the file's path (`null`: not saved). */
export async function exportGraph(
  backend: Backend,
  canvas: Pick<GraphCanvas, "png" | "svg">,
  label: string,
  format: "png" | "svg",
): Promise<string | null> {
  const bytes = format === "png" ? await canvas.png() : new TextEncoder().encode(canvas.svg());
  return saveAs(backend, exportName(label, format), bytes);
}
