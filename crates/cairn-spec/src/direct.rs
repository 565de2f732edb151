//! Reading JSON text straight into the model ([`read_str`]), without a `serde_json::Value` in
//! between: a record's properties are matched by name as the parser meets them and each is
//! read into its field, so no map is built (nor any key hashed) for a record or an array of
//! them. The answer is exactly what [`read_slice`] gives for the same text — the model's
//! [`Wire::from_json`] applied to the parsed value — which the tests hold it to.
//!
//! Where the two could differ, the text is read the old way: a repeated property name (a
//! `Value` keeps the last value at the first one's place, which a reader going forward cannot
//! know it will need), and text that is not JSON (for [`read_slice`]'s error).
//!
//! The sync counts a collection's deviations with it: parsing each record into a `Value` was
//! two thirds of that count (docs/performance.md).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::wire::{Read, ReadError, Wire, json_type, read_slice, tolerated};

/// What reading one value straight from JSON gave.
#[doc(hidden)]
#[derive(Debug)]
pub enum Direct<T> {
    /// The value, as [`Wire::from_json`] reads it.
    Read(T),
    /// The value as given, which [`Wire::from_json`] gives back (it cannot be a `T` at all).
    Kept(Value),
    /// A property name came twice in one object somewhere inside: read the text as a `Value`.
    Repeated,
}

/// Parses JSON text and reads it tolerantly: what [`read_slice`] answers, without a
/// `serde_json::Value` in between for records and their arrays (see the module's notes).
pub fn read_str<T: Wire>(text: &str, expected: &str) -> Result<Read<T>, ReadError> {
    let mut parser = serde_json::Deserializer::from_str(text);
    let direct = T::read_direct(&mut parser).and_then(|direct| parser.end().map(|()| direct));
    match direct {
        Ok(Direct::Read(value)) => {
            let warnings = tolerated(&value);
            Ok(Read { value, warnings })
        }
        Ok(Direct::Kept(value)) => Err(ReadError::NotA { expected: expected.to_owned(), found: json_type(&value) }),
        // Not JSON (read_slice says where), or a repeated name (read as a Value reads it).
        Ok(Direct::Repeated) | Err(_) => read_slice(text.as_bytes(), expected),
    }
}

/// [`Wire::read_direct`] for a type without a reading of its own: parse the value, then read it.
pub(crate) fn through_value<'de, T: Wire, D: Deserializer<'de>>(d: D) -> Result<Direct<T>, D::Error> {
    let value = Value::deserialize(d)?;
    Ok(match T::from_json(value) {
        Ok(read) => Direct::Read(read),
        Err(value) => Direct::Kept(value),
    })
}

/// Reads the next value of a map or a sequence as a `T` ([`Wire::read_direct`]).
pub(crate) struct DirectSeed<T>(PhantomData<T>);

impl<T> Default for DirectSeed<T> {
    fn default() -> Self {
        DirectSeed(PhantomData)
    }
}

impl<'de, T: Wire> DeserializeSeed<'de> for DirectSeed<T> {
    type Value = Direct<T>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Direct<T>, D::Error> {
        T::read_direct(d)
    }
}

/// A property name, borrowed from the text when it holds no escape.
pub(crate) struct Key<'de>(pub Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property name")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// Keeps a property as given in a record's `rest`; `false` (its value read past) when its name
/// is there already, which makes the record [`Direct::Repeated`].
pub(crate) fn keep<'de, A: MapAccess<'de>>(
    rest: &mut Map<String, Value>,
    key: Cow<'de, str>,
    map: &mut A,
) -> Result<bool, A::Error> {
    if rest.contains_key(key.as_ref()) {
        map.next_value::<IgnoredAny>()?;
        return Ok(false);
    }
    let value = map.next_value::<Value>()?;
    rest.insert(key.into_owned(), value);
    Ok(true)
}

/// Reads what is left of a map without keeping it (after a repeated name).
pub(crate) fn skip_rest<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// The visits of a JSON value other than an object or an array: each given, as serde_json's own
/// `Value` would hold it, to `$lone` (a function of the value).
macro_rules! other_values {
    ($lone:path) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok($lone(Value::Bool(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok($lone(Value::Number(v.into())))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok($lone(Value::Number(v.into())))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok($lone(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok($lone(Value::String(v.to_owned())))
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            Ok($lone(Value::String(v)))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($lone(Value::Null))
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($lone(Value::Null))
        }
    };
}

/// A record's reading of its properties, one by one as the parser meets them (the `record!`
/// macro writes it for every record).
pub(crate) trait ReadFields: Sized {
    /// Reads an object's properties into the record, as [`Wire::from_json`] reads them.
    fn read_fields<'de, A: MapAccess<'de>>(map: A) -> Result<Direct<Self>, A::Error>;
}

/// [`Wire::read_direct`] for a record: an object read property by property, anything else kept
/// as given (as [`Wire::from_json`] does).
pub(crate) fn read_record<'de, T: ReadFields, D: Deserializer<'de>>(d: D) -> Result<Direct<T>, D::Error> {
    struct RecordVisitor<T>(PhantomData<T>);

    impl<'de, T: ReadFields> Visitor<'de> for RecordVisitor<T> {
        type Value = Direct<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            T::read_fields(map)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            Ok(Direct::Kept(Value::deserialize(de::value::SeqAccessDeserializer::new(seq))?))
        }

        other_values!(Direct::Kept);
    }

    d.deserialize_any(RecordVisitor(PhantomData))
}

/// [`Wire::read_direct`] for [`Many`](crate::Many): an array's elements each read straight,
/// a lone value read as the one element (as [`Wire::from_json`] does).
pub(crate) fn read_many<'de, T: Wire, D: Deserializer<'de>>(d: D) -> Result<Direct<crate::Many<T>>, D::Error> {
    struct ManyVisitor<T>(PhantomData<T>);

    impl<'de, T: Wire> Visitor<'de> for ManyVisitor<T> {
        type Value = Direct<crate::Many<T>>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an array")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut many = crate::Many::default();
            let mut at = 0;
            while let Some(element) = seq.next_element_seed(DirectSeed::<T>::default())? {
                match element {
                    Direct::Read(item) => many.push_read(item),
                    Direct::Kept(value) => many.push_rejected(at, value),
                    Direct::Repeated => {
                        while seq.next_element::<IgnoredAny>()?.is_some() {}
                        return Ok(Direct::Repeated);
                    }
                }
                at += 1;
            }
            Ok(Direct::Read(many))
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            Ok(single(T::read_direct(de::value::MapAccessDeserializer::new(map))?))
        }

        // Anything else: the lone value, which from_json reads as the one element.
        other_values!(lone::<T>);
    }

    fn single<T>(direct: Direct<T>) -> Direct<crate::Many<T>> {
        match direct {
            Direct::Read(item) => Direct::Read(crate::Many::single(item)),
            Direct::Kept(value) => Direct::Kept(value),
            Direct::Repeated => Direct::Repeated,
        }
    }

    fn lone<T: Wire>(value: Value) -> Direct<crate::Many<T>> {
        match T::from_json(value) {
            Ok(item) => Direct::Read(crate::Many::single(item)),
            Err(value) => Direct::Kept(value),
        }
    }

    d.deserialize_any(ManyVisitor(PhantomData))
}
