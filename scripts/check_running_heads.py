#!/usr/bin/env python3
"""Running heads taken for headings, over any folder of PDFs.

    python3 scripts/check_running_heads.py BIN DIR [--list]

A running head or foot is a line at the top or bottom of a page (the first or the last three
non-blank lines of the page by their place, `pdftotext -bbox-layout`, poppler-utils) that comes
back on at least three pages and 30 % of the pages, compared without case, blanks, punctuation
or a page number at either end (so `Chapter 3 · 41` on every page of a chapter counts once). A
docsweep heading (`BIN inspect --json FILE`, its sections' titles, the preamble left out) whose
title compares equal to such a line, that is the first or the last block on its page, and whose
line is drawn where and as the running line is on the other pages (its top within a line's
height of theirs, its height no more than 1.2 times theirs) is counted; the issue's target is
none. A heading set on two lines (`Chapter 5` over `Symbology Reference`) is compared by its
lines joined, and one whose line `pdftotext` joined to the other column's line beside it by
the words inside its box alone. Prints, per file with any, the count, and the titles with
`--list` (leave `--list` off for sets held out from reading).

A section title that opens a page is on one page, so it does not count, nor does a heading in
the middle of its page that the running heads repeat (`1.2 Debugger` over its section, and at
the top of the section's pages), nor a chapter's or a document's title that names the running
heads but stands lower on its page or is set larger (`5 Implementation` under the running head
`5 Implementation`, `dialyzer` set large under the same word in the running head); a title
that the document repeats at the top of several pages in the same place (a slide deck's title
kept over three slides) does.
"""
import html
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


def bbox_layout(pdf):
    """`pdftotext -bbox-layout` of a PDF: its pages, lines and words with their boxes."""
    return subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-bbox-layout", pdf, "-"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout


def page_words(out):
    """Each page's words as (x0, y0, x1, y1, text), from `bbox_layout`'s output."""
    pages = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", out, re.S):
        words = []
        for box, w in re.findall(r"<word ([^>]*)>(.*?)</word>", page, re.S):
            b = dict(re.findall(r'(\w+)="([-\d.]+)"', box))
            x0, y0 = float(b["xMin"]), float(b["yMin"])
            x1, y1 = float(b["xMax"]), float(b["yMax"])
            words.append((x0, y0, x1, y1, html.unescape(w)))
        pages.append(words)
    return pages


def page_lines(pdf, out=None):
    """Each page's non-blank lines, top to bottom, as (text, top, height) (`pdftotext
    -bbox-layout`: a line's box, its height close to its type's size), from `out`, the
    output of `bbox_layout`, when given (`pdf` is then not read again)."""
    if out is None:
        out = bbox_layout(pdf)
    pages = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", out, re.S):
        lines = []
        for box, body in re.findall(r"<line ([^>]*)>(.*?)</line>", page, re.S):
            words = [html.unescape(w) for w in re.findall(r"<word [^>]*>(.*?)</word>", body, re.S)]
            text = " ".join(words).strip()
            if text:
                b = dict(re.findall(r'(\w+)="([-\d.]+)"', box))
                y0, y1 = float(b["yMin"]), float(b["yMax"])
                lines.append((y0, text, y1 - y0))
        lines.sort(key=lambda l: l[0])
        pages.append([(t, y, h) for y, t, h in lines])
    return pages


def edge_lines(pages):
    """The running heads and feet: keys of lines among the first or last three of a page on
    enough pages, each with the top and height of its line on every page it is at an edge
    of."""
    found = {}
    for i, lines in enumerate(pages):
        for t, y, h in lines[:3] + lines[-3:]:
            k = key(t)
            if len(k) >= 3:
                found.setdefault(k, {}).setdefault(i, (y, h))
    need = max(3, 0.3 * len(pages))
    return {k: v for k, v in found.items() if len(v) >= need}


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
    titles = []  # (title, 0-based page)
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
            titles.append((s["title"], (b.get("page") or 1) - 1, box))
    return titles


def running(pages, heads, title, page, box, words=None):
    """Whether a heading's title is a running head: the same words as one, and drawn as it
    is on the other pages: at its place (a document's or a chapter's title that names the
    running heads stands lower on its page) and no larger (a module's name set large under
    the same name in the running head)."""
    k = key(title)
    if k not in heads:
        return False
    others = [v for i, v in heads[k].items() if i != page]
    if not others:
        return True
    at = sorted(y for y, _ in others)[len(others) // 2]
    size = sorted(h for _, h in others)[len(others) // 2]
    # The heading's own line: the line of its words that its box holds, or the lines it is
    # set on (`Chapter 5` over `Symbology Reference` on a chapter's first page), the first
    # line's place and the largest height. Those lines are whole lines, the other column's
    # words included where `pdftotext` joined them; the words-in-box test below takes the
    # heading's own words alone.
    inbox = [
        (t, y, h)
        for t, y, h in (pages[page] if page < len(pages) else [])
        if box[1] - 2 <= y <= box[3]
    ]
    own = [(y, h) for t, y, h in inbox if key(t) == k]
    if not own and key(" ".join(t for t, _, _ in inbox)) == k:
        own = [(inbox[0][1], max(h for _, _, h in inbox))]
    # Or the words inside its box alone, where pdftotext joined its line to the other
    # column's line beside it (`gives you information about the selected font, 7 Lists`).
    inside = [
        w
        for w in (words[page] if words and page < len(words) else [])
        if box[0] - 2 <= w[0] and w[2] <= box[2] + 2 and box[1] - 2 <= w[1] <= box[3]
    ]
    if not own and inside and key(" ".join(w[4] for w in inside)) == k:
        own = [(min(w[1] for w in inside), max(w[3] - w[1] for w in inside))]
    if not own:
        return True
    y, h = own[0]
    return abs(y - at) <= max(6.0, size) and h <= 1.2 * size


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
        out = bbox_layout(path)
        pages = page_lines(path, out)
        words = page_words(out)
        heads = edge_lines(pages)
        hit = [
            t for t, p, b in edge_titles(binary, path) if running(pages, heads, t, p, b, words)
        ]
        if hit:
            total += len(hit)
            print(f"{len(hit):3d} {name}" + (f"  {hit}" if show else ""))
    print(f"running heads taken for headings: {total} in {files} files")


if __name__ == "__main__":
    main()
