#!/usr/bin/env python3
"""Independent oracle for docsweep's HTML extraction (Python standard library only).

For one HTML page it works out what the *content* of the page is, independently of the Rust
code, and states what a correct extractor must find there. The pages it is meant for are the
real documentation pages under tests/data/html/ (see the README there).

Usage
-----
    check_html.py PAGE.html                      print the page's outline as JSON
    check_html.py --compare INSPECT_JSON PAGE.html
                                                 compare docsweep's `inspect --json` output for
                                                 PAGE.html (a file, or - for stdin) with the oracle
    check_html.py --all DIR BIN                  run `BIN inspect --json` on every *.html / *.htm
                                                 under DIR and compare each; the last line is
                                                 `html: N passed, M failed`

Exit status: 0 when everything matches, 1 on any mismatch, 2 on bad usage.

1. Decoding
-----------
A simplified version of the WHATWG encoding sniffing, as a browser would do it for a local file:
a byte-order mark (UTF-8, UTF-16LE/BE) wins; otherwise a `<meta charset=...>` or
`<meta http-equiv="Content-Type" content="...; charset=...">` within the first 1024 bytes;
otherwise strict UTF-8 if the bytes are valid UTF-8, else windows-1252. Labels follow WHATWG:
iso-8859-1, latin1 and us-ascii all mean windows-1252 (bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D,
undefined there, map to U+0081.. like browsers do); a meta that says UTF-16 means UTF-8.
The JSON output reports the declared charset and the one used.

2. Parsing
----------
html.parser tokenises; a small tree builder applies the HTML rules that matter for structure:
void elements; `<x/>` on a non-void element is an empty element (XHTML pages from DocBook XSL
write `<a id="x"/>`); implied end tags (`p` closed by a block start, `li`, `dt`/`dd`, `tr`,
`td`/`th`, `thead`/`tbody`/`tfoot`, `option`); an end tag closes up to the matching open
element, except that the end tag of an inline element (a, span, b, font, ...) that is not the
current node only takes that element off the stack (legacy pages leave `<a name=...>` open
around blocks); stray end tags are ignored.

3. The content root
-------------------
  (a) the first `<main>`; else the first element with role="main"; else the `<article>` when
      there is exactly one; else `<body>` (or the whole document when there is no body).
  (b) Only when (a) fell through to `<body>`, a known generator root is used instead:
        * Doxygen (meta generator "Doxygen ..."): the first `div.contents`. Doxygen marks up no
          landmark at all; `<body>` would bring in the title-area layout table, the
          navigation-path list and the footer. The page title lives in `div.header div.title`,
          which is not a heading element, and is not expected as a heading.
      Pages that already have a root by (a) keep it: Sphinx's `div.body[role=main]`, MkDocs'
      themes (`div[role=main]`), Javadoc's `<main role="main">`, rustdoc's and mdBook's `<main>`,
      RDoc's `<main role="main">`.

4. What is left out inside the root (whole subtrees)
----------------------------------------------------
  * script, style, template, noscript, nav, aside (also docutils footnote asides: they hold no
    heading, code or table in these pages), dialog;
  * header and footer unless inside article, aside, main, nav or section (that is, only the
    page's banner and contentinfo, as in the HTML-ARIA mapping);
  * any element with role=navigation, banner, contentinfo or search;
  * any element with the `hidden` attribute or aria-hidden="true";
  * generator navigation that has no landmark markup:
        - DocBook XSL (meta generator "DocBook XSL ..."): div.navheader and div.navfooter
          (layout tables with prev/next links), div.toc and div.list-of-tables / -figures /
          -examples (the chapter's table of contents, a `dl` of links).

5. What is counted inside the root
----------------------------------
  * headings: h1..h6 (unless role=presentation/none) and any element with role=heading
    (level = aria-level, default 2 as in ARIA), in document order, as (level, text).
    Text: all descendant text (collapsed whitespace; `<br>` and block boundaries are spaces;
    `<wbr>`, U+200B, U+00AD, U+FEFF dropped) without permalink anchors (`a.headerlink`) and with
    a trailing permalink marker (¶ § # 🔗 ⚓) removed. A heading inside a heading is not counted
    again. A heading inside a `<table>` (Doxygen puts `h2.groupheader` in a table row) is
    reported with "in_table": true and is *optional* for --compare: an extractor that keeps
    the table as one table block may drop it.
  * pre: `<pre>` elements not inside another `<pre>` (mdBook writes every sample as
    `<pre><pre class="playground">`: that is one block).
  * code_blocks: pre plus Doxygen's `div.fragment` code listings (one `div.line` per line, no
    `<pre>`; not inside a `<pre>`). This is what --compare holds docsweep's code blocks to.
  * tables: `<table>` elements not inside another table (role=presentation/none tables are
    layout and not counted).
  * lists: ul/ol/dl not inside another ul/ol/dl and not inside a table.
  * boilerplate_texts: texts of links and headings that are outside the root or in a
    left-out subtree (sidebars, breadcrumbs, page tables of contents, prev/next links).
The document's `<title>` is not a heading.

6. --compare
------------
Reads docsweep's `inspect --json` output
({"document": {...}, "sections": [{"section_id", "depth", "title", ...}],
  "blocks": [{"type", "text", "attrs", ...}]}) and checks:
  * document.format is "html" and document.status is "ok";
  * headings: the titles of the titled sections (the preamble has title null), in order, equal
    the oracle's headings (optional in-table headings may be present or absent); titles are
    compared after whitespace collapsing only, so a kept "¶" is a mismatch;
    A first section with heading_source "html_title" whose title is the page's <title> is
    accepted as the document title (docsweep's rule: <title> becomes the top heading when the
    page has no h1); it is an error when the content has an h1;
  * depth: the first titled section has depth 1 and a depth never exceeds the previous one by
    more than 1 (levels may be clamped, never skipped);
  * tree: each heading's parent (the nearest earlier heading of a smaller HTML level) is the
    same in docsweep's section tree (parent_id) as in the page;
  * the number of heading blocks equals the number of titled sections;
  * code: the number of blocks of type "code" equals code_blocks;
  * tables: the number of blocks of type "table" equals tables; and, over every page of
    --all, each table's header rows (its <thead> rows, else its leading rows of <th> cells
    only) agree with the table block's header_rows for at least 95 % of the tables (the
    reference's table header target), mismatches listed;
  * navigation: no docsweep title that the oracle does not expect is a boilerplate text.
The list count is printed for information only.
"""

