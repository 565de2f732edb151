//! A framework, or one of its subtrees, as a document to print: [`print_document`] builds the
//! model (a title page's fields, every item in the plan's order with its level, code,
//! statement, notes and optional columns) and [`print_html`] writes it as one self-contained
//! HTML file around the UI's own print renderer (the same Markdown, KaTeX and sanitiser as the
//! window), which any browser prints; `number_pages` (the `pdf` feature) adds the running
//! header and the page numbers to the PDF the app's web view prints from that file.

mod html;
mod model;
#[cfg(feature = "pdf")]
mod pages;

pub use html::{
    PRINT_DATA_ID, PRINT_PART_ID, PreparedBundle, PrintBundle, PrintMedia, PrintPart, print_html, print_part_html,
};
pub use model::{PrintColumns, PrintDocument, PrintField, PrintItem, PrintLinks, print_document};
#[cfg(feature = "pdf")]
pub use pages::{keep_pages, number_pages};
