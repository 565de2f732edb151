//! The print bundle's entry (`npm run build:print`: one script, one style sheet, KaTeX's fonts
//! inline), run inside the HTML file `cairn export --format html` writes: reads the document's
//! model from its data block and lays it out.

import "./print.css";

import type { PrintDocument } from "../../bindings/PrintDocument";
import { pageStyle, renderPrintDocument } from "./printDocument";

/** The `id` of the data block (`PRINT_DATA_ID` in Rust). */
const DATA_ID = "cairn-print-data";

const data = document.getElementById(DATA_ID);
if (data?.textContent) {
  const doc = JSON.parse(data.textContent) as PrintDocument;
  document.title = doc.title;
  const style = document.createElement("style");
  style.textContent = pageStyle(doc);
  document.head.append(style);
  const main = document.createElement("main");
  main.className = "print-document";
  main.innerHTML = renderPrintDocument(doc);
  document.body.append(main);
}
