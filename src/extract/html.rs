//! HTML → canonical text and typed blocks, streaming with lol_html.
//!
//! lol_html tokenizes (it gives every start tag, end tag and text chunk with its byte range in
//! the source) but builds no tree, so this module keeps its own element stack and applies the
//! HTML end-tag omission rules that matter for content (`p`, `li`, `dt`/`dd`, table parts).
//!
//! Canonical text is built, not copied: the visible text of each content block, whitespace
//! collapsed as a browser would (`pre` kept verbatim), entities decoded, one block per content
//! element, blocks separated by a blank line. List items and table rows go on their own lines,
//! table cells are joined with ` | `. Blocks carry `src_begin/src_end`: the byte range of their
//! element in the file.
//!
//! Boilerplate is left out: `script`, `style`, `template`, `noscript`, `nav`, `aside`, forms,
//! page-level `header`/`footer`, `role=navigation|banner|contentinfo|search|complementary`,
//! `hidden`/`aria-hidden`, and the navigation classes documentation generators use (sidebars,
//! "previous/next" bars, permalink anchors). When the page has a `<main>`, an element with
//! `role=main`, or a single `<article>`, only that is read; the choice is reported.

use crate::config::TextConfig;
use crate::extract::canonical::Canonical;
use crate::model::{Block, BlockAttrs, BlockType, HeadingInfo, HeadingSource, TableShape};
use lol_html::html_content::{Element, EndTag, TextChunk};
use lol_html::{doc_text, element, AsciiCompatibleEncoding, HtmlRewriter, Settings};
use std::cell::RefCell;
use std::rc::Rc;

/// What the extractor made of one page.
#[derive(Debug, Clone, PartialEq)]
pub struct Extracted {
    pub canonical: String,
    pub blocks: Vec<Block>,
    /// Which part of the page was read: `main`, `role_main`, `article` or `body`.
    pub root: &'static str,
    /// The encoding the bytes were decoded with, and whether it was declared or guessed.
    pub encoding: &'static str,
    pub encoding_guessed: bool,
}

/// Which element holds the content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    Main,
    RoleMain,
    Article,
    /// Doxygen: `div.contents` (no landmarks at all on its pages).
    Contents,
    Body,
}

impl Root {
    fn name(self) -> &'static str {
        match self {
            Root::Main => "main",
            Root::RoleMain => "role_main",
            Root::Article => "article",
            Root::Contents => "div_contents",
            Root::Body => "body",
        }
    }
}

/// How far up the element stack context lookups go (nearest list, cell, bold, section). Whole-
/// stack questions (inside a skipped element? inside the root? inside a tag?) are counters, so a
/// page nested 50 000 deep costs linear time, not quadratic.
const NEAR: usize = 64;

/// Largest table width tracked for spans, like browsers' colspan limit.
const MAX_TABLE_COLS: u32 = 1000;

/// Classes and ids of navigation and chrome in common documentation generators.
const BOILERPLATE_WORDS: &[&str] = &[
    "navheader",
    "navfooter",
    "navbar",
    "navigation",
    "sidebar",
    "sphinxsidebar",
    "sphinxsidebarwrapper",
    "related",
    "breadcrumb",
    "breadcrumbs",
    "headerlink",
    "skip-link",
    "navpath",
    "nav-path",
    "side-nav",
    "toc",
    "toctree-wrapper",
    "mobile-nav",
    "menu-bar",
    "nav-chapters",
    "nav-wrapper",
    "sub-nav",
    "subnav",
    "topnav",
    "bottom-nav",
    "lineno",
    "linenos",
    "listing_lines",
];

/// Tables that only lay out a code listing beside its line numbers (GTK-Doc, Pygments): the
/// listing is the content, so the table is no block and the line-number cell is left out.
const LISTING_TABLE_CLASSES: &[&str] = &["listing_frame", "highlighttable"];

const SKIP_TAGS: &[&str] = &[
    "script", "style", "template", "noscript", "nav", "aside", "head", "form", "button", "select",
    "textarea", "iframe", "object", "canvas", "svg", "math", "dialog", "menu",
];

const SKIP_ROLES: &[&str] = &[
    "navigation",
    "banner",
    "contentinfo",
    "search",
    "complementary",
];

/// Languages recognized as a bare class on `pre`/`code` (rustdoc writes `class="rust"`).
const BARE_LANGS: &[&str] = &[
    "rust",
    "python",
    "c",
    "cpp",
    "java",
    "javascript",
    "js",
    "typescript",
    "ts",
    "bash",
    "sh",
    "shell",
    "console",
    "json",
    "yaml",
    "toml",
    "html",
    "xml",
    "css",
    "sql",
    "go",
    "ruby",
    "perl",
    "php",
    "kotlin",
    "swift",
    "scala",
    "haskell",
    "lua",
    "r",
    "text",
];

/// How an element takes part in blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Starts a block of this type (when no block is open).
    Block(BlockType),
    /// Ends the line inside a block, and ends an anonymous block.
    Break,
    /// A table row / cell inside a table block.
    Row,
    Cell,
    /// A caption of the enclosing table or figure: its text becomes a caption block.
    Caption,
    Inline,
}

#[derive(Debug)]
struct Open {
    id: u32,
    tag: String,
    role: Role,
    skip: bool,
    /// The element whose subtree is the page content.
    root: bool,
    class: String,
    html_id: Option<String>,
    footnote: bool,
    /// A `table` that lays the page out (see [`LayoutScan`]): it and its rows and cells are
    /// read as `div`s are.
    layout: bool,
    /// Skipped for a navigation class or id alone (see [`NavScan`]).
    nav: bool,
}

/// The text in one element skipped for a navigation class or id alone, counted to tell a
/// contents list from a page that sits in such a container. Sphinx's one-page builds put the
/// whole document in a `toctree-wrapper` (where its other builds put a list of links), and a
/// DocBook `sidebar` is a boxed aside of prose.
#[derive(Debug)]
struct NavScan {
    start: usize,
    /// Letters inside links, and outside links and headings.
    link: usize,
    plain: usize,
}

impl NavScan {
    /// Holds a page rather than navigation: paragraphs of text more than links.
    fn holds_page(&self) -> bool {
        self.plain >= NAV_PAGE_CHARS && self.plain >= 2 * self.link
    }
}

/// Fewest letters of text outside links and headings that make a navigation container the
/// page's content.
const NAV_PAGE_CHARS: usize = 400;

#[derive(Debug, Default)]
struct TableState {
    rows: u32,
    cols: u32,
    header_rows: u32,
    /// Leading rows so far are all header rows.
    in_header_run: bool,
    row_all_th: bool,
    row_in_thead: bool,
    col: u32,
    occupied: Vec<u32>,
    row_busy: Vec<bool>,
    spans: Vec<[u32; 4]>,
    cells_in_row: u32,
    /// Where the current row's text starts, and `cols` and `spans` before it: what a heading
    /// row gives back when it splits the table.
    row_start: usize,
    row_cols: u32,
    row_spans: usize,
    /// Nesting depth of tables inside this block (only the outer one is measured).
    depth: u32,
}

#[derive(Debug)]
struct Cur {
    kind: BlockType,
    /// Element that opened the block; None for text standing directly in a container.
    owner: Option<u32>,
    start: usize,
    src_begin: usize,
    src_end: usize,
    attrs: BlockAttrs,
    heading: Option<(u8, HeadingSource, Option<String>)>,
    table: TableState,
    /// Text of a `caption`/`figcaption` inside this block, and its source range.
    caption: Option<(String, usize, usize)>,
    in_caption: u32,
    /// Image alt texts, used when a paragraph or figure has no text of its own.
    alts: Vec<String>,
    /// Visible characters inside and outside `b`/`strong`, and the heading level a `title`,
    /// `heading` or `rubric` class suggests: what makes a style heading candidate.
    bold_chars: usize,
    plain_chars: usize,
    styled: Option<u8>,
    pre_depth: u32,
    /// A newline right after `<pre>` is not content.
    pre_fresh: bool,
    /// Code laid out as one element per line (Doxygen): whitespace between lines is not content.
    line_elements: bool,
    /// Lines this block's `<br>`s broke (a text file set with line breaks).
    br: Option<Box<BrLines>>,
    /// Markup other than `<br>` broke a line of this block (`<div>` in a `<blockquote>`): its
    /// lines are not a text file's.
    other_breaks: bool,
}

/// The lines of a block set with `<br>` line breaks: a text file in a page (DocBook's
/// `literallayout`, a `NEWS` or licence file), whose blank lines the breaks write too.
#[derive(Debug, Default)]
struct BrLines {
    /// `<br>`s that ended a line of text.
    breaks: u32,
    /// Before which of the block's lines a blank line stands (a `<br>` at a line's start).
    blanks: Vec<u32>,
    /// Where in the source each of the block's lines starts (the first at the block's start).
    line_src: Vec<usize>,
}

/// A block of `<br>` lines to read again as plain text, once the page is read.
#[derive(Debug)]
struct BrText {
    block: usize,
    lines: Box<BrLines>,
}

/// Fewest `<br>` line breaks, and blank lines among them, that make a block a text file set in
/// a page rather than an address or a few lines of a poem.
const BR_TEXT_BREAKS: u32 = 10;
const BR_TEXT_BLANKS: usize = 2;

impl Cur {
    /// Makes this block a table's: measured from its first row.
    fn open_table(&mut self) {
        self.table.depth = 1;
        self.attrs.table = Some(Box::new(TableShape {
            rows: 0,
            cols: 0,
            header_rows: 0,
            grid_kind: "html",
            cell_spans: Vec::new(),
        }));
    }
}

struct St {
    out: String,
    blocks: Vec<Block>,
    stack: Vec<Open>,
    next_id: u32,
    root_rule: Root,
    cur: Option<Cur>,
    pending_space: bool,
    title: Option<(String, usize, usize)>,
    text_buf: String,
    text_src: Option<(usize, usize)>,
    /// Open elements that are skipped, that are the content root, and per tag name.
    skip_open: usize,
    root_open: usize,
    tag_open: std::collections::HashMap<String, usize>,
    /// Prose blocks that look like headings by style: (block index, level).
    style_candidates: Vec<(usize, u8)>,
    /// Source offsets of the `<table` tags of layout tables, ascending.
    layout: Vec<usize>,
    /// Blocks of `<br>` lines to read as plain text.
    br_texts: Vec<BrText>,
    /// Open elements skipped for a navigation class alone, innermost last; the source offsets
    /// of those found to hold the page; and those of the ones to read as content, ascending
    /// (found on a first pass).
    nav_scan: Vec<NavScan>,
    nav_pages: Vec<usize>,
    nav_read: Vec<usize>,
}

impl St {
    fn skipping(&self) -> bool {
        self.skip_open > 0
    }

    fn in_root(&self) -> bool {
        match self.root_rule {
            Root::Body => true,
            _ => self.root_open > 0,
        }
    }

    fn in_tag(&self, tag: &str) -> bool {
        self.tag_open.get(tag).is_some_and(|&n| n > 0)
    }

    fn push(&mut self, o: Open) {
        self.skip_open += usize::from(o.skip);
        self.root_open += usize::from(o.root);
        *self.tag_open.entry(o.tag.clone()).or_default() += 1;
        self.stack.push(o);
    }

    fn pop(&mut self) -> Option<Open> {
        let o = self.stack.pop()?;
        if o.nav {
            if let Some(n) = self.nav_scan.pop() {
                if n.holds_page() {
                    self.nav_pages.push(n.start);
                }
                if let Some(outer) = self.nav_scan.last_mut() {
                    outer.link += n.link;
                    outer.plain += n.plain;
                }
            }
        }
        self.skip_open -= usize::from(o.skip);
        self.root_open -= usize::from(o.root);
        if let Some(n) = self.tag_open.get_mut(&o.tag) {
            *n -= 1;
        }
        Some(o)
    }

