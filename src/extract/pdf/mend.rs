//! A second chance for a damaged PDF that MuPDF could not open, or opened without pages: a
//! copy of the file with a cross-reference table of docsweep's own, made by finding every
//! `N G obj` in the bytes, so that MuPDF reads objects where they are instead of rebuilding
//! the table itself.
//!
//! MuPDF's rebuild parses every object in the file, in order. One object it cannot parse (an
//! array never closed, a key that is not a name; unused by any page) ends the rebuild: before
//! the catalog, the whole file fails (`unreadable PDF: array not closed before end of file`),
//! after it, every object further on is dropped. A stream whose `endstream` is missing takes
//! the rest of the file as its data, catalog and page tree with it (`PDF with no pages`).
//! `pdftotext` and `qpdf` read such files whole. With a table that points at each object,
//! MuPDF parses only the objects the pages use. No crate rebuilds a damaged PDF's table (the
//! PDF crates read well-formed files, or repair as MuPDF does), hence this scan.
//!
//! Objects kept in object streams (PDF 1.5) are not found this way; a file whose pages live
//! there gains nothing, and keeps the reason MuPDF gave.

/// The object headers of `bytes`: for each object number, the offset and generation of its
/// last `N G obj` (a later definition replaces an earlier one, as an update appended to the
/// file does).
fn object_offsets(bytes: &[u8]) -> std::collections::BTreeMap<u32, (usize, u16)> {
    let mut found = std::collections::BTreeMap::new();
    let mut at = 0;
    while let Some(k) = find(bytes, b"obj", at) {
        at = k + 3;
        // `obj` is a keyword of its own: `endobj` and names such as `/objx` are not headers.
        if bytes.get(k + 3).is_some_and(|&c| !delimiter(c)) {
            continue;
        }
        let Some((gen, before_gen)) = number_before(bytes, k) else {
            continue;
        };
        let Some((num, start)) = number_before(bytes, before_gen) else {
            continue;
        };
        if start > 0 && !delimiter(bytes[start - 1]) {
            continue;
        }
        if let (Ok(num), Ok(gen)) = (u32::try_from(num), u16::try_from(gen)) {
            // Object numbers past this cannot be written in a table MuPDF accepts.
            if (1..=8_388_607).contains(&num) {
                found.insert(num, (start, gen));
            }
        }
    }
    found
}

/// The first `needle` in `hay` at or after `from`.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// PDF white space and delimiters: what may stand around a keyword or a number.
fn delimiter(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t'
            | b'\r'
            | b'\n'
            | b'\x0c'
            | b'\0'
            | b'<'
            | b'>'
            | b'['
            | b']'
            | b'('
            | b')'
            | b'/'
            | b'%'
            | b'{'
            | b'}'
    )
}

/// The unsigned number that ends, after white space, just before `end`, and where it starts.
fn number_before(bytes: &[u8], end: usize) -> Option<(u64, usize)> {
    let mut i = end;
    let mut spaced = false;
    while i > 0 && matches!(bytes[i - 1], b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\0') {
        i -= 1;
        spaced = true;
    }
    let last = i;
    while i > 0 && bytes[i - 1].is_ascii_digit() && last - i < 10 {
        i -= 1;
    }
    if !spaced || i == last {
        return None;
    }
    let digits = std::str::from_utf8(&bytes[i..last]).ok()?;
    Some((digits.parse().ok()?, i))
}

