//! `CFPackage` (a document with all its artefacts) and [`PackageFile`], a package as found in
//! files and on servers: bare or wrapped in `{"CFPackage": ...}`.

use serde_json::{Map, Value};

use crate::issue::{Checker, Rule};
use crate::record::record;
use crate::shape::Kind;
use crate::wire::{Open, Read, ReadError, Record, Wire, read_slice};

use super::association::CfPckgAssociation;
use super::definitions::CfDefinition;
use super::document::CfPckgDocument;
use super::item::CfPckgItem;
use super::rubric::CfRubric;

record! {
    /// `CFPackage`: a framework document with its items, associations, definitions and rubrics.
    pub struct CfPackage = "CFPackage" {
        /// The framework's root document.
        document: one CfPckgDocument = "CFDocument",
        /// Items.
        items: any CfPckgItem = "CFItems",
        /// Associations.
        associations: any CfPckgAssociation = "CFAssociations",
        /// Definitions.
        definitions: opt CfDefinition = "CFDefinitions",
        /// Rubrics.
        rubrics: any CfRubric = "CFRubrics",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

/// A package as it arrives, remembering whether it was wrapped in `{"CFPackage": ...}`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PackageFile {
    /// The package.
    pub package: CfPackage,
    /// Whether the JSON was `{"CFPackage": {...}}` (a deviation some servers commit).
    pub wrapped: bool,
}

impl PackageFile {
    /// Reads a package file's bytes tolerantly.
    pub fn read(bytes: &[u8]) -> Result<Read<PackageFile>, ReadError> {
        read_slice(bytes, "a CFPackage object")
    }
}

impl Wire for PackageFile {
    const KIND: Kind = Kind::Record(CfPackage::shape);

    fn from_json(value: Value) -> Result<Self, Value> {
        let Value::Object(mut map) = value else { return Err(value) };
        if map.len() == 1 && map.get("CFPackage").is_some_and(Value::is_object) {
            let inner = map.remove("CFPackage").unwrap_or(Value::Null);
            return CfPackage::from_json(inner).map(|package| PackageFile { package, wrapped: true });
        }
        CfPackage::from_json(Value::Object(map)).map(|package| PackageFile { package, wrapped: false })
    }

    fn to_json(&self) -> Value {
        let package = self.package.to_json();
        if self.wrapped {
            let mut map = Map::new();
            map.insert("CFPackage".to_owned(), package);
            Value::Object(map)
        } else {
            package
        }
    }

    fn check(&self, c: &mut Checker) {
        if self.wrapped {
            c.report(
                Rule::PackageWrapped,
                "the package is wrapped in {\"CFPackage\": ...}; read as the package inside",
            );
            c.field("CFPackage", |c| self.package.check(c));
        } else {
            self.package.check(c);
        }
    }
}
