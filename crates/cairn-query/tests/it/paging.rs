//! `limit`, `offset`, windows and `X-Total-Count`.

use cairn_query::{Paging, QueryError, parse_total_count};

#[test]
fn parameters() {
    let ok: &[(Option<&str>, Option<&str>, usize, usize)] = &[
        (None, None, 100, 0),
        (Some("10"), None, 10, 0),
        (None, Some("0"), 100, 0),
        (Some(" 25 "), Some("500"), 25, 500),
        (Some("007"), Some("000"), 7, 0),
        (Some("99999999999999999999999999"), Some("99999999999999999999999999"), usize::MAX, usize::MAX),
    ];
    for &(limit, offset, expect_limit, expect_offset) in ok {
        let paging = Paging::parse(limit, offset).unwrap();
        assert_eq!((paging.limit(), paging.offset()), (expect_limit, expect_offset), "{limit:?} {offset:?}");
    }
    for bad in ["0", "-1", "+5", "", " ", "1.5", "ten", "1e3", "0x10", "５"] {
        let error = Paging::parse(Some(bad), None).unwrap_err();
        assert_eq!(error, QueryError::InvalidLimit { value: bad.to_owned() });
        assert_eq!(error.code_minor(), "invaliddata");
        assert_eq!(error.http_status(), 400);
    }
    for bad in ["-1", "+0", "", "1.0", "x", "1 2"] {
        let error = Paging::parse(None, Some(bad)).unwrap_err();
        assert_eq!(error, QueryError::InvalidOffset { value: bad.to_owned() });
        assert_eq!(error.code_minor(), "invaliddata");
    }
    let error = Paging::parse(Some("0"), None).unwrap_err();
    assert_eq!(error.to_string(), "limit must be a positive integer, got \"0\"");
    let error = Paging::parse(None, Some("-3")).unwrap_err();
    assert_eq!(error.to_string(), "offset must be a non-negative integer, got \"-3\"");
}

#[test]
fn windows() {
    let table = [
        ((10, 0), 503, 0..10),
        ((10, 500), 503, 500..503),
        ((10, 495), 503, 495..503),
        ((10, 503), 503, 503..503),
        ((10, 9000), 503, 503..503),
        ((100, 0), 0, 0..0),
        ((usize::MAX, usize::MAX), 5, 5..5),
        ((usize::MAX, 2), 5, 2..5),
    ];
    for ((limit, offset), total, expect) in table {
        let paging = Paging::new(limit, offset).unwrap();
        assert_eq!(paging.window(total), expect, "{limit} {offset} {total}");
    }
    assert_eq!(Paging::new(0, 0), None);
    assert_eq!(Paging::default(), Paging::new(100, 0).unwrap());
}

#[test]
fn total_count() {
    assert_eq!(parse_total_count("503"), Ok(503));
    assert_eq!(parse_total_count(" 0 "), Ok(0));
    assert_eq!(parse_total_count("18446744073709551615"), Ok(u64::MAX));
    for bad in ["", "-1", "+1", "1.0", "18446744073709551616", "many"] {
        let error = parse_total_count(bad).unwrap_err();
        assert_eq!(error.value, bad);
    }
}
