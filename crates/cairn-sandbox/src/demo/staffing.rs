//! A school's classes and who teaches them: course choices grouped into sections of at most a
//! course's capacity, teachers by department (with advisories and special-education
//! co-teachers), each section's period and room, and the sections a teacher has of one course
//! merged into one class that lists their periods (as rostering to a learning platform often
//! does), so a class holds a teacher's whole roster for the course.

use std::collections::HashMap;

use super::catalog::{self, Area, CourseDef};
use super::gradebook::Section;
use super::households::Student;
use super::ids::Ids;
use super::people::{self, Person, Sex};
use super::plan::{Level, School};
use super::rng::Rng;
use super::school::key;

/// How many advisories a secondary classroom teacher leads.
const ADVISORIES: usize = 5;

/// A teacher and the courses of the sections taught.
#[derive(Debug)]
pub(crate) struct Teacher {
    /// Name and identifier.
    pub(crate) person: Person,
    /// Course indexes, one per section taught.
    pub(crate) courses: Vec<usize>,
}

/// The courses the students take and their sections (students are given their courses).
pub(crate) fn sections(
    ids: &Ids,
    school: &School,
    compact: bool,
    students: &mut [Student],
    rng: &mut Rng,
) -> (Vec<CourseDef>, Vec<Section>) {
    let mut courses: Vec<CourseDef> = Vec::new();
    let mut course_index: HashMap<String, usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (s, student) in students.iter_mut().enumerate() {
        for def in catalog::courses(school.level, student.grade, rng, compact) {
            let c = match course_index.get(&def.key) {
                Some(&c) => c,
                None => {
                    course_index.insert(def.key.clone(), courses.len());
                    courses.push(def);
                    members.push(Vec::new());
                    courses.len() - 1
                }
            };
            student.courses.push(c);
            members[c].push(s);
        }
    }
    let mut sections: Vec<Section> = Vec::new();
    for (c, course) in courses.iter().enumerate() {
        let mut list = members[c].clone();
        rng.shuffle(&mut list);
        let count = list.len().div_ceil(course.cap).max(1);
        for k in 0..count {
            let roster: Vec<usize> = list.iter().skip(k).step_by(count).copied().collect();
            sections.push(Section {
                id: ids.id("class", format!("{}/{}/{k}", school.index, course.key)),
                course: c,
                number: k,
                students: roster,
                teacher: 0,
                co_teacher: None,
                periods: Vec::new(),
                room: String::new(),
            });
        }
    }
    (courses, sections)
}

