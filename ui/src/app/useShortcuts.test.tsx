//! `/` focuses the search box from outside a text field, and not once the settings turn it off
//! (WCAG 2.1.4); Ctrl+K still does.

import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../backend/mock";
import { data, renderApp } from "../test/fixtures";
import { SEARCH_INPUT_ID } from "../features/search/SearchBox";

const search = () => document.getElementById(SEARCH_INPUT_ID);

describe("the / shortcut", () => {
  it("focuses the search box, but not from a text field", async () => {
    await renderApp();
    await waitFor(() => expect(search()).not.toBeNull());
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(search());
    const field = document.createElement("input");
    document.body.append(field);
    act(() => field.focus());
    fireEvent.keyDown(field, { key: "/" });
    expect(document.activeElement).toBe(field);
    field.remove();
  });

  it("does nothing once the settings turn it off; Ctrl+K still searches", async () => {
    const backend = createMemoryBackend(data());
    await backend.settingsSave({ ...(await backend.settingsLoad()), slashFocusesSearch: false });
    await renderApp(backend);
    // The settings page showing the switch off: the window has read the settings.
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Settings" }));
    expect(await screen.findByRole("checkbox", { name: "/ searches" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Frameworks" }));
    await waitFor(() => expect(search()).not.toBeNull());
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).not.toBe(search());
    fireEvent.keyDown(document.body, { key: "k", ctrlKey: true });
    expect(document.activeElement).toBe(search());
  });

  it("is turned off from the settings page", async () => {
    const user = userEvent.setup();
    const { backend } = await renderApp();
    await user.click(await screen.findByRole("button", { name: "Settings" }));
    const box = await screen.findByRole("checkbox", { name: "/ searches" });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(async () => expect((await backend.settingsLoad()).slashFocusesSearch).toBe(false));
  });
});
