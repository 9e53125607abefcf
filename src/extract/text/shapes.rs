//! What a single line (or a run of lines) looks like: labels, rules and underlines, contents
//! entries, list markers, function heads. Pure predicates over text, shared by the parser and
//! the furniture finder.

use super::*;

/// A reference entry's first line: a declaration (`class tables.Row`), a call
/// (`Row.append()`), a dotted or snake-case name; not a capitalized word of prose or a title.
pub(super) fn signature_like(t: &str) -> bool {
    let first = t.split_whitespace().next().unwrap_or("");
    t.starts_with(|ch: char| ch.is_lowercase())
        || t.contains('(')
        || first.as_bytes().windows(3).any(|w| {
            w[0].is_ascii_alphanumeric()
                && matches!(w[1], b'.' | b'_')
                && w[2].is_ascii_alphanumeric()
        })
}

/// The length of a lower-case label and the blanks after it (`a) `, `iv. `) before a title
/// that starts with a capital.
pub(super) fn lower_label(t: &str) -> Option<usize> {
    // A list's letter or roman label (`list_marker`'s families 3 and 4), not in parentheses.
    if t.starts_with('(') || !matches!(list_marker(t), Some(3 | 4)) {
        return None;
    }
    let end = t.find([')', '.'])?;
    let title = t[end + 1..].trim_start();
    title
        .starts_with(|ch: char| ch.is_uppercase())
        .then(|| t.len() - title.len())
}

/// A list's bullet alone on its line, its item's text set apart by the extraction (`•` /
/// `•` / … over the items, as `pdftotext` gives a list beside a figure).
pub(super) fn lone_bullet(t: &str) -> bool {
    matches!(t.trim(), "•" | "◦" | "▪" | "‣" | "·")
}

/// The value of a lower-case roman label (`i.`, `iv)`) before a title that starts with a
/// capital, and the length of the label and the blanks after it ([`lower_label`]'s).
pub(super) fn roman_label(t: &str) -> Option<(u32, usize)> {
    let n = lower_label(t)?;
    let label = t[..n].trim_end().trim_end_matches(['.', ')']);
    // Written the canonical way only (`iiii`, `vv` are no numerals).
    const ROMAN: [&str; 12] = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
    ];
    let v = ROMAN.iter().position(|r| *r == label)?;
    Some((v as u32 + 1, n))
}

/// A section number whose digits the font maps to no character (`\u{FFFD}.\u{FFFD}Script
/// tags`: old-style figures of a subset font without a `ToUnicode` entry): the length of the
/// label and the space after it, when a capital follows.
pub(super) fn unmapped_label(t: &str) -> Option<usize> {
    let rest = t.trim_start_matches(['\u{FFFD}', '.']);
    let label = &t[..t.len() - rest.len()];
    let title = rest.trim_start();
    (label.starts_with('\u{FFFD}') && title.starts_with(|ch: char| ch.is_uppercase()))
        .then(|| t.len() - title.len())
}

/// Blocks looked back over for the last heading (a man page's credits section, a roman
/// sub-item's lettered title): the bound keeps those rules linear on a long text without
/// headings.
pub(super) const LAST_HEADING_SCAN: usize = 400;

/// Longest line looked at as a heading, table row or furniture, in bytes. Longer lines are
/// prose whatever they hold, which keeps every rule linear on one-line files.
pub(super) const MAX_SHAPE_LINE: usize = 400;

/// A sentence of three words or more that trails off into an ellipsis after a word
/// (`This format can...`): a lead-in to the list under it.
pub(super) fn ellipsis_lead_in(l: &str) -> bool {
    l.strip_suffix("...")
        .or_else(|| l.strip_suffix('…'))
        .is_some_and(|r| r.ends_with(char::is_alphabetic))
        && l.split_whitespace().count() >= 3
}

/// Content lines at the start of a text that may hold its contents, title page and the like.
pub(super) const FRONT_LINES: usize = 120;

/// The longest line of a title wrapped over two or three lines in plain text.
pub(super) const WRAPPED_TITLE_LINE: usize = 48;

/// A function's head as a reference manual writes it: a lower-case name (an atom, maybe
/// quoted: `'and'`, or after its module: `Module:init`), its arguments in parentheses, maybe an
/// arrow and its result (`open([Host]) -> {ok, Handle} | {error, Reason}`). Returns whether it
/// gives a result (`None`: no head).
pub(super) fn function_head(t: &str) -> Option<bool> {
    let open = t.find('(')?;
    let name = &t[..open];
    let name = name.rsplit_once(':').map_or(name, |(m, f)| {
        if m.chars().all(|c| c.is_alphanumeric() || c == '_') {
            f
        } else {
            name
        }
    });
    let atom = name
        .strip_prefix('\'')
        .and_then(|n| n.strip_suffix('\''))
        .unwrap_or(name);
    let named = atom.starts_with(|c: char| c.is_ascii_lowercase())
        && atom.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !named {
        return None;
    }
    // The arguments close before the arrow, or at the end.
    let mut depth = 0i32;
    let close = t[open..].char_indices().find_map(|(i, ch)| {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(open + i)
    })?;
    let rest = t[close + 1..].trim();
    if rest.is_empty() {
        Some(false)
    } else {
        rest.starts_with("->").then_some(true)
    }
}

/// Whether the brackets of a function head's line all close (its result is not wrapped onto
/// the next line).
pub(super) fn function_head_closed(t: &str) -> bool {
    let depth = t.chars().fold(0i32, |d, ch| match ch {
        '(' | '[' | '{' => d + 1,
        ')' | ']' | '}' => d - 1,
        _ => d,
    });
    depth <= 0 && !t.trim_end().ends_with([',', '|'])
}

/// Whether a line holds a word of some language (see `word`).
pub(super) fn has_word(t: &str) -> bool {
    t.split(|c: char| !c.is_alphabetic()).any(word)
}

/// A run of letters that reads as a word, of three letters or more: in lower case, of two
/// different letters at least (`scp`, `sftp`, `the`); or with a vowel and three different
/// letters, in lower case after a capital (`Density`, `Fix`) or in capitals when five or more
/// (`SYNOPSIS`, `FILES`). Letters of other scripts always count. Not: `KAKA`, `PNR`, `SSi`,
/// `oOo`, `rFOrRNEH`, `aaa`: OCR's readings of a figure's labels.
pub(super) fn word(w: &str) -> bool {
    if !w.is_ascii() {
        return true;
    }
    if w.len() < 3 {
        return false;
    }
    let mut letters: Vec<u8> = w.to_ascii_lowercase().into_bytes();
    letters.sort_unstable();
    letters.dedup();
    if w.bytes().all(|c| c.is_ascii_lowercase()) {
        return letters.len() >= 2;
    }
    let capital = w.bytes().skip(1).all(|c| c.is_ascii_lowercase());
    let caps = w.len() >= 5 && w.bytes().all(|c| c.is_ascii_uppercase());
    w.bytes().any(|c| b"aeiouyAEIOUY".contains(&c)) && letters.len() >= 3 && (capital || caps)
}

