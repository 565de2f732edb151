//! The running header and the page numbers of a printed PDF. WebKit prints no CSS page margin
//! boxes (`@top-center`, `counter(page)`), so the PDF the web view printed gets them afterwards:
//! each page's drawing is wrapped in a saved graphics state, and a line of text in the standard
//! Helvetica font (no font embedded) is added in the top margin (the header) and the bottom
//! margin (`Page n of m`). The app prints a long document in parts; their PDFs are joined here
//! first, so the numbers run across the whole.

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat, dictionary};

use crate::export::ExportError;

/// The font's name in each page's resources.
const FONT: &str = "CairnRunning";
/// The text's size, in points.
const SIZE: f32 = 8.0;
/// How far from the page's top and bottom edges the lines sit, in points.
const EDGE: f32 = 22.0;
/// How far from the page's left edge the header starts, in points.
const LEFT: f32 = 42.0;
/// The longest header, in characters (longer ones end in an ellipsis).
const HEADER_CHARS: usize = 100;
/// A4, when a page says no size of its own.
const A4: [f32; 4] = [0.0, 0.0, 595.0, 842.0];

/// The PDFs `parts` joined in order, with `header` atop every page and `Page n of m` below it;
/// answers the PDF and its page count.
pub fn number_pages<P: AsRef<[u8]>>(parts: &[P], header: &str) -> Result<(Vec<u8>, u32), ExportError> {
    let mut doc = joined(parts)?;
    let size = parts.iter().map(|p| p.as_ref().len()).sum::<usize>();
    let font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let pages = doc.get_pages();
    let count = u32::try_from(pages.len()).unwrap_or(u32::MAX);
    let header = shortened(header);
    for (number, page) in pages {
        let [x0, y0, x1, y1] = media_box(&doc, page);
        let footer = format!("Page {number} of {count}");
        let footer_x = x0 + ((x1 - x0) - width(&footer)) / 2.0;
        let mut lines = Vec::new();
        if !header.is_empty() {
            lines.push((header.as_str(), x0 + LEFT, y1 - EDGE));
        }
        lines.push((footer.as_str(), footer_x, y0 + EDGE - SIZE));
        add_font(&mut doc, page, font)?;
        wrap_contents(&mut doc, page, text(&lines)?)?;
    }
    let mut out = Vec::with_capacity(size + 1024);
    doc.save_to(&mut out).map_err(|e| pdf_error(e.into()))?;
    Ok((out, count))
}

/// The pages of `pdf` within `ranges` (numbered from 1, ends included, as a print dialog's
/// "Pages: 2-4, 7" reads), in the document's order, each once; a range past the last page keeps
/// what it holds. Answers the PDF and how many pages it kept; an error when no range holds a
/// page. The numbers already drawn stay, so page 3 still reads `Page 3 of m`.
pub fn keep_pages(pdf: &[u8], ranges: &[std::ops::RangeInclusive<u32>]) -> Result<(Vec<u8>, u32), ExportError> {
    let mut doc = Document::load_mem(pdf).map_err(pdf_error)?;
    let pages = doc.get_pages();
    let total = u32::try_from(pages.len()).unwrap_or(u32::MAX);
    let dropped: Vec<u32> = pages.keys().copied().filter(|n| !ranges.iter().any(|r| r.contains(n))).collect();
    let kept = total - u32::try_from(dropped.len()).unwrap_or(total);
    if kept == 0 {
        let asked = ranges.iter().map(|r| format!("{}–{}", r.start(), r.end())).collect::<Vec<_>>().join(", ");
        return Err(ExportError::Pdf { message: format!("pages {asked}: the document has {total} pages") });
    }
    doc.delete_pages(&dropped);
    doc.prune_objects();
    let mut out = Vec::with_capacity(pdf.len());
    doc.save_to(&mut out).map_err(|e| pdf_error(e.into()))?;
    Ok((out, kept))
}

