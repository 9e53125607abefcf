//! The corpus: walking the tree into a deterministic plan, and loading one file's bytes.
//! Along with `sink`, the only module that touches the disk.

use crate::analyze::DocMeta;
use crate::config::WalkConfig;
use crate::extract::{Extensions, Format};
use anyhow::{bail, Context, Result};
use globset::{Glob, GlobSet, GlobSetBuilder};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) mod mapped;

/// One entry of the plan, in path order. A plan holds one per file of the corpus, so an entry
/// is kept small: the file's path is the shared corpus root joined with `meta.rel_path`, and is
/// stored whole only when it is not (a name that is not UTF-8, a renamed collision).
#[derive(Debug, Clone)]
pub struct PlanEntry {
    pub meta: DocMeta,
    root: Arc<Path>,
    odd_path: Option<Box<Path>>,
    /// Set when the walk already knows the file cannot be indexed: `(status, reason)`.
    pub verdict: Option<Box<(&'static str, String)>>,
    /// Modification time (nanoseconds since the Unix epoch), when the file system gives one.
    pub mtime_ns: Option<i64>,
}

impl PlanEntry {
    /// An entry for the file `path` (under `root`) known as `meta.rel_path`.
    pub fn new(root: &Arc<Path>, path: PathBuf, meta: DocMeta) -> PlanEntry {
        let odd_path = (root.join(&meta.rel_path) != path).then(|| path.into_boxed_path());
        PlanEntry {
            meta,
            root: root.clone(),
            odd_path,
            verdict: None,
            mtime_ns: None,
        }
    }

    /// The file's path.
    pub fn abs_path(&self) -> PathBuf {
        match &self.odd_path {
            Some(p) => p.to_path_buf(),
            None => self.root.join(&self.meta.rel_path),
        }
    }

    /// The file's path below the corpus root, as the file system spells it.
    pub fn os_rel(&self) -> Vec<u8> {
        use std::os::unix::ffi::OsStrExt;
        match &self.odd_path {
            Some(p) => p
                .strip_prefix(&self.root)
                .unwrap_or(p)
                .as_os_str()
                .as_bytes()
                .to_vec(),
            None => self.meta.rel_path.as_bytes().to_vec(),
        }
    }

    pub fn set_verdict(&mut self, status: &'static str, reason: String) {
        self.verdict = Some(Box::new((status, reason)));
    }
}

/// Verdicts the walk and a file list both give.
const SYMLINK_NOT_FOLLOWED: &str =
    "symbolic link: not followed (set walk.follow_symlinks = true to follow)";
const NOT_REGULAR: &str = "not a regular file (device, FIFO or socket)";

fn globset(globs: &[String], what: &str) -> Result<GlobSet> {
    let mut b = GlobSetBuilder::new();
    for g in globs {
        b.add(Glob::new(g).with_context(|| format!("invalid {what} glob {g:?}"))?);
    }
    Ok(b.build()?)
}

/// Corpus-relative path with '/' separators. Bytes of a file name that are not UTF-8 are
/// written `%XX`, so that two such names never collapse into one (as U+FFFD would make them).
pub fn rel_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let mut out = String::new();
    for (i, c) in rel.components().enumerate() {
        if i > 0 {
            out.push('/');
        }
        push_escaped(&mut out, c.as_os_str());
    }
    out
}

/// Appends a file name, its bytes that are not UTF-8 written `%XX`.
fn push_escaped(out: &mut String, name: &std::ffi::OsStr) {
    use std::os::unix::ffi::OsStrExt;
    for chunk in name.as_bytes().utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// Paths the walk must not enter: the output index and the staging folders beside it, when
/// they lie inside the corpus (otherwise every run would index the previous run's files).
pub struct OutputGuard {
    pub out: PathBuf,
    /// File-name prefix of the staging siblings, e.g. `.idx.docsweep-`.
    pub staging_prefix: String,
}

impl OutputGuard {
    pub fn new(out_abs: &Path) -> OutputGuard {
        let name = out_abs
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        OutputGuard {
            out: out_abs.to_path_buf(),
            staging_prefix: format!(".{name}.docsweep-"),
        }
    }

    fn covers(&self, p: &Path) -> bool {
        p == self.out
            || (p.parent() == self.out.parent()
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(&self.staging_prefix)))
    }
}

