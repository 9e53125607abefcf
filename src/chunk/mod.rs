//! Structure-aware token windows.
//!
//! A chunk never crosses a section: each section's member blocks are cut into contiguous runs
//! and windows are packed from whole blocks, greedily, up to `max_tokens`. The next window may
//! start a few whole prose/list blocks back (`overlap_tokens`), so starts always snap to block
//! boundaries. Code and tables are never split unless one block alone exceeds the window, and
//! then only at line (row) boundaries; an oversized prose block is cut at sentence, then line,
//! then token boundaries. A section whose only member is its heading gets no chunk: its title
//! lives on in its children's `context`.

pub mod tokenizer;

use crate::config::ChunkConfig;
use crate::model::{Block, BlockType, Chunk};
use crate::structure::Structure;
use icu_segmenter::SentenceSegmenter;
use tokenizer::TokenStarts;

/// A packable piece: a whole block, or a piece of an oversized one.
#[derive(Debug, Clone, Copy)]
struct Unit {
    block: usize,
    begin: usize,
    end: usize,
    /// Index of this piece within its block (0 for a whole block or its first piece).
    piece: u32,
    overlap_ok: bool,
}

/// Chunks of one document in reading order (sections in order, windows in order).
pub fn chunk(
    canonical: &str,
    blocks: &[Block],
    st: &Structure,
    ts: &TokenStarts,
    cfg: &ChunkConfig,
) -> Vec<Chunk> {
    let max = cfg.max_tokens as usize;
    let overlap = cfg.overlap_tokens as usize;
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); st.sections.len()];
    for (i, &s) in st.block_section.iter().enumerate() {
        members[s].push(i);
    }
    let mut out = Vec::new();
    for (s, m) in members.iter().enumerate() {
        for run in m.chunk_by(|a, b| b == &(a + 1)) {
            if run.iter().all(|&i| blocks[i].kind == BlockType::Heading) {
                continue;
            }
            let mut units = Vec::with_capacity(run.len());
            for &i in run {
                split_block(canonical, &blocks[i], i, ts, max, &mut units);
            }
            pack(&units, ts, max, overlap, s, &mut out);
        }
    }
    out
}

fn pack(
    units: &[Unit],
    ts: &TokenStarts,
    max: usize,
    overlap: usize,
    section: usize,
    out: &mut Vec<Chunk>,
) {
    let tokens = |a: usize, b: usize| ts.count(units[a].begin, units[b].end);
    let n = units.len();
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && tokens(i, j + 1) <= max {
            j += 1;
        }
        out.push(Chunk {
            section,
            off_begin: units[i].begin,
            off_end: units[j].end,
            tokens: tokens(i, j) as u32,
            first_block: units[i].block,
            last_block: units[j].block,
            window_in_block: units[i].piece,
        });
        if j + 1 >= n {
            break;
        }
        // Step back over whole prose/list blocks while the repeat stays within the overlap
        // budget and the next window can still take the next new unit.
        let mut k = j + 1;
        while k - 1 > i
            && units[k - 1].overlap_ok
            && tokens(k - 1, j) <= overlap
            && tokens(k - 1, j + 1) <= max
        {
            k -= 1;
        }
        i = k;
    }
}

