//! One page's fragments into lines: columns by whitespace valleys, bands, rows, and lines
//! of cells (see the module documentation of `pdf`, steps 2 and 3).

use super::*;

/// The page's horizontal rules: drawings at most 2 pt high and 15 pt wide or more (none past
/// [`TABLE_MAX_RULES`]).
#[cfg(feature = "pdf")]
pub(super) fn horizontal_rules(
    graphics: &[([f32; 4], crate::extract::mupdf_ffi::Graphic)],
) -> Vec<[f32; 4]> {
    use crate::extract::mupdf_ffi::Graphic;
    let rules: Vec<[f32; 4]> = graphics
        .iter()
        .filter(|(b, g)| *g != Graphic::Image && b[3] - b[1] <= 2.0 && b[2] - b[0] >= 15.0)
        .map(|(b, _)| *b)
        .collect();
    if rules.len() > TABLE_MAX_RULES {
        Vec::new()
    } else {
        rules
    }
}

/// Whether a table's first row is set apart by a rule under it: a rule across most of the
/// table's width lies between its first two rows, and between fewer than half of its other
/// rows (a table ruled under every row says nothing of its header). `rows` are the table's
/// lines, a row each, top to bottom.
pub(super) fn ruled_header(rows: &[&VLine], rules: &[[f32; 4]]) -> bool {
    if rows.len() < 3 {
        return false;
    }
    let x0 = rows.iter().map(|l| l.x0).fold(f32::INFINITY, f32::min);
    let x1 = rows.iter().map(|l| l.x1).fold(f32::NEG_INFINITY, f32::max);
    let ruled = |a: &VLine, b: &VLine| {
        rules.iter().any(|r| {
            let y = (r[1] + r[3]) / 2.0;
            y >= a.y1 - 1.0 && y <= b.y0 + 1.0 && r[2].min(x1) - r[0].max(x0) >= (x1 - x0) * 0.5
        })
    };
    let others = rows[1..].windows(2).filter(|w| ruled(w[0], w[1])).count();
    ruled(rows[0], rows[1]) && others * 2 < rows.len() - 2
}