/// The last `key N G R` in `bytes` whose object `objects` holds (a trailer's, or an
/// cross-reference stream's, `/Root` or `/Encrypt`).
fn last_reference(
    bytes: &[u8],
    key: &[u8],
    objects: &std::collections::BTreeMap<u32, (usize, u16)>,
) -> Option<(u32, u16)> {
    let mut best = None;
    let mut at = 0;
    while let Some(k) = find(bytes, key, at) {
        at = k + key.len();
        let rest = &bytes[at..bytes.len().min(at + 32)];
        let text = String::from_utf8_lossy(rest);
        let mut words = text.split_ascii_whitespace();
        let (Some(num), Some(gen), Some(r)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        if !r.starts_with('R') {
            continue;
        }
        if let (Ok(num), Ok(gen)) = (num.parse::<u32>(), gen.parse::<u16>()) {
            if objects.contains_key(&num) {
                best = Some((num, gen));
            }
        }
    }
    best
}

/// The last object whose dictionary says `/Type /Catalog` near its start.
fn catalog(
    bytes: &[u8],
    objects: &std::collections::BTreeMap<u32, (usize, u16)>,
) -> Option<(u32, u16)> {
    let mut best: Option<(usize, u32, u16)> = None;
    for (&num, &(at, gen)) in objects {
        let head = &bytes[at..bytes.len().min(at + 1024)];
        let end = find(head, b"endobj", 0).unwrap_or(head.len());
        let head: Vec<u8> = head[..end]
            .iter()
            .copied()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        if find(&head, b"/Type/Catalog", 0).is_some() && best.is_none_or(|b| at > b.0) {
            best = Some((at, num, gen));
        }
    }
    best.map(|(_, num, gen)| (num, gen))
}

/// A copy of `bytes` with a cross-reference table and trailer of its own appended (see the
/// top of this file), or `None` when no object or no catalog is found.
pub(super) fn reindexed(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut objects = object_offsets(bytes);
    // MuPDF holds an entry for every number up to the largest: a 648-byte file naming object
    // 8,388,607 took 900 MB. Numbers far past how many objects the file holds are dropped
    // (a real file numbers its objects about densely).
    let bound = 16 * objects.len() as u64 + 1024;
    objects.retain(|&n, _| u64::from(n) <= bound);
    let root = last_reference(bytes, b"/Root", &objects).or_else(|| catalog(bytes, &objects))?;
    // An encrypted file needs its key's dictionary and its ID to be read: one whose
    // dictionary is not found as an object is left as it was (its text would be ciphertext).
    let encrypt = last_reference(bytes, b"/Encrypt", &objects);
    if encrypt.is_none() && find(bytes, b"/Encrypt", 0).is_some() {
        return None;
    }
    let size = objects.keys().next_back()? + 1;
    let mut out = Vec::with_capacity(bytes.len() + 20 * objects.len() + 256);
    out.extend_from_slice(bytes);
    out.push(b'\n');
    let table = out.len();
    out.extend_from_slice(b"xref\n0 1\n0000000000 65535 f \n");
    // One subsection per run of consecutive numbers.
    let numbers: Vec<u32> = objects.keys().copied().collect();
    for run in numbers.chunk_by(|a, b| b == &(a + 1)) {
        out.extend_from_slice(format!("{} {}\n", run[0], run.len()).as_bytes());
        for n in run {
            let (at, gen) = objects[n];
            out.extend_from_slice(format!("{at:010} {gen:05} n \n").as_bytes());
        }
    }
    let mut trailer = format!("trailer\n<< /Size {size} /Root {} {} R", root.0, root.1);
    if let Some((num, gen)) = encrypt {
        trailer.push_str(&format!(" /Encrypt {num} {gen} R"));
        if let Some(id) = last_id(bytes) {
            trailer.push_str(&format!(" /ID {id}"));
        }
    }
    out.extend_from_slice(format!("{trailer} >>\nstartxref\n{table}\n%%EOF\n").as_bytes());
    Some(out)
}

/// The last `/ID [<…> <…>]` of `bytes`, as written.
fn last_id(bytes: &[u8]) -> Option<String> {
    let mut best = None;
    let mut at = 0;
    while let Some(k) = find(bytes, b"/ID", at) {
        at = k + 3;
        let rest = &bytes[at..bytes.len().min(at + 300)];
        let Some(close) = rest.iter().position(|&c| c == b']') else {
            continue;
        };
        let id = String::from_utf8_lossy(&rest[..=close]).trim().to_string();
        if id.starts_with('[') && id.is_ascii() {
            best = Some(id);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_headers_are_found_where_they_stand() {
        let pdf = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n\
                    2 0 obj<< /Type /Pages /Count 0 /Kids [] >>endobj\n\
                    12 3 obj (twelve) endobj\n\
                    x5 0 obj /endobj 7 obj\n\
                    2 0 obj << /Type /Pages /Count 0 /Kids [] >> endobj\n";
        let found = object_offsets(pdf);
        let at = |s: &str| {
            let s = s.as_bytes();
            pdf.windows(s.len()).rposition(|w| w == s).unwrap()
        };
        assert_eq!(found.get(&1), Some(&(at("1 0 obj"), 0)));
        // The later definition of object 2 replaces the first.
        assert_eq!(found.get(&2), Some(&(at("2 0 obj << "), 0)));
        assert_eq!(found.get(&12), Some(&(at("12 3 obj"), 3)));
        // `x5 0 obj` is no header, nor `7 obj` (no generation).
        assert_eq!(found.keys().copied().collect::<Vec<_>>(), vec![1, 2, 12]);
        let copy = reindexed(pdf).unwrap();
        let tail = String::from_utf8_lossy(&copy[pdf.len()..]).into_owned();
        assert!(
            tail.contains("xref\n0 1\n0000000000 65535 f \n1 2\n"),
            "{tail}"
        );
        assert!(
            tail.contains("\n12 1\n") && tail.contains("/Size 13 "),
            "{tail}"
        );
        assert!(tail.contains("/Root 1 0 R"), "{tail}");
        assert!(
            tail.contains(&format!("startxref\n{}\n", pdf.len() + 1)),
            "{tail}"
        );
    }

    #[test]
    fn numbers_far_past_the_objects_and_unknown_keys_are_left_out() {
        let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n\
                    2 0 obj << /Type /Pages /Count 0 /Kids [] >> endobj\n\
                    8388607 0 obj null endobj\ntrailer << /Root 1 0 R >>\n";
        let copy = reindexed(pdf).unwrap();
        let tail = String::from_utf8_lossy(&copy[pdf.len()..]).into_owned();
        assert!(tail.contains("/Size 3 "), "{tail}");
        // Encrypted with a dictionary that is no object found: no copy.
        let mut enc = pdf.to_vec();
        enc.extend_from_slice(b"trailer << /Root 1 0 R /Encrypt << /Filter /Standard >> >>\n");
        assert!(reindexed(&enc).is_none());
    }

    #[test]
    fn the_catalog_is_found_without_a_trailer() {
        let pdf = b"%PDF-1.4\n4 0 obj\n<</Type/Pages/Count 0/Kids[]>>\nendobj\n\
                    9 0 obj\n<<\n/Type /Catalog\n/Pages 4 0 R\n>>\nendobj\n";
        let copy = reindexed(pdf).unwrap();
        assert!(String::from_utf8_lossy(&copy).contains("/Root 9 0 R"));
        assert!(reindexed(b"%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n").is_none());
    }
}
