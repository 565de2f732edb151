//! The `filter` parameter: its syntax tree, parser, builder, canonical rendering and evaluation.
//!
//! A filter is one clause `field<pred>'value'`, or several clauses joined by a single kind of
//! connective (` AND ` or ` OR `; mixing them is an error).
//!
//! ```
//! use cairn_query::{Filter, Pred};
//! let filter = Filter::clause("givenName", Pred::Eq, "O'Brien")?
//!     .and("dateLastModified", Pred::Gt, "2024-01-01")?;
//! assert_eq!(filter.to_string(), "givenName='O''Brien' AND dateLastModified>'2024-01-01'");
//! assert_eq!(Filter::parse(&filter.to_string()), Ok(filter));
//! # Ok::<(), cairn_query::FilterError>(())
//! ```

mod error;
mod eval;

pub use eval::{PreparedFilter, project};
mod lexer;
mod parser;

use std::fmt;

use cairn_spec::shape::Shape;

use crate::error::QueryError;
pub use error::{FilterError, FilterErrorKind};

/// A comparison between a field and a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pred {
    /// `=`: equal (for arrays: the comma-joined elements equal the value).
    Eq,
    /// `!=`: not equal; also true when the field is missing.
    Ne,
    /// `>`: greater than.
    Gt,
    /// `>=`: greater than or equal.
    Ge,
    /// `<`: less than.
    Lt,
    /// `<=`: less than or equal.
    Le,
    /// `~`: contains (for arrays: any comma-separated part of the value in any element).
    Contains,
}

impl Pred {
    /// Every predicate, in the order the specification lists them.
    pub const ALL: [Pred; 7] = [Pred::Eq, Pred::Ne, Pred::Gt, Pred::Ge, Pred::Lt, Pred::Le, Pred::Contains];

    /// The predicate as written in a filter.
    pub fn as_str(self) -> &'static str {
        match self {
            Pred::Eq => "=",
            Pred::Ne => "!=",
            Pred::Gt => ">",
            Pred::Ge => ">=",
            Pred::Lt => "<",
            Pred::Le => "<=",
            Pred::Contains => "~",
        }
    }

    /// The predicate written `text`, if any.
    pub fn parse(text: &str) -> Option<Pred> {
        Pred::ALL.into_iter().find(|p| p.as_str() == text)
    }
}

impl fmt::Display for Pred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the clauses of a filter combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Connective {
    /// Every clause must match.
    And,
    /// At least one clause must match.
    Or,
}

impl Connective {
    /// `AND` or `OR`.
    pub fn as_str(self) -> &'static str {
        match self {
            Connective::And => "AND",
            Connective::Or => "OR",
        }
    }
}

/// One comparison `field<pred>'value'`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Clause {
    field: String,
    pred: Pred,
    value: String,
}

impl Clause {
    /// A clause; fails if `field` is empty or holds whitespace, `'`, `=`, `!`, `<`, `>` or `~`.
    pub fn new(field: impl Into<String>, pred: Pred, value: impl Into<String>) -> Result<Clause, FilterError> {
        let field = field.into();
        let bad = field.char_indices().find(|&(_, c)| !lexer::is_word_char(c));
        if field.is_empty() || bad.is_some() {
            let position = bad.map_or(0, |(i, _)| i);
            return Err(FilterError::new(FilterErrorKind::InvalidFieldName { field }, position));
        }
        Ok(Clause { field, pred, value: value.into() })
    }

    /// The dotted field path.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The predicate.
    pub fn pred(&self) -> Pred {
        self.pred
    }

    /// The value, unquoted.
    pub fn value(&self) -> &str {
        &self.value
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}'{}'", self.field, self.pred, self.value.replace('\'', "''"))
    }
}

/// A parsed or built filter: one or more clauses joined by one connective.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    /// Never empty.
    clauses: Vec<Clause>,
    /// `And` when there is a single clause.
    connective: Connective,
}