    /// Ensures a block is open for text, opening an anonymous block if needed.
    fn ensure_block(&mut self, src: usize) {
        if self.cur.is_none() {
            let kind = self.context_kind();
            self.start_block(kind, None, src);
        }
    }

    /// The type of text standing in the current context: inside a list it continues the list,
    /// inside a footnote the footnote; prose elsewhere.
    fn context_kind(&self) -> BlockType {
        for o in self.stack.iter().rev().take(NEAR) {
            if o.footnote {
                return BlockType::Footnote;
            }
            if matches!(o.tag.as_str(), "ul" | "ol" | "dl") {
                return BlockType::List;
            }
            if matches!(
                o.tag.as_str(),
                "blockquote" | "td" | "th" | "table" | "section" | "article" | "main"
            ) {
                return BlockType::Prose;
            }
        }
        BlockType::Prose
    }

    fn start_block(&mut self, kind: BlockType, owner: Option<u32>, src_begin: usize) {
        if let Some(c) = &self.cur {
            if c.owner.is_none() {
                self.finish_block(None);
            }
        }
        if !self.out.is_empty() {
            self.out.push_str("\n\n");
        }
        self.pending_space = false;
        self.cur = Some(Cur {
            kind,
            owner,
            start: self.out.len(),
            src_begin,
            src_end: src_begin,
            attrs: BlockAttrs::default(),
            heading: None,
            table: TableState {
                in_header_run: true,
                ..Default::default()
            },
            caption: None,
            in_caption: 0,
            alts: Vec::new(),
            bold_chars: 0,
            plain_chars: 0,
            // Text standing in a container takes the container's style; an element's own
            // block takes its own (set where it opens).
            styled: match owner {
                None => self.stack.last().and_then(|o| style_level(&o.class)),
                Some(_) => None,
            },
            pre_depth: 0,
            pre_fresh: false,
            line_elements: false,
            br: None,
            other_breaks: false,
        });
    }

    /// Closes the open block; an empty one leaves no trace.
    fn finish_block(&mut self, src_end: Option<usize>) {
        let Some(mut c) = self.cur.take() else { return };
        if let Some(e) = src_end {
            c.src_end = c.src_end.max(e);
        }
        let trimmed = self.out[c.start..].trim_end().len();
        self.out.truncate(c.start + trimmed);
        // A paragraph or figure with images and no text of its own reads as their alt texts.
        if trimmed == 0
            && !c.alts.is_empty()
            && matches!(c.kind, BlockType::Prose | BlockType::Figure)
        {
            self.out.push_str(&c.alts.join(" "));
        }
        let text = &self.out[c.start..];
        if c.kind == BlockType::Prose
            && !c.alts.is_empty()
            && text.trim() == c.alts.join(" ").trim()
        {
            c.kind = BlockType::Figure;
        }
        let end = self.out.len();
        let mut target = None;
        if end > c.start && c.kind == BlockType::Prose && c.heading.is_none() {
            let level = c
                .styled
                .or((c.bold_chars > 0 && c.plain_chars == 0).then_some(2));
            if let Some(level) = level.filter(|_| looks_like_title(&self.out[c.start..end])) {
                self.style_candidates.push((self.blocks.len(), level));
            }
        }
        if end > c.start {
            let heading = c.heading.take().map(|(level, source, anchor)| HeadingInfo {
                level,
                title: heading_title(&self.out[c.start..end]),
                source,
                anchor,
            });
            let tb = &mut c.table;
            if tb.rows > 0
                && tb.in_header_run
                && (tb.row_all_th || tb.row_in_thead)
                && tb.cells_in_row > 0
            {
                tb.header_rows += 1;
            }
            if let Some(t) = c.attrs.table.as_mut() {
                t.rows = c.table.rows;
                t.cols = c.table.cols;
                t.header_rows = c.table.header_rows;
                t.cell_spans = std::mem::take(&mut c.table.spans);
            }
            target = Some(self.blocks.len());
            if let Some(lines) = c.br.take().filter(|l| {
                c.kind == BlockType::Prose
                    && !c.other_breaks
                    && heading.is_none()
                    && l.breaks >= BR_TEXT_BREAKS
                    && l.blanks.len() >= BR_TEXT_BLANKS
            }) {
                self.br_texts.push(BrText {
                    block: self.blocks.len(),
                    lines,
                });
            }
            self.blocks.push(Block {
                kind: c.kind,
                off_begin: c.start,
                off_end: end,
                src_begin: Some(c.src_begin as u64),
                src_end: Some(c.src_end as u64),
                page: None,
                attrs: c.attrs.boxed(),
                heading: heading.map(Box::new),
            });
        } else {
            // Drop the separator written for the empty block.
            let keep = self.out.trim_end_matches('\n').len();
            self.out.truncate(keep);
        }
        if let Some((text, b, e)) = c.caption.take() {
            let text = text.trim();
            if !text.is_empty() {
                if !self.out.is_empty() {
                    self.out.push_str("\n\n");
                }
                let start = self.out.len();
                self.out.push_str(text);
                let label = crate::structure::captions::caption_label(text).map(|(l, _)| l);
                if let (Some(t), Some(l)) = (target, &label) {
                    self.blocks[t].attrs_mut().figure_ref = Some(l.clone());
                }
                self.blocks.push(Block {
                    kind: BlockType::Caption,
                    off_begin: start,
                    off_end: self.out.len(),
                    src_begin: Some(b as u64),
                    src_end: Some(e as u64),
                    page: None,
                    attrs: BlockAttrs {
                        caption_for: target,
                        figure_ref: label,
                        ..Default::default()
                    }
                    .boxed(),
                    heading: None,
                });
            }
        }
        self.pending_space = false;
    }

    /// Ends the line in the open block, for markup other than `<br>` (which
    /// [`Self::br_break`] handles): such a block's lines are no text file's.
    fn line_break(&mut self) {
        let before = self.out.len();
        self.break_line();
        if let Some(c) = self.cur.as_mut().filter(|_| self.out.len() != before) {
            c.other_breaks = true;
        }
    }

    /// Ends the line in the open block. Inside a table cell, lines are cells' business: a
    /// paragraph or line break there is a space.
    fn break_line(&mut self) {
        let Some(c) = &self.cur else { return };
        if c.in_caption > 0 {
            return;
        }
        if c.kind == BlockType::Table
            && self
                .stack
                .iter()
                .rev()
                .take(NEAR)
                .take_while(|o| o.tag != "table")
                .any(|o| o.tag == "td" || o.tag == "th")
        {
            self.pending_space = true;
            return;
        }
        let at_start = self.out.len() == c.start || self.out.ends_with('\n');
        if !at_start {
            let keep = self.out.trim_end_matches(' ').len();
            self.out.truncate(keep);
            self.out.push('\n');
        }
        self.pending_space = false;
    }

    /// A `<br>` (ending at source offset `end`) in the open block: a line break, and a
    /// line of the block's text as a text file would have it; at a line's start, a blank line.
    fn br_break(&mut self, end: usize) {
        let Some(c) = &self.cur else { return };
        let written = self.out.len() > c.start;
        let at_start = !written || self.out.ends_with('\n');
        let plain = c.kind == BlockType::Prose && c.pre_depth == 0 && c.in_caption == 0;
        self.break_line();
        let Some(c) = self.cur.as_mut().filter(|_| plain) else {
            return;
        };
        let lines = c.br.get_or_insert_with(|| {
            Box::new(BrLines {
                line_src: vec![c.src_begin],
                ..Default::default()
            })
        });
        if !at_start {
            lines.breaks += 1;
            lines.line_src.push(end);
        } else if written {
            let line = lines.line_src.len() as u32 - 1;
            lines.blanks.push(line);
            // The line after the blank starts after this break.
            if let Some(last) = lines.line_src.last_mut() {
                *last = (*last).max(end);
            }
        }
    }

    /// Takes back the open table row when nothing of it was written yet: the row a heading
    /// stands in, which ends the table block. False when the row holds text already (the
    /// heading is then cell text).
    fn drop_empty_row(&mut self) -> bool {
        let Some(c) = self.cur.as_mut() else {
            return false;
        };
        let t = &mut c.table;
        let Some(rest) = self.out.get(t.row_start..) else {
            return false;
        };
        if t.rows == 0 || t.row_start < c.start || !rest.chars().all(|ch| ch == ' ' || ch == '|') {
            return false;
        }
        self.out.truncate(t.row_start);
        t.rows -= 1;
        t.cols = t.row_cols;
        t.spans.truncate(t.row_spans);
        t.cells_in_row = 0;
        self.pending_space = false;
        true
    }

    /// The innermost open `table` element (within [`NEAR`]).
    fn nearest_table(&self) -> Option<&Open> {
        self.stack
            .iter()
            .rev()
            .take(NEAR)
            .find(|o| o.tag == "table")
    }

    /// A row or cell of a table whose block a heading ended: the rows after the heading are a
    /// table block again, owned by the table element.
    fn resume_table(&mut self, src: usize) {
        if self.cur.as_ref().is_some_and(|c| c.owner.is_some()) {
            return;
        }
        let Some(id) = self
            .nearest_table()
            .filter(|o| o.role == Role::Block(BlockType::Table))
            .map(|o| o.id)
        else {
            return;
        };
        self.start_block(BlockType::Table, Some(id), src);
        let len = self.out.len();
        if let Some(c) = self.cur.as_mut() {
            c.open_table();
            // Resumed at a cell, the row is open already: it starts here.
            c.table.row_start = len;
        }
    }

    /// Appends decoded text to the open block.
    fn push_text(&mut self, text: &str, src_begin: usize, src_end: usize) {
        let Some(c) = self.cur.as_mut() else { return };
        c.src_end = c.src_end.max(src_end);
        if c.in_caption > 0 {
            let (buf, _, e) = c
                .caption
                .get_or_insert_with(|| (String::new(), src_begin, src_end));
            *e = src_end;
            for w in text.split_whitespace() {
                if !buf.is_empty() {
                    buf.push(' ');
                }
                buf.push_str(w);
            }
            return;
        }
        if c.pre_depth > 0 {
            if c.line_elements && text.contains('\n') && text.trim().is_empty() {
                return;
            }
            let mut t = text;
            if c.pre_fresh {
                t = t
                    .strip_prefix("\r\n")
                    .or_else(|| t.strip_prefix('\n'))
                    .unwrap_or(t);
                c.pre_fresh = t.is_empty();
            }
            self.out
                .push_str(&t.replace("\r\n", "\n").replace('\r', "\n"));
            return;
        }
        let start = c.start;
        let bold = self
            .stack
            .iter()
            .rev()
            .take(NEAR)
            .take_while(|o| Some(o.id) != c.owner)
            .any(|o| o.tag == "b" || o.tag == "strong");
        let visible = text.chars().filter(|c| !c.is_whitespace()).count();
        if bold {
            c.bold_chars += visible;
        } else {
            c.plain_chars += visible;
        }
        for ch in text.chars() {
            if ch.is_ascii_whitespace() {
                self.pending_space = true;
            } else {
                let at_line_start = self.out.len() == start || self.out.ends_with('\n');
                if self.pending_space && !at_line_start && !self.out.ends_with(' ') {
                    self.out.push(' ');
                }
                self.pending_space = false;
                self.out.push(ch);
            }
        }
    }

