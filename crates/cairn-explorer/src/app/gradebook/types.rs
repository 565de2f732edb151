//! What the gradebook's commands take and answer (camelCase, TypeScript by ts-rs): the outbox's
//! writes and a send's report, a class's gradebook, and the checks' findings.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use cairn_store::cache::outbox::WriteState;

use cairn_sync::failure::Failure;

/// The HTTP method of a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
pub enum WriteMethod {
    /// Creates or replaces one record.
    Put,
    /// A bulk POST of records under a class or line item.
    Post,
    /// Deletes one record.
    Delete,
}

impl WriteMethod {
    /// The method's name, as stored in the outbox and put on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            WriteMethod::Put => "PUT",
            WriteMethod::Post => "POST",
            WriteMethod::Delete => "DELETE",
        }
    }

    /// The method a stored word names.
    pub fn parse(word: &str) -> Option<WriteMethod> {
        [WriteMethod::Put, WriteMethod::Post, WriteMethod::Delete].into_iter().find(|m| m.as_str() == word)
    }
}

/// Where a write in the outbox stands (the store's `WriteState`, as the window reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum OutboxState {
    /// Stored, not sent yet (or to be tried again).
    Pending,
    /// On the wire (or was, when the app stopped).
    Sending,
    /// The server accepted it.
    Sent,
    /// The server refused it.
    Failed,
    /// Given up; kept for the audit.
    Discarded,
}

impl From<WriteState> for OutboxState {
    fn from(state: WriteState) -> OutboxState {
        match state {
            WriteState::Pending => OutboxState::Pending,
            WriteState::Sending => OutboxState::Sending,
            WriteState::Sent => OutboxState::Sent,
            WriteState::Failed => OutboxState::Failed,
            WriteState::Discarded => OutboxState::Discarded,
        }
    }
}

/// Where a line item or a cell shown in the gradebook stands: as the server holds it, or
/// changed by an unsent write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum RecordState {
    /// As cached from the server.
    Server,
    /// An unsent write creates or changes it.
    Pending,
    /// That write is on the wire.
    Sending,
    /// The server refused that write.
    Failed,
    /// An unsent write deletes it.
    Deleting,
}

impl RecordState {
    /// The state of a record an unsent write in `state` makes (a write no longer unsent
    /// leaves the record as the server has it).
    pub fn of_write(state: WriteState) -> RecordState {
        match state {
            WriteState::Pending => RecordState::Pending,
            WriteState::Sending => RecordState::Sending,
            WriteState::Failed => RecordState::Failed,
            WriteState::Sent | WriteState::Discarded => RecordState::Server,
        }
    }
}

/// Why a write did not go through: in words, with the code, HTTP status and the server's
/// status object as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WriteFailure {
    /// What happened.
    pub message: String,
    /// The code, HTTP status, status object and transport kind.
    pub failure: Failure,
}

/// One write in the outbox (and in the audit).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OutboxItem {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
    /// The connection it goes to.
    pub connection: String,
    /// The HTTP method.
    pub method: WriteMethod,
    /// The operation (`putResult`).
    pub operation: String,
    /// The collection written.
    pub collection: String,
    /// The record's sourcedId (for a POST, the class or line item posted to).
    pub record_id: String,
    /// What it is, in words.
    pub label: String,
    /// Where it stands.
    pub state: OutboxState,
    /// Times it was put on the wire.
    pub attempts: u32,
    /// The body sent (JSON), if any.
    #[ts(type = "unknown")]
    pub body: Option<Value>,
    /// The record before (as cached), if it was.
    #[ts(type = "unknown")]
    pub before: Option<Value>,
    /// The record after (as read back from the server).
    #[ts(type = "unknown")]
    pub after: Option<Value>,
    /// A bulk POST's identifier pairs (supplied → allocated).
    pub pairs: Vec<IdPair>,
    /// Why the last attempt failed.
    pub error: Option<WriteFailure>,
    /// When it was made.
    pub created_at: String,
    /// When its state last changed.
    pub updated_at: String,
    /// When the server accepted it.
    pub sent_at: Option<String>,
}

/// An identifier the client supplied and the one the server allocated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct IdPair {
    /// suppliedSourcedId.
    pub supplied: String,
    /// allocatedSourcedId.
    pub allocated: String,
}

/// What one sending of the outbox did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SendReport {
    /// Writes the server accepted (read back and cached).
    pub sent: u32,
    /// Writes left pending (the server failed or could not be reached), with their error.
    pub pending: u32,
    /// Writes the server refused.
    pub failed: u32,
    /// Whether sending stopped because the server could not be reached.
    pub offline: bool,
    /// The writes sent, left pending or refused, by number.
    #[ts(type = "Array<number>")]
    pub sent_ids: Vec<i64>,
    /// Those left pending.
    #[ts(type = "Array<number>")]
    pub pending_ids: Vec<i64>,
    /// Those refused.
    #[ts(type = "Array<number>")]
    pub failed_ids: Vec<i64>,
    /// The server refused writes for the credentials (401 after a new token, or 403): why,
    /// with its status object's words. The rest stay pending.
    pub refused: Option<String>,
}

/// Unsent writes of one connection (said at start).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UnsentCount {
    /// The connection.
    pub connection: String,
    /// Pending, sending or failed writes.
    pub count: u32,
}

/// A gradebook category.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookCategory {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: String,
    /// weight.
    pub weight: Option<f64>,
}

/// A score scale and its values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookScale {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: String,
    /// itemValueLHS of each value, in order.
    pub values: Vec<String>,
    /// itemValueRHS of each value, in order.
    pub meanings: Vec<String>,
}

