//! Search as you type: hits marked with <mark>, arrows move, Enter opens the item in its tree
//! with the path expanded, selected and focused; answers that come out of order never show for
//! a newer query.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend, type MemoryBackend } from "../../backend/mock";
import { codes, data, OTHER, renderApp, row, frameworkButton } from "../../test/fixtures";

describe("search", () => {
  it("shows results as you type with the matched words marked", async () => {
    await renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Search frameworks" }));
    await user.keyboard("fractions");
    const list = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(2));
    const [first, second] = within(list).getAllByRole("option");
    expect(first).toHaveTextContent("Test Demo Framework");
    expect(first).toHaveTextContent("1.1");
    expect(first?.querySelector("mark")).toHaveTextContent("fractions");
    expect(first?.querySelectorAll("mark")).toHaveLength(1);
    expect(first).toHaveAttribute("aria-selected", "true");
    expect(second).toHaveTextContent("Other Framework");
    await user.keyboard("{ArrowDown}");
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(first).toHaveAttribute("aria-selected", "false");
  });

  it("marks each result's text with its framework's language where it is not the window's (WCAG 3.1.2)", async () => {
    const spanish = data();
    const demo = spanish.frameworks[0]!;
    demo.document.record = { ...(demo.document.record as Record<string, string>), language: "spa" };
    await renderApp(createMemoryBackend(spanish));
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Search frameworks" }));
    await user.keyboard("fractions");
    const list = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(2));
    const [first, second] = within(list).getAllByRole("option");
    expect(first?.querySelector(".statement")).toHaveAttribute("lang", "es");
    expect(first?.querySelector(".hit-framework")).toHaveAttribute("lang", "es");
    expect(first?.querySelector(".code")).not.toHaveAttribute("lang");
    expect(second?.querySelector(".statement")).not.toHaveAttribute("lang");
  });

  it("prints the results from the popup's button, or by Ctrl+P in the box", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Search frameworks" }));
    await user.keyboard("fractions");
    const list = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(2));
    // Tab moves into the popup (it stays open) to its Print button.
    await user.tab();
    const print = screen.getByRole("button", { name: "Print results…" });
    expect(print).toHaveFocus();
    await user.click(print);
    let dialog = await screen.findByRole("dialog", { name: "Print Search results for “fractions”" });
    await waitFor(() =>
      expect(backend.calls.find((c) => c.command === "print_preview")?.args).toMatchObject({
        source: { kind: "search", query: "fractions", limit: 50 },
      }),
    );
    expect(within(dialog).queryByRole("checkbox", { name: /Associations/ })).toBeNull();
    expect(within(dialog).getByRole("checkbox", { name: "Item type" })).toBeChecked();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("combobox", { name: "Search frameworks" }));
    await user.keyboard("{Control>}p{/Control}");
    dialog = await screen.findByRole("dialog", { name: "Print Search results for “fractions”" });
    expect(dialog).toBeInTheDocument();
  });

  it("opens the chosen item in its tree with the path expanded, on Enter", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.keyboard("{Control>}k{/Control}");
    expect(screen.getByRole("combobox", { name: "Search frameworks" })).toHaveFocus();
    await user.keyboard("compare two");
    const list = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(1));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "1.2.a", "2", "3"]));
    const hit = row("1.2.a");
    expect(hit).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(hit).toHaveFocus());
    expect(row("1.2")).toHaveAttribute("aria-expanded", "true");
    expect(backend.calls.filter((c) => c.command === "tree_paths").at(-1)?.args.identifier).toBe("A2a");
    expect(await screen.findByRole("heading", { name: "1.2.a Compare two-digit numbers" })).toBeInTheDocument();
    // The reveal is served once: collapsing and expanding the parent keeps the focus there.
    await user.keyboard("{ArrowUp}{ArrowLeft}");
    expect(codes()).toEqual(["1", "1.1", "1.2", "2", "3"]);
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toContain("1.2.a"));
    expect(row("1.2")).toHaveFocus();
  });

  it("opens a hit in another framework", async () => {
    await renderApp();
    const user = userEvent.setup();
    await user.keyboard("/");
    await user.keyboard("science");
    const list = await screen.findByRole("listbox", { name: "Search results" });
    await waitFor(() => expect(within(list).getAllByRole("option").length).toBeGreaterThan(0));
    await user.click(within(list).getAllByRole("option")[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole("heading", { name: /Other Framework/ })).toBeInTheDocument());
    expect(row("X")).toHaveAttribute("aria-selected", "true");
    expect(frameworkButton("Other Framework")).toHaveAttribute("aria-current", "true");
    expect(OTHER.connection).toBe("District");
  });

  it("serves an Enter pressed before the answer to the last keystroke came with that answer", async () => {
    await renderApp();
    const user = userEvent.setup();
    const box = screen.getByRole("combobox", { name: "Search frameworks" });
    await user.click(box);
    await user.keyboard("geometry");
    await screen.findByRole("option", { name: /Geometry/ });
    await user.clear(box);
    await user.keyboard("compare two{Enter}");
    await waitFor(() => expect(row("1.2.a")).toHaveAttribute("aria-selected", "true"));
    expect(row("2")).toHaveAttribute("aria-selected", "false");
  });

  it("never shows an older query's answer for a newer one, whatever order the answers come in", async () => {
    const memory = createMemoryBackend(data());
    // The older the query, the later its answer: every prefix of "geometry" answers after every
    // prefix of "shapes", and "s" after "sh", ..., after "shapes". The older answers wait long
    // enough (2 s) that typing "shapes" ends before them even on a loaded machine.
    const latency = (query: string) => (query.startsWith("g") ? 2000 : 10 * (7 - query.length));
    let unanswered = 0;
    const backend: MemoryBackend = {
      ...memory,
      search: async (query, limit, onProgress) => {
        unanswered += 1;
        try {
          const hits = await memory.search(query, limit, onProgress);
          await new Promise((resolve) => setTimeout(resolve, latency(query)));
          return hits;
        } finally {
          unanswered -= 1;
        }
      },
    };
    await renderApp(backend);
    const user = userEvent.setup();
    const box = screen.getByRole<HTMLInputElement>("combobox", { name: "Search frameworks" });
    const list = screen.getByRole("listbox", { name: "Search results", hidden: true });
    // Every list shown as the answer to "shapes" (not busy), as it is drawn.
    const shown: string[][] = [];
    const observer = new MutationObserver(() => {
      if (box.value !== "shapes" || list.getAttribute("aria-busy") !== "false") return;
      shown.push(
        within(list)
          .queryAllByRole("option")
          .map((option) => option.textContent ?? ""),
      );
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    await user.click(box);
    await user.keyboard("geometry");
    await user.clear(box);
    await user.keyboard("shapes");
    await screen.findByRole("option", { name: /Identify shapes/ });
    expect(unanswered).toBeGreaterThan(0); // the older answers are still to come
    await waitFor(() => expect(unanswered).toBe(0), { timeout: 6000 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // and drawn, were they to be
    observer.disconnect();
    const options = within(list)
      .getAllByRole("option")
      .map((option) => option.textContent ?? "");
    expect(options).toHaveLength(1);
    expect(options[0]).toMatch(/Identify shapes/);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((texts) => texts.some((text) => /Geometry/.test(text)))).toEqual([]);
    expect(memory.calls.filter((c) => c.command === "search").every((c) => c.args.limit === 50)).toBe(true);
  });
});
