//! File → Open: CASE packages (JSON) and OneRoster CSV bundles (folders or zips) chosen in the
//! system's dialog, dropped on the window or typed, imported under a connection with progress
//! and a cancel, then each file's outcome and warnings.

import { useState } from "react";

import type { OpenChoice } from "../../backend/Backend";
import type { AppError } from "../../bindings/AppError";
import type { ImportedFile } from "../../bindings/ImportedFile";
import type { Progress } from "../../bindings/Progress";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import { ErrorView } from "../../ui/ErrorView";
import { Modal } from "../../ui/Modal";
import { ProgressBar } from "../../ui/ProgressBar";
import { baseName, typedPaths } from "./filesModel";
import { ImportResults } from "./ImportResults";

/** The connection imported files go to unless the user names another. */
export const FILES_CONNECTION = "Files";

/** The Open files dialog, starting with `initial` paths (dropped or chosen). */
export function ImportDialog({ initial, onClose }: { initial: string[]; onClose: () => void }) {
  const backend = useBackend();
  const [paths, setPaths] = useState<string[]>(initial);
  const [typed, setTyped] = useState("");
  const [connection, setConnection] = useState(FILES_CONNECTION);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<ImportedFile[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  const add = (more: string[]) => setPaths((now) => [...new Set([...now, ...more])]);
  const choose = async (what: OpenChoice) => {
    try {
      const chosen = await backend.chooseOpen(what);
      if (chosen) add(chosen);
    } catch (e) {
      setError(toAppError(e));
    }
  };
  const run = async (which: string[], force: boolean) => {
    setRunning(true);
    setError(null);
    setProgress(null);
    try {
      const summary = await backend.importFiles(connection.trim(), which, force, setProgress);
      setResults((before) => {
        if (!force || !before) return summary.files;
        const again = new Map(summary.files.map((f) => [f.path, f]));
        return before.map((f) => again.get(f.path) ?? f);
      });
    } catch (e) {
      setError(toAppError(e));
    } finally {
      setRunning(false);
    }
  };
  const addTyped = () => {
    add(typedPaths(typed));
    setTyped("");
  };

  const footer = running ? (
    <button type="button" onClick={() => void backend.cancel("import")}>
      Cancel import
    </button>
  ) : (
    <>
      <button type="button" onClick={onClose}>
        {results ? "Done" : "Close"}
      </button>
      <button type="button" className="primary" disabled={paths.length === 0 || connection.trim() === ""} onClick={() => void run(paths, false)}>
        {results ? "Import again" : `Import ${paths.length === 1 ? "1 file" : `${paths.length} files`}`}
      </button>
    </>
  );
  return (
    <Modal title="Open files" onClose={onClose} busy={running} footer={footer}>
      <p className="muted">
        CASE packages (<code>.json</code>, bare or wrapped in <code>CFPackage</code>) and OneRoster CSV bundles (a folder or a{" "}
        <code>.zip</code>, 1.1 or 1.2). You can also drop them on the window.
      </p>
      <div className="file-pick">
        <button type="button" onClick={() => void choose("imports")} disabled={running}>
          Choose files…
        </button>
        <button type="button" onClick={() => void choose("folder")} disabled={running}>
          Choose a bundle folder…
        </button>
      </div>
      <label className="field">
        <span>Or type a path</span>
        <span className="field-row">
          <input
            type="text"
            aria-label="Path to open"
            value={typed}
            placeholder="/home/me/exports/oneroster.zip"
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && typed.trim()) {
                e.preventDefault();
                addTyped();
              }
            }}
            disabled={running}
          />
          <button type="button" onClick={addTyped} disabled={running || typed.trim() === ""}>
            Add
          </button>
        </span>
      </label>
      {paths.length > 0 ? (
        <ul className="chosen-paths" aria-label="Files to open">
          {paths.map((path) => (
            <li key={path}>
              <span title={path}>{baseName(path)}</span> <span className="muted">{path}</span>
              <button
                type="button"
                className="quiet"
                aria-label={`Remove ${baseName(path)}`}
                disabled={running}
                onClick={() => setPaths((now) => now.filter((p) => p !== path))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No file chosen yet.</p>
      )}
      <label className="field">
        <span>Into the connection</span>
        <input type="text" aria-label="Connection" value={connection} onChange={(e) => setConnection(e.target.value)} disabled={running} />
        <span className="muted">Imported records are kept under this name, apart from what you sync.</span>
      </label>
      {running && <ProgressBar progress={progress} label="Import progress" />}
      {error && <ErrorView error={error} />}
      {results && <ImportResults files={results} busy={running} onReplace={(path) => void run([path], true)} />}
    </Modal>
  );
}