/// Lays out one page: columns, bands, lines in reading order.
pub(super) fn layout_page(mut frags: Vec<Frag>, height: f32) -> Page {
    frags.retain(|f| f.x1 > f.x0 && f.y1 >= f.y0);
    if frags.is_empty() {
        return Page {
            height,
            lines: Vec::new(),
            rules: Vec::new(),
        };
    }
    let gutters = gutters(&frags, &lone_rows(&frags));
    // A line of a column: another starts at its left edge within two of its heights above or
    // below it.
    let column_line = |o: &Frag| {
        let h = o.y1 - o.y0;
        frags.iter().any(|p| {
            let above = p.y1 <= o.y0 + 1.0 && p.y1 > o.y0 - 2.0 * h;
            let below = p.y0 >= o.y1 - 1.0 && p.y0 < o.y1 + 2.0 * h;
            (p.x0 - o.x0).abs() < 1.0 && (above || below)
        })
    };
    // A column's overfull line: text, not code (whose aligned pieces look like columns), that
    // runs past the gutter into the next column by under two ems, beside a line of that
    // column, which starts an em or more after it.
    let overfull = |f: &Frag, (g0, g1): (f32, f32)| {
        let (right, left) = (f.x1 - g1, g0 - f.x0);
        f.mono_chars * 2 < f.chars
            && right.min(left) < f.size * 2.0
            && frags.iter().any(|o| {
                let beside = o.y0.max(f.y0) < o.y1.min(f.y1);
                let after = if right < left {
                    o.x0 >= f.x1 + f.size
                } else {
                    o.x1 <= f.x0 - f.size
                };
                beside && after && column_line(o)
            })
    };
    // Column of each fragment; u32::MAX for one that crosses a gutter.
    let col_of = |f: &Frag| -> u32 {
        // Spanning: it covers a gutter (all but a point at either edge) and is no column's
        // overfull line. Otherwise the column that holds most of it.
        let mut c = 0u32;
        for &(g0, g1) in &gutters {
            if f.x0 < g0 + 1.0 && f.x1 > g1 - 1.0 && !overfull(f, (g0, g1)) {
                return u32::MAX;
            }
            if (f.x0 + f.x1) / 2.0 >= (g0 + g1) / 2.0 {
                c += 1;
            }
        }
        c
    };
    let mut cols: Vec<u32> = frags.iter().map(col_of).collect();
    // A piece of a spanning line that happens to sit inside one column (a justified line cut
    // at a wide space) spans with it.
    if !gutters.is_empty() {
        let narrowest = gutters
            .iter()
            .map(|g| g.1 - g.0)
            .fold(f32::INFINITY, f32::min);
        let mut by_line: Vec<usize> = (0..frags.len()).collect();
        by_line.sort_by(|&a, &b| {
            frags[a]
                .base
                .total_cmp(&frags[b].base)
                .then(frags[a].x0.total_cmp(&frags[b].x0))
        });
        for _ in 0..2 {
            for w in by_line.windows(2) {
                let (a, b) = (&frags[w[0]], &frags[w[1]]);
                let same = (a.base - b.base).abs() < a.size.min(b.size) * 0.3
                    && b.x0 - a.x1 < (a.size.max(b.size) * 2.0).min(narrowest * 0.8);
                if same && (cols[w[0]] == u32::MAX) != (cols[w[1]] == u32::MAX) {
                    cols[w[0]] = u32::MAX;
                    cols[w[1]] = u32::MAX;
                }
            }
        }
    }
    let col = |i: usize| cols[i];
    // Bands: spanning fragments cut the page; each band is read column by column.
    let mut order: Vec<usize> = (0..frags.len()).collect();
    order.sort_by(|&a, &b| frags[a].y0.total_cmp(&frags[b].y0));
    let mut flows: Vec<((u32, u32), Vec<usize>)> = Vec::new();
    let mut band = 0u32;
    let mut in_span = false;
    let mut band_of: Vec<(u32, u32)> = vec![(0, 0); frags.len()];
    // Spanning fragments' vertical ranges.
    let spans: Vec<(f32, f32)> = order
        .iter()
        .filter(|&&i| col(i) == u32::MAX)
        .map(|&i| (frags[i].y0, frags[i].y1))
        .collect();
    for &i in &order {
        let c = col(i);
        if c == u32::MAX {
            if !in_span {
                band += 1;
                in_span = true;
            }
            band_of[i] = (band, 0);
        } else {
            // A column fragment that sits beside a spanning one (same height) stays in its band.
            let beside = spans
                .iter()
                .any(|&(a, b)| frags[i].y0 < b && frags[i].y1 > a);
            if in_span && !beside {
                band += 1;
                in_span = false;
            }
            band_of[i] = (band, c);
        }
    }
    for &i in &order {
        let key = band_of[i];
        match flows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => flows.push((key, vec![i])),
        }
    }
    flows.sort_by_key(|(k, _)| *k);
    let mut lines = Vec::new();
    for (key, idx) in flows {
        let span = idx.iter().any(|&i| col(i) == u32::MAX);
        let start = lines.len();
        lines.extend(join_lines(&frags, &idx, key));
        for l in &mut lines[start..] {
            l.span = span;
        }
    }
    Page {
        height,
        lines,
        rules: Vec::new(),
    }
}

/// The largest side of a page in PDF units: 14,400, 200 inches (ISO 32000, Annex C).
pub(super) const MAX_PAGE_SIDE: f32 = 14_400.0;

