//! The gradebook service's writes: PUT creates or replaces the record with the path's
//! sourcedId, POST creates records with allocated sourcedIds and answers the pairs, DELETE
//! removes. Bodies are validated strictly and their references must exist, else 422; the
//! server sets `dateLastModified`. What deployed clients send short is repaired (see `repair`)
//! and reported in `X-Status` warnings, unless the sandbox has strict writes.

use cairn_spec::registry::class;
use cairn_spec::{CodeMinor, Collection, Issue, Service, StatusInfo};
use serde_json::{Map, Value, json};

use super::lookup::{one, one_where, ref_ids};
use super::repair::{Repair, repair};
use super::response::{ApiError, Response, SYSTEM};
use super::route::Call;
use crate::dataset::Dataset;
use crate::state::Sandbox;

use Collection::{
    AcademicSessions, AssessmentLineItems, AssessmentResults, Categories, Classes, Courses, LineItems, Orgs, Results,
    ScoreScales, Users,
};

/// How many violations a 422 description lists.
const LISTED: usize = 10;

pub(crate) fn handle(sandbox: &Sandbox, call: &Call<'_>) -> Result<Response, ApiError> {
    let p = |i: usize| call.params.get(i).map(String::as_str).unwrap_or_default();
    match call.op.name {
        "putLineItem" => put(sandbox, call, LineItems, p(0)),
        "putResult" => put(sandbox, call, Results, p(0)),
        "putCategory" => put(sandbox, call, Categories, p(0)),
        "putScoreScale" => put(sandbox, call, ScoreScales, p(0)),
        "putAssessmentLineItem" => put(sandbox, call, AssessmentLineItems, p(0)),
        "putAssessmentResult" => put(sandbox, call, AssessmentResults, p(0)),
        "deleteLineItem" => delete(sandbox, LineItems, "line item", p(0)),
        "deleteResult" => delete(sandbox, Results, "result", p(0)),
        "deleteCategory" => delete(sandbox, Categories, "category", p(0)),
        "deleteScoreScale" => delete(sandbox, ScoreScales, "score scale", p(0)),
        "deleteAssessmentLineItem" => delete(sandbox, AssessmentLineItems, "assessment line item", p(0)),
        "deleteAssessmentResult" => delete(sandbox, AssessmentResults, "assessment result", p(0)),
        "postLineItemsForClass" => {
            let class = one(&sandbox.read(), Classes, "class", p(0))?.clone();
            post(sandbox, call, LineItems, &[("class", p(0), "classes", "class")], school_of(&class))
        }
        "postLineItemsForSchool" => {
            one_where(&sandbox.read(), Orgs, "school", p(0), "type", "school")?;
            post(sandbox, call, LineItems, &[("school", p(0), "orgs", "org")], None)
        }
        "postResultsForLineItem" => {
            one(&sandbox.read(), LineItems, "line item", p(0))?;
            post(sandbox, call, Results, &[("lineItem", p(0), "lineItems", "lineItem")], None)
        }
        "postResultsForAcademicSessionForClass" => {
            {
                let data = sandbox.read();
                one(&data, Classes, "class", p(0))?;
                one(&data, AcademicSessions, "academic session", p(1))?;
            }
            post(sandbox, call, Results, &[("class", p(0), "classes", "class")], None)
        }
        other => Err(ApiError::new(CodeMinor::InternalServerError, format!("{other} has no handler"))),
    }
}

fn school_of(class: &Value) -> Option<String> {
    ref_ids(class, "school").into_iter().next()
}

/// Parses a JSON body and takes the wrapper's property.
fn wrapped(body: &[u8], wrapper: &str) -> Result<Value, ApiError> {
    if body.is_empty() {
        return Err(ApiError::invalid(format!("a request body {{\"{wrapper}\": ...}} is required")));
    }
    let mut value: Value = serde_json::from_slice(body).map_err(|e| {
        ApiError::invalid(format!("the body is not JSON: line {}, column {}: {e}", e.line(), e.column()))
    })?;
    value
        .as_object_mut()
        .and_then(|m| m.remove(wrapper))
        .ok_or_else(|| ApiError::invalid(format!("the body must be an object with the property {wrapper:?}")))
}

/// Validates one record strictly, repairing first (unless writes are strict) what deployed
/// clients send short; the repairs made, or the remaining issues as a 422.
fn validate(sandbox: &Sandbox, collection: Collection, record: &mut Value, at: &str) -> Result<Vec<Repair>, ApiError> {
    let mut issues = issues_of(collection, record, at)?;
    let mut repairs = Vec::new();
    if !sandbox.strict_writes && !issues.is_empty() {
        repairs = repair(sandbox, record, &issues, at, references(collection));
        if !repairs.is_empty() {
            issues = issues_of(collection, record, at)?;
        }
    }
    if issues.is_empty() {
        return Ok(repairs);
    }
    let name = collection.shape().name;
    let listed: Vec<String> =
        issues.iter().take(LISTED).map(|i| format!("{}{}: {}", at, &i.path[1..], refusal(i))).collect();
    let more = issues.len().saturating_sub(LISTED);
    Err(ApiError::invalid(format!(
        "the {name} is not valid: {}{}",
        listed.join("; "),
        if more > 0 { format!("; and {more} more") } else { String::new() }
    )))
}

