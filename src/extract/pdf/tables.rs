//! Tables from aligned cells: column ranges, header rows, rows that wrap or go on over a
//! page, words broken inside cells, and contents pages set as tables.

use super::*;

/// The x ranges the cells of `rows` cover, overlapping ones (within 1 pt) joined, left to right.
pub(super) fn cell_ranges(lines: &[VLine], rows: impl Iterator<Item = usize>) -> Vec<(f32, f32)> {
    let mut spans: Vec<(f32, f32)> = rows
        .flat_map(|r| lines[r].cells.iter().map(|c| (c.0, c.1)))
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f32, f32)> = Vec::new();
    for s in spans {
        match out.last_mut() {
            Some(c) if s.0 <= c.1 + 1.0 => c.1 = c.1.max(s.1),
            _ => out.push(s),
        }
    }
    out
}

/// Tables: runs of three or more lines of one flow with two or more cells each, whose cells
/// fall into the same two or more column ranges (ranges of x that some cell covers and no
/// gap cuts).
pub(super) fn find_tables(p: &mut Page, tables: &mut Vec<TableShape>) {
    let Page { lines, rules, .. } = p;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].furniture
            || lines[i].cells.len() < 2
            || lines[i].mono
            || leaders(&lines[i].text)
            || titles_a_table(lines, i)
        {
            i += 1;
            continue;
        }
        let flow = lines[i].flow;
        let mut j = i;
        let mut rows = Vec::new();
        while j < lines.len()
            && lines[j].flow == flow
            && !lines[j].furniture
            && !lines[j].mono
            && !leaders(&lines[j].text)
            && (lines[j].size - lines[i].size).abs() < 0.5
            && (j == i || lines[j].base - lines[j - 1].base < lines[i].size * 3.0)
            // A bulleted item under a table whose rows are none (`•` and its text set apart
            // by a tab) starts a list after it. (A numbered one may be a row: `1. | Alpha`.)
            && (j == i
                || !lines[j].cells.first().is_some_and(|c| bullet_cell(&c.2))
                || lines[i].cells.first().is_some_and(|c| bullet_cell(&c.2)))
            // A bold line with a section number, set further below the rows than they are
            // apart, is a title after the table (`3.3.3.1.1 | Associated Real-World
            // Activity`), not a row.
            && !(j > i + 1
                && lines[j].bold
                && !lines[j - 1].bold
                && headings::numbering(&lines[j].text).is_some_and(|n| n.parts.len() >= 2)
                && lines[j].base - lines[j - 1].base > widest(lines, i, j) + 1.0)
            && (lines[j].cells.len() >= 2
                // A wrapped cell: one cell, not in the first column, right under a row.
                || (j > i && lines[j].cells.len() == 1 && lines[j].x0 > lines[i].x0 + lines[i].size * 2.0)
                || (j > i && first_column_wrap(lines, i, j)))
        {
            rows.push(j);
            j += 1;
        }
        let multi = rows.iter().filter(|&&r| lines[r].cells.len() >= 2).count();
        // A list whose markers stand apart from their text (a word processor's tab after
        // `•` or `1.`) is two columns of a list, not a table.
        let list = rows.iter().all(|&r| match lines[r].cells.as_slice() {
            [m, _] => marker_cell(&m.2),
            [_] => true,
            _ => false,
        });
        if multi >= 3 && !list && !toc_run(lines, &rows) && !numbered_titles(lines, &rows) {
            // Column ranges: union of the cells' x ranges.
            let cols = cell_ranges(lines, rows.iter().copied());
            // A cell that covers several column ranges is a merged cell; the ranges come from
            // the rows without such cells.
            let most = rows
                .iter()
                .map(|&r| lines[r].cells.len())
                .max()
                .unwrap_or(0);
            let single = cell_ranges(
                lines,
                rows.iter()
                    .copied()
                    .filter(|&r| lines[r].cells.len() == most),
            );
            let ncols = cols.len().max(single.len());
            // Prose never makes it here with two ranges, but a wide one-cell line would have
            // merged every range into one.
            if ncols >= 2 && cols.len() >= 2 {
                let ranges = if single.len() >= 2 { &single } else { &cols };
                // The top of a header set at the bottom of its cells: lines above the run,
                // or its own first lines.
                let (above, top) = header_top(lines, &rows, ranges);
                let rows: Vec<usize> = (rows[0] - above..rows[0]).chain(rows).collect();
                let mut cont = continuations(lines, &rows, ranges);
                for c in &mut cont[1..=top] {
                    *c = true;
                }
                let starts: Vec<usize> = (0..rows.len()).filter(|&k| !cont[k]).collect();
                let first_bold = lines[rows[0]].bold;
                let rest_bold = starts[1..].iter().any(|&k| lines[rows[k]].bold);
                let numeric = |t: &str| t.chars().any(|c| c.is_ascii_digit());
                let header_rows = if (first_bold && !rest_bold)
                    || (!numeric(&lines[rows[0]].text)
                        && rows[1..].iter().any(|&r| numeric(&lines[r].text)))
                {
                    1
                } else {
                    0
                };
                let glued = broken_words(lines, &rows, &starts, ranges);
                // Each row becomes one line: the lines its cells wrap onto join it, cell by
                // cell, top to bottom.
                for (n, &k) in starts.iter().enumerate() {
                    let end = starts.get(n + 1).copied().unwrap_or(rows.len());
                    if end > k + 1 {
                        let merged = join_row(lines, &rows[k..end], ranges, &glued);
                        lines[rows[k]] = merged;
                    }
                }
                let row_lines: Vec<&VLine> = starts.iter().map(|&k| &lines[rows[k]]).collect();
                let header_rows = if header_rows == 0 && ruled_header(&row_lines, rules) {
                    1
                } else {
                    header_rows
                };
                let mut cell_spans = Vec::new();
                for (row_no, &k) in starts.iter().enumerate() {
                    for c in &lines[rows[k]].cells {
                        let covered: Vec<usize> = (0..ranges.len())
                            .filter(|&q| c.0 < ranges[q].1 - 1.0 && c.1 > ranges[q].0 + 1.0)
                            .collect();
                        if covered.len() >= 2 {
                            cell_spans.push([
                                row_no as u32,
                                covered[0] as u32,
                                1,
                                covered.len() as u32,
                            ]);
                        }
                    }
                }
                let t = tables.len();
                tables.push(TableShape {
                    rows: starts.len() as u32,
                    cols: ranges.len() as u32,
                    header_rows,
                    grid_kind: "pdf_grid",
                    cell_spans,
                });
                for &k in &starts {
                    lines[rows[k]].table = Some(t);
                }
                // The lines joined into their rows go.
                let gone: Vec<usize> = (0..rows.len())
                    .filter(|&k| cont[k])
                    .map(|k| rows[k])
                    .collect();
                if !gone.is_empty() {
                    let mut at = 0;
                    lines.retain(|_| {
                        at += 1;
                        gone.binary_search(&(at - 1)).is_err()
                    });
                }
                i = j - gone.len();
                continue;
            }
        }
        i = j.max(i + 1);
    }
}

