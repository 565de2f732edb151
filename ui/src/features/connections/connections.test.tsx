//! The Connections and Settings areas over the fake backend: add with a wrong secret and see
//! invalid_client, correct it and see the scopes and each service; the secret never comes
//! back; sync with progress and cancel; removing and resetting keep unsent gradebook changes
//! until the user discards them; offline in the status bar; Ctrl+R, Ctrl+, and F1; the
//! theme setting.

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../../backend/mock";
import { MOCK_SECRET } from "../../backend/mock/connections";
import { data, renderApp } from "../../test/fixtures";

async function openConnections(user: ReturnType<typeof userEvent.setup>) {
  const areas = screen.getByRole("navigation", { name: "Areas" });
  await user.click(within(areas).getByRole("button", { name: "Connections" }));
}

async function addConnection(user: ReturnType<typeof userEvent.setup>, secret: string) {
  await user.click(screen.getByRole("button", { name: "Add connection" }));
  const form = screen.getByRole("form", { name: "Add a connection" });
  await user.type(within(form).getByLabelText("Name"), "District");
  const base = within(form).getByLabelText("Base URL");
  await user.clear(base);
  await user.type(base, "https://district.example");
  await user.type(within(form).getByLabelText("Client id"), "app");
  await user.type(within(form).getByLabelText("Client secret"), secret);
  await user.click(within(form).getByRole("button", { name: "Save" }));
  await screen.findByRole("heading", { name: "District" });
}

