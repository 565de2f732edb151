//! What an import did, file by file: its outcome and records, the copy it replaced, the newer
//! copy it did not replace (with the choice to replace it anyway), its failure, and its
//! warnings by file, line and column — a click shows the row; `cairn check` one click away,
//! its findings by level (field notes folded away).

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";

import type { FileCheck } from "../../bindings/FileCheck";
import type { FileWarning } from "../../bindings/FileWarning";
import type { ImportedFile } from "../../bindings/ImportedFile";
import { useBackend } from "../../backend/context";
import { toAppError } from "../../backend/errors";
import { ErrorView } from "../../ui/ErrorView";
import { formatCount } from "../../ui/formatCount";
import { baseName, copyLine, hasRow, outcomeLabel, warningPlace } from "./filesModel";

/** What the results need of the dialog: the grant of each imported path, and a forced import
 * again of a kept-back file. */
interface ResultsProps {
  busy: boolean;
  grantOf: (path: string) => string | null;
  onReplace: (path: string) => void;
}

/** The results of one import; `onReplace` imports a kept-back file again, forced. */
export function ImportResults({ files, ...props }: { files: ImportedFile[] } & ResultsProps) {
  return (
    <ul className="import-results" aria-label="Imported files">
      {files.map((file) => (
        <ImportedFileView key={file.path} file={file} {...props} />
      ))}
    </ul>
  );
}

