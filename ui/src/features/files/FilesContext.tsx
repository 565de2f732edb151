//! The window's files in and out: one place that opens the Open files, Export and Print dialogs,
//! from a button, a tree row's menu, Ctrl+O, or files dropped on the window.

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

import { useBackend } from "../../backend/context";
import type { ChosenFile } from "../../bindings/ChosenFile";
import { PrintDialog, type PrintTarget } from "../print/PrintDialog";
import { ExportDialog, type ExportTarget } from "./ExportDialog";
import { ImportDialog } from "./ImportDialog";
import "./files.css";

interface Files {
  /** Opens the Open files dialog, with `files` already chosen. */
  openImport(files?: ChosenFile[]): void;
  /** Opens the Export dialog for `target`. */
  openExport(target: ExportTarget): void;
  /** Opens the Print dialog (preview, Save as PDF, Print…) for `target`. */
  openPrint(target: PrintTarget): void;
}

const FilesContext = createContext<Files | null>(null);

type Open =
  | { kind: "import"; files: ChosenFile[]; id: number }
  | { kind: "export"; target: ExportTarget }
  | { kind: "print"; target: PrintTarget }
  | null;

/** Provides the files dialogs to everything below, and listens for Ctrl+O and dropped files. */
export function FilesProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const [open, setOpen] = useState<Open>(null);
  const openImport = useCallback((files: ChosenFile[] = []) => setOpen({ kind: "import", files, id: Date.now() }), []);
  const openExport = useCallback((target: ExportTarget) => setOpen({ kind: "export", target }), []);
  const openPrint = useCallback((target: PrintTarget) => setOpen({ kind: "print", target }), []);
  useEffect(() => backend.onFilesDropped((files) => openImport(files)), [backend, openImport]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "o") {
        event.preventDefault();
        openImport();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openImport]);
  const files = useMemo(() => ({ openImport, openExport, openPrint }), [openImport, openExport, openPrint]);
  const close = () => setOpen(null);
  return (
    <FilesContext.Provider value={files}>
      {children}
      {open?.kind === "import" && <ImportDialog key={open.id} initial={open.files} onClose={close} />}
      {open?.kind === "export" && <ExportDialog target={open.target} onClose={close} />}
      {open?.kind === "print" && <PrintDialog target={open.target} onClose={close} />}
    </FilesContext.Provider>
  );
}

/** The files dialogs; throws outside a `FilesProvider` (a programming error). */
export function useFiles(): Files {
  const files = useContext(FilesContext);
  if (!files) throw new Error("useFiles outside FilesProvider");
  return files;
}