/// A cell that holds a section number of two parts or more and nothing else (`5.1.1`,
/// `6.2.2.1.`), as the heading rules read one before a title: its parts.
pub(super) fn section_number_cell(cell: &str) -> Option<Vec<u32>> {
    let t = cell.trim();
    headings::numbering(&format!("{t} Title"))
        .filter(|n| n.parts.len() >= 2 && n.prefix_len >= t.len())
        .map(|n| n.parts)
}

/// Rows that are sections' titles one after another: each in bold, a section number of two
/// parts or more set apart from its title, numbered on by one under the same parent
/// (`6.2.2.1 | char∗ Container::alias`, `6.2.2.2 | struct __OTF2_String Container::alias`: a
/// reference manual's entries with nothing under them), each title perhaps wrapped onto a
/// line of its own right of the numbers.
pub(super) fn numbered_titles(lines: &[VLine], rows: &[usize]) -> bool {
    let number = |l: &VLine| -> Option<Vec<u32>> {
        let [n, _, ..] = l.cells.as_slice() else {
            return None;
        };
        section_number_cell(&n.2).filter(|_| l.bold)
    };
    // A title's wrapped line, one cell in bold right of the numbers, goes with its title.
    let wrapped = |r: usize| {
        let l = &lines[r];
        l.bold && l.cells.len() == 1 && r > rows[0] && l.x0 > lines[rows[0]].cells[0].1
    };
    let Some(numbers) = rows
        .iter()
        .filter(|&&r| !wrapped(r))
        .map(|&r| number(&lines[r]))
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    numbers.windows(2).all(|w| {
        let (a, b) = (&w[0], &w[1]);
        a.len() == b.len()
            && a[..a.len() - 1] == b[..b.len() - 1]
            && a.last().and_then(|x| x.checked_add(1)) == b.last().copied()
    })
}

/// Line `i` is a section's title over a table or a two-column example, not its first row: in
/// bold, over a line that is not, its first cell a section number of two parts or more and
/// nothing else (`1.3.1 | While Loop` over `\While{condition} | while condition do`, the
/// number and title set apart by a quad).
pub(super) fn titles_a_table(lines: &[VLine], i: usize) -> bool {
    let l = &lines[i];
    l.bold
        && lines.get(i + 1).is_some_and(|n| !n.bold)
        && l.cells
            .first()
            .is_some_and(|c| section_number_cell(&c.2).is_some())
}

/// The top lines of a header set at the bottom of its cells, whose cells that wrap more start
/// higher than the others (see [`tops_header`]), for a table run `rows`: how many lines right
/// above the run join its first line (`Commit` over `subject prefix | Changelog section …`),
/// and how many lines of the header's top that makes, those above the run or, when there are
/// none, the run's own first lines of two cells or more over a fuller one (`Default | Extra`
/// over `Feature | Description | Enabled | Dependencies`). Three at most.
pub(super) fn header_top(lines: &[VLine], rows: &[usize], ranges: &[(f32, f32)]) -> (usize, usize) {
    let first = &lines[rows[0]];
    let step = tightest(lines, rows[0], rows[rows.len() - 1] + 1);
    let mut above = 0;
    while above < 3
        && rows[0] > above
        && tops_header(
            &lines[rows[0] - above - 1],
            &lines[rows[0] - above],
            first,
            step,
            ranges,
        )
    {
        above += 1;
    }
    if above > 0 {
        return (above, above);
    }
    let mut inside = 0;
    while inside < 3
        && inside + 1 < rows.len()
        && tops_header(
            &lines[rows[inside]],
            &lines[rows[inside + 1]],
            &lines[rows[inside + 1]],
            step,
            ranges,
        )
    {
        inside += 1;
    }
    (0, inside)
}

