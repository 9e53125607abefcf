//! The four tables as Arrow schemas, and builders that turn rows into record batches.
//! Block attributes are flattened into nullable columns (`lang`, `table_rows`, …) so that SQL
//! reads them without struct syntax.

use crate::analyze::{BlockRow, ChunkRow, DocRows, DocumentRow, SectionRow};
use arrow_array::builder::{
    BooleanBuilder, Float32Builder, ListBuilder, StringBuilder, UInt32Builder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use std::sync::Arc;

pub const TABLES: [&str; 4] = ["documents", "blocks", "sections", "chunks"];

fn utf8(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Utf8, nullable)
}
fn u32f(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::UInt32, nullable)
}
fn u64f(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::UInt64, nullable)
}
fn list_of(name: &str, item: DataType, nullable: bool) -> Field {
    Field::new(
        name,
        DataType::List(Arc::new(Field::new("item", item, true))),
        nullable,
    )
}

pub fn schema(table: &str) -> SchemaRef {
    let fields = match table {
        "documents" => vec![
            utf8("doc_id", false),
            utf8("path", false),
            utf8("format", false),
            u64f("bytes", false),
            utf8("content_hash", true),
            utf8("rev", true),
            u32f("pages", true),
            utf8("status", false),
            utf8("reason", true),
            u32f("blocks", false),
            u32f("sections", false),
            u32f("chunks", false),
            list_of("flags", DataType::Utf8, false),
            u32f("furniture_lines", true),
            u32f("hyphen_joins", true),
        ],
        "blocks" => vec![
            utf8("doc_id", false),
            utf8("block_id", false),
            u32f("seq", false),
            utf8("section_id", false),
            utf8("type", false),
            u64f("off_begin", false),
            u64f("off_end", false),
            u64f("src_begin", true),
            u64f("src_end", true),
            u32f("page", true),
            list_of("bbox", DataType::Float32, true),
            utf8("lang", true),
            Field::new("lang_guess", DataType::Boolean, true),
            utf8("fence", true),
            u32f("table_rows", true),
            u32f("table_cols", true),
            u32f("table_header_rows", true),
            utf8("grid_kind", true),
            list_of(
                "cell_spans",
                DataType::List(Arc::new(Field::new("item", DataType::UInt32, true))),
                true,
            ),
            utf8("figure_ref", true),
            utf8("caption_for", true),
            utf8("fingerprint", false),
            utf8("text", false),
        ],
        "sections" => vec![
            utf8("doc_id", false),
            utf8("section_id", false),
            utf8("parent_id", true),
            u32f("depth", false),
            u32f("source_level", true),
            utf8("title", true),
            utf8("anchor_id", true),
            utf8("slug", true),
            utf8("title_hash", true),
            utf8("heading_source", false),
            utf8("heading_block_id", true),
            u64f("off_begin", true),
            u64f("off_end", true),
            u64f("anchor_begin", true),
            u64f("anchor_end", true),
            utf8("anchor_text", true),
            u32f("first_block", true),
            u32f("last_block", true),
            u32f("page_start", true),
            u32f("page_end", true),
        ],
        "chunks" => vec![
            utf8("doc_id", false),
            utf8("chunk_id", false),
            utf8("section_id", false),
            u32f("seq", false),
            u64f("off_begin", false),
            u64f("off_end", false),
            u64f("src_begin", true),
            u64f("src_end", true),
            u32f("tokens", false),
            u32f("first_block", false),
            u32f("last_block", false),
            list_of("block_types", DataType::Utf8, false),
            u32f("page_start", true),
            u32f("page_end", true),
            utf8("hash", false),
            utf8("text", false),
            utf8("context", false),
        ],
        other => panic!("unknown table {other}"),
    };
    Arc::new(Schema::new(fields))
}

/// Table `t`'s rows (blocks, sections or chunks: 1, 2 or 3 in [`TABLES`]) of `docs`, in order,
/// as one batch. Built inside the page-run job on the worker pool, so that the sink thread
/// only hands documents on.
pub fn batch_of(t: usize, docs: &[std::sync::Arc<crate::analyze::DocRows>]) -> RecordBatch {
    macro_rules! rows {
        ($builder:ty, $rows:ident) => {{
            let mut b = <$builder>::default();
            for d in docs {
                for r in &d.$rows {
                    b.push(d, r);
                }
            }
            b.finish()
        }};
    }
    match t {
        1 => rows!(BlocksBuilder, blocks),
        2 => rows!(SectionsBuilder, sections),
        3 => rows!(ChunksBuilder, chunks),
        _ => {
            let mut b = DocumentsBuilder::default();
            for d in docs {
                b.push(&d.document);
            }
            b.finish()
        }
    }
}

