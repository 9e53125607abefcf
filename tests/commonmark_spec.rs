//! Conformance of docsweep's Markdown headings and code blocks against the CommonMark spec's own
//! examples (CommonMark 0.31.2, the version pulldown-cmark 0.13 targets; data vendored in
//! `tests/data/commonmark/`, see its README for provenance and licence).
//!
//! For every spec example, a small HTML oracle (module [`oracle`]) reads the *expected* HTML and
//! lists the top-level headings and code blocks it contains; docsweep analyzes the example's
//! Markdown and its heading and code blocks must agree:
//!
//! * headings: the sequence of `(level, text)` equals docsweep's heading blocks
//!   `(heading.level, heading.title)` in reading order, both sides with whitespace runs collapsed
//!   to one space and trimmed;
//! * code blocks: same number; same language (the first word of the info string, `None` when
//!   there is none); every non-empty line of the expected content, trimmed, occurs in docsweep's
//!   block text (the canonical slice, which still includes fences and indentation).
//!
//! Examples whose Markdown contains a tab are compared on the heading list and the code block
//! count only: docsweep expands tabs to 4-column tab stops before parsing, which legitimately
//! changes code content (and can turn a tab into spaces inside a code line). Examples whose
//! expected heading contains an `<img>` are skipped: whether alt text belongs in a title is left
//! open.
//!
//! Run with `cargo test --release --test commonmark_spec -- --nocapture` to see the summary.

use docsweep::config::Config;
use docsweep::model::BlockType;
use std::fmt::Write as _;

/// The spec examples: a JSON array of `{markdown, html, example, section}`.
const SPEC_JSON: &str = include_str!("data/commonmark/spec.json");

/// How many mismatches the failure message lists in full.
const MAX_LISTED: usize = 20;

