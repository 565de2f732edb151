//! What the cache keeps of each collection: one table per kind of record, holding the record's
//! full JSON beside indexed columns for every relation the views follow, link tables for
//! relations with many targets, and the full-text fields.

use cairn_spec::Collection;

/// A column read from the record: the first value at a dotted path (through arrays).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// SQL column name.
    pub name: &'static str,
    /// Dotted JSON path (`class.sourcedId`, `originNodeURI.identifier`).
    pub path: &'static str,
    /// Whether the column gets an index.
    pub indexed: bool,
    /// The schema version (migration number) that added the column.
    pub since: u32,
}

/// A relation with many targets, kept in a link table `(connection_id, id, target)`.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    /// SQL table name.
    pub table: &'static str,
    /// Dotted JSON path of the targets (every value through arrays).
    pub path: &'static str,
}

/// How one collection is cached.
#[derive(Debug, Clone, Copy)]
pub struct TableSpec {
    /// The collection.
    pub collection: Collection,
    /// SQL table name.
    pub table: &'static str,
    /// Columns beyond `connection_id`, `id`, `json`.
    pub columns: &'static [Column],
    /// Many-valued relations.
    pub links: &'static [Link],
    /// Paths whose text goes to the full-text index (`<table>_fts`), if any.
    pub search: &'static [&'static str],
}

const fn col(name: &'static str, path: &'static str) -> Column {
    Column { name, path, indexed: true, since: 1 }
}

const fn text(name: &'static str, path: &'static str) -> Column {
    Column { name, path, indexed: false, since: 1 }
}

/// A column without an index that migration `since` added (filled from each record's JSON).
const fn added(since: u32, name: &'static str, path: &'static str) -> Column {
    Column { name, path, indexed: false, since }
}

const STATUS: Column = text("status", "status");
const MODIFIED: Column = text("date_last_modified", "dateLastModified");

