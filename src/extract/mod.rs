//! Format extractors: bytes of one file → canonical text and raw typed blocks. One module per
//! format; nothing here touches the disk.

pub mod canonical;
pub mod headings;
pub mod html;
pub mod markdown;
#[cfg(feature = "pdf")]
mod mupdf_ffi;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod text;

use serde::Serialize;

/// The document formats docsweep recognizes by file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Markdown,
    Html,
    Text,
    Pdf,
    Unknown,
    Directory,
}

/// The name of a gzipped file without its `.gz` (any case), when there is a name left.
pub fn gzipped(name: &str) -> Option<&str> {
    let cut = name.len().checked_sub(3)?;
    (cut > 0 && name.is_char_boundary(cut) && name[cut..].eq_ignore_ascii_case(".gz"))
        .then(|| &name[..cut])
}

impl Format {
    /// Every format, in declaration order (`Format as usize` indexes it).
    pub const ALL: [Format; 6] = [
        Format::Markdown,
        Format::Html,
        Format::Text,
        Format::Pdf,
        Format::Unknown,
        Format::Directory,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Format::Markdown => "markdown",
            Format::Html => "html",
            Format::Text => "text",
            Format::Pdf => "pdf",
            Format::Unknown => "unknown",
            Format::Directory => "directory",
        }
    }

    /// By extension; `markdown_exts` comes from the config. A gzipped file (`README.gz`,
    /// `guide.html.gz`) is of the format of its name without `.gz`; see [`gzipped`].
    pub fn detect(rel_path: &str, markdown_exts: &[String]) -> Format {
        let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
        let name = gzipped(name).unwrap_or(name);
        let ext = match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
            // README, COPYING, NEWS: text unless the bytes say otherwise (see `analyze`).
            None => return Format::Text,
            _ => return Format::Unknown,
        };
        if markdown_exts.contains(&ext) {
            return Format::Markdown;
        }
        match ext.as_str() {
            "html" | "htm" | "xhtml" => Format::Html,
            "txt" | "text" | "rst" | "adoc" | "asciidoc" => Format::Text,
            "pdf" => Format::Pdf,
            _ => Format::Unknown,
        }
    }
}
