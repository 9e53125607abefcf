#!/usr/bin/env python3
"""Outline of a PDF (mutool show X.pdf outline) as set 19 gold.

usage: python3 gold.py X.pdf [--count]   writes X.pdf.gold.tsv (or prints the entry count)
depth = nesting level from 1 (the number of tabs mutool puts before the title), page = the
`#page=N` of the entry's target (from 1), title = the outline title with leading and trailing
white space removed and inner runs of white space made one space. A trailing permalink glyph
(pilcrow U+00B6 of Sphinx's headerlink, or U+F0C1 / "#" / "§" / "🔗" after white space) is
removed when it is not visible: when the title with the glyph is not in `pdftotext` of its page
(all white space ignored). Where the theme prints the glyph (some Sphinx themes do), it stays.
"""
import re, subprocess, sys

LINE = re.compile(r'^[-+|]\t(\t*)"(.*)"\t(?:#page=(\d+)[^\t"]*|[^\t"]*)$', re.S)
TAIL = re.compile(r'(?:\s*\u00b6|\s+(?:\uf0c1|#|\u00a7|\U0001f517))+\s*$')
SQUASH = re.compile(r'[\s\u00ad]+')


def _page_text(pdf, page, cache):
    if page not in cache:
        cache[page] = SQUASH.sub('', subprocess.run(
            ['pdftotext', '-f', page, '-l', page, pdf, '-'], capture_output=True,
            text=True).stdout) if page else ''
    return cache[page]


def entries(pdf):
    out = subprocess.run(['mutool', 'show', pdf, 'outline'], capture_output=True, text=True,
                         check=True).stdout
    res, buf, cache = [], '', {}
    for line in out.split('\n'):
        buf = buf + '\n' + line if buf else line
        m = LINE.match(buf)
        if not m:
            continue  # a title with a line break: join with the next line
        depth = len(m.group(1)) + 1
        raw = m.group(2)
        title = ' '.join(raw.split())
        if TAIL.search(raw) and SQUASH.sub('', raw) not in _page_text(pdf, m.group(3) or '', cache):
            title = ' '.join(TAIL.sub('', raw).split())
        res.append((depth, m.group(3) or '', title, raw))
        buf = ''
    return res


def write(pdf):
    es = entries(pdf)
    with open(pdf + '.gold.tsv', 'w', encoding='utf-8') as f:
        f.write('# gold: the PDF outline WeasyPrint wrote from the page\'s h1-h6 (mutool show '
                'outline): depth = nesting level, page from 1; a trailing permalink glyph (\u00b6 and '
                'the like) removed where the page does not show it; see scripts/pdf_html_print/README.md\n')
        for d, p, t, _ in es:
            f.write(f'{d}\t{p}\t{t}\n')


if __name__ == '__main__':
    if '--count' in sys.argv:
        print(len(entries(sys.argv[1])))
    else:
        write(sys.argv[1])
