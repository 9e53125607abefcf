#!/usr/bin/env python3
"""Checks of the set 19 gold against the rendered text (pdftotext), not against any detector.

usage: python3 check_gold.py DIR...   (the folders holding NAME.pdf and NAME.pdf.gold.tsv)
For every outline entry: its raw title (mutool) and its gold title; whether the gold title is
on its page (`pdftotext -f P -l P`, compared with all white space and soft hyphens removed);
whether the raw title with its trailing glyph is on the page (a visible permalink glyph would
be); and which trailing non-alphanumeric characters the raw titles end in.
"""
import glob, os, re, subprocess, sys
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gold

squash = lambda s: re.sub(r'[\s\u00ad]+', '', s)
tails, stripped_visible, tot, found = Counter(), 0, 0, 0
missing = []
for d in sys.argv[1:]:
    for pdf in sorted(glob.glob(os.path.join(d, '*.pdf'))):
        text = {}
        for depth, page, title, raw in gold.entries(pdf):
            if page not in text:
                text[page] = squash(subprocess.run(
                    ['pdftotext', '-f', page, '-l', page, pdf, '-'], capture_output=True,
                    text=True).stdout) if page else ''
            t = text[page]
            tot += 1
            if squash(title) in t:
                found += 1
            else:
                missing.append((os.path.basename(pdf), page, title))
            m = re.search(r'[^\w\s)\]"\'.:?!>]+\s*$', raw)
            if m:
                tails[m.group(0)] += 1
            if squash(raw) != squash(title) and squash(raw) in t:
                stripped_visible += 1
print(f'entries {tot}, gold title found on its page {found}, not found {tot - found}')
print(f'stripped glyphs that are visible on the page: {stripped_visible}')
print('trailing characters of raw titles:', dict(tails))
for m in missing:
    print('not on page:', *m, sep='\t')