impl Filter {
    /// Parses the value of the `filter` query parameter (already percent-decoded).
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        parser::parse(text)
    }

    /// A filter of one clause. See [`Clause::new`] for the field names accepted.
    pub fn clause(field: impl Into<String>, pred: Pred, value: impl Into<String>) -> Result<Filter, FilterError> {
        Ok(Filter::from(Clause::new(field, pred, value)?))
    }

    /// This filter with one more clause joined by `AND`; fails if the filter already joins
    /// clauses with `OR`, or if the field name is invalid.
    pub fn and(self, field: impl Into<String>, pred: Pred, value: impl Into<String>) -> Result<Filter, FilterError> {
        self.join(Connective::And, field.into(), pred, value.into())
    }

    /// This filter with one more clause joined by `OR`; fails if the filter already joins
    /// clauses with `AND`, or if the field name is invalid.
    pub fn or(self, field: impl Into<String>, pred: Pred, value: impl Into<String>) -> Result<Filter, FilterError> {
        self.join(Connective::Or, field.into(), pred, value.into())
    }

    fn join(mut self, connective: Connective, field: String, pred: Pred, value: String) -> Result<Filter, FilterError> {
        let offset = self.to_string().len() + 1;
        if self.clauses.len() > 1 && self.connective != connective {
            return Err(FilterError::new(FilterErrorKind::MixedConnectives, offset));
        }
        let clause = Clause::new(field, pred, value).map_err(|e| {
            let position = offset + connective.as_str().len() + 1 + e.position();
            FilterError::new(e.kind().clone(), position)
        })?;
        self.clauses.push(clause);
        self.connective = connective;
        Ok(self)
    }

    /// All of `clauses` must match; `None` if there are none.
    pub fn all(clauses: impl IntoIterator<Item = Clause>) -> Option<Filter> {
        Filter::joined(clauses, Connective::And)
    }

    /// Any of `clauses` must match; `None` if there are none.
    pub fn any(clauses: impl IntoIterator<Item = Clause>) -> Option<Filter> {
        Filter::joined(clauses, Connective::Or)
    }

    fn joined(clauses: impl IntoIterator<Item = Clause>, connective: Connective) -> Option<Filter> {
        let clauses: Vec<Clause> = clauses.into_iter().collect();
        let connective = if clauses.len() > 1 { connective } else { Connective::And };
        (!clauses.is_empty()).then_some(Filter { clauses, connective })
    }

    /// The clauses, in order (never empty).
    pub fn clauses(&self) -> &[Clause] {
        &self.clauses
    }

    /// How the clauses combine; `None` for a single clause.
    pub fn connective(&self) -> Option<Connective> {
        (self.clauses.len() > 1).then_some(self.connective)
    }

    /// The field paths the filter uses, in order (a field used twice is listed twice).
    pub fn fields(&self) -> impl Iterator<Item = &str> + '_ {
        self.clauses.iter().map(Clause::field)
    }

    /// Checks every field exists in `shape`; the first unknown one is the error
    /// (`invalid_filter_field`).
    pub fn check(&self, shape: &Shape) -> Result<(), QueryError> {
        match self.fields().find(|field| shape.resolve(field).is_none()) {
            Some(field) => Err(QueryError::InvalidFilterField { field: field.to_owned() }),
            None => Ok(()),
        }
    }
}

impl From<Clause> for Filter {
    fn from(clause: Clause) -> Filter {
        Filter { clauses: vec![clause], connective: Connective::And }
    }
}

impl std::str::FromStr for Filter {
    type Err = FilterError;

    fn from_str(text: &str) -> Result<Filter, FilterError> {
        Filter::parse(text)
    }
}

impl fmt::Display for Filter {
    /// The canonical filter string: no spaces around predicates, one space around connectives.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, clause) in self.clauses.iter().enumerate() {
            if i > 0 {
                write!(f, " {} ", self.connective.as_str())?;
            }
            write!(f, "{clause}")?;
        }
        Ok(())
    }
}
