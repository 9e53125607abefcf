#!/usr/bin/python3
"""Build the held-out plain-text documents and their gold from unpacked sources.

usage: /usr/bin/python3 build.py ROOT [DOCS_TSV] [--only NAME,...] [--force] [--jobs N]

Called by fetch.sh after the Debian packages listed in docs.tsv are unpacked under
ROOT/pkgs/<package>/. Writes ROOT/docs/<name>.txt and ROOT/docs/<name>.gold.json.
Needs groff, poppler-utils (pdftotext), python3-pypdf, python3-docutils and, for the OCR
kind, tesseract-ocr; fetch.sh installs them. Nothing here reads docsweep output.
--jobs N (default: the number of CPUs) renders and reads that many pages of an OCR document at
once, each tesseract on one thread (OMP_THREAD_LIMIT=1): the pages' text is the same whatever N.

Gold JSON (one per document):
  name, kind, origin, pages (\f pages, or null), lines, line_pages (pages = lines/60 when
  there is no \f), headings [{title, depth, line, alt, status}], furniture [line indexes],
  notes [...]. Lines are the document split on "\n" (a "\f" stays at the start of the line
  it precedes), 0-based. status: "ok" (scored), "absent" (in the source structure but not
  findable in the text: not scored, counted in notes), "optional" (a heading-like line the
  source structure does not list: neither a miss nor a spurious heading when found).
"""
import gzip
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ENV = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
# Pages of an OCR document rendered and read at once (--jobs).
JOBS = os.cpu_count() or 1


def norm(s):
    """Matching key: lowercase alphanumeric words."""
    s = s.replace("\u00ad", "").replace("\u2010", "-")
    return " ".join(re.findall(r"[^\W_]+", s.casefold()))


def read_src(path):
    data = open(path, "rb").read()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    return data


def run(cmd, env=None, **kw):
    r = subprocess.run(cmd, capture_output=True, env=env or ENV, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), r.returncode,
                                                r.stderr.decode("utf-8", "replace")[:400]))
    return r.stdout


def page_count(text):
    if "\f" not in text:
        return None
    parts = text.split("\f")
    return len(parts) - 1 + (1 if parts[-1].strip() else 0)


# ---------------------------------------------------------------- man pages

MDOC_CALLABLE = set("""Ac Ad An Ao Ap Aq Ar At Bc Bo Bq Brc Bro Brq Bsx Bx Cm Dc Do Dq Dv Dx Ec
Em En Eo Er Ev Fa Fc Fl Fn Fo Fr Fx Ic Li Lk Ms Mt Nm No Ns Nx Oc Oo Op Ox Pa Pc Pf Po Pq Qc
Ql Qo Qq Sc So Sq St Sx Sy Ta Tn Ux Va Vt Xc Xo Xr""".split())
ROFF_CHARS = {"em": "—", "en": "–", "hy": "-", "aq": "'", "dq": '"', "lq": "“", "rq": "”",
              "oq": "‘", "cq": "’", "co": "©", "rg": "®", "bu": "•", "mu": "×", "de": "°",
              "ga": "`", "ha": "^", "ti": "~", "rs": "\\", "ba": "|", "or": "|", "at": "@",
              "sh": "#", "Do": "$", "lB": "[", "rB": "]", "lC": "{", "rC": "}", "tm": "™"}


def roff_text(s):
    """Approximate text of a roff argument (used only to find the rendered line)."""
    s = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", s)
    s = re.sub(r"\\s[-+]?(\[[^\]]*\]|\(..|\d\d?)", "", s)
    s = re.sub(r"\\\*(\[[^\]]*\]|\(..|.)", "", s)
    s = re.sub(r"\\\((..)", lambda m: ROFF_CHARS.get(m.group(1), ""), s)
    s = re.sub(r"\\\[([^\]]*)\]", lambda m: ROFF_CHARS.get(m.group(1), ""), s)
    s = s.replace("\\-", "-").replace("\\ ", " ").replace("\\~", " ").replace("\\e", "\\")
    s = s.replace("\\.", ".").replace("\\\\", "\\")
    s = re.sub(r"\\[&|^%:c)]", "", s)
    s = re.sub(r"\\.", "", s)
    return s


def roff_args(rest):
    out, cur, q, i = [], "", False, 0
    while i < len(rest):
        c = rest[i]
        if c == '"':
            if q and i + 1 < len(rest) and rest[i + 1] == '"':
                cur += '"'
                i += 2
                continue
            q = not q
        elif c in " \t" and not q:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if cur:
        out.append(cur)
    return out


