//! Hand-written shapes and sample records for the tests.

use cairn_spec::shape::{FieldShape, Kind, Scalar, Shape};
use serde_json::{Value, json};

const fn field(name: &'static str, kind: Kind, many: bool) -> FieldShape {
    FieldShape { name, kind, required: false, many }
}

const fn scalar(name: &'static str, scalar: Scalar) -> FieldShape {
    field(name, Kind::Scalar(scalar), false)
}

pub static GUID_REF: Shape = Shape {
    name: "GUIDRef",
    fields: &[scalar("href", Scalar::Uri), scalar("sourcedId", Scalar::SourcedId), scalar("type", Scalar::Term)],
    open: false,
};

pub static ROLE: Shape = Shape {
    name: "Role",
    fields: &[
        scalar("role", Scalar::Term),
        field("org", Kind::Record(guid_ref), false),
        scalar("beginDate", Scalar::Date),
    ],
    open: false,
};

pub static USER: Shape = Shape {
    name: "User",
    fields: &[
        scalar("sourcedId", Scalar::SourcedId),
        scalar("status", Scalar::Term),
        scalar("dateLastModified", Scalar::DateTime),
        scalar("givenName", Scalar::Text),
        scalar("familyName", Scalar::Text),
        field("grades", Kind::Scalar(Scalar::Text), true),
        field("roles", Kind::Record(role), true),
        field("metadata", Kind::Open, false),
        scalar("score", Scalar::Float),
        scalar("enabledUser", Scalar::TrueFalse),
    ],
    open: false,
};

fn guid_ref() -> &'static Shape {
    &GUID_REF
}

fn role() -> &'static Shape {
    &ROLE
}

/// Four users exercising accents, case, numbers as strings, offsets, arrays and metadata.
pub fn users() -> Vec<Value> {
    vec![
        json!({
            "sourcedId": "u1", "status": "active", "dateLastModified": "2024-03-01T10:00:00Z",
            "givenName": "Éva", "familyName": "Smith", "grades": ["09", "10"],
            "roles": [{"role": "student", "org": {"sourcedId": "org-a", "type": "org"}}],
            "metadata": {"level": 3, "tag": "Blue", "codes": ["x1", "y2"]},
            "score": 10, "enabledUser": true
        }),
        json!({
            "sourcedId": "u2", "status": "tobedeleted", "dateLastModified": "2024-03-01T11:30:00+02:00",
            "givenName": "eva", "familyName": "O'Brien", "grades": ["11"],
            "roles": [
                {"role": "teacher", "org": {"sourcedId": "org-b"}},
                {"role": "aide", "org": {"sourcedId": "x"}}
            ],
            "metadata": {"level": "12"}, "score": 9.5, "enabledUser": "false"
        }),
        json!({
            "sourcedId": "u3", "status": "active", "dateLastModified": "2023-12-31",
            "givenName": "Zoë", "familyName": "adams", "grades": [], "roles": [], "score": "100"
        }),
        json!({
            "sourcedId": "u4", "status": "active", "dateLastModified": "2024-03-01T10:00:00.000+00:00",
            "givenName": "bob", "grades": ["09", "10", "11"], "score": null,
            "roles": [{"role": "student", "org": {"sourcedId": "org-a"}}],
            "metadata": {"level": 20}
        }),
    ]
}

/// The `sourcedId`s of records, for compact expectations.
pub fn ids(records: &[Value]) -> Vec<&str> {
    records.iter().map(|r| r["sourcedId"].as_str().unwrap_or("?")).collect()
}
