//! What the roster inspector's views receive (camelCase, TypeScript by ts-rs): connections with
//! roster data, the navigation's levels with counts, the academic calendar, the classes table,
//! the class and user pages, user search hits, demographics, the data checks and raw records.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::app::SourceKind;

/// Whether a connection's demographics may be shown, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DemographicsAccess {
    /// The connection's token held the demographics scope at its last sync (or the data was
    /// imported from files that carry demographics).
    pub allowed: bool,
    /// Demographics records cached.
    pub cached: u32,
    /// What the window says about them.
    pub note: String,
}

/// A connection holding roster data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RosterSource {
    /// The connection's name.
    pub connection: String,
    /// Where its data comes from.
    pub kind: SourceKind,
    /// Orgs cached.
    pub orgs: u32,
    /// Classes cached.
    pub classes: u32,
    /// Users cached.
    pub users: u32,
    /// Enrollments cached.
    pub enrollments: u32,
    /// Whether demographics may be shown.
    pub demographics: DemographicsAccess,
}

/// Where the navigation stands: an org (district, school, ...), then a term of its classes,
/// then a course of those.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RosterScope {
    /// The org.
    pub org: Option<String>,
    /// The term (an academic session the classes name).
    pub term: Option<String>,
    /// The course.
    pub course: Option<String>,
}

/// Active classes, and distinct teachers and students of their active enrollments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ScopeCounts {
    /// Classes.
    pub classes: u32,
    /// Teachers.
    pub teachers: u32,
    /// Students.
    pub students: u32,
}

/// What a navigation entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum NavKind {
    /// An org.
    Org,
    /// A term.
    Term,
    /// A course.
    Course,
    /// A class.
    Class,
}

/// One entry of a navigation level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NavEntry {
    /// What it is.
    pub kind: NavKind,
    /// sourcedId.
    pub id: String,
    /// Name or title (the sourcedId when the record is not cached).
    pub label: String,
    /// The org's type, a term's dates, a course's or class's code.
    pub detail: Option<String>,
    /// Counts below it.
    pub counts: ScopeCounts,
    /// Status `tobedeleted`.
    pub inactive: bool,
    /// A term whose dates include today.
    pub current: bool,
    /// Named by other records but not cached.
    pub missing: bool,
    /// Where choosing it goes (none for a class: its page opens).
    pub scope: Option<RosterScope>,
}

/// One step of the way back up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NavCrumb {
    /// What it shows.
    pub label: String,
    /// Where it goes.
    pub scope: RosterScope,
}

/// One level of the navigation: where it stands, its counts, and what is below.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RosterLevel {
    /// The connection's name.
    pub connection: String,
    /// The scope shown.
    pub scope: RosterScope,
    /// From the top down to here.
    pub crumbs: Vec<NavCrumb>,
    /// Counts of the scope.
    pub here: ScopeCounts,
    /// What is below: orgs, then terms, courses or classes.
    pub children: Vec<NavEntry>,
    /// Today, as the app's clock says (`YYYY-MM-DD`).
    pub today: String,
}

/// An academic session in the calendar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CalendarSession {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: String,
    /// type (`schoolYear`, `term`, `semester`, `gradingPeriod`).
    pub kind: Option<String>,
    /// startDate (inclusive).
    pub start_date: Option<String>,
    /// endDate, as stored (exclusive).
    pub end_date: Option<String>,
    /// The last day the session includes (the day before `endDate`).
    pub last_day: Option<String>,
    /// Today falls within it.
    pub current: bool,
    /// Status `tobedeleted`.
    pub inactive: bool,
    /// Active classes naming it among their terms.
    pub classes: u32,
    /// Sessions naming it as their parent, by start date.
    pub children: Vec<CalendarSession>,
}

/// The academic calendar: school years → terms → grading periods.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AcademicCalendar {
    /// Today, as the app's clock says.
    pub today: String,
    /// Sessions with no cached parent (school years, mostly), by start date.
    pub roots: Vec<CalendarSession>,
}

/// A column of the classes table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ClassColumn {
    /// title.
    Title,
    /// classCode.
    Code,
    /// The course's title.
    Course,
    /// The school's name.
    School,
    /// The terms' titles.
    Terms,
    /// periods.
    Periods,
    /// The teachers' names.
    Teachers,
    /// Distinct active students.
    Students,
}

/// A sort of the classes table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassSort {
    /// By which column.
    pub column: ClassColumn,
    /// Largest first.
    pub descending: bool,
}

/// A filter on one column: words the cell contains (case and accents ignored), or for
/// student counts also `>N`, `<N`, `=N`, `N-M`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ColumnFilter {
    /// Which column.
    pub column: ClassColumn,
    /// What it must hold.
    pub text: String,
}

