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
//! index, as alternating running heads do), **font size clusters** (sizes within 0.4 pt are
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
}

struct Page {
    height: f32,
    lines: Vec<VLine>,
    /// Horizontal rules drawn on the page (thin lines and bars): table borders among them.
    rules: Vec<[f32; 4]>,
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

#[cfg(feature = "pdf")]
mod read {
    //! MuPDF → fragments, with one MuPDF context per thread (see `mupdf_ffi`), so documents
    //! run in parallel on the worker pool.

    use super::{
        compose_accent, font_class, is_mark_symbol, mostly, push_char, Drawn, FontClass, Frag,
    };
    use crate::config::PdfConfig;
    use crate::extract::mupdf_ffi::{Char, Doc, Graphic, TextPage};
    use std::collections::HashMap;

    fn class_of(
        tp: &TextPage<'_>,
        ch: &Char<'_>,
        cache: &mut HashMap<usize, FontClass>,
    ) -> FontClass {
        *cache
            .entry(ch.font_id())
            .or_insert_with(|| match tp.font(ch) {
                Some(f) => font_class(&f.name, f.bold, f.mono, f.italic),
                None => FontClass::default(),
            })
    }

    pub struct Opened<'a> {
        pub doc: Doc<'a>,
        pub pages: u32,
        /// The page tree's counts were wrong and were counted again.
        pub recounted: bool,
    }

    pub fn open(bytes: &[u8]) -> Result<Opened<'_>, String> {
        // `%PDF-1.7`, possibly after some junk (readers accept it within the first KiB).
        let head = &bytes[..bytes.len().min(1024)];
        if !head
            .windows(6)
            .any(|w| w.starts_with(b"%PDF-") && w[5].is_ascii_digit())
        {
            return Err("not a PDF: no %PDF header in the first 1 KiB".into());
        }
        let doc = Doc::open(bytes).map_err(|e| format!("unreadable PDF: {e}"))?;
        if doc
            .needs_password()
            .map_err(|e| format!("unreadable PDF: {e}"))?
        {
            let ok = doc.authenticate(c"").unwrap_or(false);
            if !ok {
                return Err("encrypted PDF: a user password is needed to read it".into());
            }
        }
        // A root that counts no pages, or more than the file has objects, is damage when its
        // `/Kids` hold pages: they are counted, and the file is flagged as repaired.
        let (n, recounted) = match doc.page_count() {
            Ok(n) if n > 0 => (n, false),
            counted => match doc.recount_pages() {
                Some(n) => (n, true),
                None => (
                    counted.map_err(|e| format!("unreadable PDF: page tree: {e}"))?,
                    false,
                ),
            },
        };
        Ok(Opened {
            doc,
            pages: n.max(0) as u32,
            recounted,
        })
    }

    /// What a page holds: its text as fragments, its size, whether `max_page_chars` cut it,
    /// and its images and drawings (see [`super::figures`]); all in points from the top left.
    pub struct PageText {
        pub frags: Vec<Frag>,
        pub width: f32,
        pub height: f32,
        pub cut: bool,
        pub graphics: Vec<([f32; 4], Graphic)>,
        /// The boxes of the page's links.
        pub links: Vec<[f32; 4]>,
    }

    /// Page `index` of `doc` read as a [`PageText`].
    pub fn page(
        doc: &Doc<'_>,
        index: u32,
        cfg: &PdfConfig,
        fonts: &mut HashMap<usize, FontClass>,
    ) -> Result<PageText, String> {
        let tp = doc
            .text_page(index as i32)
            .map_err(|e| format!("page {}: {e}", index + 1))?;
        let [bx0, by0, bx1, by1] = tp.bounds;
        let (ox, oy) = (bx0, by0);
        let mut frags = Vec::new();
        let mut kept = 0usize;
        let mut cut = false;
        let lines = tp.lines();
        let mut drawn = Drawn::default();
        'blocks: for l in &lines {
            let mut cur: Option<Frag> = None;
            // Sizes of the fragment's characters: size, characters, characters not in a
            // monospaced font.
            let mut sizes: Vec<(f32, u32, u32)> = Vec::new();
            let mut bold_n = 0u32;
            let mut mono_n = 0u32;
            let mut italic_n = 0u32;
            let mut last_x1 = f32::NEG_INFINITY;
            let mut last_mark_at: Option<usize> = None;
            // The character last pushed into the fragment and its extent, for accents.
            let mut prev: Option<(char, f32, f32)> = None;
            let mut first_origin: Option<(f32, f32)> = None;
            let mut last_origin = (0.0f32, 0.0f32);
            let finish = |f: Option<Frag>,
                          sizes: &mut Vec<(f32, u32, u32)>,
                          (bold_n, mono_n, italic_n): (&mut u32, &mut u32, &mut u32),
                          out: &mut Vec<Frag>| {
                if let Some(mut f) = f {
                    let t = f.text.trim();
                    if !t.is_empty() {
                        f.text = t.to_string();
                        // The size of the text, not of the code inside it (a sentence with
                        // a function name in smaller monospace), unless it is code.
                        let code = mostly(*mono_n, f.chars);
                        let count = |s: &(f32, u32, u32)| if code { s.1 } else { s.2 };
                        f.size = sizes
                            .iter()
                            .max_by(|a, b| count(a).cmp(&count(b)).then(b.0.total_cmp(&a.0)))
                            .map_or(f.size, |s| s.0);
                        f.bold_chars = *bold_n;
                        f.mono_chars = *mono_n;
                        f.italic_chars = *italic_n;
                        out.push(f);
                    }
                }
                sizes.clear();
                *bold_n = 0;
                *mono_n = 0;
                *italic_n = 0;
            };
            for ch in l {
                let Some(c) = ch.char() else { continue };
                let q = ch.quad();
                let xs = [q[0].0, q[1].0, q[2].0, q[3].0];
                let ys = [q[0].1, q[1].1, q[2].1, q[3].1];
                let x0 = xs.iter().copied().fold(f32::INFINITY, f32::min) - ox;
                let x1 = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max) - ox;
                let y0 = ys.iter().copied().fold(f32::INFINITY, f32::min) - oy;
                let y1 = ys.iter().copied().fold(f32::NEG_INFINITY, f32::max) - oy;
                if !(x0.is_finite() && x1.is_finite() && y0.is_finite() && y1.is_finite()) {
                    continue;
                }
                let o = ch.origin();
                let origin = (o.0 - ox, o.1 - oy);
                first_origin.get_or_insert(origin);
                last_origin = origin;
                let size = ch.size().abs().max(0.1);
                let space = c.is_whitespace();
                // A glyph drawn again where it already stands (a shadow, an outline, bold made
                // by drawing twice) is read once: `1. INTRODUCTION`, not
                // `1. INTRODUCTION1. INTRODUCTION` or `UUSESSES`.
                if !space && drawn.again(c, x0, origin.1, size) {
                    continue;
                }
                // A wide gap: a new fragment (a table cell, a column of its own).
                if !space && cur.is_some() && x0 - last_x1 > size * 0.9 {
                    finish(
                        cur.take(),
                        &mut sizes,
                        (&mut bold_n, &mut mono_n, &mut italic_n),
                        &mut frags,
                    );
                }
                if space && cur.is_none() {
                    continue;
                }
                if cur.is_none() {
                    prev = None;
                }
                let f = cur.get_or_insert_with(|| Frag {
                    x0,
                    y0,
                    x1,
                    y1,
                    base: origin.1,
                    size,
                    text: String::new(),
                    chars: 0,
                    bold_chars: 0,
                    mono_chars: 0,
                    italic_chars: 0,
                    marks: Vec::new(),
                    bold_lead: 0,
                    lead_open: true,
                    figure: false,
                    colored_chars: 0,
                });
                // A raised small digit or symbol after normal text: a footnote mark.
                let raised = f.chars > 0
                    && size < f.size * 0.85
                    && origin.1 < f.base - f.size * 0.2
                    && (c.is_ascii_digit() || is_mark_symbol(c));
                if raised {
                    match (f.marks.last_mut(), last_mark_at) {
                        (Some(m), Some(at)) if at + 1 == f.chars as usize => m.push(c),
                        _ => f.marks.push(c.to_string()),
                    }
                    last_mark_at = Some(f.chars as usize + 1);
                }
                if !space && kept >= cfg.max_page_chars {
                    cut = true;
                    finish(
                        cur.take(),
                        &mut sizes,
                        (&mut bold_n, &mut mono_n, &mut italic_n),
                        &mut frags,
                    );
                    break 'blocks;
                }
                // An accent set over or under the letter beside it (TeX's `\"u` in an OT1
                // font draws `¨` then `u`): one letter, `ü`.
                let composed = compose_accent(prev, (c, x0, x1));
                match composed {
                    Some((k, mark)) => {
                        f.text.pop();
                        f.text.push(k);
                        f.text.extend(mark);
                        prev = None;
                    }
                    None => {
                        push_char(&mut f.text, c);
                        prev = (!space).then_some((c, x0, x1));
                    }
                }
                if !space {
                    f.x0 = f.x0.min(x0);
                    f.x1 = f.x1.max(x1);
                    f.y0 = f.y0.min(y0);
                    f.y1 = f.y1.max(y1);
                    last_x1 = x1;
                }
                if !space && composed.is_none() {
                    kept += 1;
                    f.chars += 1;
                    let class = class_of(&tp, ch, fonts);
                    let r = (size * 10.0).round() / 10.0;
                    let text = u32::from(!class.mono);
                    match sizes.iter_mut().find(|s| s.0 == r) {
                        Some(s) => {
                            s.1 += 1;
                            s.2 += text;
                        }
                        None => sizes.push((r, 1, text)),
                    }
                    let flag_bold = ch.bold_flag();
                    let bold = class.bold || flag_bold;
                    if f.lead_open {
                        if bold {
                            f.bold_lead = f.text.len();
                        } else {
                            f.lead_open = false;
                        }
                    }
                    let [_, r, g, b] = ch.argb().to_be_bytes();
                    f.colored_chars += u32::from(r.max(g).max(b) > 0x50);
                    bold_n += u32::from(bold);
                    mono_n += u32::from(class.mono);
                    italic_n += u32::from(class.italic);
                }
            }
            // Vertical text (a margin stamp, a rotated table head): left out.
            if let Some(fo) = first_origin {
                let (dx, dy) = (last_origin.0 - fo.0, last_origin.1 - fo.1);
                if dy.abs() > dx.abs() && dy.abs() > 1.0 {
                    cur = None;
                }
            }
            finish(
                cur.take(),
                &mut sizes,
                (&mut bold_n, &mut mono_n, &mut italic_n),
                &mut frags,
            );
        }
        // Boxes from the page's origin, as the fragments'.
        let shift = |b: [f32; 4]| [b[0] - ox, b[1] - oy, b[2] - ox, b[3] - oy];
        let graphics = tp
            .graphics()
            .into_iter()
            .map(|(b, kind)| (shift(b), kind))
            .collect();
        let links = tp.links.iter().map(|&b| shift(b)).collect();
        Ok(PageText {
            frags,
            width: bx1 - bx0,
            height: by1 - by0,
            cut,
            graphics,
            links,
        })
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

/// Reads a PDF and builds its canonical text and blocks.
#[cfg(feature = "pdf")]
pub fn extract(
    bytes: &[u8],
    cfg: &PdfConfig,
    text_cfg: &TextConfig,
) -> Result<PdfExtraction, String> {
    let started = Instant::now();
    crate::extract::mupdf_ffi::set_memory_limit(
        usize::try_from(cfg.max_memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
    );
    let opened = read::open(bytes)?;
    if opened.pages == 0 {
        return Err("PDF with no pages".into());
    }
    // A page still being read when the document's time is up is stopped there.
    if cfg.max_seconds > 0.0 {
        opened.doc.set_deadline(
            started.checked_add(std::time::Duration::from_secs_f64(cfg.max_seconds.min(1e9))),
        );
    }
    let mut flags = Vec::new();
    let total = opened.pages;
    let want = total.min(cfg.max_pages);
    if want < total {
        flags.push(format!("pdf_pages_cut:{want}/{total}"));
    }
    let mut fonts = HashMap::new();
    let mut pages = Vec::with_capacity(want as usize);
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
        match read::page(&opened.doc, i, cfg, &mut fonts) {
            Ok(mut p) => {
                chars_cut |= p.cut;
                // A picture page keeps its own text for OCR; read as it is, a picture on it
                // that is not the whole page is a figure all the same.
                if picture_page(&p) {
                    scans.push((pages.len(), p.frags.clone()));
                }
                underlines(&mut p);
                let rules = horizontal_rules(&p.graphics);
                figures(&mut p);
                let mut page = layout_page(p.frags, p.height);
                page.rules = rules;
                pages.push(page);
            }
            Err(e) if e.ends_with(crate::extract::mupdf_ffi::STOPPED) => {
                flags.push(format!("pdf_time_cut:{i}/{total}"));
                break;
            }
            Err(e) => {
                failed_pages.push((i, e));
                pages.push(Page {
                    height: 792.0,
                    lines: Vec::new(),
                    rules: Vec::new(),
                });
            }
        }
    }
    if chars_cut {
        flags.push("pdf_chars_cut".into());
    }
    let repaired = opened.doc.repaired() || opened.recounted;
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
    x.note = note;
    // Glyphs that their fonts map to no character (no `ToUnicode` entry, no glyph names: a
    // ligature, music or CJK glyphs of a subset font) come out as U+FFFD, as `pdftotext`
    // drops them: counted, so that a document whose text is partly lost can be found.
    let unmapped = x.canonical.matches('\u{FFFD}').count();
    if unmapped > 0 {
        flags.push(format!("pdf_unmapped_chars:{unmapped}"));
    }
    if cfg.use_outline {
        let entries = outline_entries(&opened.doc);
        if !entries.is_empty() {
            headings_from_outline(&x.canonical, &mut x.blocks, &entries);
            x.flags.push("heading_source:outline".into());
        }
    }
    x.flags.extend(flags);
    x.pages = total;
    Ok(x)
}

/// A PDF with no text layer, read by `pdf.ocr_command`: each page rendered and read by the
/// command (see [`ocr_page`]), but for the `bad` ones MuPDF rejected; pages joined with form feeds and read as OCR text is (page
/// furniture, hyphenation, headings). Flagged `ocr`. When the command prints tesseract's TSV,
/// each block gets the box of its lines on its page.
#[cfg(feature = "pdf")]
fn ocr(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    pages: u32,
    bad: &[u32],
    cfg: &PdfConfig,
    text_cfg: &TextConfig,
    started: Instant,
) -> Result<PdfExtraction, String> {
    let mut out = String::new();
    let mut flags = vec!["ocr".to_string()];
    let mut boxes = Vec::new();
    for i in 0..pages {
        if cfg.max_seconds > 0.0 && started.elapsed().as_secs_f64() > cfg.max_seconds {
            flags.push(format!("pdf_time_cut:{i}/{pages}"));
            break;
        }
        if i > 0 {
            out.push('\x0c');
        }
        // A page MuPDF rejected (counted in `pdf_bad_pages`) stays empty.
        if bad.contains(&i) {
            continue;
        }
        let (printed, dpi) = ocr_page(doc, i, cfg)?;
        match tsv_lines(&printed, dpi) {
            Some(lines) => {
                let mut last = None;
                for l in lines {
                    if last.is_some_and(|k| k != l.paragraph) {
                        out.push('\n');
                    }
                    last = Some(l.paragraph);
                    let start = out.len();
                    out.push_str(&l.text);
                    boxes.push(LineBox {
                        start,
                        end: out.len(),
                        page: i + 1,
                        bbox: l.bbox,
                    });
                    out.push('\n');
                }
            }
            None => out.push_str(&printed.replace('\x0c', "")),
        }
    }
    let mut x = from_text(&out, None, text_cfg, pages, &boxes);
    for b in &mut x.blocks {
        // Form feeds number the pages of a longer scan; a one-page scan has none.
        b.page.get_or_insert(1);
    }
    x.flags = flags;
    Ok(x)
}

/// Pixels of a page image handed to the OCR command at most (a US Letter page at 600 dpi has
/// 34 million): a larger page is rendered at a lower resolution.
const OCR_MAX_PIXELS: f32 = 64e6;

