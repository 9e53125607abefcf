#!/usr/bin/env python3
"""How well docsweep reads tables from word-processor PDFs, against the Markdown they came from.

    /var/tmp/docsweep-venv/bin/python scripts/eval_pdf_tables.py BIN \
        [--corpus DIR] [--n N] [--cache DIR] [--details]

BIN is a docsweep binary. Needs pandoc (2.17), LibreOffice (soffice, 7.4) and pyarrow; no
network.

1. Picks, walking --corpus (default ~/.cache/docsweep/bench-corpus) in sorted order, the first N
   (default 40) Markdown files (*.md, *.markdown, any case; only those with a GFM delimiter
   row are given to pandoc) holding at least one pipe table
   with a header row, >= 2 columns, 2 to 60 body rows and no empty header cell. Truth comes
   from pandoc's JSON AST (`pandoc -f gfm -t json`): each cell as plain text, the way a PDF
   shows it (code as its text, links/emphasis as their content, line breaks as spaces, raw
   HTML dropped). Images are stripped by a Lua filter (an image becomes its alt text, raw HTML
   <img>/<picture> goes), the same filter for truth and rendering, so nothing is fetched. A
   file pandoc fails on is skipped.
2. Renders each to PDF: pandoc -> DOCX (default reference.docx) -> LibreOffice headless, all
   DOCX files in one soffice run, private profile /tmp/tabeval/lo-profile. PDFs are cached in
   --cache (default /var/tmp/docsweep-table-eval)/pdfs and reused while the source's sha256 is
   unchanged; CACHE/truth.json records, per PDF, its source and its truth tables.
3. Runs `BIN index CACHE/pdfs -o TMP -q --json` and reads blocks and documents with pyarrow.
   A PDF table block's text has one line per row, cells joined by " | ", empty cells left out.
4. Scores each kept truth table against the table blocks of its document, all text
   normalized (NFC, typographic quotes/dashes/spaces to ASCII, whitespace collapsed):
     found      a table block has the header or a body row as an exact line;
     header     the block whose first line is the header row has table_header_rows == 1
                (cont: blocks whose first line is a body row, a table going on over a page
                without its header repeated, must have table_header_rows == 0);
     exact      body rows that are an exact line of a table block;
     split      body rows spread over several consecutive lines of one table block (each
                cell piece of these lines part of the row's text, a piece may be a word
                broken where a narrow column wrapped; together they hold all of the row's
                characters, few others);
     count ok   tables that lie in one block's pages (all their rows, wherever docsweep put
                them, in blocks that start on one page) and come out as exactly one table block
                holding every row with table_rows == 1 + body rows + the header lines repeated
                at the top of later pages.
   Characters of the truth that the PDF holds nowhere (pdftotext, poppler-utils: glyphs the
   fonts lack, some emoji) are taken out of the truth first.
   Other body-row outcomes, shown in the TOTAL's `kinds` and per row with --details:
     ws     an exact line but for whitespace (e.g. a space put in where a word wrapped);
     cells  one line with the row's text but other cell boundaries;
     merged a line with as many cells, each holding the truth cell and more (rows run together);
     broken spread over lines of several blocks (a row cut by a page break, a table read
            partly as prose);
     prose  the row's text is in blocks that are no table (the table, or the row, not seen);
     garbled the row's text is somewhere in table blocks, but not as the lines above;
     missing none of these (text altered, or too broken up for the tests above).
   Spurious: table blocks of the picked documents none of whose lines any truth table (kept
   or not) accounts for and most of whose text is in no truth cell (lists, code, prose
   taken for a table; a real table read into garbage is not counted).
"""
import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

import pyarrow.parquet as pq

LUA_FILTER = """
function Image(el) return el.caption end
local function noimg(el)
  if el.format:match("html") and (el.text:match("<img") or el.text:match("<picture")
      or el.text:match("<source")) then
    return {}
  end
end
RawInline = noimg
RawBlock = noimg
"""

# A GFM delimiter row with at least one inner bar: a cheap test before running pandoc.
DELIM = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$", re.M)

TRANS = {
    0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201B: "'", 0x2032: "'",
    0x201C: '"', 0x201D: '"', 0x201E: '"', 0x201F: '"', 0x2033: '"',
    0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-",
    0x2212: "-", 0x00AD: None, 0x200B: None, 0xFEFF: None, 0x2060: None,
    0xFE0F: None, 0xFE0E: None, 0x00A0: " ", 0x2007: " ", 0x202F: " ", 0x2009: " ",
}


