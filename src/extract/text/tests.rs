use super::*;

#[test]
fn lower_case_labels_before_titles() {
    assert_eq!(lower_label("a) Purpose"), Some(3));
    assert_eq!(lower_label("ii. Install the Nagios Plugins"), Some(4));
    assert_eq!(lower_label("vii.  Customize"), Some(6));
    assert_eq!(lower_label("a) lower case"), None);
    assert_eq!(lower_label("and. Then"), None);
    assert_eq!(lower_label("iv."), None);
    assert_eq!(lower_label("A) Capital"), None);
    assert_eq!(lower_label("ic. Not roman"), None);
}

fn run(src: &str) -> TextExtraction {
    extract(
        Canonical::from_bytes(src.as_bytes()),
        &TextConfig::default(),
    )
}

fn headings(x: &TextExtraction) -> Vec<(u8, &str)> {
    x.blocks
        .iter()
        .filter_map(|b| b.heading.as_ref().map(|h| (h.level, h.title.as_str())))
        .collect()
}

/// The titles of the headings at `level`, in order.
fn titles_at<'a>(h: &[(u8, &'a str)], level: u8) -> Vec<&'a str> {
    h.iter()
        .filter(|&&(l, _)| l == level)
        .map(|&(_, t)| t)
        .collect()
}

/// The titles of the headings found, in order.
fn heading_titles(x: &TextExtraction) -> Vec<&str> {
    headings(x).into_iter().map(|h| h.1).collect()
}

/// A text of these lines, each right over `body`.
fn each_over(lines: &[&str], body: &str) -> String {
    lines.iter().map(|l| format!("{l}\n{body}")).collect()
}

/// The heading titles plain-text extraction finds in `src`.
fn titles(src: &str) -> Vec<String> {
    headings(&run(src))
        .into_iter()
        .map(|h| h.1.to_string())
        .collect()
}

/// Typeset text: `(line, size ratio)` per line, blank lines as `("", 0.0)`, a line that
/// starts with a form feed opening a page, with the hints a page layout would hand over
/// (one line per 14 points, bold where bigger than the body).
fn typeset(lines: &[(&str, f32)]) -> TextExtraction {
    let lines: Vec<(&str, f32, &str)> = lines
        .iter()
        .map(|&(l, s)| (l, s, if s > 1.0 { "B" } else { "" }))
        .collect();
    typeset_styled(&lines)
}

/// [`typeset`] with each line's style given: `(line, size ratio, flags)`, the flags `B` for
/// bold, `M` for the code font and `C` for a line of two cells.
fn typeset_styled(lines: &[(&str, f32, &str)]) -> TextExtraction {
    let src: String = lines.iter().map(|(l, _, _)| format!("{l}\n")).collect();
    let mut page = 0;
    let mut row = 0.0;
    let hints = Hints {
        lines: lines
            .iter()
            .map(|&(l, size, style)| {
                if l.starts_with('\u{c}') {
                    page += 1;
                    row = 0.0;
                }
                row += 14.0;
                let width = 6.0 * l.len() as f32;
                (!l.is_empty()).then(|| LineHint {
                    bbox: [72.0, 60.0 + row, 72.0 + width, 72.0 + row],
                    page,
                    typography: headings::Typography {
                        size_ratio: size,
                        bold: style.contains('B'),
                        italic: false,
                    },
                    mono: style.contains('M'),
                    cells: if style.contains('C') { 2 } else { 1 },
                    size_bin: (size * 10.0) as u16,
                    ..LineHint::default()
                })
            })
            .collect(),
        tables: Vec::new(),
    };
    extract_with(
        Canonical::from_bytes(src.as_bytes()),
        &TextConfig::default(),
        Some(&hints),
    )
}

/// The titles of navigation pages are no section titles, whatever the language: `Content`
/// and `Inhalt` over the list of a document's parts as much as `Contents`, and babel's names
/// of contents and lists in Greek (in capitals, which lose their accents), Russian, Dutch.
#[test]
fn navigation_titles_in_type_are_no_headings() {
    let body = "The program moves each point of the mesh a little closer to where it ends.";
    for nav in [
        "Contents",
        "Content",
        "Inhalt",
        "List of Figures",
        "ΠΕΡΙΕΧΟΜΕΝΑ",
        "ΚΑΤΑΛΟΓΟΣ ΣΧΗΜΑΤΩΝ",
        "Список таблиц",
        "Inhoudsopgave",
    ] {
        let x = typeset(&[
            ("A Guide to Meshes", 2.0),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
            (&format!("\u{c}{nav}"), 1.6),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
            ("\u{c}1 Introduction", 1.6),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
            ("", 0.0),
            ("2 Usage", 1.6),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
        ]);
        let found = heading_titles(&x);
        assert_eq!(found, ["1 Introduction", "2 Usage"], "{nav}");
    }
}

/// A title set larger than the numbered chapters heads a part of its own: the chapter numbers
/// of the part before may come again under it (a report in two halves, each numbering its
/// chapters against a standard: `Chapter 4` under `Revised Section 508 Report`, then again
/// under `EN 301 549 Report`). Without such a title a number seen before is no new chapter.
#[test]
fn a_part_title_set_larger_lets_chapter_numbers_come_again() {
    let body = "Each criterion of the standard is listed with the level of support it gets.";
    let report = |part: (&'static str, f32)| {
        typeset(&[
            ("Accessibility Conformance Report", 2.0),
            ("", 0.0),
            (body, 1.0),
            ("", 0.0),
            ("Revised Section 508 Report", 1.4),
            ("", 0.0),
            (body, 1.0),
            ("", 0.0),
            ("Chapter 4: Hardware", 1.2),
            ("", 0.0),
            (body, 1.0),
            ("", 0.0),
            ("Chapter 5: Software", 1.2),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
            ("", 0.0),
            part,
            ("", 0.0),
            (body, 1.0),
            ("", 0.0),
            ("Chapter 4: Functional Performance Statements", 1.2),
            ("", 0.0),
            (body, 1.0),
            ("", 0.0),
            ("Chapter 5: Generic Requirements", 1.2),
            ("", 0.0),
            (body, 1.0),
            (body, 1.0),
        ])
    };
    let x = report(("EN 301 549 Report", 1.4));
    let found = heading_titles(&x);
    assert!(
        found.ends_with(&[
            "Chapter 4: Hardware",
            "Chapter 5: Software",
            "EN 301 549 Report",
            "Chapter 4: Functional Performance Statements",
            "Chapter 5: Generic Requirements",
        ]),
        "{found:?}"
    );
    // In the chapters' own type, the title heads no part: the numbers stay taken.
    let x = report(("Notes on the Evaluation", 1.2));
    let found = heading_titles(&x);
    assert!(
        !found.contains(&"Chapter 4: Functional Performance Statements"),
        "{found:?}"
    );
}

/// A bold label set smaller than the text, repeated word for word over the frames of a
/// package's notes, is a box's title and heads no section; the same label once, or the
/// document's numbered sections, are headings as before.
#[test]
fn a_small_bold_label_repeated_over_boxes_is_no_heading() {
    let body = "Le package charge les packages suivants pour dessiner les cartes du jeu.";
    let doc = |labels: usize| {
        let mut lines = vec![
            ("Le package JeuxCartes", 2.0, "B"),
            ("", 0.0, ""),
            (body, 1.0, ""),
            ("", 0.0, ""),
        ];
        for k in 0..labels {
            let number = ["1 Introduction", "2 Chargement", "3 Les commandes"][k];
            lines.extend([
                (number, 1.4, "B"),
                ("", 0.0, ""),
                (body, 1.0, ""),
                ("", 0.0, ""),
                ("Information(s)", 0.94, "B"),
                ("", 0.0, ""),
                (body, 1.0, ""),
                (body, 1.0, ""),
                ("", 0.0, ""),
            ]);
        }
        typeset_styled(&lines)
    };
    let x = doc(3);
    let found = heading_titles(&x);
    assert_eq!(found, ["1 Introduction", "2 Chargement", "3 Les commandes"]);
    let x = doc(1);
    let found = heading_titles(&x);
    assert_eq!(found, ["1 Introduction", "Information(s)"]);
}

/// A member's name in bold, smaller than the text, over its declaration in the code font
/// (javadoc's `getAttribute` over `int getAttribute(java.lang.String name, int
/// defaultValue)`) heads the member's entry, in lower case, and each overload of it: the same
/// name said three times over declarations that name it is no box's title. Over code that
/// does not declare it, a name in lower case stays text.
#[test]
fn a_members_name_over_its_declaration_heads_its_entry() {
    let body = "Returns the value of an attribute of the element, or the default value.";
    let doc = |decl: &'static str| {
        let mut lines = vec![
            ("Interface IXMLElement", 2.0, "B"),
            ("", 0.0, ""),
            (body, 1.0, ""),
            ("", 0.0, ""),
            ("Method Detail", 1.14, "B"),
            ("", 0.0, ""),
        ];
        for _ in 0..3 {
            lines.extend([
                ("getAttribute", 0.93, "B"),
                ("", 0.0, ""),
                (decl, 1.0, "M"),
                ("", 0.0, ""),
                (body, 1.0, ""),
                ("", 0.0, ""),
            ]);
        }
        typeset_styled(&lines)
    };
    let x = doc("java.lang.String getAttribute(java.lang.String name)");
    let found = heading_titles(&x);
    assert_eq!(
        found,
        [
            "Interface IXMLElement",
            "Method Detail",
            "getAttribute",
            "getAttribute",
            "getAttribute"
        ]
    );
    let x = doc("java.lang.String getAttributes(java.lang.String name)");
    let found = heading_titles(&x);
    assert_eq!(found, ["Interface IXMLElement", "Method Detail"]);
}

