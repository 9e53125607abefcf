//! Token counting for chunk budgets, with the tokenizers embedded in the binary (no download).
//!
//! A document is tokenized once; what chunking needs from it is where each token starts, so
//! that the tokens of any byte range come from two binary searches. Those in-document counts
//! can differ by a token at a range's edges from tokenizing the range alone (a token such as
//! " word" may start just before it), so the chunker confirms each window with
//! [`Analyzer::count_range`], which takes all but the window's last piece from the document.

use super::pretok::{self, Pattern};
use anyhow::{bail, Result};
use bpe_openai::Tokenizer;

/// A tokenizer by name. Its tables load on first use (tens of milliseconds), so a run that
/// analyzes nothing (`index --previous` over an unchanged corpus) never pays for them.
#[derive(Clone, Copy)]
pub struct Analyzer {
    name: &'static str,
    tables: fn() -> &'static Tokenizer,
    pattern: Pattern,
}

impl Analyzer {
    pub fn by_name(name: &str) -> Result<Analyzer> {
        match name {
            "cl100k_base" => Ok(Analyzer {
                name: "cl100k_base",
                tables: bpe_openai::cl100k_base,
                pattern: Pattern::Cl100k,
            }),
            "o200k_base" => Ok(Analyzer {
                name: "o200k_base",
                tables: bpe_openai::o200k_base,
                pattern: Pattern::O200k,
            }),
            other => bail!("unknown tokenizer {other:?}: use cl100k_base or o200k_base"),
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    fn tok(&self) -> &'static Tokenizer {
        (self.tables)()
    }

    /// Byte offsets where each token of `text` starts, ascending. Offsets are 32-bit: a
    /// document is at most `config::MAX_DOCUMENT_BYTES` (1 GiB), and the array is the largest
    /// thing analysis holds for a big document.
    pub fn token_starts(&self, text: &str) -> TokenStarts {
        assert!(
            text.len() <= u32::MAX as usize,
            "documents are limited to 1 GiB"
        );
        const _: () = assert!(crate::config::MAX_DOCUMENT_BYTES < PIECE as u64);
        let mut starts: Vec<u32> = Vec::with_capacity(text.len() / 4 + 1);
        self.for_each_piece(text, |mut pos, lens| {
            let mut flag = PIECE;
            for &l in lens {
                starts.push(pos as u32 | flag);
                flag = 0;
                pos += usize::from(l);
            }
        });
        TokenStarts {
            starts,
            text_len: text.len(),
        }
    }

    /// Token count of `document[begin..end]` tokenized alone, `ts` being the document's token
    /// starts: [`Analyzer::count`] of the range, mostly taken from `ts`.
    ///
    /// When `begin` starts a piece of the document, the range alone splits into the document's
    /// pieces up to the start of the last one that begins before `end`, and only that last
    /// piece is split and encoded again. The split patterns look at no text before a piece, and
    /// the text past `end` can change how a piece inside the range is cut only through
    /// `\s+(?!\S)`: at the end of a text it takes a run of blanks whole, where the document cut
    /// it one short of what follows. So the pieces kept from the document all start before the
    /// range's trailing blanks; each keeps its tokens, being encoded alone either way.
    pub fn count_range(&self, document: &str, ts: &TokenStarts, begin: usize, end: usize) -> usize {
        if begin >= end {
            return 0;
        }
        if !ts.piece_start_at(begin) {
            return self.count(&document[begin..end]);
        }
        if end == ts.text_len {
            return ts.count(begin, end);
        }
        let blanks = begin + document[begin..end].trim_end().len();
        let mut last = ts.last_piece_before(end).max(begin);
        if last > blanks {
            last = ts.first_piece_from(blanks);
        }
        ts.count(begin, last) + self.count(&document[last..end])
    }

    /// Token count of `text` tokenized alone: what a reader's tokenizer reports for it.
    pub fn count(&self, text: &str) -> usize {
        let mut n = 0;
        self.for_each_piece(text, |_, lens| n += lens.len());
        n
    }

    /// Calls `f(piece_start, token_lengths)` for every pre-tokenizer piece of `text`, in order.
    ///
    /// Pieces are mostly words that recur all over a corpus, so the token lengths of short
    /// pieces are cached per worker thread: encoding a piece is the costly step (about half of
    /// a whole run without the cache), and a lookup returns exactly what encoding would.
    fn for_each_piece(&self, text: &str, mut f: impl FnMut(usize, &[u16])) {
        let mut pos = 0usize;
        let tok = self.tok();
        PIECE_CACHE.with_borrow_mut(|caches| {
            let cache = &mut caches[usize::from(self.name == "o200k_base")];
            // The split pattern by hand (`pretok`), not the tokenizer's regex: same pieces, a
            // fraction of the time.
            let mut buf = [0u16; MAX_CACHED_PIECE];
            for piece in pretok::split(self.pattern, text) {
                let bytes = piece.as_bytes();
                // Every byte is a token of its own in both vocabularies: a one-byte piece (a
                // blank, a newline, a comma) is one token, with no lookup.
                if bytes.len() == 1 {
                    f(pos, &[1]);
                    pos += 1;
                    continue;
                }
                let cacheable = bytes.len() <= MAX_CACHED_PIECE;
                let hash = xxhash_rust::xxh3::xxh3_64(bytes);
                match cacheable
                    .then(|| cache.get(hash, bytes, &mut buf))
                    .flatten()
                {
                    Some(n) => f(pos, &buf[..n]),
                    None => {
                        let lens: Vec<u16> = tok
                            .bpe
                            .encode_via_backtracking(bytes)
                            .into_iter()
                            .map(|t| tok.bpe.token_len(t) as u16)
                            .collect();
                        f(pos, &lens);
                        if cacheable {
                            cache.insert(hash, bytes, &lens);
                        }
                    }
                }
                pos += bytes.len();
            }
        });
    }
}

/// Pieces longer than this are encoded every time (they are rare and would bloat the cache).
const MAX_CACHED_PIECE: usize = 48;
/// The cache is emptied and refilled past this many entries, bounding a worker's memory (about
/// 5 MiB when full).
const MAX_CACHE_ENTRIES: usize = 1 << 18;

/// Token lengths by piece, packed: each entry is `[piece length, token count, piece bytes…,
/// token lengths…]` in one byte arena (a cached piece is at most 48 bytes, so a token of it is
/// too), and the table holds arena offsets. About 16 bytes a piece, where a map of boxed keys
/// and boxed values took over 100, and no allocation per piece.
///
/// In front of it, a small direct-mapped table holds recently used short pieces inline. A
/// lookup in the big table costs three cache misses (control bytes, offset, arena); the front
/// table (512 KiB) mostly stays in the core's cache and serves the common words.
struct PieceCache {
    arena: Vec<u8>,
    table: hashbrown::HashTable<u32>,
    front: Vec<Slot>,
    cap: usize,
}

const FRONT_SLOTS: usize = 1 << 14;
const FRONT_KEY: usize = 22;
const FRONT_TOKENS: usize = 8;

/// A front-table entry: a piece of at most 22 bytes and 8 tokens (`len` 0: empty).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Slot {
    len: u8,
    n: u8,
    key: [u8; FRONT_KEY],
    lens: [u8; FRONT_TOKENS],
}

