#!/usr/bin/env python3
"""Independent interop checker for a docsweep index.

Reads INDEX/{documents,blocks,sections,chunks}/*.parquet with pyarrow *and* DuckDB and verifies
the tables against manifest.json and against the source files of the corpus, re-implementing the
Markdown canonical-text rules in Python (see README.md next to this file).

    python3 tests/interop/check_index.py --index INDEX_DIR --corpus CORPUS_DIR [--expect-files N]

Exit status: 0 when every check passes, 1 otherwise (2 on bad usage). The last line printed is
always `interop: N passed, M failed`, where N/M count named checks (skipped checks count in
neither).
"""

from __future__ import annotations

import argparse
import codecs
import fnmatch
import gzip
import json
import os
import re
import stat
import sys
import time
import traceback
from collections import Counter, defaultdict

TABLES = ("documents", "blocks", "sections", "chunks")
FORMATS = {"markdown", "html", "text", "pdf", "unknown", "directory"}
STATUSES = {"ok", "failed", "skipped"}
BLOCK_TYPES = {"prose", "heading", "list", "code", "table", "figure", "caption", "footnote", "formula"}
HEX16 = re.compile(r"^[0-9a-f]{16}$")
HEX32 = re.compile(r"^[0-9a-f]{32}$")
SECTION_ID = re.compile(r"^(0|[0-9]+(\.[0-9]+)*|p[0-9]{3,})$")
# Page and block numbers: three digits, or more behind one `~` per extra digit (`~1000`).
BLOCK_ID = re.compile(r"^(?P<doc>[^|]+)\|s=(?P<sec>[^|]+)\|p=(?P<page>~*[0-9]{3,})\|b=(?P<block>~*[0-9]{3,})$")


def sortable_number_ok(field: str, width: int) -> bool:
    """`007`, `999`, `~1000`, `~~10000`: one `~` per digit past `width`, no other padding."""
    digits = field.lstrip("~")
    tildes = len(field) - len(digits)
    if len(digits) < width:
        return False
    return tildes == len(digits) - width and (tildes == 0 or digits[0] != "0")
BOM = b"\xef\xbb\xbf"
SOFT_HYPHEN = "\u00ad"

# Column spec: name -> (type code, nullable). Type codes: str, u32, u64, bool, list<str>,
# list<f32>, list<list<u32>>.
SCHEMA = {
    "documents": [
        ("doc_id", "str", False), ("path", "str", False), ("format", "str", False),
        ("bytes", "u64", False), ("content_hash", "str", True), ("rev", "str", True),
        ("pages", "u32", True), ("status", "str", False), ("reason", "str", True),
        ("blocks", "u32", False), ("sections", "u32", False), ("chunks", "u32", False),
        ("flags", "list<str>", False), ("furniture_lines", "u32", True),
        ("hyphen_joins", "u32", True),
    ],
    "blocks": [
        ("doc_id", "str", False), ("block_id", "str", False), ("seq", "u32", False),
        ("section_id", "str", False), ("type", "str", False), ("off_begin", "u64", False),
        ("off_end", "u64", False), ("src_begin", "u64", True), ("src_end", "u64", True),
        ("page", "u32", True), ("bbox", "list<f32>", True), ("lang", "str", True),
        ("lang_guess", "bool", True), ("fence", "str", True), ("table_rows", "u32", True),
        ("table_cols", "u32", True), ("table_header_rows", "u32", True), ("grid_kind", "str", True),
        ("cell_spans", "list<list<u32>>", True), ("figure_ref", "str", True),
        ("caption_for", "str", True), ("fingerprint", "str", False), ("text", "str", False),
    ],
    "sections": [
        ("doc_id", "str", False), ("section_id", "str", False), ("parent_id", "str", True),
        ("depth", "u32", False), ("source_level", "u32", True), ("title", "str", True),
        ("anchor_id", "str", True), ("slug", "str", True), ("title_hash", "str", True), ("heading_source", "str", False),
        ("heading_block_id", "str", True), ("off_begin", "u64", True), ("off_end", "u64", True),
        ("anchor_begin", "u64", True), ("anchor_end", "u64", True), ("anchor_text", "str", True),
        ("first_block", "u32", True),
        ("last_block", "u32", True), ("page_start", "u32", True), ("page_end", "u32", True),
    ],
    "chunks": [
        ("doc_id", "str", False), ("chunk_id", "str", False), ("section_id", "str", False),
        ("seq", "u32", False), ("off_begin", "u64", False), ("off_end", "u64", False),
        ("src_begin", "u64", True), ("src_end", "u64", True), ("tokens", "u32", False),
        ("first_block", "u32", False), ("last_block", "u32", False),
        ("block_types", "list<str>", False), ("page_start", "u32", True), ("page_end", "u32", True),
        ("hash", "str", False), ("text", "str", False), ("context", "str", False),
    ],
}


# --------------------------------------------------------------------------------------------
# Reporting


class Check:
    """One named check. Use as a context manager; an exception inside counts as a failure."""

    MAX_KEPT = 200

    def __init__(self, report: "Report", name: str, needs=()):
        self.report = report
        self.name = name
        self.needs = tuple(needs)
        self.problems: list[str] = []
        self.total = 0
        self.skipped: str | None = None

    def fail(self, msg: str) -> None:
        self.total += 1
        if len(self.problems) < self.MAX_KEPT:
            self.problems.append(msg)

    def skip(self, why: str) -> None:
        self.skipped = why

    def __enter__(self) -> "Check":
        return self

    def __exit__(self, etype, exc, tb) -> bool:
        if exc is not None:
            where = traceback.extract_tb(tb)[-1]
            self.fail(f"checker raised {etype.__name__}: {exc} (line {where.lineno})")
            self.skipped = None
        self.report.results.append(self)
        return True  # keep going with the other checks