/// Runs `pdf.ocr_command` on page `index` rendered in grey at `ocr_dpi` (lower for a page too
/// large for [`OCR_MAX_PIXELS`]; written as a PGM image to the temporary folder, its path in
/// place of `{image}`) and returns what the command printed and the resolution used.
#[cfg(feature = "pdf")]
fn ocr_page(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    index: u32,
    cfg: &PdfConfig,
) -> Result<(String, f32), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let (w, h, px, dpi) = doc.render_gray(index as i32, cfg.ocr_dpi as f32, OCR_MAX_PIXELS)?;
    let image = std::env::temp_dir().join(format!(
        "docsweep-ocr-{}-{}.pgm",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    let mut pgm = format!("P5\n{w} {h}\n255\n").into_bytes();
    pgm.extend_from_slice(&px);
    let ran = std::fs::write(&image, &pgm)
        .map_err(|e| format!("OCR: cannot write a page image in {}: {e}", image.display()))
        .and_then(|()| {
            let path = image.to_string_lossy();
            let args: Vec<String> = cfg
                .ocr_command
                .iter()
                .map(|a| a.replace("{image}", &path))
                .collect();
            let mut command = std::process::Command::new(&args[0]);
            // Documents are read side by side on every core already: tesseract's own
            // OpenMP threads only contend with them (a page took 4.8 s of wall time with
            // them and 0.8 s without, here). A limit set by the user stands.
            if std::env::var_os("OMP_THREAD_LIMIT").is_none() {
                command.env("OMP_THREAD_LIMIT", "1");
            }
            command
                .args(&args[1..])
                .stdin(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .output()
                .map_err(|e| format!("OCR: cannot run {}: {e}", args[0]))
        });
    let _ = std::fs::remove_file(&image);
    let ran = ran?;
    if !ran.status.success() {
        return Err(format!(
            "OCR: {} failed on page {} ({})",
            cfg.ocr_command[0],
            index + 1,
            ran.status
        ));
    }
    Ok((String::from_utf8_lossy(&ran.stdout).into_owned(), dpi))
}

/// A page with fewer characters of text than this may be a scan (a page number stamped on a
/// scanned image).
const SCAN_MAX_CHARS: u32 = 32;

/// Whether a page is a picture: fewer than [`SCAN_MAX_CHARS`] characters of text, and images
/// over at least 30 % of it (a scan, a scan with a stamp, a full-page picture; not a blank
/// page or a chapter's title page). The images' boxes overlapping count twice.
fn picture_page(p: &read::PageText) -> bool {
    let page = p.width * p.height;
    let images: f32 = p
        .graphics
        .iter()
        .filter(|g| g.1 == crate::extract::mupdf_ffi::Graphic::Image)
        .map(|(b, _)| {
            let w = b[2].min(p.width) - b[0].max(0.0);
            let h = b[3].min(p.height) - b[1].max(0.0);
            if w > 0.0 && h > 0.0 {
                w * h
            } else {
                0.0
            }
        })
        .sum();
    p.frags.iter().map(|f| f.chars).sum::<u32>() < SCAN_MAX_CHARS
        && page > 0.0
        && images >= page * 0.3
}

/// Graphics clustered by [`figures`]: their box, the area of those that are drawings, and
/// their rectangles round text (cells, frames) and empty ones.
#[derive(Default)]
struct Region {
    bbox: [f32; 4],
    drawn_area: f32,
    cells: u32,
    empty_rects: u32,
}

/// A region with more words than this (of eight characters or more) is text, not a figure;
/// it also bounds the words compared with each other for shared left edges.
const FIGURE_MAX_WORDS: usize = 400;

/// Underlined text counts as bold: word processors' documents underline their titles
/// (`Summary`, `Background: The Massbus` in Word's underline style) where others set them in
/// bold, and the text rules read the emphasis, not how it was drawn. A fragment is underlined
/// when a rule (under 2 pt thick) runs under it, between its baseline and a quarter of its
/// size below, over at least 90 % of its width and not more than a few points past either end
/// (a rule under a whole title band runs far past one fragment's words). Not a link's
/// underline (the words inside one of the page's link boxes, or mostly in a colour), nor a
/// table's rule (its ends are those of another rule on the page).
fn underlines(p: &mut read::PageText) {
    let rules: Vec<[f32; 4]> = p
        .graphics
        .iter()
        .map(|g| g.0)
        .filter(|b| b[3] - b[1] < 2.0 && b[2] - b[0] >= 4.0)
        .collect();
    if rules.is_empty() || rules.len() > UNDERLINE_MAX_RULES {
        return;
    }
    // A table's rules share their ends with the rules of the rows above and below.
    let lone: Vec<&[f32; 4]> = rules
        .iter()
        .filter(|r| {
            !rules.iter().any(|o| {
                (o[0] - r[0]).abs() <= 1.0
                    && (o[2] - r[2]).abs() <= 1.0
                    && (o[1] - r[1]).abs() > 2.0
            })
        })
        .collect();
    for f in p.frags.iter_mut().filter(|f| f.chars > 0 && !f.figure) {
        let width = f.x1 - f.x0;
        let slack = 3.0_f32.max(width * 0.05);
        let under = lone.iter().any(|r| {
            let y = (r[1] + r[3]) / 2.0;
            let overlap = r[2].min(f.x1) - r[0].max(f.x0);
            y >= f.base - 0.5
                && y <= f.base + f.size * 0.25
                && overlap >= width * 0.9
                && r[0] >= f.x0 - slack
                && r[2] <= f.x1 + slack
        });
        let (cx, cy) = ((f.x0 + f.x1) / 2.0, (f.y0 + f.y1) / 2.0);
        let linked = p
            .links
            .iter()
            .any(|l| l[0] <= cx && cx <= l[2] && l[1] <= cy && cy <= l[3]);
        if under && f.colored_chars * 2 <= f.chars && !linked {
            f.bold_chars = f.chars;
        }
    }
}

/// Rules on a page beyond this many are not searched for underlines (a ruled form, a chart's
/// grid): each is compared with every other once.
const UNDERLINE_MAX_RULES: usize = 1_000;

/// Graphics on a page beyond this many are not searched for figures (a map or a plot of
/// many thousand paths): the page keeps its text as it is.
const FIGURE_MAX_GRAPHICS: usize = 5_000;

/// Figure regions: the page's images and drawings, rules (thinner than 2 pt) and the page's
/// background left out, clustered where they touch or lie within 6 pt of each other. A region
/// is a figure when it holds an image, a shape round no text, a large empty rectangle or three
/// small ones (a frame or shading round text, a table's cells are not drawings), is at least 40 by 30 pt, its text (labels, a legend) covers under a
/// quarter of it, is mostly not monospaced, and none of it is a line of prose (50 characters
/// or more) or set larger than the page's body (1.15 times; 1.35 among four labels or more),
/// and it is not mostly lines set flush at one
/// edge: a shaded code listing, a table's cells, a framed paragraph or a title on a coloured
/// band are no figures. Each figure becomes
/// one fragment flagged `figure` with the region's box, in place of the fragments inside it;
/// its text is theirs in reading order, or `[figure]` when it has none.
fn figures(p: &mut read::PageText) {
    const GAP: f32 = 6.0;
    let (w, h) = (p.width, p.height);
    use crate::extract::mupdf_ffi::Graphic;
    let mut boxes: Vec<([f32; 4], Graphic)> = p
        .graphics
        .iter()
        .copied()
        .filter(|(b, _)| {
            let (bw, bh) = (b[2] - b[0], b[3] - b[1]);
            bw >= 2.0
                && bh >= 2.0
                && !(bw >= w * 0.9 && bh >= h * 0.9)
                && b[2] > 0.0
                && b[3] > 0.0
                && b[0] < w
                && b[1] < h
        })
        .collect();
    if boxes.is_empty() || boxes.len() > FIGURE_MAX_GRAPHICS {
        return;
    }
    boxes.sort_by(|(a, _), (b, _)| a[1].total_cmp(&b[1]).then(a[0].total_cmp(&b[0])));
    // The page's body size: the size most of its characters are set in.
    let mut sizes: Vec<(f32, u32)> = Vec::new();
    for f in &p.frags {
        match sizes.iter_mut().find(|s| (s.0 - f.size).abs() < 0.25) {
            Some(s) => s.1 += f.chars,
            None => sizes.push((f.size, f.chars)),
        }
    }
    let body = sizes.iter().max_by_key(|s| s.1).map_or(10.0, |s| s.0);
    // Union-find over boxes that touch, swept down the page.
    let mut parent: Vec<usize> = (0..boxes.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut open: Vec<usize> = Vec::new();
    for i in 0..boxes.len() {
        let b = boxes[i].0;
        open.retain(|&j| boxes[j].0[3] + GAP >= b[1]);
        for &j in &open {
            let o = boxes[j].0;
            if o[0] <= b[2] + GAP && b[0] <= o[2] + GAP {
                let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                parent[ri] = rj;
            }
        }
        open.push(i);
    }
    // A shape frames text when the text inside it starts near its top left corner (its
    // padding) and fills it as lines do: wide, or two lines or more flush left. A curve with
    // a label or a legend inside its box does not.
    // The fragments by their top, so that a shape meets only those at its height.
    let mut by_top: Vec<&Frag> = p.frags.iter().collect();
    by_top.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    let frames_text = |b: &[f32; 4]| {
        let from = by_top.partition_point(|f| f.y0 < b[1] - 1.0);
        let within: Vec<&Frag> = by_top[from..]
            .iter()
            .take_while(|f| f.y0 <= b[3] + 1.0)
            .filter(|f| f.x0 >= b[0] - 1.0 && f.x1 <= b[2] + 1.0 && f.y1 <= b[3] + 1.0)
            .copied()
            .collect();
        let left = within.iter().map(|f| f.x0).fold(f32::INFINITY, f32::min);
        let right = within
            .iter()
            .map(|f| f.x1)
            .fold(f32::NEG_INFINITY, f32::max);
        let top = within.iter().map(|f| f.y0).fold(f32::INFINITY, f32::min);
        let flush = within.iter().filter(|f| (f.x0 - left).abs() <= 2.0).count();
        !within.is_empty()
            && left - b[0] <= 20.0
            && top - b[1] <= 20.0
            && ((right - left) * 10.0 >= (b[2] - b[0]) * 4.0 || flush >= 2)
    };
    let mut regions: Vec<Region> = Vec::new();
    let mut region_of: HashMap<usize, usize> = HashMap::new();
    for (i, &(b, kind)) in boxes.iter().enumerate() {
        let root = root(&mut parent, i);
        let framing = kind != Graphic::Image && frames_text(&b);
        let drawn = match kind {
            Graphic::Image => true,
            Graphic::Path => !framing,
            // A large empty rectangle is a drawing of its own (a swatch, a placeholder).
            Graphic::Rectangle => !framing && b[2] - b[0] >= 40.0 && b[3] - b[1] >= 30.0,
        };
        let k = *region_of.entry(root).or_insert_with(|| {
            regions.push(Region {
                bbox: b,
                ..Region::default()
            });
            regions.len() - 1
        });
        let g = &mut regions[k];
        let u = g.bbox;
        g.bbox = [
            u[0].min(b[0]),
            u[1].min(b[1]),
            u[2].max(b[2]),
            u[3].max(b[3]),
        ];
        if drawn {
            g.drawn_area += (b[2] - b[0]) * (b[3] - b[1]);
        }
        if kind == Graphic::Rectangle {
            if framing {
                g.cells += 1;
            } else {
                g.empty_rects += 1;
            }
        }
    }
    for g in regions {
        let r = g.bbox;
        // Frames, shaded boxes and rules round text are no figures; nor is a table whose
        // cells hold small pictures (drawings over less than a fifth of it).
        let area = (r[2] - r[0]) * (r[3] - r[1]);
        let drawing = g.drawn_area > 0.0 || g.empty_rects >= 3;
        if !drawing || (g.cells >= 3 && g.drawn_area * 5.0 < area) {
            continue;
        }
        let r = [r[0].max(0.0), r[1].max(0.0), r[2].min(w), r[3].min(h)];
        let (rw, rh) = (r[2] - r[0], r[3] - r[1]);
        if rw < 40.0 || rh < 30.0 {
            continue;
        }
        let inside = |f: &Frag| {
            let (cx, cy) = ((f.x0 + f.x1) / 2.0, (f.y0 + f.y1) / 2.0);
            !f.figure && cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3]
        };
        let mut covered = 0.0;
        let mut prose = false;
        let (mut chars, mut mono) = (0, 0);
        // A diagram's labels may be set a little larger than the body (`OpenHPI Application`
        // in a box of an event diagram, at 1.2 times): four labels or more. One or two lines
        // over a picture in a larger type are a title on it, text.
        let labels = p.frags.iter().filter(|f| inside(f)).count();
        let large = |f: &Frag| f.size >= body * if labels >= 4 { 1.35 } else { 1.15 };
        for f in p.frags.iter().filter(|f| inside(f)) {
            covered += (f.x1 - f.x0) * (f.y1 - f.y0);
            prose |= f.chars >= 50 || large(f);
            chars += f.chars;
            mono += f.mono_chars;
        }
        if prose || covered * 4.0 >= rw * rh || mono * 2 > chars {
            continue;
        }
        // Lines of words set flush at shared left edges (one or more columns of them): framed
        // text, not a drawing's labels (tick labels align too, but are short; a legend's
        // entries align, but are not most of a chart's words).
        let words: Vec<&Frag> = p
            .frags
            .iter()
            .filter(|f| inside(f) && f.chars >= 8)
            .take(FIGURE_MAX_WORDS + 1)
            .collect();
        let (flush, flush_chars) = words
            .iter()
            .filter(|f| {
                words
                    .iter()
                    .filter(|g| (g.x0 - f.x0).abs() <= 2.0 && g.y0 != f.y0)
                    .count()
                    >= 2
            })
            .fold((0, 0), |(n, c), f| (n + 1, c + f.chars));
        if words.len() > FIGURE_MAX_WORDS || (flush >= 4 && flush_chars * 4 >= chars * 3) {
            continue;
        }
        let mut labels: Vec<Frag> = Vec::new();
        p.frags.retain(|f| {
            if inside(f) {
                labels.push(f.clone());
                false
            } else {
                true
            }
        });
        labels.sort_by(|a, b| a.base.total_cmp(&b.base).then(a.x0.total_cmp(&b.x0)));
        let text = if labels.is_empty() {
            "[figure]".to_string()
        } else {
            labels
                .iter()
                .map(|f| f.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let size = labels.iter().map(|f| f.size).fold(0.0f32, f32::max);
        let mut fig = Frag::plain(r, r[3], if size > 0.0 { size } else { body }, text);
        fig.figure = true;
        p.frags.push(fig);
    }
}

/// Reads the image pages (`scans`: indexes into `pages` and their own text) of a PDF that has
/// a text layer elsewhere with `pdf.ocr_command`, when it prints tesseract's TSV: the lines it
/// read, at the places it read them, join the page's own text, but for those that lie on that
/// text (a stamp is read from the text layer, exactly). Returns how many pages were read; a
/// command that prints plain text cannot place its lines on the page, and its pages stay as
/// they were. Once the document's `max_seconds` are spent, or the command failed, the pages
/// left are not read; the failure is returned to be the document's reason.
#[cfg(feature = "pdf")]
fn ocr_scanned_pages(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    pages: &mut [Page],
    scans: &[(usize, Vec<Frag>)],
    cfg: &PdfConfig,
    started: Instant,
) -> (usize, Option<String>) {
    let (_, body) = size_clusters(pages);
    let mut read = Vec::new();
    let mut failed = None;
    for (i, own) in scans {
        let i = *i;
        // Out of time (`max_seconds`): the pages left are counted as scans not read.
        if cfg.max_seconds > 0.0 && started.elapsed().as_secs_f64() > cfg.max_seconds {
            break;
        }
        // The text pages stand without the pictures: a command that fails leaves the pages
        // from there on unread, and says why.
        let (printed, dpi) = match ocr_page(doc, i as u32, cfg) {
            Ok(p) => p,
            Err(e) => {
                failed = Some(e);
                break;
            }
        };
        match tsv_lines(&printed, dpi) {
            Some(lines) => read.push((i, own, lines)),
            // Plain text: no page of this command's output can be placed; the rest are not
            // read for nothing.
            None => break,
        }
    }
    // OCR gives no font size: a line's is taken from its box's height, scaled so that the
    // median line is set at the body size of the text pages, and a line within a fifth of
    // that is body text.
    let mut heights: Vec<f32> = read
        .iter()
        .flat_map(|(_, _, ls)| ls.iter().map(|l| l.bbox[3] - l.bbox[1]))
        .filter(|h| *h > 0.0)
        .collect();
    heights.sort_by(f32::total_cmp);
    let median = heights.get(heights.len() / 2).copied().unwrap_or(body);
    for (i, own, lines) in &read {
        let mut frags: Vec<Frag> = (*own).clone();
        frags.extend(lines.iter().filter(|l| !on_text(&l.bbox, own)).map(|l| {
            let [_, y0, _, y1] = l.bbox;
            let ratio = (y1 - y0) / median.max(0.1);
            let size = if (0.8..=1.25).contains(&ratio) {
                body
            } else {
                body * ratio
            };
            Frag::plain(l.bbox, y1 - (y1 - y0) * 0.2, size, l.text.clone())
        }));
        pages[*i] = layout_page(frags, pages[*i].height);
    }
    (read.len(), failed)
}

/// Whether half of box `b` or more lies on the fragments `own` (a page's own text, which do not
/// overlap one another): an OCR line read off text the page has already, such as a stamp set
/// as two fragments.
fn on_text(b: &[f32; 4], own: &[Frag]) -> bool {
    let covered: f32 = own
        .iter()
        .map(|f| {
            let w = b[2].min(f.x1) - b[0].max(f.x0);
            let h = b[3].min(f.y1) - b[1].max(f.y0);
            if w > 0.0 && h > 0.0 {
                w * h
            } else {
                0.0
            }
        })
        .sum();
    covered > 0.0 && covered * 2.0 >= (b[2] - b[0]) * (b[3] - b[1])
}

/// One line of text read by OCR, from tesseract's TSV output.
#[derive(Debug, Clone, PartialEq)]
struct OcrLine {
    /// Block and paragraph numbers: lines of one paragraph share them.
    paragraph: (u32, u32),
    /// The words, one space apart.
    text: String,
    /// `[x0, y0, x1, y1]` in points from the page's top left corner.
    bbox: [f32; 4],
}

/// The header line of tesseract's TSV output (`tesseract IMAGE stdout tsv`).
const TSV_HEADER: &str =
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";

/// The lines of a page printed as tesseract's TSV (one row per word, with its block,
/// paragraph and line numbers and its box in pixels of an image of `dpi`), in the order
/// printed; None when `out` is not TSV. Rows that do not parse are skipped.
fn tsv_lines(out: &str, dpi: f32) -> Option<Vec<OcrLine>> {
    let mut rows = out.lines();
    if rows.next()?.trim_end() != TSV_HEADER {
        return None;
    }
    let pt = 72.0 / dpi;
    let mut lines: Vec<OcrLine> = Vec::new();
    let mut last_key = None;
    for row in rows {
        let f: Vec<&str> = row.splitn(12, '\t').collect();
        if f.len() < 12 || f[0] != "5" {
            continue;
        }
        // Words as printed, control characters (a form feed, a carriage return from another
        // program) made spaces: the text's lines and pages are docsweep's own.
        let cleaned: String;
        let word = if f[11].chars().any(char::is_control) {
            cleaned = f[11].replace(char::is_control, " ");
            cleaned.trim()
        } else {
            f[11].trim()
        };
        let num = |k: usize| f[k].trim().parse::<u32>().ok();
        let (Some(block), Some(par), Some(line), Some(x), Some(y), Some(w), Some(h)) =
            (num(2), num(3), num(4), num(6), num(7), num(8), num(9))
        else {
            continue;
        };
        if word.is_empty() {
            continue;
        }
        let b = [
            x as f32 * pt,
            y as f32 * pt,
            (x as f32 + w as f32) * pt,
            (y as f32 + h as f32) * pt,
        ];
        let key = (block, par, line);
        match lines.last_mut() {
            Some(l) if last_key == Some(key) => {
                l.text.push(' ');
                l.text.push_str(word);
                l.bbox = [
                    l.bbox[0].min(b[0]),
                    l.bbox[1].min(b[1]),
                    l.bbox[2].max(b[2]),
                    l.bbox[3].max(b[3]),
                ];
            }
            _ => lines.push(OcrLine {
                paragraph: (block, par),
                text: word.to_string(),
                bbox: b,
            }),
        }
        last_key = Some(key);
    }
    Some(lines)
}

/// A line of the text handed to the text rules whose place on a page is known: bytes
/// `start..end` of the text, page (1-based), box.
struct LineBox {
    start: usize,
    end: usize,
    page: u32,
    bbox: [f32; 4],
}

/// Lays out one page: columns, bands, lines in reading order.
/// The page's horizontal rules: drawings at most 2 pt high and 15 pt wide or more (none past
/// [`TABLE_MAX_RULES`]).
#[cfg(feature = "pdf")]
fn horizontal_rules(graphics: &[([f32; 4], crate::extract::mupdf_ffi::Graphic)]) -> Vec<[f32; 4]> {
    use crate::extract::mupdf_ffi::Graphic;
    let rules: Vec<[f32; 4]> = graphics
        .iter()
        .filter(|(b, g)| *g != Graphic::Image && b[3] - b[1] <= 2.0 && b[2] - b[0] >= 15.0)
        .map(|(b, _)| *b)
        .collect();
    if rules.len() > TABLE_MAX_RULES {
        Vec::new()
    } else {
        rules
    }
}

/// Whether a table's first row is set apart by a rule under it: a rule across most of the
/// table's width lies between its first two rows, and between fewer than half of its other
/// rows (a table ruled under every row says nothing of its header). `rows` are the table's
/// lines, a row each, top to bottom.
fn ruled_header(rows: &[&VLine], rules: &[[f32; 4]]) -> bool {
    if rows.len() < 3 {
        return false;
    }
    let x0 = rows.iter().map(|l| l.x0).fold(f32::INFINITY, f32::min);
    let x1 = rows.iter().map(|l| l.x1).fold(f32::NEG_INFINITY, f32::max);
    let ruled = |a: &VLine, b: &VLine| {
        rules.iter().any(|r| {
            let y = (r[1] + r[3]) / 2.0;
            y >= a.y1 - 1.0 && y <= b.y0 + 1.0 && r[2].min(x1) - r[0].max(x0) >= (x1 - x0) * 0.5
        })
    };
    let others = rows[1..].windows(2).filter(|w| ruled(w[0], w[1])).count();
    ruled(rows[0], rows[1]) && others * 2 < rows.len() - 2
}

fn layout_page(mut frags: Vec<Frag>, height: f32) -> Page {
    frags.retain(|f| f.x1 > f.x0 && f.y1 >= f.y0);
    if frags.is_empty() {
        return Page {
            height,
            lines: Vec::new(),
            rules: Vec::new(),
        };
    }
    let gutters = gutters(&frags, &lone_rows(&frags));
    // A line of a column: another starts at its left edge within two of its heights above or
    // below it.
    let column_line = |o: &Frag| {
        let h = o.y1 - o.y0;
        frags.iter().any(|p| {
            let above = p.y1 <= o.y0 + 1.0 && p.y1 > o.y0 - 2.0 * h;
            let below = p.y0 >= o.y1 - 1.0 && p.y0 < o.y1 + 2.0 * h;
            (p.x0 - o.x0).abs() < 1.0 && (above || below)
        })
    };
    // A column's overfull line: text, not code (whose aligned pieces look like columns), that
    // runs past the gutter into the next column by under two ems, beside a line of that
    // column, which starts an em or more after it.
    let overfull = |f: &Frag, (g0, g1): (f32, f32)| {
        let (right, left) = (f.x1 - g1, g0 - f.x0);
        f.mono_chars * 2 < f.chars
            && right.min(left) < f.size * 2.0
            && frags.iter().any(|o| {
                let beside = o.y0.max(f.y0) < o.y1.min(f.y1);
                let after = if right < left {
                    o.x0 >= f.x1 + f.size
                } else {
                    o.x1 <= f.x0 - f.size
                };
                beside && after && column_line(o)
            })
    };
    // Column of each fragment; u32::MAX for one that crosses a gutter.
    let col_of = |f: &Frag| -> u32 {
        // Spanning: it covers a gutter (all but a point at either edge) and is no column's
        // overfull line. Otherwise the column that holds most of it.
        let mut c = 0u32;
        for &(g0, g1) in &gutters {
            if f.x0 < g0 + 1.0 && f.x1 > g1 - 1.0 && !overfull(f, (g0, g1)) {
                return u32::MAX;
            }
            if (f.x0 + f.x1) / 2.0 >= (g0 + g1) / 2.0 {
                c += 1;
            }
        }
        c
    };
    let mut cols: Vec<u32> = frags.iter().map(col_of).collect();
    // A piece of a spanning line that happens to sit inside one column (a justified line cut
    // at a wide space) spans with it.
    if !gutters.is_empty() {
        let narrowest = gutters
            .iter()
            .map(|g| g.1 - g.0)
            .fold(f32::INFINITY, f32::min);
        let mut by_line: Vec<usize> = (0..frags.len()).collect();
        by_line.sort_by(|&a, &b| {
            frags[a]
                .base
                .total_cmp(&frags[b].base)
                .then(frags[a].x0.total_cmp(&frags[b].x0))
        });
        for _ in 0..2 {
            for w in by_line.windows(2) {
                let (a, b) = (&frags[w[0]], &frags[w[1]]);
                let same = (a.base - b.base).abs() < a.size.min(b.size) * 0.3
                    && b.x0 - a.x1 < (a.size.max(b.size) * 2.0).min(narrowest * 0.8);
                if same && (cols[w[0]] == u32::MAX) != (cols[w[1]] == u32::MAX) {
                    cols[w[0]] = u32::MAX;
                    cols[w[1]] = u32::MAX;
                }
            }
        }
    }
    let col = |i: usize| cols[i];
    // Bands: spanning fragments cut the page; each band is read column by column.
    let mut order: Vec<usize> = (0..frags.len()).collect();
    order.sort_by(|&a, &b| frags[a].y0.total_cmp(&frags[b].y0));
    let mut flows: Vec<((u32, u32), Vec<usize>)> = Vec::new();
    let mut band = 0u32;
    let mut in_span = false;
    let mut band_of: Vec<(u32, u32)> = vec![(0, 0); frags.len()];
    // Spanning fragments' vertical ranges.
    let spans: Vec<(f32, f32)> = order
        .iter()
        .filter(|&&i| col(i) == u32::MAX)
        .map(|&i| (frags[i].y0, frags[i].y1))
        .collect();
    for &i in &order {
        let c = col(i);
        if c == u32::MAX {
            if !in_span {
                band += 1;
                in_span = true;
            }
            band_of[i] = (band, 0);
        } else {
            // A column fragment that sits beside a spanning one (same height) stays in its band.
            let beside = spans
                .iter()
                .any(|&(a, b)| frags[i].y0 < b && frags[i].y1 > a);
            if in_span && !beside {
                band += 1;
                in_span = false;
            }
            band_of[i] = (band, c);
        }
    }
    for &i in &order {
        let key = band_of[i];
        match flows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => flows.push((key, vec![i])),
        }
    }
    flows.sort_by_key(|(k, _)| *k);
    let mut lines = Vec::new();
    for (key, idx) in flows {
        let span = idx.iter().any(|&i| col(i) == u32::MAX);
        let start = lines.len();
        lines.extend(join_lines(&frags, &idx, key));
        for l in &mut lines[start..] {
            l.span = span;
        }
    }
    Page {
        height,
        lines,
        rules: Vec::new(),
    }
}

/// The largest side of a page in PDF units: 14,400, 200 inches (ISO 32000, Annex C).
const MAX_PAGE_SIDE: f32 = 14_400.0;

/// Whitespace valleys on x that separate columns: a run at least 6 pt wide in the middle 60 %
/// of the text width that almost no narrow fragment (under 55 % of the width) crosses, with a
/// column of text on each side: at least five fragments and a fifth of the narrow ones, a
/// quarter of them filling the column's width as justified lines do (table cells do not), a
/// tenth reaching its right edge (the last column of a table set inside a page of wider prose
/// stops short of the margin the prose reaches, however full its wrapped cells are), and not a
/// table's two columns of short items paired line by line ([`table_grid`]). One of two
/// columns may fail the fullness tests (a chart, a table or formulas set in it) when the other
/// is prose, no line on the page is wide, and fewer than half of its fragments share a
/// baseline with the prose (a table's names sit on their descriptions' first lines). Wide
/// fragments that cross it (a title, an abstract, a full-width caption) span the columns, and
/// so do the narrow ones centred on the page above or below every pair of rows side by side
/// (`lone`, from [`lone_rows`]: a title block over the columns). At most two valleys (three
/// columns).
fn gutters(frags: &[Frag], lone: &[bool]) -> Vec<(f32, f32)> {
    let l = frags.iter().map(|f| f.x0).fold(f32::INFINITY, f32::min);
    let r = frags.iter().map(|f| f.x1).fold(f32::NEG_INFINITY, f32::max);
    let w = r - l;
    // Text wider than the largest page a PDF may have (200 inches) is set by a matrix no page
    // shows (a font size of 1e30): there are no columns to find, and the cover below would
    // take its width in memory.
    if !(150.0..=MAX_PAGE_SIDE).contains(&w) || frags.len() < 8 {
        return Vec::new();
    }
    let narrow: Vec<&Frag> = frags.iter().filter(|f| f.x1 - f.x0 < w * 0.55).collect();
    if narrow.len() < 10 {
        return Vec::new();
    }
    let n = w.ceil() as usize + 1;
    let mut cover = vec![0u32; n];
    // Lines centred on the page on rows of their own, above or below every pair of rows side
    // by side (a title block over the columns), leave the gutter open.
    let paired = || frags.iter().zip(lone).filter(|(_, l)| !**l).map(|(f, _)| f);
    let top = paired().map(|f| f.y0).fold(f32::INFINITY, f32::min);
    let bottom = paired().map(|f| f.y1).fold(f32::NEG_INFINITY, f32::max);
    let title = |f: &Frag| {
        (f.y1 <= top || f.y0 >= bottom) && ((f.x0 + f.x1) / 2.0 - (l + r) / 2.0).abs() < w * 0.05
    };
    for f in narrow.iter().filter(|f| !title(f)) {
        let a = ((f.x0 - l).floor().max(0.0)) as usize;
        let b = ((f.x1 - l).ceil() as usize).min(n);
        for c in cover.get_mut(a..b).unwrap_or_default() {
            *c += 1;
        }
    }
    let allowance = (narrow.len() as u32 / 12).max(3);
    let (lo, hi) = ((w * 0.2) as usize, (w * 0.8) as usize);
    let mut cands: Vec<(f32, f32)> = Vec::new();
    let mut i = lo;
    while i < hi {
        if cover[i] <= allowance {
            let s = i;
            while i < hi && cover[i] <= allowance {
                i += 1;
            }
            // Narrow the valley to its emptiest part (a crossing line or two more are noise).
            let min = cover[s..i].iter().copied().min().unwrap_or(0);
            let limit = min + (allowance / 3).max(1);
            let a = (s..i).find(|&k| cover[k] <= limit).unwrap_or(s);
            let b = (a..i).rev().find(|&k| cover[k] <= limit).unwrap_or(a) + 1;
            if b - a >= 6 {
                cands.push((l + a as f32, l + b as f32));
            }
        } else {
            i += 1;
        }
    }
    cands.sort_by(|a, b| (b.1 - b.0).total_cmp(&(a.1 - a.0)));
    let mut out: Vec<(f32, f32)> = Vec::new();
    for g in cands {
        let mut all = out.clone();
        all.push(g);
        all.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut ok = true;
        // Columns that hold text but fail the fullness tests (a figure, a table, formulas),
        // and columns of prose (a third of their fragments fill them).
        let mut weak: Vec<Vec<&Frag>> = Vec::new();
        let mut prose: Vec<Vec<&Frag>> = Vec::new();
        for k in 0..=all.len() {
            let left = if k == 0 { l } else { all[k - 1].1 };
            let right = if k == all.len() { r } else { all[k].0 };
            let inside: Vec<&Frag> = narrow
                .iter()
                .copied()
                .filter(|f| f.x0 >= left - 0.5 && f.x1 <= right + 0.5)
                .collect();
            let full = inside
                .iter()
                .filter(|f| f.x1 - f.x0 >= (right - left) * 0.6)
                .count();
            // Some of a column's lines reach its right edge (a table's last column, set
            // inside a page of wider prose, stops short of the margin the prose reaches).
            let reach = inside
                .iter()
                .filter(|f| f.x1 >= right - (right - left) * 0.2)
                .count();
            if inside.len() < 5 || inside.len() * 5 < narrow.len() {
                ok = false;
                break;
            }
            if full * 4 < inside.len() || reach * 10 < inside.len() {
                weak.push(inside);
            } else if full * 3 >= inside.len()
                && inside.len() >= 12
                && inside.iter().map(|f| f.mono_chars).sum::<u32>() * 2
                    < inside.iter().map(|f| f.chars).sum::<u32>()
            {
                prose.push(inside);
            }
        }
        // A figure, a table or formulas in one of two columns beside a column of prose: no
        // line crosses the gutter, and the two columns' lines do not pair up as a table's
        // cells do (most of a table's cells share a baseline with a cell across the gutter).
        if ok && !weak.is_empty() {
            ok = all.len() == 1
                && weak.len() == 1
                && prose.len() == 1
                && narrow.len() == frags.len()
                && {
                    let mut bases: Vec<f32> = prose[0].iter().map(|p| p.base).collect();
                    bases.sort_by(f32::total_cmp);
                    let paired = weak[0]
                        .iter()
                        .filter(|f| {
                            let i = bases.partition_point(|&b| b <= f.base - 1.0);
                            bases.get(i).is_some_and(|&b| b < f.base + 1.0)
                        })
                        .count();
                    paired * 2 < weak[0].len()
                };
        }
        // Two columns of short items paired line by line are a table (see `table_grid`).
        if ok && all.len() == 1 && table_grid(&narrow, l, all[0], r) {
            ok = false;
        }
        if ok {
            out = all;
        }
        if out.len() == 2 {
            break;
        }
    }
    out
}

/// Which of `frags` stand on a row of their own: no fragment beside them shares their height,
/// other than the pieces of their own line (same baseline, less than 0.6 of the type size
/// apart, where a gutter is wider). A title centred over two columns, or the caption of a
/// figure as wide as the page, stands alone; a column's line has the other column's beside it.
fn lone_rows(frags: &[Frag]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..frags.len()).collect();
    order.sort_by(|&a, &b| frags[a].base.total_cmp(&frags[b].base));
    // Lines: fragments on one baseline, left to right, each with its height.
    let mut line_of = vec![0usize; frags.len()];
    let mut lines: Vec<(f32, f32)> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && {
            let (p, f) = (&frags[order[end - 1]], &frags[order[end]]);
            f.base - p.base < p.size.min(f.size) * 0.3
        } {
            end += 1;
        }
        let row = &mut order[start..end];
        row.sort_by(|&a, &b| frags[a].x0.total_cmp(&frags[b].x0));
        let mut right = f32::NEG_INFINITY;
        for &i in row.iter() {
            let f = &frags[i];
            if f.x0 - right < f.size * 0.6 {
                let l = lines.last_mut().expect("a line was started");
                *l = (l.0.min(f.y0), l.1.max(f.y1));
            } else {
                lines.push((f.y0, f.y1));
            }
            line_of[i] = lines.len() - 1;
            right = right.max(f.x1);
        }
        start = end;
    }
    let mut by_top: Vec<usize> = (0..lines.len()).collect();
    by_top.sort_by(|&a, &b| lines[a].0.total_cmp(&lines[b].0));
    let mut lone = vec![true; lines.len()];
    for (k, &a) in by_top.iter().enumerate() {
        let (a0, a1) = lines[a];
        for &b in &by_top[k + 1..] {
            let (b0, b1) = lines[b];
            if b0 >= a1 {
                break;
            }
            if a1.min(b1) - b0 > (a1 - a0).min(b1 - b0) * 0.3 {
                lone[a] = false;
                lone[b] = false;
            }
        }
    }
    line_of.iter().map(|&l| lone[l]).collect()
}

/// Whether two columns of `frags` either side of valley `g` (text from `l` to `r`) are a
/// table's: their lines pair one to one on the same baselines (95 % both ways: a row's cells
/// share a baseline, where two columns of text drift apart at the first heading or gap),
/// and one of them holds three words a line or fewer (names, versions, where text columns
/// hold sentences).
fn table_grid(frags: &[&Frag], l: f32, g: (f32, f32), r: f32) -> bool {
    let side = |a: f32, b: f32| {
        let inside: Vec<&&Frag> = frags
            .iter()
            .filter(|f| f.x0 >= a - 0.5 && f.x1 <= b + 0.5)
            .collect();
        let mut bases: Vec<f32> = inside.iter().map(|f| f.base).collect();
        bases.sort_by(f32::total_cmp);
        bases.dedup_by(|x, y| (*x - *y).abs() < 1.0);
        let words: usize = inside
            .iter()
            .map(|f| f.text.split_whitespace().count())
            .sum();
        let per_line = words as f32 / bases.len().max(1) as f32;
        (bases, per_line)
    };
    let ((left, lw), (right, rw)) = (side(l, g.0), side(g.1, r));

    let paired = |a: &[f32], b: &[f32]| {
        let n = a
            .iter()
            .filter(|x| b.iter().any(|y| (*x - y).abs() < 1.0))
            .count();
        n * 20 >= a.len() * 19
    };
    left.len() >= 3 && paired(&left, &right) && paired(&right, &left) && lw.min(rw) <= 3.0
}

/// Fragments of one flow → lines: same baseline (within a third of the size, or inside the
/// line's height for super- and subscripts), left to right.
fn join_lines(frags: &[Frag], idx: &[usize], flow: (u32, u32)) -> Vec<VLine> {
    let mut idx = idx.to_vec();
    idx.sort_by(|&a, &b| {
        frags[a]
            .base
            .total_cmp(&frags[b].base)
            .then(frags[a].x0.total_cmp(&frags[b].x0))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in idx {
        let f = &frags[i];
        let joined = groups.last_mut().is_some_and(|g| {
            let main = &frags[g[0]];
            if f.figure || main.figure {
                return false;
            }
            let size = main.size.max(f.size);
            // A display label more than twice the size of the line beside it (a chapter's
            // big number next to its title) is a line of its own.
            let display = |a: &Frag, b: &Frag| a.size > b.size * 2.0 && display_label(&a.text);
            let same_base =
                (f.base - main.base).abs() <= size * 0.35 && !display(f, main) && !display(main, f);
            // A superscript or subscript: smaller, its middle inside the line's height, and
            // short (a line of body text under a title's deep descent is no subscript).
            let mid = (f.y0 + f.y1) / 2.0;
            let script = f.size < main.size * 0.85
                && (f.chars <= 12 || f.chars <= main.chars)
                && mid > main.y0
                && mid < main.y1 + main.size * 0.3
                && !display(main, f);
            if same_base || script {
                g.push(i);
                true
            } else {
                false
            }
        });
        if !joined {
            groups.push(vec![i]);
        }
    }
    // A superscript that sorted before its line (its baseline is higher) or a subscript that
    // sorted after it: a group of small type only, inside the height of a neighbouring line.
    let extent = |g: &[usize]| {
        let size = g.iter().map(|&i| frags[i].size).fold(0.0f32, f32::max);
        let y0 = g.iter().map(|&i| frags[i].y0).fold(f32::INFINITY, f32::min);
        let y1 = g
            .iter()
            .map(|&i| frags[i].y1)
            .fold(f32::NEG_INFINITY, f32::max);
        (size, y0, y1)
    };
    let mut k = 0;
    while k < groups.len() {
        let (size, y0, y1) = extent(&groups[k]);
        let mid = (y0 + y1) / 2.0;
        // A lone footnote mark that a macro pushed under its line belongs to the line above.
        let lone_mark = groups[k].len() == 1 && is_marker(&frags[groups[k][0]].text);
        let chars = |g: &[usize]| g.iter().map(|&i| frags[i].chars).sum::<u32>();
        let figure = |g: &[usize]| g.iter().any(|&i| frags[i].figure);
        let host = [k + 1, k.wrapping_sub(1)].into_iter().find(|&h| {
            h < groups.len() && !figure(&groups[k]) && !figure(&groups[h]) && {
                let (hs, hy0, hy1) = extent(&groups[h]);
                // A title line beside a big display number is not the number's subscript.
                !(groups[h].len() == 1 && display_label(&frags[groups[h][0]].text))
                    // Short, as a script is (see above).
                    && (chars(&groups[k]) <= 12 || chars(&groups[k]) <= chars(&groups[h]))
                    && size < hs * 0.85
                    && ((mid > hy0 - hs * 0.3 && mid < hy1 + hs * 0.2)
                        || (lone_mark && h + 1 == k && mid < hy1 + hs * 1.5))
            }
        });
        match host {
            Some(h) => {
                let g = groups.remove(k);
                let h = if h > k { h - 1 } else { h };
                groups[h].extend(g);
                k = h.min(k);
            }
            None => k += 1,
        }
    }
    // A display label goes before the first line beside it: `1` then the title it numbers,
    // whose lines it stands next to (it shares a baseline with the last of them).
    let mut k = 0;
    while k < groups.len() {
        let g = &groups[k];
        let f = &frags[g[0]];
        if g.len() == 1 && display_label(&f.text) {
            let beside = groups[..k].iter().position(|h| {
                let (hs, hy0, hy1) = extent(h);
                f.size > hs * 2.0 && hy0 < f.y1 && hy1 > f.y0
            });
            if let Some(mut to) = beside {
                // The title's first lines may stand above the glyph: the lines set tight
                // above, in the same size, belong to it.
                let base = |h: &[usize]| frags[h[0]].base;
                while to > 0 && {
                    let (a, b) = (&groups[to - 1], &groups[to]);
                    let (sa, sb) = (extent(a).0, extent(b).0);
                    (sa - sb).abs() < 0.5 && base(b) - base(a) <= sb * 1.35
                } {
                    to -= 1;
                }
                let g = groups.remove(k);
                groups.insert(to, g);
            }
        }
        k += 1;
    }
    let mut out = Vec::with_capacity(groups.len());
    for mut g in groups {
        g.sort_by(|&a, &b| frags[a].x0.total_cmp(&frags[b].x0));
        // Overlapping fragments on one baseline (text drawn twice for a bold effect): keep one.
        let mut kept: Vec<usize> = Vec::with_capacity(g.len());
        for &i in &g {
            let dup = kept.iter().any(|&k| {
                frags[k].text == frags[i].text && (frags[k].x0 - frags[i].x0).abs() < 2.0
            });
            if !dup {
                kept.push(i);
            }
        }
        // The line's type is that of its text, not of the code inside it: a sentence with a
        // function name in smaller monospace is body text all the same (a line of code with
        // its line number is code).
        let (all, mono) = kept.iter().fold((0, 0), |(a, m), &i| {
            (a + frags[i].chars, m + frags[i].mono_chars)
        });
        let code = mostly(mono, all);
        let main = kept
            .iter()
            .copied()
            .max_by_key(|&i| {
                let f = &frags[i];
                (
                    if code {
                        f.chars
                    } else {
                        f.chars - f.mono_chars
                    },
                    f.chars,
                )
            })
            .unwrap();
        let mut text = String::new();
        let mut cells: Vec<(f32, f32, String)> = Vec::new();
        let (mut x0, mut y0, mut x1, mut y1) = (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        );
        let (mut bold_c, mut italic_c, mut chars) = (0u32, 0u32, 0u32);
        let mut prev_x1 = f32::NEG_INFINITY;
        let (mut lead, mut lead_open) = (0usize, true);
        for &i in &kept {
            let f = &frags[i];
            let gap = f.x0 - prev_x1;
            if !text.is_empty() && gap > f.size.max(frags[main].size) * 0.12 {
                text.push(' ');
            }
            text.push_str(&f.text);
            // The bold run the line starts with, across fragments.
            if lead_open {
                if f.chars > 0 && f.bold_chars == f.chars {
                    lead = text.len();
                } else {
                    if f.bold_lead > 0 && !f.lead_open {
                        lead = text.len() - f.text.len() + f.bold_lead;
                    }
                    lead_open = false;
                }
            }
            match cells.last_mut() {
                Some(c) if gap <= frags[main].size * 0.9 => {
                    c.1 = c.1.max(f.x1);
                    if gap > f.size.max(frags[main].size) * 0.12 {
                        c.2.push(' ');
                    }
                    c.2.push_str(&f.text);
                }
                _ => cells.push((f.x0, f.x1, f.text.clone())),
            }
            x0 = x0.min(f.x0);
            y0 = y0.min(f.y0);
            x1 = x1.max(f.x1);
            y1 = y1.max(f.y1);
            prev_x1 = prev_x1.max(f.x1);
            chars += f.chars;
            bold_c += f.bold_chars;
            italic_c += f.italic_chars;
        }
        let m = &frags[main];
        // Footnote markers: raised small digits or symbols inside the line.
        let markers: Vec<String> = kept
            .iter()
            .map(|&i| &frags[i])
            .filter(|f| f.size < m.size * 0.85 && is_marker(&f.text))
            .map(|f| f.text.clone())
            .chain(kept.iter().flat_map(|&i| frags[i].marks.iter().cloned()))
            .collect();
        // All bold is a bold line, not a lead.
        let bold_lead = if lead_open { 0 } else { lead };
        out.push(VLine {
            x0,
            y0,
            x1,
            y1,
            base: m.base,
            size: m.size,
            bold: mostly(bold_c, chars),
            mono: code,
            italic: italic_c * 10 >= chars.max(1) * 9,
            text,
            chars,
            cells,
            flow,
            furniture: false,
            table: None,
            footnote: false,
            page_shift: 0,
            markers,
            span: false,
            bold_lead,
            figure: kept.iter().any(|&i| frags[i].figure),
        });
    }
    out
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

/// Key of a line for running-furniture detection (`text::furniture_key`); a line of rules or
/// ornaments without letters or digits counts with the bare page numbers in a PDF.
fn furniture_key(s: &str) -> String {
    text::furniture_key(s).unwrap_or_else(|| "#".into())
}

/// Page `pi` is one of three or more pages of `with` in a row, each at most two pages after
/// the one before (a chapter's running head, on every page of the chapter or every other).
fn local_run(with: &[u32], pi: u32) -> bool {
    let mut pages = with.to_vec();
    pages.sort_unstable();
    pages.dedup();
    let Some(at) = pages.iter().position(|&q| q == pi) else {
        return false;
    };
    let mut lo = at;
    while lo > 0 && pages[lo] - pages[lo - 1] <= 2 {
        lo -= 1;
    }
    let mut hi = at;
    while hi + 1 < pages.len() && pages[hi + 1] - pages[hi] <= 2 {
        hi += 1;
    }
    hi - lo + 1 >= 3
}

/// The running-furniture key of `s` has words (three letters or more), not only a number or
/// symbols.
fn worded_key(s: &str) -> bool {
    text::furniture_key(s).is_some_and(|k| k.chars().filter(|c| c.is_alphabetic()).count() >= 3)
}

/// A number at the start or the end of a line (the page number of a running head).
fn edge_number(s: &str) -> Option<i64> {
    let t = s.trim();
    let head: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    let tail: String = {
        let mut v: Vec<char> = t.chars().rev().take_while(|c| c.is_ascii_digit()).collect();
        v.reverse();
        v.into_iter().collect()
    };
    let pick = if !tail.is_empty() && tail.len() <= 5 {
        tail
    } else {
        head
    };
    if pick.is_empty() || pick.len() > 5 {
        return None;
    }
    pick.parse().ok()
}

fn bare_number(s: &str) -> bool {
    let t = s
        .trim()
        .trim_matches(|c: char| matches!(c, '-' | '–' | '—' | '[' | ']' | '(' | ')' | ' ' | '|'));
    let t = t
        .strip_prefix("Page ")
        .or_else(|| t.strip_prefix("page "))
        .unwrap_or(t);
    !t.is_empty()
        && t.len() <= 8
        && (t.bytes().all(|b| b.is_ascii_digit())
            || t.bytes()
                .all(|b| matches!(b, b'i' | b'v' | b'x' | b'l' | b'c')))
}

/// Marks running headers, footers and page numbers; returns how many lines.
fn mark_furniture(pages: &mut [Page], cfg: &PdfConfig) -> u32 {
    let n = pages.len();
    // A line is at an edge when it lies in the top or bottom band, or is the first or last
    // line of the page standing apart from the rest in the outer fifth of the page.
    let edge_of = |p: &Page| -> Vec<Option<bool>> {
        let band = p.height * cfg.edge_band;
        let top = p.lines.iter().map(|l| l.y0).fold(f32::INFINITY, f32::min);
        let bottom = p
            .lines
            .iter()
            .map(|l| l.y1)
            .fold(f32::NEG_INFINITY, f32::max);
        p.lines
            .iter()
            .map(|l| {
                let apart = |above: bool| {
                    p.lines.iter().all(|o| {
                        std::ptr::eq(o, l)
                            || if above {
                                o.y0 >= l.y1 + l.size * 1.2
                            } else {
                                o.y1 <= l.y0 - l.size * 1.2
                            }
                    })
                };
                if l.y1 <= band || (l.y0 <= top + 0.5 && l.y1 <= p.height * 0.2 && apart(true)) {
                    Some(true)
                } else if l.y0 >= p.height - band
                    || (l.y1 >= bottom - 0.5 && l.y0 >= p.height * 0.8 && apart(false))
                {
                    Some(false)
                } else {
                    None
                }
            })
            .collect()
    };
    let edges: Vec<Vec<Option<bool>>> = pages.iter().map(edge_of).collect();
    // The body size (the size most characters have): a page number is set no larger than the
    // text, where a chapter title that opens each page of a short document is not.
    let body = {
        let mut hist: HashMap<u32, u64> = HashMap::new();
        for l in pages.iter().flat_map(|p| &p.lines) {
            *hist.entry((l.size * 10.0).round() as u32).or_default() += u64::from(l.chars);
        }
        hist.into_iter()
            .max_by_key(|&(s, w)| (w, std::cmp::Reverse(s)))
            .map_or(f32::INFINITY, |(s, _)| s as f32 / 10.0)
    };
    // (top?, key, y bucket) → pages.
    let mut seen: HashMap<(bool, String, i32), Vec<u32>> = HashMap::new();
    let mut offsets: HashMap<(bool, i64), u32> = HashMap::new();
    let mut numbered_band_pages = 0u32;
    // A running head that names the section each page is in (`1.1 Introduction` over one
    // page, `1.2 Debugger` over the next ten) repeats no text, but its place and type: the
    // first line of most pages, in the top band, at one height, set smaller than the text.
    // (A page's first line of body text is set in the body size.) Pages by (height, size).
    let mut head_slots: HashMap<(i32, u32), usize> = HashMap::new();
    let slot_of = |l: &VLine| ((l.y0 / 6.0).round() as i32, (l.size * 2.0).round() as u32);
    let small_head = |l: &VLine, edge: Option<bool>| edge == Some(true) && l.size < body * 0.95;
    // The height of each page's first line, and of its last line's foot.
    let tops: Vec<f32> = pages
        .iter()
        .map(|p| p.lines.iter().map(|l| l.y0).fold(f32::INFINITY, f32::min))
        .collect();
    let bottoms: Vec<f32> = pages
        .iter()
        .map(|p| {
            p.lines
                .iter()
                .map(|l| l.y1)
                .fold(f32::NEG_INFINITY, f32::max)
        })
        .collect();
    for (pi, p) in pages.iter().enumerate() {
        let mut numbered = false;
        let first = p
            .lines
            .iter()
            .zip(&edges[pi])
            .find(|(l, _)| l.y0 <= tops[pi]);
        if let Some((l, _)) = first.filter(|(l, &edge)| small_head(l, edge)) {
            *head_slots.entry(slot_of(l)).or_default() += 1;
        }
        for (l, edge) in p.lines.iter().zip(&edges[pi]) {
            let Some(top) = *edge else { continue };
            let y = if top { l.y0 } else { p.height - l.y1 };
            // The line, and each of its cells when it has several: a running footer set apart
            // from its page number is one line on most pages and two on some (`DICOM
            // Conformance Statement`, `Page 12`), and each part repeats either way.
            // Only cells with words count so: a listing's line number and brace (`258`, `{`)
            // are no running title however many pages end with some.
            let cells = l
                .cells
                .iter()
                .map(|c| c.2.as_str())
                .filter(|c| l.cells.len() >= 2 && worded_key(c));
            for text in std::iter::once(l.text.as_str()).chain(cells) {
                let e = seen
                    .entry((top, furniture_key(text), (y / 6.0).round() as i32))
                    .or_default();
                if e.last() != Some(&(pi as u32)) {
                    e.push(pi as u32);
                }
            }
            if let Some(num) = edge_number(&l.text).filter(|_| l.size <= body * 1.15) {
                *offsets.entry((top, num - pi as i64)).or_default() += 1;
                numbered = true;
            }
        }
        numbered_band_pages += u32::from(numbered);
    }
    let need = ((n as f64) * cfg.furniture_min_share).ceil().max(2.0) as usize;
    let best_offset: Vec<(bool, i64)> = offsets
        .iter()
        .filter(|(_, &c)| n >= 3 && c >= 3 && c * 2 >= numbered_band_pages)
        .map(|(k, _)| *k)
        .collect();
    let mut count = 0;
    for (pi, p) in pages.iter_mut().enumerate() {
        let height = p.height;
        for (l, edge) in p.lines.iter_mut().zip(&edges[pi]) {
            if n >= 3
                && l.y0 <= tops[pi]
                && small_head(l, *edge)
                && head_slots.get(&slot_of(l)).is_some_and(|&k| k >= need)
            {
                l.furniture = true;
                count += 1;
                continue;
            }
            let Some(top) = *edge else { continue };
            let y = if top { l.y0 } else { height - l.y1 };
            let b = (y / 6.0).round() as i32;
            // The pages where `text` stands at this edge, at about this height.
            let pages_with = |text: &str| -> Vec<u32> {
                let key = furniture_key(text);
                (b - 1..=b + 1)
                    .filter_map(|bb| seen.get(&(top, key.clone(), bb)))
                    .flatten()
                    .copied()
                    .collect()
            };
            // `with` holds enough pages for a running line of the whole document.
            let repeats_on = |with: &[u32]| {
                // Books alternate running heads: count each parity of pages apart too.
                let parity = pi as u32 % 2;
                let same_parity = with.iter().filter(|&&q| q % 2 == parity).count();
                let parity_pages = (n as u32 + 1 - parity) / 2;
                n >= 3
                    && (with.len() >= need
                        || (n >= 4
                            && same_parity >= 2
                            && same_parity as f64
                                >= f64::from(parity_pages) * cfg.furniture_min_share))
            };
            let line_pages = pages_with(&l.text);
            // A line of one cell also in a run of pages: a chapter's own running head. (Rows
            // of cells at a page's edge on pages in a row are a long table's header, repeated.)
            let chapter_head = l.cells.len() <= 1
                && l.size <= body * 1.2
                && worded_key(&l.text)
                && local_run(&line_pages, pi as u32);
            let cells_repeat = || {
                let worded: Vec<bool> = l.cells.iter().map(|c| worded_key(&c.2)).collect();
                worded.contains(&true)
                    && l.cells.iter().zip(&worded).all(|(c, &w)| {
                        if w {
                            repeats_on(&pages_with(&c.2))
                        } else {
                            bare_number(&c.2)
                        }
                    })
            };
            // A running head of two or three cells, the page's first line (its last at the
            // foot), where one cell names the document on most pages and another the section
            // the page is in (`1.2. Die Programme einrichten | Ubuntu Packaging Guide`): no
            // bigger than the text, as a slide's title beside a name on every slide is.
            let outermost = if top {
                l.y0 <= tops[pi] + 0.5
            } else {
                l.y1 >= bottoms[pi] - 0.5
            };
            let split_head = || {
                (2..=3).contains(&l.cells.len())
                    && outermost
                    && l.size <= body * 1.2
                    && l.cells.iter().any(|c| {
                        // A title of words, not a value a table's column repeats (`Yes`).
                        c.2.split_whitespace().count() >= 2
                            && worded_key(&c.2)
                            && repeats_on(&pages_with(&c.2))
                    })
            };
            let repeats = chapter_head
                || repeats_on(&line_pages)
                || (l.cells.len() >= 2 && cells_repeat())
                || split_head();
            let numbered = edge_number(&l.text)
                .is_some_and(|num| best_offset.contains(&(top, num - pi as i64)))
                && l.text.len() <= 120
                && l.size <= body * 1.15;
            if repeats || numbered || (bare_number(&l.text) && n >= 2) {
                l.furniture = true;
                count += 1;
            }
        }
    }
    count
}

/// Size clusters over the document: sizes within 0.4 pt of the previous one join its cluster.
/// Returns the cluster index of every distinct size (rounded to 0.1 pt) and the body size.
fn size_clusters(pages: &[Page]) -> (Vec<(f32, u16)>, f32) {
    let mut hist: Vec<(f32, u64)> = Vec::new();
    for l in pages.iter().flat_map(|p| &p.lines).filter(|l| !l.furniture) {
        let s = (l.size * 10.0).round() / 10.0;
        match hist.iter_mut().find(|h| h.0 == s) {
            Some(h) => h.1 += u64::from(l.chars),
            None => hist.push((s, u64::from(l.chars))),
        }
    }
    hist.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut bins: Vec<(f32, u16)> = Vec::with_capacity(hist.len());
    let mut weight: Vec<(f64, u64)> = Vec::new();
    let mut prev = f32::NEG_INFINITY;
    for &(s, w) in &hist {
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

/// The x ranges the cells of `rows` cover, overlapping ones (within 1 pt) joined, left to right.
fn cell_ranges(lines: &[VLine], rows: impl Iterator<Item = usize>) -> Vec<(f32, f32)> {
    let mut spans: Vec<(f32, f32)> = rows
        .flat_map(|r| lines[r].cells.iter().map(|c| (c.0, c.1)))
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f32, f32)> = Vec::new();
    for s in spans {
        match out.last_mut() {
            Some(c) if s.0 <= c.1 + 1.0 => c.1 = c.1.max(s.1),
            _ => out.push(s),
        }
    }
    out
}

/// Tables: runs of three or more lines of one flow with two or more cells each, whose cells
/// fall into the same two or more column ranges (ranges of x that some cell covers and no
/// gap cuts).
fn find_tables(p: &mut Page, tables: &mut Vec<TableShape>) {
    let Page { lines, rules, .. } = p;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].furniture
            || lines[i].cells.len() < 2
            || lines[i].mono
            || leaders(&lines[i].text)
        {
            i += 1;
            continue;
        }
        let flow = lines[i].flow;
        let mut j = i;
        let mut rows = Vec::new();
        while j < lines.len()
            && lines[j].flow == flow
            && !lines[j].furniture
            && !lines[j].mono
            && !leaders(&lines[j].text)
            && (lines[j].size - lines[i].size).abs() < 0.5
            && (j == i || lines[j].base - lines[j - 1].base < lines[i].size * 3.0)
            // A bulleted item under a table whose rows are none (`•` and its text set apart
            // by a tab) starts a list after it. (A numbered one may be a row: `1. | Alpha`.)
            && (j == i
                || !lines[j].cells.first().is_some_and(|c| bullet_cell(&c.2))
                || lines[i].cells.first().is_some_and(|c| bullet_cell(&c.2)))
            // A bold line with a section number, set further below the rows than they are
            // apart, is a title after the table (`3.3.3.1.1 | Associated Real-World
            // Activity`), not a row.
            && !(j > i + 1
                && lines[j].bold
                && !lines[j - 1].bold
                && headings::numbering(&lines[j].text).is_some_and(|n| n.parts.len() >= 2)
                && lines[j].base - lines[j - 1].base > widest(lines, i, j) + 1.0)
            && (lines[j].cells.len() >= 2
                // A wrapped cell: one cell, not in the first column, right under a row.
                || (j > i && lines[j].cells.len() == 1 && lines[j].x0 > lines[i].x0 + lines[i].size * 2.0)
                || (j > i && first_column_wrap(lines, i, j)))
        {
            rows.push(j);
            j += 1;
        }
        let multi = rows.iter().filter(|&&r| lines[r].cells.len() >= 2).count();
        // A list whose markers stand apart from their text (a word processor's tab after
        // `•` or `1.`) is two columns of a list, not a table.
        let list = rows.iter().all(|&r| match lines[r].cells.as_slice() {
            [m, _] => marker_cell(&m.2),
            [_] => true,
            _ => false,
        });
        if multi >= 3 && !list && !toc_run(lines, &rows) {
            // Column ranges: union of the cells' x ranges.
            let cols = cell_ranges(lines, rows.iter().copied());
            // A cell that covers several column ranges is a merged cell; the ranges come from
            // the rows without such cells.
            let most = rows
                .iter()
                .map(|&r| lines[r].cells.len())
                .max()
                .unwrap_or(0);
            let single = cell_ranges(
                lines,
                rows.iter()
                    .copied()
                    .filter(|&r| lines[r].cells.len() == most),
            );
            let ncols = cols.len().max(single.len());
            // Prose never makes it here with two ranges, but a wide one-cell line would have
            // merged every range into one.
            if ncols >= 2 && cols.len() >= 2 {
                let ranges = if single.len() >= 2 { &single } else { &cols };
                // The top of a header set at the bottom of its cells: lines above the run,
                // or its own first lines.
                let (above, top) = header_top(lines, &rows, ranges);
                let rows: Vec<usize> = (rows[0] - above..rows[0]).chain(rows).collect();
                let mut cont = continuations(lines, &rows, ranges);
                for c in &mut cont[1..=top] {
                    *c = true;
                }
                let starts: Vec<usize> = (0..rows.len()).filter(|&k| !cont[k]).collect();
                let first_bold = lines[rows[0]].bold;
                let rest_bold = starts[1..].iter().any(|&k| lines[rows[k]].bold);
                let numeric = |t: &str| t.chars().any(|c| c.is_ascii_digit());
                let header_rows = if (first_bold && !rest_bold)
                    || (!numeric(&lines[rows[0]].text)
                        && rows[1..].iter().any(|&r| numeric(&lines[r].text)))
                {
                    1
                } else {
                    0
                };
                let glued = broken_words(lines, &rows, &starts, ranges);
                // Each row becomes one line: the lines its cells wrap onto join it, cell by
                // cell, top to bottom.
                for (n, &k) in starts.iter().enumerate() {
                    let end = starts.get(n + 1).copied().unwrap_or(rows.len());
                    if end > k + 1 {
                        let merged = join_row(lines, &rows[k..end], ranges, &glued);
                        lines[rows[k]] = merged;
                    }
                }
                let row_lines: Vec<&VLine> = starts.iter().map(|&k| &lines[rows[k]]).collect();
                let header_rows = if header_rows == 0 && ruled_header(&row_lines, rules) {
                    1
                } else {
                    header_rows
                };
                let mut cell_spans = Vec::new();
                for (row_no, &k) in starts.iter().enumerate() {
                    for c in &lines[rows[k]].cells {
                        let covered: Vec<usize> = (0..ranges.len())
                            .filter(|&q| c.0 < ranges[q].1 - 1.0 && c.1 > ranges[q].0 + 1.0)
                            .collect();
                        if covered.len() >= 2 {
                            cell_spans.push([
                                row_no as u32,
                                covered[0] as u32,
                                1,
                                covered.len() as u32,
                            ]);
                        }
                    }
                }
                let t = tables.len();
                tables.push(TableShape {
                    rows: starts.len() as u32,
                    cols: ranges.len() as u32,
                    header_rows,
                    grid_kind: "pdf_grid",
                    cell_spans,
                });
                for &k in &starts {
                    lines[rows[k]].table = Some(t);
                }
                // The lines joined into their rows go.
                let gone: Vec<usize> = (0..rows.len())
                    .filter(|&k| cont[k])
                    .map(|k| rows[k])
                    .collect();
                if !gone.is_empty() {
                    let mut at = 0;
                    lines.retain(|_| {
                        at += 1;
                        gone.binary_search(&(at - 1)).is_err()
                    });
                }
                i = j - gone.len();
                continue;
            }
        }
        i = j.max(i + 1);
    }
}

/// The top lines of a header set at the bottom of its cells, whose cells that wrap more start
/// higher than the others (see [`tops_header`]), for a table run `rows`: how many lines right
/// above the run join its first line (`Commit` over `subject prefix | Changelog section …`),
/// and how many lines of the header's top that makes, those above the run or, when there are
/// none, the run's own first lines of two cells or more over a fuller one (`Default | Extra`
/// over `Feature | Description | Enabled | Dependencies`). Three at most.
fn header_top(lines: &[VLine], rows: &[usize], ranges: &[(f32, f32)]) -> (usize, usize) {
    let first = &lines[rows[0]];
    let step = tightest(lines, rows[0], rows[rows.len() - 1] + 1);
    let mut above = 0;
    while above < 3
        && rows[0] > above
        && tops_header(
            &lines[rows[0] - above - 1],
            &lines[rows[0] - above],
            first,
            step,
            ranges,
        )
    {
        above += 1;
    }
    if above > 0 {
        return (above, above);
    }
    let mut inside = 0;
    while inside < 3
        && inside + 1 < rows.len()
        && tops_header(
            &lines[rows[inside]],
            &lines[rows[inside + 1]],
            &lines[rows[inside + 1]],
            step,
            ranges,
        )
    {
        inside += 1;
    }
    (0, inside)
}

/// Whether line `l` is the top of a header set at the bottom of its cells, over line `below`,
/// in a table whose fullest line of the header is `first` and whose tightest step is `step`:
/// `l` has fewer cells than `first`, each inside a column of `ranges` (or reaching past it,
/// short of the next column: the column is as wide as the header cell, its other cells may
/// all be narrower), at its left edge (or its right edge) over a piece of `below` set there
/// too that would not have fitted after it (full); it is in `first`'s type and flow, in no
/// table yet, set no further above `below` than the tightest step (with a fifth to spare),
/// and ends no sentence.
fn tops_header(l: &VLine, below: &VLine, first: &VLine, step: f32, ranges: &[(f32, f32)]) -> bool {
    let gap = below.base - l.base;
    l.flow == first.flow
        && l.table.is_none()
        && !l.furniture
        && !l.mono
        && l.bold == first.bold
        && (l.size - first.size).abs() < 0.5
        && !l.cells.is_empty()
        && l.cells.len() < first.cells.len()
        && gap > 0.0
        && gap <= step * 1.2 + 0.5
        && !l.text.trim_end().ends_with(['.', ':', ';'])
        && l.cells.iter().all(|c| {
            // Set at its column's left edge over a piece set there too, or at its right edge
            // over a piece set there (a column of numbers).
            let left = |x: &(f32, f32, String), r: &(f32, f32)| (x.0 - r.0).abs() <= 1.5;
            let right = |x: &(f32, f32, String), r: &(f32, f32)| (x.1 - r.1).abs() <= 1.5;
            let Some((q, r, b)) = ranges.iter().enumerate().find_map(|(q, r)| {
                let b = below
                    .cells
                    .iter()
                    .find(|b| (left(c, r) && left(b, r)) || (right(c, r) && right(b, r)))?;
                Some((q, r, b))
            }) else {
                return false;
            };
            // A word broken at the column's edge (`Benchmar` over `k`), or words that did not
            // fit beside the one below (`CPU Target` over `Feature`, `Time (smaller` over `is
            // better)`), reach further than the column's other cells, though not into the
            // next column.
            let wider = ranges.get(q + 1).is_some_and(|n| c.1 < n.0 - l.size * 0.5);
            c.0 >= r.0 - 1.5
                && (c.1 <= r.1 + 1.5 || wider)
                && full(r.0 + (c.1 - c.0), lead_width(b), l.size, r.1)
        })
}

/// The widest step between two lines of `lines[i..j]`, over its last rows (the work per line
/// stays bounded).
fn widest(lines: &[VLine], i: usize, j: usize) -> f32 {
    lines[i.max(j.saturating_sub(ROW_MAX_LINES))..j]
        .windows(2)
        .map(|w| w[1].base - w[0].base)
        .fold(0.0, f32::max)
}

/// The tightest step between two lines of `lines[i..j]`.
fn tightest(lines: &[VLine], i: usize, j: usize) -> f32 {
    lines[i..j]
        .windows(2)
        .map(|w| w[1].base - w[0].base)
        .filter(|&d| d > 0.0)
        .fold(f32::INFINITY, f32::min)
}

/// Whether `lines[j]`, one cell under the first column of the table run that starts at
/// `lines[i]`, is the first cell of the row above going on (`changed / changed: /` then
/// `changed(...):`): set tight under it, at the column's left edge, short of the next column,
/// under a piece that is full (its first word would not have fitted after it), with a row
/// after it.
fn first_column_wrap(lines: &[VLine], i: usize, j: usize) -> bool {
    let (top, l, above) = (&lines[i], &lines[j], &lines[j - 1]);
    let ([c], [a, ..], [t0, t1, ..]) = (
        l.cells.as_slice(),
        above.cells.as_slice(),
        top.cells.as_slice(),
    ) else {
        return false;
    };
    // The farthest the first column's cells reach so far (over the last rows: the work per
    // line stays bounded).
    let right = lines[i.max(j.saturating_sub(ROW_MAX_LINES))..j]
        .iter()
        .filter_map(|r| r.cells.first())
        .filter(|f| (f.0 - t0.0).abs() <= 1.5 && f.1 < t1.0)
        .map(|f| f.1)
        .fold(f32::NEG_INFINITY, f32::max);
    let step = l.base - above.base;
    (c.0 - t0.0).abs() <= 1.5
        && (a.0 - t0.0).abs() <= 1.5
        && c.1 < t1.0 - l.size * 0.5
        && step > 0.0
        && step <= l.size * 1.6
        && l.bold == above.bold
        && full(a.1, lead_width(c), l.size, right)
        // A row follows (a note under the table, `Source: IMF`, is no part of its last row).
        && lines.get(j + 1).is_some_and(|n| {
            n.flow == l.flow
                && n.base - l.base <= l.size * 3.0
                // or the cell's next line
                && !n.cells.is_empty()
        })
}

/// The width of the first piece of cell text `c` that a line cannot break: its first word, or
/// its first two when the first is opening punctuation (`{ headings:`), from the cell's width
/// per character.
fn lead_width(c: &(f32, f32, String)) -> f32 {
    let mut words = c.2.split_whitespace();
    let first = words.next().unwrap_or("");
    let mut n = first.chars().count();
    if !first.is_empty() && first.chars().all(|ch| "([{«“‘\"'".contains(ch)) {
        n += 1 + words.next().map_or(0, |w| w.chars().count());
    }
    (c.1 - c.0) * n as f32 / c.2.chars().count().max(1) as f32
}

/// Whether a cell's line that ends at `end` is full: a word `word_w` wide, after a space, would
/// not have fitted before `right`, the farthest its column's cells reach (type `size`).
fn full(end: f32, word_w: f32, size: f32, right: f32) -> bool {
    end + size * 0.25 + word_w * 1.1 + 1.0 >= right
}

/// The most lines one table row's cells may wrap over.
const ROW_MAX_LINES: usize = 64;

/// Horizontal rules on a page beyond this many are not looked at for table headers (a
/// drawing made of lines, not a table's borders).
const TABLE_MAX_RULES: usize = 2_000;

/// Which lines of a table's `rows` go on with the row above instead of starting one: a
/// wrapped cell's further lines. Such a line leaves the first column empty (or a column that
/// the row's first line fills, when the first cell wraps too), is set in the
/// type of the row's first line (a row cut by a page break does not go on with the bold
/// header repeated over the next page) and no further below the line above than the table's
/// tightest line step (rows may be set apart by padding, a cell's lines never are). Each of
/// its cells goes on from a piece of the row above in its column that it lines up with (left,
/// centred or right) and that is full: it reaches so far right that the cell's first word
/// would not have fitted after it; and the cell so far holds two words or more. In a padded
/// table (rows set apart further than the tightest step, twice or more) a line at the
/// tightest step may fill every column and go on under one-word pieces. A row that leaves the
/// first column empty under one-word cells in a table without padding (`armel | wheezy` under
/// `Debian | i386/amd64 | squeeze`), and a label centred across the table, stay rows.
/// `rows` are consecutive lines.
fn continuations(lines: &[VLine], rows: &[usize], ranges: &[(f32, f32)]) -> Vec<bool> {
    let column = |c: &(f32, f32, String)| {
        let mid = (c.0 + c.1) / 2.0;
        (0..ranges.len())
            .min_by(|&a, &b| {
                let d = |q: usize| {
                    if mid < ranges[q].0 {
                        ranges[q].0 - mid
                    } else if mid > ranges[q].1 {
                        mid - ranges[q].1
                    } else {
                        0.0
                    }
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap_or(0)
    };
    let first = lines[rows[0]].x0;
    // The tightest step between two lines of the table: the line spacing inside a cell (rows
    // may be set further apart, with padding, never closer).
    let step = tightest(lines, rows[0], rows[rows.len() - 1] + 1);
    // Rows set further apart than the lines inside a cell (cell padding, rules): two steps or
    // more clearly wider than the tightest one. Then a line at the tightest step is a cell
    // going on, even under a one-word piece (`signature` / `verification`).
    let padded = rows
        .windows(2)
        .filter(|w| lines[w[1]].base - lines[w[0]].base > step * 1.15 + 1.0)
        .count()
        >= 2;
    let mut cont = vec![false; rows.len()];
    let mut row_start = 0;
    for k in 1..rows.len() {
        let l = &lines[rows[k]];
        let single = l.cells.len() == 1 && l.x0 > first + lines[rows[0]].size * 2.0;
        // Whether piece `a` reaches into column `q`: its own, or one it runs over (a cell
        // that the layout set too close to the one before it, `0.3x cat is a bad`).
        let covers = |a: &(f32, f32, String), q: usize| {
            column(a) == q || (a.0 < ranges[q].0 && a.1 > ranges[q].0 + 1.0)
        };
        // Each cell's piece of the row above it in its column, the nearest line up.
        let above: Vec<Option<&(f32, f32, String)>> = l
            .cells
            .iter()
            .map(|c| {
                let q = column(c);
                rows[row_start..k]
                    .iter()
                    .rev()
                    .find_map(|&r| lines[r].cells.iter().find(|a| covers(a, q)))
            })
            .collect();
        let fits = |c: &(f32, f32, String), a: &(f32, f32, String)| {
            full(a.1, lead_width(c), l.size, ranges[column(c)].1)
        };
        // Words of the row's cell in column `q` so far.
        let words = |q: usize| -> usize {
            rows[row_start..k]
                .iter()
                .flat_map(|&r| lines[r].cells.iter())
                .filter(|a| covers(a, q))
                .map(|a| a.2.split_whitespace().count())
                .sum()
        };
        // Set as the piece above it is (left, or indented by up to two ems under a hanging
        // `– `; centred; right), or at the left edge of its column under a piece that runs
        // into it: a wrapped cell keeps its alignment, a label across the table's width does
        // not line up with a cell.
        let aligned = |c: &(f32, f32, String), a: &(f32, f32, String)| {
            (c.0 >= a.0 - 1.5 && c.0 <= a.0 + l.size * 2.0)
                || (a.0 < c.0 && (c.0 - ranges[column(c)].0).abs() <= 1.5)
                || ((c.0 + c.1) - (a.0 + a.1)).abs() <= 3.0
                || (c.1 - a.1).abs() <= 1.5
        };
        let gap = l.base - lines[rows[k - 1]].base;
        let wrapped = l.bold == lines[rows[row_start]].bold
            && gap > 0.0
            && gap <= step * 1.2 + 0.5
            // A cell goes on over so many lines at most: past them the line starts a row
            // (which keeps the work per row bounded on a page of thousands of lines).
            && k - row_start < ROW_MAX_LINES
            && (single
                || l.cells.first().is_some_and(|c| c.0 >= ranges[0].1 - 1.0)
                // A first cell that wraps too (`Presentation LUT` / `Sequence`) when a column
                // the row filled stays empty (its `Key` or `Type`): a new row fills those.
                || lines[rows[row_start]]
                    .cells
                    .iter()
                    .any(|a| l.cells.iter().all(|c| column(c) != column(a)))
                // In a padded table a line at the tightest step goes on with its row even when
                // it fills every column (`Function | Value on` / `name | Linux/Redox`).
                || padded)
            && l.cells.iter().zip(&above).all(|(c, a)| {
                a.is_some_and(|a| aligned(c, a) && fits(c, a))
                    && (padded || words(column(c)) >= 2)
            });
        if wrapped {
            cont[k] = true;
        } else {
            row_start = k;
        }
    }
    cont
}

/// One line for a table row whose cells wrap onto the lines after it (`lines[rows[0]]` and
/// its continuations): each column's pieces joined top to bottom, a line-end hyphen kept and
/// the next piece set right after it (no repair inside tables).
fn join_row(
    lines: &[VLine],
    rows: &[usize],
    ranges: &[(f32, f32)],
    glued: &HashSet<(usize, usize)>,
) -> VLine {
    let mut merged = lines[rows[0]].clone();
    for &r in &rows[1..] {
        append_line(&mut merged, &lines[r], ranges, true, |ci| {
            glued.contains(&(r, ci))
        });
    }
    merged
}

/// The column range of `ranges` that a cell falls in: the one that holds its middle.
fn column_of(c: &(f32, f32, String), ranges: &[(f32, f32)]) -> Option<usize> {
    let mid = (c.0 + c.1) / 2.0;
    ranges
        .iter()
        .position(|r| mid >= r.0 - 1.0 && mid <= r.1 + 1.0)
}

/// The cells of a table's lines (`(line, cell)`) that go on, with no space, from a word the
/// line above broke. A word processor breaks a word too long for its column where it reaches
/// the column's edge, with no hyphen (LibreOffice: `insert_a` / `hash_hig` / `hbits`). Such a
/// piece is a word alone on its line, from the column's left edge to within a character of
/// the farthest the column reaches, that its cell goes on from. One such word may be a word
/// wrapped in the ordinary way (`encoded` / `and`), so a column breaks words only when it
/// shows two different ones, and when most of the pieces its cells go on from are single
/// words (a column of prose wraps between words; a narrow column of names breaks them). A
/// word that ends with closing punctuation (`Model.`, `K,`) ended there, and a line that
/// starts with an opening bracket starts a word (`*const` / `()`). A word broken inside a line
/// of several shows no such column; it is known by the page writing the whole word elsewhere
/// (`std::fmt::Displ` / `ay`). `rows` are the table's lines and `starts` the positions in
/// `rows` where its rows start.
fn broken_words(
    lines: &[VLine],
    rows: &[usize],
    starts: &[usize],
    ranges: &[(f32, f32)],
) -> HashSet<(usize, usize)> {
    // Per column: the leftmost start and farthest end of its pieces.
    let mut edge = vec![(f32::MAX, f32::MIN); ranges.len()];
    for &r in rows {
        for c in &lines[r].cells {
            if let Some(q) = column_of(c, ranges) {
                edge[q] = (edge[q].0.min(c.0), edge[q].1.max(c.1));
            }
        }
    }
    // Per line of `rows` and column: its first piece there, and how many it has.
    let mut in_column: HashMap<(usize, usize), (usize, u32)> = HashMap::new();
    for (m, &r) in rows.iter().enumerate() {
        for (ci, c) in lines[r].cells.iter().enumerate() {
            if let Some(q) = column_of(c, ranges) {
                in_column.entry((m, q)).or_insert((ci, 0)).1 += 1;
            }
        }
    }
    // Per column: the pieces its cells go on from, and how many of them are one word.
    let mut wrapped = vec![(0usize, 0usize); ranges.len()];
    // (column, next line, its cell, the word) for every word broken at its column's edge.
    let mut found: Vec<(usize, usize, usize, &str)> = Vec::new();
    let mut extra: Vec<(usize, usize)> = Vec::new();
    for (n, &k) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(rows.len());
        for m in k..end {
            let l = &lines[rows[m]];
            for c in &l.cells {
                let Some(q) = column_of(c, ranges) else {
                    continue;
                };
                // The cell's next line, right below: a cell goes on line by line.
                let next = (m + 1 < end)
                    .then(|| in_column.get(&(m + 1, q)))
                    .flatten()
                    .map(|&(ci, _)| (rows[m + 1], ci));
                let Some((r2, ci)) = next else {
                    continue;
                };
                let word = c.2.trim();
                let one_word = !word.contains(char::is_whitespace);
                wrapped[q].0 += 1;
                wrapped[q].1 += usize::from(one_word);
                let alone = in_column.get(&(m, q)).is_some_and(|&(_, n)| n == 1);
                let opens = lines[r2].cells[ci]
                    .2
                    .starts_with(|ch: char| ch.is_whitespace() || "([{<\"'“‘".contains(ch));
                if !word.is_empty()
                    && one_word
                    && alone
                    && !opens
                    && !word.ends_with([
                        '-', '.', ',', ';', ':', ')', ']', '}', '>', '!', '?', '"', '\'', '’', '”',
                    ])
                    && c.0 <= edge[q].0 + l.size * 0.3
                    && c.1 >= edge[q].1 - l.size * 0.6
                {
                    found.push((q, r2, ci, word));
                }
            }
        }
    }
    // A line's last word at its column's edge that, with the next line's first word, makes a
    // word the page writes whole elsewhere (`std::fmt::Displ` / `ay` where `std::fmt::Display`
    // stands in the text, `Architectu` / `re`): broken there, whatever the column shows. Unless
    // the page also writes the first part as a word inside a line, and the whole is no name of
    // code: `with` / `in` are two words where the page writes `within` too.
    let bare = |w: &str| {
        w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_'))
            .to_string()
    };
    // (next line, its cell, last word, whole word) at each column's edge.
    let mut edge_words: Vec<(usize, usize, String, String)> = Vec::new();
    for (n, &k) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(rows.len());
        for m in k..end.saturating_sub(1) {
            let l = &lines[rows[m]];
            for c in &l.cells {
                let Some(q) = column_of(c, ranges) else {
                    continue;
                };
                let Some(&(ci, _)) = in_column.get(&(m + 1, q)) else {
                    continue;
                };
                let next = &lines[rows[m + 1]].cells[ci].2;
                let (Some(last), Some(first)) = (
                    c.2.split_whitespace().last(),
                    next.split_whitespace().next(),
                ) else {
                    continue;
                };
                if c.1 >= edge[q].1 - l.size * 0.6
                    && first.starts_with(|ch: char| ch.is_alphanumeric() || ch == '_')
                    && last.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_')
                {
                    edge_words.push((rows[m + 1], ci, bare(last), bare(&format!("{last}{first}"))));
                }
            }
        }
    }
    if !edge_words.is_empty() {
        let whole: HashSet<String> = lines
            .iter()
            .flat_map(|l| l.text.split_whitespace())
            .map(bare)
            .filter(|w| w.chars().count() >= 6)
            .collect();
        // Words set inside a cell's line, not at its end, where no break cuts them.
        let inner: HashSet<String> = lines
            .iter()
            .flat_map(|l| l.cells.iter())
            .flat_map(|c| {
                let mut w: Vec<&str> = c.2.split_whitespace().collect();
                w.pop();
                w
            })
            .map(bare)
            .collect();
        for (r, ci, last, joined) in edge_words {
            if whole.contains(&joined) && (code_name(&joined) || !inner.contains(&last)) {
                extra.push((r, ci));
            }
        }
    }
    // Two different words: a word that a column holds on many rows shows one width, not the
    // column's edge.
    let mut words: Vec<(usize, &str)> = found.iter().map(|&(q, _, _, w)| (q, w)).collect();
    words.sort_unstable();
    words.dedup();
    let mut shown = vec![0usize; ranges.len()];
    for &(q, _) in &words {
        shown[q] += 1;
    }
    found
        .into_iter()
        .filter(|&(q, _, _, _)| shown[q] >= 2 && wrapped[q].1 * 2 >= wrapped[q].0)
        .map(|(_, r, ci, _)| (r, ci))
        .chain(extra)
        .collect()
}

/// Whether a cell's text so far, `before`, and the line of the cell below it, `after`, were
/// cut where no space was. Word processors break a line after a slash inside a token
/// (`https://github.com/rust-lang/` / `cargo`) and after an opening bracket (`[` /
/// `Parser::padded_by]`, `MovingPtr<` / `'a, T>`), and a narrow column puts the bracket or
/// quote that closes one the text left open on a line of its own (`Some({FOLDERID_Public}` /
/// `)`, `"UPPERCASE` / `",`). A slash or `<` set apart (`Accepted /` / `headers`, `a <` / `b`)
/// is a word of its own.
fn cut_without_space(before: &str, after: &str) -> bool {
    let (Some(last), Some(first)) = (before.chars().next_back(), after.chars().next()) else {
        return false;
    };
    if first.is_whitespace() {
        return false;
    }
    let joined = || {
        before
            .chars()
            .nth_back(1)
            .is_some_and(|p| !p.is_whitespace())
    };
    let open = |o: char, c: char| before.matches(o).count() > before.matches(c).count();
    match (last, first) {
        ('/' | '<', _) => joined(),
        ('(' | '[' | '{', _) => true,
        (_, ')') => open('(', ')'),
        (_, ']') => open('[', ']'),
        (_, '}') => open('{', '}'),
        (_, '>') => open('<', '>'),
        (_, '"') => before.matches('"').count() % 2 == 1,
        _ => false,
    }
}

/// Whether a word is a name of code rather than a word of prose: it holds a digit, `_`, `:`,
/// `.` or `/`, or a capital after a small letter (`camelCase`).
fn code_name(w: &str) -> bool {
    w.contains(|c: char| c.is_ascii_digit() || "_:./".contains(c))
        || w.chars()
            .zip(w.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
}

/// Appends the cells of `l`, a line a row's cells wrap onto, to `row`: each to the cell of its
/// column (the one it overlaps most, or whose middle is in the column range of `ranges` that
/// holds its middle), or as a cell of its own where the row has none. The row's box grows to
/// cover `l` when it is on the same page.
fn append_line(
    row: &mut VLine,
    l: &VLine,
    ranges: &[(f32, f32)],
    same_page: bool,
    glued: impl Fn(usize) -> bool,
) {
    for (ci, c) in l.cells.iter().enumerate() {
        let overlap = |a: &(f32, f32, String)| (a.1.min(c.1) - a.0.max(c.0)).max(0.0);
        let q = column_of(c, ranges);
        let target = row
            .cells
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                overlap(a) > 0.0
                    || q.is_some_and(|q| {
                        let m = (a.0 + a.1) / 2.0;
                        m >= ranges[q].0 - 1.0 && m <= ranges[q].1 + 1.0
                    })
            })
            .max_by(|x, y| overlap(x.1).total_cmp(&overlap(y.1)))
            .map(|(i, _)| i);
        match target {
            Some(i) => {
                let a = &mut row.cells[i];
                // A word the line above broke at the column's edge (see [`broken_words`]); a
                // line-end hyphen; a line that starts with closing punctuation was broken
                // where no space was (`async_graphql` / `::TypeName`, `"UPPERCASE"` / `,`), and
                // so was one cut at a slash or bracket (see [`cut_without_space`]).
                let tight = glued(ci)
                    || a.2.ends_with('-')
                    || (a.2.ends_with(|ch: char| ch.is_alphanumeric() || ch == '"')
                        && c.2
                            .starts_with([',', '.', ';', ':', '!', '?', ')', ']', '}']))
                    || cut_without_space(&a.2, &c.2);
                if !tight {
                    a.2.push(' ');
                }
                a.2.push_str(&c.2);
                a.0 = a.0.min(c.0);
                a.1 = a.1.max(c.1);
            }
            None => {
                let at = row
                    .cells
                    .iter()
                    .position(|a| a.0 > c.0)
                    .unwrap_or(row.cells.len());
                row.cells.insert(at, c.clone());
            }
        }
    }
    if same_page && l.page_shift == row.page_shift {
        row.x0 = row.x0.min(l.x0);
        row.x1 = row.x1.max(l.x1);
        row.y0 = row.y0.min(l.y0);
        row.y1 = row.y1.max(l.y1);
    }
    row.chars += l.chars;
    if same_page {
        row.markers.extend(l.markers.iter().cloned());
    }
    row.text = row
        .cells
        .iter()
        .map(|c| c.2.as_str())
        .collect::<Vec<_>>()
        .join(" ");
}

/// A table row that a page break cut: its end, the first line at the top of the next page
/// (under the header the word processor repeats there, or first), leaves the first column
/// empty, is set in the row's type, and each of its cells goes on from a full cell of the row
/// that ends the page before (see [`continuations`]). It joins that row and goes from the next
/// page's table (or from the page's text, when the row's end is all the page holds of the
/// table, too few lines for a table), and so do the lines right after it that leave the first
/// column empty and keep to the row's columns (set tight, a cell's lines apart). When the first line does not go on (`armel | wheezy` under
/// `Debian | i386/amd64`), none does. Lines of a page that take no part (footnotes) may follow
/// the row.
fn join_rows_across_pages(pages: &mut [Page], tables: &mut [TableShape]) {
    for pi in 1..pages.len() {
        let (before, after) = pages.split_at_mut(pi);
        let (p, q) = (&mut before[pi - 1], &mut after[0]);
        let Some(li) = p.lines.iter().rposition(|l| !l.footnote) else {
            continue;
        };
        // The next page's table, or none when all that is left of the table there is the
        // end of the row (too few lines for a table of their own).
        let (Some(t1), t2) = (p.lines[li].table, q.lines.first().and_then(|l| l.table)) else {
            continue;
        };
        let own: Vec<&VLine> = p.lines.iter().filter(|l| l.table == Some(t1)).collect();
        let left = own.iter().map(|l| l.x0).fold(f32::INFINITY, f32::min);
        // The first column's right edge: the first cells that start at the table's left.
        let first_end = own
            .iter()
            .filter_map(|l| l.cells.first())
            .filter(|c| c.0 <= left + 2.0)
            .map(|c| c.1)
            .fold(f32::NEG_INFINITY, f32::max);
        let last = &p.lines[li];
        if last.cells.first().is_none_or(|c| c.0 > left + 2.0) {
            continue;
        }
        let same = |a: &VLine, b: &VLine| {
            a.cells.len() == b.cells.len()
                && a.cells
                    .iter()
                    .zip(&b.cells)
                    .all(|(x, y)| x.2 == y.2 && (x.0 - y.0).abs() <= 2.0)
        };
        // The header itself (all of the table this page holds) has no row to go on with.
        if std::ptr::eq(last, own[0]) || same(last, own[0]) {
            continue;
        }
        let k = usize::from(t2.is_some() && same(&q.lines[0], own[0]));
        // The right edge of the column that starts at `x`: the farthest its cells reach.
        let right = |x: f32| {
            own.iter()
                .flat_map(|l| l.cells.iter())
                .filter(|a| (a.0 - x).abs() <= 2.0)
                .map(|a| a.1)
                .fold(f32::NEG_INFINITY, f32::max)
        };
        // The line under the header (find_tables joined its own wrapped lines to it) goes on
        // with the row when each of its cells goes on from a cell of the row that starts where
        // it starts, holds two words or more and is full: the cell's first word would not have
        // fitted after it (as `continuations` asks within a page).
        let goes_on = |l: &VLine| {
            l.table == t2
                && !l.mono
                && l.bold == last.bold
                && (l.size - last.size).abs() < 0.5
                && l.cells.first().is_some_and(|c| c.0 > first_end + 1.0)
                && l.cells.iter().all(|c| {
                    last.cells.iter().any(|a| {
                        // The cell may hold several lines joined: its first word's width from
                        // the type size (half an em a character), not from the cell's width.
                        let word = c.2.split_whitespace().next().unwrap_or("");
                        let word_w = word.chars().count() as f32 * l.size * 0.5;
                        (c.0 - a.0).abs() <= 2.0
                            && a.2.split_whitespace().count() >= 2
                            && full(a.1, word_w, l.size, right(a.0))
                    })
                })
        };
        if !q.lines.get(k).is_some_and(goes_on) {
            continue;
        }
        // The lines after it that leave the first column empty too, in the row's columns, go
        // on with it (find_tables did not join them: the line above them at the page's top
        // is short where the page break cut it).
        let mut m = k + 1;
        while m < q.lines.len() && m <= k + ROW_MAX_LINES && {
            let (l, prev) = (&q.lines[m], &q.lines[m - 1]);
            l.table == t2
                && !l.mono
                && l.bold == last.bold
                && (l.size - last.size).abs() < 0.5
                // Set as a cell's lines are (without a table on the page, nothing else tells
                // the row's end from what follows it).
                && l.base - prev.base <= l.size * 1.6
                && l.cells.first().is_some_and(|c| c.0 > first_end + 1.0)
                && l.cells
                    .iter()
                    .all(|c| last.cells.iter().any(|a| (c.0 - a.0).abs() <= 2.0))
        } {
            m += 1;
        }
        let moved: Vec<VLine> = q.lines.drain(k..m).collect();
        for l in &moved {
            append_line(&mut p.lines[li], l, &[], false, |_| false);
        }
        let Some(t2) = t2 else {
            continue;
        };
        let gone = (m - k) as u32;
        let shape = &mut tables[t2];
        shape.rows = shape.rows.saturating_sub(gone);
        let (from, to) = (k as u32, (k as u32) + gone);
        shape.cell_spans.retain(|s| s[0] < from || s[0] >= to);
        for s in &mut shape.cell_spans {
            if s[0] >= to {
                s[0] -= gone;
            }
        }
        if k == 0 {
            // What is left starts with a row: no header of its own.
            shape.header_rows = 0;
        }
    }
}

/// A bullet alone: a list item's marker that is no number or letter.
fn bullet_cell(t: &str) -> bool {
    marker_cell(t) && !t.trim().starts_with(char::is_alphanumeric)
}

/// A list item's marker alone: a bullet (a symbol font's too), a dash, `1.`, `a)`, `(iv)`.
/// Operators (`+`, `/`, `%`) are not: a table of them is a table.
fn marker_cell(t: &str) -> bool {
    let t = t.trim();
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            matches!(
                c,
                '•' | '◦'
                    | '▪'
                    | '▫'
                    | '‣'
                    | '·'
                    | '–'
                    | '—'
                    | '-'
                    | '*'
                    | '■'
                    | '□'
                    | '●'
                    | '○'
                    | '►'
                    | '▶'
                    | '➢'
                    | '➤'
                    | '✓'
                    | '✔'
                    | '→'
            ) || ('\u{F000}'..='\u{F0FF}').contains(&c)
        }
        _ => t.len() <= 6 && text::list_marker_start(&format!("{t} x")),
    }
}

/// The page number a table-of-contents line ends with, as its own cell.
fn page_cell(l: &VLine) -> Option<u32> {
    let last = l.cells.last()?;
    if l.cells.len() < 2
        || !l.cells[..l.cells.len() - 1]
            .iter()
            .any(|c| c.2.chars().any(char::is_alphabetic))
    {
        return None;
    }
    let t = last.2.trim();
    if t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().ok();
    }
    (t.len() <= 6 && t.bytes().all(|b| matches!(b, b'i' | b'v' | b'x' | b'l'))).then_some(0)
}

