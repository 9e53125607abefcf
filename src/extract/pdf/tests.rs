use super::*;
use crate::model::{BlockType, HeadingInfo};

/// OCR'd text with boxes: a paragraph that goes on over the page takes the box of its own
/// lines on its first page, not that of the footer removed from between them.
#[test]
fn an_ocr_paragraph_box_leaves_out_the_furniture_between_its_lines() {
    let mut out = String::new();
    let mut boxes = Vec::new();
    let mut line = |out: &mut String, page: u32, y: f32, t: &str| {
        let start = out.len();
        out.push_str(t);
        boxes.push(LineBox {
            start,
            end: out.len(),
            page,
            bbox: [72.0, y, 500.0, y + 10.0],
        });
        out.push('\n');
    };
    for page in 1..=4u32 {
        if page > 1 {
            out.push('\x0c');
        }
        let words = ["north", "south", "east", "west"][page as usize - 1];
        let body = [
            format!("the report on the {words} region goes on with the measured figures and"),
            format!("the notes that explain the {words} figures, one after another, until"),
            format!("the paragraph on the {words} region reaches the foot of the page and"),
        ];
        for (k, t) in body.iter().enumerate() {
            line(&mut out, page, 100.0 + 12.0 * k as f32, t);
        }
        line(&mut out, page, 750.0, &format!("Page {page} of 4"));
    }
    let x = from_text(&out, None, &TextConfig::default(), 4, &boxes);
    assert!(x.furniture_lines >= 4, "{}", x.furniture_lines);
    assert!(!x.canonical.contains("Page 1 of 4"));
    let first = x
        .blocks
        .iter()
        .find(|b| x.canonical[b.off_begin..b.off_end].starts_with("the report"))
        .unwrap();
    let bb = first.attrs().bbox.unwrap();
    assert_eq!(bb[1], 100.0);
    assert!(bb[3] < 750.0, "{bb:?}");
}

/// A page image for OCR keeps to its pixel budget: a page too large for it is rendered
/// at a lower resolution, and that resolution is what its boxes are scaled by.
#[cfg(feature = "pdf")]
#[test]
fn page_images_for_ocr_keep_to_their_pixel_budget() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf");
    let bytes = std::fs::read(root.join("bad/scanned-no-text.pdf")).unwrap();
    let opened = read::open(&bytes).unwrap();
    let (w, h, px, dpi) = opened.doc.render_gray(0, 100.0, 64e6).unwrap();
    assert_eq!(dpi, 100.0);
    assert_eq!(px.len(), w * h);
    let (w2, h2, _, low) = opened.doc.render_gray(0, 100.0, 100_000.0).unwrap();
    assert!(low < 100.0);
    assert!((w2 * h2) as f32 <= 100_000.0 * 1.02, "{w2} x {h2}");
    assert!(w2 * 2 < w && h2 * 2 < h);
}

/// Tesseract's TSV: words grouped into lines by (block, paragraph, line), their boxes
/// joined and turned from pixels of a 144 dpi image into points; rows of other levels,
/// empty words and rows that do not parse are skipped; control characters in a word
/// become spaces; plain text is not TSV.
#[test]
fn tesseract_tsv_becomes_placed_lines() {
    let tsv = format!(
        "{TSV_HEADER}\n\
         1\t1\t0\t0\t0\t0\t0\t0\t1190\t1684\t-1\t\n\
         4\t1\t1\t1\t1\t0\t100\t200\t400\t30\t-1\t\n\
         5\t1\t1\t1\t1\t1\t100\t200\t40\t30\t96.5\t1\n\
         5\t1\t1\t1\t1\t2\t160\t202\t340\t28\t95.1\tIntroduction\n\
         5\t1\t1\t1\t1\t3\t520\t200\t10\t30\t95.0\t \n\
         5\t1\t1\t2\t1\t1\t100\t260\t300\t24\t91.0\tThe\n\
         5\t1\t1\t2\t2\t1\t100\t290\t200\t24\t90.0\tengine\n\
         5\t1\tx\t2\t2\t2\t100\t290\t200\t24\t90.0\tbroken\n\
         5\t1\t2\t1\t1\t1\t100\t400\t100\t24\t90.0\tnext\treads\n\
         5\t1\t3\t1\t1\t1\t4294967295\t0\t10\t10\t90.0\tfar\n"
    );
    let lines = tsv_lines(&tsv, 144.0).unwrap();
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        ["1 Introduction", "The", "engine", "next reads", "far"]
    );
    // A box at the far end of the numbers does not wrap round to the page's left.
    assert!(lines[4].bbox[2] >= lines[4].bbox[0]);
    assert_eq!(lines[0].bbox, [50.0, 100.0, 250.0, 115.0]);
    assert_eq!(lines[0].confidence, [96.5, 95.1]);
    let paragraphs: Vec<(u32, u32)> = lines.iter().map(|l| l.paragraph).collect();
    assert_eq!(paragraphs, [(1, 1), (1, 2), (1, 2), (2, 1), (3, 1)]);
    assert!(tsv_lines("1 Introduction\n\nThe engine reads.\n", 144.0).is_none());
    assert_eq!(tsv_lines(TSV_HEADER, 144.0), Some(Vec::new()));
}

/// The fragments of a line read by OCR.
fn ocr_line_frags(l: &OcrLine, types: &OcrTypes) -> Vec<Frag> {
    ocr_pieces(l).iter().map(|p| ocr_frag(p, types)).collect()
}

/// A line read by OCR gets its type size from the height of its words' ink over the reach
/// of their letters: `Scope` (a capital and a descender) 10.8 points high and `and` 8.28
/// points high are both 12-point words, and so is the line, whose baseline is where `and`
/// ends; `nose` alone (x-height letters) 4.5 points high is 10-point. A gap wider than the
/// size parts the line into two fragments (two cells), each of its own size (a listing's
/// small line number); a word of unknown letters does not tell the size, nor does one with
/// brackets when a word of letters can. Of two words, the line's size is the mean.
#[test]
fn ocr_words_tell_their_type_size_by_their_ink() {
    assert_eq!(ink_reach("Scope"), Some((0.69, 0.21, true)));
    assert_eq!(ink_reach("nose."), Some((0.45, 0.0, true)));
    assert_eq!(ink_reach("(a)"), Some((0.72, 0.15, false)));
    assert_eq!(ink_reach("#define"), Some((0.69, 0.0, false)));
    assert_eq!(ink_reach("—"), None);
    assert_eq!(ink_reach("équipe"), None);
    let line = |words: &[(&str, [f32; 4])]| {
        let mut l = OcrLine {
            paragraph: (1, 1),
            text: String::new(),
            bbox: [0.0; 4],
            words: Vec::new(),
            strokes: Vec::new(),
            confidence: Vec::new(),
        };
        for (w, b) in words {
            if !l.text.is_empty() {
                l.text.push(' ');
            }
            let start = l.text.len();
            l.text.push_str(w);
            l.words.push((start, l.text.len(), *b));
        }
        l.bbox = [words[0].1[0], 90.0, words[words.len() - 1].1[2], 110.0];
        l
    };
    let f = ocr_line_frags(
        &line(&[
            ("Scope", [100.0, 91.72, 130.0, 102.52]),
            ("and", [133.0, 91.72, 150.0, 100.0]),
            ("—", [153.0, 95.0, 160.0, 96.0]),
            ("Limits", [200.0, 91.72, 230.0, 100.0]),
        ]),
        &OcrTypes::PLAIN,
    );
    assert_eq!(f.len(), 2, "{f:?}");
    assert_eq!(f[0].text, "Scope and —");
    assert_eq!(f[1].text, "Limits");
    assert_eq!(f[0].chars, 9);
    for g in &f {
        assert!((g.size - 12.0).abs() < 0.01, "{}", g.size);
        assert!((g.base - 100.0).abs() < 0.01, "{}", g.base);
    }
    let f = ocr_line_frags(
        &line(&[("nose", [100.0, 95.5, 120.0, 100.0])]),
        &OcrTypes::PLAIN,
    );
    assert!((f[0].size - 10.0).abs() < 0.01, "{}", f[0].size);
    // Two words that tell 12 and 14 points: a 13-point line, not the larger alone.
    let f = ocr_line_frags(
        &line(&[
            ("and", [100.0, 91.72, 120.0, 100.0]),
            ("than", [124.0, 90.34, 150.0, 100.0]),
        ]),
        &OcrTypes::PLAIN,
    );
    assert!((f[0].size - 13.0).abs() < 0.01, "{}", f[0].size);
    // A listing's small line number beside its 10-point code: each piece has its size.
    let f = ocr_line_frags(
        &line(&[
            ("7", [100.0, 95.86, 103.0, 100.0]),
            ("\\def\\next{", [130.0, 91.06, 190.0, 101.5]),
            ("end", [195.0, 93.1, 210.0, 100.0]),
        ]),
        &OcrTypes::PLAIN,
    );
    let sizes: Vec<f32> = f.iter().map(|g| (g.size * 10.0).round() / 10.0).collect();
    assert_eq!(sizes, [6.0, 10.0]);
}

/// An OCR line of `words` (text, left edge, width) in 10-point type on baseline 100, each
/// word's box as high as its letters reach.
fn ocr_line(words: &[(&str, f32, f32)]) -> OcrLine {
    let mut l = OcrLine {
        paragraph: (1, 1),
        text: String::new(),
        bbox: [words[0].1, 90.0, 0.0, 100.0],
        words: Vec::new(),
        strokes: Vec::new(),
        confidence: Vec::new(),
    };
    for &(w, x, width) in words {
        if !l.text.is_empty() {
            l.text.push(' ');
        }
        let start = l.text.len();
        l.text.push_str(w);
        let (top, bottom, _) = ink_reach(w).unwrap_or((1.0, 0.0, true));
        let (y0, y1) = (100.0 - 10.0 * top, 100.0 + 10.0 * bottom);
        l.words.push((start, l.text.len(), [x, y0, x + width, y1]));
        l.bbox[2] = x + width;
    }
    l
}

/// An ornament OCR read as `@` or `«` before a title set larger than the body is read as
/// the ornament it is, its words' places kept; at the body's size, or another symbol, or
/// alone, it stays as read.
#[test]
fn ornaments_read_as_symbols_before_large_titles_are_ornaments() {
    let line = ocr_line(&[
        ("@", 0.0, 8.0),
        ("CLEAN", 12.0, 40.0),
        ("OUTPUT", 56.0, 50.0),
    ]);
    let o = with_its_ornament(&line, 14.0, 10.0).expect("an ornament");
    assert_eq!(o.text, "◆ CLEAN OUTPUT");
    let words: Vec<&str> = o.words.iter().map(|&(a, b, _)| &o.text[a..b]).collect();
    assert_eq!(words, ["◆", "CLEAN", "OUTPUT"]);
    let boxes: Vec<[f32; 4]> = o.words.iter().map(|w| w.2).collect();
    let was: Vec<[f32; 4]> = line.words.iter().map(|w| w.2).collect();
    assert_eq!(boxes, was);
    let line = ocr_line(&[("«", 0.0, 8.0), ("equals()", 12.0, 40.0)]);
    assert_eq!(
        with_its_ornament(&line, 12.0, 10.0).unwrap().text,
        "◆ equals()"
    );
    assert_eq!(with_its_ornament(&line, 10.5, 10.0), None);
    let bullet = ocr_line(&[("¢", 0.0, 8.0), ("Installation", 12.0, 60.0)]);
    assert_eq!(with_its_ornament(&bullet, 14.0, 10.0), None);
    let alone = ocr_line(&[("@", 0.0, 8.0)]);
    assert_eq!(with_its_ornament(&alone, 14.0, 10.0), None);
}

/// The permalink mark after a printed web page's title, which OCR reads as `{` glued to the
/// title's last word, is read as `¶`; a brace in program text stays.
#[test]
fn a_permalink_read_as_a_brace_is_the_mark() {
    let read = |words: &[(&str, f32, f32)]| with_its_pilcrow(&ocr_line(words)).map(|l| l.text);
    let titled = ocr_line(&[("universal", 0.0, 50.0), ("[CloudManagement]{", 56.0, 90.0)]);
    let t = with_its_pilcrow(&titled).expect("a permalink");
    assert_eq!(t.text, "universal [CloudManagement]\u{b6}");
    let words: Vec<&str> = t.words.iter().map(|&(a, b, _)| &t.text[a..b]).collect();
    assert_eq!(words, ["universal", "[CloudManagement]\u{b6}"]);
    assert_eq!(
        read(&[("Drivers{", 0.0, 60.0)]).as_deref(),
        Some("Drivers\u{b6}")
    );
    for code in [
        &[("\\begin{", 0.0, 40.0)][..],
        &[("[id=un]{", 0.0, 40.0)],
        &[("if", 0.0, 10.0), ("(x)", 14.0, 20.0), ("{", 38.0, 6.0)],
        &[
            ("fn", 0.0, 10.0),
            ("f()", 14.0, 20.0),
            ("{}", 38.0, 10.0),
            ("g{", 52.0, 10.0),
        ],
        &[("a{", 0.0, 10.0)],
        &[("int", 0.0, 14.0), ("main(){", 18.0, 40.0)],
    ] {
        assert_eq!(read(code), None, "{code:?}");
    }
}

/// A bullet OCR read as `e` or `¢`, a small blot raised off the baseline of the words after
/// it, is read as `•`, the words keeping their places; a letter `e` of the text, on the
/// baseline, stays, and so does a bullet OCR read as one of the list markers (`*`) or a blot
/// set close against the next word.
#[test]
fn bullets_read_as_letters_or_symbols_are_bullets() {
    // 10-point type on baseline 100: a bullet 3.5 points across, from 2 to 5.5 points up.
    let with = |first: &str, y0: f32, y1: f32, gap: f32| {
        let mut l = ocr_line(&[
            (first, 0.0, 3.5),
            ("Item", 3.5 + gap, 20.0),
            ("text", 30.0 + gap, 18.0),
        ]);
        l.words[0].2[1] = y0;
        l.words[0].2[3] = y1;
        l
    };
    for read in ["e", "¢", "°"] {
        let b = with_its_bullet(&with(read, 94.5, 98.0, 4.0)).expect(read);
        assert_eq!(b.text, "• Item text");
        let words: Vec<&str> = b.words.iter().map(|&(a, z, _)| &b.text[a..z]).collect();
        assert_eq!(words, ["•", "Item", "text"]);
        assert_eq!(b.words[2].2, with(read, 94.5, 98.0, 4.0).words[2].2);
    }
    // On the baseline: the letter itself (`e mail`), or too close to the next word.
    assert_eq!(with_its_bullet(&with("e", 95.5, 100.0, 4.0)), None);
    assert_eq!(with_its_bullet(&with("¢", 94.5, 98.0, 1.0)), None);
    // A marker that is one already, a letter that is no misread bullet, a large blot.
    assert_eq!(with_its_bullet(&with("*", 94.5, 98.0, 4.0)), None);
    assert_eq!(with_its_bullet(&with("a", 94.5, 98.0, 4.0)), None);
    // A guillemet opening a quotation is raised as a bullet is; a superscript letter (a
    // table's footnote mark) is raised higher.
    assert_eq!(with_its_bullet(&with("«", 94.5, 98.0, 4.0)), None);
    assert_eq!(with_its_bullet(&with("c", 94.0, 97.0, 2.5)), None);
    // An item of one word: the line is set at the word's size, the bullet telling none.
    let mut one = ocr_line(&[("e", 0.0, 3.5), ("Introduction", 8.0, 50.0)]);
    one.words[0].2[1] = 94.5;
    one.words[0].2[3] = 98.0;
    let f = ocr_frag(&one, &OcrTypes::PLAIN);
    assert_eq!(f.text, "• Introduction");
    assert!((f.size - 10.0).abs() < 0.01, "{}", f.size);
    assert_eq!(with_its_bullet(&with("@", 91.0, 99.0, 4.0)), None);
}

/// A scan turned by a degree: its lines fall across the page, each word's box is as a box
/// round the turned word is (higher by its width times the sine), and the left edges of the
/// lines drift with their height on the page. Straightened, the words of a line stand on
/// one baseline again, the lines start at one left edge, and the words are as high as
/// their ink is (a long word's box would tell a type a fifth larger). An upright page is
/// left as it is; a rule read as letters (`eee` a page wide) goes on either.
#[test]
fn ocr_lines_of_a_tilted_scan_are_straightened() {
    let turn = |deg: f32| {
        let (s, c) = deg.to_radians().sin_cos();
        // Lines of 10-point x-height words (4.5 points of ink) on baselines 20 points apart,
        // from x 72, turned about the centre of a US Letter page.
        let words = [
            "some", "more", "words", "on", "a", "line", "across", "our", "scan",
        ];
        let mut lines = Vec::new();
        for row in 0..12 {
            let base = 100.0 + 20.0 * row as f32;
            let mut l = OcrLine {
                paragraph: (1, 1),
                text: String::new(),
                bbox: [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
                words: Vec::new(),
                strokes: Vec::new(),
                confidence: Vec::new(),
            };
            let mut x = 72.0;
            for w in words {
                let width = 4.5 * w.len() as f32;
                // The corners of the upright word, turned about (306, 396).
                let corners = [
                    (x, base - 4.5),
                    (x + width, base - 4.5),
                    (x, base),
                    (x + width, base),
                ];
                let turned: Vec<(f32, f32)> = corners
                    .iter()
                    .map(|&(px, py)| {
                        let (dx, dy) = (px - 306.0, py - 396.0);
                        (306.0 + dx * c - dy * s, 396.0 + dx * s + dy * c)
                    })
                    .collect();
                let b = turned
                    .iter()
                    .fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, p| {
                        [b[0].min(p.0), b[1].min(p.1), b[2].max(p.0), b[3].max(p.1)]
                    });
                if !l.text.is_empty() {
                    l.text.push(' ');
                }
                let start = l.text.len();
                l.text.push_str(w);
                l.words.push((start, l.text.len(), b));
                l.strokes.push(0.5);
                l.confidence.push(95.0);
                l.bbox = [
                    l.bbox[0].min(b[0]),
                    l.bbox[1].min(b[1]),
                    l.bbox[2].max(b[2]),
                    l.bbox[3].max(b[3]),
                ];
                x += width + 3.0;
            }
            lines.push(l);
        }
        // A rule under the text, read as `eee`: 400 points wide, its box as high as the
        // turn makes it.
        let rule = [100.0, 360.0, 500.0, 363.0 + 400.0 * s.abs()];
        lines.push(OcrLine {
            paragraph: (2, 1),
            text: "eee".to_string(),
            bbox: rule,
            words: vec![(0, 3, rule)],
            strokes: vec![0.5],
            confidence: vec![40.0],
        });
        lines
    };
    let tilted = turn(1.0);
    let slope = tilt(&tilted).expect("a tilt");
    assert!((slope - 1f32.to_radians().tan()).abs() < 0.001, "{slope}");
    // The words of a tilted line: bottoms a point and a half apart, boxes a fifth too high.
    let bottoms = |l: &OcrLine| {
        l.words
            .iter()
            .map(|w| w.2[3])
            .fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)))
    };
    let (lo, hi) = bottoms(&tilted[0]);
    assert!(hi - lo > 1.5, "{lo} {hi}");
    let straight = straightened(tilted, 612.0, 792.0);
    assert_eq!(straight.len(), 12, "the rule is gone");
    for l in &straight {
        let (lo, hi) = bottoms(l);
        assert!(hi - lo < 0.2, "{}: {lo} {hi}", l.text);
        for &(a, b, bx) in &l.words {
            let h = bx[3] - bx[1];
            assert!((h - 4.5).abs() < 0.2, "{} {h}", &l.text[a..b]);
        }
        assert_eq!(l.strokes.len(), l.words.len());
        assert_eq!(l.confidence.len(), l.words.len());
    }
    let lefts: Vec<f32> = straight.iter().map(|l| l.bbox[0]).collect();
    let spread = lefts
        .iter()
        .fold(0.0f32, |m, &x| m.max((x - lefts[0]).abs()));
    assert!(spread < 0.2, "{lefts:?}");
    // Upright: no tilt, every line as it was, but for the rule.
    let upright = turn(0.0);
    assert_eq!(tilt(&upright), None);
    let kept = straightened(upright.clone(), 612.0, 792.0);
    assert_eq!(kept[..], upright[..12]);
    assert!(too_wide_for_its_letters(
        "eee",
        &[100.0, 360.0, 500.0, 363.0]
    ));
    assert!(!too_wide_for_its_letters(
        "scan",
        &[100.0, 95.5, 118.0, 100.0]
    ));
    assert!(!too_wide_for_its_letters("—", &[100.0, 97.0, 110.0, 98.0]));
}