/// The issues of a record (without `dateLastModified`, the server's to set).
fn issues_of(collection: Collection, record: &Value, at: &str) -> Result<Vec<Issue>, ApiError> {
    let name = collection.shape().name;
    let entry = class(name).ok_or_else(|| ApiError::new(CodeMinor::InternalServerError, format!("no class {name}")))?;
    match (entry.check)(record.clone()) {
        Ok((_, issues)) => Ok(issues.into_iter().filter(|i| i.path != "$.dateLastModified").collect()),
        Err(other) => Err(ApiError::invalid(format!(
            "{at}: expected a {name} object, found {}",
            cairn_spec::wire::json_type(&other)
        ))),
    }
}

/// What a refused body did wrong, in words that describe the body: reading's tolerant
/// messages end with what reading would do instead ("; read as UTC", "; its date part is
/// used"), which a refusal leaves out.
fn refusal(issue: &Issue) -> &str {
    const TOLERANT: [&str; 3] = ["read as ", "its date part is used", "kept as given"];
    match issue.message.rsplit_once("; ") {
        Some((what, tail)) if TOLERANT.iter().any(|t| tail.starts_with(t)) => what,
        _ => &issue.message,
    }
}

/// The answer to a write, with a warning status object per repair; each repair is logged too.
fn answered(sandbox: &Sandbox, call: &Call<'_>, mut response: Response, repairs: &[Repair]) -> Response {
    let names = sandbox.dialect.status_names(Service::Gradebook);
    for repaired in repairs {
        if let Some(log) = &sandbox.repair_log {
            log(&format!("{} {}: repaired {repaired}", call.op.method.as_str(), call.path_and_query));
        }
        let status = StatusInfo {
            code_major: "success".into(),
            severity: "warning".into(),
            description: Some(format!("repaired {repaired}")),
            code_minor: vec![(SYSTEM.to_owned(), CodeMinor::InvalidData.as_str().to_owned())],
        };
        response = response.with_header("X-Status", status.to_json(names).to_string());
    }
    response
}

/// The references a record of `collection` makes, which must exist: (field, collection, what).
fn references(collection: Collection) -> &'static [(&'static str, Collection, &'static str)] {
    match collection {
        LineItems => &[
            ("class", Classes, "class"),
            ("school", Orgs, "school"),
            ("category", Categories, "category"),
            ("gradingPeriod", AcademicSessions, "grading period"),
            ("academicSession", AcademicSessions, "academic session"),
            ("scoreScale", ScoreScales, "score scale"),
        ],
        Results => &[
            ("lineItem", LineItems, "line item"),
            ("student", Users, "student"),
            ("class", Classes, "class"),
            ("scoreScale", ScoreScales, "score scale"),
        ],
        ScoreScales => &[("class", Classes, "class"), ("course", Courses, "course")],
        AssessmentLineItems => &[
            ("class", Classes, "class"),
            ("parentAssessmentLineItem", AssessmentLineItems, "assessment line item"),
            ("scoreScale", ScoreScales, "score scale"),
        ],
        AssessmentResults => &[
            ("assessmentLineItem", AssessmentLineItems, "assessment line item"),
            ("student", Users, "student"),
            ("scoreScale", ScoreScales, "score scale"),
        ],
        _ => &[],
    }
}

fn check_references(
    data: &Dataset,
    collection: Collection,
    record: &Value,
    at: &str,
    pending: &[Value],
) -> Result<(), ApiError> {
    for (field, target, what) in references(collection) {
        for id in ref_ids(record, field) {
            let in_batch = *target == collection
                && pending.iter().any(|p| p.get("sourcedId").and_then(Value::as_str) == Some(&id));
            if !data.table(*target).contains(&id) && !in_batch {
                return Err(ApiError::invalid(format!("{at}.{field}: no {what} with sourcedId {id:?}")));
            }
        }
    }
    Ok(())
}

/// The current time as the specification writes it: `YYYY-MM-DDThh:mm:ss.sssZ`.
pub(crate) fn timestamp(sandbox: &Sandbox) -> String {
    cairn_spec::time::timestamp(sandbox.clock.now())
}

