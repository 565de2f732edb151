//! The crosswalk: two frameworks chosen, coverage as numbers and bars, pairs filtered by type
//! and subtree, a pair's items side by side, the uncovered items, and the CSV.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { choiceValue } from "../../app/frameworkChoices";
import { DEMO, OTHER, renderApp } from "../../test/fixtures";
import { relationsBackend } from "../../test/relationsFixtures";
import { pairsCsv } from "./crosswalkModel";

describe("the crosswalk", () => {
  it("shows coverage, pairs, a pair side by side, the uncovered items, and exports CSV", async () => {
    const user = userEvent.setup();
    const { backend } = await renderApp(relationsBackend());
    await user.click(screen.getByRole("tab", { name: "Crosswalk" }));
    const view = screen.getByRole("region", { name: "Crosswalk" });
    expect(within(view).getByRole("combobox", { name: "From framework" })).toHaveValue(choiceValue(DEMO));
    await user.selectOptions(within(view).getByRole("combobox", { name: "To framework" }), choiceValue(OTHER));

    const from = await within(view).findByRole("meter", { name: "From coverage" });
    expect(from).toHaveAttribute("value", String(1 / 9));
    expect(view).toHaveTextContent("1 of 9 items covered (11.1 %)");
    expect(view).toHaveTextContent("1 of 2 items covered (50.0 %)");
    const pairs = within(view).getByRole("table", { name: "Crosswalk pairs" });
    const rows = within(pairs).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent("1.1 Add fractions with unlike denominators");
    expect(rows[0]).toHaveTextContent("exactMatchOf");

    await user.click(rows[0] as HTMLElement);
    const pair = within(view).getByRole("region", { name: "Selected pair" });
    expect(pair).toHaveTextContent("Add fractions with unlike denominators");
    expect(pair).toHaveTextContent("Fractions in science");

    await user.selectOptions(within(view).getByRole("combobox", { name: "From subtree" }), "A");
    expect(within(view).getByRole("status", { name: "Pairs shown" })).toHaveTextContent("1 pair");
    await user.selectOptions(within(view).getByRole("combobox", { name: "From subtree" }), "C");
    expect(within(view).getByRole("status", { name: "Pairs shown" })).toHaveTextContent("0 pairs");
    await user.selectOptions(within(view).getByRole("combobox", { name: "From subtree" }), "");
    const types = within(view).getByRole("combobox", { name: "Association type" });
    expect(within(types).getByRole("option", { name: /exactMatchOf/ })).toHaveAttribute(
      "title",
      expect.stringMatching(/^The origin is equivalent to the destination/),
    );
    await user.selectOptions(types, "exactMatchOf");
    expect(within(view).getByRole("status", { name: "Pairs shown" })).toHaveTextContent("1 pair");
    expect(types).toHaveAccessibleDescription(/^The origin is equivalent to the destination/);

    // The uncovered items are listed once their side is opened.
    expect(within(view).queryByRole("list", { name: "To uncovered items" })).toBeNull();
    await user.click(within(view).getByText(/To: 1 item without a counterpart/));
    expect(within(view).getByRole("list", { name: "To uncovered items" })).toHaveTextContent("X Science strand");
    await user.click(within(view).getByRole("button", { name: "Export CSV" }));
    await within(view).findByText(/Saved to/);
    const csv = new TextDecoder().decode([...backend.files.written.values()][0]);
    expect(csv.split("\r\n")[1]).toBe(
      "exactMatchOf,from→to,A1,1.1,Add fractions with unlike denominators,X1,X.1,Fractions in science,as-2",
    );

    // The same pairs as a workbook, written by the backend.
    await user.click(within(view).getByRole("button", { name: "Export .xlsx" }));
    await waitFor(() => expect(backend.files.workbooks.size).toBe(1));
    const [path, sheets] = [...backend.files.workbooks][0] ?? [];
    expect(path).toMatch(/Crosswalk .*\.xlsx$/);
    expect(sheets?.[0]?.columns[0]).toBe("associationType");
    expect(sheets?.[0]?.rows).toEqual([
      [
        "exactMatchOf",
        "from→to",
        "A1",
        "1.1",
        "Add fractions with unlike denominators",
        "X1",
        "X.1",
        "Fractions in science",
        "as-2",
      ],
    ]);

    // Printed as filtered: the crosswalk's source, no columns to choose.
    await user.click(within(view).getByRole("button", { name: "Print…" }));
    const dialog = await screen.findByRole("dialog", { name: /^Print Crosswalk of / });
    await waitFor(() =>
      expect(backend.calls.find((c) => c.command === "print_preview")?.args).toMatchObject({
        source: { kind: "crosswalk", from: DEMO, to: OTHER },
      }),
    );
    expect(within(dialog).queryByRole("group", { name: "Columns" })).toBeNull();
  });

  it("quotes CSV cells with commas, quotes and line breaks", () => {
    const item = (statement: string) => ({ identifier: "i", code: null, statement, subtree: null });
    const csv = pairsCsv([
      {
        from: item('a "b", c'),
        to: item("x\ny"),
        associationType: "t",
        associationIdentifier: null,
        fromTo: false,
        byUri: false,
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe('t,to→from,i,,"a ""b"", c",i,,"x\ny",');
  });
});

describe("the crosswalk after a sync", () => {
  it("marks each side's text with its framework's language where it is not the window's (WCAG 3.1.2)", async () => {
    const user = userEvent.setup();
    let title = "";
    const backend = relationsBackend((data) => {
      const other = data.frameworks.find((f) => f.key.identifier === OTHER.identifier)!;
      other.document.record = { ...(other.document.record as Record<string, string>), language: "spa" };
      title = other.title;
    });
    await renderApp(backend);
    await user.click(screen.getByRole("tab", { name: "Crosswalk" }));
    const view = screen.getByRole("region", { name: "Crosswalk" });
    await user.selectOptions(within(view).getByRole("combobox", { name: "To framework" }), choiceValue(OTHER));
    const pairs = await within(view).findByRole("table", { name: "Crosswalk pairs" });
    const cells = within(pairs).getAllByRole("row")[1]!.querySelectorAll("td");
    expect(cells[0]).not.toHaveAttribute("lang");
    expect(cells[2]).toHaveAttribute("lang", "es");
    await user.click(within(pairs).getAllByRole("row")[1]!);
    const pair = within(view).getByRole("region", { name: "Selected pair" });
    expect(within(pair).getByText("Fractions in science").closest("[lang]")).toHaveAttribute("lang", "es");
    await user.click(within(view).getByRole("tab", { name: "Side by side" }));
    const right = await within(view).findByRole("list", { name: `${title}: rows` });
    expect(right.querySelector(".xwalk-label")).toHaveAttribute("lang", "es");
  });

  it("is computed again when the TO connection's data changed", async () => {
    const user = userEvent.setup();
    const { backend } = await renderApp(relationsBackend());
    await user.click(screen.getByRole("tab", { name: "Crosswalk" }));
    const view = screen.getByRole("region", { name: "Crosswalk" });
    await user.selectOptions(within(view).getByRole("combobox", { name: "To framework" }), choiceValue(OTHER));
    await within(view).findByRole("meter", { name: "From coverage" });
    const before = backend.calls.filter((c) => c.command === "crosswalk").length;
    backend.emitCacheChanged(OTHER.connection);
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "crosswalk").length).toBe(before + 1));
  });
});

