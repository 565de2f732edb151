//! Join rows as parts of records: a roles.csv row as a `Role`, a userProfiles.csv row as a
//! `UserProfile`, resource and score scale links as GUIDRefs, learning objective rows.

use cairn_spec::gradebook::LearningObjectiveSource;
use cairn_spec::roster::{RoleName, RoleType};
use cairn_spec::scalar::is_uuid;
use cairn_spec::{BaseStatus, Collection, roster};
use serde_json::{Map, Value};

use super::cells::{Cells, put};
use super::files::{FileSpec, Join};
use super::joins::Entry;
use super::refs::is_absolute_uri;
use super::state::{State, check, explain};
use super::values::{self, Parsed};

/// The column naming the record a join row belongs to.
pub(crate) fn owner_column(join: Join) -> &'static str {
    match join {
        Join::Roles | Join::Profiles | Join::UserResources => "userSourcedId",
        Join::ClassResources => "classSourcedId",
        Join::CourseResources => "courseSourcedId",
        Join::LineItemScoreScales | Join::LineItemObjectives => "lineItemSourcedId",
        Join::ResultScoreScales | Join::ResultObjectives => "resultSourcedId",
    }
}

/// Reads a join row: its owner and what it becomes (marked `warned` when it is not strictly
/// valid, which a warning then says); `None` (with a warning) when it has no owner or is
/// flagged for deletion.
pub(crate) fn build(
    state: &mut State<'_>,
    join: Join,
    spec: &FileSpec,
    cells: &mut Cells<'_>,
) -> Option<(String, Entry)> {
    let what = super::joins::owner(join).1;
    let owner_col = owner_column(join);
    let Some(owner) = cells.get(owner_col).map(str::to_owned) else {
        cells.warn(owner_col, format!("empty; {what} skipped"));
        return None;
    };
    if let Some(status) = cells.get("status")
        && let Parsed::Exact(s) | Parsed::Fixed(s, _) = values::term::<BaseStatus>(status)
        && s == "tobedeleted"
    {
        cells.warn("status", format!("{status:?}: the {what} is to be deleted; left out"));
        return None;
    }
    let mut refs = Vec::new();
    let value = match join {
        Join::Roles => role(state, cells, &mut refs),
        Join::Profiles => profile(state, cells)?,
        Join::ClassResources | Join::CourseResources | Join::UserResources => {
            link(state, cells, "resourceSourcedId", Collection::Resources, &mut refs)?
        }
        Join::LineItemScoreScales | Join::ResultScoreScales => {
            link(state, cells, "scoreScaleSourcedId", Collection::ScoreScales, &mut refs)?
        }
        Join::LineItemObjectives | Join::ResultObjectives => objective(cells, join)?,
    };
    let issues = match join {
        Join::Roles => check::<roster::Role>(&value),
        Join::Profiles => check::<roster::UserProfile>(&value),
        _ => Vec::new(),
    };
    for issue in &issues {
        explain(cells, spec, issue);
    }
    let warned = !issues.is_empty() || !cells.explained.is_empty();
    Some((owner, Entry { line: cells.line, value, refs, warned }))
}

/// A `Role` from a roles.csv row.
fn role(state: &mut State<'_>, cells: &mut Cells<'_>, refs: &mut Vec<(String, Collection, String)>) -> Value {
    let mut map = Map::new();
    put(&mut map, "roleType", cells.term::<RoleType>("roleType", "roleType"));
    put(&mut map, "role", cells.term::<RoleName>("role", "role"));
    if let Some(org) = cells.get("orgSourcedId").map(str::to_owned) {
        refs.push((cells.header.given("orgSourcedId").to_owned(), Collection::Orgs, org.clone()));
        map.insert("org".into(), state.hrefs.guid(Collection::Orgs, &org));
    }
    if let Some(profile) = cells.get("userProfileSourcedId").map(str::to_owned) {
        let uri = state.joins.profile_ids.get(&profile).cloned();
        if uri.is_none() && state.joins.has(Join::Profiles) {
            cells.warn(
                "userProfileSourcedId",
                format!("no user profile {profile:?} in userProfiles.csv; reference kept"),
            );
        }
        let uri = uri.unwrap_or_else(|| profile_id(state, &profile));
        map.insert("userProfile".into(), Value::String(uri));
    }
    put(&mut map, "beginDate", cells.date("beginDate", "beginDate"));
    put(&mut map, "endDate", cells.date("endDate", "endDate"));
    Value::Object(map)
}