def man_source_headings(src, mdoc):
    lines = src.split("\n")
    heads = []
    pat = re.compile(r"^[.'][ \t]*(Sh|Ss)\b(.*)$" if mdoc else r"^[.'][ \t]*(SH|SS)\b(.*)$")
    i = 0
    while i < len(lines):
        m = pat.match(lines[i])
        if m:
            depth = 1 if m.group(1) in ("SH", "Sh") else 2
            args = roff_args(m.group(2).strip())
            if not args and not mdoc:  # title on the next text line
                j = i + 1
                while j < len(lines) and re.match(r"^[.'][ \t]*\\\"", lines[j]):
                    j += 1
                if j < len(lines):
                    nxt = lines[j]
                    mm = re.match(r"^[.'][ \t]*[A-Z]{1,2}\b(.*)$", nxt)
                    args = roff_args(mm.group(1)) if mm else [nxt]
            if mdoc:
                args = [a for a in args if a not in MDOC_CALLABLE]
            title = roff_text(" ".join(args)).strip()
            if title:
                heads.append({"src_title": title, "depth": depth, "src_line": i + 1})
        i += 1
    return heads


MARK_ROFF = ".rn tl tl-orig\n.de tl\n.tl-orig 'ZZFURN'ZZFURN'ZZFURN'\n..\n"


def build_man(doc, root, work):
    src_path = os.path.join(root, "pkgs", doc["package"], doc["path"])
    src = read_src(src_path).decode("utf-8", "replace")
    opts = doc["opts"]
    paged = "paged" in opts
    dev = "ascii" if "ascii" in opts else "utf8"
    ll = opts.get("ll")
    mdoc = bool(re.search(r"^\.Dd\b", src, re.M)) and bool(re.search(r"^\.Sh\b", src, re.M))
    plain_src = os.path.join(work, doc["name"] + ".roff")
    open(plain_src, "w", encoding="utf-8").write(src)
    mark = os.path.join(work, "mark.roff")
    open(mark, "w").write(MARK_ROFF)
    cmd = ["groff", "-k", "-t", "-mdoc" if mdoc else "-man", "-T" + dev, "-P-c", "-P-b", "-P-u",
           "-rcR=%d" % (0 if paged else 1)] + (["-rLL=%sn" % ll] if ll else [])
    out = run(cmd + [plain_src]).decode("utf-8")
    outm = run(cmd + [mark, plain_src]).decode("utf-8")
    lines = out.split("\n")
    mlines = outm.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
        mlines.pop()
    notes = []
    if len(lines) != len(mlines):
        raise RuntimeError("marker render differs in length (%d vs %d)" % (len(lines), len(mlines)))
    furn = [i for i, l in enumerate(mlines) if "ZZFURN" in l]
    for i in furn:
        if not lines[i].strip():
            notes.append("furniture line %d is blank" % i)
    furn = [i for i in furn if lines[i].strip()]
    if paged:
        if len(lines) % 66:
            notes.append("render is %d lines, not a multiple of 66" % len(lines))
        for k in range(66, len(lines), 66):
            lines[k] = "\f" + lines[k]
    text = "\n".join(lines) + "\n"
    # gold headings: source .SH/.SS found on a line of the render at indent < body indent
    fset = set(furn)
    heads = []
    cur = 0
    for h in man_source_headings(src, mdoc):
        key = norm(h["src_title"])
        found = None
        for i in range(cur, len(lines)):
            if i in fset:
                continue
            l = lines[i].replace("\f", "")
            if not l.strip() or len(l) - len(l.lstrip()) > 4:
                continue
            k = norm(l)
            if k == key:
                found = (i, l.strip())
                break
            if key.startswith(k) and i + 1 < len(lines) and norm(l + " " + lines[i + 1]) == key:
                found = (i, l.strip() + " " + lines[i + 1].strip())
                break
        if found:
            cur = found[0] + 1
            heads.append({"title": found[1], "depth": h["depth"], "line": found[0], "alt": [h["src_title"]],
                          "status": "ok"})
        else:
            heads.append({"title": h["src_title"], "depth": h["depth"], "line": None, "alt": [],
                          "status": "absent"})
            notes.append("source heading not found in render: %r (src line %d)" % (h["src_title"], h["src_line"]))
    gold = {"headings": heads, "furniture": furn, "notes": notes,
            "render": " ".join(cmd), "macro": "mdoc" if mdoc else "man"}
    return text, gold


# ---------------------------------------------------------------- reStructuredText

ADORN = re.compile(r"^([!-/:-@\[-`{-~])\1+\s*$")


def rst_candidates(lines):
    """Title lines by the reST rule: a column-0 text line with an underline (and optional
    overline) of one repeated punctuation character at least as long as the text."""
    out = []
    n = len(lines)
    i = 0
    while i < n:
        l = lines[i]
        if l.strip() and not l[0].isspace() and not ADORN.match(l) and i + 1 < n and ADORN.match(lines[i + 1]):
            if len(lines[i + 1].rstrip()) >= len(l.rstrip()) or len(lines[i + 1].rstrip()) >= 4:
                over = i > 0 and ADORN.match(lines[i - 1]) and lines[i - 1].rstrip()[0] == lines[i + 1].rstrip()[0]
                out.append((i, l.strip(), lines[i + 1].rstrip()[0], bool(over)))
                i += 2
                continue
        if ADORN.match(l) and i + 2 < n and lines[i + 1].strip() and ADORN.match(lines[i + 2]) \
                and l.rstrip()[0] == lines[i + 2].rstrip()[0]:
            out.append((i + 1, lines[i + 1].strip(), l.rstrip()[0], True))
            i += 3
            continue
        i += 1
    return out