/// Appends `block` as one unit, or as pieces of at most `max` tokens when it is larger.
fn split_block(
    canonical: &str,
    b: &Block,
    idx: usize,
    ts: &TokenStarts,
    max: usize,
    out: &mut Vec<Unit>,
) {
    let whole = Unit {
        block: idx,
        begin: b.off_begin,
        end: b.off_end,
        piece: 0,
        overlap_ok: matches!(b.kind, BlockType::Prose | BlockType::List),
    };
    if ts.count(b.off_begin, b.off_end) <= max {
        out.push(whole);
        return;
    }
    let text = &canonical[b.off_begin..b.off_end];
    // Cut candidates, as offsets into the canonical text, ascending.
    let mut cuts: Vec<usize> = text
        .match_indices('\n')
        .map(|(p, _)| b.off_begin + p + 1)
        .collect();
    if !b.kind.is_atomic() {
        let seg = SentenceSegmenter::new(Default::default());
        cuts.extend(seg.segment_str(text).map(|p| b.off_begin + p));
        cuts.sort_unstable();
        cuts.dedup();
    }
    cuts.retain(|&c| c > b.off_begin && c < b.off_end);

    let mut begin = b.off_begin;
    let mut piece = 0u32;
    let mut ci = 0;
    while begin < b.off_end {
        // Farthest candidate cut keeping the piece within budget.
        let mut best = None;
        while ci < cuts.len() && ts.count(begin, cuts[ci]) <= max {
            if cuts[ci] > begin {
                best = Some(cuts[ci]);
            }
            ci += 1;
        }
        let end = match best {
            Some(c) if ts.count(begin, b.off_end) > max => c,
            _ if ts.count(begin, b.off_end) <= max => b.off_end,
            _ => {
                // No boundary fits: cut after `max` tokens, on a char boundary.
                let t = ts.index(begin) + max;
                let mut c = ts.start(t).unwrap_or(b.off_end).min(b.off_end);
                while !canonical.is_char_boundary(c) {
                    c += 1;
                }
                if c <= begin {
                    c = b.off_end;
                }
                c
            }
        };
        let trimmed = begin + canonical[begin..end].trim_end().len();
        if trimmed > begin {
            out.push(Unit {
                block: idx,
                begin,
                end: trimmed,
                piece,
                overlap_ok: false,
            });
            piece += 1;
        }
        begin = end;
        // Pieces start at non-blank text.
        let lead =
            canonical[begin..b.off_end].len() - canonical[begin..b.off_end].trim_start().len();
        if begin + lead < b.off_end && !b.kind.is_atomic() {
            begin += lead;
        }
        while ci < cuts.len() && cuts[ci] <= begin {
            ci += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunk::tokenizer::Analyzer;
    use crate::extract::markdown;
    use crate::structure;

    fn chunks(md: &str, max: u32, overlap: u32) -> (Vec<Block>, Structure, Vec<Chunk>) {
        let mut b = markdown::blocks(md);
        let st = structure::build(md, &mut b);
        let ts = Analyzer::by_name("cl100k_base").unwrap().token_starts(md);
        let cfg = ChunkConfig {
            tokenizer: "cl100k_base".into(),
            max_tokens: max,
            overlap_tokens: overlap,
        };
        let c = chunk(md, &b, &st, &ts, &cfg);
        (b, st, c)
    }

    #[test]
    fn chunks_never_cross_sections_and_start_at_blocks() {
        let md = "# A\n\nOne two three.\n\nFour five six.\n\n## B\n\nSeven eight.\n";
        let (b, st, c) = chunks(md, 512, 0);
        assert_eq!(c.len(), 2);
        assert_eq!(
            &md[c[0].off_begin..c[0].off_end],
            "# A\n\nOne two three.\n\nFour five six."
        );
        assert_eq!(&md[c[1].off_begin..c[1].off_end], "## B\n\nSeven eight.");
        for ch in &c {
            assert!(b.iter().any(|bl| bl.off_begin == ch.off_begin));
            for i in ch.first_block..=ch.last_block {
                assert_eq!(st.block_section[i], ch.section);
            }
        }
    }

    #[test]
    fn windows_respect_the_budget_and_overlap_whole_blocks() {
        let paras: Vec<String> = (0..30)
            .map(|i| format!("Paragraph {i} says a few words here."))
            .collect();
        let md = format!("# T\n\n{}\n", paras.join("\n\n"));
        let (_, _, c) = chunks(&md, 40, 12);
        assert!(c.len() > 3);
        let ts = Analyzer::by_name("cl100k_base").unwrap().token_starts(&md);
        for w in c.windows(2) {
            assert!(w[0].tokens <= 40);
            assert_eq!(ts.count(w[0].off_begin, w[0].off_end), w[0].tokens as usize);
            // Overlap: the next window starts at or before the end of the previous one…
            assert!(w[1].off_begin <= w[0].off_end);
            // …and always makes progress.
            assert!(w[1].off_end > w[0].off_end && w[1].off_begin > w[0].off_begin);
        }
        assert!(
            c.windows(2).any(|w| w[1].off_begin < w[0].off_end),
            "some window overlaps"
        );
    }

    #[test]
    fn code_is_atomic_unless_too_big_then_split_at_lines() {
        let code = "```rust\nfn a() {}\nfn b() {}\n```";
        let small = format!("# T\n\nIntro words here.\n\n{code}\n");
        // Room for the code block alone, not for it and the intro together.
        let budget = Analyzer::by_name("cl100k_base").unwrap().count(code) as u32 + 1;
        let (_, _, c) = chunks(&small, budget, 0);
        // The intro and the code do not fit together: the code block is one whole chunk.
        assert!(c
            .iter()
            .any(|ch| small[ch.off_begin..ch.off_end].starts_with("```rust")
                && small[ch.off_begin..ch.off_end].ends_with("```")));
        let lines: Vec<String> = (0..200)
            .map(|i| format!("let v{i} = compute({i});"))
            .collect();
        let big = format!("# T\n\n```rust\n{}\n```\n", lines.join("\n"));
        let (_, _, c) = chunks(&big, 64, 0);
        assert!(c.len() > 5);
        for ch in &c {
            assert!(ch.tokens <= 64);
            let text = &big[ch.off_begin..ch.off_end];
            // Every piece starts at a line start and ends at a line end.
            assert!(ch.off_begin == 0 || big[..ch.off_begin].ends_with('\n'));
            assert!(big[ch.off_end..].starts_with('\n'), "{text:?}");
        }
        // Windows starting inside the code block are numbered 1, 2, … after its first piece.
        let w: Vec<u32> = c
            .iter()
            .filter(|ch| ch.first_block == 1)
            .map(|ch| ch.window_in_block)
            .collect();
        assert!(w.len() > 3);
        assert!(w.windows(2).all(|p| p[1] == p[0] + 1), "{w:?}");
    }

    #[test]
    fn huge_single_line_is_cut_on_char_boundaries() {
        let line = "é".repeat(5000);
        let md = format!("{line}\n");
        let (_, _, c) = chunks(&md, 100, 0);
        assert!(c.len() > 1);
        let mut covered = 0;
        for ch in &c {
            assert!(md.is_char_boundary(ch.off_begin) && md.is_char_boundary(ch.off_end));
            assert!(ch.tokens <= 100, "{}", ch.tokens);
            covered += ch.off_end - ch.off_begin;
        }
        assert_eq!(covered, line.len());
    }

    #[test]
    fn heading_only_sections_get_no_chunk() {
        let (_, _, c) = chunks("# A\n\n## B\n\nBody of b.\n", 512, 0);
        assert_eq!(c.len(), 1);
    }
}
