//! Natural order for codes and enumerations: runs of digits compare as numbers, so `A.2` comes
//! before `A.10`.

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

fn split_digits(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_compare_as_numbers() {
        assert_eq!(natural_cmp("A.2", "A.10"), Ordering::Less);
        assert_eq!(natural_cmp("A.10", "A.9"), Ordering::Greater);
        assert_eq!(natural_cmp("F.1.3", "F.2"), Ordering::Less);
        assert_eq!(natural_cmp("a", "a.1"), Ordering::Less);
        assert_eq!(natural_cmp("x02", "x2"), Ordering::Less);
        assert_eq!(natural_cmp("x2", "x2"), Ordering::Equal);
        assert_eq!(natural_cmp("B", "a"), Ordering::Less);
        assert_eq!(natural_cmp("é1", "é01"), Ordering::Greater);
    }
}