/// Whitespace valleys on x that separate columns: a run at least 6 pt wide in the middle 60 %
/// of the text width that almost no narrow fragment (under 55 % of the width) crosses, with a
/// column of text on each side: at least five fragments and a fifth of the narrow ones, a
/// quarter of them filling the column's width as justified lines do (table cells do not), a
/// tenth reaching its right edge (the last column of a table set inside a page of wider prose
/// stops short of the margin the prose reaches, however full its wrapped cells are), and not a
/// table's two columns of short items paired line by line ([`table_grid`]). A column counts
/// every fragment inside it, wide ones too: a web page's text column beside a narrow sidebar
/// is wider than half the text. One of two columns may fail the fullness tests (a chart, a
/// table or formulas set in it) when the other is prose, no wide line crosses the gutter, and
/// fewer than half of its fragments share a baseline with the prose (a table's names sit on
/// their descriptions' first lines); the narrower of two columns of which one holds a wide
/// line must pass that last test too (names beside descriptions as wide as a text column). Wide
/// fragments that cross it (a title, an abstract, a full-width caption) span the columns, and
/// so do the narrow ones centred on the page above or below every pair of rows side by side
/// (`lone`, from [`lone_rows`]: a title block over the columns). At most two valleys (three
/// columns).
pub(super) fn gutters(frags: &[Frag], lone: &[bool]) -> Vec<(f32, f32)> {
    let l = frags.iter().map(|f| f.x0).fold(f32::INFINITY, f32::min);
    let r = frags.iter().map(|f| f.x1).fold(f32::NEG_INFINITY, f32::max);
    let w = r - l;
    // Text wider than the largest page a PDF may have (200 inches) is set by a matrix no page
    // shows (a font size of 1e30): there are no columns to find, and the cover below would
    // take its width in memory.
    if !(150.0..=MAX_PAGE_SIDE).contains(&w) || frags.len() < 8 {
        return Vec::new();
    }
    let narrow: Vec<&Frag> = frags.iter().filter(|f| f.x1 - f.x0 < w * 0.55).collect();
    if narrow.len() < 10 {
        return Vec::new();
    }
    let n = w.ceil() as usize + 1;
    let mut cover = vec![0u32; n];
    // Lines centred on the page on rows of their own, above or below every pair of rows side
    // by side (a title block over the columns), leave the gutter open.
    let paired = || frags.iter().zip(lone).filter(|(_, l)| !**l).map(|(f, _)| f);
    let top = paired().map(|f| f.y0).fold(f32::INFINITY, f32::min);
    let bottom = paired().map(|f| f.y1).fold(f32::NEG_INFINITY, f32::max);
    let title = |f: &Frag| {
        (f.y1 <= top || f.y0 >= bottom) && ((f.x0 + f.x1) / 2.0 - (l + r) / 2.0).abs() < w * 0.05
    };
    for f in narrow.iter().filter(|f| !title(f)) {
        let a = ((f.x0 - l).floor().max(0.0)) as usize;
        let b = ((f.x1 - l).ceil() as usize).min(n);
        for c in cover.get_mut(a..b).unwrap_or_default() {
            *c += 1;
        }
    }
    let allowance = (narrow.len() as u32 / 12).max(3);
    let (lo, hi) = ((w * 0.2) as usize, (w * 0.8) as usize);
    let mut cands: Vec<(f32, f32)> = Vec::new();
    let mut i = lo;
    while i < hi {
        if cover[i] <= allowance {
            let s = i;
            while i < hi && cover[i] <= allowance {
                i += 1;
            }
            // Narrow the valley to its emptiest part (a crossing line or two more are noise).
            let min = cover[s..i].iter().copied().min().unwrap_or(0);
            let limit = min + (allowance / 3).max(1);
            let a = (s..i).find(|&k| cover[k] <= limit).unwrap_or(s);
            let b = (a..i).rev().find(|&k| cover[k] <= limit).unwrap_or(a) + 1;
            if b - a >= 6 {
                cands.push((l + a as f32, l + b as f32));
            }
        } else {
            i += 1;
        }
    }
    cands.sort_by(|a, b| (b.1 - b.0).total_cmp(&(a.1 - a.0)));
    let mut out: Vec<(f32, f32)> = Vec::new();
    for g in cands {
        let mut all = out.clone();
        all.push(g);
        all.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut ok = true;
        // Columns that hold text but fail the fullness tests (a figure, a table, formulas),
        // and columns of prose (a third of their fragments fill them).
        let mut weak: Vec<Vec<&Frag>> = Vec::new();
        let mut prose: Vec<Vec<&Frag>> = Vec::new();
        // Each column's width and fragments.
        let mut columns: Vec<(f32, Vec<&Frag>)> = Vec::new();
        for k in 0..=all.len() {
            let left = if k == 0 { l } else { all[k - 1].1 };
            let right = if k == all.len() { r } else { all[k].0 };
            let inside: Vec<&Frag> = frags
                .iter()
                .filter(|f| f.x0 >= left - 0.5 && f.x1 <= right + 0.5)
                .collect();
            let full = inside
                .iter()
                .filter(|f| f.x1 - f.x0 >= (right - left) * 0.6)
                .count();
            // Some of a column's lines reach its right edge (a table's last column, set
            // inside a page of wider prose, stops short of the margin the prose reaches).
            let reach = inside
                .iter()
                .filter(|f| f.x1 >= right - (right - left) * 0.2)
                .count();
            if inside.len() < 5 || inside.len() * 5 < narrow.len() {
                ok = false;
                break;
            }
            columns.push((right - left, inside.clone()));
            if full * 4 < inside.len() || reach * 10 < inside.len() {
                weak.push(inside);
            } else if full * 3 >= inside.len()
                && inside.len() >= 12
                && inside.iter().map(|f| f.mono_chars).sum::<u32>() * 2
                    < inside.iter().map(|f| f.chars).sum::<u32>()
            {
                prose.push(inside);
            }
        }
        // A figure, a table or formulas in one of two columns beside a column of prose: no
        // wide line crosses the gutter from side to side (one may run into it, as an overfull
        // line does; narrow ones within the allowance may cross), and the two
        // columns' lines do not pair up as a table's cells do (most of a table's cells share
        // a baseline with a cell across the gutter).
        if ok && !weak.is_empty() {
            ok = all.len() == 1
                && weak.len() == 1
                && prose.len() == 1
                && frags.iter().all(|f| {
                    f.x1 - f.x0 < w * 0.55 || f.x0 >= all[0].0 - 0.5 || f.x1 <= all[0].1 + 0.5
                })
                && on_baselines_of(&weak[0], &prose[0]) * 2 < weak[0].len();
        }
        // Columns of unequal width, one holding lines wider than the narrow ones (a sidebar
        // beside the text): the narrower's lines do not pair up with the other's as a
        // two-column table's names do with their descriptions' first lines.
        if ok
            && columns.len() == 2
            && columns
                .iter()
                .flat_map(|c| &c.1)
                .any(|f| f.x1 - f.x0 >= w * 0.55)
        {
            let (a, b) = (&columns[0], &columns[1]);
            let (narrower, other) = if a.0 <= b.0 {
                (&a.1, &b.1)
            } else {
                (&b.1, &a.1)
            };
            ok = on_baselines_of(narrower, other) * 2 < narrower.len();
        }
        // Two columns of short items paired line by line are a table (see `table_grid`).
        if ok && all.len() == 1 && table_grid(&narrow, l, all[0], r) {
            ok = false;
        }
        if ok {
            out = all;
        }
        if out.len() == 2 {
            break;
        }
    }
    out
}

