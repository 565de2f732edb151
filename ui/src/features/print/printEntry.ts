//! The print bundle's entry (`npm run build:print`: one script, one style sheet, KaTeX's fonts
//! inline), run inside the HTML file `cairn export --format html` writes: reads the document's
//! model from its data block and lays it out (or the part of it the file has, see `PrintPart`).

import "./print.css";

import type { PrintDocument } from "../../bindings/PrintDocument";
import type { PrintPart } from "../../bindings/PrintPart";
import { pageStyle, renderPrintDocument } from "./printDocument";

/** The `id` of the data block (`PRINT_DATA_ID` in Rust). */
const DATA_ID = "cairn-print-data";
/** The `id` of the block saying which part of the document the file has (`PRINT_PART_ID`). */
const PART_ID = "cairn-print-part";

const data = document.getElementById(DATA_ID);
if (data?.textContent) {
  const doc = JSON.parse(data.textContent) as PrintDocument;
  document.title = doc.title;
  const style = document.createElement("style");
  style.textContent = pageStyle(doc);
  document.head.append(style);
  const main = document.createElement("main");
  main.className = "print-document";
  const part = document.getElementById(PART_ID)?.textContent;
  main.innerHTML = renderPrintDocument(doc, part ? (JSON.parse(part) as PrintPart) : undefined);
  document.body.append(main);
}
