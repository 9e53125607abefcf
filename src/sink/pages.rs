//! Parquet files made of content-defined page runs, so that `index --previous` copies the pages
//! of unchanged documents byte for byte instead of encoding them again.
//!
//! A table's rows are cut into *runs* at document boundaries: a run ends after a document with a
//! probability of its source size over `page_run_bytes` (16 times that in the documents table),
//! decided by the hash of its id, or once the run's documents hold [`RUN_MAX_SOURCE_BYTES`].
//! Each run is encoded alone, as a job on the worker pool: every column of it becomes one or
//! more data pages (version 1, plain encoding, no dictionary), each compressed on its own with
//! zstd. A run's pages therefore depend on its rows and nothing else, and runs are placed in
//! order whatever thread encoded them. A row group closes at the first run boundary once it
//! holds `row_group_rows` rows; a part file closes after the row group that brings it to
//! `part_rows`.
//!
//! An incremental run whose run has exactly the rows of one OLD run (same documents, reused)
//! copies OLD's pages; the file is the one a full run writes either way, because both paths
//! describe a page by the same header, offset-index entry and column totals.
//!
//! The Arrow-to-Parquet value encoding is the parquet crate's (`ArrowColumnWriter`, page bodies
//! captured through a `PageStore`); what is written here by hand is the page header (three
//! integers in front of the crate's data-page header), the zstd call, and the column chunk
//! metadata. The crate has no API to end a page at a chosen row or to splice single pages.
//! Column chunks carry no min/max statistics and no column index: pages are cut per run, and
//! per-page statistics of copied pages would have to be decoded from OLD.

use super::FileInfo;
use anyhow::{bail, Context, Result};
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use bytes::Bytes;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::arrow_writer::{compute_leaves, ArrowRowGroupWriterFactory};
use parquet::arrow::{add_encoded_arrow_schema_to_metadata, ArrowSchemaConverter};
use parquet::basic::{Compression, EncodingMask, ZstdLevel};
use parquet::column::page_store::{PageKey, PageStore, PageStoreArgs, PageStoreFactory};
use parquet::column::writer::ColumnCloseResult;
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::page_index::offset_index::{OffsetIndexMetaData, PageLocation};
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesPtr};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::SchemaDescPtr;
use std::collections::VecDeque;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A run also ends once its documents hold this much source, which keeps a run's text columns
/// far below Arrow's 2 GiB per string array (a document is at most `max_file_bytes`).
pub const RUN_MAX_SOURCE_BYTES: u64 = 64 << 20;

/// Source bytes per run, on average, in `table`: the documents table has one small row per
/// document, so its runs are 16 times longer.
pub fn run_bytes(table: &str, page_run_bytes: u64) -> u64 {
    if table == "documents" {
        page_run_bytes.saturating_mul(16)
    } else {
        page_run_bytes
    }
    .max(1)
}

/// Whether a run ends after the document `doc_id` of `source_bytes` bytes (before the size
/// cap): with probability `source_bytes / run_bytes`, decided by the id's hash, so that a run
/// holds `run_bytes` of source on average and a document's decision never depends on others.
pub fn run_ends_after(doc_id: &str, source_bytes: u64, run_bytes: u64) -> bool {
    let h = u128::from(xxhash_rust::xxh3::xxh3_64(doc_id.as_bytes()));
    h * u128::from(run_bytes) < u128::from(source_bytes) << 64
}

/// Tracks where runs end over a sequence of documents: the same rule in both the writer and the
/// reader of OLD.
#[derive(Default, Clone)]
pub struct RunCutter {
    source_bytes: u64,
}

impl RunCutter {
    /// Adds a document; true when the run ends after it.
    pub fn ends_after(&mut self, doc_id: &str, source_bytes: u64, run_bytes: u64) -> bool {
        self.source_bytes = self.source_bytes.saturating_add(source_bytes);
        if run_ends_after(doc_id, source_bytes, run_bytes)
            || self.source_bytes >= RUN_MAX_SOURCE_BYTES
        {
            self.source_bytes = 0;
            true
        } else {
            false
        }
    }
}

