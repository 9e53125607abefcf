//! The block parser: lines (furniture already removed) into typed blocks and scored heading
//! candidates.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str, lines: &'a [Line], cfg: &'a HeadingConfig) -> Self {
        let content: Vec<usize> = (0..lines.len())
            .filter(|&i| !lines[i].blank && !lines[i].removed)
            .collect();
        // Body indentation: the smallest indent of at least 2 % of the continuation lines (headings sit
        // left of it in man pages and RFCs; option descriptions sit right of it), else the
        // most common one.
        let mut hist: HashMap<usize, usize> = HashMap::new();
        // Continuation lines only: headings are one-line groups or first lines.
        for w in content.windows(2) {
            let (a, b) = (w[0], w[1]);
            if lines[a].page == lines[b].page && lines[a + 1..b].iter().all(|l| l.removed) {
                *hist.entry(lines[b].indent.min(40)).or_default() += 1;
            }
        }
        if hist.is_empty() {
            for &i in &content {
                *hist.entry(lines[i].indent.min(40)).or_default() += 1;
            }
        }
        let mut levels: Vec<(usize, usize)> = hist.into_iter().collect();
        levels.sort_unstable();
        let total: usize = levels.iter().map(|l| l.1).sum();
        let base_indent = levels
            .iter()
            .find(|&&(_, n)| n * 50 >= total && n >= 3)
            .or_else(|| {
                levels
                    .iter()
                    .max_by_key(|&&(i, n)| (n, std::cmp::Reverse(i)))
            })
            .map_or(0, |l| l.0);
        let mut repeated: HashMap<&str, u32> = HashMap::new();
        for &i in &content {
            let t = text[lines[i].start..lines[i].end].trim();
            if t.len() <= 80 {
                *repeated.entry(t).or_default() += 1;
            }
        }
        repeated.retain(|_, n| *n >= 2);
        // Lines at the margin that end with a colon and say the same words with other numbers
        // (`Changes in version 2.3:`, `Changes in version 2.2:`), by their letters.
        let mut release_lines: HashMap<String, HashSet<&str>> = HashMap::new();
        for &i in &content {
            let t = text[lines[i].start..lines[i].end].trim_end();
            if lines[i].indent == 0 && release_like(t) {
                release_lines.entry(letters_key(t)).or_default().insert(t);
            }
        }
        let release_lines: HashSet<String> = release_lines
            .into_iter()
            .filter(|(_, w)| w.len() >= 3)
            .map(|(k, _)| k)
            .collect();
        let front_titles = content
            .iter()
            .take(FRONT_LINES)
            .filter_map(|&i| {
                let t = text[lines[i].start..lines[i].end].trim();
                (t.len() <= 80).then(|| toc_title(t)).flatten()
            })
            .collect();
        // Titles over an underline of their length (`Installation` / `------------`), at the
        // body's margin or left of it (not the column heads of a man page's table).
        let underlined_titles = content
            .windows(2)
            .filter(|w| {
                let (a, b) = (&lines[w[0]], &lines[w[1]]);
                let title = &text[a.start..a.end];
                a.indent <= base_indent
                    && rule_char(title).is_none()
                    && title.chars().any(char::is_alphanumeric)
                    && underline_of(title, &text[b.start..b.end]).is_some()
            })
            .count();
        let explicit_markup = content
            .iter()
            .filter(|&&i| {
                lines[i].indent == 0 && rest_explicit_markup(&text[lines[i].start..lines[i].end])
            })
            .take(2)
            .count();
        // Or its inline markup: roles (`:meth:`__div__``) and named links (`` `Stripe
        // <https://stripe.com>`_ ``), which nothing else writes.
        let inline_markup = || {
            content
                .iter()
                .filter(|&&i| rest_inline_markup(&text[lines[i].start..lines[i].end]))
                .take(3)
                .count()
        };
        // Titles marked with `=` at the margin: two or more in AsciiDoc (a document title on
        // the first line, or two lines of markup only AsciiDoc writes), or in wiki text (every
        // title closed by its marks, `== Usage ==`).
        let equals_titles = {
            let line = |i: usize| &text[lines[i].start..lines[i].end];
            let marked: Vec<usize> = content
                .iter()
                .copied()
                .filter(|&i| equals_title(line(i)).is_some())
                .take(64)
                .collect();
            let header = marked.first().is_some_and(|&a| Some(&a) == content.first());
            let adoc = || {
                content
                    .iter()
                    .filter(|&&i| adoc_markup(line(i)))
                    .take(2)
                    .count()
                    >= 2
            };
            let wiki = || marked.iter().all(|&i| line(i).trim_end().ends_with(" ="));
            marked.len() >= 2 && (header || adoc() || wiki())
        };
        // Star titles (`* Noteworthy changes in release 4.9`, `** Bug fixes`) in a text that
        // says it is an Emacs outline or Org file, or writes an Org `#+` keyword or block.
        // Or that is written as one: its first star line has one star and two lines or more
        // have two (GNU's `NEWS` without its mode line: `* Noteworthy changes in release
        // 1.21.3` over `** Fix HSTS build issues`). Not GDB's `NEWS`, whose `***` lines head
        // the `*` items under them.
        let star_titles = {
            let line = |i: usize| &text[lines[i].start..lines[i].end];
            let stars: Vec<u8> = content
                .iter()
                .filter(|&&i| lines[i].indent == 0)
                .filter_map(|&i| star_title(line(i)).map(|(level, _)| level))
                .collect();
            !stars.is_empty()
                && (outline_declared(text)
                    || content
                        .iter()
                        .any(|&i| lines[i].indent == 0 && org_markup(line(i)))
                    || (stars[0] == 1 && stars.iter().filter(|&&l| l == 2).take(2).count() == 2))
        };
        let changelog = content
            .iter()
            .enumerate()
            .filter(|&(j, &i)| {
                let next = content
                    .get(j + 1)
                    .map(|&n| &text[lines[n].start..lines[n].end]);
                lines[i].indent == 0 && entry_head(&text[lines[i].start..lines[i].end], next)
            })
            .take(2)
            .count()
            >= 2;
        // Section numbers of two parts or more over titles in sentence case (`5.2. Using the
        // output module`), and in title case.
        let mut numbered_case = (0, 0);
        for &i in &content {
            let t = text[lines[i].start..lines[i].end].trim();
            let Some(n) = headings::numbering(t).filter(|n| {
                n.parts.len() >= 2 && matches!(n.kind, NumberKind::Dotted | NumberKind::Bare)
            }) else {
                continue;
            };
            match entry_case(&t[n.prefix_len..]) {
                Some(true) => numbered_case.0 += 1,
                Some(false) => numbered_case.1 += 1,
                None => {}
            }
        }
        let mut p = Parser {
            full_line: std::cell::OnceCell::new(),
            margins: std::cell::OnceCell::new(),
            lone_sentence_case: std::cell::OnceCell::new(),
            numbered_case,
            text,
            hints: None,
            lines,
            cfg,
            repeated,
            release_lines,
            front_titles,
            underlined_titles,
            blank_led: None,
            restructured: underlined_titles >= 2 && (explicit_markup >= 2 || inline_markup() >= 3),
            equals_titles,
            star_titles,
            changelog,
            org_ends: std::cell::OnceCell::new(),
            content,
            base_indent,
            blocks: Vec::new(),
            block_lines: Vec::new(),
            styles: Vec::new(),
            last_number: None,
            chapter_label: None,
            whole_numbers: false,
            completed: Default::default(),
            roman_label: None,
            consumed: 0,
            outdented: HashSet::new(),
            function_heads: HashSet::new(),
            entry_heads: HashSet::new(),
            name_entries: std::cell::OnceCell::new(),
            wrap_width: std::cell::OnceCell::new(),
            centred_caps: std::cell::Cell::new(false),
            numbers_seen: HashSet::new(),
            lookahead_budget: std::cell::Cell::new(1 << 20),
            toc_from: None,
            first_contents: None,
            toc_numbers: HashSet::new(),
            toc_titles: HashSet::new(),
            toc_entries: HashSet::new(),
            toc_lines: HashSet::new(),
            toc_case: (0, 0),
            under_roman: false,
            numbered_sizes: Vec::new(),
            numbered_types: Vec::new(),
            page_tops: {
                let mut tops = HashSet::new();
                let mut page = 0;
                for (i, l) in lines.iter().enumerate() {
                    if !l.blank && l.page > page {
                        page = l.page;
                        tops.insert(i);
                    }
                }
                tops
            },
        };
        p.blank_led = p.blank_led();
        p
    }

    /// Whether the document leaves a blank line only over its titles: of the runs of three
    /// lines or more that follow a blank line, at least 60 % (and 8) start with a short line
    /// that closes no sentence, at the margin of the line under it (`FlySight GPS File
    /// (flysight)` / `This format can...`). Text extracted from a PDF without layout runs its
    /// paragraphs together and keeps the space above its titles so. Returns the longest such
    /// title line: 60 % of the length that four lines in five stay under.
    pub(super) fn blank_led(&self) -> Option<usize> {
        let len = |c: usize| self.line(c).trim().chars().count();
        let mut lens: Vec<usize> = (0..self.content.len()).map(len).collect();
        if lens.len() < 30 {
            return None;
        }
        let at = lens.len() * 4 / 5;
        let max = *lens.select_nth_unstable(at).1 * 6 / 10;
        let (mut runs, mut led) = (0usize, 0usize);
        let mut k = 0;
        while k < self.content.len() {
            let mut e = k + 1;
            while e < self.content.len() && self.adjacent(e - 1) {
                e += 1;
            }
            // After a blank line on the same page (not a page break).
            let (a, b) = (self.content[k], self.content.get(k + 1).copied());
            let after_blank = k > 0 && {
                let p = self.content[k - 1];
                self.lines[p].page == self.lines[a].page
                    && self.lines[p + 1..a].iter().any(|l| l.blank && !l.removed)
            };
            if let (true, true, Some(b)) = (after_blank, e - k >= 3, b) {
                runs += 1;
                let t = self.line(k).trim();
                if len(k) <= max
                    && self.lines[a].indent == self.lines[b].indent
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                {
                    led += 1;
                }
            }
            k = e;
        }
        (led >= 8 && led * 10 >= runs * 6).then_some(max)
    }

    pub(super) fn line(&self, c: usize) -> &'a str {
        let l = &self.lines[self.content[c]];
        &self.text[l.start..l.end]
    }

    pub(super) fn l(&self, c: usize) -> &'a Line {
        &self.lines[self.content[c]]
    }

    /// The layout hint of content line `c`, when the format gave hints.
    pub(super) fn hint(&self, c: usize) -> Option<&'a LineHint> {
        self.hints?.lines.get(self.content[c])?.as_ref()
    }

    /// With layout hints, a heading must stand out by its typography; without, anything may.
    pub(super) fn typography_allows(&self, c: usize) -> bool {
        self.hints.is_none() || self.hint(c).is_some_and(Hints::stands_out)
    }

    /// Layout rules for a heading line: it stands out by its typography, or it carries a
    /// section number that continues the sequence (not `1.` alone, which starts lists); it is
    /// no table row (three or more cells, or two without a number), and no lead-in sentence
    /// (`The following command:`) or exclamation.
    pub(super) fn layout_heading_ok(
        &self,
        c: usize,
        t: &str,
        nb: Option<&headings::Numbering>,
        seq: bool,
    ) -> bool {
        let Some(h) = self.hint(c) else { return false };
        // A section number that continues the numbering, set larger than the text, may head
        // a title in the code font: a command's or function's name (`2.2.1
        // \addcharacter{<name>}`; a chapter's number too when set in bold, `1 \settabular`);
        // so may a name in bold, larger still.
        let named_in_code = Hints::title_in_code(h)
            || (h.typography.size_ratio >= 1.1
                && nb.is_some_and(|n| {
                    seq && (n.parts.len() >= 2 || h.typography.bold) && n.prefix_len < t.len()
                }));
        if (h.mono && !named_in_code) || h.cells >= 3 || (h.cells == 2 && nb.is_none()) {
            return false;
        }
        // A numbered line of two cells right over or under another such line numbered at the
        // same depth is a row of a table whose rows are numbered (`5.1.3.1 Audio output of
        // visual information | Not Applicable`, a conformance report's criteria), not a run of
        // sections. (A title stacked over its first subsection's goes a level deeper; the gap
        // after a section number of two parts or more, set apart from its title, is no
        // cell's: see `number_cell` in the PDF flow.)
        let sibling_row = |k: usize| {
            k < self.content.len()
                && self.adjacent(k.min(c))
                && self
                    .hint(k)
                    .is_some_and(|n| n.cells == 2 && n.page == h.page)
                && headings::numbering(self.line(k).trim())
                    .zip(nb)
                    .is_some_and(|(m, n)| m.parts.len() == n.parts.len())
        };
        if h.cells == 2 && (c.checked_sub(1).is_some_and(sibling_row) || sibling_row(c + 1)) {
            return false;
        }
        if nb.is_none() && t.ends_with([':', '!']) {
            return false;
        }
        // A line in a type much smaller than the text's is a footnote's, a listing's or a
        // figure's (`7 END`, a numbered line of code in tiny print), whatever its number.
        if h.typography.size_ratio < 0.75 {
            return false;
        }
        // A label set smaller than the text that the document repeats word for word, three
        // times or more, is the title bar of a box (`Information(s)`, `Code LaTeX` over the
        // frames of a package's notes and examples), not a section's.
        // (An overloaded member's name over each of its declarations is no such label.)
        if nb.is_none()
            && h.typography.size_ratio < 0.97
            && self.repeated.get(t).is_some_and(|&n| n >= 3)
            && !self.names_declaration(c, t)
        {
            return false;
        }
        // A label set in from the body's edge, right over code at its own indent: the title
        // bar of a boxed listing (a package's gallery of examples, each a box with its name
        // over its code), not a section.
        let over_listing = c + 1 < self.content.len()
            && self.hint(c + 1).is_some_and(|n| {
                n.mono && n.page == h.page && (n.bbox[0] - h.bbox[0]).abs() <= 2.0
            });
        // The line right before it: text it is set in from (by 6 to 72 points), or code when
        // `code` says so, on its page or, when `prev_page` says so, at the end of the page
        // before.
        let before = |code: bool, prev_page: bool| {
            c.checked_sub(1)
                .and_then(|p| self.hint(p))
                .is_some_and(|p| {
                    p.table.is_none()
                        && (p.page == h.page
                            || (prev_page && h.page.checked_sub(1) == Some(p.page)))
                        && ((code && p.mono)
                            || (!p.mono && (6.0..=72.0).contains(&(h.bbox[0] - p.bbox[0]))))
                })
        };
        // Set in from the text right before it on the page tells the same where the page
        // has too few lines at the body's edge to find it by.
        let after_text = before(false, false);
        if nb.is_none() && over_listing && !h.centered && (self.inset(h) || after_text) {
            return false;
        }
        // A label at the text's size over code, set in from the text right before it or
        // right after code (`Methods` under an instance's associated type), that text or code
        // maybe ending the page before, that the document says five times or more (`Methods`
        // over each instance's methods in a generated reference): the template's label of
        // every entry, not a section.
        let over_code = c + 1 < self.content.len()
            && self.hint(c + 1).is_some_and(|n| n.mono && n.page == h.page);
        let after_text_or_code = before(true, true);
        if nb.is_none()
            && h.typography.size_ratio < 1.05
            && over_code
            && after_text_or_code
            && self.repeated.get(t).is_some_and(|&n| n >= 5)
        {
            return false;
        }
        // A line set apart only by italics, right under or over a figure or a table, is its
        // caption (a word processor's caption style with no `Figure 3` label: `Screen shot
        // of JavaMorph` under a screenshot), not a section's title.
        let ty = h.typography;
        let italic_only = ty.italic && !ty.bold && ty.size_ratio < 1.1;
        let graphic = |k: Option<usize>| {
            k.filter(|&k| k < self.content.len())
                .and_then(|k| self.hint(k))
                .is_some_and(|n| n.figure || n.table.is_some())
        };
        if italic_only && nb.is_none() && (graphic(c.checked_sub(1)) || graphic(Some(c + 1))) {
            return false;
        }
        // A display formula's line (`S δ`, `x1 + x2`): letters only one at a time, in a
        // script with case. A title has a word, letters of a script without case (`序`), or capitals
        // spaced out (`I N D E X`).
        let letters: Vec<&str> = t
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        // A capital with digits is a word too (`X86`, `ARM64`); `x2` in a formula is not.
        let worded = letters.iter().any(|w| {
            w.chars().count() >= 2 || w.chars().any(|c| !c.is_uppercase() && !c.is_lowercase())
        }) || t.split(|c: char| !c.is_alphanumeric()).any(|w| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase) && cs.any(|c| c.is_ascii_digit())
        });
        let spaced_caps =
            letters.len() >= 3 && letters.iter().all(|w| w.chars().all(char::is_uppercase));
        if nb.is_none() && !worded && !spaced_caps && !headings::release_title(t) {
            return false;
        }
        let centred = h.centered && t.split_whitespace().count() <= 10;
        // A centered line in capitals at body size (`PRIMARY HEADING` in styles that set
        // headings in the body font), and after one, a centred line in title case
        // (`Second-Level Subheading`).
        if !Hints::stands_out(h) && centred && is_caps(t) {
            self.centred_caps.set(true);
        }
        Hints::stands_out(h)
            || (centred
                && (is_caps(t)
                    || (self.centred_caps.get()
                        && h.typography.size_ratio >= 0.95
                        && t.starts_with(char::is_uppercase)
                        && headings::title_case(t))))
            || nb.is_some_and(|n| {
                seq && (n.parts.len() >= 2
                    || matches!(
                        n.kind,
                        NumberKind::Bare | NumberKind::Chapter | NumberKind::Appendix
                    ))
            })
    }

    /// A heading known by its look alone (no number, no underline) between two numbered
    /// headings, the second a subsection, lies inside the section of the first
    /// (`2.1.2 glp_mincost_lp — …`, then `Description`, `Returns`, then `2.1.3 …`): one level
    /// under it, where the rank of its look alone would set it at the top and the next
    /// numbered heading under it. Before a numbered heading of the first level (`Part Two`
    /// between chapters 2 and 3) it keeps its rank: no numbered heading goes under it. Nor
    /// does it go inside when the numbered headings on either side lie in two chapters
    /// (`1.1 More about …`, then `Algorithms for almost crystallographic groups`, then `2.2
    /// Betti numbers`): it is the title of the second chapter, set apart by its look alone.
    pub(super) fn headings_inside_numbered_sections(&mut self) {
        let heads = self.heading_blocks();
        // Each numbered heading's depth and chapter (a number of one part at a deeper level
        // counts within its chapter).
        let numbered: Vec<Option<(u8, Option<u32>)>> = heads
            .iter()
            .map(|&i| {
                self.blocks[i]
                    .heading
                    .as_ref()
                    .filter(|h| h.source == HeadingSource::Numbering)
                    .map(|h| {
                        let chapter = headings::numbering(&h.title)
                            .filter(|n| n.parts.len() >= 2)
                            .map(|n| n.parts[0]);
                        (h.level, chapter)
                    })
            })
            .collect();
        // The depth and chapter of the next numbered heading after each heading.
        let mut next = vec![None; heads.len()];
        for k in (0..heads.len().saturating_sub(1)).rev() {
            next[k] = numbered[k + 1].or(next[k + 1]);
        }
        let mut last: Option<(u8, Option<u32>)> = None;
        for (k, &i) in heads.iter().enumerate() {
            let h = self.blocks[i].heading.as_mut().unwrap();
            match (h.source, last, next[k]) {
                (HeadingSource::Numbering, ..) => last = numbered[k],
                (HeadingSource::Style, Some((d, before)), Some((n, after)))
                    if n >= 2 && !matches!((before, after), (Some(b), Some(a)) if a != b) =>
                {
                    h.level = (d + 1).min(6)
                }
                _ => {}
            }
        }
    }

    /// Heading levels from typography (layout hints only): a style (size cluster, bold) that
    /// numbered headings use takes their most common depth; another style goes one level
    /// under the bigger style its headings most often follow (the nearest heading before each
    /// in a bigger style), at 1 when none is bigger, and beside it when all of them follow
    /// that style's last heading and have headings under them in turn (parts set smaller
    /// after a manual's first sections).
    pub(super) fn levels_from_typography(&mut self) {
        // Contents, lists of figures and tables, and the index: navigation pages, not
        // sections of the document (their own titles included).
        for b in &mut self.blocks {
            let nav = b.heading.as_ref().is_some_and(|h| {
                let t = h.title.trim().trim_end_matches(':').to_lowercase();
                is_contents_title(&t)
                    || is_list_of_title(&t)
                    || [
                        "índice",
                        "indice",
                        "index",
                        // Word's and LibreOffice's default titles of their indexes.
                        "table of figures",
                        "alphabetical index",
                        "illustration index",
                        "table of objects",
                        // German back-of-book indexes.
                        "stichwortverzeichnis",
                        "sachwortverzeichnis",
                    ]
                    .contains(&t.as_str())
            });
            if nav {
                b.kind = BlockType::Prose;
                b.heading = None;
            }
        }
        self.front_matter();
        self.levels_by_style();
    }

    /// Title, authors, affiliations and dates above the first section of a typeset document:
    /// headings on the first page before the first numbered heading or known section name
    /// (`Abstract`, `Introduction`, `Contents`), when that comes on the first two pages or the
    /// first page holds too few lines to be more than a title page.
    pub(super) fn front_matter(&mut self) {
        self.title_block();
        let heads = self.heading_blocks();
        let Some(real) = heads.iter().position(|&i| self.opens_named_section(i)) else {
            return;
        };
        let title_page = self
            .content
            .iter()
            .filter(|&&i| self.lines[i].page == 0)
            .count()
            < 25;
        if self.l(self.block_lines[heads[real]].0).page > 1 && !title_page {
            return;
        }
        for &i in &heads[..real] {
            if self.l(self.block_lines[i].0).page == 0 {
                self.unhead(i);
            }
        }
    }

    /// The pages before a table of contents near a paged document's start (title page,
    /// copyright, revision history: `COLLABORATORS`, `WRITTEN BY`) hold no sections: their
    /// headings found by look alone are text, but for named sections (`Abstract`, `Preface`).
    /// With layout (`keep_title`), a heading that is the document's first line, or says what
    /// the first block says (the title again on the title page's back), is its title, and
    /// stays.
    pub(super) fn before_contents(&mut self, keep_title: bool) {
        // (A `Contents` line that ends the text starts contents past its last line.)
        let Some(from) = self.first_contents.filter(|&f| f < self.content.len()) else {
            return;
        };
        let page = self.l(from).page;
        let last_page = self.content.last().map_or(0, |&c| self.lines[c].page);
        if page == 0 || page > 5 || page * 3 > last_page {
            return;
        }
        let words = |t: &str| -> Vec<String> {
            t.split(|ch: char| !ch.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        };
        let first: Vec<String> = match self.block_lines.first() {
            Some(&(a, b)) if keep_title => (a..b).flat_map(|c| words(self.line(c))).collect(),
            _ => Vec::new(),
        };
        for i in self.heading_blocks() {
            let (a, b) = self.block_lines[i];
            if keep_title
                && (a == 0
                    || (a..b)
                        .flat_map(|c| words(self.line(c)))
                        .eq(first.iter().cloned()))
            {
                continue;
            }
            if self.l(a).page < page
                && !self.opens_named_section(i)
                && !is_contents_title(self.line(a))
            {
                self.unhead(i);
            }
        }
    }

    /// Block `i`, taken for a heading, is text after all.
    pub(super) fn unhead(&mut self, i: usize) {
        self.blocks[i].kind = BlockType::Prose;
        self.blocks[i].heading = None;
    }

    /// Indices of the heading blocks so far.
    pub(super) fn heading_blocks(&self) -> Vec<usize> {
        (0..self.blocks.len())
            .filter(|&i| self.blocks[i].kind == BlockType::Heading)
            .collect()
    }

    /// Heading block `i` opens a section of the document proper: numbered, or one of the
    /// section names (`Abstract`, `Introduction`).
    pub(super) fn opens_named_section(&self, i: usize) -> bool {
        self.blocks[i].heading.as_ref().is_some_and(|h| {
            h.source == HeadingSource::Numbering || headings::is_section_name(self.cfg, &h.title)
        })
    }

    /// The lines under a document's title on its first page, before its first numbered or
    /// named section (`Abstract`, `Introduction`), that are set centered, or are a person's
    /// name, in a type no heading after the first page has: its authors, their affiliations, a
    /// date, a version. They name the document, they open no section. The title itself is left
    /// to [`Self::front_matter`].
    pub(super) fn title_block(&mut self) {
        let heads = self.heading_blocks();
        let page = |p: &Self, i: usize| p.l(p.block_lines[i].0).page;
        let style = |p: &Self, i: usize| {
            p.hint(p.block_lines[i].0)
                .map(|h| (h.size_bin, h.typography.bold))
        };
        let later: Vec<_> = heads
            .iter()
            .filter(|&&i| page(self, i) > 0)
            .map(|&i| style(self, i))
            .collect();
        // A one-page document: no later type to tell sections from the title's lines by.
        if later.is_empty() {
            return;
        }
        // The first heading may be the document's title (`Freedoom Manual` reads as a name),
        // unless it names a person by an initial first (the author's `F. Pantigny` under the
        // title, read as section F).
        for (k, &i) in heads.iter().enumerate() {
            let title = self.blocks[i]
                .heading
                .as_ref()
                .map_or("", |h| h.title.as_str());
            let name = person_name(title) || person_names(title);
            let initialled = name && title.split_whitespace().next().is_some_and(initial);
            if page(self, i) > 0 || (self.opens_named_section(i) && !initialled) {
                break;
            }
            let hint = self.hint(self.block_lines[i].0);
            let centered = k > 0 && hint.is_some_and(|h| h.centered);
            // Set in bold, two capitalized words are a section's title (`Detailed
            // Description`, a generated reference's first section), not an author's name,
            // which a title block sets in roman.
            let bold = hint.is_some_and(|h| h.typography.bold);
            let named = initialled || (k > 0 && name && !bold);
            if (centered || named) && !later.contains(&style(self, i)) {
                self.unhead(i);
            }
        }
    }

    pub(super) fn levels_by_style(&mut self) {
        // Bigger first; at one size bold first, then centered; italic and upright at one size
        // and weight in the order the document first uses them (a parent's style comes before
        // its children's: LibreOffice sets its second level in bold italic over a bold third,
        // LaTeX classes set a bold upright section over a bold italic paragraph).
        let style = |p: &Self, i: usize| -> Option<(u16, bool, bool, bool)> {
            let (a, e) = p.block_lines[i];
            // A reference entry's heading is set as its `Name` label, over the body type.
            let h = if p.entry_heads.contains(&i) {
                p.hint(a)?
            } else {
                p.hint(e - 1).or_else(|| p.hint(a))?
            };
            Some((
                h.size_bin,
                h.typography.bold,
                h.centered,
                !h.typography.italic,
            ))
        };
        let heads = self.heading_blocks();
        type Style = (u16, bool, bool, bool);
        let sts: Vec<Option<Style>> = heads.iter().map(|&i| style(self, i)).collect();
        let mut depths: HashMap<Style, HashMap<u8, u32>> = HashMap::new();
        let mut styles: Vec<Style> = Vec::new();
        for (&i, &st) in heads.iter().zip(&sts) {
            let Some(st) = st else { continue };
            if !styles.contains(&st) {
                styles.push(st);
            }
            let h = self.blocks[i].heading.as_ref().unwrap();
            if h.source == HeadingSource::Numbering {
                *depths.entry(st).or_default().entry(h.level).or_default() += 1;
            }
        }
        // Stable: `styles` is in order of first use.
        styles.sort_by_key(|s| std::cmp::Reverse((s.0, s.1, s.2)));
        let rank: HashMap<Style, usize> = styles.iter().enumerate().map(|(k, s)| (*s, k)).collect();
        // Each heading's parent: the nearest heading before it in a bigger style (a stack of
        // headings in ever smaller styles).
        let mut parents: HashMap<Style, Vec<Option<usize>>> = HashMap::new();
        let mut last: HashMap<Style, usize> = HashMap::new();
        let mut stack: Vec<usize> = Vec::new();
        for (k, st) in sts.iter().enumerate() {
            let Some(st) = st else { continue };
            while stack
                .last()
                .is_some_and(|&t| rank[&sts[t].unwrap()] >= rank[st])
            {
                stack.pop();
            }
            parents.entry(*st).or_default().push(stack.last().copied());
            stack.push(k);
            last.insert(*st, k);
        }
        // Styles some heading of which is a parent.
        let parents_of: std::collections::HashSet<Style> = parents
            .values()
            .flatten()
            .flatten()
            .map(|&h| sts[h].unwrap())
            .collect();
        // The document's title: the first heading, alone in its style (its style's last).
        let title = sts
            .first()
            .copied()
            .flatten()
            .filter(|s| last[s] == 0)
            .map(|_| 0usize);
        let mut level_of: HashMap<Style, u8> = HashMap::new();
        for st in &styles {
            let level = match depths.get(st) {
                Some(d) => {
                    *d.iter()
                        .max_by_key(|&(l, n)| (*n, std::cmp::Reverse(*l)))
                        .unwrap()
                        .0
                }
                None => {
                    // Under the style most of its headings fall under; beside it when they
                    // all come after that style's last heading and head sections of their
                    // own (a word processor's parts set smaller after a few bigger sections),
                    // unless that heading is the title or its style is numbered.
                    let ps = &parents[st];
                    let mut by_style: HashMap<Style, usize> = HashMap::new();
                    for p in ps.iter().flatten() {
                        *by_style.entry(sts[*p].unwrap()).or_default() += 1;
                    }
                    match by_style
                        .iter()
                        .max_by_key(|&(s, n)| (*n, std::cmp::Reverse(rank[s])))
                        .map(|(s, _)| *s)
                    {
                        None => 1,
                        Some(p) => {
                            let pl = level_of[&p];
                            let beside = !depths.contains_key(&p)
                                && parents_of.contains(st)
                                && ps
                                    .iter()
                                    .flatten()
                                    .filter(|&&h| sts[h] == Some(p))
                                    .all(|&h| h == last[&p] && Some(h) != title);
                            if beside {
                                pl
                            } else {
                                (pl + 1).min(6)
                            }
                        }
                    }
                }
            };
            level_of.insert(*st, level);
        }
        for (&i, st) in heads.iter().zip(&sts) {
            let Some(st) = st else { continue };
            let h = self.blocks[i].heading.as_mut().unwrap();
            if h.source != HeadingSource::Numbering {
                h.level = level_of[st];
            }
        }
        // The document's title (the first heading, alone in the biggest style) stays a
        // heading: the section it opens holds the document, as a Markdown file's `# Title`
        // does, and outlines that list the title find it (unless it is a paper's front
        // matter, see `front_matter`).
    }

    /// The headings of a reference entry's parts (`Syntax`, `Description`, set as its
    /// `Name` is) go one level under the entry's heading (see `reference_entry`), until a
    /// heading above it.
    pub(super) fn reference_entries(&mut self) {
        let mut level = None;
        for (i, b) in self.blocks.iter_mut().enumerate() {
            let Some(h) = b.heading.as_mut() else {
                continue;
            };
            if self.entry_heads.contains(&i) {
                level = Some(h.level);
            } else if let Some(l) = level {
                if h.level < l {
                    level = None;
                } else if h.level == l {
                    h.level = (l + 1).min(6);
                }
            }
        }
    }

    /// Labels in a numbered document (layout hints only): where ten headings or more are
    /// numbered, an unnumbered title said four times or more as a heading (`Functions`,
    /// `Parameters`, `Returns` under each entry of a reference manual whose entries are
    /// numbered) is a label of the entries, not a section. (Three is not enough: a guide may
    /// name three sections alike, `The publican.cfg file` in three chapters.)
    pub(super) fn labels_of_numbered_entries(&mut self) {
        // The unnumbered headings, and how many are numbered.
        let mut numbered = 0;
        let mut unnumbered: Vec<(usize, &str)> = Vec::new();
        for (i, b) in self.blocks.iter().enumerate() {
            match b.heading.as_ref() {
                Some(h) if h.source == HeadingSource::Numbering => numbered += 1,
                Some(h) => unnumbered.push((i, h.title.as_str())),
                None => {}
            }
        }
        if numbered < 10 {
            return;
        }
        let mut said: HashMap<&str, u32> = HashMap::new();
        for &(_, t) in &unnumbered {
            *said.entry(t).or_default() += 1;
        }
        let labels: Vec<usize> = unnumbered
            .iter()
            .filter(|(_, t)| said[t] >= 4)
            .map(|&(i, _)| i)
            .collect();
        for i in labels {
            self.unhead(i);
        }
    }

    /// The numbering of each of heading blocks `heads` that was taken for its number, as the
    /// heading rules read it (`lower`: also before a title in lower case, `7.1 bliss
    /// Namespace Reference`).
    fn heading_numbers(&self, heads: &[usize], lower: bool) -> Vec<Option<headings::Numbering>> {
        heads
            .iter()
            .map(|&i| {
                let h = self.blocks[i].heading.as_deref()?;
                (h.source == HeadingSource::Numbering)
                    .then(|| {
                        headings::numbering(&h.title).or_else(|| {
                            lower.then(|| headings::numbering_lower(&h.title)).flatten()
                        })
                    })
                    .flatten()
            })
            .collect()
    }

    /// Sections and chapters under the title that holds them (layout hints only: plain text
    /// already sets sections under their chapter):
    ///
    /// - sections numbered afresh in each chapter, part or appendix (`Chapter 2. Installation`
    ///   over `1. Installation on Linux`, `II. DNA` over `1. Open and display DNA`, a licence
    ///   in an appendix over its clauses `1. APPLICABILITY AND DEFINITIONS`): where the first
    ///   heading after such a title is numbered `0` or `1` alone at the title's level, and
    ///   some chapter's sections start again so after a number past 1;
    /// - what a part holds (`Part I` over `1 Introduction`, `Part II` over `10 Example
    ///   environment`), as LaTeX's parts hold chapters;
    /// - chapters or sections numbered again under a title without a number
    ///   (`EN 301 549 Report` over `Chapter 4: Functional Performance Statements` after
    ///   another report's `Chapter 6`).
    ///
    /// The headings down to the next title at that level that is not numbered as the first
    /// one under it go one level under it.
    pub(super) fn sections_numbered_in_chapters(&mut self) {
        let heads = self.heading_blocks();
        let info = |k: usize| self.blocks[heads[k]].heading.as_deref().unwrap();
        let nums = self.heading_numbers(&heads, false);
        // What numbers each heading under a title: a section's number (`1.`, `2 Title`), or
        // a chapter's alone (`Chapter 4: Hardware`), not a part's; and the number.
        let numbered: Vec<Option<(bool, &[u32])>> = nums
            .iter()
            .enumerate()
            .map(|(k, n)| {
                let n = n.as_ref()?;
                match n.kind {
                    NumberKind::Dotted | NumberKind::Bare => Some((false, &n.parts[..])),
                    NumberKind::Chapter if n.parts.len() == 1 && !is_part(&info(k).title) => {
                        Some((true, &n.parts[..]))
                    }
                    _ => None,
                }
            })
            .collect();
        let section = |k: usize| numbered[k].filter(|n| !n.0).map(|n| n.1);
        // A chapter's or part's number (`Chapter 2`, `Part I`), or a letter or roman
        // numeral next in its own sequence from `A` or `I` (`J. Holstein` under an
        // author list is no appendix).
        let mut last = (0, 0);
        let mut chapter = |k: usize| {
            let h = info(k);
            if h.source != HeadingSource::Numbering {
                return false;
            }
            let (seq, value) = match &nums[k] {
                Some(n) if n.parts.len() != 1 => return false,
                Some(n) if matches!(n.kind, NumberKind::Chapter | NumberKind::Appendix) => {
                    return true;
                }
                Some(n) if n.kind == NumberKind::Roman => (1, n.parts[0]),
                Some(n) if n.kind == NumberKind::Letter => (0, n.parts[0]),
                Some(_) => return false,
                // An appendix's letter alone before its title (`A GNU Free Documentation
                // License`, see `appendix_letter`).
                None => {
                    let b = h.title.as_bytes();
                    if b.len() <= 2 || !b[0].is_ascii_uppercase() || b[1] != b' ' {
                        return false;
                    }
                    (0, u32::from(b[0] - b'A') + 1)
                }
            };
            let next = if seq == 0 { &mut last.0 } else { &mut last.1 };
            (value == *next + 1).then(|| *next = value).is_some()
        };
        let chapters: Vec<bool> = (0..heads.len()).map(&mut chapter).collect();
        // The first heading under title `k`, at its level or above, and how it is numbered.
        let first_under = |k: usize| {
            (k + 1 < heads.len() && info(k + 1).level <= info(k).level)
                .then(|| numbered[k + 1])
                .flatten()
        };
        // The last one-part number before each title, of sections and of chapters.
        let mut last_one: [Option<u32>; 2] = [None; 2];
        let mut past_one = false;
        let mut afresh = false;
        // For each title, the kind of number under it (chapters or sections) if it holds any.
        let mut holds: Vec<Option<bool>> = vec![None; heads.len()];
        for k in 0..heads.len() {
            let h = info(k);
            let under = first_under(k);
            if chapters[k] && !is_part(&h.title) {
                if under
                    .as_ref()
                    .is_some_and(|(ch, n)| !ch && n.len() == 1 && n[0] <= 1)
                {
                    afresh |= past_one;
                    holds[k] = Some(false);
                }
            } else if is_part(&h.title) && h.source == HeadingSource::Numbering {
                holds[k] = under.map(|u| u.0);
            } else if h.source != HeadingSource::Numbering {
                // Numbered again after a title with no number: one part, at or under the
                // last number of its kind (`Chapter 4` after `Chapter 6`; `3.` after `2.`
                // goes on).
                holds[k] = under
                    .filter(|(ch, n)| {
                        n.len() == 1 && last_one[usize::from(*ch)].is_some_and(|l| n[0] <= l)
                    })
                    .map(|u| u.0);
            }
            if let Some((ch, n)) = numbered[k].filter(|(_, n)| n.len() == 1) {
                last_one[usize::from(ch)] = Some(n[0]);
            }
            past_one |= section(k).is_some_and(|n| n[0] > 1);
        }
        if !afresh {
            // Sections that start at 1 in each chapter only where some chapter's do again.
            for (k, hold) in holds.iter_mut().enumerate() {
                if chapters[k] && !is_part(&info(k).title) {
                    *hold = None;
                }
            }
        }
        // Each title's range on its own (a part's chapters hold their own sections): a
        // heading goes one level down for every title whose range holds it. A range ends at
        // its title's level or above: at a heading without a section's or a chapter's number
        // (a part, a letter, a title without a number), and, for a title that holds
        // sections, at a chapter's number.
        let mut down = vec![0u8; heads.len()];
        for (k, hold) in holds.iter().enumerate() {
            let Some(kind) = *hold else {
                continue;
            };
            let level = info(k).level;
            for j in k + 1..heads.len() {
                let ends = info(j).level <= level
                    && match numbered[j] {
                        Some((chapter, _)) => !kind && chapter,
                        None => true,
                    };
                if ends {
                    break;
                }
                down[j] = down[j].saturating_add(1);
            }
        }
        for (k, d) in down.into_iter().enumerate() {
            let h = self.blocks[heads[k]].heading.as_mut().unwrap();
            h.level = h.level.saturating_add(d).min(6);
        }
    }

    /// Chapter titles set without their numbers (layout hints only: a Sphinx chapter's
    /// `CHAPTER ONE` label over `INTRODUCTION`, then `1.1 Joining the team`): a heading with
    /// no number right over the first section of a chapter (`1.1`, `2.1`) whose own number
    /// heads nothing is that chapter, one level over its sections.
    pub(super) fn chapters_without_numbers(&mut self) {
        let heads = self.heading_blocks();
        // Section numbers, and the numbers of every kind (`Chapter 3` heads `3.1` too).
        let all = self.heading_numbers(&heads, true);
        let numbers: Vec<Option<&Vec<u32>>> = all
            .iter()
            .map(|n| {
                n.as_ref()
                    .filter(|n| matches!(n.kind, NumberKind::Dotted | NumberKind::Bare))
                    .map(|n| &n.parts)
            })
            .collect();
        // The numbers of the headings before the one looked at.
        let mut before: HashSet<&[u32]> = HashSet::new();
        for k in 1..heads.len() {
            if let Some(n) = &all[k - 1] {
                before.insert(&n.parts);
            }
            let Some(parts) = numbers[k].filter(|p| p.len() >= 2 && p[p.len() - 1] == 1) else {
                continue;
            };
            let chapter = &parts[..parts.len() - 1];
            if all[k - 1].is_some() || before.contains(chapter) {
                continue;
            }
            let level = self.blocks[heads[k]].heading.as_ref().unwrap().level;
            let h = self.blocks[heads[k - 1]].heading.as_mut().unwrap();
            if level >= 2 && h.level >= level {
                h.level = level - 1;
            }
        }
    }

    /// Titles labelled with a lower-case letter or roman numeral (layout hints only: `a)
    /// Purpose`, `ii. Install the Nagios Plugins`), as outlines number the levels under
    /// `1.`: a letter goes one level under the last heading without such a label, a numeral
    /// one under the letter before it (with no letter, under that heading). Only ever
    /// deeper than they already were.
    pub(super) fn labelled_subsections(&mut self) {
        // The level of the last heading without a label, and the level and label of the
        // last letter under it.
        let mut base: Option<u8> = None;
        let mut letter: Option<(u8, u8)> = None;
        for i in self.heading_blocks() {
            let h = self.blocks[i].heading.as_mut().unwrap();
            let t = h.title.trim();
            if lower_label(t).is_none() {
                base = Some(h.level);
                letter = None;
                continue;
            }
            let Some(b) = base else {
                continue;
            };
            // A letter right after the last letter is one (`i)` after `h)`, `v)` after
            // `u)`), whatever numeral it spells.
            let label = t.split(['.', ')']).next().unwrap_or("").as_bytes();
            let next_letter =
                letter.is_some_and(|l| label.len() == 1 && Some(label[0]) == l.1.checked_add(1));
            let roman = roman_label(t).is_some() && !next_letter;
            let want = if roman { letter.map_or(b, |l| l.0) } else { b };
            h.level = h.level.max((want + 1).min(6));
            if !roman {
                letter = Some((h.level, t.as_bytes()[0]));
            }
        }
    }

    /// Titles continued page after page (layout hints only): a heading with the title and
    /// level of the open heading at its level, set first on the page after it (a slide's
    /// title over each frame it runs on to), continues that section and heads no new one; so
    /// does the title under it, set again on that page. It takes the title on three pages
    /// in a row: two overloads of a function may well head two pages running.
    pub(super) fn continued_titles(&mut self) {
        struct Open {
            level: u8,
            title: String,
            // The last page it was set on, and where it was set again.
            page: u32,
            again: Vec<usize>,
        }
        let mut open: Vec<Open> = Vec::new();
        let mut continued = Vec::new();
        let mut close = |o: Open| {
            if o.again.len() >= 2 {
                continued.extend(o.again);
            }
        };
        let mut last_page = None;
        // The page a title was last continued on.
        let mut went_on = None;
        // Pages so far that begin with a heading. A page between that does not (a frame's
        // overlays: the lines they add, the title kept on the frame's first page) parts no
        // title from its continuation.
        let mut headed = HashSet::new();
        for i in 0..self.blocks.len() {
            let page = self.hint(self.block_lines[i].0).map(|x| x.page);
            let first_on_page = page.is_some() && page != last_page;
            if first_on_page && self.blocks[i].heading.is_some() {
                headed.extend(page);
            }
            if page.is_some() {
                last_page = page;
            }
            let (Some(h), Some(page)) = (self.blocks[i].heading.as_ref(), page) else {
                continue;
            };
            // The open heading at this level, under those that may go on with it.
            let at = open.iter().rposition(|o| o.level <= h.level);
            if let Some(o) = at.map(|k| &mut open[k]).filter(|o| {
                o.level == h.level
                    && o.title == h.title
                    && (o.page + 1 == page
                        || (first_on_page
                            && page > o.page
                            && page <= o.page.saturating_add(8)
                            && (o.page + 1..page).all(|p| !headed.contains(&p))))
                    && (first_on_page || went_on == Some(page))
            }) {
                o.page = page;
                o.again.push(i);
                went_on = Some(page);
                continue;
            }
            while open.last().is_some_and(|o| o.level >= h.level) {
                close(open.pop().unwrap());
            }
            open.push(Open {
                level: h.level,
                title: h.title.clone(),
                page,
                again: Vec::new(),
            });
        }
        open.into_iter().for_each(&mut close);
        for i in continued {
            self.unhead(i);
        }
    }

    /// Page boxes of blocks (layout hints only): the union of their lines' boxes on the page
    /// the block starts on.
    pub(super) fn layout_boxes(&mut self) {
        for i in 0..self.blocks.len() {
            let (a, e) = self.block_lines[i];
            let page = self.hint(a).map(|h| h.page);
            let mut bb: Option<[f32; 4]> = None;
            for c in a..e {
                if let Some(h) = self.hint(c).filter(|h| Some(h.page) == page) {
                    let r = h.bbox;
                    bb = Some(match bb {
                        None => r,
                        Some(b) => [
                            b[0].min(r[0]),
                            b[1].min(r[1]),
                            b[2].max(r[2]),
                            b[3].max(r[3]),
                        ],
                    });
                }
            }
            self.blocks[i].attrs_mut().bbox = bb;
        }
    }

    /// In a document that leaves blank lines only over its titles, content line `c` is short,
    /// closes no sentence and heads text at its own margin: one of the next three lines is a
    /// sentence or runs longer than a title may, in words (a run of short lines is a table or a
    /// list: `Unary Operators` / `Explanation` / `unary minus`).
    pub(super) fn heads_run(&self, c: usize) -> bool {
        let Some(max) = self.blank_led else {
            return false;
        };
        let t = self.line(c).trim();
        let indent = self.l(c).indent;
        t.chars().count() <= max
            && !t.ends_with(['.', ',', ';', ':', '!', '?'])
            && c + 1 < self.content.len()
            && self.adjacent(c)
            && self.l(c + 1).indent == indent
            && (c + 1..self.content.len().min(c + 4))
                .take_while(|&k| k == c + 1 || self.adjacent(k - 1))
                .any(|k| {
                    // Text: a sentence, or a line of words longer than a title may be (not a
                    // contents entry's leaders, `. . . . 63`).
                    // A sentence may trail off into an ellipsis after a word (`This format
                    // can...`, over the list it leads into).
                    let l = self.line(k).trim();
                    (l.chars().count() > max
                        && l.chars().filter(|ch| ch.is_alphabetic()).count() * 2 > max)
                        || (l.ends_with(['.', '!', '?'])
                            && !l.ends_with("..")
                            && l.split_whitespace().count() >= 4)
                        || ellipsis_lead_in(l)
                })
    }

    /// Content line `c` is a title right over its first subsection's title, over the text
    /// (`Build changes and issues` / `Strict compilation flags` / `Most of the modules…`):
    /// text extracted from a PDF drops the space between two titles.
    pub(super) fn stacked_titles(&self, c: usize) -> bool {
        if c + 2 >= self.content.len() || !self.adjacent(c) || !self.adjacent(c + 1) {
            return false;
        }
        let (first, second) = (self.line(c).trim(), self.line(c + 1).trim());
        let third = self.line(c + 2).trim();
        let indent = self.l(c).indent;
        // Two titles the contents list, one over the other, are stacked over any text.
        if short_title(first) && short_title(second) && self.listed(first) && self.listed(second) {
            return true;
        }
        short_title(first)
            && short_title(second)
            && third.chars().count() >= 50
            && third.chars().count() * 2 >= 3 * first.chars().count().max(second.chars().count())
            && third.starts_with(char::is_uppercase)
            && self.l(c + 1).indent == indent
            && self.l(c + 2).indent == indent
            // The text goes on as text, not as one more short line (`C - CPU` / `D - Disk` /
            // `E - Environmental data (fan, power, temp), via ipmitool` / `F - NFS Data`).
            && (c + 3 >= self.content.len()
                || !self.adjacent(c + 2)
                || self.line(c + 3).trim().chars().count() >= 40)
    }

    /// Content lines `c` and `c + 1` of a group ending before `end` are two titles set out
    /// left of an indented body, one over the other, the body right under them (a manual
    /// page's empty subsection over its first child: `Operators and Expressions` /
    /// `Arithmetic Operators` / the text): the first is a title of its own.
    pub(super) fn outdented_pair(&self, c: usize, end: usize) -> bool {
        let titled = |t: &str| {
            let t = t.trim();
            short_title(t) && !t.contains("  ")
        };
        end >= c + 3
            && end <= self.content.len()
            && self.base_indent > 0
            && self.adjacent(c)
            && self.adjacent(c + 1)
            && self.l(c + 1).indent == self.l(c).indent
            && self.l(c + 2).indent >= self.base_indent
            && titled(self.line(c))
            && titled(self.line(c + 1))
    }

    /// `t` names a title the document's table of contents lists (once the contents are over).
    pub(super) fn listed(&self, t: &str) -> bool {
        !self.toc_titles.is_empty()
            && self.toc_from.is_none()
            && toc_title(t).is_some_and(|k| self.toc_titles.contains(&k))
    }

    /// Content lines `c` and `c + 1` are adjacent: no blank line, no page break between.
    pub(super) fn adjacent(&self, c: usize) -> bool {
        let (a, b) = (self.content[c], self.content[c + 1]);
        self.lines[a].page == self.lines[b].page && self.lines[a + 1..b].iter().all(|l| l.removed)
    }

    /// Content line `c` starts a page or follows a sentence's end (`stops.`, `(… at
    /// present.)`), not the middle of a sentence that OCR cut into paragraphs.
    pub(super) fn after_sentence(&self, c: usize) -> bool {
        self.page_break_before(c)
            || self
                .line(c - 1)
                .trim_end()
                .ends_with(['.', '!', '?', ':', ')'])
    }

    /// Content line `c` stands alone in its group, short and open (no closing
    /// punctuation), over a paragraph of three lines or more whose first line starts with a
    /// capital and runs to the text's full line, two thirds longer than `c` at least. In plain
    /// text at the margin, not reStructuredText (whose titles are adorned).
    pub(super) fn lone_over_paragraph(&self, c: usize) -> bool {
        let n = self.content.len();
        if self.restructured
            || self.base_indent != 0
            || (c > 0 && self.adjacent(c - 1))
            || c + 1 >= n
            || self.adjacent(c)
        {
            return false;
        }
        let t = self.line(c).trim();
        let below = self.line(c + 1).trim();
        let para = (c + 1..n.min(c + 4))
            .take_while(|&k| k == c + 1 || self.adjacent(k - 1))
            .count();
        para >= 3
            && !t.ends_with(['.', ',', ';', ':'])
            && t.len() * 10 <= below.len() * 6
            && below.chars().count() >= self.full_line()
            && below.starts_with(char::is_uppercase)
    }

    /// With layout hints, the left edges of each page's body text: where three lines or more
    /// in the body's type (not bold, not larger, not code, no table, figure or footnote)
    /// start, to the point.
    pub(super) fn margins(&self, page: u32) -> &[i32] {
        let all = self.margins.get_or_init(|| {
            let mut count: HashMap<(u32, i32), u32> = HashMap::new();
            for c in 0..self.content.len() {
                let Some(h) = self.hint(c) else { continue };
                if h.mono
                    || h.centered
                    || h.table.is_some()
                    || h.figure
                    || h.footnote
                    || h.cells > 1
                    || Hints::stands_out(h)
                {
                    continue;
                }
                *count.entry((h.page, h.bbox[0].round() as i32)).or_default() += 1;
            }
            let mut all: HashMap<u32, Vec<i32>> = HashMap::new();
            for ((page, x), n) in count {
                if n >= 3 {
                    all.entry(page).or_default().push(x);
                }
            }
            all
        });
        // A page of boxes and code has no body lines: the nearest page on the same side
        // (odd or even: a two-sided layout moves the margins) that has them speaks for it.
        let last = all.keys().copied().max().unwrap_or(0);
        (0..=last / 2 + 1)
            .flat_map(|d| [page.checked_sub(2 * d), page.checked_add(2 * d)])
            .flatten()
            .find_map(|p| all.get(&p))
            .map_or(&[], Vec::as_slice)
    }

    /// A line set in from the body's left edge on its page (by 6 to 72 points), at no edge
    /// of its own: a label inside a box or a list, not a title at the margin.
    pub(super) fn inset(&self, h: &LineHint) -> bool {
        let x = h.bbox[0].round() as i32;
        let m = self.margins(h.page);
        !h.centered
            && m.iter().all(|&e| (e - x).abs() > 2)
            && m.iter().any(|&e| x - e >= 6 && x - e <= 72)
    }

    /// The length, in characters, a line of the text's paragraphs runs to: four fifths of
    /// the length a quarter of its content lines reach or pass.
    pub(super) fn full_line(&self) -> usize {
        *self.full_line.get_or_init(|| {
            // Lengths of content lines, 512 characters and more counted together.
            let mut lengths = [0usize; 513];
            for c in 0..self.content.len() {
                lengths[self.line(c).trim().chars().take(512).count()] += 1;
            }
            let mut seen = 0;
            let quarter = lengths
                .iter()
                .enumerate()
                .rev()
                .find(|&(_, &k)| {
                    seen += k;
                    seen * 4 >= self.content.len()
                })
                .map_or(0, |(n, _)| n);
            quarter * 4 / 5
        })
    }

    /// The text's [`Parser::lone_over_paragraph`] lines are written in sentence case more
    /// often than in title case, twice at least: that is how its titles are written.
    pub(super) fn lone_in_sentence_case(&self) -> bool {
        *self.lone_sentence_case.get_or_init(|| {
            let (mut sentence, mut title) = (0, 0);
            for c in 0..self.content.len() {
                if self.lone_over_paragraph(c) {
                    match entry_case(self.line(c)) {
                        Some(true) => sentence += 1,
                        Some(false) => title += 1,
                        None => {}
                    }
                }
            }
            sentence >= 2 && sentence > title
        })
    }

    /// A page ends between content lines `c - 1` and `c`: a form feed or removed furniture.
    pub(super) fn page_break_before(&self, c: usize) -> bool {
        let (a, b) = (self.content[c - 1], self.content[c]);
        self.lines[a].page != self.lines[b].page || self.lines[a + 1..b].iter().any(|l| l.removed)
    }

    /// Groups: maximal runs of adjacent content lines, as `[first, end)` into `content`.
    /// In reStructuredText, a title may follow an indented block with no blank line between
    /// (the last line of a `.. code::` block, then `Raising exceptions` over its tildes):
    /// docutils ends the block at the margin and reads the title. The group splits there.
    pub(super) fn groups(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = 0;
        for c in 0..self.content.len() {
            if c > start && self.restructured && self.title_after_indented_block(c) {
                out.push((start, c));
                start = c;
            }
            // A star title starts a group of its own, as Emacs folds the outline there; so does
            // the line that opens or closes an Org block.
            if c > start
                && self.stars_title()
                && self.l(c).indent == 0
                && (star_title(self.line(c)).is_some() || org_block_line(self.line(c)))
            {
                out.push((start, c));
                start = c;
            }
            if c + 1 == self.content.len() || !self.adjacent(c) {
                out.push((start, c + 1));
                start = c + 1;
            }
        }
        out
    }

    /// Whether content line `c`, at the margin under an indented line of its group, starts an
    /// adorned title: title and underline, or overline, title and the same rule.
    pub(super) fn title_after_indented_block(&self, c: usize) -> bool {
        let n = self.content.len();
        if c + 1 >= n || self.l(c).indent != 0 || self.l(c - 1).indent == 0 || !self.adjacent(c) {
            return false;
        }
        let (first, second) = (self.line(c), self.line(c + 1));
        if rule_char(first).is_none() {
            return underline_of(first, second).is_some();
        }
        rule_char(second).is_none()
            && c + 2 < n
            && self.adjacent(c + 1)
            && rule_char(self.line(c + 2)) == rule_char(first)
    }

    pub(super) fn run(&mut self) {
        let groups = self.groups();
        // A `Contents` title taken for page furniture (it heads every page of the contents)
        // still starts the table of contents.
        let first_title = self
            .lines
            .iter()
            .position(|l| is_contents_title(&self.text[l.start..l.end]));
        if let Some(i) = first_title {
            if !self.content.contains(&i) {
                self.toc_from = Some(self.content.partition_point(|&c| c < i));
            }
        }
        for gi in 0..groups.len() {
            let (mut start, end) = groups[gi];
            // A number line before may have taken this group's first line as its title.
            start = start.max(self.consumed);
            if start >= end {
                continue;
            }
            // A document's title right over `Contents` and its entries (`tex2mn manual` /
            // `Table of Contents` / `Reading the manual . . . 1`) is a group of its own.
            if end - start >= 3
                && !is_contents_title(self.line(start))
                && is_contents_title(self.line(start + 1))
            {
                let mut rest = vec![(start + 1, end)];
                rest.extend_from_slice(&groups[gi + 1..]);
                start += self.group(start, start + 1, Some((start + 1, end)), &rest);
            }
            // `Contents` over the first entries, with no blank line between (`Contents` /
            // `1 License`): the table of contents starts here.
            // An underlined `Contents` heads a section of its own (reStructuredText's hand-made
            // contents list): the entries start under its underline.
            if end - start >= 2 && is_contents_title(self.line(start)) {
                let underlined = underline_of(self.line(start), self.line(start + 1)).is_some();
                self.start_contents(if underlined { start + 2 } else { start });
            }
            let figure = self.hint(start).is_some_and(|h| h.figure);
            let next = groups.get(gi + 1).copied();
            if !figure && (self.is_toc(start, end) || self.in_toc_region(start, end, next)) {
                self.push_toc(start, end);
                continue;
            }
            // A `Contents` line starts the table of contents whatever block it becomes (in text
            // extracted from a PDF it often stands alone, in capitals, on the title pages).
            if end - start == 1 && is_contents_title(self.line(start)) {
                self.start_contents(end);
            }
            // A group may be consumed in parts: a heading, then the rest of its lines.
            while start < end {
                start += self.group(start, end, groups.get(gi + 1).copied(), &groups[gi + 1..]);
            }
        }
        self.demote_term_runs();
    }

    /// Four or more headings in a row found by style alone, of one style, each over at most
    /// two lines of body: the terms of a definition list (`SWIGPYTHON` / one line on it), not
    /// sections; with a layout, two or more whose text is indented under them, however long.
    /// They become prose, but for one set bigger than the run's median where the layout gives
    /// sizes (a chapter's title over its first entry's terms).
    pub(super) fn demote_term_runs(&mut self) {
        let heads = self.heading_blocks();
        let body_lines = |k: usize| -> usize {
            let end = heads.get(k + 1).copied().unwrap_or(self.blocks.len());
            (heads[k] + 1..end)
                .map(|b| self.block_lines[b].1 - self.block_lines[b].0)
                .sum()
        };
        // The titles of a generated reference's members, each after an ornament (`◆ f_bavail`
        // over its declaration and a line on it), set 1.2 times the text or more, are
        // headings however short their entries: the ornament marks them. They are no terms,
        // and they neither make a run of terms nor join one (`Detailed Description`,
        // `Function Documentation` over two of them on a short page).
        let ornamented = |h: usize, i: &HeadingInfo| {
            after_ornament(&i.title).is_some()
                && self
                    .hint(self.block_lines[h].0)
                    .is_some_and(|t| t.typography.size_ratio >= 1.2)
        };
        let style_of = |h: usize| {
            let b = &self.blocks[h];
            b.heading
                .as_ref()
                .filter(|i| {
                    i.source == HeadingSource::Style
                        && !self.outdented.contains(&h)
                        && !self.function_heads.contains(&h)
                        && !self.entry_heads.contains(&h)
                        && !ornamented(h, i)
                })
                .map(|i| i.level)
        };
        // With a layout, a term of a description list: a heading found by its type (bold or
        // italic) at body size whose text is indented under it, by a line's height or more, where the page's text stands
        // at the term's margin elsewhere (`Status` over `The current status, one of the
        // following:`; `Revision 3, released on Aug 15, 2016` over its changes). A document
        // that sets all its text right of its titles has no text at their margin.
        let indented_body = |k: usize| -> bool {
            let h = heads[k];
            let end = heads.get(k + 1).copied().unwrap_or(self.blocks.len());
            let c0 = self.block_lines[h].0;
            let Some(t) = self.hint(c0) else {
                return false;
            };
            let (x, em) = (t.bbox[0], t.bbox[3] - t.bbox[1]);
            t.typography.size_ratio < 1.1
                && h + 1 < end
                && {
                    let (a, b) = self.block_lines[h + 1];
                    (a..b).all(|c| self.hint(c).is_some_and(|n| n.bbox[0] >= x + em))
                }
                && (c0.saturating_sub(80)..(c0 + 80).min(self.content.len())).any(|c| {
                    c != c0
                        && self.hint(c).is_some_and(|n| {
                            n.page == t.page
                                && !Hints::stands_out(n)
                                && !n.mono
                                && (n.bbox[0] - x).abs() < 2.0
                        })
                })
        };
        let mut demote = Vec::new();
        let mut k = 0;
        while k < heads.len() {
            let Some(level) = style_of(heads[k]) else {
                k += 1;
                continue;
            };
            let mut end = k;
            // A reference entry's heading among its parts' labels leaves the run whole.
            while end < heads.len()
                && (self.entry_heads.contains(&heads[end])
                    || (style_of(heads[end]) == Some(level)
                        && (body_lines(end) <= 2 || indented_body(end))))
            {
                end += 1;
            }
            // Four short ones in a row are terms; so are two whose text is indented under
            // them, however long it runs. Titles the contents list, half of them or more, are
            // sections however short (`Protocol` / `Requests` / `Events` / `Errors`, each
            // over a line).
            let listed = heads[k..end]
                .iter()
                .filter(|&&h| {
                    self.blocks[h]
                        .heading
                        .as_ref()
                        .is_some_and(|i| self.listed(&i.title))
                })
                .count();
            if (end - k >= 4 || (end - k >= 2 && (k..end).all(indented_body)))
                && listed * 2 < end - k
            {
                // With a layout, the terms share one type: a chapter's title set bigger
                // among them (`Primitive Types` over a reference entry's `Name`, `Syntax`)
                // stays a heading.
                let size = |h: usize| {
                    self.hint(self.block_lines[h].0)
                        .map_or(0.0, |t| t.typography.size_ratio)
                };
                let run = &heads[k..end];
                let mut sizes: Vec<f32> = run.iter().map(|&h| size(h)).collect();
                sizes.sort_by(f32::total_cmp);
                let median = sizes[sizes.len() / 2];
                demote.extend(run.iter().copied().filter(|&h| size(h) <= median * 1.15));
            }
            k = end.max(k + 1);
        }
        // A reference entry's heading stays, its parts' labels around it go.
        demote.retain(|h| !self.entry_heads.contains(h));
        for h in demote {
            self.unhead(h);
        }
    }

    /// After a `Contents` heading, text extracted from a PDF may spread each entry over lines of
    /// its own (`2.1` / `Default Runtime Environment` / `. . . .` / `1`). Until a paragraph
    /// comes, or a section number comes round again (the first real heading), or
    /// `TOC_MAX_LINES` lines have passed, groups belong to the table of contents.
    pub(super) fn in_toc_region(
        &mut self,
        start: usize,
        end: usize,
        next: Option<(usize, usize)>,
    ) -> bool {
        let Some(from) = self.toc_from.filter(|&f| start >= f) else {
            return false;
        };
        let lines: Vec<&str> = (start..end).map(|c| self.line(c).trim()).collect();
        let entry = |l: &str| toc_line(l) || ends_with_leaders(l) || leaders_only(l);
        // A line of a paragraph: more words than an entry holds.
        let prose_line = |l: &str| l.split_whitespace().count() > 10 && !entry(l);
        let paragraph = lines.iter().any(|l| prose_line(l))
            || (lines.len() >= 2
                && lines.iter().filter(|l| l.len() > 50 && !entry(l)).count() >= 2);
        // A chapter's label counts as the bare number the contents gave it (`1 Primitive
        // Permutation Groups` there, `Chapter 1` / `Primitive Permutation Groups` here).
        let again = headings::numbering(lines[0]).is_some_and(|n| {
            let bare = n.kind == NumberKind::Chapter
                && chapter_word(lines[0])
                && self.toc_numbers.contains(&(0, n.parts.clone()));
            !self.toc_numbers.insert(number_key(&n)) || bare
        });
        // So does a number alone over its title, when the contents listed both on one line
        // (`1` / `Overview` after `1 Overview`): the chapter starts here.
        let again = again
            || (lines.len() == 1
                && number_only(lines[0])
                && next.is_some_and(|(a, _)| {
                    toc_title(&format!("{} {}", lines[0], self.line(a).trim()))
                        .is_some_and(|k| self.toc_entries.contains(&k))
                }));
        // An unnumbered title the contents listed, alone over a paragraph, comes round again:
        // the chapter it names starts here (`Introduction` over its first paragraph).
        // So is one right over a line of text (`License` / `Copyright © 2020 …`).
        let text_line = |l: &str| l.split_whitespace().count() >= 4 && !entry(l);
        let over_prose = next.is_some_and(|(a, b)| (a..b).any(|c| prose_line(self.line(c).trim())));
        let listed = !entry(lines[0])
            && toc_title(lines[0]).is_some_and(|k| self.toc_titles.contains(&k))
            && ((lines.len() == 1 && over_prose) || (lines.len() >= 2 && text_line(lines[1])));
        // So is one wrapped to two or three lines (a chapter's title set large).
        let listed = listed
            || (over_prose
                && self.wrapped_title(start, end)
                && toc_title(&self.joined(start, end))
                    .is_some_and(|k| self.toc_titles.contains(&k)));
        // Typeset text: a line that stands out and is no entry starts the document proper;
        // so does an underlined title.
        let standout = !toc_line(lines[0]) && self.hint(start).is_some_and(Hints::stands_out);
        let underlined = lines.len() >= 2 && underline_of(lines[0], lines[1]).is_some();
        if paragraph || again || listed || standout || underlined || start > from + TOC_MAX_LINES {
            self.toc_from = None;
            return false;
        }
        true
    }

    /// A table of contents starts at content line `from`: what an earlier one listed is
    /// forgotten.
    pub(super) fn start_contents(&mut self, from: usize) {
        self.toc_from = Some(from);
        self.first_contents.get_or_insert(from);
        self.toc_numbers.clear();
        self.toc_titles.clear();
        self.toc_entries.clear();
        self.toc_lines.clear();
        self.toc_case = (0, 0);
    }

    /// A table-of-contents group: a list, joined to the list right before it.
    pub(super) fn push_toc(&mut self, start: usize, end: usize) {
        if self.toc_from.is_some() {
            // Entries seen here: the same number later is the real heading.
            for c in start..end {
                if let Some(sentence) = entry_case(self.line(c)) {
                    if sentence {
                        self.toc_case.0 += 1;
                    } else {
                        self.toc_case.1 += 1;
                    }
                }
                if let Some(n) = headings::numbering(self.line(c)) {
                    self.toc_numbers.insert(number_key(&n));
                    self.toc_entries.extend(toc_title(self.line(c)));
                } else if let Some(k) = toc_title(self.line(c)) {
                    self.toc_titles.insert(k);
                    self.toc_lines.insert(self.line(c).trim().to_string());
                }
            }
        }
        let joined = self
            .blocks
            .last()
            .is_some_and(|b| b.kind == BlockType::List)
            && self
                .block_lines
                .last()
                .is_some_and(|r| self.toc_from.is_some() && r.1 <= start);
        if joined {
            self.extend_last(end);
        } else {
            self.push(BlockType::List, start, end, None);
        }
    }

    /// Table-of-contents group: most lines end in a page number after dot leaders or a gap.
    pub(super) fn is_toc(&self, a: usize, b: usize) -> bool {
        let n = (a..b).filter(|&c| toc_line(self.line(c))).count();
        n >= 2 && n * 2 >= b - a
    }

    /// The text marks its titles with `=` (AsciiDoc, wiki text): a source, never a typeset
    /// page (a PDF that prints AsciiDoc in its examples).
    fn marks_titles(&self) -> bool {
        self.equals_titles && self.hints.is_none()
    }

    /// A heading its markup marks (`heading_source = markup`) over lines `[a, b)`: `title`
    /// with its blanks collapsed, at `level`, with the document's own anchor if it has one.
    fn push_markup_heading(
        &mut self,
        a: usize,
        b: usize,
        level: u8,
        title: &str,
        anchor: Option<&str>,
    ) {
        let info = HeadingInfo {
            level,
            title: title.split_whitespace().collect::<Vec<_>>().join(" "),
            source: HeadingSource::Markup,
            anchor: anchor.map(str::to_string),
        };
        self.push(BlockType::Heading, a, b, Some(info));
    }

    /// In an outline whose first titles are found by their shape or number, not by stars
    /// (gettext's `NEWS`: `Version 0.21 - July 2020` over `* Programming languages support:`),
    /// the star titles go under them: each star title's level is raised by the deepest level
    /// of the titles before the first star title.
    pub(super) fn stars_under_titles(&mut self) {
        if !self.stars_title() {
            return;
        }
        let star = |p: &Self, b: &Block| {
            b.heading
                .as_ref()
                .is_some_and(|h| h.source == HeadingSource::Markup)
                && star_title(p.text[b.off_begin..b.off_end].trim_end()).is_some()
        };
        let Some(first) = self.blocks.iter().position(|b| star(self, b)) else {
            return;
        };
        let Some(above) = self.blocks[..first]
            .iter()
            .filter_map(|b| b.heading.as_ref().map(|h| h.level))
            .max()
        else {
            return;
        };
        for i in first..self.blocks.len() {
            if star(self, &self.blocks[i]) {
                let h = self.blocks[i].heading.as_mut().unwrap();
                h.level = (h.level + above).min(6);
            }
        }
    }

    /// The text marks its titles with stars (an Emacs outline or Org file): a source, never a
    /// typeset page.
    fn stars_title(&self) -> bool {
        self.star_titles && self.hints.is_none()
    }

    /// The start of a group in an outline or Org file, when its markup decides it; returns how
    /// many lines it used.
    /// - A star title at the margin is a heading at its stars' level (as Emacs folds it),
    ///   unless it is a sentence wrapped onto the next line: an item of a list (`* This
    ///   version of sed passes the new test-suite donated by` / `Jason Molenda.`), not a
    ///   title.
    /// - An Org `#+begin_src` or `#+begin_example` block is code, to its `#+end_` line; other
    ///   blocks (`quote`, `center`) make no block of their own, and their lines are read as
    ///   text.
    fn org_group(&mut self, start: usize, end: usize) -> Option<usize> {
        let first = self.line(start);
        if let Some(name) = org_block_open(first) {
            let ends = self.org_ends.get_or_init(|| {
                let mut ends: HashMap<String, Vec<usize>> = HashMap::new();
                for c in 0..self.content.len() {
                    if let Some(n) = org_block_end(self.line(c)) {
                        ends.entry(n).or_default().push(c);
                    }
                }
                ends
            });
            // The first line after this one that closes its name, 20,000 lines away at most.
            let close = ends
                .get(&name)
                .and_then(|v| v.get(v.partition_point(|&c| c <= start)).copied())
                .filter(|&c| c < start + 20_000);
            return match close {
                Some(c) if matches!(name.as_str(), "src" | "example") => {
                    self.push(BlockType::Code, start, c + 1, None);
                    self.consumed = self.consumed.max(c + 1);
                    Some((c + 1 - start).min(end - start))
                }
                Some(_) => Some(1),
                None => None,
            };
        }
        if org_block_line(first) {
            return Some(1); // the end of a block
        }
        let (level, title) = star_title(first)?;
        if start + 1 < end {
            let next = self.line(start + 1).trim_start();
            let words = title.split_whitespace().count();
            // (A title that ends in a colon heads what follows: `* New program:` over
            // `    autopoint - copies standard gettext infrastructure`.)
            let wrapped = (next.starts_with(char::is_lowercase) && !title.ends_with(':'))
                || (words >= 8
                    && !title.ends_with(['.', ':', '!', '?'])
                    && self.l(start + 1).indent == 0);
            if wrapped {
                return None;
            }
        }
        self.push_markup_heading(start, start + 1, level, title, None);
        Some(1)
    }

    /// The line after `at` that repeats it (trailing spaces aside): the closing delimiter of
    /// the AsciiDoc block `at` opens, looked for over the next 20,000 lines.
    fn closing_line(&self, at: usize) -> Option<usize> {
        let open = self.line(at).trim_end();
        let last = self.content.len().min(at + 20_000);
        (at + 1..last).find(|&c| self.line(c).trim_end() == open)
    }

    /// The start of a group in AsciiDoc (or wiki text), when AsciiDoc's markup decides it;
    /// returns how many lines it used. Block attributes over a block or title (`[source,java]`
    /// over `----`, `[cols="1,2"]` over `|===`, `[[install]]` over `== Installation`) are part
    /// of it.
    /// - A delimited block: a listing (`----`) or literal (`....`) block is code, to its
    ///   closing line; other delimiters (`====` example, `****` sidebar, `____` quote) are no
    ///   rule under or over a title and make no block of their own.
    /// - A block's title (`.Deprecation note` over an example block) is no section title; nor
    ///   a line right over a delimiter that is no underline of it (`Usage:` over `....`),
    ///   which then opens its block.
    /// - A title marked with `=` (`== Installation`) is a heading at its marks' level, or,
    ///   under attributes, a two-line title (`DESCRIPTION` / `-----------`) at its underline's
    ///   (`=`, `-`, `~`, `^`, `+`); an anchor in the attributes is the heading's.
    fn adoc_group(&mut self, start: usize, end: usize) -> Option<usize> {
        let n = end - start;
        let first = self.line(start);
        let attrs = (start..end)
            .take(3)
            .take_while(|&c| self.l(c).indent == 0 && block_attributes(self.line(c)))
            .count();
        let at = start + attrs;
        if at < end {
            if let Some(t) = self.adoc_table(start, at) {
                return Some(t.min(n));
            }
            if let Some(d) = adoc_delimiter(self.line(at)) {
                match self.closing_line(at) {
                    Some(c) if matches!(d, '-' | '.') => {
                        self.push(BlockType::Code, start, c + 1, None);
                        self.consumed = self.consumed.max(c + 1);
                        return Some((c + 1 - start).min(n));
                    }
                    Some(_) => return Some(attrs + 1),
                    None => {}
                }
            }
        }
        let block_title =
            first.starts_with('.') && first[1..].starts_with(|c: char| c.is_alphanumeric());
        let over_block = n >= 2
            && adoc_delimiter(self.line(start + 1)).is_some()
            && !adoc_underline(first, self.line(start + 1));
        if block_title || over_block {
            self.push(BlockType::Prose, start, start + 1, None);
            return Some(1);
        }
        if at >= end || self.l(at).indent != 0 {
            return None;
        }
        let two_line = (attrs > 0 && at + 1 < end)
            .then(|| (self.line(at), self.line(at + 1)))
            .filter(|&(t, r)| adoc_underline(t, r))
            .and_then(|(t, r)| {
                let level = "=-~^+".find(r.trim().chars().next()?)? as u8 + 1;
                Some((level, t.trim()))
            });
        let lines = if two_line.is_some() { 2 } else { 1 };
        let (level, title) = equals_title(self.line(at)).or(two_line)?;
        let anchor = (start..at).find_map(|c| attribute_anchor(self.line(c)));
        self.push_markup_heading(start, at + lines, level, title, anchor);
        Some(attrs + lines)
    }

    /// An AsciiDoc table from its `|===` line at `at` (under its attributes from `start`) to
    /// the same line closing it: a table block of its lines, its columns the cells of its
    /// first row, its rows the cells over the columns, a header row when a blank line follows
    /// the first (as AsciiDoc takes it). Returns the lines used from `start`; the lines past
    /// this group are consumed.
    fn adoc_table(&mut self, start: usize, at: usize) -> Option<usize> {
        let open = self.line(at).trim_end();
        if !(open.len() >= 4 && open.starts_with('|') && open[1..].bytes().all(|b| b == b'=')) {
            return None;
        }
        let close = self.closing_line(at)?;
        // Cells open with `|` at a line's start or after a space (`|a |b`).
        let cells = |l: &str| {
            let b = l.as_bytes();
            (0..b.len())
                .filter(|&i| b[i] == b'|' && (i == 0 || b[i - 1] == b' ' || b[i - 1] == b'\t'))
                .count()
        };
        let first_row = (at + 1..close).find(|&c| cells(self.line(c)) > 0);
        let cols = first_row.map_or(0, |c| cells(self.line(c)));
        let total: usize = (at + 1..close).map(|c| cells(self.line(c))).sum();
        let header =
            first_row.is_some_and(|c| c + 1 < close && self.content[c + 1] > self.content[c] + 1);
        let rows = if cols > 0 { total.div_ceil(cols) } else { 0 };
        let i = self.push(BlockType::Table, start, close + 1, None);
        let s = shape(rows as u32, cols as u32, u32::from(header), "adoc");
        self.blocks[i].attrs_mut().table = Some(Box::new(s));
        self.consumed = self.consumed.max(close + 1);
        Some(close + 1 - start)
    }

    /// Handles the start of group `[start, end)`; returns how many lines it used.
    pub(super) fn group(
        &mut self,
        start: usize,
        end: usize,
        next: Option<(usize, usize)>,
        rest: &[(usize, usize)],
    ) -> usize {
        let n = end - start;
        let first = self.line(start);
        if self.hint(start).is_some_and(|h| h.figure) {
            self.push(BlockType::Figure, start, start + 1, None);
            return 1;
        }
        if self.marks_titles() && self.l(start).indent == 0 {
            if let Some(k) = self.adoc_group(start, end) {
                return k;
            }
        }
        if self.stars_title() && self.l(start).indent == 0 {
            if let Some(k) = self.org_group(start, end) {
                return k;
            }
        }
        // A ChangeLog's entries: each entry's first line heads it (its date and author, or
        // its commit), so that every chunk of an entry carries them in its `context`.
        // (An `Author:` line under its commit's line, a `Merge:` line between them or not,
        // is part of that entry's head.)
        let under_commit = || {
            first.starts_with("Author: ")
                && (1..=2).any(|k| {
                    start >= k
                        && (start - k..start).all(|c| self.adjacent(c))
                        && changelog_header(self.line(start - k))
                        && (k == 1 || self.line(start - 1).starts_with("Merge: "))
                })
        };
        let below =
            (start + 1 < self.content.len() && self.adjacent(start)).then(|| self.line(start + 1));
        if self.changelog
            && self.hints.is_none()
            && self.l(start).indent == 0
            && entry_head(first, below)
            && !under_commit()
        {
            self.push_markup_heading(start, start + 1, 1, first, None);
            return 1;
        }
        // A blank line, the start of a page, or a heading right above.
        let blank_before = start == 0
            || !self.adjacent(start - 1)
            || (self
                .blocks
                .last()
                .is_some_and(|b| b.kind == BlockType::Heading)
                && self.block_lines.last().is_some_and(|r| r.1 == start));
        // Overline + title + underline, or title + underline (same indentation). Rules much
        // shorter than the line between them fence a block (AsciiDoc's `----` around a one-line
        // listing), as they underline no title.
        if n >= 3 && !self.marks_titles() {
            let title = self.line(start + 1);
            if let (Some(o), Some(u)) = (
                underline_of(title, self.line(start)),
                underline_of(title, self.line(start + 2)),
            ) {
                if o == u
                    && self.try_heading(
                        start + 1,
                        blank_before,
                        Some(Style::Underline(u, true)),
                        next,
                    )
                {
                    return 3;
                }
            }
        }
        if n >= 2 {
            let under = underline_of(first, self.line(start + 1)).or_else(|| {
                self.restructured
                    .then(|| rest_short_underline(first, self.line(start + 1)))
                    .flatten()
            });
            // AsciiDoc underlines a title with `=`, `-`, `~`, `^` or `+` of its length, give or
            // take two; anything else under a line opens a delimited block.
            let under = under
                .filter(|_| !self.marks_titles() || adoc_underline(first, self.line(start + 1)));
            if let Some(u) = under {
                if self.l(start).indent.abs_diff(self.l(start + 1).indent) <= 1
                    && self.try_heading(start, blank_before, Some(Style::Underline(u, false)), next)
                {
                    return 2;
                }
            }
        }
        // A reference entry's `Name` over its name and purpose, in one group or two.
        let purpose = if n == 1 {
            next
        } else {
            Some((start + 1, start + 2))
        };
        if self.reference_entry(start, purpose) {
            return self.consumed.saturating_sub(start).clamp(1, n);
        }
        // An entry's `Name` label may close the group of the text above it (`None.` / `Name`).
        if n >= 2 && self.names_entry(end - 1, next).is_some() {
            return self.body(start, end - 1);
        }
        // A reference entry's function heads over their `Types:` or their text.
        if blank_before && self.hints.is_some() {
            let k = self.function_heads(start, end, next);
            if k > 0 {
                return k;
            }
        }
        let follow = if n == 1 { next } else { Some((start + 1, end)) };
        // A section number alone on its line, its title on the next non-blank line (text
        // extracted from PDFs): `1.1` / `Linear programming problem`, `Chapter 1` / `Intro`.
        if n == 1 && (number_only(first) || self.next_appendix_letter(first).is_some()) {
            if let Some((na, nb)) = next {
                let title_follow = if nb - na == 1 {
                    rest.get(1).copied()
                } else {
                    Some((na + 1, nb))
                };
                if self.try_numbered_title(start, na, na + 1, blank_before, title_follow) {
                    self.consumed = na + 1;
                    return 1;
                }
                // A title wrapped to two or three short lines of a group of their own
                // (`Chapter 5` / `Service functions of the Congruence` / `package`).
                if self.wrapped_chapter_title(start, na, nb)
                    && self.try_numbered_title(start, na, nb, blank_before, rest.get(1).copied())
                {
                    self.consumed = nb;
                    return 1;
                }
            }
        }
        // A chapter's label right over its title in one group (`Chapter 1` / `Beginner's
        // guide`): one heading of both lines.
        if n >= 2 && numbering_prefix_only(first) {
            let title_follow = if n == 2 { next } else { Some((start + 2, end)) };
            if self.try_numbered_title(start, start + 1, start + 2, blank_before, title_follow) {
                return 2;
            }
        }
        // A title the contents listed, wrapped to two or three lines of a group of its own
        // over a paragraph (`The Almost` / `Crystallographic` / `Groups Package`: a chapter's
        // title set large, as pdftotext gives it).
        if blank_before
            && self.wrapped_title(start, end)
            && next
                .is_some_and(|(a, b)| (a..b).any(|c| self.line(c).split_whitespace().count() > 10))
        {
            let joined = self.joined(start, end);
            // Or, past the front, when the front has the same words on one line (OCR's
            // contents, their title read after them: `The automorphism group method`), and
            // the text does not repeat them on lines of their own (a table's head, `Feature`
            // / `setting`, wrapped in one place and not in others).
            let in_front = start >= FRONT_LINES
                && self.repeated.get(joined.as_str()).is_none_or(|&n| n <= 2)
                && toc_title(&joined).is_some_and(|k| self.front_titles.contains(&k));
            if self.listed(&joined) || in_front {
                let style = Style::Plain {
                    caps: is_caps(&joined),
                    indent: self.l(start).indent,
                    bullet: false,
                };
                let info = HeadingInfo {
                    level: self.style_level(style),
                    title: joined.split_whitespace().collect::<Vec<_>>().join(" "),
                    source: HeadingSource::Style,
                    anchor: None,
                };
                self.push(BlockType::Heading, start, end, Some(info));
                return n;
            }
        }
        // Set in as far as a code block, a frame or an underline is the program's output
        // (`===== FAILURES =====`), not a title; so is a frame set in at all from a body that
        // is itself set in (`--- In STIL.txt ---` in a manual page's example output).
        let code_deep = self.l(start).indent >= self.base_indent + 4;
        let set_in = self.base_indent > 0 && self.l(start).indent > self.base_indent;
        if let Some(c) = framed(first).filter(|_| !code_deep && !set_in) {
            if self.try_heading(start, blank_before, Some(Style::Framed(c)), follow) {
                return 1;
            }
        }
        // A one-line group, or the first line of a group when it stands out from the lines
        // after it: set left of them, numbered, or in capitals above flush text.
        let outdented_first = n >= 2
            && self.l(start).indent < self.base_indent.max(1)
            && (self.l(start + 1).indent > self.l(start).indent || self.outdented_pair(start, end));
        let second = if n >= 2 { self.line(start + 1) } else { "" };
        let continues_sentence = second.trim_start().starts_with(|c: char| c.is_lowercase());
        let short = first.trim().len() * 10 <= second.trim().len() * 7;
        let first_in_sequence = n >= 2 && self.numbered_in_sequence(start);
        // A chapter number next in sequence over a first line that starts a sentence.
        let chapter_next =
            n >= 2 && blank_before && !continues_sentence && self.chapter_in_sequence(start);
        // A chapter's label and title (`Chapter 1. Introduction`) over anything.
        let labelled = headings::numbering(first).is_some_and(|nb| {
            matches!(nb.kind, NumberKind::Chapter | NumberKind::Appendix)
                && nb.prefix_len < first.trim().len()
                && !is_part(first)
        });
        // A subsection that continues the numbering, over its first line of text (`5.4
        // Conversion Functions` / `float mpfr_get_flt (…)`, `9.2.2 amdemod` / `m = amdemod (s,
        // fc, fs)`), as inside a group.
        // (Or over the bullets of a list whose items the extraction set apart.)
        let numbered_first = first_in_sequence
            || chapter_next
            || (n >= 2
                && headings::numbering(first)
                    .is_some_and(|nb| !matches!(nb.kind, NumberKind::Letter | NumberKind::Roman))
                && (short || labelled || lone_bullet(second) || {
                    // A title right above its first subsection ("2 Structure" / "2.1 Syntax").
                    let here = headings::numbering(first).map(|nb| nb.parts);
                    let below = headings::numbering(second).map(|nb| nb.parts);
                    matches!((here, below), (Some(h), Some(b))
                        if b.len() > h.len() && headings::continues(Some(&h), &b))
                }));
        // A roman chapter number next in sequence over its first section (`XI. Tools` /
        // `1. Ligation` / the text): text from a PDF drops the space between the two titles.
        let roman_over_first = n >= 2
            && self.hints.is_none()
            && headings::numbering(first).is_some_and(|nb| {
                nb.kind == NumberKind::Roman
                    && nb.parts.len() == 1
                    && self.roman_label.is_some_and(|r| r + 1 == nb.parts[0])
            })
            && headings::numbering(second).is_some_and(|nb| {
                nb.parts == [1] && matches!(nb.kind, NumberKind::Dotted | NumberKind::Bare)
            });
        let short_first = n >= 2
            && short
            && !first.trim_end().ends_with(['.', ',', ';', ':'])
            && second.trim_start().starts_with(|c: char| c.is_uppercase())
            && self.l(start + 1).indent <= self.l(start).indent;
        // Where blank lines stand only over titles, the group's first line may be one over a
        // shorter line (`FlySight GPS File (flysight)` / `This format can...`).
        let led_first = n >= 2 && blank_before && self.heads_run(start);
        let stacked_first = n >= 3 && blank_before && self.stacked_titles(start);
        // A title right over a callout's label (`Text formatting` / `NOTE`, as AsciiDoc
        // typesets an admonition that opens a section).
        let over_callout = n == 2 && blank_before && headings::callout_label(second, self.cfg);
        let caps_first = n >= 2
            && is_caps(first)
            && first.trim().chars().count() <= 40
            && self.l(start + 1).indent <= self.l(start).indent;
        // A chapter's label and title wrapped over the lines of a group of its own
        // (`Chapter 2. Peer-to-Peer` / `Communication by Means of` / `Selections`): one
        // heading of them all. The title must read as cut off: a line before the last ends in
        // a word that needs the next (`of`, `and`) or a hyphen; `Chapter 3. Configuration` /
        // `General Options` are a chapter and its first section.
        let cut_off = |c: usize| {
            let t = self.line(c).trim_end();
            t.ends_with('-') || headings::ends_with_function_word(t)
        };
        if labelled
            && (2..=3).contains(&n)
            && (start..end - 1).any(cut_off)
            && self.hints.is_none()
            && (start + 1..end).all(|c| {
                let t = self.line(c).trim();
                t.split_whitespace().count() <= 6
                    && t.chars().count() <= 40
                    && !t.ends_with(['.', ',', ';', ':', '!', '?'])
                    && !list_marker_start(t)
                    && headings::numbering(t).is_none()
                    && self.l(c).indent.abs_diff(self.l(start).indent) <= 2
            })
            && self.try_heading(start, blank_before, None, next)
        {
            self.extend_last(end);
            let rest: Vec<&str> = (start + 1..end)
                .flat_map(|c| self.line(c).split_whitespace())
                .collect();
            if let Some(h) = self.blocks.last_mut().and_then(|b| b.heading.as_mut()) {
                h.title = format!("{} {}", h.title, rest.join(" "));
            }
            return n;
        }
        if (n == 1
            || outdented_first
            || caps_first
            || short_first
            || led_first
            || stacked_first
            || over_callout
            || roman_over_first
            || (numbered_first && (!continues_sentence || first_in_sequence)))
            && !self.numbered_list_run(start, n, rest)
            && !self.continues_list(start)
            && self.try_heading(start, blank_before, None, follow)
        {
            return 1;
        }
        // A numbered title too long for its line, its last words on the next, alone over a
        // blank line (`2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS`
        // / `format`): one heading of both lines.
        if n == 2
            && self.wrapped_numbered_title(start)
            && self.try_heading(start, blank_before, None, next)
        {
            self.extend_last(start + 2);
            let rest = self
                .line(start + 1)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(h) = self.blocks.last_mut().and_then(|b| b.heading.as_mut()) {
                h.title = format!("{} {rest}", h.title);
            }
            return 2;
        }
        // A numbered heading inside the group (text extracted from PDFs without blank lines
        // around headings): the lines before it are body, it starts over.
        if let Some(m) = (start + 1..end)
            .find(|&c| self.numbered_in_sequence(c) || (c + 1 == end && self.number_in_sequence(c)))
        {
            return self.body(start, m);
        }
        self.body(start, end)
    }

    /// A non-heading group (or what is left of one): table, code, list, or prose.
    pub(super) fn body(&mut self, start: usize, end: usize) -> usize {
        let n = end - start;
        if self.hints.is_some() {
            return self.layout_body(start, end);
        }
        if let Some(shape) = self.table(start, end) {
            let i = self.push(BlockType::Table, start, end, None);
            self.blocks[i].attrs_mut().table = Some(Box::new(shape));
            return n;
        }
        if self.is_code(start, end) {
            self.push(BlockType::Code, start, end, None);
            return n;
        }
        let first = self.line(start);
        if let Some(family) = list_marker(first) {
            return self.list(start, end, family);
        }
        // A paragraph cut by a page break (and the furniture around it) goes on when the next
        // page starts in lower case.
        let lower = first
            .trim_start()
            .chars()
            .next()
            .is_some_and(char::is_lowercase);
        if lower && self.goes_on_over_page_break(start) {
            self.extend_last(end);
            return n;
        }
        let i = self.push(BlockType::Prose, start, end, None);
        if first.len() <= MAX_SHAPE_LINE {
            if let Some((label, BlockType::Figure)) =
                crate::structure::captions::caption_label(first.trim())
            {
                // "Figure 2: …" under a drawing made of characters: the drawing is a figure.
                if i > 0 && self.blocks[i - 1].kind == BlockType::Code {
                    self.blocks[i - 1].kind = BlockType::Figure;
                    self.blocks[i - 1].attrs_mut().figure_ref = Some(label);
                }
            }
        }
        n
    }

    /// Indented further than the body by four or more on every line, and reads as code: a
    /// literal block after `::`, many symbols, or some symbols on lines that are not wrapped
    /// sentences.
    pub(super) fn is_code(&self, start: usize, end: usize) -> bool {
        let min_indent = (start..end).map(|c| self.l(c).indent).min().unwrap_or(0);
        if min_indent < self.base_indent + 4 || list_marker(self.line(start)).is_some() {
            return false;
        }
        let after_literal = self
            .blocks
            .last()
            .is_some_and(|b| self.text[b.off_begin..b.off_end].trim_end().ends_with("::"));
        if after_literal {
            return true;
        }
        let (mut sym, mut chars, mut prose_lines) = (0usize, 0usize, 0usize);
        for c in start..end {
            let t = self.line(c).trim();
            for ch in t.chars().take(MAX_SHAPE_LINE) {
                chars += 1;
                if matches!(
                    ch,
                    '{' | '}'
                        | '('
                        | ')'
                        | ';'
                        | '='
                        | '<'
                        | '>'
                        | '$'
                        | '#'
                        | '/'
                        | '\\'
                        | '|'
                        | '['
                        | ']'
                        | '_'
                        | '*'
                        | '&'
                        | '+'
                ) {
                    sym += 1;
                }
            }
            let words = t.split_whitespace().count();
            let letters = t
                .chars()
                .take(MAX_SHAPE_LINE)
                .filter(|c| c.is_alphabetic() || *c == ' ')
                .count();
            if words >= 5 && letters * 100 >= t.chars().take(MAX_SHAPE_LINE).count() * 88 {
                prose_lines += 1;
            }
        }
        // Symbols make code; an indented description under a term ("TAR_SUBCOMMAND" / "A short
        // option (with a dash)…") has few of them and stays prose.
        sym * 12 >= chars || (sym * 25 >= chars && prose_lines * 2 < end - start)
    }

    /// A table: pipe rows, a grid (`+---+`), a box-drawn grid (`┌───┬───┐`), a reST simple table (`===  ===`), CSV-like rows
    /// (≥ 3, same number of quoted/unquoted fields) or ≥ 3 rows of space-aligned columns.
    pub(super) fn table(&self, start: usize, end: usize) -> Option<TableShape> {
        let n = end - start;
        // Characters, not bytes: a box-drawn rule takes three bytes a character.
        let long = |l: &str| l.len() > MAX_SHAPE_LINE * 2 && l.chars().count() > MAX_SHAPE_LINE * 2;
        if n < 2 || (start..end).any(|c| long(self.line(c))) {
            return None;
        }
        let rows: Vec<&str> = (start..end).map(|c| self.line(c).trim()).collect();
        // Grid table.
        if rows[0].starts_with('+') && rows[0].ends_with('+') && is_grid_rule(rows[0]) && n >= 3 {
            let rules: Vec<&&str> = rows.iter().filter(|r| is_grid_rule(r)).collect();
            let cols = rows[0].matches('+').count().saturating_sub(1) as u32;
            if rows.iter().all(|r| is_grid_rule(r) || r.starts_with('|')) && cols >= 1 {
                let header = rules.iter().skip(1).any(|r| r.contains('='));
                return Some(shape(
                    (rules.len() - 1) as u32,
                    cols,
                    u32::from(header),
                    "grid",
                ));
            }
        }
        if let Some(t) = box_table(&rows) {
            return Some(t);
        }
        // Pipe table.
        if rows.iter().all(|r| r.contains('|')) {
            let cells = |r: &str| r.trim_matches('|').split('|').count();
            let sep = |r: &str| {
                r.chars()
                    .all(|c| matches!(c, '|' | '-' | ':' | '+' | ' ' | '='))
                    && r.contains('-')
            };
            let counts: HashSet<usize> =
                rows.iter().filter(|r| !sep(r)).map(|r| cells(r)).collect();
            let has_sep = n >= 2 && sep(rows[1]);
            if counts.len() == 1 && counts.iter().all(|&c| c >= 2) && (has_sep || n >= 3) {
                let body = rows.iter().filter(|r| !sep(r)).count() as u32;
                return Some(shape(
                    body,
                    *counts.iter().next().unwrap() as u32,
                    u32::from(has_sep),
                    "pipe",
                ));
            }
        }
        // reST simple table: rules of '=' runs separated by spaces.
        if rule_columns(rows[0]).is_some_and(|c| c >= 2) && n >= 3 {
            let cols = rule_columns(rows[0]).unwrap_or(0) as u32;
            let rules = rows.iter().filter(|r| rule_columns(r).is_some()).count();
            let header = u32::from(rules >= 3);
            return Some(shape((n - rules) as u32, cols, header, "simple"));
        }
        if n < 3 {
            return None;
        }
        // CSV-like.
        for delim in [',', ';', '\t'] {
            if !rows.iter().all(|r| r.contains(delim)) {
                continue;
            }
            let fields: Vec<Option<Vec<&str>>> =
                rows.iter().map(|r| csv_fields(r, delim)).collect();
            if fields.iter().all(Option::is_some) {
                let counts: HashSet<usize> = fields
                    .iter()
                    .map(|f| f.as_ref().map_or(0, Vec::len))
                    .collect();
                let words: usize = rows.iter().map(|r| r.split_whitespace().count()).sum();
                let cells: usize = fields.iter().map(|f| f.as_ref().map_or(0, Vec::len)).sum();
                if counts.len() == 1
                    && counts.iter().all(|&c| c >= 2)
                    && words <= cells * 3
                    && !rows.iter().any(|r| r.ends_with(delim))
                {
                    let cols = *counts.iter().next().unwrap() as u32;
                    return Some(shape(n as u32, cols, 0, "csv"));
                }
            }
        }
        // Space-aligned columns: the same cells start on every row. In a table of 20 rows or
        // more, a twentieth of the rows may start fewer cells, their first where every row's
        // first starts: an empty cell, or a cell too wide for its column that runs into the
        // next one a single space away (a long path in a `git` diffstat).
        let rule = |r: &str| rule_char(r).is_some() || rule_columns(r).is_some();
        let slack = |rows: usize| if rows >= 20 { rows / 20 } else { 0 };
        // (Stops at the first row over the slack: most groups are prose.)
        if rows
            .iter()
            .filter(|r| !r.contains("  ") && !rule(r))
            .nth(slack(n))
            .is_some()
        {
            return None;
        }
        let rule_rows: Vec<bool> = rows.iter().map(|r| rule(r)).collect();
        let starts: Vec<Vec<usize>> = (start..end).map(|c| cell_starts(self.line(c))).collect();
        let data: Vec<&[usize]> = starts
            .iter()
            .zip(&rule_rows)
            .filter(|(_, r)| !**r)
            .map(|(s, _)| s.as_slice())
            .collect();
        if data.len() < 3 {
            return None;
        }
        // The starts most rows share: all rows' but the overflowing ones'.
        let mut counts: HashMap<&[usize], usize> = HashMap::new();
        for s in &data {
            *counts.entry(s).or_default() += 1;
        }
        let (&common, &k) = counts
            .iter()
            .max_by_key(|&(&s, &k)| (k, std::cmp::Reverse(s)))?;
        let overflow =
            |s: &[usize]| s.len() < common.len() && !s.is_empty() && s.first() == common.first();
        if common.len() >= 2
            && data.len() - k <= slack(data.len())
            && data.iter().all(|&s| s == common || overflow(s))
        {
            let header = u32::from(rule_rows.get(1).copied().unwrap_or(false));
            return Some(shape(
                data.len() as u32,
                common.len() as u32,
                header,
                "aligned",
            ));
        }
        None
    }

    pub(super) fn push(
        &mut self,
        kind: BlockType,
        a: usize,
        b: usize,
        heading: Option<HeadingInfo>,
    ) -> usize {
        if let Some(h) = &heading {
            let t = h.title.to_lowercase();
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
            // Lists (indexes) of figures, tables and the like are read as contents too, in
            // typeset documents (their entries are numbered like sections).
            let list_of = self.hints.is_some() && is_list_of_title(t);
            if is_contents_title(t) || list_of {
                self.start_contents(b);
            }
        }
        let (first, last) = (self.l(a), self.l(b - 1));
        let whole_lines = matches!(kind, BlockType::Code | BlockType::Table | BlockType::Figure);
        let off_begin = if whole_lines {
            first.start
        } else {
            first.start + first.indent
        };
        let last_text = &self.text[last.start..last.end];
        let off_end = last.start + last_text.trim_end().len();
        self.blocks.push(Block {
            kind,
            off_begin,
            off_end: off_end.max(off_begin),
            src_begin: None,
            src_end: None,
            page: Some(first.page + 1),
            attrs: None,
            heading: heading.map(Box::new),
        });
        self.block_lines.push((a, b));
        self.blocks.len() - 1
    }

    /// A table that starts a page goes on with the table that ended the page before: the same
    /// columns, right after it (only the page break between), under the first line repeated
    /// at the top of the page (a word processor's header row). Its rows join that table's
    /// block. Without the repeated line two tables in a row stay two blocks: nothing tells a
    /// continuation from the next table.
    pub(super) fn continues_table(&self, start: usize, shape: &TableShape) -> bool {
        let (Some(prev), Some(&(pa, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        let Some(p) = prev.attrs.as_ref().and_then(|a| a.table.as_ref()) else {
            return false;
        };
        prev.kind == BlockType::Table
            && pe == start
            && self.page_break_before(start)
            && p.grid_kind == shape.grid_kind
            && p.cols == shape.cols
            && self.line(start).trim() == self.line(pa).trim()
    }

    /// A body group with layout hints: tables and footnotes as the layout found them, code
    /// where the type is monospaced, then lists and prose as in plain text.
    pub(super) fn layout_body(&mut self, start: usize, end: usize) -> usize {
        let n = end - start;
        let hints: Vec<Option<&LineHint>> = (start..end).map(|c| self.hint(c)).collect();
        let table = hints.first().and_then(|h| h.and_then(|h| h.table));
        if let Some(t) = table.filter(|_| hints.iter().all(|h| h.and_then(|h| h.table) == table)) {
            let shape = self.hints.unwrap().tables[t].clone();
            if self.continues_table(start, &shape) {
                let prev = self
                    .blocks
                    .last_mut()
                    .and_then(|b| b.attrs_mut().table.as_mut());
                if let Some(p) = prev {
                    // Its first line, repeated at the top of this page, is the header.
                    p.header_rows = p.header_rows.max(1);
                    let offset = p.rows;
                    p.rows += shape.rows;
                    p.cell_spans.extend(
                        shape
                            .cell_spans
                            .iter()
                            .map(|s| [s[0] + offset, s[1], s[2], s[3]]),
                    );
                }
                self.extend_last(end);
                return n;
            }
            let i = self.push(BlockType::Table, start, end, None);
            self.blocks[i].attrs_mut().table = Some(Box::new(shape));
            return n;
        }
        if hints.iter().all(|h| h.is_some_and(|h| h.footnote)) {
            self.push(BlockType::Footnote, start, end, None);
            return n;
        }
        if hints.iter().filter(|h| h.is_some_and(|h| h.mono)).count() * 5 >= n * 4 {
            // Code split by a page break goes on.
            let joined = self
                .blocks
                .last()
                .is_some_and(|b| b.kind == BlockType::Code)
                && self.block_lines.last().is_some_and(|r| r.1 == start)
                && self.page_break_before(start);
            if joined {
                self.extend_last(end);
            } else {
                self.push(BlockType::Code, start, end, None);
            }
            return n;
        }
        let first = self.line(start);
        // A caption by its label (`Figure 3:`, `Table 2.`): typeset captions often describe a
        // figure that has no text of its own, so it is a caption even when nothing links.
        let caption =
            crate::structure::captions::caption_label(first.trim()).is_some_and(|(label, _)| {
                // `Figure 1: …`, `Table 2. …`; not a sentence that names one (`Figure 1 is …`).
                let number = label.rsplit(' ').next().unwrap_or("");
                let t = first.trim();
                let after = t
                    .find(number)
                    .map(|p| t[p + number.len()..].trim_start_matches(['*', '_']))
                    .unwrap_or("");
                let (a, b) = (self.l(start).start, self.l(end - 1).end);
                // A DocBook example's or procedure's title is one line; `Example 2.3. Let f
                // be …` over lines of text is a run-in example, prose.
                let formal = label.starts_with("Example ") || label.starts_with("Procedure ");
                after.starts_with([':', '.', '—', '–'])
                    && b - a <= 400
                    && (!formal || end - start == 1)
            });
        if caption {
            let i = self.push(BlockType::Caption, start, end, None);
            self.blocks[i].attrs_mut().figure_ref =
                crate::structure::captions::caption_label(first.trim()).map(|l| l.0);
            return n;
        }
        if let Some(family) = list_marker(first) {
            return self.list(start, end, family);
        }
        // The layout already joined what belongs together across pages: any unfinished
        // sentence goes on.
        if self.goes_on_over_page_break(start) {
            self.extend_last(end);
            return n;
        }
        self.push(BlockType::Prose, start, end, None);
        n
    }

    /// A list group: items separated by blank lines continue the list above (same bullet
    /// family, same indentation).
    pub(super) fn list(&mut self, start: usize, end: usize, family: u8) -> usize {
        if let (Some(prev), Some(&(pa, _))) = (self.blocks.last(), self.block_lines.last()) {
            if prev.kind == BlockType::List
                && list_marker(self.line(pa)) == Some(family)
                && self.l(pa).indent == self.l(start).indent
            {
                self.extend_last(end);
                return end - start;
            }
        }
        self.push(BlockType::List, start, end, None);
        end - start
    }

    /// The prose block right before content line `start` ends at a page break in the middle
    /// of a sentence.
    pub(super) fn goes_on_over_page_break(&self, start: usize) -> bool {
        let (Some(prev), Some(&(_, pe))) = (self.blocks.last(), self.block_lines.last()) else {
            return false;
        };
        prev.kind == BlockType::Prose
            && pe == start
            && self.page_break_before(start)
            // A line set apart in type (a chapter title opening the page) starts anew.
            && !self.hint(start).is_some_and(Hints::stands_out)
            && !self
                .line(pe - 1)
                .trim_end()
                .ends_with(['.', '!', '?', ':', '"'])
    }

    pub(super) fn extend_last(&mut self, end: usize) {
        let last = self.l(end - 1);
        let off_end = last.start + self.text[last.start..last.end].trim_end().len();
        if let (Some(b), Some(r)) = (self.blocks.last_mut(), self.block_lines.last_mut()) {
            b.off_end = off_end.max(b.off_end);
            r.1 = end;
        }
    }
}
