#!/usr/bin/env python3
"""reST headings against docutils, over any folder of reStructuredText files.

    python3 scripts/text_holdout/rst_check.py BIN DIR [N] [--worst K] [--by-spurious]
        [--salt S] [--max-kb K]

Takes the N files (default 120) of 6-120 KB (`--max-kb` moves the upper bound) under DIR whose
names end in `.rst` or `.rst.txt`, in the order of md5(S + ":" + path) with S = `rstdev` unless
`--salt` names another, so the sample is fixed for a folder and a salt. For each, the gold
is docutils' section tree (doctitle_xform off, reports and file insertion off; a role docutils
does not know reads as Sphinx shows it, `text <target>` as `text`; Sphinx directives stay
unknown; numbers `.. sectnum::` generates are left out), the docsweep side is `BIN inspect --json FILE` (its sections, the
preamble left out). Titles are compared casefolded, letters and digits only; a docsweep title
matches a gold title of equal text once, in any order. Files with fewer than 3 gold sections
are skipped. Prints the K worst files (lowest recall, or most spurious with --by-spurious) and
the totals: recall, spurious titles, and depth agreement of the matched ones.

The benchmark corpus (`scripts/fetch_bench_corpus.sh --mb 200`, in
`~/.cache/docsweep/bench-src` or wherever it was fetched) holds a few thousand reST sources
from Debian documentation packages; the text hold-out sets hold only a few, so this is the
wider net for reST. It is a development check, not a held-out measure: docsweep is tuned
on what it shows.
"""
import hashlib
import json
import os
import re
import subprocess
import sys

import docutils.core
import docutils.nodes
import docutils.parsers.rst.roles


def norm(s):
    return " ".join(re.findall(r"[^\W_]+", s.casefold()))


def sphinx_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """Any role docutils does not know reads as Sphinx shows it: `text <target>` is `text`."""
    m = re.match(r"^(.*?)\s*<[^<>]*>$", text, re.S)
    shown = m.group(1) if m and m.group(1).strip() else text
    return [docutils.nodes.literal(rawtext, shown.lstrip("~!"))], []


_known_role = docutils.parsers.rst.roles.role


def any_role(name, language_module, lineno, reporter):
    fn, messages = _known_role(name, language_module, lineno, reporter)
    return (fn, messages) if fn is not None else (sphinx_role, [])


docutils.parsers.rst.roles.role = any_role


def title_text(title):
    """A title's text without the numbers `.. sectnum::` puts in front of it."""
    return "".join(child.astext() for child in title.children
                   if not (isinstance(child, docutils.nodes.generated)
                           and "sectnum" in child.get("classes", [])))


def gold_sections(src):
    doc = docutils.core.publish_doctree(src, settings_overrides={
        "report_level": 5, "halt_level": 5, "doctitle_xform": False,
        "file_insertion_enabled": False, "raw_enabled": False})
    out = []

    def walk(node, depth):
        for child in node.children:
            if isinstance(child, docutils.nodes.section):
                title = child.next_node(docutils.nodes.title)
                if title is not None:
                    out.append((norm(title_text(title)), depth))
                walk(child, depth + 1)
            elif isinstance(child, docutils.nodes.Element):
                walk(child, depth)

    walk(doc, 1)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    worst = 12
    if "--worst" in sys.argv:
        worst = int(sys.argv[sys.argv.index("--worst") + 1])
        args.remove(str(worst))
    by_spurious = "--by-spurious" in sys.argv
    salt, max_kb = "rstdev", 120
    if "--salt" in sys.argv:
        salt = sys.argv[sys.argv.index("--salt") + 1]
        args.remove(salt)
    if "--max-kb" in sys.argv:
        max_kb = int(sys.argv[sys.argv.index("--max-kb") + 1])
        args.remove(str(max_kb))
    binary, root = args[0], args[1]
    n = int(args[2]) if len(args) > 2 else 120
    files = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            if name.endswith((".rst", ".rst.txt")):
                path = os.path.join(dirpath, name)
                if 6000 < os.path.getsize(path) < max_kb * 1000:
                    files.append(path)
    files.sort(key=lambda p: hashlib.md5((salt + ":" + p).encode()).hexdigest())
    tally = Tally()
    for path in files[:n]:
        src = open(path, encoding="utf-8", errors="replace").read()
        try:
            gold = gold_sections(src)
        except Exception:
            continue
        if len(gold) < 3:
            continue
        got = docsweep_titles(binary, path, norm)
        if got is not None:
            tally.add(path, gold, got)
    tally.report("rst check", "files", worst, by_spurious)


def docsweep_titles(binary, path, norm):
    """(title key, depth) of the sections `BIN inspect --json` finds in `path`, the preamble
    left out; None when docsweep fails."""
    r = subprocess.run([binary, "inspect", "--json", path], capture_output=True, text=True)
    try:
        doc = json.loads(r.stdout)
    except ValueError:
        print("docsweep failed on", path, r.stderr.strip()[:200])
        return None
    return [(norm(s["title"]), s["depth"]) for s in doc["sections"]
            if s.get("title") and s["section_id"] != "0" and s.get("heading_source") != "preamble"]


class Tally:
    """Titles found against gold titles, file by file: each found title matches a gold title
    of equal key once, in any order."""

    def __init__(self):
        self.gold_n = self.hit_n = self.spur_n = self.depth_ok = 0
        self.rows = []

    def add(self, path, gold, got):
        left = list(gold)
        hits, spurious = 0, []
        for title, depth in got:
            match = next((g for g in left if g[0] == title), None)
            if match is None:
                spurious.append(title)
                continue
            left.remove(match)
            hits += 1
            self.depth_ok += int(match[1] == depth)
        self.gold_n += len(gold)
        self.hit_n += hits
        self.spur_n += len(spurious)
        self.rows.append((hits / len(gold), len(spurious), path, len(gold), hits, spurious[:8],
                          [g[0] for g in left][:6]))

    def report(self, label, unit, worst, by_spurious=False):
        rows = sorted(self.rows, key=(lambda r: -r[1]) if by_spurious else (lambda r: (r[0], -r[1])))
        for recall, _, path, g, h, spurious, missed in rows[:worst]:
            print("%.2f %s gold=%d hit=%d\n   spurious=%s\n   missed=%s" % (recall, path, g, h, spurious, missed))
        print("%s: %d %s, recall %.3f, %d spurious, depth equal %.3f" % (
            label, len(self.rows), unit, self.hit_n / max(self.gold_n, 1), self.spur_n,
            self.depth_ok / max(self.hit_n, 1)))


if __name__ == "__main__":
    main()
