//! A framework, or one of its subtrees, as a document to print: [`print_document`] builds the
//! model (a title page's fields, every item in the plan's order with its level, code,
//! statement, notes and optional columns) and [`print_html`] writes it as one self-contained
//! HTML file around the UI's own print renderer (the same Markdown, KaTeX and sanitiser as the
//! window), which any browser prints.

mod html;
mod model;

pub use html::{PRINT_DATA_ID, PrintBundle, print_html};
pub use model::{PrintColumns, PrintDocument, PrintField, PrintItem, PrintLinks, print_document};
