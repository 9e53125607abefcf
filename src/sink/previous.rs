//! Reading yesterday's index back for `index --previous OLD`: a document whose path and
//! content hash match OLD (built with the same schema, tool version and config) is not analyzed
//! again; its rows are read from OLD's Parquet and written as they are. Since a document's rows
//! depend only on its path, its bytes, the config and the version, the new index is byte for
//! byte the one a full run writes.
//!
//! OLD's rows are read in order: documents appear in the same walk order in both runs, and each
//! document's rows are contiguous in every table (their counts are in its `documents` row), so
//! one forward cursor per table finds them without loading the tables.

use super::commit::{self, Manifest, SCHEMA_VERSION};
use crate::analyze::{BlockRow, ChunkRow, DocRows, DocumentRow, SectionRow};
use crate::model::{Block, BlockAttrs, BlockType, Chunk, Section, TableShape};
use anyhow::{bail, Context, Result};
use arrow_array::{
    Array, BooleanArray, ListArray, RecordBatch, StringArray, UInt32Array, UInt64Array,
};
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where one OLD document's rows are.
struct OldDoc {
    content_hash: Option<String>,
    row: DocumentRow,
    /// First row of this document in blocks, sections, chunks.
    starts: [u64; 3],
}

/// OLD's documents by path: shared with the workers, which decide what is reusable.
pub struct OldDocs(HashMap<String, OldDoc>);

impl OldDocs {
    /// Whether OLD holds `path` with this content hash.
    pub fn matches(&self, path: &str, content_hash: &str) -> bool {
        self.0
            .get(path)
            .is_some_and(|d| d.content_hash.as_deref() == Some(content_hash))
    }
}

/// OLD, opened for reuse.
pub struct Previous {
    pub index_hash: String,
    docs: std::sync::Arc<OldDocs>,
    cursors: [Cursor; 3],
}

/// Why OLD cannot be reused at all (the run then goes on in full).
pub enum Opened {
    Usable(Box<Previous>),
    Incompatible(String),
}

impl Previous {
    /// Opens OLD. Errors (naming the file) when it is missing, unreadable, not a docsweep index
    /// or of another schema version; `Incompatible` when it was built by another tool version
    /// or with another config.
    pub fn open(old: &Path, tool_version: &str, config_hash: &str) -> Result<Opened> {
        if !old.join(commit::MANIFEST).is_file() {
            bail!(
                "--previous {}: no docsweep index there (no {}); give the output folder of an earlier `docsweep index`",
                old.display(),
                commit::MANIFEST
            );
        }
        let m = commit::read_manifest(old)
            .with_context(|| format!("--previous {}: unreadable manifest", old.display()))?;
        if m.schema_version != SCHEMA_VERSION {
            bail!(
                "--previous {}: index schema version {} but this docsweep writes version {}; run without --previous",
                old.display(),
                m.schema_version,
                SCHEMA_VERSION
            );
        }
        if m.tool_version != tool_version {
            return Ok(Opened::Incompatible(format!(
                "it was built by docsweep {} (this is {tool_version})",
                m.tool_version
            )));
        }
        if m.config_hash != config_hash {
            return Ok(Opened::Incompatible(format!(
                "it was built with another config (hash {}, now {config_hash})",
                m.config_hash
            )));
        }
        let mut docs = HashMap::new();
        let mut starts = [0u64; 3];
        let mut cursor = Cursor::new(old, &m, "documents")?;
        let total = m.tables.get("documents").map_or(0, |t| t.rows);
        cursor.visit(0, total, |b, i| {
            let row = document_row(b, i)?;
            let counts = [
                u64::from(row.blocks),
                u64::from(row.sections),
                u64::from(row.chunks),
            ];
            docs.insert(
                row.path.clone(),
                OldDoc {
                    content_hash: row.content_hash.clone(),
                    row,
                    starts,
                },
            );
            for (s, n) in starts.iter_mut().zip(counts) {
                *s += n;
            }
            Ok(())
        })?;
        for (t, n) in ["blocks", "sections", "chunks"].iter().zip(starts) {
            let rows = m.tables.get(*t).map_or(0, |x| x.rows);
            if rows != n {
                bail!(
                    "--previous {}: table {t} has {rows} rows but its documents count {n}; the index is damaged (run `docsweep validate`)",
                    old.display()
                );
            }
        }
        Ok(Opened::Usable(Box::new(Previous {
            index_hash: m.index_hash.clone(),
            docs: std::sync::Arc::new(OldDocs(docs)),
            cursors: [
                Cursor::new(old, &m, "blocks")?,
                Cursor::new(old, &m, "sections")?,
                Cursor::new(old, &m, "chunks")?,
            ],
        })))
    }

