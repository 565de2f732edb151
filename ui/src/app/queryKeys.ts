//! The TanStack Query keys: every key of a connection's data starts with the connection's name,
//! so a `cache-changed` event invalidates exactly that connection.

import type { FrameworkKey } from "../bindings/FrameworkKey";

export const queryKeys = {
  frameworks: () => ["frameworks"] as const,
  outline: (key: FrameworkKey) => [key.connection, "outline", key.identifier] as const,
  children: (key: FrameworkKey, parent: string) => [key.connection, "children", key.identifier, parent] as const,
  item: (key: FrameworkKey, identifier: string) => [key.connection, "item", key.identifier, identifier] as const,
  search: (query: string) => ["search", query] as const,
};