/// A tiny, dependency-free reader of the HTML that CommonMark's reference renderers emit.
///
/// It does not parse HTML in general; it relies on the shape of reference output:
///
/// * Markdown containers are rendered as `<blockquote>`, `<ul>`, `<ol>` and `<li>` (always with
///   matching close tags). These are the only *container blocks* CommonMark has; an element is
///   top-level when it is not inside any of them. Raw HTML that a document carries through (an
///   HTML block such as `<div>` or `<table>`) is not a Markdown container: Markdown blocks between
///   such raw tags are still top-level blocks of the document (pulldown-cmark and docsweep see
///   them at depth 0), so raw HTML tags do not count as nesting.
/// * Headings are `<hN>…</hN>` (N in 1..=6, never nested). Their text is the inner HTML with all
///   tags removed, entities decoded and surrounding whitespace trimmed.
/// * Code blocks are exactly `<pre><code>…</code></pre>` or
///   `<pre><code class="language-X">…</code></pre>`; the content is the HTML-escaped code text
///   (no tags), decoded. A raw `<pre …>` written by the document itself (spec example 169's
///   `<pre language="haskell">`) is raw HTML, not a code block.
/// * Comments, processing instructions, CDATA and declarations are skipped whole, so tags inside
///   them do not count.
///
/// Entities decoded: `&amp; &lt; &gt; &quot; &#39;` and numeric `&#NN;` / `&#xHH;` (invalid code
/// points and NUL become U+FFFD). Those are all a CommonMark renderer escapes; any other `&name;`
/// (it only occurs inside raw HTML) is left as written.
mod oracle {
    /// A top-level element of the expected HTML.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Element {
        Heading {
            level: u8,
            /// Plain text: tags stripped, entities decoded, trimmed.
            text: String,
            /// The heading's inner HTML contains an `<img`.
            has_img: bool,
        },
        Code {
            /// `X` of `class="language-X"`, decoded.
            lang: Option<String>,
            /// The decoded code text.
            content: String,
        },
    }

    const CONTAINERS: &[&str] = &["blockquote", "ul", "ol", "li"];

    /// Top-level headings and code blocks of `html`, in document order. Errors if the container
    /// tags do not balance or a heading / code block is not closed (i.e. the input is not shaped
    /// like reference output).
    pub fn top_level(html: &str) -> Result<Vec<Element>, String> {
        let mut out = Vec::new();
        let mut depth: usize = 0;
        let mut i = 0;
        while let Some(rel) = html[i..].find('<') {
            let lt = i + rel;
            let rest = &html[lt..];
            if let Some(skip) = skip_special(rest) {
                i = lt + skip;
                continue;
            }
            let Some(tag) = parse_tag(rest) else {
                i = lt + 1;
                continue;
            };
            let after = lt + tag.len;
            let name = tag.name.as_str();
            if !tag.closing && is_heading_name(name) {
                let close = format!("</{name}>");
                let end = html[after..]
                    .find(&close)
                    .map(|p| after + p)
                    .ok_or_else(|| format!("<{name}> at byte {lt} is not closed"))?;
                if depth == 0 {
                    let inner = &html[after..end];
                    out.push(Element::Heading {
                        level: name.as_bytes()[1] - b'0',
                        text: decode_entities(&strip_tags(inner))
                            .trim_matches(is_ws)
                            .to_string(),
                        has_img: inner.contains("<img"),
                    });
                }
                i = end + close.len();
                continue;
            }
            if !tag.closing && name == "pre" && &rest[..tag.len] == "<pre>" {
                if let Some((lang, code_len)) = code_open(&html[after..]) {
                    let body = after + code_len;
                    let end = html[body..]
                        .find("</code></pre>")
                        .map(|p| body + p)
                        .ok_or_else(|| format!("<pre><code> at byte {lt} is not closed"))?;
                    if depth == 0 {
                        out.push(Element::Code {
                            lang,
                            content: decode_entities(&html[body..end]),
                        });
                    }
                    i = end + "</code></pre>".len();
                    continue;
                }
            }
            if CONTAINERS.contains(&name) {
                if tag.closing {
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| format!("unbalanced </{name}> at byte {lt}"))?;
                } else if !tag.self_closing {
                    depth += 1;
                }
            }
            i = after;
        }
        if depth != 0 {
            return Err(format!(
                "{depth} container tag(s) left open at end of input"
            ));
        }
        Ok(out)
    }

    fn is_ws(c: char) -> bool {
        c.is_ascii_whitespace()
    }

    fn is_heading_name(name: &str) -> bool {
        let n = name.as_bytes();
        n.len() == 2 && n[0] == b'h' && (b'1'..=b'6').contains(&n[1])
    }

    /// Length of a comment / processing instruction / CDATA / declaration at the start of `s`
    /// (to the end of input if unterminated), or None if `s` does not start with one.
    fn skip_special(s: &str) -> Option<usize> {
        let (open, close) = if s.starts_with("<!--") {
            ("<!--", "-->")
        } else if s.starts_with("<?") {
            ("<?", "?>")
        } else if s.starts_with("<![CDATA[") {
            ("<![CDATA[", "]]>")
        } else if s.starts_with("<!") {
            ("<!", ">")
        } else {
            return None;
        };
        Some(match s[open.len()..].find(close) {
            Some(p) => open.len() + p + close.len(),
            None => s.len(),
        })
    }

    struct Tag {
        /// Lowercased tag name.
        name: String,
        closing: bool,
        self_closing: bool,
        /// Bytes from `<` through `>` (or to the end of input if unterminated).
        len: usize,
    }

    /// Parses an open or close tag at the start of `s` (which starts with `<`). Quoted attribute
    /// values may contain `>`.
    fn parse_tag(s: &str) -> Option<Tag> {
        let b = s.as_bytes();
        let mut j = 1;
        let closing = b.get(j) == Some(&b'/');
        if closing {
            j += 1;
        }
        let name_start = j;
        if !b.get(j).is_some_and(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        while b
            .get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'-')
        {
            j += 1;
        }
        let name = s[name_start..j].to_ascii_lowercase();
        let mut quote: Option<u8> = None;
        while j < b.len() {
            let c = b[j];
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == b'"' || c == b'\'' => quote = Some(c),
                None if c == b'>' => {
                    let self_closing = j > 0 && b[j - 1] == b'/';
                    return Some(Tag {
                        name,
                        closing,
                        self_closing,
                        len: j + 1,
                    });
                }
                None => {}
            }
            j += 1;
        }
        Some(Tag {
            name,
            closing,
            self_closing: false,
            len: b.len(),
        })
    }

    /// If `s` starts with `<code>` or `<code class="language-X">`, returns the decoded language
    /// and the length of that open tag.
    fn code_open(s: &str) -> Option<(Option<String>, usize)> {
        if s.starts_with("<code>") {
            return Some((None, "<code>".len()));
        }
        let prefix = "<code class=\"language-";
        let rest = s.strip_prefix(prefix)?;
        let q = rest.find('"')?;
        if !rest[q..].starts_with("\">") {
            return None;
        }
        Some((Some(decode_entities(&rest[..q])), prefix.len() + q + 2))
    }

    /// Removes every tag (and comment) from an inline HTML fragment, keeping the text between.
    pub fn strip_tags(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut i = 0;
        while let Some(rel) = s[i..].find('<') {
            let lt = i + rel;
            out.push_str(&s[i..lt]);
            let rest = &s[lt..];
            if let Some(skip) = skip_special(rest) {
                i = lt + skip;
            } else if let Some(tag) = parse_tag(rest) {
                i = lt + tag.len;
            } else {
                out.push('<');
                i = lt + 1;
            }
        }
        out.push_str(&s[i..]);
        out
    }

    /// Decodes `&amp; &lt; &gt; &quot; &#39;` and numeric character references.
    pub fn decode_entities(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut i = 0;
        while let Some(rel) = s[i..].find('&') {
            let amp = i + rel;
            out.push_str(&s[i..amp]);
            let rest = &s[amp..];
            match decode_one(rest) {
                Some((c, len)) => {
                    out.push(c);
                    i = amp + len;
                }
                None => {
                    out.push('&');
                    i = amp + 1;
                }
            }
        }
        out.push_str(&s[i..]);
        out
    }

    /// Decodes one reference at the start of `s` (which starts with `&`): (char, bytes used).
    fn decode_one(s: &str) -> Option<(char, usize)> {
        for (name, c) in [
            ("&amp;", '&'),
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&quot;", '"'),
        ] {
            if s.starts_with(name) {
                return Some((c, name.len()));
            }
        }
        let body = s.strip_prefix("&#")?;
        let semi = body.find(';')?;
        let (digits, radix) = match body.as_bytes().first()? {
            b'x' | b'X' => (&body[1..semi], 16),
            _ => (&body[..semi], 10),
        };
        let max_digits = if radix == 16 { 6 } else { 7 };
        if digits.is_empty()
            || digits.len() > max_digits
            || !digits.chars().all(|c| c.is_digit(radix))
        {
            return None;
        }
        let n = u32::from_str_radix(digits, radix).ok()?;
        let c = if n == 0 {
            '\u{FFFD}'
        } else {
            char::from_u32(n).unwrap_or('\u{FFFD}')
        };
        Some((c, 2 + semi + 1))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn h(level: u8, text: &str) -> Element {
            Element::Heading {
                level,
                text: text.into(),
                has_img: false,
            }
        }

        #[test]
        fn nested_headings_are_not_top_level() {
            let html = "<blockquote>\n<h1>Quoted</h1>\n<blockquote>\n<h2>Deeper</h2>\n\
                        </blockquote>\n</blockquote>\n<h2>Bar</h2>\n\
                        <ul>\n<li>\n<h3>In item</h3>\n<pre><code>nested\n</code></pre>\n</li>\n</ul>\n\
                        <ol start=\"3\">\n<li><h4>x</h4></li>\n</ol>\n<h6>Last</h6>\n";
            assert_eq!(top_level(html).unwrap(), vec![h(2, "Bar"), h(6, "Last")]);
        }

        #[test]
        fn raw_html_is_not_a_container() {
            // Markdown between raw HTML tags is still top-level Markdown.
            let html = "<div>\n<h1>Top</h1>\n</div>\n<!-- <blockquote> -->\n<h2>Also top</h2>\n";
            assert_eq!(
                top_level(html).unwrap(),
                vec![h(1, "Top"), h(2, "Also top")]
            );
        }

        #[test]
        fn entities_are_decoded() {
            let html = "<h1>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#35;&#x41;&#X42; \
                        &#0; &ouml; &#xZZ; &amp;amp;</h1>\n";
            assert_eq!(
                top_level(html).unwrap(),
                vec![h(1, "a & b <c> \"d\" 'e' #AB \u{FFFD} &ouml; &#xZZ; &amp;")]
            );
        }

        #[test]
        fn heading_text_strips_tags_and_flags_images() {
            let html = "<h2>  foo <em>bar</em> <code>&lt;x&gt;</code> <a href=\"/u?a>b\">l</a>\n\
                        baz  </h2>\n<h1><img src=\"i.png\" alt=\"alt\" /> t</h1>\n";
            assert_eq!(
                top_level(html).unwrap(),
                vec![
                    h(2, "foo bar <x> l\nbaz"),
                    Element::Heading {
                        level: 1,
                        text: "t".into(),
                        has_img: true
                    },
                ]
            );
        }

        #[test]
        fn code_blocks_with_language_and_decoded_content() {
            let html =
                "<pre><code class=\"language-f&ouml;o\">a &lt; b &amp;&amp; c\n</code></pre>\n\
                        <pre><code></code></pre>\n\
                        <pre language=\"haskell\"><code>\nraw\n</code></pre>\n";
            assert_eq!(
                top_level(html).unwrap(),
                vec![
                    Element::Code {
                        lang: Some("f&ouml;o".into()),
                        content: "a < b && c\n".into()
                    },
                    Element::Code {
                        lang: None,
                        content: String::new()
                    },
                ]
            );
        }

        #[test]
        fn unbalanced_containers_are_reported() {
            assert!(top_level("<ul>\n<li>x</li>\n").is_err());
            assert!(top_level("</blockquote>\n").is_err());
            assert!(top_level("<h1>open\n").is_err());
        }
    }
}