function ImportedFileView({ file, onReplace, busy, grantOf }: { file: ImportedFile } & ResultsProps) {
  const grant = grantOf(file.path);
  const [shown, setShown] = useState<FileWarning | null>(null);
  return (
    <li className={`imported-file outcome-${file.outcome}`} aria-label={baseName(file.path)}>
      <div className="imported-head">
        <strong title={file.path}>{baseName(file.path)}</strong>
        <span className="badge" data-outcome={file.outcome}>
          {outcomeLabel(file.outcome)}
        </span>
        {file.outcome === "imported" && <span className="muted num">{formatCount(file.records)} records</span>}
        {file.warningCount > 0 && <span className="muted num">{formatCount(file.warningCount)} warnings</span>}
        {!file.bundle && grant && file.path.toLowerCase().endsWith(".json") && (
          <CheckButton path={file.path} grant={grant} />
        )}
      </div>
      {file.error && <ErrorView error={file.error} />}
      {file.replaced && file.outcome === "imported" && (
        <p className="replaced">
          Replaced the cached copy {copyLine(file.replaced.cached)} with {copyLine(file.replaced.imported)}.
        </p>
      )}
      {file.replaced && file.outcome === "keptNewer" && (
        <div className="kept-newer" role="group" aria-label="Copies of the framework">
          <p>
            The cache already holds framework <code>{file.document}</code>, and its copy is newer. Importing this file
            would replace it with an older version.
          </p>
          <table className="copies">
            <tbody>
              <tr>
                <th scope="row">In the cache</th>
                <td>{copyLine(file.replaced.cached)}</td>
              </tr>
              <tr>
                <th scope="row">This file</th>
                <td>{copyLine(file.replaced.imported)}</td>
              </tr>
            </tbody>
          </table>
          <button type="button" disabled={busy} onClick={() => onReplace(file.path)}>
            Replace the newer copy with this file
          </button>
        </div>
      )}
      {file.warnings.length > 0 && (
        <>
          <table className="warnings" aria-label={`Warnings of ${baseName(file.path)}`}>
            <thead>
              <tr>
                <th scope="col">Where</th>
                <th scope="col">What was wrong, and what was done</th>
              </tr>
            </thead>
            <tbody>
              {file.warnings.map((warning, i) => (
                <Fragment key={i}>
                  <tr aria-selected={shown === warning}>
                    <td className="num">
                      {grant && hasRow(warning) ? (
                        <button
                          type="button"
                          className="link"
                          title="Show the row"
                          onClick={() => setShown(shown === warning ? null : warning)}
                        >
                          {warningPlace(warning)}
                        </button>
                      ) : (
                        warningPlace(warning)
                      )}
                    </td>
                    <td>{warning.reason}</td>
                  </tr>
                  {grant && shown === warning && (
                    <tr className="row-view">
                      <td colSpan={2}>
                        <RowView grant={grant} warning={warning} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
          {file.warningCount > file.warnings.length && (
            <p className="muted">
              The first {formatCount(file.warnings.length)} of {formatCount(file.warningCount)} warnings are listed.
            </p>
          )}
        </>
      )}
    </li>
  );
}

/** The row a warning names, header beside value, the warned column marked. */
function RowView({ grant, warning }: { grant: string; warning: FileWarning }) {
  const backend = useBackend();
  const row = useQuery({
    queryKey: ["files", "row", grant, warning.file, warning.line],
    queryFn: () => backend.importRow(grant, warning.file, warning.line),
    staleTime: Infinity,
    retry: false,
  });
  if (row.error) return <ErrorView error={toAppError(row.error)} />;
  if (!row.data)
    return (
      <p className="muted">
        Reading {warning.file}, line {warning.line}…
      </p>
    );
  const { header, cells, file, line } = row.data;
  const width = Math.max(header.length, cells.length);
  return (
    <table className="bundle-row" aria-label={`Row ${file}:${line}`}>
      <caption>
        {file}, line {line}
      </caption>
      <tbody>
        {Array.from({ length: width }, (_, i) => (
          <tr key={i} className={header[i] === warning.column ? "warned" : undefined}>
            <th scope="row">{header[i] ?? `(column ${i + 1}, no header)`}</th>
            <td>{cells[i] ?? <span className="muted">(missing)</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `cairn check` of a JSON file: what it holds and its findings by level — violations and
 * deviations listed, field notes (what servers in the field send outside the specification's
 * form) counted and folded away. */
function CheckButton({ path, grant }: { path: string; grant: string }) {
  const backend = useBackend();
  const [open, setOpen] = useState(false);
  const checked = useQuery({
    queryKey: ["files", "check", grant],
    queryFn: async () => (await backend.checkFiles([grant]))[0] ?? null,
    enabled: open,
    staleTime: Infinity,
    retry: false,
  });
  const run = () => setOpen(!open);
  const error = checked.error ? toAppError(checked.error) : null;
  const check = checked.data ?? null;
  return (
    <>
      <button type="button" className="quiet" aria-expanded={open} onClick={run}>
        Check against the specification
      </button>
      {open && (
        <div className="file-check" role="region" aria-label={`Check of ${baseName(path)}`}>
          {error && <ErrorView error={error} />}
          {check?.error && <ErrorView error={check.error} />}
          {!check && !error && <p className="muted">Checking…</p>}
          {check && !check.error && <CheckFindings check={check} />}
        </div>
      )}
    </>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A check's findings: a line of counts by level, the violations and deviations, and the field
 * notes in a fold of their own. */
function CheckFindings({ check }: { check: FileCheck }) {
  const { violations, deviations, fieldNotes } = check;
  const listed = [
    ...violations.map((f) => ({ f, level: "violation" })),
    ...deviations.map((f) => ({ f, level: "deviation" })),
  ];
  return (
    <>
      <p>
        A {check.class}: {check.counts.map(([name, n]) => `${formatCount(n)} ${name}`).join(", ")}.{" "}
        {violations.length === 0
          ? "Nothing breaks the specification"
          : `${plural(violations.length, "violation breaks", "violations break")} the specification`}
        {`; ${plural(deviations.length, "tolerated deviation", "tolerated deviations")}; ${plural(fieldNotes.length, "field note", "field notes")}.`}
      </p>
      {listed.length > 0 && (
        <ul className="findings" aria-label="Violations and deviations">
          {listed.map(({ f, level }, i) => (
            <li key={i} data-level={level}>
              <code>{f.column}</code> {f.reason} <span className="muted">({level})</span>
            </li>
          ))}
        </ul>
      )}
      {fieldNotes.length > 0 && (
        <details className="field-notes">
          <summary>
            {plural(fieldNotes.length, "field note", "field notes")}: what servers in the field send outside the
            specification's form (nothing to fix)
          </summary>
          <ul className="findings" aria-label="Field notes">
            {fieldNotes.map((f, i) => (
              <li key={i} data-level="field-note">
                <code>{f.column}</code> {f.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
