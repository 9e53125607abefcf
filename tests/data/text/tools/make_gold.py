#!/usr/bin/env python3
"""Derive NAME.gold.json for every fixture in tests/data/text/ from its *source*.

    python3 tests/data/text/tools/make_gold.py WORKDIR [--check]

WORKDIR is the directory build.sh filled (roff sources, reST files, pic.ms ...). With --check the
gold files are compared with what is on disk instead of written (exit 1 on a difference).

Nothing here reads docsweep's output. Each document has its own rule, written out below and in
../README.md:

* headings  - man(7) pages: the .SH (depth 1) / .SS (depth 2) requests of the roff source;
              mdoc(7): .Sh / .Ss; the man-db manual: its .BS N "title" macro (numbered by -me);
              pic.ms: .NH N + title line (numbered by ms); the RFC: its table of contents plus
              the front/back-matter section headings of the RFC style; reST: the sections
              docutils itself parses (doctitle_xform off, so the title is a section too);
              libjpeg: the "*** title ***" lines. Each title is then looked up, in order, in
              the .txt and recorded as printed there (for OCR text: the OCR line that best
              matches the source title).
* furniture - the running header/footer lines the formatter writes, found by their position on
              the page (macro packages put them at fixed places) and recorded both as patterns
              ({n} = the page number) and as line numbers.
* hyphenated/keep_hyphen - every line that ends in a hyphen after a letter and whose next
              content line starts with a letter. The roff source decides: when it spells the
              word whole ("correctly") the break is a hyphenation (join), when it spells it with
              a hyphen ("box-and-arrow") the hyphen is real (keep). Texts with no formatter in
              between (RFC, reST, libjpeg) never hyphenate: every line-end hyphen there is real.
"""
import json
import math
import os
import re
import sys
from difflib import SequenceMatcher

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
HYPHENS = "-\u2010\u2011"          # ASCII hyphen-minus, HYPHEN, NON-BREAKING HYPHEN
HYPH_RX = "\\-\u2010\u2011"          # the same inside a regex character class
PAGE_NUM = r"(?:\d+|[ivxlc]+)"


def die(msg):
    sys.stderr.write("make_gold: " + msg + "\n")
    sys.exit(2)


def norm(s):
    """Whitespace collapsed, hyphen variants unified, form feeds dropped."""
    s = s.replace("\f", "")
    for h in "\u2010\u2011\u2212":
        s = s.replace(h, "-")
    return " ".join(s.split())


def key(s):
    return norm(s).casefold()


# --------------------------------------------------------------------------------------------
# roff
# --------------------------------------------------------------------------------------------
ROFF_SPECIAL = {
    "hy": "-", "en": "\u2013", "em": "\u2014", "lq": "\u201c", "rq": "\u201d", "oq": "\u2018",
    "cq": "\u2019", "aq": "'", "dq": '"', "co": "\u00a9", "bu": "\u2022", "mi": "-", "ti": "~",
    "la": "\u27e8", "ra": "\u27e9", "rs": "\\", "ha": "^", "ga": "`", "aa": "\u00b4",
}


