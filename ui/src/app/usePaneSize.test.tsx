//! Pane sizes and visibility are remembered across mounts (a restart), and bad stored values
//! fall back to the default.

import { act, renderHook } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { usePaneShown, usePaneSize } from "./usePaneSize";

afterEach(() => window.localStorage.clear());

test("a pane's size is remembered for the next start", () => {
  const first = renderHook(() => usePaneSize("sidebar", 240));
  expect(first.result.current[0]).toBe(240);
  act(() => first.result.current[1](312));
  expect(first.result.current[0]).toBe(312);
  first.unmount();

  const next = renderHook(() => usePaneSize("sidebar", 240));
  expect(next.result.current[0]).toBe(312);
  // Another pane keeps its own size.
  expect(renderHook(() => usePaneSize("detail", 300)).result.current[0]).toBe(300);
});

test("a stored size that is not a positive number gives the default", () => {
  for (const stored of ["wide", "-5", "0", "Infinity"]) {
    window.localStorage.setItem("cairn.pane.sidebar", stored);
    expect(renderHook(() => usePaneSize("sidebar", 240)).result.current[0]).toBe(240);
  }
});

test("whether a pane is shown is remembered, and anything else stored gives the default", () => {
  const first = renderHook(() => usePaneShown("detail", true));
  act(() => first.result.current[1](false));
  first.unmount();
  expect(renderHook(() => usePaneShown("detail", true)).result.current[0]).toBe(false);

  window.localStorage.setItem("cairn.pane.detail.shown", "maybe");
  expect(renderHook(() => usePaneShown("detail", true)).result.current[0]).toBe(true);
});