def norm(s):
    s = unicodedata.normalize("NFC", s).translate(TRANS)
    return " ".join(s.split())


def compact(s):
    """Text without blanks and cell bars."""
    return re.sub(r"[\s|]+", "", s)


# ---------------------------------------------------------------- pandoc AST to plain text

def inlines_text(xs):
    return "".join(inline_text(x) for x in xs)


def inline_text(x):
    t, c = x.get("t"), x.get("c")
    if t == "Str":
        return c
    if t in ("Space", "SoftBreak", "LineBreak"):
        return " "
    if t in ("Code", "Math"):
        return c[1]
    if t in ("Emph", "Strong", "Strikeout", "Superscript", "Subscript", "SmallCaps",
             "Underline"):
        return inlines_text(c)
    if t in ("Link", "Image", "Span"):
        return inlines_text(c[1])
    if t == "Quoted":
        q = '"' if c[0]["t"] == "DoubleQuote" else "'"
        return q + inlines_text(c[1]) + q
    if t == "Cite":
        return inlines_text(c[1])
    if t in ("RawInline", "Note"):
        return ""
    return ""


def blocks_text(bs):
    out = []
    for b in bs:
        t, c = b.get("t"), b.get("c")
        if t in ("Plain", "Para"):
            out.append(inlines_text(c))
        elif t == "LineBlock":
            out.extend(inlines_text(line) for line in c)
        elif t == "CodeBlock":
            out.append(c[1])
        elif t in ("Div", "BlockQuote"):
            out.append(blocks_text(c[1] if t == "Div" else c))
        elif t in ("BulletList", "OrderedList"):
            items = c if t == "BulletList" else c[1]
            out.extend(blocks_text(i) for i in items)
        elif t == "Header":
            out.append(inlines_text(c[2]))
    return " ".join(out)


def row_cells(row):
    # Row: [attr, [cell]]; Cell: [attr, align, rowspan, colspan, [block]]
    cells = []
    for cell in row[1]:
        cells.append(norm(blocks_text(cell[4])))
        cells.extend([""] * (cell[3] - 1))
    return cells


def walk_tables(blocks, out):
    for b in blocks:
        t, c = b.get("t"), b.get("c")
        if t == "Table":
            _attr, _caption, colspecs, head, bodies, foot = c
            head_rows = [row_cells(r) for r in head[1]]
            body_rows = []
            for body in bodies:
                body_rows += [row_cells(r) for r in body[2]] + [row_cells(r) for r in body[3]]
            body_rows += [row_cells(r) for r in foot[1]]
            out.append({"ncols": len(colspecs), "head": head_rows, "rows": body_rows})
        elif t in ("Div",):
            walk_tables(c[1], out)
        elif t == "BlockQuote":
            walk_tables(c, out)
        elif t in ("BulletList", "OrderedList"):
            for item in (c if t == "BulletList" else c[1]):
                walk_tables(item, out)


def keep(table):
    return (len(table["head"]) == 1 and table["ncols"] >= 2
            and all(table["head"][0]) and 2 <= len(table["rows"]) <= 60)


def pandoc_json(path, lua):
    r = subprocess.run(["pandoc", "-f", "gfm", "--lua-filter", lua, "-t", "json", path],
                       capture_output=True, timeout=120)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)


# ---------------------------------------------------------------- picking and rendering

def md_files(corpus):
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        for f in sorted(files):
            if f.lower().endswith((".md", ".markdown")):
                yield os.path.join(root, f)


def pdf_name(rel):
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", rel)
    stem = re.sub(r"\.(md|markdown)$", "", stem, flags=re.I)[-80:].lstrip("._-")
    return "%s-%s.pdf" % (stem, hashlib.sha256(rel.encode()).hexdigest()[:8])


def pick(corpus, n, lua):
    picked = []
    looked = failed = 0
    for path in md_files(corpus):
        try:
            raw = open(path, "rb").read()
        except OSError:
            continue
        if not DELIM.search(raw.decode("utf-8", "replace")):
            continue
        looked += 1
        ast = pandoc_json(path, lua)
        if ast is None:
            failed += 1
            continue
        tables = []
        walk_tables(ast["blocks"], tables)
        for t in tables:
            t["kept"] = keep(t)
        if not any(t["kept"] for t in tables):
            continue
        rel = os.path.relpath(path, corpus)
        picked.append({"source": rel, "pdf": pdf_name(rel),
                       "sha256": hashlib.sha256(raw).hexdigest(), "tables": tables})
        if len(picked) >= n:
            break
    return picked, looked, failed


