//! Canonical text: the UTF-8 string every offset in every table points into, and the map from
//! canonical offsets back to byte offsets in the original file.
//!
//! Rules (DESIGN.md, "Canonical text and offsets"): leading BOM removed; CRLF and lone CR become
//! LF; U+00AD (soft hyphen) removed; tabs expanded to the next multiple-of-4 column (columns in
//! Unicode scalar values, counted after soft-hyphen removal); invalid UTF-8 decoded lossily to
//! U+FFFD and counted. Tab expansion keeps offsets stable whatever a viewer's tab width is.

/// A piece of canonical text and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    canon_start: usize,
    src_start: usize,
    /// Bytes of source this run consumed; equal to its canonical length for a copied run.
    src_len: usize,
    copied: bool,
}

#[derive(Debug, Clone)]
pub struct Canonical {
    pub text: String,
    pub map: SrcMap,
    /// Bytes of the source that were not valid UTF-8.
    pub invalid_bytes: usize,
    /// Byte offset in the file of the first invalid sequence.
    pub first_invalid: Option<usize>,
}

/// Canonical offsets → file offsets, usable once the text has been moved out of [`Canonical`].
#[derive(Debug, Clone)]
pub struct SrcMap {
    /// Sorted by `canon_start`, contiguous in both coordinates. Empty text ⇒ empty runs.
    runs: Vec<Run>,
    /// Length of the canonical text.
    len: usize,
    /// For a file in another encoding than UTF-8: the runs map the canonical text to the file
    /// decoded to UTF-8, and this maps that to the file's bytes.
    decoded: Option<Arc<Decoded>>,
}

/// How a text file's bytes are read when they are not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf16Le,
    Utf16Be,
    Utf32Le,
    Utf32Be,
    /// An 8-bit or multi-byte encoding: the one the config names
    /// (`markdown.fallback_encoding`), or the one the bytes read best in.
    Other(&'static encoding_rs::Encoding),
}

impl Encoding {
    /// The name written in `documents.flags` (`encoding:utf-16le`) and in reasons.
    pub fn name(self) -> String {
        match self {
            Encoding::Utf16Le => "utf-16le".into(),
            Encoding::Utf16Be => "utf-16be".into(),
            Encoding::Utf32Le => "utf-32le".into(),
            Encoding::Utf32Be => "utf-32be".into(),
            Encoding::Other(e) => e.name().to_ascii_lowercase(),
        }
    }

    /// Bytes of the byte-order mark this encoding's files may start with.
    pub fn bom(self) -> &'static [u8] {
        match self {
            Encoding::Utf16Le => b"\xFF\xFE",
            Encoding::Utf16Be => b"\xFE\xFF",
            Encoding::Utf32Le => b"\xFF\xFE\x00\x00",
            Encoding::Utf32Be => b"\x00\x00\xFE\xFF",
            Encoding::Other(_) => b"",
        }
    }
}

/// A run of `count` characters of the decoded text that each take `d_unit` bytes in UTF-8 and
/// `src_unit` bytes in the file (ASCII in UTF-16: 1 and 2; `é` in windows-1252: 2 and 1).
/// Runs follow each other in both: where one ends the next begins.
#[derive(Debug, Clone, Copy)]
struct Stretch {
    count: u32,
    /// At most a few bytes in every decoder docsweep uses (a character, or the bytes a
    /// multi-byte decoder held before it found them no character).
    src_unit: u16,
    d_unit: u8,
}

/// Every this many stretches, where the next begins is kept, so that a lookup walks at most
/// this many.
const MARK_EVERY: usize = 64;

/// A file in another encoding decoded to UTF-8, and the map from the decoded text back to
/// the file's bytes: one [`Stretch`] (8 bytes) per run of characters of the same widths, so a
/// UTF-16 file of English text takes a few, and Cyrillic in windows-1251 two a word (its
/// letters, then the space after them), and every [`MARK_EVERY`]th run's start.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    stretches: Vec<Stretch>,
    /// Where stretch `k * MARK_EVERY` begins: (offset in the decoded text, in the file).
    marks: Vec<(usize, usize)>,
    /// Where the next character's bytes begin in the file.
    src_end: usize,
    /// Length of the file.
    src_len: usize,
    /// Length of the decoded text (which [`Canonical::from_encoded`] moves out).
    d_len: usize,
    /// Bytes of the file that were no character, each group read as U+FFFD.
    pub invalid_bytes: usize,
    pub first_invalid: Option<usize>,
}

