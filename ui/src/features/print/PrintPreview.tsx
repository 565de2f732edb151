//! The print preview: the print document laid out by the print renderer (`printDocument.ts`, the
//! same one the PDF and `cairn export --format html` use) on sheets of the printed page's width
//! and margins, with `print.css`.

import { useMemo } from "react";

import type { PrintDocument } from "../../bindings/PrintDocument";
import { renderPrintDocument } from "./printDocument";
import "./print.css";
import "./printPreview.css";

/** `document` as it will print. */
export function PrintPreview({ document }: { document: PrintDocument }) {
  // The renderer escapes every plain field and sanitises the Markdown (as the item panel does).
  const html = useMemo(() => renderPrintDocument(document), [document]);
  return (
    <div className="print-preview" role="document" aria-label="Print preview">
      <div className="print-sheet">
        <div className="print-running-header" aria-hidden="true">
          {document.scope ? `${document.title} — ${document.scope}` : document.title}
        </div>
        <main className="print-document" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}