/// Stroke widths are read off the page image: a word drawn as stems 2 pixels wide and 7
/// high measures 14 / 9 pixels (points at 72 dpi), one drawn with stems 4 wide 28 / 11.
/// Over a document, words whose strokes are 1.25 times the body's or more, for their size
/// and in points, are bold: a bold line is bold throughout, a bold run-in title leads its
/// line (`Scope.` then regular text), small print whose strokes are as thick as the body's
/// is not (thick for its size only), words OCR is unsure of are neither bold nor large,
/// and no word is bold in a document of one weight.
#[test]
fn ocr_strokes_tell_bold_words() {
    // 72 dpi: a point is a pixel. Word 1 at x 0..20, word 2 at x 30..50, their boxes rows
    // 93..100 (capitals and ascenders of 10-point type: 6.9 points high).
    let (w, h) = (60usize, 120usize);
    let mut px = vec![255u8; w * h];
    let mut stem = |x0: usize, width: usize| {
        for y in 90..100 {
            for x in x0..x0 + width {
                px[y * w + x] = 0;
            }
        }
    };
    for k in 0..4 {
        stem(k * 5, 2);
        stem(30 + k * 5, 4);
    }
    let image = PageImage {
        w,
        h,
        ink: ink_level(&px),
        px,
        dpi: 72.0,
    };
    assert_eq!(image.ink, 128);
    let l = ocr_line(&[("Thin", 0.0, 20.0), ("Bold", 30.0, 20.0)]);
    let s = word_strokes(&l, &image);
    assert!((s[0] - 14.0 / 9.0).abs() < 0.01, "{s:?}");
    assert!((s[1] - 28.0 / 11.0).abs() < 0.01, "{s:?}");
    // A faint scan of the same words, grey print (140) on grey paper (235), is cut between
    // the two and measures the same.
    let faint: Vec<u8> = image
        .px
        .iter()
        .map(|&p| if p == 0 { 140 } else { 235 })
        .collect();
    let faint = PageImage {
        ink: ink_level(&faint),
        px: faint,
        ..image
    };
    assert_eq!(faint.ink, 163);
    assert_eq!(word_strokes(&l, &faint), s);

    let with = |mut l: OcrLine, strokes: &[f32]| {
        l.strokes = strokes.to_vec();
        l
    };
    let body = [0.08, 0.08, 0.08, 0.08];
    let lines = [
        with(
            ocr_line(&[("Title", 0.0, 40.0), ("Here", 45.0, 35.0)]),
            &[0.11, 0.11],
        ),
        with(
            ocr_line(&[
                ("Scope.", 0.0, 40.0),
                ("The", 45.0, 25.0),
                ("text", 75.0, 30.0),
            ]),
            &[0.11, 0.08, 0.08],
        ),
        with(
            ocr_line(&[
                ("body", 0.0, 30.0),
                ("text", 35.0, 30.0),
                ("goes", 70.0, 30.0),
                ("on", 105.0, 15.0),
            ]),
            &body,
        ),
        with(
            ocr_line(&[
                ("more", 0.0, 30.0),
                ("body", 35.0, 30.0),
                ("text", 70.0, 30.0),
                ("here", 105.0, 30.0),
            ]),
            &body,
        ),
    ];
    let types = OcrTypes::learn(lines.iter());
    let f: Vec<Frag> = lines
        .iter()
        .flat_map(|l| ocr_line_frags(l, &types))
        .collect();
    assert_eq!((f[0].bold_chars, f[0].chars), (9, 9));
    assert_eq!(f[1].bold_chars, 6);
    assert_eq!(&f[1].text[..f[1].bold_lead], "Scope.");
    assert!(!f[1].lead_open);
    assert_eq!(f[2].bold_chars, 0);
    // The line's type `k` times as large, on the same baseline.
    let scaled = |mut l: OcrLine, k: f32| {
        for w in &mut l.words {
            w.2 = [
                w.2[0],
                100.0 - (100.0 - w.2[1]) * k,
                w.2[2],
                100.0 + (w.2[3] - 100.0) * k,
            ];
        }
        l
    };
    // 6-point print with the body's strokes.
    let small = scaled(
        with(
            ocr_line(&[("note", 0.0, 20.0), ("text", 25.0, 20.0)]),
            &[0.08, 0.08],
        ),
        0.6,
    );
    let g = ocr_line_frags(&small, &types);
    assert!(
        (g[0].size - 6.0).abs() < 0.01 && g[0].bold_chars == 0,
        "{g:?}"
    );
    // Words OCR read unsure of (another script read as Latin) tell nothing of their type:
    // set as the body, not bold; a short number alone is trusted all the same.
    let mut unsure = scaled(
        with(
            ocr_line(&[("Kvaxz", 0.0, 40.0), ("Bpwq", 45.0, 35.0)]),
            &[0.2, 0.2],
        ),
        1.5,
    );
    unsure.confidence = vec![31.0, 40.0];
    let g = ocr_line_frags(&unsure, &types);
    assert!(
        (g[0].size - 10.0).abs() < 0.01 && g[0].bold_chars == 0,
        "{g:?}"
    );
    unsure.confidence = vec![91.0, 90.0];
    let g = ocr_line_frags(&unsure, &types);
    assert!(
        (g[0].size - 15.0).abs() < 0.01 && g[0].bold_chars == 9,
        "{g:?}"
    );
    let mut number = with(ocr_line(&[("1.1", 0.0, 15.0)]), &[0.11]);
    number.confidence = vec![55.0];
    assert_eq!(ocr_line_frags(&number, &types)[0].bold_chars, 3);
    // One weight throughout: nothing is bold.
    let even: Vec<OcrLine> = lines
        .iter()
        .map(|l| with(l.clone(), &vec![0.1; l.words.len()]))
        .collect();
    let types = OcrTypes::learn(even.iter());
    assert!(even
        .iter()
        .flat_map(|l| ocr_line_frags(l, &types))
        .all(|f| f.bold_chars == 0));
}

/// An OCR line of `words` in 10-point type, each word as wide as `width` has it (its ink a
/// point short of its advances) and `space` points from the next.
fn set_ocr_line(words: &[&str], width: impl Fn(&str) -> f32, space: f32) -> OcrLine {
    let mut x = 0.0;
    let spec: Vec<(&str, f32, f32)> = words
        .iter()
        .map(|w| {
            let (at, wide) = (x, width(w) - 1.0);
            x += wide + space;
            (*w, at, wide)
        })
        .collect();
    ocr_line(&spec)
}

/// An OCR line set in a 10-point monospaced type: an advance of 6 points a character.
fn mono_ocr_line(words: &[&str]) -> OcrLine {
    set_ocr_line(words, |w| w.chars().count() as f32 * 6.0, 7.0)
}

/// An OCR line set in a 10-point proportional type, each letter as wide as
/// [`proportional_width`] has it.
fn proportional_ocr_line(words: &[&str]) -> OcrLine {
    set_ocr_line(
        words,
        |w| w.chars().map(proportional_width).sum::<f32>() * 10.0,
        3.0,
    )
}

/// Monospaced lines are told by their words' widths: in a listing every character is 0.6
/// em wide whatever the letter, so `int`, `nerrors` and `milliseconds` are 3, 7 and 12
/// advances wide, where proportional type makes `illicit` narrow and `WWW` wide. A line
/// of one code word (`\documentclass{article}`) is monospaced when the document's listing
/// lines gave the advance; a title set larger or in bold, wider than the body's letters,
/// is not, nor a title in capitals.
#[test]
fn ocr_widths_tell_monospaced_lines() {
    let (code, prose) = (mono_ocr_line, proportional_ocr_line);
    let listing = [
        code(&["int", "nerrors", "milliseconds;"]),
        code(&["while", "(still)", "wait();"]),
        code(&["return", "illicit", "values;"]),
        code(&["struct", "arg_hdr", "header;"]),
    ];
    let text = [
        prose(&["The", "illicit", "values", "were", "wide"]),
        prose(&["and", "millimetres", "were", "narrow", "indeed"]),
        prose(&["Mixing", "type", "makes", "width", "follow", "letters"]),
    ];
    let one_word = code(&["\\documentclass{article}"]);
    let lines: Vec<&OcrLine> = listing.iter().chain(&text).chain([&one_word]).collect();
    let types = OcrTypes::learn(lines.iter().copied());
    for l in &listing {
        assert!(types.monospaced(l, 10.0), "{}", l.text);
    }
    for l in &text {
        assert!(!types.monospaced(l, 10.0), "{}", l.text);
    }
    assert!(types.monospaced(&one_word, 10.0));
    // A word whose letters are about as wide in proportional type as in monospaced type
    // (`handbook`, 13 % narrower there) is code when its width fits the advance twice as
    // well as its letters; the same word set proportionally is not.
    assert!(types.monospaced(&code(&["handbook"]), 10.0));
    assert!(!types.monospaced(&prose(&["handbook"]), 10.0));
    // Capitals are about as wide as one another in any type: no evidence.
    assert!(!types.monospaced(&code(&["TITLE", "INFORMATION"]), 10.0));
    // Set larger than the body, one word is not enough (a bold title's letters are wider).
    let mut larger = one_word.clone();
    for w in &mut larger.words {
        w.2 = w.2.map(|v| v * 1.3);
    }
    assert!(!types.monospaced(&larger, 13.0));
    // A word in bold (its strokes 1.5 times the body's) is wider than its letters in the
    // body's type, whatever its width says; the same word in the body's weight is code.
    let stroked = |l: &OcrLine, w: f32| {
        let mut l = l.clone();
        l.strokes = vec![w; l.words.len()];
        l
    };
    let weighed: Vec<OcrLine> = lines.iter().map(|l| stroked(l, 0.6)).collect();
    let types = OcrTypes::learn(weighed.iter());
    let word = code(&["\\setinvoicenumber"]);
    assert!(types.monospaced(&stroked(&word, 0.6), 10.0));
    assert!(!types.monospaced(&stroked(&word, 0.9), 10.0));
    // With no listing, the document has no monospaced type to compare with.
    let types = OcrTypes::learn(text.iter().chain([&one_word]));
    assert!(!types.monospaced(&one_word, 10.0));
}

/// A code line whose brackets and backslashes make its ink read a smaller type than it is
/// set in (`\NeedsTeXFormat` reaches below the baseline, its letters do not) is measured at
/// the size of the document's monospaced type too, when nearer that than the body's; a
/// prose line nearer the body's is not. Then a line a little larger or smaller than the
/// body (a word's height read a pixel higher, few words in a paragraph's last line) is set
/// at the body's size, one further off keeps its own.
#[test]
fn ocr_lines_near_a_type_size_are_set_at_it() {
    // Listings at 9 points (an advance of 5.4 points a character), text at 10.
    let scaled = |l: OcrLine, k: f32| {
        let mut l = l;
        for w in &mut l.words {
            w.2 = [
                w.2[0] * k,
                100.0 - (100.0 - w.2[1]) * k,
                w.2[2] * k,
                100.0 + (w.2[3] - 100.0) * k,
            ];
        }
        l
    };
    let code = |words: &[&str], k: f32| scaled(mono_ocr_line(words), k);
    let prose = |words: &[&str], k: f32| scaled(proportional_ocr_line(words), k);
    let listing = [
        code(&["int", "nerrors", "milliseconds;"], 0.9),
        code(&["while", "(still)", "wait();"], 0.9),
        code(&["return", "illicit", "values;"], 0.9),
        code(&["struct", "arg_hdr", "header;"], 0.9),
    ];
    let text = [
        prose(&["The", "illicit", "values", "were", "wide"], 1.0),
        prose(&["and", "millimetres", "were", "narrow", "indeed"], 1.0),
        prose(
            &["Mixing", "type", "makes", "width", "follow", "letters"],
            1.0,
        ),
        prose(&["Text", "goes", "on", "in", "this", "type", "here"], 1.0),
        prose(
            &["as", "long", "as", "there", "is", "more", "to", "say"],
            1.0,
        ),
    ];
    let types = OcrTypes::learn(listing.iter().chain(&text));
    // The line of code as its words' boxes read it: widths of 9-point code, heights of ink
    // that tell 7.5 points.
    let mut short = code(&["\\NeedsTeXFormat", "{LaTeX2e}"], 0.9);
    for w in &mut short.words {
        w.2[1] = 100.0 - (100.0 - w.2[1]) * 7.5 / 9.0;
        w.2[3] = 100.0 + (w.2[3] - 100.0) * 7.5 / 9.0;
    }
    let f = ocr_frag(&short, &types);
    assert!((f.size - 7.5).abs() < 0.05, "{}", f.size);
    assert_eq!(f.mono_chars, f.chars, "{f:?}");
    // At 9.4 points, within a tenth of the listings' 9, it is set at 9.
    let f = ocr_frag(&code(&["return", "illicit", "values;"], 0.94), &types);
    assert!((f.size - 9.0).abs() < 1e-3, "{}", f.size);
    assert_eq!(f.mono_chars, f.chars);
    // Prose at the body's size is not measured at the listings'.
    for l in &text {
        assert_eq!(ocr_frag(l, &types).mono_chars, 0, "{}", l.text);
    }
    // A paragraph's last line read 5 % larger is set at 10; a title 15 % larger is not.
    let f = ocr_frag(&prose(&["and", "ends", "here."], 1.05), &types);
    assert!((f.size - 10.0).abs() < 1e-3, "{}", f.size);
    assert!((f.y1 - f.y0 - 10.0).abs() < 1e-3);
    let f = ocr_frag(&prose(&["Another", "Title"], 1.15), &types);
    assert!((f.size - 11.5).abs() < 0.05, "{}", f.size);
}

/// Pieces read by OCR that say too little to tell their type by their widths (`fn main()
/// {`, `}`) take it from the code around them, through others like them, when the lines
/// are set tight in one column; a piece apart from the listing, a bold title over it, one
/// set much larger, or one in another column keep theirs.
#[test]
fn ocr_pieces_among_code_take_its_type() {
    let piece = |x0: f32, base: f32, text: &str, mono: bool| {
        let mut f = Frag::plain(
            [x0, base - 8.0, x0 + 200.0, base + 2.0],
            base,
            10.0,
            text.to_string(),
        );
        if mono {
            f.mono_chars = f.chars;
        }
        f
    };
    let mut frags = vec![
        piece(72.0, 100.0, "The listing prints the values.", false),
        piece(72.0, 124.0, "Example", false),
        piece(80.0, 136.0, "fn main() {", false),
        piece(80.0, 148.0, "let values = read_values(input);", true),
        piece(80.0, 160.0, "}", false),
        piece(72.0, 190.0, "Done.", false),
        piece(72.0, 202.0, "and the text goes on after it.", false),
        // Beside the listing's second line, in the next column.
        piece(400.0, 152.0, "Notes", false),
        piece(80.0, 230.0, "let total = values.sum();", true),
        piece(80.0, 246.0, "Result", false),
        piece(80.0, 262.0, "println!(\"{total} values\");", true),
    ];
    frags[1].bold_chars = frags[1].chars;
    frags[9].size = 14.0;
    monospaced_among_code(&mut frags);
    let mono: Vec<&str> = frags
        .iter()
        .filter(|f| f.mono_chars == f.chars)
        .map(|f| f.text.as_str())
        .collect();
    assert_eq!(
        mono,
        [
            "fn main() {",
            "let values = read_values(input);",
            "}",
            "let total = values.sum();",
            "println!(\"{total} values\");"
        ]
    );
}

/// Every fixture: one hint per line of the layout text, so that hints never slide onto
/// the wrong line (empty pages, blank lines, page breaks).
#[cfg(feature = "pdf")]
#[test]
fn hints_stay_aligned_with_lines() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf");
    let mut seen = 0;
    for dir in ["real", "generated", "office", "bad", "scans"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
            .collect();
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).unwrap();
            let Ok(opened) = read::open(&bytes) else {
                continue;
            };
            let cfg = PdfConfig::default();
            let mut pages: Vec<Page> = (0..opened.pages)
                .filter_map(|i| read::page(&opened.doc, i, &cfg).ok())
                .map(|mut p| {
                    underlines(&mut p);
                    figures(&mut p);
                    layout_page(p.frags, p.height)
                })
                .collect();
            let (out, hints, _) = layout_text(&mut pages, &cfg);
            assert_eq!(
                out.matches('\n').count(),
                hints.lines.len(),
                "{}",
                f.display()
            );
            for (line, h) in out.split('\n').zip(&hints.lines) {
                let blank = line.trim_matches(['\u{c}', ' ']).is_empty();
                assert_eq!(blank, h.is_none(), "{}: {line:?}", f.display());
            }
            seen += 1;
        }
    }
    assert!(seen >= 12, "{seen} fixtures read");
}

#[test]
fn empty_pages_keep_hints_aligned() {
    let page = |texts: &[&str]| {
        let frags = texts
            .iter()
            .enumerate()
            .map(|(k, t)| frag(72.0, 100.0 + 40.0 * k as f32, 540.0, t))
            .collect();
        layout_page(frags, 792.0)
    };
    let mut pages = vec![
        page(&["First page text."]),
        page(&[]),
        page(&[]),
        page(&["Third page text.", "Another paragraph."]),
    ];
    let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
    assert_eq!(out.matches('\n').count(), hints.lines.len(), "{out:?}");
    let x = text::extract_with(
        Canonical::from_bytes(out.as_bytes()),
        &TextConfig::default(),
        Some(&hints),
    );
    let pages: Vec<Option<u32>> = x.blocks.iter().map(|b| b.page).collect();
    assert_eq!(pages, [Some(1), Some(4), Some(4)]);
    assert!(x.blocks.iter().all(|b| b.attrs().bbox.is_some()));
}

/// The headings plain-text rules find in the layout of `pages`.
fn layout_headings(mut pages: Vec<Page>) -> Vec<HeadingInfo> {
    let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
    let x = text::extract_with(
        Canonical::from_bytes(out.as_bytes()),
        &TextConfig::default(),
        Some(&hints),
    );
    x.blocks
        .into_iter()
        .filter_map(|b| b.heading.map(|h| *h))
        .collect()
}

/// One page of lines 40 pt apart: text, font size, and whether it is set in bold.
fn typeset_page(lines: &[(&str, f32, bool)]) -> Page {
    layout_page(typeset_frags(lines), 792.0)
}

/// The fragments of [`typeset_page`]'s lines.
fn typeset_frags(lines: &[(&str, f32, bool)]) -> Vec<Frag> {
    lines
        .iter()
        .enumerate()
        .map(|(i, &(text, size, bold))| {
            let mut f = frag(72.0, 60.0 + 40.0 * i as f32, 540.0, text);
            f.size = size;
            if bold {
                f.bold_chars = text.len() as u32;
            }
            f
        })
        .collect()
}

fn titles(headings: &[HeadingInfo]) -> Vec<&str> {
    headings.iter().map(|h| h.title.as_str()).collect()
}

/// A display formula set large (`S δ`) is no heading; a title set large is, and so are
/// capitals spaced out (`I N D E X`).
#[test]
fn formula_lines_in_large_type_are_no_headings() {
    let page = typeset_page(&[
        ("Results", 14.0, false),
        (
            "The model below has a fixed part and a random part for each group.",
            10.0,
            false,
        ),
        ("S δ", 14.0, false),
        (
            "Where the random part is drawn for every group of the data set.",
            10.0,
            false,
        ),
        ("I N D E X", 14.0, false),
        (
            "Every term used in the text is listed here with its pages.",
            10.0,
            false,
        ),
    ]);
    assert_eq!(
        titles(&layout_headings(vec![page])),
        ["Results", "I N D E X"]
    );
}

/// Section numbers whose digits the font maps to no character (`\u{FFFD}.\u{FFFD}Script
/// tags`: old-style figures of a subset font without a `ToUnicode` entry) leave their
/// titles headings; a run of such glyphs over body text is none.
#[test]
fn titles_after_unmapped_section_numbers_are_headings() {
    let body = "The tags tell the font which script and language the text is written in.";
    let page = typeset_page(&[
        ("\u{FFFD}The OpenType layout", 17.0, true),
        (body, 10.0, false),
        ("\u{FFFD}.\u{FFFD}Script tags", 15.0, true),
        (body, 10.0, false),
        ("\u{FFFD}.\u{FFFD} \u{FFFD}", 15.0, true),
        (body, 10.0, false),
    ]);
    assert_eq!(
        titles(&layout_headings(vec![page])),
        [
            "\u{FFFD}The OpenType layout",
            "\u{FFFD}.\u{FFFD}Script tags"
        ]
    );
}

/// A reference manual's entries (Doxygen's LaTeX): a section number set apart from its title
/// by a wide gap is no table's column, even where an empty section's title sits right over
/// the next one's (`5.1 Detailed Description` / `5.2 Function Documentation`); and a
/// member's declaration in bold after its number heads its entry however long its arguments
/// run, wrapped onto a second line too.
#[test]
fn numbered_member_entries_of_a_reference_manual_are_headings() {
    let body = |y: f32| {
        frag(
            72.0,
            y,
            520.0,
            "Check whether the buffered mode of the trace writer is activated now.",
        )
    };
    let numbered = |y: f32, num: &str, title: &str, size: f32| {
        [
            frag(72.0, y, 72.0 + 6.0 * num.len() as f32, num),
            frag(130.0, y, 130.0 + 4.5 * title.len() as f32, title),
        ]
        .map(|mut f| {
            f.size = size;
            f.bold_chars = f.chars;
            f
        })
    };
    let mut frags = Vec::new();
    frags.extend(numbered(100.0, "5.1", "Detailed Description", 12.0));
    frags.extend(numbered(118.0, "5.2", "Function Documentation", 12.0));
    frags.extend(numbered(
        150.0,
        "5.2.1",
        "int bufferedModeActivated ( )",
        10.0,
    ));
    for k in 0..3 {
        frags.push(body(170.0 + 12.0 * k as f32));
    }
    let long = "trace_return_t addEntityValue ( const char ∗alias, const char ∗entType, const char ∗name, gtg_color_t p_color )";
    frags.extend(numbered(230.0, "5.2.2", long, 10.0));
    for k in 0..3 {
        frags.push(body(250.0 + 12.0 * k as f32));
    }
    // A declaration wrapped onto a second line, hanging under its text.
    let first = "trace_return_t addContainer ( varPrec time, const char ∗alias, const char ∗type, const char ∗container, const";
    let rest = "char ∗name, const char ∗file )";
    frags.extend(numbered(300.0, "5.2.3", first, 10.0));
    let mut wrapped = frag(160.0, 312.0, 300.0, rest);
    wrapped.bold_chars = wrapped.chars;
    frags.push(wrapped);
    for k in 0..3 {
        frags.push(body(332.0 + 12.0 * k as f32));
    }
    let headings = layout_headings(vec![layout_page(frags, 792.0)]);
    let long_title = format!("5.2.2 {long}");
    let wrapped_title = format!("5.2.3 {first} {rest}");
    assert_eq!(
        titles(&headings),
        [
            "5.1 Detailed Description",
            "5.2 Function Documentation",
            "5.2.1 int bufferedModeActivated ( )",
            long_title.as_str(),
            wrapped_title.as_str(),
        ]
    );
}

