//! Vocabulary terms: closed or extensible enumerations, kept as the string given.

use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;

use crate::issue::{Checker, Rule};
use crate::shape::{Kind, Scalar};
use crate::wire::Wire;

/// How a vocabulary may be extended beyond its listed terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ext {
    /// Closed: only the listed terms.
    None,
    /// Proprietary terms matching `ext:[a-zA-Z0-9.\-_]+`.
    Prefixed,
    /// Proprietary terms matching `[a-z0-9]+` (LearningObjectiveSet.source).
    LowerAlnum,
    /// Any non-empty string (vocabularies "defined at deployment").
    Free,
}

/// An enumeration of the specification.
pub trait Vocabulary {
    /// The enumeration's name (`CFAssociationTypeExtEnum`).
    const NAME: &'static str;
    /// The defined terms.
    const TERMS: &'static [&'static str];
    /// How it may be extended.
    const EXT: Ext;
    /// Deprecated terms and what they are read as.
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
}

/// A term of vocabulary `V`, kept exactly as given.
pub struct Term<V> {
    term: String,
    vocabulary: PhantomData<fn() -> V>,
}

impl<V> Term<V> {
    /// A term (not checked: see [`Wire::check`]).
    pub fn new(term: impl Into<String>) -> Self {
        Term { term: term.into(), vocabulary: PhantomData }
    }

    /// The string as given.
    pub fn as_str(&self) -> &str {
        &self.term
    }
}

impl<V: Vocabulary> Term<V> {
    /// The defined term this reads as: exact, case-insensitive, or through an alias.
    pub fn canonical(&self) -> Option<&'static str> {
        let t = self.term.as_str();
        V::TERMS
            .iter()
            .find(|d| **d == t)
            .or_else(|| V::TERMS.iter().find(|d| d.eq_ignore_ascii_case(t)))
            .copied()
            .or_else(|| V::ALIASES.iter().find(|(a, _)| a.eq_ignore_ascii_case(t)).map(|(_, to)| *to))
    }

    /// Whether this is the defined term `term` (after case folding and aliases).
    pub fn is(&self, term: &str) -> bool {
        self.canonical() == Some(term)
    }

    /// Whether the term is a proprietary extension allowed by the vocabulary.
    pub fn is_extension(&self) -> bool {
        let t = self.term.as_str();
        match V::EXT {
            Ext::None => false,
            Ext::Prefixed => t.strip_prefix("ext:").is_some_and(|rest| {
                !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
            }),
            Ext::LowerAlnum => !t.is_empty() && t.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
            Ext::Free => !t.trim().is_empty(),
        }
    }
}

impl<V> Clone for Term<V> {
    fn clone(&self) -> Self {
        Term::new(self.term.clone())
    }
}

impl<V> Default for Term<V> {
    fn default() -> Self {
        Term::new(String::new())
    }
}

impl<V> PartialEq for Term<V> {
    fn eq(&self, other: &Self) -> bool {
        self.term == other.term
    }
}

impl<V> Eq for Term<V> {}

impl<V> fmt::Debug for Term<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.term, f)
    }
}

impl<V> fmt::Display for Term<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.term)
    }
}

impl<V> From<&str> for Term<V> {
    fn from(s: &str) -> Self {
        Term::new(s)
    }
}

impl<V: Vocabulary> Wire for Term<V> {
    const KIND: Kind = Kind::Scalar(Scalar::Term);

    fn from_json(value: Value) -> Result<Self, Value> {
        match value {
            Value::String(s) => Ok(Term::new(s)),
            other => Err(other),
        }
    }

    fn to_json(&self) -> Value {
        Value::String(self.term.clone())
    }

    fn check(&self, c: &mut Checker) {
        let t = self.term.as_str();
        if V::TERMS.contains(&t) || self.is_extension() {
            return;
        }
        if let Some((_, to)) = V::ALIASES.iter().find(|(a, _)| a.eq_ignore_ascii_case(t)) {
            c.report(Rule::DeprecatedTerm, format!("{t:?} is no longer a {} term; read as {to:?}", V::NAME));
        } else if let Some(defined) = self.canonical() {
            c.report(Rule::TermCase, format!("{t:?} differs from the {} term {defined:?} in case", V::NAME));
        } else {
            let hint = match V::EXT {
                Ext::Prefixed => "; proprietary terms must start with \"ext:\"",
                Ext::LowerAlnum => "; proprietary terms must be lower-case letters and digits",
                Ext::None | Ext::Free => "",
            };
            c.report(
                Rule::UnknownTerm,
                format!("{t:?} is not a {} term (one of {}){hint}", V::NAME, V::TERMS.join(", ")),
            );
        }
    }
}

/// Declares a vocabulary type.
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident = $wire:expr, $ext:ident, [$($term:literal),* $(,)?] $(, aliases [$(($from:literal, $to:literal)),*])?) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {}

        impl $crate::scalar::Vocabulary for $name {
            const NAME: &'static str = $wire;
            const TERMS: &'static [&'static str] = &[$($term),*];
            const EXT: $crate::scalar::Ext = $crate::scalar::Ext::$ext;
            $(const ALIASES: &'static [(&'static str, &'static str)] = &[$(($from, $to)),*];)?
        }
    };
}
pub(crate) use vocabulary;
