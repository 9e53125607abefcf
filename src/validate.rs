//! `docsweep validate`: DESIGN.md's invariants checked on a written index, as a report. Reads
//! only the index (manifest and Parquet files), so it also checks indexes written elsewhere.

use crate::ids;
use crate::sink::commit::{self, Manifest};
use anyhow::{Context, Result};
use arrow_array::{Array, RecordBatch, StringArray, UInt32Array, UInt64Array};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

#[derive(Debug, Serialize)]
pub struct Check {
    pub name: &'static str,
    pub checked: u64,
    pub failures: u64,
    pub examples: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub index: String,
    pub index_hash: String,
    pub ok: bool,
    pub checks: Vec<Check>,
}

struct Checks(BTreeMap<&'static str, Check>);

impl Checks {
    fn check(&mut self, name: &'static str, ok: bool, example: impl FnOnce() -> String) {
        let c = self.0.entry(name).or_insert(Check {
            name,
            checked: 0,
            failures: 0,
            examples: Vec::new(),
        });
        c.checked += 1;
        if !ok {
            c.failures += 1;
            if c.examples.len() < 5 {
                c.examples.push(example());
            }
        }
    }
}

fn read_table(index: &Path, m: &Manifest, table: &str) -> Result<Vec<RecordBatch>> {
    crate::sink::read_rows(index, m, table, None, None)
}

use crate::sink::column as col;

fn s(a: &StringArray, i: usize) -> Option<&str> {
    (!a.is_null(i)).then(|| a.value(i))
}
fn u64o(a: &UInt64Array, i: usize) -> Option<u64> {
    (!a.is_null(i)).then(|| a.value(i))
}

struct Sec {
    id: String,
    parent: Option<String>,
    depth: u32,
    span: Option<(u64, u64)>,
    anchor: Option<(u64, u64)>,
}
struct Blk {
    id: String,
    seq: u32,
    section: String,
    begin: u64,
    end: u64,
    text: String,
    /// A footnote definition or a caption: it joins the section of what it annotates, and
    /// may sit anywhere in reading order there.
    joins: bool,
}

pub fn validate(index: &Path) -> Result<Report> {
    let m = commit::read_manifest(index)?;
    let mut c = Checks(BTreeMap::new());

    // Files: present, with the bytes and hash the manifest promises; and the index hash.
    let mut written = Vec::new();
    let mut check_file = |f: &crate::sink::FileInfo| {
        let got = crate::ids::file_hash(&index.join(&f.path)).ok();
        c.check(
            "files match the manifest",
            got.as_ref() == Some(&(f.bytes, f.hash.clone())),
            || {
                format!(
                    "{}: manifest says {} bytes {}, file has {got:?}",
                    f.path, f.bytes, f.hash
                )
            },
        );
    };
    for t in crate::sink::tables::TABLES {
        let info = m
            .tables
            .get(t)
            .with_context(|| format!("manifest lists no table {t}"))?;
        info.files.iter().for_each(&mut check_file);
        written.push((t, info.files.clone()));
    }
    // The file stats too, when the manifest lists them.
    m.file_stats.iter().for_each(&mut check_file);
    let h = commit::index_hash(&m.tool_version, &m.config_hash, &written);
    c.check("index_hash matches the files", h == m.index_hash, || {
        format!("manifest {} recomputed {h}", m.index_hash)
    });
    let faults = commit::manifest_faults(&m);
    c.check("the manifest is consistent", faults.is_empty(), || {
        faults.join("; ")
    });
    // DuckDB and pyarrow read a table as `INDEX/chunks/*.parquet`: a file there that the
    // manifest does not list would add its rows to the index's.
    let unlisted = commit::unlisted_files(index, &m);
    c.check(
        "table folders hold only the listed files",
        unlisted.is_empty(),
        || unlisted.join(", "),
    );
    if !faults.is_empty() {
        // Reading the tables of a manifest that lists a file a thousand times would decode it
        // a thousand times; its invariants are not checked.
        let checks: Vec<Check> = c.0.into_values().collect();
        return Ok(Report {
            index: index.display().to_string(),
            index_hash: m.index_hash,
            ok: false,
            checks,
        });
    }

    let mut load = |t: &str| match read_table(index, &m, t) {
        Ok(b) => {
            c.check("tables are readable Parquet", true, String::new);
            b
        }
        Err(e) => {
            c.check("tables are readable Parquet", false, || {
                format!("{t}: {e:#}")
            });
            Vec::new()
        }
    };
    let docs = load("documents");
    let blocks = load("blocks");
    let sections = load("sections");
    let chunks = load("chunks");
    for (t, batches) in [
        ("documents", &docs),
        ("blocks", &blocks),
        ("sections", &sections),
        ("chunks", &chunks),
    ] {
        let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
        let want = m.tables[t].rows;
        c.check("row counts match the manifest", rows as u64 == want, || {
            format!("{t}: {rows} rows, manifest says {want}")
        });
    }

    // documents
    let mut doc_counts: HashMap<String, (u32, u32, u32)> = HashMap::new();
    for b in &docs {
        let (id, path, status, reason) = (
            col::<StringArray>(b, "doc_id")?,
            col::<StringArray>(b, "path")?,
            col::<StringArray>(b, "status")?,
            col::<StringArray>(b, "reason")?,
        );
        let (nb, ns, nc) = (
            col::<UInt32Array>(b, "blocks")?,
            col::<UInt32Array>(b, "sections")?,
            col::<UInt32Array>(b, "chunks")?,
        );
        for i in 0..b.num_rows() {
            let d = id.value(i).to_string();
            c.check(
                "doc_id is the hash of the path",
                ids::doc_id(path.value(i)) == d,
                || format!("{} has doc_id {d}", path.value(i)),
            );
            let st = status.value(i);
            c.check(
                "status is known and failures have a reason",
                matches!(st, "ok" | "failed" | "skipped")
                    && (st == "ok" || s(reason, i).is_some_and(|r| !r.is_empty())),
                || format!("{}: status {st} reason {:?}", path.value(i), s(reason, i)),
            );
            let dup = doc_counts
                .insert(d.clone(), (nb.value(i), ns.value(i), nc.value(i)))
                .is_some();
            c.check("doc_ids are unique", !dup, || format!("{d} repeats"));
        }
    }

    // Each document's rows of the other tables stand together, in the documents' order:
    // `--previous` and `diff` find a document's rows by counting those of the ones before it.
    let order: HashMap<&str, usize> = docs
        .iter()
        .flat_map(|b| {
            let id = col::<StringArray>(b, "doc_id").ok();
            (0..b.num_rows()).filter_map(move |i| id.map(|a| a.value(i)))
        })
        .enumerate()
        .map(|(k, d)| (d, k))
        .collect();
    for (t, batches) in [
        ("blocks", &blocks),
        ("sections", &sections),
        ("chunks", &chunks),
    ] {
        let mut last = 0;
        for b in batches.iter() {
            let doc = col::<StringArray>(b, "doc_id")?;
            for i in 0..b.num_rows() {
                let at = order.get(doc.value(i)).copied();
                c.check(
                    "rows follow the documents' order",
                    at.is_none_or(|k| k >= last),
                    || {
                        format!(
                            "{t}: a row of {} after rows of a later document",
                            doc.value(i)
                        )
                    },
                );
                last = at.unwrap_or(last).max(last);
            }
        }
    }

    // sections
    let mut secs: HashMap<String, Vec<Sec>> = HashMap::new();
    for b in &sections {
        let (doc, sid, parent) = (
            col::<StringArray>(b, "doc_id")?,
            col::<StringArray>(b, "section_id")?,
            col::<StringArray>(b, "parent_id")?,
        );
        let depth = col::<UInt32Array>(b, "depth")?;
        let (ob, oe, ab, ae) = (
            col::<UInt64Array>(b, "off_begin")?,
            col::<UInt64Array>(b, "off_end")?,
            col::<UInt64Array>(b, "anchor_begin")?,
            col::<UInt64Array>(b, "anchor_end")?,
        );
        for i in 0..b.num_rows() {
            secs.entry(doc.value(i).to_string()).or_default().push(Sec {
                id: sid.value(i).to_string(),
                parent: s(parent, i).map(str::to_string),
                depth: depth.value(i),
                span: u64o(ob, i).zip(u64o(oe, i)),
                anchor: u64o(ab, i).zip(u64o(ae, i)),
            });
        }
    }
    for (doc, list) in &secs {
        let mut seen = HashSet::new();
        let mut prev_depth = 0;
        for sec in list {
            c.check(
                "section_ids are unique per document",
                seen.insert(sec.id.as_str()),
                || format!("{doc}: {} repeats", sec.id),
            );
            let shape_ok = section_path_ok(&sec.id, sec.depth, sec.parent.as_deref(), &seen);
            c.check("section paths are well formed", shape_ok, || {
                format!(
                    "{doc}: section {} depth {} parent {:?}",
                    sec.id, sec.depth, sec.parent
                )
            });
            c.check(
                "depth steps by at most one",
                sec.depth <= prev_depth + 1,
                || {
                    format!(
                        "{doc}: {} at depth {} after depth {prev_depth}",
                        sec.id, sec.depth
                    )
                },
            );
            prev_depth = sec.depth;
            if sec.span.is_some_and(|(a, b)| a < b) {
                c.check(
                    "every section with a body has an anchor",
                    sec.anchor.is_some(),
                    || format!("{doc}: {} has no anchor", sec.id),
                );
            }
            if let (Some(sp), Some(a)) = (sec.span, sec.anchor) {
                c.check(
                    "anchors lie inside their section",
                    sp.0 <= a.0 && a.0 < a.1 && a.1 <= sp.1,
                    || format!("{doc}: {} span {sp:?} anchor {a:?}", sec.id),
                );
            }
        }
        let mut spans: Vec<(u64, u64, &str)> = list
            .iter()
            .filter_map(|s| s.span.map(|p| (p.0, p.1, s.id.as_str())))
            .collect();
        spans.sort();
        for w in spans.windows(2) {
            c.check(
                "section spans are disjoint (parents exclude children)",
                w[0].1 <= w[1].0,
                || {
                    format!(
                        "{doc}: {} {:?} overlaps {} {:?}",
                        w[0].2,
                        (w[0].0, w[0].1),
                        w[1].2,
                        (w[1].0, w[1].1)
                    )
                },
            );
        }
    }

    // blocks
    let mut blks: HashMap<String, Vec<Blk>> = HashMap::new();
    let mut block_ids = HashSet::new();
    for b in &blocks {
        let (doc, bid, sid, text) = (
            col::<StringArray>(b, "doc_id")?,
            col::<StringArray>(b, "block_id")?,
            col::<StringArray>(b, "section_id")?,
            col::<StringArray>(b, "text")?,
        );
        let seq = col::<UInt32Array>(b, "seq")?;
        let kind = col::<StringArray>(b, "type")?;
        let (ob, oe) = (
            col::<UInt64Array>(b, "off_begin")?,
            col::<UInt64Array>(b, "off_end")?,
        );
        for i in 0..b.num_rows() {
            let id = bid.value(i);
            c.check(
                "block_ids are unique",
                block_ids.insert(id.to_string()),
                || format!("{id} repeats"),
            );
            blks.entry(doc.value(i).to_string()).or_default().push(Blk {
                id: id.to_string(),
                seq: seq.value(i),
                section: sid.value(i).to_string(),
                begin: ob.value(i),
                end: oe.value(i),
                text: text.value(i).to_string(),
                joins: matches!(kind.value(i), "footnote" | "caption"),
            });
        }
    }
    for (doc, list) in &blks {
        let sec_ids: HashSet<&str> = secs
            .get(doc)
            .map(|l| l.iter().map(|s| s.id.as_str()).collect())
            .unwrap_or_default();
        // The last block id seen in each section: a section's ids sort in reading order
        // (footnote definitions and captions, which join the section of what they annotate
        // wherever they are written, aside).
        let mut last_in_section: HashMap<&str, &str> = HashMap::new();
        for (k, b) in list.iter().enumerate() {
            if b.joins {
                // Not compared, and not a reference for the next block either.
            } else if let Some(prev) = last_in_section.insert(&b.section, &b.id) {
                c.check(
                    "ids of a section sort in reading order",
                    prev < b.id.as_str(),
                    || format!("{prev} sorts after {}", b.id),
                );
            }
            c.check(
                "every block is in exactly one existing section",
                sec_ids.contains(b.section.as_str())
                    && b.id.starts_with(&format!("{doc}|s={}|", b.section)),
                || format!("{}: section {}", b.id, b.section),
            );
            c.check(
                "block text is its canonical span",
                b.seq as usize == k && b.end >= b.begin && b.text.len() as u64 == b.end - b.begin,
                || {
                    format!(
                        "{}: seq {} span {}..{} text {} bytes",
                        b.id,
                        b.seq,
                        b.begin,
                        b.end,
                        b.text.len()
                    )
                },
            );
            if k > 0 {
                c.check(
                    "blocks are in reading order and disjoint",
                    list[k - 1].end <= b.begin,
                    || format!("{} starts before {} ends", b.id, list[k - 1].id),
                );
            }
        }
    }

    // chunks
    let mut chunk_ids = HashSet::new();
    let max_tokens = m
        .config
        .pointer("/chunk/max_tokens")
        .and_then(|v| v.as_u64())
        .unwrap_or(u64::MAX);
    let mut chunk_counts: HashMap<String, u32> = HashMap::new();
    // The last chunk id seen in each (document, section).
    let mut last_chunk: HashMap<(String, String), String> = HashMap::new();
    for b in &chunks {
        let (doc, cid, sid, text) = (
            col::<StringArray>(b, "doc_id")?,
            col::<StringArray>(b, "chunk_id")?,
            col::<StringArray>(b, "section_id")?,
            col::<StringArray>(b, "text")?,
        );
        let (ob, oe) = (
            col::<UInt64Array>(b, "off_begin")?,
            col::<UInt64Array>(b, "off_end")?,
        );
        let (fb, lb, tok) = (
            col::<UInt32Array>(b, "first_block")?,
            col::<UInt32Array>(b, "last_block")?,
            col::<UInt32Array>(b, "tokens")?,
        );
        for i in 0..b.num_rows() {
            let (d, id) = (doc.value(i), cid.value(i));
            *chunk_counts.entry(d.to_string()).or_default() += 1;
            c.check(
                "chunk_ids are unique",
                chunk_ids.insert(id.to_string()),
                || format!("{id} repeats"),
            );
            let first = blks
                .get(d)
                .and_then(|l| l.get(fb.value(i) as usize))
                .is_some_and(|b| b.joins);
            if first {
                // A chunk that starts at a footnote or caption: placed by it, not compared.
            } else if let Some(prev) =
                last_chunk.insert((d.to_string(), sid.value(i).to_string()), id.to_string())
            {
                c.check(
                    "ids of a section sort in reading order",
                    prev.as_str() < id,
                    || format!("{prev} sorts after {id}"),
                );
            }
            let (begin, end, t) = (ob.value(i), oe.value(i), text.value(i));
            let list = blks.get(d).map(Vec::as_slice).unwrap_or(&[]);
            let (f, l) = (fb.value(i) as usize, lb.value(i) as usize);
            let inside = f <= l && l < list.len() && list[f].begin <= begin && end <= list[l].end;
            c.check(
                "chunk text is its canonical span",
                end > begin
                    && t.len() as u64 == end - begin
                    && inside
                    && list[f..=l].iter().all(|blk| {
                        // Where a whole block lies inside the chunk, the chunk repeats it byte for byte.
                        blk.begin < begin
                            || blk.end > end
                            || t.get((blk.begin - begin) as usize..(blk.end - begin) as usize)
                                == Some(blk.text.as_str())
                    }),
                || format!("{id}: span {begin}..{end}, blocks {f}..={l}"),
            );
            c.check(
                "chunks stay inside one section",
                inside && list[f..=l].iter().all(|blk| blk.section == sid.value(i)),
                || format!("{id}: section {} blocks {f}..={l}", sid.value(i)),
            );
            c.check(
                "chunks respect max_tokens",
                u64::from(tok.value(i)) <= max_tokens,
                || format!("{id}: {} tokens > {max_tokens}", tok.value(i)),
            );
        }
    }

    for (doc, (nb, ns, nc)) in &doc_counts {
        let got = (
            blks.get(doc).map_or(0, |l| l.len() as u32),
            secs.get(doc).map_or(0, |l| l.len() as u32),
            chunk_counts.get(doc).copied().unwrap_or(0),
        );
        c.check(
            "document counts match the tables",
            got == (*nb, *ns, *nc),
            || {
                format!(
                    "{doc}: documents says {:?}, tables have {got:?}",
                    (nb, ns, nc)
                )
            },
        );
    }
    for d in blks.keys().chain(secs.keys()).chain(chunk_counts.keys()) {
        c.check(
            "every row belongs to a document",
            doc_counts.contains_key(d),
            || format!("{d} has rows but no documents row"),
        );
    }

    let checks: Vec<Check> = c.0.into_values().collect();
    Ok(Report {
        index: index.display().to_string(),
        index_hash: m.index_hash,
        ok: checks.iter().all(|c| c.failures == 0),
        checks,
    })
}

/// A section's id, depth and parent agree: `0` at depth 0, a page section `pNNN` at depth 1,
/// else a dotted path of numbers from 1 as deep as its depth whose parent is the path less its
/// last number, seen before it (`seen`).
pub fn section_path_ok(id: &str, depth: u32, parent: Option<&str>, seen: &HashSet<&str>) -> bool {
    let page_section = id
        .strip_prefix('p')
        .is_some_and(|n| n.len() >= 3 && n.bytes().all(|b| b.is_ascii_digit()));
    if id == "0" {
        depth == 0 && parent.is_none()
    } else if page_section {
        depth == 1 && parent.is_none()
    } else {
        let parts: Vec<&str> = id.split('.').collect();
        parts.len() as u32 == depth
            && parts.iter().all(|p| p.parse::<u32>().is_ok_and(|n| n > 0))
            && parent == id.rsplit_once('.').map(|(p, _)| p)
            && parent.is_none_or(|p| seen.contains(p))
    }
}
