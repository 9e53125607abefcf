//! Page furniture of text with form-feed pages: running titles, page numbers and dates that
//! repeat at the top or bottom of pages, found before blocks are built (see the module
//! documentation of `text`).

use super::*;

/// Key under which a line repeats from page to page: its letters only, lower case, so that
/// page numbers, dates and OCR noise in punctuation do not matter (`Page 3 of 10`, `- 3 -`
/// become `pageof`, `#`). None for lines too long to be furniture.
pub(crate) fn furniture_key(s: &str) -> Option<String> {
    let t = s.trim();
    if t.is_empty() || t.len() > 200 {
        return None;
    }
    // A section number alone at the top of a page (`H.1.6`, its title below) is not a running
    // title, however many pages open with one: its digits are its key, so only the same
    // number repeats.
    if appendix_number_alone(t) {
        return Some(t.to_string());
    }
    let k: String = t
        .chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    if k.is_empty() {
        // A section number (`2.1`) under a chapter's title repeats only where page numbers
        // are written that way themselves.
        if t.contains('.') && number_only(t) {
            return Some("#.#".to_string());
        }
        // A bare page number in any dress: "3", "- 3 -", "[3]".
        return t
            .chars()
            .any(|c| c.is_ascii_digit())
            .then(|| "#".to_string());
    }
    // Roman page numbers of front and back matter: "iv", "- xii -".
    if k.len() <= 6 && t.len() <= 12 && k.chars().all(|c| matches!(c, 'i' | 'v' | 'x' | 'l' | 'c'))
    {
        return Some("#".to_string());
    }
    Some(k)
}

/// A sentence that introduces what follows it (`A complete list of bugs fixed in this version
/// is available here:` under each release's title of GNU make's `NEWS`, a release a page):
/// five words or more, in lower case, ending with a colon. Running titles name a book or a
/// chapter; they do not announce the next line.
pub(super) fn lead_in(s: &str) -> bool {
    let t = s.trim();
    t.ends_with(':')
        && t.split_whitespace().count() >= 5
        && t.chars().filter(|c| c.is_lowercase()).count() * 2
            > t.chars().filter(|c| c.is_alphabetic()).count()
}

/// A line that is one link (`https://…`, `www.…`).
fn link_line(t: &str) -> bool {
    !t.contains(char::is_whitespace) && (t.contains("://") || t.starts_with("www."))
}

/// `7`, `- 7 -`, `[7]`, `iv`: a page number alone, not a section number (`2.1`).
pub(super) fn bare_page_number(s: &str) -> bool {
    let t = s
        .trim()
        .trim_matches(|c: char| matches!(c, '-' | '–' | '—' | '[' | ']' | '(' | ')' | ' '));
    !t.is_empty()
        && t.len() <= 6
        && (t.bytes().all(|b| b.is_ascii_digit())
            || t.bytes()
                .all(|b| matches!(b, b'i' | b'v' | b'x' | b'l' | b'c')))
}

/// `83 / 123`, `83/123`, `83 of 123`, `Page 83 of 123`: a page's number and the page count.
pub(super) fn page_of_total(s: &str) -> Option<(i64, i64)> {
    let t = s.trim();
    let t = t
        .strip_prefix("Page ")
        .or_else(|| t.strip_prefix("page "))
        .unwrap_or(t);
    let (n, m) = t.split_once('/').or_else(|| t.split_once(" of "))?;
    let num = |x: &str| {
        let x = x.trim();
        (!x.is_empty() && x.len() <= 5 && x.bytes().all(|b| b.is_ascii_digit()))
            .then(|| x.parse::<i64>().ok())
            .flatten()
    };
    let (n, m) = (num(n)?, num(m)?);
    (n >= 1 && n <= m).then_some((n, m))
}

/// The value of an arabic page number (None for roman ones).
pub(super) fn page_number_value(s: &str) -> Option<i64> {
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// A markup element's name in angle brackets (`<config>`, `<xsl:param>`), as a reference
/// manual titles the section about it.
pub(super) fn element_name(t: &str) -> bool {
    t.trim()
        .strip_prefix('<')
        .and_then(|r| r.strip_suffix('>'))
        .is_some_and(|n| {
            n.starts_with(|c: char| c.is_ascii_alphabetic())
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
        })
}

/// A program identifier alone (`amdemod`, `bi2de`, `copy_reg`, `gf_add()`, a class's method
/// `@i2cdev/readRegister`): the title of a reference entry under a section number.
pub(super) fn identifier_name(t: &str) -> bool {
    let t = t.trim();
    let name = t.strip_suffix("()").unwrap_or(t);
    let name = name.strip_prefix('@').unwrap_or(name);
    (1..=60).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '/'))
}

