//! `Category`: a weighted group of line items.

use crate::base::oneroster_record;
use crate::scalar::{Float, Text};

oneroster_record! {
    /// `Category`.
    pub struct Category = "Category" {
        /// Title.
        title: one Text = "title",
        /// Weight in the final score.
        weight: opt Float = "weight",
    }
}