def render(corpus, picked, cache, lua, old):
    pdfs = os.path.join(cache, "pdfs")
    os.makedirs(pdfs, exist_ok=True)
    todo = [p for p in picked
            if not (os.path.exists(os.path.join(pdfs, p["pdf"]))
                    and old.get(p["pdf"], {}).get("sha256") == p["sha256"])]
    if not todo:
        return 0.0, 0, []
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="docx-", dir="/tmp/tabeval")
    empty = os.path.join(work, "no-resources")
    os.makedirs(empty)
    docx = []
    failed = []
    for p in todo:
        out = os.path.join(work, p["pdf"][:-4] + ".docx")
        r = subprocess.run(["pandoc", "-f", "gfm", "--lua-filter", lua,
                            "--resource-path", empty, os.path.join(corpus, p["source"]),
                            "-o", out], capture_output=True, timeout=300)
        if r.returncode == 0 and os.path.exists(out):
            docx.append(out)
        else:
            failed.append(p["source"])
    if docx:
        subprocess.run(["soffice", "-env:UserInstallation=file:///tmp/tabeval/lo-profile",
                        "--headless", "--convert-to", "pdf", "--outdir", work] + docx,
                       capture_output=True, timeout=3600)
    for d in docx:
        made = d[:-5] + ".pdf"
        if os.path.exists(made):
            shutil.move(made, os.path.join(pdfs, os.path.basename(made)))
        else:
            failed.append(d)
    shutil.rmtree(work, ignore_errors=True)
    return time.time() - t0, len(docx), failed


# ---------------------------------------------------------------- scoring

def row_line(cells):
    return " | ".join(c for c in cells if c)


class Doc:
    def __init__(self, blocks):
        self.blocks = blocks  # ordered, each dict with type, page, text, lines, ...
        self.tables = [b for b in blocks if b["type"] == "table"]
        self.exact = collections.defaultdict(list)   # line -> [(block, line no)]
        self.ws = collections.defaultdict(list)
        self.flat = collections.defaultdict(list)
        self.seq = []  # every line of the document: (block, line no, line, chars, cell pieces)
        for b in blocks:
            for k, line in enumerate(b["lines"]):
                self.seq.append((b, k, line, collections.Counter(compact(line)),
                                 [c for c in map(compact, line.split(" | ")) if c]))
        for b in self.tables:
            for k, line in enumerate(b["lines"]):
                self.exact[line].append((b, k))
                self.ws[re.sub(r"\s+", "", line)].append((b, k))
                self.flat[compact(line)].append((b, k))