/// Rows `docs` hold in table `t`.
pub fn rows_of(t: usize, docs: &[std::sync::Arc<crate::analyze::DocRows>]) -> u64 {
    docs.iter()
        .map(|d| match t {
            1 => d.blocks.len(),
            2 => d.sections.len(),
            3 => d.chunks.len(),
            _ => 1,
        } as u64)
        .sum()
}

fn finish(table: &str, cols: Vec<ArrayRef>) -> RecordBatch {
    RecordBatch::try_new(schema(table), cols).expect("columns match the schema")
}

#[derive(Default)]
pub struct DocumentsBuilder {
    doc_id: StringBuilder,
    path: StringBuilder,
    format: StringBuilder,
    bytes: UInt64Builder,
    content_hash: StringBuilder,
    rev: StringBuilder,
    pages: UInt32Builder,
    status: StringBuilder,
    reason: StringBuilder,
    blocks: UInt32Builder,
    sections: UInt32Builder,
    chunks: UInt32Builder,
    flags: ListBuilder<StringBuilder>,
    furniture_lines: UInt32Builder,
    hyphen_joins: UInt32Builder,
    pub len: usize,
}

impl DocumentsBuilder {
    pub fn push(&mut self, d: &DocumentRow) {
        self.doc_id.append_value(&d.doc_id);
        self.path.append_value(&d.path);
        self.format.append_value(d.format);
        self.bytes.append_value(d.bytes);
        self.content_hash.append_option(d.content_hash.as_deref());
        self.rev.append_option(d.rev.as_deref());
        self.pages.append_option(d.pages);
        self.status.append_value(d.status);
        self.reason.append_option(d.reason.as_deref());
        self.blocks.append_value(d.blocks);
        self.sections.append_value(d.sections);
        self.chunks.append_value(d.chunks);
        for f in &d.flags {
            self.flags.values().append_value(f);
        }
        self.flags.append(true);
        self.furniture_lines.append_option(d.furniture_lines);
        self.hyphen_joins.append_option(d.hyphen_joins);
        self.len += 1;
    }

    pub fn finish(&mut self) -> RecordBatch {
        self.len = 0;
        finish(
            "documents",
            vec![
                Arc::new(self.doc_id.finish()),
                Arc::new(self.path.finish()),
                Arc::new(self.format.finish()),
                Arc::new(self.bytes.finish()),
                Arc::new(self.content_hash.finish()),
                Arc::new(self.rev.finish()),
                Arc::new(self.pages.finish()),
                Arc::new(self.status.finish()),
                Arc::new(self.reason.finish()),
                Arc::new(self.blocks.finish()),
                Arc::new(self.sections.finish()),
                Arc::new(self.chunks.finish()),
                Arc::new(self.flags.finish()),
                Arc::new(self.furniture_lines.finish()),
                Arc::new(self.hyphen_joins.finish()),
            ],
        )
    }
}

#[derive(Default)]
pub struct BlocksBuilder {
    doc_id: StringBuilder,
    block_id: StringBuilder,
    seq: UInt32Builder,
    section_id: StringBuilder,
    kind: StringBuilder,
    off_begin: UInt64Builder,
    off_end: UInt64Builder,
    src_begin: UInt64Builder,
    src_end: UInt64Builder,
    page: UInt32Builder,
    bbox: ListBuilder<Float32Builder>,
    lang: StringBuilder,
    lang_guess: BooleanBuilder,
    fence: StringBuilder,
    table_rows: UInt32Builder,
    table_cols: UInt32Builder,
    table_header_rows: UInt32Builder,
    grid_kind: StringBuilder,
    cell_spans: ListBuilder<ListBuilder<UInt32Builder>>,
    figure_ref: StringBuilder,
    caption_for: StringBuilder,
    fingerprint: StringBuilder,
    text: StringBuilder,
    pub len: usize,
    /// Bytes of text buffered (Arrow string offsets are 32-bit per batch).
    pub text_bytes: usize,
}

