//! Framework markup comes out inert: no script, handler, frame, remote image or unsafe link;
//! LaTeX becomes KaTeX markup.

import { describe, expect, it } from "vitest";

import { renderMarkdown } from "./markdown";

function dom(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("renderMarkdown", () => {
  it("drops an image's event handler and its non-data source", () => {
    const out = dom(renderMarkdown('Look <img src=x onerror="window.__pwned=1"> here'));
    expect(out.innerHTML).not.toMatch(/onerror/i);
    expect(out.querySelector("img")).toBeNull();
    expect(out.textContent).toContain("Look");
  });

  it("removes script elements and their code", () => {
    const html = renderMarkdown("Before <script>window.__pwned=1</script> after");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("__pwned");
  });

  it("keeps no javascript: link, in Markdown or in HTML", () => {
    const out = dom(
      renderMarkdown(
        '[click](javascript:window.__pwned=1) and <a href="javascript:alert(1)">html</a> and <a href=" JaVaScRiPt:alert(1)">x</a>',
      ),
    );
    for (const el of out.querySelectorAll("*")) {
      for (const attr of el.attributes) expect(attr.value).not.toMatch(/javascript/i);
    }
    // The Markdown one is left as plain text, not a link.
    expect(out.querySelectorAll("a[href]")).toHaveLength(0);
    expect(out.textContent).toContain("[click](javascript:window.__pwned=1)");
  });

  it("removes remote images and iframes", () => {
    const out = dom(
      renderMarkdown(
        '<img src="https://tracker.example/p.gif"> ![t](https://tracker.example/q.png) <iframe src="https://example.org"></iframe>',
      ),
    );
    expect(out.querySelector("img")).toBeNull();
    expect(out.querySelector("iframe")).toBeNull();
    expect(out.innerHTML).not.toContain("tracker.example");
  });

  it("keeps data: images and http(s)/mailto links, which never target a window", () => {
    const out = dom(
      renderMarkdown(
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"> [site](https://example.org) <a href="mailto:a@b.org" target="_top">mail</a>',
      ),
    );
    expect(out.querySelector("img")?.getAttribute("src")).toMatch(/^data:image\/png/);
    const links = [...out.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.org", "mailto:a@b.org"]);
    for (const a of links) {
      expect(a.hasAttribute("target")).toBe(false);
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("removes forms, styles that load, objects, base and meta refresh", () => {
    const html = renderMarkdown(
      '<form action="https://e.org"><input name=a></form><span style="background:url(https://e.org/x)">s</span><object data="x"></object><base href="https://e.org/"><meta http-equiv="refresh" content="0;url=https://e.org"><svg><a href="javascript:alert(1)"><text>t</text></a></svg>',
    );
    expect(html).not.toMatch(/<form|<input|url\(|<object|<base|<meta|javascript:/i);
  });

  it("renders inline and display LaTeX with KaTeX", () => {
    const out = dom(renderMarkdown("Area $\\pi r^2$ and \\(x+1\\), then $$\\frac{a}{b}$$ and \\[y^2\\]"));
    expect(out.querySelectorAll(".katex").length).toBe(4);
    expect(out.querySelectorAll(".katex-display").length).toBe(2);
    expect(out.querySelector("math")).not.toBeNull();
  });

  it("leaves prices as text and shows a bad formula as its source", () => {
    expect(dom(renderMarkdown("It costs $5 and $6.")).querySelector(".katex")).toBeNull();
    const out = dom(renderMarkdown("Bad $\\frac{1}{$ formula"));
    expect(out.textContent).toContain("\\frac{1}{");
  });

  it("renders Markdown structure", () => {
    const out = dom(renderMarkdown("**bold** and a list:\n\n- one\n- two"));
    expect(out.querySelector("strong")?.textContent).toBe("bold");
    expect(out.querySelectorAll("li")).toHaveLength(2);
  });
});
