#!/usr/bin/env python3
"""Copies a corpus and edits the copy the way a night does: of its Markdown files in path order,
every 9th gets a sentence appended, the next a heading inserted into its first long paragraph,
the next two paragraphs joined; one file is deleted and one renamed.

    python3 tests/interop/nightly_edit.py SRC DST
"""

import os
import shutil
import sys

src, dst = sys.argv[1], sys.argv[2]
shutil.copytree(src, dst)
md = sorted(
    os.path.join(d, f) for d, _, fs in os.walk(dst) for f in fs if f.endswith(".md")
)
for i, path in enumerate(md):
    if i == 3:
        os.remove(path)
        continue
    if i == 4:
        os.rename(path, path[:-3] + "-renamed.md")
        continue
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    paras = text.split("\n\n")
    prose = [k for k, p in enumerate(paras)
             if len(p) > 200 and p[:1].isalpha() and ". " in p and "```" not in p]
    if i % 9 == 1:
        text += "\n\nA sentence added by the nightly edit.\n"
    elif i % 9 == 2 and prose:
        p = paras[prose[0]]
        cut = p.index(". ") + 2
        paras[prose[0]] = p[:cut] + "\n\n## A heading added tonight\n\n" + p[cut:]
        text = "\n\n".join(paras)
    elif i % 9 == 3 and prose and prose[0] + 1 < len(paras):
        k = prose[0]
        paras[k:k + 2] = [paras[k] + "\n" + paras[k + 1]]
        text = "\n\n".join(paras)
    else:
        continue
    open(path, "w", encoding="utf-8", errors="surrogateescape").write(text)
