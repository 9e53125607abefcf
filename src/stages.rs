//! Where the time goes, for `docsweep bench`: thread time per pipeline stage, and analysis
//! time per format. Off unless a bench turns it on; then each stage boundary of a document reads
//! the clock once. Off, a boundary costs one relaxed load of a flag.

use crate::extract::Format;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Pipeline stages, in the order a document meets them.
#[derive(Clone, Copy, Debug)]
pub enum Stage {
    /// Reading the file (or its memory map), and its content hash under `--previous`.
    Load,
    /// Bytes to canonical text and typed blocks (format-specific).
    Extract,
    /// Captions, heading tree, sections, anchors.
    Structure,
    /// Token starts of the whole canonical text.
    Tokenize,
    /// Token windows, with their exact counts.
    Chunk,
    /// Ids, fingerprints and table rows.
    Rows,
    /// The sink thread: ordering documents, cutting page runs, writing row groups.
    Sink,
    /// Encoding page runs (Arrow to Parquet pages, zstd), on the encoder threads.
    Encode,
    /// The sink waiting: for page runs still being encoded, for its files to reach the disk
    /// (fsync), and for the tables to close: the sink's threads blocked, not working.
    Wait,
}

pub const STAGES: [(Stage, &str); 9] = [
    (Stage::Load, "load"),
    (Stage::Extract, "extract"),
    (Stage::Structure, "structure"),
    (Stage::Tokenize, "tokenize"),
    (Stage::Chunk, "chunk"),
    (Stage::Rows, "rows"),
    (Stage::Sink, "sink"),
    (Stage::Encode, "encode"),
    (Stage::Wait, "wait"),
];

static NANOS: [AtomicU64; 9] = [const { AtomicU64::new(0) }; 9];

/// Analysis time per format, indexed by `Format as usize`.
static FORMAT_NANOS: [AtomicU64; Format::ALL.len()] =
    [const { AtomicU64::new(0) }; Format::ALL.len()];

thread_local! {
    static MARK: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Turns timing on and clears what was measured.
pub fn enable() {
    for n in NANOS.iter().chain(&FORMAT_NANOS) {
        n.store(0, Ordering::Relaxed);
    }
    ENABLED.store(true, Ordering::Relaxed);
}

pub fn disable() {
    ENABLED.store(false, Ordering::Relaxed);
}

#[inline]
fn on() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Starts timing on this thread (a document, or a piece of sink work, begins).
#[inline]
pub fn start() {
    if on() {
        MARK.set(Some(Instant::now()));
    }
}

/// Charges the time since the last mark on this thread to `stage`, and marks again.
#[inline]
pub fn end(stage: Stage) {
    if on() {
        let now = Instant::now();
        if let Some(m) = MARK.replace(Some(now)) {
            NANOS[stage as usize].fetch_add((now - m).as_nanos() as u64, Ordering::Relaxed);
        }
    }
}

/// A timer for work measured as a whole (an encode job), charged to `stage` when dropped.
pub struct Span(Option<(Instant, Stage)>);

#[inline]
pub fn span(stage: Stage) -> Span {
    Span(on().then(|| (Instant::now(), stage)))
}

impl Drop for Span {
    fn drop(&mut self) {
        if let Some((t, stage)) = self.0 {
            NANOS[stage as usize].fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        }
    }
}

/// Charges `since`..now to `format` (a document's whole analysis).
#[inline]
pub fn charge_format(format: Format, since: Option<Instant>) {
    if let Some(t) = since {
        FORMAT_NANOS[format as usize].fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }
}

/// The clock, when timing is on.
#[inline]
pub fn now() -> Option<Instant> {
    on().then(Instant::now)
}

/// Seconds of thread time per stage, in `STAGES` order.
pub fn stage_seconds() -> [f64; 9] {
    std::array::from_fn(|i| NANOS[i].load(Ordering::Relaxed) as f64 / 1e9)
}

/// Seconds of analysis thread time spent on `format`'s documents.
pub fn format_seconds(format: Format) -> f64 {
    FORMAT_NANOS[format as usize].load(Ordering::Relaxed) as f64 / 1e9
}
