//! The gradebook of a class: its score scale, line items through the grading periods (aligned
//! to framework standards in mathematics), and every enrolled student's result, with score
//! statuses, flags, scores and comments that agree with each other.

use cairn_spec::Collection;
use serde_json::{Map, Value, json};

use super::World;
use super::assessments;
use super::calendar::Day;
use super::catalog::{Area, CourseDef};
use super::framework::ClusterAlignment;
use super::households::Student;
use super::ids::Ids;
use super::out::Out;
use super::people::Person;
use super::plan::{Level, School};
use super::rng::Rng;

/// A section of a course: one class.
#[derive(Debug, Clone)]
pub(crate) struct Section {
    /// sourcedId.
    pub(crate) id: String,
    /// Index of its course.
    pub(crate) course: usize,
    /// Class number within its course (0-based).
    pub(crate) number: usize,
    /// Its students (indexes into the school's students).
    pub(crate) students: Vec<usize>,
    /// Lead teacher (index into the school's teachers).
    pub(crate) teacher: usize,
    /// Co-teacher.
    pub(crate) co_teacher: Option<usize>,
    /// Periods (one per merged section).
    pub(crate) periods: Vec<String>,
    /// Room.
    pub(crate) room: String,
}

/// A gradebook category of a scheme.
#[derive(Debug, Clone)]
pub(crate) struct Category {
    id: String,
    title: &'static str,
    singular: &'static str,
    max: f64,
    lead_days: i64,
}

/// Categories grouped in weighting schemes whose weights sum to 1.
#[derive(Debug, Clone)]
pub(crate) struct Categories {
    schemes: Vec<Vec<Category>>,
}

/// The weighting schemes and their categories.
/// (title, singular, weight, points, days between assigning and due).
type CategorySpec = (&'static str, &'static str, f64, f64, i64);

const SCHEMES: &[(&str, &[CategorySpec])] = &[
    (
        "Secondary",
        &[
            ("Homework", "Homework", 0.3, 10.0, 3),
            ("Quizzes", "Quiz", 0.2, 20.0, 5),
            ("Tests", "Unit Test", 0.5, 100.0, 12),
        ],
    ),
    (
        "Lab Science",
        &[
            ("Labs", "Lab", 0.25, 25.0, 7),
            ("Homework", "Homework", 0.15, 10.0, 3),
            ("Quizzes", "Quiz", 0.2, 20.0, 5),
            ("Tests", "Unit Test", 0.4, 100.0, 12),
        ],
    ),
    (
        "Elementary",
        &[
            ("Classwork", "Classwork", 0.4, 4.0, 1),
            ("Homework", "Homework", 0.2, 4.0, 4),
            ("Assessments", "Assessment", 0.4, 4.0, 10),
        ],
    ),
    (
        "Performance",
        &[
            ("Participation", "Participation", 0.3, 10.0, 5),
            ("Projects", "Project", 0.4, 50.0, 14),
            ("Performances", "Performance", 0.3, 20.0, 10),
        ],
    ),
];

impl Categories {
    /// Emits the categories (the scheme's name is in each one's metadata).
    pub(crate) fn emit(ids: &Ids, now: &str, out: &mut Out<'_>) -> Categories {
        let mut schemes = Vec::new();
        for (scheme, list) in SCHEMES {
            let mut categories = Vec::new();
            for (title, singular, weight, max, lead_days) in *list {
                let id = ids.id("category", format!("{scheme}/{title}"));
                out.emit(
                    Collection::Categories,
                    json!({
                        "sourcedId": id, "status": "active", "dateLastModified": now,
                        "metadata": {"scheme": scheme},
                        "title": title, "weight": weight,
                    }),
                );
                categories.push(Category { id, title, singular, max: *max, lead_days: *lead_days });
            }
            schemes.push(categories);
        }
        Categories { schemes }
    }

