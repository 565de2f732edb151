//! The tree: ARIA roles and states, keyboard navigation like a desktop tree, lazy expansion,
//! expand/collapse all below, `*`, the multi-parent marker and the orphans apart.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { codes, renderApp, row } from "../../test/fixtures";

describe("the framework tree", () => {
  it("opens the built-in demo framework with its first level and ARIA states", async () => {
    await renderApp();
    expect(codes()).toEqual(["1", "2", "3"]);
    const a = row("1");
    expect(a).toHaveAttribute("aria-level", "1");
    expect(a).toHaveAttribute("aria-expanded", "false");
    expect(a).toHaveAttribute("aria-selected", "false");
    expect(a).toHaveAttribute("aria-setsize", "3");
    expect(a).toHaveAttribute("aria-posinset", "1");
    expect(row("3")).not.toHaveAttribute("aria-expanded");
    expect(row("3")).toHaveAttribute("aria-posinset", "3");
    // Roving tabindex: exactly one row of the tree is in the tab order.
    const tree = screen.getByRole("tree", { name: "Framework tree" });
    expect(
      within(tree)
        .getAllByRole("treeitem")
        .filter((el) => el.tabIndex === 0),
    ).toEqual([a]);
    expect(a.textContent).toContain("Numbers and counting");
    expect(a.querySelector(".count")).toHaveTextContent("3");
    expect(a.querySelector(".count")).toHaveAttribute("title", "3 items below");
    // Spoken as its code and statement with what the count counts; the menu is the row's own.
    expect(a).toHaveAccessibleName(/^1\s?Numbers and counting, 3 items below$/);
    expect(a).toHaveAttribute("aria-haspopup", "menu");
  });

  it("loads children only when a node is expanded", async () => {
    const { backend } = await renderApp();
    expect(backend.calls.filter((c) => c.command === "tree_children")).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(row("1"));
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "2", "3"]));
    expect(row("1")).toHaveAttribute("aria-expanded", "true");
    expect(row("1.1")).toHaveAttribute("aria-level", "2");
    const calls = backend.calls.filter((c) => c.command === "tree_children");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args.parents).toEqual(["A"]);
    // Collapsing and expanding again asks nothing more.
    await user.keyboard("{ArrowLeft}");
    expect(codes()).toEqual(["1", "2", "3"]);
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toContain("1.1"));
    expect(backend.calls.filter((c) => c.command === "tree_children")).toHaveLength(1);
  });

  it("moves with the keys of a desktop tree and selects with Enter", async () => {
    await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toContain("1.1"));
    await user.keyboard("{ArrowRight}");
    expect(row("1.1")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(row("1.2")).toHaveFocus();
    expect(row("1.2")).toHaveAttribute("tabindex", "0");
    expect(row("1")).toHaveAttribute("tabindex", "-1");
    await user.keyboard("{ArrowLeft}");
    expect(row("1")).toHaveFocus();
    await user.keyboard("{End}");
    expect(row("3")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(row("1")).toHaveFocus();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(row("1.1")).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("heading", { name: /Add fractions/ })).toBeInTheDocument();
    await user.keyboard("{ArrowUp}{ArrowLeft}");
    expect(codes()).toEqual(["1", "2", "3"]);
    expect(row("1")).toHaveFocus();
  });

  it("shows an item with several parents under each, with a marker", async () => {
    await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}");
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "2", "2.1", "1.1", "3"]));
    const twice = screen.getAllByRole("treeitem").filter((el) => el.querySelector(".code")?.textContent === "1.1");
    expect(twice).toHaveLength(2);
    for (const el of twice)
      expect(within(el).getByRole("img", { name: "Appears under several parents" })).toBeInTheDocument();
    expect(within(row("1.2")).queryByRole("img", { name: "Appears under several parents" })).toBeNull();
    // Selecting one position selects that row only.
    await user.click(twice[1] as HTMLElement);
    const selected = screen.getAllByRole("treeitem").filter((el) => el.getAttribute("aria-selected") === "true");
    expect(selected).toEqual([twice[1]]);
  });

  it("expands and collapses everything below a row from its menu", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    // The pointer's way to the menu (hidden from assistive technology, which opens it on the row).
    const more = row("1").querySelector<HTMLElement>("button.vtree-more")!;
    expect(more).toHaveAttribute("aria-label", "Actions for 1 Numbers and counting");
    await user.click(more);
    await user.click(screen.getByRole("menuitem", { name: "Expand all below" }));
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "1.2.a", "2", "3"]));
    expect(backend.calls.filter((c) => c.command === "tree_descendants").map((c) => c.args.node)).toEqual(["A"]);
    row("1").focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.click(screen.getByRole("menuitem", { name: "Collapse all below" }));
    expect(codes()).toEqual(["1", "2", "3"]);
    // The nodes below were collapsed too: expanding 1 shows 1.2 closed.
    row("1").focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toContain("1.2"));
    expect(row("1.2")).toHaveAttribute("aria-expanded", "false");
  });

  it("moves through a row's menu as a menu (arrows, Home, End, a letter) and gives the focus back on Escape", async () => {
    await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    const menu = screen.getByRole("menu", { name: /Actions for 1 Numbers/ });
    const items = within(menu).getAllByRole("menuitem");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard("{Home}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard("c");
    expect(document.activeElement?.textContent).toMatch(/^C/);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(row("1")).toHaveFocus();
  });

  it("moves the focus by type-ahead to the next visible row whose code or statement starts with what was typed", async () => {
    await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("g");
    expect(row("2")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(codes()).toContain("2.1"));
    await user.keyboard("{ArrowUp}");
    await new Promise((r) => setTimeout(r, 600));
    await user.keyboard("id");
    expect(row("2.1")).toHaveFocus();
    await new Promise((r) => setTimeout(r, 600));
    await user.keyboard("3");
    expect(row("3")).toHaveFocus();
    await new Promise((r) => setTimeout(r, 600));
    await user.keyboard("z");
    expect(row("3")).toHaveFocus();
    expect(row("3")).toHaveAttribute("aria-selected", "false");
  });

  it("expands every sibling's subtree with *", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    row("2").focus();
    await user.keyboard("*");
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "1.2.a", "2", "2.1", "1.1", "3"]));
    expect(
      backend.calls
        .filter((c) => c.command === "tree_descendants")
        .map((c) => c.args.node)
        .sort(),
    ).toEqual(["A", "B"]);
  });

  it("shows the orphans apart, in their own labelled tree", async () => {
    await renderApp();
    const apart = screen.getByRole("region", { name: "Orphans and cycles" });
    const orphans = within(apart).getByRole("tree", { name: "Orphans" });
    expect(
      within(orphans)
        .getAllByRole("treeitem")
        .map((el) => el.querySelector(".code")?.textContent),
    ).toEqual(["R"]);
    expect(within(screen.getByRole("tree", { name: "Framework tree" })).queryByText("Retired standard")).toBeNull();
  });
});