/// Rows that are a table of contents: most end in a page number, and the numbers never go
/// down.
fn toc_run(lines: &[VLine], rows: &[usize]) -> bool {
    let nums: Vec<u32> = rows.iter().filter_map(|&r| page_cell(&lines[r])).collect();
    nums.len() * 5 >= rows.len() * 4 && nums.windows(2).all(|w| w[0] <= w[1])
}

/// Dot leaders of a table of contents (`Introduction . . . . 3`, `Index ..... 12`): four dots
/// or more in a row (spaces between them allowed, `…` counting three), or three before a page
/// number that ends the line. An ellipsis in a table cell (`feat(...)`, `build:, …`) is none.
fn leaders(t: &str) -> bool {
    let mut dots = 0;
    for (at, c) in t.char_indices() {
        match c {
            '.' => dots += 1,
            '…' => dots += 3,
            ' ' | '\u{a0}' if dots > 0 => {}
            _ => {
                // Three dots right after a digit run on to a range (`0...9`), not a page.
                let range = dots == 3
                    && t[..at]
                        .trim_end_matches('.')
                        .ends_with(|d: char| d.is_ascii_digit());
                if dots >= 4 || (dots == 3 && !range && page_number_end(&t[at..])) {
                    return true;
                }
                dots = 0;
            }
        }
    }
    dots >= 4
}