/// The teachers of the sections (which are given their teachers, periods and rooms).
pub(crate) fn teachers(
    ids: &Ids,
    school: &School,
    courses: &[CourseDef],
    sections: &mut [Section],
    rng: &mut Rng,
) -> Vec<Teacher> {
    let mut teachers: Vec<Teacher> = Vec::new();
    let mut departments: Vec<(&'static str, Vec<usize>)> = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        let area = courses[section.course].area;
        if area == Area::Advisory && school.level != Level::Elementary {
            continue;
        }
        let dept = area.department();
        match departments.iter_mut().find(|(d, _)| *d == dept) {
            Some((_, list)) => list.push(i),
            None => departments.push((dept, vec![i])),
        }
    }
    let new_teacher = |rng: &mut Rng, teachers: &mut Vec<Teacher>| {
        let h = people::heritage(rng);
        let family = people::family_name(rng, h);
        let sex = [Sex::Female, Sex::Male, Sex::Other][rng.weighted(&[70, 29, 1])];
        let id = ids.id("user", key(school, "teacher", teachers.len()));
        teachers.push(Teacher { person: people::person(rng, id, h, family, sex), courses: Vec::new() });
        teachers.len() - 1
    };
    for (dept, list) in &departments {
        let load = match (school.level, *dept) {
            (_, "Classroom") => 1,
            (Level::Elementary, _) => 12,
            _ => 5,
        };
        let first = teachers.len();
        let count = list.len().div_ceil(load);
        for _ in 0..count {
            new_teacher(rng, &mut teachers);
        }
        // Consecutive sections (mostly of one course) to one teacher, at most `load` each.
        for (k, &section) in list.iter().enumerate() {
            sections[section].teacher = first + k * count / list.len();
        }
    }
    let classroom_teachers = teachers.len().max(1);
    if teachers.is_empty() {
        new_teacher(rng, &mut teachers);
    }
    let mut advisory = 0;
    let mut co_taught = Vec::new();
    let mut first_math = true;
    for (i, section) in sections.iter_mut().enumerate() {
        let area = courses[section.course].area;
        if area == Area::Advisory && school.level != Level::Elementary {
            // Five advisories in turn to each classroom teacher.
            section.teacher = (advisory / ADVISORIES) % classroom_teachers;
            advisory += 1;
        }
        let academic = matches!(area, Area::Core | Area::Ela | Area::Math | Area::Science | Area::Social);
        let forced = area == Area::Math && std::mem::replace(&mut first_math, false);
        if academic && (forced || rng.chance(0.08)) {
            co_taught.push(i);
        }
    }
    if !co_taught.is_empty() {
        let count = co_taught.len().div_ceil(6);
        let first = teachers.len();
        for _ in 0..count {
            new_teacher(rng, &mut teachers);
        }
        for (k, &section) in co_taught.iter().enumerate() {
            sections[section].co_teacher = Some(first + k % count);
        }
    }
    let mut period = 0;
    let mut rooms: HashMap<&'static str, usize> = HashMap::new();
    for section in sections.iter_mut() {
        let course = &courses[section.course];
        let room_no = rooms.entry(course.area.department()).or_default();
        *room_no += 1;
        let base = match course.area {
            Area::Core | Area::Advisory => 0,
            Area::Ela => 100,
            Area::Math => 200,
            Area::Science => 300,
            Area::Social => 400,
            Area::World => 500,
            Area::Cs => 600,
            _ => 700,
        };
        section.room = match course.area {
            Area::Pe => format!("Gym {}", ["A", "B", "C"][*room_no % 3]),
            Area::Music => "Music Room".to_owned(),
            Area::Art => "Art Studio".to_owned(),
            _ if school.level == Level::Elementary => format!("Room {}", (*room_no % 40) + 1),
            _ => format!("Room {}", base + (*room_no % 30) + 1),
        };
        section.periods = vec![if course.homeroom && school.level == Level::Elementary {
            "HR".to_owned()
        } else if course.area == Area::Advisory {
            "ADV".to_owned()
        } else {
            period += 1;
            ((period - 1) % 7 + 1).to_string()
        }];
        teachers[section.teacher].courses.push(section.course);
    }
    teachers
}

/// The classes: each teacher's sections of one course merged into one class, in the order of
/// their first sections, with the first section's identifier, room and co-teacher (if any),
/// every section's students and the periods in order; numbered anew within each course.
pub(crate) fn merge(sections: Vec<Section>) -> Vec<Section> {
    let mut classes: Vec<Section> = Vec::new();
    let mut at: HashMap<(usize, usize), usize> = HashMap::new();
    for section in sections {
        match at.get(&(section.course, section.teacher)).and_then(|&i| classes.get_mut(i)) {
            Some(class) => {
                class.students.extend(section.students);
                class.co_teacher = class.co_teacher.or(section.co_teacher);
                for period in section.periods {
                    if !class.periods.contains(&period) {
                        class.periods.push(period);
                    }
                }
            }
            None => {
                at.insert((section.course, section.teacher), classes.len());
                classes.push(section);
            }
        }
    }
    let mut numbers: HashMap<usize, usize> = HashMap::new();
    for class in &mut classes {
        let number = numbers.entry(class.course).or_default();
        class.number = *number;
        *number += 1;
        class.periods.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    }
    classes
}
