//! The sink: rows of finished documents, in plan order, into zstd Parquet part files; then the
//! manifest, written last; then the atomic publish of the whole directory.
//!
//! Output is a pure function of the rows and the config: batches are cut by row count, never by
//! time, and no timestamp is written anywhere, so the same input gives the same bytes.

pub mod commit;
pub mod previous;
pub mod tables;

use crate::analyze::DocRows;
use crate::config::SinkConfig;
use anyhow::{Context, Result};
use arrow_array::RecordBatch;
use commit::Manifest;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use serde::Serialize;
use std::fs::File;
use std::path::{Path, PathBuf};
use tables::{BlocksBuilder, ChunksBuilder, DocumentsBuilder, SectionsBuilder};
use xxhash_rust::xxh3::Xxh3;

#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq)]
pub struct FileInfo {
    pub path: String,
    pub rows: u64,
    pub bytes: u64,
    /// 32 hex of xxh3-128 of the file's bytes.
    pub hash: String,
}

/// Part files of one table.
struct PartWriter {
    table: &'static str,
    dir: PathBuf,
    props: WriterProperties,
    part_rows: usize,
    current: Option<(ArrowWriter<File>, String, u64)>,
    files: Vec<FileInfo>,
}

impl PartWriter {
    fn new(root: &Path, table: &'static str, cfg: &SinkConfig) -> Result<PartWriter> {
        let dir = root.join(table);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let level = ZstdLevel::try_new(cfg.zstd_level).context("zstd level")?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(level))
            .set_max_row_group_row_count(Some(cfg.row_group_rows))
            .build();
        Ok(PartWriter {
            table,
            dir,
            props,
            part_rows: cfg.part_rows,
            current: None,
            files: Vec::new(),
        })
    }

    fn open(&mut self) -> Result<()> {
        let name = format!("part-{:05}.parquet", self.files.len());
        let path = self.dir.join(&name);
        let file =
            File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
        let w = ArrowWriter::try_new(file, tables::schema(self.table), Some(self.props.clone()))?;
        self.current = Some((w, format!("{}/{name}", self.table), 0));
        Ok(())
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        if self.current.is_none() {
            self.open()?;
        }
        let (w, _, rows) = self.current.as_mut().expect("open part");
        w.write(batch)?;
        *rows += batch.num_rows() as u64;
        if *rows as usize >= self.part_rows {
            self.close_part()?;
        }
        Ok(())
    }

    fn close_part(&mut self) -> Result<()> {
        if let Some((w, rel, rows)) = self.current.take() {
            let file = w.into_inner()?;
            file.sync_all()?;
            drop(file);
            let path = self
                .dir
                .parent()
                .expect("table dir has a parent")
                .join(&rel);
            let (bytes, hash) = hash_file(&path)?;
            self.files.push(FileInfo {
                path: rel,
                rows,
                bytes,
                hash,
            });
        }
        Ok(())
    }

    /// Closes the last part; a table without rows still gets one (empty) part file so that
    /// readers globbing `table/*.parquet` find its schema.
    fn finish(mut self) -> Result<Vec<FileInfo>> {
        if self.files.is_empty() && self.current.is_none() {
            self.open()?;
        }
        self.close_part()?;
        Ok(self.files)
    }
}

pub fn hash_file(path: &Path) -> Result<(u64, String)> {
    use std::io::Read;
    let mut f = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut h = Xxh3::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut total = 0u64;
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
        total += n as u64;
    }
    Ok((total, crate::ids::hex128(h.digest128())))
}

/// Text bytes after which a batch is written even if it has fewer than `row_group_rows` rows.
/// Deterministic like the row count: it depends only on the rows.
const MAX_BATCH_TEXT_BYTES: usize = 256 << 20;

