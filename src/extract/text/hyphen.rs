//! Hyphenation repair at line ends, in prose, lists, footnotes and captions only.

use super::*;

/// Prefixes written with a hyphen before a word ("non-zero", "self-test").
pub(super) const HYPHEN_PREFIXES: &[&str] = &[
    "non", "self", "cross", "counter", "anti", "semi", "pseudo", "quasi", "half", "well",
];

/// Byte offset just after the last char of `s` matching `pred` (0 when none does).
pub(super) fn after_last(s: &str, pred: impl Fn(char) -> bool) -> usize {
    s.char_indices()
        .rev()
        .find(|&(_, c)| pred(c))
        .map_or(0, |(p, c)| p + c.len_utf8())
}

/// Deletions that repair words hyphenated at line ends inside prose, list, footnote and
/// caption blocks (never code or tables), and how many words were joined.
pub(super) fn hyphenation(
    text: &str,
    lines: &[Line],
    content: &[usize],
    blocks: &[Block],
    block_lines: &[(usize, usize)],
) -> (Vec<(usize, usize)>, u32) {
    let mut cands: Vec<(usize, usize, usize, String, String, bool)> = Vec::new();
    for (b, &(a, e)) in blocks.iter().zip(block_lines) {
        if !matches!(
            b.kind,
            BlockType::Prose | BlockType::List | BlockType::Footnote | BlockType::Caption
        ) {
            continue;
        }
        for c in a..e.saturating_sub(1) {
            let (l, r) = (&lines[content[c]], &lines[content[c + 1]]);
            // Next line of the same paragraph: only furniture between, or a page break.
            let between = &lines[content[c] + 1..content[c + 1]];
            let page_break = l.page != r.page || between.iter().any(|x| x.removed);
            if !page_break && !between.is_empty() {
                continue;
            }
            let left = text[l.start..l.end].trim_end();
            let Some((stem, hyphen_len)) = left
                .strip_suffix('-')
                .map(|s| (s, 1))
                .or_else(|| left.strip_suffix('\u{2010}').map(|s| (s, 3)))
            else {
                continue;
            };
            let word_start = after_last(stem, char::is_whitespace);
            let token = &stem[word_start..];
            let piece_start = after_last(token, |c| !c.is_alphabetic());
            let piece = &token[piece_start..];
            if piece.is_empty() || !piece.chars().last().is_some_and(char::is_lowercase) {
                continue;
            }
            // A compound already hyphenated, or a path/URL/number: the hyphen is real.
            // `state-of-the-` + `art`; the leading dashes of `--verba-` + `tim` do not count.
            let compound = token[..piece_start].trim_start_matches('-').contains('-');
            if token[..piece_start]
                .chars()
                .any(|c| c.is_ascii_digit() || matches!(c, '/' | '.' | ':' | '_' | '@'))
            {
                continue;
            }
            let right_text = text[r.start..r.end].trim_start();
            let right: String = right_text
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            if !right
                .chars()
                .next()
                .is_some_and(|c| c.is_lowercase() || c.is_ascii_digit())
            {
                continue;
            }
            let hyphen_at = l.start + stem.len();
            let next_text = r.start + (r.end - r.start - right_text.len());
            cands.push((
                hyphen_at,
                hyphen_len,
                next_text,
                piece.to_lowercase(),
                right.to_lowercase(),
                compound,
            ));
        }
    }
    if cands.is_empty() {
        return (Vec::new(), 0);
    }
    // The document's own spelling decides where it can: its words, the parts of its
    // hyphenated compounds, and which parts stand side by side in a compound.
    // Only the pieces and joined forms of the candidates are counted, so the scan allocates
    // nothing for the other words.
    let mut needed: HashSet<String> = HashSet::new();
    for (_, _, _, left, right, _) in &cands {
        needed.insert(left.clone());
        needed.insert(right.clone());
        needed.insert(format!("{left}{right}"));
    }
    let mut words: HashMap<String, u32> = HashMap::new();
    let mut parts: HashMap<String, u32> = HashMap::new();
    let mut pairs: HashMap<(String, String), u32> = HashMap::new();
    let mut buf = String::new();
    for w in text.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
        let w = w.trim_matches('-');
        if w.is_empty() || w.len() > 64 {
            continue;
        }
        let compound = w.contains('-');
        let mut prev_part: Option<String> = None;
        for p in w.split('-').filter(|p| !p.is_empty()) {
            buf.clear();
            buf.extend(p.chars().flat_map(char::to_lowercase));
            let known = needed.contains(buf.as_str());
            if known {
                let m = if compound { &mut parts } else { &mut words };
                *m.entry(buf.clone()).or_default() += 1;
            }
            if compound {
                if let (Some(prev), true) = (&prev_part, known) {
                    *pairs.entry((prev.clone(), buf.clone())).or_default() += 1;
                }
                prev_part = needed.contains(buf.as_str()).then(|| buf.clone());
            }
        }
    }
    // The split pieces themselves were counted: take them out again.
    for (_, _, _, left, right, compound) in &cands {
        let m = if *compound { &mut parts } else { &mut words };
        if let Some(n) = m.get_mut(left.as_str()) {
            *n = n.saturating_sub(1);
        }
        if let Some(n) = words.get_mut(right.as_str()) {
            *n = n.saturating_sub(1);
        }
    }
    let mut dels = Vec::with_capacity(cands.len());
    let mut joins = 0;
    for (hyphen_at, hyphen_len, next_text, left, right, compound) in cands {
        let count = |m: &HashMap<String, u32>, k: &str| m.get(k).copied().unwrap_or(0);
        let joined_word = format!("{left}{right}");
        let joined = count(&words, &joined_word) + count(&parts, &joined_word);
        let hyphenated = pairs
            .get(&(left.clone(), right.clone()))
            .copied()
            .unwrap_or(0);
        // Two words the document uses on their own ("human-readable"), or a prefix that
        // keeps its hyphen ("non-zero") before a word of the document.
        let left_word = (left.chars().count() >= 3 && count(&words, &left) > 0)
            || HYPHEN_PREFIXES.contains(&left.as_str());
        let both_words = left_word && count(&words, &right) > 0;
        let keep = if joined != hyphenated {
            hyphenated > joined
        } else {
            // Unseen either way: a chain ("state-of-the-" + "art") or two words keep it.
            compound || both_words
        };
        if keep {
            dels.push((hyphen_at + hyphen_len, next_text));
        } else {
            dels.push((hyphen_at, next_text));
            joins += 1;
        }
    }
    (dels, joins)
}
