//! The codeMinor word a status object carries, by dialect and service: the OneRoster services
//! of the 1EdTech dialect spell the 401 `unauthorisedrequest` (as the references and deployed
//! servers do), and the competency service sends only words of the CASE vocabulary.

use cairn_spec::{CodeMinor, Dialect, Service};

/// Every code the sandbox sends somewhere.
const SENT: [CodeMinor; 12] = [
    CodeMinor::InvalidSortField,
    CodeMinor::InvalidSelectionField,
    CodeMinor::InvalidFilterField,
    CodeMinor::InvalidData,
    CodeMinor::UnauthorisedRequest,
    CodeMinor::Forbidden,
    CodeMinor::InternalServerError,
    CodeMinor::UnknownObject,
    CodeMinor::ServerBusy,
    CodeMinor::InvalidUuid,
    CodeMinor::DeleteFailure,
    CodeMinor::Unsupported,
];

/// The codeMinor words of the competency service (the specification's table for it).
const CASE: [CodeMinor; 10] = [
    CodeMinor::FullSuccess,
    CodeMinor::InvalidSortField,
    CodeMinor::InvalidSelectionField,
    CodeMinor::InvalidFilterField,
    CodeMinor::UnauthorisedRequest,
    CodeMinor::Forbidden,
    CodeMinor::InternalServerError,
    CodeMinor::UnknownObject,
    CodeMinor::ServerBusy,
    CodeMinor::InvalidUuid,
];

/// The word for `code` answered with `http` by `service` in `dialect`; `None` when the
/// service's vocabulary has no fitting word (the status object then carries no codeMinor, which
/// its cardinality allows, and its description says what was wrong).
pub fn code_minor_word(code: CodeMinor, http: u16, dialect: &Dialect, service: Service) -> Option<&'static str> {
    if service == Service::Competency {
        return match code {
            // A malformed query parameter (limit=0, offset=-1): CASE's word for a bad request.
            CodeMinor::InvalidData if http == 400 => Some(CodeMinor::InvalidSelectionField.as_str()),
            code if CASE.contains(&code) => Some(code.as_str()),
            _ => None,
        };
    }
    match code {
        CodeMinor::UnauthorisedRequest if dialect.status_prefix == "imsx_" => Some("unauthorisedrequest"),
        code => Some(code.as_str()),
    }
}

/// Every word `service` may send in `dialect` (what its discovery document lists).
pub fn sent_words(dialect: &Dialect, service: Service) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = Vec::new();
    for code in SENT {
        for http in [400, code.http_status()] {
            if let Some(word) = code_minor_word(code, http, dialect, service)
                && !words.contains(&word)
            {
                words.push(word);
            }
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competency_words_are_case_words() {
        for dialect in [Dialect::spec(), Dialect::one_edtech()] {
            let words = sent_words(&dialect, Service::Competency);
            assert!(words.iter().all(|w| CASE.iter().any(|c| c.as_str() == *w)), "{words:?}");
            assert!(!words.contains(&"invaliddata"));
        }
        let limit = code_minor_word(CodeMinor::InvalidData, 400, &Dialect::spec(), Service::Competency);
        assert_eq!(limit, Some("invalid_selection_field"));
        assert_eq!(code_minor_word(CodeMinor::Unsupported, 405, &Dialect::spec(), Service::Competency), None);
    }

    #[test]
    fn the_401_word_by_dialect() {
        let word = |d: &Dialect, s| code_minor_word(CodeMinor::UnauthorisedRequest, 401, d, s);
        assert_eq!(word(&Dialect::spec(), Service::Rostering), Some("unauthorised_request"));
        assert_eq!(word(&Dialect::one_edtech(), Service::Gradebook), Some("unauthorisedrequest"));
        assert_eq!(word(&Dialect::one_edtech(), Service::Competency), Some("unauthorised_request"));
    }
}
