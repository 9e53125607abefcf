//! PDF documents (cargo feature `pdf`) on real files: PDFs from Debian documentation packages
//! and LaTeX documents with known outlines (`tests/data/pdf`, provenance in its README).
//! Detected headings are scored against each PDF's own outline; reading order, furniture,
//! typed blocks and bad input are checked on files built to exercise them; whole runs are
//! deterministic for any thread count.
#![cfg(feature = "pdf")]

use docsweep::analyze::{analyze_bytes, Analysis};
use docsweep::config::Config;
use docsweep::extract::pdf::{outline, score_outline, OutlineEntry, OutlineScore};
use docsweep::model::{BlockType, TableShape};
use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf")
}

fn pdfs(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(data().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    v.sort();
    v
}

fn analyze(path: &Path, cfg: &Config) -> Analysis {
    let bytes = std::fs::read(path).unwrap();
    analyze_bytes(&path.to_string_lossy(), &bytes, cfg)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn headings(a: &Analysis) -> Vec<OutlineEntry> {
    a.blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.kind == BlockType::Heading)
        .map(|(i, b)| OutlineEntry {
            title: b.heading.as_ref().unwrap().title.clone(),
            depth: a.structure.sections[a.structure.block_section[i]].depth,
            page: b.page,
        })
        .collect()
}

/// The depth of the heading titled `t`; a panic that lists the headings when there is none.
fn heading_depth(hs: &[OutlineEntry], t: &str) -> u32 {
    hs.iter()
        .find(|h| h.title == t)
        .unwrap_or_else(|| panic!("{t} not a heading: {hs:?}"))
        .depth
}

fn text_of(a: &Analysis) -> &str {
    &a.canonical
}

/// The fixtures with an outline, scored together. The figures are the ones the README
/// reports for this set (`examples/pdf_outline_eval`); a change that loses headings or makes
/// spurious ones fails here.
#[test]
fn detected_headings_match_the_pdf_outlines() {
    let cfg = Config::default();
    let mut total = OutlineScore::default();
    let mut pages = 0;
    for f in pdfs("real")
        .into_iter()
        .chain(pdfs("generated"))
        .chain(pdfs("office"))
    {
        let bytes = std::fs::read(&f).unwrap();
        let truth = outline(&bytes).unwrap();
        if truth.is_empty() {
            continue;
        }
        let a = analyze(&f, &cfg);
        let s = score_outline(&truth, &headings(&a));
        eprintln!(
            "{:<28} outline {:>3} found {:>3} matched {:>3} depth±1 {:>3}",
            f.file_name().unwrap().to_string_lossy(),
            s.truth,
            s.found,
            s.matched,
            s.depth_ok
        );
        // Every match sits within one level of the outline's depth.
        assert_eq!(s.depth_ok, s.matched, "{}", f.display());
        pages += a.text.pages.unwrap();
        total.add(s);
    }
    assert!(total.truth >= 250, "{total:?}");
    assert!(total.recall() >= 0.85, "recall {:.3}", total.recall());
    assert!(
        total.precision() >= 0.85,
        "precision {:.3}",
        total.precision()
    );
    // Spurious headings (found, not in the outline), per 20 pages. The outlines leave out
    // Abstract and References, which docsweep keeps as sections; those count here.
    let spurious = (total.found - total.matched) as f64 * 20.0 / f64::from(pages);
    assert!(
        spurious <= 3.0,
        "{spurious:.2} spurious headings per 20 pages"
    );
}

/// Numbers in a line set right to left read left to right, as the page shows them: the date
/// under the title (29 September 2019), the ten digits in order, a footnote's year (2012).
#[test]
fn numbers_in_right_to_left_lines_keep_their_order() {
    let a = analyze(
        &data().join("rtl/amiri-documentation-arabic.pdf"),
        &Config::default(),
    );
    let text = text_of(&a);
    for number in ["٢٩ سبتمبر ٢٠١٩", "٠١٢٣٤٥٦٧٨٩", "يناير ٢٠١٢"] {
        assert!(text.contains(number), "{number} not in the text");
    }
    for reversed in ["٩١٠٢", "٩٨٧٦٥٤٣٢١٠", "٢١٠٢"] {
        assert!(!text.contains(reversed), "{reversed} in the text");
    }
    // The Arabic words themselves are in their logical order.
    assert!(text.contains("خالد حسني"));
}

/// PDFs written by word processors: a README made into a PDF by LibreOffice (bullets set
/// apart from their items by a tab, function names in smaller monospace inside sentences,
/// headings in bold body type and with digits: `X86`), and a manual by OpenOffice whose
/// headings are drawn twice (a shadow) and labelled `a)` and `ii.`.
#[test]
fn word_processor_pdfs() {
    let cfg = Config::default();
    let f = data().join("office/simdutf8-readme-libreoffice.pdf");
    let a = analyze(&f, &cfg);
    let s = score_outline(
        &outline(&std::fs::read(&f).unwrap()).unwrap(),
        &headings(&a),
    );
    assert!(s.recall() >= 0.8 && s.precision() >= 0.95, "{s:?}");
    let titles: Vec<_> = headings(&a).into_iter().map(|h| h.title).collect();
    for t in [
        "simdutf8 – High-speed UTF-8 validation",
        "Compat flavor",
        "X86",
    ] {
        assert!(titles.iter().any(|h| h == t), "{t} not found: {titles:?}");
    }
    let t = text_of(&a);
    let kinds = |k: BlockType| a.blocks.iter().filter(move |b| b.kind == k);
    assert_eq!(
        kinds(BlockType::Table).count(),
        0,
        "bullets taken for a table"
    );
    assert!(kinds(BlockType::List)
        .any(|b| t[b.off_begin..b.off_end].contains("• Written in pure Rust")));
    // A sentence that names a function in monospace stays one paragraph.
    assert!(
        kinds(BlockType::Prose).any(|b| t[b.off_begin..b.off_end].contains(
            "std::str::from_utf8(). In\nparticular, simdutf8::compat::from_utf8() returns a"
        ))
    );

    let f = data().join("office/nagios-nrpe-openoffice.pdf");
    let a = analyze(&f, &cfg);
    let s = score_outline(
        &outline(&std::fs::read(&f).unwrap()).unwrap(),
        &headings(&a),
    );
    assert!(s.recall() >= 0.85 && s.precision() >= 0.95, "{s:?}");
    let t = text_of(&a);
    assert!(t.contains("1. INTRODUCTION") && !t.contains("INTRODUCTION1."));
    assert!(!t.contains("UUSESSES"));
    let titles: Vec<_> = headings(&a).into_iter().map(|h| h.title).collect();
    for h in [
        "a) Purpose",
        "ii. Install the Nagios Plugins",
        "2. EXAMPLE USES",
    ] {
        assert!(titles.iter().any(|x| x == h), "{h} not found: {titles:?}");
    }
}

/// The rows of the Markdown table in `office/NAME.md`, cells joined by ` | ` as docsweep
/// writes a table row (code marks dropped, empty cells left out), header first.
fn markdown_rows(name: &str) -> Vec<String> {
    let md = std::fs::read_to_string(data().join(format!("office/{name}.md"))).unwrap();
    md.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|--"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().replace('`', ""))
                .filter(|c| !c.is_empty())
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect()
}

/// The one table block of `office/NAME`: its lines (a page break's form feed left out) and
/// its shape.
fn only_table(name: &str) -> (Vec<String>, TableShape) {
    let a = analyze(&data().join(format!("office/{name}")), &Config::default());
    let t = text_of(&a);
    let tables: Vec<_> = a
        .blocks
        .iter()
        .filter(|b| b.kind == BlockType::Table)
        .collect();
    assert_eq!(tables.len(), 1, "{name}");
    let lines = t[tables[0].off_begin..tables[0].off_end]
        .lines()
        .map(|l| l.trim_start_matches('\u{c}').to_string())
        .collect();
    (lines, (**tables[0].attrs().table.as_ref().unwrap()).clone())
}

/// A table whose cells wrap, made by LibreOffice from a Markdown table (`office/options-table.md`):
/// each row of the Markdown is one line of the table block, its wrapped cells joined in their
/// columns. The rows cover a first cell that wraps too (`Section anchor sentence length
/// limit`), and a row whose first cell is empty, under a cell it does not continue.
#[test]
fn wrapped_table_cells_join_their_rows() {
    let shape = table_of_markdown_rows("options-table", 7);
    assert_eq!((shape.rows, shape.cols, shape.header_rows), (7, 4, 1));
}

/// The one table block of `office/NAME-libreoffice.pdf`, made from `office/NAME.md` whose
/// table has `n` rows, header included: its lines are exactly the Markdown's rows. Its shape.
fn table_of_markdown_rows(name: &str, n: usize) -> TableShape {
    let expected = markdown_rows(name);
    assert_eq!(expected.len(), n);
    let (rows, shape) = only_table(&format!("{name}-libreoffice.pdf"));
    assert_eq!(rows, expected);
    shape
}

/// A two-column table whose header LibreOffice sets at the bottom of its cells, so that the
/// first line holds `Commit` alone over `subject prefix | Changelog section …`
/// (`office/prefix-table.md`): the header is one row; first cells that wrap onto lines of
/// their own (`changed / changed: /` / `changed(...):`) join their rows; `(...)` in a cell is
/// no table of contents' dot leader.
#[test]
fn a_header_set_at_the_bottom_of_its_cells_is_one_row() {
    let shape = table_of_markdown_rows("prefix-table", 7);
    assert_eq!((shape.rows, shape.cols), (7, 2));
}

/// A two-column table of names and descriptions under wider prose (`office/shape-table.md`):
/// every row one line, the cell that wraps before `{ headings: true }` too (a line may not
/// break after `{`, so `{ headings:` would not have fitted).
#[test]
fn a_table_of_names_and_descriptions_is_one_row_a_line() {
    let shape = table_of_markdown_rows("shape-table", 10);
    assert_eq!((shape.rows, shape.cols), (10, 2));
}

/// A table that runs over nine pages (`office/long-table.md`, made by LibreOffice, which
/// repeats the header row at the top of each page and lets a row break across pages): one
/// table block, each of its lines a whole row of the Markdown, in order, or the header
/// repeated; a row cut by a page break is joined again.
#[test]
fn a_table_over_pages_is_one_block_of_whole_rows() {
    let expected = markdown_rows("long-table");
    assert_eq!(expected.len(), 46);
    let (lines, shape) = only_table("long-table-libreoffice.pdf");
    let rows: Vec<&String> = lines.iter().filter(|l| **l != expected[0]).collect();
    assert_eq!(rows, expected[1..].iter().collect::<Vec<_>>());
    assert_eq!(lines[0], expected[0]);
    assert_eq!(
        (shape.rows as usize, shape.cols, shape.header_rows),
        (lines.len(), 4, 1)
    );
    // The header comes again at the top of each of the eight pages after the first.
    assert_eq!(lines.len() - rows.len(), 9);
}

/// An accent a TeX font draws apart from its letter (`´` then `e`) is read with it: the
/// TUGboat article's `Bézier`, not `B´ezier`.
#[test]
fn accents_drawn_apart_are_read_with_their_letters() {
    let a = analyze(&data().join("real/tb88henderson.pdf"), &Config::default());
    let t = text_of(&a);
    assert!(t.contains("Bézier") && !t.contains("B\u{B4}ezier"));
}

/// The generated documents' outlines are known exactly: every entry is found, at its depth
/// (the contents and list-of-figures pages, which the outline lists, are navigation, never
/// sections). Where the document has no heading its outline leaves out (a paper's `Abstract`),
/// the section ids are the outline's own paths.
#[test]
fn generated_documents_give_their_whole_outline() {
    let cfg = Config::default();
    for name in [
        "article-onecol.pdf",
        "paper-twocol.pdf",
        "report-chapters.pdf",
    ] {
        let f = data().join("generated").join(name);
        let truth: Vec<OutlineEntry> = outline(&std::fs::read(&f).unwrap())
            .unwrap()
            .into_iter()
            .filter(|t| !["Contents", "List of Figures"].contains(&t.title.as_str()))
            .collect();
        let a = analyze(&f, &cfg);
        let found = headings(&a);
        let s = score_outline(&truth, &found);
        assert_eq!(s.matched, s.truth, "{name}: {found:#?}");
        let body: Vec<&OutlineEntry> = found.iter().filter(|h| h.title != "Abstract").collect();
        let exact = truth.iter().zip(&body).all(|(t, h)| t.depth == h.depth);
        assert!(exact, "{name}: depths differ: {found:#?}");
        if body.len() == found.len() {
            // `1`, `1.1`, `1.2`, `2`, … from the outline's depths.
            let mut counters: Vec<u32> = Vec::new();
            let paths: Vec<String> = truth
                .iter()
                .map(|t| {
                    counters.truncate(t.depth as usize);
                    while counters.len() < t.depth as usize {
                        counters.push(0);
                    }
                    *counters.last_mut().unwrap() += 1;
                    let parts: Vec<String> = counters.iter().map(u32::to_string).collect();
                    parts.join(".")
                })
                .collect();
            let ids: Vec<&str> = a
                .structure
                .sections
                .iter()
                .filter(|s| s.heading_block.is_some())
                .map(|s| s.section_id.as_str())
                .collect();
            assert_eq!(ids, paths, "{name}");
        }
    }
}

/// Running heads, running feet and page numbers are removed before blocks are built; none
/// becomes a heading, and no heading repeats on three pages (what a running title would do).
#[test]
fn running_heads_and_page_numbers_are_removed() {
    let cfg = Config::default();
    let a = analyze(&data().join("generated/article-onecol.pdf"), &cfg);
    let t = text_of(&a);
    // The title stays (page 1); its running-head copies and the "Page N of 8" feet go.
    assert_eq!(t.matches("Docsweep Fixture Article").count(), 1);
    assert!(!t.contains("One-column layout"));
    assert!(!t.contains("of 8"), "page feet left in the text");
    assert!(a.text.furniture_lines.unwrap() >= 2 * 7);
    // Two columns under a running head (title left, page number right) over a running foot:
    // the title stays once (page 1), the heads and feet go, with every page's number.
    let a = analyze(&data().join("generated/paper-twocol.pdf"), &cfg);
    let t = text_of(&a);
    assert_eq!(t.matches("Two-Column Extraction Paper").count(), 1);
    assert!(
        !t.contains("docsweep fixture"),
        "running feet left in the text"
    );
    assert!(!t.lines().any(|l| ["2", "3", "4"].contains(&l.trim())));
    assert!(a.text.furniture_lines.unwrap() >= 3 + 4, "{:?}", a.text);
    for f in pdfs("real")
        .into_iter()
        .chain(pdfs("generated"))
        .chain(pdfs("office"))
    {
        let a = analyze(&f, &cfg);
        let hs = headings(&a);
        for h in &hs {
            let pages: std::collections::HashSet<_> = hs
                .iter()
                .filter(|o| o.title == h.title)
                .map(|o| o.page)
                .collect();
            assert!(
                pages.len() < 3,
                "{}: {:?} on {pages:?}",
                f.display(),
                h.title
            );
        }
    }
}

/// Two columns read left column first, page by page; a paragraph that goes on across the
/// columns or onto the next page (under a full-width figure) stays one block.
#[test]
fn two_columns_read_in_order() {
    let a = analyze(
        &data().join("generated/paper-twocol.pdf"),
        &Config::default(),
    );
    let t = text_of(&a);
    let mut last = 0;
    let mut n = 0;
    for cap in t.match_indices("Column text ") {
        let rest = &t[cap.0 + cap.1.len()..];
        let num: u32 = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if rest[num.to_string().len()..].starts_with(" begins") {
            assert_eq!(num, last + 1, "paragraph {num} after {last}");
            last = num;
            n += 1;
        }
    }
    assert!(n >= 40, "{n} paragraphs");
    // Each filler paragraph is one block from "begins" to "ends".
    for b in &a.blocks {
        let s = &t[b.off_begin..b.off_end];
        if let Some(p) = s.find("Column text ") {
            let num = s[p + 12..].split(' ').next().unwrap();
            if s[p..].contains("begins") {
                let end = format!("Column text {num} ends");
                assert!(s.replace('\n', " ").contains(&end), "block cut: {s:?}");
            }
        }
    }
    let cap = a
        .blocks
        .iter()
        .find(|b| b.kind == BlockType::Caption)
        .expect("the full-width figure's caption");
    assert!(t[cap.off_begin..cap.off_end].starts_with("Figure 1:"));
}

/// Tables, captions, code, footnotes and pages/boxes from the layout of the generated article.
#[test]
fn typed_blocks_come_from_the_layout() {
    let a = analyze(
        &data().join("generated/article-onecol.pdf"),
        &Config::default(),
    );
    let t = text_of(&a);
    let of = |k: BlockType| a.blocks.iter().filter(move |b| b.kind == k);
    // The tabular: four columns, a header row, the merged "not measured" cell.
    let tables: Vec<_> = of(BlockType::Table).collect();
    assert_eq!(tables.len(), 1);
    let shape = tables[0].attrs().table.as_ref().unwrap();
    assert_eq!((shape.rows, shape.cols, shape.header_rows), (4, 4, 1));
    assert_eq!(shape.grid_kind, "pdf_grid");
    assert!(
        shape.cell_spans.iter().any(|s| s[2] == 1 && s[3] == 2),
        "{shape:?}"
    );
    assert!(t[tables[0].off_begin..tables[0].off_end].contains("alpha | 120 | 4.0 | 30.0"));
    // Its caption links to it.
    let table_seq = a.blocks.iter().position(|b| b.kind == BlockType::Table);
    let cap = of(BlockType::Caption)
        .find(|b| t[b.off_begin..b.off_end].starts_with("Table 1:"))
        .unwrap();
    assert_eq!(cap.attrs().caption_for, table_seq);
    // The verbatim listing is code and keeps its indentation.
    let code: Vec<&str> = of(BlockType::Code)
        .map(|b| &t[b.off_begin..b.off_end])
        .collect();
    assert!(
        code.iter()
            .any(|c| c.contains("fn main() {\n    let pages")),
        "{code:?}"
    );
    // Three footnotes, each in the section of the paragraph that carries its mark.
    let notes: Vec<_> = a
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.kind == BlockType::Footnote)
        .collect();
    assert_eq!(notes.len(), 3, "{notes:#?}");
    for (i, b) in &notes {
        let mark = &t[b.off_begin..b.off_begin + 1];
        let sec = a.structure.block_section[*i];
        let cited = a.blocks[..*i]
            .iter()
            .enumerate()
            .rev()
            .find(|(_, p)| {
                p.kind == BlockType::Prose
                    && t[p.off_begin..p.off_end].contains(&format!(".{mark}"))
            })
            .map(|(j, _)| a.structure.block_section[j]);
        assert_eq!(cited, Some(sec), "footnote {mark}");
    }
    // Every block has a page and a box on it; sections have page spans.
    for b in &a.blocks {
        let bb = b.attrs().bbox.expect("bbox");
        assert!(bb[0] < bb[2] && bb[1] < bb[3], "{bb:?}");
        assert!((1..=8).contains(&b.page.unwrap()));
        assert_eq!(b.src_begin, None);
    }
    for s in &a.structure.sections {
        if s.span.is_some() {
            assert!(s.page_start.unwrap() <= s.page_end.unwrap());
        }
    }
    // Words hyphenated at line ends in the narrow box are joined again.
    assert!(a.text.hyphen_joins.unwrap() >= 3);
    for w in ["notwithstanding", "bureaucratization", "telecommunications"] {
        assert!(t.contains(w), "{w} not joined");
    }
}

