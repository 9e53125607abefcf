//! The PDF's own outline (bookmarks): read for evaluation and for `pdf.use_outline`, and
//! scored against detected headings.

use super::*;

/// A PDF's own outline (bookmarks), flattened in document order: title, depth (1 = top) and
/// 1-based page. Used to score heading detection, never to detect (unless `pdf.use_outline`).
#[cfg(feature = "pdf")]
pub fn outline(bytes: &[u8]) -> Result<Vec<OutlineEntry>, String> {
    let opened = read::open(bytes)?;
    Ok(outline_entries(&opened.doc))
}

/// The outline's entries; none when it is missing or MuPDF cannot read it.
#[cfg(feature = "pdf")]
pub(super) fn outline_entries(doc: &crate::extract::mupdf_ffi::Doc<'_>) -> Vec<OutlineEntry> {
    doc.outline()
        .into_iter()
        .map(|(title, depth, page)| OutlineEntry { title, depth, page })
        .collect()
}

/// `pdf.use_outline`: the headings are the outline's entries. Each entry, in order, takes the
/// first block after the previous one whose first line reads like its title, on the entry's
/// page or the next; that line becomes a heading at the entry's depth. Detected headings
/// that no entry takes become prose.
#[cfg(feature = "pdf")]
pub(super) fn headings_from_outline(
    canonical: &str,
    blocks: &mut [Block],
    entries: &[OutlineEntry],
) {
    use crate::model::{BlockType, HeadingInfo, HeadingSource};
    // A short block whole (a number line and its title), else nothing.
    let first_line = |b: &Block| {
        let t = &canonical[b.off_begin..b.off_end];
        if t.len() <= 200 && t.lines().filter(|l| !l.trim().is_empty()).count() <= 2 {
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        } else {
            String::new()
        }
    };
    let mut taken = vec![false; blocks.len()];
    let mut from = 0;
    for e in entries {
        let hit = (from..blocks.len()).find(|&i| {
            let b = &blocks[i];
            let line = first_line(b);
            !line.is_empty()
                && match (e.page, b.page) {
                    (Some(p), Some(q)) => q == p || q == p + 1,
                    _ => true,
                }
                && titles_alike(&e.title, &line)
        });
        if let Some(i) = hit {
            let line = first_line(&blocks[i]);
            let b = &mut blocks[i];
            b.kind = BlockType::Heading;
            b.heading = Some(Box::new(HeadingInfo {
                level: e.depth.clamp(1, 6) as u8,
                title: line,
                source: HeadingSource::Outline,
                anchor: None,
            }));
            taken[i] = true;
            from = i + 1;
        }
    }
    for (b, t) in blocks.iter_mut().zip(taken) {
        if !t && b.kind == BlockType::Heading {
            b.kind = BlockType::Prose;
            b.heading = None;
        }
    }
}

/// One entry of an outline, or one detected heading.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineEntry {
    pub title: String,
    pub depth: u32,
    pub page: Option<u32>,
}

/// How detected headings compare with a true outline.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OutlineScore {
    pub truth: usize,
    pub found: usize,
    /// Detected headings matched to an outline entry (title alike, page within one).
    pub matched: usize,
    /// Matches whose depth is within one level of the entry's.
    pub depth_ok: usize,
    /// Matches whose outline parent was matched too, and of those the ones whose detected
    /// parent (the nearest heading before it of a smaller depth) is that parent's match:
    /// the tree as the outline draws it, whatever depth the document's title takes.
    pub parented: usize,
    pub parent_ok: usize,
    /// Unmatched headings that are numbered subsections of a matched heading under which the
    /// outline lists nothing (`2.2.1 @Chapter name` under `2.2 Other documentation
    /// comments` when the outline stops at depth 2): headings an outline-made truth cannot
    /// list. They count as unmatched; this says how many of those there are.
    pub below_outline: usize,
    /// Outline entries for the document's navigation pages, which no detector should make
    /// headings of (the issue: contents and index pages never produce headings): the titles
    /// `Contents`, `Index`, `List of Figures` and the like, and the index's letters (`A`,
    /// `B`, … under `Index`). They count in `truth`; this says how many there are, and how
    /// many of them were matched.
    pub navigation: usize,
    pub navigation_matched: usize,
}

