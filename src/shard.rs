//! Scale-out: `docsweep plan`, `docsweep run --shard I`, `docsweep commit`.
//!
//! A distributed engine (Dask, Ray, Spark, a Kubernetes Indexed Job, a Slurm array) only
//! schedules and retries; determinism and the commit stay here, so that N shards give the index
//! one `docsweep index` gives, byte for byte.
//!
//! - **plan** lists the corpus in the order `index` does, compares it with `--previous`, and
//!   cuts the documents to analyze into contiguous shards balanced by bytes. It is one Parquet
//!   file: a row per document (and per document of the previous index that is gone), and in its
//!   key-value metadata the config, the corpus root and where every shard's rows are.
//! - **run** analyzes one shard's documents and writes them as an index of their own,
//!   `RUN/shard-NNNNN`, published by a rename with `_SUCCESS` inside. A rerun replaces it.
//! - **commit** walks the plan in order and carries every document's rows over from its shard
//!   (or, unchanged, from the previous index), as `index --previous` carries over OLD's rows:
//!   page runs that lie inside one shard are copied as they are, only the runs that straddle two
//!   shards are encoded again. The page runs are content-defined (see `sink::pages`), so the
//!   tables are the ones a single run writes.

use crate::analyze::DocMeta;
use crate::config::Config;
use crate::corpus::{self, PlanEntry};
use crate::extract::Format;
use crate::pipeline::{self, Execute, Executed, Summary, Tally};
use crate::sink::commit::{self, ShardOf, Sharded, Staging};
use crate::sink::previous::{OldDocs, Opened, Previous};
use crate::sink::{self, Sink};
use anyhow::{bail, Context, Result};
use arrow_array::{
    Array, BinaryArray, Int64Array, RecordBatch, StringArray, UInt32Array, UInt64Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Version of the plan file's layout.
pub const PLAN_FORMAT: u32 = 1;
/// Key of the plan's description in the Parquet key-value metadata.
const PLAN_KEY: &str = "docsweep.plan";
/// What a document costs a shard besides its bytes (opening, dispatch, four tables' rows), so
/// that a shard of many tiny files is not mistaken for a light one.
const DOC_COST: u64 = 4096;
/// The most shards a plan may have.
pub const MAX_SHARDS: u32 = 1_000_000;
/// Shard size when neither `--shards` nor `--target-shard-bytes` is given.
pub const DEFAULT_SHARD_BYTES: u64 = 256 << 20;

/// What the plan file says of itself (its key-value metadata).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PlanInfo {
    pub format: u32,
    pub tool_version: String,
    /// 32 hex of xxh3-128 over everything below and every row: shards name the plan by it.
    pub plan_id: String,
    pub corpus_root: String,
    pub config_hash: String,
    pub config: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<PlanPrevious>,
    /// Rows of the plan file, and documents by status.
    pub rows: u64,
    pub by_status: BTreeMap<String, u64>,
    /// Where each shard's rows are: the spans cover the file's rows in order.
    pub shards: Vec<ShardSpan>,
}

/// The index a plan was compared with.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PlanPrevious {
    pub path: String,
    pub index_hash: String,
}

/// Rows `first_row..first_row + rows` of the plan file; `documents` of them (`bytes` of
/// source) are the shard's to analyze, the others are unchanged or deleted.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShardSpan {
    pub first_row: u64,
    pub rows: u64,
    pub documents: u64,
    pub bytes: u64,
    /// 32 hex of xxh3-128 over the span's rows: a run checks the rows it read against it.
    pub rows_hash: String,
}

/// What happens to a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Not in the previous index (or no previous index): a shard analyzes it.
    New,
    /// In the previous index with other content: a shard analyzes it.
    Changed,
    /// Same path and content hash as in the previous index: its rows are carried over.
    Unchanged,
    /// In the previous index, gone from the corpus: no rows.
    Deleted,
}

impl Status {
    pub const ALL: [Status; 4] = [
        Status::New,
        Status::Changed,
        Status::Unchanged,
        Status::Deleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Changed => "changed",
            Status::Unchanged => "unchanged",
            Status::Deleted => "deleted",
        }
    }

    fn is_work(self) -> bool {
        matches!(self, Status::New | Status::Changed)
    }
}

/// One row of the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanRow {
    pub doc_id: String,
    /// Corpus-relative path as the index writes it.
    pub path: String,
    /// The same path as the file system's bytes (a name that is not UTF-8 is escaped in `path`).
    pub os_path: Vec<u8>,
    pub format: Format,
    pub bytes: u64,
    pub mtime_ns: Option<i64>,
    pub status: Status,
    pub shard: Option<u32>,
    /// Set when the walk knew the file cannot be indexed: `(status, reason)`.
    pub verdict: Option<(&'static str, String)>,
    /// Set when the plan read the file (to compare it with the previous index).
    pub content_hash: Option<String>,
}

fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("doc_id", DataType::Utf8, false),
        Field::new("path", DataType::Utf8, false),
        Field::new("os_path", DataType::Binary, false),
        Field::new("format", DataType::Utf8, false),
        Field::new("bytes", DataType::UInt64, false),
        Field::new("mtime_ns", DataType::Int64, true),
        Field::new("status", DataType::Utf8, false),
        Field::new("shard", DataType::UInt32, true),
        Field::new("verdict_status", DataType::Utf8, true),
        Field::new("verdict_reason", DataType::Utf8, true),
        Field::new("content_hash", DataType::Utf8, true),
    ]))
}

/// How to cut the work into shards.
#[derive(Debug, Clone, Copy)]
pub enum Sharding {
    Count(u32),
    TargetBytes(u64),
}

