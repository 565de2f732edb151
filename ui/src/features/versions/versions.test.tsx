//! The version diff: two cached versions chosen, counts at the top, records added, removed and
//! changed field by field, lastChangeDateTime-only changes apart, the newer tree marked.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { choiceValue } from "../../app/frameworkChoices";
import { DEMO, renderApp } from "../../test/fixtures";
import { DEMO_V2, relationsBackend } from "../../test/relationsFixtures";

describe("the version diff", () => {
  it("lists exactly what changed and marks the newer tree", async () => {
    const user = userEvent.setup();
    await renderApp(relationsBackend());
    await user.click(screen.getByRole("tab", { name: "Versions" }));
    const view = screen.getByRole("region", { name: "Version diff" });
    await user.selectOptions(within(view).getByRole("combobox", { name: "Older version" }), choiceValue(DEMO));
    await user.selectOptions(within(view).getByRole("combobox", { name: "Newer version" }), choiceValue(DEMO_V2));

    const counts = await within(view).findByRole("table", { name: "Counts" });
    const items = within(counts).getByRole("row", { name: /Items/ });
    expect(
      within(items)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1", "1", "1", "1"]);
    const section = within(view).getByRole("region", { name: "Items" });
    expect(within(section).getByRole("list", { name: "Items: added" })).toHaveTextContent("3.2 Measure time");
    expect(within(section).getByRole("list", { name: "Items: removed" })).toHaveTextContent(
      "1.2.a Compare two-digit numbers",
    );
    const changes = within(section).getByRole("table", { name: /Changes of 1.1/ });
    expect(within(changes).getByRole("row", { name: /fullStatement/ })).toHaveTextContent(
      "fullStatementAdd fractions with unlike denominatorsAdd and subtract fractions",
    );
    expect(within(section).getByRole("list", { name: "Items: only lastChangeDateTime changed" })).toHaveTextContent(
      "2.1 Identify shapes",
    );

    const tree = within(view).getByRole("tree", { name: "Newer version's tree" });
    const marked = within(tree)
      .getAllByRole("treeitem")
      .filter((r) => r.dataset.mark)
      .map((r) => [r.dataset.mark, r.textContent]);
    expect(marked).toEqual([
      ["changed", "changed 1.1 Add and subtract fractions"],
      ["changed", "changed 1.1 Add and subtract fractions"],
      ["added", "added 3.2 Measure time"],
    ]);
  });

  it("says when a file cannot be read", async () => {
    const user = userEvent.setup();
    await renderApp(relationsBackend());
    await user.click(screen.getByRole("tab", { name: "Versions" }));
    const view = screen.getByRole("region", { name: "Version diff" });
    await user.selectOptions(within(view).getByRole("combobox", { name: "Older version" }), "file");
    await user.type(within(view).getByRole("textbox", { name: "Older version: package file path" }), "/nope.json");
    await waitFor(() =>
      expect(within(view).getByRole("combobox", { name: "Newer version" })).toHaveValue(choiceValue(DEMO)),
    );
    await within(view).findByText(/no such file/);
  });
});
