//! A collection page read as its body streams: a body of up to 16 MiB (a page of the sync's
//! 1000 records is about 1 MB) is gathered and parsed from memory ([`parse_whole`]); past
//! that, its chunks go through a bounded channel to serde_json reading them on a blocking
//! thread ([`parse`]), which keeps each record's text as soon as the record is read and
//! nothing of the body around it. The client's memory so grows with the records a page holds,
//! at most [`super::most_records`], never with the body: a body that keeps sending records ends
//! with [`ClientError::PageTooLong`] (the byte cap, `max_body_bytes`, stays as the backstop
//! for a body of a few huge records).

use std::io::{BufReader, Read};

use bytes::{Buf, Bytes};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::{RawPage, Unread, page_of, read_records};
use crate::error::{ClientError, TransportKind};
use crate::transport::{Body, BodyRead, Failure, body_failure, decode_failure};

/// Chunks of a body waiting for the parser at most (the read waits beyond).
const CHUNKS_AHEAD: usize = 8;

/// The largest body read whole before its records are parsed (a page of the sync's 1000
/// records is about 1 MB); a larger one is parsed as it streams.
const WHOLE_UP_TO: u64 = 16 * 1024 * 1024;

/// What the parser reads the chunks through (serde_json reads a byte at a time: a buffered
/// reader makes that a look into its buffer).
const READ_BUFFER: usize = 64 * 1024;

impl Body for RawPage {
    async fn read(response: reqwest::Response, how: &BodyRead) -> Result<(RawPage, u64), Failure> {
        read_page(response, how).await
    }
}

/// The thread parsing a body as it streams, and what it read.
type Parser = JoinHandle<Result<Option<RawPage>, Unread>>;

/// Reads a success answer's records, at most `how.limit` bytes and `how.most_records`
/// records: a body of up to [`WHOLE_UP_TO`] bytes whole, then parsed from memory; past that,
/// parsed as it streams on a blocking thread. The page and the bytes the body held.
async fn read_page(mut response: reqwest::Response, how: &BodyRead) -> Result<(RawPage, u64), Failure> {
    let BodyRead { operation, limit, most_records, repeatable } = *how;
    let too_large = || Failure::Fatal(ClientError::BodyTooLarge { operation: operation.name, limit });
    if response.content_length().is_some_and(|length| length > limit) {
        return Err(too_large());
    }
    let Some(property) = crate::reply::records_property(operation) else {
        return Err(Failure::Fatal(ClientError::NotACollection { operation: operation.name }));
    };
    let mut whole = Vec::new();
    let mut streaming: Option<(mpsc::Sender<Bytes>, Parser)> = None;
    let mut bytes = 0u64;
    let fed = loop {
        let chunk = match response.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break Ok(()),
            Err(e) => break Err(body_failure(operation.name, e, repeatable)),
        };
        bytes = bytes.saturating_add(chunk.len() as u64);
        if bytes > limit {
            break Err(too_large());
        }
        if streaming.is_none() {
            whole.extend_from_slice(&chunk);
            if whole.len() as u64 <= WHOLE_UP_TO {
                continue;
            }
            // A body this large streams from here on: what came so far first. The parser
            // ends when the channel does (the body's end, or this read stopping early).
            let (sender, chunks) = mpsc::channel::<Bytes>(CHUNKS_AHEAD);
            let parser = tokio::task::spawn_blocking(move || parse(chunks, property, most_records));
            streaming = Some((sender, parser));
        }
        let chunk = if whole.is_empty() { chunk } else { Bytes::from(std::mem::take(&mut whole)) };
        // The parser stopped (its error says why): read no further.
        if let Some((sender, _)) = &streaming
            && sender.send(chunk).await.is_err()
        {
            break Ok(());
        }
    };
    let parsed = match streaming {
        Some((sender, parser)) => {
            drop(sender);
            // A body that failed to arrive says so, whatever the parser made of its part.
            fed?;
            parser.await.map_err(|e| {
                Failure::Fatal(ClientError::Transport {
                    operation: operation.name,
                    kind: TransportKind::Other,
                    message: format!("the page's reader stopped: {e}"),
                })
            })?
        }
        None => {
            fed?;
            parse_whole(&whole, property, most_records)
        }
    };
    match page_of(operation, parsed, bytes, most_records) {
        Ok(page) => Ok((page, bytes)),
        Err(e) => Err(decode_failure(operation, e)),
    }
}

/// Reads the records of a body held whole (serde_json reads a slice several times faster than
/// a reader: streaming every page took a sync's CPU from about 11 to 22 s).
pub(crate) fn parse_whole(body: &[u8], property: &str, most: u64) -> Result<Option<RawPage>, Unread> {
    read_records(&mut serde_json::Deserializer::from_slice(body), property, most)
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
    let streamed = page_of(operation, parse(receiver, property, most), body.len() as u64, most);
    let whole = page_of(operation, parse_whole(body, property, most), body.len() as u64, most);
    assert_eq!(format!("{streamed:?}"), format!("{whole:?}"), "read whole and streamed alike");
    streamed
}