pub struct PlanOptions {
    pub corpus: PathBuf,
    pub out: PathBuf,
    pub config: Config,
    pub threads: usize,
    pub previous: Option<PathBuf>,
    pub trust_mtime: bool,
    pub sharding: Sharding,
    /// A list of files to take instead of walking the corpus (its bytes).
    pub files_from: Option<Vec<u8>>,
    /// A progress bar while the files are compared with the previous index.
    pub progress: bool,
}

/// What `docsweep plan` prints.
#[derive(Debug, Clone, Serialize)]
pub struct PlanSummary {
    pub plan: String,
    pub plan_id: String,
    pub shards: usize,
    pub documents: u64,
    pub by_status: BTreeMap<String, u64>,
    /// Source bytes the shards analyze, and the largest shard's share of them.
    pub work_bytes: u64,
    pub largest_shard_bytes: u64,
    pub seconds: f64,
}

/// `docsweep plan`: lists the corpus, compares it with the previous index and writes the plan.
pub fn plan(opts: PlanOptions) -> Result<PlanSummary> {
    let started = Instant::now();
    let cfg = opts.config;
    cfg.check()?;
    let root = opts.corpus.canonicalize().with_context(|| {
        format!(
            "cannot read corpus {}: check the path",
            opts.corpus.display()
        )
    })?;
    if !root.is_dir() {
        bail!(
            "corpus {} is not a directory: pass the folder that holds the documents",
            root.display()
        );
    }
    match opts.sharding {
        Sharding::Count(n) if !(1..=MAX_SHARDS).contains(&n) => {
            bail!("--shards must be between 1 and {MAX_SHARDS}")
        }
        Sharding::TargetBytes(0) => bail!("--target-shard-bytes must be at least 1"),
        _ => {}
    }
    check_plan_output(&opts.out)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .build()
        .context("cannot start worker threads")?;
    let entries = pool.install(|| -> Result<Vec<PlanEntry>> {
        match &opts.files_from {
            Some(list) => corpus::plan_list(
                &root,
                &std::path::absolute(&opts.corpus)?,
                list,
                &cfg.walk,
                cfg.extensions(),
            ),
            None => {
                let out_abs = std::path::absolute(&opts.out)?;
                let guard = corpus::OutputGuard::new(&out_abs);
                corpus::plan(&root, &cfg.walk, cfg.extensions(), Some(&guard))
            }
        }
    })?;
    let previous = match &opts.previous {
        None => None,
        Some(old) => {
            pipeline::open_previous(old, &cfg, opts.trust_mtime)?.map(|p| (old.clone(), p))
        }
    };
    let mut rows: Vec<PlanRow> = {
        use rayon::prelude::*;
        let matcher = previous.as_ref().map(|(_, p)| p.matcher());
        let trust = opts.trust_mtime;
        // Comparing with OLD reads every file: show how far it got.
        let bar = pipeline::progress_bar(
            opts.progress && previous.is_some(),
            entries.iter().map(|e| e.meta.bytes).sum(),
            entries.len(),
        );
        let done = std::sync::atomic::AtomicUsize::new(0);
        let rows = pool.install(|| {
            entries
                .par_iter()
                .map(|e| {
                    let row = plan_row(e, matcher.as_deref(), trust);
                    bar.inc(e.meta.bytes);
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if n.is_multiple_of(64) {
                        bar.set_message(format!("{n} files"));
                    }
                    row
                })
                .collect()
        });
        bar.finish_and_clear();
        rows
    };
    if let Some((_, prev)) = &previous {
        let here: std::collections::HashSet<&str> = rows.iter().map(|r| r.path.as_str()).collect();
        let mut gone: Vec<PlanRow> = prev
            .paths()
            .filter(|p| !here.contains(p))
            .filter_map(|p| prev.doc(p))
            .map(|d| PlanRow {
                doc_id: d.row.doc_id.clone(),
                path: d.row.path.clone(),
                os_path: d.row.path.as_bytes().to_vec(),
                format: Format::named(d.row.format).unwrap_or(Format::Unknown),
                bytes: d.row.bytes,
                mtime_ns: None,
                status: Status::Deleted,
                shard: None,
                verdict: None,
                content_hash: d.row.content_hash.clone(),
            })
            .collect();
        rows.append(&mut gone);
        rows.sort_by(|a, b| a.path.cmp(&b.path));
    }
    let costs: Vec<(usize, u64)> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status.is_work())
        .map(|(i, r)| (i, r.bytes.saturating_add(DOC_COST)))
        .collect();
    let total: u64 = costs.iter().map(|c| c.1).sum();
    let n = match opts.sharding {
        Sharding::Count(n) => n as usize,
        // Never more shards than documents: an empty shard is a run for nothing.
        Sharding::TargetBytes(b) => total.div_ceil(b).clamp(1, costs.len().max(1) as u64) as usize,
    };
    let weights: Vec<u64> = costs.iter().map(|c| c.1).collect();
    let starts = balanced_cuts(&weights, n);
    let mut spans = Vec::with_capacity(n);
    for (s, &first) in starts.iter().enumerate() {
        let end = starts.get(s + 1).copied().unwrap_or(costs.len());
        for &(row, _) in &costs[first..end] {
            rows[row].shard = Some(s as u32);
        }
        // A span starts at its first document's row (the first span at row 0); an empty
        // shard's span is empty, at the end.
        let first_row = if s == 0 {
            0
        } else {
            costs.get(first).map_or(rows.len(), |c| c.0) as u64
        };
        spans.push(ShardSpan {
            first_row,
            rows: 0,
            documents: (end - first) as u64,
            bytes: costs[first..end].iter().map(|&(r, _)| rows[r].bytes).sum(),
            rows_hash: String::new(),
        });
    }
    for s in 0..n {
        let next = spans.get(s + 1).map_or(rows.len() as u64, |x| x.first_row);
        spans[s].rows = next - spans[s].first_row;
        let (a, z) = (spans[s].first_row as usize, next as usize);
        spans[s].rows_hash = rows_hash(&rows[a..z]);
    }
    let mut by_status = BTreeMap::new();
    for r in &rows {
        *by_status
            .entry(r.status.as_str().to_string())
            .or_insert(0u64) += 1;
    }
    let mut info = PlanInfo {
        format: PLAN_FORMAT,
        tool_version: crate::TOOL_VERSION.into(),
        plan_id: String::new(),
        corpus_root: root.to_string_lossy().into_owned(),
        config_hash: cfg.hash(),
        config: serde_json::to_value(&cfg)?,
        previous: previous.as_ref().map(|(path, p)| PlanPrevious {
            path: std::path::absolute(path)
                .unwrap_or_else(|_| path.clone())
                .to_string_lossy()
                .into_owned(),
            index_hash: p.index_hash.clone(),
        }),
        rows: rows.len() as u64,
        by_status: by_status.clone(),
        shards: spans,
    };
    info.plan_id = plan_id(&info);
    write_plan(&opts.out, &info, &rows)?;
    Ok(PlanSummary {
        plan: opts.out.display().to_string(),
        plan_id: info.plan_id.clone(),
        shards: n,
        documents: rows.len() as u64 - by_status.get("deleted").copied().unwrap_or(0),
        by_status,
        work_bytes: info.shards.iter().map(|s| s.bytes).sum(),
        largest_shard_bytes: info.shards.iter().map(|s| s.bytes).max().unwrap_or(0),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A walked file's plan row: unchanged when OLD holds it with the same content hash (or, with
/// `--trust-mtime`, the same size and mtime).
fn plan_row(e: &PlanEntry, old: Option<&OldDocs>, trust_mtime: bool) -> PlanRow {
    let mut row = PlanRow {
        doc_id: crate::ids::doc_id(&e.meta.rel_path),
        path: e.meta.rel_path.clone(),
        os_path: e.os_rel(),
        format: e.meta.format,
        bytes: e.meta.bytes,
        mtime_ns: e.mtime_ns,
        status: Status::New,
        shard: None,
        verdict: e.verdict.as_deref().cloned(),
        content_hash: None,
    };
    let Some(old) = old else {
        return row;
    };
    if old.has(&row.path) {
        row.status = Status::Changed;
    }
    if e.verdict.is_some() {
        return row;
    }
    if trust_mtime && old.same_stat(&row.path, e.meta.bytes, e.mtime_ns) {
        row.status = Status::Unchanged;
        return row;
    }
    if let Ok(bytes) = corpus::load(&e.abs_path()) {
        let h = crate::ids::content_hash(&bytes);
        // A file cut short while hashed has changed; the run that reads it again reports it.
        if !bytes.cut() && old.matches(&row.path, &h) {
            row.status = Status::Unchanged;
        }
        row.content_hash = Some(h);
    }
    row
}

/// Cuts `weights` (in order) into `n` contiguous parts whose heaviest is as light as possible;
/// returns each part's first index (parts at the end are empty when there are fewer items than
/// parts). Binary search on the heaviest part, filled greedily; then the heaviest parts that
/// hold more than one item are halved until there are `n`.
pub fn balanced_cuts(weights: &[u64], n: usize) -> Vec<usize> {
    let n = n.max(1);
    let greedy = |cap: u64| -> Vec<usize> {
        let mut starts = vec![0];
        let mut load = 0u64;
        for (i, &w) in weights.iter().enumerate() {
            if load > 0 && load.saturating_add(w) > cap {
                starts.push(i);
                load = 0;
            }
            load = load.saturating_add(w);
        }
        starts
    };
    let (mut lo, mut hi) = (
        weights.iter().copied().max().unwrap_or(0),
        weights.iter().fold(0u64, |a, &w| a.saturating_add(w)),
    );
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if greedy(mid).len() <= n {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    // With the heaviest part fixed, even the others out: each part aims at the weight left over
    // the parts left, never above the bound.
    let even = |cap: u64| -> Vec<usize> {
        let mut starts = Vec::new();
        let mut left = weights.iter().fold(0u64, |a, &w| a.saturating_add(w));
        let mut i = 0;
        while i < weights.len() {
            starts.push(i);
            let target = left as f64 / n.saturating_sub(starts.len() - 1).max(1) as f64;
            let mut load = 0u64;
            while i < weights.len() {
                let next = load.saturating_add(weights[i]);
                if load > 0 && (next > cap || next as f64 - target > target - load as f64) {
                    break;
                }
                load = next;
                i += 1;
            }
            left -= load;
        }
        starts
    };
    let mut starts = Some(even(lo))
        .filter(|s| s.len() <= n)
        .unwrap_or_else(|| greedy(lo));
    if starts.is_empty() {
        starts.push(0);
    }
    let weight = |a: usize, z: usize| weights[a..z].iter().sum::<u64>();
    while starts.len() < n {
        let ends: Vec<usize> = starts
            .iter()
            .skip(1)
            .copied()
            .chain([weights.len()])
            .collect();
        let best = (0..starts.len())
            .filter(|&p| ends[p] - starts[p] >= 2)
            .max_by_key(|&p| (weight(starts[p], ends[p]), std::cmp::Reverse(p)));
        let Some(p) = best else { break };
        let (a, z) = (starts[p], ends[p]);
        let half = weight(a, z) / 2;
        let mut at = a + 1;
        let mut acc = weights[a];
        while at < z - 1 && acc + weights[at] <= half {
            acc += weights[at];
            at += 1;
        }
        starts.insert(p + 1, at);
    }
    while starts.len() < n {
        starts.push(weights.len());
    }
    starts
}

/// The plan's id: a hash of its description, which holds every span's `rows_hash`, so it
/// names the rows too.
fn plan_id(info: &PlanInfo) -> String {
    let mut described = info.clone();
    described.plan_id.clear();
    let json = serde_json::to_string(&described).unwrap_or_default();
    crate::ids::hex128(xxhash_rust::xxh3::xxh3_128(json.as_bytes()))
}

fn rows_hash(rows: &[PlanRow]) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for r in rows {
        h.update(r.doc_id.as_bytes());
        h.update(b"\0");
        h.update(r.path.as_bytes());
        h.update(b"\0");
        h.update(&(r.os_path.len() as u64).to_le_bytes());
        h.update(&r.os_path);
        h.update(
            format!(
                "\0{}\0{}\0{:?}\0{}\0{:?}\0{:?}\0{:?}\0",
                r.format.as_str(),
                r.bytes,
                r.mtime_ns,
                r.status.as_str(),
                r.shard,
                r.verdict,
                r.content_hash
            )
            .as_bytes(),
        );
    }
    crate::ids::hex128(h.digest128())
}

/// A plan is written only where nothing is, or over an earlier plan.
fn check_plan_output(out: &Path) -> Result<()> {
    if out.is_dir() {
        bail!(
            "plan output {} is a directory; give a file path such as plan.parquet",
            out.display()
        );
    }
    if out.exists() && Plan::read_info(out).is_err() {
        bail!(
            "plan output {} exists and is not a docsweep plan; choose another path or remove it",
            out.display()
        );
    }
    Ok(())
}

/// Writes the plan file beside its target and renames it into place.
fn write_plan(out: &Path, info: &PlanInfo, rows: &[PlanRow]) -> Result<()> {
    use parquet::arrow::ArrowWriter;
    use parquet::basic::{Compression, ZstdLevel};
    use parquet::file::metadata::KeyValue;
    use parquet::file::properties::WriterProperties;
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let name = out
        .file_name()
        .with_context(|| format!("plan output {} has no file name", out.display()))?;
    let tmp = out.with_file_name(format!(
        ".{}.docsweep-tmp-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let props = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_key_value_metadata(Some(vec![KeyValue::new(
            PLAN_KEY.to_string(),
            serde_json::to_string(info)?,
        )]))
        .set_created_by(format!("docsweep {}", crate::TOOL_VERSION))
        .build();
    let file =
        std::fs::File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    let result = (|| -> Result<()> {
        let mut w = ArrowWriter::try_new(file, schema(), Some(props))?;
        for part in rows.chunks(64 * 1024) {
            w.write(&batch(part)?)?;
        }
        w.into_inner()?.sync_all()?;
        std::fs::rename(&tmp, out)
            .with_context(|| format!("cannot write the plan at {}", out.display()))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn batch(rows: &[PlanRow]) -> Result<RecordBatch> {
    Ok(RecordBatch::try_new(
        schema(),
        vec![
            Arc::new(StringArray::from_iter_values(
                rows.iter().map(|r| r.doc_id.as_str()),
            )),
            Arc::new(StringArray::from_iter_values(
                rows.iter().map(|r| r.path.as_str()),
            )),
            Arc::new(BinaryArray::from_iter_values(
                rows.iter().map(|r| r.os_path.as_slice()),
            )),
            Arc::new(StringArray::from_iter_values(
                rows.iter().map(|r| r.format.as_str()),
            )),
            Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.bytes))),
            Arc::new(Int64Array::from_iter(rows.iter().map(|r| r.mtime_ns))),
            Arc::new(StringArray::from_iter_values(
                rows.iter().map(|r| r.status.as_str()),
            )),
            Arc::new(UInt32Array::from_iter(rows.iter().map(|r| r.shard))),
            Arc::new(StringArray::from_iter(
                rows.iter().map(|r| r.verdict.as_ref().map(|v| v.0)),
            )),
            Arc::new(StringArray::from_iter(
                rows.iter()
                    .map(|r| r.verdict.as_ref().map(|v| v.1.as_str())),
            )),
            Arc::new(StringArray::from_iter(
                rows.iter().map(|r| r.content_hash.as_deref()),
            )),
        ],
    )?)
}

