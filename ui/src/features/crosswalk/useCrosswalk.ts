//! The crosswalk of two frameworks through the query cache.

import { useQuery } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { CrosswalkReport } from "../../bindings/CrosswalkReport";
import type { FrameworkKey } from "../../bindings/FrameworkKey";

/** The crosswalk of `from` and `to` (idle until both are chosen). */
export function useCrosswalk(from: FrameworkKey | null, to: FrameworkKey | null) {
  const backend = useBackend();
  return useQuery<CrosswalkReport, AppError>({
    queryKey: from && to ? queryKeys.crosswalk(from, to) : ["none"],
    queryFn: () => backend.crosswalk(from as FrameworkKey, to as FrameworkKey),
    enabled: Boolean(from && to),
  });
}
