//! Laid-out pages into the text the text rules read: footnotes, paragraphs, text that goes on
//! over pages and floats, and one hint per line.

use super::*;

/// Footnotes: small type in the lower part of a page, starting with a marker, after the last
/// body-size line; the lines that follow in the same small size belong to them.
pub(super) fn mark_footnotes(p: &mut Page, body: f32) {
    let h = p.height;
    let n = p.lines.len();
    let mut k = n;
    while k > 0 {
        let l = &p.lines[k - 1];
        if l.furniture {
            k -= 1;
            continue;
        }
        if l.size < body * 0.9 && l.y0 > h * 0.55 {
            k -= 1;
        } else {
            break;
        }
    }
    // Lines k.. are small and at the bottom; the first must start with a marker.
    let first = (k..n).find(|&i| !p.lines[i].furniture);
    let Some(first) = first else { return };
    let t = p.lines[first].text.trim_start();
    let marker = t.starts_with(|c: char| c.is_ascii_digit() || is_mark_symbol(c))
        && t.chars().nth(1).is_some();
    if !marker || t.chars().take_while(|c| c.is_ascii_digit()).count() > 2 {
        return;
    }
    for l in &mut p.lines[first..] {
        if !l.furniture {
            l.footnote = true;
        }
    }
}

/// Two captions set side by side under two figures (two minipages: `Figure 6: Nb of vertices
/// versus iter-` beside `Figure 7: Nb of triangles versus it-`), which the layout reads as
/// one line of two cells, each caption's wrapped lines under it as lines of two cells too:
/// each becomes a paragraph of its own, the left one first. The lines under the pair go with
/// it while they follow it tightly, in its type, with each cell wholly on one side of where
/// the right caption starts.
pub(super) fn split_caption_pairs(p: &mut Page) {
    let caption = |t: &str| crate::structure::captions::caption_label(t).is_some();
    let pair = |l: &VLine| {
        l.cells.len() == 2
            && !l.furniture
            && l.table.is_none()
            && !l.mono
            && l.cells.iter().all(|c| caption(&c.2))
    };
    let mut i = 0;
    while i < p.lines.len() {
        let l = &p.lines[i];
        if !pair(l) {
            i += 1;
            continue;
        }
        let split = l.cells[1].0 - 1.0;
        let mut end = i + 1;
        while let Some(n) = p.lines.get(end) {
            let prev = &p.lines[end - 1];
            let step = n.base - prev.base;
            // Tight under it, in its type, no title or list item, no pair of its own
            // (a wrapped line may start with `Figure 5 but …`).
            let goes_on = step > 0.0
                && step < n.size.max(prev.size) * 1.4
                && (n.size - l.size).abs() < 0.5
                && n.mono == l.mono
                && n.bold == l.bold
                && !n.furniture
                && n.table.is_none()
                && n.flow == l.flow
                && !pair(n)
                && headings::numbering(&n.text).is_none()
                && !text::list_marker_start(&n.text)
                && n.cells.iter().all(|c| c.1 < split || c.0 >= split);
            if !goes_on {
                break;
            }
            end += 1;
        }
        let side = |v: &VLine, right: bool| -> Option<VLine> {
            let cells: Vec<_> = v
                .cells
                .iter()
                .filter(|c| (c.0 >= split) == right)
                .cloned()
                .collect();
            let first = cells.first()?;
            let mut out = v.clone();
            out.x0 = first.0;
            out.x1 = cells.iter().map(|c| c.1).fold(first.1, f32::max);
            out.text = cells
                .iter()
                .map(|c| c.2.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            // Characters as the layout counts them: no spaces.
            out.chars = out.text.chars().filter(|c| !c.is_whitespace()).count() as u32;
            out.markers.retain(|m| out.text.contains(m.as_str()));
            out.bold_lead = if right {
                0
            } else {
                v.bold_lead.min(out.text.len())
            };
            if !out.text.is_char_boundary(out.bold_lead) {
                out.bold_lead = 0;
            }
            out.cells = cells;
            Some(out)
        };
        let mut lines: Vec<VLine> = p.lines[i..end]
            .iter()
            .filter_map(|v| side(v, false))
            .collect();
        let left = lines.len();
        lines.extend(p.lines[i..end].iter().filter_map(|v| side(v, true)));
        // Each caption starts a paragraph of its own, even beside a caption of one line, and
        // whatever stands before the pair.
        lines[0].break_before = true;
        if let Some(r) = lines.get_mut(left) {
            r.break_before = true;
        }
        let n = lines.len();
        p.lines.splice(i..end, lines);
        i += n;
    }
}

/// Everything after reading: furniture, sizes, tables, paragraphs, then the text rules.
pub(super) fn build(mut pages: Vec<Page>, cfg: &PdfConfig, text_cfg: &TextConfig) -> PdfExtraction {
    let (out, hints, left_out) = layout_text(&mut pages, cfg);
    if std::env::var_os("DOCSWEEP_PDF_LAYOUT").is_some() {
        dump_layout(&out, &hints);
    }
    let mut x = PdfExtraction {
        furniture_lines: left_out.furniture_lines,
        ..from_text(&out, Some(&hints), text_cfg, pages.len() as u32, &[])
    };
    if left_out.overlay_pages > 0 {
        x.flags
            .push(format!("pdf_overlay_pages:{}", left_out.overlay_pages));
    }
    x
}

/// A PDF's text (one line per line, pages apart by form feeds) read by the text rules, with
/// the layout's hints when there are any. Its blocks have no source spans: offsets into the
/// PDF's bytes mean nothing.
pub(super) fn from_text(
    out: &str,
    hints: Option<&Hints>,
    text_cfg: &TextConfig,
    pages: u32,
    boxes: &[LineBox],
) -> PdfExtraction {
    let x = text::extract_with(Canonical::from_bytes(out.as_bytes()), text_cfg, hints);
    let mut blocks = x.blocks;
    for b in &mut blocks {
        // Lines placed on a page (OCR's boxes) give a block the box of its lines on the page
        // it starts on, as layout hints do: the lines whose text it holds, not the page
        // furniture removed from between them (a footer under a paragraph that goes on over
        // the page).
        if let (Some(s), Some(e), false) = (b.src_begin, b.src_end, boxes.is_empty()) {
            let (s, e) = (s as usize, e as usize);
            let (ob, oe) = (b.off_begin, b.off_end);
            let kept = |l: &LineBox| {
                let (mut lo, mut hi) = (ob, oe);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if (x.map.to_src(mid) as usize) < l.start {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                lo < oe && (x.map.to_src(lo) as usize) < l.end
            };
            let from = boxes.partition_point(|l| l.end <= s);
            let page = boxes.get(from).map(|l| l.page);
            b.attrs_mut().bbox = boxes[from..]
                .iter()
                .take_while(|l| l.start < e)
                .filter(|l| Some(l.page) == page && kept(l))
                .map(|l| l.bbox)
                .reduce(|a, r| {
                    [
                        a[0].min(r[0]),
                        a[1].min(r[1]),
                        a[2].max(r[2]),
                        a[3].max(r[3]),
                    ]
                });
        }
        b.src_begin = None;
        b.src_end = None;
    }
    PdfExtraction {
        canonical: x.canonical,
        blocks,
        pages,
        furniture_lines: x.furniture_lines,
        hyphen_joins: x.hyphen_joins,
        flags: Vec::new(),
        note: None,
    }
}

/// `DOCSWEEP_PDF_LAYOUT=1`: the text handed to the text rules, one line per line with its
/// hints (size over body, Bold, Italic, Mono/Table/Footnote, cells, left edge in points), on
/// standard error.
pub(super) fn dump_layout(out: &str, hints: &Hints) {
    for (line, h) in out.split('\n').zip(&hints.lines) {
        match h {
            Some(h) => eprintln!(
                "{:5.2} {}{} {} c{} x{:<4.0} |{}",
                h.typography.size_ratio,
                if h.typography.bold { 'B' } else { ' ' },
                if h.typography.italic { 'I' } else { ' ' },
                if h.mono {
                    'M'
                } else if h.table.is_some() {
                    'T'
                } else if h.footnote {
                    'F'
                } else {
                    ' '
                },
                h.cells,
                h.bbox[0],
                line
            ),
            None => eprintln!("{line:?}"),
        }
    }
}

/// What [`layout_text`] left out of the text: furniture lines, and pages cut down to what
/// they add to the page before (a slide's overlays).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct LeftOut {
    pub furniture_lines: u32,
    pub overlay_pages: u32,
}

/// The reading-order text with a blank line between paragraphs and `\f` between pages, one
/// hint per line (`None` for blank lines), and what was left out.
pub(super) fn layout_text(pages: &mut [Page], cfg: &PdfConfig) -> (String, Hints, LeftOut) {
    let furniture_lines = mark_furniture(pages, cfg);
    for p in pages.iter_mut() {
        p.lines.retain(|l| !l.furniture);
    }
    // After the furniture: a deck's running foot, on every overlay page, is found as
    // furniture before the pages are cut down.
    let overlay_pages = fold_overlays(pages);
    let mut tables = Vec::new();
    for p in pages.iter_mut() {
        find_tables(p, &mut tables);
    }
    let (bins, body) = size_clusters(pages);
    for p in pages.iter_mut() {
        split_caption_pairs(p);
        mark_footnotes(p, body);
    }
    join_rows_across_pages(pages, &mut tables);
    // Body line spacing: the median baseline step between body-size lines of one flow.
    let mut steps: Vec<f32> = Vec::new();
    for p in pages.iter() {
        for w in p.lines.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let d = b.base - a.base;
            if a.flow == b.flow
                && (a.size - body).abs() < 0.5
                && (b.size - body).abs() < 0.5
                && d > 0.0
                && d < body * 3.0
            {
                steps.push(d);
            }
        }
    }
    steps.sort_by(f32::total_cmp);
    let lead = steps.get(steps.len() / 2).copied().unwrap_or(body * 1.2);
    continue_over_footnotes(pages, body, lead);
    continue_under_floats(pages, body, lead);
    for p in pages.iter_mut() {
        place_footnotes(p, body, lead);
    }

    let mut out = String::new();
    let mut hints: Vec<Option<LineHint>> = Vec::new();
    let blank = |out: &mut String, hints: &mut Vec<Option<LineHint>>| {
        if !out.is_empty() && !out.ends_with("\n\n") && !out.ends_with("\n\u{c}") {
            out.push('\n');
            hints.push(None);
        }
    };
    for (pi, p) in pages.iter().enumerate() {
        if pi > 0 {
            out.push('\u{c}');
        }
        // Column edges per flow.
        let mut edges: HashMap<(u32, u32), (f32, f32)> = HashMap::new();
        for l in &p.lines {
            let e = edges
                .entry(l.flow)
                .or_insert((f32::INFINITY, f32::NEG_INFINITY));
            e.0 = e.0.min(l.x0);
            e.1 = e.1.max(l.x1);
        }
        let lines = &p.lines;
        let mut k = 0;
        while k < lines.len() {
            let l = &lines[k];
            let prev = (k > 0).then(|| &lines[k - 1]);
            let brk = match prev {
                None => true,
                Some(a) => a.figure || l.figure || paragraph_break(a, l, &edges, body, lead),
            };
            if brk {
                blank(&mut out, &mut hints);
            }
            // Heading-like lines (bigger or bold, not code) that wrap: one line.
            let standout = |v: &VLine| {
                !v.mono
                    && !v.figure
                    && v.table.is_none()
                    && !v.footnote
                    && (v.size >= body * 1.1 || v.bold)
            };
            let mut text = l.text.clone();
            let mut bbox = [l.x0, l.y0, l.x1, l.y1];
            let mut end = k + 1;
            // A chapter's display number, then the title lines beside it (placed after it by
            // `join_lines`): one line, `1 The Title`, with the title's typography.
            let title = lines.get(k + 1).filter(|t| {
                display_label(&l.text)
                    && standout(t)
                    && t.text.starts_with(char::is_alphabetic)
                    && t.text.chars().filter(|c| c.is_alphabetic()).count() >= 3
                    && l.size > t.size * 2.0
                    && t.y0 < l.y1
                    && t.y1 > l.y0 - l.size * 0.5
            });
            let style = title.unwrap_or(l);
            if title.is_some() {
                text.push(' ');
                text.push_str(&lines[k + 1].text);
                bbox = grown(bbox, &lines[k + 1]);
                end += 1;
            }
            if standout(l) {
                while end < lines.len()
                    && end - k < 3 + usize::from(title.is_some())
                    && standout(&lines[end])
                    // A wrapped title is set tight (or looser when a quotation or bracket
                    // it opened is still open: `CHE COS'È IL “TEATRO` / `VIRTUALE”?`, or
                    // the next line goes on in lower case or the title so far ends on a
                    // function word: `README: Instructions on` / `configuring and building
                    // 4ti2` in a chapter title set 1.45 apart); a numbered line below is a
                    // heading of its own.
                    && lines[end].base - lines[end - 1].base
                        <= lines[end].size
                            * if left_open(&text) {
                                2.5
                            } else if lines[end].text.starts_with(char::is_lowercase)
                                || headings::ends_with_function_word(&text.to_lowercase())
                            {
                                1.6
                            } else {
                                1.35
                            }
                    && headings::numbering(&lines[end].text).is_none()
                    && headings::numbering_lower(&lines[end].text).is_none()
                    && title_goes_on(&lines[end - 1], &lines[end])
                    // (A declaration's arguments, its parenthesis still open, may run
                    // longer: `5.3.2.2 trace_return_t addContainer ( varPrec time, …` /
                    // `char ∗name, const char ∗file )`.)
                    && text.len() + lines[end].text.len() < if left_open(&text) { 240 } else { 150 }
                    && (lines[end].size - style.size).abs() < 0.5
                    && lines[end].bold == style.bold
                {
                    // A title hyphenated at the line end: `environ-` + `ments`.
                    let next = &lines[end].text;
                    if text.ends_with('-')
                        && text[..text.len() - 1].ends_with(char::is_lowercase)
                        && next.starts_with(char::is_lowercase)
                    {
                        text.pop();
                    } else {
                        text.push(' ');
                    }
                    text.push_str(next);
                    bbox = grown(bbox, &lines[end]);
                    end += 1;
                }
            }
            // A numbered run-in heading (`1.1 Essential Commands. To begin, …` with the
            // number and title in bold): the title becomes a line of its own, without its
            // closing period, and the paragraph starts after it.
            if brk && !l.bold && !l.mono && l.table.is_none() && end == k + 1 && l.bold_lead > 0 {
                let lead = l.text.get(..l.bold_lead).unwrap_or("").trim();
                let rest = l.text.get(l.bold_lead..).unwrap_or("").trim_start();
                let title = lead.trim_end_matches(['.', ':']);
                if lead.len() > title.len()
                    && !rest.is_empty()
                    && title.split_whitespace().count() >= 2
                    && (headings::numbering(title).is_some()
                        || headings::numbering_lower(title).is_some())
                {
                    out.push_str(title);
                    out.push('\n');
                    hints.push(Some(LineHint {
                        bbox,
                        page: pi as u32 + l.page_shift,
                        typography: Typography {
                            size_ratio: l.size / body,
                            bold: true,
                            italic: false,
                        },
                        size_bin: bin_of(&bins, l.size),
                        centered: false,
                        mono: false,
                        table: None,
                        footnote: false,
                        cells: 1,
                        figure: false,
                    }));
                    blank(&mut out, &mut hints);
                    text = rest.to_string();
                }
            }
            if l.mono {
                // Code keeps its indentation, in characters of its own width.
                let cw = ((l.x1 - l.x0) / l.text.chars().count().max(1) as f32).max(1.0);
                let left = lines[..=k]
                    .iter()
                    .rev()
                    .take_while(|v| v.mono && v.flow == l.flow)
                    .chain(
                        lines[k + 1..]
                            .iter()
                            .take_while(|v| v.mono && v.flow == l.flow),
                    )
                    .map(|v| v.x0)
                    .fold(f32::INFINITY, f32::min);
                let indent = (((l.x0 - left) / cw).round() as usize).min(40);
                out.extend(std::iter::repeat_n(' ', indent));
            } else if l.table.is_some() && l.cells.len() >= 2 {
                text = table_row(l);
            } else if page_cell(l).is_some() && end == k + 1 {
                // A contents entry: its page number set apart, as the text rules expect.
                let (head, last) = l.cells.split_at(l.cells.len() - 1);
                let head: Vec<&str> = head.iter().map(|c| c.2.as_str()).collect();
                text = format!("{}  {}", head.join(" "), last[0].2.trim());
            }
            out.push_str(text.trim_end());
            out.push('\n');
            hints.push(Some(LineHint {
                bbox,
                page: pi as u32 + l.page_shift,
                typography: Typography {
                    size_ratio: style.size / body,
                    bold: style.bold,
                    italic: style.italic,
                },
                size_bin: bin_of(&bins, style.size),
                centered: {
                    let (left, right) = edges.get(&l.flow).copied().unwrap_or((l.x0, l.x1));
                    let mid = (left + right) / 2.0;
                    (bbox[2] - bbox[0]) < (right - left) * 0.7
                        && ((bbox[0] + bbox[2]) / 2.0 - mid).abs() < (right - left) * 0.03
                },
                mono: l.mono,
                table: l.table,
                footnote: l.footnote,
                cells: (l.cells.len() - usize::from(l.table.is_none() && number_cell(&l.cells)))
                    .min(255) as u8,
                figure: l.figure,
            }));
            k = end;
        }
    }
    let hints = Hints {
        lines: hints,
        tables,
    };
    let left_out = LeftOut {
        furniture_lines,
        overlay_pages,
    };
    (out, hints, left_out)
}

