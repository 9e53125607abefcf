//! Structure of one document from its typed blocks: captions linked, the heading tree, the
//! section sweep and anchor sentences.
//!
//! Section model (reference page section_detection): a section's own body is the run of blocks
//! between its heading and the next heading of any depth, so a parent never contains a child's
//! body; what sits between a parent's heading and its first child (typically a one-block
//! abstract) is the parent's. Body text before the first heading is section `0`. Sections
//! without body are kept (span None). Every block is a member of exactly one section: its
//! region's, except captions, which join the section of the figure/table they describe, and
//! footnote definitions, which join the section of their first marker. `span`, `first_block`
//! and `last_block` describe the region as laid out in the text.

pub mod anchor;
pub mod captions;
pub mod fingerprint;
pub mod outline;

use crate::model::{Block, BlockType, Section};
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    pub sections: Vec<Section>,
    /// Section (index into `sections`) each block is a member of.
    pub block_section: Vec<usize>,
    /// Index of each block among its section's members, in reading order.
    pub block_index: Vec<usize>,
}

pub fn build(canonical: &str, blocks: &mut [Block]) -> Structure {
    captions::attach(canonical, blocks);

    let heading_blocks: Vec<usize> = (0..blocks.len())
        .filter(|&i| blocks[i].kind == BlockType::Heading)
        .collect();
    let levels: Vec<u8> = heading_blocks
        .iter()
        .map(|&i| blocks[i].heading.as_ref().map_or(1, |h| h.level))
        .collect();
    let nodes = outline::build(&levels);

    // A paged document without headings gets one section per page: `p001`, `p002`, …
    if heading_blocks.is_empty() && blocks.iter().any(|b| b.page.is_some()) {
        let mut sections: Vec<Section> = Vec::new();
        let mut region = vec![0usize; blocks.len()];
        for (i, b) in blocks.iter().enumerate() {
            let page = b.page.unwrap_or(1);
            let id = format!("p{page:03}");
            if sections.last().is_none_or(|s| s.section_id != id) {
                sections.push(Section {
                    section_id: id,
                    parent_id: None,
                    depth: 1,
                    source_level: None,
                    title: None,
                    anchor_id: None,
                    heading_source: "page",
                    heading_block: None,
                    span: None,
                    anchor: None,
                    first_block: None,
                    last_block: None,
                    page_start: Some(page),
                    page_end: Some(page),
                });
            }
            region[i] = sections.len() - 1;
        }
        return finish(canonical, blocks, sections, region, false);
    }
    let has_preamble = heading_blocks
        .first()
        .map_or(!blocks.is_empty(), |&h| h > 0);
    let mut sections = Vec::with_capacity(nodes.len() + 1);
    if has_preamble {
        sections.push(Section {
            section_id: "0".into(),
            parent_id: None,
            depth: 0,
            source_level: None,
            title: None,
            anchor_id: None,
            heading_source: "preamble",
            heading_block: None,
            span: None,
            anchor: None,
            first_block: None,
            last_block: None,
            page_start: None,
            page_end: None,
        });
    }
    for (node, &hb) in nodes.into_iter().zip(&heading_blocks) {
        let h = blocks[hb].heading.as_ref();
        sections.push(Section {
            section_id: node.section_id,
            parent_id: node.parent_id,
            depth: node.depth,
            source_level: h.map(|h| u32::from(h.level)),
            title: h.map(|h| h.title.clone()),
            anchor_id: h.and_then(|h| h.anchor.clone()),
            heading_source: h.map_or("md_atx", |h| h.source.as_str()),
            heading_block: Some(hb),
            span: None,
            anchor: None,
            first_block: None,
            last_block: None,
            page_start: blocks[hb].page,
            page_end: blocks[hb].page,
        });
    }

    // Region of every block: the section of the nearest heading at or before it.
    let mut region = vec![0usize; blocks.len()];
    let mut current = 0usize;
    let mut next_heading = 0usize;
    for (i, r) in region.iter_mut().enumerate() {
        if heading_blocks.get(next_heading) == Some(&i) {
            current = next_heading + usize::from(has_preamble);
            next_heading += 1;
        }
        *r = current;
    }
    finish(canonical, blocks, sections, region, has_preamble)
}