    /// Handles a start tag.
    fn open(&mut self, el: &Element, tag: String) -> Option<u32> {
        let loc = el.source_location().bytes();
        self.implicit_close(&tag, loc.start);
        if tag == "title" && self.title.is_none() {
            self.title = Some((String::new(), loc.start, loc.end));
        }
        let class = el.get_attribute("class").unwrap_or_default();
        let id_attr = el.get_attribute("id");
        let role_attr = el
            .get_attribute("role")
            .unwrap_or_default()
            .to_ascii_lowercase();
        let is_footnote = matches!(
            role_attr.as_str(),
            "doc-footnote" | "doc-endnote" | "doc-endnotes"
        ) || class
            .split_whitespace()
            .any(|w| w == "footnote" || w == "footnotes");
        let in_article = self.in_tag("article") || self.in_tag("main") || self.in_tag("section");
        // Footnotes may sit in an <aside> (docutils); nothing else about them is exempt.
        let skip_other = (SKIP_TAGS.contains(&tag.as_str()) && !(is_footnote && tag == "aside"))
            || ((tag == "header" || tag == "footer") && !in_article)
            || SKIP_ROLES.contains(&role_attr.as_str())
            || el.has_attribute("hidden")
            || el
                .get_attribute("aria-hidden")
                .is_some_and(|v| v.eq_ignore_ascii_case("true"));
        // Navigation classes mark containers; a heading that carries one (an `<h2 id="TOC">`
        // over a contents list) is still a heading, and a container found to hold the page
        // (see [`NavScan`]) is read.
        let nav = !skip_other
            && !is_heading_tag(&tag)
            && class
                .split_whitespace()
                .chain(id_attr.as_deref())
                .any(|w| BOILERPLATE_WORDS.contains(&w.to_ascii_lowercase().as_str()))
            && self.nav_read.binary_search(&loc.start).is_err();
        let skip = skip_other || nav;
        let root = !self.in_root()
            && match self.root_rule {
                Root::Main => tag == "main",
                Root::RoleMain => role_attr == "main",
                Root::Article => tag == "article",
                Root::Contents => tag == "div" && class.split_whitespace().any(|w| w == "contents"),
                Root::Body => false,
            };
        let layout = tag == "table" && self.layout.binary_search(&loc.start).is_ok();
        // A layout table's rows and cells are read as `div`s are.
        let in_layout = matches!(
            tag.as_str(),
            "tr" | "td" | "th" | "thead" | "tbody" | "tfoot" | "caption"
        ) && self.nearest_table().is_some_and(|t| t.layout);
        let role = if is_footnote {
            Role::Block(BlockType::Footnote)
        } else if role_attr == "heading" {
            Role::Block(BlockType::Heading)
        } else if layout
            || in_layout
            || tag == "table"
                && class
                    .split_whitespace()
                    .any(|w| LISTING_TABLE_CLASSES.contains(&w))
        {
            Role::Break
        } else if tag == "div" && class.split_whitespace().any(|w| w == "fragment") {
            // Doxygen's code listings: a div of div.line, no <pre>.
            Role::Block(BlockType::Code)
        } else {
            match tag.as_str() {
                "p" | "blockquote" | "address" => Role::Block(BlockType::Prose),
                "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => Role::Block(BlockType::Heading),
                "pre" | "listing" | "xmp" => Role::Block(BlockType::Code),
                "table" => Role::Block(BlockType::Table),
                "ul" | "ol" | "dl" => Role::Block(BlockType::List),
                "figure" => Role::Block(BlockType::Figure),
                "caption" | "figcaption" => Role::Caption,
                "tr" => Role::Row,
                "td" | "th" => Role::Cell,
                "div" | "section" | "article" | "main" | "body" | "li" | "dt" | "dd" | "br"
                | "hr" | "center" | "details" | "summary" | "header" | "footer" | "thead"
                | "tbody" | "tfoot" | "hgroup" => Role::Break,
                _ => Role::Inline,
            }
        };
        let id = self.next_id;
        self.next_id += 1;
        let open = Open {
            id,
            tag: tag.clone(),
            role,
            skip,
            root,
            class: class.clone(),
            html_id: id_attr.clone(),
            footnote: is_footnote,
            layout,
            nav,
        };
        let active = !self.skipping() && !skip && (self.in_root() || root);
        if active {
            self.apply_open(&open, el, id_attr, loc.start, loc.end);
        }
        // `<a id="x"/>` in XHTML output (DocBook) is closed; an HTML parser would leave it open
        // and nest the rest of the page in it.
        if el.can_have_content() && !el.is_self_closing() {
            if nav {
                self.nav_scan.push(NavScan {
                    start: loc.start,
                    link: 0,
                    plain: 0,
                });
            }
            self.push(open);
            Some(id)
        } else {
            None
        }
    }

    fn apply_open(
        &mut self,
        o: &Open,
        el: &Element,
        id_attr: Option<String>,
        begin: usize,
        end: usize,
    ) {
        match o.role {
            Role::Block(kind) => {
                // Headings, code and tables inside a list item, quote or footnote are blocks of
                // their own (Javadoc and Doxygen member sections, Sphinx API entries): the
                // enclosing block ends there.
                let splits = matches!(
                    kind,
                    BlockType::Heading | BlockType::Code | BlockType::Table
                ) && self.cur.as_ref().is_some_and(|c| {
                    c.owner.is_some()
                        && matches!(
                            c.kind,
                            BlockType::List | BlockType::Prose | BlockType::Footnote
                        )
                        && c.in_caption == 0
                });
                // A heading in a table's own cell (Doxygen's member tables give each group's
                // `h2` a row) ends the table block before its row; the rows after it open
                // another table block.
                // A heading in a header cell labels its column, and one after other cells of
                // its row is cell text: both stay in the table.
                let heading_row = kind == BlockType::Heading
                    && self.cur.as_ref().is_some_and(|c| {
                        c.owner.is_some()
                            && c.kind == BlockType::Table
                            && c.table.depth == 1
                            && c.in_caption == 0
                    })
                    && !self
                        .stack
                        .iter()
                        .rev()
                        .take(NEAR)
                        .take_while(|o| o.tag != "table")
                        .any(|o| o.tag == "th" || o.tag == "thead")
                    && self.drop_empty_row();
                if splits || heading_row {
                    self.finish_block(Some(begin));
                }
                if let Some(c) = self.cur.as_mut().filter(|c| c.owner.is_some()) {
                    // Nested inside an open block: part of it.
                    if kind == BlockType::Table {
                        c.table.depth += 1;
                    }
                    if kind == BlockType::Code {
                        c.pre_depth += 1;
                        c.pre_fresh = true;
                    }
                    self.line_break();
                    return;
                }
                let kind = if kind == BlockType::Prose {
                    self.context_kind()
                } else {
                    kind
                };
                self.start_block(kind, Some(o.id), begin);
                let c = self.cur.as_mut().expect("just opened");
                c.styled = style_level(&o.class);
                match kind {
                    BlockType::Heading => {
                        let (level, source) = if o.tag.len() == 2 && o.tag.starts_with('h') {
                            (o.tag.as_bytes()[1] - b'0', HeadingSource::HtmlH)
                        } else {
                            let l = el
                                .get_attribute("aria-level")
                                .and_then(|v| v.trim().parse::<u8>().ok());
                            (l.unwrap_or(2).clamp(1, 9), HeadingSource::Aria)
                        };
                        // Generators put the id on the heading or on its enclosing section.
                        let anchor = id_attr.or_else(|| {
                            self.stack
                                .iter()
                                .rev()
                                .take(NEAR)
                                .find(|p| {
                                    p.tag == "section"
                                        || p.class.split_whitespace().any(|w| w == "section")
                                })
                                .and_then(|p| p.html_id.clone())
                        });
                        c.heading = Some((level, source, anchor));
                    }
                    BlockType::Code => {
                        c.pre_depth = 1;
                        c.pre_fresh = true;
                        c.line_elements = o.tag == "div";
                        let lang = code_lang(&o.class).or_else(|| {
                            self.stack
                                .iter()
                                .rev()
                                .take(2)
                                .find_map(|p| code_lang(&p.class))
                        });
                        if let Some(c) = self.cur.as_mut() {
                            c.attrs.lang_guess = lang.as_ref().map(|_| false);
                            c.attrs.lang = lang;
                        }
                    }
                    BlockType::Table => c.open_table(),
                    _ => {}
                }
            }
            Role::Break => {
                if self.cur.as_ref().is_some_and(|c| c.owner.is_none()) {
                    self.finish_block(None);
                } else if o.tag == "br" {
                    self.br_break(end);
                } else {
                    self.line_break();
                }
            }
            Role::Row => {
                self.resume_table(begin);
                let thead = self.in_tag("thead");
                if let Some(c) = self
                    .cur
                    .as_mut()
                    .filter(|c| c.kind == BlockType::Table && c.table.depth == 1)
                {
                    let t = &mut c.table;
                    if t.rows > 0
                        && t.in_header_run
                        && (t.row_all_th || t.row_in_thead)
                        && t.cells_in_row > 0
                    {
                        t.header_rows += 1;
                    } else if t.rows > 0 {
                        t.in_header_run = false;
                    }
                    t.row_cols = t.cols;
                    t.row_spans = t.spans.len();
                    t.rows += 1;
                    t.col = 0;
                    t.cells_in_row = 0;
                    t.row_all_th = true;
                    t.row_in_thead = thead;
                    t.row_busy = t.occupied.iter().map(|&o| o > 0).collect();
                    for o in &mut t.occupied {
                        *o = o.saturating_sub(1);
                    }
                }
                self.line_break();
                let len = self.out.len();
                if let Some(c) = self
                    .cur
                    .as_mut()
                    .filter(|c| c.kind == BlockType::Table && c.table.depth == 1)
                {
                    c.table.row_start = len;
                }
            }
            Role::Cell => {
                self.resume_table(begin);
                let mut sep = false;
                if let Some(c) = self
                    .cur
                    .as_mut()
                    .filter(|c| c.kind == BlockType::Table && c.table.depth == 1)
                {
                    let t = &mut c.table;
                    if t.rows == 0 {
                        t.rows = 1;
                        t.row_all_th = true;
                    }
                    if o.tag == "td" {
                        t.row_all_th = false;
                    }
                    let num = |n: &str| {
                        el.get_attribute(n)
                            .and_then(|v| v.trim().parse::<u32>().ok())
                            .unwrap_or(1)
                            .clamp(1, 65_534)
                    };
                    let (rs, cs) = (num("rowspan"), num("colspan").min(MAX_TABLE_COLS));
                    while t.row_busy.get(t.col as usize).copied().unwrap_or(false) {
                        t.col += 1;
                    }
                    if rs > 1 || cs > 1 {
                        t.spans.push([t.rows - 1, t.col, rs, cs]);
                    }
                    // Occupancy is tracked over at most MAX_TABLE_COLS columns, so a row costs
                    // at most that much whatever spans a page declares.
                    let (from, to) = (
                        t.col.min(MAX_TABLE_COLS) as usize,
                        (t.col + cs).min(MAX_TABLE_COLS) as usize,
                    );
                    if t.occupied.len() < to {
                        t.occupied.resize(to, 0);
                        t.row_busy.resize(to, false);
                    }
                    for k in from..to {
                        t.occupied[k] = t.occupied[k].max(rs - 1);
                    }
                    t.col = (t.col + cs).min(MAX_TABLE_COLS);
                    t.cols = t.cols.max(t.col);
                    sep = t.cells_in_row > 0;
                    t.cells_in_row += 1;
                }
                if sep {
                    let keep = self.out.trim_end_matches(' ').len();
                    self.out.truncate(keep);
                    self.out.push_str(" | ");
                    self.pending_space = false;
                }
            }
            Role::Caption => {
                if let Some(c) = self
                    .cur
                    .as_mut()
                    .filter(|c| matches!(c.kind, BlockType::Table | BlockType::Figure))
                {
                    c.in_caption += 1;
                    if c.caption.is_none() {
                        c.caption = Some((String::new(), begin, end));
                    }
                } else {
                    self.start_block(BlockType::Prose, Some(o.id), begin);
                }
            }
            Role::Inline => {
                if o.tag == "code" {
                    if let Some(c) = self
                        .cur
                        .as_mut()
                        .filter(|c| c.kind == BlockType::Code && c.attrs.lang.is_none())
                    {
                        c.attrs.lang = code_lang(&o.class);
                        c.attrs.lang_guess = c.attrs.lang.as_ref().map(|_| false);
                    }
                }
                if o.tag == "img" {
                    let alt = el
                        .get_attribute("alt")
                        .or_else(|| el.get_attribute("title"))
                        .map(|a| decode(&a).split_whitespace().collect::<Vec<_>>().join(" "))
                        .filter(|a| !a.is_empty());
                    let standalone = self.cur.is_none();
                    if standalone {
                        self.start_block(BlockType::Figure, None, begin);
                    }
                    if let Some(c) = self.cur.as_mut() {
                        c.src_end = c.src_end.max(end);
                        if let Some(a) = alt.clone() {
                            c.alts.push(a);
                        }
                        if c.kind == BlockType::Figure && c.owner.is_some() {
                            if let Some(a) = alt {
                                self.push_text(&a, begin, end);
                            }
                        }
                    }
                    if standalone {
                        self.finish_block(Some(end));
                    }
                }
            }
        }
    }