/// The PDFs `parts` as one document, their pages in order.
fn joined<P: AsRef<[u8]>>(parts: &[P]) -> Result<Document, ExportError> {
    let (first, rest) =
        parts.split_first().ok_or_else(|| ExportError::Pdf { message: "nothing was printed".into() })?;
    let mut doc = Document::load_mem(first.as_ref()).map_err(pdf_error)?;
    for part in rest {
        append(&mut doc, Document::load_mem(part.as_ref()).map_err(pdf_error)?)?;
    }
    Ok(doc)
}

/// Attributes a page inherits from its page tree (PDF 1.7, 7.7.3.4).
const INHERITED: [&[u8]; 4] = [b"MediaBox", b"Resources", b"CropBox", b"Rotate"];

/// `part`'s pages appended to `doc`'s page tree (taking what they inherited with them); its own
/// catalog and page tree are left out.
fn append(doc: &mut Document, mut part: Document) -> Result<(), ExportError> {
    part.renumber_objects_with(doc.max_id + 1);
    doc.max_id = doc.max_id.max(part.max_id);
    let tree = doc.catalog().and_then(|c| c.get(b"Pages")).and_then(Object::as_reference).map_err(pdf_error)?;
    let pages: Vec<ObjectId> = part.get_pages().into_values().collect();
    let mut skipped = vec![part.trailer.get(b"Root").and_then(Object::as_reference).map_err(pdf_error)?];
    for &page in &pages {
        let mut inherited = Vec::new();
        let mut parent = part.get_dictionary(page).and_then(|d| d.get(b"Parent")).and_then(Object::as_reference).ok();
        while let Some(id) = parent {
            skipped.push(id);
            let node = part.get_dictionary(id).map_err(pdf_error)?;
            inherited.extend(INHERITED.iter().filter_map(|key| node.get(key).ok().map(|v| (*key, v.clone()))));
            parent = node.get(b"Parent").and_then(Object::as_reference).ok();
        }
        let dict = part.get_object_mut(page).and_then(Object::as_dict_mut).map_err(pdf_error)?;
        for (key, value) in inherited {
            if !dict.has(key) {
                dict.set(key, value);
            }
        }
        dict.set("Parent", Object::Reference(tree));
    }
    for id in skipped {
        part.objects.remove(&id);
    }
    doc.objects.extend(part.objects);
    let root = doc.get_object_mut(tree).and_then(Object::as_dict_mut).map_err(pdf_error)?;
    let count = root.get(b"Count").and_then(Object::as_i64).unwrap_or(0);
    if let Ok(Object::Array(kids)) = root.get_mut(b"Kids") {
        kids.extend(pages.iter().map(|&id| Object::Reference(id)));
    }
    root.set("Count", count + i64::try_from(pages.len()).unwrap_or(i64::MAX));
    Ok(())
}

/// `header` cut to [`HEADER_CHARS`].
fn shortened(header: &str) -> String {
    let header = header.split_whitespace().collect::<Vec<_>>().join(" ");
    match header.chars().count() > HEADER_CHARS {
        true => format!("{}…", header.chars().take(HEADER_CHARS - 1).collect::<String>()),
        false => header,
    }
}

/// About how wide `text` is in Helvetica at [`SIZE`] (its digits and most letters are near
/// half an em): enough to centre a page number.
fn width(text: &str) -> f32 {
    text.chars().count() as f32 * SIZE * 0.52
}

/// The content stream drawing `lines` (text, x, y) in the running font.
fn text(lines: &[(&str, f32, f32)]) -> Result<Vec<u8>, ExportError> {
    let mut operations =
        vec![Operation::new("q", vec![]), Operation::new("rg", vec![0.35.into(), 0.35.into(), 0.35.into()])];
    for (line, x, y) in lines {
        operations.extend([
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec![FONT.into(), SIZE.into()]),
            Operation::new("Td", vec![(*x).into(), (*y).into()]),
            Operation::new("Tj", vec![Object::String(win_ansi(line), StringFormat::Literal)]),
            Operation::new("ET", vec![]),
        ]);
    }
    operations.push(Operation::new("Q", vec![]));
    Content { operations }.encode().map_err(pdf_error)
}

