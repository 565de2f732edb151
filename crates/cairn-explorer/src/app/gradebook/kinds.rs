//! The six kinds of gradebook record a teacher writes, and per kind the operations that put,
//! read back and delete one, and its wrapper property.

use cairn_spec::Collection;

/// A kind of gradebook record written with PUT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// Its collection.
    pub collection: Collection,
    /// What it is called in words.
    pub noun: &'static str,
    /// `putLineItem`.
    pub put: &'static str,
    /// `getLineItem`.
    pub get: &'static str,
    /// `deleteLineItem`.
    pub delete: &'static str,
}

/// Every kind written with PUT, in the order the forms list them.
pub const KINDS: [Kind; 6] = [
    Kind {
        collection: Collection::LineItems,
        noun: "line item",
        put: "putLineItem",
        get: "getLineItem",
        delete: "deleteLineItem",
    },
    Kind {
        collection: Collection::Results,
        noun: "result",
        put: "putResult",
        get: "getResult",
        delete: "deleteResult",
    },
    Kind {
        collection: Collection::Categories,
        noun: "category",
        put: "putCategory",
        get: "getCategory",
        delete: "deleteCategory",
    },
    Kind {
        collection: Collection::ScoreScales,
        noun: "score scale",
        put: "putScoreScale",
        get: "getScoreScale",
        delete: "deleteScoreScale",
    },
    Kind {
        collection: Collection::AssessmentLineItems,
        noun: "assessment line item",
        put: "putAssessmentLineItem",
        get: "getAssessmentLineItem",
        delete: "deleteAssessmentLineItem",
    },
    Kind {
        collection: Collection::AssessmentResults,
        noun: "assessment result",
        put: "putAssessmentResult",
        get: "getAssessmentResult",
        delete: "deleteAssessmentResult",
    },
];

/// The kind of a collection, if records of it are written.
pub fn kind_of(collection: Collection) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.collection == collection)
}

/// The kind written by collection name (`results`).
pub fn kind_named(name: &str) -> Option<&'static Kind> {
    Collection::from_name(name).and_then(kind_of)
}

/// A bulk POST: the operation, the collection its records belong to, and the reference the
/// path fills in (the field and what it names), used to read what the server holds first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bulk {
    /// `postLineItemsForClass`.
    pub operation: &'static str,
    /// The records' collection.
    pub collection: Collection,
    /// The field the path parameter fills (`class`).
    pub field: &'static str,
}

/// The two bulk POSTs the gradebook makes for a class.
pub const BULKS: [Bulk; 2] = [
    Bulk { operation: "postLineItemsForClass", collection: Collection::LineItems, field: "class" },
    Bulk { operation: "postResultsForLineItem", collection: Collection::Results, field: "lineItem" },
];

/// The bulk POST called `operation`.
pub fn bulk_named(operation: &str) -> Option<&'static Bulk> {
    BULKS.iter().find(|b| b.operation == operation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_named_is_in_the_catalogue() {
        for kind in KINDS {
            for name in [kind.put, kind.get, kind.delete] {
                assert!(cairn_spec::operations::operation(name).is_some(), "{name}");
            }
            assert!(kind.collection.single().is_some());
        }
        for bulk in BULKS {
            assert!(cairn_spec::operations::operation(bulk.operation).is_some(), "{}", bulk.operation);
        }
    }
}
