//! The sidebar: frameworks grouped by connection with their facts, filtered as you type,
//! refreshed when a connection's cache changes.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp } from "../../test/fixtures";

describe("the framework list", () => {
  it("groups frameworks by connection with title, publisher, version, status and subjects", async () => {
    await renderApp();
    const list = screen.getByRole("list", { name: "Frameworks" });
    const builtIn = within(list).getByRole("list", { name: "Built-in sandbox" });
    const demo = within(builtIn).getByRole("button", { name: /Test Demo Framework/ });
    expect(demo).toHaveTextContent("Cairn Sandbox · v1.0 · Adopted");
    expect(demo).toHaveTextContent("Mathematics");
    expect(demo).toHaveTextContent("9 items");
    expect(within(list).getByRole("list", { name: "District" })).toHaveTextContent("Other Framework");
  });

  it("filters by any of the facts, across groups", async () => {
    await renderApp();
    const user = userEvent.setup();
    const filter = screen.getByRole("searchbox", { name: "Filter frameworks" });
    await user.type(filter, "science");
    const list = screen.getByRole("list", { name: "Frameworks" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.querySelector(".fw-title")?.textContent),
    ).toEqual(["Other Framework"]);
    await user.clear(filter);
    await user.type(filter, "nothing like this");
    expect(within(list).queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByText("No framework matches the filter.")).toBeInTheDocument();
  });

  it("asks again when a cache changed", async () => {
    const { backend } = await renderApp();
    const before = backend.calls.filter((c) => c.command === "list_frameworks").length;
    backend.emitCacheChanged("District");
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "list_frameworks").length).toBe(before + 1));
    // Not the open framework's connection: the tree is not reloaded.
    expect(backend.calls.filter((c) => c.command === "open_framework")).toHaveLength(1);
  });
});
