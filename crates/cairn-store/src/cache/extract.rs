//! The values a cache table needs from a record (its identifier, status, relation columns,
//! link targets and full-text fields), read in one pass straight from the record's JSON text —
//! skipping everything else without building it — or from an already parsed
//! [`serde_json::Value`]. Both give the same values: every value at a dotted path, through
//! arrays, as text (strings as they are, numbers as `serde_json` prints them, booleans as
//! `true`/`false`), in document order.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::tables::TableSpec;

/// The paths one table reads, as a tree of object keys; each path ends at a slot.
#[derive(Debug)]
pub(crate) struct Plan {
    root: Node,
    /// The slot of the record's identifier.
    pub(crate) id: u16,
    /// The slot of `status`.
    pub(crate) status: u16,
    /// The slot of each relation column, in the spec's order.
    pub(crate) columns: Vec<u16>,
    /// The slot of each link table's path, in the spec's order.
    pub(crate) links: Vec<u16>,
    /// The slot of each full-text path, in the spec's order.
    pub(crate) search: Vec<u16>,
}

/// One key of the tree: where a path ends (if one does) and the keys below it.
#[derive(Debug, Default)]
struct Node {
    name: &'static str,
    slot: Option<u16>,
    children: Vec<Node>,
}

impl Node {
    /// The node of a path, made if absent; each path gets one slot (shared when repeated).
    fn slot_of(&mut self, path: &'static str, slots: &mut u16) -> u16 {
        let mut node = self;
        for step in path.split('.') {
            let at = match node.children.iter().position(|c| c.name == step) {
                Some(at) => at,
                None => {
                    node.children.push(Node { name: step, ..Node::default() });
                    node.children.len() - 1
                }
            };
            node = &mut node.children[at];
        }
        *node.slot.get_or_insert_with(|| {
            *slots += 1;
            *slots - 1
        })
    }
}

impl Plan {
    /// What `spec`'s table reads.
    pub(crate) fn new(spec: &TableSpec) -> Plan {
        let mut root = Node::default();
        let mut slots = 0;
        let id = root.slot_of(spec.collection.id_field(), &mut slots);
        let status = root.slot_of("status", &mut slots);
        let columns = spec.columns.iter().map(|c| root.slot_of(c.path, &mut slots)).collect();
        let links = spec.links.iter().map(|l| root.slot_of(l.path, &mut slots)).collect();
        let search = spec.search.iter().map(|p| root.slot_of(p, &mut slots)).collect();
        Plan { root, id, status, columns, links, search }
    }

    /// The values of a record given as JSON text; `Ok(None)` when it is not an object.
    pub(crate) fn read_text<'a>(&self, json: &'a str) -> Result<Option<Fields<'a>>, serde_json::Error> {
        let mut found = Vec::new();
        let mut deserializer = serde_json::Deserializer::from_str(json);
        let seed = RootSeed { node: &self.root, out: &mut found };
        match seed.deserialize(&mut deserializer) {
            Ok(is_object) => {
                deserializer.end()?;
                Ok(is_object.then_some(Fields { found }))
            }
            // A key the plan reads appears twice in one object: `Value` keeps the last one, so
            // read it that way rather than repeat its rules here.
            Err(e) if e.to_string().starts_with(DUPLICATE) => {
                let value: Value = serde_json::from_str(json)?;
                Ok(self.read_value(&value).map(Fields::into_owned))
            }
            Err(e) => Err(e),
        }
    }

    /// The values of a parsed record; `None` when it is not an object.
    pub(crate) fn read_value<'v>(&self, record: &'v Value) -> Option<Fields<'v>> {
        let Value::Object(map) = record else { return None };
        let mut found = Vec::new();
        for (key, value) in map {
            if let Some(child) = self.root.children.iter().find(|c| c.name == key.as_str()) {
                walk(child, value, false, &mut found);
            }
        }
        Some(Fields { found })
    }
}