from __future__ import annotations

import codecs
import difflib
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser

# --------------------------------------------------------------------------------------------
# 1. Decoding
# --------------------------------------------------------------------------------------------

_CP1252_HOLES = {0x81, 0x8D, 0x8F, 0x90, 0x9D}


def _whatwg_1252_errors(err: UnicodeDecodeError):
    bad = err.object[err.start:err.end]
    return ("".join(chr(b) for b in bad), err.end)


codecs.register_error("whatwg-1252", _whatwg_1252_errors)

_LABELS = {
    "utf-8": "utf-8", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8",
    "iso-8859-1": "windows-1252", "iso8859-1": "windows-1252", "latin1": "windows-1252",
    "l1": "windows-1252", "ascii": "windows-1252", "us-ascii": "windows-1252",
    "windows-1252": "windows-1252", "cp1252": "windows-1252", "x-cp1252": "windows-1252",
    "iso_8859-1": "windows-1252", "cp819": "windows-1252", "ibm819": "windows-1252",
    "utf-16": "utf-8", "utf-16le": "utf-8", "utf-16be": "utf-8",  # meta saying UTF-16 => UTF-8
    "shift_jis": "shift_jis", "sjis": "shift_jis", "x-sjis": "shift_jis",
    "euc-jp": "euc_jp", "iso-2022-jp": "iso2022_jp", "euc-kr": "euc_kr", "gbk": "gbk",
    "gb2312": "gbk", "gb18030": "gb18030", "big5": "big5", "koi8-r": "koi8_r",
    "iso-8859-2": "iso8859_2", "iso-8859-15": "iso8859_15", "windows-1251": "cp1251",
    "windows-1250": "cp1250",
}

