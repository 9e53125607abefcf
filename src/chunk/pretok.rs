//! The cl100k and o200k pre-tokenizers, written out as state machines.
//!
//! Before BPE, both tokenizers cut text into pieces with a regular expression (tiktoken's split
//! pattern). Run through a general regex engine that cut costs more than the BPE of the pieces
//! (most pieces are words whose token lengths a cache already knows), so here each pattern is
//! its leftmost-first semantics by hand: the alternatives in order, each quantifier greedy and
//! backtracking only where the pattern lets it. The character classes (`\p{L}`, `\p{N}`, `\s`,
//! the cased-letter sets of o200k) come from `regex-syntax`, the same tables the regex engine
//! uses, so both agree on every code point; `tests` and `tests/cli.rs` compare the pieces with
//! the regex's on real documents, adversarial strings and random text.

use std::sync::OnceLock;

/// Which split pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    Cl100k,
    O200k,
}

const LETTER: u8 = 1;
const NUMBER: u8 = 2;
const SPACE: u8 = 4;
/// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` (o200k's upper-case run).
const UPPER: u8 = 8;
/// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]` (o200k's lower-case run).
const LOWER: u8 = 16;

/// The class bits of every code point (1.1 MB, built once from the regex tables).
struct Classes {
    table: Vec<u8>,
}

fn classes() -> &'static Classes {
    static CLASSES: OnceLock<Classes> = OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut table = vec![0u8; 0x110000];
        let sets = [
            (r"\p{L}", LETTER),
            (r"\p{N}", NUMBER),
            (r"\s", SPACE),
            (r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]", UPPER),
            (r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]", LOWER),
        ];
        for (pat, bit) in sets {
            let hir = regex_syntax::Parser::new()
                .parse(pat)
                .expect("a valid class");
            let regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(cls)) =
                hir.kind()
            else {
                unreachable!("{pat} is a Unicode class")
            };
            for r in cls.ranges() {
                for class in &mut table[r.start() as usize..=r.end() as usize] {
                    *class |= bit;
                }
            }
        }
        Classes { table }
    })
}

/// The pieces of `text`, in order; together they are `text`.
pub fn split(pattern: Pattern, text: &str) -> Pieces<'_> {
    Pieces {
        text,
        pos: 0,
        pattern,
    }
}

pub struct Pieces<'a> {
    text: &'a str,
    pos: usize,
    pattern: Pattern,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        if self.pos >= self.text.len() {
            return None;
        }
        let end = match ascii_word(self.pattern, self.text.as_bytes(), self.pos) {
            Some(e) => e,
            None => {
                let s = Scan {
                    t: self.text,
                    cls: classes(),
                };
                match self.pattern {
                    Pattern::Cl100k => s.cl100k(self.pos),
                    Pattern::O200k => s.o200k(self.pos),
                }
            }
        };
        debug_assert!(end > self.pos);
        let piece = &self.text[self.pos..end];
        self.pos = end;
        Some(piece)
    }
}

/// The common case on ASCII text, without class tables: an ASCII word, maybe after one
/// ASCII char that may prefix it (space, punctuation), ending before an ASCII char that cannot
/// continue it. None whenever anything else could apply (a contraction, a non-ASCII neighbour,
/// digits, whitespace runs): the full scan then decides.
#[inline(always)]
fn ascii_word(pattern: Pattern, b: &[u8], i: usize) -> Option<usize> {
    let c = b[i];
    let p = if c.is_ascii_alphabetic() {
        i
    } else if c < 0x80
        && !c.is_ascii_digit()
        && c != b'\r'
        && c != b'\n'
        && !(pattern == Pattern::Cl100k && c == b'\'')
        && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
    {
        i + 1
    } else {
        return None;
    };
    let end = match pattern {
        // \p{L}+
        Pattern::Cl100k => {
            p + b[p..]
                .iter()
                .take_while(|x| x.is_ascii_alphabetic())
                .count()
        }
        // [UPPER]*[LOWER]+ or else [UPPER]+[LOWER]*: on ASCII, the upper run then the lower one.
        Pattern::O200k => {
            let u = p + b[p..].iter().take_while(|x| x.is_ascii_uppercase()).count();
            u + b[u..].iter().take_while(|x| x.is_ascii_lowercase()).count()
        }
    };
    match b.get(end) {
        None => Some(end),
        // o200k: an apostrophe may start a contraction suffix.
        Some(&x)
            if x < 0x80
                && !x.is_ascii_alphabetic()
                && !(pattern == Pattern::O200k && x == b'\'') =>
        {
            Some(end)
        }
        // o200k: an upper-case letter after lower ones starts the next piece.
        Some(&x)
            if pattern == Pattern::O200k
                && x.is_ascii_uppercase()
                && end > p
                && b[end - 1].is_ascii_lowercase() =>
        {
            Some(end)
        }
        _ => None,
    }
}

struct Scan<'a> {
    t: &'a str,
    cls: &'a Classes,
}

