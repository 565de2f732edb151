//! A framework's rubrics, and those naming an item, through the query cache.

import { useQuery } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { Rubric } from "../../bindings/Rubric";

/** Every rubric of `key`. */
export function useRubrics(key: FrameworkKey | null) {
  const backend = useBackend();
  return useQuery<Rubric[], AppError>({
    queryKey: key ? queryKeys.rubrics(key) : ["none"],
    queryFn: () => backend.rubrics(key as FrameworkKey),
    enabled: Boolean(key),
  });
}

/** The rubrics with a criterion naming `identifier`. */
export function useItemRubrics(key: FrameworkKey | null, identifier: string | null) {
  const backend = useBackend();
  return useQuery<Rubric[], AppError>({
    queryKey: key && identifier ? queryKeys.itemRubrics(key, identifier) : ["none"],
    queryFn: () => backend.itemRubrics(key as FrameworkKey, identifier as string),
    enabled: Boolean(key && identifier),
  });
}
