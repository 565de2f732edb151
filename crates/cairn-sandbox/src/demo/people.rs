//! People: names drawn by heritage, usernames and e-mail addresses, the `User` record of any
//! role, and a student's `Demographics`.

use std::collections::HashMap;

use cairn_spec::Collection;
use serde_json::{Map, Value, json};

use super::calendar::Day;
use super::ids::Ids;
use super::names::{ENGLISH_PREFERRED, HERITAGES, NICKNAMES, RACES, Race, US_PLACES, fold};
use super::rng::Rng;

/// Sex as demographics records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sex {
    /// male.
    Male,
    /// female.
    Female,
    /// other.
    Other,
    /// unspecified.
    Unspecified,
}

impl Sex {
    fn term(self) -> &'static str {
        match self {
            Sex::Male => "male",
            Sex::Female => "female",
            Sex::Other => "other",
            Sex::Unspecified => "unspecified",
        }
    }

    /// Mr., Ms. or Mx.
    pub(crate) fn honorific(self) -> &'static str {
        match self {
            Sex::Male => "Mr.",
            Sex::Female => "Ms.",
            _ => "Mx.",
        }
    }

    fn pronouns(self) -> &'static str {
        match self {
            Sex::Male => "he/him",
            Sex::Female => "she/her",
            _ => "they/them",
        }
    }
}

/// A person's name and background.
#[derive(Debug, Clone)]
pub(crate) struct Person {
    /// sourcedId.
    pub(crate) id: String,
    /// Given name.
    pub(crate) given: &'static str,
    /// Family name.
    pub(crate) family: String,
    /// Middle name.
    pub(crate) middle: Option<&'static str>,
    /// Preferred first name.
    pub(crate) preferred: Option<&'static str>,
    /// Sex.
    pub(crate) sex: Sex,
    /// Index into [`HERITAGES`].
    pub(crate) heritage: usize,
}

/// A heritage index drawn by weight.
pub(crate) fn heritage(rng: &mut Rng) -> usize {
    let weights: Vec<u32> = HERITAGES.iter().map(|h| h.weight).collect();
    rng.weighted(&weights)
}

/// A sex drawn with realistic shares.
pub(crate) fn sex(rng: &mut Rng) -> Sex {
    [Sex::Female, Sex::Male, Sex::Other, Sex::Unspecified][rng.weighted(&[490, 490, 8, 12])]
}

/// A family name of a heritage.
pub(crate) fn family_name(rng: &mut Rng, heritage: usize) -> String {
    (*rng.pick(HERITAGES[heritage].family)).to_owned()
}

/// A person of `heritage` with `family` name and `sex`.
pub(crate) fn person(rng: &mut Rng, id: String, heritage: usize, family: String, sex: Sex) -> Person {
    let h = &HERITAGES[heritage];
    let names = |rng: &mut Rng| match sex {
        Sex::Male => h.male,
        Sex::Female => h.female,
        _ if rng.chance(0.5) => h.male,
        _ => h.female,
    };
    let list = names(rng);
    let given = *rng.pick(list);
    let middle = if rng.chance(0.6) {
        let list = names(rng);
        Some(*rng.pick(list)).filter(|m| *m != given)
    } else {
        None
    };
    let preferred = if h.english_preferred && rng.chance(0.3) {
        Some(*rng.pick(ENGLISH_PREFERRED))
    } else {
        NICKNAMES.iter().find(|(full, _)| *full == given).filter(|_| rng.chance(0.4)).map(|(_, short)| *short)
    };
    Person { id, given, family, middle, preferred, sex, heritage }
}

/// Usernames and addresses handed out in one district, kept unique.
#[derive(Debug, Default)]
pub(crate) struct Handles {
    taken: HashMap<String, u32>,
}

impl Handles {
    /// A unique handle starting with `base`.
    pub(crate) fn unique(&mut self, base: String) -> String {
        let n = self.taken.entry(base.clone()).or_default();
        *n += 1;
        if *n == 1 { base } else { format!("{base}{n}") }
    }
}

/// A phone number in the fictional 555-01xx range.
pub(crate) fn phone(rng: &mut Rng) -> String {
    let area = *rng.pick(&["541", "503", "971", "360", "458", "916", "707"]);
    format!("+1-{area}-555-01{:02}", rng.below(100))
}

/// What a `User` record says besides the name.
#[derive(Debug, Clone)]
pub(crate) struct Account<'a> {
    /// The role (`student`, `teacher`, `parent`...).
    pub(crate) role: &'a str,
    /// The org of the primary role.
    pub(crate) org: &'a str,
    /// Username.
    pub(crate) username: String,
    /// E-mail.
    pub(crate) email: String,
    /// Human-readable identifier (student or staff number).
    pub(crate) identifier: String,
    /// Grade (students).
    pub(crate) grade: Option<&'a str>,
    /// Related people.
    pub(crate) agents: &'a [String],
    /// Resources.
    pub(crate) resources: Vec<String>,
    /// Phone (also used for SMS).
    pub(crate) phone: Option<String>,
    /// When the role began.
    pub(crate) begin: Option<Day>,
    /// Whether to give the user a single-sign-on profile.
    pub(crate) sso: Option<&'a str>,
    /// Whether to state pronouns.
    pub(crate) pronouns: bool,
}