/// The parts of a data page header that docsweep writes and reads back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageHead {
    /// Length of the Thrift header in bytes.
    pub header_len: usize,
    pub uncompressed: usize,
    pub compressed: usize,
    pub num_values: i64,
    pub encoding: i32,
    /// Where the `DataPageHeader` field starts in the header.
    dph_start: usize,
}

struct Thrift<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Thrift<'_> {
    fn byte(&mut self) -> Result<u8> {
        let v = *self.b.get(self.pos).context("page header ends early")?;
        self.pos += 1;
        Ok(v)
    }
    fn i32(&mut self) -> Result<i32> {
        let mut v = 0u64;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                let z = v as u32;
                return Ok((z >> 1) as i32 ^ -((z & 1) as i32));
            }
        }
        bail!("page header has an overlong integer")
    }
    /// Next field id and compact type, None at the struct's end.
    fn field(&mut self, last: &mut i16) -> Result<Option<(i16, u8)>> {
        let h = self.byte()?;
        if h == 0 {
            return Ok(None);
        }
        let delta = i16::from(h >> 4);
        if delta == 0 {
            bail!("page header uses a long field header");
        }
        *last += delta;
        Ok(Some((*last, h & 0x0f)))
    }
}

const T_I32: u8 = 5;
const T_STRUCT: u8 = 12;

/// Reads a version-1 data page header as docsweep writes it: type, sizes, an optional crc and a
/// `DataPageHeader` of integers only. Anything else is an error, never a guess.
pub fn parse_head(b: &[u8]) -> Result<PageHead> {
    let mut t = Thrift { b, pos: 0 };
    let mut last = 0i16;
    let (mut kind, mut unc, mut comp) = (None, None, None);
    let mut dph = None;
    while let Some((id, ty)) = t.field(&mut last)? {
        match (id, ty) {
            (1, T_I32) => kind = Some(t.i32()?),
            (2, T_I32) => unc = Some(t.i32()?),
            (3, T_I32) => comp = Some(t.i32()?),
            (4, T_I32) => {
                t.i32()?;
            }
            (5, T_STRUCT) => {
                let start = t.pos - 1;
                let mut inner = 0i16;
                let (mut values, mut encoding) = (None, None);
                while let Some((id, ty)) = t.field(&mut inner)? {
                    if ty != T_I32 {
                        bail!("data page header field {id} is not an integer");
                    }
                    let v = t.i32()?;
                    match id {
                        1 => values = Some(v),
                        2 => encoding = Some(v),
                        _ => {}
                    }
                }
                dph = Some((
                    start,
                    values.context("no value count")?,
                    encoding.context("no encoding")?,
                ));
            }
            (id, _) => bail!("unexpected page header field {id}"),
        }
    }
    if kind != Some(0) {
        bail!("not a version-1 data page");
    }
    let (dph_start, num_values, encoding) = dph.context("no data page header")?;
    let size = |v: Option<i32>| -> Result<usize> {
        usize::try_from(v.context("page size missing")?).context("negative page size")
    };
    Ok(PageHead {
        header_len: t.pos,
        uncompressed: size(unc)?,
        compressed: size(comp)?,
        num_values: i64::from(num_values),
        encoding,
        dph_start,
    })
}

fn put_varint(out: &mut Vec<u8>, v: i32) {
    let mut z = ((v << 1) ^ (v >> 31)) as u32;
    loop {
        if z < 0x80 {
            out.push(z as u8);
            return;
        }
        out.push((z as u8 & 0x7f) | 0x80);
        z >>= 7;
    }
}

/// The header of a page whose body was compressed here: type 0 (data page), both sizes, then the
/// crate's `DataPageHeader` unchanged.
fn rewrite_head(crate_header: &[u8], uncompressed: usize, compressed: usize) -> Result<Vec<u8>> {
    let h = parse_head(crate_header)?;
    if h.header_len != crate_header.len() || crate_header[h.dph_start] >> 4 != 2 {
        bail!("unexpected page header layout (a crc field?)");
    }
    let mut out = Vec::with_capacity(crate_header.len() + 8);
    out.extend_from_slice(&[0x15, 0x00, 0x15]);
    put_varint(
        &mut out,
        i32::try_from(uncompressed).context("page too large")?,
    );
    out.push(0x15);
    put_varint(
        &mut out,
        i32::try_from(compressed).context("page too large")?,
    );
    out.extend_from_slice(&crate_header[h.dph_start..h.header_len]);
    Ok(out)
}