/// Whether line `l` is the top of a header set at the bottom of its cells, over line `below`,
/// in a table whose fullest line of the header is `first` and whose tightest step is `step`:
/// `l` has fewer cells than `first`, each inside a column of `ranges` (or reaching past it,
/// short of the next column: the column is as wide as the header cell, its other cells may
/// all be narrower), at its left edge (or its right edge) over a piece of `below` set there
/// too that would not have fitted after it (full); it is in `first`'s type and flow, in no
/// table yet, set no further above `below` than the tightest step (with a fifth to spare),
/// and ends no sentence.
pub(super) fn tops_header(
    l: &VLine,
    below: &VLine,
    first: &VLine,
    step: f32,
    ranges: &[(f32, f32)],
) -> bool {
    let gap = below.base - l.base;
    l.flow == first.flow
        && l.table.is_none()
        && !l.furniture
        && !l.mono
        && l.bold == first.bold
        && (l.size - first.size).abs() < 0.5
        && !l.cells.is_empty()
        && l.cells.len() < first.cells.len()
        && gap > 0.0
        && gap <= step * 1.2 + 0.5
        && !l.text.trim_end().ends_with(['.', ':', ';'])
        && l.cells.iter().all(|c| {
            // Set at its column's left edge over a piece set there too, or at its right edge
            // over a piece set there (a column of numbers).
            let left = |x: &(f32, f32, String), r: &(f32, f32)| (x.0 - r.0).abs() <= 1.5;
            let right = |x: &(f32, f32, String), r: &(f32, f32)| (x.1 - r.1).abs() <= 1.5;
            let Some((q, r, b)) = ranges.iter().enumerate().find_map(|(q, r)| {
                let b = below
                    .cells
                    .iter()
                    .find(|b| (left(c, r) && left(b, r)) || (right(c, r) && right(b, r)))?;
                Some((q, r, b))
            }) else {
                return false;
            };
            // A word broken at the column's edge (`Benchmar` over `k`), or words that did not
            // fit beside the one below (`CPU Target` over `Feature`, `Time (smaller` over `is
            // better)`), reach further than the column's other cells, though not into the
            // next column.
            let wider = ranges.get(q + 1).is_some_and(|n| c.1 < n.0 - l.size * 0.5);
            c.0 >= r.0 - 1.5
                && (c.1 <= r.1 + 1.5 || wider)
                && full(r.0 + (c.1 - c.0), lead_width(b), l.size, r.1)
        })
}

/// The widest step between two lines of `lines[i..j]`, over its last rows (the work per line
/// stays bounded).
pub(super) fn widest(lines: &[VLine], i: usize, j: usize) -> f32 {
    lines[i.max(j.saturating_sub(ROW_MAX_LINES))..j]
        .windows(2)
        .map(|w| w[1].base - w[0].base)
        .fold(0.0, f32::max)
}

/// The tightest step between two lines of `lines[i..j]`.
pub(super) fn tightest(lines: &[VLine], i: usize, j: usize) -> f32 {
    lines[i..j]
        .windows(2)
        .map(|w| w[1].base - w[0].base)
        .filter(|&d| d > 0.0)
        .fold(f32::INFINITY, f32::min)
}

/// Whether `lines[j]`, one cell under the first column of the table run that starts at
/// `lines[i]`, is the first cell of the row above going on (`changed / changed: /` then
/// `changed(...):`): set tight under it, at the column's left edge, short of the next column,
/// under a piece that is full (its first word would not have fitted after it), with a row
/// after it.
pub(super) fn first_column_wrap(lines: &[VLine], i: usize, j: usize) -> bool {
    let (top, l, above) = (&lines[i], &lines[j], &lines[j - 1]);
    let ([c], [a, ..], [t0, t1, ..]) = (
        l.cells.as_slice(),
        above.cells.as_slice(),
        top.cells.as_slice(),
    ) else {
        return false;
    };
    // The farthest the first column's cells reach so far (over the last rows: the work per
    // line stays bounded).
    let right = lines[i.max(j.saturating_sub(ROW_MAX_LINES))..j]
        .iter()
        .filter_map(|r| r.cells.first())
        .filter(|f| (f.0 - t0.0).abs() <= 1.5 && f.1 < t1.0)
        .map(|f| f.1)
        .fold(f32::NEG_INFINITY, f32::max);
    let step = l.base - above.base;
    (c.0 - t0.0).abs() <= 1.5
        && (a.0 - t0.0).abs() <= 1.5
        && c.1 < t1.0 - l.size * 0.5
        && step > 0.0
        && step <= l.size * 1.6
        && l.bold == above.bold
        && full(a.1, lead_width(c), l.size, right)
        // A row follows (a note under the table, `Source: IMF`, is no part of its last row).
        && lines.get(j + 1).is_some_and(|n| {
            n.flow == l.flow
                && n.base - l.base <= l.size * 3.0
                // or the cell's next line
                && !n.cells.is_empty()
        })
}

/// The width of the first piece of cell text `c` that a line cannot break: its first word, or
/// its first two when the first is opening punctuation (`{ headings:`), from the cell's width
/// per character.
pub(super) fn lead_width(c: &(f32, f32, String)) -> f32 {
    let mut words = c.2.split_whitespace();
    let first = words.next().unwrap_or("");
    let mut n = first.chars().count();
    if !first.is_empty() && first.chars().all(|ch| "([{«“‘\"'".contains(ch)) {
        n += 1 + words.next().map_or(0, |w| w.chars().count());
    }
    (c.1 - c.0) * n as f32 / c.2.chars().count().max(1) as f32
}