/// A label that names a chapter (`Chapter 4`, `Kapitel 4`), not a part or a section.
pub(super) fn chapter_word(t: &str) -> bool {
    let w = t.split_whitespace().next().unwrap_or("").to_lowercase();
    [
        "chapter",
        "chapitre",
        "kapitel",
        "capítulo",
        "capitolo",
        "hoofdstuk",
        "kapitola",
    ]
    .contains(&w.as_str())
}

/// `Part II`: parts number apart from the chapters and sections inside them, so they do not
/// set the sequence that section numbers continue.
pub(super) fn is_part(t: &str) -> bool {
    labelled_with(t, "part ")
}

/// Whether `t` starts with the label `word` (with its blank), case aside: `Part II`,
/// `Section 5.`.
pub(super) fn labelled_with(t: &str, word: &str) -> bool {
    t.trim_start()
        .get(..word.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(word))
}

pub(super) fn shape(rows: u32, cols: u32, header_rows: u32, grid_kind: &'static str) -> TableShape {
    TableShape {
        rows,
        cols,
        header_rows,
        grid_kind,
        cell_spans: Vec::new(),
    }
}

/// A line made of one punctuation character repeated (at least 3): an underline or rule.
pub(super) fn rule_char(line: &str) -> Option<char> {
    let t = line.trim();
    let c = t.chars().next()?;
    if t.len() < 3 || !adornment(c) {
        return None;
    }
    // The rarer adornments take four: `>>>` is an empty interactive prompt.
    if t.len() < 4 && rare_adornment(c) {
        return None;
    }
    t.chars().all(|x| x == c).then_some(c)
}

/// The characters a rule or a reStructuredText adornment is drawn with.
pub(super) fn adornment(c: char) -> bool {
    matches!(
        c,
        '=' | '-' | '~' | '^' | '*' | '+' | '#' | '"' | '\'' | '`' | ':' | '.' | '_'
    ) || rare_adornment(c)
}

/// `Label: value` where the label is one word and the value a version or a number (`Since:
/// 2.1.1`, `Version: 4.1`) or a word that only fills a field (`Default: None`).
pub(super) fn field_value(t: &str) -> bool {
    let Some((label, value)) = t.split_once(": ") else {
        return false;
    };
    let value = value.trim();
    let numeric = value.strip_prefix(['v', 'V']).unwrap_or(value);
    !label.is_empty()
        && label.chars().all(char::is_alphabetic)
        && (numeric.starts_with(|c: char| c.is_ascii_digit())
            && numeric.chars().all(|c| c.is_ascii_digit() || c == '.')
            || ["None", "none", "Yes", "No", "True", "False", "N/A", "n/a"].contains(&value))
}

/// Three or more short items joined by middle dots or bars (`Source · Contents · Index`): a
/// bar of links.
pub(super) fn link_bar(t: &str) -> bool {
    let items: Vec<&str> = t.split([' ', '\u{A0}']).filter(|w| !w.is_empty()).collect();
    let seps = items
        .iter()
        .filter(|&&w| w == "·" || w == "|" || w == "•")
        .count();
    seps >= 2
        && t.split(['·', '|', '•'])
            .all(|item| (1..=3).contains(&item.split_whitespace().count()))
}

/// A glyph a format sets before a title as an ornament (`◆`, `■`, `▶`, `★`; `§` where a
/// font maps the diamond to it), not a list's bullet (`•`, `-`).
fn ornament_char(c: char) -> bool {
    matches!(c, '\u{25A0}'..='\u{25FF}' | '\u{2600}'..='\u{27BF}' | '\u{2B00}'..='\u{2BFF}' | '§')
        && c != '\u{25CF}'
}

/// The text after an ornament and a space that open `t` (`◆ equals()` → `equals()`), when
/// some follows.
pub(super) fn after_ornament(t: &str) -> Option<&str> {
    let (o, rest) = t.split_once(' ')?;
    let mut cs = o.chars();
    let rest = rest.trim();
    (cs.next().is_some_and(ornament_char) && cs.next().is_none() && !rest.is_empty())
        .then_some(rest)
}

/// A short line that reads as a title: at most 60 characters and 8 words, a capital first,
/// no closing punctuation (`t` trimmed).
pub(super) fn short_title(t: &str) -> bool {
    t.chars().count() <= 60
        && t.split_whitespace().count() <= 8
        && t.starts_with(char::is_uppercase)
        && !t.ends_with(['.', ',', ';', ':', '!', '?'])
}

/// Punctuation reStructuredText takes as a title's adornment that plain text rarely draws a
/// rule with (`The multiprocessing.sharedctypes module` over `>>>>>>…`, `Overriding the run
/// Method` over commas). Brackets, slashes and `%` are left out: a line of them is code
/// (`}}}}`, `//////`) or a comment rule more often than a title's underline.
pub(super) fn rare_adornment(c: char) -> bool {
    matches!(c, '<' | '>' | '&' | ',' | '@')
}

/// Numbers of different families do not collide: `Chapter 2`, `2.`, `Appendix B`, `B.`.
pub(super) fn number_key(n: &headings::Numbering) -> (u8, Vec<u32>) {
    let family = match n.kind {
        NumberKind::Dotted | NumberKind::Bare => 0,
        NumberKind::Chapter => 1,
        NumberKind::Appendix => 2,
        NumberKind::Letter => 3,
        NumberKind::Roman => 4,
    };
    (family, n.parts.clone())
}

/// A line that is only a section number: `1`, `1.2`, `1.2.`, `Chapter 4`, `Appendix B`.
pub(super) fn number_only(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() || t.len() > 24 {
        return false;
    }
    let dotted = t.trim_end_matches('.');
    if !dotted.is_empty()
        && dotted
            .split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
        && dotted.split('.').count() <= 6
    {
        return true;
    }
    numbering_prefix_only(t)
}

