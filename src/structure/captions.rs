//! Captions: a short paragraph that names a figure, table or listing ("Figure 3: …",
//! "*Table 2.* …") becomes a `caption` block linked to the adjacent block it describes. An
//! emphasis-only line right under a figure is that figure's caption too.

use crate::model::{Block, BlockType};

/// Longest paragraph still taken for a caption, in bytes.
const MAX_CAPTION_BYTES: usize = 400;

/// The label a caption starts with and the block type it may describe (`Illustration`,
/// `Drawing` and `Text` are an office suite's caption categories besides `Figure` and `Table`,
/// also in French, German, Spanish, Italian and Portuguese;
/// `Example` and `Procedure` head DocBook's formal examples and procedures). The
/// label word is in title case or in capitals (`FIGURE 3.`, `TABLE IV`), and small capitals
/// that text extraction split after their first letter (`E QUATION 4.1:`) are read whole.
pub(crate) fn caption_label(text: &str) -> Option<(String, BlockType)> {
    let t = text.trim_start_matches(['*', '_', ' ']);
    let joined;
    let t = match small_caps_split(t) {
        Some(j) => {
            joined = j;
            joined.as_str()
        }
        None => t,
    };
    let (word, kind, caps) = [
        // The office suites' categories in French, German, Spanish, Italian and Portuguese
        // (`Tableau 2 : …`, `Abbildung 3: …`), first: `Table` starts `Tableau`.
        ("Tableau", BlockType::Table),
        ("Tabelle", BlockType::Table),
        ("Tabella", BlockType::Table),
        ("Tabla", BlockType::Table),
        ("Tabela", BlockType::Table),
        ("Abbildung", BlockType::Figure),
        ("Figura", BlockType::Figure),
        ("Ilustración", BlockType::Figure),
        ("Illustrazione", BlockType::Figure),
        ("Ilustração", BlockType::Figure),
        ("Dessin", BlockType::Figure),
        ("Zeichnung", BlockType::Figure),
        ("Dibujo", BlockType::Figure),
        ("Disegno", BlockType::Figure),
        ("Desenho", BlockType::Figure),
        // The category of a text frame, which such documents give their code and samples.
        ("Texte", BlockType::Code),
        ("Texto", BlockType::Code),
        ("Testo", BlockType::Code),
        ("Text", BlockType::Code),
        // English.
        ("Figure", BlockType::Figure),
        ("Fig.", BlockType::Figure),
        ("Image", BlockType::Figure),
        ("Illustration", BlockType::Figure),
        ("Drawing", BlockType::Figure),
        ("Diagram", BlockType::Figure),
        ("Equation", BlockType::Figure),
        ("Table", BlockType::Table),
        ("Listing", BlockType::Code),
        ("Example", BlockType::Code),
        ("Procedure", BlockType::List),
    ]
    .into_iter()
    .find_map(|(w, k)| {
        let head = t.get(..w.len())?;
        if head == w {
            Some((w, k, false))
        } else if head == w.to_uppercase() {
            Some((w, k, true))
        } else {
            None
        }
    })?;
    let rest = &t[word.len()..];
    let rest_trim = rest.trim_start();
    if rest_trim.len() == rest.len() && word != "Fig." {
        return None; // "Tables are…" is not a caption
    }
    let number: String = rest_trim
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .collect();
    let number = number.trim_end_matches(['.', '-']);
    // `3`, `2.1`, `A.4`, `S2`, or capitals alone (`A`, roman `IV`): a word (`Image Viewers`,
    // `Table Of Contents`) is a title, not a caption's number. After a label in capitals
    // (`TABLE OF CONTENTS`), capitals alone must be a roman numeral.
    let capitals_ok = |n: &str| {
        n.len() <= 4
            && n.chars().all(|c| c.is_ascii_uppercase())
            && (!caps || n.chars().all(|c| "IVXLC".contains(c)))
    };
    if number.is_empty()
        || !number
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        || !(number.chars().any(|c| c.is_ascii_digit()) || capitals_ok(number))
    {
        return None;
    }
    // The label must be followed by punctuation or the end of the paragraph, not more prose.
    let after = rest_trim[number.len()..].trim_start_matches(['*', '_']);
    if !(after.is_empty() || after.starts_with([':', '.', ' ', '—', '-', '–'])) {
        return None;
    }
    // `Example` and `Procedure` label a formal object only as DocBook prints its title, the
    // number closed by a period (`Example 4.1. Setting formats`); `Example 1: Catching fish`
    // titles a section.
    if matches!(word, "Example" | "Procedure") && !after.starts_with('.') {
        return None;
    }
    // A text frame's label as the office suites write it, its number closed by a colon
    // (`Texte 3: Variable usage`); `Text 2 Editing` or `Text 1. My family` may title a
    // section (a textbook's units).
    if matches!(word, "Texte" | "Texto" | "Testo" | "Text") && !after.trim_start().starts_with(':')
    {
        return None;
    }
    Some((format!("{} {}", word.trim_end_matches('.'), number), kind))
}

