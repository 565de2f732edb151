//! The splitter's keyboard: each key moves on from the last, even before the new size is rendered.

import { fireEvent, render, screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { Splitter } from "./Splitter";

test("arrow keys pressed faster than the pane re-renders each move the splitter on", () => {
  const onChange = vi.fn();
  // The size given stays 256: the keys come before the parent renders the new one.
  render(<Splitter label="Resize" value={256} min={180} max={480} direction={1} onChange={onChange} />);
  const splitter = screen.getByRole("separator", { name: "Resize" });
  for (let i = 0; i < 3; i++) fireEvent.keyDown(splitter, { key: "ArrowRight" });
  fireEvent.keyDown(splitter, { key: "ArrowLeft", shiftKey: true });
  expect(onChange.mock.calls.map(([v]) => v)).toEqual([272, 288, 304, 240]);
  fireEvent.keyDown(splitter, { key: "End" });
  fireEvent.keyDown(splitter, { key: "ArrowRight" });
  expect(onChange).toHaveBeenLastCalledWith(480);
});

test("a new size from the parent is where the keys start from", () => {
  const onChange = vi.fn();
  const { rerender } = render(
    <Splitter label="Resize" value={256} min={180} max={480} direction={-1} onChange={onChange} />,
  );
  rerender(<Splitter label="Resize" value={300} min={180} max={480} direction={-1} onChange={onChange} />);
  fireEvent.keyDown(screen.getByRole("separator", { name: "Resize" }), { key: "ArrowRight" });
  expect(onChange).toHaveBeenLastCalledWith(284);
});
