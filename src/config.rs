//! Resolved configuration: what `configs/*.toml` may set, with the defaults documented in
//! `configs/default.toml`. The config hash goes into the manifest and the `index_hash`, so two
//! runs with different settings never claim to be the same index.

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One document's text must fit one Arrow batch (string offsets are 32-bit), with room for the
/// chunk windows that repeat some of it.
pub const MAX_DOCUMENT_BYTES: u64 = 1 << 30;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub walk: WalkConfig,
    pub markdown: MarkdownConfig,
    pub chunk: ChunkConfig,
    pub sink: SinkConfig,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WalkConfig {
    /// Globs (relative to the corpus root) a file must match to be indexed; empty = all files.
    pub include: Vec<String>,
    /// Globs of files and directories to leave out entirely (no `documents` row).
    pub exclude: Vec<String>,
    /// Files larger than this are recorded as `skipped` instead of being read.
    pub max_file_bytes: u64,
    /// Follow symbolic links (loops are detected and reported).
    pub follow_symlinks: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MarkdownConfig {
    /// File extensions (lowercase, without the dot) read as Markdown.
    pub extensions: Vec<String>,
    /// Share of invalid UTF-8 bytes above which a file is `failed` as binary/foreign-encoded
    /// instead of being decoded lossily.
    pub max_invalid_utf8_ratio: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChunkConfig {
    /// Tokenizer used to count chunk budgets: `cl100k_base` or `o200k_base`.
    pub tokenizer: String,
    /// Largest chunk, in tokens.
    pub max_tokens: u32,
    /// Tokens of whole trailing prose/list blocks a window may repeat from the previous one.
    pub overlap_tokens: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SinkConfig {
    /// zstd level of the Parquet pages (1..=22).
    pub zstd_level: i32,
    /// Rows per Parquet row group.
    pub row_group_rows: usize,
    /// Rows per part file before a new `part-NNNNN.parquet` is started.
    pub part_rows: usize,
}

impl Default for WalkConfig {
    fn default() -> Self {
        WalkConfig {
            include: Vec::new(),
            exclude: vec!["**/.git".into(), "**/.hg".into(), "**/.svn".into()],
            max_file_bytes: 256 * 1024 * 1024,
            follow_symlinks: false,
        }
    }
}

impl Default for MarkdownConfig {
    fn default() -> Self {
        MarkdownConfig {
            extensions: ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdx"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            max_invalid_utf8_ratio: 0.05,
        }
    }
}

impl Default for ChunkConfig {
    fn default() -> Self {
        ChunkConfig {
            tokenizer: "cl100k_base".into(),
            max_tokens: 512,
            overlap_tokens: 64,
        }
    }
}

impl Default for SinkConfig {
    fn default() -> Self {
        SinkConfig {
            zstd_level: 3,
            row_group_rows: 16 * 1024,
            part_rows: 1 << 20,
        }
    }
}

impl Config {
    /// Reads a TOML file; unknown keys are errors so that a typo never silently falls back to a
    /// default.
    pub fn from_file(path: &Path) -> Result<Config> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read config file {}", path.display()))?;
        let cfg: Config = toml::from_str(&text)
            .with_context(|| format!("invalid config file {}", path.display()))?;
        cfg.check()
            .with_context(|| format!("invalid config file {}", path.display()))?;
        Ok(cfg)
    }

    /// Rejects settings no run can honour.
    pub fn check(&self) -> Result<()> {
        if self.chunk.max_tokens < 8 {
            bail!(
                "chunk.max_tokens must be at least 8 (got {})",
                self.chunk.max_tokens
            );
        }
        if self.chunk.overlap_tokens >= self.chunk.max_tokens {
            bail!(
                "chunk.overlap_tokens ({}) must be smaller than chunk.max_tokens ({})",
                self.chunk.overlap_tokens,
                self.chunk.max_tokens
            );
        }
        crate::chunk::tokenizer::Analyzer::by_name(&self.chunk.tokenizer)?;
        if self.walk.max_file_bytes > MAX_DOCUMENT_BYTES {
            bail!(
                "walk.max_file_bytes ({}) is above the largest document docsweep indexes ({MAX_DOCUMENT_BYTES} bytes)",
                self.walk.max_file_bytes
            );
        }
        if !(1..=22).contains(&self.sink.zstd_level) {
            bail!(
                "sink.zstd_level must be within 1..=22 (got {})",
                self.sink.zstd_level
            );
        }
        if self.sink.row_group_rows == 0 || self.sink.part_rows == 0 {
            bail!("sink.row_group_rows and sink.part_rows must be positive");
        }
        if !(0.0..=1.0).contains(&self.markdown.max_invalid_utf8_ratio) {
            bail!("markdown.max_invalid_utf8_ratio must be within 0..=1");
        }
        Ok(())
    }

    /// The settings that shape the index's content, as canonical JSON. Walk settings are part of
    /// it because they decide which files are in the index.
    pub fn canonical_json(&self) -> String {
        serde_json::to_string(self).expect("config serializes")
    }

    /// 16 hex of xxh3-64 over [`Config::canonical_json`].
    pub fn hash(&self) -> String {
        crate::ids::hex64(xxhash_rust::xxh3::xxh3_64(self.canonical_json().as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_configs_parse_and_default_matches_code() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
        let default = Config::from_file(&root.join("default.toml")).unwrap();
        assert_eq!(
            default,
            Config::default(),
            "configs/default.toml drifted from the code defaults"
        );
        for entry in std::fs::read_dir(&root).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                Config::from_file(&path).unwrap();
            }
        }
    }

    #[test]
    fn unknown_keys_and_bad_values_are_rejected() {
        assert!(toml::from_str::<Config>("[chunk]\nmax_tokenz = 3\n").is_err());
        let mut c = Config::default();
        c.chunk.overlap_tokens = c.chunk.max_tokens;
        assert!(c.check().is_err());
        let mut c = Config::default();
        c.chunk.tokenizer = "gpt2".into();
        assert!(c.check().is_err());
    }

    #[test]
    fn hash_changes_with_settings() {
        let mut c = Config::default();
        let h = c.hash();
        c.chunk.max_tokens += 1;
        assert_ne!(h, c.hash());
    }
}
