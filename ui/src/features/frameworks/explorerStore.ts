//! The explorer's state and everything that changes it: the open framework and its outline,
//! loaded children, expanded positions, the selection, the focused row and the history. One
//! store, read by components through `useExplorer`, so no component holds business logic.

import type { QueryClient } from "@tanstack/react-query";

import type { Backend } from "../../backend";
import { toAppError } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { Children } from "../../bindings/Children";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { FrameworkOutline } from "../../bindings/FrameworkOutline";
import type { Location } from "../../bindings/Location";
import type { Session } from "../../bindings/Session";
import type { TreeRow } from "../../bindings/TreeRow";
import { queryKeys } from "../../app/queryKeys";
import type { Reveal } from "../../ui/VirtualTree";
import { fromSaved, move, visit, type History } from "./history";
import { ancestorKeys, isAtOrBelow, keyPos, posKey, positionsBelow, preferredPath } from "./treeModel";

/** The selected node: its identifier, and where in the tree (null: not a tree row, e.g. the document). */
export interface Selection {
  identifier: string;
  position: string[] | null;
}

/** Everything the explorer shows. */
export interface ExplorerState {
  framework: FrameworkKey | null;
  outline: FrameworkOutline | null;
  outlineError: AppError | null;
  children: ReadonlyMap<string, readonly TreeRow[]>;
  expanded: ReadonlySet<string>;
  selected: Selection | null;
  /** The focused row's key (the roving tabindex). */
  active: string | null;
  reveal: Reveal | null;
  history: History;
  /** The last navigation that failed. */
  error: AppError | null;
}

interface Remembered {
  expanded: ReadonlySet<string>;
  selected: Selection | null;
  active: string | null;
}

const EMPTY: ExplorerState = {
  framework: null,
  outline: null,
  outlineError: null,
  children: new Map(),
  expanded: new Set(),
  selected: null,
  active: null,
  reveal: null,
  history: { entries: [], index: -1 },
  error: null,
};

function sameKey(a: FrameworkKey | null, b: FrameworkKey | null): boolean {
  return a !== null && b !== null && a.connection === b.connection && a.identifier === b.identifier;
}

function frameworkId(key: FrameworkKey): string {
  return `${key.connection}\u001e${key.identifier}`;
}

/** Adds the child lists `answered` to `into`. */
function addAnswers(answered: Children[], into: Map<string, readonly TreeRow[]>): void {
  for (const { parent, children } of answered) into.set(parent, children);
}

/** What the session keeps for features beyond the tree. */
export type SessionExtras = Pick<Session, "explorations" | "view">;

/** The explorer's store. */
export class ExplorerStore {
  private state: ExplorerState = EMPTY;
  private listeners = new Set<() => void>();
  private memory = new Map<string, Remembered>();
  private generation = 0;
  private nonce = 0;
  /** What the session keeps of other features: the graph's explorations and the main view. */
  private extras: SessionExtras = { explorations: [], view: null };
  /** The extras of the session restored at start, for those features to take up. */
  private restoredExtras: SessionExtras = { explorations: [], view: null };