/// A chapter's number in bold over a title in the code font (`1 \\settabular`, a package
/// naming its commands) heads the chapter as `2 Debugging` heads the next; a line of code in
/// body type with a number in front stays code.
#[test]
fn a_bold_chapter_number_may_head_a_title_in_the_code_font() {
    let body = "A key-value interface sets the padding and the rules of every tabular.";
    let x = typeset_styled(&[
        ("lutabulartools", 1.9, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("1 \\settabular", 1.3, "BM"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("2 \\settabular{nopad}", 1.0, "M"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("2 Debugging", 1.3, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
    ]);
    let found = heading_titles(&x);
    assert_eq!(found, ["1 \\settabular", "2 Debugging"]);
}

/// A generated reference's member headings, set large after a diamond (`◆ equals()`, `◆
/// CLEAN_OUTPUT`), are titles in lower case and with their code's punctuation; a bullet's
/// item set large, or a diamond at body size, is not.
#[test]
fn a_title_set_large_after_an_ornament_is_scored_without_it() {
    let body = "Definition at line 9 of file testSaveEngineStatus.cc, with its arguments.";
    let x = typeset_styled(&[
        ("Macro Definition Documentation", 1.5, "B"),
        ("", 0.0, ""),
        ("◆ CLEAN_OUTPUT", 1.5, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("◆ equals()", 1.5, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("◆ TreeNode() [1/2]", 1.5, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("● equals01()", 1.5, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("◆ saveStep()", 1.0, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
    ]);
    assert_eq!(
        heading_titles(&x),
        [
            "Macro Definition Documentation",
            "◆ CLEAN_OUTPUT",
            "◆ equals()",
            "◆ TreeNode() [1/2]"
        ]
    );
}

/// Four member headings in a row, each over a line of declaration and a line on it, stay
/// headings when an ornament marks them, or when the declaration names them; without either,
/// short titles of one style in a row are the terms of a list.
#[test]
fn ornamented_member_headings_are_no_run_of_terms() {
    let doc = |mark: &str, declared: bool| {
        let names = ["f_bavail", "f_bfree", "f_blocks", "f_favail"];
        let mut lines: Vec<(String, f32, &str)> = vec![
            ("Field Documentation".into(), 2.0, "B"),
            ("".into(), 0.0, ""),
        ];
        for n in names {
            lines.push((format!("{mark}{n}"), 1.5, "B"));
            lines.push(("".into(), 0.0, ""));
            let decl = if declared { n } else { "value" };
            lines.push((format!("uint64_t sftp_statvfs_struct::{decl}"), 1.0, "M"));
            lines.push(("".into(), 0.0, ""));
            lines.push(("The count of blocks of the file system.".into(), 1.0, ""));
            lines.push(("".into(), 0.0, ""));
        }
        let lines: Vec<(&str, f32, &str)> =
            lines.iter().map(|(l, s, f)| (l.as_str(), *s, *f)).collect();
        heading_titles(&typeset_styled(&lines))
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let members = |mark: &str| {
        ["f_bavail", "f_bfree", "f_blocks", "f_favail"].iter().fold(
            vec!["Field Documentation".to_string()],
            |mut v, n| {
                v.push(format!("{mark}{n}"));
                v
            },
        )
    };
    assert_eq!(doc("◆ ", true), members("◆ "));
    assert_eq!(doc("◆ ", false), members("◆ "));
    assert_eq!(doc("", true), members(""));
    assert_eq!(doc("", false), ["Field Documentation"]);
}

/// Ornamented member titles neither make a run of terms nor join one: a short reference page
/// whose two sections (`Detailed Description`, `Function Documentation`) each hold a line or
/// two, over two members' titles after a diamond, keeps all four headings.
#[test]
fn ornamented_members_join_no_run_of_terms() {
    let x = typeset_styled(&[
        ("CbcSolverHeuristics.hpp File Reference", 1.5, "B"),
        ("", 0.0, ""),
        ("Routines for doing heuristics.", 1.0, ""),
        ("", 0.0, ""),
        ("Detailed Description", 1.5, ""),
        ("", 0.0, ""),
        ("Routines for doing heuristics.", 1.0, ""),
        ("", 0.0, ""),
        ("Function Documentation", 1.5, ""),
        ("", 0.0, ""),
        ("◆ crunchIt()", 1.5, ""),
        ("", 0.0, ""),
        ("void crunchIt ( ClpSimplex * model )", 1.0, "M"),
        ("", 0.0, ""),
        ("◆ fixVubs()", 1.5, ""),
        ("", 0.0, ""),
        (
            "OsiClpSolverInterface* fixVubs ( CbcModel & model )",
            1.0,
            "M",
        ),
        (
            "\u{c}The end of the page that holds the reference's last words.",
            1.0,
            "",
        ),
    ]);
    let found = heading_titles(&x);
    for t in [
        "Detailed Description",
        "Function Documentation",
        "◆ crunchIt()",
        "◆ fixVubs()",
    ] {
        assert!(found.contains(&t), "{t}: {found:?}");
    }
}

/// An author's name under the title, an initial first (`F. Pantigny`), reads as section F
/// but opens no section; the sections after it do.
#[test]
fn an_initialled_name_under_the_title_opens_no_section() {
    let body = "The package typesets computer listings with syntactic highlighting in colour.";
    let x = typeset_styled(&[
        ("The piton package", 1.7, ""),
        ("", 0.0, ""),
        ("F. Pantigny", 1.2, ""),
        ("", 0.0, ""),
        ("16 January 2023", 1.2, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("1 Presentation", 1.4, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("\u{c}2 Use of the package", 1.4, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("2.1 Loading the package", 1.2, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
    ]);
    let found = heading_titles(&x);
    assert_eq!(
        found,
        [
            "1 Presentation",
            "2 Use of the package",
            "2.1 Loading the package"
        ]
    );
}

/// Authors listed under the title and its version, a comma and an `and` between their names
/// (`J. K. Dewhurst, S. Sharma and L. Nordström`), open no section.
#[test]
fn a_list_of_authors_under_the_title_opens_no_section() {
    let body = "The program generates crystal structures from their space group symbols.";
    let x = typeset_styled(&[
        ("The Spacegroup Manual", 1.9, ""),
        ("", 0.0, ""),
        ("Version 1.2.1", 1.3, ""),
        ("", 0.0, ""),
        ("J. K. Dewhurst, S. Sharma and L. Nordström", 1.1, ""),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("\u{c}1 Introduction", 1.4, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("2 Usage", 1.4, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
    ]);
    let found = heading_titles(&x);
    assert!(
        !found.contains(&"J. K. Dewhurst, S. Sharma and L. Nordström"),
        "{found:?}"
    );
    assert!(found.ends_with(&["1 Introduction", "2 Usage"]), "{found:?}");
}

/// Numbered lines of two cells, one right under the other at the same depth, are the rows of
/// a table whose rows are numbered (a conformance report's criteria and their support), not
/// sections; a title of two cells stacked over its first subsection's still heads its
/// section.
#[test]
fn numbered_rows_of_two_cells_are_no_sections() {
    let body = "The product was evaluated against each criterion of the standard in turn.";
    let x = typeset_styled(&[
        ("Conformance Report", 1.9, "B"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("1 Generic Requirements", 1.3, "BC"),
        ("1.1 Closed functionality", 1.1, "BC"),
        ("", 0.0, ""),
        (body, 1.0, ""),
        ("", 0.0, ""),
        ("1.1.1 General", 1.0, ""),
        ("1.1.1.1 Closed functionality Not Applicable", 1.0, "C"),
        ("1.1.1.2 Assistive technology Not Applicable", 1.0, "C"),
        ("1.1.2 Non-visual access", 1.0, ""),
        (
            "1.1.2.1 Audio output of visual information Not Applicable",
            1.0,
            "C",
        ),
        ("1.1.2.2 Auditory output delivery Not Applicable", 1.0, "C"),
        ("", 0.0, ""),
        (body, 1.0, ""),
    ]);
    let found = heading_titles(&x);
    assert!(
        found.iter().all(|t| !t.ends_with("Applicable")),
        "{found:?}"
    );
    assert!(found.starts_with(&["1 Generic Requirements", "1.1 Closed functionality"]));
}

/// The pages before a table of contents near the start of a paged text (a title page, a
/// revision history) hold no sections, but for a named one (`Abstract`); the titles
/// after the contents are headings as before.
#[test]
fn pages_before_the_contents_hold_no_sections() {
    let body = |w: &str| {
        format!(
            "The program moves each {w} of the mesh a little closer to where it ends.\n\
             The {w} steps are repeated until the two images meet halfway.\n"
        )
    };
    let mut src = String::from(
        "Mesh Morphing\n\nDesign of smooth transitions between images\n\n\
         WRITTEN BY\n\nAnna Berg\n\nREVISION HISTORY\n\nNUMBER DATE\n\n\
         Abstract\n\n",
    );
    src.push_str(&body("point"));
    src.push_str("\x0cContents\n\n1 Introduction . . . . 3\n2 Usage . . . . 4\n");
    for (t, w) in [
        "1 Introduction",
        "2 Usage",
        "3 Limits",
        "4 Tuning",
        "5 Credits",
    ]
    .iter()
    .zip(WORDS)
    {
        src.push_str(&format!("\x0c{t}\n\n{}", body(w)));
    }
    assert_eq!(
        titles(&src),
        [
            "Abstract",
            "Contents",
            "1 Introduction",
            "2 Usage",
            "3 Limits",
            "4 Tuning",
            "5 Credits"
        ]
    );
}

/// A contents entry whose title and leaders the extraction set on lines of their own, the
/// page number after the leaders (`1.2.1 Maps as Lists` / `. . . . . 7`): the leaders
/// are no paragraph, so the contents run on and the entries under them head nothing.
#[test]
fn leaders_with_their_page_number_keep_the_contents_going() {
    let leaders = ". ".repeat(30);
    let body = "This type needs to go through various hoops to be used by the library.\n\
                Its members are kept in a vector that grows as elements are added.\n";
    let src = format!(
        "Table of Contents\n\
         1 Work in progress . . . . . . . 5\n\
         1.1 The type t_CLOSURE . . . . . . . 5\n\
         1.1.1 Debugging information in closure\n\n{leaders}6\n\n\
         1.2 The type t_LIST . . . . . . . 6\n\
         1.2.1 Maps as Lists\n\n{leaders}7\n\n\
         1.3 Protection of noninterruptible code . . . . . . . 8\n\n\
         1 Work in progress\n\n{body}\n\
         1.1 The type t_CLOSURE\n\n{body}\n\
         1.2 The type t_LIST\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "1 Work in progress",
            "1.1 The type t_CLOSURE",
            "1.2 The type t_LIST"
        ]
    );
}

/// A GAP manual's right-hand pages head `Section 5. Q-Classes` under the page number, the
/// section itself being `1.5 Q-Classes`: that line names a section opened a page or a few
/// before (or on the next), with or without the page number after it; it opens none.
/// `Section 2. Results` over its text, with no such section near, is a heading as before.
#[test]
fn a_section_label_naming_a_numbered_section_is_its_running_title() {
    let para = |w: &str| {
        format!(
            "The {w} classes of the catalog are listed by dimension and by system here.\n\
             Each {w} class is given by generators and the size of its group.\n\n"
        )
    };
    let mut src = String::from("1.4 Systems\n\n");
    src.push_str(&para("alpha"));
    src.push_str("1.5 Q-Classes\n\n");
    src.push_str(&para("bravo"));
    src.push_str("\x0c7\n\nSection 5. Q-Classes\n\n");
    src.push_str(&para("charlie"));
    src.push_str("1.6 Z-Classes\n\n");
    src.push_str(&para("delta"));
    src.push_str("\x0cSection 6. Z-Classes 9\n\n");
    src.push_str(&para("echo"));
    let found = titles(&src);
    assert_eq!(found, ["1.4 Systems", "1.5 Q-Classes", "1.6 Z-Classes"]);
    let other = format!("Section 2. Results\n\n{}", para("foxtrot"));
    assert_eq!(titles(&other), ["Section 2. Results"]);
}

/// A `Contents` line as the text's last line starts contents with no line in them.
#[test]
fn a_contents_title_at_the_very_end_is_read() {
    let src = "Title page\n\nSome text of the first page, long enough to be a paragraph.\n\
               \x0cMore text on the second page, long enough to be a paragraph.\n\nContents\n";
    let x = run(src);
    assert!(
        x.canonical.trim_end().ends_with("Contents"),
        "{}",
        x.canonical
    );
}

/// A table of contents under `Content`, or under its title in another language (`Obsah`),
/// lists the titles that follow: a sentence-case line alone between blank lines that it
/// names is a title (`Polygon clipping`), and the entries themselves are none.
#[test]
fn contents_under_other_titles_name_the_titles() {
    let body = "The program moves each point of the mesh a little closer to where it ends.\n\
                The steps are repeated until the two images meet halfway in the middle.\n";
    for title in ["Content", "Obsah"] {
        let src = format!(
            "{title}\nDocument history.............................2\n\
             Polygon clipping.............................8\n\
             Program design...............................10\n\n\n\
             Document history\n\n{body}\n\n\
             Polygon clipping\n\n{body}\n\nProgram design\n\n{body}"
        );
        let got = titles(&src);
        for t in ["Polygon clipping", "Program design"] {
            assert!(got.iter().any(|g| g == t), "{title}: {t} in {got:?}");
        }
        assert!(!got.iter().any(|g| g.contains("....")), "{title}: {got:?}");
    }
}

/// Titles the contents list stay titles where the text stacks them (`Protocol` right over
/// `Requests`, over an indented line) and where four of them in a row head a line each
/// (`Requests`, `Events`, `Errors`): not the terms of a definition list.
#[test]
fn listed_titles_stack_and_head_short_sections() {
    let leaders = ".".repeat(40);
    let entries: String = [
        "Introduction",
        "  Prerequisites",
        "Hooks",
        "Protocol",
        "  Requests",
        "  Events",
        "  Errors",
    ]
    .iter()
    .map(|t| format!("{t} {leaders} 3\n"))
    .collect();
    let none = "     The extension does not define any protocol of its own.\n";
    let src = format!(
        "Contents\n\n{entries}\n\n\
         Introduction\nPrerequisites\n     This document is for programmers who write \
         security modules for the server.\n\n\
         Hooks\n\nEach hook is called with the client and the resource it asks for, and \
         answers whether the request may go on.\n\n\
         Protocol\nRequests\n{none}\nEvents\n{none}\nErrors\n{none}"
    );
    let got = titles(&src);
    for t in [
        "Introduction",
        "Prerequisites",
        "Protocol",
        "Requests",
        "Events",
        "Errors",
    ] {
        assert!(got.iter().any(|g| g == t), "{t} in {got:?}");
    }
}

/// A title right over a callout's label (`Paragraph Alignment` / `NOTE`, as AsciiDoc
/// typesets an admonition that opens a section) is a title; the label is not.
#[test]
fn a_title_over_a_callout_label_is_a_heading() {
    let note = "These features are verified by the tests of the package.\n\n\
                You can set the alignment of a paragraph with the environments below, \
                one for each side of the page.\n";
    let src = format!(
        "Text Formatting\nNOTE\n\n{note}\nParagraph Alignment\nNOTE\n\n{note}\n\
         Cross References\nTip:\n\n{note}"
    );
    assert_eq!(
        titles(&src),
        ["Text Formatting", "Paragraph Alignment", "Cross References"]
    );
}

/// A document's title right over `Table of Contents` leaves the contents to start there,
/// so the titles it lists count where they come round: `Block quotations` over a
/// callout's label, and `License` right over a line of text, which ends the contents.
#[test]
fn contents_under_the_document_title_name_the_titles() {
    let leaders = " .".repeat(30);
    let src = format!(
        "tex2mn manual\nTable of Contents\nLicense{leaders} 1\nBlock quotations{leaders} 2\n\
         Ordered lists{leaders} 3\n\n\n\
         License\nCopyright © 2020 Keith Packard, Michael Ward\n\n\
         This manual is released under the terms of the licence that covers the package.\n\n\
         Block quotations\nNOTE\n\nThese features are verified by the tests of the package.\n\n\
         Ordered lists\nNOTE\n\nThese features are verified by the tests of the package.\n"
    );
    let got = titles(&src);
    for t in ["License", "Block quotations", "Ordered lists"] {
        assert!(got.iter().any(|g| g == t), "{t} in {got:?}");
    }
}

/// A numbered title the contents list is in sequence even when the titles before it were
/// lost (text from a PDF folds them into the table or list under them): `4. Delta` after
/// `1. Alpha` skips two numbers, and the contents say it is a section all the same.
#[test]
fn a_numbered_title_the_contents_list_is_in_sequence() {
    let body = "The tool reads the sequence and shows it in the map for the reader here.\n\n";
    let src = format!(
        "Contents\n\n1. Alpha........ 1\n2. Beta........ 2\n3. Gamma........ 3\n\
         4. Delta........ 4\n\n\x0c1. Alpha\n\n{body}4. Delta\n\n{body}"
    );
    assert_eq!(titles(&src), ["Contents", "1. Alpha", "4. Delta"]);
}

/// A title with a lower-case label (`a) Purpose`) is a list item's shape, but when the
/// contents list it so, it is a section: scored after its label, as typeset ones are.
#[test]
fn a_lettered_title_the_contents_list_is_a_heading() {
    let body = "The addon runs the plugins on the remote machines and reports what they find.\n";
    let src = format!(
        "Contents\n\n1. Introduction........ 2\n   a) Purpose........ 2\n\
         \x20  b) Design Overview........ 3\n2. Usage........ 4\n\n\x0c\
         1. Introduction\n\na) Purpose\n{body}\nb) Design Overview\n{body}\n\
         2. Usage\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "Contents",
            "1. Introduction",
            "a) Purpose",
            "b) Design Overview",
            "2. Usage"
        ]
    );
}

/// A numbered title right over the bullets of a list whose items the extraction set
/// apart (`1. Conventions` / `•` / `•` / blank / the items) is a heading; a numbered line
/// over a longer line of text is still the start of a paragraph.
#[test]
fn a_numbered_title_over_lone_bullets_is_a_heading() {
    let src = "I. Introduction\n\n\
               1. Conventions\n•\n•\n\n\
               Keys are marked like this in the text of the manual\n\
               Menus and buttons are marked like this in the text of the manual\n\n\
               2. Copyright\n•\n•\n\n\
               The program is free software under the terms of the licence\n\
               The manual is free documentation under the terms of the licence\n\n\
               3. Run it\nwith the options the next chapter names, one after the other.\n";
    assert_eq!(
        titles(src),
        ["I. Introduction", "1. Conventions", "2. Copyright"]
    );
}

/// A roman chapter number next in sequence right over its first section's title and the
/// text (`II. Tools` / `1. Ligation` / …: text from a PDF drops the space between the
/// titles) is a chapter; a roman number out of sequence over a numbered line is not.
#[test]
fn a_roman_chapter_over_its_first_section_is_a_heading() {
    let body = "The dialog joins two or more fragments and shows what comes out.\n\
                Products can be made new sequences with one click of a button.\n";
    let src = format!(
        "I. Introduction\n\n1. Purpose\n{body}\n2. Conventions\n{body}\n\
         II. Tools\n1. Ligation\n{body}\n2. Options\n{body}\n\
         V. Plan\n1. Sequence the rest of the fragments.\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "I. Introduction",
            "1. Purpose",
            "2. Conventions",
            "II. Tools",
            "1. Ligation",
            "2. Options"
        ]
    );
}

/// Items labelled in lower-case roman numerals from `i.` in the section of a title with a
/// lower-case letter label (`b) Remote Host Setup`), each over its text, are titles one
/// level below it; the next lettered title comes back up. Such items with no text under
/// them (a list), or a lettered list in the text (`h.`, `i.` counting letters), stay
/// prose.
#[test]
fn roman_items_under_a_lettered_title_are_its_subsections() {
    let body = "The steps below were tried on a generic Linux host with the usual tools.\n";
    let src = format!(
        "Contents\n\na) Prerequisites........ 2\nb) Remote Host Setup........ 2\n\
         c) Monitoring Host Setup........ 3\n\n\n\
         a) Prerequisites\n{body}\n\
         b) Remote Host Setup\n\n\
         i. Account Setup\n{body}\n\
         ii. Install the Plugins\n{body}\n\
         iii. Open Firewall Rules\n{body}\n\
         c) Monitoring Host Setup\n{body}\n\
         The check can then be run in three ways:\n\n\
         i. From the Command Line\n\nii. From the Scheduler\n\n\
         h. Read the answers first.\n\ni. Ask a question on the list.\n"
    );
    assert_eq!(
        headings(&run(&src)),
        [
            (1, "Contents"),
            (1, "a) Prerequisites"),
            (1, "b) Remote Host Setup"),
            (2, "i. Account Setup"),
            (2, "ii. Install the Plugins"),
            (2, "iii. Open Firewall Rules"),
            (1, "c) Monitoring Host Setup"),
        ]
    );
}

/// A chapter number next after the last heading's is a title over any first line of its
/// text, a table's first cell or a short lead-in to a list (`2. Special menus` /
/// `View/Show 3'->5'`, `3. Display` / `Displayed are`), in a chapter whose sections number
/// from 1 again; an item of a numbered list under a title that its number happens to
/// continue is none (`6. Step 6` under `5. Steps`, after the list's items 1 to 5), and
/// neither is the lead-in (`Displayed are` ends with a verb).
#[test]
fn sections_that_continue_the_numbering_head_short_first_lines() {
    let body = "The tree on the left of the map shows all parts of the current sequence.";
    let steps: String = (1..=6)
        .map(|k| format!("{k}. Step {k}\nRun the program with option {k}.\n\n"))
        .collect();
    let src = format!(
        "I. About\n\n1. Conventions\n{body}\n\nII. DNA\n\n1. Open and display\n{body}\n\n\
         2. Special menus\nView/Show 3'->5'\n\nShow the complementary strand in the map\n\n\
         3. Display\nDisplayed are\n\n• features\n• restriction sites\n\n\
         4. Mouse actions\nAction on\nBackground\n\n5. Steps\n{body}\n\n{steps}"
    );
    let doc = run(&src);
    let got = headings(&doc);
    let titles: Vec<&str> = got.iter().map(|(_, t)| *t).collect();
    for t in [
        "2. Special menus",
        "3. Display",
        "4. Mouse actions",
        "5. Steps",
    ] {
        assert!(titles.contains(&t), "{t} in {got:?}");
    }
    for t in ["Displayed are", "6. Step 6", "1. Step 1"] {
        assert!(!titles.contains(&t), "{t} in {got:?}");
    }
}

/// A history told year by year: a year is the whole title of a numbered section that
/// continues the numbering, over a blank line or right over its text (`1.1.2 2004` /
/// `tlmgr gained …`); a year in a numbered list out of sequence heads nothing.
#[test]
fn years_that_continue_the_numbering_are_titles() {
    let src = "1 History\n\nThe distribution has changed every year since it began.\n\n\
               1.1 Past\n\nThe first releases came on a disc with the user group's journal.\n\n\
               1.1.1 2003\n\nThe release no longer fitted on one disc, so it was split in three.\n\n\
               1.1.2 2004\ntlmgr gained updates from more than one repository at a time.\n\n\
               1.1.3 2006–2007\n\nThe new engines came with their own fonts and formats.\n\n\
               Prices by year:\n\n4.2 2005\n\nThe list above was not complete.\n";
    assert_eq!(
        titles(src),
        [
            "1 History",
            "1.1 Past",
            "1.1.1 2003",
            "1.1.2 2004",
            "1.1.3 2006–2007"
        ]
    );
}

/// A numbered title in capitals at a page's top is no running title when it comes next in
/// sequence: each chapter here opens its page (`1. INTRODUCTION` after the contents); the
/// running title over the page after a chapter's opening (`3. LIMITS` again) stays none.
#[test]
fn a_chapter_in_capitals_that_opens_a_page_is_no_running_title() {
    let heads: Vec<String> = [
        "Contents\n\n1. Introduction........ 2\n2. Usage........ 4\n3. Limits........ 6",
        "1. INTRODUCTION",
        "The introduction goes on over this page with more of the same.",
        "2. USAGE",
        "The usage goes on over this page with more of the same.",
        "3. LIMITS",
        "3. LIMITS",
    ]
    .map(String::from)
    .to_vec();
    let src = pages(&heads, |a, b| {
        format!("The {a} group of the {b} lattice acts on this space.")
    });
    assert_eq!(
        titles(&src),
        ["Contents", "1. INTRODUCTION", "2. USAGE", "3. LIMITS"]
    );
}

/// OCR reads a roman numeral's I as a lower-case l (`Il.`, `lll.`): the chapters are
/// still II and III, and the sections numbered from 1 under each are theirs.
#[test]
fn roman_numerals_misread_by_ocr_still_number_their_chapters() {
    let body = "The module shows the sequence and its map, and the sequence can be edited.\n\n";
    let src: String = [
        "I. About",
        "1. Conventions",
        "2. Copyright",
        "Il. DNA",
        "1. Open and display DNA",
        "2. Toolbar",
        "lll. Protein",
        "1. Toolbar",
        "2. Function display",
    ]
    .iter()
    .map(|l| format!("{l}\n\n{body}"))
    .collect();
    assert_eq!(
        headings(&run(&src)),
        [
            (1, "I. About"),
            (2, "1. Conventions"),
            (2, "2. Copyright"),
            (1, "Il. DNA"),
            (2, "1. Open and display DNA"),
            (2, "2. Toolbar"),
            (1, "lll. Protein"),
            (2, "1. Toolbar"),
            (2, "2. Function display"),
        ]
    );
}

/// Text extracted from a PDF drops the space between a title and its first subsection's
/// title: both stacked over the text are headings; short lines that read on as a sentence
/// are not.
#[test]
fn a_title_stacked_over_its_first_subsection_title_is_a_heading() {
    let src = "Introduction\n\
        This release is the seventh one. It has many modules that have been updated since.\n\
        \n\
        CID Font support\n\
        The CID-keyed font format was designed by Adobe Systems for fonts with large sets.\n\
        \n\
        Build changes and issues\n\
        Strict compilation flags\n\
        Most of the modules in this release use stricter compiler flags when building with\n\
        the GNU compiler. These flags both enable more warnings and promote warnings.\n\
        \n\
        Most of the modules\n\
        use stricter flags\n\
        When building with the GNU compiler these flags enable more warnings than before.\n";
    let t = titles(src);
    for want in ["Build changes and issues", "Strict compilation flags"] {
        assert!(t.iter().any(|h| h == want), "{want} missed: {t:?}");
    }
    assert!(!t.iter().any(|h| h.starts_with("Most of")), "{t:?}");
}

fn kinds(x: &TextExtraction) -> Vec<&'static str> {
    x.blocks.iter().map(|b| b.kind.as_str()).collect()
}

fn texts(x: &TextExtraction) -> Vec<&str> {
    x.blocks
        .iter()
        .map(|b| &x.canonical[b.off_begin..b.off_end])
        .collect()
}

#[test]
fn function_heads_name_an_atom_and_close_their_arguments() {
    for (t, result) in [
        ("start()", Some(false)),
        (
            "open([Host], [Option]) -> {ok, Handle} | {error, Reason}",
            Some(true),
        ),
        ("'and'([Filter]) -> filter()", Some(true)),
        ("Module:init(Args) -> Result", Some(true)),
        ("search(Handle, Options) -> {ok, Result} | {ok,", Some(true)),
    ] {
        assert_eq!(function_head(t), result, "{t}");
    }
    for t in [
        "Start(File)",
        "io.format(X)",
        "f(X) + 1",
        "{ok, Pid} = start()",
        "open(Host",
        "no arguments",
    ] {
        assert_eq!(function_head(t), None, "{t}");
    }
    assert!(!function_head_closed("search(H, O) -> {ok, R} | {ok,"));
    assert!(!function_head_closed("ok | {error,"));
    assert!(function_head_closed("open(H) -> {ok, Handle}"));
}

#[test]
fn man_page_headings_are_outdented() {
    let src = "NAME\n       ls - list directory contents\n\nSYNOPSIS\n       ls [OPTION]... [FILE]...\n\nDESCRIPTION\n       List  information  about  the FILES (the current directory by default).\n\n       -a, --all\n              do not ignore entries starting with .\n\n   Exit status:\n       0      if OK,\n\n       1      if minor problems.\n\nAUTHOR\n       Written by Richard M. Stallman and David MacKenzie.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "NAME"),
            (1, "SYNOPSIS"),
            (1, "DESCRIPTION"),
            (2, "Exit status:"),
            (1, "AUTHOR")
        ]
    );
}

#[test]
fn numbered_items_ending_in_a_colon_under_a_sentence_that_does_are_a_list() {
    let body = "           It shows some clients and arranges them in one of the\n           layouts that the program knows.\n";
    let src = format!(
        "NAME\n       wm - a tiling window manager\n\nTILING ALGORITHM\n       A frame fulfills exactly one of the following conditions:\n\n        1. Frame contains windows:\n\n{body}\n        2. Frame is split into subframes:\n\n{body}\nFRAME INDEX\n       The exact position of a frame in the tree.\n"
    );
    assert_eq!(titles(&src), ["NAME", "TILING ALGORITHM", "FRAME INDEX"]);
    // Numbered titles that end in a colon, in sequence and under no such sentence, stay.
    let body = "The package is distributed under the terms of the licence,\nwhich the file states in full for every reader.\n";
    let src =
        format!("1 Legal matters:\n\n{body}\n2 Short description:\n\n{body}\n3 Usage:\n\n{body}");
    assert_eq!(
        titles(&src),
        ["1 Legal matters:", "2 Short description:", "3 Usage:"]
    );
}

#[test]
fn a_frame_set_in_from_a_set_in_body_is_example_output() {
    let src = "NAME\n       sv - show the entries of a tune list\n\nEXAMPLES\n       The output for one tune reads:\n\n        --- In STIL.txt ---\n\n          /Hubbard_Rob/\n          COMMENT: All of these tunes are his.\n\nFILES\n       The list is read from the folder given.\n";
    assert_eq!(titles(src), ["NAME", "EXAMPLES", "FILES"]);
    // At the body's edge, the frame makes a title.
    let src = src.replace("        --- In", "       --- In");
    assert_eq!(titles(&src), ["NAME", "EXAMPLES", "In STIL.txt", "FILES"]);
}

#[test]
fn fields_with_values_and_bars_of_links_are_no_titles() {
    for t in [
        "Since: 2.1.1",
        "Default: None",
        "Version: v4.1",
        "Released: 2008",
    ] {
        assert!(field_value(t), "{t}");
    }
    for t in [
        "Step 3: Documenting the sources",
        "Chapter: Setup and tailoring",
        "Note: 3 cases",
    ] {
        assert!(!field_value(t), "{t}");
    }
    assert!(link_bar("Source · Contents · Index"));
    assert!(link_bar("Home | Download | Documentation | Community"));
    assert!(!link_bar("Ideas · and the people who have them"));
    assert!(!link_bar("Chapter 3 · 41"));
    // In a man page, `Default: None` under an option's name is its text, not a subsection.
    let src = "NAME\n       bt - a tracing language\n\nENVIRONMENT\n   BPFTRACE_VMLINUX\n       Default: None\n\n       This specifies the path of the kernel image used to resolve symbols.\n\n   BPFTRACE_BTF\n       Default: None\n\n       The path to a BTF file, searched in several places by default.\n";
    assert!(
        !titles(src).iter().any(|t| t.starts_with("Default")),
        "{:?}",
        titles(src)
    );
}

#[test]
fn an_empty_man_subsection_over_its_first_child_is_a_title_of_its_own() {
    // `.SS` right after `.SS`: two outdented titles stacked, the text under the second.
    let body = "       The following operators are available for integers, each\n       described below with its precedence.\n";
    let src = format!(
        "NAME\n       bt - a tracing language\n\nDESCRIPTION\n{body}\n   Type conversion\n{body}\n   Operators and Expressions\n   Arithmetic Operators\n{body}\n   Variable scoping\n   Pointers\n{body}\n   Tuples\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "NAME",
            "DESCRIPTION",
            "Type conversion",
            "Operators and Expressions",
            "Arithmetic Operators",
            "Variable scoping",
            "Pointers",
            "Tuples"
        ]
    );
    // Two lines set out and run on as a sentence are not two titles.
    let src = format!(
        "NAME\n       bt - a tracing language\n\nDESCRIPTION\n{body}\n   Tuples\n{body}\n   Note that the maps are kept,\n   and cleared at exit.\n{body}"
    );
    assert_eq!(titles(&src), ["NAME", "DESCRIPTION", "Tuples"]);
}

#[test]
fn numbered_and_underlined_levels() {
    let src = "Project Title\n=============\n\nSome intro text that runs on.\n\nInstall\n-------\n\nRun the thing.\n\nDetails\n~~~~~~~\n\nMore text here.\n\nUsage\n-----\n\nText.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "Project Title"),
            (2, "Install"),
            (3, "Details"),
            (2, "Usage")
        ]
    );
    let src = "1.  Introduction\n\n   Text of the introduction.\n\n1.1.  Terminology\n\n   The key words.\n\n2.  Protocol\n\n   More.\n\nAppendix A.  Grammar\n\n   Rules.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "1. Introduction"),
            (2, "1.1. Terminology"),
            (1, "2. Protocol"),
            (1, "Appendix A. Grammar")
        ]
    );
}

/// A reference's entry numbered `2.1.2` with `Description` and `Returns` headings of its
/// own (known by their look alone): those lie inside the entry, and the next numbered
/// section is the entry's sibling, not their child. An unnumbered heading before the
/// first number or after the last (`Abstract`, `References`), or before a chapter, keeps
/// the rank of its look.
#[test]
fn a_program_and_its_purpose_over_its_synopsis_is_a_title() {
    // A user's guide that collects its programs' manual pages, one to a page.
    let page = |name: &str, purpose: &str| {
        format!(
            "{name} - {purpose}\n\nSynopsis\n\n{name} [options] hmmfile\n\nDescription\n\n\
             The program reads the profiles in the file and writes what it is asked for, \
             one record at a time.\n\nOptions\n\n-h Help; print a brief reminder of \
             command-line usage and all available options.\n\x0c"
        )
    };
    let guide = [
        page("hmmconvert", "convert profile file to various formats"),
        page("hmmemit", "sample sequences from a profile"),
        page("hmmfetch", "retrieve profiles from a file"),
    ]
    .concat();
    let t = titles(&guide);
    for name in ["hmmconvert", "hmmemit", "hmmfetch"] {
        assert!(
            t.iter().any(|t| t.starts_with(&format!("{name} - "))),
            "{t:?}"
        );
    }
    // In a manual page itself the line is the text of its `NAME` section.
    let man = "NAME\n       hmmfetch - retrieve profiles from a file\n\nSYNOPSIS\n       \
        hmmfetch [options] hmmfile key\n\nDESCRIPTION\n       Quickly retrieves one or \
        more profiles from an HMM database.\n";
    let t = titles(man);
    assert!(!t.iter().any(|t| t.starts_with("hmmfetch")), "{t:?}");
    assert!(t.iter().any(|t| t == "SYNOPSIS"), "{t:?}");
}

#[test]
fn contents_entries_over_leaders_of_their_own_are_no_titles() {
    // `pdftotext` puts an entry's number, title, leaders and page on lines of their own.
    // The contents' own title is gone (a running line, taken as furniture).
    let src = "3.3\n\nStep 2: Running the generator . . . . . . . . . . . .\n\n13\n\n\
        3.3.1\n\nHTML Output\n\n. . . . . . . . . . . . . . . . . . . . . . . .\n\n13\n\n\
        3.3.2\n\nRTF Output\n\n. . . . . . . . . . . . . . . . . . . . . . . .\n\n14\n\n\
        1 Installation\n\nThe program builds on any system with a C compiler and make.\n";
    let t = titles(src);
    assert!(!t.iter().any(|t| t.contains("Output")), "{t:?}");
    assert!(t.iter().any(|t| t == "1 Installation"), "{t:?}");
}

#[test]
fn a_numbered_title_wrapped_onto_a_second_line_is_one_heading() {
    let src = "2.1 Minimum cost flow problem\n\n2.1.1 Background\n\n\
        The minimum cost flow problem is stated as follows, over a flow network.\n\n\
        2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS\nformat\n\n\
        Synopsis\n\nint glp_read_mincost(glp_graph *G, const char *fname);\n\n\
        2.1.3 glp_write_mincost — write minimum cost flow problem data\n\n\
        The routine writes the data to a text file in DIMACS format.\n\n\
        2.1.4 glp_mincost_relax4 — solve minimum cost flow problem with relaxation\n\
        method of Bertsekas and Tseng (RELAX-IV)\n\n\
        The routine finds the optimal solution with the RELAX-IV code.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (2, "2.1 Minimum cost flow problem"),
            (3, "2.1.1 Background"),
            (
                3,
                "2.1.2 glp_read_mincost — read minimum cost flow problem data in DIMACS format"
            ),
            (
                3,
                "2.1.3 glp_write_mincost — write minimum cost flow problem data"
            ),
            (
                3,
                "2.1.4 glp_mincost_relax4 — solve minimum cost flow problem with relaxation method of Bertsekas and Tseng (RELAX-IV)"
            )
        ]
    );
    // A paragraph that starts with a number is no title: its second line runs on.
    let para = "2.1 Minimum cost flow problem\n\n2.1.1 Background\n\n\
        2.1.2 percent of the arcs carry no flow at all in the optimal solution of the\n\
        problem as stated.\n";
    let t = titles(para);
    assert!(!t.iter().any(|t| t.starts_with("2.1.2")), "{t:?}");
}

#[test]
fn headings_between_numbered_ones_lie_inside_the_section_before() {
    let src = "Abstract\n\nThe routines of the library, one entry each.\n\n\
        2.1 Minimum cost flow problem\n\n\
        2.1.1 Background\n\nThe problem is stated as follows, over a flow network.\n\n\
        2.1.2 glp_mincost_lp — convert minimum cost flow problem to LP\n\n\
        Description\n\nThe routine builds the problem from the graph.\n\n\
        Returns\n\nThe routine returns zero when it succeeds, and a code otherwise.\n\n\
        2.1.3 Other routines\n\nMore text follows here in a full sentence of prose.\n\n\
        References\n\nA list of the works cited here, in the order of citation.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "Abstract"),
            (2, "2.1 Minimum cost flow problem"),
            (3, "2.1.1 Background"),
            (
                3,
                "2.1.2 glp_mincost_lp — convert minimum cost flow problem to LP"
            ),
            (4, "Description"),
            (4, "Returns"),
            (3, "2.1.3 Other routines"),
            (1, "References")
        ]
    );
    // Before a chapter: no numbered heading would go under it, it keeps its rank.
    let src = "1 Overview\n\nThe first chapter says what the program does.\n\n\
        Part Two\n\nThe chapters on its use follow here, one for each task.\n\n\
        2 Methods\n\nThe second chapter says how it does it, step by step.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [(1, "1 Overview"), (1, "Part Two"), (1, "2 Methods")]
    );
}

#[test]
fn underlines_make_headings_of_long_titles_and_of_every_faq_question() {
    let src = "=============================================\nfuzz – a library for coverage-guided testing.\n=============================================\n\nIntro text that runs on.\n\nQ. Does it run on Windows?\n--------------------------------------------------------\n\nYes.\n\nFixtures can be **requested** more than once per test (values are cached)\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\nText.\n\nQ. Is it fast?\n--------------\n\nVery.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "fuzz – a library for coverage-guided testing."),
            (2, "Q. Does it run on Windows?"),
            (
                3,
                "Fixtures can be **requested** more than once per test (values are cached)"
            ),
            (2, "Q. Is it fast?")
        ]
    );
    // Without the underlines, the same lines are prose.
    let plain = "fuzz – a library for coverage-guided testing.\n\nIntro text that runs on.\n\nFixtures can be **requested** more than once per test (values are cached)\n\nText.\n";
    assert!(headings(&run(plain)).is_empty());
}