/// `E QUATION 4.1: …` read as `EQUATION 4.1: …`: one capital, a space, then a word in
/// capitals, as text extraction writes a label set in small capitals.
fn small_caps_split(t: &str) -> Option<String> {
    let mut chars = t.chars();
    let first = chars.next()?;
    let rest = chars.as_str().strip_prefix(' ')?;
    let word = rest.split(' ').next()?;
    (first.is_ascii_uppercase() && word.len() >= 2 && word.chars().all(|c| c.is_ascii_uppercase()))
        .then(|| format!("{first}{rest}"))
}

/// Whole paragraph in one emphasis span, e.g. `*The pipeline at a glance*`.
fn is_emphasis_line(text: &str) -> bool {
    let t = text.trim();
    !t.contains('\n')
        && t.len() > 2
        && ((t.starts_with('*') && t.ends_with('*')) || (t.starts_with('_') && t.ends_with('_')))
}

/// Turns caption paragraphs into `caption` blocks and links them (`caption_for`, `figure_ref`).
/// Looks only at direct neighbours: the block before, then the block after.
pub fn attach(canonical: &str, blocks: &mut [Block]) {
    // The text of a block that may be a caption: prose, or a caption the extractor typed by
    // its label but could not link (PDF), short enough.
    let caption_text = |b: &Block| {
        let unlinked = b.kind == BlockType::Caption && b.attrs().caption_for.is_none();
        let text = &canonical[b.off_begin..b.off_end];
        ((b.kind == BlockType::Prose || unlinked) && text.len() <= MAX_CAPTION_BYTES)
            .then_some(text)
    };
    let mut described = vec![false; blocks.len()];
    for i in 0..blocks.len() {
        let Some(text) = caption_text(&blocks[i]) else {
            continue;
        };
        let (label, want) = match caption_label(text) {
            Some((label, kind)) => (Some(label), kind),
            None if is_emphasis_line(text) => (None, BlockType::Figure),
            None => continue,
        };
        // With page boxes (PDF), a caption names a figure or table on its page that it is set
        // against, overlapping it across (one in another column is not its figure), or one
        // that the page break put on the page before or after.
        let beside = |j: usize| {
            let (c, t) = (&blocks[i], &blocks[j]);
            match (c.attrs().bbox, t.attrs().bbox, c.page, t.page) {
                (Some(cb), Some(tb), Some(cp), Some(tp)) if cp == tp => {
                    cb[0] < tb[2] && tb[0] < cb[2]
                }
                (Some(_), Some(_), Some(cp), Some(tp)) => cp.abs_diff(tp) == 1,
                _ => true,
            }
        };
        let is_target = |j: usize| blocks.get(j).is_some_and(|b| b.kind == want) && beside(j);
        // A figure's caption right under the figure after this caption (on its page), with no
        // figure after it to name: the figure is that caption's, as figures are captioned
        // below them (this caption's own figure was not found). Tables are captioned above as
        // often as below, and the same sequence (caption, table, caption, a table not found)
        // reads both ways: they keep the rule above.
        let captioned_below = |j: usize| {
            want == BlockType::Figure
                && blocks.get(j + 1).is_some_and(|b| {
                    b.page == blocks[j].page
                        && caption_text(b)
                            .and_then(caption_label)
                            .is_some_and(|(_, kind)| kind == want)
                })
                && !blocks.get(j + 2).is_some_and(|b| b.kind == want)
        };
        // The block before, then (for a labelled caption) the block after; a figure or table
        // already described by a caption keeps its first one.
        let target = [i.checked_sub(1), label.is_some().then_some(i + 1)]
            .into_iter()
            .flatten()
            .find(|&j| is_target(j) && !described[j] && (j < i || !captioned_below(j)));
        let Some(t) = target else { continue };
        described[t] = true;
        blocks[i].kind = BlockType::Caption;
        blocks[i].attrs_mut().caption_for = Some(t);
        if let Some(label) = label {
            blocks[i].attrs_mut().figure_ref = Some(label.clone());
            blocks[t].attrs_mut().figure_ref = Some(label);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::markdown;

    fn run(md: &str) -> Vec<Block> {
        let mut b = markdown::blocks(md);
        attach(md, &mut b);
        b
    }

    #[test]
    fn labels() {
        assert_eq!(
            caption_label("Figure 3: The pipeline"),
            Some(("Figure 3".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("*Table 2.* Results"),
            Some(("Table 2".into(), BlockType::Table))
        );
        assert_eq!(
            caption_label("Fig. 4.2 — layout"),
            Some(("Fig 4.2".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("Example 4.1. Setting formats and lang"),
            Some(("Example 4.1".into(), BlockType::Code))
        );
        assert_eq!(
            caption_label("Procedure 1.2. Install a brand"),
            Some(("Procedure 1.2".into(), BlockType::List))
        );
        assert_eq!(caption_label("Example 1: Catching fish"), None);
        assert_eq!(caption_label("Example 3 shows the setup"), None);
        assert_eq!(caption_label("Tables are great."), None);
        assert_eq!(caption_label("Figure out how this works"), None);
        assert_eq!(caption_label("Table of contents"), None);
        assert_eq!(caption_label("Table Of Contents"), None);
        assert_eq!(caption_label("Image Viewers"), None);
        assert_eq!(
            caption_label("Table IV: Results"),
            Some(("Table IV".into(), BlockType::Table))
        );
        assert_eq!(
            caption_label("Figure A.2. Setup"),
            Some(("Figure A.2".into(), BlockType::Figure))
        );
        // Labels in capitals and in split small capitals.
        assert_eq!(
            caption_label("FIGURE 3. Block diagram"),
            Some(("Figure 3".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("TABLE IV"),
            Some(("Table IV".into(), BlockType::Table))
        );
        assert_eq!(
            caption_label("E QUATION 4.1: Equation block with align tabs"),
            Some(("Equation 4.1".into(), BlockType::Figure))
        );
        assert_eq!(caption_label("TABLE OF CONTENTS"), None);
        assert_eq!(caption_label("T ABLE OF CONTENTS"), None);
        assert_eq!(caption_label("FIGURES"), None);
        assert_eq!(caption_label("A TABLE 3 row"), None);
        // An office suite's caption categories besides `Figure` and `Table`.
        assert_eq!(
            caption_label("Illustration 1: Grammar graph"),
            Some(("Illustration 1".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("Drawing 2"),
            Some(("Drawing 2".into(), BlockType::Figure))
        );
        assert_eq!(caption_label("Illustrations and tables"), None);
        assert_eq!(caption_label("Drawing the grid"), None);
        // The same categories in other languages, and a text frame's label.
        assert_eq!(
            caption_label("Tableau 2 : Opérateurs"),
            Some(("Tableau 2".into(), BlockType::Table))
        );
        assert_eq!(
            caption_label("Abbildung 3: Aufbau"),
            Some(("Abbildung 3".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("ILUSTRACIÓN 4. Esquema"),
            Some(("Ilustración 4".into(), BlockType::Figure))
        );
        assert_eq!(
            caption_label("Texte 3: Variable usage example"),
            Some(("Texte 3".into(), BlockType::Code))
        );
        assert_eq!(
            caption_label("Text 1: Input file"),
            Some(("Text 1".into(), BlockType::Code))
        );
        assert_eq!(caption_label("Text 1. My family"), None);
        assert_eq!(caption_label("Text 2 Editing"), None);
        assert_eq!(caption_label("Texts 2: more"), None);
        assert_eq!(caption_label("Tabellen und Listen"), None);
    }

    #[test]
    fn figure_then_caption() {
        let md = "![arch](a.png)\n\nFigure 1: Architecture.\n";
        let b = run(md);
        assert_eq!(b[1].kind, BlockType::Caption);
        assert_eq!(b[1].attrs().caption_for, Some(0));
        assert_eq!(b[0].attrs().figure_ref.as_deref(), Some("Figure 1"));
    }

    #[test]
    fn caption_before_table_and_emphasis_under_figure() {
        let md =
            "Table 2: Speeds.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![x](x.png)\n\n*The x chart*\n";
        let b = run(md);
        assert_eq!(b[0].kind, BlockType::Caption);
        assert_eq!(b[0].attrs().caption_for, Some(1));
        assert_eq!(b[3].kind, BlockType::Caption);
        assert_eq!(b[3].attrs().caption_for, Some(2));
    }

    /// Captions above their tables: the second caption's table above is the first one's
    /// already, so it names the table under it.
    #[test]
    fn a_described_table_leaves_the_next_caption_to_the_one_below() {
        let md = "| a | b |\n|---|---|\n| 1 | 2 |\n\nTable 1: Above.\n\n| c | d |\n|---|---|\n| 3 | 4 |\n";
        let mut b = run(md);
        assert_eq!(b[1].attrs().caption_for, Some(0));
        // The same with the first table described by a caption before it.
        let md = "Table 1: First.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nTable 2: Second.\n\n| c | d |\n|---|---|\n| 3 | 4 |\n";
        b = run(md);
        assert_eq!(b[0].attrs().caption_for, Some(1));
        assert_eq!(b[2].kind, BlockType::Caption);
        assert_eq!(b[2].attrs().caption_for, Some(3));
    }

    /// Captions set under their figures: one whose figure was not found (a drawing of rules
    /// alone) leaves the next figure to the caption right under it.
    #[test]
    fn a_caption_does_not_take_the_figure_of_the_caption_below() {
        let blocks =
            run("Some text.\n\nFigure 3: draw examples\n\n![fill](fill.png)\n\nFigure 4: fill example\n");
        let kinds: Vec<_> = blocks
            .iter()
            .map(|b| (b.kind, b.attrs().caption_for))
            .collect();
        let fig = blocks
            .iter()
            .position(|b| b.kind == BlockType::Figure)
            .unwrap();
        let named: Vec<usize> = blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.attrs().caption_for == Some(fig))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(named, [fig + 1], "{kinds:?}");
        assert_eq!(blocks[fig].attrs().figure_ref.as_deref(), Some("Figure 4"));
    }

    #[test]
    fn no_orphan_captions() {
        let md = "Some prose.\n\nFigure 9: nothing here.\n\nMore prose.\n";
        assert!(run(md).iter().all(|b| b.kind != BlockType::Caption));
    }
}
