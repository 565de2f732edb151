//! First launch: one labelled progress bar per stage while `app_start` runs, then the explorer
//! with the built-in sandbox's Demo framework open; a failure says what to do and can be retried.

import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { App } from "../../app/App";
import { createMemoryBackend, type MemoryBackend } from "../../backend/mock";
import type { Progress } from "../../bindings/Progress";
import type { StartReport } from "../../bindings/StartReport";
import { data, row, frameworkButton } from "../../test/fixtures";

function gated(backend: MemoryBackend) {
  let send: (p: Progress) => void = () => undefined;
  let finish: (report: StartReport) => void = () => undefined;
  backend.appStart = (onProgress) => {
    send = onProgress;
    return new Promise<StartReport>((resolve) => {
      finish = resolve;
    });
  };
  return {
    send: (p: Progress) => act(() => send(p)),
    finish: (r: StartReport) => act(() => finish(r)),
  };
}

/** The error view's alert (the window's assertive live region is an alert too). */
function errorView(): Promise<HTMLElement> {
  return waitFor(() => {
    const view = screen.getAllByRole("alert").find((a) => a.classList.contains("error-view"));
    if (!view) throw new Error("no error view yet");
    return view;
  });
}

describe("first launch", () => {
  it("shows a progress bar per stage, then opens the Demo framework", async () => {
    const backend = createMemoryBackend(data(null, true));
    const start = gated(backend);
    render(<App backend={backend} />);
    // A start that is quickly done never flashes a screen; a slower one says what it does.
    expect(screen.queryByText("Opening the cache…")).toBeNull();
    expect(await screen.findByText("Opening the cache…")).toBeInTheDocument();
    start.send({ task: "sync", stage: "CFDocuments", done: 0, total: 2 });
    start.send({ task: "sync", stage: "CFItems", done: 120, total: 480 });
    start.send({ task: "sync", stage: "CFDocuments", done: 2, total: 2 });
    const docs = await screen.findByRole("progressbar", { name: "CFDocuments" });
    expect(docs).toHaveAttribute("aria-valuenow", "2");
    expect(docs).toHaveAttribute("aria-valuemax", "2");
    const items = screen.getByRole("progressbar", { name: "CFItems" });
    expect(items).toHaveAttribute("aria-valuenow", "120");
    expect(items).toHaveAttribute("aria-valuemax", "480");
    expect(screen.getAllByRole("progressbar")).toHaveLength(2);
    start.send({ task: "sync", stage: "users", done: 7, total: null });
    const users = await screen.findByRole("progressbar", { name: "users" });
    expect(users).not.toHaveAttribute("aria-valuemax");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(backend.calls.some((c) => c.command === "cancel" && c.args.task === "sync")).toBe(true);

    start.finish({ firstLaunch: true, session: null });
    await waitFor(() => expect(screen.getByRole("tree", { name: "Framework tree" })).toBeInTheDocument());
    expect(row("1")).toBeInTheDocument();
    expect(frameworkButton("Test Demo Framework")).toHaveAttribute("aria-current", "true");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says what went wrong and starts again on Try again", async () => {
    const backend = createMemoryBackend(data(null, true));
    backend.failNext("app_start", {
      code: "server",
      message: "the sandbox refused the token request",
      detail: {
        httpStatus: 401,
        status: {
          codeMajor: "failure",
          severity: "error",
          codeMinor: "unauthorisedrequest",
          description: "bad client",
        },
        transport: null,
        text: null,
      },
    });
    render(<App backend={backend} />);
    const alert = await errorView();
    expect(alert).toHaveTextContent("The server refused");
    expect(alert).toHaveTextContent("the sandbox refused the token request");
    const user = userEvent.setup();
    await user.click(within(alert).getByText("Details from the server"));
    expect(within(alert).getByText("unauthorisedrequest")).toBeVisible();
    expect(within(alert).getByText("401")).toBeVisible();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("tree", { name: "Framework tree" })).toBeInTheDocument());
  });

  it("offers to set a damaged sandbox database aside, says where it went, and starts fresh", async () => {
    const backend = createMemoryBackend(data(null, true));
    const damaged = "/data/sandbox/sandbox.sqlite";
    backend.failNext("app_start", {
      code: "sandbox_data",
      message: `the built-in sandbox cannot start: its data in ${damaged}: file is not a database`,
      detail: null,
    });
    // The second start held, to read what the screen says while it runs.
    const first = backend.appStart.bind(backend);
    let attempts = 0;
    let start: ReturnType<typeof gated> | null = null;
    backend.appStart = (onProgress) => {
      attempts += 1;
      if (attempts === 1) return first(onProgress);
      const held = gated(backend);
      start = held;
      return backend.appStart(onProgress);
    };
    render(<App backend={backend} />);
    const alert = await errorView();
    expect(alert).toHaveTextContent("The built-in sandbox's data cannot be read");
    expect(alert).toHaveTextContent(damaged);
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(alert).getByRole("button", { name: "Set the data aside and start fresh" }));
    expect(backend.calls.some((c) => c.command === "sandbox_set_data_aside")).toBe(true);
    await waitFor(() => expect(start).not.toBeNull());
    start!.send({ task: "sync", stage: "CFDocuments", done: 0, total: 2 });
    expect(
      await screen.findByText(
        "The damaged data was kept as /data/sandbox/sandbox-damaged-2026-11-30T08-00-00Z.sqlite.",
      ),
    ).toBeInTheDocument();
    start!.finish({ firstLaunch: true, session: null });
    await waitFor(() => expect(screen.getByRole("tree", { name: "Framework tree" })).toBeInTheDocument());
  });

  it("keeps the error and says why when the data cannot be set aside", async () => {
    const backend = createMemoryBackend(data(null, true));
    backend.failNext("app_start", { code: "sandbox_data", message: "its data in /x: not a database", detail: null });
    backend.failNext("sandbox_set_data_aside", {
      code: "io",
      message: "cannot set /x aside: permission denied",
      detail: null,
    });
    render(<App backend={backend} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Set the data aside and start fresh" }));
    expect(
      await screen.findByText("Nothing was set aside: cannot set /x aside: permission denied"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