/// Whether a cell's line that ends at `end` is full: a word `word_w` wide, after a space, would
/// not have fitted before `right`, the farthest its column's cells reach (type `size`).
pub(super) fn full(end: f32, word_w: f32, size: f32, right: f32) -> bool {
    end + size * 0.25 + word_w * 1.1 + 1.0 >= right
}

/// The most lines one table row's cells may wrap over.
pub(super) const ROW_MAX_LINES: usize = 64;

/// Horizontal rules on a page beyond this many are not looked at for table headers (a
/// drawing made of lines, not a table's borders).
pub(super) const TABLE_MAX_RULES: usize = 2_000;

/// Which lines of a table's `rows` go on with the row above instead of starting one: a
/// wrapped cell's further lines. Such a line leaves the first column empty (or a column that
/// the row's first line fills, when the first cell wraps too), is set in the
/// type of the row's first line (a row cut by a page break does not go on with the bold
/// header repeated over the next page) and no further below the line above than the table's
/// tightest line step (rows may be set apart by padding, a cell's lines never are). Each of
/// its cells goes on from a piece of the row above in its column that it lines up with (left,
/// centred or right) and that is full: it reaches so far right that the cell's first word
/// would not have fitted after it; and the cell so far holds two words or more. In a padded
/// table (rows set apart further than the tightest step, twice or more) a line at the
/// tightest step may fill every column and go on under one-word pieces. A row that leaves the
/// first column empty under one-word cells in a table without padding (`armel | wheezy` under
/// `Debian | i386/amd64 | squeeze`), and a label centred across the table, stay rows.
/// `rows` are consecutive lines.
pub(super) fn continuations(lines: &[VLine], rows: &[usize], ranges: &[(f32, f32)]) -> Vec<bool> {
    let column = |c: &(f32, f32, String)| {
        let mid = (c.0 + c.1) / 2.0;
        (0..ranges.len())
            .min_by(|&a, &b| {
                let d = |q: usize| {
                    if mid < ranges[q].0 {
                        ranges[q].0 - mid
                    } else if mid > ranges[q].1 {
                        mid - ranges[q].1
                    } else {
                        0.0
                    }
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap_or(0)
    };
    let first = lines[rows[0]].x0;
    // The tightest step between two lines of the table: the line spacing inside a cell (rows
    // may be set further apart, with padding, never closer).
    let step = tightest(lines, rows[0], rows[rows.len() - 1] + 1);
    // Rows set further apart than the lines inside a cell (cell padding, rules): two steps or
    // more clearly wider than the tightest one. Then a line at the tightest step is a cell
    // going on, even under a one-word piece (`signature` / `verification`).
    let padded = rows
        .windows(2)
        .filter(|w| lines[w[1]].base - lines[w[0]].base > step * 1.15 + 1.0)
        .count()
        >= 2;
    let mut cont = vec![false; rows.len()];
    let mut row_start = 0;
    for k in 1..rows.len() {
        let l = &lines[rows[k]];
        let single = l.cells.len() == 1 && l.x0 > first + lines[rows[0]].size * 2.0;
        // Whether piece `a` reaches into column `q`: its own, or one it runs over (a cell
        // that the layout set too close to the one before it, `0.3x cat is a bad`).
        let covers = |a: &(f32, f32, String), q: usize| {
            column(a) == q || (a.0 < ranges[q].0 && a.1 > ranges[q].0 + 1.0)
        };
        // Each cell's piece of the row above it in its column, the nearest line up.
        let above: Vec<Option<&(f32, f32, String)>> = l
            .cells
            .iter()
            .map(|c| {
                let q = column(c);
                rows[row_start..k]
                    .iter()
                    .rev()
                    .find_map(|&r| lines[r].cells.iter().find(|a| covers(a, q)))
            })
            .collect();
        let fits = |c: &(f32, f32, String), a: &(f32, f32, String)| {
            full(a.1, lead_width(c), l.size, ranges[column(c)].1)
        };
        // Words of the row's cell in column `q` so far.
        let words = |q: usize| -> usize {
            rows[row_start..k]
                .iter()
                .flat_map(|&r| lines[r].cells.iter())
                .filter(|a| covers(a, q))
                .map(|a| a.2.split_whitespace().count())
                .sum()
        };
        // Set as the piece above it is (left, or indented by up to two ems under a hanging
        // `– `; centred; right), or at the left edge of its column under a piece that runs
        // into it: a wrapped cell keeps its alignment, a label across the table's width does
        // not line up with a cell.
        let aligned = |c: &(f32, f32, String), a: &(f32, f32, String)| {
            (c.0 >= a.0 - 1.5 && c.0 <= a.0 + l.size * 2.0)
                || (a.0 < c.0 && (c.0 - ranges[column(c)].0).abs() <= 1.5)
                || ((c.0 + c.1) - (a.0 + a.1)).abs() <= 3.0
                || (c.1 - a.1).abs() <= 1.5
        };
        let gap = l.base - lines[rows[k - 1]].base;
        let wrapped = l.bold == lines[rows[row_start]].bold
            && gap > 0.0
            && gap <= step * 1.2 + 0.5
            // A cell goes on over so many lines at most: past them the line starts a row
            // (which keeps the work per row bounded on a page of thousands of lines).
            && k - row_start < ROW_MAX_LINES
            && (single
                || l.cells.first().is_some_and(|c| c.0 >= ranges[0].1 - 1.0)
                // A first cell that wraps too (`Presentation LUT` / `Sequence`) when a column
                // the row filled stays empty (its `Key` or `Type`): a new row fills those.
                || lines[rows[row_start]]
                    .cells
                    .iter()
                    .any(|a| l.cells.iter().all(|c| column(c) != column(a)))
                // In a padded table a line at the tightest step goes on with its row even when
                // it fills every column (`Function | Value on` / `name | Linux/Redox`).
                || padded)
            && l.cells.iter().zip(&above).all(|(c, a)| {
                a.is_some_and(|a| aligned(c, a) && fits(c, a))
                    && (padded || words(column(c)) >= 2)
            });
        if wrapped {
            cont[k] = true;
        } else {
            row_start = k;
        }
    }
    cont
}

/// One line for a table row whose cells wrap onto the lines after it (`lines[rows[0]]` and
/// its continuations): each column's pieces joined top to bottom, a line-end hyphen kept and
/// the next piece set right after it (no repair inside tables).
pub(super) fn join_row(
    lines: &[VLine],
    rows: &[usize],
    ranges: &[(f32, f32)],
    glued: &HashSet<(usize, usize)>,
) -> VLine {
    let mut merged = lines[rows[0]].clone();
    for &r in &rows[1..] {
        append_line(&mut merged, &lines[r], ranges, true, |ci| {
            glued.contains(&(r, ci))
        });
    }
    merged
}

/// The column range of `ranges` that a cell falls in: the one that holds its middle.
pub(super) fn column_of(c: &(f32, f32, String), ranges: &[(f32, f32)]) -> Option<usize> {
    let mid = (c.0 + c.1) / 2.0;
    ranges
        .iter()
        .position(|r| mid >= r.0 - 1.0 && mid <= r.1 + 1.0)
}

/// The cells of a table's lines (`(line, cell)`) that go on, with no space, from a word the
/// line above broke. A word processor breaks a word too long for its column where it reaches
/// the column's edge, with no hyphen (LibreOffice: `insert_a` / `hash_hig` / `hbits`). Such a
/// piece is a word alone on its line, from the column's left edge to within a character of
/// the farthest the column reaches, that its cell goes on from. One such word may be a word
/// wrapped in the ordinary way (`encoded` / `and`), so a column breaks words only when it
/// shows two different ones, and when most of the pieces its cells go on from are single
/// words (a column of prose wraps between words; a narrow column of names breaks them). A
/// word that ends with closing punctuation (`Model.`, `K,`) ended there, and a line that
/// starts with an opening bracket starts a word (`*const` / `()`). A word broken inside a line
/// of several shows no such column; it is known by the page writing the whole word elsewhere
/// (`std::fmt::Displ` / `ay`). `rows` are the table's lines and `starts` the positions in
/// `rows` where its rows start.
pub(super) fn broken_words(
    lines: &[VLine],
    rows: &[usize],
    starts: &[usize],
    ranges: &[(f32, f32)],
) -> HashSet<(usize, usize)> {
    // Per column: the leftmost start and farthest end of its pieces.
    let mut edge = vec![(f32::MAX, f32::MIN); ranges.len()];
    for &r in rows {
        for c in &lines[r].cells {
            if let Some(q) = column_of(c, ranges) {
                edge[q] = (edge[q].0.min(c.0), edge[q].1.max(c.1));
            }
        }
    }
    // Per line of `rows` and column: its first piece there, and how many it has.
    let mut in_column: HashMap<(usize, usize), (usize, u32)> = HashMap::new();
    for (m, &r) in rows.iter().enumerate() {
        for (ci, c) in lines[r].cells.iter().enumerate() {
            if let Some(q) = column_of(c, ranges) {
                in_column.entry((m, q)).or_insert((ci, 0)).1 += 1;
            }
        }
    }
    // Per column: the pieces its cells go on from, and how many of them are one word.
    let mut wrapped = vec![(0usize, 0usize); ranges.len()];
    // (column, next line, its cell, the word) for every word broken at its column's edge.
    let mut found: Vec<(usize, usize, usize, &str)> = Vec::new();
    let mut extra: Vec<(usize, usize)> = Vec::new();
    for (n, &k) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(rows.len());
        for m in k..end {
            let l = &lines[rows[m]];
            for c in &l.cells {
                let Some(q) = column_of(c, ranges) else {
                    continue;
                };
                // The cell's next line, right below: a cell goes on line by line.
                let next = (m + 1 < end)
                    .then(|| in_column.get(&(m + 1, q)))
                    .flatten()
                    .map(|&(ci, _)| (rows[m + 1], ci));
                let Some((r2, ci)) = next else {
                    continue;
                };
                let word = c.2.trim();
                let one_word = !word.contains(char::is_whitespace);
                wrapped[q].0 += 1;
                wrapped[q].1 += usize::from(one_word);
                let alone = in_column.get(&(m, q)).is_some_and(|&(_, n)| n == 1);
                let opens = lines[r2].cells[ci]
                    .2
                    .starts_with(|ch: char| ch.is_whitespace() || "([{<\"'“‘".contains(ch));
                if !word.is_empty()
                    && one_word
                    && alone
                    && !opens
                    && !word.ends_with([
                        '-', '.', ',', ';', ':', ')', ']', '}', '>', '!', '?', '"', '\'', '’', '”',
                    ])
                    && c.0 <= edge[q].0 + l.size * 0.3
                    && c.1 >= edge[q].1 - l.size * 0.6
                {
                    found.push((q, r2, ci, word));
                }
            }
        }
    }
    // A line's last word at its column's edge that, with the next line's first word, makes a
    // word the page writes whole elsewhere (`std::fmt::Displ` / `ay` where `std::fmt::Display`
    // stands in the text, `Architectu` / `re`): broken there, whatever the column shows. Unless
    // the page also writes the first part as a word inside a line, and the whole is no name of
    // code: `with` / `in` are two words where the page writes `within` too.
    let bare = |w: &str| {
        w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_'))
            .to_string()
    };
    // (next line, its cell, last word, whole word) at each column's edge.
    let mut edge_words: Vec<(usize, usize, String, String)> = Vec::new();
    for (n, &k) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(rows.len());
        for m in k..end.saturating_sub(1) {
            let l = &lines[rows[m]];
            for c in &l.cells {
                let Some(q) = column_of(c, ranges) else {
                    continue;
                };
                let Some(&(ci, _)) = in_column.get(&(m + 1, q)) else {
                    continue;
                };
                let next = &lines[rows[m + 1]].cells[ci].2;
                let (Some(last), Some(first)) = (
                    c.2.split_whitespace().last(),
                    next.split_whitespace().next(),
                ) else {
                    continue;
                };
                if c.1 >= edge[q].1 - l.size * 0.6
                    && first.starts_with(|ch: char| ch.is_alphanumeric() || ch == '_')
                    && last.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_')
                {
                    edge_words.push((rows[m + 1], ci, bare(last), bare(&format!("{last}{first}"))));
                }
            }
        }
    }
    if !edge_words.is_empty() {
        let whole: HashSet<String> = lines
            .iter()
            .flat_map(|l| l.text.split_whitespace())
            .map(bare)
            .filter(|w| w.chars().count() >= 6)
            .collect();
        // Words set inside a cell's line, not at its end, where no break cuts them.
        let inner: HashSet<String> = lines
            .iter()
            .flat_map(|l| l.cells.iter())
            .flat_map(|c| {
                let mut w: Vec<&str> = c.2.split_whitespace().collect();
                w.pop();
                w
            })
            .map(bare)
            .collect();
        for (r, ci, last, joined) in edge_words {
            if whole.contains(&joined) && (code_name(&joined) || !inner.contains(&last)) {
                extra.push((r, ci));
            }
        }
    }
    // Two different words: a word that a column holds on many rows shows one width, not the
    // column's edge.
    let mut words: Vec<(usize, &str)> = found.iter().map(|&(q, _, _, w)| (q, w)).collect();
    words.sort_unstable();
    words.dedup();
    let mut shown = vec![0usize; ranges.len()];
    for &(q, _) in &words {
        shown[q] += 1;
    }
    found
        .into_iter()
        .filter(|&(q, _, _, _)| shown[q] >= 2 && wrapped[q].1 * 2 >= wrapped[q].0)
        .map(|(_, r, ci, _)| (r, ci))
        .chain(extra)
        .collect()
}

/// Whether a cell's text so far, `before`, and the line of the cell below it, `after`, were
/// cut where no space was. Word processors break a line after a slash inside a token
/// (`https://github.com/rust-lang/` / `cargo`) and after an opening bracket (`[` /
/// `Parser::padded_by]`, `MovingPtr<` / `'a, T>`), and a narrow column puts the bracket or
/// quote that closes one the text left open on a line of its own (`Some({FOLDERID_Public}` /
/// `)`, `"UPPERCASE` / `",`). A slash or `<` set apart (`Accepted /` / `headers`, `a <` / `b`)
/// is a word of its own.
pub(super) fn cut_without_space(before: &str, after: &str) -> bool {
    let (Some(last), Some(first)) = (before.chars().next_back(), after.chars().next()) else {
        return false;
    };
    if first.is_whitespace() {
        return false;
    }
    let joined = || {
        before
            .chars()
            .nth_back(1)
            .is_some_and(|p| !p.is_whitespace())
    };
    let open = |o: char, c: char| before.matches(o).count() > before.matches(c).count();
    match (last, first) {
        ('/' | '<', _) => joined(),
        ('(' | '[' | '{', _) => true,
        (_, ')') => open('(', ')'),
        (_, ']') => open('[', ']'),
        (_, '}') => open('{', '}'),
        (_, '>') => open('<', '>'),
        (_, '"') => before.matches('"').count() % 2 == 1,
        _ => false,
    }
}

/// Whether a word is a name of code rather than a word of prose: it holds a digit, `_`, `:`,
/// `.` or `/`, or a capital after a small letter (`camelCase`).
pub(super) fn code_name(w: &str) -> bool {
    w.contains(|c: char| c.is_ascii_digit() || "_:./".contains(c))
        || w.chars()
            .zip(w.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
}

/// Appends the cells of `l`, a line a row's cells wrap onto, to `row`: each to the cell of its
/// column (the one it overlaps most, or whose middle is in the column range of `ranges` that
/// holds its middle), or as a cell of its own where the row has none. The row's box grows to
/// cover `l` when it is on the same page.
pub(super) fn append_line(
    row: &mut VLine,
    l: &VLine,
    ranges: &[(f32, f32)],
    same_page: bool,
    glued: impl Fn(usize) -> bool,
) {
    for (ci, c) in l.cells.iter().enumerate() {
        let overlap = |a: &(f32, f32, String)| (a.1.min(c.1) - a.0.max(c.0)).max(0.0);
        let q = column_of(c, ranges);
        let target = row
            .cells
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                overlap(a) > 0.0
                    || q.is_some_and(|q| {
                        let m = (a.0 + a.1) / 2.0;
                        m >= ranges[q].0 - 1.0 && m <= ranges[q].1 + 1.0
                    })
            })
            .max_by(|x, y| overlap(x.1).total_cmp(&overlap(y.1)))
            .map(|(i, _)| i);
        match target {
            Some(i) => {
                let a = &mut row.cells[i];
                // A word the line above broke at the column's edge (see [`broken_words`]); a
                // line-end hyphen; a line that starts with closing punctuation was broken
                // where no space was (`async_graphql` / `::TypeName`, `"UPPERCASE"` / `,`), and
                // so was one cut at a slash or bracket (see [`cut_without_space`]).
                let tight = glued(ci)
                    || a.2.ends_with('-')
                    || (a.2.ends_with(|ch: char| ch.is_alphanumeric() || ch == '"')
                        && c.2
                            .starts_with([',', '.', ';', ':', '!', '?', ')', ']', '}']))
                    || cut_without_space(&a.2, &c.2);
                if !tight {
                    a.2.push(' ');
                }
                a.2.push_str(&c.2);
                a.0 = a.0.min(c.0);
                a.1 = a.1.max(c.1);
            }
            None => {
                let at = row
                    .cells
                    .iter()
                    .position(|a| a.0 > c.0)
                    .unwrap_or(row.cells.len());
                row.cells.insert(at, c.clone());
            }
        }
    }
    if same_page && l.page_shift == row.page_shift {
        row.x0 = row.x0.min(l.x0);
        row.x1 = row.x1.max(l.x1);
        row.y0 = row.y0.min(l.y0);
        row.y1 = row.y1.max(l.y1);
    }
    row.chars += l.chars;
    if same_page {
        row.markers.extend(l.markers.iter().cloned());
    }
    row.text = row
        .cells
        .iter()
        .map(|c| c.2.as_str())
        .collect::<Vec<_>>()
        .join(" ");
}

