//! The official references, embedded at build time and parsed once.

use std::sync::LazyLock;

use cairn_spec::Service;
use serde_json::Value;

macro_rules! embedded {
    ($name:ident, $file:literal) => {
        // The references are part of the build: one that does not parse is a bug, caught by tests.
        static $name: LazyLock<Value> = LazyLock::new(|| {
            serde_json::from_str(include_str!(concat!("../../../cairn-spec/reference/", $file))).expect(concat!(
                "the embedded reference ",
                $file,
                " is JSON"
            ))
        });
    };
}

embedded!(RESOURCES, "onerosterv1p2resourcesservice_openapi3_v1p0.json");
embedded!(GRADEBOOK, "onerosterv1p2gradebookservice_openapi3_v1p0.json");
embedded!(ROSTERING, "onerosterv1p2rostersservice_openapi3_v1p0.json");
embedded!(COMPETENCY, "case-v1p1-openapi3.json");

/// The official OpenAPI 3 reference of `service`, unchanged.
pub fn reference(service: Service) -> &'static Value {
    match service {
        Service::Resources => &RESOURCES,
        Service::Gradebook => &GRADEBOOK,
        Service::Rostering => &ROSTERING,
        Service::Competency => &COMPETENCY,
    }
}
