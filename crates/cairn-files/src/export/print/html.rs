//! The print document as one self-contained HTML file: the model as JSON in a data block, and
//! the UI's print renderer (`ui/src/print/`, built by `npm --prefix ui run build:print` into one
//! script and one style sheet with KaTeX's fonts inline) beside it. Opened in any browser, the
//! renderer lays the document out and the browser prints it. The page's content security policy
//! lets nothing load or run but the renderer itself (its hash): the framework's markup is
//! sanitised by the renderer, and even what got past it could not reach the network.

use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::model::PrintDocument;

/// The `id` of the data block the renderer reads the document from.
pub const PRINT_DATA_ID: &str = "cairn-print-data";
/// The `id` of the data block saying which part of the document a file lays out.
pub const PRINT_PART_ID: &str = "cairn-print-part";

/// Which part of a document a file lays out. A file to read or print has the whole; the app
/// prints a long document in parts (WebKit's pagination slows down with the document's length),
/// the title page and contents (their file having every item, for the contents and the count),
/// then the items a slice at a time (their file having the slice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PrintPart {
    /// Whether it has the title page and the contents.
    pub front: bool,
    /// Whether it has its items.
    pub items: bool,
    /// The document's index of its first item: the items' anchors go on from there.
    pub first: u32,
    /// The document's index of its first item with no path to the document, which a heading
    /// goes before.
    pub first_orphan: Option<u32>,
    /// The document's items in all (headings not counted), when the file has only those its
    /// contents list ([`PrintPart::contents`]).
    pub count: Option<u32>,
    /// The document's index of each item the file has, when the file has only those its
    /// contents list: their anchors.
    pub indices: Option<Vec<u32>>,
}

impl PrintPart {
    /// The whole of `document`.
    pub fn whole(document: &PrintDocument) -> PrintPart {
        PrintPart {
            front: true,
            items: true,
            first: 0,
            first_orphan: first_orphan(document),
            count: None,
            indices: None,
        }
    }

    /// The title page and contents of `document`, the file having every item.
    pub fn front(document: &PrintDocument) -> PrintPart {
        PrintPart {
            front: true,
            items: false,
            first: 0,
            first_orphan: first_orphan(document),
            count: None,
            indices: None,
        }
    }

    /// The title page and contents of `document`, and the document its file has: only the
    /// items the contents can list (a long document's front part loads a fraction of it).
    pub fn contents(document: &PrintDocument) -> (PrintPart, PrintDocument) {
        let listed: Vec<usize> = (0..document.items.len())
            .filter(|&i| {
                let item = &document.items[i];
                item.heading || item.level.is_some_and(|level| level <= CONTENTS_LEVELS)
            })
            .collect();
        let mut contents = document.slice(0..0);
        contents.items = listed.iter().map(|&i| document.items[i].clone()).collect();
        let index = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        let count = document.items.iter().filter(|item| !item.heading).count();
        let part = PrintPart {
            count: Some(index(count)),
            indices: Some(listed.into_iter().map(index).collect()),
            ..PrintPart::front(document)
        };
        (part, contents)
    }

    /// The items of `document` from its `first`, the file having only them.
    pub fn items(document: &PrintDocument, first: usize) -> PrintPart {
        let first = u32::try_from(first).unwrap_or(u32::MAX);
        PrintPart { front: false, items: true, first, first_orphan: first_orphan(document), count: None, indices: None }
    }
}

/// The levels the contents list (the renderer's `TOC_LEVELS`, `ui/src/features/print/`).
pub const CONTENTS_LEVELS: u32 = 2;

/// The index of the document's first item with no path to it.
fn first_orphan(document: &PrintDocument) -> Option<u32> {
    document.items.iter().position(|item| item.level.is_none()).and_then(|i| u32::try_from(i).ok())
}

/// The built print renderer.
#[derive(Debug, Clone, Copy)]
pub struct PrintBundle<'b> {
    /// Its script (an immediately run function).
    pub script: &'b str,
    /// Its style sheet.
    pub style: &'b str,
}

/// A print renderer made ready to inline: its script and style sheet unable to end their
/// elements, and the script's hash for the page's content security policy. A print in parts
/// prepares it once for all its files.
#[derive(Debug, Clone)]
pub struct PreparedBundle {
    script: String,
    style: String,
    hash: String,
}

impl PrintBundle<'_> {
    /// The bundle ready to inline.
    pub fn prepare(&self) -> PreparedBundle {
        let script = self.script.replace("</script", "<\\/script");
        let style = self.style.replace("</style", "<\\/style");
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()));
        PreparedBundle { script, style, hash }
    }
}

/// Who a file is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintMedia {
    /// A reader's browser: on screen, and printed from there.
    Screen,
    /// The app's hidden print view, which only prints it: nothing is laid out for the screen
    /// (the view is never shown, and printing lays the document out again for the page), so
    /// loading a part costs its script alone.
    PrintOnly,
}

/// Hides the document on screen (a [`PrintMedia::PrintOnly`] file).
const PRINT_ONLY_STYLE: &str = "<style>@media screen { .print-document { display: none; } }</style>\n";

/// The HTML file of `document` around `bundle`.
pub fn print_html(document: &PrintDocument, bundle: &PrintBundle<'_>) -> Result<String, serde_json::Error> {
    print_part_html(document, PrintPart::whole(document), &bundle.prepare(), PrintMedia::Screen)
}

