//! The TanStack Query keys: every key of a connection's data starts with the connection's name,
//! so a `cache-changed` event invalidates exactly that connection.

import type { FrameworkKey } from "../bindings/FrameworkKey";

export const queryKeys = {
  frameworks: () => ["frameworks"] as const,
  outline: (key: FrameworkKey) => [key.connection, "outline", key.identifier] as const,
  /** Every child list of a framework loaded so far, as one map (parent → rows): one entry, not one per parent. */
  children: (key: FrameworkKey) => [key.connection, "children", key.identifier] as const,
  item: (key: FrameworkKey, identifier: string) => [key.connection, "item", key.identifier, identifier] as const,
  search: (query: string) => ["search", query] as const,
  graph: (key: FrameworkKey, identifier: string, depth: number, limit: number) =>
    [key.connection, "graph", key.identifier, identifier, depth, limit] as const,
  progressions: (key: FrameworkKey, identifier: string) =>
    [key.connection, "progressions", key.identifier, identifier] as const,
  frameworkMap: (key: FrameworkKey) => [key.connection, "map", key.identifier] as const,
  rubrics: (key: FrameworkKey) => [key.connection, "rubrics", key.identifier] as const,
  itemRubrics: (key: FrameworkKey, identifier: string) =>
    [key.connection, "item-rubrics", key.identifier, identifier] as const,
  /** A crosswalk depends on both connections: it starts with FROM's and is invalidated by TO's through `predicate`. */
  crosswalk: (from: FrameworkKey, to: FrameworkKey) =>
    [from.connection, "crosswalk", from.identifier, to.connection, to.identifier] as const,
  /** What association types mean: the defined ones (no framework), or with a framework's own. */
  associationTypes: (key: FrameworkKey | null) =>
    key ? ([key.connection, "association-types", key.identifier] as const) : (["association-types"] as const),
  groupingTree: (key: FrameworkKey, groupings: string[]) =>
    [key.connection, "grouping-tree", key.identifier, ...groupings] as const,
  versionDiff: (old: string, next: string) => ["version-diff", old, next] as const,
};