/// `H.1.6`: an appendix's section number, alone.
pub(super) fn appendix_number_alone(t: &str) -> bool {
    let mut parts = t.trim_end_matches('.').split('.');
    let letter = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    letter.len() == 1
        && letter.bytes().all(|b| b.is_ascii_uppercase())
        && (1..=5).contains(&rest.len())
        && rest
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `Chapter 4`, `Appendix B`, `Part II`: a label word and its number, nothing else.
pub(super) fn numbering_prefix_only(t: &str) -> bool {
    headings::numbering(t).is_some_and(|n| {
        matches!(n.kind, NumberKind::Chapter | NumberKind::Appendix)
            && n.prefix_len >= t.trim().len()
    })
}

/// No lower-case letters and at least two capitals: `DESCRIPTION`, `SEE ALSO`.
pub(super) fn is_caps(line: &str) -> bool {
    let mut upper = 0;
    for c in line.chars() {
        if c.is_lowercase() {
            return false;
        }
        upper += usize::from(c.is_uppercase());
    }
    upper >= 2
}

/// The character of `rule` when it underlines `title`: a rule at least 60 % as long.
pub(super) fn underline_of(title: &str, rule: &str) -> Option<char> {
    rule_char(rule).filter(|_| rule.trim().chars().count() * 5 >= title.trim().chars().count() * 3)
}

/// `*** Title ***`: the same run of two or more `*`, `=`, `-`, `#`, `~` or `+` on both sides
/// of a text, or runs of eight or more that fill a line out to a width whatever the text's
/// length (`------------ August 7th 1996 version 2.2a --------`, zip's `CHANGES`). Returns
/// the framing character.
pub(super) fn framed(line: &str) -> Option<char> {
    let t = line.trim();
    let c = t.chars().next()?;
    if !matches!(c, '*' | '=' | '-' | '#' | '~' | '+') {
        return None;
    }
    let lead = t.len() - t.trim_start_matches(c).len();
    let trail = t.len() - t.trim_end_matches(c).len();
    let inner = t.get(lead..t.len().checked_sub(trail)?)?;
    let runs = (lead >= 2 && lead == trail) || (lead >= 8 && trail >= 8 && inner.ends_with(' '));
    (runs && inner.starts_with(' ') && inner.chars().any(char::is_alphabetic)).then_some(c)
}

/// `=====  ====  ===`: columns of a reST simple-table rule (two or more runs).
pub(super) fn rule_columns(line: &str) -> Option<usize> {
    let t = line.trim();
    if t.is_empty() || !t.chars().all(|c| c == '=' || c == ' ') {
        return None;
    }
    let runs = t.split(' ').filter(|r| !r.is_empty()).count();
    (runs >= 2).then_some(runs)
}

pub(super) fn is_grid_rule(r: &str) -> bool {
    r.starts_with('+') && r.len() >= 3 && r.chars().all(|c| matches!(c, '+' | '-' | '=' | ':'))
}

/// A rule of a table drawn with box-drawing characters (`┌───┬───┐`, `├───┼───┤`,
/// `╞═══╪═══╡`): box-drawing characters only, a horizontal among them.
pub(crate) fn is_box_rule(r: &str) -> bool {
    r.chars().count() >= 3
        && r.chars().all(|c| ('\u{2500}'..='\u{257F}').contains(&c))
        && r.contains(['─', '━', '═', '┄', '┅', '┈', '┉', '╌', '╍'])
}

/// A row of a box-drawn table: between two verticals (`│ a │ b │`).
pub(super) fn is_box_row(r: &str) -> bool {
    const BARS: [char; 3] = ['│', '┃', '║'];
    r.chars().count() >= 2 && r.starts_with(BARS) && r.ends_with(BARS)
}

/// The shape of a table drawn with box-drawing characters, as text renderers draw them (w3m,
/// lynx, psql, rich): `rows` trimmed, a top rule first (`┌`, `╔`, `┏`, `╭`, …), then rows and
/// rules. Columns are the top rule's downward junctions plus one. Rows are the runs of lines
/// between rules when rules part the rows (a cell may take several lines), else the lines
/// under the one rule that sets off the header (`psql`); a header row is that one, or the
/// first when the rule under it is drawn heavier or doubled than the others.
pub(super) fn box_table(rows: &[&str]) -> Option<TableShape> {
    let first = rows.first()?;
    if rows.len() < 3
        || !first.starts_with(['┌', '╔', '┏', '╭', '╒', '╓', '┍', '┎'])
        || !is_box_rule(first)
        || !rows.iter().all(|r| is_box_rule(r) || is_box_row(r))
    {
        return None;
    }
    let cols = 1 + first.chars().filter(|c| "┬╦┳╤╥┭┮┯┰┱┲".contains(*c)).count() as u32;
    // Runs of row lines.
    let mut runs: Vec<usize> = Vec::new();
    let mut in_run = false;
    for r in &rows[1..] {
        if is_box_row(r) {
            if in_run {
                *runs.last_mut().expect("in a run") += 1;
            } else {
                runs.push(1);
                in_run = true;
            }
        } else {
            in_run = false;
        }
    }
    // The rules between rows (not the first or last line), each whether it is drawn heavy or
    // doubled; rules right under one another (`├───┤` over `╞═══╡`) are one.
    let mut inner: Vec<bool> = Vec::new();
    let mut after_rule = true;
    for r in &rows[1..rows.len() - 1] {
        let rule = is_box_rule(r);
        let heavy = rule && r.contains(['═', '━']);
        match (rule, after_rule) {
            (true, false) => inner.push(heavy),
            (true, true) => {
                if let Some(h) = inner.last_mut() {
                    *h |= heavy;
                }
            }
            _ => {}
        }
        after_rule = rule;
    }
    let lines: usize = runs.iter().sum();
    if lines == 0 {
        return None;
    }
    let (n, header) = match inner.as_slice() {
        [] => (lines, 0),
        // One rule: the header above it (on one line or more), a row a line under it.
        [_] => (1 + runs.iter().skip(1).sum::<usize>(), 1),
        [one, rest @ ..] => (runs.len(), u32::from(*one && !rest.contains(&true))),
    };
    // A box around a single cell frames a note; it holds no table.
    (cols > 1 || n > 1).then(|| shape(n as u32, cols, header, "box"))
}

/// Fields of a CSV-like row; None when a quote is left open.
pub(super) fn csv_fields(row: &str, delim: char) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut in_quotes = false;
    let mut start = 0;
    for (i, c) in row.char_indices() {
        match c {
            '"' => in_quotes = !in_quotes,
            c if c == delim && !in_quotes => {
                out.push(&row[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    if in_quotes {
        return None;
    }
    out.push(&row[start..]);
    Some(out)
}

/// Columns (in chars) where cells start, cells being separated by two or more spaces.
pub(super) fn cell_starts(line: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut spaces = 0usize;
    for (col, c) in line.chars().enumerate() {
        if c == ' ' {
            spaces += 1;
        } else {
            if out.is_empty() || spaces >= 2 {
                out.push(col);
            }
            spaces = 0;
        }
    }
    out
}

/// Lines after a `Contents` title within which the table of contents may still run (a manual
/// of 13 chapters spreads its contents over 500 lines of extracted text).
pub(super) const TOC_MAX_LINES: usize = 1200;

/// OCR of a contents entry: a title, then dot leaders read as short runs of dots among
/// stray letters and digits where the page number was (`5.1 Atomic lists .. 2... ee ee`). The
/// dots follow a word, and nothing after them is a word of four letters or more.
pub(super) fn garbled_leaders(t: &str) -> bool {
    let Some(at) = t.find("..") else {
        return false;
    };
    let (head, tail) = (&t[..at], &t[at..]);
    head.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && head.ends_with(|c: char| c.is_alphabetic() || c == ' ')
        && tail.matches('.').count() >= 4
        && !tail
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().count() >= 4)
}

/// An unnumbered contents entry's title as a key: its words in lower case without the dot
/// leaders and page number after them (`Introduction . . . 3` and `Introduction` give
/// `introduction`); `None` for a line with no word of two letters.
pub(super) fn toc_title(line: &str) -> Option<String> {
    let t = before_leaders(line.trim());
    let t = t.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    let t = t.trim_end_matches(['.', '…', ' ', '\u{a0}']);
    t.split_whitespace()
        .any(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .then(|| {
            t.split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
                .join(" ")
        })
}

/// A contents entry's text before its dot leaders, whatever OCR read after them
/// (`Introduction. ©... ee`); the whole line when what follows the dots has words.
pub(super) fn before_leaders(t: &str) -> &str {
    match t.find("..") {
        Some(k)
            if !t[k..]
                .split_whitespace()
                .any(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3) =>
        {
            t[..k].trim_end_matches(|c: char| !c.is_alphanumeric())
        }
        _ => t,
    }
}

/// How a contents entry writes its title: `Some(true)` in sentence case (`2.1 Basic usage
/// for censored data . . . 3`), `Some(false)` in title case, `None` when it cannot tell
/// (fewer than two words of four letters or more after the first).
pub(super) fn entry_case(line: &str) -> Option<bool> {
    let t = line.trim();
    let t = &t[headings::numbering(t).map_or(0, |n| n.prefix_len)..];
    let mut words = before_leaders(t).split_whitespace();
    let first = words.next()?;
    if !first.starts_with(char::is_uppercase) {
        return None;
    }
    let long: Vec<&str> = words
        .filter(|w| w.chars().all(char::is_alphabetic) && w.chars().count() >= 4)
        .collect();
    if long.len() < 2 {
        return None;
    }
    Some(!headings::title_case(&long.join(" ")))
}

/// A line of dot leaders alone (`. . . . .`, `......`, `…`), or with the page number after
/// them (`. . . . 7`): the middle or the end of a table-of-contents entry whose title text
/// extraction put on a line of its own.
pub(super) fn leaders_only(line: &str) -> bool {
    let t = line.trim();
    let t = t
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end_matches([' ', '\u{a0}']);
    t.chars().filter(|&c| c == '.' || c == '…').count() >= 3
        && t.chars().all(|c| matches!(c, '.' | '…' | ' ' | '\u{a0}'))
}

/// A contents entry set with dot leaders, its page number after them or not (`2 Usage . . .
/// . 4`, `2.1 Operating system . . . .`).
pub(super) fn contents_entry(t: &str) -> bool {
    ends_with_leaders(t)
        || (toc_line(t) && (t.contains("..") || t.contains(". .") || t.contains('…')))
}

/// A title, then dot leaders to the end of the line (`2.1 Operating system . . . . .`): a
/// contents entry whose page number text extraction put on a line of its own.
pub(super) fn ends_with_leaders(line: &str) -> bool {
    let t = line.trim_end();
    let head = t.trim_end_matches(['.', '…', ' ', '\u{a0}']);
    let tail = &t[head.len()..];
    head.chars().any(char::is_alphabetic)
        && tail.chars().filter(|&c| c == '.' || c == '…').count() >= 4
        && (tail.contains("..") || tail.contains(". .") || tail.contains('…'))
}

/// An initial: a capital and a stop (`F.`, `Π.`).
pub(super) fn initial(w: &str) -> bool {
    let mut cs = w.chars();
    matches!((cs.next(), cs.next(), cs.next()), (Some(c), Some('.'), None) if c.is_uppercase())
}

/// A person's name as a title page sets it: two to four words, each an initial
/// (`Ιωάννης Π. Μαντζουράτος`) or capitalized parts in lower case after their first letter,
/// joined by a hyphen or an apostrophe (`Henrik Singmann`, `Jean-Luc Picard`, `Mary O'Neil`),
/// and no other character.
pub(super) fn person_name(t: &str) -> bool {
    let capitalized = |part: &str| {
        let mut cs = part.chars();
        cs.next().is_some_and(char::is_uppercase) && cs.all(char::is_lowercase)
    };
    let words: Vec<&str> = t.split_whitespace().collect();
    (2..=4).contains(&words.len())
        && words.iter().all(|w| {
            initial(w)
                || (w.chars().any(char::is_lowercase) && w.split(['-', '\'', '’']).all(capitalized))
        })
}

/// Two people's names or more, as a title page lists its authors: names joined by commas and
/// a last `and` (`J. K. Dewhurst, S. Sharma and L. Nordström`; `&`, `und`, `et` too).
pub(super) fn person_names(t: &str) -> bool {
    let mut list = t.to_string();
    for joint in [" and ", " & ", " und ", " et "] {
        list = list.replace(joint, ", ");
    }
    // `, and` before the last name leaves an empty piece.
    let names: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    names.len() >= 2 && names.iter().all(|n| person_name(n))
}

/// `Contents`, `CONTENTS`, `Table of Contents`, `Content`, and the same in a few other
/// languages (`Obsah`, `Inhaltsverzeichnis`): the title of a table of contents.
pub(super) fn is_contents_title(line: &str) -> bool {
    let t = line.trim().to_lowercase();
    matches!(
        t.as_str(),
        "contents"
            | "content"
            | "table of contents"
            | "sommaire"
            | "table des matières"
            | "inhaltsverzeichnis"
            | "inhalt"
            | "obsah"
            | "spis treści"
            | "содержание"
            | "оглавление"
            // babel's other names of the contents (upper case loses Greek accents).
            | "índice general"
            | "indice general"
            | "conteúdo"
            | "sumário"
            | "inhoudsopgave"
            | "innehåll"
            | "indhold"
            | "innhold"
            | "sisällys"
            | "tartalomjegyzék"
            | "περιεχόμενα"
            | "περιεχομενα"
            | "зміст"
            | "sadržaj"
            | "cuprins"
            | "sisukord"
    )
}

/// The title of a list of figures, tables or the like (lower case): `List of Figures`,
/// `Index of Tables`, and lists of figures, tables, drawings and listings in French, German,
/// Spanish, Portuguese and Italian (`Index des illustrations`, `Table des figures`,
/// `Abbildungsverzeichnis`), and babel's names in Dutch, Greek, Russian, Polish and Czech
/// (`Κατάλογος σχημάτων`, `Список таблиц`); not `Lista de correo`, a mailing list, nor
/// `Literaturverzeichnis`, a bibliography.
pub(super) fn is_list_of_title(t: &str) -> bool {
    if t.starts_with("list of ") || t.starts_with("index of ") {
        return true;
    }
    let prefixes = [
        "index des ",
        "liste des ",
        "table des ",
        "índice de ",
        "indice de ",
        "lista de ",
        "elenco delle ",
    ];
    let things = [
        "illustr", "ilustr", "figur", "tabl", "tabel", "dessin", "dibuj", "disegn", "desenh",
        "listing", "graph", "gráf", "grafic", "image", "imag", "imág",
    ];
    prefixes
        .iter()
        .filter_map(|p| t.strip_prefix(p))
        .any(|rest| things.iter().any(|w| rest.starts_with(w)))
        || [
            "abbildungsverzeichnis",
            "tabellenverzeichnis",
            "listingverzeichnis",
        ]
        .contains(&t)
        // babel's Dutch, Greek, Russian, Polish and Czech names.
        || [
            "lijst van ",
            "κατάλογος ",
            "καταλογος ",
            "список ",
            "spis ",
            "seznam ",
        ]
        .iter()
        .filter_map(|p| t.strip_prefix(p))
        .any(|rest| {
            [
                "figuren", "tabellen", "σχημάτων", "σχηματων", "πινάκων", "πινακων", "иллюстраций",
                "рисунков", "таблиц", "rysunków", "tabel", "obrázků", "tabulek",
            ]
            .contains(&rest)
        })
}

/// A reStructuredText underline of two characters under a title as wide (`QA` / `~~`, `锁` /
/// `--`): docutils takes one as long as its title.
pub(super) fn rest_short_underline(title: &str, rule: &str) -> Option<char> {
    let r = rule.trim();
    let c = r.chars().next()?;
    let width: usize = title
        .trim()
        .chars()
        .map(|ch| if is_wide(ch) { 2 } else { 1 })
        .sum();
    // One character under one letter (an index's `A` / `-`) is as long as its title too.
    ((r.len() == 2 || (r.len() == 1 && width == 1))
        && r.chars().all(|x| x == c)
        // Not `::`, `..`, `__`, `''`: two of those under a word are markup of their own.
        && adornment(c)
        && !rare_adornment(c)
        && !matches!(c, ':' | '.' | '_' | '\'')
        && (1..=2).contains(&width)
        && title.chars().any(char::is_alphanumeric))
    .then_some(c)
}

/// A program's name, a dash and what it does, as a manual page's `NAME` line has it
/// (`hmmconvert - convert profile file to various formats`, `git-rebase — reapply commits`).
pub(super) fn program_purpose(t: &str) -> bool {
    let Some((name, purpose)) = t.split_once(" - ").or_else(|| t.split_once(" — ")) else {
        return false;
    };
    !name.is_empty()
        && !name.contains(' ')
        && name.starts_with(|c: char| c.is_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'))
        && purpose.split_whitespace().count() >= 2
        && purpose.chars().filter(|c| c.is_ascii_punctuation()).count() <= 3
}

/// East Asian wide characters: CJK ideographs, kana, hangul and full-width forms.
pub(super) fn is_wide(ch: char) -> bool {
    matches!(ch, '\u{1100}'..='\u{115F}' | '\u{2E80}'..='\u{A4CF}' | '\u{AC00}'..='\u{D7A3}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFE6}')
}

/// An Emacs key sequence's first chord: modifiers `C-`, `M-`, `s-`, `S-`, `H-`, `A-` before a
/// key of one or two characters, none a capital and not all digits (`C-g`, `C-M-p`, `M-x`;
/// `C-xt` and `C-xC-s` as OCR joins `C-x t` and `C-x C-s`; not `A-Z`, `C-API` or `H-1`).
pub(super) fn key_chord(w: &str) -> bool {
    let modifier = |s: &str| {
        let b = s.as_bytes();
        b.len() >= 2 && matches!(b[0], b'C' | b'M' | b's' | b'S' | b'H' | b'A') && b[1] == b'-'
    };
    let mut rest = w;
    let mut modifiers = 0;
    while modifier(rest) {
        rest = &rest[2..];
        modifiers += 1;
    }
    // The key runs to the next chord, if any.
    let end = rest
        .char_indices()
        .find(|&(k, _)| k > 0 && modifier(&rest[k..]))
        .map_or(rest.len(), |(k, _)| k);
    let key = &rest[..end];
    modifiers > 0
        && (1..=2).contains(&key.chars().count())
        && !key.chars().any(char::is_uppercase)
        && !key.chars().all(|c| c.is_ascii_digit())
}

/// A texinfo definition's category in brackets: `[Function File]`, `[User Option]`,
/// `[Command]`, `[Special Form]`.
pub(super) fn definition_category(t: &str) -> bool {
    const KINDS: [&str; 16] = [
        "function",
        "command",
        "variable",
        "option",
        "macro",
        "method",
        "form",
        "class",
        "constant",
        "type",
        "procedure",
        "operator",
        "instance",
        "accessor",
        "record",
        "file",
    ];
    let inner = t.trim().trim_start_matches('[').trim_end_matches(']');
    inner.split_whitespace().count() <= 3
        && inner
            .split_whitespace()
            .any(|w| KINDS.contains(&w.to_lowercase().as_str()))
}

/// A line in brackets and nothing else, as a texinfo definition's category (`[Function
/// File]`) or argument template (`[expression ]`) stands when the text is extracted.
pub(super) fn bracketed(t: &str) -> bool {
    let t = t.trim();
    (3..=40).contains(&t.len())
        && t.starts_with('[')
        && t.ends_with(']')
        && !t[1..t.len() - 1].contains(['[', ']'])
        && t.chars().any(char::is_alphabetic)
}

/// `ip_default_ttl - INTEGER`, `neigh/default/gc_thresh1 - INTEGER`: a snake_case name (a
/// path of them), a spaced dash, and what it is.
pub(super) fn variable_entry(t: &str) -> bool {
    t.split_once(" - ").is_some_and(|(name, what)| {
        name.contains('_')
            && !what.trim().is_empty()
            && name.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '/' | '*')
            })
    })
}

/// [`changelog_header`], an `Author:` line only over its `Date:` line (`next`), as `git log`
/// writes them (a README that names each plugin's `Author:` is no log).
pub(super) fn entry_head(line: &str, next: Option<&str>) -> bool {
    changelog_header(line)
        && (!line.starts_with("Author: ") || next.is_some_and(|n| n.starts_with("Date:")))
}

/// The first line of a ChangeLog entry: GNU's date, name and address (`2022-10-10  Werner Koch
/// <wk@gnupg.org>`, or the older `Fri Jul 24 10:16:24 CEST 2009 Daniel Veillard
/// <veillard@redhat.com>`), a `git log` entry's `commit` and its 40 hex digits, or its
/// `Author:` line where the log leaves the commits out (gnutls' `changelog`), or a day, a
/// month's name and a year before a colon and a name (`18 January 2023: Wouter`, Unbound's).
pub(super) fn changelog_header(line: &str) -> bool {
    let l = line.trim_end();
    if let Some(h) = l.strip_prefix("commit ") {
        let h = h.split_whitespace().next().unwrap_or("");
        return h.len() == 40 && h.bytes().all(|b| b.is_ascii_hexdigit());
    }
    if let Some(a) = l.strip_prefix("Author: ") {
        return a.ends_with('>') && a.contains('@') && a.contains(" <");
    }
    if let Some((date, name)) = l.split_once(": ") {
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        let parts: Vec<&str> = date.split(' ').collect();
        if let [day, month, year] = parts[..] {
            return (1..=2).contains(&day.len())
                && day.bytes().all(|b| b.is_ascii_digit())
                && MONTHS.contains(&month)
                && year.len() == 4
                && year.bytes().all(|b| b.is_ascii_digit())
                && name.starts_with(char::is_uppercase)
                && name.split_whitespace().count() <= 4;
        }
    }
    // A remark may follow the address: `<x@y.org>  (tiny change)`.
    let l = match l.rsplit_once(" (") {
        Some((before, remark)) if remark.ends_with(')') && before.trim_end().ends_with('>') => {
            before.trim_end()
        }
        _ => l,
    };
    let Some(open) = l.rfind('<') else {
        return false;
    };
    let mail = &l[open..];
    if !(mail.len() >= 5 && mail.ends_with('>') && mail.contains('@') && !mail.contains(' ')) {
        return false;
    }
    let head = &l[..open];
    let digits = |r: std::ops::Range<usize>| {
        head.get(r)
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    let iso = digits(0..4)
        && head.get(4..5) == Some("-")
        && digits(5..7)
        && head.get(7..8) == Some("-")
        && digits(8..10)
        && head.get(10..11).is_some_and(|c| c == " " || c == "\t");
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let old = head.get(..3).is_some_and(|d| DAYS.contains(&d))
        && head.get(3..4) == Some(" ")
        && head.get(4..7).is_some_and(|m| MONTHS.contains(&m))
        && head.contains(':');
    // A name between the date and the address.
    (iso || old)
        && head
            .get(10..)
            .is_some_and(|n| n.chars().any(char::is_alphabetic))
}

/// An outline heading (Emacs outline mode, Org): stars at the margin, a blank, a title with a
/// letter or digit; its level is the number of stars (at most 9). Org's tags at the end of the
/// line (`:work:urgent:`) are not part of the title.
pub(super) fn star_title(line: &str) -> Option<(u8, &str)> {
    let stars = line.bytes().take_while(|&b| b == b'*').count();
    let rest = line.get(stars..)?;
    if stars == 0 || !rest.starts_with([' ', '\t']) {
        return None;
    }
    let mut title = rest.trim();
    if let Some(i) = title.rfind([' ', '\t']) {
        let tail = &title[i + 1..];
        let tags = tail.len() > 2
            && tail.starts_with(':')
            && tail.ends_with(':')
            && tail[1..tail.len() - 1].split(':').all(|t| {
                !t.is_empty() && t.chars().all(|c| c.is_alphanumeric() || "_@#%".contains(c))
            });
        if tags {
            title = title[..i].trim_end();
        }
    }
    title
        .chars()
        .any(char::is_alphanumeric)
        .then_some((stars.min(9) as u8, title))
}

/// The text says it is an Emacs outline or Org file, as Emacs reads it: `-*- outline -*-` or
/// `-*- mode: org -*-` on its first line (its second under a `#!` line), or `mode: outline`
/// in the `Local Variables:` block at its end (GNU's NEWS and TODO files).
pub(super) fn outline_declared(text: &str) -> bool {
    let is_mode = |m: &str| {
        let m = m.trim().to_ascii_lowercase();
        matches!(m.as_str(), "outline" | "org" | "outline-mode" | "org-mode")
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let line = if first.starts_with("#!") {
        lines.next().unwrap_or("")
    } else {
        first
    };
    if let Some((_, after)) = line.split_once("-*-") {
        if let Some((vars, _)) = after.split_once("-*-") {
            let declared = if vars.contains(':') {
                vars.split(';').any(|v| {
                    v.split_once(':').is_some_and(|(k, val)| {
                        k.trim().eq_ignore_ascii_case("mode") && is_mode(val)
                    })
                })
            } else {
                is_mode(vars)
            };
            // A line that names no mode (`-*- coding: utf-8 -*-`) leaves it to the end.
            if declared {
                return true;
            }
        }
    }
    let mut from = text.len().saturating_sub(3000);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let tail = &text[from..];
    let mut block = tail
        .lines()
        .skip_while(|l| !l.to_ascii_lowercase().contains("local variables:"));
    let Some(head) = block.next() else {
        return false;
    };
    let lower = head.to_ascii_lowercase();
    let prefix = head[..lower.find("local variables:").unwrap_or(0)].trim();
    for l in block {
        let l = l.trim().strip_prefix(prefix).unwrap_or(l).trim();
        if l.eq_ignore_ascii_case("end:") {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            if k.trim().eq_ignore_ascii_case("mode") && is_mode(v) {
                return true;
            }
        }
    }
    false
}

/// An Org keyword or block line: `#+TITLE: …`, `#+begin_src python`, `#+END_EXAMPLE`.
pub(super) fn org_markup(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("#+") else {
        return false;
    };
    let name: &str = &rest[..rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len())];
    !name.is_empty()
        && (rest[name.len()..].starts_with(':')
            || name.to_ascii_lowercase().starts_with("begin_")
            || name.to_ascii_lowercase().starts_with("end_"))
}

/// A line that opens or closes an Org block (`#+BEGIN_SRC python`, `#+end_quote`).
pub(super) fn org_block_line(line: &str) -> bool {
    line.get(..8)
        .is_some_and(|w| w.eq_ignore_ascii_case("#+begin_"))
        || line
            .get(..6)
            .is_some_and(|w| w.eq_ignore_ascii_case("#+end_"))
}

/// The name of the Org block a `#+begin_NAME` line opens (lower case: `src`, `example`,
/// `quote`).
pub(super) fn org_block_open(line: &str) -> Option<String> {
    let rest = line.trim_end().strip_prefix("#+")?;
    let word = rest.split_whitespace().next()?.to_ascii_lowercase();
    word.strip_prefix("begin_")
        .filter(|n| !n.is_empty())
        .map(str::to_string)
}

/// The name of the Org block a `#+end_NAME` line closes (lower case).
pub(super) fn org_block_end(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("#+")?;
    let name = rest
        .get(..4)
        .filter(|w| w.eq_ignore_ascii_case("end_"))
        .map(|_| &rest[4..])?;
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| name.to_ascii_lowercase())
}

/// An AsciiDoc (or wiki text) section title at the margin: one to six `=`, a space, and a title
/// with a letter (`== Installation`, `=== Build options ===`, ``==== `status` ``): its level
/// (the number of `=`) and its title without the marks. Not `= 5` (a formula's line), nor a
/// delimiter line of `=` alone.
pub(super) fn equals_title(line: &str) -> Option<(u8, &str)> {
    let level = line.bytes().take_while(|&b| b == b'=').count();
    let rest = line[level..].strip_prefix(' ')?;
    let title = rest.trim().trim_end_matches('=').trim_end();
    let words = title.chars().any(char::is_alphabetic) && !title.starts_with(['=', '+', '-']);
    ((1..=6).contains(&level) && words && title.split_whitespace().count() <= 16)
        .then_some((level as u8, title))
}

/// An AsciiDoc block attribute line (`[[install]]`, `[#install.role]`, `[source,java]`,
/// `[[topics_Intro,Introduction]]`): brackets around the whole line.
pub(super) fn block_attributes(line: &str) -> bool {
    let t = line.trim_end();
    t.len() >= 3
        && t.starts_with('[')
        && t.ends_with(']')
        && !t[1..t.len() - 1].contains(['[', ']'])
        || t.starts_with("[[") && t.ends_with("]]") && !t[2..t.len() - 2].contains(['[', ']'])
}

/// A line only AsciiDoc writes: an attribute entry (`:toc: left`, `:man source: crm`), a block
/// attribute line (see [`block_attributes`]) or a block macro (`include::intro.adoc[]`,
/// `image::arch.png[]`, `ifdef::env-github[]`).
pub(super) fn adoc_markup(line: &str) -> bool {
    let t = line.trim_end();
    let entry = t
        .strip_prefix(':')
        .and_then(|r| r.split_once(':'))
        .is_some_and(|(name, value)| {
            !name.is_empty()
                && name.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | '!'))
                && (value.is_empty() || value.starts_with(' '))
        });
    let mac = t.split_once("::").is_some_and(|(name, target)| {
        [
            "include", "image", "ifdef", "ifndef", "ifeval", "endif", "toc", "video", "audio",
        ]
        .contains(&name)
            && target.ends_with(']')
    });
    entry || mac || block_attributes(t)
}

/// An AsciiDoc block delimiter: four or more of one of `-` `.` `=` `*` `_` `+` `/` alone on
/// the line (`----` a listing, `....` a literal block, `====` an example, `////` a comment).
pub(super) fn adoc_delimiter(line: &str) -> Option<char> {
    let t = line.trim_end();
    let c = t.chars().next()?;
    (t.len() >= 4 && "-.=*_+/".contains(c) && t.chars().all(|x| x == c)).then_some(c)
}

/// AsciiDoc's two-line title: a title over a line of `=`, `-`, `~`, `^` or `+` of its length,
/// give or take two.
pub(super) fn adoc_underline(title: &str, rule: &str) -> bool {
    let (t, r) = (title.trim(), rule.trim());
    rule_char(r).is_some_and(|c| "=-~^+".contains(c))
        && t.chars().count().abs_diff(r.chars().count()) <= 2
}

/// The anchor an AsciiDoc attribute line gives the block under it: `[[id]]`,
/// `[[id,reference text]]` or `[#id]` (`[#id.role]`).
pub(super) fn attribute_anchor(line: &str) -> Option<&str> {
    let t = line.trim_end();
    let id = if let Some(inner) = t.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
        inner.split(',').next()?
    } else {
        let inner = t.strip_prefix("[#")?.strip_suffix(']')?;
        inner.split(['.', '%', ',']).next()?
    };
    let id = id.trim();
    let ok = !id.is_empty() && !id.contains(char::is_whitespace);
    ok.then_some(id)
}

