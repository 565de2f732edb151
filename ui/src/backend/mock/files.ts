//! The fake backend's files in and out: imports answer from a table of known paths (a bundle
//! with a bad row, a package kept back because the cache is newer), exports record what they
//! were asked to write, dialogs answer what a test set. Like the real backend it hands out
//! grants for chosen files and refuses any other.

import type { ChosenFile } from "../../bindings/ChosenFile";
import type { ImportedFile } from "../../bindings/ImportedFile";
import type { WorkbookSheet } from "../../bindings/WorkbookSheet";
import type { Backend } from "../Backend";

type FileMethods = Pick<
  Backend,
  | "importFiles"
  | "importRow"
  | "checkFiles"
  | "exportFrameworkCsv"
  | "exportFrameworkXlsx"
  | "exportFrameworkPackage"
  | "printPreview"
  | "savePdf"
  | "printDialog"
  | "exportRosters"
  | "writeFile"
  | "writeWorkbook"
  | "chooseOpen"
  | "chooseSave"
  | "confirmTypedPath"
  | "suggestPath"
  | "revealFile"
  | "onFilesDropped"
>;

type Answer = <T>(command: string, args: Record<string, unknown>, run: () => T) => Promise<T>;

/** What a test sets for the fake dialogs and inspects of the fake files. */
export interface MockFiles {
  /** What the open dialog answers next. */
  openAnswer: string[] | null;
  /** What the save dialog answers next (`undefined`: the suggested name in the documents folder). */
  saveAnswer: string | null | undefined;
  /** Whether the user confirms a typed path. */
  confirmTyped: boolean;
  /** Bytes written, by path. */
  written: Map<string, Uint8Array>;
  /** Workbooks written from the window's tables, by path. */
  workbooks: Map<string, WorkbookSheet[]>;
  /** Drops files on the window. */
  drop(paths: string[]): void;
}

/** A bundle whose users.csv has a bad date on line 3. */
export const DIRTY_BUNDLE = "/data/dirty";
/** A package older than the cached copy of its framework. */
export const OLDER_PACKAGE = "/data/older.json";

function imported(path: string, force: boolean): ImportedFile {
  const base: ImportedFile = {
    path,
    bundle: !path.endsWith(".json"),
    outcome: "imported",
    document: null,
    records: 12,
    warnings: [],
    warningCount: 0,
    replaced: null,
    error: null,
  };
  if (path === DIRTY_BUNDLE) {
    const warnings = [
      { file: "users.csv", line: 3, column: "birthDate", reason: '"1999-02-30" is not a date (YYYY-MM-DD); left out' },
      { file: "enrollments.csv", line: 0, column: null, reason: "no such file in the manifest; read anyway" },
    ];
    return { ...base, warnings, warningCount: warnings.length };
  }
  if (path === OLDER_PACKAGE) {
    const replaced = {
      cached: { title: "Maths", version: "2", lastChange: "2024-05-01T00:00:00Z" },
      imported: { title: "Maths", version: "1", lastChange: "2023-01-01T00:00:00Z" },
    };
    return force
      ? { ...base, document: "doc-1", replaced }
      : { ...base, outcome: "keptNewer", document: "doc-1", records: 0, replaced };
  }
  if (path.includes("missing")) {
    return {
      ...base,
      outcome: "failed",
      records: 0,
      error: { code: "not_found", message: `${path}: No such file`, detail: null },
    };
  }
  return base;
}