/// Collects the page blobs (header, body, header, body, …) the crate's column writers produce.
#[derive(Debug, Default, Clone)]
struct Capture(Arc<Mutex<Vec<Vec<Bytes>>>>);

struct CaptureStore {
    column: usize,
    sink: Capture,
}

impl PageStore for CaptureStore {
    fn put(&mut self, value: Bytes) -> parquet::errors::Result<PageKey> {
        let mut all = self.sink.0.lock().expect("page capture lock");
        if all.len() <= self.column {
            all.resize(self.column + 1, Vec::new());
        }
        all[self.column].push(value);
        Ok(PageKey::new(all[self.column].len() as u64 - 1))
    }
    fn take(&mut self, _key: PageKey) -> parquet::errors::Result<Bytes> {
        Err(parquet::errors::ParquetError::General(
            "captured pages are not spliced by the crate".into(),
        ))
    }
}

impl PageStoreFactory for Capture {
    fn create(&self, args: &PageStoreArgs<'_>) -> parquet::errors::Result<Box<dyn PageStore>> {
        Ok(Box::new(CaptureStore {
            column: args.column_index(),
            sink: self.clone(),
        }))
    }
}

/// One column's pages in the row group being built, kept as the pages themselves (fresh, or
/// slices of OLD's mapped files) until the row group is written.
#[derive(Default)]
struct ChunkBuf {
    parts: Vec<Bytes>,
    len: usize,
    pages: Vec<PageLocation>,
    uncompressed: i64,
    num_values: i64,
    encodings: i32,
}

impl ChunkBuf {
    /// Appends one page (header ‖ compressed body) that starts at row `first_row` of the group.
    fn push(&mut self, page: &Bytes, first_row: u64) -> Result<()> {
        let head = parse_head(page)?;
        if head.header_len + head.compressed != page.len() {
            bail!("page sizes do not add up");
        }
        self.pages.push(PageLocation {
            offset: self.len as i64,
            compressed_page_size: i32::try_from(page.len()).context("page too large")?,
            first_row_index: first_row as i64,
        });
        self.parts.push(page.clone());
        self.len += page.len();
        self.uncompressed += (head.header_len + head.uncompressed) as i64;
        self.num_values += head.num_values;
        // Levels are RLE-encoded in every version-1 page; the values use the page's encoding.
        self.encodings |= 1 << 3;
        self.encodings |= 1 << head.encoding;
        Ok(())
    }
}

/// A column chunk's pages as one readable stream, for `append_column`.
struct Segments(Vec<Bytes>, u64);

impl parquet::file::reader::Length for Segments {
    fn len(&self) -> u64 {
        self.1
    }
}

impl parquet::file::reader::ChunkReader for Segments {
    type T = SegmentsRead;

    fn get_read(&self, start: u64) -> parquet::errors::Result<SegmentsRead> {
        let mut r = SegmentsRead(self.0.iter().cloned().collect());
        r.skip(start);
        Ok(r)
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        let mut out = vec![0u8; length];
        std::io::Read::read_exact(&mut self.get_read(start)?, &mut out)?;
        Ok(Bytes::from(out))
    }
}

struct SegmentsRead(VecDeque<Bytes>);

impl SegmentsRead {
    fn skip(&mut self, mut n: u64) {
        while let Some(front) = self.0.front_mut() {
            if n < front.len() as u64 {
                bytes::Buf::advance(front, n as usize);
                return;
            }
            n -= front.len() as u64;
            self.0.pop_front();
        }
    }
}