/// Every cached collection.
pub static TABLES: &[TableSpec] = &[
    TableSpec {
        collection: Collection::Orgs,
        table: "orgs",
        columns: &[STATUS, MODIFIED, text("name", "name"), col("type", "type"), col("parent_id", "parent.sourcedId")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::AcademicSessions,
        table: "academic_sessions",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("type", "type"),
            col("parent_id", "parent.sourcedId"),
            text("start_date", "startDate"),
            text("end_date", "endDate"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Courses,
        table: "courses",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("org_id", "org.sourcedId"),
            text("course_code", "courseCode"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Classes,
        table: "classes",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("course_id", "course.sourcedId"),
            col("school_id", "school.sourcedId"),
            text("class_code", "classCode"),
        ],
        links: &[Link { table: "class_terms", path: "terms.sourcedId" }],
        search: &[],
    },
    TableSpec {
        collection: Collection::Users,
        table: "users",
        columns: &[
            STATUS,
            MODIFIED,
            text("given_name", "givenName"),
            text("family_name", "familyName"),
            col("username", "username"),
            col("primary_org_id", "primaryOrg.sourcedId"),
        ],
        links: &[
            Link { table: "user_roles", path: "roles.role" },
            Link { table: "user_orgs", path: "roles.org.sourcedId" },
            Link { table: "user_agents", path: "agents.sourcedId" },
        ],
        search: &["givenName", "familyName", "preferredFirstName", "email", "username", "identifier"],
    },
    TableSpec {
        collection: Collection::Enrollments,
        table: "enrollments",
        columns: &[
            STATUS,
            MODIFIED,
            col("user_id", "user.sourcedId"),
            col("class_id", "class.sourcedId"),
            col("school_id", "school.sourcedId"),
            col("role", "role"),
            text("is_primary", "primary"),
            text("begin_date", "beginDate"),
            text("end_date", "endDate"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Demographics,
        table: "demographics",
        columns: &[STATUS, MODIFIED],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Categories,
        table: "categories",
        columns: &[STATUS, MODIFIED, text("title", "title"), text("weight", "weight")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::ScoreScales,
        table: "score_scales",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("class_id", "class.sourcedId"),
            col("course_id", "course.sourcedId"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::LineItems,
        table: "line_items",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("class_id", "class.sourcedId"),
            col("school_id", "school.sourcedId"),
            col("category_id", "category.sourcedId"),
            col("grading_period_id", "gradingPeriod.sourcedId"),
            text("due_date", "dueDate"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Results,
        table: "results",
        columns: &[
            STATUS,
            MODIFIED,
            col("line_item_id", "lineItem.sourcedId"),
            col("student_id", "student.sourcedId"),
            col("class_id", "class.sourcedId"),
            text("score_status", "scoreStatus"),
            text("score", "score"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::AssessmentLineItems,
        table: "assessment_line_items",
        columns: &[
            STATUS,
            MODIFIED,
            text("title", "title"),
            col("class_id", "class.sourcedId"),
            col("parent_id", "parentAssessmentLineItem.sourcedId"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::AssessmentResults,
        table: "assessment_results",
        columns: &[
            STATUS,
            MODIFIED,
            col("assessment_line_item_id", "assessmentLineItem.sourcedId"),
            col("student_id", "student.sourcedId"),
            text("score_status", "scoreStatus"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::Resources,
        table: "resources",
        columns: &[STATUS, MODIFIED, text("title", "title"), text("vendor_resource_id", "vendorResourceId")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfDocuments,
        table: "cf_documents",
        columns: &[text("title", "title"), text("creator", "creator"), text("last_change", "lastChangeDateTime")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfItems,
        table: "cf_items",
        columns: &[
            col("document_id", "CFDocumentURI.identifier"),
            text("human_coding_scheme", "humanCodingScheme"),
            text("list_enumeration", "listEnumeration"),
            text("full_statement", "fullStatement"),
            text("item_type", "CFItemType"),
            text("last_change", "lastChangeDateTime"),
            added(3, "uri", "uri"),
            added(3, "abbreviated_statement", "abbreviatedStatement"),
        ],
        links: &[],
        search: &[
            "fullStatement",
            "humanCodingScheme",
            "abbreviatedStatement",
            "alternativeLabel",
            "conceptKeywords",
            "notes",
        ],
    },
    TableSpec {
        collection: Collection::CfAssociations,
        table: "cf_associations",
        columns: &[
            col("document_id", "CFDocumentURI.identifier"),
            col("origin_id", "originNodeURI.identifier"),
            col("destination_id", "destinationNodeURI.identifier"),
            col("type", "associationType"),
            text("sequence_number", "sequenceNumber"),
            col("grouping_id", "CFAssociationGroupingURI.identifier"),
            added(3, "origin_uri", "originNodeURI.uri"),
            added(3, "origin_title", "originNodeURI.title"),
            added(3, "destination_uri", "destinationNodeURI.uri"),
            added(3, "destination_title", "destinationNodeURI.title"),
        ],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfAssociationGroupings,
        table: "cf_association_groupings",
        columns: &[text("title", "title")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfConcepts,
        table: "cf_concepts",
        columns: &[text("title", "title"), col("hierarchy_code", "hierarchyCode")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfItemTypes,
        table: "cf_item_types",
        columns: &[text("title", "title"), col("hierarchy_code", "hierarchyCode")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfLicenses,
        table: "cf_licenses",
        columns: &[text("title", "title")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfSubjects,
        table: "cf_subjects",
        columns: &[text("title", "title"), col("hierarchy_code", "hierarchyCode")],
        links: &[],
        search: &[],
    },
    TableSpec {
        collection: Collection::CfRubrics,
        table: "cf_rubrics",
        columns: &[text("title", "title")],
        links: &[],
        search: &[],
    },
];

/// How `collection` is cached.
pub fn spec(collection: Collection) -> &'static TableSpec {
    TABLES.iter().find(|t| t.collection == collection).unwrap_or(&TABLES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_collection_is_cached_once_and_paths_resolve() {
        for c in Collection::ALL {
            assert_eq!(TABLES.iter().filter(|t| t.collection == c).count(), 1, "{c:?}");
            let spec = spec(c);
            for column in spec.columns {
                assert!(c.shape().resolve(column.path).is_some(), "{}.{} ({})", spec.table, column.name, column.path);
            }
            for link in spec.links {
                assert!(c.shape().resolve(link.path).is_some(), "{} ({})", link.table, link.path);
            }
            for path in spec.search {
                assert!(c.shape().resolve(path).is_some(), "{} search {path}", spec.table);
            }
        }
    }
}
