//! The query client: cached answers stay fresh until the backend says the cache changed.

import { QueryClient } from "@tanstack/react-query";

/** A client whose data is only refetched on invalidation. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: 10 * 60_000, retry: false, refetchOnWindowFocus: false },
    },
  });
}