/// A scan read by the configured OCR command: the page's words, its numbered headings, the
/// `ocr` flag; a command that fails gives a reason. Needs `tesseract` (CI sets
/// DOCSWEEP_REQUIRE_OCR=1 and installs it; elsewhere the test says it skipped).
#[test]
fn scanned_pdfs_are_read_by_the_configured_ocr_command() {
    if !have_tesseract() {
        return;
    }
    let path = data().join("bad/scanned-no-text.pdf");
    let bytes = std::fs::read(&path).unwrap();
    let mut cfg = Config::default();
    cfg.pdf.ocr_command = ["tesseract", "{image}", "stdout"]
        .map(String::from)
        .to_vec();
    cfg.pdf.ocr_dpi = 150;
    cfg.check().unwrap();
    let a = analyze(&path, &cfg);
    assert!(a.flags.iter().any(|f| f == "ocr"), "{:?}", a.flags);
    assert!(a.blocks.iter().all(|b| b.page == Some(1)));
    assert!(
        a.canonical.contains("paragraph 1 of this document"),
        "{}",
        a.canonical
    );
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    for want in ["1 Introduction", "1.1 Scope"] {
        assert!(titles.iter().any(|t| t == want), "{titles:?}");
    }
    // A command that fails: the document is failed with the command and the page.
    cfg.pdf.ocr_command = ["false", "{image}"].map(String::from).to_vec();
    let e = analyze_bytes("scan.pdf", &bytes, &cfg)
        .err()
        .unwrap()
        .reason;
    assert!(e.starts_with("OCR: false failed on page 1"), "{e}");
    // A command that does not name the image is refused with the config.
    cfg.pdf.ocr_command = vec!["tesseract".into()];
    assert!(cfg.check().is_err());
}

/// Figures are blocks: in each LaTeX fixture, one `figure` block per `figure` environment of
/// its source (images and drawings, not the shaded or ruled boxes round text), each above its
/// caption, which names it (`caption_for`, `figure_ref`); tables stay tables.
#[test]
fn figures_are_blocks_that_their_captions_name() {
    let cfg = Config::default();
    for f in pdfs("generated") {
        let tex = std::fs::read_to_string(f.with_extension("tex")).unwrap();
        let want = tex.matches("\\begin{figure").count();
        let a = analyze(&f, &cfg);
        let figures: Vec<usize> = (0..a.blocks.len())
            .filter(|&i| a.blocks[i].kind == BlockType::Figure)
            .collect();
        assert_eq!(figures.len(), want, "{}", f.display());
        for &i in &figures {
            let fig = &a.blocks[i];
            let (cap, _) = a
                .blocks
                .iter()
                .enumerate()
                .find(|(_, b)| b.kind == BlockType::Caption && b.attrs().caption_for == Some(i))
                .unwrap_or_else(|| panic!("{}: figure {i} has no caption", f.display()));
            let c = &a.blocks[cap];
            assert!(c
                .attrs()
                .figure_ref
                .as_deref()
                .unwrap()
                .starts_with("Figure"));
            assert_eq!(fig.attrs().figure_ref, c.attrs().figure_ref);
            assert_eq!(fig.page, c.page);
            let (fb, cb) = (fig.attrs().bbox.unwrap(), c.attrs().bbox.unwrap());
            assert!(fb[3] <= cb[1] + 2.0, "{fb:?} over {cb:?}");
            assert!(fb[0] < cb[2] && cb[0] < fb[2], "{fb:?} over {cb:?}");
            assert!(fb[2] - fb[0] >= 40.0 && fb[3] - fb[1] >= 30.0);
        }
        let tables = tex.matches("\\begin{tabular").count();
        let found = a
            .blocks
            .iter()
            .filter(|b| b.kind == BlockType::Table)
            .count();
        assert_eq!(found, tables, "{}", f.display());
    }
}

/// A drawing of open paths alone (a chart's curve, stroked, and a slanted line: no `h`, no
/// rectangle) is a figure, named by its caption: MuPDF's text device would drop such paths.
#[test]
fn open_paths_make_a_figure() {
    let line = |y: i32, t: &str| format!("1 0 0 1 72 {y} Tm ({t}) Tj ");
    let mut content = String::from("BT /F0 11 Tf ");
    for k in 0..6 {
        content.push_str(&line(700 - 14 * k, BODY[k as usize % 2]));
    }
    content.push_str(
        "ET 1 w 100 450 m 160 550 l 220 480 l 280 560 l 340 450 l S \
         120 440 m 330 560 l S BT /F0 11 Tf ",
    );
    content.push_str(&line(420, "Figure 1: A curve drawn with open paths."));
    for k in 0..6 {
        content.push_str(&line(390 - 14 * k, BODY[k as usize % 2]));
    }
    content.push_str("ET");
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    let a = analyze_bytes("curve.pdf", &pdf, &Config::default()).unwrap();
    let fig = a
        .blocks
        .iter()
        .position(|b| b.kind == BlockType::Figure)
        .unwrap_or_else(|| {
            panic!(
                "no figure: {:?}",
                a.blocks.iter().map(|b| b.kind).collect::<Vec<_>>()
            )
        });
    assert!(a
        .blocks
        .iter()
        .any(|b| b.kind == BlockType::Caption && b.attrs().caption_for == Some(fig)));
    let bb = a.blocks[fig].attrs().bbox.unwrap();
    assert!(bb[2] - bb[0] >= 200.0 && bb[3] - bb[1] >= 100.0, "{bb:?}");
}

/// Text a reader never sees is not indexed: a figure's labels drawn past the clip of its
/// frame, and a line that runs past the page's edge, are cut where the clip and the page end.
#[test]
fn text_outside_the_clip_or_the_page_is_left_out() {
    let line = |y: i32, t: &str| format!("1 0 0 1 72 {y} Tm ({t}) Tj ");
    let mut content = String::from("BT /F0 11 Tf ");
    for k in 0..4 {
        content.push_str(&line(700 - 14 * k, BODY[k as usize % 2]));
    }
    content.push_str(&format!(
        "1 0 0 1 500 600 Tm (Runaway{}) Tj ET ",
        " words".repeat(30)
    ));
    content.push_str(
        "q 72 400 200 150 re W n BT /F0 11 Tf 1 0 0 1 90 500 Tm (Shown label) Tj \
         1 0 0 1 400 500 Tm (Hidden label) Tj ET Q",
    );
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    let a = analyze_bytes("clipped.pdf", &pdf, &Config::default()).unwrap();
    let text = text_of(&a);
    assert!(text.contains("Shown label"), "{text}");
    assert!(!text.contains("Hidden label"), "{text}");
    // 612 pt wide: the line starting at 500 pt keeps its first words only.
    let runaway = text.lines().find(|l| l.starts_with("Runaway")).unwrap();
    assert!(runaway.split_whitespace().count() < 5, "{runaway}");
}

/// Figures in real PDFs: screenshots and photographs (images) and drawings become figure
/// blocks that their captions name; a named figure sits on its caption's page, above or below
/// it, overlapping it across. The METAPOST previewer's screenshot (an image) and hyperref's
/// bookmark screenshots are such figures.
#[test]
fn real_figures_are_named_by_their_captions() {
    let cfg = Config::default();
    let mut named = Vec::new();
    for f in pdfs("real") {
        let a = analyze(&f, &cfg);
        for c in a.blocks.iter().filter(|b| b.kind == BlockType::Caption) {
            let Some(i) = c.attrs().caption_for else {
                continue;
            };
            let fig = &a.blocks[i];
            if fig.kind != BlockType::Figure {
                continue;
            }
            assert_eq!(fig.page, c.page, "{}", f.display());
            let (fb, cb) = (fig.attrs().bbox.unwrap(), c.attrs().bbox.unwrap());
            assert!(
                fb[0] < cb[2] && cb[0] < fb[2],
                "{}: {fb:?} {cb:?}",
                f.display()
            );
            assert!(
                fb[3] <= cb[1] + 2.0 || cb[3] <= fb[1] + 2.0,
                "{fb:?} {cb:?}"
            );
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            named.push((name, c.attrs().figure_ref.clone().unwrap_or_default()));
        }
    }
    let has = |file: &str, label: &str| named.iter().any(|(f, l)| f == file && l == label);
    assert!(has("tb88henderson.pdf", "Figure 2"), "{named:?}");
    assert!(has("hyperref-paper.pdf", "Figure 1"), "{named:?}");
    // The article's METAPOST figures are drawn by file attachments' appearances, not by the
    // page's contents: they are figures all the same. Figure 3 is open curves alone (`draw`
    // examples), which MuPDF's text device drops unless docsweep ends them (see
    // `end_open_paths`); its caption names its own drawing and leaves Figure 4's, under it,
    // to Figure 4's caption.
    for label in [
        "Figure 1", "Figure 3", "Figure 4", "Figure 5", "Figure 6", "Figure 7", "Figure 9",
    ] {
        assert!(has("tb88henderson.pdf", label), "{label}: {named:?}");
    }
}

/// Tesseract is there, or the test may skip (CI sets DOCSWEEP_REQUIRE_OCR=1 and installs it).
fn have_tesseract() -> bool {
    let have = Command::new("tesseract").arg("--version").output().is_ok();
    if !have {
        assert!(
            std::env::var_os("DOCSWEEP_REQUIRE_OCR").is_none(),
            "tesseract is not installed: apt-get install tesseract-ocr"
        );
        eprintln!("skipped: tesseract is not installed");
    }
    have
}

fn ocr_config(command: &[&str]) -> Config {
    let mut cfg = Config::default();
    cfg.pdf.ocr_command = command.iter().map(|s| s.to_string()).collect();
    // The scans are images of 100 dpi.
    cfg.pdf.ocr_dpi = 100;
    cfg.check().unwrap();
    cfg
}

/// The box of the heading titled `title`.
fn heading_box(a: &Analysis, title: &str) -> [f32; 4] {
    let b = a
        .blocks
        .iter()
        .find(|b| b.heading.as_ref().is_some_and(|h| h.title == title))
        .unwrap_or_else(|| panic!("no heading {title}"));
    b.attrs()
        .bbox
        .unwrap_or_else(|| panic!("{title} has no box"))
}

/// A page that is a picture with (almost) no text of its own, in a PDF that has text
/// elsewhere, is never dropped in silence: it is counted (`pdf_image_pages`), a stamp on it is
/// kept, and a blank page is not counted; an OCR command that fails on it leaves the text
/// pages standing and says why. A scan whose every page carries a stamp is read
/// for its stamps, flagged, not failed. No text fixture has such a page.
#[test]
fn pages_that_are_pictures_are_counted() {
    let cfg = Config::default();
    let mixed = analyze(&data().join("scans/mixed-scan-and-text.pdf"), &cfg);
    assert_eq!(mixed.flags, ["pdf_image_pages:1"]);
    assert!(mixed.canonical.contains("Scan 0001"));
    let titles: Vec<String> = headings(&mixed).into_iter().map(|h| h.title).collect();
    assert!(titles.iter().any(|t| t == "1.2 Terminology"), "{titles:?}");
    assert!(!titles.iter().any(|t| t == "1 Introduction"), "{titles:?}");
    let stamped = analyze(&data().join("scans/scan-with-stamp.pdf"), &cfg);
    assert_eq!(stamped.flags, ["pdf_image_pages:1"]);
    assert_eq!(stamped.canonical.trim(), "Scan 0001");
    // An OCR command that fails on the picture page: the text pages stand, the page is
    // counted, and the document says why (its `reason`).
    let mut failing = Config::default();
    failing.pdf.ocr_command = ["false", "{image}"].map(String::from).to_vec();
    let a = analyze(&data().join("scans/mixed-scan-and-text.pdf"), &failing);
    assert_eq!(a.flags, ["pdf_image_pages:1"]);
    assert_eq!(a.canonical, mixed.canonical);
    let note = a.note.unwrap_or_default();
    assert!(note.starts_with("OCR: false failed on page 1"), "{note}");
    assert!(mixed.note.is_none());
    for dir in ["real", "generated", "office", "web", "rtl"] {
        for f in pdfs(dir) {
            let a = analyze(&f, &cfg);
            assert!(
                !a.flags.iter().any(|f| f.starts_with("pdf_image_pages")),
                "{}: {:?}",
                f.display(),
                a.flags
            );
        }
    }
}

/// A US Letter page that is a picture: it draws (contents object `contents`) the image
/// object `image` over the whole page.
fn picture_page(contents: usize, image: usize) -> String {
    format!(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
         /Resources << /XObject << /Im {image} 0 R >> >> /Contents {contents} 0 R >>"
    )
}

/// The objects a [`picture_page`] names, in its order: the contents that draw the image over
/// the page, and an 8 by 8 grey image.
fn picture_streams() -> [String; 2] {
    let pixels: String = (0..64).map(|i| format!("{:02x}", 255 - i)).collect();
    [
        stream("", "q 612 0 0 792 0 0 cm /Im Do Q"),
        stream(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 \
             /ColorSpace /DeviceGray /Filter /ASCIIHexDecode",
            &format!("{pixels}>"),
        ),
    ]
}

/// Two picture pages after a page of text, and an OCR command that fails on the first of
/// them only: the second is read all the same (it was left unread after the first
/// failure), the first is counted, and the document says why.
#[test]
fn a_picture_page_the_ocr_command_fails_on_leaves_the_next_one_read() {
    let tmp = tempfile::tempdir().unwrap();
    let mark = tmp.path().join("failed-once");
    let script = format!(
        "if [ -e '{m}' ]; then printf '%s\\n%s\\n' '{TSV}' \
         '5\t1\t1\t1\t1\t1\t100\t100\t300\t40\t95\tScanned'; \
         else touch '{m}'; exit 3; fi",
        m = mark.display(),
        TSV = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    );
    let text = "BT /F1 11 Tf 72 700 Td (A page of text, long enough to be read as text.) Tj ET";
    let picture = picture_page(7, 8);
    let mut objs = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Count 3 /Kids [3 0 R 4 0 R 5 0 R] >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
         /Resources << /Font << /F1 9 0 R >> >> /Contents 6 0 R >>"
            .to_string(),
        picture.clone(),
        picture,
        stream("", text),
    ];
    objs.extend(picture_streams());
    objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string());
    let cfg = ocr_config(&["sh", "-c", &script, "{image}"]);
    let a = analyze_bytes("bound.pdf", &pdf_of_objects(&objs), &cfg).unwrap();
    assert!(a.flags.iter().any(|f| f == "ocr_pages:1"), "{:?}", a.flags);
    assert!(
        a.flags.iter().any(|f| f == "pdf_image_pages:1"),
        "{:?}",
        a.flags
    );
    assert!(a.canonical.contains("Scanned"), "{}", a.canonical);
    assert!(a.canonical.contains("A page of text"), "{}", a.canonical);
    let note = a.note.unwrap_or_default();
    assert!(note.starts_with("OCR: sh failed on page 2"), "{note}");
}

/// A command that fails on the first three pages of a scan is taken to fail on all (not
/// installed, wrong arguments): the document fails with why, and the other pages of the
/// scan are not rendered and given to it for nothing.
#[test]
fn an_ocr_command_that_fails_on_three_pages_is_given_no_more() {
    let tmp = tempfile::tempdir().unwrap();
    let calls = tmp.path().join("calls");
    let script = format!("echo page >> '{}'; exit 3", calls.display());
    let mut objs = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Count 5 /Kids [3 0 R 4 0 R 5 0 R 6 0 R 7 0 R] >>".to_string(),
    ];
    objs.extend(std::iter::repeat_n(picture_page(8, 9), 5));
    objs.extend(picture_streams());
    let cfg = ocr_config(&["sh", "-c", &script, "{image}"]);
    let e = analyze_bytes("scan.pdf", &pdf_of_objects(&objs), &cfg)
        .err()
        .unwrap()
        .reason;
    assert!(e.starts_with("OCR: sh failed on page 1"), "{e}");
    assert_eq!(std::fs::read_to_string(&calls).unwrap().lines().count(), 3);
}

