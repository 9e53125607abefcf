//! The per-document function: bytes of one file in, every row about it out. Pure: no I/O, no
//! globals, so it runs on any worker in any order and is unit-testable as it is.

use crate::chunk::{self, tokenizer::Analyzer};
use crate::config::Config;
use crate::extract::canonical::{Canonical, Decoded, Encoding, SrcMap};
use crate::extract::{gzipped, html, markdown, text, Format};
use crate::ids;
use crate::model::{Block, Chunk};
use crate::stages::{self, Stage};
use crate::structure::{self, fingerprint::fingerprint, Structure};
use std::sync::Arc;

/// Everything docsweep finds in one document.
pub struct Analysis {
    pub canonical: String,
    pub blocks: Vec<Block>,
    pub structure: Structure,
    pub chunks: Vec<Chunk>,
    /// Source byte ranges of the chunks, parallel to `chunks`.
    pub chunk_src: Vec<(u64, u64)>,
    pub invalid_bytes: usize,
    pub first_invalid: Option<usize>,
    /// Notes for the `documents.flags` column (e.g. `html_root:main`, `encoding:windows-1252`).
    pub flags: Vec<String>,
    pub text: TextStats,
    /// What of an `ok` document could not be read, and why: its `documents.reason`.
    pub note: Option<String>,
}

/// What the plain-text rules did to a document (None for other formats).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TextStats {
    /// Form-feed pages.
    pub pages: Option<u32>,
    /// Running header/footer/page-number lines removed.
    pub furniture_lines: Option<u32>,
    /// Words joined across a line-end hyphen.
    pub hyphen_joins: Option<u32>,
}

/// Why a file produced no analysis: becomes the `reason` of a `failed` documents row, with
/// the document's page count where reading got that far (a PDF without a text layer).
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub reason: String,
    pub pages: Option<u32>,
}

impl Failure {
    pub fn new(reason: impl Into<String>) -> Failure {
        Failure {
            reason: reason.into(),
            pages: None,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Analyzes one file, its format taken from `rel_path` (Markdown when the name says nothing).
pub fn analyze_bytes(rel_path: &str, bytes: &[u8], cfg: &Config) -> Result<Analysis, Failure> {
    let analyzer =
        Analyzer::by_name(&cfg.chunk.tokenizer).map_err(|e| Failure::new(e.to_string()))?;
    let format = match Format::detect(rel_path, cfg.extensions()) {
        Format::Unknown => Format::Markdown,
        f => f,
    };
    let name = rel_path.rsplit('/').next().unwrap_or("");
    analyze_named(format, gzipped(name).unwrap_or(name), bytes, cfg, &analyzer)
}

/// Canonical text and typed blocks of one file, before structure: the format-specific part.
struct Extraction {
    canonical: String,
    blocks: Vec<Block>,
    /// Canonical → source offsets, where the canonical text is the file with small edits.
    map: Option<SrcMap>,
    invalid_bytes: usize,
    first_invalid: Option<usize>,
    flags: Vec<String>,
    text: TextStats,
    note: Option<String>,
}

/// Whether a file whose extension no format claims reads as Markdown by its lines
/// ([`crate::extract::markdown_by_content`]), judged on what it holds: decompressed when its
/// name ends in `.gz`, decoded when it is UTF-16 or UTF-32 (`inspect` of `notes.v2.gz`).
pub fn markdown_by_content_of(name: &str, raw: &[u8], cfg: &Config) -> bool {
    let unzipped;
    let bytes = if gzipped(name).is_some() {
        match gunzip(raw, cfg.walk.max_file_bytes) {
            Ok(b) => {
                unzipped = b;
                &unzipped[..]
            }
            Err(_) => return false,
        }
    } else {
        raw
    };
    reads_as_markdown(bytes)
}

/// Whether a file's bytes read as Markdown by their lines, decoded first when they are UTF-16
/// or UTF-32 (a `README` saved by a Windows editor).
fn reads_as_markdown(bytes: &[u8]) -> bool {
    match wide_encoding(bytes) {
        Some((enc, _)) => {
            crate::extract::markdown_by_content(Decoded::new(bytes, enc).text.as_bytes())
        }
        None => crate::extract::markdown_by_content(bytes),
    }
}

/// The encoding of a text file that is not UTF-8 and says so by its byte-order mark, or whose
/// NULs tell UTF-16 or UTF-32 (`true`: told by its bytes, without a mark).
fn wide_encoding(bytes: &[u8]) -> Option<(Encoding, bool)> {
    // UTF-32LE's mark starts with UTF-16LE's: the longer first.
    for enc in [
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
    ] {
        if bytes.starts_with(enc.bom()) {
            return Some((enc, false));
        }
    }
    if !bytes[..bytes.len().min(1024)].contains(&0) {
        return None;
    }
    looks_like_utf32(bytes)
        .or_else(|| looks_like_utf16(bytes))
        .map(|e| (e, true))
}

fn reject_binary(bytes: &[u8]) -> Result<(), Failure> {
    // One pass: the first NUL, and the control bytes other than tab, line ends, form feed,
    // escape and backspace (`nroff`'s overstrike: `N\bNA\bAM\bME\bE`). Ctrl-Z padding at
    // the end (CP/M and DOS text, padded to its record size) is the end of the text.
    let body = &bytes[..bytes.len() - bytes.iter().rev().take_while(|&&b| b == 0x1a).count()];
    let (mut nul, mut controls) = (None, 0usize);
    for (i, &b) in body.iter().enumerate() {
        if b == 0 && nul.is_none() {
            nul = Some(i);
        }
        controls += usize::from(
            (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x08 | 0x0c | 0x1b)) || b == 0x7f,
        );
    }
    if let Some(p) = nul {
        return Err(Failure::new(format!(
            "binary content: NUL byte at offset {p}; not a text file"
        )));
    }
    // A few control bytes are noise; one byte in twenty is no text (random or compressed
    // bytes without a NUL).
    if body.len() >= 64 && controls * 20 > body.len() {
        return Err(Failure::new(format!(
            "binary content: {controls} of {} bytes are control characters; not a text file",
            bytes.len()
        )));
    }
    Ok(())
}

/// Bytes that are not UTF-8, and the offset of the first.
fn invalid_utf8(bytes: &[u8]) -> (usize, Option<usize>) {
    let (mut n, mut first, mut at) = (0, None, 0);
    for chunk in bytes.utf8_chunks() {
        let bad = chunk.invalid().len();
        if bad > 0 {
            first.get_or_insert(at + chunk.valid().len());
            n += bad;
        }
        at += chunk.valid().len() + bad;
    }
    (n, first)
}

/// Canonical text of a Markdown or plain-text file, and the encoding it was read in when
/// not UTF-8 (with whether its bytes told it, without a byte-order mark). Bytes that are not
/// UTF-8 are read in `markdown.fallback_encoding` when set, else in the encoding they read
/// best in ([`crate::extract::legacy_encoding`]); else too much invalid UTF-8 is a failure.
/// A UTF-8 file with a few damaged bytes stays UTF-8.
fn decode(
    bytes: &[u8],
    wide: Option<(Encoding, bool)>,
    cfg: &Config,
) -> Result<(Canonical, Option<(Encoding, bool)>), Failure> {
    // Judged as text before it is made canonical: random bytes after a mark go no further.
    let read_in = |enc: Encoding| -> Result<Canonical, Failure> {
        let d = Decoded::new(bytes, enc);
        plausible(&d, enc, cfg)?;
        Ok(Canonical::from_decoded(d))
    };
    if let Some((enc, _)) = wide {
        return Ok((read_in(enc)?, wide));
    }
    let canon = Canonical::from_bytes(bytes);
    if canon.invalid_bytes > 0 {
        // Bytes in another encoding form few valid UTF-8 sequences: an 8-bit one at most one
        // for every four runs of bytes that are none, a double-byte CJK one (by chance) no
        // more than such runs; UTF-8 with a few damaged bytes forms many, and stays UTF-8.
        let (multi, invalid) = utf8_groups(bytes);
        let other = |e: &'static encoding_rs::Encoding| {
            invalid > 0 && multi * if e.is_single_byte() { 4 } else { 1 } <= invalid
        };
        match cfg.fallback_encoding() {
            Some(f) if other(f) => {
                let enc = Encoding::Other(f);
                return Ok((read_in(enc)?, Some((enc, false))));
            }
            Some(_) => {}
            None => {
                if let Some(e) = crate::extract::legacy_encoding(bytes).filter(|&e| other(e)) {
                    let enc = Encoding::Other(e);
                    match read_in(enc) {
                        Ok(c) => return Ok((c, Some((enc, true)))),
                        // Latin text that is not windows-1252 text says why.
                        Err(f) if e == encoding_rs::WINDOWS_1252 => return Err(f),
                        // A guess that does not read as text leaves the bytes invalid UTF-8.
                        Err(_) => {}
                    }
                }
            }
        }
    }
    too_invalid(
        canon.invalid_bytes,
        canon.first_invalid,
        bytes.len(),
        cfg,
        "",
    )?;
    Ok((canon, None))
}

/// How far bytes are from UTF-8: the characters over ASCII their valid UTF-8 sequences form,
/// and the runs of bytes that are no UTF-8 (none after a UTF-8 byte-order mark). Text in an
/// 8-bit encoding seldom forms a valid sequence, a double-byte CJK encoding some by chance,
/// and UTF-8 text with a damaged byte many.
fn utf8_groups(bytes: &[u8]) -> (usize, usize) {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return (0, 0);
    }
    let (mut multi, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        multi += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += usize::from(!chunk.invalid().is_empty());
    }
    (multi, invalid)
}