/// Columns `cols` (all when None) of an index's `table`, for the table rows in `ranges`
/// (sorted, disjoint `[start, end)`) or for every row. Only what is asked for is decoded: a diff of two nightly indexes reads the
/// text of the changed documents alone.
pub fn read_rows(
    index: &Path,
    m: &Manifest,
    table: &str,
    cols: Option<&[&str]>,
    ranges: Option<&[(u64, u64)]>,
) -> Result<Vec<RecordBatch>> {
    use parquet::arrow::arrow_reader::{RowSelection, RowSelector};
    use parquet::arrow::ProjectionMask;
    let info = m
        .tables
        .get(table)
        .with_context(|| format!("{}: manifest lists no table {table}", index.display()))?;
    let mut out = Vec::new();
    let mut file_start = 0u64;
    for f in &info.files {
        let (lo, hi) = (file_start, file_start + f.rows);
        file_start = hi;
        let selection = match ranges {
            None => None,
            Some(rs) => {
                let mut sel = Vec::new();
                let mut at = lo;
                for &(a, z) in rs.iter().filter(|(a, z)| *z > lo && *a < hi) {
                    let (a, z) = (a.max(lo), z.min(hi));
                    if a > at {
                        sel.push(RowSelector::skip((a - at) as usize));
                    }
                    sel.push(RowSelector::select((z - a) as usize));
                    at = z;
                }
                if sel.is_empty() {
                    continue;
                }
                if hi > at {
                    sel.push(RowSelector::skip((hi - at) as usize));
                }
                Some(RowSelection::from(sel))
            }
        };
        let p = index.join(&f.path);
        let file =
            std::fs::File::open(&p).with_context(|| format!("cannot open {}", p.display()))?;
        let builder = ParquetRecordBatchReaderBuilder::try_new(file)
            .with_context(|| format!("{} is not a readable Parquet file", p.display()))?;
        let mut builder = builder;
        if let Some(cols) = cols {
            let roots: Vec<usize> = cols
                .iter()
                .map(|c| {
                    builder
                        .schema()
                        .index_of(c)
                        .with_context(|| format!("{}: no column {c}", p.display()))
                })
                .collect::<Result<_>>()?;
            let mask = ProjectionMask::roots(builder.parquet_schema(), roots);
            builder = builder.with_projection(mask);
        }
        if let Some(sel) = selection {
            builder = builder.with_row_selection(sel);
        }
        for b in builder.build()? {
            out.push(b.with_context(|| format!("{} is damaged", p.display()))?);
        }
    }
    Ok(out)
}

/// Column `name` of a batch read back from an index, as its Arrow array type.
pub fn column<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> Result<&'a T> {
    b.column_by_name(name)
        .with_context(|| format!("column {name} missing"))?
        .as_any()
        .downcast_ref::<T>()
        .with_context(|| format!("column {name} has an unexpected type"))
}

/// Buffers rows per table and writes full batches.
pub struct Sink {
    batch_rows: usize,
    docs: DocumentsBuilder,
    blocks: BlocksBuilder,
    sections: SectionsBuilder,
    chunks: ChunksBuilder,
    writers: [PartWriter; 4],
}

/// What the sink wrote: per table, its part files.
pub type Written = Vec<(&'static str, Vec<FileInfo>)>;

impl Sink {
    pub fn new(root: &Path, cfg: &SinkConfig) -> Result<Sink> {
        Ok(Sink {
            batch_rows: cfg.row_group_rows,
            docs: DocumentsBuilder::default(),
            blocks: BlocksBuilder::default(),
            sections: SectionsBuilder::default(),
            chunks: ChunksBuilder::default(),
            writers: [
                PartWriter::new(root, "documents", cfg)?,
                PartWriter::new(root, "blocks", cfg)?,
                PartWriter::new(root, "sections", cfg)?,
                PartWriter::new(root, "chunks", cfg)?,
            ],
        })
    }

    /// Appends one document's rows. Call in plan order.
    pub fn push(&mut self, d: &DocRows) -> Result<()> {
        let id = d.document.doc_id.as_str();
        // A batch's string columns hold at most 2 GiB (32-bit offsets), and big documents
        // should not pile up in memory: cut the batch before a document that would overflow it.
        let block_bytes: usize = d.blocks.iter().map(|b| b.text.len()).sum();
        if self.blocks.len > 0 && self.blocks.text_bytes + block_bytes > MAX_BATCH_TEXT_BYTES {
            self.writers[1].write(&self.blocks.finish())?;
        }
        let chunk_bytes: usize = d
            .chunks
            .iter()
            .map(|c| c.text.len() + c.context.len())
            .sum();
        if self.chunks.len > 0 && self.chunks.text_bytes + chunk_bytes > MAX_BATCH_TEXT_BYTES {
            self.writers[3].write(&self.chunks.finish())?;
        }
        self.docs.push(&d.document);
        for b in &d.blocks {
            self.blocks.push(id, b);
        }
        for s in &d.sections {
            self.sections.push(id, s);
        }
        for c in &d.chunks {
            self.chunks.push(id, c);
        }
        self.flush(false)
    }

    fn flush(&mut self, all: bool) -> Result<()> {
        let n = self.batch_rows;
        let full = |rows: usize, bytes: usize| all || rows >= n || bytes >= MAX_BATCH_TEXT_BYTES;
        if self.docs.len > 0 && (all || self.docs.len >= n) {
            self.writers[0].write(&self.docs.finish())?;
        }
        if self.blocks.len > 0 && full(self.blocks.len, self.blocks.text_bytes) {
            self.writers[1].write(&self.blocks.finish())?;
        }
        if self.sections.len > 0 && (all || self.sections.len >= n) {
            self.writers[2].write(&self.sections.finish())?;
        }
        if self.chunks.len > 0 && full(self.chunks.len, self.chunks.text_bytes) {
            self.writers[3].write(&self.chunks.finish())?;
        }
        Ok(())
    }

    pub fn finish(mut self) -> Result<Written> {
        self.flush(true)?;
        let mut out = Vec::new();
        for w in self.writers {
            let t = w.table;
            out.push((t, w.finish()?));
        }
        Ok(out)
    }
}
