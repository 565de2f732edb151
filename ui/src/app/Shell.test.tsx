//! The shell: areas on the rail say what they will hold and the explorer keeps its state;
//! errors say what happened and what to do; the detail pane can be hidden.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../test/fixtures";

describe("the shell", () => {
  it("switches areas and comes back to the same selection", async () => {
    await renderApp();
    const user = userEvent.setup();
    await user.click(row("2"));
    const areas = screen.getByRole("navigation", { name: "Areas" });
    await user.click(within(areas).getByRole("button", { name: "Gradebook" }));
    expect(screen.getByRole("main", { name: "Gradebook" })).toHaveTextContent(/No class open/);
    expect(screen.queryByRole("tree", { name: "Framework tree" })).toBeNull();
    await user.click(within(areas).getByRole("button", { name: "Frameworks" }));
    expect(row("2")).toHaveAttribute("aria-selected", "true");
    expect(within(areas).getByRole("button", { name: "Frameworks" })).toHaveAttribute("aria-current", "page");
  });

  it("shows an error with its advice, and tries again", async () => {
    const { backend } = await renderApp();
    backend.failNext("item_detail", {
      code: "not_found",
      message: "no node B in the framework Test Demo Framework",
      detail: null,
    });
    const user = userEvent.setup();
    await user.click(row("2"));
    const panel = screen.getByRole("region", { name: "Item details" });
    const alert = await within(panel).findByRole("alert");
    expect(alert).toHaveTextContent("Not in the cache");
    expect(alert).toHaveTextContent("no node B");
    expect(within(alert).queryByText("Details from the server")).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(within(panel).getByRole("heading", { name: "2 Geometry" })).toBeInTheDocument());
  });

  it("hides and shows the detail pane; every control has a name", async () => {
    await renderApp();
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Show item details" });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(screen.queryByRole("region", { name: "Item details" })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole("region", { name: "Item details" })).toBeInTheDocument();
    for (const control of [
      ...screen.getAllByRole("button"),
      ...screen.getAllByRole("searchbox"),
      ...screen.getAllByRole("separator"),
    ]) {
      const name = control.getAttribute("aria-label") ?? control.textContent ?? "";
      expect(name.trim(), control.outerHTML).not.toBe("");
    }
  });

  it("starts the Tab order with skip links to the main regions", async () => {
    await renderApp();
    const user = userEvent.setup();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to the main pane" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main", { name: "Framework" })).toHaveFocus();
    await user.click(screen.getByRole("link", { name: "Skip to the areas" }));
    expect(screen.getByRole("navigation", { name: "Areas" })).toHaveFocus();
    await user.click(screen.getByRole("link", { name: "Skip to the sidebar" }));
    expect(screen.getByRole("complementary", { name: "Framework list" })).toHaveFocus();
  });
});