/// A reStructuredText explicit markup line: a directive (`.. code-block:: python`), a
/// hyperlink target (`.. _label:`), a substitution (`.. |name| image:: …`), a footnote
/// (`.. [1] …`) or a comment that opens on a word.
pub(super) fn rest_explicit_markup(line: &str) -> bool {
    let Some(rest) = line.strip_prefix(".. ") else {
        return false;
    };
    if let Some(label) = rest.strip_prefix('_') {
        return label.trim_end().ends_with(':') && label.len() > 1;
    }
    if rest.starts_with('|') || rest.starts_with('[') {
        return rest.contains("] ") || rest.contains("| ");
    }
    // A directive (`.. code-block:: python`), or a comment (`.. SPDX-License-Identifier:
    // GPL-2.0`, `.. CONTENTS` over an indented list) that opens on a word.
    rest.starts_with(|ch: char| ch.is_ascii_alphabetic())
}

/// reStructuredText's inline markup: an interpreted text role (`:class:`Foo``,
/// `:py:meth:`run``) or a named hyperlink reference (`` `Stripe <https://stripe.com>`_ ``).
pub(super) fn rest_inline_markup(line: &str) -> bool {
    line.contains(">`_")
        || line.match_indices(":`").any(|(at, _)| {
            let name = &line[..at];
            let start = name
                .rfind(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, ':' | '-' | '+')))
                .map_or(0, |i| i + 1);
            let role = &name[start..];
            role.starts_with(':')
                && role.len() >= 3
                && role[1..].starts_with(|ch: char| ch.is_ascii_lowercase())
                && (start == 0 || line[..start].ends_with([' ', '(', '"', '\'']))
        })
}