_META_RE = re.compile(rb"<meta\b[^>]*>", re.I)
_CHARSET_RE = re.compile(rb"""charset\s*=\s*["']?\s*([-\w.:]+)""", re.I)


def sniff_declared(head: bytes) -> str | None:
    """The charset label declared by a meta element in `head`, lower-cased, or None."""
    for m in _META_RE.finditer(head):
        c = _CHARSET_RE.search(m.group(0))
        if c:
            return c.group(1).decode("ascii", "replace").lower()
    return None


def decode_page(data: bytes) -> tuple[str, dict]:
    info = {"declared": None, "used": None, "source": None}
    if data.startswith(b"\xef\xbb\xbf"):
        info.update(used="utf-8", source="bom")
        return data[3:].decode("utf-8", "replace"), info
    if data.startswith(b"\xff\xfe"):
        info.update(used="utf-16le", source="bom")
        return data[2:].decode("utf-16le", "replace"), info
    if data.startswith(b"\xfe\xff"):
        info.update(used="utf-16be", source="bom")
        return data[2:].decode("utf-16be", "replace"), info
    declared = sniff_declared(data[:1024])
    info["declared"] = declared or sniff_declared(data[:16384])
    if declared and declared in _LABELS:
        enc = _LABELS[declared]
        info["source"] = "meta"
    else:
        try:
            data.decode("utf-8")
            enc = "utf-8"
        except UnicodeDecodeError:
            enc = "windows-1252"
        info["source"] = "default"
    info["used"] = enc
    if enc == "windows-1252":
        return data.decode("cp1252", "whatwg-1252"), info
    return data.decode(enc, "replace"), info


# --------------------------------------------------------------------------------------------
# 2. Parsing into a small tree
# --------------------------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr", "keygen", "basefont", "bgsound", "frame", "isindex"}
# Starting one of these closes an open <p> (HTML "close a p element" list, abridged).
CLOSES_P = {"address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
            "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
            "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p",
            "pre", "section", "summary", "table", "ul", "listing", "xmp", "plaintext"}