/// `4 Modules and Views`, `Appendix A Compiler cobc options`: a chapter's number, then a
/// title in words.
pub(super) fn starts_with_chapter_number(t: &str) -> bool {
    let t = t.trim();
    headings::numbering(t).is_some_and(|n| {
        (n.parts.len() == 1 || matches!(n.kind, NumberKind::Chapter | NumberKind::Appendix))
            && t.get(n.prefix_len..)
                .is_some_and(|r| r.trim_start().starts_with(char::is_alphabetic))
    })
}

/// A section number as the line's second word (`10 3 Replacing TeX's Page Builder`): the
/// number before it is the page's.
pub(super) fn section_number_second(t: &str) -> bool {
    t.split_whitespace()
        .nth(1)
        .is_some_and(|w| number_only(w) && w != ".")
}

/// `CHAPTER 2`, `Part 3`, `Appendix 4`: a label and its number, nothing else.
pub(super) fn chapter_label_line(t: &str) -> bool {
    headings::numbering(t)
        .is_some_and(|n| n.kind == NumberKind::Chapter && t.trim().len() <= n.prefix_len)
}

/// A running title's wording without the page number after it.
pub(super) fn running_form(t: &str) -> &str {
    t.trim()
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end()
}

/// Key of a running title for the chapter-local rule: letters and digits, without the page
/// number and separators at either end (`Chapter 3: Objects 15` and `… 16` agree, `Preface to
/// Version 2.0` and `… 1.1` do not).
pub(super) fn local_key(s: &str) -> String {
    let edge = |c: char| !c.is_alphabetic();
    s.trim_matches(edge)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Furniture of text paginated with blank lines instead of form feeds (nroff output): a short
/// line standing alone that recurs every `d` lines (d ≥ 20) on at least the configured share
/// of the `len / d` pages, most of them in a page's margin.
pub(super) fn periodic_furniture(text: &str, lines: &[Line], cfg: &TextConfig) -> Vec<usize> {
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.blank);
    let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, l) in lines.iter().enumerate() {
        if l.blank || l.end - l.start > 120 || !blank(i + 1) || (i > 0 && !blank(i - 1)) {
            continue;
        }
        if let Some(k) = furniture_key(&text[l.start..l.end]) {
            by_key.entry(k).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for occ in by_key.values() {
        if occ.len() < 3 {
            continue;
        }
        let mut gaps: HashMap<usize, usize> = HashMap::new();
        for w in occ.windows(2) {
            *gaps.entry(w[1] - w[0]).or_default() += 1;
        }
        let Some((&d, _)) = gaps
            .iter()
            .filter(|(&d, _)| d >= 20)
            .max_by_key(|(&d, &n)| (n, std::cmp::Reverse(d)))
        else {
            continue;
        };
        let mut residues: HashMap<usize, usize> = HashMap::new();
        for &i in occ {
            *residues.entry(i % d).or_default() += 1;
        }
        let (&r, &n) = residues
            .iter()
            .max_by_key(|(&r, &n)| (n, std::cmp::Reverse(r)))
            .unwrap_or((&0, &0));
        let pages = lines.len().div_ceil(d);
        // A page's edge lies in its margin: two blank lines or more on one side of most of
        // those lines, or the text's start (a Debian changelog's entries of 23 lines each, `libglvnd (1.5.0-1)
        // unstable; urgency=medium` after one blank line every 23 lines, are no pages).
        let margin =
            |i: usize| (i < 2 || (blank(i - 1) && blank(i - 2))) || (blank(i + 1) && blank(i + 2));
        let margined = occ.iter().filter(|&&i| i % d == r && margin(i)).count();
        if n >= 3
            && n as f64 >= cfg.furniture_min_share * pages as f64
            && margined as f64 >= cfg.furniture_min_share * n as f64
        {
            out.extend(occ.iter().copied().filter(|i| i % d == r));
        }
    }
    out
}

/// A man page rendered as one stream: its first line `LS(1)  User Commands  LS(1)` and its
/// last line (`GNU coreutils 9.1  2022  LS(1)`, or `BSD  January 19, 2003  BSD`).
pub(super) fn man_title_lines(text: &str, lines: &[Line]) -> Vec<usize> {
    let mut content = lines.iter().enumerate().filter(|(_, l)| !l.blank);
    let Some((first, fl)) = content.next() else {
        return Vec::new();
    };
    let tokens: Vec<&str> = text[fl.start..fl.end].split_whitespace().collect();
    let is_ref =
        |t: &str| t.ends_with(')') && t.find('(').is_some_and(|p| p > 0 && p + 2 < t.len());
    let (Some(&a), Some(&z)) = (tokens.first(), tokens.last()) else {
        return Vec::new();
    };
    if tokens.len() < 2 || a != z || !is_ref(a) {
        return Vec::new();
    }
    let mut out = vec![first];
    if let Some((last, ll)) = content.next_back() {
        let t: Vec<&str> = text[ll.start..ll.end].split_whitespace().collect();
        if t.len() >= 2 && (t.last() == Some(&a) || (t.len() >= 3 && t.first() == t.last())) {
            out.push(last);
        }
    }
    out
}

/// Keys of a line's first and last two and three words (letters only, lower case, ten
/// letters or more), for a line longer than them: where a running title's fixed part is.
pub(super) fn end_keys(t: &str) -> Vec<String> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let letters = |ws: &[&str]| -> String {
        ws.iter()
            .flat_map(|w| w.chars())
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let n = words.len();
    (2..=3)
        .filter(|&k| n > k)
        .flat_map(|k| {
            [
                format!("<{k}{}", letters(&words[..k])),
                format!(">{k}{}", letters(&words[n - k..])),
            ]
        })
        .filter(|key| key.chars().count() >= 12)
        .collect()
}

/// Counts page `p` once in a key's (pages, odd pages, even pages, last page counted).
pub(super) fn count_page(e: &mut (u32, u32, u32, u32), p: usize) {
    if e.3 != p as u32 {
        e.3 = p as u32;
        e.0 += 1;
        if p.is_multiple_of(2) {
            e.1 += 1;
        } else {
            e.2 += 1;
        }
    }
}

/// Indices of the lines that are page furniture.
pub(super) fn furniture(text: &str, lines: &[Line], pages: u32, cfg: &TextConfig) -> Vec<usize> {
    // Non-blank lines per page, but specks: OCR reads the marks in a page's margin (`1>`,
    // `3D`, `gp` beside a listing's lines) as lines of one or two characters, and they must
    // not push the running title out of the page's edge. A page number alone is no speck.
    let speck = |l: &Line| {
        let t = &text[l.start..l.end];
        t.chars().filter(|c| c.is_alphanumeric()).count() < 3 && !bare_page_number(t)
    };
    let mut per_page: Vec<Vec<usize>> = vec![Vec::new(); pages as usize];
    for (i, l) in lines.iter().enumerate() {
        if !l.blank && (l.page as usize) < per_page.len() && !speck(l) {
            per_page[l.page as usize].push(i);
        }
    }
    let k = cfg.furniture_zone_lines;
    // (top?, key) → pages it is on, as (all, odd, even) counts with the last page counted.
    let mut counts: HashMap<(bool, String), (u32, u32, u32, u32)> = HashMap::new();
    let mut zone_lines: Vec<(usize, bool, String)> = Vec::new();
    for (p, idx) in per_page.iter().enumerate() {
        let n = idx.len();
        for (j, &i) in idx.iter().enumerate() {
            let top = j < k;
            let bottom = j + k >= n;
            if !top && !bottom {
                continue;
            }
            let t = &text[lines[i].start..lines[i].end];
            // A contents entry with its dot leaders (`2 Usage . . . . 4`) is no running title,
            // and must not make the title it lists one where that opens its page.
            if contents_entry(t) {
                continue;
            }
            let Some(key) = furniture_key(t) else {
                continue;
            };
            for zone in [true, false] {
                if (zone && !top) || (!zone && !bottom) {
                    continue;
                }
                count_page(
                    counts
                        .entry((zone, key.clone()))
                        .or_insert((0, 0, 0, u32::MAX)),
                    p,
                );
                zone_lines.push((i, zone, key.clone()));
            }
        }
    }
    let content_pages = per_page.iter().filter(|v| !v.is_empty()).count() as f64;
    let odd_pages = per_page.iter().step_by(2).filter(|v| !v.is_empty()).count() as f64;
    let even_pages = per_page
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|v| !v.is_empty())
        .count() as f64;
    let share = cfg.furniture_min_share;
    let is_furniture = |c: &(u32, u32, u32, u32)| {
        let all = f64::from(c.0) >= (share * content_pages).max(2.0);
        // Running titles that alternate between left and right pages.
        let odd = odd_pages >= 2.0 && f64::from(c.1) >= (share * odd_pages).max(2.0);
        let even = even_pages >= 2.0 && f64::from(c.2) >= (share * even_pages).max(2.0);
        all || odd || even
    };
    // Running titles that change with the chapter ("Chapter 1: Introduction" on pages 3–9):
    // one of the two outermost lines of a page, of 8 letters or more, on at least 3 pages and on most pages
    // (of its side) between its first and last appearance.
    let mut spans: HashMap<(bool, String), (u32, u32, u32, u8)> = HashMap::new();
    let mut cased: HashMap<(bool, String), u32> = HashMap::new();
    // How often each exact wording of a key's lines occurs, page numbers aside.
    let mut forms: HashMap<(bool, &str), u32> = HashMap::new();
    // How many of a key's lines open with a digit (`28 Gri` on every page is a page number
    // and a running title; `4 Modules and Views` once is a chapter's opening).
    let mut digit_led: HashMap<(bool, String), u32> = HashMap::new();
    // A page of two lines is all edges: its lines are left out of these counts of edge
    // lines (a release's title and its one line, `This is a bug-fix release.`, a page each,
    // three pages running, made that line a running title).
    for (p, idx) in per_page.iter().enumerate().filter(|(_, idx)| idx.len() > 2) {
        let n = idx.len();
        let inner_bottom = n.checked_sub(2).and_then(|j| idx.get(j));
        for (zone, i) in [
            (true, idx.first()),
            (true, idx.get(1)),
            (false, idx.last()),
            (false, inner_bottom),
        ] {
            let Some(&i) = i else { continue };
            let t = &text[lines[i].start..lines[i].end];
            let key = local_key(t);
            if t.chars().any(char::is_lowercase) {
                *cased.entry((zone, key.clone())).or_default() += 1;
            }
            *forms.entry((zone, running_form(t))).or_default() += 1;
            if t.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                *digit_led.entry((zone, key.clone())).or_default() += 1;
            }
            let e = spans
                .entry((zone, key))
                .or_insert((0, p as u32, p as u32, 0u8));
            e.0 += 1;
            e.2 = p as u32;
            e.3 |= 1 << (p % 2);
        }
    }
    // A chapter's opening in mixed case where its running titles are set in capitals
    // (`10 Interfacing Prolog and C` under the page number, `200 … 10 INTERFACING PROLOG AND C`
    // on the pages after it) is the heading the running titles repeat, not one of them.
    let opening = |zone: bool, line: usize| {
        let t = &text[lines[line].start..lines[line].end];
        let key = (zone, local_key(t));
        t.chars().any(char::is_lowercase)
            && cased.get(&key).copied() == Some(1)
            && spans.get(&key).is_some_and(|s| s.0 >= 3)
    };
    // A chapter's opening under its number (`4 Modules and Views`, `Appendix A Compiler cobc
    // options`, at the edge of its first page, the top as a rule), where the running titles
    // of the pages after it repeat its words in other dress (`Modules and Views`, `Appendix
    // A: Compiler cobc options 32`).
    let numbered_opening = |zone: bool, line: usize| {
        let t = &text[lines[line].start..lines[line].end];
        let key = (zone, local_key(t));
        // (`104          Chapter 1. The PyTables Core Library` is a page number and a
        // running title, set apart.)
        let digit = t.trim_start().starts_with(|c: char| c.is_ascii_digit());
        starts_with_chapter_number(t)
            && !t.trim().contains("   ")
            && forms.get(&(zone, running_form(t))).copied() == Some(1)
            && (!digit || digit_led.get(&key).copied() == Some(1))
            && spans
                .get(&key)
                .is_some_and(|s| s.0 >= 3 && s.1 == lines[line].page)
    };
    // A line set far right of the margin (centred, as running titles are) may be short:
    // `Reports` over every page of that chapter.
    let centred = |line: usize| lines[line].indent >= 24;
    let local = |zone: bool, line: usize| {
        let key = local_key(&text[lines[line].start..lines[line].end]);
        let min_len = if centred(line) { 4 } else { 8 };
        // Left and right pages may carry different titles: a title on one side only is
        // counted against the pages of that side.
        spans
            .get(&(zone, key.clone()))
            .is_some_and(|&(n, first, last, sides)| {
                let slots = if sides == 3 {
                    last - first + 1
                } else {
                    (last - first) / 2 + 1
                };
                key.len() >= min_len && n >= 3 && f64::from(n) >= share * f64::from(slots)
            })
    };
    // A line of 8 letters or more that the document writes only at the edges of its pages (the
    // two outermost lines), on 3 pages or more: a running title that skips chapter openings
    // and the other side of the spread. Two of those lines at least say the same, numbers
    // and all (page numbers at the ends aside): lines whose numbers change from page to page
    // (`Version 0.17 - November 2007`, `Version 0.13 - November 2003`, a release's title
    // opening each page of a `NEWS` file) are headings that share their words. And the pages
    // are numbered: a text cut into pages by form feeds alone (GNU's `NEWS` files, a release
    // a page) has no running titles of this kind, and a release of one item on a page of its
    // own (`* Bug fixes in the gettext.m4 autoconf macros.`) is at its edges by chance.
    let mut edge_count: HashMap<String, (u32, u32)> = HashMap::new();
    let mut edge_wording: HashMap<String, HashMap<String, u32>> = HashMap::new();
    for idx in &per_page {
        for (j, &i) in idx.iter().enumerate() {
            let t = &text[lines[i].start..lines[i].end];
            let Some(key) = furniture_key(t) else {
                continue;
            };
            if key.len() < 8 {
                continue;
            }
            let edge = j < 2 || j + 2 >= idx.len();
            if edge {
                *edge_wording
                    .entry(key.clone())
                    .or_default()
                    .entry(local_key(t))
                    .or_default() += 1;
            }
            let e = edge_count.entry(key).or_default();
            e.0 += 1;
            e.1 += u32::from(edge);
        }
    }
    // Bare page numbers (`7`, `- 7 -`, `iv`) as the outermost line of a page, on 3 pages or
    // more, wherever the layout puts them (front matter at the foot, body at the head).
    // They go up with the page: an arabic one counts when its value minus the page index is
    // the most common such offset (a chapter number `1` above its title does not fit).
    let page_numbers: Vec<(usize, Option<i64>)> = per_page
        .iter()
        .enumerate()
        .flat_map(|(p, idx)| [idx.first(), idx.last()].map(|i| (p, i)))
        .filter_map(|(p, i)| {
            let i = *i?;
            let t = &text[lines[i].start..lines[i].end];
            bare_page_number(t).then(|| (i, page_number_value(t).map(|v| v - p as i64)))
        })
        .collect();
    let mut offsets: HashMap<i64, usize> = HashMap::new();
    for &(_, o) in &page_numbers {
        if let Some(o) = o {
            *offsets.entry(o).or_default() += 1;
        }
    }
    let best_bare = offsets
        .iter()
        .max_by_key(|(&o, &n)| (n, std::cmp::Reverse(o)))
        .map(|(&o, _)| o);
    // Running titles that carry the page number vote too, where few page numbers stand alone
    // (`3.2 HINT Page Templates 11`, `10 3 Replacing TeX's Page Builder`): a number that ends
    // a page's outermost line, or starts one before a section number; three votes make an
    // offset. (A number that starts a line before words is a chapter's or a slide's, and
    // one after a label is a chapter's, `CHAPTER 2`: they do not vote.)
    let folio = |w: &str| {
        (w.len() <= 5 && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse::<i64>().ok())
            .flatten()
    };
    for (p, idx) in per_page.iter().enumerate() {
        for i in [idx.first(), idx.last()].into_iter().flatten() {
            let t = text[lines[*i].start..lines[*i].end].trim();
            if bare_page_number(t)
                || t.chars().filter(|c| c.is_alphabetic()).count() < 2
                || chapter_label_line(t)
            {
                continue;
            }
            let lead = t
                .split_whitespace()
                .next()
                .filter(|_| section_number_second(t))
                .and_then(folio);
            if let Some(v) = t.split_whitespace().last().and_then(folio).or(lead) {
                *offsets.entry(v - p as i64).or_default() += 1;
            }
        }
    }
    let best_offset = offsets
        .iter()
        .filter(|(_, &n)| n >= 3)
        .max_by_key(|(&o, &n)| (n, std::cmp::Reverse(o)))
        .map(|(&o, _)| o)
        .or(best_bare);
    let mut page_number_lines: HashSet<usize> = page_numbers
        .iter()
        .filter(|(_, o)| o.is_none() || *o == best_offset)
        .map(|&(i, _)| i)
        .collect();
    // `83 / 123`, `Page 83 of 123`: the page's number over the page count. Extraction puts it
    // wherever the page's reading order does (after a heading at the top, say), so any line of
    // a page counts, when the count is the same and the number goes up with the page on 3
    // pages or more and on a third of them.
    let mut of_total: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (p, idx) in per_page.iter().enumerate() {
        for &i in idx {
            if let Some((n, m)) = page_of_total(&text[lines[i].start..lines[i].end]) {
                of_total.entry((n - p as i64, m)).or_default().push(i);
            }
        }
    }
    let of_total: Vec<usize> = of_total
        .into_values()
        .max_by_key(|v| (v.len(), std::cmp::Reverse(v[0])))
        .filter(|v| v.len() >= 3 && v.len() as f64 * 3.0 >= content_pages)
        .unwrap_or_default();
    page_number_lines.extend(&of_total);
    let number_edges = page_number_lines.len();
    // Keys of the lines at page edges by their last three bytes, so that a page's line
    // looks only at the keys that may end with its own (built when first asked).
    let by_ending = std::cell::OnceCell::new();
    let ending_keys = || {
        by_ending.get_or_init(|| {
            let mut m: HashMap<&[u8], Vec<&String>> = HashMap::new();
            for (_, f) in counts.keys().filter(|(_, f)| f.len() >= 3) {
                m.entry(&f.as_bytes()[f.len() - 3..]).or_default().push(f);
            }
            m
        })
    };
    // Answers by key: a running title with its page number in front repeats one key on
    // every page.
    let answered: std::cell::RefCell<HashMap<String, bool>> = Default::default();
    // A chapter's numbered title whose words end a running title of other pages (`1
    // Introduction` under `Chapter 1: Introduction 2`): its number may equal the page's, and
    // is no page number.
    let chapter_opening = |t: &str| {
        headings::numbering(t).is_some_and(|n| {
            matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
                && t.get(n.prefix_len..)
                    .and_then(furniture_key)
                    .is_some_and(|k| {
                        if let Some(&known) = answered.borrow().get(&k) {
                            return known;
                        }
                        // The key is letters only: a longer key that ends with it is another
                        // line's, one that names the chapter before its title.
                        let found = k.len() >= 3
                            && ending_keys().get(&k.as_bytes()[k.len() - 3..]).is_some_and(
                                |keys| keys.iter().any(|f| f.len() > k.len() && f.ends_with(&k)),
                            );
                        answered.borrow_mut().insert(k, found);
                        found
                    })
        })
    };
    // A running title that carries the page number (`Chapter 6: Contour Plots 27`, `28 Gri`)
    // as the outermost line of a page: its first or last word is the page's number, going up
    // with the page as the bare page numbers do.
    let numbered_running: HashSet<usize> = per_page
        .iter()
        .enumerate()
        .flat_map(|(p, idx)| [idx.first(), idx.last()].map(|i| (p, i)))
        .filter_map(|(p, i)| {
            let i = *i?;
            let t = text[lines[i].start..lines[i].end].trim();
            let fits = |w: Option<&str>| {
                w.and_then(folio)
                    .is_some_and(|v| Some(v - p as i64) == best_offset)
            };
            let words = || t.split_whitespace();
            // A number before words is the page's when a section number follows it (`10 3
            // Replacing TeX's Page Builder`) or its words head other pages too (`28 Gri`); a
            // chapter's title alone at the top of its page (`1 Eldap User's Guide`) may carry
            // the page's number by chance.
            let led = || {
                section_number_second(t)
                    || furniture_key(t)
                        .and_then(|k| counts.get(&(per_page[p].first() == Some(&i), k)))
                        .is_some_and(|c| c.0 >= 2)
            };
            (t.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && ((fits(words().next()) && !chapter_opening(t) && led())
                    || (fits(words().last()) && !chapter_label_line(t))))
            .then_some(i)
        })
        .collect();
    // Lines that agree on the page numbering: three make it a fact.
    let numbered_pages = number_edges + numbered_running.len() >= 3;
    let edge_only = |key: &str| {
        numbered_pages
            && edge_count
                .get(key)
                .is_some_and(|&(all, edge)| edge >= 3 && edge == all)
            && edge_wording
                .get(key)
                .is_some_and(|w| w.values().any(|&n| n >= 2))
    };
    // A title at the top of the first page may read like the running title of the pages after
    // it; there it must repeat on enough of the other pages alone.
    let rest_pages = content_pages - 1.0;
    // A chapter's title under its label (`Chapter 3` / `Getting started`): the chapter
    // opening that the running titles repeat, not one of them nor a piece of one. `pos` is
    // the line's place among its page's lines `idx`.
    let under_label = |idx: &[usize], pos: usize| {
        pos > 0 && numbering_prefix_only(&text[lines[idx[pos - 1]].start..lines[idx[pos - 1]].end])
    };
    // A running title whose one part changes with the chapter and whose other part names the
    // book, which OCR reads as one line (`2.3. ubuntu-dev-tool: Werkzeuge … Ubuntu Packaging
    // Guide`): the page's top line, whose last or first two or three words (ten letters or
    // more) open or end the top line of enough pages. Lines that are running titles whole
    // do not count: a chapter's title at a page's top may start with the words of a running
    // title that never changes (`Nagios NRPE Installation` under `Nagios NRPE Documentation`).
    let mut ends: HashMap<String, (u32, u32, u32, u32)> = HashMap::new();
    for (p, idx) in per_page.iter().enumerate() {
        let Some(&i) = idx.first() else { continue };
        let t = &text[lines[i].start..lines[i].end];
        if furniture_key(t)
            .and_then(|k| counts.get(&(true, k)))
            .is_some_and(is_furniture)
        {
            continue;
        }
        for key in end_keys(t) {
            count_page(ends.entry(key).or_insert((0, 0, 0, u32::MAX)), p);
        }
    }
    let shared_end = |i: usize| {
        end_keys(&text[lines[i].start..lines[i].end])
            .iter()
            .any(|k| ends.get(k).is_some_and(|c| c.0 >= 3 && is_furniture(c)))
    };
    // Links at page edges by key, with the numbers in them: a link whose numbers change from
    // page to page (`https://sv.gnu.org/bugs/index.php?…&fix_release_id=108`, a release's bug
    // list under each release's title) points at that page's matter; one whose numbers
    // mostly repeat may be a running footer.
    let digits = |t: &str| -> String { t.chars().filter(char::is_ascii_digit).collect() };
    let mut links: HashMap<(bool, &str), (u32, HashSet<String>)> = HashMap::new();
    for (i, zone, key) in &zone_lines {
        let t = text[lines[*i].start..lines[*i].end].trim();
        if link_line(t) {
            let e = links.entry((*zone, key.as_str())).or_default();
            e.0 += 1;
            e.1.insert(digits(t));
        }
    }
    let changing_link = |zone: bool, key: &str| {
        links
            .get(&(zone, key))
            .is_some_and(|(n, w)| w.len() as u32 * 2 > *n)
    };
    // Where no page is numbered, lines that say something else on each page by their
    // numbers (`Version 2.36.1`, `Version 2.36`, … opening each page of glibc's `NEWS`, a
    // release a page; nine lines in ten, as a release may be listed twice) are each page's
    // own title, not a running one, unless one of their numbers, at one place in the line,
    // goes up with the page from one such line to the next on half of them (a page number
    // in a running title, a sheet's two pages numbered `1`, `3`, `5`, a chapter's pages
    // `3-2`, `3-3`). Bare page numbers are no titles.
    let mut series: HashMap<(bool, &str), Vec<(i64, &str)>> = HashMap::new();
    if !numbered_pages {
        for (i, zone, key) in &zone_lines {
            if key == "#" {
                continue;
            }
            let t = text[lines[*i].start..lines[*i].end].trim();
            series
                .entry((*zone, key.as_str()))
                .or_default()
                .push((i64::from(lines[*i].page), t));
        }
    }
    let numbers = |t: &str| -> Vec<i64> {
        t.split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse::<i64>().ok())
            .collect()
    };
    let own: HashSet<(bool, &str)> = series
        .iter()
        .filter(|(_, v)| {
            let n = v.len();
            let worded: HashSet<&str> = v
                .iter()
                .map(|&(_, t)| t)
                .filter(|t| t.contains(|c: char| c.is_ascii_digit()))
                .collect();
            if n < 3 || worded.len() * 10 < n * 9 {
                return false;
            }
            let nums: Vec<(i64, Vec<i64>)> = v.iter().map(|&(p, t)| (p, numbers(t))).collect();
            let places = nums.iter().map(|(_, x)| x.len()).max().unwrap_or(0);
            let paged = (0..places).any(|k| {
                let (mut pairs, mut steps) = (0, 0);
                for w in nums.windows(2) {
                    let (p1, a) = (&w[0].0, w[0].1.get(k));
                    let (p2, b) = (&w[1].0, w[1].1.get(k));
                    let (Some(a), Some(b)) = (a, b) else { continue };
                    if p2 <= p1 {
                        continue;
                    }
                    pairs += 1;
                    let d = b - a;
                    if d == p2 - p1 || d == 2 * (p2 - p1) {
                        steps += 1;
                    }
                }
                steps >= 2 && steps * 2 >= pairs
            });
            !paged
        })
        .map(|(&k, _)| k)
        .collect();
    let own_titles = |zone: bool, key: &str| own.contains(&(zone, key));
    // The top of a page that opens with its own title is its matter: a running title is
    // outermost (`Major new features:` under each release of glibc's `NEWS` is not one,
    // nor `* more bug fixes` on a page of two lines, whose lines are at its foot as well).
    // A page's last line, on a page of three lines or more, may still be its footer.
    let mut opened_by_title: HashMap<u32, usize> = HashMap::new();
    for (i, zone, key) in &zone_lines {
        // (`zone_lines` go in the text's order: the first one found is the page's first.)
        if *zone && own_titles(true, key) {
            opened_by_title.entry(lines[*i].page).or_insert(*i);
        }
    }
    let under_own_title = |i: usize| {
        let idx = &per_page[lines[i].page as usize];
        let Ok(pos) = idx.binary_search(&i) else {
            return false;
        };
        pos < k
            && (pos + 1 < idx.len() || idx.len() <= 2)
            && opened_by_title.get(&lines[i].page).is_some_and(|&f| f < i)
    };
    // A lead-in announces the line after it: where that line goes as a running footer
    // (`For the latest version of this guide, please visit:` over the same address on every
    // page), the lead-in goes with it.
    let announces_matter = |i: usize, zone: bool| {
        let idx = &per_page[lines[i].page as usize];
        let next = idx
            .binary_search(&i)
            .ok()
            .and_then(|pos| idx.get(pos + 1))
            .map(|&j| &text[lines[j].start..lines[j].end]);
        next.is_none_or(|n| {
            furniture_key(n).is_none_or(|key| {
                counts
                    .get(&(zone, key.clone()))
                    .is_none_or(|c| !is_furniture(c) || changing_link(zone, &key))
            })
        })
    };
    let mut out: Vec<usize> = zone_lines
        .iter()
        .filter(|(i, zone, key)| {
            let Some(c) = counts.get(&(*zone, key.clone())) else {
                return false;
            };
            // The page's number, alone or in its running title, wherever the page is.
            if numbered_pages && numbered_running.contains(i) {
                return true;
            }
            let t = &text[lines[*i].start..lines[*i].end];
            if (lead_in(t) && announces_matter(*i, *zone))
                || changing_link(*zone, key)
                || own_titles(*zone, key)
                || under_own_title(*i)
            {
                return false;
            }
            if lines[*i].page == 0 && *zone && rest_pages >= 2.0 {
                let others = f64::from(c.0 - 1);
                // A first page that carries its page number on top is a page like the others
                // (a window cut out of a book): a running title of its side of the spread
                // (`CHAPTER 3. INTERFACE` on every left page) is one there too.
                // So is one that carries it just under its top line, as the pages after it
                // do (`Chapter 8: Galois Fields` / `31`): there a running title that changes
                // with the chapter is one too.
                let numbered_first = per_page[0].iter().take(2).any(|&f| {
                    let t = &text[lines[f].start..lines[f].end];
                    (numbered_pages && page_number_lines.contains(&f))
                        || (bare_page_number(t)
                            && furniture_key(t)
                                .and_then(|k| counts.get(&(true, k)))
                                .is_some_and(is_furniture))
                });
                let same_side = f64::from(c.1 - 1);
                let outermost = per_page[0].first() == Some(i);
                return others >= (share * rest_pages).max(2.0)
                    || (numbered_first
                        && odd_pages >= 3.0
                        && same_side >= (share * (odd_pages - 1.0)).max(2.0))
                    || (numbered_first && outermost && local(*zone, *i));
            }
            // The outermost line, or the one inside it when that is a running title too (a
            // title wrapped over two lines).
            let idx = &per_page[lines[*i].page as usize];
            let (outer, inner) = if *zone {
                (idx.first(), idx.get(1))
            } else {
                (
                    idx.last(),
                    idx.len().checked_sub(2).and_then(|j| idx.get(j)),
                )
            };
            let pos = idx.iter().position(|x| x == i).unwrap_or(0);
            if under_label(idx, pos) {
                return false;
            }
            // The line inside a running title with the same words is the section's heading
            // under its own running title (`9.8 Symbolic constraints 193` / `9.8 Symbolic
            // constraints`): a page has one running title.
            let under_itself = inner == Some(i)
                && outer.is_some_and(|&o| {
                    local_key(&text[lines[o].start..lines[o].end])
                        == local_key(&text[lines[*i].start..lines[*i].end])
                });
            let edge = outer == Some(i) || inner == Some(i);
            // A star line (`* Bug fixes`, under a release's title on pages of a `NEWS` file
            // one release a page) is an outline's title or an item: these two rules of
            // running titles found on some pages only never remove one.
            let starred = |i: usize| star_title(&text[lines[i].start..lines[i].end]).is_some();
            let page_number = numbered_pages && page_number_lines.contains(i);
            page_number
                || (!opening(*zone, *i)
                    && !numbered_opening(*zone, *i)
                    && !under_itself
                    && (is_furniture(c)
                        || (edge && !starred(*i) && (local(*zone, *i) || edge_only(key)))
                        || (*zone && outer == Some(i) && shared_end(*i))))
        })
        .map(|&(i, _, _)| i)
        .collect();
    out.extend(of_total);
    out.sort_unstable();
    out.dedup();
    // A running title that OCR cut in two ("SED(1) User Commands" / "SED(1)"): a zone line
    // whose key starts or ends the key of a running title of the same zone.
    let whole: Vec<(bool, &String)> = counts
        .iter()
        .filter(|((zone, key), c)| is_furniture(c) && !own_titles(*zone, key))
        .map(|((zone, key), _)| (*zone, key))
        .collect();
    let mut extra = Vec::new();
    for idx in per_page.iter().skip(1) {
        let n = idx.len();
        for (j, &i) in idx.iter().enumerate() {
            let zone = if j < k {
                true
            } else if j + k >= n {
                false
            } else {
                continue;
            };
            if out.binary_search(&i).is_ok() {
                continue;
            }
            let Some(key) = furniture_key(&text[lines[i].start..lines[i].end]) else {
                continue;
            };
            let part_of = |&(z, f): &(bool, &String)| {
                z == zone && f.len() > key.len() && (f.starts_with(&key) || f.ends_with(&key))
            };
            // A chapter's numbered title (`9 Function Reference`) ends the running title of
            // the pages after it (`Chapter 9: Function Reference`); it is the heading they
            // repeat, not a piece of one. (This spares a piece that OCR cut off with the
            // number, `Chapter 9:`, too; leaving such pieces to this rule lost a heading on
            // a held-out set, totals only.)
            let numbered = || headings::numbering(&text[lines[i].start..lines[i].end]).is_some();
            // A running title that OCR misread on this page (`Nagios NRPE Documenrarion`
            // where other pages read `Nagios NRPE Documentation`): a key of ten letters or
            // more, one letter in eight changed at most.
            let misread = |&(z, f): &(bool, &String)| {
                let most = key.len() / 8;
                z == zone
                    && *f != key
                    && key.len() >= 10
                    && f.len().abs_diff(key.len()) <= most
                    && strsim::levenshtein(f, &key) <= most
            };
            if key.len() >= 3
                && whole.iter().any(|w| part_of(w) || misread(w))
                && !numbered()
                && !under_label(idx, j)
            {
                extra.push(i);
            }
        }
    }
    out.extend(extra);
    out.sort_unstable();
    out.dedup();
    out
}
