//! The heading scorer shared by every format without heading markup (plain text, OCR text, and
//! PDF, which adds typography): a line is a heading when its score from four families of cues
//! passes a threshold (reference page title_hierarchy):
//!
//! - **numbering**: `1`, `1.2.3`, `A.`, `Appendix B.2`, `Chapter 4`, roman `IV.`;
//! - **lexical shape**: short, no sentence punctuation at the end, upper-case ratio, title case,
//!   a known section name (`Abstract`, `References`, …);
//! - **context breaks**: blank lines around, an underline (`====`, `----`), a line set further
//!   left than the body text that follows it;
//! - **typography** (when the format has it): a larger font than the body, bold.
//!
//! Weights and the threshold live in [`HeadingConfig`] (`[text.headings]` in the config).

use crate::config::HeadingConfig;

/// How a heading is numbered; the depth it gives and where the title text starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbering {
    /// `[1, 2, 3]` for `1.2.3`; letters count from 1 (`A` = 1), roman numerals by value.
    pub parts: Vec<u32>,
    pub kind: NumberKind,
    /// Byte length of the number and the separator after it, within the trimmed line.
    pub prefix_len: usize,
    /// The title starts with a lower-case letter (`1.1. man-db`): allowed only after a
    /// multi-part number with a final dot, and then only when it continues the sequence.
    pub lower_title: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberKind {
    /// `1.2.3` or `1.2.3.` or `1)` (a dot or parenthesis written after the number).
    Dotted,
    /// `1 Title`, `1.2 Title`: no mark after the last number; LaTeX and PDF style.
    Bare,
    /// `A.`, `B)`: a capital letter.
    Letter,
    /// `Appendix A`, `Appendix B.2`, `Annex C`.
    Appendix,
    /// `Chapter 4`, `Part II`, `Section 3`.
    Chapter,
    /// `IV.`
    Roman,
}

impl Numbering {
    /// Depth the numbering alone gives: one per dotted part (`Appendix B.2` is 2).
    pub fn depth(&self) -> u8 {
        self.parts.len().clamp(1, 6) as u8
    }
}

/// Typography of a line against the document's body text, for formats that have it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Typography {
    /// Font size over the body font size.
    pub size_ratio: f32,
    pub bold: bool,
    /// The whole line in italics.
    pub italic: bool,
}

impl Typography {
    /// Set apart from body text: bigger (1.08 times or more: `\large`, 12 pt, over an 11 pt
    /// text), bold, or wholly italic.
    pub fn stands_out(&self) -> bool {
        self.size_ratio >= 1.08 || self.bold || self.italic
    }
}

/// One line that might be a heading, with what the format knows around it.
#[derive(Debug, Clone, Default)]
pub struct Candidate<'a> {
    /// The line, trimmed.
    pub text: &'a str,
    pub blank_before: bool,
    pub blank_after: bool,
    /// Underlined by a line of one repeated punctuation character, or framed by one
    /// (`*** Title ***`): explicit markup, so a lower-case title counts too.
    pub underlined: bool,
    /// Set left of the document's body text, with the lines after it indented further.
    pub outdented: bool,
    /// Indented further than the document's body text.
    pub indented: bool,
    /// Set apart by blank lines over an entry at its own margin whose text is indented under
    /// it (a title over a reference entry's signature).
    pub over_entry: bool,
    /// A program's name and what it does (`hmmfetch - retrieve profiles from a file`), over
    /// its `Synopsis`: a manual page's title in a guide that collects them.
    pub over_synopsis: bool,
    /// Followed by body text (a paragraph), not by another short line or the end.
    pub body_follows: bool,
    /// Much shorter than the line right under it, which starts a sentence: a title line
    /// above its paragraph in text extracted from PDFs.
    pub short_above_body: bool,
    /// Under a blank line, short, over text at its margin, in a document that leaves blank
    /// lines only over its titles (text extracted from a PDF without layout).
    pub heads_run: bool,
    /// Numbered headings came before this line.
    pub numbering_started: bool,
    /// Parts of the last section number before this line (0 when none).
    pub last_number_parts: usize,
    /// How often the same line occurs in the document (1: only here; 0: not counted).
    pub repeats: u32,
    pub typography: Option<Typography>,
    /// The line opened with an ornament, set large, that the text was scored without (`◆
    /// equals()`, a generated reference's member heading): a mark the format puts on its
    /// titles, as an underline is.
    pub ornament: bool,
    /// Set in the type (size) of the document's numbered headings so far.
    pub numbered_type: bool,
    /// Named by an entry of the document's own table of contents.
    pub listed: bool,
    /// The document's contents write their titles in sentence case (`Basic usage for
    /// censored data`), so a title in sentence case is written as the document writes them.
    pub sentence_style: bool,
}

/// Parses a leading section number. The title after it must start with a capital letter, a
/// digit-free non-letter, or a letter of a script without case.
pub fn numbering(line: &str) -> Option<Numbering> {
    let t = line.trim();
    if let Some(n) = cjk_ordinal(t).or_else(|| ordinal_part(t)) {
        return Some(n);
    }
    // The label words in English, then French, German, Spanish, Italian, Dutch and Czech.
    for (word, kind) in [
        ("appendix ", NumberKind::Appendix),
        ("annex ", NumberKind::Appendix),
        ("chapter ", NumberKind::Chapter),
        ("part ", NumberKind::Chapter),
        ("section ", NumberKind::Chapter),
        ("chapitre ", NumberKind::Chapter),
        ("annexe ", NumberKind::Appendix),
        ("kapitel ", NumberKind::Chapter),
        ("anhang ", NumberKind::Appendix),
        ("capítulo ", NumberKind::Chapter),
        ("apéndice ", NumberKind::Appendix),
        ("capitolo ", NumberKind::Chapter),
        ("appendice ", NumberKind::Appendix),
        ("hoofdstuk ", NumberKind::Chapter),
        ("bijlage ", NumberKind::Appendix),
        ("kapitola ", NumberKind::Chapter),
        ("příloha ", NumberKind::Appendix),
    ] {
        if t.get(..word.len())
            .is_some_and(|p| p.chars().flat_map(char::to_lowercase).eq(word.chars()))
        {
            let rest = &t[word.len()..];
            let (parts, used) = label_parts(rest, kind == NumberKind::Chapter)?;
            let after = &rest[used..];
            let sep = separator_len(after);
            if !after.is_empty() && sep == 0 {
                return None;
            }
            let title = after[sep..].trim_start();
            if !title.is_empty() && !title_start_ok(title) {
                return None;
            }
            return Some(Numbering {
                parts,
                kind,
                prefix_len: t.len() - title.len(),
                lower_title: false,
            });
        }
    }
    // An appendix's sections without the word: `A.1`, `H.1.2 Serial drivers` (a capital, a
    // dot, a digit; `A. Title` is a letter item below).
    let b = t.as_bytes();
    if b.len() >= 3 && b[0].is_ascii_uppercase() && b[1] == b'.' && b[2].is_ascii_digit() {
        let (parts, used) = label_parts(t, false)?;
        let after = &t[used..];
        if !after.is_empty() && !after.starts_with([' ', '\t']) {
            return None;
        }
        let title = after.trim_start();
        if !title.is_empty() && !title_start_ok(title) {
            return None;
        }
        return Some(Numbering {
            parts,
            kind: NumberKind::Appendix,
            prefix_len: t.len() - title.len(),
            lower_title: false,
        });
    }
    // Dotted decimals: 1, 1.2, 1.2.3 with an optional final '.' or ')'.
    let mut parts = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 4 {
            i += 1;
        }
        if i == start || (i < b.len() && b[i].is_ascii_digit()) {
            break;
        }
        parts.push(t[start..i].parse::<u32>().ok()?);
        if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() && parts.len() < 6 {
            i += 1;
            continue;
        }
        break;
    }
    if !parts.is_empty() {
        let (kind, mark) = match b.get(i) {
            Some(b'.') | Some(b')') => (NumberKind::Dotted, 1),
            _ => (NumberKind::Bare, 0),
        };
        let after = &t[i + mark..];
        let title = after.trim_start();
        if title.len() == after.len() || title.is_empty() {
            return None;
        }
        // "2 Methods": a bare number needs a capital or a digit after it ("1 -f file" is an
        // option list), maybe in quotes (`3.9 “Wide” lists`).
        if kind == NumberKind::Bare
            && !title
                .trim_start_matches(['"', '“', '‘', '\'', '«', '„'])
                .starts_with(|c: char| {
                    // A capital, a digit, or a letter of a script without case (`1 调用方式`).
                    c.is_uppercase()
                        || c.is_ascii_digit()
                        || (c.is_alphabetic() && !c.is_lowercase())
                })
        {
            return None;
        }
        let lower_title = !title_start_ok(title);
        if lower_title
            && !(kind == NumberKind::Dotted
                && parts.len() >= 2
                && title.starts_with(|c: char| c.is_lowercase()))
        {
            return None;
        }
        return Some(Numbering {
            parts,
            kind,
            prefix_len: t.len() - title.len(),
            lower_title,
        });
    }
    // Roman numerals and capital letters: `IV. Title`, `A. Title`, `B) Title`.
    let word_end = t.find(['.', ')']).filter(|&p| p > 0 && p <= 6)?;
    let word = &t[..word_end];
    let title = t[word_end + 1..].trim_start();
    if title.len() == t.len() - word_end - 1 || title.is_empty() || !title_start_ok(title) {
        return None;
    }
    let prefix_len = t.len() - title.len();
    if let Some(v) = roman(word).or_else(|| ocr_roman(word)) {
        // A lone "I." or "V." is as likely a letter; either way it is depth 1.
        return Some(Numbering {
            parts: vec![v],
            kind: NumberKind::Roman,
            prefix_len,
            lower_title: false,
        });
    }
    if word.len() == 1 && word.as_bytes()[0].is_ascii_uppercase() {
        return Some(Numbering {
            parts: vec![u32::from(word.as_bytes()[0] - b'A' + 1)],
            kind: NumberKind::Letter,
            prefix_len,
            lower_title: false,
        });
    }
    None
}

/// A Chinese or Japanese ordinal label: `第` with a number in digits or in CJK numerals, then
/// `章` (chapter), `节`/`節` (section), `篇`, `部` or `部分` (part): `第1节 简介`,
/// `第十二章 结论`, `第3章`. The title may follow without a blank.
fn cjk_ordinal(t: &str) -> Option<Numbering> {
    // Text taken from PDFs may set the number apart: `第1 节 简介`.
    let rest = t.strip_prefix('第')?.trim_start();
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || cjk_digit(*c).is_some() || *c == '十' || *c == '百')
        .collect();
    if digits.is_empty() || digits.chars().count() > 6 {
        return None;
    }
    let value = if digits.chars().all(|c| c.is_ascii_digit()) {
        digits.parse::<u32>().ok()?
    } else {
        cjk_number(&digits)?
    };
    let after = rest[digits.len()..].trim_start();
    let unit = ["部分", "章", "节", "節", "篇", "部"]
        .into_iter()
        .find(|u| after.starts_with(u))?;
    let title =
        after[unit.len()..].trim_start_matches([' ', '\t', '\u{3000}', ':', '：', '.', '、']);
    if value == 0 || (!title.is_empty() && !title_start_ok(title)) {
        return None;
    }
    Some(Numbering {
        parts: vec![value],
        kind: NumberKind::Chapter,
        prefix_len: t.len() - title.len(),
        lower_title: false,
    })
}

