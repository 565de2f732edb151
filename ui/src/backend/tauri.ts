//! The real backend: each Tauri command wrapped with its argument names and result type. The
//! only module (with `opener.ts`) that imports `@tauri-apps/*`. Files are never named to a
//! command: the dialogs run in Rust and answer grants (`ChosenFile`), which the file commands take.

import { Channel, invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import { documentDir, join } from "@tauri-apps/api/path";
import { getCurrentWebview } from "@tauri-apps/api/webview";
import { openUrl } from "@tauri-apps/plugin-opener";

import type { About } from "../bindings/About";
import type { AcademicCalendar } from "../bindings/AcademicCalendar";
import type { AppSettings } from "../bindings/AppSettings";
import type { AssociationTypeInfo } from "../bindings/AssociationTypeInfo";
import type { ConnectionList } from "../bindings/ConnectionList";
import type { ConnectionTest } from "../bindings/ConnectionTest";
import type { SyncStatus } from "../bindings/SyncStatus";
import type { SyncSummary } from "../bindings/SyncSummary";
import type { Children } from "../bindings/Children";
import type { ClassPage } from "../bindings/ClassPage";
import type { ClassTable } from "../bindings/ClassTable";
import type { DataChecks } from "../bindings/DataChecks";
import type { DemographicsRecord } from "../bindings/DemographicsRecord";
import type { RecordPage } from "../bindings/RecordPage";
import type { RosterLevel } from "../bindings/RosterLevel";
import type { RosterSource } from "../bindings/RosterSource";
import type { UserHit } from "../bindings/UserHit";
import type { UserPage } from "../bindings/UserPage";
import type { CrosswalkReport } from "../bindings/CrosswalkReport";
import type { FrameworkGroup } from "../bindings/FrameworkGroup";
import type { FrameworkKey } from "../bindings/FrameworkKey";
import type { PrintPreview } from "../bindings/PrintPreview";
import type { FrameworkMap } from "../bindings/FrameworkMap";
import type { FrameworkOutline } from "../bindings/FrameworkOutline";
import type { GroupingTree } from "../bindings/GroupingTree";
import type { ItemDetail } from "../bindings/ItemDetail";
import type { FetchedEnd } from "../bindings/FetchedEnd";
import type { NeighbourhoodGraph } from "../bindings/NeighbourhoodGraph";
import type { BundleRow } from "../bindings/BundleRow";
import type { ExportDone } from "../bindings/ExportDone";
import type { FileCheck } from "../bindings/FileCheck";
import type { ImportSummary } from "../bindings/ImportSummary";
import type { Progress } from "../bindings/Progress";
import type { Progression } from "../bindings/Progression";
import type { Rubric } from "../bindings/Rubric";
import type { SearchHit } from "../bindings/SearchHit";
import type { Session } from "../bindings/Session";
import type { StartReport } from "../bindings/StartReport";
import type { VersionDiff } from "../bindings/VersionDiff";
import type { CellSave } from "../bindings/CellSave";
import type { ResultsPost } from "../bindings/ResultsPost";
import type { ClassGradebook } from "../bindings/ClassGradebook";
import type { OutboxItem } from "../bindings/OutboxItem";
import type { SendReport } from "../bindings/SendReport";
import type { UnsentCount } from "../bindings/UnsentCount";
import type { WriteAccess } from "../bindings/WriteAccess";
import type { ChosenFile } from "../bindings/ChosenFile";
import type { Backend } from "./Backend";
import { toAppError } from "./errors";
import type { EventName, EventPayloads } from "./events";
import { isExternalUrl } from "./links";

/** Listens to the backend's event `name` (its payload typed by the name); answers the function
 * that stops listening, which also stops a listener that had not started yet. */
function listenTo<N extends EventName>(name: N, listener: (payload: EventPayloads[N]) => void): () => void {
  let stopped = false;
  let unlisten: (() => void) | null = null;
  listen<EventPayloads[N]>(name, (event) => listener(event.payload))
    .then((stop) => {
      if (stopped) stop();
      else unlisten = stop;
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    unlisten?.();
  };
}

async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error) {
    throw toAppError(error);
  }
}

/** A channel relaying progress to `onProgress` (or nowhere). */
function progressChannel(onProgress?: (progress: Progress) => void): Channel<Progress> {
  const channel = new Channel<Progress>();
  if (onProgress) channel.onmessage = onProgress;
  return channel;
}