/// A table-of-contents entry: text, then dot leaders or a wide gap, then a page number.
pub(super) fn toc_line(line: &str) -> bool {
    let t = line.trim_end();
    if t.len() > MAX_SHAPE_LINE {
        return false;
    }
    if garbled_leaders(t) {
        return true;
    }
    let num_start =
        t.trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, 'i' | 'v' | 'x'));
    if num_start.len() == t.len() || !num_start.chars().any(char::is_alphabetic) {
        return false;
    }
    let before = num_start.trim_end_matches(' ');
    let gap = num_start.len() - before.len();
    // OCR collapses dot leaders: "Exchanges . 50".
    let leaders = before.ends_with("..")
        || before.ends_with(". .")
        || before.ends_with(" .")
        || before.ends_with('…');
    // A trailing roman "page" must be a whole word.
    let tail = &t[num_start.len()..];
    let roman_ok = tail.chars().all(|c| c.is_ascii_digit()) || gap > 0;
    roman_ok && (leaders || (gap >= 2 && before.chars().any(char::is_alphabetic)))
}

/// Whether a line starts a list item (`-`, `*`, `•`, `1.`, `a)`, `(i)`).
pub fn list_marker_start(line: &str) -> bool {
    list_marker(line).is_some()
}

/// The number of a numbered list item's marker (`11` for `11. kvoptions — …`, `3` for
/// `(3) …`), whatever the item's text.
pub(super) fn list_number(line: &str) -> Option<u32> {
    if list_marker(line) != Some(2) {
        return None;
    }
    let t = line.trim_start();
    t[..t.find(['.', ')'])?]
        .trim_start_matches('(')
        .parse()
        .ok()
}