    /// End-tag omission: a new `p`, list item, table part… closes the one still open.
    fn implicit_close(&mut self, tag: &str, src: usize) {
        // `</head>` may be omitted: anything that cannot be in a head ends it.
        const HEAD_TAGS: &[&str] = &[
            "title", "meta", "link", "style", "script", "base", "noscript", "template",
        ];
        if !HEAD_TAGS.contains(&tag) {
            if let Some(k) = self
                .in_tag("head")
                .then(|| self.stack.iter().rposition(|o| o.tag == "head"))
                .flatten()
            {
                self.pop_to(k, src, None);
            }
        }
        let (targets, boundaries): (&[&str], &[&str]) = match tag {
            "p" | "div" | "ul" | "ol" | "dl" | "pre" | "table" | "blockquote" | "h1" | "h2"
            | "h3" | "h4" | "h5" | "h6" | "section" | "article" | "figure" | "hr" | "header"
            | "footer" | "main" | "nav" | "aside" | "address" | "details" | "fieldset" | "form"
            | "menu" => (
                &["p"],
                &["table", "td", "th", "caption", "button", "template", "html"],
            ),
            "li" => (&["li"], &["ul", "ol", "menu", "table"]),
            "dt" | "dd" => (&["dt", "dd"], &["dl", "table"]),
            "tr" => (&["tr", "td", "th"], &["table", "thead", "tbody", "tfoot"]),
            "td" | "th" => (&["td", "th"], &["tr", "table"]),
            "thead" | "tbody" | "tfoot" => {
                (&["thead", "tbody", "tfoot", "tr", "td", "th"], &["table"])
            }
            _ => return,
        };
        let mut found = None;
        for (k, o) in self.stack.iter().enumerate().rev().take(NEAR) {
            if boundaries.contains(&o.tag.as_str()) {
                break;
            }
            if targets.contains(&o.tag.as_str()) {
                found = Some(k);
                if tag != "tr" && tag != "thead" && tag != "tbody" && tag != "tfoot" {
                    break;
                }
            }
        }
        if let Some(k) = found {
            self.pop_to(k, src, None);
        }
    }

    /// Pops `stack[k..]`, closing each element (innermost first).
    fn pop_to(&mut self, k: usize, src: usize, end_tag_end: Option<usize>) {
        while self.stack.len() > k {
            let o = self.pop().expect("len > k");
            let end = if self.stack.len() == k {
                end_tag_end
            } else {
                None
            };
            self.close(o, end.unwrap_or(src));
        }
    }

    fn close(&mut self, o: Open, src_end: usize) {
        if o.tag == "title" {
            if let Some(t) = self.title.as_mut() {
                t.2 = src_end;
            }
        }
        let Some(c) = self.cur.as_mut() else { return };
        if c.owner == Some(o.id) {
            self.finish_block(Some(src_end));
            return;
        }
        match o.role {
            Role::Caption if c.in_caption > 0 => {
                c.in_caption -= 1;
                if let Some(cap) = c.caption.as_mut() {
                    cap.2 = cap.2.max(src_end);
                }
            }
            Role::Break | Role::Block(_) => {
                if o.role == Role::Block(BlockType::Table) && c.table.depth > 0 {
                    c.table.depth -= 1;
                }
                if o.role == Role::Block(BlockType::Code) && c.pre_depth > 0 {
                    c.pre_depth -= 1;
                }
                if c.owner.is_none() {
                    self.finish_block(None);
                } else {
                    self.line_break();
                }
            }
            _ => {}
        }
    }

    fn end_tag(&mut self, id: u32, end: &EndTag) {
        let loc = end.source_location().bytes();
        if let Some(k) = self.stack.iter().rposition(|o| o.id == id) {
            self.pop_to(k, loc.start, Some(loc.end));
        }
    }

    /// Counts text skipped inside navigation containers only (not in a script, a hidden
    /// element or outside the page's root) toward the innermost one.
    fn count_nav_text(&mut self, raw: &str) {
        if self.nav_scan.is_empty() || self.skip_open != self.nav_scan.len() || !self.in_root() {
            return;
        }
        let link = self.in_tag("a");
        if !link
            && ["h1", "h2", "h3", "h4", "h5", "h6"]
                .iter()
                .any(|h| self.in_tag(h))
        {
            return;
        }
        // Letters only: the digits of a listing's line-number cell (`td.linenos`, a
        // navigation class here too) are no page.
        let n = raw.chars().filter(|c| c.is_alphabetic()).count();
        let scan = self.nav_scan.last_mut().expect("not empty");
        if link {
            scan.link += n;
        } else {
            scan.plain += n;
        }
    }

    fn text(&mut self, chunk: &TextChunk) {
        let loc = chunk.source_location().bytes();
        self.text_buf.push_str(chunk.as_str());
        let src = self.text_src.get_or_insert((loc.start, loc.end));
        src.1 = loc.end;
        if !chunk.last_in_text_node() {
            return;
        }
        let raw = std::mem::take(&mut self.text_buf);
        let (b, e) = self.text_src.take().unwrap_or((loc.start, loc.end));
        if self.stack.last().is_some_and(|o| o.tag == "title")
            && self.title.as_ref().is_some_and(|t| t.0.is_empty())
        {
            if let Some(t) = self.title.as_mut() {
                t.0 = decode(&raw)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
            }
            return;
        }
        if self.skipping() || !self.in_root() {
            self.count_nav_text(&raw);
            return;
        }
        let in_pre = self.cur.as_ref().is_some_and(|c| c.pre_depth > 0);
        let mut text = decode(&raw);
        if b == 0 && text.starts_with('\u{FEFF}') {
            text.remove(0); // the byte-order mark is not text
        }
        if !in_pre && text.chars().all(|c| c.is_ascii_whitespace()) {
            if self.cur.is_some() {
                self.pending_space = true;
            }
            return;
        }
        self.ensure_block(b);
        self.push_text(&text, b, e);
    }
}

/// Heading level a class suggests: `title` → 1; `heading`, `subtitle`, `rubric` → 2.
fn style_level(class: &str) -> Option<u8> {
    class.split_whitespace().find_map(|w| {
        let w = w.to_ascii_lowercase();
        if w == "title" || w.ends_with("-title") && !w.contains("sub") {
            Some(1)
        } else if w.contains("heading") || w.contains("subtitle") || w == "rubric" {
            Some(2)
        } else {
            None
        }
    })
}

/// The lexical shape of a title (reference page title_hierarchy): one short line, few words,
/// no sentence-final period or trailing comma, not dense with punctuation.
fn looks_like_title(text: &str) -> bool {
    crate::extract::headings::title_shape(text, 12, 80)
}

