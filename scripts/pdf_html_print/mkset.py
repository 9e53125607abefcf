#!/usr/bin/env python3
"""Write manifest.tsv and split.tsv for the picks, and put the set into WORK/dev and WORK/test.

usage: python3 mkset.py WORK OUTFOLDER   (reads WORK/picks.tsv, WORK/pool.tsv, WORK/x)
Name: FAMILY__PACKAGE__STEM.pdf (STEM = the page's file name without its extension), every
character outside [A-Za-z0-9._+-] made "_". Split: within each family, names in byte order,
positions 0, 2, 4, ... dev and 1, 3, 5, ... test.
"""
import hashlib, os, re, shutil, sys
from collections import defaultdict
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gold

work, outf = sys.argv[1], sys.argv[2]
ver = {l.split('\t')[1]: l.split('\t')[2] for l in list(open(os.path.join(work, 'pool.tsv')))[1:]}
picks = [l.rstrip('\n').split('\t') for l in list(open(os.path.join(work, 'picks.tsv')))[1:]]
sha = lambda p: hashlib.sha256(open(p, 'rb').read()).hexdigest()
rows, byfam = [], defaultdict(list)
for fam, pkg, rnd, path, pages, nout, pdf in picks:
    stem = os.path.splitext(os.path.basename(path))[0]
    name = re.sub(r'[^A-Za-z0-9._+-]', '_', f'{fam}__{pkg}__{stem}') + '.pdf'
    rows.append([name, fam, pkg, ver[pkg], path, sha(os.path.join(work, 'x', pkg, path)),
                 pages, nout, sha(pdf), pdf])
    byfam[fam].append(name)
assert len({r[0] for r in rows}) == len(rows)
half = {}
for fam, names in byfam.items():
    for i, n in enumerate(sorted(names)):
        half[n] = 'dev' if i % 2 == 0 else 'test'
rows.sort()
with open(os.path.join(outf, 'manifest.tsv'), 'w') as f:
    f.write('name\tfamily\tpackage\tversion\tpath\thtml_sha256\tpages\toutline_entries\tpdf_sha256\n')
    for r in rows:
        f.write('\t'.join(r[:9]) + '\n')
with open(os.path.join(outf, 'split.tsv'), 'w') as f:
    for r in rows:
        f.write(f'{r[0]}\t{half[r[0]]}\n')
for h in ('dev', 'test'):
    shutil.rmtree(os.path.join(work, h), ignore_errors=True)
    os.makedirs(os.path.join(work, h))
for r in rows:
    dst = os.path.join(work, half[r[0]], r[0])
    shutil.copyfile(r[9], dst)
    gold.write(dst)
print(len(rows), 'files')