def roff_inline(s, strings=None):
    """Text of one roff line with escapes resolved (enough for titles and vocabulary)."""
    strings = strings or {}
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 >= len(s):
            break
        e = s[i + 1]
        i += 2
        if e in "fF":                                   # font
            if i < len(s) and s[i] == "[":
                i = s.find("]", i) + 1 or len(s)
            elif i < len(s) and s[i] == "(":
                i += 3
            else:
                i += 1
        elif e == "s":                                  # size
            m = re.match(r"\[[^\]]*\]|\([+-]?\d\d|[+-]?\d", s[i:])
            i += m.end() if m else 0
        elif e == "(":
            out.append(ROFF_SPECIAL.get(s[i:i + 2], ""))
            i += 2
        elif e == "[":
            j = s.find("]", i)
            name = s[i:j]
            out.append(ROFF_SPECIAL.get(name, ""))
            i = j + 1
        elif e == "*":                                  # string
            if i < len(s) and s[i] == "(":
                name, i = s[i + 1:i + 3], i + 3
            elif i < len(s) and s[i] == "[":
                j = s.find("]", i)
                name, i = s[i + 1:j], j + 1
            else:
                name, i = s[i:i + 1], i + 1
            out.append(strings.get(name, ""))
        elif e in "nk":                                 # register, mark
            if i < len(s) and s[i] == "(":
                i += 3
            elif i < len(s) and s[i] == "[":
                i = s.find("]", i) + 1
            else:
                i += 1
        elif e in "hvwlLDoxXbZRNYVAB":                   # escapes with a quoted argument
            if i < len(s) and s[i] in "'[":
                close = "]" if s[i] == "[" else "'"
                i = s.find(close, i + 1) + 1 or len(s)
        elif e == "-":
            out.append("-")
        elif e == "e":
            out.append("\\")
        elif e in " 0~":
            out.append(" ")
        elif e == '"':                                  # comment
            break
        # \& \% \c \| \^ \/ \, \: and anything else: nothing
    return "".join(out)


def roff_args(line):
    """Arguments of a request line, with roff quoting."""
    rest = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
    args, cur, q, i = [], "", False, 0
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
                args.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if cur:
        args.append(cur)
    return args


def roff_vocab(src, strings=None):
    """The words of a roff document on one line: what the source spells, for hyphen decisions."""
    words = []
    for line in src.split("\n"):
        if line.startswith(('.\\"', "'\\\"", '.\\#')):
            continue
        if line.startswith((".", "'")):
            a = roff_args(line)
            line = " ".join(a)
        words.append(roff_inline(line, strings))
    return norm(" ".join(words))


# --------------------------------------------------------------------------------------------
# generic text helpers
# --------------------------------------------------------------------------------------------
def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8", newline="") as f:
        return f.read()


def page_count(text, page_lines=None):
    if "\f" in text:
        pieces = text.split("\f")
        if not pieces[-1].strip():
            pieces = pieces[:-1]
        return len(pieces)
    n = len(text.splitlines())
    return n // page_lines if page_lines else math.ceil(n / 60)