impl Decoded {
    /// Decodes `raw` (its byte-order mark, if any, left out) in `enc`.
    pub fn new(raw: &[u8], enc: Encoding) -> Decoded {
        let start = if raw.starts_with(enc.bom()) {
            enc.bom().len()
        } else {
            0
        };
        let mut d = Decoded {
            text: String::with_capacity(raw.len()),
            d_len: 0,
            stretches: Vec::new(),
            marks: Vec::new(),
            src_end: start,
            src_len: raw.len(),
            invalid_bytes: 0,
            first_invalid: None,
        };
        let body = &raw[start..];
        match enc {
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let le = enc == Encoding::Utf16Le;
                let units = body.chunks_exact(2).map(|p| {
                    if le {
                        u16::from_le_bytes([p[0], p[1]])
                    } else {
                        u16::from_be_bytes([p[0], p[1]])
                    }
                });
                for r in char::decode_utf16(units) {
                    match r {
                        Ok(c) => d.push(c, c.len_utf16() as u32 * 2, false),
                        Err(_) => d.push('\u{FFFD}', 2, true),
                    }
                }
            }
            Encoding::Other(enc) => d.decode_other(body, start, enc),
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let le = enc == Encoding::Utf32Le;
                for q in body.chunks_exact(4) {
                    let q = [q[0], q[1], q[2], q[3]];
                    let v = if le {
                        u32::from_le_bytes(q)
                    } else {
                        u32::from_be_bytes(q)
                    };
                    match char::from_u32(v) {
                        Some(c) => d.push(c, 4, false),
                        None => d.push('\u{FFFD}', 4, true),
                    }
                }
            }
        }
        // A last code unit cut short is no character.
        if d.src_end < raw.len() {
            d.push('\u{FFFD}', (raw.len() - d.src_end) as u32, true);
        }
        d
    }

    /// Decodes `body` (at `start` in the file) in an 8-bit or multi-byte encoding. A
    /// single-byte one is decoded at once, a byte a character. Another goes a byte at a time
    /// through encoding_rs's streaming decoder, so that each character knows the bytes it came
    /// from: those read since the character before it. When one byte releases several
    /// characters (a byte that is no character, then the ASCII byte that showed it), each
    /// after the first takes one byte and the first the bytes before them.
    fn decode_other(&mut self, body: &[u8], start: usize, enc: &'static encoding_rs::Encoding) {
        if enc.is_single_byte() {
            let (text, errors) = enc.decode_without_bom_handling(body);
            for c in text.chars() {
                self.push(c, 1, errors && c == '\u{FFFD}');
            }
            return;
        }
        let mut dec = enc.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(64);
        for i in 0..=body.len() {
            let last = i == body.len();
            let mut input = if last { &[][..] } else { &body[i..=i] };
            out.clear();
            let mut errors = false;
            loop {
                let (res, read, e) = dec.decode_to_string(input, &mut out, last);
                errors |= e;
                input = &input[read..];
                if res == encoding_rs::CoderResult::InputEmpty {
                    break;
                }
                out.reserve(64);
            }
            let end = start + i + usize::from(!last);
            let n = out.chars().count();
            for (k, c) in out.chars().enumerate() {
                let left = end - self.src_end;
                let w = if k == 0 {
                    left.saturating_sub(n - 1)
                } else {
                    left.min(1)
                };
                self.push(c, w as u32, errors && c == '\u{FFFD}');
            }
        }
    }

    /// Adds character `c`, which took the next `src_unit` bytes of the file (`invalid`: bytes
    /// that were no character, read as U+FFFD).
    fn push(&mut self, c: char, src_unit: u32, invalid: bool) {
        if invalid {
            self.invalid_bytes += src_unit as usize;
            self.first_invalid.get_or_insert(self.src_end);
        }
        let (d_start, src_start) = (self.text.len(), self.src_end);
        let d_unit = c.len_utf8() as u8;
        let src_unit16 = u16::try_from(src_unit).unwrap_or(u16::MAX);
        self.text.push(c);
        self.d_len = self.text.len();
        self.src_end += usize::from(src_unit16);
        if let Some(l) = self.stretches.last_mut() {
            if l.d_unit == d_unit && l.src_unit == src_unit16 && l.count < u32::MAX {
                l.count += 1;
                return;
            }
        }
        if self.stretches.len().is_multiple_of(MARK_EVERY) {
            self.marks.push((d_start, src_start));
        }
        self.stretches.push(Stretch {
            count: 1,
            src_unit: src_unit16,
            d_unit,
        });
    }

    /// Length of the file decoded.
    pub fn file_len(&self) -> usize {
        self.src_len
    }

    /// Byte offset in the file of a character boundary of the decoded text (an offset inside a
    /// character maps to the character's end).
    pub fn to_src(&self, d: usize) -> usize {
        if d >= self.d_len {
            return self.src_len;
        }
        let k = self.marks.partition_point(|m| m.0 <= d).saturating_sub(1);
        let Some(&(mut at_d, mut at_src)) = self.marks.get(k) else {
            return self.src_len;
        };
        for s in &self.stretches[k * MARK_EVERY..] {
            let (d_unit, src_unit) = (usize::from(s.d_unit), usize::from(s.src_unit));
            let span = s.count as usize * d_unit;
            if d < at_d + span {
                return at_src + (d - at_d).div_ceil(d_unit) * src_unit;
            }
            at_d += span;
            at_src += s.count as usize * src_unit;
        }
        self.src_len
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

use std::sync::Arc;

impl Canonical {
    pub fn from_bytes(raw: &[u8]) -> Canonical {
        let (body, base) = match raw.strip_prefix(BOM) {
            Some(rest) => (rest, BOM.len()),
            None => (raw, 0),
        };
        let mut b = Builder {
            text: String::with_capacity(body.len()),
            runs: Vec::new(),
            col: 0,
            invalid_bytes: 0,
            first_invalid: None,
        };
        let mut pos = base;
        for chunk in body.utf8_chunks() {
            let valid = chunk.valid();
            b.push_valid(valid, pos);
            pos += valid.len();
            let bad = chunk.invalid();
            if !bad.is_empty() {
                b.first_invalid.get_or_insert(pos);
                b.invalid_bytes += bad.len();
                b.push_edit("\u{FFFD}", pos, bad.len());
                pos += bad.len();
            }
        }
        Canonical {
            map: SrcMap {
                runs: b.runs,
                len: b.text.len(),
                decoded: None,
            },
            text: b.text,
            invalid_bytes: b.invalid_bytes,
            first_invalid: b.first_invalid,
        }
    }

    /// Canonical text of a file in another encoding: decoded to UTF-8, then made canonical
    /// as a UTF-8 file is, its offsets mapped back to the file's bytes. `invalid_bytes` counts
    /// the bytes that were no character in that encoding.
    pub fn from_encoded(raw: &[u8], enc: Encoding) -> Canonical {
        Canonical::from_decoded(Decoded::new(raw, enc))
    }

    /// [`Canonical::from_encoded`] of a file already decoded.
    pub fn from_decoded(mut d: Decoded) -> Canonical {
        let text = std::mem::take(&mut d.text);
        let mut c = Canonical::from_bytes(text.as_bytes());
        c.invalid_bytes = d.invalid_bytes;
        c.first_invalid = d.first_invalid;
        c.map.decoded = Some(Arc::new(d));
        c
    }

    /// Byte offset in the original file for a canonical offset (see [`SrcMap::to_src`]).
    pub fn to_src(&self, canon: usize) -> u64 {
        self.map.to_src(canon)
    }
}

impl SrcMap {
    /// Byte offset in the original file for a canonical offset. An offset inside an edited
    /// region (an expanded tab, a CRLF) maps to the region's start when it is the region's first
    /// byte, else to its end, so `[to_src(b), to_src(e))` always covers the source of `[b, e)`.
    pub fn to_src(&self, canon: usize) -> u64 {
        let at = self.decoded_to_src(canon);
        match &self.decoded {
            Some(d) => d.to_src(at as usize) as u64,
            None => at,
        }
    }

    /// [`SrcMap::to_src`] before decoding: the offset in the file decoded to UTF-8.
    fn decoded_to_src(&self, canon: usize) -> u64 {
        let Some(last) = self.runs.last() else {
            return 0;
        };
        if canon >= last.canon_start + self.run_len(self.runs.len() - 1) {
            return (last.src_start + last.src_len) as u64;
        }
        let i = self.runs.partition_point(|r| r.canon_start <= canon) - 1;
        let r = &self.runs[i];
        let delta = canon - r.canon_start;
        let src = if r.copied {
            r.src_start + delta
        } else if delta == 0 {
            r.src_start
        } else {
            r.src_start + r.src_len
        };
        src as u64
    }

    /// The text with the sorted, disjoint byte ranges `dels` removed, and the map of the result
    /// back to the original file (through this map). Used by formats whose canonical text drops
    /// pieces of the normalized source: page furniture, hyphens joined at line ends.
    pub fn delete_ranges(&self, text: &str, dels: &[(usize, usize)]) -> (String, SrcMap) {
        let mut out = String::with_capacity(text.len());
        let mut runs: Vec<Run> = Vec::with_capacity(self.runs.len() + dels.len());
        let mut kept_from = 0;
        let keep = |a: usize, b: usize, out: &mut String, runs: &mut Vec<Run>| {
            if a >= b {
                return;
            }
            let mut i = self
                .runs
                .partition_point(|r| r.canon_start <= a)
                .saturating_sub(1);
            while i < self.runs.len() && self.runs[i].canon_start < b {
                let r = self.runs[i];
                let r_end = r.canon_start + self.run_len(i);
                let (sa, sb) = (a.max(r.canon_start), b.min(r_end));
                if sa < sb {
                    let (src, src_len, copied) = if r.copied {
                        (r.src_start + (sa - r.canon_start), sb - sa, true)
                    } else {
                        let s0 = self.decoded_to_src(sa) as usize;
                        (s0, self.decoded_to_src(sb) as usize - s0, false)
                    };
                    match runs.last_mut() {
                        Some(l) if copied && l.copied && l.src_start + l.src_len == src => {
                            l.src_len += src_len
                        }
                        _ => runs.push(Run {
                            canon_start: out.len() + (sa - a),
                            src_start: src,
                            src_len,
                            copied,
                        }),
                    }
                }
                i += 1;
            }
            out.push_str(&text[a..b]);
        };
        for &(a, b) in dels {
            keep(kept_from, a, &mut out, &mut runs);
            kept_from = kept_from.max(b);
        }
        keep(kept_from, text.len(), &mut out, &mut runs);
        let len = out.len();
        let decoded = self.decoded.clone();
        (out, SrcMap { runs, len, decoded })
    }

    fn run_len(&self, i: usize) -> usize {
        let end = self.runs.get(i + 1).map_or(self.len, |r| r.canon_start);
        end - self.runs[i].canon_start
    }
}

struct Builder {
    text: String,
    runs: Vec<Run>,
    /// Column (in chars) of the end of `text` within its line.
    col: usize,
    invalid_bytes: usize,
    first_invalid: Option<usize>,
}

impl Builder {
    fn push_copy(&mut self, s: &str, src: usize) {
        if s.is_empty() {
            return;
        }
        match self.runs.last_mut() {
            Some(r) if r.copied && r.src_start + r.src_len == src => r.src_len += s.len(),
            _ => self.runs.push(Run {
                canon_start: self.text.len(),
                src_start: src,
                src_len: s.len(),
                copied: true,
            }),
        }
        self.text.push_str(s);
        match s.rfind('\n') {
            Some(nl) => self.col = s[nl + 1..].chars().count(),
            None => self.col += s.chars().count(),
        }
    }

    fn push_edit(&mut self, out: &str, src: usize, src_len: usize) {
        self.runs.push(Run {
            canon_start: self.text.len(),
            src_start: src,
            src_len,
            copied: false,
        });
        if out.is_empty() {
            // A deletion still needs a zero-length marker so that later copies start a new run;
            // drop it again if nothing was emitted (the next run starts at the same canon offset).
            self.runs.pop();
            return;
        }
        self.text.push_str(out);
        match out.rfind('\n') {
            Some(nl) => self.col = out[nl + 1..].chars().count(),
            None => self.col += out.chars().count(),
        }
    }

    /// Copies valid UTF-8 that starts at `src` in the file, applying the edits.
    fn push_valid(&mut self, s: &str, src: usize) {
        let bytes = s.as_bytes();
        let mut copied_to = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let edit: Option<(&str, usize)> = match b {
                b'\r' => {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        Some(("\n", 2))
                    } else {
                        Some(("\n", 1))
                    }
                }
                b'\t' => Some(("\t", 1)),
                0xC2 if bytes.get(i + 1) == Some(&0xAD) => Some(("", 2)),
                _ => None,
            };
            let Some((out, len)) = edit else {
                i += 1;
                continue;
            };
            self.push_copy(&s[copied_to..i], src + copied_to);
            if out == "\t" {
                let width = 4 - self.col % 4;
                self.push_edit(&"    "[..width], src + i, 1);
            } else {
                self.push_edit(out, src + i, len);
            }
            i += len;
            copied_to = i;
        }
        self.push_copy(&s[copied_to..], src + copied_to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &[u8]) -> Canonical {
        Canonical::from_bytes(s)
    }

    #[test]
    fn identity_for_clean_text() {
        let c = canon(b"# Title\n\nbody\n");
        assert_eq!(c.text, "# Title\n\nbody\n");
        for i in 0..=c.text.len() {
            assert_eq!(c.to_src(i), i as u64);
        }
    }

    #[test]
    fn bom_crlf_cr_soft_hyphen() {
        let c = canon("\u{FEFF}a\r\nb\rc\u{AD}d".as_bytes());
        assert_eq!(c.text, "a\nb\ncd");
        // 'b' is at canonical 2, source 3 (BOM) + 3 ("a\r\n").
        assert_eq!(c.to_src(2), 6);
        // 'd' is after the 2-byte soft hyphen.
        let d = c.text.find('d').unwrap();
        assert_eq!(c.to_src(d), (3 + "a\r\nb\rc\u{AD}".len()) as u64);
        assert_eq!(
            c.to_src(c.text.len()),
            (3 + "a\r\nb\rc\u{AD}d".len()) as u64
        );
    }

    #[test]
    fn tabs_expand_to_tab_stops() {
        let c2 = canon("\tx\nab\ty\n\u{e9}\tz".as_bytes());
        assert_eq!(c2.text, "    x\nab  y\n\u{e9}   z");
        // Inside the expansion of the first tab: start maps to the tab, interior to after it.
        assert_eq!(c2.to_src(0), 0);
        assert_eq!(c2.to_src(2), 1);
        assert_eq!(c2.to_src(4), 1);
    }

    #[test]
    fn soft_hyphen_does_not_count_as_a_column() {
        let c = canon("a\u{AD}b\tc".as_bytes());
        assert_eq!(c.text, "ab  c");
    }

    #[test]
    fn invalid_utf8_is_replaced_and_counted() {
        let c = canon(b"ok \xff\xfe end");
        assert_eq!(c.text, "ok \u{FFFD}\u{FFFD} end");
        assert_eq!(c.invalid_bytes, 2);
        assert_eq!(c.first_invalid, Some(3));
        let e = c.text.find(" end").unwrap();
        assert_eq!(c.to_src(e), 5);
    }

    #[test]
    fn deleting_ranges_keeps_the_map_to_the_file() {
        let src = "ab\r\ncd\tx\r\nef-\r\n  gh";
        let c = canon(src.as_bytes());
        assert_eq!(c.text, "ab\ncd  x\nef-\n  gh");
        let hy = c.text.find('-').unwrap();
        let g = c.text.find('g').unwrap();
        let (out, map) = c.map.delete_ranges(&c.text, &[(0, 3), (hy, g)]);
        assert_eq!(out, "cd  x\nefgh");
        // Every kept character maps to the same character in the file.
        for (i, ch) in out.char_indices() {
            if ch != ' ' && ch != '\n' {
                let s = map.to_src(i) as usize;
                assert_eq!(&src[s..s + 1], ch.to_string(), "at {i}");
            }
        }
        assert_eq!(map.to_src(out.len()), src.len() as u64);
        let (none, m2) = c.map.delete_ranges(&c.text, &[(0, c.text.len())]);
        assert!(none.is_empty());
        assert_eq!(m2.to_src(0), 0);
    }

    /// A file in UTF-16 gets the same canonical text as its UTF-8 twin (line ends, tabs, soft
    /// hyphens), and every offset maps to its character in the file's own bytes, also once
    /// ranges are deleted.
    #[test]
    fn decoded_text_maps_to_the_files_bytes() {
        let src = "ab\r\nc\u{e9}\tx\u{AD}y\r\n\u{1F600} z\u{20AC}";
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(src.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let c = Canonical::from_encoded(&utf16, Encoding::Utf16Le);
        assert_eq!(c.text, canon(src.as_bytes()).text);
        assert_eq!(c.text, "ab\nc\u{e9}  xy\n\u{1F600} z\u{20AC}");
        // The character the file holds at `map.to_src(i)`.
        let at = |ch: char, map: &SrcMap, i: usize| {
            let o = map.to_src(i) as usize;
            let units = utf16[o..]
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]));
            let got = char::decode_utf16(units).next().and_then(Result::ok);
            assert_eq!(got, Some(ch), "at {i}");
        };
        for (i, ch) in c
            .text
            .char_indices()
            .filter(|&(_, ch)| ch != ' ' && ch != '\n')
        {
            at(ch, &c.map, i);
        }
        assert_eq!(c.to_src(c.text.len()), utf16.len() as u64);
        assert_eq!(c.to_src(0), 2);
        let x = c.text.find('x').unwrap();
        let (out, map) = c.map.delete_ranges(&c.text, &[(0, 3), (x, x + 1)]);
        assert_eq!(out, "c\u{e9}  y\n\u{1F600} z\u{20AC}");
        for (i, ch) in out
            .char_indices()
            .filter(|&(_, ch)| ch != ' ' && ch != '\n')
        {
            at(ch, &map, i);
        }
        // Shift_JIS: a lead byte whose trail is a space releases both at once; the lead byte
        // alone is no character, and the space keeps its own byte.
        let sjis =
            Canonical::from_encoded(b"x\x81 y\x82\xa0", Encoding::Other(encoding_rs::SHIFT_JIS));
        assert_eq!(sjis.text, "x\u{FFFD} y\u{3042}");
        let offsets: Vec<u64> = sjis
            .text
            .char_indices()
            .map(|(i, _)| sjis.to_src(i))
            .collect();
        assert_eq!(offsets, [0, 1, 2, 3, 4]);
        assert_eq!((sjis.invalid_bytes, sjis.first_invalid), (1, Some(1)));
        assert_eq!(sjis.to_src(sjis.text.len()), 6);
        // Windows-1252: one byte a character, `€` included.
        let latin = b"caf\xe9 \x80 5";
        let c = Canonical::from_encoded(latin, Encoding::Other(encoding_rs::WINDOWS_1252));
        assert_eq!(c.text, "caf\u{e9} \u{20AC} 5");
        let five = c.text.find('5').unwrap();
        assert_eq!(c.to_src(five), 7);
        assert_eq!(c.to_src(c.text.find('\u{20AC}').unwrap()), 5);
    }

    /// Past many runs of characters of other widths (Cyrillic words and the spaces between
    /// them, emoji among ASCII in UTF-16), every character still maps to its own bytes.
    #[test]
    fn long_decoded_texts_map_every_character() {
        let words: String = (0..700)
            .map(|i| ["мир ", "a ", "текст, ", "\u{1F600}b "][i % 4])
            .collect();
        let cp1251 = Canonical::from_encoded(
            &encoding_rs::WINDOWS_1251
                .encode(&words.replace('\u{1F600}', ""))
                .0,
            Encoding::Other(encoding_rs::WINDOWS_1251),
        );
        for (k, (i, _)) in cp1251.text.char_indices().enumerate() {
            assert_eq!(cp1251.to_src(i), k as u64, "at {i}");
        }
        let utf16: Vec<u8> = words.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let c = Canonical::from_encoded(&utf16, Encoding::Utf16Le);
        let mut at = 0;
        for (i, ch) in c.text.char_indices() {
            assert_eq!(c.to_src(i), at as u64, "at {i}");
            at += ch.len_utf16() * 2;
        }
        assert_eq!(c.to_src(c.text.len()), utf16.len() as u64);
    }

    #[test]
    fn empty_input() {
        let c = canon(b"");
        assert_eq!(c.text, "");
        assert_eq!(c.to_src(0), 0);
        let c = canon(BOM);
        assert_eq!(c.text, "");
    }
}
