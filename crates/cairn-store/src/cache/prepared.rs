//! [`PreparedRecords`]: records of one collection given as JSON text, read for their table on
//! any thread (the values its relation columns, links and full-text index need), so that the
//! thread holding the write transaction only writes.

use std::ops::Range;

use cairn_spec::Collection;

use super::extract::{Detached, Plan};
use super::tables::spec;

/// Records of one collection, each kept as the JSON text given, with the values its table
/// needs already read. Write them with
/// [`CollectionWriter::put_prepared`](super::CollectionWriter::put_prepared).
#[derive(Debug)]
pub struct PreparedRecords {
    collection: Collection,
    text: String,
    records: Vec<Prepared>,
}

/// One record: where its text is, and what reading it gave.
#[derive(Debug)]
pub(crate) struct Prepared {
    pub(crate) span: Range<usize>,
    pub(crate) read: Read,
}

/// What reading one record gave.
#[derive(Debug)]
pub(crate) enum Read {
    /// An object's values.
    Fields(Detached),
    /// Valid JSON that is not an object (nothing to write).
    NotAnObject,
    /// Not JSON.
    Invalid(serde_json::Error),
}

impl PreparedRecords {
    /// Reads `records` (the JSON text of each) for `collection`'s table, copying their text.
    pub fn new<'a>(collection: Collection, records: impl IntoIterator<Item = &'a str>) -> PreparedRecords {
        let plan = Plan::new(spec(collection));
        let mut text = String::new();
        let mut spans = Vec::new();
        for record in records {
            spans.push(text.len()..text.len() + record.len());
            text.push_str(record);
        }
        let records = spans
            .into_iter()
            .map(|span| {
                let json = text.get(span.clone()).unwrap_or_default();
                let read = match plan.read_text(json) {
                    Ok(Some(fields)) => Read::Fields(fields.detach(&text)),
                    Ok(None) => Read::NotAnObject,
                    Err(e) => Read::Invalid(e),
                };
                Prepared { span, read }
            })
            .collect();
        PreparedRecords { collection, text, records }
    }

    /// The collection they were read for.
    pub fn collection(&self) -> Collection {
        self.collection
    }

    /// How many records there are.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The text every record lies in, and the records.
    pub(crate) fn into_parts(self) -> (String, Vec<Prepared>) {
        (self.text, self.records)
    }
}
