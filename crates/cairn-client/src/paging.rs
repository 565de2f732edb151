//! Reading a whole collection page by page, in order, never holding more than a few pages:
//! pages at known offsets fetched concurrently when the total is known (`X-Total-Count`),
//! else `Link rel="next"` followed, else offsets until a page shorter than the first (or empty). The same reading serves
//! pages of parsed records (`Vec<Value>`) and pages kept as text ([`RawPage`]).

use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use cairn_spec::operations::Operation;
use serde_json::Value;
use tokio::task::JoinHandle;

use crate::error::ClientError;
use crate::progress::{Cancel, ReadProgress};
use crate::raw::RawPage;
use crate::transport::Fetched;

/// One page request in flight.
pub(crate) type PageFuture<P> = Pin<Box<dyn Future<Output = Result<Fetched<P>, ClientError>> + Send>>;

/// Fetches the page at a URL (with retries) and reads its records.
pub(crate) type Fetch<P> = Arc<dyn Fn(String) -> PageFuture<P> + Send + Sync>;

/// Where a collection read's pages go, in order.
pub type Sink<'s> = &'s mut (dyn FnMut(Vec<Value>) -> Result<(), ClientError> + Send);

/// A page of records as the pager needs to see it.
pub(crate) trait Page: Send + 'static {
    /// What tells two pages apart by their first record.
    type First: PartialEq + Send;
    /// How many records it holds.
    fn count(&self) -> usize;
    /// Its first record.
    fn first(&self) -> Option<Self::First>;
}

impl Page for Vec<Value> {
    type First = Value;

    fn count(&self) -> usize {
        self.len()
    }

    fn first(&self) -> Option<Value> {
        <[Value]>::first(self).cloned()
    }
}

impl Page for RawPage {
    type First = String;

    fn count(&self) -> usize {
        self.len()
    }

    fn first(&self) -> Option<String> {
        self.get(0).map(str::to_owned)
    }
}

/// Takes the pages of a read, in order; waiting here holds the read back.
pub(crate) trait Deliver<P>: Send {
    /// Takes one page.
    fn deliver(&mut self, page: P) -> impl Future<Output = Result<(), ClientError>> + Send;
}

/// A callback sink: takes each page at once.
pub(crate) struct Callback<'s>(pub(crate) Sink<'s>);

impl Deliver<Vec<Value>> for Callback<'_> {
    fn deliver(&mut self, page: Vec<Value>) -> impl Future<Output = Result<(), ClientError>> + Send {
        std::future::ready((self.0)(page))
    }
}

impl Deliver<RawPage> for tokio::sync::mpsc::Sender<RawPage> {
    async fn deliver(&mut self, page: RawPage) -> Result<(), ClientError> {
        self.send(page).await.map_err(|_| ClientError::Sink("the receiver of the pages stopped".into()))
    }
}

/// A collection read.
pub(crate) struct Pager<'a, P> {
    /// The collection operation.
    pub(crate) operation: &'static Operation,
    /// The requested page size (at least 1).
    pub(crate) limit: usize,
    /// The offset of the first page.
    pub(crate) offset: usize,
    /// Pages fetched at once when the total is known and `concurrency > 1`.
    pub(crate) concurrency: usize,
    /// The URL of the page with this limit and offset (the query otherwise unchanged).
    pub(crate) page_url: &'a (dyn Fn(usize, usize) -> Result<String, ClientError> + Sync),
    /// A `next` link made absolute against the page it came with (refusing other origins).
    pub(crate) resolve: &'a (dyn Fn(&str, &str) -> Result<String, ClientError> + Sync),
    /// Fetches one page.
    pub(crate) fetch: Fetch<P>,
}