/// OCR in place: with a command that prints tesseract's TSV, the scanned first page of a PDF
/// whose other pages have text is read into the layout where its words stand. Its headings
/// join the outline (every entry of the original article's outline is found), each of its
/// blocks has a box, and the box of `1 Introduction` is within 4 points of where the
/// article's text layer puts it. The stamp comes once, from the text layer. A command that
/// prints plain text cannot place its lines: the page stays counted as a picture. A PDF
/// that is all scans is read as OCR text, with boxes from the TSV too.
#[test]
fn scanned_pages_are_read_in_place_from_tesseract_tsv() {
    if !have_tesseract() {
        return;
    }
    let article = data().join("generated/article-onecol.pdf");
    let text_layer = analyze(&article, &Config::default());
    let want = heading_box(&text_layer, "1 Introduction");
    let near = |b: [f32; 4]| b.iter().zip(&want).all(|(x, y)| (x - y).abs() <= 4.0);

    let tsv = ocr_config(&["tesseract", "{image}", "stdout", "tsv"]);
    let a = analyze(&data().join("scans/mixed-scan-and-text.pdf"), &tsv);
    assert_eq!(a.flags, ["ocr_pages:1"]);
    assert_eq!(a.canonical.matches("Scan 0001").count(), 1);
    let truth = outline(&std::fs::read(&article).unwrap()).unwrap();
    let s = score_outline(&truth, &headings(&a));
    assert_eq!(s.matched, truth.len(), "{s:?}");
    let b = heading_box(&a, "1 Introduction");
    assert!(near(b), "{b:?} against {want:?}");
    let page1: Vec<_> = a.blocks.iter().filter(|b| b.page == Some(1)).collect();
    assert!(page1.len() >= 8);
    assert!(page1.iter().all(|b| b.attrs().bbox.is_some()));

    let plain = ocr_config(&["tesseract", "{image}", "stdout"]);
    let p = analyze(&data().join("scans/mixed-scan-and-text.pdf"), &plain);
    assert_eq!(p.flags, ["pdf_image_pages:1"]);

    let scan = analyze(&data().join("bad/scanned-no-text.pdf"), &tsv);
    assert_eq!(scan.flags, ["ocr"]);
    assert!(scan.blocks.iter().all(|b| b.attrs().bbox.is_some()));
    let b = heading_box(&scan, "1 Introduction");
    assert!(near(b), "{b:?} against {want:?}");
    // Every page a scan with a stamp, and an OCR command: read as a scan.
    let stamped = analyze(&data().join("scans/scan-with-stamp.pdf"), &tsv);
    assert_eq!(stamped.flags, ["ocr"]);
    assert!(headings(&stamped).iter().any(|h| h.title == "1.1 Scope"));
}

/// `pdf.ocr_all_pages` reads every page by OCR, as a scan of the PDF would read: with
/// tesseract's TSV the words are placed on the page at the size their ink tells, so the
/// unnumbered headings of the LibreOffice documents, set larger than their text, are found
/// (every outline entry), where OCR text alone finds a title in sentence case no different
/// from a line of the table under it. The option needs a command.
#[test]
fn every_page_read_by_ocr_keeps_the_headings_type_tells() {
    if !have_tesseract() {
        return;
    }
    let mut cfg = ocr_config(&["tesseract", "{image}", "stdout", "tsv"]);
    cfg.pdf.ocr_dpi = 150;
    cfg.pdf.ocr_all_pages = true;
    for name in [
        "options-table-libreoffice.pdf",
        "shape-table-libreoffice.pdf",
    ] {
        let path = data().join("office").join(name);
        let a = analyze(&path, &cfg);
        assert_eq!(a.flags, ["ocr"], "{name}");
        let truth = outline(&std::fs::read(&path).unwrap()).unwrap();
        let s = score_outline(&truth, &headings(&a));
        assert_eq!(
            (s.matched, s.found),
            (truth.len(), truth.len()),
            "{name}: {s:?}"
        );
    }
    let mut no_command = Config::default();
    no_command.pdf.ocr_all_pages = true;
    assert!(no_command.check().is_err());
}

/// A scan taken askew: the same pages turned by 1.2 degrees before tesseract reads them
/// (`scripts/tilt_scan.py`) are straightened from the slope of their lines, so the headings
/// are the outline's and no more (a body line whose box the tilt made a fifth higher no
/// longer reads as a title), and the single page falls into the paragraphs it does upright
/// (with the left edges of its lines drifting with their height, a paragraph break was
/// seen at every other line).
#[test]
fn a_scan_taken_askew_is_read_as_if_upright() {
    if !have_tesseract() {
        return;
    }
    let tilt = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/tilt_scan.py");
    let tilt = tilt.to_str().unwrap();
    let read = |command: &[&str], name: &str| {
        let mut cfg = ocr_config(command);
        cfg.pdf.ocr_dpi = 150;
        cfg.pdf.ocr_all_pages = true;
        analyze(&data().join("office").join(name), &cfg)
    };
    // The first words of each prose block.
    let prose = |a: &Analysis| -> Vec<String> {
        a.blocks
            .iter()
            .filter(|b| b.kind == BlockType::Prose)
            .map(|b| {
                let text = &a.canonical[b.off_begin..b.off_end];
                text.split_whitespace()
                    .take(4)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    for name in [
        "options-table-libreoffice.pdf",
        "shape-table-libreoffice.pdf",
    ] {
        let a = read(&["python3", tilt, "{image}", "1.2"], name);
        let truth = outline(&std::fs::read(data().join("office").join(name)).unwrap()).unwrap();
        let s = score_outline(&truth, &headings(&a));
        assert_eq!(
            (s.matched, s.found),
            (truth.len(), truth.len()),
            "{name}: {s:?}"
        );
    }
    let name = "shape-table-libreoffice.pdf";
    let upright = read(&["tesseract", "{image}", "stdout", "tsv"], name);
    let askew = read(&["python3", tilt, "{image}", "1.2"], name);
    // Every paragraph read upright is one askew. The table's header row may stand apart:
    // turned, the rule under it runs into `Description`, whose box then takes in the rule
    // and reads a type a third larger than the row's.
    let (upright, askew) = (prose(&upright), prose(&askew));
    assert!(
        upright.iter().all(|p| askew.contains(p)) && askew.len() <= upright.len() + 1,
        "upright {upright:?}, askew {askew:?}"
    );
}

/// A scan whose first page the OCR command fails on keeps the pages it reads: the page
/// stays empty, the document is counted `ocr_failed_pages:1` and notes why, where it used
/// to fail whole. A command that fails on every page still fails the document, with why.
#[test]
fn a_page_the_ocr_command_fails_on_is_left_out() {
    if !have_tesseract() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let mark = tmp.path().join("failed-once");
    let script = format!(
        "if [ -e '{}' ]; then exec tesseract \"$0\" stdout tsv; else touch '{}'; exit 3; fi",
        mark.display(),
        mark.display()
    );
    let path = data().join("office").join("options-table-libreoffice.pdf");
    let mut cfg = ocr_config(&["sh", "-c", &script, "{image}"]);
    cfg.pdf.ocr_dpi = 150;
    cfg.pdf.ocr_all_pages = true;
    let a = analyze(&path, &cfg);
    assert!(
        a.flags.iter().any(|f| f == "ocr_failed_pages:1"),
        "{:?}",
        a.flags
    );
    let note = a.note.as_deref().unwrap_or("");
    assert!(note.starts_with("OCR: sh failed on page 1"), "{note}");
    assert!(!a.blocks.is_empty());
    assert!(a.blocks.iter().all(|b| b.page == Some(2)), "{:?}", a.blocks);
    cfg.pdf.ocr_command = ["false", "{image}"].map(String::from).to_vec();
    let e = analyze_bytes("scan.pdf", &std::fs::read(&path).unwrap(), &cfg)
        .err()
        .unwrap()
        .reason;
    assert!(e.starts_with("OCR: false failed on page 1"), "{e}");
}

/// Bad input: a specific reason, never a crash; readable damage is repaired.
#[test]
fn bad_pdfs_get_specific_reasons() {
    let cfg = Config::default();
    let run = |name: &str| {
        let p = data().join("bad").join(name);
        let bytes = std::fs::read(&p).unwrap();
        analyze_bytes(name, &bytes, &cfg)
    };
    let reason = |name: &str| {
        run(name)
            .err()
            .unwrap_or_else(|| panic!("{name} read"))
            .reason
    };
    // An empty user password opens the file.
    assert!(!run("encrypted-empty-user-password.pdf")
        .unwrap()
        .blocks
        .is_empty());
    assert!(reason("encrypted-user-password-secret.pdf").contains("a user password is needed"));
    assert_eq!(reason("zero-pages.pdf"), "PDF with no pages");
    assert!(reason("scanned-no-text.pdf").starts_with("no text layer (OCR needed)"));
    assert!(reason("not-a-pdf.pdf").starts_with("not a PDF"));
    // A file that opened keeps its page count (a lake's pages left to OCR can be summed);
    // one that did not has none.
    let pages = |name: &str| run(name).err().unwrap().pages;
    assert_eq!(pages("scanned-no-text.pdf"), Some(1));
    assert_eq!(pages("not-a-pdf.pdf"), None);
    assert_eq!(pages("zero-pages.pdf"), None);
    // MuPDF rebuilds a broken xref table; a file cut in half is repaired as far as it goes or
    // reported, never a crash.
    let repaired = run("broken-xref.pdf").unwrap();
    assert!(!repaired.blocks.is_empty());
    // What MuPDF repaired is said: the text read may be less than the document's.
    assert!(repaired.flags.contains(&"pdf_repaired".to_string()));
    assert!(!run("encrypted-empty-user-password.pdf")
        .unwrap()
        .flags
        .contains(&"pdf_repaired".to_string()));
    // A scan that MuPDF repairs (its startxref wrong) is still a scan: OCR needed, not damaged.
    let scan = std::fs::read(data().join("bad/scanned-no-text.pdf")).unwrap();
    let at = scan.windows(10).rposition(|w| w == b"startxref\n").unwrap() + 10;
    let end = at + scan[at..].iter().position(|b| !b.is_ascii_digit()).unwrap();
    let mut broken = scan[..at].to_vec();
    broken.extend_from_slice(b"17");
    broken.extend_from_slice(&scan[end..]);
    let e = analyze_bytes("scan.pdf", &broken, &cfg)
        .err()
        .unwrap()
        .reason;
    assert!(e.starts_with("no text layer (OCR needed)"), "{e}");
    match run("truncated-half.pdf") {
        Ok(a) => assert!(!a.canonical.is_empty()),
        Err(e) => assert!(!e.reason.is_empty()),
    }
    // 50,000 tiny text objects on one page: read whole, or cut where the config says.
    let many = data().join("bad/many-text-objects.pdf");
    let a = analyze(&many, &cfg);
    assert_eq!(a.canonical.matches('a').count(), 50_000);
    let mut small = Config::default();
    small.pdf.max_page_chars = 1_000;
    let a = analyze(&many, &small);
    assert!(
        a.flags.iter().any(|f| f == "pdf_chars_cut"),
        "{:?}",
        a.flags
    );
    assert!(a.canonical.matches('a').count() <= 1_000);
    // Text set by matrices no page shows, trillions of points wide or infinitely: read in
    // the memory of any page, where the column finder took that width as an array's length.
    for name in ["huge-text-matrix.pdf", "infinite-text-width.pdf"] {
        let a = run(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!a.blocks.is_empty(), "{name}");
    }
}

/// A 10,000-page PDF, written on the fly: every page read, or as many as `pdf.max_pages`.
#[test]
fn ten_thousand_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("big.pdf");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/make_big_pdf.py");
    let ok = Command::new("python3")
        .arg(&script)
        .args(["--pages", "10000", "-o"])
        .arg(&f)
        .status()
        .unwrap();
    assert!(ok.success());
    let a = analyze(&f, &Config::default());
    assert_eq!(a.text.pages, Some(10_000));
    assert_eq!(a.blocks.iter().map(|b| b.page.unwrap()).max(), Some(10_000));
    let mut cut = Config::default();
    cut.pdf.max_pages = 100;
    let a = analyze(&f, &cut);
    assert!(
        a.flags.iter().any(|f| f == "pdf_pages_cut:100/10000"),
        "{:?}",
        a.flags
    );
    assert_eq!(a.blocks.iter().map(|b| b.page.unwrap()).max(), Some(100));
}

/// `docsweep index` over every fixture, good and bad: one documents row each, the same index
/// byte for byte with one thread or two, and `validate` passes.
#[test]
fn pdf_corpus_indexes_deterministically_and_validates() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |threads: &str, out: &Path| -> serde_json::Value {
        let o = Command::new(env!("CARGO_BIN_EXE_docsweep"))
            .arg("index")
            .arg(data())
            .arg("-o")
            .arg(out)
            .args(["--threads", threads, "--json", "--include", "**/*.pdf"])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let a = run("1", &tmp.path().join("a"));
    let b = run("2", &tmp.path().join("b"));
    assert_eq!(a["index_hash"], b["index_hash"]);
    let files: usize = ["real", "generated", "office", "web", "rtl", "bad", "scans"]
        .iter()
        .map(|d| pdfs(d).len())
        .sum();
    assert_eq!(a["documents"].as_u64(), Some(files as u64), "{a}");
    let v = Command::new(env!("CARGO_BIN_EXE_docsweep"))
        .arg("validate")
        .arg(tmp.path().join("a"))
        .output()
        .unwrap();
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

/// `pdf.use_outline` (off by default): the headings are the file's own outline entries, at
/// their depths, reported as `heading_source = outline`.
#[test]
fn outline_headings_only_when_asked() {
    let f = data().join("generated/report-chapters.pdf");
    let truth = outline(&std::fs::read(&f).unwrap()).unwrap();
    let detected = analyze(&f, &Config::default());
    assert!(detected
        .structure
        .sections
        .iter()
        .all(|s| s.heading_source != "outline"));
    let mut cfg = Config::default();
    cfg.pdf.use_outline = true;
    let a = analyze(&f, &cfg);
    assert!(a.flags.iter().any(|f| f == "heading_source:outline"));
    let found = headings(&a);
    let s = score_outline(&truth, &found);
    assert_eq!(
        (s.matched, s.found),
        (truth.len(), truth.len()),
        "{found:#?}"
    );
    assert!(truth.iter().zip(&found).all(|(t, h)| t.depth == h.depth));
    let named: Vec<_> = a
        .structure
        .sections
        .iter()
        .filter(|s| s.heading_block.is_some())
        .collect();
    assert!(named.iter().all(|s| s.heading_source == "outline"));
}

/// A PDF of `pages`, each `(rotate, sideways, lines)`: the page's `/Rotate`, whether its text
/// is drawn turned a quarter (running up the page, as a sideways table is set), and its lines
/// in Helvetica.
fn pdf_of_pages(pages: &[(i32, bool, &[&str])]) -> Vec<u8> {
    // Objects: 1 catalog, 2 pages, 3 font, then a page and its contents for each page.
    let mut objs = catalog_and_pages(pages.len(), 4);
    objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into());
    for (i, (rotate, sideways, lines)) in pages.iter().enumerate() {
        let start = if *sideways {
            "0 1 -1 0 100 72 Tm"
        } else {
            "1 0 0 1 72 720 Tm"
        };
        let body: String = lines.iter().map(|l| format!("({l}) Tj T* ")).collect();
        let content = format!("BT /F1 11 Tf 15 TL {start} {body}ET");
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate {rotate} \
             /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
            5 + 2 * i
        ));
        objs.push(stream("", &content));
    }
    pdf_of_objects(&objs)
}

/// Objects 1 and 2 of a PDF of `n` pages: the catalog, and the page tree whose pages are
/// objects `first`, `first + 2`, … (each followed by its contents).
fn catalog_and_pages(n: usize, first: usize) -> Vec<String> {
    let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", first + 2 * i)).collect();
    vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        format!("<< /Type /Pages /Count {n} /Kids [{}] >>", kids.join(" ")),
    ]
}

/// One line of text for a content stream: `t` in font `font` at `size`, its baseline at
/// `(x, y)`.
fn text_at(font: &str, size: u32, x: u32, y: u32, t: &str) -> String {
    format!("BT /{font} {size} Tf {x} {y} Td ({t}) Tj ET\n")
}

/// `n` lines of body text in F0 at 10 pt from the left margin, the first's baseline at `y0`,
/// 14 pt apart.
fn body_at(y0: u32, n: usize) -> String {
    (0..n)
        .map(|k| text_at("F0", 10, 72, y0 - 14 * k as u32, BODY[k % BODY.len()]))
        .collect()
}

/// A PDF of `pages` (content streams) with fonts F0 (`regular`), F1 (`bold`) and F2
/// (Courier).
fn pdf_of_contents(regular: &str, bold: &str, pages: &[String]) -> Vec<u8> {
    let fonts = [regular, bold, "Courier"]
        .map(|font| format!("<< /Type /Font /Subtype /Type1 /BaseFont /{font} >>"));
    pdf_of_fonts(&fonts, pages)
}

/// A PDF of `pages` (content streams) with three fonts F0, F1 and F2 given as font
/// dictionaries.
fn pdf_of_fonts(fonts: &[String; 3], pages: &[String]) -> Vec<u8> {
    let mut objs = catalog_and_pages(pages.len(), 6);
    objs.extend(fonts.iter().cloned());
    for (i, content) in pages.iter().enumerate() {
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
             /Resources << /Font << /F0 3 0 R /F1 4 0 R /F2 5 0 R >> >> /Contents {} 0 R >>",
            7 + 2 * i
        ));
        objs.push(stream("", content));
    }
    pdf_of_objects(&objs)
}