/// What docsweep itself writes, which no walk takes in: a folder that is a docsweep index (a
/// `manifest.json` naming docsweep; a sharded run's shards are such folders), and the staging
/// folders, lock files and temporary plan files beside its outputs (`.NAME.docsweep-…`). So an
/// index, a run folder or a nightly's `--previous` kept inside the corpus is never indexed,
/// whichever command writes or reads it.
pub fn docsweep_output(path: &Path, is_dir: bool) -> bool {
    path.file_name().is_some_and(staging_name)
        || (is_dir && crate::sink::commit::is_docsweep_index(path))
}

/// A staging folder, lock file or temporary plan file beside docsweep's outputs.
fn staging_name(name: &std::ffi::OsStr) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let n = name.as_bytes();
    n.starts_with(b".") && n.windows(10).any(|w| w == b".docsweep-")
}

/// Lists the corpus in byte order of relative paths. Every file the walk reaches gets an entry,
/// including those it cannot index (symlinks not followed, special files, too large, unreadable
/// directories), so that nothing is lost silently. Excluded paths are not part of the corpus.
pub fn plan(
    root: &Path,
    cfg: &WalkConfig,
    exts: Extensions,
    guard: Option<&OutputGuard>,
) -> Result<Vec<PlanEntry>> {
    let meta = std::fs::metadata(root)
        .with_context(|| format!("cannot read corpus {}: check the path", root.display()))?;
    if !meta.is_dir() {
        bail!(
            "corpus {} is not a directory: pass the folder that holds the documents",
            root.display()
        );
    }
    let include = globset(&cfg.include, "include")?;
    let exclude = globset(&cfg.exclude, "exclude")?;
    let walk = Walk {
        cfg,
        include: &include,
        exclude: &exclude,
        guard,
        exts,
        root: Arc::from(root),
    };
    let top = Arc::new(Ancestor {
        id: dir_id(&meta),
        up: None,
    });
    let listing = std::fs::read_dir(root).with_context(|| {
        format!(
            "cannot list corpus {}: check its permissions",
            root.display()
        )
    })?;
    let found = std::sync::Mutex::new(Vec::new());
    rayon::scope(|s| walk.dir(s, root.to_path_buf(), String::new(), listing, top, &found));
    let mut out = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // Folders were listed in whatever order the threads took them; paths are unique but for
    // the collisions settled below, which order their files by their bytes.
    out.sort_by(|a, b| a.meta.rel_path.cmp(&b.meta.rel_path));
    settle_collisions(&mut out);
    Ok(out)
}

/// A folder on the way down, to tell a symbolic link that leads back up (followed links only).
struct Ancestor {
    id: (u64, u64),
    up: Option<Arc<Ancestor>>,
}

impl Ancestor {
    fn holds(&self, id: (u64, u64)) -> bool {
        let mut a = Some(self);
        while let Some(x) = a {
            if x.id == id {
                return true;
            }
            a = x.up.as_deref();
        }
        false
    }
}

fn dir_id(m: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

/// The walk of [`plan`]: folders are listed in parallel, and each file is stated relative to
/// its folder's handle as it is listed (a stat by full path walks the whole path again, most
/// of the cost of a walk on a deep tree). Order does not matter here: the plan is sorted after.
/// (walkdir lists one folder after another; a walk of tens of thousands of folders then keeps
/// one core busy while the others wait for the plan.) Each folder is a job of its own on the
/// pool rather than a call inside its parent's, so that a tree thousands of folders deep does
/// not deepen the stack.
struct Walk<'a> {
    cfg: &'a WalkConfig,
    include: &'a GlobSet,
    exclude: &'a GlobSet,
    guard: Option<&'a OutputGuard>,
    exts: Extensions<'a>,
    root: Arc<Path>,
}

