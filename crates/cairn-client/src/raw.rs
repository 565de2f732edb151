//! [`RawPage`]: one page of a collection as the server sent it — its records' text, each taken
//! from the body as it streams (`stream.rs`) — for callers that keep records as JSON text (the
//! cache) and should not pay for building every record as a `serde_json::Value` only to print
//! it again.

use std::cell::Cell;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::ClientError;

/// One page of a collection answer, kept as text: every record exactly as the server sent it
/// (unknown properties, extensions, number forms and escapes untouched; a lone object where
/// the array belongs is written back from its value).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct RawPage {
    text: String,
    records: Vec<Range<usize>>,
}

impl RawPage {
    /// A page of the given records (each the JSON text of one record), for tests and callers
    /// that hold records as text already.
    pub fn from_records<'a>(records: impl IntoIterator<Item = &'a str>) -> RawPage {
        let mut page = RawPage::default();
        for record in records {
            page.push(record);
        }
        page
    }

    /// Adds a record's text after the others.
    fn push(&mut self, record: &str) {
        self.records.push(self.text.len()..self.text.len() + record.len());
        self.text.push_str(record);
    }

    /// How many records the page holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the page holds no record.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The JSON text of each record, in order.
    pub fn records(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.records.iter().map(|span| self.text.get(span.clone()).unwrap_or_default())
    }

    /// The JSON text of the record at `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        self.records.get(index).and_then(|span| self.text.get(span.clone()))
    }
}

impl fmt::Debug for RawPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RawPage").field("records", &self.len()).field("bytes", &self.text.len()).finish()
    }
}

/// The `visit_*` methods of a visitor whose value is an `Option`, answering `None` for every
/// scalar (a body or records property that is not an object or an array holds no records).
macro_rules! scalars_are_none {
    () => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    };
}

/// Why a body's records could not be read.
#[derive(Debug)]
pub(crate) enum Unread {
    /// The body is not JSON (or ended early).
    NotJson(serde_json::Error),
    /// The records property held more records than a page may.
    TooMany,
}

/// Reads a collection answer's body from `deserializer`: a JSON object whose `property`
/// (`users`) holds an array of records (or one record as a lone object), each record's text
/// taken as soon as it is read, at most `most` of them (the read stops at the next one).
/// `Ok(None)` when the body is JSON but not such an object.
pub(crate) fn read_records<'de, R: serde_json::de::Read<'de>>(
    deserializer: &mut serde_json::Deserializer<R>,
    property: &str,
    most: u64,
) -> Result<Option<RawPage>, Unread> {
    let too_many = Cell::new(false);
    let found = Wrapper { property, most, too_many: &too_many }.deserialize(&mut *deserializer);
    let found = found.and_then(|found| deserializer.end().map(|()| found));
    match found {
        Ok(found) => Ok(found),
        Err(_) if too_many.get() => Err(Unread::TooMany),
        Err(e) => Err(Unread::NotJson(e)),
    }
}

/// The body: an object, whose `property` is read (the last one, if repeated).
struct Wrapper<'p> {
    property: &'p str,
    most: u64,
    too_many: &'p Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for Wrapper<'_> {
    type Value = Option<RawPage>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Wrapper<'_> {
    type Value = Option<RawPage>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut found = None;
        while let Some(wanted) = map.next_key_seed(KeyIs(self.property))? {
            match wanted {
                true => {
                    // A repeated property: the last one counts, as when read as a value.
                    drop(found.take());
                    found = map.next_value_seed(RecordsSeed { most: self.most, too_many: self.too_many })?;
                }
                false => drop(map.next_value::<IgnoredAny>()?),
            }
        }
        Ok(found)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    scalars_are_none!();
}

/// Whether a key is the records property.
struct KeyIs<'p>(&'p str);

impl<'de> DeserializeSeed<'de> for KeyIs<'_> {
    type Value = bool;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIs<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<bool, E> {
        Ok(key == self.0)
    }
}

/// The records property's value: an array of records, a lone record, or neither (`None`).
struct RecordsSeed<'c> {
    most: u64,
    too_many: &'c Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for RecordsSeed<'_> {
    type Value = Option<RawPage>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RecordsSeed<'_> {
    type Value = Option<RawPage>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let mut page = RawPage::default();
        // Each record's text is kept as it is read; the body around it is not.
        while let Some(record) = seq.next_element::<Box<RawValue>>()? {
            if page.len() as u64 >= self.most {
                self.too_many.set(true);
                return Err(de::Error::custom(format_args!("more than {} records in one page", self.most)));
            }
            page.push(record.get());
        }
        Ok(Some(page))
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
        // A lone object where the array belongs (rare): its text is written back from its
        // value (a reader cannot give the text of an object it has begun to read).
        let record = serde_json::Value::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(Some(RawPage::from_records([record.to_string().as_str()])))
    }

    scalars_are_none!();
}

/// The most records one page may hold before its read stops: ten times the page size asked,
/// and never fewer than 10,000 (a server may send larger pages than asked, but a body that
/// keeps sending records must not fill the memory before the byte cap ends it).
pub(crate) fn most_records(limit: usize) -> u64 {
    (limit as u64).saturating_mul(10).max(10_000)
}

/// What a body's records read into: the page, or the error the read ends with. `bytes`: how
/// many the body held (an empty body is an answer without its wrapper, not malformed JSON).
pub(crate) fn page_of(
    operation: &'static cairn_spec::operations::Operation,
    read: Result<Option<RawPage>, Unread>,
    bytes: u64,
    most: u64,
) -> Result<RawPage, ClientError> {
    let property = crate::reply::records_property(operation).unwrap_or_default();
    let missing = || ClientError::MissingWrapper { operation: operation.name, expected: format!("{property:?} array") };
    match read {
        Ok(Some(page)) => Ok(page),
        Ok(None) => Err(missing()),
        Err(Unread::NotJson(_)) if bytes == 0 => Err(missing()),
        Err(Unread::NotJson(e)) => {
            Err(ClientError::MalformedBody { operation: operation.name, message: e.to_string() })
        }
        Err(Unread::TooMany) => Err(ClientError::PageTooLong { operation: operation.name, most }),
    }
}

pub(crate) mod stream;

#[cfg(test)]
mod tests;
