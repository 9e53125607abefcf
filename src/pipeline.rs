//! `docsweep index`: walk → plan → rayon work-stealing over documents → bounded channel →
//! ordered sink → manifest → atomic publish.
//!
//! Memory is bounded whatever the corpus size: a document is dispatched only when the in-flight
//! budget has room for it (a number of documents and a number of source bytes), and its share
//! comes back only when the sink has written it. Documents being analyzed, queued, or waiting in
//! the reorder buffer all count, so a lake of huge files cannot pile up in memory either.

use crate::analyze::{rows_for, DocRows, DocumentRow};
use crate::chunk::tokenizer::Analyzer;
use crate::config::Config;
use crate::corpus::{self, PlanEntry};
use crate::sink::commit::{self, Manifest, Staging};
use crate::sink::previous::{OldDocs, Opened, Previous};
use crate::sink::{Sink, Written};
use crate::stages::{self, Stage};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub struct IndexOptions {
    pub corpus: PathBuf,
    pub out: PathBuf,
    pub config: Config,
    pub threads: usize,
    pub progress: bool,
    /// Set from a signal handler; the run stops and publishes nothing.
    pub interrupted: Arc<AtomicBool>,
    /// An earlier index whose rows are reused for unchanged documents.
    pub previous: Option<PathBuf>,
    /// With `previous`: a file whose size and mtime are those OLD saw is taken as unchanged
    /// without being read (its content hash is not checked).
    pub trust_mtime: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub output: String,
    pub index_hash: String,
    pub documents: u64,
    pub by_status: BTreeMap<String, u64>,
    pub blocks: u64,
    pub sections: u64,
    pub chunks: u64,
    pub bytes: u64,
    pub seconds: f64,
    pub mb_per_s: f64,
    pub threads: usize,
    /// Peak resident memory of the process so far (Linux `VmHWM`), when known.
    pub peak_rss_mb: Option<f64>,
    /// With `--previous`: what was reused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<commit::PreviousRun>,
    /// From `commit`: the shards merged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sharded: Option<commit::Sharded>,
}

/// Runs one document, turning a panic into a `failed` row so that one bad file never takes the
/// run down and never goes missing.
fn process(entry: &PlanEntry, cfg: &Config, analyzer: &Analyzer) -> DocRows {
    if let Some((status, reason)) = entry.verdict.as_deref() {
        return DocRows::without_content(&entry.meta, status, reason.clone(), None);
    }
    let began = stages::now();
    stages::start();
    let rows = process_file(entry, cfg, analyzer);
    // The format the file was read as (plain text written in Markdown is Markdown), as the
    // index counts its documents and bytes.
    let read_as = crate::extract::Format::named(rows.document.format).unwrap_or(entry.meta.format);
    stages::charge_format(read_as, began);
    rows
}

fn process_file(entry: &PlanEntry, cfg: &Config, analyzer: &Analyzer) -> DocRows {
    let bytes = match corpus::load(&entry.abs_path()) {
        Ok(b) => b,
        Err(e) => {
            return DocRows::without_content(
                &entry.meta,
                "failed",
                format!("cannot read file: {e}"),
                None,
            )
        }
    };
    stages::end(Stage::Load);
    let mut meta = entry.meta.clone();
    meta.bytes = bytes.len() as u64;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rows_for(&meta, &bytes, cfg, analyzer)
    }));
    // Cut short while read: whatever came of the zeros (rows, or a panic) is not the file's.
    if bytes.cut() {
        return DocRows::without_content(
            &meta,
            "failed",
            "file changed while it was read (another process cut it short); run again to index \
             it"
            .into(),
            None,
        );
    }
    match result {
        Ok(rows) => rows,
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            DocRows::without_content(
                &meta,
                "failed",
                format!("internal error while analyzing ({msg}); please report this file"),
                Some(&bytes),
            )
        }
    }
}