/// How many of `frags` share a baseline (within a point) with one of `with`.
fn on_baselines_of(frags: &[&Frag], with: &[&Frag]) -> usize {
    let mut bases: Vec<f32> = with.iter().map(|p| p.base).collect();
    bases.sort_by(f32::total_cmp);
    frags
        .iter()
        .filter(|f| {
            let i = bases.partition_point(|&b| b <= f.base - 1.0);
            bases.get(i).is_some_and(|&b| b < f.base + 1.0)
        })
        .count()
}

/// Which of `frags` stand on a row of their own: no fragment beside them shares their height,
/// other than the pieces of their own line (same baseline, less than 0.6 of the type size
/// apart, where a gutter is wider). A title centred over two columns, or the caption of a
/// figure as wide as the page, stands alone; a column's line has the other column's beside it.
pub(super) fn lone_rows(frags: &[Frag]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..frags.len()).collect();
    order.sort_by(|&a, &b| frags[a].base.total_cmp(&frags[b].base));
    // Lines: fragments on one baseline, left to right, each with its height.
    let mut line_of = vec![0usize; frags.len()];
    let mut lines: Vec<(f32, f32)> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && {
            let (p, f) = (&frags[order[end - 1]], &frags[order[end]]);
            f.base - p.base < p.size.min(f.size) * 0.3
        } {
            end += 1;
        }
        let row = &mut order[start..end];
        row.sort_by(|&a, &b| frags[a].x0.total_cmp(&frags[b].x0));
        let mut right = f32::NEG_INFINITY;
        for &i in row.iter() {
            let f = &frags[i];
            if f.x0 - right < f.size * 0.6 {
                let l = lines.last_mut().expect("a line was started");
                *l = (l.0.min(f.y0), l.1.max(f.y1));
            } else {
                lines.push((f.y0, f.y1));
            }
            line_of[i] = lines.len() - 1;
            right = right.max(f.x1);
        }
        start = end;
    }
    let mut by_top: Vec<usize> = (0..lines.len()).collect();
    by_top.sort_by(|&a, &b| lines[a].0.total_cmp(&lines[b].0));
    let mut lone = vec![true; lines.len()];
    for (k, &a) in by_top.iter().enumerate() {
        let (a0, a1) = lines[a];
        for &b in &by_top[k + 1..] {
            let (b0, b1) = lines[b];
            if b0 >= a1 {
                break;
            }
            if a1.min(b1) - b0 > (a1 - a0).min(b1 - b0) * 0.3 {
                lone[a] = false;
                lone[b] = false;
            }
        }
    }
    line_of.iter().map(|&l| lone[l]).collect()
}

