//! The Graph tab with the fake backend: opened from the item panel, grown from the list view and
//! by Enter on the drawing, back and forward, the keyboard moving along an edge (announced), the
//! layout chosen.

import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { App } from "../../app/App";
import { renderApp, row } from "../../test/fixtures";
import { relationsBackend } from "../../test/relationsFixtures";
import { explorerCanvases } from "./__mocks__/explorerCanvas";
import { forgetExplorations } from "./explorations";

function drawnIds(): string[] {
  return (explorerCanvases.at(-1)?.elements ?? []).flatMap((e) => (e.group === "nodes" ? [e.data.id] : []));
}

/** The app over the relations fixture, 1.1 opened in the Graph tab from its item panel. */
async function openInGraph(user: ReturnType<typeof userEvent.setup>) {
  const rendered = await renderApp(relationsBackend());
  row("1").focus();
  await user.keyboard("{ArrowRight}");
  await waitFor(() => expect(row("1.1")).toBeInTheDocument());
  await user.click(row("1.1"));
  const panel = await screen.findByRole("region", { name: "Item details" });
  await user.click(await within(panel).findByRole("button", { name: "Open in graph" }));
  return rendered;
}

describe("the Graph tab", () => {
  it("opens a node's neighbourhood, grows, goes back and forward, moves by keyboard", async () => {
    const user = userEvent.setup();
    await openInGraph(user);

    expect(screen.getByRole("tab", { name: "Graph", selected: true })).toBeInTheDocument();
    const view = await screen.findByRole("region", { name: "Graph" });
    const size = await within(view).findByRole("status", { name: "Graph size" });
    await waitFor(() => expect(drawnIds()).toHaveLength(Number(size.dataset.nodes)));
    const first = drawnIds();
    expect(first[0]).toBe("A1");
    const card = explorerCanvases.at(-1)?.elements.find((e) => e.data.id === "A1");
    expect(card?.group === "nodes" && card.data.label.startsWith("1.1\n")).toBe(true);
    // Two frameworks (the open one, and ends outside the cache): banded, the open one first in the
    // legend; every box ticked; the counts add up.
    expect(card?.group === "nodes" && card.data.band).toBe(0);
    const legend = within(view).getByRole("group", { name: "Frameworks" });
    const boxes = within(legend).getAllByRole("checkbox");
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    const counts = boxes.map((b) => Number(/\((\d+)\)$/.exec(b.closest("label")?.textContent ?? "")?.[1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(first.length);
    // Unticking a framework leaves its nodes out of the drawing; ticking it brings them back.
    const notCached = within(legend).getByRole("checkbox", { name: /Not cached/ });
    await user.click(notCached);
    await waitFor(() => expect(drawnIds()).toHaveLength(first.length - counts.at(-1)!));
    await user.click(notCached);
    await waitFor(() => expect(drawnIds()).toEqual(first));

    // Up along isChildOf to the parent, read out.
    // The focused node is the drawing's active descendant, a new element for each move.
    const drawing = within(view).getByRole("listbox", { name: "Graph drawing" });
    const active = () => document.getElementById(drawing.getAttribute("aria-activedescendant") ?? "");
    const start = active();
    expect(start).toHaveAttribute("role", "option");
    expect(start).toHaveAccessibleName(/^1\.1 /);
    drawing.focus();
    await user.keyboard("{ArrowUp}");
    await waitFor(() => expect(active()).toHaveAccessibleDescription(/^By 1\.1 isChildOf 1\b/));
    expect(active()).not.toBe(start);
    expect(drawing.dataset.focus).not.toBe("A1");
    expect(active()).toHaveAttribute("aria-setsize", String(first.length));

    // Enter grows the parent: its other children join.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(drawnIds().length).toBeGreaterThan(first.length));
    const grown = drawnIds();

    // Back and forward.
    await user.click(within(view).getByRole("button", { name: "← Back" }));
    await waitFor(() => expect(drawnIds()).toEqual(first));
    await user.click(within(view).getByRole("button", { name: "Forward →" }));
    await waitFor(() => expect(drawnIds()).toEqual(grown));

    // A node focused otherwise (found by the search) is read without the last key's words.
    drawing.focus();
    await user.keyboard("{Home}{ArrowUp}");
    await waitFor(() => expect(active()).toHaveAccessibleDescription(/^By 1\.1 isChildOf \d\.$/));
    const parent = drawing.dataset.focus;
    await user.type(within(view).getByRole("searchbox", { name: "Find a node in the graph" }), "1.1");
    await user.click(within(view).getByRole("button", { name: "Find" }));
    await waitFor(() => expect(drawing.dataset.focus).not.toBe(parent));
    expect(active()).toHaveAccessibleName(/^1\.1/);
    expect(active()).toHaveAccessibleDescription("");
    // Back on the parent by a click on its card: read without the words of the key that first
    // brought the focus there.
    act(() => explorerCanvases.at(-1)?.tap(parent!));
    await waitFor(() => expect(drawing.dataset.focus).toBe(parent));
    expect(active()).toHaveAccessibleDescription("");
    // Delete on the start node removes nothing, and says so.
    drawing.focus();
    await user.keyboard("{Home}{Delete}");
    await waitFor(() => expect(active()).toHaveAccessibleDescription("The start node cannot be removed."));
    expect(drawnIds()).toContain("A1");

    // The layout, and the list view one key away, with every node.
    await user.selectOptions(within(view).getByRole("combobox", { name: "Layout" }), "force");
    await waitFor(() => expect(explorerCanvases.at(-1)?.layout).toBe("force"));
    within(view).getByRole("listbox", { name: "Graph drawing" }).focus();
    await user.keyboard("l");
    const list = await within(view).findByRole("list", { name: "Graph as a list" });
    expect(list.querySelectorAll(":scope > li")).toHaveLength(grown.length);
  });

  it("keeps what the user built, and the Graph tab, with the session: the next start replays it", async () => {
    forgetExplorations();
    const user = userEvent.setup();
    const { backend } = await openInGraph(user);
    const view = await screen.findByRole("region", { name: "Graph" });
    await waitFor(() => expect(drawnIds().length).toBeGreaterThan(1));
    // The parent grown too, by Enter on it from the drawing.
    const drawing = within(view).getByRole("listbox", { name: "Graph drawing" });
    drawing.focus();
    await user.keyboard("{ArrowUp}");
    await waitFor(() => expect(drawing.dataset.focus).not.toBe("A1"));
    const parent = drawing.dataset.focus!;
    await user.keyboard("{Enter}");
    await waitFor(() => expect(backend.saved.at(-1)?.explorations[0]?.grown).toEqual(["A1", parent]));
    const session = backend.saved.at(-1)!;
    expect(session.view).toBe("graph");
    const built = drawnIds();
    expect(session.explorations[0]?.nodes.sort()).toEqual([...built].sort());

    // A new window on the saved session: the Graph tab, and the same nodes, replayed.
    cleanup();
    forgetExplorations();
    render(<App backend={relationsBackend((data) => (data.session = session))} sessionDelayMs={20} />);
    expect(await screen.findByRole("tab", { name: "Graph", selected: true })).toBeInTheDocument();
    await waitFor(() => expect([...drawnIds()].sort()).toEqual([...built].sort()));
  });
});