    /// The documents, for the workers.
    pub fn matcher(&self) -> std::sync::Arc<OldDocs> {
        self.docs.clone()
    }

    /// Paths OLD has rows for.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.docs.0.keys().map(String::as_str)
    }

    pub fn paths_contain(&self, path: &str) -> bool {
        self.docs.0.contains_key(path)
    }

    /// OLD's rows of `path` (call in walk order for a single forward pass).
    pub fn rows(&mut self, path: &str) -> Result<DocRows> {
        let d = self
            .docs
            .0
            .get(path)
            .with_context(|| format!("--previous has no document {path}"))?;
        let document = d.row.clone();
        let counts = [
            u64::from(document.blocks),
            u64::from(document.sections),
            u64::from(document.chunks),
        ];
        let starts = d.starts;
        let mut blocks = Vec::with_capacity(counts[0] as usize);
        self.cursors[0].visit(starts[0], counts[0], |b, i| {
            blocks.push(block_row(b, i)?);
            Ok(())
        })?;
        let mut sections = Vec::with_capacity(counts[1] as usize);
        self.cursors[1].visit(starts[1], counts[1], |b, i| {
            sections.push(section_row(b, i)?);
            Ok(())
        })?;
        let mut chunks = Vec::with_capacity(counts[2] as usize);
        self.cursors[2].visit(starts[2], counts[2], |b, i| {
            chunks.push(chunk_row(b, i)?);
            Ok(())
        })?;
        Ok(DocRows {
            document,
            blocks,
            sections,
            chunks,
        })
    }
}

/// A forward reader over one table's part files; going back reopens it.
struct Cursor {
    files: Vec<PathBuf>,
    next_file: usize,
    reader: Option<ParquetRecordBatchReader>,
    batch: Option<RecordBatch>,
    /// Table row of the current batch's first row.
    batch_start: u64,
}

impl Cursor {
    fn new(root: &Path, m: &Manifest, table: &str) -> Result<Cursor> {
        let info = m.tables.get(table).with_context(|| {
            format!(
                "--previous {}: manifest lists no table {table}",
                root.display()
            )
        })?;
        Ok(Cursor {
            files: info.files.iter().map(|f| root.join(&f.path)).collect(),
            next_file: 0,
            reader: None,
            batch: None,
            batch_start: 0,
        })
    }

    fn rewind(&mut self) {
        self.next_file = 0;
        self.reader = None;
        self.batch = None;
        self.batch_start = 0;
    }

    /// Moves to the next batch; false at the end of the table.
    fn advance(&mut self) -> Result<bool> {
        if let Some(b) = self.batch.take() {
            self.batch_start += b.num_rows() as u64;
        }
        loop {
            if let Some(r) = self.reader.as_mut() {
                match r.next() {
                    Some(b) => {
                        let file = &self.files[self.next_file - 1];
                        self.batch = Some(b.with_context(|| {
                            format!(
                                "--previous: {} is damaged (Parquet read error)",
                                file.display()
                            )
                        })?);
                        return Ok(true);
                    }
                    None => self.reader = None,
                }
            }
            let Some(path) = self.files.get(self.next_file) else {
                return Ok(false);
            };
            let file = std::fs::File::open(path)
                .with_context(|| format!("--previous: cannot open {}", path.display()))?;
            self.reader = Some(
                ParquetRecordBatchReaderBuilder::try_new(file)
                    .with_context(|| {
                        format!(
                            "--previous: {} is not a readable Parquet file",
                            path.display()
                        )
                    })?
                    .build()?,
            );
            self.next_file += 1;
        }
    }

    /// Calls `f(batch, i)` for table rows `start..start + n`, in order.
    fn visit(
        &mut self,
        start: u64,
        n: u64,
        mut f: impl FnMut(&RecordBatch, usize) -> Result<()>,
    ) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        if start < self.batch_start {
            self.rewind();
        }
        let end = start + n;
        let mut row = start;
        while row < end {
            let in_batch = self
                .batch
                .as_ref()
                .is_some_and(|b| row < self.batch_start + b.num_rows() as u64);
            if !in_batch {
                if !self.advance()? {
                    bail!("--previous: a table ends before row {row}; the index is damaged");
                }
                continue;
            }
            let b = self.batch.as_ref().expect("checked above");
            let stop = end.min(self.batch_start + b.num_rows() as u64);
            for r in row..stop {
                f(b, (r - self.batch_start) as usize)?;
            }
            row = stop;
        }
        Ok(())
    }
}

