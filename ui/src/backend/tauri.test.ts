//! The Tauri wrappers at the IPC boundary (`mockIPC`): command names, camelCase arguments — each
//! wrapper's held to the command `src-tauri` declares, read from its sources — the progress
//! channel, errors as `AppError`, the events (typed by name), the opener and the web view's zoom.

import { Channel } from "@tauri-apps/api/core";
import { emit } from "@tauri-apps/api/event";
import { clearMocks, mockIPC, mockWindows } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ChosenFile } from "../bindings/ChosenFile";
import type { Progress } from "../bindings/Progress";
import type { Session } from "../bindings/Session";
import type { EventName, EventPayloads } from "./events";
import { rustCommands, uiSource } from "../test/rustCommands";
import { createTauriBackend } from "./tauri";

const KEY = { connection: "Built-in sandbox", identifier: "doc" };
const SESSION: Session = {
  framework: KEY,
  selected: "a",
  expanded: [["a"]],
  history: [],
  historyIndex: 0,
  explorations: [],
  view: null,
};

afterEach(() => clearMocks());

describe("the Tauri backend", () => {
  it("calls each command by its name with camelCase arguments", async () => {
    const seen: Array<[string, unknown]> = [];
    mockIPC((cmd, args) => {
      seen.push([cmd, args]);
      return cmd === "session_load" ? null : [];
    });
    const backend = createTauriBackend();
    await backend.listFrameworks();
    await backend.openFramework(KEY);
    await backend.treeChildren(KEY, ["a", "b"]);
    await backend.treeDescendants(KEY, "a");
    await backend.treePaths(KEY, "a");
    await backend.itemDetail(KEY, "a");
    await backend.search("fractions", 50);
    await backend.sessionLoad();
    await backend.sessionSave(SESSION);
    await backend.cancel("sync");
    expect(seen).toEqual([
      ["list_frameworks", {}],
      ["open_framework", { key: KEY }],
      ["tree_children", { key: KEY, parents: ["a", "b"] }],
      ["tree_descendants", { key: KEY, node: "a" }],
      ["tree_paths", { key: KEY, identifier: "a" }],
      ["item_detail", { key: KEY, identifier: "a" }],
      ["search", { query: "fractions", limit: 50, onProgress: expect.any(Channel) }],
      ["session_load", {}],
      ["session_save", { session: SESSION }],
      ["cancel", { task: "sync" }],
    ]);
  });

  it("sends every command by its Rust name with exactly the arguments the Rust command takes", async () => {
    const commands = await rustCommands();
    const sent = new Map<string, string[]>();
    mockIPC((cmd, args) => {
      if (!cmd.startsWith("plugin:")) sent.set(cmd, Object.keys(args ?? {}).sort());
      return null;
    });
    // Every wrapper called once, whatever it is given: only what it sends matters here.
    for (const wrapper of Object.values(createTauriBackend())) {
      if (typeof wrapper !== "function") continue;
      try {
        await (wrapper as (...args: unknown[]) => unknown)("a", "b", "c", "d", "e");
      } catch {
        // A wrapper that refuses what it was given (a link that is not http) sends nothing.
      }
    }
    const named = [...(await uiSource("backend/tauri.ts")).matchAll(/\bcall(?:<.*?>)?\(\s*"(\w+)"/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(50);
    expect([...sent.keys()].sort()).toEqual([...new Set(named)].sort());
    for (const [command, args] of sent) {
      expect(commands.has(command), `${command} is not a command of src-tauri`).toBe(true);
      expect(args, `the arguments of ${command}`).toEqual(commands.get(command));
    }
  });

  it("relays app_start's progress channel", async () => {
    mockIPC((cmd, args) => {
      expect(cmd).toBe("app_start");
      const channel = (args as { onProgress: Channel<Progress> }).onProgress;
      expect(channel).toBeInstanceOf(Channel);
      channel.onmessage({ task: "sync", stage: "CFItems", done: 3, total: 10 });
      return { firstLaunch: true, session: null };
    });
    const progress = vi.fn();
    const report = await createTauriBackend().appStart(progress);
    expect(report).toEqual({ firstLaunch: true, session: null });
    expect(progress).toHaveBeenCalledWith({ task: "sync", stage: "CFItems", done: 3, total: 10 });
  });

  it("relays import_files' progress channel", async () => {
    mockIPC((cmd, args) => {
      expect(cmd).toBe("import_files");
      const { connection, grants, force, onProgress } = args as {
        connection: string;
        grants: string[];
        force: boolean;
        onProgress: Channel<Progress>;
      };
      expect([connection, grants, force]).toEqual(["files", ["read-1"], false]);
      onProgress.onmessage({ task: "import", stage: "/tmp/users", done: 1000, total: null });
      return { connection, files: [{ path: "/tmp/users", records: 1500, warnings: 0 }] };
    });
    const progress = vi.fn();
    const summary = await createTauriBackend().importFiles("files", ["read-1"], false, progress);
    expect(summary.files.map((f) => f.records)).toEqual([1500]);
    expect(progress).toHaveBeenCalledWith({ task: "import", stage: "/tmp/users", done: 1000, total: null });
  });

  it("rejects with an AppError, as sent or made from a bare message", async () => {
    const appError = { code: "not_found", message: "no framework doc", detail: null };
    mockIPC((cmd) => {
      if (cmd === "open_framework") throw appError;
      throw "the command panicked";
    });
    const backend = createTauriBackend();
    await expect(backend.openFramework(KEY)).rejects.toEqual(appError);
    await expect(backend.listFrameworks()).rejects.toEqual({
      code: "internal",
      message: "the command panicked",
      detail: null,
    });
  });

  it("listens to cache-changed until stopped", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const heard: string[] = [];
    const stop = createTauriBackend().onCacheChanged((connection) => heard.push(connection));
    await vi.waitFor(async () => {
      await emit("cache-changed", { connection: "Built-in sandbox" });
      expect(heard).toContain("Built-in sandbox");
    });
    stop();
    await new Promise((r) => setTimeout(r, 0));
    const before = heard.length;
    await emit("cache-changed", { connection: "Other" });
    expect(heard.length).toBe(before);
  });

  it("hands each event's payload, as the backend sends it, to its listener", async () => {
    mockIPC(() => null, { shouldMockEvents: true });
    const backend = createTauriBackend();
    const unsent: number[] = [];
    const dropped: ChosenFile[][] = [];
    const stops = [
      backend.onCloseRequested((n) => unsent.push(n)),
      backend.onFilesDropped((files) => dropped.push(files)),
    ];
    const file: ChosenFile = { grant: "g1", path: "/home/me/users.csv", name: "users.csv" };
    const events: { [N in EventName]?: EventPayloads[N] } = {
      "close-requested": { unsent: 3 },
      "files-dropped": [file],
    };
    await vi.waitFor(async () => {
      for (const [name, payload] of Object.entries(events)) await emit(name, payload);
      expect(unsent).toContain(3);
      expect(dropped).toContainEqual([file]);
    });
    for (const stop of stops) stop();
  });

  it("types each event's payload by its name (tsc checks the expected errors)", () => {
    const changed: EventPayloads["cache-changed"] = { connection: "District" };
    // @ts-expect-error: a cache change carries a connection, not a count
    const wrong: EventPayloads["cache-changed"] = { unsent: 1 };
    // @ts-expect-error: the backend sends no event of that name
    const missing: EventName = "cache-changd";
    expect([changed, wrong, missing]).toHaveLength(3);
  });

  it("opens only http(s) and mailto links through the opener", async () => {
    const seen: Array<[string, unknown]> = [];
    mockIPC((cmd, args) => {
      seen.push([cmd, args]);
      return null;
    });
    const backend = createTauriBackend();
    await backend.openExternal("https://example.org/a");
    await expect(backend.openExternal("javascript:alert(1)")).rejects.toMatchObject({ code: "internal" });
    await expect(backend.openExternal("file:///etc/passwd")).rejects.toMatchObject({ code: "internal" });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toBe("plugin:opener|open_url");
    expect(seen[0]?.[1]).toMatchObject({ url: "https://example.org/a" });
  });

  it("zooms the window's own web view", async () => {
    const seen: Array<[string, unknown]> = [];
    mockWindows("main");
    mockIPC((cmd, args) => {
      seen.push([cmd, args]);
      return null;
    });
    await createTauriBackend().setZoom(2);
    expect(seen).toEqual([["plugin:webview|set_webview_zoom", { label: "main", value: 2 }]]);
  });
});