impl OutlineScore {
    pub fn add(&mut self, o: OutlineScore) {
        self.truth += o.truth;
        self.found += o.found;
        self.matched += o.matched;
        self.depth_ok += o.depth_ok;
        self.parented += o.parented;
        self.parent_ok += o.parent_ok;
        self.below_outline += o.below_outline;
        self.navigation += o.navigation;
        self.navigation_matched += o.navigation_matched;
    }
    /// Recall over the outline entries other than navigation ones.
    pub fn recall_without_navigation(&self) -> f64 {
        (self.matched - self.navigation_matched) as f64
            / (self.truth - self.navigation).max(1) as f64
    }
    pub fn recall(&self) -> f64 {
        self.matched as f64 / self.truth.max(1) as f64
    }
    pub fn precision(&self) -> f64 {
        self.matched as f64 / self.found.max(1) as f64
    }
}

/// `t`, trimmed, without its section number (`2.1 `, `a) `).
pub(super) fn without_number(t: &str) -> &str {
    let t = t.trim();
    crate::extract::headings::numbering(t)
        .or_else(|| crate::extract::headings::numbering_lower(t))
        .map_or(t, |n| &t[n.prefix_len.min(t.len())..])
}

/// Title words for matching: lower case, letters and digits, the section number left out.
pub(super) fn title_words(t: &str) -> Vec<String> {
    without_number(t)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().chars().flat_map(fold_accents).collect())
        .collect()
}

/// [`fold_tonos`], and `ß` spelt `ss` (outlines write `Optische Grossen` for `Optische
/// Größen`).
pub(super) fn fold_accents(c: char) -> impl Iterator<Item = char> {
    let (a, n) = if c == 'ß' {
        ('s', 2)
    } else {
        (fold_tonos(c), 1)
    };
    std::iter::repeat_n(a, n)
}

/// Accents left out: Greek capitals drop theirs (`Πρόλογος` is set `ΠΡΟΛΟΓΟΣ`), and outlines
/// are often written without them (`Odlisnosti` for `Odlišnosti`).
pub(super) fn fold_tonos(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' | 'ą' => 'a',
        'č' | 'ć' | 'ç' => 'c',
        'ď' => 'd',
        'é' | 'è' | 'ê' | 'ë' | 'ě' | 'ē' | 'ę' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ł' => 'l',
        'ň' | 'ñ' | 'ń' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ő' => 'o',
        'ř' => 'r',
        'š' | 'ś' => 's',
        'ť' => 't',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        'ά' => 'α',
        'έ' => 'ε',
        'ή' => 'η',
        'ί' | 'ϊ' | 'ΐ' => 'ι',
        'ό' => 'ο',
        'ύ' | 'ϋ' | 'ΰ' => 'υ',
        'ώ' => 'ω',
        'ς' => 'σ',
        c => c,
    }
}

/// `open/1`: a function's name and arity.
pub(super) fn name_arity(t: &str) -> Option<(&str, usize)> {
    let (name, arity) = t.trim().rsplit_once('/')?;
    let name = name.rsplit_once(':').map_or(name, |(_, f)| f);
    if name.is_empty() || name.contains(char::is_whitespace) {
        return None;
    }
    Some((name, arity.parse().ok()?))
}

/// `open([Host], [Option]) -> …`: the name and the number of arguments of a function's head
/// (commas outside brackets).
pub(super) fn head_arity(t: &str) -> Option<(&str, usize)> {
    let t = t.trim();
    let open = t.find('(')?;
    let name = t[..open].rsplit_once(':').map_or(&t[..open], |(_, f)| f);
    let (mut depth, mut commas, mut any) = (0i32, 0usize, false);
    for ch in t[open + 1..].chars() {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some((name, if any { commas + 1 } else { 0 })),
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => commas += 1,
            _ => {}
        }
        any |= !ch.is_whitespace();
    }
    None
}

