//! `docsweep diff OLD NEW -o OUT`: where every block and chunk id of OLD went in NEW, so that a
//! serving system can migrate yesterday's citations (reference digest, reindex_migration).
//!
//! Per OLD document, matched to NEW by path (or, when its path is gone, by content hash: a
//! rename):
//! - same path and content hash, same docsweep version and config: every id is `same` (its
//!   rows are OLD's by construction; NEW is not read); under another version or config, `same`
//!   when every unit has the same id, offsets and text, else aligned as a changed document;
//! - renamed: ids mapped by position, `shift` with confidence 1;
//! - gone: every id `deleted`;
//! - changed: blocks (and chunks) are aligned. A candidate with the same fingerprint and text
//!   wins outright; otherwise word 3-shingles are compared. Jaccard ≥ `shift` (0.85) is a
//!   `shift`; an old block covered ≥ 0.85 by one larger new block that covers another old
//!   block too is a `merge`; covered ≥ 0.85 by two consecutive new blocks, a `split`; a best
//!   Jaccard ≥ `unmapped` (0.60) is still a `shift` with that confidence; below it, `unmapped`.
//!   A `shift` that is the only unit of its gap between exact copies, on both sides, is sure
//!   of its place: its confidence is at least 0.99 ([`Slots`]).
//!
//! Output: `OUT/migration.parquet` (one row per old block and chunk), `OUT/redirects.parquet`
//! (`old_id → new_id` for every id that moved), `OUT/summary.json`. OUT is staged beside its
//! place and swapped into it, so a failed run leaves nothing half-written.
//!
//! Memory: a small row per document of each index and the part files' footers, then OLD's
//! documents a window at a time (`[diff] window_units` blocks and chunks), with the units and
//! text of the changed ones on both sides read by row ranges. Windows are mapped on a pool of
//! `--threads` while a writer thread writes the rows of the one before.

use crate::config::DiffConfig;
use crate::sink::commit::{self, Manifest};
use crate::sink::TableReader;
use anyhow::{bail, Context, Result};
use arrow_array::builder::{Float32Builder, ListBuilder, StringBuilder, UInt64Builder};
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray, UInt64Array};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The files of a diff output.
pub const MIGRATION: &str = "migration.parquet";
pub const REDIRECTS: &str = "redirects.parquet";
pub const SUMMARY: &str = "summary.json";
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Clone)]
struct Unit {
    id: String,
    /// A heading block (split parts are found around headings).
    heading: bool,
    begin: u64,
    end: u64,
    fingerprint: String,
    text: String,
}

/// One document's blocks and chunks.
#[derive(Debug, Default)]
struct Doc {
    doc_id: String,
    blocks: Vec<Unit>,
    chunks: Vec<Unit>,
}

/// A document as an index's documents table lists it, its ids as numbers: an index holds one
/// for each of its documents, however many.
struct Meta {
    path: Box<str>,
    doc_id: u64,
    content_hash: Option<u128>,
    /// Its rows `[start, end)` in blocks and in chunks.
    rows: [(u64, u64); 2],
}

impl Meta {
    fn units(&self) -> u64 {
        self.rows.iter().map(|(a, z)| z - a).sum()
    }
}

/// An index: its documents in table order, found by path, and readers of its blocks and
/// chunks.
struct Index {
    root: PathBuf,
    manifest: Manifest,
    docs: Vec<Meta>,
    by_path: hashbrown::HashTable<usize>,
    tables: [TableReader; 2],
}

/// One row of `migration.parquet`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mapping {
    pub doc_id: String,
    pub kind: &'static str,
    pub old_id: String,
    pub new_id: Option<String>,
    pub move_: &'static str,
    pub old_off: (u64, u64),
    pub new_off: Option<(u64, u64)>,
    pub new_parts: Vec<String>,
    pub conf: f32,
    pub reason: Option<String>,
    /// Text the old unit shares with its new unit(s): `[old_begin, new_begin, len]` byte
    /// segments of the canonical texts, in order. Empty for `same` (offsets unchanged),
    /// `unmapped` and `deleted`.
    pub offset_map: Vec<[u64; 3]>,
}

#[derive(Debug, Serialize)]
pub struct Summary {
    pub old_index_hash: String,
    pub new_index_hash: String,
    pub documents: BTreeMap<&'static str, u64>,
    pub blocks: BTreeMap<&'static str, u64>,
    pub chunks: BTreeMap<&'static str, u64>,
    /// Share of old ids of documents still present that lead to a new id.
    pub redirect_coverage: f64,
    /// Old ids mapped with confidence below 0.8, or unmapped (at most 100).
    pub high_risk: Vec<String>,
    pub seconds: f64,
}

const TABLE: [(&str, &str); 2] = [("blocks", "block_id"), ("chunks", "chunk_id")];

fn strs<'a>(b: &'a RecordBatch, name: &str) -> Result<&'a StringArray> {
    crate::sink::column(b, name)
}

fn u64s<'a>(b: &'a RecordBatch, name: &str) -> Result<&'a UInt64Array> {
    crate::sink::column(b, name)
}

fn path_hash(path: &str) -> u64 {
    xxhash_rust::xxh3::xxh3_64(path.as_bytes())
}