/// A stream object: `dict`'s entries (maybe none) and the length of `body`, then `body`.
fn stream(dict: &str, body: &str) -> String {
    let sep = if dict.is_empty() { "" } else { " " };
    format!(
        "<< {dict}{sep}/Length {} >>\nstream\n{body}\nendstream",
        body.len()
    )
}

/// A PDF of `objs`, numbered from 1 (the catalog), with its cross-reference table.
fn pdf_of_objects(objs: &[String]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objs.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objs.len() + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objs.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A page tree whose counts a damaged byte changed (the root's `/Count 3` read as `/Count 0`,
/// as a word, as more pages than the file has objects, as too few or too many; every node of
/// a deeper tree at 0) still finds its pages: they are counted from the tree's `/Kids`, and
/// the file is flagged as repaired; so are those of a tree that holds itself. A tree without
/// pages is still a PDF with no pages (`zero-pages.pdf`).
#[test]
fn page_trees_with_wrong_counts_are_counted_again() {
    let cfg = Config::default();
    let words = [
        ["First page words"],
        ["Second page words"],
        ["Third page words"],
    ];
    let pages: Vec<(i32, bool, &[&str])> = words.iter().map(|w| (0, false, &w[..])).collect();
    let good = pdf_of_pages(&pages);
    let whole = analyze_bytes("good.pdf", &good, &cfg).unwrap();
    assert_eq!(whole.text.pages, Some(3));
    assert!(!whole.flags.iter().any(|f| f == "pdf_repaired"));
    let text = String::from_utf8_lossy(&good).into_owned();
    let at = text.find("/Count 3").unwrap();
    for count in [
        "/Count 0",
        "/Count X",
        "/Count 99999",
        "/Count 1",
        "/Count 5",
    ] {
        let mut bytes = good[..at].to_vec();
        bytes.extend_from_slice(count.as_bytes());
        bytes.extend_from_slice(&good[at + "/Count 3".len()..]);
        let a = analyze_bytes("damaged.pdf", &bytes, &cfg)
            .unwrap_or_else(|e| panic!("{count}: {}", e.reason));
        assert_eq!(a.text.pages, Some(3), "{count}");
        assert_eq!(a.canonical, whole.canonical, "{count}");
        assert!(a.flags.iter().any(|f| f == "pdf_repaired"), "{count}");
    }
    // Root → a node → the three pages, both nodes counting none.
    let mut objs: Vec<String> = String::from_utf8_lossy(&good)
        .split(" 0 obj\n")
        .skip(1)
        .map(|o| o[..o.find("\nendobj").unwrap()].to_string())
        .collect();
    // A root that is its own first kid: MuPDF finds no page at all.
    let mut cyclic = objs.clone();
    cyclic[1] = cyclic[1].replace("/Kids [", "/Kids [2 0 R ");
    let a = analyze_bytes("cyclic.pdf", &pdf_of_objects(&cyclic), &cfg)
        .unwrap_or_else(|e| panic!("cyclic: {}", e.reason));
    assert_eq!(a.canonical, whole.canonical);
    assert!(a.flags.iter().any(|f| f == "pdf_repaired"));
    let kids = objs[1].replace("/Count 3", "/Count 0");
    objs[1] = format!("<< /Type /Pages /Count 0 /Kids [{} 0 R] >>", objs.len() + 1);
    objs.push(kids);
    let a = analyze_bytes("nested.pdf", &pdf_of_objects(&objs), &cfg).unwrap();
    assert_eq!(a.text.pages, Some(3));
    assert_eq!(a.canonical, whole.canonical);
}

/// Structures MuPDF walks by recursion, nested far deeper than any real file: a page tree
/// 20,000 nodes deep, a chain of 16,000 form XObjects under a page's resources, an outline
/// 16,000 entries deep. Each overflowed the stack of the thread reading it, which aborts the
/// whole process (this test's too); now they are cut at a depth no real file reaches, in the
/// open document. A page drawing 70 nested forms, which ran out of MuPDF's exception stack and
/// was lost whole, keeps its text.
#[test]
fn deeply_nested_structures_are_read_without_overflowing_the_stack() {
    let cfg = Config::default();
    let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string();
    let text = |words: &str| {
        let content = format!("BT /F1 11 Tf 72 720 Td ({words}) Tj ET");
        stream("", &content)
    };
    // Catalog (1), root (2), 20,000 nodes (3..), the page, its contents, its font.
    let depth = 20_000;
    let (page, contents) = (depth + 3, depth + 4);
    let mut objs = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Count 1 /Kids [3 0 R] >>".to_string(),
    ];
    for k in 3..depth + 3 {
        objs.push(format!(
            "<< /Type /Pages /Count 1 /Parent {} 0 R /Kids [{} 0 R] >>",
            k - 1,
            k + 1
        ));
    }
    objs.push(format!(
        "<< /Type /Page /Parent {} 0 R /MediaBox [0 0 612 792] \
         /Resources << /Font << /F1 {} 0 R >> >> /Contents {contents} 0 R >>",
        page - 1,
        contents + 1
    ));
    objs.push(text("Leaves of a deep tree"));
    objs.push(font.clone());
    let a = analyze_bytes("tree.pdf", &pdf_of_objects(&objs), &cfg).unwrap();
    assert_eq!(a.text.pages, Some(1));
    assert!(
        a.canonical.contains("Leaves of a deep tree"),
        "{}",
        a.canonical
    );

    // One page drawing its text, then form 5, which draws form 6, … `forms` deep.
    let forms_pdf = |forms: usize| {
        let mut objs = catalog_and_pages(1, 3);
        let content = "BT /F1 11 Tf 72 720 Td (Words before the forms) Tj ET /X Do";
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font \
             << /F1 {} 0 R >> /XObject << /X 5 0 R >> >> /Contents 4 0 R >>",
            forms + 5
        ));
        objs.push(stream("", content));
        for k in 5..forms + 5 {
            let (resources, draw) = if k + 1 < forms + 5 {
                (format!("<< /XObject << /X {} 0 R >> >>", k + 1), "/X Do")
            } else {
                ("<< >>".to_string(), "")
            };
            objs.push(stream(
                &format!(
                    "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources {resources}"
                ),
                draw,
            ));
        }
        objs.push(font.clone());
        pdf_of_objects(&objs)
    };
    for forms in [70, 16_000] {
        let a = analyze_bytes("forms.pdf", &forms_pdf(forms), &cfg)
            .unwrap_or_else(|e| panic!("{forms} forms: {}", e.reason));
        assert!(
            a.canonical.contains("Words before the forms"),
            "{forms} forms: {}",
            a.canonical
        );
        assert!(a.flags.is_empty(), "{forms} forms: {:?}", a.flags);
    }

    // An outline whose every entry is the only child of the one before.
    let entries = 16_000;
    let mut objs = vec![
        "<< /Type /Catalog /Pages 2 0 R /Outlines 3 0 R >>".to_string(),
        "<< /Type /Pages /Count 1 /Kids [4 0 R] >>".to_string(),
        "<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
         /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>"
            .to_string(),
        text("A page under a deep outline"),
        font.clone(),
    ];
    for k in 7..entries + 7 {
        let child = if k + 1 < entries + 7 {
            format!("/First {0} 0 R /Last {0} 0 R /Count 1", k + 1)
        } else {
            String::new()
        };
        objs.push(format!(
            "<< /Title (Level {}) /Parent {} 0 R {child} /Dest [4 0 R /XYZ 0 792 0] >>",
            k - 6,
            if k == 7 { 3 } else { k - 1 }
        ));
    }
    let found = outline(&pdf_of_objects(&objs)).unwrap();
    assert!((32..=64).contains(&found.len()), "{}", found.len());
    assert_eq!(found[0].title, "Level 1");
}

/// A picture page millions of points a side (legal in PDF; a large `/UserUnit` does the same)
/// is rendered for OCR within OCR's budget of 64 million pixels: a floor of one dot per inch
/// made a 736-byte file render 2.5 billion pixels (4.9 GB). The OCR command here prints the
/// image's PGM header, so the page's text is its size.
#[test]
fn huge_picture_pages_render_for_ocr_within_the_pixel_budget() {
    let side = 3_600_000;
    let pixels: String = (0..64).map(|i| format!("{:02x}", i * 4)).collect();
    let content = format!("q {side} 0 0 {side} 0 0 cm /Im Do Q");
    let objs = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Count 1 /Kids [3 0 R] >>".to_string(),
        format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {side} {side}] \
             /Resources << /XObject << /Im 5 0 R >> >> /Contents 4 0 R >>"
        ),
        stream("", &content),
        stream(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 \
             /ColorSpace /DeviceGray /Filter /ASCIIHexDecode",
            &format!("{pixels}>"),
        ),
    ];
    let cfg = ocr_config(&["head", "-n", "2", "{image}"]);
    let a = analyze_bytes("poster.pdf", &pdf_of_objects(&objs), &cfg).unwrap();
    let size: Vec<u64> = a
        .canonical
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(size.len(), 2, "{}", a.canonical);
    assert!(
        size[0] >= 1_000 && size[0] * size[1] <= 64_000_000,
        "{size:?}"
    );
}

/// A `/CropBox` that is no box (`[]`, `[0 0 0 0]`, three numbers, words) leaves the page its
/// media box: MuPDF clipped the contents to it as written, so every character was cut away
/// and the file read as a scan needing OCR.
#[test]
fn a_crop_box_that_is_no_box_cuts_nothing_away() {
    let cfg = Config::default();
    for crop in ["[]", "[0 0 0 0]", "[0 0 612]", "[(a) (b) (c) (d)]"] {
        let mut objs = catalog_and_pages(1, 3);
        let content = "BT /F1 11 Tf 72 720 Td (Rivers flow quietly under old stone bridges.) Tj ET";
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /CropBox {crop} \
             /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>"
        ));
        objs.push(stream("", content));
        objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into());
        let a = analyze_bytes("cropped.pdf", &pdf_of_objects(&objs), &cfg)
            .unwrap_or_else(|e| panic!("{crop}: {}", e.reason));
        assert!(
            a.canonical.contains("Rivers flow quietly"),
            "{crop}: {}",
            a.canonical
        );
    }
}

/// `pdf.max_seconds` holds inside one operator: a Type3 font whose glyph procedure draws
/// 20,000 rectangles, shown 4,000 times by one `Tj`, takes about a minute to run, and MuPDF
/// reads the run's cookie only between operators (a 32 KB file of this kind ran for an hour).
/// With a one-second limit the document is cut in seconds; the bound asserted leaves a wide
/// margin for a busy machine.
#[test]
fn the_time_limit_holds_inside_a_type3_glyph() {
    let mut cfg = Config::default();
    cfg.pdf.max_seconds = 1.0;
    let glyph = format!("600 0 d0\n{}", "0 0 10 10 re f\n".repeat(20_000));
    let content = format!("BT /T 10 Tf 72 300 Td ({}) Tj ET", "a".repeat(4_000));
    let objs = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Count 1 /Kids [3 0 R] >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
         /Resources << /Font << /T 5 0 R >> >> /Contents 4 0 R >>"
            .to_string(),
        stream("", &content),
        "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix \
         [0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R >> /Encoding << /Differences [97 /a] >> \
         /FirstChar 97 /LastChar 97 /Widths [600] >>"
            .to_string(),
        stream("", &glyph),
    ];
    let started = std::time::Instant::now();
    let r = analyze_bytes("glyphs.pdf", &pdf_of_objects(&objs), &cfg);
    let took = started.elapsed().as_secs_f64();
    let reason = r.err().map(|e| e.reason).unwrap_or_default();
    assert!(reason.contains("time limit"), "{reason}");
    assert!(
        took < 20.0,
        "the limit of 1 s stopped the page after {took:.1} s"
    );
}

/// A damaged file whose table MuPDF must rebuild, and whose rebuild fails on one object, is
/// read from a table docsweep makes of the objects it finds, and flagged `pdf_repaired`: an
/// unused object whose array is never closed, or whose key is no name, failed the whole file
/// (`unreadable PDF: …`); a stream without `endstream` before the catalog took the page tree
/// with it (`PDF with no pages`). A file with no pages at all keeps that reason.
#[test]
fn a_damaged_object_does_not_lose_the_whole_file() {
    let cfg = Config::default();
    let text = [
        "Rivers flow quietly under old stone bridges.",
        "Alpha beta gamma delta epsilon zeta.",
    ];
    // Pages, their contents and a font first, then the damaged object, then the catalog and
    // the page tree; the `startxref` points nowhere, so that the table is rebuilt.
    let damaged = |bad: &str, broken: bool| {
        let mut objs = Vec::new();
        for (i, t) in text.iter().enumerate() {
            objs.push(format!(
                "<< /Type /Page /Parent 9 0 R /MediaBox [0 0 612 792] \
                 /Resources << /Font << /F1 5 0 R >> >> /Contents {} 0 R >>",
                2 + 2 * i
            ));
            objs.push(stream("", &format!("BT /F1 11 Tf 72 720 Td ({t}) Tj ET")));
        }
        objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into());
        objs.push(bad.to_string());
        objs.push("<< /Foo 1 >>".into());
        objs.push("<< /Type /Catalog /Pages 9 0 R >>".into());
        objs.push("<< /Type /Pages /Count 2 /Kids [1 0 R 3 0 R] >>".into());
        let mut pdf = pdf_of_objects(&objs);
        if broken {
            let at = pdf.windows(10).rposition(|w| w == b"startxref\n").unwrap() + 10;
            let end = at + pdf[at..].iter().position(|b| !b.is_ascii_digit()).unwrap();
            pdf.splice(at..end, b"999999".iter().copied());
        }
        // The trailer names its root, object 8.
        let t = pdf.windows(7).rposition(|w| w == b"/Root 1").unwrap();
        pdf.splice(t..t + 7, b"/Root 8".iter().copied());
        pdf
    };
    for bad in [
        "<< /A [1 2 3 >>",
        "<< /Length 12 /A (never closed >>\nstream\nhello world!\nendstream",
        "<< /Length 4096 >>\nstream\nbytes of a stream cut short",
    ] {
        let a = analyze_bytes("damaged.pdf", &damaged(bad, true), &cfg)
            .unwrap_or_else(|e| panic!("{bad}: {}", e.reason));
        assert_eq!(a.text.pages, Some(2), "{bad}");
        for t in text {
            assert!(a.canonical.contains(t), "{bad}: {}", a.canonical);
        }
        assert!(
            a.flags.iter().any(|f| f == "pdf_repaired"),
            "{bad}: {:?}",
            a.flags
        );
    }
    // The same file with its table intact is read as it is, and not flagged.
    let a = analyze_bytes("whole.pdf", &damaged("<< /A [1 2 3 >>", false), &cfg)
        .unwrap_or_else(|e| panic!("{}", e.reason));
    assert!(a.canonical.contains(text[1]), "{}", a.canonical);
    assert!(a.flags.is_empty(), "{:?}", a.flags);
    // A file with no pages keeps its reason; damaged as well, it says so.
    let mut none = std::fs::read(data().join("bad/zero-pages.pdf")).unwrap();
    assert_eq!(
        analyze_bytes("zero.pdf", &none, &cfg).err().unwrap().reason,
        "PDF with no pages"
    );
    let at = none.windows(10).rposition(|w| w == b"startxref\n").unwrap() + 10;
    none.insert(at, b'9');
    let e = analyze_bytes("zero.pdf", &none, &cfg).err().unwrap().reason;
    assert!(
        e.starts_with("damaged PDF") && e.ends_with("no pages found"),
        "{e}"
    );
}

/// OCR is held to `pdf.max_seconds` too. A page without text whose drawing is slow to render
/// (shadings, which reading its text skips) is stopped while it is rendered: the pages read
/// before it stand, flagged `pdf_time_cut`, and a document with none gets the time limit as
/// its reason. An OCR command still running at the limit is killed, with the processes it
/// started.
#[test]
fn ocr_is_held_to_the_time_limit() {
    let shaded = |times: usize| {
        let mut objs = catalog_and_pages(2, 3);
        for (i, n) in [1, times].into_iter().enumerate() {
            objs.push(format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
                 /Resources << /Shading << /Sh 7 0 R >> >> /Contents {} 0 R >>",
                4 + 2 * i
            ));
            objs.push(stream("", &"q /Sh sh Q\n".repeat(n)));
        }
        objs.push(
            "<< /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 612 792] /Extend [true true] \
             /Function << /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 1 >> >>"
                .into(),
        );
        pdf_of_objects(&objs)
    };
    let mut cfg = ocr_config(&["sh", "-c", "echo Recognised words of page {image}"]);
    cfg.pdf.max_seconds = 1.0;
    cfg.pdf.ocr_dpi = 300;
    let started = std::time::Instant::now();
    let a = analyze_bytes("shaded.pdf", &shaded(2_000), &cfg)
        .unwrap_or_else(|e| panic!("{}", e.reason));
    let took = started.elapsed().as_secs_f64();
    assert!(
        took < 20.0,
        "the limit of 1 s stopped the render after {took:.1} s"
    );
    assert!(
        a.flags.iter().any(|f| f == "pdf_time_cut:1/2"),
        "{:?}",
        a.flags
    );
    assert_eq!(
        a.canonical.matches("Recognised words").count(),
        1,
        "{}",
        a.canonical
    );

    // A command that hangs: killed at the limit, and the commands it started with it (the
    // marker file is never written).
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("written");
    let script = format!(
        "(sleep 2; touch {}) & sleep 30; echo late {{image}}",
        marker.display()
    );
    // A run of `command` on a one-page scan under a limit of 1 s: stopped there, well before
    // the command would end by itself.
    let stopped = |command: &[&str]| {
        let mut cfg = ocr_config(command);
        cfg.pdf.max_seconds = 1.0;
        let started = std::time::Instant::now();
        let reason = analyze_bytes("hangs.pdf", &shaded(1), &cfg)
            .err()
            .map(|e| e.reason)
            .unwrap_or_default();
        let took = started.elapsed().as_secs_f64();
        assert!(reason.contains("time limit"), "{command:?}: {reason}");
        assert!(
            took < 20.0,
            "{command:?} ran {took:.1} s past a limit of 1 s"
        );
    };
    stopped(&["sh", "-c", &script]);
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert!(
        !marker.exists(),
        "a process the command started outlived it"
    );

    // A command that ends at once but leaves a process holding its output open: the wait
    // for that output keeps to the limit too.
    stopped(&["sh", "-c", "sleep 30 & echo early {image}"]);
}