/// A file decoded from another encoding (`enc`) is text: no more bytes that are no character
/// in it than `markdown.max_invalid_utf8_ratio` allows, and few characters no text has (C0
/// and C1 controls other than layout, private-use characters, noncharacters), at most one in
/// twenty: random bytes after a byte-order mark decode to such characters, one in ten of them
/// private-use alone.
fn plausible(d: &Decoded, enc: Encoding, cfg: &Config) -> Result<(), Failure> {
    let len = d.file_len();
    let invalid = d.invalid_bytes;
    if invalid as f64 > cfg.markdown.max_invalid_utf8_ratio * len.max(1) as f64 {
        return Err(Failure::new(format!(
            "not {} text: {invalid} of {len} bytes are no character in it (first at offset {}); convert it to UTF-8",
            enc.name(),
            d.first_invalid.unwrap_or(0)
        )));
    }
    let (mut chars, mut odd) = (0usize, 0usize);
    for c in d.text.chars() {
        chars += 1;
        let u = c as u32;
        odd += usize::from(
            (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c' | '\x1b' | '\x08'))
                || (0xE000..=0xF8FF).contains(&u)
                || u >= 0xF0000
                || (0xFDD0..=0xFDEF).contains(&u)
                || u & 0xFFFE == 0xFFFE,
        );
    }
    if chars >= 16 && odd * 20 > chars {
        return Err(Failure::new(format!(
            "binary content: {odd} of {chars} characters read as {} are control or private-use characters; not a text file",
            enc.name()
        )));
    }
    Ok(())
}

/// `documents.flags` of a file read in `enc`.
fn encoding_flags(enc: Option<(Encoding, bool)>) -> Vec<String> {
    let Some((enc, guessed)) = enc else {
        return Vec::new();
    };
    let mut flags = vec![format!("encoding:{}", enc.name())];
    if guessed {
        flags.push("encoding_guessed".into());
    }
    flags
}

/// More than `markdown.max_invalid_utf8_ratio` of `len` bytes invalid UTF-8 is no UTF-8
/// text: a failure, `what` saying how the file was read.
fn too_invalid(
    invalid: usize,
    first: Option<usize>,
    len: usize,
    cfg: &Config,
    what: &str,
) -> Result<(), Failure> {
    if invalid as f64 > cfg.markdown.max_invalid_utf8_ratio * len.max(1) as f64 {
        return Err(Failure::new(format!(
            "not UTF-8 text: {invalid} of {len} bytes are invalid UTF-8 (first at offset {}){what}; {}convert it to UTF-8",
            first.unwrap_or(0),
            if what.is_empty() { "" } else { "declare its charset or " }
        )));
    }
    Ok(())
}

fn extract_markdown(
    bytes: &[u8],
    wide: Option<(Encoding, bool)>,
    cfg: &Config,
) -> Result<Extraction, Failure> {
    let (canon, enc) = decode(bytes, wide, cfg)?;
    let mut blocks = markdown::blocks(&canon.text);
    for b in &mut blocks {
        b.src_begin = Some(canon.to_src(b.off_begin));
        b.src_end = Some(canon.to_src(b.off_end));
    }
    Ok(Extraction {
        canonical: canon.text,
        blocks,
        invalid_bytes: canon.invalid_bytes,
        first_invalid: canon.first_invalid,
        map: Some(canon.map),
        flags: encoding_flags(enc),
        text: TextStats::default(),
        note: None,
    })
}

fn extract_text(
    bytes: &[u8],
    wide: Option<(Encoding, bool)>,
    cfg: &Config,
    dialect: text::Dialect,
) -> Result<Extraction, Failure> {
    let (canon, enc) = decode(bytes, wide, cfg)?;
    let (invalid_bytes, first_invalid) = (canon.invalid_bytes, canon.first_invalid);
    let x = text::extract_as(canon, &cfg.text, dialect);
    Ok(Extraction {
        canonical: x.canonical,
        blocks: x.blocks,
        map: Some(x.map),
        invalid_bytes,
        first_invalid,
        flags: encoding_flags(enc),
        text: TextStats {
            pages: x.pages,
            furniture_lines: Some(x.furniture_lines),
            hyphen_joins: Some(x.hyphen_joins),
        },
        note: None,
    })
}

fn extract_html(
    bytes: &[u8],
    wide: Option<(Encoding, bool)>,
    cfg: &Config,
) -> Result<Extraction, Failure> {
    if let Some((enc, guessed)) = wide {
        // Decoded to UTF-8 first, which the page's byte-order mark (put back) makes the
        // parser keep whatever its `<meta charset>` says; offsets map back through the decoding.
        let d = Decoded::new(bytes, enc);
        plausible(&d, enc, cfg)?;
        let mut utf8 = Vec::with_capacity(d.text.len() + 3);
        utf8.extend_from_slice(b"\xEF\xBB\xBF");
        utf8.extend_from_slice(d.text.as_bytes());
        let mut x = html::extract_with(&utf8, None, &cfg.text).map_err(Failure::new)?;
        drop(utf8);
        let back = |o: u64| d.to_src((o as usize).saturating_sub(3)) as u64;
        for b in &mut x.blocks {
            b.src_begin = b.src_begin.map(back);
            b.src_end = b.src_end.map(back);
        }
        let mut flags = vec![format!("html_root:{}", x.root)];
        flags.extend(encoding_flags(Some((enc, guessed))));
        return Ok(Extraction {
            canonical: x.canonical,
            blocks: x.blocks,
            map: None,
            invalid_bytes: d.invalid_bytes,
            first_invalid: d.first_invalid,
            flags,
            text: TextStats::default(),
            note: None,
        });
    }
    let x = html::extract_with(bytes, cfg.fallback_encoding(), &cfg.text).map_err(Failure::new)?;
    // A page read as UTF-8 (declared so) whose bytes are not: the same rule as Markdown's.
    let (invalid_bytes, first_invalid) = if x.encoding == "UTF-8" {
        invalid_utf8(bytes)
    } else {
        (0, None)
    };
    too_invalid(
        invalid_bytes,
        first_invalid,
        bytes.len(),
        cfg,
        " in a page read as UTF-8",
    )?;
    let mut flags = vec![format!("html_root:{}", x.root)];
    if x.encoding != "UTF-8" {
        flags.push(format!("encoding:{}", x.encoding.to_ascii_lowercase()));
    }
    if x.encoding_guessed {
        flags.push("encoding_guessed".into());
    }
    Ok(Extraction {
        canonical: x.canonical,
        blocks: x.blocks,
        map: None,
        invalid_bytes,
        first_invalid,
        flags,
        text: TextStats::default(),
        note: None,
    })
}

#[cfg(feature = "pdf")]
fn extract_pdf(bytes: &[u8], cfg: &Config) -> Result<Extraction, Failure> {
    let x = crate::extract::pdf::extract(bytes, &cfg.pdf, &cfg.text)
        .map_err(|(reason, pages)| Failure { reason, pages })?;
    Ok(Extraction {
        canonical: x.canonical,
        blocks: x.blocks,
        map: None,
        invalid_bytes: 0,
        first_invalid: None,
        flags: x.flags,
        text: TextStats {
            pages: Some(x.pages),
            furniture_lines: Some(x.furniture_lines),
            hyphen_joins: Some(x.hyphen_joins),
        },
        note: x.note,
    })
}

#[cfg(not(feature = "pdf"))]
fn extract_pdf(_: &[u8], _: &Config) -> Result<Extraction, Failure> {
    Err(Failure::new(
        "PDF support is not built into this docsweep (cargo feature `pdf`)",
    ))
}

/// Analyzes one file of a known format.
/// Bytes the analysis of a document of `blocks` blocks and `text_len` bytes of canonical text
/// takes at its peak, about: each block costs about a kibibyte in all (its rows, ids, section
/// and chunk, the Arrow batches and pages of its run: measured 1.2 KiB on a file of one-line
/// headings, the worst case), and the text ten times its size (its rows, token starts and
/// pages; measured 9.5 times on a 70 MB Markdown file).
pub fn memory_estimate(blocks: usize, text_len: usize) -> u64 {
    (blocks as u64).saturating_mul(1024) + (text_len as u64).saturating_mul(10)
}

pub fn analyze_with(
    format: Format,
    bytes: &[u8],
    cfg: &Config,
    analyzer: &Analyzer,
) -> Result<Analysis, Failure> {
    analyze_named(format, "", bytes, cfg, analyzer)
}

/// [`analyze_with`] of a file named `name` (its name without folders or `.gz`), which may say
/// more of its markup than its bytes do (an Org file's `.org`).
pub fn analyze_named(
    format: Format,
    name: &str,
    bytes: &[u8],
    cfg: &Config,
    analyzer: &Analyzer,
) -> Result<Analysis, Failure> {
    let wide = if format == Format::Pdf {
        None
    } else {
        wide_encoding(bytes)
    };
    if format != Format::Pdf && wide.is_none() {
        reject_binary(bytes)?;
    }
    let x = match format {
        Format::Html => extract_html(bytes, wide, cfg)?,
        Format::Text => extract_text(bytes, wide, cfg, text::Dialect::of_name(name))?,
        Format::Pdf => extract_pdf(bytes, cfg)?,
        _ => extract_markdown(bytes, wide, cfg)?,
    };

    let need = memory_estimate(x.blocks.len(), x.canonical.len());
    let limit = cfg.walk.max_document_memory_mb;
    if limit > 0 && need > limit << 20 {
        return Err(Failure::new(format!(
            "{} blocks in {} bytes of text would take about {} MiB to index, over \
             walk.max_document_memory_mb ({limit}); raise it, or split the file",
            x.blocks.len(),
            x.canonical.len(),
            need >> 20
        )));
    }
    if x.canonical.len() > u32::MAX as usize {
        return Err(Failure::new(format!(
            "canonical text of {} bytes is over the 4 GiB a document may have",
            x.canonical.len()
        )));
    }
    stages::end(Stage::Extract);
    let mut blocks = x.blocks;
    let text = x.canonical.as_str();
    let st = structure::build(text, &mut blocks);
    stages::end(Stage::Structure);
    let ts = analyzer.token_starts(text);
    stages::end(Stage::Tokenize);
    let chunks = chunk::chunk(text, &blocks, &st, &ts, analyzer, &cfg.chunk);
    stages::end(Stage::Chunk);
    let chunk_src = chunks
        .iter()
        .map(|c| match &x.map {
            Some(m) => (m.to_src(c.off_begin), m.to_src(c.off_end)),
            // Built canonical text: the span of the chunk's blocks' elements in the file,
            // which need not come in the file's order (a `<title>` after the body's first
            // elements still heads the page).
            None => {
                let parts = blocks.get(c.first_block..=c.last_block).unwrap_or(&[]);
                let begin = parts.iter().filter_map(|b| b.src_begin).min();
                let end = parts.iter().filter_map(|b| b.src_end).max();
                (begin.unwrap_or(0), end.or(begin).unwrap_or(0))
            }
        })
        .collect();
    Ok(Analysis {
        invalid_bytes: x.invalid_bytes,
        first_invalid: x.first_invalid,
        canonical: x.canonical,
        blocks,
        structure: st,
        chunks,
        chunk_src,
        flags: x.flags,
        text: x.text,
        note: x.note,
    })
}

/// Most four-byte groups of the first KiB hold one byte and three NULs, in the same places.
fn looks_like_utf32(bytes: &[u8]) -> Option<Encoding> {
    let head = &bytes[..bytes.len().min(1024) & !3];
    let quads = head.len() / 4;
    if quads < 4 {
        return None;
    }
    // A group of four NULs is no character (a binary file's padding).
    let le = head
        .chunks_exact(4)
        .filter(|q| q[0] != 0 && q[1] == 0 && q[2] == 0 && q[3] == 0)
        .count();
    let be = head
        .chunks_exact(4)
        .filter(|q| q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] != 0)
        .count();
    if le * 10 >= quads * 7 {
        Some(Encoding::Utf32Le)
    } else if be * 10 >= quads * 7 {
        Some(Encoding::Utf32Be)
    } else {
        None
    }
}