/// A part's number as an ordinal word before the word for part, as French, Italian, Spanish
/// and German typesetting writes it (`Première partie`, `PRIMA PARTE - Il manuale`, `Zweiter
/// Teil`): the part's number in the outline, however the title after it is set apart.
fn ordinal_part(t: &str) -> Option<Numbering> {
    const ORDINALS: [(&str, u32); 38] = [
        ("première", 1),
        ("premier", 1),
        ("deuxième", 2),
        ("seconde", 2),
        ("troisième", 3),
        ("quatrième", 4),
        ("cinquième", 5),
        ("sixième", 6),
        ("septième", 7),
        ("huitième", 8),
        ("neuvième", 9),
        ("dixième", 10),
        ("prima", 1),
        ("seconda", 2),
        ("terza", 3),
        ("quarta", 4),
        ("quinta", 5),
        ("sesta", 6),
        ("settima", 7),
        ("ottava", 8),
        ("nona", 9),
        ("decima", 10),
        ("primera", 1),
        ("segunda", 2),
        ("tercera", 3),
        ("cuarta", 4),
        ("sexta", 6),
        ("séptima", 7),
        ("octava", 8),
        ("novena", 9),
        ("décima", 10),
        ("erster", 1),
        ("zweiter", 2),
        ("dritter", 3),
        ("vierter", 4),
        ("fünfter", 5),
        ("sechster", 6),
        ("siebter", 7),
    ];
    let (ordinal, rest) = t.split_once(char::is_whitespace)?;
    let (part, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let ordinal = ordinal.to_lowercase();
    let (_, value) = ORDINALS.iter().find(|(w, _)| *w == ordinal)?;
    let part = part.trim_end_matches([':', '.']).to_lowercase();
    if !["partie", "parte", "teil"].contains(&part.as_str()) {
        return None;
    }
    let title = rest.trim_start_matches([' ', '\t', '-', '–', '—', ':', '.']);
    if !title.is_empty() && !title_start_ok(title) {
        return None;
    }
    Some(Numbering {
        parts: vec![*value],
        kind: NumberKind::Chapter,
        prefix_len: t.len() - title.len(),
        lower_title: false,
    })
}

fn cjk_digit(c: char) -> Option<u32> {
    "〇一二三四五六七八九"
        .chars()
        .position(|d| d == c)
        .map(|p| p as u32)
        .or((c == '零').then_some(0))
        .or((c == '两').then_some(2))
}

/// `十二` = 12, `二十` = 20, `一百零五` = 105, `三` = 3.
fn cjk_number(s: &str) -> Option<u32> {
    let (mut total, mut digit) = (0u32, None::<u32>);
    for c in s.chars() {
        match c {
            '百' => {
                total += digit.unwrap_or(1) * 100;
                digit = None;
            }
            '十' => {
                total += digit.unwrap_or(1) * 10;
                digit = None;
            }
            // `一百零五`: the zero only marks the empty tens.
            '零' if total > 0 && digit.is_none() => {}
            c => {
                if digit.is_some() {
                    return None;
                }
                digit = Some(cjk_digit(c)?);
            }
        }
    }
    Some(total + digit.unwrap_or(0))
}

/// A multi-part number without a final dot before a lower-case title (`2.1 glp read cnfsat`)
/// or a name with a sigil (`4.1.2.2 ~Carea()`):
/// a section number in typeset documents, where typography already says the line stands out.
/// Marked `lower_title`, so the scorer takes it only when it continues the numbering.
pub fn numbering_lower(line: &str) -> Option<Numbering> {
    let t = line.trim();
    let num_end = t.find(' ')?;
    let num = &t[..num_end];
    let parts: Vec<u32> = num
        .split('.')
        .map(|p| {
            (!p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse().ok())
                .flatten()
        })
        .collect::<Option<_>>()?;
    let title = t[num_end..].trim_start();
    // A lower-case word, or a name that starts with a sigil (`~Carea()`, `_init`, `@code`,
    // `\\attachfile`, `#include`), or a markup element's name (`<config>`).
    let name_start = |c: char| {
        c.is_lowercase() || matches!(c, '~' | '∼' | '_' | '@' | '#' | '$' | '&' | '\\' | ':')
    };
    let element = title
        .strip_prefix('<')
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphabetic()));
    if parts.len() > 6 || !(title.starts_with(name_start) || element) {
        return None;
    }
    Some(Numbering {
        parts,
        kind: NumberKind::Bare,
        prefix_len: t.len() - title.len(),
        lower_title: true,
    })
}

/// `A`, `B.2`, `4`, `II` after "Appendix"/"Chapter": parts and bytes used. With `roman_first`
/// (after a word for chapter or part) a lone `I`, `V` or `X` is a roman numeral.
fn label_parts(s: &str, roman_first: bool) -> Option<(Vec<u32>, usize)> {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .unwrap_or(s.len());
    let label = s[..end].trim_end_matches('.');
    if label.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    for (k, p) in label.split('.').enumerate() {
        let v = if let Ok(n) = p.parse::<u32>() {
            n
        } else if k == 0 && roman_first && matches!(p, "I" | "V" | "X") {
            // `Part I`, `Chapter V`: parts and chapters count in roman numerals far more
            // often than by the ninth or the twenty-second letter.
            roman(p)?
        } else if k == 0 && p.len() == 1 && p.as_bytes()[0].is_ascii_uppercase() {
            u32::from(p.as_bytes()[0] - b'A' + 1)
        } else if k == 0 {
            roman(p)?
        } else {
            return None;
        };
        parts.push(v);
    }
    if parts.len() > 6 {
        return None;
    }
    Some((parts, end))
}

/// Bytes of `: `, `. `, ` - `, `—` or plain spaces between a label and its title.
fn separator_len(s: &str) -> usize {
    let t = s.trim_start_matches([':', '.', '-', '—', '–', ')']);
    let t = t.trim_start();
    s.len() - t.len()
}

/// A roman numeral as OCR reads it, its capital I taken for a lower-case l (`Il.`, `lll.`,
/// `Vl.`): a capital letter of a numeral or two l's at least, and the numeral canonical once
/// every l is an I.
fn ocr_roman(s: &str) -> Option<u32> {
    if !s.contains('l') || !(s.bytes().any(|c| b"IVX".contains(&c)) || s.len() >= 2) {
        return None;
    }
    roman(&s.replace('l', "I"))
}

fn roman(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 7 || !s.bytes().all(|c| b"IVXLC".contains(&c)) {
        return None;
    }
    let val = |c: u8| match c {
        b'I' => 1,
        b'V' => 5,
        b'X' => 10,
        b'L' => 50,
        _ => 100,
    };
    let b = s.as_bytes();
    let mut total = 0i64;
    for i in 0..b.len() {
        let v = val(b[i]);
        if b.get(i + 1).is_some_and(|&n| val(n) > v) {
            total -= v;
        } else {
            total += v;
        }
    }
    let total = u32::try_from(total).ok()?;
    // Canonical form only ("IIII" and "VX" are not numerals).
    (to_roman(total) == s).then_some(total)
}

