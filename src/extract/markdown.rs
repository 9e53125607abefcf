//! Markdown → typed blocks, with pulldown-cmark's byte ranges over the canonical text.
//!
//! Only top-level Markdown blocks become docsweep blocks: a heading inside a block quote or a
//! list item belongs to that quote or list, not to the outline. `#` lines inside code fences are
//! code by construction (the parser says so), never headings. Front matter (YAML `---` or TOML
//! `+++` at the very top) is recognized by the parser and left out of the block stream.

use crate::model::{Block, BlockAttrs, BlockType, HeadingInfo, HeadingSource, TableShape};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The GFM option set docsweep parses with. Explicit, because enabling options changes some
/// parses: tables, footnotes, strikethrough, task lists, heading attributes, GFM alerts, and
/// front matter blocks.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// The option set for one document. A leading `---` block is front matter only when it reads as
/// a YAML mapping (some `key: value` line); otherwise it is what CommonMark says it is, a rule
/// followed by text (so `---\nFoo\n---` stays a rule and a setext heading). Likewise `+++`
/// needs a TOML `key = value` line.
pub fn options_for(text: &str) -> Options {
    let mut opts = options();
    let front = |marker: &str, closers: &[&str], sep: char| -> Option<bool> {
        let rest = text.strip_prefix(marker)?.strip_prefix('\n')?;
        let body_end = rest
            .split_inclusive('\n')
            .scan(0usize, |pos, line| {
                let start = *pos;
                *pos += line.len();
                Some((start, line.trim_end()))
            })
            .find(|(_, l)| closers.contains(l))
            .map(|(start, _)| start)?;
        Some(rest[..body_end].lines().any(|l| {
            let l = l.trim_start();
            !l.starts_with('#')
                && l.split_once(sep).is_some_and(|(k, v)| {
                    !k.trim().is_empty()
                        && !k.trim().contains(' ')
                        && (v.is_empty() || v.starts_with([' ', '\t']) || sep == '=')
                })
        }))
    };
    if front("---", &["---", "..."], ':') == Some(false) {
        opts.remove(Options::ENABLE_YAML_STYLE_METADATA_BLOCKS);
    }
    if front("+++", &["+++"], '=') == Some(false) {
        opts.remove(Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS);
    }
    opts
}

/// A top-level block being assembled while its events stream by.
struct Open {
    kind: BlockType,
    start: usize,
    end: usize,
    attrs: BlockAttrs,
    heading: Option<(u8, HeadingSource)>,
    title: String,
    table_rows: u32,
    /// For paragraphs: whether anything but images and whitespace was seen.
    has_non_image: bool,
    images: u32,
    image_depth: u32,
    /// HTML blocks that are only comments produce no block.
    html_only_comment: bool,
    /// A heading's `{#id}`.
    anchor: Option<String>,
}

/// Typed blocks of a Markdown document in reading order. Returned spans are sorted, disjoint,
/// non-empty, and trimmed of trailing whitespace.
pub fn blocks(canonical: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut open: Option<Open> = None;
    for (event, range) in Parser::new_ext(canonical, options_for(canonical)).into_offset_iter() {
        match event {
            Event::Start(tag) => {
                if depth == 0 {
                    open = start_block(&tag, range.start, range.end, canonical);
                } else if let Some(o) = open.as_mut() {
                    inner_start(o, &tag);
                }
                depth += 1;
            }
            Event::End(tag) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if let Some(o) = open.take() {
                        if let Some(b) = finish_block(o, canonical) {
                            out.push(b);
                        }
                    }
                } else if let Some(o) = open.as_mut() {
                    inner_end(o, &tag);
                }
            }
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                if let Some(o) = open.as_mut() {
                    if o.heading.is_some() {
                        o.title.push_str(&t);
                    }
                    if o.image_depth == 0 && !t.trim().is_empty() {
                        o.has_non_image = true;
                    }
                }
            }
            Event::Html(t) | Event::InlineHtml(t) => {
                if let Some(o) = open.as_mut() {
                    let s = t.trim();
                    if !(s.is_empty() || s.starts_with("<!--") && s.ends_with("-->")) {
                        o.html_only_comment = false;
                    }
                    if o.image_depth == 0 && !s.is_empty() && !s.starts_with("<!--") {
                        o.has_non_image = true;
                    }
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(o) = open.as_mut() {
                    if o.heading.is_some() {
                        o.title.push(' ');
                    }
                }
            }
            Event::FootnoteReference(_) | Event::TaskListMarker(_) => {
                if let Some(o) = open.as_mut() {
                    o.has_non_image = true;
                }
            }
            Event::Rule => {}
        }
    }
    out
}