/// Whether two columns of `frags` either side of valley `g` (text from `l` to `r`) are a
/// table's: their lines pair one to one on the same baselines (95 % both ways: a row's cells
/// share a baseline, where two columns of text drift apart at the first heading or gap),
/// and one of them holds three words a line or fewer (names, versions, where text columns
/// hold sentences).
pub(super) fn table_grid(frags: &[&Frag], l: f32, g: (f32, f32), r: f32) -> bool {
    let side = |a: f32, b: f32| {
        let inside: Vec<&&Frag> = frags
            .iter()
            .filter(|f| f.x0 >= a - 0.5 && f.x1 <= b + 0.5)
            .collect();
        let mut bases: Vec<f32> = inside.iter().map(|f| f.base).collect();
        bases.sort_by(f32::total_cmp);
        bases.dedup_by(|x, y| (*x - *y).abs() < 1.0);
        let words: usize = inside
            .iter()
            .map(|f| f.text.split_whitespace().count())
            .sum();
        let per_line = words as f32 / bases.len().max(1) as f32;
        (bases, per_line)
    };
    let ((left, lw), (right, rw)) = (side(l, g.0), side(g.1, r));

    let paired = |a: &[f32], b: &[f32]| {
        let n = a
            .iter()
            .filter(|x| b.iter().any(|y| (*x - y).abs() < 1.0))
            .count();
        n * 20 >= a.len() * 19
    };
    left.len() >= 3 && paired(&left, &right) && paired(&right, &left) && lw.min(rw) <= 3.0
}

