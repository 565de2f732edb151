//! Markdown before and after its renderer loads: plain text at first, formatted once it arrives.

import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { BackendProvider } from "../backend";
import { createMemoryBackend } from "../backend/mock";
import { data } from "../test/fixtures";
import { Markdown } from "./Markdown";

// The renderer arrives when the test says so.
const loader = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { renderer: null as null | { renderMarkdown: (text: string) => string } };
  return {
    state,
    arrive(renderer: { renderMarkdown: (text: string) => string }) {
      state.renderer = renderer;
      for (const listener of listeners) listener();
    },
    module: {
      markdownReady: Promise.resolve(),
      markdownRenderer: () => state.renderer,
      onMarkdownReady: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
});
vi.mock("./markdownRenderer", () => loader.module);

describe("Markdown", () => {
  it("shows the text as it is until the renderer loads, then formats it", async () => {
    render(
      <BackendProvider backend={createMemoryBackend(data())}>
        <Markdown text={"Add *fractions*"} />
      </BackendProvider>,
    );
    expect(screen.getByText("Add *fractions*")).toBeInTheDocument();
    const { renderMarkdown } = await import("./markdown");
    act(() => loader.arrive({ renderMarkdown }));
    expect(screen.getByText("fractions").tagName).toBe("EM");
    expect(screen.queryByText("Add *fractions*")).toBeNull();
  });
});
