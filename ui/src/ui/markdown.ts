//! Markdown with LaTeX into safe HTML: markdown-it (HTML allowed in, then sanitized), KaTeX for
//! formulas, and everything through `sanitize` unless markdown-it alone made it (`needsNoSanitizer`). Loaded on its own (with KaTeX's style sheet) by
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

/** The safe HTML of a framework's Markdown text. */
export function renderMarkdown(text: string): string {
  const html = md.render(text);
  return needsNoSanitizer(text, html) ? html : sanitize(html);
}

/** The safe HTML of one line (no paragraph around it). */
export function renderMarkdownInline(text: string): string {
  const html = md.renderInline(text);
  return needsNoSanitizer(text, html) ? html : sanitize(html);
}
