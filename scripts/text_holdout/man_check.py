#!/usr/bin/python3
"""Man page headings against their `.SH`/`.SS` source, over the man pages of this machine.

    /usr/bin/python3 scripts/text_holdout/man_check.py BIN [N] [--salt S] [--paged]
        [--worst K] [--dir MANDIR]

Takes N man pages (default 150) of 2-200 KB compressed from sections 1, 5 and 8 of MANDIR
(default /usr/share/man), in the order of md5(S + ":" + path) with S = `mandev` unless
`--salt` names another, leaving out every page whose file name a text hold-out set lists
(`docs*.tsv`). Renders each as the hold-out builder does (`build.py`'s `build_man`: groff,
one continuous page, or 66-line pages with `--paged`), with the same gold: the source's
section and subsection titles found in the render. The docsweep side is `BIN inspect --json`
(its sections, the preamble left out). Titles match casefolded, letters and digits only, once
each. Prints the K worst pages and the totals: recall, spurious titles, depth agreement.

Like `rst_check.py` it is a development check over a wide pool, not a held-out measure.
"""
import glob
import hashlib
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
import rst_check  # noqa: E402
from rst_check import Tally  # noqa: E402


def held_out_names():
    here = os.path.dirname(os.path.abspath(__file__))
    names = set()
    for tsv in glob.glob(os.path.join(here, "docs*.tsv")):
        for line in open(tsv, encoding="utf-8"):
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 4 and not line.startswith("#"):
                names.add(os.path.basename(cols[4]).split(".gz")[0])
    return names


def option(name, default):
    if name in sys.argv:
        i = sys.argv.index(name)
        value = sys.argv[i + 1]
        del sys.argv[i:i + 2]
        return value
    return default


def main():
    salt = option("--salt", "mandev")
    worst = int(option("--worst", "10"))
    mandir = option("--dir", "/usr/share/man")
    paged = "--paged" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--paged"]
    binary = args[0]
    n = int(args[1]) if len(args) > 1 else 150
    skip = held_out_names()
    pages = []
    for sec in ("man1", "man5", "man8"):
        for path in glob.glob(os.path.join(mandir, sec, "*")):
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            if not 2000 < os.path.getsize(path) < 200000:
                continue
            if os.path.basename(path).split(".gz")[0] in skip:
                continue
            pages.append(path)
    pages.sort(key=lambda p: hashlib.md5((salt + ":" + p).encode()).hexdigest())
    work = tempfile.mkdtemp(prefix="man_check.")
    os.makedirs(os.path.join(work, "pkgs"))
    os.symlink(mandir, os.path.join(work, "pkgs", "sys"))
    tally = Tally()
    for path in pages:
        if len(tally.rows) >= n:
            break
        rel = os.path.relpath(path, mandir)
        name = rel.replace("/", "__")
        doc = {"package": "sys", "path": rel, "name": name, "opts": {"paged": True} if paged else {}}
        try:
            src = build.read_src(path).decode("utf-8", "replace")
            if src.lstrip().startswith(".so "):
                continue
            text, gold = build.build_man(doc, work, work)
        except Exception:
            continue
        heads = [h for h in gold["headings"] if h["status"] == "ok"]
        if len(heads) < 3:
            continue
        txt = os.path.join(work, name + ".txt")
        open(txt, "w", encoding="utf-8").write(text)
        got = rst_check.docsweep_titles(binary, txt, build.norm)
        if got is not None:
            tally.add(path, [(build.norm(h["title"]), h["depth"]) for h in heads], got)
    tally.report("man check", "pages", worst)


if __name__ == "__main__":
    main()