INLINE = {"a", "abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data", "dfn",
          "em", "font", "i", "kbd", "mark", "nobr", "q", "s", "samp", "small", "span",
          "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "label"}
BLOCKISH = CLOSES_P | {"li", "dt", "dd", "tr", "td", "th", "caption", "thead", "tbody",
                       "tfoot", "br", "body", "html", "option", "legend", "noscript"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class Node:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag: str, attrs: dict, parent: "Node | None"):
        self.tag = tag
        self.attrs = attrs
        self.children: list = []  # Node or str
        self.parent = parent

    def cls(self) -> set:
        return set((self.attrs.get("class") or "").split())

    def role(self) -> str:
        return (self.attrs.get("role") or "").strip().lower()

    def iter(self):
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(c for c in reversed(n.children) if isinstance(c, Node))

    def describe(self) -> str:
        s = self.tag
        if self.attrs.get("id"):
            s += "#" + self.attrs["id"]
        if self.attrs.get("class"):
            s += "." + ".".join(sorted(self.cls()))
        if self.attrs.get("role"):
            s += '[role="%s"]' % self.attrs["role"]
        return s


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.stack = [self.root]

    # -- helpers
    @property
    def cur(self) -> Node:
        return self.stack[-1]

    def _open_index(self, tag: str, stop: set = frozenset()) -> int:
        for i in range(len(self.stack) - 1, 0, -1):
            t = self.stack[i].tag
            if t == tag:
                return i
            if t in stop:
                return -1
        return -1

    def _pop_to(self, i: int):
        del self.stack[i:]

    def _close_if_open(self, tags: set, stop: set):
        for i in range(len(self.stack) - 1, 0, -1):
            t = self.stack[i].tag
            if t in tags:
                self._pop_to(i)
                return
            if t in stop:
                return

    # -- HTMLParser callbacks
    def handle_starttag(self, tag, attrs, selfclosing=False):
        tag = tag.lower()
        a = {}
        for k, v in attrs:
            a.setdefault(k.lower(), v if v is not None else "")
        if tag in CLOSES_P:
            self._close_if_open({"p"}, {"button", "table", "td", "th", "html"})
        if tag in HEADINGS and self.cur.tag in HEADINGS:
            self._pop_to(len(self.stack) - 1)
        if tag == "li":
            self._close_if_open({"li"}, {"ul", "ol", "menu", "dir", "table"})
        elif tag in ("dt", "dd"):
            self._close_if_open({"dt", "dd"}, {"dl", "table"})
        elif tag == "tr":
            self._close_if_open({"tr"}, {"table"})
        elif tag in ("td", "th"):
            self._close_if_open({"td", "th"}, {"tr", "table"})
        elif tag in ("thead", "tbody", "tfoot"):
            self._close_if_open({"thead", "tbody", "tfoot"}, {"table"})
        elif tag == "option":
            self._close_if_open({"option"}, {"select", "datalist"})
        elif tag in ("body", "head") and self._open_index(tag) > 0:
            return
        node = Node(tag, a, self.cur)
        self.cur.children.append(node)
        if tag not in VOID and not selfclosing:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs, selfclosing=True)

    def handle_endtag(self, tag):
        tag = tag.lower()
        if tag in VOID:
            return
        i = self._open_index(tag)
        if i < 0:
            return
        if tag in INLINE and i != len(self.stack) - 1:
            del self.stack[i]  # misnested inline element: leave the blocks opened inside it open
            return
        self._pop_to(i)

    def handle_data(self, data):
        if data:
            self.cur.children.append(data)


def parse(text: str) -> Node:
    tb = TreeBuilder()
    tb.feed(text)
    tb.close()
    return tb.root


# --------------------------------------------------------------------------------------------
# 3-5. Content root, exclusions, counts
# --------------------------------------------------------------------------------------------

ALWAYS_OUT = {"script", "style", "template", "noscript", "nav", "aside", "dialog"}
OUT_ROLES = {"navigation", "banner", "contentinfo", "search"}
LANDMARK_SCOPE = {"article", "aside", "main", "nav", "section"}
DOCBOOK_OUT_CLASSES = {"navheader", "navfooter", "toc", "list-of-tables", "list-of-figures",
                       "list-of-examples"}
PERMALINK_TAIL = re.compile(r"(\s*[¶§🔗⚓\uf0c1]+|\s+#)\s*$")
PERMALINK_ONLY = re.compile(r"^[\s¶§#◆🔗⚓\uf0c1]+$")
PERMALINK_CLASSES = {"headerlink", "permalink", "header-anchor", "headeranchor"}
DROP_CHARS = dict.fromkeys(map(ord, "\u200b\u00ad\ufeff"), None)


def norm(s: str) -> str:
    return " ".join(s.translate(DROP_CHARS).split())


def find_generator(doc: Node) -> str | None:
    for n in doc.iter():
        if n.tag == "meta" and (n.attrs.get("name") or "").lower() == "generator":
            g = n.attrs.get("content") or ""
            if g.lower().startswith("doxygen"):
                return "doxygen"
            if "docbook xsl" in g.lower():
                return "docbook"
    return None


def is_hidden(n: Node) -> bool:
    return "hidden" in n.attrs or (n.attrs.get("aria-hidden") or "").strip().lower() == "true"


def left_out(n: Node, generator: str | None) -> bool:
    """Whether the subtree of n is not page content (section 4 of the docstring)."""
    if n.tag in ALWAYS_OUT or n.role() in OUT_ROLES or is_hidden(n):
        return True
    if n.tag in ("header", "footer"):
        p = n.parent
        while p is not None:
            if p.tag in LANDMARK_SCOPE:
                return False
            p = p.parent
        return True
    if generator == "docbook" and n.tag == "div" and n.cls() & DOCBOOK_OUT_CLASSES:
        return True
    return False