/// Spans, anchors, membership and indices, once every block has a region (the section it is
/// laid out in).
fn finish(
    canonical: &str,
    blocks: &[Block],
    mut sections: Vec<Section>,
    region: Vec<usize>,
    has_preamble: bool,
) -> Structure {
    // Spans and anchors from each region's body blocks.
    let mut bodies: Vec<Vec<usize>> = vec![Vec::new(); sections.len()];
    for (i, &r) in region.iter().enumerate() {
        if blocks[i].kind != BlockType::Heading {
            bodies[r].push(i);
        }
    }
    for (s, body) in sections.iter_mut().zip(&bodies) {
        if let (Some(&first), Some(&last)) = (body.first(), body.last()) {
            s.span = Some((blocks[first].off_begin, blocks[last].off_end));
            s.first_block = Some(first);
            s.last_block = Some(last);
            s.anchor = anchor::find(canonical, blocks, body);
            let pages = body.iter().filter_map(|&i| blocks[i].page);
            s.page_start = s.page_start.or(pages.clone().min());
            s.page_end = pages.max().or(s.page_end);
        }
    }

    // Membership: regions, with captions and footnotes pulled to where they belong.
    let mut block_section = region.clone();
    for (i, b) in blocks.iter().enumerate() {
        if let (BlockType::Caption, Some(t)) = (b.kind, b.attrs().caption_for) {
            block_section[i] = region[t];
        }
    }
    for (fn_block, marker_block) in footnote_markers(canonical, blocks) {
        block_section[fn_block] = region[marker_block];
    }

    // A preamble whose only blocks were footnote definitions pulled elsewhere has no members:
    // drop it rather than keep a section that owns nothing.
    if has_preamble && !block_section.contains(&0) {
        sections.remove(0);
        for s in &mut block_section {
            *s -= 1;
        }
    }

    // Index within the section: the heading is 000, then members in reading order.
    let mut counts = vec![0usize; sections.len()];
    let mut block_index = vec![0usize; blocks.len()];
    for (si, sec) in sections.iter().enumerate() {
        if let Some(h) = sec.heading_block {
            block_index[h] = 0;
            counts[si] = 1;
        }
    }
    for (i, &s) in block_section.iter().enumerate() {
        if sections[s].heading_block != Some(i) {
            block_index[i] = counts[s];
            counts[s] += 1;
        }
    }
    Structure {
        sections,
        block_section,
        block_index,
    }
}