/// A table row that a page break cut: its end, the first line at the top of the next page
/// (under the header the word processor repeats there, or first), leaves the first column
/// empty, is set in the row's type, and each of its cells goes on from a full cell of the row
/// that ends the page before (see [`continuations`]). It joins that row and goes from the next
/// page's table (or from the page's text, when the row's end is all the page holds of the
/// table, too few lines for a table), and so do the lines right after it that leave the first
/// column empty and keep to the row's columns (set tight, a cell's lines apart). When the first line does not go on (`armel | wheezy` under
/// `Debian | i386/amd64`), none does. Lines of a page that take no part (footnotes) may follow
/// the row.
pub(super) fn join_rows_across_pages(pages: &mut [Page], tables: &mut [TableShape]) {
    for pi in 1..pages.len() {
        let (before, after) = pages.split_at_mut(pi);
        let (p, q) = (&mut before[pi - 1], &mut after[0]);
        let Some(li) = p.lines.iter().rposition(|l| !l.footnote) else {
            continue;
        };
        // The next page's table, or none when all that is left of the table there is the
        // end of the row (too few lines for a table of their own).
        let (Some(t1), t2) = (p.lines[li].table, q.lines.first().and_then(|l| l.table)) else {
            continue;
        };
        let own: Vec<&VLine> = p.lines.iter().filter(|l| l.table == Some(t1)).collect();
        let left = own.iter().map(|l| l.x0).fold(f32::INFINITY, f32::min);
        // The first column's right edge: the first cells that start at the table's left.
        let first_end = own
            .iter()
            .filter_map(|l| l.cells.first())
            .filter(|c| c.0 <= left + 2.0)
            .map(|c| c.1)
            .fold(f32::NEG_INFINITY, f32::max);
        let last = &p.lines[li];
        if last.cells.first().is_none_or(|c| c.0 > left + 2.0) {
            continue;
        }
        let same = |a: &VLine, b: &VLine| {
            a.cells.len() == b.cells.len()
                && a.cells
                    .iter()
                    .zip(&b.cells)
                    .all(|(x, y)| x.2 == y.2 && (x.0 - y.0).abs() <= 2.0)
        };
        // The header itself (all of the table this page holds) has no row to go on with.
        if std::ptr::eq(last, own[0]) || same(last, own[0]) {
            continue;
        }
        let k = usize::from(t2.is_some() && same(&q.lines[0], own[0]));
        // The right edge of the column that starts at `x`: the farthest its cells reach.
        let right = |x: f32| {
            own.iter()
                .flat_map(|l| l.cells.iter())
                .filter(|a| (a.0 - x).abs() <= 2.0)
                .map(|a| a.1)
                .fold(f32::NEG_INFINITY, f32::max)
        };
        // The line under the header (find_tables joined its own wrapped lines to it) goes on
        // with the row when each of its cells goes on from a cell of the row that starts where
        // it starts, holds two words or more and is full: the cell's first word would not have
        // fitted after it (as `continuations` asks within a page).
        let goes_on = |l: &VLine| {
            l.table == t2
                && !l.mono
                && l.bold == last.bold
                && (l.size - last.size).abs() < 0.5
                && l.cells.first().is_some_and(|c| c.0 > first_end + 1.0)
                && l.cells.iter().all(|c| {
                    last.cells.iter().any(|a| {
                        // The cell may hold several lines joined: its first word's width from
                        // the type size (half an em a character), not from the cell's width.
                        let word = c.2.split_whitespace().next().unwrap_or("");
                        let word_w = word.chars().count() as f32 * l.size * 0.5;
                        (c.0 - a.0).abs() <= 2.0
                            && a.2.split_whitespace().count() >= 2
                            && full(a.1, word_w, l.size, right(a.0))
                    })
                })
        };
        if !q.lines.get(k).is_some_and(goes_on) {
            continue;
        }
        // The lines after it that leave the first column empty too, in the row's columns, go
        // on with it (find_tables did not join them: the line above them at the page's top
        // is short where the page break cut it).
        let mut m = k + 1;
        while m < q.lines.len() && m <= k + ROW_MAX_LINES && {
            let (l, prev) = (&q.lines[m], &q.lines[m - 1]);
            l.table == t2
                && !l.mono
                && l.bold == last.bold
                && (l.size - last.size).abs() < 0.5
                // Set as a cell's lines are (without a table on the page, nothing else tells
                // the row's end from what follows it).
                && l.base - prev.base <= l.size * 1.6
                && l.cells.first().is_some_and(|c| c.0 > first_end + 1.0)
                && l.cells
                    .iter()
                    .all(|c| last.cells.iter().any(|a| (c.0 - a.0).abs() <= 2.0))
        } {
            m += 1;
        }
        let moved: Vec<VLine> = q.lines.drain(k..m).collect();
        for l in &moved {
            append_line(&mut p.lines[li], l, &[], false, |_| false);
        }
        let Some(t2) = t2 else {
            continue;
        };
        let gone = (m - k) as u32;
        let shape = &mut tables[t2];
        shape.rows = shape.rows.saturating_sub(gone);
        let (from, to) = (k as u32, (k as u32) + gone);
        shape.cell_spans.retain(|s| s[0] < from || s[0] >= to);
        for s in &mut shape.cell_spans {
            if s[0] >= to {
                s[0] -= gone;
            }
        }
        if k == 0 {
            // What is left starts with a row: no header of its own.
            shape.header_rows = 0;
        }
    }
}