/// A page number and nothing after it: `12`, `iv`.
fn page_number_end(t: &str) -> bool {
    let t = t.trim();
    !t.is_empty()
        && (t.chars().all(|c| c.is_ascii_digit())
            || (t.len() <= 6 && t.chars().all(|c| "ivxlcIVXLC".contains(c))))
}

/// Footnotes: small type in the lower part of a page, starting with a marker, after the last
/// body-size line; the lines that follow in the same small size belong to them.
fn mark_footnotes(p: &mut Page, body: f32) {
    let h = p.height;
    let n = p.lines.len();
    let mut k = n;
    while k > 0 {
        let l = &p.lines[k - 1];
        if l.furniture {
            k -= 1;
            continue;
        }
        if l.size < body * 0.9 && l.y0 > h * 0.55 {
            k -= 1;
        } else {
            break;
        }
    }
    // Lines k.. are small and at the bottom; the first must start with a marker.
    let first = (k..n).find(|&i| !p.lines[i].furniture);
    let Some(first) = first else { return };
    let t = p.lines[first].text.trim_start();
    let marker = t.starts_with(|c: char| c.is_ascii_digit() || is_mark_symbol(c))
        && t.chars().nth(1).is_some();
    if !marker || t.chars().take_while(|c| c.is_ascii_digit()).count() > 2 {
        return;
    }
    for l in &mut p.lines[first..] {
        if !l.furniture {
            l.footnote = true;
        }
    }
}

/// Everything after reading: furniture, sizes, tables, paragraphs, then the text rules.
fn build(mut pages: Vec<Page>, cfg: &PdfConfig, text_cfg: &TextConfig) -> PdfExtraction {
    let (out, hints, furniture_lines) = layout_text(&mut pages, cfg);
    if std::env::var_os("DOCSWEEP_PDF_LAYOUT").is_some() {
        dump_layout(&out, &hints);
    }
    PdfExtraction {
        furniture_lines,
        ..from_text(&out, Some(&hints), text_cfg, pages.len() as u32, &[])
    }
}

/// A PDF's text (one line per line, pages apart by form feeds) read by the text rules, with
/// the layout's hints when there are any. Its blocks have no source spans: offsets into the
/// PDF's bytes mean nothing.
fn from_text(
    out: &str,
    hints: Option<&Hints>,
    text_cfg: &TextConfig,
    pages: u32,
    boxes: &[LineBox],
) -> PdfExtraction {
    let x = text::extract_with(Canonical::from_bytes(out.as_bytes()), text_cfg, hints);
    let mut blocks = x.blocks;
    for b in &mut blocks {
        // Lines placed on a page (OCR's boxes) give a block the box of its lines on the page
        // it starts on, as layout hints do: the lines whose text it holds, not the page
        // furniture removed from between them (a footer under a paragraph that goes on over
        // the page).
        if let (Some(s), Some(e), false) = (b.src_begin, b.src_end, boxes.is_empty()) {
            let (s, e) = (s as usize, e as usize);
            let (ob, oe) = (b.off_begin, b.off_end);
            let kept = |l: &LineBox| {
                let (mut lo, mut hi) = (ob, oe);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if (x.map.to_src(mid) as usize) < l.start {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                lo < oe && (x.map.to_src(lo) as usize) < l.end
            };
            let from = boxes.partition_point(|l| l.end <= s);
            let page = boxes.get(from).map(|l| l.page);
            b.attrs_mut().bbox = boxes[from..]
                .iter()
                .take_while(|l| l.start < e)
                .filter(|l| Some(l.page) == page && kept(l))
                .map(|l| l.bbox)
                .reduce(|a, r| {
                    [
                        a[0].min(r[0]),
                        a[1].min(r[1]),
                        a[2].max(r[2]),
                        a[3].max(r[3]),
                    ]
                });
        }
        b.src_begin = None;
        b.src_end = None;
    }
    PdfExtraction {
        canonical: x.canonical,
        blocks,
        pages,
        furniture_lines: x.furniture_lines,
        hyphen_joins: x.hyphen_joins,
        flags: Vec::new(),
        note: None,
    }
}

/// `DOCSWEEP_PDF_LAYOUT=1`: the text handed to the text rules, one line per line with its
/// hints (size over body, Bold, Italic, Mono/Table/Footnote, cells, left edge in points), on
/// standard error.
fn dump_layout(out: &str, hints: &Hints) {
    for (line, h) in out.split('\n').zip(&hints.lines) {
        match h {
            Some(h) => eprintln!(
                "{:5.2} {}{} {} c{} x{:<4.0} |{}",
                h.typography.size_ratio,
                if h.typography.bold { 'B' } else { ' ' },
                if h.typography.italic { 'I' } else { ' ' },
                if h.mono {
                    'M'
                } else if h.table.is_some() {
                    'T'
                } else if h.footnote {
                    'F'
                } else {
                    ' '
                },
                h.cells,
                h.bbox[0],
                line
            ),
            None => eprintln!("{line:?}"),
        }
    }
}

/// The reading-order text with a blank line between paragraphs and `\f` between pages, one
/// hint per line (`None` for blank lines), and the number of furniture lines removed.
fn layout_text(pages: &mut [Page], cfg: &PdfConfig) -> (String, Hints, u32) {
    let furniture_lines = mark_furniture(pages, cfg);
    let (bins, body) = size_clusters(pages);
    let mut tables = Vec::new();
    for p in pages.iter_mut() {
        p.lines.retain(|l| !l.furniture);
        find_tables(p, &mut tables);
        mark_footnotes(p, body);
    }
    join_rows_across_pages(pages, &mut tables);
    // Body line spacing: the median baseline step between body-size lines of one flow.
    let mut steps: Vec<f32> = Vec::new();
    for p in pages.iter() {
        for w in p.lines.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let d = b.base - a.base;
            if a.flow == b.flow
                && (a.size - body).abs() < 0.5
                && (b.size - body).abs() < 0.5
                && d > 0.0
                && d < body * 3.0
            {
                steps.push(d);
            }
        }
    }
    steps.sort_by(f32::total_cmp);
    let lead = steps.get(steps.len() / 2).copied().unwrap_or(body * 1.2);
    continue_over_footnotes(pages, body, lead);
    continue_under_floats(pages, body, lead);
    for p in pages.iter_mut() {
        place_footnotes(p, body, lead);
    }

    let mut out = String::new();
    let mut hints: Vec<Option<LineHint>> = Vec::new();
    let blank = |out: &mut String, hints: &mut Vec<Option<LineHint>>| {
        if !out.is_empty() && !out.ends_with("\n\n") && !out.ends_with("\n\u{c}") {
            out.push('\n');
            hints.push(None);
        }
    };
    for (pi, p) in pages.iter().enumerate() {
        if pi > 0 {
            out.push('\u{c}');
        }
        // Column edges per flow.
        let mut edges: HashMap<(u32, u32), (f32, f32)> = HashMap::new();
        for l in &p.lines {
            let e = edges
                .entry(l.flow)
                .or_insert((f32::INFINITY, f32::NEG_INFINITY));
            e.0 = e.0.min(l.x0);
            e.1 = e.1.max(l.x1);
        }
        let lines = &p.lines;
        let mut k = 0;
        while k < lines.len() {
            let l = &lines[k];
            let prev = (k > 0).then(|| &lines[k - 1]);
            let brk = match prev {
                None => true,
                Some(a) => a.figure || l.figure || paragraph_break(a, l, &edges, body, lead),
            };
            if brk {
                blank(&mut out, &mut hints);
            }
            // Heading-like lines (bigger or bold, not code) that wrap: one line.
            let standout = |v: &VLine| {
                !v.mono
                    && !v.figure
                    && v.table.is_none()
                    && !v.footnote
                    && (v.size >= body * 1.1 || v.bold)
            };
            let mut text = l.text.clone();
            let mut bbox = [l.x0, l.y0, l.x1, l.y1];
            let mut end = k + 1;
            // A chapter's display number, then the title lines beside it (placed after it by
            // `join_lines`): one line, `1 The Title`, with the title's typography.
            let title = lines.get(k + 1).filter(|t| {
                display_label(&l.text)
                    && standout(t)
                    && t.text.starts_with(char::is_alphabetic)
                    && t.text.chars().filter(|c| c.is_alphabetic()).count() >= 3
                    && l.size > t.size * 2.0
                    && t.y0 < l.y1
                    && t.y1 > l.y0 - l.size * 0.5
            });
            let style = title.unwrap_or(l);
            if title.is_some() {
                text.push(' ');
                text.push_str(&lines[k + 1].text);
                bbox = grown(bbox, &lines[k + 1]);
                end += 1;
            }
            if standout(l) {
                while end < lines.len()
                    && end - k < 3 + usize::from(title.is_some())
                    && standout(&lines[end])
                    // A wrapped title is set tight (or looser when a quotation or bracket
                    // it opened is still open: `CHE COS'È IL “TEATRO` / `VIRTUALE”?`, or
                    // the next line goes on in lower case or the title so far ends on a
                    // function word: `README: Instructions on` / `configuring and building
                    // 4ti2` in a chapter title set 1.45 apart); a numbered line below is a
                    // heading of its own.
                    && lines[end].base - lines[end - 1].base
                        <= lines[end].size
                            * if left_open(&text) {
                                2.5
                            } else if lines[end].text.starts_with(char::is_lowercase)
                                || headings::ends_with_function_word(&text.to_lowercase())
                            {
                                1.6
                            } else {
                                1.35
                            }
                    && headings::numbering(&lines[end].text).is_none()
                    && headings::numbering_lower(&lines[end].text).is_none()
                    && title_goes_on(&lines[end - 1], &lines[end])
                    && text.len() + lines[end].text.len() < 150
                    && (lines[end].size - style.size).abs() < 0.5
                    && lines[end].bold == style.bold
                {
                    // A title hyphenated at the line end: `environ-` + `ments`.
                    let next = &lines[end].text;
                    if text.ends_with('-')
                        && text[..text.len() - 1].ends_with(char::is_lowercase)
                        && next.starts_with(char::is_lowercase)
                    {
                        text.pop();
                    } else {
                        text.push(' ');
                    }
                    text.push_str(next);
                    bbox = grown(bbox, &lines[end]);
                    end += 1;
                }
            }
            // A numbered run-in heading (`1.1 Essential Commands. To begin, …` with the
            // number and title in bold): the title becomes a line of its own, without its
            // closing period, and the paragraph starts after it.
            if brk && !l.bold && !l.mono && l.table.is_none() && end == k + 1 && l.bold_lead > 0 {
                let lead = l.text.get(..l.bold_lead).unwrap_or("").trim();
                let rest = l.text.get(l.bold_lead..).unwrap_or("").trim_start();
                let title = lead.trim_end_matches(['.', ':']);
                if lead.len() > title.len()
                    && !rest.is_empty()
                    && title.split_whitespace().count() >= 2
                    && (headings::numbering(title).is_some()
                        || headings::numbering_lower(title).is_some())
                {
                    out.push_str(title);
                    out.push('\n');
                    hints.push(Some(LineHint {
                        bbox,
                        page: pi as u32 + l.page_shift,
                        typography: Typography {
                            size_ratio: l.size / body,
                            bold: true,
                            italic: false,
                        },
                        size_bin: bin_of(&bins, l.size),
                        centered: false,
                        mono: false,
                        table: None,
                        footnote: false,
                        cells: 1,
                        figure: false,
                    }));
                    blank(&mut out, &mut hints);
                    text = rest.to_string();
                }
            }
            if l.mono {
                // Code keeps its indentation, in characters of its own width.
                let cw = ((l.x1 - l.x0) / l.text.chars().count().max(1) as f32).max(1.0);
                let left = lines[..=k]
                    .iter()
                    .rev()
                    .take_while(|v| v.mono && v.flow == l.flow)
                    .chain(
                        lines[k + 1..]
                            .iter()
                            .take_while(|v| v.mono && v.flow == l.flow),
                    )
                    .map(|v| v.x0)
                    .fold(f32::INFINITY, f32::min);
                let indent = (((l.x0 - left) / cw).round() as usize).min(40);
                out.extend(std::iter::repeat_n(' ', indent));
            } else if l.table.is_some() && l.cells.len() >= 2 {
                text = table_row(l);
            } else if page_cell(l).is_some() && end == k + 1 {
                // A contents entry: its page number set apart, as the text rules expect.
                let (head, last) = l.cells.split_at(l.cells.len() - 1);
                let head: Vec<&str> = head.iter().map(|c| c.2.as_str()).collect();
                text = format!("{}  {}", head.join(" "), last[0].2.trim());
            }
            out.push_str(text.trim_end());
            out.push('\n');
            hints.push(Some(LineHint {
                bbox,
                page: pi as u32 + l.page_shift,
                typography: Typography {
                    size_ratio: style.size / body,
                    bold: style.bold,
                    italic: style.italic,
                },
                size_bin: bin_of(&bins, style.size),
                centered: {
                    let (left, right) = edges.get(&l.flow).copied().unwrap_or((l.x0, l.x1));
                    let mid = (left + right) / 2.0;
                    (bbox[2] - bbox[0]) < (right - left) * 0.7
                        && ((bbox[0] + bbox[2]) / 2.0 - mid).abs() < (right - left) * 0.03
                },
                mono: l.mono,
                table: l.table,
                footnote: l.footnote,
                cells: l.cells.len().min(255) as u8,
                figure: l.figure,
            }));
            k = end;
        }
    }
    let hints = Hints {
        lines: hints,
        tables,
    };
    (out, hints, furniture_lines)
}

