//! The Gradebook area over the fake backend: opened from a class page; a score typed in the
//! grid is stored in the outbox and sent; below the minimum it is refused at the cell before
//! anything is stored; above the maximum it asks about extra credit; a flag by one key; Esc
//! undoes the cell; Ctrl+Z the last edit; the audit as CSV.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../../backend/mock";
import { data, renderApp } from "../../test/fixtures";

async function openGradebook() {
  const backend = createMemoryBackend(data());
  await renderApp(backend);
  const user = userEvent.setup();
  await user.click(within(screen.getByRole("navigation", { name: "Areas" })).getByRole("button", { name: "Rosters" }));
  const table = await screen.findByRole("table", { name: "Classes" });
  await user.click(await within(table).findByRole("button", { name: "Math 7 A" }));
  const page = await screen.findByRole("article", { name: "Class Math 7 A" });
  await user.click(within(page).getByRole("button", { name: "Open gradebook" }));
  const grid = await screen.findByRole("grid", { name: "Results of Math 7 A" });
  return { backend, user, grid };
}

const cellOf = (grid: HTMLElement, student: string, column: number) => {
  const row = within(grid)
    .getAllByRole("row")
    .find((r) => within(r).queryByRole("rowheader", { name: student }));
  if (!row) throw new Error(`no row ${student}`);
  return within(row).getAllByRole("gridcell")[column]!;
};