/// A line's first cell is a section number of two parts or more alone, set apart from the
/// title after it (`5.1.1   Detailed Description`): a heading's gap, not a table's column.
fn number_cell(cells: &[(f32, f32, String)]) -> bool {
    cells.len() >= 2 && section_number_cell(&cells[0].2).is_some()
}

/// A paragraph that runs on to the next page would be cut by the footnotes at the foot of the
/// page: the lines that finish it on the next page move up to before the footnotes, so the
/// paragraph stays one block and the footnotes stay in the section of their marker. The lines
/// keep their own page in their hints.
pub(super) fn continue_over_footnotes(pages: &mut [Page], body: f32, lead: f32) {
    for pi in 0..pages.len().saturating_sub(1) {
        let p = &pages[pi];
        let Some(first_note) = p.lines.iter().position(|l| l.footnote) else {
            continue;
        };
        if first_note == 0 || p.lines[first_note..].iter().any(|l| !l.footnote) {
            continue;
        }
        let last = &p.lines[first_note - 1];
        let next = &pages[pi + 1].lines;
        if !next.first().is_some_and(|first| runs_on(last, first)) {
            continue;
        }
        let edges = flow_edges(next);
        let end = (1..next.len())
            .find(|&j| paragraph_break(&next[j - 1], &next[j], &edges, body, lead))
            .unwrap_or(next.len());
        let moved: Vec<VLine> = pages[pi + 1]
            .lines
            .drain(..end)
            .map(|mut l| {
                l.page_shift = 1;
                l
            })
            .collect();
        let p = &mut pages[pi];
        let at = first_note;
        p.lines.splice(at..at, moved);
    }
}

