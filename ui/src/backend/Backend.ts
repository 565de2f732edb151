//! The app's command layer as the UI sees it: one typed method per Tauri command, plus the
//! cache-changed event and the system browser. The real one is `tauri.ts`; `mock/` is for tests
//! and for looking at the UI in a plain browser.

import type { About } from "../bindings/About";
import type { AcademicCalendar } from "../bindings/AcademicCalendar";
import type { AppSettings } from "../bindings/AppSettings";
import type { AssociationTypeInfo } from "../bindings/AssociationTypeInfo";
import type { ConnectionForm } from "../bindings/ConnectionForm";
import type { ConnectionList } from "../bindings/ConnectionList";
import type { ConnectionTest } from "../bindings/ConnectionTest";
import type { SyncStatus } from "../bindings/SyncStatus";
import type { SyncSummary } from "../bindings/SyncSummary";
import type { Children } from "../bindings/Children";
import type { ClassPage } from "../bindings/ClassPage";
import type { ClassQuery } from "../bindings/ClassQuery";
import type { ClassTable } from "../bindings/ClassTable";
import type { DataChecks } from "../bindings/DataChecks";
import type { DemographicsRecord } from "../bindings/DemographicsRecord";
import type { RecordPage } from "../bindings/RecordPage";
import type { RosterLevel } from "../bindings/RosterLevel";
import type { RosterScope } from "../bindings/RosterScope";
import type { RosterSource } from "../bindings/RosterSource";
import type { UserHit } from "../bindings/UserHit";
import type { UserPage } from "../bindings/UserPage";
import type { CrosswalkReport } from "../bindings/CrosswalkReport";
import type { FrameworkGroup } from "../bindings/FrameworkGroup";
import type { FrameworkKey } from "../bindings/FrameworkKey";
import type { PrintColumns } from "../bindings/PrintColumns";
import type { PrintPreview } from "../bindings/PrintPreview";
import type { PrintSource } from "../bindings/PrintSource";
import type { FrameworkMap } from "../bindings/FrameworkMap";
import type { FrameworkOutline } from "../bindings/FrameworkOutline";
import type { GroupingTree } from "../bindings/GroupingTree";
import type { ItemDetail } from "../bindings/ItemDetail";
import type { FetchedEnd } from "../bindings/FetchedEnd";
import type { NeighbourhoodGraph } from "../bindings/NeighbourhoodGraph";
import type { ChosenFile } from "../bindings/ChosenFile";
import type { BundleRow } from "../bindings/BundleRow";
import type { ExportDone } from "../bindings/ExportDone";
import type { FileCheck } from "../bindings/FileCheck";
import type { ImportSummary } from "../bindings/ImportSummary";
import type { Progress } from "../bindings/Progress";
import type { Progression } from "../bindings/Progression";
import type { Rubric } from "../bindings/Rubric";
import type { SearchHit } from "../bindings/SearchHit";
import type { Session } from "../bindings/Session";
import type { SnapshotRef } from "../bindings/SnapshotRef";
import type { StartReport } from "../bindings/StartReport";
import type { VersionDiff } from "../bindings/VersionDiff";
import type { WorkbookSheet } from "../bindings/WorkbookSheet";
import type { CellEdit } from "../bindings/CellEdit";
import type { CellSave } from "../bindings/CellSave";
import type { ResultsPost } from "../bindings/ResultsPost";
import type { ClassGradebook } from "../bindings/ClassGradebook";
import type { OutboxItem } from "../bindings/OutboxItem";
import type { SendReport } from "../bindings/SendReport";
import type { UnsentCount } from "../bindings/UnsentCount";
import type { WriteAccess } from "../bindings/WriteAccess";

/** What an open dialog asks for. */
export type OpenChoice = "imports" | "folder" | "certificate";

/** What a typed path is confirmed for. */
export type TypedPurpose = "open" | "save";