pub fn index(opts: IndexOptions) -> Result<Summary> {
    let started = Instant::now();
    let cfg = Arc::new(opts.config);
    cfg.check()?;
    let corpus_root = opts.corpus.canonicalize().with_context(|| {
        format!(
            "cannot read corpus {}: check the path",
            opts.corpus.display()
        )
    })?;
    let out_abs = absolute(&opts.out)?;
    let guard = corpus::OutputGuard::new(&out_abs);
    let threads = opts.threads.max(1);
    // The walk lists folders in parallel, on `--threads` threads like the rest of the run.
    let walkers = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("docsweep-walk-{i}"))
        .build()
        .context("cannot start worker threads")?;
    // OLD's footers and documents table are read while the corpus is walked: both are mostly
    // waiting on one system call after another.
    let (previous, plan) = std::thread::scope(|scope| {
        let previous = opts.previous.as_deref().map(|old| {
            let cfg = &cfg;
            std::thread::Builder::new()
                .name("docsweep-previous".into())
                .spawn_scoped(scope, move || open_previous(old, cfg, opts.trust_mtime))
        });
        let plan = walkers
            .install(|| corpus::plan(&corpus_root, &cfg.walk, cfg.extensions(), Some(&guard)));
        drop(walkers);
        let previous = match previous {
            None => Ok(None),
            Some(spawned) => spawned
                .context("cannot start a thread")?
                .join()
                .map_err(|_| anyhow::anyhow!("internal error: opening --previous panicked"))?,
        };
        anyhow::Ok((previous?, plan?))
    })?;
    let staging = Staging::create(&opts.out)?;
    let done = execute(Execute {
        plan,
        config: cfg.clone(),
        dir: &staging.dir,
        threads,
        progress: opts.progress,
        interrupted: opts.interrupted.clone(),
        previous,
        trust_mtime: opts.trust_mtime,
        file_stats: true,
    });
    if opts.interrupted.load(Ordering::Relaxed) {
        bail!(
            "interrupted: no index written at {} (a previous index there is untouched)",
            opts.out.display()
        );
    }
    let done = done?;
    let manifest = manifest(&cfg, &corpus_root, &done, None)?;
    staging.publish(&manifest)?;
    Ok(done.summary(&opts.out, &manifest, started, threads))
}

/// `OLD` opened for reuse, or None (with a warning) when it was built by another version or
/// config.
pub fn open_previous(old: &Path, cfg: &Config, trust_mtime: bool) -> Result<Option<Box<Previous>>> {
    match Previous::open(
        old,
        "--previous",
        crate::TOOL_VERSION,
        &cfg.hash(),
        cfg.sink.page_run_bytes,
        trust_mtime,
    )? {
        Opened::Usable(p) => Ok(Some(p)),
        Opened::Incompatible(why) => {
            eprintln!(
                "docsweep: not reusing --previous {}: {why}; indexing every document",
                old.display()
            );
            Ok(None)
        }
    }
}

/// What [`execute`] runs: a plan in order, into the tables under `dir`.
pub struct Execute<'a> {
    pub plan: Vec<PlanEntry>,
    pub config: Arc<Config>,
    pub dir: &'a Path,
    pub threads: usize,
    pub progress: bool,
    pub interrupted: Arc<AtomicBool>,
    pub previous: Option<Box<Previous>>,
    pub trust_mtime: bool,
    /// Write `file_stats.parquet` beside the tables.
    pub file_stats: bool,
}

/// What [`execute`] wrote.
pub struct Executed {
    pub written: Written,
    pub tally: Tally,
    pub previous: Option<commit::PreviousRun>,
    pub analyzer: &'static str,
}

impl Executed {
    pub fn summary(
        &self,
        out: &Path,
        manifest: &Manifest,
        started: Instant,
        threads: usize,
    ) -> Summary {
        let seconds = started.elapsed().as_secs_f64();
        let t = &self.tally;
        Summary {
            output: out.display().to_string(),
            index_hash: manifest.index_hash.clone(),
            documents: t.documents,
            by_status: t.by_status.clone(),
            blocks: t.blocks,
            sections: t.sections,
            chunks: t.chunks,
            bytes: t.bytes,
            seconds,
            mb_per_s: t.bytes as f64 / 1e6 / seconds.max(1e-9),
            threads,
            peak_rss_mb: peak_rss_mb(),
            previous: self.previous.clone(),
            sharded: None,
        }
    }
}

/// The manifest of tables written with `cfg`.
pub fn manifest(
    cfg: &Config,
    corpus_root: &Path,
    done: &Executed,
    shard: Option<commit::ShardOf>,
) -> Result<Manifest> {
    let version = crate::TOOL_VERSION;
    let config_hash = cfg.hash();
    Ok(Manifest {
        schema_version: commit::SCHEMA_VERSION,
        tool: "docsweep".into(),
        tool_version: version.into(),
        index_hash: commit::index_hash(version, &config_hash, &done.written),
        config_hash,
        config: serde_json::to_value(cfg)?,
        analyzer: done.analyzer.into(),
        corpus_root: corpus_root.to_string_lossy().into_owned(),
        documents: done.tally.documents,
        by_status: done.tally.by_status.clone(),
        by_format: done.tally.by_format.clone(),
        tables: commit::tables_map(&done.written),
        previous: done.previous.clone(),
        shard,
        sharded: None,
        file_stats: None,
    })
}