/// Line `first` (on the next page) can finish the paragraph that line `last` leaves
/// unfinished: `last` is prose without a sentence end, and `first` is in the same type.
pub(super) fn runs_on(last: &VLine, first: &VLine) -> bool {
    !last.figure
        && !first.figure
        && last.table.is_none()
        && !last.mono
        && !closes_sentence(last)
        && (first.size - last.size).abs() <= 0.5
        && first.bold == last.bold
        && !first.mono
}

/// A paragraph that runs on to the next page would be cut by a full-width float at the top
/// of that page (a figure caption across both columns): the lines that finish it come first.
pub(super) fn continue_under_floats(pages: &mut [Page], body: f32, lead: f32) {
    for pi in 1..pages.len() {
        let Some(last) = pages[pi - 1].lines.iter().rev().find(|l| !l.footnote) else {
            continue;
        };
        let lines = &pages[pi].lines;
        if !lines.first().is_some_and(|l| l.span) {
            continue;
        }
        let Some(f) = lines.iter().position(|l| !l.span) else {
            continue;
        };
        if !runs_on(last, &lines[f]) {
            continue;
        }
        let edges = flow_edges(lines);
        let end = (f + 1..lines.len())
            .find(|&j| paragraph_break(&lines[j - 1], &lines[j], &edges, body, lead))
            .unwrap_or(lines.len());
        let lines = &mut pages[pi].lines;
        lines[..end].rotate_left(f);
    }
}

