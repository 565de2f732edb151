//! Property tests: no parser panics on any input; built filters round-trip.

use cairn_query::{
    Clause, Filter, Paging, Pred, Query, Selection, Sort, link_header, next_link, parse_link_header, parse_total_count,
};
use proptest::prelude::*;

use crate::shapes::{USER, users};

/// Strings that stress the parsers: arbitrary Unicode, or filter-ish fragments glued together.
fn nasty() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,40}",
        proptest::collection::vec(
            prop_oneof![
                Just("'".to_owned()),
                Just("''".to_owned()),
                Just(" AND ".to_owned()),
                Just(" OR ".to_owned()),
                Just(",".to_owned()),
                Just("<".to_owned()),
                Just(">".to_owned()),
                Just(";".to_owned()),
                Just("\"".to_owned()),
                Just("rel=".to_owned()),
                Just("=".to_owned()),
                Just("!=".to_owned()),
                Just("~".to_owned()),
                Just(".".to_owned()),
                Just("%".to_owned()),
                Just(" ".to_owned()),
                "[a-zé0-9]{0,4}",
                "\\PC{0,3}",
            ],
            0..16
        )
        .prop_map(|parts| parts.concat()),
    ]
}

fn field() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z_][A-Za-z0-9_]{0,8}(\\.[A-Za-z_][A-Za-z0-9_]{0,8}){0,3}",
        // Anything the syntax can carry: no whitespace, quotes or operator characters.
        "[^\\s'=!<>~]{1,12}",
    ]
}

fn pred() -> impl Strategy<Value = Pred> {
    proptest::sample::select(Pred::ALL.to_vec())
}

fn clause() -> impl Strategy<Value = Clause> {
    (field(), pred(), any::<String>()).prop_map(|(f, p, v)| Clause::new(f, p, v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsers_never_panic(a in nasty(), b in nasty()) {
        if let Ok(filter) = Filter::parse(&a) {
            // Whatever parses renders to something that parses to the same filter.
            prop_assert_eq!(Filter::parse(&filter.to_string()), Ok(filter.clone()));
            let _ = filter.check(&USER);
            for user in users() {
                let _ = filter.matches(&user, &USER);
            }
        }
        if let Ok(selection) = Selection::parse(&a) {
            for user in users() {
                let _ = selection.apply(&user, &USER);
            }
        }
        let _ = Paging::parse(Some(&a), Some(&b));
        if let Ok(Some(sort)) = Sort::parse(Some(&a), Some(&b)) {
            let mut records = users();
            sort.apply(&mut records, &USER);
        }
        let _ = Sort::parse(None, Some(&a));
        let _ = parse_link_header(&a);
        let _ = next_link(&a);
        let _ = parse_total_count(&a);
        let _ = Query::from_query_string(&a);
        let _ = Query::from_params([("filter", a.as_str()), ("fields", b.as_str()), ("sort", a.as_str())]);
    }

    #[test]
    fn built_filters_round_trip(first in clause(), rest in proptest::collection::vec(clause(), 0..4), or in any::<bool>()) {
        let clauses: Vec<Clause> = std::iter::once(first).chain(rest).collect();
        let filter = if or { Filter::any(clauses) } else { Filter::all(clauses) }.unwrap();
        prop_assert_eq!(Filter::parse(&filter.to_string()), Ok(filter));
    }

    #[test]
    fn builder_chains_round_trip(f in field(), p in pred(), v in any::<String>(), g in field(), q in pred(), w in "\\PC*") {
        let filter = Filter::clause(f, p, v).unwrap().or(g, q, w).unwrap();
        prop_assert_eq!(Filter::parse(&filter.to_string()), Ok(filter));
    }

    #[test]
    fn link_headers_parse_back(base in nasty(), limit in 1usize..50, offset in 0usize..600, total in 0usize..600) {
        let paging = Paging::new(limit, offset).unwrap();
        if let Some(header) = link_header(&base, &paging, total) {
            let links = parse_link_header(&header);
            let rels: Vec<&str> = links.iter().map(|l| l.rel.as_str()).collect();
            prop_assert!(rels.contains(&"first") && rels.contains(&"last"), "{}", header);
            prop_assert_eq!(links.len(), header.matches("; rel=").count());
            for link in &links {
                prop_assert!(link.url.contains("limit=") && link.url.contains("&offset="), "{}", link.url);
                prop_assert!(!link.url.contains([' ', '<', '>', '"']));
            }
        } else {
            prop_assert_eq!(total, 0);
        }
    }

    #[test]
    fn links_tile_the_collection(limit in 1usize..50, offset in 0usize..600, total in 1usize..600) {
        // Following next from any offset visits each remaining record once and ends at last.
        let mut paging = Paging::new(limit, offset).unwrap();
        let mut seen = paging.window(total).len();
        let last = |p: &Paging| parse_link_header(&link_header("/x", p, total).unwrap_or_default())
            .into_iter().find(|l| l.rel == "last").map(|l| l.url);
        let expected_last = last(&paging);
        while let Some(next) = next_link(&link_header("/x", &paging, total).unwrap_or_default()) {
            let query = Query::from_params(next.trim_start_matches("/x?").split('&').filter_map(|kv| kv.split_once('='))).unwrap();
            paging = query.paging;
            seen += paging.window(total).len();
        }
        prop_assert_eq!(seen, total.saturating_sub(offset));
        if offset < total {
            let here = format!("/x?limit={}&offset={}", paging.window(total).len(), paging.offset());
            prop_assert_eq!(expected_last, Some(here));
        }
    }
}

proptest! {
    /// The printable-ASCII shortcut of `Collation::eq` agrees with the full collation.
    #[test]
    fn ascii_equality_shortcut_agrees_with_the_collator(a in "[ -~]{0,6}", b in "[ -~]{0,6}", same in any::<bool>()) {
        let b = if same { a.to_uppercase() } else { b };
        let collation = cairn_query::Collation::get();
        prop_assert_eq!(collation.eq(&a, &b), collation.compare(&a, &b) == std::cmp::Ordering::Equal, "{:?} {:?}", a, b);
    }
}

proptest! {
    /// Testing each clause against its field's projection gives the same answer as testing the
    /// whole record.
    #[test]
    fn projections_answer_like_whole_records(given in "[A-Za-zé]{0,4}", family in "[A-Za-z]{0,4}", role in prop::sample::select(vec!["student", "teacher"]), literal in "[a-z]{0,2}") {
        let record = serde_json::json!({"givenName": given, "familyName": family, "roles": [{"role": role, "org": {"sourcedId": "o"}}]});
        for text in [format!("roles.role='{role}' AND familyName~'{literal}'"), format!("givenName='{literal}' OR roles.org.sourcedId!='o'")] {
            let filter = cairn_query::Filter::parse(&text).unwrap();
            let prepared = filter.prepare(&USER);
            let projections: Vec<serde_json::Value> = prepared.clause_fields().map(|f| cairn_query::project(&record, f)).collect();
            let parts: Vec<&serde_json::Value> = projections.iter().collect();
            prop_assert_eq!(prepared.matches_parts(&parts), prepared.matches(&record), "{}", text);
        }
    }
}
