//! A markdown-it plugin that renders `$…$`, `\(…\)` (inline) and `$$…$$`, `\[…\]` (display)
//! with KaTeX; a formula KaTeX cannot read is shown as its source, marked as an error.

import katex from "katex";
import type { MarkdownIt, StateInline } from "markdown-it";

const DELIMITERS: Array<{ open: string; close: string; display: boolean }> = [
  { open: "$$", close: "$$", display: true },
  { open: "\\[", close: "\\]", display: true },
  { open: "\\(", close: "\\)", display: false },
  { open: "$", close: "$", display: false },
];

/** A formula rendered to KaTeX's HTML (with MathML), never throwing. */
export function renderFormula(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: "htmlAndMathml",
    trust: false,
    strict: "ignore",
    maxExpand: 1000,
    maxSize: 50,
  });
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  for (const { open, close, display } of DELIMITERS) {
    if (!src.startsWith(open, state.pos)) continue;
    const start = state.pos + open.length;
    // `$` math must hug its content (so "$5 and $6" stays text).
    if (open === "$" && (src[start] === " " || src[start] === "$")) return false;
    let end = src.indexOf(close, start);
    while (end !== -1 && src[end - 1] === "\\" && open === "$") end = src.indexOf(close, end + 1);
    if (end === -1 || end === start) continue;
    if (open === "$" && src[end - 1] === " ") return false;
    if (!silent) {
      const token = state.push("math", "", 0);
      token.content = src.slice(start, end);
      token.meta = { display };
    }
    state.pos = end + close.length;
    return true;
  }
  return false;
}

/** Adds the math rules to `md`. */
export const mathPlugin = (md: MarkdownIt): void => {
  md.inline.ruler.before("escape", "math", mathInline);
  md.renderer.rules.math = (tokens, idx) => {
    const token = tokens[idx];
    if (!token) return "";
    const display = Boolean((token.meta as { display?: boolean } | null)?.display);
    return renderFormula(token.content, display);
  };
};