def choose_root(doc: Node, generator: str | None) -> tuple[Node, str]:
    nodes = list(doc.iter())
    for n in nodes:
        if n.tag == "main" and not is_hidden(n):
            return n, "main"
    for n in nodes:
        if n.role() == "main" and not is_hidden(n):
            return n, "role=main"
    articles = [n for n in nodes if n.tag == "article"]
    if len(articles) == 1:
        return articles[0], "article"
    if generator == "doxygen":
        for n in nodes:
            if n.tag == "div" and "contents" in n.cls():
                return n, "doxygen div.contents"
    for n in nodes:
        if n.tag == "body":
            return n, "body"
    return doc, "document"


def heading_level(n: Node) -> int | None:
    role = n.role()
    if n.tag in HEADINGS and role not in ("presentation", "none"):
        if role == "heading" and (n.attrs.get("aria-level") or "").strip().isdigit():
            return int(n.attrs["aria-level"])
        return int(n.tag[1])
    if role == "heading":
        lv = (n.attrs.get("aria-level") or "").strip()
        return int(lv) if lv.isdigit() and int(lv) > 0 else 2
    return None


def heading_text(n: Node, generator: str | None) -> str:
    out: list = []

    def walk(x: Node):
        for c in x.children:
            if isinstance(c, str):
                out.append(c)
                continue
            if c.tag in ("script", "style", "template") or is_hidden(c):
                continue
            if c.cls() & PERMALINK_CLASSES:
                continue
            if c.tag == "a" and (c.attrs.get("href") or "").startswith("#") and \
                    PERMALINK_ONLY.match(plain_text(c)):
                continue
            if c.tag in BLOCKISH:
                out.append(" ")
            walk(c)
            if c.tag in BLOCKISH:
                out.append(" ")

    walk(n)
    t = norm("".join(out))
    t = PERMALINK_TAIL.sub("", t)
    return norm(t)


def plain_text(n: Node) -> str:
    out: list = []

    def walk(x):
        for c in x.children:
            if isinstance(c, str):
                out.append(c)
            elif c.tag not in ("script", "style", "template"):
                if c.tag in BLOCKISH:
                    out.append(" ")
                walk(c)

    walk(n)
    return norm("".join(out))


def analyse(path: str) -> dict:
    data = open(path, "rb").read()
    text, enc = decode_page(data)
    doc = parse(text)
    generator = find_generator(doc)
    root, how = choose_root(doc, generator)

    headings: list = []
    counts = {"pre": 0, "code_blocks": 0, "tables": 0, "lists": 0}
    header_rows: list = []
    boiler: list = []

    def collect_boiler(n: Node):
        for x in n.iter():
            if x.tag == "a" or heading_level(x) is not None:
                t = heading_text(x, generator)
                if t and len(t) <= 200:
                    boiler.append(t)

    def walk(n: Node, in_pre: bool, in_table: bool, in_list: bool):
        for c in n.children:
            if isinstance(c, str):
                continue
            if left_out(c, generator):
                collect_boiler(c)
                continue
            lv = heading_level(c)
            if lv is not None:
                headings.append({"level": lv, "text": heading_text(c, generator),
                                 "in_table": in_table})
                # headings nested in this heading are not counted again; code/tables inside a
                # heading do not occur in practice
                continue
            pre, tab, lst = in_pre, in_table, in_list
            if c.tag == "pre" and not in_pre:
                counts["pre"] += 1
                counts["code_blocks"] += 1
                pre = True
            elif (generator == "doxygen" and c.tag == "div" and "fragment" in c.cls()
                  and not in_pre):
                counts["code_blocks"] += 1
                pre = True
            if c.tag == "table" and c.role() not in ("presentation", "none"):
                if not in_table:
                    counts["tables"] += 1
                    header_rows.append(table_header_rows(c))
                tab = True
            if c.tag in ("ul", "ol", "dl"):
                if not in_list and not in_table:
                    counts["lists"] += 1
                lst = True
            walk(c, pre, tab, lst)

    walk(root, False, False, False)

    # boilerplate outside the root
    def outside(n: Node):
        for c in n.children:
            if isinstance(c, Node):
                if c is root:
                    continue
                if c.tag == "a" or heading_level(c) is not None:
                    t = heading_text(c, generator)
                    if t and len(t) <= 200:
                        boiler.append(t)
                outside(c)

    outside(doc)
    seen = set()
    boiler_unique = [b for b in boiler if not (b in seen or seen.add(b))]

    title = next((plain_text(n) for n in doc.iter() if n.tag == "title"), None)
    return {
        "file": path,
        "encoding": enc,
        "generator_profile": generator,
        "title": title,
        "root": {"rule": how, "element": root.describe()},
        "headings": [[h["level"], h["text"]] + (["in_table"] if h["in_table"] else [])
                     for h in headings],
        "pre": counts["pre"],
        "code_blocks": counts["code_blocks"],
        "tables": counts["tables"],
        "table_header_rows": header_rows,
        "lists": counts["lists"],
        "boilerplate_texts": boiler_unique,
        "_headings": headings,
    }