#[test]
fn underlined_inline_literals_and_roles_are_titles() {
    let src = "Sections\n========\n\nIntro.\n\n``alias``\n---------\n\nDefines command aliases.\n\n:mod:`os.path`\n--------------\n\nPath helpers.\n\n``ui.username``\n\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\n\nWho commits.\n";
    assert_eq!(
        headings(&run(src)),
        [
            (1, "Sections"),
            (2, "``alias``"),
            (2, ":mod:`os.path`"),
            (3, "``ui.username``")
        ]
    );
    // Not underlined, the same lines are no headings.
    let plain = "Intro.\n\n``alias``\n\nDefines command aliases.\n";
    assert!(headings(&run(plain)).is_empty());
}

#[test]
fn member_names_after_section_numbers_are_titles_once_numbering_began() {
    let src = "4.1.3 Member Function Documentation\n\n\n4.1.3.1 compute_areas()\n\n\nint siscone::Carea::compute_areas (\n      double _radius )\n\ncompute the jet areas.\n\n\n4.1.3.2 ∼Carea()\n\n\ndefault dtor.\n\n\n4.1.3.3 n\n\n\nint siscone::Cjet::n\n\nnumber of particles inside.\n";
    assert_eq!(
        headings(&run(src)),
        [
            (3, "4.1.3 Member Function Documentation"),
            (4, "4.1.3.1 compute_areas()"),
            (4, "4.1.3.2 ∼Carea()"),
            (4, "4.1.3.3 n")
        ]
    );
    // Without numbered headings before it, a host line is not a section.
    let hosts =
        "The hosts file line:\n\n      192.168.1.1 xyzzy.sudo.ws xyzzy\n\nnames the host.\n";
    assert!(headings(&run(hosts)).is_empty());
}

#[test]
fn contents_with_page_numbers_on_lines_of_their_own_are_no_headings() {
    // pdftotext's raw order: `Contents` over the first entry, leaders and page numbers on
    // lines of their own, chapter entries without leaders.
    let src = "Contents\n1 License\n\n1\n\n2 Prerequisites\n\n1\n\n2.1 Operating system . . . . . . . . . . . . . . . . . . .\n\n1\n\n2.2 Printing and exam\n\n. . . . . . . . . . . . . . . . . . . . . . . . . .\n\n2\n\n3 Alternative usages\n\n4\n\n1 License\nAuto Multiple Choice is free software: you can redistribute it and modify it.\n\n2 Prerequisites\n2.1 Operating system\nThe utilities have been written for Linux and run on other systems as well.\n\n2.2 Printing and exam\nPrint the sheets on a printer that keeps the page size as it is.\n\n3 Alternative usages\nThere are other ways to use it, with photocopied subjects for one.\n";
    assert_eq!(
        headings(&run(src)),
        [
            (1, "1 License"),
            (1, "2 Prerequisites"),
            (2, "2.1 Operating system"),
            (2, "2.2 Printing and exam"),
            (1, "3 Alternative usages")
        ]
    );
    assert!(ends_with_leaders("2.1 Operating system . . . . . . ."));
    assert!(ends_with_leaders("Installation........"));
    assert!(!ends_with_leaders("It went on and on..."));
    assert!(!ends_with_leaders(". . . . . . ."));
}

/// Section numbers over titles in sentence case show how the document writes its
/// titles, as its contents do: a sentence-case line after a sentence's end is a title;
/// after a sentence cut short it is the sentence's end, and a call is no title.
#[test]
fn numbered_titles_in_sentence_case_make_sentence_case_titles() {
    let body = "The bootstrap refits the model to data simulated from the fitted one, many times over.\nIt takes longer than the profile, and it makes no asymptotic assumptions at all.\n";
    let doc = |numbered: &str| {
        format!(
            "{body}\nParametric bootstrapping\n\n{body}\n{numbered}\n\n{body}\nthat is, by simulating data from the\n\nFitted model and refitting it\n\n{body}\nLOO(fit_zinb1, fit_zinb2)\n\n{body}"
        )
    };
    let found = titles(&doc("5.2. Using the output module"));
    assert!(
        found.contains(&"Parametric bootstrapping".to_string()),
        "{found:?}"
    );
    // A line after a sentence cut short is the sentence's end, and a call is no title.
    assert!(
        !found
            .iter()
            .any(|t| t.starts_with("Fitted") || t.starts_with("LOO")),
        "{found:?}"
    );
    let found = titles(&doc("5.2. Using the Output Module"));
    assert!(
        !found.contains(&"Parametric bootstrapping".to_string()),
        "{found:?}"
    );
}

/// Contents that write their titles in sentence case show how the document writes its
/// titles: a subsection they leave out, in sentence case over its paragraph, is a title
/// too. Under contents in title case the same line is a one-line paragraph, and a word
/// or a file name alone is no title either way.
#[test]
fn contents_in_sentence_case_make_sentence_case_titles() {
    let body = "The server can be stopped from the keyboard, which is useful when a client has grabbed it and no other way is left.\nThe option that allows this is off by default, and the configuration file turns it on.\n";
    let doc = |entries: [&str; 3]| {
        format!(
            "Contents\n\n{}\n{}\n{}\n\n{}\n\n{body}\nTerminate server keystroke\n\n{body}\nOk\n\n{body}\nCC xmen.o\n\n{body}",
            entries[0], entries[1], entries[2], entries[0]
        )
    };
    let found = titles(&doc([
        "Summary of the new features in this release",
        "Details of the changed server components",
        "Removed in this release of the server",
    ]));
    assert!(
        found.contains(&"Terminate server keystroke".to_string()),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|t| t == "Ok" || t == "CC xmen.o"),
        "{found:?}"
    );
    let found = titles(&doc([
        "Summary of the New Features in This Release",
        "Details of the Changed Server Components",
        "Removed in This Release of the Server",
    ]));
    assert!(
        !found.contains(&"Terminate server keystroke".to_string()),
        "{found:?}"
    );
}

/// OCR sets every paragraph apart, so a title in sentence case looks like a one-line
/// paragraph; the document's own contents name it, and that makes it a title. The same
/// line on every page is a running title however the contents name it.
#[test]
fn a_title_the_contents_name_is_a_title_in_sentence_case() {
    let body = "We use a set of sample data and a response, and fit the model to them with the default settings of the package.\nThe result is an object of the class that the fitting function returns, and it prints a summary.\n";
    let src = format!(
        "Contents\n\nIntroduction\nBasic usage for censored data\nStratified models\n\nIntroduction\n\n{body}\nBasic usage for censored data\n\n{body}\nA sentence that stands alone\n\n{body}\nStratified models\n\n{body}"
    );
    let found = titles(&src);
    assert!(
        found.contains(&"Basic usage for censored data".to_string())
            && found.contains(&"Stratified models".to_string()),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|t| t.starts_with("A sentence")),
        "{found:?}"
    );
    let src = format!(
        "Contents\n\nIntroduction\nSymbols in alphabetical order\n\nIntroduction\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}\nSYMBOLS IN ALPHABETICAL ORDER\n\n{body}"
    );
    let found = titles(&src);
    assert!(!found.iter().any(|t| t.starts_with("SYMBOLS")), "{found:?}");
}

#[test]
fn an_unnumbered_title_the_contents_listed_starts_its_chapter_over_a_paragraph() {
    // pdftotext's raw order of a GAP manual: the contents' titles and page numbers on
    // lines of their own, then the first chapter's title alone over its first paragraph.
    let body = "Given an arbitrary finite group, the computation of its automorphism group is a very difficult task, and many have tried it.\n";
    let src = format!(
        "Contents\n\nIntroduction\n\n3\n\nThe automorphism group method\n\n4\n\n\x0cIntroduction\n\n{body}\nThe automorphism group method\n\n{body}"
    );
    let found = titles(&src);
    assert!(found.iter().any(|t| t == "Introduction"), "{found:?}");
    // The same line with no paragraph under it is one more entry of the contents.
    let src = "Contents\n\nIntroduction\n\n3\n\nMethods\n\n4\n\nIntroduction\n\nMethods\n\n5\n";
    assert!(
        !titles(src).iter().any(|t| t == "Introduction"),
        "{:?}",
        titles(src)
    );
    // A chapter's label ends the contents that gave its number bare.
    let src = "PrimGrp\n\nA library of groups\n\n\x0cContents\n\n1 Primitive Groups\n\n3\n\n1.1 Degrees\n\n2 Matrix Groups\n\n7\n\n\x0cChapter 1\n\nPrimitive Groups\n\nGiven an arbitrary finite group, the computation of its automorphism group is a very difficult task.\n\x0cPioneering work in this area was carried out long ago, and its algorithm used the output of another.\n\x0cA technique developed later sought to compute the automorphism group of a permutation group instead.\n\x0cChapter 2\n\nMatrix Groups\n\nThe library of primitive groups includes, up to permutation isomorphism, all groups of small degree.\n";
    let found = titles(src);
    assert!(
        found.iter().any(|t| t == "Chapter 1 Primitive Groups"),
        "{found:?}"
    );
    assert_eq!(
        toc_title("Introduction . . . . . 3"),
        Some("introduction".into())
    );
    assert_eq!(toc_title("The  Method   12"), Some("the method".into()));
    assert_eq!(toc_title("12"), None);
    // OCR reads leaders with stray marks after them; the title ends where they start.
    let src = format!(
        "Contents\n\nIntroduction. ©... ee\nBasic usage 2... ee\n\nReferences... ee\n\nIntroduction\n\n{body}"
    );
    let found = titles(&src);
    assert!(found.iter().any(|t| t == "Introduction"), "{found:?}");
    assert_eq!(
        toc_title("Introduction. ©... ee"),
        Some("introduction".into())
    );
    assert_eq!(toc_title("Wait... and see"), Some("wait... and see".into()));
}

#[test]
fn sections_numbered_within_their_chapter_are_sections_of_it() {
    // DocBook numbers each chapter's sections from 1 again, under `Chapter N.` labels.
    let body = "XMLStarlet is a set of command line utilities which can be used to transform XML.\nIt is linked statically to both of its libraries, so one file is all you need.\n\n";
    let lines = [
        "Chapter 1. Introduction",
        "1. About XmlStarlet",
        "2. Main Features",
        "Chapter 2. Installation",
        "1. Installation on Linux",
        "2. Installation on Solaris",
        "3. Installation on MacOS X",
        "Chapter 3. Common problems",
        "1. Namespaces and default namespace",
        "1.1. The Problem: Why does nothing match?",
        "1.2. The Solution",
        "2. Special characters",
    ];
    let src = each_over(&lines, body);
    let ex = run(&src);
    let found = headings(&ex);
    let want: Vec<(u8, &str)> = lines
        .iter()
        .map(|l| {
            let depth = if l.starts_with("Chapter") {
                1
            } else {
                2 + l.matches('.').count() as u8 - 1
            };
            (depth, *l)
        })
        .collect();
    assert_eq!(found, want);
    // Whole numbers under chapter labels (`Chapter 2` / `2.1 Compiling`) stay whole: a
    // numbered step after them is no section.
    let src = format!(
        "Chapter 1. Introduction\n{body}1.1 Purpose\n{body}Chapter 2. Installation\n{body}2.1 Compiling from source\n{body}2. Create a build directory (inside the source tree)\n{body}"
    );
    let found = titles(&src);
    assert!(
        !found.iter().any(|t| t.starts_with("2. Create")),
        "{found:?}"
    );
}

#[test]
fn a_chapter_label_heads_its_group_whatever_follows_and_takes_its_wrapped_title() {
    // `-layout` text of a DocBook book: the label over the first section's title and a
    // note, and a label whose title wraps over the lines of its own group.
    let src = "Chapter 1. Introduction\nOverview\n                Note\n                This document refers to version 0.01 of the module.\n\n    The module helps to convert existing documentation to another format, as the reasoning below describes.\n\nChapter 2. Peer-to-Peer\nCommunication by Means of\nSelections\n\nSelections are the primary mechanism that the protocol defines for the exchange of information.\n";
    let found = titles(src);
    assert!(
        found.iter().any(|t| t == "Chapter 1. Introduction"),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|t| t == "Chapter 2. Peer-to-Peer Communication by Means of Selections"),
        "{found:?}"
    );
    // A sentence under the label is no part of its title.
    let src = "Chapter 2. Peer-to-Peer\nSelections are the primary mechanism.\n\nThe protocol defines them for the exchange of information between clients.\n";
    assert!(
        !titles(src).iter().any(|t| t.contains("mechanism")),
        "{:?}",
        titles(src)
    );
}

#[test]
fn sections_numbered_within_roman_parts_are_sections_of_them() {
    let body = "Within the module, sequences can be viewed, edited and annotated in a window.\nIt is the central module of the program and the others build on it.\n\n";
    let lines = [
        "I. About",
        "1. Conventions",
        "2. Copyright",
        "II. DNA",
        "1. Open and display DNA",
        "2. Toolbar",
        "3. Detail tree",
        "5. DNA map",
    ];
    let src = each_over(&lines, body);
    let ex = run(&src);
    let found = headings(&ex);
    let want: Vec<(u8, &str)> = lines
        .iter()
        .map(|l| (if l.contains("I.") { 1 } else { 2 }, *l))
        .collect();
    // `5.` after `3.`: one section missed between them does not take the next down.
    assert_eq!(found, want);
}

#[test]
fn chapter_and_part_labels_leave_other_numberings_alone() {
    let body = "The module helps to convert existing documentation to another format for the reader.\nIt keeps every offset and every identifier stable from one run to the next.\n\n";
    let text = |lines: &[&str]| each_over(lines, body);
    // Letters after roman-looking letters (`C.` after `B.`) are letters: the numbered
    // sections after them go on.
    let lines = [
        "1. Introduction",
        "2. Methods",
        "A. Data",
        "B. Models",
        "C. Tests",
        "3. Results",
        "4. Discussion",
    ];
    let found = titles(&text(&lines));
    assert!(
        found.iter().any(|t| t == "3. Results") && found.iter().any(|t| t == "4. Discussion"),
        "{found:?}"
    );
    // A numbered step tried and rejected leaves nothing behind: the whole number after it
    // still says the numbering is not counted within chapters.
    let src = format!(
        "Chapter 1. Introduction\n{body}Chapter 2. Installation\n{body}1. Download the archive from the site, unpack it, and then go on to the next step.\n\n2.1 Compiling from source\n{body}2. Create a build directory\n{body}3. Run make\n{body}"
    );
    let found = titles(&src);
    assert!(
        !found
            .iter()
            .any(|t| t.starts_with("2. Create") || t.starts_with("3. Run")),
        "{found:?}"
    );
    // A chapter over its first section's title, with nothing cut off, is two headings.
    let found = titles(&format!(
        "Chapter 3. Configuration\nGeneral Options\n\n{body}"
    ));
    assert!(
        !found.iter().any(|t| t.contains("Configuration General")),
        "{found:?}"
    );
}

#[test]
fn repeated_unnumbered_labels_inside_numbered_subsections_need_more_to_be_headings() {
    let body = "The class computes the areas of the jets from a set of particles given.\nIt keeps the grid of soft particles between one call and the next.\n\n";
    // Headings of a text made of these lines, each followed by the body.
    let titles = |lines: &[&str]| -> Vec<String> {
        let src: String = lines.iter().map(|l| format!("{l}\n\n{body}")).collect();
        titles(&src)
    };
    let doxy = [
        "4.1 Carea Class Reference",
        "Public Member Functions",
        "4.1.1 Detailed Description",
        "4.2 Cjet Class Reference",
        "Public Member Functions",
        "4.2.1 Detailed Description",
    ];
    let numbered: Vec<&str> = doxy
        .iter()
        .copied()
        .filter(|l| l.starts_with('4'))
        .collect();
    assert_eq!(titles(&doxy), numbered);
    // A title said once under a numbered section is a section of its own; where only
    // chapters are numbered, their sections go without numbers and stay headings.
    for lines in [
        &[
            "4.1 Carea Class Reference",
            "Soft Particle Grid",
            "4.1.1 Detailed Description",
        ][..],
        &[
            "1. Introduction",
            "Evolution of the Conventions",
            "2. Atoms",
        ][..],
    ] {
        assert_eq!(titles(lines), lines);
    }
}

#[test]
fn a_continuing_subsection_number_heads_its_group_whatever_the_line_under_it() {
    // texinfo through pdftotext: no blank line between a heading and its text.
    let src = "5.2 Assignment Functions\nThese functions assign new values to already initialized floats.\n\n5.3 Combined Initialization and Assignment Functions\nint mpfr_init_set (mpfr t rop, mpfr t op, mpfr rnd t rnd)\n\n5.4 Conversion Functions\nfloat mpfr_get_flt (mpfr t op, mpfr rnd t rnd)\n";
    assert_eq!(
        titles(src),
        [
            "5.2 Assignment Functions",
            "5.3 Combined Initialization and Assignment Functions",
            "5.4 Conversion Functions"
        ]
    );
}

#[test]
fn man_page_subsections_set_left_may_be_syntax() {
    // `.SH` at column 0, `.SS` at 3, the text at 7: jq's subsections are its operators.
    let body = "       The filter takes its input and produces the same value unchanged as\n       its output, which is the simplest filter there is.\n\n";
    let src = format!(
        "BASIC FILTERS\n   Identity: .\n{body}   Comma: ,\n{body}   map(x), map_values(x)\n{body}   Old Method of Defining Custom Dependencies:\n{body}I/O\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "BASIC FILTERS",
            "Identity: .",
            "Comma: ,",
            "map(x), map_values(x)",
            "Old Method of Defining Custom Dependencies:",
            "I/O"
        ]
    );
}

#[test]
fn a_continuing_number_ending_a_paragraph_numbers_the_title_below() {
    let body = "Build and install the drivers of this kind, which is the default choice.\nNote that you need to install the development package first.\n";
    let src = format!(
        "H.1.2 USB drivers\n\n{body}H.1.3\n\nSNMP drivers\n\n{body}\nThe release is 7.88.0.\n\nMore text of the release notes that runs on as prose does.\n"
    );
    assert_eq!(titles(&src), ["H.1.2 USB drivers", "H.1.3 SNMP drivers"]);
}

/// Authors' names as a title page sets them, and titles that are none.
#[test]
fn names_of_people() {
    for t in [
        "Henrik Singmann",
        "Ιωάννης Π. Μαντζουράτος",
        "Jean-Luc Picard",
        "Mary O'Neil",
    ] {
        assert!(person_name(t), "{t}");
    }
    for t in [
        "Henrik",
        "Fixed effects",
        "2 Results",
        "ACME Corp",
        "A B",
        "Tools/Options",
    ] {
        assert!(!person_name(t), "{t}");
    }
    for t in [
        "J. K. Dewhurst, S. Sharma and L. Nordström",
        "Henrik Singmann & Mary O'Neil",
        "Anna Berg, Jean-Luc Picard",
        "J. Smith, K. Jones, and L. Brown",
    ] {
        assert!(person_names(t), "{t}");
    }
    for t in [
        "Henrik Singmann",
        "Syntax and Semantics",
        "Fixed effects, random effects and slopes",
        "Input, Output and Errors",
    ] {
        assert!(!person_names(t), "{t}");
    }
}

/// A title that is not taken (`7.2.4` / `…`, no words) breaks the numbering once, not for
/// every section after it: `7.2.5` and `7.2.6` alone at a paragraph's end still number the
/// titles under them.
#[test]
fn one_missed_number_does_not_break_the_sequence() {
    let body = "Clicking on the button restores the characteristics of all points and edges\nthat were painted between the last mouse-down and mouse-up.\n";
    let src = format!(
        "7.2.3 Undo\n\n{body}7.2.4\n\n…\n\n{body}7.2.5\n\nLinking rules\n\n{body}7.2.6\n\nBrush menu in display\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "7.2.3 Undo",
            "7.2.5 Linking rules",
            "7.2.6 Brush menu in display"
        ]
    );
}

/// The same for a number and its title on one line, as OCR gives them: `2 <A word of
/// caution` is read with a stray mark and is no title, and `3 Registering the backend`
/// after `1 Introduction` still is. Only at the same depth: a counter that numbers the
/// entries of a reference (`4 I EquationOrderBasis( F )` after section `2.2`) skips no
/// chapter.
#[test]
fn one_missed_inline_number_does_not_break_the_sequence() {
    let body = "The package is a parallel backend for the loops of the other package, and it\nprovides the mechanism needed to execute those loops in parallel.\n";
    let src = format!(
        "1 Introduction\n\n{body}\n2 <A word of caution\n\n{body}\n3 Registering the backend\n\n{body}\n4 An example session\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "1 Introduction",
            "3 Registering the backend",
            "4 An example session"
        ]
    );
    let src = format!("2.2 Methods for number fields\n\n{body}\n4 Equation order basis\n\n{body}");
    assert_eq!(titles(&src), ["2.2 Methods for number fields"]);
}

#[test]
fn a_table_cell_under_a_section_number_is_no_title() {
    // Raw-order extraction of a PDF put a table between `4.8.9` and its title.
    let body = "A table can contain entries that cover several lines, as the source shows.\nThe following source contains an entry covering four lines.\n";
    let src = format!(
        "4.8.8 Widths of columns\n\n{body}\n4.8.9\n\nColumn 2\nleft aligned\nidem\n\nColumn 3\nright aligned\n\nTables with morerows\n\n{body}\n4.8.10\n\nColoured tables\n\n{body}"
    );
    let found = titles(&src);
    assert!(!found.iter().any(|t| t.contains("Column")), "{found:?}");
    assert!(
        found.contains(&"4.8.10 Coloured tables".to_string()),
        "{found:?}"
    );
}

#[test]
fn a_chapter_whose_number_came_is_its_running_title() {
    let body = "The example files in this manual should be available to you directly.\nAdditionally, a few real life examples are collected here for you.\n";
    let src = format!(
        "1 Image Plots\n\n{body}\n2 Real-world examples\n\n{body}\n2.1 Box plots\n\n{body}\nChapter 2: Real-world examples\n\n{body}\n2.2 Contouring\n\n{body}\nPart 2 Reference\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "1 Image Plots",
            "2 Real-world examples",
            "2.1 Box plots",
            "2.2 Contouring",
            "Part 2 Reference"
        ]
    );
}

#[test]
fn terms_with_their_type_are_no_headings() {
    // OCR of a parameter list whose descriptions lost their indentation.
    let src = "Special Parameters\n\nThe parameters below are set by the line editor.\n\nBUFFER (scalar)\nThe entire contents of the edit buffer. If it is written to, the cursor remains at the\nsame offset, unless that would put it outside the buffer.\n\nHISTNO (integer)\nThe current history number. Setting this has the same effect as moving up or down\nin the history to the corresponding history line.\n";
    assert_eq!(titles(src), ["Special Parameters"]);
}

#[test]
fn labels_repeated_three_times_are_no_headings() {
    let body = "The predicate succeeds when the constraint holds for every value given.\nIt fails otherwise, and it never leaves choice points behind.\n\n";
    let once = format!("Templates\n\n{body}");
    let x = run(&format!("{once}{once}{once}"));
    assert!(headings(&x).is_empty());
    let x = run(&format!("{once}{once}"));
    assert_eq!(headings(&x).len(), 2);
}

#[test]
fn appendix_section_numbers_without_the_word_are_numbering() {
    let body = "Some text of the section that runs on for a while as prose does.\n\n";
    let src = format!(
        "G.2 Previous Section\n\n{body}H.1 Driver selection\n\n{body}H.1.1 Serial drivers\n\n{body}H.1.2\n\nUSB drivers\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "G.2 Previous Section",
            "H.1 Driver selection",
            "H.1.1 Serial drivers",
            "H.1.2 USB drivers"
        ]
    );
}

