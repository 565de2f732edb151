//! The window's print renderer, built by `npm --prefix ui run build:print` into
//! `ui/dist-print/` (one script, one style sheet, KaTeX's fonts inline) and compiled into the
//! command line, which inlines it into the HTML file `cairn export --format html` writes: the
//! command line prints with the window's own Markdown, KaTeX and sanitiser, not a second
//! renderer. `build.rs` builds the bundle when it is missing.

use cairn_files::export::print::PrintBundle;

/// The print renderer.
pub const BUNDLE: PrintBundle<'static> = PrintBundle {
    script: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/dist-print/print.js")),
    style: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/dist-print/print.css")),
};
