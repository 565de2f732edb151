//! [`RawPage`]: one page of a collection as the server sent it — the body's text and where each
//! record lies in it — for callers that keep records as JSON text (the cache) and should not
//! pay for building every record as a `serde_json::Value` only to print it again.

use std::fmt;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::ClientError;

/// One page of a collection answer, kept as text: every record exactly as the server sent it
/// (unknown properties, extensions, number forms and escapes untouched).
#[derive(Clone, PartialEq, Eq)]
pub struct RawPage {
    text: String,
    records: Vec<Range<usize>>,
}

impl RawPage {
    /// Reads a collection answer's body: a JSON object whose `property` (`users`) holds an
    /// array of records (or one record as a lone object). `Ok(None)` when the body is JSON but
    /// not such an object; an error when it is not JSON.
    pub(crate) fn parse(text: String, property: &str) -> Result<Option<RawPage>, serde_json::Error> {
        let mut deserializer = serde_json::Deserializer::from_str(&text);
        let found = Wrapper { property }.deserialize(&mut deserializer)?;
        deserializer.end()?;
        let records = match found {
            Some(Records::Each(raws)) => {
                let base = text.as_ptr() as usize;
                let spans: Option<Vec<Range<usize>>> = raws
                    .iter()
                    .map(|raw| {
                        let start = (raw.get().as_ptr() as usize).checked_sub(base)?;
                        let span = start..start + raw.get().len();
                        (text.get(span.clone()) == Some(raw.get())).then_some(span)
                    })
                    .collect();
                match spans {
                    Some(spans) => spans,
                    None => return Err(de::Error::custom("a record is not a slice of the page")),
                }
            }
            // A lone object where the array belongs (rare): find its text with a second read.
            Some(Records::Lone) => {
                let whole: std::collections::HashMap<String, &RawValue> = serde_json::from_str(&text)?;
                let Some(raw) = whole.get(property) else { return Ok(None) };
                let start = (raw.get().as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
                let span = start..start + raw.get().len();
                vec![span]
            }
            None => return Ok(None),
        };
        Ok(Some(RawPage { text, records }))
    }

    /// A page of the given records (each the JSON text of one record), for tests and callers
    /// that hold records as text already.
    pub fn from_records<'a>(records: impl IntoIterator<Item = &'a str>) -> RawPage {
        let mut text = String::new();
        let mut spans = Vec::new();
        for record in records {
            spans.push(text.len()..text.len() + record.len());
            text.push_str(record);
        }
        RawPage { text, records: spans }
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

/// What the wrapper's records property held.
enum Records<'de> {
    /// An array: each element's text.
    Each(Vec<&'de RawValue>),
    /// A lone object.
    Lone,
}

/// The body: an object, whose `property` is read (the last one, if repeated).
struct Wrapper<'p> {
    property: &'p str,
}

impl<'de> DeserializeSeed<'de> for Wrapper<'_> {
    type Value = Option<Records<'de>>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Wrapper<'_> {
    type Value = Option<Records<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut found = None;
        while let Some(wanted) = map.next_key_seed(KeyIs(self.property))? {
            match wanted {
                true => found = map.next_value_seed(RecordsSeed)?,
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
struct RecordsSeed;

impl<'de> DeserializeSeed<'de> for RecordsSeed {
    type Value = Option<Records<'de>>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RecordsSeed {
    type Value = Option<Records<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let mut records = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(record) = seq.next_element::<&'de RawValue>()? {
            records.push(record);
        }
        Ok(Some(Records::Each(records)))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Some(Records::Lone))
    }

    scalars_are_none!();
}

/// The records of a collection answer's body as text; the errors `take_records` gives.
pub(crate) fn take_raw_records(
    operation: &'static cairn_spec::operations::Operation,
    body: Vec<u8>,
) -> Result<RawPage, ClientError> {
    let property =
        crate::reply::records_property(operation).ok_or(ClientError::NotACollection { operation: operation.name })?;
    let missing = || ClientError::MissingWrapper { operation: operation.name, expected: format!("{property:?} array") };
    let text = String::from_utf8(body)
        .map_err(|e| ClientError::MalformedBody { operation: operation.name, message: e.to_string() })?;
    if text.is_empty() {
        return Err(missing());
    }
    match RawPage::parse(text, property) {
        Ok(Some(page)) => Ok(page),
        Ok(None) => Err(missing()),
        Err(e) => Err(ClientError::MalformedBody { operation: operation.name, message: e.to_string() }),
    }
}

#[cfg(test)]
mod tests;