impl Index {
    /// An index's documents table, and its blocks and chunks opened (footers read).
    fn open(index: &Path) -> Result<Index> {
        if !index.join(commit::MANIFEST).is_file() {
            bail!(
                "{}: no docsweep index there (no {})",
                index.display(),
                commit::MANIFEST
            );
        }
        let manifest = commit::read_manifest(index)?;
        if manifest.schema_version != commit::SCHEMA_VERSION {
            bail!(
                "{}: index schema version {} but this docsweep reads version {}",
                index.display(),
                manifest.schema_version,
                commit::SCHEMA_VERSION
            );
        }
        // Rows of documents with equal hashes are taken as unchanged without being read, so
        // the files must be the ones the manifest lists.
        commit::verify(index, &manifest)?;
        let mut docs: Vec<Meta> = Vec::new();
        let mut by_path = hashbrown::HashTable::new();
        let mut starts = [0u64; 2];
        let cols = ["doc_id", "path", "content_hash", "blocks", "chunks"];
        let documents = TableReader::open(index, &manifest, "documents")?;
        for b in documents.read(Some(&cols), None)? {
            let (id, path, hash) = (
                strs(&b, "doc_id")?,
                strs(&b, "path")?,
                strs(&b, "content_hash")?,
            );
            let count = |n: &str| crate::sink::column::<arrow_array::UInt32Array>(&b, n);
            let (nb, nc) = (count("blocks")?, count("chunks")?);
            for i in 0..b.num_rows() {
                let rows = [
                    (starts[0], starts[0] + u64::from(nb.value(i))),
                    (starts[1], starts[1] + u64::from(nc.value(i))),
                ];
                starts = [rows[0].1, rows[1].1];
                let p = path.value(i);
                let h = path_hash(p);
                if by_path.find(h, |&k: &usize| &*docs[k].path == p).is_some() {
                    bail!(
                        "{}: its documents table lists {p} twice; the index is damaged, build it again",
                        index.display()
                    );
                }
                by_path.insert_unique(h, docs.len(), |&k: &usize| path_hash(&docs[k].path));
                let damaged = |what: &str, v: &str| {
                    anyhow::anyhow!(
                        "{}: {what} {v:?} of {p} is not hexadecimal; the index is damaged, build it again",
                        index.display()
                    )
                };
                let doc_id = u64::from_str_radix(id.value(i), 16)
                    .map_err(|_| damaged("doc_id", id.value(i)))?;
                let content_hash = match hash.is_null(i) {
                    true => None,
                    false => Some(
                        u128::from_str_radix(hash.value(i), 16)
                            .map_err(|_| damaged("content_hash", hash.value(i)))?,
                    ),
                };
                docs.push(Meta {
                    path: p.into(),
                    doc_id,
                    content_hash,
                    rows,
                });
            }
        }
        let tables = [
            TableReader::open(index, &manifest, TABLE[0].0)?,
            TableReader::open(index, &manifest, TABLE[1].0)?,
        ];
        Ok(Index {
            root: index.to_path_buf(),
            manifest,
            docs,
            by_path,
            tables,
        })
    }

    /// The document at `path`.
    fn find(&self, path: &str) -> Option<usize> {
        self.by_path
            .find(path_hash(path), |&k| &*self.docs[k].path == path)
            .copied()
    }

    /// The blocks (`t` = 0) or chunks (1) of the documents `wanted` (positions in `docs`,
    /// each once), in the order of `wanted`; with `text`, their text and block fingerprints
    /// too. Rows are read in table order and checked against the documents table.
    fn units(&self, t: usize, wanted: &[usize], text: bool) -> Result<Vec<Vec<Unit>>> {
        let (table, id_col) = TABLE[t];
        let mut order: Vec<usize> = (0..wanted.len()).collect();
        order.sort_by_key(|&k| self.docs[wanted[k]].rows[t].0);
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for &k in &order {
            let (a, z) = self.docs[wanted[k]].rows[t];
            match ranges.last_mut() {
                _ if z == a => {}
                Some(last) if last.1 == a => last.1 = z,
                _ => ranges.push((a, z)),
            }
        }
        let mut out: Vec<Vec<Unit>> = wanted.iter().map(|_| Vec::new()).collect();
        if ranges.is_empty() {
            return Ok(out);
        }
        let mut cols = vec!["doc_id", id_col, "off_begin", "off_end"];
        if t == 0 {
            cols.push("type");
        }
        if text {
            cols.push("text");
            if t == 0 {
                cols.push("fingerprint");
            }
        }
        // The rows handed out in table order: whose they are.
        let mut owners = order.iter().flat_map(|&k| {
            let (a, z) = self.docs[wanted[k]].rows[t];
            std::iter::repeat_n(k, (z - a) as usize)
        });
        let damaged = || {
            format!(
                "{}: table {table} is out of step with the documents table; the index is damaged, build it again",
                self.root.display()
            )
        };
        for b in self.tables[t].read(Some(&cols), Some(&ranges))? {
            let (doc, id) = (strs(&b, "doc_id")?, strs(&b, id_col)?);
            let (ob, oe) = (u64s(&b, "off_begin")?, u64s(&b, "off_end")?);
            let ty = if t == 0 {
                Some(strs(&b, "type")?)
            } else {
                None
            };
            let (tx, fp) = if text {
                (
                    Some(strs(&b, "text")?),
                    if t == 0 {
                        Some(strs(&b, "fingerprint")?)
                    } else {
                        None
                    },
                )
            } else {
                (None, None)
            };
            for i in 0..b.num_rows() {
                let k = owners.next().with_context(damaged)?;
                if u64::from_str_radix(doc.value(i), 16).ok() != Some(self.docs[wanted[k]].doc_id) {
                    bail!(damaged());
                }
                out[k].push(Unit {
                    id: id.value(i).to_string(),
                    heading: ty.is_some_and(|t| t.value(i) == "heading"),
                    begin: ob.value(i),
                    end: oe.value(i),
                    fingerprint: fp.map(|f| f.value(i).to_string()).unwrap_or_default(),
                    text: tx.map(|x| x.value(i).to_string()).unwrap_or_default(),
                });
            }
        }
        if owners.next().is_some() {
            bail!(damaged());
        }
        Ok(out)
    }

    /// Blocks and chunks of the documents `wanted`, in their order.
    fn docs_of(&self, wanted: &[usize], text: bool) -> Result<Vec<Doc>> {
        let blocks = self.units(0, wanted, text)?;
        let chunks = self.units(1, wanted, text)?;
        Ok(wanted
            .iter()
            .zip(blocks.into_iter().zip(chunks))
            .map(|(&k, (blocks, chunks))| Doc {
                doc_id: crate::ids::hex64(self.docs[k].doc_id),
                blocks,
                chunks,
            })
            .collect())
    }
}

