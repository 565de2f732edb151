//! The gradebook service's 21 read operations. A class's results are those that name the class
//! or belong to one of its line items; its categories are those its line items use.

use std::sync::Arc;

use cairn_spec::{Collection, Service};
use serde_json::Value;

use super::listing::{Candidates, list, single};
use super::lookup::{by_ids, one, one_where, ref_ids};
use super::response::{ApiError, Response};
use super::route::Call;
use crate::dataset::{Dataset, Stored};
use crate::state::Sandbox;

use Collection::{
    AssessmentLineItems, AssessmentResults, Categories, Classes, LineItems, Orgs, Results, ScoreScales, Users,
};

pub(crate) fn handle(sandbox: &Sandbox, call: &Call<'_>) -> Result<Response, ApiError> {
    let data = sandbox.read();
    let names = sandbox.dialect.status_names(Service::Gradebook);
    let p = |i: usize| call.param(i);
    let many =
        |collection: Collection, records: Vec<&Arc<Stored>>| list(Candidates::These(records), collection, call, names);
    let all = |collection: Collection| list(Candidates::All(data.table(collection)), collection, call, names);
    let get = |collection: Collection, what: &str| -> Result<Response, ApiError> {
        Ok(single(one(&data, collection, what, p(0))?, collection, call))
    };
    match call.op.name {
        "getAllLineItems" => all(LineItems),
        "getLineItem" => get(LineItems, "line item"),
        "getAllResults" => all(Results),
        "getResult" => get(Results, "result"),
        "getAllCategories" => all(Categories),
        "getCategory" => get(Categories, "category"),
        "getAllScoreScales" => all(ScoreScales),
        "getScoreScale" => get(ScoreScales, "score scale"),
        "getAllAssessmentLineItems" => all(AssessmentLineItems),
        "getAssessmentLineItem" => get(AssessmentLineItems, "assessment line item"),
        "getAllAssessmentResults" => all(AssessmentResults),
        "getAssessmentResult" => get(AssessmentResults, "assessment result"),
        "getLineItemsForClass" => {
            one(&data, Classes, "class", p(0))?;
            many(LineItems, data.table(LineItems).related("class", p(0)))
        }
        "getCategoriesForClass" => {
            one(&data, Classes, "class", p(0))?;
            let used = data.table(LineItems).related("class", p(0)).into_iter().flat_map(|l| ref_ids(l, "category"));
            many(Categories, by_ids(data.table(Categories), used))
        }
        "getResultsForClass" => {
            one(&data, Classes, "class", p(0))?;
            many(Results, results_of_class(&data, p(0)))
        }
        "getResultsForLineItemForClass" => {
            one(&data, Classes, "class", p(0))?;
            let line_item = one(&data, LineItems, "line item", p(1))?;
            if !ref_ids(line_item, "class").iter().any(|c| c == p(0)) {
                return Err(ApiError::new(
                    cairn_spec::CodeMinor::UnknownObject,
                    format!("line item {:?} is not a line item of class {:?}", p(1), p(0)),
                ));
            }
            many(Results, data.table(Results).related("lineItem", p(1)))
        }
        "getResultsForStudentForClass" => {
            one(&data, Classes, "class", p(0))?;
            one(&data, Users, "student", p(1))?;
            let of_student = data.table(Results).related_positions("student", p(1));
            let in_class: Vec<_> = results_of_class(&data, p(0));
            let results = in_class
                .into_iter()
                .filter(|r| {
                    data.table(Results).locate(id_of(r)).is_some_and(|(pos, _)| of_student.binary_search(&pos).is_ok())
                })
                .collect();
            many(Results, results)
        }
        "getScoreScalesForClass" => {
            one(&data, Classes, "class", p(0))?;
            many(ScoreScales, data.table(ScoreScales).related("class", p(0)))
        }
        "getScoreScalesForSchool" => {
            one_where(&data, Orgs, "school", p(0), "type", "school")?;
            let classes = data.table(Classes).related("school", p(0));
            let scales: Vec<String> = classes
                .iter()
                .flat_map(|c| data.table(ScoreScales).related("class", id_of(c)))
                .map(|s| id_of(s).to_owned())
                .collect();
            many(ScoreScales, by_ids(data.table(ScoreScales), scales))
        }
        other => Err(ApiError::new(cairn_spec::CodeMinor::InternalServerError, format!("{other} has no handler"))),
    }
}

fn id_of(record: &Value) -> &str {
    record.get("sourcedId").and_then(Value::as_str).unwrap_or_default()
}

/// Results that name the class, or whose line item is the class's, in default order.
fn results_of_class<'d>(data: &'d Dataset, class_id: &str) -> Vec<&'d Arc<Stored>> {
    let results = data.table(Results);
    let mut ids: Vec<String> = results.related("class", class_id).iter().map(|r| id_of(r).to_owned()).collect();
    for line_item in data.table(LineItems).related("class", class_id) {
        ids.extend(results.related("lineItem", id_of(line_item)).iter().map(|r| id_of(r).to_owned()));
    }
    by_ids(results, ids)
}
