//! The framework's rubrics: criteria tied to standards (`CFItemURI`, weight, position), each
//! with four scored levels.

use cairn_spec::Collection;
use serde_json::{Value, json};

use super::framework::Standard;
use super::ids::Ids;
use super::out::Out;
use super::rng::Rng;

const TITLES: &[&str] = &[
    "Mathematical Problem Solving Rubric",
    "Constructed Response Rubric",
    "Mathematical Communication Rubric",
    "Modeling Task Rubric",
    "Performance Task Rubric",
    "Mathematical Reasoning Rubric",
];

const CRITERIA: &[(&str, &str)] = &[
    ("Reasoning", "Uses sound mathematical reasoning and justifies each step."),
    ("Accuracy", "Computes accurately and checks that answers are reasonable."),
    ("Communication", "Explains the solution clearly with precise vocabulary and notation."),
    ("Representation", "Chooses and connects representations that fit the problem."),
    ("Strategy", "Selects an efficient strategy and adapts it when needed."),
];

const LEVELS: &[(&str, &str, &str)] = &[
    ("Beginning", "Little evidence of the criterion.", "Revisit the worked examples and try a simpler case first."),
    ("Developing", "Partial evidence, with gaps or errors.", "Good start: check each step against the question."),
    ("Proficient", "Clear and complete evidence.", "Well done: your work meets the standard."),
    ("Advanced", "Thorough, insightful evidence that goes beyond the task.", "Excellent: try extending the problem."),
];

/// Emits `count` rubrics whose criteria point at standards.
pub(crate) fn emit(ids: &Ids, now: &str, out: &mut Out<'_>, standards: &[Standard], count: usize, rng: &mut Rng) {
    if standards.is_empty() {
        return;
    }
    for r in 0..count {
        let rubric_id = ids.id("CFRubric", r);
        let rubric_uri = ids.href(Collection::CfRubrics, &rubric_id);
        let n = 3 + r % 2;
        let weights: &[f64] = if n == 3 { &[0.4, 0.3, 0.3] } else { &[0.25, 0.25, 0.25, 0.25] };
        let criteria: Vec<Value> = (0..n)
            .map(|c| {
                let (category, description) = CRITERIA[(r + c) % CRITERIA.len()];
                let standard = &standards[rng.below(standards.len())].end;
                let criterion_id = ids.id("CFRubricCriterion", format!("{r}/{c}"));
                let levels: Vec<Value> = LEVELS
                    .iter()
                    .enumerate()
                    .map(|(l, (quality, level_description, feedback))| {
                        let level_id = ids.id("CFRubricCriterionLevel", format!("{r}/{c}/{l}"));
                        json!({
                            "identifier": level_id,
                            "uri": format!("{rubric_uri}#level-{level_id}"),
                            "description": level_description,
                            "quality": quality,
                            "score": l + 1,
                            "feedback": feedback,
                            "position": l + 1,
                            "rubricCriterionId": criterion_id,
                            "lastChangeDateTime": now,
                        })
                    })
                    .collect();
                json!({
                    "identifier": criterion_id,
                    "uri": format!("{rubric_uri}#criterion-{criterion_id}"),
                    "category": category,
                    "description": description,
                    "CFItemURI": {
                        "title": standard.title,
                        "identifier": standard.id,
                        "uri": ids.href(Collection::CfItems, &standard.id),
                    },
                    "weight": weights[c],
                    "position": c + 1,
                    "rubricId": rubric_id,
                    "lastChangeDateTime": now,
                    "CFRubricCriterionLevels": levels,
                })
            })
            .collect();
        let title = TITLES[r % TITLES.len()];
        let title = if r < TITLES.len() { title.to_owned() } else { format!("{title} ({})", r / TITLES.len() + 1) };
        out.emit(
            Collection::CfRubrics,
            json!({
                "identifier": rubric_id,
                "uri": rubric_uri,
                "title": title,
                "description": format!("<p>{title}: {n} criteria scored from 1 (Beginning) to 4 (Advanced).</p>"),
                "lastChangeDateTime": now,
                "CFRubricCriteria": criteria,
            }),
        );
    }
}