/// Word 3-shingles (words for texts shorter than three), hashed.
fn shingles(text: &str) -> Vec<u64> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    // The hash of the words joined by spaces, without joining them.
    let h = |ws: &[String]| {
        let mut x = xxhash_rust::xxh3::Xxh3::new();
        for (k, w) in ws.iter().enumerate() {
            if k > 0 {
                x.update(b" ");
            }
            x.update(w.as_bytes());
        }
        x.digest()
    };
    let mut out: Vec<u64> = if words.len() < 3 {
        words.chunks(1).map(h).collect()
    } else {
        words.windows(3).map(h).collect()
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// Jaccard of two sets of sizes `a` and `b` sharing `inter` elements.
fn jaccard_of(a: usize, b: usize, inter: usize) -> f64 {
    if a == 0 && b == 0 {
        return 1.0;
    }
    inter as f64 / (a + b - inter) as f64
}

/// Share of a set of size `a` found in another, `inter` elements shared.
fn coverage_of(a: usize, inter: usize) -> f64 {
    if a == 0 {
        return 1.0;
    }
    inter as f64 / a as f64
}

/// 2·LCS / (|a| + |b|) over the words of two texts (difflib's ratio), for texts of up to
/// 2,000 words each (longer pairs count as unlike: they are never one edited block).
fn word_likeness(a: &str, b: &str) -> f64 {
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (x, y) = (words(a), words(b));
    if x.is_empty() || y.is_empty() || x.len() > 2000 || y.len() > 2000 {
        return 0.0;
    }
    let (x, y): (Vec<&str>, Vec<&str>) = (
        x.iter().map(String::as_str).collect(),
        y.iter().map(String::as_str).collect(),
    );
    2.0 * lcs_pairs(&x, &y).len() as f64 / (x.len() + y.len()) as f64
}

/// Words of `text` (runs of letters and digits) with their byte offsets.
fn word_spans(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                out.push((b, &text[b..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push((b, &text[b..]));
    }
    out
}

/// Word pairs of a longest common subsequence of `x` and `y` (at most 4M cells, which covers
/// two 2,000-word texts; beyond that, none: the common prefix and suffix still anchor a map).
fn lcs_pairs(x: &[&str], y: &[&str]) -> Vec<(usize, usize)> {
    let (n, m) = (x.len(), y.len());
    if n == 0 || m == 0 || n * m > 4 << 20 {
        return Vec::new();
    }
    let w = m + 1;
    let mut t = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            t[i * w + j] = if x[i] == y[j] {
                t[(i + 1) * w + j + 1] + 1
            } else {
                t[(i + 1) * w + j].max(t[i * w + j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n && j < m {
        if x[i] == y[j] {
            out.push((i, j));
            i += 1;
            j += 1;
        } else if t[(i + 1) * w + j] >= t[i * w + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// The offset transform of an old unit into its new unit(s) (the parts of a split, in order):
/// the words a local LCS matches, as byte segments, joined with the text between them where that
/// text is the same on both sides. An old citation offset inside a segment moves to
/// `new_begin + (offset − old_begin)`.
fn offset_map(old: &Unit, new: &[&Unit]) -> Vec<[u64; 3]> {
    if let [w] = new {
        if w.text == old.text {
            return vec![[old.begin, w.begin, old.text.len() as u64]];
        }
    }
    let ow = word_spans(&old.text);
    // New words with their canonical offsets, part after part.
    let mut nw: Vec<(u64, &str, usize)> = Vec::new();
    for (p, w) in new.iter().enumerate() {
        nw.extend(
            word_spans(&w.text)
                .into_iter()
                .map(|(b, t)| (w.begin + b as u64, t, p)),
        );
    }
    let x: Vec<&str> = ow.iter().map(|w| w.1).collect();
    let y: Vec<&str> = nw.iter().map(|w| w.1).collect();
    let pre = x.iter().zip(&y).take_while(|(a, b)| a == b).count();
    let suf = x[pre..]
        .iter()
        .rev()
        .zip(y[pre..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut pairs: Vec<(usize, usize)> = (0..pre).map(|i| (i, i)).collect();
    pairs.extend(
        lcs_pairs(&x[pre..x.len() - suf], &y[pre..y.len() - suf])
            .into_iter()
            .map(|(i, j)| (i + pre, j + pre)),
    );
    pairs.extend((0..suf).map(|k| (x.len() - suf + k, y.len() - suf + k)));
    let mut out: Vec<[u64; 3]> = Vec::new();
    let mut last: Option<(usize, usize)> = None;
    for (i, j) in pairs {
        let (ob, nb) = (old.begin + ow[i].0 as u64, nw[j].0);
        let len = ow[i].1.len() as u64;
        // Join with the previous segment when both words follow it directly, in the same new
        // part, with the same text in between.
        if let (Some((pi, pj)), Some(seg)) = (last, out.last_mut()) {
            let gap_old = &old.text[(seg[0] + seg[2] - old.begin) as usize..ow[i].0];
            let part = new[nw[j].2];
            let same_part = nw[pj].2 == nw[j].2;
            if pi + 1 == i && pj + 1 == j && same_part {
                let gap_new =
                    &part.text[(seg[1] + seg[2] - part.begin) as usize..(nb - part.begin) as usize];
                if gap_old == gap_new {
                    seg[2] = ob + len - seg[0];
                    last = Some((i, j));
                    continue;
                }
            }
        }
        out.push([ob, nb, len]);
        last = Some((i, j));
    }
    out
}

/// Elements of sorted set `a` found in `b` or in `c` (sorted too).
fn common_with_either(a: &[u64], b: &[u64], c: &[u64]) -> usize {
    a.iter()
        .filter(|x| b.binary_search(x).is_ok() || c.binary_search(x).is_ok())
        .count()
}

/// Where the exact copies pin a document down. Between two old units copied exactly into NEW
/// lies a gap of OLD, and between their copies a gap of NEW; when each gap holds one unit, the
/// new one took the old one's place, whatever was edited in it.
struct Slots {
    /// Per old unit: the new index of the nearest exact copy before it (or none), the same
    /// after it, and how many old units without a copy its gap holds (0 for a copied unit).
    around: Vec<(Option<usize>, Option<usize>, usize)>,
    /// New units no exact copy took, before each new index (prefix counts).
    new_free: Vec<usize>,
}

impl Slots {
    fn new(exact_of: &[Option<usize>], used: &[bool]) -> Slots {
        let mut around = vec![(None, None, 0); exact_of.len()];
        let mut last = None;
        for (i, e) in exact_of.iter().enumerate() {
            around[i].0 = last;
            last = e.or(last);
        }
        let mut next = None;
        let mut run = 0;
        for (i, e) in exact_of.iter().enumerate().rev() {
            around[i].1 = next;
            next = e.or(next);
            run = if e.is_some() { 0 } else { run + 1 };
            around[i].2 = run;
        }
        // `run` counted the loose units from each one to the end of its gap; the first of a
        // gap holds the gap's size, which every unit of the gap takes.
        for i in 1..around.len() {
            if around[i].2 > 0 && around[i - 1].2 > 0 {
                around[i].2 = around[i - 1].2;
            }
        }
        let mut new_free = Vec::with_capacity(used.len() + 1);
        new_free.push(0);
        for &u in used {
            new_free.push(new_free.last().unwrap() + usize::from(!u));
        }
        Slots { around, new_free }
    }

    /// The confidence of mapping old unit `i` to new unit `j` whose texts score `score`: at
    /// least 0.99 when `i` and `j` are each the only unit of their gap between the same two
    /// exact copies (or a document's ends), `score` otherwise.
    fn confirm(&self, i: usize, j: usize, score: f64) -> f64 {
        let (before, after, gap) = self.around[i];
        let lo = before.map_or(0, |b| b + 1);
        let hi = after.unwrap_or(self.new_free.len() - 1);
        if gap == 1 && lo <= j && j < hi && self.new_free[hi] - self.new_free[lo] == 1 {
            0.99 + 0.01 * score
        } else {
            score
        }
    }
}

/// Where each old unit went among the new ones of the same document.
fn align(
    doc_id: &str,
    kind: &'static str,
    old: &[Unit],
    new: &[Unit],
    th: &DiffConfig,
) -> Vec<Mapping> {
    let (shift, unmapped) = (th.shift, th.unmapped);
    // Exact copies first (same fingerprint and text): the nearest unused one.
    let mut exact: HashMap<(&str, &str), Vec<usize>> = HashMap::new();
    for (j, u) in new.iter().enumerate() {
        exact.entry((&u.fingerprint, &u.text)).or_default().push(j);
    }
    let mut used = vec![false; new.len()];
    let exact_of: Vec<Option<usize>> = old
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let js = exact.get(&(u.fingerprint.as_str(), u.text.as_str()))?;
            let j = js
                .iter()
                .copied()
                .filter(|&j| !used[j])
                .min_by_key(|&j| j.abs_diff(i))?;
            used[j] = true;
            Some(j)
        })
        .collect();
    // The rest is compared with the new units no exact copy took.
    let free: Vec<usize> = (0..new.len()).filter(|&j| !used[j]).collect();
    let slot = Slots::new(&exact_of, &used);
    let ns: Vec<Vec<u64>> = (0..new.len())
        .map(|j| {
            if used[j] {
                Vec::new()
            } else {
                shingles(&new[j].text)
            }
        })
        .collect();
    let os: Vec<Vec<u64>> = old
        .iter()
        .zip(&exact_of)
        .map(|(u, e)| {
            if e.is_some() {
                Vec::new()
            } else {
                shingles(&u.text)
            }
        })
        .collect();
    // Every shingle of a free new unit, sorted: an old unit meets only the new units it shares
    // a shingle with (the others score 0 on every measure), looked up shingle by shingle.
    let mut postings: Vec<(u64, usize)> = free
        .iter()
        .flat_map(|&j| ns[j].iter().map(move |&x| (x, j)))
        .collect();
    postings.sort_unstable();
    // Per old unit: the free new units it is compared with, ascending, each with the shingles
    // they share. An old unit without words is compared with every free unit, as before.
    let mut counts = vec![0usize; new.len()];
    let met: Vec<Vec<(usize, usize)>> = os
        .iter()
        .zip(&exact_of)
        .map(|(a, e)| {
            if e.is_some() {
                return Vec::new();
            }
            if a.is_empty() {
                return free.iter().map(|&j| (j, 0)).collect();
            }
            let mut touched = Vec::new();
            for x in a {
                let from = postings.partition_point(|p| p.0 < *x);
                for &(_, j) in postings[from..].iter().take_while(|p| p.0 == *x) {
                    if counts[j] == 0 {
                        touched.push(j);
                    }
                    counts[j] += 1;
                }
            }
            touched.sort_unstable();
            touched
                .into_iter()
                .map(|j| (j, std::mem::take(&mut counts[j])))
                .collect()
        })
        .collect();
    // Best target by containment, to find merges (two old → one new).
    let contained: Vec<Option<usize>> = os
        .iter()
        .zip(&met)
        .zip(&exact_of)
        .map(|((a, m), e)| {
            if e.is_some() {
                return None;
            }
            m.iter()
                .map(|&(j, n)| (coverage_of(a.len(), n), j))
                .filter(|(c, j)| *c >= shift && ns[*j].len() > a.len())
                .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)))
                .map(|(_, j)| j)
        })
        .collect();
    // Free body units in order: a split's two parts are consecutive ones.
    let body: Vec<usize> = free.iter().copied().filter(|&j| !new[j].heading).collect();
    let mut body_at = vec![usize::MAX; new.len()];
    for (t, &j) in body.iter().enumerate() {
        body_at[j] = t;
    }
    let mut merged_into: HashMap<usize, usize> = HashMap::new();
    for j in contained.iter().flatten() {
        *merged_into.entry(*j).or_default() += 1;
    }
    let mut out = Vec::with_capacity(old.len());
    for (i, u) in old.iter().enumerate() {
        let mapping = |new_j: Option<usize>,
                       mv: &'static str,
                       conf: f64,
                       parts: Vec<String>,
                       reason: Option<String>| {
            Mapping {
                doc_id: doc_id.to_string(),
                kind,
                old_id: u.id.clone(),
                new_id: new_j.map(|j| new[j].id.clone()),
                move_: mv,
                old_off: (u.begin, u.end),
                new_off: new_j.map(|j| (new[j].begin, new[j].end)),
                new_parts: parts,
                conf: conf as f32,
                reason,
                offset_map: match new_j {
                    Some(j) if mv != "same" => offset_map(u, &[&new[j]]),
                    _ => Vec::new(),
                },
            }
        };
        if let Some(j) = exact_of[i] {
            let mv = if new[j].id == u.id && (new[j].begin, new[j].end) == (u.begin, u.end) {
                "same"
            } else {
                "shift"
            };
            out.push(mapping(Some(j), mv, 1.0, Vec::new(), None));
            continue;
        }
        let a = &os[i];
        let m = &met[i];
        let shared = |j: usize| m.binary_search_by_key(&j, |p| p.0).map_or(0, |k| m[k].1);
        let best = m
            .iter()
            .map(|&(j, n)| (jaccard_of(a.len(), ns[j].len(), n), j))
            .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)))
            .or_else(|| free.first().map(|&j| (0.0, j)));
        if let Some((score, j)) = best.filter(|b| b.0 >= shift) {
            let conf = slot.confirm(i, j, score);
            out.push(mapping(Some(j), "shift", conf, Vec::new(), None));
            continue;
        }
        if let Some(j) = contained[i].filter(|j| merged_into[j] >= 2) {
            let c = coverage_of(a.len(), shared(j));
            out.push(mapping(
                Some(j),
                "merge",
                c,
                Vec::new(),
                Some("merged with its neighbour".into()),
            ));
            continue;
        }
        // Two consecutive body units (a heading inserted between them is skipped), one of
        // them sharing a shingle with the old unit at least.
        let pairs: Vec<usize> = if a.is_empty() {
            (0..body.len().saturating_sub(1)).collect()
        } else {
            let mut t: Vec<usize> = m
                .iter()
                .filter(|p| body_at[p.0] != usize::MAX)
                .flat_map(|p| [body_at[p.0].checked_sub(1), Some(body_at[p.0])])
                .flatten()
                .filter(|&t| t + 1 < body.len())
                .collect();
            t.sort_unstable();
            t.dedup();
            t
        };
        let split = pairs
            .iter()
            .map(|&t| (body[t], body[t + 1]))
            // The two parts hold at most what each shares with it, together.
            .filter(|&(j, k)| a.is_empty() || coverage_of(a.len(), shared(j) + shared(k)) >= shift)
            .map(|(j, k)| {
                let both = common_with_either(a, &ns[j], &ns[k]);
                (coverage_of(a.len(), both), j, k)
            })
            .filter(|(c, j, k)| {
                *c >= shift
                    && coverage_of(a.len(), shared(*j)) < shift
                    && coverage_of(a.len(), shared(*k)) < shift
            })
            .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
        if let Some((c, j, k)) = split {
            let parts = vec![new[j].id.clone(), new[k].id.clone()];
            let mut m = mapping(Some(j), "split", c, parts, Some("cut in two".into()));
            m.offset_map = offset_map(u, &[&new[j], &new[k]]);
            out.push(m);
            continue;
        }
        if let Some(j) = contained[i] {
            let c = coverage_of(a.len(), shared(j));
            out.push(mapping(
                Some(j),
                "shift",
                c,
                Vec::new(),
                Some("grew".into()),
            ));
            continue;
        }
        // An edited block: the word-level likeness (LCS) of the closest candidates.
        let mut ranked: Vec<(f64, usize)> = m
            .iter()
            .filter(|&&(j, _)| !new[j].heading)
            .map(|&(j, n)| {
                let score = jaccard_of(a.len(), ns[j].len(), n).max(coverage_of(a.len(), n) * 0.5);
                (score, j)
            })
            .collect();
        ranked.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        // Fewer than three met: the others score 0 and come in order.
        if ranked.len() < 3 {
            let more: Vec<usize> = body
                .iter()
                .copied()
                .filter(|&j| shared(j) == 0 && !ranked.iter().any(|r| r.1 == j))
                .take(3 - ranked.len())
                .collect();
            ranked.extend(more.into_iter().map(|j| (0.0, j)));
        }
        let best = ranked
            .iter()
            .take(3)
            .map(|&(_, j)| (word_likeness(&u.text, &new[j].text), j))
            .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)))
            .or(best);
        match best.filter(|b| b.0 >= unmapped) {
            Some((score, j)) => out.push(mapping(
                Some(j),
                "shift",
                slot.confirm(i, j, score),
                Vec::new(),
                Some("edited".into()),
            )),
            None => out.push(mapping(
                None,
                "unmapped",
                best.map_or(0.0, |b| b.0),
                Vec::new(),
                Some("no new block holds this text".into()),
            )),
        }
    }
    out
}

