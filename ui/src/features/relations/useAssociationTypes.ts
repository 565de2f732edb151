//! What association types mean, through the query cache: the defined types and those of the
//! frameworks given (keyed by connection, so a cache change refreshes a framework's own).

import { useQueries } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import { type TypeExplanations, explanations } from "./associationTypes";

/** The explanations of the defined types and of the types of each framework of `keys`. */
export function useTypeExplanations(...keys: Array<FrameworkKey | null>): TypeExplanations {
  const backend = useBackend();
  const wanted = [null, ...keys.filter((k): k is FrameworkKey => k !== null)];
  const answers = useQueries({
    queries: wanted.map((key) => ({
      queryKey: queryKeys.associationTypes(key),
      queryFn: () => backend.associationTypes(key),
      staleTime: key ? 0 : Infinity,
    })),
  });
  return explanations(...answers.map((a) => a.data));
}