impl Walk<'_> {
    fn entry(&self, path: PathBuf, rel: String, format: Format) -> PlanEntry {
        PlanEntry::new(
            &self.root,
            path,
            DocMeta {
                rel_path: rel,
                format,
                bytes: 0,
            },
        )
    }

    fn failed(&self, path: PathBuf, rel: String, format: Format, reason: String) -> PlanEntry {
        let mut e = self.entry(path, rel, format);
        e.set_verdict("failed", reason);
        e
    }

    /// Adds to `found` the entries below the folder `path` (`rel` below the root), whose
    /// listing is open, and sets its folders going as jobs of `scope`.
    fn dir<'s>(
        &'s self,
        scope: &rayon::Scope<'s>,
        path: PathBuf,
        rel: String,
        listing: std::fs::ReadDir,
        here: Arc<Ancestor>,
        found: &'s std::sync::Mutex<Vec<PlanEntry>>,
    ) {
        let (path, rel) = (path.as_path(), rel.as_str());
        let mut out = Vec::new();
        let mut subdirs: Vec<(PathBuf, String, (u64, u64))> = Vec::new();
        let mut manifest = false;
        for de in listing {
            let de = match de {
                Ok(de) => de,
                Err(e) => {
                    let reason = format!("cannot read directory: {e}");
                    out.push(self.failed(
                        path.to_path_buf(),
                        rel.to_string(),
                        Format::Directory,
                        reason,
                    ));
                    break;
                }
            };
            let name = de.file_name();
            manifest |= name == crate::sink::commit::MANIFEST;
            let mut child_rel = String::with_capacity(rel.len() + name.len() + 1);
            if !rel.is_empty() {
                child_rel.push_str(rel);
                child_rel.push('/');
            }
            push_escaped(&mut child_rel, &name);
            let child = de.path();
            if self.exclude.is_match(&child_rel) || self.guard.is_some_and(|g| g.covers(&child)) {
                continue;
            }
            // A followed link is what it leads to.
            let resolved = de.file_type().and_then(|ft| {
                if ft.is_symlink() && self.cfg.follow_symlinks {
                    std::fs::metadata(&child).map(|m| (m.file_type(), Some(m)))
                } else {
                    Ok((ft, None))
                }
            });
            let (ft, target) = match resolved {
                Ok(r) => r,
                Err(e) => {
                    let reason = format!("cannot read: {e}");
                    out.push(self.failed(child, child_rel, Format::Unknown, reason));
                    continue;
                }
            };
            // docsweep's own folders: staging ones by name here, indexes once listed (below).
            if staging_name(&name) {
                continue;
            }
            if ft.is_dir() {
                let id = match target.map_or_else(|| de.metadata(), Ok) {
                    Ok(m) => dir_id(&m),
                    Err(e) => {
                        let reason = format!("cannot read directory: {e}");
                        out.push(self.failed(child, child_rel, Format::Directory, reason));
                        continue;
                    }
                };
                if self.cfg.follow_symlinks && here.holds(id) {
                    let reason = "symbolic link loop: not followed".to_string();
                    out.push(self.failed(child, child_rel, Format::Unknown, reason));
                    continue;
                }
                subdirs.push((child, child_rel, id));
                continue;
            }
            if !self.include.is_empty() && !self.include.is_match(&child_rel) {
                continue;
            }
            let format = Format::detect(&child_rel, self.exts);
            let mut entry = self.entry(child, child_rel, format);
            if ft.is_symlink() {
                entry.set_verdict("skipped", SYMLINK_NOT_FOLLOWED.into());
            } else if !ft.is_file() {
                entry.set_verdict("skipped", NOT_REGULAR.into());
            } else {
                let m = target.map_or_else(|| de.metadata(), Ok);
                set_stat(&mut entry, m.map_err(|e| e.to_string()), self.cfg);
            }
            out.push(entry);
        }
        // A docsweep index below the root (a folder whose manifest names docsweep; a sharded
        // run's shards are such folders) is not part of the corpus. Asked only of folders that
        // hold a manifest.json, rather than by trying to open one in every folder.
        if manifest && !rel.is_empty() && crate::sink::commit::is_docsweep_index(path) {
            return;
        }
        found.lock().unwrap_or_else(|e| e.into_inner()).extend(out);
        for (path, rel, id) in subdirs {
            let up = here.clone();
            scope.spawn(move |s| match std::fs::read_dir(&path) {
                Ok(listing) => {
                    // Only a followed link can lead back up: otherwise no chain is kept.
                    let here = if self.cfg.follow_symlinks {
                        Arc::new(Ancestor { id, up: Some(up) })
                    } else {
                        up
                    };
                    self.dir(s, path, rel, listing, here, found);
                }
                Err(e) => {
                    let reason = format!("cannot read directory: {e}");
                    let failed = self.failed(path, rel, Format::Directory, reason);
                    found.lock().unwrap_or_else(|e| e.into_inner()).push(failed);
                }
            });
        }
    }
}