/// A plan file, opened.
pub struct Plan {
    pub path: PathBuf,
    pub info: PlanInfo,
}

impl Plan {
    /// The plan's description, checked against its id.
    pub fn open(path: &Path) -> Result<Plan> {
        let info = Plan::read_info(path)?;
        Ok(Plan {
            path: path.to_path_buf(),
            info,
        })
    }

    fn read_info(path: &Path) -> Result<PlanInfo> {
        let file = std::fs::File::open(path).with_context(|| {
            format!(
                "cannot read plan {}: give the file `docsweep plan -o` wrote",
                path.display()
            )
        })?;
        let reader = parquet::file::metadata::ParquetMetaDataReader::new()
            .parse_and_finish(&file)
            .with_context(|| {
                format!(
                    "{} is not a docsweep plan: not a Parquet file",
                    path.display()
                )
            })?;
        let json = reader
            .file_metadata()
            .key_value_metadata()
            .and_then(|kv| kv.iter().find(|k| k.key == PLAN_KEY))
            .and_then(|k| k.value.clone())
            .with_context(|| {
                format!(
                    "{} is not a docsweep plan: it has no {PLAN_KEY} metadata",
                    path.display()
                )
            })?;
        let info: PlanInfo = serde_json::from_str(&json)
            .with_context(|| format!("{}: the plan's description is damaged", path.display()))?;
        if info.format != PLAN_FORMAT {
            bail!(
                "{}: plan format {} but this docsweep reads format {PLAN_FORMAT}; make the plan again with this docsweep",
                path.display(),
                info.format
            );
        }
        let version = crate::TOOL_VERSION;
        if info.tool_version != version {
            bail!(
                "{}: the plan was made by docsweep {} and this is {version}; plan, run and commit with the same docsweep",
                path.display(),
                info.tool_version
            );
        }
        let damaged = || {
            anyhow::anyhow!(
                "{}: the plan is damaged (its description does not match its id); make the plan again",
                path.display()
            )
        };
        if plan_id(&info) != info.plan_id || info.shards.is_empty() {
            return Err(damaged());
        }
        let mut at = 0u64;
        for span in &info.shards {
            if span.first_row != at {
                return Err(damaged());
            }
            at = at.checked_add(span.rows).ok_or_else(damaged)?;
        }
        if at != info.rows {
            return Err(damaged());
        }
        Ok(info)
    }

