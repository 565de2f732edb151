//! The window's zoom: the saved setting applied to the web view (which lays the page out anew,
//! so the layout reflows and text stays sharp), and Ctrl+= / Ctrl+- / Ctrl+0 stepping it, saved
//! at once so the next launch opens at the same zoom, and announced.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { toAppError, useBackend } from "../backend";
import type { AppSettings } from "../bindings/AppSettings";
import { useSettings } from "../features/connections/queries";
import { connectionKeys } from "../features/connections/syncRuns";
import { announce } from "../ui/announcer";
import { DEFAULT_ZOOM, nextZoom, zoomKey } from "./zoom";

export function useZoom(): void {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const zoom = useSettings().data?.zoom ?? DEFAULT_ZOOM;
  // The zoom last asked for: quick presses step from it, not from a setting still being saved.
  const current = useRef(zoom);
  useEffect(() => {
    current.current = zoom;
    backend
      .setZoom(zoom / 100)
      .catch((e: unknown) => announce(`The zoom could not be set: ${toAppError(e).message}`, "assertive"));
  }, [backend, zoom]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = zoomKey(event);
      if (!key) return;
      event.preventDefault();
      const saved = queryClient.getQueryData<AppSettings>(connectionKeys.settings());
      if (!saved) return; // the settings still loading: their zoom is applied once they are in
      const next = nextZoom(current.current, key);
      current.current = next;
      announce(`Zoom ${next}%`);
      const settings = { ...saved, zoom: next };
      queryClient.setQueryData(connectionKeys.settings(), settings);
      backend
        .settingsSave(settings)
        .catch((e: unknown) => announce(`The zoom was not saved: ${toAppError(e).message}`, "assertive"));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [backend, queryClient]);
}
