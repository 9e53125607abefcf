//! Block fingerprints: a hash of the part of a block that survives cosmetic edits, so that
//! `diff` can find a block again after it moved or was lightly reworded around it.
//!
//! prose-like: lowercase, whitespace and punctuation removed, first 96 bytes; code: lines with
//! indentation and trailing spaces removed; table: rows with inner whitespace collapsed;
//! caption: its first sentence, normalized like prose.

use crate::ids::hex64;
use crate::model::BlockType;
use xxhash_rust::xxh3::xxh3_64;

const PROSE_KEY_BYTES: usize = 96;

fn prose_key(text: &str) -> String {
    let mut key = String::with_capacity(PROSE_KEY_BYTES + 4);
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

pub fn fingerprint(kind: BlockType, text: &str) -> String {
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
    hex64(xxh3_64(key.as_bytes()))
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
