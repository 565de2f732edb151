//! Reading one CSV value as a JSON value of the specification: dates, date-times, booleans,
//! vocabulary terms, numbers, lists and `{type:identifier}` pairs, with what was fixed on the way.

use cairn_spec::scalar::{Term, Vocabulary};
use cairn_spec::time::{DateTimeForm, parse_date, parse_date_time};
use serde_json::{Number, Value};

/// A value read from a cell.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Parsed<T> {
    /// As the specification wants it.
    Exact(T),
    /// Read with a fix: the value, and what was fixed.
    Fixed(T, String),
    /// Unreadable: why.
    Bad(String),
}

/// A `Date` (`YYYY-MM-DD`); a date-time gives its date part.
pub(crate) fn date(s: &str) -> Parsed<String> {
    if parse_date(s).is_some() {
        return Parsed::Exact(s.to_owned());
    }
    match (parse_date_time(s), s.get(..10)) {
        (Some(_), Some(day)) => Parsed::Fixed(
            day.to_owned(),
            format!("{s:?} is a date-time where a date belongs; its date part {day:?} is used"),
        ),
        _ => Parsed::Bad(format!("{s:?} is not a date (YYYY-MM-DD)")),
    }
}

/// A `DateTime` with a timezone; a bare date is midnight UTC, a date-time without zone is UTC.
pub(crate) fn date_time(s: &str) -> Parsed<String> {
    let Some((_, form)) = parse_date_time(s) else {
        return Parsed::Bad(format!("{s:?} is not a date-time (YYYY-MM-DDThh:mm:ss.sssZ)"));
    };
    match form {
        DateTimeForm::Zoned => Parsed::Exact(s.to_owned()),
        DateTimeForm::Unzoned => {
            let fixed = format!("{}T{}Z", s.get(..10).unwrap_or(s), s.get(11..).unwrap_or_default());
            Parsed::Fixed(fixed.clone(), format!("{s:?} has no timezone; read as UTC ({fixed:?})"))
        }
        DateTimeForm::DateOnly => {
            let fixed = format!("{s}T00:00:00Z");
            Parsed::Fixed(fixed.clone(), format!("{s:?} is a date where a date-time belongs; read as {fixed:?}"))
        }
    }
}

/// A `TrueFalseEnum`: `true`/`false`, also in other cases and as `1`/`0`.
pub(crate) fn boolean(s: &str) -> Parsed<bool> {
    let value = match s {
        "true" => return Parsed::Exact(true),
        "false" => return Parsed::Exact(false),
        _ if s.eq_ignore_ascii_case("true") || s == "1" => true,
        _ if s.eq_ignore_ascii_case("false") || s == "0" => false,
        _ => return Parsed::Bad(format!("{s:?} is not true or false")),
    };
    Parsed::Fixed(value, format!("{s:?} where \"{value}\" belongs; read as \"{value}\""))
}

/// A term of vocabulary `V`: a defined term, an allowed extension, or (fixed) a defined term in
/// another case or a deprecated alias.
pub(crate) fn term<V: Vocabulary>(s: &str) -> Parsed<String> {
    let term = Term::<V>::new(s);
    if V::TERMS.contains(&s) || term.is_extension() {
        return Parsed::Exact(s.to_owned());
    }
    match term.canonical() {
        Some(to) if V::TERMS.iter().any(|t| t.eq_ignore_ascii_case(s)) => {
            Parsed::Fixed(to.to_owned(), format!("{s:?} differs in case from the {} term; read as {to:?}", V::NAME))
        }
        Some(to) => Parsed::Fixed(to.to_owned(), format!("{s:?} is no longer a {} term; read as {to:?}", V::NAME)),
        None => Parsed::Bad(format!("{s:?} is not a {} term (one of {})", V::NAME, V::TERMS.join(", "))),
    }
}

/// A number (`Float`): integers stay integers.
pub(crate) fn number(s: &str) -> Parsed<Value> {
    if let Ok(i) = s.parse::<i64>() {
        return Parsed::Exact(Value::Number(i.into()));
    }
    match s.parse::<f64>().ok().and_then(Number::from_f64) {
        Some(n) => Parsed::Exact(Value::Number(n)),
        None => Parsed::Bad(format!("{s:?} is not a number")),
    }
}

/// A comma-separated list, each element trimmed, empty elements dropped.
pub(crate) fn list(s: &str) -> Vec<String> {
    s.split(',').map(str::trim).filter(|e| !e.is_empty()).map(str::to_owned).collect()
}

/// A list of `{left:right}` pairs (`{LDAP:12},{LTI:15}`); the first colon separates.
pub(crate) fn pairs(s: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('{').and_then(|r| r.split_once('}'));
        let Some((pair, after)) = inner else {
            return Err(format!("{s:?} is not a list of {{type:identifier}} pairs"));
        };
        let Some((left, right)) = pair.split_once(':') else {
            return Err(format!("{{{pair}}} in {s:?} has no colon between type and identifier"));
        };
        let (left, right) = (left.trim(), right.trim());
        if left.is_empty() || right.is_empty() {
            return Err(format!("{{{pair}}} in {s:?} has an empty side"));
        }
        out.push((left.to_owned(), right.to_owned()));
        rest = after.trim_start().trim_start_matches(',').trim_start();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_spec::BaseStatus;
    use cairn_spec::roster::ClassType;

    #[test]
    fn dates_and_times() {
        assert_eq!(date("2020-01-31"), Parsed::Exact("2020-01-31".into()));
        assert!(matches!(date("2020-01-31T10:00:00Z"), Parsed::Fixed(d, _) if d == "2020-01-31"));
        assert!(matches!(date("1999-02-30"), Parsed::Bad(_)));
        assert!(matches!(date("1/05/2023"), Parsed::Bad(_)));
        assert!(matches!(date_time("2023-05-01"), Parsed::Fixed(d, _) if d == "2023-05-01T00:00:00Z"));
        assert!(matches!(date_time("2023-05-01 10:11:12"), Parsed::Fixed(d, _) if d == "2023-05-01T10:11:12Z"));
        assert_eq!(date_time("2023-05-01T18:25:43.511Z"), Parsed::Exact("2023-05-01T18:25:43.511Z".into()));
    }

    #[test]
    fn booleans_terms_pairs() {
        assert_eq!(boolean("true"), Parsed::Exact(true));
        assert!(matches!(boolean("TRUE"), Parsed::Fixed(true, _)));
        assert!(matches!(boolean("0"), Parsed::Fixed(false, _)));
        assert!(matches!(boolean("yes"), Parsed::Bad(_)));
        assert!(matches!(term::<BaseStatus>("inactive"), Parsed::Fixed(t, _) if t == "tobedeleted"));
        assert!(matches!(term::<ClassType>("Scheduled"), Parsed::Fixed(t, _) if t == "scheduled"));
        assert_eq!(term::<ClassType>("ext:lab"), Parsed::Exact("ext:lab".into()));
        assert!(matches!(term::<ClassType>("lab"), Parsed::Bad(_)));
        assert_eq!(
            pairs("{LDAP:12}, {LTI:a:b}").ok(),
            Some(vec![("LDAP".into(), "12".into()), ("LTI".into(), "a:b".into())])
        );
        assert_eq!(pairs("74727075"), Err("\"74727075\" is not a list of {type:identifier} pairs".to_owned()));
        assert_eq!(list(" 09, 10,,11 "), vec!["09", "10", "11"]);
    }
}
