//! A vertical splitter between two panes: drag it, or focus it and use the arrow keys.

import type { KeyboardEvent, PointerEvent } from "react";

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  /** +1 when dragging right widens the pane, -1 when it narrows it. */
  direction: 1 | -1;
  onChange: (value: number) => void;
}

/** The splitter (role=separator). */
export function Splitter({ label, value, min, max, direction, onChange }: Props) {
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(min, v)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const startX = event.clientX;
    const start = value;
    const target = event.currentTarget;
    target.setPointerCapture?.(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onChange(clamp(start + direction * (e.clientX - startX)));
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 64 : 16;
    if (event.key === "ArrowLeft") onChange(clamp(value - direction * step));
    else if (event.key === "ArrowRight") onChange(clamp(value + direction * step));
    else if (event.key === "Home") onChange(min);
    else if (event.key === "End") onChange(max);
    else return;
    event.preventDefault();
  };
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
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
