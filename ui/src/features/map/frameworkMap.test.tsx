//! The Map tab with the fake backend: the whole tree as segments, the legend of the measure
//! chosen, the keyboard moving between segments (announced) and Enter opening one in the tree.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../../test/fixtures";

describe("the Map tab", () => {
  it("maps the framework, reads segments by keyboard and opens one in the tree", async () => {
    const user = userEvent.setup();
    await renderApp();
    await waitFor(() => expect(row("1")).toBeInTheDocument());
    await user.click(screen.getByRole("tab", { name: "Map" }));
    const view = await screen.findByRole("region", { name: "Framework map" });
    // The document, then every row of its tree (A1 under both of its parents).
    const size = await within(view).findByRole("status", { name: "Map size" });
    expect(size.dataset.rows).toBe("9");
    expect(size.textContent).toMatch(/2 outside the document's tree not shown/);
    const legend = within(view).getByRole("list", { name: "Colours: Item type" });
    expect(legend.textContent).toMatch(/None \(8\)/);

    // The selected segment is the map's active descendant: a tree item, a new element each move.
    const map = within(view).getByRole("tree", { name: "Framework map" });
    const active = () => document.getElementById(map.getAttribute("aria-activedescendant") ?? "");
    map.focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(active()).toHaveAccessibleName(/^1 Numbers and counting, level 1, 3 items below/));
    expect(active()).toHaveAttribute("role", "treeitem");
    expect(active()).toHaveAttribute("aria-level", "2");
    const first = active();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(active()).toHaveAccessibleName(/^2 Geometry, level 1/));
    expect(active()).not.toBe(first);
    expect(active()).toHaveAttribute("aria-posinset", "2");
    expect(map.dataset.selected).toBe("B");
    // A key that moves nothing is told with the segment, which is read again.
    await user.keyboard("{Home}");
    const before = active();
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(active()).toHaveAccessibleDescription("The framework."));
    expect(active()).not.toBe(before);
    await user.keyboard("{ArrowRight}{ArrowDown}");
    await waitFor(() => expect(map.dataset.selected).toBe("B"));

    // Education level as the measure: its legend.
    await user.selectOptions(within(view).getByRole("combobox", { name: "Colour by" }), "educationLevel");
    expect(within(view).getByRole("list", { name: "Colours: Education level" })).toBeInTheDocument();

    // Enter opens the segment in the tree.
    map.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("tab", { name: "Tree", selected: true })).toBeInTheDocument();
    await waitFor(() => expect(row("2")).toHaveAttribute("aria-selected", "true"));
  });
});
