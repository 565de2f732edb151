//! Saving what the window made (a graph, a CSV, a table as a workbook) where the user says: the
//! system's save dialog (shown by the backend) starts in the documents folder with a suggested
//! name; the file is written whole.

import type { Backend } from "../../backend";
import type { WorkbookSheet } from "../../bindings/WorkbookSheet";

/** Asks where to save `name` and writes `bytes` there; answers the path, or `null` when the
 * user closed the dialog without choosing. */
export async function saveAs(backend: Backend, name: string, bytes: Uint8Array): Promise<string | null> {
  const extension = name.includes(".") ? (name.split(".").pop() as string) : "";
  const chosen = await backend.chooseSave(name, extension);
  if (!chosen) return null;
  return (await backend.writeFile(chosen.grant, bytes)).path;
}

/** Asks where to save the workbook `name` (`.xlsx`) and writes `sheets` there; answers the
 * path, or `null` when the user closed the dialog without choosing. */
export async function saveWorkbookAs(backend: Backend, name: string, sheets: WorkbookSheet[]): Promise<string | null> {
  const chosen = await backend.chooseSave(name, "xlsx");
  if (!chosen) return null;
  return (await backend.writeWorkbook(chosen.grant, sheets)).path;
}