impl Slot {
    const EMPTY: Slot = Slot {
        len: 0,
        n: 0,
        key: [0; FRONT_KEY],
        lens: [0; FRONT_TOKENS],
    };

    fn holds(&self, piece: &[u8]) -> bool {
        usize::from(self.len) == piece.len() && self.key[..piece.len()] == *piece
    }

    /// Fills the slot when the piece fits one.
    fn set(&mut self, piece: &[u8], lens: impl ExactSizeIterator<Item = u8>) {
        if piece.len() <= FRONT_KEY && lens.len() <= FRONT_TOKENS {
            self.len = piece.len() as u8;
            self.n = lens.len() as u8;
            self.key[..piece.len()].copy_from_slice(piece);
            for (o, l) in self.lens.iter_mut().zip(lens) {
                *o = l;
            }
        }
    }
}

impl Default for PieceCache {
    fn default() -> PieceCache {
        PieceCache::with_cap(MAX_CACHE_ENTRIES)
    }
}

impl PieceCache {
    fn with_cap(cap: usize) -> PieceCache {
        PieceCache {
            arena: Vec::new(),
            table: hashbrown::HashTable::new(),
            front: Vec::new(), // filled on first insert: a tokenizer never used costs nothing
            cap,
        }
    }

    fn entry(&self, at: u32) -> (&[u8], &[u8]) {
        let at = at as usize;
        let (len, n) = (usize::from(self.arena[at]), usize::from(self.arena[at + 1]));
        let key = &self.arena[at + 2..at + 2 + len];
        (key, &self.arena[at + 2 + len..at + 2 + len + n])
    }