def table_header_rows(table: Node) -> int:
    """Header rows of a table: the rows of its <thead>, else its leading rows whose cells are
    all <th>. Rows of nested tables are not this table's."""
    rows: list = []  # (in_thead, [cell tags])

    def walk(n: Node, in_head: bool):
        for c in n.children:
            if isinstance(c, str) or c.tag == "table":
                continue
            if c.tag == "tr":
                cells = [x.tag for x in c.children
                         if not isinstance(x, str) and x.tag in ("td", "th")]
                rows.append((in_head, cells))
            else:
                walk(c, in_head or c.tag == "thead")

    walk(table, False)
    head = sum(1 for h, _ in rows if h)
    if head:
        return head
    n = 0
    for _, cells in rows:
        if cells and all(t == "th" for t in cells):
            n += 1
        else:
            break
    return n


# Table header rows over every page of --all: [agreeing tables, tables compared, mismatches].
HEADER_STATS = [0, 0, []]
MIN_HEADER_SHARE = 0.95


# --------------------------------------------------------------------------------------------
# 6. Comparison with docsweep's `inspect --json`
# --------------------------------------------------------------------------------------------

def align(oracle: list, got: list) -> list | None:
    """Match got (list of titles) against oracle headings where in-table ones are optional.
    Returns the list of oracle indices matched to got[0..], or None."""
    n, m = len(oracle), len(got)
    # ok[i][j]: oracle[i:] can match got[j:]
    ok = [[False] * (m + 1) for _ in range(n + 1)]
    ok[n][m] = True
    for i in range(n - 1, -1, -1):
        opt = oracle[i]["in_table"]
        for j in range(m, -1, -1):
            r = False
            if j < m and oracle[i]["text"] == got[j] and ok[i + 1][j + 1]:
                r = True
            elif opt and ok[i + 1][j]:
                r = True
            ok[i][j] = r
    if not ok[0][0]:
        return None
    res, i, j = [], 0, 0
    while i < n:
        if j < m and oracle[i]["text"] == got[j] and ok[i + 1][j + 1]:
            res.append(i)
            i, j = i + 1, j + 1
        else:
            i += 1
    return res


def html_parents(levels: list) -> list:
    """Index of each heading's parent (nearest earlier heading with a smaller level), or -1."""
    parents, stack = [], []
    for i, lv in enumerate(levels):
        while stack and levels[stack[-1]] >= lv:
            stack.pop()
        parents.append(stack[-1] if stack else -1)
        stack.append(i)
    return parents


