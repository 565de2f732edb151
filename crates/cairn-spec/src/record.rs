//! The `record!` macro: declares a wire class once and derives its struct, its [`Shape`],
//! lossless JSON conversion, serde impls and checking.
//!
//! Field cardinalities: `one` (required, `[1]`), `opt` (`[0..1]`), `any` (`[0..*]`),
//! `some` (`[1..*]`), `list` (a required array that may be empty). Every field is an `Option` so that absence survives a round trip;
//! array fields are `Option<Many<T>>`.
//!
//! [`Shape`]: crate::shape::Shape

use serde_json::Value;

use crate::issue::{Checker, Rule};
use crate::shape::{FieldShape, Kind, Scalar};
use crate::wire::json_type;

/// Reports a kept-as-given property (`rest`) against the class's fields.
pub(crate) fn check_rest(fields: &[FieldShape], class: &str, rest: &serde_json::Map<String, Value>, c: &mut Checker) {
    for (name, value) in rest {
        c.field(name, |c| match fields.iter().find(|f| f.name == name) {
            Some(_) if value.is_null() => c.report(Rule::NullValue, "null where a value belongs; kept as given"),
            Some(field) => c.report(
                Rule::Mistyped,
                format!("expected {}, found {}; kept as given", describe(field), json_type(value)),
            ),
            None => match crate::field::practice(class, name) {
                Some(what) => c.report(
                    Rule::FieldPractice,
                    format!("{class} has no property {name:?}: {what}, as servers in the field send it"),
                ),
                None => c.report(Rule::UnknownProperty, format!("{class} has no property {name:?}")),
            },
        });
    }
}

/// Reports a missing required field or an empty `[1..*]` array.
pub(crate) fn check_cardinality(field: &FieldShape, present: bool, len: Option<usize>, c: &mut Checker) {
    if field.required && !present {
        c.field(field.name, |c| c.report(Rule::Required, format!("{} is required", field.name)));
    } else if field.required && len == Some(0) {
        c.field(field.name, |c| c.report(Rule::Cardinality, format!("{} needs at least one element", field.name)));
    }
}

fn describe(field: &FieldShape) -> String {
    let one = match field.kind {
        Kind::Scalar(Scalar::Float | Scalar::Integer) => "a number",
        Kind::Scalar(Scalar::Date) => "a date string",
        Kind::Scalar(Scalar::DateTime) => "a date-time string",
        Kind::Scalar(Scalar::TrueFalse) => "the string \"true\" or \"false\"",
        Kind::Scalar(_) => "a string",
        Kind::Record(shape) => {
            return format!("{} {} object", if field.many { "an array of" } else { "a" }, shape().name);
        }
        Kind::Open => "an object",
    };
    if field.many {
        format!("an array of {}s", one.trim_start_matches("a ").trim_start_matches("an "))
    } else {
        one.to_owned()
    }
}

/// The Rust type of a field's element for a cardinality.
macro_rules! element_type {
    (one $ty:ty) => { $ty };
    (opt $ty:ty) => { $ty };
    (any $ty:ty) => { $crate::wire::Many<$ty> };
    (some $ty:ty) => { $crate::wire::Many<$ty> };
    (list $ty:ty) => { $crate::wire::Many<$ty> };
}
pub(crate) use element_type;

macro_rules! card_required {
    (one) => {
        true
    };
    (opt) => {
        false
    };
    (any) => {
        false
    };
    (some) => {
        true
    };
    (list) => {
        true
    };
}
pub(crate) use card_required;

macro_rules! card_many {
    (one) => {
        false
    };
    (opt) => {
        false
    };
    (any) => {
        true
    };
    (some) => {
        true
    };
    (list) => {
        true
    };
}
pub(crate) use card_many;

macro_rules! is_open {
    () => {
        false
    };
    (open) => {
        true
    };
}
pub(crate) use is_open;

macro_rules! card_len {
    (one, $v:expr) => {
        None::<usize>
    };
    (opt, $v:expr) => {
        None::<usize>
    };
    (any, $v:expr) => {
        $v.map(|m| m.len() + m.rejected().len())
    };
    (some, $v:expr) => {
        $v.map(|m| m.len() + m.rejected().len())
    };
    (list, $v:expr) => {
        None::<usize>
    };
}
pub(crate) use card_len;

