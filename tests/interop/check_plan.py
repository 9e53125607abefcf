#!/usr/bin/env python3
"""Independent check of a docsweep plan file (`docsweep plan -o PLAN.parquet`) with pyarrow and
DuckDB, against the corpus it lists.

    python3 tests/interop/check_plan.py --plan PLAN.parquet --corpus CORPUS_DIR

Checks: the columns and their types; the `docsweep.plan` key-value metadata (config hash,
corpus root, shard spans that cover the rows in order); every file of the corpus listed once, in
byte order of paths, `doc_id` = xxh3-64 of the path; every document to analyze in exactly one
shard and inside that shard's span, shards contiguous in plan order; DuckDB sees the same rows
and per-shard bytes as the spans. Exit status 0 when every check passes, 1 otherwise; the last
line printed is `plan: N passed, M failed`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import duckdb
import pyarrow.parquet as pq
import xxhash

COLUMNS = {
    "doc_id": "string",
    "path": "string",
    "os_path": "binary",
    "format": "string",
    "bytes": "uint64",
    "mtime_ns": "int64",
    "status": "string",
    "shard": "uint32",
    "verdict_status": "string",
    "verdict_reason": "string",
    "content_hash": "string",
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plan", required=True)
    ap.add_argument("--corpus", required=True)
    args = ap.parse_args()
    passed = failed = 0

    def check(name: str, ok: bool, detail: str = "") -> None:
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    pf = pq.ParquetFile(args.plan)
    schema = pf.schema_arrow
    check("columns", [f.name for f in schema] == list(COLUMNS), str(schema.names))
    for f in schema:
        check(f"type of {f.name}", str(f.type) == COLUMNS.get(f.name), str(f.type))
    meta = json.loads(pf.metadata.metadata[b"docsweep.plan"])
    t = pf.read().to_pylist()
    check("rows", meta["rows"] == len(t), f"{meta['rows']} vs {len(t)}")
    check("corpus root", os.path.realpath(args.corpus) == meta["corpus_root"], meta["corpus_root"])

    # Every file of the corpus, once, in byte order of paths.
    files = []
    for dirpath, _, names in os.walk(args.corpus):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), args.corpus)
            files.append(rel.replace(os.sep, "/"))
    listed = [r["path"] for r in t if r["status"] != "deleted"]
    check("every file listed once", sorted(files) == sorted(listed), f"{len(files)} files, {len(listed)} rows")
    keys = [r["path"].encode() for r in t]
    check("byte order", keys == sorted(keys))
    check("doc_id = xxh3-64(path)", all(r["doc_id"] == xxhash.xxh3_64_hexdigest(r["path"].encode()) for r in t))

    # Shards: every document to analyze in one shard, inside its span, shards in plan order.
    spans = meta["shards"]
    at = 0
    for s, span in enumerate(spans):
        check(f"span {s} follows span {s - 1}", span["first_row"] == at, f"{span} at {at}")
        at = span["first_row"] + span["rows"]
        rows = t[span["first_row"]:at]
        work = [r for r in rows if r["status"] in ("new", "changed")]
        check(f"span {s} holds its shard's documents", all(r["shard"] == s for r in work), str(s))
        check(f"span {s} documents", len(work) == span["documents"], f"{len(work)} vs {span['documents']}")
        check(f"span {s} bytes", sum(r["bytes"] for r in work) == span["bytes"])
    check("spans cover the plan", at == len(t), f"{at} vs {len(t)}")
    check("carried-over rows have no shard", all(r["shard"] is None for r in t if r["status"] in ("unchanged", "deleted")))

    # DuckDB reads the same file the same way.
    con = duckdb.connect()
    got = con.execute(
        "SELECT shard, count(*), sum(bytes) FROM read_parquet(?) WHERE shard IS NOT NULL GROUP BY shard ORDER BY shard",
        [args.plan],
    ).fetchall()
    want = [(s, sp["documents"], sp["bytes"]) for s, sp in enumerate(spans) if sp["documents"] > 0]
    check("DuckDB: documents and bytes per shard", [tuple(map(int, g)) for g in got] == want, f"{got} vs {want}")

    print(f"plan: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
