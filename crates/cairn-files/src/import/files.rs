//! The files of the OneRoster CSV binding (1.1 and 1.2) and their columns, in reading order:
//! files that other rows are folded into come first (roles and user profiles into users, the
//! resource links into classes, courses and users, ...), then records in reference order.

use cairn_spec::Collection;

/// What a file's rows become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Records of a collection.
    Records(Collection),
    /// Parts of other records, indexed before those are read.
    Join(Join),
}

/// The files whose rows are folded into the records of another file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Join {
    /// `roles.csv` → `User.roles`.
    Roles,
    /// `userProfiles.csv` → `User.userProfiles`.
    Profiles,
    /// `classResources.csv` → `Class.resources`.
    ClassResources,
    /// `courseResources.csv` → `Course.resources`.
    CourseResources,
    /// `userResources.csv` → `User.resources`.
    UserResources,
    /// `lineItemScoreScales.csv` → `LineItem.scoreScale`.
    LineItemScoreScales,
    /// `resultScoreScales.csv` → `Result.scoreScale`.
    ResultScoreScales,
    /// `lineItemLearningObjectiveIds.csv` → `LineItem.learningObjectiveSet`.
    LineItemObjectives,
    /// `resultLearningObjectiveIds.csv` → `Result.learningObjectiveSet`.
    ResultObjectives,
}

/// A column of the binding.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Column {
    /// The header as the binding spells it.
    pub name: &'static str,
    /// The JSON property it fills, when it alone fills one (used to name the column of a
    /// finding about that property, and to warn once when a required column is missing).
    pub field: Option<&'static str>,
    /// Whether the record cannot be valid without it.
    pub required: bool,
}

const fn req(name: &'static str, field: &'static str) -> Column {
    Column { name, field: Some(field), required: true }
}

const fn opt(name: &'static str, field: &'static str) -> Column {
    Column { name, field: Some(field), required: false }
}

/// A column that is one source among others of its property.
const fn src(name: &'static str) -> Column {
    Column { name, field: None, required: false }
}

/// The three columns every file starts with.
macro_rules! columns {
    ($($col:expr),* $(,)?) => {
        &[req("sourcedId", "sourcedId"), req("status", "status"), req("dateLastModified", "dateLastModified"), $($col),*]
    };
}

/// One file of the binding.
#[derive(Debug)]
pub(crate) struct FileSpec {
    /// The file's name without `.csv` (`users`).
    pub name: &'static str,
    /// What its rows become.
    pub kind: Kind,
    /// Its columns (1.1 and 1.2 together).
    pub columns: &'static [Column],
    /// Other spellings of columns: (alias, column).
    pub aliases: &'static [(&'static str, &'static str)],
    /// Columns that only 1.2 has (to tell the versions apart without a manifest).
    pub only_1_2: &'static [&'static str],
    /// Whether the file only exists in 1.2.
    pub since_1_2: bool,
}

impl FileSpec {
    /// The file's name (`users.csv`).
    pub(crate) fn file_name(&self) -> String {
        format!("{}.csv", self.name)
    }

    /// The column called `name` (as the binding spells it).
    pub(crate) fn column(&self, name: &str) -> Option<&'static Column> {
        self.columns.iter().find(|c| c.name == name)
    }
}

const fn records(name: &'static str, collection: Collection, columns: &'static [Column]) -> FileSpec {
    FileSpec { name, kind: Kind::Records(collection), columns, aliases: &[], only_1_2: &[], since_1_2: false }
}

const fn join(name: &'static str, join: Join, columns: &'static [Column], since_1_2: bool) -> FileSpec {
    FileSpec { name, kind: Kind::Join(join), columns, aliases: &[], only_1_2: &[], since_1_2 }
}