    pub fn shards(&self) -> u32 {
        self.info.shards.len() as u32
    }

    /// The plan's config, checked against its hash (and against `--config`, when given).
    pub fn config(&self, given: Option<&Config>) -> Result<Config> {
        let cfg: Config = serde_json::from_value(self.info.config.clone())
            .with_context(|| format!("{}: the plan's config is damaged", self.path.display()))?;
        if cfg.hash() != self.info.config_hash {
            bail!(
                "{}: the plan's config does not match its hash; make the plan again",
                self.path.display()
            );
        }
        if let Some(given) = given {
            if given.hash() != self.info.config_hash {
                bail!(
                    "--config has hash {} but the plan {} was made with config hash {}: run and commit with the plan's config (or leave --config out)",
                    given.hash(),
                    self.path.display(),
                    self.info.config_hash
                );
            }
        }
        Ok(cfg)
    }

    /// The rows of shard `s`'s span.
    pub fn span_rows(&self, s: u32) -> Result<Vec<PlanRow>> {
        use parquet::arrow::arrow_reader::{
            ParquetRecordBatchReaderBuilder, RowSelection, RowSelector,
        };
        let span = &self.info.shards[s as usize];
        if span.rows == 0 {
            return Ok(Vec::new());
        }
        let damaged = || format!("{}: the plan is damaged", self.path.display());
        let file = std::fs::File::open(&self.path)
            .with_context(|| format!("cannot read plan {}", self.path.display()))?;
        let mut sel = Vec::new();
        if span.first_row > 0 {
            sel.push(RowSelector::skip(span.first_row as usize));
        }
        sel.push(RowSelector::select(span.rows as usize));
        let rest = self.info.rows - span.first_row - span.rows;
        if rest > 0 {
            sel.push(RowSelector::skip(rest as usize));
        }
        let reader = ParquetRecordBatchReaderBuilder::try_new(file)
            .with_context(damaged)?
            .with_row_selection(RowSelection::from(sel))
            .build()
            .with_context(damaged)?;
        let mut out = Vec::with_capacity(span.rows as usize);
        for b in reader {
            let b = b.with_context(damaged)?;
            read_batch(&b, &mut out).with_context(damaged)?;
        }
        // Each row's path is the one its file-system path gives, and the rows are the ones the
        // plan's id names: a damaged plan never indexes a file under another name.
        let consistent = out.iter().all(|r| {
            use std::os::unix::ffi::OsStrExt;
            let os = std::path::Path::new(std::ffi::OsStr::from_bytes(&r.os_path));
            let named = corpus::rel_path(Path::new(""), os);
            // A name that escapes to another file's path has `%DUPn` appended (see corpus).
            let renamed = r.verdict.is_some()
                && r.path
                    .strip_prefix(named.as_str())
                    .is_some_and(|rest| rest.starts_with("%DUP"));
            r.status == Status::Deleted
                || ((named == r.path || renamed) && r.doc_id == crate::ids::doc_id(&r.path))
        });
        if out.len() as u64 != span.rows || !consistent || rows_hash(&out) != span.rows_hash {
            bail!(
                "{}: the plan is damaged (shard {s}'s rows do not match the plan's id); make the plan again",
                self.path.display()
            );
        }
        Ok(out)
    }
}

