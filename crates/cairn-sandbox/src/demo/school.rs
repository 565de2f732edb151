//! One school: its students and guardians ([`households`](super::households)), classes and
//! teachers ([`staffing`](super::staffing)) and staff, emitted as courses, classes, users,
//! demographics and enrollments, followed by each class's gradebook.

use cairn_spec::Collection;
use serde_json::json;

use super::World;
use super::calendar::Day;
use super::gradebook;
use super::households::{self, Student};
use super::out::Out;
use super::people::{self, Account, Handles, Person};
use super::plan::{District, Level, School};
use super::resources::Resources;
use super::rng::Rng;
use super::staffing;

/// The key of the `n`th record of `kind` of a school, for identifiers.
pub(crate) fn key(school: &School, kind: &str, n: usize) -> String {
    format!("{}/{kind}/{n}", school.index)
}

/// Running numbers and handles of a district.
#[derive(Debug, Default)]
pub(crate) struct DistrictState {
    /// Usernames and e-mail local parts taken.
    pub(crate) handles: Handles,
    /// Student numbers handed out.
    pub(crate) students: u32,
    /// Staff numbers handed out.
    pub(crate) staff: u32,
}

/// Emits one school.
pub(crate) fn generate(
    world: &mut World<'_>,
    district: &District,
    school: &School,
    state: &mut DistrictState,
    resources: &mut Resources,
    out: &mut Out<'_>,
) {
    let ids = world.ids;
    let now = world.now;
    let cal = world.calendar;
    let mut rng = Rng::derive(world.seed, &format!("school/{}", school.index));
    let (mut students, guardians) = households::households(ids, cal, school, &mut rng);
    let (courses, mut sections) = staffing::sections(ids, school, world.compact, &mut students, &mut rng);
    let teachers = staffing::teachers(ids, school, &courses, &mut sections, &mut rng);
    let sections = staffing::merge(sections);
    let students: &[Student] = &students;

    // Courses and classes.
    let course_ids: Vec<String> =
        courses.iter().map(|c| ids.id("course", format!("{}/{}", school.index, c.key))).collect();
    for (c, course) in courses.iter().enumerate() {
        let textbook = resources.student_edition(ids, now, out, &course.code, &course.title);
        out.emit(
            Collection::Courses,
            json!({
                "sourcedId": course_ids[c], "status": "active", "dateLastModified": now,
                "title": course.title,
                "schoolYear": ids.guid_ref(Collection::AcademicSessions, &cal.year.id),
                "courseCode": course.code,
                "grades": course.grades,
                "subjects": course.subjects.iter().map(|s| s.0).collect::<Vec<_>>(),
                "org": ids.guid_ref(Collection::Orgs, &school.id),
                "subjectCodes": course.subjects.iter().map(|s| s.1).collect::<Vec<_>>(),
                "resources": [ids.guid_ref(Collection::Resources, &textbook)],
            }),
        );
    }
    for section in &sections {
        let course = &courses[section.course];
        let teacher = &teachers[section.teacher].person;
        let title = if course.homeroom && school.level == Level::Elementary {
            format!("{} Homeroom — {} {}", course.title, teacher.sex.honorific(), teacher.family)
        } else if school.level == Level::Elementary {
            format!("{} ({})", course.title, section.number + 1)
        } else {
            let s = if section.periods.len() > 1 { "s" } else { "" };
            format!("{} — Period{s} {}", course.title, section.periods.join(", "))
        };
        let mut v = json!({
            "sourcedId": section.id, "status": "active", "dateLastModified": now,
            "title": title,
            "classCode": format!("{}-{:02}", course.code, section.number + 1),
            "classType": if course.homeroom { "homeroom" } else { "scheduled" },
            "location": section.room,
            "grades": course.grades,
            "subjects": course.subjects.iter().map(|s| s.0).collect::<Vec<_>>(),
            "course": ids.guid_ref(Collection::Courses, &course_ids[section.course]),
            "school": ids.guid_ref(Collection::Orgs, &school.id),
            "terms": course.span.terms().iter().map(|t| ids.guid_ref(Collection::AcademicSessions, &cal.terms[*t].id)).collect::<Vec<_>>(),
            "subjectCodes": course.subjects.iter().map(|s| s.1).collect::<Vec<_>>(),
            "periods": section.periods,
        });
        if rng.chance(0.4)
            && let Some(tool) = resources.tool_for(ids, now, out, course.area)
        {
            v["resources"] = json!([ids.guid_ref(Collection::Resources, &tool)]);
        }
        out.emit(Collection::Classes, v);
    }

    // Users.
    for student in students {
        let p = &student.person;
        state.students += 1;
        let class_of = 2026 + 12 - if student.grade == "KG" { 0 } else { student.grade.parse().unwrap_or(0) };
        let username = state.handles.unique(people::username(p, &format!("{:02}", class_of % 100)));
        let mut own = Vec::new();
        if rng.chance(0.08) {
            own.push(resources.tool(ids, now, out, "readaloud"));
        }
        let account = Account {
            role: "student",
            org: &school.id,
            email: format!("{username}@students.{}", district.domain),
            username,
            identifier: format!("{}{:06}", district.index + 1, 100_000 + state.students),
            grade: Some(student.grade),
            agents: &student.guardians,
            resources: own,
            phone: None,
            begin: Some(student.begin),
            sso: Some(&district.domain),
            pronouns: rng.chance(0.1),
        };
        out.emit(Collection::Users, people::user(ids, now, p, &account));
    }
    for guardian in &guardians {
        let p = &guardian.person;
        let handle = state.handles.unique(people::dotted(p));
        let mut own = Vec::new();
        if rng.chance(0.2) {
            own.push(resources.tool(ids, now, out, "familylink"));
        }
        state.staff += 1;
        let account = Account {
            role: guardian.role,
            org: &school.id,
            email: format!("{handle}@example.{}", ["com", "net", "org"][rng.below(3)]),
            username: handle,
            identifier: format!("G{}{:06}", district.index + 1, state.staff),
            grade: None,
            agents: &guardian.children,
            resources: own,
            phone: Some(people::phone(&mut rng)),
            begin: None,
            sso: None,
            pronouns: false,
        };
        out.emit(Collection::Users, people::user(ids, now, p, &account));
    }
    for teacher in &teachers {
        let p = &teacher.person;
        let mut own = Vec::new();
        let mut seen = Vec::new();
        for &c in &teacher.courses {
            if !seen.contains(&c) && seen.len() < 2 {
                seen.push(c);
                own.push(resources.teacher_edition(ids, now, out, &courses[c].code, &courses[c].title));
            }
        }
        own.push(resources.tool(ids, now, out, "handbook"));
        staff(world, district, school, state, &mut rng, out, p, "teacher", own);
    }
    let mut roles = vec!["principal", "counselor"];
    if school.students > 300 {
        roles.push("siteAdministrator");
    }
    roles.extend(std::iter::repeat_n("aide", (school.students / 250).max(1)));
    for (n, role) in roles.into_iter().enumerate() {
        let h = people::heritage(&mut rng);
        let family = people::family_name(&mut rng, h);
        let sex = people::sex(&mut rng);
        let p = people::person(&mut rng, ids.id("user", key(school, "staff", n)), h, family, sex);
        let own = vec![resources.tool(ids, now, out, "handbook")];
        staff(world, district, school, state, &mut rng, out, &p, role, own);
    }
    for student in students {
        out.emit(Collection::Demographics, people::demographics(now, &mut rng, &student.person, student.grade));
    }

    // Enrollments, then the gradebook of every class.
    for section in &sections {
        let course = &courses[section.course];
        let (start, end) = cal.span(course.span.terms());
        let mut enroll = |user: &str, role: &str, primary: Option<bool>, begin: Day, end: Day| {
            let mut v = json!({
                "sourcedId": ids.id("enrollment", format!("{}/{user}", section.id)),
                "status": "active", "dateLastModified": now,
                "user": ids.guid_ref(Collection::Users, user),
                "class": ids.guid_ref(Collection::Classes, &section.id),
                "school": ids.guid_ref(Collection::Orgs, &school.id),
                "role": role,
            });
            if let Some(primary) = primary {
                v["primary"] = json!(if primary { "true" } else { "false" });
            }
            v["beginDate"] = json!(begin.date());
            v["endDate"] = json!(end.date());
            out.emit(Collection::Enrollments, v);
        };
        enroll(&teachers[section.teacher].person.id, "teacher", Some(true), start, end);
        if let Some(co) = section.co_teacher {
            enroll(&teachers[co].person.id, "teacher", Some(false), start, end);
        }
        for &s in &section.students {
            let student = &students[s];
            let begin = start.max(student.begin);
            let finish = student.end.map_or(end, |e| e.min(end));
            if begin < finish {
                enroll(&student.person.id, "student", None, begin, finish);
            }
        }
    }
    for section in &sections {
        let course = &courses[section.course];
        let teacher = &teachers[section.teacher].person;
        gradebook::class(world, school, course, &course_ids[section.course], section, teacher, students, &mut rng, out);
    }
}