/// Every file, in reading order.
pub(crate) static FILES: &[FileSpec] = &[
    join(
        "userProfiles",
        Join::Profiles,
        columns![
            req("userSourcedId", "user"),
            req("profileType", "profileType"),
            req("vendorId", "vendorId"),
            opt("applicationId", "applicationId"),
            opt("description", "description"),
            src("credentialType"),
            src("username"),
            src("password"),
        ],
        true,
    ),
    join(
        "roles",
        Join::Roles,
        columns![
            req("userSourcedId", "user"),
            req("roleType", "roleType"),
            req("role", "role"),
            opt("beginDate", "beginDate"),
            opt("endDate", "endDate"),
            req("orgSourcedId", "org"),
            opt("userProfileSourcedId", "userProfile"),
        ],
        true,
    ),
    join(
        "classResources",
        Join::ClassResources,
        columns![src("title"), req("classSourcedId", "class"), req("resourceSourcedId", "resource")],
        false,
    ),
    join(
        "courseResources",
        Join::CourseResources,
        columns![src("title"), req("courseSourcedId", "course"), req("resourceSourcedId", "resource")],
        false,
    ),
    join(
        "userResources",
        Join::UserResources,
        columns![
            req("userSourcedId", "user"),
            src("orgSourcedId"),
            src("classSourcedId"),
            req("resourceSourcedId", "resource"),
            src("applicationId"),
        ],
        true,
    ),
    join(
        "lineItemScoreScales",
        Join::LineItemScoreScales,
        columns![src("title"), req("lineItemSourcedId", "lineItem"), req("scoreScaleSourcedId", "scoreScale")],
        true,
    ),
    join(
        "resultScoreScales",
        Join::ResultScoreScales,
        columns![src("title"), req("resultSourcedId", "result"), req("scoreScaleSourcedId", "scoreScale")],
        true,
    ),
    join(
        "lineItemLearningObjectiveIds",
        Join::LineItemObjectives,
        columns![
            req("lineItemSourcedId", "lineItem"),
            req("source", "source"),
            req("learningObjectiveId", "learningObjectiveId"),
        ],
        true,
    ),
    join(
        "resultLearningObjectiveIds",
        Join::ResultObjectives,
        columns![
            req("resultSourcedId", "result"),
            req("source", "source"),
            req("learningObjectiveId", "learningObjectiveId"),
            opt("score", "score"),
            opt("textScore", "textScore"),
        ],
        true,
    ),
    records(
        "resources",
        Collection::Resources,
        columns![
            req("vendorResourceId", "vendorResourceId"),
            opt("title", "title"),
            opt("roles", "roles"),
            opt("importance", "importance"),
            opt("vendorId", "vendorId"),
            opt("applicationId", "applicationId"),
        ],
    ),
    records(
        "orgs",
        Collection::Orgs,
        columns![
            req("name", "name"),
            req("type", "type"),
            opt("identifier", "identifier"),
            opt("parentSourcedId", "parent"),
        ],
    ),
    records(
        "academicSessions",
        Collection::AcademicSessions,
        columns![
            req("title", "title"),
            req("type", "type"),
            req("startDate", "startDate"),
            req("endDate", "endDate"),
            opt("parentSourcedId", "parent"),
            req("schoolYear", "schoolYear"),
        ],
    ),
    records(
        "courses",
        Collection::Courses,
        columns![
            opt("schoolYearSourcedId", "schoolYear"),
            req("title", "title"),
            opt("courseCode", "courseCode"),
            opt("grades", "grades"),
            req("orgSourcedId", "org"),
            opt("subjects", "subjects"),
            opt("subjectCodes", "subjectCodes"),
        ],
    ),
    records(
        "classes",
        Collection::Classes,
        columns![
            req("title", "title"),
            opt("grades", "grades"),
            req("courseSourcedId", "course"),
            opt("classCode", "classCode"),
            req("classType", "classType"),
            opt("location", "location"),
            req("schoolSourcedId", "school"),
            req("termSourcedIds", "terms"),
            opt("subjects", "subjects"),
            opt("subjectCodes", "subjectCodes"),
            opt("periods", "periods"),
        ],
    ),
    FileSpec {
        name: "users",
        kind: Kind::Records(Collection::Users),
        columns: columns![
            req("enabledUser", "enabledUser"),
            src("orgSourcedIds"),
            src("role"),
            opt("username", "username"),
            opt("userIds", "userIds"),
            req("givenName", "givenName"),
            req("familyName", "familyName"),
            opt("middleName", "middleName"),
            opt("identifier", "identifier"),
            opt("email", "email"),
            opt("sms", "sms"),
            opt("phone", "phone"),
            opt("agentSourcedIds", "agents"),
            opt("grades", "grades"),
            opt("password", "password"),
            opt("userMasterIdentifier", "userMasterIdentifier"),
            src("resourceSourcedIds"),
            opt("preferredGivenName", "preferredFirstName"),
            opt("preferredMiddleName", "preferredMiddleName"),
            opt("preferredFamilyName", "preferredLastName"),
            opt("primaryOrgSourcedId", "primaryOrg"),
            opt("pronouns", "pronouns"),
        ],
        aliases: &[
            ("preferredFirstName", "preferredGivenName"),
            ("preferredLastName", "preferredFamilyName"),
            ("primaryOrg", "primaryOrgSourcedId"),
        ],
        only_1_2: &[
            "userMasterIdentifier",
            "resourceSourcedIds",
            "preferredGivenName",
            "preferredMiddleName",
            "preferredFamilyName",
            "primaryOrgSourcedId",
            "pronouns",
        ],
        since_1_2: false,
    },
    records(
        "enrollments",
        Collection::Enrollments,
        columns![
            req("classSourcedId", "class"),
            req("schoolSourcedId", "school"),
            req("userSourcedId", "user"),
            req("role", "role"),
            opt("primary", "primary"),
            opt("beginDate", "beginDate"),
            opt("endDate", "endDate"),
        ],
    ),
    records(
        "demographics",
        Collection::Demographics,
        columns![
            opt("birthDate", "birthDate"),
            opt("sex", "sex"),
            opt("americanIndianOrAlaskaNative", "americanIndianOrAlaskaNative"),
            opt("asian", "asian"),
            opt("blackOrAfricanAmerican", "blackOrAfricanAmerican"),
            opt("nativeHawaiianOrOtherPacificIslander", "nativeHawaiianOrOtherPacificIslander"),
            opt("white", "white"),
            opt("demographicRaceTwoOrMoreRaces", "demographicRaceTwoOrMoreRaces"),
            opt("hispanicOrLatinoEthnicity", "hispanicOrLatinoEthnicity"),
            opt("countryOfBirthCode", "countryOfBirthCode"),
            opt("stateOfBirthAbbreviation", "stateOfBirthAbbreviation"),
            opt("cityOfBirth", "cityOfBirth"),
            opt("publicSchoolResidenceStatus", "publicSchoolResidenceStatus"),
        ],
    ),
    records("categories", Collection::Categories, columns![req("title", "title"), opt("weight", "weight")]),
    FileSpec {
        name: "scoreScales",
        kind: Kind::Records(Collection::ScoreScales),
        columns: columns![
            req("title", "title"),
            req("type", "type"),
            src("orgSourcedId"),
            opt("courseSourcedId", "course"),
            req("classSourcedId", "class"),
            req("scoreScaleValue", "scoreScaleValue"),
        ],
        aliases: &[("scoreScaleValues", "scoreScaleValue")],
        only_1_2: &[],
        since_1_2: true,
    },
    FileSpec {
        name: "lineItems",
        kind: Kind::Records(Collection::LineItems),
        columns: columns![
            req("title", "title"),
            opt("description", "description"),
            req("assignDate", "assignDate"),
            req("dueDate", "dueDate"),
            req("classSourcedId", "class"),
            req("categorySourcedId", "category"),
            opt("gradingPeriodSourcedId", "gradingPeriod"),
            opt("academicSessionSourcedId", "academicSession"),
            src("schoolSourcedId"),
            src("scoreScaleSourcedId"),
            opt("resultValueMin", "resultValueMin"),
            opt("resultValueMax", "resultValueMax"),
        ],
        aliases: &[],
        only_1_2: &["academicSessionSourcedId", "schoolSourcedId", "scoreScaleSourcedId"],
        since_1_2: false,
    },
    FileSpec {
        name: "results",
        kind: Kind::Records(Collection::Results),
        columns: columns![
            req("lineItemSourcedId", "lineItem"),
            req("studentSourcedId", "student"),
            opt("classSourcedId", "class"),
            src("scoreScaleSourcedId"),
            req("scoreStatus", "scoreStatus"),
            opt("score", "score"),
            opt("textScore", "textScore"),
            req("scoreDate", "scoreDate"),
            opt("comment", "comment"),
            opt("inProgress", "inProgress"),
            opt("incomplete", "incomplete"),
            opt("late", "late"),
            opt("missing", "missing"),
        ],
        aliases: &[],
        only_1_2: &[
            "classSourcedId",
            "scoreScaleSourcedId",
            "textScore",
            "inProgress",
            "incomplete",
            "late",
            "missing",
        ],
        since_1_2: false,
    },
];

/// The file called `stem` (without `.csv`), matched without regard to case.
pub(crate) fn find(stem: &str) -> Option<&'static FileSpec> {
    FILES.iter().find(|f| f.name.eq_ignore_ascii_case(stem))
}

/// `name` without a `.csv` ending (in any case), when it has one.
pub(crate) fn csv_stem(name: &str) -> Option<&str> {
    let cut = name.len().checked_sub(4)?;
    name.get(cut..).filter(|e| e.eq_ignore_ascii_case(".csv")).and_then(|_| name.get(..cut))
}