/// A paragraph that runs on to the next page would be cut by the footnotes at the foot of the
/// page: the lines that finish it on the next page move up to before the footnotes, so the
/// paragraph stays one block and the footnotes stay in the section of their marker. The lines
/// keep their own page in their hints.
fn continue_over_footnotes(pages: &mut [Page], body: f32, lead: f32) {
    for pi in 0..pages.len().saturating_sub(1) {
        let p = &pages[pi];
        let Some(first_note) = p.lines.iter().position(|l| l.footnote) else {
            continue;
        };
        if first_note == 0 || p.lines[first_note..].iter().any(|l| !l.footnote) {
            continue;
        }
        let last = &p.lines[first_note - 1];
        let next = &pages[pi + 1].lines;
        if !next.first().is_some_and(|first| runs_on(last, first)) {
            continue;
        }
        let edges = flow_edges(next);
        let end = (1..next.len())
            .find(|&j| paragraph_break(&next[j - 1], &next[j], &edges, body, lead))
            .unwrap_or(next.len());
        let moved: Vec<VLine> = pages[pi + 1]
            .lines
            .drain(..end)
            .map(|mut l| {
                l.page_shift = 1;
                l
            })
            .collect();
        let p = &mut pages[pi];
        let at = first_note;
        p.lines.splice(at..at, moved);
    }
}

/// Line `first` (on the next page) can finish the paragraph that line `last` leaves
/// unfinished: `last` is prose without a sentence end, and `first` is in the same type.
fn runs_on(last: &VLine, first: &VLine) -> bool {
    !last.figure
        && !first.figure
        && last.table.is_none()
        && !last.mono
        && !closes_sentence(last)
        && (first.size - last.size).abs() <= 0.5
        && first.bold == last.bold
        && !first.mono
}

/// A paragraph that runs on to the next page would be cut by a full-width float at the top
/// of that page (a figure caption across both columns): the lines that finish it come first.
fn continue_under_floats(pages: &mut [Page], body: f32, lead: f32) {
    for pi in 1..pages.len() {
        let Some(last) = pages[pi - 1].lines.iter().rev().find(|l| !l.footnote) else {
            continue;
        };
        let lines = &pages[pi].lines;
        if !lines.first().is_some_and(|l| l.span) {
            continue;
        }
        let Some(f) = lines.iter().position(|l| !l.span) else {
            continue;
        };
        if !runs_on(last, &lines[f]) {
            continue;
        }
        let edges = flow_edges(lines);
        let end = (f + 1..lines.len())
            .find(|&j| paragraph_break(&lines[j - 1], &lines[j], &edges, body, lead))
            .unwrap_or(lines.len());
        let lines = &mut pages[pi].lines;
        lines[..end].rotate_left(f);
    }
}

fn flow_edges(lines: &[VLine]) -> HashMap<(u32, u32), (f32, f32)> {
    let mut e: HashMap<(u32, u32), (f32, f32)> = HashMap::new();
    for l in lines {
        let v = e
            .entry(l.flow)
            .or_insert((f32::INFINITY, f32::NEG_INFINITY));
        v.0 = v.0.min(l.x0);
        v.1 = v.1.max(l.x1);
    }
    e
}

/// Each footnote goes right after the paragraph whose superscript mark it carries, so it is
/// read with that paragraph and stays in its section. Notes whose mark is not found stay at
/// the foot of the page.
fn place_footnotes(p: &mut Page, body: f32, lead: f32) {
    if !p.lines.iter().any(|l| l.footnote) {
        return;
    }
    let edges = flow_edges(&p.lines);
    let lines = std::mem::take(&mut p.lines);
    let (notes_lines, text_lines): (Vec<VLine>, Vec<VLine>) =
        lines.into_iter().partition(|l| l.footnote);
    // Notes: a new one starts at each line that begins with a mark.
    let mut notes: Vec<(Option<String>, Vec<VLine>)> = Vec::new();
    for l in notes_lines {
        let t = l.text.trim_start();
        let mark: String = t
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .take(2)
            .collect();
        let mark = if !mark.is_empty() {
            Some(mark)
        } else {
            t.chars()
                .next()
                .filter(|&c| is_mark_symbol(c))
                .map(String::from)
        };
        match notes.last_mut() {
            Some(n) if mark.is_none() => n.1.push(l),
            _ => notes.push((mark, vec![l])),
        }
    }
    // Where each paragraph ends: after line i, the first break.
    let para_end = |i: usize| -> usize {
        (i + 1..text_lines.len())
            .find(|&j| paragraph_break(&text_lines[j - 1], &text_lines[j], &edges, body, lead))
            .unwrap_or(text_lines.len())
    };
    let mut after: Vec<(usize, Vec<VLine>)> = Vec::new();
    let mut foot: Vec<VLine> = Vec::new();
    for (mark, n) in notes {
        let at = mark.and_then(|m| text_lines.iter().rposition(|l| l.markers.contains(&m)));
        match at {
            Some(i) => after.push((para_end(i), n)),
            None => foot.extend(n),
        }
    }
    after.sort_by_key(|a| a.0);
    let mut out = Vec::with_capacity(text_lines.len() + after.len() + foot.len());
    let mut pending = after.into_iter().peekable();
    for (i, l) in text_lines.into_iter().enumerate() {
        while pending.peek().is_some_and(|(e, _)| *e == i) {
            out.extend(pending.next().unwrap().1);
        }
        out.push(l);
    }
    for (_, n) in pending {
        out.extend(n);
    }
    out.extend(foot);
    p.lines = out;
}

/// A table row's cells, ` | ` between them.
fn table_row(l: &VLine) -> String {
    let cells: Vec<&str> = l.cells.iter().map(|c| c.2.as_str()).collect();
    cells.join(" | ")
}

/// Whether line `l` ends a sentence or a lead-in (`.`, `!`, `?`, `:`).
fn closes_sentence(l: &VLine) -> bool {
    let t = l.text.trim_end();
    // A footnote's mark set after the full stop (`publications.4`) does not reopen it.
    let t = l
        .markers
        .iter()
        .find_map(|m| t.strip_suffix(m.as_str()))
        .unwrap_or(t);
    t.trim_end().ends_with(['.', '!', '?', ':'])
}

/// Whether `t` leaves a quotation or bracket open: more opening marks than closing ones.
fn left_open(t: &str) -> bool {
    let count = |cs: &[char]| t.chars().filter(|c| cs.contains(c)).count();
    count(&['“', '«', '(', '[']) > count(&['”', '»', ')', ']'])
}

/// Whether title line `b` goes on from title line `a` set tight above it in the same type:
/// the same column, no list item, and `a` does not close a sentence. Indentation does not
/// count: a numbered title's wrapped lines hang under its text (`7.32 How can I capture or
/// ignore errors in a long` / `simulation?`).
fn title_goes_on(a: &VLine, b: &VLine) -> bool {
    a.flow == b.flow
        && a.page_shift == b.page_shift
        && b.base > a.base
        && !text::list_marker_start(&b.text)
        && (!closes_sentence(a) || headings::attribute_only(&b.text))
}

