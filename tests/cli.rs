//! Whole runs of the `docsweep` binary over real files: determinism across thread counts, bad
//! input, interruption, and `validate` on good and corrupted indexes.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_docsweep"))
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/sample")
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("docsweep runs")
}

fn index(corpus: &Path, out: &Path, extra: &[&str]) -> serde_json::Value {
    index_and_stderr(corpus, out, extra).0
}

/// `index`'s summary, and what the run said on stderr.
fn index_and_stderr(corpus: &Path, out: &Path, extra: &[&str]) -> (serde_json::Value, String) {
    let mut args = vec![
        "index",
        corpus.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--json",
    ];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(
        o.status.success(),
        "index failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    (
        serde_json::from_slice(&o.stdout).expect("--json prints a summary"),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A config file `name` in `dir` holding `toml`.
fn config_file(dir: &Path, name: &str, toml: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, toml).unwrap();
    p
}

/// Every file under `dir`, relative, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.unwrap();
        if e.file_type().is_file() {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push((rel, std::fs::read(e.path()).unwrap()));
        }
    }
    out
}

#[test]
fn sample_corpus_is_byte_identical_for_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("t1"), tmp.path().join("t2"));
    let sa = index(&sample(), &a, &["--threads", "1"]);
    let sb = index(&sample(), &b, &["--threads", "2"]);
    assert_eq!(sa["index_hash"], sb["index_hash"]);
    assert!(
        sa["documents"].as_u64().unwrap() > 20,
        "the sample corpus has documents"
    );
    assert!(sa["chunks"].as_u64().unwrap() > 100);
    let (ta, tb) = (tree(&a), tree(&b));
    assert_eq!(ta.len(), tb.len());
    for ((pa, ba), (pb, bb)) in ta.iter().zip(&tb) {
        assert_eq!(pa, pb);
        assert!(ba == bb, "{pa} differs between --threads 1 and --threads 2");
    }
    // And the index is valid.
    let v = run(&["validate", a.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

/// Indexes the real documents under `tests/data/DIR` that match `include` with 1 and 2 threads:
/// the same `index_hash`, at least `min_docs` documents, all `ok`, and a valid index.
fn real_documents_index_deterministically(dir: &str, include: &str, min_docs: u64) {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("one"), tmp.path().join("two"));
    let sa = index(&docs, &a, &["--threads", "1", "--include", include]);
    let sb = index(&docs, &b, &["--threads", "2", "--include", include]);
    assert_eq!(sa["index_hash"], sb["index_hash"]);
    assert!(sa["documents"].as_u64().unwrap() >= min_docs);
    assert_eq!(
        sa["by_status"]["ok"], sa["documents"],
        "every document indexes: {sa}"
    );
    let v = run(&["validate", a.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

#[test]
fn real_html_pages_index_deterministically_and_validate() {
    real_documents_index_deterministically("html", "**/*.html", 20);
}

#[test]
fn real_text_documents_index_deterministically_and_validate() {
    real_documents_index_deterministically("text", "*.txt", 10);
}

#[test]
fn validate_catches_a_corrupted_index() {
    let tmp = tempfile::tempdir().unwrap();
    let idx = tmp.path().join("idx");
    index(&sample(), &idx, &[]);
    assert!(run(&["validate", idx.to_str().unwrap()]).status.success());

    // A changed byte in a table file.
    let bad = tmp.path().join("bad");
    copy_dir(&idx, &bad);
    let part = bad.join("chunks/part-00000.parquet");
    let mut bytes = std::fs::read(&part).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(&part, bytes).unwrap();
    let v = run(&["validate", bad.to_str().unwrap(), "--json"]);
    assert_eq!(v.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    let failed: Vec<&str> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["failures"].as_u64().unwrap() > 0)
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(failed.contains(&"files match the manifest"), "{failed:?}");

    // A manifest whose counts were edited by hand.
    let bad2 = tmp.path().join("bad2");
    copy_dir(&idx, &bad2);
    let mpath = bad2.join("manifest.json");
    let mut m: serde_json::Value = serde_json::from_slice(&std::fs::read(&mpath).unwrap()).unwrap();
    let rows = m["tables"]["blocks"]["rows"].as_u64().unwrap();
    m["tables"]["blocks"]["rows"] = (rows + 1).into();
    std::fs::write(&mpath, serde_json::to_vec(&m).unwrap()).unwrap();
    assert_eq!(
        run(&["validate", bad2.to_str().unwrap()]).status.code(),
        Some(1)
    );

    // Not an index at all.
    let v = run(&["validate", tmp.path().to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&v.stderr).contains("not a docsweep index"));
}

/// Rewrites `column` of the one part file of `table` in `index` through `edit` (a batch's
/// column at a time).
fn rewrite_column(
    index: &Path,
    table: &str,
    column: &str,
    edit: impl Fn(&dyn arrow_array::Array) -> arrow_array::ArrayRef,
) {
    let part = index.join(table).join("part-00000.parquet");
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(
        std::fs::File::open(&part).unwrap(),
    )
    .unwrap()
    .build()
    .unwrap();
    let batches: Vec<_> = reader
        .map(|b| {
            let b = b.unwrap();
            let i = b.schema().index_of(column).unwrap();
            let mut cols = b.columns().to_vec();
            cols[i] = edit(b.column(i).as_ref());
            arrow_array::RecordBatch::try_new(b.schema(), cols).unwrap()
        })
        .collect();
    let mut w = parquet::arrow::ArrowWriter::try_new(
        std::fs::File::create(&part).unwrap(),
        batches[0].schema(),
        None,
    )
    .unwrap();
    for b in &batches {
        w.write(b).unwrap();
    }
    w.close().unwrap();
}

/// Names of the checks `validate --json` reports failed.
fn failed_checks(index: &Path) -> Vec<String> {
    let v = run(&["validate", index.to_str().unwrap(), "--json"]);
    assert_eq!(v.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["failures"].as_u64().unwrap() > 0)
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

/// A section with a body but no anchor, and a section's blocks whose ids no longer sort in
/// reading order: `validate` names both.
#[test]
fn validate_catches_a_missing_anchor_and_ids_out_of_order() {
    use arrow_array::{Array, ArrayRef, StringArray, UInt64Array};
    use std::sync::Arc;
    let tmp = tempfile::tempdir().unwrap();
    let idx = tmp.path().join("idx");
    index(&sample(), &idx, &[]);
    // A copy of the index with one column edited: the checks validate fails.
    let broken = |name: &str, table: &str, column: &str, edit: &dyn Fn(&dyn Array) -> ArrayRef| {
        let dir = tmp.path().join(name);
        copy_dir(&idx, &dir);
        rewrite_column(&dir, table, column, edit);
        failed_checks(&dir)
    };

    let failed = broken("no-anchor", "sections", "anchor_begin", &|a| {
        let a = a.as_any().downcast_ref::<UInt64Array>().unwrap();
        // The first anchored section of the batch loses its anchor.
        let first = (0..a.len()).find(|&k| a.is_valid(k));
        let col: UInt64Array = (0..a.len())
            .map(|k| (Some(k) != first && a.is_valid(k)).then(|| a.value(k)))
            .collect();
        Arc::new(col)
    });
    assert!(
        failed
            .iter()
            .any(|c| c == "every section with a body has an anchor"),
        "{failed:?}"
    );
    assert!(!failed.iter().any(|c| c.contains("sort")), "{failed:?}");

    let failed = broken("swapped", "blocks", "block_id", &|a| {
        let ids = a.as_any().downcast_ref::<StringArray>().unwrap();
        let mut v: Vec<String> = (0..ids.len()).map(|k| ids.value(k).to_string()).collect();
        // Two blocks in a row of one section trade ids.
        if let Some(k) = (1..v.len()).find(|&k| {
            v[k].ends_with("|b=001") && v[k - 1].ends_with("|b=000") && v[k].len() == v[k - 1].len()
        }) {
            v.swap(k - 1, k);
        }
        Arc::new(StringArray::from(v))
    });
    assert!(
        failed
            .iter()
            .any(|c| c == "ids of a section sort in reading order"),
        "{failed:?}"
    );

    // A footnote defined before its marker joins the marker's section after its heading
    // (`b=000`) in id order, ahead of it in reading order: valid.
    let c = tmp.path().join("notes");
    std::fs::create_dir(&c).unwrap();
    std::fs::write(
        c.join("a.md"),
        "[^n]: The note, defined before the text that cites it.\n\n# A\n\nText of A.\n\n\
         # B\n\nThe note[^n] is cited here, in section B.\n",
    )
    .unwrap();
    let notes = tmp.path().join("notes-index");
    index(&c, &notes, &[]);
    let v = run(&["validate", notes.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

fn copy_dir(from: &Path, to: &Path) {
    for (rel, bytes) in tree(from) {
        let p = to.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

/// The record batches of one Parquet file.
fn batches(path: &Path) -> Vec<arrow_array::RecordBatch> {
    let f = std::fs::File::open(path).unwrap();
    parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(f)
        .unwrap()
        .build()
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn documents(idx: &Path) -> Vec<(String, String, Option<String>)> {
    use arrow_array::{Array, StringArray};
    let mut out = Vec::new();
    for e in std::fs::read_dir(idx.join("documents")).unwrap() {
        for b in batches(&e.unwrap().path()) {
            let col = |n: &str| {
                docsweep::sink::column::<StringArray>(&b, n)
                    .unwrap()
                    .clone()
            };
            let (p, s, r) = (col("path"), col("status"), col("reason"));
            for i in 0..b.num_rows() {
                out.push((
                    p.value(i).to_string(),
                    s.value(i).to_string(),
                    (!r.is_null(i)).then(|| r.value(i).to_string()),
                ));
            }
        }
    }
    out
}

/// A document whose analysis would take more memory than `walk.max_document_memory_mb`
/// allows (here a file of 20,000 one-line headings, about 20 MiB by the estimate) gets a
/// `failed` row that names the setting; the other documents and the run go on. With the
/// default limit it is read.
#[test]
fn a_document_over_the_memory_limit_fails_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("c");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::write(c.join("many.md"), "# x\n".repeat(20_000)).unwrap();
    std::fs::write(c.join("ok.md"), "# Title\n\nA paragraph.\n").unwrap();
    let cfg = config_file(
        tmp.path(),
        "lim.toml",
        "[walk]\nmax_document_memory_mb = 10\n",
    );
    let out = tmp.path().join("out");
    index(&c, &out, &["--config", cfg.to_str().unwrap()]);
    let docs = documents(&out);
    let many = docs.iter().find(|d| d.0 == "many.md").unwrap();
    assert_eq!(many.1, "failed");
    let reason = many.2.as_deref().unwrap();
    assert!(
        reason.starts_with("20000 blocks") && reason.contains("walk.max_document_memory_mb (10)"),
        "{reason}"
    );
    assert_eq!(docs.iter().find(|d| d.0 == "ok.md").unwrap().1, "ok");
    let out = tmp.path().join("default");
    index(&c, &out, &[]);
    assert!(documents(&out).iter().all(|d| d.1 == "ok"));
}

#[test]
fn bad_input_gets_rows_with_specific_reasons() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(c.join("loop")).unwrap();
    std::fs::write(
        c.join("binary.md"),
        b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00garbage",
    )
    .unwrap();
    std::fs::write(
        c.join("latin1.md"),
        "caf\u{e9} cr\u{e8}me br\u{fb}l\u{e9}e "
            .repeat(20)
            .chars()
            .map(|ch| ch as u32 as u8)
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    // Russian in windows-1251: whole words of bytes over 127, no Latin text.
    std::fs::write(
        c.join("cp1251.md"),
        "Привет мир, это текст. "
            .repeat(20)
            .chars()
            .map(|ch| match ch {
                'А'..='я' => (ch as u32 - 0x410 + 0xC0) as u8,
                _ => ch as u32 as u8,
            })
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    // Bytes that read as no encoding's text: one byte repeated after a line of ASCII.
    std::fs::write(
        c.join("noise.md"),
        [b"Plain words first.\n\n".as_slice(), &[0xFF; 300]].concat(),
    )
    .unwrap();
    std::fs::write(c.join("empty.md"), b"").unwrap();
    std::fs::write(c.join("good.md"), "# Good\n\nA fine document.\n").unwrap();
    std::fs::write(c.join("notes.pdf"), b"%PDF-1.7\n").unwrap();
    // A 100 MB single line of words, and a single 3 MB "word".
    let words = "lorem ipsum dolor sit amet ".repeat(3_900_000);
    std::fs::write(c.join("one-line.md"), &words).unwrap();
    std::fs::write(c.join("no-spaces.md"), "x".repeat(3_000_000)).unwrap();
    // Plain text: a 50 MB paragraph without one blank line, only headings, only numbers,
    // mixed scripts, a NUL byte, and files without an extension (text or not).
    let para = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod-\n"
        .repeat(50_000_000 / 72);
    std::fs::write(c.join("paragraph.txt"), &para).unwrap();
    std::fs::write(c.join("headings.txt"), "INTRODUCTION\n\n".repeat(50_000)).unwrap();
    // A text indented as a man page's body, with short lines and no heading at all.
    let indented =
        "       Alpha Beta\n       more prose text below it, long enough to be a body line.\n\n";
    std::fs::write(c.join("indented.txt"), indented.repeat(60_000)).unwrap();
    let numbers: String = (0..200_000).map(|i| format!("{i}\n")).collect();
    std::fs::write(c.join("numbers.txt"), numbers).unwrap();
    std::fs::write(
        c.join("scripts.txt"),
        "第一章 概述\n\n这是一个段落。\n\nמבוא\n\nזוהי פסקה בעברית.\n\x0cمقدمة\n".repeat(500),
    )
    .unwrap();
    std::fs::write(c.join("nul.txt"), b"Title\n\nText\x00more\n").unwrap();
    std::fs::write(c.join("README"), "Project\n=======\n\nWhat it does.\n").unwrap();
    std::fs::write(c.join("blob"), b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").unwrap();
    // Named as documentation: text by name, but the bytes must say so too.
    std::fs::write(
        c.join("README.Debian"),
        "Notes for Debian\n----------------\n\nHow this package differs.\n",
    )
    .unwrap();
    std::fs::write(c.join("NEWS.old"), b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").unwrap();
    std::fs::write(c.join("changelog.rs"), "fn main() {}\n").unwrap();
    // Notes with Markdown's headings over a 2 MB line of link-like marks: the test for
    // Markdown stays linear (it was quadratic in such a line).
    let marks = format!("# A\n\na\n\n# B\n\nb\n\n# C\n\n{}\n", "](".repeat(1 << 20));
    std::fs::write(c.join("marks.txt"), marks).unwrap();
    std::os::unix::fs::symlink(&c, c.join("loop/back")).unwrap();
    let fifo = c.join("pipe.md");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());

    for follow in [false, true] {
        let idx = tmp.path().join(format!("idx-{follow}"));
        let mut extra = vec!["--threads", "2"];
        if follow {
            extra.push("--follow-symlinks");
        }
        index(&c, &idx, &extra);
        let docs = documents(&idx);
        let get = |p: &str| {
            docs.iter()
                .find(|d| d.0 == p)
                .unwrap_or_else(|| panic!("no row for {p}: {docs:?}"))
        };
        assert_eq!(get("good.md").1, "ok");
        assert_eq!(get("one-line.md").1, "ok");
        assert_eq!(get("no-spaces.md").1, "ok");
        for ok in [
            "paragraph.txt",
            "headings.txt",
            "indented.txt",
            "numbers.txt",
            "scripts.txt",
            "README",
            "README.Debian",
            "marks.txt",
        ] {
            assert_eq!(get(ok).1, "ok", "{:?}", get(ok));
        }
        assert!(get("nul.txt").2.as_deref().unwrap().contains("NUL byte"));
        let blob = get("blob");
        assert_eq!(blob.1, "skipped");
        assert!(
            blob.2
                .as_deref()
                .unwrap()
                .contains("no file extension and binary content"),
            "{blob:?}"
        );
        let named = get("NEWS.old");
        assert_eq!(named.1, "skipped");
        let why = named.2.as_deref().unwrap();
        assert!(
            why.contains("named as documentation (NEWS.old) with binary content"),
            "{why}"
        );
        let rs = get("changelog.rs");
        assert_eq!(rs.1, "skipped");
        assert!(rs.2.as_deref().unwrap().contains("a .rs file"), "{rs:?}");
        let b = get("binary.md");
        assert_eq!(b.1, "failed");
        assert!(b.2.as_deref().unwrap().contains("binary content"));
        // Latin-1 is read (as windows-1252), Cyrillic in its 8-bit encoding too (guessed);
        // bytes that read as no encoding's text are not.
        assert_eq!(get("latin1.md").1, "ok");
        assert_eq!(get("cp1251.md").1, "ok", "{:?}", get("cp1251.md"));
        let r = get("noise.md");
        assert_eq!(r.1, "failed");
        assert!(r.2.as_deref().unwrap().contains("not UTF-8"), "{r:?}");
        assert_eq!(get("empty.md").2.as_deref(), Some("empty file (0 bytes)"));
        // A PDF cut after its header line: failed, with MuPDF's reason.
        let pdf = get("notes.pdf");
        assert_eq!(pdf.1, "failed", "{pdf:?}");
        assert!(pdf.2.as_deref().unwrap().contains("PDF"), "{pdf:?}");
        assert!(get("pipe.md")
            .2
            .as_deref()
            .unwrap()
            .contains("not a regular file"));
        let lp = get("loop/back");
        if follow {
            assert_eq!(lp.1, "failed");
            assert!(lp.2.as_deref().unwrap().contains("loop"), "{lp:?}");
        } else {
            assert_eq!(lp.1, "skipped");
            assert!(lp.2.as_deref().unwrap().contains("symbolic link"));
        }
        let v = run(&["validate", idx.to_str().unwrap()]);
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    }
}

/// An index folder that also holds files docsweep did not write (notes beside the tables, a
/// corpus someone put inside it) is not replaced: replacing it would delete them. Indexing that
/// corpus into the folder around it is refused, and both stay; without them it is replaced.
#[test]
fn an_index_holding_other_files_is_never_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("idx");
    index(&sample(), &out, &["-q"]);
    let docs = out.join("mydocs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("doc.md"), "# Doc\n\nprecious\n").unwrap();
    std::fs::write(out.join("notes.md"), "kept beside the index").unwrap();
    let into_out = |corpus: &Path| {
        run(&[
            "index",
            corpus.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "-q",
        ])
    };
    let o = into_out(&docs);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("mydocs, notes.md"), "{err}");
    assert!(docs.join("doc.md").is_file() && out.join("notes.md").is_file());
    // A stray file inside a table's folder counts too.
    std::fs::remove_file(out.join("notes.md")).unwrap();
    std::fs::rename(&docs, tmp.path().join("mydocs")).unwrap();
    std::fs::write(out.join("blocks/README"), "mine").unwrap();
    let o = into_out(&sample());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("blocks"));
    assert!(out.join("blocks/README").is_file());
    // The index alone is replaced as before.
    std::fs::remove_file(out.join("blocks/README")).unwrap();
    index(&tmp.path().join("mydocs"), &out, &["-q"]);
    assert!(!out.join("mydocs").exists());
}

#[test]
fn output_that_is_not_an_index_is_never_overwritten() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("precious");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("thesis.tex"), "do not delete").unwrap();
    let o = run(&[
        "index",
        sample().to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("precious") && err.contains("not a docsweep index"),
        "{err}"
    );
    assert!(out.join("thesis.tex").exists());
    // A folder with some other tool's manifest.json is not an index either.
    let web = tmp.path().join("webapp");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(
        web.join("manifest.json"),
        r#"{"name": "app", "version": "1"}"#,
    )
    .unwrap();
    std::fs::write(web.join("index.html"), "<html></html>").unwrap();
    let o = run(&[
        "index",
        sample().to_str().unwrap(),
        "-o",
        web.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(web.join("index.html").exists());
    let o = run(&[
        "index",
        "/nonexistent/corpus",
        "-o",
        tmp.path().join("x").to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/corpus"));
}

fn wait_for_staging(parent: &Path, name: &str) {
    for _ in 0..2000 {
        let found = std::fs::read_dir(parent).unwrap().flatten().any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(&format!(".{name}.docsweep-tmp-"))
        });
        if found {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the run never started writing");
}

/// Starts `cmd`, sends it SIG`signal` once it writes its staging folder `.NAME.docsweep-tmp-*`
/// under `parent`, and returns how it ended: not a success, and exit code 130 for SIGINT.
fn interrupt(mut cmd: Command, parent: &Path, name: &str, signal: &str) -> Output {
    let child = cmd.stderr(std::process::Stdio::piped()).spawn().unwrap();
    wait_for_staging(parent, name);
    std::thread::sleep(std::time::Duration::from_millis(100));
    assert!(Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let out = child.wait_with_output().unwrap();
    assert!(
        !out.status.success(),
        "{name}: finished before it was interrupted; give it more work"
    );
    if signal == "INT" {
        assert_eq!(out.status.code(), Some(130));
    }
    out
}

/// Nothing docsweep writes on the way is left under `dir`: staging folders, locks, folders
/// set aside.
fn assert_no_leftovers(dir: &Path) {
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("docsweep-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn interrupted_runs_leave_the_previous_index_intact() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::write(c.join("a.md"), "# A\n\nFirst version.\n").unwrap();
    let idx = tmp.path().join("idx");
    let first = index(&c, &idx, &[]);
    let before = tree(&idx);
    common::big_corpus(&c);

    for signal in ["INT", "KILL"] {
        let mut cmd = bin();
        cmd.args([
            "index",
            c.to_str().unwrap(),
            "-o",
            idx.to_str().unwrap(),
            "--threads",
            "1",
            "-q",
        ]);
        interrupt(cmd, tmp.path(), "idx", signal);
        assert_eq!(tree(&idx), before, "SIG{signal} changed the index at -o");
    }
    // The next run cleans up what the killed run left and publishes.
    let after = index(&c, &idx, &[]);
    assert_ne!(after["index_hash"], first["index_hash"]);
    assert_no_leftovers(tmp.path());
}

#[test]
fn interrupted_diffs_leave_the_earlier_output_intact() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    common::big_corpus(&c);
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    index(&c, &old, &[]);
    for e in std::fs::read_dir(&c).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, text.replacen("## Section 7", "## Section seven", 1)).unwrap();
    }
    index(&c, &new, &[]);
    // A first diff, then interrupted ones over it: one document a window keeps them going.
    let out = tmp.path().join("diff");
    let diff = |extra: &[&str]| {
        let mut args = vec![
            "diff",
            old.to_str().unwrap(),
            new.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "-q",
        ];
        args.extend_from_slice(extra);
        let mut cmd = bin();
        cmd.args(args);
        cmd
    };
    let o = diff(&[]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let before = tree(&out);
    assert!(!before.is_empty());
    let slow = config_file(tmp.path(), "slow.toml", "[diff]\nwindow_units = 1\n");
    for signal in ["INT", "KILL"] {
        let cmd = diff(&["--config", slow.to_str().unwrap()]);
        let o = interrupt(cmd, tmp.path(), "diff", signal);
        if signal == "INT" {
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains("interrupted"), "{err}");
        }
        assert_eq!(tree(&out), before, "SIG{signal} changed the diff at -o");
    }
    // The next diff cleans up what the killed one left and replaces the output.
    let o = diff(&["--json"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(summary["documents"]["changed"], 400);
    assert_no_leftovers(tmp.path());
}

#[test]
fn an_index_inside_its_corpus_is_not_indexed_again() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::write(c.join("a.md"), "# A\n\nText of a.\n").unwrap();
    let idx = c.join("idx");
    let first = index(&c, &idx, &[]);
    let second = index(&c, &idx, &[]);
    assert_eq!(first["documents"], 1);
    assert_eq!(second["documents"], 1);
    assert_eq!(first["index_hash"], second["index_hash"]);
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text/dash.1.txt");
    let mut child = bin()
        .args(["inspect", "--json", file.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The pipe is closed here, with far more than a pipe buffer of JSON still to come.
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bench_reports_throughput_and_stage_times_and_cleans_up() {
    let tmp = tempfile::tempdir().unwrap();
    let o = bin()
        .env("TMPDIR", tmp.path())
        .args([
            "bench",
            sample().to_str().unwrap(),
            "--threads",
            "2",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let full = index(&sample(), &tmp.path().join("idx"), &[]);
    assert_eq!(r["documents"], full["documents"]);
    assert_eq!(r["chunks"], full["chunks"]);
    assert_eq!(
        r["index_hash"], full["index_hash"],
        "timing does not change the index"
    );
    let stages = r["stages"].as_array().unwrap();
    let names: Vec<&str> = stages
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "load",
            "extract",
            "structure",
            "tokenize",
            "chunk",
            "rows",
            "sink",
            "encode",
            "wait"
        ]
    );
    for s in stages {
        assert!(s["seconds"].as_f64().unwrap() > 0.0, "{s}");
    }
    let share: f64 = stages.iter().map(|s| s["share"].as_f64().unwrap()).sum();
    assert!((share - 1.0).abs() < 1e-6);
    let md = &r["formats"]["markdown"];
    assert!(md["documents"].as_u64().unwrap() > 50, "{r}");
    assert!(md["analysis_seconds"].as_f64().unwrap() > 0.0);
    assert!(r["mb_per_s"].as_f64().unwrap() > 0.0 && r["chunks_per_s"].as_f64().unwrap() > 0.0);
    // The temporary index is gone.
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("docsweep-bench"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn inspect_shows_outline_and_chunks() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("guide.md");
    std::fs::write(
        &f,
        "# Guide\n\nIntro.\n\n### Deep\n\nDeep text is here.\n\n```sh\n# not a heading\n```\n",
    )
    .unwrap();
    let o = run(&["inspect", f.to_str().unwrap()]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("1 Guide") && text.contains("1.1 Deep"),
        "{text}"
    );
    let o = run(&["inspect", f.to_str().unwrap(), "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let ids: Vec<&str> = j["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["section_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["1", "1.1"]);
    assert_eq!(j["blocks"][4]["type"], "code");
    // How a file was read shows: its encoding, decompressed.
    let gz = tmp.path().join("notes.txt.gz");
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "Notes\n=====\n\nCafé.\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    std::io::Write::write_all(&mut e, &utf16).unwrap();
    std::fs::write(&gz, e.finish().unwrap()).unwrap();
    let o = run(&["inspect", gz.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("flags: encoding:utf-16le, gzip"), "{text}");
    assert!(text.contains("1 Notes"), "{text}");
    // A file whose extension no format claims is read as what its lines are: plain text
    // (a title over tildes; Markdown would open a fenced code block there), or Markdown.
    let news = tmp.path().join("NEWS-4.3");
    std::fs::write(&news, "Release notes\n~~~~~~~~~~~~~\n\nThe text.\n").unwrap();
    let o = run(&["inspect", news.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("NEWS-4.3  [text]"), "{text}");
    assert!(text.contains("1 Release notes"), "{text}");
    let notes = tmp.path().join("notes.v2");
    std::fs::write(
        &notes,
        "# Notes\n\nSee [the guide](guide.md).\n\n## Setup\n\nRun it.\n\n## Use\n\nUse it.\n",
    )
    .unwrap();
    let o = run(&["inspect", notes.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("notes.v2  [markdown]"), "{text}");
    assert!(text.contains("1.1 Setup"), "{text}");
    // Judged on what it holds, gzipped too.
    let notes_gz = tmp.path().join("notes.v2.gz");
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut e, &std::fs::read(&notes).unwrap()).unwrap();
    std::fs::write(&notes_gz, e.finish().unwrap()).unwrap();
    let o = run(&["inspect", notes_gz.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("notes.v2.gz  [markdown]"), "{text}");
    assert!(text.contains("1.1 Setup"), "{text}");
    // What `index` would not read, `inspect` does not either: a FIFO (which would wait for
    // a writer forever), a device, a folder, a file over the size limit.
    let fifo = tmp.path().join("pipe.md");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for p in [fifo.as_path(), Path::new("/dev/zero"), tmp.path()] {
        let o = run(&["inspect", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{}", p.display());
        assert!(String::from_utf8_lossy(&o.stderr).contains("not a regular file"));
    }
    let cfg = config_file(tmp.path(), "small.toml", "[walk]\nmax_file_bytes = 10\n");
    let o = run(&[
        "inspect",
        f.to_str().unwrap(),
        "--config",
        cfg.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("walk.max_file_bytes"));
}

/// Runs docsweep as an unprivileged user when the tests run as root (root reads everything, so
/// an unreadable directory needs someone it is unreadable to).
fn unprivileged() -> Command {
    let root = std::fs::read_to_string("/proc/self/status")
        .map(|s| {
            s.lines()
                .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false);
    if root {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            env!("CARGO_BIN_EXE_docsweep"),
        ]);
        c
    } else {
        bin()
    }
}

#[test]
fn unreadable_files_and_directories_get_failed_rows() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(c.join("locked")).unwrap();
    std::fs::write(c.join("locked/inside.md"), "# hidden\n").unwrap();
    std::fs::write(c.join("secret.md"), "# secret\n").unwrap();
    std::fs::write(c.join("open.md"), "# open\n\nReadable text.\n").unwrap();
    std::fs::set_permissions(c.join("locked"), std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::set_permissions(c.join("secret.md"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let idx = tmp.path().join("idx");
    let out = unprivileged()
        .args([
            "index",
            c.to_str().unwrap(),
            "-o",
            idx.to_str().unwrap(),
            "--json",
        ])
        .output()
        .unwrap();
    std::fs::set_permissions(c.join("locked"), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let docs = documents(&idx);
    let get = |p: &str| {
        docs.iter()
            .find(|d| d.0 == p)
            .unwrap_or_else(|| panic!("no row for {p}: {docs:?}"))
    };
    assert_eq!(get("open.md").1, "ok");
    let s = get("secret.md");
    assert_eq!(s.1, "failed");
    assert!(
        s.2.as_deref().unwrap().contains("cannot read file"),
        "{s:?}"
    );
    let l = get("locked");
    assert_eq!(l.1, "failed");
    assert!(
        l.2.as_deref().unwrap().contains("cannot read directory"),
        "{l:?}"
    );
}

/// The tables of an index, file by file (the manifest aside: it names the corpus path and the
/// previous run).
fn tables(idx: &Path) -> Vec<(String, Vec<u8>)> {
    tree(idx)
        .into_iter()
        .filter(|(rel, _)| rel.ends_with(".parquet"))
        .collect()
}

#[test]
fn previous_reuses_unchanged_documents_and_matches_a_full_run() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    copy_dir(&sample(), &c);
    // Files read in another encoding or decompressed are reused byte for byte too.
    let legacy = c.join("legacy");
    std::fs::create_dir(&legacy).unwrap();
    let text = "Notes\n=====\n\nLe système a été créé à Montréal.\n";
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    std::fs::write(legacy.join("notes.txt"), utf16).unwrap();
    let latin: Vec<u8> = text.chars().map(|ch| ch as u32 as u8).collect();
    std::fs::write(legacy.join("latin.md"), latin).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, b"# Guide\n\nRead me, gzipped.\n").unwrap();
    std::fs::write(legacy.join("guide.md.gz"), gz.finish().unwrap()).unwrap();
    let old = tmp.path().join("old");
    let first = index(&c, &old, &[]);
    let n = first["documents"].as_u64().unwrap();
    let legacy_rows: Vec<_> = documents(&old)
        .into_iter()
        .filter(|d| d.0.starts_with("legacy/"))
        .collect();
    assert_eq!(legacy_rows.len(), 3);
    assert!(legacy_rows.iter().all(|d| d.1 == "ok"), "{legacy_rows:?}");

    // Unchanged corpus: everything reused, same index.
    let same = tmp.path().join("same");
    let s = index(&c, &same, &["--previous", old.to_str().unwrap()]);
    assert_eq!(s["index_hash"], first["index_hash"]);
    assert_eq!(s["previous"]["reused"].as_u64(), Some(n));
    assert_eq!(tables(&same), tables(&old));

    // Change one document, delete one, add a Markdown and a text file.
    let mut mds: Vec<PathBuf> = tree(&c)
        .into_iter()
        .filter(|(r, _)| r.ends_with(".md"))
        .map(|(r, _)| c.join(r))
        .collect();
    mds.sort();
    let mut changed = std::fs::read_to_string(&mds[3]).unwrap();
    changed.push_str("\n\nA closing paragraph added tonight.\n");
    std::fs::write(&mds[3], changed).unwrap();
    std::fs::remove_file(&mds[7]).unwrap();
    std::fs::write(c.join("new.md"), "# New\n\nA new document.\n").unwrap();
    std::fs::write(c.join("NOTES"), "NOTES\n\n   Plain text, new too.\n").unwrap();

    let full = tmp.path().join("full");
    let f = index(&c, &full, &[]);
    let incr = tmp.path().join("incr");
    let i = index(
        &c,
        &incr,
        &["--previous", old.to_str().unwrap(), "--threads", "2"],
    );
    assert_eq!(i["index_hash"], f["index_hash"], "{i}");
    assert_eq!(tables(&incr), tables(&full), "byte-identical to a full run");
    let p = &i["previous"];
    assert_eq!(p["index_hash"], first["index_hash"]);
    assert_eq!(p["reused"].as_u64(), Some(n - 2));
    assert_eq!(p["reprocessed"].as_u64(), Some(1));
    assert_eq!(p["new"].as_u64(), Some(2));
    assert_eq!(p["deleted"].as_u64(), Some(1));
    let m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(incr.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["previous"], *p);
    let v = run(&["validate", incr.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));

    // `index --json --previous PREVIOUS` into `out` that OLD cannot serve: a full run. Its
    // stderr (which says why) and its summary.
    let full_rerun = |out: &Path, previous: &Path, extra: &[&str]| {
        let mut args = extra.to_vec();
        args.extend(["--previous", previous.to_str().unwrap()]);
        let (summary, err) = index_and_stderr(&c, out, &args);
        assert!(summary.get("previous").is_none());
        (err, summary)
    };

    // Another config: a full run, said on stderr, same result as a full run with that config.
    let cfg = config_file(
        tmp.path(),
        "small.toml",
        "[chunk]\nmax_tokens = 200\noverlap_tokens = 20\n",
    );
    let other = tmp.path().join("other");
    let (err, o) = full_rerun(&other, &old, &["--config", cfg.to_str().unwrap()]);
    assert!(err.contains("another config"));
    let other_full = tmp.path().join("other-full");
    let of = index(&c, &other_full, &["--config", cfg.to_str().unwrap()]);
    assert_eq!(o["index_hash"], of["index_hash"]);

    // Another build: the manifest names the build (`0.1.0+<16 hex>`), and an index written by
    // another one (here as builds before build names wrote it: the bare version) is not
    // reused, whatever its version number: its rows may come from other rules.
    let v = m["tool_version"].as_str().unwrap();
    assert_eq!(v, docsweep::TOOL_VERSION);
    let (number, build) = v.split_once('+').unwrap();
    assert!(
        build.len() == 16 && build.bytes().all(|b| b.is_ascii_hexdigit()),
        "{v}"
    );
    let older = tmp.path().join("older");
    copy_dir(&old, &older);
    let manifest = std::fs::read_to_string(old.join("manifest.json")).unwrap();
    std::fs::write(
        older.join("manifest.json"),
        manifest.replace(&format!("\"{v}\""), &format!("\"{number}\"")),
    )
    .unwrap();
    let (err, o) = full_rerun(&tmp.path().join("again"), &older, &[]);
    assert!(
        err.contains(&format!("built by docsweep {number} (this is {v})")),
        "{err}"
    );
    assert_eq!(o["index_hash"], f["index_hash"]);
}

/// Sum of the row counts in an index summary's four tables.
fn table_rows(summary: &serde_json::Value) -> u64 {
    summary["documents"].as_u64().unwrap()
        + ["blocks", "sections", "chunks"]
            .iter()
            .map(|t| summary[*t].as_u64().unwrap())
            .sum::<u64>()
}

#[test]
fn previous_copies_page_runs_across_row_groups_and_part_files() {
    // Small runs, row groups and part files, so that copies and re-encodings meet every kind
    // of boundary: runs of about 4 KB of source, row groups of about 40 rows, part files of 150.
    let tmp = tempfile::tempdir().unwrap();
    let cfg = config_file(
        tmp.path(),
        "small.toml",
        "[sink]\npage_run_bytes = 4096\nrow_group_rows = 40\npart_rows = 150\n",
    );
    let cfg = cfg.to_str().unwrap();
    let c = tmp.path().join("corpus");
    copy_dir(&sample(), &c);
    // Files the plan judges without reading them: their rows are reused too.
    let first_md = tree(&c).into_iter().map(|(r, _)| r).min().unwrap();
    std::os::unix::fs::symlink(c.join(&first_md), c.join("m-link.md")).unwrap();
    let old = tmp.path().join("old");
    let first = index(&c, &old, &["--config", cfg]);
    assert!(
        std::fs::read_dir(old.join("blocks")).unwrap().count() > 2,
        "several part files"
    );

    // Nothing changed: every row is copied, none encoded again.
    let same = tmp.path().join("same");
    let s = index(
        &c,
        &same,
        &["--config", cfg, "--previous", old.to_str().unwrap()],
    );
    assert_eq!(tables(&same), tables(&old));
    assert_eq!(
        s["previous"]["rows_copied"].as_u64(),
        Some(table_rows(&first))
    );
    assert_eq!(s["previous"]["rows_reencoded"].as_u64(), Some(0));
    assert_eq!(s["previous"]["reprocessed"].as_u64(), Some(0));
    // And a diff of the two finds every document the same, the link among them.
    let o = run_diff(&old, &same, &tmp.path().join("same-diff"), &["--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        summary["documents"]["same"].as_u64(),
        first["documents"].as_u64(),
        "{summary}"
    );

    // Edits spread over the corpus: change every 9th file, delete every 13th, add two.
    let mut files: Vec<PathBuf> = tree(&c).into_iter().map(|(r, _)| c.join(r)).collect();
    files.sort();
    for (k, f) in files.iter().enumerate() {
        if k % 13 == 5 {
            std::fs::remove_file(f).unwrap();
        } else if k % 9 == 2 {
            let mut bytes = std::fs::read(f).unwrap();
            bytes.extend_from_slice(b"\n\nA line added by tonight's edit.\n");
            std::fs::write(f, bytes).unwrap();
        }
    }
    std::fs::write(
        c.join("aaa-first.md"),
        "# First\n\nSorted before the rest.\n",
    )
    .unwrap();
    std::fs::write(c.join("zzz-last.txt"), "LAST\n\nSorted after the rest.\n").unwrap();

    let full = tmp.path().join("full");
    let f = index(&c, &full, &["--config", cfg]);
    let incr = tmp.path().join("incr");
    let i = index(
        &c,
        &incr,
        &[
            "--config",
            cfg,
            "--threads",
            "3",
            "--previous",
            old.to_str().unwrap(),
        ],
    );
    assert_eq!(i["index_hash"], f["index_hash"], "{i}");
    assert_eq!(tables(&incr), tables(&full), "byte-identical to a full run");
    let p = &i["previous"];
    let copied = p["rows_copied"].as_u64().unwrap();
    let reencoded = p["rows_reencoded"].as_u64().unwrap();
    assert!(copied > 0 && reencoded > 0, "{p}");
    assert!(
        copied + reencoded < table_rows(&f),
        "changed rows are analyzed: {p}"
    );

    // An index written with --previous serves as the next night's OLD.
    std::fs::write(c.join("aaa-first.md"), "# First\n\nEdited again.\n").unwrap();
    let full2 = tmp.path().join("full2");
    let f2 = index(&c, &full2, &["--config", cfg]);
    let incr2 = tmp.path().join("incr2");
    let i2 = index(
        &c,
        &incr2,
        &["--config", cfg, "--previous", incr.to_str().unwrap()],
    );
    assert_eq!(i2["index_hash"], f2["index_hash"]);
    assert_eq!(tables(&incr2), tables(&full2));
    let v = run(&["validate", incr2.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

#[test]
fn trust_mtime_takes_files_on_size_and_mtime_without_reading_them() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    copy_dir(&sample(), &c);
    let old = tmp.path().join("old");
    let first = index(&c, &old, &[]);
    let prev = ["--previous", old.to_str().unwrap(), "--trust-mtime"];

    // Unchanged: every document OLD hashed is taken on its size and mtime.
    let s = index(&c, &tmp.path().join("same"), &prev);
    assert_eq!(s["index_hash"], first["index_hash"]);
    let p = &s["previous"];
    let hashed: u64 = std::fs::read_dir(old.join("documents"))
        .unwrap()
        .flat_map(|e| batches(&e.unwrap().path()))
        .map(|b| {
            let h = b.column_by_name("content_hash").unwrap();
            (h.len() - h.null_count()) as u64
        })
        .sum();
    assert!(hashed > 50);
    assert_eq!(p["trusted"].as_u64(), Some(hashed), "{p}");

    // An edit that keeps both size and mtime: missed with the flag (its contract), found by
    // the content hash without it.
    let mut mds: Vec<PathBuf> = tree(&c)
        .into_iter()
        .filter(|(r, _)| r.ends_with(".md"))
        .map(|(r, _)| c.join(r))
        .collect();
    mds.sort();
    let f = &mds[5];
    let when = std::fs::metadata(f).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(f).unwrap();
    let at = bytes.iter().position(|b| b.is_ascii_lowercase()).unwrap();
    bytes[at] = bytes[at].to_ascii_uppercase();
    std::fs::write(f, &bytes).unwrap();
    std::fs::File::options()
        .write(true)
        .open(f)
        .unwrap()
        .set_modified(when)
        .unwrap();
    let t = index(&c, &tmp.path().join("trusted"), &prev);
    assert_eq!(t["index_hash"], first["index_hash"], "the edit is not seen");
    let h = index(
        &c,
        &tmp.path().join("hashed"),
        &["--previous", old.to_str().unwrap()],
    );
    assert_ne!(h["index_hash"], first["index_hash"]);
    assert_eq!(h["previous"]["reprocessed"].as_u64(), Some(1));
    assert_eq!(h["previous"]["trusted"].as_u64(), Some(0));

    // A new mtime: the file is read again even with the flag.
    std::fs::write(f, &bytes).unwrap();
    let n = index(&c, &tmp.path().join("touched"), &prev);
    assert_eq!(n["index_hash"], h["index_hash"]);
    assert_eq!(n["previous"]["trusted"].as_u64(), Some(hashed - 1));

    // Stats that are not OLD's (a newer index's, whose sizes and mtimes are today's files'):
    // nothing is taken on them, and the edit is seen.
    std::fs::copy(
        tmp.path().join("touched/file_stats.parquet"),
        old.join("file_stats.parquet"),
    )
    .unwrap();
    let (o, err) = index_and_stderr(&c, &tmp.path().join("foreign"), &prev);
    assert_eq!(o["index_hash"], h["index_hash"]);
    assert_eq!(o["previous"]["trusted"].as_u64(), Some(0));
    assert!(err.contains("not the one its manifest lists"), "{err}");
}

#[test]
fn a_missing_or_damaged_previous_index_stops_the_run_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::write(c.join("a.md"), "# A\n\nText of a.\n").unwrap();
    std::fs::write(c.join("b.md"), "# B\n\nText of b.\n").unwrap();
    let old = tmp.path().join("old");
    index(&c, &old, &[]);
    std::fs::write(c.join("b.md"), "# B\n\nText of b, changed.\n").unwrap();

    let new = tmp.path().join("new");
    let with_previous = |prev: &Path| {
        run(&[
            "index",
            c.to_str().unwrap(),
            "-o",
            new.to_str().unwrap(),
            "--previous",
            prev.to_str().unwrap(),
        ])
    };
    let o = with_previous(&tmp.path().join("nowhere"));
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("nowhere: no such folder"));
    let o = with_previous(tmp.path());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no docsweep index there"));
    assert!(!new.exists());

    // A damaged part file is named, and nothing is left where NEW would go: one byte changed
    // inside a page (its pages would be copied as they are), then a cut file.
    let blocks = old.join("blocks/part-00000.parquet");
    let bytes = std::fs::read(&blocks).unwrap();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 3] ^= 0x20;
    for damaged in [flipped, bytes[..bytes.len() / 2].to_vec()] {
        std::fs::write(&blocks, &damaged).unwrap();
        let o = with_previous(&old);
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("blocks/part-00000.parquet"), "{err}");
        assert!(!new.exists());
    }
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Rows of `migration.parquet`: (doc path marker, kind, old_id, new_id, move, old_off,
/// new_off, new_parts, conf).
type MigrationRow = (
    String,
    String,
    Option<String>,
    String,
    (u64, u64),
    Option<(u64, u64)>,
    Vec<String>,
    f32,
    Vec<[u64; 3]>,
);

/// Every block of an index: (doc_id, off_begin, text).
fn block_texts(idx: &Path) -> Vec<(String, u64, String)> {
    use arrow_array::{StringArray, UInt64Array};
    use docsweep::sink::column;
    let mut out = Vec::new();
    for entry in std::fs::read_dir(idx.join("blocks")).unwrap() {
        for b in batches(&entry.unwrap().path()) {
            let doc = column::<StringArray>(&b, "doc_id").unwrap();
            let off = column::<UInt64Array>(&b, "off_begin").unwrap();
            let text = column::<StringArray>(&b, "text").unwrap();
            for i in 0..b.num_rows() {
                out.push((doc.value(i).into(), off.value(i), text.value(i).into()));
            }
        }
    }
    out
}

/// Canonical text `begin..begin + len` of a document, when one block holds it.
fn canonical(blocks: &[(String, u64, String)], doc: &str, begin: u64, len: u64) -> Option<String> {
    blocks
        .iter()
        .find(|(d, b, t)| d == doc && *b <= begin && begin + len <= b + t.len() as u64)
        .map(|(_, b, t)| t[(begin - b) as usize..(begin + len - b) as usize].to_string())
}

fn migration(out: &Path) -> Vec<MigrationRow> {
    use arrow_array::{Array, Float32Array, ListArray, StringArray, UInt64Array};
    use docsweep::sink::column;
    let mut rows = Vec::new();
    for b in batches(&out.join("migration.parquet")) {
        let s = |n: &str| column::<StringArray>(&b, n).unwrap().clone();
        let l = |n: &str| column::<ListArray>(&b, n).unwrap().clone();
        let (kind, old, new, mv) = (s("kind"), s("old_id"), s("new_id"), s("move"));
        let (oo, no, parts) = (l("old_off"), l("new_off"), l("new_parts"));
        let conf = column::<Float32Array>(&b, "conf").unwrap().clone();
        let maps = l("offset_map");
        let pair = |a: &ListArray, i: usize| {
            (!a.is_null(i)).then(|| {
                let v = a.value(i);
                let v = v.as_any().downcast_ref::<UInt64Array>().unwrap();
                (v.value(0), v.value(1))
            })
        };
        for i in 0..b.num_rows() {
            let p = parts.value(i);
            let p = p.as_any().downcast_ref::<StringArray>().unwrap();
            rows.push((
                kind.value(i).to_string(),
                old.value(i).to_string(),
                (!new.is_null(i)).then(|| new.value(i).to_string()),
                mv.value(i).to_string(),
                pair(&oo, i).unwrap(),
                pair(&no, i),
                (0..p.len()).map(|k| p.value(k).to_string()).collect(),
                conf.value(i),
                {
                    let m = maps.value(i);
                    let m = m
                        .as_any()
                        .downcast_ref::<arrow_array::StructArray>()
                        .unwrap();
                    let c = |k: usize| {
                        m.column(k)
                            .as_any()
                            .downcast_ref::<UInt64Array>()
                            .unwrap()
                            .clone()
                    };
                    let (ob, nb, len) = (c(0), c(1), c(2));
                    (0..m.len())
                        .map(|k| [ob.value(k), nb.value(k), len.value(k)])
                        .collect()
                },
            ));
        }
    }
    rows
}

/// `docsweep diff OLD NEW -o OUT`, with `extra` arguments.
fn run_diff(old: &Path, new: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "diff",
        old.to_str().unwrap(),
        new.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

/// Every id of a table of an index.
fn ids(idx: &Path, table: &str, col: &str) -> std::collections::HashSet<String> {
    use arrow_array::StringArray;
    let mut out = std::collections::HashSet::new();
    for entry in std::fs::read_dir(idx.join(table)).unwrap() {
        for b in batches(&entry.unwrap().path()) {
            let c = docsweep::sink::column::<StringArray>(&b, col).unwrap();
            out.extend((0..b.num_rows()).map(|i| c.value(i).to_string()));
        }
    }
    out
}

#[test]
fn diff_across_configs_names_only_ids_new_has() {
    // The same bytes chunked another way: blocks keep their ids, chunks do not, and no row
    // may lead a chunk id to an id NEW does not have.
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    for name in [
        "crates/aho-corasick/DESIGN.md",
        "crates/cargo/src/doc/src/reference/build-script-examples.md",
    ] {
        let to = c.join(name.replace('/', "_"));
        std::fs::copy(sample().join(name), to).unwrap();
    }
    let small = config_file(
        tmp.path(),
        "small.toml",
        "[chunk]\nmax_tokens = 96\noverlap_tokens = 16\n",
    );
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    index(&c, &old, &[]);
    index(&c, &new, &["--config", small.to_str().unwrap()]);
    let out = tmp.path().join("diff");
    let o = run_diff(&old, &new, &out, &["--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = migration(&out);
    let (blocks, chunks) = (
        ids(&new, "blocks", "block_id"),
        ids(&new, "chunks", "chunk_id"),
    );
    assert!(ids(&old, "chunks", "chunk_id").len() < chunks.len());
    for r in &rows {
        let known = if r.0 == "block" { &blocks } else { &chunks };
        assert!(r.2.as_ref().is_none_or(|n| known.contains(n)), "{r:?}");
        for p in &r.6 {
            assert!(known.contains(p), "{r:?}");
        }
    }
    assert!(rows
        .iter()
        .filter(|r| r.0 == "block")
        .all(|r| r.3 == "same"));
    assert!(rows
        .iter()
        .any(|r| r.0 == "chunk" && r.2.is_some() && r.3 != "same"));
}

#[test]
fn diff_of_better_hyphen_repair_is_shifts_only() {
    // OCR text indexed without hyphen repair, then with it: the same bytes under another
    // config, same ids, other text. Every old id leads to its new unit, as a shift.
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text");
    for name in ["pic-ocr.txt", "sed-ocr.txt"] {
        std::fs::copy(data.join(name), c.join(name)).unwrap();
    }
    let plain = config_file(tmp.path(), "plain.toml", "[text]\nhyphenation = false\n");
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    index(&c, &old, &["--config", plain.to_str().unwrap()]);
    index(&c, &new, &[]);
    let out = tmp.path().join("diff");
    let o = run_diff(&old, &new, &out, &["--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(summary["documents"]["changed"], 2, "{summary}");
    assert_eq!(summary["redirect_coverage"], 1.0);
    let rows = migration(&out);
    assert!(
        rows.iter().all(|r| r.3 == "same" || r.3 == "shift"),
        "{rows:?}"
    );
    // Joined words changed some blocks' text: those are shifts found by likeness.
    assert!(rows
        .iter()
        .any(|r| r.0 == "block" && r.3 == "shift" && r.7 < 1.0));
}

#[test]
fn diff_reports_shifts_splits_merges_renames_and_deletions() {
    let design = std::fs::read_to_string(sample().join("crates/aho-corasick/DESIGN.md")).unwrap();
    // The first plain paragraph with two sentence breaks, and the first pair of plain
    // paragraphs in a row: real text of a real document.
    let paras: Vec<&str> = design.split("\n\n").collect();
    let plain = |p: &str| {
        !p.is_empty()
            && !p.starts_with(['#', '`', '|', '-', '*', '>', '<', '[', '!', ' '])
            && !p.contains("```")
    };
    let para = paras
        .iter()
        .copied()
        .find(|p| plain(p) && p.matches(". ").count() >= 2)
        .unwrap();
    let pair = (0..paras.len() - 1)
        .find(|&i| plain(paras[i]) && plain(paras[i + 1]) && paras[i] != para)
        .unwrap();
    let first_sentence_end = para.find(". ").unwrap() + 1;

    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    // Each copy ends differently, so that a rename is told apart by its content hash.
    let design = |name: &str| format!("{design}\n\nThis copy is called {name}.\n");
    for name in ["edit", "split", "merge", "insert", "gone", "moved"] {
        std::fs::write(c.join(format!("{name}.md")), design(name)).unwrap();
    }
    let old = tmp.path().join("old");
    index(&c, &old, &[]);

    // Its last sentence rewritten.
    let last = para.rfind(". ").unwrap() + 2;
    let rewritten = format!(
        "{}This closing sentence was rewritten tonight.",
        &para[..last]
    );
    std::fs::write(
        c.join("edit.md"),
        design("edit").replacen(para, &rewritten, 1),
    )
    .unwrap();
    let cut = format!(
        "{}\n\n## Inserted heading\n\n{}",
        &para[..first_sentence_end],
        para[first_sentence_end..].trim_start()
    );
    std::fs::write(c.join("split.md"), design("split").replacen(para, &cut, 1)).unwrap();
    let joined = format!("{}\n{}", paras[pair], paras[pair + 1]);
    let two = format!("{}\n\n{}", paras[pair], paras[pair + 1]);
    std::fs::write(
        c.join("merge.md"),
        design("merge").replacen(&two, &joined, 1),
    )
    .unwrap();
    let base = design("insert");
    let at = base.find("\n# ").unwrap() + 1;
    let inserted = format!(
        "{}# A new first section\n\nWith a paragraph of its own, long enough to stand alone.\n\n{}",
        &base[..at],
        &base[at..]
    );
    std::fs::write(c.join("insert.md"), inserted).unwrap();
    std::fs::remove_file(c.join("gone.md")).unwrap();
    std::fs::rename(c.join("moved.md"), c.join("renamed.md")).unwrap();
    let new = tmp.path().join("new");
    index(&c, &new, &[]);

    let out = tmp.path().join("diff");
    let o = run_diff(&old, &new, &out, &["--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(summary["documents"]["renamed"], 1);
    assert_eq!(summary["documents"]["deleted"], 1);
    let rows = migration(&out);
    let doc = |name: &str| docsweep::ids::doc_id(&format!("{name}.md"));
    let of = |name: &str| -> Vec<MigrationRow> {
        let d = doc(name);
        rows.iter()
            .filter(|r| r.0 == "block" && r.1.starts_with(&d))
            .cloned()
            .collect()
    };

    let covered =
        |r: &MigrationRow| r.8.iter().map(|s| s[2]).sum::<u64>() as f64 / (r.4 .1 - r.4 .0) as f64;
    // One sentence changed: its block is a shift with conf ≥ 0.99 (it is the only block
    // between two that were copied exactly, in OLD and in NEW); every block keeps its id.
    let edit = of("edit");
    let edited: Vec<_> = edit
        .iter()
        .filter(|r| r.3 != "same" && covered(r) < 1.0)
        .collect();
    assert_eq!(edited.len(), 1, "{edited:?}");
    assert_eq!(edited[0].3, "shift");
    assert!(edited[0].7 >= 0.99, "{:?}", edited[0]);
    for r in &edit {
        assert_eq!(r.2.as_deref(), Some(r.1.as_str()), "{r:?}");
        assert!(r.3 == "same" || r.3 == "shift");
        assert!(r.7 >= 0.99, "{r:?}");
    }

    // The offset transform: every segment of every moved block holds the same text in OLD and
    // NEW, and covers most of an edited block (all but the rewritten sentence) and of a split.
    let (old_blocks, new_blocks) = (block_texts(&old), block_texts(&new));
    for name in ["edit", "split", "merge", "insert", "moved"] {
        let d = doc(name);
        let new_doc = if name == "moved" {
            doc("renamed")
        } else {
            d.clone()
        };
        for r in of(name).iter().filter(|r| r.3 != "same" && r.2.is_some()) {
            assert!(!r.8.is_empty(), "{r:?}");
            for &[ob, nb, len] in &r.8 {
                assert!(ob >= r.4 .0 && ob + len <= r.4 .1, "{r:?}");
                let was = canonical(&old_blocks, &d, ob, len).unwrap();
                assert_eq!(
                    Some(was),
                    canonical(&new_blocks, &new_doc, nb, len),
                    "{r:?}"
                );
            }
        }
    }
    let kept =
        1.0 - "This closing sentence was rewritten tonight.".len() as f64 / para.len() as f64;
    assert!(covered(edited[0]) >= kept - 0.05, "{:?}", edited[0]);

    // A heading inserted into a paragraph: that block is split in two parts.
    let split: Vec<_> = of("split").into_iter().filter(|r| r.3 == "split").collect();
    assert_eq!(split.len(), 1, "{split:?}");
    assert_eq!(split[0].6.len(), 2);
    assert!(covered(&split[0]) > 0.9, "{:?}", split[0]);

    // Two paragraphs joined: both merge into one new block, longer than either.
    let merged: Vec<_> = of("merge").into_iter().filter(|r| r.3 == "merge").collect();
    assert_eq!(merged.len(), 2, "{merged:?}");
    assert_eq!(merged[0].2, merged[1].2);
    let (nb, ne) = merged[0].5.unwrap();
    assert!(ne - nb > merged[0].4 .1 - merged[0].4 .0);
    assert!(ne - nb > merged[1].4 .1 - merged[1].4 .0);

    // A section inserted: later sections renumber, and every old id has a new one.
    let insert = of("insert");
    assert!(insert.iter().all(|r| r.2.is_some()), "{insert:?}");
    assert!(insert.iter().any(|r| r.2.as_deref() != Some(r.1.as_str())));

    // Deleted and renamed documents.
    assert!(of("gone").iter().all(|r| r.3 == "deleted" && r.2.is_none()));
    let moved = of("moved");
    assert!(!moved.is_empty());
    let renamed = doc("renamed");
    assert!(moved.iter().all(|r| r.3 == "shift"
        && r.7 == 1.0
        && r.2.as_deref().is_some_and(|n| n.starts_with(&renamed))));
    // Same bytes: each unit's whole text moves, where its new unit starts.
    assert!(moved
        .iter()
        .all(|r| r.8 == [[r.4 .0, r.5.unwrap().0, r.4 .1 - r.4 .0]]));
    assert!(out.join("redirects.parquet").is_file() && out.join("summary.json").is_file());

    // OLD is compared a window of documents at a time: windows of one unit (a document each)
    // give the same rows and summary.
    let narrow = config_file(tmp.path(), "narrow.toml", "[diff]\nwindow_units = 1\n");
    let out4 = tmp.path().join("diff4");
    let o = run_diff(
        &old,
        &new,
        &out4,
        &["--json", "--config", narrow.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut windowed: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut whole = summary.clone();
    for s in [&mut windowed, &mut whole] {
        s.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(windowed, whole);
    assert_eq!(migration(&out4), rows);
    // One thread or several: the same files, byte for byte.
    let out5 = tmp.path().join("diff5");
    let o = run_diff(&old, &new, &out5, &["--threads", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["migration.parquet", "redirects.parquet"] {
        assert_eq!(
            std::fs::read(out.join(f)).unwrap(),
            std::fs::read(out5.join(f)).unwrap(),
            "{f}"
        );
    }

    // Thresholds come from the config: with likeness required to be 0.99, the edited block
    // is unmapped.
    let strict = config_file(
        tmp.path(),
        "strict.toml",
        "[diff]\nshift = 0.99\nunmapped = 0.99\n",
    );
    let out3 = tmp.path().join("diff3");
    let o = run_diff(&old, &new, &out3, &["--config", strict.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let again = migration(&out3);
    let row = again
        .iter()
        .find(|r| r.1 == edited[0].1 && r.0 == "block")
        .unwrap();
    assert_eq!(row.3, "unmapped", "{row:?}");

    // A missing OLD or a damaged NEW: a clear error, and no OUT.
    let out2 = tmp.path().join("diff2");
    let o = run_diff(&tmp.path().join("nowhere"), &new, &out2, &[]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no docsweep index there"));
    let part = new.join("documents/part-00000.parquet");
    let bytes = std::fs::read(&part).unwrap();
    std::fs::write(&part, &bytes[..bytes.len() / 2]).unwrap();
    let o = run_diff(&old, &new, &out2, &[]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("documents/part-00000.parquet"));
    assert!(!out2.exists());

    // Damage found while going through OLD's blocks (pages garbled, footer intact): the same,
    // and no half-written OUT beside its place either.
    std::fs::write(&part, &bytes).unwrap();
    let blocks = old.join("blocks/part-00000.parquet");
    let mut garbled = std::fs::read(&blocks).unwrap();
    let n = garbled.len();
    garbled[4..n * 3 / 4].fill(0x5a);
    std::fs::write(&blocks, &garbled).unwrap();
    let o = run_diff(&old, &new, &out2, &[]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("blocks/part-00000.parquet"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!out2.exists());
    assert_no_leftovers(tmp.path());
}

/// A write that fails for want of room (here the file-size limit of the shell, `ulimit -f`)
/// names the output and what to do, and the index already there stays as it was.
#[test]
fn a_failed_write_names_the_output_and_keeps_the_old_index() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("idx");
    index(&sample(), &out, &["-q"]);
    let before = tree(&out);
    let o = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 200; exec \"$0\" index \"$1\" -o \"$2\" -q")
        .arg(env!("CARGO_BIN_EXE_docsweep"))
        .arg(sample())
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("cannot write the output {}", out.display()))
            && err.contains("choose another output path"),
        "{err}"
    );
    assert_eq!(tree(&out), before);
}

/// A manifest that lists a file outside its index (`../../dev/zero`) is damaged: validate and
/// `--previous` stop on it with a reason instead of reading that file.
#[test]
fn a_manifest_pointing_outside_its_index_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let idx = tmp.path().join("idx");
    index(&sample(), &idx, &["-q"]);
    let p = idx.join("manifest.json");
    let text = std::fs::read_to_string(&p).unwrap();
    let mut m: serde_json::Value = serde_json::from_str(&text).unwrap();
    m["tables"]["blocks"]["files"][0]["path"] = "../../../../../../dev/zero".into();
    std::fs::write(&p, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let o = run(&["validate", idx.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("lists a file outside the index"));
    let o = run(&[
        "index",
        sample().to_str().unwrap(),
        "-o",
        tmp.path().join("new").to_str().unwrap(),
        "--previous",
        idx.to_str().unwrap(),
        "-q",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("lists a file outside the index"));
}

/// `manifest.json` of `index`, edited by `edit` and written back.
fn edit_manifest(index: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let p = index.join("manifest.json");
    let mut m: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    edit(&mut m);
    std::fs::write(&p, serde_json::to_vec_pretty(&m).unwrap()).unwrap();
}

/// What `--previous` and `diff` trust without decoding every page is checked first: a table
/// file that is not the one the manifest lists (another index's, a partial copy), a manifest
/// edited by hand (its `index_hash`, a file entry made to fit a damaged file, a `config` its
/// `config_hash` does not name) stop the run with the index named and write nothing, where
/// they used to give a wrong migration or carry stale rows. `validate` finds files in the
/// table folders that the manifest does not list (a reader of `chunks/*.parquet` takes their
/// rows), a file listed twice (without reading it twice), and rows out of the documents'
/// order.
#[test]
fn an_edited_or_damaged_index_is_never_trusted() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    copy_dir(&sample(), &c);
    let cfg = config_file(
        tmp.path(),
        "small.toml",
        "[sink]\nrow_group_rows = 200\npart_rows = 400\n",
    );
    let cfg = cfg.to_str().unwrap();
    let old = tmp.path().join("old");
    index(&c, &old, &["--config", cfg]);
    let md = walkdir::WalkDir::new(&c)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .find(|p| p.extension().is_some_and(|e| e == "md"))
        .unwrap();
    let mut text = std::fs::read_to_string(&md).unwrap();
    text.push_str("\nOne more paragraph at the end.\n");
    std::fs::write(&md, text).unwrap();
    let new = tmp.path().join("new");
    index(&c, &new, &["--config", cfg]);
    let out = tmp.path().join("out");
    let refused = |o: Output, names: &str| {
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(
            !o.status.success(),
            "accepted; wanted a refusal naming {names}"
        );
        assert!(err.contains(names), "{err}");
        assert!(!out.exists());
    };

    // diff: NEW's documents file swapped for OLD's (it decodes, to the wrong documents).
    let swapped = tmp.path().join("swapped");
    copy_dir(&new, &swapped);
    std::fs::copy(
        old.join("documents/part-00000.parquet"),
        swapped.join("documents/part-00000.parquet"),
    )
    .unwrap();
    refused(
        run_diff(&old, &swapped, &out, &[]),
        "documents/part-00000.parquet",
    );
    // An edited index_hash.
    let edited = tmp.path().join("edited");
    copy_dir(&old, &edited);
    edit_manifest(&edited, |m| m["index_hash"] = "f".repeat(32).into());
    refused(run_diff(&edited, &new, &out, &[]), "index_hash");

    // --previous: a file entry rewritten to fit a damaged file (its pages would be copied
    // as they are), and a config that is not the one OLD was built with.
    let with_previous = |prev: &Path| {
        run(&[
            "index",
            c.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--config",
            cfg,
            "--previous",
            prev.to_str().unwrap(),
        ])
    };
    let fitted = tmp.path().join("fitted");
    copy_dir(&old, &fitted);
    let part = fitted.join("blocks/part-00000.parquet");
    let mut bytes = std::fs::read(&part).unwrap();
    let at = bytes.len() / 3;
    bytes[at] ^= 0x01;
    std::fs::write(&part, &bytes).unwrap();
    let (size, hash) = docsweep::ids::file_hash(&part).unwrap();
    edit_manifest(&fitted, |m| {
        let f = &mut m["tables"]["blocks"]["files"][0];
        f["bytes"] = size.into();
        f["hash"] = hash.into();
    });
    refused(
        with_previous(&fitted),
        "index_hash is not the one its files give",
    );
    let stale = tmp.path().join("stale");
    copy_dir(&old, &stale);
    edit_manifest(&stale, |m| m["config"]["chunk"]["max_tokens"] = 300.into());
    refused(
        with_previous(&stale),
        "config is not the one its config_hash names",
    );
    // The undamaged OLD is reused.
    let o = with_previous(&old);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&out).unwrap();

    // validate: a copy tool's hidden checksum files are no rows...
    let hidden = tmp.path().join("hidden");
    copy_dir(&old, &hidden);
    std::fs::write(hidden.join("chunks/.part-00000.parquet.crc"), b"crc").unwrap();
    std::fs::write(hidden.join("blocks/.DS_Store"), b"").unwrap();
    let v = run(&["validate", hidden.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    // ...but an unlisted Parquet file where DuckDB would read it is.
    let extra = tmp.path().join("extra");
    copy_dir(&old, &extra);
    std::fs::copy(
        extra.join("chunks/part-00000.parquet"),
        extra.join("chunks/part-09999.parquet"),
    )
    .unwrap();
    assert!(failed_checks(&extra).contains(&"table folders hold only the listed files".to_string()));
    // A file listed a thousand times.
    let many = tmp.path().join("many");
    copy_dir(&old, &many);
    edit_manifest(&many, |m| {
        let f = m["tables"]["blocks"]["files"][0].clone();
        let files = m["tables"]["blocks"]["files"].as_array_mut().unwrap();
        files.extend(std::iter::repeat_n(f, 1000));
    });
    assert!(failed_checks(&many).contains(&"the manifest is consistent".to_string()));
    // Part files listed out of order, with the hash made to fit: rows out of document order.
    let order = tmp.path().join("order");
    copy_dir(&old, &order);
    edit_manifest(&order, |m| {
        let files = m["tables"]["blocks"]["files"].as_array_mut().unwrap();
        assert!(
            files.len() >= 2,
            "the small config makes several part files"
        );
        files.swap(0, 1);
        let infos = |t: &str| -> Vec<docsweep::sink::FileInfo> {
            serde_json::from_value(m["tables"][t]["files"].clone()).unwrap()
        };
        let written: Vec<(&str, Vec<docsweep::sink::FileInfo>)> =
            ["documents", "blocks", "sections", "chunks"]
                .into_iter()
                .map(|t| (t, infos(t)))
                .collect();
        let h = docsweep::sink::commit::index_hash(
            m["tool_version"].as_str().unwrap(),
            m["config_hash"].as_str().unwrap(),
            &written,
        );
        m["index_hash"] = h.into();
    });
    let failed = failed_checks(&order);
    assert!(
        failed.contains(&"rows follow the documents' order".to_string()),
        "{failed:?}"
    );
    assert!(
        !failed.contains(&"the manifest is consistent".to_string()),
        "{failed:?}"
    );
}

/// A config of any values is read back from the manifest, and from a plan, as it was
/// written: `edge_band = 0.11` came back one bit off, so its hash named another config, and
/// `validate`, `--previous`, `diff` and a shard's `run` refused the index or the plan.
#[test]
fn a_config_of_any_values_is_read_back_as_written() {
    let tmp = tempfile::tempdir().unwrap();
    let cfg = config_file(
        tmp.path(),
        "cfg.toml",
        "[pdf]\nedge_band = 0.11\nfurniture_min_share = 0.91\n",
    );
    let cfg = cfg.to_str().unwrap();
    let idx = tmp.path().join("idx");
    index(&sample(), &idx, &["--config", cfg, "-q"]);
    let v = run(&["validate", idx.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    let again = tmp.path().join("again");
    let s = index(
        &sample(),
        &again,
        &["--config", cfg, "--previous", idx.to_str().unwrap()],
    );
    assert!(s["previous"]["reused"].as_u64().unwrap() > 50, "{s}");
    let o = run_diff(&idx, &again, &tmp.path().join("diff"), &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let plan = tmp.path().join("plan.parquet");
    let o = run(&[
        "plan",
        sample().to_str().unwrap(),
        "-o",
        plan.to_str().unwrap(),
        "--shards",
        "2",
        "--config",
        cfg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&[
        "run",
        "--plan",
        plan.to_str().unwrap(),
        "--shard",
        "0",
        "-o",
        tmp.path().join("run").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Ctrl-C stops a run at once even while an OCR command is reading a page: the command runs
/// in a process group of its own (so that the time limit can kill what it started), out of the
/// terminal's reach, and the interrupt handler kills it.
#[cfg(feature = "pdf")]
#[test]
fn an_interrupt_stops_the_ocr_commands_too() {
    let tmp = tempfile::tempdir().unwrap();
    let c = tmp.path().join("corpus");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf/bad/scanned-no-text.pdf"),
        c.join("scan.pdf"),
    )
    .unwrap();
    let cfg = config_file(
        tmp.path(),
        "ocr.toml",
        "[pdf]\nmax_seconds = 0\nocr_command = [\"sh\", \"-c\", \"sleep 60; echo late {image}\"]\n",
    );
    let idx = tmp.path().join("idx");
    let mut cmd = bin();
    cmd.args([
        "index",
        c.to_str().unwrap(),
        "-o",
        idx.to_str().unwrap(),
        "--config",
        cfg.to_str().unwrap(),
        "-q",
    ]);
    let started = std::time::Instant::now();
    interrupt(cmd, tmp.path(), "idx", "INT");
    let took = started.elapsed().as_secs_f64();
    assert!(
        took < 30.0,
        "the run waited {took:.0} s for its OCR command after Ctrl-C"
    );
    assert!(!idx.exists());
}