/// A bullet alone: a list item's marker that is no number or letter.
pub(super) fn bullet_cell(t: &str) -> bool {
    marker_cell(t) && !t.trim().starts_with(char::is_alphanumeric)
}

/// A list item's marker alone: a bullet (a symbol font's too), a dash, `1.`, `a)`, `(iv)`.
/// Operators (`+`, `/`, `%`) are not: a table of them is a table.
pub(super) fn marker_cell(t: &str) -> bool {
    let t = t.trim();
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            matches!(
                c,
                '•' | '◦'
                    | '▪'
                    | '▫'
                    | '‣'
                    | '·'
                    | '–'
                    | '—'
                    | '-'
                    | '*'
                    | '■'
                    | '□'
                    | '●'
                    | '○'
                    | '►'
                    | '▶'
                    | '➢'
                    | '➤'
                    | '✓'
                    | '✔'
                    | '→'
            ) || ('\u{F000}'..='\u{F0FF}').contains(&c)
        }
        _ => t.len() <= 6 && text::list_marker_start(&format!("{t} x")),
    }
}

/// The page number a table-of-contents line ends with, as its own cell.
pub(super) fn page_cell(l: &VLine) -> Option<u32> {
    let last = l.cells.last()?;
    if l.cells.len() < 2
        || !l.cells[..l.cells.len() - 1]
            .iter()
            .any(|c| c.2.chars().any(char::is_alphabetic))
    {
        return None;
    }
    let t = last.2.trim();
    if t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().ok();
    }
    (t.len() <= 6 && t.bytes().all(|b| matches!(b, b'i' | b'v' | b'x' | b'l'))).then_some(0)
}