/// In a reference manual whose entries are numbered, a label said under four entries or
/// more (`Returns`) is no section; numbered titles stay headings.
#[test]
fn labels_under_numbered_entries_are_no_sections() {
    let body = "Returns the handle of the trace writer for the given processor rank.";
    let names = [
        "Opening a trace",
        "Closing it",
        "Adding containers",
        "Adding states",
        "Pushing a state",
        "Popping a state",
        "Adding events",
        "Adding links",
        "Setting variables",
        "Flushing buffers",
    ];
    let title = |k: usize| format!("1.{} {}", k + 1, names[k]);
    // `entries` numbered entries, `Returns` under those whose index `under` takes: the
    // titles of the headings found.
    let headings = |entries: usize, under: &dyn Fn(usize) -> bool| -> Vec<String> {
        let pages: Vec<Page> = (0..entries)
            .map(|k| {
                let title = title(k);
                let mut lines = vec![(title.as_str(), 12.0, true), (body, 10.0, false)];
                if under(k) {
                    lines.extend([("Returns", 10.0, true), (body, 10.0, false)]);
                }
                typeset_page(&lines)
            })
            .collect();
        layout_headings(pages)
            .into_iter()
            .map(|h| h.title)
            .collect()
    };
    let numbered: Vec<String> = (0..10).map(title).collect();
    assert_eq!(headings(10, &|k| k % 2 == 0), numbered);
    // Said three times, or in a document of nine numbered headings, it stays a section.
    let returns = |found: &[String]| found.iter().filter(|t| *t == "Returns").count();
    assert_eq!(returns(&headings(10, &|k| k % 3 == 0 && k < 9)), 3);
    assert_eq!(returns(&headings(9, &|k| k % 2 == 0)), 5);
}

/// Entries with nothing under them, one after another (a reference manual's data fields):
/// their numbers set apart from their declarations line up as a column, but titles in bold
/// numbered on by one are sections, not a table's rows.
#[test]
fn empty_numbered_entries_in_a_row_are_no_table() {
    let line = |y: f32, num: &str, title: &str, bold: bool| {
        [
            frag(72.0, y, 100.0, num),
            frag(130.0, y, 130.0 + 5.0 * title.len() as f32, title),
        ]
        .map(|mut f| {
            if bold {
                f.bold_chars = f.chars;
            }
            f
        })
    };
    let body = |y: f32| {
        frag(
            72.0,
            y,
            520.0,
            "The fields of the container are documented below, each under its name.",
        )
    };
    let mut frags = Vec::new();
    let mut head = frag(72.0, 60.0, 300.0, "6.2 Field Documentation");
    head.size = 12.0;
    head.bold_chars = head.chars;
    frags.push(head);
    for k in 0..3 {
        frags.push(body(80.0 + 12.0 * k as f32));
    }
    let fields = [
        "char∗ Container::alias",
        "int Container::ctType",
        "char∗ Container::name",
    ];
    let rows = |bold: bool| {
        let mut frags = frags.clone();
        for (k, f) in fields.iter().enumerate() {
            frags.extend(line(
                130.0 + 18.0 * k as f32,
                &format!("6.2.{}", k + 1),
                f,
                bold,
            ));
        }
        for k in 0..3 {
            frags.push(body(200.0 + 12.0 * k as f32));
        }
        frags
    };
    // In the text's weight, numbered rows are a table's (a report's numbered criteria).
    let mut page = layout_page(rows(false), 792.0);
    let mut tables = Vec::new();
    find_tables(&mut page, &mut tables);
    assert_eq!(tables.len(), 1);
    let mut page = layout_page(rows(true), 792.0);
    let mut tables = Vec::new();
    find_tables(&mut page, &mut tables);
    assert!(tables.is_empty());
    // The largest number a part may hold, then its neighbours: no overflow, no run.
    let mut odd = frags.clone();
    for (k, n) in ["1.4294967295", "1.1", "1.2"].iter().enumerate() {
        odd.extend(line(130.0 + 18.0 * k as f32, n, fields[k], true));
    }
    find_tables(&mut layout_page(odd, 792.0), &mut Vec::new());
    assert_eq!(
        titles(&layout_headings(vec![page])),
        [
            "6.2 Field Documentation",
            "6.2.1 char∗ Container::alias",
            "6.2.2 int Container::ctType",
            "6.2.3 char∗ Container::name"
        ]
    );
}

/// The same entries set tight, one line under the other: a declaration wrapped onto a line
/// right of the numbers, or cut by a gap before its closing parenthesis (`( | )`), still
/// leaves a run of sections; each numbered bold line under a bold line is a title of its
/// own, its name in lower case too.
#[test]
fn tight_numbered_declarations_are_titles_of_their_own() {
    let bold = |x0: f32, y: f32, x1: f32, text: &str| {
        let mut f = frag(x0, y, x1, text);
        f.bold_chars = f.chars;
        f
    };
    let body = |y: f32| {
        frag(
            72.0,
            y,
            520.0,
            "The functions of the library are documented below, each under its name.",
        )
    };
    let mut head = bold(72.0, 60.0, 300.0, "7.2 Function Documentation");
    head.size = 12.0;
    let mut frags = vec![head];
    for k in 0..3 {
        frags.push(body(80.0 + 12.0 * k as f32));
    }
    frags.extend([
        bold(72.0, 130.0, 100.0, "7.2.1"),
        bold(
            130.0,
            130.0,
            500.0,
            "trace_return_t gtg_addContainer ( varPrec time,",
        ),
        bold(130.0, 142.0, 250.0, "const char ∗file )"),
        bold(72.0, 154.0, 100.0, "7.2.2"),
        bold(130.0, 154.0, 330.0, "int gtg_bufferedModeActivated ("),
        bold(345.0, 154.0, 350.0, ")"),
        bold(72.0, 166.0, 100.0, "7.2.3"),
        bold(
            130.0,
            166.0,
            360.0,
            "void gtg_setTraceType ( traceType_t type )",
        ),
    ]);
    for k in 0..3 {
        frags.push(body(190.0 + 12.0 * k as f32));
    }
    let mut page = layout_page(frags, 792.0);
    let mut tables = Vec::new();
    find_tables(&mut page, &mut tables);
    assert!(tables.is_empty());
    assert_eq!(
        titles(&layout_headings(vec![page])),
        [
            "7.2 Function Documentation",
            "7.2.1 trace_return_t gtg_addContainer ( varPrec time, const char ∗file )",
            "7.2.2 int gtg_bufferedModeActivated ( )",
            "7.2.3 void gtg_setTraceType ( traceType_t type )"
        ]
    );
}

/// A title printed from a web page with its permalink (`¶`, as Sphinx writes one after each
/// title) is a title, though it names brackets as code would; the same line without the
/// pilcrow is not.
#[test]
fn titles_with_their_permalink_are_titles() {
    let body = "Driver for DevStack, the development stack used to test the cloud.";
    let page = typeset_page(&[
        ("devstack [CloudManagement, NodeDiscover]¶", 12.0, true),
        (body, 10.0, false),
        ("saltcloud [CloudManagement, NodeDiscover]", 12.0, true),
        (body, 10.0, false),
    ]);
    assert_eq!(
        titles(&layout_headings(vec![page])),
        ["devstack [CloudManagement, NodeDiscover]¶"]
    );
}

/// Titles rendered from HTML or a word processor: the document's title stays a heading,
/// a name in lower case set large and bold is one (`clear (t)`), so are a function's
/// signature (`reduce (t, f [, state = next(t)])`), an FAQ's long
/// question or a statement closed by a period, a label in lower case before a title
/// (`a) Purpose`) and a name with digits (`X86`); a lower-case line in body type is not.
#[test]
fn titles_from_html_and_word_processors() {
    // Each title over a paragraph of three lines (four titles in a row over a line or
    // two each are a list of terms).
    let body = "Every function below takes a table and returns a new one, as shown here.";
    let mut lines = Vec::new();
    for (title, size) in [
        ("Moses Reference", 20.0),
        ("clear (t)", 14.0),
        ("reduce (t, f [, state = next(t)])", 14.0),
        (
            "What should I do if I use Rc, Cell, RefCell or other non-Send-and-Sync types?",
            14.0,
        ),
        ("a) Purpose", 12.0),
        ("I want canonical base64 encoding/decoding.", 14.0),
        ("X86", 12.0),
        ("returns the table", 10.0),
    ] {
        lines.push((title, size, size > 10.0));
        lines.extend([(body, 10.0, false); 3]);
    }
    let page = typeset_page(&lines);
    assert_eq!(
        titles(&layout_headings(vec![page])),
        [
            "Moses Reference",
            "clear (t)",
            "reduce (t, f [, state = next(t)])",
            "What should I do if I use Rc, Cell, RefCell or other non-Send-and-Sync types?",
            "a) Purpose",
            "I want canonical base64 encoding/decoding.",
            "X86"
        ]
    );
}

/// A numbered title that wraps under its text (a hanging indent) is one heading.
#[test]
fn a_wrapped_title_hanging_under_its_number_is_one_heading() {
    let line = |x0: f32, y: f32, x1: f32, text: &str, size: f32, bold: bool| {
        let mut f = frag(x0, y, x1, text);
        f.size = size;
        if bold {
            f.bold_chars = text.len() as u32;
        }
        f
    };
    let body = "Use try(), which returns an object of class try-error instead of an error.";
    let page = layout_page(
        vec![
            // The first line ends short of the column's right edge, and the second
            // hangs under the title's text: a new paragraph's indent, in prose.
            line(
                72.0,
                100.0,
                420.0,
                "7.32 How can I capture or ignore errors in a long",
                13.0,
                true,
            ),
            line(105.0, 116.0, 190.0, "simulation?", 13.0, true),
            line(72.0, 140.0, 500.0, body, 10.0, false),
            line(72.0, 152.0, 500.0, body, 10.0, false),
        ],
        792.0,
    );
    assert_eq!(
        titles(&layout_headings(vec![page])),
        ["7.32 How can I capture or ignore errors in a long simulation?"]
    );
}

/// A sentence with a name in smaller monospace has the type of its text: its lines stay
/// one paragraph. A line of code with its line number is code.
#[test]
fn inline_code_does_not_set_the_type_of_a_line() {
    let mut prose = frag(72.0, 100.0, 200.0, "The compat flavor returns a");
    prose.size = 12.0;
    let mut code = frag(
        205.0,
        100.0,
        500.0,
        "simdutf8::compat::Utf8Error::valid_up_to()",
    );
    code.size = 11.0;
    code.mono_chars = code.chars;
    let lines = join_lines(&[prose, code], &[0, 1], (0, 0));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].size, 12.0);
    assert!(!lines[0].mono);

    let mut number = frag(72.0, 100.0, 85.0, "500");
    number.size = 14.0;
    let mut code = frag(90.0, 100.0, 500.0, "{ % end{} part of the listing");
    code.mono_chars = code.chars;
    let lines = join_lines(&[number, code], &[0, 1], (0, 0));
    assert_eq!(lines[0].size, 10.0);
    assert!(lines[0].mono);
}

/// A label of the template in bold body type, repeated under every entry of a reference
/// (`Parameters` five times), heads no section; the same label once does. (Set larger, a
/// repeated title stands: a manual of man pages repeats `SYNOPSIS` and so does its outline.)
#[test]
fn labels_repeated_under_every_entry_are_no_sections() {
    // As a generated reference sets it: the label, then one line on the argument.
    let body = "The function takes a table and returns a new one, as the example shows.";
    let arg = "active if true, activate component recursion, deactivate otherwise";
    let mut lines = vec![("Reference", 16.0, true)];
    lines.extend([(body, 10.0, false); 3]);
    let entry = [
        ("Parameters", 10.0, true),
        (arg, 10.0, false),
        (body, 10.0, false),
        (body, 10.0, false),
    ];
    lines.extend(entry);
    assert_eq!(
        titles(&layout_headings(vec![typeset_page(&lines)])),
        ["Reference", "Parameters"]
    );
    for _ in 0..4 {
        lines.extend(entry);
    }
    assert_eq!(
        titles(&layout_headings(vec![typeset_page(&lines)])),
        ["Reference"]
    );
}

/// The indexes word processors make under their default titles are navigation, not
/// sections: `Index of Tables`, `Table of Figures`, `Alphabetical Index`, and in other
/// languages `Index des illustrations`, `Abbildungsverzeichnis` (a mailing list and a
/// bibliography stay sections).
#[test]
fn word_processor_indexes_are_no_sections() {
    let body = "The plugin maps every blade of the chassis to a resource of its own, as below.";
    let mut lines = Vec::new();
    for title in [
        "Overview",
        "Index of Tables",
        "Table of Figures",
        "Alphabetical Index",
        "Design",
        "Index des illustrations",
        "Abbildungsverzeichnis",
        "Índice de figuras",
        "Stichwortverzeichnis",
        "Lista de correo",
        "Literaturverzeichnis",
    ] {
        lines.push((title, 14.0, true));
        lines.extend([(body, 10.0, false); 3]);
    }
    assert_eq!(
        titles(&layout_headings(vec![typeset_page(&lines)])),
        [
            "Overview",
            "Design",
            "Lista de correo",
            "Literaturverzeichnis"
        ]
    );
}

/// A paper's first page: the title stays a heading; its authors and date, centered in a
/// type no later heading has, do not; the sections after them do.
#[test]
fn authors_under_the_title_are_no_headings() {
    let centered = |y: f32, text: &str, size: f32, bold: bool| {
        let w = text.len() as f32 * size * 0.5;
        let mut f = frag(306.0 - w / 2.0, y, 306.0 + w / 2.0, text);
        f.size = size;
        if bold {
            f.bold_chars = f.chars;
        }
        f
    };
    let body = "The model has a fixed part and a random part for each group of the data set, and";
    let mut first = vec![
        centered(80.0, "An Introduction to Mixed Models", 20.0, true),
        centered(120.0, "Henrik Singmann", 12.0, false),
        centered(140.0, "University of Zurich", 10.0, false),
        centered(170.0, "David Kellen", 12.0, false),
        centered(190.0, "Syracuse University", 10.0, false),
    ];
    let mut second = Vec::new();
    for (page, title) in [
        (&mut first, "Fixed Effects"),
        (&mut second, "Random Effects"),
    ] {
        let y = if page.is_empty() { 80.0 } else { 230.0 };
        let mut h = frag(72.0, y, 200.0, title);
        h.size = 14.0;
        h.bold_chars = h.chars;
        page.push(h);
        for k in 0..8 {
            page.push(frag(72.0, y + 30.0 + 12.0 * k as f32, 540.0, body));
        }
    }
    let pages = vec![layout_page(first, 792.0), layout_page(second, 792.0)];
    assert_eq!(
        titles(&layout_headings(pages)),
        [
            "An Introduction to Mixed Models",
            "Fixed Effects",
            "Random Effects"
        ]
    );
}

/// A line of body text right under a title whose glyph boxes reach deep below it is no
/// subscript of the title: `Name` / `def-constant — Binds a symbol to a constant.` in a
/// DocBook reference page. A short raised or lowered piece still joins its line.
#[test]
fn body_text_under_a_deep_title_is_a_line_of_its_own() {
    let mut title = frag(72.0, 86.8, 119.0, "Name");
    (title.size, title.y0, title.y1) = (17.28, 68.3, 92.1);
    let mut body = frag(
        120.0,
        101.1,
        302.0,
        "def-constant — Binds a symbol to a constant.",
    );
    (body.y0, body.y1) = (90.5, 103.9);
    let lines = join_lines(&[title.clone(), body.clone()], &[0, 1], (0, 0));
    assert_eq!(lines.len(), 2);
    // Higher up, inside the reach of the pass that joins small type sorted apart.
    (body.y0, body.y1, body.base) = (88.0, 101.4, 98.6);
    assert_eq!(join_lines(&[title.clone(), body], &[0, 1], (0, 0)).len(), 2);
    let mut sub = frag(120.0, 95.0, 130.0, "i+1");
    (sub.size, sub.y0, sub.y1) = (10.0, 88.0, 97.0);
    assert_eq!(join_lines(&[title, sub], &[0, 1], (0, 0)).len(), 1);
}

/// A short numbered line over its text, a little further from it than the text's lines are
/// from each other, is a paragraph of its own (OCR tells no bold to part them): `11. MATH
/// EQUATIONS` over `You may want …`. At the text's own step the line goes on into it.
#[test]
fn a_numbered_line_set_apart_over_its_text_is_its_own_paragraph() {
    let text_under = |step: f32| {
        let mut frags = Vec::new();
        let mut y = 100.0;
        for _ in 0..6 {
            frags.push(frag(
                72.0,
                y,
                520.0,
                "Body text of the page, a long line of prose in the body size",
            ));
            y += 12.0;
        }
        frags.push(frag(72.0, y, 300.0, "and the paragraph ends here."));
        y += 16.0;
        frags.push(frag(72.0, y, 200.0, "11. MATH EQUATIONS"));
        y += step;
        for _ in 0..4 {
            frags.push(frag(
                72.0,
                y,
                520.0,
                "You may want to display math equations in three styles",
            ));
            y += 12.0;
        }
        let (text, _, _) = layout_text(&mut [layout_page(frags, 792.0)], &PdfConfig::default());
        text
    };
    let apart = text_under(15.5);
    assert!(
        apart.contains("11. MATH EQUATIONS\n\nYou may want"),
        "{apart}"
    );
    let tight = text_under(12.0);
    assert!(
        tight.contains("11. MATH EQUATIONS\nYou may want"),
        "{tight}"
    );
}

/// List markers set apart from their items (`•`, `1.`, `a)`, a symbol font's bullet)
/// make no table column.
#[test]
fn markers_apart_from_their_items_are_a_list() {
    for m in ["•", "\u{f0b7}", "–", "1.", "12.", "a)", "(iv)"] {
        assert!(marker_cell(m), "{m}");
    }
    for m in ["Name", "x", "2024", "1.2.3 Scope", "+", "/", "%"] {
        assert!(!marker_cell(m), "{m}");
    }
    let item = |y: f32, text: &str| vec![frag(72.0, y, 77.0, "•"), frag(90.0, y, 400.0, text)];
    let mut frags = Vec::new();
    for (k, t) in [
        "Written in pure Rust",
        "No dependencies",
        "No-std support",
        "Fast",
    ]
    .iter()
    .enumerate()
    {
        frags.extend(item(100.0 + 14.0 * k as f32, t));
    }
    let (text, hints, _) = layout_text(&mut [layout_page(frags, 792.0)], &PdfConfig::default());
    assert!(hints.tables.is_empty(), "{text}");
    assert!(text.contains("• Written in pure Rust"), "{text}");
}

/// Accents that fonts draw apart from their letters compose with them when they stand
/// over (or under) them, and only then.
#[test]
fn accents_drawn_apart_compose_with_their_letters() {
    let c = |p: (char, f32, f32), n: (char, f32, f32)| {
        compose_accent(Some(p), n).map(|(k, m)| String::from_iter(std::iter::once(k).chain(m)))
    };
    assert_eq!(
        c(('\u{B4}', 10.0, 14.0), ('e', 10.0, 15.0)),
        Some("é".into())
    );
    assert_eq!(
        c(('\u{A8}', 30.5, 34.5), ('u', 30.0, 35.5)),
        Some("ü".into())
    );
    assert_eq!(
        c(('\u{A8}', 30.5, 34.5), ('U', 30.0, 37.5)),
        Some("Ü".into())
    );
    assert_eq!(
        c(('c', 10.0, 15.0), ('\u{B8}', 11.0, 14.0)),
        Some("ç".into())
    );
    assert_eq!(
        c(('\u{B4}', 10.0, 13.0), ('ı', 10.0, 13.0)),
        Some("í".into())
    );
    assert_eq!(
        c(('\u{2C7}', 10.0, 15.0), ('z', 10.0, 15.0)),
        Some("ž".into())
    );
    assert_eq!(
        c(('\u{2C6}', 10.0, 14.0), ('k', 9.0, 15.0)),
        Some("k\u{302}".into())
    );
    // Apart: an accent before the next letter, a circumflex or tilde in code or text.
    assert_eq!(c(('\u{B4}', 10.0, 14.0), ('e', 16.0, 21.0)), None);
    assert_eq!(c(('^', 10.0, 15.0), ('b', 15.0, 20.0)), None);
    assert_eq!(c(('~', 10.0, 16.0), ('/', 16.0, 19.0)), None);
    // No accent, or no letter.
    assert_eq!(c(('a', 10.0, 15.0), ('b', 11.0, 16.0)), None);
    assert_eq!(c(('\u{FB01}', 10.0, 18.0), ('\u{B8}', 12.0, 15.0)), None);
    assert_eq!(c(('\u{B4}', 10.0, 14.0), ('1', 10.0, 15.0)), None);
    assert_eq!(compose_accent(None, ('e', 10.0, 15.0)), None);
}

/// A glyph drawn twice where it stands (a shadow, bold made by drawing twice) is read
/// once; the same letter a glyph further on, or another letter there, is not a copy.
#[test]
fn a_glyph_drawn_twice_is_read_once() {
    let mut d = Drawn::default();
    assert!(!d.again('U', 100.0, 200.0, 12.0));
    assert!(d.again('U', 100.6, 200.4, 12.0));
    assert!(!d.again('U', 108.0, 200.0, 12.0));
    assert!(!d.again('S', 100.0, 200.0, 12.0));
    assert!(!d.again('U', 100.0, 214.0, 12.0));
    // Large type: the nearness grows with the size.
    assert!(!d.again('N', 50.0, 60.0, 40.0));
    assert!(d.again('N', 56.0, 61.0, 40.0));
    // Sizes whose nearness is a power of two, a shadow right of and below the glyph, or
    // left of and above it.
    for size in [10.0, 20.0, 40.0, 12.0] {
        for (dx, dy) in [(0.6, 0.6), (-0.6, -0.6), (0.6, -0.6)] {
            for k in 0..40 {
                let x = 200.0 + k as f32 * 0.37;
                let mut d = Drawn::default();
                assert!(!d.again('Q', x, 300.0, size));
                assert!(
                    d.again('Q', x + dx, 300.0 + dy, size),
                    "{size} {x} {dx} {dy}"
                );
            }
        }
    }
    // Two glyphs in one cell are both kept: the shadow of the second `l` is found.
    let mut d = Drawn::default();
    assert!(!d.again('l', 100.0, 50.0, 12.0));
    assert!(!d.again('l', 103.3, 50.0, 12.0));
    assert!(d.again('l', 103.5, 50.2, 12.0));
    // Far off the page: never a copy, and no overflow.
    assert!(!d.again('x', 1.0e30, -1.0e30, 12.0));
    assert!(!d.again('x', 1.0e30, -1.0e30, 12.0));
    // Across the edges of the cells positions are kept in.
    assert!(!d.again('E', 7.9, 11.9, 12.0));
    assert!(d.again('E', 8.1, 12.1, 12.0));
    assert!(!d.again('F', 8.1, 12.1, 12.0));
    assert!(d.again('F', 7.9, 11.9, 12.0));
    // Tiny type: a letter 1 pt on is the next glyph.
    assert!(!d.again('l', 10.0, 10.0, 4.0));
    assert!(!d.again('l', 11.0, 10.0, 4.0));
}

