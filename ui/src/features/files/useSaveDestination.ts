//! Where a file is saved: a path suggested from the file's name until the user types or chooses
//! one, the system's save dialog behind "Choose…", and a typed path confirmed in a native dialog
//! before anything is written (the backend writes only where a dialog granted). Shared by the
//! Export and Print dialogs.

import { useEffect, useState } from "react";

import type { ChosenFile } from "../../bindings/ChosenFile";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import type { AppError } from "../../bindings/AppError";
import { baseName } from "./filesModel";

/** The save destination's state and actions. */
export interface SaveDestination {
  /** The path the field shows. */
  path: string;
  /** Whether the user typed or chose the path (it is no longer suggested). */
  edited: boolean;
  /** The user typed `path`. */
  type: (path: string) => void;
  /** Changes the path the user gave (e.g. its extension when the format changes). */
  retype: (change: (path: string) => string) => void;
  /** Opens the system's save dialog. */
  choose: () => Promise<void>;
  /** The grant to write to: the save dialog's when the field still shows its path, otherwise
   *  the typed path confirmed in a native dialog; `null` when the user declined. */
  grant: () => Promise<string | null>;
}

/** A save destination for a file named `name` with `extension`; `onError` hears a dialog that
 *  failed to open. */
export function useSaveDestination(
  name: string,
  extension: string,
  onError: (error: AppError) => void,
): SaveDestination {
  const backend = useBackend();
  const [path, setPath] = useState("");
  const [edited, setEdited] = useState(false);
  // The file chosen in the save dialog (or confirmed), while the field still shows its path.
  const [chosen, setChosen] = useState<ChosenFile | null>(null);

  useEffect(() => {
    if (edited) return;
    let current = true;
    void backend.suggestPath(name).then((suggested) => current && setPath(suggested));
    return () => {
      current = false;
    };
  }, [backend, name, edited]);

  return {
    path,
    edited,
    type: (typed) => {
      setPath(typed);
      setEdited(true);
    },
    retype: (change) => setPath(change),
    choose: async () => {
      try {
        const picked = await backend.chooseSave(baseName(path) || name, extension);
        if (picked) {
          setPath(picked.path);
          setChosen(picked);
          setEdited(true);
        }
      } catch (e) {
        onError(toAppError(e));
      }
    },
    grant: async () => {
      if (chosen && chosen.path === path.trim()) return chosen.grant;
      const confirmed = await backend.confirmTypedPath(path.trim(), "save");
      if (!confirmed) return null;
      setChosen(confirmed);
      return confirmed.grant;
    },
  };
}
