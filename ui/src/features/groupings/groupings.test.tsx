//! The tree by grouping: built from the chosen groupings' child links, each row naming its grouping.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../../backend/mock";
import { data, demoFramework, otherFramework, renderApp, row } from "../../test/fixtures";

describe("the tree by grouping", () => {
  it("builds the tree from the chosen groupings and opens a row in the explorer", async () => {
    const user = userEvent.setup();
    const demo = demoFramework();
    demo.edgeGroupings = demo.edges.map(([, child]) => (child === "B" || child === "B1" ? "geo" : "num"));
    const base = data();
    base.frameworks = [demo, otherFramework()];
    await renderApp(createMemoryBackend(base));
    await user.click(screen.getByRole("tab", { name: "By grouping" }));
    const view = screen.getByRole("region", { name: "Tree by grouping" });
    const tree = await within(view).findByRole("tree", { name: "Tree by grouping" });
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(8);
    await user.click(within(view).getByRole("checkbox", { name: "Grouping geo" }));
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByRole("treeitem")
          .map((r) => r.textContent),
      ).toEqual(["2 Geometry Grouping geo", "2.1 Identify shapes Grouping geo"]),
    );
    await user.click(within(tree).getByRole("button", { name: "2.1 Identify shapes" }));
    await waitFor(() => expect(row("2.1")).toHaveAttribute("aria-selected", "true"));
  });
});