const VERDICTS: [&str; 2] = ["skipped", "failed"];

fn read_batch(b: &RecordBatch, out: &mut Vec<PlanRow>) -> Result<()> {
    let s = |n: &str| sink::column::<StringArray>(b, n);
    let (doc_id, path, format, status) = (s("doc_id")?, s("path")?, s("format")?, s("status")?);
    let (vs, vr, ch) = (
        s("verdict_status")?,
        s("verdict_reason")?,
        s("content_hash")?,
    );
    let os_path = sink::column::<BinaryArray>(b, "os_path")?;
    let bytes = sink::column::<UInt64Array>(b, "bytes")?;
    let mtime = sink::column::<Int64Array>(b, "mtime_ns")?;
    let shard = sink::column::<UInt32Array>(b, "shard")?;
    for i in 0..b.num_rows() {
        let status = Status::ALL
            .into_iter()
            .find(|x| x.as_str() == status.value(i))
            .with_context(|| format!("unknown status {:?}", status.value(i)))?;
        let verdict = if vs.is_null(i) {
            None
        } else {
            let v = VERDICTS
                .into_iter()
                .find(|x| *x == vs.value(i))
                .with_context(|| format!("unknown verdict {:?}", vs.value(i)))?;
            Some((v, vr.value(i).to_string()))
        };
        out.push(PlanRow {
            doc_id: doc_id.value(i).to_string(),
            path: path.value(i).to_string(),
            os_path: os_path.value(i).to_vec(),
            format: Format::named(format.value(i)).unwrap_or(Format::Unknown),
            bytes: bytes.value(i),
            mtime_ns: (!mtime.is_null(i)).then(|| mtime.value(i)),
            status,
            shard: (!shard.is_null(i)).then(|| shard.value(i)),
            verdict,
            content_hash: (!ch.is_null(i)).then(|| ch.value(i).to_string()),
        });
    }
    Ok(())
}

