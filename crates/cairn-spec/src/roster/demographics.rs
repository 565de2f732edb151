//! `Demographics`: privileged per-user data whose sourcedId is its user's.

use crate::base::oneroster_record;
use crate::issue::{Issue, Rule};
use crate::scalar::{Date, Term, Text, TrueFalse};

use super::vocab::Gender;

oneroster_record! {
    /// `Demographics`: its sourcedId MUST equal the owning user's.
    pub struct Demographics = "Demographics" {
        /// Birth date.
        birth_date: opt Date = "birthDate",
        /// `male`, `female`, `unspecified`, `other` or `ext:...`.
        sex: opt Term<Gender> = "sex",
        /// Race flag.
        american_indian_or_alaska_native: opt TrueFalse = "americanIndianOrAlaskaNative",
        /// Race flag.
        asian: opt TrueFalse = "asian",
        /// Race flag.
        black_or_african_american: opt TrueFalse = "blackOrAfricanAmerican",
        /// Race flag.
        native_hawaiian_or_other_pacific_islander: opt TrueFalse = "nativeHawaiianOrOtherPacificIslander",
        /// Race flag.
        white: opt TrueFalse = "white",
        /// Race flag.
        demographic_race_two_or_more_races: opt TrueFalse = "demographicRaceTwoOrMoreRaces",
        /// Ethnicity flag.
        hispanic_or_latino_ethnicity: opt TrueFalse = "hispanicOrLatinoEthnicity",
        /// Country of birth.
        country_of_birth_code: opt Text = "countryOfBirthCode",
        /// State of birth.
        state_of_birth_abbreviation: opt Text = "stateOfBirthAbbreviation",
        /// City of birth.
        city_of_birth: opt Text = "cityOfBirth",
        /// Public school residence status.
        public_school_residence_status: opt Text = "publicSchoolResidenceStatus",
    }
}

/// Checks the rule that a demographics record's sourcedId equals its user's: every record
/// whose sourcedId names no user (per `is_user`) is a violation at `$[index].sourcedId`.
pub fn check_demographics_owners<'a>(
    records: impl IntoIterator<Item = &'a Demographics>,
    is_user: impl Fn(&str) -> bool,
) -> Vec<Issue> {
    records
        .into_iter()
        .enumerate()
        .filter_map(|(index, d)| {
            let id = d.id().unwrap_or_default();
            (!is_user(id)).then(|| Issue {
                path: format!("$[{index}].sourcedId"),
                rule: Rule::DemographicsOwner,
                message: format!("demographics {id:?} names no user: its sourcedId must equal its user's"),
            })
        })
        .collect()
}
