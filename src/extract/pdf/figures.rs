//! Figures and underlines from a page's images and drawings.

use super::*;

/// Graphics clustered by [`figures`]: their box, the area of those that are drawings, and
/// their rectangles round text (cells, frames) and empty ones.
#[derive(Default)]
pub(super) struct Region {
    bbox: [f32; 4],
    drawn_area: f32,
    cells: u32,
    empty_rects: u32,
}

/// A region with more words than this (of eight characters or more) is text, not a figure;
/// it also bounds the words compared with each other for shared left edges.
pub(super) const FIGURE_MAX_WORDS: usize = 400;

/// Underlined text counts as bold: word processors' documents underline their titles
/// (`Summary`, `Background: The Massbus` in Word's underline style) where others set them in
/// bold, and the text rules read the emphasis, not how it was drawn. A fragment is underlined
/// when a rule (under 2 pt thick) runs under it, between its baseline and a quarter of its
/// size below, over at least 90 % of its width and not more than a few points past either end
/// (a rule under a whole title band runs far past one fragment's words). Not a link's
/// underline (the words inside one of the page's link boxes, or mostly in a colour), nor a
/// table's rule (its ends are those of another rule on the page).
pub(super) fn underlines(p: &mut read::PageText) {
    let rules: Vec<[f32; 4]> = p
        .graphics
        .iter()
        .map(|g| g.0)
        .filter(|b| b[3] - b[1] < 2.0 && b[2] - b[0] >= 4.0)
        .collect();
    if rules.is_empty() || rules.len() > UNDERLINE_MAX_RULES {
        return;
    }
    // A table's rules share their ends with the rules of the rows above and below.
    let lone: Vec<&[f32; 4]> = rules
        .iter()
        .filter(|r| {
            !rules.iter().any(|o| {
                (o[0] - r[0]).abs() <= 1.0
                    && (o[2] - r[2]).abs() <= 1.0
                    && (o[1] - r[1]).abs() > 2.0
            })
        })
        .collect();
    for f in p.frags.iter_mut().filter(|f| f.chars > 0 && !f.figure) {
        let width = f.x1 - f.x0;
        let slack = 3.0_f32.max(width * 0.05);
        let under = lone.iter().any(|r| {
            let y = (r[1] + r[3]) / 2.0;
            let overlap = r[2].min(f.x1) - r[0].max(f.x0);
            y >= f.base - 0.5
                && y <= f.base + f.size * 0.25
                && overlap >= width * 0.9
                && r[0] >= f.x0 - slack
                && r[2] <= f.x1 + slack
        });
        let (cx, cy) = ((f.x0 + f.x1) / 2.0, (f.y0 + f.y1) / 2.0);
        let linked = p
            .links
            .iter()
            .any(|l| l[0] <= cx && cx <= l[2] && l[1] <= cy && cy <= l[3]);
        if under && f.colored_chars * 2 <= f.chars && !linked {
            f.bold_chars = f.chars;
        }
    }
}

/// Rules on a page beyond this many are not searched for underlines (a ruled form, a chart's
/// grid): each is compared with every other once.
pub(super) const UNDERLINE_MAX_RULES: usize = 1_000;

/// Graphics on a page beyond this many are not searched for figures (a map or a plot of
/// many thousand paths): the page keeps its text as it is.
pub(super) const FIGURE_MAX_GRAPHICS: usize = 5_000;