/// Whether a new paragraph starts at line `b`, right after line `a` of the same page.
fn paragraph_break(
    a: &VLine,
    b: &VLine,
    edges: &HashMap<(u32, u32), (f32, f32)>,
    body: f32,
    lead: f32,
) -> bool {
    if a.table != b.table || a.footnote != b.footnote || a.mono != b.mono {
        return true;
    }
    if a.table.is_some() {
        // Rows of one table (a bold header row included) stay together.
        return false;
    }
    if (a.size - b.size).abs() > 0.5 || a.bold != b.bold {
        return true;
    }
    let (left, right) = edges.get(&b.flow).copied().unwrap_or((b.x0, b.x1));
    if a.page_shift != b.page_shift {
        // The end of a paragraph moved up from the next page (see `continue_over_footnotes`).
        return false;
    }
    if a.flow != b.flow {
        // A column jump goes on when the sentence does.
        return closes_sentence(a);
    }
    let step = b.base - a.base;
    let expected = lead * (a.size.max(b.size) / body);
    if step < 0.0 || step > expected * 1.4 {
        return true;
    }
    if text::list_marker_start(&b.text) {
        return true;
    }
    if a.mono {
        return false;
    }
    let indent = b.size * 0.8;
    // A first-line indent under a flush line that ends a paragraph (short, or a sentence);
    // under a full line that goes on, it is a hanging indent (a description list).
    if b.x0 > left + indent
        && a.x0 <= left + indent * 0.5
        && b.x0 > a.x0 + indent
        && (a.x1 < right - a.size * 2.0 || closes_sentence(a))
    {
        return true;
    }
    // A short line that ends a sentence.
    if a.x1 < right - a.size * 3.0 && closes_sentence(a) {
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::HeadingInfo;

    /// OCR'd text with boxes: a paragraph that goes on over the page takes the box of its own
    /// lines on its first page, not that of the footer removed from between them.
    #[test]
    fn an_ocr_paragraph_box_leaves_out_the_furniture_between_its_lines() {
        let mut out = String::new();
        let mut boxes = Vec::new();
        let mut line = |out: &mut String, page: u32, y: f32, t: &str| {
            let start = out.len();
            out.push_str(t);
            boxes.push(LineBox {
                start,
                end: out.len(),
                page,
                bbox: [72.0, y, 500.0, y + 10.0],
            });
            out.push('\n');
        };
        for page in 1..=4u32 {
            if page > 1 {
                out.push('\x0c');
            }
            let words = ["north", "south", "east", "west"][page as usize - 1];
            let body = [
                format!("the report on the {words} region goes on with the measured figures and"),
                format!("the notes that explain the {words} figures, one after another, until"),
                format!("the paragraph on the {words} region reaches the foot of the page and"),
            ];
            for (k, t) in body.iter().enumerate() {
                line(&mut out, page, 100.0 + 12.0 * k as f32, t);
            }
            line(&mut out, page, 750.0, &format!("Page {page} of 4"));
        }
        let x = from_text(&out, None, &TextConfig::default(), 4, &boxes);
        assert!(x.furniture_lines >= 4, "{}", x.furniture_lines);
        assert!(!x.canonical.contains("Page 1 of 4"));
        let first = x
            .blocks
            .iter()
            .find(|b| x.canonical[b.off_begin..b.off_end].starts_with("the report"))
            .unwrap();
        let bb = first.attrs().bbox.unwrap();
        assert_eq!(bb[1], 100.0);
        assert!(bb[3] < 750.0, "{bb:?}");
    }

    /// A page image for OCR keeps to its pixel budget: a page too large for it is rendered
    /// at a lower resolution, and that resolution is what its boxes are scaled by.
    #[cfg(feature = "pdf")]
    #[test]
    fn page_images_for_ocr_keep_to_their_pixel_budget() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf");
        let bytes = std::fs::read(root.join("bad/scanned-no-text.pdf")).unwrap();
        let opened = read::open(&bytes).unwrap();
        let (w, h, px, dpi) = opened.doc.render_gray(0, 100.0, 64e6).unwrap();
        assert_eq!(dpi, 100.0);
        assert_eq!(px.len(), w * h);
        let (w2, h2, _, low) = opened.doc.render_gray(0, 100.0, 100_000.0).unwrap();
        assert!(low < 100.0);
        assert!((w2 * h2) as f32 <= 100_000.0 * 1.02, "{w2} x {h2}");
        assert!(w2 * 2 < w && h2 * 2 < h);
    }

    /// Tesseract's TSV: words grouped into lines by (block, paragraph, line), their boxes
    /// joined and turned from pixels of a 144 dpi image into points; rows of other levels,
    /// empty words and rows that do not parse are skipped; control characters in a word
    /// become spaces; plain text is not TSV.
    #[test]
    fn tesseract_tsv_becomes_placed_lines() {
        let tsv = format!(
            "{TSV_HEADER}\n\
             1\t1\t0\t0\t0\t0\t0\t0\t1190\t1684\t-1\t\n\
             4\t1\t1\t1\t1\t0\t100\t200\t400\t30\t-1\t\n\
             5\t1\t1\t1\t1\t1\t100\t200\t40\t30\t96.5\t1\n\
             5\t1\t1\t1\t1\t2\t160\t202\t340\t28\t95.1\tIntroduction\n\
             5\t1\t1\t1\t1\t3\t520\t200\t10\t30\t95.0\t \n\
             5\t1\t1\t2\t1\t1\t100\t260\t300\t24\t91.0\tThe\n\
             5\t1\t1\t2\t2\t1\t100\t290\t200\t24\t90.0\tengine\n\
             5\t1\tx\t2\t2\t2\t100\t290\t200\t24\t90.0\tbroken\n\
             5\t1\t2\t1\t1\t1\t100\t400\t100\t24\t90.0\tnext\treads\n\
             5\t1\t3\t1\t1\t1\t4294967295\t0\t10\t10\t90.0\tfar\n"
        );
        let lines = tsv_lines(&tsv, 144.0).unwrap();
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            ["1 Introduction", "The", "engine", "next reads", "far"]
        );
        // A box at the far end of the numbers does not wrap round to the page's left.
        assert!(lines[4].bbox[2] >= lines[4].bbox[0]);
        assert_eq!(lines[0].bbox, [50.0, 100.0, 250.0, 115.0]);
        let paragraphs: Vec<(u32, u32)> = lines.iter().map(|l| l.paragraph).collect();
        assert_eq!(paragraphs, [(1, 1), (1, 2), (1, 2), (2, 1), (3, 1)]);
        assert!(tsv_lines("1 Introduction\n\nThe engine reads.\n", 144.0).is_none());
        assert_eq!(tsv_lines(TSV_HEADER, 144.0), Some(Vec::new()));
    }

    /// Every fixture: one hint per line of the layout text, so that hints never slide onto
    /// the wrong line (empty pages, blank lines, page breaks).
    #[cfg(feature = "pdf")]
    #[test]
    fn hints_stay_aligned_with_lines() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf");
        let mut seen = 0;
        for dir in ["real", "generated", "office", "bad", "scans"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
                .collect();
            files.sort();
            for f in files {
                let bytes = std::fs::read(&f).unwrap();
                let Ok(opened) = read::open(&bytes) else {
                    continue;
                };
                let cfg = PdfConfig::default();
                let mut fonts = HashMap::new();
                let mut pages: Vec<Page> = (0..opened.pages)
                    .filter_map(|i| read::page(&opened.doc, i, &cfg, &mut fonts).ok())
                    .map(|mut p| {
                        underlines(&mut p);
                        figures(&mut p);
                        layout_page(p.frags, p.height)
                    })
                    .collect();
                let (out, hints, _) = layout_text(&mut pages, &cfg);
                assert_eq!(
                    out.matches('\n').count(),
                    hints.lines.len(),
                    "{}",
                    f.display()
                );
                for (line, h) in out.split('\n').zip(&hints.lines) {
                    let blank = line.trim_matches(['\u{c}', ' ']).is_empty();
                    assert_eq!(blank, h.is_none(), "{}: {line:?}", f.display());
                }
                seen += 1;
            }
        }
        assert!(seen >= 12, "{seen} fixtures read");
    }

    #[test]
    fn empty_pages_keep_hints_aligned() {
        let page = |texts: &[&str]| {
            let frags = texts
                .iter()
                .enumerate()
                .map(|(k, t)| frag(72.0, 100.0 + 40.0 * k as f32, 540.0, t))
                .collect();
            layout_page(frags, 792.0)
        };
        let mut pages = vec![
            page(&["First page text."]),
            page(&[]),
            page(&[]),
            page(&["Third page text.", "Another paragraph."]),
        ];
        let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
        assert_eq!(out.matches('\n').count(), hints.lines.len(), "{out:?}");
        let x = text::extract_with(
            Canonical::from_bytes(out.as_bytes()),
            &TextConfig::default(),
            Some(&hints),
        );
        let pages: Vec<Option<u32>> = x.blocks.iter().map(|b| b.page).collect();
        assert_eq!(pages, [Some(1), Some(4), Some(4)]);
        assert!(x.blocks.iter().all(|b| b.attrs().bbox.is_some()));
    }

    /// The headings plain-text rules find in the layout of `pages`.
    fn layout_headings(mut pages: Vec<Page>) -> Vec<HeadingInfo> {
        let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
        let x = text::extract_with(
            Canonical::from_bytes(out.as_bytes()),
            &TextConfig::default(),
            Some(&hints),
        );
        x.blocks
            .into_iter()
            .filter_map(|b| b.heading.map(|h| *h))
            .collect()
    }

    /// One page of lines 40 pt apart: text, font size, and whether it is set in bold.
    fn typeset_page(lines: &[(&str, f32, bool)]) -> Page {
        let frags = lines
            .iter()
            .enumerate()
            .map(|(i, &(text, size, bold))| {
                let mut f = frag(72.0, 60.0 + 40.0 * i as f32, 540.0, text);
                f.size = size;
                if bold {
                    f.bold_chars = text.len() as u32;
                }
                f
            })
            .collect();
        layout_page(frags, 792.0)
    }

    fn titles(headings: &[HeadingInfo]) -> Vec<&str> {
        headings.iter().map(|h| h.title.as_str()).collect()
    }

    /// A display formula set large (`S δ`) is no heading; a title set large is, and so are
    /// capitals spaced out (`I N D E X`).
    #[test]
    fn formula_lines_in_large_type_are_no_headings() {
        let page = typeset_page(&[
            ("Results", 14.0, false),
            (
                "The model below has a fixed part and a random part for each group.",
                10.0,
                false,
            ),
            ("S δ", 14.0, false),
            (
                "Where the random part is drawn for every group of the data set.",
                10.0,
                false,
            ),
            ("I N D E X", 14.0, false),
            (
                "Every term used in the text is listed here with its pages.",
                10.0,
                false,
            ),
        ]);
        assert_eq!(
            titles(&layout_headings(vec![page])),
            ["Results", "I N D E X"]
        );
    }

    /// Section numbers whose digits the font maps to no character (`\u{FFFD}.\u{FFFD}Script
    /// tags`: old-style figures of a subset font without a `ToUnicode` entry) leave their
    /// titles headings; a run of such glyphs over body text is none.
    #[test]
    fn titles_after_unmapped_section_numbers_are_headings() {
        let body = "The tags tell the font which script and language the text is written in.";
        let page = typeset_page(&[
            ("\u{FFFD}The OpenType layout", 17.0, true),
            (body, 10.0, false),
            ("\u{FFFD}.\u{FFFD}Script tags", 15.0, true),
            (body, 10.0, false),
            ("\u{FFFD}.\u{FFFD} \u{FFFD}", 15.0, true),
            (body, 10.0, false),
        ]);
        assert_eq!(
            titles(&layout_headings(vec![page])),
            [
                "\u{FFFD}The OpenType layout",
                "\u{FFFD}.\u{FFFD}Script tags"
            ]
        );
    }

    /// Titles rendered from HTML or a word processor: the document's title stays a heading,
    /// a name in lower case set large and bold is one (`clear (t)`), so are a function's
    /// signature (`reduce (t, f [, state = next(t)])`), an FAQ's long
    /// question or a statement closed by a period, a label in lower case before a title
    /// (`a) Purpose`) and a name with digits (`X86`); a lower-case line in body type is not.
    #[test]
    fn titles_from_html_and_word_processors() {
        // Each title over a paragraph of three lines (four titles in a row over a line or
        // two each are a list of terms).
        let body = "Every function below takes a table and returns a new one, as shown here.";
        let mut lines = Vec::new();
        for (title, size) in [
            ("Moses Reference", 20.0),
            ("clear (t)", 14.0),
            ("reduce (t, f [, state = next(t)])", 14.0),
            (
                "What should I do if I use Rc, Cell, RefCell or other non-Send-and-Sync types?",
                14.0,
            ),
            ("a) Purpose", 12.0),
            ("I want canonical base64 encoding/decoding.", 14.0),
            ("X86", 12.0),
            ("returns the table", 10.0),
        ] {
            lines.push((title, size, size > 10.0));
            lines.extend([(body, 10.0, false); 3]);
        }
        let page = typeset_page(&lines);
        assert_eq!(
            titles(&layout_headings(vec![page])),
            [
                "Moses Reference",
                "clear (t)",
                "reduce (t, f [, state = next(t)])",
                "What should I do if I use Rc, Cell, RefCell or other non-Send-and-Sync types?",
                "a) Purpose",
                "I want canonical base64 encoding/decoding.",
                "X86"
            ]
        );
    }

    /// A numbered title that wraps under its text (a hanging indent) is one heading.
    #[test]
    fn a_wrapped_title_hanging_under_its_number_is_one_heading() {
        let line = |x0: f32, y: f32, x1: f32, text: &str, size: f32, bold: bool| {
            let mut f = frag(x0, y, x1, text);
            f.size = size;
            if bold {
                f.bold_chars = text.len() as u32;
            }
            f
        };
        let body = "Use try(), which returns an object of class try-error instead of an error.";
        let page = layout_page(
            vec![
                // The first line ends short of the column's right edge, and the second
                // hangs under the title's text: a new paragraph's indent, in prose.
                line(
                    72.0,
                    100.0,
                    420.0,
                    "7.32 How can I capture or ignore errors in a long",
                    13.0,
                    true,
                ),
                line(105.0, 116.0, 190.0, "simulation?", 13.0, true),
                line(72.0, 140.0, 500.0, body, 10.0, false),
                line(72.0, 152.0, 500.0, body, 10.0, false),
            ],
            792.0,
        );
        assert_eq!(
            titles(&layout_headings(vec![page])),
            ["7.32 How can I capture or ignore errors in a long simulation?"]
        );
    }

    /// A sentence with a name in smaller monospace has the type of its text: its lines stay
    /// one paragraph. A line of code with its line number is code.
    #[test]
    fn inline_code_does_not_set_the_type_of_a_line() {
        let mut prose = frag(72.0, 100.0, 200.0, "The compat flavor returns a");
        prose.size = 12.0;
        let mut code = frag(
            205.0,
            100.0,
            500.0,
            "simdutf8::compat::Utf8Error::valid_up_to()",
        );
        code.size = 11.0;
        code.mono_chars = code.chars;
        let lines = join_lines(&[prose, code], &[0, 1], (0, 0));
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].size, 12.0);
        assert!(!lines[0].mono);

        let mut number = frag(72.0, 100.0, 85.0, "500");
        number.size = 14.0;
        let mut code = frag(90.0, 100.0, 500.0, "{ % end{} part of the listing");
        code.mono_chars = code.chars;
        let lines = join_lines(&[number, code], &[0, 1], (0, 0));
        assert_eq!(lines[0].size, 10.0);
        assert!(lines[0].mono);
    }

    /// A label of the template in bold body type, repeated under every entry of a reference
    /// (`Parameters` five times), heads no section; the same label once does. (Set larger, a
    /// repeated title stands: a manual of man pages repeats `SYNOPSIS` and so does its outline.)
    #[test]
    fn labels_repeated_under_every_entry_are_no_sections() {
        // As a generated reference sets it: the label, then one line on the argument.
        let body = "The function takes a table and returns a new one, as the example shows.";
        let arg = "active if true, activate component recursion, deactivate otherwise";
        let mut lines = vec![("Reference", 16.0, true)];
        lines.extend([(body, 10.0, false); 3]);
        let entry = [
            ("Parameters", 10.0, true),
            (arg, 10.0, false),
            (body, 10.0, false),
            (body, 10.0, false),
        ];
        lines.extend(entry);
        assert_eq!(
            titles(&layout_headings(vec![typeset_page(&lines)])),
            ["Reference", "Parameters"]
        );
        for _ in 0..4 {
            lines.extend(entry);
        }
        assert_eq!(
            titles(&layout_headings(vec![typeset_page(&lines)])),
            ["Reference"]
        );
    }

    /// The indexes word processors make under their default titles are navigation, not
    /// sections: `Index of Tables`, `Table of Figures`, `Alphabetical Index`.
    #[test]
    fn word_processor_indexes_are_no_sections() {
        let body = "The plugin maps every blade of the chassis to a resource of its own, as below.";
        let mut lines = Vec::new();
        for title in [
            "Overview",
            "Index of Tables",
            "Table of Figures",
            "Alphabetical Index",
            "Design",
        ] {
            lines.push((title, 14.0, true));
            lines.extend([(body, 10.0, false); 3]);
        }
        assert_eq!(
            titles(&layout_headings(vec![typeset_page(&lines)])),
            ["Overview", "Design"]
        );
    }

    /// A paper's first page: the title stays a heading; its authors and date, centered in a
    /// type no later heading has, do not; the sections after them do.
    #[test]
    fn authors_under_the_title_are_no_headings() {
        let centered = |y: f32, text: &str, size: f32, bold: bool| {
            let w = text.len() as f32 * size * 0.5;
            let mut f = frag(306.0 - w / 2.0, y, 306.0 + w / 2.0, text);
            f.size = size;
            if bold {
                f.bold_chars = f.chars;
            }
            f
        };
        let body =
            "The model has a fixed part and a random part for each group of the data set, and";
        let mut first = vec![
            centered(80.0, "An Introduction to Mixed Models", 20.0, true),
            centered(120.0, "Henrik Singmann", 12.0, false),
            centered(140.0, "University of Zurich", 10.0, false),
            centered(170.0, "David Kellen", 12.0, false),
            centered(190.0, "Syracuse University", 10.0, false),
        ];
        let mut second = Vec::new();
        for (page, title) in [
            (&mut first, "Fixed Effects"),
            (&mut second, "Random Effects"),
        ] {
            let y = if page.is_empty() { 80.0 } else { 230.0 };
            let mut h = frag(72.0, y, 200.0, title);
            h.size = 14.0;
            h.bold_chars = h.chars;
            page.push(h);
            for k in 0..8 {
                page.push(frag(72.0, y + 30.0 + 12.0 * k as f32, 540.0, body));
            }
        }
        let pages = vec![layout_page(first, 792.0), layout_page(second, 792.0)];
        assert_eq!(
            titles(&layout_headings(pages)),
            [
                "An Introduction to Mixed Models",
                "Fixed Effects",
                "Random Effects"
            ]
        );
    }

    /// A line of body text right under a title whose glyph boxes reach deep below it is no
    /// subscript of the title: `Name` / `def-constant — Binds a symbol to a constant.` in a
    /// DocBook reference page. A short raised or lowered piece still joins its line.
    #[test]
    fn body_text_under_a_deep_title_is_a_line_of_its_own() {
        let mut title = frag(72.0, 86.8, 119.0, "Name");
        (title.size, title.y0, title.y1) = (17.28, 68.3, 92.1);
        let mut body = frag(
            120.0,
            101.1,
            302.0,
            "def-constant — Binds a symbol to a constant.",
        );
        (body.y0, body.y1) = (90.5, 103.9);
        let lines = join_lines(&[title.clone(), body.clone()], &[0, 1], (0, 0));
        assert_eq!(lines.len(), 2);
        // Higher up, inside the reach of the pass that joins small type sorted apart.
        (body.y0, body.y1, body.base) = (88.0, 101.4, 98.6);
        assert_eq!(join_lines(&[title.clone(), body], &[0, 1], (0, 0)).len(), 2);
        let mut sub = frag(120.0, 95.0, 130.0, "i+1");
        (sub.size, sub.y0, sub.y1) = (10.0, 88.0, 97.0);
        assert_eq!(join_lines(&[title, sub], &[0, 1], (0, 0)).len(), 1);
    }

    /// List markers set apart from their items (`•`, `1.`, `a)`, a symbol font's bullet)
    /// make no table column.
    #[test]
    fn markers_apart_from_their_items_are_a_list() {
        for m in ["•", "\u{f0b7}", "–", "1.", "12.", "a)", "(iv)"] {
            assert!(marker_cell(m), "{m}");
        }
        for m in ["Name", "x", "2024", "1.2.3 Scope", "+", "/", "%"] {
            assert!(!marker_cell(m), "{m}");
        }
        let item = |y: f32, text: &str| vec![frag(72.0, y, 77.0, "•"), frag(90.0, y, 400.0, text)];
        let mut frags = Vec::new();
        for (k, t) in [
            "Written in pure Rust",
            "No dependencies",
            "No-std support",
            "Fast",
        ]
        .iter()
        .enumerate()
        {
            frags.extend(item(100.0 + 14.0 * k as f32, t));
        }
        let (text, hints, _) = layout_text(&mut [layout_page(frags, 792.0)], &PdfConfig::default());
        assert!(hints.tables.is_empty(), "{text}");
        assert!(text.contains("• Written in pure Rust"), "{text}");
    }

    /// Accents that fonts draw apart from their letters compose with them when they stand
    /// over (or under) them, and only then.
    #[test]
    fn accents_drawn_apart_compose_with_their_letters() {
        let c = |p: (char, f32, f32), n: (char, f32, f32)| {
            compose_accent(Some(p), n).map(|(k, m)| String::from_iter(std::iter::once(k).chain(m)))
        };
        assert_eq!(
            c(('\u{B4}', 10.0, 14.0), ('e', 10.0, 15.0)),
            Some("é".into())
        );
        assert_eq!(
            c(('\u{A8}', 30.5, 34.5), ('u', 30.0, 35.5)),
            Some("ü".into())
        );
        assert_eq!(
            c(('\u{A8}', 30.5, 34.5), ('U', 30.0, 37.5)),
            Some("Ü".into())
        );
        assert_eq!(
            c(('c', 10.0, 15.0), ('\u{B8}', 11.0, 14.0)),
            Some("ç".into())
        );
        assert_eq!(
            c(('\u{B4}', 10.0, 13.0), ('ı', 10.0, 13.0)),
            Some("í".into())
        );
        assert_eq!(
            c(('\u{2C7}', 10.0, 15.0), ('z', 10.0, 15.0)),
            Some("ž".into())
        );
        assert_eq!(
            c(('\u{2C6}', 10.0, 14.0), ('k', 9.0, 15.0)),
            Some("k\u{302}".into())
        );
        // Apart: an accent before the next letter, a circumflex or tilde in code or text.
        assert_eq!(c(('\u{B4}', 10.0, 14.0), ('e', 16.0, 21.0)), None);
        assert_eq!(c(('^', 10.0, 15.0), ('b', 15.0, 20.0)), None);
        assert_eq!(c(('~', 10.0, 16.0), ('/', 16.0, 19.0)), None);
        // No accent, or no letter.
        assert_eq!(c(('a', 10.0, 15.0), ('b', 11.0, 16.0)), None);
        assert_eq!(c(('\u{FB01}', 10.0, 18.0), ('\u{B8}', 12.0, 15.0)), None);
        assert_eq!(c(('\u{B4}', 10.0, 14.0), ('1', 10.0, 15.0)), None);
        assert_eq!(compose_accent(None, ('e', 10.0, 15.0)), None);
    }

    /// A glyph drawn twice where it stands (a shadow, bold made by drawing twice) is read
    /// once; the same letter a glyph further on, or another letter there, is not a copy.
    #[test]
    fn a_glyph_drawn_twice_is_read_once() {
        let mut d = Drawn::default();
        assert!(!d.again('U', 100.0, 200.0, 12.0));
        assert!(d.again('U', 100.6, 200.4, 12.0));
        assert!(!d.again('U', 108.0, 200.0, 12.0));
        assert!(!d.again('S', 100.0, 200.0, 12.0));
        assert!(!d.again('U', 100.0, 214.0, 12.0));
        // Large type: the nearness grows with the size.
        assert!(!d.again('N', 50.0, 60.0, 40.0));
        assert!(d.again('N', 56.0, 61.0, 40.0));
        // Sizes whose nearness is a power of two, a shadow right of and below the glyph, or
        // left of and above it.
        for size in [10.0, 20.0, 40.0, 12.0] {
            for (dx, dy) in [(0.6, 0.6), (-0.6, -0.6), (0.6, -0.6)] {
                for k in 0..40 {
                    let x = 200.0 + k as f32 * 0.37;
                    let mut d = Drawn::default();
                    assert!(!d.again('Q', x, 300.0, size));
                    assert!(
                        d.again('Q', x + dx, 300.0 + dy, size),
                        "{size} {x} {dx} {dy}"
                    );
                }
            }
        }
        // Two glyphs in one cell are both kept: the shadow of the second `l` is found.
        let mut d = Drawn::default();
        assert!(!d.again('l', 100.0, 50.0, 12.0));
        assert!(!d.again('l', 103.3, 50.0, 12.0));
        assert!(d.again('l', 103.5, 50.2, 12.0));
        // Far off the page: never a copy, and no overflow.
        assert!(!d.again('x', 1.0e30, -1.0e30, 12.0));
        assert!(!d.again('x', 1.0e30, -1.0e30, 12.0));
        // Across the edges of the cells positions are kept in.
        assert!(!d.again('E', 7.9, 11.9, 12.0));
        assert!(d.again('E', 8.1, 12.1, 12.0));
        assert!(!d.again('F', 8.1, 12.1, 12.0));
        assert!(d.again('F', 7.9, 11.9, 12.0));
        // Tiny type: a letter 1 pt on is the next glyph.
        assert!(!d.again('l', 10.0, 10.0, 4.0));
        assert!(!d.again('l', 11.0, 10.0, 4.0));
    }

    #[test]
    fn numbered_items_in_body_type_are_not_the_next_chapter() {
        let body = "There are a number of issues to consider when writing out the data.";
        let page = typeset_page(&[
            ("1 Introduction", 17.0, true),
            (body, 10.0, false),
            ("1.2 Export to text files", 12.0, true),
            (body, 10.0, false),
            ("1. Precision", 10.0, true),
            (body, 10.0, false),
            ("2. Header line", 10.0, true),
            (body, 10.0, false),
            ("3. Separator", 10.0, true),
            (body, 10.0, false),
            ("2 Spreadsheet-like data", 17.0, true),
            (body, 10.0, false),
        ]);
        assert_eq!(
            titles(&layout_headings(vec![page])),
            [
                "1 Introduction",
                "1.2 Export to text files",
                "2 Spreadsheet-like data"
            ]
        );
    }

    /// Bold lines at body size with their text indented under them are the terms of a
    /// description list where the page's text stands at their margin; in a document that
    /// sets all its text right of its titles they are headings.
    #[test]
    fn terms_over_indented_text_are_no_headings() {
        let prose =
            "The window lists every debugged process with the fields below, one row for each.";
        let term = |y: f32, t: &str| {
            let mut f = frag(72.0, y, 72.0 + 6.0 * t.len() as f32, t);
            f.bold_chars = f.chars;
            f
        };
        let page = |text_x: f32| {
            let mut frags = vec![
                frag(text_x, 80.0, 540.0, prose),
                frag(text_x, 92.0, 540.0, prose),
            ];
            let mut y = 120.0;
            for t in ["Status", "Information", "Initial Call"] {
                frags.push(term(y, t));
                for k in 0..3 {
                    frags.push(frag(96.0, y + 20.0 + 12.0 * k as f32, 540.0, prose));
                }
                y += 80.0;
            }
            frags.push(frag(text_x, y, 540.0, prose));
            layout_page(frags, 792.0)
        };
        assert!(titles(&layout_headings(vec![page(72.0)])).is_empty());
        assert_eq!(
            titles(&layout_headings(vec![page(96.0)])),
            ["Status", "Information", "Initial Call"]
        );
    }

    #[test]
    fn chapter_titles_alone_on_their_pages_are_headings() {
        let big = |text: &str, y: f32| {
            let mut f = frag(72.0, y, 400.0, text);
            f.size = 17.0;
            f.bold_chars = text.len() as u32;
            f
        };
        let mut first = vec![big("1 Arrays", 80.0)];
        for k in 0..6 {
            first.push(frag(
                72.0,
                130.0 + k as f32 * 12.0,
                540.0,
                "Matrix integrate (const ColumnVector &tout, const ColumnVector &tcrit)",
            ));
        }
        let mut pages = vec![layout_page(first, 792.0)];
        for title in ["2 Error Handling", "3 Installation", "4 Bugs"] {
            pages.push(layout_page(vec![big(title, 80.0)], 792.0));
        }
        pages.push(layout_page(
            vec![
                big("Concept Index", 80.0),
                frag(72.0, 130.0, 300.0, "arrays . . . . . . . . 13"),
                frag(72.0, 142.0, 300.0, "bugs . . . . . . . . 49"),
            ],
            792.0,
        ));
        let headings = layout_headings(pages);
        assert_eq!(
            titles(&headings),
            [
                "1 Arrays",
                "2 Error Handling",
                "3 Installation",
                "4 Bugs",
                "Concept Index"
            ]
        );
    }

    /// Appendices as LaTeX classes number them, a letter without a dot (`A Research
    /// Methods`), in the chapters' type: numbered headings after the numbered chapters. The
    /// same shape in bold body type is a title that starts with an article.
    #[test]
    fn appendix_letters_in_chapter_type_are_numbering() {
        let body = "The study followed the protocol that the previous section describes.";
        let page = typeset_page(&[
            ("1 Introduction", 17.0, true),
            (body, 10.0, false),
            ("1.1 Scope", 12.0, true),
            (body, 10.0, false),
            ("A Game Turn", 10.0, true),
            (body, 10.0, false),
            ("A Research Methods", 17.0, true),
            (body, 10.0, false),
            ("A.1 Part One", 12.0, true),
            (body, 10.0, false),
            ("B Online Resources", 17.0, true),
            (body, 10.0, false),
        ]);
        let headings = layout_headings(vec![page]);
        let numbered: Vec<(u8, &str)> = headings
            .iter()
            .filter(|h| h.source == crate::model::HeadingSource::Numbering)
            .map(|h| (h.level, h.title.as_str()))
            .collect();
        assert_eq!(
            numbered,
            [
                (1, "1 Introduction"),
                (2, "1.1 Scope"),
                (1, "A Research Methods"),
                (2, "A.1 Part One"),
                (1, "B Online Resources"),
            ]
        );
    }

    #[test]
    fn font_names_give_weight_and_family() {
        assert!(font_class("ABCDEF+CMBX12", false, false, false).bold);
        assert!(!font_class("ABCDEF+CMR10", false, false, false).bold);
        assert!(font_class("XYZ+CMTT10", false, false, false).mono);
        assert!(font_class("NimbusMonoPS-Regular", false, false, false).mono);
        assert!(font_class("Courier-Bold", false, false, false).bold);
        assert!(font_class("LMRoman10-Bold", false, false, false).bold);
        assert!(font_class("Helvetica-Semibold", false, false, false).bold);
        assert!(!font_class("Helvetica", false, false, false).mono);
        assert!(!font_class("Times-Roman", false, false, false).bold);
    }

    #[test]
    fn ligatures_and_soft_hyphens() {
        let mut s = String::new();
        for c in "e\u{FB03}cient co\u{00AD}operate".chars() {
            push_char(&mut s, c);
        }
        assert_eq!(s, "efficient cooperate");
    }

    /// A US Letter page of `frags` and `graphics`, without links, as read from a PDF.
    #[cfg(feature = "pdf")]
    fn letter_page(
        frags: Vec<Frag>,
        graphics: Vec<([f32; 4], crate::extract::mupdf_ffi::Graphic)>,
    ) -> read::PageText {
        read::PageText {
            frags,
            width: 612.0,
            height: 792.0,
            cut: false,
            graphics,
            links: Vec::new(),
        }
    }

    fn frag(x0: f32, y: f32, x1: f32, text: &str) -> Frag {
        Frag::plain([x0, y - 8.0, x1, y + 2.0], y, 10.0, text.into())
    }

    /// Figure regions on a page of body text: a chart (a curve, its frame, tick labels and a
    /// legend) becomes one figure fragment holding its labels; a shaded box behind code, a
    /// rounded frame round a paragraph, a table's ruled cells and a rule under a title stay
    /// text.
    #[cfg(feature = "pdf")]
    #[test]
    fn figures_are_drawings_with_their_labels_not_framed_text() {
        use crate::extract::mupdf_ffi::Graphic;
        let body = |y: f32| {
            frag(
                72.0,
                y,
                520.0,
                "Body text of the page, a long line of prose in the body size.",
            )
        };
        let mut frags: Vec<Frag> = (0..10).map(|k| body(80.0 + 12.0 * k as f32)).collect();
        // A chart: its curve, its frame, five tick labels and a legend.
        let chart = [150.0, 220.0, 450.0, 380.0];
        for (k, t) in ["0", "10", "20", "30", "40"].iter().enumerate() {
            frags.push(frag(140.0, 230.0 + 35.0 * k as f32, 148.0, t));
        }
        frags.push(frag(380.0, 240.0, 440.0, "measured"));
        // Shaded code: two lines on a filled rectangle.
        let code = [72.0, 420.0, 520.0, 450.0];
        frags.push(frag(80.0, 432.0, 200.0, "let x = 1;"));
        frags.push(frag(80.0, 444.0, 200.0, "let y = x;"));
        // A paragraph in a rounded frame (a path, not a rectangle).
        let framed = [72.0, 470.0, 520.0, 520.0];
        frags.push(frag(80.0, 485.0, 300.0, "Note: framed."));
        frags.push(frag(80.0, 500.0, 300.0, "Still framed."));
        // Table cells ruled as rectangles, a rule under a title.
        let mut graphics = vec![
            (chart, Graphic::Rectangle),
            ([160.0, 230.0, 440.0, 370.0], Graphic::Path),
            (code, Graphic::Rectangle),
            (framed, Graphic::Path),
            ([72.0, 70.0, 520.0, 70.5], Graphic::Rectangle),
        ];
        for row in 0..3 {
            for col in 0..3 {
                let (x, y) = (100.0 + 100.0 * col as f32, 560.0 + 20.0 * row as f32);
                graphics.push(([x, y, x + 100.0, y + 20.0], Graphic::Rectangle));
                frags.push(frag(x + 5.0, y + 14.0, x + 60.0, "cell"));
            }
        }
        let n = frags.len();
        let mut p = letter_page(frags, graphics);
        figures(&mut p);
        let figs: Vec<&Frag> = p.frags.iter().filter(|f| f.figure).collect();
        assert_eq!(figs.len(), 1, "{figs:?}");
        assert_eq!([figs[0].x0, figs[0].y0, figs[0].x1, figs[0].y1], chart);
        // The labels inside the frame went into the figure; those left of it stayed.
        assert_eq!(figs[0].text, "measured");
        assert_eq!(p.frags.len(), n);
        // A page without drawings keeps its text as it is.
        let mut plain = letter_page(vec![body(100.0)], Vec::new());
        figures(&mut plain);
        assert!(!plain.frags[0].figure);
    }

    /// Words with a rule right under them, as wide as they are, count as bold (a word
    /// processor's underlined title); a link's underline, coloured words, a table's rules and
    /// a rule under a whole band do not.
    #[cfg(feature = "pdf")]
    #[test]
    fn underlined_words_count_as_bold() {
        use crate::extract::mupdf_ffi::Graphic;
        // `frag` sets a 10 pt fragment on baseline `y`: its underline lies 1.5 pt below.
        let rule = |x0: f32, y: f32, x1: f32| ([x0, y + 1.0, x1, y + 2.0], Graphic::Rectangle);
        let frags = vec![
            frag(72.0, 100.0, 140.0, "Summary"),
            frag(72.0, 200.0, 250.0, "See the project page"),
            frag(72.0, 300.0, 180.0, "Blue words"),
            frag(72.0, 400.0, 160.0, "Name"),
            frag(72.0, 420.0, 160.0, "Value"),
            frag(72.0, 500.0, 140.0, "Overview"),
            frag(72.0, 600.0, 140.0, "Plain"),
        ];
        let graphics = vec![
            rule(72.0, 100.0, 141.0),
            rule(72.0, 200.0, 250.0),
            rule(72.0, 300.0, 180.0),
            // A table's rows: rules with the same ends.
            rule(70.0, 400.0, 162.0),
            rule(70.0, 420.0, 162.0),
            // A rule under a band across the page.
            rule(72.0, 500.0, 540.0),
        ];
        let mut p = read::PageText {
            links: vec![[70.0, 190.0, 252.0, 203.0]],
            ..letter_page(frags, graphics)
        };
        p.frags[2].colored_chars = p.frags[2].chars;
        underlines(&mut p);
        let bold: Vec<&str> = p
            .frags
            .iter()
            .filter(|f| f.bold_chars == f.chars)
            .map(|f| f.text.as_str())
            .collect();
        assert_eq!(bold, ["Summary"]);
    }

    /// An OCR line lies on the page's own text when its fragments together cover half of it:
    /// a stamp the text layer sets as two fragments is not read twice.
    #[test]
    fn an_ocr_line_over_text_split_in_two_fragments_lies_on_it() {
        let line = [100.0, 50.0, 300.0, 62.0];
        let halves = [
            frag(100.0, 60.0, 190.0, "File"),
            frag(200.0, 60.0, 300.0, "2024/123"),
        ];
        assert!(on_text(&line, &halves));
        assert!(!on_text(&line, &halves[..1]));
        assert!(!on_text(&line, &[frag(100.0, 200.0, 300.0, "elsewhere")]));
    }

    /// Each figure rule alone, on a page of body text: one drawing per case, and whether it
    /// becomes a figure.
    #[cfg(feature = "pdf")]
    #[test]
    fn each_figure_rule_on_its_own() {
        use crate::extract::mupdf_ffi::Graphic;
        let body: Vec<Frag> = (0..10)
            .map(|k| {
                frag(
                    72.0,
                    80.0 + 12.0 * k as f32,
                    520.0,
                    "Body text of the page, a long line of prose in the body size.",
                )
            })
            .collect();
        let path = |b: [f32; 4]| (b, Graphic::Path);
        let rect = |b: [f32; 4]| (b, Graphic::Rectangle);
        let image = |b: [f32; 4]| (b, Graphic::Image);
        let label = |x: f32, y: f32, t: &str| frag(x, y, x + 6.0 * t.len() as f32, t);
        // Boxes 25 × 35 pt, 5 pt apart: each smaller than a drawing, together one.
        let boxes = |n: usize| {
            (0..n)
                .map(|k| {
                    let x = 150.0 + 30.0 * k as f32;
                    rect([x, 250.0, x + 25.0, 285.0])
                })
                .collect::<Vec<_>>()
        };
        let area = [150.0, 250.0, 450.0, 400.0];
        let mono = {
            let mut f = label(200.0, 300.0, "x = f(y)");
            f.mono_chars = f.chars;
            f
        };
        let big = Frag {
            size: 14.0,
            ..label(200.0, 300.0, "Axis")
        };
        let diagram: Vec<Frag> = ["Application", "Session Queue", "Plugin", "Event Log"]
            .iter()
            .enumerate()
            .map(|(k, t)| Frag {
                size: 12.0,
                ..label(200.0 + 40.0 * k as f32, 300.0 + 25.0 * k as f32, t)
            })
            .collect();
        // A table ruled as rectangles round its cells, with a small picture in one of them.
        let mut table = Vec::new();
        let mut cells = Vec::new();
        for row in 0..3 {
            for col in 0..3 {
                let (x, y) = (150.0 + 100.0 * col as f32, 250.0 + 40.0 * row as f32);
                table.push(rect([x, y, x + 100.0, y + 40.0]));
                // (Set at no shared left edge: not flush text.)
                cells.push(label(x + 4.0 + 7.0 * row as f32, y + 12.0, "cell words"));
            }
        }
        table.push(image([360.0, 262.0, 380.0, 282.0]));
        let flush: Vec<Frag> = (0..4)
            .map(|k| label(250.0, 300.0 + 14.0 * k as f32, "words set on lines"))
            .collect();
        type Drawing = Vec<([f32; 4], Graphic)>;
        let cases: Vec<(&str, Drawing, Vec<Frag>, bool)> = vec![
            (
                "a curve with a label",
                vec![path(area)],
                vec![label(200.0, 300.0, "rate")],
                true,
            ),
            ("a picture", vec![image(area)], vec![], true),
            (
                "a picture too small",
                vec![image([150.0, 250.0, 180.0, 270.0])],
                vec![],
                false,
            ),
            (
                "three small boxes side by side (a diagram)",
                boxes(3),
                vec![],
                true,
            ),
            ("two small boxes", boxes(2), vec![], false),
            ("one large empty box", vec![rect(area)], vec![], true),
            (
                "a rule",
                vec![rect([72.0, 250.0, 520.0, 251.0])],
                vec![],
                false,
            ),
            (
                "the page's background",
                vec![rect([0.0, 0.0, 612.0, 792.0])],
                vec![],
                false,
            ),
            (
                "a sentence inside a curve's box",
                vec![path(area)],
                vec![label(
                    160.0,
                    300.0,
                    "A sentence of prose set inside the drawing's box, long.",
                )],
                false,
            ),
            (
                "a label larger than the body",
                vec![path(area)],
                vec![big],
                false,
            ),
            (
                "four labels a little larger than the body (a diagram's boxes)",
                vec![path(area)],
                diagram.clone(),
                true,
            ),
            (
                "one label a little larger than the body",
                vec![path(area)],
                diagram[..1].to_vec(),
                false,
            ),
            ("monospaced text", vec![path(area)], vec![mono], false),
            (
                "text over a quarter of the box",
                vec![path(area)],
                vec![Frag::plain(
                    [155.0, 255.0, 445.0, 300.0],
                    300.0,
                    10.0,
                    "Title".into(),
                )],
                false,
            ),
            (
                "lines flush at one left edge, away from the corner",
                vec![path(area)],
                flush,
                false,
            ),
            (
                "a ruled table with a small picture in a cell",
                table,
                cells,
                false,
            ),
        ];
        for (what, graphics, labels, figure) in cases {
            let mut p = letter_page(body.iter().cloned().chain(labels).collect(), graphics);
            figures(&mut p);
            let found = p.frags.iter().filter(|f| f.figure).count();
            assert_eq!(found, usize::from(figure), "{what}");
        }
    }

    /// A chapter opening set as GAPDoc sets it: the title right-aligned on three lines and the
    /// chapter number as one glyph nine times the body size at the left, on the baseline of
    /// the title's last line (geometry read off a real manual's page).
    #[test]
    fn a_display_chapter_number_leads_its_wrapped_title() {
        let big = |x0: f32, y0: f32, x1: f32, y1: f32, base: f32, size: f32, text: &str| Frag {
            y0,
            y1,
            base,
            size,
            bold_chars: text.len() as u32,
            ..frag(x0, base, x1, text)
        };
        let mut frags = vec![
            big(340.1, 71.8, 538.2, 105.5, 97.7, 35.9, "The Almost"),
            big(254.9, 115.6, 538.3, 149.3, 141.5, 35.9, "Crystallographic"),
            big(64.8, 116.3, 118.0, 206.1, 185.4, 95.6, "1"),
            big(256.1, 159.5, 538.2, 193.1, 185.4, 35.9, "Groups Package"),
        ];
        for k in 0..12 {
            let y = 245.0 + k as f32 * 12.0;
            frags.push(frag(
                72.0,
                y,
                538.0,
                "a line of the chapter's first paragraph",
            ));
        }
        let mut pages = vec![layout_page(frags, 792.0)];
        let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
        let first = out.lines().next().unwrap();
        assert_eq!(first, "1 The Almost Crystallographic Groups Package");
        // The line carries the title's type, not the glyph's.
        let h = hints.lines[0].as_ref().unwrap();
        assert!((h.typography.size_ratio - 3.59).abs() < 0.01, "{h:?}");
        assert_eq!(out.matches("Crystallographic").count(), 1);
    }

    #[test]
    fn two_columns_read_left_then_right() {
        let mut frags = vec![frag(72.0, 60.0, 540.0, "A Title Across Both Columns")];
        for k in 0..20 {
            let y = 100.0 + k as f32 * 12.0;
            frags.push(frag(
                72.0,
                y,
                295.0,
                &format!("left {k} of a column of running text"),
            ));
            frags.push(frag(
                317.0,
                y,
                540.0,
                &format!("right {k} of a column of running text"),
            ));
        }
        let p = layout_page(frags, 792.0);
        let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts[0], "A Title Across Both Columns");
        assert_eq!(texts[1], "left 0 of a column of running text");
        assert_eq!(texts[20], "left 19 of a column of running text");
        assert_eq!(texts[21], "right 0 of a column of running text");
        assert_eq!(texts.len(), 41);
    }

    /// A title block of short lines centred over two columns (title, subtitle, author, date)
    /// leaves the gutter open, and a column's line that overruns the gutter by a word, beside
    /// the other column's lines, stays in its column: the page still reads left column, then
    /// right.
    #[test]
    fn a_title_block_and_an_overfull_line_keep_two_columns() {
        let mut frags: Vec<Frag> = ["The Tutorial", "A short guide", "An Author", "May 2022"]
            .iter()
            .enumerate()
            .map(|(k, t)| frag(256.0, 40.0 + k as f32 * 14.0, 356.0, t))
            .collect();
        for k in 0..20 {
            let y = 100.0 + k as f32 * 12.0;
            // The left column's line 10 runs 3 pt past the gutter; the right column's lines
            // 9 to 11 are indented beside it.
            let (x1, x0) = match k {
                10 => (320.0, 332.0),
                9 | 11 => (295.0, 332.0),
                _ => (295.0, 317.0),
            };
            frags.push(frag(
                72.0,
                y,
                x1,
                &format!("left {k} of a column of running text"),
            ));
            frags.push(frag(
                x0,
                y,
                540.0,
                &format!("right {k} of a column of running text"),
            ));
        }
        let p = layout_page(frags, 792.0);
        let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        let mut want = vec!["The Tutorial", "A short guide", "An Author", "May 2022"];
        let left: Vec<String> = (0..20)
            .map(|k| format!("left {k} of a column of running text"))
            .collect();
        let right: Vec<String> = (0..20)
            .map(|k| format!("right {k} of a column of running text"))
            .collect();
        want.extend(left.iter().map(String::as_str));
        want.extend(right.iter().map(String::as_str));
        assert_eq!(texts, want);
    }

    /// A column that holds a chart or a table (short labels on their own baselines) beside a
    /// column of prose is still a column: the page reads down the left column, labels and
    /// all, then down the right, and no line joins a label to the prose beside it.
    #[test]
    fn a_chart_in_one_column_beside_prose_keeps_two_columns() {
        let mut frags = Vec::new();
        for k in 0..24 {
            let y = 100.0 + k as f32 * 12.0;
            frags.push(frag(
                317.0,
                y,
                540.0,
                &format!("right {k} of a column of running text"),
            ));
        }
        // The chart's labels: a grid of short cells on baselines 7 pt off the prose's.
        let mut labels = Vec::new();
        for row in 0..8 {
            for c in 0..4 {
                let x = 80.0 + c as f32 * 50.0 + (row % 2) as f32 * 10.0;
                let t = format!("{}{}", (b'A' + c as u8) as char, row);
                frags.push(frag(x, 107.0 + row as f32 * 36.0, x + 14.0, &t));
                labels.push(t);
            }
        }
        let p = layout_page(frags, 792.0);
        let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        let first_prose = texts.iter().position(|t| t.starts_with("right")).unwrap();
        for l in &labels {
            let at = texts.iter().position(|t| t.split(' ').any(|w| w == l));
            assert!(at.is_some_and(|i| i < first_prose), "{l} in {texts:?}");
        }
        assert!(texts[first_prose..].iter().all(|t| t.starts_with("right")));
    }

    /// A table of names, each on the baseline of its description's first line, is no column
    /// beside a column of prose however full the descriptions are: each name stays on the
    /// row of its description.
    #[test]
    fn names_beside_their_descriptions_stay_rows() {
        let mut frags = Vec::new();
        for k in 0..8 {
            let y = 100.0 + k as f32 * 40.0;
            frags.push(frag(
                80.0,
                y,
                80.0 + 10.0 * (3 + k % 4) as f32,
                &format!("name{k}"),
            ));
            for j in 0..3 {
                frags.push(frag(
                    317.0,
                    y + j as f32 * 12.0,
                    540.0,
                    &format!("description {k} line {j} of wrapped text"),
                ));
            }
        }
        let p = layout_page(frags, 792.0);
        let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        for k in 0..8 {
            let row = format!("name{k} description {k} line 0");
            assert!(
                texts.iter().any(|t| t.starts_with(&row)),
                "{row} in {texts:?}"
            );
        }
    }

    /// A column of code is no column of prose: a grammar's names on the left, each beside its
    /// definition set in monospace on the right (a little off its baseline), reads as rows,
    /// each name before its definition.
    #[test]
    fn names_beside_code_stay_rows() {
        let mut frags = Vec::new();
        for k in 0..8 {
            let y = 100.0 + k as f32 * 40.0;
            frags.push(frag(80.0, y + 3.0, 150.0, &format!("Name{k} ::=")));
            for j in 0..3 {
                let mut f = frag(
                    317.0,
                    y + j as f32 * 12.0,
                    540.0,
                    &format!("def{k}_{j} \"(\" Union | Atom \":\" Type \")\" | Other"),
                );
                f.mono_chars = f.chars;
                frags.push(f);
            }
        }
        let p = layout_page(frags, 792.0);
        let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        for k in 0..8 {
            let name = texts.iter().position(|t| t.contains(&format!("Name{k} ")));
            let def = texts.iter().position(|t| t.contains(&format!("def{k}_0 ")));
            let next = texts.iter().position(|t| t.contains(&format!("def{k}_2 ")));
            assert!(
                name.is_some_and(|n| def.is_some_and(|d| n <= d) && next.is_some_and(|x| n <= x)),
                "Name{k} in {texts:?}"
            );
            if k > 0 {
                let prev = texts
                    .iter()
                    .position(|t| t.contains(&format!("def{}_2 ", k - 1)));
                assert!(name > prev, "Name{k} after def{} in {texts:?}", k - 1);
            }
        }
    }

    /// Two columns of short items whose lines pair one to one on the same baselines (names
    /// and versions, names and licences) are a table's columns, not columns of text, however
    /// full they are: the page is one flow, each line a row of two cells.
    #[test]
    fn a_grid_of_short_items_is_a_table_not_two_columns() {
        let mut frags = vec![frag(
            72.0,
            60.0,
            540.0,
            "Dependencies used by the crate and the licences they are under",
        )];
        for k in 0..20 {
            let y = 100.0 + k as f32 * 14.0;
            frags.push(frag(
                72.0,
                y,
                200.0 + (k % 3) as f32 * 10.0,
                &format!("crate_{k} 0.{k}.1"),
            ));
            frags.push(frag(
                270.0,
                y,
                460.0 + (k % 4) as f32 * 20.0,
                "Apache-2.0 OR MIT",
            ));
        }
        let narrow: Vec<&Frag> = frags[1..].iter().collect();
        assert!(table_grid(&narrow, 72.0, (230.0, 270.0), 540.0));
        let p = layout_page(frags, 792.0);
        assert!(p.lines.iter().all(|l| l.flow == (0, 0)));
        assert_eq!(p.lines.len(), 21);
        assert_eq!(table_row(&p.lines[3]), "crate_2 0.2.1 | Apache-2.0 OR MIT");
    }

    /// A table row's cells at height `y`: `(x0, x1, text)` each.
    type Row<'a> = (f32, &'a [(f32, f32, &'a str)]);
    type OwnedRow = (f32, Vec<(f32, f32, &'static str)>);

    /// A page of prose over a table.
    fn table_page(rows: &[Row]) -> (Page, Vec<TableShape>) {
        ruled_table_page(rows, &[])
    }

    /// A page of prose over a table, with rules drawn across the page at heights `rules`.
    fn ruled_table_page(rows: &[Row], rules: &[f32]) -> (Page, Vec<TableShape>) {
        let mut tables = Vec::new();
        let mut p = tables_on_page(rows, rules, 40.0, &mut tables);
        p.lines.retain(|l| l.table.is_some());
        (p, tables)
    }

    /// The table lines of `p`, each as its row's text.
    fn table_rows(p: &Page) -> Vec<String> {
        p.lines
            .iter()
            .filter(|l| l.table.is_some())
            .map(table_row)
            .collect()
    }

    /// A page of prose (from height `prose`: over the table at 200, or under it) and a table,
    /// its tables found (added to `tables`).
    fn tables_on_page(
        rows: &[Row],
        rules: &[f32],
        prose: f32,
        tables: &mut Vec<TableShape>,
    ) -> Page {
        let mut frags: Vec<Frag> = (0..10)
            .map(|k| {
                frag(
                    72.0,
                    prose + k as f32 * 12.0,
                    450.0,
                    "a full line of prose text over the table below",
                )
            })
            .collect();
        for (y, cells) in rows {
            for &(x0, x1, t) in cells.iter() {
                // `**` before a cell's text sets it in bold.
                let (t, bold) = t.strip_prefix("**").map_or((t, false), |t| (t, true));
                let mut f = frag(x0, 200.0 + y, x1, t);
                if bold {
                    f.bold_chars = f.chars;
                }
                frags.push(f);
            }
        }
        let mut p = layout_page(frags, 792.0);
        p.rules = rules
            .iter()
            .map(|y| [70.0, 200.0 + y, 545.0, 200.5 + y])
            .collect();
        find_tables(&mut p, tables);
        p
    }

    /// The end of a row that a page break cut, under the header repeated at the top of the
    /// next page, joins the row it ends; a row that leaves the first column empty under a
    /// one-word cell (`armel | wheezy` under `Debian | i386/amd64`) does not, nor do the rows
    /// after it.
    #[test]
    fn a_row_cut_by_a_page_break_joins_again() {
        let header: Row = (
            0.0,
            &[
                (72.0, 110.0, "Name"),
                (200.0, 240.0, "Default"),
                (300.0, 450.0, "Description of the setting"),
            ],
        );
        let first: [Row; 4] = [
            header,
            (
                14.0,
                &[
                    (72.0, 100.0, "opt_1"),
                    (200.0, 212.0, "7"),
                    (300.0, 400.0, "First one."),
                ],
            ),
            (
                28.0,
                &[
                    (72.0, 100.0, "opt_2"),
                    (200.0, 212.0, "14"),
                    (300.0, 448.0, "Another description that"),
                ],
            ),
            (40.0, &[(300.0, 449.0, "wraps onto a line and")]),
        ];
        let next: [Row; 4] = [
            header,
            (18.0, &[(300.0, 420.0, "goes on to the next page.")]),
            (
                32.0,
                &[
                    (72.0, 100.0, "opt_3"),
                    (200.0, 212.0, "21"),
                    (300.0, 340.0, "Third."),
                ],
            ),
            (
                46.0,
                &[
                    (72.0, 100.0, "opt_4"),
                    (200.0, 212.0, "28"),
                    (300.0, 340.0, "Fourth."),
                ],
            ),
        ];
        let mut tables = Vec::new();
        let mut pages = [
            tables_on_page(&first, &[], 40.0, &mut tables),
            tables_on_page(&next, &[], 400.0, &mut tables),
        ];
        join_rows_across_pages(&mut pages, &mut tables);
        assert_eq!(
            table_rows(&pages[0])[2],
            "opt_2 | 14 | Another description that wraps onto a line and goes on to the next page."
        );
        assert_eq!(table_rows(&pages[1]).len(), 3);
        assert_eq!(tables[1].rows, 3);

        // Under a one-word cell the line is a row of its own.
        let first: [Row; 4] = [
            (
                0.0,
                &[
                    (72.0, 110.0, "OS"),
                    (200.0, 240.0, "CPU"),
                    (300.0, 450.0, "Versions of it"),
                ],
            ),
            (
                14.0,
                &[
                    (72.0, 110.0, "Ubuntu"),
                    (200.0, 240.0, "amd64"),
                    (300.0, 400.0, "lucid"),
                ],
            ),
            (
                28.0,
                &[
                    (72.0, 110.0, "Debian"),
                    (200.0, 240.0, "i386/amd64"),
                    (300.0, 448.0, "squeeze and wheezy and"),
                ],
            ),
            (
                42.0,
                &[
                    (72.0, 110.0, "Fedora"),
                    (200.0, 240.0, "x86"),
                    (300.0, 400.0, "many"),
                ],
            ),
        ];
        let next: [Row; 4] = [
            first[0],
            (18.0, &[(200.0, 230.0, "armel"), (300.0, 340.0, "wheezy")]),
            (32.0, &[(200.0, 230.0, "mips"), (300.0, 340.0, "jessie")]),
            (
                46.0,
                &[
                    (72.0, 110.0, "Arch"),
                    (200.0, 212.0, "x86"),
                    (300.0, 340.0, "rolling"),
                ],
            ),
        ];
        let mut tables = Vec::new();
        let mut pages = [
            tables_on_page(&first, &[], 40.0, &mut tables),
            tables_on_page(&next, &[], 400.0, &mut tables),
        ];
        join_rows_across_pages(&mut pages, &mut tables);
        assert_eq!(table_rows(&pages[0])[3], "Fedora | x86 | many");
        assert_eq!(table_rows(&pages[1]).len(), 4);
    }

    /// Bulleted items right under a table, their bullets set apart by a tab, are a list after
    /// it, not rows of it; numbered rows (`1. | Ada`) stay rows.
    #[test]
    fn a_bulleted_list_under_a_table_is_no_part_of_it() {
        let (p, tables) = table_page(&[
            (0.0, &[(72.0, 110.0, "No."), (200.0, 240.0, "Name")]),
            (14.0, &[(72.0, 82.0, "1."), (200.0, 240.0, "Ada")]),
            (28.0, &[(72.0, 82.0, "2."), (200.0, 240.0, "Grace")]),
            (
                42.0,
                &[(72.0, 78.0, "•"), (90.0, 250.0, "First task of the list")],
            ),
            (56.0, &[(72.0, 78.0, "•"), (90.0, 200.0, "Second task")]),
        ]);
        assert_eq!(row_texts(&p), ["No. | Name", "1. | Ada", "2. | Grace"]);
        assert_eq!((tables.len(), tables[0].rows), (1, 3));
    }

    /// A rule under a table's first row, and under no other, marks it the header (a word
    /// processor's table, booktabs' `\midrule`); a rule under every row says nothing.
    #[test]
    fn a_rule_under_the_first_row_makes_it_the_header() {
        let rows: [Row; 4] = [
            (0.0, &[(72.0, 110.0, "Name"), (200.0, 240.0, "Place")]),
            (14.0, &[(72.0, 110.0, "Ada"), (200.0, 240.0, "London")]),
            (28.0, &[(72.0, 110.0, "Grace"), (200.0, 240.0, "Arlington")]),
            (42.0, &[(72.0, 110.0, "Edsger"), (200.0, 240.0, "Nuenen")]),
        ];
        let header = |rules: &[f32]| ruled_table_page(&rows, rules).1[0].header_rows;
        assert_eq!(header(&[]), 0);
        assert_eq!(header(&[-10.0, 6.0, 48.0]), 1);
        assert_eq!(header(&[6.0, 20.0, 34.0]), 0);
        // A short rule under one cell is no border of the table.
        let (p, _) = ruled_table_page(&rows, &[]);
        let lines: Vec<&VLine> = p.lines.iter().collect();
        assert!(ruled_header(&lines, &[[72.0, 206.0, 240.0, 206.5]]));
        assert!(!ruled_header(&lines, &[[72.0, 206.0, 100.0, 206.5]]));
    }

    fn row_texts(p: &Page) -> Vec<String> {
        p.lines
            .iter()
            .map(|l| {
                if l.cells.len() >= 2 {
                    table_row(l)
                } else {
                    l.text.clone()
                }
            })
            .collect()
    }

    /// A cell that wraps goes on in its column on the lines under its row's first line; they
    /// join the row, so that a row is one line of cells. A row that leaves the first column
    /// empty under a one-word cell, and a label centred across the table, stay rows; a first
    /// cell that wraps joins its row when a column the row filled stays empty.
    #[test]
    fn wrapped_cells_join_their_row() {
        let (p, tables) = table_page(&[
            (
                0.0,
                &[
                    (72.0, 110.0, "Option"),
                    (200.0, 240.0, "Default"),
                    (300.0, 360.0, "Description"),
                ],
            ),
            (
                12.0,
                &[
                    (72.0, 130.0, "max_tokens"),
                    (200.0, 215.0, "512"),
                    (300.0, 450.0, "The largest number of tokens a"),
                ],
            ),
            (24.0, &[(300.0, 445.0, "chunk may hold before it is")]),
            (36.0, &[(300.0, 320.0, "cut.")]),
            (
                48.0,
                &[
                    (72.0, 110.0, "overlap"),
                    (200.0, 212.0, "64"),
                    (300.0, 440.0, "Tokens shared by two windows"),
                    (460.0, 540.0, "See chunking"),
                ],
            ),
            (
                60.0,
                &[(300.0, 380.0, "of one section."), (460.0, 500.0, "below.")],
            ),
            (
                72.0,
                &[
                    (72.0, 110.0, "threads"),
                    (200.0, 215.0, "all"),
                    (300.0, 440.0, "Worker threads of the pool"),
                ],
            ),
            (
                84.0,
                &[
                    (200.0, 230.0, "cores"),
                    (300.0, 440.0, "Shared by both runs of a"),
                ],
            ),
            (96.0, &[(350.0, 400.0, "General")]),
            (
                108.0,
                &[
                    (72.0, 110.0, "Polaric Energy"),
                    (200.0, 206.0, "6"),
                    (300.0, 440.0, "Produces a stream of"),
                ],
            ),
            (
                120.0,
                &[
                    (72.0, 100.0, "Cannon"),
                    (300.0, 400.0, "polaric projectiles."),
                ],
            ),
        ]);
        assert_eq!(
            row_texts(&p),
            [
                "Option | Default | Description",
                "max_tokens | 512 | The largest number of tokens a chunk may hold before it is cut.",
                "overlap | 64 | Tokens shared by two windows of one section. | See chunking below.",
                "threads | all | Worker threads of the pool",
                "cores | Shared by both runs of a",
                "General",
                // The first cell wraps too, the second column left empty under its `6`.
                "Polaric Energy Cannon | 6 | Produces a stream of polaric projectiles.",
            ]
        );
        assert_eq!(
            (tables.len(), tables[0].rows, tables[0].header_rows),
            (1, 7, 1)
        );
        // A joined row covers its lines.
        assert!(p.lines[1].y1 > 200.0 + 36.0);
    }

    /// A header cell wrapped onto two lines, its top line alone over the header's other cells
    /// (`CPU Target` over `Feature`, LibreOffice setting the header at the bottom of its
    /// cells): the top reaches further right than any other cell of its column, short of the
    /// next, and joins the header.
    #[test]
    fn a_header_top_of_words_wider_than_its_column_joins_the_header() {
        let mut tables = Vec::new();
        let p = tables_on_page(
            &[
                (0.0, &[(166.0, 222.0, "CPU Target")]),
                (
                    12.0,
                    &[
                        (72.0, 134.0, "Architecture"),
                        (166.0, 204.0, "Feature"),
                        (260.0, 290.0, "Notes"),
                    ],
                ),
                (
                    30.0,
                    &[
                        (72.0, 130.0, "x86/x86_64"),
                        (166.0, 186.0, "f16c"),
                        (260.0, 520.0, "This supports conversion to f16 only"),
                    ],
                ),
                (
                    48.0,
                    &[
                        (72.0, 110.0, "aarch64"),
                        (166.0, 190.0, "fp16"),
                        (260.0, 480.0, "This supports all operations on f16"),
                    ],
                ),
                (
                    66.0,
                    &[
                        (72.0, 130.0, "loongarch64"),
                        (166.0, 182.0, "lsx"),
                        (260.0, 500.0, "Nightly only: conversion to f16"),
                    ],
                ),
            ],
            &[],
            600.0,
            &mut tables,
        );
        let rows = table_rows(&p);
        assert_eq!(rows[0], "Architecture | CPU Target Feature | Notes");
        assert_eq!((rows.len(), tables[0].header_rows), (4, 1));
    }

    /// A header set at the bottom of its cells whose first cell is a word broken at the
    /// column's edge (`Benchmar` over `k`): the top reaches further than the column's other
    /// cells and still joins the header.
    #[test]
    fn a_header_top_broken_at_its_column_edge_joins_the_header() {
        let mut tables = Vec::new();
        let p = tables_on_page(
            &[
                (0.0, &[(72.0, 134.4, "Benchmar")]),
                (
                    12.0,
                    &[
                        (72.0, 79.4, "k"),
                        (166.0, 204.0, "Lower"),
                        (238.0, 292.0, "Estimate"),
                    ],
                ),
                (
                    30.0,
                    &[
                        (72.0, 114.0, "qrcode"),
                        (154.0, 217.0, "1.1646 ms"),
                        (233.0, 296.0, "1.1717 ms"),
                    ],
                ),
                (
                    48.0,
                    &[
                        (72.0, 110.0, "fast_qr"),
                        (154.0, 217.0, "113.58 µs"),
                        (233.0, 296.0, "113.95 µs"),
                    ],
                ),
                (
                    66.0,
                    &[
                        (72.0, 105.0, "other"),
                        (154.0, 217.0, "4.8396 ms"),
                        (233.0, 296.0, "4.8459 ms"),
                    ],
                ),
            ],
            &[],
            400.0,
            &mut tables,
        );
        let rows = table_rows(&p);
        assert_eq!(rows[0], "Benchmar k | Lower | Estimate");
        assert_eq!((rows.len(), tables[0].header_rows), (4, 1));
        assert!(!p.lines.iter().any(|l| l.text == "Benchmar"));
    }

    /// A word a column broke inside a line of several joins the next line with no space when
    /// the page writes the whole word elsewhere, unless the first part is a word of its own
    /// there too (`with` / `in`, where the page writes `within`).
    #[test]
    fn a_word_broken_inside_a_line_joins_when_the_page_writes_it_whole() {
        let mut tables = Vec::new();
        let p = tables_on_page(
            &[
                (0.0, &[(72.0, 120.0, "Trait"), (200.0, 250.0, "Notes")]),
                (
                    18.0,
                    &[
                        (72.0, 120.0, "Show"),
                        (200.0, 330.0, "Implements std::fmt::Displ"),
                    ],
                ),
                (30.0, &[(200.0, 260.0, "ay for output")]),
                (
                    48.0,
                    &[
                        (72.0, 120.0, "Print"),
                        (200.0, 320.0, "Uses std::fmt::Display too"),
                    ],
                ),
                (
                    66.0,
                    &[(72.0, 120.0, "Scope"), (200.0, 330.0, "Appears with")],
                ),
                (78.0, &[(200.0, 250.0, "in a unit")]),
                (
                    96.0,
                    &[
                        (72.0, 120.0, "Kept"),
                        (200.0, 310.0, "Lives within a crate with care"),
                    ],
                ),
            ],
            &[],
            400.0,
            &mut tables,
        );
        let rows = table_rows(&p);
        assert_eq!(
            rows,
            [
                "Trait | Notes",
                "Show | Implements std::fmt::Display for output",
                "Print | Uses std::fmt::Display too",
                "Scope | Appears with in a unit",
                "Kept | Lives within a crate with care",
            ]
        );
    }

    /// Where a cell's lines were cut with no space between them: after a slash inside a token
    /// or an opening bracket, before the bracket or quote that closes one left open.
    #[test]
    fn cell_lines_cut_at_a_slash_or_bracket_join_without_a_space() {
        for (before, after) in [
            ("https://github.com/rust-lang/", "cargo"),
            ("https://", "github.com/cargo-bins/"),
            ("[", "Parser::padded_by]"),
            ("MovingPtr<", "'a, T>"),
            ("Some({FOLDERID_Public}", ")"),
            ("Vec<Vec<T>", ">,"),
            ("\"lowercase\", \"UPPERCASE", "\","),
        ] {
            assert!(cut_without_space(before, after), "{before} / {after}");
        }
        for (before, after) in [
            ("Accepted /", "headers"),
            ("if a <", "b then"),
            ("Some(XDG_DESKTOP_DIR)", "or None"),
            ("a > b", "> c"),
            ("\"UPPERCASE\"", "\"lower\""),
            ("path/", " next"),
            ("plain words", "and more"),
        ] {
            assert!(!cut_without_space(before, after), "{before} / {after}");
        }
    }

    /// Words a narrow column broke at its edge join the next line of their cell with no space
    /// (see `broken_words`); one word that fills the column shows no broken word.
    #[test]
    fn words_a_narrow_column_broke_at_its_edge_are_joined_without_a_space() {
        let row = |y: f32, first: (f32, &'static str), rest: [&'static str; 2]| {
            (
                y,
                vec![
                    (72.0, first.0, first.1),
                    (146.0, 180.0, rest[0]),
                    (220.0, 250.0, rest[1]),
                ],
            )
        };
        let piece = |y: f32, x1: f32, t: &'static str| (y, vec![(72.0, x1, t)]);
        let layout = |rows: Vec<OwnedRow>| {
            let rows: Vec<Row> = rows
                .iter()
                .map(|(y, cells)| (*y, cells.as_slice()))
                .collect();
            let mut tables = Vec::new();
            let p = tables_on_page(&rows, &[], 400.0, &mut tables);
            table_rows(&p)
        };
        // LibreOffice breaks `insert_ahash_highbits` where it reaches the column's edge:
        // `insert_a` / `hash_hig` / `hbits`.
        let broken = vec![
            row(0.0, (105.0, "name"), ["ns/iter", "diff"]),
            row(18.0, (120.6, "insert_a"), ["18,865", "-57%"]),
            piece(30.0, 126.1, "hash_hig"),
            piece(42.0, 100.0, "hbits"),
            row(60.0, (120.6, "lookup_a"), ["32,351", "-85%"]),
            piece(72.0, 125.8, "hash_ser"),
            piece(84.0, 87.0, "ial"),
            row(102.0, (100.0, "total"), ["51,216", "-71%"]),
        ];
        assert_eq!(
            layout(broken),
            [
                "name | ns/iter | diff",
                "insert_ahash_highbits | 18,865 | -57%",
                "lookup_ahash_serial | 32,351 | -85%",
                "total | 51,216 | -71%",
            ]
        );
        // One word that fills the column is a word wrapped in the ordinary way: the column
        // shows no broken word.
        let wrapped = vec![
            row(0.0, (105.0, "name"), ["ns/iter", "diff"]),
            row(18.0, (126.1, "encoded"), ["18,865", "-57%"]),
            piece(30.0, 90.0, "and"),
            row(48.0, (110.0, "lookup"), ["32,351", "-85%"]),
            piece(60.0, 95.0, "table"),
            row(78.0, (100.0, "total"), ["51,216", "-71%"]),
        ];
        assert_eq!(
            layout(wrapped),
            [
                "name | ns/iter | diff",
                "encoded and | 18,865 | -57%",
                "lookup table | 32,351 | -85%",
                "total | 51,216 | -71%",
            ]
        );
    }

    /// Rows set apart by cell padding (18 pt) further than a cell's lines (12 pt): a line at
    /// the tight step goes on with its row even under one-word pieces (`signature` /
    /// `verification`), and a first cell that wraps onto a line of its own joins its row
    /// (`changed / changed: /` / `changed(...):`). An ellipsis in a cell is no dot leader. A
    /// bold numbered title set further below the last row than the rows are apart is no row.
    #[test]
    fn a_padded_table_joins_one_word_pieces_and_a_first_cell_alone() {
        let mut tables = Vec::new();
        let p = tables_on_page(
            &[
                (
                    0.0,
                    &[
                        (72.0, 140.0, "Benchmark"),
                        (200.0, 240.0, "u64"),
                        (300.0, 360.0, "simd"),
                    ],
                ),
                (
                    18.0,
                    &[
                        (72.0, 129.0, "signature"),
                        (200.0, 250.0, "40.144 µs"),
                        (300.0, 360.0, "25.963 µs -"),
                    ],
                ),
                (
                    30.0,
                    &[(72.0, 140.0, "verification"), (300.0, 345.0, "35.603%")],
                ),
                (
                    48.0,
                    &[
                        (72.0, 190.0, "changed / changed: /"),
                        (200.0, 212.0, "12"),
                        (300.0, 345.0, "Changed"),
                    ],
                ),
                (60.0, &[(72.0, 150.0, "changed(...):")]),
                (
                    78.0,
                    &[
                        (72.0, 150.0, "feat: / feat(...):"),
                        (200.0, 206.0, "7"),
                        (300.0, 345.0, "Added"),
                    ],
                ),
                (
                    110.0,
                    &[
                        (72.0, 100.0, "**3.3.1"),
                        (130.0, 300.0, "**Associated Activity"),
                    ],
                ),
            ],
            &[],
            400.0,
            &mut tables,
        );
        let rows = table_rows(&p);
        assert_eq!(
            rows,
            [
                "Benchmark | u64 | simd",
                "signature verification | 40.144 µs | 25.963 µs -35.603%",
                "changed / changed: / changed(...): | 12 | Changed",
                "feat: / feat(...): | 7 | Added",
            ]
        );
        assert_eq!((tables.len(), tables[0].rows), (1, 4));
        let title = p
            .lines
            .iter()
            .find(|l| l.text.starts_with("3.3.1"))
            .unwrap();
        assert!(title.bold && title.table.is_none());
    }

    /// A header whose every cell wraps, in a table that sets its rows apart (18 pt) further
    /// than a cell's lines (12 pt), is one row: its second line fills every column, but it is
    /// set at the tight step under full pieces.
    #[test]
    fn a_header_wrapped_in_every_column_is_one_row() {
        let (p, tables) = table_page(&[
            (
                0.0,
                &[
                    (72.0, 120.0, "Function"),
                    (200.0, 250.0, "Value on"),
                    (300.0, 350.0, "Value on"),
                ],
            ),
            (
                12.0,
                &[
                    (72.0, 100.0, "name"),
                    (200.0, 260.0, "Linux/Redox"),
                    (300.0, 340.0, "macOS"),
                ],
            ),
            (
                30.0,
                &[
                    (72.0, 118.0, "home_dir"),
                    (200.0, 262.0, "Some($HOME)"),
                    (300.0, 352.0, "Some($HOME)"),
                ],
            ),
            (
                48.0,
                &[
                    (72.0, 119.0, "cache_dir"),
                    (200.0, 255.0, "Some($XDG)"),
                    (300.0, 350.0, "Some(~/Lib)"),
                ],
            ),
            (
                66.0,
                &[
                    (72.0, 120.0, "config_dir"),
                    (200.0, 255.0, "Some($XDG)"),
                    (300.0, 350.0, "Some(~/Lib)"),
                ],
            ),
        ]);
        assert_eq!(
            row_texts(&p),
            [
                "Function name | Value on Linux/Redox | Value on macOS",
                "home_dir | Some($HOME) | Some($HOME)",
                "cache_dir | Some($XDG) | Some(~/Lib)",
                "config_dir | Some($XDG) | Some(~/Lib)",
            ]
        );
        assert_eq!(tables[0].rows, 4);
    }

    /// A header set at the bottom of its cells whose top line holds two cells (`Default |
    /// Extra` over `Feature | Description | Enabled | Dependencies`) is one row.
    #[test]
    fn a_header_top_of_two_cells_joins_the_header() {
        let (p, tables) = table_page(&[
            (0.0, &[(300.0, 340.0, "Default"), (400.0, 440.0, "Extra")]),
            (
                12.0,
                &[
                    (72.0, 110.0, "Feature"),
                    (150.0, 220.0, "Description"),
                    (300.0, 345.0, "Enabled"),
                    (400.0, 470.0, "Dependencies"),
                ],
            ),
            (
                30.0,
                &[
                    (72.0, 100.0, "zlib"),
                    (150.0, 230.0, "Use the zlib"),
                    (300.0, 315.0, "yes"),
                    (400.0, 420.0, "zlib"),
                ],
            ),
            (
                48.0,
                &[
                    (72.0, 100.0, "rust"),
                    (150.0, 225.0, "Use miniz"),
                    (300.0, 312.0, "no"),
                    (400.0, 430.0, "miniz"),
                ],
            ),
        ]);
        assert_eq!(
            row_texts(&p),
            [
                "Feature | Description | Default Enabled | Extra Dependencies",
                "zlib | Use the zlib | yes | zlib",
                "rust | Use miniz | no | miniz",
            ]
        );
        assert_eq!(tables[0].rows, 3);
    }

    /// The top of a header over a right-aligned column of numbers (`Compute` over `Time`,
    /// both set at the column's right edge) joins the header.
    #[test]
    fn a_header_top_over_a_column_of_numbers_joins_the_header() {
        let (p, tables) = table_page(&[
            (0.0, &[(303.0, 358.0, "Compute")]),
            (
                14.0,
                &[
                    (72.0, 140.0, "Precompute"),
                    (195.0, 259.0, "Load Time"),
                    (328.0, 358.0, "Time"),
                    (378.0, 457.0, "Memory Size"),
                ],
            ),
            (
                32.0,
                &[
                    (152.0, 160.0, "0"),
                    (220.0, 259.0, "1.69 s"),
                    (303.0, 358.0, "311.15 ms"),
                    (420.0, 457.0, "0 KiB"),
                ],
            ),
            (
                50.0,
                &[
                    (152.0, 160.0, "1"),
                    (220.0, 259.0, "1.70 s"),
                    (303.0, 358.0, "891.29 ms"),
                    (410.0, 457.0, "768 KiB"),
                ],
            ),
        ]);
        assert_eq!(
            row_texts(&p),
            [
                "Precompute | Load Time | Compute Time | Memory Size",
                "0 | 1.69 s | 311.15 ms | 0 KiB",
                "1 | 1.70 s | 891.29 ms | 768 KiB",
            ]
        );
        assert_eq!(tables[0].rows, 3);
    }

    /// The end of a row cut by a page break that is all the next page holds of its table (too
    /// little for a table of its own) joins its row all the same; the prose under it stays.
    #[test]
    fn a_row_end_alone_on_the_next_page_joins_its_row() {
        let first: [Row; 4] = [
            (
                0.0,
                &[
                    (72.0, 110.0, "Name"),
                    (200.0, 240.0, "Default"),
                    (300.0, 450.0, "Description of the setting"),
                ],
            ),
            (
                14.0,
                &[
                    (72.0, 100.0, "opt_1"),
                    (200.0, 212.0, "7"),
                    (300.0, 400.0, "First one."),
                ],
            ),
            (
                28.0,
                &[
                    (72.0, 100.0, "opt_2"),
                    (200.0, 212.0, "14"),
                    (300.0, 448.0, "Another description that"),
                ],
            ),
            (40.0, &[(300.0, 449.0, "wraps onto a line and")]),
        ];
        let tail: [Row; 1] = [(0.0, &[(300.0, 420.0, "goes on to the next page.")])];
        let mut tables = Vec::new();
        let mut pages = [
            tables_on_page(&first, &[], 40.0, &mut tables),
            tables_on_page(&tail, &[], 400.0, &mut tables),
        ];
        assert_eq!(tables.len(), 1);
        join_rows_across_pages(&mut pages, &mut tables);
        let row = pages[0].lines.iter().filter(|l| l.table.is_some()).nth(2);
        assert_eq!(
            row.map(table_row).as_deref(),
            Some("opt_2 | 14 | Another description that wraps onto a line and goes on to the next page.")
        );
        assert_eq!(pages[1].lines.len(), 10);
        assert!(pages[1]
            .lines
            .iter()
            .all(|l| l.text.starts_with("a full line")));
    }

    /// A note set tight under a table's last row, at the first column's left edge (`Source:
    /// IMF`), is no part of that row's first cell: no row follows it.
    #[test]
    fn a_note_under_a_table_is_no_part_of_its_last_row() {
        let mut tables = Vec::new();
        let p = tables_on_page(
            &[
                (
                    0.0,
                    &[
                        (72.0, 150.0, "Country"),
                        (200.0, 230.0, "GDP"),
                        (300.0, 330.0, "Pop"),
                    ],
                ),
                (
                    12.0,
                    &[
                        (72.0, 150.0, "United Kingdom"),
                        (200.0, 220.0, "3.1"),
                        (300.0, 315.0, "67"),
                    ],
                ),
                (
                    24.0,
                    &[
                        (72.0, 145.0, "United States"),
                        (200.0, 222.0, "25.4"),
                        (300.0, 320.0, "333"),
                    ],
                ),
                (36.0, &[(72.0, 130.0, "Source: IMF")]),
            ],
            &[],
            400.0,
            &mut tables,
        );
        let rows = table_rows(&p);
        assert_eq!(rows[2], "United States | 25.4 | 333");
        assert_eq!(tables[0].rows, 3);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text == "Source: IMF" && l.table.is_none()));
    }

    /// Dot leaders are a run of dots (four or more, or three before a page number), not an
    /// ellipsis inside a cell.
    #[test]
    fn dot_leaders_are_runs_of_dots_not_an_ellipsis() {
        for t in [
            "Introduction . . . . . . 3",
            "Index ........ 12",
            "Preface...iv",
            "Notes …… 7",
        ] {
            assert!(leaders(t), "{t}");
        }
        for t in [
            "feat: / feat(...): Added",
            "docs:, test:, perf:, build:, … are fine",
            "and so on...",
            "Version 1.2.3",
            "Digits 0...9",
        ] {
            assert!(!leaders(t), "{t}");
        }
    }

    /// The end of a row cut by a page break, at the top of the next page under the header
    /// repeated there, is set further below it than a cell's lines are: it does not join
    /// the header. A cell's line that starts with closing punctuation joins without a space.
    #[test]
    fn a_row_end_under_a_repeated_header_is_no_part_of_it() {
        let (p, tables) = table_page(&[
            (
                0.0,
                &[
                    (72.0, 110.0, "Name"),
                    (200.0, 240.0, "Default"),
                    (300.0, 450.0, "Description of the option"),
                ],
            ),
            (18.0, &[(300.0, 400.0, "and the rest of it.")]),
            (
                30.0,
                &[
                    (72.0, 100.0, "opt_2"),
                    (200.0, 212.0, "14"),
                    (300.0, 430.0, "Another description here"),
                ],
            ),
            (42.0, &[(300.0, 420.0, "that wraps onto a line.")]),
            (
                54.0,
                &[
                    (72.0, 100.0, "opt_3"),
                    (200.0, 212.0, "21"),
                    (300.0, 430.0, "Reads the type async_graphql"),
                ],
            ),
            (66.0, &[(300.0, 380.0, "::TypeName.")]),
        ]);
        assert_eq!(
            row_texts(&p),
            [
                "Name | Default | Description of the option",
                "and the rest of it.",
                "opt_2 | 14 | Another description here that wraps onto a line.",
                // Broken where no space was: joined without one.
                "opt_3 | 21 | Reads the type async_graphql::TypeName.",
            ]
        );
        assert_eq!(tables[0].rows, 4);
    }

    #[test]
    fn one_column_with_table_cells_is_one_column() {
        let mut frags = Vec::new();
        for k in 0..10 {
            frags.push(frag(
                72.0,
                100.0 + k as f32 * 12.0,
                540.0,
                "a full line of prose text",
            ));
        }
        for k in 0..4 {
            let y = 240.0 + k as f32 * 12.0;
            frags.push(frag(72.0, y, 120.0, "cell"));
            frags.push(frag(300.0, y, 340.0, "42"));
        }
        let p = layout_page(frags, 792.0);
        assert!(p.lines.iter().all(|l| l.flow == (0, 0)));
        let rows: Vec<&VLine> = p.lines.iter().filter(|l| l.cells.len() == 2).collect();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0].text, "cell 42");
        assert_eq!(table_row(rows[0]), "cell | 42");
    }

    /// A two-column table whose descriptions wrap, on a page of wider prose: its columns fill
    /// their width as text columns do, but its last column stops short of the margin that the
    /// prose reaches. It is one flow, and a table of rows, not two columns of text.
    #[test]
    fn a_two_column_table_under_wider_prose_is_no_pair_of_columns() {
        let mut frags: Vec<Frag> = (0..10)
            .map(|k| {
                frag(
                    72.0,
                    100.0 + k as f32 * 12.0,
                    520.0,
                    "a full line of prose text that runs to the margin",
                )
            })
            .collect();
        let names = [
            "any",
            "struct_any",
            "struct_named",
            "struct_unit",
            "enum_any",
            "enum_tuple",
        ];
        let mut y = 240.0;
        for (k, name) in names.iter().enumerate() {
            frags.push(frag(72.0, y, 110.0 + 5.0 * k as f32, name));
            frags.push(frag(200.0, y, 400.0, "Accept the shape of input named"));
            frags.push(frag(200.0, y + 12.0, 290.0, "in the left cell"));
            y += 30.0;
        }
        assert_eq!(gutters(&frags, &lone_rows(&frags)), []);
        let mut p = layout_page(frags, 792.0);
        let mut tables = Vec::new();
        find_tables(&mut p, &mut tables);
        assert_eq!((tables.len(), tables[0].rows, tables[0].cols), (1, 6, 2));
        let rows = table_rows(&p);
        assert_eq!(
            rows[1],
            "struct_any | Accept the shape of input named in the left cell"
        );
    }

    #[test]
    fn outline_scores_count_subsections_below_the_outline_apart() {
        let e = |title: &str, depth: u32, page: u32| OutlineEntry {
            title: title.into(),
            depth,
            page: Some(page),
        };
        let truth = [
            e("Tasks", 1, 1),
            e("Running tasks", 2, 1),
            e("Milestones", 2, 3),
        ];
        let found = [
            e("1 Tasks", 1, 1),
            e("1.1 Running tasks", 2, 1),
            e("1.1.1 RunTask", 3, 2),
            e("1.1.2 WaitTask", 3, 2),
            e("1.2 Milestones", 2, 3),
            e("Public Attributes", 1, 3),
        ];
        let s = score_outline(&truth, &found);
        assert_eq!((s.matched, s.found, s.below_outline), (3, 6, 2));
        // Under a heading the outline does go below, a deeper number is just unmatched.
        let truth = [e("Tasks", 1, 1), e("Running tasks", 2, 1)];
        let found = [
            e("1 Tasks", 1, 1),
            e("1.1 Running tasks", 2, 1),
            e("1.2 Other", 2, 2),
        ];
        assert_eq!(score_outline(&truth, &found).below_outline, 0);
        // Outlines that drop the blank after the number still match; other titles do not.
        let truth = [e("1.Overview", 1, 1), e("1.1Sample Production", 2, 1)];
        let found = [
            e("1. Overview", 1, 1),
            e("1.1 Sample Production", 2, 1),
            e("1.2 Sample Parsing", 2, 2),
        ];
        assert_eq!(score_outline(&truth, &found).matched, 2);
        assert!(!titles_alike("1.1Sample Production", "1.2 Sample Parsing"));
        assert!(titles_alike("A References", "Appendix A References"));
        assert!(titles_alike("Chapter 3 Tools", "3 Tools"));
        assert!(!titles_alike("A References", "Appendix B References"));
        assert!(titles_alike("Příloha", "A Příloha"));
        assert!(!titles_alike("Příloha", "Seznam Příloha"));
        // An outline without the section number, its accents or a blank: the same title.
        assert!(titles_alike(
            "Odlisnosti od CMfontu",
            "2.1 Odlišnosti od CM fontů"
        ));
        assert!(!titles_alike(
            "Odlisnosti od CMfontu",
            "2.1 Rozdíly od CM fontů"
        ));
        // `ß` spelt `ss`, as outlines of German documents often write it.
        assert!(titles_alike("Optische Grossen", "Optische Größen"));
        assert!(titles_alike(
            "Warum der grosse Aufwand?",
            "Warum der große Aufwand?"
        ));
        assert!(!titles_alike("Optische Grossen", "Optische Maße"));
        // A function by name and arity, as Erlang manuals outline their entries, for its
        // head on the page: arguments counted outside brackets.
        for (entry, head) in [
            ("open/1", "open([Host]) -> {ok, Handle} | {error, Reason}"),
            ("open/2", "open([Host], [Option]) -> {ok, Handle}"),
            ("start/0", "start()"),
            ("'and'/1", "'and'([Filter]) -> filter()"),
            ("init/1", "Module:init(Args) -> Result"),
        ] {
            assert!(titles_alike(entry, head), "{entry} {head}");
        }
        assert!(!titles_alike("open/2", "open([Host]) -> ok"));
        assert!(!titles_alike("close/1", "open(Host) -> ok"));
        assert!(!titles_alike("and/or", "and(A, B)"));
        // Contents and index pages: their titles and the index's letters are navigation.
        let truth = [
            e("Contents", 1, 2),
            e("Introduction", 1, 3),
            e("Index", 1, 9),
            e("A", 2, 9),
            e("B", 2, 9),
            e("Credits", 1, 10),
            e("C", 2, 10),
        ];
        let found = [
            e("1 Introduction", 1, 3),
            e("Index", 1, 9),
            e("Credits", 1, 10),
            e("C", 2, 10),
        ];
        let s = score_outline(&truth, &found);
        assert_eq!((s.matched, s.navigation, s.navigation_matched), (4, 4, 1));
        assert_eq!(s.recall_without_navigation(), 1.0);
        let truth = [
            e("Usage", 1, 1),
            e("代码索引", 1, 9),
            e("Symbols", 2, 9),
            e("A", 2, 9),
            e("C", 2, 10),
            e("Examples", 1, 11),
            e("A", 2, 11),
            e("B", 2, 11),
        ];
        let s = score_outline(&truth, &[e("Usage", 1, 1)]);
        assert_eq!(s.navigation, 3);
    }

    #[test]
    fn running_heads_and_page_numbers_are_furniture() {
        let mut pages = Vec::new();
        for i in 0..6 {
            let mut frags = vec![
                frag(
                    72.0,
                    40.0,
                    300.0,
                    if i % 2 == 0 {
                        "CHAPTER 1. INTRODUCTION"
                    } else {
                        "1.2. SCOPE"
                    },
                ),
                frag(520.0, 40.0, 540.0, &format!("{}", i + 3)),
                frag(
                    72.0,
                    120.0,
                    540.0,
                    &format!("Body text on page {i} that is different."),
                ),
                frag(250.0, 760.0, 350.0, &format!("Page {} of 6", i + 1)),
            ];
            frags.push(frag(72.0, 132.0, 540.0, "more body"));
            pages.push(layout_page(frags, 792.0));
        }
        let n = mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |t| !t.contains("ody"));
        assert!(n >= 12);
    }

    /// Two lines of body text that differ from page to page (`i`).
    fn body_frags(i: usize) -> Vec<Frag> {
        vec![
            frag(
                72.0,
                120.0,
                540.0,
                &format!("Body text on page {i}, not the same."),
            ),
            frag(72.0, 132.0, 540.0, "more body"),
        ]
    }

    /// Every line of `pages` is furniture exactly when `furniture(its text)`.
    fn assert_furniture(pages: &[Page], furniture: impl Fn(&str) -> bool) {
        for p in pages {
            for l in &p.lines {
                assert_eq!(l.furniture, furniture(&l.text), "{}", l.text);
            }
        }
    }

    /// A running footer set on the line of its page number is one line of two cells on most
    /// pages; where the page number is missing it is a line alone, and still furniture.
    #[test]
    fn a_running_footer_without_its_page_number_is_furniture() {
        let mut pages = Vec::new();
        for i in 0..10 {
            let mut frags = body_frags(i);
            frags.push(frag(72.0, 760.0, 250.0, "DICOM Conformance Statement"));
            if i < 8 {
                frags.push(frag(480.0, 760.0, 540.0, &format!("Page {}", i + 1)));
            }
            pages.push(layout_page(frags, 792.0));
        }
        assert_eq!(
            pages[0].lines.iter().filter(|l| l.cells.len() == 2).count(),
            1
        );
        mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |t| !t.contains("ody"));
    }

    /// A chapter's running head repeats on the pages of its chapter only (five and seven of
    /// twelve pages here, under the share a document-wide head needs): it is furniture on
    /// every one of them. A long table's header row, at the top of three pages in a row, is
    /// not.
    #[test]
    fn a_chapters_running_head_is_furniture() {
        let mut pages = Vec::new();
        for i in 0..12 {
            let head = if i < 5 {
                "Chapter 1: Arrays"
            } else {
                "Chapter 2: Vectors"
            };
            let mut frags = body_frags(i);
            frags.push(frag(72.0, 30.0, 250.0, head));
            if (8..11).contains(&i) {
                frags.push(frag(72.0, 60.0, 150.0, "Function"));
                frags.push(frag(300.0, 60.0, 400.0, "Support status"));
            }
            pages.push(layout_page(frags, 792.0));
        }
        mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |t| t.starts_with("Chapter"));
    }

    /// A running head that names each page's section (`1.1 Introduction` on one page, `1.2
    /// Debugger` on the next: the Erlang/OTP manuals) repeats no text, only its place and its
    /// type, smaller than the text: furniture. The same lines in the body size are the
    /// pages' first lines of text.
    #[test]
    fn running_heads_that_name_each_pages_section_are_furniture() {
        let sections = [
            "1.1 Introduction",
            "1.2 Getting Started",
            "1.3 Breakpoints",
            "1.4 Stack Trace",
            "1.5 Monitor Window",
            "2 Reference Manual",
            "2.1 Exports",
        ];
        for (size, furniture) in [(8.0, true), (10.0, false)] {
            let mut pages = vec![layout_page(body_frags(0), 792.0)];
            for (i, s) in sections.iter().enumerate() {
                let mut frags = body_frags(i + 1);
                let mut head = frag(400.0, 30.0, 540.0, s);
                head.size = size;
                frags.push(head);
                pages.push(layout_page(frags, 792.0));
            }
            mark_furniture(&mut pages, &PdfConfig::default());
            assert_furniture(&pages, |t| furniture && sections.contains(&t));
        }
    }

    /// A book's running heads set in two cells: the section the page is in beside the
    /// document's title on odd pages, the title beside the chapter on even ones. Only the
    /// title repeats on enough pages, yet each whole line is furniture. The same lines set
    /// large, a slide's title beside a name on every slide, are not.
    #[test]
    fn running_heads_of_a_section_beside_the_title_are_furniture() {
        let sections = [
            "1.1 Einführung",
            "1.2 Die Programme einrichten",
            "1.3 Einen Bug beheben",
            "1.4 Neue Software",
            "1.5 Security Updates",
            "1.6 Patches für Pakete",
        ];
        for (size, furniture) in [(10.0, true), (20.0, false)] {
            let mut pages = Vec::new();
            for i in 0..12 {
                let mut frags = body_frags(i);
                frags.push(frag(
                    72.0,
                    144.0,
                    540.0,
                    "and a third line of the body text",
                ));
                let chapter = if i < 6 {
                    "Kapitel 1. Artikel"
                } else {
                    "Kapitel 2. Wissensdatenbank"
                };
                let (left, right) = if i % 2 == 0 {
                    ("Ubuntu Packaging Guide", chapter)
                } else {
                    (sections[i / 2], "Ubuntu Packaging Guide")
                };
                for mut f in [
                    frag(72.0, 30.0, 250.0, left),
                    frag(400.0, 30.0, 540.0, right),
                ] {
                    f.size = size;
                    frags.push(f);
                }
                pages.push(layout_page(frags, 792.0));
            }
            assert!(pages.iter().all(|p| p.lines[0].cells.len() == 2));
            mark_furniture(&mut pages, &PdfConfig::default());
            assert_furniture(&pages, |t| furniture && t.contains("Ubuntu"));
        }
    }

    /// Slides that keep one title over three pages in a row (`Results`, set large at the top)
    /// are sections, not a chapter's running head.
    #[test]
    fn a_slide_title_over_pages_in_a_row_is_no_running_head() {
        let mut pages = Vec::new();
        for i in 0..8 {
            let mut frags = body_frags(i);
            let mut title = frag(
                72.0,
                30.0,
                250.0,
                if (2..5).contains(&i) {
                    "Results"
                } else {
                    "Method"
                },
            );
            title.size = 20.0;
            if i == 0 || (2..5).contains(&i) {
                frags.push(title);
            }
            pages.push(layout_page(frags, 792.0));
        }
        mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |_| false);
    }

    /// A short document whose chapters each open a page, numbered like the pages: the titles
    /// are set larger than the text, so they are not page numbers; a body-size number line in
    /// the same place is.
    #[test]
    fn chapter_titles_numbered_like_their_pages_are_not_furniture() {
        let titles = ["1 Overview", "2 Installation", "3 Tutorial", "4 Citations"];
        for (size, furniture) in [(14.3, false), (10.0, true)] {
            let mut pages = Vec::new();
            for (i, t) in titles.iter().enumerate() {
                let mut title = frag(72.0, 40.0, 300.0, t);
                title.size = size;
                let mut frags = vec![title];
                for k in 0..8 {
                    let y = 100.0 + 14.0 * k as f32;
                    frags.push(frag(72.0, y, 540.0, &format!("Body line {k} of page {i}.")));
                }
                pages.push(layout_page(frags, 792.0));
            }
            mark_furniture(&mut pages, &PdfConfig::default());
            for p in &pages {
                let l = &p.lines[0];
                assert_eq!(l.furniture, furniture, "{} at {size} pt", l.text);
            }
        }
    }
}