impl BlocksBuilder {
    /// Adds block `r` of document `d`.
    pub fn push(&mut self, d: &DocRows, r: &BlockRow) {
        let b = d.block_of(r);
        let text = d.block_text(r);
        self.doc_id.append_value(&d.document.doc_id);
        self.block_id.append_value(&r.block_id);
        self.seq.append_value(r.seq);
        self.section_id.append_value(d.block_section_id(r));
        self.kind.append_value(b.kind.as_str());
        self.off_begin.append_value(b.off_begin as u64);
        self.off_end.append_value(b.off_end as u64);
        self.src_begin.append_option(b.src_begin);
        self.src_end.append_option(b.src_end);
        self.page.append_option(b.page);
        match b.attrs().bbox {
            Some(bb) => {
                self.bbox.values().append_slice(&bb);
                self.bbox.append(true);
            }
            None => self.bbox.append(false),
        }
        self.lang.append_option(b.attrs().lang.as_deref());
        self.lang_guess.append_option(b.attrs().lang_guess);
        self.fence.append_option(b.attrs().fence.as_deref());
        let t = b.attrs().table.as_ref();
        self.table_rows.append_option(t.map(|t| t.rows));
        self.table_cols.append_option(t.map(|t| t.cols));
        self.table_header_rows
            .append_option(t.map(|t| t.header_rows));
        self.grid_kind.append_option(t.map(|t| t.grid_kind));
        match t.filter(|t| !t.cell_spans.is_empty()) {
            Some(t) => {
                for span in &t.cell_spans {
                    self.cell_spans.values().values().append_slice(span);
                    self.cell_spans.values().append(true);
                }
                self.cell_spans.append(true);
            }
            None => self.cell_spans.append(false),
        }
        self.figure_ref
            .append_option(b.attrs().figure_ref.as_deref());
        self.caption_for.append_option(r.caption_for.as_deref());
        let digits = crate::ids::hex64_digits(r.fingerprint);
        self.fingerprint
            .append_value(std::str::from_utf8(&digits).expect("hex digits are ASCII"));
        self.text.append_value(text);
        self.len += 1;
        self.text_bytes += text.len();
    }

    pub fn finish(&mut self) -> RecordBatch {
        self.len = 0;
        self.text_bytes = 0;
        finish(
            "blocks",
            vec![
                Arc::new(self.doc_id.finish()),
                Arc::new(self.block_id.finish()),
                Arc::new(self.seq.finish()),
                Arc::new(self.section_id.finish()),
                Arc::new(self.kind.finish()),
                Arc::new(self.off_begin.finish()),
                Arc::new(self.off_end.finish()),
                Arc::new(self.src_begin.finish()),
                Arc::new(self.src_end.finish()),
                Arc::new(self.page.finish()),
                Arc::new(self.bbox.finish()),
                Arc::new(self.lang.finish()),
                Arc::new(self.lang_guess.finish()),
                Arc::new(self.fence.finish()),
                Arc::new(self.table_rows.finish()),
                Arc::new(self.table_cols.finish()),
                Arc::new(self.table_header_rows.finish()),
                Arc::new(self.grid_kind.finish()),
                Arc::new(self.cell_spans.finish()),
                Arc::new(self.figure_ref.finish()),
                Arc::new(self.caption_for.finish()),
                Arc::new(self.fingerprint.finish()),
                Arc::new(self.text.finish()),
            ],
        )
    }
}

#[derive(Default)]
pub struct SectionsBuilder {
    doc_id: StringBuilder,
    section_id: StringBuilder,
    parent_id: StringBuilder,
    depth: UInt32Builder,
    source_level: UInt32Builder,
    title: StringBuilder,
    anchor_id: StringBuilder,
    slug: StringBuilder,
    title_hash: StringBuilder,
    heading_source: StringBuilder,
    heading_block_id: StringBuilder,
    off_begin: UInt64Builder,
    off_end: UInt64Builder,
    anchor_begin: UInt64Builder,
    anchor_end: UInt64Builder,
    anchor_text: StringBuilder,
    first_block: UInt32Builder,
    last_block: UInt32Builder,
    page_start: UInt32Builder,
    page_end: UInt32Builder,
    pub len: usize,
}

impl SectionsBuilder {
    /// Adds section `r` of document `d`.
    pub fn push(&mut self, d: &DocRows, r: &SectionRow) {
        let s = &r.section;
        self.doc_id.append_value(&d.document.doc_id);
        self.section_id.append_value(&s.section_id);
        self.parent_id.append_option(s.parent_id.as_deref());
        self.depth.append_value(s.depth);
        self.source_level.append_option(s.source_level);
        self.title.append_option(s.title.as_deref());
        self.anchor_id.append_option(s.anchor_id.as_deref());
        self.slug.append_option(r.slug.as_deref());
        self.title_hash.append_option(r.title_hash.as_deref());
        self.heading_source.append_value(s.heading_source);
        self.heading_block_id
            .append_option(r.heading_block_id.as_deref());
        self.off_begin.append_option(s.span.map(|x| x.0 as u64));
        self.off_end.append_option(s.span.map(|x| x.1 as u64));
        self.anchor_begin
            .append_option(s.anchor.map(|x| x.0 as u64));
        self.anchor_end.append_option(s.anchor.map(|x| x.1 as u64));
        self.anchor_text.append_option(r.anchor_text.as_deref());
        self.first_block
            .append_option(s.first_block.map(|x| x as u32));
        self.last_block
            .append_option(s.last_block.map(|x| x as u32));
        self.page_start.append_option(s.page_start);
        self.page_end.append_option(s.page_end);
        self.len += 1;
    }