/// Figure regions: the page's images and drawings, rules (thinner than 2 pt) and the page's
/// background left out, clustered where they touch or lie within 6 pt of each other. A region
/// is a figure when it holds an image, a shape round no text, a large empty rectangle or three
/// small ones (a frame or shading round text, a table's cells are not drawings), is at least 40 by 30 pt, its text (labels, a legend) covers under a
/// quarter of it, is mostly not monospaced, and none of it is a line of prose (50 characters
/// or more) or set larger than the page's body (1.15 times; 1.35 among four labels or more),
/// and it is not mostly lines set flush at one
/// edge: a shaded code listing, a table's cells, a framed paragraph or a title on a coloured
/// band are no figures. Each figure becomes
/// one fragment flagged `figure` with the region's box, in place of the fragments inside it;
/// its text is theirs in reading order, or `[figure]` when it has none.
pub(super) fn figures(p: &mut read::PageText) {
    const GAP: f32 = 6.0;
    let (w, h) = (p.width, p.height);
    use crate::extract::mupdf_ffi::Graphic;
    keep_figure_graphics(p);
    if p.graphics.is_empty() {
        return;
    }
    let mut boxes: Vec<([f32; 4], Graphic)> = std::mem::take(&mut p.graphics);
    boxes.sort_by(|(a, _), (b, _)| a[1].total_cmp(&b[1]).then(a[0].total_cmp(&b[0])));
    // The page's body size: the size most of its characters are set in.
    let mut sizes: Vec<(f32, u32)> = Vec::new();
    for f in &p.frags {
        match sizes.iter_mut().find(|s| (s.0 - f.size).abs() < 0.25) {
            Some(s) => s.1 += f.chars,
            None => sizes.push((f.size, f.chars)),
        }
    }
    let body = sizes.iter().max_by_key(|s| s.1).map_or(10.0, |s| s.0);
    // Union-find over boxes that touch, swept down the page.
    let mut parent: Vec<usize> = (0..boxes.len()).collect();
    let mut open: Vec<usize> = Vec::new();
    for i in 0..boxes.len() {
        let b = boxes[i].0;
        open.retain(|&j| boxes[j].0[3] + GAP >= b[1]);
        for &j in &open {
            let o = boxes[j].0;
            if o[0] <= b[2] + GAP && b[0] <= o[2] + GAP {
                let (ri, rj) = (union_root(&mut parent, i), union_root(&mut parent, j));
                parent[ri] = rj;
            }
        }
        open.push(i);
    }
    // A shape frames text when the text inside it starts near its top left corner (its
    // padding) and fills it as lines do: wide, or two lines or more flush left. A curve with
    // a label or a legend inside its box does not.
    // The fragments by their top, so that a shape meets only those at its height.
    let mut by_top: Vec<&Frag> = p.frags.iter().collect();
    by_top.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    let frames_text = |b: &[f32; 4]| {
        let from = by_top.partition_point(|f| f.y0 < b[1] - 1.0);
        let within: Vec<&Frag> = by_top[from..]
            .iter()
            .take_while(|f| f.y0 <= b[3] + 1.0)
            .filter(|f| f.x0 >= b[0] - 1.0 && f.x1 <= b[2] + 1.0 && f.y1 <= b[3] + 1.0)
            .copied()
            .collect();
        let left = within.iter().map(|f| f.x0).fold(f32::INFINITY, f32::min);
        let right = within
            .iter()
            .map(|f| f.x1)
            .fold(f32::NEG_INFINITY, f32::max);
        let top = within.iter().map(|f| f.y0).fold(f32::INFINITY, f32::min);
        let flush = within.iter().filter(|f| (f.x0 - left).abs() <= 2.0).count();
        !within.is_empty()
            && left - b[0] <= 20.0
            && top - b[1] <= 20.0
            && ((right - left) * 10.0 >= (b[2] - b[0]) * 4.0 || flush >= 2)
    };
    let mut regions: Vec<Region> = Vec::new();
    let mut region_of: HashMap<usize, usize> = HashMap::new();
    for (i, &(b, kind)) in boxes.iter().enumerate() {
        let root = union_root(&mut parent, i);
        let framing = kind != Graphic::Image && frames_text(&b);
        let drawn = match kind {
            Graphic::Image => true,
            Graphic::Path => !framing,
            // A large empty rectangle is a drawing of its own (a swatch, a placeholder).
            Graphic::Rectangle => !framing && b[2] - b[0] >= 40.0 && b[3] - b[1] >= 30.0,
        };
        let k = *region_of.entry(root).or_insert_with(|| {
            regions.push(Region {
                bbox: b,
                ..Region::default()
            });
            regions.len() - 1
        });
        let g = &mut regions[k];
        let u = g.bbox;
        g.bbox = [
            u[0].min(b[0]),
            u[1].min(b[1]),
            u[2].max(b[2]),
            u[3].max(b[3]),
        ];
        if drawn {
            g.drawn_area += (b[2] - b[0]) * (b[3] - b[1]);
        }
        if kind == Graphic::Rectangle {
            if framing {
                g.cells += 1;
            } else {
                g.empty_rects += 1;
            }
        }
    }
    for g in regions {
        let r = g.bbox;
        // Frames, shaded boxes and rules round text are no figures; nor is a table whose
        // cells hold small pictures (drawings over less than a fifth of it).
        let area = (r[2] - r[0]) * (r[3] - r[1]);
        let drawing = g.drawn_area > 0.0 || g.empty_rects >= 3;
        if !drawing || (g.cells >= 3 && g.drawn_area * 5.0 < area) {
            continue;
        }
        let r = [r[0].max(0.0), r[1].max(0.0), r[2].min(w), r[3].min(h)];
        let (rw, rh) = (r[2] - r[0], r[3] - r[1]);
        if rw < 40.0 || rh < 30.0 {
            continue;
        }
        let inside = |f: &Frag| {
            let (cx, cy) = ((f.x0 + f.x1) / 2.0, (f.y0 + f.y1) / 2.0);
            !f.figure && cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3]
        };
        let mut covered = 0.0;
        let mut prose = false;
        let (mut chars, mut mono) = (0, 0);
        // A diagram's labels may be set a little larger than the body (`OpenHPI Application`
        // in a box of an event diagram, at 1.2 times): four labels or more. One or two lines
        // over a picture in a larger type are a title on it, text.
        let labels = p.frags.iter().filter(|f| inside(f)).count();
        let large = |f: &Frag| f.size >= body * if labels >= 4 { 1.35 } else { 1.15 };
        for f in p.frags.iter().filter(|f| inside(f)) {
            covered += (f.x1 - f.x0) * (f.y1 - f.y0);
            prose |= f.chars >= 50 || large(f);
            chars += f.chars;
            mono += f.mono_chars;
        }
        if prose || covered * 4.0 >= rw * rh || mono * 2 > chars {
            continue;
        }
        // Lines of words set flush at shared left edges (one or more columns of them): framed
        // text, not a drawing's labels (tick labels align too, but are short; a legend's
        // entries align, but are not most of a chart's words).
        let words: Vec<&Frag> = p
            .frags
            .iter()
            .filter(|f| inside(f) && f.chars >= 8)
            .take(FIGURE_MAX_WORDS + 1)
            .collect();
        let (flush, flush_chars) = words
            .iter()
            .filter(|f| {
                words
                    .iter()
                    .filter(|g| (g.x0 - f.x0).abs() <= 2.0 && g.y0 != f.y0)
                    .count()
                    >= 2
            })
            .fold((0, 0), |(n, c), f| (n + 1, c + f.chars));
        if words.len() > FIGURE_MAX_WORDS || (flush >= 4 && flush_chars * 4 >= chars * 3) {
            continue;
        }
        let mut labels: Vec<Frag> = Vec::new();
        p.frags.retain(|f| {
            if inside(f) {
                labels.push(f.clone());
                false
            } else {
                true
            }
        });
        labels.sort_by(|a, b| a.base.total_cmp(&b.base).then(a.x0.total_cmp(&b.x0)));
        let text = if labels.is_empty() {
            "[figure]".to_string()
        } else {
            labels
                .iter()
                .map(|f| f.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let size = labels.iter().map(|f| f.size).fold(0.0f32, f32::max);
        let mut fig = Frag::plain(r, r[3], if size > 0.0 { size } else { body }, text);
        fig.figure = true;
        p.frags.push(fig);
    }
}

/// Keeps of a page's graphics only those [`figures`] clusters: two points wide and high at
/// least, on the page, not a frame round the whole of it; none when there are more than
/// [`FIGURE_MAX_GRAPHICS`] (a page drawn as thousands of strokes is read as text). A page
/// held until every page is read keeps no more than it needs.
pub(super) fn keep_figure_graphics(p: &mut read::PageText) {
    let (w, h) = (p.width, p.height);
    p.graphics.retain(|(b, _)| {
        let (bw, bh) = (b[2] - b[0], b[3] - b[1]);
        bw >= 2.0
            && bh >= 2.0
            && !(bw >= w * 0.9 && bh >= h * 0.9)
            && b[2] > 0.0
            && b[3] > 0.0
            && b[0] < w
            && b[1] < h
    });
    if p.graphics.len() > FIGURE_MAX_GRAPHICS {
        p.graphics = Vec::new();
    }
    p.graphics.shrink_to_fit();
}

/// The root of `i`'s set in a union-find forest (`parent[k] == k` at a root), halving the
/// path on the way.
pub(super) fn union_root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}
