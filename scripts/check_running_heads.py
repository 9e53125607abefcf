#!/usr/bin/env python3
"""Running heads taken for headings, over any folder of PDFs.

    python3 scripts/check_running_heads.py BIN DIR [--list]

A running head or foot is a line at the top or bottom of a page (the first or last three
non-blank lines of the page as `pdftotext` reads it, poppler-utils) that comes back on at
least three pages and 30 % of the pages, compared without case, blanks, punctuation or a page
number at either end (so `Chapter 3 · 41` on every page of a chapter counts once). A docsweep
heading (`BIN inspect --json FILE`, its sections' titles, the preamble left out) whose title
compares equal to such a line, and that is the first or the last block on its page, is
counted; the issue's target is none. Prints, per file with any, the count, and the titles with
`--list` (leave `--list` off for sets held out from reading).

A section title that opens a page is on one page, so it does not count, nor does a heading in
the middle of its page that the running heads repeat (`1.2 Debugger` over its section, and at
the top of the section's pages); a title that the document repeats at the top of several pages
(a slide deck's title kept over three slides) does, and so does a chapter title that opens a
page and names the chapter's running heads: read what `--list` shows before calling it a
bug.
"""
import json
import os
import re
import subprocess
import sys


def key(s):
    """The line without case, blanks and punctuation, and without a page number standing
    first or last (`41 · Chapter 3`, `Chapter 3 · 41`: the same running head)."""
    words = s.casefold().split()
    if len(words) > 1 and words[0].isdigit():
        words = words[1:]
    if len(words) > 1 and words[-1].isdigit():
        words = words[:-1]
    return re.sub(r"[\W_]+", "", " ".join(words))


def edge_lines(pdf):
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True, check=False
    ).stdout
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    counts = {}
    for page in pages:
        lines = [l.strip() for l in page.splitlines() if l.strip()]
        for k in {key(l) for l in lines[:3] + lines[-3:]}:
            if len(k) >= 3:
                counts[k] = counts.get(k, 0) + 1
    need = max(3, 0.3 * len(pages))
    return {k for k, n in counts.items() if n >= need}


def edge_titles(binary, pdf):
    """Titles of the headings that are the first or the last block of their page."""
    out = subprocess.run(
        [binary, "inspect", "--json", pdf], capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        return []
    doc = json.loads(out.stdout)
    boxes = {}
    for b in doc["blocks"]:
        box = (b.get("attrs") or {}).get("bbox")
        if box and b.get("page") is not None:
            boxes.setdefault(b["page"], []).append((b["block_id"], box))
    by_id = {b["block_id"]: b for b in doc["blocks"]}
    titles = []
    for s in doc["sections"]:
        b = by_id.get(s.get("heading_block_id"))
        if not b or s.get("depth", 0) == 0 or not s.get("title"):
            continue
        box = (b.get("attrs") or {}).get("bbox")
        others = [o for i, o in boxes.get(b.get("page"), []) if i != b["block_id"]]
        if box is None:
            continue
        above = any(o[1] < box[1] for o in others)
        below = any(o[3] > box[3] for o in others)
        if not (above and below):
            titles.append(s["title"])
    return titles


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    binary, folder = args
    show = "--list" in sys.argv
    total = files = 0
    for name in sorted(os.listdir(folder)):
        if not name.lower().endswith(".pdf"):
            continue
        path = os.path.join(folder, name)
        files += 1
        heads = edge_lines(path)
        hit = [t for t in edge_titles(binary, path) if key(t) in heads]
        if hit:
            total += len(hit)
            print(f"{len(hit):3d} {name}" + (f"  {hit}" if show else ""))
    print(f"running heads taken for headings: {total} in {files} files")


if __name__ == "__main__":
    main()
