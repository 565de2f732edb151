//! A backend over in-memory frameworks that answers every command like the Rust side: used by
//! the tests (the fake at `ui/src/backend/`) and by `?mock=1` in a plain browser.

import type { AppError } from "../../bindings/AppError";
import type { AssociationGroup } from "../../bindings/AssociationGroup";
import type { AssociationTypeInfo } from "../../bindings/AssociationTypeInfo";
import type { Children } from "../../bindings/Children";
import type { Crumb } from "../../bindings/Crumb";
import type { FrameworkGroup } from "../../bindings/FrameworkGroup";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { ItemDetail } from "../../bindings/ItemDetail";
import type { MapRow } from "../../bindings/MapRow";
import type { OutboxItem } from "../../bindings/OutboxItem";
import type { SearchHit } from "../../bindings/SearchHit";
import type { Segment } from "../../bindings/Segment";
import type { Session } from "../../bindings/Session";
import type { TreeRow } from "../../bindings/TreeRow";
import type { Backend } from "../Backend";
import DEFINED_TYPES from "./associationTypes.json";
import type { MockData, MockFramework, MockNode } from "./dataset";
import { crosswalk, groupingTree, neighbourhood, progressions, versionDiff } from "./relations";
import { connectionMethods } from "./connections";
import { type MockFiles, fileMethods } from "./files";
import { gradebookMethods } from "./gradebook";
import { rosterMethods } from "./roster";

/** A recorded command call. */
export interface MockCall {
  command: string;
  args: Record<string, unknown>;
}

/** The fake backend, with what tests need to drive and inspect it. */
export interface MemoryBackend extends Backend {
  calls: MockCall[];
  saved: Session[];
  opened: string[];
  /** The fake dialogs, files written and dropped. */
  files: MockFiles;
  emitCacheChanged(connection: string): void;
  /** Asks the window to close with `unsent` gradebook changes, as the shell does. */
  emitCloseRequested(unsent: number): void;
  /** Makes the next call of `command` fail with `error`. */
  failNext(command: string, error: AppError): void;
  /** Makes the fake's server unreachable (or reachable again). */
  setOffline(offline: boolean): void;
}

interface Indexed {
  fw: MockFramework;
  nodes: Map<string, MockNode>;
  children: Map<string, string[]>;
  parents: Map<string, string[]>;
  reachable: Set<string>;
  cyclic: Set<string>;
  subtree: Map<string, number>;
}

function index(fw: MockFramework): Indexed {
  const nodes = new Map<string, MockNode>([[fw.document.identifier, fw.document]]);
  for (const item of fw.items) nodes.set(item.identifier, item);
  const children = new Map<string, string[]>();
  const parents = new Map<string, string[]>();
  for (const [parent, child] of fw.edges) {
    children.set(parent, [...(children.get(parent) ?? []), child]);
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  }
  const reachable = new Set<string>();
  const stack = [fw.document.identifier];
  while (stack.length > 0) {
    const node = stack.pop() as string;
    if (reachable.has(node)) continue;
    reachable.add(node);
    stack.push(...(children.get(node) ?? []));
  }
  const cyclic = new Set((fw.cycles ?? []).flat());
  return { fw, nodes, children, parents, reachable, cyclic, subtree: new Map() };
}

function notFound(message: string): AppError {
  return { code: "not_found", message, detail: null };
}

function subtreeCount(ix: Indexed, node: string): number {
  const known = ix.subtree.get(node);
  if (known !== undefined) return known;
  const seen = new Set<string>([node]);
  const stack = [...(ix.children.get(node) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(ix.children.get(next) ?? []));
  }
  ix.subtree.set(node, seen.size - 1);
  return seen.size - 1;
}

function row(ix: Indexed, id: string): TreeRow {
  const node = ix.nodes.get(id);
  const kids = ix.children.get(id) ?? [];
  return {
    identifier: id,
    humanCodingScheme: node?.code ?? null,
    statement: node?.statement ?? id,
    kind: node?.kind ?? "unknown",
    childCount: kids.length,
    subtreeCount: kids.length === 0 ? 0 : subtreeCount(ix, id),
    multiParent: (ix.parents.get(id) ?? []).length > 1,
    cyclic: ix.cyclic.has(id),
  };
}

