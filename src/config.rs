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
    pub text: TextConfig,
    pub pdf: PdfConfig,
    pub chunk: ChunkConfig,
    pub sink: SinkConfig,
    /// Settings of `docsweep diff`; they do not change an index, so the config hash leaves
    /// them out.
    pub diff: DiffConfig,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiffConfig {
    /// Shingle Jaccard (or containment, for merges and splits) at which an old unit counts as
    /// found again: `shift`, `merge`, or `split` when two consecutive new parts cover it.
    pub shift: f64,
    /// Word-level likeness below which an edited unit is `unmapped`.
    pub unmapped: f64,
    /// OLD's documents are compared a window at a time, a window closing once its documents
    /// hold this many blocks and chunks: the diff's memory is the window's, whatever the size
    /// of the indexes (besides a small row per document).
    pub window_units: u64,
}

impl Default for DiffConfig {
    fn default() -> Self {
        DiffConfig {
            shift: 0.85,
            unmapped: 0.60,
            window_units: 1 << 16,
        }
    }
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
    /// Memory (MiB) one document's analysis may take, as estimated once its text is read
    /// ([`crate::analyze::memory_estimate`]): a document over it gets a `failed` row saying
    /// so, instead of running the machine out of memory. 0 = no limit.
    pub max_document_memory_mb: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MarkdownConfig {
    /// File extensions (lowercase, without the dot) read as Markdown.
    pub extensions: Vec<String>,
    /// Share of invalid UTF-8 bytes above which a file is `failed` as binary/foreign-encoded
    /// instead of being decoded lossily.
    pub max_invalid_utf8_ratio: f64,
    /// The encoding Markdown and plain-text files are in when they are not UTF-8, and HTML
    /// pages that are not UTF-8 and declare none (a label such as `windows-1251`,
    /// `shift_jis`, `gbk`, `euc-kr`); empty: each such file is read in the encoding its bytes
    /// read best in, guessed as a browser guesses it, and bytes that read as no encoding's
    /// text fail. UTF-16 and UTF-32 files are told by their own bytes either way.
    pub fallback_encoding: String,
}

/// Plain text and OCR text (`.txt`, `.text`, `.rst`, `.adoc`, files without an extension).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TextConfig {
    /// File extensions (lowercase, without the dot) read as plain text. Files without an
    /// extension, and documentation files such as `README.Debian`, are text too.
    pub extensions: Vec<String>,
    /// Read a plain-text file written in Markdown (ATX headings and Markdown's own marks;
    /// see `extract::markdown_by_content`) as Markdown, flagged `markdown_by_content`.
    /// Not `.rst`, `.adoc` or `.asciidoc` files.
    pub markdown_by_content: bool,
    /// A line at the top or bottom of a page is running furniture (header, footer, page
    /// number) when it repeats there on at least this share of the pages (digits count as one
    /// character class, so `Page 3 of 10` repeats). Only documents with form-feed pages.
    pub furniture_min_share: f64,
    /// How many non-blank lines at each end of a page are looked at for furniture.
    pub furniture_zone_lines: usize,
    /// Fewest pages a document needs before furniture is looked for.
    pub furniture_min_pages: usize,
    /// Join words hyphenated at a line end in prose (`exam-` + `ple`), as the PDF/OCR rules say.
    pub hyphenation: bool,
    pub headings: HeadingConfig,
}