use oracle::Element;

struct Example {
    markdown: String,
    html: String,
    number: u64,
    section: String,
}

fn load_examples() -> Vec<Example> {
    let v: serde_json::Value = serde_json::from_str(SPEC_JSON).expect("spec.json is valid JSON");
    v.as_array()
        .expect("spec.json is an array")
        .iter()
        .map(|e| Example {
            markdown: e["markdown"].as_str().expect("markdown").to_string(),
            html: e["html"].as_str().expect("html").to_string(),
            number: e["example"].as_u64().expect("example"),
            section: e["section"].as_str().expect("section").to_string(),
        })
        .collect()
}

/// Collapses runs of ASCII whitespace to one space and trims.
fn collapse_ws(s: &str) -> String {
    s.split(|c: char| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The oracle must read every example: balanced containers, closed headings and code blocks,
/// and (for examples without any container tag) the same headings a naive count finds.
#[test]
fn oracle_reads_every_spec_example() {
    let examples = load_examples();
    assert_eq!(examples.len(), 652, "CommonMark 0.31.2 has 652 examples");
    let (mut headings, mut codes) = (0, 0);
    for ex in &examples {
        let found = oracle::top_level(&ex.html)
            .unwrap_or_else(|e| panic!("example {}: oracle error: {e}", ex.number));
        let has_container = ["<blockquote", "<ul", "<ol", "<li"]
            .iter()
            .any(|t| ex.html.contains(t));
        if !has_container {
            let naive = (1..=6)
                .map(|n| ex.html.matches(&format!("<h{n}>")).count())
                .sum::<usize>();
            let got = found
                .iter()
                .filter(|e| matches!(e, Element::Heading { .. }))
                .count();
            assert_eq!(got, naive, "example {}: heading count", ex.number);
        }
        for e in &found {
            match e {
                Element::Heading { .. } => headings += 1,
                Element::Code { .. } => codes += 1,
            }
        }
    }
    // Cross-checked with an independent regex count over the same file.
    assert_eq!(
        (headings, codes),
        (56, 64),
        "top-level (headings, code blocks) in the spec"
    );
}

/// What docsweep found in one example.
struct Got {
    headings: Vec<(u8, String)>,
    /// (language as written, block text)
    codes: Vec<(Option<String>, String)>,
}

fn run_docsweep(markdown: &str, cfg: &Config) -> Result<Got, String> {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        docsweep::analyze::analyze_bytes("example.md", markdown.as_bytes(), cfg)
    }));
    let a = match result {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => return Err(format!("analyze_bytes failed: {e:#}")),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| p.downcast_ref::<&str>().copied())
                .unwrap_or("<non-string panic>");
            return Err(format!("analyze_bytes panicked: {msg}"));
        }
    };
    let mut got = Got {
        headings: Vec::new(),
        codes: Vec::new(),
    };
    for (seq, b) in a.blocks.iter().enumerate() {
        let text = a.canonical.get(b.off_begin..b.off_end).ok_or_else(|| {
            format!(
                "block {seq} ({:?}) has offsets {}..{} outside canonical text (len {}) or off a char boundary",
                b.kind,
                b.off_begin,
                b.off_end,
                a.canonical.len()
            )
        })?;
        match b.kind {
            BlockType::Heading => {
                let h = b
                    .heading
                    .as_ref()
                    .ok_or_else(|| format!("heading block {seq} has no HeadingInfo"))?;
                got.headings.push((h.level, h.title.clone()));
            }
            BlockType::Code => {
                // A language docsweep guessed is not one the author wrote in the info string.
                let written = if b.attrs().lang_guess == Some(true) {
                    None
                } else {
                    b.attrs().lang.clone()
                };
                got.codes.push((written, text.to_string()));
            }
            _ => {}
        }
    }
    Ok(got)
}

