//! MuPDF → fragments, with one MuPDF context per thread (see `mupdf_ffi`), so documents
//! run in parallel on the worker pool.

use super::{
    compose_accent, font_class, is_mark_symbol, mostly, push_char, Drawn, FontClass, Frag,
};
use crate::config::PdfConfig;
use crate::extract::mupdf_ffi::{Char, Doc, Graphic, PageTree, TextPage};
use std::collections::HashMap;

fn class_of(tp: &TextPage<'_>, ch: &Char<'_>, cache: &mut HashMap<usize, FontClass>) -> FontClass {
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
    /// The page tree was damaged (its count wrong, or the root among its own descendants)
    /// and docsweep mended it (see `Doc::mend_page_tree`).
    pub tree_mended: bool,
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
    // A tree whose pages outnumber the root's count (none, a word, too few, more than the
    // file has objects) is damaged: its pages are counted, and the file is flagged as
    // repaired. A tree nested too deep for MuPDF is made flat.
    let counted = doc.page_count();
    let (n, tree_mended) = match doc.mend_page_tree(counted.as_ref().ok().copied()) {
        PageTree::Mended { pages, damaged } => (pages, damaged),
        PageTree::AsIs => (
            counted.map_err(|e| format!("unreadable PDF: page tree: {e}"))?,
            false,
        ),
    };
    Ok(Opened {
        doc,
        pages: n.max(0) as u32,
        tree_mended,
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

impl PageText {
    /// A page with nothing on it (one MuPDF could not read), `height` points high.
    pub fn empty(height: f32) -> PageText {
        PageText {
            frags: Vec::new(),
            width: 612.0,
            height,
            cut: false,
            graphics: Vec::new(),
            links: Vec::new(),
        }
    }
}

/// Page `index` of `doc` read as a [`PageText`].
pub fn page(doc: &Doc<'_>, index: u32, cfg: &PdfConfig) -> Result<PageText, String> {
    let tp = doc
        .text_page(index as i32)
        .map_err(|e| format!("page {}: {e}", index + 1))?;
    // Fonts by their address, for this page alone: the text page holds each of its
    // characters' fonts while it lives, but a font MuPDF frees after it may be followed at the
    // same address by another one (a cache kept over the document gave a later page's
    // characters an earlier font's class, and which ones depended on the allocator).
    let mut fonts: HashMap<usize, FontClass> = HashMap::new();
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
        let mut advances = Advances::default();
        // The spaces inside the fragment: where each stands in its text, and its width as a
        // fraction of the size.
        let mut spaces: Vec<(usize, f32)> = Vec::new();
        // The digits in the fragment: where each stands in its text, and its left edge; noted
        // on lines of a script written right to left only (see [`mend_numbers`]).
        let mut digits: Vec<(usize, f32)> = Vec::new();
        let rtl = l.iter().any(|ch| ch.char().is_some_and(right_to_left));
        let finish = |f: Option<Frag>,
                      sizes: &mut Vec<(f32, u32, u32)>,
                      (bold_n, mono_n, italic_n): (&mut u32, &mut u32, &mut u32),
                      advances: &mut Advances,
                      (spaces, digits): (&mut Placed, &mut Placed),
                      out: &mut Vec<Frag>| {
            if let Some(mut f) = f {
                mend_numbers(&mut f.text, digits);
                let lead = f.text.len() - f.text.trim_start().len();
                let t = f.text.trim();
                if !t.is_empty() {
                    f.text = t.to_string();
                    for s in spaces.iter_mut() {
                        s.0 = s.0.wrapping_sub(lead);
                    }
                    // Letters set apart (`I N H A LT S V E R Z E I C H N I S`): one word.
                    if let Some(cut) = letter_spacing(&f.text, spaces) {
                        f.bold_lead -= cut.iter().filter(|&&p| p < f.bold_lead).count();
                        let mut text = String::with_capacity(f.text.len());
                        let mut from = 0;
                        for p in cut {
                            text.push_str(&f.text[from..p]);
                            from = p + 1;
                        }
                        text.push_str(&f.text[from..]);
                        f.text = text;
                    }
                    // Glyphs of one width, narrow letters and wide ones alike: a monospaced
                    // font whose name and flags do not say so (the fragment is then code, and
                    // its size is that of all its characters).
                    if advances.even() {
                        *mono_n = f.chars;
                    }
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
            spaces.clear();
            digits.clear();
            *bold_n = 0;
            *mono_n = 0;
            *italic_n = 0;
            *advances = Advances::default();
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
                    &mut advances,
                    (&mut spaces, &mut digits),
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
                    &mut advances,
                    (&mut spaces, &mut digits),
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
                None if c == ' ' => {
                    push_space(&mut f.text, &mut spaces, (x1 - x0) / size);
                    prev = None;
                }
                None => {
                    if rtl && is_digit(c) {
                        digits.push((f.text.len(), x0));
                    }
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
                let class = class_of(&tp, ch, &mut fonts);
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
                advances.add(c, (x1 - x0) / size);
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
            &mut advances,
            (&mut spaces, &mut digits),
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

/// Characters of a fragment's text: where each stands in it, and a measure of it (a space's
/// width, a digit's left edge).
type Placed = Vec<(usize, f32)>;

/// A decimal digit of the scripts written right to left or beside them (Latin, Arabic-Indic,
/// Extended Arabic-Indic, N'Ko).
fn is_digit(c: char) -> bool {
    c.is_ascii_digit()
        || ('\u{660}'..='\u{669}').contains(&c)
        || ('\u{6F0}'..='\u{6F9}').contains(&c)
        || ('\u{7C0}'..='\u{7C9}').contains(&c)
}

/// A character of a script written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, their
/// presentation forms), or an Arabic-Indic digit.
fn right_to_left(c: char) -> bool {
    matches!(c, '\u{590}'..='\u{7FF}' | '\u{860}'..='\u{8FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFC}')
}

/// Puts back in order the numbers of a line MuPDF read right to left. It gives the characters
/// of an Arabic or Hebrew line in logical order by reversing them, digits too; but numbers are
/// written left to right in those scripts, so a run of digits (and of single `.`, `,`, `:`,
/// `/` or Arabic decimal and thousands separators between them) whose characters go leftwards
/// on the page is reversed: `٢٩ سبتمبر ٢٠١٩`,
/// not `٩٢ سبتمبر ٩١٠٢`. `digits` are where the text's digits stand and their left edges.
pub(super) fn mend_numbers(text: &mut String, digits: &[(usize, f32)]) {
    // (Positions that are no longer a character's start, had anything rewritten the text
    // since, end a run rather than panic.)
    let end_of = |text: &str, at: usize| {
        text.get(at..)
            .and_then(|r| r.chars().next())
            .map(|c| at + c.len_utf8())
    };
    let mut i = 0;
    while i < digits.len() {
        let mut j = i + 1;
        while j < digits.len() && digits[j].1 < digits[j - 1].1 {
            let gap = end_of(text, digits[j - 1].0).and_then(|e| text.get(e..digits[j].0));
            if !gap.is_some_and(|g| g.is_empty() || matches!(g, "." | "," | ":" | "/" | "٫" | "٬"))
            {
                break;
            }
            j += 1;
        }
        let b = digits[i].0;
        if let Some(e) = end_of(text, digits[j - 1].0).filter(|_| j - i >= 2) {
            if let Some(run) = text.get(b..e).map(|r| r.chars().rev().collect::<String>()) {
                text.replace_range(b..e, &run);
            }
        }
        i = j;
    }
}

/// A space read into a fragment's `text`, `width` wide (a fraction of the size), noted in
/// `spaces`. A space right after a space (a justified line's space glyph, then the gap MuPDF
/// reads where the line moved the next word further) is one space, as wide as both.
pub(super) fn push_space(text: &mut String, spaces: &mut Vec<(usize, f32)>, width: f32) {
    if text.ends_with(' ') {
        if let Some(s) = spaces.last_mut().filter(|s| s.0 + 1 == text.len()) {
            s.1 += width;
        }
        return;
    }
    spaces.push((text.len(), width));
    text.push(' ');
}

/// The spaces to take out of a fragment whose letters are set apart (`\spacedallcaps`,
/// letter-spaced small capitals: `S O M M A R I O`, `DA N K S A G U N G`). Its thin spaces
/// are those no wider than half as much again as its thinnest and under 0.22 of the size;
/// they must be two in three of its spaces or more. They are taken out in runs that join
/// three pieces or more, each one or two letters or digits (a kerned pair: `LT`) or one of
/// `. , - ' ’ &`, two in three of them single (`T E ST`), and either a letter among most of
/// them or a section number's point (`1 . 1`, not a row of figures `1 2 3`); and only when
/// no thin space stands beside a word of three letters or more, so that a line set tight,
/// whose word spaces are all thin, keeps them (`is a 3 x 3 matrix`). The wider spaces
/// between the words stay (`DER QUELLTEXT`); so do thin spaces beside other signs (`x +
/// y`). Hangul is written with spaces between its words and never joins.
pub(super) fn letter_spacing(text: &str, spaces: &[(usize, f32)]) -> Option<Vec<usize>> {
    // Most lines are done here, with nothing allocated: their word spaces are not thin.
    let widths = || spaces.iter().filter(|&&(p, _)| p < text.len()).map(|s| s.1);
    let all = widths().count();
    if all < 3 {
        return None;
    }
    let thinnest = widths().fold(f32::INFINITY, f32::min);
    if thinnest.is_nan() || thinnest <= 0.0 || thinnest.is_infinite() {
        return None;
    }
    let thin = |w: f32| w <= thinnest * 1.5 && w < 0.22;
    if widths().filter(|&w| thin(w)).count() * 3 < all * 2 {
        return None;
    }
    let spaces: Vec<(usize, f32)> = spaces
        .iter()
        .copied()
        .filter(|&(p, _)| p < text.len())
        .collect();
    // Pieces between the spaces: (characters, has a letter, is a mark), or None for
    // anything else.
    let mut bounds = Vec::with_capacity(spaces.len() + 2);
    bounds.push(0);
    bounds.extend(spaces.iter().map(|s| s.0));
    bounds.push(text.len());
    let piece = |k: usize| -> Option<(usize, bool, bool)> {
        let from = if k == 0 { 0 } else { bounds[k] + 1 };
        let t = &text[from..bounds[k + 1]];
        let mut cs = t.chars();
        let word = !t.is_empty() && t.chars().all(|c| c.is_alphanumeric() && !is_hangul(c));
        let mark = matches!(
            (cs.next(), cs.next()),
            (Some('.' | ',' | '-' | '\'' | '’' | '&'), None)
        );
        (word || mark).then(|| (t.chars().count(), t.chars().any(char::is_alphabetic), mark))
    };
    let pieces: Vec<_> = (0..=spaces.len()).map(piece).collect();
    let mut cut = Vec::new();
    // Space k stands between pieces k and k + 1.
    let mut k = 0;
    while k < spaces.len() {
        let short = |p: &Option<(usize, bool, bool)>| p.is_some_and(|p| p.0 <= 2);
        let joins = |k: usize| thin(spaces[k].1) && short(&pieces[k]) && short(&pieces[k + 1]);
        if !joins(k) {
            k += 1;
            continue;
        }
        let from = k;
        while k < spaces.len() && joins(k) {
            k += 1;
        }
        // Spaces from..k join pieces from..=k.
        let run = pieces[from..=k].iter().flatten();
        let n = k - from + 1;
        let single = run.clone().filter(|p| p.0 == 1).count();
        let letters = run.clone().filter(|p| p.1).count();
        let marks = run.clone().filter(|p| p.2).count();
        if n >= 3 && single * 3 >= n * 2 && (letters * 2 > n || (letters == 0 && marks > 0)) {
            cut.extend(spaces[from..k].iter().map(|s| s.0));
        }
    }
    // A line set tight: its word spaces are thin, beside words of three letters or more.
    let beside_word = spaces.iter().enumerate().any(|(k, s)| {
        thin(s.1)
            && [&pieces[k], &pieces[k + 1]]
                .iter()
                .any(|p| p.is_some_and(|p| p.0 >= 3 && p.1))
    });
    (!cut.is_empty() && !beside_word).then_some(cut)
}

/// A Hangul letter or syllable.
fn is_hangul(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}')
}

/// The advance widths of a fragment's glyphs, as fractions of their size: the way to tell a
/// monospaced font that has no name to go by (a Type 3 font of bitmaps, as `dvips` makes).
#[derive(Debug, Clone, Copy, Default)]
struct Advances {
    min: f32,
    max: f32,
    /// Glyphs counted.
    n: u32,
    /// A letter or mark that proportional fonts set narrow (`i`, `l`, `t`, `.`) was seen.
    narrow: bool,
    /// A letter that proportional fonts set wide (`m`, `w`, `o`, `a`) was seen.
    wide: bool,
}

impl Advances {
    fn add(&mut self, c: char, w: f32) {
        if !w.is_finite() || w <= 0.0 {
            return;
        }
        if self.n == 0 {
            (self.min, self.max) = (w, w);
        } else {
            self.min = self.min.min(w);
            self.max = self.max.max(w);
        }
        self.n += 1;
        // Bytes for speed: this runs for every glyph.
        let b = u8::try_from(c).unwrap_or(0);
        self.narrow |= b"iljtfI.,:;!'|".contains(&b);
        self.wide |= b"mwoaenuhbdpqgMWADGHNOQU".contains(&b);
    }

    /// Five glyphs or more, narrow and wide letters among them, all within 6 % of one width.
    fn even(&self) -> bool {
        self.n >= 5 && self.narrow && self.wide && self.max <= self.min * 1.06
    }
}