/// A PDF's own outline (bookmarks), flattened in document order: title, depth (1 = top) and
/// 1-based page. Used to score heading detection, never to detect (unless `pdf.use_outline`).
#[cfg(feature = "pdf")]
pub fn outline(bytes: &[u8]) -> Result<Vec<OutlineEntry>, String> {
    let opened = read::open(bytes)?;
    Ok(outline_entries(&opened.doc))
}

/// The outline's entries; none when it is missing or MuPDF cannot read it.
#[cfg(feature = "pdf")]
fn outline_entries(doc: &crate::extract::mupdf_ffi::Doc<'_>) -> Vec<OutlineEntry> {
    doc.outline()
        .into_iter()
        .map(|(title, depth, page)| OutlineEntry { title, depth, page })
        .collect()
}

/// `pdf.use_outline`: the headings are the outline's entries. Each entry, in order, takes the
/// first block after the previous one whose first line reads like its title, on the entry's
/// page or the next; that line becomes a heading at the entry's depth. Detected headings
/// that no entry takes become prose.
#[cfg(feature = "pdf")]
fn headings_from_outline(canonical: &str, blocks: &mut [Block], entries: &[OutlineEntry]) {
    use crate::model::{BlockType, HeadingInfo, HeadingSource};
    // A short block whole (a number line and its title), else nothing.
    let first_line = |b: &Block| {
        let t = &canonical[b.off_begin..b.off_end];
        if t.len() <= 200 && t.lines().filter(|l| !l.trim().is_empty()).count() <= 2 {
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        } else {
            String::new()
        }
    };
    let mut taken = vec![false; blocks.len()];
    let mut from = 0;
    for e in entries {
        let hit = (from..blocks.len()).find(|&i| {
            let b = &blocks[i];
            let line = first_line(b);
            !line.is_empty()
                && match (e.page, b.page) {
                    (Some(p), Some(q)) => q == p || q == p + 1,
                    _ => true,
                }
                && titles_alike(&e.title, &line)
        });
        if let Some(i) = hit {
            let line = first_line(&blocks[i]);
            let b = &mut blocks[i];
            b.kind = BlockType::Heading;
            b.heading = Some(Box::new(HeadingInfo {
                level: e.depth.clamp(1, 6) as u8,
                title: line,
                source: HeadingSource::Outline,
                anchor: None,
            }));
            taken[i] = true;
            from = i + 1;
        }
    }
    for (b, t) in blocks.iter_mut().zip(taken) {
        if !t && b.kind == BlockType::Heading {
            b.kind = BlockType::Prose;
            b.heading = None;
        }
    }
}

