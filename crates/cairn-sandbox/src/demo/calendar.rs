//! The school calendar: days as numbers, and the academic sessions of the 2025–26 school year
//! (a school year, two semesters typed `term`, four quarters typed `gradingPeriod`).

use cairn_spec::Collection;
use serde_json::{Value, json};

use super::ids::Ids;
use super::out::Out;

/// A calendar day: days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Day(pub(crate) i64);

impl Day {
    /// The day `year-month-day` (proleptic Gregorian).
    pub(crate) fn ymd(year: i64, month: i64, day: i64) -> Day {
        Day(cairn_spec::time::days_from_civil(year, month, day))
    }

    /// (year, month, day).
    pub(crate) fn parts(self) -> (i64, i64, i64) {
        let (year, month, day) = cairn_spec::time::civil_from_days(self.0);
        (year, i64::from(month), i64::from(day))
    }

    /// `n` days later.
    pub(crate) fn plus(self, n: i64) -> Day {
        Day(self.0 + n)
    }

    /// 0 = Monday ... 6 = Sunday.
    pub(crate) fn weekday(self) -> i64 {
        (self.0 + 3).rem_euclid(7)
    }

    /// The next school day (Monday to Friday) on or after this one.
    pub(crate) fn school_day(self) -> Day {
        match self.weekday() {
            5 => self.plus(2),
            6 => self.plus(1),
            _ => self,
        }
    }

    /// `YYYY-MM-DD`.
    pub(crate) fn date(self) -> String {
        let (y, m, d) = self.parts();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// `YYYY-MM-DDThh:mm:00.000Z`.
    pub(crate) fn at(self, hour: u32, minute: u32) -> String {
        format!("{}T{hour:02}:{minute:02}:00.000Z", self.date())
    }
}

/// One academic session.
#[derive(Debug, Clone)]
pub(crate) struct Session {
    /// sourcedId.
    pub(crate) id: String,
    /// Title.
    pub(crate) title: &'static str,
    /// First day.
    pub(crate) start: Day,
    /// End (exclusive).
    pub(crate) end: Day,
}

impl Session {
    /// Whether `day` falls inside.
    pub(crate) fn contains(&self, day: Day) -> bool {
        self.start <= day && day < self.end
    }
}

/// The school year's sessions.
#[derive(Debug, Clone)]
pub(crate) struct Calendar {
    /// The school year.
    pub(crate) year: Session,
    /// Fall and spring semesters (type `term`).
    pub(crate) terms: [Session; 2],
    /// Quarters 1–4 (type `gradingPeriod`); quarters `2t` and `2t+1` belong to term `t`.
    pub(crate) periods: [Session; 4],
    /// The day the demo world is seen at: what is due before it is graded.
    pub(crate) as_of: Day,
}

impl Calendar {
    /// The 2025–26 calendar.
    pub(crate) fn new(ids: &Ids) -> Calendar {
        let s = |key: &str, title: &'static str, start: Day, end: Day| Session {
            id: ids.id("academicSession", key),
            title,
            start,
            end,
        };
        let d = Day::ymd;
        Calendar {
            year: s("2026", "School Year 2025–26", d(2025, 8, 15), d(2026, 6, 12)),
            terms: [
                s("2026/fall", "Fall Semester 2025", d(2025, 8, 15), d(2026, 1, 17)),
                s("2026/spring", "Spring Semester 2026", d(2026, 1, 20), d(2026, 6, 12)),
            ],
            periods: [
                s("2026/q1", "Quarter 1", d(2025, 8, 15), d(2025, 10, 18)),
                s("2026/q2", "Quarter 2", d(2025, 10, 20), d(2026, 1, 17)),
                s("2026/q3", "Quarter 3", d(2026, 1, 20), d(2026, 3, 28)),
                s("2026/q4", "Quarter 4", d(2026, 3, 30), d(2026, 6, 12)),
            ],
            as_of: d(2026, 3, 20),
        }
    }

    /// The span of a class's terms.
    pub(crate) fn span(&self, terms: &[usize]) -> (Day, Day) {
        let start = terms.iter().map(|t| self.terms[*t].start).min().unwrap_or(self.year.start);
        let end = terms.iter().map(|t| self.terms[*t].end).max().unwrap_or(self.year.end);
        (start, end)
    }

    /// Emits the sessions.
    pub(crate) fn emit(&self, ids: &Ids, now: &str, out: &mut Out<'_>) {
        let r = |s: &Session| ids.guid_ref(Collection::AcademicSessions, &s.id);
        let session = |s: &Session, kind: &str, parent: Option<Value>, children: Vec<Value>| {
            let mut v = json!({
                "sourcedId": s.id, "status": "active", "dateLastModified": now,
                "title": s.title, "startDate": s.start.date(), "endDate": s.end.date(), "type": kind,
            });
            if let Some(parent) = parent {
                v["parent"] = parent;
            }
            if !children.is_empty() {
                v["children"] = Value::Array(children);
            }
            v["schoolYear"] = json!("2026");
            v
        };
        out.emit(
            Collection::AcademicSessions,
            session(&self.year, "schoolYear", None, self.terms.iter().map(r).collect()),
        );
        for (t, term) in self.terms.iter().enumerate() {
            let children = self.periods[2 * t..2 * t + 2].iter().map(r).collect();
            out.emit(Collection::AcademicSessions, session(term, "term", Some(r(&self.year)), children));
        }
        for (p, period) in self.periods.iter().enumerate() {
            out.emit(
                Collection::AcademicSessions,
                session(period, "gradingPeriod", Some(r(&self.terms[p / 2])), Vec::new()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_round_trip() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2025, 8, 15), (2026, 6, 12), (2019, 12, 31)] {
            assert_eq!(Day::ymd(y, m, d).parts(), (y, m, d));
        }
        assert_eq!(Day::ymd(1970, 1, 1).0, 0);
        assert_eq!(Day::ymd(2025, 8, 15).weekday(), 4, "a Friday");
        assert_eq!(Day::ymd(2025, 8, 16).school_day().date(), "2025-08-18");
    }
}
