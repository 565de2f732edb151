//! The [`Wire`] trait: lossless conversion between JSON values and model types, plus checking.
//!
//! Reading never fails on a value it can keep: what does not fit the model is kept as given
//! (in a record's `rest`, or a list's rejected elements) and written back unchanged, so that
//! `T::from_json(v)?.to_json() == v` for every object `v`.

use serde_json::{Map, Value};

use crate::direct::Direct;
use crate::issue::{Checker, Issue, Rule};
use crate::shape::{Kind, Shape};

/// A model type that reads from and writes to JSON without losing anything.
pub trait Wire: Sized {
    /// What a field of this type holds, for [`Shape`]s.
    const KIND: Kind;

    /// Reads `value`; gives it back unchanged when it cannot be this type at all.
    fn from_json(value: Value) -> Result<Self, Value>;

    /// Writes the value back as JSON.
    fn to_json(&self) -> Value;

    /// Reports tolerated deviations and rule violations at the checker's current path.
    fn check(&self, checker: &mut Checker);

    /// Reads the value `d` holds as [`Wire::from_json`] reads it once parsed; records and
    /// their arrays read it without building a `Value` (see [`crate::direct`]).
    #[doc(hidden)]
    fn read_direct<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Direct<Self>, D::Error> {
        crate::direct::through_value(d)
    }
}

/// A wire class with named fields and a [`Shape`].
pub trait Record: Wire {
    /// The class's static description.
    fn shape() -> &'static Shape;

    /// Properties kept as given: unknown ones, and known ones whose value could not be read.
    fn rest(&self) -> &Map<String, Value>;
}

/// A value read tolerantly, with the deviations that were accepted.
#[derive(Debug, Clone)]
pub struct Read<T> {
    /// The value.
    pub value: T,
    /// Deviations from the specification that real servers commit and reading accepted.
    pub warnings: Vec<Issue>,
}

/// Why a document could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The bytes are not JSON.
    #[error("not valid JSON at line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// The JSON is not of the expected shape at the top level.
    #[error("expected {expected} at $, found {found}")]
    NotA {
        /// What the class needs (for example "a CFPackage object").
        expected: String,
        /// What was there.
        found: &'static str,
    },
}

/// Reads a value tolerantly: every deviation that reading accepts comes back as a warning.
pub fn read<T: Wire>(value: Value, expected: &str) -> Result<Read<T>, ReadError> {
    let found = json_type(&value);
    let value = T::from_json(value).map_err(|_| ReadError::NotA { expected: expected.to_owned(), found })?;
    let warnings = tolerated(&value);
    Ok(Read { value, warnings })
}

/// The deviations reading accepted in `value`.
pub(crate) fn tolerated<T: Wire>(value: &T) -> Vec<Issue> {
    check(value).into_iter().filter(Issue::is_tolerated).collect()
}

/// Parses JSON text and reads it tolerantly.
pub fn read_slice<T: Wire>(bytes: &[u8], expected: &str) -> Result<Read<T>, ReadError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| ReadError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    read(value, expected)
}

/// Strict validation: every deviation and violation, with its JSON path and rule.
pub fn validate<T: Wire>(value: &T) -> Vec<Issue> {
    check(value)
}

fn check<T: Wire>(value: &T) -> Vec<Issue> {
    let mut checker = Checker::default();
    value.check(&mut checker);
    checker.into_issues()
}

/// The JSON type of a value, as people say it.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// An array field: the elements read, elements kept as given, and whether a lone value stood
/// where the array belongs.
#[derive(Debug, Clone, PartialEq)]
pub struct Many<T> {
    items: Vec<T>,
    /// Elements that could not be read, with their positions in the original array.
    rejected: Vec<(usize, Value)>,
    single: bool,
}

impl<T> Default for Many<T> {
    fn default() -> Self {
        Many { items: Vec::new(), rejected: Vec::new(), single: false }
    }
}

