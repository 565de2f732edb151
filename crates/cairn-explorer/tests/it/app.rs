//! The app's functions without a window: first launch against the real built-in sandbox over
//! HTTPS, the explorer's reads from the real SQLite cache, the session (read and written on the
//! blocking pool), and errors as the UI receives them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cairn_explorer::app::{
    App, BUILTIN_CONNECTION, ErrorCode, FrameworkKey, ImportOutcome, Location, Progress, SavedExploration, Session,
};

use crate::{NOW, deterministic_app};

fn app(dir: &std::path::Path, changes: Arc<Mutex<Vec<String>>>) -> App {
    let on_cache_change = move |connection: &str| changes.lock().unwrap().push(connection.to_owned());
    deterministic_app(dir, 7, NOW, Box::new(on_cache_change))
}

fn key(identifier: &str) -> FrameworkKey {
    FrameworkKey { connection: BUILTIN_CONNECTION.to_owned(), identifier: identifier.to_owned() }
}

const ORDERING: &str = "b1750dc6-f058-11e7-b894-8d445e7af8cb";
const CROSSWALK: &str = "20c5134f-423d-4097-a971-3dd5152bf507";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_launch_fills_the_cache_from_the_builtin_sandbox_and_the_explorer_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let changes = Arc::new(Mutex::new(Vec::new()));
    let app = app(dir.path(), changes.clone());
    let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());

    let report = app.start(&|p| seen.lock().unwrap().push(p)).await.expect("first launch");
    assert!(report.first_launch);
    assert!(report.session.is_none());
    let seen = seen.into_inner().unwrap();
    assert!(seen.iter().all(|p| p.task == "sync"), "{seen:?}");
    assert!(seen.iter().any(|p| p.total.is_some_and(|t| p.done == t && t > 0)), "a stage reaches its total");
    assert_eq!(changes.lock().unwrap().as_slice(), [BUILTIN_CONNECTION]);

    // The sidebar: the built-in sandbox's frameworks, each with its item count.
    let groups = app.list_frameworks().await.unwrap();
    let builtin = groups.iter().find(|g| g.connection == BUILTIN_CONNECTION).expect("the built-in group");
    let ordering = builtin.frameworks.iter().find(|f| f.key.identifier == ORDERING).expect("the ordering package");
    assert_eq!(ordering.item_count, 65);
    assert!(builtin.frameworks.iter().any(|f| f.key.identifier == CROSSWALK));

    // The tree: roots in sequenceNumber order, children lazily.
    let outline = app.open_framework(key(ORDERING)).await.unwrap();
    let codes: Vec<_> = outline.roots.iter().map(|r| r.human_coding_scheme.clone().unwrap_or_default()).collect();
    assert_eq!(codes.len(), 4);
    assert_eq!(&codes[2..], ["H.A.SCI.SCP", "H.A.SCI.CSC"], "{codes:?}");
    let first = outline.roots.iter().max_by_key(|r| r.child_count).unwrap().clone();
    assert!(first.child_count > 0);
    let children = app.tree_children(key(ORDERING), vec![first.identifier.clone()]).await.unwrap();
    assert_eq!(children[0].parent, first.identifier);
    assert_eq!(children[0].children.len(), first.child_count as usize);
    let all = app.tree_descendants(key(ORDERING), first.identifier.clone()).await.unwrap();
    let below: usize = all.iter().map(|c| c.children.len()).sum();
    assert_eq!(below, first.subtree_count as usize);

    // The map: the document, then the tree depth first; its first level the tree's roots, each
    // with the tree's subtree count, every row's parent before it; items carry their type.
    let map = app.framework_map(key(ORDERING)).await.unwrap();
    assert_eq!(map.rows[0].parent, None);
    let top: Vec<_> = map.rows.iter().filter(|r| r.parent == Some(0)).collect();
    assert_eq!(
        top.iter().map(|r| r.identifier.as_str()).collect::<Vec<_>>(),
        outline.roots.iter().map(|r| r.identifier.as_str()).collect::<Vec<_>>()
    );
    assert!(top.iter().zip(&outline.roots).all(|(m, t)| m.descendants == t.subtree_count));
    assert!(map.rows.iter().enumerate().skip(1).all(|(i, r)| r.parent.is_some_and(|p| (p as usize) < i)));
    assert_eq!(map.rows.len() as u32, 1 + map.rows[0].descendants);
    // Item types and education levels are read from the cache (this package has neither; the
    // demo's frameworks have both).
    let mut typed = false;
    for f in &builtin.frameworks {
        let map = app.framework_map(f.key.clone()).await.unwrap();
        typed |=
            map.rows.iter().any(|r| r.item_type.is_some()) && map.rows.iter().any(|r| !r.education_levels.is_empty());
    }
    assert!(typed, "no framework's map has item types and education levels");

    // The item panel: the record as served, its breadcrumbs, its paths.
    let leaf = children[0].children[0].clone();
    let detail = app.item_detail(key(ORDERING), leaf.identifier.clone()).await.unwrap();
    assert_eq!(detail.record["identifier"], leaf.identifier.as_str());
    assert!(!detail.breadcrumbs.is_empty());
    let paths = app.tree_paths(key(ORDERING), leaf.identifier.clone()).await.unwrap();
    assert_eq!(paths, vec![vec![first.identifier.clone(), leaf.identifier.clone()]]);

    // Search over everything, with the matched words marked.
    let hits = app.search("science".to_owned(), 20, &|_| {}).await.unwrap();
    assert!(!hits.is_empty());
    let marked = |h: &cairn_explorer::app::SearchHit| {
        h.segments.iter().chain(h.matched_in.iter().flat_map(|m| &m.segments)).any(|s| s.hit)
    };
    assert!(hits.iter().all(marked), "every hit shows where it matched: {hits:#?}");

    // A second start answers at once, from the cache.
    let again = app.start(&|_| panic!("no progress without a sync")).await.unwrap();
    assert!(!again.first_launch);
    app.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_session_survives_a_restart_and_the_cache_reads_offline() {
    let dir = tempfile::tempdir().unwrap();
    let first = app(dir.path(), Arc::default());
    first.start(&|_| {}).await.unwrap();
    let session = Session {
        framework: Some(key(CROSSWALK)),
        selected: Some("x".to_owned()),
        expanded: vec![vec!["a".to_owned(), "b".to_owned()]],
        history: vec![Location { key: key(CROSSWALK), identifier: "x".to_owned() }],
        history_index: 0,
        explorations: vec![SavedExploration {
            framework: key(CROSSWALK),
            root: "x".to_owned(),
            grown: vec!["x".to_owned(), "y".to_owned()],
            nodes: vec!["x".to_owned(), "y".to_owned(), "z".to_owned()],
        }],
        view: Some("graph".to_owned()),
    };
    first.session_save(session.clone()).await.unwrap();
    first.shutdown().await;
    drop(first);

    // The sandbox is not running now: everything below reads the cache alone.
    let second = app(dir.path(), Arc::default());
    let report = second.start(&|_| {}).await.unwrap();
    assert!(!report.first_launch);
    assert_eq!(report.session.as_ref(), Some(&session));
    assert_eq!(second.session_load().await.unwrap().as_ref(), Some(&session));
    let outline = second.open_framework(key(CROSSWALK)).await.unwrap();
    assert!(!outline.roots.is_empty());
    second.shutdown().await;
}

