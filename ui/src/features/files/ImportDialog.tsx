//! File → Open: CASE packages (JSON) and OneRoster CSV bundles (folders or zips) chosen in the
//! system's dialog, dropped on the window or typed (and confirmed in a native dialog), imported
//! under a connection with progress and a cancel, then each file's outcome and warnings. Every
//! file is a grant the backend handed out; the page never names a path to read.

import { useState } from "react";

import type { OpenChoice } from "../../backend/Backend";
import type { AppError } from "../../bindings/AppError";
import type { ChosenFile } from "../../bindings/ChosenFile";
import type { ImportedFile } from "../../bindings/ImportedFile";
import type { Progress } from "../../bindings/Progress";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import { announce } from "../../ui/announcer";
import { ErrorView } from "../../ui/ErrorView";
import { Modal } from "../../ui/Modal";
import { ProgressBar } from "../../ui/ProgressBar";
import { importAnnouncement, typedPaths } from "./filesModel";
import { ImportResults } from "./ImportResults";

/** The connection imported files go to unless the user names another. */
export const FILES_CONNECTION = "Files";

/** The Open files dialog, starting with `initial` files (dropped or chosen). */
export function ImportDialog({ initial, onClose }: { initial: ChosenFile[]; onClose: () => void }) {
  const backend = useBackend();
  const [chosen, setChosen] = useState<ChosenFile[]>(initial);
  const [typed, setTyped] = useState("");
  const [connection, setConnection] = useState(FILES_CONNECTION);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<ImportedFile[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  const add = (more: ChosenFile[]) =>
    setChosen((now) => [...now, ...more.filter((file) => !now.some((known) => known.path === file.path))]);
  const choose = async (what: OpenChoice) => {
    try {
      const picked = await backend.chooseOpen(what);
      if (picked) add(picked);
    } catch (e) {
      setError(toAppError(e));
    }
  };
  const grantOf = (path: string) => chosen.find((file) => file.path === path)?.grant ?? null;
  const run = async (which: ChosenFile[], force: boolean) => {
    setRunning(true);
    setError(null);
    setProgress(null);
    try {
      const grants = which.map((file) => file.grant);
      announce(`Importing ${which.length === 1 ? "1 file" : `${which.length} files`}…`);
      const summary = await backend.importFiles(connection.trim(), grants, force, setProgress);
      const said = importAnnouncement(summary.files);
      announce(said.text, said.politeness);
      setResults((before) => {
        if (!force || !before) return summary.files;
        const again = new Map(summary.files.map((f) => [f.path, f]));
        return before.map((f) => again.get(f.path) ?? f);
      });
    } catch (e) {
      const error = toAppError(e);
      setError(error);
      if (error.code === "cancelled") announce("Import cancelled: nothing written");
      else announce(`Import failed: ${error.message}`, "assertive");
    } finally {
      setRunning(false);
    }
  };
  // Each typed path is shown to the user in a native confirmation before anything reads it.
  const addTyped = async () => {
    setError(null);
    try {
      for (const path of typedPaths(typed)) {
        const confirmed = await backend.confirmTypedPath(path, "open");
        if (confirmed) add([confirmed]);
      }
      setTyped("");
    } catch (e) {
      setError(toAppError(e));
    }
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
      <button
        type="button"
        className="primary"
        disabled={chosen.length === 0 || connection.trim() === ""}
        onClick={() => void run(chosen, false)}
      >
        {results ? "Import again" : `Import ${chosen.length === 1 ? "1 file" : `${chosen.length} files`}`}
      </button>
    </>
  );
  return (
    <Modal title="Open files" onClose={onClose} busy={running} footer={footer}>
      <p className="muted">
        CASE packages (<code>.json</code>, bare or wrapped in <code>CFPackage</code>) and OneRoster CSV bundles (a
        folder or a <code>.zip</code>, 1.1 or 1.2). You can also drop them on the window.
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
                void addTyped();
              }
            }}
            disabled={running}
          />
          <button type="button" onClick={() => void addTyped()} disabled={running || typed.trim() === ""}>
            Add
          </button>
        </span>
      </label>
      {chosen.length > 0 ? (
        <ul className="chosen-paths" aria-label="Files to open">
          {chosen.map((file) => (
            <li key={file.grant}>
              <span title={file.path}>{file.name}</span> <span className="muted">{file.path}</span>
              <button
                type="button"
                className="quiet"
                aria-label={`Remove ${file.name}`}
                disabled={running}
                onClick={() => setChosen((now) => now.filter((f) => f.grant !== file.grant))}
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
        <input
          type="text"
          aria-label="Connection"
          value={connection}
          onChange={(e) => setConnection(e.target.value)}
          disabled={running}
        />
        <span className="muted">Imported records are kept under this name, apart from what you sync.</span>
      </label>
      {running && (
        <ProgressBar
          stage={progress?.stage ?? "Starting…"}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          label="Import progress"
        />
      )}
      {error && <ErrorView error={error} />}
      {results && (
        <ImportResults
          files={results}
          busy={running}
          grantOf={grantOf}
          onReplace={(path) =>
            void run(
              chosen.filter((file) => file.path === path),
              true,
            )
          }
        />
      )}
    </Modal>
  );
}