/// `RUN/shard-NNNNN`.
pub fn shard_dir(run: &Path, s: u32) -> PathBuf {
    run.join(format!("shard-{s:05}"))
}

/// The run folder `run` and `commit` use when none is given: beside the plan, named after it
/// (`plan.parquet` → `plan.run`).
pub fn default_run_dir(plan: &Path) -> PathBuf {
    let stem = plan
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "plan".into());
    plan.with_file_name(format!("{stem}.run"))
}

/// The shard named by the first of these variables that is set (Kubernetes Indexed Jobs,
/// Slurm arrays, AWS Batch array jobs).
pub const SHARD_ENV: [&str; 3] = [
    "JOB_COMPLETION_INDEX",
    "SLURM_ARRAY_TASK_ID",
    "AWS_BATCH_JOB_ARRAY_INDEX",
];

pub fn shard_from_env() -> Result<u32> {
    for var in SHARD_ENV {
        if let Ok(v) = std::env::var(var) {
            return v
                .trim()
                .parse()
                .with_context(|| format!("--shard-from-env: {var}={v:?} is not a shard number"));
        }
    }
    bail!(
        "--shard-from-env: none of {} is set; pass --shard I instead",
        SHARD_ENV.join(", ")
    )
}

pub struct RunOptions {
    pub plan: PathBuf,
    pub shard: u32,
    pub run: PathBuf,
    pub config: Option<Config>,
    /// Where the corpus is on this machine, when not at the plan's path.
    pub corpus: Option<PathBuf>,
    pub threads: usize,
    pub progress: bool,
    pub interrupted: Arc<AtomicBool>,
}

/// `docsweep run`: analyzes one shard's documents into `RUN/shard-NNNNN`.
pub fn run(opts: RunOptions) -> Result<Summary> {
    let started = Instant::now();
    let plan = Plan::open(&opts.plan)?;
    let n = plan.shards();
    if opts.shard >= n {
        bail!(
            "shard {} is out of range: the plan {} has {n} shards, numbered 0 to {}",
            opts.shard,
            opts.plan.display(),
            n - 1
        );
    }
    let cfg = Arc::new(plan.config(opts.config.as_ref())?);
    cfg.check()?;
    let root = opts
        .corpus
        .clone()
        .unwrap_or_else(|| PathBuf::from(&plan.info.corpus_root));
    if !root.is_dir() {
        bail!(
            "the plan's corpus {} is not a folder on this machine: mount it there or pass --corpus",
            root.display()
        );
    }
    let shared_root: std::sync::Arc<Path> = std::sync::Arc::from(root.as_path());
    let entries: Vec<PlanEntry> = plan
        .span_rows(opts.shard)?
        .into_iter()
        .filter(|r| r.shard == Some(opts.shard))
        .map(|r| {
            use std::os::unix::ffi::OsStrExt;
            let mut e = PlanEntry::new(
                &shared_root,
                root.join(std::ffi::OsStr::from_bytes(&r.os_path)),
                DocMeta {
                    rel_path: r.path,
                    format: r.format,
                    bytes: r.bytes,
                },
            );
            e.verdict = r.verdict.map(Box::new);
            e.mtime_ns = r.mtime_ns;
            e
        })
        .collect();
    let target = shard_dir(&opts.run, opts.shard);
    let staging = Staging::create_shard(&target)?;
    let threads = opts.threads.max(1);
    let done = pipeline::execute(Execute {
        plan: entries,
        config: cfg.clone(),
        dir: &staging.dir,
        threads,
        progress: opts.progress,
        interrupted: opts.interrupted.clone(),
        previous: None,
        trust_mtime: false,
        file_stats: false,
    });
    if opts.interrupted.load(std::sync::atomic::Ordering::Relaxed) {
        bail!(
            "interrupted: shard {} not written (no _SUCCESS at {})",
            opts.shard,
            target.display()
        );
    }
    let done = done?;
    let manifest = pipeline::manifest(
        &cfg,
        &root,
        &done,
        Some(ShardOf {
            plan_id: plan.info.plan_id.clone(),
            shard: opts.shard,
            shards: n,
        }),
    )?;
    staging.publish(&manifest)?;
    Ok(done.summary(&target, &manifest, started, threads))
}

pub struct CommitOptions {
    pub plan: PathBuf,
    pub run: PathBuf,
    pub out: PathBuf,
    pub config: Option<Config>,
    /// The previous index, when not at the path the plan recorded.
    pub previous: Option<PathBuf>,
    pub threads: usize,
    /// A progress bar over the plan's documents.
    pub progress: bool,
}

