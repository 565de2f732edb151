//! The Link header: the specification's 503-records example, encoding, parsing.

use cairn_query::{Link, Paging, link_header, next_link, page_links, parse_link_header};

const BASE: &str = "/ims/oneroster/v1p1/users";

fn link(rel: &str, limit: usize, offset: usize) -> Link {
    Link { url: format!("{BASE}?limit={limit}&offset={offset}"), rel: rel.to_owned() }
}

/// Asserts the links for `offset` (limit 10, 503 records), in header order.
fn check(offset: usize, expect: &[Link]) {
    let paging = Paging::new(10, offset).unwrap();
    let links = page_links(BASE, &paging, 503);
    assert_eq!(links, expect, "offset {offset}");
    let header = link_header(BASE, &paging, 503).unwrap();
    assert_eq!(parse_link_header(&header), expect, "{header}");
}

#[test]
fn specification_example_503_records_page_size_10() {
    check(0, &[link("next", 10, 10), link("first", 10, 0), link("last", 3, 500)]);
    check(10, &[link("next", 10, 20), link("prev", 10, 0), link("first", 10, 0), link("last", 3, 500)]);
    check(490, &[link("next", 10, 500), link("prev", 10, 480), link("first", 10, 0), link("last", 3, 500)]);
    check(500, &[link("prev", 10, 490), link("first", 10, 0), link("last", 3, 500)]);
}

#[test]
fn offsets_that_are_not_multiples_of_the_limit() {
    // The page 495..503 already reaches the end: it is the last page of its sequence.
    check(495, &[link("prev", 10, 485), link("first", 10, 0), link("last", 8, 495)]);
    // Pages 5..15, 15..25, ... 495..503: last is 495 with the 8 records left.
    check(5, &[link("next", 10, 15), link("prev", 5, 0), link("first", 10, 0), link("last", 8, 495)]);
    // Pages 3..13, ..., 493..503: the page from 493 ends exactly at the end.
    check(493, &[link("prev", 10, 483), link("first", 10, 0), link("last", 10, 493)]);
    check(3, &[link("next", 10, 13), link("prev", 3, 0), link("first", 10, 0), link("last", 10, 493)]);
}

#[test]
fn past_the_end_and_empty_collections() {
    // Past the end: prev and last are the final page counted from 0.
    check(600, &[link("prev", 3, 500), link("first", 10, 0), link("last", 3, 500)]);
    check(503, &[link("prev", 3, 500), link("first", 10, 0), link("last", 3, 500)]);
    assert_eq!(link_header(BASE, &Paging::default(), 0), None);
    assert!(page_links(BASE, &Paging::default(), 0).is_empty());
}

#[test]
fn single_page_and_huge_limits() {
    let paging = Paging::new(100, 0).unwrap();
    assert_eq!(page_links(BASE, &paging, 5), [link("first", 100, 0), link("last", 5, 0)]);
    let paging = Paging::new(usize::MAX, 1).unwrap();
    assert_eq!(page_links(BASE, &paging, 5), [link("prev", 1, 0), link("first", usize::MAX, 0), link("last", 4, 1)]);
}

#[test]
fn other_parameters_are_kept_and_encoded() {
    let paging = Paging::new(2, 2).unwrap();
    let table = [
        (
            "/users?filter=givenName%3D%27Ann%27&limit=5&offset=7",
            "/users?filter=givenName%3D%27Ann%27&limit=2&offset=0",
        ),
        (
            "/users?limit=5&sort=familyName&offset=7&orderBy=desc",
            "/users?sort=familyName&orderBy=desc&limit=2&offset=0",
        ),
        ("/users?filter=givenName='Ann Lee'#frag", "/users?filter=givenName='Ann%20Lee'&limit=2&offset=0"),
        ("/users?filter=a%3D%27%C3%A9%27&&", "/users?filter=a%3D%27%C3%A9%27&limit=2&offset=0"),
        ("/users?fields=a,b&q=100%", "/users?fields=a,b&q=100%25&limit=2&offset=0"),
        ("https://example.org/x/users?%6Cimit=1", "https://example.org/x/users?limit=2&offset=0"),
        ("/naïve path?x=<y>", "/na%C3%AFve%20path?x=%3Cy%3E&limit=2&offset=0"),
        ("", "?limit=2&offset=0"),
    ];
    for (base, first) in table {
        let links = page_links(base, &paging, 10);
        let found = links.iter().find(|l| l.rel == "first").map(|l| l.url.as_str());
        assert_eq!(found, Some(first), "{base}");
    }
}

#[test]
fn header_format() {
    let header = link_header("/users?sort=a", &Paging::new(10, 10).unwrap(), 503).unwrap();
    assert_eq!(
        header,
        "</users?sort=a&limit=10&offset=20>; rel=\"next\", \
         </users?sort=a&limit=10&offset=0>; rel=\"prev\", \
         </users?sort=a&limit=10&offset=0>; rel=\"first\", \
         </users?sort=a&limit=3&offset=500>; rel=\"last\""
    );
    assert_eq!(next_link(&header).as_deref(), Some("/users?sort=a&limit=10&offset=20"));
}

#[test]
fn parsing_is_tolerant() {
    let l = |url: &str, rel: &str| Link { url: url.to_owned(), rel: rel.to_owned() };
    let table: &[(&str, Vec<Link>)] = &[
        ("", vec![]),
        ("<a>; rel=next", vec![l("a", "next")]),
        ("<a>;rel=\"next\"", vec![l("a", "next")]),
        ("  < a > ;  REL = \"Next\"  ,  <b>; rel=prev", vec![l("a", "next"), l("b", "prev")]),
        ("<a>; rel=\"next last\"", vec![l("a", "next"), l("a", "last")]),
        ("<a,b;c>; rel=\"next\", <d>; rel=last", vec![l("a,b;c", "next"), l("d", "last")]),
        ("<a>; title=\"x, y; rel=prev\"; rel=next", vec![l("a", "next")]),
        ("<a>; rel=next; rel=prev", vec![l("a", "next")]),
        ("<a>; title=\"esc\\\"aped\"; rel=\"first\"", vec![l("a", "first")]),
        ("<a>; anchor; rel=next", vec![l("a", "next")]),
        ("<a>", vec![]),
        ("<a>; rel=", vec![]),
        ("garbage, <b>; rel=last", vec![l("b", "last")]),
        ("garbage \"with, comma\", <b>; rel=last", vec![l("b", "last")]),
        ("<a; rel=next", vec![]),
        ("<a>; rel=\"unterminated", vec![l("a", "unterminated")]),
        (",,, <a>; rel=first ,,", vec![l("a", "first")]),
    ];
    for (header, expect) in table {
        assert_eq!(&parse_link_header(header), expect, "{header:?}");
    }
    assert_eq!(next_link("<a>; rel=prev, <b>; rel=\"last next\""), Some("b".to_owned()));
    assert_eq!(next_link("<a>; rel=prev"), None);
}