function pathsUp(ix: Indexed, id: string, limit = 64): string[][] {
  const doc = ix.fw.document.identifier;
  const out: string[][] = [];
  const walk = (node: string, below: string[]) => {
    if (out.length >= limit) return;
    const ps = (ix.parents.get(node) ?? []).filter((p) => !below.includes(p));
    const path = [node, ...below];
    if (ps.length === 0 || ps.includes(doc)) {
      if (ps.includes(doc) || !ix.reachable.has(node)) out.push(path);
      if (ps.length === 0) return;
    }
    for (const p of ps) if (p !== doc) walk(p, path);
  };
  walk(id, []);
  return out;
}

/** The CFDocument's `language` of `fw`, as given, or null. */
function documentLanguage(fw: MockFramework): string | null {
  const record = fw.document.record;
  return record && typeof record === "object" && !Array.isArray(record) && typeof record.language === "string"
    ? record.language
    : null;
}

function label(node: MockNode | undefined, id: string): string {
  if (!node) return id;
  if (node.kind === "document") return node.statement;
  return node.code ? `${node.code} ${node.statement}` : node.statement;
}

/** Splits `text` into the words that match one of `words` (by prefix) and the rest. */
export function highlight(text: string, words: string[]): Segment[] {
  const segments: Segment[] = [];
  const re = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    const hit = words.some((w) => m[0].toLowerCase().startsWith(w));
    if (!hit) continue;
    if (start > last) segments.push({ text: text.slice(last, start), hit: false });
    segments.push({ text: m[0], hit: true });
    last = start + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), hit: false });
  return segments;
}

/** Options of the fake. */
export interface MemoryOptions {
  /** Milliseconds between progress messages at start (0 in tests). */
  progressDelay?: number;
  /** Milliseconds each answer takes (0 in tests). */
  latency?: number;
  /** Whether the roster's connection holds the demographics scope (default yes). */
  rosterDemographics?: boolean;
}

