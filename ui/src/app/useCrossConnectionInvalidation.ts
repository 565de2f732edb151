//! Queries that span connections follow every cache change: a crosswalk is keyed by its FROM
//! connection (so the explorer's invalidation covers FROM) but also reads TO's; a version diff
//! may read any connection or file. Both are refetched when a connection they read changed.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { useBackend } from "../backend";

/** Invalidates the crosswalks reading `connection` as TO, and every version diff, on each change. */
export function useCrossConnectionInvalidation() {
  const backend = useBackend();
  const queries = useQueryClient();
  useEffect(
    () =>
      backend.onCacheChanged((connection) => {
        void queries.invalidateQueries({
          predicate: (q) => q.queryKey[1] === "crosswalk" && q.queryKey[3] === connection,
        });
        void queries.invalidateQueries({ queryKey: ["version-diff"] });
      }),
    [backend, queries],
  );
}