fn start_block(tag: &Tag, start: usize, end: usize, text: &str) -> Option<Open> {
    let mut o = Open {
        kind: BlockType::Prose,
        start,
        end,
        attrs: BlockAttrs::default(),
        heading: None,
        title: String::new(),
        table_rows: 0,
        has_non_image: false,
        images: 0,
        image_depth: 0,
        html_only_comment: false,
        anchor: None,
    };
    match tag {
        Tag::Paragraph | Tag::BlockQuote(_) => {}
        Tag::Heading { level, id, .. } => {
            o.kind = BlockType::Heading;
            o.anchor = id.as_ref().map(|i| i.to_string());
            // A setext heading always spans its text line(s) and the underline; ATX is one line.
            let src = if text[start..end].trim_end().contains('\n') {
                HeadingSource::MdSetext
            } else {
                HeadingSource::MdAtx
            };
            o.heading = Some((*level as u8, src));
        }
        Tag::CodeBlock(kind) => {
            o.kind = BlockType::Code;
            // Indentation is part of code: start at the line start when only spaces precede.
            let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
            if text[line_start..start].bytes().all(|b| b == b' ') {
                o.start = line_start;
            }
            if let CodeBlockKind::Fenced(info) = kind {
                o.attrs.lang = info
                    .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
                    .find(|w| !w.is_empty())
                    .map(|w| w.to_string());
                let line = text[start..end].trim_start_matches(' ');
                let fence: String = line
                    .chars()
                    .take_while(|&c| c == line.chars().next().unwrap_or('`'))
                    .collect();
                o.attrs.fence = Some(fence);
            }
        }
        Tag::List(_) => o.kind = BlockType::List,
        Tag::Table(aligns) => {
            o.kind = BlockType::Table;
            o.attrs.table = Some(Box::new(TableShape {
                rows: 0,
                cols: aligns.len() as u32,
                header_rows: 0,
                grid_kind: "markdown",
                cell_spans: Vec::new(),
            }));
        }
        Tag::FootnoteDefinition(_) => o.kind = BlockType::Footnote,
        Tag::HtmlBlock => o.html_only_comment = true,
        Tag::MetadataBlock(_) => return None,
        // Containers that only occur nested, or extensions not enabled: keep the text as prose.
        _ => {}
    }
    Some(o)
}

fn inner_start(o: &mut Open, tag: &Tag) {
    match tag {
        Tag::Image { .. } => {
            o.images += 1;
            o.image_depth += 1;
        }
        Tag::TableHead => {
            o.table_rows += 1;
            if let Some(t) = o.attrs.table.as_mut() {
                t.header_rows = 1;
            }
        }
        Tag::TableRow => o.table_rows += 1,
        _ => {}
    }
}

fn inner_end(o: &mut Open, tag: &TagEnd) {
    if let TagEnd::Image = tag {
        o.image_depth = o.image_depth.saturating_sub(1);
    }
}

