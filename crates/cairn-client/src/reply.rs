//! [`Reply`]: a success answer read whole, and the checks that its body holds the wrapper its
//! operation returns (a 200 without it is an error, never an empty list).

use cairn_spec::StatusInfo;
use cairn_spec::operations::{Operation, Query as QueryKind};
use cairn_spec::registry::class;
use serde_json::Value;

use crate::error::ClientError;

/// A success answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The HTTP status (2xx).
    pub status: u16,
    /// `X-Total-Count`, when sent and well-formed.
    pub total: Option<u64>,
    /// The target of the `Link` header's `next` relation, as sent.
    pub link_next: Option<String>,
    /// The JSON body, if any (none for 201 after PUT and 204 after DELETE).
    pub body: Option<Value>,
    /// A status object sent with a success in the `X-Status` header (`invalid_sort_field`).
    pub warning: Option<StatusInfo>,
}

impl Reply {
    /// The records of a collection answer (`users` of `{"users": [...]}`), moved out.
    pub fn into_records(self, operation: &'static Operation) -> Result<Vec<Value>, ClientError> {
        take_records(operation, self.body)
    }
}

/// The property holding a collection answer's records (`users`, `CFDocuments`).
pub(crate) fn records_property(operation: &Operation) -> Option<&'static str> {
    if operation.query != QueryKind::Collection {
        return None;
    }
    let shape = (class(operation.response?)?.shape)();
    shape.fields.first().map(|f| f.name)
}

/// The records of a collection answer; a lone object where the array belongs counts as one.
pub(crate) fn take_records(operation: &'static Operation, body: Option<Value>) -> Result<Vec<Value>, ClientError> {
    let property = records_property(operation).ok_or(ClientError::NotACollection { operation: operation.name })?;
    let missing = || ClientError::MissingWrapper { operation: operation.name, expected: format!("{property:?} array") };
    let Some(Value::Object(mut map)) = body else { return Err(missing()) };
    match map.remove(property) {
        Some(Value::Array(records)) => Ok(records),
        Some(record @ Value::Object(_)) => Ok(vec![record]),
        _ => Err(missing()),
    }
}

/// Checks that a success body is the operation's response class: an object holding at least
/// one of the class's required properties (the wrapper property for set and single wrappers;
/// a CASE package may come wrapped in `{"CFPackage": ...}`).
pub(crate) fn check_body(operation: &'static Operation, body: Option<&Value>) -> Result<(), ClientError> {
    let Some(response) = operation.response else { return Ok(()) };
    let Some(entry) = class(response) else { return Ok(()) };
    let shape = (entry.shape)();
    let required: Vec<&str> = shape.fields.iter().filter(|f| f.required).map(|f| f.name).collect();
    let expected = || match required.as_slice() {
        [one] => format!("{one:?} property ({response})"),
        _ => format!("{response} object"),
    };
    let missing = || ClientError::MissingWrapper { operation: operation.name, expected: expected() };
    let Some(Value::Object(outer)) = body else { return Err(missing()) };
    let map = match outer.get("CFPackage") {
        Some(Value::Object(inner)) if response == "CFPackage" && outer.len() == 1 => inner,
        _ => outer,
    };
    let present = |name: &&str| map.get(*name).is_some_and(|v| !v.is_null());
    if required.is_empty() || required.iter().any(present) {
        if let Some(property) = records_property(operation)
            && !map.get(property).is_some_and(|v| v.is_array() || v.is_object())
        {
            return Err(missing());
        }
        Ok(())
    } else {
        Err(missing())
    }
}

#[cfg(test)]
mod tests {
    use cairn_spec::operations::operation;
    use serde_json::json;

    use super::*;

    fn op(name: &str) -> &'static Operation {
        operation(name).unwrap()
    }

    #[test]
    fn a_success_without_its_wrapper_is_an_error() {
        let users = op("getAllUsers");
        assert!(check_body(users, Some(&json!({"users": []}))).is_ok());
        for bad in [json!({}), json!({"orgs": []}), json!({"users": null}), json!({"users": "x"}), json!([])] {
            let error = check_body(users, Some(&bad)).unwrap_err();
            assert!(matches!(error, ClientError::MissingWrapper { .. }), "{bad}");
            assert_eq!(error.to_string(), "getAllUsers: the answer has no \"users\" property (UserSet)");
        }
        assert!(matches!(check_body(users, None), Err(ClientError::MissingWrapper { .. })));
        assert!(check_body(op("getUser"), Some(&json!({"user": {"sourcedId": "u"}}))).is_ok());
        assert!(matches!(
            check_body(op("getUser"), Some(&json!({"users": []}))),
            Err(ClientError::MissingWrapper { .. })
        ));
        assert!(check_body(op("putCategory"), None).is_ok());
        assert!(check_body(op("postLineItemsForClass"), Some(&json!({"sourcedIdPairs": []}))).is_ok());
        assert!(matches!(
            check_body(op("postLineItemsForClass"), Some(&json!({"status": "ok"}))),
            Err(ClientError::MissingWrapper { .. })
        ));
    }

    #[test]
    fn case_answers_are_checked_by_their_required_properties() {
        let package = op("getCFPackage");
        assert!(check_body(package, Some(&json!({"CFDocument": {"identifier": "d"}, "CFItems": []}))).is_ok());
        assert!(check_body(package, Some(&json!({"CFPackage": {"CFDocument": {"identifier": "d"}}}))).is_ok());
        assert!(matches!(check_body(package, Some(&json!({"CFItems": []}))), Err(ClientError::MissingWrapper { .. })));
        assert!(check_body(op("getCFItem"), Some(&json!({"identifier": "i", "fullStatement": "x"}))).is_ok());
        assert!(matches!(
            check_body(op("getCFItem"), Some(&json!({"other": 1}))),
            Err(ClientError::MissingWrapper { .. })
        ));
        assert!(check_body(op("getAllCFDocuments"), Some(&json!({"CFDocuments": []}))).is_ok());
    }

    #[test]
    fn records_are_moved_out() {
        let users = op("getAllUsers");
        assert_eq!(records_property(users), Some("users"));
        assert_eq!(records_property(op("getAllCFDocuments")), Some("CFDocuments"));
        assert_eq!(records_property(op("getUser")), None);
        let records = take_records(users, Some(json!({"users": [{"a": 1}, {"b": 2}]}))).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(take_records(users, Some(json!({"users": {"a": 1}}))).unwrap().len(), 1);
        assert!(matches!(take_records(users, Some(json!({"orgs": []}))), Err(ClientError::MissingWrapper { .. })));
        assert!(matches!(take_records(op("getUser"), None), Err(ClientError::NotACollection { .. })));
    }
}
