//! The window's commands as `src-tauri` declares them, read from its sources: each
//! `#[tauri::command]` function's name and the arguments the web view passes it (Tauri's
//! camelCase names; what Tauri injects — state, window, app handle, request — left out). The
//! tests of the TypeScript wrappers compare what they send with this, so that a wrapper and
//! its command cannot disagree unseen.

/** Types Tauri fills in itself: no argument from the web view. */
const INJECTED = new Set([
  "State",
  "Window",
  "WebviewWindow",
  "Webview",
  "AppHandle",
  "Request",
  "CommandScope",
  "GlobalScope",
]);

/** `snake_case` as Tauri names it to the web view. */
function camel(name: string): string {
  return name.replace(/^r#/, "").replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The parameters of a signature, split at the commas outside `<...>` and `(...)`. */
function parameters(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "<" || ch === "(" || ch === "[") depth += 1;
    if (ch === ">" || ch === ")" || ch === "]") depth -= 1;
    if (ch === "," && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** The arguments the web view gives a command declared with `list`. */
function argumentsOf(list: string): string[] {
  return parameters(list)
    .map((p) => {
      const colon = p.indexOf(":");
      const name = p
        .slice(0, colon)
        .trim()
        .replace(/^mut\s+/, "");
      const type = p.slice(colon + 1).trim();
      const head = type.replace(/^&/, "").split("<")[0]?.split("::").pop() ?? "";
      return { name, head };
    })
    .filter(({ head }) => !INJECTED.has(head))
    .map(({ name }) => camel(name))
    .sort();
}

const COMMAND = /#\[tauri::command\]\s*pub\s+(?:async\s+)?fn\s+(\w+)\s*(?:<[^(]*>)?\s*\(([^{]*?)\)\s*(?:->[^{]*)?\{/g;

/** Every command in `sources` (file texts) with its arguments, sorted. */
export function commandsIn(sources: string[]): Map<string, string[]> {
  const commands = new Map<string, string[]>();
  for (const source of sources) {
    for (const match of source.matchAll(COMMAND)) {
      const [, name, list] = match;
      if (name !== undefined) commands.set(name, argumentsOf(list ?? ""));
    }
  }
  return commands;
}

/** A file's text through Node (the tests run in it; the UI's types do not know Node). */
async function node(): Promise<{
  readFileSync(path: string, encoding: "utf8"): string;
  readdirSync(path: string): string[];
}> {
  const fs: string = "node:fs";
  return (await import(/* @vite-ignore */ fs)) as never;
}

/** The file path of `relative` to this file. */
function here(relative: string): string {
  return decodeURIComponent(new URL(relative, import.meta.url).pathname);
}

/** The commands `src-tauri/src/` declares. */
export async function rustCommands(): Promise<Map<string, string[]>> {
  const fs = await node();
  const folder = here("../../../src-tauri/src/");
  const files = fs.readdirSync(folder).filter((name) => name.endsWith(".rs"));
  return commandsIn(files.map((name) => fs.readFileSync(folder + name, "utf8")));
}

/** A file of the UI's sources, by its path from `ui/src/`. */
export async function uiSource(path: string): Promise<string> {
  const fs = await node();
  return fs.readFileSync(here(`../${path}`), "utf8");
}
