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

    /// By extension, from the config's lists (`markdown.extensions`, `text.extensions`). A
    /// gzipped file (`README.gz`, `guide.html.gz`) is of the format of its name without `.gz`;
    /// see [`gzipped`]. A file without an extension, or named as documentation with an
    /// extension that names no format (`README.Debian`; see [`by_name_alone`]), is text.
    pub fn detect(rel_path: &str, exts: Extensions) -> Format {
        let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
        let name = gzipped(name).unwrap_or(name);
        let ext = match name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
            // README, COPYING, NEWS: text unless the bytes say otherwise (see `analyze`).
            None => return Format::Text,
            _ => return Format::Unknown,
        };
        if exts.markdown.contains(&ext) {
            return Format::Markdown;
        }
        if exts.text.contains(&ext) {
            return Format::Text;
        }
        match ext.as_str() {
            "html" | "htm" | "xhtml" => Format::Html,
            "pdf" => Format::Pdf,
            _ if by_name_alone(name) => Format::Text,
            _ => Format::Unknown,
        }
    }
}

/// The extensions the config reads as Markdown and as plain text (lowercase, no dot).
#[derive(Debug, Clone, Copy)]
pub struct Extensions<'a> {
    pub markdown: &'a [String],
    pub text: &'a [String],
}

/// The names a project gives its documentation files, whatever follows them: Debian ships
/// `README.Debian`, `NEWS.Debian.gz`, `changelog.Debian.gz` and `README.source` beside the
/// upstream `README`, and licences come as `LICENSE.gpl3` or `COPYING.LIB`.
const DOC_NAMES: &[&str] = &[
    "authors",
    "bugs",
    "changelog",
    "changes",
    "contributing",
    "copying",
    "copyright",
    "credits",
    "faq",
    "hacking",
    "history",
    "install",
    "licence",
    "license",
    "maintainers",
    "news",
    "notes",
    "readme",
    "thanks",
    "todo",
    "upgrading",
];

/// Whether a file name (without `.gz`) is text by its name rather than by a listed extension:
/// it has no extension (`README`), or is named as documentation (see [`by_name_alone`]).
pub fn text_by_name(name: &str, exts: Extensions) -> bool {
    match name.rsplit_once('.') {
        None => true,
        Some((_, ext)) => {
            let ext = ext.to_ascii_lowercase();
            !exts.markdown.contains(&ext) && !exts.text.contains(&ext) && by_name_alone(name)
        }
    }
}

/// Whether a file name (without `.gz`) is read as text for its name alone: a documentation
/// name before its first dot, written in capitals (`README.source`, `LICENSE.gpl3`) or followed
/// by a capital (`changelog.Debian.amd64`), and a last extension with a letter that names no
/// format a MIME registry knows. Not `changelog.rs` (Rust), `install.go` (a program: the name
/// in lower case, and a language the registry does not list), `README.c`, `NEWS.json`,
/// `README.1` (a manual page's source) or `LICENSE.png`. Its bytes must still look like text
/// (see `analyze`), as for a file without an extension.
pub fn by_name_alone(name: &str) -> bool {
    let (Some((first, rest)), Some((_, ext))) = (name.split_once('.'), name.rsplit_once('.'))
    else {
        return false;
    };
    let capitals = !first.bytes().any(|b| b.is_ascii_lowercase())
        || rest.starts_with(|c: char| c.is_ascii_uppercase());
    capitals
        && ext.bytes().any(|b| b.is_ascii_alphabetic())
        && DOC_NAMES.iter().any(|d| first.eq_ignore_ascii_case(d))
        && mime_guess::from_ext(ext).first_raw().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// Formats by name: the config's extension lists, files without an extension, and files
    /// named as documentation whose extension names no other format.
    #[test]
    fn formats_by_file_name() {
        let cfg = Config::default();
        let f = |name: &str| Format::detect(name, cfg.extensions());
        for (name, want) in [
            ("guide.md", Format::Markdown),
            ("docs/Guide.MD", Format::Markdown),
            ("page.htm", Format::Html),
            ("notes.txt", Format::Text),
            ("index.rst", Format::Text),
            ("README", Format::Text),
            ("README.gz", Format::Text),
            ("x.pdf.gz", Format::Pdf),
            // Documentation names: Debian's files beside the upstream ones, licences.
            ("pkg/README.Debian", Format::Text),
            ("pkg/NEWS.Debian.gz", Format::Text),
            ("pkg/changelog.Debian.amd64.gz", Format::Text),
            ("pkg/README.source", Format::Text),
            ("LICENSE.gpl3", Format::Text),
            ("COPYING.LIB", Format::Text),
            ("TODO.Debian", Format::Text),
            // ... but not when the extension names a format: program sources, data, images,
            // nor a name in lower case with an extension in lower case (a program's file).
            ("src/changelog.rs", Format::Unknown),
            ("examples/readme.rs", Format::Unknown),
            ("cmd/install.go", Format::Unknown),
            ("history.hs", Format::Unknown),
            ("Changes.old", Format::Unknown),
            ("README.c", Format::Unknown),
            ("README.1", Format::Unknown),
            ("NEWS.json", Format::Unknown),
            ("LICENSE.png", Format::Unknown),
            ("changelog.Debian.tar.gz", Format::Unknown),
            // A documentation name must be the name, not a part of it.
            ("myreadme.Debian", Format::Unknown),
            ("x.README", Format::Unknown),
            (".README", Format::Unknown),
            ("notes.org", Format::Unknown),
        ] {
            assert_eq!(f(name), want, "{name}");
        }
        let mut cfg = Config::default();
        cfg.text.extensions.push("org".into());
        cfg.markdown.extensions.push("qmd".into());
        assert_eq!(Format::detect("notes.org", cfg.extensions()), Format::Text);
        assert_eq!(
            Format::detect("talk.QMD", cfg.extensions()),
            Format::Markdown
        );
        cfg.text.extensions.clear();
        assert_eq!(
            Format::detect("notes.txt", cfg.extensions()),
            Format::Unknown
        );
        // Text by name (the bytes must then say text) or by a listed extension.
        let e = Config::default();
        assert!(text_by_name("README", e.extensions()));
        assert!(text_by_name("README.Debian", e.extensions()));
        assert!(!text_by_name("README.txt", e.extensions()));
        assert!(!text_by_name("README.rst", e.extensions()));
    }
}
