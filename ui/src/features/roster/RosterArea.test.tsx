//! The Rosters area over the fake backend: navigation with counts, the classes table sorted
//! and filtered, a class page with its primary teacher, a student with guardians, search as you
//! type, demographics masked until revealed (and a note without the scope), the data checks
//! with links, the calendar's current session, exports, and state reducer rules.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../../backend/mock";
import { data, renderApp } from "../../test/fixtures";
import { classRowsCsv, csvCell } from "./rosterModel";
import { initialState, reduce } from "./rosterState";

async function openRosters(demographics = true) {
  const backend = createMemoryBackend(data(), { rosterDemographics: demographics });
  await renderApp(backend);
  const user = userEvent.setup();
  await user.click(within(screen.getByRole("navigation", { name: "Areas" })).getByRole("button", { name: "Rosters" }));
  await screen.findByRole("navigation", { name: "Roster navigation" });
  return { backend, user };
}

describe("the roster inspector", () => {
  it("navigates district → school → term with counts and marks the current term", async () => {
    const { user } = await openRosters();
    await user.click(await screen.findByRole("button", { name: /^Org Hillcrest District/ }));
    await user.click(await screen.findByRole("button", { name: /^Org Hillcrest Middle/ }));
    // Named by all it shows: kind, label, mark, counts.
    const term = await screen.findByRole("button", { name: /^Term Fall 2025 current/ });
    expect(term).toHaveTextContent("2 classes · 1 teacher · 2 students");
    expect(term).toHaveTextContent("end exclusive");
    const crumbs = screen.getByRole("list", { name: "Where you are" });
    await user.click(within(crumbs).getByRole("button", { name: "All orgs" }));
    await screen.findByRole("button", { name: /^Org Hillcrest District/ });
  });

  it("sorts and filters the classes table and exports its rows", async () => {
    const { backend, user } = await openRosters();
    const table = await screen.findByRole("table", { name: "Classes" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    await user.click(within(table).getByRole("button", { name: "Sort by Students" }));
    await waitFor(() => expect(within(table).getAllByRole("row")[2]).toHaveTextContent("Art 7 B"));
    expect(within(table).getByRole("columnheader", { name: /Students/ })).toHaveAttribute("aria-sort", "ascending");
    await user.type(within(table).getByRole("searchbox", { name: "Filter Title" }), "math");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    expect(
      backend.calls.some((c) => c.command === "roster_classes" && JSON.stringify(c.args).includes('"text":"math"')),
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Export rows as CSV" }));
    expect(await screen.findByText("Saved 1 rows to /home/me/Documents/Classes.csv")).toBeInTheDocument();
    expect(new TextDecoder().decode(backend.files.written.get("/home/me/Documents/Classes.csv"))).toContain("Math 7 A");
    await user.click(screen.getByRole("button", { name: "Export rows as .xlsx" }));
    expect(await screen.findByText("Saved 1 rows to /home/me/Documents/Classes.xlsx")).toBeInTheDocument();
    const [sheet] = backend.files.workbooks.get("/home/me/Documents/Classes.xlsx") ?? [];
    expect(sheet?.name).toBe("Classes");
    expect(sheet?.columns).toEqual([
      "sourcedId",
      "Title",
      "Code",
      "Course",
      "School",
      "Terms",
      "Periods",
      "Teachers",
      "Students",
      "status",
    ]);
    expect(sheet?.rows[0]?.[1]).toBe("Math 7 A");
  });

  it("opens a class with its primary teacher, then a student with guardians and masked demographics", async () => {
    const { backend, user } = await openRosters();
    const table = await screen.findByRole("table", { name: "Classes" });
    await user.click(await within(table).findByRole("button", { name: "Math 7 A" }));
    const page = await screen.findByRole("article", { name: "Class Math 7 A" });
    const teachers = within(page).getByRole("region", { name: "Teachers" });
    expect(teachers).toHaveTextContent("Teachers (1)");
    expect(teachers).toHaveTextContent("primary");
    expect(within(page).getByRole("region", { name: "Students" })).toHaveTextContent("Students (2)");
    expect(within(page).getByLabelText("Raw record")).toHaveTextContent('"sourcedId":"c1"');
    await user.click(within(page).getByRole("button", { name: "Export roster as CSV" }));
    expect(await within(page).findByRole("status")).toHaveTextContent("Roster of c1.csv");
    expect(backend.calls.find((c) => c.command === "roster_export_class")?.args).toMatchObject({ demographics: false });

    await user.click(within(page).getByRole("button", { name: "Quinn, Leonardo" }));
    const student = await screen.findByRole("article", { name: "User Leo Quinn" });
    // The link that was pressed went with the class page: the focus goes to the new page's heading.
    await waitFor(() => expect(within(student).getByRole("heading", { level: 2 })).toHaveFocus());
    expect(within(student).getByRole("region", { name: /^Agents \(guardians/ })).toHaveTextContent("Maria Quinn");
    expect(within(student).getByRole("region", { name: "Classes" })).toHaveTextContent("Math 7 A");
    expect(student).toHaveTextContent("he/him");
    const demographics = within(student).getByRole("region", { name: "Demographics" });
    expect(within(demographics).getByLabelText("Demographics masked")).toBeInTheDocument();
    expect(demographics).not.toHaveTextContent("2012-05-09");
    await user.click(within(demographics).getByRole("button", { name: "Reveal demographics" }));
    await waitFor(() => expect(demographics).toHaveTextContent("2012-05-09"));

    await user.click(screen.getByRole("button", { name: "Back" }));
    const back = await screen.findByRole("article", { name: "Class Math 7 A" });
    // Back, the history's start reached, is disabled: the focus goes to the page's heading.
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    await waitFor(() => expect(within(back).getByRole("heading", { level: 2 })).toHaveFocus());
  });

  it("says why demographics are not shown without the scope", async () => {
    const { user } = await openRosters(false);
    expect(await screen.findByRole("note")).toHaveTextContent("roster-demographics.readonly");
    await user.type(screen.getByRole("searchbox", { name: "Search people" }), "quinn");
    const results = await screen.findByRole("listbox", { name: "People found" });
    await user.click(await within(results).findByRole("option", { name: /Quinn, Leonardo/ }));
    const student = await screen.findByRole("article", { name: "User Leo Quinn" });
    const demographics = within(student).getByRole("region", { name: "Demographics" });
    expect(demographics).toHaveTextContent("does not hold the demographics scope");
    expect(within(demographics).queryByRole("button", { name: "Reveal demographics" })).toBeNull();
  });

  it("lists the data checks with counts and links, and the calendar", async () => {
    const { user } = await openRosters();
    await user.click(screen.getByRole("tab", { name: "Data checks" }));
    const checks = await screen.findByRole("region", { name: "Data checks" });
    expect(checks).toHaveTextContent("2 of 3 checks found records to fix");
    const noTeacher = within(checks).getByText("Classes without a teacher").closest("details") as HTMLElement;
    await user.click(within(noTeacher).getByText("Classes without a teacher"));
    await user.click(within(noTeacher).getByRole("button", { name: "Art 7 B" }));
    await screen.findByRole("article", { name: "Class Art 7 B" });
    await user.click(screen.getByRole("tab", { name: "Calendar" }));
    const calendar = await screen.findByRole("region", { name: "Academic calendar" });
    expect(calendar).toHaveTextContent("End dates are exclusive");
    const current = within(calendar)
      .getAllByRole("listitem")
      .filter((li) => li.getAttribute("aria-current") === "date");
    expect(current.map((li) => li.querySelector(".session button")?.textContent)).toEqual(["2025-26", "Fall 2025"]);
  });
});

describe("the roster's model", () => {
  it("writes CSV cells and rows", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(classRowsCsv([])).toBe("sourcedId,Title,Code,Course,School,Terms,Periods,Teachers,Students,status\r\n");
  });

  it("keeps back and forward through the records opened", () => {
    let state = reduce({ ...initialState, connection: "x" }, { type: "open", location: { kind: "class", id: "c1" } });
    state = reduce(state, { type: "open", location: { kind: "user", id: "u1" } });
    state = reduce(state, { type: "back" });
    expect(state.history[state.at]).toEqual({ kind: "class", id: "c1" });
    state = reduce(state, { type: "open", location: { kind: "user", id: "u2" } });
    expect(state.history.map((l) => l.id)).toEqual(["c1", "u2"]);
    expect(reduce(state, { type: "connection", connection: "y" }).history).toEqual([]);
  });
});
