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

    /// The format of this name (`Format::as_str` the other way round).
    pub fn named(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
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
/// format a MIME registry knows, or is written in capitals (`README.ES`, a translation). Not
/// `changelog.rs` (Rust), `install.go` (a program: the name in lower case, and a language the
/// registry does not list), `README.c`, `NEWS.json`, `README.1` (a manual page's source),
/// `LICENSE.png`, nor a backup (`README.orig`, `README.bak`, `README.Debian~`). Its bytes
/// must still look like text (see `analyze`), as for a file without an extension.
pub fn by_name_alone(name: &str) -> bool {
    let (Some((first, rest)), Some((_, ext))) = (name.split_once('.'), name.rsplit_once('.'))
    else {
        return false;
    };
    let capitals = !first.bytes().any(|b| b.is_ascii_lowercase())
        || rest.starts_with(|c: char| c.is_ascii_uppercase());
    // An extension in capitals is a tag (`README.ES`, a translation; `README.FHS`), whatever
    // the registry makes of it in lower case (`.es`, ECMAScript).
    let tag = ext.len() >= 2 && !ext.bytes().any(|b| b.is_ascii_lowercase());
    let backup = name.ends_with('~') || ["orig", "bak", "rej"].contains(&ext);
    capitals
        && !backup
        && ext.bytes().any(|b| b.is_ascii_alphabetic())
        && DOC_NAMES.iter().any(|d| first.eq_ignore_ascii_case(d))
        && (tag || mime_guess::from_ext(ext).first_raw().is_none())
}

/// Whether a file name (without `.gz`) says the file holds notes a person wrote, which may be
/// Markdown: `.txt` and `.text` files, and documentation names (`README`, `CHANGELOG`,
/// `changelog.Debian`). Not a `Makefile`, a `Dockerfile` or a header without an extension,
/// whose `#` comments and backticks would pass for Markdown's.
pub fn notes_name(name: &str) -> bool {
    match name.split_once('.') {
        None => DOC_NAMES.iter().any(|d| name.eq_ignore_ascii_case(d)),
        Some(_) => {
            let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
            ext.eq_ignore_ascii_case("txt")
                || ext.eq_ignore_ascii_case("text")
                || by_name_alone(name)
        }
    }
}

/// The legacy encoding that bytes which are not UTF-8 are read in, guessed as Firefox guesses
/// it for a page that declares none (`chardetng`): windows-1252 for Western text, windows-1250
/// or ISO-8859-2 for Central European, windows-1251, KOI8-U (the superset of KOI8-R it names
/// for both) or IBM866 for Cyrillic, Shift_JIS, EUC-JP, GBK, Big5, EUC-KR and the others a
/// browser knows. A lake mixes them, so no one setting for a run fits. A guess is taken when
/// what it decodes to reads as some script's text: eight characters over ASCII or more in the
/// first 64 KiB, four of them different (a byte repeated is no text; a word or two tell the
/// detector too little). Text
/// that reads as Latin ([`latin_8bit`]: lone accented letters inside words) is windows-1252
/// when the guess is that, or a double-byte encoding, where each accented letter pairs up with
/// the ASCII letter after it (a Spanish page's `P\xe1gina` read as Big5), or when the guess
/// is not taken. windows-1252 is not taken otherwise: its bytes over 127 are all characters,
/// a binary file's too. None when nothing reads as text.
pub fn legacy_encoding(bytes: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    let head = &bytes[..bytes.len().min(1 << 20)];
    d.feed(head, head.len() == bytes.len());
    let e = d.guess(None, chardetng::Utf8Detection::Deny);
    // A pass over all the bytes, made once and only when needed.
    let latin = std::cell::OnceCell::new();
    let latin = || *latin.get_or_init(|| latin_8bit(bytes));
    let candidate = e != encoding_rs::WINDOWS_1252
        && e != encoding_rs::UTF_8
        && e.is_ascii_compatible()
        && (e.is_single_byte() || !latin());
    if candidate {
        let (text, _) = e.decode_without_bom_handling(&bytes[..bytes.len().min(1 << 16)]);
        let (mut n, mut seen) = (0usize, Vec::<char>::new());
        for c in text.chars().filter(|&c| !c.is_ascii() && c != '\u{FFFD}') {
            n += 1;
            if !seen.contains(&c) && seen.len() < 4 {
                seen.push(c);
            }
            if n >= 8 && seen.len() >= 4 {
                return Some(e);
            }
        }
    }
    latin().then_some(encoding_rs::WINDOWS_1252)
}

/// Bytes that are not UTF-8 but Latin text in an 8-bit encoding (Latin-1, windows-1252): its
/// bytes over 127 are letters and marks inside Latin words (`élémentaire`, `Straße`,
/// `ações`, `«\u{a0}mot\u{a0}»`) and punctuation (` — `), in runs of one or two, and at
/// least one is a letter beside an ASCII letter or punctuation beside a space (one stray
/// byte, `ÿ` at the end of a line, tells nothing); Cyrillic, Greek or CJK in their 8-bit or
/// multi-byte encodings run on for whole words (three bytes or more over 127 in most runs).
/// None of the five bytes windows-1252 leaves undefined may occur.
fn latin_8bit(bytes: &[u8]) -> bool {
    let (mut runs, mut long, mut touches, mut i) = (0usize, 0usize, false, 0);
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let j = i + bytes[i..].iter().take_while(|&&b| b >= 0x80).count();
        if bytes[i..j]
            .iter()
            .any(|b| matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D))
        {
            return false;
        }
        runs += 1;
        long += usize::from(j - i >= 3);
        // Evidence of Latin text: a letter beside an ASCII letter (`café`), or windows-1252's
        // punctuation (dashes, quotes, `…`, `«`) beside a space (` — `).
        let spaced = |b: Option<&u8>| b.is_some_and(u8::is_ascii_whitespace);
        touches |= (i > 0 && bytes[i - 1].is_ascii_alphabetic())
            || bytes.get(j).is_some_and(u8::is_ascii_alphabetic)
            || (j - i == 1
                && bytes[i] < 0xC0
                && (spaced(i.checked_sub(1).map(|k| &bytes[k])) || spaced(bytes.get(j))));
        i = j;
    }
    touches && long * 100 <= runs * 15
}

