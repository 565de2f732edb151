//! Markdown with LaTeX into safe HTML: markdown-it (HTML allowed in, then sanitized), KaTeX for
//! formulas, and everything through `sanitize` unless markdown-it alone made it
//! (`needsNoSanitizer`); a line of plain text is escaped without markdown-it's parse
//! (`isPlainText`), which makes the same of it. Loaded on its own (with KaTeX's style sheet) by
//! `markdownRenderer`, outside the window's start.

import "katex/dist/katex.min.css";
import MarkdownIt from "markdown-it";

import { mathPlugin } from "./mathPlugin";
import { sanitize } from "./sanitize";

const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: false });
md.use(mathPlugin);
// markdown-it refuses javascript:/vbscript:/file: itself; the sanitizer refuses the rest.

/** markdown-it's own output, needing no sanitizer: its source had no `<` (so no HTML of its
 * own: markdown-it escapes every character of text), and it holds no link or image (the only
 * tags with a URL; the sanitizer decides on those) and no formula (KaTeX's markup, which the
 * sanitizer trims). Plain statements — most of a framework — skip the sanitizer's parse, the
 * bulk of a long print's script time. `markdown.test.ts` checks the two agree. */
export function needsNoSanitizer(source: string, html: string): boolean {
  return !source.includes("<") && !/<(a|img)\b|class="katex/i.test(html);
}

/**
 * Text that markdown-it can only make one paragraph of, its characters escaped and nothing
 * else: one line of letters, digits, spaces and punctuation that marks nothing up, beginning
 * with a letter or a digit that starts no list (`1.`), ending with no space, and with nothing
 * linkify could take for a link (no `@`, `//`, and no `.` or `:` before another character).
 * Most statements of a framework are such text; `markdown.test.ts` checks markdown-it makes the
 * same of every such line it generates.
 */
const PLAIN = /^(?!\d+[.)])[\p{L}\p{N}][\p{L}\p{N}\p{M} .:,;!?'"%()/\-–—‘’“”…°¿¡«»]*$/u;
const LINK_LIKE = /[.:]\S|\/\/|\s$/;

/** Whether markdown-it would make of `text` its characters escaped and nothing more. */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text) && !LINK_LIKE.test(text);
}

/** The safe HTML of a framework's Markdown text. */
export function renderMarkdown(text: string): string {
  // Plain text skips markdown-it's parse (a long print's statements: some 1,000 a part).
  if (isPlainText(text)) return `<p>${md.utils.escapeHtml(text)}</p>\n`;
  const html = md.render(text);
  return needsNoSanitizer(text, html) ? html : sanitize(html);
}

/** The safe HTML of one line (no paragraph around it). */
export function renderMarkdownInline(text: string): string {
  if (isPlainText(text)) return md.utils.escapeHtml(text);
  const html = md.renderInline(text);
  return needsNoSanitizer(text, html) ? html : sanitize(html);
}