impl std::io::Read for SegmentsRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some(front) = self.0.front_mut() {
            if front.is_empty() {
                self.0.pop_front();
                continue;
            }
            let n = buf.len().min(front.len());
            buf[..n].copy_from_slice(&front[..n]);
            bytes::Buf::advance(front, n);
            return Ok(n);
        }
        Ok(0)
    }
}

/// A run's pages: per column, each page (header ‖ body) with the row of the run it starts at.
pub type RunPages = Vec<Vec<(Bytes, u64)>>;

/// Where a run's rows come from, in order.
pub enum Source {
    Batch(RecordBatch),
    /// Table `.0`'s rows of analyzed documents, turned into a batch by the job that encodes.
    Docs(usize, Vec<Arc<crate::analyze::DocRows>>),
    Old(OldSlice),
}

/// Rows `skip..skip + take` of a span of OLD's pages that holds `rows` rows, every column's
/// pages starting at the span's first row.
pub struct OldSlice {
    pub pages: RunPages,
    pub rows: u64,
    pub skip: u64,
    pub take: u64,
}

impl Source {
    fn rows(&self) -> u64 {
        match self {
            Source::Batch(b) => b.num_rows() as u64,
            Source::Docs(t, docs) => super::tables::rows_of(*t, docs),
            Source::Old(o) => o.take,
        }
    }
}

/// Encodes and decodes runs: the crate's column writers with a page capture, a zstd compressor
/// and decompressor. Kept in a free list, one per concurrent job.
struct Codec {
    factory: ArrowRowGroupWriterFactory,
    capture: Capture,
    zstd: zstd::bulk::Compressor<'static>,
    unzstd: zstd::bulk::Decompressor<'static>,
}

/// What every run job of one table shares.
struct Kit {
    arrow_schema: SchemaRef,
    descr: SchemaDescPtr,
    encode_props: WriterPropertiesPtr,
    inflate_props: WriterPropertiesPtr,
    zstd_level: i32,
    codecs: Mutex<Vec<Codec>>,
}

impl Kit {
    fn new(arrow_schema: SchemaRef, zstd_level: i32) -> Result<Kit> {
        let descr = Arc::new(ArrowSchemaConverter::new().convert(&arrow_schema)?);
        let plain = || {
            WriterProperties::builder()
                .set_compression(Compression::UNCOMPRESSED)
                .set_statistics_enabled(EnabledStatistics::None)
                .set_dictionary_enabled(false)
        };
        let mut inflate_props = plain().build();
        add_encoded_arrow_schema_to_metadata(&arrow_schema, &mut inflate_props);
        Ok(Kit {
            arrow_schema,
            descr,
            // Encoding only: the crate writes plain pages, uncompressed; they are compressed here.
            encode_props: Arc::new(plain().build()),
            inflate_props: Arc::new(inflate_props),
            zstd_level,
            codecs: Mutex::new(Vec::new()),
        })
    }

    fn codec(&self) -> Result<Codec> {
        if let Some(c) = self.codecs.lock().expect("codec list lock").pop() {
            return Ok(c);
        }
        let capture = Capture::default();
        let probe = SerializedFileWriter::new(
            std::io::sink(),
            self.descr.root_schema_ptr(),
            self.encode_props.clone(),
        )?;
        let factory = ArrowRowGroupWriterFactory::new(&probe, self.arrow_schema.clone())
            .with_page_store_factory(Arc::new(capture.clone()));
        Ok(Codec {
            factory,
            capture,
            zstd: zstd::bulk::Compressor::new(self.zstd_level).context("zstd compressor")?,
            unzstd: zstd::bulk::Decompressor::new().context("zstd decompressor")?,
        })
    }

