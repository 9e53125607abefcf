//! The fuzz targets' harness: one document's analysis and rows (`rows_for`, as `index` runs it)
//! on the fuzzer's bytes, then in memory the invariants `docsweep validate` checks on a written
//! index, and a few it cannot (a chunk's token count against its text alone, spans in the file).
use docsweep::analyze::{rows_for, DocMeta, DocRows};
use docsweep::chunk::tokenizer::Analyzer;
use docsweep::config::Config;
use docsweep::extract::Format;
use docsweep::model::BlockType;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

pub fn cfg() -> &'static Config {
    static C: OnceLock<Config> = OnceLock::new();
    C.get_or_init(Config::default)
}

pub fn analyzer() -> &'static Analyzer {
    static A: OnceLock<Analyzer> = OnceLock::new();
    A.get_or_init(|| Analyzer::by_name(&cfg().chunk.tokenizer).unwrap())
}

pub fn analyze(rel_path: &str, data: &[u8]) -> DocRows {
    let cfg = cfg();
    let format = match Format::detect(rel_path, cfg.extensions()) {
        Format::Unknown => Format::Markdown,
        f => f,
    };
    let meta = DocMeta {
        rel_path: rel_path.to_string(),
        format,
        bytes: data.len() as u64,
    };
    rows_for(&meta, data, cfg, analyzer())
}

pub fn run(rel_path: &str, data: &[u8]) {
    let rows = analyze(rel_path, data);
    if let Err(e) = check(&rows, data) {
        panic!("INVARIANT: {e}");
    }
}

macro_rules! ensure {
    ($c:expr, $($f:tt)*) => {
        if !$c {
            return Err(format!($($f)*));
        }
    };
}

/// Footnote definitions and captions join the section of what they annotate wherever they
/// are written: their ids are not compared in reading order.
fn joins(kind: BlockType) -> bool {
    matches!(kind, BlockType::Footnote | BlockType::Caption)
}

/// A section's ids sort in reading order: `id` after the last one seen in `section`.
fn in_reading_order<'a>(
    last: &mut HashMap<usize, &'a str>,
    section: usize,
    id: &'a str,
) -> Result<(), String> {
    if let Some(prev) = last.insert(section, id) {
        ensure!(prev < id, "ids out of reading order: {prev} then {id}");
    }
    Ok(())
}