/// `(footnote definition block, block holding its first marker)` pairs. A definition whose
/// marker is nowhere (or only inside other definitions) stays in its region.
fn footnote_markers(canonical: &str, blocks: &[Block]) -> Vec<(usize, usize)> {
    let mut labels: HashMap<&str, usize> = HashMap::new();
    for (i, b) in blocks.iter().enumerate() {
        if b.kind != BlockType::Footnote {
            continue;
        }
        let text = &canonical[b.off_begin..b.off_end];
        if let Some(rest) = text.strip_prefix("[^") {
            if let Some(end) = rest.find("]:") {
                labels.entry(&rest[..end]).or_insert(i);
            }
        }
    }
    if labels.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        if b.kind == BlockType::Footnote {
            continue;
        }
        let text = &canonical[b.off_begin..b.off_end];
        let mut rest = text;
        while let Some(p) = rest.find("[^") {
            rest = &rest[p + 2..];
            let Some(end) = rest.find(']') else { break };
            if let Some(def) = labels.remove(&rest[..end]) {
                out.push((def, i));
            }
            rest = &rest[end..];
        }
        if labels.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::markdown;

    fn structure(md: &str) -> (Vec<Block>, Structure) {
        let mut b = markdown::blocks(md);
        let s = build(md, &mut b);
        (b, s)
    }

    fn member_ids(s: &Structure) -> Vec<&str> {
        s.block_section
            .iter()
            .map(|&i| s.sections[i].section_id.as_str())
            .collect()
    }

    #[test]
    fn parents_exclude_child_bodies_and_keep_their_abstract() {
        let md = "# Parent\n\nAbstract.\n\n## Child\n\nChild body.\n\nMore child.\n\n# Next\n\nNext body.\n";
        let (_, s) = structure(md);
        let ids: Vec<_> = s.sections.iter().map(|s| s.section_id.as_str()).collect();
        assert_eq!(ids, ["1", "1.1", "2"]);
        let parent = &s.sections[0];
        let child = &s.sections[1];
        assert_eq!(
            &md[parent.span.unwrap().0..parent.span.unwrap().1],
            "Abstract."
        );
        assert_eq!(
            &md[child.span.unwrap().0..child.span.unwrap().1],
            "Child body.\n\nMore child."
        );
        assert_eq!(member_ids(&s), ["1", "1", "1.1", "1.1", "1.1", "2", "2"]);
        assert_eq!(s.block_index, [0, 1, 0, 1, 2, 0, 1]);
    }

    #[test]
    fn preamble_and_empty_sections() {
        let md = "Intro text here.\n\n# A\n\n## B\n\nB body text.\n";
        let (_, s) = structure(md);
        let ids: Vec<_> = s.sections.iter().map(|s| s.section_id.as_str()).collect();
        assert_eq!(ids, ["0", "1", "1.1"]);
        assert_eq!(s.sections[0].depth, 0);
        assert!(s.sections[1].span.is_none() && s.sections[1].anchor.is_none());
        let a = s.sections[2].anchor.unwrap();
        assert_eq!(&md[a.0..a.1], "B body text.");
        // No headings at all: everything in section 0; nothing at all: no sections.
        assert_eq!(structure("just text\n").1.sections.len(), 1);
        assert!(structure("").1.sections.is_empty());
    }

    #[test]
    fn captions_join_their_target_section() {
        let md = "# A\n\n| a |\n|---|\n| 1 |\n\n# B\n\nText.\n";
        let (_, s) = structure(md);
        assert_eq!(member_ids(&s), ["1", "1", "2", "2"]);
        // A caption written after the next heading still joins its table's section when it
        // directly follows it; here one sits right after the table.
        let md = "# A\n\n![x](x.png)\n\nFigure 1: X.\n\n# B\n\nText.\n";
        let (b, s) = structure(md);
        assert_eq!(b[2].kind, BlockType::Caption);
        assert_eq!(member_ids(&s), ["1", "1", "1", "2", "2"]);
    }

    #[test]
    fn footnotes_stay_with_their_marker() {
        let md = "# A\n\nSee this[^n].\n\n# B\n\nOther.\n\n[^n]: The note.\n";
        let (b, s) = structure(md);
        assert_eq!(b[4].kind, BlockType::Footnote);
        assert_eq!(member_ids(&s), ["1", "1", "2", "2", "1"]);
        // B's span is its region and still ends at the footnote definition.
        assert_eq!(s.sections[1].last_block, Some(4));
    }

    #[test]
    fn a_footnote_defined_before_its_marker_keeps_ids_and_order() {
        let md = "[^n]: The note defined early.\n\n# A\n\nText.\n\n# B\n\nSee[^n].\n";
        let (b, s) = structure(md);
        assert_eq!(b[0].kind, BlockType::Footnote);
        // No preamble: its only block joined section 2.
        let ids: Vec<_> = s.sections.iter().map(|x| x.section_id.as_str()).collect();
        assert_eq!(ids, ["1", "2"]);
        assert_eq!(member_ids(&s), ["2", "1", "1", "2", "2"]);
        // Headings are 000 whatever joined their section before them.
        assert_eq!(s.block_index, [1, 0, 1, 0, 2]);
    }

    proptest::proptest! {
        /// Every block is a member of exactly one existing section and region spans are disjoint.
        #[test]
        fn sweep_invariants(parts in proptest::collection::vec(0u8..8, 0..40)) {
            let mut md = String::new();
            for (i, p) in parts.iter().enumerate() {
                match p {
                    1..=4 => md.push_str(&format!("{} H{i}\n\n", "#".repeat(*p as usize))),
                    5 => md.push_str("```\n# code\n```\n\n"),
                    6 => md.push_str("| a |\n|---|\n| 1 |\n\n"),
                    _ => md.push_str(&format!("Paragraph number {i} here.\n\n")),
                }
            }
            let (b, s) = structure(&md);
            proptest::prop_assert_eq!(s.block_section.len(), b.len());
            let mut spans: Vec<(usize, usize)> = s.sections.iter().filter_map(|x| x.span).collect();
            spans.sort();
            for w in spans.windows(2) {
                proptest::prop_assert!(w[0].1 <= w[1].0);
            }
            for sec in &s.sections {
                if let (Some(sp), Some(a)) = (sec.span, sec.anchor) {
                    proptest::prop_assert!(sp.0 <= a.0 && a.1 <= sp.1);
                }
            }
        }
    }
}
