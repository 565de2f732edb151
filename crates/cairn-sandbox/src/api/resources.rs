//! The resources service's five operations: resources, and those a class, course or user lists.

use cairn_spec::{Collection, Service};

use super::listing::{Candidates, list, single};
use super::lookup::{by_ids, one, ref_ids};
use super::response::{ApiError, Response};
use super::route::Call;
use crate::state::Sandbox;

pub(crate) fn handle(sandbox: &Sandbox, call: &Call<'_>) -> Result<Response, ApiError> {
    let data = sandbox.read();
    let names = sandbox.dialect.status_names(Service::Resources);
    let p = call.params.first().map(String::as_str).unwrap_or_default();
    let resources = Collection::Resources;
    let listed_by = |owner: Collection, what: &str| -> Result<Response, ApiError> {
        let record = one(&data, owner, what, p)?;
        let found = by_ids(data.table(resources), ref_ids(record, "resources"));
        list(Candidates::These(found), resources, call, names)
    };
    match call.op.name {
        "getAllResources" => list(Candidates::All(data.table(resources)), resources, call, names),
        "getResource" => Ok(single(one(&data, resources, "resource", p)?, resources, call)),
        "getResourcesForClass" => listed_by(Collection::Classes, "class"),
        "getResourcesForCourse" => listed_by(Collection::Courses, "course"),
        "getResourcesForUser" => listed_by(Collection::Users, "user"),
        other => Err(ApiError::new(cairn_spec::CodeMinor::InternalServerError, format!("{other} has no handler"))),
    }
}
