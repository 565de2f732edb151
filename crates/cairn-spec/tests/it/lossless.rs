//! Property tests: reading any JSON object as any class never panics, and writing it back
//! gives the same value.

use cairn_spec::registry::classes;
use proptest::prelude::*;
use serde_json::{Map, Value};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1.0e9f64..1.0e9).prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("true"),
            Just("FALSE"),
            Just("2024-01-02"),
            Just("2024-01-02T03:04:05"),
            Just("ext:x"),
            Just("3")
        ]
        .prop_map(|s| Value::String(s.to_owned())),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Keys drawn mostly from the model's own property names, so that typed fields get exercised.
fn key() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = classes().iter().flat_map(|c| (c.shape)().fields.iter().map(|f| f.name)).collect();
    prop_oneof![3 => prop::sample::select(names).prop_map(str::to_owned), 1 => "[a-zA-Z_]{1,8}"]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_class_reads_any_object_losslessly(value in json_value()) {
        let object = match value {
            Value::Object(map) => Value::Object(map),
            other => Value::Object(Map::from_iter([("sourcedId".to_owned(), other)])),
        };
        for class in classes() {
            let (written, _issues) = (class.check)(object.clone()).expect("objects always read");
            prop_assert_eq!(&written, &object, "{}", (class.shape)().name);
        }
    }

    #[test]
    fn non_objects_are_refused_not_panicked_on(value in json_value()) {
        prop_assume!(!value.is_object());
        for class in classes() {
            // Refused, and handed back unchanged.
            let refused = matches!((class.check)(value.clone()), Err(back) if back == value);
            prop_assert!(refused);
        }
    }
}