def docutils_sections(text):
    import docutils.core
    import docutils.nodes
    import docutils.utils
    settings = {"report_level": 5, "halt_level": 5, "warning_stream": io.StringIO(),
                "doctitle_xform": False, "sectsubtitle_xform": False,
                "file_insertion_enabled": False, "raw_enabled": False, "input_encoding": "utf-8"}
    tree = docutils.core.publish_doctree(text, settings_overrides=settings)
    out = []

    def walk(node, depth):
        for c in node.children:
            if isinstance(c, docutils.nodes.section):
                t = c.next_node(docutils.nodes.title)
                out.append((depth, t.astext() if t is not None else ""))
                walk(c, depth + 1)
            elif isinstance(c, docutils.nodes.Element) and not isinstance(c, docutils.nodes.section):
                walk(c, depth)

    walk(tree, 1)
    return out


def html_headings(path):
    if not os.path.exists(path):
        return None
    h = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(r'<div class="body" role="main">(.*)', h, re.S) or re.search(r'role="main"(.*)', h, re.S)
    body = m.group(1) if m else h
    out = []
    for mm in re.finditer(r"<h([1-6])[^>]*>(.*?)</h\1>", body, re.S):
        t = re.sub(r"<[^>]+>", "", mm.group(2))
        t = re.sub(r"&[a-z]+;|&#\d+;", " ", t).replace("¶", "")
        out.append((int(mm.group(1)), t.strip()))
    return out


def build_rst(doc, root, work):
    src_path = os.path.join(root, "pkgs", doc["package"], doc["path"])
    text = read_src(src_path).decode("utf-8")
    text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    cands = rst_candidates(lines)
    secs = docutils_sections(text)
    notes = []
    heads = []
    ci = 0
    for depth, title in secs:
        key = norm(title)
        found = None
        for j in range(ci, len(cands)):
            if norm(cands[j][1]) == key:
                found = j
                break
        if found is None:
            heads.append({"title": title, "depth": depth, "line": None, "alt": [], "status": "absent"})
            notes.append("docutils section title not found as an adorned line: %r" % title)
            continue
        for j in range(ci, found):
            notes.append("adorned line skipped (not a docutils section): %r" % cands[j][1])
        i, raw, _ch, _ov = cands[found]
        ci = found + 1
        alt = [title] if title != raw else []
        # the title as rendered: roles reduced to their target's last name, markup dropped
        rendered = re.sub(r":[\w:.+-]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`", lambda m: m.group(1).split(".")[-1] if m.group(1).startswith((".", "~")) or "." in m.group(1) and " " not in m.group(1) else m.group(1), raw)
        rendered = re.sub(r"``|`_?_?|\*\*?", "", rendered).strip()
        if rendered not in (raw, title) and norm(rendered) != norm(raw):
            alt.append(rendered)
        heads.append({"title": raw, "depth": depth, "line": i, "alt": alt, "status": "ok"})
    html = doc["opts"].get("html")
    if html:
        hh = html_headings(os.path.join(root, "pkgs", doc["package"], html))
        if hh is not None:
            a = [norm(t) for _, t in hh]
            b = [norm(h["title"]) for h in heads if h["status"] == "ok"]
            import difflib
            sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
            same = sum(bl.size for bl in sm.get_matching_blocks())
            notes.append("html cross-check (%s): %d h1-h6, %d docutils sections, %d equal in order"
                         % (html, len(a), len(b), same))
            ok = [h for h in heads if h["status"] == "ok"]
            if len(hh) == len(ok):  # same structure: the HTML title is an accepted form too
                for (_lv, t), h in zip(hh, ok):
                    if norm(t) != norm(h["title"]) and t not in h["alt"]:
                        h["alt"].append(t)
    return text if text.endswith("\n") else text + "\n", {"headings": heads, "furniture": [], "notes": notes}


# ---------------------------------------------------------------- PDF (and OCR) geometry

def parse_bbox_layout(path):
    """pages: [{w,h,words:[(text,x0,y0,x1,y1)]}] from pdftotext -bbox-layout."""
    import html as H
    pages = []
    for pm in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>',
                          open(path, encoding="utf-8").read(), re.S):
        words = []
        for wm in re.finditer(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>',
                              pm.group(3), re.S):
            words.append((H.unescape(wm.group(5)), float(wm.group(1)), float(wm.group(2)),
                          float(wm.group(3)), float(wm.group(4))))
        pages.append({"w": float(pm.group(1)), "h": float(pm.group(2)), "words": words})
    return pages


