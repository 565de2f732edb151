//! The item panel: every field with extensions, Markdown and LaTeX, links through the opener,
//! breadcrumbs for every path, associations that open when cached; and cache-changed reloads.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../../backend/mock";
import { data, renderApp, row } from "../../test/fixtures";

async function openA1() {
  const user = userEvent.setup();
  row("1").focus();
  await user.keyboard("{ArrowRight}");
  await waitFor(() => expect(row("1.1")).toBeInTheDocument());
  await user.click(row("1.1"));
  const panel = screen.getByRole("region", { name: "Item details" });
  await within(panel).findByRole("heading", { name: /Add fractions/ });
  return { user, panel };
}

describe("the language of the framework's content (WCAG 3.1.2)", () => {
  it("marks the tree's statements and the item panel with the document's language, unless the window's", async () => {
    const spanish = data();
    const demo = spanish.frameworks[0]!;
    demo.document.record = { ...(demo.document.record as Record<string, string>), language: "spa" };
    // One item says it is in English, the window's language: it takes no lang of its own.
    const english = demo.items.find((n) => n.identifier === "A2")!;
    english.record = { ...(english.record as Record<string, string>), language: "eng" };
    await renderApp(createMemoryBackend(spanish));
    expect(row("1").querySelector(".statement")).toHaveAttribute("lang", "es");
    expect(document.querySelector(".tree-pane .pane-title [lang]")).toHaveTextContent("Test Demo Framework");
    expect(document.querySelector(".tree-pane .pane-title [lang]")).toHaveAttribute("lang", "es");
    // The tree's own words (markers, counts) stay in the window's language.
    expect(row("1").querySelector(".count")).not.toHaveAttribute("lang");
    const { user, panel } = await openA1();
    expect(within(panel).getByRole("heading", { name: /Add fractions/ })).toHaveAttribute("lang", "es");
    expect(within(panel).getByText("humanCodingScheme").closest("div")?.querySelector("dd")).toHaveAttribute(
      "lang",
      "es",
    );
    const crumbs = within(panel).getByRole("navigation", { name: "Breadcrumbs" });
    expect(crumbs.querySelectorAll("button").length).toBeGreaterThan(1);
    for (const crumb of crumbs.querySelectorAll("button")) expect(crumb).toHaveAttribute("lang", "es");
    // An association's end inside the framework is in its language; one in another framework
    // (which says none) is not.
    const associations = within(panel).getByRole("region", { name: "Associations" });
    const inside = within(associations).getByRole("button", { name: /Identify shapes/ });
    expect(inside.querySelector("[lang]")).toHaveAttribute("lang", "es");
    const ends = within(associations)
      .getAllByRole("button", { name: /\S/ })
      .filter((b) => b.classList.contains("link"));
    expect(ends.some((b) => b !== inside && b.querySelector("[lang]") === null)).toBe(true);
    await user.click(row("1.2"));
    const heading = await within(panel).findByRole("heading", { name: /Compare numbers/ });
    expect(heading).not.toHaveAttribute("lang");
  });

  it("gives no lang where the document's language is the window's or missing", async () => {
    await renderApp();
    expect(row("1").querySelector(".statement")).not.toHaveAttribute("lang");
    const { panel } = await openA1();
    expect(within(panel).getByRole("heading", { name: /Add fractions/ })).not.toHaveAttribute("lang");
  });
});

