//! The TypeScript declarations in `ui/src/bindings/` are generated from the app's Rust types by
//! ts-rs; this test fails when they are stale. Regenerate with
//! `UPDATE_BINDINGS=1 cargo test -p cairn-explorer --test it bindings`. Every 64-bit integer is a
//! TypeScript `number` (counts, sizes, outbox ids: all far below 2^53), never a `bigint`, which
//! JSON from the backend never holds.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cairn_explorer::app::*;
use cairn_sync::{SyncMode, SyncOutcome};
use ts_rs::{Config, TS};

/// Exports every type the app's commands take or answer into `dir`.
fn export_all(dir: &Path) {
    let cfg = Config::new().with_out_dir(dir).with_large_int("number");
    macro_rules! export {
        ($($t:ty),* $(,)?) => { $( <$t as TS>::export_all(&cfg).expect(stringify!($t)); )* };
    }
    export!(
        AppError,
        ErrorCode,
        AppEvent,
        CacheChanged,
        CloseRequested,
        Transport,
        SyncOutcome,
        SyncMode,
        WriteMethod,
        OutboxState,
        RecordState,
        ServiceName,
        Progress,
        StartReport,
        FrameworkGroup,
        FrameworkOutline,
        FrameworkMap,
        MapRow,
        Children,
        ItemDetail,
        SearchHit,
        FieldMatch,
        SyncSummary,
        CollectionSummary,
        Session,
        SavedExploration,
        Location,
        FrameworkKey,
        SourceKind,
        FrameworkSummary,
        NodeKind,
        TreeRow,
        Crumb,
        LinkEnd,
        FetchedEnd,
        AssociationLink,
        AssociationDirection,
        AssociationGroup,
        Segment,
        ErrorDetail,
        StatusObject,
        Failure,
        ImportSummary,
        ImportedFile,
        FileCheck,
        BundleRow,
        ExportDone,
        ChosenFile,
        cairn_files::export::print::PrintDocument,
        cairn_files::export::print::PrintPart,
        PrintPreview,
        PrintSource,
        WorkbookSheet,
        NeighbourhoodGraph,
        GraphNode,
        GraphEdge,
        GroupingRef,
        Progression,
        ProgressionStep,
        Rubric,
        RubricCriterion,
        RubricLevel,
        CrosswalkReport,
        CrosswalkSide,
        CrosswalkGroup,
        CrosswalkPair,
        ItemSummary,
        SubtreeRef,
        TypeShare,
        SnapshotRef,
        VersionDiff,
        DiffSection,
        DiffRecord,
        FieldDiff,
        DiffMark,
        DiffTreeRow,
        GroupingTree,
        GroupingTreeRow,
        AssociationTypeInfo,
        TypeDefinition,
        DemographicsAccess,
        RosterSource,
        RosterScope,
        ScopeCounts,
        NavKind,
        NavEntry,
        NavCrumb,
        RosterLevel,
        CalendarSession,
        AcademicCalendar,
        ClassColumn,
        ClassSort,
        ColumnFilter,
        ClassQuery,
        ClassTableRow,
        ClassTable,
        RecordLink,
        SessionEntry,
        ClassMember,
        LineItemEntry,
        ClassPage,
        UserNames,
        FieldLine,
        UserRoleEntry,
        AgentEntry,
        UserEnrollment,
        UserPage,
        UserHit,
        DemographicsRecord,
        CheckRecord,
        CheckResult,
        DataChecks,
        RecordPage,
        FieldLink,
        ServicePaths,
        ConnectionForm,
        ConnectionView,
        ConnectionList,
        ServiceCheck,
        ConnectionTest,
        CollectionState,
        SyncStatus,
        AppSettings,
        About,
        WriteFailure,
        OutboxItem,
        IdPair,
        SendReport,
        UnsentCount,
        GradebookCategory,
        GradebookScale,
        GradebookLineItem,
        GradebookStudent,
        GradebookCell,
        WriteAccess,
        ClassGradebook,
        GradebookRecordRef,
        CellEdit,
        CellSave,
        RefusedCell,
        ResultsPost,
        CellCheck,
        CheckFinding,
        ResultDraft,
        ScoreLimits,
    );
}

/// Every file below `dir`, by path relative to it.
fn files(dir: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                out.insert(path.strip_prefix(dir).unwrap().to_owned(), text);
            }
        }
    }
    out
}

#[test]
fn no_binding_is_a_bigint() {
    let fresh = tempfile::tempdir().unwrap();
    export_all(fresh.path());
    let declares_bigint = |text: &str| {
        text.lines().map(str::trim_start).any(|l| !l.starts_with('*') && !l.starts_with("/*") && l.contains("bigint"))
    };
    let bigints: Vec<_> =
        files(fresh.path()).into_iter().filter(|(_, text)| declares_bigint(text)).map(|(p, _)| p).collect();
    assert!(bigints.is_empty(), "these bindings declare a bigint the backend never sends: {bigints:?}");
}

#[test]
fn the_ui_bindings_are_generated_from_the_rust_types() {
    let committed = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../ui/src/bindings");
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        let _ = std::fs::remove_dir_all(&committed);
        export_all(&committed);
        return;
    }
    let fresh = tempfile::tempdir().unwrap();
    export_all(fresh.path());
    let (fresh, committed) = (files(fresh.path()), files(&committed));
    let stale: Vec<_> =
        fresh.iter().filter(|(path, text)| committed.get(*path) != Some(text)).map(|(p, _)| p).collect();
    let extra: Vec<_> = committed.keys().filter(|path| !fresh.contains_key(*path)).collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "ui/src/bindings is stale (differs: {stale:?}; not generated: {extra:?}); \
         run UPDATE_BINDINGS=1 cargo test -p cairn-explorer --test it bindings"
    );
}