/// Analyzes the plan's documents on a rayon pool and writes their rows in plan order under
/// `dir` (documents whose rows `previous` holds are carried over). Returns early, with nothing
/// complete, when interrupted.
pub fn execute(x: Execute<'_>) -> Result<Executed> {
    let cfg = x.config;
    let analyzer = Analyzer::by_name(&cfg.chunk.tokenizer)?;
    let plan = x.plan;
    let previous = x.previous;
    let total_bytes: u64 = plan.iter().map(|e| e.meta.bytes).sum();

    // One pool analyzes documents and encodes page runs: `--threads` is all the CPU a run
    // takes besides the light sink thread.
    let threads = x.threads.max(1);
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("docsweep-worker-{i}"))
            .stack_size(WORKER_STACK_BYTES)
            .build()
            .context("cannot start worker threads")?,
    );
    // Documents reach the sink in plan order, so a slow one holds back the permits of all
    // those after it; 32 a thread keeps both cores of a 2-core run busy past most of them
    // (2 threads on the benchmark corpus: 16 a thread 2 % slower, 8 a thread 5 %, for 2 and
    // 5 MiB less peak memory).
    let in_flight = (threads * 32).max(32);
    let budget = Arc::new(Budget::new(in_flight, IN_FLIGHT_BYTES));
    // Unbounded: rows in flight are bounded by the budget, and a worker must never wait on the
    // sink, which may itself wait for a page run encoded on this pool. (Reused documents take
    // no permit and send a few bytes each.)
    let (result_tx, result_rx) = crossbeam_channel::unbounded::<(usize, Item)>();

    let bar = progress_bar(x.progress, total_bytes, plan.len());
    let interrupted = x.interrupted.clone();
    let trust_mtime = x.trust_mtime;

    // Workers tell from the content hash whether OLD's rows can be reused; the sink, which
    // goes in plan order, reads them (one forward pass over OLD's tables).
    let matcher = previous.as_ref().map(|p| p.matcher());
    let reuse_base = previous.as_ref().map(|p| p.index_hash.clone());
    let sink = Sink::new(x.dir, &cfg.sink, vec![previous], pool.clone())?;
    // The ordered sink: a reorder buffer in front of the Parquet writers.
    let plan = Arc::new(plan);
    let sink_bar = bar.clone();
    let sink_budget = budget.clone();
    let sink_plan = plan.clone();
    let sink_thread = std::thread::Builder::new()
        .name("docsweep-sink".into())
        .spawn(
            move || -> Result<(Sink, Tally, Option<commit::PreviousRun>)> {
                // However the sink ends (done, error, panic), the dispatcher must stop waiting.
                let _close = CloseOnDrop(&sink_budget);
                let mut sink = sink;
                let mut reuse = reuse_base.map(|index_hash| commit::PreviousRun {
                    index_hash,
                    reused: 0,
                    reprocessed: 0,
                    new: 0,
                    deleted: 0,
                    rows_copied: 0,
                    rows_reencoded: 0,
                    trusted: 0,
                });
                let mut tally = Tally::default();
                let mut pending: HashMap<usize, Item> = HashMap::new();
                let mut next = 0usize;
                for (seq, item) in result_rx.iter() {
                    pending.insert(seq, item);
                    while let Some(item) = pending.remove(&next) {
                        stages::start();
                        let path = sink_plan[next].meta.rel_path.as_str();
                        match item {
                            Item::Reuse { trusted } => {
                                let row = sink.push_reused(0, path)?;
                                tally.add(&row);
                                if let Some(r) = reuse.as_mut() {
                                    r.reused += 1;
                                    r.trusted += u64::from(trusted);
                                }
                            }
                            Item::Rows(rows) => {
                                if let (Some(prev), Some(r)) = (sink.source(0), reuse.as_mut()) {
                                    if prev.doc(path).is_some() {
                                        r.reprocessed += 1;
                                    } else {
                                        r.new += 1;
                                    }
                                }
                                tally.add(&rows.document);
                                sink.push(Arc::from(rows))?;
                                // Give back exactly what the dispatcher took for it (a worker
                                // gave back a reused document's share already).
                                sink_budget.release(sink_plan[next].meta.bytes);
                            }
                        }
                        sink_bar.inc(sink_plan[next].meta.bytes);
                        sink_bar.set_message(format!("{} files", next + 1));
                        stages::end(Stage::Sink);
                        next += 1;
                    }
                }
                if let (Some(prev), Some(r)) = (sink.source(0), reuse.as_mut()) {
                    let now: std::collections::HashSet<&str> =
                        sink_plan.iter().map(|e| e.meta.rel_path.as_str()).collect();
                    r.deleted = prev.paths().filter(|x| !now.contains(x)).count() as u64;
                }
                Ok((sink, tally, reuse))
            },
        )
        .context("cannot start the sink thread")?;

    // With OLD, which documents are unchanged is settled a window of the plan at a time, on
    // all cores: reading and hashing a file takes microseconds, and handing each one through
    // the budget and a job of its own cost a wake-up of this thread per file, more than that.
    let window = if matcher.is_some() {
        REUSE_WINDOW
    } else {
        plan.len().max(1)
    };
    'dispatch: for start in (0..plan.len()).step_by(window) {
        let end = (start + window).min(plan.len());
        let reused: Vec<Option<bool>> = match &matcher {
            Some(m) => pool.install(|| {
                use rayon::prelude::*;
                plan[start..end]
                    .par_iter()
                    .map(|entry| {
                        let trusted = trust_mtime
                            && entry.verdict.is_none()
                            && m.same_stat(&entry.meta.rel_path, entry.meta.bytes, entry.mtime_ns);
                        (trusted || reusable(m, entry)).then_some(trusted)
                    })
                    .collect()
            }),
            None => Vec::new(),
        };
        for seq in start..end {
            if interrupted.load(Ordering::Relaxed) {
                break 'dispatch;
            }
            if let Some(&Some(trusted)) = reused.get(seq - start) {
                let _ = result_tx.send((seq, Item::Reuse { trusted }));
                continue;
            }
            if !budget.acquire(plan[seq].meta.bytes, &interrupted) {
                break 'dispatch; // interrupted, or the sink stopped on an error (reported below)
            }
            let (plan, cfg, tx, matcher, budget) = (
                plan.clone(),
                cfg.clone(),
                result_tx.clone(),
                matcher.clone(),
                budget.clone(),
            );
            pool.spawn(move || {
                let entry = &plan[seq];
                let rows = process(entry, &cfg, &analyzer);
                // A file the plan judged without reading it (a symbolic link not followed, a
                // special file) has one row; when OLD's row for it is the same, taking OLD's
                // keeps the page runs around it whole, to be copied.
                let item = if entry.verdict.is_some()
                    && matcher.as_ref().is_some_and(|m| m.holds(&rows.document))
                {
                    budget.release(entry.meta.bytes);
                    Item::Reuse { trusted: false }
                } else {
                    Item::Rows(Box::new(rows))
                };
                let _ = tx.send((seq, item));
            });
        }
    }
    drop(result_tx);
    let sink_result = sink_thread
        .join()
        .map_err(|_| anyhow::anyhow!("the sink thread panicked"))?;
    bar.finish_and_clear();
    let (sink, tally, mut previous) = match sink_result {
        Err(e) if interrupted.load(Ordering::Relaxed) => return Err(e.context("interrupted")),
        r => r?,
    };
    if interrupted.load(Ordering::Relaxed) {
        bail!("interrupted");
    }
    stages::start();
    // The file stats are written while the tables close.
    let (finished, stats) = std::thread::scope(|s| {
        let stats = x.file_stats.then(|| {
            s.spawn(|| {
                crate::sink::stats::write(
                    x.dir,
                    plan.iter()
                        .map(|e| (e.meta.rel_path.as_str(), e.meta.bytes, e.mtime_ns)),
                )
            })
        });
        let finished = sink.finish();
        let stats = stats.map(|h| {
            h.join()
                .map_err(|_| anyhow::anyhow!("internal error: writing file stats panicked"))
        });
        (finished, stats)
    });
    let (written, carried) = finished?;
    if let Some(stats) = stats {
        stats??;
    }
    stages::end(Stage::Sink);
    if let (Some(p), Some(c)) = (previous.as_mut(), carried.first()) {
        p.rows_copied = c[0];
        p.rows_reencoded = c[1];
    }
    Ok(Executed {
        written,
        tally,
        previous,
        analyzer: analyzer.name(),
    })
}