/// The profileId of the user profile `id`: the sourcedId when it is a URI, else a URI under
/// the import's base.
fn profile_id(state: &State<'_>, id: &str) -> String {
    if is_absolute_uri(id) { id.to_owned() } else { state.hrefs.profile_uri(id) }
}

/// A `UserProfile` from a userProfiles.csv row (its credential from the same row).
fn profile(state: &mut State<'_>, cells: &mut Cells<'_>) -> Option<Value> {
    let Some(id) = cells.get("sourcedId").map(str::to_owned) else {
        cells.warn("sourcedId", "empty; user profile skipped");
        return None;
    };
    let profile_id = profile_id(state, &id);
    if state.joins.profile_ids.insert(id.clone(), profile_id.clone()).is_some() {
        cells.warn_row(format!("user profile {id:?} was already given; this row is a second profile"));
    }
    let mut map = Map::new();
    map.insert("profileId".into(), Value::String(profile_id));
    put(&mut map, "profileType", cells.text("profileType"));
    put(&mut map, "vendorId", cells.text("vendorId"));
    put(&mut map, "applicationId", cells.text("applicationId"));
    put(&mut map, "description", cells.text("description"));
    if ["credentialType", "username", "password"].iter().any(|c| cells.get(c).is_some()) {
        let mut credential = Map::new();
        put(&mut credential, "type", cells.text("credentialType"));
        put(&mut credential, "username", cells.text("username"));
        put(&mut credential, "password", cells.text("password"));
        map.insert("credentials".into(), Value::Array(vec![Value::Object(credential)]));
    }
    Some(Value::Object(map))
}

/// A GUIDRef to the record named in `column`.
fn link(
    state: &mut State<'_>,
    cells: &mut Cells<'_>,
    column: &str,
    target: Collection,
    refs: &mut Vec<(String, Collection, String)>,
) -> Option<Value> {
    let Some(id) = cells.get(column).map(str::to_owned) else {
        cells.warn(column, "empty; row skipped");
        return None;
    };
    refs.push((cells.header.given(column).to_owned(), target, id.clone()));
    Some(state.hrefs.guid(target, &id))
}

/// A learning objective: `{source, learningObjectiveId}` (and a result's `score`, `textScore`).
fn objective(cells: &mut Cells<'_>, join: Join) -> Option<Value> {
    let source = cells.term::<LearningObjectiveSource>("source", "source");
    let id = cells.text("learningObjectiveId");
    let (Some(source), Some(id)) = (source, id) else {
        if cells.get("learningObjectiveId").is_none() {
            cells.warn("learningObjectiveId", "empty; row skipped");
        } else if cells.get("source").is_none() {
            cells.warn("source", "empty; row skipped");
        }
        return None;
    };
    if source == "case" && id.as_str().is_some_and(|i| !is_uuid(i)) {
        cells.warn("learningObjectiveId", format!("{id} is not a UUID, which CASE identifiers must be; kept"));
        cells.explain("learningObjectiveId");
    }
    let mut map = Map::new();
    map.insert("source".into(), source);
    map.insert("learningObjectiveId".into(), id);
    if join == Join::ResultObjectives {
        put(&mut map, "score", cells.number("score", "score"));
        put(&mut map, "textScore", cells.text("textScore"));
    }
    Some(Value::Object(map))
}