/// What the classes table asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassQuery {
    /// The scope.
    pub scope: RosterScope,
    /// The sort (title, then code, when none).
    pub sort: Option<ClassSort>,
    /// Filters, all of which must hold.
    pub filters: Vec<ColumnFilter>,
}

/// A row of the classes table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassTableRow {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: String,
    /// classCode.
    pub code: String,
    /// The course's title (its sourcedId when not cached).
    pub course: String,
    /// The school's name (its sourcedId when not cached).
    pub school: String,
    /// The terms' titles, joined.
    pub terms: String,
    /// periods, joined.
    pub periods: String,
    /// The teachers' names, primary first, joined.
    pub teachers: String,
    /// Distinct active students.
    pub students: u32,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// The classes table's rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassTable {
    /// Classes in the scope before filtering.
    pub total: u32,
    /// The rows that pass the filters, sorted.
    pub rows: Vec<ClassTableRow>,
}

/// A link to a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecordLink {
    /// The collection's name (`users`, `classes`, `orgs`, ...).
    pub collection: String,
    /// sourcedId.
    pub id: String,
    /// Its title or name (the sourcedId when not cached).
    pub label: String,
    /// Not in the cache.
    pub missing: bool,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// An academic session a class names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SessionEntry {
    /// The session.
    pub link: RecordLink,
    /// type.
    pub kind: Option<String>,
    /// startDate (inclusive).
    pub start_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// Today falls within it.
    pub current: bool,
}

/// An enrollment of a class, with its user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassMember {
    /// The enrollment's sourcedId.
    pub enrollment_id: String,
    /// The user (label "Family, Given").
    pub user: RecordLink,
    /// givenName.
    pub given_name: Option<String>,
    /// familyName.
    pub family_name: Option<String>,
    /// preferredFirstName.
    pub preferred_first_name: Option<String>,
    /// username.
    pub username: Option<String>,
    /// identifier.
    pub identifier: Option<String>,
    /// email.
    pub email: Option<String>,
    /// role.
    pub role: String,
    /// primary.
    pub primary: bool,
    /// beginDate (inclusive).
    pub begin_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// The enrollment's status is `tobedeleted`.
    pub inactive: bool,
    /// The user is disabled.
    pub disabled: bool,
    /// The dates fall outside the class's terms.
    pub outside_terms: bool,
}

/// A line item of a class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LineItemEntry {
    /// The line item.
    pub link: RecordLink,
    /// assignDate.
    pub assign_date: Option<String>,
    /// dueDate.
    pub due_date: Option<String>,
    /// The category.
    pub category: Option<String>,
    /// The grading period.
    pub grading_period: Option<String>,
}

/// The class page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassPage {
    /// The connection's name.
    pub connection: String,
    /// The class.
    pub link: RecordLink,
    /// classCode.
    pub class_code: Option<String>,
    /// classType.
    pub class_type: Option<String>,
    /// location.
    pub location: Option<String>,
    /// status.
    pub status: Option<String>,
    /// The course.
    pub course: Option<RecordLink>,
    /// The school.
    pub school: Option<RecordLink>,
    /// terms.
    pub terms: Vec<SessionEntry>,
    /// periods.
    pub periods: Vec<String>,
    /// subjects.
    pub subjects: Vec<String>,
    /// subjectCodes.
    pub subject_codes: Vec<String>,
    /// grades.
    pub grades: Vec<String>,
    /// Teacher enrollments, primary first.
    pub teachers: Vec<ClassMember>,
    /// Student enrollments, by name.
    pub students: Vec<ClassMember>,
    /// Other roles (aides, proctors, guardians, ...).
    pub others: Vec<ClassMember>,
    /// Distinct active teachers and students.
    pub counts: ScopeCounts,
    /// resources.
    pub resources: Vec<RecordLink>,
    /// Line items of the class.
    pub line_items: Vec<LineItemEntry>,
    /// The record's JSON as the server sent it.
    pub raw: String,
}

/// A user's names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserNames {
    /// givenName.
    pub given_name: Option<String>,
    /// middleName.
    pub middle_name: Option<String>,
    /// familyName.
    pub family_name: Option<String>,
    /// preferredFirstName.
    pub preferred_first_name: Option<String>,
    /// preferredMiddleName.
    pub preferred_middle_name: Option<String>,
    /// preferredLastName.
    pub preferred_last_name: Option<String>,
    /// pronouns.
    pub pronouns: Option<String>,
}

/// A name and its value, both as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldLine {
    /// The field's name (`userIds[0].type`).
    pub name: String,
    /// Its value as text.
    pub value: String,
}

