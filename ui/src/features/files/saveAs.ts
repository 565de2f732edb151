//! Saving bytes the window made (a graph, a CSV) where the user says: the system's save dialog
//! starts in the documents folder with a suggested name; the file is written whole.

import type { Backend } from "../../backend";

/** Asks where to save `name` and writes `bytes` there; answers the path, or `null` when the
 * user closed the dialog without choosing. */
export async function saveAs(backend: Backend, name: string, bytes: Uint8Array): Promise<string | null> {
  const extension = name.includes(".") ? (name.split(".").pop() as string) : "";
  const chosen = await backend.chooseSave(await backend.suggestPath(name), extension);
  if (!chosen) return null;
  return (await backend.writeFile(chosen, bytes)).path;
}
