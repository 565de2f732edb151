//! users.csv rows as `User` records: roles from 1.1's `role` + `orgSourcedIds` and from 1.2's
//! roles.csv, profiles from userProfiles.csv, `userIds` from `{type:identifier}` pairs.

use cairn_spec::Collection;
use cairn_spec::roster::RoleName;
use serde_json::{Map, Value};

use super::cells::{Cells, array, put};
use super::files::Join;
use super::state::State;
use super::values::{self, Parsed};

/// A users.csv row.
pub(crate) fn user(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "userMasterIdentifier", cells.text("userMasterIdentifier"));
    put(&mut map, "username", cells.text("username"));
    put(&mut map, "userIds", user_ids(cells));
    put(&mut map, "enabledUser", cells.boolean("enabledUser", "enabledUser"));
    put(&mut map, "givenName", cells.text("givenName"));
    put(&mut map, "familyName", cells.text("familyName"));
    put(&mut map, "middleName", cells.text("middleName"));
    put(&mut map, "preferredFirstName", cells.text("preferredGivenName"));
    put(&mut map, "preferredMiddleName", cells.text("preferredMiddleName"));
    put(&mut map, "preferredLastName", cells.text("preferredFamilyName"));
    put(&mut map, "pronouns", cells.text("pronouns"));
    put(&mut map, "roles", roles(state, cells, id));
    let profiles = state.joined(Join::Profiles, id);
    if profiles.warned {
        cells.explain("userProfiles");
    }
    put(&mut map, "userProfiles", array(profiles.values));
    put(&mut map, "primaryOrg", state.reference(cells, "primaryOrgSourcedId", Collection::Orgs));
    put(&mut map, "identifier", cells.text("identifier"));
    put(&mut map, "email", cells.text("email"));
    put(&mut map, "sms", cells.text("sms"));
    put(&mut map, "phone", cells.text("phone"));
    let agents = state.references(cells, "agentSourcedIds", Collection::Users);
    put(&mut map, "agents", array(agents));
    put(&mut map, "grades", cells.list("grades"));
    put(&mut map, "password", cells.text("password"));
    let resources = state.references(cells, "resourceSourcedIds", Collection::Resources);
    put(&mut map, "resources", state.linked_resources(cells, Join::UserResources, id, resources));
    map
}

/// `userIds` from `{type:identifier},...`; unreadable lists are left out.
fn user_ids(cells: &mut Cells<'_>) -> Option<Value> {
    let given = cells.get("userIds")?.to_owned();
    match values::pairs(&given) {
        Ok(pairs) => array(
            pairs
                .into_iter()
                .map(|(kind, identifier)| {
                    let mut map = Map::new();
                    map.insert("type".into(), Value::String(kind));
                    map.insert("identifier".into(), Value::String(identifier));
                    Value::Object(map)
                })
                .collect(),
        ),
        Err(reason) => {
            cells.warn("userIds", format!("{reason}; left out"));
            cells.explain("userIds");
            None
        }
    }
}

/// The user's roles: one primary role per org of 1.1's `orgSourcedIds`, then roles.csv's rows.
fn roles(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Option<Value> {
    let mut roles = Vec::new();
    let orgs: Vec<String> = cells.get("orgSourcedIds").map(values::list).unwrap_or_default();
    match (cells.get("role").map(str::to_owned), orgs.is_empty()) {
        (Some(role), false) => {
            let admin = role.eq_ignore_ascii_case("administrator");
            let parsed = if admin { Parsed::Exact(String::new()) } else { values::term::<RoleName>(&role) };
            if let Some(name) = cells.take("role", "roles", parsed) {
                for org in &orgs {
                    let name = if admin { administrator(state, org) } else { name.clone() };
                    let mut map = Map::new();
                    map.insert("roleType".into(), Value::String("primary".into()));
                    map.insert("role".into(), Value::String(name));
                    put(&mut map, "org", state.reference_to(cells, "orgSourcedIds", Collection::Orgs, org));
                    roles.push(Value::Object(map));
                }
            }
        }
        (Some(_), true) => {
            cells.warn("orgSourcedIds", "empty; a role needs an org, so role is not used");
            cells.explain("roles");
        }
        (None, false) => {
            cells.warn("role", "empty; orgSourcedIds need a role, so they are not used");
            cells.explain("roles");
        }
        (None, true) => {}
    }
    let joined = state.joined(Join::Roles, id);
    if joined.warned {
        cells.explain("roles");
    }
    roles.extend(joined.values);
    if roles.is_empty() && !cells.explained.contains(&"roles") {
        if cells.header.has("role") {
            cells.warn("role", "empty; roles is required, left out");
        } else if state.joins.has(Join::Roles) {
            cells.warn_row("no role for this user in roles.csv; roles is required, left out");
        } else {
            cells.warn_row("no role column and no roles.csv in the bundle; roles is required, left out");
        }
        cells.explain("roles");
    }
    array(roles)
}

/// 1.1's `administrator` at `org` as a 1.2 term: `districtAdministrator` at a district,
/// `siteAdministrator` elsewhere.
fn administrator(state: &State<'_>, org: &str) -> String {
    let district = state.org_types.get(org).is_some_and(|t| t == "district");
    if district { "districtAdministrator" } else { "siteAdministrator" }.to_owned()
}
