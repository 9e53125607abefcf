//! Sharded runs of the `docsweep` binary: `plan`, `run --shard`, `commit` against a single
//! `index` over the same corpus (same `index_hash`, same table files), missing, killed and
//! damaged shards, and bad plans and run folders.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_docsweep"))
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/sample")
}

fn ok(args: &[&str]) -> serde_json::Value {
    let o = bin().args(args).output().expect("docsweep runs");
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    if o.stdout.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_slice(&o.stdout).expect("--json prints a summary")
    }
}

/// A command that must fail with exit code 2; returns its message.
fn fails(args: &[&str]) -> String {
    let o: Output = bin().args(args).output().expect("docsweep runs");
    assert_eq!(
        o.status.code(),
        Some(2),
        "{args:?} should fail: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The Parquet files of an index (or any folder), relative, with their bytes.
fn tables(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.unwrap();
        if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "parquet") {
            let rel = e.path().strip_prefix(dir).unwrap();
            out.push((
                rel.to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            ));
        }
    }
    out
}

fn index(corpus: &Path, out: &Path) -> String {
    let v = ok(&["index", s(corpus), "-o", s(out), "--json"]);
    v["index_hash"].as_str().unwrap().to_string()
}

/// plan → run every shard → commit; returns the commit's summary.
fn sharded(corpus: &Path, work: &Path, n: u32, extra_plan: &[&str]) -> serde_json::Value {
    let plan = work.join("plan.parquet");
    let mut args = vec![
        "plan",
        s(corpus),
        "-o",
        s(&plan),
        "--shards",
        Box::leak(n.to_string().into_boxed_str()),
        "--json",
    ];
    args.extend_from_slice(extra_plan);
    let p = ok(&args);
    assert_eq!(p["shards"], n);
    for i in 0..n {
        ok(&["run", "--plan", s(&plan), "--shard", &i.to_string(), "-q"]);
    }
    ok(&[
        "commit",
        "--plan",
        s(&plan),
        "-o",
        s(&work.join("index")),
        "--json",
    ])
}

#[test]
fn sharded_runs_are_byte_identical_to_a_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let reference = tmp.path().join("ref");
    let hash = index(&sample(), &reference);
    let mut reencoded = Vec::new();
    // 120 shards: more than the sample's documents, so some shards are empty.
    for n in [1, 2, 3, 7, 120] {
        let work = tmp.path().join(format!("n{n}"));
        let c = sharded(&sample(), &work, n, &[]);
        assert_eq!(c["index_hash"], hash.as_str(), "{n} shards");
        assert!(
            tables(&work.join("index")) == tables(&reference),
            "{n} shards: the table files differ from a single run's"
        );
        let m: serde_json::Value =
            serde_json::from_slice(&std::fs::read(work.join("index/manifest.json")).unwrap())
                .unwrap();
        assert_eq!(m["sharded"]["shards"], n);
        // Every table row came from a shard, copied or encoded again.
        let rows: u64 = m["tables"]
            .as_object()
            .unwrap()
            .values()
            .map(|t| t["rows"].as_u64().unwrap())
            .sum();
        let sh = &c["sharded"];
        assert_eq!(
            sh["rows_copied"].as_u64().unwrap() + sh["rows_reencoded"].as_u64().unwrap(),
            rows,
            "{n} shards"
        );
        assert_eq!(m["documents"], c["documents"]);
        reencoded.push(c["sharded"]["rows_reencoded"].as_u64().unwrap());
        // Every shard's output is itself a valid index.
        for i in 0..n {
            ok(&[
                "validate",
                s(&work.join(format!("plan.run/shard-{i:05}"))),
                "--json",
            ]);
        }
    }
    // One shard is copied whole; more shards re-encode only the runs at their borders.
    assert_eq!(reencoded[0], 0);
    assert!(reencoded[1] > 0, "{reencoded:?}");
    // The plan itself does not depend on the thread count.
    let plans: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|t| {
            let p = tmp.path().join(format!("plan-{t}.parquet"));
            ok(&[
                "plan",
                s(&sample()),
                "-o",
                s(&p),
                "--shards",
                "5",
                "--threads",
                t,
                "-q",
            ]);
            std::fs::read(p).unwrap()
        })
        .collect();
    assert!(plans[0] == plans[1]);
}

