//! The sink: rows of finished documents, in plan order, into zstd Parquet part files; then the
//! manifest, written last; then the atomic publish of the whole directory.
//!
//! Output is a pure function of the rows and the config: batches are cut by row count, never by
//! time, and no timestamp is written anywhere, so the same input gives the same bytes.

pub mod commit;
pub mod pages;
pub mod previous;
pub mod stats;
pub mod tables;

use crate::analyze::{DocRows, DocumentRow};
use crate::config::SinkConfig;
use anyhow::{Context, Result};
use arrow_array::RecordBatch;
use commit::Manifest;
use pages::{RunCutter, Source, TableWriter};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder,
};
use parquet::file::metadata::PageIndexPolicy;
use previous::Previous;
use serde::Serialize;
use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use tables::{DocumentsBuilder, TABLES};

#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq)]
pub struct FileInfo {
    pub path: String,
    pub rows: u64,
    pub bytes: u64,
    /// 32 hex of xxh3-128 of the file's bytes.
    pub hash: String,
}

/// Columns `cols` (all when None) of an index's `table`, for the table rows in `ranges`
/// (sorted, disjoint `[start, end)`) or for every row.
pub fn read_rows(
    index: &Path,
    m: &Manifest,
    table: &str,
    cols: Option<&[&str]>,
    ranges: Option<&[(u64, u64)]>,
) -> Result<Vec<RecordBatch>> {
    TableReader::open(index, m, table)?.read(cols, ranges)
}

/// An index table's part files with their footers read once, for reading row ranges of it
/// again and again. Footers are read with the offset index, so that a range read decodes only
/// the pages holding its rows: a diff of two nightly indexes reads the text of the changed
/// documents alone.
pub struct TableReader {
    /// Each part file: its path, rows, and footer.
    files: Vec<(std::path::PathBuf, u64, ArrowReaderMetadata)>,
}

impl TableReader {
    pub fn open(index: &Path, m: &Manifest, table: &str) -> Result<TableReader> {
        let info = m
            .tables
            .get(table)
            .with_context(|| format!("{}: manifest lists no table {table}", index.display()))?;
        let options = ArrowReaderOptions::new().with_offset_index_policy(PageIndexPolicy::Optional);
        let files = info
            .files
            .iter()
            .map(|f| {
                let p = index.join(&f.path);
                let file =
                    File::open(&p).with_context(|| format!("cannot open {}", p.display()))?;
                let meta = ArrowReaderMetadata::load(&file, options.clone())
                    .with_context(|| format!("{} is not a readable Parquet file", p.display()))?;
                Ok((p, f.rows, meta))
            })
            .collect::<Result<_>>()?;
        Ok(TableReader { files })
    }

    /// Columns `cols` (all when None), for the table rows in `ranges` (sorted, disjoint
    /// `[start, end)`) or for every row, in table order.
    pub fn read(
        &self,
        cols: Option<&[&str]>,
        ranges: Option<&[(u64, u64)]>,
    ) -> Result<Vec<RecordBatch>> {
        use parquet::arrow::arrow_reader::{RowSelection, RowSelector};
        use parquet::arrow::ProjectionMask;
        let mut out = Vec::new();
        let mut file_start = 0u64;
        for (p, rows, meta) in &self.files {
            let (lo, hi) = (file_start, file_start + rows);
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
            let file = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
            let mut builder =
                ParquetRecordBatchReaderBuilder::new_with_metadata(file, meta.clone());
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
            let batches = builder
                .build()
                .with_context(|| format!("{} is damaged; build that index again", p.display()))?;
            for b in batches {
                out.push(b.with_context(|| {
                    format!("{} is damaged; build that index again", p.display())
                })?);
            }
        }
        Ok(out)
    }
}

/// Column `name` of a batch read back from an index, as its Arrow array type.
pub fn column<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> Result<&'a T> {
    b.column_by_name(name)
        .with_context(|| format!("column {name} missing"))?
        .as_any()
        .downcast_ref::<T>()
        .with_context(|| format!("column {name} has an unexpected type"))
}

/// A run's rows in order: fresh rows as a batch or as analyzed documents (turned into a batch
/// by the job that encodes the run), rows of an earlier index as table row ranges of source
/// `src`.
enum Piece {
    Batch(RecordBatch),
    Docs(Vec<Arc<DocRows>>),
    Old { src: usize, start: u64, end: u64 },
}

/// One table's run being collected.
struct Run {
    run_bytes: u64,
    cutter: RunCutter,
    pieces: Vec<Piece>,
}