describe("the Connections area", () => {
  it("shows invalid_client for a wrong secret, then the scopes and each service once corrected", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, "wrong");
    await user.click(screen.getByRole("button", { name: "Test" }));
    const result = await screen.findByRole("region", { name: "Test result" });
    expect(result).toHaveTextContent("invalid_client");

    await user.click(screen.getByRole("button", { name: "Edit" }));
    const form = screen.getByRole("form", { name: "Edit District" });
    const secret = within(form).getByLabelText("Client secret");
    expect(secret).toHaveValue("");
    await user.type(secret, MOCK_SECRET);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await user.click(await screen.findByRole("button", { name: "Test" }));
    await waitFor(() => expect(screen.getByLabelText("Granted scopes")).toHaveTextContent("roster-core.readonly"));
    const checks = screen.getByRole("table");
    expect(within(checks).getAllByText(/Answers/)).toHaveLength(3);
    expect(checks).toHaveTextContent("unauthorisedrequest");
    // What the backend was sent never comes back in any answer.
    const list = await backend.connectionsList();
    expect(JSON.stringify(list)).not.toContain(MOCK_SECRET);
  });

  it("tests the form as typed before saving, and picks the CA certificate from a dialog", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await openConnections(user);
    await user.click(screen.getByRole("button", { name: "Add connection" }));
    const form = screen.getByRole("form", { name: "Add a connection" });
    await user.type(within(form).getByLabelText("Name"), "District");
    await user.type(within(form).getByLabelText("Client id"), "app");
    await user.type(within(form).getByLabelText("Client secret"), "wrong");
    await user.click(within(form).getByRole("button", { name: "Test" }));
    expect(await within(form).findByRole("region", { name: "Test result" })).toHaveTextContent("invalid_client");

    await user.clear(within(form).getByLabelText("Client secret"));
    await user.type(within(form).getByLabelText("Client secret"), MOCK_SECRET);
    await user.click(within(form).getByRole("button", { name: "Test" }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Granted scopes")).toHaveTextContent("roster-core.readonly"),
    );
    // Testing saved nothing.
    expect((await backend.connectionsList()).connections.map((c) => c.name)).not.toContain("District");

    backend.files.openAnswer = ["/etc/district/ca.pem"];
    await user.click(within(form).getByRole("button", { name: "Choose…" }));
    await waitFor(() => expect(within(form).getByLabelText("CA certificate")).toHaveValue("/etc/district/ca.pem"));
    expect(
      backend.calls.some((c) => c.command === "choose_open" && JSON.stringify(c.args).includes("certificate")),
    ).toBe(true);
    // The field shows the file; it cannot be typed into (a typed path is never read).
    expect(within(form).getByLabelText("CA certificate")).toHaveAttribute("readonly");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(backend.calls.some((c) => c.command === "connection_save")).toBe(true));
    const saved = backend.calls.find((c) => c.command === "connection_save")?.args as { form: { caCert: string } };
    expect(saved.form.caCert).toBe("read-1");
  });

  it("syncs with a bar per collection, says when each last synced, and says offline", async () => {
    // Long enough between progress messages that the bars are still drawn when looked for on a
    // loaded machine (at 5 ms a whole sync could end before the first look).
    const backend = createMemoryBackend(data(), { progressDelay: 50 });
    await renderApp(backend);
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, MOCK_SECRET);
    await user.click(screen.getByRole("button", { name: "Make active" }));
    await waitFor(() =>
      expect(screen.getByRole("contentinfo", { name: "Status bar" })).toHaveTextContent("Connection: District"),
    );
    await user.click(screen.getByRole("button", { name: "Sync now" }));
    await screen.findByRole("progressbar", { name: "users" }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole("region", { name: "Sync" })).toHaveTextContent("Last sync: 5 synced"), {
      timeout: 10_000,
    });
    expect(screen.queryByRole("progressbar")).toBeNull();
    const table = await screen.findByRole("table", { name: "Collections as last synced" });
    expect(within(table).getByText("users").closest("tr")).toHaveTextContent("512");

    backend.setOffline(true);
    fireEvent.keyDown(window, { key: "r", ctrlKey: true });
    await waitFor(() => expect(screen.getByRole("contentinfo", { name: "Status bar" })).toHaveTextContent("Offline"));
    expect(screen.getByRole("region", { name: "Sync" })).toHaveTextContent(/Offline — the server cannot be reached/);
    expect(within(table).getByText("users").closest("tr")).not.toHaveTextContent("never complete");
  });

  it("offers to set the built-in sandbox's damaged data aside when its sync cannot start it", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, MOCK_SECRET);
    backend.failNext("sync_connection", {
      code: "sandbox_data",
      message: "the built-in sandbox cannot start: its data in /data/sandbox/sandbox.sqlite: file is not a database",
      detail: null,
    });
    await user.click(screen.getByRole("button", { name: "Sync now" }));
    const sync = screen.getByRole("region", { name: "Sync" });
    const setAside = await within(sync).findByRole("button", { name: "Set the data aside and start fresh" });
    expect(sync).toHaveTextContent("The built-in sandbox's data cannot be read");
    await user.click(setAside);
    await waitFor(() => expect(sync).toHaveTextContent("Last sync: 5 synced"), { timeout: 10_000 });
    const calls = backend.calls.map((c) => c.command);
    expect(calls.indexOf("sandbox_set_data_aside")).toBeGreaterThan(-1);
    // Then a full sync, which starts the sandbox on fresh demo data.
    const last = backend.calls.filter((c) => c.command === "sync_connection").at(-1);
    expect(last?.args).toEqual({ name: "District", full: true });
  });

  it("cancels a running sync and keeps the last complete time", async () => {
    const backend = createMemoryBackend(data(), { progressDelay: 5 });
    await renderApp(backend);
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, MOCK_SECRET);
    await user.click(screen.getByRole("button", { name: "Sync now" }));
    await user.click(await screen.findByRole("button", { name: "Cancel sync" }));
    await waitFor(() => expect(screen.getByRole("region", { name: "Sync" })).toHaveTextContent(/cancelled/));
    expect(backend.calls.some((c) => c.command === "cancel" && c.args.task === "sync:District")).toBe(true);
  });

  it("says what to do with no connection, and duplicates and removes", async () => {
    await renderApp();
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, MOCK_SECRET);
    await user.click(screen.getByRole("button", { name: "Duplicate" }));
    await screen.findByRole("heading", { name: "District (copy)" });
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("option", { name: /District \(copy\)/ })).toBeNull());
  });

  it("never removes a connection's unsent gradebook changes unless told to discard them", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await openConnections(user);
    await addConnection(user, MOCK_SECRET);
    await backend.gradebookPut("District", "categories", { sourcedId: "k9", title: "Projects" }, "Projects");

    await user.click(screen.getByRole("button", { name: "Remove" }));
    const confirm = screen.getByRole("alertdialog", { name: "Remove the connection" });
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(/1 unsent gradebook change would be lost \(1 to "District"\)/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "District" })).toBeInTheDocument();
    expect(await backend.gradebookUnsent()).toEqual([{ connection: "District", count: 1 }]);

    await user.click(within(confirm).getByRole("button", { name: "Discard the unsent changes and remove" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "District" })).toBeNull());
    const removals = backend.calls.filter((c) => c.command === "connection_remove");
    expect(removals.map((c) => c.args.discardUnsent)).toEqual([false, true]);
    expect(await backend.gradebookUnsent()).toEqual([]);
  });

  it("empties the cache only once unsent gradebook changes may be discarded", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    await backend.gradebookPut("Built-in sandbox", "categories", { sourcedId: "k9", title: "Projects" }, "Projects");
    fireEvent.keyDown(window, { key: ",", ctrlKey: true });
    await user.click(await screen.findByRole("button", { name: "Reset the cache…" }));
    const confirm = screen.getByRole("alertdialog", { name: "Reset the cache?" });
    await user.click(within(confirm).getByRole("button", { name: "Empty the cache" }));
    expect(await screen.findByText(/1 unsent gradebook change would be lost/)).toBeInTheDocument();
    expect(screen.queryByText("The cache is empty. Sync a connection to fill it again.")).toBeNull();
    await user.click(within(confirm).getByRole("button", { name: "Discard the unsent changes and empty the cache" }));
    expect(await screen.findByText("The cache is empty. Sync a connection to fill it again.")).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.command === "reset_cache").map((c) => c.args.discardUnsent)).toEqual([
      false,
      true,
    ]);
    expect(await backend.gradebookUnsent()).toEqual([]);
  });
});

describe("the app around it", () => {
  it("opens the settings with Ctrl+, and the shortcut sheet with F1, and applies the theme", async () => {
    const { backend } = await renderApp();
    const user = userEvent.setup();
    fireEvent.keyDown(window, { key: "F1" });
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(sheet).toHaveTextContent("Ctrl+R");
    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.keyDown(window, { key: ",", ctrlKey: true });
    const form = await screen.findByRole("form", { name: "App settings" });
    await user.selectOptions(within(form).getByLabelText("Theme"), "dark");
    const pageSize = within(form).getByLabelText("Records per page");
    await user.clear(pageSize);
    await user.type(pageSize, "250");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("dark"));
    expect((await backend.settingsLoad()).pageSize).toBe(250);

    // Out of bounds: the form does not send it.
    await user.clear(pageSize);
    await user.type(pageSize, "0");
    expect((pageSize as HTMLInputElement).validity.valid).toBe(false);
    await user.selectOptions(within(form).getByLabelText("Theme"), "system");
    await user.clear(pageSize);
    await user.type(pageSize, "100");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeUndefined());
  });
});
