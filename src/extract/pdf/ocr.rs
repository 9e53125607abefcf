//! Pages that are pictures: finding them, and reading them with the configured OCR command
//! (its TSV or plain output turned into fragments).

use super::*;

/// A PDF with no text layer, read by `pdf.ocr_command`: each page rendered and read by the
/// command (see [`ocr_page`]), but for the `bad` ones MuPDF rejected. Flagged `ocr`. When the
/// command prints tesseract's TSV on every page, the words are placed on their pages as the
/// layout's fragments, their type size told by the height of their ink (see [`ocr_frag`]),
/// and the pages are read as a PDF's are (columns, paragraphs, furniture, headings with
/// their typography). Otherwise the pages are joined with form feeds and read as OCR text is
/// (page furniture, hyphenation, headings from the text alone).
#[cfg(feature = "pdf")]
pub(super) fn ocr(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    pages: u32,
    bad: &[u32],
    cfg: &PdfConfig,
    text_cfg: &TextConfig,
    started: Instant,
) -> Result<PdfExtraction, String> {
    let mut flags = vec!["ocr".to_string()];
    // What each page read gave: its placed lines and its height when the command printed
    // TSV, its text otherwise; None for a page left unread.
    let mut reads: Vec<Option<Result<PlacedPage, String>>> = Vec::new();
    // Why the pages that could not be rendered or read failed, and whether one was read.
    let (mut failures, mut read_one) = (Vec::<String>::new(), false);
    for i in 0..pages {
        // A page MuPDF rejected (counted in `pdf_bad_pages`) stays empty.
        if bad.contains(&i) {
            reads.push(None);
            continue;
        }
        let over = cfg.max_seconds > 0.0 && started.elapsed().as_secs_f64() > cfg.max_seconds;
        let read = if over {
            None
        } else {
            match ocr_page(doc, i, cfg) {
                Ok(read) => Some(read),
                // Rendered or read past the time limit: the page was stopped there.
                Err(e) if e.ends_with(crate::extract::mupdf_ffi::STOPPED) => None,
                // Interrupted (Ctrl-C): no page more is rendered.
                Err(e) if STOPPING.load(std::sync::atomic::Ordering::SeqCst) => return Err(e),
                // A page that cannot be rendered, or that the command fails on, stays
                // empty and the others are read. A command that fails on the first three
                // pages it is given fails on every page (not installed, wrong arguments):
                // the document fails with why, its pages not rendered for nothing.
                Err(e) => {
                    failures.push(e);
                    if !read_one && failures.len() >= 3 {
                        return Err(failures.swap_remove(0));
                    }
                    reads.push(None);
                    continue;
                }
            }
        };
        let Some((printed, image)) = read else {
            if i == 0 {
                return Err(format!(
                    "no page read within the time limit (pdf.max_seconds = {})",
                    cfg.max_seconds
                ));
            }
            flags.push(format!("pdf_time_cut:{i}/{pages}"));
            break;
        };
        read_one = true;
        reads.push(Some(
            tsv_lines(&printed, image.dpi)
                .map(|lines| {
                    let (w, h) = image.points();
                    (straightened(with_strokes(lines, &image), w, h), h)
                })
                .ok_or(printed),
        ));
    }
    // Fewer than three pages given to a command that failed on each.
    if !read_one {
        if let Some(e) = failures.first() {
            return Err(e.clone());
        }
    }
    let mut x = if reads.iter().flatten().all(Result::is_ok) {
        let placed: Vec<PlacedPage> = reads
            .into_iter()
            .map(|r| match r {
                Some(Ok((lines, height))) => (lines.iter().flat_map(ocr_pieces).collect(), height),
                _ => (Vec::new(), 792.0),
            })
            .collect();
        let types = OcrTypes::learn(placed.iter().flat_map(|(lines, _)| lines));
        let pages = placed
            .into_iter()
            .map(|(lines, height)| {
                let mut frags: Vec<Frag> = lines.iter().map(|l| ocr_frag(l, &types)).collect();
                monospaced_among_code(&mut frags);
                layout_page(frags, height)
            })
            .collect();
        build(pages, cfg, text_cfg)
    } else {
        let (mut out, mut boxes) = (String::new(), Vec::new());
        for (i, read) in reads.into_iter().enumerate() {
            if i > 0 {
                out.push('\x0c');
            }
            match read {
                Some(Ok((lines, _))) => {
                    let mut last = None;
                    for l in &lines {
                        if last.is_some_and(|k| k != l.paragraph) {
                            out.push('\n');
                        }
                        last = Some(l.paragraph);
                        let start = out.len();
                        out.push_str(&l.text);
                        boxes.push(LineBox {
                            start,
                            end: out.len(),
                            page: i as u32 + 1,
                            bbox: l.bbox,
                        });
                        out.push('\n');
                    }
                }
                Some(Err(printed)) => out.push_str(&printed.replace('\x0c', "")),
                None => {}
            }
        }
        let mut x = from_text(&out, None, text_cfg, pages, &boxes);
        for b in &mut x.blocks {
            // Form feeds number the pages of a longer scan; a one-page scan has none.
            b.page.get_or_insert(1);
        }
        x
    };
    if !failures.is_empty() {
        // The pages the command failed on are counted, and the first one's failure is the
        // document's note (its reason, with status ok).
        flags.push(format!("ocr_failed_pages:{}", failures.len()));
        x.note = Some(failures.swap_remove(0));
    }
    flags.append(&mut x.flags);
    x.flags = flags;
    Ok(x)
}

/// Where a word's ink reaches, in ems of its type above and below the baseline, from its
/// letters: x-height letters reach 0.45, ascenders, capitals and figures 0.69, `i` and `t`
/// 0.64, descenders go 0.21 below, a comma 0.19 (Computer Modern and Times are within a few
/// hundredths of these), and whether that is sure: brackets and slashes (taken as 0.72 to
/// 0.15: 0.75 to 0.25 in Computer Modern, 0.69 to 0.08 in its typewriter type), an underscore (about 0.2 below) and other symbols
/// (`#`, `@`, `*`, …, left out of the reach) differ from type to type. None for a word with
/// no character whose reach is known (other scripts, accented letters, symbols alone).
pub(super) fn ink_reach(word: &str) -> Option<(f32, f32, bool)> {
    let mut reach: Option<(f32, f32)> = None;
    let mut sure = true;
    for c in word.chars() {
        let (top, bottom) = match c {
            'a' | 'c' | 'e' | 'm' | 'n' | 'o' | 'r' | 's' | 'u' | 'v' | 'w' | 'x' | 'z' => {
                (0.45, 0.0)
            }
            'g' | 'p' | 'q' | 'y' => (0.45, 0.21),
            'i' | 't' => (0.64, 0.0),
            'j' => (0.64, 0.21),
            'b' | 'd' | 'f' | 'h' | 'k' | 'l' | 'A'..='P' | 'R'..='Z' | '0'..='9' => (0.69, 0.0),
            'Q' => (0.69, 0.19),
            ',' | ';' => (0.0, 0.19),
            '.' | ':' | '-' | '\'' | '"' | '!' | '?' | '‘' | '’' | '“' | '”' | '–' | '—' => {
                continue
            }
            '(' | ')' | '[' | ']' | '{' | '}' | '|' | '/' | '\\' => {
                sure = false;
                (0.72, 0.15)
            }
            '_' => {
                sure = false;
                (0.0, 0.2)
            }
            _ if c.is_alphanumeric() => return None,
            _ => {
                sure = false;
                continue;
            }
        };
        let r = reach.get_or_insert((0.0, 0.0));
        *r = (r.0.max(top), r.1.max(bottom));
    }
    reach.filter(|r| r.0 > 0.0).map(|(t, b)| (t, b, sure))
}

