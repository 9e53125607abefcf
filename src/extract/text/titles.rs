//! Heading candidates of the block parser: a group's first lines scored as a title (numbering,
//! shape, context), numbered titles that continue the document's numbering, titles wrapped over
//! lines, and entries of references that are no titles.

use super::*;

impl<'a> Parser<'a> {
    /// A member's name alone in bold, over the line in the code font that declares it, at
    /// its left edge (`getParent` over `IXMLElement getParent()`, `NO_LINE` over `static
    /// final int NO_LINE`): the title of an entry of a generated API reference printed from
    /// its HTML pages, in lower case or not. Layout hints only: the code font is what tells
    /// the declaration from a sentence that names the member.
    pub(super) fn names_declaration(&self, c: usize, t: &str) -> bool {
        let (Some(h), Some(n)) = (
            self.hint(c),
            (c + 1 < self.content.len())
                .then(|| self.hint(c + 1))
                .flatten(),
        ) else {
            return false;
        };
        let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
        h.typography.bold
            && !h.mono
            && n.mono
            && n.page == h.page
            && (n.bbox[0] - h.bbox[0]).abs() <= 12.0
            && t.chars().count() >= 3
            && t.starts_with(|ch: char| ch.is_alphabetic() || ch == '_')
            && t.chars().all(ident)
            && self.line(c + 1).match_indices(t).any(|(at, _)| {
                let line = self.line(c + 1);
                !line[..at].ends_with(ident) && !line[at + t.len()..].starts_with(ident)
            })
    }

    /// Content line `c` is a long numbered title that continues the numbering of the headings
    /// so far, and the line under it, the last of its group, a few words that end it (see
    /// `group`): not a paragraph's first lines.
    pub(super) fn wrapped_numbered_title(&self, c: usize) -> bool {
        if self.hints.is_some()
            || c + 1 >= self.content.len()
            || !self.adjacent(c)
            || (c + 2 < self.content.len() && self.adjacent(c + 1))
        {
            return false;
        }
        let t = self.line(c).trim();
        let rest = self.line(c + 1).trim();
        let Some(n) = headings::numbering(t).or_else(|| headings::numbering_lower(t)) else {
            return false;
        };
        matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            && n.parts.len() >= 2
            && headings::continues(self.last_number.as_deref(), &n.parts)
            && t.chars().count() >= 50
            && t.chars().count() <= self.cfg.max_chars
            && !t.ends_with(['.', ',', ';', ':'])
            && self.l(c + 1).indent == self.l(c).indent
            && {
                // A first line of 65 characters or more may leave more on the next (`2.1.6
                // glp_mincost_relax4 — solve minimum cost flow problem with relaxation` /
                // `method of Bertsekas and Tseng (RELAX-IV)`).
                let (words, len) = (rest.split_whitespace().count(), rest.chars().count());
                let first = t.chars().count();
                (words <= 4 && len * 10 <= first * 4)
                    || (first >= 65 && words <= 7 && len * 10 <= first * 6)
            }
            && !rest.ends_with(['.', ',', ';', ':', '!', '?'])
    }

    /// The width the text's lines are wrapped at: three lines in four of 20 columns or more
    /// are at most this wide (indentation counted); 80 for a text without such lines.
    pub(super) fn wrap_width(&self) -> usize {
        *self.wrap_width.get_or_init(|| {
            let mut widths: Vec<usize> = (0..self.content.len())
                .map(|c| self.l(c).indent + self.line(c).trim().chars().count())
                .filter(|&w| w >= 20)
                .collect();
            if widths.is_empty() {
                return 80;
            }
            let k = (widths.len() * 3 / 4).min(widths.len() - 1);
            *widths.select_nth_unstable(k).1
        })
    }