/// Every old id of one document pair, by the rules in the module comment.
fn map_document(
    old: &Doc,
    new: Option<(&str, &Doc)>,
    renamed_from: Option<&str>,
    th: &DiffConfig,
) -> Vec<Mapping> {
    let all = |kind: &'static str, units: &[Unit], mv: &'static str, reason: &str| {
        units
            .iter()
            .map(|u| Mapping {
                doc_id: old.doc_id.clone(),
                kind,
                old_id: u.id.clone(),
                new_id: None,
                move_: mv,
                old_off: (u.begin, u.end),
                new_off: None,
                new_parts: Vec::new(),
                conf: 0.0,
                reason: Some(reason.to_string()),
                offset_map: Vec::new(),
            })
            .collect::<Vec<_>>()
    };
    let Some((new_path, nd)) = new else {
        let mut v = all("block", &old.blocks, "deleted", "the document is gone");
        v.extend(all("chunk", &old.chunks, "deleted", "the document is gone"));
        return v;
    };
    if renamed_from.is_some() {
        // Same bytes under a new path: the same units in the same order.
        let by_pos = |kind: &'static str, o: &[Unit], n: &[Unit]| {
            o.iter()
                .zip(n)
                .map(|(u, w)| Mapping {
                    doc_id: old.doc_id.clone(),
                    kind,
                    old_id: u.id.clone(),
                    new_id: Some(w.id.clone()),
                    move_: "shift",
                    old_off: (u.begin, u.end),
                    new_off: Some((w.begin, w.end)),
                    new_parts: Vec::new(),
                    conf: 1.0,
                    reason: Some(format!("renamed to {new_path}")),
                    // The same bytes: the unit's whole text, moved.
                    offset_map: vec![[u.begin, w.begin, (u.end - u.begin).min(w.end - w.begin)]],
                })
                .collect::<Vec<_>>()
        };
        let mut v = by_pos("block", &old.blocks, &nd.blocks);
        v.extend(by_pos("chunk", &old.chunks, &nd.chunks));
        return v;
    }
    let mut v = align(&old.doc_id, "block", &old.blocks, &nd.blocks, th);
    v.extend(align(&old.doc_id, "chunk", &old.chunks, &nd.chunks, th));
    v
}

