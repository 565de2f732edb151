//! enrollments.csv and demographics.csv rows as `Enrollment` and `Demographics` records.

use cairn_spec::Collection;
use cairn_spec::roster::{EnrolRole, Gender};
use serde_json::{Map, Value};

use super::cells::{Cells, put};
use super::state::State;

/// An enrollments.csv row.
pub(crate) fn enrollment(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "user", state.reference(cells, "userSourcedId", Collection::Users));
    put(&mut map, "class", state.reference(cells, "classSourcedId", Collection::Classes));
    put(&mut map, "school", state.reference(cells, "schoolSourcedId", Collection::Orgs));
    put(&mut map, "role", cells.term::<EnrolRole>("role", "role"));
    put(&mut map, "primary", cells.boolean("primary", "primary"));
    put(&mut map, "beginDate", cells.date("beginDate", "beginDate"));
    put(&mut map, "endDate", cells.date("endDate", "endDate"));
    map
}

/// The race and ethnicity flags of demographics.csv.
const FLAGS: [&str; 7] = [
    "americanIndianOrAlaskaNative",
    "asian",
    "blackOrAfricanAmerican",
    "nativeHawaiianOrOtherPacificIslander",
    "white",
    "demographicRaceTwoOrMoreRaces",
    "hispanicOrLatinoEthnicity",
];

/// A demographics.csv row; its sourcedId must be a user's.
pub(crate) fn demographics(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    if let Some(reason) = state.check(cells.file, cells.line, "sourcedId", Collection::Users, id) {
        let reason = reason.replace("reference kept", "a demographics record's sourcedId must be its user's; kept");
        cells.warn("sourcedId", reason);
    }
    let mut map = cells.common(id);
    put(&mut map, "birthDate", cells.date("birthDate", "birthDate"));
    put(&mut map, "sex", cells.term::<Gender>("sex", "sex"));
    for flag in FLAGS {
        put(&mut map, flag, cells.boolean(flag, flag));
    }
    for text in ["countryOfBirthCode", "stateOfBirthAbbreviation", "cityOfBirth", "publicSchoolResidenceStatus"] {
        put(&mut map, text, cells.text(text));
    }
    map
}