impl<P: Page> Pager<'_, P> {
    /// Hands every page to `sink` in order and reports progress after each; returns the number
    /// of records handed over.
    pub(crate) async fn run(
        self,
        sink: &mut impl Deliver<P>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
    ) -> Result<u64, ClientError> {
        let first_url = self.first_url()?;
        let first = race(cancel, (self.fetch)(first_url.clone())).await?;
        self.run_from(first_url, first, sink, progress, cancel).await
    }

    /// The URL of the first page.
    pub(crate) fn first_url(&self) -> Result<String, ClientError> {
        (self.page_url)(self.limit, self.offset)
    }

    /// [`Pager::run`] with the first page fetched already (a conditional request's answer).
    pub(crate) async fn run_from(
        self,
        first_url: String,
        first: Fetched<P>,
        sink: &mut impl Deliver<P>,
        progress: &(dyn Fn(ReadProgress) + Sync),
        cancel: &Cancel,
    ) -> Result<u64, ClientError> {
        let (total, next) = (first.meta.total, first.meta.link_next.clone());
        let records = first.page;
        let expected = total.map(|t| t.saturating_sub(self.offset as u64));
        let mut out = Delivery { sink, progress, records: 0, total: expected };
        let got = records.count();
        let first_record = records.first();
        out.deliver(records, cancel).await?;
        let after = self.offset + got;
        if got == 0 || total.is_some_and(|t| after as u64 >= t) {
            return Ok(out.records);
        }
        // With a total, the first page shows the server's real page size (some cut the limit).
        let step = if total.is_some() { got } else { self.limit };
        let predictable = next.as_deref().is_none_or(|link| link_offset(link) == Some(after));
        match (total, next) {
            (Some(total), _) if self.concurrency > 1 && predictable => {
                self.offsets(after, total, step, &mut out, cancel).await?
            }
            (_, Some(link)) => self.follow(first_url, link, &mut out, cancel).await?,
            (Some(total), None) => self.offsets(after, total, step, &mut out, cancel).await?,
            // A first page shorter than the limit may be the server's own page size: only a
            // page shorter than that, or an empty one, ends the read.
            (None, None) => self.until_short(after, got, first_record, &mut out, cancel).await?,
        }
        Ok(out.records)
    }

    /// The pages from `start` to `total` in steps of `step`, `concurrency` at a time.
    async fn offsets(
        &self,
        start: usize,
        total: u64,
        step: usize,
        out: &mut Delivery<'_, '_, impl Deliver<P>>,
        cancel: &Cancel,
    ) -> Result<(), ClientError> {
        let end = usize::try_from(total).unwrap_or(usize::MAX);
        let mut offsets = (start..end).step_by(step.max(1));
        let mut pending = Pending(VecDeque::new());
        let spawn = |offset| -> Result<InFlight<P>, ClientError> {
            Ok((offset, tokio::spawn((self.fetch)((self.page_url)(step, offset)?))))
        };
        for offset in offsets.by_ref().take(self.concurrency.max(1)) {
            pending.0.push_back(spawn(offset)?);
        }
        while let Some((offset, mut handle)) = pending.0.pop_front() {
            let joined = tokio::select! {
                biased;
                _ = cancel.cancelled() => {
                    handle.abort();
                    return Err(ClientError::Cancelled);
                }
                joined = &mut handle => joined,
            };
            let reply = joined.map_err(|e| ClientError::Transport {
                operation: self.operation.name,
                kind: crate::TransportKind::Other,
                message: format!("a page request stopped: {e}"),
            })??;
            // Every page holds a full step but the last; fewer means records the read would
            // silently miss (a deletion shifting later records onto pages already read, or a
            // page the server cut).
            if reply.page.count() < step.min(end - offset) {
                return Err(ClientError::Paging {
                    operation: self.operation.name,
                    reason: "a page held fewer records than the total and the page size imply \
                             (the collection changed during the read, or the server cut the page)",
                });
            }
            if let Some(next) = offsets.next() {
                pending.0.push_back(spawn(next)?);
            }
            out.deliver(reply.page, cancel).await?;
        }
        Ok(())
    }

    /// Follows `next` links from the first page until there is none (or a page is empty).
    async fn follow(
        &self,
        first_url: String,
        link: String,
        out: &mut Delivery<'_, '_, impl Deliver<P>>,
        cancel: &Cancel,
    ) -> Result<(), ClientError> {
        let mut visited = HashSet::from([first_url.clone()]);
        let (mut current, mut next) = (first_url, Some(link));
        while let Some(link) = next {
            let url = (self.resolve)(&current, &link)?;
            if !visited.insert(url.clone()) {
                return Err(ClientError::Paging {
                    operation: self.operation.name,
                    reason: "the next link points at a page already read",
                });
            }
            let reply = race(cancel, (self.fetch)(url.clone())).await?;
            next = reply.meta.link_next.clone();
            let records = reply.page;
            if records.count() == 0 {
                break;
            }
            out.deliver(records, cancel).await?;
            current = url;
        }
        Ok(())
    }

    /// Pages at growing offsets until one is empty or shorter than `page_size` (the first
    /// page's size: the limit, or the server's own smaller page size).
    async fn until_short(
        &self,
        mut offset: usize,
        page_size: usize,
        mut previous_first: Option<P::First>,
        out: &mut Delivery<'_, '_, impl Deliver<P>>,
        cancel: &Cancel,
    ) -> Result<(), ClientError> {
        loop {
            let reply = race(cancel, (self.fetch)((self.page_url)(self.limit, offset)?)).await?;
            let records = reply.page;
            let got = records.count();
            if got == 0 {
                return Ok(());
            }
            let first = records.first();
            if first == previous_first {
                // A server that ignores `offset`. A page shorter than the limit was the whole
                // collection: it goes to the sink again (which sees every record repeated and
                // says the paging is inconsistent) and the read ends. A full one may hide more.
                if got < self.limit {
                    out.deliver(records, cancel).await?;
                    return Ok(());
                }
                return Err(ClientError::Paging {
                    operation: self.operation.name,
                    reason: "the server answers the same page at every offset",
                });
            }
            previous_first = first;
            out.deliver(records, cancel).await?;
            if got < page_size {
                return Ok(());
            }
            offset += got;
        }
    }
}