def locate(doc, cells, header=(), rank=lambda b: 0):
    """Where a truth row (its cells, normalized) is: (kind, [(block, line no)...]). A row
    found in several places (tables with the same rows) is taken from the block that ranks
    first."""
    line = row_line(cells)
    if not line:
        return "empty", []
    best_of = lambda occ: [min(occ, key=lambda o: rank(o[0]))]
    if doc.exact.get(line):
        return "exact", best_of(doc.exact[line])
    key = re.sub(r"\s+", "", line)
    if doc.ws.get(key):
        return "ws", best_of(doc.ws[key])
    flat = compact(line)
    if doc.flat.get(flat):
        return "cells", best_of(doc.flat[flat])
    # Spread over several lines: a window of two or more consecutive lines of the document,
    # each cell piece of each line part of the row's text (a piece may be a word broken where
    # a narrow column wraps), that together hold all of the row's characters and few others.
    # Lines made only of header words (a header repeated over a page break) are passed over.
    # Within one table block: split; else broken (several blocks: a row cut by a page break,
    # or a table read partly as prose).
    need = collections.Counter(flat)
    header_words = set(row_line(header).split()) | {"|"}
    slack = len(flat) // 2
    best = None
    splits = []
    for i in range(len(doc.seq)):
        if not doc.seq[i][4] or not all(p in flat for p in doc.seq[i][4]):
            continue
        have = collections.Counter()
        win = []
        for j in range(i, min(len(doc.seq), i + 8 * len(cells) + 8)):
            b, k, l, cnt, pieces = doc.seq[j]
            if not all(p in flat for p in pieces):
                if set(l.split()) <= header_words:
                    continue
                break
            have.update(cnt)
            win.append((b, k))
            if not (need - have):
                break
        if len(win) > 1 and not (need - have) and sum((have - need).values()) <= slack:
            one = all(w[0] is win[0][0] for w in win) and win[0][0]["type"] == "table"
            if one:
                splits.append(win)
            else:
                best = best or ("broken", win)
    if splits:
        return "split", min(splits, key=lambda w: rank(w[0][0]))
    ne = [c for c in cells if c]
    for b in doc.tables:
        for k, l in enumerate(b["lines"]):
            parts = l.split(" | ")
            if len(parts) == len(ne) and all(c in p for c, p in zip(ne, parts)):
                return "merged", [(b, k)]
    if best:
        return best
    # Not read as a row. prose: each cell's text is in a block that is no table (a table read
    # as prose, often column by column), or a few consecutive lines, some not in a table, hold
    # 90 % of the row's characters in words (or broken words) of the row's text, most of their
    # own text such words (cells side by side in a line without bars); garbled: the same
    # within table blocks. The place kept is that of
    # the longest cell (or the window), for the page test.
    cflat = sorted((compact(c) for c in ne), key=len, reverse=True)
    nontable = [b for b in doc.blocks if b["type"] != "table"]
    if all(any(c in b["flat"] for b in nontable) for c in cflat):
        return "prose", [(next(b for b in nontable if cflat[0] in b["flat"]), None)]
    total = sum(need.values())
    for i in range(len(doc.seq)):
        have = collections.Counter()
        for j in range(i, min(len(doc.seq), i + 8 * len(cells) + 8)):
            lw = [compact(w) for w in doc.seq[j][2].split()]
            ok = [w for w in lw if w and w in flat]
            if not ok or 2 * sum(map(len, ok)) < sum(map(len, lw)):
                break
            for w in ok:
                have.update(w)
            if sum((need & have).values()) >= 0.9 * total:
                win = doc.seq[i:j + 1]
                kind = "garbled" if all(w[0]["type"] == "table" for w in win) else "prose"
                return kind, [(w[0], None) for w in win]
    tables = doc.tables
    if all(any(c in b["flat"] for b in tables) for c in cflat):
        return "garbled", [(next(b for b in tables if cflat[0] in b["flat"]), None)]
    return "missing", []


def load_index(index):
    def read(table):
        d = os.path.join(index, table)
        parts = [pq.read_table(os.path.join(d, f)) for f in sorted(os.listdir(d))
                 if f.endswith(".parquet")]
        rows = []
        for p in parts:
            rows += p.to_pylist()
        return rows
    docs = {r["doc_id"]: r["path"] for r in read("documents")}
    by_doc = collections.defaultdict(list)
    for r in read("blocks"):
        by_doc[r["doc_id"]].append(r)
    out = {}
    for doc_id, path in docs.items():
        blocks = sorted(by_doc.get(doc_id, []), key=lambda r: r["seq"])
        for b in blocks:
            b["lines"] = [norm(l) for l in b["text"].split("\n") if l.strip()]
            b["flat"] = compact(norm(b["text"]))
        out[os.path.basename(path)] = Doc(blocks)
    return out