describe("the gradebook", () => {
  it("stores a typed score in the outbox, then sends it", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    // The first cell (Okafor, Quiz 1) is selected: move right to Quiz 2 and type.
    await user.keyboard("{ArrowRight}7{Enter}");
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 1)).toHaveAttribute("data-state", "pending"));
    expect(cellOf(grid, "Okafor, Ada", 1)).toHaveTextContent("7");
    const save = backend.calls.find((c) => c.command === "gradebook_save_cell");
    expect(save?.args).toMatchObject({ edit: { student: "s2", lineItem: "l2", score: "7" } });
    expect(screen.getByText("1 unsent change")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send changes" }));
    expect(await screen.findByText("1 sent")).toBeInTheDocument();
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 1)).toHaveAttribute("data-state", "server"));
  });

  it("deletes a result after a confirmation naming it, struck through until sent", async () => {
    const { backend, user, grid } = await openGradebook();
    const panel = screen.getByRole("complementary", { name: "Selected result" });
    await user.click(within(panel).getByRole("button", { name: "Delete result…" }));
    const question = within(panel).getByRole("alertdialog", { name: "Delete the result?" });
    expect(question).toHaveTextContent("Okafor, Ada’s result for “Quiz 1” (15)");
    await user.click(within(question).getByRole("button", { name: "Delete the result" }));
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 0)).toHaveAttribute("data-state", "deleting"));
    expect(backend.calls.find((c) => c.command === "gradebook_delete")?.args).toMatchObject({
      collection: "results",
      id: "r-s2-l1",
    });
    await user.click(screen.getByRole("button", { name: "Send changes" }));
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 0)).toHaveAttribute("data-state", "empty"));
  });

  it("fills a column's empty cells as one bulk POST, or refuses them all at the cells", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("{ArrowRight}");
    const panel = screen.getByRole("complementary", { name: "Selected result" });
    const fill = within(panel).getByRole("textbox", { name: "Fill the empty cells of Quiz 2" });
    await user.click(within(panel).getByRole("checkbox", { name: "as one bulk POST" }));
    await user.type(fill, "-1");
    await user.click(within(panel).getByRole("button", { name: "Fill" }));
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 1)).toHaveAttribute("data-state", "refused"));
    expect(backend.calls.filter((c) => c.command === "gradebook_post_results")).toHaveLength(1);
    expect(backend.calls.some((c) => c.command === "gradebook_save_cell")).toBe(false);

    await user.clear(fill);
    await user.type(fill, "10");
    await user.click(within(panel).getByRole("button", { name: "Fill" }));
    expect(await screen.findByText(/results of Quiz 2 stored as one POST/)).toBeInTheDocument();
    const posted = backend.calls.filter((c) => c.command === "gradebook_post_results")[1];
    expect(
      (posted?.args.edits as Array<{ lineItem: string; score: string }>).every(
        (e) => e.lineItem === "l2" && e.score === "10",
      ),
    ).toBe(true);
  });

  it("refuses a score below the minimum at the cell and asks about one above the maximum", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("-3{Enter}");
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 0)).toHaveAttribute("aria-invalid", "true"));
    expect(cellOf(grid, "Okafor, Ada", 0)).toHaveTextContent("-3");
    expect(screen.getByRole("complementary", { name: "Selected result" })).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.command === "gradebook_save_cell")).toHaveLength(1);
    expect(await backend.gradebookOutbox(null, true)).toHaveLength(0);
    // A refused value keeps the selection on its cell: down to Rossi, Quiz 1.
    expect(cellOf(grid, "Okafor, Ada", 0)).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}25{Enter}");
    const question = await screen.findByRole("alertdialog", { name: "Extra credit?" });
    expect(question).toHaveTextContent("25 is above the line item's maximum 20: is it extra credit?");
    await user.click(within(question).getByRole("button", { name: "Yes, extra credit" }));
    await waitFor(() => expect(cellOf(grid, "Rossi, Leo", 0)).toHaveAttribute("data-state", "pending"));
    expect(backend.calls.filter((c) => c.command === "gradebook_save_cell").at(-1)?.args).toMatchObject({
      edit: { extraCredit: true },
    });
  });

  it("toggles a flag with one key, undoes a cell with Esc and the last edit with Ctrl+Z", async () => {
    const { user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("m");
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 0)).toHaveAccessibleName(/Missing/));
    // Said with what changed: the cell keeps the focus, and its new name is not announced.
    const polite = () => document.querySelector('[data-announcer="polite"]')?.textContent ?? "";
    await waitFor(() => expect(polite()).toMatch(/^Missing set\. Saved, not sent yet: Okafor, Ada/));
    // The marks (late already, missing now) are drawn, not text: the cell's text is its value, all in its name.
    expect(cellOf(grid, "Okafor, Ada", 0).querySelector(".gb-flags")).toHaveAttribute("data-marks", "LM");
    expect(cellOf(grid, "Okafor, Ada", 0).querySelector(".gb-flags")).toBeEmptyDOMElement();
    await user.keyboard("9{Escape}");
    expect(cellOf(grid, "Okafor, Ada", 0)).toHaveTextContent("15");
    await user.keyboard("{Control>}z{/Control}");
    await waitFor(() => expect(cellOf(grid, "Okafor, Ada", 0)).not.toHaveAccessibleName(/Missing/));
  });

  it("is a grid whose arrows move the active cell, announced with its student and line item", async () => {
    const { user, grid } = await openGradebook();
    grid.focus();
    const active = () => document.getElementById(grid.getAttribute("aria-activedescendant") ?? "");
    expect(active()).toBe(cellOf(grid, "Okafor, Ada", 0));
    expect(active()).toHaveAccessibleName(/^Okafor, Ada, Quiz 1:\s?15/);
    // Named outright, its tooltip (range, comment) its description rather than its name.
    expect(active()).toHaveAttribute("aria-label", expect.stringMatching(/^Okafor, Ada, Quiz 1: 15/));
    await user.keyboard("{ArrowRight}");
    expect(active()).toBe(cellOf(grid, "Okafor, Ada", 1));
    await user.keyboard("{ArrowDown}");
    expect(active()).toHaveAccessibleName(/^Rossi, Leo, /);
    expect(active()).toHaveAttribute("aria-selected", "true");
    expect(grid).toHaveFocus();
    // Header cells: every column has one, and every row its student.
    expect(within(grid).getAllByRole("columnheader").length).toBeGreaterThan(1);
    expect(within(grid).getAllByRole("rowheader").length).toBeGreaterThan(1);
    // A line item's header is named by its title alone, the rest its description.
    const header = within(grid).getAllByRole("columnheader")[1]!;
    expect(header).toHaveAccessibleName(header.querySelector(".gb-coltitle")?.textContent ?? "");
    expect(header).toHaveAccessibleDescription(/ · Due .* to /);
    // The due date reads as a date in the user's locale, not as stored (2025-09-08).
    expect(header).not.toHaveAccessibleDescription(/2025-09-08/);
    expect(within(grid).getAllByRole("columnheader")[0]).toHaveAccessibleName("Student");
  });

  it("makes the active cell anew when what it says changes, so that a screen reader reads it afresh", async () => {
    const { user, grid } = await openGradebook();
    grid.focus();
    const active = () => document.getElementById(grid.getAttribute("aria-activedescendant") ?? "");
    const before = active();
    expect(before).toHaveAccessibleName(/^Okafor, Ada, Quiz 1:/);
    expect(before).not.toHaveAccessibleName(/Missing/);
    await user.keyboard("m");
    await waitFor(() => expect(active()).toHaveAccessibleName(/^Okafor, Ada, Quiz 1:.*Missing/));
    // WebKitGTK tells a screen reader of no change to an element's name: a new element is read.
    expect(active()).not.toBe(before);
    expect(before?.isConnected).toBe(false);
    expect(grid).toHaveFocus();
  });

  it("is one Tab stop: Home/End and Ctrl+Home/Ctrl+End move within it, Tab leaves it", async () => {
    const { user, grid } = await openGradebook();
    grid.focus();
    const active = () => document.getElementById(grid.getAttribute("aria-activedescendant") ?? "");
    const last = within(grid).getAllByRole("columnheader").length - 2;
    await user.keyboard("{End}");
    expect(active()).toBe(cellOf(grid, "Okafor, Ada", last));
    await user.keyboard("{Home}");
    expect(active()).toBe(cellOf(grid, "Okafor, Ada", 0));
    await user.keyboard("{Control>}{End}{/Control}");
    const rows = within(grid).getAllByRole("rowheader");
    expect(active()).toBe(cellOf(grid, rows.at(-1)!.textContent!, last));
    await user.keyboard("{PageUp}");
    expect(active()).toHaveAccessibleName(new RegExp(`^${rows.at(-2)!.textContent!}, `));
    await user.keyboard("{Control>}{Home}{/Control}");
    expect(active()).toBe(cellOf(grid, "Okafor, Ada", 0));
    // No cell takes the focus itself: the grid is the stop, and Tab and Shift+Tab leave it.
    expect(
      within(grid)
        .queryAllByRole("gridcell")
        .filter((c) => c.tabIndex >= 0),
    ).toHaveLength(0);
    await user.tab();
    expect(grid).not.toHaveFocus();
    expect(grid.contains(document.activeElement)).toBe(false);
    grid.focus();
    await user.tab({ shift: true });
    expect(grid.contains(document.activeElement)).toBe(false);
  });

  it("saves an edit by Tab and moves right, as a spreadsheet does, keeping the focus in the grid", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("{ArrowDown}8{Tab}");
    await waitFor(() => expect(cellOf(grid, "Rossi, Leo", 0)).toHaveAttribute("data-state", "pending"));
    const active = () => document.getElementById(grid.getAttribute("aria-activedescendant") ?? "");
    await waitFor(() => expect(active()).toBe(cellOf(grid, "Rossi, Leo", 1)));
    expect(grid).toHaveFocus();
    expect(backend.calls.find((c) => c.command === "gradebook_save_cell")?.args).toMatchObject({
      edit: { score: "8" },
    });
  });

  it("lists every write in the audit and exports it as CSV", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("12{Enter}");
    await user.click(screen.getByRole("tab", { name: "Outbox and audit" }));
    const writes = await screen.findByRole("table", { name: "Writes" });
    expect(writes).toHaveTextContent("Result: Okafor, Ada · Quiz 1");
    await user.click(screen.getByRole("button", { name: "Export the audit as CSV" }));
    expect(await screen.findByText(/Saved 1 writes to/)).toBeInTheDocument();
    expect(new TextDecoder().decode(backend.files.written.get("/home/me/Documents/Gradebook audit.csv"))).toContain(
      "putResult",
    );
  });
});

