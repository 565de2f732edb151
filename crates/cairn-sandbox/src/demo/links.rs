//! The framework's associations beyond the tree: progressions (`precedes`), relations,
//! peers, pathway equivalences (`exactMatchOf`), modeling (`isPartOf`), revisions
//! (`replacedBy`), examples (`exemplar`), achievement levels (`hasSkillLevel`) and the
//! proprietary `ext:buildsOn`.

use std::collections::HashMap;

use super::case::{CaseWriter, Doc, End};
use super::definitions::Defs;
use super::framework::Standard;
use super::out::Out;
use super::rng::Rng;

/// Emits the non-tree associations of `doc`.
pub(crate) fn emit(
    w: &mut CaseWriter<'_>,
    out: &mut Out<'_>,
    defs: &Defs,
    doc: &Doc,
    standards: &[Standard],
    modeling: &End,
    rng: &mut Rng,
) {
    let by_place: HashMap<(usize, &str, usize), usize> =
        standards.iter().enumerate().map(|(i, s)| ((s.top, s.domain, s.number), i)).collect();
    let mut by_top: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, s) in standards.iter().enumerate() {
        by_top.entry(s.top).or_default().push(i);
    }
    let grade8: Vec<usize> = standards.iter().enumerate().filter(|(_, s)| s.top == 8).map(|(i, _)| i).collect();
    let mut first_of_top = [true; 16];
    for (i, s) in standards.iter().enumerate() {
        let first = std::mem::replace(&mut first_of_top[s.top.min(15)], false);
        let same_top = &by_top[&s.top];
        // Within a cluster, each standard precedes the next.
        if let Some(next) = standards.get(i + 1).filter(|n| n.cluster == s.cluster) {
            w.associate(out, doc, "precedes", &s.end, &next.end, None, None, None);
        }
        // Across grades: the same place in the same domain one grade up.
        if s.top < 8
            && (first || rng.chance(0.8))
            && let Some(&up) = by_place.get(&(s.top + 1, s.domain, s.number))
        {
            let grouping = defs.grouping("progressions");
            w.associate(out, doc, "precedes", &s.end, &standards[up].end, None, Some(grouping), None);
            if first || rng.chance(0.1) {
                w.associate(out, doc, "ext:buildsOn", &standards[up].end, &s.end, None, None, None);
            }
        }
        if first || rng.chance(0.5) {
            let other = standards[*rng.pick(same_top)].clone();
            if other.domain != s.domain || other.cluster != s.cluster {
                w.associate(out, doc, "isRelatedTo", &s.end, &other.end, None, None, None);
            }
        }
        if first || rng.chance(0.25) {
            let other = &standards[*rng.pick(same_top)];
            if other.end.id != s.end.id {
                w.associate(out, doc, "isPeerOf", &s.end, &other.end, None, None, None);
            }
        }
        if s.top > 8 && !grade8.is_empty() && (first || rng.chance(0.2)) {
            let original = &standards[*rng.pick(&grade8)];
            let grouping = defs.grouping("pathway");
            let note = "Same expectation as the grade 8 standard, for the accelerated pathway.";
            w.associate(out, doc, "exactMatchOf", &s.end, &original.end, None, Some(grouping), Some(note));
        }
        if s.modeling {
            w.associate(out, doc, "isPartOf", &s.end, modeling, None, Some(defs.grouping("modeling")), None);
        }
        if let Some(old) = &s.retired {
            let note = "Retired by the 2024 revision.";
            w.associate(out, doc, "replacedBy", old, &s.end, None, Some(defs.grouping("revision")), Some(note));
        }
        if let Some(example) = &s.example {
            w.associate(out, doc, "exemplar", &s.end, example, None, None, None);
        }
        for level in &s.levels {
            w.associate(out, doc, "hasSkillLevel", &s.end, level, None, Some(defs.grouping("levels")), None);
        }
        for pair in s.components.windows(2) {
            if rng.chance(0.5) {
                w.associate(out, doc, "precedes", &pair[0], &pair[1], None, None, None);
            }
        }
        for component in &s.components {
            if rng.chance(0.2)
                && let Some(next) = standards.get(i + 1).filter(|n| n.cluster == s.cluster)
                && !next.components.is_empty()
            {
                let other = rng.pick(&next.components);
                w.associate(out, doc, "isRelatedTo", component, other, None, None, None);
            }
        }
    }
}
