#!/usr/bin/env python3
"""Independent check of a `docsweep diff OLD NEW -o OUT` output with pyarrow and DuckDB,
against the two indexes it compares.

    python3 tests/interop/check_diff.py --old OLD --new NEW --diff OUT [--min-row-groups N]

Checks: the columns of `migration.parquet` and `redirects.parquet`; one migration row per block
and per chunk of OLD, in OLD's document order; every `new_id` and `new_parts` id one NEW has, of
the same kind; `same` rows lead to themselves at the same offsets; every unit of a document
whose path and bytes NEW has unchanged (same version and config) is `same`; `deleted` rows
belong to documents NEW does not have; every `offset_map` segment holds the same text in the old
unit and in a new one, and a renamed document's units move whole; `redirects.parquet` is exactly the rows whose id changed; `summary.json`
counts what the table holds (DuckDB's group-by) and names both index hashes. Exit status 0 when
every check passes, 1 otherwise; the last line printed is `diff: N passed, M failed`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

import duckdb
import pyarrow.parquet as pq

MIGRATION = {
    "doc_id": "string",
    "kind": "string",
    "old_id": "string",
    "new_id": "string",
    "move": "string",
    "old_off": "list<item: uint64>",
    "new_off": "list<item: uint64>",
    "new_parts": "list<item: string>",
    "conf": "float",
    "reason": "string",
    "offset_map": "list<item: struct<old_begin: uint64 not null, new_begin: uint64 not null, len: uint64 not null> not null>",
}
REDIRECTS = {"old_id": "string", "new_id": "string", "kind": "string", "conf": "float"}
MOVES = {"same", "shift", "split", "merge", "unmapped", "deleted"}


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, name: str, ok: bool, detail: str = "") -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}")


def table(index: str, name: str, columns: list[str]):
    return pq.read_table(os.path.join(index, name), columns=columns)


def units(index: str) -> dict[str, dict[str, tuple[str, int, str]]]:
    """kind -> unit id -> (doc_id, off_begin, text)."""
    out = {}
    for kind, tname, col in (("block", "blocks", "block_id"), ("chunk", "chunks", "chunk_id")):
        t = table(index, tname, ["doc_id", col, "off_begin", "text"]).to_pydict()
        out[kind] = {
            i: (d, b, x) for d, i, b, x in zip(t["doc_id"], t[col], t["off_begin"], t["text"])
        }
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--diff", required=True)
    ap.add_argument("--min-row-groups", type=int, default=1)
    args = ap.parse_args()
    c = Checks()
    mig_path = os.path.join(args.diff, "migration.parquet")
    red_path = os.path.join(args.diff, "redirects.parquet")
    summary = json.load(open(os.path.join(args.diff, "summary.json")))
    old_manifest = json.load(open(os.path.join(args.old, "manifest.json")))
    new_manifest = json.load(open(os.path.join(args.new, "manifest.json")))

    mig = pq.read_table(mig_path)
    types = {f.name: str(f.type) for f in mig.schema}
    c.check("migration columns", types == MIGRATION, f"{types}")
    red = pq.read_table(red_path)
    types = {f.name: str(f.type) for f in red.schema}
    c.check("redirects columns", types == REDIRECTS, f"{types}")
    groups = pq.ParquetFile(mig_path).metadata.num_row_groups
    c.check("migration row groups", groups >= args.min_row_groups, f"{groups}")
    rows = mig.to_pylist()

    old_units, new_units = units(args.old), units(args.new)
    # One row per old unit, in OLD's order: documents in table order, blocks then chunks.
    old_docs = table(args.old, "documents", ["doc_id", "path", "content_hash"]).to_pylist()
    new_docs = table(args.new, "documents", ["doc_id", "path", "content_hash"]).to_pylist()
    expected = []
    by_doc: dict[str, list] = {}
    for kind in ("block", "chunk"):
        for uid, (doc, _, _) in old_units[kind].items():
            by_doc.setdefault(doc, []).append((kind, uid))
    for d in old_docs:
        expected.extend(by_doc.get(d["doc_id"], []))
    got = [(r["kind"], r["old_id"]) for r in rows]
    c.check("one row per old unit, in OLD's order", got == expected,
            f"{len(got)} rows for {len(expected)} old units")

    same_build = (old_manifest["tool_version"], old_manifest["config_hash"]) == (
        new_manifest["tool_version"], new_manifest["config_hash"])
    new_by_path = {d["path"]: d for d in new_docs}
    unchanged = {d["doc_id"] for d in old_docs
                 if d["content_hash"] is not None
                 and new_by_path.get(d["path"], {}).get("content_hash") == d["content_hash"]}
    gone = {d["doc_id"] for d in old_docs if d["path"] not in new_by_path}

    bad = Counter()
    for r in rows:
        kind, new = r["kind"], new_units[r["kind"]]
        if r["move"] not in MOVES:
            bad["move"] += 1
        if r["new_id"] is not None and r["new_id"] not in new:
            bad["new_id in NEW"] += 1
        if any(p not in new for p in r["new_parts"]):
            bad["new_parts in NEW"] += 1
        if r["move"] == "split" and len(r["new_parts"]) != 2:
            bad["split parts"] += 1
        if r["move"] == "same" and (r["new_id"] != r["old_id"] or r["new_off"] != r["old_off"]
                                    or r["conf"] != 1.0):
            bad["same leads to itself"] += 1
        if same_build and r["doc_id"] in unchanged and r["move"] != "same":
            bad["unchanged document is same"] += 1
        if r["move"] == "deleted" and (r["doc_id"] not in gone or r["new_id"] is not None):
            bad["deleted"] += 1
        if r["doc_id"] != old_units[kind][r["old_id"]][0]:
            bad["doc_id"] += 1
        # Offset transform: each segment's text is the same in the old unit and a new one.
        _, ob0, otext = old_units[kind][r["old_id"]]
        targets = [new[i] for i in ([r["new_id"]] if r["new_id"] else []) + r["new_parts"]
                   if i in new]
        for seg in r["offset_map"]:
            a, b, n = seg["old_begin"], seg["new_begin"], seg["len"]
            was = otext.encode()[a - ob0:a - ob0 + n]
            now = [t[2].encode()[b - t[1]:b - t[1] + n] for t in targets
                   if t[1] <= b and b + n <= t[1] + len(t[2].encode())]
            if not (a >= r["old_off"][0] and a + n <= r["old_off"][1] and was in now):
                bad["offset_map text"] += 1
        # A renamed document has the same bytes: each unit's whole text moves.
        if (r["reason"] or "").startswith("renamed to") and (
                sum(s["len"] for s in r["offset_map"]) != r["old_off"][1] - r["old_off"][0]):
            bad["renamed units move whole"] += 1
    for name in ("move", "new_id in NEW", "new_parts in NEW", "split parts", "same leads to itself",
                 "unchanged document is same", "deleted", "doc_id", "offset_map text",
                 "renamed units move whole"):
        c.check(name, bad[name] == 0, f"{bad[name]} rows")

    want = sorted((r["old_id"], r["new_id"], r["kind"]) for r in rows
                  if r["new_id"] is not None and r["new_id"] != r["old_id"])
    have = sorted(zip(*(red.column(n).to_pylist() for n in ("old_id", "new_id", "kind"))))
    c.check("redirects are the rows whose id changed", want == have, f"{len(have)} for {len(want)}")

    db = duckdb.connect()
    counts = db.execute(
        f"SELECT kind, move, count(*) FROM read_parquet('{mig_path}') GROUP BY ALL").fetchall()
    table_counts = {(k, m): n for k, m, n in counts}
    summary_counts = {(k, m): n for k, key in (("block", "blocks"), ("chunk", "chunks"))
                      for m, n in summary[key].items()}
    c.check("summary counts (DuckDB)", table_counts == summary_counts,
            f"{table_counts} vs {summary_counts}")
    n_red = db.execute(f"SELECT count(*) FROM read_parquet('{red_path}')").fetchone()[0]
    c.check("redirects rows (DuckDB)", n_red == len(want), f"{n_red}")
    live = [r for r in rows if r["move"] != "deleted"]
    coverage = sum(r["new_id"] is not None for r in live) / len(live) if live else 1.0
    c.check("redirect coverage", abs(coverage - summary["redirect_coverage"]) < 1e-9,
            f"{coverage} vs {summary['redirect_coverage']}")
    c.check("index hashes", (summary["old_index_hash"], summary["new_index_hash"])
            == (old_manifest["index_hash"], new_manifest["index_hash"]), "")
    docs = summary["documents"]
    c.check("documents counted", sum(docs.values()) - docs.get("new", 0) == len(old_docs),
            f"{docs} for {len(old_docs)} old documents")
    print(f"diff: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