/// A line's type size (see [`ocr_frag`]) and the reach of each of its words' letters: the
/// median of the sizes its words tell surely, or else of those they tell at all, or else
/// the line's box height over 0.9.
fn ocr_size(l: &OcrLine) -> (f32, Vec<Option<(f32, f32)>>) {
    let mut sizes: [Vec<f32>; 2] = [Vec::new(), Vec::new()];
    let mut reaches = Vec::with_capacity(l.words.len());
    for &(a, b, bx) in &l.words {
        let reach = ink_reach(&l.text[a..b]);
        if let Some((top, bottom, sure)) = reach {
            let h = bx[3] - bx[1];
            if h > 0.0 {
                sizes[usize::from(sure)].push(h / (top + bottom));
            }
        }
        reaches.push(reach.map(|r| (r.0, r.1)));
    }
    let [mut unsure, mut sure] = sizes;
    let sizes = if sure.is_empty() {
        &mut unsure
    } else {
        &mut sure
    };
    let size = if sizes.is_empty() {
        ((l.bbox[3] - l.bbox[1]) / 0.9).max(1.0)
    } else {
        sizes.sort_by(f32::total_cmp);
        // Of an even number, the mean of the middle two: the larger alone is a pixel too
        // high as often as not on a line of two words.
        let n = sizes.len();
        ((sizes[(n - 1) / 2] + sizes[n / 2]) / 2.0).max(1.0)
    };
    (size, reaches)
}

/// The advance of a character in a proportional type, in ems (Computer Modern Roman's;
/// Times and the sans types keep its proportions: `i` and `l` narrow, `m` and `w` wide).
pub(super) fn proportional_width(c: char) -> f32 {
    match c {
        'i' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.278,
        'f' | 'j' => 0.306,
        'I' => 0.361,
        't' | 'r' | 's' | '(' | ')' | '[' | ']' => 0.39,
        'c' | 'e' | 'z' | '-' => 0.444,
        'a' | 'g' | 'o' | '0'..='9' | '_' | '"' | '?' => 0.5,
        'k' | 'q' | 'v' | 'x' | 'y' | 'J' => 0.528,
        'b' | 'd' | 'h' | 'n' | 'p' | 'u' | 'S' => 0.556,
        'Z' | 'L' => 0.618,
        'F' | 'E' | 'P' => 0.67,
        'w' | 'C' | 'T' | 'B' | 'R' => 0.72,
        'A' | 'H' | 'N' | 'U' | 'V' | 'X' | 'Y' | 'D' | 'K' => 0.75,
        'G' | 'O' | 'Q' => 0.78,
        'm' => 0.833,
        'M' | '@' => 0.917,
        'W' => 1.028,
        _ => 0.5,
    }
}

/// Each word of three characters or more with a lower-case letter of a line read by OCR
/// (capitals are about as wide as one another in any type): how wide it is for its number
/// of characters (ems a character), and for the widths its letters have in a proportional
/// type ([`proportional_width`]), with its number of characters. The ink of a word lacks
/// about a tenth of an em of its advances at its two ends.
fn word_widths(l: &OcrLine, size: f32) -> impl Iterator<Item = (f32, f32, u32, usize)> + '_ {
    l.words
        .iter()
        .enumerate()
        .filter_map(move |(j, &(a, b, bx))| {
            let w = &l.text[a..b];
            let n = w.chars().count();
            (n >= 3 && w.chars().any(|c| c.is_lowercase())).then(|| {
                let width = (bx[2] - bx[0]) / size + 0.1;
                let prop: f32 = w.chars().map(proportional_width).sum();
                (width / n as f32, width / prop, n as u32, j)
            })
        })
}

/// Whether a line read by OCR is plainly set in a monospaced type: two words of three
/// characters or more, whose widths go with their numbers of characters (each as wide as
/// the next, half an em or a little more) more closely than with the widths their letters
/// have in a proportional type.
fn plainly_monospaced(l: &OcrLine, size: f32) -> bool {
    let (mono, prop): (Vec<f32>, Vec<f32>) = word_widths(l, size).map(|(m, p, ..)| (m, p)).unzip();
    if mono.len() < 2 {
        return false;
    }
    let spread = |v: &[f32]| {
        let mean = v.iter().sum::<f32>() / v.len() as f32;
        let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f32>() / v.len() as f32;
        (var.sqrt() / mean.max(1e-3), mean)
    };
    let ((m, advance), (p, _)) = (spread(&mono), spread(&prop));
    m < p * 0.7 && (0.45..=0.68).contains(&advance)
}

/// What OCR tells of a document's types, learnt over all its lines: the advance of its
/// monospaced type (ems a character, from the lines plainly set in it), the width of its
/// proportional type against [`proportional_width`], and the stroke widths from which a
/// word is bold, in each: [`BOLD_STROKE`] times the usual one of each (the median over its
/// characters), the weight of its body text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct OcrTypes {
    /// The body's type size (the median over characters).
    body: f32,
    /// The size of the monospaced type, where lines are plainly set in it (the median over
    /// their characters).
    code: Option<f32>,
    advance: Option<f32>,
    proportional: f32,
    bold: ((f32, f32), (f32, f32)),
}

impl OcrTypes {
    /// Types that tell nothing: no line is monospaced or bold.
    #[cfg(test)]
    pub(super) const PLAIN: OcrTypes = OcrTypes {
        body: 10.0,
        code: None,
        advance: None,
        proportional: 1.0,
        bold: (
            (f32::INFINITY, f32::INFINITY),
            (f32::INFINITY, f32::INFINITY),
        ),
    };