pub fn check(r: &DocRows, data: &[u8]) -> Result<(), String> {
    if r.document.status != "ok" {
        ensure!(
            r.document.reason.as_deref().is_some_and(|s| !s.is_empty()),
            "status {} without reason",
            r.document.status
        );
        return Ok(());
    }
    // A gzipped file's spans are offsets into its decompressed bytes.
    let unzipped;
    let data = if r.document.flags.iter().any(|f| f == "gzip") {
        use std::io::Read;
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(data)
            .read_to_end(&mut out)
            .map_err(|e| format!("flagged gzip but not read as gzip: {e}"))?;
        unzipped = out;
        &unzipped[..]
    } else {
        data
    };
    let text = r.canonical.as_str();
    let n = text.len();
    let doc = &r.document.doc_id;
    let max_tokens = cfg().chunk.max_tokens as u64;
    ensure!(
        r.blocks.len() == r.extracted.len(),
        "blocks/extracted lengths differ"
    );
    ensure!(
        (r.document.blocks, r.document.sections, r.document.chunks)
            == (
                r.blocks.len() as u32,
                r.sections.len() as u32,
                r.chunks.len() as u32
            ),
        "document counts don't match"
    );

    // blocks
    let mut block_ids = HashSet::new();
    let mut last_in_section: HashMap<usize, &str> = HashMap::new();
    for (k, (row, b)) in r.blocks.iter().zip(&r.extracted).enumerate() {
        ensure!(row.seq as usize == k, "block {k}: seq {}", row.seq);
        ensure!(
            b.off_begin <= b.off_end && b.off_end <= n,
            "block {k} ({:?}): span {}..{} outside canonical len {n}",
            b.kind,
            b.off_begin,
            b.off_end
        );
        ensure!(
            text.is_char_boundary(b.off_begin) && text.is_char_boundary(b.off_end),
            "block {k}: span {}..{} not on char boundaries",
            b.off_begin,
            b.off_end
        );
        if k > 0 {
            let p = &r.extracted[k - 1];
            ensure!(
                p.off_end <= b.off_begin,
                "blocks {} ({:?} {}..{}) and {k} ({:?} {}..{}) out of order/overlap",
                k - 1,
                p.kind,
                p.off_begin,
                p.off_end,
                b.kind,
                b.off_begin,
                b.off_end
            );
        }
        if let (Some(sb), Some(se)) = (b.src_begin, b.src_end) {
            ensure!(
                sb <= se && se <= data.len() as u64,
                "block {k}: src span {sb}..{se} bad (file {} bytes)",
                data.len()
            );
        }
        ensure!(
            (row.section as usize) < r.sections.len(),
            "block {k}: section index {} of {}",
            row.section,
            r.sections.len()
        );
        let sid = &r.sections[row.section as usize].section.section_id;
        ensure!(
            row.block_id.starts_with(&format!("{doc}|s={sid}|")),
            "block {k}: id {} not in section {sid}",
            row.block_id
        );
        ensure!(
            block_ids.insert(row.block_id.as_str()),
            "block id {} repeats",
            row.block_id
        );
        if !joins(b.kind) {
            in_reading_order(&mut last_in_section, row.section as usize, &row.block_id)?;
        }
        if let Some(t) = b.attrs().caption_for {
            ensure!(
                t < r.extracted.len(),
                "block {k}: caption_for {t} out of range"
            );
        }
        if b.kind == BlockType::Heading {
            ensure!(
                b.heading.is_some(),
                "heading block {k} without heading info"
            );
        }
    }

    // sections
    let mut seen = HashSet::new();
    let mut prev_depth = 0;
    for (si, row) in r.sections.iter().enumerate() {
        let sec = &row.section;
        ensure!(
            seen.insert(sec.section_id.as_str()),
            "section id {} repeats",
            sec.section_id
        );
        let shape_ok = docsweep::validate::section_path_ok(
            &sec.section_id,
            sec.depth,
            sec.parent_id.as_deref(),
            &seen,
        );
        ensure!(
            shape_ok,
            "section path malformed: {} depth {} parent {:?}",
            sec.section_id,
            sec.depth,
            sec.parent_id
        );
        ensure!(
            sec.depth <= prev_depth + 1,
            "section {} depth {} after depth {prev_depth}",
            sec.section_id,
            sec.depth
        );
        prev_depth = sec.depth;
        if let Some((a, b)) = sec.span {
            ensure!(
                a <= b && b <= n && text.is_char_boundary(a) && text.is_char_boundary(b),
                "section {} span {a}..{b} bad (len {n})",
                sec.section_id
            );
            if a < b {
                ensure!(
                    sec.anchor.is_some(),
                    "section {} has body but no anchor",
                    sec.section_id
                );
            }
        }
        if let Some((a, b)) = sec.anchor {
            ensure!(
                a < b && b <= n && text.is_char_boundary(a) && text.is_char_boundary(b),
                "section {} anchor {a}..{b} bad (len {n})",
                sec.section_id
            );
        }
        if let (Some(sp), Some(a)) = (sec.span, sec.anchor) {
            ensure!(
                sp.0 <= a.0 && a.0 < a.1 && a.1 <= sp.1,
                "section {} anchor {a:?} outside span {sp:?}",
                sec.section_id
            );
        }
        if let Some(h) = sec.heading_block {
            ensure!(
                h < r.extracted.len(),
                "section {} heading_block {h} out of range",
                sec.section_id
            );
            ensure!(
                r.extracted[h].kind == BlockType::Heading,
                "section {} heading_block {h} is {:?}",
                sec.section_id,
                r.extracted[h].kind
            );
            ensure!(
                r.blocks[h].section as usize == si,
                "section {} heading block {h} is member of section {}",
                sec.section_id,
                r.blocks[h].section
            );
        }
        if let (Some(f), Some(l)) = (sec.first_block, sec.last_block) {
            ensure!(
                f <= l && l < r.extracted.len(),
                "section {} first/last block {f}/{l} bad",
                sec.section_id
            );
        }
    }
    let mut spans: Vec<(usize, usize, &str)> = r
        .sections
        .iter()
        .filter_map(|s| {
            s.section
                .span
                .map(|p| (p.0, p.1, s.section.section_id.as_str()))
        })
        .collect();
    spans.sort();
    for w in spans.windows(2) {
        ensure!(
            w[0].1 <= w[1].0,
            "section spans overlap: {} {:?} and {} {:?}",
            w[0].2,
            (w[0].0, w[0].1),
            w[1].2,
            (w[1].0, w[1].1)
        );
    }

    // chunks
    let mut chunk_ids = HashSet::new();
    let mut last_chunk: HashMap<usize, &str> = HashMap::new();
    let mut prev_key = (0usize, 0usize);
    for (k, c) in r.chunks.iter().enumerate() {
        let ch = &c.chunk;
        let (begin, end) = (ch.off_begin, ch.off_end);
        ensure!(
            begin < end && end <= n,
            "chunk {k}: span {begin}..{end} bad (len {n})"
        );
        ensure!(
            text.is_char_boundary(begin) && text.is_char_boundary(end),
            "chunk {k}: span {begin}..{end} not on char boundaries"
        );
        ensure!((begin, end) >= prev_key, "chunk {k} out of order");
        prev_key = (begin, end);
        ensure!(
            chunk_ids.insert(c.chunk_id.as_str()),
            "chunk id {} repeats",
            c.chunk_id
        );
        let (f, l) = (ch.first_block, ch.last_block);
        let inside = f <= l
            && l < r.extracted.len()
            && r.extracted[f].off_begin <= begin
            && end <= r.extracted[l].off_end;
        ensure!(
            inside,
            "chunk {k} {begin}..{end}: not inside blocks {f}..={l}"
        );
        ensure!(
            ch.section < r.sections.len(),
            "chunk {k}: section {} out of range",
            ch.section
        );
        ensure!(
            r.blocks[f..=l]
                .iter()
                .all(|b| b.section as usize == ch.section),
            "chunk {k}: blocks {f}..={l} not all in section {}",
            ch.section
        );
        ensure!(
            u64::from(ch.tokens) <= max_tokens,
            "chunk {k}: {} tokens > {max_tokens}",
            ch.tokens
        );
        let t = &text[begin..end];
        let exact = analyzer().count(t);
        ensure!(
            ch.tokens as usize == exact,
            "chunk {k} {begin}..{end}: tokens {} but text alone counts {exact}",
            ch.tokens
        );
        ensure!(
            !(ch.tokens == 0 && !t.is_empty()),
            "chunk {k}: 0 tokens for non-empty text"
        );
        if !joins(r.extracted[f].kind) {
            in_reading_order(&mut last_chunk, ch.section, &c.chunk_id)?;
        }
        if r.extracted[f].src_begin.is_some() {
            ensure!(
                c.src.0 <= c.src.1 && c.src.1 <= data.len() as u64,
                "chunk {k}: src {:?} bad (file {} bytes)",
                c.src,
                data.len()
            );
            // Inside the span of its blocks' elements (a chunk may hold part of a block).
            let parts = &r.extracted[f..=l];
            let lo = parts.iter().filter_map(|b| b.src_begin).min();
            let hi = parts.iter().filter_map(|b| b.src_end).max();
            if let (Some(lo), Some(hi)) = (lo, hi) {
                ensure!(
                    lo <= c.src.0 && c.src.1 <= hi,
                    "chunk {k}: src {:?} outside its blocks' {lo}..{hi}",
                    c.src
                );
            }
        }
    }
    Ok(())
}