#[test]
fn numbered_items_in_body_type_are_not_the_next_chapter() {
    let body = "There are a number of issues to consider when writing out the data.";
    let page = typeset_page(&[
        ("1 Introduction", 17.0, true),
        (body, 10.0, false),
        ("1.2 Export to text files", 12.0, true),
        (body, 10.0, false),
        ("1. Precision", 10.0, true),
        (body, 10.0, false),
        ("2. Header line", 10.0, true),
        (body, 10.0, false),
        ("3. Separator", 10.0, true),
        (body, 10.0, false),
        ("2 Spreadsheet-like data", 17.0, true),
        (body, 10.0, false),
    ]);
    assert_eq!(
        titles(&layout_headings(vec![page])),
        [
            "1 Introduction",
            "1.2 Export to text files",
            "2 Spreadsheet-like data"
        ]
    );
}

/// Bold lines at body size with their text indented under them are the terms of a
/// description list where the page's text stands at their margin; in a document that
/// sets all its text right of its titles they are headings.
#[test]
fn terms_over_indented_text_are_no_headings() {
    let prose = "The window lists every debugged process with the fields below, one row for each.";
    let term = |y: f32, t: &str| {
        let mut f = frag(72.0, y, 72.0 + 6.0 * t.len() as f32, t);
        f.bold_chars = f.chars;
        f
    };
    let page = |text_x: f32| {
        let mut frags = vec![
            frag(text_x, 80.0, 540.0, prose),
            frag(text_x, 92.0, 540.0, prose),
        ];
        let mut y = 120.0;
        for t in ["Status", "Information", "Initial Call"] {
            frags.push(term(y, t));
            for k in 0..3 {
                frags.push(frag(96.0, y + 20.0 + 12.0 * k as f32, 540.0, prose));
            }
            y += 80.0;
        }
        frags.push(frag(text_x, y, 540.0, prose));
        layout_page(frags, 792.0)
    };
    assert!(titles(&layout_headings(vec![page(72.0)])).is_empty());
    assert_eq!(
        titles(&layout_headings(vec![page(96.0)])),
        ["Status", "Information", "Initial Call"]
    );
}

#[test]
fn chapter_titles_alone_on_their_pages_are_headings() {
    let big = |text: &str, y: f32| {
        let mut f = frag(72.0, y, 400.0, text);
        f.size = 17.0;
        f.bold_chars = text.len() as u32;
        f
    };
    let mut first = vec![big("1 Arrays", 80.0)];
    for k in 0..6 {
        first.push(frag(
            72.0,
            130.0 + k as f32 * 12.0,
            540.0,
            "Matrix integrate (const ColumnVector &tout, const ColumnVector &tcrit)",
        ));
    }
    let mut pages = vec![layout_page(first, 792.0)];
    for title in ["2 Error Handling", "3 Installation", "4 Bugs"] {
        pages.push(layout_page(vec![big(title, 80.0)], 792.0));
    }
    pages.push(layout_page(
        vec![
            big("Concept Index", 80.0),
            frag(72.0, 130.0, 300.0, "arrays . . . . . . . . 13"),
            frag(72.0, 142.0, 300.0, "bugs . . . . . . . . 49"),
        ],
        792.0,
    ));
    let headings = layout_headings(pages);
    assert_eq!(
        titles(&headings),
        [
            "1 Arrays",
            "2 Error Handling",
            "3 Installation",
            "4 Bugs",
            "Concept Index"
        ]
    );
}

/// Appendices as LaTeX classes number them, a letter without a dot (`A Research
/// Methods`), in the chapters' type: numbered headings after the numbered chapters. The
/// same shape in bold body type is a title that starts with an article.
#[test]
fn appendix_letters_in_chapter_type_are_numbering() {
    let body = "The study followed the protocol that the previous section describes.";
    let page = typeset_page(&[
        ("1 Introduction", 17.0, true),
        (body, 10.0, false),
        ("1.1 Scope", 12.0, true),
        (body, 10.0, false),
        ("A Game Turn", 10.0, true),
        (body, 10.0, false),
        ("A Research Methods", 17.0, true),
        (body, 10.0, false),
        ("A.1 Part One", 12.0, true),
        (body, 10.0, false),
        ("B Online Resources", 17.0, true),
        (body, 10.0, false),
    ]);
    let headings = layout_headings(vec![page]);
    let numbered: Vec<(u8, &str)> = headings
        .iter()
        .filter(|h| h.source == crate::model::HeadingSource::Numbering)
        .map(|h| (h.level, h.title.as_str()))
        .collect();
    assert_eq!(
        numbered,
        [
            (1, "1 Introduction"),
            (2, "1.1 Scope"),
            (1, "A Research Methods"),
            (2, "A.1 Part One"),
            (1, "B Online Resources"),
        ]
    );
}

#[test]
fn font_names_give_weight_and_family() {
    assert!(font_class("ABCDEF+CMBX12", false, false, false).bold);
    assert!(!font_class("ABCDEF+CMR10", false, false, false).bold);
    assert!(font_class("XYZ+CMTT10", false, false, false).mono);
    assert!(font_class("NimbusMonoPS-Regular", false, false, false).mono);
    assert!(font_class("AYPJHH+NimbusMonL-Regu", false, false, false).mono);
    assert!(font_class("SourceCodePro-Regular", false, false, false).mono);
    assert!(!font_class("NimbusRomNo9L-Medi", false, false, false).mono);
    assert!(font_class("Courier-Bold", false, false, false).bold);
    assert!(font_class("LMRoman10-Bold", false, false, false).bold);
    assert!(font_class("Helvetica-Semibold", false, false, false).bold);
    assert!(!font_class("Helvetica", false, false, false).mono);
    assert!(!font_class("Times-Roman", false, false, false).bold);
}

#[test]
fn ligatures_and_soft_hyphens() {
    let mut s = String::new();
    for c in "e\u{FB03}cient co\u{00AD}operate".chars() {
        push_char(&mut s, c);
    }
    assert_eq!(s, "efficient cooperate");
}

/// A US Letter page of `frags` and `graphics`, without links, as read from a PDF.
#[cfg(feature = "pdf")]
fn letter_page(
    frags: Vec<Frag>,
    graphics: Vec<([f32; 4], crate::extract::mupdf_ffi::Graphic)>,
) -> read::PageText {
    read::PageText {
        frags,
        width: 612.0,
        height: 792.0,
        cut: false,
        graphics,
        links: Vec::new(),
    }
}

fn frag(x0: f32, y: f32, x1: f32, text: &str) -> Frag {
    Frag::plain([x0, y - 8.0, x1, y + 2.0], y, 10.0, text.into())
}

/// Figure regions on a page of body text: a chart (a curve, its frame, tick labels and a
/// legend) becomes one figure fragment holding its labels; a shaded box behind code, a
/// rounded frame round a paragraph, a table's ruled cells and a rule under a title stay
/// text.
#[cfg(feature = "pdf")]
#[test]
fn figures_are_drawings_with_their_labels_not_framed_text() {
    use crate::extract::mupdf_ffi::Graphic;
    let body = |y: f32| {
        frag(
            72.0,
            y,
            520.0,
            "Body text of the page, a long line of prose in the body size.",
        )
    };
    let mut frags: Vec<Frag> = (0..10).map(|k| body(80.0 + 12.0 * k as f32)).collect();
    // A chart: its curve, its frame, five tick labels and a legend.
    let chart = [150.0, 220.0, 450.0, 380.0];
    for (k, t) in ["0", "10", "20", "30", "40"].iter().enumerate() {
        frags.push(frag(140.0, 230.0 + 35.0 * k as f32, 148.0, t));
    }
    frags.push(frag(380.0, 240.0, 440.0, "measured"));
    // Shaded code: two lines on a filled rectangle.
    let code = [72.0, 420.0, 520.0, 450.0];
    frags.push(frag(80.0, 432.0, 200.0, "let x = 1;"));
    frags.push(frag(80.0, 444.0, 200.0, "let y = x;"));
    // A paragraph in a rounded frame (a path, not a rectangle).
    let framed = [72.0, 470.0, 520.0, 520.0];
    frags.push(frag(80.0, 485.0, 300.0, "Note: framed."));
    frags.push(frag(80.0, 500.0, 300.0, "Still framed."));
    // Table cells ruled as rectangles, a rule under a title.
    let mut graphics = vec![
        (chart, Graphic::Rectangle),
        ([160.0, 230.0, 440.0, 370.0], Graphic::Path),
        (code, Graphic::Rectangle),
        (framed, Graphic::Path),
        ([72.0, 70.0, 520.0, 70.5], Graphic::Rectangle),
    ];
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = (100.0 + 100.0 * col as f32, 560.0 + 20.0 * row as f32);
            graphics.push(([x, y, x + 100.0, y + 20.0], Graphic::Rectangle));
            frags.push(frag(x + 5.0, y + 14.0, x + 60.0, "cell"));
        }
    }
    let n = frags.len();
    let mut p = letter_page(frags, graphics);
    figures(&mut p);
    let figs: Vec<&Frag> = p.frags.iter().filter(|f| f.figure).collect();
    assert_eq!(figs.len(), 1, "{figs:?}");
    assert_eq!([figs[0].x0, figs[0].y0, figs[0].x1, figs[0].y1], chart);
    // The labels inside the frame went into the figure; those left of it stayed.
    assert_eq!(figs[0].text, "measured");
    assert_eq!(p.frags.len(), n);
    // A page without drawings keeps its text as it is.
    let mut plain = letter_page(vec![body(100.0)], Vec::new());
    figures(&mut plain);
    assert!(!plain.frags[0].figure);
}

/// Words with a rule right under them, as wide as they are, count as bold (a word
/// processor's underlined title); a link's underline, coloured words, a table's rules and
/// a rule under a whole band do not.
#[cfg(feature = "pdf")]
#[test]
fn underlined_words_count_as_bold() {
    use crate::extract::mupdf_ffi::Graphic;
    // `frag` sets a 10 pt fragment on baseline `y`: its underline lies 1.5 pt below.
    let rule = |x0: f32, y: f32, x1: f32| ([x0, y + 1.0, x1, y + 2.0], Graphic::Rectangle);
    let frags = vec![
        frag(72.0, 100.0, 140.0, "Summary"),
        frag(72.0, 200.0, 250.0, "See the project page"),
        frag(72.0, 300.0, 180.0, "Blue words"),
        frag(72.0, 400.0, 160.0, "Name"),
        frag(72.0, 420.0, 160.0, "Value"),
        frag(72.0, 500.0, 140.0, "Overview"),
        frag(72.0, 600.0, 140.0, "Plain"),
    ];
    let graphics = vec![
        rule(72.0, 100.0, 141.0),
        rule(72.0, 200.0, 250.0),
        rule(72.0, 300.0, 180.0),
        // A table's rows: rules with the same ends.
        rule(70.0, 400.0, 162.0),
        rule(70.0, 420.0, 162.0),
        // A rule under a band across the page.
        rule(72.0, 500.0, 540.0),
    ];
    let mut p = read::PageText {
        links: vec![[70.0, 190.0, 252.0, 203.0]],
        ..letter_page(frags, graphics)
    };
    p.frags[2].colored_chars = p.frags[2].chars;
    underlines(&mut p);
    let bold: Vec<&str> = p
        .frags
        .iter()
        .filter(|f| f.bold_chars == f.chars)
        .map(|f| f.text.as_str())
        .collect();
    assert_eq!(bold, ["Summary"]);
}

/// An OCR line lies on the page's own text when its fragments together cover half of it:
/// a stamp the text layer sets as two fragments is not read twice.
#[test]
fn an_ocr_line_over_text_split_in_two_fragments_lies_on_it() {
    let line = [100.0, 50.0, 300.0, 62.0];
    let halves = [
        frag(100.0, 60.0, 190.0, "File"),
        frag(200.0, 60.0, 300.0, "2024/123"),
    ];
    assert!(on_text(&line, &halves));
    assert!(!on_text(&line, &halves[..1]));
    assert!(!on_text(&line, &[frag(100.0, 200.0, 300.0, "elsewhere")]));
}

/// Each figure rule alone, on a page of body text: one drawing per case, and whether it
/// becomes a figure.
#[cfg(feature = "pdf")]
#[test]
fn each_figure_rule_on_its_own() {
    use crate::extract::mupdf_ffi::Graphic;
    let body: Vec<Frag> = (0..10)
        .map(|k| {
            frag(
                72.0,
                80.0 + 12.0 * k as f32,
                520.0,
                "Body text of the page, a long line of prose in the body size.",
            )
        })
        .collect();
    let path = |b: [f32; 4]| (b, Graphic::Path);
    let rect = |b: [f32; 4]| (b, Graphic::Rectangle);
    let image = |b: [f32; 4]| (b, Graphic::Image);
    let label = |x: f32, y: f32, t: &str| frag(x, y, x + 6.0 * t.len() as f32, t);
    // Boxes 25 × 35 pt, 5 pt apart: each smaller than a drawing, together one.
    let boxes = |n: usize| {
        (0..n)
            .map(|k| {
                let x = 150.0 + 30.0 * k as f32;
                rect([x, 250.0, x + 25.0, 285.0])
            })
            .collect::<Vec<_>>()
    };
    let area = [150.0, 250.0, 450.0, 400.0];
    let mono = {
        let mut f = label(200.0, 300.0, "x = f(y)");
        f.mono_chars = f.chars;
        f
    };
    let big = Frag {
        size: 14.0,
        ..label(200.0, 300.0, "Axis")
    };
    let diagram: Vec<Frag> = ["Application", "Session Queue", "Plugin", "Event Log"]
        .iter()
        .enumerate()
        .map(|(k, t)| Frag {
            size: 12.0,
            ..label(200.0 + 40.0 * k as f32, 300.0 + 25.0 * k as f32, t)
        })
        .collect();
    // A table ruled as rectangles round its cells, with a small picture in one of them.
    let mut table = Vec::new();
    let mut cells = Vec::new();
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = (150.0 + 100.0 * col as f32, 250.0 + 40.0 * row as f32);
            table.push(rect([x, y, x + 100.0, y + 40.0]));
            // (Set at no shared left edge: not flush text.)
            cells.push(label(x + 4.0 + 7.0 * row as f32, y + 12.0, "cell words"));
        }
    }
    table.push(image([360.0, 262.0, 380.0, 282.0]));
    let flush: Vec<Frag> = (0..4)
        .map(|k| label(250.0, 300.0 + 14.0 * k as f32, "words set on lines"))
        .collect();
    type Drawing = Vec<([f32; 4], Graphic)>;
    let cases: Vec<(&str, Drawing, Vec<Frag>, bool)> = vec![
        (
            "a curve with a label",
            vec![path(area)],
            vec![label(200.0, 300.0, "rate")],
            true,
        ),
        ("a picture", vec![image(area)], vec![], true),
        (
            "a picture too small",
            vec![image([150.0, 250.0, 180.0, 270.0])],
            vec![],
            false,
        ),
        (
            "three small boxes side by side (a diagram)",
            boxes(3),
            vec![],
            true,
        ),
        ("two small boxes", boxes(2), vec![], false),
        ("one large empty box", vec![rect(area)], vec![], true),
        (
            "a rule",
            vec![rect([72.0, 250.0, 520.0, 251.0])],
            vec![],
            false,
        ),
        (
            "the page's background",
            vec![rect([0.0, 0.0, 612.0, 792.0])],
            vec![],
            false,
        ),
        (
            "a sentence inside a curve's box",
            vec![path(area)],
            vec![label(
                160.0,
                300.0,
                "A sentence of prose set inside the drawing's box, long.",
            )],
            false,
        ),
        (
            "a label larger than the body",
            vec![path(area)],
            vec![big],
            false,
        ),
        (
            "four labels a little larger than the body (a diagram's boxes)",
            vec![path(area)],
            diagram.clone(),
            true,
        ),
        (
            "one label a little larger than the body",
            vec![path(area)],
            diagram[..1].to_vec(),
            false,
        ),
        ("monospaced text", vec![path(area)], vec![mono], false),
        (
            "text over a quarter of the box",
            vec![path(area)],
            vec![Frag::plain(
                [155.0, 255.0, 445.0, 300.0],
                300.0,
                10.0,
                "Title".into(),
            )],
            false,
        ),
        (
            "lines flush at one left edge, away from the corner",
            vec![path(area)],
            flush,
            false,
        ),
        (
            "a ruled table with a small picture in a cell",
            table,
            cells,
            false,
        ),
    ];
    for (what, graphics, labels, figure) in cases {
        let mut p = letter_page(body.iter().cloned().chain(labels).collect(), graphics);
        figures(&mut p);
        let found = p.frags.iter().filter(|f| f.figure).count();
        assert_eq!(found, usize::from(figure), "{what}");
    }
}

/// A chapter opening set as GAPDoc sets it: the title right-aligned on three lines and the
/// chapter number as one glyph nine times the body size at the left, on the baseline of
/// the title's last line (geometry read off a real manual's page).
#[test]
fn a_display_chapter_number_leads_its_wrapped_title() {
    let big = |x0: f32, y0: f32, x1: f32, y1: f32, base: f32, size: f32, text: &str| Frag {
        y0,
        y1,
        base,
        size,
        bold_chars: text.len() as u32,
        ..frag(x0, base, x1, text)
    };
    let mut frags = vec![
        big(340.1, 71.8, 538.2, 105.5, 97.7, 35.9, "The Almost"),
        big(254.9, 115.6, 538.3, 149.3, 141.5, 35.9, "Crystallographic"),
        big(64.8, 116.3, 118.0, 206.1, 185.4, 95.6, "1"),
        big(256.1, 159.5, 538.2, 193.1, 185.4, 35.9, "Groups Package"),
    ];
    for k in 0..12 {
        let y = 245.0 + k as f32 * 12.0;
        frags.push(frag(
            72.0,
            y,
            538.0,
            "a line of the chapter's first paragraph",
        ));
    }
    let mut pages = vec![layout_page(frags, 792.0)];
    let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
    let first = out.lines().next().unwrap();
    assert_eq!(first, "1 The Almost Crystallographic Groups Package");
    // The line carries the title's type, not the glyph's.
    let h = hints.lines[0].as_ref().unwrap();
    assert!((h.typography.size_ratio - 3.59).abs() < 0.01, "{h:?}");
    assert_eq!(out.matches("Crystallographic").count(), 1);
}

#[test]
fn two_columns_read_left_then_right() {
    let mut frags = vec![frag(72.0, 60.0, 540.0, "A Title Across Both Columns")];
    for k in 0..20 {
        let y = 100.0 + k as f32 * 12.0;
        frags.push(frag(
            72.0,
            y,
            295.0,
            &format!("left {k} of a column of running text"),
        ));
        frags.push(frag(
            317.0,
            y,
            540.0,
            &format!("right {k} of a column of running text"),
        ));
    }
    let p = layout_page(frags, 792.0);
    let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts[0], "A Title Across Both Columns");
    assert_eq!(texts[1], "left 0 of a column of running text");
    assert_eq!(texts[20], "left 19 of a column of running text");
    assert_eq!(texts[21], "right 0 of a column of running text");
    assert_eq!(texts.len(), 41);
}

/// A title block of short lines centred over two columns (title, subtitle, author, date)
/// leaves the gutter open, and a column's line that overruns the gutter by a word, beside
/// the other column's lines, stays in its column: the page still reads left column, then
/// right.
#[test]
fn a_title_block_and_an_overfull_line_keep_two_columns() {
    let mut frags: Vec<Frag> = ["The Tutorial", "A short guide", "An Author", "May 2022"]
        .iter()
        .enumerate()
        .map(|(k, t)| frag(256.0, 40.0 + k as f32 * 14.0, 356.0, t))
        .collect();
    for k in 0..20 {
        let y = 100.0 + k as f32 * 12.0;
        // The left column's line 10 runs 3 pt past the gutter; the right column's lines
        // 9 to 11 are indented beside it.
        let (x1, x0) = match k {
            10 => (320.0, 332.0),
            9 | 11 => (295.0, 332.0),
            _ => (295.0, 317.0),
        };
        frags.push(frag(
            72.0,
            y,
            x1,
            &format!("left {k} of a column of running text"),
        ));
        frags.push(frag(
            x0,
            y,
            540.0,
            &format!("right {k} of a column of running text"),
        ));
    }
    let p = layout_page(frags, 792.0);
    let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    let mut want = vec!["The Tutorial", "A short guide", "An Author", "May 2022"];
    let left: Vec<String> = (0..20)
        .map(|k| format!("left {k} of a column of running text"))
        .collect();
    let right: Vec<String> = (0..20)
        .map(|k| format!("right {k} of a column of running text"))
        .collect();
    want.extend(left.iter().map(String::as_str));
    want.extend(right.iter().map(String::as_str));
    assert_eq!(texts, want);
}