/// A text cut out of a long reference manual starts in the middle of its numbering: a
/// section number and a lower-case name, on one line (`9.7.2 fd_reified_in/4`) or the
/// number alone above the name (`11.177` / `gdcmVR.h File Reference`), is the first
/// heading when the next number continues it. One that nothing continues stays text.
#[test]
fn numbering_can_start_mid_sequence_on_lower_case_names() {
    let body = "The constraint holds when the variable lies in the interval given here.\nIts truth value is kept in the boolean variable, as the other ones do.\n";
    for (sep, first, second, third) in [
        ("    ", "9.7.2", "9.7.3", "9.8"),
        ("\n\n", "11.177", "11.178", "11.179"),
    ] {
        let src = format!(
            "{body}\n{first}{sep}fd_reified_in/4\n\n{body}\n{second}{sep}fd_cardinality/2\n\n{body}\n{third}{sep}Symbolic constraints\n\n{body}"
        );
        assert_eq!(
            titles(&src),
            [
                format!("{first} fd_reified_in/4"),
                format!("{second} fd_cardinality/2"),
                format!("{third} Symbolic constraints")
            ]
        );
        let alone = format!("{body}\n{first}{sep}fd_reified_in/4\n\n{body}");
        assert!(titles(&alone).is_empty(), "{:?}", titles(&alone));
    }
}

/// Text from a DocBook manual: a section about each element of a configuration file,
/// glued to the paragraph above it (`5.7.1.1 <config>`), and appendices whose letter
/// stands alone above the title after `G.6` (`H` / `Configure options`).
#[test]
fn element_names_and_appendix_letters_alone_continue_the_numbering() {
    let body = "The element holds the settings that the run reads before it starts.\nEach of them may be given once, and the last one given wins.\n";
    let src = format!(
        "5.7.1 XML Configuration File Format\n\n{body}The following sections detail each tag.\n5.7.1.1 <config>\n\n{body}5.7.1.2 <latex>\n\n{body}\nG.6\n\nTripp-Lite\n\n{body}\nH\n\nConfigure options\n\n{body}\nI\n\nUpgrading notes\n\n{body}\nX\n\nNot an appendix\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "5.7.1 XML Configuration File Format",
            "5.7.1.1 <config>",
            "5.7.1.2 <latex>",
            "G.6 Tripp-Lite",
            "H Configure options",
            "I Upgrading notes"
        ]
    );
    // Without appendix numbers before it, a letter alone is no number.
    let alone = format!("{body}\nH\n\nConfigure options\n\n{body}");
    assert!(
        !titles(&alone).iter().any(|t| t.starts_with("H ")),
        "{:?}",
        titles(&alone)
    );
}

/// A man page's numbered list, its items on lines in a row: no item is a heading, though
/// the first is shorter than the second and the numbers continue (`1` / `2`).
#[test]
fn numbered_lines_in_a_row_are_a_list() {
    let src = "STANDARDS\n       This ps conforms to:\n\n       1   Version 2 of the Single Unix Specification\n       2   The Open Group Technical Standard Base Specifications, Issue 6\n       3   IEEE Std 1003.1, 2004 Edition\n       4   X/Open System Interfaces Extension [UP XSI]\n\nAUTHOR\n       ps was originally written by a person who later handed it on to others.\n";
    assert_eq!(titles(src), ["STANDARDS", "AUTHOR"]);
}

/// Doxygen's LaTeX pages head each page with the section the page starts
/// (`3.4 Step 3: Documenting the sources`) though the section opens further down: the
/// heading is where it opens, not the page's top.
#[test]
fn a_numbered_running_title_over_its_own_opening_is_not_the_heading() {
    let body = "The output is written to a folder of its own, one file for each class.\nEach file can be viewed with any browser, or read by other tools.\n";
    let src = format!(
        "3.3 Output formats\n\n{body}\n3.3.1 HTML output\n\n{body}\x0c3.4 Step 3: Documenting the sources\n\n3.3.2\n\nXML output\n\n{body}\n3.4\n\nStep 3: Documenting the sources\n\n{body}"
    );
    let x = run(&src);
    let found = headings(&x);
    assert!(
        found.contains(&(2, "3.4 Step 3: Documenting the sources")),
        "{found:?}"
    );
    let at = x
        .blocks
        .iter()
        .find(|b| {
            b.heading
                .as_ref()
                .is_some_and(|h| h.title.starts_with("3.4"))
        })
        .map(|b| b.off_begin)
        .unwrap();
    let xml = x.canonical.find("XML output").unwrap();
    assert!(
        at > xml,
        "the heading is the opening below the running title"
    );
}

/// A changelog in reStructuredText titles each release by its version: the dots of a
/// number are not the title's punctuation.
#[test]
fn release_versions_under_an_underline_are_titles() {
    let src = "Releases\n========\n\nEach release is listed below, the newest first, with what changed.\n\nv22.0.0\n-------\n\nMarch 16, 2022\n\n * fix coverage uploads\n\nv21.1.0\n-------\n\nAugust 16, 2021\n\n * fix broken tests\n";
    assert_eq!(titles(src), ["Releases", "v22.0.0", "v21.1.0"]);
}

/// reST titles that start with a number of their own (`1. Filter` under `Trace`, the
/// count starting over under each section): the underline ranks them, and a number that
/// came before under another section is no repeat.
#[test]
fn numbered_rest_titles_rank_by_their_underline() {
    let body = "The device is tuned through the files below, one for each parameter.\n";
    let src = format!(
        "Device\n======\n\n{body}\nTune\n----\n\n{body}\n1. Tx Path QoS Control\n~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\n2. Tx Path Buffer Control\n~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\nTrace\n-----\n\n{body}\n1. Filter\n~~~~~~~~~\n\n{body}\n2. Type\n~~~~~~~\n\n{body}"
    );
    assert_eq!(
        headings(&run(&src)),
        [
            (1, "Device"),
            (2, "Tune"),
            (3, "1. Tx Path QoS Control"),
            (3, "2. Tx Path Buffer Control"),
            (2, "Trace"),
            (3, "1. Filter"),
            (3, "2. Type")
        ]
    );
    // Under a document title, numbered titles rank by their underlines too.
    let src = format!(
        "======================\nLinux Kernel Makefiles\n======================\n\n{body}\n1 Overview\n==========\n\n{body}\n2 The kbuild files\n==================\n\n{body}\n2.1 Goal definitions\n--------------------\n\n{body}"
    );
    assert_eq!(
        headings(&run(&src)),
        [
            (1, "Linux Kernel Makefiles"),
            (2, "1 Overview"),
            (2, "2 The kbuild files"),
            (3, "2.1 Goal definitions")
        ]
    );
    // A lower-case title breaks the count (`3. charge-commit-cancel` is no number); the
    // next numbered title under its underline is a section all the same.
    let src = format!(
        "1. Charge\n=========\n\n{body}\n2. Uncharge\n===========\n\n{body}\n3. charge-commit-cancel\n=======================\n\n{body}\n4. Anonymous\n============\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "1. Charge",
            "2. Uncharge",
            "3. charge-commit-cancel",
            "4. Anonymous"
        ]
    );
}

/// In a reStructuredText document every section title is underlined: a numbered line
/// whose text continues indented under its first letter is an enumerated list's item.
/// The same lines in a document without underlined titles stay headings.
#[test]
fn enumerated_items_of_an_underlined_document_are_no_headings() {
    let body = "The link settings are read from the firmware and passed on to the driver.\n";
    let items = "1. PHY mode\n\n   In PHY mode, we use phylib to read the current link settings.\n\n2. Fixed mode\n\n   Fixed mode is the same as PHY mode as far as the driver goes.\n\n";
    let src = format!(
        "phylink\n=======\n\nOverview\n--------\n\n{body}\nModes of operation\n------------------\n\n{body}\n{items}Converting a driver\n-------------------\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "phylink",
            "Overview",
            "Modes of operation",
            "Converting a driver"
        ]
    );
    let plain = format!("{body}\n{items}");
    assert_eq!(titles(&plain), ["1. PHY mode", "2. Fixed mode"]);
}

/// In a document whose titles are underlined, a line with a deeper-indented paragraph
/// right under it is a definition list's term (kernel documentation's `Some Basic Rules`);
/// the same lines in a document without underlined titles stay headings.
#[test]
fn definition_terms_of_an_underlined_document_are_no_headings() {
    let body = "Kernel code runs with the full rights of the machine and no one to catch it.\n";
    let terms = "No memory protection\n    If you corrupt memory, whether in user context or interrupt context,\n    the whole machine will crash.\n\nSTATUS\n  this attribute represents the operating status (charging, full).\n\n";
    let src = format!(
        "Unreliable Guide To Hacking\n===========================\n\nIntroduction\n------------\n\n{body}\nSome Basic Rules\n----------------\n\n{terms}Interrupt context\n-----------------\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "Unreliable Guide To Hacking",
            "Introduction",
            "Some Basic Rules",
            "Interrupt context"
        ]
    );
    let plain = format!("{body}\n{terms}");
    assert_eq!(titles(&plain), ["No memory protection", "STATUS"]);
}

/// reStructuredText (underlined titles and explicit markup) has adorned titles only: a
/// one-line paragraph, a paragraph that opens a literal block and an underlined title
/// inside that block are none. Without the explicit markup the same text is plain text
/// whose unadorned lines may head sections.
#[test]
fn restructured_text_titles_are_adorned() {
    let body = "Each setting has a name, a type and a default that the worker reads at startup.\n";
    let rest = format!(
        "Settings\n========\n\n{body}\nEnable UTC\n----------\n\n{{markup}}Default: Enabled\n\n{body}\nCall paths\n----------\n\n1. Arithmetic Instructions::\n\n    Suspend call path\n    -----------------\n\n    Write mem to the state file.\n\nBroker settings\n---------------\n\n{body}"
    );
    let titles_rest = ["Settings", "Enable UTC", "Call paths", "Broker settings"];
    let markup = ".. _enable-utc:\n\n.. versionadded:: 2.5\n\n";
    assert_eq!(titles(&rest.replace("{markup}", markup)), titles_rest);
    let plain = titles(&rest.replace("{markup}", ""));
    assert!(
        plain.iter().any(|t| t == "Default: Enabled")
            && plain.iter().any(|t| t == "Suspend call path"),
        "{plain:?}"
    );
}

/// An underlined `Contents` over a hand-made list of the titles heads a section, and the
/// first title of the list, underlined below it, heads the next one.
#[test]
fn underlined_contents_list_ends_at_the_next_underlined_title() {
    let body = "This file describes the driver and the adapters it supports, as shipped.\n";
    let src = format!(
        "Linux Base Driver\n=================\n\nContents\n========\n\n- In This Release\n- Identifying Your Adapter\n\n\nIn This Release\n===============\n\n{body}\nIdentifying Your Adapter\n========================\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "Linux Base Driver",
            "Contents",
            "In This Release",
            "Identifying Your Adapter"
        ]
    );
}

/// In reStructuredText an underline at the margin makes a title whatever its words, and
/// two adornment characters underline a title as wide; in plain text neither holds.
#[test]
fn restructured_text_takes_every_adorned_title() {
    let body = "The device mapper target copies a source device to a destination as it runs.\n";
    let rest = format!(
        ".. SPDX-License-Identifier: GPL-2.0\n.. _dm-clone:\n.. include:: <isonum.txt>\n\nClone\n=====\n\n{body}\nWhy not...?\n-----------\n\n{body}\nkexec\n-----\n\n{body}\nQA\n--\n\n{body}\n锁\n--\n\n{body}"
    );
    assert_eq!(titles(&rest), ["Clone", "Why not...?", "kexec", "QA", "锁"]);
    let plain = titles(&rest.replace(".. ", ""));
    assert!(!plain.iter().any(|t| t == "QA" || t == "锁"), "{plain:?}");
}

#[test]
fn restructured_titles_take_angle_brackets_and_commas_as_adornment() {
    let body = "A proxy object uses a weakref callback when it is collected.\n";
    let rest = format!(
        "Managers\n========\n\n.. module:: managers\n\nSee :class:`Namespace` and ``Pool``.\n\n.. _cleanup:\n\nNamespace objects\n>>>>>>>>>>>>>>>>>\n\n{body}\nCleanup\n>>>>>>>\n\n{body}\nOverriding the ``run`` Method\n,,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n\n{body}"
    );
    assert_eq!(
        titles(&rest),
        [
            "Managers",
            "Namespace objects",
            "Cleanup",
            "Overriding the run Method"
        ]
    );
    // An empty interactive prompt under a line of output is no underline.
    let session = "Session\n=======\n\nThe interpreter answers each line.\n\nHello\n>>>\n\nIt waits for more.\n";
    assert_eq!(titles(session), ["Session"]);
}

#[test]
fn restructured_titles_keep_their_wide_gaps() {
    // A changelog's release titles, the date set apart from the version by spaces: the
    // adornment makes each a title, where a plain line with such a gap is a table row.
    let body = "BUGFIX: keyword arguments of length two are unquoted again.\n";
    let rest = format!(
        "Validation\n==========\n\nSee :func:`check` and ``is_list``.\n\n.. note:: Read this.\n\n.. _changes:\n\nCHANGELOG\n---------\n\n2007/02/04      Version 0.2.3\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}\n2006/12/17      Version 0.2.3-alpha1\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n{body}"
    );
    assert_eq!(
        titles(&rest),
        [
            "Validation",
            "CHANGELOG",
            "2007/02/04 Version 0.2.3",
            "2006/12/17 Version 0.2.3-alpha1"
        ]
    );
    // Without reStructuredText's markup the same lines are not titles.
    let plain = titles(&rest.replace(".. ", "").replace('`', ""));
    assert!(!plain.iter().any(|t| t.starts_with("2007")), "{plain:?}");
}

/// A reST title right under the last line of a code block, with no blank line between:
/// docutils ends the block at the margin and reads the title, and so does docsweep.
#[test]
fn restructured_titles_right_under_an_indented_block_are_titles() {
    let src = "Print\n-----\n\n.. code:: python\n\n    # Python 2 only:\n    print 'Hello'\n.. code:: python\n\n    print('Hello', end='')\nRaising exceptions\n~~~~~~~~~~~~~~~~~~\n\nRaise them as below.\n\n.. code:: python\n\n    raise ValueError('dodgy')\n==================\nCatching them\n==================\n\nText.\n";
    let x = run(src);
    assert_eq!(
        heading_titles(&x),
        ["Print", "Raising exceptions", "Catching them"]
    );
    let code: Vec<&str> = kinds(&x)
        .into_iter()
        .zip(texts(&x))
        .filter(|(k, _)| *k == "code")
        .map(|(_, t)| t.trim())
        .collect();
    assert!(code.contains(&"print('Hello', end='')"), "{code:?}");
    assert!(code.contains(&"raise ValueError('dodgy')"), "{code:?}");
    // In plain text, a line under an indented one is not cut off from it.
    let plain = titles(&src.replace(".. code:: python", "Code:"));
    assert!(
        !plain.iter().any(|t| t == "Raising exceptions"),
        "{plain:?}"
    );
}

/// A man page whose tables underline their column heads is no document of underlined
/// titles: its section names, left of the body with the body right under them, stay
/// headings.
#[test]
fn man_page_tables_with_underlined_heads_keep_the_sections() {
    let table = "           X          Y       Meaning\n           -------------------------------------------------\n                    [AMD]    not updated\n           M        [ MTD]   updated in index\n\n";
    let src = format!(
        "NAME\n       git-status - Show the working tree status\n\nSYNOPSIS\n       git status [<options>] [--] [<pathspec>...]\n\nDESCRIPTION\n       Displays paths that have differences between the index file and the current HEAD commit.\n\n{table}{table}{table}OUTPUT\n       The output from this command is designed to be used as a commit template comment.\n"
    );
    assert_eq!(titles(&src), ["NAME", "SYNOPSIS", "DESCRIPTION", "OUTPUT"]);
}

/// In a document with underlined titles whose body is indented, a title set left of the
/// body with the body right under it is a heading, as in a man page; a line at the
/// body's margin over a deeper paragraph is a definition term.
#[test]
fn outdented_titles_of_an_underlined_document_stay_headings() {
    // Bodies long enough that the underlines are not the margin of the text.
    let body = "    The daemon reads its settings once at startup and again on SIGHUP.\n    It logs every change it makes to the system journal.\n".repeat(30);
    let src = format!(
        "Daemon Guide\n============\n\nSetup\n-----\n\n{body}\nUpgrading\n---------\n\n{body}\nRunning\n-------\n\n{body}\nLog rotation\n{body}\nTroubleshooting\n---------------\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "Daemon Guide",
            "Setup",
            "Upgrading",
            "Running",
            "Log rotation",
            "Troubleshooting"
        ]
    );
}

/// Under a man page's `AUTHOR` and `COPYRIGHT` sections, names and notices at the body's
/// margin head nothing; the next section set left of the body does.
#[test]
fn man_page_credits_hold_no_headings() {
    let body = "       Larry Wall wrote the first version; the current one reads the headers\n       of the C library and writes the Perl modules that stand for them.\n";
    let src = format!(
        "NAME\n       h2ph - convert .h C header files to .ph Perl header files\n\nDESCRIPTION\n{body}\nAUTHOR\n       Larry Wall\n\nCOPYRIGHT\n       Copyright (C) 1984-2021 Mark Nudelman\n\n       Mark Nudelman\n\nSEE ALSO\n{body}"
    );
    assert_eq!(
        titles(&src),
        ["NAME", "DESCRIPTION", "AUTHOR", "COPYRIGHT", "SEE ALSO"]
    );
}

/// A sysctl reference's entries, a variable and its type set left of the description,
/// are terms; a title set so stays a heading.
#[test]
fn variable_entries_are_terms() {
    let body = "\tDefault value of the field for outgoing packets, between 1 and 255.\n\tIt applies to every interface unless one sets its own.\n".repeat(20);
    let src = format!(
        "IP Sysctl\n=========\n\nVariables\n=========\n\nip_forward - BOOLEAN\n{body}\nip_default_ttl - INTEGER\n{body}\nneigh/default/gc_thresh1 - INTEGER\n{body}\nRouting notes\n{body}\nICMP\n====\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        ["IP Sysctl", "Variables", "Routing notes", "ICMP"]
    );
}

/// A reference as `pdftotext -layout` gives a Sphinx manual: each title at the left edge
/// over an entry whose signature is at the same edge and whose text is indented under it.
/// The titles are headings; a line at the edge over a capitalized line (a picture's title
/// over the next heading) is not.
#[test]
fn titles_over_reference_entries_at_the_left_edge_are_headings() {
    let text = "     Builds the grid of a table from the cells of its rows and keeps it for later reads.\n     Nothing is written until the caller flushes the buffer on purpose.\n";
    let entry = |sig: String| format!("{sig}\n{text}\n");
    let mut src = String::new();
    for class in ["Grid", "Cell", "Sheet"] {
        let lower = class.to_lowercase();
        src += &format!("\n\nThe {class} class\n\n");
        src += &entry(format!("class tables.{lower}.{class}(rows, cols)"));
        src += &entry(format!("{class}.width"));
        src += &entry(format!("{class}._v_names"));
        src += &format!("\n\n{class} methods\n\n");
        src += &entry(format!("{class}.append(row)"));
        src += &entry(format!("{class}.flush()"));
    }
    // A class named in lower case or with an underscore over its entry is its title too.
    for class in ["iGzip", "MS_Spectrum"] {
        src += &format!("\n\n{class}\n\n");
        src += &entry(format!("class pymzml.file_classes.{class}(path, encoding)"));
    }
    src += &format!("\nGrid layout after a resize\n\nResizing\n{text}{text}");
    let found = titles(&src);
    for class in ["iGzip", "MS_Spectrum"] {
        assert!(found.iter().any(|t| t == class), "{class}: {found:?}");
    }
    for class in ["Grid", "Cell", "Sheet"] {
        for title in [format!("The {class} class"), format!("{class} methods")] {
            assert!(found.contains(&title), "{title}: {found:?}");
        }
    }
    assert!(found.contains(&"Resizing".to_string()), "{found:?}");
    assert!(
        !found.iter().any(|t| t.contains("after a resize")),
        "{found:?}"
    );
}

/// Text extracted from a PDF without layout (`pdftotext`, six pages of the GPSBabel
/// manual's format reference): paragraphs run together and a blank line stands only over
/// a title, `FlySight GPS File (flysight)` / `This format can...` or `cat option` /
/// `Default category on output (1..16).`, `bitscategory option` / `Bitmap of categories.`.
/// Those titles are headings, in lower case too;
/// the bullets, lead-ins and commands under them are not. The same lines with a blank
/// line after every sentence are ordinary paragraphs, where a lower-case line heads none.
#[test]
fn titles_under_the_only_blank_lines_are_headings() {
    let src = include_str!("../../../tests/data/text/excerpts/gpsbabel-formats.txt");
    // The manual's outline (its PDF bookmarks) over these pages.
    let outline = [
        "allpoints option",
        "recoverymode option",
        "FlySight GPS File (flysight)",
        "Franson GPSGate Simulation (gpssim)",
        "wayptspd option",
        "split option",
        "Fugawi (fugawi)",
        "Garmin 301 Custom position and heartrate (garmin301)",
        "Garmin G1000 datalog input filter file (garmin_g1000)",
        "Garmin Logbook XML (glogbook)",
        "Garmin MapSource - gdb (gdb)",
        "cat option",
        "bitscategory option",
        "ver option",
        "via option",
        "dropwpt option",
        "roadbook option",
        "Garmin MapSource - txt (tab delimited) (garmin_txt)",
        "date option",
    ];
    let found = titles(src);
    for f in &found {
        assert!(outline.contains(&f.as_str()), "{f}: {found:?}");
    }
    // A title over a lead-in that trails off (`This format can...`) and its bullets alone
    // heads them as well as one over longer text does.
    for t in [
        "allpoints option",
        "FlySight GPS File (flysight)",
        "Franson GPSGate Simulation (gpssim)",
        "Garmin MapSource - gdb (gdb)",
        "wayptspd option",
        "Fugawi (fugawi)",
        "Garmin Logbook XML (glogbook)",
        "roadbook option",
        // So does one over a sentence longer than itself by a little.
        "bitscategory option",
    ] {
        assert!(found.contains(&t.to_string()), "{t}: {found:?}");
    }
    assert!(found.len() >= 15, "{found:?}");
    // A title in sentence case over its lead-in heads it as well.
    let sentence = titles(&src.replace("Fugawi (fugawi)", "Fugawi waypoint file (fugawi)"));
    assert!(
        sentence.contains(&"Fugawi waypoint file (fugawi)".to_string()),
        "{sentence:?}"
    );
    let spaced = titles(&src.replace(".\n", ".\n\n"));
    assert!(!spaced.iter().any(|t| t.ends_with(" option")), "{spaced:?}");
}

/// A short paragraph set at the text column of the list item above it belongs to that
/// item; at the margin the same line may head a section.
#[test]
fn paragraphs_at_an_items_text_column_go_on_with_the_item() {
    let items = "* Fix a problem with disabled msgid not being ignored\n\n  Closes #4265\n\n* Fix issue with annotated class constants\n\n  Closes #4264\n\n";
    let src = format!(
        "Full changelog\n==============\n\nWhat's New in Pylint 2.7.4?\n---------------------------\n\n{items}What's New in Pylint 2.7.3?\n---------------------------\n\n{items}"
    );
    assert_eq!(
        titles(&src),
        [
            "Full changelog",
            "What's New in Pylint 2.7.4?",
            "What's New in Pylint 2.7.3?"
        ]
    );
    let body = "The release fixes what the previous one broke and adds nothing else to it.\n";
    let item = "- Fix issue with annotated class constants\n\n";
    let under = format!("{body}\n{item}  Known Problems\n\n{body}");
    let margin = format!("{body}\n{item}Known Problems\n\n{body}");
    assert_eq!(titles(&under), Vec::<String>::new());
    assert_eq!(titles(&margin), ["Known Problems"]);
}

/// A reStructuredText title reads as rendered, as a Markdown heading's does; the
/// heading block keeps the source.
#[test]
fn restructured_titles_read_as_rendered() {
    let body = "Companies and labs that run the library in production say what it does.\n";
    let src = format!(
        ".. _testimonials:\n\n.. include:: ../includes/big_toc_css.rst\n\nWho is using it\n===============\n\n{body}\n`J.P. Morgan <https://www.jpmorgan.com>`_\n------------------------------------------\n\n{body}\nAll vs all with :ref:`@product<decorators.product>`\n---------------------------------------------------\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        ["Who is using it", "J.P. Morgan", "All vs all with @product"]
    );
    let x = run(&src);
    assert!(x.blocks.iter().any(|b| b.kind == BlockType::Heading
        && x.canonical[b.off_begin..b.off_end].contains("<https://www.jpmorgan.com>")));
}