fn is_heading_tag(tag: &str) -> bool {
    matches!(tag, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// Named references the HTML spec also recognizes without a trailing `;` (its legacy list).
const LEGACY_ENTITIES: &[&str] = &[
    "AElig", "AMP", "Aacute", "Acirc", "Agrave", "Aring", "Atilde", "Auml", "COPY", "Ccedil",
    "ETH", "Eacute", "Ecirc", "Egrave", "Euml", "GT", "Iacute", "Icirc", "Igrave", "Iuml", "LT",
    "Ntilde", "Oacute", "Ocirc", "Ograve", "Oslash", "Otilde", "Ouml", "QUOT", "REG", "THORN",
    "Uacute", "Ucirc", "Ugrave", "Uuml", "Yacute", "aacute", "acirc", "acute", "aelig", "agrave",
    "amp", "aring", "atilde", "auml", "brvbar", "ccedil", "cedil", "cent", "copy", "curren", "deg",
    "divide", "eacute", "ecirc", "egrave", "eth", "euml", "frac12", "frac14", "frac34", "gt",
    "iacute", "icirc", "iexcl", "igrave", "iquest", "iuml", "laquo", "lt", "macr", "micro",
    "middot", "nbsp", "not", "ntilde", "oacute", "ocirc", "ograve", "ordf", "ordm", "oslash",
    "otilde", "ouml", "para", "plusmn", "pound", "quot", "raquo", "reg", "sect", "shy", "sup1",
    "sup2", "sup3", "szlig", "thorn", "times", "uacute", "ucirc", "ugrave", "uml", "uuml",
    "yacute", "yen", "yuml",
];

/// What numeric references 0x80–0x9F mean in HTML (the windows-1252 characters).
const C1_REMAP: [u32; 32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
];

/// Decodes character references as the HTML spec does, in one pass: numeric ones with its
/// fix-ups (NUL, surrogates and out-of-range values become U+FFFD, 0x80–0x9F are the
/// windows-1252 characters), named ones by html-escape's table, legacy names without `;`.
fn decode(raw: &str) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while let Some(p) = raw[i..].find('&') {
        out.push_str(&raw[i..i + p]);
        i += p;
        let rest = &raw[i + 1..];
        if let Some(num) = rest.strip_prefix('#') {
            let (hex, digits) = match num.strip_prefix(['x', 'X']) {
                Some(h) => (true, h),
                None => (false, num),
            };
            let n = digits
                .bytes()
                .take_while(|c| {
                    if hex {
                        c.is_ascii_hexdigit()
                    } else {
                        c.is_ascii_digit()
                    }
                })
                .count();
            if n > 0 {
                let value = u32::from_str_radix(&digits[..n.min(8)], if hex { 16 } else { 10 })
                    .ok()
                    .filter(|_| n <= 8)
                    .unwrap_or(u32::MAX);
                let c = match value {
                    0x80..=0x9F => C1_REMAP[(value - 0x80) as usize],
                    0 => 0xFFFD,
                    v => v,
                };
                out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                i += 1 + (num.len() - digits.len()) + 1 + n;
                if b.get(i) == Some(&b';') {
                    i += 1;
                }
                continue;
            }
        } else {
            let n = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
            if n > 0 {
                let name = &rest[..n];
                let semi = rest.as_bytes().get(n) == Some(&b';');
                if semi || LEGACY_ENTITIES.contains(&name) {
                    let token = format!("&{name};");
                    let decoded = html_escape::decode_html_entities(&token);
                    if decoded != token {
                        out.push_str(&decoded);
                        i += 1 + n + usize::from(semi);
                        continue;
                    }
                }
            }
        }
        out.push('&');
        i += 1;
    }
    out.push_str(&raw[i..]);
    out
}

/// A heading's title: its text on one line, without permalink marks (`¶`, `§`, `#`, `🔗`, and
/// Doxygen's leading `◆`).
fn heading_title(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    t.trim_end_matches(['¶', '§', '#', '🔗', ' '])
        .trim_start_matches(['◆', ' '])
        .trim()
        .to_string()
}

/// The code language named by a class attribute (`language-x`, `lang-x`, `highlight-x`,
/// pandoc's `sourceCode x`, or a bare known language).
fn code_lang(class: &str) -> Option<String> {
    let words: Vec<&str> = class.split_whitespace().collect();
    for w in &words {
        for prefix in ["language-", "lang-", "highlight-", "hljs-"] {
            if let Some(l) = w.strip_prefix(prefix) {
                let l = l.to_ascii_lowercase();
                if !l.is_empty() && l != "default" && l != "none" && l != "notranslate" {
                    return Some(l);
                }
            }
        }
    }
    if words.contains(&"sourceCode") {
        if let Some(w) = words
            .iter()
            .find(|w| **w != "sourceCode" && !w.contains('-'))
        {
            return Some(w.to_ascii_lowercase());
        }
    }
    words
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .find(|w| BARE_LANGS.contains(&w.as_str()))
}

/// The content root this page will be read from, by a cheap scan of its bytes.
fn choose_root(bytes: &[u8]) -> Root {
    let lower: Vec<u8> = bytes.iter().map(u8::to_ascii_lowercase).collect();
    let has_tag = |name: &[u8]| -> usize {
        let mut n = 0;
        let mut i = 0;
        while let Some(p) = find(&lower[i..], name) {
            let after = lower.get(i + p + name.len()).copied().unwrap_or(b'>');
            if after == b'>' || after.is_ascii_whitespace() || after == b'/' {
                n += 1;
            }
            i += p + name.len();
        }
        n
    };
    if has_tag(b"<main") > 0 {
        Root::Main
    } else if [&b"role=\"main\""[..], b"role='main'", b"role=main"]
        .iter()
        .any(|p| find(&lower, p).is_some())
    {
        Root::RoleMain
    } else if has_tag(b"<article") == 1 {
        Root::Article
    } else if find(&lower, b"class=\"contents\"").is_some() && find(&lower, b"doxygen").is_some() {
        Root::Contents
    } else {
        Root::Body
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The encoding a page declares (BOM, then `<meta charset>` or `http-equiv` in the first KiB),
/// or UTF-8 when the bytes are valid UTF-8, else `fallback` (the config's, as a browser's locale
/// gives one), else the one its bytes read best in, as a browser guesses it (windows-1252 for
/// Western text, windows-1251 for Russian, Shift_JIS…; guessed).
fn choose_encoding(
    bytes: &[u8],
    fallback: Option<&'static encoding_rs::Encoding>,
) -> Result<(&'static encoding_rs::Encoding, bool), String> {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err("UTF-16 HTML (byte-order mark); convert it to UTF-8".into());
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return Ok((encoding_rs::UTF_8, false));
    }
    let head: Vec<u8> = bytes[..bytes.len().min(1024)]
        .iter()
        .map(u8::to_ascii_lowercase)
        .collect();
    let mut i = 0;
    while let Some(p) = find(&head[i..], b"charset") {
        let mut j = i + p + b"charset".len();
        while head.get(j).is_some_and(|c| c.is_ascii_whitespace()) {
            j += 1;
        }
        if head.get(j) == Some(&b'=') {
            j += 1;
            while head
                .get(j)
                .is_some_and(|c| c.is_ascii_whitespace() || *c == b'"' || *c == b'\'')
            {
                j += 1;
            }
            let label: Vec<u8> = head[j..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':' | b'.'))
                .copied()
                .collect();
            if let Some(enc) = encoding_rs::Encoding::for_label(&label) {
                // A page that says UTF-16 but reached us as bytes is read as UTF-8 (HTML spec).
                // x-user-defined means windows-1252 to an HTML parser.
                let enc = if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
                    encoding_rs::UTF_8
                } else if enc == encoding_rs::X_USER_DEFINED {
                    encoding_rs::WINDOWS_1252
                } else {
                    enc
                };
                return Ok((enc, false));
            }
        }
        i += p + 1;
    }
    if std::str::from_utf8(bytes).is_ok() {
        Ok((encoding_rs::UTF_8, false))
    } else if let Some(f) = fallback {
        Ok((f, false))
    } else {
        Ok((
            super::legacy_encoding(bytes).unwrap_or(encoding_rs::WINDOWS_1252),
            true,
        ))
    }
}

/// One table being measured by [`LayoutScan`].
struct TableScan {
    start: usize,
    /// `th`, `caption`, `thead`, `tfoot`, `colgroup`, `col`, or an ARIA table role: a data
    /// table.
    data: bool,
    presentation: bool,
    cells: u32,
    /// Block elements in the current cell.
    cell_blocks: u32,
    /// A cell that holds a table, or two blocks or more (a heading is one).
    holds_page: bool,
}

impl TableScan {
    fn end_cell(&mut self) {
        if self.cell_blocks >= 2 {
            self.holds_page = true;
        }
        self.cell_blocks = 0;
    }

    fn lays_out(mut self) -> bool {
        self.end_cell();
        self.presentation || !self.data && (self.holds_page || self.cells == 1)
    }
}

/// Elements that make a block of their own inside a table cell (`div` only wraps them:
/// DocBook puts every list in one).
const CELL_BLOCKS: &[&str] = &[
    "p",
    "ul",
    "ol",
    "dl",
    "pre",
    "blockquote",
    "hr",
    "form",
    "center",
    "address",
    "fieldset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
];

/// Finds the layout tables of a page (the byte offsets of their `<table` tags), from the
/// elements of a pass over it.
///
/// Pages written before style sheets (and many generated ones since) lay the page out in
/// tables: a menu column beside a content column, a one-cell box around a title. Read as a data
/// table, such a table swallows the whole page into one `table` block, headings and all. A
/// table is taken for layout, as browsers' accessibility trees judge it, when it says so
/// (`role=presentation|none`), or when it has no data-table markup (`th`, `caption`, `thead`,
/// `tfoot`, column groups, an ARIA table role) and either is a single cell or has a cell that
/// holds a page rather than a value: a nested table, or two block elements or more (a heading
/// and the paragraphs under it). The cells of a data table hold values: a word, a number, a
/// short paragraph.
#[derive(Default)]
struct LayoutScan {
    open: Vec<TableScan>,
    layout: Vec<usize>,
}

impl LayoutScan {
    /// Takes in a start tag; true for a table, whose end tag must be reported to
    /// [`LayoutScan::end_table`].
    fn element(&mut self, el: &Element, tag: &str) -> bool {
        match tag {
            "table" => {
                let role = el.get_attribute("role").unwrap_or_default();
                let role = role.trim().to_ascii_lowercase();
                if let Some(t) = self.open.last_mut() {
                    t.holds_page = true;
                }
                self.open.push(TableScan {
                    start: el.source_location().bytes().start,
                    data: matches!(role.as_str(), "table" | "grid" | "treegrid"),
                    presentation: matches!(role.as_str(), "presentation" | "none"),
                    cells: 0,
                    cell_blocks: 0,
                    holds_page: false,
                });
                return true;
            }
            "tr" => {
                if let Some(t) = self.open.last_mut() {
                    t.end_cell();
                }
            }
            "td" | "th" => {
                if let Some(t) = self.open.last_mut() {
                    t.end_cell();
                    t.cells += 1;
                    t.data |= tag == "th";
                }
            }
            "caption" | "thead" | "tfoot" | "colgroup" | "col" => {
                if let Some(t) = self.open.last_mut() {
                    t.data = true;
                }
            }
            other if CELL_BLOCKS.contains(&other) => {
                if let Some(t) = self.open.last_mut().filter(|t| t.cells > 0) {
                    t.cell_blocks += 1;
                }
            }
            _ => {}
        }
        false
    }

    /// The end tag of the table that starts at `start` (and of the tables left open in it).
    fn end_table(&mut self, start: usize) {
        if let Some(k) = self.open.iter().rposition(|t| t.start == start) {
            self.close_from(k);
        }
    }

    fn close_from(&mut self, k: usize) {
        while self.open.len() > k {
            let t = self.open.pop().expect("len > k");
            let start = t.start;
            if t.lays_out() {
                self.layout.push(start);
            }
        }
    }

    /// The layout tables' starts, ascending.
    fn finish(mut self) -> Vec<usize> {
        self.close_from(0);
        self.layout.sort_unstable();
        self.layout
    }
}

/// What a first pass over a page found that a second must know: the starts of its layout
/// tables and of the navigation containers that hold its text, each ascending.
#[derive(Default)]
struct Found {
    layout: Vec<usize>,
    nav_read: Vec<usize>,
}

/// One pass of the extractor over a page, knowing what a first one `found`; with `scan`, also
/// finds the page's layout tables.
fn pass(
    bytes: &[u8],
    encoding: &'static encoding_rs::Encoding,
    root_rule: Root,
    found: Found,
    scan: bool,
) -> Result<(St, Found), String> {
    let enc = AsciiCompatibleEncoding::new(encoding).ok_or_else(|| {
        format!(
            "encoding {} is not supported; convert the page to UTF-8",
            encoding.name()
        )
    })?;
    let st = Rc::new(RefCell::new(St {
        out: String::with_capacity(bytes.len() / 2),
        blocks: Vec::new(),
        stack: Vec::new(),
        next_id: 0,
        root_rule,
        cur: None,
        pending_space: false,
        title: None,
        text_buf: String::new(),
        text_src: None,
        skip_open: 0,
        nav_scan: Vec::new(),
        nav_pages: Vec::new(),
        nav_read: found.nav_read,
        root_open: 0,
        tag_open: std::collections::HashMap::new(),
        style_candidates: Vec::new(),
        layout: found.layout,
        br_texts: Vec::new(),
    }));
    let tables = Rc::new(RefCell::new(LayoutScan::default()));
    {
        let st_el = st.clone();
        let st_text = st.clone();
        let tables = tables.clone();
        let settings = Settings::new()
            .with_encoding(enc)
            .append_element_content_handler(element!("*", move |el| {
                let tag = el.tag_name();
                if scan && tables.borrow_mut().element(el, &tag) {
                    let start = el.source_location().bytes().start;
                    if let Some(handlers) = el.end_tag_handlers() {
                        let tables = tables.clone();
                        let end: lol_html::EndTagHandler<'static> =
                            Box::new(move |_: &mut EndTag| {
                                tables.borrow_mut().end_table(start);
                                Ok(())
                            });
                        handlers.push(end);
                    }
                }
                let id = st_el.borrow_mut().open(el, tag);
                if let (Some(id), Some(handlers)) = (id, el.end_tag_handlers()) {
                    let st_end = st_el.clone();
                    handlers.push(Box::new(move |end: &mut EndTag| {
                        st_end.borrow_mut().end_tag(id, end);
                        Ok(())
                    }));
                }
                Ok(())
            }))
            .append_document_content_handler(doc_text!(move |t| {
                st_text.borrow_mut().text(t);
                Ok(())
            }));
        let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
        rewriter
            .write(bytes)
            .and_then(|_| rewriter.end())
            .map_err(|e| format!("HTML the parser rejected: {e}"))?;
    }
    let mut st = Rc::try_unwrap(st)
        .map_err(|_| "internal error: extractor state still shared".to_string())?
        .into_inner();
    let n = st.stack.len();
    if n > 0 {
        st.pop_to(0, bytes.len(), None);
    }
    st.finish_block(Some(bytes.len()));
    let layout = Rc::try_unwrap(tables)
        .map_err(|_| "internal error: table scan still shared".to_string())?
        .into_inner()
        .finish();
    let mut nav_read = std::mem::take(&mut st.nav_pages);
    nav_read.sort_unstable();
    Ok((st, Found { layout, nav_read }))
}

