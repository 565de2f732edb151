//! Ctrl+= / Ctrl+- / Ctrl+0 zoom the web view in steps, save the zoom, and say it.

import { fireEvent, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../backend/mock";
import { data, renderApp } from "../test/fixtures";

const zooms = (backend: ReturnType<typeof createMemoryBackend>) =>
  backend.calls.filter((c) => c.command === "set_webview_zoom").map((c) => c.args.factor);

describe("the zoom", () => {
  it("steps by the keyboard, is saved, announced and reset", async () => {
    const { backend } = await renderApp();
    await waitFor(() => expect(zooms(backend)).toEqual([1]));
    fireEvent.keyDown(window, { key: "=", code: "Equal", ctrlKey: true });
    fireEvent.keyDown(window, { key: "+", code: "NumpadAdd", ctrlKey: true });
    await waitFor(() => expect(zooms(backend).at(-1)).toBe(1.25));
    expect((await backend.settingsLoad()).zoom).toBe(125);
    expect(document.querySelector('[data-announcer="polite"]')).toHaveTextContent("Zoom 125%");
    fireEvent.keyDown(window, { key: "-", code: "Minus", ctrlKey: true });
    await waitFor(() => expect(zooms(backend).at(-1)).toBe(1.1));
    fireEvent.keyDown(window, { key: "0", code: "Digit0", ctrlKey: true });
    await waitFor(() => expect(zooms(backend).at(-1)).toBe(1));
    expect((await backend.settingsLoad()).zoom).toBe(100);
  });

  it("opens at the saved zoom", async () => {
    const backend = createMemoryBackend(data());
    await backend.settingsSave({ ...(await backend.settingsLoad()), zoom: 200 });
    await renderApp(backend);
    await waitFor(() => expect(zooms(backend).at(-1)).toBe(2));
  });
});