/// The bullet family of a list item's first line: `-`, `*`, `•`, `1.`, `a)`, `(i)`.
pub(super) fn list_marker(line: &str) -> Option<u8> {
    let t = line.trim_start();
    let mut chars = t.chars();
    let c = chars.next()?;
    let next = chars.next();
    if matches!(c, '-' | '*' | '+' | '•' | '·' | '‣' | '◦' | '▪' | '–' | 'o') && next == Some(' ')
    {
        return Some(if c == 'o' { 1 } else { 0 });
    }
    let end = t.find([')', '.'])?;
    if end == 0 || end > 4 || !t[end + 1..].starts_with(' ') {
        return None;
    }
    let label = t[..end].trim_start_matches('(');
    if label.chars().all(|c| c.is_ascii_digit()) && !label.is_empty() {
        return Some(2);
    }
    if label.len() == 1 && label.chars().all(|c| c.is_ascii_lowercase()) {
        return Some(3);
    }
    if !label.is_empty() && label.chars().all(|c| matches!(c, 'i' | 'v' | 'x')) {
        return Some(4);
    }
    None
}

/// Four fifths of the title's characters (spaces aside) are letters, and there are some:
/// words, not an OCR'd table row's remains (`Cc 27723) «1 25691 3` after a section number).
pub(super) fn worded(title: &str) -> bool {
    let letters = title.chars().filter(|c| c.is_alphabetic()).count();
    letters > 0 && letters * 10 >= title.chars().filter(|c| !c.is_whitespace()).count() * 8
}

