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

    const map = within(view).getByRole("application");
    map.focus();
    await user.keyboard("{ArrowRight}");
    const said = within(view).getByRole("status", { name: "Map announcement" });
    await waitFor(() => expect(said.textContent).toMatch(/^1 Numbers and counting, level 1, 3 items below/));
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(said.textContent).toMatch(/^2 Geometry, level 1/));
    expect(map.dataset.selected).toBe("B");

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