/// Size, mtime and the size limit, from a regular file's metadata.
fn set_stat(
    entry: &mut PlanEntry,
    m: std::result::Result<std::fs::Metadata, String>,
    cfg: &WalkConfig,
) {
    match m {
        Ok(m) => {
            entry.meta.bytes = m.len();
            entry.mtime_ns = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .and_then(|d| i64::try_from(d.as_nanos()).ok());
            if m.len() > cfg.max_file_bytes {
                entry.set_verdict(
                    "skipped",
                    format!(
                        "file too large: {} bytes > walk.max_file_bytes ({})",
                        m.len(),
                        cfg.max_file_bytes
                    ),
                );
            }
        }
        Err(err) => entry.set_verdict("failed", format!("cannot stat file: {err}")),
    }
}

/// Two file names can be written as one path: `x%FFy.md` is a valid name, and it is also how
/// the name with the byte 0xFF in it is written (no escaping can keep every UTF-8 name as it is
/// and tell all other names apart). The file whose name is the path keeps it; any other gets a
/// `failed` row under the path with `%DUP1` (`%DUP2`, …) appended, so that every file has a row
/// and every path, hence every `doc_id`, one file. Expects `out` sorted by path; keeps it so.
fn settle_collisions(out: &mut [PlanEntry]) {
    if !out
        .windows(2)
        .any(|w| w[0].meta.rel_path == w[1].meta.rel_path)
    {
        return;
    }
    let taken: std::collections::HashSet<String> =
        out.iter().map(|e| e.meta.rel_path.clone()).collect();
    let mut i = 0;
    while i < out.len() {
        let mut j = i + 1;
        while j < out.len() && out[j].meta.rel_path == out[i].meta.rel_path {
            j += 1;
        }
        if j - i > 1 {
            let path = out[i].meta.rel_path.clone();
            // The file whose bytes are the path first, then by bytes.
            let raw = |e: &PlanEntry| e.os_rel();
            out[i..j].sort_by_key(|e| (raw(e) != path.as_bytes(), raw(e)));
            let mut n = 0;
            for e in &mut out[i + 1..j] {
                let renamed = loop {
                    n += 1;
                    let p = format!("{path}%DUP{n}");
                    if !taken.contains(&p) {
                        break p;
                    }
                };
                e.set_verdict("failed", format!(
                        "file name collides with {path} once its bytes that are not UTF-8 are written %XX; rename the file"
                    ),
                );
                // The path no longer names the file: keep the file's own.
                e.odd_path = Some(e.abs_path().into_boxed_path());
                e.meta.rel_path = renamed;
            }
        }
        i = j;
    }
    out.sort_by(|a, b| a.meta.rel_path.cmp(&b.meta.rel_path));
}

