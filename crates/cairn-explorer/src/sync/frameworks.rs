//! The competency frameworks: the document list, then for every chosen document that is new
//! or changed (its `lastChangeDateTime` differs from the cached one) its package, written in
//! one transaction per package through [`served_records`]; the package's items and
//! associations replace the document's previous ones. With every framework chosen, documents
//! the server no longer lists leave the cache with their items and associations.

use std::collections::{HashMap, HashSet};

use cairn_client::{ClientError, Progress};
use cairn_query::Query;
use cairn_spec::Collection;
use cairn_spec::case::CfPackage;
use cairn_spec::operations::operation;
use cairn_store::StoreError;
use cairn_store::cache::{self, CollectionWriter, JournalEntry, Outcome, WriteMode};
use serde_json::Value;

use super::report::{CollectionReport, Stage, SyncMode, SyncOutcome};
use super::{Ctx, allowed, outcome_of};
use crate::ingest::served_records;

/// The name of the document list's step.
pub(crate) const DOCUMENTS: &str = "CFDocuments";

/// The collections a package writes, in order.
const PACKAGE_COLLECTIONS: [Collection; 9] = [
    Collection::CfDocuments,
    Collection::CfItems,
    Collection::CfAssociations,
    Collection::CfConcepts,
    Collection::CfSubjects,
    Collection::CfLicenses,
    Collection::CfItemTypes,
    Collection::CfAssociationGroupings,
    Collection::CfRubrics,
];

/// A document as the list gave it.
struct Listed {
    id: String,
    title: String,
    last_change: Option<String>,
    json: Value,
}

/// Syncs the frameworks, adding a report for the list and one per chosen package to `out`;
/// whether the sync was cancelled.
pub(crate) async fn sync(ctx: &Ctx<'_>, granted: &[String], out: &mut Vec<CollectionReport>) -> bool {
    let (Some(list_op), Some(package_op)) = (operation("getAllCFDocuments"), operation("getCFPackage")) else {
        out.push(ctx.finish(CollectionReport::new(DOCUMENTS, SyncOutcome::Failed, Some("no CASE operations".into()))));
        return false;
    };
    for op in [list_op, package_op] {
        if !allowed(op, granted) {
            out.push(ctx.skipped(DOCUMENTS, op));
            return false;
        }
    }
    let started = ctx.now();
    ctx.emit(DOCUMENTS, Stage::Started, 0, None);
    let listed = match list(ctx).await {
        Ok(listed) => listed,
        Err((e, seen)) => {
            let outcome = outcome_of(&e);
            out.push(end(ctx, DOCUMENTS, &started, outcome, seen.records, e.to_string()).await);
            return outcome == SyncOutcome::Cancelled;
        }
    };
    let at = out.len();
    let chosen: Vec<&Listed> = match &ctx.options.frameworks {
        None => listed.iter().collect(),
        Some(ids) => {
            for id in ids.iter().filter(|id| !listed.iter().any(|l| &l.id == *id)) {
                let message = format!("the server lists no document {id:?}");
                out.push(ctx.finish(CollectionReport::new(package_name(id), SyncOutcome::Failed, Some(message))));
            }
            listed.iter().filter(|l| ids.contains(&l.id)).collect()
        }
    };
    let ids: Vec<String> = chosen.iter().map(|l| l.id.clone()).collect();
    let cached = match ctx.cache.run(move |conn, cid| cached_changes(conn, cid, &ids)).await {
        Ok(cached) => cached,
        Err(e) => {
            out.push(end(ctx, DOCUMENTS, &started, SyncOutcome::Failed, 0, e.to_string()).await);
            return false;
        }
    };
    let mut cancelled = false;
    for document in chosen {
        if cancelled || ctx.cancel.is_cancelled() {
            cancelled = true;
            out.push(ctx.not_started(&package_name(&document.id)));
            continue;
        }
        let unchanged = ctx.options.incremental
            && document.last_change.is_some()
            && cached.get(&document.id).is_some_and(|c| c == &document.last_change);
        let report = match unchanged {
            true => {
                let message = Some(format!(
                    "{}: unchanged since {}",
                    document.title,
                    document.last_change.as_deref().unwrap_or("?")
                ));
                ctx.finish(CollectionReport::new(package_name(&document.id), SyncOutcome::Unchanged, message))
            }
            false => package(ctx, document).await,
        };
        cancelled = report.outcome == SyncOutcome::Cancelled;
        out.push(report);
    }
    let (fetched, unchanged) = out[at..].iter().fold((0, 0), |(f, u), r| match r.outcome {
        SyncOutcome::Complete => (f + 1, u),
        SyncOutcome::Unchanged => (f, u + 1),
        _ => (f, u),
    });
    let summary = format!("{} documents listed: {fetched} packages written, {unchanged} unchanged", listed.len());
    let report = if cancelled {
        end(ctx, DOCUMENTS, &started, SyncOutcome::Cancelled, 0, format!("cancelled; {summary}")).await
    } else {
        let keep: HashSet<String> = listed.iter().map(|l| l.id.clone()).collect();
        let prune = ctx.options.frameworks.is_none();
        let finished = ctx.now();
        let journal_start = started.clone();
        let message = summary.clone();
        let removed = ctx
            .cache
            .run(move |conn, cid| {
                let tx = cache::begin(conn)?;
                let removed = if prune { remove_unlisted(&tx, cid, &keep)? } else { 0 };
                let message = Some(format!("{message}, {removed} removed"));
                let entry =
                    JournalEntry::new(DOCUMENTS, "full", journal_start, finished, Outcome::Complete, removed, message);
                cache::journal_append(&tx, cid, &entry)?;
                tx.commit()?;
                Ok(removed)
            })
            .await;
        match removed {
            Ok(removed) => ctx.finish(CollectionReport {
                collection: DOCUMENTS.to_owned(),
                outcome: SyncOutcome::Complete,
                mode: Some(SyncMode::Full),
                records: removed,
                total: Some(listed.len() as u64),
                message: Some(format!("{summary}, {removed} removed")),
            }),
            Err(e) => end(ctx, DOCUMENTS, &started, SyncOutcome::Failed, 0, e.to_string()).await,
        }
    };
    out.insert(at, report);
    cancelled
}

