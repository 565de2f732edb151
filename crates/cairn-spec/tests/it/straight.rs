//! Property tests: reading JSON text straight into the model (`read_str`, no parsed value in
//! between) gives exactly what reading it through a parsed value (`read_slice`) gives — for
//! every class, any text: repeated names, escaped names, values of the wrong type, lone values
//! where arrays belong, text that is not JSON.

use cairn_spec::registry::classes;
use proptest::prelude::*;

/// JSON text (or, now and then, text that is not JSON) whose objects may repeat a name.
fn json_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        any::<bool>().prop_map(|b| b.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        (-1.0e9f64..1.0e9).prop_map(|f| format!("{f:e}")),
        Just("1e400".to_owned()),
        ".{0,12}".prop_map(|s| serde_json::to_string(&s).unwrap()),
        prop_oneof![
            Just(r#""true""#),
            Just(r#""FALSE""#),
            Just(r#""2024-01-02""#),
            Just(r#""2024-01-02T03:04:05""#),
            Just(r#""https://x.test/a b""#),
            Just(r#""3""#),
            Just(r#""\u00e9\n""#),
        ]
        .prop_map(str::to_owned),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|items| format!("[{}]", items.join(","))),
            prop::collection::vec((key(), inner), 0..7).prop_map(|pairs| {
                let pairs: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{k}: {v}")).collect();
                format!("{{ {} }}", pairs.join(", "))
            }),
        ]
    })
}

/// A property name as JSON text: mostly the model's own names (so that typed fields are read
/// and names repeat), some written with an escape, some unknown.
fn key() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = classes().iter().flat_map(|c| (c.shape)().fields.iter().map(|f| f.name)).collect();
    let escaped = |name: &str| {
        let mut chars = name.chars();
        let first = chars.next().map(|c| format!("\\u{:04x}", c as u32)).unwrap_or_default();
        format!("\"{first}{}\"", chars.as_str())
    };
    prop_oneof![
        6 => prop::sample::select(names.clone()).prop_map(|n| format!("\"{n}\"")),
        1 => prop::sample::select(names).prop_map(escaped),
        1 => "[a-zA-Z_]{1,8}".prop_map(|n| format!("\"{n}\"")),
    ]
}

/// The same text for every class, as an object whose first property is `top` when it is not one.
fn as_object(text: String) -> String {
    match text.starts_with('{') {
        true => text,
        false => format!(r#"{{"sourcedId": {text}}}"#),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(384))]

    #[test]
    fn reading_text_straight_equals_reading_it_parsed(text in json_text().prop_map(as_object)) {
        for class in classes() {
            let straight = (class.read_text)(&text, true);
            let parsed = (class.read_text)(&text, false);
            prop_assert_eq!(straight, parsed, "{} of {}", (class.shape)().name, text);
        }
    }

    #[test]
    fn any_value_and_broken_text_read_alike(text in json_text(), cut in 0usize..64) {
        let broken: String = text.chars().take(cut).collect();
        for text in [&text, &broken, &format!("{text} x")] {
            for class in classes() {
                let straight = (class.read_text)(text, true);
                let parsed = (class.read_text)(text, false);
                prop_assert_eq!(straight, parsed, "{} of {}", (class.shape)().name, text);
            }
        }
    }
}

#[test]
fn a_repeated_name_keeps_the_last_value_at_the_first_place_as_a_parsed_value_does() {
    // The first sourcedId is readable and the second is not (a number): parsed, the record
    // keeps the number in `rest` where the name first stood.
    let text = r#"{"sourcedId": "a", "extra": 1, "status": "active", "sourcedId": 7}"#;
    let user = classes().into_iter().find(|c| (c.shape)().name == "User").unwrap();
    let straight = (user.read_text)(text, true).unwrap();
    assert_eq!(straight, (user.read_text)(text, false).unwrap());
    let keys: Vec<&String> = straight.0.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["status", "sourcedId", "extra"], "{:?}", straight.0);
}