/// A column that holds a chart or a table (short labels on their own baselines) beside a
/// column of prose is still a column: the page reads down the left column, labels and
/// all, then down the right, and no line joins a label to the prose beside it.
#[test]
fn a_chart_in_one_column_beside_prose_keeps_two_columns() {
    let mut frags = Vec::new();
    for k in 0..24 {
        let y = 100.0 + k as f32 * 12.0;
        frags.push(frag(
            317.0,
            y,
            540.0,
            &format!("right {k} of a column of running text"),
        ));
    }
    // The chart's labels: a grid of short cells on baselines 7 pt off the prose's.
    let mut labels = Vec::new();
    for row in 0..8 {
        for c in 0..4 {
            let x = 80.0 + c as f32 * 50.0 + (row % 2) as f32 * 10.0;
            let t = format!("{}{}", (b'A' + c as u8) as char, row);
            frags.push(frag(x, 107.0 + row as f32 * 36.0, x + 14.0, &t));
            labels.push(t);
        }
    }
    let p = layout_page(frags, 792.0);
    let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    let first_prose = texts.iter().position(|t| t.starts_with("right")).unwrap();
    for l in &labels {
        let at = texts.iter().position(|t| t.split(' ').any(|w| w == l));
        assert!(at.is_some_and(|i| i < first_prose), "{l} in {texts:?}");
    }
    assert!(texts[first_prose..].iter().all(|t| t.starts_with("right")));
}

/// The same chart beside the same prose, with a wide line drawn across the gap between
/// them: a chart and prose under one line that spans both are one flow of a page with a
/// figure in it, not two columns; the same line set inside the prose's column leaves them
/// two.
#[test]
fn a_wide_line_across_a_weak_columns_gap_keeps_one_flow() {
    let page = |wide: (f32, f32)| {
        let mut frags = Vec::new();
        for k in 0..24 {
            let y = 100.0 + k as f32 * 12.0;
            frags.push(frag(
                317.0,
                y,
                540.0,
                &format!("right {k} of a column of running text"),
            ));
        }
        for row in 0..8 {
            for c in 0..4 {
                let x = 80.0 + c as f32 * 50.0 + (row % 2) as f32 * 10.0;
                let t = format!("{}{}", (b'A' + c as u8) as char, row);
                frags.push(frag(x, 107.0 + row as f32 * 36.0, x + 14.0, &t));
            }
        }
        frags.push(frag(
            wide.0,
            420.0,
            wide.1,
            "a wide line of text drawn at the foot of the page",
        ));
        frags
    };
    let crossing = page((80.0, 540.0));
    assert_eq!(gutters(&crossing, &lone_rows(&crossing)), []);
    let beside = page((320.0, 540.0));
    assert_eq!(gutters(&beside, &lone_rows(&beside)).len(), 1);
}

/// A table of names, each on the baseline of its description's first line, is no column
/// beside a column of prose however full the descriptions are: each name stays on the
/// row of its description.
#[test]
fn names_beside_their_descriptions_stay_rows() {
    let mut frags = Vec::new();
    for k in 0..8 {
        let y = 100.0 + k as f32 * 40.0;
        frags.push(frag(
            80.0,
            y,
            80.0 + 10.0 * (3 + k % 4) as f32,
            &format!("name{k}"),
        ));
        for j in 0..3 {
            frags.push(frag(
                317.0,
                y + j as f32 * 12.0,
                540.0,
                &format!("description {k} line {j} of wrapped text"),
            ));
        }
    }
    let p = layout_page(frags, 792.0);
    let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    for k in 0..8 {
        let row = format!("name{k} description {k} line 0");
        assert!(
            texts.iter().any(|t| t.starts_with(&row)),
            "{row} in {texts:?}"
        );
    }
}

/// A column of code is no column of prose: a grammar's names on the left, each beside its
/// definition set in monospace on the right (a little off its baseline), reads as rows,
/// each name before its definition.
#[test]
fn names_beside_code_stay_rows() {
    let mut frags = Vec::new();
    for k in 0..8 {
        let y = 100.0 + k as f32 * 40.0;
        frags.push(frag(80.0, y + 3.0, 150.0, &format!("Name{k} ::=")));
        for j in 0..3 {
            let mut f = frag(
                317.0,
                y + j as f32 * 12.0,
                540.0,
                &format!("def{k}_{j} \"(\" Union | Atom \":\" Type \")\" | Other"),
            );
            f.mono_chars = f.chars;
            frags.push(f);
        }
    }
    let p = layout_page(frags, 792.0);
    let texts: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
    for k in 0..8 {
        let name = texts.iter().position(|t| t.contains(&format!("Name{k} ")));
        let def = texts.iter().position(|t| t.contains(&format!("def{k}_0 ")));
        let next = texts.iter().position(|t| t.contains(&format!("def{k}_2 ")));
        assert!(
            name.is_some_and(|n| def.is_some_and(|d| n <= d) && next.is_some_and(|x| n <= x)),
            "Name{k} in {texts:?}"
        );
        if k > 0 {
            let prev = texts
                .iter()
                .position(|t| t.contains(&format!("def{}_2 ", k - 1)));
            assert!(name > prev, "Name{k} after def{} in {texts:?}", k - 1);
        }
    }
}

/// Two columns of short items whose lines pair one to one on the same baselines (names
/// and versions, names and licences) are a table's columns, not columns of text, however
/// full they are: the page is one flow, each line a row of two cells.
#[test]
fn a_grid_of_short_items_is_a_table_not_two_columns() {
    let mut frags = vec![frag(
        72.0,
        60.0,
        540.0,
        "Dependencies used by the crate and the licences they are under",
    )];
    for k in 0..20 {
        let y = 100.0 + k as f32 * 14.0;
        frags.push(frag(
            72.0,
            y,
            200.0 + (k % 3) as f32 * 10.0,
            &format!("crate_{k} 0.{k}.1"),
        ));
        frags.push(frag(
            270.0,
            y,
            460.0 + (k % 4) as f32 * 20.0,
            "Apache-2.0 OR MIT",
        ));
    }
    let narrow: Vec<&Frag> = frags[1..].iter().collect();
    assert!(table_grid(&narrow, 72.0, (230.0, 270.0), 540.0));
    let p = layout_page(frags, 792.0);
    assert!(p.lines.iter().all(|l| l.flow == (0, 0)));
    assert_eq!(p.lines.len(), 21);
    assert_eq!(table_row(&p.lines[3]), "crate_2 0.2.1 | Apache-2.0 OR MIT");
}