/// Reads the document list (a few records per framework, held while the packages are read).
async fn list(ctx: &Ctx<'_>) -> Result<Vec<Listed>, (ClientError, Progress)> {
    let Some(op) = operation("getAllCFDocuments") else { return Ok(Vec::new()) };
    let mut listed = Vec::new();
    let mut sink = |page: Vec<Value>| {
        listed.extend(page.into_iter().filter_map(|json| {
            let id = json.get("identifier")?.as_str()?.to_owned();
            let text = |field: &str| json.get(field).and_then(Value::as_str).map(str::to_owned);
            let (title, last_change) = (text("title").unwrap_or_default(), text("lastChangeDateTime"));
            Some(Listed { id, title, last_change, json })
        }));
        Ok(())
    };
    let seen = std::sync::Mutex::new(Progress::default());
    let report = |p: Progress| {
        *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = p;
        ctx.emit(DOCUMENTS, Stage::Fetching, p.records, p.total);
    };
    let query = Query::from_params([("limit", ctx.options.page_size.max(1).to_string())]).unwrap_or_default();
    let result = ctx.client.collect_pages(op, &[], &query, &mut sink, &report, ctx.cancel).await;
    let seen = *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    result.map(|_| listed).map_err(|e| (e, seen))
}

/// Fetches one document's package and writes it in one transaction.
async fn package(ctx: &Ctx<'_>, document: &Listed) -> CollectionReport {
    let name = package_name(&document.id);
    let started = ctx.now();
    ctx.emit(&name, Stage::Started, 0, None);
    let fetched = tokio::select! {
        biased;
        _ = ctx.cancel.cancelled() => Err(ClientError::Cancelled),
        package = ctx.client.get_cf_package(&document.id) => package,
    };
    let package: CfPackage = match fetched {
        Ok(package) => package,
        Err(e) => return end(ctx, &name, &started, outcome_of(&e), 0, format!("{}: {e}", document.title)).await,
    };
    let records = records_of(&package, document);
    let total = records.len() as u64;
    let (id, journal_name, journal_start, finished) = (document.id.clone(), name.clone(), started.clone(), ctx.now());
    let message = format!("{}: {total} records", document.title);
    let note = message.clone();
    let written = ctx
        .cache
        .run(move |conn, cid| {
            let tx = cache::begin(conn)?;
            let mut written = 0;
            for collection in PACKAGE_COLLECTIONS {
                let mut writer = CollectionWriter::new(&tx, cid, collection, WriteMode::Merge)?;
                if matches!(collection, Collection::CfItems | Collection::CfAssociations) {
                    writer.remove_where("document_id", &id)?;
                }
                for (_, record) in records.iter().filter(|(c, _)| *c == collection) {
                    writer.put(record)?;
                }
                written += writer.written();
            }
            let entry = JournalEntry::new(
                &journal_name,
                "full",
                journal_start,
                finished,
                Outcome::Complete,
                written,
                Some(note),
            );
            cache::journal_append(&tx, cid, &entry)?;
            tx.commit()?;
            Ok(written)
        })
        .await;
    match written {
        Ok(written) => ctx.finish(CollectionReport {
            collection: name,
            outcome: SyncOutcome::Complete,
            mode: Some(SyncMode::Full),
            records: written,
            total: Some(total),
            message: Some(message),
        }),
        Err(e) => end(ctx, &name, &started, SyncOutcome::Failed, 0, format!("{}: {e}", document.title)).await,
    }
}

