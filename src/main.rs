use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use docsweep::config::Config;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Typed blocks, heading trees, sections and structure-aware chunks for document lakes, as
/// Parquet tables whose offsets cite the exact evidence.
#[derive(Parser)]
#[command(name = "docsweep", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What a run reads and with what: shared by `index` and `bench`.
#[derive(clap::Args)]
struct Run {
    /// Folder holding the documents.
    corpus: PathBuf,
    /// TOML config (see configs/default.toml); defaults apply to anything it leaves out.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Only index files matching this glob (relative to CORPUS); repeatable.
    #[arg(long)]
    include: Vec<String>,
    /// Leave out files and folders matching this glob; repeatable.
    #[arg(long)]
    exclude: Vec<String>,
    /// Follow symbolic links (loops are reported).
    #[arg(long)]
    follow_symlinks: bool,
}

impl Run {
    /// The config file (or the defaults) with the walk options of the command line.
    fn config(&self) -> Result<Config> {
        let mut cfg = load_config(self.config.as_ref())?;
        cfg.walk.include.extend(self.include.iter().cloned());
        cfg.walk.exclude.extend(self.exclude.iter().cloned());
        cfg.walk.follow_symlinks |= self.follow_symlinks;
        Ok(cfg)
    }

    fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

#[derive(Subcommand)]
enum Command {
    /// Index a corpus into INDEX (documents, blocks, sections, chunks + manifest.json).
    Index {
        #[command(flatten)]
        run: Run,
        /// Output index directory; replaced atomically when the run succeeds.
        #[arg(short = 'o', long = "output")]
        out: PathBuf,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// Print a JSON summary on stdout.
        #[arg(long)]
        json: bool,
        /// Exit non-zero when any document failed.
        #[arg(long)]
        strict: bool,
        /// An earlier index of this corpus: documents with the same path and content hash are
        /// not analyzed again, their rows are copied (the result is the same, byte for byte).
        #[arg(long, value_name = "OLD")]
        previous: Option<PathBuf>,
        /// With --previous: take a file whose size and modification time are those OLD saw as
        /// unchanged, without reading it (faster on slow storage; an edit that keeps both is
        /// missed).
        #[arg(long, requires = "previous")]
        trust_mtime: bool,
    },
    /// Index a corpus into a temporary folder and report speed: MB/s, docs/s, chunks/s, peak
    /// memory, thread time per stage, and analysis speed per format.
    Bench {
        #[command(flatten)]
        run: Run,
        /// Print the report as JSON on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Show what docsweep finds in one file: outline, blocks, sections, chunks.
    Inspect {
        file: PathBuf,
        #[arg(long)]
        config: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Check an index against docsweep's invariants; exits 1 when one fails.
    Validate {
        index: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Where every block and chunk id of OLD went in NEW: migration table, redirects, summary.
    Diff {
        /// The earlier index.
        old: PathBuf,
        /// The later index.
        new: PathBuf,
        /// Output folder: migration.parquet, redirects.parquet, summary.json.
        #[arg(short = 'o', long = "output")]
        out: PathBuf,
        /// Print the summary as JSON on stdout.
        #[arg(long)]
        json: bool,
        /// TOML config whose `[diff]` table sets the alignment thresholds.
        #[arg(long)]
        config: Option<PathBuf>,
    },
}

fn load_config(path: Option<&PathBuf>) -> Result<Config> {
    match path {
        Some(p) => Config::from_file(p),
        None => Ok(Config::default()),
    }
}

fn run() -> Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Index {
            run,
            out,
            quiet,
            json,
            strict,
            previous,
            trust_mtime,
        } => {
            let cfg = run.config()?;
            let interrupted = Arc::new(AtomicBool::new(false));
            let flag = interrupted.clone();
            ctrlc::set_handler(move || {
                if flag.swap(true, Ordering::SeqCst) {
                    std::process::exit(130);
                }
            })
            .context("cannot install the interrupt handler")?;
            let threads = run.threads();
            let summary = docsweep::pipeline::index(docsweep::pipeline::IndexOptions {
                corpus: run.corpus,
                out,
                config: cfg,
                threads,
                progress: !quiet && !json,
                interrupted: interrupted.clone(),
                previous,
                trust_mtime,
            });
            let summary = match summary {
                Ok(s) => s,
                Err(e) if interrupted.load(Ordering::SeqCst) => {
                    eprintln!("docsweep: {e:#}");
                    return Ok(ExitCode::from(130));
                }
                Err(e) => return Err(e),
            };
            let failed = summary.by_status.get("failed").copied().unwrap_or(0);
            if json {
                emit(&format!("{}\n", serde_json::to_string_pretty(&summary)?));
            } else if !quiet {
                eprintln!(
                    "indexed {} documents ({}) in {:.2}s, {:.1} MB/s: {} blocks, {} sections, {} chunks\nindex {}  index_hash {}",
                    summary.documents,
                    summary.by_status.iter().map(|(k, v)| format!("{v} {k}")).collect::<Vec<_>>().join(", "),
                    summary.seconds,
                    summary.mb_per_s,
                    summary.blocks,
                    summary.sections,
                    summary.chunks,
                    summary.output,
                    summary.index_hash
                );
            }
            Ok(if strict && failed > 0 {
                ExitCode::from(3)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Bench { run, json } => {
            let r = docsweep::bench::bench(docsweep::bench::BenchOptions {
                config: run.config()?,
                threads: run.threads(),
                corpus: run.corpus,
            })?;
            if json {
                emit(&format!("{}\n", serde_json::to_string_pretty(&r)?));
            } else {
                emit(&format!("{r}\n"));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Inspect { file, config, json } => {
            let cfg = load_config(config.as_ref())?;
            let rows = docsweep::inspect::rows(&file, &cfg)?;
            if json {
                let j = serde_json::to_string_pretty(&docsweep::inspect::to_json(&rows))?;
                emit(&format!("{j}\n"));
            } else {
                emit(&docsweep::inspect::to_text(&rows));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff {
            old,
            new,
            out,
            json,
            config,
        } => {
            let cfg = load_config(config.as_ref())?;
            let s = docsweep::diff::diff(&docsweep::diff::DiffOptions {
                old,
                new,
                out: out.clone(),
                thresholds: cfg.diff,
            })?;
            if json {
                emit(&format!("{}\n", serde_json::to_string_pretty(&s)?));
            } else {
                let fmt = |m: &std::collections::BTreeMap<&str, u64>| {
                    m.iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                emit(&format!(
                    "documents: {}\nblocks: {}\nchunks: {}\nredirect coverage {:.4}, {} high-risk ids; written to {}\n",
                    fmt(&s.documents),
                    fmt(&s.blocks),
                    fmt(&s.chunks),
                    s.redirect_coverage,
                    s.high_risk.len(),
                    out.display()
                ));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { index, json } => {
            let report = docsweep::validate::validate(&index)?;
            if json {
                emit(&format!("{}\n", serde_json::to_string_pretty(&report)?));
            } else {
                use std::fmt::Write as _;
                let mut out = String::new();
                for c in &report.checks {
                    let mark = if c.failures == 0 { "ok  " } else { "FAIL" };
                    let _ = writeln!(
                        out,
                        "{mark} {} ({} checked, {} failed)",
                        c.name, c.checked, c.failures
                    );
                    for e in &c.examples {
                        let _ = writeln!(out, "       {e}");
                    }
                }
                let _ = writeln!(
                    out,
                    "{}: index_hash {} {}",
                    report.index,
                    report.index_hash,
                    if report.ok { "valid" } else { "INVALID" }
                );
                emit(&out);
            }
            Ok(if report.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("docsweep: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Writes to standard output. A reader that stops early (`docsweep inspect --json F | head`)
/// is not an error: the rest of the output is dropped quietly.
fn emit(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("docsweep: cannot write to standard output: {e}");
            std::process::exit(1);
        }
    }
}