#[test]
fn a_sharded_nightly_run_carries_unchanged_documents_over() {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    copy(&sample(), &corpus);
    let old = tmp.path().join("old");
    index(&corpus, &old);
    // One document edited, one deleted, one added.
    let mds: Vec<PathBuf> = walkdir::WalkDir::new(&corpus)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    let mut edited = std::fs::read_to_string(&mds[0]).unwrap();
    edited.push_str("\n\n## Added tonight\n\nA new paragraph.\n");
    std::fs::write(&mds[0], edited).unwrap();
    std::fs::remove_file(&mds[1]).unwrap();
    std::fs::copy(&mds[2], corpus.join("added.md")).unwrap();
    let hash = index(&corpus, &tmp.path().join("ref"));

    let work = tmp.path().join("nightly");
    let c = sharded(&corpus, &work, 3, &["--previous", s(&old)]);
    assert_eq!(c["index_hash"], hash.as_str());
    let p = &c["previous"];
    assert_eq!(
        (
            p["reprocessed"].as_u64(),
            p["new"].as_u64(),
            p["deleted"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    assert!(p["reused"].as_u64().unwrap() > 80);
    assert!(p["rows_copied"].as_u64().unwrap() > 0);
    // The work went to the shards; the unchanged documents were not in any.
    let shard_docs: u64 = (0..3)
        .map(|i| {
            let m: serde_json::Value = serde_json::from_slice(
                &std::fs::read(work.join(format!("plan.run/shard-{i:05}/manifest.json"))).unwrap(),
            )
            .unwrap();
            m["documents"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(shard_docs, 2);

    // A file list (as an object-store inventory gives it) plans the same work as the walk.
    let list: String = walkdir::WalkDir::new(&corpus)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| format!("{}\n", e.path().strip_prefix(&corpus).unwrap().display()))
        .collect();
    std::fs::write(tmp.path().join("list"), list).unwrap();
    let walked = ok(&[
        "plan",
        s(&corpus),
        "-o",
        s(&tmp.path().join("a.parquet")),
        "--shards",
        "3",
        "--previous",
        s(&old),
        "--json",
    ]);
    let listed = ok(&[
        "plan",
        s(&corpus),
        "-o",
        s(&tmp.path().join("b.parquet")),
        "--shards",
        "3",
        "--previous",
        s(&old),
        "--files-from",
        s(&tmp.path().join("list")),
        "--json",
    ]);
    assert_eq!(walked["plan_id"], listed["plan_id"]);

    // The previous index replaced after the plan was made: the commit refuses to mix them.
    let plan = tmp.path().join("a.parquet");
    for i in 0..3 {
        ok(&["run", "--plan", s(&plan), "--shard", &i.to_string(), "-q"]);
    }
    index(&corpus, &old);
    let e = fails(&[
        "commit",
        "--plan",
        s(&plan),
        "-o",
        s(&tmp.path().join("late")),
    ]);
    assert!(e.contains("changed since the plan was made"), "{e}");
    assert!(!tmp.path().join("late").exists());
}

fn copy(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from) {
        let e = e.unwrap();
        let p = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&p).unwrap();
        } else {
            std::fs::copy(e.path(), &p).unwrap();
        }
    }
}

#[test]
fn commit_refuses_missing_killed_or_damaged_shards_until_they_are_rerun() {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    common::big_corpus(&corpus);
    let hash = index(&corpus, &tmp.path().join("ref"));
    let plan = tmp.path().join("plan.parquet");
    let run = tmp.path().join("run");
    let out = tmp.path().join("index");
    ok(&["plan", s(&corpus), "-o", s(&plan), "--shards", "4", "-q"]);
    let shard = |i: u32| {
        ok(&[
            "run",
            "--plan",
            s(&plan),
            "--shard",
            &i.to_string(),
            "-o",
            s(&run),
            "-q",
        ])
    };
    let commit_args = [
        "commit",
        "--plan",
        s(&plan),
        "--run",
        s(&run),
        "-o",
        s(&out),
    ];
    let commit = || fails(&commit_args);
    shard(0);
    shard(1);
    shard(3);

    // Shard 2 never ran.
    let e = commit();
    assert!(e.contains("shard 2") && e.contains("_SUCCESS"), "{e}");
    assert!(!out.exists());

    // Shard 2 killed mid-run: it leaves no shard folder and no _SUCCESS.
    let child = bin()
        .args([
            "run",
            "--plan",
            s(&plan),
            "--shard",
            "2",
            "-o",
            s(&run),
            "--threads",
            "1",
            "-q",
        ])
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !std::fs::read_dir(&run).unwrap().flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .starts_with(".shard-00002.docsweep-tmp-")
    }) {
        assert!(
            started.elapsed().as_secs() < 20,
            "shard 2 never started writing"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(Command::new("kill")
        .args(["-KILL", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let status = child.wait_with_output().unwrap().status;
    assert!(
        !status.success(),
        "shard 2 finished before it was killed; make the corpus bigger"
    );
    assert!(!run.join("shard-00002/_SUCCESS").exists());
    let e = commit();
    assert!(e.contains("shard 2"), "{e}");
    assert!(!out.exists());

    // The rerun cleans up what the killed one left, and the commit matches a single run.
    shard(2);
    let commit_ok = || ok(&[&commit_args[..], &["--json"]].concat());
    assert_eq!(commit_ok()["index_hash"], hash.as_str());
    let leftovers: Vec<String> = std::fs::read_dir(&run)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".docsweep-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // A shard damaged after it succeeded: the commit names it and leaves the index alone.
    let before = tables(&out);
    let part = walkdir::WalkDir::new(run.join("shard-00001/chunks"))
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .find(|p| p.extension().is_some_and(|x| x == "parquet"))
        .unwrap();
    let mut bytes = std::fs::read(&part).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0xff;
    std::fs::write(&part, bytes).unwrap();
    let e = commit();
    assert!(e.contains("shard 1") && e.contains("damaged"), "{e}");
    assert!(tables(&out) == before);
    // Rerunning a shard is idempotent: same bytes as the first time, and the commit matches.
    shard(1);
    assert_eq!(commit_ok()["index_hash"], hash.as_str());
}

#[test]
fn bad_plans_and_run_folders_get_clear_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = tmp.path().join("plan.parquet");
    let run = tmp.path().join("plan.run");
    let out = tmp.path().join("index");
    ok(&["plan", s(&sample()), "-o", s(&plan), "--shards", "3", "-q"]);

    // Shard numbers: out of range, or from the environment of an array job.
    let e = fails(&["run", "--plan", s(&plan), "--shard", "3"]);
    assert!(
        e.contains("shard 3 is out of range") && e.contains("0 to 2"),
        "{e}"
    );
    for var in [
        "JOB_COMPLETION_INDEX",
        "SLURM_ARRAY_TASK_ID",
        "AWS_BATCH_JOB_ARRAY_INDEX",
    ] {
        let _ = std::fs::remove_dir_all(&run);
        let o = bin()
            .args(["run", "--plan", s(&plan), "--shard-from-env", "-q"])
            .env_remove("JOB_COMPLETION_INDEX")
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("AWS_BATCH_JOB_ARRAY_INDEX")
            .env(var, "1")
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{var}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(run.join("shard-00001/_SUCCESS").is_file(), "{var}");
    }
    let o = bin()
        .args(["run", "--plan", s(&plan), "--shard-from-env"])
        .env_remove("JOB_COMPLETION_INDEX")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("AWS_BATCH_JOB_ARRAY_INDEX")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("none of JOB_COMPLETION_INDEX"));

    // Not a plan; a config other than the plan's.
    let e = fails(&[
        "run",
        "--plan",
        s(&Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")),
        "--shard",
        "0",
    ]);
    assert!(e.contains("not a docsweep plan"), "{e}");
    let cfg = tmp.path().join("other.toml");
    std::fs::write(&cfg, "[chunk]\nmax_tokens = 300\n").unwrap();
    let e = fails(&[
        "run",
        "--plan",
        s(&plan),
        "--shard",
        "0",
        "--config",
        s(&cfg),
    ]);
    assert!(e.contains("config hash"), "{e}");

    for i in [0, 2] {
        ok(&["run", "--plan", s(&plan), "--shard", &i.to_string(), "-q"]);
    }
    // Foreign files in the run folder.
    std::fs::write(run.join("notes.txt"), "mine").unwrap();
    let e = fails(&["commit", "--plan", s(&plan), "-o", s(&out)]);
    assert!(e.contains("did not write (notes.txt)"), "{e}");
    std::fs::remove_file(run.join("notes.txt")).unwrap();

    // Shards of another plan (another config or corpus gives another plan id).
    let other = tmp.path().join("other.parquet");
    ok(&[
        "plan",
        s(&sample()),
        "-o",
        s(&other),
        "--shards",
        "3",
        "--exclude",
        "*.pdf",
        "-q",
    ]);
    let e = fails(&[
        "commit",
        "--plan",
        s(&other),
        "--run",
        s(&run),
        "-o",
        s(&out),
    ]);
    assert!(e.contains("was not made from this plan"), "{e}");
    let few = tmp.path().join("few.parquet");
    ok(&["plan", s(&sample()), "-o", s(&few), "--shards", "2", "-q"]);
    let e = fails(&["commit", "--plan", s(&few), "--run", s(&run), "-o", s(&out)]);
    assert!(e.contains("holds shard 2 but the plan has 2 shards"), "{e}");
    assert!(!out.exists());

    // Two commits racing for one output: the one that finds the lock taken fails at once and
    // writes nothing.
    let index_before = tmp.path().join("index");
    let c = ok(&[
        "commit",
        "--plan",
        s(&plan),
        "-o",
        s(&index_before),
        "--json",
    ]);
    let before = tables(&out);
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(tmp.path().join(".index.docsweep-lock"))
        .unwrap();
    lock.try_lock().unwrap();
    let e = fails(&["commit", "--plan", s(&plan), "-o", s(&out)]);
    assert!(e.contains("another docsweep is writing"), "{e}");
    let e = fails(&["index", s(&sample()), "-o", s(&out)]);
    assert!(e.contains("another docsweep is writing"), "{e}");
    assert!(tables(&out) == before);
    drop(lock);
    // Started together, each either wins or is turned away by the lock; the index is whole.
    let racers: Vec<_> = (0..2)
        .map(|_| {
            bin()
                .args(["commit", "--plan", s(&plan), "-o", s(&out), "--json"])
                .stderr(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut wins = 0;
    for r in racers {
        let o = r.wait_with_output().unwrap();
        if o.status.success() {
            wins += 1;
        } else {
            assert!(String::from_utf8_lossy(&o.stderr).contains("another docsweep is writing"));
        }
    }
    assert!(wins >= 1);
    assert!(tables(&out) == before);
    ok(&["validate", s(&out), "--json"]);
    assert!(c["index_hash"].is_string());
}

/// Rewrites a plan file with `edit` applied to its rows' batch and `meta` to its description.
fn rewrite_plan(
    plan: &Path,
    out: &Path,
    edit: impl Fn(arrow_array::RecordBatch) -> arrow_array::RecordBatch,
    meta: impl Fn(String) -> String,
) {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let b = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(plan).unwrap()).unwrap();
    let kv = b
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap()
        .clone();
    let json = kv
        .iter()
        .find(|k| k.key == "docsweep.plan")
        .unwrap()
        .value
        .clone()
        .unwrap();
    let schema = b.schema().clone();
    let batches: Vec<_> = b.build().unwrap().map(Result::unwrap).map(&edit).collect();
    let props = parquet::file::properties::WriterProperties::builder()
        .set_key_value_metadata(Some(vec![parquet::file::metadata::KeyValue::new(
            "docsweep.plan".into(),
            meta(json),
        )]))
        .build();
    let mut w = parquet::arrow::ArrowWriter::try_new(
        std::fs::File::create(out).unwrap(),
        schema,
        Some(props),
    )
    .unwrap();
    for b in batches {
        w.write(&b).unwrap();
    }
    w.close().unwrap();
}

#[test]
fn a_damaged_plan_is_refused_and_never_indexes_a_file_under_another_name() {
    use arrow_array::{Array, RecordBatch, StringArray};
    use std::sync::Arc;
    let tmp = tempfile::tempdir().unwrap();
    let plan = tmp.path().join("plan.parquet");
    ok(&["plan", s(&sample()), "-o", s(&plan), "--shards", "2", "-q"]);
    // The same rows and description, written again: still a good plan.
    let same = tmp.path().join("same.parquet");
    rewrite_plan(&plan, &same, |b| b, |m| m);
    ok(&[
        "run",
        "--plan",
        s(&same),
        "--shard",
        "0",
        "-o",
        s(&tmp.path().join("r0")),
        "-q",
    ]);
    // A shard's document count edited in the description.
    let counts = tmp.path().join("counts.parquet");
    rewrite_plan(
        &plan,
        &counts,
        |b| b,
        |m| m.replacen("\"documents\":", "\"documents\":1", 1),
    );
    let e = fails(&["run", "--plan", s(&counts), "--shard", "0"]);
    assert!(e.contains("the plan is damaged"), "{e}");
    // A path edited in the rows (the file-system path left as it was).
    let renamed = tmp.path().join("renamed.parquet");
    rewrite_plan(
        &plan,
        &renamed,
        |b: RecordBatch| {
            let i = b.schema().index_of("path").unwrap();
            let old = b.column(i).as_any().downcast_ref::<StringArray>().unwrap();
            let new: StringArray = (0..old.len())
                .map(|k| {
                    Some(if k == 0 {
                        format!("x{}", old.value(k))
                    } else {
                        old.value(k).to_string()
                    })
                })
                .collect();
            let mut cols = b.columns().to_vec();
            cols[i] = Arc::new(new);
            RecordBatch::try_new(b.schema(), cols).unwrap()
        },
        |m| m,
    );
    let e = fails(&["run", "--plan", s(&renamed), "--shard", "0"]);
    assert!(e.contains("the plan is damaged"), "{e}");
    // And a plan is never written over a file that is not a plan.
    let precious = tmp.path().join("precious.txt");
    std::fs::write(&precious, "keep me").unwrap();
    let e = fails(&["plan", s(&sample()), "-o", s(&precious)]);
    assert!(e.contains("not a docsweep plan"), "{e}");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
    let e = fails(&[
        "commit",
        "--plan",
        s(&plan),
        "--previous",
        s(&tmp.path().join("r0")),
        "-o",
        s(&tmp.path().join("i")),
    ]);
    assert!(e.contains("made without one"), "{e}");
}

#[test]
fn indexes_and_runs_inside_the_corpus_are_left_out_by_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    copy(&sample(), &corpus);
    // Last night's index and a sharded run's folder, both kept inside the corpus.
    let inside = corpus.join("_index");
    index(&corpus, &inside);
    ok(&[
        "plan",
        s(&corpus),
        "-o",
        s(&corpus.join("plan.parquet")),
        "--shards",
        "2",
        "--previous",
        s(&inside),
        "-q",
    ]);
    for i in 0..2 {
        ok(&[
            "run",
            "--plan",
            s(&corpus.join("plan.parquet")),
            "--shard",
            &i.to_string(),
            "-q",
        ]);
    }
    ok(&[
        "commit",
        "--plan",
        s(&corpus.join("plan.parquet")),
        "-o",
        s(&inside),
        "-q",
    ]);
    let committed: serde_json::Value =
        serde_json::from_slice(&std::fs::read(inside.join("manifest.json")).unwrap()).unwrap();
    // The plan file itself is a document of the corpus to a single run; leave it out of both.
    std::fs::remove_file(corpus.join("plan.parquet")).unwrap();
    let single = index(&corpus, &tmp.path().join("ref"));
    assert_eq!(committed["index_hash"], single.as_str());
    assert_eq!(committed["documents"], 89);
}

#[test]
fn a_file_list_gets_the_walks_verdicts() {
    use arrow_array::Array;
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    std::fs::create_dir_all(corpus.join("docs")).unwrap();
    std::fs::write(corpus.join("docs/a.md"), "# A\n\nText.\n").unwrap();
    std::fs::write(
        corpus.join(std::ffi::OsStr::from_bytes(b"b\xff.md")),
        "# B\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(corpus.join("docs"), corpus.join("link")).unwrap();
    std::os::unix::fs::symlink(&corpus, tmp.path().join("via")).unwrap();
    let mut list = Vec::new();
    list.extend_from_slice(b"./docs/a.md\n");
    list.extend_from_slice(b"b\xff.md\n");
    list.extend_from_slice(b"link/a.md\n");
    list.extend_from_slice(tmp.path().join("via/docs/a.md").as_os_str().as_bytes());
    list.extend_from_slice(b"\nmissing.md\n");
    std::fs::write(tmp.path().join("list"), &list).unwrap();
    let plan = tmp.path().join("plan.parquet");
    ok(&[
        "plan",
        s(&tmp.path().join("via")),
        "-o",
        s(&plan),
        "--files-from",
        s(&tmp.path().join("list")),
        "--shards",
        "1",
        "-q",
    ]);
    ok(&["run", "--plan", s(&plan), "--shard", "0", "-q"]);
    let idx = tmp.path().join("idx");
    ok(&["commit", "--plan", s(&plan), "-o", s(&idx), "-q"]);
    let f = walkdir::WalkDir::new(idx.join("documents"))
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .find(|p| p.extension().is_some_and(|x| x == "parquet"))
        .unwrap();
    let b = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(
        std::fs::File::open(f).unwrap(),
    )
    .unwrap()
    .build()
    .unwrap()
    .next()
    .unwrap()
    .unwrap();
    let col = |n: &str| {
        let a = b
            .column_by_name(n)
            .unwrap()
            .as_any()
            .downcast_ref::<arrow_array::StringArray>()
            .unwrap()
            .clone();
        (0..a.len())
            .map(|i| {
                if arrow_array::Array::is_null(&a, i) {
                    String::new()
                } else {
                    a.value(i).to_string()
                }
            })
            .collect::<Vec<_>>()
    };
    let rows: Vec<(String, String, String)> = col("path")
        .into_iter()
        .zip(col("status"))
        .zip(col("reason"))
        .map(|((p, s), r)| (p, s, r))
        .collect();
    let paths: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(paths, ["b%FF.md", "docs/a.md", "link/a.md", "missing.md"]);
    assert_eq!(rows[0].1, "ok");
    assert_eq!(rows[1].1, "ok");
    assert!(
        rows[2].1 == "skipped" && rows[2].2.contains("symbolic link"),
        "{:?}",
        rows[2]
    );
    assert!(
        rows[3].1 == "failed" && rows[3].2.contains("cannot stat"),
        "{:?}",
        rows[3]
    );
}

#[test]
fn names_that_escape_to_one_path_index_and_shard_alike() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for (i, name) in [&b"x%FFy.md"[..], b"x\xffy.md", b"z.md"].iter().enumerate() {
        std::fs::write(
            corpus.join(std::ffi::OsStr::from_bytes(name)),
            format!("# Doc {i}\n\nText.\n"),
        )
        .unwrap();
    }
    let single = tmp.path().join("ref");
    let hash = index(&corpus, &single);
    ok(&["validate", s(&single), "--json"]);
    let c = sharded(&corpus, &tmp.path().join("work"), 2, &[]);
    assert_eq!(c["index_hash"], hash.as_str());
    assert_eq!(c["by_status"]["failed"], 1);
}

#[test]
fn two_attempts_at_one_shard_both_succeed() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = tmp.path().join("plan.parquet");
    ok(&["plan", s(&sample()), "-o", s(&plan), "--shards", "2", "-q"]);
    ok(&["run", "--plan", s(&plan), "--shard", "1", "-q"]);
    for _ in 0..10 {
        let attempts: Vec<_> = (0..2)
            .map(|_| {
                bin()
                    .args(["run", "--plan", s(&plan), "--shard", "0", "-q"])
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for a in attempts {
            let o = a.wait_with_output().unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
    }
    let c = ok(&[
        "commit",
        "--plan",
        s(&plan),
        "-o",
        s(&tmp.path().join("idx")),
        "--json",
    ]);
    assert_eq!(
        c["index_hash"],
        index(&sample(), &tmp.path().join("ref")).as_str()
    );
}
