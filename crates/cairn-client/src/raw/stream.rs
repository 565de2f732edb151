//! A collection page read while its body streams: the body's chunks go through a bounded
//! channel to serde_json reading them on a blocking thread ([`parse`]), which keeps each
//! record's text as soon as the record is read and nothing of the body around it. The client's
//! memory so grows with the records a page holds, at most [`super::most_records`], never with
//! the body: a body that keeps sending records ends with [`ClientError::PageTooLong`] (the
//! byte cap, `max_body_bytes`, stays as the backstop for a body of a few huge records).

use std::io::{BufReader, Read};

use bytes::{Buf, Bytes};
use tokio::sync::mpsc;

use super::{RawPage, Unread, page_of, read_records};
use crate::error::{ClientError, TransportKind};
use crate::transport::{Body, BodyRead, Failure, body_failure, decode_failure};

/// Chunks of a body waiting for the parser at most (the read waits beyond).
const CHUNKS_AHEAD: usize = 8;

/// What the parser reads the chunks through (serde_json reads a byte at a time: a buffered
/// reader makes that a look into its buffer).
const READ_BUFFER: usize = 64 * 1024;

impl Body for RawPage {
    async fn read(response: reqwest::Response, how: &BodyRead) -> Result<(RawPage, u64), Failure> {
        read_page(response, how).await
    }
}

/// Reads a success answer's records as its body streams, at most `how.limit` bytes and
/// `how.most_records` records; the page and the bytes the body held.
async fn read_page(mut response: reqwest::Response, how: &BodyRead) -> Result<(RawPage, u64), Failure> {
    let BodyRead { operation, limit, most_records, repeatable } = *how;
    let too_large = || Failure::Fatal(ClientError::BodyTooLarge { operation: operation.name, limit });
    if response.content_length().is_some_and(|length| length > limit) {
        return Err(too_large());
    }
    let Some(property) = crate::reply::records_property(operation) else {
        return Err(Failure::Fatal(ClientError::NotACollection { operation: operation.name }));
    };
    let (sender, chunks) = mpsc::channel::<Bytes>(CHUNKS_AHEAD);
    // The parser ends when the channel does: at the body's end, or when this read stops early
    // (an error, a cancelled read dropping this future).
    let parser = tokio::task::spawn_blocking(move || parse(chunks, property, most_records));
    let mut bytes = 0u64;
    let fed = loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                bytes = bytes.saturating_add(chunk.len() as u64);
                if bytes > limit {
                    break Err(too_large());
                }
                // The parser stopped (its error says why): read no further.
                if sender.send(chunk).await.is_err() {
                    break Ok(());
                }
            }
            Ok(None) => break Ok(()),
            Err(e) => break Err(body_failure(operation.name, e, repeatable)),
        }
    };
    drop(sender);
    // A body that failed to arrive says so, whatever the parser made of its part.
    fed?;
    let parsed = parser.await.map_err(|e| {
        Failure::Fatal(ClientError::Transport {
            operation: operation.name,
            kind: TransportKind::Other,
            message: format!("the page's reader stopped: {e}"),
        })
    })?;
    match page_of(operation, parsed, bytes, most_records) {
        Ok(page) => Ok((page, bytes)),
        Err(e) => Err(decode_failure(operation, e)),
    }
}

/// Reads a body's records from its `chunks` as they come (on a blocking thread).
pub(crate) fn parse(chunks: mpsc::Receiver<Bytes>, property: &str, most: u64) -> Result<Option<RawPage>, Unread> {
    let reader = BufReader::with_capacity(READ_BUFFER, Chunks { chunks, current: Bytes::new() });
    read_records(&mut serde_json::Deserializer::from_reader(reader), property, most)
}

/// The chunks of a body as one reader.
struct Chunks {
    chunks: mpsc::Receiver<Bytes>,
    current: Bytes,
}

impl Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.blocking_recv() {
                Some(chunk) => self.current = chunk,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current.advance(n);
        Ok(n)
    }
}

/// The records of a whole body given at once (in chunks of `chunk` bytes), for tests.
#[cfg(test)]
pub(crate) fn take_raw_records(
    operation: &'static cairn_spec::operations::Operation,
    body: &[u8],
    chunk: usize,
) -> Result<RawPage, ClientError> {
    let chunks: Vec<Bytes> = body.chunks(chunk.max(1)).map(Bytes::copy_from_slice).collect();
    let (sender, receiver) = mpsc::channel(chunks.len().max(1));
    for chunk in chunks {
        sender.try_send(chunk).map_err(|e| ClientError::Sink(e.to_string().into()))?;
    }
    drop(sender);
    let property =
        crate::reply::records_property(operation).ok_or(ClientError::NotACollection { operation: operation.name })?;
    let most = super::most_records(100);
    page_of(operation, parse(receiver, property, most), body.len() as u64, most)
}