def map_lines(page_lines, words):
    """Assign each text line's tokens to page words; return per line (y0, y1, x0, x1) or None
    and the share of tokens assigned."""
    by_text = defaultdict(list)
    for k, w in enumerate(words):
        by_text[w[0]].append(k)
    used = set()
    geo = [None] * len(page_lines)
    toks = [l.split() for l in page_lines]
    assigned = [[None] * len(t) for t in toks]
    # pass 1: tokens whose text occurs once on the page
    for li, t in enumerate(toks):
        for ti, tok in enumerate(t):
            c = by_text.get(tok, [])
            if len(c) == 1 and c[0] not in used:
                assigned[li][ti] = c[0]
                used.add(c[0])
    # pass 2: in order, the unused word nearest (in y, then in order) to the line's anchor
    prev_y = None
    next_idx = 0
    for li, t in enumerate(toks):
        ys = [words[k][2] for k in assigned[li] if k is not None]
        anchor = statistics.median(ys) if ys else prev_y
        for ti, tok in enumerate(t):
            if assigned[li][ti] is not None:
                continue
            c = [k for k in by_text.get(tok, []) if k not in used]
            if not c:
                continue
            if anchor is None:
                k = min(c, key=lambda k: (k < next_idx, k))
            else:
                k = min(c, key=lambda k: (round(abs(words[k][2] - anchor), 0), abs(k - next_idx)))
            assigned[li][ti] = k
            used.add(k)
        ks = [k for k in assigned[li] if k is not None]
        if ks:
            ys = sorted(words[k][2] for k in ks)
            y0 = statistics.median(ys)
            ks2 = [k for k in ks if abs(words[k][2] - y0) < 3] or ks
            geo[li] = (min(words[k][2] for k in ks2), max(words[k][4] for k in ks2),
                       min(words[k][1] for k in ks2), max(words[k][3] for k in ks2))
            prev_y = geo[li][0]
            next_idx = max(ks) + 1
    ntok = sum(len(t) for t in toks)
    nass = sum(1 for a in assigned for k in a if k is not None)
    return geo, (nass / ntok if ntok else 1.0)


def join_pages(ptexts, pages):
    """Per document line (text split on \n): page index and geometry. Page p>0 starts inside
    the line that holds its \f; that line belongs to page p when the text before the \f on
    it is blank (pdftotext ends every page with a newline)."""
    line_page, line_geo, shares = [], [], []
    for p, pt in enumerate(ptexts):
        pl = pt.split("\n")
        geo, share = map_lines(pl, pages[p]["words"] if p < len(pages) else [])
        if any(x.strip() for x in pl):
            shares.append(share)
        if p == 0:
            line_page.extend([p] * len(pl))
            line_geo.extend(geo)
            continue
        if not ptexts[p - 1].split("\n")[-1].strip():
            line_page[-1] = p
            line_geo[-1] = geo[0]
        line_page.extend([p] * (len(pl) - 1))
        line_geo.extend(geo[1:])
    return line_page, line_geo, shares


FURNITURE_RULE = (
    "rows = text lines of a page grouped by top y (within 2 pt); the 2 rows nearest the top "
    "(in the upper half) and the 2 nearest the bottom (lower half) of each page are edge candidates; candidates of one edge "
    "are clustered by top y (within 2.5 pt) into slots. A candidate row is 'marked' when one "
    "of its lines, or a field of a line set apart by 3+ spaces (pdftotext -layout), is a page "
    "number (digits, roman numerals, 'Page N', 'N of M', '- N -') or "
    "when its text with digits masked recurs in the same slot on another page. A slot present "
    "on >= 40% of the pages in which >= 50% of the rows are marked is a furniture slot; its "
    "marked rows are furniture, and so are its unmarked rows that stand >= 1.5 x the modal "
    "line pitch away from the body (the next row inward). Rows nearer the page edge than a "
    "furniture row are furniture.")

PAGENO = re.compile(r"^\s*(page\s+)?[-\u2013\u2014]?\s*([0-9]+|[ivxlcdm]+)\s*[-\u2013\u2014]?"
                    r"(\s*(of|/)\s*[0-9]+)?\s*$", re.I)


