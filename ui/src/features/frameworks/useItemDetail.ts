//! The selected node's detail, through the query cache (keyed by connection).

import { useQuery } from "@tanstack/react-query";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { ItemDetail } from "../../bindings/ItemDetail";
import { queryKeys } from "../../app/queryKeys";

/** The detail of `identifier` in `key` (idle when either is missing). */
export function useItemDetail(key: FrameworkKey | null, identifier: string | null) {
  const backend = useBackend();
  return useQuery<ItemDetail, AppError>({
    queryKey: key && identifier ? queryKeys.item(key, identifier) : ["none"],
    queryFn: () => backend.itemDetail(key as FrameworkKey, identifier as string),
    enabled: Boolean(key && identifier),
  });
}