/// A page turned by its `/Rotate` against its text (a portrait page given `/Rotate 90` or
/// `270`), and a page whose text is drawn running up it (a sideways table), are read turned
/// upright: the same text as the page set plainly. A page whose `/Rotate` sets its sideways
/// text upright (a landscape table page) reads as it shows.
#[test]
fn turned_pages_are_read_upright() {
    let cfg = Config::default();
    let titles = ["Getting started", "Reading the files", "Writing the index"];
    let page = |n: usize| -> Vec<String> {
        vec![
            titles[n - 1].to_string(),
            format!("The body of chapter {n} runs over several lines of plain words."),
            "Each line is set in the same font at the same size as the others.".into(),
        ]
    };
    let pages: Vec<Vec<String>> = (1..=3).map(page).collect();
    let lines: Vec<Vec<&str>> = pages
        .iter()
        .map(|p| p.iter().map(String::as_str).collect())
        .collect();
    let text_by_page = |pdf: Vec<u8>| -> Vec<String> {
        let a = analyze_bytes("turned.pdf", &pdf, &cfg).unwrap_or_else(|e| panic!("{e:?}"));
        (1..=3)
            .map(|p| {
                a.blocks
                    .iter()
                    .filter(|b| b.page == Some(p))
                    .map(|b| &a.canonical[b.off_begin..b.off_end])
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect()
    };
    let plain = text_by_page(pdf_of_pages(&[
        (0, false, &lines[0]),
        (0, false, &lines[1]),
        (0, false, &lines[2]),
    ]));
    assert!(
        plain.iter().all(|t| t.contains("runs over several lines")),
        "{plain:?}"
    );
    for (rotate, sideways) in [(90, false), (270, false), (0, true), (90, true)] {
        let turned = text_by_page(pdf_of_pages(&[
            (0, false, &lines[0]),
            (rotate, sideways, &lines[1]),
            (0, false, &lines[2]),
        ]));
        assert_eq!(turned, plain, "/Rotate {rotate}, sideways text: {sideways}");
    }
}

/// A page that would take MuPDF ages (forms drawing one another ten times, nine deep: a
/// billion drawings in 2 KB) is stopped at `pdf.max_seconds`, inside the page, with a reason;
/// a page that needs more memory than `pdf.max_memory_mb` (50,000 text objects against a
/// 4 MiB limit) is reported, and the same page is read under the default limit.
#[test]
fn a_page_is_held_to_the_time_and_memory_limits() {
    let depth = 9;
    let mut objs: Vec<String> = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Count 1 /Kids [3 0 R] >>".into(),
    ];
    // 3: the page, 4: its contents, 5: the font, 6..: the forms, each drawing the one before.
    let forms: String = (0..=depth)
        .map(|k| format!("/X{k} {} 0 R ", 6 + k))
        .collect();
    objs.push(format!(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
         /Resources << /Font << /F1 5 0 R >> /XObject << {forms}>> >> >>"
    ));
    let top = format!("/X{depth} Do");
    objs.push(stream("", &top));
    objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into());
    for k in 0..=depth {
        let body = if k == 0 {
            "BT /F1 9 Tf 72 720 Td (A line of text drawn a billion times) Tj ET".to_string()
        } else {
            format!("/X{} Do ", k - 1).repeat(10)
        };
        objs.push(stream(
            &format!(
                "/Type /XObject /Subtype /Form /BBox [0 0 612 792] \
                 /Resources << /Font << /F1 5 0 R >> /XObject << {forms}>> >>"
            ),
            &body,
        ));
    }
    let laughs = pdf_of_objects(&objs);
    let mut cfg = Config::default();
    cfg.pdf.max_seconds = 1.0;
    let started = std::time::Instant::now();
    let err = analyze_bytes("laughs.pdf", &laughs, &cfg)
        .err()
        .expect("stopped");
    assert!(
        err.reason.contains("time limit (pdf.max_seconds"),
        "{}",
        err.reason
    );
    assert!(started.elapsed().as_secs() < 60);

    let many = std::fs::read(data().join("bad/many-text-objects.pdf")).unwrap();
    let mut cfg = Config::default();
    cfg.pdf.max_memory_mb = 4;
    let err = analyze_bytes("many.pdf", &many, &cfg)
        .err()
        .expect("refused");
    assert!(err.reason.contains("pdf.max_memory_mb"), "{}", err.reason);
    let a = analyze_bytes("many.pdf", &many, &Config::default()).unwrap();
    assert!(!a.blocks.is_empty());
    // A page well within the limit reads the same under it.
    let article = std::fs::read(data().join("generated/article-onecol.pdf")).unwrap();
    let small = analyze_bytes("article.pdf", &article, &cfg).unwrap();
    let full = analyze_bytes("article.pdf", &article, &Config::default()).unwrap();
    assert_eq!(small.canonical, full.canonical);
}

/// A PDF of `pages` of `(font, size, text)` lines, top down, a heading (any font but the
/// first) set off by space above it; a negative size sets the line at that size, tight
/// under the line above (a heading's wrapped line); the text `@figure` draws a picture
/// 100 pt high there instead. Fonts: 0 Helvetica, 1 Helvetica-Bold, 2
/// Helvetica-BoldOblique, 3 Helvetica-Oblique.
fn pdf_of_styled_pages(pages: &[Vec<(usize, f32, &str)>]) -> Vec<u8> {
    // Objects: 1 catalog, 2 pages, 3 to 6 fonts, then a page and its contents for each page.
    let mut objs = catalog_and_pages(pages.len(), 7);
    for font in [
        "Helvetica",
        "Helvetica-Bold",
        "Helvetica-BoldOblique",
        "Helvetica-Oblique",
    ] {
        objs.push(format!(
            "<< /Type /Font /Subtype /Type1 /BaseFont /{font} >>"
        ));
    }
    for (i, lines) in pages.iter().enumerate() {
        let mut y = 740.0;
        let mut content = String::from("BT ");
        for &(font, size, text) in lines {
            if text == "@figure" {
                let (top, bottom) = (y + 8.0, y - 92.0);
                content.push_str(&format!(
                    "ET q 240 0 0 {} 100 {bottom} cm \
                     BI /W 2 /H 2 /BPC 8 /CS /G /F /AHx ID 00FFFF00> EI Q BT ",
                    top - bottom
                ));
                y -= 110.0;
                continue;
            }
            if font > 0 && size > 0.0 {
                y -= size;
            } else if size < 0.0 {
                y -= size * 0.2; // 1.2 times its size below the line above
            }
            let size = size.abs();
            content.push_str(&format!(
                "/F{font} {size} Tf 1 0 0 1 72 {y} Tm ({text}) Tj "
            ));
            y -= size * 1.4;
        }
        content.push_str("ET");
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
             /Resources << /Font << /F0 3 0 R /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> \
             /Contents {} 0 R >>",
            8 + 2 * i
        ));
        objs.push(stream("", &content));
    }
    pdf_of_objects(&objs)
}

/// Two lines of body text for the documents of [`pdf_of_styled_pages`].
const BODY: [&str; 2] = [
    "The text of this part runs over a few lines of plain words, set in the body",
    "font at the body size, so that the headings stand out from it by their type.",
];

/// [`BODY`] `times` times over, as lines of [`pdf_of_styled_pages`].
fn body_lines(times: usize) -> impl Iterator<Item = (usize, f32, &'static str)> {
    BODY.iter().cycle().take(2 * times).map(|&l| (0, 11.0, l))
}

/// A section for [`pdf_of_styled_pages`]: its title in `font` at `size`, then [`BODY`]
/// `times` times over.
fn section(
    font: usize,
    size: f32,
    title: &'static str,
    times: usize,
) -> Vec<(usize, f32, &'static str)> {
    std::iter::once((font, size, title))
        .chain(body_lines(times))
        .collect()
}

/// The titles of the headings found in the PDF of [`pdf_of_styled_pages`].
fn styled_titles(pages: &[Vec<(usize, f32, &str)>]) -> Vec<String> {
    pdf_titles(&pdf_of_styled_pages(pages))
}

/// The titles of the headings found in `pdf`.
fn pdf_titles(pdf: &[u8]) -> Vec<String> {
    let a = analyze_bytes("test.pdf", pdf, &Config::default()).unwrap_or_else(|e| panic!("{e:?}"));
    headings(&a).into_iter().map(|h| h.title).collect()
}

/// Each of `present` is a heading's title, none of `absent` is.
fn assert_headings(titles: &[String], present: &[&str], absent: &[&str]) {
    for t in present {
        assert!(titles.iter().any(|h| h == t), "{t} not found: {titles:?}");
    }
    for t in absent {
        assert!(
            !titles.iter().any(|h| h == t),
            "{t} taken for a section: {titles:?}"
        );
    }
}

/// Headings at one size and weight, some in italics and some upright, rank in the order the
/// document first uses them: a word processor's second level in bold italic over its third in
/// bold (as LibreOffice sets them), and a LaTeX-like bold upright section over a bold italic
/// paragraph heading.
#[test]
fn italic_and_upright_headings_rank_by_first_use() {
    let body = [
        "The text of this part runs over a few lines of plain words, set in the body",
        "font at the body size, so that the headings stand out from it by their type",
        "alone: the same size as one another, and bold, some of them in italics.",
    ];
    let section = |font: usize, title: &'static str| {
        std::iter::once((font, 14.0, title)).chain(body.iter().map(|&l| (0, 11.0, l)))
    };
    let depth_of = |pdf: Vec<u8>| {
        let a = analyze_bytes("styles.pdf", &pdf, &Config::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let hs = headings(&a);
        move |t: &str| heading_depth(&hs, t)
    };
    for (parent, child) in [(2, 1), (1, 2)] {
        let page1: Vec<_> = section(parent, "Introduction")
            .chain(section(parent, "Design"))
            .chain(section(child, "Server"))
            .chain(section(child, "Client"))
            .collect();
        let page2: Vec<_> = section(parent, "Limitations")
            .chain(section(child, "Slow links"))
            .collect();
        let depth = depth_of(pdf_of_styled_pages(&[page1, page2]));
        let p = depth("Design");
        assert_eq!(depth("Introduction"), p, "parent font {parent}");
        assert_eq!(depth("Limitations"), p, "parent font {parent}");
        for c in ["Server", "Client", "Slow links"] {
            assert_eq!(depth(c), p + 1, "{c}, parent font {parent}");
        }
    }
}

/// A manual set by hand in a word processor: its first sections in one size, its parts after
/// them a size smaller, each part with subsections of its own (the parts are the first
/// sections' siblings, not children of the last of them); the reference entries of a manual's
/// last section, a size smaller and with no headings under them, are that section's children.
#[test]
fn parts_set_smaller_after_the_first_sections_are_their_siblings() {
    let body = [
        "The text of this part runs over a few lines of plain words, set in the body",
        "font at the body size, so that the headings stand out from it by their type",
        "alone: a size for each kind of heading, and bold, as a word processor sets them.",
    ];
    let section = |size: f32, title: &'static str| {
        std::iter::once((1, size, title)).chain(body.iter().map(|&l| (0, 11.0, l)))
    };
    for parts_have_subsections in [true, false] {
        let page1: Vec<_> = section(22.0, "Credits").collect();
        let page2: Vec<_> = section(17.0, "System Requirements")
            .chain(section(17.0, "Loading the Game"))
            .collect();
        let mut pages = vec![page1, page2];
        for (part, sub) in [
            ("Part One: The Manual", "Still Here"),
            ("Part Two: Virtual Theatre", "What It Has to Do"),
            ("Part Three: Who Am I", "A Reluctant Hero"),
        ] {
            let mut page: Vec<_> = section(14.0, part).collect();
            if parts_have_subsections {
                page.extend(section(12.5, sub));
            }
            pages.push(page);
        }
        let a = analyze_bytes(
            "manual.pdf",
            &pdf_of_styled_pages(&pages),
            &Config::default(),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let hs = headings(&a);
        let depth = |t: &str| heading_depth(&hs, t);
        let first = depth("Loading the Game");
        assert_eq!(depth("System Requirements"), first);
        let part = depth("Part Two: Virtual Theatre");
        if parts_have_subsections {
            assert_eq!(part, first, "{hs:?}");
            assert_eq!(depth("What It Has to Do"), part + 1, "{hs:?}");
        } else {
            assert_eq!(part, first + 1, "{hs:?}");
        }
    }
}

/// The authors named under a paper's title on its first page, set apart in a size no section
/// title uses, are no sections, centered or not; the sections after them are.
#[test]
fn authors_under_the_title_are_no_sections() {
    let body = [
        "The text of this part runs over a few lines of plain words, set in the body",
        "font at the body size, so that the headings stand out from it by their type",
        "alone, and the names under the title by their size and their place.",
    ];
    let mut page1: Vec<(usize, f32, &str)> = vec![
        (1, 20.0, "Mixed Models for Experiments"),
        (0, 14.0, "Henrik Singmann"),
        (0, 11.0, "University of Zurich"),
        (0, 14.0, "David Kellen"),
        (0, 11.0, "Syracuse University"),
    ];
    page1.extend(body.iter().map(|&l| (0, 11.0, l)));
    page1.extend(body.iter().map(|&l| (0, 11.0, l)));
    let mut page2: Vec<(usize, f32, &str)> = Vec::new();
    for title in ["Fixed Effects", "Random Effects"] {
        page2.push((1, 13.0, title));
        page2.extend(body.iter().map(|&l| (0, 11.0, l)));
    }
    let titles = styled_titles(&[page1, page2]);
    assert_headings(
        &titles,
        &["Fixed Effects", "Random Effects"],
        &["Henrik Singmann", "David Kellen"],
    );
}

/// A reference chapter opens on its title, set bigger, right over its first entry's labels
/// (`Name`, `Syntax`, each over a line or two): the labels are the terms of a definition
/// list, the chapter's title is a heading all the same.
#[test]
fn a_chapter_title_over_reference_labels_stays_a_heading() {
    let mut page1 = section(1, 22.0, "Introduction", 2);
    page1.extend(section(1, 22.0, "Declarations", 2));
    let page2: Vec<(usize, f32, &str)> = vec![
        (1, 22.0, "Primitive Types"),
        (1, 14.0, "Name"),
        (0, 11.0, "def-constant binds a symbol to a constant."),
        (1, 14.0, "Syntax"),
        (0, 11.0, "def-constant name value &key export"),
        (1, 14.0, "Arguments and Values"),
        (0, 11.0, "name is a symbol that will be bound to the value."),
        (1, 14.0, "Description"),
        (0, 11.0, "This is a thin wrapper around defconstant."),
    ];
    let titles = styled_titles(&[page1, page2]);
    assert_headings(
        &titles,
        &["Primitive Types"],
        &["Name", "Syntax", "Description"],
    );
}

/// A title that wraps with its quotation or bracket still open goes on over the next line
/// in its type even where the lines are set loose (a word processor's double-spaced
/// heading): one heading, not a title and a stray line.
#[test]
fn a_title_left_open_goes_on_over_a_loose_line() {
    let mut page1 = section(1, 16.0, "PART ONE - THE MANUAL", 2);
    page1.push((1, 16.0, "PART TWO - WHAT IS THE \\(VIRTUAL"));
    page1.extend(section(1, 16.0, "THEATRE\\)?", 2));
    let titles = styled_titles(&[page1]);
    assert_headings(
        &titles,
        &["PART TWO - WHAT IS THE (VIRTUAL THEATRE)?"],
        &["THEATRE)?"],
    );
}

/// An FAQ rendered by a word processor from Markdown whose heading attributes it does not
/// read: each question, set large and bold, may take two sentences and carries its
/// attribute (`{#Q003}`) at its end or wrapped onto a line of its own below; each is one
/// heading all the same, the attribute part of its title.
#[test]
fn questions_with_their_markdown_attributes_are_headings() {
    let page1 = section(1, 18.0, "Frequently Asked Questions", 1);
    let mut page2: Vec<(usize, f32, &str)> = Vec::new();
    for (question, wrapped) in [
        (
            "Q1 : Compiling is really slow on MacOS X. Why? {#Q001}",
            None,
        ),
        (
            "Q2 : What is the best format for temporary files?",
            Some("{#Q002}"),
        ),
        ("Q3 : Can it read files from pipes? {#Q003}", None),
    ] {
        page2.push((1, 13.0, question));
        if let Some(w) = wrapped {
            page2.push((1, -13.0, w));
        }
        page2.extend(body_lines(2));
    }
    let titles = styled_titles(&[page1, page2]);
    assert_headings(
        &titles,
        &[
            "Q1 : Compiling is really slow on MacOS X. Why? {#Q001}",
            "Q2 : What is the best format for temporary files? {#Q002}",
            "Q3 : Can it read files from pipes? {#Q003}",
        ],
        &["{#Q002}"],
    );
}