/// Takes documents in plan order and writes the four tables as page runs (see `pages`).
pub struct Sink {
    /// The documents table's fresh rows: one small row a document, copied here.
    docs: DocumentsBuilder,
    /// Per table (blocks, sections, chunks at 1, 2, 3): the analyzed documents with rows in it
    /// since the last piece. Their rows are copied into Arrow arrays by the job that encodes
    /// the run, on the worker pool, so the sink thread stays light.
    fresh: [Vec<Arc<DocRows>>; 4],
    runs: [Run; 4],
    writers: [TableWriter; 4],
    /// Indexes whose rows are carried over: `index --previous` has one (OLD); `commit` has OLD,
    /// if the plan names one, and every shard.
    sources: Vec<Option<Box<Previous>>>,
    /// Per source: rows whose pages were copied, and rows decoded and encoded again.
    carried: Vec<[u64; 2]>,
    /// The mapped files of every source opened, kept until the tables are closed (pages sliced
    /// from them are written until then): a file cut short meanwhile fails the run.
    guards: Vec<previous::Guard>,
}

/// What the sink wrote: per table, its part files.
pub type Written = Vec<(&'static str, Vec<FileInfo>)>;

impl Sink {
    /// A sink writing under `root`, carrying rows over from `sources`; page runs are encoded
    /// on `pool`.
    pub fn new(
        root: &Path,
        cfg: &SinkConfig,
        sources: Vec<Option<Box<Previous>>>,
        pool: std::sync::Arc<rayon::ThreadPool>,
    ) -> Result<Sink> {
        let writer =
            |t: &'static str| TableWriter::new(root, t, tables::schema(t), cfg, pool.clone());
        let run = |t: &str| Run {
            run_bytes: pages::run_bytes(t, cfg.page_run_bytes),
            cutter: RunCutter::default(),
            pieces: Vec::new(),
        };
        Ok(Sink {
            docs: DocumentsBuilder::default(),
            fresh: Default::default(),
            runs: TABLES.map(run),
            writers: [
                writer(TABLES[0])?,
                writer(TABLES[1])?,
                writer(TABLES[2])?,
                writer(TABLES[3])?,
            ],
            guards: sources.iter().flatten().flat_map(|p| p.guards()).collect(),
            sources,
            carried: Vec::new(),
        })
    }

    /// Source `src`, if it is open.
    pub fn source(&self, src: usize) -> Option<&Previous> {
        self.sources.get(src).and_then(|s| s.as_deref())
    }

    /// Opens or replaces source `src`.
    pub fn set_source(&mut self, src: usize, p: Box<Previous>) {
        if self.sources.len() <= src {
            self.sources.resize_with(src + 1, || None);
        }
        self.guards.extend(p.guards());
        self.sources[src] = Some(p);
    }

    /// Closes every source below `src` that no pending run still needs (a commit goes through
    /// the shards in order; their files are unmapped as soon as it is past them).
    pub fn close_sources_below(&mut self, src: usize) {
        let needed = self
            .runs
            .iter()
            .flat_map(|r| &r.pieces)
            .filter_map(|p| match p {
                Piece::Old { src: s, .. } => Some(*s),
                Piece::Batch(_) | Piece::Docs(_) => None,
            })
            .min()
            .unwrap_or(src)
            .min(src);
        for s in self.sources.iter_mut().take(needed) {
            *s = None;
        }
    }

    /// Appends one analyzed document's rows. Call in plan order.
    pub fn push(&mut self, d: Arc<DocRows>) -> Result<()> {
        self.docs.push(&d.document);
        for t in 1..4 {
            if tables::rows_of(t, std::slice::from_ref(&d)) > 0 {
                self.fresh[t].push(d.clone());
            }
        }
        for t in 0..4 {
            self.after_doc(t, &d.document.doc_id, d.document.bytes)?;
        }
        Ok(())
    }

    /// Appends the rows source `src` holds for `path` (for `index --previous`, its content
    /// hash matched). Call in plan order. Returns its documents row.
    pub fn push_reused(&mut self, src: usize, path: &str) -> Result<DocumentRow> {
        let prev = self
            .source(src)
            .context("internal error: reuse from a source that is not open")?;
        let doc = prev
            .doc(path)
            .with_context(|| format!("internal error: source {src} has no document {path}"))?;
        let (row, starts, counts) = (doc.row.clone(), doc.starts, doc.counts());
        for t in 0..4 {
            self.take_fresh(t);
            let (start, end) = (starts[t], starts[t] + counts[t]);
            let pieces = &mut self.runs[t].pieces;
            match pieces.last_mut() {
                Some(Piece::Old { src: s, end: e, .. }) if *s == src && *e == start => *e = end,
                _ => pieces.push(Piece::Old { src, start, end }),
            }
            self.after_doc(t, &row.doc_id, row.bytes)?;
        }
        Ok(row)
    }

    /// Moves table `t`'s fresh rows into its run.
    fn take_fresh(&mut self, t: usize) {
        let piece = if t == 0 {
            if self.docs.len == 0 {
                return;
            }
            Piece::Batch(self.docs.finish())
        } else {
            if self.fresh[t].is_empty() {
                return;
            }
            Piece::Docs(std::mem::take(&mut self.fresh[t]))
        };
        self.runs[t].pieces.push(piece);
    }

    fn after_doc(&mut self, t: usize, doc_id: &str, source_bytes: u64) -> Result<()> {
        let run = &mut self.runs[t];
        if run.cutter.ends_after(doc_id, source_bytes, run.run_bytes) {
            self.end_run(t)?;
        }
        Ok(())
    }

    /// Writes table `t`'s run (see [`Sink::write_run`]); an error while a source was cut short
    /// says so.
    fn end_run(&mut self, t: usize) -> Result<()> {
        self.write_run(t).map_err(|e| explain(&self.guards, e))
    }

    /// Writes table `t`'s run: OLD's pages when the run is exactly one of OLD's runs, else its
    /// rows encoded (OLD's rows among them decoded first).
    fn write_run(&mut self, t: usize) -> Result<()> {
        self.take_fresh(t);
        let pieces = std::mem::take(&mut self.runs[t].pieces);
        let w = &mut self.writers[t];
        let open = &self.sources;
        let source = |src: usize| open.get(src).and_then(|s| s.as_deref());
        if let [Piece::Old { src, start, end }] = &pieces[..] {
            if let Some(pages) = source(*src).and_then(|p| p.table(t).run_pages(*start, *end)) {
                w.copy_run(pages, end - start)?;
                carry(&mut self.carried, *src, 0, end - start);
                return w.run_ended();
            }
        }
        let mut sources = Vec::with_capacity(pieces.len());
        for p in pieces {
            match p {
                Piece::Batch(b) => sources.push(Source::Batch(b)),
                Piece::Docs(docs) => sources.push(Source::Docs(t, docs)),
                Piece::Old { src, start, end } if end > start => {
                    let prev = source(src)
                        .context("internal error: carried-over rows from a closed source")?;
                    carry(&mut self.carried, src, 1, end - start);
                    sources.extend(
                        prev.table(t)
                            .slices(start, end)?
                            .into_iter()
                            .map(Source::Old),
                    );
                }
                Piece::Old { .. } => {}
            }
        }
        w.build_run(sources)?;
        w.run_ended()
    }

    /// Writes the last runs and closes every table. Returns what was written, and per source
    /// the rows whose pages were copied and the rows encoded again.
    pub fn finish(mut self) -> Result<(Written, Vec<[u64; 2]>)> {
        for t in 0..4 {
            self.end_run(t)?;
        }
        crate::stages::end(crate::stages::Stage::Sink);
        // The tables close side by side: each waits on its last runs and on its files reaching
        // the disk (this thread waits for them).
        let out = std::thread::scope(|s| {
            let closing: Vec<_> = self
                .writers
                .into_iter()
                .map(|w| {
                    let t = w.table;
                    s.spawn(move || {
                        crate::stages::start();
                        let files = w.finish();
                        crate::stages::end(crate::stages::Stage::Sink);
                        files.map(|files| (t, files))
                    })
                })
                .collect();
            closing
                .into_iter()
                .map(|c| {
                    c.join()
                        .map_err(|_| anyhow::anyhow!("internal error: closing a table panicked"))?
                })
                .collect::<Result<Vec<_>>>()
        });
        crate::stages::end(crate::stages::Stage::Wait);
        // A source cut short may have given zeros that parsed: the tables are not published.
        let cut = previous::cut_short(&self.guards).is_some();
        match out {
            Ok(out) if !cut => Ok((out, self.carried)),
            Ok(_) => Err(explain(
                &self.guards,
                anyhow::anyhow!("a source was cut short"),
            )),
            Err(e) => Err(explain(&self.guards, e)),
        }
    }
}

/// `e`, or, when a source's file (`guards`) was cut short while the run read it (its pages
/// read as zeros, which fail to parse or decode), what happened.
fn explain(guards: &[previous::Guard], e: anyhow::Error) -> anyhow::Error {
    match previous::cut_short(guards) {
        Some(p) => anyhow::anyhow!(
            "{} was cut short while this run copied rows from it; the new index was not written (run again once that index is whole, or without it)",
            p.display()
        ),
        None => e,
    }
}

fn carry(carried: &mut Vec<[u64; 2]>, src: usize, how: usize, rows: u64) {
    if carried.len() <= src {
        carried.resize(src + 1, [0, 0]);
    }
    carried[src][how] += rows;
}