/// The values at `node` of `value` (an element of an array at that node when `in_array`).
fn walk<'v>(node: &Node, value: &'v Value, in_array: bool, out: &mut Vec<Found<'v>>) {
    let found = |slot, text, string| Found { slot, text, string, direct: !in_array };
    match (value, node.slot) {
        (Value::String(s), Some(slot)) => out.push(found(slot, Cow::Borrowed(s.as_str()), true)),
        (Value::Number(n), Some(slot)) => out.push(found(slot, Cow::Owned(n.to_string()), false)),
        (Value::Bool(b), Some(slot)) => out.push(found(slot, Cow::Borrowed(if *b { "true" } else { "false" }), false)),
        (Value::Object(map), _) => {
            for (key, value) in map {
                if let Some(child) = node.children.iter().find(|c| c.name == key.as_str()) {
                    walk(child, value, false, out);
                }
            }
        }
        (Value::Array(items), _) if !in_array => {
            for item in items {
                walk(node, item, true, out);
            }
        }
        _ => {}
    }
}

/// One value found: which slot, its text, whether it was a JSON string, and whether it was the
/// value at the path itself rather than an element of an array there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found<'a> {
    slot: u16,
    text: Cow<'a, str>,
    string: bool,
    direct: bool,
}

/// What a record holds at the paths of a [`Plan`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fields<'a> {
    found: Vec<Found<'a>>,
}

impl<'a> Fields<'a> {
    /// Every value at the slot's path, in document order.
    pub(crate) fn all(&self, slot: u16) -> impl Iterator<Item = &str> {
        self.found.iter().filter(move |f| f.slot == slot).map(|f| f.text.as_ref())
    }

    /// The first value at the slot's path.
    pub(crate) fn first(&self, slot: u16) -> Option<&str> {
        self.all(slot).next()
    }

    /// The value at the slot's path when it is a string itself (not in an array): how an
    /// identifier or a status is read.
    pub(crate) fn string(&self, slot: u16) -> Option<&str> {
        self.found.iter().find(|f| f.slot == slot && f.string && f.direct).map(|f| f.text.as_ref())
    }

    /// The values with every text that lies in `base` replaced by its place there, so that
    /// they can be kept beside `base` (and sent to another thread with it).
    pub(crate) fn detach(self, base: &str) -> Detached {
        let start = base.as_ptr() as usize;
        let found = self
            .found
            .into_iter()
            .map(|f| {
                let text = match f.text {
                    Cow::Borrowed(s) => {
                        let at = (s.as_ptr() as usize).checked_sub(start).map(|at| at..at + s.len());
                        match at.filter(|at| base.get(at.clone()).is_some_and(|b| b.as_ptr() == s.as_ptr())) {
                            Some(at) => Place::At(at),
                            None => Place::Owned(s.to_owned()),
                        }
                    }
                    Cow::Owned(s) => Place::Owned(s),
                };
                (f.slot, text, f.string, f.direct)
            })
            .collect();
        Detached { found }
    }

    fn into_owned(self) -> Fields<'static> {
        let found = self
            .found
            .into_iter()
            .map(|f| Found { text: Cow::Owned(f.text.into_owned()), slot: f.slot, string: f.string, direct: f.direct })
            .collect();
        Fields { found }
    }
}

/// [`Fields`] kept beside the text they were read from (see [`Fields::detach`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Detached {
    found: Vec<(u16, Place, bool, bool)>,
}

/// Where a value's text is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Place {
    /// At this range of the text read.
    At(std::ops::Range<usize>),
    /// Here (unescaped, or printed from a number or boolean).
    Owned(String),
}

impl Detached {
    /// The fields again, borrowing from `base` (the text they were detached from).
    pub(crate) fn attach<'b>(&'b self, base: &'b str) -> Fields<'b> {
        let found = self
            .found
            .iter()
            .map(|(slot, place, string, direct)| {
                let text = match place {
                    Place::At(at) => Cow::Borrowed(base.get(at.clone()).unwrap_or_default()),
                    Place::Owned(s) => Cow::Borrowed(s.as_str()),
                };
                Found { slot: *slot, text, string: *string, direct: *direct }
            })
            .collect();
        Fields { found }
    }
}