describe("the crosswalk side by side", () => {
  it("shows both trees, the pair as a link, unmatched items counted, and opens a row", async () => {
    const user = userEvent.setup();
    await renderApp(relationsBackend());
    await user.click(screen.getByRole("tab", { name: "Crosswalk" }));
    const view = screen.getByRole("region", { name: "Crosswalk" });
    await user.selectOptions(within(view).getByRole("combobox", { name: "To framework" }), choiceValue(OTHER));
    await within(view).findByRole("table", { name: "Crosswalk pairs" });
    await user.click(within(view).getByRole("tab", { name: "Side by side" }));

    // Level 1: the demo's first level and the other's, the one pair bundled between 1 and X.
    const left = await within(view).findByRole("list", { name: "Test Demo Framework: rows" });
    const [, right] = within(view).getAllByRole("list", { name: /: rows$/ });
    expect(left).toHaveTextContent("1 Numbers and counting");
    expect(right).toHaveTextContent("X Science strand");
    const links = within(view).getByRole("status", { name: "Links drawn" });
    expect(links).toHaveTextContent("1 pair drawn as 1 link");
    // Unmatched items counted in words beside the rows that hold them.
    expect(left).toHaveTextContent(/unmatched/);

    // Opening 1 shows its children; the level picker opens every row to it.
    await user.click(within(left).getByRole("button", { name: "Open 1" }));
    expect(left).toHaveTextContent("1.1 Add fractions with unlike denominators");
    await user.selectOptions(within(view).getByRole("combobox", { name: "Open to level" }), "3");
    expect(left).toHaveTextContent("1.2.a");
  });
});
