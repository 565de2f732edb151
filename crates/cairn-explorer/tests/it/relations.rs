//! The relationship views' commands without a window, over the real SQLite cache: the graph,
//! progressions and rubrics of the built-in sandbox's demo (synced over HTTPS from the real
//! sandbox), the crosswalk of its two linked frameworks (the same as `cairn crosswalk`), and the
//! diff of two imported versions of a hand-made framework (`tests/e2e/fixtures/versions-*.json`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use cairn_explorer::app::{
    App, BUILTIN_CONNECTION, DiffMark, ErrorCode, FrameworkKey, NodeKind, PrintColumns, PrintSource, SnapshotRef,
    VersionDiff,
};

use crate::{NOW, deterministic_app};

fn app(dir: &Path) -> App {
    deterministic_app(dir, 11, NOW, Box::new(|_| {}))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/e2e/fixtures")
        .join(name)
}

const VERSIONS: &str = "c0de0000-0000-4000-8000-000000000000";

fn id(n: u32) -> String {
    format!("c0de0000-0000-4000-8000-{n:012x}")
}

/// A data folder with the hand-made framework's two versions imported under two connections.
fn versions_imported(dir: &Path) {
    let cache = cairn_store::cache::CacheHandle::open(&dir.join(cairn_explorer::app::CACHE_FILE)).unwrap();
    for (name, file) in [("Version 1", "versions-v1.json"), ("Version 2", "versions-v2.json")] {
        let connection = cache.write_blocking(|tx| cairn_store::cache::connection_id(tx, name, "file:")).unwrap();
        cairn_files::ingest::import_package(&cache, connection, &fixture(file)).unwrap();
    }
}

fn version(n: u8) -> FrameworkKey {
    FrameworkKey { connection: format!("Version {n}"), identifier: VERSIONS.to_owned() }
}

fn identifiers(records: &[cairn_explorer::app::DiffRecord]) -> Vec<&str> {
    records.iter().map(|r| r.identifier.as_str()).collect()
}

fn fields(record: &cairn_explorer::app::DiffRecord) -> Vec<&str> {
    record.changes.iter().map(|c| c.field.as_str()).collect()
}