/// Extracts one page. Errors are reasons for a `failed` documents row.
pub fn extract(bytes: &[u8]) -> Result<Extracted, String> {
    extract_with(bytes, None, &TextConfig::default())
}

/// [`extract`], a page that declares no encoding and is not UTF-8 read in `fallback`; text
/// files set in the page with `<br>` line breaks are read by the plain-text rules of `text`.
pub fn extract_with(
    bytes: &[u8],
    fallback: Option<&'static encoding_rs::Encoding>,
    text: &TextConfig,
) -> Result<Extracted, String> {
    let (encoding, guessed) = choose_encoding(bytes, fallback)?;
    let root_rule = choose_root(bytes);
    // Tables and navigation containers are judged on a pass over the page; the few pages that
    // lay themselves out in tables, or sit in such a container, are read a second time, knowing
    // which those are.
    let has_table = bytes
        .windows(6)
        .any(|w| w[0] == b'<' && w[1..].eq_ignore_ascii_case(b"table"));
    let (mut st, found) = pass(bytes, encoding, root_rule, Found::default(), has_table)?;
    if !found.layout.is_empty() || !found.nav_read.is_empty() {
        drop(st);
        st = pass(bytes, encoding, root_rule, found, false)?.0;
    }
    // Style headings (a standalone bold line, a `title`/`heading`/`rubric` class) count only on
    // pages without real headings: where an authoring tool writes h1–h6, bold lines are emphasis.
    if !st.blocks.iter().any(|b| b.kind == BlockType::Heading) {
        for &(i, level) in &st.style_candidates {
            let b = &mut st.blocks[i];
            b.kind = BlockType::Heading;
            b.heading = Some(Box::new(HeadingInfo {
                level,
                title: heading_title(&st.out[b.off_begin..b.off_end]),
                source: HeadingSource::Style,
                anchor: None,
            }));
        }
    }
    if !st.br_texts.is_empty() {
        // A page without an `h1` of its own gets its `<title>` as one (below): the texts'
        // titles go under it.
        let titled = st.title.as_ref().is_some_and(|t| !t.0.is_empty())
            && !st
                .blocks
                .iter()
                .any(|b| b.heading.as_ref().is_some_and(|h| h.level == 1));
        let (canonical, blocks) = read_br_texts(
            std::mem::take(&mut st.out),
            std::mem::take(&mut st.blocks),
            std::mem::take(&mut st.br_texts),
            u8::from(titled),
            text,
        );
        st.out = canonical;
        st.blocks = blocks;
    }
    let mut out = Extracted {
        canonical: st.out,
        blocks: st.blocks,
        root: root_rule.name(),
        encoding: encoding.name(),
        encoding_guessed: guessed,
    };
    // The <title> is the document title; it becomes the top heading only when there is no h1.
    let has_h1 = out
        .blocks
        .iter()
        .any(|b| b.heading.as_ref().is_some_and(|h| h.level == 1));
    if let (false, Some((title, b, e))) = (has_h1, st.title) {
        // A page whose top heading repeats the title needs no second copy.
        let norm = crate::ids::normalize_title(&title);
        let repeated = out
            .blocks
            .iter()
            .filter_map(|b| b.heading.as_ref())
            .any(|h| crate::ids::normalize_title(&h.title) == norm);
        if !title.is_empty() && !repeated {
            prepend_title(&mut out, &title, b, e);
        }
    }
    Ok(out)
}

/// Reads the blocks of `<br>` lines in `texts` again as the text files they are: each becomes
/// the blocks the plain-text rules find in it (titles underlined or numbered, lists, code,
/// tables, paragraphs at its blank lines), its titles under the page's own heading before it
/// (or at `base_level` + 1 before any). No-break spaces, which keep such a text's indentation
/// in HTML, are spaces there. Each new block's source range runs from the end of the `<br>`
/// before its first line (the element's start for the first line) to the end of the one
/// after its last, with those of the blank lines after it.
fn read_br_texts(
    out: String,
    blocks: Vec<Block>,
    texts: Vec<BrText>,
    base_level: u8,
    cfg: &TextConfig,
) -> (String, Vec<Block>) {
    let mut canonical = String::with_capacity(out.len());
    let mut new_blocks: Vec<Block> = Vec::with_capacity(blocks.len());
    // Where each old block went (its first new block).
    let mut moved = Vec::with_capacity(blocks.len());
    let mut texts = texts.into_iter().peekable();
    let mut pos = 0;
    // The level of the page's own heading before the block (a text's titles go under it).
    let mut enclosing = base_level;
    for (i, b) in blocks.into_iter().enumerate() {
        canonical.push_str(&out[pos..b.off_begin]);
        pos = b.off_end;
        moved.push(new_blocks.len());
        let lines = texts.next_if(|t| t.block == i).map(|t| t.lines);
        let read = lines.and_then(|l| {
            let src_end = b.src_end.unwrap_or_default() as usize;
            reread(&out[b.off_begin..b.off_end], src_end, &l, cfg)
        });
        let Some((text, parts)) = read else {
            if let Some(h) = &b.heading {
                enclosing = h.level;
            }
            let start = canonical.len();
            canonical.push_str(&out[b.off_begin..b.off_end]);
            let mut b = Block {
                off_begin: start,
                off_end: canonical.len(),
                ..b
            };
            // A caption comes right after its block, which has moved already.
            if let Some(t) = b.attrs.as_mut().and_then(|a| a.caption_for.as_mut()) {
                *t = moved.get(*t).copied().unwrap_or(*t);
            }
            new_blocks.push(b);
            continue;
        };
        let base = canonical.len();
        let first = new_blocks.len();
        canonical.push_str(&text);
        for mut p in parts {
            p.off_begin += base;
            p.off_end += base;
            if let Some(h) = p.heading.as_mut() {
                h.level = (h.level + enclosing).min(6);
            }
            if let Some(t) = p.attrs.as_mut().and_then(|a| a.caption_for.as_mut()) {
                *t += first;
            }
            new_blocks.push(p);
        }
    }
    canonical.push_str(&out[pos..]);
    (canonical, new_blocks)
}

/// A block's `text` (its lines as `lines` counted them, its element ending at `src_end` in the
/// source) as the plain-text rules read it: its canonical text and blocks, offsets from the
/// block's start, source ranges set. None when its lines are more than the ones counted.
fn reread(
    text: &str,
    src_end: usize,
    lines: &BrLines,
    cfg: &TextConfig,
) -> Option<(String, Vec<Block>)> {
    // (Lines the block's end trimmed are not there.)
    let rows: Vec<&str> = text.split('\n').collect();
    if rows.len() > lines.line_src.len() {
        return None;
    }
    // The text with its blank lines, and where each of its lines came from in the source.
    let mut input = String::with_capacity(text.len() + lines.blanks.len());
    let mut starts: Vec<(usize, usize)> = Vec::with_capacity(rows.len() + lines.blanks.len());
    let mut blanks = lines.blanks.iter().peekable();
    for (k, row) in rows.iter().enumerate() {
        let src = lines.line_src[k];
        while blanks.next_if(|&&j| j as usize == k).is_some() {
            starts.push((input.len(), src));
            input.push('\n');
        }
        starts.push((input.len(), src));
        input.extend(row.chars().map(|c| if c == '\u{a0}' { ' ' } else { c }));
        input.push('\n');
    }
    let x = crate::extract::text::extract(Canonical::from_bytes(input.as_bytes()), cfg);
    // The source offset where input line holding `off` starts, and where the line after it
    // starts (the block's end for the last).
    let line_of = |off: usize| starts.partition_point(|&(o, _)| o <= off).saturating_sub(1);
    let mut parts = x.blocks;
    for p in &mut parts {
        let (a, e) = (
            x.map.to_src(p.off_begin) as usize,
            x.map.to_src(p.off_end) as usize,
        );
        let first = line_of(a);
        let last = line_of(e.saturating_sub(1).max(a));
        p.src_begin = Some(starts[first].1 as u64);
        p.src_end = Some(
            starts
                .get(last + 1)
                .map_or(src_end, |&(_, s)| s)
                .max(starts[first].1) as u64,
        );
        p.page = None;
    }
    let canonical = x.canonical.trim_end().to_string();
    for p in &mut parts {
        p.off_end = p.off_end.min(canonical.len());
        p.off_begin = p.off_begin.min(p.off_end);
    }
    (!parts.is_empty() && parts.iter().all(|p| p.off_end > p.off_begin))
        .then_some((canonical, parts))
}