pub(super) fn flow_edges(lines: &[VLine]) -> HashMap<(u32, u32), (f32, f32)> {
    let mut e: HashMap<(u32, u32), (f32, f32)> = HashMap::new();
    for l in lines {
        let v = e
            .entry(l.flow)
            .or_insert((f32::INFINITY, f32::NEG_INFINITY));
        v.0 = v.0.min(l.x0);
        v.1 = v.1.max(l.x1);
    }
    e
}

/// Each footnote goes right after the paragraph whose superscript mark it carries, so it is
/// read with that paragraph and stays in its section. Notes whose mark is not found stay at
/// the foot of the page.
pub(super) fn place_footnotes(p: &mut Page, body: f32, lead: f32) {
    if !p.lines.iter().any(|l| l.footnote) {
        return;
    }
    let edges = flow_edges(&p.lines);
    let lines = std::mem::take(&mut p.lines);
    let (notes_lines, text_lines): (Vec<VLine>, Vec<VLine>) =
        lines.into_iter().partition(|l| l.footnote);
    // Notes: a new one starts at each line that begins with a mark.
    let mut notes: Vec<(Option<String>, Vec<VLine>)> = Vec::new();
    for l in notes_lines {
        let t = l.text.trim_start();
        let mark: String = t
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .take(2)
            .collect();
        let mark = if !mark.is_empty() {
            Some(mark)
        } else {
            t.chars()
                .next()
                .filter(|&c| is_mark_symbol(c))
                .map(String::from)
        };
        match notes.last_mut() {
            Some(n) if mark.is_none() => n.1.push(l),
            _ => notes.push((mark, vec![l])),
        }
    }
    // Where each paragraph ends: after line i, the first break.
    let para_end = |i: usize| -> usize {
        (i + 1..text_lines.len())
            .find(|&j| paragraph_break(&text_lines[j - 1], &text_lines[j], &edges, body, lead))
            .unwrap_or(text_lines.len())
    };
    let mut after: Vec<(usize, Vec<VLine>)> = Vec::new();
    let mut foot: Vec<VLine> = Vec::new();
    for (mark, n) in notes {
        let at = mark.and_then(|m| text_lines.iter().rposition(|l| l.markers.contains(&m)));
        match at {
            Some(i) => after.push((para_end(i), n)),
            None => foot.extend(n),
        }
    }
    after.sort_by_key(|a| a.0);
    let mut out = Vec::with_capacity(text_lines.len() + after.len() + foot.len());
    let mut pending = after.into_iter().peekable();
    for (i, l) in text_lines.into_iter().enumerate() {
        while pending.peek().is_some_and(|(e, _)| *e == i) {
            out.extend(pending.next().unwrap().1);
        }
        out.push(l);
    }
    for (_, n) in pending {
        out.extend(n);
    }
    out.extend(foot);
    p.lines = out;
}