def page_of_lines(lines, page_lines=None):
    """0-based page index of every line: pages split by \\f (a line holding a \\f belongs to the
    page the \\f starts), or by a fixed number of lines."""
    if page_lines:
        return [i // page_lines for i in range(len(lines))]
    pages, p = [], 0
    for l in lines:
        p += l.count("\f")
        pages.append(p)
    return pages


def find_heading_lines(lines, titles, fuzzy=0.0, skip=(), quiet=False):
    """Find each title, in order, as a whole line of the text. Returns [(title_as_printed, idx)]."""
    out, start = [], 0
    for t in titles:
        want = key(t)
        hit = None
        for i in range(start, len(lines)):
            if i in skip:
                continue
            if key(lines[i]) == want:
                hit = i
                break
        if hit is None and fuzzy:
            best, bi = 0.0, None
            for i in range(start, len(lines)):
                if i in skip or not lines[i].strip():
                    continue
                r = SequenceMatcher(None, key(lines[i]), want).ratio()
                if r > best:
                    best, bi = r, i
            if best >= fuzzy:
                hit = bi
        if hit is None:
            if quiet:
                raise LookupError(t)
            die("heading %r not found in the text (after line %d)" % (t, start + 1))
        out.append((norm(lines[hit]), hit))
        start = hit + 1
    return out


WORD_L = re.compile(r"([^\s]*?)([A-Za-z\u00c0-\u024f][\w'\u2019" + HYPH_RX + r"]*)[" + HYPH_RX + r"]$")
WORD_R = re.compile(r"^[(\[\"'\u201c\u2018]*([A-Za-z\u00c0-\u024f0-9][\w'\u2019" + HYPH_RX + r"]*)")


def line_end_splits(lines, furniture_idx):
    """(line, left, right, hyphen_char, words_before, words_after) for each line that ends in a
    letter or digit plus a hyphen and whose next content line starts with a word."""
    out = []
    content = [i for i, l in enumerate(lines) if norm(l) and i not in furniture_idx]
    for a, b in zip(content, content[1:]):
        left_line = lines[a].rstrip()
        m = WORD_L.search(left_line)
        if not m or not left_line[-2].isalnum():
            continue
        nxt = lines[b].replace("\f", "").lstrip()
        r = WORD_R.match(nxt)
        if not r:
            continue
        left = m.group(2)
        right = r.group(1).rstrip("'\u2019" + HYPHENS)
        before = words(left_line[:m.start(2)])[-3:]
        after = words(nxt[r.end(1):])[:3]
        out.append((a, left, right, left_line[-1], before, after))
    return out


def words(s):
    return re.findall(r"[\w'\u2019]+(?:[" + HYPH_RX + r"][\w'\u2019]+)*", norm(s))


def classify_splits(splits, vocab, overrides=None, default=None):
    """Sort each line-end split into hyphenated (join) or keep_hyphen.

    The source decides: the split word with its neighbours (3, 2, 1, then 0 words each side) is
    looked up in the source's word sequence, once joined and once with a hyphen; the first
    context size at which exactly one of the two forms occurs decides."""
    overrides = overrides or {}
    hyph, keep, unresolved = [], [], []
    vw = " " + " ".join(words(vocab)).casefold() + " "
    for (i, left, right, h, before, after) in splits:
        if (left, right) in overrides:
            decision = overrides[(left, right)]
        elif default:
            decision = default
        else:
            decision = None
            lk = norm(left)
            for n in (3, 2, 1, 0):
                b, a = before[len(before) - n:] if n else [], after[:n]
                def found(w):
                    seq = " ".join(words(" ".join(b + [w] + a))).casefold()
                    if n:
                        return (" " + seq + " ") in vw
                    return re.search(r"(?<![\w-])" + re.escape(seq) + r"(?![\w])", vw) is not None
                j, k = found(lk + right), found(lk + "-" + right)
                if j != k:
                    decision = "join" if j else "keep"
                    break
            if decision is None:
                unresolved.append((i + 1, left, right))
                continue
        if decision == "join":
            hyph.append([left, right, left + right])
        elif decision == "keep":
            keep.append([left, right, left + h + right])
    if unresolved:
        for u in unresolved:
            sys.stderr.write("unresolved split at line %d: %r + %r\n" % u)
        die("add these to the document's overrides")
    return hyph, keep


def gold_doc(source, text, headings, furniture, furniture_idx, hyph, keep, page_lines=None,
             optional=(), **extra):
    g = {"source": source, "pages": page_count(text, page_lines)}
    if page_lines:
        g["page_lines"] = page_lines
    g["headings"] = [{"title": t, "depth": d} for t, d in headings]
    if optional:
        g["optional_headings"] = list(optional)
    g["furniture"] = furniture
    g["furniture_lines"] = sorted(i + 1 for i in furniture_idx)
    g["hyphenated"] = hyph
    if keep:
        g["keep_hyphen"] = keep
    g.update(extra)
    return g


def patterns_from_lines(lines, idx, pages):
    """Furniture lines → distinct patterns, the page number written as {n}."""
    pats = []
    for i in sorted(idx):
        s = norm(lines[i])
        num = str(pages[i] + 1)
        p = re.sub(r"(?:(?<=^)|(?<=[\s-]))" + num + r"(?=$|[\s\]-])", "{n}", s)
        if p not in pats:
            pats.append(p)
    return pats


# --------------------------------------------------------------------------------------------
# man(7) / mdoc(7)
# --------------------------------------------------------------------------------------------
def man_headings(src, mdoc=False):
    lines = src.split("\n")
    out = []
    sh, ss = (".Sh", ".Ss") if mdoc else (".SH", ".SS")
    for i, l in enumerate(lines):
        m = re.match(r"(\.S[HhSs])(\s|$)", l)
        if not m or m.group(1) not in (sh, ss):
            continue
        depth = 1 if m.group(1) == sh else 2
        args = roff_args(l)
        title = " ".join(args) if args else lines[i + 1]
        title = norm(roff_inline(title))
        out.append((title, depth))
    return out


def man_doc(name, src_path, unpaginated, mdoc=False, hyphen_overrides=None):
    text = load(name)
    lines = text.split("\n")
    src = open(src_path, encoding="utf-8", errors="replace").read()
    heads = man_headings(src, mdoc)
    if unpaginated:
        nonblank = [i for i, l in enumerate(lines) if norm(l)]
        fidx = {nonblank[0], nonblank[-1]}
        pages = [0] * len(lines)
    else:
        pages = page_of_lines(lines)
        fidx = set()
        for p in range(max(pages) + 1):
            nb = [i for i, l in enumerate(lines) if pages[i] == p and norm(l)]
            if nb:
                fidx.update((nb[0], nb[-1]))
    found = find_heading_lines(lines, [t for t, _ in heads], skip=fidx)
    headings = [(t, d) for (t, _), (_, d) in zip(found, heads)]
    furniture = patterns_from_lines(lines, fidx, pages)
    splits = line_end_splits(lines, fidx)
    hyph, keep = classify_splits(splits, roff_vocab(src), hyphen_overrides)
    return gold_doc("", text, headings, furniture, fidx, hyph, keep)


# --------------------------------------------------------------------------------------------
# the documents
# --------------------------------------------------------------------------------------------
def do_grep(w):
    g = man_doc("grep.1.txt", f"{w}/src/grep.1", unpaginated=True)
    g["source"] = ("Debian grep 3.8-5, /usr/share/man/man1/grep.1.gz, rendered by groff 1.22.4 "
                   "-man -Tutf8 -P-cbu (one continuous page)")
    return g


def do_tar(w):
    g = man_doc("tar.1.txt", f"{w}/src/tar.1", unpaginated=False)
    g["source"] = ("Debian tar 1.34+dfsg-1.2+deb12u1, /usr/share/man/man1/tar.1.gz, rendered by groff "
                   "1.22.4 -man -Tascii -rcR=0 -P-cbu (66-line pages), \\f at each page start")
    return g


def do_dash(w):
    g = man_doc("dash.1.txt", f"{w}/src/dash.1", unpaginated=True, mdoc=True)
    g["source"] = ("Debian dash 0.5.12-2, /usr/share/man/man1/dash.1.gz (mdoc), through "
                   "`MANWIDTH=80 man -l | col -bx` in C.UTF-8")
    return g


def do_mandb(w):
    name = "man-db-manual.txt"
    text = load(name)
    lines = text.split("\n")
    page_lines = 66
    pp = open(f"{w}/src/man_db.pp", encoding="utf-8", errors="replace").read()
    strings = {}
    for m in re.finditer(r'^\.ds (\S+) (.*)$', pp, re.M):
        strings[m.group(1)] = roff_inline(m.group(2), strings)
    strings["M"] = "man-db"
    # headings: .BS N "title", numbered as -me's .sh numbers them ("1.", "1.1.", "1.1.1.")
    heads, count = [], [0, 0, 0]
    for l in pp.split("\n"):
        if not l.startswith(".BS "):
            continue
        a = roff_args(l)
        lvl = int(a[0])
        count[lvl - 1] += 1
        for k in range(lvl, 3):
            count[k] = 0
        num = ".".join(str(c) for c in count[:lvl]) + "."
        heads.append((num + "  " + norm(roff_inline(a[1], strings)), lvl))
    # furniture: -me in nroff puts the header on page line 5 and the page number on line 63
    fidx = {i for i, l in enumerate(lines) if norm(l) and (i % page_lines < 6 or i % page_lines >= 60)}
    found = find_heading_lines(lines, [t for t, _ in heads], skip=fidx)
    headings = [(t, d) for (t, _), (_, d) in zip(found, heads)]
    furniture = []
    for i in sorted(fidx):
        s = norm(lines[i])
        p = "{n}" if re.fullmatch(PAGE_NUM, s) else s
        if p not in furniture:
            furniture.append(p)
    vocab = roff_vocab(pp, strings)
    hyph, keep = classify_splits(line_end_splits(lines, fidx), vocab)
    tables = len(re.findall(r"^\.TS", pp, re.M))
    return gold_doc("man-db 2.11.2 (Debian source man-db 2.11.2-2), manual/*.me: soelim | tbl | "
                    "groff -Tascii -mtty-char -me -P-cbu; = Debian's man-db-manual.txt without SGR",
                    text, headings, furniture, fidx, hyph, keep, page_lines=page_lines,
                    optional=["man-db - the database cached manual pager suite", "Contents", "Glossary"],
                    tables=tables)


def do_rfc(w):
    name = "rfc3339.txt"
    text = load(name)
    lines = text.split("\n")
    hdr = re.compile(r"^RFC 3339 +Date and Time on the Internet: Timestamps +July 2002$")
    ftr = re.compile(r"^Klyne, et\. al\. +Standards Track +\[Page \d+\]$")
    fidx = {i for i, l in enumerate(lines) if hdr.match(l) or ftr.match(l)}
    pages = page_of_lines(lines)
    furniture = patterns_from_lines(lines, fidx, pages)
    # table of contents: "   N. Title ....... page" (one entry per line in this RFC)
    start = lines.index("Table of Contents")
    toc = []
    for l in lines[start + 1:]:
        if l.startswith("1. Introduction"):
            break
        m = re.match(r"^   (\S.*?) ?\.[.,]+ *\d+$", l)
        if m:
            toc.append(m.group(1).strip())
    def depth(t):
        m = re.match(r"^(\d+(?:\.\d+)*)\.", t) or re.match(r"^Appendix ([A-Z])\.", t)
        return (m.group(1).count(".") + 1) if m else 1
    front = ["Status of this Memo", "Copyright Notice", "Abstract", "Table of Contents"]
    back = ["Acknowledgement"]
    titles = front + toc + back
    found = find_heading_lines(lines, titles, skip=fidx)
    headings = [(t, depth(t)) for t, _ in found]
    # every line-end hyphen of an RFC is real: the RFC Editor's formatter does not hyphenate
    splits = line_end_splits(lines, fidx)
    hyph, keep = classify_splits(splits, "", default="keep")
    return gold_doc("RFC 3339 (July 2002), as published by the RFC Editor", text, headings, furniture,
                    fidx, hyph, keep, optional=["Date and Time on the Internet: Timestamps",
                                                "Time:", "Durations:", "Periods:"])


def do_rst(name, source):
    from docutils import nodes
    from docutils.core import publish_doctree
    text = load(name)
    lines = text.split("\n")
    tree = publish_doctree(text, settings_overrides={
        "doctitle_xform": False, "file_insertion_enabled": False, "report_level": 5,
        "halt_level": 5, "warning_stream": open(os.devnull, "w")})
    heads = []
    for sec in tree.findall(nodes.section):
        d, p = 0, sec
        while p is not None:
            if isinstance(p, nodes.section):
                d += 1
            p = p.parent
        heads.append((sec[0], d))
    # a section title's source line is the one whose inline-markup-free text equals astext()
    def plain(s):
        s = re.sub(r"``([^`]*)``", r"\1", s)
        s = re.sub(r"`([^`<]*?)(?: <[^>]*>)?`_{0,2}", r"\1", s)
        s = re.sub(r"(\w)_\b", r"\1", s)
        return norm(s)
    out, start = [], 0
    for title, d in heads:
        want = norm(title.astext())
        for i in range(start, len(lines)):
            if plain(lines[i]) == want and i + 1 < len(lines) and re.fullmatch(r"([=\-`:'\"~^_*+#<>.])\1+", lines[i + 1].strip() or "x"):
                out.append((norm(lines[i]), d))
                start = i + 2
                break
        else:
            die("%s: reST title %r not found" % (name, want))
    splits = line_end_splits(lines, set())
    hyph, keep = classify_splits(splits, "", default="keep")
    tables = len(list(tree.findall(nodes.table)))
    code = len(list(tree.findall(nodes.literal_block)))
    return gold_doc(source, text, out, [], set(), hyph, keep, tables=tables, code_blocks=code)


def do_libjpeg(w):
    name = "libjpeg-structure.txt"
    text = load(name)
    lines = text.split("\n")
    heads = [(norm(l), 1) for l in lines if re.fullmatch(r"\*\*\* .+ \*\*\*", l.strip())]
    splits = line_end_splits(lines, set())
    hyph, keep = classify_splits(splits, "", default="keep")
    return gold_doc("Debian libjpeg-dev 1:2.1.5-2 (libjpeg-turbo 2.1.5), "
                    "/usr/share/doc/libjpeg-dev/structure.txt.gz, as shipped",
                    text, heads, [], set(), hyph, keep,
                    optional=["IJG JPEG LIBRARY:  SYSTEM ARCHITECTURE"])


def ocr_furniture(lines, pages, expect, first_page_header=True, zone=3):
    """OCR lines in the top/bottom `zone` content lines of a page that match a furniture string."""
    fidx = set()
    for p in range(max(pages) + 1):
        nb = [i for i, l in enumerate(lines) if pages[i] == p and norm(l)]
        cand = nb[-zone:] + (nb[:zone] if (p > 0 or first_page_header) else [])
        for i in cand:
            s = key(lines[i])
            for e in expect(p + 1):
                if SequenceMatcher(None, s, key(e)).ratio() >= 0.75:
                    fidx.add(i)
                    break
    return fidx


def ocr_splits(lines, fidx, vocab, overrides=None):
    return classify_splits(line_end_splits(lines, fidx), vocab, overrides)


def do_pic(w):
    name = "pic-ocr.txt"
    text = load(name)
    lines = text.split("\n")
    pages = page_of_lines(lines)
    src = open(f"{w}/src/pic.ms", encoding="utf-8").read()
    strings = {"tx": "TeX", "lx": "LaTeX"}
    # .NH N / title; numbering as ms prints it ("1.", "1.1.")
    sl = src.split("\n")
    heads, count = [], [0] * 5
    for i, l in enumerate(sl):
        if l.startswith(".NH"):
            a = roff_args(l)
            lvl = int(a[0]) if a else 1
            count[lvl - 1] += 1
            for k in range(lvl, 5):
                count[k] = 0
            heads.append((".".join(str(c) for c in count[:lvl]) + ". " + norm(roff_inline(sl[i + 1], strings)), lvl))
    def expect(n):
        return ["Making Pictures With GNU PIC Eric S. Raymond", "Making Pictures With GNU PIC",
                "Eric S. Raymond", "groff 1.22.4 -%d- GNU PIC" % n, "groff 1.22.4 -%d-" % n, "GNU PIC"]
    fidx = ocr_furniture(lines, pages, expect, first_page_header=False)
    # the headings on the five pages: the source's, in order, up to the last one the OCR shows
    present, start = [], 0
    for t, d in heads:
        try:
            (pt, i), = find_heading_lines(lines[start:], [t], fuzzy=0.85, quiet=True,
                                          skip={j - start for j in fidx})
            start += i + 1
        except LookupError:
            break
        present.append((pt, d))
    furniture = [norm(lines[i]) for i in sorted(fidx)]
    furniture = list(dict.fromkeys(furniture))
    vocab = roff_vocab(src, strings)
    hyph, keep = ocr_splits(lines, fidx, vocab, {})
    # tables: .TS blocks of the source before the first heading the five pages do not reach
    nxt = heads[len(present)][0] if len(present) < len(heads) else None
    body = src
    if nxt:
        num, title = nxt.split(" ", 1)
        m = re.search(r"^\.NH.*\n" + re.escape(title.split()[0]), src, re.M)
        body = src[:m.start()] if m else src
    tables = len(re.findall(r"^\.TS", body, re.M))
    return gold_doc("groff 1.22.4 (Debian groff 1.22.4-10) doc/pic.ms, pages 1-5 typeset by groff -p -e "
                    "-t -ms -Tps, rendered at 300 dpi by Ghostscript 10.0.0, read by tesseract 5.3.0 (eng)",
                    text, present, furniture, fidx, hyph, keep,
                    optional=["Making Pictures With GNU PIC", "ABSTRACT"], tables=tables)


def do_sed(w):
    name = "sed-ocr.txt"
    text = load(name)
    lines = text.split("\n")
    pages = page_of_lines(lines)
    src = open(f"{w}/src/sed.1", encoding="utf-8").read()
    heads = man_headings(src)
    def expect(n):
        return ["SED(1) User Commands SED(1)", "SED(1) User Commands", "SED(1)",
                "GNU sed 4.9 April 2026 %d" % n, "GNU sed 4.9 April 2026"]
    fidx = ocr_furniture(lines, pages, expect, zone=2)
    found = find_heading_lines(lines, [t for t, _ in heads], fuzzy=0.85, skip=fidx)
    headings = [(t, d) for (t, _), (_, d) in zip(found, heads)]
    furniture = list(dict.fromkeys(norm(lines[i]) for i in sorted(fidx)))
    hyph, keep = ocr_splits(lines, fidx, roff_vocab(src), {})
    return gold_doc("Debian sed 4.9-1+deb12u1, /usr/share/man/man1/sed.1.gz typeset by groff 1.22.4 "
                    "-man -Tps (4 pages), rendered at 300 dpi by Ghostscript 10.0.0, read by "
                    "tesseract 5.3.0 (eng)", text, headings, furniture, fidx, hyph, keep)


DOCS = {
    "grep.1": do_grep,
    "tar.1": do_tar,
    "dash.1": do_dash,
    "man-db-manual": do_mandb,
    "rfc3339": do_rfc,
    "docutils-tools": lambda w: do_rst("docutils-tools.txt",
        "Debian docutils-doc 0.19+dfsg-6, /usr/share/doc/docutils-doc/docs/user/tools.txt, as shipped"),
    "docutils-html": lambda w: do_rst("docutils-html.txt",
        "Debian docutils-doc 0.19+dfsg-6, /usr/share/doc/docutils-doc/docs/user/html.txt, as shipped"),
    "libjpeg-structure": do_libjpeg,
    "pic-ocr": do_pic,
    "sed-ocr": do_sed,
}


def main(argv):
    if not argv or argv[0].startswith("-"):
        die("usage: make_gold.py WORKDIR [--check] [NAME...]")
    w, rest = argv[0], argv[1:]
    check = "--check" in rest
    only = [a for a in rest if not a.startswith("--")]
    bad = 0
    for stem, fn in DOCS.items():
        if only and stem not in only:
            continue
        g = fn(w)
        out = json.dumps(g, indent=1, ensure_ascii=False) + "\n"
        path = os.path.join(DATA, stem + ".gold.json")
        if check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if old != out:
                print("differs:", path)
                bad = 1
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(out)
        print("%-20s pages=%-3d headings=%-3d furniture=%d/%d hyphenated=%d keep=%d" % (
            stem, g["pages"], len(g["headings"]), len(g["furniture"]), len(g["furniture_lines"]),
            len(g["hyphenated"]), len(g.get("keep_hyphen", []))))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