/** The backend of the desktop window. */
export function createTauriBackend(): Backend {
  return {
    appStart(onProgress) {
      const channel = new Channel<Progress>();
      channel.onmessage = onProgress;
      return call<StartReport>("app_start", { onProgress: channel });
    },
    sandboxSetDataAside: () => call<string>("sandbox_set_data_aside"),
    listFrameworks: () => call<FrameworkGroup[]>("list_frameworks"),
    openFramework: (key: FrameworkKey) => call<FrameworkOutline>("open_framework", { key }),
    treeChildren: (key, parents) => call<Children[]>("tree_children", { key, parents }),
    frameworkMap: (key) => call<FrameworkMap>("framework_map", { key }),
    treeDescendants: (key, node) => call<Children[]>("tree_descendants", { key, node }),
    treePaths: (key, identifier) => call<string[][]>("tree_paths", { key, identifier }),
    itemDetail: (key, identifier) => call<ItemDetail>("item_detail", { key, identifier }),
    fetchEnd: (connection, uri) => call<FetchedEnd>("fetch_end", { connection, uri }),
    search(query, limit, onProgress) {
      const channel = new Channel<Progress>();
      if (onProgress) channel.onmessage = onProgress;
      return call<SearchHit[]>("search", { query, limit, onProgress: channel });
    },
    sessionLoad: () => call<Session | null>("session_load"),
    sessionSave: async (session) => {
      await call<unknown>("session_save", { session });
    },
    relationGraph: (key, identifier, depth, limit) =>
      call<NeighbourhoodGraph>("relation_graph", { key, identifier, depth, limit }),
    progressions: (key, identifier) => call<Progression[]>("progressions", { key, identifier }),
    rubrics: (key) => call<Rubric[]>("rubrics", { key }),
    itemRubrics: (key, identifier) => call<Rubric[]>("item_rubrics", { key, identifier }),
    crosswalk: (from, to) => call<CrosswalkReport>("crosswalk", { from, to }),
    versionDiff: (old, next) => call<VersionDiff>("version_diff", { old, new: next }),
    groupingTree: (key, groupings) => call<GroupingTree>("grouping_tree", { key, groupings }),
    associationTypes: (key) => call<AssociationTypeInfo[]>("association_types", { key }),
    importFiles(connection, grants, force, onProgress) {
      return call<ImportSummary>("import_files", {
        connection,
        grants,
        force,
        onProgress: progressChannel(onProgress),
      });
    },
    importRow: (grant, file, line) => call<BundleRow>("import_row", { grant, file, line }),
    checkFiles: (grants) => call<FileCheck[]>("check_files", { grants }),
    exportFrameworkCsv: (key, subtree, grant, onProgress) =>
      call<ExportDone>("export_framework_csv", { key, subtree, grant, onProgress: progressChannel(onProgress) }),
    exportFrameworkXlsx: (key, subtree, grant, onProgress) =>
      call<ExportDone>("export_framework_xlsx", { key, subtree, grant, onProgress: progressChannel(onProgress) }),
    printPreview: (source, columns) => call<PrintPreview>("print_preview", { source, columns }),
    savePdf: (source, columns, grant, onProgress) =>
      call<ExportDone>("save_pdf", { source, columns, grant, onProgress: progressChannel(onProgress) }),
    printDialog: (source, columns, onProgress) =>
      call<boolean>("print_dialog", { source, columns, onProgress: progressChannel(onProgress) }),
    exportFrameworkPackage: (key, grant) => call<ExportDone>("export_framework_package", { key, grant }),
    exportRosters: (connection, grant, onProgress) =>
      call<ExportDone>("export_rosters", { connection, grant, onProgress: progressChannel(onProgress) }),
    writeFile: (grant, bytes) => call<ExportDone>("write_file", { grant, bytes: Array.from(bytes) }),
    writeWorkbook: (grant, sheets) => call<ExportDone>("write_workbook", { grant, sheets }),
    chooseOpen: (what) => call<ChosenFile[] | null>("choose_open", { what }),
    chooseSave: (name, extension) => call<ChosenFile | null>("choose_save", { name, extension }),
    confirmTypedPath: (path, purpose) => call<ChosenFile | null>("confirm_typed_path", { path, purpose }),
    async suggestPath(name) {
      try {
        return await join(await documentDir(), name);
      } catch {
        return name;
      }
    },
    revealFile: async (grant) => {
      await call<unknown>("reveal_file", { grant });
    },
    onFilesDropped: (listener) => listenTo("files-dropped", listener),
    rosterSources: () => call<RosterSource[]>("roster_sources"),
    rosterLevel: (connection, scope) => call<RosterLevel>("roster_level", { connection, scope }),
    rosterCalendar: (connection) => call<AcademicCalendar>("roster_calendar", { connection }),
    rosterClasses: (connection, query) => call<ClassTable>("roster_classes", { connection, query }),
    rosterClass: (connection, id) => call<ClassPage>("roster_class", { connection, id }),
    rosterUser: (connection, id) => call<UserPage>("roster_user", { connection, id }),
    rosterSearchUsers: (connection, query, limit) =>
      call<UserHit[]>("roster_search_users", { connection, query, limit }),
    rosterDemographics: (connection, user) => call<DemographicsRecord>("roster_demographics", { connection, user }),
    rosterChecks: (connection) => call<DataChecks>("roster_checks", { connection }),
    rosterRecord: (connection, collection, id) => call<RecordPage>("roster_record", { connection, collection, id }),
    rosterExportClass: (connection, classId, demographics) =>
      call<string>("roster_export_class", { connection, class: classId, demographics }),
    connectionsList: () => call<ConnectionList>("connections_list"),
    connectionSave: async (form, original) => {
      await call<unknown>("connection_save", { form, original });
    },
    connectionDuplicate: async (name, copy) => {
      await call<unknown>("connection_duplicate", { name, copy });
    },
    connectionRemove: async (name, discardUnsent = false) => {
      await call<unknown>("connection_remove", { name, discardUnsent });
    },
    connectionTest: (name) => call<ConnectionTest>("connection_test", { name }),
    connectionTestForm: (form, original) => call<ConnectionTest>("connection_test_form", { form, original }),
    syncConnection(name, full, onProgress) {
      const channel = new Channel<Progress>();
      if (onProgress) channel.onmessage = onProgress;
      return call<SyncSummary>("sync_connection", { name, full, onProgress: channel });
    },
    syncStatus: (name) => call<SyncStatus>("sync_status", { name }),
    settingsLoad: () => call<AppSettings>("settings_load"),
    settingsSave: async (settings) => {
      await call<unknown>("settings_save", { settings });
    },
    about: () => call<About>("about"),
    resetCache: async (discardUnsent = false) => {
      await call<unknown>("reset_cache", { discardUnsent });
    },
    gradebookClass: (connection, classId) => call<ClassGradebook>("gradebook_class", { connection, classId }),
    gradebookAccess: (connection) => call<WriteAccess>("gradebook_access", { connection }),
    gradebookSaveCell: (connection, edit) => call<CellSave>("gradebook_save_cell", { connection, edit }),
    gradebookPostResults: (connection, edits, label) =>
      call<ResultsPost>("gradebook_post_results", { connection, edits, label }),
    gradebookPut: (connection, collection, record, label) =>
      call<number>("gradebook_put", { connection, collection, record, label }),
    gradebookPost: (connection, operation, parent, records, label) =>
      call<number>("gradebook_post", { connection, operation, parent, records, label }),
    gradebookDelete: (connection, collection, id, label) =>
      call<number>("gradebook_delete", { connection, collection, id, label }),
    gradebookSend: (connection) => call<SendReport>("gradebook_send", { connection }),
    gradebookOutbox: (connection, unsentOnly) => call<OutboxItem[]>("gradebook_outbox", { connection, unsentOnly }),
    gradebookUnsent: () => call<UnsentCount[]>("gradebook_unsent"),
    gradebookRetry: (id, body) => call<boolean>("gradebook_retry", { id, body: body ?? null }),
    gradebookDiscard: (id) => call<boolean>("gradebook_discard", { id }),
    gradebookNewId: () => call<string>("gradebook_new_id"),
    cancel: async (task) => {
      await call<unknown>("cancel", { task });
    },
    onCloseRequested: (listener) => listenTo("close-requested", (payload) => listener(payload.unsent)),
    closeWindow: async () => {
      await call<unknown>("close_window");
    },
    onCacheChanged: (listener) => listenTo("cache-changed", (payload) => listener(payload.connection)),
    async openExternal(url) {
      if (!isExternalUrl(url)) throw toAppError(`not a link the app opens: ${url}`);
      try {
        await openUrl(url);
      } catch (error) {
        throw toAppError(error);
      }
    },
    async setZoom(factor) {
      try {
        await getCurrentWebview().setZoom(factor);
      } catch (error) {
        throw toAppError(error);
      }
    },
  };
}
