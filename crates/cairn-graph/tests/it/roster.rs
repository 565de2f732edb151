//! Roster graphs from hand-made records: a forest with an orphan, a cycle and disagreeing
//! references; class membership queries; counts per org.

use cairn_graph::roster::{ClassRecord, EnrollmentRecord, OrgHierarchy, OrgRecord, RosterGraph};

fn org(id: &str, name: &str, kind: &str, parent: Option<&str>) -> OrgRecord {
    OrgRecord {
        id: id.into(),
        name: Some(name.into()),
        kind: Some(kind.into()),
        parent: parent.map(Into::into),
        ..OrgRecord::default()
    }
}

fn class(id: &str, title: &str, course: &str, school: &str, terms: &[&str]) -> ClassRecord {
    ClassRecord {
        id: id.into(),
        title: Some(title.into()),
        course: Some(course.into()),
        school: Some(school.into()),
        terms: terms.iter().map(|t| (*t).to_owned()).collect(),
        inactive: false,
    }
}

fn enrol(id: &str, user: &str, class: &str, role: &str) -> EnrollmentRecord {
    EnrollmentRecord {
        id: id.into(),
        user: user.into(),
        class: class.into(),
        school: None,
        role: Some(role.into()),
        ..EnrollmentRecord::default()
    }
}

fn orgs() -> Vec<OrgRecord> {
    let mut district = org("d", "District", "district", None);
    district.children = vec!["s1".into(), "s3".into(), "ghost".into()];
    vec![
        district,
        org("s1", "North School", "school", Some("d")),
        org("s2", "South School", "SCHOOL", Some("d")),
        // Listed by the district, naming no parent itself: the district's child.
        org("s3", "East School", "school", None),
        org("dept", "Science Department", "department", Some("s1")),
        org("lost", "Lost School", "school", Some("gone")),
        org("c1", "Loop A", "local", Some("c2")),
        org("c2", "Loop B", "local", Some("c1")),
        org("self", "Own Parent", "local", Some("self")),
        org("s1", "Duplicate", "school", None),
    ]
}

#[test]
fn the_hierarchy_is_a_forest_with_problems_reported() {
    let h = OrgHierarchy::new(orgs());
    assert_eq!(h.len(), 9);
    assert_eq!(h.duplicates, ["s1"]);
    assert_eq!(h.roots, ["d", "lost"], "sorted by name");
    assert_eq!((h.orphans[0].org.as_str(), h.orphans[0].missing_parent.as_str()), ("lost", "gone"));
    assert_eq!(h.cycles, [vec!["c1".to_owned(), "c2".to_owned()], vec!["self".to_owned()]]);
    assert_eq!(h.unknown_children, [("d".to_owned(), "ghost".to_owned())]);
    let children: Vec<&str> = h.children("d").iter().map(|o| o.id.as_str()).collect();
    assert_eq!(children, ["s3", "s1", "s2"], "East, North, South");
    assert_eq!(h.parent("dept").unwrap().id, "s1");
    let ancestors: Vec<&str> = h.ancestors("dept").iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ancestors, ["s1", "d"]);
    let loop_ancestors: Vec<&str> = h.ancestors("c1").iter().map(|o| o.id.as_str()).collect();
    assert_eq!(loop_ancestors, ["c2"], "stops where the cycle closes");
    let subtree: Vec<&str> = h.subtree("d").iter().map(|o| o.id.as_str()).collect();
    assert_eq!(subtree, ["d", "s3", "s1", "dept", "s2"]);
    let outline: Vec<(&str, usize)> = h.outline_order().iter().map(|(o, d)| (o.id.as_str(), *d)).collect();
    assert_eq!(
        outline,
        [("d", 0), ("s3", 1), ("s1", 1), ("dept", 2), ("s2", 1), ("lost", 0), ("c1", 0), ("c2", 1), ("self", 0)]
    );
}

#[test]
fn children_lists_that_disagree_are_reported_not_followed() {
    let mut a = org("a", "A", "district", None);
    a.children = vec!["x".into(), "y".into()];
    let mut b = org("b", "B", "district", None);
    b.children = vec!["y".into()];
    let h = OrgHierarchy::new([a, b, org("x", "X", "school", Some("b")), org("y", "Y", "school", None)]);
    assert_eq!(h.parent("x").unwrap().id, "b", "the child's own parent decides");
    assert_eq!(h.parent("y").unwrap().id, "a", "the first list (by name) takes a child that names no parent");
    let conflicts: Vec<_> =
        h.conflicts.iter().map(|c| (c.org.as_str(), c.parent.as_deref(), c.listed_by.as_str())).collect();
    assert_eq!(conflicts, [("x", Some("b"), "a"), ("y", Some("a"), "b")]);
}

