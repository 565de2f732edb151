//! The relationship queries of the selected node, through the query cache (keyed by connection).

import { useQuery } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { NeighbourhoodGraph } from "../../bindings/NeighbourhoodGraph";
import type { Progression } from "../../bindings/Progression";

/** The neighbourhood of `identifier` (idle without one). */
export function useRelationGraph(key: FrameworkKey | null, identifier: string | null, depth: number, limit: number) {
  const backend = useBackend();
  return useQuery<NeighbourhoodGraph, AppError>({
    queryKey: key && identifier ? queryKeys.graph(key, identifier, depth, limit) : ["none"],
    queryFn: () => backend.relationGraph(key as FrameworkKey, identifier as string, depth, limit),
    enabled: Boolean(key && identifier),
  });
}

/** The `precedes` chains through `identifier`. */
export function useProgressions(key: FrameworkKey | null, identifier: string | null) {
  const backend = useBackend();
  return useQuery<Progression[], AppError>({
    queryKey: key && identifier ? queryKeys.progressions(key, identifier) : ["none"],
    queryFn: () => backend.progressions(key as FrameworkKey, identifier as string),
    enabled: Boolean(key && identifier),
  });
}