/// The sink, the progress callback and the count so far.
struct Delivery<'s, 'p, D> {
    sink: &'s mut D,
    progress: &'p (dyn Fn(ReadProgress) + Sync),
    records: u64,
    total: Option<u64>,
}

impl<D> Delivery<'_, '_, D> {
    /// Hands a page over (waiting while the sink holds back, unless cancelled), then reports.
    async fn deliver<P: Page>(&mut self, records: P, cancel: &Cancel) -> Result<(), ClientError>
    where
        D: Deliver<P>,
    {
        let count = records.count() as u64;
        if count == 0 {
            return Ok(());
        }
        race(cancel, self.sink.deliver(records)).await?;
        self.records += count;
        (self.progress)(ReadProgress { records: self.records, total: self.total });
        Ok(())
    }
}

/// A page request in flight, with its offset.
type InFlight<P> = (usize, JoinHandle<Result<Fetched<P>, ClientError>>);

/// Page requests in flight, aborted when the read ends early.
struct Pending<P>(VecDeque<InFlight<P>>);

impl<P> Drop for Pending<P> {
    fn drop(&mut self) {
        for (_, handle) in &self.0 {
            handle.abort();
        }
    }
}

/// Runs `future` unless `cancel` fires first.
pub(crate) async fn race<T>(
    cancel: &Cancel,
    future: impl Future<Output = Result<T, ClientError>>,
) -> Result<T, ClientError> {
    tokio::select! {
        biased;
        _ = cancel.cancelled() => Err(ClientError::Cancelled),
        result = future => result,
    }
}

/// The `offset` parameter of a link's query.
fn link_offset(link: &str) -> Option<usize> {
    let query = link.split_once('?')?.1.split('#').next()?;
    query.split('&').filter_map(|p| p.split_once('=')).find(|(k, _)| *k == "offset").and_then(|(_, v)| v.parse().ok())
}

#[cfg(test)]
mod tests;