/// `text` in WinAnsiEncoding (the standard fonts' encoding): Latin-1 as is, the common
/// typographic marks at their places, anything else a question mark.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

/// The page's media box, its own or inherited (A4 when none says).
fn media_box(doc: &Document, page: ObjectId) -> [f32; 4] {
    let mut node = doc.get_dictionary(page).ok();
    while let Some(dict) = node {
        if let Ok(Object::Array(values)) = dict.get(b"MediaBox").and_then(|o| doc.dereference(o).map(|(_, o)| o)) {
            let numbers: Vec<f32> = values.iter().filter_map(|v| v.as_float().ok()).collect();
            if let [x0, y0, x1, y1] = numbers[..] {
                return [x0, y0, x1, y1];
            }
        }
        node = dict.get(b"Parent").and_then(Object::as_reference).and_then(|id| doc.get_dictionary(id)).ok();
    }
    A4
}

/// Adds the running font to the page's resources.
fn add_font(doc: &mut Document, page: ObjectId, font: ObjectId) -> Result<(), ExportError> {
    let resources = doc.get_or_create_resources(page).and_then(Object::as_dict_mut).map_err(pdf_error)?;
    let fonts_ref = match resources.get(b"Font") {
        Ok(Object::Reference(id)) => Some(*id),
        Ok(Object::Dictionary(_)) => None,
        _ => {
            resources.set("Font", Dictionary::new());
            None
        }
    };
    let fonts = match fonts_ref {
        Some(id) => doc.get_object_mut(id).and_then(Object::as_dict_mut),
        None => doc
            .get_or_create_resources(page)
            .and_then(Object::as_dict_mut)
            .and_then(|r| r.get_mut(b"Font"))
            .and_then(Object::as_dict_mut),
    }
    .map_err(pdf_error)?;
    fonts.set(FONT, Object::Reference(font));
    Ok(())
}

/// The page's contents as `q`, what it drew, `Q`, then `extra`: the page's own drawing cannot
/// leave a transformation that moves the added text.
fn wrap_contents(doc: &mut Document, page: ObjectId, extra: Vec<u8>) -> Result<(), ExportError> {
    let existing: Vec<Object> = doc.get_page_contents(page).into_iter().map(Object::Reference).collect();
    let save = doc.add_object(Stream::new(Dictionary::new(), b"q\n".to_vec()));
    let restore = doc.add_object(Stream::new(Dictionary::new(), b"\nQ\n".to_vec()));
    let added = doc.add_object(Stream::new(Dictionary::new(), extra));
    let mut contents = vec![Object::Reference(save)];
    contents.extend(existing);
    contents.extend([Object::Reference(restore), Object::Reference(added)]);
    let page = doc.get_object_mut(page).and_then(Object::as_dict_mut).map_err(pdf_error)?;
    page.set("Contents", contents);
    Ok(())
}

