//! Back and forward between visited items: buttons, Alt+Left/Right and the mouse's buttons.

import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderApp, row, frameworkButton } from "../test/fixtures";

async function selected(code: string) {
  await waitFor(() => expect(row(code)).toHaveAttribute("aria-selected", "true"));
}

describe("history", () => {
  it("goes back and forward with the buttons, Alt+arrows and mouse buttons 3/4", async () => {
    await renderApp();
    const user = userEvent.setup();
    const back = screen.getByRole("button", { name: "Back" });
    const forward = screen.getByRole("button", { name: "Forward" });
    expect(back).toBeDisabled();
    await user.click(row("1"));
    await user.click(row("2"));
    await user.click(row("3"));
    expect(back).toBeEnabled();
    expect(forward).toBeDisabled();

    await user.click(back);
    await selected("2");
    expect(forward).toBeEnabled();
    await user.keyboard("{Alt>}{ArrowLeft}{/Alt}");
    await selected("1");
    expect(back).toBeDisabled();
    await user.keyboard("{Alt>}{ArrowRight}{/Alt}");
    await selected("2");
    fireEvent.mouseUp(window, { button: 4 });
    await selected("3");
    fireEvent.mouseUp(window, { button: 3 });
    await selected("2");
    await user.click(forward);
    await selected("3");
  });

  it("crosses frameworks and reopens the path of an item deep in the tree", async () => {
    await renderApp();
    const user = userEvent.setup();
    row("1").focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(row("1.2")).toBeInTheDocument());
    await user.click(row("1.2"));
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(row("1.2.a")).toBeInTheDocument());
    await user.click(row("1.2.a"));
    await user.click(frameworkButton("Other Framework"));
    await waitFor(() => expect(row("X")).toBeInTheDocument());
    await user.click(row("X"));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await selected("1.2.a");
    expect(frameworkButton("Test Demo Framework")).toHaveAttribute("aria-current", "true");
    await user.click(screen.getByRole("button", { name: "Forward" }));
    await selected("X");
  });
});
