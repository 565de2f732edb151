//! The print document as one self-contained HTML file: the model as JSON in a data block, and
//! the UI's print renderer (`ui/src/print/`, built by `npm --prefix ui run build:print` into one
//! script and one style sheet with KaTeX's fonts inline) beside it. Opened in any browser, the
//! renderer lays the document out and the browser prints it. The page's content security policy
//! lets nothing load or run but the renderer itself (its hash): the framework's markup is
//! sanitised by the renderer, and even what got past it could not reach the network.

use base64::Engine;
use sha2::{Digest, Sha256};

use super::model::PrintDocument;

/// The `id` of the data block the renderer reads the document from.
pub const PRINT_DATA_ID: &str = "cairn-print-data";

/// The built print renderer.
#[derive(Debug, Clone, Copy)]
pub struct PrintBundle<'b> {
    /// Its script (an immediately run function).
    pub script: &'b str,
    /// Its style sheet.
    pub style: &'b str,
}

/// The HTML file of `document` around `bundle`.
pub fn print_html(document: &PrintDocument, bundle: &PrintBundle<'_>) -> Result<String, serde_json::Error> {
    let data = in_script(&serde_json::to_string(document)?);
    let script = bundle.script.replace("</script", "<\\/script");
    let style = bundle.style.replace("</style", "<\\/style");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()));
    let title = escape(&document.title);
    Ok(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-{hash}'; \
         style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"Cairn\">\n<title>{title}</title>\n<style>{style}</style>\n</head>\n<body>\n\
         <noscript><p>This document is laid out by its script: open it in a browser with scripts on.</p></noscript>\n\
         <script type=\"application/json\" id=\"{PRINT_DATA_ID}\">{data}</script>\n<script>{script}</script>\n</body>\n</html>\n"
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
        };
        let document = PrintDocument {
            title: "<b>T</b>".to_owned(),
            scope: None,
            fields: Vec::new(),
            columns: PrintColumns::default(),
            items: vec![item],
        };
        let html = print_html(&document, &PrintBundle { script: "let s = '</script>';", style: "p{}" }).unwrap();
        assert_eq!(html.matches("</script>").count(), 2, "only the two blocks end: {html}");
        assert!(html.contains("<title>&lt;b&gt;T&lt;/b&gt;</title>"));
        let start = html.find(PRINT_DATA_ID).unwrap();
        let data = &html[html[start..].find('>').unwrap() + start + 1..];
        let data = &data[..data.find("</script>").unwrap()];
        let back: PrintDocument = serde_json::from_str(data).unwrap();
        assert_eq!(back, document);
    }
}