/// reST comments count as its explicit markup: a `.. CONTENTS` comment over an indented
/// list of the section titles holds no headings.
#[test]
fn restructured_text_known_by_its_comments() {
    let body = "The scheduler gives each group a share of the real-time bandwidth.\n";
    let src = format!(
        ".. SPDX-License-Identifier: GPL-2.0\n\n==========================\nReal-Time group scheduling\n==========================\n\n.. CONTENTS\n\n   1. Overview\n     1.1 The problem\n   2. The interface\n\n\n1. Overview\n===========\n\n{body}\n1.1 The problem\n---------------\n\n{body}\n2. The interface\n================\n\nSections look like this::\n\n    .. part-heading_1:\n\n    =========\n    Heading 1\n    =========\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "Real-Time group scheduling",
            "1. Overview",
            "1.1 The problem",
            "2. The interface"
        ]
    );
}

/// reStructuredText without a directive or comment, known by its roles and named links:
/// its titles read as rendered, an identifier's underscores are its name, titles that
/// start with one number (`X.509`) are titles each, and so is a glossary's letter over
/// one dash.
#[test]
fn restructured_text_known_by_its_inline_markup() {
    let src = "Endorsements\n============

What users say, with :meth:`links <Foo.bar>` and :class:`Baz`.\n\n`Stripe <https://stripe.com>`_\n--------------------------------\n\nAt Stripe we use it for :func:`everything`.\n\n__truediv__\n-----------\n\nThe :meth:`__div__` method no longer defines it.\n\nX.509 Certificate Object\n------------------------\n\nA certificate.\n\nX.509 Certificate Builder\n-------------------------\n\nA builder.\n\nA\n-\n\n**ADCE**\n    Aggressive Dead Code Elimination\n";
    assert_eq!(
        titles(src),
        [
            "Endorsements",
            "Stripe",
            "__truediv__",
            "X.509 Certificate Object",
            "X.509 Certificate Builder",
            "A"
        ]
    );
    assert!(rest_inline_markup("see :py:meth:`run` here"));
    assert!(rest_inline_markup("`Stripe <https://stripe.com>`_"));
    assert!(!rest_inline_markup("at 10:30:`date` and a:b:`c`"));
    assert!(!rest_inline_markup("a URL <https://example.com>"));
}

/// A line that closes with a full-width full stop is a sentence of Chinese or Japanese
/// prose, not a title.
#[test]
fn full_width_sentences_are_no_titles() {
    let src = "什么是MSI?\n==========\n\n信息信号中断是指从设备写到一个特殊的地址，导致CPU接收到一个中断。\n\nMSI能力首次在PCI 2.2中规定，后来在PCI 3.0中得到增强，允许对每个中断进行单独屏蔽。\nMSI-X功能也随着PCI 3.0被引入。\n\n为什么用MSI?\n============\n\n有三个原因可以说明为什么使用MSI比传统的基于针脚的中断有优势。\n\n首先，基于针脚的PCI中断通常在几个设备之间共享。\n";
    assert_eq!(titles(src), ["什么是MSI?", "为什么用MSI?"]);
}

/// Under an underline a title may be a release's number and date, a date and a version,
/// or an option's name: the underline says it is a title.
#[test]
fn underlined_versions_dates_and_options_are_titles() {
    let body = "Each entry lists what changed, the newest first, as the project made it.\n";
    let src = format!(
        "ChangeLog\n=========\n\n{body}\n2.9.0 (2022-02-06)\n------------------\n\n{body}\n15 June 2005: Version 1.6\n-------------------------\n\n{body}\n``--pars``\n----------\n\n{body}"
    );
    assert_eq!(
        titles(&src),
        [
            "ChangeLog",
            "2.9.0 (2022-02-06)",
            "15 June 2005: Version 1.6",
            "``--pars``"
        ]
    );
}

/// A line of no word over lines of no word is OCR's reading of a figure or a table.
#[test]
fn ocr_debris_of_figures_and_tables_heads_nothing() {
    let body = "The cone has five elements in its minimal Hilbert basis, as the figure shows.\n";
    for debris in [
        "FPOrRrF OF FH\n\n9\n\nPNR OF\n\nPw oOo Ww\n",
        "KKK KA KAA KK SASK ASAR ASRS SS\nKKK KAKA KKK KAAS KASS SAAS R SSS\n",
        "LAC FLAG\nSNA\nJMP .-2\n",
    ] {
        let src = format!("{body}\n{debris}\n{body}");
        assert!(titles(&src).is_empty(), "{:?}", titles(&src));
    }
    // A title of no word over a line of words heads its text all the same.
    let src = "NAME\n       ssh - remote login program\n\nSEE ALSO\n       scp(1), sftp(1)\n";
    assert_eq!(titles(src), ["NAME", "SEE ALSO"]);
    assert!(word("SYNOPSIS") && word("ssh") && word("Density") && word("Überblick"));
    assert!(!word("KAKA") && !word("PNR") && !word("SSi") && !word("oOo") && !word("ALSO"));
}

#[test]
fn a_line_over_rows_of_figures_is_their_head() {
    let body = "The four samplers agree on the posterior means, as the table shows.\n";
    let rows = "openBUGS 13.58 0.022 0.022 2.22 9.83\nR 13.62 0.022 0.0385 2.22 9.91\nINLA 13.62 2.20 9.77 13.46\n";
    let src = format!("{body}\nImplementation Mean SE TS SE SD\n\n{rows}\n{body}");
    assert!(titles(&src).is_empty(), "{:?}", titles(&src));
}

/// Lines that number data are no sections, though the numbers continue: raw-order text
/// of a PDF table, each cell a paragraph (a one-part number and a lower-case word under
/// it), and host lines in a row (only the next line of the run continues each).
#[test]
fn numbered_cells_and_host_lines_are_no_sections() {
    let body = "The grid option selects the format in which coordinates are written.\n";
    for data in [
        "0\n\nddd\n\nLat/Lon hddd.ddddd\n\n1\n\ndmm\n\nLat/Lon hddd mm.mm\n\n2\n\ndms\n\nLat/Lon hddd mm ss.s\n",
        "192.168.1.1    alpha\n192.168.1.2    bravo\n192.168.1.3    charlie\n",
    ] {
        let src = format!("{body}\n{data}\n{body}");
        assert!(titles(&src).is_empty(), "{:?}", titles(&src));
    }
}

#[test]
fn lead_ins_logs_and_framed_program_output_are_no_headings() {
    let src = "Running the tests\n=================\n\nThe suite runs as follows, and it reports failures at the end of the run.\nIt prints one letter for each test, then the details of each failure.\n\n    $ pytest -q test_module.py\n    FFFF                                  [100%]\n    ================= FAILURES =================\n    ______________ test_ehlo ___________________\n\nThe options change what it prints and when it stops, as the list shows.\nSome of them are used in most runs, others hardly ever at all.\n\nExamples:\nRun until the first failure with the option that stops there.\nRun quietly with the option that prints less than by default.\n\nINFO: Seed: 1523017872\n\nThe seed changes from run to run, so that every run tries new inputs for the target.\n";
    assert_eq!(headings(&run(src)), [(1, "Running the tests")]);
}

#[test]
fn ocr_contents_entries_with_garbled_leaders_are_recognized() {
    for entry in [
        "5.1 Atomiclists .. 2... ee ee",
        "11.1 Explicit lock and unlock primitives... 2... 2... ee eee",
        "Introduction ........ 12",
    ] {
        assert!(toc_line(entry), "{entry}");
    }
    for prose in [
        "Wait... then the scheduler runs every task again.",
        "for i in 0..10 do print i",
        "See the range 1..5 and ...",
    ] {
        assert!(!toc_line(prose), "{prose}");
    }
}

#[test]
fn a_number_and_title_above_dot_leaders_are_a_contents_entry() {
    // Text from a PDF: each contents entry spread over lines of its own, then the section.
    let src = "3.3.1\n\nHTML Output\n\n. . . . . . . . . . . . . . . . .\n\n13\n\nSome words in between that run on for a while, as body text does.\n\n3.3.1\n\nHTML output\n\nThe generated HTML documentation can be viewed with a browser.\n";
    let x = run(src);
    assert_eq!(headings(&x), [(3, "3.3.1 HTML output")]);
    assert!(x.blocks[0].kind != BlockType::Heading);
}

#[test]
fn lists_toc_and_references_are_never_headings() {
    let src = "Table of Contents\n\n   1.  Introduction . . . . . . . . . . . 2\n   2.  Protocol  . . . . . . . . . . . . . 3\n\n1. Introduction\n\nSteps:\n\n1. Install it\n\n2. Configure it\n\n3. Run it\n\n[RFC2119]  Bradner, S., \"Key words\", March 1997.\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [(1, "Table of Contents"), (1, "1. Introduction")]
    );
    assert_eq!(
        kinds(&x),
        ["heading", "list", "heading", "prose", "list", "prose"]
    );
}

const WORDS: [&str; 6] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
// Pages 1..=5 take WORDS[1..=5].

/// `83 / 123` wherever the page's reading order put it (here under a section number at
/// the top): a page number, so the number and its title below it join.
#[test]
fn page_numbers_over_the_page_count_are_furniture_anywhere_on_the_page() {
    let mut src = String::new();
    for (p, w) in WORDS.iter().enumerate() {
        src.push_str("Network UPS Tools User Manual\n\n");
        if p % 2 == 0 {
            src.push_str(&format!("H.1.{}\n\n{} / 123\n\n", p / 2 + 1, 83 + p));
            src.push_str(&format!("Drivers for {w}\n\n"));
        } else {
            src.push_str(&format!("{} / 123\n\n", 83 + p));
        }
        src.push_str(&format!(
            "The {w} drivers are built when their libraries are found, and skipped otherwise.\n\x0c"
        ));
    }
    let x = run(&src);
    assert!(!x.canonical.contains(" / 123"), "{}", x.canonical);
    assert_eq!(
        titles(&src),
        [
            "H.1.1 Drivers for alpha",
            "H.1.2 Drivers for charlie",
            "H.1.3 Drivers for echo"
        ]
    );
    // A fraction in the text is no page number.
    let x = run("Mix 1 / 2 of the first and 2 / 3 of the second, then 3 / 4 of the rest.\n");
    assert!(x.canonical.contains("1 / 2"));
}

#[test]
fn a_document_of_furniture_alone_keeps_its_lines() {
    let src = "Same line\n\x0c".repeat(30);
    let x = run(&src);
    assert_eq!(x.furniture_lines, 0);
    assert_eq!(x.blocks.len(), 30);
}

#[test]
fn furniture_is_removed_and_paragraphs_continue_across_pages() {
    let mut src = String::new();
    for (p, w) in WORDS.iter().enumerate().skip(1) {
        src.push_str("RFC 9999            Example Protocol            June 2030\n\n");
        src.push_str(&format!("The {w} paragraph starts here and\n"));
        src.push_str(&format!("runs over the page break with {w}\n\n"));
        src.push_str(&format!(
            "Author                Informational              [Page {p}]\n\x0c"
        ));
    }
    let x = run(&src);
    assert_eq!(x.pages, Some(5));
    assert_eq!(x.furniture_lines, 10);
    assert!(!x.canonical.contains("RFC 9999") && !x.canonical.contains("[Page"));
    assert!(!x.canonical.contains('\x0c'));
    // "…with alpha" + "The bravo…": upper case, so a new paragraph on every page.
    assert_eq!(x.blocks.len(), 5);
    assert_eq!(x.blocks[4].page, Some(5));
    for b in &x.blocks {
        let s = b.src_begin.unwrap() as usize;
        assert_eq!(&src[s..s + 4], &x.canonical[b.off_begin..b.off_begin + 4]);
    }
    // A lower-case continuation on the next page joins the paragraph.
    let src = "Header line\n\nFirst part of a sentence\n\n- 1 -\n\x0cHeader line\n\ncontinued on page two.\n\n- 2 -\n\x0cHeader line\n\nThird page.\n\n- 3 -\n";
    let x = run(src);
    assert_eq!(x.furniture_lines, 6);
    assert_eq!(
        texts(&x),
        [
            "First part of a sentence\n\n\ncontinued on page two.",
            "Third page."
        ]
    );
    assert_eq!(x.blocks[0].page, Some(1));
}

#[test]
fn a_chapter_opening_is_kept_while_its_running_titles_go() {
    // Doxygen's layout: a chapter opens with `Chapter N` / its title / a section number;
    // later pages repeat the chapter's title at the top, by the page number.
    let mut src = String::new();
    for (ch, title) in [(1, "Getting started"), (2, "Documenting the code")] {
        src.push_str(&format!(
            "\x0cChapter {ch}\n\n{title}\n{ch}.1\n\nFirst section\n\nThe opening page of the chapter has a paragraph of text that runs on.\n\nGenerated by Tool\n"
        ));
        for p in 0..3 {
            src.push_str(&format!(
                "\x0c{}\n\n{title}\n\nAnother page of this chapter, its text running on as pages do.\n\nGenerated by Tool\n",
                10 * ch + p
            ));
        }
    }
    let x = run(&src[1..]);
    let canon = &x.canonical;
    // Each title is left once, at its chapter's opening, with its section number.
    assert_eq!(canon.matches("Getting started").count(), 1, "{canon}");
    assert_eq!(canon.matches("Documenting the code").count(), 1, "{canon}");
    assert!(canon.contains("1.1") && canon.contains("2.1"), "{canon}");
    assert!(!canon.contains("Generated by Tool"));
    let titles = heading_titles(&x);
    assert!(titles.contains(&"Chapter 1 Getting started"), "{titles:?}");
    assert!(
        titles.contains(&"Chapter 2 Documenting the code"),
        "{titles:?}"
    );
}

/// A manual's pages as `pdftotext -layout` writes them: left pages head `NNN  10 TITLE IN
/// CAPITALS`, right pages `10.5 Section title  NNN`; a chapter opens under its bare page
/// number in mixed case, a section may open under its own running title.
fn paged_manual() -> String {
    let body = "The function below raises the error and leaves the context as it was before.\nIts arguments are checked first, and the message names the argument at fault.\n";
    let mut src = String::new();
    for p in 0..10u32 {
        let n = 197 + p;
        let head = match p {
            0 => format!("9.9   Optimization constraints                    {n}\n\n9.9.2    Minimizing a cost"),
            1 => format!("{n}          9   FINITE DOMAIN SOLVER"),
            2 => format!("{n}\n\n10      Interfacing Prolog and C\n\n10.1     Introduction"),
            _ if p % 2 == 1 => format!("{n}                    10   INTERFACING PROLOG AND C"),
            4 => format!("10.2   Raising errors                     {n}\n\n\n10.2     Raising errors"),
            6 | 8 => format!("10.2   Raising errors                     {n}"),
            _ => format!("10.{}   Section {p} title                    {n}", p / 2),
        };
        src.push_str(&format!("\x0c{head}\n\n{body}\n{body}\n"));
    }
    src[1..].to_string()
}

#[test]
fn a_chapter_opening_in_mixed_case_is_kept_while_its_capital_running_titles_go() {
    let x = run(&paged_manual());
    let canon = &x.canonical;
    assert_eq!(
        canon.matches("INTERFACING PROLOG AND C").count(),
        0,
        "{canon}"
    );
    let found = headings(&x);
    assert!(
        found.contains(&(1, "10 Interfacing Prolog and C")),
        "{found:?}"
    );
    assert!(found.contains(&(2, "10.1 Introduction")), "{found:?}");
}

#[test]
fn a_section_opening_under_its_own_running_title_is_kept() {
    let x = run(&paged_manual());
    let canon = &x.canonical;
    // The running title goes, the heading under it stays: once, as a heading.
    assert_eq!(canon.matches("Raising errors").count(), 1, "{canon}");
    let found = headings(&x);
    assert!(found.contains(&(2, "10.2 Raising errors")), "{found:?}");
}

/// OCR of a page window out of a book: its first page is a left page like the others,
/// page number on top, then the chapter's running title that the left pages carry (all
/// but one, a figure's), too few of all pages for a title at the top of a first page.
#[test]
fn a_numbered_first_page_loses_the_running_title_of_its_side() {
    let mut src = String::new();
    for p in 0..14u32 {
        let n = 32 + p;
        let head = if p == 6 {
            // A left page taken by a figure, without its running title.
            format!("{n}")
        } else if p % 2 == 0 {
            if p == 0 {
                format!("{n}\n\nCHAPTER 3. INTERFACE")
            } else {
                format!("{n} CHAPTER 3. INTERFACE")
            }
        } else {
            format!("3.{} THE PANELS {n}", p / 2 + 1)
        };
        const WORDS: [&str; 14] = [
            "colony", "market", "dock", "harbour", "church", "school", "fort", "farm", "mine",
            "forest", "river", "road", "camp", "mill",
        ];
        let w = WORDS[p as usize];
        src.push_str(&format!(
            "\x0c{head}\n\nThe {w} panel shows what the {w} holds and who works there.\nA unit moves to the {w} when it is dragged onto the {w} tile.\nThe {w} grows while its people are fed and housed.\nGoods made in the {w} go to the market at the end of a turn.\nA {w} that nobody works is shown in grey on the map.\n"
        ));
    }
    let x = run(&src[1..]);
    assert!(!x.canonical.contains("CHAPTER 3"), "{}", x.canonical);
    assert!(x.canonical.contains("The colony panel"), "{}", x.canonical);
}

#[test]
fn a_short_chapter_running_title_is_furniture_when_centred() {
    // A guide printed to text: the chapter's name centred over four of its eight pages,
    // another chapter's over the rest, the page number at the foot.
    let page = |head: &str, indent: usize, p: usize| {
        let body: String = (0..8)
            .map(|l| format!("Line {l} of page {p} tells the reader about account {p}{l}.\n"))
            .collect();
        format!(
            "{}{head}\n\n{body}\n{:>40}\n\x0c",
            " ".repeat(indent),
            170 + p
        )
    };
    let doc = |indent: usize| -> String {
        (0..8)
            .map(|p| page(if p < 4 { "Reports" } else { "Capital Gains" }, indent, p))
            .collect()
    };
    // The first page's line is the document's title; the three after it are furniture.
    let x = run(&doc(50));
    assert_eq!(x.canonical.matches("Reports").count(), 1, "{}", x.canonical);
    assert!(!x.canonical.contains("Capital Gains"), "{}", x.canonical);
    // At the margin a word this short is no running title: it stays.
    let x = run(&doc(0));
    assert_eq!(x.canonical.matches("Reports").count(), 4, "{}", x.canonical);
}

/// A texinfo reference as `pdftotext` gives it: numbered entries titled by a function's
/// name over its calls, categories in brackets on lines of their own, then the
/// description, whose first sentence may stand alone over the rest.
#[test]
fn numbered_function_entries_are_headings_and_their_descriptions_are_not() {
    let entry = |n: usize, name: &str, first: &str| {
        format!(
            "9.1.{n} {name}\ny = {name} (x, snr)\ny = {name} (x, snr, pwr)\n\n[Function File]\n[Function File]\n\n{first}\nThe input x is assumed to be a real or complex voltage signal, and the value\nreturned has the same form and size as x but with the change applied to it.\n\n"
        )
    };
    let src = format!(
        "9.1 Functions Alphabetically\n\n{}{}{}9.2 Math functions\n\nThe functions below take real or complex values.\n\nSqrt\n\n[expression ]\nSquare root of the expression, which must not be negative here.\n\nAtan\n\n[expression ]\nArc tangent of the expression, in radians, for real values only.\n",
        entry(1, "ademodce", "Baseband demodulator for analog signals"),
        entry(2, "amdemod", "Add white Gaussian noise to a voltage signal"),
        entry(3, "bi2de", "Convert bit matrix to a vector of integers")
    );
    assert_eq!(
        titles(&src),
        [
            "9.1 Functions Alphabetically",
            "9.1.1 ademodce",
            "9.1.2 amdemod",
            "9.1.3 bi2de",
            "9.2 Math functions"
        ]
    );
    // A man page's synopsis may end in brackets, set in from the title under it.
    let man = "NAME\n       tcpdump - dump traffic on a network\n\nSYNOPSIS\n       tcpdump [ -i interface ] [ -w file ]\n               [ expression ]\n\nDESCRIPTION\n       Tcpdump prints out a description of the contents of packets on a network\n       interface that match the Boolean expression.\n";
    assert_eq!(titles(man), ["NAME", "SYNOPSIS", "DESCRIPTION"]);
}

#[test]
fn key_chords_are_emacs_keys_and_not_words() {
    for w in ["C-g", "M-x", "C-M-p", "C-xt", "C-xC-s", "C-x1", "s-a"] {
        assert!(key_chord(w), "{w}");
    }
    for w in [
        "A-Z", "C-API", "C-style", "X-ray", "C-", "Chapter", "M-", "H-1", "A-10",
    ] {
        assert!(!key_chord(w), "{w}");
    }
}

#[test]
fn identifier_names_are_functions_and_methods_alone() {
    for name in [
        "amdemod",
        "bi2de",
        "copy_reg",
        "gf_add()",
        "@i2cdev/readRegister",
        "arduinoioaddons.adafruit.stepper",
    ] {
        assert!(identifier_name(name), "{name}");
    }
    for text in [
        "Properties of the bus",
        "@",
        "2nd",
        "x = read (dev)",
        "-foo",
        "",
    ] {
        assert!(!identifier_name(text), "{text}");
    }
}

/// A reference whose numbered entries each carry the same labels: the entries are
/// sections, the labels (`Properties` over a sentence) are not, however well they look.
#[test]
fn labels_repeated_under_numbered_entries_are_no_titles() {
    let entry = |n: usize, class: &str| {
        format!(
            "9.3.{n} @{class}/{class}\ndev = {class} (ar, address)\nCreate an {class} object to communicate with the bus of an arduino board.\n\nInputs\nar - connected arduino object\n\nProperties\nThe {class} object has the following public properties, each of them read only.\nparent\n\n"
        )
    };
    let src: String =
        std::iter::once("9.3 Devices\n\nThe classes below talk to devices.\n\n".to_string())
            .chain(
                ["i2cdev", "spidev", "servo", "shiftRegister"]
                    .iter()
                    .enumerate()
                    .map(|(i, c)| entry(i + 1, c)),
            )
            .collect();
    assert_eq!(
        titles(&src),
        [
            "9.3 Devices",
            "9.3.1 @i2cdev/i2cdev",
            "9.3.2 @spidev/spidev",
            "9.3.3 @servo/servo",
            "9.3.4 @shiftRegister/shiftRegister"
        ]
    );
}

/// Six lines of text for page `p`, worded differently from page to page (lines that differ
/// only in their digits would read as running lines).
fn page_body(p: usize) -> String {
    let words = [
        "prefix", "suffix", "popup", "level", "history", "value", "scope", "group",
    ];
    (0..6)
        .map(|l| {
            let w = words[(p * 3 + l) % words.len()];
            format!("The {w} of a transient command is set as line {l} describes it.\n")
        })
        .collect()
}

/// OCR of a texinfo manual: a chapter opens at the top of a page whose number is the
/// chapter's (`1 Introduction` on page 1), the pages after it carry `Chapter 1:
/// Introduction 2` with their numbers; its table of keys lists bindings and commands.
#[test]
fn a_chapter_opening_numbered_as_its_page_is_a_heading_and_key_bindings_are_terms() {
    let body = page_body;
    let keys = "C-g (transient-quit-one)\nThis key quits the currently active incomplete key sequence, if any.\n\nC-xC-s (transient-save)\nSave the value of the active transient persistently across Emacs sessions.\n\nM-x transient-resume (transient-resume)\nThis command resumes the previously suspended transients, if any.\n\n";
    let doc: String = (0..10)
        .map(|p| match p {
            0 => format!("Contents\n\n{}ii\n\x0c", body(p)),
            1 => format!("1 Introduction\n\n{}\x0c", body(p)),
            5 => format!("2 Usage\n\n{keys}{}\x0c", body(p)),
            2..=4 => format!("Chapter 1: Introduction {p}\n\n{}\x0c", body(p)),
            6 | 7 => format!("Chapter 2: Usage {p}\n\n{}\x0c", body(p)),
            _ => format!("{p}\n\n{}\x0c", body(p)),
        })
        .collect();
    let x = run(&doc);
    assert!(!x.canonical.contains("Chapter 1"), "{}", x.canonical);
    let titles = heading_titles(&x);
    assert_eq!(titles, ["Contents", "1 Introduction", "2 Usage"]);
}