  constructor(
    private readonly backend: Backend,
    private readonly queries: QueryClient,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ExplorerState => this.state;

  private set(patch: Partial<ExplorerState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Opens `key` (its outline, and the positions expanded when it was last open). */
  async openFramework(key: FrameworkKey, restore?: Partial<Remembered>): Promise<boolean> {
    const current = this.state.framework;
    if (current) {
      this.memory.set(frameworkId(current), {
        expanded: this.state.expanded,
        selected: this.state.selected,
        active: this.state.active,
      });
    }
    const remembered = this.memory.get(frameworkId(key));
    const generation = ++this.generation;
    this.set({
      framework: key,
      outline: null,
      outlineError: null,
      children: this.cachedChildren(key) ?? new Map(),
      expanded: restore?.expanded ?? remembered?.expanded ?? new Set(),
      selected: restore?.selected ?? remembered?.selected ?? null,
      active: restore?.active ?? remembered?.active ?? null,
      reveal: null,
      error: null,
    });
    try {
      const outline = await this.queries.fetchQuery({
        queryKey: queryKeys.outline(key),
        queryFn: () => this.backend.openFramework(key),
      });
      if (generation !== this.generation) return false;
      this.set({ outline });
      await this.loadChildren([...new Set([...this.state.expanded].map((k) => keyPos(k).at(-1) as string))]);
      return generation === this.generation;
    } catch (error) {
      if (generation === this.generation) this.set({ outlineError: toAppError(error) });
      return false;
    }
  }

  /** The child lists of `key` loaded before, unless its connection's cache changed since. */
  private cachedChildren(key: FrameworkKey): ReadonlyMap<string, readonly TreeRow[]> | null {
    const cached = this.queries.getQueryData<ReadonlyMap<string, readonly TreeRow[]>>(queryKeys.children(key));
    const state = this.queries.getQueryState(queryKeys.children(key));
    return cached && !state?.isInvalidated ? cached : null;
  }

  /** Loads the children of `parents` not loaded yet. */
  async loadChildren(parents: string[]): Promise<void> {
    const key = this.state.framework;
    if (!key) return;
    const generation = this.generation;
    const missing = parents.filter((parent) => !this.state.children.has(parent));
    if (missing.length === 0) return;
    const answered = await this.backend.treeChildren(key, missing);
    if (generation !== this.generation) return;
    const children = new Map(this.state.children);
    addAnswers(answered, children);
    // Unknown parents answer nothing: record them as childless so they are not asked again.
    for (const parent of missing) if (!children.has(parent)) children.set(parent, []);
    this.keepChildren(key, children);
  }

  /**
   * Shows `children` and keeps them in the query cache as one entry, so that reopening the
   * framework reuses them. One entry, not one per parent: expanding everything below a node
   * answers thousands of parents, and as many cache entries made every cache listener walk
   * every entry once per entry (quadratic, with a few hundred MB of garbage).
   */
  private keepChildren(key: FrameworkKey, children: ReadonlyMap<string, readonly TreeRow[]>): void {
    this.queries.setQueryData(queryKeys.children(key), children);
    this.set({ children });
  }

  /** Expands or collapses the node at `position`. */
  async toggle(position: string[], expand: boolean): Promise<void> {
    const key = posKey(position);
    const expanded = new Set(this.state.expanded);
    if (expand) {
      expanded.add(key);
      this.set({ expanded, active: key });
      await this.run(() => this.loadChildren([position.at(-1) as string]));
    } else {
      expanded.delete(key);
      const active = this.state.active && isAtOrBelow(this.state.active, key) ? key : this.state.active;
      this.set({ expanded, active });
    }
  }

  /** Expands everything below `position` (one `tree_descendants` call). */
  async expandAllBelow(position: string[]): Promise<void> {
    await this.expandAllBelowEach([position]);
  }

  /** Collapses `position` and everything below it. */
  collapseAllBelow(position: string[]): void {
    const key = posKey(position);
    const expanded = new Set([...this.state.expanded].filter((k) => !isAtOrBelow(k, key)));
    const active = this.state.active && isAtOrBelow(this.state.active, key) ? key : this.state.active;
    this.set({ expanded, active });
  }

  /** `*`: expands the subtrees of `position` and all its siblings. */
  async expandSiblings(position: string[]): Promise<void> {
    const parent = position.slice(0, -1);
    const outline = this.state.outline;
    if (!outline) return;
    let siblings: readonly TreeRow[];
    if (parent.length > 0) siblings = this.state.children.get(parent.at(-1) as string) ?? [];
    else if (outline.orphans.some((o) => o.identifier === position[0])) siblings = outline.orphans;
    else siblings = outline.roots;
    await this.expandAllBelowEach(siblings.filter((s) => s.childCount > 0).map((s) => [...parent, s.identifier]));
  }

  /** Everything below each of `positions` expanded: the answers fetched together, applied at once. */
  private async expandAllBelowEach(positions: string[][]): Promise<void> {
    const key = this.state.framework;
    if (!key || positions.length === 0) return;
    const generation = this.generation;
    await this.run(async () => {
      const answers = await Promise.all(
        positions.map((position) => this.backend.treeDescendants(key, position.at(-1) as string)),
      );
      if (generation !== this.generation) return;
      const children = new Map(this.state.children);
      for (const answered of answers) addAnswers(answered, children);
      const expanded = new Set(this.state.expanded);
      for (const position of positions) for (const k of positionsBelow(position, children)) expanded.add(k);
      this.queries.setQueryData(queryKeys.children(key), children);
      this.set({ children, expanded });
    });
  }

  /** Moves the focus (roving tabindex) to the row `key`. */
  setActive(key: string): void {
    if (this.state.active !== key) this.set({ active: key });
  }

  /** Selects the node at `position` (a tree row), recorded in the history. */
  select(position: string[]): void {
    const framework = this.state.framework;
    if (!framework) return;
    const identifier = position.at(-1) as string;
    this.set({
      selected: { identifier, position },
      active: posKey(position),
      history: visit(this.state.history, { key: framework, identifier }),
      error: null,
    });
  }

  /** Opens `location`: its framework, its path in the tree expanded, selected and scrolled to. */
  async navigate(location: Location, options: { record?: boolean } = {}): Promise<void> {
    const record = options.record ?? true;
    if (!sameKey(this.state.framework, location.key)) {
      const opened = await this.openFramework(location.key);
      if (!opened) return;
    }
    const generation = this.generation;
    try {
      const paths =
        location.identifier === location.key.identifier
          ? []
          : await this.backend.treePaths(location.key, location.identifier);
      if (generation !== this.generation) return;
      const path = preferredPath(paths, this.state.expanded);
      const history = record ? visit(this.state.history, location) : this.state.history;
      if (!path) {
        this.set({ selected: { identifier: location.identifier, position: null }, history, error: null });
        return;
      }
      const expanded = new Set(this.state.expanded);
      for (const k of ancestorKeys(path)) expanded.add(k);
      const key = posKey(path);
      this.set({
        expanded,
        selected: { identifier: location.identifier, position: path },
        active: key,
        history,
        error: null,
      });
      await this.loadChildren(path.slice(0, -1));
      if (generation !== this.generation) return;
      this.set({ reveal: { key, nonce: ++this.nonce } });
    } catch (error) {
      if (generation === this.generation) this.set({ error: toAppError(error) });
    }
  }

  /** Selects a node that is not a tree row (the document), recorded in the history. */
  selectNode(identifier: string): void {
    const framework = this.state.framework;
    if (!framework) return;
    this.set({
      selected: { identifier, position: null },
      history: visit(this.state.history, { key: framework, identifier }),
    });
  }

  /** Whether there is somewhere to go back / forward to. */
  canGo(step: -1 | 1): boolean {
    return move(this.state.history, step) !== null;
  }

  /** Goes back (-1) or forward (1) in the history. */
  async go(step: -1 | 1): Promise<void> {
    const next = move(this.state.history, step);
    if (!next) return;
    const location = next.entries[next.index] as Location;
    this.set({ history: next });
    await this.navigate(location, { record: false });
  }

  /** Restores a saved session; false when its framework could not be opened. Its extras wait
   * in `restored()` for the features they belong to. */
  async restore(session: Session): Promise<boolean> {
    this.restoredExtras = { explorations: session.explorations ?? [], view: session.view ?? null };
    this.extras = this.restoredExtras;
    this.set({ history: fromSaved(session.history, session.historyIndex) });
    if (!session.framework) return false;
    const expanded = new Set(session.expanded.map(posKey));
    const opened = await this.openFramework(session.framework, { expanded, selected: null, active: null });
    if (!opened) return false;
    if (session.selected) {
      await this.navigate({ key: session.framework, identifier: session.selected }, { record: false });
    }
    return true;
  }

  /** The graph's explorations and the main view as the restored session had them. */
  restored(): SessionExtras {
    return this.restoredExtras;
  }

  /** Keeps `extras` with the session (saved with the next change). */
  keepInSession(extras: Partial<SessionExtras>): void {
    this.extras = { ...this.extras, ...extras };
    for (const listener of this.listeners) listener();
  }

  /** What `session_save` keeps. */
  toSession(): Session {
    const { framework, selected, expanded, history } = this.state;
    return {
      ...this.extras,
      framework,
      selected: selected?.identifier ?? null,
      expanded: [...expanded].map(keyPos),
      history: history.entries,
      historyIndex: Math.max(history.index, 0),
    };
  }

  /** The cache of `connection` changed: its queries are stale; the open framework reloads. */
  async cacheChanged(connection: string): Promise<void> {
    await this.queries.invalidateQueries({ queryKey: [connection] });
    await this.queries.invalidateQueries({ queryKey: queryKeys.frameworks() });
    await this.queries.invalidateQueries({ queryKey: ["search"] });
    const framework = this.state.framework;
    if (!framework || framework.connection !== connection) return;
    const { expanded, selected, active } = this.state;
    this.memory.delete(frameworkId(framework));
    this.set({ framework: null });
    await this.openFramework(framework, { expanded, selected, active });
  }

  private async run(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.set({ error: toAppError(error) });
    }
  }
}
