//! Dialogs keep the focus in while open and give it back when they close: the shared modal,
//! a confirmation, the shortcut sheet.

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { ShortcutSheet } from "../app/ShortcutSheet";
import { Confirmation, KEEP } from "./Confirmation";
import { Modal } from "./Modal";

function WithModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open files…
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Open files"
          onClose={() => setOpen(false)}
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          }
        >
          <input aria-label="Path to open" />
          <button type="button">Choose…</button>
        </Modal>
      )}
    </>
  );
}

/** A question that replaces the button that asked it, as the gradebook's do. */
function WithQuestion() {
  const [asking, setAsking] = useState(false);
  return (
    <div>
      {asking ? (
        <Confirmation
          label="Delete the line item?"
          className="gb-question"
          initial={KEEP}
          onCancel={() => setAsking(false)}
        >
          <p>Delete it?</p>
          <button type="button" onClick={() => setAsking(false)}>
            Delete “Quiz 1”
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </Confirmation>
      ) : (
        <>
          <button type="button">Delete result…</button>
          <button type="button" onClick={() => setAsking(true)}>
            Delete line item…
          </button>
        </>
      )}
      <button type="button">Next</button>
    </div>
  );
}

function WithSheet() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Help
      </button>
      {open && <ShortcutSheet onClose={() => setOpen(false)} />}
    </>
  );
}

describe("a dialog's focus", () => {
  it("moves into the modal, cycles inside it both ways, and returns to the opener on Escape", async () => {
    render(<WithModal />);
    const user = userEvent.setup();
    const opener = screen.getByRole("button", { name: "Open files…" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Open files" });
    expect(screen.getByLabelText("Path to open")).toHaveFocus();
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 6; i += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("returns to the opener when a button inside closes it", async () => {
    render(<WithModal />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Open files…" }));
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Open files…" })).toHaveFocus());
  });

  it("starts a destructive question on its keep answer, traps Tab, and returns to the asking button re-rendered", async () => {
    render(<WithQuestion />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete line item…" }));
    const question = screen.getByRole("alertdialog", { name: "Delete the line item?" });
    expect(screen.getByRole("button", { name: "Keep it" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete “Quiz 1”" })).toHaveFocus();
    await user.tab();
    expect(question.contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete line item…" })).toHaveFocus());
  });

  it("keeps the shortcut sheet's focus on its button and gives it back on Escape", async () => {
    render(<WithSheet />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Help" }));
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Help" })).toHaveFocus());
  });
});