impl Scan<'_> {
    /// The char at byte `i` and its class, None at the end.
    #[inline(always)]
    fn at(&self, i: usize) -> Option<(char, u8)> {
        let b = *self.t.as_bytes().get(i)?;
        if b < 0x80 {
            return Some((b as char, self.cls.table[b as usize]));
        }
        let c = self.t[i..].chars().next()?;
        Some((c, self.cls.table[c as usize]))
    }

    /// End of the run of chars from `i` whose class has a bit of `bits`.
    #[inline(always)]
    fn run(&self, mut i: usize, bits: u8) -> usize {
        let bytes = self.t.as_bytes();
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if self.cls.table[b as usize] & bits == 0 {
                    break;
                }
                i += 1;
            } else {
                let c = self.t[i..].chars().next().expect("on a char boundary");
                if self.cls.table[c as usize] & bits == 0 {
                    break;
                }
                i += c.len_utf8();
            }
        }
        i
    }

    /// `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at `i`: its end. Case folding as in the regex: `s` also
    /// matches `ſ` (U+017F).
    fn contraction(&self, i: usize) -> Option<usize> {
        let rest = self.t.get(i..)?.strip_prefix('\'')?;
        let mut cs = rest.chars();
        let a = cs.next()?;
        let one = |c: char| i + 1 + c.len_utf8();
        match a {
            's' | 'S' | 'ſ' | 't' | 'T' | 'm' | 'M' | 'd' | 'D' => return Some(one(a)),
            _ => {}
        }
        let b = cs.next()?;
        let two = matches!(
            (a.to_ascii_lowercase(), b.to_ascii_lowercase()),
            ('r', 'e') | ('v', 'e') | ('l', 'l')
        ) && a.is_ascii()
            && b.is_ascii();
        two.then(|| i + 3)
    }

    /// Whitespace handling shared by both patterns, at `i` where a whitespace char starts:
    /// `\s*[\r\n]+`, then `\s+$`, then `\s+(?!\S)` (the regex's `\s+\s` less its last char),
    /// then `\s+`.
    fn space(&self, i: usize) -> usize {
        let w = self.run(i, SPACE);
        // \s*[\r\n]+ : up to and including the last line break of the run.
        let run = &self.t[i..w];
        if let Some(k) = run.rfind(['\r', '\n']) {
            return i + k + 1;
        }
        if w == self.t.len() {
            return w;
        }
        let last = run.chars().next_back().expect("a whitespace run");
        if w - i > last.len_utf8() {
            w - last.len_utf8()
        } else {
            w
        }
    }

    fn cl100k(&self, i: usize) -> usize {
        let (c, k) = self.at(i).expect("inside the text");
        // (?i:'s|'t|'re|'ve|'m|'ll|'d)
        if c == '\'' {
            if let Some(e) = self.contraction(i) {
                return e;
            }
        }
        // [^\r\n\p{L}\p{N}]?\p{L}+
        if k & LETTER != 0 {
            return self.run(i, LETTER);
        }
        let next = i + c.len_utf8();
        if k & (LETTER | NUMBER) == 0 && c != '\r' && c != '\n' {
            if let Some((_, k2)) = self.at(next) {
                if k2 & LETTER != 0 {
                    return self.run(next, LETTER);
                }
            }
        }
        self.tail(i, c, k, false)
    }

    /// The alternatives both patterns end with: `\p{N}{1,3}`, then
    /// ` ?[^\s\p{L}\p{N}]+[\r\n]*` (o200k: `[\r\n/]*`), then the whitespace ones.
    fn tail(&self, i: usize, c: char, k: u8, slash: bool) -> usize {
        if k & NUMBER != 0 {
            let mut e = i + c.len_utf8();
            for _ in 0..2 {
                match self.at(e) {
                    Some((d, kd)) if kd & NUMBER != 0 => e += d.len_utf8(),
                    _ => break,
                }
            }
            return e;
        }
        if let Some(e) = self.punct(i, c, k, slash) {
            return e;
        }
        self.space(i)
    }

    /// ` ?[^\s\p{L}\p{N}]+[\r\n]*` (o200k: `[\r\n/]*`) at `i`.
    fn punct(&self, i: usize, c: char, k: u8, slash: bool) -> Option<usize> {
        const OTHER: u8 = 0;
        let is_other = |k: u8| k & (SPACE | LETTER | NUMBER) == OTHER;
        let start = if is_other(k) {
            i
        } else if c == ' ' && self.at(i + 1).is_some_and(|(_, k2)| is_other(k2)) {
            i + 1
        } else {
            return None;
        };
        let bytes = self.t.as_bytes();
        let mut e = start;
        while let Some((ch, kc)) = self.at(e) {
            if !is_other(kc) {
                break;
            }
            e += ch.len_utf8();
        }
        while e < bytes.len()
            && (bytes[e] == b'\r' || bytes[e] == b'\n' || (slash && bytes[e] == b'/'))
        {
            e += 1;
        }
        Some(e)
    }

    fn o200k(&self, i: usize) -> usize {
        let (c, k) = self.at(i).expect("inside the text");
        let prefix = k & (LETTER | NUMBER) == 0 && c != '\r' && c != '\n';
        let next = i + c.len_utf8();
        // [^\r\n\p{L}\p{N}]?[UPPER]*[LOWER]+ contraction?
        // [^\r\n\p{L}\p{N}]?[UPPER]+[LOWER]* contraction?
        // The optional prefix is greedy: with it first, then without.
        if prefix {
            if let Some(e) = self.o200k_lower_word(next) {
                return e;
            }
        }
        if let Some(e) = self.o200k_lower_word(i) {
            return e;
        }
        if prefix {
            if let Some(e) = self.o200k_upper_word(next) {
                return e;
            }
        }
        if let Some(e) = self.o200k_upper_word(i) {
            return e;
        }
        self.tail(i, c, k, true)
    }

    fn suffix(&self, e: usize) -> usize {
        self.contraction(e).unwrap_or(e)
    }

    /// `[UPPER]*[LOWER]+` then an optional contraction, at `p`. The upper run gives back chars
    /// until a lower-class char can start the lower run.
    #[inline]
    fn o200k_lower_word(&self, p: usize) -> Option<usize> {
        let u = self.run(p, UPPER);
        // Try the lower run right after the whole upper run, then from each earlier char.
        let mut k = u;
        loop {
            if let Some((_, kc)) = self.at(k) {
                if kc & LOWER != 0 {
                    return Some(self.suffix(self.run(k, LOWER)));
                }
            }
            if k == p {
                return None;
            }
            k = self.t[..k]
                .char_indices()
                .next_back()
                .map(|(b, _)| b)
                .expect("k > p");
        }
    }

    /// `[UPPER]+[LOWER]*` then an optional contraction, at `p`.
    #[inline]
    fn o200k_upper_word(&self, p: usize) -> Option<usize> {
        let u = self.run(p, UPPER);
        (u > p).then(|| self.suffix(self.run(u, LOWER)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn regex(p: Pattern) -> &'static bpe_openai::Tokenizer {
        match p {
            Pattern::Cl100k => bpe_openai::cl100k_base(),
            Pattern::O200k => bpe_openai::o200k_base(),
        }
    }

    pub fn same_pieces(text: &str) {
        for p in [Pattern::Cl100k, Pattern::O200k] {
            let ours: Vec<&str> = split(p, text).collect();
            let theirs: Vec<&str> = regex(p).split(text).collect();
            assert_eq!(ours, theirs, "{p:?} on {text:?}");
        }
    }

    #[test]
    fn adversarial_strings_split_like_the_regex() {
        for t in [
            "",
            "Hello, world! It's 2024; they'll've DONE it.",
            "  leading spaces and trailing   ",
            "tabs\tand\u{a0}no-break\u{3000}ideographic spaces",
            "line\r\nbreaks\n\n\n  indented\n\t\n",
            "'s 'S 'ſ 'T 're 'RE 'Ve 'll 'LL 'd 'm 'x '",
            "12345678 ١٢٣٤٥ ⅧⅨ ½¾ 3.14159",
            "CamelCaseWord HTTPServer iPhone ǅungla ʰmod",
            "e\u{301}cole nai\u{308}ve \u{301}\u{301}marks",
            "日本語のテキスト、中文文本。한국어 텍스트",
            "العربية עברית ελληνικά кириллица",
            "emoji 🚀🎉 flags 🇫🇷 zwj 👩‍💻",
            "path/to/file.rs // comment /* block */ a//b",
            "!!!\n\n???\r\n/// \n/",
            "   \n   \n   x",
            "x   ",
            "\u{2028}\u{2029}\u{85}\u{b}\u{c}",
            "𝐀𝐁𝐂 𝑎𝑏𝑐 𝟏𝟐𝟑 𐐀𐐨",
            "a'sb a'S 'sun 'rep",
        ] {
            same_pieces(t);
        }
    }

    #[test]
    fn real_documents_split_like_the_regex() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = 0;
        for dir in ["datasets", "tests/data"] {
            for e in walkdir::WalkDir::new(root.join(dir)) {
                let e = e.unwrap();
                if e.file_type().is_file() {
                    let bytes = std::fs::read(e.path()).unwrap();
                    same_pieces(&String::from_utf8_lossy(&bytes));
                    files += 1;
                }
            }
        }
        assert!(files > 150, "{files} files");
    }

    fn tricky() -> impl Strategy<Value = String> {
        let alphabet: Vec<char> = " \t\n\r\u{a0}\u{3000}\u{2028}aZsſReLlDmtv'’.,!?/-_0١Ⅷ½éÉ\u{301}\u{308}ǅʰ日本語한ΩωЖж🚀𝐀𝑎𝟏👩\u{200d}"
            .chars()
            .collect();
        proptest::collection::vec(proptest::sample::select(alphabet), 0..40)
            .prop_map(|v| v.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn random_text_splits_like_the_regex(t in tricky()) {
            same_pieces(&t);
        }
    }
}
