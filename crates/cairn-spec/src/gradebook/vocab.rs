//! Gradebook vocabularies.

use crate::scalar::vocabulary;

vocabulary!(
    /// `ScoreStatusExtEnum` with the 1.2 additions; terms contain spaces.
    ScoreStatus = "ScoreStatusExtEnum",
    Prefixed,
    [
        "exempt", "fully graded", "not submitted", "partially graded", "submitted",
        "late", "incomplete", "missing", "withdrawal", "in progress",
    ]
);

vocabulary!(
    /// `SourceExtEnum`: where learning objective identifiers come from; `case` means CASE UUIDs.
    LearningObjectiveSource = "SourceExtEnum", LowerAlnum, ["case", "unknown"]
);