pub struct DiffOptions {
    pub old: PathBuf,
    pub new: PathBuf,
    pub out: PathBuf,
    pub config: DiffConfig,
    /// Threads aligning the changed documents of a window.
    pub threads: usize,
    /// A progress bar on standard error (when it is a terminal).
    pub progress: bool,
    /// Set by Ctrl-C: the diff stops at the next window and writes nothing.
    pub interrupted: Arc<std::sync::atomic::AtomicBool>,
}

/// What becomes of an OLD document.
#[derive(Clone, Copy, PartialEq)]
enum Fate {
    /// Same path, same bytes, same build: its rows are OLD's, nothing to read in NEW.
    Same,
    /// A file neither index read (a symbolic link not followed, a special file): no ids.
    Quiet,
    /// Same path and bytes, but another version or config: same if its ids are.
    Check(usize),
    /// Same path, other bytes: aligned against NEW's document.
    Changed(usize),
    /// Its bytes under a path new in NEW.
    Renamed(usize),
    Deleted,
}

/// Counts and samples gathered window after window.
#[derive(Default)]
struct Tally {
    documents: BTreeMap<&'static str, u64>,
    moves: [BTreeMap<&'static str, u64>; 2],
    /// Old ids of documents still present, and how many of them lead to a new id.
    live: u64,
    redirected: u64,
    high_risk: Vec<String>,
}

impl Tally {
    fn add(&mut self, entries: &[Entry]) {
        for e in entries {
            match e {
                Entry::Same(d) => {
                    for (t, units) in [&d.blocks, &d.chunks].into_iter().enumerate() {
                        if !units.is_empty() {
                            *self.moves[t].entry("same").or_default() += units.len() as u64;
                        }
                        self.live += units.len() as u64;
                        self.redirected += units.len() as u64;
                    }
                }
                Entry::Mapped(rows) => {
                    for r in rows {
                        let t = usize::from(r.kind == "chunk");
                        *self.moves[t].entry(r.move_).or_default() += 1;
                        if r.move_ == "deleted" {
                            continue;
                        }
                        self.live += 1;
                        self.redirected += u64::from(r.new_id.is_some());
                        if (r.new_id.is_none() || r.conf < 0.8) && self.high_risk.len() < 100 {
                            self.high_risk.push(r.old_id.clone());
                        }
                    }
                }
            }
        }
    }
}

pub fn diff(opts: &DiffOptions) -> Result<Summary> {
    let started = std::time::Instant::now();
    // The two indexes are opened side by side.
    let (old, new) = std::thread::scope(|s| {
        let old = s.spawn(|| Index::open(&opts.old));
        let new = Index::open(&opts.new);
        let old = old
            .join()
            .map_err(|_| anyhow::anyhow!("internal error: reading OLD panicked"))?;
        anyhow::Ok((old, new))
    })?;
    let (old, new) = (old?, new?);
    // Same bytes, version and config give the same rows (what `index --previous` rests on):
    // such documents are `same` without reading NEW.
    let (om, nm) = (&old.manifest, &new.manifest);
    let same_build = om.tool_version == nm.tool_version
        && om.config_hash == nm.config_hash
        && om.analyzer == nm.analyzer;
    // Renames: a path gone from NEW whose bytes appear under a path new in NEW. Each new path
    // takes at most one old one, the first in order the first.
    let mut new_by_hash: HashMap<u128, Vec<usize>> = HashMap::new();
    for (k, d) in new.docs.iter().enumerate().rev() {
        if old.find(&d.path).is_none() {
            if let Some(h) = d.content_hash {
                new_by_hash.entry(h).or_default().push(k);
            }
        }
    }
    let fates: Vec<Fate> = old
        .docs
        .iter()
        .map(|od| match new.find(&od.path) {
            Some(n) => {
                let nd = &new.docs[n];
                if nd.content_hash.is_some() && nd.content_hash == od.content_hash {
                    if same_build {
                        Fate::Same
                    } else {
                        Fate::Check(n)
                    }
                } else if nd.content_hash.is_none()
                    && od.content_hash.is_none()
                    && nd.units() == 0
                    && od.units() == 0
                {
                    Fate::Quiet
                } else {
                    Fate::Changed(n)
                }
            }
            None => match od
                .content_hash
                .and_then(|h| new_by_hash.get_mut(&h))
                .and_then(Vec::pop)
            {
                Some(n) => Fate::Renamed(n),
                None => Fate::Deleted,
            },
        })
        .collect();
    let old_hashes: HashSet<u128> = old.docs.iter().filter_map(|d| d.content_hash).collect();
    let added = new
        .docs
        .iter()
        .filter(|d| {
            old.find(&d.path).is_none() && !d.content_hash.is_some_and(|h| old_hashes.contains(&h))
        })
        .count();
    // Windows are read and mapped here while the thread beside writes the rows of the last.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .thread_name(|i| format!("docsweep-diff-{i}"))
        .build()
        .context("cannot start worker threads")?;
    let output = Output::create(&opts.out)?;
    let bar = progress_bar(
        opts.progress,
        old.docs.iter().map(Meta::units).sum(),
        old.docs.len(),
    );
    let (tx, rx) = crossbeam_channel::bounded::<[RecordBatch; 2]>(1);
    let (mut tally, output) = std::thread::scope(|s| {
        let writer = s.spawn(move || -> Result<Output> {
            let mut output = output;
            for batches in rx {
                output.write(batches)?;
            }
            Ok(output)
        });
        let mapped = pool.install(|| -> Result<Tally> {
            let mut tally = Tally::default();
            let mut start = 0;
            while start < old.docs.len() {
                if opts.interrupted.load(std::sync::atomic::Ordering::Relaxed) {
                    bail!(
                        "interrupted: nothing written at {} (an earlier diff there is untouched)",
                        opts.out.display()
                    );
                }
                let mut end = start;
                let mut units = 0;
                while end < old.docs.len() && (end == start || units < opts.config.window_units) {
                    units += old.docs[end].units();
                    end += 1;
                }
                let batches = window(
                    &old,
                    &new,
                    start..end,
                    &fates[start..end],
                    &opts.config,
                    &mut tally,
                )?;
                if tx.send(batches).is_err() {
                    break; // the writer stopped on an error, reported below
                }
                bar.inc(units);
                bar.set_message(format!("{end} documents"));
                start = end;
            }
            Ok(tally)
        });
        drop(tx);
        let output = writer
            .join()
            .map_err(|_| anyhow::anyhow!("internal error: writing the diff panicked"))?;
        let output = output?;
        anyhow::Ok((mapped?, output))
    })?;
    bar.finish_and_clear();
    tally.documents.insert("new", added as u64);
    let Tally {
        documents,
        moves: [blocks, chunks],
        live,
        redirected,
        high_risk,
    } = tally;
    let summary = Summary {
        old_index_hash: om.index_hash.clone(),
        new_index_hash: nm.index_hash.clone(),
        documents,
        blocks,
        chunks,
        redirect_coverage: if live == 0 {
            1.0
        } else {
            redirected as f64 / live as f64
        },
        high_risk,
        seconds: started.elapsed().as_secs_f64(),
    };
    output.finish(&summary)?;
    Ok(summary)
}

/// A bar over OLD's blocks and chunks, on standard error when it is a terminal.
fn progress_bar(enabled: bool, units: u64, docs: usize) -> indicatif::ProgressBar {
    crate::pipeline::bar(
        enabled,
        units,
        &format!("{{bar:30}} {{pos}}/{{len}} blocks and chunks {{msg}}/{docs} eta {{eta}}"),
        "0 documents",
    )
}

/// Maps the OLD documents `range` (their fates given): their rows of `migration.parquet` and
/// `redirects.parquet`.
fn window(
    old: &Index,
    new: &Index,
    range: std::ops::Range<usize>,
    fates: &[Fate],
    th: &DiffConfig,
    tally: &mut Tally,
) -> Result<[RecordBatch; 2]> {
    let here: Vec<usize> = range.clone().collect();
    let mut docs = old.docs_of(&here, false)?;
    // NEW's units where the rows go by position (renames).
    let looked: Vec<(usize, usize)> = fates
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match *f {
            Fate::Renamed(n) => Some((i, n)),
            _ => None,
        })
        .collect();
    let looked_docs = new.docs_of(&looked.iter().map(|l| l.1).collect::<Vec<_>>(), false)?;
    let mut targets: HashMap<usize, Doc> = looked.iter().map(|l| l.0).zip(looked_docs).collect();
    // Text, on both sides, of the documents whose content changed, and of those whose bytes
    // another build read (their units may differ), and nowhere else.
    let read: Vec<(usize, usize)> = fates
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match *f {
            Fate::Changed(n) | Fate::Check(n) => Some((i, n)),
            _ => None,
        })
        .collect();
    let olds = old.docs_of(
        &read.iter().map(|c| range.start + c.0).collect::<Vec<_>>(),
        true,
    )?;
    let news = new.docs_of(&read.iter().map(|c| c.1).collect::<Vec<_>>(), true)?;
    for ((c, o), n) in read.iter().zip(olds).zip(news) {
        docs[c.0] = o;
        targets.insert(c.0, n);
    }
    // Another build's rows of the same bytes are the same when every unit has the same id,
    // offsets and text; otherwise they are aligned.
    let mut fates = fates.to_vec();
    for (i, f) in fates.iter_mut().enumerate() {
        if let Fate::Check(n) = *f {
            let (o, t) = (&docs[i], &targets[&i]);
            let equal = |a: &[Unit], b: &[Unit]| {
                a.len() == b.len()
                    && a.iter().zip(b).all(|(x, y)| {
                        (&x.id, x.begin, x.end, &x.text) == (&y.id, y.begin, y.end, &y.text)
                    })
            };
            *f = if equal(&o.blocks, &t.blocks) && equal(&o.chunks, &t.chunks) {
                Fate::Same
            } else {
                Fate::Changed(n)
            };
        }
    }
    // The documents that need mapping are mapped on all cores, in order.
    let mapped: Vec<Option<Vec<Mapping>>> = {
        use rayon::prelude::*;
        docs.par_iter()
            .zip(&fates)
            .enumerate()
            .map(|(i, (od, fate))| match *fate {
                Fate::Same | Fate::Quiet => None,
                Fate::Check(_) => unreachable!("settled above"),
                Fate::Changed(n) => {
                    let target = Some((&*new.docs[n].path, &targets[&i]));
                    Some(map_document(od, target, None, th))
                }
                Fate::Renamed(n) => {
                    let target = Some((&*new.docs[n].path, &targets[&i]));
                    let from = Some(&*old.docs[range.start + i].path);
                    Some(map_document(od, target, from, th))
                }
                Fate::Deleted => Some(map_document(od, None, None, th)),
            })
            .collect()
    };
    let mut entries: Vec<Entry> = Vec::with_capacity(docs.len());
    for ((od, fate), rows) in docs.iter().zip(&fates).zip(mapped) {
        let what = match *fate {
            Fate::Same | Fate::Quiet => "same",
            Fate::Check(_) => unreachable!("settled above"),
            Fate::Changed(_) => "changed",
            Fate::Renamed(_) => "renamed",
            Fate::Deleted => "deleted",
        };
        match rows {
            Some(rows) => entries.push(Entry::Mapped(rows)),
            None if *fate == Fate::Same => entries.push(Entry::Same(od)),
            None => {}
        }
        *tally.documents.entry(what).or_default() += 1;
    }
    tally.add(&entries);
    Ok([migration_batch(&entries)?, redirects_batch(&entries)?])
}

