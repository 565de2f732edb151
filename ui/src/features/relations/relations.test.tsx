//! The relations panel: the graph of the selected item (legend per type, "more" markers, the
//! grouping filter, a tapped node selected in the tree, export), and its progressions.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../../test/fixtures";
import { relationsBackend } from "../../test/relationsFixtures";
import { canvases } from "./__mocks__/graphCanvas";

async function selectA1() {
  const user = userEvent.setup();
  const view = await renderApp(relationsBackend());
  row("1").focus();
  await user.keyboard("{ArrowRight}");
  await waitFor(() => expect(row("1.1")).toBeInTheDocument());
  await user.click(row("1.1"));
  const graph = await screen.findByRole("region", { name: "Relationship graph" });
  await within(graph).findByRole("status", { name: "Graph size" });
  return { user, graph, ...view };
}

function drawnNodes(): string[] {
  return (canvases.at(-1)?.elements ?? []).filter((e) => e.group === "nodes").map((e) => e.data.id);
}

describe("the relationship graph", () => {
  it("draws the nodes the backend reports, with a legend entry per type", async () => {
    const { graph } = await selectA1();
    const size = within(graph).getByRole("status", { name: "Graph size" });
    await waitFor(() => expect(drawnNodes()).toHaveLength(Number(size.dataset.nodes)));
    expect(drawnNodes()[0]).toBe("A1");
    const legend = within(graph).getByRole("list", { name: "Legend" });
    const types = within(legend)
      .getAllByRole("listitem")
      .map((li) => li.dataset.type);
    expect(types).toEqual(["isChildOf", "precedes", "exactMatchOf", "isRelatedTo", "isPeerOf", "ext:buildsOn"]);
    // Each type says what it means: a tooltip and the same words as its accessible description.
    const precedes = within(legend).getByText("precedes");
    await waitFor(() =>
      expect(precedes).toHaveAccessibleDescription("The origin comes before the destination in time or order."),
    );
    expect(precedes).toHaveAttribute("title", "The origin comes before the destination in time or order.");
    const own = within(legend).getByText("ext:buildsOn");
    await waitFor(() =>
      expect(own).toHaveAccessibleDescription(
        /an extension type.*The destination builds on the origin\..*Builds on.*https:\/\/example\.org\/groupings\/builds-on/,
      ),
    );
    // Depth 1 cuts A's other children and B's: their nodes say so.
    const nodes = within(graph).getByRole("list", { name: "Graph nodes" });
    expect(within(nodes).getAllByText(/\+\d+ more/).length).toBeGreaterThan(0);
    // The drawing's text equivalent is that list, and its name says where it is.
    const count = within(nodes).getAllByRole("listitem").length;
    within(graph).getByRole("img", { name: `Graph drawing: ${count} nodes, listed under Graph nodes` });
  });

  it("selects a tapped node in the tree, and the graph follows", async () => {
    const { graph } = await selectA1();
    await waitFor(() => expect(drawnNodes()).toContain("B1"));
    canvases.at(-1)?.tap("B1");
    await waitFor(() => expect(row("2.1")).toHaveAttribute("aria-selected", "true"));
    await waitFor(() => expect(drawnNodes()[0]).toBe("B1"));
    const panel = screen.getByRole("region", { name: "Item details" });
    await within(panel).findByRole("heading", { name: /Identify shapes/ });
    expect(within(graph).getByRole("list", { name: "Graph nodes" })).toBeInTheDocument();
  });

  it("filters associations by grouping and exports PNG and SVG through the backend", async () => {
    const { user, graph, backend } = await selectA1();
    const edges = () => (canvases.at(-1)?.elements ?? []).filter((e) => e.group === "edges").length;
    await waitFor(() => expect(edges()).toBeGreaterThan(0));
    const before = edges();
    await user.click(within(graph).getByRole("checkbox", { name: "g-1" }));
    await waitFor(() => expect(edges()).toBe(before - 1));
    await user.click(within(graph).getByRole("button", { name: "Export PNG" }));
    await within(graph).findByText(/Saved to \/home\/me\/Documents\/Graph of 1\.1 .*\.png/);
    await user.click(within(graph).getByRole("button", { name: "Export SVG" }));
    await waitFor(() => expect([...backend.files.written.keys()].some((n) => n.endsWith(".svg"))).toBe(true));
  });

  it("asks for the depth and size chosen", async () => {
    const { user, graph, backend } = await selectA1();
    await user.selectOptions(within(graph).getByRole("combobox", { name: "Depth" }), "3");
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "relation_graph").at(-1)?.args.depth).toBe(3));
    await waitFor(() => expect(drawnNodes().length).toBeGreaterThan(8));
  });
});

describe("the progressions", () => {
  it("lists each precedes chain through the item in order, each step clickable", async () => {
    const { user } = await selectA1();
    await user.click(screen.getByRole("tab", { name: "Progressions" }));
    const chain = await screen.findByRole("list", { name: "Progression 1" });
    const steps = within(chain).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      "1.2 Compare numbers",
      "1.1 Add fractions with unlike denominators",
      "2.1 Identify shapes",
    ]);
    expect(steps[1]).toHaveAttribute("aria-current", "step");
    await user.click(within(chain).getByRole("button", { name: "1.2 Compare numbers" }));
    await waitFor(() => expect(row("1.2")).toHaveAttribute("aria-selected", "true"));
  });
});