/// A session file that is a pipe, opened the other way round after a while by a thread of
/// its own unless the test says it is done: work stuck on the test's thread then ends (and the
/// test fails) instead of hanging it.
#[cfg(unix)]
struct Pipe {
    path: std::path::PathBuf,
    done: std::sync::mpsc::Sender<()>,
    watchdog: std::thread::JoinHandle<()>,
}

#[cfg(unix)]
impl Pipe {
    /// A pipe at `path`; the watchdog writes into it (`feed`) or reads it empty.
    fn new(path: std::path::PathBuf, feed: bool) -> Pipe {
        let made = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(made.success(), "mkfifo {}", path.display());
        let (done, waiting) = std::sync::mpsc::channel::<()>();
        let other = path.clone();
        let watchdog = std::thread::spawn(move || {
            if waiting.recv_timeout(Duration::from_secs(10)).is_ok() {
                return;
            }
            let _ = match feed {
                true => std::fs::write(&other, b"the test's thread was blocked"),
                false => std::fs::read(&other).map(drop),
            };
        });
        Pipe { path, done, watchdog }
    }

    fn finish(self) {
        let _ = self.done.send(());
        self.watchdog.join().unwrap();
    }
}

#[cfg(unix)]
fn a_session() -> Session {
    Session {
        framework: Some(key(CROSSWALK)),
        selected: Some("x".to_owned()),
        expanded: vec![vec!["a".to_owned()]],
        history: Vec::new(),
        history_index: 0,
        ..Session::default()
    }
}