pub(super) fn titles_alike(a: &str, b: &str) -> bool {
    // The same letters and digits: some outlines drop the blank after the number
    // (`1.1Sample Production` for `1.1 Sample Production`).
    let squash = |t: &str| -> String {
        t.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .flat_map(fold_accents)
            .collect()
    };
    let (sa, sb) = (squash(a), squash(b));
    if !sa.is_empty() && sa == sb {
        return true;
    }
    // A function by name and arity (`open/1`, as Erlang manuals outline their entries) for
    // its head on the page (`open([Host]) -> {ok, Handle} | {error, Reason}`).
    if name_arity(a).is_some_and(|f| Some(f) == head_arity(b))
        || name_arity(b).is_some_and(|f| Some(f) == head_arity(a))
    {
        return true;
    }
    // Two section numbers that differ name two sections, however alike their words (`3.2 R`
    // and `4.1.1 R configuration styles`).
    let number = |t: &str| {
        crate::extract::headings::numbering(t.trim())
            .or_else(|| crate::extract::headings::numbering_lower(t.trim()))
            .map(|n| n.parts)
    };
    let (na, nb) = (number(a), number(b));
    if na.is_some() && nb.is_some() && na != nb {
        return false;
    }
    // So without the section number, which many outlines leave out (`Odlisnosti od CMfontu`
    // for `2.1 Odlišnosti od CM fontů`).
    let (ua, ub) = (squash(without_number(a)), squash(without_number(b)));
    if ua.chars().count() >= 4 && ua == ub {
        return true;
    }
    // The same but for a label word in front: `Appendix A References` for `A References`.
    let (short, long) = if sa.len() <= sb.len() {
        (&sa, &sb)
    } else {
        (&sb, &sa)
    };
    // Or an appendix letter alone in front (`A Příloha` for `Příloha`).
    if short.len() >= 3 && long.ends_with(short.as_str()) {
        let label = &long[..long.len() - short.len()];
        if ["appendix", "chapter", "section", "part", "annex"].contains(&label)
            || (label.chars().count() == 1 && label.chars().all(char::is_alphabetic))
        {
            return true;
        }
    }
    // The same section number (outlines often shorten titles: `2 Strings` for
    // `2 Strings in TeX and PDF`).
    let (wa, wb) = (title_words(a), title_words(b));
    if let (Some(na), Some(nb)) = (na, nb) {
        if na == nb && (na.len() >= 2 || wa.iter().any(|w| wb.contains(w))) {
            return true;
        }
    }
    if wa.is_empty() || wb.is_empty() {
        return false;
    }
    if wa == wb {
        return true;
    }
    let (ja, jb) = (wa.join(" "), wb.join(" "));
    let (short, long) = if ja.len() <= jb.len() {
        (&ja, &jb)
    } else {
        (&jb, &ja)
    };
    if long.starts_with(short.as_str())
        && (short.len() * 10 >= long.len() * 6 || long[short.len()..].starts_with(' '))
    {
        return true;
    }
    // A label in front: `Appendix A Fixture details` for `A Fixture details`.
    if short.contains(' ')
        && long.ends_with(short.as_str())
        && long[..long.len() - short.len()].ends_with(' ')
    {
        return true;
    }
    let common = wa.iter().filter(|w| wb.contains(w)).count();
    common * 10 >= wa.len().max(wb.len()) * 8
}

/// Titles of navigation pages (title words joined by blanks, as `title_words` gives them).
pub(super) const NAVIGATION_TITLES: [&str; 10] = [
    "contents",
    "table of contents",
    "index",
    "list of figures",
    "list of tables",
    "list of listings",
    "inhaltsverzeichnis",
    "table des matières",
    "indice",
    "obsah",
];

/// Matches detected headings to outline entries in document order: each entry takes the
/// first unmatched heading after the previous match with a like title and a page within one.
pub fn score_outline(truth: &[OutlineEntry], found: &[OutlineEntry]) -> OutlineScore {
    score_and_match_outline(truth, found).0
}

