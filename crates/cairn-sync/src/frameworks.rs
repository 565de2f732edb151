//! The competency frameworks: the document list, then for every chosen document that is new
//! or changed (its `lastChangeDateTime` differs from the cached one) its package, written in
//! one transaction per package through [`served_records`]; the package's items and
//! associations replace the document's previous ones. With every framework chosen, documents
//! the server no longer lists leave the cache with their items and associations.

use std::collections::{HashMap, HashSet};

use cairn_client::{ClientError, Conditional, ReadPackage, ReadProgress, Validators};
use cairn_query::Query;
use cairn_spec::operations::operation;
use cairn_store::cache::{self, JournalEntry, Outcome};
use serde_json::Value;

use super::deviations::Deviations;
use super::empty::EmptyList;
use super::report::{CollectionReport, SyncMode, SyncOutcome};
use super::{Ctx, allowed, outcome_of};
use crate::failure::{ErrorCode, Failure};
use cairn_files::ingest::served_records;

/// The name of the document list's step.
pub(crate) const DOCUMENTS: &str = "CFDocuments";

/// A document as the list gave it.
struct Listed {
    id: String,
    title: String,
    last_change: Option<String>,
}

/// Syncs the frameworks, adding a report for the list and one per chosen package to `out`.
pub(crate) async fn sync(ctx: &Ctx<'_>, granted: Option<&[String]>, out: &mut Vec<CollectionReport>) {
    let (Some(list_op), Some(package_op)) = (operation("getAllCFDocuments"), operation("getCFPackage")) else {
        out.push(ctx.finish(CollectionReport::new(DOCUMENTS, SyncOutcome::Failed, Some("no CASE operations".into()))));
        return;
    };
    for op in [list_op, package_op] {
        if !allowed(op, granted) {
            out.push(ctx.skipped(DOCUMENTS, op));
            return;
        }
    }
    let started = ctx.now();
    ctx.emit(DOCUMENTS, 0, None);
    let List { listed, repeated, validators, not_modified } = match list(ctx).await {
        Ok(list) => list,
        Err((e, seen)) => {
            let outcome = outcome_of(&e);
            out.push(end(ctx, DOCUMENTS, &started, outcome, seen.records, e.to_string(), Failure::from(&e)).await);
            return;
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
    let cached = match ctx.cache.read(cache::cached_documents).await {
        Ok(cached) => cached.into_iter().map(|d| (d.id, d.last_change)).collect::<HashMap<_, _>>(),
        Err(e) => {
            out.push(end(ctx, DOCUMENTS, &started, SyncOutcome::Failed, 0, e.to_string(), Failure::store()).await);
            return;
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
    let mut summary = format!("{} documents listed: {fetched} packages written, {unchanged} unchanged", listed.len());
    if not_modified {
        summary.push_str(" (the list not modified since the last sync: HTTP 304)");
    }
    if repeated > 0 {
        summary.push_str(&format!(
            " (the server's paging is inconsistent: {repeated} documents came again on later pages; each was \
             counted once)"
        ));
    }
    let report = if cancelled {
        let cancelled = Failure::new(ErrorCode::Cancelled);
        end(ctx, DOCUMENTS, &started, SyncOutcome::Cancelled, 0, format!("cancelled; {summary}"), cancelled).await
    } else {
        // An empty list (not a 304) is explained: who read it, and what the server says.
        let empty = match listed.is_empty() && !not_modified {
            true => Some(EmptyList::explain(ctx.client, !cached.is_empty()).await),
            false => None,
        };
        settle_listing(ctx, &listed, &started, summary, validators, empty).await
    };
    out.insert(at, report);
}

/// The document list as a sync read it.
struct List {
    /// Each document once.
    listed: Vec<Listed>,
    /// How many came again on later pages.
    repeated: u64,
    /// The validators to keep for the list; `None` when it was not modified (a 304).
    validators: Option<cache::Validators>,
    /// The server answered 304: the list is the cached one.
    not_modified: bool,
}

/// Reads the document list (a few records per framework, held while the packages are read),
/// each document once; on incremental syncs conditionally (a 304 gives the cached documents
/// still listed).
async fn list(ctx: &Ctx<'_>) -> Result<List, (ClientError, ReadProgress)> {
    let Some(op) = operation("getAllCFDocuments") else {
        return Ok(List { listed: Vec::new(), repeated: 0, validators: None, not_modified: false });
    };
    let kept = match ctx.options.incremental {
        true => {
            let kept = ctx.cache.read(|conn, cid| cache::validators(conn, cid, DOCUMENTS)).await.ok().flatten();
            Some(kept.map(|v| Validators { etag: v.etag, last_modified: v.last_modified }).unwrap_or_default())
        }
        false => None,
    };
    let mut listed = Vec::new();
    let (mut ids, mut repeated) = (HashSet::new(), 0);
    let mut sink = |page: Vec<Value>| {
        for json in page {
            let Some(id) = json.get("identifier").and_then(Value::as_str).map(str::to_owned) else { continue };
            if !ids.insert(id.clone()) {
                repeated += 1;
                continue;
            }
            let text = |field: &str| json.get(field).and_then(Value::as_str).map(str::to_owned);
            let (title, last_change) = (text("title").unwrap_or_default(), text("lastChangeDateTime"));
            listed.push(Listed { id, title, last_change });
        }
        Ok(())
    };
    let seen = std::sync::Mutex::new(ReadProgress::default());
    let report = |p: ReadProgress| {
        *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = p;
        ctx.emit(DOCUMENTS, p.records, p.total);
    };
    let query = Query::from_params([("limit", ctx.options.page_size.max(1).to_string())]).unwrap_or_default();
    let result = match &kept {
        Some(kept) => ctx.client.collect_pages_if_changed(op, &[], &query, &mut sink, &report, ctx.cancel, kept).await,
        None => ctx
            .client
            .collect_pages(op, &[], &query, &mut sink, &report, ctx.cancel)
            .await
            .map(|records| Conditional::Changed { value: records, validators: Validators::default() }),
    };
    let seen = *seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    match result {
        Ok(Conditional::Changed { validators, .. }) => {
            let validators = Some(cache::Validators { etag: validators.etag, last_modified: validators.last_modified });
            Ok(List { listed, repeated, validators, not_modified: false })
        }
        Ok(Conditional::NotModified) => {
            let cached = ctx.cache.read(cache::cached_documents).await;
            let cached = cached.map_err(|e| (ClientError::Sink(Box::new(e)), seen))?;
            let listed = cached
                .into_iter()
                .filter(|d| d.unlisted_since.is_none())
                .map(|d| Listed { id: d.id, title: d.title.unwrap_or_default(), last_change: d.last_change })
                .collect();
            Ok(List { listed, repeated: 0, validators: None, not_modified: true })
        }
        Err(e) => Err((e, seen)),
    }
}

/// Fetches one document's package and writes it in one transaction.
async fn package(ctx: &Ctx<'_>, document: &Listed) -> CollectionReport {
    let name = package_name(&document.id);
    let started = ctx.now();
    ctx.emit(&name, 0, None);
    // The validators the server sent with the package last time, sent back (incremental only).
    let resource = name.clone();
    let kept = match ctx.options.incremental {
        true => ctx.cache.read(move |conn, cid| cache::validators(conn, cid, &resource)).await.ok().flatten(),
        false => None,
    };
    let sent = kept.map(|v| Validators { etag: v.etag, last_modified: v.last_modified }).unwrap_or_default();
    let fetched = tokio::select! {
        biased;
        _ = ctx.cancel.cancelled() => Err(ClientError::Cancelled),
        package = ctx.client.get_cf_package_if_changed(&document.id, &sent) => package,
    };
    let (ReadPackage { package, deviations: tolerated }, validators) = match fetched {
        Ok(Conditional::Changed { value, validators }) => (value, validators),
        Ok(Conditional::NotModified) => {
            let message = Some(format!("{}: not modified since the last sync (HTTP 304)", document.title));
            return ctx.finish(CollectionReport::new(name, SyncOutcome::Unchanged, message));
        }
        Err(e) => {
            let (outcome, failure) = (outcome_of(&e), Failure::from(&e));
            return end(ctx, &name, &started, outcome, 0, format!("{}: {e}", document.title), failure).await;
        }
    };
    let mut deviations = Deviations::default();
    deviations.add(&name, tolerated);
    let validators = cache::Validators { etag: validators.etag, last_modified: validators.last_modified };
    // The package's own document, whole: the list may carry only a summary of it.
    let records = served_records(&package);
    let total = records.len() as u64;
    let (id, journal_name, journal_start, finished) = (document.id.clone(), name.clone(), started.clone(), ctx.now());
    let resource = name.clone();
    let message = format!("{}: {total} records", document.title);
    let note = message.clone();
    let written = ctx
        .cache
        .write(move |tx, cid| {
            let counts = cache::write_package(tx, cid, &id, &records, &mut || {})?;
            let written = counts.iter().map(|(_, n)| n).sum();
            let entry = JournalEntry::new(
                &journal_name,
                "full",
                journal_start,
                finished,
                Outcome::Complete,
                written,
                Some(note),
            );
            cache::journal_append(tx, cid, &entry)?;
            cache::save_validators(tx, cid, &resource, &validators)?;
            Ok::<_, cairn_store::StoreError>(written)
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
            deviations,
            failure: None,
        }),
        Err(e) => {
            let message = format!("{}: {e}", document.title);
            end(ctx, &name, &started, SyncOutcome::Failed, 0, message, Failure::store()).await
        }
    }
}

/// The journal's and the report's name of a document's package.
fn package_name(id: &str) -> String {
    format!("CFPackages/{id}")
}

/// Journals and reports a step that did not complete.
async fn end(
    ctx: &Ctx<'_>,
    name: &str,
    started: &str,
    outcome: SyncOutcome,
    records: u64,
    message: String,
    failure: Failure,
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
        deviations: Deviations::default(),
        failure: Some(failure),
    })
}

/// Ends the document list's step: cached documents the server listed lose their "no longer
/// listed" mark, the others get it (and are removed only when the user asked to prune). An
/// empty list where documents are cached changes nothing and is reported as suspect: a server
/// answers so for a token it cannot verify, or to a reader without credentials, and deleting
/// on its word would lose every framework of the connection. An empty list that the discovery
/// document says wants a token nobody sent is suspect too. Either way `empty` says why.
async fn settle_listing(
    ctx: &Ctx<'_>,
    listed: &[Listed],
    started: &str,
    summary: String,
    validators: Option<cache::Validators>,
    empty: Option<EmptyList>,
) -> CollectionReport {
    let keep: HashSet<String> = listed.iter().map(|l| l.id.clone()).collect();
    let prune = ctx.options.prune && ctx.options.frameworks.is_none();
    let (now, journal_start) = (ctx.now(), started.to_owned());
    let hidden = empty.as_ref().is_some_and(|e| e.discovery_asks);
    let hint = empty.map(|e| e.hint).unwrap_or_default();
    let settled = ctx
        .cache
        .write(move |tx, cid| {
            let cached = cache::cached_documents(tx, cid)?;
            // `None` validators: the list was not modified (304), so the marks stand as they are.
            let settled = if validators.is_none() {
                let unlisted = cached.iter().filter(|d| d.unlisted_since.is_some()).count();
                Settled::Listed { newly: 0, unlisted, removed: 0 }
            } else if keep.is_empty() && !cached.is_empty() {
                Settled::Suspect(cached.len())
            } else if keep.is_empty() && hidden {
                Settled::Hidden
            } else {
                let newly = cache::mark_listed(tx, cid, &keep, &now)?.len();
                let unlisted: Vec<String> = cached.into_iter().map(|d| d.id).filter(|id| !keep.contains(id)).collect();
                match prune {
                    true => {
                        Settled::Listed { newly, unlisted: 0, removed: cache::remove_documents(tx, cid, &unlisted)? }
                    }
                    false => Settled::Listed { newly, unlisted: unlisted.len(), removed: 0 },
                }
            };
            let message = Some(format!("{summary}{}", settled.note(&hint)));
            let (outcome, records) = match settled {
                Settled::Suspect(_) | Settled::Hidden => (Outcome::Failed, 0),
                Settled::Listed { removed, .. } => (Outcome::Complete, removed),
            };
            let entry = JournalEntry::new(DOCUMENTS, "full", journal_start, now, outcome, records, message);
            cache::journal_append(tx, cid, &entry)?;
            // A suspect list's validators are not kept: the next sync reads the list again.
            if let (Some(validators), Settled::Listed { .. }) = (&validators, settled) {
                cache::save_validators(tx, cid, DOCUMENTS, validators)?;
            }
            Ok::<_, cairn_store::StoreError>((settled, summary, hint))
        })
        .await;
    match settled {
        Ok((settled, summary, hint)) => {
            let (outcome, records) = match settled {
                Settled::Suspect(_) | Settled::Hidden => (SyncOutcome::Failed, 0),
                Settled::Listed { removed, .. } => (SyncOutcome::Complete, removed),
            };
            let message = Some(format!("{summary}{}", settled.note(&hint)));
            let mut report = CollectionReport::new(DOCUMENTS, outcome, message);
            (report.mode, report.records, report.total) = (Some(SyncMode::Full), records, Some(listed.len() as u64));
            ctx.finish(report)
        }
        Err(e) => end(ctx, DOCUMENTS, started, SyncOutcome::Failed, 0, e.to_string(), Failure::store()).await,
    }
}

/// What the document list did to the cached documents.
#[derive(Debug, Clone, Copy)]
enum Settled {
    /// The list was empty where this many documents are cached: nothing changed.
    Suspect(usize),
    /// The list was empty, nothing is cached, and the discovery document asks for the token
    /// this sync did not send: nothing changed.
    Hidden,
    /// Marked or removed as the list says.
    Listed {
        /// Documents found unlisted for the first time.
        newly: usize,
        /// Documents no longer listed, kept.
        unlisted: usize,
        /// Documents removed (pruned).
        removed: u64,
    },
}

impl Settled {
    /// The end of the report's message; `hint` says why an empty list may hide frameworks.
    fn note(&self, hint: &str) -> String {
        match *self {
            Settled::Suspect(cached) => {
                format!(
                    "; suspect: the server listed no documents where {cached} are cached, and nothing was removed; {hint}"
                )
            }
            Settled::Hidden => format!(
                "; suspect: the server's discovery document asks for a token to list the frameworks, and it listed \
                 none; {hint}"
            ),
            Settled::Listed { unlisted: 0, removed: 0, .. } => String::new(),
            Settled::Listed { removed, unlisted: 0, .. } => format!(", {removed} no longer listed removed (--prune)"),
            Settled::Listed { newly, unlisted, .. } => format!(
                ", {unlisted} no longer listed ({newly} newly) kept in the cache (marked; --prune removes them)"
            ),
        }
    }
}
