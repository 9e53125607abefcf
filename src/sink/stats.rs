//! `INDEX/file_stats.parquet`: every planned file's size and modification time. It sits beside
//! the tables, outside the manifest's tables and `index_hash` (copying a corpus changes mtimes,
//! not the index), and serves one purpose: `index --previous OLD --trust-mtime` reuses a
//! document whose size and mtime are those OLD saw, without reading it. The manifest's
//! `file_stats` entry (size and hash) ties the file to its index.

use anyhow::{Context, Result};
use arrow_array::{Array, Int64Array, RecordBatch, StringArray, UInt64Array};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub const FILE: &str = "file_stats.parquet";

/// Size and mtime (ns since the epoch) by corpus-relative path.
pub type Stats = HashMap<String, (u64, i64)>;

/// Writes the stats of `(path, bytes, mtime_ns)` in plan order.
pub fn write<'a>(
    dir: &Path,
    files: impl Iterator<Item = (&'a str, u64, Option<i64>)> + Clone,
) -> Result<()> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("path", DataType::Utf8, false),
        Field::new("bytes", DataType::UInt64, false),
        Field::new("mtime_ns", DataType::Int64, true),
    ]));
    let batch = RecordBatch::try_new(
        schema.clone(),
        vec![
            Arc::new(StringArray::from_iter_values(files.clone().map(|f| f.0))),
            Arc::new(UInt64Array::from_iter_values(files.clone().map(|f| f.1))),
            Arc::new(Int64Array::from_iter(files.map(|f| f.2))),
        ],
    )?;
    let path = dir.join(FILE);
    let file = std::fs::File::create(&path)
        .with_context(|| format!("cannot create {}", path.display()))?;
    let props = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .build();
    let mut w = ArrowWriter::try_new(file, schema, Some(props))?;
    w.write(&batch)?;
    w.into_inner()?.sync_all()?;
    Ok(())
}

/// OLD's file stats; None when OLD has none (written by an earlier docsweep).
pub fn read(index: &Path) -> Result<Option<Stats>> {
    let path = index.join(FILE);
    let Ok(file) = std::fs::File::open(&path) else {
        return Ok(None);
    };
    let damaged = || format!("--previous: {} is damaged", path.display());
    let mut out = HashMap::new();
    for b in ParquetRecordBatchReaderBuilder::try_new(file)
        .with_context(damaged)?
        .build()?
    {
        let b = b.with_context(damaged)?;
        let p = super::column::<StringArray>(&b, "path")?;
        let n = super::column::<UInt64Array>(&b, "bytes")?;
        let m = super::column::<Int64Array>(&b, "mtime_ns")?;
        for i in 0..b.num_rows() {
            if !m.is_null(i) {
                out.insert(p.value(i).to_string(), (n.value(i), m.value(i)));
            }
        }
    }
    Ok(Some(out))
}