def furniture_from_geometry(doc_lines, line_page, line_geo, npages, heights):
    """Lines (indexes) that are running headers/footers, by page geometry and repetition."""
    rows_by_page = defaultdict(list)
    for i, (p, g) in enumerate(zip(line_page, line_geo)):
        if g is None or not doc_lines[i].strip():
            continue
        for r in rows_by_page[p]:
            if abs(r["y"] - g[0]) <= 2.0:
                r["lines"].append(i)
                break
        else:
            rows_by_page[p].append({"y": g[0], "lines": [i]})
    diffs = []
    for p, rows in rows_by_page.items():
        rows.sort(key=lambda r: r["y"])
        for a, b in zip(rows, rows[1:]):
            d = b["y"] - a["y"]
            if d >= 3:
                diffs.append(round(d * 2) / 2)
    if not diffs:
        return [], None
    pitch = Counter(diffs).most_common(1)[0][0]
    cands = []
    for p, rows in rows_by_page.items():
        n = len(rows)
        h = heights[p] if p < len(heights) else 792.0
        for idx in sorted(set(k for k in (0, 1, n - 2, n - 1) if 0 <= k < n)):
            r = rows[idx]
            edge = "top" if r["y"] < h / 2 else "bottom"
            if (edge == "top" and idx > 1) or (edge == "bottom" and idx < n - 2):
                continue
            inward = idx + 1 if edge == "top" else idx - 1
            gap = abs(rows[inward]["y"] - r["y"]) if 0 <= inward < n else 999
            texts = [doc_lines[i].replace("\f", "").strip() for i in r["lines"]]
            key = re.sub(r"[0-9]+", "#", " ".join(sorted(texts)).casefold())
            key = re.sub(r"\b[ivxlcdm]+\b", "#", key)
            cands.append({"edge": edge, "y": r["y"], "page": p, "gap": gap, "lines": r["lines"],
                          "pageno": any(PAGENO.match(f) for t in texts for f in re.split(r"\s{3,}", t)),
                          "key": key})
    furn = set()
    for edge in ("top", "bottom"):
        cs = sorted([c for c in cands if c["edge"] == edge], key=lambda c: c["y"])
        clusters, cur = [], []
        for c in cs:
            if cur and c["y"] - cur[0]["y"] > 2.5:
                clusters.append(cur)
                cur = []
            cur.append(c)
        if cur:
            clusters.append(cur)
        for cl in clusters:
            pages = {c["page"] for c in cl}
            if len(pages) < max(2, 0.4 * npages):
                continue
            keys = Counter()
            for c in cl:
                keys[c["key"]] += 1
            for c in cl:
                c["marked"] = c["pageno"] or keys[c["key"]] >= 2
            if sum(c["marked"] for c in cl) < 0.5 * len(cl):
                continue
            for c in cl:
                if c["marked"] or c["gap"] >= 1.5 * pitch:
                    furn.update(c["lines"])
    # a row nearer the page edge than a furniture row is furniture too
    for p, rows in rows_by_page.items():
        h = heights[p] if p < len(heights) else 792.0
        for k, r in enumerate(rows):
            if any(i in furn for i in r["lines"]):
                outer = rows[:k] if r["y"] < h / 2 else rows[k + 1:]
                for o in outer:
                    furn.update(o["lines"])
    return sorted(furn), pitch


def strip_label(k):
    """A normalized title without its leading section label (3 2 1, a 1, chapter 4, appendix b)."""
    w = k.split()
    i = 0
    if len(w) > 1 and w[0] in ("chapter", "appendix", "section", "part") \
            and re.fullmatch(r"[0-9]+|[ivxlcdm]+|[a-z]", w[1]):
        i = 2
    elif len(w) > 1 and re.fullmatch(r"[a-z]", w[0]) and re.fullmatch(r"[0-9]+", w[1]):
        i = 1
    while i < len(w) and re.fullmatch(r"[0-9]+", w[i]):
        i += 1
    return " ".join(w[i:]) if 0 < i < len(w) else k


def title_variants(k):
    return {k, strip_label(k), re.sub(r"^(appendix|chapter|part|section) ", "", k)}


def same_title(a, b):
    """a, b normalized; equal with or without a leading section label."""
    return bool(title_variants(a) & title_variants(b))


def locate_titles(entries, doc_lines, line_page, line_geo, furn, first_page):
    """entries: [{title, depth, page (0-based within text), y (top, or None)}]."""
    fset = set(furn)
    by_page = defaultdict(list)
    for i, p in enumerate(line_page):
        if i not in fset and doc_lines[i].strip():
            by_page[p].append(i)
    heads, notes = [], []
    for e in entries:
        key = norm(e["title"])
        found = None
        for p in (e["page"], e["page"] + 1, e["page"] - 1):
            cands = []
            ids = by_page.get(p, [])
            for a, i in enumerate(ids):
                for span in (1, 2, 3):
                    if a + span > len(ids):
                        break
                    seg = ids[a:a + span]
                    if seg[-1] - seg[0] > span + 2:  # keep to nearby lines
                        break
                    t = " ".join(doc_lines[j].replace("\f", "").strip() for j in seg)
                    k = norm(t)
                    if same_title(k, key):
                        cands.append((seg, t))
                        break
                    if len(k) > len(key) + 12:
                        break
            if cands:
                if e.get("y") is not None:
                    cands.sort(key=lambda c: abs((line_geo[c[0][0]] or (e["y"],))[0] - e["y"]))
                found = cands[0]
                break
        if found:
            seg, t = found
            heads.append({"title": e["title"], "depth": e["depth"], "line": seg[0], "lines": seg,
                          "alt": [t] if norm(t) != key else [], "status": "ok", "page": e["page"] + first_page})
        else:
            heads.append({"title": e["title"], "depth": e["depth"], "line": None, "alt": [],
                          "status": "absent", "page": e["page"] + first_page})
            notes.append("outline entry not found on its page: %r (page %d)" % (e["title"], e["page"] + first_page))
    return heads, notes


