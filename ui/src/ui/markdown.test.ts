//! The sanitizer's shortcut: what markdown-it makes alone from text without `<` (statements,
//! lists, code) is what the sanitizer would have kept, and a source with HTML, a link, an image
//! or a formula still goes through it.

import { describe, expect, it } from "vitest";

import MarkdownIt from "markdown-it";

import { isPlainText, needsNoSanitizer, renderMarkdown, renderMarkdownInline } from "./markdown";
import { mathPlugin } from "./mathPlugin";
import { sanitize } from "./sanitize";

/** `html` as the browser serializes it once parsed: the same DOM reads the same. */
function normalized(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
}

const PLAIN = [
  "Count to 100 by ones and by tens.",
  "Compare two fractions with different numerators & denominators, e.g. by comparing to 1/2 — “about half”.",
  "Use *emphasis*, **strong** and `code` in a sentence; 3 > 2 and 2 < 3 are written with symbols.",
  "1. first\n2. second\n\n- a\n- b",
  "    indented code\n\n> quoted\n\n# A heading\n\n---",
  "Solve $x^2 + \\frac{1}{2} = \\sqrt{y}$ and $$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$",
  "Arrows $a \\to b$, $\\overrightarrow{AB}$, $\\color{red}{x}$ and $\\mathbb{R}^2$.",
  "Entities &amp; &lt; &#x27; and backslashes \\* stay text.",
  "Ünïcödé, 中文, العربية and emoji 🎓.",
];

describe("renderMarkdown's shortcut past the sanitizer", () => {
  it("gives what the sanitizer would keep", () => {
    for (const text of PLAIN) {
      for (const render of [renderMarkdown, renderMarkdownInline]) {
        const html = render(text);
        expect(normalized(sanitize(html)), text).toBe(normalized(html));
      }
    }
  });

  it("is taken by plain text, maths included, and not by HTML, links or images", () => {
    expect(needsNoSanitizer("plain", "<p>plain</p>")).toBe(true);
    expect(needsNoSanitizer("a <b>tag</b>", "<p>a <b>tag</b></p>")).toBe(false);
    expect(needsNoSanitizer("[x](https://e.org)", '<p><a href="https://e.org">x</a></p>')).toBe(false);
    expect(needsNoSanitizer("![x](https://e.org/t.png)", '<p><img src="https://e.org/t.png" alt="x"></p>')).toBe(false);
    expect(needsNoSanitizer("www.example.org", '<p><A HREF="http://www.example.org">www</A></p>')).toBe(false);
    expect(needsNoSanitizer("$x$", renderMarkdown("$x$"))).toBe(false);
  });

  it("still takes out what could load or navigate", () => {
    expect(renderMarkdown("![tracker](https://evil.example/t.png)")).not.toContain("evil.example");
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain('href="javascript');
    expect(renderMarkdown("$\\href{javascript:alert(1)}{x}$")).not.toContain('href="javascript');
    expect(renderMarkdown("[x](https://example.org/)")).toContain('rel="noopener noreferrer"');
  });
});

describe("plain text's shortcut past markdown-it", () => {
  // markdown-it as `markdown.ts` sets it up: the shortcut must make what it makes.
  const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: false }).use(mathPlugin);

  it("is taken by ordinary statements and makes what markdown-it makes", () => {
    const statements = [
      "Count to 100 by ones and by tens.",
      "Add and subtract within 20, demonstrating fluency for addition and subtraction within 10.",
      "Understand that the two digits of a two-digit number represent amounts of tens and ones (a “bundle”).",
      "Interpret products of whole numbers – e.g., not this one, it has a link-like dot",
      "Résoudre des problèmes; ¿Cuántos? 10 % of 50",
    ];
    const taken = statements.filter(isPlainText);
    expect(taken).toHaveLength(4);
    for (const text of taken) {
      expect(renderMarkdown(text)).toBe(md.render(text));
      expect(renderMarkdownInline(text)).toBe(md.renderInline(text));
    }
  });

  it("is not taken by what marks up or links, and agrees with markdown-it on every line it takes", () => {
    for (const text of [
      "1. first",
      "2) second",
      "- item",
      "see example.com",
      "http://x.org",
      "a@b.co",
      "x: y:z",
      "ends ",
      "",
    ]) {
      expect(isPlainText(text), text).toBe(false);
    }
    // Random lines over an alphabet of what matters to markdown-it and linkify: whatever the
    // shortcut takes, markdown-it makes the same of.
    const alphabet = [..."aZé1 0.,;:?!¿«'\"%()/-–“”…@#*_`~<>&[]{}|=+$\\\n\t", "www", "com", "http", "1."];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let taken = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(next() * 12);
      const text = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      if (!isPlainText(text)) continue;
      taken += 1;
      expect(renderMarkdown(text), JSON.stringify(text)).toBe(md.render(text));
      expect(renderMarkdownInline(text), JSON.stringify(text)).toBe(md.renderInline(text));
    }
    expect(taken).toBeGreaterThan(100);
  });
});