    fn scheme(&self, level: Level, area: Area) -> &[Category] {
        let at = match (level, area) {
            (Level::Elementary, Area::Core) => 2,
            (_, Area::Science) => 1,
            (_, Area::Pe | Area::Art | Area::Music | Area::Health) => 3,
            _ => 0,
        };
        &self.schemes[at]
    }
}

/// Every score status, and which have been given so far (each is given at least once).
pub(crate) const STATUSES: [&str; 10] = [
    "exempt",
    "fully graded",
    "not submitted",
    "partially graded",
    "submitted",
    "late",
    "incomplete",
    "missing",
    "withdrawal",
    "in progress",
];

/// Tracks the score statuses given.
#[derive(Debug, Default)]
pub(crate) struct Statuses {
    seen: [bool; 10],
}

impl Statuses {
    /// Picks a status among `options` (status, weight): one not given yet if there is one.
    pub(crate) fn pick(&mut self, rng: &mut Rng, options: &[(&'static str, u32)]) -> &'static str {
        let unseen = options.iter().find(|(s, _)| self.seen.get(index(s)).is_some_and(|seen| !seen));
        let status = match unseen {
            Some((s, _)) => s,
            None => options[rng.weighted(&options.iter().map(|(_, w)| *w).collect::<Vec<_>>())].0,
        };
        self.mark(status);
        status
    }

    /// Records that `status` was given.
    pub(crate) fn mark(&mut self, status: &str) {
        if let Some(seen) = self.seen.get_mut(index(status)) {
            *seen = true;
        }
    }
}

fn index(status: &str) -> usize {
    STATUSES.iter().position(|s| *s == status).unwrap_or(usize::MAX)
}

/// How a class's scores read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScaleKind {
    /// A–F.
    Letter,
    /// 1–4 proficiency.
    Proficiency,
    /// E/S/N.
    Effort,
}

impl ScaleKind {
    /// The text of a score between `min` and `max`.
    pub(crate) fn text(self, score: f64, min: f64, max: f64) -> String {
        let percent = if max > min { (score - min) / (max - min) * 100.0 } else { 100.0 };
        match self {
            ScaleKind::Letter => match percent {
                p if p >= 89.5 => "A",
                p if p >= 79.5 => "B",
                p if p >= 69.5 => "C",
                p if p >= 59.5 => "D",
                _ => "F",
            }
            .to_owned(),
            ScaleKind::Proficiency => ["Beginning", "Approaching Standard", "Meets Standard", "Exceeds Standard"]
                [(score.round() as usize).clamp(1, 4) - 1]
                .to_owned(),
            ScaleKind::Effort => match percent {
                p if p >= 89.5 => "E",
                p if p >= 69.5 => "S",
                _ => "N",
            }
            .to_owned(),
        }
    }
}

/// Emits the score scale of a class and says its kind.
fn score_scale(world: &World<'_>, class_id: &str, course_id: &str, kind: ScaleKind, out: &mut Out<'_>) -> String {
    let ids = world.ids;
    let id = ids.id("scoreScale", class_id);
    let (title, type_, values): (&str, &str, &[(&str, &str)]) = match kind {
        ScaleKind::Letter => (
            "Letter Grade (A–F)",
            "letter",
            &[("A", "90-100"), ("B", "80-89"), ("C", "70-79"), ("D", "60-69"), ("F", "0-59")],
        ),
        ScaleKind::Proficiency => (
            "Standards-Based Proficiency (1–4)",
            "standards-based",
            &[("4", "Exceeds Standard"), ("3", "Meets Standard"), ("2", "Approaching Standard"), ("1", "Beginning")],
        ),
        ScaleKind::Effort => (
            "Effort and Participation (E/S/N)",
            "descriptive",
            &[("E", "Excellent"), ("S", "Satisfactory"), ("N", "Needs Improvement")],
        ),
    };
    out.emit(
        Collection::ScoreScales,
        json!({
            "sourcedId": id, "status": "active", "dateLastModified": world.now,
            "title": title, "type": type_,
            "course": ids.guid_ref(Collection::Courses, course_id),
            "class": ids.guid_ref(Collection::Classes, class_id),
            "scoreScaleValue": values.iter().map(|(l, r)| json!({"itemValueLHS": l, "itemValueRHS": r})).collect::<Vec<_>>(),
        }),
    );
    id
}

/// A number as JSON: an integer when it is one.
pub(crate) fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 { json!(x as i64) } else { json!((x * 100.0).round() / 100.0) }
}

/// Emits the gradebook of one class.
#[allow(clippy::too_many_arguments)]
pub(crate) fn class(
    world: &mut World<'_>,
    school: &School,
    course: &CourseDef,
    course_id: &str,
    section: &Section,
    teacher: &Person,
    students: &[Student],
    rng: &mut Rng,
    out: &mut Out<'_>,
) {
    let ids = world.ids;
    let cal = world.calendar;
    let as_of = cal.as_of;
    let kind = match (school.level, course.area) {
        (Level::Elementary, Area::Core) => ScaleKind::Proficiency,
        (Level::Elementary, _) => ScaleKind::Effort,
        _ => ScaleKind::Letter,
    };
    let scale_id = score_scale(world, &section.id, course_id, kind, out);
    let clusters: Vec<ClusterAlignment> = world.alignment.clusters(&course.tops).into_iter().cloned().collect();
    if !clusters.is_empty() {
        assessments::class(world, course, section, &scale_id, &clusters, students, rng, out);
    }
    let scheme = world.categories.scheme(school.level, course.area).to_vec();
    let terms = course.span.terms();
    let quarters: Vec<usize> = terms.iter().flat_map(|t| [2 * t, 2 * t + 1]).collect();
    let per_quarter = world.line_items.div_ceil(quarters.len()).max(1);
    let total = per_quarter * quarters.len();
    let (span_start, span_end) = cal.span(terms);
    let mut counters = vec![0usize; scheme.len()];
    for (qn, &q) in quarters.iter().enumerate() {
        let quarter = &cal.periods[q];
        let length = quarter.end.0 - quarter.start.0;
        for k in 0..per_quarter {
            let n = qn * per_quarter + k;
            let c = if k + 1 == per_quarter { scheme.len() - 1 } else { k % (scheme.len() - 1).max(1) };
            let category = &scheme[c];
            counters[c] += 1;
            let mut due = Day(quarter.start.0 + (k as i64 + 1) * length / per_quarter as i64 - 3).school_day();
            if !quarter.contains(due) {
                due = quarter.start;
            }
            let assign = Day((due.0 - category.lead_days).max(quarter.start.0)).school_day().min(due);
            let aligned = !clusters.is_empty() && (course.area != Area::Core || n.is_multiple_of(2));
            let (topic, objectives) = if aligned {
                let cluster = &clusters[n * clusters.len() / total];
                let take = cluster.standards.len().min(3);
                (cluster.topic.clone(), cluster.standards[..take].to_vec())
            } else {
                let topics = course.area.topics();
                (topics[n % topics.len()].to_owned(), Vec::new())
            };
            let subject = match course.area {
                Area::Core if aligned => "Math: ",
                Area::Core => "Reading: ",
                _ => "",
            };
            let title = format!("{subject}{} {}: {topic}", category.singular, counters[c]);
            let min = if kind == ScaleKind::Proficiency { 1.0 } else { 0.0 };
            let max = category.max;
            let id = ids.id("lineItem", format!("{}/{n}", section.id));
            let mut v = Map::new();
            v.insert("sourcedId".into(), json!(id));
            v.insert("status".into(), json!("active"));
            v.insert("dateLastModified".into(), json!(world.now));
            v.insert("title".into(), json!(title));
            v.insert("description".into(), json!(describe(category.title, &topic, &teacher.family)));
            v.insert("assignDate".into(), json!(assign.at(15, 0)));
            v.insert("dueDate".into(), json!(due.at(23, 59)));
            v.insert("class".into(), ids.guid_ref(Collection::Classes, &section.id));
            v.insert("school".into(), ids.guid_ref(Collection::Orgs, &school.id));
            v.insert("category".into(), ids.guid_ref(Collection::Categories, &category.id));
            v.insert("gradingPeriod".into(), ids.guid_ref(Collection::AcademicSessions, &quarter.id));
            v.insert("scoreScale".into(), ids.guid_ref(Collection::ScoreScales, &scale_id));
            v.insert("resultValueMin".into(), number(min));
            v.insert("resultValueMax".into(), number(max));
            if !objectives.is_empty() {
                v.insert(
                    "learningObjectiveSet".into(),
                    json!([{"source": "case", "learningObjectiveIds": objectives}]),
                );
            }
            out.emit(Collection::LineItems, Value::Object(v));
            if assign > as_of {
                continue;
            }
            for &s in &section.students {
                let student = &students[s];
                let begin = span_start.max(student.begin);
                let end = student.end.map_or(span_end, |e| e.min(span_end));
                if begin >= end {
                    continue;
                }
                let status = if due < begin {
                    world.statuses.mark("exempt");
                    "exempt"
                } else if student.end.is_some_and(|e| due >= e) {
                    world.statuses.mark("withdrawal");
                    "withdrawal"
                } else if due > as_of {
                    world.statuses.pick(rng, &[("in progress", 50), ("submitted", 30), ("not submitted", 20)])
                } else if due.0 >= as_of.0 - 7 {
                    world.statuses.pick(
                        rng,
                        &[
                            ("fully graded", 40),
                            ("submitted", 25),
                            ("partially graded", 15),
                            ("late", 5),
                            ("missing", 5),
                            ("not submitted", 5),
                            ("incomplete", 5),
                        ],
                    )
                } else {
                    world.statuses.pick(
                        rng,
                        &[
                            ("fully graded", 860),
                            ("late", 50),
                            ("missing", 30),
                            ("incomplete", 20),
                            ("exempt", 15),
                            ("partially graded", 10),
                            ("submitted", 8),
                            ("not submitted", 7),
                        ],
                    )
                };
                let result = Outcome { status, min, max, kind, due, as_of, ability: student.ability };
                let mut v = result.record(rng, begin);
                let obj = v.as_object_mut();
                if let Some(map) = obj {
                    let mut head = Map::new();
                    head.insert("sourcedId".into(), json!(ids.id("result", format!("{id}/{}", student.person.id))));
                    head.insert("status".into(), json!("active"));
                    head.insert("dateLastModified".into(), json!(world.now));
                    head.insert("lineItem".into(), ids.guid_ref(Collection::LineItems, &id));
                    head.insert("student".into(), ids.guid_ref(Collection::Users, &student.person.id));
                    head.insert("class".into(), ids.guid_ref(Collection::Classes, &section.id));
                    head.insert("scoreScale".into(), ids.guid_ref(Collection::ScoreScales, &scale_id));
                    head.append(map);
                    if !objectives.is_empty() && matches!(status, "fully graded" | "late" | "partially graded") {
                        let results: Vec<Value> = objectives
                            .iter()
                            .map(|o| {
                                let level =
                                    (1.0 + 3.0 * (student.ability + 0.1 * rng.normalish())).round().clamp(1.0, 4.0);
                                json!({
                                    "learningObjectiveId": o, "score": number(level),
                                    "textScore": ScaleKind::Proficiency.text(level, 1.0, 4.0),
                                })
                            })
                            .collect();
                        head.insert(
                            "learningObjectiveSet".into(),
                            json!([{"source": "case", "learningObjectiveResults": results}]),
                        );
                    }
                    v = Value::Object(head);
                }
                out.emit(Collection::Results, v);
            }
        }
    }
}

fn describe(category: &str, topic: &str, teacher: &str) -> String {
    match category {
        "Homework" => format!("Practice problems on {topic}. Show your work."),
        "Quizzes" => format!("Short quiz on {topic}."),
        "Tests" => format!("Unit test covering {topic}. Calculators allowed on part 2."),
        "Labs" => format!("Lab investigation and write-up: {topic}. Safety goggles required."),
        "Classwork" => format!("In-class practice: {topic}."),
        "Assessments" => format!("Check for understanding: {topic}."),
        "Participation" => format!("Participation and effort during the {topic} unit."),
        "Projects" => format!("Project: {topic}. Rubric posted in the classroom portal by {teacher}."),
        _ => format!("Performance assessment: {topic}."),
    }
}

/// The score, text, flags and comment a status implies.
pub(crate) struct Outcome {
    /// The status.
    pub(crate) status: &'static str,
    /// Lowest score.
    pub(crate) min: f64,
    /// Highest score.
    pub(crate) max: f64,
    /// Text scale.
    pub(crate) kind: ScaleKind,
    /// When it was due.
    pub(crate) due: Day,
    /// The demo's present.
    pub(crate) as_of: Day,
    /// The student's usual level.
    pub(crate) ability: f64,
}

const PRAISE: &[&str] = &[
    "Great work!",
    "Nice improvement since the last assignment.",
    "Check your units on problem 4.",
    "Show more of your reasoning next time.",
    "¡Excelente trabajo!",
    "Clear explanation — well done.",
    "Careful with signs when you simplify.",
    "Très bien !",
];

impl Outcome {
    /// The result fields from `score` on (without identifiers and references).
    pub(crate) fn record(&self, rng: &mut Rng, begin: Day) -> Value {
        let p = (self.ability + 0.07 * rng.normalish()).clamp(0.3, 1.0);
        let points = |factor: f64| (self.min + (self.max - self.min) * p * factor).round().clamp(self.min, self.max);
        let (score, comment): (Option<f64>, Option<&str>) = match self.status {
            "fully graded" => (Some(points(1.0)), rng.chance(0.25).then(|| *rng.pick(PRAISE))),
            "late" => (Some(points(0.9)), Some("Submitted late; 10% deduction applied.")),
            "incomplete" => (Some(points(0.5)), Some("Some parts are missing; please resubmit.")),
            "partially graded" => (Some(points(0.6)), Some("Written response not yet scored.")),
            "missing" => (Some(self.min), Some("No submission received.")),
            "exempt" if self.due < begin => (None, Some("Enrolled after this assignment was due.")),
            "exempt" => (None, Some("Excused.")),
            "withdrawal" => (None, Some("Student withdrew from the class.")),
            "submitted" => (None, Some("Submitted; awaiting grading.")),
            "not submitted" => (None, None),
            _ => (None, None),
        };
        let scored = matches!(self.status, "fully graded" | "late" | "incomplete" | "partially graded");
        let date = if scored {
            Day(self.due.0 + rng.range(1, 6)).school_day().min(self.as_of)
        } else if self.due > self.as_of {
            self.as_of
        } else {
            self.due
        };
        let mut v = Map::new();
        v.insert("scoreStatus".into(), json!(self.status));
        if let Some(score) = score {
            v.insert("score".into(), number(score));
            if scored || self.status == "missing" {
                v.insert("textScore".into(), json!(self.kind.text(score, self.min, self.max)));
            }
        }
        v.insert("scoreDate".into(), json!(date.date()));
        if let Some(comment) = comment {
            v.insert("comment".into(), json!(comment));
        }
        let flag = |b: bool| json!(if b { "true" } else { "false" });
        v.insert("inProgress".into(), flag(self.status == "in progress"));
        v.insert("incomplete".into(), flag(self.status == "incomplete"));
        v.insert("late".into(), flag(self.status == "late"));
        v.insert("missing".into(), flag(self.status == "missing"));
        Value::Object(v)
    }
}