impl<T> Many<T> {
    /// The elements that were read.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// Number of elements read.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the array holds nothing at all, rejected elements included.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty() && self.rejected.is_empty()
    }

    /// The first element read.
    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    /// Appends an element.
    pub fn push(&mut self, item: T) {
        self.single = false;
        self.items.push(item);
    }

    /// The elements read, mutably.
    pub fn items_mut(&mut self) -> &mut Vec<T> {
        &mut self.items
    }

    /// Elements kept as given because they could not be read.
    pub fn rejected(&self) -> &[(usize, Value)] {
        &self.rejected
    }

    /// Consumes the list, giving the elements read.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }

    /// A lone value where the array belongs, read as its one element.
    pub(crate) fn single(item: T) -> Self {
        Many { items: vec![item], rejected: Vec::new(), single: true }
    }

    /// Appends an element read from the array.
    pub(crate) fn push_read(&mut self, item: T) {
        self.items.push(item);
    }

    /// Keeps an element the array held at `at` that could not be read.
    pub(crate) fn push_rejected(&mut self, at: usize, value: Value) {
        self.rejected.push((at, value));
    }

    /// Visits every element in original order: `Ok` read ones, `Err` rejected ones.
    fn each(&self, mut f: impl FnMut(usize, Result<&T, &Value>)) {
        let mut items = self.items.iter();
        let mut rejected = self.rejected.iter().peekable();
        let mut position = 0;
        loop {
            if let Some((at, value)) = rejected.peek()
                && *at <= position
            {
                f(position, Err(value));
                rejected.next();
            } else if let Some(item) = items.next() {
                f(position, Ok(item));
            } else if let Some((_, value)) = rejected.next() {
                f(position, Err(value));
            } else {
                break;
            }
            position += 1;
        }
    }
}

impl<T> From<Vec<T>> for Many<T> {
    fn from(items: Vec<T>) -> Self {
        Many { items, rejected: Vec::new(), single: false }
    }
}

impl<T> FromIterator<T> for Many<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Many::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<'a, T> IntoIterator for &'a Many<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: Wire> Wire for Many<T> {
    const KIND: Kind = T::KIND;

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::Array(values) => {
                let mut many = Many::default();
                for (at, value) in values.into_iter().enumerate() {
                    match T::from_json(value) {
                        Ok(item) => many.items.push(item),
                        Err(value) => many.rejected.push((at, value)),
                    }
                }
                Ok(many)
            }
            value => T::from_json(value).map(Many::single),
        }
    }

    fn read_direct<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Direct<Self>, D::Error> {
        crate::direct::read_many(d)
    }

    fn to_json(&self) -> Value {
        if self.single && self.items.len() == 1 && self.rejected.is_empty() {
            return self.items[0].to_json();
        }
        let mut out = Vec::with_capacity(self.items.len() + self.rejected.len());
        self.each(|_, item| out.push(item.map_or_else(Clone::clone, Wire::to_json)));
        Value::Array(out)
    }

    fn check(&self, checker: &mut Checker) {
        if self.single {
            checker.report(Rule::SingleForArray, "a single value where an array belongs");
        }
        self.each(|at, item| {
            checker.index(at, |c| match item {
                Ok(item) => item.check(c),
                Err(value) => c.report(
                    Rule::Mistyped,
                    format!("element is {}, which this array cannot hold; kept as given", json_type(value)),
                ),
            });
        });
    }
}

/// A link object that some servers send as a plain URI string.
#[derive(Debug, Clone, PartialEq)]
pub enum Linked<R> {
    /// The object the specification defines.
    Object(R),
    /// A bare string (a deviation, kept as given).
    Plain(String),
}

impl<R: Default> Default for Linked<R> {
    fn default() -> Self {
        Linked::Object(R::default())
    }
}

impl<R> Linked<R> {
    /// The link object, if it was one.
    pub fn object(&self) -> Option<&R> {
        match self {
            Linked::Object(r) => Some(r),
            Linked::Plain(_) => None,
        }
    }
}

impl<R: Wire> Wire for Linked<R> {
    const KIND: Kind = R::KIND;

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::String(s) => Ok(Linked::Plain(s)),
            value => R::from_json(value).map(Linked::Object),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Linked::Object(r) => r.to_json(),
            Linked::Plain(s) => Value::String(s.clone()),
        }
    }

    fn check(&self, checker: &mut Checker) {
        match self {
            Linked::Object(r) => r.check(checker),
            Linked::Plain(_) => checker.report(
                Rule::LinkAsString,
                "a link given as a plain string; the specification wants an object with title, identifier and uri",
            ),
        }
    }
}

/// An open container (`metadata`, `extensions`): any properties, kept as given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Open(pub Map<String, Value>);

impl Wire for Open {
    const KIND: Kind = Kind::Open;

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::Object(map) => Ok(Open(map)),
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        Value::Object(self.0.clone())
    }

    fn check(&self, _: &mut Checker) {}
}

impl Open {
    /// The property `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }
}
