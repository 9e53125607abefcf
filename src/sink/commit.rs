//! Publishing an index atomically: everything is written into a temporary directory beside the
//! target, the manifest last, then the directory is renamed into place. A run that is killed
//! leaves the previous index (or nothing) at the target, never a half-written one.

use super::{FileInfo, Written};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// 2: `documents.furniture_lines` and `hyphen_joins`, page sections `pNNN`.
pub const SCHEMA_VERSION: u32 = 2;
pub const MANIFEST: &str = "manifest.json";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TableInfo {
    pub rows: u64,
    pub files: Vec<FileInfo>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub schema_version: u32,
    pub tool: String,
    pub tool_version: String,
    pub index_hash: String,
    pub config_hash: String,
    pub config: serde_json::Value,
    pub analyzer: String,
    pub corpus_root: String,
    pub documents: u64,
    pub by_status: BTreeMap<String, u64>,
    pub by_format: BTreeMap<String, u64>,
    pub tables: BTreeMap<String, TableInfo>,
    /// Set by `index --previous`: which index was reused, and how much of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<PreviousRun>,
    /// Set on a shard's output by `docsweep run`: which plan and shard it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardOf>,
    /// Set by `docsweep commit`: the plan whose shards were merged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sharded: Option<Sharded>,
    /// `file_stats.parquet` beside the tables, when written (set on publishing): its size
    /// and hash tie it to this index, so that `--trust-mtime` never takes another index's
    /// sizes and mtimes for OLD's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_stats: Option<FileInfo>,
}

/// One shard of a plan (`docsweep run`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShardOf {
    pub plan_id: String,
    pub shard: u32,
    pub shards: u32,
}

/// What `docsweep commit` merged.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Sharded {
    pub plan_id: String,
    pub shards: u32,
    /// Table rows whose pages were copied from the shards as they are.
    pub rows_copied: u64,
    /// Rows of the shards decoded and encoded again: those of the page runs that straddle two
    /// shards (or a shard and the previous index).
    pub rows_reencoded: u64,
}

/// What `index --previous OLD` took from OLD.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PreviousRun {
    pub index_hash: String,
    /// Documents whose rows were carried over (same path and content hash).
    pub reused: u64,
    /// Documents OLD had whose content changed.
    pub reprocessed: u64,
    /// Documents OLD did not have.
    pub new: u64,
    /// Documents OLD had that are gone.
    pub deleted: u64,
    /// Table rows whose pages were copied from OLD as they are.
    #[serde(default)]
    pub rows_copied: u64,
    /// Rows of reused documents decoded from OLD and encoded again, because their page run
    /// also holds a changed, new or deleted document.
    #[serde(default)]
    pub rows_reencoded: u64,
    /// Reused documents taken on size and mtime alone (`--trust-mtime`), without being read.
    #[serde(default)]
    pub trusted: u64,
}

/// 32 hex of xxh3-128 over the schema version, tool version, config hash and every table file
/// (path and content hash) in table order then part order.
pub fn index_hash(
    tool_version: &str,
    config_hash: &str,
    written: &[(&str, Vec<FileInfo>)],
) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(
        format!("docsweep-index\0{SCHEMA_VERSION}\0{tool_version}\0{config_hash}\0").as_bytes(),
    );
    for (table, files) in written {
        h.update(table.as_bytes());
        h.update(b"\0");
        for f in files {
            h.update(f.path.as_bytes());
            h.update(b"\0");
            h.update(f.hash.as_bytes());
            h.update(b"\0");
        }
    }
    crate::ids::hex128(h.digest128())
}

pub fn tables_map(written: &Written) -> BTreeMap<String, TableInfo> {
    written
        .iter()
        .map(|(t, files)| {
            (
                t.to_string(),
                TableInfo {
                    rows: files.iter().map(|f| f.rows).sum(),
                    files: files.clone(),
                },
            )
        })
        .collect()
}

