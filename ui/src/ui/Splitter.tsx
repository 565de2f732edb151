//! A splitter between two panes — side by side (`vertical`, the default) or stacked
//! (`horizontal`): drag it, or focus it and use the arrow keys, Home and End.

import { useRef, type KeyboardEvent, type PointerEvent } from "react";

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  /** +1 when dragging right (or down) grows the pane, -1 when it shrinks it. */
  direction: 1 | -1;
  /** `vertical`: a line between panes side by side; `horizontal`: between stacked panes. */
  orientation?: "vertical" | "horizontal";
  onChange: (value: number) => void;
}

/** The splitter (role=separator). */
export function Splitter({ label, value, min, max, direction, orientation = "vertical", onChange }: Props) {
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(min, v)));
  // Keys pressed faster than React renders (a held arrow key) each move on from the last.
  const latest = useRef(value);
  const given = useRef(value);
  if (given.current !== value) {
    given.current = value;
    latest.current = value;
  }
  const change = (next: number) => {
    latest.current = next;
    onChange(next);
  };
  const across = orientation === "vertical";
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const startAt = across ? event.clientX : event.clientY;
    const start = value;
    const target = event.currentTarget;
    target.setPointerCapture?.(event.pointerId);
    const move = (e: globalThis.PointerEvent) =>
      onChange(clamp(start + direction * ((across ? e.clientX : e.clientY) - startAt)));
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 64 : 16;
    const [less, more] = across ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
    if (event.key === less) change(clamp(latest.current - direction * step));
    else if (event.key === more) change(clamp(latest.current + direction * step));
    else if (event.key === "Home") change(min);
    else if (event.key === "End") change(max);
    else return;
    event.preventDefault();
  };
  return (
    <div
      className={`splitter ${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