def pdf_outline(pdf, first, last):
    import pypdf
    r = pypdf.PdfReader(pdf)
    out = []

    def walk(items, depth):
        for it in items:
            if isinstance(it, list):
                walk(it, depth + 1)
                continue
            try:
                pno = r.get_destination_page_number(it)
            except Exception:
                continue
            if pno is None or pno < 0:
                continue
            top = None
            try:
                if it.get("/Type") == "/XYZ" or getattr(it, "typ", None) == "/XYZ":
                    top = it.top
            except Exception:
                top = None
            h = float(r.pages[pno].mediabox.height)
            title = " ".join(str(it.title).split())
            if first <= pno + 1 <= last and title:
                out.append({"title": title, "depth": depth, "page": pno + 1 - first,
                            "y": (h - float(top)) if top is not None else None})

    walk(r.outline, 1)
    return out, len(r.pages)


def build_pdf(doc, root, work):
    src_path = os.path.join(root, "pkgs", doc["package"], doc["path"])
    pdf = os.path.join(work, doc["name"] + ".pdf")
    open(pdf, "wb").write(read_src(src_path))
    opts = doc["opts"]
    first, last = [int(x) for x in opts.get("pages", "1-9999").split("-")]
    import pypdf
    total = len(pypdf.PdfReader(pdf).pages)
    last = min(last, total)
    layout = ["-layout"] if "layout" in opts else []
    run(["pdftotext", "-enc", "UTF-8", "-f", str(first), "-l", str(last)] + layout + [pdf, os.path.join(work, doc["name"] + ".p.txt")])
    text = open(os.path.join(work, doc["name"] + ".p.txt"), encoding="utf-8").read()
    bbox = os.path.join(work, doc["name"] + ".bbox.html")
    run(["pdftotext", "-enc", "UTF-8", "-f", str(first), "-l", str(last), "-bbox-layout", pdf, bbox])
    pages = parse_bbox_layout(bbox)
    ptexts = text.split("\f")
    notes = []
    if len(ptexts) - 1 != len(pages):
        notes.append("pdftotext gave %d pages, bbox %d" % (len(ptexts) - 1, len(pages)))
    doc_lines = text.split("\n")
    line_page, line_geo, shares = join_pages(ptexts, pages)
    assert len(line_page) == len(doc_lines), (len(line_page), len(doc_lines))
    npages = len(pages)
    furn, pitch = furniture_from_geometry(doc_lines, line_page, line_geo, npages, [pg["h"] for pg in pages])
    notes.append("token-to-bbox mapping: mean %.3f, min %.3f over %d pages"
                 % (statistics.mean(shares) if shares else 0, min(shares) if shares else 0, len(shares)))
    entries, _ = pdf_outline(pdf, first, last)
    heads, hn = locate_titles(entries, doc_lines, line_page, line_geo, furn, first)
    notes += hn
    g = {"headings": heads, "furniture": furn, "notes": notes, "page_range": [first, last],
         "pdf_pages": total, "furniture_rule": FURNITURE_RULE, "line_pitch": pitch,
         "line_page": line_page}
    return text, g


# ---------------------------------------------------------------- OCR (tesseract on rendered PDF pages)

def build_ocr(doc, root, work):
    src_path = os.path.join(root, "pkgs", doc["package"], doc["path"])
    pdf = os.path.join(work, doc["name"] + ".pdf")
    open(pdf, "wb").write(read_src(src_path))
    opts = doc["opts"]
    first, last = [int(x) for x in opts["pages"].split("-")]
    dpi = int(opts.get("dpi", 200))
    import pypdf
    rd = pypdf.PdfReader(pdf)
    last = min(last, len(rd.pages))
    page_texts, pages = [], []

    def ocr_page(pno):
        png = os.path.join(work, "%s-p%04d" % (doc["name"], pno))
        if not os.path.exists(png + ".png"):
            run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-singlefile", "-f", str(pno), "-l", str(pno), pdf, png])
        if not os.path.exists(png + ".tsv"):
            # One thread per tesseract: JOBS of them share the cores better than one that
            # spreads over all of them, and a page reads the same either way.
            run(["tesseract", png + ".png", png, "-l", "eng", "--psm", "3", "tsv"],
                env=dict(ENV, OMP_THREAD_LIMIT="1") if JOBS > 1 else ENV)
        return png

    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        pngs = list(pool.map(ocr_page, range(first, last + 1)))
    for pno, png in zip(range(first, last + 1), pngs):
        tsv = png + ".tsv"
        # text from the TSV: one line per tesseract line, a blank line between paragraphs
        rows = [l.split("\t") for l in open(tsv, encoding="utf-8").read().split("\n")[1:] if l.strip()]
        lines, words, cur_key, cur_par = [], [], None, None
        scale = 72.0 / dpi
        for r in rows:
            if len(r) < 12 or r[0] != "5":
                continue
            txt = r[11].strip()
            if not txt:
                continue
            key = (r[2], r[3], r[4])
            par = (r[2], r[3])
            x, y, w, h = [int(v) * scale for v in r[6:10]]
            words.append((txt, x, y, x + w, y + h))
            if key != cur_key:
                if cur_par is not None and par != cur_par:
                    lines.append("")
                lines.append(txt)
                cur_key, cur_par = key, par
            else:
                lines[-1] += " " + txt
        pw = float(rd.pages[pno - 1].mediabox.width)
        ph = float(rd.pages[pno - 1].mediabox.height)
        page_texts.append("\n".join(lines) + "\n")
        pages.append({"w": pw, "h": ph, "words": words})
    text = "\f".join(page_texts) + "\f"
    doc_lines = text.split("\n")
    line_page, line_geo, _shares = join_pages(text.split("\f"), pages)
    assert len(line_page) == len(doc_lines)
    furn, pitch = furniture_from_geometry(doc_lines, line_page, line_geo, len(pages), [pg["h"] for pg in pages])
    entries, _ = pdf_outline(pdf, first, last)
    heads, notes = locate_titles_fuzzy(entries, doc_lines, line_page, line_geo, furn, first)
    g = {"headings": heads, "furniture": furn, "notes": notes, "page_range": [first, last],
         "pdf_pages": len(rd.pages), "furniture_rule": FURNITURE_RULE, "line_pitch": pitch,
         "ocr": "tesseract %s dpi, psm 3" % dpi, "line_page": line_page}
    return text, g


