//! The window's zoom steps (as browsers take them, 50%–300%) and the keys that move through them:
//! Ctrl+= or Ctrl++ (the keypad's + too) zooms in, Ctrl+- out, Ctrl+0 back to 100%.

/** The zoom levels in percent, smallest first. */
export const ZOOM_STEPS: readonly number[] = [50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300];

/** The smallest and largest zoom. */
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 300;

/** The zoom a new window starts at. */
export const DEFAULT_ZOOM = 100;

export type ZoomKey = "in" | "out" | "reset";

/** The step after (or before) `current`, which need not be a step itself; the ends hold. */
export function stepZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > current) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < current) ?? MIN_ZOOM;
}

/** What a key press asks of the zoom, if anything. Ctrl (⌘ on a Mac) without Alt: Alt+Ctrl
 * combinations stay free for screen readers and input methods. */
export function zoomKey(event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey">): ZoomKey | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (event.key === "=" || event.key === "+" || event.code === "NumpadAdd") return "in";
  if (event.key === "-" || event.key === "_" || event.code === "NumpadSubtract") return "out";
  if (event.key === "0" || event.code === "Numpad0" || event.code === "Digit0") return "reset";
  return null;
}

/** The zoom after `key`. */
export function nextZoom(current: number, key: ZoomKey): number {
  return key === "reset" ? DEFAULT_ZOOM : stepZoom(current, key === "in" ? 1 : -1);
}