/// PDF documents (cargo feature `pdf`). Headings use the `[text.headings]` scorer, fed with
/// typography; hyphenation follows `text.hyphenation`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PdfConfig {
    /// Pages read per document; the rest are left out and the document is flagged
    /// `pdf_pages_cut`.
    pub max_pages: u32,
    /// Characters kept per page; the rest are left out and the document is flagged
    /// `pdf_chars_cut` (a page of tens of thousands of tiny text objects).
    pub max_page_chars: usize,
    /// Seconds one document may take; pages after that are left out and the document is
    /// flagged `pdf_time_cut`. 0 = no limit. A cut that depends on time is not deterministic,
    /// so it is set high enough never to apply to a sane file.
    pub max_seconds: f64,
    /// Memory (MiB) MuPDF may hold on one worker thread while it reads a page; a page that
    /// needs more (millions of text operators in a small file) is reported, not read.
    pub max_memory_mb: u64,
    /// A line in a page's top or bottom band is a running header or footer when it repeats
    /// there (digits aside, at about the same height) on at least this share of the pages.
    pub furniture_min_share: f64,
    /// Height of the top and bottom bands, as a share of the page height.
    pub edge_band: f32,
    /// Take headings from the PDF's own outline (bookmarks) when it has one, instead of
    /// detecting them (`heading_source = outline`). Off by default: many PDFs have none.
    pub use_outline: bool,
    /// A PDF with no text layer (a scan) is read by this OCR command, page by page: the
    /// page rendered in grey at `ocr_dpi` is written as a PGM image whose path replaces
    /// `{image}`, and the command prints the page's text on standard output, best as
    /// tesseract's TSV (`["tesseract", "{image}", "stdout", "tsv"]`: words with their
    /// boxes, so blocks get boxes, and the pictures among the pages of a PDF with text
    /// are read too). Empty: no OCR, and such a PDF is `failed` with `no text layer (OCR
    /// needed)`.
    pub ocr_command: Vec<String>,
    /// Resolution of the page images handed to `ocr_command`.
    pub ocr_dpi: u32,
    /// Read every page with `ocr_command` and leave the text layer unread: for PDFs whose
    /// text layer cannot be used (glyphs that map to no character, text drawn as outlines),
    /// and to measure OCR on PDFs whose outline is known. Needs `ocr_command`.
    pub ocr_all_pages: bool,
}

impl Default for PdfConfig {
    fn default() -> Self {
        PdfConfig {
            max_pages: 20_000,
            max_page_chars: 200_000,
            max_seconds: 300.0,
            max_memory_mb: 1024,
            furniture_min_share: 0.6,
            edge_band: 0.1,
            use_outline: false,
            ocr_command: Vec::new(),
            ocr_dpi: 200,
            ocr_all_pages: false,
        }
    }
}

/// Heading score weights (see `extract::headings`). A line is a heading when the sum of the
/// weights of its cues reaches `threshold`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HeadingConfig {
    pub threshold: f32,
    /// A section number: `1.2`, `A.`, `IV.`, `Appendix B`, `Chapter 4`.
    pub numbering: f32,
    /// The number continues the sequence of the headings before it (`1.2` after `1.1`).
    pub sequence: f32,
    /// Underlined by a line of `=`, `-`, `~`, … (reStructuredText, setext).
    pub underline: f32,
    /// At least `upper_ratio` of the letters are capitals (`DESCRIPTION`).
    pub all_caps: f32,
    pub upper_ratio: f32,
    /// Most longer words capitalized (`Getting Started`).
    pub title_case: f32,
    /// The title is one of `section_names` (`Abstract`, `References`, …).
    pub section_name: f32,
    pub section_names: Vec<String>,
    /// Callout labels that stand on their own line but head no section (`Note`, `Tip`);
    /// written in capitals (`EXAMPLE`) they still may.
    pub labels: Vec<String>,
    pub blank_before: f32,
    pub blank_after: f32,
    /// Set left of the body text, which continues indented below it (man pages, RFCs).
    pub outdent: f32,
    /// Subtracted when the line is indented further than the body text.
    pub indent_penalty: f32,
    /// A paragraph follows.
    pub body_follows: f32,
    /// At most 60 % as long as the line right under it, which starts a sentence.
    pub short_line: f32,
    /// Short, under a blank line, over text at its margin, where the document leaves blank
    /// lines only over its titles.
    pub heads_run: f32,
    /// Subtracted when the line ends with a colon (usually a lead-in sentence).
    pub colon_penalty: f32,
    /// Larger font than the body (bold counts half); PDF only.
    pub typography: f32,
    /// Longest heading, in words and in characters.
    pub max_words: usize,
    pub max_chars: usize,
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
    /// Most rows of a table one chunk holds; a longer table is cut at row boundaries (0: no
    /// limit, tables are cut only when they exceed `max_tokens`).
    pub max_table_rows: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SinkConfig {
    /// zstd level of the Parquet pages (1..=22). Level 1 by default: on the benchmark corpus
    /// level 3 made the index 2.7 % smaller and the whole run 9 % slower (compression was a
    /// fifth of the CPU).
    pub zstd_level: i32,
    /// A row group closes at the first page-run boundary once it holds this many rows.
    pub row_group_rows: usize,
    /// Source bytes per page run, on average (the documents table: 16 times as many). A run
    /// is the unit `index --previous` copies from OLD without encoding it again.
    pub page_run_bytes: u64,
    /// Rows per part file before a new `part-NNNNN.parquet` is started. The writer holds the
    /// page locations and chunk metadata of the open part file (about 10 bytes a row), so this
    /// also bounds that memory.
    pub part_rows: usize,
}