/// Puts `title` before everything as a level-1 heading, shifting offsets.
fn prepend_title(x: &mut Extracted, title: &str, src_begin: usize, src_end: usize) {
    let sep = if x.canonical.is_empty() { "" } else { "\n\n" };
    let shift = title.len() + sep.len();
    x.canonical = format!("{title}{sep}{}", x.canonical);
    for b in &mut x.blocks {
        b.off_begin += shift;
        b.off_end += shift;
        if let Some(t) = b.attrs.as_mut().and_then(|a| a.caption_for.as_mut()) {
            *t += 1;
        }
    }
    x.blocks.insert(
        0,
        Block {
            kind: BlockType::Heading,
            off_begin: 0,
            off_end: title.len(),
            src_begin: Some(src_begin as u64),
            src_end: Some(src_end as u64),
            page: None,
            attrs: None,
            heading: Some(Box::new(HeadingInfo {
                level: 1,
                title: title.to_string(),
                source: HeadingSource::HtmlTitle,
                anchor: None,
            })),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(html: &str) -> Extracted {
        extract(html.as_bytes()).expect("extracts")
    }

    /// The headings found, as (level, title).
    fn heads(x: &Extracted) -> Vec<(u8, &str)> {
        x.blocks
            .iter()
            .filter_map(|b| b.heading.as_ref().map(|h| (h.level, h.title.as_str())))
            .collect()
    }

    fn heading_count(x: &Extracted) -> usize {
        x.blocks
            .iter()
            .filter(|b| b.kind == BlockType::Heading)
            .count()
    }

    fn kinds(x: &Extracted) -> Vec<(BlockType, &str)> {
        x.blocks
            .iter()
            .map(|b| (b.kind, &x.canonical[b.off_begin..b.off_end]))
            .collect()
    }

    #[test]
    fn blocks_text_and_whitespace() {
        let x = run("<html><head><title>T</title></head><body><h1 id=top>Hello <em>world</em> ¶</h1>\n<p>Some   text\n spread &amp; joined.</p><pre class=\"language-rust\">\nfn main() {\n    x();\n}</pre><ul><li>one<li>two <b>bold</b></ul></body></html>");
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Hello world ¶"),
                (BlockType::Prose, "Some text spread & joined."),
                (BlockType::Code, "fn main() {\n    x();\n}"),
                (BlockType::List, "one\ntwo bold"),
            ]
        );
        let h = x.blocks[0].heading.as_ref().unwrap();
        assert_eq!(
            (h.level, h.title.as_str(), h.anchor.as_deref()),
            (1, "Hello world", Some("top"))
        );
        assert_eq!(x.blocks[2].attrs().lang.as_deref(), Some("rust"));
        // Blocks point back at their elements in the source.
        let html = "<p>a</p><p>b</p>";
        let x = run(html);
        let b = &x.blocks[1];
        assert_eq!(
            &html[b.src_begin.unwrap() as usize..b.src_end.unwrap() as usize],
            "<p>b</p>"
        );
    }

    #[test]
    fn boilerplate_is_left_out_and_main_is_chosen() {
        let page = "<body><nav><h2>Menu</h2><a>Home</a></nav><div class=\"sphinxsidebar\"><h3>Navigation</h3></div>\
            <main><h1>Guide</h1><p>Body text.</p><div role=navigation><p>prev</p></div><script>var x='<p>';</script></main>\
            <footer>© 2026</footer></body>";
        let x = run(page);
        assert_eq!(x.root, "main");
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Guide"),
                (BlockType::Prose, "Body text.")
            ]
        );
        // Without <main>, role=main, then a single article, then body.
        let x = run("<div role=\"main\"><p>in</p></div><p>out</p>");
        assert_eq!(
            (x.root, kinds(&x)),
            ("role_main", vec![(BlockType::Prose, "in")])
        );
        let x = run(
            "<header><p>site</p></header><article><header><h1>Post</h1></header><p>x</p></article>",
        );
        assert_eq!(x.root, "article");
        assert_eq!(kinds(&x)[0], (BlockType::Heading, "Post"));
        // A heading with a navigation-looking id is still a heading; a container is not.
        let x = run(
            "<h2 id=TOC>Table of Contents</h2><div class=toc><p>1. Intro</p></div><p>Body.</p>",
        );
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Table of Contents"),
                (BlockType::Prose, "Body.")
            ]
        );
        let x = run("<p hidden>no</p><p aria-hidden=true>no</p><p>yes</p>");
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "yes")]);
    }

    #[test]
    fn navigation_containers_that_hold_the_page_are_read() {
        let para = "Packages in the archive must use the current interpreter, and new \
            versions of existing packages must move to it before the release freezes. ";
        let body = para.repeat(4);
        // A one-page build: the whole document in the class other builds give a list of links.
        let x = run(&format!(
            "<div role=main><h1>Contents</h1><div class=\"toctree-wrapper compound\">\
            <section><h2>1. Copyright<a class=headerlink href=#c>¶</a></h2><p>{body}</p>\
            <ul><li>one</li></ul></section></div></div>"
        ));
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Contents"),
                (BlockType::Heading, "1. Copyright"),
                (BlockType::Prose, body.trim_end()),
                (BlockType::List, "one"),
            ]
        );
        // A contents list stays out however long it is; so do a sidebar's scripts, and a
        // container with a short blurb.
        let links: String = (1..=60)
            .map(|i| format!("<li><a href=#s{i}>{i}. Section number {i}</a> (new)</li>"))
            .collect();
        let script = "var index = [\"word\"];".repeat(60);
        let x = run(&format!(
            "<div role=main><div class=toctree-wrapper><ul>{links}</ul></div>\
            <div class=sphinxsidebar><h3>Search</h3><script>{script}</script></div>\
            <div class=sidebar><p>{}</p></div><p>Body.</p></div>",
            &body[..300]
        ));
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "Body.")]);
        // Nor does a long listing's line-number cell.
        let numbers: String = (1..=300).map(|i| format!("{i}\n")).collect();
        let x = run(&format!(
            "<div role=main><table class=highlighttable><tr><td class=linenos>\
            <div class=linenodiv><pre>{numbers}</pre></div></td><td class=code>\
            <pre>fn main() {{}}</pre></td></tr></table></div>"
        ));
        assert_eq!(kinds(&x), vec![(BlockType::Code, "fn main() {}")]);
    }

    #[test]
    fn tables_with_header_and_spans() {
        let x = run(
            "<table><caption>Table 1: Speeds</caption><thead><tr><th>a<th>b<th>c</thead>\
            <tbody><tr><td rowspan=2>x<td colspan=2>y<tr><td>z<td>w</tbody></table>",
        );
        let t = x.blocks[0].attrs().table.as_ref().unwrap();
        assert_eq!(
            (t.rows, t.cols, t.header_rows, t.grid_kind),
            (3, 3, 1, "html")
        );
        assert_eq!(t.cell_spans, vec![[1, 0, 2, 1], [1, 1, 1, 2]]);
        assert_eq!(
            &x.canonical[x.blocks[0].off_begin..x.blocks[0].off_end],
            "a | b | c\nx | y\nz | w"
        );
        assert_eq!(x.blocks[1].kind, BlockType::Caption);
        assert_eq!(x.blocks[1].attrs().caption_for, Some(0));
        assert_eq!(x.blocks[1].attrs().figure_ref.as_deref(), Some("Table 1"));
        // Paragraphs inside cells are spaces, not new rows.
        let x = run("<table><tr><th><p>JSON</p></th><th><p>Python</p></th></tr><tr><td><p>object</p></td><td>dict</td></tr></table>");
        assert_eq!(
            kinds(&x),
            vec![(BlockType::Table, "JSON | Python\nobject | dict")]
        );
        // A table nested in a data table's cell is part of the cell, not a block of its own.
        let x = run(
            "<table><tr><th>h<th>k<tr><td><table><tr><td>in<td>x</table><td>b</table><p>after</p>",
        );
        assert_eq!(x.blocks.len(), 2);
        assert_eq!(x.blocks[0].attrs().table.as_ref().unwrap().rows, 2);
    }

    #[test]
    fn layout_tables_are_read_as_the_page_they_lay_out() {
        // A page of the kind written before style sheets: a one-cell box around the title, a
        // menu column beside the content column, the content holding headings and lists.
        let page = "<body><table width=100%><tr><td><table><tr><td><h1>Library</h1></td></tr>\
            </table></td></tr></table>\
            <table><tr><td valign=top><b>Main Menu</b><ul><li>Home<li>News</ul></td>\
            <td><h2>News</h2><p>Recent changes.</p><h3>v1.2: May 2024</h3>\
            <ul><li>Fix a leak<li>Faster parsing</ul>\
            <table><tr><th>option<th>default<tr><td>-v<td>off</table></td></tr></table>";
        let x = run(page);
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Library"),
                (BlockType::Prose, "Main Menu"),
                (BlockType::List, "Home\nNews"),
                (BlockType::Heading, "News"),
                (BlockType::Prose, "Recent changes."),
                (BlockType::Heading, "v1.2: May 2024"),
                (BlockType::List, "Fix a leak\nFaster parsing"),
                // The data table inside the layout keeps its grid.
                (BlockType::Table, "option | default\n-v | off"),
            ]
        );
        assert_eq!(x.blocks[7].attrs().table.as_ref().unwrap().header_rows, 1);
        // A table that says it lays out is read as one, whatever its cells hold.
        let x = run("<table role=presentation><tr><td>Left</td><td><p>Right</p></td></tr></table>");
        assert_eq!(
            kinds(&x),
            vec![(BlockType::Prose, "Left"), (BlockType::Prose, "Right")]
        );
        // Data tables stay tables: with a header row even when cells hold paragraphs, and
        // without one when each cell holds a value.
        for table in [
            "<table><thead><tr><th>a<th>b</thead><tr><td><p>one</p><p>two</p><td>3</table>",
            "<table><tr><td>a<td>1<tr><td><p>b</p><td>2</table>",
        ] {
            let x = run(table);
            assert_eq!(x.blocks.len(), 1, "{table}");
            assert_eq!(x.blocks[0].kind, BlockType::Table, "{table}");
        }
    }

    #[test]
    fn a_page_laid_out_in_tables_keeps_its_headings_lists_and_code() {
        // libxslt's own documentation: a menu column and a content column in nested tables,
        // every heading and listing inside them.
        let x = extract(include_bytes!(
            "../../tests/data/html/tablelayout/libxslt1-dev__python.html"
        ))
        .expect("extracts");
        let headings = heads(&x);
        assert_eq!(
            headings,
            [
                (1, "The XSLT C library for GNOME"),
                (2, "Python and bindings"),
                (3, "basic.py:"),
                (3, "extfunc.py:"),
                (3, "pyxsltproc.py:"),
            ]
        );
        // The page's six <pre> listings are code blocks, and no table block holds a heading
        // or a listing.
        let code: Vec<&str> = kinds(&x)
            .into_iter()
            .filter(|(k, _)| *k == BlockType::Code)
            .map(|(_, t)| t)
            .collect();
        assert_eq!(code.len(), 6);
        assert!(code[0].starts_with("import libxml2\nimport libxslt\n"));
        for (k, t) in kinds(&x) {
            if k == BlockType::Table {
                assert!(
                    !t.contains("basic.py") && !t.contains("import libxml2"),
                    "{t}"
                );
            }
        }
        // The menu is a list of its own, apart from the content; the Latin-1 name is decoded.
        assert!(kinds(&x)
            .iter()
            .any(|(k, t)| *k == BlockType::List && t.starts_with("Home\nIntroduction\n")));
        assert!(x
            .canonical
            .contains("Stéphane Bidoul maintains a Windows port"));
    }

    #[test]
    fn a_heading_row_ends_the_table_block_and_the_rows_after_it_start_another() {
        // Doxygen's member tables give each group's heading a row of its own.
        let x = run("<table class=memberdecls>\
            <tr class=heading><td colspan=2><h2>Functions</h2></td></tr>\
            <tr><td>int</td><td>open (const char *path)</td></tr>\
            <tr><td>void</td><td>close (int fd)</td></tr>\
            <tr class=heading><td colspan=2><h2>Variables</h2></td></tr>\
            <tr><td>int</td><td>errno</td></tr></table><p>After.</p>");
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "Functions"),
                (
                    BlockType::Table,
                    "int | open (const char *path)\nvoid | close (int fd)"
                ),
                (BlockType::Heading, "Variables"),
                (BlockType::Table, "int | errno"),
                (BlockType::Prose, "After."),
            ]
        );
        let shape = |i: usize| {
            let t = x.blocks[i].attrs().table.clone().unwrap();
            (t.rows, t.cols, t.cell_spans.len())
        };
        // The heading rows are no rows of the tables, and their colspan no span.
        assert_eq!(shape(1), (2, 2, 0));
        assert_eq!(shape(3), (1, 2, 0));
        // A heading after other cells of its row, or in a header cell, is cell text.
        for (page, text) in [
            (
                "<table><tr><td>a<td><h2>X</h2><td>b<tr><td>c<td>d<td>e</table>",
                "a | X | b\nc | d | e",
            ),
            (
                "<table><tr><th><h3>Name</h3><th><h3>Value</h3><tr><td>a<td>1</table>",
                "Name | Value\na | 1",
            ),
        ] {
            assert_eq!(kinds(&run(page)), [(BlockType::Table, text)], "{page}");
        }
        // Each table block points into its own rows of the source.
        let src = |i: usize| x.blocks[i].src_begin.unwrap() as usize;
        assert!(src(0) < src(1) && src(1) < src(2) && src(2) < src(3));
    }

    /// A text file set in a page with `<br>` line breaks (DocBook's `literallayout`, as
    /// valgrind's manual includes its `README.s390`) is read as the text it is: its
    /// underlined titles head sections under the page's `h1`, its lists and paragraphs are
    /// blocks, each with the source range of its own lines. A few lines of an address stay
    /// one paragraph.
    #[test]
    fn text_set_with_line_breaks_is_read_as_text() {
        let src = include_str!("../../tests/data/html_text/valgrind__dist.readme-s390.html");
        let x = run(src);
        // The titles: the lines the text underlines with `-`.
        // (The page writes some of their spaces as no-break spaces.)
        let lines: Vec<String> = src
            .lines()
            .map(|l| l.trim_end_matches("<br>").replace('\u{a0}', " "))
            .collect();
        let underlined: Vec<&str> = lines
            .windows(2)
            .filter(|w| {
                !w[0].is_empty() && w[1].len() == w[0].len() && w[1].bytes().all(|b| b == b'-')
            })
            .map(|w| w[0].as_str())
            .collect();
        assert_eq!(underlined.len(), 5, "{underlined:?}");
        let found = heads(&x);
        assert_eq!(found[0], (1, "8. README.S390"));
        assert_eq!(
            found[1..].iter().map(|&(_, t)| t).collect::<Vec<_>>(),
            underlined
        );
        assert!(found[1..].iter().all(|&(l, _)| l == 2), "{found:?}");
        assert!(x.blocks.iter().any(|b| b.kind == BlockType::List
            && x.canonical[b.off_begin..b.off_end].starts_with("- 31-bit client programs")));
        // Every block's text is in its source range (no-break spaces aside), in order.
        let mut last = 0;
        for b in &x.blocks {
            let (sb, se) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
            assert!(sb >= last && se > sb, "{b:?}");
            last = sb;
            let text = &x.canonical[b.off_begin..b.off_end];
            let first = text.lines().next().unwrap().trim().replace('\u{a0}', " ");
            if b.kind != BlockType::Table {
                let span = src[sb..se].replace('\u{a0}', " ");
                assert!(span.contains(&first), "{first:?} not in {span:?}");
            }
        }

        let address =
            "<p>Free Software Foundation<br>51 Franklin Street<br>Boston<br><br>USA<br></p>";
        let x = run(address);
        assert_eq!(x.blocks.len(), 1);
        assert_eq!(x.blocks[0].kind, BlockType::Prose);
    }

    /// Two texts of `<br>` lines under one `h1` are both its children (the second does not go
    /// under the first's last title); a page without an `h1` keeps its `<title>` over such a
    /// text; a block whose lines other markup breaks too is not re-read.
    #[test]
    fn texts_of_line_breaks_sit_under_the_page_headings() {
        let text = |titles: [&str; 2]| {
            let mut t = String::new();
            for title in titles {
                t.push_str(&format!(
                    "{title}<br>\n{}<br>\n<br>\n",
                    "-".repeat(title.len())
                ));
                t.push_str("A paragraph of text that goes on.<br>\nIt has two lines.<br>\n<br>\n");
                t.push_str("- item one here<br>\n- item two here<br>\n<br>\n");
            }
            t
        };
        let page = format!(
            "<h1>Page</h1><p>{}</p><p>{}</p>",
            text(["Introduction", "Installation"]),
            text(["Usage", "Options"])
        );
        let x = run(&page);
        let found = heads(&x);
        assert_eq!(
            found,
            [
                (1, "Page"),
                (2, "Introduction"),
                (2, "Installation"),
                (2, "Usage"),
                (2, "Options")
            ]
        );
        let titled = format!(
            "<title>My Doc</title><p>{}</p>",
            text(["Introduction", "Installation"])
        );
        let x = run(&titled);
        let found = heads(&x);
        assert_eq!(
            found,
            [(1, "My Doc"), (2, "Introduction"), (2, "Installation")]
        );
        let mixed = format!(
            "<h1>P</h1><blockquote>Zeroth line<div></div>{}</blockquote>",
            text(["Introduction", "Installation"])
        );
        let x = run(&mixed);
        assert_eq!(x.blocks.len(), 2, "{:?}", x.blocks);
    }

    #[test]
    fn figures_captions_footnotes_aria_headings() {
        let x = run("<figure><img src=a.png alt=\"Pipeline\"><figcaption>Figure 2: The pipeline</figcaption></figure>\
            <div role=heading aria-level=3>Aria title</div><p><img src=badge.svg alt=build></p>\
            <aside class=footnote><p>[1] A note.</p></aside>");
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Figure, "Pipeline"),
                (BlockType::Caption, "Figure 2: The pipeline"),
                (BlockType::Heading, "Aria title"),
                (BlockType::Figure, "build"),
                (BlockType::Footnote, "[1] A note."),
            ]
        );
        assert_eq!(x.blocks[1].attrs().caption_for, Some(0));
        assert_eq!(x.blocks[2].heading.as_ref().unwrap().level, 3);
    }

    #[test]
    fn title_stands_in_for_a_missing_h1() {
        let x = run("<html><head><title>Manual &mdash; Intro</title></head><body><h2>Part</h2><p>x</p></body></html>");
        let h: Vec<_> = x
            .blocks
            .iter()
            .filter_map(|b| b.heading.as_ref())
            .map(|h| (h.level, h.title.as_str(), h.source))
            .collect();
        assert_eq!(
            h,
            vec![
                (1, "Manual — Intro", HeadingSource::HtmlTitle),
                (2, "Part", HeadingSource::HtmlH)
            ]
        );
        assert!(x.canonical.starts_with("Manual — Intro\n\nPart"));
    }

    #[test]
    fn headings_end_structural_lists_and_head_may_be_unclosed() {
        // Javadoc lays member sections out in list items; an unclosed <head> ends at <body>.
        let x = run("<html><head><title>X</title><body><ul class=details><li><section><h3>between</h3>\
            <pre>public static Range between()</pre><p>Obtains a range.</p></section></li></ul></body>");
        assert_eq!(
            kinds(&x),
            vec![
                (BlockType::Heading, "X"),
                (BlockType::Heading, "between"),
                (BlockType::Code, "public static Range between()"),
                (BlockType::Prose, "Obtains a range."),
            ]
        );
        // The title is not repeated when the top heading already says it.
        let x = run("<title>Guide</title><h2>Guide</h2><p>x</p>");
        assert_eq!(heading_count(&x), 1);
    }

    #[test]
    fn bad_html_never_panics() {
        let deep = "<div>".repeat(50_000) + "deep text" + &"</div>".repeat(50_000);
        let x = run(&deep);
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "deep text")]);
        for page in [
            "<p>unclosed <b>bold <i>both</p><p>next",
            "<b><p>misnested</b></p><table><td>cell<tr><p>x</table>",
            "<p>before</p><script>never closes <p>not text",
            "<title>only a title",
            "</p></div></table>",
            "<ul><li><ul><li><ul><li>a</ul>b</ul>c",
        ] {
            let x = run(page);
            for b in &x.blocks {
                assert!(
                    b.off_begin < b.off_end && b.off_end <= x.canonical.len(),
                    "{page}"
                );
            }
        }
        assert_eq!(
            kinds(&run("<p>before</p><script>never closes <p>x")),
            vec![(BlockType::Prose, "before")]
        );
        // Declared UTF-8 with stray Latin-1 bytes: replaced, not lost.
        let x = extract(b"<meta charset=utf-8><p>caf\xe9 ok</p>").unwrap();
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "caf\u{FFFD} ok")]);
    }

    #[test]
    fn style_headings_only_on_pages_without_real_headings() {
        let page = "<p><strong>Getting started</strong></p><p>Install it <b>now</b>.</p>\
            <p><b>This bold sentence ends in a period.</b></p><div class=\"section-heading\">Usage</div><p>Run it.</p><p class=rubric>Notes</p>";
        let x = run(page);
        let h: Vec<_> = x
            .blocks
            .iter()
            .filter_map(|b| b.heading.as_ref())
            .map(|h| (h.title.as_str(), h.level, h.source))
            .collect();
        assert_eq!(
            h,
            vec![
                ("Getting started", 2, HeadingSource::Style),
                ("Usage", 2, HeadingSource::Style),
                ("Notes", 2, HeadingSource::Style)
            ]
        );
        // With a real heading on the page, bold lines stay prose.
        let x = run(&format!("<h1>Manual</h1>{page}"));
        assert_eq!(heading_count(&x), 1);
    }

    #[test]
    fn listing_tables_are_code_not_tables() {
        let x = run("<table class=listing_frame><tr><td class=listing_lines><pre>1\n2</pre></td>\
            <td class=listing_code><pre class=programlisting>int a;\nint b;</pre></td></tr></table>");
        assert_eq!(kinds(&x), vec![(BlockType::Code, "int a;\nint b;")]);
    }

    #[test]
    fn fuzz_findings_stay_fixed() {
        // A footnote class does not unhide scripts, styles, navigation or hidden text.
        let x = run("<p>a</p><script class=footnote>var s=1</script><nav class=footnote>Prev</nav><p class=footnote hidden>H</p>");
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "a")]);
        // Self-closed XHTML anchors do not nest the page; deep nesting keeps skipping and blocks.
        let page = format!(
            "<p>a</p>{}<h2>Title</h2><pre>code</pre><script>var s=1</script><nav>Prev</nav>",
            "<a name=x/>".repeat(600)
        );
        assert_eq!(
            kinds(&run(&page)),
            vec![
                (BlockType::Prose, "a"),
                (BlockType::Heading, "Title"),
                (BlockType::Code, "code")
            ]
        );
        let page = format!(
            "{}<h2>Deep</h2><script>var s=1</script>{}",
            "<div>".repeat(5000),
            "</div>".repeat(5000)
        );
        assert_eq!(kinds(&run(&page)), vec![(BlockType::Heading, "Deep")]);
        // Huge spans stay bounded in width.
        let x = run(&format!(
            "<table>{}",
            "<tr><td rowspan=1000 colspan=1000>x".repeat(2000)
        ));
        assert!(x.blocks[0].attrs().table.as_ref().unwrap().cols <= MAX_TABLE_COLS);
        // A UTF-8 byte-order mark is not a block.
        let x = extract(b"\xef\xbb\xbf<h1>Guide</h1><p>x</p>").unwrap();
        assert_eq!(
            kinds(&x),
            vec![(BlockType::Heading, "Guide"), (BlockType::Prose, "x")]
        );
    }

    #[test]
    fn character_references_follow_the_html_spec() {
        assert_eq!(decode("a &#150; b &#151; c"), "a – b — c");
        assert_eq!(
            decode("&#0;&#99999999;&#xD800;&#x110000;"),
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            decode("&copy 2024 &nbsp&lt; &eacute;t&eacute"),
            "© 2024 \u{a0}< été"
        );
        assert_eq!(
            decode("&amp;lt; AT&T &unknown; &#x41&#66;"),
            "&lt; AT&T &unknown; AB"
        );
        assert_eq!(decode("&notin; &noti"), "∉ &noti");
    }

    #[test]
    fn encodings() {
        let mut latin = b"<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf".to_vec();
        latin.extend_from_slice(b"\xe9 cr\xe8me</p></body></html>");
        let x = extract(&latin).unwrap();
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "café crème")]);
        assert_eq!(x.encoding, "windows-1252");
        assert!(!x.encoding_guessed);
        let x = extract(b"<p>na\xefve</p>").unwrap();
        assert!(x.encoding_guessed);
        assert_eq!(kinds(&x), vec![(BlockType::Prose, "naïve")]);
        assert!(extract(b"\xff\xfe<\x00p\x00>\x00")
            .unwrap_err()
            .contains("UTF-16"));
    }

    #[test]
    fn code_languages_from_generator_classes() {
        assert_eq!(
            code_lang("highlight-python notranslate").as_deref(),
            Some("python")
        );
        assert_eq!(code_lang("sourceCode haskell").as_deref(), Some("haskell"));
        assert_eq!(
            code_lang("rust rust-example-rendered").as_deref(),
            Some("rust")
        );
        assert_eq!(code_lang("highlight-default"), None);
        let x = run(
            "<div class=\"highlight-console\"><div class=highlight><pre>$ ls</pre></div></div>",
        );
        assert_eq!(x.blocks[0].attrs().lang.as_deref(), Some("console"));
        let x = run("<pre><code class=\"language-toml\">a = 1</code></pre>");
        assert_eq!(x.blocks[0].attrs().lang.as_deref(), Some("toml"));
    }
}
