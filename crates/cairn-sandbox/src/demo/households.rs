//! A school's students, in households of one to four children with one (or two) guardians,
//! each household sharing a heritage and (mostly) a family name; some students join late and
//! some withdraw during the year.

use super::calendar::{Calendar, Day};
use super::ids::Ids;
use super::people::{self, Person, Sex};
use super::plan::School;
use super::rng::Rng;
use super::school::key;

/// A student of the school.
#[derive(Debug)]
pub(crate) struct Student {
    /// Name and identifier.
    pub(crate) person: Person,
    /// CEDS grade.
    pub(crate) grade: &'static str,
    /// First day at the school this year.
    pub(crate) begin: Day,
    /// Withdrawal day, if the student left.
    pub(crate) end: Option<Day>,
    /// How well the student tends to do (about 0.55 to 1).
    pub(crate) ability: f64,
    /// The guardians' sourcedIds.
    pub(crate) guardians: Vec<String>,
    /// Indexes of the courses taken.
    pub(crate) courses: Vec<usize>,
}

/// A parent or guardian.
#[derive(Debug)]
pub(crate) struct Guardian {
    /// Name and identifier.
    pub(crate) person: Person,
    /// `parent` or `guardian`.
    pub(crate) role: &'static str,
    /// The children's sourcedIds.
    pub(crate) children: Vec<String>,
}

/// The students and guardians of `school`.
pub(crate) fn households(ids: &Ids, cal: &Calendar, school: &School, rng: &mut Rng) -> (Vec<Student>, Vec<Guardian>) {
    let grades = school.level.grades();
    let mut students: Vec<Student> = Vec::with_capacity(school.students);
    for i in 0..school.students {
        let late = i == 1 || rng.chance(0.03);
        let withdrawn = i == 2 || rng.chance(0.015);
        let begin = if late { Day::ymd(2025, 9, 2).plus(rng.below(50) as i64).school_day() } else { cal.year.start };
        let end = withdrawn.then(|| Day::ymd(2026, 2, 2).plus(rng.below(30) as i64).school_day());
        let ability = (0.8_f64 + 0.08 * rng.normalish()).clamp(0.45, 1.0);
        let placeholder = Person {
            id: ids.id("user", key(school, "student", i)),
            given: "",
            family: String::new(),
            middle: None,
            preferred: None,
            sex: Sex::Unspecified,
            heritage: 0,
        };
        students.push(Student {
            person: placeholder,
            grade: grades[i % grades.len()],
            begin,
            end,
            ability,
            guardians: Vec::new(),
            courses: Vec::new(),
        });
    }
    let mut order: Vec<usize> = (0..students.len()).collect();
    rng.shuffle(&mut order);
    let mut guardians: Vec<Guardian> = Vec::new();
    let mut at = 0;
    while at < order.len() {
        let size = ([1, 2, 3, 4][rng.weighted(&[35, 40, 20, 5])]).min(order.len() - at);
        let heritage = people::heritage(rng);
        let family = people::family_name(rng, heritage);
        let children: Vec<usize> = order[at..at + size].to_vec();
        at += size;
        for &c in &children {
            let id = students[c].person.id.clone();
            let sex = people::sex(rng);
            students[c].person = people::person(rng, id, heritage, family.clone(), sex);
        }
        // The contacts the district rosters: mostly one per household.
        let count = if rng.chance(0.1) { 2 } else { 1 };
        let child_ids: Vec<String> = children.iter().map(|&c| students[c].person.id.clone()).collect();
        for g in 0..count {
            let n = guardians.len();
            let id = ids.id("user", key(school, "guardian", n));
            let sex = if g == 0 { [Sex::Female, Sex::Male][rng.weighted(&[62, 38])] } else { Sex::Male };
            let (h, fam) = if g == 1 && rng.chance(0.25) {
                let h = if rng.chance(0.7) { heritage } else { people::heritage(rng) };
                (h, people::family_name(rng, h))
            } else {
                (heritage, family.clone())
            };
            let person = people::person(rng, id.clone(), h, fam, sex);
            let role = if rng.chance(0.85) { "parent" } else { "guardian" };
            guardians.push(Guardian { person, role, children: child_ids.clone() });
            for &c in &children {
                students[c].guardians.push(id.clone());
            }
        }
    }
    (students, guardians)
}
