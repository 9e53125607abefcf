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

mod furniture;
mod hyphen;
mod parser;
mod shapes;
#[cfg(test)]
mod tests;
mod titles;

#[cfg(feature = "pdf")]
pub(crate) use furniture::furniture_key;
use furniture::*;
use hyphen::*;
pub(crate) use shapes::is_box_rule;
pub use shapes::list_marker_start;
use shapes::*;

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
    /// Whether a line's typography sets it apart from body text (bigger or bold); in the
    /// code font, only a title's (see [`Hints::title_in_code`]).
    fn stands_out(h: &LineHint) -> bool {
        (!h.mono || Hints::title_in_code(h)) && h.typography.stands_out()
    }

    /// A line in the code font set in bold and a fifth larger than the text or more: a name
    /// that titles what follows (a Haddock function's signature, `Feedback.xml` over what the
    /// file holds), where code is set at the text's size or smaller.
    fn title_in_code(h: &LineHint) -> bool {
        h.mono && h.typography.bold && h.typography.size_ratio >= 1.2
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

/// What a text file's name says about its markup, beyond what its lines show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Plain,
    /// An Org file (`.org`): its star lines are titles even when nothing in the text says so.
    Org,
}

impl Dialect {
    /// The dialect a file's name gives (its extension, any case).
    pub fn of_name(name: &str) -> Dialect {
        match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() && ext.eq_ignore_ascii_case("org") => {
                Dialect::Org
            }
            _ => Dialect::Plain,
        }
    }
}

pub fn extract(canon: Canonical, cfg: &TextConfig) -> TextExtraction {
    extract_as(canon, cfg, Dialect::Plain)
}

/// [`extract`] of a text whose name gives its dialect.
pub fn extract_as(canon: Canonical, cfg: &TextConfig, dialect: Dialect) -> TextExtraction {
    read(canon, cfg, None, dialect)
}

/// [`extract`] with layout hints (see [`Hints`]).
pub fn extract_with(canon: Canonical, cfg: &TextConfig, hints: Option<&Hints>) -> TextExtraction {
    read(canon, cfg, hints, Dialect::Plain)
}

fn read(
    canon: Canonical,
    cfg: &TextConfig,
    hints: Option<&Hints>,
    dialect: Dialect,
) -> TextExtraction {
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
    if dialect == Dialect::Org {
        p.star_titles = true;
    }
    p.run();
    if hints.is_some() {
        p.labels_of_numbered_entries();
        p.levels_from_typography();
        p.before_contents(true);
        p.reference_entries();
        p.continued_titles();
        p.sections_numbered_in_chapters();
        p.chapters_without_numbers();
        p.labelled_subsections();
        p.layout_boxes();
    } else {
        p.before_contents(false);
        p.headings_inside_numbered_sections();
        p.stars_under_titles();
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
        /// Set after a bullet (`* WARNING: Backward-incompatibility!` over its indented
        /// text, in a release's notes under its `Version 4.3` title).
        bullet: bool,
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
    /// Heading blocks that are a reference entry's function head (see `function_heads`), or
    /// a member's name over its declaration (see `names_declaration`): never terms.
    function_heads: HashSet<usize>,
    /// Heading blocks that open a reference entry by its name (see `reference_entry`).
    entry_heads: HashSet<usize>,
    /// How many `Name` lines over a name and purpose the document has (counted once).
    name_entries: std::cell::OnceCell<usize>,
    /// The width the text's lines are wrapped at (see [`Parser::wrap_width`]).
    wrap_width: std::cell::OnceCell<usize>,
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
    /// The text marks its titles with `=` (AsciiDoc's `== Section`, wiki text's
    /// `== Section ==`): two such lines at the margin or more, one of them the first line of
    /// the text or three of them.
    equals_titles: bool,
    /// The text is an Emacs outline or Org file (it says so, writes an Org `#+` keyword or
    /// block, or is named `.org`) with star titles (`** Bug fixes`) at the margin.
    star_titles: bool,
    /// The text is a ChangeLog (GNU's, or `git log`'s): two entry lines at the margin or more.
    changelog: bool,
    /// Where the Org blocks of each name end (`#+end_src` lines), ascending content lines
    /// (found once, when the first block opens).
    org_ends: std::cell::OnceCell<HashMap<String, Vec<usize>>>,
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
    /// The letters of lines at the margin that end with a colon and carry a version's number,
    /// three of them or more saying the same words (`Changes in version 2.3:`): a series of
    /// titles whose colon does not make them lead-ins.
    release_lines: HashSet<String>,
    /// With layout hints: the font size (over the body's) of the last numbered heading of
    /// each depth (index = number of parts − 1).
    numbered_sizes: Vec<f32>,
    /// Every type size a numbered heading had so far, at any depth.
    numbered_types: Vec<f32>,
    /// See [`Parser::full_line`] (counted once).
    full_line: std::cell::OnceCell<usize>,
    /// See [`Parser::margins`] (found once).
    margins: std::cell::OnceCell<HashMap<u32, Vec<i32>>>,
    /// Whether the lines of [`Parser::lone_over_paragraph`] are written in sentence case more
    /// often than in title case, twice at least (counted once).
    lone_sentence_case: std::cell::OnceCell<bool>,
}