/// `score_outline`, and for each outline entry the detected heading it matched, if any.
pub fn score_and_match_outline(
    truth: &[OutlineEntry],
    found: &[OutlineEntry],
) -> (OutlineScore, Vec<Option<usize>>) {
    let mut matches = vec![None; truth.len()];
    let mut used = vec![false; found.len()];
    let mut s = OutlineScore {
        truth: truth.len(),
        found: found.len(),
        ..Default::default()
    };
    let mut from = 0;
    // Section numbers of matched headings under which the outline goes no deeper.
    let mut leaves: Vec<Vec<u32>> = Vec::new();
    // An index's letter groups: under `Index`, or three or more siblings in a row whatever
    // the index is called (`代码索引` › `Symbols`, `A`, `C`, …).
    let words: Vec<String> = truth
        .iter()
        .map(|t| title_words(&t.title).join(" "))
        .collect();
    let letter = |w: &str| w.chars().count() <= 1 || w == "symbols" || w == "numbers";
    let mut letters = vec![false; truth.len()];
    let mut i = 0;
    while i < truth.len() {
        let mut j = i;
        while j < truth.len() && truth[j].depth == truth[i].depth && letter(&words[j]) {
            j += 1;
        }
        if j - i >= 3 {
            letters[i..j].fill(true);
        }
        i = j.max(i + 1);
    }
    // Depth of the `Index` entry whose children are being read, if any.
    let mut in_index: Option<u32> = None;
    for (ti, t) in truth.iter().enumerate() {
        if in_index.is_some_and(|d| t.depth <= d) {
            in_index = None;
        }
        let words = &words[ti];
        let navigation = letters[ti]
            || in_index.is_some_and(|d| t.depth > d && letter(words))
            || NAVIGATION_TITLES.contains(&words.as_str());
        if words == "index" {
            in_index = Some(t.depth);
        }
        let near = |f: &OutlineEntry| match (t.page, f.page) {
            (Some(a), Some(b)) => a.abs_diff(b) <= 1,
            _ => true,
        };
        let hit = (from..found.len())
            .chain(0..from)
            .find(|&i| !used[i] && near(&found[i]) && titles_alike(&t.title, &found[i].title));
        if navigation {
            s.navigation += 1;
            s.navigation_matched += usize::from(hit.is_some());
        }
        if let Some(i) = hit {
            used[i] = true;
            matches[ti] = Some(i);
            s.matched += 1;
            let leaf = truth.get(ti + 1).is_none_or(|n| n.depth <= t.depth);
            if let Some(n) = crate::extract::headings::numbering(found[i].title.trim()) {
                if leaf {
                    leaves.push(n.parts);
                }
            }
            if t.depth.abs_diff(found[i].depth) <= 1 {
                s.depth_ok += 1;
            }
            from = i + 1;
        }
    }
    s.below_outline = found
        .iter()
        .zip(&used)
        .filter(|(f, &u)| {
            !u && crate::extract::headings::numbering(f.title.trim())
                .or_else(|| crate::extract::headings::numbering_lower(f.title.trim()))
                .is_some_and(|n| {
                    n.parts.len() >= 2 && leaves.contains(&n.parts[..n.parts.len() - 1].to_vec())
                })
        })
        .count();
    // The parent of each entry, of each detected heading.
    let parents = |depths: &[u32]| -> Vec<Option<usize>> {
        let mut open: Vec<usize> = Vec::new();
        depths
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                while open.last().is_some_and(|&j| depths[j] >= d) {
                    open.pop();
                }
                let p = open.last().copied();
                open.push(i);
                p
            })
            .collect()
    };
    let truth_parent = parents(&truth.iter().map(|t| t.depth).collect::<Vec<_>>());
    let found_parent = parents(&found.iter().map(|f| f.depth).collect::<Vec<_>>());
    for (ti, m) in matches.iter().enumerate() {
        let (Some(f), Some(p)) = (m, truth_parent[ti]) else {
            continue;
        };
        let Some(pf) = matches[p] else {
            continue;
        };
        s.parented += 1;
        s.parent_ok += usize::from(found_parent[*f] == Some(pf));
    }
    (s, matches)
}
