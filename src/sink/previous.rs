//! Reading yesterday's index back for `index --previous OLD`: a document whose path and
//! content hash match OLD (built with the same schema, tool version and config) is not analyzed
//! again. Its rows are OLD's rows; where a whole page run of OLD consists of such documents, the
//! sink copies OLD's pages without decoding them (see `pages`), and otherwise it decodes just
//! the rows it needs. Since a document's rows depend only on its path, its bytes, the config and
//! the version, and a page run's bytes only on its rows, the new index is byte for byte the one
//! a full run writes.

use super::commit::{self, Manifest, SCHEMA_VERSION};
use super::pages::{self, OldSlice, RunCutter, RunPages};
use super::tables::TABLES;
use crate::analyze::DocumentRow;
use crate::extract::Format;
use anyhow::{bail, Context, Result};
use arrow_array::{Array, ListArray, RecordBatch, StringArray, UInt32Array, UInt64Array};
use parquet::file::metadata::{PageIndexPolicy, ParquetMetaDataReader};
use std::collections::HashMap;
use std::path::Path;

/// Where one OLD document's rows are.
pub struct OldDoc {
    pub row: DocumentRow,
    /// First row of this document in documents, blocks, sections, chunks.
    pub starts: [u64; 4],
}

impl OldDoc {
    /// Its rows in each table, in `TABLES` order.
    pub fn counts(&self) -> [u64; 4] {
        [
            1,
            u64::from(self.row.blocks),
            u64::from(self.row.sections),
            u64::from(self.row.chunks),
        ]
    }
}

/// OLD's documents by path, and the size and mtime it saw of each file: shared with the
/// workers, which decide what is reusable.
pub struct OldDocs {
    docs: HashMap<String, OldDoc>,
    stats: Option<super::stats::Stats>,
}

impl OldDocs {
    /// Whether OLD holds `path` with this content hash.
    pub fn matches(&self, path: &str, content_hash: &str) -> bool {
        self.docs
            .get(path)
            .is_some_and(|d| d.row.content_hash.as_deref() == Some(content_hash))
    }

    /// Whether OLD indexed `path` at this size.
    pub fn has_size(&self, path: &str, bytes: u64) -> bool {
        self.docs.get(path).is_some_and(|d| d.row.bytes == bytes)
    }

    /// Whether OLD's row for this document is `row`, exactly.
    pub fn holds(&self, row: &DocumentRow) -> bool {
        self.docs.get(&row.path).is_some_and(|d| d.row == *row)
    }

    /// Whether OLD holds `path`.
    pub fn has(&self, path: &str) -> bool {
        self.docs.contains_key(path)
    }

    /// Whether OLD indexed `path` (with a content hash) when it had this size and mtime: the
    /// `--trust-mtime` shortcut, which then takes OLD's rows without reading the file.
    pub fn same_stat(&self, path: &str, bytes: u64, mtime_ns: Option<i64>) -> bool {
        let (Some(stats), Some(m)) = (&self.stats, mtime_ns) else {
            return false;
        };
        stats.get(path) == Some(&(bytes, m))
            && self
                .docs
                .get(path)
                .is_some_and(|d| d.row.content_hash.is_some())
    }
}