/// A line item: a column of the grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookLineItem {
    /// sourcedId.
    pub id: String,
    /// title.
    pub title: String,
    /// Its category's sourcedId.
    pub category_id: Option<String>,
    /// Its category's title.
    pub category: Option<String>,
    /// Its grading period's sourcedId.
    pub grading_period_id: Option<String>,
    /// Its grading period's title.
    pub grading_period: Option<String>,
    /// assignDate.
    pub assign_date: Option<String>,
    /// dueDate.
    pub due_date: Option<String>,
    /// resultValueMin.
    pub min: Option<f64>,
    /// resultValueMax.
    pub max: Option<f64>,
    /// Its score scale's sourcedId.
    pub score_scale_id: Option<String>,
    /// `server` (as cached), or the state of the unsent write that creates, changes or
    /// (`deleting`) deletes it.
    pub state: RecordState,
    /// That write's number in the outbox.
    #[ts(type = "number | null")]
    pub outbox_id: Option<i64>,
}

/// A student: a row of the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookStudent {
    /// sourcedId.
    pub id: String,
    /// "Family, Given".
    pub name: String,
}

/// A cell of the grid: a student's result on a line item, as the server holds it or as an
/// unsent write will make it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookCell {
    /// The student.
    pub student: String,
    /// The line item.
    pub line_item: String,
    /// The result's sourcedId.
    pub result_id: String,
    /// score, as written.
    pub score: Option<String>,
    /// textScore.
    pub text_score: Option<String>,
    /// scoreStatus.
    pub score_status: Option<String>,
    /// scoreDate.
    pub score_date: Option<String>,
    /// comment.
    pub comment: Option<String>,
    /// late.
    pub late: bool,
    /// incomplete.
    pub incomplete: bool,
    /// missing.
    pub missing: bool,
    /// inProgress.
    pub in_progress: bool,
    /// `server` (as cached from the server), or the state of the unsent write that changes
    /// (`deleting`: deletes) it.
    pub state: RecordState,
    /// The unsent write's number.
    #[ts(type = "number | null")]
    pub outbox_id: Option<i64>,
    /// Why that write failed.
    pub error: Option<WriteFailure>,
}

/// Whether writes may be made, and why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WriteAccess {
    /// PUTs (and bulk POSTs) allowed.
    pub put: bool,
    /// DELETEs allowed.
    pub delete: bool,
    /// Why not, in words.
    pub reason: Option<String>,
    /// The server could not be reached: the scopes are unknown, and writes wait in the outbox.
    pub offline: bool,
}

impl WriteAccess {
    /// Nothing may be written, because of `reason`.
    pub fn read_only(reason: String) -> WriteAccess {
        WriteAccess { put: false, delete: false, reason: Some(reason), offline: false }
    }
}

/// A class's gradebook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClassGradebook {
    /// The connection.
    pub connection: String,
    /// The class's sourcedId.
    pub class_id: String,
    /// Its title.
    pub class_title: String,
    /// Its school (line items name it).
    pub school_id: Option<String>,
    /// Categories its line items use.
    pub categories: Vec<GradebookCategory>,
    /// Its score scales (and those its line items use).
    pub scales: Vec<GradebookScale>,
    /// Its line items, by due date.
    pub line_items: Vec<GradebookLineItem>,
    /// Its students (active enrollments), by name.
    pub students: Vec<GradebookStudent>,
    /// Every cell with a result or an unsent write.
    pub cells: Vec<GradebookCell>,
    /// The class's assessment line items (the parents and targets the forms offer).
    pub assessment_line_items: Vec<GradebookRecordRef>,
    /// The results of those assessment line items ("student · assessment: score").
    pub assessment_results: Vec<GradebookRecordRef>,
}

/// A record the forms offer by title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GradebookRecordRef {
    /// sourcedId.
    pub id: String,
    /// title (the sourcedId when it has none).
    pub title: String,
}

/// A cell edited in the grid.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellEdit {
    /// The class.
    pub class_id: String,
    /// The line item.
    pub line_item: String,
    /// The student.
    pub student: String,
    /// score, as typed (empty: none).
    pub score: Option<String>,
    /// textScore.
    pub text_score: Option<String>,
    /// scoreStatus (default `fully graded` with a score, `not submitted` without).
    pub score_status: Option<String>,
    /// scoreDate (default today).
    pub score_date: Option<String>,
    /// comment.
    pub comment: Option<String>,
    /// late.
    pub late: bool,
    /// incomplete.
    pub incomplete: bool,
    /// missing.
    pub missing: bool,
    /// inProgress.
    pub in_progress: bool,
    /// The teacher said a score above the maximum is extra credit.
    pub extra_credit: bool,
}

/// A cell a results POST did not take, with its checks' answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefusedCell {
    /// The student's sourcedId.
    pub student: String,
    /// Why.
    pub check: super::checks::CellCheck,
}

/// What storing a results POST did: stored for sending, or the cells refused (then nothing
/// was stored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResultsPost {
    /// The outbox write, when every cell passed.
    #[ts(type = "number | null")]
    pub outbox_id: Option<i64>,
    /// The cells refused.
    pub refused: Vec<RefusedCell>,
}

/// What saving a cell did: stored for sending, or the checks' answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellSave {
    /// The outbox write, when the checks passed.
    #[ts(type = "number | null")]
    pub outbox_id: Option<i64>,
    /// The checks' answer.
    pub check: super::checks::CellCheck,
}