def locate_titles_fuzzy(entries, doc_lines, line_page, line_geo, furn, first):
    """As locate_titles, but OCR text may differ from the outline by a few characters."""
    import difflib
    heads, notes = locate_titles(entries, doc_lines, line_page, line_geo, furn, first)
    fset = set(furn)
    used = {h["line"] for h in heads if h["line"] is not None}
    notes = [n for n in notes if not n.startswith("outline entry not found")]
    for h, e in zip(heads, entries):
        if h["status"] == "ok":
            continue
        key = norm(e["title"])
        best = None
        for p in (e["page"], e["page"] + 1):
            for i, lp in enumerate(line_page):
                if lp != p or i in fset or i in used or not doc_lines[i].strip():
                    continue
                for span in (1, 2):
                    t = " ".join(doc_lines[j].replace("\f", "").strip() for j in range(i, min(i + span, len(doc_lines))))
                    k = norm(t)
                    for cand in (k, strip_label(k)):
                        ratio = difflib.SequenceMatcher(None, cand, key).ratio()
                        if ratio >= 0.85 and (best is None or ratio > best[0]):
                            best = (ratio, i, t, span)
            if best:
                break
        if best:
            h.update({"line": best[1], "lines": list(range(best[1], best[1] + best[3])), "alt": [best[2]],
                      "status": "ok", "fuzzy": round(best[0], 3)})
            used.add(best[1])
        else:
            notes.append("outline entry not found on its page: %r (page %d)" % (e["title"], e["page"] + first))
    return heads, notes


# ---------------------------------------------------------------- RFC format (xml2rfc)

def build_rfc(doc, root, work):
    """xml2rfc --docfile (the xml2rfc vocabulary reference, an RFC-format document) rendered
    with --text --paginate. Gold: every <section>/<references> (+ Abstract) of the prepped XML;
    furniture: the page header (first non-blank line of pages 2..n) and footer (last non-blank
    line of every page), which is the RFC 7994 page layout xml2rfc writes."""
    venv = os.path.join(root, "venv")
    x2r = os.path.join(venv, "bin", "xml2rfc")
    d = os.path.join(work, "xml2rfc")
    os.makedirs(d, exist_ok=True)
    run([x2r, "--docfile", "--no-network"], cwd=d)
    src = [f for f in os.listdir(d) if f.startswith("xml2rfc-doc-") and f.endswith(".xml")][0]
    s = open(os.path.join(d, src), encoding="utf-8").read()

    def rep(m):
        kind, n = m.group(1), m.group(2)
        return ('<reference anchor="%s%s"><front><title>%s %s</title><author/><date/></front>'
                '<seriesInfo name="%s" value="%s"/></reference>' % (kind, n, kind, n, kind, n))

    s = re.sub(r'<xi:include\s+href="[^"]*reference\.(RFC|BCP|W3C|I-D)\.([\w.-]+?)\.xml"\s*/>', rep, s, flags=re.S)
    open(os.path.join(d, "doc.xml"), "w", encoding="utf-8").write(s)
    date = doc["opts"].get("date", "2025-05-20")
    run([x2r, "doc.xml", "--no-network", "--date", date, "--text", "--paginate", "-o", "doc.txt"], cwd=d)
    run([x2r, "doc.xml", "--no-network", "--date", date, "--preptool", "-o", "prep.xml"], cwd=d)
    text = open(os.path.join(d, "doc.txt"), encoding="utf-8").read()
    lines = text.split("\n")
    # furniture from the page layout
    furn = []
    pages = text.split("\f")
    base = 0
    for p, pt in enumerate(pages):
        pl = pt.split("\n")
        idx = [base + k for k, l in enumerate(pl) if l.strip()]
        if idx:
            if p > 0:
                furn.append(idx[0])
            if p < len(pages) - 1:
                furn.append(idx[-1])
        base += len(pl) - 1
    furn = sorted(set(furn))
    import xml.etree.ElementTree as ET
    r = ET.parse(os.path.join(d, "prep.xml")).getroot()
    entries = []

    def title_of(e):
        n = e.find("name")
        return " ".join("".join(n.itertext()).split()) if n is not None else None

    def walk(e, depth):
        for c in e:
            if c.tag == "abstract":
                entries.append(("Abstract", None, depth))
            elif c.tag in ("section", "references"):
                t = title_of(c)
                pn = c.get("pn") or ""
                num = pn.replace("section-", "")
                if num.startswith("appendix."):
                    num = num.split(".", 1)[1].upper()
                    num = num if "." in num else "Appendix " + num
                elif not re.match(r"^\d", num) or c.get("numbered") == "false":
                    num = None
                if t:
                    entries.append((t, num, depth))
                walk(c, depth + 1)
            elif c.tag in ("front", "middle", "back", "toc"):
                walk(c, depth)

    walk(r, 1)
    fset = set(furn)
    heads, notes = [], []
    cur = 0
    for t, num, depth in entries:
        key = norm(t)
        want = norm((num + " " if num else "") + t)
        found = None
        for i in range(cur, len(lines)):
            l = lines[i].replace("\f", "")
            if i in fset or not l.strip() or l[0].isspace():
                continue
            k = norm(l)
            if k == want or same_title(k, key) or \
                    (i + 1 < len(lines) and norm(l + " " + lines[i + 1]) in (want, key)):
                found = i
                break
        if found is None:
            heads.append({"title": t, "depth": depth, "line": None, "alt": [], "status": "absent"})
            notes.append("section not found flush-left: %r" % t)
        else:
            l = lines[found].strip()
            heads.append({"title": l, "depth": depth, "line": found, "alt": [t], "status": "ok"})
            cur = found + 1
    return text, {"headings": heads, "furniture": furn, "notes": notes,
                  "render": "xml2rfc --text --paginate --date %s" % date}