/// A chapter opens at the top of its first page under its number; the running titles of
/// the pages after it repeat its words in other dress. The opening is the chapter's
/// heading, the running titles are furniture.
#[test]
fn a_chapter_opening_is_no_running_title_of_its_own_chapter() {
    let body = page_body;
    for (opening, running) in [
        ("4 Modules and Views", "Modules and Views"),
        (
            "Appendix A Compiler options",
            "Appendix A: Compiler options",
        ),
    ] {
        let doc: String = (0..12)
            .map(|p| {
                let n = 24 + p;
                match p {
                    0 => format!("3.2 Earlier section\n\n{}\n{n}\n\x0c", body(p)),
                    5 => format!("{opening}\n\n{}\n{n}\n\x0c", body(p)),
                    _ if p % 2 == 0 || p < 5 => {
                        format!("User Manual\n\n{}\n{n}\n\x0c", body(p))
                    }
                    _ => format!("{running} {n}\n\n{}\n{n}\n\x0c", body(p)),
                }
            })
            .collect();
        let x = run(&doc);
        let inside = opening.matches(running).count();
        assert_eq!(
            x.canonical.matches(running).count(),
            inside,
            "{}",
            x.canonical
        );
        let titles = heading_titles(&x);
        assert_eq!(titles, ["3.2 Earlier section", opening], "{}", x.canonical);
    }
}

#[test]
fn a_window_of_a_book_loses_its_chapter_running_titles_and_keeps_the_chapter_opening() {
    // Pages 31–40 of a texinfo manual as `pdftotext` gives them: each page opens with its
    // chapter's running title over its number, but the page where chapter 9 opens, which
    // starts with its number over the chapter's title.
    let body = |p: usize| -> String {
        (0..6)
            .map(|l| format!("Line {l} of page {p} says how the field arithmetic works.\n"))
            .collect()
    };
    let doc: String = (0..10)
        .map(|p| {
            let n = 31 + p;
            match p {
                0 => format!(
                    "Chapter 8: Galois Fields\n\n{n}\n\n8.2.7 Signal Processing\n{}\x0c",
                    body(p)
                ),
                1 | 2 => format!("Chapter 8: Galois Fields\n\n{n}\n\n{}\x0c", body(p)),
                3 => format!(
                    "{n}\n\n9 Function Reference\n9.1 Functions by Category\n{}\x0c",
                    body(p)
                ),
                _ => format!("Chapter 9: Function Reference\n\n{n}\n\n{}\x0c", body(p)),
            }
        })
        .collect();
    let x = run(&doc);
    // The first page is a page like the others: its running title goes too.
    assert!(!x.canonical.contains("Galois"), "{}", x.canonical);
    assert!(!x.canonical.contains("Chapter 9"), "{}", x.canonical);
    assert!(
        x.canonical.contains("9 Function Reference"),
        "{}",
        x.canonical
    );
    // The chapter's own title ends its running title's words, but is its heading.
    let titles = heading_titles(&x);
    assert_eq!(
        titles,
        [
            "8.2.7 Signal Processing",
            "9 Function Reference",
            "9.1 Functions by Category"
        ]
    );
}

/// Where no page number stands alone, running titles that carry it still show how the
/// pages are numbered (`3.2 Page Templates 11`, `12 3 Replacing the Page Builder`): they
/// go. A chapter's title alone at the top of its page keeps its number, even one equal to
/// the page's, and so does a chapter label (`CHAPTER 15` on page 15).
const WORDS8: [&str; 8] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];

/// Pages, each its head, a blank line and eight lines of `line` over two words that
/// differ from page to page, then a form feed.
fn pages(heads: &[String], line: impl Fn(&str, &str) -> String) -> String {
    let mut src = String::new();
    for (p, head) in heads.iter().enumerate() {
        src.push_str(head);
        src.push_str("\n\n");
        for l in 0..8 {
            src.push_str(&line(WORDS8[l], WORDS8[(l + p) % 8]));
            src.push('\n');
        }
        src.push('\x0c');
    }
    src
}

/// Marks in a page's margin that OCR read as lines of a character or two (`1>`, `3D`)
/// do not push the running title out of the page's edge.
#[test]
fn ocr_specks_over_a_running_title_leave_it_at_the_edge() {
    let heads: Vec<String> = (0..6)
        .map(|p| {
            format!(
                "1>\n\n3D\n\ngp\n\nSection {}. {} groups {}",
                p + 1,
                WORDS8[p],
                5 + p
            )
        })
        .collect();
    let src = pages(&heads, |a, b| {
        format!("The {a} group of the {b} lattice acts on this space.")
    });
    let x = run(&src);
    assert!(!x.canonical.contains("groups"), "{}", x.canonical);
    assert_eq!(x.furniture_lines, 6);
}

/// A running title that OCR misread on one page goes with the others; a title at a
/// page's top that differs in more than a letter in eight stays.
#[test]
fn a_running_title_misread_on_one_page_is_furniture_too() {
    let heads: Vec<String> = (0..6)
        .map(|p| match p {
            2 => "Nagios NRPE Documenrarion".to_string(),
            4 => "Nagios NRPE Installation".to_string(),
            _ => "Nagios NRPE Documentation".to_string(),
        })
        .collect();
    let src = pages(&heads, |a, b| {
        format!("The {a} check of the {b} host runs on this server.")
    });
    let x = run(&src);
    assert!(!x.canonical.contains("Documenrarion"), "{}", x.canonical);
    assert!(
        x.canonical.contains("Nagios NRPE Installation"),
        "{}",
        x.canonical
    );
    assert_eq!(x.furniture_lines, 5);
}

#[test]
fn running_titles_number_the_pages_without_page_numbers_alone() {
    let heads: Vec<String> = (0..8)
        .map(|p| match p {
            3 => "12 Results".to_string(),
            6 => "CHAPTER 15".to_string(),
            _ if p % 2 == 0 => format!("3.{} Page Templates {}", p / 2 + 1, 9 + p),
            _ => format!("{} 3 Replacing the Page Builder", 9 + p),
        })
        .collect();
    let src = pages(&heads, |a, b| {
        format!("The {a} template of the {b} stream is filled at this point.")
    });
    let x = run(&src);
    assert!(!x.canonical.contains("Page Templates"), "{}", x.canonical);
    assert!(!x.canonical.contains("Replacing"), "{}", x.canonical);
    assert!(x.canonical.contains("12 Results"), "{}", x.canonical);
    assert!(x.canonical.contains("CHAPTER 15"), "{}", x.canonical);
    assert_eq!(x.furniture_lines, 6);
}

#[test]
fn running_titles_that_carry_the_page_number_are_furniture() {
    // OCR of a manual: odd pages head `Chapter N: Title NN`, even ones `NN Gri`, some pages
    // a bare number; the numbers go up with the pages.
    let heads: Vec<String> = (0..6)
        .map(|p| match p {
            0 | 4 => format!("Chapter {}: Contour Plots {}", 6 + p / 4, 27 + p),
            1 | 5 => format!("{} Gri", 27 + p),
            _ => format!("{}", 27 + p),
        })
        .collect();
    let src = pages(&heads, |a, b| {
        format!("The {a} contour of the {b} grid is drawn at this level.")
    });
    let x = run(&src);
    assert!(!x.canonical.contains("Contour Plots"), "{}", x.canonical);
    assert!(!x.canonical.contains("Gri"), "{}", x.canonical);
    assert_eq!(x.furniture_lines, 6);
}

/// OCR reads a right page's running title, the section's on the left and the book's on
/// the right, as one line (`2.3. Chroots benutzen Ubuntu Packaging Guide`): the book's
/// words end the top line of every right page, and the line is furniture however its
/// section changes; the section's own heading on its page stays one.
#[test]
fn a_running_title_that_ends_in_the_books_name_is_furniture() {
    let sections = ["Setting up sbuild", "Chroots benutzen", "KDE Paketierung"];
    let heads: Vec<String> = (0..6)
        .map(|p| match p % 2 {
            0 => "Ubuntu Packaging Guide Kapitel 2. Wissensdatenbank".to_string(),
            _ => format!(
                "2.{}. {} Ubuntu Packaging Guide",
                p / 2 + 3,
                sections[p / 2]
            ),
        })
        .collect();
    let mut src = pages(&heads, |a, b| {
        format!("The {a} package of the {b} release is built in a clean chroot here.")
    });
    src.push_str("2.4 Chroots benutzen\n\nA chroot keeps the build apart from the system.\n");
    let x = run(&src);
    // The first page keeps its top line, as a document's title may open it.
    assert_eq!(x.furniture_lines, 5, "{}", x.canonical);
    assert!(!x.canonical.contains("sbuild"), "{}", x.canonical);
    assert!(!x.canonical.contains("Paketierung"), "{}", x.canonical);
    assert!(
        headings(&x).iter().any(|h| h.1 == "2.4 Chroots benutzen"),
        "{:?}",
        headings(&x)
    );
}

/// A chapter opens under its label (`Chapter 1` / `Beginner's guide`) and the pages after
/// it head `Chapter 1. Beginner's guide N`: the opening is the heading those running
/// titles repeat, one heading of both lines, and no piece of a running title.
#[test]
fn a_chapter_title_under_its_label_is_no_piece_of_its_running_title() {
    let heads: Vec<String> = (0..6)
        .map(|p| match p {
            0 => "Contents\n\n1 Beginner's guide 3".to_string(),
            1 => "Chapter 1\nBeginner's guide".to_string(),
            _ => format!("Chapter 1. Beginner's guide {}", 3 + p),
        })
        .collect();
    let src = pages(&heads, |a, b| {
        format!("The {a} problem of the {b} system is solved in this part of the guide.")
    });
    let x = run(&src);
    assert_eq!(x.furniture_lines, 4, "{}", x.canonical);
    assert!(
        x.canonical.contains("Chapter 1\nBeginner's guide"),
        "{}",
        x.canonical
    );
    assert!(
        headings(&x).contains(&(1, "Chapter 1 Beginner's guide")),
        "{:?}",
        headings(&x)
    );
}

#[test]
fn a_chapter_title_wrapped_under_its_label_is_one_heading() {
    // A GAP manual's last chapter in pdftotext's order: the label, a blank line, the
    // title wrapped to two lines, its first section.
    let body = "The functions of this chapter print what the algorithms do at each step.\n";
    let chapter = |title: &str| {
        format!(
            "Chapter 1\n\nIntroduction\n\n1.1 General aims\n{body}\x0cChapter 2\n\n{title}\n\n2.1 Additional information\n{body}"
        )
    };
    let found = titles(&chapter("Service functions of the Congruence\npackage"));
    assert!(
        found.contains(&"Chapter 2 Service functions of the Congruence package".to_string()),
        "{found:?}"
    );
    // Cells or labels under a number are no wrapped title.
    let found = titles(&chapter("Value 4\nx 7"));
    assert!(
        !found.iter().any(|t| t.starts_with("Chapter 2")),
        "{found:?}"
    );
}

#[test]
fn list_numbers_set_deeper_than_their_title_number_steps() {
    // A guide's sections, titles at the margin and text indented under them, with steps
    // numbered at the text's margin, one blank line apart.
    let guide = |margin: &str, next: &str| {
        format!(
            "Reports\n\nThe reports of the program show the state of your accounts at a glance, with\n\
             totals for each period and each account.\n\n\
             Secondary level grouping\n       The following will modify the report to use a secondary grouping strategy. The\n       \
             first grouping will group transactions from the same accounts.\n\n\
             {margin}1. Select options as above\n\n{margin}{next}\n\n\
             Filtering accounts\n       Accounts and transactions can be filtered for reporting according to the full name\n       \
             of the account.\n"
        )
    };
    let step = "2. From the Sorting tab, set the subtotal to monthly";
    let found = titles(&guide("       ", step));
    assert_eq!(
        found,
        ["Reports", "Secondary level grouping", "Filtering accounts"],
        "{found:?}"
    );
    // At the titles' margin, numbered lines are sections.
    let found = titles(&guide("", step));
    assert!(
        found.contains(&"1. Select options as above".to_string()),
        "{found:?}"
    );
    // So is a number set deeper over text rather than over the next number (a centered
    // section title).
    let text = "The options of the report are those of the section above, and the totals\n       \
                come out for each month of the period.";
    let found = titles(&guide("       ", text));
    assert!(
        found.contains(&"1. Select options as above".to_string()),
        "{found:?}"
    );
}

#[test]
fn short_lines_alone_over_paragraphs_in_sentence_case_are_titles() {
    // OCR text that sets every paragraph apart with blank lines: its titles are short
    // lines alone in sentence case, each over a paragraph of full lines.
    let para = |w: &str| {
        format!(
            "The {w} step reads the metrics of the font from its files and writes them to\n\
             the configuration, so that the formatter can measure every glyph it sets in\n\
             the pages of the document.\n"
        )
    };
    let doc = |[a, b, c]: [&str; 3]| {
        format!(
            "{a}\n\n{}\n{b}\n\n{}\n{c}\n\n{}\nSee the list of fonts below.\n\nTimes\n\nCourier\n",
            para("first"),
            para("second"),
            para("third")
        )
    };
    let sentence_case = [
        "Adding additional fonts",
        "Generating a metrics file",
        "Registering the fonts",
    ];
    let found = titles(&doc(sentence_case));
    for t in sentence_case {
        assert!(found.contains(&t.to_string()), "{t}: {found:?}");
    }
    // Where the text's lines so set are written in title case, one in sentence case is
    // no title.
    let found = titles(&doc([
        "Adding Additional Fonts",
        "Generating a metrics file",
        "Registering Fonts Within Formatters",
    ]));
    assert!(
        !found.contains(&"Generating a metrics file".to_string()),
        "{found:?}"
    );
    // Nor is a short line over a paragraph of two lines, or over lines short of the
    // text's full line.
    let two = "The step reads the metrics of the font from its files and writes them to\n\
               the configuration of the formatter.\n";
    let short = "The step reads the metrics of the font from\nits files and writes them to the formatter's\nconfiguration, line by line.\n";
    for body in [two, short] {
        let src = format!(
            "{}\nGenerating a metrics file\n\n{body}\nRegistering additional fonts\n\n{}\nChecking installed fonts\n\n{}",
            para("first"),
            para("second"),
            para("third")
        );
        let found = titles(&src);
        assert!(
            found.contains(&"Checking installed fonts".to_string())
                && !found.contains(&"Generating a metrics file".to_string()),
            "{found:?}"
        );
    }
}

#[test]
fn a_title_the_contents_listed_wrapped_over_lines_heads_its_chapter() {
    // A GAP manual in pdftotext's order: the contents give each chapter's number and
    // title on lines of their own; each chapter's page opens with its title set large,
    // wrapped to lines of a group of their own, over its first paragraph.
    let body = |w: &str| {
        format!("A {w} group is called almost crystallographic if it is finitely generated and nilpotent by finite, with no finite normal subgroups.\n")
    };
    let [a, b, c, d] = ["first", "second", "third", "fourth"].map(body);
    let src = format!(
        "Contents\n\n1\n\nThe Almost Crystallographic Groups Package\n\n3\n\n1.1 More about the groups\n\n3\n\n\
         2\n\nAlgorithms for almost crystallographic groups\n\n5\n\n2.1 Betti numbers\n\n5\n\n\
         \x0cThe Almost\nCrystallographic\nGroups Package\n\n{a}\n1.1 More about the groups\n{b}\x0c{b}\n\
         \x0cAlgorithms for almost\ncrystallographic groups\n\n{c}\n2.1 Betti numbers\n{d}\x0c{d}"
    );
    let x = run(&src);
    let found = headings(&x);
    // The second chapter's title, between sections of chapters 1 and 2, is beside the
    // first, not inside section 1.1.
    for title in [
        "The Almost Crystallographic Groups Package",
        "Algorithms for almost crystallographic groups",
    ] {
        assert!(found.contains(&(1, title)), "{found:?}");
    }
    assert!(found.contains(&(2, "2.1 Betti numbers")), "{found:?}");
    // Lines the contents did not list stay text.
    let src = src.replace(
        "Algorithms for almost\ncrystallographic groups",
        "Methods for the\nalmost crystallographic\ngroups",
    );
    let x = run(&src);
    assert!(
        !headings(&x).iter().any(|h| h.1.starts_with("Methods")),
        "{:?}",
        headings(&x)
    );
}

#[test]
fn a_number_alone_over_the_title_the_contents_listed_with_it_ends_the_contents() {
    // A LaTeX report in pdftotext's order: entries with their numbers on one line, page
    // numbers in a column after them; each chapter opens with its number, a blank line
    // and its title.
    let body = |w: &str| {
        format!("Mongoose is a graph partitioning library that computes {w} edge cuts in graphs quickly and well.\n")
    };
    let src = format!(
        "Contents\n1 Overview\n1.1 Coarsening . . . . . . . 3\n\n3\n3\n\n2 Availability\n2.1 Getting the Code . . . . . 5\n\n5\n5\n\n\
         1\n\nOverview\n\n{}\n1.1\n\nCoarsening\n\n{}\n2\n\nAvailability\n\n{}\n2.1\n\nGetting the Code\n\n{}",
        body("small"),
        body("balanced"),
        body("fast"),
        body("good")
    );
    let found = titles(&src);
    for t in ["1 Overview", "1.1 Coarsening", "2 Availability"] {
        assert!(found.contains(&t.to_string()), "{t}: {found:?}");
    }
}

#[test]
fn a_wrapped_title_the_front_of_the_text_names_heads_its_chapter() {
    // OCR text of a GAP manual: the contents' titles on the first lines, their `Contents`
    // title lost; later a chapter's title wrapped over two lines, over its first paragraph.
    let mut src = String::from("AutPGrp\nA GAP4 Package\n\nIntroduction\n\nThe automorphism group method\nThe underlying function\n\n");
    for k in 0..FRONT_LINES {
        src += &format!("Line {k} of the introduction tells how the automorphism group of a finite p-group is computed.\n");
    }
    let chapter = "\nThe automorphism\ngroup method\n\nThe package installs a method for AutomorphismGroup of a finite p-group, described in the reference manual.\n";
    let found = titles(&format!("{src}{chapter}"));
    assert!(
        found.contains(&"The automorphism group method".to_string()),
        "{found:?}"
    );
    // The same words on lines of their own again and again are a table's head, wrapped
    // in one place and not in the others.
    let table = "\nThe automorphism group method\n\nAutomorphismGroup\n".repeat(3);
    let found = titles(&format!("{src}{table}{chapter}"));
    assert!(
        !found.contains(&"The automorphism group method".to_string()),
        "{found:?}"
    );
}

/// A short paged text whose contents page lists `2 Usage . . . . 4` among its first lines,
/// and whose page of that chapter opens with `2 Usage` on the same side of the spread:
/// two pages of one side are not a running title, for the entry is no running title.
#[test]
fn a_contents_entry_makes_no_running_title_of_the_title_it_lists() {
    let mut src = String::from("Contents\n\n1 Introduction . . . . 2\n2 Usage . . . . 3\n");
    for (t, w) in ["1 Introduction", "2 Usage", "3 Limits", "4 Tuning"]
        .iter()
        .zip(WORDS)
    {
        src.push_str(&format!(
            "\x0c{t}\n\nThe program moves each {w} of the mesh a little closer.\n\
             The {w} steps are repeated until the two images meet.\n"
        ));
    }
    let x = run(&src);
    assert_eq!(x.furniture_lines, 0, "{}", x.canonical);
    assert!(titles(&src).contains(&"2 Usage".to_string()));
}

#[test]
fn paged_text_without_headings_gets_page_sections() {
    let src = "just some words on page one.\n\x0cand more on page two.\n\nstill two.\n\x0c\x0cpage four.\n";
    let mut x = run(src);
    let st = crate::structure::build(&x.canonical, &mut x.blocks);
    let ids: Vec<_> = st.sections.iter().map(|s| s.section_id.as_str()).collect();
    assert_eq!(ids, ["p001", "p002", "p004"]);
    assert_eq!(st.block_section, [0, 1, 1, 2]);
    assert_eq!(st.block_index, [0, 0, 1, 0]);
    assert_eq!(st.sections[1].page_start, Some(2));
}

#[test]
fn content_lines_that_repeat_mid_page_stay() {
    let mut src = String::new();
    for (p, w) in WORDS.iter().enumerate().skip(1).take(4) {
        src.push_str(&format!(
            "Manual of things\n\nOn {w} we begin.\n\nSecond {w} line here.\n\nNote: same line.\n\nAnother {w} line.\n\nLast {w} words.\n\n{p}\n\x0c"
        ));
    }
    let x = run(&src);
    assert_eq!(x.furniture_lines, 8);
    assert_eq!(x.canonical.matches("Note: same line.").count(), 4);
    assert_eq!(x.canonical.matches(" line here.").count(), 4);
}

#[test]
fn hyphenation_in_prose_only() {
    let src = "The exam-\nple shows a well-\nknown case; a well-known one.\n\n    code-\n    line = 1;\n\nA state-of-the-\nart result and an ACME-\nwidget, x-\n2 too.\n";
    let x = run(src);
    let t = &x.canonical;
    assert!(t.contains("The example shows a well-known case"), "{t}");
    assert!(t.contains("code-\n    line"));
    assert!(t.contains("state-of-the-art"));
    assert!(t.contains("ACME-\nwidget"));
    assert!(t.contains("x2 too"), "{t}");
    assert_eq!(x.hyphen_joins, 2);
}

#[test]
fn tables_code_and_lists() {
    let src = "| a | b |\n|---|---|\n| 1 | 2 |\n\nname,age,city\nBob,3,\"Paris, FR\"\nAl,4,Rome\n\nName      Size   Kind\nfoo.txt   12     file\nbar       -      dir\n\n    fn main() {\n        println!(\"hi\");\n    }\n\n- one\n- two\n\n- three\n\nFigure 1: The main loop.\n";
    let x = run(src);
    assert_eq!(
        kinds(&x),
        ["table", "table", "table", "code", "list", "prose"]
    );
    let grid: Vec<_> = x
        .blocks
        .iter()
        .filter_map(|b| {
            b.attrs()
                .table
                .as_ref()
                .map(|t| (t.rows, t.cols, t.header_rows, t.grid_kind))
        })
        .collect();
    assert_eq!(
        grid,
        [(2, 2, 1, "pipe"), (3, 3, 0, "csv"), (3, 3, 0, "aligned")]
    );
    assert!(texts(&x)[4].ends_with("- three"));
}

