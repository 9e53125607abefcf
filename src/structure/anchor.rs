//! Anchor sentences: the first sentence of at least eight characters of a section's first
//! prose-like block (list bullets and quote markers stripped). Sections whose body is only code
//! or a table anchor on the first non-blank line (the table's header row).

use crate::model::{Block, BlockType};
use icu_segmenter::SentenceSegmenter;

const MIN_ANCHOR_CHARS: usize = 8;

/// Anchor span for the blocks `region` (in reading order), or None when the region is empty.
pub fn find(canonical: &str, blocks: &[Block], region: &[usize]) -> Option<(usize, usize)> {
    let prose_like = |k: BlockType| {
        matches!(
            k,
            BlockType::Prose | BlockType::List | BlockType::Footnote | BlockType::Caption
        )
    };
    for &i in region {
        let b = &blocks[i];
        if !prose_like(b.kind) {
            continue;
        }
        if let Some(a) = first_sentence(canonical, b.off_begin, b.off_end) {
            return Some(a);
        }
    }
    // No prose: the first non-blank line of the first block that has one.
    region
        .iter()
        .find_map(|&i| first_line(canonical, blocks[i].off_begin, blocks[i].off_end))
}

/// Skips list bullets, ordered-list numbers, quote markers and leading whitespace.
fn skip_leaders(text: &str) -> usize {
    let mut pos = 0;
    loop {
        let rest = &text[pos..];
        let trimmed = rest.trim_start();
        let mut p = rest.len() - trimmed.len();
        let t = trimmed;
        if let Some(s) = t.strip_prefix(['-', '*', '+', '>']) {
            if s.starts_with([' ', '\n']) || s.is_empty() || t.starts_with('>') {
                p += 1;
                pos += p;
                continue;
            }
        }
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if (1..=9).contains(&digits)
            && t[digits..].starts_with(['.', ')'])
            && t[digits + 1..].starts_with(' ')
        {
            pos += p + digits + 1;
            continue;
        }
        if let Some(s) = t.strip_prefix("[ ] ").or_else(|| t.strip_prefix("[x] ")) {
            pos += p + (t.len() - s.len());
            continue;
        }
        return pos + p;
    }
}

fn first_sentence(canonical: &str, begin: usize, end: usize) -> Option<(usize, usize)> {
    let block = &canonical[begin..end];
    let start = skip_leaders(block);
    let text = &block[start..];
    if text.chars().filter(|c| !c.is_whitespace()).count() < MIN_ANCHOR_CHARS {
        return None;
    }
    let seg = SentenceSegmenter::new(Default::default());
    let mut s_end = text.len();
    for b in seg.segment_str(text).skip(1) {
        if text[..b].trim().chars().count() >= MIN_ANCHOR_CHARS {
            s_end = b;
            break;
        }
    }
    let sentence = text[..s_end].trim_end();
    Some((begin + start, begin + start + sentence.len()))
}

/// The first non-blank line that is not a code fence; a block of fences alone (an empty code
/// block) anchors on its first fence, as a section with a body always has an anchor.
fn first_line(canonical: &str, begin: usize, end: usize) -> Option<(usize, usize)> {
    let mut pos = begin;
    let mut fence = None;
    for line in canonical[begin..end].split('\n') {
        let lead = line.len() - line.trim_start().len();
        let t = line.trim();
        let span = (pos + lead, pos + lead + t.len());
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = fence.or(Some(span));
        } else if !t.is_empty() {
            return Some(span);
        }
        pos += line.len() + 1;
    }
    fence
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::markdown;

    fn anchor_text(md: &str) -> Option<String> {
        let b = markdown::blocks(md);
        let region: Vec<usize> = (0..b.len()).collect();
        find(md, &b, &region).map(|(s, e)| md[s..e].to_string())
    }

    #[test]
    fn first_sentence_of_eight_chars() {
        assert_eq!(
            anchor_text("Hi. This is the real start. And more.").as_deref(),
            Some("Hi. This is the real start.")
        );
        assert_eq!(
            anchor_text("The index is built nightly. It is cheap.").as_deref(),
            Some("The index is built nightly.")
        );
    }

    #[test]
    fn bullets_are_stripped_and_code_is_skipped() {
        let a = anchor_text("```\ncode\n```\n\n- First item is long enough\n- second\n").unwrap();
        assert_eq!(a, "First item is long enough");
        let a = anchor_text("> 1. Quoted and numbered sentence.").unwrap();
        assert_eq!(a, "Quoted and numbered sentence.");
    }

    #[test]
    fn code_only_section_anchors_on_first_line() {
        assert_eq!(
            anchor_text("```rust\n\nfn main() {}\n```\n").as_deref(),
            Some("fn main() {}")
        );
        assert_eq!(
            anchor_text("| a | b |\n|---|---|\n| 1 | 2 |\n").as_deref(),
            Some("| a | b |")
        );
        // An empty code block, all of a section's body, anchors on its fence.
        assert_eq!(anchor_text("```\n").as_deref(), Some("```"));
        assert_eq!(anchor_text("~~~\n~~~\n").as_deref(), Some("~~~"));
    }

    #[test]
    fn short_paragraphs_are_passed_over() {
        assert_eq!(
            anchor_text("Ok.\n\nA longer paragraph here.").as_deref(),
            Some("A longer paragraph here.")
        );
    }
}