/// The title after a bullet a title line is set after (`* WARNING: Backward-incompatibility!`,
/// `- New feature: Loadable objects`, `* "git diff" no longer …`): what follows `* `, `- ` or
/// `• `, unless that is another bullet (`* * *`) or nothing.
pub(super) fn bulleted_title(t: &str) -> Option<&str> {
    let rest = ["* ", "- ", "• "]
        .iter()
        .find_map(|b| t.trim_start().strip_prefix(b))?
        .trim_start();
    rest.starts_with(|c: char| !matches!(c, '*' | '-' | '•'))
        .then_some(rest)
}

/// A line of a git diffstat, which a ChangeLog made from `git log --stat` holds under each
/// commit: a path, a bar, the number of lines changed and as many plus and minus signs as fit
/// (`src/fcfreetype.c | 179`, its signs wrapped onto the next line, where they would
/// underline it; ` NEWS | 6 ++++++`), or `Bin` and the sizes of a binary file. Never a title.
pub(super) fn diffstat_line(t: &str) -> bool {
    let Some((path, stat)) = t.trim().rsplit_once(" | ") else {
        return false;
    };
    let path = path.trim_end();
    let stat = stat.trim_start();
    let digits = stat.bytes().take_while(u8::is_ascii_digit).count();
    !path.is_empty()
        && !path.contains(char::is_whitespace)
        && (stat
            .strip_prefix("Bin ")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            || (digits > 0
                && stat[digits..]
                    .trim()
                    .bytes()
                    .all(|b| b == b'+' || b == b'-')))
}