/// The start of the error that stops a one-pass read at a repeated key.
const DUPLICATE: &str = "cairn: repeated key";

/// The record itself: an object, or nothing is read (`false`).
struct RootSeed<'p, 'o, 'a> {
    node: &'p Node,
    out: &'o mut Vec<Found<'a>>,
}

impl<'de, 'p, 'o> DeserializeSeed<'de> for RootSeed<'p, 'o, 'de> {
    type Value = bool;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_any(RootVisitor(self))
    }
}

struct RootVisitor<'p, 'o, 'a>(RootSeed<'p, 'o, 'a>);

impl<'de, 'p, 'o> Visitor<'de> for RootVisitor<'p, 'o, 'de> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<bool, M::Error> {
        read_map(self.0.node, map, self.0.out).map(|()| true)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<bool, S::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(false)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_unit<E: de::Error>(self) -> Result<bool, E> {
        Ok(false)
    }
}

/// The entries of an object at `node`: keys the plan reads are followed, others skipped.
fn read_map<'de, M: MapAccess<'de>>(node: &Node, mut map: M, out: &mut Vec<Found<'de>>) -> Result<(), M::Error> {
    let mut seen = 0u64;
    while let Some(key) = map.next_key_seed(KeySeed(&node.children))? {
        match key {
            Some(at) => {
                let bit = 1u64.checked_shl(at as u32).unwrap_or(0);
                if bit == 0 || seen & bit != 0 {
                    return Err(de::Error::custom(DUPLICATE));
                }
                seen |= bit;
                map.next_value_seed(NodeSeed { node: &node.children[at], out: &mut *out, in_array: false })?;
            }
            None => {
                map.next_value::<IgnoredAny>()?;
            }
        }
    }
    Ok(())
}

/// A key: the position of the child it names, if the plan reads it.
struct KeySeed<'p>(&'p [Node]);

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Option<usize>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|c| c.name == key))
    }
}

/// A value at `node` (an element of an array at that node when `in_array`).
struct NodeSeed<'p, 'o, 'a> {
    node: &'p Node,
    out: &'o mut Vec<Found<'a>>,
    in_array: bool,
}

impl<'a> NodeSeed<'_, '_, 'a> {
    fn scalar(self, text: Cow<'a, str>, string: bool) {
        if let Some(slot) = self.node.slot {
            self.out.push(Found { slot, text, string, direct: !self.in_array });
        }
    }
}

impl<'de, 'p, 'o> DeserializeSeed<'de> for NodeSeed<'p, 'o, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, 'p, 'o> Visitor<'de> for NodeSeed<'p, 'o, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<(), E> {
        self.scalar(Cow::Borrowed(v), true);
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        if self.node.slot.is_some() {
            self.scalar(Cow::Owned(v.to_owned()), true);
        }
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.scalar(Cow::Borrowed(if v { "true" } else { "false" }), false);
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        if self.node.slot.is_some() {
            self.scalar(Cow::Owned(v.to_string()), false);
        }
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        if self.node.slot.is_some() {
            self.scalar(Cow::Owned(v.to_string()), false);
        }
        Ok(())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        if self.node.slot.is_some()
            && let Some(n) = serde_json::Number::from_f64(v)
        {
            self.scalar(Cow::Owned(n.to_string()), false);
        }
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        if self.node.children.is_empty() {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok(());
        }
        read_map(self.node, map, self.out)
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<(), S::Error> {
        if self.in_array {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            return Ok(());
        }
        while seq.next_element_seed(NodeSeed { node: self.node, out: &mut *self.out, in_array: true })?.is_some() {}
        Ok(())
    }
}

#[cfg(test)]
mod tests;