def score(entry, doc, details):
    res = []
    accounted = set()  # (id(block), line no) of table lines some truth row explains
    claimed = set()  # blocks of earlier truth tables
    for t in entry["tables"]:
        header = t["head"][0] if t["head"] else []
        # Rows found in several blocks (tables alike) are taken from a block no earlier table
        # took, with the most of this table's lines, the first.
        hits = collections.Counter()
        for cells in [header] + t["rows"]:
            hits.update({id(b) for b, _ in doc.exact.get(row_line(cells), [])})
        rank = lambda b: (id(b) in claimed, -hits[id(b)], b["seq"])
        hk, hloc = locate(doc, header, (), rank) if header else ("empty", [])
        kinds = [locate(doc, r, header, rank) for r in t["rows"]]
        mine = {id(b) for _, loc in [(hk, hloc)] + kinds for b, _ in loc}
        claimed |= mine
        for kind, loc in [(hk, hloc)] + kinds:
            if kind in ("exact", "ws", "cells", "split", "merged", "broken"):
                accounted.update((id(b), q) for b, q in loc)
        if not t["kept"]:
            continue
        body = [(r, k) for r, k in zip(t["rows"], kinds) if k[0] != "empty"]
        r = {"table": t, "header": header, "hkind": hk, "body": body}
        r["found"] = hk == "exact" or any(k[0] == "exact" for _, k in body)
        hline = row_line(header)
        starts = [b for b in doc.tables
                  if b["lines"] and b["lines"][0] == hline and id(b) in mine]
        r["header_ok"] = bool(starts) and all(b["table_header_rows"] == 1 for b in starts)
        r["header_rows_seen"] = [b["table_header_rows"] for b in starts]
        lines = {row_line(c) for c, _ in body}
        cont = [b for b in doc.tables
                if b["lines"] and b["lines"][0] in lines and id(b) in mine]
        r["cont"] = len(cont)
        r["cont_ok"] = sum(b["table_header_rows"] == 0 for b in cont)
        r["exact"] = sum(k[0] == "exact" for _, k in body)
        r["split"] = sum(k[0] == "split" for _, k in body)
        r["kinds"] = collections.Counter(k[0] for _, k in body)
        r["n"] = len(body)
        # One page? Every located piece, table or not, on one page.
        locs = [loc for kind, loc in [(hk, hloc)] + [k for _, k in body] if loc]
        blocks = {id(b): b for loc in locs for b, _ in loc}
        pages = {b["page"] for b in blocks.values()}
        missing = hk == "missing" or any(k[0] == "missing" for _, k in body)
        r["one_page"] = len(pages) == 1 and not missing
        if r["one_page"]:
            tb = [b for b in blocks.values() if b["type"] == "table"]
            # The header repeated at the top of each page a table runs on to is a row of
            # the block's text too (docsweep joins such a table into one block).
            repeats = sum(1 for l in tb[0]["lines"][1:] if l == tb[0]["lines"][0]) if tb else 0
            r["count_ok"] = (len(blocks) == 1 and len(tb) == 1
                             and tb[0]["table_rows"] == 1 + len(body) + repeats)
            r["rows_seen"] = [(b["type"], b["table_rows"]) for b in blocks.values()]
        res.append(r)
    # Spurious: a table block no line of which a truth row explains, and most of whose text
    # (cell pieces, by characters) is in no truth cell (a garbled real table is not spurious).
    cells = "\0".join(compact(c) for t in entry["tables"] for r in t["head"] + t["rows"]
                       for c in r)

    def from_truth(b):
        pieces = [p for l in b["lines"] for p in map(compact, l.split(" | ")) if p]
        inside = sum(len(p) for p in pieces if p in cells)
        return 2 * inside >= sum(len(p) for p in pieces)
    spurious = [b for b in doc.tables
                if not any((id(b), q) in accounted for q in range(len(b["lines"])))
                and not from_truth(b)]
    return res, spurious


