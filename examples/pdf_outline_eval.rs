//! Scores docsweep's PDF heading detection against each PDF's own outline.
//!
//! `cargo run --release --example pdf_outline_eval -- DIR_OR_PDF...`
//! Prints, per file with an outline: pages, outline entries, detected headings, matches,
//! recall, precision, spurious headings per 20 pages, and `tree A/B`: of the B matches whose
//! outline parent was matched too, the A whose detected parent is that parent's match (the
//! tree as the outline draws it, whatever depth the document's title takes); then the
//! totals. With `VERBOSE=1`, also every outline entry (`T`) and detected heading (`F`),
//! marked `=` when matched, `-` when not.
//!
//! A file `X.pdf.gold.tsv` beside `X.pdf` is the truth instead of the outline: one heading a
//! line, `depth<TAB>page<TAB>title` (page from 1, or empty when not known), in document order;
//! lines starting with `#` are comments. Headings taken from the document's source (every
//! `\section` of its LaTeX, numbered or not) count what an outline leaves out.
//!
//! `OCR_CMD='tesseract {image} stdout tsv'` reads every page by OCR instead of its text layer
//! (`pdf.ocr_all_pages`): the PDF as a scan of it would read, scored against the same outline.

use docsweep::analyze::analyze_bytes;
use docsweep::config::Config;
use docsweep::extract::pdf::{outline, score_and_match_outline, OutlineEntry, OutlineScore};
use docsweep::model::BlockType;
use std::io::Write;

/// `println!` that stops quietly when the reader goes away (`| head`).
macro_rules! out {
    ($($t:tt)*) => {
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    };
}

fn main() {
    let mut cfg = Config::default();
    if let Some(cmd) = std::env::var_os("OCR_CMD") {
        cfg.pdf.ocr_command = cmd
            .to_string_lossy()
            .split_whitespace()
            .map(String::from)
            .collect();
        cfg.pdf.ocr_all_pages = true;
        cfg.check()
            .expect("OCR_CMD must name the page image as {image}");
    }
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        let p = std::path::PathBuf::from(&a);
        if p.is_dir() {
            let mut v: Vec<_> = std::fs::read_dir(&p)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
                .collect();
            v.sort();
            files.extend(v);
        } else {
            files.push(p);
        }
    }
    let verbose = std::env::var_os("VERBOSE").is_some();
    let mut total = OutlineScore::default();
    let mut pages_total = 0u32;
    let started = std::time::Instant::now();
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let gold = f.with_file_name(format!(
            "{}.gold.tsv",
            f.file_name().unwrap().to_string_lossy()
        ));
        let truth = match std::fs::read_to_string(&gold) {
            Ok(text) => match gold_entries(&text) {
                Ok(t) => t,
                Err(e) => {
                    out!("{}: {e}", gold.display());
                    continue;
                }
            },
            Err(_) => match outline(&bytes) {
                Ok(t) if !t.is_empty() => t,
                _ => continue,
            },
        };
        let a = match analyze_bytes(&f.to_string_lossy(), &bytes, &cfg) {
            Ok(a) => a,
            Err(e) => {
                out!("{}: failed: {e}", f.display());
                continue;
            }
        };
        let found: Vec<OutlineEntry> = a
            .blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.kind == BlockType::Heading)
            .map(|(i, b)| OutlineEntry {
                title: b
                    .heading
                    .as_ref()
                    .map_or(String::new(), |h| h.title.clone()),
                depth: a.structure.sections[a.structure.block_section[i]].depth,
                page: b.page,
            })
            .collect();
        let (s, matches) = score_and_match_outline(&truth, &found);
        let pages = a.text.pages.unwrap_or(1);
        pages_total += pages;
        out!(
            "{:<40} pages {:>3}  outline {:>3}  found {:>3}  matched {:>3}  depth±1 {:>3}  recall {:.2}  precision {:.2}  spurious/20p {:.1}  tree {}/{}",
            f.file_name().unwrap().to_string_lossy(),
            pages,
            s.truth,
            s.found,
            s.matched,
            s.depth_ok,
            s.recall(),
            s.precision(),
            (s.found - s.matched) as f64 * 20.0 / pages as f64,
            s.parent_ok,
            s.parented
        );
        if verbose {
            // `=` matched, `-` missed (outline) or spurious (found).
            for (t, m) in truth.iter().zip(&matches) {
                let mark = if m.is_some() { '=' } else { '-' };
                out!("    T{mark} d{} p{:?} {}", t.depth, t.page, t.title);
            }
            for (i, h) in found.iter().enumerate() {
                let mark = if matches.contains(&Some(i)) { '=' } else { '-' };
                out!("    F{mark} d{} p{:?} {}", h.depth, h.page, h.title);
            }
        }
        total.add(s);
    }
    let below = total.below_outline;
    out!(
        "TOTAL pages {}  outline {}  found {}  matched {}  depth±1 {}  recall {:.3}  precision {:.3}  spurious/20p {:.2}  tree {}/{}  ({:.0} pages/s on one thread)\n      of the unmatched, {} are numbered subsections below the outline's deepest entry there (precision {:.3} without them)",
        pages_total,
        total.truth,
        total.found,
        total.matched,
        total.depth_ok,
        total.recall(),
        total.precision(),
        (total.found - total.matched) as f64 * 20.0 / pages_total.max(1) as f64,
        total.parent_ok,
        total.parented,
        pages_total as f64 / started.elapsed().as_secs_f64(),
        below,
        total.matched as f64 / (total.found - below).max(1) as f64
    );
    out!(
        "      outline entries of contents and index pages (titles, index letters): {} ({} matched); recall {:.3} without them",
        total.navigation,
        total.navigation_matched,
        total.recall_without_navigation()
    );
}

/// The headings of a gold file (see the top of this file).
fn gold_entries(text: &str) -> Result<Vec<OutlineEntry>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, '\t');
        let (Some(depth), Some(page), Some(title)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("line {}: not depth<TAB>page<TAB>title", n + 1));
        };
        let depth = depth
            .trim()
            .parse()
            .map_err(|_| format!("line {}: depth {depth:?} is not a number", n + 1))?;
        let page = match page.trim() {
            "" => None,
            p => Some(
                p.parse()
                    .map_err(|_| format!("line {}: page {p:?} is not a number", n + 1))?,
            ),
        };
        out.push(OutlineEntry {
            title: title.trim().to_string(),
            depth,
            page,
        });
    }
    Ok(out)
}