fn pdf_error(error: lopdf::Error) -> ExportError {
    ExportError::Pdf { message: error.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PDF of `pages` empty A4 pages, as a printer might write it.
    fn blank(pages: usize) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let tree = doc.new_object_id();
        let kids: Vec<Object> = (0..pages)
            .map(|_| {
                let content = doc.add_object(Stream::new(Dictionary::new(), b"1 0 0 -1 0 842 cm".to_vec()));
                doc.add_object(dictionary! { "Type" => "Page", "Parent" => tree, "Contents" => content }).into()
            })
            .collect();
        let count = i64::try_from(kids.len()).unwrap();
        doc.objects.insert(
            tree,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => kids, "Count" => count, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => tree });
        doc.trailer.set("Root", catalog);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    #[test]
    fn every_page_gets_the_header_and_its_number_after_its_own_drawing() {
        let (pdf, count) = number_pages(&[blank(3)], "Framework (A) — élan").unwrap();
        assert_eq!(count, 3);
        let doc = Document::load_mem(&pdf).unwrap();
        for (number, page) in doc.get_pages() {
            let content = doc.get_page_content(page);
            let drawn = String::from_utf8_lossy(&content);
            let at = |s: &str| drawn.find(s).unwrap_or(usize::MAX);
            assert!(drawn.trim_start().starts_with('q'), "{drawn}");
            assert!(
                at("842 cm") < at("\nQ") && at("\nQ") < at("Tj"),
                "the page's own drawing is closed first: {drawn}"
            );
            assert!(drawn.contains(&format!("(Page {number} of 3) Tj")), "{drawn}");
            assert!(drawn.contains("(Framework (A) "), "{drawn}");
            let fonts = doc.get_page_fonts(page).unwrap();
            assert_eq!(fonts.get(FONT.as_bytes()).and_then(|f| f.get(b"BaseFont").ok()), Some(&"Helvetica".into()));
        }
    }

    #[test]
    fn parts_are_joined_in_order_and_numbered_across_the_whole() {
        let (pdf, count) = number_pages(&[blank(2), blank(1), blank(3)], "T").unwrap();
        assert_eq!(count, 6);
        let doc = Document::load_mem(&pdf).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 6);
        for (number, page) in pages {
            let drawn = String::from_utf8_lossy(&doc.get_page_content(page)).into_owned();
            assert!(drawn.contains(&format!("(Page {number} of 6) Tj")), "{drawn}");
            assert_eq!(media_box(&doc, page), [0.0, 0.0, 595.0, 842.0], "the inherited size came along");
        }
        let catalogs = doc.objects.values().filter(|o| o.type_name().is_ok_and(|t| t == b"Catalog")).count();
        assert_eq!(catalogs, 1, "the parts' own catalogs are left out");
    }

    #[test]
    fn page_ranges_keep_their_pages_and_numbers() {
        let (pdf, _) = number_pages(&[blank(6)], "T").unwrap();
        let (kept, count) = keep_pages(&pdf, &[5..=9, 2..=3, 3..=3]).unwrap();
        assert_eq!(count, 4, "pages 2, 3, 5 and 6, each once");
        let doc = Document::load_mem(&kept).unwrap();
        let numbers: Vec<String> = doc
            .get_pages()
            .values()
            .map(|page| {
                let drawn = String::from_utf8_lossy(&doc.get_page_content(*page)).into_owned();
                drawn.split("(Page ").nth(1).and_then(|rest| rest.split(')').next()).unwrap_or_default().to_owned()
            })
            .collect();
        assert_eq!(numbers, ["2 of 6", "3 of 6", "5 of 6", "6 of 6"]);
        let error = keep_pages(&pdf, &[7..=9]).unwrap_err();
        assert!(error.to_string().contains("pages 7–9: the document has 6 pages"), "{error}");
    }

    #[test]
    fn no_parts_is_a_clear_error() {
        let error = number_pages::<Vec<u8>>(&[], "T").unwrap_err();
        assert!(error.to_string().contains("nothing was printed"), "{error}");
    }

    #[test]
    fn not_a_pdf_is_a_clear_error() {
        let error = number_pages(&[b"<html>"], "T").unwrap_err();
        assert!(matches!(error, ExportError::Pdf { .. }), "{error}");
        assert!(error.to_string().starts_with("the printed PDF: "));
    }

    #[test]
    fn long_headers_are_cut_and_text_is_win_ansi() {
        assert_eq!(shortened(&"x".repeat(300)).chars().count(), HEADER_CHARS);
        assert_eq!(win_ansi("a—é€"), vec![b'a', 0x97, 0xe9, b'?']);
    }
}