/// A long space-aligned table still reads as one when a few of its rows start fewer cells: an
/// empty cell, or a cell too wide for its column that runs into the next one space away. The
/// history table of Python's licence (`/usr/share/doc/python3/copyright`; its first row has
/// no "derived from") and a `git` diffstat whose path overflows its column, as Debian
/// changelogs quote them (xdg-user-dirs). Short tables stay strict, and prose stays prose.
#[test]
fn aligned_tables_allow_a_few_short_rows() {
    let history = "\
    0.9.0 thru 1.2              1991-1995   CWI         yes\n\
    1.3 thru 1.5.2  1.2         1995-1999   CNRI        yes\n\
    1.6             1.5.2       2000        CNRI        no\n\
    2.0             1.6         2000        BeOpen.com  no\n\
    1.6.1           1.6         2001        CNRI        yes (2)\n\
    2.1             2.0+1.6.1   2001        PSF         no\n\
    2.0.1           2.0+1.6.1   2001        PSF         yes\n\
    2.1.1           2.1+2.0.1   2001        PSF         yes\n\
    2.2             2.1.1       2001        PSF         yes\n\
    2.1.2           2.1.1       2002        PSF         yes\n\
    2.1.3           2.1.2       2002        PSF         yes\n\
    2.2.1           2.2         2002        PSF         yes\n\
    2.2.2           2.2.1       2002        PSF         yes\n\
    2.2.3           2.2.2       2003        PSF         yes\n\
    2.3             2.2.2       2002-2003   PSF         yes\n\
    2.3.1           2.3         2002-2003   PSF         yes\n\
    2.3.2           2.3.1       2002-2003   PSF         yes\n\
    2.3.3           2.3.2       2002-2003   PSF         yes\n\
    2.3.4           2.3.3       2004        PSF         yes\n\
    2.3.5           2.3.4       2005        PSF         yes\n\
    2.4             2.3         2004        PSF         yes\n\
    2.4.1           2.4         2005        PSF         yes\n\
    2.4.2           2.4.1       2005        PSF         yes\n\
    2.4.3           2.4.2       2006        PSF         yes\n\
    2.4.4           2.4.3       2006        PSF         yes\n\
    2.5             2.4         2006        PSF         yes\n\
    2.5.1           2.5         2007        PSF         yes\n\
    2.5.2           2.5.1       2008        PSF         yes\n\
    2.5.3           2.5.2       2008        PSF         yes\n\
    2.6             2.5         2008        PSF         yes\n\
    2.6.1           2.6         2008        PSF         yes\n\
    2.6.2           2.6.1       2009        PSF         yes\n\
    2.6.3           2.6.2       2009        PSF         yes\n\
    2.6.4           2.6.3       2009        PSF         yes\n\
    3.0             2.6         2008        PSF         yes\n\
    3.0.1           3.0         2009        PSF         yes\n\
    3.1             3.0.1       2009        PSF         yes\n\
    3.1.1           3.1         2009        PSF         yes\n";
    let x = run(history);
    assert_eq!(kinds(&x), ["table"]);
    let t = x.blocks[0].attrs().table.clone().unwrap();
    assert_eq!((t.rows, t.cols, t.grid_kind), (38, 5, "aligned"));

    let files = [
        "af", "an", "ar", "as", "ast", "be", "bg", "bn_IN", "br", "ca", "crh", "cs", "da", "de",
        "el", "eo", "es", "et", "eu", "fa", "fi", "fr", "fur", "ga", "gd", "gl", "gu", "he", "hi",
        "hr", "hu", "ia", "id", "is", "it", "ja", "kk", "kn", "ko", "lt",
    ];
    // `be@latin.po` is wider than the column its neighbours pad to.
    let mut lines: Vec<String> = files
        .iter()
        .map(|f| format!(" po/{:<10}| 2 +-", format!("{f}.po")))
        .collect();
    lines.insert(6, " po/be@latin.po | 2 +-".into());
    lines.push(" 41 files changed, 41 insertions(+), 41 deletions(-)".into());
    let diffstat = lines.join("\n") + "\n";
    let x = run(&diffstat);
    assert_eq!(kinds(&x), ["table"], "{diffstat}");
    assert_eq!(x.blocks[0].attrs().table.as_ref().unwrap().rows, 42);

    // Twelve rows with one short: too few to tell a table from chance.
    let short: String = history
        .lines()
        .skip(1)
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(kinds(&run(&short)), ["table"]);
    let overflow = short.replacen("2.1.1           2.1+2.0.1", "2.1.1 2.1+2.0.1", 1);
    assert_ne!(kinds(&run(&overflow)), ["table"]);
    // Prose set with two spaces after its sentences starts its second cells anywhere.
    let prose = "All Python releases are Open Source.  Historically, most, but not all, Python\n\
                 releases have also been GPL-compatible; the table below summarizes\n\
                 the various releases.  Footnotes follow it.\n";
    assert_eq!(kinds(&run(&prose.repeat(8))), ["prose"]);
}

proptest::proptest! {
    /// Any mix of lines, pages, hyphens, frames, tables and multi-byte punctuation: no
    /// panic, blocks inside the text on char boundaries, in order, and each block's
    /// source offsets inside the file.
    #[test]
    fn never_panics_and_blocks_are_sane(parts in proptest::collection::vec(0usize..24, 0..120)) {
        const PIECES: [&str; 24] = [
            "word ", "Word ", "\n", "\n\n", "\x0c", "exam-", "desig\u{2010}", "“quote” ",
            "1.2 ", "1. ", "IV. ", "A) ", "*** ", " ***", "=====", "-----", "| a | b |", ",",
            "    ", "\u{3000}", "…", "Page 3 of 9", "ÉTÉ ", "中文",
        ];
        let src: String = parts.iter().map(|&i| PIECES[i]).collect();
        let x = run(&src);
        let mut prev = 0;
        for b in &x.blocks {
            proptest::prop_assert!(b.off_begin < b.off_end && b.off_end <= x.canonical.len());
            proptest::prop_assert!(x.canonical.is_char_boundary(b.off_begin));
            proptest::prop_assert!(x.canonical.is_char_boundary(b.off_end));
            proptest::prop_assert!(b.off_begin >= prev);
            prev = b.off_end;
            let (sb, se) = (b.src_begin.unwrap() as usize, b.src_end.unwrap() as usize);
            proptest::prop_assert!(sb <= se && se <= src.len());
        }
    }
}

#[test]
fn degenerate_inputs() {
    for src in [
        "",
        "\n\n\n",
        "\x0c\x0c\x0c",
        "1\n2\n3\n4\n",
        "1\n\n2\n\n3\n\n4\n",
        "TITLE\n\nTITLE\n\nTITLE\n",
        "中文标题\n\n这是一个段落。\n\nעברית\n",
        "-\n-\n-\n",
        "a-\n-b\n",
    ] {
        let x = run(src);
        for b in &x.blocks {
            assert!(b.off_begin < b.off_end && b.off_end <= x.canonical.len());
            assert!(x.canonical.is_char_boundary(b.off_begin));
        }
    }
    let long = "word ".repeat(200_000);
    let x = run(&long);
    assert_eq!(kinds(&x), ["prose"]);
}

#[test]
fn the_first_section_of_a_chapter_whose_title_was_lost_is_in_sequence() {
    // pdftotext's `-layout` sets a chapter's large title beside its number, in pieces
    // (`Constructing` / `3   block designs`), and the chapter's first section runs on into
    // a function's entry with no blank line between them. The entries are numbered by a
    // counter of their own (`2 I BlockIntersectionPolynomialCheck`).
    let chapter = |first: &str, entry: &str| {
        format!(
            "     2.2 Block intersection polynomials\n\n     In the paper the authors introduce \
             block intersection polynomials, and this section\n     documents the functions \
             that compute them for a given design.\n{entry}        gap> \
             BlockIntersectionPolynomialCheck(m,lambdavec);\n        false\n\u{c}{:>60}\n \
             3{:>57}\n     {first}\n1 I BlockDesign( v, B )\n I   BlockDesign( v, B, G )\n     \
             Let v be a positive integer and B a non-empty list of non-empty sorted lists of \
             elements\n     of the set of points; the function returns the block design they \
             make.\n\u{c}{:>60}\n 4{:>57}\n   4.1 The functions for basic properties\n1 I \
             IsBlockDesign( obj )\n\n   This boolean function returns true if and only if obj \
             is a block design.\n",
            "Constructing", "block designs", "Determining basic", "block designs"
        )
    };
    let entry = "2 I BlockIntersectionPolynomialCheck(m, lambdavec)\n\n   Suppose m is a list \
                 of non-negative integers, and lambdavec is a list of rational numbers.\n";
    for entry in ["", entry] {
        let found = titles(&chapter("3.1 Functions to construct block designs", entry));
        assert_eq!(
            found,
            [
                "2.2 Block intersection polynomials",
                "3.1 Functions to construct block designs",
                "4.1 The functions for basic properties"
            ],
            "{found:?}"
        );
    }
    // A number that would open the chapter over a table row's remains, as OCR reads them, is
    // no title.
    let found = titles(&chapter("3.1 Cc 27723) «1 25691 3", ""));
    assert!(!found.iter().any(|t| t.starts_with("3.1")), "{found:?}");
    // Inside a frame the title is read after the frame's marks (a no-break space after them
    // is no place to cut the line).
    let framed = "2.2 Earlier results\n\nThe results of the section before, told in a sentence \
                  or two.\n\n== \u{a0}3.1 Functions to construct block designs ==\n\nThe \
                  functions of this section construct block designs.\n";
    let found = titles(framed);
    assert_eq!(found[0], "2.2 Earlier results", "{found:?}");
}

/// AsciiDoc's titles are marked with `=`, their level the marks' (`[[id]]` over one is its
/// anchor); a listing or literal block is code however its lines look, a block's title
/// (`.Note`) and a word over a delimiter (`Usage:` over `....`) are no titles, and a rule of
/// four under a long line opens a block rather than underlining it.
#[test]
fn asciidoc_titles_and_delimited_blocks() {
    let src = "= Cluster shell\n:toc: left\n\nAn introduction to the tool.\n\n\
               [[install]]\n== Installation\n\nRun the installer:\n\n----\n\
               == not a title, a line of the listing\n$ make install\n----\n\n\
               .Deprecation note\n====\nThe old syntax still works.\n====\n\n\
               === `status`\n\nUsage:\n...............\nstatus [<option> ...]\n...............\n\n\
               Old style\n---------\n\nA two-line title.\n\n\
               [[desc,Program description]]\nDESCRIPTION\n-----------\nWhat it does.\n\n\
               $ java -jar start.jar --add-module=demos\n----\nmore text\n";
    let x = run(src);
    let h = headings(&x);
    assert_eq!(
        h[..3],
        [(1, "Cluster shell"), (2, "Installation"), (3, "`status`")],
        "{h:?}"
    );
    assert!(h.iter().any(|&(_, t)| t == "Old style"), "{h:?}");
    let desc = x
        .blocks
        .iter()
        .find(|b| b.heading.as_ref().is_some_and(|h| h.title == "DESCRIPTION"));
    assert_eq!(
        desc.unwrap().heading.as_ref().unwrap().anchor.as_deref(),
        Some("desc")
    );
    let install = x.blocks.iter().find(|b| {
        b.heading
            .as_ref()
            .is_some_and(|h| h.title == "Installation")
    });
    assert_eq!(
        install.unwrap().heading.as_ref().unwrap().anchor.as_deref(),
        Some("install")
    );
    let code: Vec<&str> = x
        .blocks
        .iter()
        .filter(|b| b.kind == BlockType::Code)
        .map(|b| &x.canonical[b.off_begin..b.off_end])
        .collect();
    assert!(
        code.iter()
            .any(|c| c.contains("== not a title") && c.contains("$ make install")),
        "{code:?}"
    );
    assert!(
        code.iter().any(|c| c.contains("status [<option> ...]")),
        "{code:?}"
    );
    for t in heading_titles(&x) {
        assert!(
            !t.contains("Deprecation") && t != "Usage:" && !t.contains("java"),
            "{t}"
        );
    }
    // A table, its header row set off by a blank line, whatever its cells hold.
    let table = "= Guide\n:toc:\n\n== Options\n\n[cols=\"1,2\"]\n|===\n|Name |Meaning\n\n\
                 |`--fast`\n|== not a title\n\n|`--slow` |Takes its time\n|===\n\nAfter.\n";
    let t = run(table);
    let shapes: Vec<_> = t
        .blocks
        .iter()
        .filter_map(|b| b.attrs.as_ref()?.table.as_ref())
        .map(|s| (s.rows, s.cols, s.header_rows, s.grid_kind))
        .collect();
    assert_eq!(shapes, [(3, 2, 1, "adoc")]);
    assert_eq!(heading_titles(&t), ["Guide", "Options"]);
    // Wiki text closes its titles with their marks.
    assert_eq!(
        titles("== Usage ==\n\nRun it.\n\n=== Options ===\n\nNone.\n"),
        ["Usage", "Options"]
    );
    // Two lines that open with `=` in a text that has no AsciiDoc markup, not at its top, are
    // a formula's lines or the like.
    let plain = "Results\n\nThe sum is\n= a plus b\n\nand the product\n= a times b\n";
    assert!(!titles(plain)
        .iter()
        .any(|t| t.contains("plus") || t.contains("times")));
}

/// GNU's NEWS files say they are Emacs outlines (`-*- outline -*-`): their star lines are the
/// outline, releases at the top and their kinds of change under them, and a one-line item of
/// an old release is a heading of its own as Emacs folds it.
#[test]
fn an_emacs_outline_is_read_by_its_stars() {
    let src = include_str!("../../../tests/data/text/excerpts/diffutils-NEWS");
    let x = run(src);
    let h = headings(&x);
    assert_eq!(
        h[..4],
        [
            (1, "Noteworthy changes in release 3.8 (2021-08-01) [stable]"),
            (2, "Incompatible changes"),
            (2, "Bug fixes"),
            (1, "Noteworthy changes in release 3.7 (2018-12-31) [stable]"),
        ],
        "{h:?}"
    );
    // Every release of the file is a top-level heading, in the file's order, and every line
    // of two stars heads a part of one.
    let releases: Vec<&str> = src
        .lines()
        .filter(|l| l.starts_with("* Noteworthy changes in release"))
        .map(|l| &l[2..])
        .collect();
    let top: Vec<&str> = h
        .iter()
        .filter(|&&(l, t)| l == 1 && t.starts_with("Noteworthy"))
        .map(|&(_, t)| t)
        .collect();
    assert_eq!(top, releases);
    let parts = src.lines().filter(|l| l.starts_with("** ")).count();
    assert_eq!(h.iter().filter(|&&(l, _)| l == 2).count(), parts);
    assert!(
        h.contains(&(1, "New diff3 option --strip-trailing-cr.")),
        "{h:?}"
    );
    // An item whose sentence runs on to the next line is no title.
    assert!(
        !h.iter().any(|&(_, t)| t.starts_with("With -N and -P")),
        "{h:?}"
    );
    // Without its mode line the file still reads as an outline: its first star line has one
    // star, and many have two.
    let plain = src.replacen("-*- outline -*-", "", 1);
    assert_eq!(headings(&run(&plain)), h);
}

/// A file named `.org` is an Org file whatever its text says: makedtx's `CHANGES.org`, written
/// by docstrip, opens with a `%%` licence notice and has neither a mode line nor a `#+` line,
/// and its single-star release lines are its outline. Named otherwise, they stay items.
#[test]
fn a_file_named_org_reads_its_star_lines_as_titles() {
    let src = include_str!("../../../tests/data/text/excerpts/makedtx-CHANGES.org");
    let releases: Vec<&str> = src.lines().filter_map(|l| l.strip_prefix("* ")).collect();
    assert!(releases.len() >= 5, "{releases:?}");
    let org = extract_as(
        Canonical::from_bytes(src.as_bytes()),
        &TextConfig::default(),
        Dialect::of_name("CHANGES.org"),
    );
    let h = headings(&org);
    assert_eq!(h.iter().map(|&(_, t)| t).collect::<Vec<_>>(), releases);
    assert!(h.iter().all(|&(l, _)| l == 1), "{h:?}");
    let plain = run(src);
    assert!(
        !headings(&plain)
            .iter()
            .any(|&(_, t)| t.starts_with("version")),
        "{:?}",
        headings(&plain)
    );
    // The name reaches the reader through the analysis of a file.
    let a = crate::analyze::analyze_bytes(
        "texlive/makedtx/CHANGES.org",
        src.as_bytes(),
        &crate::config::Config::default(),
    )
    .unwrap();
    let titles: Vec<&str> = a
        .blocks
        .iter()
        .filter_map(|b| b.heading.as_ref().map(|h| h.title.as_str()))
        .collect();
    assert_eq!(titles, releases);
    // Gzipped, its name is the name inside.
    let a = crate::analyze::analyze_bytes(
        "CHANGES.org.gz",
        src.as_bytes(),
        &crate::config::Config::default(),
    )
    .unwrap();
    assert_eq!(
        a.blocks.iter().filter(|b| b.heading.is_some()).count(),
        releases.len()
    );

    for (name, dialect) in [
        ("notes.org", Dialect::Org),
        ("TODO.ORG", Dialect::Org),
        ("a.b.Org", Dialect::Org),
        (".org", Dialect::Plain),
        ("org", Dialect::Plain),
        ("notes.orgx", Dialect::Plain),
        ("notes.txt", Dialect::Plain),
        ("", Dialect::Plain),
    ] {
        assert_eq!(Dialect::of_name(name), dialect, "{name:?}");
    }
}

/// Org files: star headlines (tags aside), `#+begin_src` blocks as code whatever their lines
/// hold, other blocks' delimiters dropped; Org's `#+` keywords are what tell such a file.
#[test]
fn org_headlines_and_blocks() {
    let src = "#+TITLE: Build notes\n\n* Installing    :setup:\nRun the installer first.\n\n\
               ** From source\nClone it, then build:\n#+BEGIN_SRC sh\nmake\n\
               * not a heading inside the block\nmake install\n#+END_SRC\n\n\
               ** TODO Packages\n- item one\n- item two\n\n* Usage\n#+begin_quote\n\
               Quoted text.\n#+end_quote\n";
    let x = run(src);
    assert_eq!(
        headings(&x),
        [
            (1, "Installing"),
            (2, "From source"),
            (2, "TODO Packages"),
            (1, "Usage")
        ]
    );
    let kinds: Vec<(BlockType, &str)> = x
        .blocks
        .iter()
        .map(|b| (b.kind, &x.canonical[b.off_begin..b.off_end]))
        .collect();
    assert!(kinds.contains(&(
        BlockType::Code,
        "#+BEGIN_SRC sh\nmake\n* not a heading inside the block\nmake install\n#+END_SRC"
    )));
    assert!(
        kinds.contains(&(BlockType::Prose, "Quoted text.")),
        "{kinds:?}"
    );
    assert!(kinds.contains(&(BlockType::List, "- item one\n- item two")));
    // A block that never closes is no code; its line is read as text.
    let open = run("#+TITLE: x\n\n* A\n\n#+begin_src sh\nmake\n");
    assert!(open.blocks.iter().all(|b| b.kind != BlockType::Code));
    // Without a `#+` line or a mode line, `* ` at the margin is a bullet.
    assert!(titles("Shopping\n\n* apples\n* pears\n\nDone.\n")
        .iter()
        .all(|t| !t.contains("apples")));
}

#[test]
fn outline_declarations_and_star_titles() {
    for (text, yes) in [
        ("GNU sed NEWS          -*- outline -*-\n\n* x\n", true),
        ("#!/bin/sh\n# -*- mode: org; coding: utf-8 -*-\n", true),
        ("-*- Mode: Outline -*-\n", true),
        ("-*- mode: text -*-\n* x\n", false),
        (
            "Notes\n\n* a\n\nLocal variables:\nmode: outline\nend:\n",
            true,
        ),
        ("Notes\n# Local Variables:\n# mode:org\n# End:\n", true),
        (
            "Notes\nLocal Variables:\nfill-column: 72\nEnd:\nmode: org\n",
            false,
        ),
        ("A text with no declaration\n* a\n", false),
        // A first line that names no mode leaves it to the end.
        (
            "NEWS  -*- coding: utf-8 -*-\n* a\nLocal Variables:\nmode: outline\nEnd:\n",
            true,
        ),
    ] {
        assert_eq!(outline_declared(text), yes, "{text:?}");
    }
    assert_eq!(star_title("** Bug fixes"), Some((2, "Bug fixes")));
    assert_eq!(
        star_title("* TODO Ship it   :work:urgent:"),
        Some((1, "TODO Ship it"))
    );
    assert_eq!(star_title("* a: b :"), Some((1, "a: b :")));
    for no in ["*bold* text", "** ", "*** ---", "x * y", ""] {
        assert_eq!(star_title(no), None, "{no:?}");
    }
    assert!(org_markup("#+TITLE: x") && org_markup("#+begin_src python"));
    assert!(!org_markup("#+ x") && !org_markup("# TITLE: x"));
    assert_eq!(org_block_end("#+END_SRC").as_deref(), Some("src"));
    assert_eq!(org_block_end("  #+end_src  ").as_deref(), Some("src"));
    assert_eq!(org_block_end("#+end_srcx").as_deref(), Some("srcx"));
    assert_eq!(org_block_end("#+end_"), None);
    assert_eq!(org_block_end("#+end_src extra"), None);
    assert_eq!(org_block_end("#+begin_src"), None);
    assert_eq!(
        org_block_open("#+BEGIN_EXAMPLE").as_deref(),
        Some("example")
    );
}

/// Tables drawn with box-drawing characters, as text renderers draw them: the X11 protocol
/// specification as its DocBook source renders to text (a cell over several lines, a rule
/// under every row), psql's unicode style (one rule, under the header) and tabulate's
/// `fancy_grid` (the header's rule doubled). A one-cell box is no table.
#[test]
fn box_drawn_tables() {
    let src = include_str!("../../../tests/data/text/excerpts/x11protocol-common-types.txt");
    let x = run(src);
    let tables: Vec<&Block> = x
        .blocks
        .iter()
        .filter(|b| b.kind == BlockType::Table)
        .collect();
    assert_eq!(tables.len(), 1);
    let t = tables[0].attrs().table.clone().unwrap();
    // One row under each `├` rule, and the one above the first.
    let rules = src.lines().filter(|l| l.starts_with('├')).count() as u32;
    assert_eq!((t.rows, t.cols, t.grid_kind), (rules + 1, 2, "box"));
    let text = &x.canonical[tables[0].off_begin..tables[0].off_end];
    assert!(text.starts_with('┌') && text.ends_with('┘'), "{text}");
    assert!(text.contains("│LISTofFOO   │is not necessarily the same size as a FOO)"));
    // The text under the table is prose again.
    assert!(x.blocks.iter().any(|b| b.kind == BlockType::Prose
        && x.canonical[b.off_begin..b.off_end].starts_with("The [x,y] coordinates")));

    let psql = "Rows:\n\n┌────┬───────┐\n│ id │ name  │\n├────┼───────┤\n│  1 │ one   │\n\
                │  2 │ two   │\n│  3 │ three │\n└────┴───────┘\n";
    let fancy = "Stock:\n\n╒════════╤═══════╕\n│ item   │   qty │\n╞════════╪═══════╡\n\
                 │ spam   │    42 │\n├────────┼───────┤\n│ eggs   │   451 │\n╘════════╧═══════╛\n";
    // A header over two lines above the one rule is one row; doubled rules part two rows.
    let tall = "Rows:\n\n┌────┬───────┐\n│ id │ name  │\n│    │ (s)   │\n├────┼───────┤\n\
                │  1 │ one   │\n│  2 │ two   │\n└────┴───────┘\n";
    let doubled = "Rows:\n\n┌────┬───────┐\n│ id │ name  │\n├────┼───────┤\n╞════╪═══════╡\n\
                   │  1 │ one   │\n├────┼───────┤\n│  2 │ two   │\n└────┴───────┘\n";
    for (src, want) in [
        (psql, (4, 2, 1)),
        (fancy, (3, 2, 1)),
        (tall, (3, 2, 1)),
        (doubled, (3, 2, 1)),
    ] {
        let x = run(src);
        let shapes: Vec<(u32, u32, u32)> = x
            .blocks
            .iter()
            .filter_map(|b| b.attrs.as_ref()?.table.as_ref())
            .map(|t| (t.rows, t.cols, t.header_rows))
            .collect();
        assert_eq!(shapes, [want], "{src}");
    }
    let note =
        "Note:\n\n┌──────────────────────┐\n│ Back up your data.   │\n└──────────────────────┘\n";
    assert!(run(note).blocks.iter().all(|b| b.kind != BlockType::Table));
}

