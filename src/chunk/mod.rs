//! Structure-aware token windows.
//!
//! A chunk never crosses a section: each section's member blocks are cut into contiguous runs
//! and windows are packed from whole blocks, greedily, up to `max_tokens`. The next window may
//! start a few whole prose/list blocks back (`overlap_tokens`), so starts always snap to block
//! boundaries. Code and tables are never split unless one block alone exceeds the window, and
//! then only at line (row) boundaries; an oversized prose block is cut at sentence, then line,
//! then token boundaries. A section whose only member is its heading gets no chunk: its title
//! lives on in its children's `context`.

pub mod pretok;
pub mod tokenizer;

use crate::config::ChunkConfig;
use crate::model::{Block, BlockType, Chunk};
use crate::structure::Structure;
use icu_segmenter::SentenceSegmenter;
use tokenizer::{Analyzer, TokenStarts};

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

/// What packing needs about one document.
struct Ctx<'a> {
    text: &'a str,
    blocks: &'a [Block],
    ts: &'a TokenStarts,
    analyzer: &'a Analyzer,
    max: usize,
    overlap: usize,
    /// Most table rows in one chunk (0: no limit).
    max_rows: usize,
}

/// Chunks of one document in reading order. `tokens` of every chunk is the count of its text
/// tokenized alone, and never exceeds `max_tokens`.
pub fn chunk(
    canonical: &str,
    blocks: &[Block],
    st: &Structure,
    ts: &TokenStarts,
    analyzer: &Analyzer,
    cfg: &ChunkConfig,
) -> Vec<Chunk> {
    let cx = Ctx {
        text: canonical,
        blocks,
        ts,
        analyzer,
        max: cfg.max_tokens as usize,
        overlap: cfg.overlap_tokens as usize,
        max_rows: cfg.max_table_rows as usize,
    };
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
                let b = &blocks[i];
                let rows = cx.row_starts(i);
                if cx.ts.count(b.off_begin, b.off_end) <= cx.max && rows.is_none() {
                    units.push(Unit {
                        block: i,
                        begin: b.off_begin,
                        end: b.off_end,
                        piece: 0,
                        overlap_ok: matches!(b.kind, BlockType::Prose | BlockType::List),
                    });
                } else {
                    units.extend(cx.split(i, b.off_begin, b.off_end, rows));
                }
            }
            cx.pack(units, s, &mut out);
        }
    }
    // A footnote definition that joined an earlier section makes a run out of place.
    out.sort_by_key(|c| (c.off_begin, c.off_end));
    out
}

