//! The diff of two snapshots through the query cache.

import { useQuery } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { SnapshotRef } from "../../bindings/SnapshotRef";
import type { VersionDiff } from "../../bindings/VersionDiff";
import { snapshotId } from "./diffModel";

/** What changed from `old` to `next` (idle until both are chosen). */
export function useVersionDiff(old: SnapshotRef | null, next: SnapshotRef | null) {
  const backend = useBackend();
  return useQuery<VersionDiff, AppError>({
    queryKey: queryKeys.versionDiff(snapshotId(old), snapshotId(next)),
    queryFn: () => backend.versionDiff(old as SnapshotRef, next as SnapshotRef),
    enabled: Boolean(old && next),
  });
}