/// What a document of OLD gives `migration.parquet`: its units unchanged, written as `same`
/// rows only when the file is written (most rows of a nightly diff are such rows, and they
/// would be most of its memory), or its aligned rows.
enum Entry<'a> {
    Same(&'a Doc),
    Mapped(Vec<Mapping>),
}

/// The rows of the documents that were aligned, in order (no `same` rows).
fn mapped_rows<'a>(entries: &'a [Entry]) -> impl Iterator<Item = &'a Mapping> {
    entries.iter().flat_map(|e| match e {
        Entry::Same(_) => &[][..],
        Entry::Mapped(rows) => &rows[..],
    })
}

fn migration_batch(entries: &[Entry]) -> Result<RecordBatch> {
    let mut doc = StringBuilder::new();
    let mut kind = StringBuilder::new();
    let mut old_id = StringBuilder::new();
    let mut new_id = StringBuilder::new();
    let mut mv = StringBuilder::new();
    let mut old_off = ListBuilder::new(UInt64Builder::new());
    let mut new_off = ListBuilder::new(UInt64Builder::new());
    let mut parts = ListBuilder::new(StringBuilder::new());
    let mut conf = Float32Builder::new();
    let mut reason = StringBuilder::new();
    let (mut map_offsets, mut map_cols) = (vec![0i32], [Vec::new(), Vec::new(), Vec::new()]);
    for e in entries {
        let rows = match e {
            Entry::Mapped(rows) => rows,
            Entry::Same(d) => {
                for (kind_now, units) in [("block", &d.blocks), ("chunk", &d.chunks)] {
                    for u in units {
                        map_offsets.push(
                            i32::try_from(map_cols[0].len()).context("offset map too large")?,
                        );
                        doc.append_value(&d.doc_id);
                        kind.append_value(kind_now);
                        old_id.append_value(&u.id);
                        new_id.append_value(&u.id);
                        mv.append_value("same");
                        old_off.values().append_slice(&[u.begin, u.end]);
                        old_off.append(true);
                        new_off.values().append_slice(&[u.begin, u.end]);
                        new_off.append(true);
                        parts.append(true);
                        conf.append_value(1.0);
                        reason.append_null();
                    }
                }
                continue;
            }
        };
        for r in rows {
            for seg in &r.offset_map {
                for (c, v) in map_cols.iter_mut().zip(seg) {
                    c.push(*v);
                }
            }
            map_offsets.push(i32::try_from(map_cols[0].len()).context("offset map too large")?);
            doc.append_value(&r.doc_id);
            kind.append_value(r.kind);
            old_id.append_value(&r.old_id);
            new_id.append_option(r.new_id.as_deref());
            mv.append_value(r.move_);
            old_off.values().append_slice(&[r.old_off.0, r.old_off.1]);
            old_off.append(true);
            match r.new_off {
                Some((b, e)) => {
                    new_off.values().append_slice(&[b, e]);
                    new_off.append(true);
                }
                None => new_off.append(false),
            }
            for p in &r.new_parts {
                parts.values().append_value(p);
            }
            parts.append(true);
            conf.append_value(r.conf);
            reason.append_option(r.reason.as_deref());
        }
    }
    let [a, b, c] = map_cols;
    let segments = arrow_array::StructArray::try_new(
        segment_fields(),
        vec![
            Arc::new(UInt64Array::from(a)) as ArrayRef,
            Arc::new(UInt64Array::from(b)),
            Arc::new(UInt64Array::from(c)),
        ],
        None,
    )?;
    let offset_map = arrow_array::ListArray::try_new(
        map_item(),
        arrow_buffer::OffsetBuffer::new(map_offsets.into()),
        Arc::new(segments),
        None,
    )?;
    let cols: Vec<ArrayRef> = vec![
        Arc::new(doc.finish()),
        Arc::new(kind.finish()),
        Arc::new(old_id.finish()),
        Arc::new(new_id.finish()),
        Arc::new(mv.finish()),
        Arc::new(old_off.finish()),
        Arc::new(new_off.finish()),
        Arc::new(parts.finish()),
        Arc::new(conf.finish()),
        Arc::new(reason.finish()),
        Arc::new(offset_map),
    ];
    Ok(RecordBatch::try_new(migration_schema(), cols)?)
}

