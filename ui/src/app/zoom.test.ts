//! The zoom's steps and keys.

import { describe, expect, it } from "vitest";

import { nextZoom, stepZoom, zoomKey } from "./zoom";

const press = (key: string, code: string, mods: Partial<KeyboardEvent> = { ctrlKey: true }) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("the zoom", () => {
  it("steps through 50%–300% and holds at the ends", () => {
    expect(stepZoom(100, 1)).toBe(110);
    expect(stepZoom(175, 1)).toBe(200);
    expect(stepZoom(100, -1)).toBe(90);
    expect(stepZoom(300, 1)).toBe(300);
    expect(stepZoom(50, -1)).toBe(50);
    expect(stepZoom(133, 1)).toBe(150);
    expect(stepZoom(133, -1)).toBe(125);
  });

  it("reads Ctrl+= and Ctrl++ (keypad too), Ctrl+-, Ctrl+0", () => {
    expect(zoomKey(press("=", "Equal"))).toBe("in");
    expect(zoomKey(press("+", "Equal", { ctrlKey: true, shiftKey: true }))).toBe("in");
    expect(zoomKey(press("+", "NumpadAdd"))).toBe("in");
    expect(zoomKey(press("-", "Minus"))).toBe("out");
    expect(zoomKey(press("-", "NumpadSubtract"))).toBe("out");
    expect(zoomKey(press("0", "Digit0"))).toBe("reset");
    expect(zoomKey(press("0", "Numpad0"))).toBe("reset");
    expect(zoomKey(press("=", "Equal", { metaKey: true }))).toBe("in");
  });

  it("leaves plain keys and Ctrl+Alt alone", () => {
    expect(zoomKey(press("=", "Equal", {}))).toBeNull();
    expect(zoomKey(press("-", "Minus", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(zoomKey(press("k", "KeyK"))).toBeNull();
  });

  it("goes back to 100% from anywhere", () => {
    expect(nextZoom(250, "reset")).toBe(100);
    expect(nextZoom(100, "in")).toBe(110);
    expect(nextZoom(100, "out")).toBe(90);
  });
});
