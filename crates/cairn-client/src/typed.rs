//! What the typed methods share: looking an operation up, sending typed bodies, and reading
//! answers into the model's wrapper classes (tolerantly and losslessly, with `cairn_spec::read`).

use cairn_query::Query;
use cairn_spec::Wire;
use cairn_spec::operations::{Operation, operation};
use serde_json::Value;

use crate::client::Client;
use crate::error::ClientError;

impl Client {
    /// Calls a read and decodes its answer as `T`.
    pub(crate) async fn read_typed<T: Wire>(
        &self,
        name: &'static str,
        params: &[&str],
        query: Option<&Query>,
    ) -> Result<T, ClientError> {
        let op = lookup(name)?;
        let reply = self.call(op, params, query, None).await?;
        decode(op, reply.body)
    }

    /// Calls a PUT or POST with `body` written as JSON; the answer's body, if any.
    pub(crate) async fn write_typed<B: Wire>(
        &self,
        name: &'static str,
        params: &[&str],
        body: &B,
    ) -> Result<(&'static Operation, Option<Value>), ClientError> {
        let op = lookup(name)?;
        let reply = self.call(op, params, None, Some(&body.to_json())).await?;
        Ok((op, reply.body))
    }

    /// Calls a DELETE.
    pub(crate) async fn delete_typed(&self, name: &'static str, params: &[&str]) -> Result<(), ClientError> {
        self.call(lookup(name)?, params, None, None).await.map(|_| ())
    }
}

/// The operation called `name` in the catalogue.
pub(crate) fn lookup(name: &'static str) -> Result<&'static Operation, ClientError> {
    operation(name).ok_or(ClientError::UnknownOperation { name })
}

/// Reads an answer's body as `T` (a CASE package may come wrapped in `{"CFPackage": ...}`).
pub(crate) fn decode<T: Wire>(op: &'static Operation, body: Option<Value>) -> Result<T, ClientError> {
    decode_read(op, body).map(|read| read.value)
}

/// [`decode`], with the deviations reading tolerated.
pub(crate) fn decode_read<T: Wire>(
    op: &'static Operation,
    body: Option<Value>,
) -> Result<cairn_spec::Read<T>, ClientError> {
    let class = op.response.unwrap_or("the answer");
    let missing = || ClientError::MissingWrapper { operation: op.name, expected: format!("{class} object") };
    let mut value = body.ok_or_else(missing)?;
    if class == "CFPackage"
        && let Value::Object(map) = &mut value
        && map.len() == 1
        && map.get("CFPackage").is_some_and(Value::is_object)
    {
        value = map.remove("CFPackage").unwrap_or(Value::Null);
    }
    cairn_spec::read::<T>(value, class).map_err(|_| missing())
}

#[cfg(test)]
mod tests {
    use cairn_spec::case::CfPackage;
    use cairn_spec::roster::UserSet;
    use serde_json::json;

    use super::*;

    #[test]
    fn decodes_wrappers_and_unwraps_packages() {
        let users: UserSet =
            decode(lookup("getAllUsers").unwrap(), Some(json!({"users": [{"sourcedId": "u1"}]}))).unwrap();
        assert_eq!(users.records.as_ref().map(|r| r.len()), Some(1));
        let package = lookup("getCFPackage").unwrap();
        let bare: CfPackage = decode(package, Some(json!({"CFDocument": {"identifier": "d"}}))).unwrap();
        let wrapped: CfPackage =
            decode(package, Some(json!({"CFPackage": {"CFDocument": {"identifier": "d"}}}))).unwrap();
        assert_eq!(bare, wrapped);
        assert!(matches!(
            decode::<UserSet>(lookup("getAllUsers").unwrap(), None),
            Err(ClientError::MissingWrapper { .. })
        ));
        assert!(matches!(
            decode::<UserSet>(lookup("getAllUsers").unwrap(), Some(json!([1]))),
            Err(ClientError::MissingWrapper { .. })
        ));
        assert!(matches!(lookup("getNothing"), Err(ClientError::UnknownOperation { .. })));
    }
}