/// What a worker hands the sink: a document's rows, or word that OLD's rows are still good.
enum Item {
    Rows(Box<DocRows>),
    /// OLD's rows are still good; `trusted` when size and mtime said so (the file was not read).
    Reuse {
        trusted: bool,
    },
}

/// The entry's file has the path and content hash OLD has.
fn reusable(m: &OldDocs, entry: &PlanEntry) -> bool {
    stages::start();
    // A size OLD did not have means new content: no need to read the file.
    let same = entry.verdict.is_none()
        && m.has_size(&entry.meta.rel_path, entry.meta.bytes)
        && crate::ids::file_hash(&entry.abs_path())
            .is_ok_and(|(_, hash)| m.matches(&entry.meta.rel_path, &hash));
    stages::end(Stage::Load);
    same
}

/// `path` made absolute with its parent resolved (the path itself may not exist yet).
fn absolute(path: &Path) -> Result<PathBuf> {
    let abs = std::path::absolute(path)
        .with_context(|| format!("invalid output path {}", path.display()))?;
    Ok(
        match (
            abs.parent().and_then(|p| p.canonicalize().ok()),
            abs.file_name(),
        ) {
            (Some(parent), Some(name)) => parent.join(name),
            _ => abs,
        },
    )
}

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// Stack of a worker thread. MuPDF walks some of a PDF's structures by recursion without
/// bounding the depth; docsweep bounds the ones known (see `mupdf_ffi`'s `MAX_NESTING`), and a
/// deep stack is the margin for the others: an overflow aborts the whole run, where a failed
/// page costs one document. Address space only: pages are committed as they are touched.
pub(crate) const WORKER_STACK_BYTES: usize = 64 << 20;

