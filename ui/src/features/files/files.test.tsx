//! Files in and out over the fake backend: Ctrl+O and dropped files open the Open files
//! dialog; a bundle's warnings show by file and line, and a click shows the row; a package kept
//! back because the cache is newer names both copies and is replaced only when asked; a JSON
//! file's check is one click away, its levels counted apart and its field notes folded away;
//! the framework's subtree export goes where the user says.

import { screen, waitFor, within, act } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { DIRTY_BUNDLE, OLDER_PACKAGE } from "../../backend/mock/files";
import { renderApp, row } from "../../test/fixtures";

describe("files in and out", () => {
  it("imports what was dropped and typed, and shows warnings with their rows", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    act(() => backend.files.drop([DIRTY_BUNDLE]));
    const dialog = await screen.findByRole("dialog", { name: "Open files" });
    await user.type(within(dialog).getByRole("textbox", { name: "Path to open" }), `${OLDER_PACKAGE}{Enter}`);
    expect(within(within(dialog).getByRole("list", { name: "Files to open" })).getAllByRole("listitem")).toHaveLength(
      2,
    );
    await user.click(within(dialog).getByRole("button", { name: "Import 2 files" }));

    const bundle = await within(dialog).findByRole("listitem", { name: "dirty" });
    expect(bundle).toHaveTextContent("Imported");
    const warnings = within(bundle).getByRole("table", { name: "Warnings of dirty" });
    expect(warnings).toHaveTextContent("enrollments.csv");
    await user.click(within(warnings).getByRole("button", { name: "users.csv:3 · birthDate" }));
    const shown = await within(bundle).findByRole("table", { name: "Row users.csv:3" });
    expect(shown.querySelector(".warned")).toHaveTextContent("birthDate1999-02-30");
    // Every file went to the backend as the grant it handed out, never as a path.
    expect(backend.calls.find((c) => c.command === "confirm_typed_path")?.args).toEqual({
      path: OLDER_PACKAGE,
      purpose: "open",
    });
    expect(backend.calls.find((c) => c.command === "import_files")?.args).toMatchObject({
      grants: ["read-1", "read-2"],
    });
    expect(backend.calls.find((c) => c.command === "import_row")?.args).toEqual({
      grant: "read-1",
      file: "users.csv",
      line: 3,
    });

    // The older package names both copies and waits to be told.
    const older = within(dialog).getByRole("listitem", { name: "older.json" });
    const copies = within(older).getByRole("group", { name: "Copies of the framework" });
    expect(copies).toHaveTextContent("version 2");
    expect(copies).toHaveTextContent("version 1");
    await user.click(within(older).getByRole("button", { name: "Check against the specification" }));
    const check = await within(older).findByRole("region", { name: "Check of older.json" });
    expect(check).toHaveTextContent("1 violation breaks the specification; 1 tolerated deviation; 2 field notes.");
    const listed = within(check).getByRole("list", { name: "Violations and deviations" });
    expect(within(listed).getByText("$.CFItems[1].fullStatement").closest("li")).toHaveAttribute(
      "data-level",
      "violation",
    );
    expect(within(listed).getByText("$.CFDocument.lastChangeDateTime").closest("li")).toHaveAttribute(
      "data-level",
      "deviation",
    );
    // Field notes are counted and folded away until asked for.
    const notes = within(check)
      .getByText(/^2 field notes: what servers in the field send/)
      .closest("details")!;
    expect(notes).not.toHaveAttribute("open");
    expect(within(notes).getByRole("list", { name: "Field notes", hidden: true })).not.toBeVisible();
    await user.click(within(notes).getByText(/^2 field notes/));
    expect(notes).toHaveAttribute("open");
    expect(within(notes).getByRole("list", { name: "Field notes" })).toHaveTextContent("$.CFItems[0].CFDocumentURI");
    await user.click(within(copies).getByRole("button", { name: "Replace the newer copy with this file" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("listitem", { name: "older.json" })).toHaveTextContent(
        "Replaced the cached copy",
      ),
    );
    expect(backend.calls.filter((c) => c.command === "import_files").at(-1)?.args).toMatchObject({
      grants: ["read-2"],
      force: true,
    });

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.keyboard("{Control>}o{/Control}");
    expect(await screen.findByRole("dialog", { name: "Open files" })).toHaveTextContent("No file chosen yet.");
  });

  it("exports the selected subtree to the chosen path", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.click(row("1"));
    await user.click(screen.getByRole("button", { name: "Export…" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: /The selected subtree as CSV/ }));
    backend.files.saveAnswer = "/tmp/chosen.csv";
    await user.click(within(dialog).getByRole("button", { name: "Choose…" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "Save as" })).toHaveValue("/tmp/chosen.csv"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Export" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Saved 2 rows to /tmp/chosen.csv");
    const call = backend.calls.find((c) => c.command === "export_framework_csv");
    expect(call?.args).toMatchObject({ subtree: expect.any(String), grant: "write-1" });
    // Chosen in the dialog: nothing to confirm.
    expect(backend.calls.some((c) => c.command === "confirm_typed_path")).toBe(false);
  });

  it("reads and writes a typed path only once the user confirms it", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    backend.files.confirmTyped = false;
    await user.keyboard("{Control>}o{/Control}");
    const opener = await screen.findByRole("dialog", { name: "Open files" });
    await user.type(within(opener).getByRole("textbox", { name: "Path to open" }), "/home/me/.ssh/id_rsa{Enter}");
    await waitFor(() => expect(backend.calls.some((c) => c.command === "confirm_typed_path")).toBe(true));
    expect(opener).toHaveTextContent("No file chosen yet.");
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Export…" }));
    const exporter = await screen.findByRole("dialog");
    const field = within(exporter).getByRole("textbox", { name: "Save as" });
    await user.clear(field);
    await user.type(field, "/home/me/.bashrc");
    await user.click(within(exporter).getByRole("button", { name: "Export" }));
    await waitFor(() => expect(backend.calls.filter((c) => c.command === "confirm_typed_path")).toHaveLength(2));
    expect(backend.calls.filter((c) => c.command === "confirm_typed_path")[1]?.args).toEqual({
      path: "/home/me/.bashrc",
      purpose: "save",
    });
    expect(backend.calls.some((c) => c.command.startsWith("export_") || c.command === "import_files")).toBe(false);
    expect(within(exporter).queryByRole("status")).not.toBeInTheDocument();

    // Confirmed, the typed path is written.
    backend.files.confirmTyped = true;
    await user.click(within(exporter).getByRole("button", { name: "Export" }));
    expect(await within(exporter).findByRole("status")).toHaveTextContent("Saved 3 rows to /home/me/.bashrc");
  });
});