/// The `User` record.
pub(crate) fn user(ids: &Ids, now: &str, p: &Person, a: &Account<'_>) -> Value {
    let mut v = Map::new();
    v.insert("sourcedId".into(), json!(p.id));
    v.insert("status".into(), json!("active"));
    v.insert("dateLastModified".into(), json!(now));
    let sis = a.identifier.trim_start_matches(|c: char| c.is_ascii_alphabetic()).to_owned();
    v.insert("userMasterIdentifier".into(), json!(format!("CS{:0>10}", sis)));
    v.insert("username".into(), json!(a.username));
    let mut user_ids = vec![json!({"type": "SIS", "identifier": a.identifier})];
    if a.sso.is_some() {
        user_ids.push(json!({"type": "LDAP", "identifier": format!("uid={},ou=people", a.username)}));
    }
    v.insert("userIds".into(), Value::Array(user_ids));
    v.insert("enabledUser".into(), json!("true"));
    v.insert("givenName".into(), json!(p.given));
    v.insert("familyName".into(), json!(p.family));
    if let Some(m) = p.middle {
        v.insert("middleName".into(), json!(m));
    }
    if let Some(pref) = p.preferred {
        v.insert("preferredFirstName".into(), json!(pref));
    }
    if a.pronouns || matches!(p.sex, Sex::Other | Sex::Unspecified) {
        v.insert("pronouns".into(), json!(p.sex.pronouns()));
    }
    let profile_id = a.sso.map(|domain| format!("https://sso.{domain}/profiles/{}", a.username));
    let mut role = Map::new();
    role.insert("roleType".into(), json!("primary"));
    role.insert("role".into(), json!(a.role));
    role.insert("org".into(), ids.guid_ref(Collection::Orgs, a.org));
    if let Some(profile) = &profile_id {
        role.insert("userProfile".into(), json!(profile));
    }
    if let Some(begin) = a.begin {
        role.insert("beginDate".into(), json!(begin.date()));
    }
    v.insert("roles".into(), json!([role]));
    if let Some(profile) = &profile_id {
        v.insert(
            "userProfiles".into(),
            json!([{
                "profileId": profile, "profileType": "SSO", "vendorId": "cairn-sso",
                "applicationId": "classroom-portal", "description": "District single sign-on",
                "credentials": [{"type": "username", "username": a.username}],
            }]),
        );
    }
    v.insert("primaryOrg".into(), ids.guid_ref(Collection::Orgs, a.org));
    v.insert("identifier".into(), json!(a.identifier));
    v.insert("email".into(), json!(a.email));
    if let Some(phone) = &a.phone {
        v.insert("sms".into(), json!(phone));
        v.insert("phone".into(), json!(phone));
    }
    if !a.agents.is_empty() {
        v.insert("agents".into(), a.agents.iter().map(|id| ids.guid_ref(Collection::Users, id)).collect());
    }
    if let Some(grade) = a.grade {
        v.insert("grades".into(), json!([grade]));
    }
    if !a.resources.is_empty() {
        v.insert("resources".into(), a.resources.iter().map(|id| ids.guid_ref(Collection::Resources, id)).collect());
    }
    Value::Object(v)
}

/// A username like `jgarcia29` (students add the class-of year).
pub(crate) fn username(p: &Person, suffix: &str) -> String {
    let first: String = fold(p.preferred.unwrap_or(p.given)).chars().take(1).collect();
    format!("{first}{}{suffix}", fold(&p.family))
}

/// `given.family` folded for e-mail addresses.
pub(crate) fn dotted(p: &Person) -> String {
    format!("{}.{}", fold(p.preferred.unwrap_or(p.given)), fold(&p.family))
}

/// The `Demographics` record of a student in `grade` (CEDS code).
pub(crate) fn demographics(now: &str, rng: &mut Rng, p: &Person, grade: &str) -> Value {
    let h = &HERITAGES[p.heritage];
    let grade_number: i64 = if grade == "KG" { 0 } else { grade.parse().unwrap_or(0) };
    // Kindergarteners of 2025–26 turned five between 2024-09-02 and 2025-09-01.
    let first = Day::ymd(2019 - grade_number, 9, 2);
    let mut birth = first.plus(rng.below(365) as i64);
    if rng.chance(0.03) {
        birth = birth.plus(-365); // a year older: held back or started late
    }
    let mut races: Vec<Race> = vec![h.race];
    if rng.chance(0.07) {
        let other = *rng.pick(&RACES);
        if other != h.race {
            races.push(other);
        }
    }
    if h.hispanic && rng.chance(0.1) {
        races = vec![Race::AmericanIndian];
    }
    let flag = |r: Race| json!(if races.contains(&r) { "true" } else { "false" });
    let (country, region, city) = if !h.abroad.is_empty() && rng.below(100) < h.born_abroad as usize {
        *rng.pick(h.abroad)
    } else {
        *rng.pick(US_PLACES)
    };
    let residence = *rng.pick(&["01652", "01652", "01652", "01652", "01653", "01654", "01655", "01656"]);
    json!({
        "sourcedId": p.id,
        "status": "active",
        "dateLastModified": now,
        "birthDate": birth.date(),
        "sex": p.sex.term(),
        "americanIndianOrAlaskaNative": flag(Race::AmericanIndian),
        "asian": flag(Race::Asian),
        "blackOrAfricanAmerican": flag(Race::Black),
        "nativeHawaiianOrOtherPacificIslander": flag(Race::PacificIslander),
        "white": flag(Race::White),
        "demographicRaceTwoOrMoreRaces": json!(if races.len() > 1 { "true" } else { "false" }),
        "hispanicOrLatinoEthnicity": json!(if h.hispanic { "true" } else { "false" }),
        "countryOfBirthCode": country,
        "stateOfBirthAbbreviation": region,
        "cityOfBirth": city,
        "publicSchoolResidenceStatus": residence,
    })
}
