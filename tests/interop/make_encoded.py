"""Copies of a corpus's Markdown files in other encodings, and a check of how docsweep read them.

    python3 tests/interop/make_encoded.py CORPUS OUT            # write OUT/<encoding>/<path>
    python3 tests/interop/make_encoded.py --check INDEX OUT      # every copy ok, its encoding named

Each Markdown file of CORPUS is written again in UTF-16LE with a byte-order mark, in UTF-16BE
without one (when its first 512 characters are mostly ASCII, whose NULs tell UTF-16) and in
UTF-32LE with one; a file whose text windows-1252 can write, and that has
letters beyond ASCII, also in windows-1252; and every file gzipped (`.md.gz`), read decompressed. `check_index.py` then checks the index of OUT as it
checks any other: canonical text, exact texts and every source span in the file's own bytes.
"""

import gzip
import json
import os
import shutil
import sys

import pyarrow.parquet as pq

# Folder -> (Python codec, byte-order mark written, the flags docsweep must give the file).
ENCODINGS = {
    "utf16le-bom": ("utf-16-le", b"\xff\xfe", ["encoding:utf-16le"]),
    "utf16be": ("utf-16-be", b"", ["encoding:utf-16be", "encoding_guessed"]),
    "utf32le-bom": ("utf-32-le", b"\xff\xfe\x00\x00", ["encoding:utf-32le"]),
    "cp1252": ("cp1252", b"", ["encoding:windows-1252", "encoding_guessed"]),
    # Not an encoding: the UTF-8 file gzipped, read decompressed (`guide.md.gz`).
    "gzip": ("utf-8", b"", ["gzip"]),
}


def write(corpus: str, out: str) -> None:
    shutil.rmtree(out, ignore_errors=True)
    expected = {}
    for d, _, names in os.walk(corpus):
        for n in sorted(names):
            if not n.endswith(".md"):
                continue
            src = os.path.join(d, n)
            rel = os.path.relpath(src, corpus)
            with open(src, "rb") as f:
                raw = f.read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if text.startswith("\ufeff"):
                text = text[1:]
            if not text:
                continue  # an empty file is skipped in every encoding
            for folder, (codec, bom, flags) in ENCODINGS.items():
                if codec == "cp1252":
                    # Latin text only: letters beyond ASCII, each alone between ASCII ones
                    # (docsweep's rule for guessing it), and nothing windows-1252 lacks.
                    try:
                        data = text.encode(codec)
                    except UnicodeEncodeError:
                        continue
                    if not any(b >= 0x80 for b in data) or any(
                        a >= 0x80 and b >= 0x80 for a, b in zip(data, data[1:])
                    ):
                        continue
                elif folder == "utf16be" and (
                    len(text) < 4 or sum(c.isascii() for c in text[:512]) < 0.9 * len(text[:512])
                ):
                    # Without a mark, UTF-16 is told by the NULs of ASCII text in its first KiB.
                    continue
                else:
                    data = bom + text.encode(codec)
                if folder == "gzip":
                    data, rel_out = gzip.compress(data, mtime=0), rel + ".gz"
                else:
                    rel_out = rel
                path = os.path.join(out, folder, rel_out)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(data)
                expected[os.path.join(folder, rel_out)] = flags
    with open(os.path.join(out, "..", "encoded-expected.json"), "w") as f:
        json.dump(expected, f)
    counts = {k: sum(p.startswith(k + "/") for p in expected) for k in ENCODINGS}
    print(f"encoded copies: {counts}")


def check(index: str, out: str) -> int:
    with open(os.path.join(out, "..", "encoded-expected.json")) as f:
        expected = json.load(f)
    docs = {r["path"]: r for r in pq.read_table(os.path.join(index, "documents")).to_pylist()}
    bad = 0
    for path, flags in sorted(expected.items()):
        r = docs.get(path)
        if r is None or r["status"] != "ok" or list(r["flags"] or []) != flags:
            got = None if r is None else (r["status"], r["flags"], r["reason"])
            print(f"encoded: {path}: want ok {flags}, got {got}")
            bad += 1
    print(f"encoded: {len(expected) - bad} of {len(expected)} copies read in their encoding")
    return 1 if bad or not expected else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    write(sys.argv[1], sys.argv[2])
