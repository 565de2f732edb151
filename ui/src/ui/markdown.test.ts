//! The sanitizer's shortcut: what markdown-it makes alone from text without `<` (statements,
//! lists, code) is what the sanitizer would have kept, and a source with HTML, a link, an image
//! or a formula still goes through it.

import { describe, expect, it } from "vitest";

import { needsNoSanitizer, renderMarkdown, renderMarkdownInline } from "./markdown";
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
