//! The status object every non-success response carries, in both dialects: `svc_` (the
//! specification) and `imsx_` (deployed servers), with the codeMinor vocabulary and its HTTP
//! mapping.

use std::fmt;

use serde_json::{Map, Value, json};

/// `codeMajor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodeMajor {
    /// Completed (with severity `warning`: partially).
    Success,
    /// Accepted for asynchronous processing.
    Processing,
    /// Failed; detail in codeMinor.
    Failure,
    /// The operation is not supported.
    Unsupported,
}

/// `severity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Completed and answered.
    Status,
    /// Partially completed.
    Warning,
    /// Not completed.
    Error,
}

macro_rules! words {
    ($ty:ident { $($variant:ident = $word:literal),* $(,)? }) => {
        impl $ty {
            /// The term as the specification spells it.
            pub fn as_str(self) -> &'static str {
                match self { $($ty::$variant => $word),* }
            }

            /// Parses a term (case-insensitively).
            pub fn parse(s: &str) -> Option<Self> {
                $(if s.eq_ignore_ascii_case($word) { return Some($ty::$variant); })*
                None
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

words!(CodeMajor { Success = "success", Processing = "processing", Failure = "failure", Unsupported = "unsupported" });
words!(Severity { Status = "status", Warning = "warning", Error = "error" });

/// The codeMinor values of the specification and of the official references.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodeMinor {
    /// Success.
    FullSuccess,
    /// A sort field that does not exist (the default order is kept).
    InvalidSortField,
    /// A blank field name in `fields`.
    InvalidSelectionField,
    /// A filter naming a field that does not exist, or a malformed filter.
    InvalidFilterField,
    /// Malformed or invalid data (a bad parameter, a body that fails validation).
    InvalidData,
    /// No valid credentials.
    UnauthorisedRequest,
    /// Credentials without the needed scope.
    Forbidden,
    /// No more appropriate code exists.
    InternalServerError,
    /// The identifier is unknown to the provider.
    UnknownObject,
    /// Too many requests; retry later.
    ServerBusy,
    /// A malformed UUID (competency service).
    InvalidUuid,
    /// The record could not be deleted.
    DeleteFailure,
    /// The operation is not supported.
    Unsupported,
}

words!(CodeMinor {
    FullSuccess = "fullsuccess",
    InvalidSortField = "invalid_sort_field",
    InvalidSelectionField = "invalid_selection_field",
    InvalidFilterField = "invalid_filter_field",
    InvalidData = "invaliddata",
    UnauthorisedRequest = "unauthorised_request",
    Forbidden = "forbidden",
    InternalServerError = "internal_server_error",
    UnknownObject = "unknownobject",
    ServerBusy = "server_busy",
    InvalidUuid = "invalid_uuid",
    DeleteFailure = "deletefailure",
    Unsupported = "unsupported",
});

impl CodeMinor {
    /// Parses a codeMinor, also in the spelling of the OneRoster references (`unauthorisedrequest`).
    pub fn parse_any(s: &str) -> Option<Self> {
        CodeMinor::parse(s)
            .or_else(|| s.eq_ignore_ascii_case("unauthorisedrequest").then_some(CodeMinor::UnauthorisedRequest))
    }

    /// The codeMajor and severity this code goes with.
    pub fn major_severity(self) -> (CodeMajor, Severity) {
        match self {
            CodeMinor::FullSuccess => (CodeMajor::Success, Severity::Status),
            CodeMinor::InvalidSortField => (CodeMajor::Success, Severity::Warning),
            CodeMinor::Unsupported => (CodeMajor::Unsupported, Severity::Error),
            _ => (CodeMajor::Failure, Severity::Error),
        }
    }

    /// The HTTP status this code is answered with (GET success is 200; PUT and POST 201,
    /// DELETE 204). A malformed query parameter is `invaliddata` with 400, not 422.
    pub fn http_status(self) -> u16 {
        match self {
            CodeMinor::FullSuccess | CodeMinor::InvalidSortField => 200,
            CodeMinor::InvalidSelectionField | CodeMinor::InvalidFilterField => 400,
            CodeMinor::UnauthorisedRequest => 401,
            CodeMinor::Forbidden => 403,
            CodeMinor::UnknownObject | CodeMinor::InvalidUuid => 404,
            CodeMinor::InvalidData => 422,
            CodeMinor::ServerBusy => 429,
            CodeMinor::InternalServerError | CodeMinor::DeleteFailure => 500,
            CodeMinor::Unsupported => 501,
        }
    }
}

/// The property names a dialect writes the status object with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusNames {
    /// `svc_` or `imsx_`.
    pub prefix: &'static str,
    /// The codeMinor container: `codeMinor` (specification, CASE) or `CodeMinor` (OneRoster references).
    pub code_minor: &'static str,
}

impl StatusNames {
    /// The specification's names: `svc_codeMinor`.
    pub const SPEC: StatusNames = StatusNames { prefix: "svc_", code_minor: "codeMinor" };
    /// Deployed OneRoster servers: `imsx_CodeMinor`.
    pub const IMSX_ONEROSTER: StatusNames = StatusNames { prefix: "imsx_", code_minor: "CodeMinor" };
    /// Deployed CASE servers: `imsx_codeMinor`.
    pub const IMSX_CASE: StatusNames = StatusNames { prefix: "imsx_", code_minor: "codeMinor" };
}

/// A status object, read from either dialect and kept as the server said it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusInfo {
    /// codeMajor as given (`success`, `failure`, ...).
    pub code_major: String,
    /// severity as given.
    pub severity: String,
    /// The human-readable description.
    pub description: Option<String>,
    /// codeMinor fields: (the system that produced the code, the code) as given.
    pub code_minor: Vec<(String, String)>,
}