/// A table row's cells at height `y`: `(x0, x1, text)` each.
type Row<'a> = (f32, &'a [(f32, f32, &'a str)]);
type OwnedRow = (f32, Vec<(f32, f32, &'static str)>);

/// A page of prose over a table.
fn table_page(rows: &[Row]) -> (Page, Vec<TableShape>) {
    ruled_table_page(rows, &[])
}

/// A page of prose over a table, with rules drawn across the page at heights `rules`.
fn ruled_table_page(rows: &[Row], rules: &[f32]) -> (Page, Vec<TableShape>) {
    let mut tables = Vec::new();
    let mut p = tables_on_page(rows, rules, 40.0, &mut tables);
    p.lines.retain(|l| l.table.is_some());
    (p, tables)
}

/// The table lines of `p`, each as its row's text.
fn table_rows(p: &Page) -> Vec<String> {
    p.lines
        .iter()
        .filter(|l| l.table.is_some())
        .map(table_row)
        .collect()
}

/// A page of prose (from height `prose`: over the table at 200, or under it) and a table,
/// its tables found (added to `tables`).
fn tables_on_page(rows: &[Row], rules: &[f32], prose: f32, tables: &mut Vec<TableShape>) -> Page {
    let mut frags: Vec<Frag> = (0..10)
        .map(|k| {
            frag(
                72.0,
                prose + k as f32 * 12.0,
                450.0,
                "a full line of prose text over the table below",
            )
        })
        .collect();
    for (y, cells) in rows {
        for &(x0, x1, t) in cells.iter() {
            // `**` before a cell's text sets it in bold.
            let (t, bold) = t.strip_prefix("**").map_or((t, false), |t| (t, true));
            let mut f = frag(x0, 200.0 + y, x1, t);
            if bold {
                f.bold_chars = f.chars;
            }
            frags.push(f);
        }
    }
    let mut p = layout_page(frags, 792.0);
    p.rules = rules
        .iter()
        .map(|y| [70.0, 200.0 + y, 545.0, 200.5 + y])
        .collect();
    find_tables(&mut p, tables);
    p
}

/// The end of a row that a page break cut, under the header repeated at the top of the
/// next page, joins the row it ends; a row that leaves the first column empty under a
/// one-word cell (`armel | wheezy` under `Debian | i386/amd64`) does not, nor do the rows
/// after it.
#[test]
fn a_row_cut_by_a_page_break_joins_again() {
    let header: Row = (
        0.0,
        &[
            (72.0, 110.0, "Name"),
            (200.0, 240.0, "Default"),
            (300.0, 450.0, "Description of the setting"),
        ],
    );
    let first: [Row; 4] = [
        header,
        (
            14.0,
            &[
                (72.0, 100.0, "opt_1"),
                (200.0, 212.0, "7"),
                (300.0, 400.0, "First one."),
            ],
        ),
        (
            28.0,
            &[
                (72.0, 100.0, "opt_2"),
                (200.0, 212.0, "14"),
                (300.0, 448.0, "Another description that"),
            ],
        ),
        (40.0, &[(300.0, 449.0, "wraps onto a line and")]),
    ];
    let next: [Row; 4] = [
        header,
        (18.0, &[(300.0, 420.0, "goes on to the next page.")]),
        (
            32.0,
            &[
                (72.0, 100.0, "opt_3"),
                (200.0, 212.0, "21"),
                (300.0, 340.0, "Third."),
            ],
        ),
        (
            46.0,
            &[
                (72.0, 100.0, "opt_4"),
                (200.0, 212.0, "28"),
                (300.0, 340.0, "Fourth."),
            ],
        ),
    ];
    let mut tables = Vec::new();
    let mut pages = [
        tables_on_page(&first, &[], 40.0, &mut tables),
        tables_on_page(&next, &[], 400.0, &mut tables),
    ];
    join_rows_across_pages(&mut pages, &mut tables);
    assert_eq!(
        table_rows(&pages[0])[2],
        "opt_2 | 14 | Another description that wraps onto a line and goes on to the next page."
    );
    assert_eq!(table_rows(&pages[1]).len(), 3);
    assert_eq!(tables[1].rows, 3);

    // Under a one-word cell the line is a row of its own.
    let first: [Row; 4] = [
        (
            0.0,
            &[
                (72.0, 110.0, "OS"),
                (200.0, 240.0, "CPU"),
                (300.0, 450.0, "Versions of it"),
            ],
        ),
        (
            14.0,
            &[
                (72.0, 110.0, "Ubuntu"),
                (200.0, 240.0, "amd64"),
                (300.0, 400.0, "lucid"),
            ],
        ),
        (
            28.0,
            &[
                (72.0, 110.0, "Debian"),
                (200.0, 240.0, "i386/amd64"),
                (300.0, 448.0, "squeeze and wheezy and"),
            ],
        ),
        (
            42.0,
            &[
                (72.0, 110.0, "Fedora"),
                (200.0, 240.0, "x86"),
                (300.0, 400.0, "many"),
            ],
        ),
    ];
    let next: [Row; 4] = [
        first[0],
        (18.0, &[(200.0, 230.0, "armel"), (300.0, 340.0, "wheezy")]),
        (32.0, &[(200.0, 230.0, "mips"), (300.0, 340.0, "jessie")]),
        (
            46.0,
            &[
                (72.0, 110.0, "Arch"),
                (200.0, 212.0, "x86"),
                (300.0, 340.0, "rolling"),
            ],
        ),
    ];
    let mut tables = Vec::new();
    let mut pages = [
        tables_on_page(&first, &[], 40.0, &mut tables),
        tables_on_page(&next, &[], 400.0, &mut tables),
    ];
    join_rows_across_pages(&mut pages, &mut tables);
    assert_eq!(table_rows(&pages[0])[3], "Fedora | x86 | many");
    assert_eq!(table_rows(&pages[1]).len(), 4);
}

/// Bulleted items right under a table, their bullets set apart by a tab, are a list after
/// it, not rows of it; numbered rows (`1. | Ada`) stay rows.
#[test]
fn a_bulleted_list_under_a_table_is_no_part_of_it() {
    let (p, tables) = table_page(&[
        (0.0, &[(72.0, 110.0, "No."), (200.0, 240.0, "Name")]),
        (14.0, &[(72.0, 82.0, "1."), (200.0, 240.0, "Ada")]),
        (28.0, &[(72.0, 82.0, "2."), (200.0, 240.0, "Grace")]),
        (
            42.0,
            &[(72.0, 78.0, "•"), (90.0, 250.0, "First task of the list")],
        ),
        (56.0, &[(72.0, 78.0, "•"), (90.0, 200.0, "Second task")]),
    ]);
    assert_eq!(row_texts(&p), ["No. | Name", "1. | Ada", "2. | Grace"]);
    assert_eq!((tables.len(), tables[0].rows), (1, 3));
}

/// A rule under a table's first row, and under no other, marks it the header (a word
/// processor's table, booktabs' `\midrule`); a rule under every row says nothing.
#[test]
fn a_rule_under_the_first_row_makes_it_the_header() {
    let rows: [Row; 4] = [
        (0.0, &[(72.0, 110.0, "Name"), (200.0, 240.0, "Place")]),
        (14.0, &[(72.0, 110.0, "Ada"), (200.0, 240.0, "London")]),
        (28.0, &[(72.0, 110.0, "Grace"), (200.0, 240.0, "Arlington")]),
        (42.0, &[(72.0, 110.0, "Edsger"), (200.0, 240.0, "Nuenen")]),
    ];
    let header = |rules: &[f32]| ruled_table_page(&rows, rules).1[0].header_rows;
    assert_eq!(header(&[]), 0);
    assert_eq!(header(&[-10.0, 6.0, 48.0]), 1);
    assert_eq!(header(&[6.0, 20.0, 34.0]), 0);
    // A short rule under one cell is no border of the table.
    let (p, _) = ruled_table_page(&rows, &[]);
    let lines: Vec<&VLine> = p.lines.iter().collect();
    assert!(ruled_header(&lines, &[[72.0, 206.0, 240.0, 206.5]]));
    assert!(!ruled_header(&lines, &[[72.0, 206.0, 100.0, 206.5]]));
}

fn row_texts(p: &Page) -> Vec<String> {
    p.lines
        .iter()
        .map(|l| {
            if l.cells.len() >= 2 {
                table_row(l)
            } else {
                l.text.clone()
            }
        })
        .collect()
}

/// A cell that wraps goes on in its column on the lines under its row's first line; they
/// join the row, so that a row is one line of cells. A row that leaves the first column
/// empty under a one-word cell, and a label centred across the table, stay rows; a first
/// cell that wraps joins its row when a column the row filled stays empty.
#[test]
fn wrapped_cells_join_their_row() {
    let (p, tables) = table_page(&[
        (
            0.0,
            &[
                (72.0, 110.0, "Option"),
                (200.0, 240.0, "Default"),
                (300.0, 360.0, "Description"),
            ],
        ),
        (
            12.0,
            &[
                (72.0, 130.0, "max_tokens"),
                (200.0, 215.0, "512"),
                (300.0, 450.0, "The largest number of tokens a"),
            ],
        ),
        (24.0, &[(300.0, 445.0, "chunk may hold before it is")]),
        (36.0, &[(300.0, 320.0, "cut.")]),
        (
            48.0,
            &[
                (72.0, 110.0, "overlap"),
                (200.0, 212.0, "64"),
                (300.0, 440.0, "Tokens shared by two windows"),
                (460.0, 540.0, "See chunking"),
            ],
        ),
        (
            60.0,
            &[(300.0, 380.0, "of one section."), (460.0, 500.0, "below.")],
        ),
        (
            72.0,
            &[
                (72.0, 110.0, "threads"),
                (200.0, 215.0, "all"),
                (300.0, 440.0, "Worker threads of the pool"),
            ],
        ),
        (
            84.0,
            &[
                (200.0, 230.0, "cores"),
                (300.0, 440.0, "Shared by both runs of a"),
            ],
        ),
        (96.0, &[(350.0, 400.0, "General")]),
        (
            108.0,
            &[
                (72.0, 110.0, "Polaric Energy"),
                (200.0, 206.0, "6"),
                (300.0, 440.0, "Produces a stream of"),
            ],
        ),
        (
            120.0,
            &[
                (72.0, 100.0, "Cannon"),
                (300.0, 400.0, "polaric projectiles."),
            ],
        ),
    ]);
    assert_eq!(
        row_texts(&p),
        [
            "Option | Default | Description",
            "max_tokens | 512 | The largest number of tokens a chunk may hold before it is cut.",
            "overlap | 64 | Tokens shared by two windows of one section. | See chunking below.",
            "threads | all | Worker threads of the pool",
            "cores | Shared by both runs of a",
            "General",
            // The first cell wraps too, the second column left empty under its `6`.
            "Polaric Energy Cannon | 6 | Produces a stream of polaric projectiles.",
        ]
    );
    assert_eq!(
        (tables.len(), tables[0].rows, tables[0].header_rows),
        (1, 7, 1)
    );
    // A joined row covers its lines.
    assert!(p.lines[1].y1 > 200.0 + 36.0);
}

/// A header cell wrapped onto two lines, its top line alone over the header's other cells
/// (`CPU Target` over `Feature`, LibreOffice setting the header at the bottom of its
/// cells): the top reaches further right than any other cell of its column, short of the
/// next, and joins the header.
#[test]
fn a_header_top_of_words_wider_than_its_column_joins_the_header() {
    let mut tables = Vec::new();
    let p = tables_on_page(
        &[
            (0.0, &[(166.0, 222.0, "CPU Target")]),
            (
                12.0,
                &[
                    (72.0, 134.0, "Architecture"),
                    (166.0, 204.0, "Feature"),
                    (260.0, 290.0, "Notes"),
                ],
            ),
            (
                30.0,
                &[
                    (72.0, 130.0, "x86/x86_64"),
                    (166.0, 186.0, "f16c"),
                    (260.0, 520.0, "This supports conversion to f16 only"),
                ],
            ),
            (
                48.0,
                &[
                    (72.0, 110.0, "aarch64"),
                    (166.0, 190.0, "fp16"),
                    (260.0, 480.0, "This supports all operations on f16"),
                ],
            ),
            (
                66.0,
                &[
                    (72.0, 130.0, "loongarch64"),
                    (166.0, 182.0, "lsx"),
                    (260.0, 500.0, "Nightly only: conversion to f16"),
                ],
            ),
        ],
        &[],
        600.0,
        &mut tables,
    );
    let rows = table_rows(&p);
    assert_eq!(rows[0], "Architecture | CPU Target Feature | Notes");
    assert_eq!((rows.len(), tables[0].header_rows), (4, 1));
}

/// A header set at the bottom of its cells whose first cell is a word broken at the
/// column's edge (`Benchmar` over `k`): the top reaches further than the column's other
/// cells and still joins the header.
#[test]
fn a_header_top_broken_at_its_column_edge_joins_the_header() {
    let mut tables = Vec::new();
    let p = tables_on_page(
        &[
            (0.0, &[(72.0, 134.4, "Benchmar")]),
            (
                12.0,
                &[
                    (72.0, 79.4, "k"),
                    (166.0, 204.0, "Lower"),
                    (238.0, 292.0, "Estimate"),
                ],
            ),
            (
                30.0,
                &[
                    (72.0, 114.0, "qrcode"),
                    (154.0, 217.0, "1.1646 ms"),
                    (233.0, 296.0, "1.1717 ms"),
                ],
            ),
            (
                48.0,
                &[
                    (72.0, 110.0, "fast_qr"),
                    (154.0, 217.0, "113.58 µs"),
                    (233.0, 296.0, "113.95 µs"),
                ],
            ),
            (
                66.0,
                &[
                    (72.0, 105.0, "other"),
                    (154.0, 217.0, "4.8396 ms"),
                    (233.0, 296.0, "4.8459 ms"),
                ],
            ),
        ],
        &[],
        400.0,
        &mut tables,
    );
    let rows = table_rows(&p);
    assert_eq!(rows[0], "Benchmar k | Lower | Estimate");
    assert_eq!((rows.len(), tables[0].header_rows), (4, 1));
    assert!(!p.lines.iter().any(|l| l.text == "Benchmar"));
}

/// A word a column broke inside a line of several joins the next line with no space when
/// the page writes the whole word elsewhere, unless the first part is a word of its own
/// there too (`with` / `in`, where the page writes `within`).
#[test]
fn a_word_broken_inside_a_line_joins_when_the_page_writes_it_whole() {
    let mut tables = Vec::new();
    let p = tables_on_page(
        &[
            (0.0, &[(72.0, 120.0, "Trait"), (200.0, 250.0, "Notes")]),
            (
                18.0,
                &[
                    (72.0, 120.0, "Show"),
                    (200.0, 330.0, "Implements std::fmt::Displ"),
                ],
            ),
            (30.0, &[(200.0, 260.0, "ay for output")]),
            (
                48.0,
                &[
                    (72.0, 120.0, "Print"),
                    (200.0, 320.0, "Uses std::fmt::Display too"),
                ],
            ),
            (
                66.0,
                &[(72.0, 120.0, "Scope"), (200.0, 330.0, "Appears with")],
            ),
            (78.0, &[(200.0, 250.0, "in a unit")]),
            (
                96.0,
                &[
                    (72.0, 120.0, "Kept"),
                    (200.0, 310.0, "Lives within a crate with care"),
                ],
            ),
        ],
        &[],
        400.0,
        &mut tables,
    );
    let rows = table_rows(&p);
    assert_eq!(
        rows,
        [
            "Trait | Notes",
            "Show | Implements std::fmt::Display for output",
            "Print | Uses std::fmt::Display too",
            "Scope | Appears with in a unit",
            "Kept | Lives within a crate with care",
        ]
    );
}

/// Where a cell's lines were cut with no space between them: after a slash inside a token
/// or an opening bracket, before the bracket or quote that closes one left open.
#[test]
fn cell_lines_cut_at_a_slash_or_bracket_join_without_a_space() {
    for (before, after) in [
        ("https://github.com/rust-lang/", "cargo"),
        ("https://", "github.com/cargo-bins/"),
        ("[", "Parser::padded_by]"),
        ("MovingPtr<", "'a, T>"),
        ("Some({FOLDERID_Public}", ")"),
        ("Vec<Vec<T>", ">,"),
        ("\"lowercase\", \"UPPERCASE", "\","),
    ] {
        assert!(cut_without_space(before, after), "{before} / {after}");
    }
    for (before, after) in [
        ("Accepted /", "headers"),
        ("if a <", "b then"),
        ("Some(XDG_DESKTOP_DIR)", "or None"),
        ("a > b", "> c"),
        ("\"UPPERCASE\"", "\"lower\""),
        ("path/", " next"),
        ("plain words", "and more"),
    ] {
        assert!(!cut_without_space(before, after), "{before} / {after}");
    }
}

/// Words a narrow column broke at its edge join the next line of their cell with no space
/// (see `broken_words`); one word that fills the column shows no broken word.
#[test]
fn words_a_narrow_column_broke_at_its_edge_are_joined_without_a_space() {
    let row = |y: f32, first: (f32, &'static str), rest: [&'static str; 2]| {
        (
            y,
            vec![
                (72.0, first.0, first.1),
                (146.0, 180.0, rest[0]),
                (220.0, 250.0, rest[1]),
            ],
        )
    };
    let piece = |y: f32, x1: f32, t: &'static str| (y, vec![(72.0, x1, t)]);
    let layout = |rows: Vec<OwnedRow>| {
        let rows: Vec<Row> = rows
            .iter()
            .map(|(y, cells)| (*y, cells.as_slice()))
            .collect();
        let mut tables = Vec::new();
        let p = tables_on_page(&rows, &[], 400.0, &mut tables);
        table_rows(&p)
    };
    // LibreOffice breaks `insert_ahash_highbits` where it reaches the column's edge:
    // `insert_a` / `hash_hig` / `hbits`.
    let broken = vec![
        row(0.0, (105.0, "name"), ["ns/iter", "diff"]),
        row(18.0, (120.6, "insert_a"), ["18,865", "-57%"]),
        piece(30.0, 126.1, "hash_hig"),
        piece(42.0, 100.0, "hbits"),
        row(60.0, (120.6, "lookup_a"), ["32,351", "-85%"]),
        piece(72.0, 125.8, "hash_ser"),
        piece(84.0, 87.0, "ial"),
        row(102.0, (100.0, "total"), ["51,216", "-71%"]),
    ];
    assert_eq!(
        layout(broken),
        [
            "name | ns/iter | diff",
            "insert_ahash_highbits | 18,865 | -57%",
            "lookup_ahash_serial | 32,351 | -85%",
            "total | 51,216 | -71%",
        ]
    );
    // One word that fills the column is a word wrapped in the ordinary way: the column
    // shows no broken word.
    let wrapped = vec![
        row(0.0, (105.0, "name"), ["ns/iter", "diff"]),
        row(18.0, (126.1, "encoded"), ["18,865", "-57%"]),
        piece(30.0, 90.0, "and"),
        row(48.0, (110.0, "lookup"), ["32,351", "-85%"]),
        piece(60.0, 95.0, "table"),
        row(78.0, (100.0, "total"), ["51,216", "-71%"]),
    ];
    assert_eq!(
        layout(wrapped),
        [
            "name | ns/iter | diff",
            "encoded and | 18,865 | -57%",
            "lookup table | 32,351 | -85%",
            "total | 51,216 | -71%",
        ]
    );
}

/// Rows set apart by cell padding (18 pt) further than a cell's lines (12 pt): a line at
/// the tight step goes on with its row even under one-word pieces (`signature` /
/// `verification`), and a first cell that wraps onto a line of its own joins its row
/// (`changed / changed: /` / `changed(...):`). An ellipsis in a cell is no dot leader. A
/// bold numbered title set further below the last row than the rows are apart is no row.
#[test]
fn a_padded_table_joins_one_word_pieces_and_a_first_cell_alone() {
    let mut tables = Vec::new();
    let p = tables_on_page(
        &[
            (
                0.0,
                &[
                    (72.0, 140.0, "Benchmark"),
                    (200.0, 240.0, "u64"),
                    (300.0, 360.0, "simd"),
                ],
            ),
            (
                18.0,
                &[
                    (72.0, 129.0, "signature"),
                    (200.0, 250.0, "40.144 µs"),
                    (300.0, 360.0, "25.963 µs -"),
                ],
            ),
            (
                30.0,
                &[(72.0, 140.0, "verification"), (300.0, 345.0, "35.603%")],
            ),
            (
                48.0,
                &[
                    (72.0, 190.0, "changed / changed: /"),
                    (200.0, 212.0, "12"),
                    (300.0, 345.0, "Changed"),
                ],
            ),
            (60.0, &[(72.0, 150.0, "changed(...):")]),
            (
                78.0,
                &[
                    (72.0, 150.0, "feat: / feat(...):"),
                    (200.0, 206.0, "7"),
                    (300.0, 345.0, "Added"),
                ],
            ),
            (
                110.0,
                &[
                    (72.0, 100.0, "**3.3.1"),
                    (130.0, 300.0, "**Associated Activity"),
                ],
            ),
        ],
        &[],
        400.0,
        &mut tables,
    );
    let rows = table_rows(&p);
    assert_eq!(
        rows,
        [
            "Benchmark | u64 | simd",
            "signature verification | 40.144 µs | 25.963 µs -35.603%",
            "changed / changed: / changed(...): | 12 | Changed",
            "feat: / feat(...): | 7 | Added",
        ]
    );
    assert_eq!((tables.len(), tables[0].rows), (1, 4));
    let title = p
        .lines
        .iter()
        .find(|l| l.text.starts_with("3.3.1"))
        .unwrap();
    assert!(title.bold && title.table.is_none());
}

/// A header whose every cell wraps, in a table that sets its rows apart (18 pt) further
/// than a cell's lines (12 pt), is one row: its second line fills every column, but it is
/// set at the tight step under full pieces.
#[test]
fn a_header_wrapped_in_every_column_is_one_row() {
    let (p, tables) = table_page(&[
        (
            0.0,
            &[
                (72.0, 120.0, "Function"),
                (200.0, 250.0, "Value on"),
                (300.0, 350.0, "Value on"),
            ],
        ),
        (
            12.0,
            &[
                (72.0, 100.0, "name"),
                (200.0, 260.0, "Linux/Redox"),
                (300.0, 340.0, "macOS"),
            ],
        ),
        (
            30.0,
            &[
                (72.0, 118.0, "home_dir"),
                (200.0, 262.0, "Some($HOME)"),
                (300.0, 352.0, "Some($HOME)"),
            ],
        ),
        (
            48.0,
            &[
                (72.0, 119.0, "cache_dir"),
                (200.0, 255.0, "Some($XDG)"),
                (300.0, 350.0, "Some(~/Lib)"),
            ],
        ),
        (
            66.0,
            &[
                (72.0, 120.0, "config_dir"),
                (200.0, 255.0, "Some($XDG)"),
                (300.0, 350.0, "Some(~/Lib)"),
            ],
        ),
    ]);
    assert_eq!(
        row_texts(&p),
        [
            "Function name | Value on Linux/Redox | Value on macOS",
            "home_dir | Some($HOME) | Some($HOME)",
            "cache_dir | Some($XDG) | Some(~/Lib)",
            "config_dir | Some($XDG) | Some(~/Lib)",
        ]
    );
    assert_eq!(tables[0].rows, 4);
}

/// A header set at the bottom of its cells whose top line holds two cells (`Default |
/// Extra` over `Feature | Description | Enabled | Dependencies`) is one row.
#[test]
fn a_header_top_of_two_cells_joins_the_header() {
    let (p, tables) = table_page(&[
        (0.0, &[(300.0, 340.0, "Default"), (400.0, 440.0, "Extra")]),
        (
            12.0,
            &[
                (72.0, 110.0, "Feature"),
                (150.0, 220.0, "Description"),
                (300.0, 345.0, "Enabled"),
                (400.0, 470.0, "Dependencies"),
            ],
        ),
        (
            30.0,
            &[
                (72.0, 100.0, "zlib"),
                (150.0, 230.0, "Use the zlib"),
                (300.0, 315.0, "yes"),
                (400.0, 420.0, "zlib"),
            ],
        ),
        (
            48.0,
            &[
                (72.0, 100.0, "rust"),
                (150.0, 225.0, "Use miniz"),
                (300.0, 312.0, "no"),
                (400.0, 430.0, "miniz"),
            ],
        ),
    ]);
    assert_eq!(
        row_texts(&p),
        [
            "Feature | Description | Default Enabled | Extra Dependencies",
            "zlib | Use the zlib | yes | zlib",
            "rust | Use miniz | no | miniz",
        ]
    );
    assert_eq!(tables[0].rows, 3);
}

/// The top of a header over a right-aligned column of numbers (`Compute` over `Time`,
/// both set at the column's right edge) joins the header.
#[test]
fn a_header_top_over_a_column_of_numbers_joins_the_header() {
    let (p, tables) = table_page(&[
        (0.0, &[(303.0, 358.0, "Compute")]),
        (
            14.0,
            &[
                (72.0, 140.0, "Precompute"),
                (195.0, 259.0, "Load Time"),
                (328.0, 358.0, "Time"),
                (378.0, 457.0, "Memory Size"),
            ],
        ),
        (
            32.0,
            &[
                (152.0, 160.0, "0"),
                (220.0, 259.0, "1.69 s"),
                (303.0, 358.0, "311.15 ms"),
                (420.0, 457.0, "0 KiB"),
            ],
        ),
        (
            50.0,
            &[
                (152.0, 160.0, "1"),
                (220.0, 259.0, "1.70 s"),
                (303.0, 358.0, "891.29 ms"),
                (410.0, 457.0, "768 KiB"),
            ],
        ),
    ]);
    assert_eq!(
        row_texts(&p),
        [
            "Precompute | Load Time | Compute Time | Memory Size",
            "0 | 1.69 s | 311.15 ms | 0 KiB",
            "1 | 1.70 s | 891.29 ms | 768 KiB",
        ]
    );
    assert_eq!(tables[0].rows, 3);
}

/// The end of a row cut by a page break that is all the next page holds of its table (too
/// little for a table of its own) joins its row all the same; the prose under it stays.
#[test]
fn a_row_end_alone_on_the_next_page_joins_its_row() {
    let first: [Row; 4] = [
        (
            0.0,
            &[
                (72.0, 110.0, "Name"),
                (200.0, 240.0, "Default"),
                (300.0, 450.0, "Description of the setting"),
            ],
        ),
        (
            14.0,
            &[
                (72.0, 100.0, "opt_1"),
                (200.0, 212.0, "7"),
                (300.0, 400.0, "First one."),
            ],
        ),
        (
            28.0,
            &[
                (72.0, 100.0, "opt_2"),
                (200.0, 212.0, "14"),
                (300.0, 448.0, "Another description that"),
            ],
        ),
        (40.0, &[(300.0, 449.0, "wraps onto a line and")]),
    ];
    let tail: [Row; 1] = [(0.0, &[(300.0, 420.0, "goes on to the next page.")])];
    let mut tables = Vec::new();
    let mut pages = [
        tables_on_page(&first, &[], 40.0, &mut tables),
        tables_on_page(&tail, &[], 400.0, &mut tables),
    ];
    assert_eq!(tables.len(), 1);
    join_rows_across_pages(&mut pages, &mut tables);
    let row = pages[0].lines.iter().filter(|l| l.table.is_some()).nth(2);
    assert_eq!(
        row.map(table_row).as_deref(),
        Some(
            "opt_2 | 14 | Another description that wraps onto a line and goes on to the next page."
        )
    );
    assert_eq!(pages[1].lines.len(), 10);
    assert!(pages[1]
        .lines
        .iter()
        .all(|l| l.text.starts_with("a full line")));
}

/// A note set tight under a table's last row, at the first column's left edge (`Source:
/// IMF`), is no part of that row's first cell: no row follows it.
#[test]
fn a_note_under_a_table_is_no_part_of_its_last_row() {
    let mut tables = Vec::new();
    let p = tables_on_page(
        &[
            (
                0.0,
                &[
                    (72.0, 150.0, "Country"),
                    (200.0, 230.0, "GDP"),
                    (300.0, 330.0, "Pop"),
                ],
            ),
            (
                12.0,
                &[
                    (72.0, 150.0, "United Kingdom"),
                    (200.0, 220.0, "3.1"),
                    (300.0, 315.0, "67"),
                ],
            ),
            (
                24.0,
                &[
                    (72.0, 145.0, "United States"),
                    (200.0, 222.0, "25.4"),
                    (300.0, 320.0, "333"),
                ],
            ),
            (36.0, &[(72.0, 130.0, "Source: IMF")]),
        ],
        &[],
        400.0,
        &mut tables,
    );
    let rows = table_rows(&p);
    assert_eq!(rows[2], "United States | 25.4 | 333");
    assert_eq!(tables[0].rows, 3);
    assert!(p
        .lines
        .iter()
        .any(|l| l.text == "Source: IMF" && l.table.is_none()));
}

/// Dot leaders are a run of dots (four or more, or three before a page number), not an
/// ellipsis inside a cell.
#[test]
fn dot_leaders_are_runs_of_dots_not_an_ellipsis() {
    for t in [
        "Introduction . . . . . . 3",
        "Index ........ 12",
        "Preface...iv",
        "Notes …… 7",
    ] {
        assert!(leaders(t), "{t}");
    }
    for t in [
        "feat: / feat(...): Added",
        "docs:, test:, perf:, build:, … are fine",
        "and so on...",
        "Version 1.2.3",
        "Digits 0...9",
    ] {
        assert!(!leaders(t), "{t}");
    }
}

/// The end of a row cut by a page break, at the top of the next page under the header
/// repeated there, is set further below it than a cell's lines are: it does not join
/// the header. A cell's line that starts with closing punctuation joins without a space.
#[test]
fn a_row_end_under_a_repeated_header_is_no_part_of_it() {
    let (p, tables) = table_page(&[
        (
            0.0,
            &[
                (72.0, 110.0, "Name"),
                (200.0, 240.0, "Default"),
                (300.0, 450.0, "Description of the option"),
            ],
        ),
        (18.0, &[(300.0, 400.0, "and the rest of it.")]),
        (
            30.0,
            &[
                (72.0, 100.0, "opt_2"),
                (200.0, 212.0, "14"),
                (300.0, 430.0, "Another description here"),
            ],
        ),
        (42.0, &[(300.0, 420.0, "that wraps onto a line.")]),
        (
            54.0,
            &[
                (72.0, 100.0, "opt_3"),
                (200.0, 212.0, "21"),
                (300.0, 430.0, "Reads the type async_graphql"),
            ],
        ),
        (66.0, &[(300.0, 380.0, "::TypeName.")]),
    ]);
    assert_eq!(
        row_texts(&p),
        [
            "Name | Default | Description of the option",
            "and the rest of it.",
            "opt_2 | 14 | Another description here that wraps onto a line.",
            // Broken where no space was: joined without one.
            "opt_3 | 21 | Reads the type async_graphql::TypeName.",
        ]
    );
    assert_eq!(tables[0].rows, 4);
}

#[test]
fn one_column_with_table_cells_is_one_column() {
    let mut frags = Vec::new();
    for k in 0..10 {
        frags.push(frag(
            72.0,
            100.0 + k as f32 * 12.0,
            540.0,
            "a full line of prose text",
        ));
    }
    for k in 0..4 {
        let y = 240.0 + k as f32 * 12.0;
        frags.push(frag(72.0, y, 120.0, "cell"));
        frags.push(frag(300.0, y, 340.0, "42"));
    }
    let p = layout_page(frags, 792.0);
    assert!(p.lines.iter().all(|l| l.flow == (0, 0)));
    let rows: Vec<&VLine> = p.lines.iter().filter(|l| l.cells.len() == 2).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0].text, "cell 42");
    assert_eq!(table_row(rows[0]), "cell | 42");
}

/// A two-column table whose descriptions wrap, on a page of wider prose: its columns fill
/// their width as text columns do, but its last column stops short of the margin that the
/// prose reaches. It is one flow, and a table of rows, not two columns of text.
#[test]
fn a_two_column_table_under_wider_prose_is_no_pair_of_columns() {
    let mut frags: Vec<Frag> = (0..10)
        .map(|k| {
            frag(
                72.0,
                100.0 + k as f32 * 12.0,
                520.0,
                "a full line of prose text that runs to the margin",
            )
        })
        .collect();
    let names = [
        "any",
        "struct_any",
        "struct_named",
        "struct_unit",
        "enum_any",
        "enum_tuple",
    ];
    let mut y = 240.0;
    for (k, name) in names.iter().enumerate() {
        frags.push(frag(72.0, y, 110.0 + 5.0 * k as f32, name));
        frags.push(frag(200.0, y, 400.0, "Accept the shape of input named"));
        frags.push(frag(200.0, y + 12.0, 290.0, "in the left cell"));
        y += 30.0;
    }
    assert_eq!(gutters(&frags, &lone_rows(&frags)), []);
    let mut p = layout_page(frags, 792.0);
    let mut tables = Vec::new();
    find_tables(&mut p, &mut tables);
    assert_eq!((tables.len(), tables[0].rows, tables[0].cols), (1, 6, 2));
    let rows = table_rows(&p);
    assert_eq!(
        rows[1],
        "struct_any | Accept the shape of input named in the left cell"
    );
}

/// A web page printed with its navigation in a narrow sidebar: the text column beside it is
/// wider than half the page, so its lines are no narrow fragments, and the sidebar and the
/// text are still two columns, read one after the other (each of the text's lines was joined
/// to the sidebar's line beside it).
#[test]
fn a_narrow_sidebar_beside_a_wide_text_column_is_a_column() {
    let nav = [
        "Before install",
        "Software prerequisites",
        "Compilation and",
        "installation",
        "Which mode to",
        "choose ?",
    ];
    let mut frags: Vec<Frag> = (0..25)
        .map(|k| {
            let t = nav[k % nav.len()];
            frag(
                80.0,
                100.0 + 13.0 * k as f32,
                130.0 + 3.0 * t.len() as f32,
                t,
            )
        })
        .collect();
    frags.push(frag(230.0, 100.0, 400.0, "Phone-specific details"));
    let mut y = 120.0;
    for k in 0..30 {
        frags.push(if (12..22).contains(&k) {
            frag(240.0, y, 330.0 + 9.0 * (k % 10) as f32, "Nokia-6021, 6230i")
        } else {
            frag(
                230.0,
                y,
                580.0,
                "Seems this model has a font of only one size, so that",
            )
        });
        y += 14.0;
    }
    assert_eq!(gutters(&frags, &lone_rows(&frags)).len(), 1);
    let p = layout_page(frags, 792.0);
    let of_text = |l: &VLine| {
        ["Phone", "Seems", "Nokia"]
            .iter()
            .any(|w| l.text.contains(w))
    };
    let of_nav = |l: &VLine| nav.iter().any(|w| l.text.contains(w));
    assert!(p.lines.iter().all(|l| of_text(l) != of_nav(l)));
    let first_text = p.lines.iter().position(of_text).unwrap();
    assert_eq!(first_text, 25);
    assert!(p.lines[..first_text].iter().all(|l| l.flow.1 == 0));
    assert!(p.lines[first_text..].iter().all(|l| l.flow.1 == 1));
}

/// A table of names and their descriptions, the descriptions' first lines as wide as the
/// sidebar's text column would be: each name sits on its description's first line, as no
/// sidebar's lines sit on the text's, so the two are one table, not two columns.
#[test]
fn names_on_their_wide_descriptions_first_lines_are_no_sidebar() {
    let names = [
        "Run LaTeX-Wizard",
        "Insert label reference",
        "Insert linebreak",
        "Turn input replacement on",
        "Replacement of special characters",
        "Run insert environment dialog",
        "Format selection in bold face",
        "Format selection centered",
    ];
    let mut frags = Vec::new();
    let mut y = 100.0;
    for (k, name) in names.iter().enumerate() {
        frags.push(frag(72.0, y, 172.0 + 7.0 * k as f32, name));
        frags.push(frag(
            250.0,
            y,
            520.0,
            "Starts a dialog for inserting a reference into",
        ));
        frags.push(frag(
            250.0,
            y + 12.0,
            330.0 + 10.0 * k as f32,
            "your document.",
        ));
        if k % 2 == 0 {
            frags.push(frag(250.0, y + 24.0, 300.0, "and more."));
        }
        y += 40.0;
    }
    assert_eq!(gutters(&frags, &lone_rows(&frags)), []);
}

/// An outline entry or detected heading: title, depth, page.
fn outline_entry(title: &str, depth: u32, page: u32) -> OutlineEntry {
    OutlineEntry {
        title: title.into(),
        depth,
        page: Some(page),
    }
}

#[test]
fn outline_scores_count_subsections_below_the_outline_apart() {
    let e = outline_entry;
    let truth = [
        e("Tasks", 1, 1),
        e("Running tasks", 2, 1),
        e("Milestones", 2, 3),
    ];
    let found = [
        e("1 Tasks", 1, 1),
        e("1.1 Running tasks", 2, 1),
        e("1.1.1 RunTask", 3, 2),
        e("1.1.2 WaitTask", 3, 2),
        e("1.2 Milestones", 2, 3),
        e("Public Attributes", 1, 3),
    ];
    let s = score_outline(&truth, &found);
    assert_eq!((s.matched, s.found, s.below_outline), (3, 6, 2));
    // Under a heading the outline does go below, a deeper number is just unmatched.
    let truth = [e("Tasks", 1, 1), e("Running tasks", 2, 1)];
    let found = [
        e("1 Tasks", 1, 1),
        e("1.1 Running tasks", 2, 1),
        e("1.2 Other", 2, 2),
    ];
    assert_eq!(score_outline(&truth, &found).below_outline, 0);
    // Outlines that drop the blank after the number still match; other titles do not.
    let truth = [e("1.Overview", 1, 1), e("1.1Sample Production", 2, 1)];
    let found = [
        e("1. Overview", 1, 1),
        e("1.1 Sample Production", 2, 1),
        e("1.2 Sample Parsing", 2, 2),
    ];
    assert_eq!(score_outline(&truth, &found).matched, 2);
    assert!(!titles_alike("1.1Sample Production", "1.2 Sample Parsing"));
    assert!(titles_alike("A References", "Appendix A References"));
    assert!(titles_alike("Chapter 3 Tools", "3 Tools"));
    assert!(!titles_alike("A References", "Appendix B References"));
    // Two numbers name two sections, one title the first word of the other or not.
    assert!(!titles_alike("3.2 R", "4.1.1 R configuration styles"));
    assert!(titles_alike("R", "4.1.1 R"));
    assert!(titles_alike("Příloha", "A Příloha"));
    assert!(!titles_alike("Příloha", "Seznam Příloha"));
    // An outline without the section number, its accents or a blank: the same title.
    assert!(titles_alike(
        "Odlisnosti od CMfontu",
        "2.1 Odlišnosti od CM fontů"
    ));
    assert!(!titles_alike(
        "Odlisnosti od CMfontu",
        "2.1 Rozdíly od CM fontů"
    ));
    // `ß` spelt `ss`, as outlines of German documents often write it.
    assert!(titles_alike("Optische Grossen", "Optische Größen"));
    assert!(titles_alike(
        "Warum der grosse Aufwand?",
        "Warum der große Aufwand?"
    ));
    assert!(!titles_alike("Optische Grossen", "Optische Maße"));
    // A function by name and arity, as Erlang manuals outline their entries, for its
    // head on the page: arguments counted outside brackets.
    for (entry, head) in [
        ("open/1", "open([Host]) -> {ok, Handle} | {error, Reason}"),
        ("open/2", "open([Host], [Option]) -> {ok, Handle}"),
        ("start/0", "start()"),
        ("'and'/1", "'and'([Filter]) -> filter()"),
        ("init/1", "Module:init(Args) -> Result"),
    ] {
        assert!(titles_alike(entry, head), "{entry} {head}");
    }
    assert!(!titles_alike("open/2", "open([Host]) -> ok"));
    assert!(!titles_alike("close/1", "open(Host) -> ok"));
    assert!(!titles_alike("and/or", "and(A, B)"));
    // Contents and index pages: their titles and the index's letters are navigation.
    let truth = [
        e("Contents", 1, 2),
        e("Introduction", 1, 3),
        e("Index", 1, 9),
        e("A", 2, 9),
        e("B", 2, 9),
        e("Credits", 1, 10),
        e("C", 2, 10),
    ];
    let found = [
        e("1 Introduction", 1, 3),
        e("Index", 1, 9),
        e("Credits", 1, 10),
        e("C", 2, 10),
    ];
    let s = score_outline(&truth, &found);
    assert_eq!((s.matched, s.navigation, s.navigation_matched), (4, 4, 1));
    assert_eq!(s.recall_without_navigation(), 1.0);
    let truth = [
        e("Usage", 1, 1),
        e("代码索引", 1, 9),
        e("Symbols", 2, 9),
        e("A", 2, 9),
        e("C", 2, 10),
        e("Examples", 1, 11),
        e("A", 2, 11),
        e("B", 2, 11),
    ];
    let s = score_outline(&truth, &[e("Usage", 1, 1)]);
    assert_eq!(s.navigation, 3);
}

#[test]
fn running_heads_and_page_numbers_are_furniture() {
    let mut pages = Vec::new();
    for i in 0..6 {
        let mut frags = vec![
            frag(
                72.0,
                40.0,
                300.0,
                if i % 2 == 0 {
                    "CHAPTER 1. INTRODUCTION"
                } else {
                    "1.2. SCOPE"
                },
            ),
            frag(520.0, 40.0, 540.0, &format!("{}", i + 3)),
            frag(
                72.0,
                120.0,
                540.0,
                &format!("Body text on page {i} that is different."),
            ),
            frag(250.0, 760.0, 350.0, &format!("Page {} of 6", i + 1)),
        ];
        frags.push(frag(72.0, 132.0, 540.0, "more body"));
        pages.push(layout_page(frags, 792.0));
    }
    let n = mark_furniture(&mut pages, &PdfConfig::default());
    assert_furniture(&pages, |t| !t.contains("ody"));
    assert!(n >= 12);
}

/// Two lines of body text that differ from page to page (`i`).
fn body_frags(i: usize) -> Vec<Frag> {
    vec![
        frag(
            72.0,
            120.0,
            540.0,
            &format!("Body text on page {i}, not the same."),
        ),
        frag(72.0, 132.0, 540.0, "more body"),
    ]
}

/// Every line of `pages` is furniture exactly when `furniture(its text)`.
fn assert_furniture(pages: &[Page], furniture: impl Fn(&str) -> bool) {
    for p in pages {
        for l in &p.lines {
            assert_eq!(l.furniture, furniture(&l.text), "{}", l.text);
        }
    }
}

/// A running footer set on the line of its page number is one line of two cells on most
/// pages; where the page number is missing it is a line alone, and still furniture.
#[test]
fn a_running_footer_without_its_page_number_is_furniture() {
    let mut pages = Vec::new();
    for i in 0..10 {
        let mut frags = body_frags(i);
        frags.push(frag(72.0, 760.0, 250.0, "DICOM Conformance Statement"));
        if i < 8 {
            frags.push(frag(480.0, 760.0, 540.0, &format!("Page {}", i + 1)));
        }
        pages.push(layout_page(frags, 792.0));
    }
    assert_eq!(
        pages[0].lines.iter().filter(|l| l.cells.len() == 2).count(),
        1
    );
    mark_furniture(&mut pages, &PdfConfig::default());
    assert_furniture(&pages, |t| !t.contains("ody"));
}

/// A chapter's running head repeats on the pages of its chapter only (five and seven of
/// twelve pages here, under the share a document-wide head needs): it is furniture on
/// every one of them. A long table's header row, at the top of three pages in a row, is
/// not.
#[test]
fn a_chapters_running_head_is_furniture() {
    let mut pages = Vec::new();
    for i in 0..12 {
        let head = if i < 5 {
            "Chapter 1: Arrays"
        } else {
            "Chapter 2: Vectors"
        };
        let mut frags = body_frags(i);
        frags.push(frag(72.0, 30.0, 250.0, head));
        if (8..11).contains(&i) {
            frags.push(frag(72.0, 60.0, 150.0, "Function"));
            frags.push(frag(300.0, 60.0, 400.0, "Support status"));
        }
        pages.push(layout_page(frags, 792.0));
    }
    mark_furniture(&mut pages, &PdfConfig::default());
    assert_furniture(&pages, |t| t.starts_with("Chapter"));
}

/// A running head that names each page's section (`1.1 Introduction` on one page, `1.2
/// Debugger` on the next: the Erlang/OTP manuals) repeats no text, only its place and its
/// type, smaller than the text: furniture. The same lines in the body size are the
/// pages' first lines of text.
#[test]
fn running_heads_that_name_each_pages_section_are_furniture() {
    let sections = [
        "1.1 Introduction",
        "1.2 Getting Started",
        "1.3 Breakpoints",
        "1.4 Stack Trace",
        "1.5 Monitor Window",
        "2 Reference Manual",
        "2.1 Exports",
    ];
    for (size, furniture) in [(8.0, true), (10.0, false)] {
        let mut pages = vec![layout_page(body_frags(0), 792.0)];
        for (i, s) in sections.iter().enumerate() {
            let mut frags = body_frags(i + 1);
            let mut head = frag(400.0, 30.0, 540.0, s);
            head.size = size;
            frags.push(head);
            pages.push(layout_page(frags, 792.0));
        }
        mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |t| furniture && sections.contains(&t));
    }
}

/// A book's running heads set in two cells: the section the page is in beside the
/// document's title on odd pages, the title beside the chapter on even ones. Only the
/// title repeats on enough pages, yet each whole line is furniture. The same lines set
/// large, a slide's title beside a name on every slide, are not.
#[test]
fn running_heads_of_a_section_beside_the_title_are_furniture() {
    let sections = [
        "1.1 Einführung",
        "1.2 Die Programme einrichten",
        "1.3 Einen Bug beheben",
        "1.4 Neue Software",
        "1.5 Security Updates",
        "1.6 Patches für Pakete",
    ];
    for (size, furniture) in [(10.0, true), (20.0, false)] {
        let mut pages = Vec::new();
        for i in 0..12 {
            let mut frags = body_frags(i);
            frags.push(frag(
                72.0,
                144.0,
                540.0,
                "and a third line of the body text",
            ));
            let chapter = if i < 6 {
                "Kapitel 1. Artikel"
            } else {
                "Kapitel 2. Wissensdatenbank"
            };
            let (left, right) = if i % 2 == 0 {
                ("Ubuntu Packaging Guide", chapter)
            } else {
                (sections[i / 2], "Ubuntu Packaging Guide")
            };
            for mut f in [
                frag(72.0, 30.0, 250.0, left),
                frag(400.0, 30.0, 540.0, right),
            ] {
                f.size = size;
                frags.push(f);
            }
            pages.push(layout_page(frags, 792.0));
        }
        assert!(pages.iter().all(|p| p.lines[0].cells.len() == 2));
        mark_furniture(&mut pages, &PdfConfig::default());
        assert_furniture(&pages, |t| furniture && t.contains("Ubuntu"));
    }
}

/// A book's running head of two cells on one line: the section the page is in, and the
/// chapter, which names the chapter's pages only (half the book's, on either side). The
/// chapter's cell runs over pages in a row while the section beside it changes: the line is
/// furniture. A long table's head, two cells repeated as a whole over pages in a row, is
/// not, nor are tables' captions at the top of pages in a row.
#[test]
fn running_heads_of_a_section_beside_its_chapter_are_furniture() {
    let sections = [
        "1.1. INTRODUCTION",
        "1.2. INSTALLATION AND USAGE",
        "1.3. QUICK GUIDE",
        "2.1. IMAGE INCLUSION",
        "2.2. GRAPHICS DRAWING",
        "2.3. COLORS",
    ];
    let mut pages = Vec::new();
    for i in 0..12 {
        let mut frags = body_frags(i);
        let chapter = if i < 6 {
            "CHAPTER 1. GETTING STARTED"
        } else {
            "CHAPTER 2. GRAPHICS"
        };
        frags.push(frag(72.0, 30.0, 250.0, sections[i / 2]));
        frags.push(frag(400.0, 30.0, 540.0, chapter));
        pages.push(layout_page(frags, 792.0));
    }
    for i in 0..12 {
        let mut frags = body_frags(i);
        if (3..6).contains(&i) {
            frags.push(frag(72.0, 30.0, 250.0, "Option name"));
            frags.push(frag(400.0, 30.0, 540.0, "What it does"));
        }
        // Tables' captions at the top of pages in a row, numbered on, titled apart.
        if (7..10).contains(&i) {
            frags.push(frag(72.0, 30.0, 130.0, &format!("Table {i}")));
            let title = ["Results of the first run", "Timings", "Memory in use"][i - 7];
            frags.push(frag(200.0, 30.0, 540.0, title));
        }
        pages.push(layout_page(frags, 792.0));
    }
    assert!(pages[..12].iter().all(|p| p.lines[0].cells.len() == 2));
    assert_eq!(pages[15].lines[0].cells.len(), 2);
    let (book, tables) = pages.split_at_mut(12);
    mark_furniture(book, &PdfConfig::default());
    assert_furniture(book, |t| t.contains("CHAPTER"));
    mark_furniture(tables, &PdfConfig::default());
    assert_furniture(tables, |_| false);
}

/// Slides that keep one title over three pages in a row (`Results`, set large at the top)
/// are sections, not a chapter's running head.
#[test]
fn a_slide_title_over_pages_in_a_row_is_no_running_head() {
    let mut pages = Vec::new();
    for i in 0..8 {
        let mut frags = body_frags(i);
        let mut title = frag(
            72.0,
            30.0,
            250.0,
            if (2..5).contains(&i) {
                "Results"
            } else {
                "Method"
            },
        );
        title.size = 20.0;
        if i == 0 || (2..5).contains(&i) {
            frags.push(title);
        }
        pages.push(layout_page(frags, 792.0));
    }
    mark_furniture(&mut pages, &PdfConfig::default());
    assert_furniture(&pages, |_| false);
}

/// A short document whose chapters each open a page, numbered like the pages: the titles
/// are set larger than the text, so they are not page numbers; a body-size number line in
/// the same place is.
#[test]
fn chapter_titles_numbered_like_their_pages_are_not_furniture() {
    let titles = ["1 Overview", "2 Installation", "3 Tutorial", "4 Citations"];
    for (size, furniture) in [(14.3, false), (10.0, true)] {
        let mut pages = Vec::new();
        for (i, t) in titles.iter().enumerate() {
            let mut title = frag(72.0, 40.0, 300.0, t);
            title.size = size;
            let mut frags = vec![title];
            for k in 0..8 {
                let y = 100.0 + 14.0 * k as f32;
                frags.push(frag(72.0, y, 540.0, &format!("Body line {k} of page {i}.")));
            }
            pages.push(layout_page(frags, 792.0));
        }
        mark_furniture(&mut pages, &PdfConfig::default());
        for p in &pages {
            let l = &p.lines[0];
            assert_eq!(l.furniture, furniture, "{} at {size} pt", l.text);
        }
    }
}

#[test]
fn a_web_pages_fixed_sidebar_goes_before_layout_and_a_repeated_table_head_stays() {
    // Ten pages of a printed web page: a sidebar of links at one place on every page, beside
    // text that differs, one of its lines two links (`Index`, `Help`); a `Back to top` link
    // fixed at the page's foot, far from the sidebar; a long table's head, two cells, at one
    // place on each of them; a `Name` label over the entry that fills four pages.
    let mut pages: Vec<Vec<Frag>> = (0..10)
        .map(|i| {
            vec![
                frag(20.0, 300.0, 90.0, "Syntax"),
                frag(
                    120.0,
                    300.0,
                    540.0,
                    &format!("The text of page {i} beside it."),
                ),
                frag(20.0, 330.0, 90.0, "Graphics"),
                frag(20.0, 345.0, 50.0, "Index"),
                frag(56.0, 345.0, 90.0, "Help"),
                frag(20.0, 360.0, 90.0, "Examples"),
                frag(470.0, 690.0, 540.0, "Back to top"),
                frag(120.0, 420.0, 300.0, "Column heading"),
                frag(320.0, 420.0, 540.0, "Other column"),
                frag(
                    120.0,
                    440.0,
                    540.0,
                    &format!("row {i} of the table's cells"),
                ),
                frag(
                    120.0,
                    500.0,
                    540.0,
                    &format!("Page {i} goes on with its own text."),
                ),
                frag(
                    120.0,
                    512.0,
                    540.0,
                    &format!("Its words are page {i}'s own, and the sidebar"),
                ),
                frag(
                    120.0,
                    524.0,
                    540.0,
                    &format!("beside them is the same on page {i} and the others."),
                ),
            ]
        })
        .collect();
    for p in &mut pages[..4] {
        p.push(frag(120.0, 200.0, 200.0, "Name"));
    }
    let heights = vec![792.0; 10];
    let n = fixed_furniture(&mut pages, &heights, &PdfConfig::default());
    assert_eq!(n, 60);
    for (i, p) in pages.iter().enumerate() {
        let texts: Vec<&str> = p.iter().map(|f| f.text.as_str()).collect();
        assert!(!texts.iter().any(|t| [
            "Syntax",
            "Graphics",
            "Index",
            "Help",
            "Examples",
            "Back to top"
        ]
        .contains(t)));
        assert!(texts.contains(&"Column heading") && texts.contains(&"Other column"));
        assert_eq!(texts.contains(&"Name"), i < 4);
    }
    // On two pages of three, none is taken: a fixed part is on nine pages in ten.
    let mut pages: Vec<Vec<Frag>> = (0..3)
        .map(|i| {
            let mut v = vec![frag(120.0, 300.0, 540.0, &format!("Text {i} of the page."))];
            if i > 0 {
                v.push(frag(20.0, 300.0, 90.0, "Syntax"));
            }
            v
        })
        .collect();
    assert_eq!(
        fixed_furniture(&mut pages, &[792.0; 3], &PdfConfig::default()),
        0
    );
    // Pages that repeat most of their text at one place (a form letter printed for each
    // addressee) keep it all.
    let mut pages: Vec<Vec<Frag>> = (0..4)
        .map(|i| {
            vec![
                frag(120.0, 200.0, 300.0, &format!("Dear reader {i},")),
                frag(
                    120.0,
                    220.0,
                    540.0,
                    "we write to tell you of the changes to the plan,",
                ),
                frag(
                    120.0,
                    232.0,
                    540.0,
                    "which take effect at the start of the next month.",
                ),
            ]
        })
        .collect();
    assert_eq!(
        fixed_furniture(&mut pages, &[792.0; 4], &PdfConfig::default()),
        0
    );
}

/// A slide's title over each frame it runs on to (three pages or more in a row, first on
/// each page) heads one section; so does the title under it, set again on each of those
/// pages. Two pages headed alike (two overloads of a function) are two sections.
#[test]
fn a_title_continued_page_after_page_heads_one_section() {
    let mut n = 0;
    let mut frame = |lines: &[(&'static str, f32, bool)]| {
        n += 1;
        let body = format!("Slide {n} shows the timetable of the school day on the screen.");
        let mut l = lines.to_vec();
        l.extend([(body.as_str(), 10.0, false); 3]);
        typeset_page(&l)
    };
    let about = ("About the display", 14.0, true);
    let login = ("Logging in without a password", 12.0, true);
    let mut pages = vec![frame(&[("The display at school", 18.0, true)])];
    pages.push(frame(&[about]));
    pages.extend((0..3).map(|_| frame(&[about, login])));
    pages.extend((0..2).map(|_| frame(&[("Setting it up", 14.0, true)])));
    // Other slides, so that the titles are not on most pages (as running heads are).
    let others = ["Screens in the hall", "Videos", "Photo shows", "Questions"];
    pages.extend(others.iter().map(|&t| frame(&[(t, 14.0, true)])));
    let found = layout_headings(pages);
    assert_eq!(
        titles(&found),
        [
            "The display at school",
            "About the display",
            "Logging in without a password",
            "Setting it up",
            "Setting it up",
            "Screens in the hall",
            "Videos",
            "Photo shows",
            "Questions",
        ]
    );
}

/// Sections numbered afresh in each chapter go one level under it (not where one chapter's
/// sections are numbered from 1 and no other's start again); what a part holds goes under
/// it; chapters numbered again under a title without a number go under that title.
#[test]
fn sections_numbered_afresh_in_each_chapter_go_under_it() {
    let body = "The tool reads the document and writes the result to standard output.";
    // Each chapter or part on a page of its own, set larger than its sections, and a page
    // of text after each.
    let levels = |chapters: &[&[&str]]| -> Vec<(u8, String)> {
        let pages = chapters
            .iter()
            .flat_map(|titles| {
                let mut lines = Vec::new();
                for (k, &t) in titles.iter().enumerate() {
                    lines.push((t, if k == 0 { 16.0 } else { 13.0 }, true));
                    lines.extend([(body, 10.0, false); 3]);
                }
                [
                    typeset_page(&lines),
                    typeset_page(&[(body, 10.0, false); 12]),
                ]
            })
            .collect();
        layout_headings(pages)
            .into_iter()
            .map(|h| (h.level, h.title))
            .collect()
    };
    let found = levels(&[
        &[
            "Chapter 1. Introduction",
            "1. About the tool",
            "2. Main features",
            "3. Platforms",
        ],
        &[
            "Chapter 2. Installation",
            "1. Installation on Linux",
            "2. Installation on Windows",
        ],
    ]);
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 2, 2, 1, 2, 2], "{found:?}");
    // `Chapter 2` right after a section `2.` is the next chapter, not chapter 2's label
    // said again (as `Chapter 2` after `2.3` would be).
    let found = levels(&[
        &[
            "Chapter 1. Introduction",
            "1. About the tool",
            "2. Main features",
        ],
        &["Chapter 2. Installation", "1. On Linux", "2. On Windows"],
    ]);
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 2, 1, 2, 2], "{found:?}");
    let found = levels(&[
        &[
            "Part I. Reading",
            "1. About the tool",
            "2. Main features",
            "3. Platforms",
        ],
        &["Part II. Writing", "4. Output formats", "5. Output files"],
    ]);
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 2, 2, 1, 2, 2], "{found:?}");
    let found = levels(&[&[
        "Chapter 1. Introduction",
        "1. About the tool",
        "2. Main features",
        "3. Platforms",
    ]]);
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1; 4], "{found:?}");
    let found = levels(&[
        &[
            "Section 508 Report",
            "Chapter 3: Criteria",
            "Chapter 6: Support",
        ],
        &[
            "EN 301 549 Report",
            "Chapter 4: Statements",
            "Chapter 5: Requirements",
        ],
    ]);
    let level = |t: &str| found.iter().find(|h| h.1 == t).map(|h| h.0).unwrap();
    let report = level("EN 301 549 Report");
    assert_eq!(level("Chapter 4: Statements"), report + 1, "{found:?}");
    assert_eq!(level("Chapter 5: Requirements"), report + 1, "{found:?}");
    // A part's chapters keep their sections under them (parts set larger than chapters,
    // each part and chapter opening a page).
    let pages = [
        &["Part I. Reading"][..],
        &["Chapter 1. Input", "1. Files", "2. Folders", "3. Archives"],
        &[
            "Chapter 2. Formats",
            "1. Markdown",
            "2. HTML",
            "3. Text",
            "4. PDF",
        ],
        &["Part II. Writing"],
        &["Chapter 3. Output", "1. Tables", "2. Manifest"],
    ]
    .iter()
    .map(|titles| {
        let mut lines = Vec::new();
        for &t in titles.iter() {
            let size = match t.as_bytes()[0] {
                b'P' => 20.0,
                b'C' => 16.0,
                _ => 13.0,
            };
            lines.push((t, size, true));
            lines.extend([(body, 10.0, false); 3]);
        }
        typeset_page(&lines)
    })
    .collect();
    let found: Vec<(u8, String)> = layout_headings(pages)
        .into_iter()
        .map(|h| (h.level, h.title))
        .collect();
    // (`Chapter 1` right under `Part I` is not found as a heading: a gap of its own.)
    let part = found
        .iter()
        .position(|h| h.1 == "Part II. Writing")
        .unwrap();
    let depth: Vec<u8> = found[part..].iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 3, 3], "{found:?}");
}