    /// A run's pages from its rows.
    fn build(&self, sources: Vec<Source>) -> Result<RunPages> {
        let _timer = crate::stages::span(crate::stages::Stage::Encode);
        let mut codec = self.codec()?;
        let mut batches = Vec::with_capacity(sources.len());
        // The span of OLD decoded last, whole: the rows on both sides of a changed document
        // often come from one span, as two slices of it.
        let mut last: Option<((usize, u64), RecordBatch)> = None;
        for s in sources {
            match s {
                Source::Batch(b) => batches.push(b),
                Source::Docs(t, docs) => batches.push(super::tables::batch_of(t, &docs)),
                Source::Old(o) => {
                    let key = (
                        o.pages
                            .first()
                            .and_then(|c| c.first())
                            .map_or(0, |p| p.0.as_ptr() as usize),
                        o.rows,
                    );
                    let span = match &last {
                        Some((k, b)) if *k == key => b.clone(),
                        _ => {
                            let b = self.decode(&mut codec, &o.pages, o.rows)?;
                            last = Some((key, b.clone()));
                            b
                        }
                    };
                    batches.push(span.slice(o.skip as usize, o.take as usize));
                }
            }
        }
        let batch = arrow_select::concat::concat_batches(&self.arrow_schema, &batches)?;
        let pages = self.encode(&mut codec, &batch)?;
        self.codecs.lock().expect("codec list lock").push(codec);
        Ok(pages)
    }

    /// Encodes one run's rows: each column's pages, compressed here.
    fn encode(&self, codec: &mut Codec, batch: &RecordBatch) -> Result<RunPages> {
        let mut writers = codec.factory.create_column_writers(0)?;
        let mut leaves = writers.iter_mut();
        for (field, array) in self.arrow_schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, array)? {
                leaves
                    .next()
                    .context("more leaf columns than writers")?
                    .write(&leaf)?;
            }
        }
        let mut first_rows = Vec::with_capacity(writers.len());
        for w in writers {
            let chunk = w.close()?;
            let firsts = chunk
                .close()
                .offset_index
                .as_ref()
                .context("column writer kept no offset index")?
                .page_locations
                .iter()
                .map(|p| p.first_row_index as u64)
                .collect::<Vec<_>>();
            first_rows.push(firsts);
        }
        let captured = std::mem::take(&mut *codec.capture.0.lock().expect("page capture lock"));
        let mut out = Vec::with_capacity(first_rows.len());
        for (c, firsts) in first_rows.iter().enumerate() {
            let blobs = captured.get(c).map_or(&[][..], Vec::as_slice);
            if blobs.len() != 2 * firsts.len() {
                bail!(
                    "column {c}: {} page blobs for {} pages",
                    blobs.len(),
                    firsts.len()
                );
            }
            let mut pages = Vec::with_capacity(firsts.len());
            for (pair, first) in blobs.chunks(2).zip(firsts) {
                let (crate_header, body) = (&pair[0], &pair[1]);
                let compressed = codec.zstd.compress(body).context("zstd")?;
                let mut page = rewrite_head(crate_header, body.len(), compressed.len())?;
                page.extend_from_slice(&compressed);
                pages.push((Bytes::from(page), *first));
            }
            out.push(pages);
        }
        Ok(out)
    }

    /// The `rows` rows of a span of OLD's pages: inflated into a small uncompressed Parquet file
    /// in memory and read back. (The parquet reader makes a zstd context per column chunk it
    /// reads, which costs more than decoding a run; here one decompressor serves.)
    fn decode(&self, codec: &mut Codec, pages: &RunPages, rows: u64) -> Result<RecordBatch> {
        let mut chunks: Vec<ChunkBuf> = (0..pages.len()).map(|_| ChunkBuf::default()).collect();
        for (chunk, col) in chunks.iter_mut().zip(pages) {
            for (page, first) in col {
                let head = parse_head(page)?;
                let body = codec
                    .unzstd
                    .decompress(&page[head.header_len..], head.uncompressed)
                    .context("a page does not decompress")?;
                if body.len() != head.uncompressed {
                    bail!(
                        "a page decompresses to {} bytes, its header says {}",
                        body.len(),
                        head.uncompressed
                    );
                }
                let mut plain = rewrite_head(&page[..head.header_len], body.len(), body.len())?;
                plain.extend_from_slice(&body);
                chunk.push(&Bytes::from(plain), *first)?;
            }
        }
        let mut writer = SerializedFileWriter::new(
            Vec::new(),
            self.descr.root_schema_ptr(),
            self.inflate_props.clone(),
        )?;
        write_group(
            &mut writer,
            &self.descr,
            Compression::UNCOMPRESSED,
            &mut chunks,
            rows,
        )?;
        let file = Bytes::from(writer.into_inner()?);
        let reader = ParquetRecordBatchReaderBuilder::try_new(file)?
            .with_batch_size((rows as usize).max(1))
            .build()?;
        let mut out = Vec::with_capacity(1);
        for b in reader {
            out.push(RecordBatch::try_new(
                self.arrow_schema.clone(),
                b?.columns().to_vec(),
            )?);
        }
        Ok(arrow_select::concat::concat_batches(
            &self.arrow_schema,
            &out,
        )?)
    }
}