/// Rows that are a table of contents: most end in a page number, and the numbers never go
/// down.
pub(super) fn toc_run(lines: &[VLine], rows: &[usize]) -> bool {
    let nums: Vec<u32> = rows.iter().filter_map(|&r| page_cell(&lines[r])).collect();
    nums.len() * 5 >= rows.len() * 4 && nums.windows(2).all(|w| w[0] <= w[1])
}

/// Dot leaders of a table of contents (`Introduction . . . . 3`, `Index ..... 12`): four dots
/// or more in a row (spaces between them allowed, `…` counting three), or three before a page
/// number that ends the line. An ellipsis in a table cell (`feat(...)`, `build:, …`) is none.
pub(super) fn leaders(t: &str) -> bool {
    let mut dots = 0;
    for (at, c) in t.char_indices() {
        match c {
            '.' => dots += 1,
            '…' => dots += 3,
            ' ' | '\u{a0}' if dots > 0 => {}
            _ => {
                // Three dots right after a digit run on to a range (`0...9`), not a page.
                let range = dots == 3
                    && t[..at]
                        .trim_end_matches('.')
                        .ends_with(|d: char| d.is_ascii_digit());
                if dots >= 4 || (dots == 3 && !range && page_number_end(&t[at..])) {
                    return true;
                }
                dots = 0;
            }
        }
    }
    dots >= 4
}

/// A page number and nothing after it: `12`, `iv`.
pub(super) fn page_number_end(t: &str) -> bool {
    let t = t.trim();
    !t.is_empty()
        && (t.chars().all(|c| c.is_ascii_digit())
            || (t.len() <= 6 && t.chars().all(|c| "ivxlcIVXLC".contains(c))))
}
