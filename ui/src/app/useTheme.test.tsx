//! The theme setting on the document: a chosen high-contrast theme, and "Follow the system"
//! turning high contrast when the system asks for more contrast or forces its colours — and back.

import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { createMemoryBackend } from "../backend/mock";
import { data, renderApp } from "../test/fixtures";
import { documentTheme } from "./useTheme";

/** A system whose media queries answer `wishes` until changed; `set` changes them and tells the
 * listeners, as a system setting changed while the app runs does. */
function fakeSystem(wishes: Set<string>) {
  const listeners = new Set<() => void>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return wishes.has(query);
    },
    media: query,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }));
  return {
    set(next: string[]) {
      wishes.clear();
      for (const w of next) wishes.add(w);
      for (const f of listeners) f();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe("the theme", () => {
  it("maps each choice to the document's theme", () => {
    expect(documentTheme("high-contrast", false)).toBe("high-contrast");
    expect(documentTheme("dark", true)).toBe("dark");
    expect(documentTheme("light", true)).toBe("light");
    expect(documentTheme("system", false)).toBeNull();
    expect(documentTheme("system", true)).toBe("high-contrast");
  });

  it("is high contrast when chosen, whatever the system says", async () => {
    fakeSystem(new Set());
    const backend = createMemoryBackend(data());
    await backend.settingsSave({ ...(await backend.settingsLoad()), theme: "high-contrast" });
    await renderApp(backend);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("high-contrast"));
  });

  it("follows the system's wish for more contrast or forced colours, as it changes", async () => {
    const system = fakeSystem(new Set(["(prefers-contrast: more)"]));
    await renderApp();
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("high-contrast"));
    act(() => system.set([]));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeUndefined());
    act(() => system.set(["(forced-colors: active)"]));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("high-contrast"));
  });
});
