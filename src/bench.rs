//! `docsweep bench CORPUS`: a whole `index` run into a temporary folder, with stage timing on,
//! reported as throughput overall and per format, peak memory, and where the thread time went.

use crate::config::Config;
use crate::extract::Format;
use crate::pipeline::{self, IndexOptions};
use crate::sink::{self, commit};
use crate::stages;
use anyhow::{Context, Result};
use arrow_array::{Array, StringArray, UInt32Array, UInt64Array};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[derive(Debug, Serialize)]
pub struct Report {
    pub corpus: String,
    pub threads: usize,
    pub documents: u64,
    pub chunks: u64,
    pub mb: f64,
    pub seconds: f64,
    pub mb_per_s: f64,
    pub docs_per_s: f64,
    pub chunks_per_s: f64,
    pub peak_rss_mb: Option<f64>,
    /// Thread seconds per stage (summed over threads), and each one's share of their total.
    pub stages: Vec<StageTime>,
    pub formats: BTreeMap<String, FormatTime>,
    pub index_hash: String,
}

#[derive(Debug, Serialize)]
pub struct StageTime {
    pub stage: &'static str,
    pub seconds: f64,
    pub share: f64,
}

#[derive(Debug, Serialize)]
pub struct FormatTime {
    pub documents: u64,
    pub mb: f64,
    /// Thread seconds of analysis (load to rows) for this format's documents.
    pub analysis_seconds: f64,
    /// Pages of paged documents (PDF, form-feed text); 0 for the others.
    pub pages: u64,
    pub pages_per_s_per_core: f64,
    /// MB per second of analysis on one core.
    pub mb_per_s_per_core: f64,
}

pub struct BenchOptions {
    pub corpus: PathBuf,
    pub config: Config,
    pub threads: usize,
}

pub fn bench(opts: BenchOptions) -> Result<Report> {
    let dir = std::env::temp_dir().join(format!("docsweep-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create a temporary folder {}", dir.display()))?;
    let out = dir.join("index");
    stages::enable();
    let run = pipeline::index(IndexOptions {
        corpus: opts.corpus.clone(),
        out: out.clone(),
        config: opts.config,
        threads: opts.threads,
        progress: false,
        interrupted: Arc::new(AtomicBool::new(false)),
        previous: None,
        trust_mtime: false,
    });
    stages::disable();
    let report = run.and_then(|s| {
        let secs = stages::stage_seconds();
        let total: f64 = secs.iter().sum();
        let stage_times = stages::STAGES
            .iter()
            .zip(secs)
            .map(|((_, name), seconds)| StageTime {
                stage: name,
                seconds,
                share: seconds / total.max(1e-9),
            })
            .collect();
        // Documents and bytes per format, from the index itself.
        let m = commit::read_manifest(&out)?;
        let mut per: BTreeMap<String, (u64, u64, u64)> = BTreeMap::new();
        for b in sink::read_rows(
            &out,
            &m,
            "documents",
            Some(&["format", "bytes", "pages"]),
            None,
        )? {
            let f = sink::column::<StringArray>(&b, "format")?;
            let n = sink::column::<UInt64Array>(&b, "bytes")?;
            let pages = sink::column::<UInt32Array>(&b, "pages")?;
            for i in 0..b.num_rows() {
                let e = per.entry(f.value(i).to_string()).or_default();
                e.0 += 1;
                e.1 += n.value(i);
                if pages.is_valid(i) {
                    e.2 += u64::from(pages.value(i));
                }
            }
        }
        let formats = per
            .into_iter()
            .map(|(name, (docs, bytes, pages))| {
                let secs = Format::ALL
                    .iter()
                    .find(|f| f.as_str() == name)
                    .map_or(0.0, |f| stages::format_seconds(*f));
                let mb = bytes as f64 / 1e6;
                let t = FormatTime {
                    documents: docs,
                    mb,
                    analysis_seconds: secs,
                    mb_per_s_per_core: if secs > 0.0 { mb / secs } else { 0.0 },
                    pages,
                    pages_per_s_per_core: if secs > 0.0 { pages as f64 / secs } else { 0.0 },
                };
                (name, t)
            })
            .collect();
        let secs = s.seconds.max(1e-9);
        Ok(Report {
            corpus: opts.corpus.display().to_string(),
            threads: s.threads,
            documents: s.documents,
            chunks: s.chunks,
            mb: s.bytes as f64 / 1e6,
            seconds: s.seconds,
            mb_per_s: s.mb_per_s,
            docs_per_s: s.documents as f64 / secs,
            chunks_per_s: s.chunks as f64 / secs,
            peak_rss_mb: s.peak_rss_mb,
            stages: stage_times,
            formats,
            index_hash: s.index_hash,
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
    report
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}: {} documents, {:.1} MB, {} threads",
            self.corpus, self.documents, self.mb, self.threads
        )?;
        writeln!(
            f,
            "{:.2} s   {:.1} MB/s   {:.0} docs/s   {:.0} chunks/s   peak RSS {}",
            self.seconds,
            self.mb_per_s,
            self.docs_per_s,
            self.chunks_per_s,
            self.peak_rss_mb
                .map_or("unknown".into(), |m| format!("{m:.0} MiB"))
        )?;
        writeln!(f, "\n{:<10} {:>10} {:>8}", "stage", "thread s", "share")?;
        for s in &self.stages {
            writeln!(
                f,
                "{:<10} {:>10.3} {:>7.1}%",
                s.stage,
                s.seconds,
                100.0 * s.share
            )?;
        }
        writeln!(
            f,
            "\n{:<10} {:>9} {:>9} {:>11} {:>14} {:>8} {:>17}",
            "format", "documents", "MB", "analysis s", "MB/s per core", "pages", "pages/s per core"
        )?;
        for (name, t) in &self.formats {
            writeln!(
                f,
                "{:<10} {:>9} {:>9.1} {:>11.3} {:>14.1} {:>8} {:>17}",
                name,
                t.documents,
                t.mb,
                t.analysis_seconds,
                t.mb_per_s_per_core,
                t.pages,
                if t.pages > 0 {
                    format!("{:.0}", t.pages_per_s_per_core)
                } else {
                    "-".into()
                }
            )?;
        }
        write!(f, "\nindex_hash {}", self.index_hash)
    }
}
