//! The announcer: its regions are there before any message, polite and assertive apart, and a
//! message said again is put in again (so it is read again); focus never moves.

import { act, render, screen } from "@testing-library/react";
import { expect, test } from "vitest";

import { LiveRegions, announce } from "./announcer";

test("announces politely or assertively, without moving focus", () => {
  render(
    <>
      <button type="button">here</button>
      <LiveRegions />
    </>,
  );
  const button = screen.getByRole("button", { name: "here" });
  button.focus();
  const status = screen.getByRole("status");
  const alert = screen.getByRole("alert");
  expect(status).toHaveAttribute("aria-live", "polite");
  expect(alert).toHaveAttribute("aria-live", "assertive");
  expect(status.textContent).toBe("");
  act(() => announce("3 sent"));
  expect(status).toHaveTextContent("3 sent");
  const first = status.firstElementChild;
  act(() => announce("3 sent"));
  expect(status.firstElementChild).not.toBe(first);
  act(() => announce("Not saved: below the minimum", "assertive"));
  expect(alert).toHaveTextContent("Not saved: below the minimum");
  expect(status).toHaveTextContent("3 sent");
  expect(button).toHaveFocus();
});