/// Documents whose reuse is settled together (`index --previous`).
const REUSE_WINDOW: usize = 2048;

/// Source bytes of the documents in flight, beyond which no other document is dispatched
/// (one document alone may always go). Analysis holds a few times a document's size.
const IN_FLIGHT_BYTES: u64 = 512 << 20;

/// Room for documents in flight: a count and a byte budget, taken by the dispatcher and given
/// back by the sink.
struct Budget {
    /// Documents and bytes in flight, closed, threads waiting.
    state: std::sync::Mutex<(usize, u64, bool, usize)>,
    changed: std::sync::Condvar,
    max_docs: usize,
    max_bytes: u64,
}

impl Budget {
    fn new(max_docs: usize, max_bytes: u64) -> Budget {
        Budget {
            state: std::sync::Mutex::new((0, 0, false, 0)),
            changed: std::sync::Condvar::new(),
            max_docs,
            max_bytes,
        }
    }

    /// Waits for room; false when the budget was closed or the run interrupted.
    fn acquire(&self, bytes: u64, interrupted: &AtomicBool) -> bool {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if s.2 || interrupted.load(Ordering::Relaxed) {
                return false;
            }
            if s.0 == 0 || (s.0 < self.max_docs && s.1 + bytes <= self.max_bytes) {
                s.0 += 1;
                s.1 += bytes;
                return true;
            }
            s.3 += 1;
            s = self
                .changed
                .wait_timeout(s, std::time::Duration::from_millis(100))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            s.3 -= 1;
        }
    }

    fn release(&self, bytes: u64) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 = s.0.saturating_sub(1);
        s.1 = s.1.saturating_sub(bytes);
        // Waking costs a system call per document; only the dispatcher ever waits.
        if s.3 > 0 {
            self.changed.notify_all();
        }
    }
}

struct CloseOnDrop<'a>(&'a Budget);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        let mut s = self.0.state.lock().unwrap_or_else(|e| e.into_inner());
        s.2 = true;
        self.0.changed.notify_all();
    }
}

/// Documents by status and format, and their rows and source bytes.
#[derive(Default)]
pub struct Tally {
    pub documents: u64,
    pub by_status: BTreeMap<String, u64>,
    pub by_format: BTreeMap<String, u64>,
    pub blocks: u64,
    pub sections: u64,
    pub chunks: u64,
    pub bytes: u64,
}

impl Tally {
    pub fn add(&mut self, d: &DocumentRow) {
        self.documents += 1;
        *self.by_status.entry(d.status.into()).or_default() += 1;
        *self.by_format.entry(d.format.into()).or_default() += 1;
        self.blocks += u64::from(d.blocks);
        self.sections += u64::from(d.sections);
        self.chunks += u64::from(d.chunks);
        self.bytes += d.bytes;
    }
}

/// A bar over source bytes on standard error (hidden when disabled or not a terminal).
pub fn progress_bar(enabled: bool, total_bytes: u64, files: usize) -> indicatif::ProgressBar {
    bar(
        enabled,
        total_bytes,
        &format!(
            "{{bar:30}} {{bytes}}/{{total_bytes}} {{binary_bytes_per_sec}} {{msg}}/{files} eta {{eta}}"
        ),
        "0 files",
    )
}

/// A progress bar of `len` steps drawn with `template` on standard error, hidden unless
/// `enabled` and standard error is a terminal.
pub fn bar(enabled: bool, len: u64, template: &str, message: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if !enabled || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("█▉▊▋▌▍▎▏ "),
    );
    bar.set_message(message.to_string());
    bar
}