/// One entry of an outline, or one detected heading.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineEntry {
    pub title: String,
    pub depth: u32,
    pub page: Option<u32>,
}

/// How detected headings compare with a true outline.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OutlineScore {
    pub truth: usize,
    pub found: usize,
    /// Detected headings matched to an outline entry (title alike, page within one).
    pub matched: usize,
    /// Matches whose depth is within one level of the entry's.
    pub depth_ok: usize,
    /// Unmatched headings that are numbered subsections of a matched heading under which the
    /// outline lists nothing (`2.2.1 @Chapter name` under `2.2 Other documentation
    /// comments` when the outline stops at depth 2): headings an outline-made truth cannot
    /// list. They count as unmatched; this says how many of those there are.
    pub below_outline: usize,
    /// Outline entries for the document's navigation pages, which no detector should make
    /// headings of (the issue: contents and index pages never produce headings): the titles
    /// `Contents`, `Index`, `List of Figures` and the like, and the index's letters (`A`,
    /// `B`, … under `Index`). They count in `truth`; this says how many there are, and how
    /// many of them were matched.
    pub navigation: usize,
    pub navigation_matched: usize,
}

impl OutlineScore {
    pub fn add(&mut self, o: OutlineScore) {
        self.truth += o.truth;
        self.found += o.found;
        self.matched += o.matched;
        self.depth_ok += o.depth_ok;
        self.below_outline += o.below_outline;
        self.navigation += o.navigation;
        self.navigation_matched += o.navigation_matched;
    }
    /// Recall over the outline entries other than navigation ones.
    pub fn recall_without_navigation(&self) -> f64 {
        (self.matched - self.navigation_matched) as f64
            / (self.truth - self.navigation).max(1) as f64
    }
    pub fn recall(&self) -> f64 {
        self.matched as f64 / self.truth.max(1) as f64
    }
    pub fn precision(&self) -> f64 {
        self.matched as f64 / self.found.max(1) as f64
    }
}

/// `t`, trimmed, without its section number (`2.1 `, `a) `).
fn without_number(t: &str) -> &str {
    let t = t.trim();
    crate::extract::headings::numbering(t)
        .or_else(|| crate::extract::headings::numbering_lower(t))
        .map_or(t, |n| &t[n.prefix_len.min(t.len())..])
}

/// Title words for matching: lower case, letters and digits, the section number left out.
fn title_words(t: &str) -> Vec<String> {
    without_number(t)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().chars().flat_map(fold_accents).collect())
        .collect()
}

/// [`fold_tonos`], and `ß` spelt `ss` (outlines write `Optische Grossen` for `Optische
/// Größen`).
fn fold_accents(c: char) -> impl Iterator<Item = char> {
    let (a, n) = if c == 'ß' {
        ('s', 2)
    } else {
        (fold_tonos(c), 1)
    };
    std::iter::repeat_n(a, n)
}

/// Accents left out: Greek capitals drop theirs (`Πρόλογος` is set `ΠΡΟΛΟΓΟΣ`), and outlines
/// are often written without them (`Odlisnosti` for `Odlišnosti`).
fn fold_tonos(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' | 'ą' => 'a',
        'č' | 'ć' | 'ç' => 'c',
        'ď' => 'd',
        'é' | 'è' | 'ê' | 'ë' | 'ě' | 'ē' | 'ę' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ł' => 'l',
        'ň' | 'ñ' | 'ń' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ő' => 'o',
        'ř' => 'r',
        'š' | 'ś' => 's',
        'ť' => 't',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        'ά' => 'α',
        'έ' => 'ε',
        'ή' => 'η',
        'ί' | 'ϊ' | 'ΐ' => 'ι',
        'ό' => 'ο',
        'ύ' | 'ϋ' | 'ΰ' => 'υ',
        'ώ' => 'ω',
        'ς' => 'σ',
        c => c,
    }
}

/// `open/1`: a function's name and arity.
fn name_arity(t: &str) -> Option<(&str, usize)> {
    let (name, arity) = t.trim().rsplit_once('/')?;
    let name = name.rsplit_once(':').map_or(name, |(_, f)| f);
    if name.is_empty() || name.contains(char::is_whitespace) {
        return None;
    }
    Some((name, arity.parse().ok()?))
}

/// `open([Host], [Option]) -> …`: the name and the number of arguments of a function's head
/// (commas outside brackets).
fn head_arity(t: &str) -> Option<(&str, usize)> {
    let t = t.trim();
    let open = t.find('(')?;
    let name = t[..open].rsplit_once(':').map_or(&t[..open], |(_, f)| f);
    let (mut depth, mut commas, mut any) = (0i32, 0usize, false);
    for ch in t[open + 1..].chars() {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some((name, if any { commas + 1 } else { 0 })),
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => commas += 1,
            _ => {}
        }
        any |= !ch.is_whitespace();
    }
    None
}

fn titles_alike(a: &str, b: &str) -> bool {
    // The same letters and digits: some outlines drop the blank after the number
    // (`1.1Sample Production` for `1.1 Sample Production`).
    let squash = |t: &str| -> String {
        t.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .flat_map(fold_accents)
            .collect()
    };
    let (sa, sb) = (squash(a), squash(b));
    if !sa.is_empty() && sa == sb {
        return true;
    }
    // A function by name and arity (`open/1`, as Erlang manuals outline their entries) for
    // its head on the page (`open([Host]) -> {ok, Handle} | {error, Reason}`).
    if name_arity(a).is_some_and(|f| Some(f) == head_arity(b))
        || name_arity(b).is_some_and(|f| Some(f) == head_arity(a))
    {
        return true;
    }
    // So without the section number, which many outlines leave out (`Odlisnosti od CMfontu`
    // for `2.1 Odlišnosti od CM fontů`).
    let (ua, ub) = (squash(without_number(a)), squash(without_number(b)));
    if ua.chars().count() >= 4 && ua == ub {
        return true;
    }
    // The same but for a label word in front: `Appendix A References` for `A References`.
    let (short, long) = if sa.len() <= sb.len() {
        (&sa, &sb)
    } else {
        (&sb, &sa)
    };
    // Or an appendix letter alone in front (`A Příloha` for `Příloha`).
    if short.len() >= 3 && long.ends_with(short.as_str()) {
        let label = &long[..long.len() - short.len()];
        if ["appendix", "chapter", "section", "part", "annex"].contains(&label)
            || (label.chars().count() == 1 && label.chars().all(char::is_alphabetic))
        {
            return true;
        }
    }
    // The same section number (outlines often shorten titles: `2 Strings` for
    // `2 Strings in TeX and PDF`).
    let number = |t: &str| {
        crate::extract::headings::numbering(t.trim())
            .or_else(|| crate::extract::headings::numbering_lower(t.trim()))
            .map(|n| n.parts)
    };
    let (wa, wb) = (title_words(a), title_words(b));
    if let (Some(na), Some(nb)) = (number(a), number(b)) {
        if na == nb && (na.len() >= 2 || wa.iter().any(|w| wb.contains(w))) {
            return true;
        }
    }
    if wa.is_empty() || wb.is_empty() {
        return false;
    }
    if wa == wb {
        return true;
    }
    let (ja, jb) = (wa.join(" "), wb.join(" "));
    let (short, long) = if ja.len() <= jb.len() {
        (&ja, &jb)
    } else {
        (&jb, &ja)
    };
    if long.starts_with(short.as_str())
        && (short.len() * 10 >= long.len() * 6 || long[short.len()..].starts_with(' '))
    {
        return true;
    }
    // A label in front: `Appendix A Fixture details` for `A Fixture details`.
    if short.contains(' ')
        && long.ends_with(short.as_str())
        && long[..long.len() - short.len()].ends_with(' ')
    {
        return true;
    }
    let common = wa.iter().filter(|w| wb.contains(w)).count();
    common * 10 >= wa.len().max(wb.len()) * 8
}

/// Titles of navigation pages (title words joined by blanks, as `title_words` gives them).
const NAVIGATION_TITLES: [&str; 10] = [
    "contents",
    "table of contents",
    "index",
    "list of figures",
    "list of tables",
    "list of listings",
    "inhaltsverzeichnis",
    "table des matières",
    "indice",
    "obsah",
];

/// Matches detected headings to outline entries in document order: each entry takes the
/// first unmatched heading after the previous match with a like title and a page within one.
pub fn score_outline(truth: &[OutlineEntry], found: &[OutlineEntry]) -> OutlineScore {
    score_and_match_outline(truth, found).0
}

/// `score_outline`, and for each outline entry the detected heading it matched, if any.
pub fn score_and_match_outline(
    truth: &[OutlineEntry],
    found: &[OutlineEntry],
) -> (OutlineScore, Vec<Option<usize>>) {
    let mut matches = vec![None; truth.len()];
    let mut used = vec![false; found.len()];
    let mut s = OutlineScore {
        truth: truth.len(),
        found: found.len(),
        ..Default::default()
    };
    let mut from = 0;
    // Section numbers of matched headings under which the outline goes no deeper.
    let mut leaves: Vec<Vec<u32>> = Vec::new();
    // An index's letter groups: under `Index`, or three or more siblings in a row whatever
    // the index is called (`代码索引` › `Symbols`, `A`, `C`, …).
    let words: Vec<String> = truth
        .iter()
        .map(|t| title_words(&t.title).join(" "))
        .collect();
    let letter = |w: &str| w.chars().count() <= 1 || w == "symbols" || w == "numbers";
    let mut letters = vec![false; truth.len()];
    let mut i = 0;
    while i < truth.len() {
        let mut j = i;
        while j < truth.len() && truth[j].depth == truth[i].depth && letter(&words[j]) {
            j += 1;
        }
        if j - i >= 3 {
            letters[i..j].fill(true);
        }
        i = j.max(i + 1);
    }
    // Depth of the `Index` entry whose children are being read, if any.
    let mut in_index: Option<u32> = None;
    for (ti, t) in truth.iter().enumerate() {
        if in_index.is_some_and(|d| t.depth <= d) {
            in_index = None;
        }
        let words = &words[ti];
        let navigation = letters[ti]
            || in_index.is_some_and(|d| t.depth > d && letter(words))
            || NAVIGATION_TITLES.contains(&words.as_str());
        if words == "index" {
            in_index = Some(t.depth);
        }
        let near = |f: &OutlineEntry| match (t.page, f.page) {
            (Some(a), Some(b)) => a.abs_diff(b) <= 1,
            _ => true,
        };
        let hit = (from..found.len())
            .chain(0..from)
            .find(|&i| !used[i] && near(&found[i]) && titles_alike(&t.title, &found[i].title));
        if navigation {
            s.navigation += 1;
            s.navigation_matched += usize::from(hit.is_some());
        }
        if let Some(i) = hit {
            used[i] = true;
            matches[ti] = Some(i);
            s.matched += 1;
            let leaf = truth.get(ti + 1).is_none_or(|n| n.depth <= t.depth);
            if let Some(n) = crate::extract::headings::numbering(found[i].title.trim()) {
                if leaf {
                    leaves.push(n.parts);
                }
            }
            if t.depth.abs_diff(found[i].depth) <= 1 {
                s.depth_ok += 1;
            }
            from = i + 1;
        }
    }
    s.below_outline = found
        .iter()
        .zip(&used)
        .filter(|(f, &u)| {
            !u && crate::extract::headings::numbering(f.title.trim())
                .or_else(|| crate::extract::headings::numbering_lower(f.title.trim()))
                .is_some_and(|n| {
                    n.parts.len() >= 2 && leaves.contains(&n.parts[..n.parts.len() - 1].to_vec())
                })
        })
        .count();
    (s, matches)
}