describe("the item panel", () => {
  it("shows every field, extensions nested, and notes rendered with LaTeX", async () => {
    await renderApp();
    const { panel } = await openA1();
    expect(within(panel).getByText("humanCodingScheme")).toBeInTheDocument();
    expect(within(panel).getByText("ext:level")).toBeInTheDocument();
    expect(within(panel).getByText("band")).toBeInTheDocument();
    expect(within(panel).getByText("upper")).toBeInTheDocument();
    expect(panel.querySelector(".katex")).not.toBeNull();
  });

  it("opens links in the system browser and never navigates", async () => {
    const { backend } = await renderApp();
    const { user, panel } = await openA1();
    const link = within(panel).getByRole("link", { name: "the guide" });
    await user.click(link);
    expect(backend.opened).toEqual(["https://example.org/guide"]);
    expect(window.location.href).not.toContain("example.org");
  });

  it("shows every path as breadcrumbs; a crumb selects its node", async () => {
    await renderApp();
    const { user, panel } = await openA1();
    const crumbs = within(panel).getByRole("navigation", { name: "Breadcrumbs" });
    const paths = within(crumbs).getAllByRole("list");
    expect(paths).toHaveLength(2);
    expect(
      within(paths[1] as HTMLElement)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Test Demo Framework", "2 Geometry", "1.1 Add fractions with unlike denominators"]);
    await user.click(within(paths[1] as HTMLElement).getByRole("button", { name: "2 Geometry" }));
    await waitFor(() => expect(row("2")).toHaveAttribute("aria-selected", "true"));
    await user.click(within(panel).getAllByRole("button", { name: "Test Demo Framework" })[0] as HTMLElement);
    expect(await within(panel).findByText("Framework document", { exact: false })).toBeInTheDocument();
    expect(within(panel).getByText("demo").tagName).toBe("STRONG");
  });

  it("groups associations by type and direction and opens a cached end", async () => {
    await renderApp();
    const { user, panel } = await openA1();
    const assoc = within(panel).getByRole("region", { name: "Associations" });
    expect(within(assoc).getByRole("heading", { name: /isRelatedTo.*outgoing/ })).toBeInTheDocument();
    expect(within(assoc).getByRole("heading", { name: /isPeerOf.*outgoing/ })).toBeInTheDocument();
    // Each type says what it means, from the backend's declaration (a tooltip and the description).
    const related = within(assoc).getByText("isRelatedTo");
    await waitFor(() => expect(related).toHaveAccessibleDescription(/^The origin is related to the destination/));
    expect(related).toHaveAttribute("title", expect.stringMatching(/^The origin is related to the destination/));
    // The name is a button that shows the meaning beside it, and Escape hides it again.
    expect(related.tagName).toBe("BUTTON");
    const meaning = document.getElementById(related.getAttribute("aria-describedby") ?? "");
    expect(meaning).not.toBeVisible();
    await user.click(related);
    expect(related).toHaveAttribute("aria-expanded", "true");
    expect(meaning).toBeVisible();
    expect(meaning).toHaveTextContent(/^The origin is related to the destination/);
    await user.keyboard("{Escape}");
    expect(meaning).not.toBeVisible();
    expect(related).toHaveAttribute("aria-expanded", "false");
    expect(within(assoc).getByText("https://case.example.org/uri/ext-1")).toBeInTheDocument();
    expect(within(assoc).getByText("An outside standard")).toBeInTheDocument();
    await user.click(within(assoc).getByRole("button", { name: /X.1 Fractions in science/ }));
    await waitFor(() => expect(row("X.1")).toHaveAttribute("aria-selected", "true"));
    expect(row("X")).toHaveAttribute("aria-expanded", "true");
    const incoming = screen.getByRole("region", { name: "Associations" });
    await waitFor(() => expect(within(incoming).getByText(/no associations/i)).toBeInTheDocument());
  });

  it("fetches an end a saved connection serves, then opens it", async () => {
    const { backend } = await renderApp();
    const { user, panel } = await openA1();
    const assoc = within(panel).getByRole("region", { name: "Associations" });
    await user.click(within(assoc).getByRole("button", { name: "Fetch from District" }));
    expect(backend.calls.find((c) => c.command === "fetch_end")?.args).toEqual({
      connection: "District",
      uri: "https://case.example.org/uri/ext-1",
    });
    await waitFor(() => expect(row("X.1")).toHaveAttribute("aria-selected", "true"));
  });

  it("reloads the open framework when its connection's cache changes", async () => {
    const { backend } = await renderApp();
    await openA1();
    const opens = backend.calls.filter((c) => c.command === "open_framework").length;
    const details = backend.calls.filter((c) => c.command === "item_detail").length;
    backend.emitCacheChanged("Somewhere else");
    backend.emitCacheChanged("Built-in sandbox");
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "open_framework").length).toBe(opens + 1));
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "item_detail").length).toBe(details + 1));
    await waitFor(() => expect(row("1.1")).toHaveAttribute("aria-selected", "true"));
  });
});