/// OLD, opened for reuse.
pub struct Previous {
    pub index_hash: String,
    docs: std::sync::Arc<OldDocs>,
    tables: Vec<OldTable>,
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
    pub fn open(
        old: &Path,
        label: &str,
        tool_version: &str,
        config_hash: &str,
        page_run_bytes: u64,
        trust_mtime: bool,
    ) -> Result<Opened> {
        if !old.exists() {
            bail!(
                "{label} {}: no such folder; give the output folder of an earlier `docsweep index`",
                old.display()
            );
        }
        if !old.join(commit::MANIFEST).is_file() {
            bail!(
                "{label} {}: no docsweep index there (no {}); give the output folder of an earlier `docsweep index`",
                old.display(),
                commit::MANIFEST
            );
        }
        let m = commit::read_manifest(old)
            .with_context(|| format!("{label} {}: unreadable manifest", old.display()))?;
        if m.schema_version != SCHEMA_VERSION {
            bail!(
                "{label} {}: index schema version {} but this docsweep writes version {}; run without --previous",
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
        // Its rows are copied as they are: an edited manifest (a config it was not built with,
        // a file entry made to fit a damaged file) would carry them on.
        if let Some(fault) = commit::manifest_faults(&m).first() {
            bail!(
                "{label} {}: its manifest is damaged: {fault} (run `docsweep validate {}`)",
                old.display(),
                old.display()
            );
        }
        let mut docs = HashMap::new();
        let mut starts = [0u64; 4];
        // Where OLD's page runs start, per table: the writer's rule replayed over OLD's documents.
        let mut run_starts: [Vec<u64>; 4] = std::array::from_fn(|_| vec![0]);
        let mut cutters: [RunCutter; 4] = Default::default();
        let run_bytes = TABLES.map(|t| pages::run_bytes(t, page_run_bytes));
        for b in super::read_rows(old, &m, "documents", None, None)
            .with_context(|| format!("{label} {}", old.display()))?
        {
            for i in 0..b.num_rows() {
                let row = document_row(&b, i)?;
                let doc = OldDoc { row, starts };
                let counts = doc.counts();
                for t in 0..4 {
                    starts[t] += counts[t];
                    if cutters[t].ends_after(&doc.row.doc_id, doc.row.bytes, run_bytes[t])
                        && run_starts[t].last() != Some(&starts[t])
                    {
                        run_starts[t].push(starts[t]);
                    }
                }
                if docs.insert(doc.row.path.clone(), doc).is_some() {
                    bail!(
                        "{label} {}: a path appears twice in its documents table; the index is damaged (run `docsweep validate`)",
                        old.display()
                    );
                }
            }
        }
        let mut tables = Vec::new();
        for (t, (table, bounds)) in TABLES.iter().zip(run_starts).enumerate() {
            let rows = m.tables.get(*table).map_or(0, |x| x.rows);
            if rows != starts[t] {
                bail!(
                    "{label} {}: table {table} has {rows} rows but its documents count {}; the index is damaged (run `docsweep validate`)",
                    old.display(),
                    starts[t]
                );
            }
            tables.push(
                OldTable::open(old, &m, table, bounds, rows)
                    .with_context(|| format!("{label} {}", old.display()))?,
            );
        }
        Ok(Opened::Usable(Box::new(Previous {
            index_hash: m.index_hash.clone(),
            docs: std::sync::Arc::new(OldDocs {
                docs,
                // Read only when asked for: without --trust-mtime the file plays no part.
                stats: if trust_mtime {
                    trusted_stats(old, label, &m)?
                } else {
                    None
                },
            }),
            tables,
        })))
    }

    /// The documents, for the workers.
    pub fn matcher(&self) -> std::sync::Arc<OldDocs> {
        self.docs.clone()
    }

    /// Paths OLD has rows for.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.docs.docs.keys().map(String::as_str)
    }

    pub fn doc(&self, path: &str) -> Option<&OldDoc> {
        self.docs.docs.get(path)
    }

    pub fn table(&self, t: usize) -> &OldTable {
        &self.tables[t]
    }

    /// OLD's mapped files, for [`cut_short`] once the run is past them.
    pub fn guards(&self) -> Vec<Guard> {
        self.tables
            .iter()
            .flat_map(|t| &t.files)
            .filter_map(|f| f.guard.as_ref().map(|g| (g.clone(), f.path.clone())))
            .collect()
    }
}

/// A mapped file of a source, and its path.
pub type Guard = (
    std::sync::Arc<crate::corpus::mapped::Mapped>,
    std::path::PathBuf,
);

/// The first of `guards` whose file was cut short while the run read it: what was copied from
/// it may be zeros, and the index must not be published.
pub fn cut_short(guards: &[Guard]) -> Option<&std::path::Path> {
    guards.iter().find(|g| g.0.cut()).map(|g| g.1.as_path())
}

/// OLD's file stats for `--trust-mtime`, when they are the ones its manifest lists: stats
/// copied from another index (its sizes and mtimes those of today's files) would have every
/// edited file taken as unchanged. Otherwise every file is read, and the run says why.
fn trusted_stats(old: &Path, label: &str, m: &Manifest) -> Result<Option<super::stats::Stats>> {
    let path = old.join(super::stats::FILE);
    let listed = m.file_stats.as_ref().map(|f| (f.bytes, f.hash.clone()));
    let found = crate::ids::file_hash(&path).ok();
    if listed.is_none() || found != listed {
        eprintln!(
            "docsweep: {label} {}: {} is {}; --trust-mtime reads every file",
            old.display(),
            super::stats::FILE,
            if found.is_none() {
                "missing"
            } else if listed.is_none() {
                "not listed in its manifest"
            } else {
                "not the one its manifest lists"
            }
        );
        return Ok(None);
    }
    super::stats::read(old)
}

/// A registered mapping shared between the pages sliced from it and the check above.
struct Shared(std::sync::Arc<crate::corpus::mapped::Mapped>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// One table of OLD: its part files, opened with their offset indexes, and where its page runs
/// start.
pub struct OldTable {
    files: Vec<OldFile>,
    /// First row of every page run, ascending, without repeats (runs without rows vanish).
    run_starts: Vec<u64>,
    rows: u64,
}

struct OldFile {
    /// The file's bytes (memory-mapped), sliced without copying for the pages copied.
    data: bytes::Bytes,
    /// The mapping, registered for the `SIGBUS` handler (see `corpus::mapped`): a file cut
    /// short while the run copies from it reads as zeros there, and the run fails at the end
    /// instead of dying on the fault. `None` when the file was read into memory instead.
    guard: Option<std::sync::Arc<crate::corpus::mapped::Mapped>>,
    path: std::path::PathBuf,
    meta: std::sync::Arc<parquet::file::metadata::ParquetMetaData>,
    /// Table row of this file's first row, and of each row group's first row.
    first_row: u64,
    groups: Vec<u64>,
    rows: u64,
}

impl OldTable {
    fn open(
        root: &Path,
        m: &Manifest,
        table: &str,
        run_starts: Vec<u64>,
        rows: u64,
    ) -> Result<OldTable> {
        let info = m
            .tables
            .get(table)
            .with_context(|| format!("manifest lists no table {table}"))?;
        let mut files = Vec::new();
        let mut first_row = 0u64;
        for f in &info.files {
            let path = root.join(&f.path);
            let file = std::fs::File::open(&path)
                .with_context(|| format!("cannot open {}", path.display()))?;
            let damaged = || format!("{} is not a readable Parquet file", path.display());
            let meta = ParquetMetaDataReader::new()
                .with_offset_index_policy(PageIndexPolicy::Required)
                .parse_and_finish(&file)
                .with_context(damaged)?;
            let meta = std::sync::Arc::new(meta);
            // SAFETY: the file is only read. A file cut short while mapped faults on the pages
            // past its end; the mapping is registered for the handler that maps zeros there
            // (below), and read into memory when it cannot be. Pages are bounds-checked
            // against the mapping and their headers parsed before use.
            let map = unsafe { memmap2::Mmap::map(&file) }.with_context(damaged)?;
            // (With every slot taken, as by an index of hundreds of part files, the mapping
            // stays unguarded: reading OLD whole would cost its size in memory.)
            let (data, guard) = match crate::corpus::mapped::Mapped::new(map, file) {
                Ok(m) => {
                    let m = std::sync::Arc::new(m);
                    (bytes::Bytes::from_owner(Shared(m.clone())), Some(m))
                }
                Err((map, _)) => (bytes::Bytes::from_owner(map), None),
            };
            // Pages are copied without being decoded, so check first that the file is the one
            // OLD's manifest describes (xxh3 runs at memory speed).
            let mut h = xxhash_rust::xxh3::Xxh3::new();
            h.update(&data);
            if crate::ids::hex128(h.digest128()) != f.hash || data.len() as u64 != f.bytes {
                bail!(
                    "{} is not the file its manifest lists (its hash differs); the index is damaged (run `docsweep validate`)",
                    path.display()
                );
            }
            let mut groups = Vec::new();
            let mut at = first_row;
            for g in meta.row_groups() {
                groups.push(at);
                at += g.num_rows() as u64;
            }
            if at - first_row != f.rows {
                bail!(
                    "{} has {} rows, its manifest says {}",
                    path.display(),
                    at - first_row,
                    f.rows
                );
            }
            files.push(OldFile {
                data,
                guard,
                path,
                meta,
                first_row,
                groups,
                rows: f.rows,
            });
            first_row = at;
        }
        Ok(OldTable {
            files,
            run_starts,
            rows,
        })
    }

    /// OLD's pages of rows `start..end` when those rows are exactly one of its page runs.
    pub fn run_pages(&self, start: u64, end: u64) -> Option<RunPages> {
        if start >= end {
            return None;
        }
        let i = self.run_starts.binary_search(&start).ok()?;
        if self.run_starts.get(i + 1).copied().unwrap_or(self.rows) != end {
            return None;
        }
        let (f, g) = locate(&self.files, start)?;
        if end > f.group_end(g) {
            return None;
        }
        f.pages(g, start, end)
    }

    /// Where rows `start..end` are: for each row group they touch, OLD's runs around them (every
    /// column has a page boundary where a run starts) and which of their rows to take.
    pub fn slices(&self, start: u64, end: u64) -> Result<Vec<OldSlice>> {
        let mut out = Vec::new();
        let mut at = start;
        while at < end {
            let damaged = || {
                anyhow::anyhow!("the pages of table rows {at}..{end} are not where the index says; it is damaged (run `docsweep validate`)")
            };
            let (f, g) = locate(&self.files, at).ok_or_else(damaged)?;
            let (g_start, g_end) = (f.groups[g], f.group_end(g));
            let stop = end.min(g_end);
            let rs = &self.run_starts;
            let lo = rs[rs.partition_point(|&s| s <= at) - 1].max(g_start);
            let hi = rs[rs.partition_point(|&s| s < stop)..]
                .first()
                .copied()
                .unwrap_or(self.rows)
                .min(g_end);
            out.push(OldSlice {
                pages: f.pages(g, lo, hi).ok_or_else(damaged)?,
                rows: hi - lo,
                skip: at - lo,
                take: stop - at,
            });
            at = stop;
        }
        Ok(out)
    }
}

/// The file and row group holding table row `row`.
fn locate(files: &[OldFile], row: u64) -> Option<(&OldFile, usize)> {
    let f = files
        .iter()
        .find(|f| row >= f.first_row && row < f.first_row + f.rows)?;
    Some((f, f.groups.partition_point(|&s| s <= row) - 1))
}

impl OldFile {
    fn group_end(&self, g: usize) -> u64 {
        self.groups
            .get(g + 1)
            .copied()
            .unwrap_or(self.first_row + self.rows)
    }

    /// Every column's pages of table rows `start..end` of row group `g`, which must begin and
    /// end on page boundaries.
    fn pages(&self, g: usize, start: u64, end: u64) -> Option<RunPages> {
        let index = self.meta.page_index()?;
        let g_start = self.groups[g];
        let (lo, hi) = ((start - g_start) as i64, (end - g_start) as i64);
        let columns = self.meta.row_group(g).num_columns();
        let mut out = Vec::with_capacity(columns);
        for c in 0..columns {
            let locs = &index.offset_index(g, c)?.page_locations;
            let a = locs.partition_point(|p| p.first_row_index < lo);
            let z = locs.partition_point(|p| p.first_row_index < hi);
            if a >= z || locs[a].first_row_index != lo {
                return None;
            }
            let mut pages = Vec::with_capacity(z - a);
            for p in &locs[a..z] {
                let off = usize::try_from(p.offset).ok()?;
                let len = usize::try_from(p.compressed_page_size).ok()?;
                if off.checked_add(len)? > self.data.len() {
                    return None;
                }
                pages.push((
                    self.data.slice(off..off + len),
                    (p.first_row_index - lo) as u64,
                ));
            }
            out.push(pages);
        }
        Some(out)
    }
}

fn col<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> Result<&'a T> {
    super::column(b, name).context("documents table")
}

fn s(b: &RecordBatch, name: &str, i: usize) -> Result<Option<String>> {
    let a = col::<StringArray>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i).to_string()))
}

