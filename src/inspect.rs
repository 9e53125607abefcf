//! `docsweep inspect FILE`: what docsweep sees in one document — the outline tree, blocks,
//! sections and chunks — as readable text or JSON. Runs the same per-document function as
//! `index`, so what it shows is what the index will hold.

use crate::analyze::{rows_for, DocMeta, DocRows};
use crate::chunk::tokenizer::Analyzer;
use crate::config::Config;
use crate::extract::Format;
use anyhow::{Context, Result};
use serde_json::json;
use std::fmt::Write;
use std::path::Path;

pub fn rows(path: &Path, cfg: &Config) -> Result<DocRows> {
    // The checks `index` makes before it reads a file: a FIFO would wait forever, a device
    // (`/dev/zero`) never end.
    let m = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if !m.is_file() {
        anyhow::bail!(
            "{} is not a regular file (a folder, FIFO, socket or device); inspect reads one document",
            path.display()
        );
    }
    if m.len() > cfg.walk.max_file_bytes {
        anyhow::bail!(
            "{} is too large: {} bytes > walk.max_file_bytes ({}); raise it in a config to inspect it",
            path.display(),
            m.len(),
            cfg.walk.max_file_bytes
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut format = Format::detect(&name, cfg.extensions());
    if format == Format::Unknown {
        // A single file asked for by name with an extension no format claims (`NEWS-4.3`,
        // `notes.v2`): read as Markdown when its lines are Markdown's (ATX headings, fences,
        // links; gzipped or in UTF-16 too), else as plain text.
        format = if crate::analyze::markdown_by_content_of(&name, &bytes, cfg) {
            Format::Markdown
        } else {
            Format::Text
        };
    }
    let meta = DocMeta {
        rel_path: name,
        format,
        bytes: bytes.len() as u64,
    };
    let analyzer = Analyzer::by_name(&cfg.chunk.tokenizer)?;
    Ok(rows_for(&meta, &bytes, cfg, &analyzer))
}

fn clip(s: &str, n: usize) -> String {
    let one_line = s.replace('\n', "⏎");
    if one_line.chars().count() <= n {
        one_line
    } else {
        format!("{}…", one_line.chars().take(n).collect::<String>())
    }
}

pub fn to_text(r: &DocRows) -> String {
    let d = &r.document;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}  [{}] {}  doc_id {}",
        d.path, d.format, d.status, d.doc_id
    );
    if let Some(reason) = &d.reason {
        let _ = writeln!(o, "  reason: {reason}");
    }
    if !d.flags.is_empty() {
        let _ = writeln!(o, "  flags: {}", d.flags.join(", "));
    }
    let _ = writeln!(
        o,
        "  {} blocks, {} sections, {} chunks\n\nOutline",
        d.blocks, d.sections, d.chunks
    );
    for s in &r.sections {
        let sec = &s.section;
        let indent = "  ".repeat(sec.depth as usize);
        let title = sec.title.as_deref().unwrap_or("(preamble)");
        let span = sec
            .span
            .map_or("empty".to_string(), |(a, b)| format!("{a}..{b}"));
        let _ = writeln!(
            o,
            "  {indent}{} {title}  [{}; {span}]",
            sec.section_id, sec.heading_source
        );
        if let Some(anchor) = &s.anchor_text {
            let _ = writeln!(o, "  {indent}  anchor: {}", clip(anchor, 90));
        }
    }
    let _ = writeln!(o, "\nBlocks");
    for b in &r.blocks {
        let blk = r.block_of(b);
        let mut attrs = String::new();
        if let Some(l) = &blk.attrs().lang {
            let _ = write!(attrs, " lang={l}");
        }
        if let Some(t) = &blk.attrs().table {
            let _ = write!(attrs, " {}x{} header={}", t.rows, t.cols, t.header_rows);
        }
        if let Some(c) = &b.caption_for {
            let _ = write!(attrs, " for={}", c.rsplit('|').next().unwrap_or(c));
        }
        let _ = writeln!(
            o,
            "  {:>4} {:<9} s={:<8} {:>6}..{:<6}{attrs}  {}",
            b.seq,
            blk.kind.as_str(),
            r.block_section_id(b),
            blk.off_begin,
            blk.off_end,
            clip(r.block_text(b), 60)
        );
    }
    let _ = writeln!(o, "\nChunks");
    for c in &r.chunks {
        let _ = writeln!(
            o,
            "  {:>4} {:>4} tok  s={:<8} {:>6}..{:<6} [{}]  {}",
            c.seq,
            c.chunk.tokens,
            r.chunk_section_id(c),
            c.chunk.off_begin,
            c.chunk.off_end,
            c.context,
            clip(r.chunk_text(c), 50)
        );
    }
    o
}

pub fn to_json(r: &DocRows) -> serde_json::Value {
    let d = &r.document;
    json!({
        "document": {
            "doc_id": d.doc_id, "path": d.path, "format": d.format, "bytes": d.bytes,
            "content_hash": d.content_hash, "rev": d.rev, "status": d.status, "reason": d.reason,
            "flags": d.flags, "pages": d.pages, "furniture_lines": d.furniture_lines,
            "hyphen_joins": d.hyphen_joins,
        },
        "sections": r.sections.iter().map(|s| json!({
            "section_id": s.section.section_id, "parent_id": s.section.parent_id,
            "depth": s.section.depth, "title": s.section.title, "anchor_id": s.section.anchor_id, "slug": s.slug,
            "heading_source": s.section.heading_source, "heading_block_id": s.heading_block_id,
            "span": s.section.span, "anchor": s.section.anchor, "anchor_text": s.anchor_text,
            "first_block": s.section.first_block, "last_block": s.section.last_block,
            "page_start": s.section.page_start, "page_end": s.section.page_end,
        })).collect::<Vec<_>>(),
        "blocks": r.blocks.iter().map(|b| (b, r.block_of(b))).map(|(b, blk)| json!({
            "block_id": b.block_id, "seq": b.seq, "section_id": r.block_section_id(b),
            "type": blk.kind, "off_begin": blk.off_begin, "off_end": blk.off_end,
            "src_begin": blk.src_begin, "src_end": blk.src_end, "page": blk.page,
            "attrs": blk.attrs(), "caption_for": b.caption_for, "fingerprint": crate::ids::hex64(b.fingerprint),
            "text": r.block_text(b),
        })).collect::<Vec<_>>(),
        "chunks": r.chunks.iter().map(|c| json!({
            "chunk_id": c.chunk_id, "section_id": r.chunk_section_id(c), "seq": c.seq,
            "off_begin": c.chunk.off_begin, "off_end": c.chunk.off_end, "tokens": c.chunk.tokens,
            "first_block": c.chunk.first_block, "last_block": c.chunk.last_block,
            "block_types": c.block_types, "context": &*c.context, "text": r.chunk_text(c),
        })).collect::<Vec<_>>(),
    })
}