describe("closing the window", () => {
  it("asks first when changes are unsent, and sends them before closing", async () => {
    const { backend, user, grid } = await openGradebook();
    grid.focus();
    await user.keyboard("5{Enter}");
    await screen.findByText("1 unsent change");
    backend.emitCloseRequested(1);
    const question = await screen.findByRole("alertdialog", { name: "Unsent changes" });
    expect(question).toHaveTextContent("1 gradebook change has not been sent");
    await user.click(within(question).getByRole("button", { name: "Send and close" }));
    await waitFor(() => expect(backend.calls.some((c) => c.command === "close_window")).toBe(true));
    expect(backend.calls.some((c) => c.command === "gradebook_send")).toBe(true);
  });
});

describe("the record forms", () => {
  it("name the required fields, then store the record in the outbox", async () => {
    const { backend, user } = await openGradebook();
    await user.click(screen.getByRole("tab", { name: "Other records" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind of record" }), "categories");
    const form = await screen.findByRole("form", { name: "New category" });
    const idBox = within(form).getByRole("textbox", { name: "sourcedId" });
    await waitFor(() =>
      expect((idBox as HTMLInputElement).value).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    );
    const id = (idBox as HTMLInputElement).value;
    await user.click(within(form).getByRole("button", { name: "Store the category" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Required: Title");
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Labs");
    await user.type(within(form).getByRole("textbox", { name: "Weight (0–1)" }), "0.2");
    await user.click(within(form).getByRole("button", { name: "Store the category" }));
    const writes = await screen.findByRole("table", { name: "Writes" });
    expect(writes).toHaveTextContent("Category: Labs");
    expect(backend.calls.find((c) => c.command === "gradebook_put")?.args).toMatchObject({
      collection: "categories",
      record: { sourcedId: id, title: "Labs", weight: 0.2 },
    });
  });
});

describe("the assessment forms", () => {
  it("offer the class's assessment line items by title as parent and target", async () => {
    const { backend, user } = await openGradebook();
    await user.click(screen.getByRole("tab", { name: "Other records" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind of record" }), "assessmentLineItems");
    const form = await screen.findByRole("form", { name: "New assessment line item" });
    const parent = within(form).getByRole("combobox", { name: "Parent assessment line item" });
    expect(within(parent).getByRole("option", { name: "Unit 1 assessment" })).toBeInTheDocument();
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Unit 1: part 2");
    await user.selectOptions(parent, "a1");
    await user.click(within(form).getByRole("button", { name: /^Store the/ }));
    await waitFor(() =>
      expect(backend.calls.find((c) => c.command === "gradebook_put")?.args).toMatchObject({
        collection: "assessmentLineItems",
        record: { title: "Unit 1: part 2", parentAssessmentLineItem: { sourcedId: "a1", type: "assessmentLineItem" } },
      }),
    );
  });
});

describe("the class's categories and scales", () => {
  it("delete after a confirmation naming the line items that use them", async () => {
    const { backend, user } = await openGradebook();
    await user.click(screen.getByRole("tab", { name: "Other records" }));
    const records = await screen.findByRole("region", { name: "The class's records" });
    const quizzes = within(records).getByText("Quizzes").closest("li")!;
    await user.click(within(quizzes as HTMLElement).getByRole("button", { name: "Delete…" }));
    const question = within(records).getByRole("alertdialog", { name: "Delete the category?" });
    expect(question).toHaveTextContent("2 line items name it and will point at nothing: Quiz 1, Quiz 2.");
    await user.click(within(question).getByRole("button", { name: "Delete “Quizzes”" }));
    await waitFor(() =>
      expect(backend.calls.find((c) => c.command === "gradebook_delete")?.args).toMatchObject({
        collection: "categories",
        id: "k1",
        label: "Category: Quizzes",
      }),
    );

    const result = within(records)
      .getByText(/Okafor, Ada · Unit 1 assessment: 17/)
      .closest("li")!;
    await user.click(within(result as HTMLElement).getByRole("button", { name: "Delete…" }));
    const again = within(records).getByRole("alertdialog", { name: "Delete the assessment result?" });
    expect(again).toHaveTextContent("Nothing depends on it.");
    await user.click(within(again).getByRole("button", { name: /^Delete “/ }));
    await waitFor(() =>
      expect(backend.calls.filter((c) => c.command === "gradebook_delete").at(-1)?.args).toMatchObject({
        collection: "assessmentResults",
        id: "ar1",
      }),
    );
  });
});

describe("a bulk POST of line items", () => {
  it("gathers line items into one POST and shows the identifiers the server allocated", async () => {
    const { backend, user } = await openGradebook();
    await user.click(screen.getByRole("tab", { name: "New line item" }));
    const form = await screen.findByRole("form", { name: "New line item" });
    for (const title of ["Essay A", "Essay B"]) {
      await user.type(within(form).getByRole("textbox", { name: "Title" }), title);
      await user.clear(within(form).getByRole("textbox", { name: "Assign date" }));
      await user.type(within(form).getByRole("textbox", { name: "Assign date" }), "2025-10-01");
      await user.clear(within(form).getByRole("textbox", { name: "Due date" }));
      await user.type(within(form).getByRole("textbox", { name: "Due date" }), "2025-10-08");
      await user.click(within(form).getByRole("button", { name: "Add to a bulk POST" }));
    }
    expect(within(form).getByRole("list", { name: "Bulk POST" })).toHaveTextContent("Essay A");
    await user.click(within(form).getByRole("button", { name: "Store 2 line items as one POST" }));
    const post = backend.calls.find((c) => c.command === "gradebook_post");
    expect(post?.args).toMatchObject({ operation: "postLineItemsForClass", parent: "c1" });
    expect((post?.args.records as unknown[]).length).toBe(2);
    // Unsent, the new columns are in the grid already, marked and closed to results.
    await user.click(screen.getByRole("tab", { name: "Results" }));
    const grid = await screen.findByRole("grid", { name: "Results of Math 7 A" });
    const essay = await within(grid).findByRole("columnheader", { name: /Essay A/ });
    expect(essay).toHaveTextContent("not sent yet");
    await user.click(screen.getByRole("button", { name: "Send changes" }));
    await user.click(screen.getByRole("tab", { name: "Outbox and audit" }));
    const pairs = await screen.findByRole("list", { name: "Identifiers allocated" });
    expect(pairs).toHaveTextContent("→ srv-");
  });
});

describe("a refused write", () => {
  it("is edited in the outbox and put back in line", async () => {
    const { backend, user } = await openGradebook();
    await user.click(screen.getByRole("tab", { name: "Other records" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind of record" }), "categories");
    const form = await screen.findByRole("form", { name: "New category" });
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "refused");
    await user.click(within(form).getByRole("button", { name: "Store the category" }));
    await user.click(await screen.findByRole("button", { name: "Send changes" }));
    expect(await screen.findByText(/^\d+ sent, 1 refused by the server/)).toBeInTheDocument();
    const writes = await screen.findByRole("table", { name: "Writes" });
    await waitFor(() => expect(writes).toHaveTextContent("the Category is not valid (invalid_data)"));
    await user.click(within(writes).getByRole("button", { name: "Edit" }));
    const body = within(writes).getByRole("textbox", { name: /Body of write/ });
    await user.clear(body);
    await user.click(within(writes).getByRole("button", { name: "Retry with this body" }));
    expect(await within(writes).findByRole("alert")).toHaveTextContent("Not JSON");
    await user.type(body, '{{"sourcedId": "k9", "title": "Labs"}');
    await user.click(within(writes).getByRole("button", { name: "Retry with this body" }));
    await waitFor(() =>
      expect(
        backend.calls.some((c) => c.command === "gradebook_retry" && JSON.stringify(c.args).includes("Labs")),
      ).toBe(true),
    );
  });
});
