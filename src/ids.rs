//! Identifiers: the id grammar of DESIGN.md in one place, so tables, `validate` and `diff` agree.

use xxhash_rust::xxh3::{xxh3_128, xxh3_64};

pub fn hex64(v: u64) -> String {
    format!("{v:016x}")
}

/// `v` as 16 lower-case hex digits, without allocating.
pub fn hex64_digits(v: u64) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = b"0123456789abcdef"[((v >> (60 - 4 * i)) & 0xf) as usize];
    }
    out
}

pub fn hex128(v: u128) -> String {
    format!("{v:032x}")
}

/// 16 hex of xxh3-64 of the corpus-relative path with '/' separators: stable across edits.
pub fn doc_id(rel_path: &str) -> String {
    hex64(xxh3_64(rel_path.as_bytes()))
}

/// 32 hex of xxh3-128 of the raw file bytes: drives incremental reuse.
pub fn content_hash(bytes: &[u8]) -> String {
    hex128(xxh3_128(bytes))
}

/// The length of a file and its `content_hash`, read through a buffer each thread keeps (no
/// map and no allocation per file: `index --previous` asks this of every file of the corpus).
pub fn file_hash(path: &std::path::Path) -> std::io::Result<(u64, String)> {
    use std::io::Read;
    thread_local! {
        static BUF: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(vec![0; 1 << 18]);
    }
    let mut file = std::fs::File::open(path)?;
    BUF.with_borrow_mut(|buf| {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        let mut total = 0u64;
        loop {
            match file.read(buf) {
                Ok(0) => break,
                Ok(n) => {
                    h.update(&buf[..n]);
                    total += n as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok((total, hex128(h.digest128())))
    })
}

/// 16 hex of xxh3-64 of the canonical text.
pub fn rev(canonical: &str) -> String {
    hex64(xxh3_64(canonical.as_bytes()))
}

/// `<doc_id>|s=<section_id>|p=<page3>|b=<block3>`; `page` is 0 for formats without pages.
pub fn block_id(doc_id: &str, section_id: &str, page: u32, index_in_section: usize) -> String {
    let mut id = format!("{doc_id}|s={section_id}|p=");
    push_sortable(&mut id, page as u64, 3);
    id.push_str("|b=");
    push_sortable(&mut id, index_in_section as u64, 3);
    id
}

/// The block id of the chunk's first block, plus `|w=<k>` for the k-th further window that
/// starts inside that block.
pub fn chunk_id(first_block_id: &str, window_in_block: u32) -> String {
    if window_in_block == 0 {
        first_block_id.to_string()
    } else {
        let mut id = format!("{first_block_id}|w=");
        push_sortable(&mut id, u64::from(window_in_block), 1);
        id
    }
}

/// Appends `n` so that the ids of a section sort in reading order as plain strings: zero-padded
/// to `width` digits, and a number longer than that behind one `~` per extra digit (`~` sorts
/// after every digit). With width 3: `007`, `999`, `~1000`, `~9999`, `~~10000`. Numbers that fit
/// the width read as they always have.
fn push_sortable(out: &mut String, n: u64, width: usize) {
    let digits = n.to_string();
    for _ in width..digits.len() {
        out.push('~');
    }
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(&digits);
}

/// Titles are compared lowercased with whitespace runs collapsed.
pub fn normalize_title(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for word in title.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// `xxh3:` + 16 hex of the normalized title.
pub fn title_hash(title: &str) -> String {
    format!("xxh3:{}", hex64(xxh3_64(normalize_title(title).as_bytes())))
}

/// Lowercase kebab form of a title: alphanumerics kept (any script), everything else a single `-`.
pub fn slug(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut pending_dash = false;
    for c in title.chars() {
        if c.is_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.extend(c.to_lowercase());
        } else {
            pending_dash = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_digits_are_the_formatted_hex() {
        for v in [0, 1, 0xabc, u64::MAX, 0x0123_4567_89ab_cdef, 1 << 63] {
            assert_eq!(std::str::from_utf8(&hex64_digits(v)).unwrap(), hex64(v));
        }
    }

    #[test]
    fn file_hash_is_the_content_hash_of_the_bytes() {
        let dir = tempfile::tempdir().unwrap();
        // Empty, shorter than the buffer, and several buffers long with a ragged end.
        for len in [0usize, 1000, (1 << 18) * 3 + 17] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let p = dir.path().join(format!("f{len}"));
            std::fs::write(&p, &bytes).unwrap();
            assert_eq!(
                file_hash(&p).unwrap(),
                (len as u64, content_hash(&bytes)),
                "{len}"
            );
        }
        assert!(file_hash(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn id_grammar() {
        let d = doc_id("docs/a.md");
        assert_eq!(d.len(), 16);
        assert_eq!(block_id(&d, "1.2", 0, 7), format!("{d}|s=1.2|p=000|b=007"));
        assert_eq!(chunk_id("x|b=001", 0), "x|b=001");
        assert_eq!(chunk_id("x|b=001", 2), "x|b=001|w=2");
        assert_eq!(
            block_id(&d, "2", 1234, 56_789),
            format!("{d}|s=2|p=~1234|b=~~56789")
        );
        assert_eq!(chunk_id("x|b=001", 10), "x|b=001|w=~10");
        assert_eq!(content_hash(b"abc").len(), 32);
    }

    /// Within a section, ids sort in reading order: pages, then blocks, then windows, past
    /// every padding width.
    #[test]
    fn ids_of_a_section_sort_in_reading_order() {
        let d = doc_id("a/b.md");
        let mut reading = Vec::new();
        for page in [
            0u32, 9, 10, 99, 998, 999, 1000, 1001, 9_999, 10_000, 123_456,
        ] {
            for block in [0usize, 1, 9, 10, 99, 100, 999, 1000, 9_999, 10_000, 100_000] {
                let b = block_id(&d, "1.2", page, block);
                for w in [0u32, 1, 2, 9, 10, 11, 99, 100, 1_000, 10_000] {
                    reading.push(chunk_id(&b, w));
                }
            }
        }
        let mut sorted = reading.clone();
        sorted.sort();
        assert_eq!(sorted, reading);
    }

    #[test]
    fn slugs_and_titles() {
        assert_eq!(
            slug("Evaluation protocol & Metrics!"),
            "evaluation-protocol-metrics"
        );
        assert_eq!(slug("  `--threads` N  "), "threads-n");
        assert_eq!(slug("Über Größe"), "über-größe");
        assert_eq!(
            title_hash("Getting  Started"),
            title_hash("getting started")
        );
        assert_ne!(title_hash("Getting Started"), title_hash("Getting Stopped"));
    }
}
