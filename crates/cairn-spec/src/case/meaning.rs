//! What each CASE association type means: one plain-language sentence per defined type, taken
//! from the specification's "Meaning of association types" (`isPeerOf` and `isRelatedTo` are
//! named there without a meaning, and the sentences say so). Declared once: the window and
//! every export read them from here.

use crate::scalar::{Term, Vocabulary};

use super::vocab::AssociationType;

/// Each defined association type with its meaning, in the specification's order
/// (`CFAssociationTypeEnum`). The origin is the association's `originNodeURI`, the destination
/// its `destinationNodeURI`.
pub const ASSOCIATION_MEANINGS: [(&str, &str); 10] = [
    ("isChildOf", "The origin is a child of the destination in the framework's hierarchy (its taxonomy)."),
    ("isPeerOf", "The origin is a peer of the destination; the specification names this type without saying more."),
    ("isPartOf", "The origin is logically or physically contained in the destination."),
    (
        "exactMatchOf",
        "The origin is equivalent to the destination: it connects an item derived from another document to the item in the original.",
    ),
    ("precedes", "The origin comes before the destination in time or order."),
    ("isRelatedTo", "The origin is related to the destination; the specification names this type without saying more."),
    ("replacedBy", "The origin is superseded by the destination."),
    ("exemplar", "The destination is a best-practice example of the origin."),
    ("hasSkillLevel", "The destination defines a skill level of the origin."),
    ("isTranslationOf", "The destination is a translation of the origin."),
];

impl AssociationType {
    /// The meaning of the defined type `term` (exactly as the specification spells it); `None`
    /// for `ext:` and unknown terms.
    pub fn meaning(term: &str) -> Option<&'static str> {
        ASSOCIATION_MEANINGS.iter().find(|(t, _)| *t == term).map(|(_, meaning)| *meaning)
    }

    /// The defined terms, in the specification's order.
    pub fn terms() -> &'static [&'static str] {
        <AssociationType as Vocabulary>::TERMS
    }
}

impl Term<AssociationType> {
    /// The meaning of the defined type this term reads as (case folded, aliases applied);
    /// `None` for `ext:` and unknown terms.
    pub fn meaning(&self) -> Option<&'static str> {
        self.canonical().and_then(AssociationType::meaning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_defined_type_has_one_sentence_and_nothing_else_has_one() {
        let terms: Vec<&str> = ASSOCIATION_MEANINGS.iter().map(|(t, _)| *t).collect();
        assert_eq!(terms, AssociationType::terms(), "the specification's types, in its order");
        for (term, meaning) in ASSOCIATION_MEANINGS {
            assert!(meaning.ends_with('.') && !meaning.trim_end_matches('.').contains(". "), "{term}: {meaning}");
            assert!(meaning.starts_with("The "), "{term}: {meaning}");
        }
        assert_eq!(Term::<AssociationType>::from("ischildof").meaning(), AssociationType::meaning("isChildOf"));
        assert_eq!(Term::<AssociationType>::from("ext:buildsOn").meaning(), None);
        assert_eq!(AssociationType::meaning("isChildof"), None, "only the spelling of the specification");
    }
}