    /// Learns the types from every line of the document (their strokes measured).
    pub(super) fn learn<'a>(lines: impl Iterator<Item = &'a OcrLine>) -> OcrTypes {
        let (mut mono, mut prop, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
        let mut code_sizes = Vec::new();
        // The strokes of each type (proportional, monospaced) in ems of their line's size
        // and in points: a monospaced type's are even, thicker than a proportional type's
        // hairlines and stems together.
        let mut strokes: [[Vec<(f32, u32)>; 2]; 2] = Default::default();
        // What OCR read unsure of tells nothing of the types (see `trusted`).
        for l in lines.filter(|l| trusted(l)) {
            let size = ocr_size(l).0;
            sizes.push((size, l.text.chars().count() as u32));
            let plainly = plainly_monospaced(l, size);
            if plainly {
                code_sizes.push((size, l.text.chars().count() as u32));
                mono.extend(word_widths(l, size).map(|(m, _, n, _)| (m, n)));
            } else {
                prop.extend(word_widths(l, size).map(|(_, p, n, _)| (p, n)));
            }
            for (&(a, b, _), &w) in l.words.iter().zip(&l.strokes) {
                if w.is_finite() {
                    let n = l.text[a..b].chars().count() as u32;
                    strokes[usize::from(plainly)][0].push((w / size, n));
                    strokes[usize::from(plainly)][1].push((w, n));
                }
            }
        }
        let bold = |v: &mut [Vec<(f32, u32)>; 2], least: u64| {
            let [em, pt] = v;
            match (weighted_median(em, least), weighted_median(pt, least)) {
                (Some(em), Some(pt)) => (em * BOLD_STROKE, pt * BOLD_STROKE),
                _ => (f32::INFINITY, f32::INFINITY),
            }
        };
        let [p, m] = &mut strokes;
        OcrTypes {
            body: weighted_median(&mut sizes, 1).unwrap_or(10.0),
            code: weighted_median(&mut code_sizes, 40),
            advance: weighted_median(&mut mono, 40),
            proportional: weighted_median(&mut prop, 1).unwrap_or(1.0),
            bold: (bold(p, 1), bold(m, 40)),
        }
    }

    /// Whether line `l` (type size `size`) is set in the monospaced type: plainly so, or,
    /// not set larger than the body, most of its characters are in words whose widths the
    /// monospaced type's advance gives within 8 %, and twice as closely as the proportional
    /// type's, which is a tenth off or more (`\documentclass{article}`, one word; not a
    /// title's bold word, wider than the body's letters).
    pub(super) fn monospaced(&self, l: &OcrLine, size: f32) -> bool {
        let Some(advance) = self.advance else {
            return false;
        };
        if plainly_monospaced(l, size) {
            return true;
        }
        if size > self.body * 1.12 {
            return false;
        }
        let (mut yes, mut all) = (0u32, 0u32);
        for (m, p, n, j) in word_widths(l, size) {
            // A word in bold for the proportional type: wider than its letters in the
            // body's type, as wide as a monospaced word may be (`\setinvoicenumber` in bold).
            let bold = l
                .strokes
                .get(j)
                .is_some_and(|&w| w / size >= self.bold.0 .0 && w >= self.bold.0 .1);
            if bold {
                continue;
            }
            all += n;
            let off_mono = (m - advance).abs() / advance;
            let off_prop = (p - self.proportional).abs() / self.proportional;
            if off_mono < 0.08 && off_prop > (2.0 * off_mono).max(0.1) {
                yes += n;
            }
        }
        all > 0 && yes * 3 >= all * 2
    }
}

/// The median of `v` (value, weight) by weight; None under `least` of weight.
fn weighted_median(v: &mut [(f32, u32)], least: u64) -> Option<f32> {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total = v.iter().map(|s| u64::from(s.1)).sum::<u64>();
    if total < least.max(1) {
        return None;
    }
    let mut seen = 0u64;
    v.iter().find_map(|&(w, n)| {
        seen += u64::from(n);
        (seen * 2 > total).then_some(w)
    })
}

/// A bold stroke against the body's: 1.25 times its width (over the development PDFs read
/// by OCR, 1.5 gave 0.043 of recall for 0.019 of precision, 1.35 0.023 for 0.001, and 1.2
/// nothing more).
const BOLD_STROKE: f32 = 1.25;

/// A page image as the OCR command read it: `w` by `h` grey pixels, rows from the top, at
/// `dpi`; no pixels when the command's output was not TSV (or the image could not be read
/// back). Pixels darker than `ink` are ink ([`ink_level`]).
pub(super) struct PageImage {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) px: Vec<u8>,
    pub(super) dpi: f32,
    pub(super) ink: u8,
}

impl PageImage {
    /// The page's width and height in points.
    pub(super) fn points(&self) -> (f32, f32) {
        (
            self.w as f32 * 72.0 / self.dpi,
            self.h as f32 * 72.0 / self.dpi,
        )
    }
}

/// The grey level under which a pixel of a page image is ink: 128, kept a quarter of the
/// way or more from both its paper (the commonest level) and its ink (the darkest fiftieth
/// of the pixels darker than the paper by more than 40 levels). A clean rendering or a scan
/// in black on white is cut at 128; a faint scan (grey print at 140 on paper at 235) at
/// 163, where at 128 no pixel of it is ink and no word is bold. 128 on a page without such
/// pixels. (Halfway between ink and paper on every page measured worse on the development
/// PDFs read by OCR: recall 0.665 against 0.667 clean, 0.612 against 0.619 made to look
/// scanned, whose blurred strokes it thickens.)
pub(super) fn ink_level(px: &[u8]) -> u8 {
    let mut counts = [0u64; 256];
    for &p in px {
        counts[usize::from(p)] += 1;
    }
    let paper = (0..256).max_by_key(|&v| (counts[v], v)).unwrap_or(255);
    let dark: u64 = counts[..paper.saturating_sub(40)].iter().sum();
    if dark == 0 {
        return 128;
    }
    let mut seen = 0u64;
    let ink = (0..paper)
        .find(|&v| {
            seen += counts[v];
            seen * 50 >= dark
        })
        .unwrap_or(0);
    let quarter = (paper - ink) / 4;
    128.clamp(ink + quarter, (paper - quarter).max(ink + quarter)) as u8
}

/// The width of the strokes of each word of line `l` on `image`, in points: the word's dark
/// pixels over its runs of dark pixels across rows and down columns (a stem `w` pixels wide
/// and `h` high is `h` runs across and `w` down: `w·h / (h + w)`, about `w`). NaN for a
/// word of fewer than 8 dark pixels.
pub(super) fn word_strokes(l: &OcrLine, image: &PageImage) -> Vec<f32> {
    if image.px.len() != image.w * image.h {
        return vec![f32::NAN; l.words.len()];
    }
    let px_per_pt = image.dpi / 72.0;
    let to_px = |v: f32, max: usize| ((v * px_per_pt).round().max(0.0) as usize).min(max);
    l.words
        .iter()
        .map(|&(_, _, b)| {
            let (x0, x1) = (to_px(b[0], image.w), to_px(b[2], image.w));
            let (y0, y1) = (to_px(b[1], image.h), to_px(b[3], image.h));
            let dark = |x: usize, y: usize| image.px[y * image.w + x] < image.ink;
            let (mut ink, mut runs) = (0u32, 0u32);
            for y in y0..y1 {
                for x in x0..x1 {
                    if dark(x, y) {
                        ink += 1;
                        runs += u32::from(x == x0 || !dark(x - 1, y));
                        runs += u32::from(y == y0 || !dark(x, y - 1));
                    }
                }
            }
            if ink < 8 || runs == 0 {
                f32::NAN
            } else {
                ink as f32 / runs as f32 / px_per_pt
            }
        })
        .collect()
}

/// The lines OCR placed on a page, and the page's height in points.
type PlacedPage = (Vec<OcrLine>, f32);