/** The file methods, and the test's handle on them. */
export function fileMethods(answer: Answer): FileMethods & { files: MockFiles } {
  const dropListeners = new Set<(files: ChosenFile[]) => void>();
  const grants = new Map<string, { path: string; write: boolean }>();
  const grant = (path: string, write: boolean): ChosenFile => {
    const id = `${write ? "write" : "read"}-${grants.size + 1}`;
    grants.set(id, { path, write });
    return {
      grant: id,
      path,
      name:
        path
          .replace(/[\\/]+$/, "")
          .split(/[\\/]/)
          .pop() ?? path,
    };
  };
  /** The path `id` grants, as the real backend refuses a grant it did not hand out. */
  const granted = (id: string, write: boolean): string => {
    const known = grants.get(id);
    if (!known || known.write !== write)
      throw { code: "invalid", message: "no file was chosen for this", detail: null };
    return known.path;
  };
  const files: MockFiles = {
    openAnswer: null,
    saveAnswer: undefined,
    confirmTyped: true,
    written: new Map(),
    workbooks: new Map(),
    drop: (paths) => {
      const chosen = paths.map((path) => grant(path, false));
      dropListeners.forEach((listener) => listener(chosen));
    },
  };
  const done = (path: string, rows: number) => ({ path, rows, bytes: rows * 40 });
  return {
    files,
    importFiles: (connection, ids, force, onProgress) =>
      answer("import_files", { connection, grants: ids, force }, () => {
        const paths = ids.map((id) => granted(id, false));
        paths.forEach((path, i) => onProgress?.({ task: "import", stage: path, done: i + 1, total: paths.length }));
        return { connection, files: paths.map((path) => imported(path, force)) };
      }),
    importRow: (id, file, line) =>
      answer("import_row", { grant: id, file, line }, () => ({
        file,
        line,
        header: ["sourcedId", "givenName", "birthDate"],
        cells: ["u2", "Ann", "1999-02-30"],
      })),
    checkFiles: (ids) =>
      answer("check_files", { grants: ids }, () =>
        ids.map((id) => ({
          path: granted(id, false),
          class: "CFPackage",
          counts: [["CFItems", 3] as [string, number]],
          violations: [{ file: "", line: 0, column: "$.CFItems[1].fullStatement", reason: "required and absent" }],
          deviations: [
            { file: "", line: 0, column: "$.CFDocument.lastChangeDateTime", reason: "a date-time without a timezone" },
          ],
          fieldNotes: [
            {
              file: "",
              line: 0,
              column: "$.CFItems[0].CFDocumentURI",
              reason:
                'CFPckgItem has no property "CFDocumentURI": CFItem\'s link to its document, outside the package form, as servers in the field send it',
            },
            {
              file: "",
              line: 0,
              column: "$.CFDocument.CFPackageURI",
              reason:
                'CFPckgDocument has no property "CFPackageURI": CFDocument\'s link to its package, outside the package form, as servers in the field send it',
            },
          ],
          error: null,
        })),
      ),
    exportFrameworkCsv: (key, subtree, id, onProgress) =>
      answer("export_framework_csv", { key, subtree, grant: id }, () => {
        onProgress?.({ task: "export", stage: key.identifier, done: 3, total: 3 });
        return done(granted(id, true), subtree ? 2 : 3);
      }),
    exportFrameworkXlsx: (key, subtree, id, onProgress) =>
      answer("export_framework_xlsx", { key, subtree, grant: id }, () => {
        onProgress?.({ task: "export", stage: key.identifier, done: 3, total: 3 });
        return done(granted(id, true), subtree ? 2 : 3);
      }),
    printPreview: (source, columns) =>
      answer("print_preview", { source, columns }, () => ({
        document: {
          title:
            source.kind === "framework" ? "Mathematics" : source.kind === "search" ? "Search results" : "Crosswalk",
          scope: source.kind === "framework" && source.subtree ? "A.1 Counting" : null,
          fields: [
            { label: "Publisher", value: "Cairn" },
            { label: "Version", value: "1.0" },
          ],
          columns,
          items: [
            {
              level: 1,
              code: "A.1",
              statement: "Counting with $x^2$",
              notes: null,
              itemType: "Standard",
              educationLevel: ["01"],
              associations: [],
              heading: false,
            },
          ],
        },
        total: 1,
      })),
    savePdf: (source, columns, id, onProgress) =>
      answer("save_pdf", { source, columns, grant: id }, () => {
        onProgress?.({ task: "export", stage: "Writing the PDF", done: 0, total: null });
        return done(granted(id, true), 1);
      }),
    printDialog: (source, columns) => answer("print_dialog", { source, columns }, () => true),
    exportFrameworkPackage: (key, id) =>
      answer("export_framework_package", { key, grant: id }, () => done(granted(id, true), 7)),
    exportRosters: (connection, id) =>
      answer("export_rosters", { connection, grant: id }, () => done(granted(id, true), 40)),
    writeFile: (id, bytes) =>
      answer("write_file", { grant: id }, () => {
        const path = granted(id, true);
        files.written.set(path, bytes);
        return done(path, 0);
      }),
    writeWorkbook: (id, sheets) =>
      answer("write_workbook", { grant: id, sheets }, () => {
        const path = granted(id, true);
        files.workbooks.set(path, sheets);
        return done(
          path,
          sheets.reduce((n, sheet) => n + sheet.rows.length, 0),
        );
      }),
    chooseOpen: (what) =>
      answer("choose_open", { what }, () => files.openAnswer?.map((path) => grant(path, false)) ?? null),
    chooseSave: (name, extension) =>
      answer("choose_save", { name, extension }, () => {
        const path = files.saveAnswer === undefined ? `/home/me/Documents/${name}` : files.saveAnswer;
        return path === null ? null : grant(path, true);
      }),
    confirmTypedPath: (path, purpose) =>
      answer("confirm_typed_path", { path, purpose }, () =>
        files.confirmTyped ? grant(path.trim(), purpose === "save") : null,
      ),
    suggestPath: (name) => Promise.resolve(`/home/me/Documents/${name}`),
    revealFile: (id) => answer("reveal_file", { grant: id }, () => void granted(id, true)),
    onFilesDropped(listener) {
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
  };
}