/// The plan of the files a list names (one path per line, relative to `root` or absolute
/// under it or under `given_root`, the corpus path as the user wrote it), as [`plan`] makes it
/// from a walk: same order, same verdicts, same globs. An inventory of an object store is such
/// a list; it saves walking a tree that is slow to list. Lines are bytes, as file names are. A
/// listed file that is missing gets a `failed` row; a line outside the corpus is an error.
pub fn plan_list(
    root: &Path,
    given_root: &Path,
    list: &[u8],
    cfg: &WalkConfig,
    exts: Extensions,
) -> Result<Vec<PlanEntry>> {
    use std::os::unix::ffi::OsStrExt;
    let include = globset(&cfg.include, "include")?;
    let exclude = globset(&cfg.exclude, "exclude")?;
    let mut rels: Vec<PathBuf> = Vec::new();
    for (n, line) in list.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let p = Path::new(std::ffi::OsStr::from_bytes(line));
        let shown = p.display();
        let rel = if p.is_absolute() {
            p.strip_prefix(root)
                .or_else(|_| p.strip_prefix(given_root))
                .map(Path::to_path_buf)
                .map_err(|_| {
                    anyhow::anyhow!(
                        "--files-from line {}: {shown} is not under the corpus {}; list paths inside it",
                        n + 1,
                        given_root.display()
                    )
                })?
        } else {
            p.to_path_buf()
        };
        let rel: PathBuf = rel
            .components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect();
        if rel.as_os_str().is_empty()
            || rel
                .components()
                .any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            bail!(
                "--files-from line {}: {shown:?} is not a file path inside the corpus (no `..`)",
                n + 1
            );
        }
        rels.push(rel);
    }
    rels.sort_by(|a, b| a.as_os_str().as_bytes().cmp(b.as_os_str().as_bytes()));
    rels.dedup();
    // What the walk would say of each folder above a listed file: pruned (excluded, or
    // docsweep's own output), a symbolic link it does not follow, or fine. Asked once a folder.
    #[derive(Clone, Copy, PartialEq)]
    enum Folder {
        Fine,
        Pruned,
        Link,
    }
    let mut folders: std::collections::HashMap<PathBuf, Folder> = Default::default();
    let mut folder = |rel: &Path| -> Folder {
        let mut verdict = Folder::Fine;
        let mut dirs: Vec<&Path> = rel.ancestors().skip(1).collect();
        dirs.retain(|a| !a.as_os_str().is_empty());
        dirs.reverse();
        for d in dirs {
            let v = *folders.entry(d.to_path_buf()).or_insert_with(|| {
                let abs = root.join(d);
                if exclude.is_match(rel_path(Path::new(""), d))
                    || docsweep_output(&abs, abs.is_dir())
                {
                    Folder::Pruned
                } else if !cfg.follow_symlinks
                    && std::fs::symlink_metadata(&abs).is_ok_and(|m| m.file_type().is_symlink())
                {
                    Folder::Link
                } else {
                    Folder::Fine
                }
            });
            if v != Folder::Fine {
                verdict = v;
                break;
            }
        }
        verdict
    };
    let mut todo: Vec<(PathBuf, Folder)> = Vec::with_capacity(rels.len());
    for rel in rels {
        let f = folder(&rel);
        todo.push((rel, f));
    }
    use rayon::prelude::*;
    let shared_root: Arc<Path> = Arc::from(root);
    let mut out: Vec<PlanEntry> = todo
        .par_iter()
        .filter_map(|(rel, above)| {
            let name = rel_path(Path::new(""), rel);
            let abs = root.join(rel);
            if *above == Folder::Pruned
                || exclude.is_match(&name)
                || (!include.is_empty() && !include.is_match(&name))
                || docsweep_output(&abs, false)
            {
                return None;
            }
            let mut entry = PlanEntry::new(
                &shared_root,
                abs.clone(),
                DocMeta {
                    format: Format::detect(&name, exts),
                    rel_path: name,
                    bytes: 0,
                },
            );
            if *above == Folder::Link {
                entry.set_verdict("skipped", "under a symbolic link to a folder: not followed (set walk.follow_symlinks = true to follow)"
                        .into(),
                );
                return Some(entry);
            }
            match std::fs::symlink_metadata(&abs) {
                Ok(m) if m.file_type().is_symlink() && !cfg.follow_symlinks => {
                    entry.set_verdict("skipped", SYMLINK_NOT_FOLLOWED.into(),
                    );
                }
                Ok(m) => {
                    let m = if m.file_type().is_symlink() {
                        std::fs::metadata(&abs)
                    } else {
                        Ok(m)
                    };
                    match m {
                        Ok(m) if m.is_dir() => {
                            entry.meta.format = Format::Directory;
                            entry.set_verdict("skipped", "a directory: --files-from lists files, one per line".into(),
                            );
                        }
                        Ok(m) if !m.is_file() => {
                            entry.set_verdict("skipped", NOT_REGULAR.into(),
                            );
                        }
                        m => set_stat(&mut entry, m.map_err(|e| e.to_string()), cfg),
                    }
                }
                Err(e) => set_stat(&mut entry, Err(e.to_string()), cfg),
            }
            Some(entry)
        })
        .collect();
    out.sort_by(|a, b| a.meta.rel_path.cmp(&b.meta.rel_path));
    settle_collisions(&mut out);
    Ok(out)
}