/// The box round boxes `a` and `b` (`[x0, y0, x1, y1]`).
fn union(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

/// Whether a word OCR read is far wider than its letters could be at the size the height of
/// its ink tells (see [`ink_reach`]): a rule or a row of dots read as letters (`ee`, `eee`,
/// `2...` over a page's width), which tesseract reads so on clean pages, and on a scan
/// tilted as a tall word that would be taken for a title.
pub(super) fn too_wide_for_its_letters(word: &str, b: &[f32; 4]) -> bool {
    let Some((top, bottom, _)) = ink_reach(word) else {
        return false;
    };
    let em = (b[3] - b[1]) / (top + bottom);
    let letters: f32 = word.chars().map(proportional_width).sum();
    b[2] - b[0] > 4.0 * (letters + 1.0) * em
}

/// How far the lines OCR read on a page fall across it (the tangent of the angle a scan was
/// turned by, positive when they fall to the right, as the page's y grows downwards), when
/// it is clear. Over the pieces of lines ([`ocr_pieces`]: a cell or a far link of a line
/// may stand on a baseline of its own) 50 points long or more with three words or more
/// that OCR is sure of (80 of 100) and whose letters stand on the baseline (no descender:
/// the bottom of such a word's box is where its line is): the median, weighted by their
/// lengths, of the slopes of those words' bottoms (least squares). None with fewer than
/// five such pieces, when more than a fifth of them are level to the pixel (an upright
/// page), when they do not agree, or for a slope under 0.001 (a line 600 points long falls
/// less than 0.6 of a point) or over 0.1 (turned by more than about 6 degrees: not a
/// scan's tilt).
pub(super) fn tilt(lines: &[OcrLine]) -> Option<f32> {
    let mut slopes: Vec<(f32, u32)> = Vec::new();
    for l in lines.iter().flat_map(ocr_pieces) {
        let points: Vec<(f32, f32)> = l
            .words
            .iter()
            .zip(&l.confidence)
            .filter(|&(&(a, b, bx), &sure)| {
                let w = &l.text[a..b];
                sure >= 80.0
                    && matches!(ink_reach(w), Some((_, bottom, true)) if bottom == 0.0)
                    && !too_wide_for_its_letters(w, &bx)
            })
            .map(|(&(_, _, bx), _)| ((bx[0] + bx[2]) / 2.0, bx[3]))
            .collect();
        if points.len() < 3 {
            continue;
        }
        let n = points.len() as f32;
        let (mx, my) = points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
        let (sxy, sxx) = points.iter().fold((0.0, 0.0), |(xy, xx), p| {
            (xy + (p.0 - mx) * (p.1 - my), xx + (p.0 - mx) * (p.0 - mx))
        });
        let (left, right) = points
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        let span = right - left;
        if sxx > 0.0 && span >= 50.0 {
            // Words on one row of pixels are level exactly (the means round).
            let level = points.iter().all(|p| p.1 == points[0].1);
            slopes.push((if level { 0.0 } else { sxy / sxx }, span.min(1e6) as u32));
        }
    }
    // Lines of an upright page whose words stand on one row of pixels: a tilted scan has
    // hardly any.
    let level = slopes.iter().filter(|s| s.0 == 0.0).count();
    if slopes.len() < 5 || level * 5 > slopes.len() {
        return None;
    }
    let slope = weighted_median(&mut slopes, 0)?;
    // The lines agree (three fifths of their length within a quarter of the slope, or
    // 0.002): underlined links, super- and subscripts and words of two rows read as one
    // line give slopes too, but scattered.
    let near = |s: f32| (s - slope).abs() <= (slope.abs() * 0.25).max(0.002);
    let agree: u64 = slopes
        .iter()
        .filter(|s| near(s.0))
        .map(|s| u64::from(s.1))
        .sum();
    let all: u64 = slopes.iter().map(|s| u64::from(s.1)).sum();
    ((0.001..=0.1).contains(&slope.abs()) && agree * 5 >= all * 3).then_some(slope)
}

/// The lines OCR read on a page `w` by `h` points, turned upright when the scan was tilted
/// ([`tilt`]) and without the words [`too_wide_for_its_letters`]; lines left with no word
/// go. Each word's box is turned about the page's centre, and made as wide and as high as
/// the box of the upright word would be (the box of a tilted word is higher by its width
/// times the sine of the angle: a long word of body text on a scan turned by one degree
/// grows by a fifth, and would read as a larger type). Strokes are measured before, on the
/// image as it is.
pub(super) fn straightened(lines: Vec<OcrLine>, w: f32, h: f32) -> Vec<OcrLine> {
    let turn = tilt(&lines).map(|slope| {
        let angle = slope.atan();
        (angle.cos(), angle.sin())
    });
    let upright = |b: [f32; 4]| -> [f32; 4] {
        let Some((c, s)) = turn else {
            return b;
        };
        let (bw, bh) = (b[2] - b[0], b[3] - b[1]);
        let (a, d) = (s.abs(), c * c - s * s);
        let ww = ((bw * c - bh * a) / d).clamp(bw * 0.5, bw);
        let hh = ((bh * c - bw * a) / d).clamp(bh * 0.2, bh);
        let (dx, dy) = ((b[0] + b[2] - w) / 2.0, (b[1] + b[3] - h) / 2.0);
        let (x, y) = (w / 2.0 + dx * c + dy * s, h / 2.0 - dx * s + dy * c);
        [x - ww / 2.0, y - hh / 2.0, x + ww / 2.0, y + hh / 2.0]
    };
    let mut out = Vec::with_capacity(lines.len());
    for l in lines {
        let mut kept = OcrLine {
            paragraph: l.paragraph,
            text: String::new(),
            bbox: [0.0; 4],
            words: Vec::with_capacity(l.words.len()),
            strokes: Vec::with_capacity(l.strokes.len()),
            confidence: Vec::with_capacity(l.confidence.len()),
        };
        for (j, &(a, b, bx)) in l.words.iter().enumerate() {
            let word = &l.text[a..b];
            let bx = upright(bx);
            if too_wide_for_its_letters(word, &bx) {
                continue;
            }
            if !kept.text.is_empty() {
                kept.text.push(' ');
            }
            let start = kept.text.len();
            kept.text.push_str(word);
            kept.bbox = if kept.words.is_empty() {
                bx
            } else {
                union(kept.bbox, bx)
            };
            kept.words.push((start, kept.text.len(), bx));
            kept.strokes.extend(l.strokes.get(j));
            kept.confidence.extend(l.confidence.get(j));
        }
        if !kept.words.is_empty() {
            out.push(kept);
        }
    }
    out
}

/// The lines OCR read on `image` with their words' strokes measured ([`word_strokes`]).
fn with_strokes(mut lines: Vec<OcrLine>, image: &PageImage) -> Vec<OcrLine> {
    for l in &mut lines {
        l.strokes = word_strokes(l, image);
    }
    lines
}

/// A line read by OCR cut where a gap wider than an em of its type parts its words (table
/// cells, columns, a listing's line numbers), each piece a line of its own: its own type
/// size, weight and family are told apart from the others'.
pub(super) fn ocr_pieces(l: &OcrLine) -> Vec<OcrLine> {
    let (size, _) = ocr_size(l);
    let mut pieces = Vec::new();
    let mut first = 0;
    for k in 1..=l.words.len() {
        if k < l.words.len() && l.words[k].2[0] - l.words[k - 1].2[2] <= size {
            continue;
        }
        if first == 0 && k == l.words.len() {
            return vec![l.clone()];
        }
        let (a, _, _) = l.words[first];
        let (_, b, _) = l.words[k - 1];
        let words: Vec<(usize, usize, [f32; 4])> = l.words[first..k]
            .iter()
            .map(|&(wa, wb, bx)| (wa - a, wb - a, bx))
            .collect();
        let bbox = words.iter().fold(words[0].2, |u, w| union(u, w.2));
        pieces.push(OcrLine {
            paragraph: l.paragraph,
            text: l.text[a..b].to_string(),
            bbox,
            words,
            strokes: l.strokes.get(first..k).map_or(Vec::new(), <[f32]>::to_vec),
            confidence: l
                .confidence
                .get(first..k)
                .map_or(Vec::new(), <[f32]>::to_vec),
        });
        first = k;
    }
    pieces
}

/// Whether what OCR read of `l` tells of its type. Words it is unsure of (under 60 of 100 on
/// average: letters of another script read as Latin, a glyph table, dot leaders read as
/// `eee`) do not: such a piece is set as the body is. A number or a short word alone is
/// often read unsure and right (`1.1` before a run-in title).
fn trusted(l: &OcrLine) -> bool {
    confidence(l) >= 60.0 || l.text.chars().filter(|c| !c.is_whitespace()).count() < 6
}

/// How sure OCR is of the words of `l`, on average over their characters (0 to 100).
fn confidence(l: &OcrLine) -> f32 {
    let (mut sum, mut n) = (0.0f32, 0usize);
    for (&(a, b, _), &c) in l.words.iter().zip(&l.confidence) {
        let k = l.text[a..b].chars().count();
        sum += c * k as f32;
        n += k;
    }
    if n == 0 {
        100.0
    } else {
        sum / n as f32
    }
}

/// Line `l` (type size `size`) with the ornament before its title read as what it is (`◆`),
/// when OCR read it as a symbol of its alphabet (tesseract's English reads doxygen's `◆
/// CLEAN_OUTPUT` as `@ CLEAN OUTPUT`, `◆ equals()` as `« equals()`): a first word `@` or
/// `«` before a title set 1.15 times the body or more, which the rules for titles after an
/// ornament then read. At the body's size they are marks of the text (`« quoted »`), and
/// stay; so do the other symbols OCR reads ornaments as (`¢`, `°`, `©`), which are more often
/// bullets (`¢` for `•`) or a sidebar's marks (on the development PDFs read by OCR, with
/// them 5 more titles found and 13 more spurious).
pub(super) fn with_its_ornament(l: &OcrLine, size: f32, body: f32) -> Option<OcrLine> {
    let &(a, b, _) = l.words.first()?;
    let symbol = matches!(&l.text[a..b], "@" | "«");
    if !symbol || size < body * 1.15 || l.words.len() < 2 {
        return None;
    }
    Some(first_word_read_as(l, "◆"))
}

/// Line `l` (set in a proportional type) with the permalink mark a printed web page sets after
/// a title (Sphinx's `¶`) read as what it is, where OCR read it as `{` glued to the title's
/// last word (`Drivers{`, `[CloudManagement]{`): a brace no prose ends a line with, and that
/// would make the title read as code. Not in a word with other program marks (`\begin{`,
/// `[id=un]{`), nor after a call (`main(){`), nor on a line with other braces.
pub(super) fn with_its_pilcrow(l: &OcrLine) -> Option<OcrLine> {
    let &(a, b, bx) = l.words.last()?;
    let word = l.text[a..b].strip_suffix('{')?;
    let before = word.chars().last()?;
    let marks = |c: char| matches!(c, '{' | '}' | '\\' | '=' | '@' | '$' | '<' | '>');
    if !(before.is_alphanumeric() || before == ']')
        || word.chars().count() < 2
        || word.contains(marks)
        || l.text[..a].contains(['{', '}'])
    {
        return None;
    }
    let mut out = l.clone();
    out.text = format!("{}{word}\u{b6}", &l.text[..a]);
    *out.words.last_mut()? = (a, out.text.len(), bx);
    Some(out)
}

/// Line `l` (of two words or more) with its first word read as `symbol`, in its box; the
/// words after it keep their places in what follows it.
fn first_word_read_as(l: &OcrLine, symbol: &str) -> OcrLine {
    let c = l.words[1].0;
    let mut out = l.clone();
    out.text = format!("{symbol} {}", &l.text[c..]);
    let at = |o: usize| o - c + symbol.len() + 1;
    out.words[0] = (0, symbol.len(), out.words[0].2);
    for w in &mut out.words[1..] {
        (w.0, w.1) = (at(w.0), at(w.1));
    }
    out
}

/// A bullet that OCR read as a letter or another symbol (tesseract reads `•` as `e`, `¢`,
/// `°`, `©`, `®`, `@` and the like) is read as `•`: the line's first word, one such
/// character, a small blot (from 0.15 to 0.45 high and from 0.15 to 0.55 wide, of the size
/// the words after it tell) raised off their baseline (by 0.06 of the size or more, a letter
/// by a quarter at most, its top no higher than 0.65), with a gap of a fifth of the size or more
/// before the next word. A letter of the text sits on the baseline, and a superscript one (a
/// table's footnote mark) higher; `*`, `-`, `+` and `o` are bullets as they are, and a
/// guillemet (`«`, which OCR also reads bullets as) opens a quotation in French.
pub(super) fn with_its_bullet(l: &OcrLine) -> Option<OcrLine> {
    let (&(a, b, bx), &(_, _, next)) = (l.words.first()?, l.words.get(1)?);
    let letter = matches!(&l.text[a..b], "e" | "c");
    if !letter && !matches!(&l.text[a..b], "¢" | "°" | "©" | "®" | "@" | "·") {
        return None;
    }
    // The size the words after it tell: a bullet read as a letter would tell one of its own.
    let rest = OcrLine {
        words: l.words[1..].to_vec(),
        ..l.clone()
    };
    let size = ocr_size(&rest).0;
    if next[0] - bx[2] < 0.2 * size {
        return None;
    }
    let (h, w) = (bx[3] - bx[1], bx[2] - bx[0]);
    if !(0.15 * size..=0.45 * size).contains(&h) || !(0.15 * size..=0.55 * size).contains(&w) {
        return None;
    }
    // The baseline of the words after it: where their ink ends less their descenders.
    let mut bases: Vec<f32> = l.words[1..]
        .iter()
        .filter_map(|&(wa, wb, wx)| {
            let r = ink_reach(&l.text[wa..wb])?;
            Some(wx[3] - r.1 * size)
        })
        .collect();
    if bases.is_empty() {
        return None;
    }
    bases.sort_by(f32::total_cmp);
    let base = bases[(bases.len() - 1) / 2];
    // Raised, but not as a superscript letter is (a table's footnote mark `c`).
    let raised = base - bx[3];
    if raised < 0.06 * size || (letter && raised > 0.25 * size) || bx[1] < base - 0.65 * size {
        return None;
    }
    Some(first_word_read_as(l, "•"))
}

/// A piece of a line read by OCR ([`ocr_pieces`]) as the layout's fragment: its words on one
/// baseline at one type size. OCR gives no type size: each word's is the height of its ink
/// over the reach of its letters ([`ink_reach`]), the piece's the median of its words' (see
/// [`ocr_size`]). Its baseline is the median of where its words' ink ends less their
/// descenders. Its words in
/// bold ([`OcrTypes`]) are counted, and so is a bold run it starts with (a run-in title).
pub(super) fn ocr_frag(l: &OcrLine, types: &OcrTypes) -> Frag {
    // A bullet read as a letter is read as the bullet first: it tells no size.
    let bulleted = with_its_bullet(l);
    let l = bulleted.as_ref().unwrap_or(l);
    let (size, reaches) = ocr_size(l);
    let trusted = trusted(l);
    let size = if trusted { size } else { types.body };
    let ornamented = with_its_ornament(l, size, types.body);
    let l = ornamented.as_ref().unwrap_or(l);
    // The type is told at the size the line's ink gives; a line nearer the monospaced type's
    // size than the body's is also measured at that size (`\NeedsTeXFormat`, whose backslash
    // reaches further down than its letters, reads a fifth smaller than it is set).
    let off = |to: f32| (size / to - 1.0).abs();
    let mono = trusted
        && (types.monospaced(l, size)
            || types
                .code
                .is_some_and(|c| off(c) < off(types.body).min(0.25) && types.monospaced(l, c)));
    // Then a line within a tenth of the body's size is set at it, and a monospaced one within
    // a tenth of the monospaced type's at that: a word's height read a pixel higher is a
    // twentieth of its size at 200 dpi, and the size of a short line (a paragraph's last) is
    // the median of few words, so the same type reads a little larger or smaller from line to
    // line, which the layout would take for a change of type.
    let size = match types.code {
        Some(c) if mono && off(c) < 0.1 => c,
        _ if off(types.body) < 0.1 => types.body,
        _ => size,
    };
    let pilcrowed = (!mono).then(|| with_its_pilcrow(l)).flatten();
    let l = pilcrowed.as_ref().unwrap_or(l);
    let bold = match (trusted, mono) {
        (false, _) => (f32::INFINITY, f32::INFINITY),
        (true, true) => types.bold.1,
        (true, false) => types.bold.0,
    };
    let mut bases: Vec<f32> = l
        .words
        .iter()
        .zip(&reaches)
        .map(|(&(_, _, bx), r)| bx[3] - r.map_or(0.0, |r| r.1) * size)
        .collect();
    bases.sort_by(f32::total_cmp);
    let base = bases.get(bases.len() / 2).copied().unwrap_or(l.bbox[3]);
    let mut f = Frag::plain(
        [l.bbox[0], base - 0.8 * size, l.bbox[2], base + 0.2 * size],
        base,
        size,
        l.text.clone(),
    );
    f.chars = 0;
    f.lead_open = true;
    for (j, &(wa, wb, _)) in l.words.iter().enumerate() {
        let n = l.text[wa..wb]
            .chars()
            .filter(|c| !c.is_whitespace())
            .count() as u32;
        f.chars += n;
        f.mono_chars += if mono { n } else { 0 };
        // A stroke of the bold weight, for the size and in points: a bold word.
        let is_bold = l
            .strokes
            .get(j)
            .is_some_and(|&w| w / size >= bold.0 && w >= bold.1);
        if is_bold {
            f.bold_chars += n;
            if f.lead_open {
                f.bold_lead = wb;
            }
        } else {
            f.lead_open = false;
        }
    }
    f
}

/// Whether a piece read by OCR says too little to tell its type by its own widths: fewer
/// than two words of three characters or more with a lower-case letter (`fn main() {`, `}`,
/// `\documentclass{llncs}`), which is what [`plainly_monospaced`] needs.
fn says_little(text: &str) -> bool {
    text.split_whitespace()
        .filter(|w| w.chars().count() >= 3 && w.chars().any(char::is_lowercase))
        .count()
        < 2
}

/// A page's pieces read by OCR ([`ocr_frag`]) that say too little of their type
/// ([`says_little`]) take the monospaced type from the code around them: when the nearest
/// piece that says enough, above in their column through pieces set tight (baselines within
/// 1.6 times the type size), is monospaced, and the nearest below is too or there is none so
/// near; or the other way round. Neither may be set larger or smaller by more than a sixth,
/// and a bold piece keeps its type: a title over a listing is no line of it.
pub(super) fn monospaced_among_code(frags: &mut [Frag]) {
    let mut order: Vec<usize> = (0..frags.len()).collect();
    order.sort_by(|&a, &b| frags[a].base.total_cmp(&frags[b].base));
    let little: Vec<bool> = frags.iter().map(|f| says_little(&f.text)).collect();
    let mono = |f: &Frag| f.chars > 0 && f.mono_chars * 2 >= f.chars;
    // No piece further than this is set tight against another.
    let reach = 1.6 * frags.iter().map(|f| f.size).fold(0.0, f32::max);
    // The nearest piece of its column above (or below) the piece at `k` in `order`, when it
    // is set tight against it.
    let neighbour = |k: usize, up: bool| -> Option<usize> {
        let f = &frags[order[k]];
        let beside = |j: usize| frags[j].x0 < f.x1 && f.x0 < frags[j].x1;
        let found = if up {
            order[..k]
                .iter()
                .rev()
                .take_while(|&&j| frags[j].base >= f.base - reach)
                .find(|&&j| beside(j) && frags[j].base < f.base - 1.0)
        } else {
            order[k + 1..]
                .iter()
                .take_while(|&&j| frags[j].base <= f.base + reach)
                .find(|&&j| beside(j) && frags[j].base > f.base + 1.0)
        }
        .copied()?;
        let g = &frags[found];
        ((g.base - f.base).abs() <= 1.6 * f.size.max(g.size)).then_some(found)
    };
    // For each piece, the nearest piece that says enough above it (and below it), reached
    // through tight pieces that say little: pieces are taken from the top for the one, from
    // the bottom for the other, so a neighbour's answer is known when it is asked.
    let mut above: Vec<Option<usize>> = vec![None; frags.len()];
    for k in 0..order.len() {
        above[order[k]] =
            neighbour(k, true).and_then(|j| if little[j] { above[j] } else { Some(j) });
    }
    let mut below: Vec<Option<usize>> = vec![None; frags.len()];
    for k in (0..order.len()).rev() {
        below[order[k]] =
            neighbour(k, false).and_then(|j| if little[j] { below[j] } else { Some(j) });
    }
    let mut set = Vec::new();
    for (i, f) in frags.iter().enumerate() {
        if !little[i] || mono(f) || f.bold_chars * 2 >= f.chars.max(1) {
            continue;
        }
        let like = |j: usize| {
            let g = &frags[j];
            mono(g) && (f.size / g.size - 1.0).abs() <= 1.0 / 6.0
        };
        let code = match (above[i], below[i]) {
            (Some(a), Some(b)) => like(a) && like(b),
            (Some(a), None) | (None, Some(a)) => like(a),
            (None, None) => false,
        };
        if code {
            set.push(i);
        }
    }
    for i in set {
        frags[i].mono_chars = frags[i].chars;
    }
}

/// Pixels of a page image handed to the OCR command at most (a US Letter page at 600 dpi has
/// 34 million): a larger page is rendered at a lower resolution.
pub(super) const OCR_MAX_PIXELS: f32 = 64e6;

/// Runs `pdf.ocr_command` on page `index` rendered in grey at `ocr_dpi` (lower for a page too
/// large for [`OCR_MAX_PIXELS`]; written as a PGM image to the temporary folder, its path in
/// place of `{image}`) and returns what the command printed and the page image it read.
#[cfg(feature = "pdf")]
pub(super) fn ocr_page(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    index: u32,
    cfg: &PdfConfig,
) -> Result<(String, PageImage), String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let (w, h, px, dpi) = doc.render_gray(index as i32, cfg.ocr_dpi as f32, OCR_MAX_PIXELS)?;
    let image = std::env::temp_dir().join(format!(
        "docsweep-ocr-{}-{}.pgm",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    // The header, then the pixels as they are (no second copy of a large page's image).
    let header = format!("P5\n{w} {h}\n255\n");
    let written = std::fs::File::create(&image).and_then(|mut f| {
        use std::io::Write;
        f.write_all(header.as_bytes())?;
        f.write_all(&px)
    });
    // Not held while the command runs (a poster-sized page is 64 MB): read back below.
    drop(px);
    let ran = written
        .map_err(|e| format!("OCR: cannot write a page image in {}: {e}", image.display()))
        .and_then(|()| {
            let path = image.to_string_lossy();
            let args: Vec<String> = cfg
                .ocr_command
                .iter()
                .map(|a| a.replace("{image}", &path))
                .collect();
            let mut command = std::process::Command::new(&args[0]);
            // Documents are read side by side on every core already: tesseract's own
            // OpenMP threads only contend with them (a page took 4.8 s of wall time with
            // them and 0.8 s without, here). A limit set by the user stands.
            if std::env::var_os("OMP_THREAD_LIMIT").is_none() {
                command.env("OMP_THREAD_LIMIT", "1");
            }
            command
                .args(&args[1..])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null());
            run_until(command, doc.deadline())
                .map_err(|e| format!("OCR: cannot run {}: {e}", args[0]))
        });
    // The image again, for its words' strokes, when the command placed them (TSV).
    let px = match &ran {
        Ok(Some((_, printed))) if printed.starts_with(TSV_HEADER.as_bytes()) => {
            std::fs::read(&image)
                .ok()
                .filter(|b| b.len() == header.len() + w * h)
                .map(|mut b| {
                    b.drain(..header.len());
                    b
                })
                .unwrap_or_default()
        }
        _ => Vec::new(),
    };
    let _ = std::fs::remove_file(&image);
    let Some((status, printed)) = ran? else {
        return Err(format!(
            "OCR of page {} {}",
            index + 1,
            crate::extract::mupdf_ffi::STOPPED
        ));
    };
    if !status.success() {
        return Err(format!(
            "OCR: {} failed on page {} ({})",
            cfg.ocr_command[0],
            index + 1,
            status
        ));
    }
    Ok((
        String::from_utf8_lossy(&printed).into_owned(),
        PageImage {
            w,
            h,
            ink: ink_level(&px),
            px,
            dpi,
        },
    ))
}

/// Runs `command` (its output piped) and returns its exit status and what it printed, or
/// `None` when it was still running at `deadline`: then it is killed, with the processes it
/// started (it leads a process group of its own), so that a command that hangs on one page
/// holds its document no longer than `pdf.max_seconds`.
#[cfg(feature = "pdf")]
fn run_until(
    mut command: std::process::Command,
    deadline: Option<Instant>,
) -> std::io::Result<Option<(std::process::ExitStatus, Vec<u8>)>> {
    use std::io::Read;
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let interrupted = || std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted");
    if STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(interrupted());
    }
    let mut child = command.spawn()?;
    let _running = Running::register(child.id());
    let mut stdout = child.stdout.take();
    // Read on a thread of its own: a command that prints more than a pipe holds waits for
    // its output to be read before it ends. What it read comes back over a channel, so that
    // waiting for it keeps to the deadline too (a process the command left behind may hold
    // the pipe open after the command has ended).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut printed = Vec::new();
        if let Some(out) = stdout.as_mut() {
            let _ = out.read_to_end(&mut printed);
        }
        let _ = tx.send(printed);
    });
    // Kills the command's process group: its leader is not yet waited for, or the group
    // still has a member holding the pipe, so the group's id is not another's.
    let kill = |child: &mut std::process::Child| {
        #[cfg(unix)]
        // SAFETY: a plain system call on the group the child leads (`process_group(0)`).
        unsafe {
            libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
        }
        let _ = child.kill();
        let _ = child.wait();
    };
    // An interrupt that came before this command was listed found nothing to kill: it is
    // stopped here (listed first, then asked, so that one of the two sees the other).
    if STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        kill(&mut child);
        return Err(interrupted());
    }
    let Some(deadline) = deadline else {
        let status = child.wait()?;
        return Ok(Some((status, rx.recv().unwrap_or_default())));
    };
    let mut pause = std::time::Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => {
                kill(&mut child);
                return Err(e);
            }
        }
        let now = Instant::now();
        if now >= deadline {
            kill(&mut child);
            return Ok(None);
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(std::time::Duration::from_millis(20));
    };
    match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(printed) => Ok(Some((status, printed))),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Ok(Some((status, Vec::new()))),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            kill(&mut child);
            Ok(None)
        }
    }
}

