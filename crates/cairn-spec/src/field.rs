//! What CASE servers in the field send outside the package form: properties a package's
//! classes do not define but that real packages carry and a reader can ignore or use. Strict
//! validation reports them as field notes ([`Rule::FieldPractice`](crate::Rule::FieldPractice)),
//! apart from violations and tolerated deviations.
//!
//! - `CFDocumentURI` on a packaged item or association, and `CFPackageURI` on a packaged
//!   document: the properties `CFItem`, `CFAssociation` and `CFDocument` have when served alone
//!   (and had inside CASE 1.0 packages); state CASE APIs and OpenSALT send them in packages.
//! - Names of CASE 1.0 and its drafts that OpenSALT and early exports (ASN's) send:
//!   `CFItemAssociationURI` and `educationalLevel` on items, `subjectURL` on documents,
//!   `originNodeIdentifier`, `destinationNodeIdentifier` and `CFAssociationGroupingIdentifier`
//!   on associations (1.1 has `educationLevel` and the link objects instead).

/// Properties of the field, by the wire name of the class that lacks them: (class, property,
/// what it is).
const PRACTICE: &[(&str, &str, &str)] = &[
    ("CFPckgItem", "CFDocumentURI", "CFItem's link to its document, outside the package form"),
    ("CFPckgAssociation", "CFDocumentURI", "CFAssociation's link to its document, outside the package form"),
    ("CFPckgDocument", "CFPackageURI", "CFDocument's link to its package, outside the package form"),
    ("CFPckgItem", "CFItemAssociationURI", "CASE 1.0's link to the item's associations"),
    ("CFItem", "CFItemAssociationURI", "CASE 1.0's link to the item's associations"),
    ("CFPckgItem", "educationalLevel", "a CASE 1.0 draft's name of educationLevel"),
    ("CFItem", "educationalLevel", "a CASE 1.0 draft's name of educationLevel"),
    ("CFPckgDocument", "subjectURL", "a CASE 1.0 draft's name of subjectURI"),
    ("CFDocument", "subjectURL", "a CASE 1.0 draft's name of subjectURI"),
    ("CFPckgAssociation", "originNodeIdentifier", "a CASE 1.0 draft's form of originNodeURI"),
    ("CFAssociation", "originNodeIdentifier", "a CASE 1.0 draft's form of originNodeURI"),
    ("CFPckgAssociation", "destinationNodeIdentifier", "a CASE 1.0 draft's form of destinationNodeURI"),
    ("CFAssociation", "destinationNodeIdentifier", "a CASE 1.0 draft's form of destinationNodeURI"),
    ("CFPckgAssociation", "CFAssociationGroupingIdentifier", "a CASE 1.0 draft's form of CFAssociationGroupingURI"),
    ("CFAssociation", "CFAssociationGroupingIdentifier", "a CASE 1.0 draft's form of CFAssociationGroupingURI"),
];

/// What the property `name` of a `class` object is, when CASE servers in the field send it
/// although the class does not define it.
pub fn practice(class: &str, name: &str) -> Option<&'static str> {
    PRACTICE.iter().find(|(c, n, _)| *c == class && *n == name).map(|(_, _, what)| *what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_properties_are_known_by_class() {
        assert!(practice("CFPckgItem", "CFDocumentURI").is_some());
        assert!(practice("CFPckgAssociation", "CFDocumentURI").is_some());
        assert!(practice("CFPckgDocument", "CFPackageURI").is_some());
        assert_eq!(practice("CFItem", "CFDocumentURI"), None, "a CFItem defines it");
        assert_eq!(practice("CFPckgItem", "colour"), None);
    }
}
