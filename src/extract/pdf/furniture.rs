//! Page furniture of a PDF: running heads and feet, page numbers, repeated lines in the
//! edge bands of the pages.

use super::*;
use std::borrow::Cow;

/// Key of a line for running-furniture detection (`text::furniture_key`); a line of rules or
/// ornaments without letters or digits counts with the bare page numbers in a PDF.
pub(super) fn furniture_key(s: &str) -> String {
    text::furniture_key(s).unwrap_or_else(|| "#".into())
}

/// Page `pi` is one of three or more pages of `with` in a row, each at most two pages after
/// the one before (a chapter's running head, on every page of the chapter or every other).
pub(super) fn local_run(with: &[u32], pi: u32) -> bool {
    let pages = page_set(with);
    let Some(at) = pages.iter().position(|&q| q == pi) else {
        return false;
    };
    let mut lo = at;
    while lo > 0 && pages[lo] - pages[lo - 1] <= 2 {
        lo -= 1;
    }
    let mut hi = at;
    while hi + 1 < pages.len() && pages[hi + 1] - pages[hi] <= 2 {
        hi += 1;
    }
    hi - lo + 1 >= 3
}

/// A cell that names something in two words or more besides its numbers, and is no
/// caption's label (`Table 4`, at the top of pages in a row, numbered on).
fn named(cell: &str) -> bool {
    cell.split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .count()
        >= 2
        && crate::structure::captions::caption_label(cell).is_none()
}

