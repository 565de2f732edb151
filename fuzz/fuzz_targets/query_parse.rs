//! Feeds arbitrary UTF-8 into every parser of `cairn-query`, and runs what parses over a
//! small record, looking for panics.
#![no_main]

use cairn_query::{Filter, Paging, Query, Selection, Sort, next_link, parse_link_header, parse_total_count};
use cairn_spec::shape::{FieldShape, Kind, Scalar, Shape};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

static SHAPE: Shape = Shape {
    name: "Fuzz",
    fields: &[
        FieldShape { name: "name", kind: Kind::Scalar(Scalar::Text), required: false, many: false },
        FieldShape { name: "score", kind: Kind::Scalar(Scalar::Float), required: false, many: false },
        FieldShape { name: "when", kind: Kind::Scalar(Scalar::DateTime), required: false, many: false },
        FieldShape { name: "tags", kind: Kind::Scalar(Scalar::Text), required: false, many: true },
        FieldShape { name: "metadata", kind: Kind::Open, required: false, many: false },
    ],
    open: false,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Split the input in two so two-argument parsers see independent values.
    let (a, b) = text.split_once('\u{1f}').unwrap_or((text, ""));
    let records = vec![
        json!({"name": "Éva", "score": 10, "when": "2024-03-01T10:00:00+01:00", "tags": ["a", "b"]}),
        json!({"name": b, "score": a, "when": b, "tags": [a, b], "metadata": {"x": 1, "y": [a]}}),
        json!({}),
    ];

    if let Ok(filter) = Filter::parse(a) {
        assert_eq!(Filter::parse(&filter.to_string()).as_ref(), Ok(&filter), "render/parse round trip");
        let _ = filter.check(&SHAPE);
        for record in &records {
            let _ = filter.matches(record, &SHAPE);
        }
    }
    if let Ok(selection) = Selection::parse(a) {
        for record in &records {
            let _ = selection.apply(record, &SHAPE);
        }
    }
    if let Ok(Some(sort)) = Sort::parse(Some(a), Some(b)) {
        let mut sorted = records.clone();
        sort.apply(&mut sorted, &SHAPE);
    }
    if let Ok(paging) = Paging::parse(Some(a), Some(b)) {
        let _ = paging.window(records.len());
        let _ = cairn_query::link_header(b, &paging, 503);
    }
    let _ = parse_link_header(a);
    let _ = next_link(a);
    let _ = parse_total_count(a);
    if let Ok(query) = Query::from_query_string(a) {
        let _ = query.run(records.clone(), &SHAPE);
        let _ = Query::from_params(query.to_params());
    }
});