/// The changes made by hand between the two versions, exactly.
fn assert_known_changes(diff: &VersionDiff) {
    assert!(diff.same_document);
    assert_eq!(diff.title.as_deref(), Some("Cairn Versions Sample"));
    assert_eq!(fields(&diff.document.changed[0]), ["lastChangeDateTime", "version"]);
    // Items: V.4 added, V.3 removed, V.1's statement changed, V.2 touched (lastChangeDateTime only).
    assert_eq!(identifiers(&diff.items.added), [id(6)]);
    assert_eq!(identifiers(&diff.items.removed), [id(5)]);
    assert_eq!(identifiers(&diff.items.changed), [id(1)]);
    assert_eq!(fields(&diff.items.changed[0]), ["fullStatement", "lastChangeDateTime"]);
    assert_eq!(diff.items.changed[0].label, "V.1 Reads and writes whole numbers to 120.");
    assert_eq!(identifiers(&diff.items.touched), [id(2)]);
    assert_eq!((diff.items.old_count, diff.items.new_count), (4, 4));
    // Associations: V.4's place and V.1 precedes V.2 added, V.3's place removed, V.1.a moved.
    let added: HashSet<&str> = identifiers(&diff.associations.added).into_iter().collect();
    assert_eq!(added, HashSet::from([id(0x1006).as_str(), id(0x1007).as_str()]));
    assert_eq!(identifiers(&diff.associations.removed), [id(0x1005)]);
    assert_eq!(identifiers(&diff.associations.changed), [id(0x1003)]);
    assert!(fields(&diff.associations.changed[0]).contains(&"destinationNodeURI"));
    assert!(diff.associations.touched.is_empty());
    // The newer tree, marked: V.1 changed, V.2 with V.1.a moved below it, V.4 added.
    let tree: Vec<(u32, &str, Option<DiffMark>)> =
        diff.tree.iter().map(|r| (r.depth, r.label.as_str(), r.mark)).collect();
    assert_eq!(
        tree,
        [
            (1, "V.1 Reads and writes whole numbers to 120.", Some(DiffMark::Changed)),
            (1, "V.2 Compares two whole numbers.", None),
            (2, "V.1.a Counts on from any number.", Some(DiffMark::Moved)),
            (1, "V.4 Tells time to the half hour.", Some(DiffMark::Added)),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_diff_of_two_imported_versions_lists_exactly_their_changes() {
    let dir = tempfile::tempdir().unwrap();
    versions_imported(dir.path());
    let app = app(dir.path());
    let cached =
        app.version_diff(SnapshotRef::Cache { key: version(1) }, SnapshotRef::Cache { key: version(2) }).await.unwrap();
    assert_eq!(cached.old_source, format!("Version 1:{VERSIONS}"));
    assert_known_changes(&cached);
    // A cached version against a file, and two files, say the same.
    let v2 = fixture("versions-v2.json").display().to_string();
    let mixed =
        app.version_diff(SnapshotRef::Cache { key: version(1) }, SnapshotRef::File { path: v2.clone() }).await.unwrap();
    assert_known_changes(&mixed);
    let v1 = fixture("versions-v1.json").display().to_string();
    let files = app.version_diff(SnapshotRef::File { path: v1 }, SnapshotRef::File { path: v2 }).await.unwrap();
    assert_known_changes(&files);
    assert_eq!(files.package.len(), 1, "the rubrics arrived in version 2");
    assert_eq!(files.package[0].field, "CFRubrics");

    let missing = app
        .version_diff(
            SnapshotRef::File { path: "/no/such/file.json".to_owned() },
            SnapshotRef::Cache { key: version(2) },
        )
        .await
        .unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_print_preview_is_kept_for_the_print_until_the_cache_changes() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.import_files("Files".to_owned(), vec![fixture("versions-v1.json")], false, &|_| {}).await.unwrap();
    let source = PrintSource::Framework {
        key: FrameworkKey { connection: "Files".to_owned(), identifier: VERSIONS.to_owned() },
        subtree: None,
    };
    let first = app.print_preview(source.clone(), PrintColumns::default()).await.unwrap();
    assert_eq!(app.print_preview(source.clone(), PrintColumns::default()).await.unwrap(), first);
    // A newer version imported over it: the next preview (and print) is the new document.
    app.import_files("Files".to_owned(), vec![fixture("versions-v2.json")], false, &|_| {}).await.unwrap();
    let second = app.print_preview(source.clone(), PrintColumns::default()).await.unwrap();
    assert_ne!(second.document, first.document, "the document was built again from the changed cache");
    let fresh = app.print_document(source, PrintColumns::default(), &|_| ()).await.unwrap();
    assert_eq!(second.document.items, fresh.items);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rubrics_are_tables_linked_to_their_items_and_progressions_are_ordered() {
    let dir = tempfile::tempdir().unwrap();
    versions_imported(dir.path());
    let app = app(dir.path());
    let rubrics = app.rubrics(version(2)).await.unwrap();
    assert_eq!(rubrics.len(), 1);
    let rubric = &rubrics[0];
    assert_eq!(rubric.title.as_deref(), Some("Number Sense Rubric"));
    let criteria: Vec<(&str, Option<f64>, Option<&str>)> = rubric
        .criteria
        .iter()
        .map(|c| (c.category.as_deref().unwrap(), c.weight, c.item.as_ref().and_then(|i| i.code.as_deref())))
        .collect();
    assert_eq!(criteria, [("Reading", Some(0.6), Some("V.1")), ("Comparing", Some(0.4), Some("V.2"))]);
    for criterion in &rubric.criteria {
        let levels: Vec<(&str, Option<f64>)> =
            criterion.levels.iter().map(|l| (l.quality.as_deref().unwrap(), l.score)).collect();
        assert_eq!(levels, [("Beginning", Some(1.0)), ("Developing", Some(2.0)), ("Secure", Some(3.0))]);
    }
    // Reachable from the items the criteria name, and from no other.
    assert_eq!(app.item_rubrics(version(2), id(1)).await.unwrap().len(), 1);
    assert!(app.item_rubrics(version(2), id(3)).await.unwrap().is_empty());
    assert!(app.rubrics(version(1)).await.unwrap().is_empty());

    let chains = app.progressions(version(2), id(2)).await.unwrap();
    assert_eq!(chains.len(), 1);
    let codes: Vec<_> = chains[0].steps.iter().map(|s| s.code.as_deref().unwrap()).collect();
    assert_eq!(codes, ["V.1", "V.2"]);
    assert!(app.progressions(version(2), id(3)).await.unwrap().is_empty());
    // Without groupings, the tree by grouping is the whole tree, no link in a grouping.
    let tree = app.grouping_tree(version(2), Vec::new()).await.unwrap();
    let rows: Vec<(u32, &str)> = tree.rows.iter().map(|r| (r.depth, r.label.as_str())).collect();
    assert_eq!(
        rows[..3],
        [
            (1, "V.1 Reads and writes whole numbers to 120."),
            (1, "V.2 Compares two whole numbers."),
            (2, "V.1.a Counts on from any number.")
        ]
    );
    assert!(tree.groupings.is_empty() && tree.rows.iter().all(|r| r.grouping.is_none()));
    assert_eq!(app.progressions(version(2), "nothing".to_owned()).await.unwrap_err().code, ErrorCode::NotFound);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_graph_crosswalk_and_rubrics_come_from_the_builtin_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    assert!(app.start(&|_| {}).await.unwrap().first_launch);
    let groups = app.list_frameworks().await.unwrap();
    let builtin = groups.iter().find(|g| g.connection == BUILTIN_CONNECTION).unwrap();
    let by_title = |title: &str| builtin.frameworks.iter().find(|f| f.title == title).unwrap().key.clone();
    let maths = by_title("Cairn Demo Mathematics");
    let spanish = by_title("Cairn Demo Mathematics — Spanish Edition");

    // The graph of a grade's first domain: the centre first, every edge between drawn nodes,
    // a legend type per edge type, and "more" counts where depth cut it.
    let outline = app.open_framework(maths.clone()).await.unwrap();
    let grade = &outline.roots[1];
    let domain = app.tree_children(maths.clone(), vec![grade.identifier.clone()]).await.unwrap()[0].children[0].clone();
    let graph = app.relation_graph(maths.clone(), domain.identifier.clone(), 1, 200).await.unwrap();
    assert_eq!(graph.nodes[0].identifier, domain.identifier);
    assert_eq!(graph.nodes[0].distance, 0);
    let drawn: HashSet<&str> = graph.nodes.iter().map(|n| n.identifier.as_str()).collect();
    assert!(graph.edges.iter().all(|e| drawn.contains(e.origin.as_str()) && drawn.contains(e.destination.as_str())));
    let types: HashSet<&str> = graph.edges.iter().map(|e| e.association_type.as_str()).collect();
    assert_eq!(types.len(), graph.types.len());
    assert!(graph.types.iter().any(|t| t == "isChildOf"));
    assert!(graph.nodes.iter().any(|n| n.distance == 1 && n.hidden > 0), "depth 1 leaves associations out");
    let deeper = app.relation_graph(maths.clone(), domain.identifier.clone(), 3, 500).await.unwrap();
    assert!(deeper.nodes.len() > graph.nodes.len());
    let capped = app.relation_graph(maths.clone(), domain.identifier.clone(), 3, 5).await.unwrap();
    assert_eq!(capped.nodes.len(), 5);
    assert!(capped.truncated);
    // Depth and limit are bounded, whatever is asked.
    let wild = app.relation_graph(maths.clone(), domain.identifier.clone(), 99, 0).await.unwrap();
    assert_eq!((wild.depth, wild.limit, wild.nodes.len()), (3, 1, 1));

    // Every node the demo's `ext:` and defined types reach at depth 3 from a standard.
    let standard = deeper.nodes.iter().find(|n| n.kind == NodeKind::Item && n.distance == 1).unwrap();
    let around = app.relation_graph(maths.clone(), standard.identifier.clone(), 2, 500).await.unwrap();
    assert!(around.nodes.iter().all(|n| !n.label.is_empty()));

    // Across the cache: Kindergarten's Spanish translation is held by the Spanish edition's
    // package, not by Mathematics'; its panel and its graph show it all the same, labelled with
    // the edition, its other end opening in the edition's tree — and the edition, open, lists
    // it once, as its own.
    let kindergarten = outline.roots.iter().find(|r| r.statement.contains("Kindergarten")).unwrap();
    let detail = app.item_detail(maths.clone(), kindergarten.identifier.clone()).await.unwrap();
    let translations: Vec<_> = detail
        .associations
        .iter()
        .filter(|g| g.association_type == "isTranslationOf")
        .flat_map(|g| g.links.iter().map(move |l| (g.direction, l)))
        .collect();
    assert_eq!(translations.len(), 1, "{:?}", detail.associations);
    let (direction, translation) = translations[0];
    assert_eq!(direction, cairn_explorer::app::AssociationDirection::Outgoing);
    let publisher = translation.published_by.as_ref().expect("the Spanish edition publishes it");
    assert_eq!(publisher.label, "Cairn Demo Mathematics — Spanish Edition");
    assert_eq!(publisher.document.as_deref(), Some(spanish.identifier.as_str()));
    assert_eq!(translation.other.cached.as_ref(), Some(&spanish));
    assert!(detail.associations.iter().flat_map(|g| &g.links).filter(|l| l.published_by.is_none()).count() > 0);
    let spanish_item = translation.other.identifier.clone();
    let back = app.item_detail(spanish.clone(), spanish_item.clone()).await.unwrap();
    let own: Vec<_> = back
        .associations
        .iter()
        .flat_map(|g| &g.links)
        .filter(|l| l.association_identifier == translation.association_identifier)
        .collect();
    assert_eq!(own.len(), 1);
    assert!(own[0].published_by.is_none());
    assert_eq!(own[0].other.cached.as_ref(), Some(&maths));
    let around_k = app.relation_graph(maths.clone(), kindergarten.identifier.clone(), 1, 500).await.unwrap();
    let edge = around_k.edges.iter().find(|e| e.id == translation.association_identifier).unwrap();
    assert_eq!(edge.published_by.as_ref().map(|p| p.label.as_str()), Some(publisher.label.as_str()));
    assert_eq!(
        (edge.origin.as_str(), edge.destination.as_str()),
        (kindergarten.identifier.as_str(), spanish_item.as_str())
    );
    let node = around_k.nodes.iter().find(|n| n.identifier == spanish_item).unwrap();
    assert_eq!((node.framework.as_ref(), node.kind, node.distance), (Some(&spanish), NodeKind::Item, 1));
    assert_eq!(around_k.nodes[0].framework.as_ref(), Some(&maths));

    // The tree by grouping: every grouping an isChildOf link names; built from one, every
    // placed row's link is of that grouping.
    let whole = app.grouping_tree(maths.clone(), Vec::new()).await.unwrap();
    assert!(whole.chosen.is_empty());
    assert_eq!(whole.rows.iter().filter(|r| r.depth == 1).count(), outline.roots.len() + outline.orphans.len());
    if let Some(first) = whole.groupings.first() {
        let one = app.grouping_tree(maths.clone(), vec![first.identifier.clone()]).await.unwrap();
        assert!(one.rows.len() <= whole.rows.len());
        assert!(
            one.rows.iter().filter(|r| r.depth > 1).all(|r| r.grouping.as_deref() == Some(first.identifier.as_str()))
        );
    }

    // Rubrics: the demo's two, each criterion naming a standard, four scored levels each.
    let rubrics = app.rubrics(maths.clone()).await.unwrap();
    assert_eq!(rubrics.len(), 2);
    for criterion in rubrics.iter().flat_map(|r| &r.criteria) {
        assert_eq!(criterion.levels.len(), 4);
        let item = criterion.item.as_ref().expect("each criterion names an item");
        assert_eq!(item.kind, NodeKind::Item);
        let named = app.item_rubrics(maths.clone(), item.identifier.clone()).await.unwrap();
        assert!(named.iter().any(|r| r.identifier == rubrics[0].identifier || r.identifier == rubrics[1].identifier));
    }

    // The crosswalk of the two linked frameworks: as `cairn crosswalk` computes it.
    let walk = app.crosswalk(maths.clone(), spanish.clone()).await.unwrap();
    let conn = cairn_store::cache::open(&dir.path().join(cairn_explorer::app::CACHE_FILE)).unwrap();
    let cli = cairn_views::crosswalk::crosswalk_view(
        Some(&conn),
        &format!("{BUILTIN_CONNECTION}:{}", maths.identifier),
        &format!("{BUILTIN_CONNECTION}:{}", spanish.identifier),
        &[],
    )
    .unwrap();
    assert!(walk.pairs > 0);
    assert_eq!(walk.pairs as usize, cli.crosswalk.pairs);
    assert_eq!(walk.from.covered as usize, cli.crosswalk.from.covered);
    assert_eq!(walk.to.covered as usize, cli.crosswalk.to.covered);
    assert_eq!(walk.from.uncovered.len(), walk.from.items as usize - walk.from.covered as usize);
    let per_type: BTreeMap<&str, usize> =
        walk.groups.iter().map(|g| (g.association_type.as_str(), g.pairs.len())).collect();
    let cli_per_type: BTreeMap<&str, usize> =
        cli.crosswalk.groups.iter().map(|g| (g.association_type.as_str(), g.pairs.len())).collect();
    assert_eq!(per_type, cli_per_type);
    // The window reads the two frameworks' outlines, the command line their full records: the
    // same pairs, in the same order, and the same items uncovered.
    let window_pairs: Vec<(Option<&str>, &str, &str)> = walk
        .groups
        .iter()
        .flat_map(|g| &g.pairs)
        .map(|p| (p.association_identifier.as_deref(), p.from.identifier.as_str(), p.to.identifier.as_str()))
        .collect();
    let cli_pairs: Vec<(Option<&str>, &str, &str)> = cli
        .crosswalk
        .groups
        .iter()
        .flat_map(|g| &g.pairs)
        .map(|p| (p.association_identifier.as_deref(), p.from.identifier.as_str(), p.to.identifier.as_str()))
        .collect();
    assert_eq!(window_pairs, cli_pairs);
    let window_uncovered: Vec<&str> = walk.from.uncovered.iter().map(|i| i.identifier.as_str()).collect();
    let cli_uncovered: Vec<&str> = cli.crosswalk.from.uncovered.iter().map(|i| i.identifier.as_str()).collect();
    assert_eq!(window_uncovered, cli_uncovered);
    // Every paired item lies in a first-level subtree of its framework.
    let subtrees: HashSet<&str> = walk.from.subtrees.iter().map(|s| s.identifier.as_str()).collect();
    assert!(
        walk.groups.iter().flat_map(|g| &g.pairs).all(|p| p
            .from
            .subtree
            .as_deref()
            .is_some_and(|s| subtrees.contains(s)))
    );

    // Printed as the crosswalk tab's Print… prints it: a section per type (in the crosswalk's
    // order), every pair once, then each side's unmatched items.
    let whole =
        PrintSource::Crosswalk { from: maths.clone(), to: spanish.clone(), association_type: None, subtree: None };
    let printed = app.print_document(whole, PrintColumns::default(), &|_| ()).await.unwrap();
    let headings: Vec<&str> = printed.items.iter().filter(|i| i.heading).map(|i| i.statement.as_str()).collect();
    let mut expected: Vec<String> = walk.groups.iter().map(|g| g.association_type.clone()).collect();
    expected.extend([format!("Not matched in {}", walk.from.title), format!("Not matched in {}", walk.to.title)]);
    assert_eq!(headings, expected);
    let ends: usize = printed.items.iter().flat_map(|i| &i.associations).map(|l| l.ends.len()).sum();
    assert_eq!(ends, walk.pairs as usize, "every pair printed once");
    let unmatched = printed.items.iter().skip_while(|i| !i.statement.starts_with("Not matched")).filter(|i| !i.heading);
    assert_eq!(unmatched.count(), walk.from.uncovered.len() + walk.to.uncovered.len());
    let first = &walk.groups[0];
    let one_type = PrintSource::Crosswalk {
        from: maths.clone(),
        to: spanish.clone(),
        association_type: Some(first.association_type.clone()),
        subtree: None,
    };
    let printed = app.print_document(one_type, PrintColumns::default(), &|_| ()).await.unwrap();
    let ends: usize = printed.items.iter().flat_map(|i| &i.associations).map(|l| l.ends.len()).sum();
    assert_eq!(ends, first.pairs.len());
    assert_eq!(printed.scope.as_deref(), Some(format!("{} pairs", first.association_type).as_str()));

    // A search's results printed: the same items as the search lists, by framework.
    let hits = app.search("Kindergarten".to_owned(), 50, &|_| ()).await.unwrap();
    assert!(!hits.is_empty());
    let search = PrintSource::Search { query: "Kindergarten".to_owned(), limit: 50 };
    let printed = app.print_document(search, PrintColumns::ALL, &|_| ()).await.unwrap();
    assert_eq!(printed.items.iter().filter(|i| !i.heading).count(), hits.len());
    let mut sections: Vec<&str> = Vec::new();
    for hit in &hits {
        if !sections.contains(&hit.framework_title.as_str()) {
            sections.push(&hit.framework_title);
        }
    }
    let headings: Vec<&str> = printed.items.iter().filter(|i| i.heading).map(|i| i.statement.as_str()).collect();
    assert_eq!(headings, sections, "a section per framework, in the order of its best result");
    assert!(!printed.columns.associations, "a result alone has no graph to list associations from");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_package_draws_its_outside_ends_apart_and_diffs_as_unchanged_against_itself() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case/opensalt-what-standards-could-be-crosswalk.json");
    {
        let cache = cairn_store::cache::CacheHandle::open(&dir.path().join(cairn_explorer::app::CACHE_FILE)).unwrap();
        let connection = cache.write_blocking(|tx| cairn_store::cache::connection_id(tx, "Fixtures", "file:")).unwrap();
        cairn_files::ingest::import_package(&cache, connection, &file).unwrap();
    }
    let app = app(dir.path());
    let key = FrameworkKey {
        connection: "Fixtures".to_owned(),
        identifier: "20c5134f-423d-4097-a971-3dd5152bf507".to_owned(),
    };
    // The document's neighbourhood at depth 2 reaches the targets outside the package.
    let graph = app.relation_graph(key.clone(), key.identifier.clone(), 2, 500).await.unwrap();
    assert_eq!(graph.nodes[0].kind, NodeKind::Document);
    let outside: Vec<_> = graph.nodes.iter().filter(|n| n.kind == NodeKind::External).collect();
    assert!(!outside.is_empty(), "{:?}", graph.nodes);
    assert!(outside.iter().all(|n| n.uri.is_some() || !n.label.is_empty()));
    assert!(graph.types.len() > 1, "{:?}", graph.types);
    // The cached copy against the file it came from: nothing changed.
    let diff = app
        .version_diff(SnapshotRef::Cache { key }, SnapshotRef::File { path: file.display().to_string() })
        .await
        .unwrap();
    assert!(diff.items.added.is_empty() && diff.items.removed.is_empty() && diff.items.changed.is_empty(), "{diff:?}");
    assert!(diff.tree.iter().all(|r| r.mark.is_none()));
}
