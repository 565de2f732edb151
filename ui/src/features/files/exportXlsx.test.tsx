//! The Export… dialog's workbook: the whole framework or the selected subtree as .xlsx, through
//! the backend's `export_framework_xlsx`, to the path the user chose.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../../test/fixtures";
import { exportExtension, exportName, isSubtree } from "./filesModel";

describe("a framework as a workbook", () => {
  it("exports the selected subtree as .xlsx where the user chose", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.click(row("1"));
    await user.click(screen.getByRole("button", { name: "Export…" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: /The selected subtree as a workbook/ }));
    await waitFor(() =>
      expect((within(dialog).getByRole("textbox", { name: "Save as" }) as HTMLInputElement).value).toMatch(/\.xlsx$/),
    );
    backend.files.saveAnswer = "/tmp/chosen.xlsx";
    await user.click(within(dialog).getByRole("button", { name: "Choose…" }));
    expect(backend.calls.find((c) => c.command === "choose_save")?.args).toMatchObject({ extension: "xlsx" });
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "Save as" })).toHaveValue("/tmp/chosen.xlsx"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Export" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Saved 2 rows to /tmp/chosen.xlsx");
    const call = backend.calls.find((c) => c.command === "export_framework_xlsx");
    expect(call?.args).toMatchObject({ subtree: expect.any(String), grant: "write-1" });
  });

  it("exports the whole framework as .xlsx, with no subtree", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Export…" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: /The whole framework as a workbook/ }));
    await user.click(within(dialog).getByRole("button", { name: "Export" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Saved 3 rows");
    expect(backend.calls.find((c) => c.command === "export_framework_xlsx")?.args).toMatchObject({ subtree: null });
  });

  it("names the files", () => {
    expect(exportName("Maths: K/12", "xlsx")).toBe("Maths K 12.xlsx");
    expect(exportName("Maths", "subtreeXlsx", "1.1")).toBe("Maths - 1.1.xlsx");
    expect([exportExtension("xlsx"), exportExtension("subtreeXlsx"), exportExtension("subtree")]).toEqual([
      "xlsx",
      "xlsx",
      "csv",
    ]);
    expect([isSubtree("subtreeXlsx"), isSubtree("xlsx")]).toEqual([true, false]);
  });
});