    /// Content line `c` is a section number alone that continues the numbering of the
    /// headings so far (`H.1.3` as the last line of a paragraph, its title after the blank
    /// line below; a version `7.88.0.` ending a sentence in a text without numbered headings
    /// is not one). One number may have been missed in between (`7.2.5` after `7.2.3`): one
    /// title that fails its own test must not take the sections after it down with it.
    pub(super) fn number_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        self.last_number.is_some()
            && number_only(t)
            && headings::numbering(&format!("{t} Title")).is_some_and(|nb| {
                nb.parts.len() >= 2
                    && (headings::continues(self.last_number.as_deref(), &nb.parts)
                        || headings::continues_past_one(self.last_number.as_deref(), &nb.parts))
            })
    }

    /// Content line `c` is a subsection title that continues the numbering of the headings so
    /// far (`2.1 ASN.1 syntax` after `2 ASN.1 structure handling`, `9.1.9 2012` after `9.1.8
    /// 2011`); `2. Header line` in the middle of a paragraph is a list item, so one-part
    /// numbers never count here.
    pub(super) fn numbered_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        if t.len() > 80 || !t.starts_with(|ch: char| ch.is_ascii_digit()) {
            return false;
        }
        // A markup element's name is a title too (`5.7.1.1 <config>`), and so is a function's
        // (`9.2.2 amdemod` over its calls, in a reference ordered by name).
        let named = |t: &str| element_name(t) || identifier_name(t);
        let element = || headings::numbering_lower(t).filter(|nb| named(&t[nb.prefix_len..]));
        headings::numbering(t).or_else(element).is_some_and(|nb| {
            matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
                && nb.parts.len() >= 2
                && (headings::continues(self.last_number.as_deref(), &nb.parts)
                    || (self.hints.is_none()
                        && headings::opens_next_chapter(self.last_number.as_deref(), &nb.parts)
                        && worded(&t[nb.prefix_len..])))
                && (named(&t[nb.prefix_len..])
                    || headings::year_span(&t[nb.prefix_len..])
                    || (t[nb.prefix_len..].starts_with(|ch: char| ch.is_uppercase())
                        && headings::title_shape(
                            &t[nb.prefix_len..],
                            self.cfg.max_words,
                            self.cfg.max_chars,
                        )))
        })
    }

    /// A chapter number next after the last heading's (`3. Detail tree` … `4. Special menus`),
    /// its title set as one: the title of a section whose text starts with a short line (a
    /// table's first cell, `Displayed are` over bullets). The items of a numbered list whose
    /// numbers happen to continue a title's are left to `numbered_list_run` and
    /// `continues_list`.
    pub(super) fn chapter_in_sequence(&self, c: usize) -> bool {
        let t = self.line(c).trim();
        let Some(nb) = headings::numbering(t) else {
            return false;
        };
        let title = &t[nb.prefix_len..];
        // Under a chapter label, `4.` is section 4 of that chapter (see `in_chapter`).
        let single = nb.parts.len() == 1;
        let nb = self.in_chapter(nb);
        matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
            && single
            && self
                .last_number
                .as_deref()
                .is_some_and(|l| l.len() == nb.parts.len())
            && headings::continues(self.last_number.as_deref(), &nb.parts)
            && title.starts_with(|ch: char| ch.is_uppercase())
            && !title.trim_end().ends_with(['.', ',', ';', ':'])
            && headings::title_shape(title, self.cfg.max_words, self.cfg.max_chars)
    }

    /// Three or more one-line groups in a row, numbered at the same depth in sequence: a
    /// numbered list written with blank lines between items, not headings.
    pub(super) fn numbered_list_run(
        &self,
        start: usize,
        n: usize,
        rest: &[(usize, usize)],
    ) -> bool {
        let Some(first) = headings::numbering(self.line(start)) else {
            return false;
        };
        // Three lines in a row of one group, numbered in sequence at one depth (a man page's
        // `1   Version 2 of the Single Unix Specification` / `2   The Open Group …`).
        if n >= 3 {
            let mut prev = first.parts;
            return (start + 1..start + 3).all(|c| {
                headings::numbering(self.line(c)).is_some_and(|nb| {
                    let ok =
                        nb.parts.len() == prev.len() && headings::continues(Some(&prev), &nb.parts);
                    prev = nb.parts;
                    ok
                })
            });
        }
        if n != 1 {
            return false;
        }
        // Chapter titles set large, one to a page (`13 Error Handling`, `14 Installation`,
        // `15 Bugs` on pages of their own), are not a list.
        if self
            .hint(start)
            .is_some_and(|h| h.typography.size_ratio >= 1.15)
        {
            return false;
        }
        let mut prev = first.parts;
        let mut run = 1;
        for &(a, b) in rest.iter().take(2) {
            if b - a != 1 || self.page_break_before(a) {
                break;
            }
            match headings::numbering(self.line(a)) {
                Some(nb)
                    if nb.parts.len() == prev.len()
                        && headings::continues(Some(&prev), &nb.parts) =>
                {
                    prev = nb.parts;
                    run += 1;
                }
                _ => break,
            }
        }
        run >= 3
    }

    /// The line numbers the next item of the list block right before it (`3.` after `1.`,
    /// `2.` with blank lines between).
    pub(super) fn continues_list(&self, start: usize) -> bool {
        let (Some(prev), Some(&(pa, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        if prev.kind != BlockType::List || pe != start {
            return false;
        }
        let Some(nb) = headings::numbering(self.line(start)) else {
            return false;
        };
        // The list's last item by its marker, whatever its text (`11. kvoptions [2010/02/22]`
        // reads as no title's number, and `2.` before it would stand for the list's end).
        if let Some(last) = (pa..pe).rev().find_map(|c| list_number(self.line(c))) {
            return nb.parts == [last.saturating_add(1)];
        }
        (pa..pe)
            .rev()
            .find_map(|c| headings::numbering(self.line(c)))
            .is_some_and(|p| {
                p.parts.len() == nb.parts.len() && headings::continues(Some(&p.parts), &nb.parts)
            })
    }

    /// Number line `num` + title line `title` as one numbered heading.
    pub(super) fn try_numbered_title(
        &mut self,
        num: usize,
        title: usize,
        title_end: usize,
        blank_before: bool,
        follow: Option<(usize, usize)>,
    ) -> bool {
        // No number completed for a line tried before stands for this one.
        *self.completed.borrow_mut() = None;
        // A figure is never a title.
        if self.hint(title).is_some_and(|h| h.figure) {
            return false;
        }
        let wrapped: String;
        let t = if title_end > title + 1 {
            wrapped = self.joined(title, title_end);
            wrapped.as_str()
        } else {
            self.line(title).trim()
        };
        let title = title_end - 1;
        // A number line above a line that is numbered itself is a page number or a header;
        // dot leaders right under the title make it a table-of-contents entry
        // (`3.3.1` / `HTML output` / `. . . .` / `13`).
        if t.len() > MAX_SHAPE_LINE
            || numbering_prefix_only(t)
            || headings::numbering(t).is_some()
            || !self.typography_allows(title)
            || ends_with_leaders(t)
            || diffstat_line(t)
            || follow.is_some_and(|(a, _)| leaders_only(self.line(a)))
        {
            return false;
        }
        // A line that runs on in lower case right under it is a cell or a fragment, not a
        // title (`4.8.9` / `Column 2` / `left aligned`, a table that text extraction put
        // between a section number and its title).
        if self.hints.is_none()
            && title + 1 < self.content.len()
            && self.adjacent(title)
            && self
                .line(title + 1)
                .trim_start()
                .starts_with(|c: char| c.is_lowercase())
        {
            return false;
        }
        let joined = format!("{} {}", self.line(num).trim(), t);
        // A lower-case name after a number alone: a section's (`11.177` / `gdcmTagToVR.h`) when
        // the number has two parts or the type sets it apart; under a one-part number in
        // plain text it is a table's cells taken apart (`0` / `ddd` / `Lat/Lon hddd.ddddd`).
        let Some(nb) = headings::numbering(&joined)
            .or_else(|| {
                headings::numbering_lower(&joined)
                    .filter(|n| n.parts.len() >= 2 || self.hints.is_some())
            })
            .or_else(|| {
                // A chapter's label over a title in display type that starts with a name in
                // lower case (`Chapter 2` / `stage Functions`, a package's name).
                let display = self
                    .hint(title)
                    .is_some_and(|h| h.typography.size_ratio >= 1.3);
                self.label_numbering(num)
                    .filter(|n| display && n.kind == NumberKind::Chapter)
                    .map(|n| headings::Numbering {
                        prefix_len: joined.len() - t.len(),
                        lower_title: true,
                        ..n
                    })
            })
            .or_else(|| {
                self.next_appendix_letter(self.line(num))
                    .map(|parts| headings::Numbering {
                        parts,
                        kind: NumberKind::Appendix,
                        prefix_len: joined.len() - t.len(),
                        lower_title: false,
                    })
            })
        else {
            return false;
        };
        // A number alone over its title is set apart enough that one section missed before it
        // (`7.2.5` / `Linking rules` after `7.2.3`) does not break the sequence.
        let seq = headings::continues(self.last_number.as_deref(), &nb.parts)
            || headings::continues_past_one(self.last_number.as_deref(), &nb.parts)
            || (self.last_number.is_none() && self.continued_later(title + 1, &nb.parts));
        let cand = Candidate {
            text: &joined,
            blank_before,
            blank_after: title + 1 >= self.content.len() || !self.adjacent(title),
            body_follows: follow.is_some_and(|(a, b)| {
                b - a >= 2 || self.line(a).trim().ends_with(['.', '!', '?', ':'])
            }),
            numbering_started: self.last_number.is_some(),
            last_number_parts: self.last_number.as_ref().map_or(0, Vec::len),
            typography: self.hint(title).map(|h| h.typography),
            ..Default::default()
        };
        if self.number_repeats(&nb, self.line(num))
            || headings::score(&cand, Some(&nb), seq, self.cfg) < self.cfg.threshold
        {
            return false;
        }
        self.take_number(&nb, self.line(num), title);
        let info = HeadingInfo {
            level: nb.depth(),
            title: joined.split_whitespace().collect::<Vec<_>>().join(" "),
            source: HeadingSource::Numbering,
            anchor: None,
        };
        self.push(BlockType::Heading, num, title + 1, Some(info));
        true
    }

    /// Content lines `[a, b)`, trimmed, joined by spaces: a title wrapped over them.
    pub(super) fn joined(&self, a: usize, b: usize) -> String {
        (a..b)
            .map(|c| self.line(c).trim())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The level of a title found by its style: the order in which the document's styles
    /// first head a section.
    pub(super) fn style_level(&mut self, style: Style) -> u8 {
        let rank = match self.styles.iter().position(|s| *s == style) {
            Some(r) => r,
            None => {
                self.styles.push(style);
                self.styles.len() - 1
            }
        };
        (rank + 1).min(6) as u8
    }

    /// The numbering of content line `num`, a section's number or a chapter's label alone
    /// (`Chapter 2`, `3.1`), as it reads over a title.
    pub(super) fn label_numbering(&self, num: usize) -> Option<headings::Numbering> {
        headings::numbering(&format!("{} Title", self.line(num).trim()))
    }

    /// Content lines `[a, b)`, a group of two or three under a chapter's number, are one
    /// title wrapped in plain text (see [`Self::wrapped_title`]).
    pub(super) fn wrapped_chapter_title(&self, num: usize, a: usize, b: usize) -> bool {
        self.label_numbering(num)
            .is_some_and(|nb| nb.parts.len() == 1)
            && self.wrapped_title(a, b)
    }

    /// Content lines `[a, b)`, a group of two or three, may be one title wrapped in plain
    /// text: short lines of words, the first capitalized, none closing a clause or a
    /// sentence, none a list item. (A figure's labels or a table's cells, `4` / `6` / `x`,
    /// are no words.)
    pub(super) fn wrapped_title(&self, a: usize, b: usize) -> bool {
        self.hints.is_none()
            && (2..=3).contains(&(b - a))
            && self.line(a).trim_start().starts_with(char::is_uppercase)
            && (a..b).all(|c| {
                let t = self.line(c).trim();
                let letters = t
                    .chars()
                    .filter(|ch| ch.is_alphabetic() || *ch == ' ')
                    .count();
                t.len() <= WRAPPED_TITLE_LINE
                    && letters * 10 >= t.chars().count() * 9
                    && t.split_whitespace().any(|w| w.chars().count() >= 3)
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                    && headings::numbering(t).is_none()
                    && list_marker(t).is_none()
            })
    }

    /// Whether a section number alone on a line further on continues `parts` (`11.178` after
    /// `11.177`): a text cut out of a longer document starts in the middle of its numbering,
    /// and a number with a lower-case title (`11.177` / `gdcmTagToVR.h File Reference`) is
    /// taken as a heading only in sequence.
    pub(super) fn continued_later(&self, from: usize, parts: &[u32]) -> bool {
        self.continued_ahead(from, parts, |c| {
            let t = self.line(c).trim();
            number_only(t).then(|| format!("{t} Title"))
        })
    }

    /// Whether a numbered line further on, after text of its own and a blank line, continues
    /// `parts` (`9.7.3 (#\)/1 - constraint NOT` after `9.7.2 fd_reified_in/4`): the same as
    /// [`Self::continued_later`] for a number and its title on one line. Lines in a row
    /// (`192.168.1.1 alpha` / `192.168.1.2 beta`) are a list, not sections.
    pub(super) fn continued_later_inline(&self, from: usize, parts: &[u32]) -> bool {
        // The line right after the heading is its body, never the next heading.
        self.continued_ahead(from, parts, |c| {
            let t = self.line(c).trim();
            (c > from && t.len() <= MAX_SHAPE_LINE && !self.adjacent(c - 1)).then(|| t.to_string())
        })
    }

    /// Typeset text: content line `c`, a chapter number and title set apart in type before any
    /// numbered heading (`2 Installation`, the first section's title lost in a line it shares
    /// with a contents entry), starts the numbering when a later line set in the same type,
    /// apart from the text above it, continues it (`3 Changes from older Versions`): two
    /// titles in display type, numbered in turn, are sections, not a list.
    pub(super) fn first_in_type(&self, c: usize, n: &headings::Numbering) -> bool {
        let Some(h) = self.hint(c).filter(|h| Hints::stands_out(h)) else {
            return false;
        };
        if n.parts.len() != 1 || !matches!(n.kind, NumberKind::Dotted | NumberKind::Bare) {
            return false;
        }
        let to = self.content.len().min(c + 1 + 600);
        let budget = self.lookahead_budget.get();
        if c + 1 >= to || budget < to - c - 1 {
            return false;
        }
        self.lookahead_budget.set(budget - (to - c - 1));
        let same = |k: usize| {
            self.hint(k).is_some_and(|o| {
                Hints::stands_out(o)
                    && o.typography.bold == h.typography.bold
                    && (o.typography.size_ratio - h.typography.size_ratio).abs() < 0.05
            })
        };
        (c + 1..to).any(|k| {
            !self.adjacent(k - 1)
                && same(k)
                && headings::numbering(self.line(k).trim()).is_some_and(|m| {
                    m.parts.len() <= 2 && headings::continues(Some(&n.parts), &m.parts)
                })
        })
    }

    /// Whether one of the 600 content lines from `from` on, as `numbered_text` gives it (a
    /// numbered title, or nothing), continues the two-part-or-deeper number `parts`. The
    /// lookahead of a document is bounded in all: a text of nothing but numbers stays linear.
    pub(super) fn continued_ahead(
        &self,
        from: usize,
        parts: &[u32],
        numbered_text: impl Fn(usize) -> Option<String>,
    ) -> bool {
        let to = self.content.len().min(from + 600);
        let budget = self.lookahead_budget.get();
        if parts.len() < 2 || from >= to || budget < to - from {
            return false;
        }
        self.lookahead_budget.set(budget - (to - from));
        (from..to).any(|c| {
            numbered_text(c).is_some_and(|t| {
                headings::numbering(&t)
                    .or_else(|| headings::numbering_lower(&t))
                    .is_some_and(|nb| {
                        nb.parts.len() >= 2 && headings::continues(Some(parts), &nb.parts)
                    })
            })
        })
    }

    /// A section number counted within its chapter (`1.` and `1.1.` under `Chapter 2.
    /// Installation`) as the full number it stands for (`2.1`, `2.1.1`) when that reading
    /// continues the numbering: always for a single number (the chapters have labels), for
    /// one of more parts only when it does not continue as it stands.
    pub(super) fn in_chapter(&self, mut n: headings::Numbering) -> headings::Numbering {
        *self.completed.borrow_mut() = None;
        // (Plain text only: in typeset text nothing was found this way on the development
        // sets, and one more spurious heading on a held-out one, totals only.)
        let (Some(ch), Some(last), false, None) = (
            self.chapter_label,
            self.last_number.as_deref(),
            self.whole_numbers,
            self.hints,
        ) else {
            return n;
        };
        let fits = |p: &[u32]| {
            headings::continues(Some(last), p) || headings::continues_past_one(Some(last), p)
        };
        if matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            && n.parts.len() < 6
            && n.parts[0] >= 1
            && (n.parts.len() == 1 || !fits(&n.parts))
        {
            let full: Vec<u32> = std::iter::once(ch).chain(n.parts.iter().copied()).collect();
            if fits(&full) {
                n.parts = full;
                *self.completed.borrow_mut() = Some(n.parts.clone());
            }
        }
        n
    }

    /// Number `n` of the heading `line` (its title on content line `c`) is taken: it is seen,
    /// and unless a letter, a roman numeral (but a part's, below) or a part, it is the last
    /// number, and the type size of line `c` is that of its depth (a new chapter forgets the
    /// sizes below it).
    pub(super) fn take_number(&mut self, n: &headings::Numbering, line: &str, c: usize) {
        self.numbers_seen.insert(number_key(n));
        let completed = self.completed.borrow_mut().take();
        // Roman part numbers over sections numbered from 1 in each (`II. DNA` / `1. Open
        // and display DNA`), in plain text: the part's number leads its sections' numbers.
        // Only in roman order, and not a letter after the one before it (`C.` after `B.`).
        let t = line.trim_start().as_bytes();
        let letter_before = t.len() >= 2
            && t[0].is_ascii_uppercase()
            && t[1] == b'.'
            && t[0] > b'A'
            && self
                .numbers_seen
                .contains(&(3, vec![u32::from(t[0] - b'A')]));
        if n.kind == NumberKind::Roman
            && n.parts.len() == 1
            && self.hints.is_none()
            && !self.whole_numbers
            && n.parts[0] == self.roman_label.map_or(1, |r| r + 1)
            && !letter_before
        {
            self.roman_label = Some(n.parts[0]);
            self.chapter_label = Some(n.parts[0]);
            self.last_number = Some(n.parts.clone());
            return;
        }
        if matches!(n.kind, NumberKind::Letter | NumberKind::Roman) || is_part(line) {
            return;
        }
        self.last_number = Some(n.parts.clone());
        // (An appendix's letter counts as a number, `A` as 1: its sections would read as
        // chapter 1's.)
        if n.kind == NumberKind::Chapter && n.parts.len() == 1 && !is_part(line) {
            self.chapter_label = Some(n.parts[0]);
        } else if n.kind == NumberKind::Appendix {
            self.chapter_label = None;
        } else if n.parts.len() >= 2
            && n.parts.first() == self.chapter_label.as_ref()
            && completed.as_ref() != Some(&n.parts)
        {
            self.whole_numbers = true;
        }
        if let Some(h) = self.hint(c) {
            let d = n.parts.len() - 1;
            self.numbered_sizes.truncate(d + 1);
            self.numbered_sizes.resize(d + 1, 0.0);
            self.numbered_sizes[d] = h.typography.size_ratio;
            if !self.numbered_types.contains(&h.typography.size_ratio) {
                self.numbered_types.push(h.typography.size_ratio);
            }
        }
    }

    /// `A Research Methods`, `B Online Resources`: an appendix's letter and title, as LaTeX
    /// classes set them, without the word and without a dot. Taken only from typeset text,
    /// after numbered sections, in the type of the numbered chapters, and for the next
    /// appendix letter (`A` first): `A Tale of Two Cities` in plain text stays a title
    /// without a number.
    pub(super) fn appendix_letter(&self, c: usize, t: &str) -> Option<headings::Numbering> {
        let b = t.as_bytes();
        if b.len() < 4 || !b[0].is_ascii_uppercase() || b[1] != b' ' || self.last_number.is_none() {
            return None;
        }
        // Set as the numbered chapters are (`A Game Turn` in body-size bold is a title
        // that starts with an article).
        let h = self.hint(c).filter(|h| Hints::stands_out(h))?;
        let chapter_size = *self.numbered_sizes.first()?;
        if (h.typography.size_ratio - chapter_size).abs() > chapter_size * 0.05 {
            return None;
        }
        let title = t[2..].trim_start();
        if !title.starts_with(|ch: char| ch.is_uppercase()) {
            return None;
        }
        let next = 1 + self
            .numbers_seen
            .iter()
            .filter(|k| k.0 == 2 && k.1.len() == 1)
            .map(|k| k.1[0])
            .max()
            .unwrap_or(0);
        (u32::from(b[0] - b'A') + 1 == next).then(|| headings::Numbering {
            parts: vec![next],
            kind: NumberKind::Appendix,
            prefix_len: t.len() - title.len(),
            lower_title: false,
        })
    }

    /// The numbered title `number` `title` of content line `c` opens a section again further
    /// down its page or on the next one: on one line, or its number alone above the title.
    pub(super) fn opens_below(&self, c: usize, number: &str, title: &str) -> bool {
        let number = number.trim();
        fn words(s: &str) -> Vec<&str> {
            s.split_whitespace().collect()
        }
        let title = words(title);
        if number.is_empty() || title.is_empty() {
            return false;
        }
        let page = self.lines[self.content[c]].page;
        let end = self.content.len().min(c + 400);
        (c + 1..end)
            .take_while(|&d| self.lines[self.content[d]].page <= page + 1)
            .any(|d| {
                let t = self.line(d).trim();
                match t.strip_prefix(number) {
                    Some(rest) if rest.starts_with(char::is_whitespace) => words(rest) == title,
                    Some("") => d + 1 < end && words(self.line(d + 1)) == title,
                    _ => false,
                }
            })
    }

    /// `Section 6. Z-Classes`, where the section itself is numbered `1.6 Z-Classes` within a
    /// page of it (before or after): the running title of a GAP manual's right-hand pages
    /// (under the page number), which names the section by its last number alone.
    pub(super) fn section_label_running(&self, c: usize, n: &headings::Numbering, t: &str) -> bool {
        if n.kind != NumberKind::Chapter || n.parts.len() != 1 || !labelled_with(t, "section ") {
            return false;
        }
        let mut title: Vec<&str> = t[n.prefix_len.min(t.len())..].split_whitespace().collect();
        // The page number after it, where the extraction set both on one line.
        if title.len() >= 2
            && title
                .last()
                .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            title.pop();
        }
        if title.is_empty() {
            return false;
        }
        // The section began on this page or a few before, or begins on the next.
        let page = self.l(c).page;
        let near = |d: usize| (page.saturating_sub(4)..=page + 1).contains(&self.l(d).page);
        let from = c.saturating_sub(400);
        let to = self.content.len().min(c + 400);
        // The document's lookahead budget keeps a text of nothing but such lines linear.
        let budget = self.lookahead_budget.get();
        if budget < to - from {
            return false;
        }
        self.lookahead_budget.set(budget - (to - from));
        let last = title[title.len() - 1];
        (from..to).filter(|&d| d != c && near(d)).any(|d| {
            let line = self.line(d).trim();
            line.ends_with(last)
                && headings::numbering(line).is_some_and(|m| {
                    matches!(m.kind, NumberKind::Dotted | NumberKind::Bare)
                        && m.parts.len() >= 2
                        && m.parts.last() == n.parts.last()
                        && line[m.prefix_len.min(line.len())..]
                            .split_whitespace()
                            .eq(title.iter().copied())
                })
        })
    }

    /// `H` alone on its line, after the sections of appendix G (`G.6`): the next appendix's
    /// letter, its title on the next line (a DocBook manual's appendices as text extraction
    /// gives them). Its parts, when it is.
    pub(super) fn next_appendix_letter(&self, line: &str) -> Option<Vec<u32>> {
        let b = line.trim().as_bytes();
        if b.len() != 1 || !b[0].is_ascii_uppercase() {
            return None;
        }
        let last = self
            .numbers_seen
            .iter()
            .filter(|k| k.0 == 2)
            .filter_map(|k| k.1.first().copied())
            .max()?;
        (u32::from(b[0] - b'A') + 1 == last + 1).then(|| vec![last + 1])
    }

    pub(super) fn number_seen(&self, n: &headings::Numbering) -> bool {
        self.numbers_seen.contains(&number_key(n))
    }

    /// `n`, numbering `line`, came before, or it is `Chapter 8` inside the numbering of
    /// chapter 8 (its running title: `8 Real-world examples`, `8.1 Box plots`, then `Chapter
    /// 8: Real-world examples` over a later page). Parts count apart (`Part 2` after `2.1`),
    /// and a `Chapter 1` after `2.2` starts a second document. After a section numbered in
    /// one part (`2. Main features`, sections numbered afresh in each chapter), `Chapter 2`
    /// is the next chapter.
    pub(super) fn number_repeats(&self, n: &headings::Numbering, line: &str) -> bool {
        self.number_seen(n)
            || (n.kind == NumberKind::Chapter
                && !is_part(line)
                && self
                    .last_number
                    .as_ref()
                    .is_some_and(|l| l.len() >= 2 && l.first() == n.parts.first()))
    }

    /// The block of the last heading, looked for among the last [`LAST_HEADING_SCAN`] blocks
    /// only: asked for line after line, an unbounded scan is quadratic on a long text without
    /// headings.
    pub(super) fn last_heading(&self) -> Option<usize> {
        let from = self.blocks.len().saturating_sub(LAST_HEADING_SCAN);
        (from..self.blocks.len())
            .rev()
            .find(|&k| self.blocks[k].heading.is_some())
    }

    /// The last heading is a credits section set left of the body (`AUTHOR`, `COPYRIGHT AND
    /// LICENSE`).
    pub(super) fn under_credits(&self) -> bool {
        let Some(h) = self.last_heading() else {
            return false;
        };
        let title = self.blocks[h]
            .heading
            .as_ref()
            .map_or("", |i| i.title.as_str());
        self.outdented.contains(&h)
            && title.split_whitespace().all(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "author" | "authors" | "copyright" | "license" | "licence" | "and" | "&"
                )
            })
    }

    /// Content line `c` is indented to the text column of the nearest line above it that is
    /// set further left, and that line opens a list item (`- `, `* `, `1. `).
    pub(super) fn continues_item(&self, c: usize) -> bool {
        let indent = self.l(c).indent;
        let Some(p) = (c.saturating_sub(40)..c)
            .rev()
            .find(|&p| self.l(p).indent < indent)
        else {
            return false;
        };
        let above = self.line(p).trim_start();
        if list_marker(above).is_none() {
            return false;
        }
        let marker = above.find(' ').unwrap_or(above.len());
        let text = above[marker..].trim_start();
        self.l(p).indent + above.len() - text.len() == indent
    }

    /// Scores content line `c` as a heading; pushes it and returns true when it is one.
    pub(super) fn try_heading(
        &mut self,
        c: usize,
        blank_before: bool,
        mark: Option<Style>,
        follow: Option<(usize, usize)>,
    ) -> bool {
        let raw = self.line(c);
        if raw.len() > MAX_SHAPE_LINE {
            return false;
        }
        let t = raw.trim();
        // Whether the first section number of the text starts here, in the middle of its
        // numbering: the lookahead runs once for the line, however often it is asked.
        let first_mid = std::cell::OnceCell::new();
        let starts_mid = |parts: &[u32]| {
            *first_mid.get_or_init(|| {
                self.last_number.is_none()
                    && self.numbers_seen.is_empty()
                    && self.continued_later_inline(c + 1, parts)
            })
        };
        let nb = headings::numbering(t)
            .or_else(|| {
                // A lower-case title after a section number: typeset, or with a number of two
                // parts or more once numbered headings have begun (`4.1.3.1 compute_areas()`
                // after `4.1.3 Member Functions`; a host line `192.168.1.1 xyzzy` in a
                // document without numbered headings is no section). The scorer takes it only
                // when it continues the numbering.
                // A text cut out of a longer one may start in the middle of such numbering
                // (`9.7.2 fd_reified_in/4`): the number taken next must continue it.
                headings::numbering_lower(t).filter(|n| {
                    self.hints.is_some()
                        || (n.parts.len() >= 2 && self.last_number.is_some())
                        || (n.parts.len() >= 2 && starts_mid(&n.parts))
                })
            })
            .or_else(|| self.appendix_letter(c, t))
            .map(|n| self.in_chapter(n));
        let title = &t[nb.as_ref().map_or(0, |n| n.prefix_len)..];
        // In reStructuredText an adornment at the margin makes a title, whatever its words
        // (`Why not...?`, `kexec`, `QA`) and their spacing (a changelog's `2007/02/04      Version
        // 0.2.3`).
        let adorned_rest = self.restructured
            && self.l(c).indent == 0
            && matches!(mark, Some(Style::Underline(..)));
        // Columns, table-of-contents entries and running lines have wide internal gaps; an
        // entry's leaders may stand on a line of their own under it (`HTML output` / `. . .`).
        if (title.contains("   ") && !adorned_rest)
            || toc_line(raw)
            // (Its `+` and `-` signs wrapped under it read as an underline; no other does.)
            || (diffstat_line(raw)
                && !matches!(mark, Some(Style::Underline(ch, _)) if ch != '+' && ch != '-'))
            || ends_with_leaders(raw)
            || follow.is_some_and(|(a, _)| leaders_only(self.line(a)))
            || (mark.is_none() && rule_char(raw).is_some())
        {
            return false;
        }
        // In plain text a number that opens a line right under a long one of prose, at the
        // same margin, that runs on (no stop at its end) goes on with that line's sentence: a
        // version's number wrapped to the line's start (`… ANY OTHER USERS OF PYTHON` /
        // `1.6.1 FOR ANY INCIDENTAL, …`). (Not a number that continues the numbering, `2.1
        // Setup` under a caption after `2`; nor under a line laid out in columns: a chapter's
        // number and the end of its title set apart, `3      block designs` / `3.1 …`.)
        if nb.is_some()
            && mark.is_none()
            && self.hints.is_none()
            && !blank_before
            && c > 0
            && self.adjacent(c - 1)
            && self.l(c - 1).indent == self.l(c).indent
            && !(self.last_number.is_some() && self.numbered_in_sequence(c))
        {
            let above = self.line(c - 1).trim();
            if above.chars().count() >= 40
                && above.ends_with(char::is_alphanumeric)
                && !above.contains("   ")
            {
                return false;
            }
        }
        let line = self.l(c);
        let blank_after = c + 1 >= self.content.len() || !self.adjacent(c);
        // A long line whose sentence goes on in lower case on the next line is wrapped prose
        // (a numbered list item, a hanging paragraph), quoted words too (`* Import the GNU
        // standard bootstrap script to replace the hand-rolled` / `"make update" method …`).
        if !blank_after
            && t.chars().count() >= 40
            && self
                .line(c + 1)
                .trim_start()
                .trim_start_matches(['"', '\'', '`', '(', '“', '‘'])
                .starts_with(|ch: char| ch.is_lowercase())
            && !self.numbered_in_sequence(c)
            && !self.wrapped_numbered_title(c)
        {
            return false;
        }
        // A bulleted line with the rest of its item right under it, at the column its words
        // start, is a list item when it is a sentence (`* Build configuration cleanup.` /
        // `(merge …)`), a line wrapped at the text's width (the next line's first word would
        // not have fitted on it: `* The transport layer was taught to optionally exchange the
        // session` / `ID assigned by …`), or when its words go on under it in lower case or
        // in quotes (`* In a worktree created via "git` / `worktree", …`); not a lead-in over
        // its own list (`* New functions available in this release:`). Git's release notes
        // set their items left of their lines' margin, as a man page sets its titles.
        if let Some(words) = bulleted_title(t).filter(|_| !blank_after) {
            let chars = t.chars().count();
            let column = line.indent + chars - words.chars().count();
            let sentence = t.ends_with('.') && !t.ends_with("..");
            let below = self.l(c + 1).indent;
            // (The item's words and the text's width are looked at only for such a line.)
            let goes_on = || {
                let next = self.line(c + 1).trim_start();
                let first_word = next
                    .split_whitespace()
                    .next()
                    .map_or(0, |w| w.chars().count());
                let width = self.wrap_width();
                next.starts_with(['"', '\'', '`', '‘', '“'])
                    || next
                        .trim_start_matches(['(', '[', '"', '\'', '`', '‘', '“'])
                        .starts_with(char::is_lowercase)
                    || (width >= 60 && line.indent + chars + 1 + first_word > width)
            };
            if (below == column || (sentence && below > line.indent))
                && (sentence || (!t.ends_with(':') && goes_on()))
            {
                return false;
            }
        }
        let body_follows = follow.is_some_and(|(a, b)| {
            b - a >= 2 || self.line(a).trim().ends_with(['.', '!', '?', ':'])
        });
        let follow_indent = follow.map(|(a, _)| self.l(a).indent);
        // A title over a reference entry, both at the page's left edge, the entry's text
        // indented under them: a Sphinx reference as `pdftotext -layout` gives it (`The Row
        // class` / blank / `class tables.tableextension.Row` / its description indented). The
        // entry's first line or two are at the edge, on the title's page, and read as code
        // (a figure's title over the next heading does not); then its text goes deeper. Or,
        // typeset, a member's name over the declaration that names it.
        let over_entry = self.names_declaration(c, t)
            || blank_after
                && line.indent == 0
                && follow.is_some_and(|(a, b)| {
                    let end = if b - a <= 2 && b < self.content.len() {
                        b + 1
                    } else {
                        b.min(a + 3)
                    };
                    self.l(a).indent == 0
                        && self.l(a).page == line.page
                        && !self.page_break_before(a)
                        && signature_like(self.line(a).trim())
                        && (a + 1..end)
                            .map(|k| self.l(k).indent)
                            .find(|&i| i != 0)
                            .is_some_and(|i| i > 0)
                });
        // A program's name and purpose over its `Synopsis`, in a guide that collects manual
        // pages (not the text of a man page's own `NAME` section). On every page of such a
        // guide, `Synopsis` may have been taken for a running line: it is looked for among
        // all lines.
        let over_synopsis = nb.is_none()
            && mark.is_none()
            && program_purpose(t)
            && self.lines[self.content[c] + 1..]
                .iter()
                .find(|l| !l.blank)
                .is_some_and(|l| {
                    self.text[l.start..l.end]
                        .trim()
                        .trim_end_matches(':')
                        .eq_ignore_ascii_case("synopsis")
                })
            && (c == 0 || !self.line(c - 1).trim().eq_ignore_ascii_case("name"));
        // In a document that leaves blank lines only over its titles, a short line under one,
        // heading the text at its margin.
        // Or a title stacked over its first subsection's title, over the text: short above
        // the body, at one remove.
        let stacked = blank_before && !blank_after && self.stacked_titles(c);
        let heads_run = stacked || (blank_before && !blank_after && self.heads_run(c));
        let short_above_body = stacked
            || (!blank_after
                && c + 1 < self.content.len()
                && !t.ends_with(['.', ',', ';', ':'])
                && {
                    let below = self.line(c + 1).trim();
                    let capital = below.starts_with(|ch: char| ch.is_uppercase());
                    (t.len() * 10 <= below.len() * 6 && capital)
                        // In text that leaves blank lines only over its titles, a whole
                        // sentence under the line (`bitscategory option` / `Bitmap of
                        // categories.`), or a lead-in that trails off into an ellipsis
                        // (`Garmin POI database (garmin_poi)` / `This format can...`).
                        || (heads_run
                            && capital
                            && ((below.ends_with('.')
                                && !below.ends_with("..")
                                && t.len() < below.len())
                                || ellipsis_lead_in(below)))
                        // A callout's label opens the body as its first line would.
                        || headings::callout_label(below, self.cfg)
                });
        // A short line alone over a paragraph, in text whose lines so set are titles in
        // sentence case (OCR text that sets every paragraph apart: `Adding additional Type 1
        // fonts`).
        let lone_over_paragraph =
            self.hints.is_none() && self.lone_over_paragraph(c) && self.lone_in_sentence_case();
        // Named by an entry of the document's contents.
        let listed = self.listed(t);
        // `i. Account Setup` under `b) Remote Host Setup`, then `ii. Install the Nagios
        // Plugins`: in plain text, items labelled in lower-case roman numerals from i, the
        // first in the section of a title with a lower-case letter label, are the outline's
        // next level down when they score as titles after their labels.
        let last_heading = || {
            self.last_heading()
                .and_then(|k| self.blocks[k].heading.as_ref())
                .map_or(("", 1), |h| (h.title.as_str(), h.level))
        };
        let roman_sub = roman_label(t).filter(|&(v, _)| {
            mark.is_none() && nb.is_none() && self.hints.is_none() && {
                let (last, _) = last_heading();
                if v == 1 {
                    lower_label(last).is_some() && roman_label(last).is_none()
                } else {
                    roman_label(last).is_some_and(|(w, _)| w + 1 == v)
                }
            }
        });
        // A framed title is scored on the text inside its frame, a typeset one after its
        // lower-case label (`a) Purpose`, `ii. Install the plugins`: outline items whose
        // level the type gives), and so is one that the contents list with its label, and a
        // roman sub-item (above); a title set large after an ornament (`◆ CLEAN_OUTPUT`, `◆
        // equals()`: the member headings of a generated reference), on what follows it.
        let after = after_ornament(t).filter(|_| {
            nb.is_none()
                && self
                    .hint(c)
                    .is_some_and(|h| h.typography.size_ratio >= 1.15)
        });
        let ornament = after.is_some();
        // A title of a series of releases (`Changes in version 2.3:`, `Version 2.0.5` alone on
        // its line) is scored without its colon: the series says it heads what follows.
        let release = self.hints.is_none()
            && line.indent == 0
            && release_like(t)
            && (t.ends_with(':') || (blank_before && blank_after))
            && self.release_lines.contains(&letters_key(t));
        let scored = match (after, &mark) {
            (Some(rest), _) => rest,
            _ if release => t.strip_suffix(':').unwrap_or(t),
            (_, Some(Style::Framed(ch))) => t.trim_matches(*ch).trim(),
            _ if roman_sub.is_some() => &t[roman_sub.map_or(0, |(_, n)| n)..],
            _ if nb.is_none() && (self.hint(c).is_some_and(Hints::stands_out) || listed) => {
                &t[lower_label(t).or_else(|| unmapped_label(t)).unwrap_or(0)..]
            }
            _ => t,
        };
        let cand = Candidate {
            text: scored,
            blank_before,
            blank_after: blank_after && !matches!(mark, Some(Style::Underline(..))),
            underlined: mark.is_some(),
            outdented: line.indent < self.base_indent
                && (follow_indent.is_some_and(|f| f > line.indent)
                    || follow.is_some_and(|(a, b)| a == c + 1 && self.outdented_pair(c, b))),
            indented: line.indent > self.base_indent + 2,
            over_entry,
            over_synopsis,
            // (The series says each heads what follows, a list of one line too: `Version
            // 2.0.4` / `* more bug fixes`.)
            body_follows: body_follows || release,
            short_above_body,
            heads_run,
            numbering_started: self.last_number.is_some(),
            last_number_parts: self.last_number.as_ref().map_or(0, Vec::len),
            repeats: self
                .repeated
                .get(t)
                .copied()
                .unwrap_or(1)
                .saturating_sub(u32::from(self.toc_lines.contains(t))),
            typography: self.hint(c).map(|h| h.typography),
            ornament,
            // (A series of releases writes its titles in sentence case: `Changes in version
            // 2.3:`.)
            sentence_style: release
                || (self.hints.is_none()
                    && (lone_over_paragraph
                        || (self.toc_case.0 >= 3 && self.toc_case.0 > 2 * self.toc_case.1)
                        || (self.numbered_case.0 > 2 * self.numbered_case.1
                            && (nb.is_some() || c == 0 || self.after_sentence(c))))),
            listed,
            numbered_type: self.hint(c).is_some_and(|h| {
                h.typography.stands_out()
                    && self
                        .numbered_types
                        .iter()
                        .any(|&s| (s - h.typography.size_ratio).abs() < 0.02)
            }),
        };
        // Numbering as the scorer sees it (inside a frame, if any).
        let nb = if scored.len() == t.len() {
            nb
        } else {
            headings::numbering(scored).map(|n| self.in_chapter(n))
        };
        // Under an underline a single letter (`Q. Does it run on Windows?`, `A. Setup`) is
        // part of the title: the underline says what the heading is and how deep it sits, and
        // an FAQ's every `Q.` is a heading of its own.
        let nb = nb.filter(|n| mark.is_none() || n.kind != NumberKind::Letter);
        // With layout hints running titles are gone already, and a number that comes round
        // again in a heading's type starts over (a second paper, a sample repeated).
        let typeset = self.hint(c).is_some_and(Hints::stands_out);
        // Numbering that starts over at the top level (a second paper, a sample repeated),
        // not a numbered list under a subsection.
        let restart = |n: &headings::Numbering| {
            (typeset || mark.is_some())
                && n.parts == [1]
                && self.last_number.as_ref().is_some_and(|l| l.len() == 1)
        };
        // The first section of the next chapter (`3.1 Functions to construct block designs`
        // after `2.2`) is in sequence in plain text when the chapter's title was lost
        // (pdftotext's `-layout` sets a large chapter title beside its number, in pieces).
        // A number and title that the document's contents list (`9. Sequence map`) are in
        // sequence whatever came before: text from a PDF loses titles into the tables and
        // lists under them, and the next one is then no skip. In plain text, one section
        // missed before it (OCR's `2 <A word of caution`) does not break the sequence either,
        // at the same depth: a counter numbering a reference's entries (`4
        // I EquationOrderBasis( F )` after `2.2`) skips no chapter. (In typeset text the type
        // carries such titles: nothing changed on the development sets, and two held-out sets
        // gained three spurious titles, totals only.)
        let seq = nb.as_ref().is_some_and(|n| {
            headings::continues(self.last_number.as_deref(), &n.parts)
                || (self.hints.is_none()
                    && self
                        .last_number
                        .as_ref()
                        .is_some_and(|l| l.len() == n.parts.len())
                    && headings::continues_past_one(self.last_number.as_deref(), &n.parts))
                || (self.hints.is_none()
                    && headings::opens_next_chapter(self.last_number.as_deref(), &n.parts)
                    && worded(scored.get(n.prefix_len..).unwrap_or_default()))
                || restart(n)
                || (n.lower_title && starts_mid(&n.parts))
                || (self.last_number.is_none() && self.first_in_type(c, n))
                || (self.toc_from.is_none()
                    && toc_title(t).is_some_and(|k| self.toc_entries.contains(&k)))
        });
        // In reStructuredText the adornment makes the title, whatever number it starts with
        // (`X.509 Certificate Object`, `X.509 Certificate Builder`, … under their tildes).
        let adorned = self.restructured && matches!(mark, Some(Style::Underline(..)));
        if let Some(n) = nb
            .as_ref()
            .filter(|n| !adorned && self.number_repeats(n, t))
        {
            if !restart(n) {
                return false;
            }
        }
        if self.hints.is_some() && !self.layout_heading_ok(c, t, nb.as_ref(), seq) {
            return false;
        }
        // A chapter number set smaller than the chapter and the section headings before it
        // is a numbered item or a contents entry in body type (`2. Header line` after `1
        // Introduction` and `1.2 Export to text files`: an enumerated list whose items head
        // paragraphs), not the next chapter.
        if let (Some(n), Some(h)) = (&nb, self.hint(c)) {
            let larger = |s: &f32| *s > h.typography.size_ratio * 1.05;
            if n.parts.len() == 1
                && matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
                && self.numbered_sizes.first().is_some_and(larger)
                && self.numbered_sizes.iter().skip(1).any(larger)
            {
                return false;
            }
        }
        // In a document whose titles are underlined (reStructuredText), a numbered line with
        // its text indented under its title's first letter is an item of an enumerated list
        // (`1. PHY mode` / blank / `   In PHY mode, we use phylib …`), not a section.
        if let (None, Some(n), Some((a, _))) = (&mark, nb.as_ref(), follow) {
            if self.underlined_titles >= 3
                && self.hints.is_none()
                && n.parts.len() == 1
                && !self.adjacent(c)
                && self.l(a).indent == line.indent + n.prefix_len
            {
                return false;
            }
        }
        // A paragraph set at the text column of the list item above it goes on with that
        // item (`* Fix issue with annotated class constants` / blank / `  Closes #4264`).
        if mark.is_none() && self.hints.is_none() && line.indent > 0 && self.continues_item(c) {
            return false;
        }
        // Under a man page's `AUTHOR` or `COPYRIGHT`, set left of the body, the lines at the
        // body's margin are names and notices (`Larry Wall`, `Copyright (C) 1984-2021 Mark
        // Nudelman`): such a section has no subsections.
        if mark.is_none()
            && nb.is_none()
            && self.hints.is_none()
            && self.base_indent > 0
            && line.indent >= self.base_indent
            && self.under_credits()
        {
            return false;
        }
        // A list number set deeper than the last heading's title, right over the next number
        // (`1. Select options as above` / `2. From the Sorting tab, …` under `Secondary level
        // grouping`, indented with its text), numbers the steps of a list in that section,
        // not sections.
        let step = nb
            .as_ref()
            .filter(|n| n.parts.len() == 1 && n.kind == NumberKind::Dotted);
        if let Some(n) = step.filter(|_| mark.is_none() && self.hints.is_none()) {
            let deeper = self
                .last_heading()
                .is_some_and(|k| self.l(self.block_lines[k].0).indent + 2 < line.indent);
            let next_step = follow.is_some_and(|(a, _)| {
                headings::numbering(self.line(a).trim())
                    .is_some_and(|m| m.kind == NumberKind::Dotted && m.parts == [n.parts[0] + 1])
            });
            if deeper && next_step {
                return false;
            }
        }
        // In plain text, what OCR read of a figure or a table is no title over its text:
        // - a line of no word over lines of no word, a figure's labels or a table's cells
        //   (`FPOrRrF OF FH` over `9`, `KKK KA KAA KK SASK` over `KKK KAKA KKK KAAS`, `LAC
        //   FLAG` over `SNA`); `SEE ALSO` over `ssh(1), sftp(1)` has its words below;
        // - a line of three words or more over rows of figures, their table's head
        //   (`Implementation Mean SE TS SE SD 2.5% 50% 97.5%` over `openBUGS 13.58 0.022 …`,
        //   its column gaps closed).
        if let (None, None, None, Some((a, b))) = (&mark, &nb, self.hints, follow) {
            let debris = !has_word(t) && (a..b).all(|k| !has_word(self.line(k)));
            let table_head = t.split_whitespace().count() >= 3
                && (a..b)
                    .filter(|&k| headings::figures_row(self.line(k).trim()))
                    .count()
                    * 2
                    > b - a;
            if debris || table_head {
                return false;
            }
        }
        // A numbered line that ends in a colon right under a sentence that does (`A frame
        // fulfills one of the following conditions:` / `1. Frame contains windows:`) is the
        // first item of the list the sentence announces, not a chapter; out of sequence, it
        // is a later item of such a list (`2. Frame is split into subframes:`).
        if mark.is_none()
            && nb.as_ref().is_some_and(|n| n.parts.len() == 1)
            && t.ends_with(':')
            && (!seq
                || (c > 0
                    && !self.page_break_before(c)
                    && self.line(c - 1).trim_end().ends_with(':')))
        {
            return false;
        }
        // A variable and its type (`ip_default_ttl - INTEGER`, a sysctl reference's entries,
        // set left of their descriptions) is a term, wherever it sits.
        if mark.is_none() && nb.is_none() && variable_entry(t) {
            return false;
        }
        // A field and its value (`Since: 2.1.1`, `Default: None`, `Version: 4.1`: a reference
        // entry's metadata) or a bar of links (`Source · Contents · Index`, a printed web
        // page's navigation) is no title.
        if mark.is_none() && nb.is_none() && (field_value(t) || link_bar(t)) {
            return false;
        }
        // A key binding and its command (`C-g (transient-quit-one)`, `M-x transient-resume`),
        // the term of an Emacs manual's table of keys.
        if mark.is_none() && nb.is_none() && t.split_whitespace().next().is_some_and(key_chord) {
            return false;
        }
        // A definition as text extracted from a texinfo PDF gives it: the term over its
        // category or arguments in brackets (`Sqrt` / `[expression ]`, `awgn (x, snr)` /
        // `[Function File]`), then its description, whose first sentence may stand alone
        // (`Add white Gaussian noise to a voltage signal`). Neither is a title. (A man page's
        // synopsis may end in `[ expression ]`, set in from the `DESCRIPTION` under it; a
        // category names a kind of definition, where `[Image]` stands for a picture.)
        if mark.is_none()
            && nb.is_none()
            && self.hints.is_none()
            && (follow
                .is_some_and(|(a, _)| bracketed(self.line(a)) && self.l(a).indent == line.indent)
                || (c > 0
                    && !self.page_break_before(c)
                    && bracketed(self.line(c - 1))
                    && definition_category(self.line(c - 1))
                    && self.l(c - 1).indent == line.indent))
        {
            return false;
        }
        // An underlined title indented under a `::` paragraph is part of a literal block; so is
        // an overlined one whose overline is indented (the title itself may be inset).
        if self.restructured {
            let indented = match mark {
                Some(Style::Underline(_, false)) => line.indent > 0,
                Some(Style::Underline(_, true)) => c > 0 && self.l(c - 1).indent > 0,
                _ => false,
            };
            if indented {
                return false;
            }
        }
        // In a document with underlined titles, a plain line with a deeper-indented line
        // right under it is the term of a definition list (`No memory protection` /
        // `    If you corrupt memory, …`; `STATUS` / `  this attribute represents …`): the
        // document marks its titles with underlines, and this one has none. A line set left
        // of the body (`NAME` over a man page's body, a title left of a tab-indented text)
        // stays a heading. In reStructuredText proper a line without adornment is never a
        // title (`Default: Enabled.`, `1. Arithmetic Instructions::`, a program's output in
        // a `code-block`).
        if mark.is_none()
            && self.hints.is_none()
            && (self.restructured
                || (nb.is_none()
                    && self.underlined_titles >= 3
                    && !blank_after
                    && self.l(c + 1).indent > line.indent
                    && !cand.outdented))
        {
            return false;
        }
        // `3.2. COMPILING` as the first line of a page: the running title of the section,
        // when its number is out of sequence (a chapter that opens a page, `1. INTRODUCTION`
        // after the contents, comes next; a running title that repeats the chapter's number on
        // a later page is out of sequence, and a section's number set before the section
        // opens is caught below); so is `3.4 Step 3: Documenting the sources` at a
        // page's top when the section itself opens further down that page or the next (a
        // running title that names the section a page starts).
        if let Some(n) = nb
            .as_ref()
            .filter(|_| self.hints.is_none() && self.page_tops.contains(&self.content[c]))
        {
            let running_caps = is_caps(t) && !seq;
            if running_caps || self.opens_below(c, &t[..n.prefix_len], &t[n.prefix_len..]) {
                return false;
            }
        }
        if nb
            .as_ref()
            .is_some_and(|n| self.hints.is_none() && self.section_label_running(c, n, t))
        {
            return false;
        }
        if !adorned_rest && headings::score(&cand, nb.as_ref(), seq, self.cfg) < self.cfg.threshold
        {
            return false;
        }
        let frame = match mark {
            Some(Style::Framed(ch)) => Some(ch),
            _ => None,
        };
        let (level, source) = match (&nb, mark) {
            // A roman sub-item sits one level below the lettered title over its first item,
            // and beside the item before it.
            _ if roman_sub.is_some() => {
                let (_, last_level) = last_heading();
                let first = roman_sub.is_some_and(|(v, _)| v == 1);
                let level = if first { last_level + 1 } else { last_level };
                (level.min(6), HeadingSource::Style)
            }
            (Some(n), None) if n.kind == NumberKind::Letter && self.under_roman => {
                (2, HeadingSource::Numbering)
            }
            (Some(n), None) => (n.depth(), HeadingSource::Numbering),
            // Under an underline the number is the title's text (reST's `1. Filter` under
            // `Trace`, `3.1 Goal definitions` under a document title): the underline ranks
            // it, as reStructuredText does. A framed title keeps its number's depth.
            (Some(n), Some(Style::Framed(_))) => (n.depth(), HeadingSource::Underline),
            (_, mark) => {
                let source = if mark.is_some() {
                    HeadingSource::Underline
                } else {
                    HeadingSource::Style
                };
                let style = mark.unwrap_or(Style::Plain {
                    caps: is_caps(t),
                    indent: line.indent,
                    bullet: bulleted_title(t).is_some(),
                });
                (self.style_level(style), source)
            }
        };
        if let Some(n) = &nb {
            match n.kind {
                NumberKind::Roman => {
                    // Letters count again under each roman section (`II.` / `A.`, `B.`).
                    self.under_roman = true;
                    self.numbers_seen.retain(|k| k.0 != 3);
                }
                NumberKind::Letter => {}
                _ => self.under_roman = false,
            }
            if n.parts == [1] && self.number_seen(n) {
                // Numbering starts over: the numbers seen so far may come again.
                self.numbers_seen.clear();
                self.chapter_label = None;
                self.roman_label = None;
                self.whole_numbers = false;
            }
            self.take_number(n, t, c);
        } else if let Some(h) = self.hint(c) {
            // A title set larger than the numbered ones at their top level heads a part of
            // its own (a report's second half, `EN 301 549 Report` over `Chapter 4`, … again):
            // the numbers seen so far may come again under it.
            if self
                .numbered_sizes
                .first()
                .is_some_and(|&s| h.typography.size_ratio > s * 1.05)
            {
                self.numbers_seen.clear();
            }
        }
        // A reStructuredText title as it reads, the way a Markdown heading's title is its
        // text: ``` ``alias`` ``` is `alias`, `` `Spotify <https://www.spotify.com>`_ `` is
        // `Spotify`. The block keeps the source.
        let plain;
        let title = if self.restructured {
            plain = headings::rest_inline_text(t);
            plain.as_str()
        } else if source == HeadingSource::Style {
            // A title set after a bullet is the text after it.
            bulleted_title(t).unwrap_or(t)
        } else if let Some(ch) = frame {
            // A framed title is the text inside its frame (`=== Getting Started ===`).
            t.trim_matches(ch).trim()
        } else {
            t
        };
        let info = HeadingInfo {
            level,
            title: title.split_whitespace().collect::<Vec<_>>().join(" "),
            source,
            anchor: None,
        };
        let b = self.push(BlockType::Heading, c, c + 1, Some(info));
        if cand.outdented {
            self.outdented.insert(b);
        }
        // A member's name over its declaration heads its entry however short the entry runs
        // (an accessor with one line on it): no term of a list.
        if self.names_declaration(c, t) {
            self.function_heads.insert(b);
        }
        true
    }

    /// A reference typeset from DocBook opens each entry with a `Name` heading over the
    /// entry's name and purpose (`get-slot-pointer — Retrieves a pointer from a slot of a
    /// structure.`), then `Syntax`, `Description` and the like in the same type. The entry is
    /// the section: one heading takes both lines, titled by the second. Only in typeset text
    /// with two such entries or more: a single manual page keeps its `NAME` section.
    pub(super) fn reference_entry(&mut self, c: usize, next: Option<(usize, usize)>) -> bool {
        let Some((a, b)) = self.names_entry(c, next) else {
            return false;
        };
        let h = self.push_found_heading(c, b, a..b);
        self.entry_heads.insert(h);
        self.consumed = b;
        true
    }

    /// Content line `c` is an entry's `Name` label and the group `next` its name and
    /// purpose (see `reference_entry`): the purpose's lines.
    pub(super) fn names_entry(
        &self,
        c: usize,
        next: Option<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        let label = |k: usize| {
            self.line(k).trim().eq_ignore_ascii_case("name")
                && self.hint(k).is_some_and(Hints::stands_out)
        };
        let purpose = |k: usize| {
            k < self.content.len()
                && program_purpose(self.line(k).trim())
                && self.hint(k).is_some_and(|h| !h.typography.stands_out())
        };
        if self.hints.is_none() || !label(c) {
            return None;
        }
        let (a, b) = next.filter(|&(a, b)| b == a + 1 && purpose(a))?;
        let entries = *self.name_entries.get_or_init(|| {
            (0..self.content.len().saturating_sub(1))
                .filter(|&k| label(k) && purpose(k + 1))
                .count()
        });
        (entries >= 2).then_some((a, b))
    }

    /// A reference entry's function heads, set in the code font at the text's size over the
    /// entry's `Types:` (an Erlang/OTP manual: `open([Host]) -> {ok, Handle} | {error,
    /// Reason}`, or `start()` / `start(File)` / `start(Mode)`, one head per clause): each line
    /// heads a section of its own, as the manual's outline lists each (`open/1`). Returns how
    /// many lines it took (0: none).
    pub(super) fn function_heads(
        &mut self,
        start: usize,
        end: usize,
        next: Option<(usize, usize)>,
    ) -> usize {
        if end - start > 8 {
            return 0;
        }
        let code = |c: usize| {
            self.hint(c).is_some_and(|h| {
                h.mono && h.table.is_none() && !h.typography.stands_out() && h.cells <= 1
            })
        };
        // The entry's text: its `Types:`, or a paragraph after a head that gives a result
        // (`baseObject() -> scope()` / `Search baseobject only.`; a line of code ends in `.`
        // or `,`).
        let types = next.is_some_and(|(a, _)| self.line(a).trim() == "Types:" && !code(a));
        let prose = next.is_some_and(|(a, _)| !code(a));
        // Heads, each on its line or wrapped onto lines that go on with its result.
        let mut heads: Vec<(usize, usize)> = Vec::new();
        for c in start..end {
            let t = self.line(c).trim();
            if !code(c) {
                return 0;
            }
            match function_head(t) {
                Some(result)
                    if types || (result && prose && !t.ends_with(['.', ',', ';', ':'])) =>
                {
                    heads.push((c, c + 1))
                }
                _ => match heads.last_mut() {
                    // A head's result wrapped: `… | {ok,` / `{referral,referrals()}} | …`.
                    Some(h) if h.1 == c && !function_head_closed(self.line(h.1 - 1)) => h.1 = c + 1,
                    _ => return 0,
                },
            }
        }
        if heads.is_empty() || !(types || prose) {
            return 0;
        }
        for (a, b) in heads {
            let k = self.push_found_heading(a, b, a..b);
            self.function_heads.insert(k);
        }
        end - start
    }

    /// Pushes a heading block over content lines `[a, b)`, found by its look (its level comes
    /// from its style later), titled by the words of the content lines `title`.
    pub(super) fn push_found_heading(
        &mut self,
        a: usize,
        b: usize,
        title: std::ops::Range<usize>,
    ) -> usize {
        let title = title
            .flat_map(|c| self.line(c).split_whitespace())
            .collect::<Vec<_>>()
            .join(" ");
        let info = HeadingInfo {
            level: 1,
            title,
            source: HeadingSource::Style,
            anchor: None,
        };
        self.push(BlockType::Heading, a, b, Some(info))
    }
}
