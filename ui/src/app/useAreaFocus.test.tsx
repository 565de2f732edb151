//! The focus when the shown area changes: a focus that went with the hidden area goes to the new
//! area's main pane, and one the user still sees stays.

import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { expect, test } from "vitest";

import { useAreaFocus } from "./useAreaFocus";

function Areas() {
  const [area, setArea] = useState("rosters");
  useAreaFocus(area);
  return (
    <>
      <nav>
        <button type="button" onClick={() => setArea(area === "rosters" ? "gradebook" : "rosters")}>
          Switch
        </button>
      </nav>
      <div data-area="rosters" hidden={area !== "rosters"}>
        <main aria-label="Roster">
          <button type="button" onClick={() => setArea("gradebook")}>
            Open gradebook
          </button>
        </main>
      </div>
      <div data-area="gradebook" hidden={area !== "gradebook"}>
        <main aria-label="Gradebook">
          <h2>Results of Algebra</h2>
        </main>
      </div>
    </>
  );
}

test("a button that hides its own area leaves the focus on the new area's main pane", () => {
  render(<Areas />);
  const open = screen.getByRole("button", { name: "Open gradebook" });
  open.focus();
  fireEvent.click(open);
  expect(document.activeElement).toBe(screen.getByRole("main", { name: "Gradebook" }));
  // Not a Tab stop: focusable by script only.
  expect(document.activeElement?.getAttribute("tabindex")).toBe("-1");
});

test("a focus the user still sees (the rail's button) stays where it is", () => {
  render(<Areas />);
  const rail = screen.getByRole("button", { name: "Switch" });
  rail.focus();
  fireEvent.click(rail);
  expect(document.activeElement).toBe(rail);
});