fn roster() -> RosterGraph {
    let classes = vec![
        class("k1", "Physics", "phy", "s1", &["t1"]),
        class("k2", "Algebra", "alg", "s1", &["t1", "t2"]),
        class("k3", "Biology", "bio", "dept", &["t2"]),
        class("k4", "History", "his", "s2", &[]),
        ClassRecord { inactive: true, ..class("k5", "Closed", "phy", "s2", &["t1"]) },
    ];
    let mut primary = enrol("e1", "teach-1", "k1", "teacher");
    primary.primary = Some(true);
    let enrollments = vec![
        primary,
        enrol("e2", "stud-1", "k1", "student"),
        enrol("e3", "stud-2", "k1", "Student"),
        enrol("e4", "stud-1", "k2", "student"),
        enrol("e5", "teach-1", "k2", "teacher"),
        enrol("e6", "stud-3", "k3", "student"),
        enrol("e7", "aide-1", "k3", "aide"),
        enrol("e8", "stud-4", "k4", "student"),
        EnrollmentRecord { inactive: true, ..enrol("e9", "stud-5", "k4", "student") },
        enrol("e10", "stud-6", "k5", "student"),
        EnrollmentRecord { school: Some("s3".into()), ..enrol("e11", "stud-7", "k-missing", "student") },
    ];
    RosterGraph::new(orgs(), classes, enrollments)
}

#[test]
fn class_membership_queries() {
    let r = roster();
    let m = &r.membership;
    assert_eq!(m.unknown_classes, ["k-missing"]);
    assert_eq!(m.user_count(), 9);
    let members: Vec<(&str, &str)> =
        m.members("k1", None).iter().map(|e| (e.role.as_deref().unwrap(), e.user.as_str())).collect();
    assert_eq!(members, [("student", "stud-1"), ("Student", "stud-2"), ("teacher", "teach-1")]);
    let students: Vec<&str> = m.members("k1", Some("STUDENT")).iter().map(|e| e.user.as_str()).collect();
    assert_eq!(students, ["stud-1", "stud-2"]);
    assert_eq!(m.members("k1", Some("teacher"))[0].primary, Some(true));
    let counts = m.member_counts("k4");
    assert_eq!(counts.get("student"), Some(&1), "the inactive enrollment does not count");
    let of_user: Vec<&str> = m.classes_of_user("teach-1").iter().map(|e| e.class.as_str()).collect();
    assert_eq!(of_user, ["k1", "k2"]);
    let of_school: Vec<&str> = m.classes_of_school("s1").iter().map(|c| c.id.as_str()).collect();
    assert_eq!(of_school, ["k2", "k1"], "Algebra before Physics");
    let of_course: Vec<&str> = m.classes_of_course("phy").iter().map(|c| c.id.as_str()).collect();
    assert_eq!(of_course, ["k5", "k1"]);
    let of_term: Vec<&str> = m.classes_of_term("t2").iter().map(|c| c.id.as_str()).collect();
    assert_eq!(of_term, ["k2", "k3"]);
    assert!(m.class("k-missing").is_none());
    assert_eq!(m.graph().edge_count(), 11);
}

#[test]
fn counts_add_up_the_hierarchy() {
    let r = roster();
    let counts = r.counts();
    let c = |id: &str| {
        let c = &counts[id];
        (c.children, c.schools, c.classes, c.students, c.teachers, c.others)
    };
    // District: schools s1, s2, s3 (dept is not a school); classes k1-k4 (k5 is inactive);
    // students 1, 2, 3, 4 and 7 (via e11's own school); teacher 1; aide 1.
    assert_eq!(c("d"), (3, 3, 4, 5, 1, 1));
    assert_eq!(c("s1"), (1, 1, 3, 3, 1, 1));
    assert_eq!(c("dept"), (0, 0, 1, 1, 0, 1));
    assert_eq!(c("s2"), (0, 1, 1, 1, 0, 0));
    assert_eq!(c("s3"), (0, 1, 0, 1, 0, 0));
    assert_eq!(c("lost"), (0, 1, 0, 0, 0, 0));
    let outline = r.outline();
    assert_eq!(outline.len(), 9);
    assert_eq!((outline[0].org.id.as_str(), outline[0].depth, outline[0].counts.students), ("d", 0, 5));
    let json = serde_json::to_value(&outline[3]).unwrap();
    assert_eq!(
        (json["id"].as_str(), json["type"].as_str(), json["depth"].as_u64()),
        (Some("dept"), Some("department"), Some(2))
    );
    assert_eq!(json["counts"]["classes"], 1);
}
