//! Assessment line items of a mathematics class — a unit assessment with parts and a task
//! (a `parentAssessmentLineItem` chain three deep) — and every student's assessment results.

use cairn_spec::Collection;
use serde_json::{Map, Value, json};

use super::World;
use super::calendar::Day;
use super::catalog::CourseDef;
use super::framework::ClusterAlignment;
use super::gradebook::{Outcome, ScaleKind, Section, number};
use super::households::Student;
use super::out::Out;
use super::rng::Rng;

/// (key, title, parent key, max score).
const PARTS: &[(&str, &str, Option<&str>, f64)] = &[
    ("unit", "Unit Assessment", None, 40.0),
    ("a", "Part A: Skills and Procedures", Some("unit"), 20.0),
    ("b", "Part B: Problem Solving", Some("unit"), 20.0),
    ("b4", "Part B, Task 4: Extended Response", Some("b"), 4.0),
];

/// Emits a class's assessment line items and results.
#[allow(clippy::too_many_arguments)]
pub(crate) fn class(
    world: &mut World<'_>,
    course: &CourseDef,
    section: &Section,
    scale_id: &str,
    clusters: &[ClusterAlignment],
    students: &[Student],
    rng: &mut Rng,
    out: &mut Out<'_>,
) {
    let ids = world.ids;
    let cal = world.calendar;
    let terms = course.span.terms();
    let (start, end) = cal.span(terms);
    // Given near the end of the class's first term.
    let date = Day(cal.terms[terms[0]].end.0 - 12).school_day();
    let cluster = &clusters[clusters.len() / 3];
    let objectives: Vec<String> = cluster.standards.iter().take(4).cloned().collect();
    let mut item_ids = Vec::new();
    for (key, title, parent, max) in PARTS {
        let id = ids.id("assessmentLineItem", format!("{}/{key}", section.id));
        let mut v = Map::new();
        v.insert("sourcedId".into(), json!(id));
        v.insert("status".into(), json!("active"));
        v.insert("dateLastModified".into(), json!(world.now));
        let title = if parent.is_none() {
            format!("{title}: {}", cluster.topic)
        } else {
            format!("{title} — {}", cluster.topic)
        };
        v.insert("title".into(), json!(title));
        v.insert(
            "description".into(),
            json!(format!("Given on {}. Scored with the common district rubric.", date.date())),
        );
        v.insert("class".into(), ids.guid_ref(Collection::Classes, &section.id));
        if let Some(parent) = parent {
            let parent_id = ids.id("assessmentLineItem", format!("{}/{parent}", section.id));
            v.insert("parentAssessmentLineItem".into(), ids.guid_ref(Collection::AssessmentLineItems, &parent_id));
        }
        if parent.is_none() {
            v.insert("scoreScale".into(), ids.guid_ref(Collection::ScoreScales, scale_id));
        }
        v.insert("resultValueMin".into(), json!(0));
        v.insert("resultValueMax".into(), number(*max));
        v.insert("learningObjectiveSet".into(), json!([{"source": "case", "learningObjectiveIds": objectives}]));
        out.emit(Collection::AssessmentLineItems, Value::Object(v));
        item_ids.push(id);
    }
    if date > cal.as_of {
        return;
    }
    for &s in &section.students {
        let student = &students[s];
        let begin = start.max(student.begin);
        let finish = student.end.map_or(end, |e| e.min(end));
        if begin >= finish || student.end.is_some_and(|e| e <= date) {
            continue;
        }
        let status = if begin > date {
            world.statuses.mark("exempt");
            "exempt"
        } else {
            world.statuses.pick(
                rng,
                &[("fully graded", 920), ("missing", 20), ("exempt", 20), ("incomplete", 20), ("partially graded", 20)],
            )
        };
        for (n, (_, _, _, max)) in PARTS.iter().enumerate() {
            let outcome = Outcome {
                status,
                min: 0.0,
                max: *max,
                kind: ScaleKind::Letter,
                due: date,
                as_of: cal.as_of,
                ability: student.ability,
            };
            let Value::Object(fields) = outcome.record(rng, begin) else { continue };
            let mut v = Map::new();
            v.insert(
                "sourcedId".into(),
                json!(ids.id("assessmentResult", format!("{}/{}", item_ids[n], student.person.id))),
            );
            v.insert("status".into(), json!("active"));
            v.insert("dateLastModified".into(), json!(world.now));
            v.insert("assessmentLineItem".into(), ids.guid_ref(Collection::AssessmentLineItems, &item_ids[n]));
            v.insert("student".into(), ids.guid_ref(Collection::Users, &student.person.id));
            for (key, value) in fields {
                match key.as_str() {
                    "scoreDate" => {
                        v.insert(key, value);
                        if n == 0 {
                            v.insert("scoreScale".into(), ids.guid_ref(Collection::ScoreScales, scale_id));
                        }
                    }
                    "score" if status == "fully graded" => {
                        v.insert(key, value);
                        let percentile = ((student.ability - 0.45) / 0.55 * 98.0 + 1.0).round().clamp(1.0, 99.0);
                        v.insert("scorePercentile".into(), number(percentile));
                    }
                    _ => {
                        v.insert(key, value);
                    }
                }
            }
            if matches!(status, "fully graded" | "partially graded") {
                let results: Vec<Value> = objectives
                    .iter()
                    .map(|o| {
                        let level = (1.0 + 3.0 * (student.ability + 0.1 * rng.normalish())).round().clamp(1.0, 4.0);
                        json!({"learningObjectiveId": o, "score": number(level)})
                    })
                    .collect();
                v.insert(
                    "learningObjectiveSet".into(),
                    json!([{"source": "case", "learningObjectiveResults": results}]),
                );
            }
            out.emit(Collection::AssessmentResults, Value::Object(v));
        }
    }
}
