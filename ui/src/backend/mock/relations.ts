//! The relationship views' answers over in-memory frameworks, as the Rust side computes them
//! (simplified): a breadth-first neighbourhood with "more" counts, `precedes` chains, rubrics,
//! a crosswalk from the associations between two frameworks, and a diff of two frameworks'
//! items and associations.

import type { CrosswalkReport } from "../../bindings/CrosswalkReport";
import type { CrosswalkSide } from "../../bindings/CrosswalkSide";
import type { DiffRecord } from "../../bindings/DiffRecord";
import type { DiffSection } from "../../bindings/DiffSection";
import type { GraphEdge } from "../../bindings/GraphEdge";
import type { GroupingTree } from "../../bindings/GroupingTree";
import type { ItemSummary } from "../../bindings/ItemSummary";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { Progression } from "../../bindings/Progression";
import type { ProgressionStep } from "../../bindings/ProgressionStep";
import type { VersionDiff } from "../../bindings/VersionDiff";
import type { MockFramework, MockNode } from "./dataset";

const TYPE_ORDER = [
  "isChildOf",
  "isPartOf",
  "precedes",
  "exactMatchOf",
  "isRelatedTo",
  "isPeerOf",
  "replacedBy",
  "exemplar",
  "hasSkillLevel",
  "isTranslationOf",
];

interface Link {
  id: string;
  type: string;
  from: string;
  to: string;
  grouping: string | null;
}

function links(fw: MockFramework): Link[] {
  const tree = fw.edges.map(([parent, child], i): Link => ({
    id: `child-${i}`,
    type: "isChildOf",
    from: child,
    to: parent,
    grouping: null,
  }));
  const others = (fw.associations ?? []).map((a): Link => ({
    id: a.identifier,
    type: a.type,
    from: a.from,
    to: a.to,
    grouping: a.grouping ?? null,
  }));
  return [...tree, ...others];
}

function nodeOf(fw: MockFramework, id: string): MockNode | undefined {
  return id === fw.document.identifier ? fw.document : fw.items.find((n) => n.identifier === id);
}

function step(fw: MockFramework, id: string): ProgressionStep {
  const node = nodeOf(fw, id);
  if (!node) {
    const a = (fw.associations ?? []).find((x) => x.to === id);
    return {
      identifier: id,
      kind: a?.uri || a?.title ? "external" : "unknown",
      code: null,
      label: a?.title ?? a?.uri ?? id,
      elsewhere: null,
    };
  }
  const label = node.kind === "document" ? node.statement : [node.code, node.statement].filter(Boolean).join(" ");
  return { identifier: id, kind: node.kind, code: node.code, label, elsewhere: null };
}

