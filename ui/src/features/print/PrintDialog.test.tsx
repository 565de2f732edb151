//! The Print dialog: Ctrl+P opens the preview of the open framework (the print renderer's
//! document, LaTeX rendered), the columns ask the backend again, and Save as PDF writes the
//! chosen file through `save_pdf`, announced; Print… goes through `print_dialog`.

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row } from "../../test/fixtures";

describe("the Print dialog", () => {
  it("previews the subtree, saves it as a PDF where the user chose, and prints", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await user.click(row("1"));
    await user.keyboard("{Control>}p{/Control}");
    const dialog = await screen.findByRole("dialog", { name: /^Print / });
    const preview = await within(dialog).findByRole("document", { name: "Print preview" });
    await waitFor(() => expect(preview.querySelector(".print-item .print-code")).toHaveTextContent("A.1"));
    expect(preview.querySelector(".katex")).not.toBeNull();
    expect(within(dialog).getByRole("radio", { name: /The subtree under/ })).toBeChecked();
    expect(backend.calls.find((c) => c.command === "print_preview")?.args).toMatchObject({
      source: { kind: "framework", subtree: expect.any(String) },
      columns: { itemType: true, educationLevel: true, associations: false },
    });

    await user.click(within(dialog).getByRole("checkbox", { name: /Associations by type/ }));
    await waitFor(() =>
      expect(backend.calls.filter((c) => c.command === "print_preview").at(-1)?.args).toMatchObject({
        columns: { associations: true },
      }),
    );

    backend.files.saveAnswer = "/tmp/chosen.pdf";
    await user.click(within(dialog).getByRole("button", { name: "Choose…" }));
    expect(backend.calls.find((c) => c.command === "choose_save")?.args).toMatchObject({ extension: "pdf" });
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "Save as" })).toHaveValue("/tmp/chosen.pdf"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Save as PDF" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Saved 1 item to /tmp/chosen.pdf");
    expect(backend.calls.find((c) => c.command === "save_pdf")?.args).toMatchObject({
      source: { kind: "framework", subtree: expect.any(String) },
      grant: "write-1",
      columns: { associations: true },
    });

    await user.click(within(dialog).getByRole("button", { name: "Print…" }));
    await waitFor(() => expect(backend.calls.some((c) => c.command === "print_dialog")).toBe(true));
  });

  it("prints a subtree from its row's menu", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    // The keyboard's way to a row's menu (the pointer's button is hidden from assistive technology).
    row("1").focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.click(screen.getByRole("menuitem", { name: "Print this subtree…" }));
    const dialog = await screen.findByRole("dialog", { name: /^Print / });
    expect(within(dialog).getByRole("radio", { name: "The subtree under 1" })).toBeChecked();
    await waitFor(() =>
      expect(backend.calls.find((c) => c.command === "print_preview")?.args).toMatchObject({
        source: { kind: "framework", subtree: "A" },
      }),
    );
  });
});
