//! The session: saved (debounced) when the framework, selection, expansion or history change,
//! and restored at start.

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { App } from "../../app/App";
import { createMemoryBackend } from "../../backend/mock";
import type { Session } from "../../bindings/Session";
import { codes, data, DEMO, OTHER, renderApp, row, frameworkButton } from "../../test/fixtures";

describe("the session", () => {
  it("is saved after the selection and expansion change", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(row("1.2")).toBeInTheDocument());
    await user.click(row("1.2"));
    await waitFor(() => expect(backend.saved.at(-1)?.selected).toBe("A2"));
    const saved = backend.saved.at(-1) as Session;
    expect(saved.framework).toEqual(DEMO);
    expect(saved.expanded).toEqual([["A"]]);
    expect(saved.history.at(-1)).toEqual({ key: DEMO, identifier: "A2" });
    expect(saved.historyIndex).toBe(saved.history.length - 1);
  });

  it("restores the framework, the expanded nodes, the selection and the history at start", async () => {
    const session: Session = {
      framework: DEMO,
      selected: "A1",
      expanded: [["B"], ["A"]],
      history: [
        { key: OTHER, identifier: "X" },
        { key: DEMO, identifier: "A1" },
      ],
      historyIndex: 1,
      explorations: [],
      view: null,
    };
    const backend = createMemoryBackend(data(session));
    render(<App backend={backend} sessionDelayMs={20} />);
    await waitFor(() => expect(codes()).toEqual(["1", "1.1", "1.2", "2", "2.1", "1.1", "3"]));
    // The selected item is shown at the path whose parents are expanded: the first.
    const selected = screen.getAllByRole("treeitem").filter((el) => el.getAttribute("aria-selected") === "true");
    expect(selected).toHaveLength(1);
    expect(selected[0]).toBe(row("1.1"));
    expect(await screen.findByRole("heading", { name: /Add fractions/ })).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.command === "tree_children")).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(row("X")).toHaveAttribute("aria-selected", "true"));
  });

  it("falls back to the Demo framework when the saved one is gone", async () => {
    const session: Session = {
      framework: { connection: "Gone", identifier: "nope" },
      selected: null,
      expanded: [],
      history: [],
      historyIndex: 0,
      explorations: [],
      view: null,
    };
    const backend = createMemoryBackend(data(session));
    render(<App backend={backend} />);
    await waitFor(() => expect(row("1")).toBeInTheDocument());
    expect(frameworkButton("Test Demo Framework")).toHaveAttribute("aria-current", "true");
  });
});