/// A table row's cells, ` | ` between them.
pub(super) fn table_row(l: &VLine) -> String {
    let cells: Vec<&str> = l.cells.iter().map(|c| c.2.as_str()).collect();
    cells.join(" | ")
}

/// Whether line `l` ends a sentence or a lead-in (`.`, `!`, `?`, `:`).
pub(super) fn closes_sentence(l: &VLine) -> bool {
    let t = l.text.trim_end();
    // A footnote's mark set after the full stop (`publications.4`) does not reopen it.
    let t = l
        .markers
        .iter()
        .find_map(|m| t.strip_suffix(m.as_str()))
        .unwrap_or(t);
    t.trim_end().ends_with(['.', '!', '?', ':'])
}

/// Whether `t` leaves a quotation or bracket open: more opening marks than closing ones.
pub(super) fn left_open(t: &str) -> bool {
    let count = |cs: &[char]| t.chars().filter(|c| cs.contains(c)).count();
    count(&['“', '«', '(', '[']) > count(&['”', '»', ')', ']'])
}

/// Whether title line `b` goes on from title line `a` set tight above it in the same type:
/// the same column, no list item, and `a` does not close a sentence. Indentation does not
/// count: a numbered title's wrapped lines hang under its text (`7.32 How can I capture or
/// ignore errors in a long` / `simulation?`).
pub(super) fn title_goes_on(a: &VLine, b: &VLine) -> bool {
    a.flow == b.flow
        && a.page_shift == b.page_shift
        && b.base > a.base
        && !text::list_marker_start(&b.text)
        && (!closes_sentence(a) || headings::attribute_only(&b.text))
}

