//! The window's print renderer (`ui/dist-print/`, built with the UI by `build_ui` in
//! `scripts/setup.sh`), compiled into the app as into the command line: the hidden print view
//! lays a document out with the window's own Markdown, KaTeX and sanitiser.

use cairn_explorer::app::PrintBundle;

/// The print renderer.
pub const BUNDLE: PrintBundle<'static> = PrintBundle {
    script: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/dist-print/print.js")),
    style: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/dist-print/print.css")),
};