/// A run in the queue of the row group being built.
enum Slot {
    Ready(RunPages),
    Building(crossbeam_channel::Receiver<Result<RunPages>>),
}

/// Runs being built at once per table and pool thread, beyond which the sink waits for the
/// oldest: enough to keep the pool busy, few enough to bound the rows held.
const BUILDING_PER_THREAD: usize = 4;

/// Writes one table: part files of row groups of runs. Runs that need encoding are built on a
/// thread pool; they are placed in order, so the file does not depend on the thread count.
pub struct TableWriter {
    pub table: &'static str,
    dir: PathBuf,
    kit: Arc<Kit>,
    pool: Arc<rayon::ThreadPool>,
    file_props: WriterPropertiesPtr,
    codec: Compression,
    row_group_rows: u64,
    part_rows: u64,
    /// Runs of the current row group not yet placed, with their row counts.
    queue: VecDeque<(Slot, u64)>,
    building: usize,
    max_building: usize,
    /// Rows of the current row group: placed, and in all.
    placed_rows: u64,
    group_rows: u64,
    chunks: Vec<ChunkBuf>,
    part: Option<Part>,
    files: Vec<FileInfo>,
}

/// A part file being written, hashed as its bytes go out (no second read to hash it).
struct Hashing {
    out: BufWriter<File>,
    hash: xxhash_rust::xxh3::Xxh3,
    bytes: u64,
}

impl std::io::Write for Hashing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

struct Part {
    writer: SerializedFileWriter<Hashing>,
    rel: String,
    rows: u64,
}

impl TableWriter {
    pub fn new(
        root: &Path,
        table: &'static str,
        arrow_schema: SchemaRef,
        cfg: &crate::config::SinkConfig,
        pool: Arc<rayon::ThreadPool>,
    ) -> Result<TableWriter> {
        let dir = root.join(table);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let level = ZstdLevel::try_new(cfg.zstd_level).context("zstd level")?;
        let codec = Compression::ZSTD(level);
        let kit = Kit::new(arrow_schema.clone(), cfg.zstd_level)?;
        let mut file_props = WriterProperties::builder()
            .set_compression(codec)
            .set_statistics_enabled(EnabledStatistics::None)
            .set_dictionary_enabled(false)
            .build();
        add_encoded_arrow_schema_to_metadata(&arrow_schema, &mut file_props);
        let columns = kit.descr.num_columns();
        let max_building = BUILDING_PER_THREAD * pool.current_num_threads();
        Ok(TableWriter {
            table,
            dir,
            kit: Arc::new(kit),
            pool,
            file_props: Arc::new(file_props),
            codec,
            row_group_rows: cfg.row_group_rows as u64,
            part_rows: cfg.part_rows as u64,
            queue: VecDeque::new(),
            building: 0,
            max_building,
            placed_rows: 0,
            group_rows: 0,
            chunks: (0..columns).map(|_| ChunkBuf::default()).collect(),
            part: None,
            files: Vec::new(),
        })
    }

