//! Workbooks (`.xlsx`, written by `rust_xlsxwriter`): a framework or one of its subtrees with
//! every level ([`framework_workbook`]: items in the plan's order with their level, path of
//! codes and every CASE field, folded by the outline; its associations; its document), and the
//! window's own tables ([`tables_workbook`]: a crosswalk's pairs, a roster's classes).

mod associations;
mod cells;
mod document;
mod framework;
mod items;
mod sheet;
mod table;

pub use associations::ASSOCIATION_COLUMNS;
pub use framework::{FRAMEWORK_SHEETS, framework_workbook};
pub use items::{CODE_PATH_SEPARATOR, ITEM_LEADING_COLUMNS};
pub use table::{Table, tables_workbook};
