//! PDF documents (cargo feature `pdf`): MuPDF gives every character with its font, size and
//! box; docsweep rebuilds the reading order and hands the text rules lines with layout hints.
//!
//! Per page:
//! 1. **fragments**: MuPDF's lines, cut where two characters stand more than about a font size
//!    apart (table cells), with their dominant size, bold and monospace (font flags and name
//!    cues: `Bold`, `BX`, `Semibold`, `Mono`, `Courier`, `TT`, …). Vertical text (margin stamps)
//!    is left out.
//! 2. **columns**: whitespace valleys on x that run down the page with text on both sides (up to
//!    three columns). A fragment that crosses a valley spans the columns (a title, a full-width
//!    figure caption) and cuts the page into bands; bands are read top to bottom, and inside a
//!    band each column top to bottom, left column first.
//! 3. **lines**: fragments of one column on one baseline, left to right; a wide gap between them
//!    is kept as a cell boundary.
//!
//! Then over the document: **page furniture** (a line in the top or bottom band that repeats
//! there, digits aside, at about the same height on `pdf.furniture_min_share` of the pages; a
//! bare page number there; a band line that carries the page number in step with the page
//! index, as alternating running heads do), **overlays** (a page whose every line the next
//! page sets again in the same place, as a slide's `\pause` builds a frame up: the next page
//! keeps only what it adds, `fold_overlays`), **font size clusters** (sizes within 0.4 pt are
//! one size; the cluster with the most characters is the body size), **tables** (three or
//! more lines of two or more cells whose cells fall into the same column ranges), and
//! **paragraphs** (a bigger gap than the body line spacing, a change of size, weight or font
//! family, a first-line indent, a list marker, the end of a table).
//!
//! The result is a text with `\f` between pages and a blank line between paragraphs, plus one
//! [`LineHint`] per line (box, typography, monospace, table, footnote). The plain-text rules
//! ([`text::extract_with`]) make the blocks from it: the shared heading scorer with
//! typography, tables of contents, lists, captions, hyphenation in prose only.

use crate::config::{PdfConfig, TextConfig};
use crate::extract::canonical::Canonical;
use crate::extract::headings::{self, Typography};
use crate::extract::text::{self, Hints, LineHint};
use crate::model::{Block, TableShape};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

mod bookmarks;
mod figures;
mod flow;
mod furniture;
mod layout;
#[cfg(feature = "pdf")]
mod mend;
mod ocr;
#[cfg(feature = "pdf")]
mod read;
mod tables;
#[cfg(test)]
mod tests;

pub use bookmarks::*;
use figures::*;
use flow::*;
use furniture::*;
use layout::*;
#[cfg(feature = "pdf")]
pub use ocr::stop_ocr_commands;
use ocr::*;
use tables::*;

/// What a PDF gives the rest of the pipeline.
pub struct PdfExtraction {
    pub canonical: String,
    pub blocks: Vec<Block>,
    pub pages: u32,
    pub furniture_lines: u32,
    pub hyphen_joins: u32,
    pub flags: Vec<String>,
    /// What could not be read, and why (the OCR of a picture page failed): the `reason` of
    /// a document that is `ok` all the same.
    pub note: Option<String>,
}

/// A run of characters on one baseline with no wide gap inside.
#[derive(Debug, Clone)]
struct Frag {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    base: f32,
    size: f32,
    text: String,
    chars: u32,
    /// Characters set in bold, in a monospaced font, in italics.
    bold_chars: u32,
    mono_chars: u32,
    italic_chars: u32,
    /// Raised small digits or symbols inside the fragment (footnote marks).
    marks: Vec<String>,
    /// Bytes of `text` set in bold from its start (a run-in heading); None once a regular
    /// character came.
    bold_lead: usize,
    lead_open: bool,
    /// A figure region (see [`figures`]): its text is the words inside it.
    figure: bool,
    /// Characters set in a colour, not black or a dark grey (a link's blue).
    colored_chars: u32,
}

impl Frag {
    /// A fragment of regular type, none of it bold, monospaced or raised, in box
    /// `[x0, y0, x1, y1]` on baseline `base`.
    fn plain(b: [f32; 4], base: f32, size: f32, text: String) -> Frag {
        Frag {
            x0: b[0],
            y0: b[1],
            x1: b[2],
            y1: b[3],
            base,
            size,
            chars: text.chars().count() as u32,
            text,
            bold_chars: 0,
            mono_chars: 0,
            italic_chars: 0,
            marks: Vec::new(),
            bold_lead: 0,
            lead_open: false,
            figure: false,
            colored_chars: 0,
        }
    }
}

