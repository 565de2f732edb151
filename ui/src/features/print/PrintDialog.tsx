//! Print: the open framework or the subtree under the selected item, a search's results, or a
//! crosswalk as the window shows it, previewed as it will print
//! (the print renderer on sheets of the page's size), with the optional columns to choose, then
//! **Save as PDF** (the file chosen in the save dialog, or typed and confirmed in a native
//! dialog; laid out and printed by a hidden web view, with progress in stages and a cancel) or
//! **Print…** through the system's dialog. The outcome is announced.

import { useEffect, useMemo, useState } from "react";

import type { AppError } from "../../bindings/AppError";
import type { ExportDone } from "../../bindings/ExportDone";
import type { PrintColumns } from "../../bindings/PrintColumns";
import type { PrintPreview as Preview } from "../../bindings/PrintPreview";
import type { Progress } from "../../bindings/Progress";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import { announce } from "../../ui/announcer";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { Modal } from "../../ui/Modal";
import { ProgressBar } from "../../ui/ProgressBar";
import { SaveAsField } from "../files/SaveAsField";
import { useSaveDestination } from "../files/useSaveDestination";
import { PrintPreview } from "./PrintPreview";
import {
  DEFAULT_COLUMNS,
  type PrintScope,
  type PrintTarget,
  columnChoices,
  itemCount,
  pdfAnnouncement,
  pdfName,
  previewNote,
  printedSource,
} from "./printModel";

export type { PrintTarget } from "./printModel";

/** The Print dialog for `target`. */
export function PrintDialog({ target, onClose }: { target: PrintTarget; onClose: () => void }) {
  const backend = useBackend();
  const [scope, setScope] = useState<PrintScope>(target.subtree ? "subtree" : "framework");
  const [columns, setColumns] = useState<PrintColumns>(DEFAULT_COLUMNS);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState<"pdf" | "print" | null>(null);
  const [done, setDone] = useState<ExportDone | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  // The target is the dialog's for its life: the source changes only with the scope chosen.
  const source = useMemo(() => printedSource(target, scope), [target, scope]);
  const choices = columnChoices(source);
  const name = pdfName(target.title, scope === "subtree" ? target.subtree?.label : null);

  useEffect(() => {
    let current = true;
    setPreview(null);
    backend.printPreview(source, columns).then(
      (p) => current && setPreview(p),
      (e) => current && setError(toAppError(e)),
    );
    return () => {
      current = false;
    };
  }, [backend, source, columns]);

  const destination = useSaveDestination(name, "pdf", setError);

  const failed = (e: unknown, what: string) => {
    const error = toAppError(e);
    setError(error);
    if (error.code === "cancelled") announce(`${what} cancelled: nothing written`);
    else announce(`${what} failed: ${error.message}`, "assertive");
  };
  const savePdf = async () => {
    setError(null);
    setDone(null);
    setProgress(null);
    try {
      const to = await destination.grant();
      if (!to) return;
      setRunning("pdf");
      announce("Saving the PDF…");
      const written = await backend.savePdf(source, columns, to, setProgress);
      setDone(written);
      announce(pdfAnnouncement(written));
    } catch (e) {
      failed(e, "Saving the PDF");
    } finally {
      setRunning(null);
    }
  };
  const print = async () => {
    setError(null);
    setProgress(null);
    setRunning("print");
    try {
      const printed = await backend.printDialog(source, columns, setProgress);
      announce(printed ? "Sent to the printer" : "Printing cancelled");
    } catch (e) {
      failed(e, "Printing");
    } finally {
      setRunning(null);
    }
  };

  const footer = running ? (
    <button type="button" onClick={() => void backend.cancel("export")}>
      Cancel
    </button>
  ) : (
    <>
      <button type="button" onClick={onClose}>
        {done ? "Done" : "Close"}
      </button>
      <button type="button" onClick={() => void print()}>
        Print…
      </button>
      <button
        type="button"
        className="primary"
        disabled={destination.path.trim() === ""}
        onClick={() => void savePdf()}
      >
        Save as PDF
      </button>
    </>
  );
  return (
    <Modal title={`Print ${target.title}`} onClose={onClose} busy={running !== null} footer={footer} wide>
      <div className="print-options">
        {target.subtree && (
          <fieldset>
            <legend>What to print</legend>
            <label>
              <input
                type="radio"
                name="print-scope"
                value="framework"
                checked={scope === "framework"}
                disabled={running !== null}
                onChange={() => setScope("framework")}
              />{" "}
              The whole framework
            </label>
            <label>
              <input
                type="radio"
                name="print-scope"
                value="subtree"
                checked={scope === "subtree"}
                disabled={running !== null}
                onChange={() => setScope("subtree")}
              />{" "}
              The subtree under {target.subtree.label}
            </label>
          </fieldset>
        )}
        {choices.length > 0 && (
          <fieldset>
            <legend>Columns</legend>
            {choices.map(([column, label]) => (
              <label key={column}>
                <input
                  type="checkbox"
                  checked={columns[column]}
                  disabled={running !== null}
                  onChange={(e) => setColumns({ ...columns, [column]: e.target.checked })}
                />{" "}
                {label}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      {preview ? (
        <>
          <p className="muted" aria-live="polite">
            {previewNote(itemCount(preview.document), preview.total)}
          </p>
          <PrintPreview document={preview.document} />
        </>
      ) : (
        !error && <p className="muted">Laying out the preview…</p>
      )}
      <SaveAsField destination={destination} disabled={running !== null} />
      {running && (
        <ProgressBar
          stage={progress?.stage ?? "Building the document"}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          label="Print progress"
        />
      )}
      {error && <ErrorView error={error} />}
      {done && (
        <p className="export-done" role="status">
          Saved {formatCount(done.rows)} {done.rows === 1 ? "item" : "items"} to <code>{done.path}</code>.
        </p>
      )}
    </Modal>
  );
}