/// A line set in italics at the body size right under or over a figure is its caption (a
/// word processor's caption style, without a `Figure 3` label), not a heading; an italic
/// title away from figures still is one.
#[test]
fn italic_lines_beside_figures_are_no_headings() {
    let mut page1 = section(1, 14.0, "Starting the program", 2);
    page1.extend(section(1, 14.0, "The main window", 2));
    page1.push((0, 11.0, "@figure"));
    page1.extend(section(3, 11.0, "Screen shot of the main window", 1));
    let mut page2 = section(1, 14.0, "Saving the results", 1);
    page2.extend(section(3, 11.0, "Output directories", 2));
    let pdf = pdf_of_styled_pages(&[page1, page2]);
    let a = analyze_bytes("figure.pdf", &pdf, &Config::default()).unwrap();
    assert!(
        a.blocks.iter().any(|b| b.kind == BlockType::Figure),
        "no figure: {:?}",
        a.blocks.iter().map(|b| b.kind).collect::<Vec<_>>()
    );
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    assert_headings(
        &titles,
        &[
            "The main window",
            "Saving the results",
            "Output directories",
        ],
        &["Screen shot of the main window"],
    );
}

/// A chapter title set loose (its lines 1.45 times its size apart) wraps onto a line that goes
/// on in lower case, or after a function word: one heading, not a title and a stray line.
#[test]
fn a_loose_title_goes_on_over_a_line_in_lower_case() {
    // One page per chapter: the title's lines, then three times the body.
    let chapters: [&[&str]; 4] = [
        &["README: Instructions on", "configuring and building it"],
        &["Changes since", "version 1.2"],
        &["Notes on the Layout of the", "Build Directory"],
        &["Thanks"],
    ];
    let mut pages = Vec::new();
    for title in chapters {
        let mut content = String::from("BT ");
        let mut y = 720.0;
        for l in title.iter() {
            content.push_str(&format!("/F1 24 Tf 1 0 0 1 72 {y} Tm ({l}) Tj "));
            y -= 35.0;
        }
        y -= 20.0;
        for l in BODY.iter().cycle().take(6) {
            content.push_str(&format!("/F0 11 Tf 1 0 0 1 72 {y} Tm ({l}) Tj "));
            y -= 14.0;
        }
        content.push_str("ET");
        pages.push(content);
    }
    let titles = pdf_titles(&pdf_of_contents("Helvetica", "Helvetica-Bold", &pages));
    assert_headings(
        &titles,
        &[
            "README: Instructions on configuring and building it",
            "Changes since version 1.2",
            "Notes on the Layout of the Build Directory",
            "Thanks",
        ],
        &[
            "configuring and building it",
            "version 1.2",
            "Build Directory",
        ],
    );
}

/// A reference manual's entries (an Erlang/OTP manual as FOP sets it): each function head,
/// in the code font at the text's size over its `Types:` or, giving a result, over its text,
/// heads a section, one per clause, a head wrapped over two lines as one title. A line of code
/// over the text and a type's name over its description do not.
#[test]
fn function_heads_of_a_reference_entry_are_headings() {
    let entries: [(&[&str], &[&str]); 6] = [
        (
            &["open([Host]) -> {ok, Handle} | {error, Reason}"],
            &["Types:", "@Handle = handle()", BODY[0]],
        ),
        (
            &["start()", "start(File)"],
            &["Types:", "@File = string()", BODY[1]],
        ),
        (
            &[
                "search(Handle, Options) -> {ok, Result} | {ok,",
                "{referral, Refs}} | {error, Reason}",
            ],
            &["Types:", "@Options = [term()]", BODY[0]],
        ),
        (
            &["baseObject() -> scope()"],
            &["Search the base object only."],
        ),
        (&["io:format(\"~p~n\", [X])."], &[BODY[1]]),
        (&["handle()"], &["Connection handle."]),
    ];
    let mut content = String::from("BT ");
    let mut y = 740.0;
    let line = |content: &mut String, font: usize, text: &str, y: &mut f32| {
        content.push_str(&format!("/F{font} 11 Tf 1 0 0 1 72 {y} Tm ({text}) Tj "));
        *y -= 14.0;
    };
    for l in BODY.iter().cycle().take(6) {
        line(&mut content, 0, l, &mut y);
    }
    for (heads, text) in entries {
        y -= 12.0;
        for h in heads {
            line(&mut content, 1, h, &mut y);
        }
        for t in text {
            y -= 12.0;
            match t.strip_prefix('@') {
                Some(code) => line(&mut content, 1, code, &mut y),
                None => line(&mut content, 0, t, &mut y),
            }
        }
    }
    content.push_str("ET");
    let titles = pdf_titles(&pdf_of_contents("Helvetica", "Courier", &[content]));
    assert_headings(
        &titles,
        &[
            "open([Host]) -> {ok, Handle} | {error, Reason}",
            "start()",
            "start(File)",
            "search(Handle, Options) -> {ok, Result} | {ok, {referral, Refs}} | {error, Reason}",
            "baseObject() -> scope()",
        ],
        &["io:format(\"~p~n\", [X]).", "handle()", "Types:"],
    );
}

/// A word processor's titles set in the body type and underlined (Word's underline style over
/// its paragraphs) are headings: the underline sets them apart as bold would.
#[test]
fn underlined_titles_in_the_body_type_are_headings() {
    // Helvetica's advance widths (per 1000 of the size) of the titles' letters.
    let width = |t: &str| -> f32 {
        t.chars()
            .map(|c| match c {
                'S' | 'B' => 667.0,
                'C' => 722.0,
                'm' => 833.0,
                'r' => 333.0,
                'y' | 'c' | 'k' | 's' => 500.0,
                'l' | 'i' => 222.0,
                _ => 556.0,
            })
            .sum::<f32>()
            * 11.0
            / 1000.0
    };
    let mut content = String::new();
    let mut y = 720.0;
    for title in ["Summary", "Background", "Conclusions"] {
        content.push_str(&format!(
            "BT /F0 11 Tf 1 0 0 1 72 {y} Tm ({title}) Tj ET 72 {} {} 0.6 re f ",
            y - 1.6,
            width(title)
        ));
        y -= 26.0;
        for l in BODY.iter().cycle().take(4) {
            content.push_str(&format!("BT /F0 11 Tf 1 0 0 1 72 {y} Tm ({l}) Tj ET "));
            y -= 14.0;
        }
        y -= 12.0;
    }
    let titles = pdf_titles(&pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]));
    assert_headings(
        &titles,
        &["Summary", "Background", "Conclusions"],
        &[BODY[0], BODY[1]],
    );
}

/// Numbered run-in headings (`5.3 eprint Support. Elementary support …`, the number and title
/// in bold, the paragraph going on in the body type) become headings of their own, a title
/// that starts in lower case (a program's name) as well.
#[test]
fn run_in_headings_may_start_in_lower_case() {
    let body = "the paragraph goes on in the body type for a while, so that the";
    let rest = [
        "page has lines enough to tell the body type from the type of the headings",
        "that run into their paragraphs, and then the paragraph ends here.",
    ];
    let mut content = String::from("BT /F0 11 Tf 14 TL 1 0 0 1 72 720 Tm ");
    for title in [
        "5.2 Hyperlinked Titles.",
        "5.3 eprint Support.",
        "5.4 Online Sources.",
    ] {
        content.push_str(&format!(
            "/F1 11 Tf ({title}) Tj /F0 11 Tf ( {body}) Tj T* "
        ));
        for l in rest {
            content.push_str(&format!("({l}) Tj T* "));
        }
        content.push_str("T* ");
    }
    content.push_str("ET");
    let titles = pdf_titles(&pdf_of_contents("Times-Roman", "Times-Bold", &[content]));
    assert_headings(
        &titles,
        &[
            "5.2 Hyperlinked Titles",
            "5.3 eprint Support",
            "5.4 Online Sources",
        ],
        &[],
    );
}

/// A reference typeset from DocBook opens each entry with a `Name` label over the entry's name
/// and purpose, then its parts under labels in the same type (`Syntax`, `Description`). Each
/// entry is a section titled by its name, its parts under it; a document with one such entry
/// (a manual page) keeps its `Name` section.
#[test]
fn reference_entries_are_sections_titled_by_their_name() {
    let body = [
        "The macro expands to the definitions the foreign function interface needs for",
        "the type, so that later forms may allocate, read and write objects of it, and",
        "checks the fields given against the ones the type was defined with before that.",
    ];
    let entry = |purpose: &'static str| {
        let mut page = vec![(1, 17.0, "Name"), (0, -11.0, purpose)];
        for label in ["Syntax", "Description", "Examples"] {
            page.push((1, 17.0, label));
            page.extend(body.iter().map(|&l| (0, 11.0, l)));
        }
        page
    };
    // Entries run on from page to page, as the reference's chapter sets them.
    let mut page1 = vec![(1, 24.0, "Aggregate Types"), (1, 20.0, "Overview")];
    page1.extend(body.iter().map(|&l| (0, 11.0, l)));
    page1.extend(entry("def-enum - Defines a C enumeration."));
    let mut page2 = entry("def-struct - Defines a C structure.");
    page2.extend(entry(
        "get-slot-value - Retrieves a value from a slot of a structure.",
    ));
    let pages = vec![page1, page2];
    let a = analyze_bytes("uffi.pdf", &pdf_of_styled_pages(&pages), &Config::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    let hs = headings(&a);
    let depth = |t: &str| heading_depth(&hs, t);
    let entry_depth = depth("def-enum - Defines a C enumeration.");
    assert_eq!(
        depth("def-struct - Defines a C structure."),
        entry_depth,
        "{hs:?}"
    );
    assert!(!hs.iter().any(|h| h.title == "Name"), "{hs:?}");
    let parts: Vec<_> = hs
        .iter()
        .filter(|h| ["Syntax", "Description", "Examples"].contains(&h.title.as_str()))
        .collect();
    assert_eq!(parts.len(), 9, "{hs:?}");
    assert!(parts.iter().all(|h| h.depth == entry_depth + 1), "{hs:?}");
    // One entry alone: a manual page's `Name` section stays as it is.
    let one = analyze_bytes(
        "one.pdf",
        &pdf_of_styled_pages(&pages[..1]),
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let hs = headings(&one);
    assert!(
        !hs.iter().any(|h| h.title.starts_with("def-enum")),
        "{hs:?}"
    );
}

/// Glyphs that their fonts map to no character come out as U+FFFD; the document says how
/// many, and a PDF whose fonts map every glyph says nothing.
#[test]
fn characters_without_a_unicode_mapping_are_counted() {
    let cfg = Config::default();
    let a = analyze(&data().join("real/clrscode3e.pdf"), &cfg);
    let lost = text_of(&a).matches('\u{FFFD}').count();
    assert!(lost > 0);
    assert!(
        a.flags.contains(&format!("pdf_unmapped_chars:{lost}")),
        "{:?}",
        a.flags
    );
    let clean = analyze(&data().join("generated/article-onecol.pdf"), &cfg);
    assert!(!text_of(&clean).contains('\u{FFFD}'));
    assert!(
        !clean
            .flags
            .iter()
            .any(|f| f.starts_with("pdf_unmapped_chars")),
        "{:?}",
        clean.flags
    );
}

/// Advance widths of Helvetica (per 1000 units of the size) for the letters these tests set.
fn helvetica_width(text: &str, size: f32) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' => 222,
            ' ' | 'f' | 't' | '.' | ',' | 'I' => 278,
            'r' | '-' => 333,
            'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' | 'J' => 500,
            'w' => 722,
            'm' | 'M' => 833,
            'W' => 944,
            'F' | 'T' | 'Z' => 611,
            'L' | '0'..='9' => 556,
            'A' | 'B' | 'E' | 'K' | 'P' | 'S' | 'V' | 'X' | 'Y' => 667,
            'C' | 'D' | 'H' | 'N' | 'R' | 'U' => 722,
            'G' | 'O' | 'Q' => 778,
            _ => 556,
        })
        .sum();
    units as f32 * size / 1000.0
}

/// A paper that sets its titles in the body type and centres them, with its paragraphs flush
/// left and no space between a title and its text (as Turabian and SBL papers do): a centred
/// title in capitals, and after it centred titles in title case, are headings. A footnote's
/// mark after the last full stop of a page does not carry its paragraph on over the title
/// that opens the next.
#[test]
fn centred_titles_in_body_type_are_headings() {
    let body = [
        "Keep two blank lines between the text of the preceding section and a heading,",
        "whatever its level; the heading itself is centred on the line and set in the",
        "same type as the text, so only its place on the line sets it apart here.",
    ];
    let size = 12.0;
    let right = 72.0
        + body
            .iter()
            .map(|l| helvetica_width(l, size))
            .fold(0.0, f32::max);
    // A page of lines 24 pt apart, each flush left or centred on the column; a line's `^4`
    // is a footnote's mark, raised and smaller.
    let page = |lines: &[(&str, bool)]| {
        let mut content = String::new();
        for (k, &(text, centred)) in lines.iter().enumerate() {
            let y = 720.0 - 24.0 * k as f32;
            let (text, mark) = text.split_once('^').unwrap_or((text, ""));
            let w = helvetica_width(text, size);
            let x = if centred {
                (72.0 + right - w) / 2.0
            } else {
                72.0
            };
            content.push_str(&format!(
                "BT /F0 {size} Tf 1 0 0 1 {x} {y} Tm ({text}) Tj ET\n"
            ));
            if !mark.is_empty() {
                let (x, y) = (x + w, y + 5.0);
                content.push_str(&format!("BT /F0 7 Tf 1 0 0 1 {x} {y} Tm ({mark}) Tj ET\n"));
            }
        }
        content
    };
    let with_body = |title: &'static str| {
        std::iter::once((title, true)).chain(body.iter().map(|&l| (l, false)))
    };
    let mut first: Vec<(&str, bool)> = with_body("PRIMARY HEADING")
        .chain(with_body("Second Level Subheading"))
        .collect();
    first.push((
        "The text then cites a commentary and two other publications.^4",
        false,
    ));
    let mut page1 = page(&first);
    page1.push_str(
        "BT /F0 9 Tf 1 0 0 1 72 80 Tm (4. David Noel Freedman, Pottery, Poetry, and Prophecy.) Tj ET\n",
    );
    let second: Vec<(&str, bool)> = with_body("THIRD HEADING")
        .chain(with_body("Fourth Subheading In Title Case"))
        .collect();
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[page1, page(&second)]);
    assert_headings(
        &pdf_titles(&pdf),
        &[
            "PRIMARY HEADING",
            "Second Level Subheading",
            "THIRD HEADING",
            "Fourth Subheading In Title Case",
        ],
        &[],
    );
}

/// The first numbered title set apart in type need not be `1`: when the first section's
/// title is lost (set on a line it shares with a contents entry in the next column), `2
/// Installation` starts the numbering all the same, as the next title in the same type
/// continues it (`3 Usage`). A large bold `2 Items` whose number nothing in its type
/// continues stays text, as does a numbered line in body type.
#[test]
fn the_first_numbered_title_in_display_type_may_be_past_one() {
    let mut page: Vec<(usize, f32, &str)> = vec![(1, 20.0, "A Package for Typeset Documents")];
    page.extend(body_lines(2));
    page.extend(section(1, 14.0, "2 Installation", 2));
    page.extend(section(1, 14.0, "3 Usage", 2));
    page.extend(section(
        0,
        11.0,
        "4 Limits of this package in plain words",
        1,
    ));
    let titles = styled_titles(&[page]);
    assert_headings(
        &titles,
        &["2 Installation", "3 Usage"],
        &["4 Limits of this package in plain words"],
    );
    let mut page: Vec<(usize, f32, &str)> = vec![(1, 20.0, "A Package for Typeset Documents")];
    page.extend(body_lines(2));
    page.extend(section(1, 14.0, "2 Items", 2));
    page.extend(section(1, 14.0, "Notes on the items", 2));
    let titles = styled_titles(&[page]);
    assert_headings(&titles, &["Notes on the items"], &["2 Items"]);
}