/// `docsweep commit`: merges the shards of `RUN` in plan order into `INDEX`.
pub fn commit(opts: CommitOptions) -> Result<Summary> {
    let started = Instant::now();
    let plan = Plan::open(&opts.plan)?;
    let cfg = plan.config(opts.config.as_ref())?;
    let n = plan.shards();
    let version = crate::TOOL_VERSION;
    if plan.info.previous.is_none() && opts.previous.is_some() {
        bail!(
            "--previous given, but the plan {} was made without one: make the plan with --previous to carry documents over",
            opts.plan.display()
        );
    }
    check_run_dir(&opts.run, n)?;
    let missing: Vec<u32> = (0..n)
        .filter(|&s| !shard_dir(&opts.run, s).join(commit::SUCCESS).is_file())
        .collect();
    if !missing.is_empty() {
        let list = missing
            .iter()
            .take(20)
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        bail!(
            "nothing committed: {} of {n} shards have no {} in {} (shard {list}{}); run them (`docsweep run --plan {} --shard {}`) and commit again",
            missing.len(),
            commit::SUCCESS,
            opts.run.display(),
            if missing.len() > 20 { ", …" } else { "" },
            opts.plan.display(),
            missing[0]
        );
    }
    // Every shard's manifest names this plan and its own number.
    for s in 0..n {
        let dir = shard_dir(&opts.run, s);
        let m = commit::read_manifest(&dir)
            .with_context(|| format!("shard {s}: rerun it (`docsweep run --shard {s}`)"))?;
        let want = ShardOf {
            plan_id: plan.info.plan_id.clone(),
            shard: s,
            shards: n,
        };
        let success = std::fs::read_to_string(dir.join(commit::SUCCESS)).unwrap_or_default();
        if success.trim() != m.index_hash {
            bail!(
                "shard {s} in {}: its {} does not name the index its manifest describes; rerun shard {s}",
                dir.display(),
                commit::SUCCESS
            );
        }
        if m.shard.as_ref() != Some(&want) {
            bail!(
                "shard {s} in {} was not made from this plan (it says {}, this plan is {} shard {s} of {n}): the run folder holds another plan's output; rerun shard {s} or use a fresh run folder",
                dir.display(),
                m.shard
                    .as_ref()
                    .map(|x| format!("plan {} shard {} of {}", x.plan_id, x.shard, x.shards))
                    .unwrap_or_else(|| "no plan".into()),
                plan.info.plan_id
            );
        }
    }
    let previous = match &plan.info.previous {
        None => None,
        Some(pp) => {
            let path = opts
                .previous
                .clone()
                .unwrap_or_else(|| PathBuf::from(&pp.path));
            match Previous::open(
                &path,
                "--previous",
                version,
                &cfg.hash(),
                cfg.sink.page_run_bytes,
                false,
            )? {
                Opened::Usable(p) if p.index_hash == pp.index_hash => Some(p),
                Opened::Usable(p) => bail!(
                    "the previous index {} changed since the plan was made (index_hash {} then, {} now): make the plan again",
                    path.display(),
                    pp.index_hash,
                    p.index_hash
                ),
                Opened::Incompatible(why) => bail!(
                    "the previous index {} cannot be used: {why}; make the plan again",
                    path.display()
                ),
            }
        }
    };
    let staging = Staging::create(&opts.out)?;
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads.max(1))
            .thread_name(|i| format!("docsweep-worker-{i}"))
            .stack_size(crate::pipeline::WORKER_STACK_BYTES)
            .build()
            .context("cannot start worker threads")?,
    );
    // Sources: shard s is source s; the previous index comes last.
    let prev_src = n as usize;
    let mut sources: Vec<Option<Box<Previous>>> = (0..n).map(|_| None).collect();
    let reuse_base = previous.as_ref().map(|p| p.index_hash.clone());
    sources.push(previous);
    let mut sink = Sink::new(&staging.dir, &cfg.sink, sources, pool)?;
    let mut tally = Tally::default();
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    // Unchanged documents the plan did not read (`--trust-mtime`: size and mtime decided).
    let mut trusted = 0u64;
    let mut stats: Vec<(String, u64, Option<i64>)> = Vec::new();
    let bar = pipeline::progress_bar(
        opts.progress,
        plan.info.shards.iter().map(|s| s.bytes).sum(),
        plan.info.rows as usize,
    );
    let mut done_rows = 0usize;
    for s in 0..n {
        let dir = shard_dir(&opts.run, s);
        let label = format!("shard {s}");
        let shard = match Previous::open(
            &dir,
            &label,
            version,
            &cfg.hash(),
            cfg.sink.page_run_bytes,
            false,
        )? {
            Opened::Usable(p) => p,
            Opened::Incompatible(why) => {
                bail!("{label} in {}: {why}; rerun it", dir.display())
            }
        };
        let span = &plan.info.shards[s as usize];
        if shard.paths().count() as u64 != span.documents {
            bail!(
                "{label} in {} holds {} documents but the plan gives it {}: rerun it",
                dir.display(),
                shard.paths().count(),
                span.documents
            );
        }
        sink.set_source(s as usize, shard);
        for row in plan.span_rows(s)? {
            *counts.entry(row.status.as_str()).or_default() += 1;
            let src = match row.status {
                Status::Deleted => continue,
                Status::Unchanged => {
                    trusted += u64::from(row.content_hash.is_none());
                    prev_src
                }
                Status::New | Status::Changed => {
                    if row.shard != Some(s) {
                        bail!("{}: the plan is damaged (row {} is in shard {s}'s span but names shard {:?})", opts.plan.display(), row.path, row.shard);
                    }
                    if sink
                        .source(s as usize)
                        .and_then(|x| x.doc(&row.path))
                        .is_none()
                    {
                        bail!(
                            "{label} in {} has no document {}: rerun it",
                            dir.display(),
                            row.path
                        );
                    }
                    s as usize
                }
            };
            let doc = sink.push_reused(src, &row.path)?;
            tally.add(&doc);
            done_rows += 1;
            if src != prev_src {
                bar.inc(row.bytes);
            }
            if done_rows.is_multiple_of(256) {
                bar.set_message(format!("{done_rows} files"));
            }
            stats.push((row.path, row.bytes, row.mtime_ns));
        }
        sink.close_sources_below(s as usize);
    }
    let (written, carried) = sink.finish()?;
    bar.finish_and_clear();
    crate::sink::stats::write(
        &staging.dir,
        stats.iter().map(|(p, b, m)| (p.as_str(), *b, *m)),
    )?;
    let moved = |from: std::ops::Range<usize>, how: usize| -> u64 {
        carried
            .iter()
            .enumerate()
            .filter(|(src, _)| from.contains(src))
            .map(|(_, x)| x[how])
            .sum()
    };
    let previous = reuse_base.map(|index_hash| commit::PreviousRun {
        index_hash,
        reused: counts.get("unchanged").copied().unwrap_or(0),
        reprocessed: counts.get("changed").copied().unwrap_or(0),
        new: counts.get("new").copied().unwrap_or(0),
        deleted: counts.get("deleted").copied().unwrap_or(0),
        rows_copied: moved(prev_src..prev_src + 1, 0),
        rows_reencoded: moved(prev_src..prev_src + 1, 1),
        trusted,
    });
    let done = Executed {
        written,
        tally,
        previous,
        analyzer: crate::chunk::tokenizer::Analyzer::by_name(&cfg.chunk.tokenizer)?.name(),
    };
    let mut manifest = pipeline::manifest(&cfg, Path::new(&plan.info.corpus_root), &done, None)?;
    manifest.sharded = Some(Sharded {
        plan_id: plan.info.plan_id.clone(),
        shards: n,
        rows_copied: moved(0..prev_src, 0),
        rows_reencoded: moved(0..prev_src, 1),
    });
    staging.publish(&manifest)?;
    let mut summary = done.summary(&opts.out, &manifest, started, opts.threads.max(1));
    summary.sharded = manifest.sharded.clone();
    Ok(summary)
}