fn col<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> Result<&'a T> {
    super::column(b, name).context("--previous")
}

fn s(b: &RecordBatch, name: &str, i: usize) -> Result<Option<String>> {
    let a = col::<StringArray>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i).to_string()))
}

fn s1(b: &RecordBatch, name: &str, i: usize) -> Result<String> {
    s(b, name, i)?.with_context(|| format!("--previous: {name} is null"))
}

fn u32o(b: &RecordBatch, name: &str, i: usize) -> Result<Option<u32>> {
    let a = col::<UInt32Array>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i)))
}

fn u32v(b: &RecordBatch, name: &str, i: usize) -> Result<u32> {
    u32o(b, name, i)?.with_context(|| format!("--previous: {name} is null"))
}

fn u64o(b: &RecordBatch, name: &str, i: usize) -> Result<Option<u64>> {
    let a = col::<UInt64Array>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i)))
}

fn u64v(b: &RecordBatch, name: &str, i: usize) -> Result<u64> {
    u64o(b, name, i)?.with_context(|| format!("--previous: {name} is null"))
}

fn strings(b: &RecordBatch, name: &str, i: usize) -> Result<Vec<String>> {
    let a = col::<ListArray>(b, name)?;
    if a.is_null(i) {
        return Ok(Vec::new());
    }
    let v = a.value(i);
    let v = v
        .as_any()
        .downcast_ref::<StringArray>()
        .with_context(|| format!("--previous: {name} is not a list of strings"))?;
    Ok((0..v.len()).map(|k| v.value(k).to_string()).collect())
}