    /// Copies the token lengths of `piece` into `out`; returns how many there are.
    fn get(&mut self, hash: u64, piece: &[u8], out: &mut [u16; MAX_CACHED_PIECE]) -> Option<usize> {
        let slot = hash as usize % FRONT_SLOTS;
        if let Some(front) = self.front.get(slot).filter(|f| f.holds(piece)) {
            let n = usize::from(front.n);
            for (o, &l) in out.iter_mut().zip(&front.lens[..n]) {
                *o = u16::from(l);
            }
            return Some(n);
        }
        let &at = self.table.find(hash, |&at| self.entry(at).0 == piece)?;
        let lens = self.entry(at).1;
        for (o, &l) in out.iter_mut().zip(lens) {
            *o = u16::from(l);
        }
        let n = lens.len();
        if let Some(front) = self.front.get_mut(slot) {
            front.set(piece, out[..n].iter().map(|&l| l as u8));
        }
        Some(n)
    }

    fn insert(&mut self, hash: u64, piece: &[u8], lens: &[u16]) {
        // A piece of at most 48 bytes has at most 48 tokens, none longer than itself.
        if self.table.len() >= self.cap || self.arena.len() > u32::MAX as usize / 2 {
            self.table.clear();
            self.arena.clear();
        }
        if self.front.is_empty() {
            self.front = vec![Slot::EMPTY; FRONT_SLOTS];
        }
        self.front[hash as usize % FRONT_SLOTS].set(piece, lens.iter().map(|&l| l as u8));
        let at = self.arena.len() as u32;
        self.arena.push(piece.len() as u8);
        self.arena.push(lens.len() as u8);
        self.arena.extend_from_slice(piece);
        self.arena.extend(lens.iter().map(|&l| l as u8));
        let arena = &self.arena;
        self.table.insert_unique(hash, at, |&at| {
            let at = at as usize;
            let len = usize::from(arena[at]);
            xxhash_rust::xxh3::xxh3_64(&arena[at + 2..at + 2 + len])
        });
    }
}

thread_local! {
    /// Token lengths of recently seen pieces, one cache per tokenizer (cl100k, o200k).
    static PIECE_CACHE: std::cell::RefCell<[PieceCache; 2]> = std::cell::RefCell::new(Default::default());
}

/// Marks, in [`TokenStarts`], a token that begins a pre-tokenizer piece. Offsets stay below
/// it: a document is at most 1 GiB.
const PIECE: u32 = 1 << 31;

pub struct TokenStarts {
    /// Start offsets, ascending, with [`PIECE`] set on the first token of each piece.
    starts: Vec<u32>,
    /// Length of the text, in bytes (`len()` is the number of tokens).
    text_len: usize,
}

impl TokenStarts {
    /// Tokens that start inside `[begin, end)`.
    pub fn count(&self, begin: usize, end: usize) -> usize {
        self.index(end) - self.index(begin)
    }

    fn piece_start_at(&self, offset: usize) -> bool {
        self.starts
            .get(self.index(offset))
            .is_some_and(|&s| s == offset as u32 | PIECE)
    }

    /// Start of the first piece that starts at or after `offset` (the text's length when none
    /// does).
    fn first_piece_from(&self, offset: usize) -> usize {
        let i = self.index(offset);
        self.starts[i..]
            .iter()
            .find(|&&s| s & PIECE != 0)
            .map_or(self.text_len, |&s| (s & !PIECE) as usize)
    }

    /// Start of the last piece that starts before `offset` (0 when none does).
    fn last_piece_before(&self, offset: usize) -> usize {
        let i = self.index(offset);
        self.starts[..i]
            .iter()
            .rev()
            .find(|&&s| s & PIECE != 0)
            .map_or(0, |&s| (s & !PIECE) as usize)
    }