def drop_unseen(entry, pdf):
    """The truth tables with the characters the PDF does not hold at all (per pdftotext, any
    page; -layout, which joins no hyphenated words) taken out: glyphs the renderer's fonts lack (some emoji) are not docsweep's to
    find."""
    r = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", pdf, "-"],
                       capture_output=True)
    seen = set(norm(r.stdout.decode("utf-8", "replace")))
    fix = lambda c: norm("".join(ch for ch in c if ch in seen or ch.isspace()))
    out = dict(entry)
    out["tables"] = [dict(t, head=[list(map(fix, r)) for r in t["head"]],
                          rows=[list(map(fix, r)) for r in t["rows"]])
                     for t in entry["tables"]]
    dropped = {ch for t in entry["tables"] for r in t["head"] + t["rows"] for c in r
               for ch in c if ch not in seen and not ch.isspace()}
    return out, dropped


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bin")
    ap.add_argument("--corpus", default=os.path.expanduser("~/.cache/docsweep/bench-corpus"))
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--cache", default="/var/tmp/docsweep-table-eval")
    ap.add_argument("--details", action="store_true")
    a = ap.parse_args()

    os.makedirs("/tmp/tabeval", exist_ok=True)
    os.makedirs(a.cache, exist_ok=True)
    lua = os.path.join(a.cache, "noimg.lua")
    with open(lua, "w") as f:
        f.write(LUA_FILTER)
    t0 = time.time()
    picked, looked, pfail = pick(a.corpus, a.n, lua)
    t_pick = time.time() - t0
    truth_path = os.path.join(a.cache, "truth.json")
    old = {}
    if os.path.exists(truth_path):
        old = {e["pdf"]: e for e in json.load(open(truth_path))["files"]}
    t_render, rendered, rfail = render(a.corpus, picked, a.cache, lua, old)
    # Entries of PDFs cached by earlier runs (another N) stay, so every cached PDF is described.
    merged = {e["pdf"]: e for e in old.values()}
    for p in picked:
        merged[p["pdf"]] = p
    with open(truth_path, "w") as f:
        json.dump({"corpus": a.corpus, "pandoc": "gfm + noimg.lua",
                   "files": sorted(merged.values(), key=lambda e: e["pdf"])}, f, indent=1)
    print("picked %d files (%d with a delimiter row looked at, %d pandoc failures) in %.1fs; "
          "rendered %d in %.1fs%s" % (len(picked), looked, pfail, t_pick, rendered, t_render,
                                      "; render failures: %s" % rfail if rfail else ""),
          file=sys.stderr)

    index = tempfile.mkdtemp(prefix="index-", dir="/tmp/tabeval")
    t0 = time.time()
    r = subprocess.run([a.bin, "index", os.path.join(a.cache, "pdfs"), "-o", index, "-q",
                        "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("docsweep index failed: %s" % r.stderr[-2000:])
    print("indexed in %.1fs" % (time.time() - t0), file=sys.stderr)
    docs = load_index(index)
    shutil.rmtree(index, ignore_errors=True)

    tot = collections.Counter()
    kinds = collections.Counter()
    spur_all = []
    for p in picked:
        doc = docs.get(p["pdf"])
        if doc is None:
            print("%s: not in the index" % p["pdf"], file=sys.stderr)
            continue
        p, dropped = drop_unseen(p, os.path.join(a.cache, "pdfs", p["pdf"]))
        if dropped and a.details:
            print("%s: not in the PDF, left out of the truth: %s" % (
                p["pdf"], " ".join(sorted(dropped))))
        res, spurious = score(p, doc, a.details)
        spur_all += [(p, b) for b in spurious]
        for r in res:
            tot["tables"] += 1
            tot["found"] += r["found"]
            tot["header_ok"] += r["header_ok"]
            tot["cont"] += r["cont"]
            tot["cont_ok"] += r["cont_ok"]
            tot["rows"] += r["n"]
            tot["exact"] += r["exact"]
            tot["split"] += r["split"]
            tot["one_page"] += r["one_page"]
            tot["count_ok"] += r.get("count_ok", False)
            kinds.update(r["kinds"])
        tot["spurious"] += len(spurious)
        tot["table_blocks"] += len(doc.tables)
        if a.details:
            print("%s  <- %s" % (p["pdf"], p["source"]))
            for k, r in enumerate(res):
                print("  table %d: %dx%d found=%s header=%s%s exact=%d/%d split=%d cont=%d/%d "
                      "count=%s %s" % (
                          k, r["n"], r["table"]["ncols"], r["found"], r["hkind"],
                          "" if r["header_ok"] else "(hdr_rows %s)" % r["header_rows_seen"],
                          r["exact"], r["n"], r["split"], r["cont_ok"], r["cont"],
                          ("ok" if r.get("count_ok") else "BAD %s" % r["rows_seen"])
                          if r["one_page"] else "-",
                          dict(r["kinds"])))
                if r["hkind"] != "exact":
                    print("    H %-7s %s" % (r["hkind"], row_line(r["header"])))
                for cells, (kind, loc) in r["body"]:
                    if kind != "exact":
                        got = ""
                        if loc and loc[0][1] is not None:
                            got = " || ".join(b["lines"][q] for b, q in loc)
                        print("    %-7s %s\n            got: %s" % (kind, row_line(cells), got))
            for b in spurious:
                print("  SPURIOUS p%s %dx%s hdr=%s: %s" % (
                    b["page"], b["table_rows"] or 0, b["table_cols"], b["table_header_rows"],
                    " / ".join(b["lines"][:3])[:200]))
    print("TOTAL tables=%d found=%d (%s) header_ok=%d (%s) cont_hdr0=%d/%d rows=%d "
          "exact=%s split=%s count_ok=%d/%d (%s) spurious=%d of %d table blocks  kinds=%s" % (
              tot["tables"], tot["found"], pct(tot["found"], tot["tables"]), tot["header_ok"],
              pct(tot["header_ok"], tot["tables"]), tot["cont_ok"], tot["cont"], tot["rows"],
              pct(tot["exact"], tot["rows"]), pct(tot["split"], tot["rows"]), tot["count_ok"],
              tot["one_page"], pct(tot["count_ok"], tot["one_page"]), tot["spurious"],
              tot["table_blocks"], dict(kinds.most_common())))


if __name__ == "__main__":
    main()