    /// Adds a run whose rows come from `sources` (encoded on the pool).
    pub fn build_run(&mut self, sources: Vec<Source>) -> Result<()> {
        let rows: u64 = sources.iter().map(Source::rows).sum();
        if rows == 0 {
            return Ok(());
        }
        let (tx, rx) = crossbeam_channel::bounded(1);
        let kit = self.kit.clone();
        self.pool.spawn(move || {
            let built =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| kit.build(sources)))
                    .unwrap_or_else(|_| {
                        Err(anyhow::anyhow!(
                            "internal error: encoding a page run panicked"
                        ))
                    });
            let _ = tx.send(built);
        });
        self.queue.push_back((Slot::Building(rx), rows));
        self.building += 1;
        self.group_rows += rows;
        Ok(())
    }

    /// Adds a run of pages copied as they are.
    pub fn copy_run(&mut self, pages: RunPages, rows: u64) -> Result<()> {
        if pages.len() != self.chunks.len() {
            bail!(
                "{} columns copied, the table has {}",
                pages.len(),
                self.chunks.len()
            );
        }
        self.queue.push_back((Slot::Ready(pages), rows));
        self.group_rows += rows;
        Ok(())
    }

    /// Places queued runs in order: all of them when `all`, else those already built (and the
    /// oldest ones while too many are being built).
    fn place(&mut self, all: bool) -> Result<()> {
        while let Some((slot, rows)) = self.queue.pop_front() {
            let pages = match slot {
                Slot::Ready(p) => p,
                Slot::Building(rx) => {
                    let wait = all || self.building > self.max_building;
                    let got =
                        if wait {
                            crate::stages::end(crate::stages::Stage::Sink);
                            let got = rx.recv();
                            crate::stages::end(crate::stages::Stage::Wait);
                            Some(got.map_err(|_| {
                                anyhow::anyhow!("internal error: a page run was lost")
                            })?)
                        } else {
                            rx.try_recv().ok()
                        };
                    match got {
                        Some(built) => {
                            self.building -= 1;
                            built?
                        }
                        None => {
                            self.queue.push_front((Slot::Building(rx), rows));
                            return Ok(());
                        }
                    }
                }
            };
            for (chunk, col) in self.chunks.iter_mut().zip(&pages) {
                for (page, first) in col {
                    chunk.push(page, self.placed_rows + first)?;
                }
            }
            self.placed_rows += rows;
        }
        Ok(())
    }

    /// Called at each run boundary: closes the row group (and maybe the part file) when full.
    pub fn run_ended(&mut self) -> Result<()> {
        if self.group_rows >= self.row_group_rows {
            self.close_group()
        } else {
            self.place(false)
        }
    }

    fn close_group(&mut self) -> Result<()> {
        self.place(true)?;
        if self.group_rows == 0 {
            return Ok(());
        }
        if self.part.is_none() {
            self.open_part()?;
        }
        let part = self.part.as_mut().expect("open part");
        write_group(
            &mut part.writer,
            &self.kit.descr,
            self.codec,
            &mut self.chunks,
            self.group_rows,
        )?;
        part.rows += self.group_rows;
        self.group_rows = 0;
        self.placed_rows = 0;
        if part.rows >= self.part_rows {
            self.close_part()?;
        }
        Ok(())
    }

    fn open_part(&mut self) -> Result<()> {
        let name = format!("part-{:05}.parquet", self.files.len());
        let path = self.dir.join(&name);
        let file =
            File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
        let out = Hashing {
            out: BufWriter::with_capacity(1 << 20, file),
            hash: xxhash_rust::xxh3::Xxh3::new(),
            bytes: 0,
        };
        let writer = SerializedFileWriter::new(
            out,
            self.kit.descr.root_schema_ptr(),
            self.file_props.clone(),
        )?;
        self.part = Some(Part {
            writer,
            rel: format!("{}/{name}", self.table),
            rows: 0,
        });
        Ok(())
    }

    fn close_part(&mut self) -> Result<()> {
        if let Some(part) = self.part.take() {
            let h = part.writer.into_inner()?;
            let file = h.out.into_inner().map_err(|e| e.into_error())?;
            crate::stages::end(crate::stages::Stage::Sink);
            file.sync_all()?;
            crate::stages::end(crate::stages::Stage::Wait);
            self.files.push(FileInfo {
                path: part.rel,
                rows: part.rows,
                bytes: h.bytes,
                hash: crate::ids::hex128(h.hash.digest128()),
            });
        }
        Ok(())
    }

    /// Closes the last row group and part; a table without rows still gets one (empty) part
    /// file so that readers globbing `table/*.parquet` find its schema.
    pub fn finish(mut self) -> Result<Vec<FileInfo>> {
        self.close_group()?;
        if self.files.is_empty() && self.part.is_none() {
            self.open_part()?;
        }
        self.close_part()?;
        Ok(self.files)
    }
}