/// The bytes of one file: memory-mapped above `MMAP_MIN_BYTES`, read otherwise.
pub enum Loaded {
    Mapped(mapped::Mapped),
    Read(Vec<u8>),
}

impl Loaded {
    /// The file was cut short by another process while it was mapped: its bytes past the new
    /// end read as zeros, and what was made of them is not the file's.
    pub fn cut(&self) -> bool {
        matches!(self, Loaded::Mapped(m) if m.cut())
    }
}

impl std::ops::Deref for Loaded {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Loaded::Mapped(m) => m,
            Loaded::Read(v) => v,
        }
    }
}

/// Small files are read: an mmap costs a syscall pair and page faults that a single read of a
/// few KiB does not.
const MMAP_MIN_BYTES: u64 = 256 * 1024;

/// Loads a file. A file that another process cuts short while it is mapped reads as zeros
/// past its new end and says so ([`Loaded::cut`]) instead of faulting; a file whose length
/// changes between stat and map is read instead.
pub fn load(path: &Path) -> std::io::Result<Loaded> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    if len >= MMAP_MIN_BYTES {
        // SAFETY: the map is read-only and private to this process. Another process cutting
        // the file short during the run is the one hazard, which `mapped` turns into zeros
        // and a flag; a map that cannot be registered is not kept.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        if map.len() as u64 == file.metadata()?.len() {
            match mapped::Mapped::new(map, file) {
                Ok(m) => return Ok(Loaded::Mapped(m)),
                Err((_, f)) => return read_all(f, len),
            }
        }
    }
    read_all(file, len)
}