impl Ctx<'_> {
    fn exact(&self, begin: usize, end: usize) -> usize {
        self.analyzer.count_range(self.text, self.ts, begin, end)
    }

    fn pack(&self, mut units: Vec<Unit>, section: usize, out: &mut Vec<Chunk>) {
        let est = |u: &[Unit], a: usize, b: usize| self.ts.count(u[a].begin, u[b].end);
        let mut i = 0;
        // Index of the first unit no window has taken yet: every window must take it.
        let mut fresh = 0;
        while i < units.len() {
            let n = units.len();
            let mut j = i;
            // Two pieces of one table never share a window: each holds as many rows as one may.
            let next_piece = |j: usize| {
                units[j + 1].block == units[j].block
                    && self.blocks[units[j].block].kind == BlockType::Table
            };
            while j + 1 < n && est(&units, i, j + 1) <= self.max && !next_piece(j) {
                j += 1;
            }
            let mut tokens = self.exact(units[i].begin, units[j].end);
            while tokens > self.max && j > i {
                j -= 1;
                tokens = self.exact(units[i].begin, units[j].end);
            }
            if j < fresh {
                // The overlap left no room for new text: start at the new text instead.
                i = fresh;
                continue;
            }
            if tokens > self.max {
                // One unit alone is over budget once tokenized on its own: cut it.
                let u = units[i];
                // A whole unit: a table here has no more rows than a window may hold.
                let pieces = self.split(u.block, u.begin, u.end, None);
                units.splice(i..=i, pieces);
                continue;
            }
            out.push(Chunk {
                section,
                off_begin: units[i].begin,
                off_end: units[j].end,
                tokens: tokens as u32,
                first_block: units[i].block,
                last_block: units[j].block,
                window_in_block: units[i].piece,
            });
            fresh = j + 1;
            if fresh >= n {
                break;
            }
            // Step back over whole prose/list blocks while the repeat stays within the overlap
            // budget and the next window can still take the next new unit.
            let mut k = j + 1;
            while k - 1 > i
                && units[k - 1].overlap_ok
                && est(&units, k - 1, j) <= self.overlap
                && est(&units, k - 1, j + 1) <= self.max
            {
                k -= 1;
            }
            i = k;
        }
    }

    /// Where the rows of table block `idx` start (its first row at the block's start; a
    /// Markdown table's delimiter row and a grid table's inner border lines go with the row
    /// before them), when the table has more rows than a chunk may hold and its text tells
    /// its rows apart: a pipe table's lines, a grid table's border lines (`+---+`, or drawn
    /// with box-drawing characters), or one line per row.
    fn row_starts(&self, idx: usize) -> Option<Vec<usize>> {
        let b = &self.blocks[idx];
        let shape = b.attrs.as_ref()?.table.as_ref()?;
        if b.kind != BlockType::Table || self.max_rows == 0 || shape.rows as usize <= self.max_rows
        {
            return None;
        }
        let text = &self.text[b.off_begin..b.off_end];
        let mut lines = Vec::new();
        let mut at = b.off_begin;
        for l in text.split_inclusive('\n') {
            lines.push((at, l.trim_end()));
            at += l.len();
        }
        let starts: Vec<usize> = match shape.grid_kind {
            // Header, delimiter row, then a row a line.
            "markdown" if lines.len() == shape.rows as usize + 1 => lines
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != 1)
                .map(|(_, l)| l.0)
                .collect(),
            // `+---+` lines close rows: each row starts at the line after one, the last
            // border closes the table.
            "grid" => {
                let borders: Vec<usize> = (0..lines.len())
                    .filter(|&k| lines[k].1.trim_start().starts_with('+'))
                    .collect();
                let mut v = vec![b.off_begin];
                v.extend(
                    borders
                        .iter()
                        .filter(|&&k| k > 0 && k + 1 < lines.len())
                        .map(|&k| lines[k + 1].0),
                );
                v
            }
            // Box-drawn: rules part the rows (a row may take several lines), or one rule sets
            // off the header and every line under it is a row. A rule goes with the row above.
            "box" => {
                let rule = |l: &str| crate::extract::text::is_box_rule(l.trim());
                let last = lines.len().saturating_sub(1);
                // Rules between rows; of rules right under one another, the last.
                let parting: Vec<usize> = (1..last)
                    .filter(|&k| rule(lines[k].1) && !rule(lines[k + 1].1))
                    .collect();
                let data_after = |k: usize| (k + 1..last).filter(|&j| !rule(lines[j].1));
                let mut v = vec![b.off_begin];
                match parting.as_slice() {
                    // No rule: a row a line.
                    [] => v.extend(data_after(0).skip(1).map(|j| lines[j].0)),
                    // One rule under the header: a row a line under it.
                    [one] => v.extend(data_after(*one).map(|j| lines[j].0)),
                    // Rules part the rows.
                    _ => v.extend(parting.iter().map(|&k| lines[k + 1].0)),
                }
                v
            }
            _ if lines.len() == shape.rows as usize => lines.iter().map(|l| l.0).collect(),
            _ => return None,
        };
        (starts.len() > self.max_rows).then_some(starts)
    }

    /// Cuts `[begin, end)` of block `idx` into pieces that each fit the window tokenized alone:
    /// at the farthest line (code, tables) or sentence-or-line boundary (prose) that fits, else
    /// at a token boundary on a character boundary. A table with more rows than a chunk may
    /// hold (`rows`: where they start, from [`Self::row_starts`]) is cut between rows only,
    /// into pieces of at most that many rows.
    fn split(&self, idx: usize, begin: usize, end: usize, rows: Option<Vec<usize>>) -> Vec<Unit> {
        let b = &self.blocks[idx];
        let text = &self.text[begin..end];
        let mut cuts: Vec<usize> = match &rows {
            Some(r) => r.clone(),
            None => text
                .match_indices('\n')
                .map(|(p, _)| begin + p + 1)
                .collect(),
        };
        // Rows that start in `[a, c)`.
        let rows_in = |a: usize, c: usize| {
            rows.as_ref().map_or(0, |r| {
                r.partition_point(|&x| x < c) - r.partition_point(|&x| x < a)
            })
        };
        let fits = |a: usize, c: usize| {
            self.ts.count(a, c) <= self.max && (rows.is_none() || rows_in(a, c) <= self.max_rows)
        };
        if !b.kind.is_atomic() {
            let seg = SentenceSegmenter::new(Default::default());
            cuts.extend(seg.segment_str(text).map(|p| begin + p));
            cuts.sort_unstable();
            cuts.dedup();
        }
        cuts.retain(|&c| c > begin && c < end);

        let mut out = Vec::new();
        let mut start = begin;
        while start < end {
            let trim = |e: usize| start + self.text[start..e].trim_end().len();
            // Farthest boundary that fits by the document's token starts…
            let mut stop = if fits(start, end) {
                end
            } else {
                let fitting = cuts.partition_point(|&c| c <= start || fits(start, c));
                match cuts[..fitting].last().filter(|&&c| c > start) {
                    Some(&c) => c,
                    None => self.token_cut(start, self.ts.index(start) + self.max),
                }
            };
            // …then confirmed by counting the piece alone, giving back boundaries or tokens.
            while trim(stop) > start && self.exact(start, trim(stop)) > self.max {
                let before = cuts.partition_point(|&c| c < stop);
                stop = match cuts[..before].last().filter(|&&c| c > start) {
                    Some(&c) => c,
                    None => self.token_cut(start, self.ts.index(stop).saturating_sub(1)),
                };
            }
            let piece_end = trim(stop);
            if piece_end > start {
                out.push(Unit {
                    block: idx,
                    begin: start,
                    end: piece_end,
                    piece: out.len() as u32,
                    overlap_ok: false,
                });
            }
            start = stop;
            // Prose pieces start at text, not at the blank that ended the previous one.
            if !b.kind.is_atomic() {
                let rest = &self.text[start..end];
                let lead = rest.len() - rest.trim_start().len();
                if lead < rest.len() {
                    start += lead;
                } else {
                    start = end;
                }
            }
        }
        out
    }

    /// Offset of token `t`'s start, moved back to a character boundary, and always past `start`.
    fn token_cut(&self, start: usize, t: usize) -> usize {
        let mut c = self.ts.start(t).unwrap_or(self.text.len());
        while c > start && !self.text.is_char_boundary(c) {
            c -= 1;
        }
        if c <= start {
            // Less than one character fits by token starts: take the next character whole.
            c = start + self.text[start..].chars().next().map_or(1, char::len_utf8);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::markdown;
    use crate::structure;

    fn chunks(md: &str, max: u32, overlap: u32) -> (Vec<Block>, Structure, Vec<Chunk>) {
        let mut b = markdown::blocks(md);
        let st = structure::build(md, &mut b);
        let an = Analyzer::by_name("cl100k_base").unwrap();
        let ts = an.token_starts(md);
        let cfg = ChunkConfig {
            tokenizer: "cl100k_base".into(),
            max_tokens: max,
            overlap_tokens: overlap,
            max_table_rows: 30,
        };
        let c = chunk(md, &b, &st, &ts, &an, &cfg);
        (b, st, c)
    }

    /// A table of 70 rows (header included) under a sentence: three chunks of at most 30 rows
    /// each, cut between rows, the first with the sentence and the header; a table of 30 rows
    /// stays whole.
    #[test]
    fn long_tables_are_cut_between_rows() {
        let mut md =
            String::from("# T\n\nThe table below lists every item.\n\n| id | name |\n|---|---|\n");
        for i in 1..70 {
            md.push_str(&format!("| {i} | item {i} |\n"));
        }
        md.push_str("\nAfter the table.\n");
        let (b, _, c) = chunks(&md, 512, 64);
        let table = b.iter().position(|b| b.kind == BlockType::Table).unwrap();
        let pieces: Vec<&Chunk> = c
            .iter()
            .filter(|c| c.first_block <= table && table <= c.last_block)
            .collect();
        assert_eq!(pieces.len(), 3, "{c:#?}");
        let rows = |c: &Chunk| {
            md[c.off_begin..c.off_end]
                .lines()
                .filter(|l| l.starts_with("| "))
                .count()
        };
        assert_eq!(
            pieces.iter().map(|c| rows(c)).collect::<Vec<_>>(),
            [30, 30, 10]
        );
        assert!(md[pieces[0].off_begin..pieces[0].off_end].contains("The table below"));
        for p in &pieces[1..] {
            assert!(md[p.off_begin..p.off_end].starts_with("| "), "{p:?}");
            assert!(md[..p.off_begin].ends_with('\n'));
        }
        assert_eq!(
            pieces.iter().map(|c| c.window_in_block).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        // 30 rows: one chunk with the text around it.
        let short: String = md.lines().take(34).map(|l| format!("{l}\n")).collect();
        let (_, _, c) = chunks(&short, 512, 64);
        assert_eq!(c.len(), 1, "{c:#?}");
    }

    /// A box-drawn table of 70 rows in plain text (rules between rows, some rows over two
    /// lines): cut between rows, each piece from a row's first line to the rule under its last.
    /// psql's style (one rule under the header, a row a line) is cut between lines.
    #[test]
    fn long_box_drawn_tables_are_cut_between_rows() {
        for parted in [true, false] {
            let mut text = String::from(
                "Items\n\nEvery item we keep.\n\n┌─────┬──────────┐\n│ id  │ name     │\n",
            );
            for i in 1..70 {
                text.push_str(if parted || i == 1 {
                    "├─────┼──────────┤\n"
                } else {
                    ""
                });
                text.push_str(&format!("│ {i:<3} │ item {i:<3} │\n"));
                if parted && i % 7 == 0 {
                    text.push_str("│     │ (cont.)  │\n");
                }
            }
            text.push_str("└─────┴──────────┘\n\nAfter the table.\n");
            let x = crate::extract::text::extract(
                crate::extract::canonical::Canonical::from_bytes(text.as_bytes()),
                &crate::config::TextConfig::default(),
            );
            let (md, mut b) = (x.canonical.as_str(), x.blocks);
            let table = b.iter().position(|b| b.kind == BlockType::Table).unwrap();
            let shape = b[table].attrs().table.clone().unwrap();
            assert_eq!((shape.rows, shape.grid_kind), (70, "box"));
            let st = structure::build(md, &mut b);
            let an = Analyzer::by_name("cl100k_base").unwrap();
            let ts = an.token_starts(md);
            let cfg = ChunkConfig {
                tokenizer: "cl100k_base".into(),
                max_tokens: 2000,
                overlap_tokens: 0,
                max_table_rows: 30,
            };
            let c = chunk(md, &b, &st, &ts, &an, &cfg);
            let pieces: Vec<&str> = c
                .iter()
                .filter(|c| c.first_block <= table && table <= c.last_block)
                .map(|c| &md[c.off_begin..c.off_end])
                .collect();
            let ids = |p: &str| {
                p.lines()
                    .filter(|l| l.starts_with("│ ") && !l.starts_with("│  "))
                    .count()
            };
            assert_eq!(
                pieces.iter().map(|p| ids(p)).collect::<Vec<_>>(),
                [30, 30, 10],
                "{pieces:#?}"
            );
            for p in &pieces[1..] {
                assert!(p.starts_with("│ "), "{p}");
            }
            for p in &pieces[..2] {
                let last = p.lines().last().unwrap();
                assert!(
                    if parted {
                        last.starts_with('├')
                    } else {
                        last.starts_with("│ ")
                    },
                    "{p}"
                );
            }
        }
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
        for w in c.windows(2) {
            assert!(w[0].tokens <= 40);
            let an = Analyzer::by_name("cl100k_base").unwrap();
            assert_eq!(
                an.count(&md[w[0].off_begin..w[0].off_end]),
                w[0].tokens as usize
            );
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

    proptest::proptest! {
        /// Whatever the text, every chunk fits the window tokenized on its own, starts and ends
        /// on character boundaries, and stays in reading order.
        #[test]
        fn chunks_fit_when_tokenized_alone(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "鑫龘靐齉", "東京タワー", "🚀🦀", "> ", "> > >", "word ", "  ", "\n", "\n\n",
                    "# H\n\n", "```\n", "| a | b |\n", "é", "\u{200d}", "-", "1. ", "**x** ",
                ]),
                1..400,
            ),
            max in 8u32..40,
        ) {
            let md: String = parts.concat();
            let (_, _, c) = chunks(&md, max, max / 4);
            let an = Analyzer::by_name("cl100k_base").unwrap();
            for w in c.windows(2) {
                proptest::prop_assert!(w[0].off_begin <= w[1].off_begin);
            }
            for ch in &c {
                proptest::prop_assert!(md.is_char_boundary(ch.off_begin) && md.is_char_boundary(ch.off_end));
                let exact = an.count(&md[ch.off_begin..ch.off_end]);
                proptest::prop_assert_eq!(exact, ch.tokens as usize);
                proptest::prop_assert!(ch.tokens <= max, "{} > {max}", ch.tokens);
            }
        }
    }

    #[test]
    fn heading_only_sections_get_no_chunk() {
        let (_, _, c) = chunks("# A\n\n## B\n\nBody of b.\n", 512, 0);
        assert_eq!(c.len(), 1);
    }
}