fn s1(b: &RecordBatch, name: &str, i: usize) -> Result<String> {
    s(b, name, i)?.with_context(|| format!("documents table: {name} is null"))
}

fn u32o(b: &RecordBatch, name: &str, i: usize) -> Result<Option<u32>> {
    let a = col::<UInt32Array>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i)))
}

fn u32v(b: &RecordBatch, name: &str, i: usize) -> Result<u32> {
    u32o(b, name, i)?.with_context(|| format!("documents table: {name} is null"))
}

fn u64o(b: &RecordBatch, name: &str, i: usize) -> Result<Option<u64>> {
    let a = col::<UInt64Array>(b, name)?;
    Ok((!a.is_null(i)).then(|| a.value(i)))
}

fn u64v(b: &RecordBatch, name: &str, i: usize) -> Result<u64> {
    u64o(b, name, i)?.with_context(|| format!("documents table: {name} is null"))
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
        .with_context(|| format!("documents table: {name} is not a list of strings"))?;
    Ok((0..v.len()).map(|k| v.value(k).to_string()).collect())
}

/// The `&'static str` this version writes for a stored value.
fn known(v: &str, values: &[&'static str], what: &str) -> Result<&'static str> {
    values
        .iter()
        .find(|k| **k == v)
        .copied()
        .with_context(|| format!("documents table: unknown {what} {v:?}"))
}

const STATUSES: &[&str] = &["ok", "failed", "skipped"];
fn document_row(b: &RecordBatch, i: usize) -> Result<DocumentRow> {
    Ok(DocumentRow {
        doc_id: s1(b, "doc_id", i)?,
        path: s1(b, "path", i)?,
        format: known(
            &s1(b, "format", i)?,
            &Format::ALL.map(Format::as_str),
            "format",
        )?,
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

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use crate::pipeline::{index, open_previous, IndexOptions};

    /// OLD's files cut short while a run copies from them: the pages past the new end read as
    /// zeros instead of raising `SIGBUS` (which ended the process without a word), and the
    /// cut is noticed.
    #[test]
    fn an_old_file_cut_short_while_read_is_noticed_not_a_fault() {
        let tmp = tempfile::tempdir().unwrap();
        let corpus = tmp.path().join("corpus");
        std::fs::create_dir_all(&corpus).unwrap();
        for i in 0..200 {
            let para = format!("Paragraph {i} of the corpus, with words enough to fill a page. ");
            std::fs::write(
                corpus.join(format!("d{i:03}.md")),
                format!("# Document {i}\n\n{}\n", para.repeat(40)),
            )
            .unwrap();
        }
        let old = tmp.path().join("old");
        let cfg = Config::default();
        index(IndexOptions {
            corpus,
            out: old.clone(),
            config: cfg.clone(),
            threads: 1,
            progress: false,
            interrupted: Default::default(),
            previous: None,
            trust_mtime: false,
        })
        .unwrap();
        let p = open_previous(&old, &cfg, false).unwrap().unwrap();
        assert!(super::cut_short(&p.guards()).is_none());
        let file = &p.table(1).files[0];
        assert!(file.guard.is_some(), "the mapping is registered");
        assert!(file.data.len() > 3 * 4096, "{} bytes", file.data.len());
        std::fs::OpenOptions::new()
            .write(true)
            .open(&file.path)
            .unwrap()
            .set_len(4096)
            .unwrap();
        // Past the first page: zeros, not a fault.
        assert!(file.data[2 * 4096..].iter().all(|&b| b == 0));
        assert_eq!(super::cut_short(&p.guards()), Some(file.path.as_path()));

        // A sink that has closed the source (a commit past a shard) still fails at the end:
        // pages sliced from the file may be written after the source is gone.
        let out = tmp.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        let pool = std::sync::Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap(),
        );
        let mut sink = crate::sink::Sink::new(&out, &cfg.sink, vec![Some(p)], pool).unwrap();
        sink.close_sources_below(1);
        assert!(sink.source(0).is_none());
        let e = sink.finish().expect_err("a cut source fails the run");
        assert!(e.to_string().contains("was cut short"), "{e}");
    }
}
