//! The checks a result passes before it is stored for sending, shown at its cell: a score
//! within the line item's `resultValueMin`/`resultValueMax` (below the minimum is refused;
//! above the maximum needs the teacher to say it is extra credit), a `textScore` among the
//! score scale's values, `scoreDate` and `scoreStatus` present, `scoreStatus` from the
//! vocabulary (`ext:` terms allowed), and a student enrolled in the class. Pure functions.

use cairn_spec::gradebook::ScoreStatus;
use cairn_spec::scalar::{Term, Vocabulary};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A result as typed, before it is checked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResultDraft {
    /// The student's sourcedId.
    pub student: String,
    /// The numeric score, as typed.
    pub score: Option<String>,
    /// The text score, as typed.
    pub text_score: Option<String>,
    /// scoreDate (YYYY-MM-DD).
    pub score_date: Option<String>,
    /// scoreStatus.
    pub score_status: Option<String>,
    /// The teacher confirmed a score above the maximum is extra credit.
    pub extra_credit: bool,
}

/// What a line item allows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ScoreLimits {
    /// resultValueMin.
    pub min: Option<f64>,
    /// resultValueMax.
    pub max: Option<f64>,
    /// The score scale's values (`itemValueLHS`), when the line item has one.
    pub scale_values: Vec<String>,
}

/// One finding about a draft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CheckFinding {
    /// The field (`score`, `textScore`, `scoreDate`, `scoreStatus`, `student`).
    pub field: String,
    /// A stable name: `below_min`, `above_max`, `not_a_number`, `not_on_scale`, `required`,
    /// `unknown_status`, `not_enrolled`, `bad_date`.
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
}

/// The checks' answer: refusals keep the draft from being stored; a confirmation is a
/// question the teacher answers once (extra credit) before it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellCheck {
    /// Why the draft cannot be sent.
    pub refusals: Vec<CheckFinding>,
    /// What must be confirmed first.
    pub confirm: Option<CheckFinding>,
}

impl CellCheck {
    /// Whether the draft may be stored for sending.
    pub fn passes(&self) -> bool {
        self.refusals.is_empty() && self.confirm.is_none()
    }
}

fn finding(field: &str, rule: &str, message: String) -> CheckFinding {
    CheckFinding { field: field.to_owned(), rule: rule.to_owned(), message }
}