/// A ChangeLog's entries are its sections, headed by their first lines: GNU's date, author and
/// address (a remark after it too), the older `ctime` date, and `git log`'s commits. One such
/// line in another text heads nothing.
#[test]
fn changelog_entries_head_sections() {
    let gnu = "2022-11-06  Jim Meyering  <meyering@fb.com>\n\n\tversion 4.9\n\t\
               * NEWS: Record release date.\n\n\
               2022-10-23  Oğuz  <oguzismailuysal@gmail.com>  (tiny change)\n\n\t\
               sed: handle the unspecified \"n as delimiter alias\" case more sensibly\n\n\
               Fri Jul 24 10:16:24 CEST 2009 Daniel Veillard <veillard@redhat.com>\n\n\t\
               * libxslt/attributes.c: fix an IDness issue when building the tree\n";
    assert_eq!(
        titles(gnu),
        [
            "2022-11-06 Jim Meyering <meyering@fb.com>",
            "2022-10-23 Oğuz <oguzismailuysal@gmail.com> (tiny change)",
            "Fri Jul 24 10:16:24 CEST 2009 Daniel Veillard <veillard@redhat.com>",
        ]
    );
    let git = "commit 6dfb65de949cdd0a5d198edee9a118f265924f33\nAuthor: Damien Miller \
               <djm@mindrot.org>\nDate:   Thu Feb 2 23:21:54 2023 +1100\n\n    \
               crank versions in RPM spec files\n\n\
               commit d07cfb11a0ca574eb68a3931d8c46fbe862a20d6\nAuthor: Damien Miller \
               <djm@mindrot.org>\nDate:   Thu Feb 2 23:17:49 2023 +1100\n\n    update version in README\n";
    assert_eq!(
        titles(git),
        [
            "commit 6dfb65de949cdd0a5d198edee9a118f265924f33",
            "commit d07cfb11a0ca574eb68a3931d8c46fbe862a20d6"
        ]
    );
    // A merge's head has a `Merge:` line between its commit and author.
    let merge = "commit 0b9c1f1f3b0b6a3e1b2c7d4e5f60718293a4b5c6\nMerge: 1a2b3c4 5d6e7f8\n\
                 Author: Daiki Ueno <ueno@gnu.org>\nDate:   Wed Feb 8 10:00:00 2023 +0900\n\n    \
                 Merge branch 'wip'\n\n\
                 commit 6dfb65de949cdd0a5d198edee9a118f265924f33\nAuthor: Damien Miller \
                 <djm@mindrot.org>\nDate:   Thu Feb 2 23:21:54 2023 +1100\n\n    crank versions\n";
    assert_eq!(
        titles(merge),
        [
            "commit 0b9c1f1f3b0b6a3e1b2c7d4e5f60718293a4b5c6",
            "commit 6dfb65de949cdd0a5d198edee9a118f265924f33"
        ]
    );
    // A README that names each plugin's author is no log: an `Author:` line heads an entry
    // only over its `Date:` line.
    let plugins = "Plugins\n\nsmart-tabs\nAuthor: Jane Doe <jane@example.org>\n\n\
                   Keeps tabs aligned.\n\nline-sort\nAuthor: John Roe <john@example.org>\n\n\
                   Sorts lines.\n";
    assert!(titles(plugins).iter().all(|t| !t.starts_with("Author:")));
    // gnutls' `changelog` is `git log` without the commits' lines: each entry's `Author:`
    // line heads it. Unbound's entries open with a date and a name.
    let authors = "Author: Zoltan Fridrich <zfridric@redhat.com>\n\
                   Date:   Thu Feb 9 09:39:41 2023 +0100\n\n    Release 3.7.9\n\n\
                   Author: Hubert Kario <hkario@redhat.com>\n\
                   Date:   Wed Feb 8 14:43:45 2023 +0100\n\n    document the CVE fix\n";
    assert_eq!(
        titles(authors),
        [
            "Author: Zoltan Fridrich <zfridric@redhat.com>",
            "Author: Hubert Kario <hkario@redhat.com>"
        ]
    );
    let dated = "18 January 2023: Wouter\n\t- Fix not following cleared RD flags.\n\n\
                 6 January 2023: Wouter\n\t- Fix #823: Response change to NODATA.\n\n\
                 14 December 2022: George\n\t- Merge #569 from JINMEI Tatuya.\n";
    assert_eq!(
        titles(dated),
        [
            "18 January 2023: Wouter",
            "6 January 2023: Wouter",
            "14 December 2022: George"
        ]
    );
    let one = "Minutes\n\nThe meeting agreed on the release.\n\n\
               2022-10-10  Werner Koch  <wk@gnupg.org>\n\nSigned off.\n";
    assert!(!titles(one).iter().any(|t| t.contains("Werner")));
    for no in [
        "commit 6dfb65de",
        "2022-10-10  <wk@gnupg.org>",
        "2022-10-10  Werner Koch",
        "Fri, 24 Jul 2009 Daniel <d@x.org>",
        "22-10-10  Werner Koch  <wk@gnupg.org>",
        "2022-10-10  Werner Koch  <wk gnupg.org>",
        "Author: Damien Miller",
        "18 Jan 2023: Wouter",
        "18 January 2023: the resolver now refuses queries that loop",
        "18 January 2023: fixed crash",
    ] {
        assert!(!changelog_header(no), "{no}");
    }
}

/// gettext's `NEWS` titles its releases by their shape (`Version 0.21 - July 2020`, no star)
/// and the kinds of change under them with stars: the star titles go a level under the
/// release titles, not beside them.
#[test]
fn star_titles_go_under_the_titles_before_them() {
    let src = include_str!("../../../tests/data/text/excerpts/gettext-NEWS");
    let x = run(src);
    let h = headings(&x);
    let releases: Vec<&str> = src.lines().filter(|l| l.starts_with("Version ")).collect();
    let top = titles_at(&h, 1);
    // Every top-level title is a release's, in the file's order, and nearly every release is
    // one. (Three old releases, `Version 0.10 - December 1995, by Ulrich Drepper`, stand
    // over a one-line star title with nothing between, and are read as text.)
    let mut rest = releases.iter();
    assert!(top.iter().all(|t| rest.any(|r| r == t)), "{top:?}");
    assert!(top.len() * 100 >= releases.len() * 90, "{top:?}");
    assert_eq!(
        h[..3],
        [
            (1, "Version 0.21 - July 2020"),
            (2, "Programming languages support:"),
            (2, "Runtime behaviour:"),
        ]
    );
    // Every title of stars is one level deeper than its stars; most star lines are titles.
    let starred: HashMap<&str, u8> = src
        .lines()
        .filter_map(star_title)
        .map(|(l, t)| (t, l))
        .collect();
    let stars: Vec<(u8, &str)> = h
        .iter()
        .copied()
        .filter(|&(_, t)| starred.contains_key(t))
        .collect();
    assert!(stars.iter().all(|&(l, t)| l == starred[t] + 1), "{stars:?}");
    // A star line that ends in a colon heads what follows it, even where the next line reads
    // on in lower case (`* New program:` over `    autopoint - copies …`).
    let colons: Vec<&str> = starred
        .keys()
        .copied()
        .filter(|t| t.ends_with(':'))
        .collect();
    assert!(colons.len() >= 20, "{colons:?}");
    for t in colons {
        assert!(stars.iter().any(|&(_, s)| s == t), "{t:?}");
    }
    // Its releases are pages (form feeds) that no page number or running title marks: a
    // release of one line on a page of its own (`This is a bug-fix release.`, three in a
    // row), or a release title that shares its words with others at the top of their pages
    // (`Version 0.17 - November 2007`), is no page furniture.
    assert_eq!(x.furniture_lines, 0);
    assert_eq!(
        x.canonical.matches("This is a bug-fix release.").count(),
        src.matches("This is a bug-fix release.").count()
    );
    // Without a title before its first star line, an outline keeps its stars' levels (see
    // `an_emacs_outline_is_read_by_its_stars`).
}

/// GNU make's `NEWS` (indented text, no outline): releases titled by their shape, and under
/// each the items a bullet sets off over their indented text. The bulleted titles are a style
/// of their own, a level under the releases, and their titles leave the bullet out.
#[test]
fn titles_set_after_a_bullet_go_under_plain_titles() {
    let src = include_str!("../../../tests/data/text/excerpts/make-NEWS-4.3");
    let x = run(src);
    let h = headings(&x);
    let releases: Vec<&str> = src.lines().filter(|l| l.starts_with("Version ")).collect();
    assert!(releases.len() >= 2);
    let top = titles_at(&h, 1);
    assert_eq!(top, releases);
    let items = titles_at(&h, 2);
    assert!(
        items.contains(&"WARNING: Backward-incompatibility!"),
        "{h:?}"
    );
    assert!(
        items.contains(&"New feature: Grouped explicit targets"),
        "{h:?}"
    );
    assert!(h.iter().all(|&(_, t)| !t.starts_with("* ")), "{h:?}");
    // An item whose sentence goes on over the next line, its words in quotes there (`* Import
    // the GNU standard bootstrap script to replace the hand-rolled` / `"make update" method
    // …`), is no title.
    assert!(src.contains("hand-rolled\n  \"make update\""));
    assert!(
        h.iter().all(|&(_, t)| !t.starts_with("Import the GNU")),
        "{h:?}"
    );
    // Each release's page opens with the same line under its title; a sentence that ends
    // with a colon, announcing the next line, is no running title however many pages
    // repeat it.
    let repeated = "A complete list of bugs fixed in this version is available here:";
    assert_eq!(src.matches(repeated).count(), 3);
    assert_eq!(x.canonical.matches(repeated).count(), 3);
    // Nor is the link under it, whose numbers change from page to page.
    let link = "https://sv.gnu.org/bugs/index.php?group=make&report_id=111&fix_release_id=";
    assert_eq!(x.canonical.matches(link).count(), 3);
    assert_eq!(x.furniture_lines, 0);
    assert!(lead_in(repeated));
    assert!(!lead_in("VMS-specific changes:"));
    assert!(!lead_in("CHAPTER 3. THE PARSER AND ITS RULES:"));
    assert_eq!(bulleted_title("* * *"), None);
    assert_eq!(bulleted_title("- "), None);
    assert_eq!(bulleted_title("  • Tests:"), Some("Tests:"));
}

/// A text written as an outline without saying so (GNU's `NEWS` with no mode line): its first
/// star line has one star and two lines or more have two. GDB's `NEWS`, whose `***` release
/// lines head `*` items, and a bullet list with one sub-item are not.
#[test]
fn an_undeclared_outline_of_two_levels() {
    let wget = "GNU Wget NEWS -- history of user-visible changes.\n\n\
                * Noteworthy changes in release 1.21.3 (2022-02-26)\n\n\
                ** Fix computation of total bytes downloaded during FTP transfers (#61277)\n\n\
                ** Add option to select TLS 1.3 on the command line\n\n\
                * Noteworthy changes in release 1.21.2 (2021-09-07)\n\n\
                ** Support for autoconf 2.71\n";
    assert_eq!(
        headings(&run(wget))
            .iter()
            .map(|&(l, t)| (l, &t[..12]))
            .collect::<Vec<_>>(),
        [
            (1, "Noteworthy c"),
            (2, "Fix computat"),
            (2, "Add option t"),
            (1, "Noteworthy c"),
            (2, "Support for ")
        ]
    );
    let gdb = "\t\tWhat has changed in GDB?\n\n*** Changes in GDB 13\n\n\
               * MI version 1 is deprecated, and will be removed in GDB 14.\n\n\
               ** One more line of two stars.\n\n** And another.\n";
    assert!(!titles(gdb).iter().any(|t| t.starts_with("MI version")));
    let bullets = "Shopping\n\n* apples\n** green ones\n* pears\n";
    assert_eq!(titles(bullets), ["Shopping"]);
}

/// python-toml's Debian changelog: its entries happen to be 26 lines long, so three of their
/// first lines (`python-toml (0.9.3-1) unstable; urgency=medium`, one blank line on either
/// side) recur every 26 lines. Lines of nroff's pages recur that way too, but in a page's
/// margin, among blank lines; these are the entries' titles, kept in the text.
#[test]
fn lines_that_recur_by_chance_outside_margins_are_no_furniture() {
    let src = include_str!("../../../tests/data/text/excerpts/python-toml-changelog.Debian");
    let x = run(src);
    assert_eq!(x.furniture_lines, 0);
    let entries: Vec<&str> = src
        .lines()
        .filter(|l| l.starts_with("python-toml ("))
        .collect();
    assert!(entries.len() >= 5, "{entries:?}");
    let h = headings(&x);
    assert_eq!(titles_at(&h, 1), entries, "{h:?}");
}

/// The end of GNU patch's `NEWS`: a release a page (form feeds), no page numbered, and most
/// pages open with the same words and another version (`Changes in version 2.3:`, `… 2.2:`).
/// Those lines are each page's own title, not a running one, and stay in the text; so does
/// the piece of one (`Changes in version 2.0.12g8:`, whose letters run on past the others').
#[test]
fn lines_that_number_their_pages_otherwise_are_no_furniture() {
    let src = include_str!("../../../tests/data/text/excerpts/patch-NEWS-2.5");
    let x = run(src);
    let releases: Vec<&str> = src
        .lines()
        .filter(|l| l.starts_with("Changes in version"))
        .collect();
    assert!(releases.len() >= 5, "{releases:?}");
    for r in &releases {
        assert!(x.canonical.contains(r), "{r:?}");
    }
    assert_eq!(x.furniture_lines, 0);
    // They are a series of titles, their colons and sentence case notwithstanding, each
    // over its release's items; a line that says something else (`Versions 2.0.12g9
    // through 2.0.12g11 fix various portability bugs.`) is not one of them.
    assert_eq!(titles_at(&headings(&x), 1), releases);
    assert!(release_like("Changes in version 2.0.12g8:"));
    assert!(release_like("Changes in version 2.3"));
    assert!(!release_like("* Changes in version 2.3"));
    assert!(!release_like("Changes in version 2.3."));
    assert!(!release_like("The options are:"));
    assert_eq!(
        letters_key("Changes in version 2.0.12g8:"),
        letters_key("Changes in version 2.3:")
    );
}

/// Pages of glibc's `NEWS`, a release a page, most only its title and one line (`Version
/// 2.0.4` / `* more bug fixes`). The releases' numbers coincide here and there with pages'
/// numbers less a constant, at different places in the line (`2.0.6` on its page, `2.0.4` two
/// pages on): they must go up with the page at one place to be page numbers. The line under a
/// page's own title is its matter, at its foot too on a page of two lines.
#[test]
fn pages_opened_by_their_own_titles_keep_their_first_lines() {
    let src = include_str!("../../../tests/data/text/excerpts/glibc-NEWS-2.0");
    let x = run(src);
    let releases: Vec<&str> = src.lines().filter(|l| l.starts_with("Version ")).collect();
    assert_eq!(releases.len(), 6);
    for r in &releases {
        assert!(x.canonical.contains(&format!("{r}\n")), "{r:?}");
    }
    assert_eq!(
        x.canonical.matches("* more bug fixes").count(),
        src.matches("* more bug fixes").count()
    );
    assert_eq!(x.furniture_lines, 0);
    // A series of releases, each title alone on its line: every one heads its release, a
    // list of one line too.
    assert_eq!(titles_at(&headings(&x), 1), releases);
}

/// Items of git's release notes stand left of their lines' margin, as a man page's titles do:
/// an item that is a sentence, a line wrapped at the text's width, or one whose words go on in
/// lower case or quotes, with the rest of the item right under it, is a list item; a name over
/// its text, code or a sentence in another script stays a title.
#[test]
fn bulleted_sentences_over_the_rest_of_their_items_are_list_items() {
    let src = "Fixes since v2.29\n-----------------\n\n \
               * In 2.29, \"--committer-date-is-author-date\" option of \"rebase\" and\n   \
               \"am\" subcommands lost the e-mail address by mistake, which has\n   \
               been corrected.\n\n \
               * The transport layer was taught to optionally exchange the session\n   \
               ID assigned by the trace2 subsystem during fetch/push transactions.\n\n \
               * Build configuration cleanup.\n   \
               (merge b990f02fd8 ab/config-mak-uname-simplify later to maint).\n\n \
               * Fix regression introduced when nvimdiff support in mergetool was added.\n   \
               (merge 12026f46e7 pd/mergetool-nvimdiff later to maint).\n\n \
               * The traversal over tree objects has learned to honor\n   \
               \":(attr:label)\" pathspec match, which has been implemented only for\n   \
               enumerating paths on the filesystem.\n";
    let x = run(src);
    assert_eq!(titles(src), ["Fixes since v2.29"]);
    assert_eq!(
        x.blocks
            .iter()
            .filter(|b| b.kind == BlockType::List)
            .count(),
        1
    );
    let todo = "* Gpg-Agent Locale\n  Although we pass LC_MESSAGE from gpgsm et al. to \
                Gpg-Agent, the\n  agent does not use it.\n\n\
                * Remove the old option\n  It has been deprecated for a long time now, \
                and it goes.\n\n\
                * New functions available in this release:\n    $(file ...) writes to a \
                file.\n    $(guile ...) runs a program.\n\n\
                • In a worktree created via \"git\n  worktree\", \"git checkout\" protects \
                users.\n\n\
                * Installation\n    ./configure && make install\n\n\
                * Usage\n    docsweep index docs -o index\n\n\
                * 新機能\n  本リリースでは新しい機能が追加されました。\n\n\
                * Changes to the configuration file format and its defaults\n  \
                The file is now read as TOML, and the old keys are gone from it: each\n  \
                key that was read before says what it was for and where it went, and a\n  \
                file that still has one is read with a warning that names the line, so\n  \
                that nobody's configuration stops working from one release to the next.\n";
    // In a text of short lines, nothing is wrapped at its width.
    let short = "Version 3.0\n===========\n\n* Command line interface changes\n  Removed the \
                 --old flag\n\n* Configuration file format changes\n  Keys are TOML now\n";
    assert_eq!(
        titles(short),
        [
            "Version 3.0",
            "Command line interface changes",
            "Configuration file format changes"
        ]
    );
    assert_eq!(
        titles(todo),
        [
            "Gpg-Agent Locale",
            "Remove the old option",
            "New functions available in this release:",
            "Installation",
            "Usage",
            "新機能",
            "Changes to the configuration file format and its defaults"
        ]
    );
}

/// A ChangeLog made from `git log --stat` holds a diffstat under each commit: its lines are
/// no titles, neither when the plus signs of a long one wrap onto the next line (where they
/// would underline it) nor under a commit message that is a version's number.
#[test]
fn diffstat_lines_are_no_titles() {
    let plus = "+".repeat(47);
    let src = format!(
        "commit 12853d22e9d0527c10ada02666aef629db3e5e7c\nAuthor: A Developer <dev@example.org>\n\
         Date:   Mon Aug 1 23:06:48 2022 +0200\n\n    22.08.0\n\n \
         CMakeLists.txt   | 4 ++--\n NEWS             | 6 ++++++\n \
         2 files changed, 8 insertions(+), 2 deletions(-)\n\n\
         commit 46b51147d10db21a4d5992074bcdc9022f45856b\nAuthor: A Developer <dev@example.org>\n\
         Date:   Tue Jul 5 10:00:00 2022 +0200\n\n    glib: add the document's creation date\n\n\
         glib/poppler-document.cc | 47\n {plus}\n 1 file changed, 47 insertions(+)\n"
    );
    let t = titles(&src);
    assert!(
        t.iter().all(|t| !t.contains(" | ") && t != "22.08.0"),
        "{t:?}"
    );
    assert!(diffstat_line(" glib/poppler-document.cc | 47"));
    assert!(diffstat_line(" NEWS             | 6 ++++++"));
    assert!(diffstat_line(" doc/logo.png | Bin 0 -> 1510 bytes"));
    assert!(!diffstat_line("Option | Meaning"));
    assert!(!diffstat_line("Total | 47 items"));
    assert!(!diffstat_line("Recycling | Bin collection"));
    // A title of that shape that markup underlines (not with a diffstat's signs) stays one.
    assert_eq!(
        titles("Budget | 2024\n=============\n\nThe figures of the year.\n"),
        ["Budget | 2024"]
    );
}

/// A version's number wrapped to the start of a line goes on with the sentence above it
/// (`… OTHER USERS OF PYTHON` / `1.6.1 FOR ANY INCIDENTAL, …`, the CNRI licence's clause 5):
/// no numbered title, though it is set in capitals like one. A numbered title under a short
/// line, or under a sentence's end, still is one.
#[test]
fn numbers_wrapped_to_a_line_start_are_no_titles() {
    let src = "4. CNRI MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.\n\n\
               5. CNRI SHALL NOT BE LIABLE TO LICENSEE OR ANY OTHER USERS OF PYTHON\n\
               1.6.1 FOR ANY INCIDENTAL, SPECIAL, OR CONSEQUENTIAL DAMAGES OR LOSS AS\n\
               A RESULT OF MODIFYING, DISTRIBUTING, OR OTHERWISE USING PYTHON 1.6.1.\n";
    assert_eq!(titles(src), Vec::<String>::new());
    let numbered = "1. Introduction\n\nThe text of the introduction, which runs on.\n\n\
                    2. Usage\n\nRun the program with the file to read as its argument.\n";
    assert_eq!(titles(numbered), ["1. Introduction", "2. Usage"]);
    // A number that continues the numbering is a title right under such a line too (a
    // figure's caption that ends without a stop).
    let under_caption = "1 Introduction\n\nThe text of the introduction, which runs on.\n\n\
                         2 Method\n\nThe method is measured over one week of traffic.\n\n\
                         Figure 1: Latency distribution across regions over one week\n\
                         2.1 Setup\n\nThe setup is three machines in two regions.\n";
    assert_eq!(
        titles(under_caption),
        ["1 Introduction", "2 Method", "2.1 Setup"]
    );
}

/// A series of release titles without colons (`Version 2.0.4`, `List of changes in MuPDF
/// 1.21.0`) are titles over whatever follows; a line with the same words and a number that
/// stands in a paragraph, or ends a sentence, is not one of them.
#[test]
fn release_titles_without_colons_head_their_lists() {
    let src = "List of changes in MuPDF 1.21.0\n\n* Fix a crash.\n\n\
               List of changes in MuPDF 1.20.0\n\n* Fix two crashes.\n* Faster text.\n\n\
               List of changes in MuPDF 1.19.0\n\n* Fix three crashes.\n\n\
               The next release follows the notes.\nList of changes in MuPDF 1.18.0\n\n\
               See the list of changes in MuPDF 1.17.0.\n";
    let t = titles(src);
    assert_eq!(
        t,
        [
            "List of changes in MuPDF 1.21.0",
            "List of changes in MuPDF 1.20.0",
            "List of changes in MuPDF 1.19.0"
        ]
    );
}

/// A title framed by runs of a rule's character is the text inside the frame, whether the
/// runs are the same length (`*** PLEASE READ THE README, it has changed ***`) or fill the
/// line out to a width (`************* XFIXES VERSION 1 OR BETTER ***********`, X.Org's
/// `fixesproto.txt`, the runs eight long or more).
#[test]
fn framed_titles_are_the_text_inside_their_frames() {
    let src = "4. Extension initialization\n\nThe client sends the highest version it \
               supports.\n\n************* XFIXES VERSION 1 OR BETTER ***********\n\n\
               5. Save Set processing changes\n\nEmbedding one application within another \
               provides a way of unifying documents.\n\n\
               *** PLEASE READ THE README, it has changed ***\n\nThe rest of the notes.\n";
    let t = titles(src);
    assert!(
        t.contains(&"XFIXES VERSION 1 OR BETTER".to_string()),
        "{t:?}"
    );
    assert!(
        t.contains(&"PLEASE READ THE README, it has changed".to_string()),
        "{t:?}"
    );
    assert!(t.iter().all(|t| !t.contains("***")), "{t:?}");
    assert_eq!(framed("------ version 2.2a ---"), None);
    assert_eq!(
        framed("------------------------- August 7th 1996 version 2.2a ------------------"),
        Some('-')
    );
}

/// Pages of a manual whose bodies differ and whose edges repeat: the rules that spare a
/// page's own titles, links whose numbers change and lead-ins do not spare its running
/// footers — chapter-relative page numbers (`Installation Guide   3-2`), a sheet's pages
/// numbered by twos, an address written once with a slash more, a lead-in over a footer.
#[test]
fn running_footers_stay_furniture_beside_the_new_exemptions() {
    const WORDS: [&str; 8] = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
    ];
    let page = |p: usize, footer: &[String]| {
        let body: String = (0..8)
            .map(|l| {
                format!(
                    "The {} {} paragraph says something of its own.\n",
                    WORDS[p], WORDS[l]
                )
            })
            .collect();
        format!("{body}\n{}\n", footer.join("\n"))
    };
    let doc = |footer: &dyn Fn(usize) -> Vec<String>| {
        (0..6)
            .map(|p| page(p, &footer(p)))
            .collect::<Vec<_>>()
            .join("\u{c}")
    };
    let chapters = doc(&|p| vec![format!("Installation Guide   {}-{}", 3 + p / 3, 1 + p % 3)]);
    assert_eq!(run(&chapters).furniture_lines, 6);
    let twos = doc(&|p| vec![format!("Installation Guide   {}", 1 + 2 * p)]);
    assert_eq!(run(&twos).furniture_lines, 6);
    let slash = doc(&|p| {
        vec![if p == 3 {
            "https://www.example.org/".to_string()
        } else {
            "https://www.example.org".to_string()
        }]
    });
    assert_eq!(run(&slash).furniture_lines, 6);
    let visit = doc(&|_| {
        vec![
            "For the latest version of this guide, please visit:".to_string(),
            "https://www.example.org".to_string(),
        ]
    });
    let x = run(&visit);
    assert_eq!(x.furniture_lines, 12);
    assert!(!x.canonical.contains("please visit"));
}