def compare(inspect: dict, page: str, out) -> bool:
    o = analyse(page)
    failures: list = []
    doc = inspect.get("document") or {}
    if doc.get("format") != "html":
        failures.append("document.format is %r, expected 'html'" % doc.get("format"))
    if doc.get("status") != "ok":
        failures.append("document.status is %r (reason %r), expected 'ok'"
                        % (doc.get("status"), doc.get("reason")))

    sections = [s for s in inspect.get("sections", []) if s.get("title") is not None]
    oh = o["_headings"]
    # An optional leading document-title section made from <title> (heading_source html_title),
    # allowed only when the page's content has no h1.
    lead = 0
    if sections and sections[0].get("heading_source") == "html_title":
        lead = 1
        if norm(sections[0]["title"]) != norm(o["title"] or ""):
            failures.append("html_title section %r is not the page's <title> %r"
                            % (sections[0]["title"], o["title"]))
        if any(h["level"] == 1 for h in oh if not h["in_table"]):
            failures.append("<title> %r was made a heading although the page has an h1"
                            % sections[0]["title"])
    titles = [norm(s["title"]) for s in sections[lead:]]
    blocks = inspect.get("blocks", [])
    kinds: dict = {}
    for b in blocks:
        kinds[b.get("type")] = kinds.get(b.get("type"), 0) + 1

    matched = align(oh, titles)
    if matched is None:
        failures.append("headings differ (- oracle, + docsweep; '?' marks optional in-table "
                        "headings):")
        exp = [("? " if h["in_table"] else "") + "h%d %s" % (h["level"], h["text"]) for h in oh]
        got = ["d%d %s" % (s.get("depth", 0), norm(s["title"])) for s in sections[lead:]]
        a = [h["text"] for h in oh]
        sm = difflib.SequenceMatcher(a=a, b=titles, autojunk=False)
        shown = 0
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "equal":
                continue
            for k in range(i1, i2):
                if not (oh[k]["in_table"] and tag == "delete"):
                    failures.append("    - [%d] %s" % (k, exp[k]))
                    shown += 1
            for k in range(j1, j2):
                failures.append("    + [%d] %s" % (k, got[k]))
                shown += 1
            if shown > 40:
                failures.append("    ...")
                break
        boiler = set(o["boilerplate_texts"])
        expected_count: dict = {}
        for h in oh:
            expected_count[h["text"]] = expected_count.get(h["text"], 0) + 1
        got_count: dict = {}
        for t in titles:
            got_count[t] = got_count.get(t, 0) + 1
        navs = sorted(t for t, c in got_count.items()
                      if t in boiler and c > expected_count.get(t, 0))
        for t in navs:
            failures.append("navigation/boilerplate text taken as a heading: %r" % t)
    else:
        # depth never skips a level
        prev = 0
        for s in sections:
            d = s.get("depth", 0)
            if d > prev + 1 or d < 1:
                failures.append("section %s %r has depth %d after depth %d (skips a level)"
                                % (s.get("section_id"), s["title"], d, prev))
            prev = d
        # tree shape: parents agree
        levels = [0] * lead + [oh[i]["level"] for i in matched]
        par = html_parents(levels)
        by_id = {s.get("section_id"): k for k, s in enumerate(sections)}
        bad = 0
        for k, s in enumerate(sections):
            p = s.get("parent_id")
            got_parent = by_id.get(p, -1) if p is not None else -1
            if got_parent != par[k]:
                bad += 1
                if bad <= 10:
                    want = sections[par[k]]["title"] if par[k] >= 0 else None
                    have = sections[got_parent]["title"] if got_parent >= 0 else None
                    failures.append("section %r: parent is %r, the page's outline says %r"
                                    % (s["title"], have, want))
        if bad > 10:
            failures.append("... %d parent mismatches in all" % bad)

    nhead = kinds.get("heading", 0)
    if nhead != len(sections):
        failures.append("%d heading blocks but %d titled sections" % (nhead, len(sections)))
    if kinds.get("code", 0) != o["code_blocks"]:
        failures.append("code blocks: docsweep %d, oracle %d (<pre> %d%s)"
                        % (kinds.get("code", 0), o["code_blocks"], o["pre"],
                           ", Doxygen div.fragment %d" % (o["code_blocks"] - o["pre"])
                           if o["code_blocks"] != o["pre"] else ""))
    if kinds.get("table", 0) != o["tables"]:
        failures.append("tables: docsweep %d, oracle %d" % (kinds.get("table", 0), o["tables"]))
    else:
        got_heads = [((b.get("attrs") or {}).get("table") or {}).get("header_rows")
                     for b in inspect.get("blocks", []) if b.get("type") == "table"]
        for k, (g, w) in enumerate(zip(got_heads, o["table_header_rows"])):
            HEADER_STATS[1] += 1
            if g == w:
                HEADER_STATS[0] += 1
            else:
                HEADER_STATS[2].append("%s table %d: header_rows %s, the page's %d"
                                       % (os.path.relpath(page), k + 1, g, w))

    name = os.path.relpath(page)
    req = sum(1 for h in oh if not h["in_table"])
    summary = ("headings %d (+%d optional) / pre %d / code %d / tables %d / lists %d; docsweep: "
               "sections %d, code %d, tables %d, lists %d"
               % (req, len(oh) - req, o["pre"], o["code_blocks"], o["tables"], o["lists"],
                  len(sections), kinds.get("code", 0), kinds.get("table", 0),
                  kinds.get("list", 0)))
    if failures:
        print("FAIL %s  [root: %s]" % (name, o["root"]["element"]), file=out)
        print("  " + summary, file=out)
        for f in failures:
            print("  " + f, file=out)
        return False
    print("ok   %s  (%s)" % (name, summary), file=out)
    return True


