//! Filter syntax: parsing, errors with positions, canonical rendering, the builder.

use cairn_query::{Clause, Connective, Filter, FilterErrorKind, Pred, QueryError};

/// Asserts that `input` parses and renders canonically as `expect`.
fn check(input: &str, expect: &str) {
    let filter = Filter::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(filter.to_string(), expect, "{input:?}");
    assert_eq!(Filter::parse(expect), Ok(filter), "{expect:?} re-parses");
}

/// Asserts that `input` fails at byte `position` with a message containing `message`.
fn check_error(input: &str, position: usize, message: &str) {
    let error = Filter::parse(input).unwrap_err();
    assert_eq!(error.position(), position, "{input:?}: {error}");
    let text = error.to_string();
    assert!(text.contains(message), "{input:?}: {text:?} lacks {message:?}");
    assert!(text.ends_with(&format!("at byte {position}")), "{text}");
    let query: QueryError = error.into();
    assert_eq!(query.code_minor(), "invalid_filter_field");
    assert_eq!(query.http_status(), 400);
}

#[test]
fn every_predicate_parses() {
    for pred in Pred::ALL {
        let text = format!("score{}'1'", pred.as_str());
        let filter = Filter::parse(&text).unwrap();
        assert_eq!(filter.clauses(), [Clause::new("score", pred, "1").unwrap()]);
        assert_eq!(filter.connective(), None);
        assert_eq!(Pred::parse(pred.as_str()), Some(pred));
    }
}

#[test]
fn canonical_rendering() {
    check("a='1'", "a='1'");
    check("  a  >=  'x y'  ", "a>='x y'");
    check("a='it''s'", "a='it''s'");
    check("a=''''''", "a=''''''");
    check("a=''", "a=''");
    check("a='x' and b!='y'", "a='x' AND b!='y'");
    check("a='x'\tOR\nb~'y' or c<'z'", "a='x' OR b~'y' OR c<'z'");
    check("a.b.c<='AND'", "a.b.c<='AND'");
    check("AND='x' AND OR='y'", "AND='x' AND OR='y'");
    check("x='a,b , c'", "x='a,b , c'");
    check("naïve='ünïcødé ✓'", "naïve='ünïcødé ✓'");
    check("a=' = AND '' OR '", "a=' = AND '' OR '");
}

#[test]
fn connectives_are_reported() {
    let and = Filter::parse("a='1' AND b='2' AND c='3'").unwrap();
    assert_eq!(and.connective(), Some(Connective::And));
    assert_eq!(and.clauses().len(), 3);
    let or = Filter::parse("a='1' OR b='2'").unwrap();
    assert_eq!(or.connective(), Some(Connective::Or));
    assert_eq!(or.clauses()[1].value(), "2");
}

#[test]
fn errors_name_the_problem_and_position() {
    check_error("", 0, "the filter is empty");
    check_error("   ", 3, "the filter is empty");
    check_error("status", 6, "missing predicate after field `status`");
    check_error("status 'x'", 7, "missing predicate");
    check_error("='x'", 0, "missing field name");
    check_error("'x'='y'", 0, "expected a field name, found a quoted value");
    check_error("status=='x'", 6, "unknown predicate `==`");
    check_error("status<>'x'", 6, "unknown predicate `<>`");
    check_error("status eq 'x'", 7, "unknown predicate `eq`");
    check_error("status=", 7, "missing value");
    check_error("status= ", 8, "missing value");
    check_error("status=active", 7, "must be enclosed in single quotes, found `active`");
    check_error("status=\"active\"", 7, "must be enclosed in single quotes");
    check_error("status='active", 7, "unterminated quoted value");
    check_error("status='it''s", 7, "unterminated");
    check_error("a='1' b='2'", 6, "expected AND or OR between clauses, found `b`");
    check_error("a='1' 'b'", 6, "expected AND or OR between clauses, found a quoted value");
    check_error("a='1'b='2'", 5, "unexpected text `b='2'` after the closing quote");
    check_error("a='1'AND b='2'", 5, "unexpected text `AND`");
    check_error("a='1' AND", 9, "missing clause after AND");
    check_error("a='1' OR  ", 10, "missing clause after OR");
    check_error("a='1' AND ='2'", 10, "missing field name");
    check_error("a='1' AND b='2' OR c='3'", 16, "cannot mix AND and OR");
    check_error("a='1' OR b='2' AND c='3'", 15, "cannot mix AND and OR");
    check_error("a='1' AND b", 11, "missing predicate after field `b`");
    check_error("a='1' AND b='", 12, "unterminated");
    check_error("a='1' ANDb='2'", 6, "found `ANDb`");
}