/// The process groups of the OCR commands running now (their leaders' ids). Each leads a
/// group of its own, so a Ctrl-C at the terminal does not reach it: [`stop_ocr_commands`]
/// does, from the interrupt handler.
#[cfg(feature = "pdf")]
static RUNNING: std::sync::Mutex<Vec<u32>> = std::sync::Mutex::new(Vec::new());

/// Set by [`stop_ocr_commands`]: no OCR command starts after it, and one that started as
/// it came is stopped by [`run_until`].
#[cfg(feature = "pdf")]
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// An OCR command listed in [`RUNNING`] while it runs.
#[cfg(feature = "pdf")]
struct Running(u32);

#[cfg(feature = "pdf")]
impl Running {
    fn register(id: u32) -> Running {
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).push(id);
        Running(id)
    }
}

#[cfg(feature = "pdf")]
impl Drop for Running {
    fn drop(&mut self) {
        RUNNING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&id| id != self.0);
    }
}

/// Kills every OCR command running now, with what it started, and lets no other start: an
/// interrupted run stops at once instead of waiting for pages it will not publish.
#[cfg(feature = "pdf")]
pub fn stop_ocr_commands() {
    STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    for &id in running.iter() {
        #[cfg(unix)]
        // SAFETY: a plain system call on a group whose leader is not yet waited for (it is
        // listed until then), so its id is no other group's.
        unsafe {
            libc::kill(-(id as libc::pid_t), libc::SIGKILL);
        }
        #[cfg(not(unix))]
        let _ = id;
    }
}