impl Default for WalkConfig {
    fn default() -> Self {
        WalkConfig {
            include: Vec::new(),
            exclude: vec!["**/.git".into(), "**/.hg".into(), "**/.svn".into()],
            max_file_bytes: 256 * 1024 * 1024,
            follow_symlinks: false,
            max_document_memory_mb: 8192,
        }
    }
}

impl Default for MarkdownConfig {
    fn default() -> Self {
        MarkdownConfig {
            extensions: [
                "md", "markdown", "mdown", "mkdown", "mkd", "mkdn", "mdwn", "mdx", "rmd", "qmd",
                "livemd", "ronn",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            max_invalid_utf8_ratio: 0.05,
            fallback_encoding: String::new(),
        }
    }
}

impl Default for TextConfig {
    fn default() -> Self {
        TextConfig {
            extensions: ["txt", "text", "rst", "adoc", "asciidoc", "org"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            markdown_by_content: true,
            furniture_min_share: 0.6,
            furniture_zone_lines: 3,
            furniture_min_pages: 3,
            hyphenation: true,
            headings: HeadingConfig::default(),
        }
    }
}

impl Default for HeadingConfig {
    fn default() -> Self {
        HeadingConfig {
            threshold: 3.0,
            numbering: 2.0,
            sequence: 1.0,
            underline: 4.0,
            all_caps: 1.5,
            upper_ratio: 0.6,
            title_case: 1.0,
            section_name: 1.5,
            section_names: [
                "Abstract",
                "Introduction",
                "Overview",
                "Background",
                "Summary",
                "Contents",
                "Table of Contents",
                "Preface",
                "Foreword",
                "Acknowledgments",
                "Acknowledgements",
                "Conclusion",
                "Conclusions",
                "Discussion",
                "Results",
                "Related Work",
                "References",
                "Bibliography",
                "Glossary",
                "Index",
                "Appendix",
                "Notes",
                "Examples",
                "Usage",
                "Installation",
                "License",
                "Copyright",
                "Authors",
                "See Also",
                "Bugs",
                // The same in German, French, Spanish, Italian and Portuguese.
                "Zusammenfassung",
                "Kurzfassung",
                "Inhaltsangabe",
                "Einleitung",
                "Einführung",
                "Vorwort",
                "Danksagung",
                "Literatur",
                "Literaturverzeichnis",
                "Anhang",
                "Résumé",
                "Préface",
                "Avant-propos",
                "Remerciements",
                "Bibliographie",
                "Annexe",
                "Resumen",
                "Introducción",
                "Prólogo",
                "Prefacio",
                "Agradecimientos",
                "Bibliografía",
                "Referencias",
                "Apéndice",
                "Sommario",
                "Riassunto",
                "Introduzione",
                "Prefazione",
                "Ringraziamenti",
                "Bibliografia",
                "Appendice",
                "Resumo",
                "Introdução",
                "Prefácio",
                "Agradecimentos",
                "Referências",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            labels: [
                "Note",
                "Tip",
                "Hint",
                "Warning",
                "Caution",
                "Important",
                "Danger",
                "Attention",
                "Example",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            blank_before: 1.0,
            blank_after: 0.5,
            outdent: 2.5,
            indent_penalty: 1.0,
            body_follows: 0.5,
            short_line: 1.5,
            heads_run: 1.0,
            colon_penalty: 0.5,
            typography: 2.0,
            max_words: 12,
            max_chars: 80,
        }
    }
}

impl Default for ChunkConfig {
    fn default() -> Self {
        ChunkConfig {
            tokenizer: "cl100k_base".into(),
            max_tokens: 512,
            overlap_tokens: 64,
            max_table_rows: 30,
        }
    }
}

impl Default for SinkConfig {
    fn default() -> Self {
        SinkConfig {
            zstd_level: 1,
            row_group_rows: 16 * 1024,
            page_run_bytes: 64 << 10,
            part_rows: 1 << 18,
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
        for (key, exts) in [
            ("markdown.extensions", &self.markdown.extensions),
            ("text.extensions", &self.text.extensions),
        ] {
            if let Some(e) = exts.iter().find(|e| {
                e.is_empty() || e.contains(['.', '/']) || e.chars().any(|c| c.is_uppercase())
            }) {
                bail!(
                    "{key} lists {e:?}: an extension is written in lowercase, without its dot (\"md\", \"txt\")"
                );
            }
        }
        if let Some(e) = self
            .text
            .extensions
            .iter()
            .find(|e| self.markdown.extensions.contains(e))
        {
            bail!("{e:?} is in both markdown.extensions and text.extensions: keep it in one");
        }
        if let Some(e) = [&self.markdown.extensions, &self.text.extensions]
            .into_iter()
            .flatten()
            .find(|e| ["html", "htm", "xhtml", "pdf", "gz"].contains(&e.as_str()))
        {
            bail!("{e:?} cannot be read as Markdown or plain text: it names another format docsweep reads");
        }
        let d = &self.diff;
        if !(0.0 < d.unmapped && d.unmapped <= d.shift && d.shift <= 1.0) {
            bail!(
                "diff thresholds must satisfy 0 < unmapped <= shift <= 1 (got unmapped {}, shift {})",
                d.unmapped,
                d.shift
            );
        }
        if d.window_units == 0 {
            bail!("diff.window_units must be at least 1");
        }
        let p = &self.pdf;
        if !p.ocr_command.is_empty() && !p.ocr_command.iter().any(|a| a.contains("{image}")) {
            bail!("pdf.ocr_command must name the page image as {{image}}");
        }
        if p.ocr_all_pages && p.ocr_command.is_empty() {
            bail!(
                "pdf.ocr_all_pages needs pdf.ocr_command (the OCR program to read the pages with)"
            );
        }
        if p.max_pages == 0 || p.max_page_chars == 0 || p.max_memory_mb == 0 {
            bail!("pdf.max_pages, pdf.max_page_chars and pdf.max_memory_mb must be positive");
        }
        if !(p.max_seconds >= 0.0 && p.max_seconds.is_finite()) {
            bail!(
                "pdf.max_seconds must be 0 (no limit) or a positive number of seconds (got {})",
                p.max_seconds
            );
        }
        if !(0.5..=1.0).contains(&p.furniture_min_share) || !(0.0..=0.5).contains(&p.edge_band) {
            bail!(
                "pdf.furniture_min_share must be within 0.5..=1 and pdf.edge_band within 0..=0.5"
            );
        }
        let h = &self.text.headings;
        let weights = [
            h.threshold,
            h.numbering,
            h.sequence,
            h.underline,
            h.all_caps,
            h.upper_ratio,
            h.title_case,
            h.section_name,
            h.blank_before,
            h.blank_after,
            h.outdent,
            h.indent_penalty,
            h.body_follows,
            h.short_line,
            h.heads_run,
            h.colon_penalty,
            h.typography,
        ];
        if weights.iter().any(|w| !w.is_finite()) {
            bail!("text.headings weights and threshold must be finite numbers");
        }
        if !(50..=1200).contains(&p.ocr_dpi) {
            bail!("pdf.ocr_dpi must be within 50..=1200 (got {})", p.ocr_dpi);
        }
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
        if self.sink.row_group_rows == 0
            || self.sink.part_rows == 0
            || self.sink.page_run_bytes == 0
        {
            bail!("sink.row_group_rows, sink.part_rows and sink.page_run_bytes must be positive");
        }
        if !(0.0..=1.0).contains(&self.text.furniture_min_share)
            || self.text.furniture_min_share < 0.5
        {
            bail!("text.furniture_min_share must be within 0.5..=1 (a line repeating on fewer pages than half is content)");
        }
        if self.text.furniture_zone_lines == 0 || self.text.furniture_min_pages < 2 {
            bail!("text.furniture_zone_lines must be at least 1 and text.furniture_min_pages at least 2");
        }
        if !(0.0..=1.0).contains(&self.markdown.max_invalid_utf8_ratio) {
            bail!("markdown.max_invalid_utf8_ratio must be within 0..=1");
        }
        let label = self.markdown.fallback_encoding.as_str();
        if !label.is_empty() {
            match encoding_rs::Encoding::for_label(label.as_bytes()) {
                None => bail!(
                    "markdown.fallback_encoding {label:?} names no encoding (labels as the WHATWG Encoding Standard has them: windows-1251, koi8-r, iso-8859-7, shift_jis, euc-jp, gbk, gb18030, big5, euc-kr)"
                ),
                Some(e)
                    if e == encoding_rs::UTF_8
                        || e == encoding_rs::X_USER_DEFINED
                        || !e.is_ascii_compatible() =>
                {
                    bail!(
                        "markdown.fallback_encoding {label:?} is {}: name an 8-bit or multi-byte encoding that writes ASCII as ASCII (UTF-8 is read as such, UTF-16 and UTF-32 are told by their bytes, and ISO-2022-JP's escapes read as valid UTF-8)",
                        e.name()
                    )
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The extensions read as Markdown and as plain text, for [`Format::detect`].
    ///
    /// [`Format::detect`]: crate::extract::Format::detect
    pub fn extensions(&self) -> crate::extract::Extensions<'_> {
        crate::extract::Extensions {
            markdown: &self.markdown.extensions,
            text: &self.text.extensions,
        }
    }

    /// The encoding `markdown.fallback_encoding` names (None when empty; [`Config::check`]
    /// refuses a label that names none).
    pub fn fallback_encoding(&self) -> Option<&'static encoding_rs::Encoding> {
        encoding_rs::Encoding::for_label(self.markdown.fallback_encoding.as_bytes())
    }

    /// The settings that shape the index's content, as canonical JSON. Walk settings are part of
    /// it because they decide which files are in the index.
    pub fn canonical_json(&self) -> String {
        canonical_json(serde_json::to_value(self).expect("config serializes"))
    }

    /// 16 hex of xxh3-64 over [`Config::canonical_json`].
    pub fn hash(&self) -> String {
        hash_json(self.canonical_json())
    }

    /// [`Config::hash`] of a config as a manifest holds it (`config`, written by
    /// `serde_json::to_value`).
    pub fn hash_of_value(v: &serde_json::Value) -> String {
        hash_json(canonical_json(v.clone()))
    }
}

/// A config's JSON without its `diff` table (which reads the index, and does not make it).
fn canonical_json(mut v: serde_json::Value) -> String {
    if let Some(m) = v.as_object_mut() {
        m.remove("diff");
    }
    v.to_string()
}

fn hash_json(json: String) -> String {
    crate::ids::hex64(xxhash_rust::xxh3::xxh3_64(json.as_bytes()))
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
        // Limits no run can honour, and numbers that are none.
        let bad: [fn(&mut Config); 13] = [
            |c| c.markdown.extensions.push("MD".into()),
            |c| c.text.extensions.push(".org".into()),
            |c| c.text.extensions.push(String::new()),
            |c| c.text.extensions.push("md".into()),
            |c| c.markdown.extensions.push("html".into()),
            |c| c.pdf.max_pages = 0,
            |c| c.pdf.max_page_chars = 0,
            |c| c.pdf.max_memory_mb = 0,
            |c| c.pdf.max_seconds = f64::NAN,
            |c| c.pdf.max_seconds = -1.0,
            |c| c.pdf.edge_band = 2.0,
            |c| c.text.headings.threshold = f32::NAN,
            |c| c.text.headings.heads_run = f32::NEG_INFINITY,
        ];
        for (i, set) in bad.iter().enumerate() {
            let mut c = Config::default();
            set(&mut c);
            assert!(c.check().is_err(), "case {i}");
        }
        let mut c = Config::default();
        c.pdf.max_seconds = 0.0;
        c.text.extensions.push("org".into());
        assert!(c.check().is_ok());
    }

    #[test]
    fn hash_changes_with_settings() {
        let mut c = Config::default();
        let h = c.hash();
        c.chunk.max_tokens += 1;
        assert_ne!(h, c.hash());
    }
}