/// The tree score: a match counts where its detected parent is its outline parent's match,
/// whatever depth the detector gives the whole tree (a document title over it).
#[test]
fn outline_scores_count_matches_under_their_parents() {
    let e = outline_entry;
    let truth = [
        e("Chapter 1. Introduction", 1, 1),
        e("1. About", 2, 1),
        e("Chapter 2. Installation", 1, 2),
        e("1. On Linux", 2, 2),
        e("2. On Windows", 2, 3),
    ];
    // One level deeper under a title: the tree holds.
    let under_title = [
        e("The Tool", 1, 1),
        e("Chapter 1. Introduction", 2, 1),
        e("1. About", 3, 1),
        e("Chapter 2. Installation", 2, 2),
        e("1. On Linux", 3, 2),
        e("2. On Windows", 3, 3),
    ];
    let s = score_outline(&truth, &under_title);
    assert_eq!((s.parent_ok, s.parented), (3, 3));
    // Sections as their chapters' siblings: none is under its chapter.
    let flat = [
        e("Chapter 1. Introduction", 1, 1),
        e("1. About", 1, 1),
        e("Chapter 2. Installation", 1, 2),
        e("1. On Linux", 1, 2),
        e("2. On Windows", 1, 3),
    ];
    let s = score_outline(&truth, &flat);
    assert_eq!((s.parent_ok, s.parented), (0, 3));
    // A parent not found leaves its children out of the count (`1. About` here).
    let s = score_outline(&truth, &under_title[2..]);
    assert_eq!((s.parent_ok, s.parented), (2, 2));
}