pub fn read_manifest(index: &Path) -> Result<Manifest> {
    if !index.exists() {
        bail!(
            "{} does not exist: give the path of a docsweep index",
            index.display()
        );
    }
    let p = index.join(MANIFEST);
    let text = std::fs::read_to_string(&p).with_context(|| {
        format!(
            "{} is not a docsweep index: cannot read {MANIFEST}",
            index.display()
        )
    })?;
    let m: Manifest = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a valid docsweep manifest", p.display()))?;
    // Its files are read from inside the index only (`../../dev/zero` would never end).
    for info in m.tables.values() {
        for f in &info.files {
            let inside = Path::new(&f.path)
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            if !inside || f.path.is_empty() {
                bail!(
                    "{} lists a file outside the index ({}); the manifest is damaged: build the index again",
                    p.display(),
                    f.path
                );
            }
        }
    }
    Ok(m)
}

/// What is wrong with manifest `m` on its face, reading no other file: another tool or
/// schema, a table missing, a file listed twice, rows that do not add up to the table's, an
/// `index_hash` that its file entries do not give, a `config` that `config_hash` does not name.
/// Empty when nothing is. A reader that trusts the manifest (`--previous` reuses rows of
/// unchanged documents, `diff` takes documents with equal hashes as unchanged) checks these
/// first: an edited entry would otherwise carry damaged or stale rows on.
pub fn manifest_faults(m: &Manifest) -> Vec<String> {
    let mut faults = Vec::new();
    if m.tool != "docsweep" {
        faults.push(format!("it names another tool ({:?})", m.tool));
    }
    if m.schema_version != SCHEMA_VERSION {
        faults.push(format!(
            "its schema version is {}, this docsweep's {SCHEMA_VERSION}",
            m.schema_version
        ));
    }
    let mut seen = std::collections::HashSet::new();
    let mut written = Vec::new();
    for t in super::tables::TABLES {
        let Some(info) = m.tables.get(t) else {
            faults.push(format!("it lists no table {t}"));
            continue;
        };
        for f in &info.files {
            if !seen.insert(f.path.as_str()) {
                faults.push(format!("it lists {} twice", f.path));
            }
        }
        let rows = info
            .files
            .iter()
            .try_fold(0u64, |a, f| a.checked_add(f.rows));
        if rows != Some(info.rows) {
            faults.push(format!(
                "table {t} has {} rows but its files add up to {}",
                info.rows,
                rows.map_or("more than 2^64".into(), |r| r.to_string())
            ));
        }
        written.push((t, info.files.clone()));
    }
    if index_hash(&m.tool_version, &m.config_hash, &written) != m.index_hash {
        faults.push("its index_hash is not the one its files give".into());
    }
    // How a config is hashed belongs to the build (the key order of its text changed once):
    // only a manifest of this build is held to it.
    if m.tool_version == crate::TOOL_VERSION
        && crate::config::Config::hash_of_value(&m.config) != m.config_hash
    {
        faults.push("its config is not the one its config_hash names".into());
    }
    faults
}

/// Checks index `index` (manifest `m`) before it is read: [`manifest_faults`], then every file
/// the manifest lists, which must have the size and hash it gives (read side by side on all
/// cores; xxh3 runs at memory speed). Pages are not checksummed: a flipped byte inside a
/// compressed page decodes to other values, so only the file's hash shows it. The error names
/// the index and the first file or fault.
pub fn verify(index: &Path, m: &Manifest) -> Result<()> {
    use rayon::prelude::*;
    if let Some(fault) = manifest_faults(m).first() {
        bail!(
            "{}: its manifest is damaged: {fault}; run `docsweep validate {}`, or build the index again",
            index.display(),
            index.display()
        );
    }
    let files: Vec<&FileInfo> = m.tables.values().flat_map(|t| &t.files).collect();
    let wrong = files.par_iter().find_map_first(|f| {
        let p = index.join(&f.path);
        match crate::ids::file_hash(&p) {
            Ok(got) if got == (f.bytes, f.hash.clone()) => None,
            Ok(_) => Some(format!(
                "{} is not the file its manifest lists (its size or hash differs)",
                p.display()
            )),
            Err(e) => Some(format!("cannot read {}: {e}", p.display())),
        }
    });
    if let Some(wrong) = wrong {
        bail!(
            "{wrong}; the index {} is damaged: build it again",
            index.display()
        );
    }
    Ok(())
}

