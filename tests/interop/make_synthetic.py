#!/usr/bin/env python3
"""Build a tiny synthetic corpus + index (docsweep layout) to self-test check_index.py.

    python3 tests/interop/make_synthetic.py OUT_DIR [--broken]

Writes OUT_DIR/corpus (3 Markdown files: CRLF, tabs, BOM + soft hyphen + non-ASCII, plus one
binary file recorded as skipped) and OUT_DIR/index. The index is produced by a toy Python
"indexer" that follows the documented schema, not by docsweep. With --broken, a handful of
deliberate defects are injected so that the checker has something to report.
"""

import argparse
import json
import os
import shutil
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import xxhash

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_index import SCHEMA  # noqa: E402

FILES = {
    "README.md": (
        "Intro line one.\r\nIntro line two.\r\n\r\n# Install\r\n\r\nRun the thing.\r\n"
        "Lone CR here.\rNext.\r\n\r\n## Options\r\n\r\n- a\r\n- b\r\n"
    ).encode("utf-8"),
    "guide/tabs.md": (
        "# Tabs\n\n\tindented code\n\tmore\tcode\n\nab\tcd\tx\n\n# Second\n\nplain text\n"
    ).encode("utf-8"),
    "guide/unicode.md": b"\xef\xbb\xbf" + (
        "# Ünïcode\n\nhy\u00adphen\u00adated wörds — “quotes”\n\n## Sub\n\n日本語\tテキスト\n"
    ).encode("utf-8"),
    "assets/logo.bin": bytes(range(256)),
    "latin1.md": "# Caf\u00e9\n\nna\u00efve\n".encode("latin-1"),  # invalid UTF-8: lossy
}

TYPES = {
    "str": pa.string(), "u32": pa.uint32(), "u64": pa.uint64(), "bool": pa.bool_(),
    "list<str>": pa.list_(pa.string()), "list<f32>": pa.list_(pa.float32()),
    "list<list<u32>>": pa.list_(pa.list_(pa.uint32())),
}


def canonical_with_map(raw):
    """Canonical text plus, per canonical UTF-8 byte, the source byte span of its character."""
    start = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    text = raw[start:].decode("utf-8")
    chars = []  # (char, src_begin, src_end)
    pos = start
    i = 0
    while i < len(text):
        ch = text[i]
        n = len(ch.encode("utf-8"))
        if ch == "\r" and i + 1 < len(text) and text[i + 1] == "\n":
            chars.append(("\n", pos, pos + 2))
            pos += 2
            i += 2
            continue
        if ch == "\r":
            chars.append(("\n", pos, pos + 1))
        elif ch != "\u00ad":
            chars.append((ch, pos, pos + n))
        pos += n
        i += 1
    out = []
    col = 0
    for ch, b, e in chars:
        if ch == "\t":
            pad = 4 - col % 4
            out.extend((" ", b, e) for _ in range(pad))
            col += pad
        elif ch == "\n":
            out.append((ch, b, e))
            col = 0
        else:
            out.append((ch, b, e))
            col += 1
    canon = "".join(c for c, _, _ in out)
    src_begin, src_end = [], []  # per canonical byte
    for ch, b, e in out:
        for _ in ch.encode("utf-8"):
            src_begin.append(b)
            src_end.append(e)
    return canon, src_begin, src_end


def index_doc(doc_id, raw):
    canon, sb_map, se_map = canonical_with_map(raw)
    cb = canon.encode("utf-8")
    # Lines with byte offsets.
    lines = []
    off = 0
    for line in canon.split("\n"):
        n = len(line.encode("utf-8"))
        lines.append((line, off, off + n))
        off += n + 1
    # Blocks: headings, and runs of non-blank lines (code = 4-space indented, list = "- ").
    raw_blocks = []
    cur = None
    for line, b, e in lines:
        if not line.strip():
            cur = None
            continue
        if line.startswith("#"):
            raw_blocks.append(["heading", b, e, line])
            cur = None
            continue
        kind = "code" if line.startswith("    ") else "list" if line.startswith("- ") else "prose"
        if cur is not None and cur[0] == kind:
            cur[2] = e
        else:
            cur = [kind, b, e, line]
            raw_blocks.append(cur)
    # Sections.
    sections = []
    counters = []
    sec_of_block = []
    current = "0"
    for kind, b, e, line in raw_blocks:
        if kind == "heading":
            level = len(line) - len(line.lstrip("#"))
            counters = counters[:level]
            while len(counters) < level:
                counters.append(0)
            counters[level - 1] += 1
            current = ".".join(str(max(x, 1)) for x in counters)
            sections.append({"section_id": current, "level": level,
                             "title": line.lstrip("#").strip(), "anchor": (b, e)})
        elif current == "0" and not sections:
            sections.append({"section_id": "0", "level": None, "title": None, "anchor": None})
        sec_of_block.append(current)
    blocks = []
    per_section_count = {}
    for seq, ((kind, b, e, _), sid) in enumerate(zip(raw_blocks, sec_of_block)):
        k = per_section_count.get(sid, 0)
        per_section_count[sid] = k + 1
        blocks.append({
            "doc_id": doc_id, "block_id": f"{doc_id}|s={sid}|p=000|b={k:03d}", "seq": seq,
            "section_id": sid, "type": kind, "off_begin": b, "off_end": e,
            "src_begin": sb_map[b], "src_end": se_map[e - 1], "page": None, "bbox": None,
            "lang": None, "lang_guess": None, "fence": None, "table_rows": None,
            "table_cols": None, "table_header_rows": None, "grid_kind": None, "cell_spans": None,
            "figure_ref": None, "caption_for": None,
            "fingerprint": xxhash.xxh3_64_hexdigest(cb[b:e]), "text": cb[b:e].decode("utf-8"),
        })
    sec_rows, chunk_rows = [], []
    for s in sections:
        sid = s["section_id"]
        mine = [bl for bl in blocks if bl["section_id"] == sid]
        b, e = mine[0]["off_begin"], mine[-1]["off_end"]
        parent = None if "." not in sid else sid.rsplit(".", 1)[0]
        sec_rows.append({
            "doc_id": doc_id, "section_id": sid, "parent_id": parent,
            "depth": 0 if sid == "0" else sid.count(".") + 1, "source_level": s["level"],
            "title": s["title"], "slug": s["title"].lower().replace(" ", "-") if s["title"] else None,
            "title_hash": xxhash.xxh3_64_hexdigest(s["title"].encode()) if s["title"] else None,
            "heading_source": "atx" if s["title"] else "preamble",
            "heading_block_id": mine[0]["block_id"] if s["title"] else None,
            "off_begin": b, "off_end": e,
            "anchor_begin": s["anchor"][0] if s["anchor"] else None,
            "anchor_end": s["anchor"][1] if s["anchor"] else None,
            "first_block": mine[0]["seq"], "last_block": mine[-1]["seq"],
            "page_start": None, "page_end": None,
        })
        text = cb[b:e].decode("utf-8")
        chunk_rows.append({
            "doc_id": doc_id, "chunk_id": f"{doc_id}|c={len(chunk_rows):04d}", "section_id": sid,
            "seq": len(chunk_rows), "off_begin": b, "off_end": e,
            "src_begin": mine[0]["src_begin"], "src_end": mine[-1]["src_end"],
            "tokens": len(text.split()), "first_block": mine[0]["seq"],
            "last_block": mine[-1]["seq"], "block_types": sorted({m["type"] for m in mine}),
            "page_start": None, "page_end": None, "hash": xxhash.xxh3_128_hexdigest(text.encode()),
            "text": text, "context": s["title"] or "",
        })
    return blocks, sec_rows, chunk_rows