/// A user's role at an org.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserRoleEntry {
    /// roleType (`primary` or `secondary`).
    pub role_type: Option<String>,
    /// role.
    pub role: Option<String>,
    /// The org.
    pub org: Option<RecordLink>,
    /// beginDate (inclusive).
    pub begin_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// userProfile.
    pub user_profile: Option<String>,
    /// Today falls within its dates (or it has none).
    pub current: bool,
}

/// A user linked as an agent, either way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgentEntry {
    /// The other user.
    pub user: RecordLink,
    /// The roles the other user holds.
    pub roles: Vec<String>,
}

/// An enrollment of a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserEnrollment {
    /// The enrollment's sourcedId.
    pub enrollment_id: String,
    /// The class.
    pub class: RecordLink,
    /// The class's classCode.
    pub class_code: Option<String>,
    /// The school's name.
    pub school: Option<String>,
    /// role.
    pub role: String,
    /// primary.
    pub primary: bool,
    /// beginDate (inclusive).
    pub begin_date: Option<String>,
    /// endDate (exclusive).
    pub end_date: Option<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// The user page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserPage {
    /// The connection's name.
    pub connection: String,
    /// The user (label: preferred or given name and family name).
    pub link: RecordLink,
    /// status.
    pub status: Option<String>,
    /// enabledUser (none when not given).
    pub enabled: Option<bool>,
    /// Names.
    pub names: UserNames,
    /// username.
    pub username: Option<String>,
    /// email.
    pub email: Option<String>,
    /// sms.
    pub sms: Option<String>,
    /// phone.
    pub phone: Option<String>,
    /// identifier.
    pub identifier: Option<String>,
    /// userMasterIdentifier.
    pub master_identifier: Option<String>,
    /// userIds: type → identifier.
    pub user_ids: Vec<FieldLine>,
    /// grades.
    pub grades: Vec<String>,
    /// primaryOrg.
    pub primary_org: Option<RecordLink>,
    /// roles.
    pub roles: Vec<UserRoleEntry>,
    /// The user's agents (a student's guardians).
    pub agents: Vec<AgentEntry>,
    /// The users naming this one as their agent (a guardian's students).
    pub agent_of: Vec<AgentEntry>,
    /// Enrollments, by class.
    pub enrollments: Vec<UserEnrollment>,
    /// resources.
    pub resources: Vec<RecordLink>,
    /// Whether demographics may be shown, and whether this user has any.
    pub demographics: DemographicsAccess,
    /// A demographics record for this user is cached.
    pub has_demographics: bool,
    /// The record's JSON as the server sent it.
    pub raw: String,
}

/// A user found by search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserHit {
    /// The user ("Family, Given").
    pub link: RecordLink,
    /// preferredFirstName.
    pub preferred_first_name: Option<String>,
    /// username.
    pub username: Option<String>,
    /// email.
    pub email: Option<String>,
    /// identifier.
    pub identifier: Option<String>,
    /// Roles held.
    pub roles: Vec<String>,
}

/// A user's demographics, revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DemographicsRecord {
    /// The user's sourcedId.
    pub user_id: String,
    /// Every field but the common ones, as text.
    pub fields: Vec<FieldLine>,
    /// The record's JSON as the server sent it.
    pub raw: String,
}

/// A record a data check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CheckRecord {
    /// The record.
    pub link: RecordLink,
    /// What is wrong with it.
    pub detail: String,
}

/// What one data check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CheckResult {
    /// A stable name (`to_be_deleted`, `unknown_course`, ...).
    pub id: String,
    /// Status, People, Enrollments, Classes or References.
    pub group: String,
    /// What it looks for.
    pub title: String,
    /// Why it matters, in a sentence.
    pub explanation: String,
    /// Records found.
    pub count: u32,
    /// The first of them.
    pub records: Vec<CheckRecord>,
}

/// The data checks of a connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DataChecks {
    /// The connection's name.
    pub connection: String,
    /// Every check, problems or not.
    pub checks: Vec<CheckResult>,
}

/// Any roster record: its fields and links, and its JSON as the server sent it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecordPage {
    /// The connection's name.
    pub connection: String,
    /// The record.
    pub link: RecordLink,
    /// Every scalar field, by dotted path.
    pub fields: Vec<FieldLine>,
    /// The records it references, by field (`FieldLine.name` in `field`).
    pub links: Vec<FieldLink>,
    /// The record's JSON as the server sent it.
    pub raw: String,
}

/// A reference a record holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldLink {
    /// The field (`class`, `terms[1]`).
    pub field: String,
    /// The record it names.
    pub link: RecordLink,
}
