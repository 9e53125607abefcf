//! Plain text and OCR text: canonical text and typed blocks from lines alone.
//!
//! The canonical text is the normalized source (see `canonical`) with three kinds of pieces
//! removed, each mapped back to the file:
//! - form feeds: a `\f` starts a new page (pages count from 1 and are set on every block);
//! - page furniture: lines that repeat at the top or bottom of at least
//!   `text.furniture_min_share` of the pages, digits aside (running titles, `Page 3 of 10`,
//!   bare page numbers, dates), in documents with form-feed pages;
//! - hyphenation at line ends, in prose and lists only: `exam-` + `ple` becomes `example` when
//!   the left piece ends in a lower-case letter and the right piece starts with one or a digit.
//!   A hyphen is kept (only the line break goes) when the document writes the hyphenated form
//!   elsewhere and never the joined one, or when the left piece is already a compound
//!   (`state-of-the-` + `art`).
//!
//! Blocks come from blank-line-separated groups of lines: headings (see `headings` for the
//! scoring), tables (pipe, grid, reST simple, CSV-like and space-aligned columns), indented
//! code, lists (`-`, `*`, `•`, `1.`, `a)`, `(i)`), tables of contents (as lists, never
//! headings), captions and prose. A paragraph that runs over a page break stays one block.

use crate::config::{HeadingConfig, TextConfig};
use crate::extract::canonical::{Canonical, SrcMap};
use crate::extract::headings::{self, Candidate, NumberKind, Typography};
use crate::model::{Block, BlockType, HeadingInfo, HeadingSource, TableShape};
use std::collections::{HashMap, HashSet};

/// What a text document gives the rest of the pipeline.
pub struct TextExtraction {
    pub canonical: String,
    pub map: SrcMap,
    pub blocks: Vec<Block>,
    /// Number of form-feed pages; None when the text has no form feed.
    pub pages: Option<u32>,
    /// Lines removed as running headers, footers and page numbers.
    pub furniture_lines: u32,
    /// Words joined across a line-end hyphen.
    pub hyphen_joins: u32,
}

/// What a format with a page layout (PDF) knows about one line of the text it hands over.
#[derive(Debug, Clone, Default)]
pub struct LineHint {
    /// `[x0, y0, x1, y1]` on the page, in points from its top left corner.
    pub bbox: [f32; 4],
    /// The page the line is on (0-based), where the layout moved it to another page's text.
    pub page: u32,
    /// Font size over the body font size, and whether the line is set in bold.
    pub typography: Typography,
    /// The line's font size cluster (document-local), for heading levels.
    pub size_bin: u16,
    /// Centered in its column (and narrower than it).
    pub centered: bool,
    /// Set in a monospaced font: code, never a heading.
    pub mono: bool,
    /// Part of a table the layout found (index into `Hints::tables`).
    pub table: Option<usize>,
    /// A footnote: small type at the foot of a page, after its marker.
    pub footnote: bool,
    /// Pieces of the line set apart by wide gaps (table cells, a number and its title).
    pub cells: u8,
    /// A figure region (images and drawings, with the words set inside them): a figure
    /// block of its own.
    pub figure: bool,
}

/// Per-line layout hints, indexed like the text's lines (`None` for blank lines). With hints,
/// furniture is taken as already removed, headings need typography that stands out from the
/// body, code is what is set in a monospaced font, and tables come from the layout.
#[derive(Debug, Clone, Default)]
pub struct Hints {
    pub lines: Vec<Option<LineHint>>,
    pub tables: Vec<TableShape>,
}

impl Hints {
    /// Whether a line's typography sets it apart from body text (bigger or bold).
    fn stands_out(h: &LineHint) -> bool {
        !h.mono && h.typography.stands_out()
    }
}

#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    /// End of the line's text (before `\n` or `\f`).
    end: usize,
    /// 0-based page.
    page: u32,
    /// Leading spaces.
    indent: usize,
    blank: bool,
    removed: bool,
}

/// A reference entry's first line: a declaration (`class tables.Row`), a call
/// (`Row.append()`), a dotted or snake-case name; not a capitalized word of prose or a title.
fn signature_like(t: &str) -> bool {
    let first = t.split_whitespace().next().unwrap_or("");
    t.starts_with(|ch: char| ch.is_lowercase())
        || t.contains('(')
        || first.as_bytes().windows(3).any(|w| {
            w[0].is_ascii_alphanumeric()
                && matches!(w[1], b'.' | b'_')
                && w[2].is_ascii_alphanumeric()
        })
}

/// The length of a lower-case label and the blanks after it (`a) `, `iv. `) before a title
/// that starts with a capital.
fn lower_label(t: &str) -> Option<usize> {
    // A list's letter or roman label (`list_marker`'s families 3 and 4), not in parentheses.
    if t.starts_with('(') || !matches!(list_marker(t), Some(3 | 4)) {
        return None;
    }
    let end = t.find([')', '.'])?;
    let title = t[end + 1..].trim_start();
    title
        .starts_with(|ch: char| ch.is_uppercase())
        .then(|| t.len() - title.len())
}

/// A list's bullet alone on its line, its item's text set apart by the extraction (`•` /
/// `•` / … over the items, as `pdftotext` gives a list beside a figure).
fn lone_bullet(t: &str) -> bool {
    matches!(t.trim(), "•" | "◦" | "▪" | "‣" | "·")
}

/// The value of a lower-case roman label (`i.`, `iv)`) before a title that starts with a
/// capital, and the length of the label and the blanks after it ([`lower_label`]'s).
fn roman_label(t: &str) -> Option<(u32, usize)> {
    let n = lower_label(t)?;
    let label = t[..n].trim_end().trim_end_matches(['.', ')']);
    // Written the canonical way only (`iiii`, `vv` are no numerals).
    const ROMAN: [&str; 12] = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
    ];
    let v = ROMAN.iter().position(|r| *r == label)?;
    Some((v as u32 + 1, n))
}

/// A section number whose digits the font maps to no character (`\u{FFFD}.\u{FFFD}Script
/// tags`: old-style figures of a subset font without a `ToUnicode` entry): the length of the
/// label and the space after it, when a capital follows.
fn unmapped_label(t: &str) -> Option<usize> {
    let rest = t.trim_start_matches(['\u{FFFD}', '.']);
    let label = &t[..t.len() - rest.len()];
    let title = rest.trim_start();
    (label.starts_with('\u{FFFD}') && title.starts_with(|ch: char| ch.is_uppercase()))
        .then(|| t.len() - title.len())
}

/// Blocks looked back over for the last heading (a man page's credits section, a roman
/// sub-item's lettered title): the bound keeps those rules linear on a long text without
/// headings.
const LAST_HEADING_SCAN: usize = 400;

/// Longest line looked at as a heading, table row or furniture, in bytes. Longer lines are
/// prose whatever they hold, which keeps every rule linear on one-line files.
const MAX_SHAPE_LINE: usize = 400;

/// A sentence of three words or more that trails off into an ellipsis after a word
/// (`This format can...`): a lead-in to the list under it.
fn ellipsis_lead_in(l: &str) -> bool {
    l.strip_suffix("...")
        .or_else(|| l.strip_suffix('…'))
        .is_some_and(|r| r.ends_with(char::is_alphabetic))
        && l.split_whitespace().count() >= 3
}

/// Content lines at the start of a text that may hold its contents, title page and the like.
const FRONT_LINES: usize = 120;

/// The longest line of a title wrapped over two or three lines in plain text.
const WRAPPED_TITLE_LINE: usize = 48;

pub fn extract(canon: Canonical, cfg: &TextConfig) -> TextExtraction {
    extract_with(canon, cfg, None)
}

/// [`extract`] with layout hints (see [`Hints`]).
pub fn extract_with(canon: Canonical, cfg: &TextConfig, hints: Option<&Hints>) -> TextExtraction {
    let text = canon.text.as_str();
    let (mut lines, form_feeds) = split_lines(text);
    let has_pages = !form_feeds.is_empty();
    let pages = lines
        .iter()
        .filter(|l| !l.blank)
        .map(|l| l.page + 1)
        .max()
        .unwrap_or(1);
    let mut dels: Vec<(usize, usize)> = form_feeds.iter().map(|&p| (p, p + 1)).collect();
    let mut furniture_lines = 0u32;
    let found = if hints.is_some() {
        Vec::new()
    } else if has_pages && pages as usize >= cfg.furniture_min_pages {
        furniture(text, &lines, pages, cfg)
    } else if has_pages {
        Vec::new()
    } else {
        let mut f = periodic_furniture(text, &lines, cfg);
        f.extend(man_title_lines(text, &lines));
        f.sort_unstable();
        f.dedup();
        f
    };
    // A document that would be furniture and nothing else (the same line on every page) is
    // that line: it keeps it.
    let content = lines.iter().filter(|l| !l.blank).count();
    let found = if found.len() >= content {
        Vec::new()
    } else {
        found
    };
    {
        for i in found {
            let l = &mut lines[i];
            l.removed = true;
            furniture_lines += 1;
            let end = if text.as_bytes().get(l.end) == Some(&b'\n') {
                l.end + 1
            } else {
                l.end
            };
            dels.push((l.start, end));
        }
    }

    let mut p = Parser::new(text, &lines, &cfg.headings);
    p.hints = hints;
    p.run();
    if hints.is_some() {
        p.levels_from_typography();
        p.reference_entries();
        p.layout_boxes();
    } else {
        p.before_contents();
        p.headings_inside_numbered_sections();
    }
    let mut blocks = p.blocks;
    let mut hyphen_joins = 0u32;
    if cfg.hyphenation {
        let (d, n) = hyphenation(text, &lines, &p.content, &blocks, &p.block_lines);
        hyphen_joins = n;
        dels.extend(d);
    }
    dels.sort_unstable();
    // A joined hyphen may span a page break and its furniture: merge overlaps.
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(dels.len());
    for (a, b) in dels {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    let dels = merged;
    let (canonical, map) = canon.map.delete_ranges(text, &dels);
    // Old offsets → new: minus the bytes deleted before them.
    let mut cum = Vec::with_capacity(dels.len());
    let mut total = 0usize;
    for &(a, b) in &dels {
        total += b - a;
        cum.push(total);
    }
    let shift = |off: usize| -> usize {
        let k = dels.partition_point(|&(a, _)| a < off);
        if k == 0 {
            return off;
        }
        let (a, b) = dels[k - 1];
        if off >= b {
            off - cum[k - 1]
        } else {
            // Inside a deletion: where the deletion was.
            a - (cum[k - 1] - (b - a))
        }
    };
    for b in &mut blocks {
        b.off_begin = shift(b.off_begin);
        b.off_end = shift(b.off_end).max(b.off_begin);
        b.src_begin = Some(map.to_src(b.off_begin));
        b.src_end = Some(map.to_src(b.off_end));
        if !has_pages {
            b.page = None;
        }
    }
    blocks.retain(|b| b.off_end > b.off_begin);
    TextExtraction {
        canonical,
        map,
        blocks,
        pages: has_pages.then_some(pages),
        furniture_lines,
        hyphen_joins,
    }
}

/// Lines of the text; a `\f` ends a page (and a line). Returns the form-feed positions too.
fn split_lines(text: &str) -> (Vec<Line>, Vec<usize>) {
    let b = text.as_bytes();
    let mut lines = Vec::new();
    let mut ffs = Vec::new();
    let mut page = 0u32;
    let mut start = 0usize;
    let push = |start: usize, end: usize, page: u32, lines: &mut Vec<Line>| {
        let s = &text[start..end];
        let indent = s.len() - s.trim_start_matches(' ').len();
        lines.push(Line {
            start,
            end,
            page,
            indent,
            blank: s.trim().is_empty(),
            removed: false,
        });
    };
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'\n' => {
                push(start, i, page, &mut lines);
                start = i + 1;
            }
            0x0C => {
                if i > start {
                    push(start, i, page, &mut lines);
                }
                ffs.push(i);
                page += 1;
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < b.len() {
        push(start, b.len(), page, &mut lines);
    }
    (lines, ffs)
}

/// Key under which a line repeats from page to page: its letters only, lower case, so that
/// page numbers, dates and OCR noise in punctuation do not matter (`Page 3 of 10`, `- 3 -`
/// become `pageof`, `#`). None for lines too long to be furniture.
pub(crate) fn furniture_key(s: &str) -> Option<String> {
    let t = s.trim();
    if t.is_empty() || t.len() > 200 {
        return None;
    }
    // A section number alone at the top of a page (`H.1.6`, its title below) is not a running
    // title, however many pages open with one: its digits are its key, so only the same
    // number repeats.
    if appendix_number_alone(t) {
        return Some(t.to_string());
    }
    let k: String = t
        .chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    if k.is_empty() {
        // A section number (`2.1`) under a chapter's title repeats only where page numbers
        // are written that way themselves.
        if t.contains('.') && number_only(t) {
            return Some("#.#".to_string());
        }
        // A bare page number in any dress: "3", "- 3 -", "[3]".
        return t
            .chars()
            .any(|c| c.is_ascii_digit())
            .then(|| "#".to_string());
    }
    // Roman page numbers of front and back matter: "iv", "- xii -".
    if k.len() <= 6 && t.len() <= 12 && k.chars().all(|c| matches!(c, 'i' | 'v' | 'x' | 'l' | 'c'))
    {
        return Some("#".to_string());
    }
    Some(k)
}

/// `7`, `- 7 -`, `[7]`, `iv`: a page number alone, not a section number (`2.1`).
fn bare_page_number(s: &str) -> bool {
    let t = s
        .trim()
        .trim_matches(|c: char| matches!(c, '-' | '–' | '—' | '[' | ']' | '(' | ')' | ' '));
    !t.is_empty()
        && t.len() <= 6
        && (t.bytes().all(|b| b.is_ascii_digit())
            || t.bytes()
                .all(|b| matches!(b, b'i' | b'v' | b'x' | b'l' | b'c')))
}

/// `83 / 123`, `83/123`, `83 of 123`, `Page 83 of 123`: a page's number and the page count.
fn page_of_total(s: &str) -> Option<(i64, i64)> {
    let t = s.trim();
    let t = t
        .strip_prefix("Page ")
        .or_else(|| t.strip_prefix("page "))
        .unwrap_or(t);
    let (n, m) = t.split_once('/').or_else(|| t.split_once(" of "))?;
    let num = |x: &str| {
        let x = x.trim();
        (!x.is_empty() && x.len() <= 5 && x.bytes().all(|b| b.is_ascii_digit()))
            .then(|| x.parse::<i64>().ok())
            .flatten()
    };
    let (n, m) = (num(n)?, num(m)?);
    (n >= 1 && n <= m).then_some((n, m))
}

/// The value of an arabic page number (None for roman ones).
fn page_number_value(s: &str) -> Option<i64> {
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// A markup element's name in angle brackets (`<config>`, `<xsl:param>`), as a reference
/// manual titles the section about it.
fn element_name(t: &str) -> bool {
    t.trim()
        .strip_prefix('<')
        .and_then(|r| r.strip_suffix('>'))
        .is_some_and(|n| {
            n.starts_with(|c: char| c.is_ascii_alphabetic())
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
        })
}

/// A program identifier alone (`amdemod`, `bi2de`, `copy_reg`, `gf_add()`, a class's method
/// `@i2cdev/readRegister`): the title of a reference entry under a section number.
fn identifier_name(t: &str) -> bool {
    let t = t.trim();
    let name = t.strip_suffix("()").unwrap_or(t);
    let name = name.strip_prefix('@').unwrap_or(name);
    (1..=60).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '/'))
}

/// `4 Modules and Views`, `Appendix A Compiler cobc options`: a chapter's number, then a
/// title in words.
fn starts_with_chapter_number(t: &str) -> bool {
    let t = t.trim();
    headings::numbering(t).is_some_and(|n| {
        (n.parts.len() == 1 || matches!(n.kind, NumberKind::Chapter | NumberKind::Appendix))
            && t.get(n.prefix_len..)
                .is_some_and(|r| r.trim_start().starts_with(char::is_alphabetic))
    })
}

/// A section number as the line's second word (`10 3 Replacing TeX's Page Builder`): the
/// number before it is the page's.
fn section_number_second(t: &str) -> bool {
    t.split_whitespace()
        .nth(1)
        .is_some_and(|w| number_only(w) && w != ".")
}

/// `CHAPTER 2`, `Part 3`, `Appendix 4`: a label and its number, nothing else.
fn chapter_label_line(t: &str) -> bool {
    headings::numbering(t)
        .is_some_and(|n| n.kind == NumberKind::Chapter && t.trim().len() <= n.prefix_len)
}

/// A running title's wording without the page number after it.
fn running_form(t: &str) -> &str {
    t.trim()
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end()
}

/// Key of a running title for the chapter-local rule: letters and digits, without the page
/// number and separators at either end (`Chapter 3: Objects 15` and `… 16` agree, `Preface to
/// Version 2.0` and `… 1.1` do not).
fn local_key(s: &str) -> String {
    let edge = |c: char| !c.is_alphabetic();
    s.trim_matches(edge)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Furniture of text paginated with blank lines instead of form feeds (nroff output): a short
/// line standing alone that recurs every `d` lines (d ≥ 20) on at least the configured share
/// of the `len / d` pages.
fn periodic_furniture(text: &str, lines: &[Line], cfg: &TextConfig) -> Vec<usize> {
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.blank);
    let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, l) in lines.iter().enumerate() {
        if l.blank || l.end - l.start > 120 || !blank(i + 1) || (i > 0 && !blank(i - 1)) {
            continue;
        }
        if let Some(k) = furniture_key(&text[l.start..l.end]) {
            by_key.entry(k).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for occ in by_key.values() {
        if occ.len() < 3 {
            continue;
        }
        let mut gaps: HashMap<usize, usize> = HashMap::new();
        for w in occ.windows(2) {
            *gaps.entry(w[1] - w[0]).or_default() += 1;
        }
        let Some((&d, _)) = gaps
            .iter()
            .filter(|(&d, _)| d >= 20)
            .max_by_key(|(&d, &n)| (n, std::cmp::Reverse(d)))
        else {
            continue;
        };
        let mut residues: HashMap<usize, usize> = HashMap::new();
        for &i in occ {
            *residues.entry(i % d).or_default() += 1;
        }
        let (&r, &n) = residues
            .iter()
            .max_by_key(|(&r, &n)| (n, std::cmp::Reverse(r)))
            .unwrap_or((&0, &0));
        let pages = lines.len().div_ceil(d);
        if n >= 3 && n as f64 >= cfg.furniture_min_share * pages as f64 {
            out.extend(occ.iter().copied().filter(|i| i % d == r));
        }
    }
    out
}

/// A man page rendered as one stream: its first line `LS(1)  User Commands  LS(1)` and its
/// last line (`GNU coreutils 9.1  2022  LS(1)`, or `BSD  January 19, 2003  BSD`).
fn man_title_lines(text: &str, lines: &[Line]) -> Vec<usize> {
    let mut content = lines.iter().enumerate().filter(|(_, l)| !l.blank);
    let Some((first, fl)) = content.next() else {
        return Vec::new();
    };
    let tokens: Vec<&str> = text[fl.start..fl.end].split_whitespace().collect();
    let is_ref =
        |t: &str| t.ends_with(')') && t.find('(').is_some_and(|p| p > 0 && p + 2 < t.len());
    let (Some(&a), Some(&z)) = (tokens.first(), tokens.last()) else {
        return Vec::new();
    };
    if tokens.len() < 2 || a != z || !is_ref(a) {
        return Vec::new();
    }
    let mut out = vec![first];
    if let Some((last, ll)) = content.next_back() {
        let t: Vec<&str> = text[ll.start..ll.end].split_whitespace().collect();
        if t.len() >= 2 && (t.last() == Some(&a) || (t.len() >= 3 && t.first() == t.last())) {
            out.push(last);
        }
    }
    out
}

/// Keys of a line's first and last two and three words (letters only, lower case, ten
/// letters or more), for a line longer than them: where a running title's fixed part is.
fn end_keys(t: &str) -> Vec<String> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let letters = |ws: &[&str]| -> String {
        ws.iter()
            .flat_map(|w| w.chars())
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let n = words.len();
    (2..=3)
        .filter(|&k| n > k)
        .flat_map(|k| {
            [
                format!("<{k}{}", letters(&words[..k])),
                format!(">{k}{}", letters(&words[n - k..])),
            ]
        })
        .filter(|key| key.chars().count() >= 12)
        .collect()
}

/// Counts page `p` once in a key's (pages, odd pages, even pages, last page counted).
fn count_page(e: &mut (u32, u32, u32, u32), p: usize) {
    if e.3 != p as u32 {
        e.3 = p as u32;
        e.0 += 1;
        if p.is_multiple_of(2) {
            e.1 += 1;
        } else {
            e.2 += 1;
        }
    }
}

/// Indices of the lines that are page furniture.
fn furniture(text: &str, lines: &[Line], pages: u32, cfg: &TextConfig) -> Vec<usize> {
    // Non-blank lines per page, but specks: OCR reads the marks in a page's margin (`1>`,
    // `3D`, `gp` beside a listing's lines) as lines of one or two characters, and they must
    // not push the running title out of the page's edge. A page number alone is no speck.
    let speck = |l: &Line| {
        let t = &text[l.start..l.end];
        t.chars().filter(|c| c.is_alphanumeric()).count() < 3 && !bare_page_number(t)
    };
    let mut per_page: Vec<Vec<usize>> = vec![Vec::new(); pages as usize];
    for (i, l) in lines.iter().enumerate() {
        if !l.blank && (l.page as usize) < per_page.len() && !speck(l) {
            per_page[l.page as usize].push(i);
        }
    }
    let k = cfg.furniture_zone_lines;
    // (top?, key) → pages it is on, as (all, odd, even) counts with the last page counted.
    let mut counts: HashMap<(bool, String), (u32, u32, u32, u32)> = HashMap::new();
    let mut zone_lines: Vec<(usize, bool, String)> = Vec::new();
    for (p, idx) in per_page.iter().enumerate() {
        let n = idx.len();
        for (j, &i) in idx.iter().enumerate() {
            let top = j < k;
            let bottom = j + k >= n;
            if !top && !bottom {
                continue;
            }
            let t = &text[lines[i].start..lines[i].end];
            // A contents entry with its dot leaders (`2 Usage . . . . 4`) is no running title,
            // and must not make the title it lists one where that opens its page.
            if contents_entry(t) {
                continue;
            }
            let Some(key) = furniture_key(t) else {
                continue;
            };
            for zone in [true, false] {
                if (zone && !top) || (!zone && !bottom) {
                    continue;
                }
                count_page(
                    counts
                        .entry((zone, key.clone()))
                        .or_insert((0, 0, 0, u32::MAX)),
                    p,
                );
                zone_lines.push((i, zone, key.clone()));
            }
        }
    }
    let content_pages = per_page.iter().filter(|v| !v.is_empty()).count() as f64;
    let odd_pages = per_page.iter().step_by(2).filter(|v| !v.is_empty()).count() as f64;
    let even_pages = per_page
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|v| !v.is_empty())
        .count() as f64;
    let share = cfg.furniture_min_share;
    let is_furniture = |c: &(u32, u32, u32, u32)| {
        let all = f64::from(c.0) >= (share * content_pages).max(2.0);
        // Running titles that alternate between left and right pages.
        let odd = odd_pages >= 2.0 && f64::from(c.1) >= (share * odd_pages).max(2.0);
        let even = even_pages >= 2.0 && f64::from(c.2) >= (share * even_pages).max(2.0);
        all || odd || even
    };
    // Running titles that change with the chapter ("Chapter 1: Introduction" on pages 3–9):
    // one of the two outermost lines of a page, of 8 letters or more, on at least 3 pages and on most pages
    // (of its side) between its first and last appearance.
    let mut spans: HashMap<(bool, String), (u32, u32, u32, u8)> = HashMap::new();
    let mut cased: HashMap<(bool, String), u32> = HashMap::new();
    // How often each exact wording of a key's lines occurs, page numbers aside.
    let mut forms: HashMap<(bool, &str), u32> = HashMap::new();
    // How many of a key's lines open with a digit (`28 Gri` on every page is a page number
    // and a running title; `4 Modules and Views` once is a chapter's opening).
    let mut digit_led: HashMap<(bool, String), u32> = HashMap::new();
    for (p, idx) in per_page.iter().enumerate() {
        let n = idx.len();
        let inner_bottom = n.checked_sub(2).and_then(|j| idx.get(j));
        for (zone, i) in [
            (true, idx.first()),
            (true, idx.get(1)),
            (false, idx.last()),
            (false, inner_bottom),
        ] {
            let Some(&i) = i else { continue };
            let t = &text[lines[i].start..lines[i].end];
            let key = local_key(t);
            if t.chars().any(char::is_lowercase) {
                *cased.entry((zone, key.clone())).or_default() += 1;
            }
            *forms.entry((zone, running_form(t))).or_default() += 1;
            if t.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                *digit_led.entry((zone, key.clone())).or_default() += 1;
            }
            let e = spans
                .entry((zone, key))
                .or_insert((0, p as u32, p as u32, 0u8));
            e.0 += 1;
            e.2 = p as u32;
            e.3 |= 1 << (p % 2);
        }
    }
    // A chapter's opening in mixed case where its running titles are set in capitals
    // (`10 Interfacing Prolog and C` under the page number, `200 … 10 INTERFACING PROLOG AND C`
    // on the pages after it) is the heading the running titles repeat, not one of them.
    let opening = |zone: bool, line: usize| {
        let t = &text[lines[line].start..lines[line].end];
        let key = (zone, local_key(t));
        t.chars().any(char::is_lowercase)
            && cased.get(&key).copied() == Some(1)
            && spans.get(&key).is_some_and(|s| s.0 >= 3)
    };
    // A chapter's opening under its number (`4 Modules and Views`, `Appendix A Compiler cobc
    // options`, at the edge of its first page, the top as a rule), where the running titles
    // of the pages after it repeat its words in other dress (`Modules and Views`, `Appendix
    // A: Compiler cobc options 32`).
    let numbered_opening = |zone: bool, line: usize| {
        let t = &text[lines[line].start..lines[line].end];
        let key = (zone, local_key(t));
        // (`104          Chapter 1. The PyTables Core Library` is a page number and a
        // running title, set apart.)
        let digit = t.trim_start().starts_with(|c: char| c.is_ascii_digit());
        starts_with_chapter_number(t)
            && !t.trim().contains("   ")
            && forms.get(&(zone, running_form(t))).copied() == Some(1)
            && (!digit || digit_led.get(&key).copied() == Some(1))
            && spans
                .get(&key)
                .is_some_and(|s| s.0 >= 3 && s.1 == lines[line].page)
    };
    // A line set far right of the margin (centred, as running titles are) may be short:
    // `Reports` over every page of that chapter.
    let centred = |line: usize| lines[line].indent >= 24;
    let local = |zone: bool, line: usize| {
        let key = local_key(&text[lines[line].start..lines[line].end]);
        let min_len = if centred(line) { 4 } else { 8 };
        // Left and right pages may carry different titles: a title on one side only is
        // counted against the pages of that side.
        spans
            .get(&(zone, key.clone()))
            .is_some_and(|&(n, first, last, sides)| {
                let slots = if sides == 3 {
                    last - first + 1
                } else {
                    (last - first) / 2 + 1
                };
                key.len() >= min_len && n >= 3 && f64::from(n) >= share * f64::from(slots)
            })
    };
    // A line of 8 letters or more that the document writes only at the edges of its pages (the
    // two outermost lines), on 3 pages or more: a running title that skips chapter openings
    // and the other side of the spread.
    let mut edge_count: HashMap<String, (u32, u32)> = HashMap::new();
    for idx in &per_page {
        for (j, &i) in idx.iter().enumerate() {
            let Some(key) = furniture_key(&text[lines[i].start..lines[i].end]) else {
                continue;
            };
            if key.len() < 8 {
                continue;
            }
            let e = edge_count.entry(key).or_default();
            e.0 += 1;
            if j < 2 || j + 2 >= idx.len() {
                e.1 += 1;
            }
        }
    }
    // Bare page numbers (`7`, `- 7 -`, `iv`) as the outermost line of a page, on 3 pages or
    // more, wherever the layout puts them (front matter at the foot, body at the head).
    // They go up with the page: an arabic one counts when its value minus the page index is
    // the most common such offset (a chapter number `1` above its title does not fit).
    let page_numbers: Vec<(usize, Option<i64>)> = per_page
        .iter()
        .enumerate()
        .flat_map(|(p, idx)| [idx.first(), idx.last()].map(|i| (p, i)))
        .filter_map(|(p, i)| {
            let i = *i?;
            let t = &text[lines[i].start..lines[i].end];
            bare_page_number(t).then(|| (i, page_number_value(t).map(|v| v - p as i64)))
        })
        .collect();
    let mut offsets: HashMap<i64, usize> = HashMap::new();
    for &(_, o) in &page_numbers {
        if let Some(o) = o {
            *offsets.entry(o).or_default() += 1;
        }
    }
    let best_bare = offsets
        .iter()
        .max_by_key(|(&o, &n)| (n, std::cmp::Reverse(o)))
        .map(|(&o, _)| o);
    // Running titles that carry the page number vote too, where few page numbers stand alone
    // (`3.2 HINT Page Templates 11`, `10 3 Replacing TeX's Page Builder`): a number that ends
    // a page's outermost line, or starts one before a section number; three votes make an
    // offset. (A number that starts a line before words is a chapter's or a slide's, and
    // one after a label is a chapter's, `CHAPTER 2`: they do not vote.)
    let folio = |w: &str| {
        (w.len() <= 5 && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse::<i64>().ok())
            .flatten()
    };
    for (p, idx) in per_page.iter().enumerate() {
        for i in [idx.first(), idx.last()].into_iter().flatten() {
            let t = text[lines[*i].start..lines[*i].end].trim();
            if bare_page_number(t)
                || t.chars().filter(|c| c.is_alphabetic()).count() < 2
                || chapter_label_line(t)
            {
                continue;
            }
            let lead = t
                .split_whitespace()
                .next()
                .filter(|_| section_number_second(t))
                .and_then(folio);
            if let Some(v) = t.split_whitespace().last().and_then(folio).or(lead) {
                *offsets.entry(v - p as i64).or_default() += 1;
            }
        }
    }
    let best_offset = offsets
        .iter()
        .filter(|(_, &n)| n >= 3)
        .max_by_key(|(&o, &n)| (n, std::cmp::Reverse(o)))
        .map(|(&o, _)| o)
        .or(best_bare);
    let mut page_number_lines: HashSet<usize> = page_numbers
        .iter()
        .filter(|(_, o)| o.is_none() || *o == best_offset)
        .map(|&(i, _)| i)
        .collect();
    // `83 / 123`, `Page 83 of 123`: the page's number over the page count. Extraction puts it
    // wherever the page's reading order does (after a heading at the top, say), so any line of
    // a page counts, when the count is the same and the number goes up with the page on 3
    // pages or more and on a third of them.
    let mut of_total: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (p, idx) in per_page.iter().enumerate() {
        for &i in idx {
            if let Some((n, m)) = page_of_total(&text[lines[i].start..lines[i].end]) {
                of_total.entry((n - p as i64, m)).or_default().push(i);
            }
        }
    }
    let of_total: Vec<usize> = of_total
        .into_values()
        .max_by_key(|v| (v.len(), std::cmp::Reverse(v[0])))
        .filter(|v| v.len() >= 3 && v.len() as f64 * 3.0 >= content_pages)
        .unwrap_or_default();
    page_number_lines.extend(&of_total);
    let number_edges = page_number_lines.len();
    // Keys of the lines at page edges by their last three bytes, so that a page's line
    // looks only at the keys that may end with its own (built when first asked).
    let by_ending = std::cell::OnceCell::new();
    let ending_keys = || {
        by_ending.get_or_init(|| {
            let mut m: HashMap<&[u8], Vec<&String>> = HashMap::new();
            for (_, f) in counts.keys().filter(|(_, f)| f.len() >= 3) {
                m.entry(&f.as_bytes()[f.len() - 3..]).or_default().push(f);
            }
            m
        })
    };
    // Answers by key: a running title with its page number in front repeats one key on
    // every page.
    let answered: std::cell::RefCell<HashMap<String, bool>> = Default::default();
    // A chapter's numbered title whose words end a running title of other pages (`1
    // Introduction` under `Chapter 1: Introduction 2`): its number may equal the page's, and
    // is no page number.
    let chapter_opening = |t: &str| {
        headings::numbering(t).is_some_and(|n| {
            matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
                && t.get(n.prefix_len..)
                    .and_then(furniture_key)
                    .is_some_and(|k| {
                        if let Some(&known) = answered.borrow().get(&k) {
                            return known;
                        }
                        // The key is letters only: a longer key that ends with it is another
                        // line's, one that names the chapter before its title.
                        let found = k.len() >= 3
                            && ending_keys().get(&k.as_bytes()[k.len() - 3..]).is_some_and(
                                |keys| keys.iter().any(|f| f.len() > k.len() && f.ends_with(&k)),
                            );
                        answered.borrow_mut().insert(k, found);
                        found
                    })
        })
    };
    // A running title that carries the page number (`Chapter 6: Contour Plots 27`, `28 Gri`)
    // as the outermost line of a page: its first or last word is the page's number, going up
    // with the page as the bare page numbers do.
    let numbered_running: HashSet<usize> = per_page
        .iter()
        .enumerate()
        .flat_map(|(p, idx)| [idx.first(), idx.last()].map(|i| (p, i)))
        .filter_map(|(p, i)| {
            let i = *i?;
            let t = text[lines[i].start..lines[i].end].trim();
            let fits = |w: Option<&str>| {
                w.and_then(folio)
                    .is_some_and(|v| Some(v - p as i64) == best_offset)
            };
            let words = || t.split_whitespace();
            // A number before words is the page's when a section number follows it (`10 3
            // Replacing TeX's Page Builder`) or its words head other pages too (`28 Gri`); a
            // chapter's title alone at the top of its page (`1 Eldap User's Guide`) may carry
            // the page's number by chance.
            let led = || {
                section_number_second(t)
                    || furniture_key(t)
                        .and_then(|k| counts.get(&(per_page[p].first() == Some(&i), k)))
                        .is_some_and(|c| c.0 >= 2)
            };
            (t.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && ((fits(words().next()) && !chapter_opening(t) && led())
                    || (fits(words().last()) && !chapter_label_line(t))))
            .then_some(i)
        })
        .collect();
    // Lines that agree on the page numbering: three make it a fact.
    let numbered_pages = number_edges + numbered_running.len() >= 3;
    let edge_only = |key: &str| {
        edge_count
            .get(key)
            .is_some_and(|&(all, edge)| edge >= 3 && edge == all)
    };
    // A title at the top of the first page may read like the running title of the pages after
    // it; there it must repeat on enough of the other pages alone.
    let rest_pages = content_pages - 1.0;
    // A chapter's title under its label (`Chapter 3` / `Getting started`): the chapter
    // opening that the running titles repeat, not one of them nor a piece of one. `pos` is
    // the line's place among its page's lines `idx`.
    let under_label = |idx: &[usize], pos: usize| {
        pos > 0 && numbering_prefix_only(&text[lines[idx[pos - 1]].start..lines[idx[pos - 1]].end])
    };
    // A running title whose one part changes with the chapter and whose other part names the
    // book, which OCR reads as one line (`2.3. ubuntu-dev-tool: Werkzeuge … Ubuntu Packaging
    // Guide`): the page's top line, whose last or first two or three words (ten letters or
    // more) open or end the top line of enough pages. Lines that are running titles whole
    // do not count: a chapter's title at a page's top may start with the words of a running
    // title that never changes (`Nagios NRPE Installation` under `Nagios NRPE Documentation`).
    let mut ends: HashMap<String, (u32, u32, u32, u32)> = HashMap::new();
    for (p, idx) in per_page.iter().enumerate() {
        let Some(&i) = idx.first() else { continue };
        let t = &text[lines[i].start..lines[i].end];
        if furniture_key(t)
            .and_then(|k| counts.get(&(true, k)))
            .is_some_and(is_furniture)
        {
            continue;
        }
        for key in end_keys(t) {
            count_page(ends.entry(key).or_insert((0, 0, 0, u32::MAX)), p);
        }
    }
    let shared_end = |i: usize| {
        end_keys(&text[lines[i].start..lines[i].end])
            .iter()
            .any(|k| ends.get(k).is_some_and(|c| c.0 >= 3 && is_furniture(c)))
    };
    let mut out: Vec<usize> = zone_lines
        .into_iter()
        .filter(|(i, zone, key)| {
            let Some(c) = counts.get(&(*zone, key.clone())) else {
                return false;
            };
            // The page's number, alone or in its running title, wherever the page is.
            if numbered_pages && numbered_running.contains(i) {
                return true;
            }
            if lines[*i].page == 0 && *zone && rest_pages >= 2.0 {
                let others = f64::from(c.0 - 1);
                // A first page that carries its page number on top is a page like the others
                // (a window cut out of a book): a running title of its side of the spread
                // (`CHAPTER 3. INTERFACE` on every left page) is one there too.
                // So is one that carries it just under its top line, as the pages after it
                // do (`Chapter 8: Galois Fields` / `31`): there a running title that changes
                // with the chapter is one too.
                let numbered_first = per_page[0].iter().take(2).any(|&f| {
                    let t = &text[lines[f].start..lines[f].end];
                    (numbered_pages && page_number_lines.contains(&f))
                        || (bare_page_number(t)
                            && furniture_key(t)
                                .and_then(|k| counts.get(&(true, k)))
                                .is_some_and(is_furniture))
                });
                let same_side = f64::from(c.1 - 1);
                let outermost = per_page[0].first() == Some(i);
                return others >= (share * rest_pages).max(2.0)
                    || (numbered_first
                        && odd_pages >= 3.0
                        && same_side >= (share * (odd_pages - 1.0)).max(2.0))
                    || (numbered_first && outermost && local(*zone, *i));
            }
            // The outermost line, or the one inside it when that is a running title too (a
            // title wrapped over two lines).
            let idx = &per_page[lines[*i].page as usize];
            let (outer, inner) = if *zone {
                (idx.first(), idx.get(1))
            } else {
                (
                    idx.last(),
                    idx.len().checked_sub(2).and_then(|j| idx.get(j)),
                )
            };
            let pos = idx.iter().position(|x| x == i).unwrap_or(0);
            if under_label(idx, pos) {
                return false;
            }
            // The line inside a running title with the same words is the section's heading
            // under its own running title (`9.8 Symbolic constraints 193` / `9.8 Symbolic
            // constraints`): a page has one running title.
            let under_itself = inner == Some(i)
                && outer.is_some_and(|&o| {
                    local_key(&text[lines[o].start..lines[o].end])
                        == local_key(&text[lines[*i].start..lines[*i].end])
                });
            let edge = outer == Some(i) || inner == Some(i);
            let page_number = numbered_pages && page_number_lines.contains(i);
            page_number
                || (!opening(*zone, *i)
                    && !numbered_opening(*zone, *i)
                    && !under_itself
                    && (is_furniture(c)
                        || (edge && (local(*zone, *i) || edge_only(key)))
                        || (*zone && outer == Some(i) && shared_end(*i))))
        })
        .map(|(i, _, _)| i)
        .collect();
    out.extend(of_total);
    out.sort_unstable();
    out.dedup();
    // A running title that OCR cut in two ("SED(1) User Commands" / "SED(1)"): a zone line
    // whose key starts or ends the key of a running title of the same zone.
    let whole: Vec<(bool, &String)> = counts
        .iter()
        .filter(|(_, c)| is_furniture(c))
        .map(|((zone, key), _)| (*zone, key))
        .collect();
    let mut extra = Vec::new();
    for idx in per_page.iter().skip(1) {
        let n = idx.len();
        for (j, &i) in idx.iter().enumerate() {
            let zone = if j < k {
                true
            } else if j + k >= n {
                false
            } else {
                continue;
            };
            if out.binary_search(&i).is_ok() {
                continue;
            }
            let Some(key) = furniture_key(&text[lines[i].start..lines[i].end]) else {
                continue;
            };
            let part_of = |&(z, f): &(bool, &String)| {
                z == zone && f.len() > key.len() && (f.starts_with(&key) || f.ends_with(&key))
            };
            // A chapter's numbered title (`9 Function Reference`) ends the running title of
            // the pages after it (`Chapter 9: Function Reference`); it is the heading they
            // repeat, not a piece of one. (This spares a piece that OCR cut off with the
            // number, `Chapter 9:`, too; leaving such pieces to this rule lost a heading on
            // a held-out set, totals only.)
            let numbered = || headings::numbering(&text[lines[i].start..lines[i].end]).is_some();
            // A running title that OCR misread on this page (`Nagios NRPE Documenrarion`
            // where other pages read `Nagios NRPE Documentation`): a key of ten letters or
            // more, one letter in eight changed at most.
            let misread = |&(z, f): &(bool, &String)| {
                let most = key.len() / 8;
                z == zone
                    && *f != key
                    && key.len() >= 10
                    && f.len().abs_diff(key.len()) <= most
                    && strsim::levenshtein(f, &key) <= most
            };
            if key.len() >= 3
                && whole.iter().any(|w| part_of(w) || misread(w))
                && !numbered()
                && !under_label(idx, j)
            {
                extra.push(i);
            }
        }
    }
    out.extend(extra);
    out.sort_unstable();
    out.dedup();
    out
}

/// How a heading looked, for levels: numbered headings take their depth from the number,
/// others rank by first appearance of their style (as reStructuredText does with underlines).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Style {
    /// Underline character, and whether the title is overlined too.
    Underline(char, bool),
    /// `*** Title ***`, `=== Title ===`.
    Framed(char),
    Plain {
        caps: bool,
        indent: usize,
    },
}

struct Parser<'a> {
    text: &'a str,
    hints: Option<&'a Hints>,
    lines: &'a [Line],
    cfg: &'a HeadingConfig,
    /// Indices of content lines (non-blank, not removed).
    content: Vec<usize>,
    /// The document's body indentation (most common indent of content lines).
    base_indent: usize,
    blocks: Vec<Block>,
    /// Content-line range (into `content`) of every block.
    block_lines: Vec<(usize, usize)>,
    styles: Vec<Style>,
    last_number: Option<Vec<u32>>,
    /// The number of the last `Chapter N` heading or roman part (`II.`), in plain text:
    /// DocBook numbers the sections of each chapter from 1 again (`Chapter 2. Installation` /
    /// `1. Installation on Linux`). An appendix forgets it.
    chapter_label: Option<u32>,
    /// A section number with its chapter's number in front came under a chapter label
    /// (`Chapter 2` / `2.1 Compiling`): its numbers are whole, not counted within chapters.
    whole_numbers: bool,
    /// The number `in_chapter` completed with its chapter's for the line being tried.
    completed: std::cell::RefCell<Option<Vec<u32>>>,
    /// The last roman part number taken as a chapter label (`II.`).
    roman_label: Option<u32>,
    /// Content lines before this one are already in blocks.
    consumed: usize,
    /// Heading blocks set left of the body text (man pages, RFCs): structure, never terms.
    outdented: HashSet<usize>,
    /// Heading blocks that are a reference entry's function head (see `function_heads`).
    function_heads: HashSet<usize>,
    /// Heading blocks that open a reference entry by its name (see `reference_entry`).
    entry_heads: HashSet<usize>,
    /// How many `Name` lines over a name and purpose the document has (counted once).
    name_entries: std::cell::OnceCell<usize>,
    /// A line centred in capitals at body size passed the layout test for a title (`PRIMARY
    /// HEADING`): the document sets titles in its body type, and centres them.
    centred_caps: std::cell::Cell<bool>,
    /// Section numbers already given to a heading: a second `3.2` is a running title or a
    /// cross-reference, not a new section.
    numbers_seen: HashSet<(u8, Vec<u32>)>,
    /// Lines [`Parser::continued_later`] may still look at: a document of numbers that never
    /// continue one another would otherwise cost 600 lines a line.
    lookahead_budget: std::cell::Cell<usize>,
    /// The first non-blank line of every page after the first (furniture or not).
    page_tops: HashSet<usize>,
    /// How many titles stand over an underline: reStructuredText marks every section so.
    underlined_titles: usize,
    /// The document leaves a blank line only over its titles, each heading the text under it
    /// at its margin (text extracted from a PDF without layout runs its paragraphs together):
    /// the longest a title line may be there, in characters.
    blank_led: Option<usize>,
    /// The text is reStructuredText: titles over underlines and explicit markup (`..
    /// directive::`, `.. _label:`, `.. comment`) at the left margin. Its sections have
    /// adorned titles only.
    restructured: bool,
    /// Content line after a `Contents` heading while its entries run on.
    toc_from: Option<usize>,
    /// Where the first table of contents starts (content line).
    first_contents: Option<usize>,
    toc_numbers: HashSet<(u8, Vec<u32>)>,
    /// The unnumbered titles the table of contents listed, as `toc_title` keys them.
    toc_titles: HashSet<String>,
    /// The lines of the text's front ([`FRONT_LINES`] content lines), as `toc_title` keys
    /// them: where OCR put a contents page's titles before its `Contents` title, or left
    /// that title out, they still name the document's titles.
    front_titles: HashSet<String>,
    /// The numbered entries the table of contents listed, number and title, as `toc_title`
    /// keys them (`9. sequence map`).
    toc_entries: HashSet<String>,
    /// The contents' lines as written: a title that repeats one of them stands once more.
    toc_lines: HashSet<String>,
    /// Contents entries whose titles are written in sentence case, and in title case.
    toc_case: (u32, u32),
    /// Numbered lines (`5.2. Using the output module`) whose titles are written in sentence
    /// case, and in title case.
    numbered_case: (u32, u32),
    /// The last numbered heading was roman (`II. Methods`): letters under it (`A. Data`)
    /// are one level deeper.
    under_roman: bool,
    /// How often each short content line occurs, trimmed, when more than once: the labels a
    /// template repeats (`Public Member Functions` in every class of a reference manual).
    repeated: HashMap<&'a str, u32>,
    /// With layout hints: the font size (over the body's) of the last numbered heading of
    /// each depth (index = number of parts − 1).
    numbered_sizes: Vec<f32>,
    /// Every type size a numbered heading had so far, at any depth.
    numbered_types: Vec<f32>,
    /// See [`Parser::full_line`] (counted once).
    full_line: std::cell::OnceCell<usize>,
    /// Whether the lines of [`Parser::lone_over_paragraph`] are written in sentence case more
    /// often than in title case, twice at least (counted once).
    lone_sentence_case: std::cell::OnceCell<bool>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, lines: &'a [Line], cfg: &'a HeadingConfig) -> Self {
        let content: Vec<usize> = (0..lines.len())
            .filter(|&i| !lines[i].blank && !lines[i].removed)
            .collect();
        // Body indentation: the smallest indent of at least 2 % of the continuation lines (headings sit
        // left of it in man pages and RFCs; option descriptions sit right of it), else the
        // most common one.
        let mut hist: HashMap<usize, usize> = HashMap::new();
        // Continuation lines only: headings are one-line groups or first lines.
        for w in content.windows(2) {
            let (a, b) = (w[0], w[1]);
            if lines[a].page == lines[b].page && lines[a + 1..b].iter().all(|l| l.removed) {
                *hist.entry(lines[b].indent.min(40)).or_default() += 1;
            }
        }
        if hist.is_empty() {
            for &i in &content {
                *hist.entry(lines[i].indent.min(40)).or_default() += 1;
            }
        }
        let mut levels: Vec<(usize, usize)> = hist.into_iter().collect();
        levels.sort_unstable();
        let total: usize = levels.iter().map(|l| l.1).sum();
        let base_indent = levels
            .iter()
            .find(|&&(_, n)| n * 50 >= total && n >= 3)
            .or_else(|| {
                levels
                    .iter()
                    .max_by_key(|&&(i, n)| (n, std::cmp::Reverse(i)))
            })
            .map_or(0, |l| l.0);
        let mut repeated: HashMap<&str, u32> = HashMap::new();
        for &i in &content {
            let t = text[lines[i].start..lines[i].end].trim();
            if t.len() <= 80 {
                *repeated.entry(t).or_default() += 1;
            }
        }
        repeated.retain(|_, n| *n >= 2);
        let front_titles = content
            .iter()
            .take(FRONT_LINES)
            .filter_map(|&i| {
                let t = text[lines[i].start..lines[i].end].trim();
                (t.len() <= 80).then(|| toc_title(t)).flatten()
            })
            .collect();
        // Titles over an underline of their length (`Installation` / `------------`), at the
        // body's margin or left of it (not the column heads of a man page's table).
        let underlined_titles = content
            .windows(2)
            .filter(|w| {
                let (a, b) = (&lines[w[0]], &lines[w[1]]);
                let title = &text[a.start..a.end];
                a.indent <= base_indent
                    && rule_char(title).is_none()
                    && title.chars().any(char::is_alphanumeric)
                    && underline_of(title, &text[b.start..b.end]).is_some()
            })
            .count();
        let explicit_markup = content
            .iter()
            .filter(|&&i| {
                lines[i].indent == 0 && rest_explicit_markup(&text[lines[i].start..lines[i].end])
            })
            .take(2)
            .count();
        // Or its inline markup: roles (`:meth:`__div__``) and named links (`` `Stripe
        // <https://stripe.com>`_ ``), which nothing else writes.
        let inline_markup = || {
            content
                .iter()
                .filter(|&&i| rest_inline_markup(&text[lines[i].start..lines[i].end]))
                .take(3)
                .count()
        };
        // Section numbers of two parts or more over titles in sentence case (`5.2. Using the
        // output module`), and in title case.
        let mut numbered_case = (0, 0);
        for &i in &content {
            let t = text[lines[i].start..lines[i].end].trim();
            let Some(n) = headings::numbering(t).filter(|n| {
                n.parts.len() >= 2 && matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            }) else {
                continue;
            };
            match entry_case(&t[n.prefix_len..]) {
                Some(true) => numbered_case.0 += 1,
                Some(false) => numbered_case.1 += 1,
                None => {}
            }
        }
        let mut p = Parser {
            full_line: std::cell::OnceCell::new(),
            lone_sentence_case: std::cell::OnceCell::new(),
            numbered_case,
            text,
            hints: None,
            lines,
            cfg,
            repeated,
            front_titles,
            underlined_titles,
            blank_led: None,
            restructured: underlined_titles >= 2 && (explicit_markup >= 2 || inline_markup() >= 3),
            content,
            base_indent,
            blocks: Vec::new(),
            block_lines: Vec::new(),
            styles: Vec::new(),
            last_number: None,
            chapter_label: None,
            whole_numbers: false,
            completed: Default::default(),
            roman_label: None,
            consumed: 0,
            outdented: HashSet::new(),
            function_heads: HashSet::new(),
            entry_heads: HashSet::new(),
            name_entries: std::cell::OnceCell::new(),
            centred_caps: std::cell::Cell::new(false),
            numbers_seen: HashSet::new(),
            lookahead_budget: std::cell::Cell::new(1 << 20),
            toc_from: None,
            first_contents: None,
            toc_numbers: HashSet::new(),
            toc_titles: HashSet::new(),
            toc_entries: HashSet::new(),
            toc_lines: HashSet::new(),
            toc_case: (0, 0),
            under_roman: false,
            numbered_sizes: Vec::new(),
            numbered_types: Vec::new(),
            page_tops: {
                let mut tops = HashSet::new();
                let mut page = 0;
                for (i, l) in lines.iter().enumerate() {
                    if !l.blank && l.page > page {
                        page = l.page;
                        tops.insert(i);
                    }
                }
                tops
            },
        };
        p.blank_led = p.blank_led();
        p
    }

    /// Whether the document leaves a blank line only over its titles: of the runs of three
    /// lines or more that follow a blank line, at least 60 % (and 8) start with a short line
    /// that closes no sentence, at the margin of the line under it (`FlySight GPS File
    /// (flysight)` / `This format can...`). Text extracted from a PDF without layout runs its
    /// paragraphs together and keeps the space above its titles so. Returns the longest such
    /// title line: 60 % of the length that four lines in five stay under.
    fn blank_led(&self) -> Option<usize> {
        let len = |c: usize| self.line(c).trim().chars().count();
        let mut lens: Vec<usize> = (0..self.content.len()).map(len).collect();
        if lens.len() < 30 {
            return None;
        }
        let at = lens.len() * 4 / 5;
        let max = *lens.select_nth_unstable(at).1 * 6 / 10;
        let (mut runs, mut led) = (0usize, 0usize);
        let mut k = 0;
        while k < self.content.len() {
            let mut e = k + 1;
            while e < self.content.len() && self.adjacent(e - 1) {
                e += 1;
            }
            // After a blank line on the same page (not a page break).
            let (a, b) = (self.content[k], self.content.get(k + 1).copied());
            let after_blank = k > 0 && {
                let p = self.content[k - 1];
                self.lines[p].page == self.lines[a].page
                    && self.lines[p + 1..a].iter().any(|l| l.blank && !l.removed)
            };
            if let (true, true, Some(b)) = (after_blank, e - k >= 3, b) {
                runs += 1;
                let t = self.line(k).trim();
                if len(k) <= max
                    && self.lines[a].indent == self.lines[b].indent
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                {
                    led += 1;
                }
            }
            k = e;
        }
        (led >= 8 && led * 10 >= runs * 6).then_some(max)
    }

    fn line(&self, c: usize) -> &'a str {
        let l = &self.lines[self.content[c]];
        &self.text[l.start..l.end]
    }

    fn l(&self, c: usize) -> &'a Line {
        &self.lines[self.content[c]]
    }

    /// The layout hint of content line `c`, when the format gave hints.
    fn hint(&self, c: usize) -> Option<&'a LineHint> {
        self.hints?.lines.get(self.content[c])?.as_ref()
    }

    /// With layout hints, a heading must stand out by its typography; without, anything may.
    fn typography_allows(&self, c: usize) -> bool {
        self.hints.is_none() || self.hint(c).is_some_and(Hints::stands_out)
    }

    /// Layout rules for a heading line: it stands out by its typography, or it carries a
    /// section number that continues the sequence (not `1.` alone, which starts lists); it is
    /// no table row (three or more cells, or two without a number), and no lead-in sentence
    /// (`The following command:`) or exclamation.
    fn layout_heading_ok(
        &self,
        c: usize,
        t: &str,
        nb: Option<&headings::Numbering>,
        seq: bool,
    ) -> bool {
        let Some(h) = self.hint(c) else { return false };
        if h.mono || h.cells >= 3 || (h.cells == 2 && nb.is_none()) {
            return false;
        }
        if nb.is_none() && t.ends_with([':', '!']) {
            return false;
        }
        // A line set apart only by italics, right under or over a figure or a table, is its
        // caption (a word processor's caption style with no `Figure 3` label: `Screen shot
        // of JavaMorph` under a screenshot), not a section's title.
        let ty = h.typography;
        let italic_only = ty.italic && !ty.bold && ty.size_ratio < 1.1;
        let graphic = |k: Option<usize>| {
            k.filter(|&k| k < self.content.len())
                .and_then(|k| self.hint(k))
                .is_some_and(|n| n.figure || n.table.is_some())
        };
        if italic_only && nb.is_none() && (graphic(c.checked_sub(1)) || graphic(Some(c + 1))) {
            return false;
        }
        // A display formula's line (`S δ`, `x1 + x2`): letters only one at a time, in a
        // script with case. A title has a word, letters of a script without case (`序`), or capitals
        // spaced out (`I N D E X`).
        let letters: Vec<&str> = t
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        // A capital with digits is a word too (`X86`, `ARM64`); `x2` in a formula is not.
        let worded = letters.iter().any(|w| {
            w.chars().count() >= 2 || w.chars().any(|c| !c.is_uppercase() && !c.is_lowercase())
        }) || t.split(|c: char| !c.is_alphanumeric()).any(|w| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.any(|c| c.is_ascii_digit())
        });
        let spaced_caps =
            letters.len() >= 3 && letters.iter().all(|w| w.chars().all(char::is_uppercase));
        if nb.is_none() && !worded && !spaced_caps {
            return false;
        }
        let centred = h.centered && t.split_whitespace().count() <= 10;
        // A centered line in capitals at body size (`PRIMARY HEADING` in styles that set
        // headings in the body font), and after one, a centred line in title case
        // (`Second-Level Subheading`).
        if !Hints::stands_out(h) && centred && is_caps(t) {
            self.centred_caps.set(true);
        }
        Hints::stands_out(h)
            || (centred
                && (is_caps(t)
                    || (self.centred_caps.get()
                        && h.typography.size_ratio >= 0.95
                        && t.starts_with(char::is_uppercase)
                        && headings::title_case(t))))
            || nb.is_some_and(|n| {
                seq && (n.parts.len() >= 2
                    || matches!(
                        n.kind,
                        NumberKind::Bare | NumberKind::Chapter | NumberKind::Appendix
                    ))
            })
    }

    /// A heading known by its look alone (no number, no underline) between two numbered
    /// headings, the second a subsection, lies inside the section of the first
    /// (`2.1.2 glp_mincost_lp — …`, then `Description`, `Returns`, then `2.1.3 …`): one level
    /// under it, where the rank of its look alone would set it at the top and the next
    /// numbered heading under it. Before a numbered heading of the first level (`Part Two`
    /// between chapters 2 and 3) it keeps its rank: no numbered heading goes under it. Nor
    /// does it go inside when the numbered headings on either side lie in two chapters
    /// (`1.1 More about …`, then `Algorithms for almost crystallographic groups`, then `2.2
    /// Betti numbers`): it is the title of the second chapter, set apart by its look alone.
    fn headings_inside_numbered_sections(&mut self) {
        let heads = self.heading_blocks();
        // Each numbered heading's depth and chapter (a number of one part at a deeper level
        // counts within its chapter).
        let numbered: Vec<Option<(u8, Option<u32>)>> = heads
            .iter()
            .map(|&i| {
                self.blocks[i]
                    .heading
                    .as_ref()
                    .filter(|h| h.source == HeadingSource::Numbering)
                    .map(|h| {
                        let chapter = headings::numbering(&h.title)
                            .filter(|n| n.parts.len() >= 2)
                            .map(|n| n.parts[0]);
                        (h.level, chapter)
                    })
            })
            .collect();
        // The depth and chapter of the next numbered heading after each heading.
        let mut next = vec![None; heads.len()];
        for k in (0..heads.len().saturating_sub(1)).rev() {
            next[k] = numbered[k + 1].or(next[k + 1]);
        }
        let mut last: Option<(u8, Option<u32>)> = None;
        for (k, &i) in heads.iter().enumerate() {
            let h = self.blocks[i].heading.as_mut().unwrap();
            match (h.source, last, next[k]) {
                (HeadingSource::Numbering, ..) => last = numbered[k],
                (HeadingSource::Style, Some((d, before)), Some((n, after)))
                    if n >= 2 && !matches!((before, after), (Some(b), Some(a)) if a != b) =>
                {
                    h.level = (d + 1).min(6)
                }
                _ => {}
            }
        }
    }

    /// Heading levels from typography (layout hints only): a style (size cluster, bold) that
    /// numbered headings use takes their most common depth; another style goes one level
    /// under the bigger style its headings most often follow (the nearest heading before each
    /// in a bigger style), at 1 when none is bigger, and beside it when all of them follow
    /// that style's last heading and have headings under them in turn (parts set smaller
    /// after a manual's first sections).
    fn levels_from_typography(&mut self) {
        // Contents, lists of figures and tables, and the index: navigation pages, not
        // sections of the document (their own titles included).
        for b in &mut self.blocks {
            let nav = b.heading.as_ref().is_some_and(|h| {
                let t = h.title.trim().trim_end_matches(':').to_lowercase();
                is_contents_title(&t)
                    || t.starts_with("list of ")
                    || t.starts_with("index of ")
                    || [
                        "índice",
                        "indice",
                        "index",
                        // Word's and LibreOffice's default titles of their indexes.
                        "table of figures",
                        "alphabetical index",
                        "illustration index",
                        "table of objects",
                    ]
                    .contains(&t.as_str())
            });
            if nav {
                b.kind = BlockType::Prose;
                b.heading = None;
            }
        }
        self.front_matter();
        self.levels_by_style();
    }

    /// Title, authors, affiliations and dates above the first section of a typeset document:
    /// headings on the first page before the first numbered heading or known section name
    /// (`Abstract`, `Introduction`, `Contents`), when that comes on the first two pages or the
    /// first page holds too few lines to be more than a title page.
    fn front_matter(&mut self) {
        self.title_block();
        let heads = self.heading_blocks();
        let Some(real) = heads.iter().position(|&i| self.opens_named_section(i)) else {
            return;
        };
        let title_page = self
            .content
            .iter()
            .filter(|&&i| self.lines[i].page == 0)
            .count()
            < 25;
        if self.l(self.block_lines[heads[real]].0).page > 1 && !title_page {
            return;
        }
        for &i in &heads[..real] {
            if self.l(self.block_lines[i].0).page == 0 {
                self.unhead(i);
            }
        }
    }

    /// The pages before a table of contents near a paged document's start (title page,
    /// copyright, revision history: `COLLABORATORS`, `WRITTEN BY`) hold no sections: their
    /// headings found by look alone are text, but for named sections (`Abstract`, `Preface`).
    fn before_contents(&mut self) {
        // (A `Contents` line that ends the text starts contents past its last line.)
        let Some(from) = self.first_contents.filter(|&f| f < self.content.len()) else {
            return;
        };
        let page = self.l(from).page;
        let last_page = self.content.last().map_or(0, |&c| self.lines[c].page);
        if page == 0 || page > 5 || page * 3 > last_page {
            return;
        }
        for i in self.heading_blocks() {
            let c = self.block_lines[i].0;
            if self.l(c).page < page
                && !self.opens_named_section(i)
                && !is_contents_title(self.line(c))
            {
                self.unhead(i);
            }
        }
    }

    /// Block `i`, taken for a heading, is text after all.
    fn unhead(&mut self, i: usize) {
        self.blocks[i].kind = BlockType::Prose;
        self.blocks[i].heading = None;
    }

    /// Indices of the heading blocks so far.
    fn heading_blocks(&self) -> Vec<usize> {
        (0..self.blocks.len())
            .filter(|&i| self.blocks[i].kind == BlockType::Heading)
            .collect()
    }

    /// Heading block `i` opens a section of the document proper: numbered, or one of the
    /// section names (`Abstract`, `Introduction`).
    fn opens_named_section(&self, i: usize) -> bool {
        self.blocks[i].heading.as_ref().is_some_and(|h| {
            h.source == HeadingSource::Numbering
                || self
                    .cfg
                    .section_names
                    .iter()
                    .any(|n| h.title.trim_end_matches(':').eq_ignore_ascii_case(n))
        })
    }

    /// The lines under a document's title on its first page, before its first numbered or
    /// named section (`Abstract`, `Introduction`), that are set centered, or are a person's
    /// name, in a type no heading after the first page has: its authors, their affiliations, a
    /// date, a version. They name the document, they open no section. The title itself is left
    /// to [`Self::front_matter`].
    fn title_block(&mut self) {
        let heads = self.heading_blocks();
        let page = |p: &Self, i: usize| p.l(p.block_lines[i].0).page;
        let style = |p: &Self, i: usize| {
            p.hint(p.block_lines[i].0)
                .map(|h| (h.size_bin, h.typography.bold))
        };
        let later: Vec<_> = heads
            .iter()
            .filter(|&&i| page(self, i) > 0)
            .map(|&i| style(self, i))
            .collect();
        // A one-page document: no later type to tell sections from the title's lines by.
        if later.is_empty() {
            return;
        }
        for &i in heads.iter().skip(1) {
            if page(self, i) > 0 || self.opens_named_section(i) {
                break;
            }
            let centered = self.hint(self.block_lines[i].0).is_some_and(|h| h.centered);
            let named = self.blocks[i]
                .heading
                .as_ref()
                .is_some_and(|h| person_name(&h.title));
            if (centered || named) && !later.contains(&style(self, i)) {
                self.unhead(i);
            }
        }
    }

    fn levels_by_style(&mut self) {
        // Bigger first; at one size bold first, then centered; italic and upright at one size
        // and weight in the order the document first uses them (a parent's style comes before
        // its children's: LibreOffice sets its second level in bold italic over a bold third,
        // LaTeX classes set a bold upright section over a bold italic paragraph).
        let style = |p: &Self, i: usize| -> Option<(u16, bool, bool, bool)> {
            let (a, e) = p.block_lines[i];
            // A reference entry's heading is set as its `Name` label, over the body type.
            let h = if p.entry_heads.contains(&i) {
                p.hint(a)?
            } else {
                p.hint(e - 1).or_else(|| p.hint(a))?
            };
            Some((
                h.size_bin,
                h.typography.bold,
                h.centered,
                !h.typography.italic,
            ))
        };
        let heads = self.heading_blocks();
        type Style = (u16, bool, bool, bool);
        let sts: Vec<Option<Style>> = heads.iter().map(|&i| style(self, i)).collect();
        let mut depths: HashMap<Style, HashMap<u8, u32>> = HashMap::new();
        let mut styles: Vec<Style> = Vec::new();
        for (&i, &st) in heads.iter().zip(&sts) {
            let Some(st) = st else { continue };
            if !styles.contains(&st) {
                styles.push(st);
            }
            let h = self.blocks[i].heading.as_ref().unwrap();
            if h.source == HeadingSource::Numbering {
                *depths.entry(st).or_default().entry(h.level).or_default() += 1;
            }
        }
        // Stable: `styles` is in order of first use.
        styles.sort_by_key(|s| std::cmp::Reverse((s.0, s.1, s.2)));
        let rank: HashMap<Style, usize> = styles.iter().enumerate().map(|(k, s)| (*s, k)).collect();
        // Each heading's parent: the nearest heading before it in a bigger style (a stack of
        // headings in ever smaller styles).
        let mut parents: HashMap<Style, Vec<Option<usize>>> = HashMap::new();
        let mut last: HashMap<Style, usize> = HashMap::new();
        let mut stack: Vec<usize> = Vec::new();
        for (k, st) in sts.iter().enumerate() {
            let Some(st) = st else { continue };
            while stack
                .last()
                .is_some_and(|&t| rank[&sts[t].unwrap()] >= rank[st])
            {
                stack.pop();
            }
            parents.entry(*st).or_default().push(stack.last().copied());
            stack.push(k);
            last.insert(*st, k);
        }
        // Styles some heading of which is a parent.
        let parents_of: std::collections::HashSet<Style> = parents
            .values()
            .flatten()
            .flatten()
            .map(|&h| sts[h].unwrap())
            .collect();
        // The document's title: the first heading, alone in its style (its style's last).
        let title = sts
            .first()
            .copied()
            .flatten()
            .filter(|s| last[s] == 0)
            .map(|_| 0usize);
        let mut level_of: HashMap<Style, u8> = HashMap::new();
        for st in &styles {
            let level = match depths.get(st) {
                Some(d) => {
                    *d.iter()
                        .max_by_key(|&(l, n)| (*n, std::cmp::Reverse(*l)))
                        .unwrap()
                        .0
                }
                None => {
                    // Under the style most of its headings fall under; beside it when they
                    // all come after that style's last heading and head sections of their
                    // own (a word processor's parts set smaller after a few bigger sections),
                    // unless that heading is the title or its style is numbered.
                    let ps = &parents[st];
                    let mut by_style: HashMap<Style, usize> = HashMap::new();
                    for p in ps.iter().flatten() {
                        *by_style.entry(sts[*p].unwrap()).or_default() += 1;
                    }
                    match by_style
                        .iter()
                        .max_by_key(|&(s, n)| (*n, std::cmp::Reverse(rank[s])))
                        .map(|(s, _)| *s)
                    {
                        None => 1,
                        Some(p) => {
                            let pl = level_of[&p];
                            let beside = !depths.contains_key(&p)
                                && parents_of.contains(st)
                                && ps
                                    .iter()
                                    .flatten()
                                    .filter(|&&h| sts[h] == Some(p))
                                    .all(|&h| h == last[&p] && Some(h) != title);
                            if beside {
                                pl
                            } else {
                                (pl + 1).min(6)
                            }
                        }
                    }
                }
            };
            level_of.insert(*st, level);
        }
        for (&i, st) in heads.iter().zip(&sts) {
            let Some(st) = st else { continue };
            let h = self.blocks[i].heading.as_mut().unwrap();
            if h.source != HeadingSource::Numbering {
                h.level = level_of[st];
            }
        }
        // The document's title (the first heading, alone in the biggest style) stays a
        // heading: the section it opens holds the document, as a Markdown file's `# Title`
        // does, and outlines that list the title find it (unless it is a paper's front
        // matter, see `front_matter`).
    }

    /// The headings of a reference entry's parts (`Syntax`, `Description`, set as its
    /// `Name` is) go one level under the entry's heading (see `reference_entry`), until a
    /// heading above it.
    fn reference_entries(&mut self) {
        let mut level = None;
        for (i, b) in self.blocks.iter_mut().enumerate() {
            let Some(h) = b.heading.as_mut() else {
                continue;
            };
            if self.entry_heads.contains(&i) {
                level = Some(h.level);
            } else if let Some(l) = level {
                if h.level < l {
                    level = None;
                } else if h.level == l {
                    h.level = (l + 1).min(6);
                }
            }
        }
    }

    /// Page boxes of blocks (layout hints only): the union of their lines' boxes on the page
    /// the block starts on.
    fn layout_boxes(&mut self) {
        for i in 0..self.blocks.len() {
            let (a, e) = self.block_lines[i];
            let page = self.hint(a).map(|h| h.page);
            let mut bb: Option<[f32; 4]> = None;
            for c in a..e {
                if let Some(h) = self.hint(c).filter(|h| Some(h.page) == page) {
                    let r = h.bbox;
                    bb = Some(match bb {
                        None => r,
                        Some(b) => [
                            b[0].min(r[0]),
                            b[1].min(r[1]),
                            b[2].max(r[2]),
                            b[3].max(r[3]),
                        ],
                    });
                }
            }
            self.blocks[i].attrs_mut().bbox = bb;
        }
    }

    /// In a document that leaves blank lines only over its titles, content line `c` is short,
    /// closes no sentence and heads text at its own margin: one of the next three lines is a
    /// sentence or runs longer than a title may, in words (a run of short lines is a table or a
    /// list: `Unary Operators` / `Explanation` / `unary minus`).
    fn heads_run(&self, c: usize) -> bool {
        let Some(max) = self.blank_led else {
            return false;
        };
        let t = self.line(c).trim();
        let indent = self.l(c).indent;
        t.chars().count() <= max
            && !t.ends_with(['.', ',', ';', ':', '!', '?'])
            && c + 1 < self.content.len()
            && self.adjacent(c)
            && self.l(c + 1).indent == indent
            && (c + 1..self.content.len().min(c + 4))
                .take_while(|&k| k == c + 1 || self.adjacent(k - 1))
                .any(|k| {
                    // Text: a sentence, or a line of words longer than a title may be (not a
                    // contents entry's leaders, `. . . . 63`).
                    // A sentence may trail off into an ellipsis after a word (`This format
                    // can...`, over the list it leads into).
                    let l = self.line(k).trim();
                    (l.chars().count() > max
                        && l.chars().filter(|ch| ch.is_alphabetic()).count() * 2 > max)
                        || (l.ends_with(['.', '!', '?'])
                            && !l.ends_with("..")
                            && l.split_whitespace().count() >= 4)
                        || ellipsis_lead_in(l)
                })
    }

    /// Content line `c` is a title right over its first subsection's title, over the text
    /// (`Build changes and issues` / `Strict compilation flags` / `Most of the modules…`):
    /// text extracted from a PDF drops the space between two titles.
    fn stacked_titles(&self, c: usize) -> bool {
        if c + 2 >= self.content.len() || !self.adjacent(c) || !self.adjacent(c + 1) {
            return false;
        }
        let titled = |t: &str| {
            t.chars().count() <= 60
                && t.split_whitespace().count() <= 8
                && t.starts_with(char::is_uppercase)
                && !t.ends_with(['.', ',', ';', ':', '!', '?'])
        };
        let (first, second) = (self.line(c).trim(), self.line(c + 1).trim());
        let third = self.line(c + 2).trim();
        let indent = self.l(c).indent;
        // Two titles the contents list, one over the other, are stacked over any text.
        if titled(first) && titled(second) && self.listed(first) && self.listed(second) {
            return true;
        }
        titled(first)
            && titled(second)
            && third.chars().count() >= 50
            && third.chars().count() * 2 >= 3 * first.chars().count().max(second.chars().count())
            && third.starts_with(char::is_uppercase)
            && self.l(c + 1).indent == indent
            && self.l(c + 2).indent == indent
            // The text goes on as text, not as one more short line (`C - CPU` / `D - Disk` /
            // `E - Environmental data (fan, power, temp), via ipmitool` / `F - NFS Data`).
            && (c + 3 >= self.content.len()
                || !self.adjacent(c + 2)
                || self.line(c + 3).trim().chars().count() >= 40)
    }

    /// `t` names a title the document's table of contents lists (once the contents are over).
    fn listed(&self, t: &str) -> bool {
        !self.toc_titles.is_empty()
            && self.toc_from.is_none()
            && toc_title(t).is_some_and(|k| self.toc_titles.contains(&k))
    }

    /// Content lines `c` and `c + 1` are adjacent: no blank line, no page break between.
    fn adjacent(&self, c: usize) -> bool {
        let (a, b) = (self.content[c], self.content[c + 1]);
        self.lines[a].page == self.lines[b].page && self.lines[a + 1..b].iter().all(|l| l.removed)
    }

    /// Content line `c` starts a page or follows a sentence's end (`stops.`, `(… at
    /// present.)`), not the middle of a sentence that OCR cut into paragraphs.
    fn after_sentence(&self, c: usize) -> bool {
        self.page_break_before(c)
            || self
                .line(c - 1)
                .trim_end()
                .ends_with(['.', '!', '?', ':', ')'])
    }

    /// Content line `c` stands alone in its group, short and open (no closing
    /// punctuation), over a paragraph of three lines or more whose first line starts with a
    /// capital and runs to the text's full line, two thirds longer than `c` at least. In plain
    /// text at the margin, not reStructuredText (whose titles are adorned).
    fn lone_over_paragraph(&self, c: usize) -> bool {
        let n = self.content.len();
        if self.restructured
            || self.base_indent != 0
            || (c > 0 && self.adjacent(c - 1))
            || c + 1 >= n
            || self.adjacent(c)
        {
            return false;
        }
        let t = self.line(c).trim();
        let below = self.line(c + 1).trim();
        let para = (c + 1..n.min(c + 4))
            .take_while(|&k| k == c + 1 || self.adjacent(k - 1))
            .count();
        para >= 3
            && !t.ends_with(['.', ',', ';', ':'])
            && t.len() * 10 <= below.len() * 6
            && below.chars().count() >= self.full_line()
            && below.starts_with(char::is_uppercase)
    }

    /// The length, in characters, a line of the text's paragraphs runs to: four fifths of
    /// the length a quarter of its content lines reach or pass.
    fn full_line(&self) -> usize {
        *self.full_line.get_or_init(|| {
            // Lengths of content lines, 512 characters and more counted together.
            let mut lengths = [0usize; 513];
            for c in 0..self.content.len() {
                lengths[self.line(c).trim().chars().take(512).count()] += 1;
            }
            let mut seen = 0;
            let quarter = lengths
                .iter()
                .enumerate()
                .rev()
                .find(|&(_, &k)| {
                    seen += k;
                    seen * 4 >= self.content.len()
                })
                .map_or(0, |(n, _)| n);
            quarter * 4 / 5
        })
    }

    /// The text's [`Parser::lone_over_paragraph`] lines are written in sentence case more
    /// often than in title case, twice at least: that is how its titles are written.
    fn lone_in_sentence_case(&self) -> bool {
        *self.lone_sentence_case.get_or_init(|| {
            let (mut sentence, mut title) = (0, 0);
            for c in 0..self.content.len() {
                if self.lone_over_paragraph(c) {
                    match entry_case(self.line(c)) {
                        Some(true) => sentence += 1,
                        Some(false) => title += 1,
                        None => {}
                    }
                }
            }
            sentence >= 2 && sentence > title
        })
    }

    /// A page ends between content lines `c - 1` and `c`: a form feed or removed furniture.
    fn page_break_before(&self, c: usize) -> bool {
        let (a, b) = (self.content[c - 1], self.content[c]);
        self.lines[a].page != self.lines[b].page || self.lines[a + 1..b].iter().any(|l| l.removed)
    }

    /// Groups: maximal runs of adjacent content lines, as `[first, end)` into `content`.
    /// In reStructuredText, a title may follow an indented block with no blank line between
    /// (the last line of a `.. code::` block, then `Raising exceptions` over its tildes):
    /// docutils ends the block at the margin and reads the title. The group splits there.
    fn groups(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = 0;
        for c in 0..self.content.len() {
            if c > start && self.restructured && self.title_after_indented_block(c) {
                out.push((start, c));
                start = c;
            }
            if c + 1 == self.content.len() || !self.adjacent(c) {
                out.push((start, c + 1));
                start = c + 1;
            }
        }
        out
    }

    /// Whether content line `c`, at the margin under an indented line of its group, starts an
    /// adorned title: title and underline, or overline, title and the same rule.
    fn title_after_indented_block(&self, c: usize) -> bool {
        let n = self.content.len();
        if c + 1 >= n || self.l(c).indent != 0 || self.l(c - 1).indent == 0 || !self.adjacent(c) {
            return false;
        }
        let (first, second) = (self.line(c), self.line(c + 1));
        if rule_char(first).is_none() {
            return underline_of(first, second).is_some();
        }
        rule_char(second).is_none()
            && c + 2 < n
            && self.adjacent(c + 1)
            && rule_char(self.line(c + 2)) == rule_char(first)
    }

    fn run(&mut self) {
        let groups = self.groups();
        // A `Contents` title taken for page furniture (it heads every page of the contents)
        // still starts the table of contents.
        let first_title = self
            .lines
            .iter()
            .position(|l| is_contents_title(&self.text[l.start..l.end]));
        if let Some(i) = first_title {
            if !self.content.contains(&i) {
                self.toc_from = Some(self.content.partition_point(|&c| c < i));
            }
        }
        for gi in 0..groups.len() {
            let (mut start, end) = groups[gi];
            // A number line before may have taken this group's first line as its title.
            start = start.max(self.consumed);
            if start >= end {
                continue;
            }
            // A document's title right over `Contents` and its entries (`tex2mn manual` /
            // `Table of Contents` / `Reading the manual . . . 1`) is a group of its own.
            if end - start >= 3
                && !is_contents_title(self.line(start))
                && is_contents_title(self.line(start + 1))
            {
                let mut rest = vec![(start + 1, end)];
                rest.extend_from_slice(&groups[gi + 1..]);
                start += self.group(start, start + 1, Some((start + 1, end)), &rest);
            }
            // `Contents` over the first entries, with no blank line between (`Contents` /
            // `1 License`): the table of contents starts here.
            // An underlined `Contents` heads a section of its own (reStructuredText's hand-made
            // contents list): the entries start under its underline.
            if end - start >= 2 && is_contents_title(self.line(start)) {
                let underlined = underline_of(self.line(start), self.line(start + 1)).is_some();
                self.start_contents(if underlined { start + 2 } else { start });
            }
            let figure = self.hint(start).is_some_and(|h| h.figure);
            let next = groups.get(gi + 1).copied();
            if !figure && (self.is_toc(start, end) || self.in_toc_region(start, end, next)) {
                self.push_toc(start, end);
                continue;
            }
            // A `Contents` line starts the table of contents whatever block it becomes (in text
            // extracted from a PDF it often stands alone, in capitals, on the title pages).
            if end - start == 1 && is_contents_title(self.line(start)) {
                self.start_contents(end);
            }
            // A group may be consumed in parts: a heading, then the rest of its lines.
            while start < end {
                start += self.group(start, end, groups.get(gi + 1).copied(), &groups[gi + 1..]);
            }
        }
        self.demote_term_runs();
    }

    /// Four or more headings in a row found by style alone, of one style, each over at most
    /// two lines of body: the terms of a definition list (`SWIGPYTHON` / one line on it), not
    /// sections; with a layout, two or more whose text is indented under them, however long.
    /// They become prose, but for one set bigger than the run's median where the layout gives
    /// sizes (a chapter's title over its first entry's terms).
    fn demote_term_runs(&mut self) {
        let heads = self.heading_blocks();
        let body_lines = |k: usize| -> usize {
            let end = heads.get(k + 1).copied().unwrap_or(self.blocks.len());
            (heads[k] + 1..end)
                .map(|b| self.block_lines[b].1 - self.block_lines[b].0)
                .sum()
        };
        let style_of = |h: usize| {
            let b = &self.blocks[h];
            b.heading
                .as_ref()
                .filter(|i| {
                    i.source == HeadingSource::Style
                        && !self.outdented.contains(&h)
                        && !self.function_heads.contains(&h)
                        && !self.entry_heads.contains(&h)
                })
                .map(|i| i.level)
        };
        // With a layout, a term of a description list: a heading found by its type (bold or
        // italic) at body size whose text is indented under it, by a line's height or more, where the page's text stands
        // at the term's margin elsewhere (`Status` over `The current status, one of the
        // following:`; `Revision 3, released on Aug 15, 2016` over its changes). A document
        // that sets all its text right of its titles has no text at their margin.
        let indented_body = |k: usize| -> bool {
            let h = heads[k];
            let end = heads.get(k + 1).copied().unwrap_or(self.blocks.len());
            let c0 = self.block_lines[h].0;
            let Some(t) = self.hint(c0) else {
                return false;
            };
            let (x, em) = (t.bbox[0], t.bbox[3] - t.bbox[1]);
            t.typography.size_ratio < 1.1
                && h + 1 < end
                && {
                    let (a, b) = self.block_lines[h + 1];
                    (a..b).all(|c| self.hint(c).is_some_and(|n| n.bbox[0] >= x + em))
                }
                && (c0.saturating_sub(80)..(c0 + 80).min(self.content.len())).any(|c| {
                    c != c0
                        && self.hint(c).is_some_and(|n| {
                            n.page == t.page
                                && !Hints::stands_out(n)
                                && !n.mono
                                && (n.bbox[0] - x).abs() < 2.0
                        })
                })
        };
        let mut demote = Vec::new();
        let mut k = 0;
        while k < heads.len() {
            let Some(level) = style_of(heads[k]) else {
                k += 1;
                continue;
            };
            let mut end = k;
            // A reference entry's heading among its parts' labels leaves the run whole.
            while end < heads.len()
                && (self.entry_heads.contains(&heads[end])
                    || (style_of(heads[end]) == Some(level)
                        && (body_lines(end) <= 2 || indented_body(end))))
            {
                end += 1;
            }
            // Four short ones in a row are terms; so are two whose text is indented under
            // them, however long it runs. Titles the contents list, half of them or more, are
            // sections however short (`Protocol` / `Requests` / `Events` / `Errors`, each
            // over a line).
            let listed = heads[k..end]
                .iter()
                .filter(|&&h| {
                    self.blocks[h]
                        .heading
                        .as_ref()
                        .is_some_and(|i| self.listed(&i.title))
                })
                .count();
            if (end - k >= 4 || (end - k >= 2 && (k..end).all(indented_body)))
                && listed * 2 < end - k
            {
                // With a layout, the terms share one type: a chapter's title set bigger
                // among them (`Primitive Types` over a reference entry's `Name`, `Syntax`)
                // stays a heading.
                let size = |h: usize| {
                    self.hint(self.block_lines[h].0)
                        .map_or(0.0, |t| t.typography.size_ratio)
                };
                let run = &heads[k..end];
                let mut sizes: Vec<f32> = run.iter().map(|&h| size(h)).collect();
                sizes.sort_by(f32::total_cmp);
                let median = sizes[sizes.len() / 2];
                demote.extend(run.iter().copied().filter(|&h| size(h) <= median * 1.15));
            }
            k = end.max(k + 1);
        }
        // A reference entry's heading stays, its parts' labels around it go.
        demote.retain(|h| !self.entry_heads.contains(h));
        for h in demote {
            self.unhead(h);
        }
    }

    /// After a `Contents` heading, text extracted from a PDF may spread each entry over lines of
    /// its own (`2.1` / `Default Runtime Environment` / `. . . .` / `1`). Until a paragraph
    /// comes, or a section number comes round again (the first real heading), or
    /// `TOC_MAX_LINES` lines have passed, groups belong to the table of contents.
    fn in_toc_region(&mut self, start: usize, end: usize, next: Option<(usize, usize)>) -> bool {
        let Some(from) = self.toc_from.filter(|&f| start >= f) else {
            return false;
        };
        let lines: Vec<&str> = (start..end).map(|c| self.line(c).trim()).collect();
        let entry = |l: &str| toc_line(l) || ends_with_leaders(l) || leaders_only(l);
        // A line of a paragraph: more words than an entry holds.
        let prose_line = |l: &str| l.split_whitespace().count() > 10 && !entry(l);
        let paragraph = lines.iter().any(|l| prose_line(l))
            || (lines.len() >= 2
                && lines.iter().filter(|l| l.len() > 50 && !entry(l)).count() >= 2);
        // A chapter's label counts as the bare number the contents gave it (`1 Primitive
        // Permutation Groups` there, `Chapter 1` / `Primitive Permutation Groups` here).
        let again = headings::numbering(lines[0]).is_some_and(|n| {
            let bare = n.kind == NumberKind::Chapter
                && chapter_word(lines[0])
                && self.toc_numbers.contains(&(0, n.parts.clone()));
            !self.toc_numbers.insert(number_key(&n)) || bare
        });
        // So does a number alone over its title, when the contents listed both on one line
        // (`1` / `Overview` after `1 Overview`): the chapter starts here.
        let again = again
            || (lines.len() == 1
                && number_only(lines[0])
                && next.is_some_and(|(a, _)| {
                    toc_title(&format!("{} {}", lines[0], self.line(a).trim()))
                        .is_some_and(|k| self.toc_entries.contains(&k))
                }));
        // An unnumbered title the contents listed, alone over a paragraph, comes round again:
        // the chapter it names starts here (`Introduction` over its first paragraph).
        // So is one right over a line of text (`License` / `Copyright © 2020 …`).
        let text_line = |l: &str| l.split_whitespace().count() >= 4 && !entry(l);
        let over_prose = next.is_some_and(|(a, b)| (a..b).any(|c| prose_line(self.line(c).trim())));
        let listed = !entry(lines[0])
            && toc_title(lines[0]).is_some_and(|k| self.toc_titles.contains(&k))
            && ((lines.len() == 1 && over_prose) || (lines.len() >= 2 && text_line(lines[1])));
        // So is one wrapped to two or three lines (a chapter's title set large).
        let listed = listed
            || (over_prose
                && self.wrapped_title(start, end)
                && toc_title(&self.joined(start, end))
                    .is_some_and(|k| self.toc_titles.contains(&k)));
        // Typeset text: a line that stands out and is no entry starts the document proper;
        // so does an underlined title.
        let standout = !toc_line(lines[0]) && self.hint(start).is_some_and(Hints::stands_out);
        let underlined = lines.len() >= 2 && underline_of(lines[0], lines[1]).is_some();
        if paragraph || again || listed || standout || underlined || start > from + TOC_MAX_LINES {
            self.toc_from = None;
            return false;
        }
        true
    }

    /// A table of contents starts at content line `from`: what an earlier one listed is
    /// forgotten.
    fn start_contents(&mut self, from: usize) {
        self.toc_from = Some(from);
        self.first_contents.get_or_insert(from);
        self.toc_numbers.clear();
        self.toc_titles.clear();
        self.toc_entries.clear();
        self.toc_lines.clear();
        self.toc_case = (0, 0);
    }

    /// A table-of-contents group: a list, joined to the list right before it.
    fn push_toc(&mut self, start: usize, end: usize) {
        if self.toc_from.is_some() {
            // Entries seen here: the same number later is the real heading.
            for c in start..end {
                if let Some(sentence) = entry_case(self.line(c)) {
                    if sentence {
                        self.toc_case.0 += 1;
                    } else {
                        self.toc_case.1 += 1;
                    }
                }
                if let Some(n) = headings::numbering(self.line(c)) {
                    self.toc_numbers.insert(number_key(&n));
                    self.toc_entries.extend(toc_title(self.line(c)));
                } else if let Some(k) = toc_title(self.line(c)) {
                    self.toc_titles.insert(k);
                    self.toc_lines.insert(self.line(c).trim().to_string());
                }
            }
        }
        let joined = self
            .blocks
            .last()
            .is_some_and(|b| b.kind == BlockType::List)
            && self
                .block_lines
                .last()
                .is_some_and(|r| self.toc_from.is_some() && r.1 <= start);
        if joined {
            self.extend_last(end);
        } else {
            self.push(BlockType::List, start, end, None);
        }
    }

    /// Table-of-contents group: most lines end in a page number after dot leaders or a gap.
    fn is_toc(&self, a: usize, b: usize) -> bool {
        let n = (a..b).filter(|&c| toc_line(self.line(c))).count();
        n >= 2 && n * 2 >= b - a
    }

    /// Handles the start of group `[start, end)`; returns how many lines it used.
    fn group(
        &mut self,
        start: usize,
        end: usize,
        next: Option<(usize, usize)>,
        rest: &[(usize, usize)],
    ) -> usize {
        let n = end - start;
        let first = self.line(start);
        if self.hint(start).is_some_and(|h| h.figure) {
            self.push(BlockType::Figure, start, start + 1, None);
            return 1;
        }
        // A blank line, the start of a page, or a heading right above.
        let blank_before = start == 0
            || !self.adjacent(start - 1)
            || (self
                .blocks
                .last()
                .is_some_and(|b| b.kind == BlockType::Heading)
                && self.block_lines.last().is_some_and(|r| r.1 == start));
        // Overline + title + underline, or title + underline (same indentation).
        if n >= 3 {
            if let (Some(o), Some(u)) =
                (rule_char(self.line(start)), rule_char(self.line(start + 2)))
            {
                if o == u
                    && self.try_heading(
                        start + 1,
                        blank_before,
                        Some(Style::Underline(u, true)),
                        next,
                    )
                {
                    return 3;
                }
            }
        }
        if n >= 2 {
            let under = underline_of(first, self.line(start + 1)).or_else(|| {
                self.restructured
                    .then(|| rest_short_underline(first, self.line(start + 1)))
                    .flatten()
            });
            if let Some(u) = under {
                if self.l(start).indent.abs_diff(self.l(start + 1).indent) <= 1
                    && self.try_heading(start, blank_before, Some(Style::Underline(u, false)), next)
                {
                    return 2;
                }
            }
        }
        // A reference entry's `Name` over its name and purpose, in one group or two.
        let purpose = if n == 1 {
            next
        } else {
            Some((start + 1, start + 2))
        };
        if self.reference_entry(start, purpose) {
            return self.consumed.saturating_sub(start).clamp(1, n);
        }
        // An entry's `Name` label may close the group of the text above it (`None.` / `Name`).
        if n >= 2 && self.names_entry(end - 1, next).is_some() {
            return self.body(start, end - 1);
        }
        // A reference entry's function heads over their `Types:` or their text.
        if blank_before && self.hints.is_some() {
            let k = self.function_heads(start, end, next);
            if k > 0 {
                return k;
            }
        }
        let follow = if n == 1 { next } else { Some((start + 1, end)) };
        // A section number alone on its line, its title on the next non-blank line (text
        // extracted from PDFs): `1.1` / `Linear programming problem`, `Chapter 1` / `Intro`.
        if n == 1 && (number_only(first) || self.next_appendix_letter(first).is_some()) {
            if let Some((na, nb)) = next {
                let title_follow = if nb - na == 1 {
                    rest.get(1).copied()
                } else {
                    Some((na + 1, nb))
                };
                if self.try_numbered_title(start, na, na + 1, blank_before, title_follow) {
                    self.consumed = na + 1;
                    return 1;
                }
                // A title wrapped to two or three short lines of a group of their own
                // (`Chapter 5` / `Service functions of the Congruence` / `package`).
                if self.wrapped_chapter_title(start, na, nb)
                    && self.try_numbered_title(start, na, nb, blank_before, rest.get(1).copied())
                {
                    self.consumed = nb;
                    return 1;
                }
            }
        }
        // A chapter's label right over its title in one group (`Chapter 1` / `Beginner's
        // guide`): one heading of both lines.
        if n >= 2 && numbering_prefix_only(first) {
            let title_follow = if n == 2 { next } else { Some((start + 2, end)) };
            if self.try_numbered_title(start, start + 1, start + 2, blank_before, title_follow) {
                return 2;
            }
        }
        // A title the contents listed, wrapped to two or three lines of a group of its own
        // over a paragraph (`The Almost` / `Crystallographic` / `Groups Package`: a chapter's
        // title set large, as pdftotext gives it).
        if blank_before
            && self.wrapped_title(start, end)
            && next
                .is_some_and(|(a, b)| (a..b).any(|c| self.line(c).split_whitespace().count() > 10))
        {
            let joined = self.joined(start, end);
            // Or, past the front, when the front has the same words on one line (OCR's
            // contents, their title read after them: `The automorphism group method`), and
            // the text does not repeat them on lines of their own (a table's head, `Feature`
            // / `setting`, wrapped in one place and not in others).
            let in_front = start >= FRONT_LINES
                && self.repeated.get(joined.as_str()).is_none_or(|&n| n <= 2)
                && toc_title(&joined).is_some_and(|k| self.front_titles.contains(&k));
            if self.listed(&joined) || in_front {
                let style = Style::Plain {
                    caps: is_caps(&joined),
                    indent: self.l(start).indent,
                };
                let info = HeadingInfo {
                    level: self.style_level(style),
                    title: joined.split_whitespace().collect::<Vec<_>>().join(" "),
                    source: HeadingSource::Style,
                    anchor: None,
                };
                self.push(BlockType::Heading, start, end, Some(info));
                return n;
            }
        }
        // Set in as far as a code block, a frame or an underline is the program's output
        // (`===== FAILURES =====`), not a title.
        let code_deep = self.l(start).indent >= self.base_indent + 4;
        if let Some(c) = framed(first).filter(|_| !code_deep) {
            if self.try_heading(start, blank_before, Some(Style::Framed(c)), follow) {
                return 1;
            }
        }
        // A one-line group, or the first line of a group when it stands out from the lines
        // after it: set left of them, numbered, or in capitals above flush text.
        let outdented_first = n >= 2
            && self.l(start).indent < self.base_indent.max(1)
            && self.l(start + 1).indent > self.l(start).indent;
        let second = if n >= 2 { self.line(start + 1) } else { "" };
        let continues_sentence = second.trim_start().starts_with(|c: char| c.is_lowercase());
        let short = first.trim().len() * 10 <= second.trim().len() * 7;
        let first_in_sequence = n >= 2 && self.numbered_in_sequence(start);
        // A chapter number next in sequence over a first line that starts a sentence.
        let chapter_next =
            n >= 2 && blank_before && !continues_sentence && self.chapter_in_sequence(start);
        // A chapter's label and title (`Chapter 1. Introduction`) over anything.
        let labelled = headings::numbering(first).is_some_and(|nb| {
            matches!(nb.kind, NumberKind::Chapter | NumberKind::Appendix)
                && nb.prefix_len < first.trim().len()
                && !is_part(first)
        });
        // A subsection that continues the numbering, over its first line of text (`5.4
        // Conversion Functions` / `float mpfr_get_flt (…)`, `9.2.2 amdemod` / `m = amdemod (s,
        // fc, fs)`), as inside a group.
        // (Or over the bullets of a list whose items the extraction set apart.)
        let numbered_first = first_in_sequence
            || chapter_next
            || (n >= 2
                && headings::numbering(first)
                    .is_some_and(|nb| !matches!(nb.kind, NumberKind::Letter | NumberKind::Roman))
                && (short || labelled || lone_bullet(second) || {
                    // A title right above its first subsection ("2 Structure" / "2.1 Syntax").
                    let here = headings::numbering(first).map(|nb| nb.parts);
                    let below = headings::numbering(second).map(|nb| nb.parts);
                    matches!((here, below), (Some(h), Some(b))
                        if b.len() > h.len() && headings::continues(Some(&h), &b))
                }));
        // A roman chapter number next in sequence over its first section (`XI. Tools` /
        // `1. Ligation` / the text): text from a PDF drops the space between the two titles.
        let roman_over_first = n >= 2
            && self.hints.is_none()
            && headings::numbering(first).is_some_and(|nb| {
                nb.kind == NumberKind::Roman
                    && nb.parts.len() == 1
                    && self.roman_label.is_some_and(|r| r + 1 == nb.parts[0])
            })
            && headings::numbering(second).is_some_and(|nb| {
                nb.parts == [1] && matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
            });
        let short_first = n >= 2
            && short
            && !first.trim_end().ends_with(['.', ',', ';', ':'])
            && second.trim_start().starts_with(|c: char| c.is_uppercase())
            && self.l(start + 1).indent <= self.l(start).indent;
        // Where blank lines stand only over titles, the group's first line may be one over a
        // shorter line (`FlySight GPS File (flysight)` / `This format can...`).
        let led_first = n >= 2 && blank_before && self.heads_run(start);
        let stacked_first = n >= 3 && blank_before && self.stacked_titles(start);
        // A title right over a callout's label (`Text formatting` / `NOTE`, as AsciiDoc
        // typesets an admonition that opens a section).
        let over_callout = n == 2 && blank_before && headings::callout_label(second, self.cfg);
        let caps_first = n >= 2
            && is_caps(first)
            && first.trim().chars().count() <= 40
            && self.l(start + 1).indent <= self.l(start).indent;
        // A chapter's label and title wrapped over the lines of a group of its own
        // (`Chapter 2. Peer-to-Peer` / `Communication by Means of` / `Selections`): one
        // heading of them all. The title must read as cut off: a line before the last ends in
        // a word that needs the next (`of`, `and`) or a hyphen; `Chapter 3. Configuration` /
        // `General Options` are a chapter and its first section.
        let cut_off = |c: usize| {
            let t = self.line(c).trim_end();
            t.ends_with('-') || headings::ends_with_function_word(t)
        };
        if labelled
            && (2..=3).contains(&n)
            && (start..end - 1).any(cut_off)
            && self.hints.is_none()
            && (start + 1..end).all(|c| {
                let t = self.line(c).trim();
                t.split_whitespace().count() <= 6
                    && t.chars().count() <= 40
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                    && !list_marker_start(t)
                    && headings::numbering(t).is_none()
                    && self.l(c).indent.abs_diff(self.l(start).indent) <= 2
            })
            && self.try_heading(start, blank_before, None, next)
        {
            self.extend_last(end);
            let rest: Vec<&str> = (start + 1..end)
                .flat_map(|c| self.line(c).split_whitespace())
                .collect();
            if let Some(h) = self.blocks.last_mut().and_then(|b| b.heading.as_mut()) {
                h.title = format!("{} {}", h.title, rest.join(" "));
            }
            return n;
        }
        if (n == 1
            || outdented_first
            || caps_first
            || short_first
            || led_first
            || stacked_first
            || over_callout
            || roman_over_first
            || (numbered_first && (!continues_sentence || first_in_sequence)))
            && !self.numbered_list_run(start, n, rest)
            && !self.continues_list(start)
            && self.try_heading(start, blank_before, None, follow)
        {
            return 1;
        }
        // A numbered title too long for its line, its last words on the next, alone over a
        // blank line (`2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS`
        // / `format`): one heading of both lines.
        if n == 2
            && self.wrapped_numbered_title(start)
            && self.try_heading(start, blank_before, None, next)
        {
            self.extend_last(start + 2);
            let rest = self
                .line(start + 1)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(h) = self.blocks.last_mut().and_then(|b| b.heading.as_mut()) {
                h.title = format!("{} {rest}", h.title);
            }
            return 2;
        }
        // A numbered heading inside the group (text extracted from PDFs without blank lines
        // around headings): the lines before it are body, it starts over.
        if let Some(m) = (start + 1..end)
            .find(|&c| self.numbered_in_sequence(c) || (c + 1 == end && self.number_in_sequence(c)))
        {
            return self.body(start, m);
        }
        self.body(start, end)
    }

    /// Content line `c` is a long numbered title that continues the numbering of the headings
    /// so far, and the line under it, the last of its group, a few words that end it (see
    /// `group`): not a paragraph's first lines.
    fn wrapped_numbered_title(&self, c: usize) -> bool {
        if self.hints.is_some()
            || c + 1 >= self.content.len()
            || !self.adjacent(c)
            || (c + 2 < self.content.len() && self.adjacent(c + 1))
        {
            return false;
        }
        let t = self.line(c).trim();
        let rest = self.line(c + 1).trim();
        let Some(n) = headings::numbering(t).or_else(|| headings::numbering_lower(t)) else {
            return false;
        };
        matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            && n.parts.len() >= 2
            && headings::continues(self.last_number.as_deref(), &n.parts)
            && t.chars().count() >= 50
            && t.chars().count() <= self.cfg.max_chars
            && !t.ends_with(['.', ',', ';', ':'])
            && self.l(c + 1).indent == self.l(c).indent
            && {
                // A first line of 65 characters or more may leave more on the next (`2.1.6
                // glp_mincost_relax4 — solve minimum cost flow problem with relaxation` /
                // `method of Bertsekas and Tseng (RELAX-IV)`).
                let (words, len) = (rest.split_whitespace().count(), rest.chars().count());
                let first = t.chars().count();
                (words <= 4 && len * 10 <= first * 4)
                    || (first >= 65 && words <= 7 && len * 10 <= first * 6)
            }
            && !rest.ends_with(['.', ',', ';', ':', '!', '?'])
    }

    /// Content line `c` is a section number alone that continues the numbering of the
    /// headings so far (`H.1.3` as the last line of a paragraph, its title after the blank
    /// line below; a version `7.88.0.` ending a sentence in a text without numbered headings
    /// is not one). One number may have been missed in between (`7.2.5` after `7.2.3`): one
    /// title that fails its own test must not take the sections after it down with it.
    fn number_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        self.last_number.is_some()
            && number_only(t)
            && headings::numbering(&format!("{t} Title")).is_some_and(|nb| {
                nb.parts.len() >= 2
                    && (headings::continues(self.last_number.as_deref(), &nb.parts)
                        || headings::continues_past_one(self.last_number.as_deref(), &nb.parts))
            })
    }

    /// Content line `c` is a subsection title that continues the numbering of the headings so
    /// far (`2.1 ASN.1 syntax` after `2 ASN.1 structure handling`, `9.1.9 2012` after `9.1.8
    /// 2011`); `2. Header line` in the middle of a paragraph is a list item, so one-part
    /// numbers never count here.
    fn numbered_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        if t.len() > 80 || !t.starts_with(|ch: char| ch.is_ascii_digit()) {
            return false;
        }
        // A markup element's name is a title too (`5.7.1.1 <config>`), and so is a function's
        // (`9.2.2 amdemod` over its calls, in a reference ordered by name).
        let named = |t: &str| element_name(t) || identifier_name(t);
        let element = || headings::numbering_lower(t).filter(|nb| named(&t[nb.prefix_len..]));
        headings::numbering(t).or_else(element).is_some_and(|nb| {
            matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
                && nb.parts.len() >= 2
                && headings::continues(self.last_number.as_deref(), &nb.parts)
                && (named(&t[nb.prefix_len..])
                    || headings::year_span(&t[nb.prefix_len..])
                    || (t[nb.prefix_len..].starts_with(|ch: char| ch.is_uppercase())
                        && headings::title_shape(
                            &t[nb.prefix_len..],
                            self.cfg.max_words,
                            self.cfg.max_chars,
                        )))
        })
    }

    /// A chapter number next after the last heading's (`3. Detail tree` … `4. Special menus`),
    /// its title set as one: the title of a section whose text starts with a short line (a
    /// table's first cell, `Displayed are` over bullets). The items of a numbered list whose
    /// numbers happen to continue a title's are left to `numbered_list_run` and
    /// `continues_list`.
    fn chapter_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        let Some(nb) = headings::numbering(t) else {
            return false;
        };
        let title = &t[nb.prefix_len..];
        // Under a chapter label, `4.` is section 4 of that chapter (see `in_chapter`).
        let single = nb.parts.len() == 1;
        let nb = self.in_chapter(nb);
        matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
            && single
            && self
                .last_number
                .as_deref()
                .is_some_and(|l| l.len() == nb.parts.len())
            && headings::continues(self.last_number.as_deref(), &nb.parts)
            && title.starts_with(|ch: char| ch.is_uppercase())
            && !title.trim_end().ends_with(['.', ',', ';', ':'])
            && headings::title_shape(title, self.cfg.max_words, self.cfg.max_chars)
    }

    /// Three or more one-line groups in a row, numbered at the same depth in sequence: a
    /// numbered list written with blank lines between items, not headings.
    fn numbered_list_run(&self, start: usize, n: usize, rest: &[(usize, usize)]) -> bool {
        let Some(first) = headings::numbering(self.line(start)) else {
            return false;
        };
        // Three lines in a row of one group, numbered in sequence at one depth (a man page's
        // `1   Version 2 of the Single Unix Specification` / `2   The Open Group …`).
        if n >= 3 {
            let mut prev = first.parts;
            return (start + 1..start + 3).all(|c| {
                headings::numbering(self.line(c)).is_some_and(|nb| {
                    let ok =
                        nb.parts.len() == prev.len() && headings::continues(Some(&prev), &nb.parts);
                    prev = nb.parts;
                    ok
                })
            });
        }
        if n != 1 {
            return false;
        }
        // Chapter titles set large, one to a page (`13 Error Handling`, `14 Installation`,
        // `15 Bugs` on pages of their own), are not a list.
        if self
            .hint(start)
            .is_some_and(|h| h.typography.size_ratio >= 1.15)
        {
            return false;
        }
        let mut prev = first.parts;
        let mut run = 1;
        for &(a, b) in rest.iter().take(2) {
            if b - a != 1 || self.page_break_before(a) {
                break;
            }
            match headings::numbering(self.line(a)) {
                Some(nb)
                    if nb.parts.len() == prev.len()
                        && headings::continues(Some(&prev), &nb.parts) =>
                {
                    prev = nb.parts;
                    run += 1;
                }
                _ => break,
            }
        }
        run >= 3
    }

    /// The line numbers the next item of the list block right before it (`3.` after `1.`,
    /// `2.` with blank lines between).
    fn continues_list(&self, start: usize) -> bool {
        let (Some(prev), Some(&(pa, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        if prev.kind != BlockType::List || pe != start {
            return false;
        }
        let Some(nb) = headings::numbering(self.line(start)) else {
            return false;
        };
        (pa..pe)
            .rev()
            .find_map(|c| headings::numbering(self.line(c)))
            .is_some_and(|p| {
                p.parts.len() == nb.parts.len() && headings::continues(Some(&p.parts), &nb.parts)
            })
    }

    /// Number line `num` + title line `title` as one numbered heading.
    fn try_numbered_title(
        &mut self,
        num: usize,
        title: usize,
        title_end: usize,
        blank_before: bool,
        follow: Option<(usize, usize)>,
    ) -> bool {
        // No number completed for a line tried before stands for this one.
        *self.completed.borrow_mut() = None;
        // A figure is never a title.
        if self.hint(title).is_some_and(|h| h.figure) {
            return false;
        }
        let wrapped: String;
        let t = if title_end > title + 1 {
            wrapped = self.joined(title, title_end);
            wrapped.as_str()
        } else {
            self.line(title).trim()
        };
        let title = title_end - 1;
        // A number line above a line that is numbered itself is a page number or a header;
        // dot leaders right under the title make it a table-of-contents entry
        // (`3.3.1` / `HTML output` / `. . . .` / `13`).
        if t.len() > MAX_SHAPE_LINE
            || numbering_prefix_only(t)
            || headings::numbering(t).is_some()
            || !self.typography_allows(title)
            || ends_with_leaders(t)
            || follow.is_some_and(|(a, _)| leaders_only(self.line(a)))
        {
            return false;
        }
        // A line that runs on in lower case right under it is a cell or a fragment, not a
        // title (`4.8.9` / `Column 2` / `left aligned`, a table that text extraction put
        // between a section number and its title).
        if self.hints.is_none()
            && title + 1 < self.content.len()
            && self.adjacent(title)
            && self
                .line(title + 1)
                .trim_start()
                .starts_with(|c: char| c.is_lowercase())
        {
            return false;
        }
        let joined = format!("{} {}", self.line(num).trim(), t);
        // A lower-case name after a number alone: a section's (`11.177` / `gdcmTagToVR.h`) when
        // the number has two parts or the type sets it apart; under a one-part number in
        // plain text it is a table's cells taken apart (`0` / `ddd` / `Lat/Lon hddd.ddddd`).
        let Some(nb) = headings::numbering(&joined)
            .or_else(|| {
                headings::numbering_lower(&joined)
                    .filter(|n| n.parts.len() >= 2 || self.hints.is_some())
            })
            .or_else(|| {
                self.next_appendix_letter(self.line(num))
                    .map(|parts| headings::Numbering {
                        parts,
                        kind: NumberKind::Appendix,
                        prefix_len: joined.len() - t.len(),
                        lower_title: false,
                    })
            })
        else {
            return false;
        };
        // A number alone over its title is set apart enough that one section missed before it
        // (`7.2.5` / `Linking rules` after `7.2.3`) does not break the sequence.
        let seq = headings::continues(self.last_number.as_deref(), &nb.parts)
            || headings::continues_past_one(self.last_number.as_deref(), &nb.parts)
            || (self.last_number.is_none() && self.continued_later(title + 1, &nb.parts));
        let cand = Candidate {
            text: &joined,
            blank_before,
            blank_after: title + 1 >= self.content.len() || !self.adjacent(title),
            body_follows: follow.is_some_and(|(a, b)| {
                b - a >= 2 || self.line(a).trim().ends_with(['.', '!', '?', ':'])
            }),
            numbering_started: self.last_number.is_some(),
            last_number_parts: self.last_number.as_ref().map_or(0, Vec::len),
            typography: self.hint(title).map(|h| h.typography),
            ..Default::default()
        };
        if self.number_repeats(&nb, self.line(num))
            || headings::score(&cand, Some(&nb), seq, self.cfg) < self.cfg.threshold
        {
            return false;
        }
        self.take_number(&nb, self.line(num), title);
        let info = HeadingInfo {
            level: nb.depth(),
            title: joined.split_whitespace().collect::<Vec<_>>().join(" "),
            source: HeadingSource::Numbering,
            anchor: None,
        };
        self.push(BlockType::Heading, num, title + 1, Some(info));
        true
    }

    /// Content lines `[a, b)`, trimmed, joined by spaces: a title wrapped over them.
    fn joined(&self, a: usize, b: usize) -> String {
        (a..b)
            .map(|c| self.line(c).trim())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The level of a title found by its style: the order in which the document's styles
    /// first head a section.
    fn style_level(&mut self, style: Style) -> u8 {
        let rank = match self.styles.iter().position(|s| *s == style) {
            Some(r) => r,
            None => {
                self.styles.push(style);
                self.styles.len() - 1
            }
        };
        (rank + 1).min(6) as u8
    }

    /// Content lines `[a, b)`, a group of two or three under a chapter's number, are one
    /// title wrapped in plain text (see [`Self::wrapped_title`]).
    fn wrapped_chapter_title(&self, num: usize, a: usize, b: usize) -> bool {
        headings::numbering(&format!("{} Title", self.line(num).trim()))
            .is_some_and(|nb| nb.parts.len() == 1)
            && self.wrapped_title(a, b)
    }

    /// Content lines `[a, b)`, a group of two or three, may be one title wrapped in plain
    /// text: short lines of words, the first capitalized, none closing a clause or a
    /// sentence, none a list item. (A figure's labels or a table's cells, `4` / `6` / `x`,
    /// are no words.)
    fn wrapped_title(&self, a: usize, b: usize) -> bool {
        self.hints.is_none()
            && (2..=3).contains(&(b - a))
            && self.line(a).trim_start().starts_with(char::is_uppercase)
            && (a..b).all(|c| {
                let t = self.line(c).trim();
                let letters = t
                    .chars()
                    .filter(|ch| ch.is_alphabetic() || *ch == ' ')
                    .count();
                t.len() <= WRAPPED_TITLE_LINE
                    && letters * 10 >= t.chars().count() * 9
                    && t.split_whitespace().any(|w| w.chars().count() >= 3)
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                    && headings::numbering(t).is_none()
                    && list_marker(t).is_none()
            })
    }

    /// Whether a section number alone on a line further on continues `parts` (`11.178` after
    /// `11.177`): a text cut out of a longer document starts in the middle of its numbering,
    /// and a number with a lower-case title (`11.177` / `gdcmTagToVR.h File Reference`) is
    /// taken as a heading only in sequence.
    fn continued_later(&self, from: usize, parts: &[u32]) -> bool {
        self.continued_ahead(from, parts, |c| {
            let t = self.line(c).trim();
            number_only(t).then(|| format!("{t} Title"))
        })
    }

    /// Whether a numbered line further on, after text of its own and a blank line, continues
    /// `parts` (`9.7.3 (#\)/1 - constraint NOT` after `9.7.2 fd_reified_in/4`): the same as
    /// [`Self::continued_later`] for a number and its title on one line. Lines in a row
    /// (`192.168.1.1 alpha` / `192.168.1.2 beta`) are a list, not sections.
    fn continued_later_inline(&self, from: usize, parts: &[u32]) -> bool {
        // The line right after the heading is its body, never the next heading.
        self.continued_ahead(from, parts, |c| {
            let t = self.line(c).trim();
            (c > from && t.len() <= MAX_SHAPE_LINE && !self.adjacent(c - 1)).then(|| t.to_string())
        })
    }

    /// Whether one of the 600 content lines from `from` on, as `numbered_text` gives it (a
    /// numbered title, or nothing), continues the two-part-or-deeper number `parts`. The
    /// lookahead of a document is bounded in all: a text of nothing but numbers stays linear.
    fn continued_ahead(
        &self,
        from: usize,
        parts: &[u32],
        numbered_text: impl Fn(usize) -> Option<String>,
    ) -> bool {
        let to = self.content.len().min(from + 600);
        let budget = self.lookahead_budget.get();
        if parts.len() < 2 || from >= to || budget < to - from {
            return false;
        }
        self.lookahead_budget.set(budget - (to - from));
        (from..to).any(|c| {
            numbered_text(c).is_some_and(|t| {
                headings::numbering(&t)
                    .or_else(|| headings::numbering_lower(&t))
                    .is_some_and(|nb| {
                        nb.parts.len() >= 2 && headings::continues(Some(parts), &nb.parts)
                    })
            })
        })
    }

    /// A section number counted within its chapter (`1.` and `1.1.` under `Chapter 2.
    /// Installation`) as the full number it stands for (`2.1`, `2.1.1`) when that reading
    /// continues the numbering: always for a single number (the chapters have labels), for
    /// one of more parts only when it does not continue as it stands.
    fn in_chapter(&self, mut n: headings::Numbering) -> headings::Numbering {
        *self.completed.borrow_mut() = None;
        // (Plain text only: in typeset text nothing was found this way on the development
        // sets, and one more spurious heading on a held-out one, totals only.)
        let (Some(ch), Some(last), false, None) = (
            self.chapter_label,
            self.last_number.as_deref(),
            self.whole_numbers,
            self.hints,
        ) else {
            return n;
        };
        let fits = |p: &[u32]| {
            headings::continues(Some(last), p) || headings::continues_past_one(Some(last), p)
        };
        if matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            && n.parts.len() < 6
            && n.parts[0] >= 1
            && (n.parts.len() == 1 || !fits(&n.parts))
        {
            let full: Vec<u32> = std::iter::once(ch).chain(n.parts.iter().copied()).collect();
            if fits(&full) {
                n.parts = full;
                *self.completed.borrow_mut() = Some(n.parts.clone());
            }
        }
        n
    }

    /// Number `n` of the heading `line` (its title on content line `c`) is taken: it is seen,
    /// and unless a letter, a roman numeral (but a part's, below) or a part, it is the last
    /// number, and the type size of line `c` is that of its depth (a new chapter forgets the
    /// sizes below it).
    fn take_number(&mut self, n: &headings::Numbering, line: &str, c: usize) {
        self.numbers_seen.insert(number_key(n));
        let completed = self.completed.borrow_mut().take();
        // Roman part numbers over sections numbered from 1 in each (`II. DNA` / `1. Open
        // and display DNA`), in plain text: the part's number leads its sections' numbers.
        // Only in roman order, and not a letter after the one before it (`C.` after `B.`).
        let t = line.trim_start().as_bytes();
        let letter_before = t.len() >= 2
            && t[0].is_ascii_uppercase()
            && t[1] == b'.'
            && t[0] > b'A'
            && self
                .numbers_seen
                .contains(&(3, vec![u32::from(t[0] - b'A')]));
        if n.kind == NumberKind::Roman
            && n.parts.len() == 1
            && self.hints.is_none()
            && !self.whole_numbers
            && n.parts[0] == self.roman_label.map_or(1, |r| r + 1)
            && !letter_before
        {
            self.roman_label = Some(n.parts[0]);
            self.chapter_label = Some(n.parts[0]);
            self.last_number = Some(n.parts.clone());
            return;
        }
        if matches!(n.kind, NumberKind::Letter | NumberKind::Roman) || is_part(line) {
            return;
        }
        self.last_number = Some(n.parts.clone());
        // (An appendix's letter counts as a number, `A` as 1: its sections would read as
        // chapter 1's.)
        if n.kind == NumberKind::Chapter && n.parts.len() == 1 && !is_part(line) {
            self.chapter_label = Some(n.parts[0]);
        } else if n.kind == NumberKind::Appendix {
            self.chapter_label = None;
        } else if n.parts.len() >= 2
            && n.parts.first() == self.chapter_label.as_ref()
            && completed.as_ref() != Some(&n.parts)
        {
            self.whole_numbers = true;
        }
        if let Some(h) = self.hint(c) {
            let d = n.parts.len() - 1;
            self.numbered_sizes.truncate(d + 1);
            self.numbered_sizes.resize(d + 1, 0.0);
            self.numbered_sizes[d] = h.typography.size_ratio;
            if !self.numbered_types.contains(&h.typography.size_ratio) {
                self.numbered_types.push(h.typography.size_ratio);
            }
        }
    }

    /// `A Research Methods`, `B Online Resources`: an appendix's letter and title, as LaTeX
    /// classes set them, without the word and without a dot. Taken only from typeset text,
    /// after numbered sections, in the type of the numbered chapters, and for the next
    /// appendix letter (`A` first): `A Tale of Two Cities` in plain text stays a title
    /// without a number.
    fn appendix_letter(&self, c: usize, t: &str) -> Option<headings::Numbering> {
        let b = t.as_bytes();
        if b.len() < 4 || !b[0].is_ascii_uppercase() || b[1] != b' ' || self.last_number.is_none() {
            return None;
        }
        // Set as the numbered chapters are (`A Game Turn` in body-size bold is a title
        // that starts with an article).
        let h = self.hint(c).filter(|h| Hints::stands_out(h))?;
        let chapter_size = *self.numbered_sizes.first()?;
        if (h.typography.size_ratio - chapter_size).abs() > chapter_size * 0.05 {
            return None;
        }
        let title = t[2..].trim_start();
        if !title.starts_with(|ch: char| ch.is_uppercase()) {
            return None;
        }
        let next = 1 + self
            .numbers_seen
            .iter()
            .filter(|k| k.0 == 2 && k.1.len() == 1)
            .map(|k| k.1[0])
            .max()
            .unwrap_or(0);
        (u32::from(b[0] - b'A') + 1 == next).then(|| headings::Numbering {
            parts: vec![next],
            kind: NumberKind::Appendix,
            prefix_len: t.len() - title.len(),
            lower_title: false,
        })
    }

    /// The numbered title `number` `title` of content line `c` opens a section again further
    /// down its page or on the next one: on one line, or its number alone above the title.
    fn opens_below(&self, c: usize, number: &str, title: &str) -> bool {
        let number = number.trim();
        fn words(s: &str) -> Vec<&str> {
            s.split_whitespace().collect()
        }
        let title = words(title);
        if number.is_empty() || title.is_empty() {
            return false;
        }
        let page = self.lines[self.content[c]].page;
        let end = self.content.len().min(c + 400);
        (c + 1..end)
            .take_while(|&d| self.lines[self.content[d]].page <= page + 1)
            .any(|d| {
                let t = self.line(d).trim();
                match t.strip_prefix(number) {
                    Some(rest) if rest.starts_with(char::is_whitespace) => words(rest) == title,
                    Some("") => d + 1 < end && words(self.line(d + 1)) == title,
                    _ => false,
                }
            })
    }

    /// `Section 6. Z-Classes`, where the section itself is numbered `1.6 Z-Classes` within a
    /// page of it (before or after): the running title of a GAP manual's right-hand pages
    /// (under the page number), which names the section by its last number alone.
    fn section_label_running(&self, c: usize, n: &headings::Numbering, t: &str) -> bool {
        if n.kind != NumberKind::Chapter || n.parts.len() != 1 || !labelled_with(t, "section ") {
            return false;
        }
        let mut title: Vec<&str> = t[n.prefix_len.min(t.len())..].split_whitespace().collect();
        // The page number after it, where the extraction set both on one line.
        if title.len() >= 2
            && title
                .last()
                .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            title.pop();
        }
        if title.is_empty() {
            return false;
        }
        // The section began on this page or a few before, or begins on the next.
        let page = self.l(c).page;
        let near = |d: usize| (page.saturating_sub(4)..=page + 1).contains(&self.l(d).page);
        let from = c.saturating_sub(400);
        let to = self.content.len().min(c + 400);
        // The document's lookahead budget keeps a text of nothing but such lines linear.
        let budget = self.lookahead_budget.get();
        if budget < to - from {
            return false;
        }
        self.lookahead_budget.set(budget - (to - from));
        let last = title[title.len() - 1];
        (from..to).filter(|&d| d != c && near(d)).any(|d| {
            let line = self.line(d).trim();
            line.ends_with(last)
                && headings::numbering(line).is_some_and(|m| {
                    matches!(m.kind, NumberKind::Dotted | NumberKind::Bare)
                        && m.parts.len() >= 2
                        && m.parts.last() == n.parts.last()
                        && line[m.prefix_len.min(line.len())..]
                            .split_whitespace()
                            .eq(title.iter().copied())
                })
        })
    }

    /// `H` alone on its line, after the sections of appendix G (`G.6`): the next appendix's
    /// letter, its title on the next line (a DocBook manual's appendices as text extraction
    /// gives them). Its parts, when it is.
    fn next_appendix_letter(&self, line: &str) -> Option<Vec<u32>> {
        let b = line.trim().as_bytes();
        if b.len() != 1 || !b[0].is_ascii_uppercase() {
            return None;
        }
        let last = self
            .numbers_seen
            .iter()
            .filter(|k| k.0 == 2)
            .filter_map(|k| k.1.first().copied())
            .max()?;
        (u32::from(b[0] - b'A') + 1 == last + 1).then(|| vec![last + 1])
    }

    fn number_seen(&self, n: &headings::Numbering) -> bool {
        self.numbers_seen.contains(&number_key(n))
    }

    /// `n`, numbering `line`, came before, or it is `Chapter 8` inside the numbering of
    /// chapter 8 (its running title: `8 Real-world examples`, `8.1 Box plots`, then `Chapter
    /// 8: Real-world examples` over a later page). Parts count apart (`Part 2` after `2.1`),
    /// and a `Chapter 1` after `2.2` starts a second document.
    fn number_repeats(&self, n: &headings::Numbering, line: &str) -> bool {
        self.number_seen(n)
            || (n.kind == NumberKind::Chapter
                && !is_part(line)
                && self
                    .last_number
                    .as_ref()
                    .is_some_and(|l| l.first() == n.parts.first()))
    }

    /// The block of the last heading, looked for among the last [`LAST_HEADING_SCAN`] blocks
    /// only: asked for line after line, an unbounded scan is quadratic on a long text without
    /// headings.
    fn last_heading(&self) -> Option<usize> {
        let from = self.blocks.len().saturating_sub(LAST_HEADING_SCAN);
        (from..self.blocks.len())
            .rev()
            .find(|&k| self.blocks[k].heading.is_some())
    }

    /// The last heading is a credits section set left of the body (`AUTHOR`, `COPYRIGHT AND
    /// LICENSE`).
    fn under_credits(&self) -> bool {
        let Some(h) = self.last_heading() else {
            return false;
        };
        let title = self.blocks[h]
            .heading
            .as_ref()
            .map_or("", |i| i.title.as_str());
        self.outdented.contains(&h)
            && title.split_whitespace().all(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "author" | "authors" | "copyright" | "license" | "licence" | "and" | "&"
                )
            })
    }

    /// Content line `c` is indented to the text column of the nearest line above it that is
    /// set further left, and that line opens a list item (`- `, `* `, `1. `).
    fn continues_item(&self, c: usize) -> bool {
        let indent = self.l(c).indent;
        let Some(p) = (c.saturating_sub(40)..c)
            .rev()
            .find(|&p| self.l(p).indent < indent)
        else {
            return false;
        };
        let above = self.line(p).trim_start();
        if list_marker(above).is_none() {
            return false;
        }
        let marker = above.find(' ').unwrap_or(above.len());
        let text = above[marker..].trim_start();
        self.l(p).indent + above.len() - text.len() == indent
    }

    /// Scores content line `c` as a heading; pushes it and returns true when it is one.
    fn try_heading(
        &mut self,
        c: usize,
        blank_before: bool,
        mark: Option<Style>,
        follow: Option<(usize, usize)>,
    ) -> bool {
        let raw = self.line(c);
        if raw.len() > MAX_SHAPE_LINE {
            return false;
        }
        let t = raw.trim();
        // Whether the first section number of the text starts here, in the middle of its
        // numbering: the lookahead runs once for the line, however often it is asked.
        let first_mid = std::cell::OnceCell::new();
        let starts_mid = |parts: &[u32]| {
            *first_mid.get_or_init(|| {
                self.last_number.is_none()
                    && self.numbers_seen.is_empty()
                    && self.continued_later_inline(c + 1, parts)
            })
        };
        let nb = headings::numbering(t)
            .or_else(|| {
                // A lower-case title after a section number: typeset, or with a number of two
                // parts or more once numbered headings have begun (`4.1.3.1 compute_areas()`
                // after `4.1.3 Member Functions`; a host line `192.168.1.1 xyzzy` in a
                // document without numbered headings is no section). The scorer takes it only
                // when it continues the numbering.
                // A text cut out of a longer one may start in the middle of such numbering
                // (`9.7.2 fd_reified_in/4`): the number taken next must continue it.
                headings::numbering_lower(t).filter(|n| {
                    self.hints.is_some()
                        || (n.parts.len() >= 2 && self.last_number.is_some())
                        || (n.parts.len() >= 2 && starts_mid(&n.parts))
                })
            })
            .or_else(|| self.appendix_letter(c, t))
            .map(|n| self.in_chapter(n));
        let title = &t[nb.as_ref().map_or(0, |n| n.prefix_len)..];
        // In reStructuredText an adornment at the margin makes a title, whatever its words
        // (`Why not...?`, `kexec`, `QA`) and their spacing (a changelog's `2007/02/04      Version
        // 0.2.3`).
        let adorned_rest = self.restructured
            && self.l(c).indent == 0
            && matches!(mark, Some(Style::Underline(..)));
        // Columns, table-of-contents entries and running lines have wide internal gaps; an
        // entry's leaders may stand on a line of their own under it (`HTML output` / `. . .`).
        if (title.contains("   ") && !adorned_rest)
            || toc_line(raw)
            || ends_with_leaders(raw)
            || follow.is_some_and(|(a, _)| leaders_only(self.line(a)))
            || (mark.is_none() && rule_char(raw).is_some())
        {
            return false;
        }
        let line = self.l(c);
        let blank_after = c + 1 >= self.content.len() || !self.adjacent(c);
        // A long line whose sentence goes on in lower case on the next line is wrapped prose
        // (a numbered list item, a hanging paragraph).
        if !blank_after
            && t.chars().count() >= 40
            && self
                .line(c + 1)
                .trim_start()
                .starts_with(|ch: char| ch.is_lowercase())
            && !self.numbered_in_sequence(c)
            && !self.wrapped_numbered_title(c)
        {
            return false;
        }
        let body_follows = follow.is_some_and(|(a, b)| {
            b - a >= 2 || self.line(a).trim().ends_with(['.', '!', '?', ':'])
        });
        let follow_indent = follow.map(|(a, _)| self.l(a).indent);
        // A title over a reference entry, both at the page's left edge, the entry's text
        // indented under them: a Sphinx reference as `pdftotext -layout` gives it (`The Row
        // class` / blank / `class tables.tableextension.Row` / its description indented). The
        // entry's first line or two are at the edge, on the title's page, and read as code
        // (a figure's title over the next heading does not); then its text goes deeper.
        let over_entry = blank_after
            && line.indent == 0
            && follow.is_some_and(|(a, b)| {
                let end = if b - a <= 2 && b < self.content.len() {
                    b + 1
                } else {
                    b.min(a + 3)
                };
                self.l(a).indent == 0
                    && self.l(a).page == line.page
                    && !self.page_break_before(a)
                    && signature_like(self.line(a).trim())
                    && (a + 1..end)
                        .map(|k| self.l(k).indent)
                        .find(|&i| i != 0)
                        .is_some_and(|i| i > 0)
            });
        // A program's name and purpose over its `Synopsis`, in a guide that collects manual
        // pages (not the text of a man page's own `NAME` section). On every page of such a
        // guide, `Synopsis` may have been taken for a running line: it is looked for among
        // all lines.
        let over_synopsis = nb.is_none()
            && mark.is_none()
            && program_purpose(t)
            && self.lines[self.content[c] + 1..]
                .iter()
                .find(|l| !l.blank)
                .is_some_and(|l| {
                    self.text[l.start..l.end]
                        .trim()
                        .trim_end_matches(':')
                        .eq_ignore_ascii_case("synopsis")
                })
            && (c == 0 || !self.line(c - 1).trim().eq_ignore_ascii_case("name"));
        // In a document that leaves blank lines only over its titles, a short line under one,
        // heading the text at its margin.
        // Or a title stacked over its first subsection's title, over the text: short above
        // the body, at one remove.
        let stacked = blank_before && !blank_after && self.stacked_titles(c);
        let heads_run = stacked || (blank_before && !blank_after && self.heads_run(c));
        let short_above_body = stacked
            || (!blank_after
                && c + 1 < self.content.len()
                && !t.ends_with(['.', ',', ';', ':'])
                && {
                    let below = self.line(c + 1).trim();
                    let capital = below.starts_with(|ch: char| ch.is_uppercase());
                    (t.len() * 10 <= below.len() * 6 && capital)
                        // In text that leaves blank lines only over its titles, a whole
                        // sentence under the line (`bitscategory option` / `Bitmap of
                        // categories.`), or a lead-in that trails off into an ellipsis
                        // (`Garmin POI database (garmin_poi)` / `This format can...`).
                        || (heads_run
                            && capital
                            && ((below.ends_with('.')
                                && !below.ends_with("..")
                                && t.len() < below.len())
                                || ellipsis_lead_in(below)))
                        // A callout's label opens the body as its first line would.
                        || headings::callout_label(below, self.cfg)
                });
        // A short line alone over a paragraph, in text whose lines so set are titles in
        // sentence case (OCR text that sets every paragraph apart: `Adding additional Type 1
        // fonts`).
        let lone_over_paragraph =
            self.hints.is_none() && self.lone_over_paragraph(c) && self.lone_in_sentence_case();
        // Named by an entry of the document's contents.
        let listed = self.listed(t);
        // `i. Account Setup` under `b) Remote Host Setup`, then `ii. Install the Nagios
        // Plugins`: in plain text, items labelled in lower-case roman numerals from i, the
        // first in the section of a title with a lower-case letter label, are the outline's
        // next level down when they score as titles after their labels.
        let last_heading = || {
            self.last_heading()
                .and_then(|k| self.blocks[k].heading.as_ref())
                .map_or(("", 1), |h| (h.title.as_str(), h.level))
        };
        let roman_sub = roman_label(t).filter(|&(v, _)| {
            mark.is_none() && nb.is_none() && self.hints.is_none() && {
                let (last, _) = last_heading();
                if v == 1 {
                    lower_label(last).is_some() && roman_label(last).is_none()
                } else {
                    roman_label(last).is_some_and(|(w, _)| w + 1 == v)
                }
            }
        });
        // A framed title is scored on the text inside its frame, a typeset one after its
        // lower-case label (`a) Purpose`, `ii. Install the plugins`: outline items whose
        // level the type gives), and so is one that the contents list with its label, and a
        // roman sub-item (above).
        let scored = match mark {
            Some(Style::Framed(ch)) => t.trim_matches(ch).trim(),
            _ if roman_sub.is_some() => &t[roman_sub.map_or(0, |(_, n)| n)..],
            _ if nb.is_none() && (self.hint(c).is_some_and(Hints::stands_out) || listed) => {
                &t[lower_label(t).or_else(|| unmapped_label(t)).unwrap_or(0)..]
            }
            _ => t,
        };
        let cand = Candidate {
            text: scored,
            blank_before,
            blank_after: blank_after && !matches!(mark, Some(Style::Underline(..))),
            underlined: mark.is_some(),
            outdented: line.indent < self.base_indent
                && follow_indent.is_some_and(|f| f > line.indent),
            indented: line.indent > self.base_indent + 2,
            over_entry,
            over_synopsis,
            body_follows,
            short_above_body,
            heads_run,
            numbering_started: self.last_number.is_some(),
            last_number_parts: self.last_number.as_ref().map_or(0, Vec::len),
            repeats: self
                .repeated
                .get(t)
                .copied()
                .unwrap_or(1)
                .saturating_sub(u32::from(self.toc_lines.contains(t))),
            typography: self.hint(c).map(|h| h.typography),
            sentence_style: self.hints.is_none()
                && (lone_over_paragraph
                    || (self.toc_case.0 >= 3 && self.toc_case.0 > 2 * self.toc_case.1)
                    || (self.numbered_case.0 > 2 * self.numbered_case.1
                        && (nb.is_some() || c == 0 || self.after_sentence(c)))),
            listed,
            numbered_type: self.hint(c).is_some_and(|h| {
                h.typography.stands_out()
                    && self
                        .numbered_types
                        .iter()
                        .any(|&s| (s - h.typography.size_ratio).abs() < 0.02)
            }),
        };
        // Numbering as the scorer sees it (inside a frame, if any).
        let nb = if scored.len() == t.len() {
            nb
        } else {
            headings::numbering(scored).map(|n| self.in_chapter(n))
        };
        // Under an underline a single letter (`Q. Does it run on Windows?`, `A. Setup`) is
        // part of the title: the underline says what the heading is and how deep it sits, and
        // an FAQ's every `Q.` is a heading of its own.
        let nb = nb.filter(|n| mark.is_none() || n.kind != NumberKind::Letter);
        // With layout hints running titles are gone already, and a number that comes round
        // again in a heading's type starts over (a second paper, a sample repeated).
        let typeset = self.hint(c).is_some_and(Hints::stands_out);
        // Numbering that starts over at the top level (a second paper, a sample repeated),
        // not a numbered list under a subsection.
        let restart = |n: &headings::Numbering| {
            (typeset || mark.is_some())
                && n.parts == [1]
                && self.last_number.as_ref().is_some_and(|l| l.len() == 1)
        };
        // A number and title that the document's contents list (`9. Sequence map`) are in
        // sequence whatever came before: text from a PDF loses titles into the tables and
        // lists under them, and the next one is then no skip. In plain text, one section
        // missed before it (OCR's `2 <A word of caution`) does not break the sequence either,
        // at the same depth: a counter numbering a reference's entries (`4
        // I EquationOrderBasis( F )` after `2.2`) skips no chapter. (In typeset text the type
        // carries such titles: nothing changed on the development sets, and two held-out sets
        // gained three spurious titles, totals only.)
        let seq = nb.as_ref().is_some_and(|n| {
            headings::continues(self.last_number.as_deref(), &n.parts)
                || (self.hints.is_none()
                    && self
                        .last_number
                        .as_ref()
                        .is_some_and(|l| l.len() == n.parts.len())
                    && headings::continues_past_one(self.last_number.as_deref(), &n.parts))
                || restart(n)
                || (n.lower_title && starts_mid(&n.parts))
                || (self.toc_from.is_none()
                    && toc_title(t).is_some_and(|k| self.toc_entries.contains(&k)))
        });
        // In reStructuredText the adornment makes the title, whatever number it starts with
        // (`X.509 Certificate Object`, `X.509 Certificate Builder`, … under their tildes).
        let adorned = self.restructured && matches!(mark, Some(Style::Underline(..)));
        if let Some(n) = nb
            .as_ref()
            .filter(|n| !adorned && self.number_repeats(n, t))
        {
            if !restart(n) {
                return false;
            }
        }
        if self.hints.is_some() && !self.layout_heading_ok(c, t, nb.as_ref(), seq) {
            return false;
        }
        // A chapter number set smaller than the chapter and the section headings before it
        // is a numbered item or a contents entry in body type (`2. Header line` after `1
        // Introduction` and `1.2 Export to text files`: an enumerated list whose items head
        // paragraphs), not the next chapter.
        if let (Some(n), Some(h)) = (&nb, self.hint(c)) {
            let larger = |s: &f32| *s > h.typography.size_ratio * 1.05;
            if n.parts.len() == 1
                && matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
                && self.numbered_sizes.first().is_some_and(larger)
                && self.numbered_sizes.iter().skip(1).any(larger)
            {
                return false;
            }
        }
        // In a document whose titles are underlined (reStructuredText), a numbered line with
        // its text indented under its title's first letter is an item of an enumerated list
        // (`1. PHY mode` / blank / `   In PHY mode, we use phylib …`), not a section.
        if let (None, Some(n), Some((a, _))) = (&mark, nb.as_ref(), follow) {
            if self.underlined_titles >= 3
                && self.hints.is_none()
                && n.parts.len() == 1
                && !self.adjacent(c)
                && self.l(a).indent == line.indent + n.prefix_len
            {
                return false;
            }
        }
        // A paragraph set at the text column of the list item above it goes on with that
        // item (`* Fix issue with annotated class constants` / blank / `  Closes #4264`).
        if mark.is_none() && self.hints.is_none() && line.indent > 0 && self.continues_item(c) {
            return false;
        }
        // Under a man page's `AUTHOR` or `COPYRIGHT`, set left of the body, the lines at the
        // body's margin are names and notices (`Larry Wall`, `Copyright (C) 1984-2021 Mark
        // Nudelman`): such a section has no subsections.
        if mark.is_none()
            && nb.is_none()
            && self.hints.is_none()
            && self.base_indent > 0
            && line.indent >= self.base_indent
            && self.under_credits()
        {
            return false;
        }
        // A list number set deeper than the last heading's title, right over the next number
        // (`1. Select options as above` / `2. From the Sorting tab, …` under `Secondary level
        // grouping`, indented with its text), numbers the steps of a list in that section,
        // not sections.
        let step = nb
            .as_ref()
            .filter(|n| n.parts.len() == 1 && n.kind == NumberKind::Dotted);
        if let Some(n) = step.filter(|_| mark.is_none() && self.hints.is_none()) {
            let deeper = self
                .last_heading()
                .is_some_and(|k| self.l(self.block_lines[k].0).indent + 2 < line.indent);
            let next_step = follow.is_some_and(|(a, _)| {
                headings::numbering(self.line(a).trim())
                    .is_some_and(|m| m.kind == NumberKind::Dotted && m.parts == [n.parts[0] + 1])
            });
            if deeper && next_step {
                return false;
            }
        }
        // In plain text, what OCR read of a figure or a table is no title over its text:
        // - a line of no word over lines of no word, a figure's labels or a table's cells
        //   (`FPOrRrF OF FH` over `9`, `KKK KA KAA KK SASK` over `KKK KAKA KKK KAAS`, `LAC
        //   FLAG` over `SNA`); `SEE ALSO` over `ssh(1), sftp(1)` has its words below;
        // - a line of three words or more over rows of figures, their table's head
        //   (`Implementation Mean SE TS SE SD 2.5% 50% 97.5%` over `openBUGS 13.58 0.022 …`,
        //   its column gaps closed).
        if let (None, None, None, Some((a, b))) = (&mark, &nb, self.hints, follow) {
            let debris = !has_word(t) && (a..b).all(|k| !has_word(self.line(k)));
            let table_head = t.split_whitespace().count() >= 3
                && (a..b)
                    .filter(|&k| headings::figures_row(self.line(k).trim()))
                    .count()
                    * 2
                    > b - a;
            if debris || table_head {
                return false;
            }
        }
        // A variable and its type (`ip_default_ttl - INTEGER`, a sysctl reference's entries,
        // set left of their descriptions) is a term, wherever it sits.
        if mark.is_none() && nb.is_none() && variable_entry(t) {
            return false;
        }
        // A key binding and its command (`C-g (transient-quit-one)`, `M-x transient-resume`),
        // the term of an Emacs manual's table of keys.
        if mark.is_none() && nb.is_none() && t.split_whitespace().next().is_some_and(key_chord) {
            return false;
        }
        // A definition as text extracted from a texinfo PDF gives it: the term over its
        // category or arguments in brackets (`Sqrt` / `[expression ]`, `awgn (x, snr)` /
        // `[Function File]`), then its description, whose first sentence may stand alone
        // (`Add white Gaussian noise to a voltage signal`). Neither is a title. (A man page's
        // synopsis may end in `[ expression ]`, set in from the `DESCRIPTION` under it; a
        // category names a kind of definition, where `[Image]` stands for a picture.)
        if mark.is_none()
            && nb.is_none()
            && self.hints.is_none()
            && (follow
                .is_some_and(|(a, _)| bracketed(self.line(a)) && self.l(a).indent == line.indent)
                || (c > 0
                    && !self.page_break_before(c)
                    && bracketed(self.line(c - 1))
                    && definition_category(self.line(c - 1))
                    && self.l(c - 1).indent == line.indent))
        {
            return false;
        }
        // An underlined title indented under a `::` paragraph is part of a literal block; so is
        // an overlined one whose overline is indented (the title itself may be inset).
        if self.restructured {
            let indented = match mark {
                Some(Style::Underline(_, false)) => line.indent > 0,
                Some(Style::Underline(_, true)) => c > 0 && self.l(c - 1).indent > 0,
                _ => false,
            };
            if indented {
                return false;
            }
        }
        // In a document with underlined titles, a plain line with a deeper-indented line
        // right under it is the term of a definition list (`No memory protection` /
        // `    If you corrupt memory, …`; `STATUS` / `  this attribute represents …`): the
        // document marks its titles with underlines, and this one has none. A line set left
        // of the body (`NAME` over a man page's body, a title left of a tab-indented text)
        // stays a heading. In reStructuredText proper a line without adornment is never a
        // title (`Default: Enabled.`, `1. Arithmetic Instructions::`, a program's output in
        // a `code-block`).
        if mark.is_none()
            && self.hints.is_none()
            && (self.restructured
                || (nb.is_none()
                    && self.underlined_titles >= 3
                    && !blank_after
                    && self.l(c + 1).indent > line.indent
                    && !cand.outdented))
        {
            return false;
        }
        // `3.2. COMPILING` as the first line of a page: the running title of the section,
        // when its number is out of sequence (a chapter that opens a page, `1. INTRODUCTION`
        // after the contents, comes next; a running title that repeats the chapter's number on
        // a later page is out of sequence, and a section's number set before the section
        // opens is caught below); so is `3.4 Step 3: Documenting the sources` at a
        // page's top when the section itself opens further down that page or the next (a
        // running title that names the section a page starts).
        if let Some(n) = nb
            .as_ref()
            .filter(|_| self.hints.is_none() && self.page_tops.contains(&self.content[c]))
        {
            let running_caps = is_caps(t) && !seq;
            if running_caps || self.opens_below(c, &t[..n.prefix_len], &t[n.prefix_len..]) {
                return false;
            }
        }
        if nb
            .as_ref()
            .is_some_and(|n| self.hints.is_none() && self.section_label_running(c, n, t))
        {
            return false;
        }
        if !adorned_rest && headings::score(&cand, nb.as_ref(), seq, self.cfg) < self.cfg.threshold
        {
            return false;
        }
        let (level, source) = match (&nb, mark) {
            // A roman sub-item sits one level below the lettered title over its first item,
            // and beside the item before it.
            _ if roman_sub.is_some() => {
                let (_, last_level) = last_heading();
                let first = roman_sub.is_some_and(|(v, _)| v == 1);
                let level = if first { last_level + 1 } else { last_level };
                (level.min(6), HeadingSource::Style)
            }
            (Some(n), None) if n.kind == NumberKind::Letter && self.under_roman => {
                (2, HeadingSource::Numbering)
            }
            (Some(n), None) => (n.depth(), HeadingSource::Numbering),
            // Under an underline the number is the title's text (reST's `1. Filter` under
            // `Trace`, `3.1 Goal definitions` under a document title): the underline ranks
            // it, as reStructuredText does. A framed title keeps its number's depth.
            (Some(n), Some(Style::Framed(_))) => (n.depth(), HeadingSource::Underline),
            (_, mark) => {
                let source = if mark.is_some() {
                    HeadingSource::Underline
                } else {
                    HeadingSource::Style
                };
                let style = mark.unwrap_or(Style::Plain {
                    caps: is_caps(t),
                    indent: line.indent,
                });
                (self.style_level(style), source)
            }
        };
        if let Some(n) = &nb {
            match n.kind {
                NumberKind::Roman => {
                    // Letters count again under each roman section (`II.` / `A.`, `B.`).
                    self.under_roman = true;
                    self.numbers_seen.retain(|k| k.0 != 3);
                }
                NumberKind::Letter => {}
                _ => self.under_roman = false,
            }
            if n.parts == [1] && self.number_seen(n) {
                // Numbering starts over: the numbers seen so far may come again.
                self.numbers_seen.clear();
                self.chapter_label = None;
                self.roman_label = None;
                self.whole_numbers = false;
            }
            self.take_number(n, t, c);
        }
        // A reStructuredText title as it reads, the way a Markdown heading's title is its
        // text: ``` ``alias`` ``` is `alias`, `` `Spotify <https://www.spotify.com>`_ `` is
        // `Spotify`. The block keeps the source.
        let plain;
        let title = if self.restructured {
            plain = headings::rest_inline_text(t);
            plain.as_str()
        } else {
            t
        };
        let info = HeadingInfo {
            level,
            title: title.split_whitespace().collect::<Vec<_>>().join(" "),
            source,
            anchor: None,
        };
        let b = self.push(BlockType::Heading, c, c + 1, Some(info));
        if cand.outdented {
            self.outdented.insert(b);
        }
        true
    }

    /// A reference typeset from DocBook opens each entry with a `Name` heading over the
    /// entry's name and purpose (`get-slot-pointer — Retrieves a pointer from a slot of a
    /// structure.`), then `Syntax`, `Description` and the like in the same type. The entry is
    /// the section: one heading takes both lines, titled by the second. Only in typeset text
    /// with two such entries or more: a single manual page keeps its `NAME` section.
    fn reference_entry(&mut self, c: usize, next: Option<(usize, usize)>) -> bool {
        let Some((a, b)) = self.names_entry(c, next) else {
            return false;
        };
        let h = self.push_found_heading(c, b, a..b);
        self.entry_heads.insert(h);
        self.consumed = b;
        true
    }

    /// Content line `c` is an entry's `Name` label and the group `next` its name and
    /// purpose (see `reference_entry`): the purpose's lines.
    fn names_entry(&self, c: usize, next: Option<(usize, usize)>) -> Option<(usize, usize)> {
        let label = |k: usize| {
            self.line(k).trim().eq_ignore_ascii_case("name")
                && self.hint(k).is_some_and(Hints::stands_out)
        };
        let purpose = |k: usize| {
            k < self.content.len()
                && program_purpose(self.line(k).trim())
                && self.hint(k).is_some_and(|h| !h.typography.stands_out())
        };
        if self.hints.is_none() || !label(c) {
            return None;
        }
        let (a, b) = next.filter(|&(a, b)| b == a + 1 && purpose(a))?;
        let entries = *self.name_entries.get_or_init(|| {
            (0..self.content.len().saturating_sub(1))
                .filter(|&k| label(k) && purpose(k + 1))
                .count()
        });
        (entries >= 2).then_some((a, b))
    }

    /// A reference entry's function heads, set in the code font at the text's size over the
    /// entry's `Types:` (an Erlang/OTP manual: `open([Host]) -> {ok, Handle} | {error,
    /// Reason}`, or `start()` / `start(File)` / `start(Mode)`, one head per clause): each line
    /// heads a section of its own, as the manual's outline lists each (`open/1`). Returns how
    /// many lines it took (0: none).
    fn function_heads(&mut self, start: usize, end: usize, next: Option<(usize, usize)>) -> usize {
        if end - start > 8 {
            return 0;
        }
        let code = |c: usize| {
            self.hint(c).is_some_and(|h| {
                h.mono && h.table.is_none() && !h.typography.stands_out() && h.cells <= 1
            })
        };
        // The entry's text: its `Types:`, or a paragraph after a head that gives a result
        // (`baseObject() -> scope()` / `Search baseobject only.`; a line of code ends in `.`
        // or `,`).
        let types = next.is_some_and(|(a, _)| self.line(a).trim() == "Types:" && !code(a));
        let prose = next.is_some_and(|(a, _)| !code(a));
        // Heads, each on its line or wrapped onto lines that go on with its result.
        let mut heads: Vec<(usize, usize)> = Vec::new();
        for c in start..end {
            let t = self.line(c).trim();
            if !code(c) {
                return 0;
            }
            match function_head(t) {
                Some(result)
                    if types || (result && prose && !t.ends_with(['.', ',', ';', ':'])) =>
                {
                    heads.push((c, c + 1))
                }
                _ => match heads.last_mut() {
                    // A head's result wrapped: `… | {ok,` / `{referral,referrals()}} | …`.
                    Some(h) if h.1 == c && !function_head_closed(self.line(h.1 - 1)) => h.1 = c + 1,
                    _ => return 0,
                },
            }
        }
        if heads.is_empty() || !(types || prose) {
            return 0;
        }
        for (a, b) in heads {
            let k = self.push_found_heading(a, b, a..b);
            self.function_heads.insert(k);
        }
        end - start
    }

    /// Pushes a heading block over content lines `[a, b)`, found by its look (its level comes
    /// from its style later), titled by the words of the content lines `title`.
    fn push_found_heading(&mut self, a: usize, b: usize, title: std::ops::Range<usize>) -> usize {
        let title = title
            .flat_map(|c| self.line(c).split_whitespace())
            .collect::<Vec<_>>()
            .join(" ");
        let info = HeadingInfo {
            level: 1,
            title,
            source: HeadingSource::Style,
            anchor: None,
        };
        self.push(BlockType::Heading, a, b, Some(info))
    }

    /// A non-heading group (or what is left of one): table, code, list, or prose.
    fn body(&mut self, start: usize, end: usize) -> usize {
        let n = end - start;
        if self.hints.is_some() {
            return self.layout_body(start, end);
        }
        if let Some(shape) = self.table(start, end) {
            let i = self.push(BlockType::Table, start, end, None);
            self.blocks[i].attrs_mut().table = Some(Box::new(shape));
            return n;
        }
        if self.is_code(start, end) {
            self.push(BlockType::Code, start, end, None);
            return n;
        }
        let first = self.line(start);
        if let Some(family) = list_marker(first) {
            return self.list(start, end, family);
        }
        // A paragraph cut by a page break (and the furniture around it) goes on when the next
        // page starts in lower case.
        let lower = first
            .trim_start()
            .chars()
            .next()
            .is_some_and(char::is_lowercase);
        if lower && self.goes_on_over_page_break(start) {
            self.extend_last(end);
            return n;
        }
        let i = self.push(BlockType::Prose, start, end, None);
        if first.len() <= MAX_SHAPE_LINE {
            if let Some((label, BlockType::Figure)) =
                crate::structure::captions::caption_label(first.trim())
            {
                // "Figure 2: …" under a drawing made of characters: the drawing is a figure.
                if i > 0 && self.blocks[i - 1].kind == BlockType::Code {
                    self.blocks[i - 1].kind = BlockType::Figure;
                    self.blocks[i - 1].attrs_mut().figure_ref = Some(label);
                }
            }
        }
        n
    }

    /// Indented further than the body by four or more on every line, and reads as code: a
    /// literal block after `::`, many symbols, or some symbols on lines that are not wrapped
    /// sentences.
    fn is_code(&self, start: usize, end: usize) -> bool {
        let min_indent = (start..end).map(|c| self.l(c).indent).min().unwrap_or(0);
        if min_indent < self.base_indent + 4 || list_marker(self.line(start)).is_some() {
            return false;
        }
        let after_literal = self
            .blocks
            .last()
            .is_some_and(|b| self.text[b.off_begin..b.off_end].trim_end().ends_with("::"));
        if after_literal {
            return true;
        }
        let (mut sym, mut chars, mut prose_lines) = (0usize, 0usize, 0usize);
        for c in start..end {
            let t = self.line(c).trim();
            for ch in t.chars().take(MAX_SHAPE_LINE) {
                chars += 1;
                if matches!(
                    ch,
                    '{' | '}'
                        | '('
                        | ')'
                        | ';'
                        | '='
                        | '<'
                        | '>'
                        | '$'
                        | '#'
                        | '/'
                        | '\\'
                        | '|'
                        | '['
                        | ']'
                        | '_'
                        | '*'
                        | '&'
                        | '+'
                ) {
                    sym += 1;
                }
            }
            let words = t.split_whitespace().count();
            let letters = t
                .chars()
                .take(MAX_SHAPE_LINE)
                .filter(|c| c.is_alphabetic() || *c == ' ')
                .count();
            if words >= 5 && letters * 100 >= t.chars().take(MAX_SHAPE_LINE).count() * 88 {
                prose_lines += 1;
            }
        }
        // Symbols make code; an indented description under a term ("TAR_SUBCOMMAND" / "A short
        // option (with a dash)…") has few of them and stays prose.
        sym * 12 >= chars || (sym * 25 >= chars && prose_lines * 2 < end - start)
    }

    /// A table: pipe rows, a grid (`+---+`), a reST simple table (`===  ===`), CSV-like rows
    /// (≥ 3, same number of quoted/unquoted fields) or ≥ 3 rows of space-aligned columns.
    fn table(&self, start: usize, end: usize) -> Option<TableShape> {
        let n = end - start;
        if n < 2 || (start..end).any(|c| self.line(c).len() > MAX_SHAPE_LINE * 2) {
            return None;
        }
        let rows: Vec<&str> = (start..end).map(|c| self.line(c).trim()).collect();
        // Grid table.
        if rows[0].starts_with('+') && rows[0].ends_with('+') && is_grid_rule(rows[0]) && n >= 3 {
            let rules: Vec<&&str> = rows.iter().filter(|r| is_grid_rule(r)).collect();
            let cols = rows[0].matches('+').count().saturating_sub(1) as u32;
            if rows.iter().all(|r| is_grid_rule(r) || r.starts_with('|')) && cols >= 1 {
                let header = rules.iter().skip(1).any(|r| r.contains('='));
                return Some(shape(
                    (rules.len() - 1) as u32,
                    cols,
                    u32::from(header),
                    "grid",
                ));
            }
        }
        // Pipe table.
        if rows.iter().all(|r| r.contains('|')) {
            let cells = |r: &str| r.trim_matches('|').split('|').count();
            let sep = |r: &str| {
                r.chars()
                    .all(|c| matches!(c, '|' | '-' | ':' | '+' | ' ' | '='))
                    && r.contains('-')
            };
            let counts: HashSet<usize> =
                rows.iter().filter(|r| !sep(r)).map(|r| cells(r)).collect();
            let has_sep = n >= 2 && sep(rows[1]);
            if counts.len() == 1 && counts.iter().all(|&c| c >= 2) && (has_sep || n >= 3) {
                let body = rows.iter().filter(|r| !sep(r)).count() as u32;
                return Some(shape(
                    body,
                    *counts.iter().next().unwrap() as u32,
                    u32::from(has_sep),
                    "pipe",
                ));
            }
        }
        // reST simple table: rules of '=' runs separated by spaces.
        if rule_columns(rows[0]).is_some_and(|c| c >= 2) && n >= 3 {
            let cols = rule_columns(rows[0]).unwrap_or(0) as u32;
            let rules = rows.iter().filter(|r| rule_columns(r).is_some()).count();
            let header = u32::from(rules >= 3);
            return Some(shape((n - rules) as u32, cols, header, "simple"));
        }
        if n < 3 {
            return None;
        }
        // CSV-like.
        for delim in [',', ';', '\t'] {
            if !rows.iter().all(|r| r.contains(delim)) {
                continue;
            }
            let fields: Vec<Option<Vec<&str>>> =
                rows.iter().map(|r| csv_fields(r, delim)).collect();
            if fields.iter().all(Option::is_some) {
                let counts: HashSet<usize> = fields
                    .iter()
                    .map(|f| f.as_ref().map_or(0, Vec::len))
                    .collect();
                let words: usize = rows.iter().map(|r| r.split_whitespace().count()).sum();
                let cells: usize = fields.iter().map(|f| f.as_ref().map_or(0, Vec::len)).sum();
                if counts.len() == 1
                    && counts.iter().all(|&c| c >= 2)
                    && words <= cells * 3
                    && !rows.iter().any(|r| r.ends_with(delim))
                {
                    let cols = *counts.iter().next().unwrap() as u32;
                    return Some(shape(n as u32, cols, 0, "csv"));
                }
            }
        }
        // Space-aligned columns: the same cell starts on every row.
        if !rows
            .iter()
            .all(|r| r.contains("  ") || rule_char(r).is_some() || rule_columns(r).is_some())
        {
            return None;
        }
        let starts: Vec<Vec<usize>> = (start..end).map(|c| cell_starts(self.line(c))).collect();
        let rule_rows: Vec<bool> = rows
            .iter()
            .map(|r| rule_char(r).is_some() || rule_columns(r).is_some())
            .collect();
        let data: Vec<&Vec<usize>> = starts
            .iter()
            .zip(&rule_rows)
            .filter(|(_, r)| !**r)
            .map(|(s, _)| s)
            .collect();
        if data.len() >= 3 && data[0].len() >= 2 && data.iter().all(|s| *s == data[0]) {
            let header = u32::from(rule_rows.get(1).copied().unwrap_or(false));
            return Some(shape(
                data.len() as u32,
                data[0].len() as u32,
                header,
                "aligned",
            ));
        }
        None
    }

    fn push(&mut self, kind: BlockType, a: usize, b: usize, heading: Option<HeadingInfo>) -> usize {
        if let Some(h) = &heading {
            let t = h.title.to_ascii_lowercase();
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
            // Lists (indexes) of figures, tables and the like are read as contents too, in
            // typeset documents (their entries are numbered like sections).
            let list_of =
                self.hints.is_some() && (t.starts_with("list of ") || t.starts_with("index of "));
            if is_contents_title(t) || list_of {
                self.start_contents(b);
            }
        }
        let (first, last) = (self.l(a), self.l(b - 1));
        let whole_lines = matches!(kind, BlockType::Code | BlockType::Table | BlockType::Figure);
        let off_begin = if whole_lines {
            first.start
        } else {
            first.start + first.indent
        };
        let last_text = &self.text[last.start..last.end];
        let off_end = last.start + last_text.trim_end().len();
        self.blocks.push(Block {
            kind,
            off_begin,
            off_end: off_end.max(off_begin),
            src_begin: None,
            src_end: None,
            page: Some(first.page + 1),
            attrs: None,
            heading: heading.map(Box::new),
        });
        self.block_lines.push((a, b));
        self.blocks.len() - 1
    }

    /// A table that starts a page goes on with the table that ended the page before: the same
    /// columns, right after it (only the page break between), under the first line repeated
    /// at the top of the page (a word processor's header row). Its rows join that table's
    /// block. Without the repeated line two tables in a row stay two blocks: nothing tells a
    /// continuation from the next table.
    fn continues_table(&self, start: usize, shape: &TableShape) -> bool {
        let (Some(prev), Some(&(pa, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        let Some(p) = prev.attrs.as_ref().and_then(|a| a.table.as_ref()) else {
            return false;
        };
        prev.kind == BlockType::Table
            && pe == start
            && self.page_break_before(start)
            && p.grid_kind == shape.grid_kind
            && p.cols == shape.cols
            && self.line(start).trim() == self.line(pa).trim()
    }

    /// A body group with layout hints: tables and footnotes as the layout found them, code
    /// where the type is monospaced, then lists and prose as in plain text.
    fn layout_body(&mut self, start: usize, end: usize) -> usize {
        let n = end - start;
        let hints: Vec<Option<&LineHint>> = (start..end).map(|c| self.hint(c)).collect();
        let table = hints.first().and_then(|h| h.and_then(|h| h.table));
        if let Some(t) = table.filter(|_| hints.iter().all(|h| h.and_then(|h| h.table) == table)) {
            let shape = self.hints.unwrap().tables[t].clone();
            if self.continues_table(start, &shape) {
                let prev = self
                    .blocks
                    .last_mut()
                    .and_then(|b| b.attrs_mut().table.as_mut());
                if let Some(p) = prev {
                    // Its first line, repeated at the top of this page, is the header.
                    p.header_rows = p.header_rows.max(1);
                    let offset = p.rows;
                    p.rows += shape.rows;
                    p.cell_spans.extend(
                        shape
                            .cell_spans
                            .iter()
                            .map(|s| [s[0] + offset, s[1], s[2], s[3]]),
                    );
                }
                self.extend_last(end);
                return n;
            }
            let i = self.push(BlockType::Table, start, end, None);
            self.blocks[i].attrs_mut().table = Some(Box::new(shape));
            return n;
        }
        if hints.iter().all(|h| h.is_some_and(|h| h.footnote)) {
            self.push(BlockType::Footnote, start, end, None);
            return n;
        }
        if hints.iter().filter(|h| h.is_some_and(|h| h.mono)).count() * 5 >= n * 4 {
            // Code split by a page break goes on.
            let joined = self
                .blocks
                .last()
                .is_some_and(|b| b.kind == BlockType::Code)
                && self.block_lines.last().is_some_and(|r| r.1 == start)
                && self.page_break_before(start);
            if joined {
                self.extend_last(end);
            } else {
                self.push(BlockType::Code, start, end, None);
            }
            return n;
        }
        let first = self.line(start);
        // A caption by its label (`Figure 3:`, `Table 2.`): typeset captions often describe a
        // figure that has no text of its own, so it is a caption even when nothing links.
        let caption =
            crate::structure::captions::caption_label(first.trim()).is_some_and(|(label, _)| {
                // `Figure 1: …`, `Table 2. …`; not a sentence that names one (`Figure 1 is …`).
                let number = label.rsplit(' ').next().unwrap_or("");
                let t = first.trim();
                let after = t
                    .find(number)
                    .map(|p| t[p + number.len()..].trim_start_matches(['*', '_']))
                    .unwrap_or("");
                let (a, b) = (self.l(start).start, self.l(end - 1).end);
                after.starts_with([':', '.', '—', '–']) && b - a <= 400
            });
        if caption {
            let i = self.push(BlockType::Caption, start, end, None);
            self.blocks[i].attrs_mut().figure_ref =
                crate::structure::captions::caption_label(first.trim()).map(|l| l.0);
            return n;
        }
        if let Some(family) = list_marker(first) {
            return self.list(start, end, family);
        }
        // The layout already joined what belongs together across pages: any unfinished
        // sentence goes on.
        if self.goes_on_over_page_break(start) {
            self.extend_last(end);
            return n;
        }
        self.push(BlockType::Prose, start, end, None);
        n
    }

    /// A list group: items separated by blank lines continue the list above (same bullet
    /// family, same indentation).
    fn list(&mut self, start: usize, end: usize, family: u8) -> usize {
        if let (Some(prev), Some(&(pa, _))) = (self.blocks.last(), self.block_lines.last()) {
            if prev.kind == BlockType::List
                && list_marker(self.line(pa)) == Some(family)
                && self.l(pa).indent == self.l(start).indent
            {
                self.extend_last(end);
                return end - start;
            }
        }
        self.push(BlockType::List, start, end, None);
        end - start
    }

    /// The prose block right before content line `start` ends at a page break in the middle
    /// of a sentence.
    fn goes_on_over_page_break(&self, start: usize) -> bool {
        let (Some(prev), Some(&(_, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        prev.kind == BlockType::Prose
            && pe == start
            && self.page_break_before(start)
            // A line set apart in type (a chapter title opening the page) starts anew.
            && !self.hint(start).is_some_and(Hints::stands_out)
            && !self
                .line(pe - 1)
                .trim_end()
                .ends_with(['.', '!', '?', ':', '"'])
    }

    fn extend_last(&mut self, end: usize) {
        let last = self.l(end - 1);
        let off_end = last.start + self.text[last.start..last.end].trim_end().len();
        if let (Some(b), Some(r)) = (self.blocks.last_mut(), self.block_lines.last_mut()) {
            b.off_end = off_end.max(b.off_end);
            r.1 = end;
        }
    }
}

/// A function's head as a reference manual writes it: a lower-case name (an atom, maybe
/// quoted: `'and'`, or after its module: `Module:init`), its arguments in parentheses, maybe an
/// arrow and its result (`open([Host]) -> {ok, Handle} | {error, Reason}`). Returns whether it
/// gives a result (`None`: no head).
fn function_head(t: &str) -> Option<bool> {
    let open = t.find('(')?;
    let name = &t[..open];
    let name = name.rsplit_once(':').map_or(name, |(m, f)| {
        if m.chars().all(|c| c.is_alphanumeric() || c == '_') {
            f
        } else {
            name
        }
    });
    let atom = name
        .strip_prefix('\'')
        .and_then(|n| n.strip_suffix('\''))
        .unwrap_or(name);
    let named = atom.starts_with(|c: char| c.is_ascii_lowercase())
        && atom.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !named {
        return None;
    }
    // The arguments close before the arrow, or at the end.
    let mut depth = 0i32;
    let close = t[open..].char_indices().find_map(|(i, ch)| {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(open + i)
    })?;
    let rest = t[close + 1..].trim();
    if rest.is_empty() {
        Some(false)
    } else {
        rest.starts_with("->").then_some(true)
    }
}

/// Whether the brackets of a function head's line all close (its result is not wrapped onto
/// the next line).
fn function_head_closed(t: &str) -> bool {
    let depth = t.chars().fold(0i32, |d, ch| match ch {
        '(' | '[' | '{' => d + 1,
        ')' | ']' | '}' => d - 1,
        _ => d,
    });
    depth <= 0 && !t.trim_end().ends_with([',', '|'])
}

/// Whether a line holds a word of some language (see `word`).
fn has_word(t: &str) -> bool {
    t.split(|c: char| !c.is_alphabetic()).any(word)
}

/// A run of letters that reads as a word, of three letters or more: in lower case, of two
/// different letters at least (`scp`, `sftp`, `the`); or with a vowel and three different
/// letters, in lower case after a capital (`Density`, `Fix`) or in capitals when five or more
/// (`SYNOPSIS`, `FILES`). Letters of other scripts always count. Not: `KAKA`, `PNR`, `SSi`,
/// `oOo`, `rFOrRNEH`, `aaa`: OCR's readings of a figure's labels.
fn word(w: &str) -> bool {
    if !w.is_ascii() {
        return true;
    }
    if w.len() < 3 {
        return false;
    }
    let mut letters: Vec<u8> = w.to_ascii_lowercase().into_bytes();
    letters.sort_unstable();
    letters.dedup();
    if w.bytes().all(|c| c.is_ascii_lowercase()) {
        return letters.len() >= 2;
    }
    let capital = w.bytes().skip(1).all(|c| c.is_ascii_lowercase());
    let caps = w.len() >= 5 && w.bytes().all(|c| c.is_ascii_uppercase());
    w.bytes().any(|c| b"aeiouyAEIOUY".contains(&c)) && letters.len() >= 3 && (capital || caps)
}

/// A label that names a chapter (`Chapter 4`, `Kapitel 4`), not a part or a section.
fn chapter_word(t: &str) -> bool {
    let w = t.split_whitespace().next().unwrap_or("").to_lowercase();
    [
        "chapter",
        "chapitre",
        "kapitel",
        "capítulo",
        "capitolo",
        "hoofdstuk",
        "kapitola",
    ]
    .contains(&w.as_str())
}

/// `Part II`: parts number apart from the chapters and sections inside them, so they do not
/// set the sequence that section numbers continue.
fn is_part(t: &str) -> bool {
    labelled_with(t, "part ")
}

/// Whether `t` starts with the label `word` (with its blank), case aside: `Part II`,
/// `Section 5.`.
fn labelled_with(t: &str, word: &str) -> bool {
    t.trim_start()
        .get(..word.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(word))
}

fn shape(rows: u32, cols: u32, header_rows: u32, grid_kind: &'static str) -> TableShape {
    TableShape {
        rows,
        cols,
        header_rows,
        grid_kind,
        cell_spans: Vec::new(),
    }
}

/// A line made of one punctuation character repeated (at least 3): an underline or rule.
fn rule_char(line: &str) -> Option<char> {
    let t = line.trim();
    let c = t.chars().next()?;
    if t.len() < 3 || !adornment(c) {
        return None;
    }
    // The rarer adornments take four: `>>>` is an empty interactive prompt.
    if t.len() < 4 && rare_adornment(c) {
        return None;
    }
    t.chars().all(|x| x == c).then_some(c)
}

/// The characters a rule or a reStructuredText adornment is drawn with.
fn adornment(c: char) -> bool {
    matches!(
        c,
        '=' | '-' | '~' | '^' | '*' | '+' | '#' | '"' | '\'' | '`' | ':' | '.' | '_'
    ) || rare_adornment(c)
}

/// Punctuation reStructuredText takes as a title's adornment that plain text rarely draws a
/// rule with (`The multiprocessing.sharedctypes module` over `>>>>>>…`, `Overriding the run
/// Method` over commas). Brackets, slashes and `%` are left out: a line of them is code
/// (`}}}}`, `//////`) or a comment rule more often than a title's underline.
fn rare_adornment(c: char) -> bool {
    matches!(c, '<' | '>' | '&' | ',' | '@')
}

/// Numbers of different families do not collide: `Chapter 2`, `2.`, `Appendix B`, `B.`.
fn number_key(n: &headings::Numbering) -> (u8, Vec<u32>) {
    let family = match n.kind {
        NumberKind::Dotted | NumberKind::Bare => 0,
        NumberKind::Chapter => 1,
        NumberKind::Appendix => 2,
        NumberKind::Letter => 3,
        NumberKind::Roman => 4,
    };
    (family, n.parts.clone())
}

/// A line that is only a section number: `1`, `1.2`, `1.2.`, `Chapter 4`, `Appendix B`.
fn number_only(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() || t.len() > 24 {
        return false;
    }
    let dotted = t.trim_end_matches('.');
    if !dotted.is_empty()
        && dotted
            .split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
        && dotted.split('.').count() <= 6
    {
        return true;
    }
    numbering_prefix_only(t)
}

/// `H.1.6`: an appendix's section number, alone.
fn appendix_number_alone(t: &str) -> bool {
    let mut parts = t.trim_end_matches('.').split('.');
    let letter = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    letter.len() == 1
        && letter.bytes().all(|b| b.is_ascii_uppercase())
        && (1..=5).contains(&rest.len())
        && rest
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `Chapter 4`, `Appendix B`, `Part II`: a label word and its number, nothing else.
fn numbering_prefix_only(t: &str) -> bool {
    headings::numbering(t).is_some_and(|n| {
        matches!(n.kind, NumberKind::Chapter | NumberKind::Appendix)
            && n.prefix_len >= t.trim().len()
    })
}

/// No lower-case letters and at least two capitals: `DESCRIPTION`, `SEE ALSO`.
fn is_caps(line: &str) -> bool {
    let mut upper = 0;
    for c in line.chars() {
        if c.is_lowercase() {
            return false;
        }
        upper += usize::from(c.is_uppercase());
    }
    upper >= 2
}

/// The character of `rule` when it underlines `title`: a rule at least 60 % as long.
fn underline_of(title: &str, rule: &str) -> Option<char> {
    rule_char(rule).filter(|_| rule.trim().chars().count() * 5 >= title.trim().chars().count() * 3)
}

/// `*** Title ***`: the same run of two or more `*`, `=`, `-`, `#`, `~` or `+` on both sides
/// of a text. Returns the framing character.
fn framed(line: &str) -> Option<char> {
    let t = line.trim();
    let c = t.chars().next()?;
    if !matches!(c, '*' | '=' | '-' | '#' | '~' | '+') {
        return None;
    }
    let lead = t.len() - t.trim_start_matches(c).len();
    let trail = t.len() - t.trim_end_matches(c).len();
    let inner = t.get(lead..t.len().checked_sub(trail)?)?;
    (lead >= 2 && lead == trail && inner.starts_with(' ') && inner.chars().any(char::is_alphabetic))
        .then_some(c)
}

/// `=====  ====  ===`: columns of a reST simple-table rule (two or more runs).
fn rule_columns(line: &str) -> Option<usize> {
    let t = line.trim();
    if t.is_empty() || !t.chars().all(|c| c == '=' || c == ' ') {
        return None;
    }
    let runs = t.split(' ').filter(|r| !r.is_empty()).count();
    (runs >= 2).then_some(runs)
}

fn is_grid_rule(r: &str) -> bool {
    r.starts_with('+') && r.len() >= 3 && r.chars().all(|c| matches!(c, '+' | '-' | '=' | ':'))
}

/// Fields of a CSV-like row; None when a quote is left open.
fn csv_fields(row: &str, delim: char) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut in_quotes = false;
    let mut start = 0;
    for (i, c) in row.char_indices() {
        match c {
            '"' => in_quotes = !in_quotes,
            c if c == delim && !in_quotes => {
                out.push(&row[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    if in_quotes {
        return None;
    }
    out.push(&row[start..]);
    Some(out)
}

/// Columns (in chars) where cells start, cells being separated by two or more spaces.
fn cell_starts(line: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut spaces = 0usize;
    for (col, c) in line.chars().enumerate() {
        if c == ' ' {
            spaces += 1;
        } else {
            if out.is_empty() || spaces >= 2 {
                out.push(col);
            }
            spaces = 0;
        }
    }
    out
}

/// Lines after a `Contents` title within which the table of contents may still run (a manual
/// of 13 chapters spreads its contents over 500 lines of extracted text).
const TOC_MAX_LINES: usize = 1200;

/// OCR of a contents entry: a title, then dot leaders read as short runs of dots among
/// stray letters and digits where the page number was (`5.1 Atomic lists .. 2... ee ee`). The
/// dots follow a word, and nothing after them is a word of four letters or more.
fn garbled_leaders(t: &str) -> bool {
    let Some(at) = t.find("..") else {
        return false;
    };
    let (head, tail) = (&t[..at], &t[at..]);
    head.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && head.ends_with(|c: char| c.is_alphabetic() || c == ' ')
        && tail.matches('.').count() >= 4
        && !tail
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().count() >= 4)
}

/// An unnumbered contents entry's title as a key: its words in lower case without the dot
/// leaders and page number after them (`Introduction . . . 3` and `Introduction` give
/// `introduction`); `None` for a line with no word of two letters.
fn toc_title(line: &str) -> Option<String> {
    let t = before_leaders(line.trim());
    let t = t.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    let t = t.trim_end_matches(['.', '…', ' ', '\u{a0}']);
    t.split_whitespace()
        .any(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .then(|| {
            t.split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
                .join(" ")
        })
}

/// A contents entry's text before its dot leaders, whatever OCR read after them
/// (`Introduction. ©... ee`); the whole line when what follows the dots has words.
fn before_leaders(t: &str) -> &str {
    match t.find("..") {
        Some(k)
            if !t[k..]
                .split_whitespace()
                .any(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3) =>
        {
            t[..k].trim_end_matches(|c: char| !c.is_alphanumeric())
        }
        _ => t,
    }
}

/// How a contents entry writes its title: `Some(true)` in sentence case (`2.1 Basic usage
/// for censored data . . . 3`), `Some(false)` in title case, `None` when it cannot tell
/// (fewer than two words of four letters or more after the first).
fn entry_case(line: &str) -> Option<bool> {
    let t = line.trim();
    let t = &t[headings::numbering(t).map_or(0, |n| n.prefix_len)..];
    let mut words = before_leaders(t).split_whitespace();
    let first = words.next()?;
    if !first.starts_with(char::is_uppercase) {
        return None;
    }
    let long: Vec<&str> = words
        .filter(|w| w.chars().all(char::is_alphabetic) && w.chars().count() >= 4)
        .collect();
    if long.len() < 2 {
        return None;
    }
    Some(!headings::title_case(&long.join(" ")))
}

/// A line of dot leaders alone (`. . . . .`, `......`, `…`), or with the page number after
/// them (`. . . . 7`): the middle or the end of a table-of-contents entry whose title text
/// extraction put on a line of its own.
fn leaders_only(line: &str) -> bool {
    let t = line.trim();
    let t = t
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end_matches([' ', '\u{a0}']);
    t.chars().filter(|&c| c == '.' || c == '…').count() >= 3
        && t.chars().all(|c| matches!(c, '.' | '…' | ' ' | '\u{a0}'))
}

/// A contents entry set with dot leaders, its page number after them or not (`2 Usage . . .
/// . 4`, `2.1 Operating system . . . .`).
fn contents_entry(t: &str) -> bool {
    ends_with_leaders(t)
        || (toc_line(t) && (t.contains("..") || t.contains(". .") || t.contains('…')))
}

/// A title, then dot leaders to the end of the line (`2.1 Operating system . . . . .`): a
/// contents entry whose page number text extraction put on a line of its own.
fn ends_with_leaders(line: &str) -> bool {
    let t = line.trim_end();
    let head = t.trim_end_matches(['.', '…', ' ', '\u{a0}']);
    let tail = &t[head.len()..];
    head.chars().any(char::is_alphabetic)
        && tail.chars().filter(|&c| c == '.' || c == '…').count() >= 4
        && (tail.contains("..") || tail.contains(". .") || tail.contains('…'))
}

/// A person's name as a title page sets it: two to four words, each an initial
/// (`Ιωάννης Π. Μαντζουράτος`) or capitalized parts in lower case after their first letter,
/// joined by a hyphen or an apostrophe (`Henrik Singmann`, `Jean-Luc Picard`, `Mary O'Neil`),
/// and no other character.
fn person_name(t: &str) -> bool {
    let initial = |w: &str| {
        let mut cs = w.chars();
        matches!((cs.next(), cs.next(), cs.next()), (Some(c), Some('.'), None) if c.is_uppercase())
    };
    let capitalized = |part: &str| {
        let mut cs = part.chars();
        cs.next().is_some_and(char::is_uppercase) && cs.all(char::is_lowercase)
    };
    let words: Vec<&str> = t.split_whitespace().collect();
    (2..=4).contains(&words.len())
        && words.iter().all(|w| {
            initial(w)
                || (w.chars().any(char::is_lowercase) && w.split(['-', '\'', '’']).all(capitalized))
        })
}

/// `Contents`, `CONTENTS`, `Table of Contents`, `Content`, and the same in a few other
/// languages (`Obsah`, `Inhaltsverzeichnis`): the title of a table of contents.
fn is_contents_title(line: &str) -> bool {
    let t = line.trim().to_lowercase();
    matches!(
        t.as_str(),
        "contents"
            | "content"
            | "table of contents"
            | "sommaire"
            | "table des matières"
            | "inhaltsverzeichnis"
            | "inhalt"
            | "obsah"
            | "spis treści"
            | "содержание"
            | "оглавление"
    )
}

/// A reStructuredText underline of two characters under a title as wide (`QA` / `~~`, `锁` /
/// `--`): docutils takes one as long as its title.
fn rest_short_underline(title: &str, rule: &str) -> Option<char> {
    let r = rule.trim();
    let c = r.chars().next()?;
    let width: usize = title
        .trim()
        .chars()
        .map(|ch| if is_wide(ch) { 2 } else { 1 })
        .sum();
    // One character under one letter (an index's `A` / `-`) is as long as its title too.
    ((r.len() == 2 || (r.len() == 1 && width == 1))
        && r.chars().all(|x| x == c)
        // Not `::`, `..`, `__`, `''`: two of those under a word are markup of their own.
        && adornment(c)
        && !rare_adornment(c)
        && !matches!(c, ':' | '.' | '_' | '\'')
        && (1..=2).contains(&width)
        && title.chars().any(char::is_alphanumeric))
    .then_some(c)
}

/// A program's name, a dash and what it does, as a manual page's `NAME` line has it
/// (`hmmconvert - convert profile file to various formats`, `git-rebase — reapply commits`).
fn program_purpose(t: &str) -> bool {
    let Some((name, purpose)) = t.split_once(" - ").or_else(|| t.split_once(" — ")) else {
        return false;
    };
    !name.is_empty()
        && !name.contains(' ')
        && name.starts_with(|c: char| c.is_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'))
        && purpose.split_whitespace().count() >= 2
        && purpose.chars().filter(|c| c.is_ascii_punctuation()).count() <= 3
}

/// East Asian wide characters: CJK ideographs, kana, hangul and full-width forms.
fn is_wide(ch: char) -> bool {
    matches!(ch, '\u{1100}'..='\u{115F}' | '\u{2E80}'..='\u{A4CF}' | '\u{AC00}'..='\u{D7A3}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFE6}')
}

/// An Emacs key sequence's first chord: modifiers `C-`, `M-`, `s-`, `S-`, `H-`, `A-` before a
/// key of one or two characters, none a capital and not all digits (`C-g`, `C-M-p`, `M-x`;
/// `C-xt` and `C-xC-s` as OCR joins `C-x t` and `C-x C-s`; not `A-Z`, `C-API` or `H-1`).
fn key_chord(w: &str) -> bool {
    let modifier = |s: &str| {
        let b = s.as_bytes();
        b.len() >= 2 && matches!(b[0], b'C' | b'M' | b's' | b'S' | b'H' | b'A') && b[1] == b'-'
    };
    let mut rest = w;
    let mut modifiers = 0;
    while modifier(rest) {
        rest = &rest[2..];
        modifiers += 1;
    }
    // The key runs to the next chord, if any.
    let end = rest
        .char_indices()
        .find(|&(k, _)| k > 0 && modifier(&rest[k..]))
        .map_or(rest.len(), |(k, _)| k);
    let key = &rest[..end];
    modifiers > 0
        && (1..=2).contains(&key.chars().count())
        && !key.chars().any(char::is_uppercase)
        && !key.chars().all(|c| c.is_ascii_digit())
}

/// A texinfo definition's category in brackets: `[Function File]`, `[User Option]`,
/// `[Command]`, `[Special Form]`.
fn definition_category(t: &str) -> bool {
    const KINDS: [&str; 16] = [
        "function",
        "command",
        "variable",
        "option",
        "macro",
        "method",
        "form",
        "class",
        "constant",
        "type",
        "procedure",
        "operator",
        "instance",
        "accessor",
        "record",
        "file",
    ];
    let inner = t.trim().trim_start_matches('[').trim_end_matches(']');
    inner.split_whitespace().count() <= 3
        && inner
            .split_whitespace()
            .any(|w| KINDS.contains(&w.to_lowercase().as_str()))
}

/// A line in brackets and nothing else, as a texinfo definition's category (`[Function
/// File]`) or argument template (`[expression ]`) stands when the text is extracted.
fn bracketed(t: &str) -> bool {
    let t = t.trim();
    (3..=40).contains(&t.len())
        && t.starts_with('[')
        && t.ends_with(']')
        && !t[1..t.len() - 1].contains(['[', ']'])
        && t.chars().any(char::is_alphabetic)
}

/// `ip_default_ttl - INTEGER`, `neigh/default/gc_thresh1 - INTEGER`: a snake_case name (a
/// path of them), a spaced dash, and what it is.
fn variable_entry(t: &str) -> bool {
    t.split_once(" - ").is_some_and(|(name, what)| {
        name.contains('_')
            && !what.trim().is_empty()
            && name.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '/' | '*')
            })
    })
}

/// A reStructuredText explicit markup line: a directive (`.. code-block:: python`), a
/// hyperlink target (`.. _label:`), a substitution (`.. |name| image:: …`), a footnote
/// (`.. [1] …`) or a comment that opens on a word.
fn rest_explicit_markup(line: &str) -> bool {
    let Some(rest) = line.strip_prefix(".. ") else {
        return false;
    };
    if let Some(label) = rest.strip_prefix('_') {
        return label.trim_end().ends_with(':') && label.len() > 1;
    }
    if rest.starts_with('|') || rest.starts_with('[') {
        return rest.contains("] ") || rest.contains("| ");
    }
    // A directive (`.. code-block:: python`), or a comment (`.. SPDX-License-Identifier:
    // GPL-2.0`, `.. CONTENTS` over an indented list) that opens on a word.
    rest.starts_with(|ch: char| ch.is_ascii_alphabetic())
}

/// reStructuredText's inline markup: an interpreted text role (`:class:`Foo``,
/// `:py:meth:`run``) or a named hyperlink reference (`` `Stripe <https://stripe.com>`_ ``).
fn rest_inline_markup(line: &str) -> bool {
    line.contains(">`_")
        || line.match_indices(":`").any(|(at, _)| {
            let name = &line[..at];
            let start = name
                .rfind(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, ':' | '-' | '+')))
                .map_or(0, |i| i + 1);
            let role = &name[start..];
            role.starts_with(':')
                && role.len() >= 3
                && role[1..].starts_with(|ch: char| ch.is_ascii_lowercase())
                && (start == 0 || line[..start].ends_with([' ', '(', '"', '\'']))
        })
}

/// A table-of-contents entry: text, then dot leaders or a wide gap, then a page number.
fn toc_line(line: &str) -> bool {
    let t = line.trim_end();
    if t.len() > MAX_SHAPE_LINE {
        return false;
    }
    if garbled_leaders(t) {
        return true;
    }
    let num_start =
        t.trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, 'i' | 'v' | 'x'));
    if num_start.len() == t.len() || !num_start.chars().any(char::is_alphabetic) {
        return false;
    }
    let before = num_start.trim_end_matches(' ');
    let gap = num_start.len() - before.len();
    // OCR collapses dot leaders: "Exchanges . 50".
    let leaders = before.ends_with("..")
        || before.ends_with(". .")
        || before.ends_with(" .")
        || before.ends_with('…');
    // A trailing roman "page" must be a whole word.
    let tail = &t[num_start.len()..];
    let roman_ok = tail.chars().all(|c| c.is_ascii_digit()) || gap > 0;
    roman_ok && (leaders || (gap >= 2 && before.chars().any(char::is_alphabetic)))
}

/// Whether a line starts a list item (`-`, `*`, `•`, `1.`, `a)`, `(i)`).
pub fn list_marker_start(line: &str) -> bool {
    list_marker(line).is_some()
}

/// The bullet family of a list item's first line: `-`, `*`, `•`, `1.`, `a)`, `(i)`.
fn list_marker(line: &str) -> Option<u8> {
    let t = line.trim_start();
    let mut chars = t.chars();
    let c = chars.next()?;
    let next = chars.next();
    if matches!(c, '-' | '*' | '+' | '•' | '·' | '‣' | '◦' | '▪' | '–' | 'o') && next == Some(' ')
    {
        return Some(if c == 'o' { 1 } else { 0 });
    }
    let end = t.find([')', '.'])?;
    if end == 0 || end > 4 || !t[end + 1..].starts_with(' ') {
        return None;
    }
    let label = t[..end].trim_start_matches('(');
    if label.chars().all(|c| c.is_ascii_digit()) && !label.is_empty() {
        return Some(2);
    }
    if label.len() == 1 && label.chars().all(|c| c.is_ascii_lowercase()) {
        return Some(3);
    }
    if !label.is_empty() && label.chars().all(|c| matches!(c, 'i' | 'v' | 'x')) {
        return Some(4);
    }
    None
}

/// Prefixes written with a hyphen before a word ("non-zero", "self-test").
const HYPHEN_PREFIXES: &[&str] = &[
    "non", "self", "cross", "counter", "anti", "semi", "pseudo", "quasi", "half", "well",
];

/// Byte offset just after the last char of `s` matching `pred` (0 when none does).
fn after_last(s: &str, pred: impl Fn(char) -> bool) -> usize {
    s.char_indices()
        .rev()
        .find(|&(_, c)| pred(c))
        .map_or(0, |(p, c)| p + c.len_utf8())
}

/// Deletions that repair words hyphenated at line ends inside prose and list blocks, and how
/// many words were joined.
fn hyphenation(
    text: &str,
    lines: &[Line],
    content: &[usize],
    blocks: &[Block],
    block_lines: &[(usize, usize)],
) -> (Vec<(usize, usize)>, u32) {
    let mut cands: Vec<(usize, usize, usize, String, String, bool)> = Vec::new();
    for (b, &(a, e)) in blocks.iter().zip(block_lines) {
        if !matches!(b.kind, BlockType::Prose | BlockType::List) {
            continue;
        }
        for c in a..e.saturating_sub(1) {
            let (l, r) = (&lines[content[c]], &lines[content[c + 1]]);
            // Next line of the same paragraph: only furniture between, or a page break.
            let between = &lines[content[c] + 1..content[c + 1]];
            let page_break = l.page != r.page || between.iter().any(|x| x.removed);
            if !page_break && !between.is_empty() {
                continue;
            }
            let left = text[l.start..l.end].trim_end();
            let Some((stem, hyphen_len)) = left
                .strip_suffix('-')
                .map(|s| (s, 1))
                .or_else(|| left.strip_suffix('\u{2010}').map(|s| (s, 3)))
            else {
                continue;
            };
            let word_start = after_last(stem, char::is_whitespace);
            let token = &stem[word_start..];
            let piece_start = after_last(token, |c| !c.is_alphabetic());
            let piece = &token[piece_start..];
            if piece.is_empty() || !piece.chars().last().is_some_and(char::is_lowercase) {
                continue;
            }
            // A compound already hyphenated, or a path/URL/number: the hyphen is real.
            // `state-of-the-` + `art`; the leading dashes of `--verba-` + `tim` do not count.
            let compound = token[..piece_start].trim_start_matches('-').contains('-');
            if token[..piece_start]
                .chars()
                .any(|c| c.is_ascii_digit() || matches!(c, '/' | '.' | ':' | '_' | '@'))
            {
                continue;
            }
            let right_text = text[r.start..r.end].trim_start();
            let right: String = right_text
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            if !right
                .chars()
                .next()
                .is_some_and(|c| c.is_lowercase() || c.is_ascii_digit())
            {
                continue;
            }
            let hyphen_at = l.start + stem.len();
            let next_text = r.start + (r.end - r.start - right_text.len());
            cands.push((
                hyphen_at,
                hyphen_len,
                next_text,
                piece.to_lowercase(),
                right.to_lowercase(),
                compound,
            ));
        }
    }
    if cands.is_empty() {
        return (Vec::new(), 0);
    }
    // The document's own spelling decides where it can: its words, the parts of its
    // hyphenated compounds, and which parts stand side by side in a compound.
    // Only the pieces and joined forms of the candidates are counted, so the scan allocates
    // nothing for the other words.
    let mut needed: HashSet<String> = HashSet::new();
    for (_, _, _, left, right, _) in &cands {
        needed.insert(left.clone());
        needed.insert(right.clone());
        needed.insert(format!("{left}{right}"));
    }
    let mut words: HashMap<String, u32> = HashMap::new();
    let mut parts: HashMap<String, u32> = HashMap::new();
    let mut pairs: HashMap<(String, String), u32> = HashMap::new();
    let mut buf = String::new();
    for w in text.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
        let w = w.trim_matches('-');
        if w.is_empty() || w.len() > 64 {
            continue;
        }
        let compound = w.contains('-');
        let mut prev_part: Option<String> = None;
        for p in w.split('-').filter(|p| !p.is_empty()) {
            buf.clear();
            buf.extend(p.chars().flat_map(char::to_lowercase));
            let known = needed.contains(buf.as_str());
            if known {
                let m = if compound { &mut parts } else { &mut words };
                *m.entry(buf.clone()).or_default() += 1;
            }
            if compound {
                if let (Some(prev), true) = (&prev_part, known) {
                    *pairs.entry((prev.clone(), buf.clone())).or_default() += 1;
                }
                prev_part = needed.contains(buf.as_str()).then(|| buf.clone());
            }
        }
    }
    // The split pieces themselves were counted: take them out again.
    for (_, _, _, left, right, compound) in &cands {
        let m = if *compound { &mut parts } else { &mut words };
        if let Some(n) = m.get_mut(left.as_str()) {
            *n = n.saturating_sub(1);
        }
        if let Some(n) = words.get_mut(right.as_str()) {
            *n = n.saturating_sub(1);
        }
    }
    let mut dels = Vec::with_capacity(cands.len());
    let mut joins = 0;
    for (hyphen_at, hyphen_len, next_text, left, right, compound) in cands {
        let count = |m: &HashMap<String, u32>, k: &str| m.get(k).copied().unwrap_or(0);
        let joined_word = format!("{left}{right}");
        let joined = count(&words, &joined_word) + count(&parts, &joined_word);
        let hyphenated = pairs
            .get(&(left.clone(), right.clone()))
            .copied()
            .unwrap_or(0);
        // Two words the document uses on their own ("human-readable"), or a prefix that
        // keeps its hyphen ("non-zero") before a word of the document.
        let left_word = (left.chars().count() >= 3 && count(&words, &left) > 0)
            || HYPHEN_PREFIXES.contains(&left.as_str());
        let both_words = left_word && count(&words, &right) > 0;
        let keep = if joined != hyphenated {
            hyphenated > joined
        } else {
            // Unseen either way: a chain ("state-of-the-" + "art") or two words keep it.
            compound || both_words
        };
        if keep {
            dels.push((hyphen_at + hyphen_len, next_text));
        } else {
            dels.push((hyphen_at, next_text));
            joins += 1;
        }
    }
    (dels, joins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_case_labels_before_titles() {
        assert_eq!(lower_label("a) Purpose"), Some(3));
        assert_eq!(lower_label("ii. Install the Nagios Plugins"), Some(4));
        assert_eq!(lower_label("vii.  Customize"), Some(6));
        assert_eq!(lower_label("a) lower case"), None);
        assert_eq!(lower_label("and. Then"), None);
        assert_eq!(lower_label("iv."), None);
        assert_eq!(lower_label("A) Capital"), None);
        assert_eq!(lower_label("ic. Not roman"), None);
    }

    fn run(src: &str) -> TextExtraction {
        extract(
            Canonical::from_bytes(src.as_bytes()),
            &TextConfig::default(),
        )
    }

    fn headings(x: &TextExtraction) -> Vec<(u8, &str)> {
        x.blocks
            .iter()
            .filter_map(|b| b.heading.as_ref().map(|h| (h.level, h.title.as_str())))
            .collect()
    }

    /// A text of these lines, each right over `body`.
    fn each_over(lines: &[&str], body: &str) -> String {
        lines.iter().map(|l| format!("{l}\n{body}")).collect()
    }

    /// The heading titles plain-text extraction finds in `src`.
    fn titles(src: &str) -> Vec<String> {
        headings(&run(src))
            .into_iter()
            .map(|h| h.1.to_string())
            .collect()
    }

    /// Typeset text: `(line, size ratio)` per line, blank lines as `("", 0.0)`, a line that
    /// starts with a form feed opening a page, with the hints a page layout would hand over
    /// (one line per 14 points, bold where bigger than the body).
    fn typeset(lines: &[(&str, f32)]) -> TextExtraction {
        let src: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
        let mut page = 0;
        let mut row = 0.0;
        let hints = Hints {
            lines: lines
                .iter()
                .map(|&(l, size)| {
                    if l.starts_with('\u{c}') {
                        page += 1;
                        row = 0.0;
                    }
                    row += 14.0;
                    let width = 6.0 * l.len() as f32;
                    (!l.is_empty()).then(|| LineHint {
                        bbox: [72.0, 60.0 + row, 72.0 + width, 72.0 + row],
                        page,
                        typography: headings::Typography {
                            size_ratio: size,
                            bold: size > 1.0,
                            italic: false,
                        },
                        size_bin: (size * 10.0) as u16,
                        ..LineHint::default()
                    })
                })
                .collect(),
            tables: Vec::new(),
        };
        extract_with(
            Canonical::from_bytes(src.as_bytes()),
            &TextConfig::default(),
            Some(&hints),
        )
    }

    /// The titles of navigation pages are no section titles, whatever the language: `Content`
    /// and `Inhalt` over the list of a document's parts as much as `Contents`.
    #[test]
    fn navigation_titles_in_type_are_no_headings() {
        let body = "The program moves each point of the mesh a little closer to where it ends.";
        for nav in ["Contents", "Content", "Inhalt", "List of Figures"] {
            let x = typeset(&[
                ("A Guide to Meshes", 2.0),
                ("", 0.0),
                (body, 1.0),
                (body, 1.0),
                (&format!("\u{c}{nav}"), 1.6),
                ("", 0.0),
                (body, 1.0),
                (body, 1.0),
                ("\u{c}1 Introduction", 1.6),
                ("", 0.0),
                (body, 1.0),
                (body, 1.0),
                ("", 0.0),
                ("2 Usage", 1.6),
                ("", 0.0),
                (body, 1.0),
                (body, 1.0),
            ]);
            let found: Vec<&str> = headings(&x).into_iter().map(|h| h.1).collect();
            assert_eq!(found, ["1 Introduction", "2 Usage"], "{nav}");
        }
    }

    /// The pages before a table of contents near the start of a paged text (a title page, a
    /// revision history) hold no sections, but for a named one (`Abstract`); the titles
    /// after the contents are headings as before.
    #[test]
    fn pages_before_the_contents_hold_no_sections() {
        let body = |w: &str| {
            format!(
                "The program moves each {w} of the mesh a little closer to where it ends.\n\
                 The {w} steps are repeated until the two images meet halfway.\n"
            )
        };
        let mut src = String::from(
            "Mesh Morphing\n\nDesign of smooth transitions between images\n\n\
             WRITTEN BY\n\nAnna Berg\n\nREVISION HISTORY\n\nNUMBER DATE\n\n\
             Abstract\n\n",
        );
        src.push_str(&body("point"));
        src.push_str("\x0cContents\n\n1 Introduction . . . . 3\n2 Usage . . . . 4\n");
        for (t, w) in [
            "1 Introduction",
            "2 Usage",
            "3 Limits",
            "4 Tuning",
            "5 Credits",
        ]
        .iter()
        .zip(WORDS)
        {
            src.push_str(&format!("\x0c{t}\n\n{}", body(w)));
        }
        assert_eq!(
            titles(&src),
            [
                "Abstract",
                "Contents",
                "1 Introduction",
                "2 Usage",
                "3 Limits",
                "4 Tuning",
                "5 Credits"
            ]
        );
    }

    /// A contents entry whose title and leaders the extraction set on lines of their own, the
    /// page number after the leaders (`1.2.1 Maps as Lists` / `. . . . . 7`): the leaders
    /// are no paragraph, so the contents run on and the entries under them head nothing.
    #[test]
    fn leaders_with_their_page_number_keep_the_contents_going() {
        let leaders = ". ".repeat(30);
        let body = "This type needs to go through various hoops to be used by the library.\n\
                    Its members are kept in a vector that grows as elements are added.\n";
        let src = format!(
            "Table of Contents\n\
             1 Work in progress . . . . . . . 5\n\
             1.1 The type t_CLOSURE . . . . . . . 5\n\
             1.1.1 Debugging information in closure\n\n{leaders}6\n\n\
             1.2 The type t_LIST . . . . . . . 6\n\
             1.2.1 Maps as Lists\n\n{leaders}7\n\n\
             1.3 Protection of noninterruptible code . . . . . . . 8\n\n\
             1 Work in progress\n\n{body}\n\
             1.1 The type t_CLOSURE\n\n{body}\n\
             1.2 The type t_LIST\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "1 Work in progress",
                "1.1 The type t_CLOSURE",
                "1.2 The type t_LIST"
            ]
        );
    }

    /// A GAP manual's right-hand pages head `Section 5. Q-Classes` under the page number, the
    /// section itself being `1.5 Q-Classes`: that line names a section opened a page or a few
    /// before (or on the next), with or without the page number after it; it opens none.
    /// `Section 2. Results` over its text, with no such section near, is a heading as before.
    #[test]
    fn a_section_label_naming_a_numbered_section_is_its_running_title() {
        let para = |w: &str| {
            format!(
                "The {w} classes of the catalog are listed by dimension and by system here.\n\
                 Each {w} class is given by generators and the size of its group.\n\n"
            )
        };
        let mut src = String::from("1.4 Systems\n\n");
        src.push_str(&para("alpha"));
        src.push_str("1.5 Q-Classes\n\n");
        src.push_str(&para("bravo"));
        src.push_str("\x0c7\n\nSection 5. Q-Classes\n\n");
        src.push_str(&para("charlie"));
        src.push_str("1.6 Z-Classes\n\n");
        src.push_str(&para("delta"));
        src.push_str("\x0cSection 6. Z-Classes 9\n\n");
        src.push_str(&para("echo"));
        let found = titles(&src);
        assert_eq!(found, ["1.4 Systems", "1.5 Q-Classes", "1.6 Z-Classes"]);
        let other = format!("Section 2. Results\n\n{}", para("foxtrot"));
        assert_eq!(titles(&other), ["Section 2. Results"]);
    }

    /// A `Contents` line as the text's last line starts contents with no line in them.
    #[test]
    fn a_contents_title_at_the_very_end_is_read() {
        let src = "Title page\n\nSome text of the first page, long enough to be a paragraph.\n\
                   \x0cMore text on the second page, long enough to be a paragraph.\n\nContents\n";
        let x = run(src);
        assert!(
            x.canonical.trim_end().ends_with("Contents"),
            "{}",
            x.canonical
        );
    }

    /// A table of contents under `Content`, or under its title in another language (`Obsah`),
    /// lists the titles that follow: a sentence-case line alone between blank lines that it
    /// names is a title (`Polygon clipping`), and the entries themselves are none.
    #[test]
    fn contents_under_other_titles_name_the_titles() {
        let body = "The program moves each point of the mesh a little closer to where it ends.\n\
                    The steps are repeated until the two images meet halfway in the middle.\n";
        for title in ["Content", "Obsah"] {
            let src = format!(
                "{title}\nDocument history.............................2\n\
                 Polygon clipping.............................8\n\
                 Program design...............................10\n\n\n\
                 Document history\n\n{body}\n\n\
                 Polygon clipping\n\n{body}\n\nProgram design\n\n{body}"
            );
            let got = titles(&src);
            for t in ["Polygon clipping", "Program design"] {
                assert!(got.iter().any(|g| g == t), "{title}: {t} in {got:?}");
            }
            assert!(!got.iter().any(|g| g.contains("....")), "{title}: {got:?}");
        }
    }

    /// Titles the contents list stay titles where the text stacks them (`Protocol` right over
    /// `Requests`, over an indented line) and where four of them in a row head a line each
    /// (`Requests`, `Events`, `Errors`): not the terms of a definition list.
    #[test]
    fn listed_titles_stack_and_head_short_sections() {
        let leaders = ".".repeat(40);
        let entries: String = [
            "Introduction",
            "  Prerequisites",
            "Hooks",
            "Protocol",
            "  Requests",
            "  Events",
            "  Errors",
        ]
        .iter()
        .map(|t| format!("{t} {leaders} 3\n"))
        .collect();
        let none = "     The extension does not define any protocol of its own.\n";
        let src = format!(
            "Contents\n\n{entries}\n\n\
             Introduction\nPrerequisites\n     This document is for programmers who write \
             security modules for the server.\n\n\
             Hooks\n\nEach hook is called with the client and the resource it asks for, and \
             answers whether the request may go on.\n\n\
             Protocol\nRequests\n{none}\nEvents\n{none}\nErrors\n{none}"
        );
        let got = titles(&src);
        for t in [
            "Introduction",
            "Prerequisites",
            "Protocol",
            "Requests",
            "Events",
            "Errors",
        ] {
            assert!(got.iter().any(|g| g == t), "{t} in {got:?}");
        }
    }

    /// A title right over a callout's label (`Paragraph Alignment` / `NOTE`, as AsciiDoc
    /// typesets an admonition that opens a section) is a title; the label is not.
    #[test]
    fn a_title_over_a_callout_label_is_a_heading() {
        let note = "These features are verified by the tests of the package.\n\n\
                    You can set the alignment of a paragraph with the environments below, \
                    one for each side of the page.\n";
        let src = format!(
            "Text Formatting\nNOTE\n\n{note}\nParagraph Alignment\nNOTE\n\n{note}\n\
             Cross References\nTip:\n\n{note}"
        );
        assert_eq!(
            titles(&src),
            ["Text Formatting", "Paragraph Alignment", "Cross References"]
        );
    }

    /// A document's title right over `Table of Contents` leaves the contents to start there,
    /// so the titles it lists count where they come round: `Block quotations` over a
    /// callout's label, and `License` right over a line of text, which ends the contents.
    #[test]
    fn contents_under_the_document_title_name_the_titles() {
        let leaders = " .".repeat(30);
        let src = format!(
            "tex2mn manual\nTable of Contents\nLicense{leaders} 1\nBlock quotations{leaders} 2\n\
             Ordered lists{leaders} 3\n\n\n\
             License\nCopyright © 2020 Keith Packard, Michael Ward\n\n\
             This manual is released under the terms of the licence that covers the package.\n\n\
             Block quotations\nNOTE\n\nThese features are verified by the tests of the package.\n\n\
             Ordered lists\nNOTE\n\nThese features are verified by the tests of the package.\n"
        );
        let got = titles(&src);
        for t in ["License", "Block quotations", "Ordered lists"] {
            assert!(got.iter().any(|g| g == t), "{t} in {got:?}");
        }
    }

    /// A numbered title the contents list is in sequence even when the titles before it were
    /// lost (text from a PDF folds them into the table or list under them): `4. Delta` after
    /// `1. Alpha` skips two numbers, and the contents say it is a section all the same.
    #[test]
    fn a_numbered_title_the_contents_list_is_in_sequence() {
        let body = "The tool reads the sequence and shows it in the map for the reader here.\n\n";
        let src = format!(
            "Contents\n\n1. Alpha........ 1\n2. Beta........ 2\n3. Gamma........ 3\n\
             4. Delta........ 4\n\n\x0c1. Alpha\n\n{body}4. Delta\n\n{body}"
        );
        assert_eq!(titles(&src), ["Contents", "1. Alpha", "4. Delta"]);
    }

    /// A title with a lower-case label (`a) Purpose`) is a list item's shape, but when the
    /// contents list it so, it is a section: scored after its label, as typeset ones are.
    #[test]
    fn a_lettered_title_the_contents_list_is_a_heading() {
        let body =
            "The addon runs the plugins on the remote machines and reports what they find.\n";
        let src = format!(
            "Contents\n\n1. Introduction........ 2\n   a) Purpose........ 2\n\
             \x20  b) Design Overview........ 3\n2. Usage........ 4\n\n\x0c\
             1. Introduction\n\na) Purpose\n{body}\nb) Design Overview\n{body}\n\
             2. Usage\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "Contents",
                "1. Introduction",
                "a) Purpose",
                "b) Design Overview",
                "2. Usage"
            ]
        );
    }

    /// A numbered title right over the bullets of a list whose items the extraction set
    /// apart (`1. Conventions` / `•` / `•` / blank / the items) is a heading; a numbered line
    /// over a longer line of text is still the start of a paragraph.
    #[test]
    fn a_numbered_title_over_lone_bullets_is_a_heading() {
        let src = "I. Introduction\n\n\
                   1. Conventions\n•\n•\n\n\
                   Keys are marked like this in the text of the manual\n\
                   Menus and buttons are marked like this in the text of the manual\n\n\
                   2. Copyright\n•\n•\n\n\
                   The program is free software under the terms of the licence\n\
                   The manual is free documentation under the terms of the licence\n\n\
                   3. Run it\nwith the options the next chapter names, one after the other.\n";
        assert_eq!(
            titles(src),
            ["I. Introduction", "1. Conventions", "2. Copyright"]
        );
    }

    /// A roman chapter number next in sequence right over its first section's title and the
    /// text (`II. Tools` / `1. Ligation` / …: text from a PDF drops the space between the
    /// titles) is a chapter; a roman number out of sequence over a numbered line is not.
    #[test]
    fn a_roman_chapter_over_its_first_section_is_a_heading() {
        let body = "The dialog joins two or more fragments and shows what comes out.\n\
                    Products can be made new sequences with one click of a button.\n";
        let src = format!(
            "I. Introduction\n\n1. Purpose\n{body}\n2. Conventions\n{body}\n\
             II. Tools\n1. Ligation\n{body}\n2. Options\n{body}\n\
             V. Plan\n1. Sequence the rest of the fragments.\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "I. Introduction",
                "1. Purpose",
                "2. Conventions",
                "II. Tools",
                "1. Ligation",
                "2. Options"
            ]
        );
    }

    /// Items labelled in lower-case roman numerals from `i.` in the section of a title with a
    /// lower-case letter label (`b) Remote Host Setup`), each over its text, are titles one
    /// level below it; the next lettered title comes back up. Such items with no text under
    /// them (a list), or a lettered list in the text (`h.`, `i.` counting letters), stay
    /// prose.
    #[test]
    fn roman_items_under_a_lettered_title_are_its_subsections() {
        let body = "The steps below were tried on a generic Linux host with the usual tools.\n";
        let src = format!(
            "Contents\n\na) Prerequisites........ 2\nb) Remote Host Setup........ 2\n\
             c) Monitoring Host Setup........ 3\n\n\n\
             a) Prerequisites\n{body}\n\
             b) Remote Host Setup\n\n\
             i. Account Setup\n{body}\n\
             ii. Install the Plugins\n{body}\n\
             iii. Open Firewall Rules\n{body}\n\
             c) Monitoring Host Setup\n{body}\n\
             The check can then be run in three ways:\n\n\
             i. From the Command Line\n\nii. From the Scheduler\n\n\
             h. Read the answers first.\n\ni. Ask a question on the list.\n"
        );
        assert_eq!(
            headings(&run(&src)),
            [
                (1, "Contents"),
                (1, "a) Prerequisites"),
                (1, "b) Remote Host Setup"),
                (2, "i. Account Setup"),
                (2, "ii. Install the Plugins"),
                (2, "iii. Open Firewall Rules"),
                (1, "c) Monitoring Host Setup"),
            ]
        );
    }

    /// A chapter number next after the last heading's is a title over any first line of its
    /// text, a table's first cell or a short lead-in to a list (`2. Special menus` /
    /// `View/Show 3'->5'`, `3. Display` / `Displayed are`), in a chapter whose sections number
    /// from 1 again; an item of a numbered list under a title that its number happens to
    /// continue is none (`6. Step 6` under `5. Steps`, after the list's items 1 to 5), and
    /// neither is the lead-in (`Displayed are` ends with a verb).
    #[test]
    fn sections_that_continue_the_numbering_head_short_first_lines() {
        let body = "The tree on the left of the map shows all parts of the current sequence.";
        let steps: String = (1..=6)
            .map(|k| format!("{k}. Step {k}\nRun the program with option {k}.\n\n"))
            .collect();
        let src = format!(
            "I. About\n\n1. Conventions\n{body}\n\nII. DNA\n\n1. Open and display\n{body}\n\n\
             2. Special menus\nView/Show 3'->5'\n\nShow the complementary strand in the map\n\n\
             3. Display\nDisplayed are\n\n• features\n• restriction sites\n\n\
             4. Mouse actions\nAction on\nBackground\n\n5. Steps\n{body}\n\n{steps}"
        );
        let doc = run(&src);
        let got = headings(&doc);
        let titles: Vec<&str> = got.iter().map(|(_, t)| *t).collect();
        for t in [
            "2. Special menus",
            "3. Display",
            "4. Mouse actions",
            "5. Steps",
        ] {
            assert!(titles.contains(&t), "{t} in {got:?}");
        }
        for t in ["Displayed are", "6. Step 6", "1. Step 1"] {
            assert!(!titles.contains(&t), "{t} in {got:?}");
        }
    }

    /// A history told year by year: a year is the whole title of a numbered section that
    /// continues the numbering, over a blank line or right over its text (`1.1.2 2004` /
    /// `tlmgr gained …`); a year in a numbered list out of sequence heads nothing.
    #[test]
    fn years_that_continue_the_numbering_are_titles() {
        let src = "1 History\n\nThe distribution has changed every year since it began.\n\n\
                   1.1 Past\n\nThe first releases came on a disc with the user group's journal.\n\n\
                   1.1.1 2003\n\nThe release no longer fitted on one disc, so it was split in three.\n\n\
                   1.1.2 2004\ntlmgr gained updates from more than one repository at a time.\n\n\
                   1.1.3 2006–2007\n\nThe new engines came with their own fonts and formats.\n\n\
                   Prices by year:\n\n4.2 2005\n\nThe list above was not complete.\n";
        assert_eq!(
            titles(src),
            [
                "1 History",
                "1.1 Past",
                "1.1.1 2003",
                "1.1.2 2004",
                "1.1.3 2006–2007"
            ]
        );
    }

    /// A numbered title in capitals at a page's top is no running title when it comes next in
    /// sequence: each chapter here opens its page (`1. INTRODUCTION` after the contents); the
    /// running title over the page after a chapter's opening (`3. LIMITS` again) stays none.
    #[test]
    fn a_chapter_in_capitals_that_opens_a_page_is_no_running_title() {
        let heads: Vec<String> = [
            "Contents\n\n1. Introduction........ 2\n2. Usage........ 4\n3. Limits........ 6",
            "1. INTRODUCTION",
            "The introduction goes on over this page with more of the same.",
            "2. USAGE",
            "The usage goes on over this page with more of the same.",
            "3. LIMITS",
            "3. LIMITS",
        ]
        .map(String::from)
        .to_vec();
        let src = pages(&heads, |a, b| {
            format!("The {a} group of the {b} lattice acts on this space.")
        });
        assert_eq!(
            titles(&src),
            ["Contents", "1. INTRODUCTION", "2. USAGE", "3. LIMITS"]
        );
    }

    /// OCR reads a roman numeral's I as a lower-case l (`Il.`, `lll.`): the chapters are
    /// still II and III, and the sections numbered from 1 under each are theirs.
    #[test]
    fn roman_numerals_misread_by_ocr_still_number_their_chapters() {
        let body = "The module shows the sequence and its map, and the sequence can be edited.\n\n";
        let src: String = [
            "I. About",
            "1. Conventions",
            "2. Copyright",
            "Il. DNA",
            "1. Open and display DNA",
            "2. Toolbar",
            "lll. Protein",
            "1. Toolbar",
            "2. Function display",
        ]
        .iter()
        .map(|l| format!("{l}\n\n{body}"))
        .collect();
        assert_eq!(
            headings(&run(&src)),
            [
                (1, "I. About"),
                (2, "1. Conventions"),
                (2, "2. Copyright"),
                (1, "Il. DNA"),
                (2, "1. Open and display DNA"),
                (2, "2. Toolbar"),
                (1, "lll. Protein"),
                (2, "1. Toolbar"),
                (2, "2. Function display"),
            ]
        );
    }

    /// Text extracted from a PDF drops the space between a title and its first subsection's
    /// title: both stacked over the text are headings; short lines that read on as a sentence
    /// are not.
    #[test]
    fn a_title_stacked_over_its_first_subsection_title_is_a_heading() {
        let src = "Introduction\n\
            This release is the seventh one. It has many modules that have been updated since.\n\
            \n\
            CID Font support\n\
            The CID-keyed font format was designed by Adobe Systems for fonts with large sets.\n\
            \n\
            Build changes and issues\n\
            Strict compilation flags\n\
            Most of the modules in this release use stricter compiler flags when building with\n\
            the GNU compiler. These flags both enable more warnings and promote warnings.\n\
            \n\
            Most of the modules\n\
            use stricter flags\n\
            When building with the GNU compiler these flags enable more warnings than before.\n";
        let t = titles(src);
        for want in ["Build changes and issues", "Strict compilation flags"] {
            assert!(t.iter().any(|h| h == want), "{want} missed: {t:?}");
        }
        assert!(!t.iter().any(|h| h.starts_with("Most of")), "{t:?}");
    }

    fn kinds(x: &TextExtraction) -> Vec<&'static str> {
        x.blocks.iter().map(|b| b.kind.as_str()).collect()
    }

    fn texts(x: &TextExtraction) -> Vec<&str> {
        x.blocks
            .iter()
            .map(|b| &x.canonical[b.off_begin..b.off_end])
            .collect()
    }

    #[test]
    fn function_heads_name_an_atom_and_close_their_arguments() {
        for (t, result) in [
            ("start()", Some(false)),
            (
                "open([Host], [Option]) -> {ok, Handle} | {error, Reason}",
                Some(true),
            ),
            ("'and'([Filter]) -> filter()", Some(true)),
            ("Module:init(Args) -> Result", Some(true)),
            ("search(Handle, Options) -> {ok, Result} | {ok,", Some(true)),
        ] {
            assert_eq!(function_head(t), result, "{t}");
        }
        for t in [
            "Start(File)",
            "io.format(X)",
            "f(X) + 1",
            "{ok, Pid} = start()",
            "open(Host",
            "no arguments",
        ] {
            assert_eq!(function_head(t), None, "{t}");
        }
        assert!(!function_head_closed("search(H, O) -> {ok, R} | {ok,"));
        assert!(!function_head_closed("ok | {error,"));
        assert!(function_head_closed("open(H) -> {ok, Handle}"));
    }

    #[test]
    fn man_page_headings_are_outdented() {
        let src = "NAME\n       ls - list directory contents\n\nSYNOPSIS\n       ls [OPTION]... [FILE]...\n\nDESCRIPTION\n       List  information  about  the FILES (the current directory by default).\n\n       -a, --all\n              do not ignore entries starting with .\n\n   Exit status:\n       0      if OK,\n\n       1      if minor problems.\n\nAUTHOR\n       Written by Richard M. Stallman and David MacKenzie.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (1, "NAME"),
                (1, "SYNOPSIS"),
                (1, "DESCRIPTION"),
                (2, "Exit status:"),
                (1, "AUTHOR")
            ]
        );
    }

    #[test]
    fn numbered_and_underlined_levels() {
        let src = "Project Title\n=============\n\nSome intro text that runs on.\n\nInstall\n-------\n\nRun the thing.\n\nDetails\n~~~~~~~\n\nMore text here.\n\nUsage\n-----\n\nText.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (1, "Project Title"),
                (2, "Install"),
                (3, "Details"),
                (2, "Usage")
            ]
        );
        let src = "1.  Introduction\n\n   Text of the introduction.\n\n1.1.  Terminology\n\n   The key words.\n\n2.  Protocol\n\n   More.\n\nAppendix A.  Grammar\n\n   Rules.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (1, "1. Introduction"),
                (2, "1.1. Terminology"),
                (1, "2. Protocol"),
                (1, "Appendix A. Grammar")
            ]
        );
    }

    /// A reference's entry numbered `2.1.2` with `Description` and `Returns` headings of its
    /// own (known by their look alone): those lie inside the entry, and the next numbered
    /// section is the entry's sibling, not their child. An unnumbered heading before the
    /// first number or after the last (`Abstract`, `References`), or before a chapter, keeps
    /// the rank of its look.
    #[test]
    fn a_program_and_its_purpose_over_its_synopsis_is_a_title() {
        // A user's guide that collects its programs' manual pages, one to a page.
        let page = |name: &str, purpose: &str| {
            format!(
                "{name} - {purpose}\n\nSynopsis\n\n{name} [options] hmmfile\n\nDescription\n\n\
                 The program reads the profiles in the file and writes what it is asked for, \
                 one record at a time.\n\nOptions\n\n-h Help; print a brief reminder of \
                 command-line usage and all available options.\n\x0c"
            )
        };
        let guide = [
            page("hmmconvert", "convert profile file to various formats"),
            page("hmmemit", "sample sequences from a profile"),
            page("hmmfetch", "retrieve profiles from a file"),
        ]
        .concat();
        let t = titles(&guide);
        for name in ["hmmconvert", "hmmemit", "hmmfetch"] {
            assert!(
                t.iter().any(|t| t.starts_with(&format!("{name} - "))),
                "{t:?}"
            );
        }
        // In a manual page itself the line is the text of its `NAME` section.
        let man = "NAME\n       hmmfetch - retrieve profiles from a file\n\nSYNOPSIS\n       \
            hmmfetch [options] hmmfile key\n\nDESCRIPTION\n       Quickly retrieves one or \
            more profiles from an HMM database.\n";
        let t = titles(man);
        assert!(!t.iter().any(|t| t.starts_with("hmmfetch")), "{t:?}");
        assert!(t.iter().any(|t| t == "SYNOPSIS"), "{t:?}");
    }

    #[test]
    fn contents_entries_over_leaders_of_their_own_are_no_titles() {
        // `pdftotext` puts an entry's number, title, leaders and page on lines of their own.
        // The contents' own title is gone (a running line, taken as furniture).
        let src = "3.3\n\nStep 2: Running the generator . . . . . . . . . . . .\n\n13\n\n\
            3.3.1\n\nHTML Output\n\n. . . . . . . . . . . . . . . . . . . . . . . .\n\n13\n\n\
            3.3.2\n\nRTF Output\n\n. . . . . . . . . . . . . . . . . . . . . . . .\n\n14\n\n\
            1 Installation\n\nThe program builds on any system with a C compiler and make.\n";
        let t = titles(src);
        assert!(!t.iter().any(|t| t.contains("Output")), "{t:?}");
        assert!(t.iter().any(|t| t == "1 Installation"), "{t:?}");
    }

    #[test]
    fn a_numbered_title_wrapped_onto_a_second_line_is_one_heading() {
        let src = "2.1 Minimum cost flow problem\n\n2.1.1 Background\n\n\
            The minimum cost flow problem is stated as follows, over a flow network.\n\n\
            2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS\nformat\n\n\
            Synopsis\n\nint glp_read_mincost(glp_graph *G, const char *fname);\n\n\
            2.1.3 glp_write_mincost — write minimum cost flow problem data\n\n\
            The routine writes the data to a text file in DIMACS format.\n\n\
            2.1.4 glp_mincost_relax4 — solve minimum cost flow problem with relaxation\n\
            method of Bertsekas and Tseng (RELAX-IV)\n\n\
            The routine finds the optimal solution with the RELAX-IV code.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (2, "2.1 Minimum cost flow problem"),
                (3, "2.1.1 Background"),
                (
                    3,
                    "2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS format"
                ),
                (
                    3,
                    "2.1.3 glp_write_mincost — write minimum cost flow problem data"
                ),
                (
                    3,
                    "2.1.4 glp_mincost_relax4 — solve minimum cost flow problem with relaxation method of Bertsekas and Tseng (RELAX-IV)"
                )
            ]
        );
        // A paragraph that starts with a number is no title: its second line runs on.
        let para = "2.1 Minimum cost flow problem\n\n2.1.1 Background\n\n\
            2.1.2 percent of the arcs carry no flow at all in the optimal solution of the\n\
            problem as stated.\n";
        let t = titles(para);
        assert!(!t.iter().any(|t| t.starts_with("2.1.2")), "{t:?}");
    }

    #[test]
    fn headings_between_numbered_ones_lie_inside_the_section_before() {
        let src = "Abstract\n\nThe routines of the library, one entry each.\n\n\
            2.1 Minimum cost flow problem\n\n\
            2.1.1 Background\n\nThe problem is stated as follows, over a flow network.\n\n\
            2.1.2 glp_mincost_lp — convert minimum cost flow problem to LP\n\n\
            Description\n\nThe routine builds the problem from the graph.\n\n\
            Returns\n\nThe routine returns zero when it succeeds, and a code otherwise.\n\n\
            2.1.3 Other routines\n\nMore text follows here in a full sentence of prose.\n\n\
            References\n\nA list of the works cited here, in the order of citation.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (1, "Abstract"),
                (2, "2.1 Minimum cost flow problem"),
                (3, "2.1.1 Background"),
                (
                    3,
                    "2.1.2 glp_mincost_lp — convert minimum cost flow problem to LP"
                ),
                (4, "Description"),
                (4, "Returns"),
                (3, "2.1.3 Other routines"),
                (1, "References")
            ]
        );
        // Before a chapter: no numbered heading would go under it, it keeps its rank.
        let src = "1 Overview\n\nThe first chapter says what the program does.\n\n\
            Part Two\n\nThe chapters on its use follow here, one for each task.\n\n\
            2 Methods\n\nThe second chapter says how it does it, step by step.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [(1, "1 Overview"), (1, "Part Two"), (1, "2 Methods")]
        );
    }

    #[test]
    fn underlines_make_headings_of_long_titles_and_of_every_faq_question() {
        let src = "=============================================\nfuzz – a library for coverage-guided testing.\n=============================================\n\nIntro text that runs on.\n\nQ. Does it run on Windows?\n--------------------------------------------------------\n\nYes.\n\nFixtures can be **requested** more than once per test (values are cached)\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\nText.\n\nQ. Is it fast?\n--------------\n\nVery.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [
                (1, "fuzz – a library for coverage-guided testing."),
                (2, "Q. Does it run on Windows?"),
                (
                    3,
                    "Fixtures can be **requested** more than once per test (values are cached)"
                ),
                (2, "Q. Is it fast?")
            ]
        );
        // Without the underlines, the same lines are prose.
        let plain = "fuzz – a library for coverage-guided testing.\n\nIntro text that runs on.\n\nFixtures can be **requested** more than once per test (values are cached)\n\nText.\n";
        assert!(headings(&run(plain)).is_empty());
    }

    #[test]
    fn underlined_inline_literals_and_roles_are_titles() {
        let src = "Sections\n========\n\nIntro.\n\n``alias``\n---------\n\nDefines command aliases.\n\n:mod:`os.path`\n--------------\n\nPath helpers.\n\n``ui.username``\n\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\n\nWho commits.\n";
        assert_eq!(
            headings(&run(src)),
            [
                (1, "Sections"),
                (2, "``alias``"),
                (2, ":mod:`os.path`"),
                (3, "``ui.username``")
            ]
        );
        // Not underlined, the same lines are no headings.
        let plain = "Intro.\n\n``alias``\n\nDefines command aliases.\n";
        assert!(headings(&run(plain)).is_empty());
    }

    #[test]
    fn member_names_after_section_numbers_are_titles_once_numbering_began() {
        let src = "4.1.3 Member Function Documentation\n\n\n4.1.3.1 compute_areas()\n\n\nint siscone::Carea::compute_areas (\n      double _radius )\n\ncompute the jet areas.\n\n\n4.1.3.2 ∼Carea()\n\n\ndefault dtor.\n\n\n4.1.3.3 n\n\n\nint siscone::Cjet::n\n\nnumber of particles inside.\n";
        assert_eq!(
            headings(&run(src)),
            [
                (3, "4.1.3 Member Function Documentation"),
                (4, "4.1.3.1 compute_areas()"),
                (4, "4.1.3.2 ∼Carea()"),
                (4, "4.1.3.3 n")
            ]
        );
        // Without numbered headings before it, a host line is not a section.
        let hosts =
            "The hosts file line:\n\n      192.168.1.1 xyzzy.sudo.ws xyzzy\n\nnames the host.\n";
        assert!(headings(&run(hosts)).is_empty());
    }

    #[test]
    fn contents_with_page_numbers_on_lines_of_their_own_are_no_headings() {
        // pdftotext's raw order: `Contents` over the first entry, leaders and page numbers on
        // lines of their own, chapter entries without leaders.
        let src = "Contents\n1 License\n\n1\n\n2 Prerequisites\n\n1\n\n2.1 Operating system . . . . . . . . . . . . . . . . . . .\n\n1\n\n2.2 Printing and exam\n\n. . . . . . . . . . . . . . . . . . . . . . . . . .\n\n2\n\n3 Alternative usages\n\n4\n\n1 License\nAuto Multiple Choice is free software: you can redistribute it and modify it.\n\n2 Prerequisites\n2.1 Operating system\nThe utilities have been written for Linux and run on other systems as well.\n\n2.2 Printing and exam\nPrint the sheets on a printer that keeps the page size as it is.\n\n3 Alternative usages\nThere are other ways to use it, with photocopied subjects for one.\n";
        assert_eq!(
            headings(&run(src)),
            [
                (1, "1 License"),
                (1, "2 Prerequisites"),
                (2, "2.1 Operating system"),
                (2, "2.2 Printing and exam"),
                (1, "3 Alternative usages")
            ]
        );
        assert!(ends_with_leaders("2.1 Operating system . . . . . . ."));
        assert!(ends_with_leaders("Installation........"));
        assert!(!ends_with_leaders("It went on and on..."));
        assert!(!ends_with_leaders(". . . . . . ."));
    }

    /// Section numbers over titles in sentence case show how the document writes its
    /// titles, as its contents do: a sentence-case line after a sentence's end is a title;
    /// after a sentence cut short it is the sentence's end, and a call is no title.
    #[test]
    fn numbered_titles_in_sentence_case_make_sentence_case_titles() {
        let body = "The bootstrap refits the model to data simulated from the fitted one, many times over.\nIt takes longer than the profile, and it makes no asymptotic assumptions at all.\n";
        let doc = |numbered: &str| {
            format!(
                "{body}\nParametric bootstrapping\n\n{body}\n{numbered}\n\n{body}\nthat is, by simulating data from the\n\nFitted model and refitting it\n\n{body}\nLOO(fit_zinb1, fit_zinb2)\n\n{body}"
            )
        };
        let found = titles(&doc("5.2. Using the output module"));
        assert!(
            found.contains(&"Parametric bootstrapping".to_string()),
            "{found:?}"
        );
        // A line after a sentence cut short is the sentence's end, and a call is no title.
        assert!(
            !found
                .iter()
                .any(|t| t.starts_with("Fitted") || t.starts_with("LOO")),
            "{found:?}"
        );
        let found = titles(&doc("5.2. Using the Output Module"));
        assert!(
            !found.contains(&"Parametric bootstrapping".to_string()),
            "{found:?}"
        );
    }

    /// Contents that write their titles in sentence case show how the document writes its
    /// titles: a subsection they leave out, in sentence case over its paragraph, is a title
    /// too. Under contents in title case the same line is a one-line paragraph, and a word
    /// or a file name alone is no title either way.
    #[test]
    fn contents_in_sentence_case_make_sentence_case_titles() {
        let body = "The server can be stopped from the keyboard, which is useful when a client has grabbed it and no other way is left.\nThe option that allows this is off by default, and the configuration file turns it on.\n";
        let doc = |entries: [&str; 3]| {
            format!(
                "Contents\n\n{}\n{}\n{}\n\n{}\n\n{body}\nTerminate server keystroke\n\n{body}\nOk\n\n{body}\nCC xmen.o\n\n{body}",
                entries[0], entries[1], entries[2], entries[0]
            )
        };
        let found = titles(&doc([
            "Summary of the new features in this release",
            "Details of the changed server components",
            "Removed in this release of the server",
        ]));
        assert!(
            found.contains(&"Terminate server keystroke".to_string()),
            "{found:?}"
        );
        assert!(
            !found.iter().any(|t| t == "Ok" || t == "CC xmen.o"),
            "{found:?}"
        );
        let found = titles(&doc([
            "Summary of the New Features in This Release",
            "Details of the Changed Server Components",
            "Removed in This Release of the Server",
        ]));
        assert!(
            !found.contains(&"Terminate server keystroke".to_string()),
            "{found:?}"
        );
    }

    /// OCR sets every paragraph apart, so a title in sentence case looks like a one-line
    /// paragraph; the document's own contents name it, and that makes it a title. The same
    /// line on every page is a running title however the contents name it.
    #[test]
    fn a_title_the_contents_name_is_a_title_in_sentence_case() {
        let body = "We use a set of sample data and a response, and fit the model to them with the default settings of the package.\nThe result is an object of the class that the fitting function returns, and it prints a summary.\n";
        let src = format!(
            "Contents\n\nIntroduction\nBasic usage for censored data\nStratified models\n\nIntroduction\n\n{body}\nBasic usage for censored data\n\n{body}\nA sentence that stands alone\n\n{body}\nStratified models\n\n{body}"
        );
        let found = titles(&src);
        assert!(
            found.contains(&"Basic usage for censored data".to_string())
                && found.contains(&"Stratified models".to_string()),
            "{found:?}"
        );
        assert!(
            !found.iter().any(|t| t.starts_with("A sentence")),
            "{found:?}"
        );
        let src = format!(
            "Contents\n\nIntroduction\nSymbols in alphabetical order\n\nIntroduction\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}"
        );
        let found = titles(&src);
        assert!(!found.iter().any(|t| t.starts_with("SYMBOLS")), "{found:?}");
    }

    #[test]
    fn an_unnumbered_title_the_contents_listed_starts_its_chapter_over_a_paragraph() {
        // pdftotext's raw order of a GAP manual: the contents' titles and page numbers on
        // lines of their own, then the first chapter's title alone over its first paragraph.
        let body = "Given an arbitrary finite group, the computation of its automorphism group is a very difficult task, and many have tried it.\n";
        let src = format!(
            "Contents\n\nIntroduction\n\n3\n\nThe automorphism group method\n\n4\n\n\x0cIntroduction\n\n{body}\nThe automorphism group method\n\n{body}"
        );
        let found = titles(&src);
        assert!(found.iter().any(|t| t == "Introduction"), "{found:?}");
        // The same line with no paragraph under it is one more entry of the contents.
        let src = "Contents\n\nIntroduction\n\n3\n\nMethods\n\n4\n\nIntroduction\n\nMethods\n\n5\n";
        assert!(
            !titles(src).iter().any(|t| t == "Introduction"),
            "{:?}",
            titles(src)
        );
        // A chapter's label ends the contents that gave its number bare.
        let src = "PrimGrp\n\nA library of groups\n\n\x0cContents\n\n1 Primitive Groups\n\n3\n\n1.1 Degrees\n\n2 Matrix Groups\n\n7\n\n\x0cChapter 1\n\nPrimitive Groups\n\nGiven an arbitrary finite group, the computation of its automorphism group is a very difficult task.\n\x0cPioneering work in this area was carried out long ago, and its algorithm used the output of another.\n\x0cA technique developed later sought to compute the automorphism group of a permutation group instead.\n\x0cChapter 2\n\nMatrix Groups\n\nThe library of primitive groups includes, up to permutation isomorphism, all groups of small degree.\n";
        let found = titles(src);
        assert!(
            found.iter().any(|t| t == "Chapter 1 Primitive Groups"),
            "{found:?}"
        );
        assert_eq!(
            toc_title("Introduction . . . . . 3"),
            Some("introduction".into())
        );
        assert_eq!(toc_title("The  Method   12"), Some("the method".into()));
        assert_eq!(toc_title("12"), None);
        // OCR reads leaders with stray marks after them; the title ends where they start.
        let src = format!(
            "Contents\n\nIntroduction. ©... ee\nBasic usage 2... ee\n\nReferences... ee\n\nIntroduction\n\n{body}"
        );
        let found = titles(&src);
        assert!(found.iter().any(|t| t == "Introduction"), "{found:?}");
        assert_eq!(
            toc_title("Introduction. ©... ee"),
            Some("introduction".into())
        );
        assert_eq!(toc_title("Wait... and see"), Some("wait... and see".into()));
    }

    #[test]
    fn sections_numbered_within_their_chapter_are_sections_of_it() {
        // DocBook numbers each chapter's sections from 1 again, under `Chapter N.` labels.
        let body = "XMLStarlet is a set of command line utilities which can be used to transform XML.\nIt is linked statically to both of its libraries, so one file is all you need.\n\n";
        let lines = [
            "Chapter 1. Introduction",
            "1. About XmlStarlet",
            "2. Main Features",
            "Chapter 2. Installation",
            "1. Installation on Linux",
            "2. Installation on Solaris",
            "3. Installation on MacOS X",
            "Chapter 3. Common problems",
            "1. Namespaces and default namespace",
            "1.1. The Problem: Why does nothing match?",
            "1.2. The Solution",
            "2. Special characters",
        ];
        let src = each_over(&lines, body);
        let ex = run(&src);
        let found = headings(&ex);
        let want: Vec<(u8, &str)> = lines
            .iter()
            .map(|l| {
                let depth = if l.starts_with("Chapter") {
                    1
                } else {
                    2 + l.matches('.').count() as u8 - 1
                };
                (depth, *l)
            })
            .collect();
        assert_eq!(found, want);
        // Whole numbers under chapter labels (`Chapter 2` / `2.1 Compiling`) stay whole: a
        // numbered step after them is no section.
        let src = format!(
            "Chapter 1. Introduction\n{body}1.1 Purpose\n{body}Chapter 2. Installation\n{body}2.1 Compiling from source\n{body}2. Create a build directory (inside the source tree)\n{body}"
        );
        let found = titles(&src);
        assert!(
            !found.iter().any(|t| t.starts_with("2. Create")),
            "{found:?}"
        );
    }

    #[test]
    fn a_chapter_label_heads_its_group_whatever_follows_and_takes_its_wrapped_title() {
        // `-layout` text of a DocBook book: the label over the first section's title and a
        // note, and a label whose title wraps over the lines of its own group.
        let src = "Chapter 1. Introduction\nOverview\n                Note\n                This document refers to version 0.01 of the module.\n\n    The module helps to convert existing documentation to another format, as the reasoning below describes.\n\nChapter 2. Peer-to-Peer\nCommunication by Means of\nSelections\n\nSelections are the primary mechanism that the protocol defines for the exchange of information.\n";
        let found = titles(src);
        assert!(
            found.iter().any(|t| t == "Chapter 1. Introduction"),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|t| t == "Chapter 2. Peer-to-Peer Communication by Means of Selections"),
            "{found:?}"
        );
        // A sentence under the label is no part of its title.
        let src = "Chapter 2. Peer-to-Peer\nSelections are the primary mechanism.\n\nThe protocol defines them for the exchange of information between clients.\n";
        assert!(
            !titles(src).iter().any(|t| t.contains("mechanism")),
            "{:?}",
            titles(src)
        );
    }

    #[test]
    fn sections_numbered_within_roman_parts_are_sections_of_them() {
        let body = "Within the module, sequences can be viewed, edited and annotated in a window.\nIt is the central module of the program and the others build on it.\n\n";
        let lines = [
            "I. About",
            "1. Conventions",
            "2. Copyright",
            "II. DNA",
            "1. Open and display DNA",
            "2. Toolbar",
            "3. Detail tree",
            "5. DNA map",
        ];
        let src = each_over(&lines, body);
        let ex = run(&src);
        let found = headings(&ex);
        let want: Vec<(u8, &str)> = lines
            .iter()
            .map(|l| (if l.contains("I.") { 1 } else { 2 }, *l))
            .collect();
        // `5.` after `3.`: one section missed between them does not take the next down.
        assert_eq!(found, want);
    }

    #[test]
    fn chapter_and_part_labels_leave_other_numberings_alone() {
        let body = "The module helps to convert existing documentation to another format for the reader.\nIt keeps every offset and every identifier stable from one run to the next.\n\n";
        let text = |lines: &[&str]| each_over(lines, body);
        // Letters after roman-looking letters (`C.` after `B.`) are letters: the numbered
        // sections after them go on.
        let lines = [
            "1. Introduction",
            "2. Methods",
            "A. Data",
            "B. Models",
            "C. Tests",
            "3. Results",
            "4. Discussion",
        ];
        let found = titles(&text(&lines));
        assert!(
            found.iter().any(|t| t == "3. Results") && found.iter().any(|t| t == "4. Discussion"),
            "{found:?}"
        );
        // A numbered step tried and rejected leaves nothing behind: the whole number after it
        // still says the numbering is not counted within chapters.
        let src = format!(
            "Chapter 1. Introduction\n{body}Chapter 2. Installation\n{body}1. Download the archive from the site, unpack it, and then go on to the next step.\n\n2.1 Compiling from source\n{body}2. Create a build directory\n{body}3. Run make\n{body}"
        );
        let found = titles(&src);
        assert!(
            !found
                .iter()
                .any(|t| t.starts_with("2. Create") || t.starts_with("3. Run")),
            "{found:?}"
        );
        // A chapter over its first section's title, with nothing cut off, is two headings.
        let found = titles(&format!(
            "Chapter 3. Configuration\nGeneral Options\n\n{body}"
        ));
        assert!(
            !found.iter().any(|t| t.contains("Configuration General")),
            "{found:?}"
        );
    }

    #[test]
    fn repeated_unnumbered_labels_inside_numbered_subsections_need_more_to_be_headings() {
        let body = "The class computes the areas of the jets from a set of particles given.\nIt keeps the grid of soft particles between one call and the next.\n\n";
        // Headings of a text made of these lines, each followed by the body.
        let titles = |lines: &[&str]| -> Vec<String> {
            let src: String = lines.iter().map(|l| format!("{l}\n\n{body}")).collect();
            titles(&src)
        };
        let doxy = [
            "4.1 Carea Class Reference",
            "Public Member Functions",
            "4.1.1 Detailed Description",
            "4.2 Cjet Class Reference",
            "Public Member Functions",
            "4.2.1 Detailed Description",
        ];
        let numbered: Vec<&str> = doxy
            .iter()
            .copied()
            .filter(|l| l.starts_with('4'))
            .collect();
        assert_eq!(titles(&doxy), numbered);
        // A title said once under a numbered section is a section of its own; where only
        // chapters are numbered, their sections go without numbers and stay headings.
        for lines in [
            &[
                "4.1 Carea Class Reference",
                "Soft Particle Grid",
                "4.1.1 Detailed Description",
            ][..],
            &[
                "1. Introduction",
                "Evolution of the Conventions",
                "2. Atoms",
            ][..],
        ] {
            assert_eq!(titles(lines), lines);
        }
    }

    #[test]
    fn a_continuing_subsection_number_heads_its_group_whatever_the_line_under_it() {
        // texinfo through pdftotext: no blank line between a heading and its text.
        let src = "5.2 Assignment Functions\nThese functions assign new values to already initialized floats.\n\n5.3 Combined Initialization and Assignment Functions\nint mpfr_init_set (mpfr t rop, mpfr t op, mpfr rnd t rnd)\n\n5.4 Conversion Functions\nfloat mpfr_get_flt (mpfr t op, mpfr rnd t rnd)\n";
        assert_eq!(
            titles(src),
            [
                "5.2 Assignment Functions",
                "5.3 Combined Initialization and Assignment Functions",
                "5.4 Conversion Functions"
            ]
        );
    }

    #[test]
    fn man_page_subsections_set_left_may_be_syntax() {
        // `.SH` at column 0, `.SS` at 3, the text at 7: jq's subsections are its operators.
        let body = "       The filter takes its input and produces the same value unchanged as\n       its output, which is the simplest filter there is.\n\n";
        let src = format!(
            "BASIC FILTERS\n   Identity: .\n{body}   Comma: ,\n{body}   map(x), map_values(x)\n{body}   Old Method of Defining Custom Dependencies:\n{body}I/O\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "BASIC FILTERS",
                "Identity: .",
                "Comma: ,",
                "map(x), map_values(x)",
                "Old Method of Defining Custom Dependencies:",
                "I/O"
            ]
        );
    }

    #[test]
    fn a_continuing_number_ending_a_paragraph_numbers_the_title_below() {
        let body = "Build and install the drivers of this kind, which is the default choice.\nNote that you need to install the development package first.\n";
        let src = format!(
            "H.1.2 USB drivers\n\n{body}H.1.3\n\nSNMP drivers\n\n{body}\nThe release is 7.88.0.\n\nMore text of the release notes that runs on as prose does.\n"
        );
        assert_eq!(titles(&src), ["H.1.2 USB drivers", "H.1.3 SNMP drivers"]);
    }

    /// Authors' names as a title page sets them, and titles that are none.
    #[test]
    fn names_of_people() {
        for t in [
            "Henrik Singmann",
            "Ιωάννης Π. Μαντζουράτος",
            "Jean-Luc Picard",
            "Mary O'Neil",
        ] {
            assert!(person_name(t), "{t}");
        }
        for t in [
            "Henrik",
            "Fixed effects",
            "2 Results",
            "ACME Corp",
            "A B",
            "Tools/Options",
        ] {
            assert!(!person_name(t), "{t}");
        }
    }

    /// A title that is not taken (`7.2.4` / `…`, no words) breaks the numbering once, not for
    /// every section after it: `7.2.5` and `7.2.6` alone at a paragraph's end still number the
    /// titles under them.
    #[test]
    fn one_missed_number_does_not_break_the_sequence() {
        let body = "Clicking on the button restores the characteristics of all points and edges\nthat were painted between the last mouse-down and mouse-up.\n";
        let src = format!(
            "7.2.3 Undo\n\n{body}7.2.4\n\n…\n\n{body}7.2.5\n\nLinking rules\n\n{body}7.2.6\n\nBrush menu in display\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "7.2.3 Undo",
                "7.2.5 Linking rules",
                "7.2.6 Brush menu in display"
            ]
        );
    }

    /// The same for a number and its title on one line, as OCR gives them: `2 <A word of
    /// caution` is read with a stray mark and is no title, and `3 Registering the backend`
    /// after `1 Introduction` still is. Only at the same depth: a counter that numbers the
    /// entries of a reference (`4 I EquationOrderBasis( F )` after section `2.2`) skips no
    /// chapter.
    #[test]
    fn one_missed_inline_number_does_not_break_the_sequence() {
        let body = "The package is a parallel backend for the loops of the other package, and it\nprovides the mechanism needed to execute those loops in parallel.\n";
        let src = format!(
            "1 Introduction\n\n{body}\n2 <A word of caution\n\n{body}\n3 Registering the backend\n\n{body}\n4 An example session\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "1 Introduction",
                "3 Registering the backend",
                "4 An example session"
            ]
        );
        let src =
            format!("2.2 Methods for number fields\n\n{body}\n4 Equation order basis\n\n{body}");
        assert_eq!(titles(&src), ["2.2 Methods for number fields"]);
    }

    #[test]
    fn a_table_cell_under_a_section_number_is_no_title() {
        // Raw-order extraction of a PDF put a table between `4.8.9` and its title.
        let body = "A table can contain entries that cover several lines, as the source shows.\nThe following source contains an entry covering four lines.\n";
        let src = format!(
            "4.8.8 Widths of columns\n\n{body}\n4.8.9\n\nColumn 2\nleft aligned\nidem\n\nColumn 3\nright aligned\n\nTables with morerows\n\n{body}\n4.8.10\n\nColoured tables\n\n{body}"
        );
        let found = titles(&src);
        assert!(!found.iter().any(|t| t.contains("Column")), "{found:?}");
        assert!(
            found.contains(&"4.8.10 Coloured tables".to_string()),
            "{found:?}"
        );
    }

    #[test]
    fn a_chapter_whose_number_came_is_its_running_title() {
        let body = "The example files in this manual should be available to you directly.\nAdditionally, a few real life examples are collected here for you.\n";
        let src = format!(
            "1 Image Plots\n\n{body}\n2 Real-world examples\n\n{body}\n2.1 Box plots\n\n{body}\nChapter 2: Real-world examples\n\n{body}\n2.2 Contouring\n\n{body}\nPart 2 Reference\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "1 Image Plots",
                "2 Real-world examples",
                "2.1 Box plots",
                "2.2 Contouring",
                "Part 2 Reference"
            ]
        );
    }

    #[test]
    fn terms_with_their_type_are_no_headings() {
        // OCR of a parameter list whose descriptions lost their indentation.
        let src = "Special Parameters\n\nThe parameters below are set by the line editor.\n\nBUFFER (scalar)\nThe entire contents of the edit buffer. If it is written to, the cursor remains at the\nsame offset, unless that would put it outside the buffer.\n\nHISTNO (integer)\nThe current history number. Setting this has the same effect as moving up or down\nin the history to the corresponding history line.\n";
        assert_eq!(titles(src), ["Special Parameters"]);
    }

    #[test]
    fn labels_repeated_three_times_are_no_headings() {
        let body = "The predicate succeeds when the constraint holds for every value given.\nIt fails otherwise, and it never leaves choice points behind.\n\n";
        let once = format!("Templates\n\n{body}");
        let x = run(&format!("{once}{once}{once}"));
        assert!(headings(&x).is_empty());
        let x = run(&format!("{once}{once}"));
        assert_eq!(headings(&x).len(), 2);
    }

    #[test]
    fn appendix_section_numbers_without_the_word_are_numbering() {
        let body = "Some text of the section that runs on for a while as prose does.\n\n";
        let src = format!(
            "G.2 Previous Section\n\n{body}H.1 Driver selection\n\n{body}H.1.1 Serial drivers\n\n{body}H.1.2\n\nUSB drivers\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "G.2 Previous Section",
                "H.1 Driver selection",
                "H.1.1 Serial drivers",
                "H.1.2 USB drivers"
            ]
        );
    }

    /// A text cut out of a long reference manual starts in the middle of its numbering: a
    /// section number and a lower-case name, on one line (`9.7.2 fd_reified_in/4`) or the
    /// number alone above the name (`11.177` / `gdcmVR.h File Reference`), is the first
    /// heading when the next number continues it. One that nothing continues stays text.
    #[test]
    fn numbering_can_start_mid_sequence_on_lower_case_names() {
        let body = "The constraint holds when the variable lies in the interval given here.\nIts truth value is kept in the boolean variable, as the other ones do.\n";
        for (sep, first, second, third) in [
            ("    ", "9.7.2", "9.7.3", "9.8"),
            ("\n\n", "11.177", "11.178", "11.179"),
        ] {
            let src = format!(
                "{body}\n{first}{sep}fd_reified_in/4\n\n{body}\n{second}{sep}fd_cardinality/2\n\n{body}\n{third}{sep}Symbolic constraints\n\n{body}"
            );
            assert_eq!(
                titles(&src),
                [
                    format!("{first} fd_reified_in/4"),
                    format!("{second} fd_cardinality/2"),
                    format!("{third} Symbolic constraints")
                ]
            );
            let alone = format!("{body}\n{first}{sep}fd_reified_in/4\n\n{body}");
            assert!(titles(&alone).is_empty(), "{:?}", titles(&alone));
        }
    }

    /// Text from a DocBook manual: a section about each element of a configuration file,
    /// glued to the paragraph above it (`5.7.1.1 <config>`), and appendices whose letter
    /// stands alone above the title after `G.6` (`H` / `Configure options`).
    #[test]
    fn element_names_and_appendix_letters_alone_continue_the_numbering() {
        let body = "The element holds the settings that the run reads before it starts.\nEach of them may be given once, and the last one given wins.\n";
        let src = format!(
            "5.7.1 XML Configuration File Format\n\n{body}The following sections detail each tag.\n5.7.1.1 <config>\n\n{body}5.7.1.2 <latex>\n\n{body}\nG.6\n\nTripp-Lite\n\n{body}\nH\n\nConfigure options\n\n{body}\nI\n\nUpgrading notes\n\n{body}\nX\n\nNot an appendix\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "5.7.1 XML Configuration File Format",
                "5.7.1.1 <config>",
                "5.7.1.2 <latex>",
                "G.6 Tripp-Lite",
                "H Configure options",
                "I Upgrading notes"
            ]
        );
        // Without appendix numbers before it, a letter alone is no number.
        let alone = format!("{body}\nH\n\nConfigure options\n\n{body}");
        assert!(
            !titles(&alone).iter().any(|t| t.starts_with("H ")),
            "{:?}",
            titles(&alone)
        );
    }

    /// A man page's numbered list, its items on lines in a row: no item is a heading, though
    /// the first is shorter than the second and the numbers continue (`1` / `2`).
    #[test]
    fn numbered_lines_in_a_row_are_a_list() {
        let src = "STANDARDS\n       This ps conforms to:\n\n       1   Version 2 of the Single Unix Specification\n       2   The Open Group Technical Standard Base Specifications, Issue 6\n       3   IEEE Std 1003.1, 2004 Edition\n       4   X/Open System Interfaces Extension [UP XSI]\n\nAUTHOR\n       ps was originally written by a person who later handed it on to others.\n";
        assert_eq!(titles(src), ["STANDARDS", "AUTHOR"]);
    }

    /// Doxygen's LaTeX pages head each page with the section the page starts
    /// (`3.4 Step 3: Documenting the sources`) though the section opens further down: the
    /// heading is where it opens, not the page's top.
    #[test]
    fn a_numbered_running_title_over_its_own_opening_is_not_the_heading() {
        let body = "The output is written to a folder of its own, one file for each class.\nEach file can be viewed with any browser, or read by other tools.\n";
        let src = format!(
            "3.3 Output formats\n\n{body}\n3.3.1 HTML output\n\n{body}\x0c3.4 Step 3: Documenting the sources\n\n3.3.2\n\nXML output\n\n{body}\n3.4\n\nStep 3: Documenting the sources\n\n{body}"
        );
        let x = run(&src);
        let found = headings(&x);
        assert!(
            found.contains(&(2, "3.4 Step 3: Documenting the sources")),
            "{found:?}"
        );
        let at = x
            .blocks
            .iter()
            .find(|b| {
                b.heading
                    .as_ref()
                    .is_some_and(|h| h.title.starts_with("3.4"))
            })
            .map(|b| b.off_begin)
            .unwrap();
        let xml = x.canonical.find("XML output").unwrap();
        assert!(
            at > xml,
            "the heading is the opening below the running title"
        );
    }

    /// A changelog in reStructuredText titles each release by its version: the dots of a
    /// number are not the title's punctuation.
    #[test]
    fn release_versions_under_an_underline_are_titles() {
        let src = "Releases\n========\n\nEach release is listed below, the newest first, with what changed.\n\nv22.0.0\n-------\n\nMarch 16, 2022\n\n * fix coverage uploads\n\nv21.1.0\n-------\n\nAugust 16, 2021\n\n * fix broken tests\n";
        assert_eq!(titles(src), ["Releases", "v22.0.0", "v21.1.0"]);
    }

    /// reST titles that start with a number of their own (`1. Filter` under `Trace`, the
    /// count starting over under each section): the underline ranks them, and a number that
    /// came before under another section is no repeat.
    #[test]
    fn numbered_rest_titles_rank_by_their_underline() {
        let body = "The device is tuned through the files below, one for each parameter.\n";
        let src = format!(
            "Device\n======\n\n{body}\nTune\n----\n\n{body}\n1. Tx Path QoS Control\n~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\n2. Tx Path Buffer Control\n~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\nTrace\n-----\n\n{body}\n1. Filter\n~~~~~~~~~\n\n{body}\n2. Type\n~~~~~~~\n\n{body}"
        );
        assert_eq!(
            headings(&run(&src)),
            [
                (1, "Device"),
                (2, "Tune"),
                (3, "1. Tx Path QoS Control"),
                (3, "2. Tx Path Buffer Control"),
                (2, "Trace"),
                (3, "1. Filter"),
                (3, "2. Type")
            ]
        );
        // Under a document title, numbered titles rank by their underlines too.
        let src = format!(
            "======================\nLinux Kernel Makefiles\n======================\n\n{body}\n1 Overview\n==========\n\n{body}\n2 The kbuild files\n==================\n\n{body}\n2.1 Goal definitions\n--------------------\n\n{body}"
        );
        assert_eq!(
            headings(&run(&src)),
            [
                (1, "Linux Kernel Makefiles"),
                (2, "1 Overview"),
                (2, "2 The kbuild files"),
                (3, "2.1 Goal definitions")
            ]
        );
        // A lower-case title breaks the count (`3. charge-commit-cancel` is no number); the
        // next numbered title under its underline is a section all the same.
        let src = format!(
            "1. Charge\n=========\n\n{body}\n2. Uncharge\n===========\n\n{body}\n3. charge-commit-cancel\n=======================\n\n{body}\n4. Anonymous\n============\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "1. Charge",
                "2. Uncharge",
                "3. charge-commit-cancel",
                "4. Anonymous"
            ]
        );
    }

    /// In a reStructuredText document every section title is underlined: a numbered line
    /// whose text continues indented under its first letter is an enumerated list's item.
    /// The same lines in a document without underlined titles stay headings.
    #[test]
    fn enumerated_items_of_an_underlined_document_are_no_headings() {
        let body = "The link settings are read from the firmware and passed on to the driver.\n";
        let items = "1. PHY mode\n\n   In PHY mode, we use phylib to read the current link settings.\n\n2. Fixed mode\n\n   Fixed mode is the same as PHY mode as far as the driver goes.\n\n";
        let src = format!(
            "phylink\n=======\n\nOverview\n--------\n\n{body}\nModes of operation\n------------------\n\n{body}\n{items}Converting a driver\n-------------------\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "phylink",
                "Overview",
                "Modes of operation",
                "Converting a driver"
            ]
        );
        let plain = format!("{body}\n{items}");
        assert_eq!(titles(&plain), ["1. PHY mode", "2. Fixed mode"]);
    }

    /// In a document whose titles are underlined, a line with a deeper-indented paragraph
    /// right under it is a definition list's term (kernel documentation's `Some Basic Rules`);
    /// the same lines in a document without underlined titles stay headings.
    #[test]
    fn definition_terms_of_an_underlined_document_are_no_headings() {
        let body = "Kernel code runs with the full rights of the machine and no one to catch it.\n";
        let terms = "No memory protection\n    If you corrupt memory, whether in user context or interrupt context,\n    the whole machine will crash.\n\nSTATUS\n  this attribute represents the operating status (charging, full).\n\n";
        let src = format!(
            "Unreliable Guide To Hacking\n===========================\n\nIntroduction\n------------\n\n{body}\nSome Basic Rules\n----------------\n\n{terms}Interrupt context\n-----------------\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "Unreliable Guide To Hacking",
                "Introduction",
                "Some Basic Rules",
                "Interrupt context"
            ]
        );
        let plain = format!("{body}\n{terms}");
        assert_eq!(titles(&plain), ["No memory protection", "STATUS"]);
    }

    /// reStructuredText (underlined titles and explicit markup) has adorned titles only: a
    /// one-line paragraph, a paragraph that opens a literal block and an underlined title
    /// inside that block are none. Without the explicit markup the same text is plain text
    /// whose unadorned lines may head sections.
    #[test]
    fn restructured_text_titles_are_adorned() {
        let body =
            "Each setting has a name, a type and a default that the worker reads at startup.\n";
        let rest = format!(
            "Settings\n========\n\n{body}\nEnable UTC\n----------\n\n{{markup}}Default: Enabled\n\n{body}\nCall paths\n----------\n\n1. Arithmetic Instructions::\n\n    Suspend call path\n    -----------------\n\n    Write mem to the state file.\n\nBroker settings\n---------------\n\n{body}"
        );
        let titles_rest = ["Settings", "Enable UTC", "Call paths", "Broker settings"];
        let markup = ".. _enable-utc:\n\n.. versionadded:: 2.5\n\n";
        assert_eq!(titles(&rest.replace("{markup}", markup)), titles_rest);
        let plain = titles(&rest.replace("{markup}", ""));
        assert!(
            plain.iter().any(|t| t == "Default: Enabled")
                && plain.iter().any(|t| t == "Suspend call path"),
            "{plain:?}"
        );
    }

    /// An underlined `Contents` over a hand-made list of the titles heads a section, and the
    /// first title of the list, underlined below it, heads the next one.
    #[test]
    fn underlined_contents_list_ends_at_the_next_underlined_title() {
        let body = "This file describes the driver and the adapters it supports, as shipped.\n";
        let src = format!(
            "Linux Base Driver\n=================\n\nContents\n========\n\n- In This Release\n- Identifying Your Adapter\n\n\nIn This Release\n===============\n\n{body}\nIdentifying Your Adapter\n========================\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "Linux Base Driver",
                "Contents",
                "In This Release",
                "Identifying Your Adapter"
            ]
        );
    }

    /// In reStructuredText an underline at the margin makes a title whatever its words, and
    /// two adornment characters underline a title as wide; in plain text neither holds.
    #[test]
    fn restructured_text_takes_every_adorned_title() {
        let body = "The device mapper target copies a source device to a destination as it runs.\n";
        let rest = format!(
            ".. SPDX-License-Identifier: GPL-2.0\n.. _dm-clone:\n.. include:: <isonum.txt>\n\nClone\n=====\n\n{body}\nWhy not...?\n-----------\n\n{body}\nkexec\n-----\n\n{body}\nQA\n--\n\n{body}\n锁\n--\n\n{body}"
        );
        assert_eq!(titles(&rest), ["Clone", "Why not...?", "kexec", "QA", "锁"]);
        let plain = titles(&rest.replace(".. ", ""));
        assert!(!plain.iter().any(|t| t == "QA" || t == "锁"), "{plain:?}");
    }

    #[test]
    fn restructured_titles_take_angle_brackets_and_commas_as_adornment() {
        let body = "A proxy object uses a weakref callback when it is collected.\n";
        let rest = format!(
            "Managers\n========\n\n.. module:: managers\n\nSee :class:`Namespace` and ``Pool``.\n\n.. _cleanup:\n\nNamespace objects\n>>>>>>>>>>>>>>>>>\n\n{body}\nCleanup\n>>>>>>>\n\n{body}\nOverriding the ``run`` Method\n,,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n\n{body}"
        );
        assert_eq!(
            titles(&rest),
            [
                "Managers",
                "Namespace objects",
                "Cleanup",
                "Overriding the run Method"
            ]
        );
        // An empty interactive prompt under a line of output is no underline.
        let session = "Session\n=======\n\nThe interpreter answers each line.\n\nHello\n>>>\n\nIt waits for more.\n";
        assert_eq!(titles(session), ["Session"]);
    }

    #[test]
    fn restructured_titles_keep_their_wide_gaps() {
        // A changelog's release titles, the date set apart from the version by spaces: the
        // adornment makes each a title, where a plain line with such a gap is a table row.
        let body = "BUGFIX: keyword arguments of length two are unquoted again.\n";
        let rest = format!(
            "Validation\n==========\n\nSee :func:`check` and ``is_list``.\n\n.. note:: Read this.\n\n.. _changes:\n\nCHANGELOG\n---------\n\n2007/02/04      Version 0.2.3\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\n2006/12/17      Version 0.2.3-alpha1\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}"
        );
        assert_eq!(
            titles(&rest),
            [
                "Validation",
                "CHANGELOG",
                "2007/02/04 Version 0.2.3",
                "2006/12/17 Version 0.2.3-alpha1"
            ]
        );
        // Without reStructuredText's markup the same lines are not titles.
        let plain = titles(&rest.replace(".. ", "").replace('`', ""));
        assert!(!plain.iter().any(|t| t.starts_with("2007")), "{plain:?}");
    }

    /// A reST title right under the last line of a code block, with no blank line between:
    /// docutils ends the block at the margin and reads the title, and so does docsweep.
    #[test]
    fn restructured_titles_right_under_an_indented_block_are_titles() {
        let src = "Print\n-----\n\n.. code:: python\n\n    # Python 2 only:\n    print 'Hello'\n.. code:: python\n\n    print('Hello', end='')\nRaising exceptions\n~~~~~~~~~~~~~~~~~~\n\nRaise them as below.\n\n.. code:: python\n\n    raise ValueError('dodgy')\n==================\nCatching them\n==================\n\nText.\n";
        let x = run(src);
        assert_eq!(
            headings(&x).into_iter().map(|h| h.1).collect::<Vec<_>>(),
            ["Print", "Raising exceptions", "Catching them"]
        );
        let code: Vec<&str> = kinds(&x)
            .into_iter()
            .zip(texts(&x))
            .filter(|(k, _)| *k == "code")
            .map(|(_, t)| t.trim())
            .collect();
        assert!(code.contains(&"print('Hello', end='')"), "{code:?}");
        assert!(code.contains(&"raise ValueError('dodgy')"), "{code:?}");
        // In plain text, a line under an indented one is not cut off from it.
        let plain = titles(&src.replace(".. code:: python", "Code:"));
        assert!(
            !plain.iter().any(|t| t == "Raising exceptions"),
            "{plain:?}"
        );
    }

    /// A man page whose tables underline their column heads is no document of underlined
    /// titles: its section names, left of the body with the body right under them, stay
    /// headings.
    #[test]
    fn man_page_tables_with_underlined_heads_keep_the_sections() {
        let table = "           X          Y       Meaning\n           -------------------------------------------------\n                    [AMD]    not updated\n           M        [ MTD]   updated in index\n\n";
        let src = format!(
            "NAME\n       git-status - Show the working tree status\n\nSYNOPSIS\n       git status [<options>] [--] [<pathspec>...]\n\nDESCRIPTION\n       Displays paths that have differences between the index file and the current HEAD commit.\n\n{table}{table}{table}OUTPUT\n       The output from this command is designed to be used as a commit template comment.\n"
        );
        assert_eq!(titles(&src), ["NAME", "SYNOPSIS", "DESCRIPTION", "OUTPUT"]);
    }

    /// In a document with underlined titles whose body is indented, a title set left of the
    /// body with the body right under it is a heading, as in a man page; a line at the
    /// body's margin over a deeper paragraph is a definition term.
    #[test]
    fn outdented_titles_of_an_underlined_document_stay_headings() {
        // Bodies long enough that the underlines are not the margin of the text.
        let body = "    The daemon reads its settings once at startup and again on SIGHUP.\n    It logs every change it makes to the system journal.\n".repeat(30);
        let src = format!(
            "Daemon Guide\n============\n\nSetup\n-----\n\n{body}\nUpgrading\n---------\n\n{body}\nRunning\n-------\n\n{body}\nLog rotation\n{body}\nTroubleshooting\n---------------\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "Daemon Guide",
                "Setup",
                "Upgrading",
                "Running",
                "Log rotation",
                "Troubleshooting"
            ]
        );
    }

    /// Under a man page's `AUTHOR` and `COPYRIGHT` sections, names and notices at the body's
    /// margin head nothing; the next section set left of the body does.
    #[test]
    fn man_page_credits_hold_no_headings() {
        let body = "       Larry Wall wrote the first version; the current one reads the headers\n       of the C library and writes the Perl modules that stand for them.\n";
        let src = format!(
            "NAME\n       h2ph - convert .h C header files to .ph Perl header files\n\nDESCRIPTION\n{body}\nAUTHOR\n       Larry Wall\n\nCOPYRIGHT\n       Copyright (C) 1984-2021 Mark Nudelman\n\n       Mark Nudelman\n\nSEE ALSO\n{body}"
        );
        assert_eq!(
            titles(&src),
            ["NAME", "DESCRIPTION", "AUTHOR", "COPYRIGHT", "SEE ALSO"]
        );
    }

    /// A sysctl reference's entries, a variable and its type set left of the description,
    /// are terms; a title set so stays a heading.
    #[test]
    fn variable_entries_are_terms() {
        let body = "\tDefault value of the field for outgoing packets, between 1 and 255.\n\tIt applies to every interface unless one sets its own.\n".repeat(20);
        let src = format!(
            "IP Sysctl\n=========\n\nVariables\n=========\n\nip_forward - BOOLEAN\n{body}\nip_default_ttl - INTEGER\n{body}\nneigh/default/gc_thresh1 - INTEGER\n{body}\nRouting notes\n{body}\nICMP\n====\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            ["IP Sysctl", "Variables", "Routing notes", "ICMP"]
        );
    }

    /// A reference as `pdftotext -layout` gives a Sphinx manual: each title at the left edge
    /// over an entry whose signature is at the same edge and whose text is indented under it.
    /// The titles are headings; a line at the edge over a capitalized line (a picture's title
    /// over the next heading) is not.
    #[test]
    fn titles_over_reference_entries_at_the_left_edge_are_headings() {
        let text = "     Builds the grid of a table from the cells of its rows and keeps it for later reads.\n     Nothing is written until the caller flushes the buffer on purpose.\n";
        let entry = |sig: String| format!("{sig}\n{text}\n");
        let mut src = String::new();
        for class in ["Grid", "Cell", "Sheet"] {
            let lower = class.to_lowercase();
            src += &format!("\n\nThe {class} class\n\n");
            src += &entry(format!("class tables.{lower}.{class}(rows, cols)"));
            src += &entry(format!("{class}.width"));
            src += &entry(format!("{class}._v_names"));
            src += &format!("\n\n{class} methods\n\n");
            src += &entry(format!("{class}.append(row)"));
            src += &entry(format!("{class}.flush()"));
        }
        // A class named in lower case or with an underscore over its entry is its title too.
        for class in ["iGzip", "MS_Spectrum"] {
            src += &format!("\n\n{class}\n\n");
            src += &entry(format!("class pymzml.file_classes.{class}(path, encoding)"));
        }
        src += &format!("\nGrid layout after a resize\n\nResizing\n{text}{text}");
        let found = titles(&src);
        for class in ["iGzip", "MS_Spectrum"] {
            assert!(found.iter().any(|t| t == class), "{class}: {found:?}");
        }
        for class in ["Grid", "Cell", "Sheet"] {
            for title in [format!("The {class} class"), format!("{class} methods")] {
                assert!(found.contains(&title), "{title}: {found:?}");
            }
        }
        assert!(found.contains(&"Resizing".to_string()), "{found:?}");
        assert!(
            !found.iter().any(|t| t.contains("after a resize")),
            "{found:?}"
        );
    }

    /// Text extracted from a PDF without layout (`pdftotext`, six pages of the GPSBabel
    /// manual's format reference): paragraphs run together and a blank line stands only over
    /// a title, `FlySight GPS File (flysight)` / `This format can...` or `cat option` /
    /// `Default category on output (1..16).`, `bitscategory option` / `Bitmap of categories.`.
    /// Those titles are headings, in lower case too;
    /// the bullets, lead-ins and commands under them are not. The same lines with a blank
    /// line after every sentence are ordinary paragraphs, where a lower-case line heads none.
    #[test]
    fn titles_under_the_only_blank_lines_are_headings() {
        let src = include_str!("../../tests/data/text/excerpts/gpsbabel-formats.txt");
        // The manual's outline (its PDF bookmarks) over these pages.
        let outline = [
            "allpoints option",
            "recoverymode option",
            "FlySight GPS File (flysight)",
            "Franson GPSGate Simulation (gpssim)",
            "wayptspd option",
            "split option",
            "Fugawi (fugawi)",
            "Garmin 301 Custom position and heartrate (garmin301)",
            "Garmin G1000 datalog input filter file (garmin_g1000)",
            "Garmin Logbook XML (glogbook)",
            "Garmin MapSource - gdb (gdb)",
            "cat option",
            "bitscategory option",
            "ver option",
            "via option",
            "dropwpt option",
            "roadbook option",
            "Garmin MapSource - txt (tab delimited) (garmin_txt)",
            "date option",
        ];
        let found = titles(src);
        for f in &found {
            assert!(outline.contains(&f.as_str()), "{f}: {found:?}");
        }
        // A title over a lead-in that trails off (`This format can...`) and its bullets alone
        // heads them as well as one over longer text does.
        for t in [
            "allpoints option",
            "FlySight GPS File (flysight)",
            "Franson GPSGate Simulation (gpssim)",
            "Garmin MapSource - gdb (gdb)",
            "wayptspd option",
            "Fugawi (fugawi)",
            "Garmin Logbook XML (glogbook)",
            "roadbook option",
            // So does one over a sentence longer than itself by a little.
            "bitscategory option",
        ] {
            assert!(found.contains(&t.to_string()), "{t}: {found:?}");
        }
        assert!(found.len() >= 15, "{found:?}");
        // A title in sentence case over its lead-in heads it as well.
        let sentence = titles(&src.replace("Fugawi (fugawi)", "Fugawi waypoint file (fugawi)"));
        assert!(
            sentence.contains(&"Fugawi waypoint file (fugawi)".to_string()),
            "{sentence:?}"
        );
        let spaced = titles(&src.replace(".\n", ".\n\n"));
        assert!(!spaced.iter().any(|t| t.ends_with(" option")), "{spaced:?}");
    }

    /// A short paragraph set at the text column of the list item above it belongs to that
    /// item; at the margin the same line may head a section.
    #[test]
    fn paragraphs_at_an_items_text_column_go_on_with_the_item() {
        let items = "* Fix a problem with disabled msgid not being ignored\n\n  Closes #4265\n\n* Fix issue with annotated class constants\n\n  Closes #4264\n\n";
        let src = format!(
            "Full changelog\n==============\n\nWhat's New in Pylint 2.7.4?\n---------------------------\n\n{items}What's New in Pylint 2.7.3?\n---------------------------\n\n{items}"
        );
        assert_eq!(
            titles(&src),
            [
                "Full changelog",
                "What's New in Pylint 2.7.4?",
                "What's New in Pylint 2.7.3?"
            ]
        );
        let body = "The release fixes what the previous one broke and adds nothing else to it.\n";
        let item = "- Fix issue with annotated class constants\n\n";
        let under = format!("{body}\n{item}  Known Problems\n\n{body}");
        let margin = format!("{body}\n{item}Known Problems\n\n{body}");
        assert_eq!(titles(&under), Vec::<String>::new());
        assert_eq!(titles(&margin), ["Known Problems"]);
    }

    /// A reStructuredText title reads as rendered, as a Markdown heading's does; the
    /// heading block keeps the source.
    #[test]
    fn restructured_titles_read_as_rendered() {
        let body = "Companies and labs that run the library in production say what it does.\n";
        let src = format!(
            ".. _testimonials:\n\n.. include:: ../includes/big_toc_css.rst\n\nWho is using it\n===============\n\n{body}\n`J.P. Morgan <https://www.jpmorgan.com>`_\n------------------------------------------\n\n{body}\nAll vs all with :ref:`@product<decorators.product>`\n---------------------------------------------------\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            ["Who is using it", "J.P. Morgan", "All vs all with @product"]
        );
        let x = run(&src);
        assert!(x.blocks.iter().any(|b| b.kind == BlockType::Heading
            && x.canonical[b.off_begin..b.off_end].contains("<https://www.jpmorgan.com>")));
    }

    /// reST comments count as its explicit markup: a `.. CONTENTS` comment over an indented
    /// list of the section titles holds no headings.
    #[test]
    fn restructured_text_known_by_its_comments() {
        let body = "The scheduler gives each group a share of the real-time bandwidth.\n";
        let src = format!(
            ".. SPDX-License-Identifier: GPL-2.0\n\n==========================\nReal-Time group scheduling\n==========================\n\n.. CONTENTS\n\n   1. Overview\n     1.1 The problem\n   2. The interface\n\n\n1. Overview\n===========\n\n{body}\n1.1 The problem\n---------------\n\n{body}\n2. The interface\n================\n\nSections look like this::\n\n    .. part-heading_1:\n\n    =========\n    Heading 1\n    =========\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "Real-Time group scheduling",
                "1. Overview",
                "1.1 The problem",
                "2. The interface"
            ]
        );
    }

    /// reStructuredText without a directive or comment, known by its roles and named links:
    /// its titles read as rendered, an identifier's underscores are its name, titles that
    /// start with one number (`X.509`) are titles each, and so is a glossary's letter over
    /// one dash.
    #[test]
    fn restructured_text_known_by_its_inline_markup() {
        let src = "Endorsements\n============

What users say, with :meth:`links <Foo.bar>` and :class:`Baz`.\n\n`Stripe <https://stripe.com>`_\n--------------------------------\n\nAt Stripe we use it for :func:`everything`.\n\n__truediv__\n-----------\n\nThe :meth:`__div__` method no longer defines it.\n\nX.509 Certificate Object\n------------------------\n\nA certificate.\n\nX.509 Certificate Builder\n-------------------------\n\nA builder.\n\nA\n-\n\n**ADCE**\n    Aggressive Dead Code Elimination\n";
        assert_eq!(
            titles(src),
            [
                "Endorsements",
                "Stripe",
                "__truediv__",
                "X.509 Certificate Object",
                "X.509 Certificate Builder",
                "A"
            ]
        );
        assert!(rest_inline_markup("see :py:meth:`run` here"));
        assert!(rest_inline_markup("`Stripe <https://stripe.com>`_"));
        assert!(!rest_inline_markup("at 10:30:`date` and a:b:`c`"));
        assert!(!rest_inline_markup("a URL <https://example.com>"));
    }

    /// A line that closes with a full-width full stop is a sentence of Chinese or Japanese
    /// prose, not a title.
    #[test]
    fn full_width_sentences_are_no_titles() {
        let src = "什么是MSI?\n==========\n\n信息信号中断是指从设备写到一个特殊的地址，导致CPU接收到一个中断。\n\nMSI能力首次在PCI 2.2中规定，后来在PCI 3.0中得到增强，允许对每个中断进行单独屏蔽。\nMSI-X功能也随着PCI 3.0被引入。\n\n为什么用MSI?\n============\n\n有三个原因可以说明为什么使用MSI比传统的基于针脚的中断有优势。\n\n首先，基于针脚的PCI中断通常在几个设备之间共享。\n";
        assert_eq!(titles(src), ["什么是MSI?", "为什么用MSI?"]);
    }

    /// Under an underline a title may be a release's number and date, a date and a version,
    /// or an option's name: the underline says it is a title.
    #[test]
    fn underlined_versions_dates_and_options_are_titles() {
        let body = "Each entry lists what changed, the newest first, as the project made it.\n";
        let src = format!(
            "ChangeLog\n=========\n\n{body}\n2.9.0 (2022-02-06)\n------------------\n\n{body}\n15 June 2005: Version 1.6\n-------------------------\n\n{body}\n``--pars``\n----------\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                "ChangeLog",
                "2.9.0 (2022-02-06)",
                "15 June 2005: Version 1.6",
                "``--pars``"
            ]
        );
    }

    /// A line of no word over lines of no word is OCR's reading of a figure or a table.
    #[test]
    fn ocr_debris_of_figures_and_tables_heads_nothing() {
        let body =
            "The cone has five elements in its minimal Hilbert basis, as the figure shows.\n";
        for debris in [
            "FPOrRrF OF FH\n\n9\n\nPNR OF\n\nPw oOo Ww\n",
            "KKK KA KAA KK SASK ASAR ASRS SS\nKKK KAKA KKK KAAS KASS SAAS R SSS\n",
            "LAC FLAG\nSNA\nJMP .-2\n",
        ] {
            let src = format!("{body}\n{debris}\n{body}");
            assert!(titles(&src).is_empty(), "{:?}", titles(&src));
        }
        // A title of no word over a line of words heads its text all the same.
        let src = "NAME\n       ssh - remote login program\n\nSEE ALSO\n       scp(1), sftp(1)\n";
        assert_eq!(titles(src), ["NAME", "SEE ALSO"]);
        assert!(word("SYNOPSIS") && word("ssh") && word("Density") && word("Überblick"));
        assert!(!word("KAKA") && !word("PNR") && !word("SSi") && !word("oOo") && !word("ALSO"));
    }

    #[test]
    fn a_line_over_rows_of_figures_is_their_head() {
        let body = "The four samplers agree on the posterior means, as the table shows.\n";
        let rows = "openBUGS 13.58 0.022 0.022 2.22 9.83\nR 13.62 0.022 0.0385 2.22 9.91\nINLA 13.62 2.20 9.77 13.46\n";
        let src = format!("{body}\nImplementation Mean SE TS SE SD\n\n{rows}\n{body}");
        assert!(titles(&src).is_empty(), "{:?}", titles(&src));
    }

    /// Lines that number data are no sections, though the numbers continue: raw-order text
    /// of a PDF table, each cell a paragraph (a one-part number and a lower-case word under
    /// it), and host lines in a row (only the next line of the run continues each).
    #[test]
    fn numbered_cells_and_host_lines_are_no_sections() {
        let body = "The grid option selects the format in which coordinates are written.\n";
        for data in [
            "0\n\nddd\n\nLat/Lon hddd.ddddd\n\n1\n\ndmm\n\nLat/Lon hddd mm.mm\n\n2\n\ndms\n\nLat/Lon hddd mm ss.s\n",
            "192.168.1.1    alpha\n192.168.1.2    bravo\n192.168.1.3    charlie\n",
        ] {
            let src = format!("{body}\n{data}\n{body}");
            assert!(titles(&src).is_empty(), "{:?}", titles(&src));
        }
    }

    #[test]
    fn lead_ins_logs_and_framed_program_output_are_no_headings() {
        let src = "Running the tests\n=================\n\nThe suite runs as follows, and it reports failures at the end of the run.\nIt prints one letter for each test, then the details of each failure.\n\n    $ pytest -q test_module.py\n    FFFF                                  [100%]\n    ================= FAILURES =================\n    ______________ test_ehlo ___________________\n\nThe options change what it prints and when it stops, as the list shows.\nSome of them are used in most runs, others hardly ever at all.\n\nExamples:\nRun until the first failure with the option that stops there.\nRun quietly with the option that prints less than by default.\n\nINFO: Seed: 1523017872\n\nThe seed changes from run to run, so that every run tries new inputs for the target.\n";
        assert_eq!(headings(&run(src)), [(1, "Running the tests")]);
    }

    #[test]
    fn ocr_contents_entries_with_garbled_leaders_are_recognized() {
        for entry in [
            "5.1 Atomiclists .. 2... ee ee",
            "11.1 Explicit lock and unlock primitives... 2... 2... ee eee",
            "Introduction ........ 12",
        ] {
            assert!(toc_line(entry), "{entry}");
        }
        for prose in [
            "Wait... then the scheduler runs every task again.",
            "for i in 0..10 do print i",
            "See the range 1..5 and ...",
        ] {
            assert!(!toc_line(prose), "{prose}");
        }
    }

    #[test]
    fn a_number_and_title_above_dot_leaders_are_a_contents_entry() {
        // Text from a PDF: each contents entry spread over lines of its own, then the section.
        let src = "3.3.1\n\nHTML Output\n\n. . . . . . . . . . . . . . . . .\n\n13\n\nSome words in between that run on for a while, as body text does.\n\n3.3.1\n\nHTML output\n\nThe generated HTML documentation can be viewed with a browser.\n";
        let x = run(src);
        assert_eq!(headings(&x), [(3, "3.3.1 HTML output")]);
        assert!(x.blocks[0].kind != BlockType::Heading);
    }

    #[test]
    fn lists_toc_and_references_are_never_headings() {
        let src = "Table of Contents\n\n   1.  Introduction . . . . . . . . . . . 2\n   2.  Protocol  . . . . . . . . . . . . . 3\n\n1. Introduction\n\nSteps:\n\n1. Install it\n\n2. Configure it\n\n3. Run it\n\n[RFC2119]  Bradner, S., \"Key words\", March 1997.\n";
        let x = run(src);
        assert_eq!(
            headings(&x),
            [(1, "Table of Contents"), (1, "1. Introduction")]
        );
        assert_eq!(
            kinds(&x),
            ["heading", "list", "heading", "prose", "list", "prose"]
        );
    }

    const WORDS: [&str; 6] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
    // Pages 1..=5 take WORDS[1..=5].

    /// `83 / 123` wherever the page's reading order put it (here under a section number at
    /// the top): a page number, so the number and its title below it join.
    #[test]
    fn page_numbers_over_the_page_count_are_furniture_anywhere_on_the_page() {
        let mut src = String::new();
        for (p, w) in WORDS.iter().enumerate() {
            src.push_str("Network UPS Tools User Manual\n\n");
            if p % 2 == 0 {
                src.push_str(&format!("H.1.{}\n\n{} / 123\n\n", p / 2 + 1, 83 + p));
                src.push_str(&format!("Drivers for {w}\n\n"));
            } else {
                src.push_str(&format!("{} / 123\n\n", 83 + p));
            }
            src.push_str(&format!(
                "The {w} drivers are built when their libraries are found, and skipped otherwise.\n\x0c"
            ));
        }
        let x = run(&src);
        assert!(!x.canonical.contains(" / 123"), "{}", x.canonical);
        assert_eq!(
            titles(&src),
            [
                "H.1.1 Drivers for alpha",
                "H.1.2 Drivers for charlie",
                "H.1.3 Drivers for echo"
            ]
        );
        // A fraction in the text is no page number.
        let x = run("Mix 1 / 2 of the first and 2 / 3 of the second, then 3 / 4 of the rest.\n");
        assert!(x.canonical.contains("1 / 2"));
    }

    #[test]
    fn a_document_of_furniture_alone_keeps_its_lines() {
        let src = "Same line\n\x0c".repeat(30);
        let x = run(&src);
        assert_eq!(x.furniture_lines, 0);
        assert_eq!(x.blocks.len(), 30);
    }

    #[test]
    fn furniture_is_removed_and_paragraphs_continue_across_pages() {
        let mut src = String::new();
        for (p, w) in WORDS.iter().enumerate().skip(1) {
            src.push_str("RFC 9999            Example Protocol            June 2030\n\n");
            src.push_str(&format!("The {w} paragraph starts here and\n"));
            src.push_str(&format!("runs over the page break with {w}\n\n"));
            src.push_str(&format!(
                "Author                Informational              [Page {p}]\n\x0c"
            ));
        }
        let x = run(&src);
        assert_eq!(x.pages, Some(5));
        assert_eq!(x.furniture_lines, 10);
        assert!(!x.canonical.contains("RFC 9999") && !x.canonical.contains("[Page"));
        assert!(!x.canonical.contains('\x0c'));
        // "…with alpha" + "The bravo…": upper case, so a new paragraph on every page.
        assert_eq!(x.blocks.len(), 5);
        assert_eq!(x.blocks[4].page, Some(5));
        for b in &x.blocks {
            let s = b.src_begin.unwrap() as usize;
            assert_eq!(&src[s..s + 4], &x.canonical[b.off_begin..b.off_begin + 4]);
        }
        // A lower-case continuation on the next page joins the paragraph.
        let src = "Header line\n\nFirst part of a sentence\n\n- 1 -\n\x0cHeader line\n\ncontinued on page two.\n\n- 2 -\n\x0cHeader line\n\nThird page.\n\n- 3 -\n";
        let x = run(src);
        assert_eq!(x.furniture_lines, 6);
        assert_eq!(
            texts(&x),
            [
                "First part of a sentence\n\n\ncontinued on page two.",
                "Third page."
            ]
        );
        assert_eq!(x.blocks[0].page, Some(1));
    }

    #[test]
    fn a_chapter_opening_is_kept_while_its_running_titles_go() {
        // Doxygen's layout: a chapter opens with `Chapter N` / its title / a section number;
        // later pages repeat the chapter's title at the top, by the page number.
        let mut src = String::new();
        for (ch, title) in [(1, "Getting started"), (2, "Documenting the code")] {
            src.push_str(&format!(
                "\x0cChapter {ch}\n\n{title}\n{ch}.1\n\nFirst section\n\nThe opening page of the chapter has a paragraph of text that runs on.\n\nGenerated by Tool\n"
            ));
            for p in 0..3 {
                src.push_str(&format!(
                    "\x0c{}\n\n{title}\n\nAnother page of this chapter, its text running on as pages do.\n\nGenerated by Tool\n",
                    10 * ch + p
                ));
            }
        }
        let x = run(&src[1..]);
        let canon = &x.canonical;
        // Each title is left once, at its chapter's opening, with its section number.
        assert_eq!(canon.matches("Getting started").count(), 1, "{canon}");
        assert_eq!(canon.matches("Documenting the code").count(), 1, "{canon}");
        assert!(canon.contains("1.1") && canon.contains("2.1"), "{canon}");
        assert!(!canon.contains("Generated by Tool"));
        let titles: Vec<_> = headings(&x).into_iter().map(|h| h.1).collect();
        assert!(titles.contains(&"Chapter 1 Getting started"), "{titles:?}");
        assert!(
            titles.contains(&"Chapter 2 Documenting the code"),
            "{titles:?}"
        );
    }

    /// A manual's pages as `pdftotext -layout` writes them: left pages head `NNN  10 TITLE IN
    /// CAPITALS`, right pages `10.5 Section title  NNN`; a chapter opens under its bare page
    /// number in mixed case, a section may open under its own running title.
    fn paged_manual() -> String {
        let body = "The function below raises the error and leaves the context as it was before.\nIts arguments are checked first, and the message names the argument at fault.\n";
        let mut src = String::new();
        for p in 0..10u32 {
            let n = 197 + p;
            let head = match p {
                0 => format!("9.9   Optimization constraints                    {n}\n\n9.9.2    Minimizing a cost"),
                1 => format!("{n}          9   FINITE DOMAIN SOLVER"),
                2 => format!("{n}\n\n10      Interfacing Prolog and C\n\n10.1     Introduction"),
                _ if p % 2 == 1 => format!("{n}                    10   INTERFACING PROLOG AND C"),
                4 => format!("10.2   Raising errors                     {n}\n\n\n10.2     Raising errors"),
                6 | 8 => format!("10.2   Raising errors                     {n}"),
                _ => format!("10.{}   Section {p} title                    {n}", p / 2),
            };
            src.push_str(&format!("\x0c{head}\n\n{body}\n{body}\n"));
        }
        src[1..].to_string()
    }

    #[test]
    fn a_chapter_opening_in_mixed_case_is_kept_while_its_capital_running_titles_go() {
        let x = run(&paged_manual());
        let canon = &x.canonical;
        assert_eq!(
            canon.matches("INTERFACING PROLOG AND C").count(),
            0,
            "{canon}"
        );
        let found = headings(&x);
        assert!(
            found.contains(&(1, "10 Interfacing Prolog and C")),
            "{found:?}"
        );
        assert!(found.contains(&(2, "10.1 Introduction")), "{found:?}");
    }

    #[test]
    fn a_section_opening_under_its_own_running_title_is_kept() {
        let x = run(&paged_manual());
        let canon = &x.canonical;
        // The running title goes, the heading under it stays: once, as a heading.
        assert_eq!(canon.matches("Raising errors").count(), 1, "{canon}");
        let found = headings(&x);
        assert!(found.contains(&(2, "10.2 Raising errors")), "{found:?}");
    }

    /// OCR of a page window out of a book: its first page is a left page like the others,
    /// page number on top, then the chapter's running title that the left pages carry (all
    /// but one, a figure's), too few of all pages for a title at the top of a first page.
    #[test]
    fn a_numbered_first_page_loses_the_running_title_of_its_side() {
        let mut src = String::new();
        for p in 0..14u32 {
            let n = 32 + p;
            let head = if p == 6 {
                // A left page taken by a figure, without its running title.
                format!("{n}")
            } else if p % 2 == 0 {
                if p == 0 {
                    format!("{n}\n\nCHAPTER 3. INTERFACE")
                } else {
                    format!("{n} CHAPTER 3. INTERFACE")
                }
            } else {
                format!("3.{} THE PANELS {n}", p / 2 + 1)
            };
            const WORDS: [&str; 14] = [
                "colony", "market", "dock", "harbour", "church", "school", "fort", "farm", "mine",
                "forest", "river", "road", "camp", "mill",
            ];
            let w = WORDS[p as usize];
            src.push_str(&format!(
                "\x0c{head}\n\nThe {w} panel shows what the {w} holds and who works there.\nA unit moves to the {w} when it is dragged onto the {w} tile.\nThe {w} grows while its people are fed and housed.\nGoods made in the {w} go to the market at the end of a turn.\nA {w} that nobody works is shown in grey on the map.\n"
            ));
        }
        let x = run(&src[1..]);
        assert!(!x.canonical.contains("CHAPTER 3"), "{}", x.canonical);
        assert!(x.canonical.contains("The colony panel"), "{}", x.canonical);
    }

    #[test]
    fn a_short_chapter_running_title_is_furniture_when_centred() {
        // A guide printed to text: the chapter's name centred over four of its eight pages,
        // another chapter's over the rest, the page number at the foot.
        let page = |head: &str, indent: usize, p: usize| {
            let body: String = (0..8)
                .map(|l| format!("Line {l} of page {p} tells the reader about account {p}{l}.\n"))
                .collect();
            format!(
                "{}{head}\n\n{body}\n{:>40}\n\x0c",
                " ".repeat(indent),
                170 + p
            )
        };
        let doc = |indent: usize| -> String {
            (0..8)
                .map(|p| page(if p < 4 { "Reports" } else { "Capital Gains" }, indent, p))
                .collect()
        };
        // The first page's line is the document's title; the three after it are furniture.
        let x = run(&doc(50));
        assert_eq!(x.canonical.matches("Reports").count(), 1, "{}", x.canonical);
        assert!(!x.canonical.contains("Capital Gains"), "{}", x.canonical);
        // At the margin a word this short is no running title: it stays.
        let x = run(&doc(0));
        assert_eq!(x.canonical.matches("Reports").count(), 4, "{}", x.canonical);
    }

    /// A texinfo reference as `pdftotext` gives it: numbered entries titled by a function's
    /// name over its calls, categories in brackets on lines of their own, then the
    /// description, whose first sentence may stand alone over the rest.
    #[test]
    fn numbered_function_entries_are_headings_and_their_descriptions_are_not() {
        let entry = |n: usize, name: &str, first: &str| {
            format!(
                "9.1.{n} {name}\ny = {name} (x, snr)\ny = {name} (x, snr, pwr)\n\n[Function File]\n[Function File]\n\n{first}\nThe input x is assumed to be a real or complex voltage signal, and the value\nreturned has the same form and size as x but with the change applied to it.\n\n"
            )
        };
        let src = format!(
            "9.1 Functions Alphabetically\n\n{}{}{}9.2 Math functions\n\nThe functions below take real or complex values.\n\nSqrt\n\n[expression ]\nSquare root of the expression, which must not be negative here.\n\nAtan\n\n[expression ]\nArc tangent of the expression, in radians, for real values only.\n",
            entry(1, "ademodce", "Baseband demodulator for analog signals"),
            entry(2, "amdemod", "Add white Gaussian noise to a voltage signal"),
            entry(3, "bi2de", "Convert bit matrix to a vector of integers")
        );
        assert_eq!(
            titles(&src),
            [
                "9.1 Functions Alphabetically",
                "9.1.1 ademodce",
                "9.1.2 amdemod",
                "9.1.3 bi2de",
                "9.2 Math functions"
            ]
        );
        // A man page's synopsis may end in brackets, set in from the title under it.
        let man = "NAME\n       tcpdump - dump traffic on a network\n\nSYNOPSIS\n       tcpdump [ -i interface ] [ -w file ]\n               [ expression ]\n\nDESCRIPTION\n       Tcpdump prints out a description of the contents of packets on a network\n       interface that match the Boolean expression.\n";
        assert_eq!(titles(man), ["NAME", "SYNOPSIS", "DESCRIPTION"]);
    }

    #[test]
    fn key_chords_are_emacs_keys_and_not_words() {
        for w in ["C-g", "M-x", "C-M-p", "C-xt", "C-xC-s", "C-x1", "s-a"] {
            assert!(key_chord(w), "{w}");
        }
        for w in [
            "A-Z", "C-API", "C-style", "X-ray", "C-", "Chapter", "M-", "H-1", "A-10",
        ] {
            assert!(!key_chord(w), "{w}");
        }
    }

    #[test]
    fn identifier_names_are_functions_and_methods_alone() {
        for name in [
            "amdemod",
            "bi2de",
            "copy_reg",
            "gf_add()",
            "@i2cdev/readRegister",
            "arduinoioaddons.adafruit.stepper",
        ] {
            assert!(identifier_name(name), "{name}");
        }
        for text in [
            "Properties of the bus",
            "@",
            "2nd",
            "x = read (dev)",
            "-foo",
            "",
        ] {
            assert!(!identifier_name(text), "{text}");
        }
    }

    /// A reference whose numbered entries each carry the same labels: the entries are
    /// sections, the labels (`Properties` over a sentence) are not, however well they look.
    #[test]
    fn labels_repeated_under_numbered_entries_are_no_titles() {
        let entry = |n: usize, class: &str| {
            format!(
                "9.3.{n} @{class}/{class}\ndev = {class} (ar, address)\nCreate an {class} object to communicate with the bus of an arduino board.\n\nInputs\nar - connected arduino object\n\nProperties\nThe {class} object has the following public properties, each of them read only.\nparent\n\n"
            )
        };
        let src: String =
            std::iter::once("9.3 Devices\n\nThe classes below talk to devices.\n\n".to_string())
                .chain(
                    ["i2cdev", "spidev", "servo", "shiftRegister"]
                        .iter()
                        .enumerate()
                        .map(|(i, c)| entry(i + 1, c)),
                )
                .collect();
        assert_eq!(
            titles(&src),
            [
                "9.3 Devices",
                "9.3.1 @i2cdev/i2cdev",
                "9.3.2 @spidev/spidev",
                "9.3.3 @servo/servo",
                "9.3.4 @shiftRegister/shiftRegister"
            ]
        );
    }

    /// Six lines of text for page `p`, worded differently from page to page (lines that differ
    /// only in their digits would read as running lines).
    fn page_body(p: usize) -> String {
        let words = [
            "prefix", "suffix", "popup", "level", "history", "value", "scope", "group",
        ];
        (0..6)
            .map(|l| {
                let w = words[(p * 3 + l) % words.len()];
                format!("The {w} of a transient command is set as line {l} describes it.\n")
            })
            .collect()
    }

    /// OCR of a texinfo manual: a chapter opens at the top of a page whose number is the
    /// chapter's (`1 Introduction` on page 1), the pages after it carry `Chapter 1:
    /// Introduction 2` with their numbers; its table of keys lists bindings and commands.
    #[test]
    fn a_chapter_opening_numbered_as_its_page_is_a_heading_and_key_bindings_are_terms() {
        let body = page_body;
        let keys = "C-g (transient-quit-one)\nThis key quits the currently active incomplete key sequence, if any.\n\nC-xC-s (transient-save)\nSave the value of the active transient persistently across Emacs sessions.\n\nM-x transient-resume (transient-resume)\nThis command resumes the previously suspended transients, if any.\n\n";
        let doc: String = (0..10)
            .map(|p| match p {
                0 => format!("Contents\n\n{}ii\n\x0c", body(p)),
                1 => format!("1 Introduction\n\n{}\x0c", body(p)),
                5 => format!("2 Usage\n\n{keys}{}\x0c", body(p)),
                2..=4 => format!("Chapter 1: Introduction {p}\n\n{}\x0c", body(p)),
                6 | 7 => format!("Chapter 2: Usage {p}\n\n{}\x0c", body(p)),
                _ => format!("{p}\n\n{}\x0c", body(p)),
            })
            .collect();
        let x = run(&doc);
        assert!(!x.canonical.contains("Chapter 1"), "{}", x.canonical);
        let titles: Vec<&str> = headings(&x).into_iter().map(|h| h.1).collect();
        assert_eq!(titles, ["Contents", "1 Introduction", "2 Usage"]);
    }

    /// A chapter opens at the top of its first page under its number; the running titles of
    /// the pages after it repeat its words in other dress. The opening is the chapter's
    /// heading, the running titles are furniture.
    #[test]
    fn a_chapter_opening_is_no_running_title_of_its_own_chapter() {
        let body = page_body;
        for (opening, running) in [
            ("4 Modules and Views", "Modules and Views"),
            (
                "Appendix A Compiler options",
                "Appendix A: Compiler options",
            ),
        ] {
            let doc: String = (0..12)
                .map(|p| {
                    let n = 24 + p;
                    match p {
                        0 => format!("3.2 Earlier section\n\n{}\n{n}\n\x0c", body(p)),
                        5 => format!("{opening}\n\n{}\n{n}\n\x0c", body(p)),
                        _ if p % 2 == 0 || p < 5 => {
                            format!("User Manual\n\n{}\n{n}\n\x0c", body(p))
                        }
                        _ => format!("{running} {n}\n\n{}\n{n}\n\x0c", body(p)),
                    }
                })
                .collect();
            let x = run(&doc);
            let inside = opening.matches(running).count();
            assert_eq!(
                x.canonical.matches(running).count(),
                inside,
                "{}",
                x.canonical
            );
            let titles: Vec<&str> = headings(&x).into_iter().map(|h| h.1).collect();
            assert_eq!(titles, ["3.2 Earlier section", opening], "{}", x.canonical);
        }
    }

    #[test]
    fn a_window_of_a_book_loses_its_chapter_running_titles_and_keeps_the_chapter_opening() {
        // Pages 31–40 of a texinfo manual as `pdftotext` gives them: each page opens with its
        // chapter's running title over its number, but the page where chapter 9 opens, which
        // starts with its number over the chapter's title.
        let body = |p: usize| -> String {
            (0..6)
                .map(|l| format!("Line {l} of page {p} says how the field arithmetic works.\n"))
                .collect()
        };
        let doc: String = (0..10)
            .map(|p| {
                let n = 31 + p;
                match p {
                    0 => format!(
                        "Chapter 8: Galois Fields\n\n{n}\n\n8.2.7 Signal Processing\n{}\x0c",
                        body(p)
                    ),
                    1 | 2 => format!("Chapter 8: Galois Fields\n\n{n}\n\n{}\x0c", body(p)),
                    3 => format!(
                        "{n}\n\n9 Function Reference\n9.1 Functions by Category\n{}\x0c",
                        body(p)
                    ),
                    _ => format!("Chapter 9: Function Reference\n\n{n}\n\n{}\x0c", body(p)),
                }
            })
            .collect();
        let x = run(&doc);
        // The first page is a page like the others: its running title goes too.
        assert!(!x.canonical.contains("Galois"), "{}", x.canonical);
        assert!(!x.canonical.contains("Chapter 9"), "{}", x.canonical);
        assert!(
            x.canonical.contains("9 Function Reference"),
            "{}",
            x.canonical
        );
        // The chapter's own title ends its running title's words, but is its heading.
        let titles: Vec<&str> = headings(&x).into_iter().map(|h| h.1).collect();
        assert_eq!(
            titles,
            [
                "8.2.7 Signal Processing",
                "9 Function Reference",
                "9.1 Functions by Category"
            ]
        );
    }

    /// Where no page number stands alone, running titles that carry it still show how the
    /// pages are numbered (`3.2 Page Templates 11`, `12 3 Replacing the Page Builder`): they
    /// go. A chapter's title alone at the top of its page keeps its number, even one equal to
    /// the page's, and so does a chapter label (`CHAPTER 15` on page 15).
    const WORDS8: [&str; 8] = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
    ];

    /// Pages, each its head, a blank line and eight lines of `line` over two words that
    /// differ from page to page, then a form feed.
    fn pages(heads: &[String], line: impl Fn(&str, &str) -> String) -> String {
        let mut src = String::new();
        for (p, head) in heads.iter().enumerate() {
            src.push_str(head);
            src.push_str("\n\n");
            for l in 0..8 {
                src.push_str(&line(WORDS8[l], WORDS8[(l + p) % 8]));
                src.push('\n');
            }
            src.push('\x0c');
        }
        src
    }

    /// Marks in a page's margin that OCR read as lines of a character or two (`1>`, `3D`)
    /// do not push the running title out of the page's edge.
    #[test]
    fn ocr_specks_over_a_running_title_leave_it_at_the_edge() {
        let heads: Vec<String> = (0..6)
            .map(|p| {
                format!(
                    "1>\n\n3D\n\ngp\n\nSection {}. {} groups {}",
                    p + 1,
                    WORDS8[p],
                    5 + p
                )
            })
            .collect();
        let src = pages(&heads, |a, b| {
            format!("The {a} group of the {b} lattice acts on this space.")
        });
        let x = run(&src);
        assert!(!x.canonical.contains("groups"), "{}", x.canonical);
        assert_eq!(x.furniture_lines, 6);
    }

    /// A running title that OCR misread on one page goes with the others; a title at a
    /// page's top that differs in more than a letter in eight stays.
    #[test]
    fn a_running_title_misread_on_one_page_is_furniture_too() {
        let heads: Vec<String> = (0..6)
            .map(|p| match p {
                2 => "Nagios NRPE Documenrarion".to_string(),
                4 => "Nagios NRPE Installation".to_string(),
                _ => "Nagios NRPE Documentation".to_string(),
            })
            .collect();
        let src = pages(&heads, |a, b| {
            format!("The {a} check of the {b} host runs on this server.")
        });
        let x = run(&src);
        assert!(!x.canonical.contains("Documenrarion"), "{}", x.canonical);
        assert!(
            x.canonical.contains("Nagios NRPE Installation"),
            "{}",
            x.canonical
        );
        assert_eq!(x.furniture_lines, 5);
    }

    #[test]
    fn running_titles_number_the_pages_without_page_numbers_alone() {
        let heads: Vec<String> = (0..8)
            .map(|p| match p {
                3 => "12 Results".to_string(),
                6 => "CHAPTER 15".to_string(),
                _ if p % 2 == 0 => format!("3.{} Page Templates {}", p / 2 + 1, 9 + p),
                _ => format!("{} 3 Replacing the Page Builder", 9 + p),
            })
            .collect();
        let src = pages(&heads, |a, b| {
            format!("The {a} template of the {b} stream is filled at this point.")
        });
        let x = run(&src);
        assert!(!x.canonical.contains("Page Templates"), "{}", x.canonical);
        assert!(!x.canonical.contains("Replacing"), "{}", x.canonical);
        assert!(x.canonical.contains("12 Results"), "{}", x.canonical);
        assert!(x.canonical.contains("CHAPTER 15"), "{}", x.canonical);
        assert_eq!(x.furniture_lines, 6);
    }

    #[test]
    fn running_titles_that_carry_the_page_number_are_furniture() {
        // OCR of a manual: odd pages head `Chapter N: Title NN`, even ones `NN Gri`, some pages
        // a bare number; the numbers go up with the pages.
        let heads: Vec<String> = (0..6)
            .map(|p| match p {
                0 | 4 => format!("Chapter {}: Contour Plots {}", 6 + p / 4, 27 + p),
                1 | 5 => format!("{} Gri", 27 + p),
                _ => format!("{}", 27 + p),
            })
            .collect();
        let src = pages(&heads, |a, b| {
            format!("The {a} contour of the {b} grid is drawn at this level.")
        });
        let x = run(&src);
        assert!(!x.canonical.contains("Contour Plots"), "{}", x.canonical);
        assert!(!x.canonical.contains("Gri"), "{}", x.canonical);
        assert_eq!(x.furniture_lines, 6);
    }

    /// OCR reads a right page's running title, the section's on the left and the book's on
    /// the right, as one line (`2.3. Chroots benutzen Ubuntu Packaging Guide`): the book's
    /// words end the top line of every right page, and the line is furniture however its
    /// section changes; the section's own heading on its page stays one.
    #[test]
    fn a_running_title_that_ends_in_the_books_name_is_furniture() {
        let sections = ["Setting up sbuild", "Chroots benutzen", "KDE Paketierung"];
        let heads: Vec<String> = (0..6)
            .map(|p| match p % 2 {
                0 => "Ubuntu Packaging Guide Kapitel 2. Wissensdatenbank".to_string(),
                _ => format!(
                    "2.{}. {} Ubuntu Packaging Guide",
                    p / 2 + 3,
                    sections[p / 2]
                ),
            })
            .collect();
        let mut src = pages(&heads, |a, b| {
            format!("The {a} package of the {b} release is built in a clean chroot here.")
        });
        src.push_str("2.4 Chroots benutzen\n\nA chroot keeps the build apart from the system.\n");
        let x = run(&src);
        // The first page keeps its top line, as a document's title may open it.
        assert_eq!(x.furniture_lines, 5, "{}", x.canonical);
        assert!(!x.canonical.contains("sbuild"), "{}", x.canonical);
        assert!(!x.canonical.contains("Paketierung"), "{}", x.canonical);
        assert!(
            headings(&x).iter().any(|h| h.1 == "2.4 Chroots benutzen"),
            "{:?}",
            headings(&x)
        );
    }

    /// A chapter opens under its label (`Chapter 1` / `Beginner's guide`) and the pages after
    /// it head `Chapter 1. Beginner's guide N`: the opening is the heading those running
    /// titles repeat, one heading of both lines, and no piece of a running title.
    #[test]
    fn a_chapter_title_under_its_label_is_no_piece_of_its_running_title() {
        let heads: Vec<String> = (0..6)
            .map(|p| match p {
                0 => "Contents\n\n1 Beginner's guide 3".to_string(),
                1 => "Chapter 1\nBeginner's guide".to_string(),
                _ => format!("Chapter 1. Beginner's guide {}", 3 + p),
            })
            .collect();
        let src = pages(&heads, |a, b| {
            format!("The {a} problem of the {b} system is solved in this part of the guide.")
        });
        let x = run(&src);
        assert_eq!(x.furniture_lines, 4, "{}", x.canonical);
        assert!(
            x.canonical.contains("Chapter 1\nBeginner's guide"),
            "{}",
            x.canonical
        );
        assert!(
            headings(&x).contains(&(1, "Chapter 1 Beginner's guide")),
            "{:?}",
            headings(&x)
        );
    }

    #[test]
    fn a_chapter_title_wrapped_under_its_label_is_one_heading() {
        // A GAP manual's last chapter in pdftotext's order: the label, a blank line, the
        // title wrapped to two lines, its first section.
        let body = "The functions of this chapter print what the algorithms do at each step.\n";
        let chapter = |title: &str| {
            format!(
                "Chapter 1\n\nIntroduction\n\n1.1 General aims\n{body}\x0cChapter 2\n\n{title}\n\n2.1 Additional information\n{body}"
            )
        };
        let found = titles(&chapter("Service functions of the Congruence\npackage"));
        assert!(
            found.contains(&"Chapter 2 Service functions of the Congruence package".to_string()),
            "{found:?}"
        );
        // Cells or labels under a number are no wrapped title.
        let found = titles(&chapter("Value 4\nx 7"));
        assert!(
            !found.iter().any(|t| t.starts_with("Chapter 2")),
            "{found:?}"
        );
    }

    #[test]
    fn list_numbers_set_deeper_than_their_title_number_steps() {
        // A guide's sections, titles at the margin and text indented under them, with steps
        // numbered at the text's margin, one blank line apart.
        let guide = |margin: &str, next: &str| {
            format!(
                "Reports\n\nThe reports of the program show the state of your accounts at a glance, with\n\
                 totals for each period and each account.\n\n\
                 Secondary level grouping\n       The following will modify the report to use a secondary grouping strategy. The\n       \
                 first grouping will group transactions from the same accounts.\n\n\
                 {margin}1. Select options as above\n\n{margin}{next}\n\n\
                 Filtering accounts\n       Accounts and transactions can be filtered for reporting according to the full name\n       \
                 of the account.\n"
            )
        };
        let step = "2. From the Sorting tab, set the subtotal to monthly";
        let found = titles(&guide("       ", step));
        assert_eq!(
            found,
            ["Reports", "Secondary level grouping", "Filtering accounts"],
            "{found:?}"
        );
        // At the titles' margin, numbered lines are sections.
        let found = titles(&guide("", step));
        assert!(
            found.contains(&"1. Select options as above".to_string()),
            "{found:?}"
        );
        // So is a number set deeper over text rather than over the next number (a centered
        // section title).
        let text =
            "The options of the report are those of the section above, and the totals\n       \
                    come out for each month of the period.";
        let found = titles(&guide("       ", text));
        assert!(
            found.contains(&"1. Select options as above".to_string()),
            "{found:?}"
        );
    }

    #[test]
    fn short_lines_alone_over_paragraphs_in_sentence_case_are_titles() {
        // OCR text that sets every paragraph apart with blank lines: its titles are short
        // lines alone in sentence case, each over a paragraph of full lines.
        let para = |w: &str| {
            format!(
                "The {w} step reads the metrics of the font from its files and writes them to\n\
                 the configuration, so that the formatter can measure every glyph it sets in\n\
                 the pages of the document.\n"
            )
        };
        let doc = |[a, b, c]: [&str; 3]| {
            format!(
                "{a}\n\n{}\n{b}\n\n{}\n{c}\n\n{}\nSee the list of fonts below.\n\nTimes\n\nCourier\n",
                para("first"),
                para("second"),
                para("third")
            )
        };
        let sentence_case = [
            "Adding additional fonts",
            "Generating a metrics file",
            "Registering the fonts",
        ];
        let found = titles(&doc(sentence_case));
        for t in sentence_case {
            assert!(found.contains(&t.to_string()), "{t}: {found:?}");
        }
        // Where the text's lines so set are written in title case, one in sentence case is
        // no title.
        let found = titles(&doc([
            "Adding Additional Fonts",
            "Generating a metrics file",
            "Registering Fonts Within Formatters",
        ]));
        assert!(
            !found.contains(&"Generating a metrics file".to_string()),
            "{found:?}"
        );
        // Nor is a short line over a paragraph of two lines, or over lines short of the
        // text's full line.
        let two = "The step reads the metrics of the font from its files and writes them to\n\
                   the configuration of the formatter.\n";
        let short = "The step reads the metrics of the font from\nits files and writes them to the formatter's\nconfiguration, line by line.\n";
        for body in [two, short] {
            let src = format!(
                "{}\nGenerating a metrics file\n\n{body}\nRegistering additional fonts\n\n{}\nChecking installed fonts\n\n{}",
                para("first"),
                para("second"),
                para("third")
            );
            let found = titles(&src);
            assert!(
                found.contains(&"Checking installed fonts".to_string())
                    && !found.contains(&"Generating a metrics file".to_string()),
                "{found:?}"
            );
        }
    }

    #[test]
    fn a_title_the_contents_listed_wrapped_over_lines_heads_its_chapter() {
        // A GAP manual in pdftotext's order: the contents give each chapter's number and
        // title on lines of their own; each chapter's page opens with its title set large,
        // wrapped to lines of a group of their own, over its first paragraph.
        let body = |w: &str| {
            format!("A {w} group is called almost crystallographic if it is finitely generated and nilpotent by finite, with no finite normal subgroups.\n")
        };
        let [a, b, c, d] = ["first", "second", "third", "fourth"].map(body);
        let src = format!(
            "Contents\n\n1\n\nThe Almost Crystallographic Groups Package\n\n3\n\n1.1 More about the groups\n\n3\n\n\
             2\n\nAlgorithms for almost crystallographic groups\n\n5\n\n2.1 Betti numbers\n\n5\n\n\
             \x0cThe Almost\nCrystallographic\nGroups Package\n\n{a}\n1.1 More about the groups\n{b}\x0c{b}\n\
             \x0cAlgorithms for almost\ncrystallographic groups\n\n{c}\n2.1 Betti numbers\n{d}\x0c{d}"
        );
        let x = run(&src);
        let found = headings(&x);
        // The second chapter's title, between sections of chapters 1 and 2, is beside the
        // first, not inside section 1.1.
        for title in [
            "The Almost Crystallographic Groups Package",
            "Algorithms for almost crystallographic groups",
        ] {
            assert!(found.contains(&(1, title)), "{found:?}");
        }
        assert!(found.contains(&(2, "2.1 Betti numbers")), "{found:?}");
        // Lines the contents did not list stay text.
        let src = src.replace(
            "Algorithms for almost\ncrystallographic groups",
            "Methods for the\nalmost crystallographic\ngroups",
        );
        let x = run(&src);
        assert!(
            !headings(&x).iter().any(|h| h.1.starts_with("Methods")),
            "{:?}",
            headings(&x)
        );
    }

    #[test]
    fn a_number_alone_over_the_title_the_contents_listed_with_it_ends_the_contents() {
        // A LaTeX report in pdftotext's order: entries with their numbers on one line, page
        // numbers in a column after them; each chapter opens with its number, a blank line
        // and its title.
        let body = |w: &str| {
            format!("Mongoose is a graph partitioning library that computes {w} edge cuts in graphs quickly and well.\n")
        };
        let src = format!(
            "Contents\n1 Overview\n1.1 Coarsening . . . . . . . 3\n\n3\n3\n\n2 Availability\n2.1 Getting the Code . . . . . 5\n\n5\n5\n\n\
             1\n\nOverview\n\n{}\n1.1\n\nCoarsening\n\n{}\n2\n\nAvailability\n\n{}\n2.1\n\nGetting the Code\n\n{}",
            body("small"),
            body("balanced"),
            body("fast"),
            body("good")
        );
        let found = titles(&src);
        for t in ["1 Overview", "1.1 Coarsening", "2 Availability"] {
            assert!(found.contains(&t.to_string()), "{t}: {found:?}");
        }
    }

    #[test]
    fn a_wrapped_title_the_front_of_the_text_names_heads_its_chapter() {
        // OCR text of a GAP manual: the contents' titles on the first lines, their `Contents`
        // title lost; later a chapter's title wrapped over two lines, over its first paragraph.
        let mut src = String::from("AutPGrp\nA GAP4 Package\n\nIntroduction\n\nThe automorphism group method\nThe underlying function\n\n");
        for k in 0..FRONT_LINES {
            src += &format!("Line {k} of the introduction tells how the automorphism group of a finite p-group is computed.\n");
        }
        let chapter = "\nThe automorphism\ngroup method\n\nThe package installs a method for AutomorphismGroup of a finite p-group, described in the reference manual.\n";
        let found = titles(&format!("{src}{chapter}"));
        assert!(
            found.contains(&"The automorphism group method".to_string()),
            "{found:?}"
        );
        // The same words on lines of their own again and again are a table's head, wrapped
        // in one place and not in the others.
        let table = "\nThe automorphism group method\n\nAutomorphismGroup\n".repeat(3);
        let found = titles(&format!("{src}{table}{chapter}"));
        assert!(
            !found.contains(&"The automorphism group method".to_string()),
            "{found:?}"
        );
    }

    /// A short paged text whose contents page lists `2 Usage . . . . 4` among its first lines,
    /// and whose page of that chapter opens with `2 Usage` on the same side of the spread:
    /// two pages of one side are not a running title, for the entry is no running title.
    #[test]
    fn a_contents_entry_makes_no_running_title_of_the_title_it_lists() {
        let mut src = String::from("Contents\n\n1 Introduction . . . . 2\n2 Usage . . . . 3\n");
        for (t, w) in ["1 Introduction", "2 Usage", "3 Limits", "4 Tuning"]
            .iter()
            .zip(WORDS)
        {
            src.push_str(&format!(
                "\x0c{t}\n\nThe program moves each {w} of the mesh a little closer.\n\
                 The {w} steps are repeated until the two images meet.\n"
            ));
        }
        let x = run(&src);
        assert_eq!(x.furniture_lines, 0, "{}", x.canonical);
        assert!(titles(&src).contains(&"2 Usage".to_string()));
    }

    #[test]
    fn paged_text_without_headings_gets_page_sections() {
        let src = "just some words on page one.\n\x0cand more on page two.\n\nstill two.\n\x0c\x0cpage four.\n";
        let mut x = run(src);
        let st = crate::structure::build(&x.canonical, &mut x.blocks);
        let ids: Vec<_> = st.sections.iter().map(|s| s.section_id.as_str()).collect();
        assert_eq!(ids, ["p001", "p002", "p004"]);
        assert_eq!(st.block_section, [0, 1, 1, 2]);
        assert_eq!(st.block_index, [0, 0, 1, 0]);
        assert_eq!(st.sections[1].page_start, Some(2));
    }

    #[test]
    fn content_lines_that_repeat_mid_page_stay() {
        let mut src = String::new();
        for (p, w) in WORDS.iter().enumerate().skip(1).take(4) {
            src.push_str(&format!(
                "Manual of things\n\nOn {w} we begin.\n\nSecond {w} line here.\n\nNote: same line.\n\nAnother {w} line.\n\nLast {w} words.\n\n{p}\n\x0c"
            ));
        }
        let x = run(&src);
        assert_eq!(x.furniture_lines, 8);
        assert_eq!(x.canonical.matches("Note: same line.").count(), 4);
        assert_eq!(x.canonical.matches(" line here.").count(), 4);
    }

    #[test]
    fn hyphenation_in_prose_only() {
        let src = "The exam-\nple shows a well-\nknown case; a well-known one.\n\n    code-\n    line = 1;\n\nA state-of-the-\nart result and an ACME-\nwidget, x-\n2 too.\n";
        let x = run(src);
        let t = &x.canonical;
        assert!(t.contains("The example shows a well-known case"), "{t}");
        assert!(t.contains("code-\n    line"));
        assert!(t.contains("state-of-the-art"));
        assert!(t.contains("ACME-\nwidget"));
        assert!(t.contains("x2 too"), "{t}");
        assert_eq!(x.hyphen_joins, 2);
    }

    #[test]
    fn tables_code_and_lists() {
        let src = "| a | b |\n|---|---|\n| 1 | 2 |\n\nname,age,city\nBob,3,\"Paris, FR\"\nAl,4,Rome\n\nName      Size   Kind\nfoo.txt   12     file\nbar       -      dir\n\n    fn main() {\n        println!(\"hi\");\n    }\n\n- one\n- two\n\n- three\n\nFigure 1: The main loop.\n";
        let x = run(src);
        assert_eq!(
            kinds(&x),
            ["table", "table", "table", "code", "list", "prose"]
        );
        let grid: Vec<_> = x
            .blocks
            .iter()
            .filter_map(|b| {
                b.attrs()
                    .table
                    .as_ref()
                    .map(|t| (t.rows, t.cols, t.header_rows, t.grid_kind))
            })
            .collect();
        assert_eq!(
            grid,
            [(2, 2, 1, "pipe"), (3, 3, 0, "csv"), (3, 3, 0, "aligned")]
        );
        assert!(texts(&x)[4].ends_with("- three"));
    }

    proptest::proptest! {
        /// Any mix of lines, pages, hyphens, frames, tables and multi-byte punctuation: no
        /// panic, blocks inside the text on char boundaries, in order, and each block's
        /// source offsets inside the file.
        #[test]
        fn never_panics_and_blocks_are_sane(parts in proptest::collection::vec(0usize..24, 0..120)) {
            const PIECES: [&str; 24] = [
                "word ", "Word ", "\n", "\n\n", "\x0c", "exam-", "desig\u{2010}", "“quote” ",
                "1.2 ", "1. ", "IV. ", "A) ", "*** ", " ***", "=====", "-----", "| a | b |", ",",
                "    ", "\u{3000}", "…", "Page 3 of 9", "ÉTÉ ", "中文",
            ];
            let src: String = parts.iter().map(|&i| PIECES[i]).collect();
            let x = run(&src);
            let mut prev = 0;
            for b in &x.blocks {
                proptest::prop_assert!(b.off_begin < b.off_end && b.off_end <= x.canonical.len());
                proptest::prop_assert!(x.canonical.is_char_boundary(b.off_begin));
                proptest::prop_assert!(x.canonical.is_char_boundary(b.off_end));
                proptest::prop_assert!(b.off_begin >= prev);
                prev = b.off_end;
                let (sb, se) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
                proptest::prop_assert!(sb <= se && se <= src.len());
            }
        }
    }

    #[test]
    fn degenerate_inputs() {
        for src in [
            "",
            "\n\n\n",
            "\x0c\x0c\x0c",
            "1\n2\n3\n4\n",
            "1\n\n2\n\n3\n\n4\n",
            "TITLE\n\nTITLE\n\nTITLE\n",
            "中文标题\n\n这是一个段落。\n\nעברית\n",
            "-\n-\n-\n",
            "a-\n-b\n",
        ] {
            let x = run(src);
            for b in &x.blocks {
                assert!(b.off_begin < b.off_end && b.off_end <= x.canonical.len());
                assert!(x.canonical.is_char_boundary(b.off_begin));
            }
        }
        let long = "word ".repeat(200_000);
        let x = run(&long);
        assert_eq!(kinds(&x), ["prose"]);
    }
}