function typeOrder(types: Iterable<string>): string[] {
  const rank = (t: string) => (TYPE_ORDER.includes(t) ? TYPE_ORDER.indexOf(t) : TYPE_ORDER.length);
  return [...new Set(types)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The neighbourhood of `centre`. */
export function neighbourhood(fw: MockFramework, centre: string, depth: number, limit: number): NeighbourhoodGraph {
  depth = Math.min(3, Math.max(1, depth));
  limit = Math.min(500, Math.max(1, limit));
  const all = links(fw);
  const distance = new Map<string, number>([[centre, 0]]);
  const order = [centre];
  let truncated = false;
  for (let next = 0; next < order.length && !truncated; next++) {
    const node = order[next] as string;
    const d = distance.get(node) ?? 0;
    if (d >= depth) continue;
    for (const l of all) {
      const other = l.from === node ? l.to : l.to === node ? l.from : null;
      if (other === null || distance.has(other)) continue;
      if (order.length >= limit) {
        truncated = true;
        break;
      }
      distance.set(other, d + 1);
      order.push(other);
    }
  }
  const edges: GraphEdge[] = all
    .filter((l) => distance.has(l.from) && distance.has(l.to))
    .map((l) => ({
      id: l.id,
      associationType: l.type,
      origin: l.from,
      destination: l.to,
      grouping: l.grouping,
      publishedBy: null,
    }));
  const hidden = (id: string) =>
    all.filter((l) => (l.from === id && !distance.has(l.to)) || (l.to === id && !distance.has(l.from))).length;
  const groupings = [...new Set(edges.map((e) => e.grouping).filter((g): g is string => g !== null))].sort();
  return {
    key: fw.key,
    centre,
    depth,
    limit,
    // Placed in rows by distance (the real backend lays out a tree).
    nodes: order.map((id, i) => {
      const s = step(fw, id);
      const d = distance.get(id) ?? 0;
      const framework = s.kind === "item" || s.kind === "document" ? fw.key : null;
      return { ...s, uri: null, distance: d, hidden: hidden(id), x: i * 150, y: d * 72, framework };
    }),
    edges,
    truncated,
    types: typeOrder(edges.map((e) => e.associationType)),
    groupings: groupings.map((identifier) => ({ identifier, title: null })),
  };
}

/** The `precedes` chains through `node`. */
export function progressions(fw: MockFramework, node: string): Progression[] {
  const precedes = (fw.associations ?? []).filter((a) => a.type === "precedes");
  const next = (id: string) => precedes.filter((a) => a.from === id).map((a) => a.to);
  const starts = [...new Set(precedes.map((a) => a.from))].filter((id) => !precedes.some((a) => a.to === id));
  const chains: Progression[] = [];
  const walk = (path: string[]) => {
    const last = path.at(-1) as string;
    const following = next(last);
    if (following.length === 0)
      chains.push({ steps: path.map((id) => step(fw, id)), cyclic: false, publishedBy: null });
    for (const n of following) {
      if (path.includes(n)) chains.push({ steps: path.map((id) => step(fw, id)), cyclic: true, publishedBy: null });
      else walk([...path, n]);
    }
  };
  for (const s of starts) walk([s]);
  return chains.filter((c) => c.steps.some((s) => s.identifier === node));
}

function summary(node: MockNode, subtree: string | null): ItemSummary {
  const record = node.record as Record<string, unknown> | null;
  const full = typeof record?.fullStatement === "string" ? record.fullStatement : node.statement;
  return { identifier: node.identifier, code: node.code, statement: full, subtree };
}

function subtreeOf(fw: MockFramework): Map<string, string> {
  const places = new Map<string, string>();
  for (const [parent, top] of fw.edges.filter(([p]) => p === fw.document.identifier)) {
    void parent;
    const stack = [top];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (places.has(id)) continue;
      places.set(id, top);
      stack.push(...fw.edges.filter(([p]) => p === id).map(([, c]) => c));
    }
  }
  return places;
}

/** The crosswalk of `from` and `to`: associations of either whose ends lie one in each. */
export function crosswalk(from: MockFramework, to: MockFramework): CrosswalkReport {
  const fromItems = new Map(from.items.map((n) => [n.identifier, n]));
  const toItems = new Map(to.items.map((n) => [n.identifier, n]));
  const [fromPlaces, toPlaces] = [subtreeOf(from), subtreeOf(to)];
  const groups = new Map<string, CrosswalkReport["groups"][number]["pairs"]>();
  const seen = new Set<string>();
  for (const a of [...(from.associations ?? []), ...(to.associations ?? [])]) {
    if (seen.has(a.identifier)) continue;
    seen.add(a.identifier);
    const fromTo = fromItems.has(a.from) && toItems.has(a.to);
    const toFrom = toItems.has(a.from) && fromItems.has(a.to);
    if (!fromTo && !toFrom) continue;
    const [f, t] = fromTo ? [a.from, a.to] : [a.to, a.from];
    const pairs = groups.get(a.type) ?? [];
    pairs.push({
      from: summary(fromItems.get(f) as MockNode, fromPlaces.get(f) ?? null),
      to: summary(toItems.get(t) as MockNode, toPlaces.get(t) ?? null),
      associationType: a.type,
      associationIdentifier: a.identifier,
      fromTo,
      byUri: false,
    });
    groups.set(a.type, pairs);
  }
  const ordered = typeOrder(groups.keys()).map((type) => ({ associationType: type, pairs: groups.get(type) ?? [] }));
  const side = (
    fw: MockFramework,
    places: Map<string, string>,
    pick: (p: CrosswalkReport["groups"][number]["pairs"][number]) => string,
  ): CrosswalkSide => {
    const covered = new Set(ordered.flatMap((g) => g.pairs.map(pick)));
    const items = fw.items.filter((n) => n.kind === "item");
    const language = (fw.document.record as { language?: unknown } | undefined)?.language;
    return {
      key: fw.key,
      language: typeof language === "string" ? language : null,
      title: fw.title,
      items: items.length,
      covered: covered.size,
      share: items.length === 0 ? 0 : covered.size / items.length,
      byType: ordered.map((g) => {
        const n = new Set(g.pairs.map(pick)).size;
        return { associationType: g.associationType, covered: n, share: items.length === 0 ? 0 : n / items.length };
      }),
      uncovered: items
        .filter((n) => !covered.has(n.identifier))
        .map((n) => summary(n, places.get(n.identifier) ?? null)),
      subtrees: fw.edges
        .filter(([p]) => p === fw.document.identifier)
        .map(([, c]) => ({ identifier: c, label: step(fw, c).label })),
    };
  };
  return {
    from: side(from, fromPlaces, (p) => p.from.identifier),
    to: side(to, toPlaces, (p) => p.to.identifier),
    pairs: ordered.reduce((n, g) => n + g.pairs.length, 0),
    groups: ordered,
  };
}

function section(
  old: Map<string, DiffRecord & { json: string; last: unknown; record: Record<string, unknown> }>,
  next: typeof old,
): DiffSection {
  const changed: DiffRecord[] = [];
  const touched: DiffRecord[] = [];
  for (const [id, now] of next) {
    const before = old.get(id);
    if (!before || before.json === now.json) continue;
    const fields = [...new Set([...Object.keys(before.record), ...Object.keys(now.record)])].sort();
    const changes = fields
      .filter((f) => JSON.stringify(before.record[f]) !== JSON.stringify(now.record[f]))
      .map((field) => ({
        field,
        old: (before.record[field] ?? null) as never,
        new: (now.record[field] ?? null) as never,
      }));
    const onlyLastChange = changes.length === 1 && changes[0]?.field === "lastChangeDateTime";
    (onlyLastChange ? touched : changed).push({ identifier: id, label: now.label, changes, onlyLastChange });
  }
  const plain = ({ identifier, label }: DiffRecord): DiffRecord => ({
    identifier,
    label,
    changes: [],
    onlyLastChange: false,
  });
  return {
    oldCount: old.size,
    newCount: next.size,
    added: [...next.values()].filter((r) => !old.has(r.identifier)).map(plain),
    removed: [...old.values()].filter((r) => !next.has(r.identifier)).map(plain),
    changed,
    touched,
  };
}

/** The diff of two frameworks' items (records compared as JSON). */
export function versionDiff(old: MockFramework, next: MockFramework): VersionDiff {
  const records = (fw: MockFramework) =>
    new Map(
      fw.items.map((n) => {
        const record = (n.record ?? {}) as Record<string, unknown>;
        return [
          n.identifier,
          {
            ...step(fw, n.identifier),
            changes: [],
            onlyLastChange: false,
            json: JSON.stringify(record),
            last: record.lastChangeDateTime,
            record,
          },
        ];
      }),
    );
  const items = section(records(old), records(next));
  const marks = new Map<string, "added" | "changed">([
    ...items.changed.map((r): [string, "changed"] => [r.identifier, "changed"]),
    ...items.added.map((r): [string, "added"] => [r.identifier, "added"]),
  ]);
  const tree: VersionDiff["tree"] = [];
  const walk = (id: string, depth: number) => {
    for (const [, child] of next.edges.filter(([p]) => p === id)) {
      tree.push({ depth, identifier: child, label: step(next, child).label, mark: marks.get(child) ?? null });
      walk(child, depth + 1);
    }
  };
  walk(next.document.identifier, 1);
  const empty: DiffSection = { oldCount: 0, newCount: 0, added: [], removed: [], changed: [], touched: [] };
  return {
    oldSource: `${old.key.connection}:${old.key.identifier}`,
    newSource: `${next.key.connection}:${next.key.identifier}`,
    sameDocument: old.key.identifier === next.key.identifier,
    title: next.title,
    document: { ...empty, oldCount: 1, newCount: 1 },
    items,
    associations: { ...empty, oldCount: old.associations?.length ?? 0, newCount: next.associations?.length ?? 0 },
    package: [],
    tree,
    treeTruncated: false,
  };
}

/** The tree from the child links of `chosen` groupings (all when empty). */
export function groupingTree(fw: MockFramework, chosen: string[]): GroupingTree {
  const grouping = (i: number) => fw.edgeGroupings?.[i] ?? null;
  const edges = fw.edges.map((e, i) => ({ parent: e[0], child: e[1], grouping: grouping(i) }));
  const kept = chosen.length === 0 ? edges : edges.filter((e) => e.grouping !== null && chosen.includes(e.grouping));
  const rows: GroupingTree["rows"] = [];
  const walk = (id: string, depth: number, path: string[]) => {
    for (const e of kept.filter((x) => x.parent === id && !path.includes(x.child))) {
      rows.push({ depth, identifier: e.child, label: step(fw, e.child).label, grouping: e.grouping });
      walk(e.child, depth + 1, [...path, e.child]);
    }
  };
  walk(fw.document.identifier, 1, [fw.document.identifier]);
  const used = [...new Set(edges.map((e) => e.grouping).filter((g): g is string => g !== null))].sort();
  return {
    groupings: used.map((identifier) => ({ identifier, title: `Grouping ${identifier}` })),
    chosen,
    rows,
    truncated: false,
  };
}
