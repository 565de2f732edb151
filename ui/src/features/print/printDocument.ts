//! A framework as a document to print, laid out from its model (`PrintDocument`, built in Rust
//! in the plan's order): a title page, a table of contents of the first levels, then every item
//! indented by its level with its code, statement and notes rendered as in the window (the same
//! Markdown, KaTeX and sanitiser), and the optional columns. Codes, titles and field values are
//! plain text, escaped; only statements and notes are Markdown, and they pass the sanitiser. A
//! search's results and a crosswalk print in sections: their headings (`PrintItem.heading`) are
//! plain text, and the table of contents lists them alone.

import type { PrintDocument } from "../../bindings/PrintDocument";
import type { PrintItem } from "../../bindings/PrintItem";
import type { PrintPart } from "../../bindings/PrintPart";
import { renderMarkdown, renderMarkdownInline } from "../../ui/markdown";

/** Levels listed in the table of contents. */
export const TOC_LEVELS = 2;
/** The deepest indentation; deeper items stay there. */
const MAX_INDENT = 8;

/** `text` safe in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `text` as a CSS string literal. */
function cssString(text: string): string {
  return `"${Array.from(text, (c) => (/[\w .,:;()/-]/.test(c) ? c : `\\${c.codePointAt(0)?.toString(16) ?? ""} `)).join("")}"`;
}

/** The page rules: the title as the running header, the page number below (where the printer
 * supports page margin boxes). */
export function pageStyle(doc: PrintDocument): string {
  const header = doc.scope ? `${doc.title} — ${doc.scope}` : doc.title;
  return `@page { @top-center { content: ${cssString(header.slice(0, 120))}; } @bottom-center { content: counter(page) " / " counter(pages); } }`;
}

function titlePage(doc: PrintDocument, part: PrintPart): string {
  const rows = doc.fields
    .map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`)
    .join("");
  const scope = doc.scope ? `<p class="print-scope">${escapeHtml(doc.scope)}</p>` : "";
  const items = part.count ?? doc.items.filter((item) => !item.heading).length;
  const count = `<p class="print-count">${items.toLocaleString("en")} ${items === 1 ? "item" : "items"}</p>`;
  return `<section class="print-title-page"><h1>${escapeHtml(doc.title)}</h1>${scope}${count}<table class="print-fields">${rows}</table></section>`;
}

/** The contents; `doc.items` may be only the items it can list, `part.indices` their anchors. */
function contents(doc: PrintDocument, part: PrintPart): string {
  const sections = doc.items.some((item) => item.heading);
  const entries = doc.items
    .map((item, i) => ({ item, i: part.indices?.[i] ?? i }))
    .filter(({ item }) => (sections ? item.heading : item.level !== null && item.level <= TOC_LEVELS))
    .map(({ item, i }) =>
      item.heading
        ? `<li class="print-toc-level-1"><a href="#item-${i}">${escapeHtml(item.statement)}</a></li>`
        : `<li class="print-toc-level-${item.level ?? 1}"><a href="#item-${i}"><span class="print-code">${escapeHtml(item.code)}</span> ${renderMarkdownInline(item.statement)}</a></li>`,
    );
  if (entries.length === 0) return "";
  return `<nav class="print-toc"><h2>Contents</h2><ol>${entries.join("")}</ol></nav>`;
}

function extras(doc: PrintDocument, item: PrintItem): string {
  const lines: string[] = [];
  if (doc.columns.itemType && item.itemType) {
    lines.push(`<div><dt>Type</dt><dd>${escapeHtml(item.itemType)}</dd></div>`);
  }
  if (doc.columns.educationLevel && item.educationLevel.length > 0) {
    lines.push(`<div><dt>Education level</dt><dd>${escapeHtml(item.educationLevel.join(", "))}</dd></div>`);
  }
  if (doc.columns.associations) {
    for (const links of item.associations) {
      const label = links.incoming ? `${links.type} (from)` : links.type;
      lines.push(`<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(links.ends.join(", "))}</dd></div>`);
    }
  }
  return lines.length > 0 ? `<dl class="print-extras">${lines.join("")}</dl>` : "";
}

function itemHtml(doc: PrintDocument, item: PrintItem, i: number): string {
  if (item.heading) {
    const notes = item.notes ? `<div class="print-notes">${renderMarkdown(item.notes)}</div>` : "";
    return `<section class="print-section" id="item-${i}"><h2>${escapeHtml(item.statement)}</h2>${notes}</section>`;
  }
  const level = item.level === null ? "orphan" : String(Math.min(item.level, MAX_INDENT));
  const code = item.code ? `<span class="print-code">${escapeHtml(item.code)}</span>` : "";
  const notes = item.notes ? `<div class="print-notes">${renderMarkdown(item.notes)}</div>` : "";
  return `<article class="print-item print-level-${level}" id="item-${i}"><div class="print-head">${code}<div class="print-statement">${renderMarkdown(item.statement)}</div></div>${notes}${extras(doc, item)}</article>`;
}

/** The part that is the whole document: its title page, contents and every item. */
export function wholePart(doc: PrintDocument): PrintPart {
  const orphan = doc.items.findIndex((item) => item.level === null);
  return { front: true, items: true, first: 0, firstOrphan: orphan >= 0 ? orphan : null, count: null, indices: null };
}

/** The body of the printed document, or of its `part` (the app prints a long document in parts:
 * the title page and contents, then its items a slice at a time, `doc.items` being the slice). */
export function renderPrintDocument(doc: PrintDocument, part: PrintPart = wholePart(doc)): string {
  const front = part.front ? `${titlePage(doc, part)}${contents(doc, part)}` : "";
  if (!part.items) return front;
  const items = doc.items.map((item, i) => itemHtml(doc, item, part.first + i));
  const orphans = part.firstOrphan === null ? -1 : part.firstOrphan - part.first;
  if (orphans >= 0 && orphans < items.length) {
    items.splice(orphans, 0, `<h2 class="print-orphans">Items with no path to the document</h2>`);
  }
  return `${front}<section class="print-items">${items.join("")}</section>`;
}