/// A subsection's number and title set apart by a quad, in bold, right over a two-column
/// example (the code, and what it prints), are the section's title, not the first row of a
/// table of the example's lines.
#[test]
fn a_numbered_title_over_a_two_column_example_is_no_table_row() {
    let line =
        |font: &str, x: u32, y: u32, t: &str| format!("BT /{font} 11 Tf {x} {y} Td ({t}) Tj ET\n");
    let mut content = String::new();
    content.push_str("BT /F1 16 Tf 72 720 Td (1 Basic Usage) Tj ET\n");
    content.push_str(&line(
        "F0",
        72,
        690,
        "The package sets algorithms as blocks of statements, each shown",
    ));
    content.push_str(&line(
        "F0",
        72,
        676,
        "beside the code that writes it, as in the examples of this section.",
    ));
    content.push_str("BT /F1 13 Tf 72 646 Td (1.1 Blocks) Tj ET\n");
    content.push_str(&line(
        "F0",
        72,
        624,
        "Blocks are used for loops, conditional statements, and functions.",
    ));
    content.push_str(&line("F1", 72, 598, "1.1.1"));
    content.push_str(&line("F1", 110, 598, "While Loop"));
    for (k, (code, shown)) in [
        ("\\\\While{condition}", "while condition do"),
        ("\\\\State body", "body"),
        ("\\\\EndWhile", "end while"),
    ]
    .iter()
    .enumerate()
    {
        let y = 578 - 14 * k as u32;
        content.push_str(&line("F0", 72, y, code));
        content.push_str(&line("F0", 320, y, shown));
    }
    content.push_str(&line(
        "F0",
        72,
        520,
        "The loop runs its body for as long as the condition holds, and stops.",
    ));
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    let a =
        analyze_bytes("blocks.pdf", &pdf, &Config::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    assert!(titles.iter().any(|t| t == "1.1.1 While Loop"), "{titles:?}");
    assert!(
        a.blocks
            .iter()
            .filter(|b| b.kind == BlockType::Table)
            .all(|b| !a.canonical[b.off_begin..b.off_end].contains("While Loop")),
        "{}",
        a.canonical
    );
}

/// A gallery of boxed examples: each box's name in bold, set in from the body's edge, right
/// over its code at the same indent. The names label listings; the sections around them keep
/// their titles, and so does a bold title at the margin over code. A page of boxes alone
/// (no body text to find the margin by) takes its margin from a page on the same side; a
/// label set in from the text right before it is a listing's too.
#[test]
fn a_boxed_listing_s_name_over_its_code_is_no_title() {
    let body = [
        "The package draws ducks in pictures, and every part of a duck can be set",
        "apart by a key of its own: its body, its head, its bill and the things it",
        "wears. The boxes below show each key with the picture that it draws, one",
    ];
    let boxed = |content: &mut String, y: u32, name: &str, key: &str| {
        content.push_str(&text_at("F1", 11, 88, y, name));
        content.push_str(&text_at("F2", 10, 88, y - 20, "\\\\begin{tikzpicture}"));
        content.push_str(&text_at("F2", 10, 96, y - 32, key));
        content.push_str(&text_at("F2", 10, 88, y - 44, "\\\\end{tikzpicture}"));
    };
    let mut first = text_at("F1", 16, 72, 720, "1 Usage");
    for (k, l) in body.iter().enumerate() {
        first.push_str(&text_at("F0", 11, 72, 690 - 14 * k as u32, l));
    }
    boxed(
        &mut first,
        630,
        "Harlequin duck",
        "\\\\duck[harlequin=blue]",
    );
    first.push_str(&text_at("F1", 13, 72, 540, "1.1 Body parts"));
    for (k, l) in body.iter().enumerate() {
        first.push_str(&text_at("F0", 11, 72, 516 - 14 * k as u32, l));
    }
    first.push_str(&text_at("F1", 11, 72, 460, "Defaults"));
    first.push_str(&text_at("F2", 10, 72, 440, "\\\\duck"));
    let mut second = String::new();
    for (k, l) in body.iter().cycle().take(9).enumerate() {
        second.push_str(&text_at("F0", 11, 100, 720 - 14 * k as u32, l));
    }
    let mut third = String::new();
    boxed(&mut third, 720, "Grumpy duck", "\\\\duck[grumpy]");
    boxed(&mut third, 640, "Laughing duck", "\\\\duck[laughing]");
    // Two lines of text over a listing set in from them, on a page with too few lines at
    // the body's edge to find it by (page 2, on the same side, has its text at 100).
    let mut fourth = String::new();
    for (k, l) in body.iter().take(2).enumerate() {
        fourth.push_str(&text_at("F0", 11, 72, 720 - 14 * k as u32, l));
    }
    fourth.push_str(&text_at("F1", 11, 82, 680, "Ad hoc lexical analyser"));
    for (k, l) in ["import java.io.Reader;", "import java.util.Map;"]
        .iter()
        .enumerate()
    {
        fourth.push_str(&text_at("F2", 10, 82, 660 - 12 * k as u32, l));
    }
    let pdf = pdf_of_contents(
        "Helvetica",
        "Helvetica-Bold",
        &[first, second, third, fourth],
    );
    let titles = pdf_titles(&pdf);
    assert_headings(
        &titles,
        &["1 Usage", "1.1 Body parts", "Defaults"],
        &[
            "Harlequin duck",
            "Grumpy duck",
            "Laughing duck",
            "Ad hoc lexical analyser",
        ],
    );
}

/// Code set in a font whose name and flags do not say it is monospaced (a Type 3 font of
/// bitmaps, as `dvips` makes, names none) is code all the same when every glyph has one
/// width, `i` as wide as `m`; the box's label over it is then no title. The same lines in a
/// font of many widths stay prose.
#[test]
fn code_in_a_font_of_one_width_is_code() {
    let listing = [
        "\\\\begin{fast}{Fonction de service}",
        "  \\\\fastFT{Fonction technique}",
        "  \\\\fastFT{Autre fonction}",
        "\\\\end{fast}",
    ];
    let body = [
        "The package draws function analysis diagrams, one box for every function,",
        "and the lines that join them are drawn for you. Each function is written",
        "as a command whose argument is its text, and the command nests in others.",
    ];
    let page = || {
        let mut content = text_at("F1", 16, 72, 740, "1 Usage");
        for (k, l) in body.iter().enumerate() {
            content.push_str(&text_at("F0", 11, 72, 710 - 14 * k as u32, l));
        }
        content.push_str(&text_at("F0", 12, 108, 650, "Code"));
        for (k, l) in listing.iter().enumerate() {
            content.push_str(&text_at("F2", 9, 108, 630 - 11 * k as u32, l));
        }
        for (k, l) in body.iter().enumerate() {
            content.push_str(&text_at("F0", 11, 72, 570 - 14 * k as u32, l));
        }
        content
    };
    let font = |name: &str, widths: &str| {
        format!(
            "<< /Type /Font /Subtype /Type1 /BaseFont /{name} /FirstChar 32 /LastChar 126 \
             /Widths [{widths}] >>"
        )
    };
    let even = vec!["600"; 95].join(" ");
    // Helvetica's widths: `i` 222, `m` 833.
    let helvetica = "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 \
        556 556 556 556 556 556 556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 \
        778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 \
        278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 \
        556 333 500 278 556 500 722 500 500 500 334 556 334 584";
    let code_of = |f2: String| {
        let fonts = [
            font("Helvetica", helvetica),
            font("Helvetica-Bold", helvetica),
            f2,
        ];
        let pdf = pdf_of_fonts(&fonts, &[page()]);
        let a =
            analyze_bytes("fast.pdf", &pdf, &Config::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let code: Vec<String> = a
            .blocks
            .iter()
            .filter(|b| b.kind == BlockType::Code)
            .map(|b| a.canonical[b.off_begin..b.off_end].to_string())
            .collect();
        let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
        (code, titles)
    };
    let (code, titles) = code_of(font("CodeRegular", &even));
    assert!(
        code.iter()
            .any(|c| c.contains("fastFT{Fonction technique}")),
        "{code:?}"
    );
    assert_headings(&titles, &["1 Usage"], &["Code"]);
    let (code, _) = code_of(font("CodeRegular", helvetica));
    assert!(code.is_empty(), "{code:?}");
}

/// A reference made mostly of long tables in a small type (the books of the Bible, their
/// short and long names) has its prose as the body all the same: a paragraph's first line
/// and a table's title in the prose type are no titles, and the numbered titles are.
#[test]
fn long_tables_in_small_type_do_not_set_the_body_size() {
    let books = [
        ("Gen", "Genesis", "Das erste Buch Mose"),
        ("Ex", "Exodus", "Das zweite Buch Mose"),
        ("Lev", "Levitikus", "Das dritte Buch Mose"),
        ("Num", "Numeri", "Das vierte Buch Mose"),
        ("Dtn", "Deuteronomium", "Das fuenfte Buch Mose"),
        ("Jos", "Josua", "Das Buch Josua"),
        ("Ri", "Richter", "Das Buch der Richter"),
    ];
    let prose = [
        "Bei Zahlwort ist zu beachten, dass die Einstellung der Sprache gilt.",
        "Das heisst, in einem englischen Dokument oder in einer englischen Umgebung waere die",
        "Ausgabe des letzten Beispiels in englischen Zahlwoertern geschrieben, und damit",
        "die Sprache erkannt wird, muss das Paket nach babel geladen werden.",
    ];
    let page = |n: u32, title: &str, table: &str| {
        let mut content = text_at("F1", 14, 72, 740, title);
        for (k, l) in prose.iter().enumerate() {
            content.push_str(&text_at("F0", 11, 72, 712 - 14 * k as u32, l));
        }
        content.push_str(&text_at("F0", 11, 230, 640, table));
        let mut y = 620;
        for _ in 0..4 {
            for (a, b, c) in books {
                content.push_str(&text_at("F0", 9, 72, y, a));
                content.push_str(&text_at("F0", 9, 180, y, b));
                content.push_str(&text_at("F0", 9, 330, y, c));
                y -= 11;
            }
        }
        content.push_str(&text_at("F0", 9, 300, 60, &n.to_string()));
        content
    };
    let pdf = pdf_of_contents(
        "Helvetica",
        "Helvetica-Bold",
        &[
            page(1, "1 Die Stile", "Lutherbibel (kurz)"),
            page(2, "2 Die Formate", "Lutherbibel (lang)"),
        ],
    );
    let titles = pdf_titles(&pdf);
    assert_headings(
        &titles,
        &["1 Die Stile", "2 Die Formate"],
        &[prose[0], "Lutherbibel (kurz)", "Lutherbibel (lang)"],
    );
}

/// A line in a type much smaller than the text's (a listing's numbered line in tiny print,
/// `7 END`) heads no section, even with the number that comes next; the section that
/// number belongs to keeps its title.
#[test]
fn a_numbered_line_in_tiny_type_is_no_title() {
    let body = [
        "Global options are set with one command, and they hold for every listing",
        "that comes after it, until the command is given again with other values.",
        "The listing below sets its language once and prints the program twice.",
    ];
    let mut content = text_at("F1", 14, 72, 740, "6 Setting global options");
    let mut y = 710;
    for l in body {
        content.push_str(&text_at("F0", 11, 72, y, l));
        y -= 14;
    }
    content.push_str(&text_at("F0", 5, 90, y - 10, "7 END"));
    y -= 40;
    for l in body {
        content.push_str(&text_at("F0", 11, 72, y, l));
        y -= 14;
    }
    content.push_str(&text_at("F1", 14, 72, y - 20, "7 More examples"));
    y -= 50;
    for l in body {
        content.push_str(&text_at("F0", 11, 72, y, l));
        y -= 14;
    }
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    assert_headings(
        &pdf_titles(&pdf),
        &["6 Setting global options", "7 More examples"],
        &["7 END"],
    );
}

/// Titles a point larger than an 11 pt text (LaTeX's `\\large` is 12 pt there), in regular
/// weight, numbered `1.` like a list's items, are titles: the type sets them apart.
#[test]
fn titles_a_point_larger_than_the_text_are_titles() {
    let body = [
        "The class is meant as the base of the theses written at the faculty, and it",
        "is built on a class that gives it most of its commands, so that a student",
        "needs no other packages than the few that are listed in the next section.",
    ];
    let titles = ["1. Introduction", "2. Required packages", "3. Options"];
    let mut content = String::new();
    let mut y = 740;
    for title in titles {
        content.push_str(&text_at("F0", 12, 72, y, title));
        y -= 26;
        for l in body.iter().chain(&body) {
            content.push_str(&text_at("F0", 11, 72, y, l));
            y -= 14;
        }
        y -= 20;
    }
    let pdf = pdf_of_contents("Times-Roman", "Times-Bold", &[content]);
    assert_headings(&pdf_titles(&pdf), &titles, &[]);
}

/// Chapter titles in capitals spaced out, in display type (a thesis template's `2 T E S T
/// C H A P T E R A B C`), are titles however many letters they spell: the letters are
/// words.
#[test]
fn capitals_spaced_out_in_display_type_are_titles() {
    let body = [
        "Lorem ipsum dolor sit amet, consectetuer adipiscing elit. Ut purus elit,",
        "vestibulum ut, placerat ac, adipiscing vitae, felis. Curabitur dictum gravida",
        "mauris. Nam arcu libero, nonummy eget, consectetuer id, vulputate a, magna.",
    ];
    let titles = ["1 F I R S T S T E P S", "2 T E S T C H A P T E R A B C"];
    let mut content = String::new();
    let mut y = 740;
    for title in titles {
        content.push_str(&text_at("F0", 16, 72, y, title));
        y -= 30;
        for l in body.iter().chain(&body) {
            content.push_str(&text_at("F0", 11, 72, y, l));
            y -= 14;
        }
        y -= 30;
    }
    let pdf = pdf_of_contents("Times-Roman", "Times-Bold", &[content]);
    assert_headings(&pdf_titles(&pdf), &titles, &[]);
}

/// A list numbered like the sections, whose last items name packages in lower case
/// (`11. kvoptions — …`), ends at its last item: the next section's title (`3.`) does not
/// continue it, whatever the list's second item was numbered.
#[test]
fn a_list_ends_at_its_last_item_however_it_is_written() {
    let body = [
        "The class loads a few packages of its own, all of them in any recent",
        "distribution of the system, and it needs no others to typeset a thesis.",
    ];
    let items = [
        "1. Calc — arithmetic in the lengths of the layout",
        "2. Graphicx — support for graphics",
        "3. xcolor — support for colour",
        "4. kvoptions — options of the class as keys",
    ];
    let mut content = String::new();
    let mut y = 740;
    let para = |content: &mut String, y: &mut u32| {
        for l in body {
            content.push_str(&text_at("F0", 11, 72, *y, l));
            *y -= 14;
        }
        *y -= 14;
    };
    content.push_str(&text_at("F0", 12, 72, y, "1. Introduction"));
    y -= 26;
    para(&mut content, &mut y);
    content.push_str(&text_at("F0", 12, 72, y, "2. Required packages"));
    y -= 26;
    para(&mut content, &mut y);
    for item in items {
        content.push_str(&text_at("F0", 11, 86, y, item));
        y -= 22;
    }
    content.push_str(&text_at("F0", 12, 72, y - 10, "3. Optional packages"));
    y -= 36;
    para(&mut content, &mut y);
    para(&mut content, &mut y);
    let pdf = pdf_of_contents("Times-Roman", "Times-Bold", &[content]);
    assert_headings(
        &pdf_titles(&pdf),
        &[
            "1. Introduction",
            "2. Required packages",
            "3. Optional packages",
        ],
        &[],
    );
}

/// A short guide whose page N opens with its section `N.` (`1. Introduction` on page 1,
/// `2. Usage` on page 2) keeps those titles: a number with a stop and words after it numbers
/// a section, not the page, though it climbs with the pages as page numbers do.
#[test]
fn section_numbers_that_climb_with_the_pages_are_no_page_numbers() {
    let body = [
        "The class is meant as the base of the theses written at the faculty, and it",
        "is built on a class that gives it most of its commands, so that a student",
        "needs no other packages than the few that are listed in the next section.",
    ];
    let titles = ["1. Introduction", "2. Required packages", "3. Options"];
    let pages: Vec<String> = titles
        .iter()
        .enumerate()
        .map(|(n, title)| {
            let mut content = text_at("F0", 12, 72, 740, title);
            let mut y = 712;
            for l in body.iter().chain(&body).chain(&body) {
                content.push_str(&text_at("F0", 11, 72, y, l));
                y -= 14;
            }
            content.push_str(&text_at("F0", 9, 300, 60, &(n + 1).to_string()));
            content
        })
        .collect();
    let pdf = pdf_of_contents("Times-Roman", "Times-Bold", &pages);
    assert_headings(&pdf_titles(&pdf), &titles, &[]);
}

/// A letter drawn two hundred points high (a figure that shows a glyph) takes no line of
/// text under it for its subscript: the lines below stay lines, in order, and the section
/// they run into keeps its title.
#[test]
fn a_giant_glyph_swallows_no_lines() {
    let body = [
        "The figure above shows one letter drawn in outline, as the special sets it.",
        "Be careful with this special, since it is easy to write a broken file with it.",
        "The pair of commands that opens and closes such content is fragile as well.",
        "It may not always be guaranteed to work as expected with other specials.",
    ];
    let mut content = text_at("F1", 16, 72, 740, "4 Specials");
    content.push_str(&text_at("F0", 200, 250, 520, "X"));
    content.push_str(&text_at(
        "F0",
        10,
        200,
        500,
        "Figure 4.2: A letter drawn in outline.",
    ));
    let mut y = 470;
    for l in body.iter().chain(&body) {
        content.push_str(&text_at("F0", 11, 72, y, l));
        y -= 14;
    }
    content.push_str(&text_at("F1", 13, 72, y - 16, "4.1 ToUnicode Special"));
    y -= 44;
    for l in &body {
        content.push_str(&text_at("F0", 11, 72, y, l));
        y -= 14;
    }
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    let a =
        analyze_bytes("glyph.pdf", &pdf, &Config::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    assert!(
        titles.iter().any(|t| t == "4.1 ToUnicode Special"),
        "{titles:?}"
    );
    for l in body {
        assert!(
            a.canonical.contains(l),
            "{l:?} not a line of:\n{}",
            a.canonical
        );
    }
}

/// Chapter titles set in small capitals come out of the PDF in lower case (`introduction`):
/// alone on their lines, well above the body's size, they are titles all the same; the
/// same words at the body's size are not. A capital alone after a section number that
/// continues the numbering in a heading's type is a title too (`3.2 R` after `3.1 SAS`).
#[test]
fn titles_in_small_capitals_and_single_capitals_are_headings() {
    let mut first: Vec<(usize, f32, &str)> = vec![(1, 20.0, "A Package for Version Data")];
    first.extend(body_lines(2));
    first.extend(section(0, 16.0, "introduction", 3));
    first.extend(section(1, 13.0, "How it works", 3));
    let mut second: Vec<(usize, f32, &str)> = section(0, 16.0, "setup and tailoring", 3);
    second.extend(section(1, 13.0, "3.1 SAS", 2));
    second.extend(section(1, 13.0, "3.2 R", 2));
    second.extend(section(0, 11.0, "notes on the text", 2));
    let titles = styled_titles(&[first, second]);
    assert_headings(
        &titles,
        &["introduction", "setup and tailoring", "3.1 SAS", "3.2 R"],
        &["notes on the text"],
    );
}

/// A section number that continues the numbering, over a command's name set in the code
/// font and larger than the text, is a section's title (`2.2.1 \addcharacter{<name>}` in a
/// package's manual); code at the text's size, or a number out of sequence, is not.
#[test]
fn a_numbered_title_in_the_code_font_is_a_heading() {
    let body = [
        "The commands of this chapter set the pages that open a play, one command",
        "for each part of them, and each takes the text it sets as its argument.",
    ];
    let mut content = text_at("F1", 18, 72, 740, "2 Functions");
    let mut y = 710;
    let para = |content: &mut String, y: &mut u32| {
        for l in body {
            content.push_str(&text_at("F0", 11, 72, *y, l));
            *y -= 14;
        }
        *y -= 14;
    };
    para(&mut content, &mut y);
    content.push_str(&text_at("F1", 15, 72, y, "2.1 Title Page"));
    y -= 28;
    para(&mut content, &mut y);
    // Each title: its number in bold (none: the number is in the code line), then its name
    // in the code font, at a size.
    for (number, name, size) in [
        ("2.1.1", "\\\\addcharacter{<name>}{<description>}", 13),
        ("", "2.1.2 \\\\title{A Play in One Act}", 11),
        ("7.5", "\\\\subtitle{<text>}{<more text>}", 13),
        ("2.1.2", "\\\\author{<name>}{<affiliation>}", 13),
    ] {
        let x = if number.is_empty() {
            72
        } else {
            content.push_str(&text_at("F1", size, 72, y, number));
            115
        };
        content.push_str(&text_at("F2", size, x, y, name));
        y -= 26;
        para(&mut content, &mut y);
    }
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[content]);
    let titles = pdf_titles(&pdf);
    assert_headings(
        &titles,
        &[
            "2.1 Title Page",
            "2.1.1 \\addcharacter{<name>}{<description>}",
            "2.1.2 \\author{<name>}{<affiliation>}",
        ],
        &[
            "2.1.2 \\title{A Play in One Act}",
            "7.5 \\subtitle{<text>}{<more text>}",
        ],
    );
}

/// A package's history: each release's version set in bold over its changes
/// (`v1.0.2 (2022-10-07)`) heads a section under `Revision History`; the same version in a
/// sentence does not.
#[test]
fn release_versions_in_bold_head_a_history() {
    let mut page: Vec<(usize, f32, &str)> = vec![(1, 20.0, "A Package for Pseudocode")];
    page.extend(body_lines(2));
    page.extend(section(1, 14.0, "Revision History", 1));
    page.extend(section(1, 11.0, "v1.0.2 (2022-10-07)", 1));
    page.extend(section(1, 11.0, "v1.0.1 (2021-12-05)", 1));
    page.extend(section(0, 11.0, "v1.0 (2020-08-16)", 1));
    let titles = styled_titles(&[page]);
    assert_headings(
        &titles,
        &[
            "Revision History",
            "v1.0.2 (2022-10-07)",
            "v1.0.1 (2021-12-05)",
        ],
        &["v1.0 (2020-08-16)"],
    );
}

/// A manual made mostly of listings in a smaller type: its body size is its prose's, not its
/// code's, so a short line of prose set apart over a listing does not stand out as a title;
/// the section titles in bold above the prose still do.
#[test]
fn the_body_size_is_the_prose_s_not_the_code_s() {
    let code = [
        "\\\\begin{ocg}{Layer name}{ocg1}{1}",
        "  \\\\includegraphics[width=0.5\\\\textwidth]{picture-one}",
        "\\\\end{ocg}",
        "\\\\toggleocgs{ocg1 ocg2}{Show the other picture}",
    ];
    let mut pages = Vec::new();
    for (title, lead) in [
        ("1 Introduction", "Just load the package placing"),
        ("2 Usage", "After that you write"),
    ] {
        let mut content = text_at("F1", 16, 72, 740, title);
        for (k, l) in [
            "The package makes layers of a PDF that a reader can show and hide.",
            "Each layer has a name, an identifier and a state that says whether",
            "it shows when the file opens; links and buttons can change that.",
        ]
        .iter()
        .enumerate()
        {
            content.push_str(&text_at("F0", 11, 72, 712 - 14 * k as u32, l));
        }
        content.push_str(&text_at("F0", 11, 72, 656, lead));
        let mut y = 632;
        for _ in 0..3 {
            for l in code {
                content.push_str(&text_at("F2", 8, 90, y, l));
                y -= 11;
            }
            y -= 8;
        }
        pages.push(content);
    }
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &pages);
    let titles = pdf_titles(&pdf);
    assert_headings(
        &titles,
        &["1 Introduction", "2 Usage"],
        &["Just load the package placing", "After that you write"],
    );
}

/// A chapter's label over its title in display type, the title opening with a package's
/// name in lower case (`Chapter 2` / `stage Functions`), is one heading; a label over a
/// lower-case line of body text is not the chapter's title.
#[test]
fn a_chapter_title_may_open_with_a_lower_case_name() {
    let mut first: Vec<(usize, f32, &str)> =
        vec![(1, 20.0, "Chapter 1"), (1, 24.0, "Introduction")];
    first.extend(body_lines(3));
    first.extend(section(1, 14.0, "1.1 Licensing", 3));
    let mut second: Vec<(usize, f32, &str)> =
        vec![(1, 20.0, "Chapter 2"), (0, 24.0, "stage Functions")];
    second.extend(body_lines(3));
    second.extend(section(1, 14.0, "2.1 Title Page", 3));
    let mut third: Vec<(usize, f32, &str)> = vec![
        (1, 20.0, "Chapter 3"),
        (
            0,
            11.0,
            "stage is based on the book class, with its options as given",
        ),
    ];
    third.extend(body_lines(3));
    // Pages of text between them, so that `Chapter N` at the top of a page is not a
    // running head of the document.
    let mut cover: Vec<(usize, f32, &str)> = vec![(1, 24.0, "Using stage")];
    cover.extend(body_lines(2));
    let text: Vec<(usize, f32, &str)> = body_lines(6).collect();
    let titles = styled_titles(&[
        cover,
        first,
        second,
        text.clone(),
        third,
        text.clone(),
        text.clone(),
        text,
    ]);
    assert_headings(
        &titles,
        &[
            "Chapter 1 Introduction",
            "Chapter 2 stage Functions",
            "2.1 Title Page",
        ],
        &["Chapter 3 stage is based on the book class, with its options as given"],
    );
}

/// A web page printed to PDF (WeasyPrint) with a fixed sidebar of links, printed at one place
/// on each of its 11 pages beside the text: the sidebar is furniture, its links head no
/// section, and the page's own titles do.
#[test]
fn a_printed_web_pages_fixed_sidebar_is_furniture() {
    let a = analyze(&data().join("web/dpuser-history.pdf"), &Config::default());
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    assert_headings(
        &titles,
        &["Version 4.1", "Version 3.0", "Version 1.2", "Version 0.7"],
        &[
            "History",
            "Syntax",
            "Operators",
            "Graphics",
            "Fits files",
            "Examples",
        ],
    );
    // 14 links on each of the 11 pages at least.
    assert!(a.text.furniture_lines.unwrap() >= 14 * 11, "{:?}", a.text);
}

/// A generated reference printed from HTML (Haddock) labels the methods of every instance
/// `Methods`, set in bold at the text's size over the code: a label of the template, no
/// section; the page's headings stay. So is the one right under a class's declaration in the
/// code font, and the one at the top of a page whose text ends the page before.
#[test]
fn a_label_over_every_instances_methods_is_no_title() {
    let titles = pdf_titles(&std::fs::read(data().join("web/colour-data-colour.pdf")).unwrap());
    assert!(!titles.iter().any(|t| t == "Methods"), "{titles:?}");
    assert_headings(
        &titles,
        &["Colour type", "Colour operations", "Orphan instances"],
        &[],
    );
    assert!(
        titles.iter().filter(|t| *t == "Instances").count() >= 3,
        "{titles:?}"
    );
}

/// A generated reference printed from HTML (Doxygen) opens with its sections in bold, two
/// capitalized words each (`Detailed Description`, `Field Documentation`), set in a type no
/// later heading has: section titles, not authors' names under the title; its members'
/// headings follow a diamond (`§` in this font's text) and are headings too.
#[test]
fn bold_sections_of_a_generated_reference_are_no_authors() {
    let titles = pdf_titles(&std::fs::read(data().join("web/libssh-sftp-statvfs.pdf")).unwrap());
    assert_headings(
        &titles,
        &["Data Fields", "Detailed Description", "Field Documentation"],
        &[],
    );
    let members = titles.iter().filter(|t| t.starts_with("§ f_")).count();
    assert!(members >= 10, "{titles:?}");
}

/// A generated reference printed from HTML (javadoc) names each member in bold, smaller than
/// the text, over its declaration in the code font: the member's section, lower case and
/// overloaded alike. Its navigation bar, fixed over the text in a drawn box on every page,
/// is furniture, not a figure that swallows the text it overlaps, and so is the bar's one row
/// of two links (`ALL CLASSES`, `SEARCH:`).
#[test]
fn a_members_name_over_its_declaration_is_its_title() {
    let bytes = std::fs::read(data().join("web/commons-allpredicate.pdf")).unwrap();
    let titles = pdf_titles(&bytes);
    assert_headings(
        &titles,
        &["Method Detail", "getInstance", "evaluate", "getPredicates"],
        &["OVERVIEW", "Modifier and Type"],
    );
    // The bar's words stay once, where the page's own bottom bar is printed in the flow.
    let a = analyze(
        &data().join("web/commons-allpredicate.pdf"),
        &Config::default(),
    );
    for nav in [
        "OVERVIEW",
        "DEPRECATED",
        "JAVASCRIPT IS DISABLED",
        "ALL CLASSES",
    ] {
        let n = a.canonical.matches(nav).count();
        assert!(n <= 1, "{nav} kept {n} times: {}", a.canonical);
    }
}

/// Haddock's `Methods` label, right under a class's declaration in the code font and over its
/// methods' code, is the template's label there too; the module's sections stay.
#[test]
fn a_label_between_a_declaration_and_its_code_is_no_title() {
    let titles = pdf_titles(&std::fs::read(data().join("web/boolean-numbers.pdf")).unwrap());
    assert!(!titles.iter().any(|t| t == "Methods"), "{titles:?}");
    assert_headings(&titles, &["Documentation", "Instances"], &[]);
}

/// Titles whose letters are set apart (a thesis style's `\spacedallcaps`, drawn here with a
/// character spacing of 0.16 em) read as words: `ZUSAMMENFASSUNG`, `1 GRUNDLAGEN`, `DER
/// QUELLTEXT`, not `Z U S A M M E N F A S S U N G`. The contents page after the abstract is
/// found by its title (`Inhaltsverzeichnis`), and the abstract before it stays a section,
/// named as abstracts are named in German. A formula whose symbols stand apart by thin
/// spaces keeps them.
#[test]
fn letter_spaced_titles_read_as_words() {
    let spaced = |size: u32, y: u32, t: &str| {
        format!(
            "BT /F1 {size} Tf {} Tc 72 {y} Td ({t}) Tj ET 0 Tc\n",
            size as f32 * 0.16
        )
    };
    // Glyphs and their widths at 10 pt, each after a sixth of the size.
    let formula = |glyphs: &[(&str, f32)]| -> String {
        let mut x = 72.0;
        let mut out = String::from("BT /F0 10 Tf ");
        for (g, w) in glyphs {
            out.push_str(&format!("1 0 0 1 {x:.2} 400 Tm ({g}) Tj "));
            x += w + 10.0 / 6.0;
        }
        out + "ET\n"
    };
    let pages = [
        format!("{}{}", spaced(16, 700, "ZUSAMMENFASSUNG"), body_at(660, 12)),
        format!(
            "{}{}",
            spaced(16, 700, "INHALTSVERZEICHNIS"),
            ["1 Grundlagen 3", "1.1 Einleitung 3", "2 Der Quelltext 4"]
                .iter()
                .enumerate()
                .map(|(k, l)| text_at("F0", 10, 72, 660 - 14 * k as u32, l))
                .collect::<String>()
        ),
        format!(
            "{}{}{}{}",
            spaced(16, 700, "1 GRUNDLAGEN"),
            body_at(660, 10),
            spaced(12, 500, "1.1 EINLEITUNG"),
            body_at(470, 10)
        ),
        format!(
            "{}{}{}",
            spaced(16, 700, "2 DER QUELLTEXT"),
            body_at(660, 8),
            // A formula: symbols apart by thin spaces (a sixth of the size).
            formula(&[
                ("x", 5.0),
                ("+", 5.84),
                ("y", 5.0),
                ("=", 5.84),
                ("z", 5.0),
                ("+", 5.84),
                ("w", 7.22)
            ])
        ),
    ];
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &pages);
    let a = analyze_bytes("spaced.pdf", &pdf, &Config::default()).unwrap();
    let titles: Vec<String> = headings(&a).into_iter().map(|h| h.title).collect();
    assert_headings(
        &titles,
        &[
            "ZUSAMMENFASSUNG",
            "1 GRUNDLAGEN",
            "1.1 EINLEITUNG",
            "2 DER QUELLTEXT",
        ],
        &["INHALTSVERZEICHNIS"],
    );
    assert!(!a.canonical.contains("Z U S A M"));
    assert!(a.canonical.contains("x + y = z + w"), "{}", a.canonical);
}