#[test]
fn error_kinds_are_typed() {
    let error = Filter::parse("a='1' AND b='2' OR c='3'").unwrap_err();
    assert_eq!(error.kind(), &FilterErrorKind::MixedConnectives);
    let error = Filter::parse("a=x").unwrap_err();
    assert_eq!(error.kind(), &FilterErrorKind::UnquotedValue { found: "x".into() });
    let query = QueryError::from(Filter::parse("a").unwrap_err());
    assert_eq!(
        query,
        QueryError::InvalidFilter {
            message: "missing predicate after field `a` (use one of = != > >= < <= ~)".into(),
            position: 1
        }
    );
}

#[test]
fn long_snippets_are_shortened() {
    let long = "x".repeat(100);
    let error = Filter::parse(&format!("a={long}")).unwrap_err();
    assert!(error.to_string().contains(&format!("`{}…`", "x".repeat(24))), "{error}");
}

#[test]
fn builder() {
    let filter = Filter::clause("givenName", Pred::Eq, "O'Brien")
        .and_then(|f| f.and("score", Pred::Ge, "9"))
        .and_then(|f| f.and("roles.role", Pred::Contains, "teach"))
        .unwrap();
    assert_eq!(filter.to_string(), "givenName='O''Brien' AND score>='9' AND roles.role~'teach'");
    assert_eq!(Filter::parse(&filter.to_string()), Ok(filter));

    let or = Filter::clause("a", Pred::Eq, "1").and_then(|f| f.or("b", Pred::Ne, "2")).unwrap();
    assert_eq!(or.to_string(), "a='1' OR b!='2'");

    let any = Filter::any([Clause::new("a", Pred::Lt, "1").unwrap(), Clause::new("b", Pred::Gt, "2").unwrap()]);
    assert_eq!(any.map(|f| f.to_string()).as_deref(), Some("a<'1' OR b>'2'"));
    let single = Filter::any([Clause::new("a", Pred::Lt, "1").unwrap()]).unwrap();
    assert_eq!(single, Filter::parse("a<'1'").unwrap());
    assert_eq!(Filter::all([]), None);
}

#[test]
fn builder_rejects_what_the_syntax_cannot_carry() {
    for (field, position) in [("", 0), ("a b", 1), ("it's", 2), ("a=b", 1), ("x~", 1), ("!", 0), ("a\u{3000}b", 1)] {
        let error = Filter::clause(field, Pred::Eq, "v").unwrap_err();
        assert_eq!(error.kind(), &FilterErrorKind::InvalidFieldName { field: field.into() });
        assert_eq!(error.position(), position, "{field:?}");
    }
    // Positions point into the canonical rendering: "a='1' AND b c".
    let error = Filter::clause("a", Pred::Eq, "1").unwrap().and("b c", Pred::Eq, "2").unwrap_err();
    assert_eq!(error.position(), 11);
    let mixed = Filter::clause("a", Pred::Eq, "1")
        .and_then(|f| f.and("b", Pred::Eq, "2"))
        .and_then(|f| f.or("c", Pred::Eq, "3"))
        .unwrap_err();
    assert_eq!(mixed.kind(), &FilterErrorKind::MixedConnectives);
    assert_eq!(mixed.position(), 16);
    // A single clause can still be joined either way.
    assert!(Filter::clause("a", Pred::Eq, "1").unwrap().or("b", Pred::Eq, "2").is_ok());
}
