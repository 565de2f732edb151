//! The error display shows the server's status object as sent, and how a request that did
//! not complete failed.

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { ErrorView } from "./ErrorView";

describe("ErrorView", () => {
  it("shows the status object as the server sent it", async () => {
    render(
      <ErrorView
        error={{
          code: "sync",
          message: "the built-in sandbox could not be synced",
          detail: {
            httpStatus: 403,
            status: { codeMajor: "failure", severity: "error", codeMinor: "forbidden", description: "not for you" },
            transport: null,
            text: "classes: getAllClasses: HTTP 403",
          },
        }}
      />,
    );
    const alert = screen.getByRole("alert");
    await userEvent.setup().click(within(alert).getByText("Details from the server"));
    for (const text of ["403", "failure", "error", "forbidden", "not for you"]) {
      expect(within(alert).getByText(text)).toBeVisible();
    }
  });

  it("says a request timed out", async () => {
    render(
      <ErrorView
        error={{
          code: "offline",
          message: "token: timed out: operation timed out",
          detail: { httpStatus: null, status: null, transport: "timeout", text: null },
        }}
      />,
    );
    const alert = screen.getByRole("alert");
    await userEvent.setup().click(within(alert).getByText("Details from the server"));
    expect(within(alert).getByText("Connection")).toBeVisible();
    expect(within(alert).getByText(/timed out: no answer in time/)).toBeVisible();
  });
});