/// The journal's and the report's name of a document's package.
fn package_name(id: &str) -> String {
    format!("CFPackages/{id}")
}

/// The package's records as the service serves them alone; the document as the list gave it
/// (with the package link the package form adds, if the list's lacks one).
fn records_of(package: &CfPackage, document: &Listed) -> Vec<(Collection, Value)> {
    let mut records = served_records(package);
    let mut listed = document.json.clone();
    if let Some((_, served)) = records.iter().find(|(c, _)| *c == Collection::CfDocuments)
        && let (Some(map), Some(link)) = (listed.as_object_mut(), served.get("CFPackageURI"))
        && !map.contains_key("CFPackageURI")
    {
        map.insert("CFPackageURI".into(), link.clone());
    }
    records.retain(|(c, _)| *c != Collection::CfDocuments);
    records.insert(0, (Collection::CfDocuments, listed));
    records
}

/// The cached `lastChangeDateTime` of each of `ids` that is cached.
fn cached_changes(
    conn: &mut rusqlite::Connection,
    connection_id: i64,
    ids: &[String],
) -> Result<HashMap<String, Option<String>>, StoreError> {
    let mut out = HashMap::new();
    for id in ids {
        if let Some(json) = cache::record(conn, connection_id, Collection::CfDocuments, id)? {
            let value: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
            let change = value.get("lastChangeDateTime").and_then(Value::as_str).map(str::to_owned);
            out.insert(id.clone(), change);
        }
    }
    Ok(out)
}

/// Removes the cached documents not in `keep`, with their items and associations; how many.
fn remove_unlisted(
    tx: &rusqlite::Transaction<'_>,
    connection_id: i64,
    keep: &HashSet<String>,
) -> Result<u64, StoreError> {
    let table = cache::spec(Collection::CfDocuments).table;
    let cached: Vec<String> = {
        let mut statement = tx.prepare(&format!("SELECT id FROM {table} WHERE connection_id = ?1"))?;
        let ids = statement.query_map([connection_id], |r| r.get::<_, String>(0))?;
        ids.collect::<Result<_, _>>()?
    };
    let gone: Vec<&String> = cached.iter().filter(|id| !keep.contains(*id)).collect();
    if gone.is_empty() {
        return Ok(0);
    }
    for collection in [Collection::CfItems, Collection::CfAssociations] {
        let mut writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)?;
        for id in &gone {
            writer.remove_where("document_id", id)?;
        }
    }
    let mut documents = CollectionWriter::new(tx, connection_id, Collection::CfDocuments, WriteMode::Merge)?;
    for id in &gone {
        documents.remove(id)?;
    }
    Ok(gone.len() as u64)
}

/// Journals and reports a step that did not complete.
async fn end(
    ctx: &Ctx<'_>,
    name: &str,
    started: &str,
    outcome: SyncOutcome,
    records: u64,
    message: String,
) -> CollectionReport {
    let mut message = message;
    if let Some(journal) = outcome.journal() {
        let entry = JournalEntry::new(name, "full", started.to_owned(), ctx.now(), journal, 0, Some(message.clone()));
        if let Err(e) = ctx.cache.journal(entry).await {
            message.push_str(&format!(" (and the journal could not be written: {e})"));
        }
    }
    ctx.finish(CollectionReport {
        collection: name.to_owned(),
        outcome,
        mode: Some(SyncMode::Full),
        records,
        total: None,
        message: Some(message),
    })
}