/// A word hyphenated at a line end inside a footnote or a caption is joined as in the text
/// around it (`environ-` / `ment`); a compound's hyphen stays.
#[test]
fn footnotes_and_captions_are_mended_at_hyphens() {
    let mut page = String::new();
    page.push_str(&body_at(700, 12));
    page.push_str(&text_at(
        "F0",
        10,
        72,
        532,
        "As the well-known rule of the body says.",
    ));
    // The footnote's mark in the text, raised and smaller.
    page.push_str("BT /F0 7 Tf 400 536 Td (1) Tj ET\n");
    page.push_str(&text_at(
        "F0",
        10,
        72,
        420,
        "Figure 1: A plot of the measured values and their environ-",
    ));
    page.push_str(&text_at("F0", 10, 72, 406, "ment over the years, well-"));
    page.push_str(&text_at("F0", 10, 72, 392, "known and often shown."));
    page.push_str(&body_at(360, 6));
    page.push_str(&text_at(
        "F0",
        8,
        72,
        90,
        "1 The definitions made inside the environ-",
    ));
    page.push_str(&text_at(
        "F0",
        8,
        72,
        80,
        "ment are local to it, as the well-",
    ));
    page.push_str(&text_at("F0", 8, 72, 70, "known rule says."));
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[page]);
    let a = analyze_bytes("notes.pdf", &pdf, &Config::default()).unwrap();
    let kinds: Vec<_> = a
        .blocks
        .iter()
        .map(|b| (b.kind, &a.canonical[b.off_begin..b.off_end]))
        .collect();
    let of = |kind: BlockType| {
        kinds
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, t)| t.to_string())
            .unwrap_or_else(|| panic!("no {kind:?}: {kinds:?}"))
    };
    let note = of(BlockType::Footnote);
    assert!(note.contains("environment are local"), "{note}");
    assert!(note.contains("the well-known"), "{note}");
    let caption = of(BlockType::Caption);
    assert!(caption.contains("environment over"), "{caption}");
    assert!(caption.contains("years, well-known"), "{caption}");
}

/// Two captions set side by side under two figures (`Figure 6: …` beside `Figure 7: …`, as
/// two minipages set them) are two captions, each with its wrapped lines, not one line that
/// runs from one into the other.
#[test]
fn captions_side_by_side_are_two() {
    let mut page = String::new();
    page.push_str(&body_at(700, 8));
    // Two figures side by side, then their captions.
    page.push_str("0 0 0 RG 72 420 200 150 re S 320 420 200 150 re S\n");
    page.push_str(&text_at(
        "F0",
        10,
        72,
        400,
        "Figure 6: Number of vertices versus iter-",
    ));
    page.push_str(&text_at(
        "F0",
        10,
        320,
        400,
        "Figure 7: Number of triangles versus it-",
    ));
    page.push_str(&text_at("F0", 10, 72, 388, "ation of the mesh."));
    page.push_str(&text_at("F0", 10, 320, 388, "eration of the mesh."));
    page.push_str(&body_at(350, 6));
    // A pair of one line each.
    page.push_str("72 200 200 100 re S 320 200 200 100 re S\n");
    page.push_str(&text_at(
        "F0",
        10,
        72,
        180,
        "Figure 8: The error of the first kind",
    ));
    page.push_str(&text_at(
        "F0",
        10,
        320,
        180,
        "Figure 9: The error of the second kind",
    ));
    let pdf = pdf_of_contents("Helvetica", "Helvetica-Bold", &[page]);
    let a = analyze_bytes("pair.pdf", &pdf, &Config::default()).unwrap();
    let captions: Vec<&str> = a
        .blocks
        .iter()
        .filter(|b| b.kind == BlockType::Caption)
        .map(|b| &a.canonical[b.off_begin..b.off_end])
        .collect();
    assert_eq!(
        captions,
        [
            "Figure 6: Number of vertices versus iteration of the mesh.",
            "Figure 7: Number of triangles versus iteration of the mesh.",
            "Figure 8: The error of the first kind",
            "Figure 9: The error of the second kind",
        ],
        "{}",
        a.canonical
    );
}