fn finish_block(mut o: Open, text: &str) -> Option<Block> {
    if o.html_only_comment {
        return None;
    }
    let end = o.start + text[o.start..o.end].trim_end().len();
    if end <= o.start {
        return None;
    }
    if o.kind == BlockType::Prose && o.images > 0 && !o.has_non_image {
        o.kind = BlockType::Figure;
    }
    if let Some(t) = o.attrs.table.as_mut() {
        t.rows = o.table_rows;
    }
    let heading = o.heading.map(|(level, source)| HeadingInfo {
        level,
        title: o.title.split_whitespace().collect::<Vec<_>>().join(" "),
        source,
        anchor: o.anchor.clone(),
    });
    Some(Block {
        kind: o.kind,
        off_begin: o.start,
        off_end: end,
        src_begin: None,
        src_end: None,
        page: None,
        attrs: o.attrs.boxed(),
        heading: heading.map(Box::new),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(md: &str) -> Vec<(BlockType, String)> {
        blocks(md)
            .into_iter()
            .map(|b| (b.kind, md[b.off_begin..b.off_end].to_string()))
            .collect()
    }

    #[test]
    fn atx_and_setext_headings() {
        let md = "# One\n\nTwo\n===\n\n#Three\n---\n\n### Four ###\n";
        let bs = blocks(md);
        let hs: Vec<_> = bs.iter().filter_map(|b| b.heading.clone()).collect();
        assert_eq!(
            hs.iter()
                .map(|h| (h.level, h.title.as_str(), h.source))
                .collect::<Vec<_>>(),
            vec![
                (1, "One", HeadingSource::MdAtx),
                (1, "Two", HeadingSource::MdSetext),
                (2, "#Three", HeadingSource::MdSetext),
                (3, "Four", HeadingSource::MdAtx),
            ]
        );
    }

    #[test]
    fn hash_lines_in_fences_are_code_not_headings() {
        let md = "```bash\n# not a heading\necho hi\n```\n\n~~~~ python extra\n# comment\n~~~~\n";
        let bs = blocks(md);
        assert_eq!(bs.len(), 2);
        assert!(bs
            .iter()
            .all(|b| b.kind == BlockType::Code && b.heading.is_none()));
        assert_eq!(bs[0].attrs().lang.as_deref(), Some("bash"));
        assert_eq!(bs[0].attrs().fence.as_deref(), Some("```"));
        assert_eq!(bs[1].attrs().lang.as_deref(), Some("python"));
        assert_eq!(bs[1].attrs().fence.as_deref(), Some("~~~~"));
    }

    #[test]
    fn indented_code_has_no_fence() {
        let md = "Para.\n\n    let x = 1;\n    let y = 2;\n\nAfter.\n";
        let k = kinds(md);
        assert_eq!(k[1].0, BlockType::Code);
        assert_eq!(k[1].1, "    let x = 1;\n    let y = 2;");
        assert_eq!(blocks(md)[1].attrs().fence, None);
    }

    #[test]
    fn gfm_table_shape() {
        let md = "| a | b | c |\n|---|:-:|--:|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n";
        let bs = blocks(md);
        assert_eq!(bs.len(), 1);
        let t = bs[0].attrs().table.as_ref().unwrap();
        assert_eq!(
            (t.rows, t.cols, t.header_rows, t.grid_kind),
            (3, 3, 1, "markdown")
        );
        assert_eq!(bs[0].off_end, md.trim_end().len());
    }

    #[test]
    fn figure_footnote_list_quote() {
        let md =
            "![A diagram](d.png)\n\n- one\n- two\n\n> quoted\n\nText[^1].\n\n[^1]: The note.\n";
        let k: Vec<_> = kinds(md).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            k,
            vec![
                BlockType::Figure,
                BlockType::List,
                BlockType::Prose,
                BlockType::Prose,
                BlockType::Footnote
            ]
        );
    }

    #[test]
    fn front_matter_is_skipped() {
        let md = "---\ntitle: x\n# no: heading\n---\n\n# Real\n\nBody.\n";
        let k = kinds(md);
        assert_eq!(k.len(), 2);
        assert_eq!(k[0].1, "# Real");
        let toml = "+++\ntitle = 'x'\n+++\n\nBody.\n";
        assert_eq!(kinds(toml).len(), 1);
        // Not a mapping: a thematic break, then a setext heading (CommonMark example 96).
        let k = kinds("---\nFoo\n---\nBar\n---\nBaz\n");
        assert_eq!(k[0].1, "Foo\n---");
        assert_eq!(k[0].0, BlockType::Heading);
    }

    #[test]
    fn nested_headings_are_not_outline_headings() {
        let md = "> # quoted heading\n\n- # in a list\n";
        assert!(blocks(md).iter().all(|b| b.heading.is_none()));
    }

    #[test]
    fn html_comments_make_no_block() {
        let md = "<!-- hidden -->\n\n<div>shown</div>\n";
        let k = kinds(md);
        assert_eq!(k.len(), 1);
        assert_eq!(k[0].1, "<div>shown</div>");
    }

    #[test]
    fn heading_title_is_plain_text() {
        let bs = blocks("## The `--threads` *flag* {#threads}\n");
        assert_eq!(bs[0].heading.as_ref().unwrap().title, "The --threads flag");
    }
}