fn read_all(mut file: std::fs::File, len: u64) -> std::io::Result<Loaded> {
    // One byte more than the length, so that reading to the end needs no second buffer.
    let mut buf = Vec::with_capacity(len as usize + 1);
    std::io::Read::read_to_end(&mut file, &mut buf)?;
    Ok(Loaded::Read(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Markdown as `.md` alone, text as the defaults read it.
    fn md() -> Extensions<'static> {
        let exts = |e: &[&str]| -> &'static [String] {
            Box::leak(e.iter().map(|s| s.to_string()).collect())
        };
        Extensions {
            markdown: exts(&["md"]),
            text: exts(&["txt", "text", "rst", "adoc", "asciidoc", "org"]),
        }
    }

    #[test]
    fn plan_is_sorted_and_reports_everything() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("b/c")).unwrap();
        std::fs::write(root.join("b/c/z.md"), "# z").unwrap();
        std::fs::write(root.join("a.md"), "# a").unwrap();
        std::fs::write(root.join("b.txt"), "text").unwrap();
        std::fs::write(root.join("big.md"), vec![b'x'; 100]).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(root.join(".git/HEAD"), "ref").unwrap();
        std::os::unix::fs::symlink(root.join("a.md"), root.join("link.md")).unwrap();
        let mut cfg = WalkConfig {
            max_file_bytes: 50,
            ..Default::default()
        };
        let p = plan(root, &cfg, md(), None).unwrap();
        let paths: Vec<_> = p.iter().map(|e| e.meta.rel_path.as_str()).collect();
        assert_eq!(paths, ["a.md", "b.txt", "b/c/z.md", "big.md", "link.md"]);
        assert!(p[3].verdict.as_ref().unwrap().1.contains("too large"));
        assert!(p[4].verdict.as_ref().unwrap().1.contains("symbolic link"));
        cfg.include = vec!["**/*.md".into()];
        let p = plan(root, &cfg, md(), None).unwrap();
        assert_eq!(p.len(), 4);
    }

    /// A tree 2,000 folders deep (about as deep as a path can be) is walked like any other,
    /// following links or not: a folder is not a call inside its parent's.
    #[test]
    fn very_deep_trees_are_walked() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let mut deep = root.to_path_buf();
        for _ in 0..2000 {
            deep.push("d");
        }
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(deep.join("x.md"), "# x").unwrap();
        for follow_symlinks in [false, true] {
            let cfg = WalkConfig {
                follow_symlinks,
                ..Default::default()
            };
            let p = plan(root, &cfg, md(), None).unwrap();
            assert_eq!(p.len(), 1);
            assert_eq!(p[0].meta.rel_path, "d/".repeat(2000) + "x.md");
            assert!(p[0].verdict.is_none());
        }
    }

    #[test]
    fn symlink_loops_are_reported_when_following() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::os::unix::fs::symlink(root.join("d"), root.join("d/loop")).unwrap();
        std::fs::write(root.join("d/x.md"), "x").unwrap();
        let cfg = WalkConfig {
            follow_symlinks: true,
            ..Default::default()
        };
        let p = plan(root, &cfg, md(), None).unwrap();
        let l = p.iter().find(|e| e.meta.rel_path == "d/loop").unwrap();
        assert_eq!(l.verdict.as_ref().unwrap().0, "failed");
        assert!(l.verdict.as_ref().unwrap().1.contains("loop"));
        assert!(p.iter().any(|e| e.meta.rel_path == "d/x.md"));
    }

    #[test]
    fn non_utf8_names_stay_distinct_and_output_is_not_walked() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for name in [&b"\xff.md"[..], b"\xfe.md", "\u{fffd}.md".as_bytes()] {
            std::fs::write(root.join(std::ffi::OsStr::from_bytes(name)), "x").unwrap();
        }
        std::fs::create_dir_all(root.join("idx/blocks")).unwrap();
        std::fs::write(root.join("idx/manifest.json"), "{}").unwrap();
        std::fs::create_dir_all(root.join(".idx.docsweep-tmp-1")).unwrap();
        std::fs::write(root.join(".idx.docsweep-tmp-1/part.parquet"), "x").unwrap();
        let guard = OutputGuard::new(&root.join("idx"));
        let p = plan(root, &WalkConfig::default(), md(), Some(&guard)).unwrap();
        let paths: Vec<_> = p.iter().map(|e| e.meta.rel_path.as_str()).collect();
        assert_eq!(paths, ["%FE.md", "%FF.md", "\u{fffd}.md"]);
    }

    #[test]
    fn names_that_escape_to_one_path_each_keep_a_row_of_their_own() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for name in [&b"x%FFy.md"[..], b"x\xffy.md", b"x%FFy.md%DUP1"] {
            std::fs::write(root.join(std::ffi::OsStr::from_bytes(name)), "x").unwrap();
        }
        let p = plan(root, &WalkConfig::default(), md(), None).unwrap();
        let rows: Vec<_> = p
            .iter()
            .map(|e| (e.meta.rel_path.as_str(), e.verdict.as_ref().map(|v| v.0)))
            .collect();
        assert_eq!(
            rows,
            [
                ("x%FFy.md", None),
                ("x%FFy.md%DUP1", None),
                ("x%FFy.md%DUP2", Some("failed")),
            ]
        );
        // The file that kept the path is the one whose name it is.
        assert!(p[0].abs_path().ends_with("x%FFy.md"));
        // The renamed one still points at its own file, whatever its path says.
        assert_eq!(
            p[2].abs_path(),
            root.join(std::ffi::OsStr::from_bytes(b"x\xffy.md"))
        );
        assert_eq!(p[2].os_rel(), b"x\xffy.md");
        assert_eq!(p[1].os_rel(), b"x%FFy.md%DUP1");
        let list = b"x%FFy.md\nx\xffy.md\n";
        let l = plan_list(root, root, list, &WalkConfig::default(), md()).unwrap();
        assert_eq!(l[1].meta.rel_path, "x%FFy.md%DUP1");
        assert!(l[1].verdict.as_ref().unwrap().1.contains("collides"));
    }

    #[test]
    fn missing_corpus_is_a_clear_error() {
        let e = plan(
            Path::new("/nonexistent/corpus"),
            &WalkConfig::default(),
            md(),
            None,
        )
        .unwrap_err();
        assert!(e.to_string().contains("cannot read corpus"));
    }
}