/// The run folder holds nothing but shard outputs of a plan of `n` shards and their staging
/// folders: anything else means it is the wrong folder.
fn check_run_dir(run: &Path, n: u32) -> Result<()> {
    let entries = std::fs::read_dir(run).with_context(|| {
        format!(
            "cannot read the run folder {}: give the -o of `docsweep run`",
            run.display()
        )
    })?;
    let mut foreign = Vec::new();
    for e in entries {
        let name = e?.file_name().to_string_lossy().into_owned();
        let shard = name
            .strip_prefix("shard-")
            .filter(|d| d.len() >= 5 && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok());
        match shard {
            Some(s) if s < n => {}
            Some(s) => bail!(
                "{} holds shard {s} but the plan has {n} shards (0 to {}): it holds another plan's output; use a fresh run folder",
                run.display(),
                n - 1
            ),
            None if name.starts_with(".shard-") && name.contains(".docsweep-") => {}
            None => foreign.push(name),
        }
    }
    if !foreign.is_empty() {
        foreign.sort();
        bail!(
            "nothing committed: {} holds files docsweep did not write ({}); give commit the folder `docsweep run -o` wrote, holding nothing else",
            run.display(),
            foreign.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(w: &[u64], n: usize) -> Vec<u64> {
        let s = balanced_cuts(w, n);
        assert_eq!(s.len(), n);
        assert!(s.windows(2).all(|p| p[0] <= p[1]), "{s:?}");
        (0..n)
            .map(|i| {
                w[s[i]..s.get(i + 1).copied().unwrap_or(w.len())]
                    .iter()
                    .sum()
            })
            .collect()
    }

    #[test]
    fn shards_balance_bytes_and_a_big_file_gets_its_own() {
        // One 100-unit file among 99 one-unit files: it stands alone, the rest are shared.
        let mut w = vec![1u64; 99];
        w.insert(40, 100);
        let p = parts(&w, 4);
        assert_eq!(p.iter().sum::<u64>(), 199);
        assert_eq!(*p.iter().max().unwrap(), 100);
        assert!(p.iter().filter(|&&x| x == 100).count() == 1, "{p:?}");
        // Even sizes: parts within one item of each other.
        let p = parts(&[10; 100], 7);
        assert!(
            p.iter().max().unwrap() - p.iter().min().unwrap() <= 10,
            "{p:?}"
        );
    }

    /// The lightest possible heaviest part over every way of cutting `w` into `n` parts.
    fn best_max(w: &[u64], n: usize) -> u64 {
        if n == 1 || w.len() <= 1 {
            return w.iter().sum();
        }
        (0..=w.len())
            .map(|k| w[..k].iter().sum::<u64>().max(best_max(&w[k..], n - 1)))
            .min()
            .unwrap()
    }

    proptest::proptest! {
        #[test]
        fn the_heaviest_shard_is_as_light_as_it_can_be(
            w in proptest::collection::vec(0u64..200, 0..10),
            n in 1usize..5,
        ) {
            let p = parts(&w, n);
            proptest::prop_assert_eq!(p.iter().sum::<u64>(), w.iter().sum::<u64>());
            proptest::prop_assert_eq!(*p.iter().max().unwrap(), best_max(&w, n));
        }
    }

    #[test]
    fn more_shards_than_documents_leaves_empty_shards_at_the_end() {
        let p = parts(&[5, 1, 7], 5);
        assert_eq!(p, vec![5, 1, 7, 0, 0]);
        assert_eq!(parts(&[], 3), vec![0, 0, 0]);
        // Light items still fill every shard when there are enough of them.
        let p = parts(&[1, 1, 1, 1, 100], 4);
        assert!(p.iter().all(|&x| x > 0), "{p:?}");
    }
}
