//! Block fingerprints: a hash of the part of a block that survives cosmetic edits, so that
//! `diff` can find a block again after it moved or was lightly reworded around it.
//!
//! prose-like: lowercase, whitespace and punctuation removed, first 96 bytes; code: lines with
//! indentation and trailing spaces removed; table: rows with inner whitespace collapsed;
//! caption: its first sentence, normalized like prose.

use crate::model::BlockType;
use xxhash_rust::xxh3::xxh3_64;

const PROSE_KEY_BYTES: usize = 96;

fn prose_key(text: &str) -> String {
    let mut key = String::with_capacity(PROSE_KEY_BYTES + 4);
    for c in text.chars() {
        // ASCII first: most prose is, and its test and case map are a byte's.
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                if key.len() == PROSE_KEY_BYTES {
                    return key;
                }
                key.push(c.to_ascii_lowercase());
            }
            continue;
        }
        if !c.is_alphanumeric() {
            continue;
        }
        for l in c.to_lowercase() {
            if key.len() + l.len_utf8() > PROSE_KEY_BYTES {
                return key;
            }
            key.push(l);
        }
    }
    key
}

/// The block's fingerprint, written as 16 hex digits in the `blocks` table.
pub fn fingerprint(kind: BlockType, text: &str) -> u64 {
    let key = match kind {
        BlockType::Code | BlockType::Formula => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n"),
        BlockType::Table => text
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n"),
        BlockType::Caption => {
            let first = text.split_inclusive(['.', ':']).next().unwrap_or(text);
            prose_key(first)
        }
        _ => prose_key(text),
    };
    xxh3_64(key.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_ignores_case_space_punctuation() {
        assert_eq!(
            fingerprint(BlockType::Prose, "Hello,  World!"),
            fingerprint(BlockType::Prose, "hello world")
        );
        assert_ne!(
            fingerprint(BlockType::Prose, "hello world"),
            fingerprint(BlockType::Prose, "hello there")
        );
        // Only the first 96 bytes count.
        let a = format!("{} tail one", "x".repeat(100));
        let b = format!("{} tail two", "x".repeat(100));
        assert_eq!(
            fingerprint(BlockType::Prose, &a),
            fingerprint(BlockType::Prose, &b)
        );
    }

    /// The key as first written: every character through Unicode's tests and case map.
    fn prose_key_by_unicode(text: &str) -> String {
        let mut key = String::new();
        for c in text.chars().filter(|c| c.is_alphanumeric()) {
            for l in c.to_lowercase() {
                if key.len() + l.len_utf8() > PROSE_KEY_BYTES {
                    return key;
                }
                key.push(l);
            }
        }
        key
    }

    #[test]
    fn the_ascii_path_keys_prose_as_unicode_rules_do() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/sample");
        let mut texts: Vec<String> = vec![
            "Ünïcödé and ASCII, mixed: İstanbul ΣΊΣΥΦΟΣ straße 東京 x".repeat(3),
            "ß".repeat(60) + "tail",
            "a".repeat(95) + "İ",
        ];
        for e in walkdir::WalkDir::new(&root).into_iter().flatten() {
            if let Ok(t) = std::fs::read_to_string(e.path()) {
                texts.extend(t.split("\n\n").map(str::to_string));
            }
        }
        assert!(texts.len() > 1000, "{} paragraphs", texts.len());
        for t in &texts {
            assert_eq!(prose_key(t), prose_key_by_unicode(t), "{t:?}");
        }
    }

    #[test]
    fn code_ignores_indentation() {
        assert_eq!(
            fingerprint(BlockType::Code, "fn a() {\n    x();\n}\n"),
            fingerprint(BlockType::Code, "fn a() {\n\tx();  \n}")
        );
        assert_ne!(
            fingerprint(BlockType::Code, "x();"),
            fingerprint(BlockType::Code, "y();")
        );
    }
}
