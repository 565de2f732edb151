//! Search as you type: a query per keystroke (the cache answers in a few milliseconds; a debounce
//! can be asked for); answers are keyed by query, so an answer to an older query never shows for
//! a newer one.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { SearchHit } from "../../bindings/SearchHit";
import { queryKeys } from "../../app/queryKeys";

/** How many results one search asks for. */
export const SEARCH_LIMIT = 50;

/** `value`, once it has stayed the same for `ms` (at once for 0: no timer, no second render). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : settled;
}

/** The results for `text` (empty for blank text). */
export function useSearch(text: string, debounceMs = 0) {
  const backend = useBackend();
  const query = useDebounced(text.trim(), debounceMs);
  const result = useQuery<SearchHit[], AppError>({
    queryKey: queryKeys.search(query),
    queryFn: () => backend.search(query, SEARCH_LIMIT),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  // Fresh: the answer is to exactly what is typed now (not the previous answer kept on screen).
  const fresh = query === text.trim() && !result.isPlaceholderData && !result.isFetching;
  return { hits: query.length > 0 ? (result.data ?? []) : [], error: result.error, fresh, query };
}
