//! A framework's whole tree (`framework_map`) through the query cache: the Map tab's data, and
//! the visual crosswalk's two trees.

import { useQuery } from "@tanstack/react-query";

import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { FrameworkMap } from "../../bindings/FrameworkMap";

/** The map of `key` (idle without one). */
export function useFrameworkMap(key: FrameworkKey | null) {
  const backend = useBackend();
  return useQuery<FrameworkMap, AppError>({
    queryKey: key ? queryKeys.frameworkMap(key) : ["none"],
    queryFn: () => backend.frameworkMap(key as FrameworkKey),
    enabled: Boolean(key),
  });
}