/// Parquet files in `index`'s table folders that its manifest does not list: a reader of
/// `INDEX/chunks/*.parquet` (DuckDB, pyarrow) would read their rows as the index's.
pub fn unlisted_files(index: &Path, m: &Manifest) -> Vec<String> {
    let listed: std::collections::HashSet<&str> = m
        .tables
        .values()
        .flat_map(|t| t.files.iter().map(|f| f.path.as_str()))
        .collect();
    let mut out = Vec::new();
    for t in super::tables::TABLES {
        let Ok(entries) = std::fs::read_dir(index.join(t)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            // What a glob over `*.parquet` reads; a copy tool's hidden checksums
            // (`.part-00000.parquet.crc`) and `.DS_Store` are no rows.
            if name.starts_with('.') || !name.ends_with(".parquet") {
                continue;
            }
            let rel = format!("{t}/{name}");
            if !listed.contains(rel.as_str()) {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// Whether `dir` holds an index this tool wrote: its manifest parses and names docsweep. A
/// folder that merely has some `manifest.json` (a web app, an extension) is not one.
pub fn is_docsweep_index(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join(MANIFEST))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|m| m["tool"] == "docsweep" && m["schema_version"].is_u64())
}

/// The entries of an existing output folder that a run of `kind` does not write: anything but
/// the manifest, `_SUCCESS`, `file_stats.parquet` and the table folders of Parquet files (an
/// index), or the diff's two Parquet files and summary (a diff output). Paths relative to
/// `target`.
fn foreign_entries(target: &Path, kind: Output) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(target) else {
        return out;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(n) = name.to_str() else {
            out.push(PathBuf::from(&name));
            continue;
        };
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        let ok = match kind {
            Output::Index if is_dir => {
                super::tables::TABLES.contains(&n)
                    && std::fs::read_dir(e.path()).is_ok_and(|d| {
                        d.flatten().all(|p| {
                            p.file_type().is_ok_and(|t| t.is_file())
                                && p.file_name()
                                    .to_str()
                                    .is_some_and(|f| f.ends_with(".parquet"))
                        })
                    })
            }
            Output::Index => matches!(n, MANIFEST | SUCCESS | super::stats::FILE),
            Output::Diff => {
                !is_dir
                    && matches!(
                        n,
                        crate::diff::MIGRATION | crate::diff::REDIRECTS | crate::diff::SUMMARY
                    )
            }
        };
        if !ok {
            out.push(PathBuf::from(&name));
        }
    }
    out.sort();
    out
}

/// What a staging directory becomes.
#[derive(Clone, Copy)]
enum Output {
    Index,
    Diff,
}

/// A directory being filled; removed on drop unless published.
pub struct Staging {
    pub dir: PathBuf,
    target: PathBuf,
    published: bool,
    /// Held from creation to publication: one writer per target.
    _lock: Option<Lock>,
    /// Write `_SUCCESS` (holding the index hash) after the manifest.
    success_marker: bool,
}

/// The marker `docsweep run` writes last into a shard's output.
pub const SUCCESS: &str = "_SUCCESS";

/// This machine's name, as staging and lock names carry it: a folder shared between machines
/// holds the staging folders of all of them, and only this machine can tell whether one of its
/// processes is gone.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().replace(['/', '\\'], "_"))
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

/// The folder holding `target`, and `target`'s name.
fn parent_and_name(target: &Path) -> Result<(&Path, String)> {
    let name = target
        .file_name()
        .with_context(|| format!("output path {} has no final component", target.display()))?
        .to_string_lossy()
        .into_owned();
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Ok((parent, name))
}

fn sibling(target: &Path, tag: &str) -> Result<PathBuf> {
    let (parent, name) = parent_and_name(target)?;
    Ok(parent.join(format!(
        ".{name}.docsweep-{tag}-{}-{}",
        host(),
        std::process::id()
    )))
}

/// The lock of a target: a file beside it, locked with `flock` for as long as this lives and
/// removed when it is dropped. The kernel drops the lock when the process dies, so a killed run
/// leaves no stale lock behind (only the file, which the next run takes over).
pub struct Lock {
    path: PathBuf,
    _file: std::fs::File,
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still locked; a process that opened it before it went sees, once it
        // has the lock, that the path no longer names its file, and opens it again.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Takes the lock of `target`, or fails at once when another process holds it.
pub fn lock(target: &Path) -> Result<Lock> {
    use std::os::unix::fs::MetadataExt;
    let (parent, name) = parent_and_name(target)?;
    let path = parent.join(format!(".{name}.docsweep-lock"));
    loop {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot create the lock file {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => bail!(
                "another docsweep is writing {} right now (it holds {}); nothing was written: wait for it to finish",
                target.display(),
                path.display()
            ),
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("cannot lock {}", path.display()))
            }
        }
        let held = file.metadata()?;
        let same = std::fs::metadata(&path)
            .is_ok_and(|now| now.ino() == held.ino() && now.dev() == held.dev());
        if same {
            return Ok(Lock { path, _file: file });
        }
    }
}