#[allow(clippy::too_many_arguments)]
fn staff(
    world: &World<'_>,
    district: &District,
    school: &School,
    state: &mut DistrictState,
    rng: &mut Rng,
    out: &mut Out<'_>,
    p: &Person,
    role: &str,
    resources: Vec<String>,
) {
    state.staff += 1;
    let handle = state.handles.unique(people::dotted(p));
    let hired = Day::ymd(2025 - rng.range(0, 24), 8, 1).school_day();
    let account = Account {
        role,
        org: &school.id,
        email: format!("{handle}@{}", district.domain),
        username: handle,
        identifier: format!("E{}{:05}", district.index + 1, state.staff),
        grade: None,
        agents: &[],
        resources,
        phone: Some(people::phone(rng)),
        begin: Some(hired),
        sso: Some(&district.domain),
        pronouns: rng.chance(0.3),
    };
    out.emit(Collection::Users, people::user(world.ids, world.now, p, &account));
}

/// Emits the district office's staff.
pub(crate) fn district_staff(world: &World<'_>, district: &District, state: &mut DistrictState, out: &mut Out<'_>) {
    let ids = world.ids;
    let mut rng = Rng::derive(world.seed, &format!("district/{}", district.index));
    for (n, role) in ["districtAdministrator", "districtAdministrator", "systemAdministrator"].iter().enumerate() {
        let h = people::heritage(&mut rng);
        let family = people::family_name(&mut rng, h);
        let sex = people::sex(&mut rng);
        let p = people::person(&mut rng, ids.id("user", format!("district/{}/{n}", district.index)), h, family, sex);
        state.staff += 1;
        let handle = state.handles.unique(people::dotted(&p));
        let account = Account {
            role,
            org: &district.id,
            email: format!("{handle}@{}", district.domain),
            username: handle,
            identifier: format!("E{}{:05}", district.index + 1, state.staff),
            grade: None,
            agents: &[],
            resources: Vec::new(),
            phone: Some(people::phone(&mut rng)),
            begin: Some(Day::ymd(2018, 7, 1)),
            sso: Some(&district.domain),
            pronouns: false,
        };
        out.emit(Collection::Users, people::user(ids, world.now, &p, &account));
    }
}