/// One line of a column in reading order.
#[derive(Debug, Clone)]
struct VLine {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    base: f32,
    size: f32,
    bold: bool,
    mono: bool,
    italic: bool,
    text: String,
    chars: u32,
    /// Cells: x ranges and texts (fragments joined where the gap is narrow).
    cells: Vec<(f32, f32, String)>,
    /// Band and column: lines of one (band, column) are one flow of text.
    flow: (u32, u32),
    furniture: bool,
    table: Option<usize>,
    footnote: bool,
    /// Set on lines moved to the page before (see `continue_over_footnotes`).
    page_shift: u32,
    /// Footnote marks set as superscripts in the line.
    markers: Vec<String>,
    /// In a band that spans the columns (a title, a full-width figure or its caption).
    span: bool,
    /// Bytes of `text` set in bold from its start, when the line goes on in regular type.
    bold_lead: usize,
    /// A figure region, alone on its line.
    figure: bool,
    /// Starts a paragraph whatever comes before it (the second of two captions set side by
    /// side, see `split_caption_pairs`).
    break_before: bool,
}

struct Page {
    height: f32,
    lines: Vec<VLine>,
    /// Horizontal rules drawn on the page (thin lines and bars): table borders among them.
    rules: Vec<[f32; 4]>,
}

/// A line of the text handed to the text rules whose place on a page is known: bytes
/// `start..end` of the text, page (1-based), box.
struct LineBox {
    start: usize,
    end: usize,
    page: u32,
    bbox: [f32; 4],
}

/// Font traits from the font's flags and its name.
#[derive(Debug, Clone, Copy, Default)]
struct FontClass {
    bold: bool,
    mono: bool,
    italic: bool,
}

fn font_class(name: &str, flag_bold: bool, flag_mono: bool, flag_italic: bool) -> FontClass {
    // "ABCDEF+CMBX12": the part after the subset tag.
    let n = name.rsplit('+').next().unwrap_or(name).to_ascii_lowercase();
    let bold = flag_bold
        || [
            "bold",
            "semibold",
            "black",
            "heavy",
            "demi",
            "cmbx",
            "sfbx",
            "lmroman10-bold",
        ]
        .iter()
        .any(|k| n.contains(k))
        || n.ends_with("-bx")
        || n.contains("bx1")
        || n.contains("bx0")
        || n.ends_with("bx");
    let mono = flag_mono
        || [
            "mono",
            "courier",
            "cmtt",
            "sftt",
            "lmtt",
            "txtt",
            "typewriter",
            "consol",
            "menlo",
            "inconsolata",
            "pcrr",
            "pcrb",
            "beramono",
            "fixed",
            // URW's Courier (`NimbusMonL-Regu`, which dblatex and groff set code in) and
            // other code faces whose names do not say `Mono`.
            "nimbusmon",
            "cousine",
            "sourcecode",
            "firacode",
            "lettergothic",
        ]
        .iter()
        .any(|k| n.contains(k))
        || n.starts_with("tt")
        || n.contains("-tt");
    let italic = flag_italic
        || [
            "italic", "oblique", "cmti", "cmsl", "cmbxti", "-it", "slanted",
        ]
        .iter()
        .any(|k| n.contains(k));
    FontClass { bold, mono, italic }
}

/// Ligatures and soft hyphens as MuPDF may hand them over.
fn push_char(out: &mut String, c: char) {
    match c {
        '\u{00AD}' => {}
        '\u{FB00}' => out.push_str("ff"),
        '\u{FB01}' => out.push_str("fi"),
        '\u{FB02}' => out.push_str("fl"),
        '\u{FB03}' => out.push_str("ffi"),
        '\u{FB04}' => out.push_str("ffl"),
        '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
        '\t' | '\n' | '\r' | '\u{A0}' => out.push(' '),
        '\0'..='\u{1F}' | '\u{7F}' => {}
        c => out.push(c),
    }
}

