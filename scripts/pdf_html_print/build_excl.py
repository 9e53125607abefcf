#!/usr/bin/env python3
"""Exclusion list for PDF set 19, or set 20 with --set 20 (run from the repository root).

usage: python3 scripts/pdf_html_print/build_excl.py DUMPAVAIL OUTDIR [--set 20]
DUMPAVAIL is `apt-cache dumpavail` (Debian bookworm). Writes OUTDIR/excl_names.txt (package
names found in the earlier sets' lists), OUTDIR/excl_sources.txt (their source packages) and
OUTDIR/excl_packages.txt (every binary package of those source packages), each with the file
that named it.

Names come from: the package column of scripts/html_holdout/pages.tsv, scripts/text_holdout/
docs*.tsv, /var/tmp/docsweep-pdf-holdout*/MANIFEST.tsv, scripts/pdf_source_gold/manifest.tsv,
set17/ and set18/manifest.tsv; and every word of scripts/fetch_pdf_holdout*.sh,
scripts/fetch_bench_corpus.sh, scripts/fetch_html_bench.sh, tests/data/html/ (README, file and
folder names) and datasets/ (README, bench lists, folder names) that is a bookworm package
name (over-inclusive on purpose: a common word that is also a package name excludes it).

--set 20 (set 20's exclusions; without it the output is set 19's, unchanged) also takes names
from: the Debian rows ("deb") of the LIST in scripts/make_pdf_holdout_rendered.sh (sets 8 and
9, which set 19's list missed), the package column of scripts/pdf_html_print/manifest.tsv (set
19) and of /var/tmp/pdfhtml19/picks.tsv (set 19's picks, when present), and every word of
tests/data/pdf/README.md that is a bookworm package name (the PDF fixtures' sources).
"""
import glob, os, re, sys
from collections import defaultdict
from dumpavail import records

args = sys.argv[1:]
SET = 19
if '--set' in args:
    i = args.index('--set')
    SET = int(args[i + 1])
    del args[i:i + 2]
dump, outdir = args[0], args[1]
os.makedirs(outdir, exist_ok=True)
src_of = {}
for d in records(dump):
    if 'Package' in d:
        src_of[d['Package']] = d.get('Source', d['Package']).split(' ')[0]
pkgs_of = defaultdict(set)
for p, s in src_of.items():
    pkgs_of[s].add(p)

named = defaultdict(set)  # name -> files

def col(path, idx, header_word='package'):
    for line in open(path, encoding='utf-8', errors='replace'):
        if line.startswith('#') or not line.strip():
            continue
        f = line.rstrip('\n').split('\t')
        if len(f) > idx and f[idx] != header_word:
            named[f[idx]].add(path)

col('scripts/html_holdout/pages.tsv', 2)
for p in sorted(glob.glob('scripts/text_holdout/docs*.tsv')):
    col(p, 2)
for p in sorted(glob.glob('/var/tmp/docsweep-pdf-holdout*/MANIFEST.tsv')):
    col(p, 1)
for p in ['scripts/pdf_source_gold/manifest.tsv', 'scripts/pdf_source_gold/set17/manifest.tsv',
          'scripts/pdf_source_gold/set18/manifest.tsv']:
    col(p, 1)
if SET >= 20:
    rendered = 'scripts/make_pdf_holdout_rendered.sh'
    m = re.search(r"^LIST='\n(.*?)^'", open(rendered, encoding='utf-8').read(), re.S | re.M)
    for line in m.group(1).splitlines():
        f = line.split('\t')
        if len(f) > 5 and f[4] == 'deb':
            named[f[5]].add(rendered)
    col('scripts/pdf_html_print/manifest.tsv', 2)
    if os.path.exists('/var/tmp/pdfhtml19/picks.tsv'):
        col('/var/tmp/pdfhtml19/picks.tsv', 1)

word = re.compile(r'[a-z0-9][a-z0-9+.-]*[a-z0-9+]')
def words(path, text):
    for w in word.findall(text.lower()):
        for c in {w, w.rstrip('.')}:
            if c in src_of:
                named[c].add(path)

texts = sorted(glob.glob('scripts/fetch_pdf_holdout*.sh')) + ['scripts/fetch_bench_corpus.sh',
        'scripts/fetch_html_bench.sh']
for root in ['tests/data/html', 'datasets']:
    for dp, dns, fns in os.walk(root):
        if '/sample/' in dp + '/' and dp.count('/') > 3:
            pass
        for n in dns + fns:
            words(os.path.join(dp, n), n.replace('__', ' '))
        for fn in fns:
            if fn.endswith(('.md', '.txt')) and 'licenses' not in dp and '/sample' not in dp:
                texts.append(os.path.join(dp, fn))
if SET >= 20:
    texts.append('tests/data/pdf/README.md')
for t in texts:
    words(t, open(t, encoding='utf-8', errors='replace').read())

names = {n for n in named if n in src_of}
unknown = sorted(n for n in named if n not in src_of)
srcs = {src_of[n] for n in names}
excl = {p for s in srcs for p in pkgs_of[s]}
with open(os.path.join(outdir, 'excl_names.txt'), 'w') as f:
    for n in sorted(names):
        f.write(f"{n}\t{src_of[n]}\t{' '.join(sorted(named[n]))}\n")
with open(os.path.join(outdir, 'excl_unknown.txt'), 'w') as f:
    for n in unknown:
        f.write(f"{n}\t{' '.join(sorted(named[n]))}\n")
with open(os.path.join(outdir, 'excl_sources.txt'), 'w') as f:
    f.write('\n'.join(sorted(srcs)) + '\n')
with open(os.path.join(outdir, 'excl_packages.txt'), 'w') as f:
    f.write('\n'.join(sorted(excl)) + '\n')
print(f"names {len(names)} (not in bookworm: {len(unknown)}), sources {len(srcs)}, excluded binary packages {len(excl)}")