impl Staging {
    /// Checks that `target` may be replaced, takes its lock (one writer at a time; a second
    /// one fails at once) and creates the staging directory beside it.
    pub fn create(target: &Path) -> Result<Staging> {
        Staging::create_with(target, true, false, Output::Index)
    }

    /// The staging of one shard's output: no lock (two attempts at the same shard write the
    /// same bytes, and the last rename wins), and `_SUCCESS` written after the manifest.
    pub fn create_shard(target: &Path) -> Result<Staging> {
        Staging::create_with(target, false, true, Output::Index)
    }

    /// The staging of a `docsweep diff` output: it replaces only an earlier diff output (or an
    /// empty folder), and is published with [`Staging::publish_files`].
    pub fn create_diff(target: &Path) -> Result<Staging> {
        Staging::create_with(target, true, false, Output::Diff)
    }

    fn create_with(
        target: &Path,
        locked: bool,
        success_marker: bool,
        kind: Output,
    ) -> Result<Staging> {
        if target.exists() {
            let ours = match kind {
                Output::Index => is_docsweep_index(target),
                Output::Diff => target.join(crate::diff::SUMMARY).is_file(),
            };
            let is_empty_dir = target.is_dir()
                && std::fs::read_dir(target)
                    .map(|mut d| d.next().is_none())
                    .unwrap_or(false);
            if !ours && !is_empty_dir {
                bail!(
                    "output {} exists and is not {}; choose another path or remove it",
                    target.display(),
                    match kind {
                        Output::Index => "a docsweep index",
                        Output::Diff => "the output of `docsweep diff`",
                    }
                );
            }
            // Replacing the folder removes everything in it: files docsweep did not write there
            // (notes, a corpus someone put inside the index) must not go with it.
            let foreign = foreign_entries(target, kind);
            if !foreign.is_empty() {
                bail!(
                    "output {} holds {} that docsweep did not write ({}{}); replacing the output \
                     would delete {it}: move {it} out of the folder or choose another output path",
                    target.display(),
                    if foreign.len() == 1 {
                        "an entry"
                    } else {
                        "entries"
                    },
                    foreign
                        .iter()
                        .take(3)
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    if foreign.len() > 3 { ", …" } else { "" },
                    it = if foreign.len() == 1 { "it" } else { "them" },
                );
            }
        }
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create output directory {}", parent.display()))?;
        let lock = if locked { Some(lock(target)?) } else { None };
        remove_stale_staging(parent, target);
        let dir = sibling(target, "tmp")?;
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir(&dir).with_context(|| {
            format!(
                "cannot write under {}: check permissions and free space",
                parent.display()
            )
        })?;
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
            published: false,
            _lock: lock,
            success_marker,
        })
    }

    /// Writes the manifest, then swaps the staging directory into place.
    pub fn publish(self, manifest: &Manifest) -> Result<()> {
        let stats = self.dir.join(super::stats::FILE);
        let mut manifest = std::borrow::Cow::Borrowed(manifest);
        if stats.is_file() {
            let (bytes, hash) = crate::ids::file_hash(&stats)
                .with_context(|| format!("cannot read {}", stats.display()))?;
            manifest.to_mut().file_stats = Some(FileInfo {
                path: super::stats::FILE.into(),
                rows: 0,
                bytes,
                hash,
            });
        }
        let p = self.dir.join(MANIFEST);
        let mut json = serde_json::to_string_pretty(&*manifest)?;
        json.push('\n');
        std::fs::write(&p, json).with_context(|| format!("cannot write {}", p.display()))?;
        std::fs::File::open(&p)?.sync_all()?;
        if self.success_marker {
            let p = self.dir.join(SUCCESS);
            std::fs::write(&p, format!("{}\n", manifest.index_hash))
                .with_context(|| format!("cannot write {}", p.display()))?;
            std::fs::File::open(&p)?.sync_all()?;
            return self.publish_shard();
        }
        self.publish_files()
    }

    /// Swaps the staging directory, its files written and synced, into place; what was there
    /// is set aside first and removed once the new one is in (a run killed in between leaves
    /// it aside, and the next run puts it back).
    pub fn publish_files(mut self) -> Result<()> {
        let old = if self.target.exists() {
            let old = sibling(&self.target, "old")?;
            std::fs::rename(&self.target, &old).with_context(|| {
                format!(
                    "cannot move the previous output {} aside",
                    self.target.display()
                )
            })?;
            Some(old)
        } else {
            None
        };
        if let Err(e) = std::fs::rename(&self.dir, &self.target) {
            if let Some(old) = &old {
                let _ = std::fs::rename(old, &self.target);
            }
            return Err(e).with_context(|| format!("cannot publish {}", self.target.display()));
        }
        self.published = true;
        if let Some(old) = old {
            let _ = std::fs::remove_dir_all(old);
        }
        if let Some(parent) = self.target.parent().filter(|p| !p.as_os_str().is_empty()) {
            if let Ok(d) = std::fs::File::open(parent) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }
}