/// The combining mark of a spacing accent as fonts draw it apart from its letter.
fn combining_mark(c: char) -> Option<char> {
    Some(match c {
        '\u{B4}' | '\u{2CA}' => '\u{301}',
        '`' | '\u{2CB}' => '\u{300}',
        '\u{A8}' => '\u{308}',
        '^' | '\u{2C6}' => '\u{302}',
        '~' | '\u{2DC}' => '\u{303}',
        '\u{AF}' | '\u{2C9}' => '\u{304}',
        '\u{2D8}' => '\u{306}',
        '\u{2D9}' => '\u{307}',
        '\u{2DA}' => '\u{30A}',
        '\u{2DD}' => '\u{30B}',
        '\u{2C7}' => '\u{30C}',
        '\u{B8}' => '\u{327}',
        '\u{2DB}' => '\u{328}',
        _ => return None,
    })
}

/// `prev` and `next` (a character and its horizontal extent) as one letter, when one is a
/// spacing accent whose middle stands over or under the other, a letter: `¨` + `u` → `ü`,
/// `c` + `¸` → `ç`, `´` + `ı` → `í`; a letter without a precomposed form keeps the accent as
/// its combining mark (`ˆ` + `k` → `k̂`). None when the two are no accent and its letter.
fn compose_accent(
    prev: Option<(char, f32, f32)>,
    next: (char, f32, f32),
) -> Option<(char, Option<char>)> {
    let (pc, px0, px1) = prev?;
    let (nc, nx0, nx1) = next;
    let over = |(a0, a1): (f32, f32), (l0, l1): (f32, f32)| {
        let mid = (a0 + a1) / 2.0;
        mid >= l0 && mid <= l1
    };
    let (letter, mark) = match (combining_mark(pc), combining_mark(nc)) {
        (Some(m), _) if nc.is_alphabetic() && over((px0, px1), (nx0, nx1)) => (nc, m),
        (_, Some(m)) if pc.is_alphabetic() && over((nx0, nx1), (px0, px1)) => (pc, m),
        _ => return None,
    };
    // Accents go over a dotless i or j; a ligature is written out, never accented.
    let letter = match letter {
        'ı' => 'i',
        'ȷ' => 'j',
        '\u{FB00}'..='\u{FB06}' => return None,
        l => l,
    };
    Some(match unicode_normalization::char::compose(letter, mark) {
        Some(k) => (k, None),
        None => (letter, Some(mark)),
    })
}

/// The glyphs of a page so far, by character and position, to find a glyph drawn twice at
/// the same place. Positions are kept in cells at least twice as wide as the nearness looked
/// for (a power of two points; two glyphs a cell), so that a position is near at most one
/// edge of its cell on each axis and a lookup reads at most four cells, whatever the type size.
#[derive(Default)]
struct Drawn {
    at: HashMap<u64, [(f32, f32); 2], std::hash::BuildHasherDefault<CellHash>>,
}

impl Drawn {
    /// Whether `c` already stands within a fifth of its size of `(x, base)`; records it if not.
    fn again(&mut self, c: char, x: f32, base: f32, size: f32) -> bool {
        // Far outside any page: not looked at (and no cell arithmetic to overflow).
        if x.abs() > 1.0e6 || base.abs() > 1.0e6 {
            return false;
        }
        let near = size * 0.2;
        let e = (2.0 * near).max(1.0 / 64.0).log2().ceil().clamp(-6.0, 12.0) as i32;
        let cell = 2f32.powi(e);
        let (fx, fy) = ((x / cell).floor(), (base / cell).floor());
        let side = |f: f32, v: f32| {
            if v - f * cell < near {
                -1
            } else if (f + 1.0) * cell - v < near {
                1
            } else {
                0
            }
        };
        let (sx, sy) = (side(fx, x), side(fy, base));
        let key = |dx: i64, dy: i64| {
            // The character, the cell size and the cell, packed (positions wrap far beyond
            // any page; a wrapped neighbour is only a needless look).
            (u64::from(c) << 43)
                | (((e + 8) as u64 & 0x1f) << 38)
                | (((fx as i64 + dx) as u64 & 0x7_ffff) << 19)
                | ((fy as i64 + dy) as u64 & 0x7_ffff)
        };
        // The cell, and the neighbours across the near edges.
        let cells = [(0, 0), (sx, 0), (0, sy), (sx, sy)];
        let n = match (sx != 0, sy != 0) {
            (false, false) => 1,
            (true, false) => 2,
            (false, true) => 3,
            (true, true) => 4,
        };
        for &(dx, dy) in &cells[..n] {
            let hit = self.at.get(&key(dx, dy)).is_some_and(|v| {
                v.iter()
                    .any(|&(px, py)| (px - x).abs() <= near && (py - base).abs() <= near)
            });
            if hit {
                return true;
            }
        }
        // A cell holds two glyphs (`ll` in small type); a third is not recorded.
        let slot = self
            .at
            .entry(key(0, 0))
            .or_insert([(f32::NAN, f32::NAN); 2]);
        if let Some(free) = slot.iter_mut().find(|p| p.0.is_nan()) {
            *free = (x, base);
        }
        false
    }
}