/// Fragments of one flow → lines: same baseline (within a third of the size, or inside the
/// line's height for super- and subscripts), left to right.
pub(super) fn join_lines(frags: &[Frag], idx: &[usize], flow: (u32, u32)) -> Vec<VLine> {
    let mut idx = idx.to_vec();
    idx.sort_by(|&a, &b| {
        frags[a]
            .base
            .total_cmp(&frags[b].base)
            .then(frags[a].x0.total_cmp(&frags[b].x0))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in idx {
        let f = &frags[i];
        let joined = groups.last_mut().is_some_and(|g| {
            let main = &frags[g[0]];
            if f.figure || main.figure {
                return false;
            }
            let size = main.size.max(f.size);
            // A display label more than twice the size of the line beside it (a chapter's
            // big number next to its title) is a line of its own.
            let display = |a: &Frag, b: &Frag| a.size > b.size * 2.0 && display_label(&a.text);
            let same_base =
                (f.base - main.base).abs() <= size * 0.35 && !display(f, main) && !display(main, f);
            // A superscript or subscript: smaller, its middle inside the line's height, and
            // short (a line of body text under a title's deep descent is no subscript).
            let mid = (f.y0 + f.y1) / 2.0;
            let script = f.size < main.size * 0.85
                && (f.chars <= 12 || f.chars <= main.chars)
                && mid > main.y0
                && mid < main.y1 + main.size * 0.3
                && !display(main, f);
            if same_base || script {
                g.push(i);
                true
            } else {
                false
            }
        });
        if !joined {
            groups.push(vec![i]);
        }
    }
    // A superscript that sorted before its line (its baseline is higher) or a subscript that
    // sorted after it: a group of small type only, inside the height of a neighbouring line.
    let extent = |g: &[usize]| {
        let size = g.iter().map(|&i| frags[i].size).fold(0.0f32, f32::max);
        let y0 = g.iter().map(|&i| frags[i].y0).fold(f32::INFINITY, f32::min);
        let y1 = g
            .iter()
            .map(|&i| frags[i].y1)
            .fold(f32::NEG_INFINITY, f32::max);
        (size, y0, y1)
    };
    let mut k = 0;
    while k < groups.len() {
        let (size, y0, y1) = extent(&groups[k]);
        let mid = (y0 + y1) / 2.0;
        // A lone footnote mark that a macro pushed under its line belongs to the line above.
        let lone_mark = groups[k].len() == 1 && is_marker(&frags[groups[k][0]].text);
        let chars = |g: &[usize]| g.iter().map(|&i| frags[i].chars).sum::<u32>();
        let figure = |g: &[usize]| g.iter().any(|&i| frags[i].figure);
        let host = [k + 1, k.wrapping_sub(1)].into_iter().find(|&h| {
            h < groups.len() && !figure(&groups[k]) && !figure(&groups[h]) && {
                let (hs, hy0, hy1) = extent(&groups[h]);
                // A title line beside a big display number is not the number's subscript.
                !(groups[h].len() == 1 && display_label(&frags[groups[h][0]].text))
                    // Short, as a script is (see above).
                    && (chars(&groups[k]) <= 12 || chars(&groups[k]) <= chars(&groups[h]))
                    && size < hs * 0.85
                    // And more than two fifths of its host's size: a letter drawn twenty
                    // times the text's (a figure showing a glyph, a warning sign beside a
                    // paragraph) hosts no line under it (which would make it the host of the
                    // next, and so on down the page).
                    && size > hs * 0.4
                    && ((mid > hy0 - hs * 0.3 && mid < hy1 + hs * 0.2)
                        || (lone_mark && h + 1 == k && mid < hy1 + hs * 1.5))
            }
        });
        match host {
            Some(h) => {
                let g = groups.remove(k);
                let h = if h > k { h - 1 } else { h };
                groups[h].extend(g);
                k = h.min(k);
            }
            None => k += 1,
        }
    }
    // A display label goes before the first line beside it: `1` then the title it numbers,
    // whose lines it stands next to (it shares a baseline with the last of them).
    let mut k = 0;
    while k < groups.len() {
        let g = &groups[k];
        let f = &frags[g[0]];
        if g.len() == 1 && display_label(&f.text) {
            let beside = groups[..k].iter().position(|h| {
                let (hs, hy0, hy1) = extent(h);
                f.size > hs * 2.0 && hy0 < f.y1 && hy1 > f.y0
            });
            if let Some(mut to) = beside {
                // The title's first lines may stand above the glyph: the lines set tight
                // above, in the same size, belong to it.
                let base = |h: &[usize]| frags[h[0]].base;
                while to > 0 && {
                    let (a, b) = (&groups[to - 1], &groups[to]);
                    let (sa, sb) = (extent(a).0, extent(b).0);
                    (sa - sb).abs() < 0.5 && base(b) - base(a) <= sb * 1.35
                } {
                    to -= 1;
                }
                let g = groups.remove(k);
                groups.insert(to, g);
            }
        }
        k += 1;
    }
    let mut out = Vec::with_capacity(groups.len());
    for mut g in groups {
        g.sort_by(|&a, &b| frags[a].x0.total_cmp(&frags[b].x0));
        // Overlapping fragments on one baseline (text drawn twice for a bold effect): keep one.
        let mut kept: Vec<usize> = Vec::with_capacity(g.len());
        for &i in &g {
            let dup = kept.iter().any(|&k| {
                frags[k].text == frags[i].text && (frags[k].x0 - frags[i].x0).abs() < 2.0
            });
            if !dup {
                kept.push(i);
            }
        }
        // The line's type is that of its text, not of the code inside it: a sentence with a
        // function name in smaller monospace is body text all the same (a line of code with
        // its line number is code).
        let (all, mono) = kept.iter().fold((0, 0), |(a, m), &i| {
            (a + frags[i].chars, m + frags[i].mono_chars)
        });
        let code = mostly(mono, all);
        let main = kept
            .iter()
            .copied()
            .max_by_key(|&i| {
                let f = &frags[i];
                (
                    if code {
                        f.chars
                    } else {
                        f.chars - f.mono_chars
                    },
                    f.chars,
                )
            })
            .unwrap();
        let mut text = String::new();
        let mut cells: Vec<(f32, f32, String)> = Vec::new();
        let (mut x0, mut y0, mut x1, mut y1) = (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        );
        let (mut bold_c, mut italic_c, mut chars) = (0u32, 0u32, 0u32);
        let mut prev_x1 = f32::NEG_INFINITY;
        let (mut lead, mut lead_open) = (0usize, true);
        for &i in &kept {
            let f = &frags[i];
            let gap = f.x0 - prev_x1;
            if !text.is_empty() && gap > f.size.max(frags[main].size) * 0.12 {
                text.push(' ');
            }
            text.push_str(&f.text);
            // The bold run the line starts with, across fragments.
            if lead_open {
                if f.chars > 0 && f.bold_chars == f.chars {
                    lead = text.len();
                } else {
                    if f.bold_lead > 0 && !f.lead_open {
                        lead = text.len() - f.text.len() + f.bold_lead;
                    }
                    lead_open = false;
                }
            }
            match cells.last_mut() {
                Some(c) if gap <= frags[main].size * 0.9 => {
                    c.1 = c.1.max(f.x1);
                    if gap > f.size.max(frags[main].size) * 0.12 {
                        c.2.push(' ');
                    }
                    c.2.push_str(&f.text);
                }
                _ => cells.push((f.x0, f.x1, f.text.clone())),
            }
            x0 = x0.min(f.x0);
            y0 = y0.min(f.y0);
            x1 = x1.max(f.x1);
            y1 = y1.max(f.y1);
            prev_x1 = prev_x1.max(f.x1);
            chars += f.chars;
            bold_c += f.bold_chars;
            italic_c += f.italic_chars;
        }
        let m = &frags[main];
        // Footnote markers: raised small digits or symbols inside the line.
        let markers: Vec<String> = kept
            .iter()
            .map(|&i| &frags[i])
            .filter(|f| f.size < m.size * 0.85 && is_marker(&f.text))
            .map(|f| f.text.clone())
            .chain(kept.iter().flat_map(|&i| frags[i].marks.iter().cloned()))
            .collect();
        // All bold is a bold line, not a lead.
        let bold_lead = if lead_open { 0 } else { lead };
        out.push(VLine {
            x0,
            y0,
            x1,
            y1,
            base: m.base,
            size: m.size,
            bold: mostly(bold_c, chars),
            mono: code,
            italic: italic_c * 10 >= chars.max(1) * 9,
            text,
            chars,
            cells,
            flow,
            furniture: false,
            table: None,
            footnote: false,
            page_shift: 0,
            markers,
            span: false,
            bold_lead,
            figure: kept.iter().any(|&i| frags[i].figure),
            break_before: false,
        });
    }
    out
}