/// A page with fewer characters of text than this may be a scan (a page number stamped on a
/// scanned image).
pub(super) const SCAN_MAX_CHARS: u32 = 32;

/// Whether a page is a picture: fewer than [`SCAN_MAX_CHARS`] characters of text, and images
/// over at least 30 % of it (a scan, a scan with a stamp, a full-page picture; not a blank
/// page or a chapter's title page). The images' boxes overlapping count twice.
pub(super) fn picture_page(p: &read::PageText) -> bool {
    let page = p.width * p.height;
    let images: f32 = p
        .graphics
        .iter()
        .filter(|g| g.1 == crate::extract::mupdf_ffi::Graphic::Image)
        .map(|(b, _)| {
            let w = b[2].min(p.width) - b[0].max(0.0);
            let h = b[3].min(p.height) - b[1].max(0.0);
            if w > 0.0 && h > 0.0 {
                w * h
            } else {
                0.0
            }
        })
        .sum();
    p.frags.iter().map(|f| f.chars).sum::<u32>() < SCAN_MAX_CHARS
        && page > 0.0
        && images >= page * 0.3
}

/// Reads the image pages (`scans`: indexes into `pages` and their own text) of a PDF that has
/// a text layer elsewhere with `pdf.ocr_command`, when it prints tesseract's TSV: the lines it
/// read, at the places it read them, join the page's own text, but for those that lie on that
/// text (a stamp is read from the text layer, exactly). Returns how many pages were read; a
/// command that prints plain text cannot place its lines on the page, and its pages stay as
/// they were. Once the document's `max_seconds` are spent, or the command failed on the first
/// three pages it was given, the pages left are not read; a page it fails on is left unread
/// and the others are read. The first failure is returned to be the document's reason.
#[cfg(feature = "pdf")]
pub(super) fn ocr_scanned_pages(
    doc: &crate::extract::mupdf_ffi::Doc<'_>,
    pages: &mut [Page],
    scans: &[(usize, Vec<Frag>)],
    cfg: &PdfConfig,
    started: Instant,
) -> (usize, Option<String>) {
    let (_, body) = size_clusters(pages);
    let mut read = Vec::new();
    let (mut failed, mut failures) = (None, 0);
    for (i, own) in scans {
        let i = *i;
        // Out of time (`max_seconds`): the pages left are counted as scans not read.
        if cfg.max_seconds > 0.0 && started.elapsed().as_secs_f64() > cfg.max_seconds {
            break;
        }
        // The text pages stand without the pictures: a page the command fails on (or that
        // cannot be rendered) stays unread and the others are read, as in a scan; a
        // command that fails on the first three pages it is given leaves the rest unread.
        // The first failure says why.
        let (printed, image) = match ocr_page(doc, i as u32, cfg) {
            Ok(read) => read,
            // Stopped at the time limit: as above.
            Err(e) if e.ends_with(crate::extract::mupdf_ffi::STOPPED) => break,
            Err(e) => {
                failed.get_or_insert(e);
                failures += 1;
                let interrupted = STOPPING.load(std::sync::atomic::Ordering::SeqCst);
                if interrupted || (read.is_empty() && failures >= 3) {
                    break;
                }
                continue;
            }
        };
        match tsv_lines(&printed, image.dpi) {
            Some(lines) => {
                // The pieces read off the page's own text go (a stamp is read from the
                // layer), judged where OCR read them, before the page is straightened.
                let pieces: Vec<OcrLine> = with_strokes(lines, &image)
                    .iter()
                    .flat_map(ocr_pieces)
                    .filter(|l| !on_text(&l.bbox, own))
                    .collect();
                let (w, h) = image.points();
                let pieces = straightened(pieces, w, h);
                read.push((i, own, pieces));
            }
            // Plain text: no page of this command's output can be placed; the rest are not
            // read for nothing.
            None => break,
        }
    }
    // The sizes OCR's ink tells (see `ocr_frag`), scaled so that the body of the pictures
    // is set at the body size of the text pages (a scan bound in may have been reduced);
    // within a tenth of it is body text.
    let types = OcrTypes::learn(read.iter().flat_map(|(_, _, ls)| ls.iter()));
    let scale = body / types.body.max(0.1);
    for (i, own, lines) in &read {
        let mut frags: Vec<Frag> = (*own).clone();
        let mut read_here: Vec<Frag> = lines
            .iter()
            .map(|l| {
                let mut f = ocr_frag(l, &types);
                let size = f.size * scale;
                f.size = if (size / body - 1.0).abs() < 0.1 {
                    body
                } else {
                    size
                };
                f.y0 = f.base - 0.8 * f.size;
                f.y1 = f.base + 0.2 * f.size;
                f
            })
            .collect();
        monospaced_among_code(&mut read_here);
        frags.append(&mut read_here);
        pages[*i] = layout_page(frags, pages[*i].height);
    }
    (read.len(), failed)
}