/// Declares a wire class. See the module documentation.
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident = $wire:literal $([$open:ident])? {
            $( $(#[$fmeta:meta])* $field:ident : $card:ident $ty:ty = $key:literal ),* $(,)?
        }
        $(check(|$this:ident, $c:ident| $extra:block))?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: Option<$crate::record::element_type!($card $ty)>, )*
            /// Properties kept as given: unknown ones, and known ones whose value could not be read.
            pub rest: serde_json::Map<String, serde_json::Value>,
        }

        impl $crate::wire::Record for $name {
            fn shape() -> &'static $crate::shape::Shape {
                static SHAPE: $crate::shape::Shape = $crate::shape::Shape {
                    name: $wire,
                    fields: &[$(
                        $crate::shape::FieldShape {
                            name: $key,
                            kind: <$crate::record::element_type!($card $ty) as $crate::wire::Wire>::KIND,
                            required: $crate::record::card_required!($card),
                            many: $crate::record::card_many!($card),
                        }
                    ),*],
                    open: $crate::record::is_open!($($open)?),
                };
                &SHAPE
            }

            fn rest(&self) -> &serde_json::Map<String, serde_json::Value> {
                &self.rest
            }
        }

        impl $crate::wire::Wire for $name {
            const KIND: $crate::shape::Kind = $crate::shape::Kind::Record(<$name as $crate::wire::Record>::shape);

            fn from_json(value: serde_json::Value) -> ::core::result::Result<Self, serde_json::Value> {
                let serde_json::Value::Object(map) = value else { return Err(value) };
                let mut this = $name::default();
                // One pass over the properties, in their order: a known one is read into its
                // field (kept in `rest` when it cannot be read), the others kept as they are.
                // Matching the names costs no hashing; the map is only rebuilt for `rest`.
                let mut rest = serde_json::Map::new();
                for (key, v) in map {
                    match key.as_str() {
                        $(
                            $key => {
                                let read = if v.is_null() { Err(v) } else {
                                    <$crate::record::element_type!($card $ty) as $crate::wire::Wire>::from_json(v)
                                };
                                match read {
                                    Ok(x) => this.$field = Some(x),
                                    Err(v) => { rest.insert(key, v); }
                                }
                            }
                        )*
                        _ => { rest.insert(key, v); }
                    }
                }
                this.rest = rest;
                Ok(this)
            }

            fn read_direct<'de, D: serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<$crate::direct::Direct<Self>, D::Error> {
                $crate::direct::read_record(d)
            }

            fn to_json(&self) -> serde_json::Value {
                let mut map = serde_json::Map::new();
                $(
                    if let Some(x) = &self.$field {
                        map.insert($key.to_owned(), $crate::wire::Wire::to_json(x));
                    }
                )*
                for (k, v) in &self.rest {
                    map.insert(k.clone(), v.clone());
                }
                serde_json::Value::Object(map)
            }

            fn check(&self, c: &mut $crate::issue::Checker) {
                let shape = <$name as $crate::wire::Record>::shape();
                let mut fields = shape.fields.iter();
                $(
                    let field = fields.next().expect("shape lists every field");
                    match &self.$field {
                        Some(x) => c.field($key, |c| $crate::wire::Wire::check(x, c)),
                        None => {}
                    }
                    if !self.rest.contains_key($key) {
                        $crate::record::check_cardinality(
                            field,
                            self.$field.is_some(),
                            $crate::record::card_len!($card, self.$field.as_ref()),
                            c,
                        );
                    }
                )*
                if !shape.open {
                    $crate::record::check_rest(shape.fields, $wire, &self.rest, c);
                }
                $(
                    let $this = self;
                    let $c = c;
                    $extra
                )?
            }
        }

        impl $crate::direct::ReadFields for $name {
            fn read_fields<'de, A: serde::de::MapAccess<'de>>(
                mut map: A,
            ) -> ::core::result::Result<$crate::direct::Direct<Self>, A::Error> {
                use $crate::direct::{Direct, DirectSeed, Key, keep, skip_rest};
                let mut this = $name::default();
                // As from_json: a known property read into its field (kept in `rest` when it
                // cannot be read), the others kept as they are. A name met twice ends the
                // reading (Repeated): a Value would keep only its last value.
                let mut rest = serde_json::Map::new();
                while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                    match key.as_ref() {
                        $(
                            $key => {
                                if this.$field.is_some() || (!rest.is_empty() && rest.contains_key($key)) {
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                    skip_rest(&mut map)?;
                                    return Ok(Direct::Repeated);
                                }
                                let seed = DirectSeed::<$crate::record::element_type!($card $ty)>::default();
                                match map.next_value_seed(seed)? {
                                    Direct::Read(x) => this.$field = Some(x),
                                    Direct::Kept(v) => { rest.insert(key.into_owned(), v); }
                                    Direct::Repeated => {
                                        skip_rest(&mut map)?;
                                        return Ok(Direct::Repeated);
                                    }
                                }
                            }
                        )*
                        _ => {
                            if !keep(&mut rest, key, &mut map)? {
                                skip_rest(&mut map)?;
                                return Ok(Direct::Repeated);
                            }
                        }
                    }
                }
                this.rest = rest;
                Ok(Direct::Read(this))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&$crate::wire::Wire::to_json(self), s)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                let value = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
                <$name as $crate::wire::Wire>::from_json(value).map_err(|v| {
                    <D::Error as serde::de::Error>::custom(format!(
                        "expected a {} object, found {}", $wire, $crate::wire::json_type(&v)
                    ))
                })
            }
        }
    };
}
pub(crate) use record;

/// Declares the set wrapper (`{"users": [...]}`) and single wrapper (`{"user": {...}}`) of
/// each listed class.
macro_rules! wrappers {
    ($($set:ident = $set_wire:literal { $many:literal }, $single:ident = $single_wire:literal { $one:literal } : $ty:ident;)*) => {$(
        $crate::record::record! {
            #[doc = concat!("`", $set_wire, "`: `{\"", $many, "\": [...]}`.")]
            pub struct $set = $set_wire {
                /// The records.
                records: list $ty = $many,
            }
        }
        $crate::record::record! {
            #[doc = concat!("`", $single_wire, "`: `{\"", $one, "\": {...}}`.")]
            pub struct $single = $single_wire {
                /// The record.
                record: one $ty = $one,
            }
        }
    )*};
}
pub(crate) use wrappers;