/** Every call rejects with an `AppError` (see `errors.ts`). */
export interface Backend {
  /** `app_start`: on first launch syncs the built-in sandbox, reporting progress. */
  appStart(onProgress: (progress: Progress) => void): Promise<StartReport>;
  /**
   * `sandbox_set_data_aside`: renames the built-in sandbox's unreadable database beside it
   * (nothing deleted) so that the next start makes fresh demo data; answers its new path.
   */
  sandboxSetDataAside(): Promise<string>;
  /** `list_frameworks`. */
  listFrameworks(): Promise<FrameworkGroup[]>;
  /** `open_framework`. */
  openFramework(key: FrameworkKey): Promise<FrameworkOutline>;
  /** `tree_children`: the children of each of `parents`. */
  treeChildren(key: FrameworkKey, parents: string[]): Promise<Children[]>;
  /** `framework_map`: the whole tree depth first with each item's type and education levels, for the map. */
  frameworkMap(key: FrameworkKey): Promise<FrameworkMap>;
  /** `tree_descendants`: the children of every node below `node`. */
  treeDescendants(key: FrameworkKey, node: string): Promise<Children[]>;
  /** `tree_paths`: every path from a root row down to `identifier`. */
  treePaths(key: FrameworkKey, identifier: string): Promise<string[][]>;
  /** `item_detail`. */
  itemDetail(key: FrameworkKey, identifier: string): Promise<ItemDetail>;
  /** `fetch_end`: the item at `uri` fetched from the saved `connection` with its framework, cached; where to open it. */
  fetchEnd(connection: string, uri: string): Promise<FetchedEnd>;
  /** `search`: full text over every cached framework, best first, reporting the hits read;
   * a new search cancels the one still running, and so does `cancel("search")`. */
  search(query: string, limit: number, onProgress?: (progress: Progress) => void): Promise<SearchHit[]>;
  /** `session_load`. */
  sessionLoad(): Promise<Session | null>;
  /** `session_save`. */
  sessionSave(session: Session): Promise<void>;
  /** `cancel`: cancels a running task: `sync`, `sync:<connection>`, `search` or `import`. */
  cancel(task: string): Promise<void>;
  /** `import_files`: CASE package files and OneRoster CSV bundles into the cache under
   * `connection`, reporting progress; with `force`, an older package replaces a newer cached
   * copy. Each file answers for itself; cancelled as task `import`. */
  importFiles(
    connection: string,
    grants: string[],
    force: boolean,
    onProgress?: (progress: Progress) => void,
  ): Promise<ImportSummary>;
  /** `import_row`: the row of a chosen bundle's file that an import warning names. */
  importRow(grant: string, file: string, line: number): Promise<BundleRow>;
  /** `check_files`: `cairn check` of chosen JSON files. */
  checkFiles(grants: string[]): Promise<FileCheck[]>;
  /** `export_framework_csv`: a framework, or the subtree under `subtree`, as CSV into the chosen
   * file; cancelled as task `export`. */
  exportFrameworkCsv(
    key: FrameworkKey,
    subtree: string | null,
    grant: string,
    onProgress?: (progress: Progress) => void,
  ): Promise<ExportDone>;
  /** `export_framework_xlsx`: a framework, or the subtree under `subtree`, as a workbook (.xlsx) with
   * every level, its associations and its document into the chosen file; cancelled as task `export`. */
  exportFrameworkXlsx(
    key: FrameworkKey,
    subtree: string | null,
    grant: string,
    onProgress?: (progress: Progress) => void,
  ): Promise<ExportDone>;
  /** `print_preview`: the print document of `source` (a framework or a subtree, a search's results,
   * a crosswalk) with `columns`: its first entries (the preview), and how many items it has. */
  printPreview(source: PrintSource, columns: PrintColumns): Promise<PrintPreview>;
  /** `save_pdf`: the print document as a PDF into the chosen file (laid out and printed by a hidden
   * web view, its pages numbered), with progress in stages; cancelled as task `export`. */
  savePdf(
    source: PrintSource,
    columns: PrintColumns,
    grant: string,
    onProgress?: (progress: Progress) => void,
  ): Promise<ExportDone>;
  /** `print_dialog`: the print document through the system's print dialog; whether the user printed. */
  printDialog(source: PrintSource, columns: PrintColumns, onProgress?: (progress: Progress) => void): Promise<boolean>;
  /** `export_framework_package`: a framework as a CASE package file into the chosen file. */
  exportFrameworkPackage(key: FrameworkKey, grant: string): Promise<ExportDone>;
  /** `export_rosters`: a connection's rosters as a zipped OneRoster 1.2 CSV bundle into the chosen file. */
  exportRosters(connection: string, grant: string, onProgress?: (progress: Progress) => void): Promise<ExportDone>;
  /** `write_file`: bytes the window made (a graph, a CSV) into the chosen file. */
  writeFile(grant: string, bytes: Uint8Array): Promise<ExportDone>;
  /** `write_workbook`: tables the window shows (a crosswalk's pairs, a roster's classes) as a workbook (.xlsx) into the chosen file, one sheet each. */
  writeWorkbook(grant: string, sheets: WorkbookSheet[]): Promise<ExportDone>;
  /** `choose_open`: the system's open dialog (shown by the backend): files to import, one bundle
   * folder, or one CA certificate, each granted for reading; `null` when closed without a choice. */
  chooseOpen(what: OpenChoice): Promise<ChosenFile[] | null>;
  /** `choose_save`: the system's save dialog in the documents folder with `name` suggested, the
   * file granted for writing; `null` when closed without a choice. */
  chooseSave(name: string, extension: string): Promise<ChosenFile | null>;
  /** `confirm_typed_path`: a path the user typed, granted once they confirm it in a native
   * dialog; `null` when they do not. */
  confirmTypedPath(path: string, purpose: TypedPurpose): Promise<ChosenFile | null>;
  /** Where a file named `name` is suggested to go (the documents folder), for showing. */
  suggestPath(name: string): Promise<string>;
  /** `reveal_file`: shows a chosen file in the system's file manager. */
  revealFile(grant: string): Promise<void>;
  /** Listens to files dropped on the window (granted for reading by the backend); returns the
   * function that stops listening. */
  onFilesDropped(listener: (files: ChosenFile[]) => void): () => void;
  /** `relation_graph`: the neighbourhood of `identifier`, `depth` (1–3) associations either way, at most `limit` nodes. */
  relationGraph(key: FrameworkKey, identifier: string, depth: number, limit: number): Promise<NeighbourhoodGraph>;
  /** `progressions`: the `precedes` chains through `identifier`. */
  progressions(key: FrameworkKey, identifier: string): Promise<Progression[]>;
  /** `rubrics`: every rubric of a framework. */
  rubrics(key: FrameworkKey): Promise<Rubric[]>;
  /** `item_rubrics`: the rubrics with a criterion naming `identifier`. */
  itemRubrics(key: FrameworkKey, identifier: string): Promise<Rubric[]>;
  /** `crosswalk`: the pairs linking two cached frameworks, with each side's coverage. */
  crosswalk(from: FrameworkKey, to: FrameworkKey): Promise<CrosswalkReport>;
  /** `version_diff`: what changed from `old` to `new`. */
  versionDiff(old: SnapshotRef, next: SnapshotRef): Promise<VersionDiff>;
  /** `grouping_tree`: the tree built from the isChildOf links of `groupings` (all when empty). */
  groupingTree(key: FrameworkKey, groupings: string[]): Promise<GroupingTree>;
  /** `association_types`: the defined association types with the specification's meaning; with
   * `key`, then the other types that framework uses, with the definition it gives them. */
  associationTypes(key: FrameworkKey | null): Promise<AssociationTypeInfo[]>;
  /** `roster_sources`: the connections holding roster data. */
  rosterSources(): Promise<RosterSource[]>;
  /** `roster_level`: one level of the roster navigation, with counts. */
  rosterLevel(connection: string, scope: RosterScope): Promise<RosterLevel>;
  /** `roster_calendar`: school years → terms → grading periods, today's marked. */
  rosterCalendar(connection: string): Promise<AcademicCalendar>;
  /** `roster_classes`: the classes of a scope, filtered and sorted. */
  rosterClasses(connection: string, query: ClassQuery): Promise<ClassTable>;
  /** `roster_class`: a class page. */
  rosterClass(connection: string, id: string): Promise<ClassPage>;
  /** `roster_user`: a user page. */
  rosterUser(connection: string, id: string): Promise<UserPage>;
  /** `roster_search_users`: users by name, email, username or identifier, as typed. */
  rosterSearchUsers(connection: string, query: string, limit: number): Promise<UserHit[]>;
  /** `roster_demographics`: a user's demographics, revealed (refused without the scope). */
  rosterDemographics(connection: string, user: string): Promise<DemographicsRecord>;
  /** `roster_checks`: the data checks. */
  rosterChecks(connection: string): Promise<DataChecks>;
  /** `roster_record`: any roster record's page. */
  rosterRecord(connection: string, collection: string, id: string): Promise<RecordPage>;
  /** `roster_export_class`: a class roster as CSV into `exports/`; answers the path. */
  rosterExportClass(connection: string, classId: string, demographics: boolean): Promise<string>;
  /** `connections_list`: every connection (never a secret) and why the keyring cannot be used. */
  connectionsList(): Promise<ConnectionList>;
  /** `connection_save`: a new connection (`original` null) or a change of `original`. The form's
   * secret goes to the OS keyring; nothing ever sends it back. */
  connectionSave(form: ConnectionForm, original: string | null): Promise<void>;
  /** `connection_duplicate`: a copy of `name` as `copy`, its secret copied inside the keyring. */
  connectionDuplicate(name: string, copy: string): Promise<void>;
  /** `connection_remove`: the connection, its cached data and its secret. Refused with code
   * `unsent` (how many, in the message) while it has unsent gradebook changes, unless
   * `discardUnsent`: the user confirmed they may be lost. */
  connectionRemove(name: string, discardUnsent?: boolean): Promise<void>;
  /** `connection_test`: a token's granted scopes and each service's answer. */
  connectionTest(name: string): Promise<ConnectionTest>;
  /** `connection_test_form`: the form as typed, tested before saving (an empty secret while editing `original` uses its stored one). */
  connectionTestForm(form: ConnectionForm, original: string | null): Promise<ConnectionTest>;
  /** `sync_connection`: syncs in full or incrementally with progress; cancelled as task `sync:<name>`. */
  syncConnection(name: string, full: boolean, onProgress?: (progress: Progress) => void): Promise<SyncSummary>;
  /** `sync_status`: each collection's last sync and last complete sync. */
  syncStatus(name: string): Promise<SyncStatus>;
  /** `settings_load`. */
  settingsLoad(): Promise<AppSettings>;
  /** `settings_save`. */
  settingsSave(settings: AppSettings): Promise<void>;
  /** `reset_cache`: empties the cache; saved connections and settings stay. Refused with code
   * `unsent` while any gradebook change is unsent, unless `discardUnsent`. */
  resetCache(discardUnsent?: boolean): Promise<void>;
  /** `about`: this build's release and commit, and the data folder. */
  about(): Promise<About>;
  /** `gradebook_class`: a class's gradebook, unsent writes laid over what the server holds. */
  gradebookClass(connection: string, classId: string): Promise<ClassGradebook>;
  /** `gradebook_access`: whether writes may be made, and why not. */
  gradebookAccess(connection: string): Promise<WriteAccess>;
  /** `gradebook_save_cell`: a cell's edit checked and, when it passes, stored for sending. */
  gradebookSaveCell(connection: string, edit: CellEdit): Promise<CellSave>;
  /** `gradebook_put`: a PUT of one record (`collection`: lineItems, results, categories,
   * scoreScales, assessmentLineItems, assessmentResults) stored for sending; its number. */
  gradebookPut(connection: string, collection: string, record: unknown, label: string): Promise<number>;
  /** `gradebook_post_results`: new results of one line item's cells, checked, stored as one `postResultsForLineItem`; nothing stored when a cell is refused. */
  gradebookPostResults(connection: string, edits: CellEdit[], label: string): Promise<ResultsPost>;
  /** `gradebook_post`: a bulk POST (`postLineItemsForClass`, `postResultsForLineItem`) stored for sending. */
  gradebookPost(
    connection: string,
    operation: string,
    parent: string,
    records: unknown[],
    label: string,
  ): Promise<number>;
  /** `gradebook_delete`: a DELETE stored for sending. */
  gradebookDelete(connection: string, collection: string, id: string, label: string): Promise<number>;
  /** `gradebook_send`: sends the connection's pending writes. */
  gradebookSend(connection: string): Promise<SendReport>;
  /** `gradebook_outbox`: every write made from this computer (newest first), or the unsent ones. */
  gradebookOutbox(connection: string | null, unsentOnly: boolean): Promise<OutboxItem[]>;
  /** `gradebook_unsent`: unsent writes per connection. */
  gradebookUnsent(): Promise<UnsentCount[]>;
  /** `gradebook_retry`: a failed write back in line, with a new body when given. */
  gradebookRetry(id: number, body: unknown): Promise<boolean>;
  /** `gradebook_discard`: gives up an unsent write (kept in the audit). */
  gradebookDiscard(id: number): Promise<boolean>;
  /** `gradebook_new_id`: a new UUID. */
  gradebookNewId(): Promise<string>;
  /** Listens to `close-requested`: the window was asked to close with `unsent` gradebook
   * changes; it stays open until `closeWindow`. Returns the function that stops listening. */
  onCloseRequested(listener: (unsent: number) => void): () => void;
  /** `close_window`: closes the window, unsent changes or not. */
  closeWindow(): Promise<void>;
  /** Listens to `cache-changed`; returns the function that stops listening. */
  onCacheChanged(listener: (connection: string) => void): () => void;
  /** Opens an http(s) or mailto link in the system browser. */
  openExternal(url: string): Promise<void>;
  /** The web view's zoom (1 is 100%): the page is laid out anew at that scale, text kept sharp. */
  setZoom(factor: number): Promise<void>;
}