/// Whether half of box `b` or more lies on the fragments `own` (a page's own text, which do not
/// overlap one another): an OCR line read off text the page has already, such as a stamp set
/// as two fragments.
pub(super) fn on_text(b: &[f32; 4], own: &[Frag]) -> bool {
    let covered: f32 = own
        .iter()
        .map(|f| {
            let w = b[2].min(f.x1) - b[0].max(f.x0);
            let h = b[3].min(f.y1) - b[1].max(f.y0);
            if w > 0.0 && h > 0.0 {
                w * h
            } else {
                0.0
            }
        })
        .sum();
    covered > 0.0 && covered * 2.0 >= (b[2] - b[0]) * (b[3] - b[1])
}

/// One line of text read by OCR, from tesseract's TSV output.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct OcrLine {
    /// Block and paragraph numbers: lines of one paragraph share them.
    pub(super) paragraph: (u32, u32),
    /// The words, one space apart.
    pub(super) text: String,
    /// `[x0, y0, x1, y1]` in points from the page's top left corner.
    pub(super) bbox: [f32; 4],
    /// Each word: its byte range in `text` and its box.
    pub(super) words: Vec<(usize, usize, [f32; 4])>,
    /// Each word's stroke width in points (see [`word_strokes`]), once measured on the image.
    pub(super) strokes: Vec<f32>,
    /// How sure OCR is of each word, 0 to 100 (tesseract's `conf`; 100 when not given).
    pub(super) confidence: Vec<f32>,
}