/** A backend serving `data`. */
export function createMemoryBackend(data: MockData, options: MemoryOptions = {}): MemoryBackend {
  const frameworks = new Map<string, Indexed>();
  const keyOf = (key: FrameworkKey) => `${key.connection}\u001f${key.identifier}`;
  for (const fw of data.frameworks) frameworks.set(keyOf(fw.key), index(fw));
  const listeners = new Set<(connection: string) => void>();
  const closeListeners = new Set<(unsent: number) => void>();
  const failures = new Map<string, AppError>();
  let session: Session | null = data.session ?? null;
  const calls: MockCall[] = [];
  const saved: Session[] = [];
  const opened: string[] = [];
  const cancelledTasks = new Set<string>();
  let offline = false;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  /** The gradebook's outbox, shared with the connections' removal and the cache's reset. */
  const outbox: OutboxItem[] = [];

  async function answer<T>(command: string, args: Record<string, unknown>, run: () => T | Promise<T>): Promise<T> {
    calls.push({ command, args });
    if (options.latency) await sleep(options.latency);
    else await Promise.resolve();
    const failure = failures.get(command);
    if (failure) {
      failures.delete(command);
      throw failure;
    }
    return run();
  }

  function framework(key: FrameworkKey): Indexed {
    const ix = frameworks.get(keyOf(key));
    if (!ix) throw notFound(`the framework ${key.identifier} is not in the cache of ${key.connection}`);
    return ix;
  }

  function node(ix: Indexed, id: string): MockNode {
    const found = ix.nodes.get(id);
    if (!found) throw notFound(`no node ${id} in the framework ${ix.fw.title}`);
    return found;
  }

  function associations(ix: Indexed, id: string): AssociationGroup[] {
    const groups: AssociationGroup[] = [];
    const add = (type: string, direction: "outgoing" | "incoming", link: AssociationGroup["links"][number]) => {
      let group = groups.find((g) => g.associationType === type && g.direction === direction);
      if (!group) {
        group = { associationType: type, direction, links: [] };
        groups.push(group);
      }
      group.links.push(link);
    };
    for (const a of ix.fw.associations ?? []) {
      if (a.from === id) {
        const local = ix.nodes.get(a.to);
        const cached = a.toKey !== undefined ? a.toKey : local ? ix.fw.key : null;
        const remoteFramework = a.toKey ? frameworks.get(keyOf(a.toKey)) : undefined;
        const remote = remoteFramework?.nodes.get(a.to);
        add(a.type, "outgoing", {
          associationIdentifier: a.identifier,
          other: {
            identifier: a.to,
            uri: a.uri ?? null,
            title: a.title ?? (local ? label(local, a.to) : remote ? label(remote, a.to) : null),
            cached,
            language: local
              ? documentLanguage(ix.fw)
              : remote && remoteFramework
                ? documentLanguage(remoteFramework.fw)
                : null,
            fetchFrom: cached ? null : (a.fetchFrom ?? null),
          },
          sequenceNumber: a.sequenceNumber ?? null,
          grouping: null,
          publishedBy: null,
        });
      }
      if (a.to === id && ix.nodes.has(a.from)) {
        add(a.type, "incoming", {
          associationIdentifier: a.identifier,
          other: {
            identifier: a.from,
            uri: null,
            title: label(ix.nodes.get(a.from), a.from),
            cached: ix.fw.key,
            language: documentLanguage(ix.fw),
            fetchFrom: null,
          },
          sequenceNumber: a.sequenceNumber ?? null,
          grouping: null,
          publishedBy: null,
        });
      }
    }
    return groups;
  }

  return {
    ...rosterMethods(answer, { demographics: options.rosterDemographics }),
    ...fileMethods(answer),
    ...connectionMethods(answer, cancelledTasks, {
      progressDelay: options.progressDelay,
      offline: () => offline,
      outbox,
    }),
    onCloseRequested(listener: (unsent: number) => void) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    closeWindow: () => answer("close_window", {}, () => undefined),
    ...gradebookMethods(
      answer,
      (connection) => {
        for (const listener of listeners) listener(connection);
      },
      outbox,
    ),
    calls,
    saved,
    opened,
    emitCloseRequested(unsent) {
      for (const listener of closeListeners) listener(unsent);
    },
    emitCacheChanged(connection) {
      for (const listener of listeners) listener(connection);
    },
    failNext(command, error) {
      failures.set(command, error);
    },
    async appStart(onProgress) {
      calls.push({ command: "app_start", args: {} });
      if (data.firstLaunch) {
        for (const p of data.progress ?? []) {
          if (options.progressDelay) await sleep(options.progressDelay);
          else await Promise.resolve();
          onProgress(p);
        }
      }
      const failure = failures.get("app_start");
      if (failure) {
        failures.delete("app_start");
        throw failure;
      }
      return { firstLaunch: data.firstLaunch, session: data.firstLaunch ? null : session };
    },
    sandboxSetDataAside: () =>
      answer("sandbox_set_data_aside", {}, () => "/data/sandbox/sandbox-damaged-2026-11-30T08-00-00Z.sqlite"),
    listFrameworks: () =>
      answer("list_frameworks", {}, () => {
        const groups: FrameworkGroup[] = [];
        for (const { fw } of frameworks.values()) {
          let group = groups.find((g) => g.connection === fw.key.connection);
          if (!group) {
            group = { connection: fw.key.connection, kind: fw.kind, frameworks: [] };
            groups.push(group);
          }
          group.frameworks.push({
            key: fw.key,
            title: fw.title,
            publisher: fw.publisher,
            version: fw.version,
            adoptionStatus: fw.adoptionStatus,
            subjects: fw.subjects,
            lastChangeDateTime: fw.lastChangeDateTime,
            itemCount: fw.items.length,
          });
        }
        for (const g of groups) g.frameworks.sort((a, b) => a.title.localeCompare(b.title));
        return groups;
      }),
    openFramework: (key) =>
      answer("open_framework", { key }, () => {
        const ix = framework(key);
        const orphans = ix.fw.items
          .filter((n) => !ix.reachable.has(n.identifier) && (ix.parents.get(n.identifier) ?? []).length === 0)
          .map((n) => row(ix, n.identifier));
        return {
          key,
          title: ix.fw.title,
          language: documentLanguage(ix.fw),
          itemCount: ix.fw.items.length,
          roots: (ix.children.get(ix.fw.document.identifier) ?? []).map((id) => row(ix, id)),
          orphans,
          cycles: ix.fw.cycles ?? [],
        };
      }),
    treeChildren: (key, parents) =>
      answer("tree_children", { key, parents }, () => {
        const ix = framework(key);
        return parents
          .filter((p) => ix.nodes.has(p))
          .map((p): Children => ({ parent: p, children: (ix.children.get(p) ?? []).map((c) => row(ix, c)) }));
      }),
    frameworkMap: (key) =>
      answer("framework_map", { key }, () => {
        const ix = framework(key);
        const rows: MapRow[] = [];
        const stack: Array<[string, number | null]> = [[ix.fw.document.identifier, null]];
        while (stack.length > 0) {
          const [id, parent] = stack.pop() as [string, number | null];
          const node = ix.nodes.get(id);
          const record = (node?.record ?? {}) as Record<string, unknown>;
          const levels = record.educationLevel;
          rows.push({
            identifier: id,
            parent,
            code: node?.code ?? null,
            label: node?.statement ?? id,
            kind: node?.kind ?? "unknown",
            descendants: (ix.children.get(id) ?? []).length === 0 ? 0 : subtreeCount(ix, id),
            itemType: typeof record.CFItemType === "string" ? record.CFItemType : null,
            educationLevels: Array.isArray(levels) ? levels.filter((l): l is string => typeof l === "string") : [],
          });
          const at = rows.length - 1;
          for (const c of [...(ix.children.get(id) ?? [])].reverse()) stack.push([c, at]);
        }
        const inTree = new Set(rows.map((r) => r.identifier));
        return {
          key,
          title: ix.fw.title,
          rows,
          leftOut: ix.fw.items.filter((n) => !inTree.has(n.identifier)).length,
          truncated: false,
        };
      }),
    treeDescendants: (key, start) =>
      answer("tree_descendants", { key, node: start }, () => {
        const ix = framework(key);
        node(ix, start);
        const out: Children[] = [];
        const seen = new Set([start]);
        const stack = [start];
        while (stack.length > 0) {
          const parent = stack.pop() as string;
          const kids = ix.children.get(parent) ?? [];
          if (kids.length === 0) continue;
          out.push({ parent, children: kids.map((c) => row(ix, c)) });
          for (const c of [...kids].reverse()) {
            if (!seen.has(c)) {
              seen.add(c);
              stack.push(c);
            }
          }
        }
        return out;
      }),
    treePaths: (key, identifier) =>
      answer("tree_paths", { key, identifier }, () => {
        const ix = framework(key);
        node(ix, identifier);
        return pathsUp(ix, identifier);
      }),
    fetchEnd: (connection, uri) =>
      answer("fetch_end", { connection, uri }, () => {
        for (const fw of frameworks.values()) {
          const found = (fw.fw.associations ?? []).find(
            (a) => a.uri === uri && a.fetchFrom === connection && a.fetched,
          );
          if (found?.fetched) return found.fetched;
        }
        throw { code: "invalid", message: `${uri} does not lie on the server of ${connection}`, detail: null };
      }),
    itemDetail: (key, identifier) =>
      answer("item_detail", { key, identifier }, (): ItemDetail => {
        const ix = framework(key);
        const found = node(ix, identifier);
        const doc = ix.fw.document;
        const crumbs = (ids: string[]): Crumb[] =>
          ids.map((id) => ({ identifier: id, label: label(ix.nodes.get(id), id) }));
        const breadcrumbs =
          identifier === doc.identifier
            ? [crumbs([doc.identifier])]
            : pathsUp(ix, identifier)
                .filter((p) => ix.reachable.has(p[0] as string))
                .map((p) => crumbs([doc.identifier, ...p]));
        return {
          key,
          identifier,
          kind: found.kind,
          title: label(found, identifier),
          record: found.record,
          breadcrumbs,
          associations: associations(ix, identifier),
        };
      }),
    search: (query, limit) =>
      answer("search", { query, limit }, () => {
        const words = query
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 0);
        if (words.length === 0) return [];
        const hits: SearchHit[] = [];
        for (const { fw } of frameworks.values()) {
          for (const item of fw.items) {
            const text = `${item.code ?? ""} ${item.statement}`.toLowerCase();
            const tokens = text.split(/[^\p{L}\p{N}]+/u);
            if (!words.every((w) => tokens.some((t) => t.startsWith(w)))) continue;
            hits.push({
              key: fw.key,
              frameworkTitle: fw.title,
              language: documentLanguage(fw),
              identifier: item.identifier,
              humanCodingScheme: item.code,
              segments: highlight(item.statement, words),
              matchedIn: null,
            });
            if (hits.length >= limit) return hits;
          }
        }
        return hits;
      }),
    relationGraph: (key, identifier, depth, limit) =>
      answer("relation_graph", { key, identifier, depth, limit }, () => {
        const ix = framework(key);
        node(ix, identifier);
        return neighbourhood(ix.fw, identifier, depth, limit);
      }),
    progressions: (key, identifier) =>
      answer("progressions", { key, identifier }, () => {
        const ix = framework(key);
        node(ix, identifier);
        return progressions(ix.fw, identifier);
      }),
    rubrics: (key) => answer("rubrics", { key }, () => framework(key).fw.rubrics ?? []),
    itemRubrics: (key, identifier) =>
      answer("item_rubrics", { key, identifier }, () =>
        (framework(key).fw.rubrics ?? []).filter((r) => r.criteria.some((c) => c.item?.identifier === identifier)),
      ),
    crosswalk: (from, to) => answer("crosswalk", { from, to }, () => crosswalk(framework(from).fw, framework(to).fw)),
    versionDiff: (old, next) =>
      answer("version_diff", { old, new: next }, () => {
        const read = (ref: typeof old) => {
          if (ref.kind === "file") throw notFound(`${ref.path}: no such file`);
          return framework(ref.key).fw;
        };
        return versionDiff(read(old), read(next));
      }),
    groupingTree: (key, groupings) =>
      answer("grouping_tree", { key, groupings }, () => groupingTree(framework(key).fw, groupings)),
    associationTypes: (key) =>
      answer("association_types", { key }, () => {
        // The defined types as the Rust side answers them (generated from it), then the framework's others.
        const types: AssociationTypeInfo[] = DEFINED_TYPES.map((t) => ({ ...t, definition: null }));
        if (!key) return types;
        const fw = framework(key).fw;
        const own = new Set(
          (fw.associations ?? []).map((a) => a.type).filter((t) => !types.some((d) => d.associationType === t)),
        );
        for (const type of [...own].sort()) {
          types.push({
            associationType: type,
            definedAs: null,
            meaning: null,
            definition: fw.typeDefinitions?.[type] ?? null,
          });
        }
        return types;
      }),
    sessionLoad: () => answer("session_load", {}, () => session),
    sessionSave: (next) =>
      answer("session_save", { session: next }, () => {
        session = next;
        saved.push(next);
      }),
    cancel: (task) =>
      answer("cancel", { task }, () => {
        cancelledTasks.add(task);
      }),
    setOffline(value: boolean) {
      offline = value;
    },
    onCacheChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openExternal: (url) =>
      answer("open_external", { url }, () => {
        opened.push(url);
      }),
    setZoom: (factor) => answer("set_webview_zoom", { factor }, () => undefined),
  };
}