/// Compares one example; returns the list of disagreements (empty = agrees).
fn compare(expected: &[Element], got: &Got, content_checked: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let want_h: Vec<(u8, String)> = expected
        .iter()
        .filter_map(|e| match e {
            Element::Heading { level, text, .. } => Some((*level, collapse_ws(text))),
            _ => None,
        })
        .collect();
    let got_h: Vec<(u8, String)> = got
        .headings
        .iter()
        .map(|(l, t)| (*l, collapse_ws(t)))
        .collect();
    if want_h != got_h {
        problems.push(format!("headings: expected {want_h:?}, got {got_h:?}"));
    }
    let want_c: Vec<(&Option<String>, &String)> = expected
        .iter()
        .filter_map(|e| match e {
            Element::Code { lang, content } => Some((lang, content)),
            _ => None,
        })
        .collect();
    if want_c.len() != got.codes.len() {
        problems.push(format!(
            "code blocks: expected {} {:?}, got {} {:?}",
            want_c.len(),
            want_c,
            got.codes.len(),
            got.codes
        ));
    } else if content_checked {
        for (k, ((lang, content), (got_lang, text))) in want_c.iter().zip(&got.codes).enumerate() {
            if *lang != got_lang {
                problems.push(format!(
                    "code block {k}: lang expected {lang:?}, got {got_lang:?}"
                ));
            }
            let missing: Vec<&str> = content
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !text.contains(l))
                .collect();
            if !missing.is_empty() {
                problems.push(format!(
                    "code block {k}: content lines {missing:?} not in block text {text:?}"
                ));
            }
        }
    }
    problems
}

