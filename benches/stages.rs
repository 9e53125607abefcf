//! Per-document stages on fixed inputs: the Markdown files of `datasets/sample`, concatenated
//! per stage run, and the real text documents of `tests/data/text` for the plain-text stages.
//! `cargo bench --bench stages` (or `make bench` for whole-run throughput).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use docsweep::chunk::{self, tokenizer::Analyzer};
use docsweep::config::Config;
use docsweep::extract::{canonical::Canonical, markdown, text};
use docsweep::structure;
use std::path::Path;

fn sample_docs() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/sample");
    let mut docs = Vec::new();
    for e in walkdir::WalkDir::new(root).sort_by_file_name() {
        let e = e.expect("sample corpus is readable");
        if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md") {
            docs.push(std::fs::read(e.path()).expect("readable"));
        }
    }
    docs
}

fn stages(c: &mut Criterion) {
    let docs = sample_docs();
    let bytes: u64 = docs.iter().map(|d| d.len() as u64).sum();
    let canon: Vec<String> = docs.iter().map(|d| Canonical::from_bytes(d).text).collect();
    let cfg = Config::default();
    let analyzer = Analyzer::by_name("cl100k_base").expect("embedded tokenizer");
    let mut g = c.benchmark_group("stages");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    g.bench_function("canonical", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| Canonical::from_bytes(d).text.len())
                .sum::<usize>()
        })
    });
    g.bench_function("markdown_blocks", |b| {
        b.iter(|| {
            canon
                .iter()
                .map(|t| markdown::blocks(t).len())
                .sum::<usize>()
        })
    });
    g.bench_function("structure", |b| {
        b.iter(|| {
            canon
                .iter()
                .map(|t| {
                    let mut bl = markdown::blocks(t);
                    structure::build(t, &mut bl).sections.len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("tokenize", |b| {
        b.iter(|| {
            canon
                .iter()
                .map(|t| analyzer.token_starts(t).len())
                .sum::<usize>()
        })
    });
    g.bench_function("chunk", |b| {
        let prepared: Vec<_> = canon
            .iter()
            .map(|t| {
                let mut bl = markdown::blocks(t);
                let st = structure::build(t, &mut bl);
                (t, bl, st, analyzer.token_starts(t))
            })
            .collect();
        b.iter(|| {
            prepared
                .iter()
                .map(|(t, bl, st, ts)| chunk::chunk(t, bl, st, ts, &analyzer, &cfg.chunk).len())
                .sum::<usize>()
        })
    });
    g.bench_function("analyze_whole", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| {
                    docsweep::analyze::analyze_with(
                        docsweep::extract::Format::Markdown,
                        d,
                        &cfg,
                        &analyzer,
                    )
                    .map_or(0, |a| a.chunks.len())
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

fn text_docs() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text");
    let mut docs = Vec::new();
    for e in walkdir::WalkDir::new(root).max_depth(1).sort_by_file_name() {
        let e = e.expect("text fixtures are readable");
        if e.path().extension().is_some_and(|x| x == "txt") {
            docs.push(std::fs::read(e.path()).expect("readable"));
        }
    }
    docs
}

/// Plain text: furniture, hyphenation, blocks and headings (`text_extract`), and the whole
/// analysis with tokenizing and chunking (`text_analyze_whole`).
fn text_stages(c: &mut Criterion) {
    let docs = text_docs();
    let cfg = Config::default();
    let analyzer = Analyzer::by_name("cl100k_base").expect("embedded tokenizer");
    let mut g = c.benchmark_group("text");
    g.throughput(Throughput::Bytes(docs.iter().map(|d| d.len() as u64).sum()));
    g.sample_size(10);
    g.bench_function("text_extract", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| {
                    text::extract(Canonical::from_bytes(d), &cfg.text)
                        .blocks
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("text_analyze_whole", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| {
                    docsweep::analyze::analyze_with(
                        docsweep::extract::Format::Text,
                        d,
                        &cfg,
                        &analyzer,
                    )
                    .map_or(0, |a| a.chunks.len())
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

/// The split step before BPE, by the tokenizers' regex (bpe-openai) and by `chunk::pretok`,
/// and whole token counting: bpe-openai's `count` (regex split, BPE of every piece) against
/// docsweep's `Analyzer::count` (hand split, per-thread cache of piece token lengths).
fn tokenizer(c: &mut Criterion) {
    use docsweep::chunk::pretok::{self, Pattern};
    let canon: Vec<String> = sample_docs()
        .iter()
        .map(|d| Canonical::from_bytes(d).text)
        .collect();
    let bytes: u64 = canon.iter().map(|t| t.len() as u64).sum();
    let mut g = c.benchmark_group("tokenizer");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    for (name, tok, pattern) in [
        ("cl100k", bpe_openai::cl100k_base(), Pattern::Cl100k),
        ("o200k", bpe_openai::o200k_base(), Pattern::O200k),
    ] {
        g.bench_function(format!("split_regex_{name}"), |b| {
            b.iter(|| canon.iter().map(|t| tok.split(t).count()).sum::<usize>())
        });
        g.bench_function(format!("split_hand_{name}"), |b| {
            b.iter(|| {
                canon
                    .iter()
                    .map(|t| pretok::split(pattern, t).count())
                    .sum::<usize>()
            })
        });
        g.bench_function(format!("count_regex_{name}"), |b| {
            b.iter(|| canon.iter().map(|t| tok.count(t.as_str())).sum::<usize>())
        });
        let analyzer = Analyzer::by_name(&format!("{name}_base")).expect("embedded tokenizer");
        g.bench_function(format!("count_docsweep_{name}"), |b| {
            b.iter(|| canon.iter().map(|t| analyzer.count(t)).sum::<usize>())
        });
    }
    g.finish();
}

criterion_group!(benches, stages, text_stages, tokenizer);
criterion_main!(benches);