/// The fields of one `offset_map` segment.
fn segment_fields() -> arrow_schema::Fields {
    ["old_begin", "new_begin", "len"]
        .iter()
        .map(|n| Field::new(*n, DataType::UInt64, false))
        .collect()
}

fn map_item() -> arrow_schema::FieldRef {
    Arc::new(Field::new(
        "item",
        DataType::Struct(segment_fields()),
        false,
    ))
}

fn migration_schema() -> SchemaRef {
    let offs = || DataType::List(Arc::new(Field::new("item", DataType::UInt64, true)));
    Arc::new(Schema::new(vec![
        Field::new("doc_id", DataType::Utf8, false),
        Field::new("kind", DataType::Utf8, false),
        Field::new("old_id", DataType::Utf8, false),
        Field::new("new_id", DataType::Utf8, true),
        Field::new("move", DataType::Utf8, false),
        Field::new("old_off", offs(), false),
        Field::new("new_off", offs(), true),
        Field::new(
            "new_parts",
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            false,
        ),
        Field::new("conf", DataType::Float32, false),
        Field::new("reason", DataType::Utf8, true),
        Field::new("offset_map", DataType::List(map_item()), false),
    ]))
}

fn redirects_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("old_id", DataType::Utf8, false),
        Field::new("new_id", DataType::Utf8, false),
        Field::new("kind", DataType::Utf8, false),
        Field::new("conf", DataType::Float32, false),
    ]))
}