impl StatusInfo {
    /// A status for `code` with its codeMajor and severity, produced by `system`.
    pub fn new(code: CodeMinor, system: &str, description: impl Into<String>) -> Self {
        let (major, severity) = code.major_severity();
        StatusInfo {
            code_major: major.as_str().to_owned(),
            severity: severity.as_str().to_owned(),
            description: Some(description.into()),
            code_minor: vec![(system.to_owned(), code.as_str().to_owned())],
        }
    }

    /// The first codeMinor, if it is one of the known values.
    pub fn code(&self) -> Option<CodeMinor> {
        self.code_minor.first().and_then(|(_, v)| CodeMinor::parse_any(v))
    }

    /// codeMajor, if known.
    pub fn major(&self) -> Option<CodeMajor> {
        CodeMajor::parse(&self.code_major)
    }

    /// Reads a status object with either prefix (`svc_`, `imsx_`, or none) and either
    /// codeMinor spelling; `None` when the value has no codeMajor at all.
    pub fn from_json(value: &Value) -> Option<StatusInfo> {
        let map = value.as_object()?;
        let get = |name: &str| -> Option<&Value> {
            map.iter().find(|(k, _)| unprefixed(k).eq_ignore_ascii_case(name)).map(|(_, v)| v)
        };
        let text = |name: &str| get(name).and_then(Value::as_str).map(str::to_owned);
        let code_major = text("codeMajor")?;
        let code_minor = get("codeMinor")
            .and_then(Value::as_object)
            .and_then(|m| m.iter().find(|(k, _)| unprefixed(k).eq_ignore_ascii_case("codeMinorField")))
            .map(|(_, fields)| match fields {
                Value::Array(items) => items.iter().filter_map(minor_field).collect(),
                single => minor_field(single).into_iter().collect(),
            })
            .unwrap_or_default();
        Some(StatusInfo {
            code_major,
            severity: text("severity").unwrap_or_default(),
            description: text("description"),
            code_minor,
        })
    }

    /// Writes the status object with a dialect's names.
    pub fn to_json(&self, names: StatusNames) -> Value {
        let p = names.prefix;
        let mut map = Map::new();
        map.insert(format!("{p}codeMajor"), Value::from(self.code_major.clone()));
        map.insert(format!("{p}severity"), Value::from(self.severity.clone()));
        if let Some(d) = &self.description {
            map.insert(format!("{p}description"), Value::from(d.clone()));
        }
        if !self.code_minor.is_empty() {
            let fields: Vec<Value> = self
                .code_minor
                .iter()
                .map(|(name, value)| json!({ format!("{p}codeMinorFieldName"): name, format!("{p}codeMinorFieldValue"): value }))
                .collect();
            map.insert(format!("{p}{}", names.code_minor), json!({ format!("{p}codeMinorField"): fields }));
        }
        Value::Object(map)
    }
}

impl fmt::Display for StatusInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.code_major, self.severity)?;
        for (_, code) in &self.code_minor {
            write!(f, " {code}")?;
        }
        if let Some(d) = &self.description {
            write!(f, ": {d}")?;
        }
        Ok(())
    }
}

fn unprefixed(key: &str) -> &str {
    key.strip_prefix("svc_").or_else(|| key.strip_prefix("imsx_")).unwrap_or(key)
}

fn minor_field(value: &Value) -> Option<(String, String)> {
    let map = value.as_object()?;
    let get = |name: &str| {
        map.iter()
            .find(|(k, _)| unprefixed(k).eq_ignore_ascii_case(name))
            .and_then(|(_, v)| v.as_str())
            .map(str::to_owned)
    };
    Some((get("codeMinorFieldName").unwrap_or_default(), get("codeMinorFieldValue")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_dialects_round_trip() {
        let status = StatusInfo::new(CodeMinor::UnknownObject, "cairn", "no user 42");
        for names in [StatusNames::SPEC, StatusNames::IMSX_ONEROSTER, StatusNames::IMSX_CASE] {
            let json = status.to_json(names);
            assert_eq!(StatusInfo::from_json(&json).as_ref(), Some(&status), "{json}");
        }
        let json = status.to_json(StatusNames::SPEC);
        assert_eq!(json["svc_codeMinor"]["svc_codeMinorField"][0]["svc_codeMinorFieldValue"], "unknownobject");
        let json = status.to_json(StatusNames::IMSX_ONEROSTER);
        assert_eq!(json["imsx_CodeMinor"]["imsx_codeMinorField"][0]["imsx_codeMinorFieldValue"], "unknownobject");
    }

    #[test]
    fn mapping() {
        assert_eq!(CodeMinor::InvalidSortField.major_severity(), (CodeMajor::Success, Severity::Warning));
        assert_eq!(CodeMinor::InvalidFilterField.http_status(), 400);
        assert_eq!(CodeMinor::InvalidUuid.http_status(), 404);
        assert_eq!(CodeMinor::ServerBusy.http_status(), 429);
        assert_eq!(CodeMinor::parse_any("unauthorisedrequest"), Some(CodeMinor::UnauthorisedRequest));
    }

    #[test]
    fn reads_what_servers_send() {
        let v = json!({"imsx_codeMajor": "failure", "imsx_severity": "error",
            "imsx_CodeMinor": {"imsx_codeMinorField": {"imsx_codeMinorFieldName": "sis", "imsx_codeMinorFieldValue": "forbidden"}}});
        let s = StatusInfo::from_json(&v).unwrap();
        assert_eq!(s.code(), Some(CodeMinor::Forbidden));
        assert_eq!(s.description, None);
        assert_eq!(StatusInfo::from_json(&json!({"users": []})), None);
    }
}