/// Writes one row group from per-column pages (and empties `chunks`).
fn write_group<W: std::io::Write + Send>(
    writer: &mut SerializedFileWriter<W>,
    descr: &SchemaDescPtr,
    codec: Compression,
    chunks: &mut [ChunkBuf],
    rows: u64,
) -> Result<()> {
    let mut rg = writer.next_row_group()?;
    for (i, chunk) in chunks.iter_mut().enumerate() {
        let chunk = std::mem::take(chunk);
        let metadata = ColumnChunkMetaData::builder(descr.column(i))
            .set_compression_codec(codec.into())
            .set_encodings_mask(EncodingMask::try_new(chunk.encodings)?)
            .set_total_compressed_size(chunk.len as i64)
            .set_total_uncompressed_size(chunk.uncompressed)
            .set_num_values(chunk.num_values)
            .set_data_page_offset(0)
            .build()?;
        let close = ColumnCloseResult {
            bytes_written: chunk.len as u64,
            rows_written: rows,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: Some(OffsetIndexMetaData {
                page_locations: chunk.pages,
                unencoded_byte_array_data_bytes: None,
            }),
        };
        rg.append_column(&Segments(chunk.parts, chunk.len as u64), close)?;
    }
    rg.close()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_end_in_proportion_to_document_size() {
        let ids: Vec<String> = (0..20_000).map(|i| format!("doc-{i:05}")).collect();
        // A document as large as a run always ends one; an empty one never does.
        assert!(ids.iter().all(|id| run_ends_after(id, 4096, 4096)));
        assert!(ids.iter().all(|id| !run_ends_after(id, 0, 4096)));
        // A quarter of a run ends one about a quarter of the time, the same ids every time.
        let cuts: Vec<bool> = ids
            .iter()
            .map(|id| run_ends_after(id, 1024, 4096))
            .collect();
        let share = cuts.iter().filter(|c| **c).count() as f64 / ids.len() as f64;
        assert!((0.23..0.27).contains(&share), "{share}");
        assert!(ids
            .iter()
            .zip(&cuts)
            .all(|(id, c)| run_ends_after(id, 1024, 4096) == *c));
        // The size cap ends a run of documents that would never end one by their hash.
        let mut cutter = RunCutter::default();
        let big = RUN_MAX_SOURCE_BYTES / 3 + 1;
        let ends: Vec<bool> = (0..3)
            .map(|_| cutter.ends_after("x", big, u64::MAX))
            .collect();
        assert_eq!(ends, [false, false, true]);
    }

    #[test]
    fn header_round_trip() {
        // type 0, sizes 300 and 120, DataPageHeader {num_values 7, encodings 0, 3, 3}.
        let mut crate_header = vec![0x15, 0x00, 0x15];
        put_varint(&mut crate_header, 300);
        crate_header.push(0x15);
        put_varint(&mut crate_header, 300);
        crate_header.extend_from_slice(&[
            0x2c, 0x15, 0x0e, 0x15, 0x00, 0x15, 0x06, 0x15, 0x06, 0x00, 0x00,
        ]);
        let h = parse_head(&crate_header).unwrap();
        assert_eq!(
            (h.uncompressed, h.compressed, h.num_values, h.encoding),
            (300, 300, 7, 0)
        );
        let out = rewrite_head(&crate_header, 300, 120).unwrap();
        let h2 = parse_head(&out).unwrap();
        assert_eq!(
            (h2.uncompressed, h2.compressed, h2.num_values, h2.encoding),
            (300, 120, 7, 0)
        );
        assert_eq!(h2.header_len, out.len());
        assert!(parse_head(&out[..out.len() - 1]).is_err());
    }
}