/// The different pages `pages` holds, in order.
fn page_set(pages: &[u32]) -> Vec<u32> {
    let mut v = pages.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// The running-furniture key of `s` has words (three letters or more), not only a number or
/// symbols.
pub(super) fn worded_key(s: &str) -> bool {
    text::furniture_key(s).is_some_and(|k| k.chars().filter(|c| c.is_alphabetic()).count() >= 3)
}

/// A number at the start or the end of a line (the page number of a running head).
pub(super) fn edge_number(s: &str) -> Option<i64> {
    let t = s.trim();
    let head: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    let tail: String = {
        let mut v: Vec<char> = t.chars().rev().take_while(|c| c.is_ascii_digit()).collect();
        v.reverse();
        v.into_iter().collect()
    };
    let pick = if !tail.is_empty() && tail.len() <= 5 {
        tail
    } else {
        // A number with a stop after it, then words, numbers a section or an item
        // (`2. Usage` opening page 2 of a short guide), not the page.
        let after = &t[head.len()..];
        if after.starts_with(['.', ')'])
            && after[1..].starts_with(' ')
            && after[1..].trim_start().starts_with(char::is_alphabetic)
        {
            return None;
        }
        head
    };
    if pick.is_empty() || pick.len() > 5 {
        return None;
    }
    pick.parse().ok()
}

pub(super) fn bare_number(s: &str) -> bool {
    let t = s
        .trim()
        .trim_matches(|c: char| matches!(c, '-' | '–' | '—' | '[' | ']' | '(' | ')' | ' ' | '|'));
    let t = t
        .strip_prefix("Page ")
        .or_else(|| t.strip_prefix("page "))
        .unwrap_or(t);
    !t.is_empty()
        && t.len() <= 8
        && (t.bytes().all(|b| b.is_ascii_digit())
            || t.bytes()
                .all(|b| matches!(b, b'i' | b'v' | b'x' | b'l' | b'c')))
}

/// Marks running headers, footers and page numbers; returns how many lines.
pub(super) fn mark_furniture(pages: &mut [Page], cfg: &PdfConfig) -> u32 {
    let n = pages.len();
    // A line is at an edge when it lies in the top or bottom band, or is the first or last
    // line of the page standing apart from the rest in the outer fifth of the page.
    let edge_of = |p: &Page| -> Vec<Option<bool>> {
        let band = p.height * cfg.edge_band;
        let top = p.lines.iter().map(|l| l.y0).fold(f32::INFINITY, f32::min);
        let bottom = p
            .lines
            .iter()
            .map(|l| l.y1)
            .fold(f32::NEG_INFINITY, f32::max);
        p.lines
            .iter()
            .map(|l| {
                let apart = |above: bool| {
                    p.lines.iter().all(|o| {
                        std::ptr::eq(o, l)
                            || if above {
                                o.y0 >= l.y1 + l.size * 1.2
                            } else {
                                o.y1 <= l.y0 - l.size * 1.2
                            }
                    })
                };
                if l.y1 <= band || (l.y0 <= top + 0.5 && l.y1 <= p.height * 0.2 && apart(true)) {
                    Some(true)
                } else if l.y0 >= p.height - band
                    || (l.y1 >= bottom - 0.5 && l.y0 >= p.height * 0.8 && apart(false))
                {
                    Some(false)
                } else {
                    None
                }
            })
            .collect()
    };
    let edges: Vec<Vec<Option<bool>>> = pages.iter().map(edge_of).collect();
    // The body size (the size most characters have): a page number is set no larger than the
    // text, where a chapter title that opens each page of a short document is not.
    let body = {
        let mut hist: HashMap<u32, u64> = HashMap::new();
        for l in pages.iter().flat_map(|p| &p.lines) {
            *hist.entry((l.size * 10.0).round() as u32).or_default() += u64::from(l.chars);
        }
        hist.into_iter()
            .max_by_key(|&(s, w)| (w, std::cmp::Reverse(s)))
            .map_or(f32::INFINITY, |(s, _)| s as f32 / 10.0)
    };
    // (top?, key, y bucket) → pages.
    let mut seen: HashMap<(bool, String, i32), Vec<u32>> = HashMap::new();
    let mut offsets: HashMap<(bool, i64), u32> = HashMap::new();
    let mut numbered_band_pages = 0u32;
    // A running head that names the section each page is in (`1.1 Introduction` over one
    // page, `1.2 Debugger` over the next ten) repeats no text, but its place and type: the
    // first line of most pages, in the top band, at one height, set smaller than the text.
    // (A page's first line of body text is set in the body size.) Pages by (height, size).
    let mut head_slots: HashMap<(i32, u32), usize> = HashMap::new();
    let slot_of = |l: &VLine| ((l.y0 / 6.0).round() as i32, (l.size * 2.0).round() as u32);
    let small_head = |l: &VLine, edge: Option<bool>| edge == Some(true) && l.size < body * 0.95;
    // The height of each page's first line, and of its last line's foot.
    let tops: Vec<f32> = pages
        .iter()
        .map(|p| p.lines.iter().map(|l| l.y0).fold(f32::INFINITY, f32::min))
        .collect();
    let bottoms: Vec<f32> = pages
        .iter()
        .map(|p| {
            p.lines
                .iter()
                .map(|l| l.y1)
                .fold(f32::NEG_INFINITY, f32::max)
        })
        .collect();
    for (pi, p) in pages.iter().enumerate() {
        let mut numbered = false;
        let first = p
            .lines
            .iter()
            .zip(&edges[pi])
            .find(|(l, _)| l.y0 <= tops[pi]);
        if let Some((l, _)) = first.filter(|(l, &edge)| small_head(l, edge)) {
            *head_slots.entry(slot_of(l)).or_default() += 1;
        }
        for (l, edge) in p.lines.iter().zip(&edges[pi]) {
            let Some(top) = *edge else { continue };
            let y = if top { l.y0 } else { p.height - l.y1 };
            // The line, and each of its cells when it has several: a running footer set apart
            // from its page number is one line on most pages and two on some (`DICOM
            // Conformance Statement`, `Page 12`), and each part repeats either way.
            // Only cells with words count so: a listing's line number and brace (`258`, `{`)
            // are no running title however many pages end with some.
            let cells = l
                .cells
                .iter()
                .map(|c| c.2.as_str())
                .filter(|c| l.cells.len() >= 2 && worded_key(c));
            for text in std::iter::once(l.text.as_str()).chain(cells) {
                let e = seen
                    .entry((top, furniture_key(text), (y / 6.0).round() as i32))
                    .or_default();
                if e.last() != Some(&(pi as u32)) {
                    e.push(pi as u32);
                }
            }
            if let Some(num) = edge_number(&l.text).filter(|_| l.size <= body * 1.15) {
                *offsets.entry((top, num - pi as i64)).or_default() += 1;
                numbered = true;
            }
        }
        numbered_band_pages += u32::from(numbered);
    }
    let need = ((n as f64) * cfg.furniture_min_share).ceil().max(2.0) as usize;
    let best_offset: Vec<(bool, i64)> = offsets
        .iter()
        .filter(|(_, &c)| n >= 3 && c >= 3 && c * 2 >= numbered_band_pages)
        .map(|(k, _)| *k)
        .collect();
    let mut count = 0;
    for (pi, p) in pages.iter_mut().enumerate() {
        let height = p.height;
        for (l, edge) in p.lines.iter_mut().zip(&edges[pi]) {
            if n >= 3
                && l.y0 <= tops[pi]
                && small_head(l, *edge)
                && head_slots.get(&slot_of(l)).is_some_and(|&k| k >= need)
            {
                l.furniture = true;
                count += 1;
                continue;
            }
            let Some(top) = *edge else { continue };
            let y = if top { l.y0 } else { height - l.y1 };
            let b = (y / 6.0).round() as i32;
            // The pages where `text` stands at this edge, at about this height.
            let pages_with = |text: &str| -> Vec<u32> {
                let key = furniture_key(text);
                (b - 1..=b + 1)
                    .filter_map(|bb| seen.get(&(top, key.clone(), bb)))
                    .flatten()
                    .copied()
                    .collect()
            };
            // `with` holds enough pages for a running line of the whole document.
            let repeats_on = |with: &[u32]| {
                // Books alternate running heads: count each parity of pages apart too.
                let parity = pi as u32 % 2;
                let same_parity = with.iter().filter(|&&q| q % 2 == parity).count();
                let parity_pages = (n as u32 + 1 - parity) / 2;
                n >= 3
                    && (with.len() >= need
                        || (n >= 4
                            && same_parity >= 2
                            && same_parity as f64
                                >= f64::from(parity_pages) * cfg.furniture_min_share))
            };
            let line_pages = pages_with(&l.text);
            // A line of one cell also in a run of pages: a chapter's own running head. (Rows
            // of cells at a page's edge on pages in a row are a long table's header, repeated.)
            let chapter_head = l.cells.len() <= 1
                && l.size <= body * 1.2
                && worded_key(&l.text)
                && local_run(&line_pages, pi as u32);
            let cells_repeat = || {
                let worded: Vec<bool> = l.cells.iter().map(|c| worded_key(&c.2)).collect();
                worded.contains(&true)
                    && l.cells.iter().zip(&worded).all(|(c, &w)| {
                        if w {
                            repeats_on(&pages_with(&c.2))
                        } else {
                            bare_number(&c.2)
                        }
                    })
            };
            // A running head of two or three cells, the page's first line (its last at the
            // foot), where one cell names the document on most pages and another the section
            // the page is in (`1.2. Die Programme einrichten | Ubuntu Packaging Guide`): no
            // bigger than the text, as a slide's title beside a name on every slide is.
            let outermost = if top {
                l.y0 <= tops[pi] + 0.5
            } else {
                l.y1 >= bottoms[pi] - 0.5
            };
            // Or one cell names the chapter on the pages of the chapter, in a run, beside
            // the section the page is in, which changes within the run (`1.3. QUICK GUIDE |
            // CHAPTER 1. GETTING STARTED`): a long table's head repeats as a whole.
            let split_head = || {
                (2..=3).contains(&l.cells.len())
                    && outermost
                    && l.size <= body * 1.2
                    && l.cells.iter().any(|c| {
                        // A title of words, not a value a table's column repeats (`Yes`).
                        c.2.split_whitespace().count() >= 2 && worded_key(&c.2) && {
                            let cell_pages = pages_with(&c.2);
                            repeats_on(&cell_pages)
                                || (local_run(&cell_pages, pi as u32)
                                    && page_set(&cell_pages).len() > page_set(&line_pages).len()
                                    && named(&c.2))
                        }
                    })
            };
            let repeats = chapter_head
                || repeats_on(&line_pages)
                || (l.cells.len() >= 2 && cells_repeat())
                || split_head();
            let numbered = edge_number(&l.text)
                .is_some_and(|num| best_offset.contains(&(top, num - pi as i64)))
                && l.text.len() <= 120
                && l.size <= body * 1.15;
            if repeats || numbered || (bare_number(&l.text) && n >= 2) {
                l.furniture = true;
                count += 1;
            }
        }
    }
    count
}

/// A fragment's words (hashed) and box, to half a point.
type FixedKey = (u64, i32, i32, i32, i32);

/// Removes the fragments drawn at the very same place with the same words on nine pages in
/// ten (all but one at least, three pages or more), out of the edge bands: a web page's
/// fixed parts, which a browser or an HTML-to-PDF printer repeats on every page (a sidebar of
/// links beside the text, a navigation bar over it), lines that no edge band holds and that
/// share baselines with the text. A row of two or more fragments that all repeat so (a long
/// table's header on each of its pages, a running head of several cells) is left to
/// [`mark_furniture`], which knows those apart, unless one of them lies inside a block of
/// fixed parts that stand alone (a navigation bar's row of two links among its links one a
/// line). Returns how many fragments went.
pub(super) fn fixed_furniture(pages: &mut [Vec<Frag>], heights: &[f32], cfg: &PdfConfig) -> u32 {
    let n = pages.len();
    if n < 3 {
        return 0;
    }
    // Nine pages in ten, all but one at least: a fixed part is printed on each page, but
    // for one where the page's flow sets it (a first page that opens with other lines); a
    // page-per-entry manual's `Name` label, at one place on most pages, is not on its front
    // pages.
    let need = (n - (n / 10).max(1)).max(3);
    // Out of the edge bands, where the running heads and feet are judged with their
    // exceptions.
    let inside = |f: &Frag, h: f32| f.y1 > h * cfg.edge_band && f.y0 < h * (1.0 - cfg.edge_band);
    // Words (hashed) and box, to half a point.
    let key = |f: &Frag| -> FixedKey {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        f.text.trim().hash(&mut h);
        let q = |v: f32| (v * 2.0).round() as i32;
        (h.finish(), q(f.x0), q(f.y0), q(f.x1), q(f.y1))
    };
    // Three letters at least (a page's number or a rule of dashes is no fixed part); cheap,
    // where `worded_key` builds a key.
    let lettered = |f: &Frag| {
        f.text
            .chars()
            .filter(|c| c.is_alphabetic())
            .nth(2)
            .is_some()
    };
    // Each lettered fragment's key, made once.
    let keys: Vec<Vec<Option<FixedKey>>> = pages
        .iter()
        .map(|frags| frags.iter().map(|f| lettered(f).then(|| key(f))).collect())
        .collect();
    // Key → (last page counted, pages), of the fragments out of the edge bands.
    let mut seen: HashMap<FixedKey, (usize, usize)> = HashMap::new();
    for (pi, (frags, keys)) in pages.iter().zip(&keys).enumerate() {
        let h = heights[pi];
        for (f, k) in frags.iter().zip(keys) {
            if let Some(k) = k.filter(|_| inside(f, h)) {
                let e = seen.entry(k).or_insert((usize::MAX, 0));
                if e.0 != pi {
                    *e = (pi, e.1 + 1);
                }
            }
        }
    }
    if !seen.values().any(|e| e.1 >= need) {
        return 0;
    }
    let fixed: Vec<Vec<bool>> = pages
        .iter()
        .zip(&keys)
        .map(|(frags, keys)| {
            frags
                .iter()
                .zip(keys)
                .map(|(f, k)| {
                    k.is_some_and(|k| seen.get(&k).is_some_and(|e| e.1 >= need))
                        && worded_key(&f.text)
                })
                .collect()
        })
        .collect();
    // A fixed part stands alone on its baseline or beside text that changes from page to
    // page; a row of fixed parts and numbers is left to the edge rules.
    // A row of fixed parts inside a block of them, though, is a line of that block (`ALL
    // CLASSES` and `SEARCH:` across a navigation bar whose other links stand one a line).
    let drops: Vec<Vec<bool>> = pages
        .iter()
        .zip(&fixed)
        .map(|(frags, fixed)| {
            let row = |i: usize| {
                let f = &frags[i];
                (0..frags.len())
                    .filter(move |&j| j != i && (frags[j].base - f.base).abs() <= f.size * 0.3)
            };
            let mut drop: Vec<bool> = (0..frags.len())
                .map(|i| {
                    fixed[i] && {
                        let mut row = row(i).peekable();
                        row.peek().is_none() || row.any(|j| !fixed[j] && worded_key(&frags[j].text))
                    }
                })
                .collect();
            // The blocks of the fixed parts that stand alone.
            let alone: Vec<usize> = (0..frags.len()).filter(|&i| drop[i]).collect();
            let blocks = lone_blocks(frags, &alone);
            // A fragment inside a block of them, to two points.
            let within = |f: &Frag| {
                blocks.iter().any(|b| {
                    f.x0 >= b[0] - 2.0
                        && f.x1 <= b[2] + 2.0
                        && f.y0 >= b[1] - 2.0
                        && f.y1 <= b[3] + 2.0
                })
            };
            if !blocks.is_empty() {
                for i in 0..frags.len() {
                    if fixed[i]
                        && !drop[i]
                        && (within(&frags[i]) || row(i).any(|j| fixed[j] && within(&frags[j])))
                    {
                        drop[i] = true;
                    }
                }
            }
            drop
        })
        .collect();
    // And it is a small share of the text: pages that repeat most of their text at one place
    // (a form letter printed once per addressee) keep it.
    let (mut all, mut dropped) = (0usize, 0usize);
    for (frags, drop) in pages.iter().zip(&drops) {
        for (f, &d) in frags.iter().zip(drop) {
            all += f.chars as usize;
            dropped += if d { f.chars as usize } else { 0 };
        }
    }
    if dropped * 5 > all {
        return 0;
    }
    let mut count = 0;
    for (frags, drop) in pages.iter_mut().zip(&drops) {
        let mut i = 0;
        frags.retain(|_| {
            i += 1;
            !drop[i - 1]
        });
        count += drop.iter().filter(|&&d| d).count() as u32;
    }
    count
}

/// The boxes of the blocks that `alone` (indexes into `frags`: fixed parts that stand alone)
/// make: each a column of three or more, one over the next within two lines and overlapping
/// it (a sidebar, a navigation bar's links one a line), not every such part on the page at
/// once.
fn lone_blocks(frags: &[Frag], alone: &[usize]) -> Vec<[f32; 4]> {
    let mut block: Vec<usize> = (0..alone.len()).collect();
    for a in 0..alone.len() {
        for b in a + 1..alone.len() {
            let (f, g) = (&frags[alone[a]], &frags[alone[b]]);
            let gap = (g.y0 - f.y1).max(f.y0 - g.y1);
            if gap <= 2.0 * f.size.max(g.size) && f.x0 < g.x1 && g.x0 < f.x1 {
                let (ra, rb) = (union_root(&mut block, a), union_root(&mut block, b));
                block[ra] = rb;
            }
        }
    }
    let mut boxes: HashMap<usize, ([f32; 4], usize)> = HashMap::new();
    for (k, &i) in alone.iter().enumerate() {
        let f = &frags[i];
        let e = boxes
            .entry(union_root(&mut block, k))
            .or_insert(([f.x0, f.y0, f.x1, f.y1], 0));
        e.0 = [
            e.0[0].min(f.x0),
            e.0[1].min(f.y0),
            e.0[2].max(f.x1),
            e.0[3].max(f.y1),
        ];
        e.1 += 1;
    }
    boxes
        .into_values()
        .filter(|b| b.1 >= 3)
        .map(|b| b.0)
        .collect()
}

/// Pages that a slide's overlays build up (`\pause` in a Beamer frame): every line of a
/// page stands on the next page too, word for word, in the same place and size, and the next
/// page adds to them (or repeats them: a page printed twice). Read as text, the frame would
/// say everything once per page; so the next page keeps only what it adds, and the frame
/// reads once, from the page it starts on. Runs on the lines left once the furniture is out
/// (the deck's running foot is found on every page first); a line in the top or bottom band
/// may still differ from its twin in its digits (a page number the furniture rules left).
/// Returns how many pages were cut down so.
pub(super) fn fold_overlays(pages: &mut [Page]) -> u32 {
    fn edge(p: &Page, l: &VLine) -> bool {
        l.y0 < p.height * 0.08 || l.y1 > p.height * 0.92
    }
    fn key<'l>(p: &Page, l: &'l VLine) -> Cow<'l, str> {
        if edge(p, l) {
            Cow::Owned(
                l.text
                    .chars()
                    .map(|c| if c.is_ascii_digit() { '0' } else { c })
                    .collect(),
            )
        } else {
            Cow::Borrowed(l.text.as_str())
        }
    }
    // Per page, the lines its page before showed already (decided on the pages as read).
    let mut shown: Vec<(usize, Vec<bool>)> = Vec::new();
    for k in 1..pages.len() {
        let (a, b) = (&pages[k - 1], &pages[k]);
        // (A page with nothing but its head or foot is no slide.) Most pages share no line
        // of their body with the next: the first such line, looked for as it is, settles it.
        let Some(body) = a.lines.iter().find(|l| !edge(a, l)) else {
            continue;
        };
        if a.lines.len() > b.lines.len()
            || (a.height - b.height).abs() > 1.0
            || !b.lines.iter().any(|t| t.text == body.text)
        {
            continue;
        }
        // The next page's lines by text and place (to the point), each spot's lines in
        // order with a cursor past those taken: linear, a page of 50,000 lines included.
        type Spot = (usize, Vec<usize>);
        let mut there: HashMap<Cow<str>, HashMap<(i32, i32), Spot>> = HashMap::new();
        for (j, l) in b.lines.iter().enumerate() {
            there
                .entry(key(b, l))
                .or_default()
                .entry((l.x0.round() as i32, l.base.round() as i32))
                .or_default()
                .1
                .push(j);
        }
        let mut used = vec![false; b.lines.len()];
        let mut twins = 0;
        for l in &a.lines {
            let Some(spots) = there.get_mut(&key(a, l)) else {
                break;
            };
            let (x, y) = (l.x0.round() as i32, l.base.round() as i32);
            let mut twin = None;
            'near: for dx in -1..=1 {
                for dy in -1..=1 {
                    let spot = (x.saturating_add(dx), y.saturating_add(dy));
                    let Some((cursor, js)) = spots.get_mut(&spot) else {
                        continue;
                    };
                    while js.get(*cursor).is_some_and(|&j| used[j]) {
                        *cursor += 1;
                    }
                    twin = js[*cursor..].iter().copied().find(|&j| {
                        let t = &b.lines[j];
                        !used[j]
                            && (t.x0 - l.x0).abs() < 1.0
                            && (t.base - l.base).abs() < 1.0
                            && (t.size - l.size).abs() < 0.3
                    });
                    if twin.is_some() {
                        break 'near;
                    }
                }
            }
            let Some(j) = twin else { break };
            used[j] = true;
            twins += 1;
        }
        if twins == a.lines.len() {
            shown.push((k, used));
        }
    }
    let folded = shown.len() as u32;
    for (k, used) in shown {
        let mut used = used.into_iter();
        pages[k].lines.retain(|_| !used.next().unwrap_or(false));
    }
    folded
}