fn put(sandbox: &Sandbox, call: &Call<'_>, collection: Collection, id: &str) -> Result<Response, ApiError> {
    let wrapper = collection.single().unwrap_or_default();
    let mut record = wrapped(call.body, wrapper)?;
    let at = format!("$.{wrapper}");
    match record.get("sourcedId").and_then(Value::as_str) {
        Some(given) if given == id => {}
        Some(given) => {
            return Err(ApiError::invalid(format!(
                "{at}.sourcedId is {given:?} but the path names {id:?}: they must be equal"
            )));
        }
        None => return Err(ApiError::invalid(format!("{at}.sourcedId is required and must equal the path's {id:?}"))),
    }
    stamp(sandbox, &mut record);
    let repairs = validate(sandbox, collection, &mut record, &at)?;
    check_references(&sandbox.read(), collection, &record, &at, &[])?;
    sandbox.change(vec![(collection, record)], Vec::new()).map_err(internal)?;
    Ok(answered(sandbox, call, Response::empty(201), &repairs))
}

fn stamp(sandbox: &Sandbox, record: &mut Value) {
    if let Some(map) = record.as_object_mut() {
        map.insert("dateLastModified".into(), Value::String(timestamp(sandbox)));
    }
}

fn internal(error: crate::state::SandboxError) -> ApiError {
    ApiError::new(CodeMinor::InternalServerError, format!("the sandbox could not store the change: {error}"))
}

fn delete(sandbox: &Sandbox, collection: Collection, what: &str, id: &str) -> Result<Response, ApiError> {
    if !sandbox.read().table(collection).contains(id) {
        return Err(ApiError::unknown(what, id));
    }
    sandbox.change(Vec::new(), vec![(collection, id.to_owned())]).map_err(internal)?;
    Ok(Response::empty(204))
}

/// POST: every record is validated (with the path's context filled in where absent) before any
/// is stored; each gets a fresh sourcedId.
fn post(
    sandbox: &Sandbox,
    call: &Call<'_>,
    collection: Collection,
    context: &[(&str, &str, &str, &str)],
    school: Option<String>,
) -> Result<Response, ApiError> {
    let wrapper = collection.name();
    let records = wrapped(call.body, wrapper)?;
    let Value::Array(records) = records else {
        return Err(ApiError::invalid(format!("$.{wrapper} must be an array")));
    };
    let mut pairs = Vec::with_capacity(records.len());
    let mut repairs = Vec::new();
    let mut stored = Vec::with_capacity(records.len());
    for (index, mut record) in records.into_iter().enumerate() {
        let at = format!("$.{wrapper}[{index}]");
        let supplied = record.get("sourcedId").and_then(Value::as_str).map(str::to_owned).ok_or_else(|| {
            ApiError::invalid(format!("{at}.sourcedId is required (it is paired with the allocated one)"))
        })?;
        let Some(map) = record.as_object_mut() else {
            return Err(ApiError::invalid(format!("{at} must be an object")));
        };
        let mut fill = |field: &str, id: &str, path: &str, kind: &str| -> Result<(), ApiError> {
            match map.get(field).and_then(|r| r.get("sourcedId")).and_then(Value::as_str) {
                Some(given) if given != id => {
                    Err(ApiError::invalid(format!("{at}.{field} is {given:?} but the path names {id:?}")))
                }
                Some(_) => Ok(()),
                None => {
                    let base = sandbox.dialect.base_path(collection.service());
                    let rostering = sandbox.dialect.base_path(cairn_spec::Service::Rostering);
                    let service = if path == "lineItems" { base } else { rostering };
                    map.insert(
                        field.into(),
                        json!({"href": format!("{}{service}/{path}/{id}", sandbox.base_url), "sourcedId": id, "type": kind}),
                    );
                    Ok(())
                }
            }
        };
        for (field, id, path, kind) in context {
            fill(field, id, path, kind)?;
        }
        if let Some(school) = &school {
            fill("school", school, "orgs", "org")?;
        }
        let allocated = uuid(sandbox);
        map.insert("sourcedId".into(), Value::String(allocated.clone()));
        stamp(sandbox, &mut record);
        repairs.extend(validate(sandbox, collection, &mut record, &at)?);
        check_references(&sandbox.read(), collection, &record, &at, &stored)?;
        pairs.push(json!({"suppliedSourcedId": supplied, "allocatedSourcedId": allocated}));
        stored.push(record);
    }
    sandbox.change(stored.into_iter().map(|r| (collection, r)).collect(), Vec::new()).map_err(internal)?;
    let mut body = Map::new();
    body.insert("sourcedIdPairs".into(), Value::Array(pairs));
    Ok(answered(sandbox, call, Response::json(201, &Value::Object(body)), &repairs))
}

/// A version-4 UUID from the sandbox's random source.
pub(crate) fn uuid(sandbox: &Sandbox) -> String {
    let mut b = [0u8; 16];
    sandbox.entropy.fill(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}
