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
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

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
            },
            text: b.text,
            invalid_bytes: b.invalid_bytes,
            first_invalid: b.first_invalid,
        }
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
    fn empty_input() {
        let c = canon(b"");
        assert_eq!(c.text, "");
        assert_eq!(c.to_src(0), 0);
        let c = canon(BOM);
        assert_eq!(c.text, "");
    }
}