# ---------------------------------------------------------------- driver

BUILDERS = {"man": build_man, "man-paged": build_man, "rst": build_rst, "pdf": build_pdf,
            "ocr": build_ocr, "rfc": build_rfc}


def parse_tsv(path):
    docs = []
    for l in open(path, encoding="utf-8"):
        if not l.strip() or l.startswith("#"):
            continue
        f = l.rstrip("\n").split("\t")
        name, kind, pkg, ver, path, lic, gold, opts = (f + [""] * 8)[:8]
        o = {}
        for kv in filter(None, opts.split(";")):
            k, _, v = kv.partition("=")
            o[k] = v if _ else True
        docs.append({"name": name, "kind": kind, "package": pkg, "version": ver, "path": path,
                     "licence": lic, "gold": gold, "opts": o})
    return docs


def main():
    args = sys.argv[1:]
    only, force = None, False
    if "--only" in args:
        i = args.index("--only")
        only = set(args[i + 1].split(","))
        del args[i:i + 2]
    if "--force" in args:
        args.remove("--force")
        force = True
    if "--jobs" in args:
        global JOBS
        i = args.index("--jobs")
        JOBS = max(1, int(args[i + 1]))
        del args[i:i + 2]
    root = args[0]
    tsv = args[1] if len(args) > 1 else os.path.join(HERE, "docs.tsv")
    out = os.path.join(root, "docs")
    work = os.path.join(root, "work")
    os.makedirs(out, exist_ok=True)
    os.makedirs(work, exist_ok=True)
    failed = 0
    for doc in parse_tsv(tsv):
        if only and doc["name"] not in only:
            continue
        txt = os.path.join(out, doc["name"] + ".txt")
        gj = os.path.join(out, doc["name"] + ".gold.json")
        if not force and os.path.exists(txt) and os.path.exists(gj):
            continue
        if not doc["package"].startswith("pypi:") and not os.path.isdir(os.path.join(root, "pkgs", doc["package"])):
            print("skip %s: package %s not unpacked" % (doc["name"], doc["package"]), file=sys.stderr)
            failed += 1
            continue
        try:
            text, g = BUILDERS[doc["kind"]](doc, root, work)
        except Exception as e:  # report and go on with the other documents
            print("FAILED %s: %s" % (doc["name"], e), file=sys.stderr)
            failed += 1
            continue
        lines = text.split("\n")
        gold = {"name": doc["name"] + ".txt", "kind": doc["kind"],
                "origin": {"package": doc["package"], "version": doc["version"], "path": doc["path"],
                           "licence": doc["licence"], "gold": doc["gold"]},
                "pages": page_count(text), "lines": len(lines),
                "line_pages": round(len(lines) / 60.0, 2)}
        gold.update(g)
        open(txt, "w", encoding="utf-8").write(text)
        json.dump(gold, open(gj, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
        hs = gold["headings"]
        print("%-44s %-9s pages %-5s lines %6d  headings %4d (absent %d)  furniture %4d  notes %d" % (
            doc["name"], doc["kind"], gold["pages"], len(lines), sum(h["status"] == "ok" for h in hs),
            sum(h["status"] == "absent" for h in hs), len(gold["furniture"]), len(gold["notes"])))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