def run_all(directory: str, binary: str) -> int:
    pages = []
    for dp, dn, fn in os.walk(directory):
        dn.sort()
        for f in sorted(fn):
            if f.lower().endswith((".html", ".htm")):
                pages.append(os.path.join(dp, f))
    passed = failed = 0
    for p in pages:
        try:
            r = subprocess.run([binary, "inspect", "--json", p], capture_output=True,
                               timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            print("FAIL %s  could not run %s: %s" % (p, binary, e))
            failed += 1
            continue
        if r.returncode != 0:
            print("FAIL %s  inspect exited %d: %s"
                  % (p, r.returncode, r.stderr.decode("utf-8", "replace").strip()[:500]))
            failed += 1
            continue
        try:
            data = json.loads(r.stdout)
        except ValueError as e:
            print("FAIL %s  inspect printed no JSON: %s" % (p, e))
            failed += 1
            continue
        if compare(data, p, sys.stdout):
            passed += 1
        else:
            failed += 1
    print("html: %d passed, %d failed" % (passed, failed))
    agree, tables, diffs = HEADER_STATS
    for d in diffs:
        print("  header rows differ: " + d)
    share = agree / tables if tables else 0.0
    print("table header rows: %d of %d tables agree (%.3f, at least %.2f required)"
          % (agree, tables, share, MIN_HEADER_SHARE))
    headers_ok = tables >= 10 and share >= MIN_HEADER_SHARE
    return 0 if failed == 0 and passed > 0 and headers_ok else 1


def main(argv: list) -> int:
    sys.setrecursionlimit(20000)
    if len(argv) == 1 and not argv[0].startswith("-"):
        r = analyse(argv[0])
        r.pop("_headings")
        text = json.dumps(r, ensure_ascii=False, indent=1)
        # one heading / one boilerplate text per line
        text = re.sub(r"\[\n\s+(\d+),\n\s+(\"(?:[^\"\\]|\\.)*\")(,\n\s+\"in_table\")?\n\s+\]",
                      lambda m: "[%s, %s%s]" % (m.group(1), m.group(2),
                                                ', "in_table"' if m.group(3) else ""), text)
        print(text)
        return 0
    if len(argv) == 3 and argv[0] == "--compare":
        src = sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")
        with src:
            data = json.load(src)
        return 0 if compare(data, argv[2], sys.stdout) else 1
    if len(argv) == 3 and argv[0] == "--all":
        return run_all(argv[1], argv[2])
    print("usage:\n" + __doc__.split("Usage\n-----\n", 1)[1].split("\n\n", 1)[0],
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