    pub fn finish(&mut self) -> RecordBatch {
        self.len = 0;
        finish(
            "sections",
            vec![
                Arc::new(self.doc_id.finish()),
                Arc::new(self.section_id.finish()),
                Arc::new(self.parent_id.finish()),
                Arc::new(self.depth.finish()),
                Arc::new(self.source_level.finish()),
                Arc::new(self.title.finish()),
                Arc::new(self.anchor_id.finish()),
                Arc::new(self.slug.finish()),
                Arc::new(self.title_hash.finish()),
                Arc::new(self.heading_source.finish()),
                Arc::new(self.heading_block_id.finish()),
                Arc::new(self.off_begin.finish()),
                Arc::new(self.off_end.finish()),
                Arc::new(self.anchor_begin.finish()),
                Arc::new(self.anchor_end.finish()),
                Arc::new(self.anchor_text.finish()),
                Arc::new(self.first_block.finish()),
                Arc::new(self.last_block.finish()),
                Arc::new(self.page_start.finish()),
                Arc::new(self.page_end.finish()),
            ],
        )
    }
}

#[derive(Default)]
pub struct ChunksBuilder {
    doc_id: StringBuilder,
    chunk_id: StringBuilder,
    section_id: StringBuilder,
    seq: UInt32Builder,
    off_begin: UInt64Builder,
    off_end: UInt64Builder,
    src_begin: UInt64Builder,
    src_end: UInt64Builder,
    tokens: UInt32Builder,
    first_block: UInt32Builder,
    last_block: UInt32Builder,
    block_types: ListBuilder<StringBuilder>,
    page_start: UInt32Builder,
    page_end: UInt32Builder,
    hash: StringBuilder,
    text: StringBuilder,
    context: StringBuilder,
    pub len: usize,
    /// Bytes of text and context buffered.
    pub text_bytes: usize,
}

impl ChunksBuilder {
    /// Adds chunk `r` of document `d`.
    pub fn push(&mut self, d: &DocRows, r: &ChunkRow) {
        let c = &r.chunk;
        let text = d.chunk_text(r);
        self.doc_id.append_value(&d.document.doc_id);
        self.chunk_id.append_value(&r.chunk_id);
        self.section_id.append_value(d.chunk_section_id(r));
        self.seq.append_value(r.seq);
        self.off_begin.append_value(c.off_begin as u64);
        self.off_end.append_value(c.off_end as u64);
        self.src_begin.append_value(r.src.0);
        self.src_end.append_value(r.src.1);
        self.tokens.append_value(c.tokens);
        self.first_block.append_value(c.first_block as u32);
        self.last_block.append_value(c.last_block as u32);
        for t in &r.block_types {
            self.block_types.values().append_value(t);
        }
        self.block_types.append(true);
        self.page_start.append_option(r.page_start);
        self.page_end.append_option(r.page_end);
        self.hash.append_value(&r.hash);
        self.text.append_value(text);
        self.context.append_value(&*r.context);
        self.len += 1;
        self.text_bytes += text.len() + r.context.len();
    }

    pub fn finish(&mut self) -> RecordBatch {
        self.len = 0;
        self.text_bytes = 0;
        finish(
            "chunks",
            vec![
                Arc::new(self.doc_id.finish()),
                Arc::new(self.chunk_id.finish()),
                Arc::new(self.section_id.finish()),
                Arc::new(self.seq.finish()),
                Arc::new(self.off_begin.finish()),
                Arc::new(self.off_end.finish()),
                Arc::new(self.src_begin.finish()),
                Arc::new(self.src_end.finish()),
                Arc::new(self.tokens.finish()),
                Arc::new(self.first_block.finish()),
                Arc::new(self.last_block.finish()),
                Arc::new(self.block_types.finish()),
                Arc::new(self.page_start.finish()),
                Arc::new(self.page_end.finish()),
                Arc::new(self.hash.finish()),
                Arc::new(self.text.finish()),
                Arc::new(self.context.finish()),
            ],
        )
    }
}
