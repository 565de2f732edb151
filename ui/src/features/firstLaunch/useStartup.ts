//! Starting the window: `app_start` (with its progress), then the explorer restored from the
//! saved session, or — the first time — the built-in sandbox's demo framework opened.

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useRef, useState } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import { queryKeys } from "../../app/queryKeys";
import type { ExplorerStore } from "../frameworks/explorerStore";
import { defaultFramework } from "../frameworks/filterFrameworks";
import { foldProgress, type StageProgress } from "../../ui/stageProgress";

/** Where startup is. */
export type Startup =
  | { phase: "starting"; stages: StageProgress[] }
  | { phase: "ready"; firstLaunch: boolean }
  | { phase: "failed"; error: AppError };

/** Runs startup once; `retry` runs it again after a failure. */
export function useStartup(store: ExplorerStore): { startup: Startup; retry: () => void; cancel: () => void } {
  const backend = useBackend();
  const queries = useQueryClient();
  const [startup, setStartup] = useState<Startup>({ phase: "starting", stages: [] });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  // A layout effect: `app_start` is asked before the window paints its first frame, not after.
  useLayoutEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    let stages: StageProgress[] = [];
    setStartup({ phase: "starting", stages });
    const run = async () => {
      const report = await backend.appStart((progress) => {
        stages = foldProgress(stages, progress);
        setStartup({ phase: "starting", stages });
      });
      const session = report.session ?? (await backend.sessionLoad());
      const restored = session ? await store.restore(session) : false;
      if (!restored) {
        const groups = await queries.fetchQuery({
          queryKey: queryKeys.frameworks(),
          queryFn: () => backend.listFrameworks(),
        });
        const first = defaultFramework(groups);
        if (first) await store.openFramework(first.key);
      }
      setStartup({ phase: "ready", firstLaunch: report.firstLaunch });
    };
    run().catch((error: unknown) => setStartup({ phase: "failed", error: toAppError(error) }));
  }, [attempt, backend, queries, store]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const cancel = useCallback(() => void backend.cancel("sync").catch(() => undefined), [backend]);
  return { startup, retry, cancel };
}