/// A chapter's title set without its number (a Sphinx chapter: `INTRODUCTION` over `1.1
/// Joining the team`) heads its sections from one level up; a title over a chapter's first
/// section whose chapter has a heading of its own (`1 Introduction`) stays a section.
#[test]
fn a_chapter_title_without_its_number_heads_its_sections() {
    let body = "The team packages the programs that radio amateurs use, and keeps them current.";
    let levels = |titles: &[&str]| -> Vec<(u8, String)> {
        let mut lines = Vec::new();
        for &t in titles {
            lines.push((t, 14.0, true));
            lines.extend([(body, 10.0, false); 2]);
        }
        layout_headings(vec![typeset_page(&lines)])
            .into_iter()
            .map(|h| (h.level, h.title))
            .collect()
    };
    let found = levels(&[
        "INTRODUCTION",
        "1.1 Joining the team",
        "1.2 Translations",
        "PACKAGING",
        "2.1 Guidelines",
        "2.2 Team policy",
    ]);
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 2, 1, 2, 2], "{found:?}");
    let found = levels(&[
        "1 Introduction",
        "Overview",
        "1.1 Joining the team",
        "1.2 Translations",
    ]);
    let overview = found.iter().find(|h| h.1 == "Overview").map(|h| h.0);
    assert_eq!(overview, Some(2), "{found:?}");
}

/// Titles labelled with lower-case letters and roman numerals in the type of the numbered
/// ones (`a) Purpose`, `i. Account setup`) are the levels under `1.`, as outlines number them.
#[test]
fn letters_and_numerals_under_numbered_titles_are_their_subsections() {
    let body = "The plugin runs the check on the remote host and returns its result.";
    // A chapter a page.
    let page = |titles: &[&str]| {
        let mut lines = Vec::new();
        for &t in titles {
            lines.push((t, 14.0, true));
            lines.extend([(body, 10.0, false); 3]);
        }
        typeset_page(&lines)
    };
    let pages = vec![
        page(&["1. Introduction", "a) Purpose", "b) Design overview"]),
        page(&[
            "2. Installation",
            "a) Prerequisites",
            "b) Remote host setup",
            "i. Account setup",
            "ii. Install the plugins",
        ]),
        // A letter right after the last one (`v)` after `u)`) is a letter, not a numeral.
        page(&["3. Appendix", "u) Unix hosts", "v) Virtual hosts"]),
    ];
    let found: Vec<(u8, String)> = layout_headings(pages)
        .into_iter()
        .map(|h| (h.level, h.title))
        .collect();
    let depth: Vec<u8> = found.iter().map(|h| h.0).collect();
    assert_eq!(depth, [1, 2, 2, 1, 2, 2, 3, 3, 1, 2, 2], "{found:?}");
}

/// A DocBook example's one-line title is a caption; a run-in example of a paper (`Example
/// 2.3. Let f be …` over lines of text) stays text.
#[test]
fn a_run_in_example_is_text_and_a_formal_example_title_a_caption() {
    let body = "The tool reads the document and writes the result to standard output.";
    // Paragraphs of lines 12 pt apart, 30 pt between paragraphs.
    let kinds = |paragraphs: &[&[&str]]| -> Vec<(BlockType, String)> {
        let mut frags = Vec::new();
        let mut y = 60.0;
        for lines in paragraphs {
            for &t in lines.iter() {
                frags.push(frag(72.0, y, 72.0 + 6.0 * t.len() as f32, t));
                y += 12.0;
            }
            y += 18.0;
        }
        let mut pages = vec![layout_page(frags, 792.0)];
        let (out, hints, _) = layout_text(&mut pages, &PdfConfig::default());
        let x = text::extract_with(
            Canonical::from_bytes(out.as_bytes()),
            &TextConfig::default(),
            Some(&hints),
        );
        x.blocks
            .iter()
            .map(|b| (b.kind, x.canonical[b.off_begin..b.off_end].to_string()))
            .collect()
    };
    let kind_of = |found: &[(BlockType, String)], start: &str| {
        found
            .iter()
            .find(|(_, t)| t.starts_with(start))
            .map(|(k, _)| *k)
    };
    let text = [body; 3];
    let found = kinds(&[
        &text,
        &[
            "Example 2.3. Let f be the function that maps each point of the plane to",
            "its distance from the origin, as the figure on the next page shows it.",
        ],
        &text,
    ]);
    assert_eq!(
        kind_of(&found, "Example 2.3."),
        Some(BlockType::Prose),
        "{found:?}"
    );
    let found = kinds(&[
        &text,
        &["Example 4.1. Setting formats and languages"],
        &text,
    ]);
    assert_eq!(
        kind_of(&found, "Example 4.1."),
        Some(BlockType::Caption),
        "{found:?}"
    );
}

/// The pages before a contents page near a document's start (the title page's back with
/// its copyright and `Feedback` note, dblatex's `COLLABORATORS` and `REVISION HISTORY`
/// tables) open no sections; the document's title set again on the page after its title
/// page stays (the title page's own lines are the front matter's).
#[test]
fn pages_before_the_contents_open_no_sections() {
    let body = "The board shows the position and the dice of the player on roll.";
    let title = ("All about GNU Backgammon", 20.0, true);
    let mut pages = vec![
        typeset_page(&[title, ("Albert Silver", 12.0, false)]),
        typeset_page(&[
            ("All about GNU Backgammon", 16.0, true),
            ("Copyright 2007 Albert Silver", 10.0, false),
            (body, 10.0, false),
            (body, 10.0, false),
            ("Feedback", 12.0, true),
            (body, 10.0, false),
            (body, 10.0, false),
            (body, 10.0, false),
        ]),
        typeset_page(&[
            ("COLLABORATORS", 12.0, true),
            ("TITLE : All about GNU Backgammon", 10.0, false),
            ("WRITTEN BY Albert Silver November 21, 2022", 10.0, false),
            ("REVISION HISTORY", 12.0, true),
            ("NUMBER DATE DESCRIPTION NAME", 10.0, false),
        ]),
        typeset_page(&[
            ("Contents", 16.0, true),
            ("1 Acknowledgments . . . . . . . . . . 1", 10.0, false),
            ("2 Introduction . . . . . . . . . . 1", 10.0, false),
            ("3 Playing a game . . . . . . . . . . 2", 10.0, false),
        ]),
    ];
    for t in ["1 Acknowledgments", "2 Introduction", "3 Playing a game"] {
        pages.push(typeset_page(&[(t, 16.0, true), (body, 10.0, false)]));
        pages.push(typeset_page(&[(body, 10.0, false); 12]));
    }
    let found = layout_headings(pages);
    assert_eq!(
        titles(&found),
        [
            "All about GNU Backgammon",
            "1 Acknowledgments",
            "2 Introduction",
            "3 Playing a game",
        ]
    );
}

/// A frame's overlays (`\pause`), one page each, every page the one before and more: the
/// frame reads once, from its first page, and its running foot with the page numbers is
/// furniture on every page, the ones cut down included. A page that changes a line is a
/// slide of its own.
#[test]
fn overlays_of_a_frame_read_once() {
    // Set as `typeset_page` sets a page, with a running foot that numbers the pages.
    let titled = |title: &str, lines: &[&str], number: u32| {
        let mut rows = vec![(title, 14.0, true)];
        rows.extend(lines.iter().map(|&l| (l, 10.0, false)));
        let mut frags = typeset_frags(&rows);
        let foot = format!("Display talk {number} / 9");
        frags.push(frag(380.0, 770.0, 540.0, &foot));
        layout_page(frags, 792.0)
    };
    let slide = |lines: &[&str], number: u32| titled("The display at school", lines, number);
    let first = "It shows slides, images and videos in the hall.";
    let second = "It starts by itself when the machine boots.";
    let third = "It needs no keyboard and no mouse.";
    let install = [
        "Install the package on the machine in the hall.",
        "Put the slides in its folder.",
        "Switch the screen on.",
    ];
    let mut pages = vec![
        slide(&[first], 1),
        slide(&[first, second], 2),
        slide(&[first, second, third], 3),
    ];
    // Two more frames built up the same way: half the pages are cut down, so a foot that
    // the furniture rules had not found first would stay on too few pages to be found.
    for title in ["Installing it", "Using it"] {
        for n in 1..=3 {
            let number = pages.len() as u32 + 1;
            pages.push(titled(title, &install[..n], number));
        }
    }
    // The next frame says the first frame's first line again, and changes the second.
    pages.push(slide(&[first, "It runs without a network."], 10));
    for (t, number) in [("Questions", 11), ("Thanks", 12)] {
        pages.push(titled(
            t,
            &["A slide of its own, with a line of text."],
            number,
        ));
    }
    let (out, _, left_out) = layout_text(&mut pages, &PdfConfig::default());
    assert_eq!(left_out.overlay_pages, 6, "{out}");
    // The running foot is furniture on every page, the pages cut down included.
    assert!(!out.contains("Display talk"), "{out}");
    assert_eq!(out.matches(first).count(), 2, "{out}");
    assert_eq!(out.matches(second).count(), 1, "{out}");
    assert_eq!(out.matches(third).count(), 1, "{out}");
    assert_eq!(out.matches(install[0]).count(), 2, "{out}");
    assert_eq!(out.matches("The display at school").count(), 2, "{out}");
    assert_eq!(out.matches("Installing it").count(), 1, "{out}");
    // Each frame from the page it starts on: the first frame's lines on pages 1 to 3.
    let pages_text: Vec<&str> = out.split('\u{c}').collect();
    assert!(pages_text[0].contains(first) && pages_text[1].contains(second));
    assert!(pages_text[2].contains(third) && !pages_text[2].contains(first));
}

/// Frames under one title, each built up by overlays: folded, the title stands on each
/// frame's first page only, with the pages the overlays add between; it still heads one
/// section.
#[test]
fn a_title_over_frames_built_up_by_overlays_heads_one_section() {
    let mut n = 0;
    let mut pages = Vec::new();
    let mut frame = |title: (&'static str, f32, bool), steps: usize| {
        n += 1;
        let body: Vec<String> = (0..3)
            .map(|k| format!("Slide {n} shows point {k} of the timetable on the screen."))
            .collect();
        for s in 1..=steps {
            let mut l = vec![title];
            l.extend(
                body[..s + 3 - steps]
                    .iter()
                    .map(|b| (b.as_str(), 10.0, false)),
            );
            pages.push(typeset_page(&l));
        }
    };
    frame(("The display at school", 18.0, true), 1);
    let about = ("About the display", 14.0, true);
    for _ in 0..3 {
        frame(about, 3);
    }
    // Slides of their own, so many that the title is not on most pages (as a running head
    // is).
    let others = [
        "Setting it up",
        "Screens in the hall",
        "Videos",
        "Photo shows",
        "Sound",
        "Power",
        "Updates",
        "Remote control",
        "Costs",
        "Thanks",
    ];
    for t in others {
        frame((t, 14.0, true), 1);
    }
    let (out, hints, left_out) = layout_text(&mut pages, &PdfConfig::default());
    assert_eq!(left_out.overlay_pages, 6);
    let x = text::extract_with(
        Canonical::from_bytes(out.as_bytes()),
        &TextConfig::default(),
        Some(&hints),
    );
    let found: Vec<String> = x
        .blocks
        .into_iter()
        .filter_map(|b| b.heading.map(|h| h.title))
        .collect();
    let mut want = vec!["The display at school", "About the display"];
    want.extend(others);
    assert_eq!(found, want);
}

/// A name set in bold in the code font, larger than the text (a Haddock function's
/// signature over its description, a file's name over what it holds), is a title; the code
/// font at the text's size, or larger but not bold, is code.
#[test]
fn bold_code_font_set_large_is_a_title() {
    let body = "The function turns highlighting on for the colour it is given.";
    let mono = |text: &'static str, size: f32, bold: bool| {
        let mut f = frag(72.0, 0.0, 540.0, text);
        f.size = size;
        f.mono_chars = f.chars;
        if bold {
            f.bold_chars = f.chars;
        }
        f
    };
    let lines = [
        (mono("highlightOn Ansi16Colour", 14.0, true), "highlightOn"),
        (mono("highlightG Ansi16Colour", 14.0, false), "highlightG"),
        (mono("main = putStrLn greeting", 10.0, true), "main"),
        (mono("Feedback.xml", 14.0, true), "Feedback.xml"),
    ];
    let mut frags = Vec::new();
    let mut y = 60.0;
    for (line, _) in &lines {
        let mut f = line.clone();
        f.y0 = y - 8.0;
        f.y1 = y + 2.0;
        f.base = y;
        frags.push(f);
        for _ in 0..3 {
            y += 40.0;
            frags.push(frag(72.0, y, 540.0, body));
        }
        y += 40.0;
    }
    let found = layout_headings(vec![layout_page(frags, 792.0)]);
    assert_eq!(titles(&found), ["highlightOn Ansi16Colour", "Feedback.xml"]);
}

/// `marked` with its spaces written as marks of their width (`|` 0.16 of the size, `^` 0.1,
/// `~` 0.2, `#` 0.3), and what [`read::letter_spacing`] makes of it.
fn despaced(marked: &str) -> String {
    let mut text = String::new();
    let mut spaces = Vec::new();
    for c in marked.chars() {
        let width = match c {
            '|' => 0.16,
            '^' => 0.1,
            '~' => 0.2,
            '#' => 0.3,
            _ => {
                text.push(c);
                continue;
            }
        };
        spaces.push((text.len(), width));
        text.push(' ');
    }
    let Some(cut) = read::letter_spacing(&text, &spaces) else {
        return text;
    };
    text.char_indices()
        .filter(|(i, _)| !cut.contains(i))
        .map(|(_, c)| c)
        .collect()
}

#[test]
fn letters_set_apart_are_words() {
    assert_eq!(despaced("S|O|M|M|A|R|I|O"), "SOMMARIO");
    assert_eq!(despaced("DA|N|K|S|A|G|U|N|G"), "DANKSAGUNG");
    assert_eq!(despaced("T|E|ST#C|H|A|P|T|E|R"), "TEST CHAPTER");
    assert_eq!(despaced("2#D|E|R#Q|U|E|L|LT|E|X|T"), "2 DER QUELLTEXT");
    assert_eq!(despaced("1|.|1#E|I|N|L|E|I|T|U|N|G"), "1.1 EINLEITUNG");
    // Word spaces half as wide again as the letters' stay, however thin.
    assert_eq!(despaced("D^E^R~Q^U^E^L^L^E"), "DER QUELLE");
    // Thin spaces beside other signs, or between words, stay.
    assert_eq!(despaced("x|+|y|=|z|+|w"), "x + y = z + w");
    assert_eq!(despaced("I|saw|a|man|in|it"), "I saw a man in it");
    assert_eq!(despaced("ab|cd|ef|g"), "ab cd ef g");
    // A fragment of word spaces with a few thin ones.
    assert_eq!(
        despaced("see#A|B|C|D#and#more#words#here"),
        "see A B C D and more words here"
    );
    // A line set tight: its word spaces are all thin, and most of them are not between
    // single letters.
    assert_eq!(despaced("is|a|3|x|3|matrix"), "is a 3 x 3 matrix");
    assert_eq!(despaced("the|vertices|u|v|w"), "the vertices u v w");
    // A row of figures, and Hangul, whose words are one to three syllables.
    assert_eq!(despaced("1|2|3|4|5|6|7"), "1 2 3 4 5 6 7");
    assert_eq!(despaced("더|잘|할|수|있다"), "더 잘 할 수 있다");
    // Spaces as wide as a word space are never thin.
    assert_eq!(despaced("a#b#c#d#e"), "a b c d e");
}

/// Two spaces in a row from MuPDF (a justified line's space glyph, then the gap where the
/// next word was moved further: `multi-symbol  lookahead`) are one, as wide as both.
#[test]
fn a_space_after_a_space_is_one() {
    let mut text = String::from("multi-symbol");
    let mut spaces = Vec::new();
    read::push_space(&mut text, &mut spaces, 0.28);
    read::push_space(&mut text, &mut spaces, 0.38);
    text.push_str("lookahead");
    read::push_space(&mut text, &mut spaces, 0.28);
    assert_eq!(text, "multi-symbol lookahead ");
    assert_eq!(spaces.len(), 2);
    assert_eq!(spaces[0].0, 12);
    assert!((spaces[0].1 - 0.66).abs() < 1e-6);
}

/// Two captions of one line each, side by side (read as one line of two cells): two
/// paragraphs, the left caption first, though they stand on one baseline; two such pairs one
/// under the other are four.
#[test]
fn captions_side_by_side_on_one_line_are_two_paragraphs() {
    let mut frags: Vec<Frag> = (0..6)
        .map(|k| {
            frag(
                72.0,
                100.0 + 14.0 * k as f32,
                540.0,
                "The text of the page runs on in plain words over the whole width here.",
            )
        })
        .collect();
    // Each centred under its figure, so neither starts at the text's edge.
    frags.push(frag(100.0, 300.0, 240.0, "Figure 5: Air unit template"));
    frags.push(frag(350.0, 300.0, 510.0, "Figure 6: CAS and SB templates"));
    // Two pairs, one right under the other: four captions.
    frags.push(frag(100.0, 400.0, 240.0, "Table 1: Sizes of the meshes"));
    frags.push(frag(350.0, 400.0, 510.0, "Table 2: Times of the runs"));
    frags.push(frag(
        100.0,
        412.0,
        240.0,
        "Table 3: Errors of the first kind",
    ));
    frags.push(frag(
        350.0,
        412.0,
        510.0,
        "Table 4: Errors of the second kind",
    ));
    let (text, _, _) = layout_text(&mut [layout_page(frags, 792.0)], &PdfConfig::default());
    assert!(
        text.contains("Figure 5: Air unit template\n\nFigure 6: CAS and SB templates"),
        "{text}"
    );
    assert!(
        text.contains(
            "Table 1: Sizes of the meshes\n\nTable 2: Times of the runs\n\n\
             Table 3: Errors of the first kind\n\nTable 4: Errors of the second kind"
        ),
        "{text}"
    );
}

/// A run of digits MuPDF reversed (their left edges go leftwards) is put back, with single
/// separators inside it; digits that go rightwards, and runs cut by a space or by two marks,
/// stay as they are.
#[test]
fn numbers_reversed_with_their_line_are_put_back() {
    let mend = |text: &str, xs: &[f32]| {
        let at: Vec<usize> = text
            .char_indices()
            .filter(|&(_, c)| c.is_ascii_digit() || ('٠'..='٩').contains(&c))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(at.len(), xs.len(), "{text}");
        let digits: Vec<(usize, f32)> = at.into_iter().zip(xs.iter().copied()).collect();
        let mut t = text.to_string();
        read::mend_numbers(&mut t, &digits);
        t
    };
    assert_eq!(
        mend(
            "٩٢ سبتمبر ٩١٠٢",
            &[327.8, 321.2, 276.9, 271.0, 265.8, 259.2]
        ),
        "٢٩ سبتمبر ٢٠١٩"
    );
    assert_eq!(mend("5.21 x", &[30.0, 20.0, 10.0]), "12.5 x");
    assert_eq!(mend("٤١٫٣", &[30.0, 20.0, 10.0]), "٣٫١٤");
    assert_eq!(mend("2019", &[10.0, 16.0, 22.0, 28.0]), "2019");
    assert_eq!(mend("21 43", &[20.0, 10.0, 40.0, 30.0]), "12 34");
    assert_eq!(mend("2..1", &[20.0, 10.0]), "2..1");
    // Positions that are no character's start change nothing, and never panic.
    for digits in [
        [(1, 20.0), (2, 10.0)],
        [(0, 20.0), (3, 10.0)],
        [(0, 20.0), (9, 10.0)],
    ] {
        let mut t = "١٢".to_string();
        read::mend_numbers(&mut t, &digits);
        assert_eq!(t, "١٢");
    }
}