fn redirects_batch(entries: &[Entry]) -> Result<RecordBatch> {
    let mut old_id = StringBuilder::new();
    let mut new_id = StringBuilder::new();
    let mut kind = StringBuilder::new();
    let mut conf = Float32Builder::new();
    // A `same` row leads to itself: no redirect.
    for r in mapped_rows(entries) {
        if let Some(n) = r.new_id.as_deref().filter(|n| *n != r.old_id) {
            old_id.append_value(&r.old_id);
            new_id.append_value(n);
            kind.append_value(r.kind);
            conf.append_value(r.conf);
        }
    }
    let cols: Vec<ArrayRef> = vec![
        Arc::new(old_id.finish()),
        Arc::new(new_id.finish()),
        Arc::new(kind.finish()),
        Arc::new(conf.finish()),
    ];
    Ok(RecordBatch::try_new(redirects_schema(), cols)?)
}

/// Row groups of the output files: the writer holds one in memory.
const OUTPUT_GROUP_ROWS: usize = 1 << 18;

/// OUT being written: a staging folder beside its place (the one `index` uses, with its lock
/// and its cleanup of runs that were killed), swapped into place once complete. A failed or
/// interrupted diff leaves nothing half-written, and replaces only an earlier diff output.
struct Output {
    staging: crate::sink::commit::Staging,
    migration: ArrowWriter<std::fs::File>,
    redirects: ArrowWriter<std::fs::File>,
}

impl Output {
    fn create(out: &Path) -> Result<Output> {
        let staging = crate::sink::commit::Staging::create_diff(out)?;
        let writer = |file: &str, schema: SchemaRef| -> Result<ArrowWriter<std::fs::File>> {
            let path = staging.dir.join(file);
            let f = std::fs::File::create(&path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            let props = parquet::file::properties::WriterProperties::builder()
                .set_compression(parquet::basic::Compression::ZSTD(Default::default()))
                .set_max_row_group_row_count(Some(OUTPUT_GROUP_ROWS))
                // Ids are unique: a dictionary of them costs time and saves nothing.
                .set_column_dictionary_enabled("old_id".into(), false)
                .set_column_dictionary_enabled("new_id".into(), false)
                .build();
            Ok(ArrowWriter::try_new(f, schema, Some(props))?)
        };
        let migration = writer(MIGRATION, migration_schema())?;
        let redirects = writer(REDIRECTS, redirects_schema())?;
        Ok(Output {
            staging,
            migration,
            redirects,
        })
    }

    fn write(&mut self, [migration, redirects]: [RecordBatch; 2]) -> Result<()> {
        self.migration.write(&migration)?;
        if redirects.num_rows() > 0 {
            self.redirects.write(&redirects)?;
        }
        Ok(())
    }

    /// Closes and syncs the files, writes `summary.json` and moves OUT into place.
    fn finish(self, summary: &Summary) -> Result<()> {
        for w in [self.migration, self.redirects] {
            w.into_inner()?.sync_all()?;
        }
        let p = self.staging.dir.join(SUMMARY);
        std::fs::write(&p, serde_json::to_string_pretty(summary)? + "\n")
            .with_context(|| format!("cannot write {}", p.display()))?;
        std::fs::File::open(&p)?.sync_all()?;
        self.staging.publish_files()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Old units 0..5 against new units 0..5: 0, 2 and 4 copied exactly (to 0, 2 and 4).
    #[test]
    fn a_lone_unit_between_exact_copies_is_confirmed_by_its_place() {
        let exact = [Some(0), None, Some(2), None, Some(4)];
        let used = [true, false, true, false, true];
        let s = Slots::new(&exact, &used);
        assert_eq!(s.confirm(1, 1, 0.7), 0.99 + 0.01 * 0.7);
        assert_eq!(s.confirm(3, 3, 0.7), 0.99 + 0.01 * 0.7);
        // Another gap's unit, or one out of the gap: the text alone decides.
        assert_eq!(s.confirm(1, 3, 0.7), 0.7);
        assert_eq!(s.confirm(3, 1, 0.7), 0.7);
        // Two old units in a gap, or two new ones: neither place is sure.
        let exact = [Some(0), None, None, Some(3)];
        let s = Slots::new(&exact, &[true, false, false, true]);
        assert_eq!(s.confirm(1, 1, 0.7), 0.7);
        let s = Slots::new(&[Some(0), None, Some(3)], &[true, false, false, true]);
        assert_eq!(s.confirm(1, 1, 0.7), 0.7);
        // At a document's ends the ends bound the gap.
        let s = Slots::new(&[None, Some(1)], &[false, true]);
        assert_eq!(s.confirm(0, 0, 0.65), 0.99 + 0.01 * 0.65);
        let s = Slots::new(&[Some(0), None], &[true, false, false]);
        assert_eq!(s.confirm(1, 1, 0.65), 0.65);
    }
}
