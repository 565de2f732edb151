//! courses.csv and classes.csv rows as `Course` and `Class` records.

use cairn_spec::Collection;
use cairn_spec::roster::ClassType;
use serde_json::{Map, Value};

use super::cells::{Cells, array, put};
use super::files::Join;
use super::state::State;

/// A courses.csv row.
pub(crate) fn course(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "schoolYear", state.reference(cells, "schoolYearSourcedId", Collection::AcademicSessions));
    put(&mut map, "courseCode", cells.text("courseCode"));
    put(&mut map, "grades", cells.list("grades"));
    put(&mut map, "subjects", cells.list("subjects"));
    put(&mut map, "org", state.reference(cells, "orgSourcedId", Collection::Orgs));
    put(&mut map, "subjectCodes", cells.list("subjectCodes"));
    put(&mut map, "resources", state.linked_resources(cells, Join::CourseResources, id, Vec::new()));
    map
}

/// A classes.csv row; notes the class's school for line items that do not name one.
pub(crate) fn class(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "classCode", cells.text("classCode"));
    put(&mut map, "classType", cells.term::<ClassType>("classType", "classType"));
    put(&mut map, "location", cells.text("location"));
    put(&mut map, "grades", cells.list("grades"));
    put(&mut map, "subjects", cells.list("subjects"));
    put(&mut map, "course", state.reference(cells, "courseSourcedId", Collection::Courses));
    put(&mut map, "school", state.reference(cells, "schoolSourcedId", Collection::Orgs));
    let terms = state.references(cells, "termSourcedIds", Collection::AcademicSessions);
    put(&mut map, "terms", array(terms));
    put(&mut map, "subjectCodes", cells.list("subjectCodes"));
    put(&mut map, "periods", cells.list("periods"));
    put(&mut map, "resources", state.linked_resources(cells, Join::ClassResources, id, Vec::new()));
    if let Some(school) = cells.get("schoolSourcedId") {
        state.class_schools.insert(id.to_owned(), school.to_owned());
    }
    map
}