/// A line that may title a release in a series of them: a version's number (`2.3`, `1.9f`,
/// `2.0.12g8`; not an address, `10.0.0.1`) and a colon at its end, 2 to 12 words (`Changes in
/// version 2.3:`, `New in 1.9f: 2004-10-23; CVS version 1.9e, Libtool team:`), or no colon
/// nor other mark at its end, 2 to 6 words, the first a word (`Version 2.0.5`).
pub(super) fn release_like(t: &str) -> bool {
    let words = t.split_whitespace().count();
    let shape = if t.ends_with(':') {
        (2..=12).contains(&words)
    } else {
        (2..=6).contains(&words)
            && t.starts_with(|c: char| c.is_alphabetic())
            && !t.ends_with(|c: char| c.is_ascii_punctuation())
    };
    shape
        && t.split_whitespace().any(|w| {
            let w = w.trim_end_matches([':', ',', ';']);
            w.contains('.') && headings::version_parts(w)
        })
}

/// A line's letters, lower case, words with a digit left out: the words that a series of
/// titles shares whatever their numbers (`2.0.12g8`).
pub(super) fn letters_key(t: &str) -> String {
    t.split_whitespace()
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit()))
        .flat_map(|w| w.chars().filter(|c| c.is_alphabetic()))
        .flat_map(char::to_lowercase)
        .collect()
}