    /// Number of tokens starting before `offset`.
    pub fn index(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| ((s & !PIECE) as usize) < offset)
    }

    /// Start offset of token `i` (or `None` past the end).
    pub fn start(&self, i: usize) -> Option<usize> {
        self.starts.get(i).map(|&s| (s & !PIECE) as usize)
    }

    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_partition_the_text_and_match_counts() {
        let a = Analyzer::by_name("cl100k_base").unwrap();
        for text in [
            "Hello, world! This is docsweep.",
            "naïve café — 東京 🚀 emoji",
            "    indented\n\n\n  spaces   end  ",
            "",
        ] {
            let ts = a.token_starts(text);
            assert_eq!(ts.len(), a.count(text), "{text:?}");
            if !text.is_empty() {
                assert_eq!(ts.start(0), Some(0));
            }
            assert_eq!(ts.count(0, text.len()), ts.len());
        }
        assert_eq!(a.count("hello world"), 2);
    }

    #[test]
    fn the_piece_cache_gives_back_what_it_was_given_and_stays_under_its_cap() {
        let mut c = PieceCache::with_cap(100);
        let mut buf = [0u16; MAX_CACHED_PIECE];
        let piece = |i: usize| format!("p{i}").repeat(i % 7 + 1).into_bytes();
        let lens =
            |i: usize| -> Vec<u16> { (0..i % 5 + 1).map(|k| (k + i % 3 + 1) as u16).collect() };
        for i in 0..1000 {
            let p = piece(i);
            let h = xxhash_rust::xxh3::xxh3_64(&p);
            assert_eq!(c.get(h, &p, &mut buf), None);
            c.insert(h, &p, &lens(i));
            assert!(c.table.len() <= 100);
            // What is in it comes back exactly; an emptied cache forgets, never confuses.
            for j in i.saturating_sub(150)..=i {
                let q = piece(j);
                if let Some(n) = c.get(xxhash_rust::xxh3::xxh3_64(&q), &q, &mut buf) {
                    assert_eq!(buf[..n], lens(j)[..], "piece {j}");
                }
            }
            let n = c.get(h, &p, &mut buf).expect("the piece just cached");
            assert_eq!(buf[..n], lens(i)[..]);
        }
    }

    #[test]
    fn cached_pieces_give_the_same_starts_as_fresh_encoding() {
        let a = Analyzer::by_name("cl100k_base").unwrap();
        let o = Analyzer::by_name("o200k_base").unwrap();
        let text = "The cache keeps words like the, cache and keeps. ".repeat(50)
            + "Rare: Pneumonoultramicroscopicsilicovolcanoconiosis and 東京タワー.";
        for an in [a, o] {
            let first = an.token_starts(&text);
            let second = an.token_starts(&text); // now served from the cache
            assert_eq!(first.starts, second.starts);
            assert_eq!(
                an.count_range(&text, &first, 0, text.len()),
                an.count(&text)
            );
            assert_eq!(first.len(), an.count(&text));
        }
        // The two tokenizers do not share cache entries.
        assert_ne!(a.token_starts("Pneumonoultramicroscopic").len(), 0);
        assert_eq!(o.token_starts("hello world").len(), o.count("hello world"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        /// A range's count taken mostly from the document's tokens is the count of the range
        /// tokenized alone: on blanks, newlines, digits, contractions, marks and scripts
        /// without spaces, at every pair of character boundaries.
        #[test]
        fn range_counts_from_the_document_are_exact(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    " ", "  ", "\t", "\n", "\r\n", " \n ", "word", "Word", "'s", "'LL", "don't",
                    "1", "12345", "٣", ".", "...", "!?\n", "東京", "é", "e\u{301}", "\u{200d}",
                    "🚀", "ǅ", "ABC", "x_y", "\u{a0}", "–", "))\n\n", "```\n", "'", "--", " -",
                ]),
                0..40,
            ),
        ) {
            let text: String = parts.concat();
            for an in [Analyzer::by_name("cl100k_base").unwrap(), Analyzer::by_name("o200k_base").unwrap()] {
                let ts = an.token_starts(&text);
                let cuts: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
                for (k, &b) in cuts.iter().enumerate() {
                    for &e in &cuts[k..] {
                        proptest::prop_assert_eq!(
                            an.count_range(&text, &ts, b, e),
                            an.count(&text[b..e]),
                            "{:?} in {:?}", &text[b..e], text
                        );
                    }
                }
            }
        }
    }

    /// Counts agree with the tokenizer's own (its regular expression and BPE of every piece),
    /// one-byte pieces and all.
    #[test]
    fn counts_match_the_reference_tokenizer() {
        for an in [
            Analyzer::by_name("cl100k_base").unwrap(),
            Analyzer::by_name("o200k_base").unwrap(),
        ] {
            for text in [
                "a, b; c. d!\n\n- e\t(f)",
                "x = [1, 2, 3]; y = {'k': v}\n",
                "  \n \n\t\t. . .",
                "naïve café — 東京 🚀, ¿qué?",
                "https://example.com/a/b?c=d&e=f#g",
            ] {
                assert_eq!(an.count(text), an.tok().count(text), "{text:?}");
            }
        }
    }

    #[test]
    fn unknown_tokenizer_is_an_error() {
        assert!(Analyzer::by_name("bert").is_err());
        assert!(Analyzer::by_name("o200k_base").is_ok());
    }
}