def write_table(index, name, rows, parts=1):
    schema = pa.schema([pa.field(c, TYPES[t], nullable) for c, t, nullable in SCHEMA[name]])
    os.makedirs(os.path.join(index, name), exist_ok=True)
    files = []
    per = max(1, -(-len(rows) // parts))
    chunks = [rows[i:i + per] for i in range(0, len(rows), per)] or [[]]
    for i, part in enumerate(chunks):
        rel = f"{name}/part-{i:05d}.parquet"
        full = os.path.join(index, rel)
        pq.write_table(pa.Table.from_pylist(part, schema=schema), full, compression="zstd")
        with open(full, "rb") as f:
            data = f.read()
        files.append({"path": rel, "rows": len(part), "bytes": len(data),
                      "hash": xxhash.xxh3_128_hexdigest(data)})
    return {"files": files, "rows": len(rows)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--broken", action="store_true")
    args = ap.parse_args()
    corpus = os.path.join(args.out, "corpus")
    index = os.path.join(args.out, "index")
    shutil.rmtree(args.out, ignore_errors=True)
    for rel, data in FILES.items():
        os.makedirs(os.path.dirname(os.path.join(corpus, rel)), exist_ok=True)
        with open(os.path.join(corpus, rel), "wb") as f:
            f.write(data)
    os.symlink("README.md", os.path.join(corpus, "link.md"))  # not a regular file: no row
    docs, blocks, sections, chunks = [], [], [], []
    for rel, raw in sorted(FILES.items()):
        doc_id = xxhash.xxh3_64_hexdigest(rel.encode())
        row = {"doc_id": doc_id, "path": rel, "bytes": len(raw),
               "content_hash": xxhash.xxh3_128_hexdigest(raw), "rev": None, "pages": None,
               "flags": []}
        if rel == "latin1.md":
            # Lossy-decoded: the checker skips exact-text checks; keep it empty for simplicity.
            row.update(format="markdown", status="ok", reason=None, flags=["lossy_utf8"],
                       blocks=0, sections=0, chunks=0)
        elif rel.endswith(".md"):
            b, s, c = index_doc(doc_id, raw)
            blocks += b
            sections += s
            chunks += c
            row.update(format="markdown", status="ok", reason=None,
                       blocks=len(b), sections=len(s), chunks=len(c))
        else:
            row.update(format="unknown", status="skipped", reason="unsupported format",
                       blocks=0, sections=0, chunks=0)
        docs.append(row)

    if args.broken:
        blocks[1]["off_end"] += 1                      # text no longer the canonical slice
        docs[2]["chunks"] += 1                         # count mismatch
        chunks[0]["last_block"] += 1                   # chunk crosses into the next section
        blocks[3]["block_id"] = blocks[2]["block_id"]  # duplicate id
        blocks[4]["src_begin"] = 10_000                # source span past the end of the file
        blocks[4]["src_end"] = 10_001
        chunks[1]["src_begin"] += 1                    # source span no longer matches text
        docs[1]["reason"] = None                       # skipped without a reason
        docs.pop(3)                                    # a corpus file without a documents row
    os.makedirs(index, exist_ok=True)
    tables = {
        "documents": write_table(index, "documents", docs),
        "blocks": write_table(index, "blocks", blocks, parts=2),
        "sections": write_table(index, "sections", sections),
        "chunks": write_table(index, "chunks", chunks),
    }
    if args.broken:
        tables["blocks"]["rows"] += 1                  # manifest row count wrong
        tables["sections"]["files"][0]["hash"] = "0" * 32
    manifest = {"schema_version": 1, "tool_version": "synthetic", "index_hash": "ab" * 16,
                "config_hash": "cd" * 16, "tables": tables}
    with open(os.path.join(index, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    print(f"wrote {corpus} ({len(FILES)} files) and {index}")


if __name__ == "__main__":
    main()