#[test]
fn headings_and_code_blocks_match_commonmark_spec() {
    let examples = load_examples();
    let cfg = Config::default();
    let mut full = 0usize;
    let mut tab_only = Vec::new();
    let mut skipped_img = Vec::new();
    let mut with_heading = 0usize;
    let mut with_code = 0usize;
    let mut mismatches: Vec<String> = Vec::new();

    for ex in &examples {
        let expected = match oracle::top_level(&ex.html) {
            Ok(e) => e,
            Err(err) => {
                mismatches.push(format!(
                    "example {} ({}): oracle cannot read expected HTML: {err}",
                    ex.number, ex.section
                ));
                continue;
            }
        };
        if expected
            .iter()
            .any(|e| matches!(e, Element::Heading { has_img: true, .. }))
        {
            skipped_img.push(ex.number);
            continue;
        }
        let has_tab = ex.markdown.contains('\t');
        if has_tab {
            tab_only.push(ex.number);
        } else {
            full += 1;
        }
        with_heading += expected
            .iter()
            .any(|e| matches!(e, Element::Heading { .. })) as usize;
        with_code += expected.iter().any(|e| matches!(e, Element::Code { .. })) as usize;

        let problems = match run_docsweep(&ex.markdown, &cfg) {
            Ok(got) => compare(&expected, &got, !has_tab),
            Err(e) => vec![e],
        };
        if !problems.is_empty() {
            let mut m = format!(
                "example {} ({}{}):\n    markdown: {:?}\n    html:     {:?}",
                ex.number,
                ex.section,
                if has_tab {
                    ", has tab: headings + code count only"
                } else {
                    ""
                },
                ex.markdown,
                ex.html
            );
            for p in problems {
                let _ = write!(m, "\n    - {p}");
            }
            mismatches.push(m);
        }
    }

    let summary = format!(
        "CommonMark 0.31.2 spec: {} examples; {} checked fully, {} checked on headings + code \
         count only (markdown has a tab: {:?}), {} skipped (image in expected heading: {:?}); \
         {} checked examples have a top-level heading, {} a top-level code block; {} disagree",
        examples.len(),
        full,
        tab_only.len(),
        tab_only,
        skipped_img.len(),
        skipped_img,
        with_heading,
        with_code,
        mismatches.len()
    );
    println!("{summary}");
    if !mismatches.is_empty() {
        let mut msg = format!(
            "{summary}\n\nfirst {} disagreements:\n",
            mismatches.len().min(MAX_LISTED)
        );
        for m in mismatches.iter().take(MAX_LISTED) {
            msg.push_str(m);
            msg.push('\n');
        }
        if mismatches.len() > MAX_LISTED {
            let _ = writeln!(msg, "... and {} more", mismatches.len() - MAX_LISTED);
        }
        panic!("{msg}");
    }
}