fn to_roman(mut n: u32) -> String {
    let mut out = String::new();
    for (v, s) in [
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ] {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
    out
}

/// A title starts with anything but a lower-case letter (then the "number" is a quantity in
/// prose: `3.5 kg`), quotes and brackets aside.
fn title_start_ok(title: &str) -> bool {
    let c = title
        .chars()
        .find(|c| !matches!(c, '"' | '\'' | '(' | '[' | '“' | '‘' | '`'));
    // `<abstract>`, `"height" Attribute`, `--zstd`: markup and option names may lead a title.
    c.is_some_and(|c| !c.is_lowercase())
}

/// The shape every heading has, whatever its cues: one line, at most `max_chars` characters
/// and `max_words` words, no sentence punctuation at the end, little punctuation overall. Used
/// by HTML style headings as well.
pub fn title_shape(text: &str, max_words: usize, max_chars: usize) -> bool {
    let t = text.trim();
    if t.is_empty() || t.contains('\n') {
        return false;
    }
    let (chars, punct) = chars_and_punct(t);
    let words = t.split_whitespace().count();
    // A sentence may close inside quotation marks (`“FASL” is short for “FASt Loading.”`).
    let closed = t
        .trim_end_matches(['"', '”', '’', '»'])
        .ends_with(SENTENCE_END);
    chars <= max_chars && words <= max_words && !closed && punct * 4 <= chars
}

/// Punctuation that ends or breaks a sentence, not a title: the full-width forms close
/// Chinese and Japanese prose (`…导致CPU接收到一个中断。`).
const SENTENCE_END: [char; 7] = ['.', ',', ';', '。', '，', '；', '．'];

/// Characters of `t`, and how many of them are ASCII punctuation; a dot between digits is
/// part of a number (`v22.0.0`, a release's title in a changelog), not punctuation.
fn chars_and_punct(t: &str) -> (usize, usize) {
    let mut prev = ' ';
    let mut it = t.chars().peekable();
    let (mut n, mut p) = (0, 0);
    while let Some(c) = it.next() {
        let in_number =
            c == '.' && prev.is_ascii_digit() && it.peek().is_some_and(char::is_ascii_digit);
        n += 1;
        p += usize::from(c.is_ascii_punctuation() && !in_number);
        prev = c;
    }
    (n, p)
}

/// `t` without reST inline markup: role prefixes (`:mod:` before a backquote), backquotes,
/// asterisks and substitution bars.
pub fn without_inline_markup(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some(i) = rest.find(':') {
        // `:name:` right before a backquote is a role.
        let after = &rest[i + 1..];
        let role = after.find(':').filter(|&j| {
            j > 0
                && after[..j]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'))
                && after[j + 1..].starts_with('`')
        });
        match role {
            Some(j) => {
                out.push_str(&rest[..i]);
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(&rest[..=i]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.retain(|c| !matches!(c, '`' | '*' | '|'));
    out
}

/// A reStructuredText line as it reads, as Sphinx renders it: a hyperlink reference or a
/// role with an explicit target shows its text (`` `Spotify <https://…>`_ ``,
/// `` :ref:`@merge<decorators.merge>` ``), a bare one its target (`` `<https://…>`_ ``,
/// `` `Installation`_ ``), an inline literal its content; then the rest of the inline markup
/// goes as [`without_inline_markup`] takes it off.
pub fn rest_inline_text(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some(i) = rest.find('`') {
        let (before, after) = rest.split_at(i);
        out.push_str(before);
        // ``literal``: verbatim.
        if let Some(lit) = after.strip_prefix("``") {
            if let Some(j) = lit.find("``") {
                out.push_str(&lit[..j]);
                rest = &lit[j + 2..];
                continue;
            }
        }
        let Some(j) = after[1..].find('`').map(|j| j + 1) else {
            out.push_str(after);
            rest = "";
            break;
        };
        let inner = &after[1..j];
        let shown = match inner.rfind('<') {
            Some(k) if inner.ends_with('>') && !inner[..k].trim().is_empty() => {
                inner[..k].trim_end()
            }
            _ => inner.trim_start_matches('<').trim_end_matches('>'),
        };
        out.push('`');
        out.push_str(shown);
        out.push('`');
        rest = after[j + 1..].trim_start_matches('_');
    }
    out.push_str(rest);
    without_inline_markup(&out)
}

/// Share of upper-case letters among the letters; None without cased letters.
fn upper_ratio(t: &str) -> Option<f32> {
    let (mut up, mut cased) = (0u32, 0u32);
    for c in t.chars() {
        if c.is_uppercase() {
            up += 1;
            cased += 1;
        } else if c.is_lowercase() {
            cased += 1;
        }
    }
    (cased >= 2).then(|| up as f32 / cased as f32)
}

/// Most words of three letters or more start with a capital.
pub(crate) fn title_case(t: &str) -> bool {
    // A word in parentheses is an aside, often a code (`FlySight GPS File (flysight)`).
    let long: Vec<&str> = t
        .split_whitespace()
        .filter(|w| !(w.starts_with('(') && w.ends_with(')')))
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 4)
        .collect();
    !long.is_empty()
        && long
            .iter()
            .filter(|w| {
                w.chars()
                    .find(|c| c.is_alphabetic())
                    .is_some_and(char::is_uppercase)
            })
            .count()
            * 4
            >= long.len() * 3
}

/// A version's number (`2.7.6`, `1.9f`, `0.93.09`): each part opens with a digit (not a
/// file's name, `2fa.conf`), three parts at most (an address, `192.168.5.92`, has four).
fn version_word(w: &str) -> bool {
    version_parts(w) && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

/// Three dot-separated parts at most, each opening with a digit (`2.7.6`, `2.0.12g8`; not
/// `2fa.conf`, `10.0.0.1`).
pub fn version_parts(w: &str) -> bool {
    w.split('.').count() <= 3
        && w.split('.')
            .all(|p| p.starts_with(|c: char| c.is_ascii_digit()))
}

/// A title in sentence case: a capital first, two to eight words, two of them words of three
/// letters or more, nothing that reads as an address or a file, no syntax, list or quotation
/// (`Quick start`, `Instance regions`, `Changes in version 2.3`; not `Ok`, `CC xmen.o`, `Check for addresses
/// http://www.geany.org`, `LOO(fit_zinb1, fit_zinb2)`, `Root at /opt/texlive/2022`, `Timgr
/// status: Idle`, `No admissable split found in 'chas'`).
fn sentence_title(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    t.starts_with(char::is_uppercase)
        && (2..=8).contains(&words.len())
        && words
            .iter()
            .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3)
            .count()
            >= 2
        && !words.iter().any(|w| {
            w.contains("://") || (w.contains('.') && !w.ends_with('.') && !version_word(w))
        })
        && !t.contains([
            '(', ')', '[', ']', '{', '}', '<', '>', '_', '\\', '/', ':', '=', ',', '\'', '"', '‘',
            '’', '“', '”', '‚',
        ])
}

/// The heading score of a candidate. Below `cfg.threshold` it is body text. `numbered` is the
/// parsed numbering, if any, and `sequence_ok` whether it continues the numbering of the
/// headings accepted before it.
pub fn score(
    c: &Candidate,
    numbered: Option<&Numbering>,
    sequence_ok: bool,
    cfg: &HeadingConfig,
) -> f32 {
    // A Markdown attribute left in the text by a renderer that does not read it
    // (`Q3 : Why is compiling slow? {#Q003}`) is an anchor's name, not the title's syntax.
    let t = without_attribute(c.text);
    // Capitals spaced out in display type (`2 T E ST C H A P T E R`, a thesis template's
    // chapter titles) are read as the words they spell.
    let joined = c
        .typography
        .filter(|ty| ty.size_ratio >= 1.2)
        .and_then(|_| letter_spaced(t));
    let t = joined.as_deref().unwrap_or(t);
    // A release's version set apart in type over its changes (`v1.0.2 (2022-10-07)` in a
    // package's history) is a title, whatever its case and punctuation.
    if c.typography.is_some_and(|ty| ty.stands_out()) && c.blank_before && release_title(t) {
        return cfg.threshold;
    }
    // Set large and bold, a title may run to two lines of words (an FAQ's question).
    let display_type = c
        .typography
        .is_some_and(|ty| ty.bold && ty.size_ratio >= 1.15);
    // So may a question in bold over its answer (an FAQ's `I am relying on a prebuilt
    // version of CP2K (or another application), is LIBXSMM incorporated and which version is
    // it?`).
    let bold_question = c.typography.is_some_and(|ty| ty.bold)
        && c.blank_before
        && c.body_follows
        && t.ends_with('?');
    let (max_words, max_chars) = if display_type || bold_question {
        (cfg.max_words * 2, cfg.max_chars * 2)
    } else {
        (cfg.max_words, cfg.max_chars)
    };
    // A function's name and arguments set large and bold head its entry in a reference
    // (`reduce (t, f [, state = next(t)])`, an HTML page's `<h3>` made into a PDF).
    let signature = display_type && t.chars().count() <= max_chars && call_signature(t);
    // So does a member's declaration in bold after its section number, in sequence, however
    // long its arguments run (`5.2.2.1 trace_return_t addEntityValue ( const char ∗alias,
    // const char ∗entType, … )`, a reference manual's entry).
    let numbered_declaration = sequence_ok
        && c.typography.is_some_and(|ty| ty.bold)
        && numbered.is_some_and(|n| {
            let title = t.get(n.prefix_len..).unwrap_or("").trim();
            title.chars().count() <= 2 * cfg.max_chars && declaration(title)
        });
    let shaped = signature
        || numbered_declaration
        || match numbered {
            // The number's dots do not count as punctuation, and markup names may be the whole
            // title (`2.13.  <br>`): half of it may be punctuation.
            Some(n) => {
                let title = t.get(n.prefix_len..).unwrap_or("").trim();
                // A section number and title set apart in type may close with a period, as plain
                // TeX sets them (`1.3 Protection of noninterruptible code.`).
                let closed = c.typography.is_some_and(|ty| {
                    ty.stands_out() && (n.parts.len() >= 2 || ty.size_ratio >= 1.1)
                }) && title.ends_with('.')
                    && !title.ends_with("..");
                let title = if closed {
                    &title[..title.len() - 1]
                } else {
                    title
                };
                title_shape(t, max_words, max_chars)
                    || (t.chars().count() <= max_chars
                        && !title.ends_with(SENTENCE_END)
                        && title.split_whitespace().count() <= max_words
                        && title.chars().filter(|c| c.is_ascii_punctuation()).count() * 2
                            <= title.chars().count())
            }
            // Set large and bold, a title may close with a period, as an FAQ's statement does
            // (`I want canonical base64 encoding/decoding.`).
            None if display_type => {
                let open = t.strip_suffix('.').filter(|o| !o.ends_with('.'));
                title_shape(open.unwrap_or(t), max_words, max_chars)
            }
            None => title_shape(t, max_words, max_chars),
        };
    // An underline drawn to the title's length is markup the author wrote: such a title may
    // be long, or end with a period (reST's `libFuzzer – a library for … testing.`).
    // Its inline markup (reST's ``literal``, *emphasis*, :role:`text`) is not the title's
    // punctuation: ``alias`` over its dashes heads a section.
    let underlined_shape = c.underlined && {
        // An option's dashes are its name (``--pars``, a command-line reference's titles), and
        // so are an identifier's underscores (`__truediv__`).
        let plain = without_inline_markup(t);
        let (chars, punct) = chars_and_punct(plain.trim_start_matches('-'));
        let punct = punct.saturating_sub(plain.chars().filter(|&ch| ch == '_').count());
        chars <= 2 * cfg.max_chars
            && t.split_whitespace().count() <= 2 * cfg.max_words
            && !t.ends_with([',', ';'])
            && punct * 4 <= chars
    };
    // A line set left of the body (a man page's `.SS`) may be syntax: `Comma: ,`,
    // `map(x), map_values(x)`, `I/O`; it is still one short line, not a sentence.
    let outdented_shape = (c.outdented || c.ornament) && {
        let (chars, punct) = chars_and_punct(t);
        chars <= cfg.max_chars
            && t.split_whitespace().count() <= cfg.max_words
            && punct * 2 <= chars
            && !sentence_break(t)
    };
    if !shaped && !underlined_shape && !outdented_shape {
        return 0.0;
    }
    let first = t.chars().next().unwrap_or(' ');
    // Headings start with a capital, a digit or an uncased letter (CJK); never lower case,
    // never a bullet, a bracket (reference entries) or other symbols; explicit markup aside.
    let symbol = !first.is_alphanumeric() && !matches!(first, '"' | '\'' | '“' | '‘');
    // Explicit markup (an underline, a frame) and a line set left of the body (a man page's
    // `.SS has(key)`) may start in lower case or with a symbol.
    let marked = c.underlined || c.outdented || c.ornament;
    // A name set large and bold, apart from the line above, heads its section in lower case
    // all the same (`clear (t)` in a reference rendered from HTML); under a heading's first
    // line it is the title's wrapped end (`simulation?`). So does a name alone on its line in
    // the type of the document's numbered headings (`debugger`, `erl_interface`: a reference
    // manual's module over its entries, set as `1.1 Introduction` is).
    let display =
        c.blank_before && (display_type || (c.numbered_type && c.blank_after && name_alone(t)));
    // So may a phrase of words set in bold on a line of its own over its text (`pbuilder
    // einrichten`, a German guide's subsection named after a program).
    let bold_apart =
        c.typography.is_some_and(|ty| ty.bold) && c.blank_before && c.blank_after && c.body_follows;
    // A class's or module's name over its reference entry at the left edge (`iGzip` over
    // `class pymzml.file_classes.indexedGzip.IndexedGzip(path, encoding)`, `MS_Spectrum`), as
    // `pdftotext -layout` gives a Sphinx reference.
    let entry_name = c.over_entry && name_alone(t);
    // A title in small capitals comes out of a PDF in lower case (`introduction`, `setup and
    // tailoring`): words alone on a line set well above the body's size (in the type of the
    // numbered headings, a name alone is, as above; a phrase is not: `will produce`).
    let small_caps = c.blank_before
        && c.blank_after
        && !c.numbered_type
        && c.typography
            .is_some_and(|ty| (1.3..=2.5).contains(&ty.size_ratio))
        && (1..=8).contains(&t.split_whitespace().count())
        && t.split_whitespace().any(|w| w.chars().count() >= 3)
        && t.split_whitespace()
            .all(|w| w.chars().count() >= 2 && w.chars().all(|ch| ch.is_lowercase() || ch == '-'));
    let lower_case_ok = display
        || small_caps
        || entry_name
        || c.over_synopsis
        || ((bold_apart || c.heads_run) && plain_phrase(t));
    // OCR reads a roman numeral's I as l (`lll. Protein`): the number, not the title, starts
    // in lower case.
    let ocr_numeral = numbered.is_some_and(|n| n.kind == NumberKind::Roman) && first == 'l';
    // A command's name alone in bold over its description (`\setinvoicetitle` in a LaTeX
    // package's manual) names the part that describes it.
    let command_name = bold_apart && tex_command(t);
    if !marked
        && ((first.is_lowercase() && !lower_case_ok && !ocr_numeral)
            || (symbol && numbered.is_none() && !command_name))
    {
        return 0.0;
    }
    let title = numbered.map_or(t, |n| t.get(n.prefix_len..).unwrap_or(""));
    // A title has letters; under an underline a release's number and date may be the whole
    // title (`2.9.0 (2022-02-06)` in a changelog).
    let lettered = title.chars().any(char::is_alphabetic);
    let release = c.underlined && t.chars().any(|ch| ch.is_ascii_digit());
    // A year may be the whole title of a numbered section that continues the numbering: a
    // history told year by year (`9.1.1 2003`, `9.1.4 2006–2007`, `9.2 2020` in TeX Live's
    // guide).
    let year = sequence_ok && numbered.is_some_and(|n| n.parts.len() >= 2) && year_span(title);
    if !(lettered || release || year) {
        return 0.0;
    }
    // A file name or an address after a list number (a man page's NOTES:
    // `1. /usr/share/doc/…/architecture.png`), or a line of key material or an encoded blob
    // (`8WOVrQQBpx1 ACPQEqN91EHxbvFFo21tt`), is data, whatever its shape.
    if !c.underlined && (path_or_url(title) || title.split_whitespace().all(noise_word)) {
        return 0.0;
    }
    // A line that gives an address among its words is an author's or a contact's (`M. Scot
    // Breitenfeld, The HDF Group, brtnfld@hdfgroup.org` under a paper's title), not a title.
    if !c.underlined
        && title.split_whitespace().count() >= 2
        && title
            .split_whitespace()
            .any(|w| email(w.trim_matches(|ch: char| !ch.is_alphanumeric())))
    {
        return 0.0;
    }
    // A row of figures (`SOLID 1.0 0.0 0.0`, `INLA MCMC 231.3 1.10 1.44`: a table's or an
    // input file's line whose column gaps OCR closed) or an index entry with its page
    // (`NrPrimitiveGroups, 5`) is data, not a title.
    if !c.underlined && (figures_row(title) || index_entry(title) || code_points(title)) {
        return 0.0;
    }
    // A function's signature and the letter of its kind after it (`IsSpaceGroup( S ) P`,
    // `AsAffineCrystGroup( S ) F`: GAP's manuals mark properties, functions, attributes and
    // operations so) is an entry of a reference, not a section.
    if !c.underlined
        && title.rsplit_once(' ').is_some_and(|(sig, kind)| {
            (1..=2).contains(&kind.chars().count())
                && kind.chars().all(char::is_alphabetic)
                && call_signature(sig.trim_end())
        })
    {
        return 0.0;
    }
    // A field and a glyph for its value (`Baseline: ⛤`, a font sampler's label); a line
    // set left of the body may be such syntax (a man page's `.SS "Comma: ,"`).
    if !marked
        && title.rsplit_once(": ").is_some_and(|(_, v)| {
            let v = v.trim();
            !v.is_empty()
                && v.chars().count() <= 2
                && !v.chars().any(|ch| ch.is_ascii_alphanumeric())
        })
    {
        return 0.0;
    }
    // A line wholly in quotation marks is a string or a quotation (`‘Initialize Parameters’`
    // naming a command in a program listing); markup aside (reST's ``Choices``).
    if !marked && c.typography.is_none() && quoted(title) {
        return 0.0;
    }
    let typeset = c.typography.is_some_and(|ty| ty.stands_out());
    // A line in a heading's type that ends with a pilcrow carries the permalink a generator
    // puts after each of its titles (Sphinx's `¶`, printed with the web page): a title,
    // whatever brackets it names (`devstack [CloudManagement, NodeDiscover]¶`).
    let permalink = typeset && t.ends_with('¶');
    // Callouts (`Note`, and `NOTE`, `CAUTION` in capitals as typesetting sets them), also
    // with their own title after a dash (`Note — Customizing output`), head no section; in a man page a `NOTE` section is set left of the body (`marked`). Nor do the
    // label lines of a typeset chapter opener (`CHAPTER` / `ONE` / the title).
    let label = callout_label(title, cfg)
        || titled_callout(title, cfg)
        || chapter_opener_label(title.trim_end_matches(':'));
    if !marked
        && numbered.is_none()
        && ((!typeset && syntax_like(title) && !entry_name)
            || (typeset
                && code_like(title)
                && !section_number_first(t)
                && !signature
                && !permalink)
            || label)
    {
        return 0.0;
    }
    // A lead-in (`Examples:`, `Usage:`) introduces what follows; a title ending with a colon
    // is written only with explicit markup.
    if !marked && numbered.is_none() && t.ends_with(':') {
        return 0.0;
    }
    // A declaration set left of its indented arguments is code, not a man page's `.SS`.
    if !c.underlined && numbered.is_none() && open_call(title) {
        return 0.0;
    }
    // `1 January 2024`: a date, not section 1; a date alone (`December 1993` on a title
    // page) heads nothing either.
    if !c.underlined
        && ((numbered.is_some_and(|n| n.parts.len() == 1) && starts_with_month(title))
            || (numbered.is_none() && date_only(t)))
    {
        return 0.0;
    }
    // One word said three times or more (`LATEX LATEX LATEX LATEX`, a sample's output set
    // large) is what a sample prints, not a title.
    if !c.underlined && repeated_word(title) {
        return 0.0;
    }
    // A caption ("Figure 1: Setup dialog"), a notice ("Copyright © 2021 …"), or a line cut
    // after a function word ("… implementation of the") is not a title.
    if !c.underlined
        && (crate::structure::captions::caption_label(t).is_some()
            || t.contains('©')
            || ends_with_function_word(title))
    {
        return 0.0;
    }
    // Two sentences ("Data control. A module…") are prose, whatever else they look like;
    // set large and bold, a question may take two (an FAQ's `Compiling is slow on MacOS X.
    // Why?`).
    let question = display_type && title.ends_with('?');
    if !c.underlined && sentence_break(title) && !question {
        return 0.0;
    }
    if numbered.is_some_and(|n| n.lower_title && !sequence_ok) {
        return 0.0;
    }
    // `1.` again in the middle of numbered headings starts a list, not a section; under an
    // underline it is a section all the same (`4. Anonymous` after an unnumbered title).
    if !c.underlined
        && numbered.is_some_and(|n| {
            n.parts.len() == 1
                && matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
                && c.numbering_started
                && !sequence_ok
        })
    {
        return 0.0;
    }
    // A lead-in sentence ("Make the directory and start it as before:"), or a single letter
    // (an index's `M`), is no title; a line set left of the body (a man page's `.SS Old
    // Method of Defining Custom Dependencies:`) may end with a colon all the same.
    // A single letter after a section number that continues the numbering is a member's
    // name (`4.5.3.2 n` in a reference manual).
    // So is a capital alone set apart in type after a section number of two parts that
    // continues the numbering: a language's name (`3.2 R` after `3.1 SAS`).
    let named_member = sequence_ok
        && numbered.is_some_and(|n| {
            n.parts.len() >= 3
                || (n.parts.len() == 2
                    && c.typography.is_some_and(|ty| ty.stands_out())
                    && title.trim().chars().count() == 1
                    && title.trim().chars().all(char::is_uppercase))
        });
    if !c.underlined
        && ((t.ends_with(':') && title.split_whitespace().count() > 5 && !c.outdented)
            || (title.chars().filter(|c| c.is_alphanumeric()).count() < 2 && !named_member))
    {
        return 0.0;
    }
    let mut s = 0.0;
    if let Some(n) = numbered {
        match n.kind {
            // A bare number ("2 Methods") is a heading only when it continues the sequence;
            // a dotted one ("1.2 Export") is a section number anyway.
            NumberKind::Bare if !sequence_ok && n.parts.len() < 2 && !c.underlined => return 0.0,
            _ => s += cfg.numbering,
        }
        if sequence_ok {
            s += cfg.sequence;
        }
    }
    if c.underlined {
        s += cfg.underline;
    }
    let upper = upper_ratio(title);
    if upper.is_some_and(|u| u >= cfg.upper_ratio) {
        s += cfg.all_caps;
    } else if title_case(title) || (c.sentence_style && sentence_title(title)) {
        s += cfg.title_case;
    }
    let section_name = is_section_name(cfg, title);
    // A title the document's own contents name counts as a section name does (`Basic usage
    // for right-censored data`, set apart in OCR text like every paragraph), once: the same
    // line again and again is a running title.
    if section_name || (c.listed && numbered.is_none() && c.repeats <= 1) {
        s += cfg.section_name;
    }
    if c.blank_before {
        s += cfg.blank_before;
    }
    if c.blank_after {
        s += cfg.blank_after;
    }
    if c.outdented || c.over_entry || c.over_synopsis {
        s += cfg.outdent;
    }
    if c.indented {
        s -= cfg.indent_penalty;
    }
    if c.body_follows {
        s += cfg.body_follows;
    }
    if c.short_above_body {
        s += cfg.short_line;
    }
    if c.heads_run {
        s += cfg.heads_run;
    }
    if t.ends_with(':') {
        s -= cfg.colon_penalty;
    }
    if let Some(ty) = c.typography {
        if ty.size_ratio >= 1.15 {
            s += cfg.typography;
        }
        if ty.bold || ty.italic {
            s += cfg.typography / 2.0;
        }
    }
    // A line without a number, markup or a section name that the document repeats must stand
    // out more: `Public Member Functions` between `4.1` and `4.1.1`, in every class of a
    // reference manual, or `Errors` / `Portability` under every predicate, is a label of the
    // template, not a section. Twice is enough in text numbered down to its subsections, three
    // times anywhere. Unique unnumbered titles stay, and where only chapters are numbered their
    // sections go without (`1. Introduction`, then `Evolution of the Conventions`).
    // A section name is exempt, unless indented into the text around it: `Examples` under
    // every entry of a reference, set at the entries' text column.
    if ((c.last_number_parts >= 2 && c.repeats >= 2) || c.repeats >= 3)
        && numbered.is_none()
        && !marked
        && c.typography.is_none()
        && (!section_name || c.indented)
    {
        // Four times or more under numbered subsections, it is the label of every entry of a
        // reference (`Properties`, `Inputs` under each `9.3.12 @i2cdev/readRegister`), even
        // over a sentence of text.
        if c.last_number_parts >= 2 && c.repeats >= 4 {
            return 0.0;
        }
        s -= 1.0;
    }
    // Set apart in type, five times is enough: `Parameters`, `Returns` under every function
    // of a generated reference, `Description` under every entry of a DocBook reference.
    if c.typography.is_some() && c.repeats >= 5 && numbered.is_none() && !marked && !section_name {
        s -= 1.0;
    }
    s
}

/// A name alone, of three letters, digits or underscores or more (`debugger`, `iGzip`,
/// `MS_Spectrum`).
fn name_alone(t: &str) -> bool {
    t.chars().count() >= 3 && t.chars().all(|ch| ch.is_alphanumeric() || ch == '_')
}

/// Two to eight words of letters and digits, joined by `-` or `_` at most (`timeadj option`,
/// `input-is-dump-file option`), the first of two letters or more: a phrase, not code
/// (`array(value, dimlist)`, `gpsbabel -t -r`, `r filename`), a list (`right, rechts, droit`)
/// or a cross-reference (`see Section 5.6.1.2`).
fn plain_phrase(t: &str) -> bool {
    let words = t.split_whitespace().count();
    // A letter alone first is a command's name (`r filename` in a sed manual), not a word.
    (2..=8).contains(&words)
        && t.split_whitespace()
            .next()
            .is_some_and(|w| w.chars().count() >= 2)
        && t.split_whitespace().all(|w| {
            w.starts_with(char::is_alphanumeric)
                && w.chars()
                    .all(|ch| ch.is_alphanumeric() || matches!(ch, '-' | '_'))
        })
}

/// Wholly in one pair of quotation marks: `"…"`, `'…'`, `‘…’`, `“…”`.
fn quoted(t: &str) -> bool {
    let t = t.trim();
    let mut chars = t.chars();
    let (Some(open), Some(close)) = (chars.next(), chars.next_back()) else {
        return false;
    };
    let inner = chars.as_str();
    matches!(
        (open, close),
        ('"', '"') | ('\'', '\'') | ('‘', '’') | ('“', '”')
    ) && !inner.contains([open, close])
}

/// A line of capitals spaced out (`2 T E ST C H A P T E R A B C`): its letters run
/// together after whatever comes before them (a number), or None when the line is not one.
/// Four letters or more, one or two to a token, and no other kind of token after them.
fn letter_spaced(t: &str) -> Option<String> {
    let tokens: Vec<&str> = t.split_whitespace().collect();
    let caps = |w: &str| (1..=2).contains(&w.chars().count()) && w.chars().all(char::is_uppercase);
    let start = tokens.iter().position(|w| caps(w))?;
    let letters = &tokens[start..];
    if letters.len() < 4 || !letters.iter().all(|w| caps(w)) {
        return None;
    }
    // What comes before the letters stays byte for byte: a section number's length was
    // measured on the line as it is.
    let at = letters[0].as_ptr() as usize - t.as_ptr() as usize;
    let mut out = t[..at].to_string();
    out.extend(letters.iter().copied());
    Some(out)
}

/// A TeX command's name alone: a backslash and two letters or more (`\setname`).
fn tex_command(t: &str) -> bool {
    t.strip_prefix('\\')
        .is_some_and(|n| n.len() >= 2 && n.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// One token that is a path (`/usr/share/x.png`, `~/.config`, `./run`) or an address
/// (`https://example.org/a`, `v.kuhlmann@elec.canterbury.ac.nz`: an author's footnote).
fn path_or_url(t: &str) -> bool {
    let t = t.trim();
    !t.is_empty()
        && !t.contains(char::is_whitespace)
        && (t.starts_with(['/', '~', '.']) && t.contains('/') || t.contains("://") || email(t))
}

/// `name@host.domain`: something before the `@`, and a dot inside what follows it (not
/// `@param`, not `user@`).
fn email(t: &str) -> bool {
    t.split_once('@').is_some_and(|(name, host)| {
        !name.is_empty()
            && host
                .trim_end_matches('.')
                .split_once('.')
                .is_some_and(|(a, b)| !a.is_empty() && !b.is_empty())
    })
}

/// A word no language writes: ten letters or digits or more, with a digit, whose case flips
/// three times or more, with no run of four lower-case letters and few vowels (base64, keys:
/// `ACPQEqN91EHxbvFFo21tt`). Identifiers are made of words: `gdcmVR16ExplicitDataElement`,
/// `IPv6AddrInfo`, `NFSv4`, `x86_64` are not noise.
fn noise_word(w: &str) -> bool {
    let (mut flips, mut run, mut longest_run, mut letters, mut vowels) = (0, 0, 0, 0, 0);
    let mut last = None;
    for c in w.chars().filter(|c| c.is_alphabetic()) {
        let up = c.is_uppercase();
        if last.is_some_and(|l| l != up) {
            flips += 1;
        }
        last = Some(up);
        run = if up { 0 } else { run + 1 };
        longest_run = longest_run.max(run);
        letters += 1;
        if "aeiouAEIOU".contains(c) {
            vowels += 1;
        }
    }
    w.chars().filter(|c| c.is_alphanumeric()).count() >= 10
        && w.chars().any(|c| c.is_ascii_digit())
        && flips >= 3
        && longest_run <= 3
        && vowels * 4 < letters
}

/// Two numbers or more, and more numbers than words (`0.3 0.3 1.0 0`, `Emu 92.50 3.1%`).
/// Unicode code points alone (`U+25CA, U+25CC`: the characters a font's chart shows under a
/// block's name).
fn code_points(t: &str) -> bool {
    t.split_whitespace().all(|w| {
        w.trim_end_matches([',', ';'])
            .strip_prefix("U+")
            .is_some_and(|h| (4..=6).contains(&h.len()) && h.chars().all(|c| c.is_ascii_hexdigit()))
    })
}

pub(crate) fn figures_row(t: &str) -> bool {
    let figure = |w: &str| {
        let w = w.strip_prefix(['-', '+']).unwrap_or(w);
        let w = w.strip_suffix('%').unwrap_or(w);
        w.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && w.ends_with(|c: char| c.is_ascii_digit())
            && w.chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | ','))
    };
    let (mut words, mut figures) = (0, 0);
    for w in t.split_whitespace() {
        words += 1;
        if figure(w) {
            figures += 1;
        }
    }
    figures >= 2 && figures * 2 > words
}

/// A term, a comma and the pages it is on (`NrPrimitiveGroups, 5`, `Index, 12, 14`): a line of
/// an index.
fn index_entry(t: &str) -> bool {
    let mut parts = t.split(", ");
    let term = parts.next().unwrap_or("");
    let mut pages = 0;
    for p in parts {
        let p = p.trim();
        if p.is_empty()
            || p.len() > 9
            || !p.starts_with(|c: char| c.is_ascii_digit())
            || !p
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | '–'))
        {
            return false;
        }
        pages += 1;
    }
    pages >= 1 && term.chars().any(char::is_alphabetic)
}

/// `December 1993`, `May 20, 2025`, `20 May 2025`: a month name and numbers, nothing else.
fn date_only(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    let number = |w: &&str| {
        let w = w.trim_end_matches([',', '.']);
        !w.is_empty() && w.len() <= 4 && w.bytes().all(|b| b.is_ascii_digit())
    };
    let month = |w: &[&str]| starts_with_month(&w.join(" "));
    match words.len() {
        2 | 3 => {
            (month(&words) && words[1..].iter().all(number))
                || (number(&words[0]) && month(&words[1..]) && words[2..].iter().all(number))
        }
        _ => false,
    }
}

/// A release's version, alone or with its date: `v1.0.2 (2022-10-07)`, `v2.1`, `1.4.0
/// 2021-03-05`, `v1.3.2 - 2017-04-16`, `[1.0.0] - 2017-06-20` (a change log's), or the date
/// first as LaTeX packages write it (`2017/06/03 v1.4.0`). A bare number needs its date
/// (`1.0` alone may be a section's number).
pub(crate) fn release_title(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    let version = |w: &str| {
        let w = w.trim_start_matches('[').trim_end_matches(']');
        let (prefixed, number) = match w.strip_prefix(['v', 'V']) {
            Some(n) => (true, n),
            None => (false, w),
        };
        let parts: Vec<&str> = number.split('.').collect();
        let ok = (2..=4).contains(&parts.len())
            && parts
                .iter()
                .all(|p| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
        ok.then_some(prefixed)
    };
    let date = |w: &str| {
        let w = w.trim_start_matches('(').trim_end_matches(')');
        let b = w.as_bytes();
        b.len() == 10
            && matches!(b[4], b'-' | b'/')
            && b[7] == b[4]
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    };
    match words.as_slice() {
        [v] => version(v) == Some(true),
        [a, b] => version(a).is_some() && date(b) || date(a) && version(b) == Some(true),
        [v, "-" | "–" | "—", d] => version(v).is_some() && date(d),
        _ => false,
    }
}

/// A year or a span of years (`2003`, `2006–2007`, `1998-2001`), from 1500 to 2099.
pub fn year_span(t: &str) -> bool {
    let year = |w: &str| {
        w.len() == 4
            && w.bytes().all(|b| b.is_ascii_digit())
            && w.parse::<u16>().is_ok_and(|y| (1500..=2099).contains(&y))
    };
    let mut ends = t.trim().split(['–', '-']);
    let first = ends.next().unwrap_or("");
    year(first.trim()) && ends.next().is_none_or(|w| year(w.trim())) && ends.next().is_none()
}

/// Three words or more, all the same word (`LATEX LATEX LATEX`, `Test test test`).
fn repeated_word(t: &str) -> bool {
    let words: Vec<String> = t.split_whitespace().map(str::to_lowercase).collect();
    words.len() >= 3 && words.iter().all(|w| *w == words[0])
}

/// `January 2024`, `Mar 3`, `4. Februar 2001`'s `Februar 2001`: a title that starts with a
/// month name (English, German, French, Spanish or Italian) and has a number.
fn starts_with_month(t: &str) -> bool {
    const MONTHS: [&str; 64] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "januar",
        "februar",
        "märz",
        "mai",
        "juni",
        "juli",
        "oktober",
        "dezember",
        "janvier",
        "février",
        "mars",
        "avril",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
        "gennaio",
        "febbraio",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "settembre",
        "ottobre",
        "dicembre",
    ];
    let first = t
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches([',', '.'])
        .to_lowercase();
    t.chars().any(|c| c.is_ascii_digit()) && MONTHS.contains(&first.as_str())
}

/// A callout's label (`Note`, `NOTE`, `Tip:`; `text.headings.labels`).
pub fn callout_label(t: &str, cfg: &HeadingConfig) -> bool {
    let t = t.trim().trim_end_matches(':');
    cfg.labels.iter().any(|l| t.eq_ignore_ascii_case(l))
}

/// A callout's label and its own title after a dash (`Important — Availability in
/// repositories`, `Note – Customizing output`), as a DocBook stylesheet heads a boxed note.
fn titled_callout(t: &str, cfg: &HeadingConfig) -> bool {
    let Some((label, rest)) = t.split_once(' ') else {
        return false;
    };
    let title = rest
        .strip_prefix(['—', '–'])
        .and_then(|r| r.strip_prefix(' '));
    title.is_some_and(|r| !r.trim().is_empty()) && callout_label(label, cfg)
}

/// The last word is one a title does not end with: an article, a preposition, a conjunction
/// or `is`/`are` (English), so the line is a sentence wrapped onto the next one.
pub fn ends_with_function_word(t: &str) -> bool {
    let last = t.rsplit(char::is_whitespace).next().unwrap_or("");
    let words = t.split_whitespace().count();
    // A verb ends no title of two words either (`Displayed are` over its list).
    (words >= 2 && matches!(last, "is" | "are"))
        || (words >= 3
            && [
                "the", "a", "an", "of", "and", "or", "to", "in", "for", "with", "on", "by", "that",
                "from", "as", "at",
            ]
            .contains(&last))
}

/// Parentheses left open: a call whose arguments follow (`int Carea::compute_areas (`).
fn open_call(t: &str) -> bool {
    t.matches('(').count() != t.matches(')').count()
}

/// Command syntax, fields and identifiers, not titles: `Q [exit-code]`, `HOME <dir>`,
/// `Types: deb`, a single token
/// such as `ForwardX11`, `SuppressQuiet`, `GREP_COLORS`, `O0,addr2`.
/// An SQL statement: its verb first, in capitals, with the keyword that names its table
/// (`SELECT State, Murder FROM USArrests WHERE Rape > 30`, `INSERT INTO t VALUES (1)`).
fn sql_statement(t: &str) -> bool {
    let mut words = t.split_whitespace();
    let verb = words.next().unwrap_or("");
    let table_word = match verb {
        "SELECT" | "DELETE" => "FROM",
        "INSERT" => "INTO",
        "UPDATE" => "SET",
        "CREATE" | "DROP" | "ALTER" => "TABLE",
        _ => return false,
    };
    words.any(|w| w == table_word)
}

fn syntax_like(t: &str) -> bool {
    // Brackets, or a call left open (`int Carea::compute_areas (`, its arguments below).
    if t.contains(['[', '<', '{', '=', '|']) || open_call(t) {
        return true;
    }
    // A query (`SELECT sex, COUNT(*) FROM student GROUP BY sex`).
    if sql_statement(t) {
        return true;
    }
    // A field and its value: `Types: deb`, `Default: none`, `INFO: Seed: 1523017872`.
    // So is a field whose value is a constant's name (`Functionality flag:
    // I2C_FUNC_SMBUS_QUICK`, `Default: UINT_MAX (0xFFFFFFFF)`).
    if let Some((_, v)) = t.split_once(": ") {
        let v = v.trim_start();
        if v.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit())
            || v.split_whitespace().next().is_some_and(|w| {
                w.contains('_') && w.chars().all(|c| c.is_alphanumeric() || c == '_')
            })
        {
            return true;
        }
    }
    if t.split(": ")
        .skip(1)
        .any(|v| v.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    {
        return true;
    }
    // A term and its type, as reference lists give parameters: `BUFFER (scalar)`,
    // `HISTNO (integer)`.
    if let Some((name, kind)) = t.split_once(" (") {
        let kind = kind.strip_suffix(')').unwrap_or("");
        if !name.is_empty()
            && !name.contains(' ')
            && name.chars().any(char::is_alphabetic)
            && !name.chars().any(char::is_lowercase)
            && !kind.is_empty()
            && kind
                .chars()
                .all(|c| c.is_lowercase() || c == ' ' || c == '-')
        {
            return true;
        }
    }
    let mut tokens = t.split_whitespace();
    let (Some(tok), None) = (tokens.next(), tokens.next()) else {
        return false;
    };
    if !tok.chars().any(char::is_lowercase) {
        // SOURCES.LIST.D, X11 read as titles; ERR_NO_MEM, SWIGPHP7 are names.
        return tok.contains('_') || tok.chars().any(|c| c.is_ascii_digit()) && tok.len() > 4;
    }
    let chars: Vec<char> = tok.chars().collect();
    let letters = chars.iter().filter(|c| c.is_alphabetic()).count();
    let digits = chars.iter().filter(|c| c.is_ascii_digit()).count();
    let inner_cap = chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase());
    tok.contains(['_', ',', '(', '.', '/', '+']) || (letters > 0 && digits > 0) || inner_cap
}

/// Program text set in a heading's type (a wrapped function signature, `ComplexMatrix &b)`):
/// operators and brackets no title has, or parentheses that do not pair up.
fn code_like(t: &str) -> bool {
    open_call(t) || t.contains(['&', '=', '{', '}', '[', ']', '<', '>', '|', ';'])
}

/// `name (args)` or `module.name(args)`: an identifier, then one balanced parenthesized
/// list that ends the line.
fn call_signature(t: &str) -> bool {
    let Some(open) = t.find('(') else {
        return false;
    };
    let name = t[..open].trim_end();
    let ident = |w: &str| {
        w.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && w.ends_with(|c: char| c.is_alphanumeric() || c == '_')
            && w.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | ':'))
    };
    closes_at_end(t, open) && ident(name) && name.len() <= 40
}