/// A number as people type it (`7`, `7.5`, ` 7,5 `), or `None`.
pub fn parse_score(text: &str) -> Option<f64> {
    let t = text.trim().replace(',', ".");
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn number(value: f64) -> String {
    let text = format!("{value}");
    text.strip_suffix(".0").map(str::to_owned).unwrap_or(text)
}

/// Whether `word` is a scoreStatus term (exactly a defined one, or an `ext:` term).
pub fn known_status(word: &str) -> bool {
    ScoreStatus::TERMS.contains(&word) || Term::<ScoreStatus>::new(word).is_extension()
}

/// Whether `text` is a calendar date `YYYY-MM-DD`.
fn is_date(text: &str) -> bool {
    text.len() == 10 && cairn_spec::time::parse_date(text).is_some()
}

/// Checks a draft against its line item's limits and the class's enrolled students.
pub fn check_result(draft: &ResultDraft, limits: &ScoreLimits, enrolled: impl Fn(&str) -> bool) -> CellCheck {
    let mut check = CellCheck::default();
    let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
    if let Some(typed) = present(&draft.score) {
        match parse_score(&typed) {
            None => check.refusals.push(finding("score", "not_a_number", format!("{typed:?} is not a number"))),
            Some(score) => {
                if let Some(min) = limits.min
                    && score < min
                {
                    check.refusals.push(finding(
                        "score",
                        "below_min",
                        format!("{} is below the line item's minimum {}", number(score), number(min)),
                    ));
                }
                if let Some(max) = limits.max
                    && score > max
                    && !draft.extra_credit
                {
                    check.confirm = Some(finding(
                        "score",
                        "above_max",
                        format!(
                            "{} is above the line item's maximum {}: is it extra credit?",
                            number(score),
                            number(max)
                        ),
                    ));
                }
            }
        }
    }
    if let Some(text) = present(&draft.text_score)
        && !limits.scale_values.is_empty()
        && !limits.scale_values.iter().any(|v| v == &text)
    {
        check.refusals.push(finding(
            "textScore",
            "not_on_scale",
            format!("{text:?} is not a value of the score scale ({})", limits.scale_values.join(", ")),
        ));
    }
    match present(&draft.score_date) {
        None => check.refusals.push(finding("scoreDate", "required", "scoreDate is required".into())),
        Some(date) if !is_date(&date) => check.refusals.push(finding(
            "scoreDate",
            "bad_date",
            format!("scoreDate {date:?} is not a date (YYYY-MM-DD)"),
        )),
        Some(_) => {}
    }
    match present(&draft.score_status) {
        None => check.refusals.push(finding("scoreStatus", "required", "scoreStatus is required".into())),
        Some(status) if !known_status(&status) => check.refusals.push(finding(
            "scoreStatus",
            "unknown_status",
            format!(
                "{status:?} is not a scoreStatus term (one of {}, or an \"ext:\" term)",
                ScoreStatus::TERMS.join(", ")
            ),
        )),
        Some(_) => {}
    }
    if !enrolled(&draft.student) {
        check.refusals.push(finding(
            "student",
            "not_enrolled",
            format!("the student {} is not enrolled in the class", draft.student),
        ));
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(score: &str) -> ResultDraft {
        ResultDraft {
            student: "s1".into(),
            score: Some(score.into()),
            text_score: None,
            score_date: Some("2026-01-05".into()),
            score_status: Some("fully graded".into()),
            extra_credit: false,
        }
    }

    fn limits() -> ScoreLimits {
        ScoreLimits { min: Some(0.0), max: Some(10.0), scale_values: Vec::new() }
    }

    fn rules(check: &CellCheck) -> Vec<&str> {
        check.refusals.iter().map(|f| f.rule.as_str()).collect()
    }

    #[test]
    fn a_score_within_the_limits_passes() {
        for score in ["0", "7.5", "10", " 7,5 "] {
            assert!(check_result(&draft(score), &limits(), |_| true).passes(), "{score}");
        }
    }

    #[test]
    fn below_the_minimum_is_refused_and_not_a_number_too() {
        let check = check_result(&draft("-1"), &limits(), |_| true);
        assert_eq!(rules(&check), ["below_min"]);
        assert_eq!(check.refusals[0].message, "-1 is below the line item's minimum 0");
        assert_eq!(rules(&check_result(&draft("ten"), &limits(), |_| true)), ["not_a_number"]);
    }

    #[test]
    fn above_the_maximum_asks_once_about_extra_credit() {
        let check = check_result(&draft("11"), &limits(), |_| true);
        assert!(check.refusals.is_empty());
        assert_eq!(check.confirm.as_ref().map(|c| c.rule.as_str()), Some("above_max"));
        assert!(!check.passes());
        let confirmed = ResultDraft { extra_credit: true, ..draft("11") };
        assert!(check_result(&confirmed, &limits(), |_| true).passes());
    }

    #[test]
    fn a_text_score_must_be_on_the_scale() {
        let limits = ScoreLimits { scale_values: vec!["A".into(), "B".into()], ..ScoreLimits::default() };
        let mut d = ResultDraft { score: None, text_score: Some("B".into()), ..draft("") };
        assert!(check_result(&d, &limits, |_| true).passes());
        d.text_score = Some("Z".into());
        assert_eq!(rules(&check_result(&d, &limits, |_| true)), ["not_on_scale"]);
    }

    #[test]
    fn date_and_status_are_required_and_the_status_from_the_vocabulary() {
        let none = ResultDraft { score_date: None, score_status: Some(" ".into()), ..draft("5") };
        assert_eq!(rules(&check_result(&none, &limits(), |_| true)), ["required", "required"]);
        let bad =
            ResultDraft { score_date: Some("5/1/2026".into()), score_status: Some("graded".into()), ..draft("5") };
        assert_eq!(rules(&check_result(&bad, &limits(), |_| true)), ["bad_date", "unknown_status"]);
        for ok in ["exempt", "in progress", "ext:regraded"] {
            let d = ResultDraft { score_status: Some(ok.into()), ..draft("5") };
            assert!(check_result(&d, &limits(), |_| true).passes(), "{ok}");
        }
        let ext = ResultDraft { score_status: Some("ext:".into()), ..draft("5") };
        assert_eq!(rules(&check_result(&ext, &limits(), |_| true)), ["unknown_status"]);
    }

    #[test]
    fn the_student_must_be_enrolled() {
        let check = check_result(&draft("5"), &limits(), |s| s == "someone else");
        assert_eq!(rules(&check), ["not_enrolled"]);
    }
}