/// Whether a new paragraph starts at line `b`, right after line `a` of the same page.
pub(super) fn paragraph_break(
    a: &VLine,
    b: &VLine,
    edges: &HashMap<(u32, u32), (f32, f32)>,
    body: f32,
    lead: f32,
) -> bool {
    if a.table != b.table || a.footnote != b.footnote || a.mono != b.mono || b.break_before {
        return true;
    }
    if a.table.is_some() {
        // Rows of one table (a bold header row included) stay together.
        return false;
    }
    if (a.size - b.size).abs() > 0.5 || a.bold != b.bold {
        return true;
    }
    // A bold line that opens with a section number of two parts or more set apart from its
    // title, under a bold line of the same column and page, is a title of its own (a
    // reference manual's entries with nothing under them, set tight: `7.2.3.1
    // trace_return_t gtg_addContainer ( … )` / `7.2.3.2 …`; `2.5 GHz processors` in a bold
    // paragraph has no gap after its number).
    if a.bold
        && !a.mono
        && a.flow == b.flow
        && a.page_shift == b.page_shift
        && number_cell(&b.cells)
    {
        return true;
    }
    let (left, right) = edges.get(&b.flow).copied().unwrap_or((b.x0, b.x1));
    if a.page_shift != b.page_shift {
        // The end of a paragraph moved up from the next page (see `continue_over_footnotes`).
        return false;
    }
    if a.flow != b.flow {
        // A column jump goes on when the sentence does.
        return closes_sentence(a);
    }
    let step = b.base - a.base;
    let expected = lead * (a.size.max(b.size) / body);
    if step < 0.0 || step > expected * 1.4 {
        return true;
    }
    // A short numbered line that leaves its sentence open, then a wider step than the lines
    // of a paragraph take, before a capital: a numbered title over its text (`11. MATH
    // EQUATIONS` / `You may want …`, where OCR tells no bold to part them).
    if step > expected * 1.2
        && a.x1 < right - a.size * 3.0
        && (headings::numbering(&a.text).is_some() || number_cell(&a.cells))
        && !closes_sentence(a)
        && b.text.starts_with(char::is_uppercase)
    {
        return true;
    }
    if text::list_marker_start(&b.text) {
        return true;
    }
    if a.mono {
        return false;
    }
    let indent = b.size * 0.8;
    // A first-line indent under a flush line that ends a paragraph (short, or a sentence);
    // under a full line that goes on, it is a hanging indent (a description list).
    if b.x0 > left + indent
        && a.x0 <= left + indent * 0.5
        && b.x0 > a.x0 + indent
        && (a.x1 < right - a.size * 2.0 || closes_sentence(a))
    {
        return true;
    }
    // A short line that ends a sentence.
    if a.x1 < right - a.size * 3.0 && closes_sentence(a) {
        return true;
    }
    false
}
