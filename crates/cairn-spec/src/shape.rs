//! Static descriptions of every wire class: its fields, their kinds and cardinalities.
//!
//! A [`Shape`] is what the query language resolves dotted field names against, what strict
//! validation checks cardinalities with, and what tests compare with the official references.

/// The fields of one wire class, in the order the model writes them.
#[derive(Debug)]
pub struct Shape {
    /// The class name as the specification spells it (`CFItem`, `User`, `LineItem`).
    pub name: &'static str,
    /// Every field the class defines.
    pub fields: &'static [FieldShape],
    /// Whether properties beyond `fields` are allowed (`additionalProperties: true`).
    pub open: bool,
}

/// One field of a [`Shape`].
#[derive(Debug, Clone, Copy)]
pub struct FieldShape {
    /// The JSON property name.
    pub name: &'static str,
    /// What the field holds.
    pub kind: Kind,
    /// Cardinality lower bound is 1.
    pub required: bool,
    /// The field holds an array (cardinality upper bound is `*`).
    pub many: bool,
}

/// What a field holds.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A single JSON scalar.
    Scalar(Scalar),
    /// A nested object with its own shape.
    Record(fn() -> &'static Shape),
    /// An open container (`metadata`, `extensions`): any property, any nesting, loosely typed.
    Open,
}

/// The scalar types of the specification, as far as comparison and validation care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    /// `String` / `NormalizedString`: free text.
    Text,
    /// An identifier that must match the specification's UUID pattern.
    Uuid,
    /// A `GUID` / `SourcedId`: any non-empty string.
    SourcedId,
    /// `AnyURI` / `URL`.
    Uri,
    /// `Date`: `YYYY-MM-DD`.
    Date,
    /// `DateTime`: ISO 8601 with a timezone.
    DateTime,
    /// `Float`.
    Float,
    /// `Integer`.
    Integer,
    /// The strings `"true"` / `"false"`.
    TrueFalse,
    /// A term of an enumerated vocabulary.
    Term,
}

impl Scalar {
    /// Values of this type compare as numbers.
    pub fn is_numeric(self) -> bool {
        matches!(self, Scalar::Float | Scalar::Integer)
    }

    /// Values of this type compare as points in time.
    pub fn is_temporal(self) -> bool {
        matches!(self, Scalar::Date | Scalar::DateTime)
    }
}

/// What a dotted field path resolves to in a [`Shape`].
#[derive(Debug, Clone, Copy)]
pub enum Resolved {
    /// A known field; `many` is true when any step of the path is an array.
    Field {
        /// The kind of the last step.
        kind: Kind,
        /// Some step of the path holds an array.
        many: bool,
    },
    /// A path into an open container: allowed, loosely typed.
    Open,
}

impl Shape {
    /// The field called `name`, if the class has one.
    pub fn field(&self, name: &str) -> Option<&'static FieldShape> {
        let fields: &'static [FieldShape] = self.fields;
        fields.iter().find(|f| f.name == name)
    }

    /// Resolves a dot-notation path (`class.sourcedId`, `metadata.extra.x`); `None` if unknown.
    pub fn resolve(&self, path: &str) -> Option<Resolved> {
        let mut shape = self;
        let mut many = false;
        let mut steps = path.split('.').peekable();
        while let Some(step) = steps.next() {
            let Some(field) = shape.field(step) else {
                return shape.open.then_some(Resolved::Open);
            };
            many |= field.many;
            match field.kind {
                Kind::Open => return Some(Resolved::Open),
                Kind::Record(next) if steps.peek().is_some() => shape = next(),
                kind if steps.peek().is_none() => return Some(Resolved::Field { kind, many }),
                Kind::Scalar(_) | Kind::Record(_) => return None,
            }
        }
        None
    }

    /// Names of the fields whose lower bound is 1.
    pub fn required(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().filter(|f| f.required).map(|f| f.name)
    }
}
