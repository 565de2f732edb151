//! Rubrics: reachable from the panel of an item a criterion names, shown as a criteria × levels
//! table whose items open in the tree.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../../test/fixtures";
import { relationsBackend } from "../../test/relationsFixtures";
import { columnHeading, formatNumber, levelColumns } from "./rubricModel";
import { rubric } from "../../test/relationsFixtures";

describe("rubrics", () => {
  it("opens from the item panel as a criteria × levels table, and its items open in the tree", async () => {
    const user = userEvent.setup();
    await renderApp(relationsBackend());
    row("1").focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(row("1.1")).toBeInTheDocument());
    await user.click(row("1.1"));
    const panel = screen.getByRole("region", { name: "Item details" });
    const rubrics = await within(panel).findByRole("region", { name: "Rubrics of this item" });
    expect(rubrics).toHaveTextContent("(Adding)");
    await user.click(within(rubrics).getByRole("button", { name: "Fractions Rubric" }));

    const table = await screen.findByRole("table", { name: "Fractions Rubric" });
    expect(screen.getByRole("tab", { name: "Rubrics" })).toHaveAttribute("aria-selected", "true");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Criterion", "Weight", "Beginning", "Developing", "Secure"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole("rowheader")).toHaveTextContent("Adding");
    expect(rows[0]).toHaveTextContent("0.6");
    expect(rows[0]).toHaveTextContent("Secure work");
    expect(rows[0]).toHaveTextContent("3 pts");

    await user.click(within(table).getByRole("button", { name: "2.1 Identify shapes" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: "Tree" })).toHaveAttribute("aria-selected", "true"));
    await waitFor(() => expect(row("2.1")).toHaveAttribute("aria-selected", "true"));
  });

  it("lays out columns by level position", () => {
    const r = rubric();
    expect(levelColumns(r)).toBe(3);
    expect(columnHeading(r, 0)).toBe("Beginning");
    const mixed = {
      ...r,
      criteria: [
        r.criteria[0]!,
        { ...r.criteria[1]!, levels: r.criteria[1]!.levels.map((l) => ({ ...l, quality: "Other" })) },
      ],
    };
    expect(columnHeading(mixed, 0)).toBe("Level 1");
    expect(formatNumber(0.30000000000000004)).toBe("0.3");
    expect(formatNumber(null)).toBe("");
  });
});