/// The session is read on the blocking pool: its file here is a pipe that only a task of the
/// test's one-thread runtime fills, which a read on that thread would never let run.
#[cfg(unix)]
#[tokio::test(flavor = "current_thread")]
async fn the_session_is_read_on_the_blocking_pool() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::default());
    let session = a_session();
    let pipe = Pipe::new(dir.path().join("session.json"), true);
    let json = serde_json::to_vec(&session).unwrap();
    let fill = async { std::fs::write(&pipe.path, &json).unwrap() };
    let (loaded, ()) = tokio::join!(app.session_load(), fill);
    pipe.finish();
    assert_eq!(loaded.unwrap(), Some(session), "the read waited on the test's thread");
}

/// The session is written on the blocking pool: its temporary file here is a pipe that only a
/// task of the test's one-thread runtime reads.
#[cfg(unix)]
#[tokio::test(flavor = "current_thread")]
async fn the_session_is_written_on_the_blocking_pool() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::default());
    let session = a_session();
    let pipe = Pipe::new(dir.path().join("session.json.tmp"), false);
    let drain = async { std::fs::read(&pipe.path).unwrap_or_default() };
    let (saved, written) = tokio::join!(app.session_save(session.clone()), drain);
    pipe.finish();
    saved.unwrap();
    let written: Session = serde_json::from_slice(&written).expect("the write waited on the test's thread");
    assert_eq!(written, session);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_reach_the_ui_with_a_code_and_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::default());
    let missing = app.open_framework(key("no-such-framework")).await.unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert!(missing.message.contains(BUILTIN_CONNECTION), "{}", missing.message);
    let json = serde_json::to_value(&missing).unwrap();
    assert!(json.get("code").is_some() && json.get("message").is_some() && json.get("detail").is_some());

    // A corrupt session file is no session, never a failure to start.
    std::fs::write(dir.path().join("session.json"), b"{ not json").unwrap();
    assert!(app.session_load().await.unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_file_shows_as_the_file_had_it_and_its_markup_arrives_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/e2e/fixtures/hostile-markup.json");
    {
        let conn = cairn_store::cache::open(&dir.path().join(cairn_explorer::app::CACHE_FILE)).unwrap();
        let connection = cairn_store::cache::connection_id(&conn, "Fixtures", "file:").unwrap();
        cairn_files::ingest::import_package(
            &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
            connection,
            &fixture,
        )
        .unwrap();
    }
    let app = app(dir.path(), Arc::default());
    assert!(!app.start(&|_| {}).await.unwrap().first_launch, "an import is data: no first launch");
    let key = FrameworkKey {
        connection: "Fixtures".to_owned(),
        identifier: "e2e00000-0000-4000-8000-000000000000".to_owned(),
    };
    let outline = app.open_framework(key.clone()).await.unwrap();
    let first = &outline.roots[0];
    assert_eq!(first.human_coding_scheme.as_deref(), Some("HOSTILE.IMG"));
    let detail = app.item_detail(key, first.identifier.clone()).await.unwrap();
    assert!(detail.record.get("CFDocumentURI").is_none(), "{}", detail.record);
    assert!(detail.record.get("extensions").is_none(), "{}", detail.record);
    // The statement is data: the window renders it through its sanitizer, never as HTML here.
    assert!(detail.record["fullStatement"].as_str().unwrap().contains("<img src=x onerror="));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_first_launch_starts_over_on_retry() {
    let dir = tempfile::tempdir().unwrap();
    let app = Arc::new(app(dir.path(), Arc::default()));
    let cancelled = std::sync::atomic::AtomicBool::new(false);
    let canceller = app.clone();
    let error = app
        .start(&|_| {
            if !cancelled.swap(true, Ordering::SeqCst) {
                assert!(canceller.cancel("sync"), "the sync is a running task");
            }
        })
        .await
        .unwrap_err();
    assert_eq!(error.code, ErrorCode::Cancelled, "{error:?}");

    let retry = app.start(&|_| {}).await.expect("the retry syncs again");
    assert!(retry.first_launch);
    assert!(!app.list_frameworks().await.unwrap().is_empty());
    app.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_import_with_progress_and_a_cancel_keeps_the_cache_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let changes = Arc::new(Mutex::new(Vec::new()));
    let app = Arc::new(app(dir.path(), changes.clone()));
    let fixtures = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures");
    let users = fixtures.join("oneroster/nicelion-users-2k");
    let seen = Mutex::new(Vec::new());
    let summary = app
        .import_files("files".to_owned(), vec![users.clone()], false, &|p: Progress| seen.lock().unwrap().push(p))
        .await
        .unwrap();
    assert_eq!(summary.files.len(), 1);
    let records = summary.files[0].records;
    let seen = seen.into_inner().unwrap();
    assert!(seen.iter().all(|p| p.task == "import" && p.stage == users.display().to_string()), "{seen:?}");
    assert_eq!(seen.last().map(|p| p.done), Some(records));
    assert_eq!(changes.lock().unwrap().as_slice(), ["files"]);

    // Cancelled from another task while it reads: the file says so, nothing of it written,
    // and the files after it are not read.
    let other = app.clone();
    let cancelled = app
        .import_files("other".to_owned(), vec![users.clone(), users], false, &move |p: Progress| {
            if p.done >= 1_000 {
                assert!(other.cancel("import"));
            }
        })
        .await
        .unwrap();
    let outcomes: Vec<_> = cancelled.files.iter().map(|f| f.outcome).collect();
    assert_eq!(outcomes, [ImportOutcome::Cancelled, ImportOutcome::Cancelled]);
    let counts = app
        .cache()
        .read_blocking(|conn| cairn_store::cache::counts(conn, cairn_store::cache::find_connection(conn, "other")?));
    assert!(counts.unwrap().iter().all(|(_, n)| *n == 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_files_answer_for_themselves_with_warnings_rows_and_the_copy_they_replace() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::new(Mutex::new(Vec::new())));
    let fixtures = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures");
    let dirty = fixtures.join("oneroster/cairn-v1p2-dirty");
    let newer = fixtures.join("case/opensalt-markdown-latex.json");
    let older = fixtures.join("case/opensalt-utf8-astral.json");
    let missing = dir.path().join("no such file.json");
    let summary = app
        .import_files("files".to_owned(), vec![dirty.clone(), newer, older.clone(), missing], false, &|_| {})
        .await
        .unwrap();
    let [bundle, first, second, absent] = summary.files.as_slice() else { panic!("{summary:?}") };

    // The bundle's warnings name file, line and column; each row can be read again.
    assert_eq!(bundle.outcome, ImportOutcome::Imported);
    assert!(bundle.bundle && bundle.records > 0);
    assert_eq!(bundle.warning_count as usize, bundle.warnings.len());
    let warning = bundle.warnings.iter().find(|w| w.line > 1 && w.column.is_some()).expect("a warning about a cell");
    let row = app.import_row(dirty.clone(), warning.file.clone(), warning.line).await.unwrap();
    assert_eq!(row.line, warning.line);
    let column = row.header.iter().position(|h| Some(h) == warning.column.as_ref());
    assert!(column.is_some(), "the warning's column {:?} is in the header {:?}", warning.column, row.header);
    let bad = app.import_row(dirty, "nope.csv".to_owned(), 2).await.unwrap_err();
    assert!(bad.message.contains("nope.csv"), "{bad:?}");

    // Two frameworks share a CFDocument identifier: the older file is kept back, both copies named.
    assert_eq!(first.outcome, ImportOutcome::Imported);
    assert_eq!(second.outcome, ImportOutcome::KeptNewer);
    assert_eq!(second.records, 0);
    let kept = second.replaced.as_ref().expect("the copies are named");
    assert!(kept.cached.title.as_deref().is_some_and(|t| t.contains("Markdown")), "{kept:?}");
    assert!(kept.imported.older_than(&kept.cached));
    assert_eq!(absent.outcome, ImportOutcome::Failed);
    assert_eq!(absent.error.as_ref().map(|e| e.code), Some(ErrorCode::NotFound));

    // Told to, the older copy replaces the newer and says which it replaced.
    let forced = app.import_files("files".to_owned(), vec![older.clone()], true, &|_| {}).await.unwrap();
    assert_eq!(forced.files[0].outcome, ImportOutcome::Imported);
    assert!(
        forced.files[0].replaced.as_ref().is_some_and(|r| r
            .cached
            .title
            .as_deref()
            .is_some_and(|t| t.contains("Markdown")))
    );

    // `cairn check` of a package: its class, counts and findings.
    let checks = app.check_files(vec![older, dir.path().join("absent.json")]).await.unwrap();
    assert_eq!(checks[0].class, "CFPackage");
    assert!(checks[0].counts.iter().any(|(name, n)| name == "CFItems" && *n > 0));
    assert!(checks[0].error.is_none());
    assert_eq!(checks[1].error.as_ref().map(|e| e.code), Some(ErrorCode::NotFound));
    app.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exports_write_whole_files_where_asked_and_read_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), Arc::new(Mutex::new(Vec::new())));
    let fixtures = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures");
    let package = fixtures.join("case/ccss-math-asn-draft-2017.json");
    let bundle = fixtures.join("oneroster/cairn-v1p2-minimal");
    let summary = app.import_files("files".to_owned(), vec![package, bundle], false, &|_| {}).await.unwrap();
    assert!(summary.files.iter().all(|f| f.outcome == ImportOutcome::Imported), "{summary:?}");
    let key = FrameworkKey { connection: "files".to_owned(), identifier: summary.files[0].document.clone().unwrap() };
    let out = tempfile::tempdir().unwrap();

    // The whole framework, then one subtree: its rows are a run of the whole one's.
    let whole = out.path().join("whole.csv");
    let seen = Mutex::new(Vec::new());
    let done = app
        .export_framework_csv(key.clone(), None, whole.clone(), &|p: Progress| seen.lock().unwrap().push(p))
        .await
        .unwrap();
    assert!(done.rows > 100 && done.bytes > 0);
    assert!(seen.into_inner().unwrap().iter().all(|p| p.task == "export"));
    let lines: Vec<String> = std::fs::read_to_string(&whole).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(lines.len() as u64, done.rows + 1, "a header and a row per item");
    let first_child = lines[1].split(',').next().unwrap().to_owned();
    let part = out.path().join("part.csv");
    let sub = app.export_framework_csv(key.clone(), Some(first_child.clone()), part.clone(), &|_| {}).await.unwrap();
    let part_lines: Vec<String> = std::fs::read_to_string(&part).unwrap().lines().map(str::to_owned).collect();
    assert!(sub.rows >= 1 && sub.rows < done.rows);
    assert!(part_lines[1].starts_with(&first_child));
    let at = lines.iter().position(|l| l == &part_lines[1]).unwrap();
    assert_eq!(&lines[at..at + part_lines.len() - 1], &part_lines[1..], "the subtree is a run of the whole");
    let missing = app.export_framework_csv(key.clone(), Some("nope".into()), part.clone(), &|_| {}).await.unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(
        std::fs::read_to_string(&part).unwrap().lines().count(),
        part_lines.len(),
        "a failed export keeps the file"
    );

    // The package reads back into the same framework.
    let json = out.path().join("framework.json");
    app.export_framework_package(key.clone(), json.clone()).await.unwrap();
    let again = app.import_files("again".to_owned(), vec![json], false, &|_| {}).await.unwrap();
    assert_eq!(again.files[0].outcome, ImportOutcome::Imported, "{again:?}");
    // All of it but the one CFSubject, which the file's document links under a misspelt
    // `subjectURL`: a package carries the definitions its records link to.
    assert_eq!(again.files[0].records, summary.files[0].records - 1);

    // The rosters as a zip, read back into another connection: the same records.
    let zip = out.path().join("rosters.zip");
    let rosters = app.export_rosters("files".to_owned(), zip.clone(), &|_| {}).await.unwrap();
    assert!(rosters.rows > 0);
    let back = app.import_files("back".to_owned(), vec![zip], false, &|_| {}).await.unwrap();
    assert_eq!(back.files[0].outcome, ImportOutcome::Imported, "{back:?}");
    assert_eq!(back.files[0].records, summary.files[1].records);

    // A folder is no file name; nothing is left beside the files.
    let folder = app.write_file(out.path().to_owned(), b"x".to_vec()).await.unwrap_err();
    assert_eq!(folder.code, ErrorCode::Invalid);
    let names: Vec<_> = std::fs::read_dir(out.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(names.iter().all(|n| !n.to_string_lossy().starts_with(".cairn-export-")), "{names:?}");
    app.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_sandbox_database_stops_the_start_naming_its_file_and_is_kept_until_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = dir.path().join("sandbox");
    std::fs::create_dir_all(&sandbox).unwrap();
    // Made at the scale the settings ask (else the demo would be made anew over it).
    std::fs::write(sandbox.join("scale"), cairn_sandbox::demo::Scale::Small.as_str()).unwrap();
    let garbage = b"not a database, but what was written to the sandbox may be in it".repeat(100);
    std::fs::write(sandbox.join("sandbox.sqlite"), &garbage).unwrap();
    let app = app(dir.path(), Arc::default());
    // Before any start found it unreadable, the page's word alone sets nothing aside.
    let unasked = app.set_sandbox_data_aside().await.unwrap_err();
    assert_eq!(unasked.code, ErrorCode::Invalid, "{unasked:?}");
    assert_eq!(std::fs::read(sandbox.join("sandbox.sqlite")).unwrap(), garbage);
    let error = app.start(&|_| {}).await.unwrap_err();
    assert_eq!(error.code, ErrorCode::SandboxData, "{error:?}");
    assert!(error.message.contains("the built-in sandbox cannot start"), "{error:?}");
    assert!(error.message.contains(&sandbox.join("sandbox.sqlite").display().to_string()), "{error:?}");
    assert!(error.message.contains("not a database"), "{error:?}");
    // Nothing of it replaced: it is the user's, to move or to set aside.
    assert_eq!(std::fs::read(sandbox.join("sandbox.sqlite")).unwrap(), garbage);

    // Set aside (renamed beside it, by the app's clock), the next start makes fresh demo data.
    let aside = app.set_sandbox_data_aside().await.unwrap();
    assert_eq!(aside, sandbox.join("sandbox-damaged-2026-09-21T14-13-20Z.sqlite"));
    assert_eq!(std::fs::read(&aside).unwrap(), garbage);
    let report = app.start(&|_| {}).await.expect("a fresh start");
    assert!(report.first_launch);
    assert!(!app.list_frameworks().await.unwrap().is_empty());
    // Running on its data, the sandbox keeps it.
    let running = app.set_sandbox_data_aside().await.unwrap_err();
    assert_eq!(running.code, ErrorCode::Invalid, "{running:?}");
    assert!(sandbox.join("sandbox.sqlite").is_file());
    app.shutdown().await;
}
