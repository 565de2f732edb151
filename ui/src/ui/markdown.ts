//! Markdown with LaTeX into safe HTML: markdown-it (HTML allowed in, then sanitized), KaTeX for
//! formulas, and everything through `sanitize`. Loaded on its own (with KaTeX's style sheet) by
//! `markdownRenderer`, outside the window's start.

import "katex/dist/katex.min.css";
import MarkdownIt from "markdown-it";

import { mathPlugin } from "./mathPlugin";
import { sanitize } from "./sanitize";

const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: false });
md.use(mathPlugin);
// markdown-it refuses javascript:/vbscript:/file: itself; the sanitizer refuses the rest.

/** The safe HTML of a framework's Markdown text. */
export function renderMarkdown(text: string): string {
  return sanitize(md.render(text));
}

/** The safe HTML of one line (no paragraph around it). */
export function renderMarkdownInline(text: string): string {
  return sanitize(md.renderInline(text));
}