/// A multiplicative hash for [`Drawn`]'s packed keys (the standard SipHash is several times
/// slower, and the keys are not chosen by an adversary: a collision costs a lookup).
#[derive(Default)]
struct CellHash(u64);

impl std::hash::Hasher for CellHash {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0 ^ v ^ (v >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// Reads a PDF and builds its canonical text and blocks; or says why it could not, with the
/// document's page count when it was opened (a scan without an OCR command, a file whose
/// pages all failed), so that a lake's pages left to read can be counted.
#[cfg(feature = "pdf")]
pub fn extract(
    bytes: &[u8],
    cfg: &PdfConfig,
    text_cfg: &TextConfig,
) -> Result<PdfExtraction, (String, Option<u32>)> {
    let mut pages = None;
    read_pdf(bytes, cfg, text_cfg, &mut pages).map_err(|why| (why, pages))
}

/// [`extract`], setting `pages` once the document is open.
#[cfg(feature = "pdf")]
fn read_pdf(
    bytes: &[u8],
    cfg: &PdfConfig,
    text_cfg: &TextConfig,
    pages_of: &mut Option<u32>,
) -> Result<PdfExtraction, String> {
    let started = Instant::now();
    crate::extract::mupdf_ffi::set_memory_limit(
        usize::try_from(cfg.max_memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
    );
    // A damaged file MuPDF cannot open, or opens without pages, gets a second chance on a
    // copy with a cross-reference table of docsweep's own (see `mend`); a file with no pages
    // keeps its first reason.
    let copy;
    let (opened, reindexed) = match read::open(bytes) {
        Ok(o) if o.pages > 0 => (o, false),
        first => {
            let no_pages = |o: &read::Opened<'_>| {
                if o.doc.repaired() {
                    "damaged PDF (cut short or its offsets wrong; MuPDF rebuilt its \
                     cross-reference table): no pages found"
                        .to_string()
                } else {
                    "PDF with no pages".to_string()
                }
            };
            let first = match first {
                Ok(o) => no_pages(&o),
                Err(e) if e.starts_with("unreadable PDF") => e,
                Err(e) => return Err(e),
            };
            copy = mend::reindexed(bytes).ok_or_else(|| first.clone())?;
            match read::open(&copy) {
                Ok(o) if o.pages > 0 => (o, true),
                _ => return Err(first),
            }
        }
    };
    // A page still being read when the document's time is up is stopped there.
    if cfg.max_seconds > 0.0 {
        opened.doc.set_deadline(
            started.checked_add(std::time::Duration::from_secs_f64(cfg.max_seconds.min(1e9))),
        );
    }
    let mut flags = Vec::new();
    let total = opened.pages;
    *pages_of = Some(total);
    let want = total.min(cfg.max_pages);
    if want < total {
        flags.push(format!("pdf_pages_cut:{want}/{total}"));
    }
    if cfg.ocr_all_pages && !cfg.ocr_command.is_empty() {
        let mut x = ocr(&opened.doc, want, &[], cfg, text_cfg, started)?;
        if opened.doc.repaired() || opened.tree_mended || reindexed {
            flags.push("pdf_repaired".into());
        }
        outline_headings(&opened.doc, &mut x, cfg);
        x.flags.extend(flags);
        x.pages = total;
        return Ok(x);
    }
    let mut pages = Vec::with_capacity(want as usize);
    // Each page read (its fragments, size and the graphics figures are found from) and its
    // rules, laid out once all are read.
    let mut read_pages = Vec::with_capacity(want as usize);
    let mut failed_pages = Vec::new();
    let mut chars_cut = false;
    // Pages that are pictures with (almost) no text of their own: scans, a scan with a stamp,
    // a full-page figure. Their index in `pages` and their own text.
    let mut scans = Vec::new();
    for i in 0..want {
        if cfg.max_seconds > 0.0 && started.elapsed().as_secs_f64() > cfg.max_seconds {
            flags.push(format!("pdf_time_cut:{i}/{total}"));
            break;
        }
        match read::page(&opened.doc, i, cfg) {
            Ok(mut p) => {
                chars_cut |= p.cut;
                // A picture page keeps its own text for OCR; read as it is, a picture on it
                // that is not the whole page is a figure all the same.
                if picture_page(&p) {
                    scans.push((read_pages.len(), p.frags.clone()));
                }
                underlines(&mut p);
                let rules = horizontal_rules(&p.graphics);
                keep_figure_graphics(&mut p);
                p.links = Vec::new();
                read_pages.push((p, rules));
            }
            Err(e) if e.ends_with(crate::extract::mupdf_ffi::STOPPED) => {
                flags.push(format!("pdf_time_cut:{i}/{total}"));
                break;
            }
            Err(e) => {
                failed_pages.push((i, e));
                read_pages.push((read::PageText::empty(792.0), Vec::new()));
            }
        }
    }
    // A web page's fixed parts printed on every page go before the pages are laid out, and
    // before figures are found: they would stand in the text's lines and columns, and a
    // navigation bar's box drawn over the text would make a figure of both.
    let mut frags: Vec<Vec<Frag>> = read_pages
        .iter_mut()
        .map(|p| std::mem::take(&mut p.0.frags))
        .collect();
    let heights: Vec<f32> = read_pages.iter().map(|p| p.0.height).collect();
    let fixed = fixed_furniture(&mut frags, &heights, cfg);
    for (f, (mut p, rules)) in frags.into_iter().zip(read_pages) {
        p.frags = f;
        figures(&mut p);
        let mut page = layout_page(p.frags, p.height);
        page.rules = rules;
        pages.push(page);
    }
    if chars_cut {
        flags.push("pdf_chars_cut".into());
    }
    let repaired = opened.doc.repaired() || opened.tree_mended || reindexed;
    if repaired {
        flags.push("pdf_repaired".into());
    }
    if !failed_pages.is_empty() {
        flags.push(format!("pdf_bad_pages:{}", failed_pages.len()));
    }
    let chars: usize = pages
        .iter()
        .flat_map(|p| &p.lines)
        .map(|l| l.chars as usize)
        .sum();
    // A scan with a stamp on each page (a page number, a file number) is read as a scan when
    // there is an OCR command; without one it keeps its stamps and is flagged.
    let all_scanned = scans.len() + failed_pages.len() == pages.len();
    if chars == 0 || (all_scanned && !cfg.ocr_command.is_empty()) {
        if pages.is_empty() {
            return Err(format!(
                "no page read within the time limit (pdf.max_seconds = {})",
                cfg.max_seconds
            ));
        }
        if failed_pages.len() == pages.len() {
            return Err(format!(
                "no page could be read: {}",
                failed_pages.first().map_or("", |s| s.1.as_str())
            ));
        }
        // Damaged past reading: repaired, and no page holds text or a picture (a scan that
        // MuPDF repaired is still read by OCR).
        if repaired && scans.is_empty() {
            return Err(format!(
                "damaged PDF (cut short or its offsets wrong; MuPDF rebuilt its cross-reference \
                 table): no text on its {} page{}",
                pages.len(),
                if pages.len() == 1 { "" } else { "s" }
            ));
        }
        if cfg.ocr_command.is_empty() {
            return Err(format!(
                "no text layer (OCR needed): {} page{} without text",
                pages.len(),
                if pages.len() == 1 { "" } else { "s" }
            ));
        }
        let bad: Vec<u32> = failed_pages.iter().map(|f| f.0).collect();
        let mut x = ocr(&opened.doc, want, &bad, cfg, text_cfg, started)?;
        x.flags.extend(flags);
        x.pages = total;
        return Ok(x);
    }
    let mut note = None;
    if !scans.is_empty() {
        let read = if cfg.ocr_command.is_empty() {
            0
        } else {
            let (read, failed) = ocr_scanned_pages(&opened.doc, &mut pages, &scans, cfg, started);
            note = failed;
            read
        };
        if read > 0 {
            flags.push(format!("ocr_pages:{read}"));
        }
        if read < scans.len() {
            flags.push(format!("pdf_image_pages:{}", scans.len() - read));
        }
    }
    let mut x = build(pages, cfg, text_cfg);
    x.furniture_lines += fixed;
    x.note = note;
    // Glyphs that their fonts map to no character (no `ToUnicode` entry, no glyph names: a
    // ligature, music or CJK glyphs of a subset font) come out as U+FFFD, as `pdftotext`
    // drops them: counted, so that a document whose text is partly lost can be found.
    let unmapped = x.canonical.matches('\u{FFFD}').count();
    if unmapped > 0 {
        flags.push(format!("pdf_unmapped_chars:{unmapped}"));
    }
    outline_headings(&opened.doc, &mut x, cfg);
    x.flags.extend(flags);
    x.pages = total;
    Ok(x)
}

/// With `use_outline`, the headings of `x` are the PDF's outline entries, when it has some.
#[cfg(feature = "pdf")]
fn outline_headings(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    x: &mut PdfExtraction,
    cfg: &PdfConfig,
) {
    if cfg.use_outline {
        let entries = outline_entries(doc);
        if !entries.is_empty() {
            headings_from_outline(&x.canonical, &mut x.blocks, &entries);
            x.flags.push("heading_source:outline".into());
        }
    }
}

/// Four fifths or more of `of` characters: a bold line, a line or fragment of code.
fn mostly(part: u32, of: u32) -> bool {
    part * 5 >= of.max(1) * 4
}

/// `b` grown to hold line `l`.
fn grown(b: [f32; 4], l: &VLine) -> [f32; 4] {
    [
        b[0].min(l.x0),
        b[1].min(l.y0),
        b[2].max(l.x1),
        b[3].max(l.y1),
    ]
}

/// A chapter's number set as a display glyph: one to three digits. (Not a letter: music and
/// symbol fonts map their big glyphs to letters.)
fn display_label(t: &str) -> bool {
    let t = t.trim();
    (1..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
}

/// A footnote mark: one or two digits, or `*`, `†`, `‡`, `§`, `¶` (`**` too).
fn is_marker(t: &str) -> bool {
    let t = t.trim();
    (!t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
        || t == "**"
        || (t.chars().count() == 1 && t.chars().all(is_mark_symbol))
}

/// The symbols footnotes are marked with, besides digits.
fn is_mark_symbol(c: char) -> bool {
    matches!(c, '*' | '†' | '‡' | '§' | '¶')
}

/// Size clusters over the document: sizes within 0.4 pt of the previous one join its cluster.
/// Returns the cluster index of every distinct size (rounded to 0.1 pt) and the body size.
fn size_clusters(pages: &[Page]) -> (Vec<(f32, u16)>, f32) {
    // (size, characters, characters not in code or tables).
    let mut hist: Vec<(f32, u64, u64)> = Vec::new();
    for l in pages.iter().flat_map(|p| &p.lines).filter(|l| !l.furniture) {
        let s = (l.size * 10.0).round() / 10.0;
        let text = if l.mono || l.table.is_some() {
            0
        } else {
            u64::from(l.chars)
        };
        match hist.iter_mut().find(|h| h.0 == s) {
            Some(h) => {
                h.1 += u64::from(l.chars);
                h.2 += text;
            }
            None => hist.push((s, u64::from(l.chars), text)),
        }
    }
    // The body is the text's, not the code's or the tables', when a quarter of the characters
    // at least are text: a manual of listings in a smaller type has its prose as the body, and
    // so has a reference of long tables (a list of the books of the Bible and their names).
    let (all, text): (u64, u64) = hist.iter().fold((0, 0), |a, h| (a.0 + h.1, a.1 + h.2));
    let by_text = text * 4 >= all;
    hist.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut bins: Vec<(f32, u16)> = Vec::with_capacity(hist.len());
    let mut weight: Vec<(f64, u64)> = Vec::new();
    let mut prev = f32::NEG_INFINITY;
    for &(s, all, text) in &hist {
        let w = if by_text { text } else { all };
        if s - prev > 0.4 || weight.is_empty() {
            weight.push((0.0, 0));
        }
        let k = weight.len() - 1;
        weight[k].0 += f64::from(s) * w as f64;
        weight[k].1 += w;
        bins.push((s, k as u16));
        prev = s;
    }
    let body = weight
        .iter()
        .max_by_key(|w| w.1)
        .map_or(10.0, |w| (w.0 / w.1.max(1) as f64) as f32);
    (bins, body)
}

fn bin_of(bins: &[(f32, u16)], size: f32) -> u16 {
    let s = (size * 10.0).round() / 10.0;
    bins.iter().find(|b| b.0 == s).map_or(0, |b| b.1)
}
