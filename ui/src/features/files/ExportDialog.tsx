//! Export: a framework (whole or the selected subtree) as CSV or as a workbook (.xlsx, every
//! level), a framework as a CASE package, a connection's rosters as a OneRoster 1.2 CSV bundle —
//! to a file chosen in the system's save dialog (or typed and confirmed in a native dialog),
//! with progress and a cancel; the file is written whole or not at all.

import { useState } from "react";

import type { AppError } from "../../bindings/AppError";
import type { ExportDone } from "../../bindings/ExportDone";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { Progress } from "../../bindings/Progress";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import { announce } from "../../ui/announcer";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { Modal } from "../../ui/Modal";
import { ProgressBar } from "../../ui/ProgressBar";
import { type ExportKind, exportAnnouncement, exportExtension, exportName, isSubtree } from "./filesModel";
import { SaveAsField } from "./SaveAsField";
import { useSaveDestination } from "./useSaveDestination";

/** What can be exported from where the user is. */
export type ExportTarget =
  | { kind: "framework"; key: FrameworkKey; title: string; subtree: { identifier: string; label: string } | null }
  | { kind: "rosters"; connection: string };

const KIND_LABELS: Record<ExportKind, string> = {
  csv: "The whole framework as CSV",
  subtree: "The selected subtree as CSV",
  xlsx: "The whole framework as a workbook (.xlsx): every level, its associations, its document",
  subtreeXlsx: "The selected subtree as a workbook (.xlsx)",
  package: "The framework as a CASE package (JSON)",
  rosters: "The connection's rosters as a OneRoster 1.2 CSV bundle (zip)",
};

/** The Export dialog for `target`. */
export function ExportDialog({ target, onClose }: { target: ExportTarget; onClose: () => void }) {
  const backend = useBackend();
  const kinds: ExportKind[] =
    target.kind === "rosters"
      ? ["rosters"]
      : target.subtree
        ? ["csv", "subtree", "xlsx", "subtreeXlsx", "package"]
        : ["csv", "xlsx", "package"];
  const [kind, setKind] = useState<ExportKind>(kinds[0] as ExportKind);
  const [written, setWritten] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState<ExportDone | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const name =
    target.kind === "rosters"
      ? exportName(target.connection, "rosters")
      : exportName(target.title, kind, target.subtree?.label);
  const destination = useSaveDestination(name, exportExtension(kind), setError);

  const finish = (written: ExportDone) => {
    setDone(written);
    announce(exportAnnouncement(written));
  };
  const run = async () => {
    setRunning(true);
    setError(null);
    setDone(null);
    setProgress(null);
    try {
      const to = await destination.grant();
      if (!to) return;
      setWritten(to);
      announce("Exporting…");
      if (target.kind === "rosters") finish(await backend.exportRosters(target.connection, to, setProgress));
      else if (kind === "package") finish(await backend.exportFrameworkPackage(target.key, to));
      else {
        const subtree = isSubtree(kind) ? (target.subtree?.identifier ?? null) : null;
        const xlsx = exportExtension(kind) === "xlsx";
        finish(
          await (xlsx
            ? backend.exportFrameworkXlsx(target.key, subtree, to, setProgress)
            : backend.exportFrameworkCsv(target.key, subtree, to, setProgress)),
        );
      }
    } catch (e) {
      const error = toAppError(e);
      setError(error);
      if (error.code === "cancelled") announce("Export cancelled: nothing written");
      else announce(`Export failed: ${error.message}`, "assertive");
    } finally {
      setRunning(false);
    }
  };

  const footer = running ? (
    <button type="button" onClick={() => void backend.cancel("export")}>
      Cancel export
    </button>
  ) : (
    <>
      <button type="button" onClick={onClose}>
        {done ? "Done" : "Close"}
      </button>
      <button type="button" className="primary" disabled={destination.path.trim() === ""} onClick={() => void run()}>
        Export
      </button>
    </>
  );
  const title = target.kind === "rosters" ? `Export the rosters of ${target.connection}` : `Export ${target.title}`;
  return (
    <Modal title={title} onClose={onClose} busy={running} footer={footer}>
      {kinds.length > 1 && (
        <fieldset className="export-kinds">
          <legend>What to export</legend>
          {kinds.map((k) => (
            <label key={k}>
              <input
                type="radio"
                name="export-kind"
                value={k}
                checked={kind === k}
                disabled={running}
                onChange={() => {
                  setKind(k);
                  setDone(null);
                  if (destination.edited) destination.retype((p) => p.replace(/\.[^./\\]*$/, `.${exportExtension(k)}`));
                }}
              />{" "}
              {KIND_LABELS[k]}
              {isSubtree(k) && target.kind === "framework" && target.subtree && (
                <span className="muted"> — under {target.subtree.label}</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
      {kinds.length === 1 && <p>{KIND_LABELS[kind]}.</p>}
      <SaveAsField destination={destination} disabled={running} />
      {running && (
        <ProgressBar
          stage={progress?.stage ?? "Starting…"}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          label="Export progress"
        />
      )}
      {error && <ErrorView error={error} />}
      {done && (
        <p className="export-done" role="status">
          Saved {done.rows > 0 ? `${formatCount(done.rows)} ${kind === "package" ? "records" : "rows"}` : "the file"} to{" "}
          <code>{done.path}</code>.{" "}
          <button
            type="button"
            className="link"
            onClick={() => written && void backend.revealFile(written).catch(() => undefined)}
          >
            Show in folder
          </button>
        </p>
      )}
    </Modal>
  );
}
