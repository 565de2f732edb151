//! Findings about a record, at three [`Level`]s: violations (a reader of the specification
//! cannot use the value), tolerated deviations (warnings when reading) and field notes
//! (outside the specification's form, but what servers in the field send).

use std::fmt;

/// A rule of the specification (or of real-world tolerance) that a value broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// A required field is absent.
    Required,
    /// An array has fewer elements than its lower bound.
    Cardinality,
    /// A property the class does not define (outside an extension container).
    UnknownProperty,
    /// A known property whose JSON type is wrong; kept as given.
    Mistyped,
    /// A known property given as `null`; kept as given.
    NullValue,
    /// A single value where an array belongs.
    SingleForArray,
    /// A number given as a string (`"3"`).
    NumberAsString,
    /// A link object (`LinkURI`, `LinkGenURI`) given as a plain string.
    LinkAsString,
    /// A date-time without a timezone.
    DateTimeWithoutTimezone,
    /// A date where a date-time belongs.
    DateForDateTime,
    /// A date-time where a date belongs.
    DateTimeForDate,
    /// A value that is not a valid `DateTime`.
    DateTimeFormat,
    /// A value that is not a valid `Date` (`YYYY-MM-DD`).
    DateFormat,
    /// An identifier that does not match the specification's UUID pattern.
    UuidPattern,
    /// A value that is not an absolute URI.
    UriFormat,
    /// An empty identifier or required string.
    Empty,
    /// A boolean that is not the string `"true"` or `"false"`.
    TrueFalse,
    /// A vocabulary term in the wrong letter case.
    TermCase,
    /// A deprecated vocabulary term that is read as its replacement (`inactive` → `tobedeleted`).
    DeprecatedTerm,
    /// A term outside a closed vocabulary, or outside an extensible one without the `ext:` prefix.
    UnknownTerm,
    /// A package wrapped in `{"CFPackage": ...}`.
    PackageWrapped,
    /// A demographics record whose sourcedId names no user.
    DemographicsOwner,
    /// A value that breaks a rule tying two fields together.
    Inconsistent,
    /// A property the class does not define but that servers in the field send (see
    /// [`crate::field`]): `CFDocumentURI` on a packaged item, a CASE 1.0 name, ...
    FieldPractice,
}

/// How much a finding matters to a reader of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A reader of the specification cannot use it: a missing required field, a wrong type or
    /// form, a broken reference, a property nobody defines.
    Violation,
    /// A deviation that real servers commit and reading tolerates (read with a warning).
    Deviation,
    /// Outside the specification's form, but what servers in the field send; nothing to fix.
    FieldNote,
}

impl Rule {
    /// Whether reading accepts this deviation with a warning (real servers commit it).
    pub fn tolerated(self) -> bool {
        matches!(
            self,
            Rule::Mistyped
                | Rule::NullValue
                | Rule::SingleForArray
                | Rule::NumberAsString
                | Rule::LinkAsString
                | Rule::DateTimeWithoutTimezone
                | Rule::DateForDateTime
                | Rule::DateTimeForDate
                | Rule::TrueFalse
                | Rule::TermCase
                | Rule::DeprecatedTerm
                | Rule::PackageWrapped
        )
    }

    /// The level of a finding under this rule.
    pub fn level(self) -> Level {
        match self {
            Rule::FieldPractice => Level::FieldNote,
            rule if rule.tolerated() => Level::Deviation,
            _ => Level::Violation,
        }
    }

    /// The rule's stable name, as used in reports.
    pub fn code(self) -> &'static str {
        match self {
            Rule::Required => "required",
            Rule::Cardinality => "cardinality",
            Rule::UnknownProperty => "unknown_property",
            Rule::Mistyped => "mistyped",
            Rule::NullValue => "null_value",
            Rule::SingleForArray => "single_for_array",
            Rule::NumberAsString => "number_as_string",
            Rule::LinkAsString => "link_as_string",
            Rule::DateTimeWithoutTimezone => "datetime_without_timezone",
            Rule::DateForDateTime => "date_for_datetime",
            Rule::DateTimeForDate => "datetime_for_date",
            Rule::DateTimeFormat => "datetime_format",
            Rule::DateFormat => "date_format",
            Rule::UuidPattern => "uuid_pattern",
            Rule::UriFormat => "uri_format",
            Rule::Empty => "empty",
            Rule::TrueFalse => "true_false",
            Rule::TermCase => "term_case",
            Rule::DeprecatedTerm => "deprecated_term",
            Rule::UnknownTerm => "unknown_term",
            Rule::PackageWrapped => "package_wrapped",
            Rule::DemographicsOwner => "demographics_owner",
            Rule::Inconsistent => "inconsistent",
            Rule::FieldPractice => "field_practice",
        }
    }
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One finding: where (a JSON path such as `$.CFItems[3].identifier`), which rule, and what.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Issue {
    /// JSON path of the offending value.
    pub path: String,
    /// The rule broken.
    pub rule: Rule,
    /// A sentence for people.
    pub message: String,
}

impl Issue {
    /// Whether reading accepts this with a warning rather than it being only a strict violation.
    pub fn is_tolerated(&self) -> bool {
        self.rule.tolerated()
    }

    /// How much the finding matters to a reader (see [`Level`]).
    pub fn level(&self) -> Level {
        self.rule.level()
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.path, self.message, self.rule)
    }
}

/// Walks a value, tracking the JSON path, and collects [`Issue`]s.
#[derive(Debug)]
pub struct Checker {
    path: String,
    issues: Vec<Issue>,
}

impl Default for Checker {
    fn default() -> Self {
        Checker { path: "$".to_owned(), issues: Vec::new() }
    }
}

impl Checker {
    /// A checker whose paths start at `root` (usually `$`).
    pub fn at_root(root: &str) -> Self {
        Checker { path: root.to_owned(), issues: Vec::new() }
    }

    /// Runs `f` with the path extended by `.name`.
    pub fn field(&mut self, name: &str, f: impl FnOnce(&mut Checker)) {
        let len = self.path.len();
        self.path.push('.');
        self.path.push_str(name);
        f(self);
        self.path.truncate(len);
    }

    /// Runs `f` with the path extended by `[index]`.
    pub fn index(&mut self, index: usize, f: impl FnOnce(&mut Checker)) {
        let len = self.path.len();
        self.path.push('[');
        self.path.push_str(&index.to_string());
        self.path.push(']');
        f(self);
        self.path.truncate(len);
    }

    /// Records a finding at the current path.
    pub fn report(&mut self, rule: Rule, message: impl Into<String>) {
        self.issues.push(Issue { path: self.path.clone(), rule, message: message.into() });
    }

    /// The current JSON path.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Every finding so far.
    pub fn into_issues(self) -> Vec<Issue> {
        self.issues
    }
}
