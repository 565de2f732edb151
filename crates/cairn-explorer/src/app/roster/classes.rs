//! The classes table of a scope: every class as one row, filtered by any column (words the
//! cell contains, accents and case ignored; numeric ranges for the student count) and sorted by
//! any column (natural order for text, so "Grade 2" comes before "Grade 10").

use std::cmp::Ordering;

use cairn_graph::natural_cmp;
use cairn_store::cache::roster::ClassRow;

use super::memo::Loaded;
use super::names::list_name;
use super::navigation::scope_classes;
use super::types::{ClassColumn, ClassQuery, ClassTable, ClassTableRow, ColumnFilter};

/// The table asked for.
pub fn class_table(loaded: &Loaded, query: &ClassQuery) -> ClassTable {
    let classes = scope_classes(loaded, &query.scope);
    let total = classes.len() as u32;
    let filters: Vec<Filter> = query.filters.iter().filter_map(Filter::new).collect();
    let sort = query.sort.unwrap_or(super::types::ClassSort { column: ClassColumn::Title, descending: false });
    // Each row's sort key folded once, not at every comparison (thousands of rows).
    let mut keyed: Vec<(String, ClassTableRow)> = classes
        .into_iter()
        .map(row)
        .filter(|r| filters.iter().all(|f| f.keeps(r)))
        .map(|r| (sort_key(&r, sort.column), r))
        .collect();
    keyed.sort_by(|(ka, a), (kb, b)| {
        let empties = empty_last(a, b, sort.column);
        if empties != Ordering::Equal {
            return empties;
        }
        let order = compare(ka, a, kb, b, sort.column)
            .then_with(|| natural_cmp(&a.title, &b.title))
            .then_with(|| a.id.cmp(&b.id));
        if sort.descending { order.reverse() } else { order }
    });
    ClassTable { total, rows: keyed.into_iter().map(|(_, r)| r).collect() }
}

/// What a row is ordered by in `column`: its cell folded (nothing for the student count).
fn sort_key(row: &ClassTableRow, column: ClassColumn) -> String {
    match column {
        ClassColumn::Students => String::new(),
        _ => fold(&cell(row, column)),
    }
}

/// A class as a row.
pub fn row(class: &ClassRow) -> ClassTableRow {
    let join = |values: Vec<String>| values.join(", ");
    ClassTableRow {
        id: class.id.clone(),
        title: class.title.clone().unwrap_or_else(|| class.id.clone()),
        code: class.class_code.clone().unwrap_or_default(),
        course: class.course_title.clone().or_else(|| class.course_id.clone()).unwrap_or_default(),
        school: class.school_name.clone().or_else(|| class.school_id.clone()).unwrap_or_default(),
        terms: join(class.terms.iter().map(|(id, title)| title.clone().unwrap_or_else(|| id.clone())).collect()),
        periods: join(class.periods.clone()),
        teachers: join(
            class
                .teachers
                .iter()
                .map(|t| {
                    let name = list_name(t.given.as_deref(), t.family.as_deref(), &t.id);
                    if t.primary && class.teachers.len() > 1 { format!("{name} (primary)") } else { name }
                })
                .collect(),
        ),
        students: class.students,
        inactive: class.inactive,
    }
}

/// A cell's text.
pub fn cell(row: &ClassTableRow, column: ClassColumn) -> std::borrow::Cow<'_, str> {
    match column {
        ClassColumn::Title => (&row.title).into(),
        ClassColumn::Code => (&row.code).into(),
        ClassColumn::Course => (&row.course).into(),
        ClassColumn::School => (&row.school).into(),
        ClassColumn::Terms => (&row.terms).into(),
        ClassColumn::Periods => (&row.periods).into(),
        ClassColumn::Teachers => (&row.teachers).into(),
        ClassColumn::Students => row.students.to_string().into(),
    }
}

fn compare(key_a: &str, a: &ClassTableRow, key_b: &str, b: &ClassTableRow, column: ClassColumn) -> Ordering {
    match column {
        ClassColumn::Students => a.students.cmp(&b.students),
        _ => natural_cmp(key_a, key_b),
    }
}

/// Empty cells after the others, whichever the direction asked.
fn empty_last(a: &ClassTableRow, b: &ClassTableRow, column: ClassColumn) -> Ordering {
    if column == ClassColumn::Students {
        return Ordering::Equal;
    }
    cell(a, column).is_empty().cmp(&cell(b, column).is_empty())
}

/// Lower case without accents, for matching and ordering.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            other => other,
        })
        .collect()
}

/// A filter, read once.
enum Filter {
    /// Every word appears in the cell.
    Words(ClassColumn, Vec<String>),
    /// The student count within bounds (inclusive).
    Range(u32, u32),
}

impl Filter {
    fn new(filter: &ColumnFilter) -> Option<Filter> {
        let text = filter.text.trim();
        if text.is_empty() {
            return None;
        }
        if filter.column == ClassColumn::Students
            && let Some(range) = range(text)
        {
            return Some(Filter::Range(range.0, range.1));
        }
        Some(Filter::Words(filter.column, fold(text).split_whitespace().map(str::to_owned).collect()))
    }

    fn keeps(&self, row: &ClassTableRow) -> bool {
        match self {
            Filter::Range(low, high) => (*low..=*high).contains(&row.students),
            Filter::Words(column, words) => {
                let cell = fold(&cell(row, *column));
                words.iter().all(|w| cell.contains(w.as_str()))
            }
        }
    }
}

/// `>N`, `>=N`, `<N`, `<=N`, `=N`, `N` or `N-M` as inclusive bounds.
fn range(text: &str) -> Option<(u32, u32)> {
    let number = |s: &str| s.trim().parse::<u32>().ok();
    if let Some(rest) = text.strip_prefix(">=") {
        return Some((number(rest)?, u32::MAX));
    }
    if let Some(rest) = text.strip_prefix("<=") {
        return Some((0, number(rest)?));
    }
    if let Some(rest) = text.strip_prefix('>') {
        return Some((number(rest)?.saturating_add(1), u32::MAX));
    }
    if let Some(rest) = text.strip_prefix('<') {
        return Some((0, number(rest)?.checked_sub(1)?));
    }
    if let Some(rest) = text.strip_prefix('=') {
        let n = number(rest)?;
        return Some((n, n));
    }
    if let Some((low, high)) = text.split_once('-') {
        return Some((number(low)?, number(high)?));
    }
    number(text).map(|n| (n, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_inclusive_bounds() {
        assert_eq!(range(">30"), Some((31, u32::MAX)));
        assert_eq!(range("<1"), Some((0, 0)));
        assert_eq!(range("<0"), None);
        assert_eq!(range("10-20"), Some((10, 20)));
        assert_eq!(range("=0"), Some((0, 0)));
        assert_eq!(range("many"), None);
        assert_eq!(fold("Éléonore GARCÍA"), "eleonore garcia");
    }
}
