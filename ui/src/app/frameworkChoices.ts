//! Every cached framework as a choice for a picker (the crosswalk's and the version diff's), with
//! a value that round-trips to its key.

import { useQuery } from "@tanstack/react-query";

import { useBackend } from "../backend";
import type { AppError } from "../bindings/AppError";
import type { FrameworkGroup } from "../bindings/FrameworkGroup";
import type { FrameworkKey } from "../bindings/FrameworkKey";
import { queryKeys } from "./queryKeys";

/** A framework as a picker offers it. */
export interface FrameworkChoice {
  value: string;
  key: FrameworkKey;
  label: string;
}

/** The picker value of `key`. */
export function choiceValue(key: FrameworkKey): string {
  return JSON.stringify([key.connection, key.identifier]);
}

/** The key a picker value stands for. */
export function choiceKey(value: string): FrameworkKey | null {
  try {
    const [connection, identifier] = JSON.parse(value) as [string, string];
    return typeof connection === "string" && typeof identifier === "string" ? { connection, identifier } : null;
  } catch {
    return null;
  }
}

/** The frameworks of `groups` as choices, labelled with their connection. */
export function frameworkChoices(groups: FrameworkGroup[]): FrameworkChoice[] {
  return groups.flatMap((group) =>
    group.frameworks.map((f) => ({
      value: choiceValue(f.key),
      key: f.key,
      label: `${f.title}${f.version ? ` (${f.version})` : ""} — ${group.connection}`,
    })),
  );
}

/** Every cached framework as choices. */
export function useFrameworkChoices() {
  const backend = useBackend();
  const groups = useQuery<FrameworkGroup[], AppError>({
    queryKey: queryKeys.frameworks(),
    queryFn: () => backend.listFrameworks(),
  });
  return { ...groups, choices: groups.data ? frameworkChoices(groups.data) : [] };
}