/// ASCII-heavy UTF-16: in the first KiB, NULs sit in most odd (LE) or most even (BE) positions
/// and almost never in the others.
fn looks_like_utf16(bytes: &[u8]) -> Option<Encoding> {
    let head = &bytes[..bytes.len().min(1024) & !1];
    if head.len() < 8 {
        return None;
    }
    let pairs = head.len() / 2;
    let (even, odd) = head.chunks_exact(2).fold((0, 0), |(e, o), p| {
        (e + usize::from(p[0] == 0), o + usize::from(p[1] == 0))
    });
    let (most, few) = (pairs * 7 / 10, pairs / 20);
    if odd >= most && even <= few {
        Some(Encoding::Utf16Le)
    } else if even >= most && odd <= few {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// One `documents` row.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentRow {
    pub doc_id: String,
    pub path: String,
    pub format: &'static str,
    pub bytes: u64,
    pub content_hash: Option<String>,
    pub rev: Option<String>,
    pub pages: Option<u32>,
    pub status: &'static str,
    pub reason: Option<String>,
    pub blocks: u32,
    pub sections: u32,
    pub chunks: u32,
    pub flags: Vec<String>,
    pub furniture_lines: Option<u32>,
    pub hyphen_joins: Option<u32>,
}

/// The ids a block gets in the index; what it is and where it lies is the [`Block`] of the same
/// `seq` in [`DocRows::extracted`].
#[derive(Debug, Clone, PartialEq)]
pub struct BlockRow {
    pub block_id: String,
    pub seq: u32,
    /// Index of the block's section in [`DocRows::sections`].
    pub section: u32,
    /// See [`crate::structure::fingerprint::fingerprint`].
    pub fingerprint: u64,
    /// block_id of the caption's target.
    pub caption_for: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SectionRow {
    pub section: crate::model::Section,
    pub slug: Option<String>,
    pub title_hash: Option<String>,
    pub heading_block_id: Option<String>,
    /// The anchor sentence itself (canonical text at `anchor`), for audit and display.
    pub anchor_text: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChunkRow {
    pub chunk_id: String,
    pub seq: u32,
    pub chunk: Chunk,
    pub src: (u64, u64),
    pub block_types: Vec<&'static str>,
    pub page_start: Option<u32>,
    pub page_end: Option<u32>,
    pub hash: String,
    /// The heading breadcrumb, shared by the section's chunks.
    pub context: Arc<str>,
}

/// All rows about one document, ready for the sink.
#[derive(Debug, Clone, PartialEq)]
pub struct DocRows {
    pub document: DocumentRow,
    pub blocks: Vec<BlockRow>,
    /// The blocks as extracted, parallel to `blocks`.
    pub extracted: Vec<Block>,
    pub sections: Vec<SectionRow>,
    pub chunks: Vec<ChunkRow>,
    /// The canonical text that blocks and chunks are spans of (rows hold offsets, not copies:
    /// a big document would otherwise hold its text two or three times over).
    pub canonical: String,
}

/// What the pipeline knows about a file before reading it.
#[derive(Debug, Clone)]
pub struct DocMeta {
    pub rel_path: String,
    pub format: Format,
    pub bytes: u64,
}

impl DocRows {
    /// A block's section id.
    pub fn block_section_id(&self, r: &BlockRow) -> &str {
        &self.sections[r.section as usize].section.section_id
    }

    /// A chunk's section id.
    pub fn chunk_section_id(&self, r: &ChunkRow) -> &str {
        &self.sections[r.chunk.section].section.section_id
    }

    /// What block `r` is and where it lies.
    pub fn block_of(&self, r: &BlockRow) -> &Block {
        &self.extracted[r.seq as usize]
    }

    /// A block's text: its span of the canonical text.
    pub fn block_text(&self, r: &BlockRow) -> &str {
        let b = self.block_of(r);
        &self.canonical[b.off_begin..b.off_end]
    }

    /// A chunk's text: its span of the canonical text.
    pub fn chunk_text(&self, r: &ChunkRow) -> &str {
        &self.canonical[r.chunk.off_begin..r.chunk.off_end]
    }

    /// A row with no content: `skipped` or `failed` with a reason.
    pub fn without_content(
        meta: &DocMeta,
        status: &'static str,
        reason: String,
        content: Option<&[u8]>,
    ) -> DocRows {
        DocRows {
            document: DocumentRow {
                doc_id: ids::doc_id(&meta.rel_path),
                path: meta.rel_path.clone(),
                format: meta.format.as_str(),
                bytes: meta.bytes,
                content_hash: content.map(ids::content_hash),
                rev: None,
                pages: None,
                status,
                reason: Some(reason),
                blocks: 0,
                sections: 0,
                chunks: 0,
                flags: Vec::new(),
                furniture_lines: None,
                hyphen_joins: None,
            },
            blocks: Vec::new(),
            extracted: Vec::new(),
            sections: Vec::new(),
            chunks: Vec::new(),
            canonical: String::new(),
        }
    }
}

/// Why a file of no format docsweep reads is skipped, naming its extension and what is read.
fn unsupported(rel_path: &str) -> String {
    let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
    let (name, gz) = match gzipped(name) {
        Some(inner) => (inner, ".gz"),
        None => (name, ""),
    };
    let (kind, ext) = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !ext.is_empty() && !gz.is_empty() => {
            (format!("a gzipped .{ext} file"), None)
        }
        Some((stem, "")) if !stem.is_empty() => ("a file whose name ends with a dot".into(), None),
        Some((stem, ext)) if !stem.is_empty() => (format!("a .{ext} file"), Some(ext)),
        _ => (
            "a file named with a leading dot and no extension".into(),
            None,
        ),
    };
    // The hint only where reading the file as text could be right: an extension the MIME
    // registry does not know, or knows as text (not `.png`, nor a gzipped `.tar`).
    let ext = ext.is_some_and(|e| {
        mime_guess::from_ext(e)
            .first_raw()
            .is_none_or(|m| m.starts_with("text/"))
    });
    let what_to_do = if ext {
        "name its extension in text.extensions or markdown.extensions to read it as such, or \
         --exclude such files to leave them out of the walk"
    } else {
        "--exclude leaves such files out of the walk"
    };
    format!(
        "unsupported format: {kind} is none of the formats docsweep reads (Markdown, HTML, \
         plain text, PDF); {what_to_do}"
    )
}

/// The bytes a gzip file holds (every member, as `gzip -d` gives them), at most `limit`.
fn gunzip(raw: &[u8], limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(raw)
        .take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| format!("damaged gzip file: {e}"))?;
    if out.len() as u64 > limit {
        return Err(format!(
            "gzip file holds more than walk.max_file_bytes ({limit} bytes) once decompressed; raise it to index the file"
        ));
    }
    Ok(out)
}

/// Bytes of one file → its rows. Never panics on user data: every problem becomes a reason.
/// A gzipped file (`README.gz`) is read decompressed: its spans in the file (`src_begin`,
/// `src_end`) are offsets into the decompressed bytes, and it is flagged `gzip`; its
/// `content_hash` and `bytes` are the file's own.
pub fn rows_for(meta: &DocMeta, raw: &[u8], cfg: &Config, analyzer: &Analyzer) -> DocRows {
    if !matches!(
        meta.format,
        Format::Markdown | Format::Html | Format::Text | Format::Pdf
    ) {
        return DocRows::without_content(meta, "skipped", unsupported(&meta.rel_path), Some(raw));
    }
    if raw.is_empty() {
        return DocRows::without_content(meta, "skipped", "empty file (0 bytes)".into(), Some(raw));
    }
    let file_name = meta.rel_path.rsplit('/').next().unwrap_or("");
    let inner = gzipped(file_name);
    let unzipped = match inner.map(|_| gunzip(raw, cfg.walk.max_file_bytes)) {
        Some(Ok(b)) if b.is_empty() => {
            let why = "empty file (a gzip file of 0 bytes)".to_string();
            return DocRows::without_content(meta, "skipped", why, Some(raw));
        }
        Some(Ok(b)) => Some(b),
        Some(Err(why)) => return DocRows::without_content(meta, "failed", why, Some(raw)),
        None => None,
    };
    let bytes = unzipped.as_deref().unwrap_or(raw);
    let name = inner.unwrap_or(file_name);
    // Text for its name alone (`README`, `README.Debian`): the bytes must say text too.
    if meta.format == Format::Text && crate::extract::text_by_name(name, cfg.extensions()) {
        if let Some(why) = not_text(bytes, cfg) {
            let what = if name.contains('.') {
                format!("a file named as documentation ({name}) with")
            } else {
                "no file extension and".to_string()
            };
            return DocRows::without_content(
                meta,
                "skipped",
                format!("{what} {why}: not a text document"),
                Some(raw),
            );
        }
    }
    // Notes written in Markdown (`README`, `notes.txt`, an upstream `CHANGELOG.md` installed
    // as `changelog.gz`) are read as Markdown; reStructuredText, AsciiDoc and files of other
    // names (`Makefile`) are not.
    let as_markdown;
    let by_content = meta.format == Format::Text
        && cfg.text.markdown_by_content
        && crate::extract::notes_name(name)
        && reads_as_markdown(bytes);
    let meta = if by_content {
        as_markdown = DocMeta {
            format: Format::Markdown,
            ..meta.clone()
        };
        &as_markdown
    } else {
        meta
    };
    let mut a = match analyze_named(meta.format, name, bytes, cfg, analyzer) {
        Ok(a) => a,
        Err(f) => {
            let mut rows = DocRows::without_content(meta, "failed", f.reason, Some(raw));
            rows.document.pages = f.pages;
            return rows;
        }
    };
    if unzipped.is_some() {
        a.flags.push("gzip".into());
    }
    if by_content {
        a.flags.push("markdown_by_content".into());
    }
    let rows = to_rows(meta, raw, a);
    stages::end(Stage::Rows);
    rows
}

/// Why a file without an extension is not text (executables, images, archives), judged on
/// its first 8 KiB.
fn not_text(bytes: &[u8], cfg: &Config) -> Option<String> {
    let head = &bytes[..bytes.len().min(8192)];
    // Text in UTF-16 or UTF-32 (`README` written on Windows), text in the encoding the config
    // names, or in the legacy encoding its bytes read as (Latin text in windows-1252, Cyrillic
    // in KOI8-U: `README.koi8-r`), is text.
    if wide_encoding(bytes).is_some() || (cfg.fallback_encoding().is_some() && !head.contains(&0)) {
        return None;
    }
    if let Some(p) = head.iter().position(|&b| b == 0) {
        return Some(format!("binary content (NUL byte at offset {p})"));
    }
    let invalid: usize = head.utf8_chunks().map(|c| c.invalid().len()).sum();
    // The last sequence may be cut by the 8 KiB window.
    let legacy = || {
        crate::extract::legacy_encoding(head).is_some_and(|e| {
            plausible(
                &Decoded::new(head, Encoding::Other(e)),
                Encoding::Other(e),
                cfg,
            )
            .is_ok()
        })
    };
    if invalid > 3
        && invalid as f64 > head.len() as f64 * cfg.markdown.max_invalid_utf8_ratio
        && !legacy()
    {
        return Some(format!(
            "{invalid} invalid UTF-8 bytes in its first {} bytes",
            head.len()
        ));
    }
    None
}

/// The rows of one analyzed document. Takes the analysis, so that blocks and sections move into
/// the rows instead of being copied (a big document holds hundreds of thousands of them).
fn to_rows(meta: &DocMeta, bytes: &[u8], a: Analysis) -> DocRows {
    let doc_id = ids::doc_id(&meta.rel_path);
    let Structure {
        sections: st_sections,
        block_section,
        block_index,
    } = a.structure;
    let text = a.canonical.as_str();
    let block_ids: Vec<String> = (0..a.blocks.len())
        .map(|i| {
            ids::block_id(
                &doc_id,
                &st_sections[block_section[i]].section_id,
                a.blocks[i].page.unwrap_or(0),
                block_index[i],
            )
        })
        .collect();
    let breadcrumbs = breadcrumbs(&st_sections);
    let sections = st_sections
        .into_iter()
        .map(|s| SectionRow {
            slug: s.title.as_deref().map(ids::slug),
            title_hash: s.title.as_deref().map(ids::title_hash),
            heading_block_id: s.heading_block.map(|h| block_ids[h].clone()),
            anchor_text: s.anchor.map(|(b, e)| text[b..e].to_string()),
            section: s,
        })
        .collect::<Vec<_>>();
    let chunks = a
        .chunks
        .into_iter()
        .enumerate()
        .map(|(k, c)| {
            let t = &text[c.off_begin..c.off_end];
            let mut types: Vec<&'static str> = Vec::new();
            for b in &a.blocks[c.first_block..=c.last_block] {
                if !types.contains(&b.kind.as_str()) {
                    types.push(b.kind.as_str());
                }
            }
            let pages = a.blocks[c.first_block..=c.last_block]
                .iter()
                .filter_map(|b| b.page);
            ChunkRow {
                chunk_id: ids::chunk_id(&block_ids[c.first_block], c.window_in_block),
                seq: k as u32,
                src: a.chunk_src[k],
                block_types: types,
                page_start: pages.clone().min(),
                page_end: pages.max(),
                hash: ids::hex64(xxhash_rust::xxh3::xxh3_64(t.as_bytes())),
                context: breadcrumbs[c.section].clone(),
                chunk: c,
            }
        })
        .collect::<Vec<_>>();
    let caption_for: Vec<Option<String>> = a
        .blocks
        .iter()
        .map(|b| {
            b.attrs()
                .caption_for
                .map(|t| format!("{}:{}", a.blocks[t].kind.as_str(), block_ids[t]))
        })
        .collect();
    let blocks = block_ids
        .into_iter()
        .zip(caption_for)
        .zip(&a.blocks)
        .enumerate()
        .map(|(i, ((block_id, caption_for), b))| BlockRow {
            block_id,
            seq: i as u32,
            section: block_section[i] as u32,
            fingerprint: fingerprint(b.kind, &text[b.off_begin..b.off_end]),
            caption_for,
        })
        .collect::<Vec<_>>();
    let rev = ids::rev(text);
    let mut flags = a.flags.clone();
    let mut reason = a.note.clone();
    if a.invalid_bytes > 0 {
        // A file read in another encoding says which (`encoding:utf-16le`).
        let decoded = a.flags.iter().find_map(|f| f.strip_prefix("encoding:"));
        flags.push(
            if decoded.is_some() {
                "lossy_decode"
            } else {
                "lossy_utf8"
            }
            .to_string(),
        );
        reason = Some(format!(
            "invalid {}: {} bytes replaced by U+FFFD (first at offset {})",
            decoded.unwrap_or("UTF-8"),
            a.invalid_bytes,
            a.first_invalid.unwrap_or(0)
        ));
    }
    DocRows {
        document: DocumentRow {
            doc_id,
            path: meta.rel_path.clone(),
            format: meta.format.as_str(),
            bytes: meta.bytes,
            content_hash: Some(ids::content_hash(bytes)),
            rev: Some(rev),
            pages: a.text.pages,
            status: "ok",
            reason,
            blocks: blocks.len() as u32,
            sections: sections.len() as u32,
            chunks: chunks.len() as u32,
            flags,
            furniture_lines: a.text.furniture_lines,
            hyphen_joins: a.text.hyphen_joins,
        },
        blocks,
        extracted: a.blocks,
        sections,
        chunks,
        canonical: a.canonical,
    }
}

/// "Title > Child > Grandchild" for every section; empty for the preamble.
fn breadcrumbs(sections: &[crate::model::Section]) -> Vec<Arc<str>> {
    let mut by_id: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut out: Vec<Arc<str>> = Vec::with_capacity(sections.len());
    for (i, s) in sections.iter().enumerate() {
        let own = s.title.clone().unwrap_or_default();
        let crumb = match s.parent_id.as_deref().and_then(|p| by_id.get(p)) {
            Some(&p) if !out[p].is_empty() => format!("{} > {own}", out[p]),
            _ => own,
        };
        by_id.insert(&s.section_id, i);
        out.push(crumb.into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(path: &str) -> DocMeta {
        DocMeta {
            rel_path: path.into(),
            format: Format::detect(path, Config::default().extensions()),
            bytes: 0,
        }
    }

    fn rows(path: &str, bytes: &[u8]) -> DocRows {
        let cfg = Config::default();
        let an = Analyzer::by_name("cl100k_base").unwrap();
        let mut m = meta(path);
        m.bytes = bytes.len() as u64;
        rows_for(&m, bytes, &cfg, &an)
    }

    /// A failed document's row keeps what reading learnt of it: a scanned PDF left unread
    /// (no OCR command) its page count, which a lake's pages to OCR are summed from.
    #[cfg(feature = "pdf")]
    #[test]
    fn a_scan_left_unread_keeps_its_page_count() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let scan = std::fs::read(root.join("tests/data/pdf/bad/scanned-no-text.pdf")).unwrap();
        let r = rows("scan.pdf", &scan);
        assert_eq!(r.document.status, "failed");
        assert_eq!(r.document.pages, Some(1));
        let r = rows("empty.pdf", b"%PDF-1.4\n%%EOF\n");
        assert_eq!(r.document.status, "failed");
        assert_eq!(r.document.pages, None);
    }

    /// Real Markdown under a plain-text name (`README`, `notes.txt`, `changelog.gz`, as Debian
    /// installs an upstream `CHANGELOG.md`) is read as Markdown, flagged: the outline, blocks
    /// and chunks of its `.md` copy, in UTF-16 too. Not under `.rst`, nor with
    /// `text.markdown_by_content` off.
    #[test]
    fn markdown_under_a_text_name_is_read_as_markdown() {
        use std::io::Write;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let src =
            std::fs::read(root.join("datasets/sample/debian/git-lfs/authentication.md")).unwrap();
        let outline = |r: &DocRows| -> Vec<(String, Option<String>)> {
            let s = r.sections.iter().map(|s| &s.section);
            s.map(|s| (s.section_id.clone(), s.title.clone())).collect()
        };
        let md = rows("authentication.md", &src);
        assert!(md.sections.len() >= 4, "{:?}", outline(&md));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&src).unwrap();
        let gz = gz.finish().unwrap();
        // A `README` saved in UTF-16 by a Windows editor is judged on its decoded lines.
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(
                String::from_utf8(src.clone())
                    .unwrap()
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes),
            )
            .collect();
        for (name, bytes) in [
            ("README", &src),
            ("notes.txt", &src),
            ("changelog.gz", &gz),
            ("README", &utf16),
        ] {
            let r = rows(name, bytes);
            assert_eq!(r.document.format, "markdown", "{name}");
            assert!(r.document.flags.iter().any(|f| f == "markdown_by_content"));
            assert_eq!(outline(&r), outline(&md), "{name}");
            assert_eq!(r.blocks.len(), md.blocks.len(), "{name}");
            assert_eq!(r.chunks.len(), md.chunks.len(), "{name}");
        }
        let rst = rows("notes.rst", &src);
        assert_eq!(rst.document.format, "text");
        let mut cfg = Config::default();
        cfg.text.markdown_by_content = false;
        let an = Analyzer::by_name("cl100k_base").unwrap();
        let mut m = meta("notes.txt");
        m.bytes = src.len() as u64;
        let off = rows_for(&m, &src, &cfg, &an);
        assert_eq!(off.document.format, "text");
        assert!(off.document.flags.is_empty());
    }

    /// A gzipped file is read decompressed, of the format its name without `.gz` says: its
    /// spans in the file are offsets into the decompressed bytes, its hash the file's own.
    /// Damaged or oversized ones fail saying so; a gzipped archive is no document.
    #[test]
    fn gzipped_files_are_read_decompressed() {
        use std::io::Write;
        let gz = |b: &[u8]| {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(b).unwrap();
            e.finish().unwrap()
        };
        let md = "# Guide\n\nSome text about the tool.\n\n## Usage\n\nRun it.\n";
        for name in ["guide.md.gz", "README.GZ", "page.html.gz"] {
            let src = if name.starts_with("page") {
                "<h1>Guide</h1><p>Some text about the tool.</p><h2>Usage</h2><p>Run it.</p>"
            } else {
                md
            };
            let bytes = gz(src.as_bytes());
            let r = rows(name, &bytes);
            assert_eq!(r.document.status, "ok", "{name}: {:?}", r.document.reason);
            assert!(r.document.flags.contains(&"gzip".to_string()), "{name}");
            assert_eq!(r.document.content_hash, Some(ids::content_hash(&bytes)));
            assert!(r.canonical.contains("Some text about the tool."), "{name}");
            for b in &r.extracted {
                let (s, e) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
                assert!(
                    src[s..e].contains(&r.canonical[b.off_begin..b.off_end]),
                    "{name}"
                );
            }
        }
        // Two members, as `cat a.gz b.gz` makes: both read.
        let two = [gz(b"# One\n\nFirst.\n\n"), gz(b"# Two\n\nSecond.\n")].concat();
        let r = rows("two.md.gz", &two);
        assert!(r.canonical.contains("First.") && r.canonical.contains("Second."));
        let r = rows("notes.tar.gz", &gz(b"x"));
        assert_eq!(r.document.status, "skipped");
        assert!(r.document.reason.unwrap().contains("a gzipped .tar file"));
        let mut cut = gz(md.as_bytes());
        cut.truncate(cut.len() / 2);
        let r = rows("cut.md.gz", &cut);
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().starts_with("damaged gzip file"));
        let r = rows("empty.md.gz", &gz(b""));
        assert_eq!(r.document.status, "skipped");
        // Decompressed past walk.max_file_bytes: failed, not held in memory whole.
        let mut cfg = Config::default();
        cfg.walk.max_file_bytes = 1000;
        let an = Analyzer::by_name("cl100k_base").unwrap();
        let big = gz(&b"a line of text\n".repeat(1000));
        let mut m = meta("big.txt.gz");
        m.bytes = big.len() as u64;
        let r = rows_for(&m, &big, &cfg, &an);
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().contains("walk.max_file_bytes"));
    }

    /// With `markdown.fallback_encoding`, files that are not UTF-8 are read in the encoding it
    /// names, 8-bit or multi-byte, each block's source span its text in the file's bytes; UTF-8
    /// files stay UTF-8, and a file that is neither fails saying so.
    #[test]
    fn a_configured_encoding_reads_files_that_are_not_utf8() {
        let an = Analyzer::by_name("cl100k_base").unwrap();
        let read = |label: &str, path: &str, bytes: &[u8]| {
            let mut cfg = Config::default();
            cfg.markdown.fallback_encoding = label.into();
            cfg.check().unwrap();
            let mut m = meta(path);
            m.bytes = bytes.len() as u64;
            rows_for(&m, bytes, &cfg, &an)
        };
        for (label, text) in [
            (
                "windows-1251",
                "# Привет\n\nЭто текст на русском языке.\n\n## Вторая часть\n\nЕщё текст.\n",
            ),
            (
                "shift_jis",
                "# 日本語の題\n\nこれは本文です。\n\n## 第二部\n\nもう一つの段落。\n",
            ),
            (
                "gbk",
                "# 中文标题\n\n这是正文。\n\n## 第二部分\n\n又一段文字。\n",
            ),
            (
                "euc-kr",
                "# 한국어 제목\n\n이것은 본문입니다.\n\n## 둘째 부분\n\n또 다른 문단.\n",
            ),
        ] {
            let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            let (bytes, _, lost) = enc.encode(text);
            assert!(!lost, "{label}");
            let r = read(label, "doc.md", &bytes);
            assert_eq!(r.document.status, "ok", "{label}: {:?}", r.document.reason);
            assert_eq!(r.document.flags, [format!("encoding:{label}")]);
            assert_eq!(r.canonical, text, "{label}");
            assert_eq!(r.sections.len(), 2, "{label}");
            for b in &r.extracted {
                let (s, e) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
                let own = &r.canonical[b.off_begin..b.off_end];
                assert_eq!(&bytes[s..e], &*enc.encode(own).0, "{label}: {own:?}");
            }
            // UTF-8 is read as UTF-8 whatever the config says, damaged or not.
            let r = read(label, "utf8.md", text.as_bytes());
            assert!(
                r.document.flags.is_empty() && r.canonical == text,
                "{label}"
            );
            let damaged = [text.as_bytes(), b"\xff"].concat();
            let r = read(label, "damaged.md", &damaged);
            assert_eq!(r.document.flags, ["lossy_utf8"], "{label}");
            assert_eq!(r.canonical, format!("{text}\u{FFFD}"), "{label}");
        }
        // A page that declares no encoding and is not UTF-8 is read in it too, as a browser
        // reads it in its locale's; one that declares its own keeps it.
        let page = "<html><body><h1>Заголовок</h1><p>Текст страницы.</p></body></html>";
        let cp1251 = encoding_rs::WINDOWS_1251.encode(page).0;
        let r = read("windows-1251", "p.html", &cp1251);
        assert!(r.canonical.contains("Текст страницы."), "{}", r.canonical);
        assert!(r
            .document
            .flags
            .contains(&"encoding:windows-1251".to_string()));
        assert!(!r.document.flags.contains(&"encoding_guessed".to_string()));
        let declared = [
            &b"<meta charset=koi8-r>"[..],
            &encoding_rs::KOI8_R.encode(page).0,
        ]
        .concat();
        let r = read("windows-1251", "k.html", &declared);
        assert!(r.canonical.contains("Текст страницы."), "{}", r.canonical);
        // Bytes that are not Shift_JIS either (lead bytes without their trail bytes).
        let r = read("shift_jis", "x.md", &b"\x81\x81\x81 a \xa0\xa0 ".repeat(30));
        assert_eq!(r.document.status, "failed");
        let why = r.document.reason.unwrap();
        assert!(why.starts_with("not shift_jis text"), "{why}");
        // A label that names no encoding, UTF-16, or one whose ASCII is not ASCII, is a config
        // error.
        for bad in [
            "klingon",
            "utf-16",
            "iso-2022-jp",
            "x-user-defined",
            "utf-8",
        ] {
            let mut cfg = Config::default();
            cfg.markdown.fallback_encoding = bad.into();
            assert!(cfg.check().is_err(), "{bad}");
        }
    }

    /// A page's `<title>` heads its text wherever the file puts it: a chunk's span in the
    /// file still covers every element of its blocks, and never ends before it begins.
    #[test]
    fn chunk_spans_in_the_file_cover_their_blocks_wherever_the_title_is() {
        let cfg = Config::default();
        for page in [
            "<body><p>Intro text.</p><title>Late title</title><p>More body text.</p></body>",
            "><div><t><title>S",
            "<p>Some body text here.</p><title>Title</title>",
        ] {
            let a = analyze_bytes("late.html", page.as_bytes(), &cfg).unwrap();
            assert!(a.blocks[0].heading.is_some(), "{page}");
            for (c, &(begin, end)) in a.chunks.iter().zip(&a.chunk_src) {
                assert!(begin <= end, "{page}: {begin}..{end}");
                for b in &a.blocks[c.first_block..=c.last_block] {
                    let (bb, be) = (b.src_begin.unwrap(), b.src_end.unwrap());
                    assert!(
                        begin <= bb && be <= end,
                        "{page}: {bb}..{be} outside {begin}..{end}"
                    );
                }
            }
        }
    }

    #[test]
    fn bad_input_gets_specific_reasons() {
        let r = rows("a.md", b"\x7fELF\x02\x01\x00\x00binary");
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().contains("NUL byte"));
        let r = rows("b.md", &[0xff; 100]);
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().contains("not UTF-8"));
        let r = rows("c.md", b"");
        assert_eq!(
            (r.document.status, r.document.reason.as_deref()),
            ("skipped", Some("empty file (0 bytes)"))
        );
        // A file of another format: skipped, saying which and what is read.
        for (path, kind) in [
            ("data/table.tsv", "a .tsv file"),
            ("conf/.gitignore", "a file named with a leading dot"),
            ("notes.", "a file whose name ends with a dot"),
        ] {
            let r = rows(path, b"a\tb\n");
            assert_eq!(r.document.status, "skipped");
            let why = r.document.reason.unwrap();
            assert!(
                why.contains(kind) && why.contains("Markdown, HTML"),
                "{why}"
            );
        }
        // A PDF cut after its header: failed with MuPDF's reason, the run goes on.
        let r = rows("d.pdf", b"%PDF-1.4");
        assert_eq!(r.document.status, "failed");
        assert!(!r.document.reason.unwrap().is_empty());
        // UTF-8 with a damaged byte stays UTF-8, the byte replaced.
        let mut long = "Plain text, é and ü, with one bad byte: "
            .repeat(10)
            .into_bytes();
        long.push(0xff);
        let r = rows("e.md", &long);
        assert_eq!(r.document.status, "ok");
        assert_eq!(r.document.flags, ["lossy_utf8"]);
        assert!(r.canonical.ends_with('\u{FFFD}'));
        // Bytes of no text without a NUL among them (one control byte in ten), in any format.
        let noise: Vec<u8> = (0..4000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .map(|b| if b == 0 { 1 } else { b })
            .collect();
        for name in ["n.html", "n.txt", "n.md"] {
            let r = rows(name, &noise);
            assert_eq!(r.document.status, "failed", "{name}");
            assert!(r.document.reason.unwrap().contains("control characters"));
        }
        // A log with colours (escape sequences) and form feeds is text; so is a manual page
        // as `nroff` sets it, bold by overstrike.
        let log = "\x1b[1mbuild\x1b[0m finished in 2 s\n\x0c\n".repeat(20);
        assert_eq!(rows("build.txt", log.as_bytes()).document.status, "ok");
        let nroff = "N\x08NA\x08AM\x08ME\x08E\n       ls - list directory contents\n".repeat(20);
        assert_eq!(rows("ls.1.txt", nroff.as_bytes()).document.status, "ok");
        let mut cpm =
            b"README for the disk image, version 2.\r\nCopy the files, then run SETUP.\r\n"
                .to_vec();
        cpm.resize(128, 0x1a);
        assert_eq!(rows("READ.ME.txt", &cpm).document.status, "ok");
        // Mostly NULs is binary, not UTF-32.
        let r = rows("zeros.txt", &[0u8; 4096]);
        assert!(r.document.reason.unwrap().contains("NUL byte"));
        // A page that declares UTF-8 but is Latin-1: failed past the ratio, flagged under it.
        let latin = format!(
            "<html><head><meta charset=\"utf-8\"></head><body>{}</body></html>",
            "<p>\u{c7}a a \u{e9}t\u{e9} tr\u{e8}s \u{e9}l\u{e9}gant, d\u{e9}j\u{e0} vu</p>"
                .repeat(20)
        );
        let latin: Vec<u8> = latin.chars().map(|c| c as u32 as u8).collect();
        let r = rows("latin.html", &latin);
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().contains("declare its charset"));
        let mut page = b"<html><head><meta charset=\"utf-8\"></head><body>".to_vec();
        page.extend("<p>Plain words in a paragraph.</p>".repeat(20).bytes());
        page.extend(b"<p>one bad byte \xe9 here</p></body></html>");
        let r = rows("one.html", &page);
        assert_eq!(r.document.status, "ok");
        assert!(r.document.flags.contains(&"lossy_utf8".to_string()));
    }

    /// Text in UTF-16 or UTF-32 (told by a byte-order mark or by where its NULs are) and
    /// Latin text in windows-1252 is read, flagged with its encoding; every block's source
    /// span is that block's text in the file's own bytes.
    #[test]
    fn text_in_other_encodings_is_read() {
        let text = "# Résumé\n\nLe système élémentaire, à Montréal.\n\n## Deuxième\n\nÀ bientôt, garçon.\n";
        let utf16le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let utf16be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let utf32le: Vec<u8> = text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        let utf32be: Vec<u8> = text
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect();
        let with = |bom: &[u8], body: &[u8]| [bom, body].concat();
        let latin: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        // A file's name and bytes, its flags, and how its encoding writes a text.
        type Encode = fn(&str) -> Vec<u8>;
        let cases: [(&str, Vec<u8>, &[&str], Encode); 7] = [
            (
                "le.md",
                utf16le.clone(),
                &["encoding:utf-16le", "encoding_guessed"],
                |t| t.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            ),
            (
                "bomle.md",
                with(b"\xFF\xFE", &utf16le),
                &["encoding:utf-16le"],
                |t| t.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            ),
            (
                "bombe.md",
                with(b"\xFE\xFF", &utf16be),
                &["encoding:utf-16be"],
                |t| t.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            ),
            (
                "be.md",
                utf16be,
                &["encoding:utf-16be", "encoding_guessed"],
                |t| t.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            ),
            (
                "le32.md",
                utf32le.clone(),
                &["encoding:utf-32le", "encoding_guessed"],
                |t| t.chars().flat_map(|c| (c as u32).to_le_bytes()).collect(),
            ),
            (
                "bom32.md",
                with(b"\x00\x00\xFE\xFF", &utf32be),
                &["encoding:utf-32be"],
                |t| t.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
            ),
            (
                "latin.md",
                latin,
                &["encoding:windows-1252", "encoding_guessed"],
                |t| t.chars().map(|c| c as u32 as u8).collect(),
            ),
        ];
        for (name, bytes, flags, encode) in cases {
            let r = rows(name, &bytes);
            assert_eq!(r.document.status, "ok", "{name}: {:?}", r.document.reason);
            assert_eq!(r.document.flags, flags, "{name}");
            let titles: Vec<&str> = r
                .sections
                .iter()
                .filter_map(|s| s.section.title.as_deref())
                .collect();
            assert_eq!(titles, ["Résumé", "Deuxième"], "{name}");
            // Read as plain text, the same bytes give the same spans.
            let t = rows(&name.replace(".md", ".txt"), &bytes);
            assert_eq!(t.document.status, "ok", "{name}");
            assert_eq!(t.document.flags, flags, "{name}");
            for r in [&r, &t] {
                for b in &r.extracted {
                    let (s, e) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
                    let own = &r.canonical[b.off_begin..b.off_end];
                    assert_eq!(&bytes[s..e], encode(own), "{name}: {own:?}");
                }
            }
        }
        // Files without an extension are text in these encodings too, not binary.
        for (name, bytes) in [
            ("README", with(b"\xFF\xFE", &utf16le)),
            ("NOTES", utf16le.clone()),
            ("LISEZMOI", text.chars().map(|c| c as u32 as u8).collect()),
        ] {
            let r = rows(name, &bytes);
            assert_eq!(r.document.status, "ok", "{name}: {:?}", r.document.reason);
            assert!(r.canonical.contains("À bientôt, garçon."), "{name}");
        }
        // A page in UTF-16 whose `<meta>` says otherwise is read by its byte-order mark.
        let page = "<html><head><meta charset=windows-1252></head><body><h1>Café</h1><p>Crème brûlée.</p></body></html>";
        let bytes = with(
            b"\xFF\xFE",
            &page
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect::<Vec<u8>>(),
        );
        let r = rows("p.html", &bytes);
        assert_eq!(r.document.status, "ok");
        assert!(r.document.flags.contains(&"encoding:utf-16le".to_string()));
        assert!(r.canonical.contains("Crème brûlée."), "{}", r.canonical);
        let p = r
            .extracted
            .iter()
            .find(|b| r.canonical[b.off_begin..b.off_end].starts_with("Crème"))
            .unwrap();
        let src: Vec<u8> = "<p>Crème brûlée.</p>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            &bytes[p.src_begin.unwrap() as usize..p.src_end.unwrap() as usize],
            src
        );
        // An unpaired surrogate is replaced and said.
        let mut broken = with(b"\xFF\xFE", &utf16le);
        broken.extend([0x00, 0xD8, b'x', 0x00]);
        let r = rows("s.md", &broken);
        assert_eq!(r.document.flags, ["encoding:utf-16le", "lossy_decode"]);
        let why = r.document.reason.unwrap();
        assert!(
            why.starts_with("invalid utf-16le: 2 bytes replaced"),
            "{why}"
        );
        // Latin text in windows-1252 whose accented letters come in pairs (Portuguese) or
        // next to its no-break spaces (French quotes) is Latin text.
        for (name, t) in [
            ("pt.md", "A informação das ações não é pública.\n"),
            ("fr.md", "Il a dit «\u{a0}bonjour\u{a0}» à l’école.\n"),
        ] {
            let (b, _, lost) = encoding_rs::WINDOWS_1252.encode(t);
            assert!(!lost);
            let r = rows(name, &b);
            assert_eq!(
                r.document.flags,
                ["encoding:windows-1252", "encoding_guessed"],
                "{name}"
            );
            assert_eq!(r.canonical, t, "{name}");
        }
        // Text in another script's legacy encoding (whole words of bytes over 127: not Latin
        // text) is read in the encoding it reads best in, flagged as guessed, its spans in the
        // file's own bytes; the lake this was found in had Russian READMEs in KOI8-R and
        // windows-1251 and Debian's dedication in GBK and EUC-JP side by side.
        let ru = "# Привет\n\nЭто текст на русском языке, в старой кодировке.\n\n## Вторая часть\n\nЕщё немного текста.\n";
        for (enc, text, label) in [
            (encoding_rs::WINDOWS_1251, ru, "windows-1251"),
            (encoding_rs::KOI8_R, ru, "koi8-u"),
            (encoding_rs::IBM866, ru, "ibm866"),
            (
                encoding_rs::GBK,
                "# 中文标题\n\n这是正文，我们的文档用旧的编码写成。\n\n## 第二部分\n\n又一段文字。\n",
                "gbk",
            ),
            (
                encoding_rs::EUC_JP,
                "# 日本語の題\n\nこれは本文です。古い符号化で書かれています。\n\n## 第二部\n\nもう一つの段落。\n",
                "euc-jp",
            ),
            (
                encoding_rs::SHIFT_JIS,
                "# 日本語の題\n\nこれは本文です。古い符号化で書かれています。\n\n## 第二部\n\nもう一つの段落。\n",
                "shift_jis",
            ),
            (
                encoding_rs::WINDOWS_1250,
                "# Żółw\n\nZażółć gęślą jaźń. Łódź jest dużym miastem w Polsce.\n\n## Część druga\n\nŚnieg.\n",
                "windows-1250",
            ),
        ] {
            let (bytes, _, lost) = enc.encode(text);
            assert!(!lost, "{label}");
            for name in ["doc.md", "doc.txt"] {
                let r = rows(name, &bytes);
                assert_eq!(r.document.status, "ok", "{label} {name}: {:?}", r.document.reason);
                assert_eq!(
                    r.document.flags,
                    [format!("encoding:{label}"), "encoding_guessed".into()],
                    "{name}"
                );
                assert_eq!(r.canonical, text, "{label} {name}");
                if name.ends_with(".md") {
                    assert_eq!(r.sections.len(), 2, "{label}");
                }
                for b in &r.extracted {
                    let (s, e) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
                    let own = &r.canonical[b.off_begin..b.off_end];
                    assert_eq!(&bytes[s..e], &*enc.encode(own).0, "{label}: {own:?}");
                }
            }
            // A file named as documentation without an extension is text in it too.
            let r = rows("README", &bytes);
            assert_eq!(r.document.status, "ok", "{label}: {:?}", r.document.reason);
            assert!(r.canonical.contains("##"), "{label}");
            // A page that declares no encoding is read in it, as a browser guesses it.
            let body = text.lines().nth(2).unwrap();
            let page = format!("<html><body><h1>Title</h1><p>{body}</p></body></html>");
            let r = rows("p.html", &enc.encode(&page).0);
            assert!(r.canonical.contains(body), "{label}: {}", r.canonical);
            assert!(
                r.document.flags.contains(&"encoding_guessed".to_string()),
                "{label}"
            );
        }
        // Latin text whose lone accented letters each pair up with the ASCII letter after them
        // reads as a double-byte encoding to the detector (a Spanish FAQ's `¿C` of `¿Cómo`,
        // bytes BF 43, as Big5): windows-1252, as Latin text.
        let mut faq = String::from("<html><body><ul>\n");
        for q in [
            "C&oacute;mo instalo un paquete",
            "C&oacute;mo cambio los margenes",
            "D&oacute;nde escribo una carta",
            "C&oacute;mo pongo una figura",
            "C&oacute;mo cito un libro",
            "Cu&aacute;ndo hago un indice",
            "C&oacute;mo numero las paginas",
            "Qui&eacute;n usa otra fuente",
            "C&oacute;mo hago una tabla",
            "Por qu&eacute; falla",
        ] {
            faq.push_str(&format!("<li>¿{q}?</li>\n"));
        }
        faq.push_str("</ul></body></html>\n");
        let latin1 = encoding_rs::WINDOWS_1252.encode(&faq).0;
        for name in ["faq.html", "faq.txt"] {
            let r = rows(name, &latin1);
            assert!(
                r.canonical.contains("¿Cómo cito un libro?")
                    || r.canonical.contains("¿C&oacute;mo cito un libro?"),
                "{name}: {}",
                r.canonical
            );
            assert!(
                r.document
                    .flags
                    .contains(&"encoding:windows-1252".to_string()),
                "{name}: {:?}",
                r.document.flags
            );
        }
        // A byte repeated is no text in any encoding.
        let r = rows("ff.txt", &[b"# T\n\n".as_slice(), &[0xff; 200]].concat());
        assert_eq!(r.document.status, "failed");
        assert!(r.document.reason.unwrap().contains("not UTF-8"));
        // One stray byte in ASCII text, touching no letter, tells no encoding: UTF-8, damaged.
        let mut stray = "Plain text with one bad byte: ".repeat(10).into_bytes();
        stray.push(0xff);
        assert_eq!(rows("e.md", &stray).document.flags, ["lossy_utf8"]);
        // UTF-16 whose characters are control bytes is no text; nor are random bytes after a
        // byte-order mark (CJK-looking characters and private-use ones), nor a run of unpaired
        // surrogates.
        let noise: Vec<u8> = (0..600u32).flat_map(|i| [(i % 7 + 1) as u8, 0]).collect();
        let random: Vec<u8> = (0..20_000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        let surrogates: Vec<u8> = (0..500).flat_map(|_| [0x00, 0xD8]).collect();
        for (name, bytes, why) in [
            ("n.txt", noise, "binary content"),
            ("r16.md", with(b"\xFF\xFE", &random), "binary content"),
            (
                "r32.html",
                with(b"\xFF\xFE\x00\x00", &random),
                "not utf-32le text",
            ),
            ("s.txt", with(b"\xFF\xFE", &surrogates), "not utf-16le text"),
        ] {
            let r = rows(name, &bytes);
            assert_eq!(r.document.status, "failed", "{name}");
            let reason = r.document.reason.unwrap();
            assert!(reason.starts_with(why), "{name}: {reason}");
        }
    }

    /// An edit inside a child section (`The version field`, under `The [package] section` of
    /// Cargo's manifest reference): every section keeps its id, parent and title; the parent's
    /// own body and anchor, and every section before the edit, keep their spans; the sections
    /// after it move by the length of the edit, and no other.
    #[test]
    fn an_edit_under_a_child_section_leaves_its_parent_in_place() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/datasets/sample/crates/cargo/src/doc/src/reference/manifest.md"
        );
        let old = std::fs::read_to_string(path).unwrap();
        let (from, to) = (
            "Versions must have three numeric parts,",
            "Versions must always have exactly three numeric parts,",
        );
        let at = old.find(from).unwrap();
        let new = old.replacen(from, to, 1);
        let delta = to.len() - from.len();
        let cfg = Config::default();
        let a = analyze_bytes("manifest.md", old.as_bytes(), &cfg).unwrap();
        let b = analyze_bytes("manifest.md", new.as_bytes(), &cfg).unwrap();
        let (sa, sb) = (&a.structure.sections, &b.structure.sections);
        assert_eq!(sa.len(), sb.len());
        let edited = sa
            .iter()
            .position(|s| s.span.is_some_and(|(x, y)| x <= at && at < y))
            .unwrap();
        assert_eq!(sa[edited].title.as_deref(), Some("The version field"));
        let parent = sa[edited].parent_id.clone().unwrap();
        let mut parents_seen = 0;
        for (x, y) in sa.iter().zip(sb) {
            assert_eq!(
                (&x.section_id, &x.parent_id, &x.title, x.depth),
                (&y.section_id, &y.parent_id, &y.title, y.depth)
            );
            let shift = |p: Option<(usize, usize)>, by: usize| p.map(|(u, v)| (u + by, v + by));
            match x.span {
                Some((_, end)) if end <= at => {
                    assert_eq!((x.span, x.anchor), (y.span, y.anchor), "{}", x.section_id);
                }
                Some((begin, _)) if begin > at => {
                    assert_eq!(shift(x.span, delta), y.span, "{}", x.section_id);
                    assert_eq!(shift(x.anchor, delta), y.anchor, "{}", x.section_id);
                }
                Some((begin, end)) => {
                    assert_eq!(x.section_id, sa[edited].section_id);
                    assert_eq!(y.span, Some((begin, end + delta)));
                }
                None => assert_eq!(y.span, None),
            }
            if x.section_id == parent {
                // The parent's own body comes before its first child: untouched.
                assert!(x.span.is_some_and(|(_, end)| end <= at));
                parents_seen += 1;
            }
        }
        assert_eq!(parents_seen, 1);
    }

    /// A plain-text grid table of a header and 40 rows: two chunks, cut after a border line,
    /// the first with the header and 29 rows, the second with the 11 others.
    #[test]
    fn a_long_grid_table_is_cut_after_a_border() {
        let mut t = String::from(
            "Numbers\n=======\n\nThe grid below lists forty numbers and their squares.\n\n\
             +----+------+\n| n  | n*n  |\n+====+======+\n",
        );
        for i in 0..40 {
            t.push_str(&format!("| {i:2} | {:4} |\n+----+------+\n", i * i));
        }
        t.push_str("\nAfter the grid.\n");
        let r = rows("grid.txt", t.as_bytes());
        let table = r
            .blocks
            .iter()
            .position(|b| r.block_of(b).kind == crate::model::BlockType::Table)
            .unwrap();
        let pieces: Vec<&str> = r
            .chunks
            .iter()
            .filter(|c| c.chunk.first_block <= table && table <= c.chunk.last_block)
            .map(|c| &r.canonical[c.chunk.off_begin..c.chunk.off_end])
            .collect();
        let rows_of = |p: &str| p.lines().filter(|l| l.starts_with("| ")).count();
        assert_eq!(
            pieces.iter().map(|p| rows_of(p)).collect::<Vec<_>>(),
            [30, 11]
        );
        assert!(pieces[0].ends_with("+----+------+"), "{}", pieces[0]);
        assert!(pieces[1].starts_with("| 29 |"), "{}", pieces[1]);
    }

    /// A section of more than 999 blocks, and a code block cut into more than nine windows:
    /// sorted as strings, the ids of each section are in reading order.
    #[test]
    fn ids_sort_in_reading_order_past_their_padding() {
        let mut md = String::from("# One long section\n\n");
        for i in 0..1_100 {
            md.push_str(&format!("Paragraph number {i} of the section.\n\n"));
        }
        md.push_str("```\n");
        for i in 0..2_000 {
            md.push_str(&format!("let value_{i} = compute(value_{i}, {i});\n"));
        }
        md.push_str("```\n");
        let r = rows("long.md", md.as_bytes());
        let mut last: std::collections::HashMap<u32, &str> = Default::default();
        for b in &r.blocks {
            if let Some(prev) = last.insert(b.section, &b.block_id) {
                assert!(
                    prev < b.block_id.as_str(),
                    "{prev} sorts after {}",
                    b.block_id
                );
            }
        }
        assert!(r.blocks.iter().any(|b| b.block_id.ends_with("b=~1000")));
        let mut last: std::collections::HashMap<usize, &str> = Default::default();
        for c in &r.chunks {
            if let Some(prev) = last.insert(c.chunk.section, &c.chunk_id) {
                assert!(
                    prev < c.chunk_id.as_str(),
                    "{prev} sorts after {}",
                    c.chunk_id
                );
            }
        }
        assert!(r.chunks.iter().any(|c| c.chunk.window_in_block >= 10));
    }

    #[test]
    fn rows_are_consistent() {
        let md = "Intro para.\n\n# Title\n\nAbstract here.\n\n## Part\n\n![fig](f.png)\n\nFigure 1: A figure.\n\n```sh\n# hi\n```\n";
        let r = rows("docs/x.md", md.as_bytes());
        let d = &r.document;
        assert_eq!(d.status, "ok");
        assert_eq!(d.blocks as usize, r.blocks.len());
        let ids: Vec<_> = r
            .blocks
            .iter()
            .map(|b| b.block_id.rsplit('|').take(3).collect::<Vec<_>>().join("|"))
            .collect();
        assert_eq!(
            ids,
            [
                "b=000|p=000|s=0",
                "b=000|p=000|s=1",
                "b=001|p=000|s=1",
                "b=000|p=000|s=1.1",
                "b=001|p=000|s=1.1",
                "b=002|p=000|s=1.1",
                "b=003|p=000|s=1.1"
            ]
        );
        let cap = &r.blocks[5];
        assert_eq!(r.block_of(cap).kind, crate::model::BlockType::Caption);
        assert_eq!(
            cap.caption_for.as_deref(),
            Some(format!("figure:{}", r.blocks[4].block_id).as_str())
        );
        assert_eq!(&*r.chunks.last().unwrap().context, "Title > Part");
        for c in &r.chunks {
            assert_eq!(r.chunk_text(c), &md[c.chunk.off_begin..c.chunk.off_end]);
        }
        let mut seen = std::collections::HashSet::new();
        assert!(r.chunks.iter().all(|c| seen.insert(c.chunk_id.clone())));
    }
}