/// The parenthesis opened at byte `open` of `t` closes at its very end (`f (a, (b))`, not
/// `f (x) and g (y)`).
fn closes_at_end(t: &str, open: usize) -> bool {
    let mut depth = 0i32;
    for (i, c) in t[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return open + i + 1 == t.len();
                }
            }
            _ => {}
        }
    }
    false
}

/// A function's declaration: up to four words of its type and qualifiers (identifiers, or
/// a pointer's or a reference's marks), its name, and its arguments in parentheses to the end
/// (`trace_return_t addEntityValue ( const char ∗alias, gtg_color_t p_color )`, `int
/// bufferedModeActivated ( )`).
fn declaration(t: &str) -> bool {
    let Some(open) = t.find('(') else {
        return false;
    };
    let words: Vec<&str> = t[..open].split_whitespace().collect();
    let ident = |w: &str| {
        w.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && w.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | ':'))
    };
    let pointer = |w: &str| w.chars().all(|c| matches!(c, '*' | '∗' | '&'));
    let type_word = |w: &str| {
        let core = w.trim_matches(|c| matches!(c, '*' | '∗' | '&'));
        pointer(w) || ident(core)
    };
    let Some((name, types)) = words.split_last() else {
        return false;
    };
    // Code, not a phrase: a word with an underscore, a scope, a pointer's mark or a capital
    // after a lower-case letter, or a type of C's (`Installing the program (on Linux)` is
    // words).
    let code = |w: &str| {
        w.contains(['_', '*', '∗', '&'])
            || w.contains("::")
            || w.chars()
                .zip(w.chars().skip(1))
                .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
            || matches!(
                w,
                "int"
                    | "void"
                    | "char"
                    | "const"
                    | "static"
                    | "unsigned"
                    | "long"
                    | "double"
                    | "float"
                    | "bool"
                    | "struct"
                    | "enum"
                    | "size_t"
            )
    };
    (1..=4).contains(&types.len())
        && words.iter().any(|w| code(w))
        && types.iter().all(|w| type_word(w))
        && ident(name.trim_start_matches(['*', '∗', '&']))
        && closes_at_end(t, open)
}

