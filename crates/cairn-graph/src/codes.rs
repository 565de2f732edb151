//! Natural order for human coding schemes (`A.2` before `A.10`), absent codes last: how the
//! crosswalk and the version diff list items.

use std::cmp::Ordering;

/// Compares `a` and `b` with digit runs as numbers (leading zeros ignored, then fewer zeros
/// first) and other characters one by one; equal-looking strings fall back to plain order.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        match (x.chars().next(), y.chars().next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (run_x, rest_x) = split_digits(x);
                let (run_y, rest_y) = split_digits(y);
                let (nx, ny) = (run_x.trim_start_matches('0'), run_y.trim_start_matches('0'));
                let order = nx.len().cmp(&ny.len()).then_with(|| nx.cmp(ny));
                if order != Ordering::Equal {
                    return order;
                }
                (x, y) = (rest_x, rest_y);
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
            }
        }
    }
}

/// Items by code in natural order (absent codes last), then by identifier.
pub(crate) fn code_then_id(code_a: Option<&str>, id_a: &str, code_b: Option<&str>, id_b: &str) -> Ordering {
    let codes = match (code_a, code_b) {
        (Some(a), Some(b)) => natural_cmp(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    };
    codes.then_with(|| id_a.cmp(id_b))
}

fn split_digits(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_compare_as_numbers_and_absent_codes_come_last() {
        assert_eq!(natural_cmp("A.2", "A.10"), Ordering::Less);
        assert_eq!(natural_cmp("F.1.3", "F.2"), Ordering::Less);
        assert_eq!(natural_cmp("x02", "x2"), Ordering::Less);
        assert_eq!(code_then_id(None, "a", Some("Z"), "b"), Ordering::Greater);
        assert_eq!(code_then_id(Some("1"), "b", Some("1"), "a"), Ordering::Greater);
    }
}