/// The `&'static str` this version writes for a stored value.
fn known(v: &str, values: &[&'static str], what: &str) -> Result<&'static str> {
    values
        .iter()
        .find(|k| **k == v)
        .copied()
        .with_context(|| format!("--previous: unknown {what} {v:?}"))
}

const FORMATS: &[&str] = &["markdown", "html", "text", "pdf", "unknown", "directory"];
const STATUSES: &[&str] = &["ok", "failed", "skipped"];
const GRID_KINDS: &[&str] = &[
    "markdown", "html", "pipe", "grid", "simple", "csv", "aligned",
];
const HEADING_SOURCES: &[&str] = &[
    "md_atx",
    "md_setext",
    "html_h",
    "aria",
    "html_title",
    "style",
    "numbering",
    "underline",
    "preamble",
    "page",
];

fn block_type(v: &str) -> Result<BlockType> {
    BlockType::parse(v).with_context(|| format!("--previous: unknown block type {v:?}"))
}

fn document_row(b: &RecordBatch, i: usize) -> Result<DocumentRow> {
    Ok(DocumentRow {
        doc_id: s1(b, "doc_id", i)?,
        path: s1(b, "path", i)?,
        format: known(&s1(b, "format", i)?, FORMATS, "format")?,
        bytes: u64v(b, "bytes", i)?,
        content_hash: s(b, "content_hash", i)?,
        rev: s(b, "rev", i)?,
        pages: u32o(b, "pages", i)?,
        status: known(&s1(b, "status", i)?, STATUSES, "status")?,
        reason: s(b, "reason", i)?,
        blocks: u32v(b, "blocks", i)?,
        sections: u32v(b, "sections", i)?,
        chunks: u32v(b, "chunks", i)?,
        flags: strings(b, "flags", i)?,
        furniture_lines: u32o(b, "furniture_lines", i)?,
        hyphen_joins: u32o(b, "hyphen_joins", i)?,
    })
}

fn block_row(b: &RecordBatch, i: usize) -> Result<BlockRow> {
    let table = match u32o(b, "table_rows", i)? {
        Some(rows) => {
            let spans = col::<ListArray>(b, "cell_spans")?;
            let mut cell_spans = Vec::new();
            if !spans.is_null(i) {
                let outer = spans.value(i);
                let outer = outer
                    .as_any()
                    .downcast_ref::<ListArray>()
                    .context("--previous: cell_spans is not a list of lists")?;
                for k in 0..outer.len() {
                    let inner = outer.value(k);
                    let inner = inner
                        .as_any()
                        .downcast_ref::<UInt32Array>()
                        .context("--previous: cell_spans holds no u32")?;
                    let v: Vec<u32> = inner.values().iter().copied().collect();
                    let span: [u32; 4] = v
                        .try_into()
                        .map_err(|_| anyhow::anyhow!("--previous: a cell span is not 4 numbers"))?;
                    cell_spans.push(span);
                }
            }
            Some(TableShape {
                rows,
                cols: u32v(b, "table_cols", i)?,
                header_rows: u32v(b, "table_header_rows", i)?,
                grid_kind: known(&s1(b, "grid_kind", i)?, GRID_KINDS, "grid kind")?,
                cell_spans,
            })
        }
        None => None,
    };
    let lang_guess = col::<BooleanArray>(b, "lang_guess")?;
    Ok(BlockRow {
        block_id: s1(b, "block_id", i)?,
        seq: u32v(b, "seq", i)?,
        section_id: s1(b, "section_id", i)?,
        block: Block {
            kind: block_type(&s1(b, "type", i)?)?,
            off_begin: u64v(b, "off_begin", i)? as usize,
            off_end: u64v(b, "off_end", i)? as usize,
            src_begin: u64o(b, "src_begin", i)?,
            src_end: u64o(b, "src_end", i)?,
            page: u32o(b, "page", i)?,
            attrs: BlockAttrs {
                lang: s(b, "lang", i)?,
                lang_guess: (!lang_guess.is_null(i)).then(|| lang_guess.value(i)),
                fence: s(b, "fence", i)?,
                table,
                figure_ref: s(b, "figure_ref", i)?,
                caption_for: None,
            },
            heading: None,
        },
        fingerprint: s1(b, "fingerprint", i)?,
        text: s1(b, "text", i)?,
        caption_for: s(b, "caption_for", i)?,
    })
}

fn section_row(b: &RecordBatch, i: usize) -> Result<SectionRow> {
    let pair = |a: &str, z: &str| -> Result<Option<(usize, usize)>> {
        Ok(match (u64o(b, a, i)?, u64o(b, z, i)?) {
            (Some(x), Some(y)) => Some((x as usize, y as usize)),
            _ => None,
        })
    };
    Ok(SectionRow {
        section: Section {
            section_id: s1(b, "section_id", i)?,
            parent_id: s(b, "parent_id", i)?,
            depth: u32v(b, "depth", i)?,
            source_level: u32o(b, "source_level", i)?,
            title: s(b, "title", i)?,
            anchor_id: s(b, "anchor_id", i)?,
            heading_source: known(
                &s1(b, "heading_source", i)?,
                HEADING_SOURCES,
                "heading source",
            )?,
            heading_block: None,
            span: pair("off_begin", "off_end")?,
            anchor: pair("anchor_begin", "anchor_end")?,
            first_block: u32o(b, "first_block", i)?.map(|x| x as usize),
            last_block: u32o(b, "last_block", i)?.map(|x| x as usize),
            page_start: u32o(b, "page_start", i)?,
            page_end: u32o(b, "page_end", i)?,
        },
        slug: s(b, "slug", i)?,
        title_hash: s(b, "title_hash", i)?,
        heading_block_id: s(b, "heading_block_id", i)?,
        anchor_text: s(b, "anchor_text", i)?,
    })
}

fn chunk_row(b: &RecordBatch, i: usize) -> Result<ChunkRow> {
    let block_types = strings(b, "block_types", i)?
        .iter()
        .map(|t| block_type(t).map(BlockType::as_str))
        .collect::<Result<Vec<_>>>()?;
    Ok(ChunkRow {
        chunk_id: s1(b, "chunk_id", i)?,
        section_id: s1(b, "section_id", i)?,
        seq: u32v(b, "seq", i)?,
        chunk: Chunk {
            section: 0,
            off_begin: u64v(b, "off_begin", i)? as usize,
            off_end: u64v(b, "off_end", i)? as usize,
            tokens: u32v(b, "tokens", i)?,
            first_block: u32v(b, "first_block", i)? as usize,
            last_block: u32v(b, "last_block", i)? as usize,
            window_in_block: 0,
        },
        src: (u64v(b, "src_begin", i)?, u64v(b, "src_end", i)?),
        block_types,
        page_start: u32o(b, "page_start", i)?,
        page_end: u32o(b, "page_end", i)?,
        hash: s1(b, "hash", i)?,
        text: s1(b, "text", i)?,
        context: s1(b, "context", i)?,
    })
}