/// Starts with a section number and a space (`3.1 \\attachfile[options]`), whatever follows.
fn section_number_first(t: &str) -> bool {
    let num = t.split(' ').next().unwrap_or("");
    num.len() < t.len()
        && !num.is_empty()
        && num
            .trim_end_matches('.')
            .split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `CHAPTER`, `PART` or a number in words (`ONE`, `TWELVE`) alone on a line: what a typeset
/// chapter opener puts above the chapter's title.
fn chapter_opener_label(t: &str) -> bool {
    const WORDS: [&str; 22] = [
        "chapter",
        "part",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS.iter().any(|w| t.eq_ignore_ascii_case(w))
}

/// `t` without a trailing Markdown heading attribute (`{#install}`, `{#api .unnumbered}`):
/// an identifier or class after `#` or `.`, with names, blanks and `key="value"` pairs only.
fn without_attribute(t: &str) -> &str {
    match t.strip_suffix('}').and_then(|b| b.rsplit_once(" {")) {
        Some((body, attr)) if !body.trim().is_empty() && attribute_inside(attr) => body.trim_end(),
        _ => t,
    }
}

/// A Markdown heading attribute alone (`{#Q006}`), as a renderer that does not read it may
/// wrap it below its title.
pub fn attribute_only(t: &str) -> bool {
    t.strip_prefix('{')
        .and_then(|a| a.strip_suffix('}'))
        .is_some_and(attribute_inside)
}

/// What a heading attribute holds between its braces: `#` or `.` and a name, then names,
/// blanks and `key="value"` pairs.
fn attribute_inside(a: &str) -> bool {
    a.strip_prefix(['#', '.']).is_some_and(|a| {
        !a.is_empty()
            && a.chars().all(|ch| {
                ch.is_alphanumeric() || matches!(ch, '-' | '_' | ':' | '.' | ' ' | '#' | '=' | '"')
            })
    })
}

/// `. ` followed by a capital inside the text: a sentence ends there.
fn sentence_break(t: &str) -> bool {
    t.match_indices(". ").any(|(p, _)| {
        let before = &t[..p];
        // "e.g. X", "Fig. 3", "S. Raymond": an abbreviation or initial, not a sentence end.
        let word = before.rsplit(' ').next().unwrap_or("");
        // A short word that is no abbreviation ends a sentence too (`That's it. You can`).
        let short_word = matches!(
            word,
            "it" | "is"
                | "us"
                | "me"
                | "him"
                | "her"
                | "them"
                | "so"
                | "too"
                | "do"
                | "up"
                | "on"
                | "out"
                | "now"
                | "yet"
                | "all"
                | "not"
                | "go"
                | "be"
                | "see"
                | "one"
                | "two"
                | "new"
                | "old"
                | "end"
                | "off"
                | "way"
                | "use"
                | "run"
                | "set"
                | "get"
        );
        (word.chars().filter(|c| c.is_alphabetic()).count() > 3 || short_word)
            && !word.contains('.')
            && t[p + 2..]
                .trim_start()
                .starts_with(|c: char| c.is_uppercase())
    })
}

/// Whether numbering `next` plausibly follows `prev` (the last numbered heading): the next
/// sibling at any open depth, or the first child.
pub fn continues(prev: Option<&[u32]>, next: &[u32]) -> bool {
    let Some(prev) = prev else {
        // The first numbered heading of a document starts at 0 or 1 at its deepest part.
        return next.last().is_some_and(|&l| l <= 1);
    };
    if next.len() == prev.len() + 1 {
        return next[..prev.len()] == *prev && next[prev.len()] <= 1;
    }
    steps(prev, next, 1)
}

/// `next` opens the chapter after `prev`'s with its first section, the chapter's own heading
/// unseen (`3.1` after `2.4`: a chapter title set large, which text extraction broke apart).
pub fn opens_next_chapter(prev: Option<&[u32]>, next: &[u32]) -> bool {
    prev.is_some_and(|p| {
        p.len() >= 2 && next.len() == 2 && next[1] == 1 && p[0].checked_add(1) == Some(next[0])
    })
}

/// `next` would continue `prev` had one number been skipped between them: `7.2.5` after
/// `7.2.3`, `8` after `6.4`.
pub fn continues_past_one(prev: Option<&[u32]>, next: &[u32]) -> bool {
    prev.is_some_and(|prev| steps(prev, next, 2))
}

/// `next` is `prev` at its own depth or above, its last part `by` higher (`1.3` after `1.2.4`
/// by 1).
fn steps(prev: &[u32], next: &[u32], by: u32) -> bool {
    if next.len() > prev.len() || next.is_empty() {
        return false;
    }
    let k = next.len() - 1;
    next[..k] == prev[..k] && prev[k].checked_add(by) == Some(next[k])
}

/// `title` (a colon after it aside, French `Résumé :` too) is one of `cfg.section_names`,
/// letter case aside (`RÉSUMÉ`, `Résumé`), accents composed or not; a title in capitals
/// may have lost its accents (`RESUME`, `INTRODUCCION`).
pub(crate) fn is_section_name(cfg: &HeadingConfig, title: &str) -> bool {
    use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
    let title = title.trim_end_matches(':').trim();
    // In ASCII with a letter in lower case, as most titles are: as ASCII.
    if title.is_ascii() && title.bytes().any(|b| b.is_ascii_lowercase()) {
        return cfg
            .section_names
            .iter()
            .any(|w| title.eq_ignore_ascii_case(w));
    }
    // Longer than twice the longest name: none of them, whatever its accents.
    let longest = cfg.section_names.iter().map(String::len).max().unwrap_or(0);
    if title.len() > longest * 2 + 4 {
        return false;
    }
    // Lower case, and without its accents when the title has none in lower case.
    let capitals = !title.chars().any(char::is_lowercase);
    let fold = |t: &str| -> String {
        t.nfd()
            .filter(|&c| !(capitals && is_combining_mark(c)))
            .flat_map(char::to_lowercase)
            .nfc()
            .collect()
    };
    let t = fold(title);
    cfg.section_names.iter().any(|w| fold(w) == t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_section_opens_the_next_chapter() {
        assert!(opens_next_chapter(Some(&[2, 2]), &[3, 1]));
        assert!(opens_next_chapter(Some(&[2, 2, 1]), &[3, 1]));
        assert!(!opens_next_chapter(Some(&[2]), &[3, 1]));
        assert!(!opens_next_chapter(Some(&[2, 2]), &[4, 1]));
        assert!(!opens_next_chapter(Some(&[2, 2]), &[3, 2]));
        assert!(!opens_next_chapter(Some(&[2, 2]), &[3, 1, 1]));
        assert!(!opens_next_chapter(None, &[3, 1]));
    }

    /// A version's number may stand in a title in sentence case; a file's name or an
    /// address may not.
    #[test]
    fn sentence_titles_may_name_versions() {
        assert!(sentence_title("Changes in version 2.7.6"));
        assert!(sentence_title("Changes in dpkg 0.93.09"));
        assert!(!sentence_title(
            "If the local interface is 192.168.5.92 with net"
        ));
        assert!(!sentence_title("Compile it with config.h"));
        assert!(!sentence_title("Edit the 2fa.conf file now"));
    }

    #[test]
    fn a_number_continues_past_one_skipped() {
        assert!(continues_past_one(Some(&[7, 2, 3]), &[7, 2, 5]));
        assert!(continues_past_one(Some(&[6, 4]), &[8]));
        assert!(!continues_past_one(Some(&[7, 2, 3]), &[7, 2, 4]));
        assert!(!continues_past_one(Some(&[7, 2, 3]), &[7, 2, 6]));
        assert!(!continues_past_one(Some(&[7, 2]), &[7, 2, 2]));
        assert!(!continues_past_one(None, &[2]));
    }

    /// A section number may stand before a title that opens with a quotation mark; a bare
    /// number still needs a capital or a digit after it.
    #[test]
    fn a_title_may_open_in_quotes() {
        for (line, parts) in [
            ("3.9 “Wide” lists", vec![3, 9]),
            ("2 \"Quoted\" names", vec![2]),
            ("4.1 Plain title", vec![4, 1]),
        ] {
            let n = numbering(line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(n.parts, parts, "{line}");
            assert!(!n.lower_title, "{line}");
        }
        for line in ["1 “lower” case", "2 -f file", "3 (a) item"] {
            assert!(numbering(line).is_none(), "{line}");
        }
    }

    #[test]
    fn release_titles() {
        for t in [
            "v1.0.2 (2022-10-07)",
            "v2.1",
            "V3.0.1",
            "1.4.0 2021-03-05",
            "v1.3.2 - 2017-04-16",
            "[1.0.0] - 2017-06-20",
            "2017/06/03 v1.4.0",
        ] {
            assert!(release_title(t), "{t}");
        }
        for t in [
            "1.0",
            "v1",
            "v1.0 beta",
            "1.4.0 March",
            "v1.0.2 (2022-1-7)",
            "version 2.0",
            "2017/06/03 1.4",
            "v1.0 - beta",
            "2017-06/03 v1.4.0",
        ] {
            assert!(!release_title(t), "{t}");
        }
    }

    /// A sentence ends at a period after a long word or a short one that is no abbreviation
    /// (`That's it. You can …`); an initial, `Fig.`, `e.g.` or `et al.` end none.
    #[test]
    fn sentences_end_after_short_words_that_abbreviate_nothing() {
        for t in [
            "Data control. A module of its own",
            "That’s it. You can confidently start reading, now!",
            "Set it up. Then run",
        ] {
            assert!(sentence_break(t), "{t}");
        }
        for t in [
            "Results of Fig. 3",
            "Eric S. Raymond",
            "Smith et al. Results",
            "Tools, e.g. Make",
        ] {
            assert!(!sentence_break(t), "{t}");
        }
    }

    /// A code in parentheses does not count against a title's capitals; a lower-case line is a
    /// phrase of words, not code, a list or a cross-reference.
    #[test]
    fn title_words_and_plain_phrases() {
        for t in [
            "FlySight GPS File (flysight)",
            "Garmin Logbook XML (glogbook)",
        ] {
            assert!(title_case(t), "{t}");
        }
        assert!(!title_case("reading from the (flysight) file"));
        for t in [
            "timeadj option",
            "input-is-dump-file option",
            "get_posn option",
        ] {
            assert!(plain_phrase(t), "{t}");
        }
        for t in [
            "module",
            "array(value, dimlist)",
            "gpsbabel -t -r -i garmin -f com1",
            "right, rechts, droit, derecha",
            "see Section 5.6.1.2",
            "r filename",
        ] {
            assert!(!plain_phrase(t), "{t}");
        }
    }

    #[test]
    fn years_and_spans_of_years() {
        for t in ["2003", "2006–2007", "1998-2001", " 1500 "] {
            assert!(year_span(t), "{t}");
        }
        for t in [
            "203",
            "3003",
            "2003 release",
            "2003–",
            "2003-2004-2005",
            "1.2003",
        ] {
            assert!(!year_span(t), "{t}");
        }
    }

    #[test]
    fn one_word_said_over_and_over() {
        for t in [
            "LATEX LATEX LATEX LATEX",
            "Test test TEST",
            "Grüße grüße grüße",
        ] {
            assert!(repeated_word(t), "{t}");
        }
        for t in ["LATEX LATEX", "Bye Bye Birdie", "Hello", ""] {
            assert!(!repeated_word(t), "{t}");
        }
    }

    #[test]
    fn dates_alone() {
        for t in [
            "December 1993",
            "May 20, 2025",
            "20 May 2025",
            "Sept. 2001",
            "4. Februar 2001",
            "12 décembre 2019",
            "MÄRZ 2010",
        ] {
            assert!(date_only(t), "{t}");
        }
        for t in [
            "July 2003: pushing towards 2.0",
            "March Madness",
            "May 2025 release notes",
            "December",
            "1993",
        ] {
            assert!(!date_only(t), "{t}");
        }
    }

    /// A field is no title when its value is lower case, a number or a constant's name; a
    /// label over a title in words is.
    #[test]
    fn fields_and_labelled_titles() {
        for t in [
            "Types: deb",
            "INFO: Seed: 1523017872",
            "Functionality flag: I2C_FUNC_SMBUS_QUICK",
            "Default: UINT_MAX (0xFFFFFFFF)",
        ] {
            assert!(syntax_like(t), "{t}");
        }
        for t in [
            "Chapter 3: Overview",
            "Step 2: Build the index",
            "Part II: Reference",
        ] {
            assert!(!syntax_like(t), "{t}");
        }
    }

    #[test]
    fn rest_titles_as_they_read() {
        for (src, text) in [
            ("`Spotify <https://www.spotify.com>`_", "Spotify"),
            (
                "Template for `argparse <http://docs.python.org/2.7/library/argparse.html>`__",
                "Template for argparse",
            ),
            ("See `Installation`_ first", "See Installation first"),
            ("``alias`` and :mod:`os.path`", "alias and os.path"),
            (
                "Merge with :ref:`@merge<decorators.merge>`",
                "Merge with @merge",
            ),
            ("``a <b>`` literal", "a <b> literal"),
            ("`<https://example.org>`_", "https://example.org"),
            ("A lone ` backquote", "A lone  backquote"),
        ] {
            assert_eq!(rest_inline_text(src), text);
        }
    }

    #[test]
    fn declarations() {
        for t in [
            "int bufferedModeActivated ( )",
            "trace_return_t addEntityValue ( const char ∗alias, const char ∗entType, const char ∗name, gtg_color_t p_color )",
            "static const char * name_of (int k)",
            "void Foo::bar (int &x)",
        ] {
            assert!(declaration(t), "{t}");
        }
        for t in [
            "bufferedModeActivated ( )",
            "Overview of the design (draft)",
            "Use f(x) here",
            "Notes on the design (see below) and more",
            "int f (x) and g (y) too",
            "int f (x) and g (y)",
            "Configuring my_tool (optional) for the cluster (advanced)",
            "Installing the program (on Linux)",
        ] {
            assert!(!declaration(t), "{t}");
        }
    }

    #[test]
    fn call_signatures() {
        for t in [
            "clear (t)",
            "reduce (t, f [, state = next(t)])",
            "plproxy.get_cluster_version(cluster_name)",
            "size (...)",
        ] {
            assert!(call_signature(t), "{t}");
        }
        for t in [
            "Overview (draft) of the design",
            "(t)",
            "f(x",
            "Use f(x) here",
            "a b (c)",
            "Note: (see below)",
            "etc. (and more)",
        ] {
            assert!(!call_signature(t), "{t}");
        }
    }

    fn parts(s: &str) -> Option<(Vec<u32>, NumberKind, &str)> {
        numbering(s).map(|n| (n.parts.clone(), n.kind, &s.trim()[n.prefix_len..]))
    }

    /// A part numbered by an ordinal word (French, Italian, Spanish, German), alone or before
    /// its title; the same words in a sentence number nothing.
    #[test]
    fn parts_numbered_in_ordinal_words() {
        use NumberKind::*;
        assert_eq!(parts("Première partie"), Some((vec![1], Chapter, "")));
        assert_eq!(parts("Troisième partie"), Some((vec![3], Chapter, "")));
        assert_eq!(
            parts("PRIMA PARTE - IL MANUALE"),
            Some((vec![1], Chapter, "IL MANUALE"))
        );
        assert_eq!(
            parts("Segunda parte: Instalación"),
            Some((vec![2], Chapter, "Instalación"))
        );
        assert_eq!(parts("Zweiter Teil"), Some((vec![2], Chapter, "")));
        assert_eq!(parts("Première partie du manuel"), None);
        assert_eq!(parts("Prima parte della guida"), None);
        assert_eq!(parts("Première étape"), None);
        // A lone `I`, `V` or `X` after the word for part or chapter is a roman numeral; after
        // the word for appendix it is a letter.
        assert_eq!(
            parts("Part I Historique"),
            Some((vec![1], Chapter, "Historique"))
        );
        assert_eq!(parts("Chapter V"), Some((vec![5], Chapter, "")));
        assert_eq!(
            parts("Part B Reference"),
            Some((vec![2], Chapter, "Reference"))
        );
        assert_eq!(
            parts("Appendix I Tables"),
            Some((vec![9], Appendix, "Tables"))
        );
    }

    #[test]
    fn numbering_patterns() {
        use NumberKind::*;
        assert_eq!(
            parts("1. Introduction"),
            Some((vec![1], Dotted, "Introduction"))
        );
        assert_eq!(
            parts("1.2.3 Data sets"),
            Some((vec![1, 2, 3], Bare, "Data sets"))
        );
        assert_eq!(
            parts("4.1.  Methods"),
            Some((vec![4, 1], Dotted, "Methods"))
        );
        assert_eq!(parts("A. Examples"), Some((vec![1], Letter, "Examples")));
        assert_eq!(parts("IV. Results"), Some((vec![4], Roman, "Results")));
        assert_eq!(
            parts("Appendix B.2 Proofs"),
            Some((vec![2, 2], Appendix, "Proofs"))
        );
        assert_eq!(
            parts("Appendix A.  Grammar"),
            Some((vec![1], Appendix, "Grammar"))
        );
        assert_eq!(parts("Chapter 4: Tools"), Some((vec![4], Chapter, "Tools")));
        assert_eq!(parts("Chapitre 2"), Some((vec![2], Chapter, "")));
        assert_eq!(
            parts("KAPITEL 3 Grundlagen"),
            Some((vec![3], Chapter, "Grundlagen"))
        );
        assert_eq!(parts("Příloha A"), Some((vec![1], Appendix, "")));
        assert_eq!(
            parts("Capítulo 1. Introducción"),
            Some((vec![1], Chapter, "Introducción"))
        );
        assert_eq!(
            parts("H.1.2 Serial drivers"),
            Some((vec![8, 1, 2], Appendix, "Serial drivers"))
        );
        assert_eq!(parts("B.2"), Some((vec![2, 2], Appendix, "")));
        assert_eq!(parts("U.S. Army"), None);
        assert_eq!(parts("Part II"), Some((vec![2], Chapter, "")));
        assert_eq!(parts("1 调用方式"), Some((vec![1], Bare, "调用方式")));
        assert_eq!(parts("第1节 简介"), Some((vec![1], Chapter, "简介")));
        assert_eq!(parts("第1 节 简介"), Some((vec![1], Chapter, "简介")));
        assert_eq!(parts("第十二章结论"), Some((vec![12], Chapter, "结论")));
        assert_eq!(parts("第一百零五章"), Some((vec![105], Chapter, "")));
        assert_eq!(parts("第二十部分 附录"), Some((vec![20], Chapter, "附录")));
        assert_eq!(
            parts("第3章：はじめに"),
            Some((vec![3], Chapter, "はじめに"))
        );
        assert_eq!(parts("第一次世界大战"), None);
        assert_eq!(parts("第三方库"), None);
        // Quantities and prose are not numbering.
        assert_eq!(parts("3.5 kg of sugar"), None);
        assert_eq!(parts("1999 was a year"), None);
        assert_eq!(parts("2.5"), None);
        assert_eq!(parts("IIII. Bad numeral"), None);
        assert_eq!(parts("Chapters are long"), None);
        assert_eq!(parts("e.g. this"), None);
        let lower = numbering_lower("2.1 glp read cnfsat").unwrap();
        assert_eq!((lower.parts, lower.lower_title), (vec![2, 1], true));
        assert_eq!(numbering_lower("2 glp").map(|n| n.parts), Some(vec![2]));
        assert_eq!(numbering_lower("2.1 Title"), None);
        let sigil = numbering_lower("4.1.2.2 ∼Carea()").unwrap();
        assert_eq!(
            (sigil.parts, &"4.1.2.2 ∼Carea()"[sigil.prefix_len..]),
            (vec![4, 1, 2, 2], "∼Carea()")
        );
        assert_eq!(numbering_lower("3.5 (approx.)"), None);
        assert_eq!(numbering_lower("3.5 10 kg"), None);
    }

    #[test]
    fn inline_markup_is_not_title_punctuation() {
        assert_eq!(without_inline_markup("``alias``"), "alias");
        assert_eq!(
            without_inline_markup(":mod:`os.path` helpers"),
            "os.path helpers"
        );
        assert_eq!(
            without_inline_markup("*Note:* time: 10:30"),
            "Note: time: 10:30"
        );
        assert_eq!(without_inline_markup("|release| notes"), "release notes");
    }

    #[test]
    fn sequences() {
        assert!(continues(None, &[1]));
        assert!(!continues(None, &[7]));
        assert!(continues(Some(&[1]), &[1, 1]));
        assert!(continues(Some(&[1, 1]), &[1, 2]));
        assert!(continues(Some(&[1, 2, 3]), &[2]));
        assert!(continues(Some(&[1, 2, 3]), &[1, 3]));
        assert!(!continues(Some(&[1, 2]), &[1, 4]));
        assert!(!continues(Some(&[3]), &[1]));
        assert!(!continues(Some(&[1]), &[1, 1, 1]));
    }

    #[test]
    fn shape_and_scores() {
        let cfg = HeadingConfig::default();
        let pass = |c: &Candidate| {
            let n = numbering(c.text);
            score(c, n.as_ref(), true, &cfg) >= cfg.threshold
        };
        let standalone = |text| Candidate {
            text,
            blank_before: true,
            blank_after: true,
            body_follows: true,
            ..Default::default()
        };
        assert!(pass(&standalone("1.2 Background")));
        assert!(pass(&standalone("DESCRIPTION")));
        assert!(pass(&standalone("References")));
        assert!(pass(&Candidate {
            underlined: true,
            ..standalone("Getting started")
        }));
        // Sentences, lower-case starts, bullets, references and long lines never pass.
        assert!(!pass(&standalone("This is the end.")));
        assert!(!pass(&standalone("then more text here")));
        assert!(!pass(&standalone("- A bullet")));
        assert!(!pass(&standalone("1 January 2024")));
        assert!(!pass(&standalone("[RFC2119] Key words")));
        assert!(!pass(&standalone(
            "A line with far too many words in it to be any kind of heading at all here"
        )));
        // A plain short line in title case needs more than blank lines around it.
        assert!(!pass(&Candidate {
            body_follows: false,
            ..standalone("Best Regards")
        }));
        // Paths, addresses and encoded data after a list number or on a line of their own.
        assert!(!pass(&standalone(
            "1. /usr/share/gtk-doc/html/polkit-1/polkit-architecture.png"
        )));
        assert!(!pass(&standalone("2. https://example.org/Intro")));
        assert!(!pass(&standalone("1v.kuhlmann@elec.canterbury.ac.nz")));
        assert!(!pass(&standalone("Support@Example.org")));
        // An author's line with an address among its words, set apart in type under a title.
        let set_apart = |t| Candidate {
            typography: Some(Typography {
                size_ratio: 1.1,
                bold: false,
                italic: false,
            }),
            ..standalone(t)
        };
        assert!(!pass(&set_apart(
            "M. Scot Breitenfeld, The HDF Group, brtnfld@hdfgroup.org"
        )));
        assert!(pass(&set_apart("M. Scot Breitenfeld, The HDF Group")));
        // A long question in bold over its answer heads it; a long statement does not, nor
        // does the question in roman.
        let bold = |t| Candidate {
            typography: Some(Typography {
                size_ratio: 1.0,
                bold: true,
                italic: false,
            }),
            ..standalone(t)
        };
        let q = "How to determine whether an application can benefit from using LIBXSMM or not?";
        assert!(pass(&bold(q)));
        assert!(!pass(&bold(
            "How to determine whether an application can benefit from using LIBXSMM or not"
        )));
        assert!(!pass(&Candidate {
            typography: Some(Typography {
                size_ratio: 1.0,
                bold: false,
                italic: false,
            }),
            ..standalone(q)
        }));
        assert!(!email("@param") && !email("user@") && !email("a@b") && email("a@b.org"));
        assert_eq!(
            letter_spaced("2 T E ST C H A P T E R A B C").as_deref(),
            Some("2 TESTCHAPTERABC")
        );
        assert_eq!(letter_spaced("I N D E X").as_deref(), Some("INDEX"));
        assert_eq!(letter_spaced("A B C and more"), None);
        assert_eq!(letter_spaced("2 Test Chapter"), None);
        assert_eq!(
            letter_spaced("2.1   É T É S").as_deref(),
            Some("2.1   ÉTÉS")
        );
        assert!(!pass(&standalone("8WOVrQQBpx1 ACPQEqN91EHxbvFFo21tt")));
        assert!(!pass(&standalone("‘Initialize Parameters’")));
        assert!(!pass(&standalone("Baseline: ⛤")));
        assert!(pass(&standalone("Appendix: Glossary")));
        assert!(!pass(&standalone("\"Plot Contours\"")));
        assert!(pass(&standalone("“Quoted” Words in a Title")));
        assert!(pass(&standalone("2.3 ZFS/NFSv4 ACLs")));
        assert!(pass(&standalone("Solaris ZFS/NFSv4 ACLs on x86_64")));
        assert!(pass(&standalone("IPv6 Support")));
        assert!(!noise_word("IPv6AddrInfo"));
        assert!(!noise_word("gdcmVR16ExplicitDataElement.h"));
        assert!(noise_word("8WOVrQQBpx1") && noise_word("ACPQEqN91EHxbvFFo21tt"));
        assert!(title_shape("Getting Started", 12, 80));
        assert!(!title_shape("Ends with a comma,", 12, 80));
        // A sentence that closes inside quotation marks, a footnote's.
        assert!(!title_shape("“FASL” is short for “FASt Loading.”", 12, 80));
        assert!(title_shape("The “Quick” Start", 12, 80));
        // A query is code, not a title.
        assert!(!pass(&standalone(
            "SELECT sch, AVG(sestat) FROM student GROUP BY sch LIMIT 10"
        )));
        assert!(!pass(&standalone("SELECT sex FROM student GROUP BY sex")));
        assert!(pass(&standalone("SELECT Statements From Scratch")));
        // Code points under a block's name in a font's chart are data.
        assert!(pass(&standalone("Geometric Shapes")));
        assert!(!pass(&standalone("U+25CA, U+25CC")));
    }

    /// A section name heads a section however often the document has it (`Examples` in each
    /// chapter), unless it is indented into the text around it: then it is a rubric of each
    /// entry of a reference.
    #[test]
    fn section_names_in_any_case_with_or_without_accents() {
        let cfg = HeadingConfig::default();
        for t in [
            "Résumé",
            "RÉSUMÉ",
            "RESUME",
            "Résumé :",
            "Re\u{301}sume\u{301}",
            "INTRODUCCION",
            "ABSTRACT",
            "abstract:",
            "Zusammenfassung",
        ] {
            assert!(is_section_name(&cfg, t), "{t}");
        }
        // Accents are only let go in capitals, which often lose them.
        for t in ["Resume", "Introduccion", "Abstracts", "Summary of results"] {
            assert!(!is_section_name(&cfg, t), "{t}");
        }
    }

    #[test]
    fn repeated_section_names_head_sections_unless_indented() {
        let cfg = HeadingConfig::default();
        let pass = |indented: bool, repeats: u32, over_entry: bool| {
            let c = Candidate {
                text: "Examples",
                blank_before: true,
                blank_after: true,
                body_follows: true,
                indented,
                repeats,
                over_entry,
                ..Default::default()
            };
            score(&c, None, false, &cfg) >= cfg.threshold
        };
        assert!(pass(false, 1, false) && pass(false, 25, false));
        assert!(pass(true, 1, false));
        assert!(!pass(true, 25, false));
        // A line at the left edge over a reference entry is scored as one set left of its text.
        let plain = Candidate {
            text: "Row methods",
            blank_before: true,
            blank_after: true,
            body_follows: true,
            ..Default::default()
        };
        assert!(score(&plain, None, false, &cfg) < cfg.threshold);
        let over = Candidate {
            over_entry: true,
            ..plain
        };
        assert!(score(&over, None, false, &cfg) >= cfg.threshold);
    }

    /// A line with blank lines around it and text under it, in `typography`.
    fn apart(text: &str, typography: Option<Typography>) -> Candidate<'_> {
        Candidate {
            text,
            blank_before: true,
            blank_after: true,
            body_follows: true,
            typography,
            ..Default::default()
        }
    }

    #[test]
    fn a_typeset_section_number_and_title_may_close_with_a_period() {
        let cfg = HeadingConfig::default();
        let pass = |text, typography| {
            score(
                &apart(text, typography),
                numbering(text).as_ref(),
                true,
                &cfg,
            ) >= cfg.threshold
        };
        let bold = |size_ratio| {
            Some(Typography {
                size_ratio,
                bold: true,
                italic: false,
            })
        };
        let title = "1.3 Protection of noninterruptible code.";
        assert!(pass(title, bold(1.2)));
        assert!(pass(title, bold(1.0)));
        // Plain text gives no type: the period makes it a sentence.
        assert!(!pass(title, None));
        // A single number in bold body type is a list item that happens to be bold.
        assert!(!pass("1. Install the package.", bold(1.0)));
        assert!(!pass("1.3 Protection of code...", bold(1.2)));
    }

    /// `text` in bold at `size` times the body, apart over its text, is a title; in regular
    /// weight, once `unset` takes away one of the marks of standing apart, or as any of
    /// `others` in the same type, it is not.
    fn a_title_in_bold_only(
        text: &str,
        size: f32,
        unset: fn(Candidate<'_>) -> Candidate<'_>,
        others: &[&str],
    ) {
        let cfg = HeadingConfig::default();
        let bold = Typography {
            size_ratio: size,
            bold: true,
            italic: false,
        };
        let c = apart(text, Some(bold));
        assert!(score(&c, None, false, &cfg) >= cfg.threshold, "{c:?}");
        let plain = Typography {
            bold: false,
            ..bold
        };
        let variants = [
            Candidate {
                typography: Some(plain),
                ..c.clone()
            },
            unset(c.clone()),
        ];
        let others = others.iter().map(|t| apart(t, Some(bold)));
        for c in variants.into_iter().chain(others) {
            assert!(score(&c, None, false, &cfg) < cfg.threshold, "{c:?}");
        }
    }

    #[test]
    fn a_bold_phrase_over_its_text_may_start_in_lower_case() {
        // Not in bold, not apart from the text, or not a phrase of words: body text.
        a_title_in_bold_only(
            "pbuilder einrichten",
            1.0,
            |c| Candidate {
                blank_after: false,
                ..c
            },
            &["pbuilder --configure einrichten", "bitesize"],
        );
    }

    #[test]
    fn a_command_s_name_in_bold_over_its_description_is_a_title() {
        // Not bold, not over its text, or not a name alone: no title.
        a_title_in_bold_only(
            "\\setinvoicetitle",
            1.09,
            |c| Candidate {
                body_follows: false,
                ..c
            },
            &["\\setname{My Name}", "\\x"],
        );
    }

    #[test]
    fn an_address_in_bold_is_not_a_title() {
        // An author's footnote: its marker, then the address, in small bold type.
        let cfg = HeadingConfig::default();
        let small_bold = Typography {
            size_ratio: 0.8,
            bold: true,
            italic: false,
        };
        let c = apart("1v.kuhlmann@elec.canterbury.ac.nz", Some(small_bold));
        assert!(score(&c, None, false, &cfg) < cfg.threshold);
        let c = apart("Acknowledgements", Some(small_bold));
        assert!(score(&c, None, false, &cfg) >= cfg.threshold);
    }

    #[test]
    fn a_callout_s_label_and_title_heads_no_section() {
        // A boxed note's heading as DocBook stylesheets set it: bold, apart from its text.
        let cfg = HeadingConfig::default();
        let bold = Typography {
            size_ratio: 1.0,
            bold: true,
            italic: false,
        };
        for t in [
            "Important — Availability in repositories",
            "Note – Customizing output",
        ] {
            assert!(
                score(&apart(t, Some(bold)), None, false, &cfg) < cfg.threshold,
                "{t}"
            );
        }
        // A title that names a callout's word, or a dash after another word, is a title.
        for t in [
            "Important changes in version 2",
            "Installation — Linux",
            "Important —",
        ] {
            assert!(
                score(&apart(t, Some(bold)), None, false, &cfg) >= cfg.threshold,
                "{t}"
            );
        }
    }

    #[test]
    fn a_name_in_the_type_of_numbered_headings_may_be_lower_case() {
        let cfg = HeadingConfig::default();
        let module = Typography {
            size_ratio: 1.5,
            bold: false,
            italic: false,
        };
        let c = Candidate {
            numbered_type: true,
            ..apart("erl_interface", Some(module))
        };
        assert!(score(&c, None, false, &cfg) >= cfg.threshold);
        // In another type, under text, a phrase, a path or a word of two letters: not a title.
        for c in [
            Candidate {
                numbered_type: false,
                ..c.clone()
            },
            Candidate {
                blank_before: false,
                ..c.clone()
            },
            Candidate {
                text: "will produce",
                ..c.clone()
            },
            Candidate {
                text: "table/creation.rb",
                ..c.clone()
            },
            Candidate {
                text: "ie",
                ..c.clone()
            },
        ] {
            assert!(score(&c, None, false, &cfg) < cfg.threshold, "{c:?}");
        }
    }

    #[test]
    fn a_typeset_question_may_take_two_sentences_and_keep_its_anchor_name() {
        let cfg = HeadingConfig::default();
        let pass =
            |text, typography| score(&apart(text, typography), None, true, &cfg) >= cfg.threshold;
        let display = Some(Typography {
            size_ratio: 1.17,
            bold: true,
            italic: false,
        });
        let body = Some(Typography {
            size_ratio: 1.0,
            bold: false,
            italic: false,
        });
        // An FAQ's questions, set large and bold, as a word processor renders Markdown whose
        // heading attributes it does not read.
        for t in [
            "Q3 : Compiling is really slow on MacOS X. Why?",
            "Q3 : Compiling is really slow on MacOS X. Why? {#Q003}",
            "Q6 : What's the best format for storing temporary files? {#Q006}",
            "Installing the daemon {#install .unnumbered}",
        ] {
            assert!(pass(t, display), "{t}");
        }
        // In body type the two sentences are prose; a brace that is no attribute is syntax.
        assert!(!pass("Compiling is really slow on MacOS X. Why?", body));
        assert!(!pass("Compiling is really slow on MacOS X. Why?", None));
        assert!(!pass("Compiling is slow. Fix it now.", display));
        assert!(!pass("Set {#Q003} here", display));
        assert!(!pass("Options {x = 1}", display));
    }

    /// A row of figures, an index entry with its pages and a reference entry's signature are
    /// data, however they stand; a title with a version or two in it, a number in its words,
    /// a comma and a word after it, or a letter after its parentheses, is still a title.
    #[test]
    fn figure_rows_and_index_entries_are_no_titles() {
        let cfg = HeadingConfig::default();
        let pass = |text| score(&apart(text, None), None, true, &cfg) >= cfg.threshold;
        for t in [
            "SOLID 1.0 0.0 0.0",
            "Implementation 231.3 1.10 1.44 109.9",
            "Lower 2.5% 97.5%",
            "NrPrimitiveGroups, 5",
            "Index, 12, 14",
            "Holonomy Groups, 8-9",
        ] {
            assert!(figures_row(t) || index_entry(t), "{t}");
            assert!(!pass(t), "{t}");
        }
        // A signature with its kind's letter after it heads an entry, not a section.
        for t in [
            "IsSpaceGroup( S ) P",
            "AffineNormalizer( S ) F",
            "Wyckoff( W ) oO",
        ] {
            assert!(!pass(t), "{t}");
        }
        for t in [
            "Changes in Version 1.2 and 1.3",
            "Python 2.7 and 3.4",
            "The 3 Laws of Motion",
            "Vectors, Matrices and Arrays",
            "Section 4, Revisited",
            "Appendix 2, 3 and 4",
            "Space Groups (Part A)",
        ] {
            assert!(!figures_row(t) && !index_entry(t), "{t}");
            assert!(pass(t), "{t}");
        }
    }
}