/// The HTML file laying out `part` of a document around `bundle` for `media`: `document` holds
/// what the part needs (every item, or those the contents list ([`PrintPart::contents`]), for
/// the front; the part's slice for items).
pub fn print_part_html(
    document: &PrintDocument,
    part: PrintPart,
    bundle: &PreparedBundle,
    media: PrintMedia,
) -> Result<String, serde_json::Error> {
    let data = in_script(&serde_json::to_string(document)?);
    let part = in_script(&serde_json::to_string(&part)?);
    let PreparedBundle { script, style, hash } = bundle;
    let title = escape(&document.title);
    let print_only = match media {
        PrintMedia::Screen => "",
        PrintMedia::PrintOnly => PRINT_ONLY_STYLE,
    };
    Ok(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-{hash}'; \
         style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"Cairn\">\n<title>{title}</title>\n<style>{style}</style>\n{print_only}</head>\n<body>\n\
         <noscript><p>This document is laid out by its script: open it in a browser with scripts on.</p></noscript>\n\
         <script type=\"application/json\" id=\"{PRINT_DATA_ID}\">{data}</script>\n\
         <script type=\"application/json\" id=\"{PRINT_PART_ID}\">{part}</script>\n<script>{script}</script>\n</body>\n</html>\n"
    ))
}

/// JSON text made safe inside a `<script>` element: no `<`, `>` or `&` left to end it.
fn in_script(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// Text made safe in HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::print::{PrintColumns, PrintItem};

    #[test]
    fn the_data_cannot_end_its_block() {
        let item = PrintItem {
            level: Some(1),
            code: "A</script><script>alert(1)</script>".to_owned(),
            statement: "x & y".to_owned(),
            notes: None,
            item_type: None,
            education_level: Vec::new(),
            associations: Vec::new(),
            heading: false,
        };
        let document = PrintDocument {
            title: "<b>T</b>".to_owned(),
            scope: None,
            fields: Vec::new(),
            columns: PrintColumns::default(),
            items: vec![item],
        };
        let html = print_html(&document, &PrintBundle { script: "let s = '</script>';", style: "p{}" }).unwrap();
        assert_eq!(html.matches("</script>").count(), 3, "only the three blocks (data, part, script) end: {html}");
        assert!(html.contains("<title>&lt;b&gt;T&lt;/b&gt;</title>"));
        let start = html.find(PRINT_DATA_ID).unwrap();
        let data = &html[html[start..].find('>').unwrap() + start + 1..];
        let data = &data[..data.find("</script>").unwrap()];
        let back: PrintDocument = serde_json::from_str(data).unwrap();
        assert_eq!(back, document);
    }

    #[test]
    fn a_file_for_the_print_view_lays_nothing_out_on_screen() {
        let document = PrintDocument {
            title: "T".to_owned(),
            scope: None,
            fields: Vec::new(),
            columns: PrintColumns::default(),
            items: Vec::new(),
        };
        let bundle = PrintBundle { script: "let s = '</script>';", style: "p{}" }.prepare();
        let part = PrintPart::whole(&document);
        let screen = print_part_html(&document, part.clone(), &bundle, PrintMedia::Screen).unwrap();
        let print_only = print_part_html(&document, part, &bundle, PrintMedia::PrintOnly).unwrap();
        assert!(!screen.contains("@media screen"), "a reader's file shows on screen: {screen}");
        assert!(print_only.contains(PRINT_ONLY_STYLE), "{print_only}");
        assert_eq!(print_only.replace(PRINT_ONLY_STYLE, ""), screen, "the rest is the same file");
        // The policy's hash is the script's as inlined (its `</script` escaped).
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"let s = '<\\/script>';"));
        assert!(screen.contains(&format!("'sha256-{hash}'")), "{screen}");
    }

    #[test]
    fn the_front_part_has_only_what_its_contents_list_with_their_anchors_and_the_count() {
        let item = |level: Option<u32>, code: &str, heading: bool| PrintItem {
            level,
            code: code.to_owned(),
            statement: format!("statement of {code}"),
            notes: None,
            item_type: None,
            education_level: Vec::new(),
            associations: Vec::new(),
            heading,
        };
        let document = PrintDocument {
            title: "T".to_owned(),
            scope: None,
            fields: Vec::new(),
            columns: PrintColumns::default(),
            items: vec![
                item(Some(1), "A", false),
                item(Some(2), "A.1", false),
                item(Some(3), "A.1.a", false),
                item(Some(1), "", true),
                item(Some(4), "A.1.a.i", false),
                item(None, "orphan", false),
            ],
        };
        let (part, contents) = PrintPart::contents(&document);
        let codes: Vec<&str> = contents.items.iter().map(|item| item.code.as_str()).collect();
        assert_eq!(codes, ["A", "A.1", ""]);
        assert_eq!(part.indices, Some(vec![0, 1, 3]));
        assert_eq!(part.count, Some(5), "every item but the heading");
        assert!(part.front && !part.items);
        assert_eq!(part.first_orphan, Some(5));
    }

    #[test]
    fn the_contents_levels_are_the_renderers() {
        let renderer = include_str!("../../../../../ui/src/features/print/printDocument.ts");
        assert!(
            renderer.contains(&format!("export const TOC_LEVELS = {CONTENTS_LEVELS};")),
            "ui/src/features/print/printDocument.ts lists another number of levels"
        );
    }
}