impl Staging {
    /// Puts a shard's output in place. Two attempts at one shard (a retry while the first
    /// still runs) write the same bytes, so whichever lands is the shard: an attempt that finds
    /// the other's output placed under it is done too.
    fn publish_shard(mut self) -> Result<()> {
        let mut last = None;
        for _ in 0..8 {
            let old = if self.target.exists() {
                let old = sibling(&self.target, "old")?;
                match std::fs::rename(&self.target, &old) {
                    Ok(()) => Some(old),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                    Err(e) => {
                        return Err(e).with_context(|| {
                            format!(
                                "cannot move the earlier output {} aside",
                                self.target.display()
                            )
                        })
                    }
                }
            } else {
                None
            };
            match std::fs::rename(&self.dir, &self.target) {
                Ok(()) => {
                    self.published = true;
                    if let Some(old) = old {
                        let _ = std::fs::remove_dir_all(old);
                    }
                    return Ok(());
                }
                Err(_) if self.target.join(SUCCESS).is_file() => {
                    // Another attempt placed the same output in between; ours is dropped.
                    if let Some(old) = old {
                        let _ = std::fs::remove_dir_all(old);
                    }
                    return Ok(());
                }
                Err(e) => {
                    if let Some(old) = &old {
                        let _ = std::fs::rename(old, &self.target);
                    }
                    last = Some(e);
                }
            }
        }
        let e = last.unwrap_or_else(|| std::io::Error::other("no attempt made"));
        Err(e).with_context(|| format!("cannot publish {}", self.target.display()))
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.published {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Staging directories of runs that were killed (their process is gone) are removed. Only this
/// machine's are looked at: another machine's process cannot be checked from here.
fn remove_stale_staging(parent: &Path, target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let here = host();
    for e in entries.flatten() {
        let fname = e.file_name().to_string_lossy().into_owned();
        for tag in ["tmp", "old"] {
            let prefix = format!(".{name}.docsweep-{tag}-");
            // `HOST-PID`; earlier versions wrote `PID` alone, on this machine.
            let Some((machine, pid)) =
                fname
                    .strip_prefix(&prefix)
                    .and_then(|rest| match rest.rsplit_once('-') {
                        Some((m, p)) => Some((m.to_string(), p.parse::<u32>().ok()?)),
                        None => Some((here.clone(), rest.parse::<u32>().ok()?)),
                    })
            else {
                continue;
            };
            if machine != here {
                continue;
            }
            let alive = Path::new(&format!("/proc/{pid}")).exists();
            if alive && pid != std::process::id() {
                continue;
            }
            // A run killed between its two renames left the previous index aside: put it back.
            if tag == "old" && !target.exists() {
                let _ = std::fs::rename(e.path(), target);
            } else {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}
