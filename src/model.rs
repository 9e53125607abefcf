//! The data model every stage speaks: typed blocks, sections and chunks of one document, with
//! byte offsets into its canonical text. The Parquet tables are these structs, flattened.

use serde::Serialize;

/// What a block is. Headings are blocks too; every other block is a body block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockType {
    Prose,
    Heading,
    List,
    Code,
    Table,
    Figure,
    Caption,
    Footnote,
    Formula,
}

impl BlockType {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockType::Prose => "prose",
            BlockType::Heading => "heading",
            BlockType::List => "list",
            BlockType::Code => "code",
            BlockType::Table => "table",
            BlockType::Figure => "figure",
            BlockType::Caption => "caption",
            BlockType::Footnote => "footnote",
            BlockType::Formula => "formula",
        }
    }

    /// The type a stored `type` column names.
    pub fn parse(s: &str) -> Option<BlockType> {
        [
            BlockType::Prose,
            BlockType::Heading,
            BlockType::List,
            BlockType::Code,
            BlockType::Table,
            BlockType::Figure,
            BlockType::Caption,
            BlockType::Footnote,
            BlockType::Formula,
        ]
        .into_iter()
        .find(|t| t.as_str() == s)
    }

    /// Code and tables are atomic: split only when one block alone exceeds a window.
    pub fn is_atomic(self) -> bool {
        matches!(
            self,
            BlockType::Code | BlockType::Table | BlockType::Formula
        )
    }
}

/// Which cue made a block a heading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadingSource {
    MdAtx,
    MdSetext,
    /// HTML `h1`–`h6`.
    HtmlH,
    /// `role="heading"` with `aria-level`.
    Aria,
    /// The page's `<title>`, standing in for a missing `h1`.
    HtmlTitle,
    /// Styling alone: a standalone bold line, a `title`/`heading` class (pages without h1–h6);
    /// in plain text, a line whose shape and place score as a heading (capitals, set left of
    /// the body, blank lines around).
    Style,
    /// Plain text: a section number (`1.2`, `Appendix A`, `IV.`) with a heading's shape.
    Numbering,
    /// Plain text: a line underlined (and maybe overlined) with `=`, `-`, `~`, … .
    Underline,
    /// PDF with `pdf.use_outline`: an entry of the file's own outline (bookmarks).
    Outline,
    /// Plain text: a title the text marks up with its own syntax, its level written there
    /// (AsciiDoc's and wiki text's `== Title`).
    Markup,
}

impl HeadingSource {
    pub fn as_str(self) -> &'static str {
        match self {
            HeadingSource::MdAtx => "md_atx",
            HeadingSource::MdSetext => "md_setext",
            HeadingSource::HtmlH => "html_h",
            HeadingSource::Aria => "aria",
            HeadingSource::HtmlTitle => "html_title",
            HeadingSource::Style => "style",
            HeadingSource::Numbering => "numbering",
            HeadingSource::Underline => "underline",
            HeadingSource::Outline => "outline",
            HeadingSource::Markup => "markup",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeadingInfo {
    /// The level as written (1..=6 for Markdown); the section depth is clamped from it.
    pub level: u8,
    /// Plain text of the heading's inline content.
    pub title: String,
    pub source: HeadingSource,
    /// The document's own anchor for this heading (HTML `id`, Markdown `{#id}`).
    pub anchor: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableShape {
    pub rows: u32,
    pub cols: u32,
    pub header_rows: u32,
    pub grid_kind: &'static str,
    /// `[row, col, rowspan, colspan]` for merged cells.
    pub cell_spans: Vec<[u32; 4]>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct BlockAttrs {
    pub lang: Option<String>,
    pub lang_guess: Option<bool>,
    /// The fence string of a fenced code block (e.g. "```" or "~~~~"); None for indented code.
    pub fence: Option<String>,
    /// Boxed: most blocks are no table, and a block's size is paid by every block.
    pub table: Option<Box<TableShape>>,
    /// The label a caption gives its target, e.g. "Figure 3".
    pub figure_ref: Option<String>,
    /// Index (seq) of the figure/table block a caption describes.
    pub caption_for: Option<usize>,
    /// PDF: `[x0, y0, x1, y1]` on the block's page, in points from the top left corner.
    pub bbox: Option<[f32; 4]>,
}

/// A block as the extractor finds it, before sections are known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    pub kind: BlockType,
    pub off_begin: usize,
    pub off_end: usize,
    pub src_begin: Option<u64>,
    pub src_end: Option<u64>,
    pub page: Option<u32>,
    /// What only some blocks have (a code block's language, a table's shape, a PDF block's
    /// box); None when it would be empty, which is most blocks: see [`Block::attrs`].
    pub attrs: Option<Box<BlockAttrs>>,
    /// Boxed: most blocks are no heading.
    pub heading: Option<Box<HeadingInfo>>,
}

/// The attributes of a block that has none.
static NO_ATTRS: BlockAttrs = BlockAttrs {
    lang: None,
    lang_guess: None,
    fence: None,
    table: None,
    figure_ref: None,
    caption_for: None,
    bbox: None,
};

impl Block {
    pub fn attrs(&self) -> &BlockAttrs {
        self.attrs.as_deref().unwrap_or(&NO_ATTRS)
    }

    pub fn attrs_mut(&mut self) -> &mut BlockAttrs {
        self.attrs.get_or_insert_with(Default::default)
    }
}

impl BlockAttrs {
    /// Boxed for a [`Block`], or None when empty.
    pub fn boxed(self) -> Option<Box<BlockAttrs>> {
        (self != BlockAttrs::default()).then(|| Box::new(self))
    }
}

/// A node of the heading tree with its own body span. `blocks` of the document index into the
/// analysis' block list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    pub section_id: String,
    pub parent_id: Option<String>,
    pub depth: u32,
    pub source_level: Option<u32>,
    pub title: Option<String>,
    /// The document's own anchor for the heading (HTML `id`, Markdown `{#id}`).
    pub anchor_id: Option<String>,
    pub heading_source: &'static str,
    /// seq of the heading block; None for the preamble section `0`.
    pub heading_block: Option<usize>,
    /// Own body span (child sections excluded); None for an empty section.
    pub span: Option<(usize, usize)>,
    pub anchor: Option<(usize, usize)>,
    /// seq of the first and last own body blocks.
    pub first_block: Option<usize>,
    pub last_block: Option<usize>,
    pub page_start: Option<u32>,
    pub page_end: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Chunk {
    pub section: usize,
    pub off_begin: usize,
    pub off_end: usize,
    pub tokens: u32,
    pub first_block: usize,
    pub last_block: usize,
    /// k for the k-th further window that starts inside `first_block` (0 = starts at its start).
    pub window_in_block: u32,
}