class Report:
    def __init__(self, max_lines: int):
        self.results: list[Check] = []
        self.max_lines = max_lines
        self.unreadable: set[str] = set()  # tables that could not be read

    def check(self, name: str, needs=()) -> Check:
        return Check(self, name, needs)

    def finish(self) -> int:
        for c in self.results:
            # A check that found nothing wrong only because a table it needs is unreadable
            # did not really pass.
            missing = [t for t in c.needs if t in self.unreadable]
            if missing and c.total == 0 and c.skipped is None:
                c.skipped = f"needs unreadable table(s) {', '.join(missing)}"
        passed = [c for c in self.results if c.skipped is None and c.total == 0]
        failed = [c for c in self.results if c.skipped is None and c.total > 0]
        print()
        print("== checks ==")
        for c in self.results:
            if c.skipped is not None:
                print(f"  skip  {c.name}: {c.skipped}")
            elif c.total:
                print(f"  FAIL  {c.name}: {c.total} problem(s)")
            else:
                print(f"  ok    {c.name}")
        if failed:
            print()
            print(f"== failures (at most {self.max_lines} lines) ==")
            # Every failed check gets a fair share of the lines, then leftovers are filled.
            share = {c.name: 0 for c in failed}
            budget = self.max_lines
            per_check = max(1, self.max_lines // len(failed))
            for limit in (per_check, self.max_lines):
                for c in failed:
                    take = min(limit - share[c.name], len(c.problems) - share[c.name], budget)
                    if take > 0:
                        share[c.name] += take
                        budget -= take
            hidden = 0
            for c in failed:
                for p in c.problems[:share[c.name]]:
                    print("  " + clip(f"[{c.name}] {p}", 220))
                hidden += c.total - share[c.name]
            if hidden:
                print(f"  ... and {hidden} more problem(s) not shown")
        print()
        print(f"interop: {len(passed)} passed, {len(failed)} failed")
        return 1 if failed else 0


def clip(s, n: int = 80) -> str:
    s = repr(s) if not isinstance(s, str) else s
    s = s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return s if len(s) <= n else s[: n - 3] + "..."


# --------------------------------------------------------------------------------------------
# Canonical text (independent re-implementation of the docsweep Markdown rules)


# A document's `encoding:` flag -> (Python codec, byte-order mark its file may start with).
# Other flags (an encoding `markdown.fallback_encoding` named) are looked up by codecs.
ENCODINGS = {
    "utf-16le": ("utf-16-le", b"\xff\xfe"), "utf-16be": ("utf-16-be", b"\xfe\xff"),
    "utf-32le": ("utf-32-le", b"\xff\xfe\x00\x00"), "utf-32be": ("utf-32-be", b"\x00\x00\xfe\xff"),
    "windows-1252": ("cp1252", b""),
}


def codec_of(flag: str):
    """(codec, byte-order mark) of an `encoding:` flag, or None when Python has no such codec."""
    if flag in ENCODINGS:
        return ENCODINGS[flag]
    try:
        return codecs.lookup(flag).name, b""
    except LookupError:
        return None


def _whatwg_1252(err: UnicodeDecodeError):
    # windows-1252 as WHATWG reads it: the five bytes it leaves undefined are U+0081 and so on.
    b = err.object[err.start]
    if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
        return chr(b), err.start + 1
    raise err


codecs.register_error("whatwg-1252-check", _whatwg_1252)


def canonical_text(raw: bytes, lossy: bool = False, encoding: str | None = None) -> str:
    """raw bytes -> canonical str.

    strip a leading BOM, decode UTF-8 (or the `encoding:` flag's encoding), CRLF and lone CR
    -> LF, drop U+00AD, expand tabs per line to the next multiple of 4 columns (columns
    counted in code points after the soft-hyphen removal). Raises UnicodeDecodeError on
    invalid bytes unless lossy.
    """
    codec, bom = codec_of(encoding) if encoding else ("utf-8", BOM)
    if bom and raw.startswith(bom):
        raw = raw[len(bom):]
    strict = "whatwg-1252-check" if codec == "cp1252" else "strict"
    text = raw.decode(codec, errors="replace" if lossy else strict)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace(SOFT_HYPHEN, "")
    out_lines = []
    for line in text.split("\n"):
        if "\t" not in line:
            out_lines.append(line)
            continue
        buf = []
        col = 0
        for ch in line:
            if ch == "\t":
                pad = 4 - (col % 4)
                buf.append(" " * pad)
                col += pad
            else:
                buf.append(ch)
                col += 1
        out_lines.append("".join(buf))
    return "\n".join(out_lines)


def normalize_source_slice(raw: bytes, at_file_start: bool, encoding: str | None = None) -> str:
    """What a tab-free slice of the original file must equal once normalised. Only a BOM at
    the very start of the file is removed; a U+FEFF elsewhere is text."""
    codec, bom = codec_of(encoding) if encoding else ("utf-8", BOM)
    if at_file_start and bom and raw.startswith(bom):
        raw = raw[len(bom):]
    # strict: a span that cuts a character is an error
    text = raw.decode(codec, "whatwg-1252-check" if codec == "cp1252" else "strict")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace(SOFT_HYPHEN, "")


# --------------------------------------------------------------------------------------------
# Helpers


def type_ok(t, code: str) -> bool:
    import pyarrow as pa

    def is_str(x):
        return pa.types.is_string(x) or pa.types.is_large_string(x) or (
            hasattr(pa.types, "is_string_view") and pa.types.is_string_view(x))

    def is_list(x):
        return pa.types.is_list(x) or pa.types.is_large_list(x) or (
            hasattr(pa.types, "is_list_view") and pa.types.is_list_view(x))

    if pa.types.is_dictionary(t):
        t = t.value_type
    if code == "str":
        return is_str(t)
    if code == "u32":
        return pa.types.is_uint32(t)
    if code == "u64":
        return pa.types.is_uint64(t)
    if code == "bool":
        return pa.types.is_boolean(t)
    if code == "list<str>":
        return is_list(t) and is_str(t.value_type)
    if code == "list<f32>":
        return is_list(t) and pa.types.is_float32(t.value_type)
    if code == "list<list<u32>>":
        return is_list(t) and is_list(t.value_type) and pa.types.is_uint32(t.value_type.value_type)
    raise ValueError(code)


def sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def walk_corpus(corpus: str, excludes: list[str]):
    """Regular files under corpus (no symlink following) -> {relpath: size}; also dirs."""
    files: dict[str, int] = {}
    dirs: set[str] = set()
    for root, dirnames, filenames in os.walk(corpus, followlinks=False):
        for d in dirnames:
            rel = os.path.relpath(os.path.join(root, d), corpus).replace(os.sep, "/")
            dirs.add(rel)
        for name in filenames:
            full = os.path.join(root, name)
            try:
                st = os.lstat(full)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            rel = os.path.relpath(full, corpus).replace(os.sep, "/")
            if any(fnmatch.fnmatchcase(rel, g) for g in excludes):
                continue
            files[rel] = st.st_size
    return files, dirs


def group_by(rows, key="doc_id"):
    out = defaultdict(list)
    for r in rows:
        out[r[key]].append(r)
    return out


# --------------------------------------------------------------------------------------------
# Main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", required=True, help="index directory written by docsweep")
    ap.add_argument("--corpus", required=True, help="corpus directory that was indexed")
    ap.add_argument("--expect-files", type=int, default=None,
                    help="expected number of documents rows")
    ap.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                    help="corpus-relative glob of files the index is allowed to leave out "
                         "(mirror walk.exclude of the config); repeatable")
    ap.add_argument("--max-lines", type=int, default=30, help="cap on printed failure lines")
    args = ap.parse_args(argv)

    report = Report(args.max_lines)
    t0 = time.monotonic()

    try:
        import pyarrow as pa  # noqa: F401
        import pyarrow.dataset as pads
        import pyarrow.parquet as pq
        import duckdb
    except ImportError as e:
        with report.check("0.imports") as c:
            c.fail(f"{e}; install with: pip install -r tests/interop/requirements.txt")
        return report.finish()
    try:
        import xxhash
    except ImportError:
        xxhash = None

    index = os.path.abspath(args.index)
    corpus = os.path.abspath(args.corpus)
    print(f"interop: index={index} corpus={corpus}")
    print(f"interop: pyarrow {pa.__version__}, duckdb {duckdb.__version__}, "
          f"xxhash {getattr(xxhash, 'VERSION', 'not installed')}")

    # ---------------------------------------------------------------- 1. manifest + reads
    manifest = {}
    with report.check("1.manifest") as c:
        mpath = os.path.join(index, "manifest.json")
        with open(mpath, "rb") as f:
            manifest = json.loads(f.read().decode("utf-8"))
        for key in ("schema_version", "tool_version", "index_hash", "config_hash", "tables"):
            if key not in manifest:
                c.fail(f"manifest.json lacks {key!r}")
        ih = manifest.get("index_hash")
        if ih is not None and not (isinstance(ih, str) and HEX32.match(ih)):
            c.fail(f"index_hash is not 32 lowercase hex: {ih!r}")
        tables = manifest.get("tables") or {}
        for t in TABLES:
            if t not in tables:
                c.fail(f"manifest.tables lacks {t!r}")
        for t in tables:
            if t not in TABLES:
                c.fail(f"manifest.tables has unexpected table {t!r}")
        print(f"interop: manifest schema_version={manifest.get('schema_version')!r} "
              f"tool_version={manifest.get('tool_version')!r} index_hash={ih!r}")

    mtables = manifest.get("tables") or {}
    for t in TABLES:
        with report.check(f"1.files[{t}]") as c:
            entry = mtables.get(t)
            if entry is None:
                c.fail("no manifest entry")
                continue
            listed = entry.get("files")
            if not isinstance(listed, list):
                c.fail("manifest entry has no 'files' list")
                continue
            total_rows = 0
            seen = set()
            for fe in listed:
                rel = fe.get("path", "")
                seen.add(os.path.normpath(rel))
                if not rel.startswith(t + "/") or not rel.endswith(".parquet"):
                    c.fail(f"file path {rel!r} is not {t}/*.parquet")
                full = os.path.join(index, rel)
                if not os.path.isfile(full):
                    c.fail(f"{rel}: listed in manifest but missing")
                    continue
                size = os.path.getsize(full)
                if fe.get("bytes") != size:
                    c.fail(f"{rel}: manifest bytes={fe.get('bytes')} but file has {size}")
                meta_rows = pq.ParquetFile(full).metadata.num_rows
                if fe.get("rows") != meta_rows:
                    c.fail(f"{rel}: manifest rows={fe.get('rows')} but Parquet footer says {meta_rows}")
                total_rows += meta_rows
                h = fe.get("hash")
                if not (isinstance(h, str) and HEX32.match(h)):
                    c.fail(f"{rel}: hash is not 32 lowercase hex: {h!r}")
                elif xxhash is not None:
                    with open(full, "rb") as f:
                        got = xxhash.xxh3_128_hexdigest(f.read())
                    if got != h:
                        c.fail(f"{rel}: manifest hash {h} != xxh3-128 of file {got}")
            if entry.get("rows") != total_rows:
                c.fail(f"manifest {t}.rows={entry.get('rows')} but listed files hold {total_rows}")
            tdir = os.path.join(index, t)
            on_disk = sorted(n for n in os.listdir(tdir) if n.endswith(".parquet")) \
                if os.path.isdir(tdir) else []
            for n in on_disk:
                if os.path.normpath(f"{t}/{n}") not in seen:
                    c.fail(f"{t}/{n} is on disk but not in the manifest (DuckDB globs would read it)")
            if not on_disk:
                c.fail(f"{t}/ holds no *.parquet file: read_parquet('{t}/*.parquet') fails "
                       "for users (write an empty part file for an empty table)")

    data: dict[str, list[dict]] = {}
    arrow_tables = {}
    con = duckdb.connect()
    for t in TABLES:
        report.unreadable.add(t)  # until proven readable below
        with report.check(f"1.read[{t}]") as c:
            tdir = os.path.join(index, t)
            tbl = pads.dataset(tdir, format="parquet").to_table()
            arrow_tables[t] = tbl
            glob = os.path.join(tdir, "*.parquet")
            dd_rows = con.execute(f"SELECT count(*) FROM read_parquet({sql_str(glob)})").fetchone()[0]
            m_rows = (mtables.get(t) or {}).get("rows")
            if not (tbl.num_rows == dd_rows == m_rows):
                c.fail(f"row counts differ: pyarrow={tbl.num_rows} duckdb={dd_rows} manifest={m_rows}")
            # DuckDB must see the same columns as pyarrow.
            dd_cols = [r[0] for r in con.execute(
                f"DESCRIBE SELECT * FROM read_parquet({sql_str(glob)})").fetchall()]
            if dd_cols != tbl.column_names:
                c.fail(f"duckdb columns {dd_cols} != pyarrow columns {tbl.column_names}")
            data[t] = tbl.to_pylist()
            report.unreadable.discard(t)
            print(f"interop: {t}: {tbl.num_rows} rows (pyarrow), {dd_rows} rows (duckdb)")

    for t in TABLES:
        with report.check(f"1.schema[{t}]") as c:
            if t not in arrow_tables:
                c.skip("table not readable")
                continue
            tbl = arrow_tables[t]
            names = set(tbl.column_names)
            for col, code, nullable in SCHEMA[t]:
                if col not in names:
                    c.fail(f"missing column {col} ({code})")
                    continue
                typ = tbl.schema.field(col).type
                if not type_ok(typ, code):
                    c.fail(f"column {col}: type {typ}, expected {code}")
                if not nullable and tbl.column(col).null_count:
                    c.fail(f"column {col}: {tbl.column(col).null_count} null(s) in a non-nullable column")
            extra = [n for n in tbl.column_names if n not in {x[0] for x in SCHEMA[t]}]
            if extra:
                print(f"interop: note: {t} has extra columns {extra}")

    docs = data.get("documents", [])
    blocks = data.get("blocks", [])
    sections = data.get("sections", [])
    chunks = data.get("chunks", [])
    blocks_by_doc = group_by(blocks)
    sections_by_doc = group_by(sections)
    chunks_by_doc = group_by(chunks)

    # ---------------------------------------------------------------- 2. documents vs corpus
    corpus_files, corpus_dirs = walk_corpus(corpus, args.exclude)
    print(f"interop: corpus: {len(corpus_files)} regular file(s)")
    docs_by_path = defaultdict(list)
    for d in docs:
        docs_by_path[d.get("path")].append(d)

    with report.check("2.coverage", needs=('documents',)) as c:
        if "documents" not in data:
            c.fail("documents table not readable")
            corpus_files_to_check = []
        else:
            corpus_files_to_check = sorted(corpus_files)
        for rel in corpus_files_to_check:
            n = len(docs_by_path.get(rel, []))
            if n != 1:
                c.fail(f"corpus file {rel!r} has {n} documents rows (want 1)")
        for path, rows in sorted(docs_by_path.items(), key=lambda kv: str(kv[0])):
            if path in corpus_files:
                continue
            for r in rows:
                if r.get("format") == "directory" and path in corpus_dirs:
                    continue  # e.g. an unreadable directory recorded as failed
                c.fail(f"documents row for {path!r} (format={r.get('format')}) matches no "
                       "regular file in the corpus")
            if isinstance(path, str) and (path.startswith("/") or "\\" in path
                                          or ".." in path.split("/")):
                c.fail(f"path {path!r} is not a clean corpus-relative '/' path")

    with report.check("2.doc_id", needs=('documents',)) as c:
        counts = Counter(d.get("doc_id") for d in docs)
        for did, n in counts.items():
            if n > 1:
                c.fail(f"doc_id {did} appears {n} times")
        for d in docs:
            did = d.get("doc_id")
            if not (isinstance(did, str) and HEX16.match(did)):
                c.fail(f"{d.get('path')!r}: doc_id {did!r} is not 16 lowercase hex")
            elif xxhash is not None and isinstance(d.get("path"), str):
                want = xxhash.xxh3_64_hexdigest(d["path"].encode("utf-8", "surrogateescape"))
                if did != want:
                    c.fail(f"{d['path']!r}: doc_id {did} != xxh3_64(path) {want}")

    with report.check("2.expect-files", needs=('documents',)) as c:
        if args.expect_files is None:
            c.skip("--expect-files not given")
        elif len(docs) != args.expect_files:
            c.fail(f"documents has {len(docs)} rows, --expect-files says {args.expect_files}")

    with report.check("2.status", needs=('documents',)) as c:
        for d in docs:
            p = d.get("path")
            st = d.get("status")
            if st not in STATUSES:
                c.fail(f"{p!r}: status {st!r} not in {sorted(STATUSES)}")
            if st in ("failed", "skipped") and not (d.get("reason") or "").strip():
                c.fail(f"{p!r}: status {st} without a reason")
            if d.get("format") not in FORMATS:
                c.fail(f"{p!r}: format {d.get('format')!r} not in {sorted(FORMATS)}")

    with report.check("2.bytes+content_hash", needs=('documents',)) as c:
        for d in docs:
            p = d.get("path")
            if p not in corpus_files:
                continue
            if d.get("bytes") != corpus_files[p]:
                c.fail(f"{p!r}: bytes={d.get('bytes')} but file has {corpus_files[p]}")
            h = d.get("content_hash")
            if h is None:
                if d.get("status") == "ok":
                    c.fail(f"{p!r}: status ok but content_hash is null")
                continue
            if not HEX32.match(h):
                c.fail(f"{p!r}: content_hash {h!r} is not 32 lowercase hex")
            elif xxhash is not None:
                with open(os.path.join(corpus, p), "rb") as f:
                    got = xxhash.xxh3_128_hexdigest(f.read())
                if got != h:
                    c.fail(f"{p!r}: content_hash {h} != xxh3-128 of file {got}")
        if xxhash is None:
            print("interop: note: xxhash not installed, hashes checked for shape only")

    # ---------------------------------------------------------------- 3. canonical text
    raw_cache: dict[str, bytes] = {}
    canon_cache: dict[str, bytes] = {}  # doc_id -> canonical UTF-8 bytes
    md_docs = []
    enc_of: dict[str, str | None] = {}  # doc_id -> its `encoding:` flag, None for UTF-8
    gz_size: dict[str, int] = {}  # path -> decompressed size, for documents flagged gzip
    with report.check("3.utf8+lossy_flag", needs=('documents',)) as c:
        for d in docs:
            p = d.get("path")
            if d.get("status") != "ok" or d.get("format") != "markdown" or p not in corpus_files:
                continue
            with open(os.path.join(corpus, p), "rb") as f:
                raw = f.read()
            flags = d.get("flags") or []
            if "gzip" in flags:
                # Read decompressed: its spans are offsets into the decompressed bytes.
                raw = gzip.decompress(raw)
            raw_cache[d["doc_id"]] = raw
            gz_size[p] = len(raw)
            # A file read in another encoding (UTF-16, UTF-32, Latin text) names it.
            enc = next((f.split(":", 1)[1] for f in flags if f.startswith("encoding:")), None)
            if enc is not None and codec_of(enc) is None:
                c.fail(f"{p!r}: encoding flag {enc!r} names no codec")
                continue
            lossy = ("lossy_decode" if enc else "lossy_utf8") in flags
            try:
                canon = canonical_text(raw, encoding=enc)
                if lossy:
                    c.fail(f"{p!r}: flagged lossy but the file is valid {enc or 'UTF-8'}")
                    continue
            except UnicodeDecodeError as e:
                if not lossy:
                    c.fail(f"{p!r}: invalid {enc or 'UTF-8'} at byte {e.start} but not flagged lossy")
                continue
            canon_cache[d["doc_id"]] = canon.encode("utf-8")
            enc_of[d["doc_id"]] = enc
            md_docs.append(d)
    print(f"interop: {len(md_docs)} ok Markdown document(s) get exact-text checks")

    def text_check(c, table_rows, label, idcol):
        for d in md_docs:
            canon = canon_cache[d["doc_id"]]
            for r in table_rows.get(d["doc_id"], []):
                b, e = r.get("off_begin"), r.get("off_end")
                if b is None or e is None or not (0 <= b <= e <= len(canon)):
                    c.fail(f"{d['path']!r} {label} {r.get(idcol)}: span [{b},{e}) outside "
                           f"canonical text of {len(canon)} bytes")
                    continue
                want = canon[b:e]
                got = (r.get("text") or "").encode("utf-8")
                if got != want:
                    c.fail(f"{d['path']!r} {label} {r.get(idcol)} [{b},{e}): text "
                           f"'{clip(r.get('text'), 50)}' != canonical "
                           f"'{clip(want.decode('utf-8', 'replace'), 50)}'")

    with report.check("3.block-text", needs=('documents', 'blocks')) as c:
        text_check(c, blocks_by_doc, "block", "block_id")

    with report.check("3.chunk-text", needs=('documents', 'chunks')) as c:
        text_check(c, chunks_by_doc, "chunk", "chunk_id")

    with report.check("3.block-order", needs=('blocks',)) as c:
        for did, rows in blocks_by_doc.items():
            rows = sorted(rows, key=lambda r: (r.get("seq") is None, r.get("seq")))
            seqs = [r.get("seq") for r in rows]
            if seqs != list(range(len(rows))):
                c.fail(f"doc {did}: block seqs are not 0..{len(rows) - 1}: {clip(seqs, 60)}")
            prev_end = 0
            for r in rows:
                b, e = r.get("off_begin"), r.get("off_end")
                if b is None or e is None or b > e:
                    c.fail(f"block {r.get('block_id')}: bad span [{b},{e})")
                    continue
                if b < prev_end:
                    c.fail(f"block {r.get('block_id')} (seq {r.get('seq')}): starts at {b}, "
                           f"before the previous block ends at {prev_end}")
                prev_end = max(prev_end, e)

    with report.check("3.section-spans", needs=('documents', 'sections')) as c:
        for d in md_docs:
            n = len(canon_cache[d["doc_id"]])
            for s in sections_by_doc.get(d["doc_id"], []):
                sid = s.get("section_id")
                b, e = s.get("off_begin"), s.get("off_end")
                ab, ae = s.get("anchor_begin"), s.get("anchor_end")
                if (b is None) != (e is None):
                    c.fail(f"{d['path']!r} section {sid}: only one of off_begin/off_end is null")
                elif b is not None and not (0 <= b <= e <= n):
                    c.fail(f"{d['path']!r} section {sid}: span [{b},{e}) outside canonical text ({n})")
                if (ab is None) != (ae is None):
                    c.fail(f"{d['path']!r} section {sid}: only one of anchor_begin/anchor_end is null")
                elif ab is not None:
                    if not (0 <= ab <= ae <= n):
                        c.fail(f"{d['path']!r} section {sid}: anchor [{ab},{ae}) outside canonical text ({n})")
                    elif b is None:
                        c.fail(f"{d['path']!r} section {sid}: anchor [{ab},{ae}) but null section span")
                    elif not (b <= ab and ae <= e):
                        c.fail(f"{d['path']!r} section {sid}: anchor [{ab},{ae}) not within span [{b},{e})")
                    elif s.get("anchor_text") != canon_cache[d["doc_id"]][ab:ae].decode("utf-8"):
                        c.fail(f"{d['path']!r} section {sid}: anchor_text is not canonical[{ab}:{ae}]")

    # ---------------------------------------------------------------- 4. source spans
    docs_by_id = {d.get("doc_id"): d for d in docs}
    with report.check("4.src-bounds", needs=('documents', 'blocks', 'chunks')) as c:
        for label, rows, idcol in (("block", blocks, "block_id"), ("chunk", chunks, "chunk_id")):
            for r in rows:
                sb, se = r.get("src_begin"), r.get("src_end")
                if sb is None and se is None:
                    continue
                d = docs_by_id.get(r.get("doc_id"))
                if d is None:
                    continue  # orphan row: reported by 5.counts
                size = corpus_files.get(d.get("path"))
                if "gzip" in (d.get("flags") or []):
                    size = gz_size.get(d.get("path"), size)
                if sb is None or se is None:
                    c.fail(f"{label} {r.get(idcol)}: only one of src_begin/src_end is null")
                elif size is None:
                    c.fail(f"{label} {r.get(idcol)}: has a source span but its document has no corpus file")
                elif not (0 <= sb <= se <= size):
                    c.fail(f"{label} {r.get(idcol)}: src [{sb},{se}) outside file of {size} bytes")

    with report.check("4.src-text", needs=('documents', 'blocks', 'chunks')) as c:
        compared = 0
        for label, by_doc, idcol in (("block", blocks_by_doc, "block_id"),
                                     ("chunk", chunks_by_doc, "chunk_id")):
            for d in md_docs:
                raw = raw_cache[d["doc_id"]]
                for r in by_doc.get(d["doc_id"], []):
                    sb, se = r.get("src_begin"), r.get("src_end")
                    if sb is None or se is None or not (0 <= sb <= se <= len(raw)):
                        continue  # reported by 4.src-bounds
                    piece = raw[sb:se]
                    if b"\t" in piece:
                        continue
                    try:
                        got = normalize_source_slice(piece, sb == 0, enc_of[d["doc_id"]])
                    except UnicodeDecodeError:
                        c.fail(f"{d['path']!r} {label} {r.get(idcol)}: src [{sb},{se}) cuts a character")
                        continue
                    compared += 1
                    if got != r.get("text"):
                        c.fail(f"{d['path']!r} {label} {r.get(idcol)} src [{sb},{se}): source "
                               f"'{clip(got, 50)}' != text '{clip(r.get('text'), 50)}'")
        print(f"interop: {compared} source span(s) compared with their text")

    # ---------------------------------------------------------------- 5. cross-table
    with report.check("5.counts", needs=('documents', 'blocks', 'sections', 'chunks')) as c:
        for d in docs:
            did = d.get("doc_id")
            for col, by in (("blocks", blocks_by_doc), ("sections", sections_by_doc),
                            ("chunks", chunks_by_doc)):
                have = len(by.get(did, []))
                if d.get(col) != have:
                    c.fail(f"{d.get('path')!r}: documents.{col}={d.get(col)} but {col} has {have} row(s)")
        for col, by in (("blocks", blocks_by_doc), ("sections", sections_by_doc),
                        ("chunks", chunks_by_doc)):
            for did in by:
                if did not in docs_by_id:
                    c.fail(f"{col} has rows for doc_id {did} which is not in documents")

    with report.check("5.unique-ids", needs=('blocks', 'sections', 'chunks')) as c:
        for label, rows, key in (("block_id", blocks, lambda r: r.get("block_id")),
                                 ("chunk_id", chunks, lambda r: r.get("chunk_id")),
                                 ("(doc_id, section_id)", sections,
                                  lambda r: (r.get("doc_id"), r.get("section_id")))):
            for k, n in Counter(key(r) for r in rows).items():
                if n > 1:
                    c.fail(f"{label} {k} appears {n} times")
        for label, by in (("block", blocks_by_doc), ("chunk", chunks_by_doc)):
            for did, rows in by.items():
                for k, n in Counter(r.get("seq") for r in rows).items():
                    if n > 1:
                        c.fail(f"doc {did}: {label} seq {k} appears {n} times")

    with report.check("5.block-id+enums", needs=('documents', 'blocks')) as c:
        for r in blocks:
            m = BLOCK_ID.match(r.get("block_id") or "")
            d = docs_by_id.get(r.get("doc_id")) or {}
            if r.get("type") not in BLOCK_TYPES:
                c.fail(f"block {r.get('block_id')}: type {r.get('type')!r} not in {sorted(BLOCK_TYPES)}")
            if not m:
                c.fail(f"block_id {r.get('block_id')!r} is not <doc_id>|s=<section>|p=NNN|b=NNN")
                continue
            if not (sortable_number_ok(m["page"], 3) and sortable_number_ok(m["block"], 3)):
                c.fail(f"block_id {r['block_id']!r}: page or block number not written to sort "
                       "(three digits, or one '~' per digit past three)")
            if m["doc"] != r.get("doc_id") or m["sec"] != r.get("section_id"):
                c.fail(f"block_id {r['block_id']!r} disagrees with doc_id {r.get('doc_id')} / "
                       f"section_id {r.get('section_id')}")
            if d.get("format") == "markdown" and m["page"] != "000":
                c.fail(f"block_id {r['block_id']!r}: Markdown block with page {m['page']} (want 000)")

    with report.check("5.ids-sort-in-reading-order", needs=('blocks', 'chunks')) as c:
        # Within a section, block ids and chunk ids sorted as strings follow seq (footnote
        # definitions and captions, which join the section of what they annotate wherever they
        # are written, aside; so are chunks that start at one).
        joins = {(r.get("doc_id"), r.get("seq")) for r in blocks
                 if r.get("type") in ("footnote", "caption")}
        for label, rows, key, first in (
                ("block", blocks, "block_id", lambda r: r.get("seq")),
                ("chunk", chunks, "chunk_id", lambda r: r.get("first_block"))):
            last = {}
            for r in sorted(rows, key=lambda r: (r.get("doc_id"), r.get("seq"))):
                if (r.get("doc_id"), first(r)) in joins:
                    continue
                k = (r.get("doc_id"), r.get("section_id"))
                prev = last.get(k)
                if prev is not None and not prev < r.get(key):
                    c.fail(f"{label} id {prev!r} sorts after {r.get(key)!r} in its section")
                last[k] = r.get(key)
        for r in chunks:
            w = (r.get("chunk_id") or "").rpartition("|w=")
            if w[1] and not sortable_number_ok(w[2], 1):
                c.fail(f"chunk_id {r.get('chunk_id')!r}: window number not written to sort")

    with report.check("5.section-refs", needs=('blocks', 'sections', 'chunks')) as c:
        block_by_id = {r.get("block_id"): r for r in blocks}
        for did, rows in sections_by_doc.items():
            sids = {s.get("section_id") for s in rows}
            doc_blocks = {b.get("seq"): b for b in blocks_by_doc.get(did, [])}
            for s in rows:
                sid = s.get("section_id") or ""
                if not SECTION_ID.match(sid):
                    c.fail(f"doc {did}: section_id {sid!r} is not '0', dotted numbers or a page 'pNNN'")
                else:
                    want_depth = 0 if sid == "0" else 1 if sid.startswith("p") else len(sid.split("."))
                    if s.get("depth") != want_depth:
                        c.fail(f"doc {did} section {sid}: depth {s.get('depth')}, want {want_depth}")
                pid = s.get("parent_id")
                if pid is not None and pid not in sids:
                    c.fail(f"doc {did} section {sid}: parent_id {pid!r} not a section of the doc")
                hb = s.get("heading_block_id")
                if hb is not None:
                    b = block_by_id.get(hb)
                    if b is None or b.get("doc_id") != did:
                        c.fail(f"doc {did} section {sid}: heading_block_id {hb!r} not a block of the doc")
                    elif b.get("type") != "heading":
                        c.fail(f"doc {did} section {sid}: heading block {hb!r} has type {b.get('type')}")
                fb, lb = s.get("first_block"), s.get("last_block")
                if (fb is None) != (lb is None):
                    c.fail(f"doc {did} section {sid}: only one of first_block/last_block is null")
                elif fb is not None and not (fb <= lb and fb in doc_blocks and lb in doc_blocks):
                    c.fail(f"doc {did} section {sid}: first/last_block {fb}..{lb} not block seqs of the doc")
            sec_by_id = {s.get("section_id"): s for s in rows}
            for b in blocks_by_doc.get(did, []):
                s = sec_by_id.get(b.get("section_id"))
                if s is None:
                    continue  # reported below
                # A section's span is its own body: its heading block sits just before it, and
                # captions/footnotes may join the section of their figure/marker from elsewhere.
                if b.get("type") == "heading":
                    if s.get("heading_block_id") != b.get("block_id"):
                        c.fail(f"heading block {b.get('block_id')} is not its section's heading_block_id")
                    continue
                if b.get("type") in ("caption", "footnote"):
                    continue
                fb, lb = s.get("first_block"), s.get("last_block")
                if fb is None or not (fb <= b.get("seq") <= lb):
                    c.fail(f"block {b.get('block_id')} (seq {b.get('seq')}) outside its section's "
                           f"first/last_block {fb}..{lb}")
                sb, se = s.get("off_begin"), s.get("off_end")
                if sb is not None and not (sb <= b.get("off_begin") and b.get("off_end") <= se):
                    c.fail(f"block {b.get('block_id')} [{b.get('off_begin')},{b.get('off_end')}) "
                           f"outside its section span [{sb},{se})")
        sids_by_doc = {did: {s.get("section_id") for s in rows}
                       for did, rows in sections_by_doc.items()}
        for label, rows, idcol in (("block", blocks, "block_id"), ("chunk", chunks, "chunk_id")):
            for r in rows:
                did = r.get("doc_id")
                if r.get("section_id") not in sids_by_doc.get(did, ()):
                    c.fail(f"{label} {r.get(idcol)}: section_id {r.get('section_id')!r} not in "
                           f"sections of doc {did}")

    with report.check("5.chunk-in-section", needs=('blocks', 'chunks')) as c:
        for did, rows in chunks_by_doc.items():
            by_seq = {b.get("seq"): b for b in blocks_by_doc.get(did, [])}
            for ch in rows:
                fb, lb = ch.get("first_block"), ch.get("last_block")
                if fb is None or lb is None or fb > lb or fb not in by_seq or lb not in by_seq:
                    c.fail(f"chunk {ch.get('chunk_id')}: first/last_block {fb}..{lb} not block seqs "
                           f"of doc {did} ({len(by_seq)} blocks)")
                    continue
                span = [by_seq[i] for i in range(fb, lb + 1) if i in by_seq]
                other = sorted({b.get("section_id") for b in span} - {ch.get("section_id")})
                if other:
                    c.fail(f"chunk {ch.get('chunk_id')} (section {ch.get('section_id')}): blocks "
                           f"{fb}..{lb} also belong to section(s) {other}")
                if not (by_seq[fb].get("off_begin") <= ch.get("off_begin")
                        and ch.get("off_end") <= by_seq[lb].get("off_end")):
                    c.fail(f"chunk {ch.get('chunk_id')} [{ch.get('off_begin')},{ch.get('off_end')}) "
                           f"not within its blocks [{by_seq[fb].get('off_begin')},"
                           f"{by_seq[lb].get('off_end')})")
                want_types = [by_seq[i].get("type") for i in range(fb, lb + 1) if i in by_seq]
                bt = ch.get("block_types") or []
                if not set(bt) <= set(want_types):
                    c.fail(f"chunk {ch.get('chunk_id')}: block_types {bt} not among its blocks' "
                           f"types {sorted(set(want_types))}")

    # ---------------------------------------------------------------- 6. a user's DuckDB query
    with report.check("6.duckdb-query", needs=('documents', 'sections', 'chunks')) as c:
        g = {t: sql_str(os.path.join(index, t, "*.parquet")) for t in TABLES}
        sql = f"""
            SELECT d.path, c.seq, c.section_id, s.title, s.slug,
                   s.anchor_begin, s.anchor_end, c.tokens,
                   left(replace(c.text, chr(10), ' '), 48) AS text
            FROM read_parquet({g['chunks']}) AS c
            JOIN read_parquet({g['sections']}) AS s USING (doc_id, section_id)
            JOIN read_parquet({g['documents']}) AS d USING (doc_id)
            ORDER BY d.path, c.seq
        """
        rows = con.execute(sql).fetchall()
        if len(rows) != len(chunks):
            c.fail(f"chunks JOIN sections JOIN documents gave {len(rows)} rows for "
                   f"{len(chunks)} chunks (each chunk should match exactly one section)")
        print("interop: example rows of chunks JOIN sections (title + anchor per chunk):")
        for r in rows[:3]:
            print("  " + clip(" | ".join(str(x) for x in r), 160))
        summary = con.execute(f"""
            SELECT format, status, count(*) AS docs, sum(blocks) AS blocks, sum(chunks) AS chunks
            FROM read_parquet({g['documents']}) GROUP BY ALL ORDER BY ALL
        """).fetchall()
        print("interop: documents by format/status: " + "; ".join(
            f"{f}/{s}: {n} docs, {b} blocks, {k} chunks" for f, s, n, b, k in summary))

    # ---------------------------------------------------------------- 7. PDF pages and boxes
    with report.check("7.pdf-pages-boxes", needs=('documents', 'blocks', 'sections')) as c:
        g = {t: sql_str(os.path.join(index, t, "*.parquet")) for t in TABLES}
        pdf_docs = con.execute(f"""
            SELECT count(*) FROM read_parquet({g['documents']})
            WHERE format = 'pdf' AND status = 'ok'""").fetchone()[0]
        if pdf_docs == 0:
            c.skip("no PDF documents in this corpus")
        else:
            bad = con.execute(f"""
                SELECT b.block_id, b.page, b.bbox, b.src_begin
                FROM read_parquet({g['blocks']}) AS b
                JOIN read_parquet({g['documents']}) AS d USING (doc_id)
                WHERE d.format = 'pdf' AND (
                    b.page IS NULL OR b.page < 1 OR b.page > d.pages
                    OR b.bbox IS NULL OR len(b.bbox) != 4 OR b.bbox[1] >= b.bbox[3] OR b.bbox[2] >= b.bbox[4]
                    OR b.src_begin IS NOT NULL)
                LIMIT 5""").fetchall()
            for r in bad:
                c.fail(f"PDF block {r[0]}: page {r[1]}, bbox {r[2]}, src_begin {r[3]}")
            bad = con.execute(f"""
                SELECT s.doc_id, s.section_id, s.page_start, s.page_end
                FROM read_parquet({g['sections']}) AS s
                JOIN read_parquet({g['documents']}) AS d USING (doc_id)
                WHERE d.format = 'pdf' AND s.off_begin IS NOT NULL
                  AND (s.page_start IS NULL OR s.page_end < s.page_start)
                LIMIT 5""").fetchall()
            for r in bad:
                c.fail(f"PDF section {r[0]} {r[1]}: pages {r[2]}..{r[3]}")

    print(f"interop: checked in {time.monotonic() - t0:.2f}s")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