/// The header line of tesseract's TSV output (`tesseract IMAGE stdout tsv`).
pub(super) const TSV_HEADER: &str =
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";

/// The lines of a page printed as tesseract's TSV (one row per word, with its block,
/// paragraph and line numbers and its box in pixels of an image of `dpi`), in the order
/// printed; None when `out` is not TSV. Rows that do not parse are skipped.
pub(super) fn tsv_lines(out: &str, dpi: f32) -> Option<Vec<OcrLine>> {
    let mut rows = out.lines();
    if rows.next()?.trim_end() != TSV_HEADER {
        return None;
    }
    let pt = 72.0 / dpi;
    let mut lines: Vec<OcrLine> = Vec::new();
    let mut last_key = None;
    for row in rows {
        let f: Vec<&str> = row.splitn(12, '\t').collect();
        if f.len() < 12 || f[0] != "5" {
            continue;
        }
        // Words as printed, control characters (a form feed, a carriage return from another
        // program) made spaces: the text's lines and pages are docsweep's own.
        let cleaned: String;
        let word = if f[11].chars().any(char::is_control) {
            cleaned = f[11].replace(char::is_control, " ");
            cleaned.trim()
        } else {
            f[11].trim()
        };
        let num = |k: usize| f[k].trim().parse::<u32>().ok();
        let (Some(block), Some(par), Some(line), Some(x), Some(y), Some(w), Some(h)) =
            (num(2), num(3), num(4), num(6), num(7), num(8), num(9))
        else {
            continue;
        };
        if word.is_empty() {
            continue;
        }
        let confidence = f[10]
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|c| (0.0..=100.0).contains(c))
            .unwrap_or(100.0);
        let b = [
            x as f32 * pt,
            y as f32 * pt,
            (x as f32 + w as f32) * pt,
            (y as f32 + h as f32) * pt,
        ];
        let key = (block, par, line);
        match lines.last_mut() {
            Some(l) if last_key == Some(key) => {
                l.text.push(' ');
                let start = l.text.len();
                l.text.push_str(word);
                l.words.push((start, l.text.len(), b));
                l.confidence.push(confidence);
                l.bbox = union(l.bbox, b);
            }
            _ => lines.push(OcrLine {
                paragraph: (block, par),
                text: word.to_string(),
                bbox: b,
                words: vec![(0, word.len(), b)],
                strokes: Vec::new(),
                confidence: vec![confidence],
            }),
        }
        last_key = Some(key);
    }
    Some(lines)
}
