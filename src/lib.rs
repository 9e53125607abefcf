//! docsweep: a batch engine for document lakes.
//!
//! Data flow, one module per stage: [`corpus`] (walk, plan, load) → [`extract`] (bytes →
//! canonical text and typed blocks, one module per format) → [`structure`] (captions, heading
//! tree, sections, anchors) → [`chunk`] (token windows) → [`sink`] (Parquet, manifest, atomic
//! commit). [`analyze`] is the pure per-document function that strings the middle stages
//! together; [`pipeline`] runs it over a corpus; [`validate`] and [`inspect`] sit beside them;
//! [`diff`] maps the ids of one index onto the next; [`shard`] splits a run into shards that
//! a distributed engine schedules, and commits them into the index a single run writes.

/// The manifest's `tool_version`: the crate's version and the name of this build (see
/// `build.rs`), `0.1.0+<16 hex>`. Rows are reused, and unchanged documents trusted, only
/// between indexes of the same build.
pub const TOOL_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("DOCSWEEP_BUILD"));

pub mod analyze;
pub mod bench;
pub mod chunk;
pub mod config;
pub mod corpus;
pub mod diff;
pub mod extract;
pub mod ids;
pub mod inspect;
pub mod model;
pub mod pipeline;
pub mod shard;
pub mod sink;
pub mod stages;
pub mod structure;
pub mod validate;
