//! Token counting for chunk budgets, with the tokenizers embedded in the binary (no download).
//!
//! A document is tokenized once; what chunking needs from it is where each token starts, so
//! that the tokens of any byte range come from two binary searches.

use anyhow::{bail, Result};
use bpe_openai::Tokenizer;

#[derive(Clone, Copy)]
pub struct Analyzer {
    name: &'static str,
    tok: &'static Tokenizer,
}

impl Analyzer {
    pub fn by_name(name: &str) -> Result<Analyzer> {
        match name {
            "cl100k_base" => Ok(Analyzer {
                name: "cl100k_base",
                tok: bpe_openai::cl100k_base(),
            }),
            "o200k_base" => Ok(Analyzer {
                name: "o200k_base",
                tok: bpe_openai::o200k_base(),
            }),
            other => bail!("unknown tokenizer {other:?}: use cl100k_base or o200k_base"),
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Byte offsets where each token of `text` starts, ascending.
    pub fn token_starts(&self, text: &str) -> TokenStarts {
        let mut starts = Vec::with_capacity(text.len() / 4 + 1);
        let mut pos = 0usize;
        for piece in self.tok.split(text) {
            let mut p = pos;
            for t in self.tok.bpe.encode_via_backtracking(piece.as_bytes()) {
                starts.push(p);
                p += self.tok.bpe.token_len(t);
            }
            pos += piece.len();
        }
        TokenStarts { starts }
    }

    /// Token count of `text` tokenized alone.
    pub fn count(&self, text: &str) -> usize {
        self.tok.count(text)
    }
}

pub struct TokenStarts {
    starts: Vec<usize>,
}

impl TokenStarts {
    /// Tokens that start inside `[begin, end)`.
    pub fn count(&self, begin: usize, end: usize) -> usize {
        self.index(end) - self.index(begin)
    }

    /// Number of tokens starting before `offset`.
    pub fn index(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s < offset)
    }

    /// Start offset of token `i` (or `None` past the end).
    pub fn start(&self, i: usize) -> Option<usize> {
        self.starts.get(i).copied()
    }

    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_partition_the_text_and_match_counts() {
        let a = Analyzer::by_name("cl100k_base").unwrap();
        for text in [
            "Hello, world! This is docsweep.",
            "naïve café — 東京 🚀 emoji",
            "    indented\n\n\n  spaces   end  ",
            "",
        ] {
            let ts = a.token_starts(text);
            assert_eq!(ts.len(), a.count(text), "{text:?}");
            if !text.is_empty() {
                assert_eq!(ts.start(0), Some(0));
            }
            assert_eq!(ts.count(0, text.len()), ts.len());
        }
        assert_eq!(a.count("hello world"), 2);
    }

    #[test]
    fn unknown_tokenizer_is_an_error() {
        assert!(Analyzer::by_name("bert").is_err());
        assert!(Analyzer::by_name("o200k_base").is_ok());
    }
}