/// Whether a plain-text file named as notes (see [`notes_name`]: `notes.txt`, `README`,
/// `changelog.gz`) is Markdown by its content, to be read as Markdown: projects write their
/// notes in Markdown whatever the name, and Debian installs an upstream `CHANGELOG.md` as
/// `changelog.gz`. It must have at least three ATX headings (`## Title` at the margin, not a
/// C preprocessor line such as `# define`), the first in the first half of its lines, and at
/// most a third of them in runs of lines that start with `#` (comments in a configuration
/// file or a script); and something only Markdown writes: a fenced code block, a link
/// (`[text](target)`), two code spans or two bold spans, each set off from the words around
/// it as Markdown sets them (not a shell's `` x`date` ``, nor Python's `**kwargs`). No script
/// (`#!`). Two passes over the bytes, the second only for files the first accepts.
pub fn markdown_by_content(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.starts_with(b"#!") {
        return false;
    }
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    /// The depth of an ATX heading line (1–6 `#`, a space, then a title), else 0.
    fn atx(l: &[u8]) -> usize {
        let d = l.iter().take_while(|&&b| b == b'#').count();
        let rest = &l[d.min(l.len())..];
        let text = rest.iter().position(|&b| b != b' ');
        let ok = (1..=6).contains(&d)
            && rest.first() == Some(&b' ')
            && text.is_some_and(|i| !matches!(rest[i], b'\t' | b'\r' | b'\n'));
        let directive = || {
            let w = &rest[text.unwrap_or(rest.len())..];
            let w = &w[..w.iter().take_while(|b| b.is_ascii_alphabetic()).count()];
            const CPP: [&[u8]; 13] = [
                b"define", b"undef", b"include", b"if", b"ifdef", b"ifndef", b"elif", b"else",
                b"endif", b"pragma", b"error", b"warning", b"line",
            ];
            CPP.contains(&w)
        };
        if ok && !directive() {
            d
        } else {
            0
        }
    }
    // Spans `open` … `close` on one line whose inside is not empty, holds none of `stop`,
    // and, with `flank`, neither starts nor ends with a space while the marks touch no word
    // outside them (`` `x` `` and `**x**` in a sentence; not `` a`b` `` or `**kwargs, **c`).
    let spans = |l: &[u8], open: &[u8], close: &[u8], stop: &[u8], flank: bool| {
        let (mut n, mut i) = (0, 0);
        while i + open.len() <= l.len() {
            if !l[i..].starts_with(open) {
                i += 1;
                continue;
            }
            let inside = &l[i + open.len()..];
            let end = inside
                .iter()
                .position(|b| stop.contains(b) || *b == close[0]);
            match end {
                Some(e) if e > 0 && inside[e..].starts_with(close) => {
                    let after = inside.get(e + close.len()).copied();
                    let set_off = !flank
                        || (i.checked_sub(1).is_none_or(|k| !word(l[k]))
                            && after.is_none_or(|b| !word(b))
                            && inside[0] != b' '
                            && inside[e - 1] != b' ');
                    n += usize::from(set_off);
                    i += open.len() + e + close.len();
                }
                _ => i += 1,
            }
        }
        n
    };
    // Links: `](target)` after a `[` that no word runs into (`[text](url)`, not `a[i](x)`).
    // The look back stops at the `]` before, so a line of them stays linear.
    let links = |l: &[u8]| {
        let mut n = 0;
        for (i, w) in l.windows(2).enumerate() {
            if w != b"](" {
                continue;
            }
            let target = &l[i + 2..];
            let closed = target
                .iter()
                .position(|b| b" \t\r[]()".contains(b))
                .is_some_and(|e| e > 0 && target[e] == b')');
            let open = l[..i].iter().rposition(|&b| b == b'[' || b == b']');
            let opened = open.is_some_and(|o| {
                l[o] == b'[' && o + 1 < i && o.checked_sub(1).is_none_or(|k| !word(l[k]))
            });
            n += usize::from(closed && opened);
        }
        n
    };
    /// A fence line: ``` or ~~~ after up to three spaces.
    fn fence(l: &[u8]) -> bool {
        let lead = l.iter().take(3).take_while(|&&b| b == b' ').count();
        l[lead..].starts_with(b"```") || l[lead..].starts_with(b"~~~")
    }
    let blank = |l: &[u8]| l.iter().all(u8::is_ascii_whitespace);
    // First the headings: most text has none, and is done with here. Lines in fenced code
    // (a shell's `# comment`) are none. A fence opens under a blank line (a line of `~`
    // right under text underlines it), and closes on a fence line.
    let (mut headings, mut in_runs, mut first, mut count) = (0usize, 0usize, None, 0usize);
    let (mut prev, mut fenced): (&[u8], bool) = (b"", false);
    let mut lines = bytes.split(|&b| b == b'\n').peekable();
    while let Some(l) = lines.next() {
        if fence(l) && (fenced || blank(prev)) {
            fenced = !fenced;
        }
        let d = if fenced { 0 } else { atx(l) };
        if d > 0 {
            headings += 1;
            first.get_or_insert(count);
            // A neighbour starting with `#` makes a run, unless it is a heading of another
            // depth (a title straight over its first subtitle).
            let runs = |n: &[u8]| n.starts_with(b"#") && !matches!(atx(n), e if e > 0 && e != d);
            if runs(prev) || lines.peek().is_some_and(|n| runs(n)) {
                in_runs += 1;
            }
        }
        prev = l;
        count += 1;
    }
    if headings < 3 || in_runs * 3 > headings || first.is_none_or(|f| f * 2 > count) {
        return false;
    }
    let (mut fences, mut link, mut code, mut bold) = (0usize, 0usize, 0usize, 0usize);
    let mut prev: &[u8] = b"";
    for l in bytes.split(|&b| b == b'\n') {
        fences += usize::from(fence(l) && (fences % 2 == 1 || blank(prev)));
        link += links(l);
        code += spans(l, b"`", b"`", b"'\r", true);
        bold += spans(l, b"**", b"**", b"\r", true);
        if fences >= 2 || link >= 1 || code >= 2 || bold >= 2 {
            return true;
        }
        prev = l;
    }
    false
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
            ("analysis.Rmd", Format::Markdown),
            ("report.qmd", Format::Markdown),
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
            ("README.ES", Format::Text),
            ("README.PL", Format::Text),
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
            ("README.orig", Format::Unknown),
            ("README.Debian~", Format::Unknown),
            ("README.pl", Format::Unknown),
            ("changelog.Debian.tar.gz", Format::Unknown),
            // A documentation name must be the name, not a part of it.
            ("myreadme.Debian", Format::Unknown),
            ("x.README", Format::Unknown),
            (".README", Format::Unknown),
            ("notes.wiki", Format::Unknown),
            ("notes.org", Format::Text),
        ] {
            assert_eq!(f(name), want, "{name}");
        }
        let mut cfg = Config::default();
        cfg.text.extensions.push("wiki".into());
        cfg.markdown.extensions.push("qmd".into());
        assert_eq!(Format::detect("notes.wiki", cfg.extensions()), Format::Text);
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

    /// Files of `dir` (recursively) whose names end with one of `ends`, sorted.
    fn files(dir: &std::path::Path, ends: &[&str]) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(files(&p, ends));
            } else if ends.iter().any(|x| p.to_string_lossy().ends_with(x)) {
                out.push(p);
            }
        }
        out.sort();
        out
    }

    /// Markdown is told from plain text by its content: most of the bundled sample's real
    /// Markdown files are (those with three ATX headings or more), none of the plain-text
    /// fixtures (man pages, an RFC, OCR output, reStructuredText) is, nor a script, a
    /// configuration file's comments, or a GNU ChangeLog with two `#` lines at its end.
    #[test]
    fn markdown_is_told_by_its_content() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let md = files(&root.join("datasets/sample"), &[".md", ".markdown"]);
        let told = md
            .iter()
            .filter(|p| markdown_by_content(&std::fs::read(p).unwrap()))
            .count();
        // 67 of 83 on 2026-12-07; the others have fewer than three ATX headings.
        assert!(
            md.len() >= 80 && told * 10 >= md.len() * 8,
            "{told} of {}",
            md.len()
        );
        let text = files(&root.join("tests/data/text"), &[".txt"]);
        assert!(text.len() >= 10);
        for p in &text {
            assert!(!markdown_by_content(&std::fs::read(p).unwrap()), "{p:?}");
        }
        let changelog = "# Changelog\n\nAll notable changes are listed here, as\n\
                         [Keep a Changelog](https://keepachangelog.com/) says.\n\n\
                         ## [1.1.0] - 2023-01-02\n\n### Added\n* `--fast`\n\n\
                         ## [1.0.0] - 2022-12-01\n\nFirst release.\n";
        assert!(markdown_by_content(changelog.as_bytes()));
        // The same headings without anything only Markdown writes: text.
        let plain = "# Notes\n\nSome text.\n\n## Part one\n\nMore.\n\n## Part two\n\nEnd.\n";
        assert!(!markdown_by_content(plain.as_bytes()));
        let script = format!("#!/bin/sh\n{changelog}");
        assert!(!markdown_by_content(script.as_bytes()));
        // Comments in runs, as a configuration file writes them.
        let conf = "# Sample configuration\n# Copy it to `~/.toolrc`\n\n\
                    # Where the cache lives\n# (see `cache_dir`)\ncache_dir = /tmp\n\n\
                    # How many jobs\n# at once\njobs = 4\n";
        assert!(!markdown_by_content(conf.as_bytes()));
        // Headings only at the end of a long text (a ChangeLog's Emacs settings).
        let late = format!(
            "{}{changelog}",
            "2001-01-01  A. Person\n\n\t* file.c: fix `x'.\n\n".repeat(50)
        );
        assert!(!markdown_by_content(late.as_bytes()));
        // A C header's preprocessor lines are no headings; a shell's backticks inside words
        // and Python's `**kwargs` are no code or bold spans; `a[i](x)` is no link.
        let header = "# define A 1\n\n# if B\n\n# include <c>\n\n# endif\n\n`x` and `y`\n";
        assert!(!markdown_by_content(header.as_bytes()));
        let shell = "# Build\n\nx\n\n# Test\n\ny\n\n# Ship\n\n\
                     cp a texlive`date +%Y`.asc; f(**args, **kw); g = h[i](j)\n";
        assert!(!markdown_by_content(shell.as_bytes()));
        // A byte-order mark changes nothing.
        assert!(markdown_by_content(
            format!("\u{feff}{changelog}").as_bytes()
        ));
        // `#` lines in fenced code are no headings (nor a run of comments).
        let fenced = "# Tool\n\nUse it:\n\n```sh\n# install\n# then run\ntool\n```\n\n\
                      ## Options\n\nNone.\n\n## See also\n\n[docs](docs.md)\n";
        assert!(markdown_by_content(fenced.as_bytes()));
    }
}
