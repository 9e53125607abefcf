#!/usr/bin/env python3
"""Candidate packages of PDF set 19 (or another set, with --salt), in walk order.

usage: python3 pool.py DUMPAVAIL EXCL_PACKAGES.txt OUT.tsv [--salt SALT]
Candidates: bookworm packages (apt-cache dumpavail) whose name ends in "-doc" or contains
"-doc-", whose .deb is at most 40 MB, and that are not in EXCL_PACKAGES.txt (build_excl.py).
Order: md5(SALT + ":" + package), hex, ascending; SALT is "set19" unless given (set 20: "set20").
Columns: rank, package, version, size, md5.
"""
import hashlib, re, sys
from dumpavail import records

args = sys.argv[1:]
SALT = 'set19'
if '--salt' in args:
    i = args.index('--salt')
    SALT = args[i + 1]
    del args[i:i + 2]
dump, exclf, out = args[:3]
excl = set(open(exclf).read().split())
rows = []
n_doc = n_big = n_excl = 0
for d in records(dump):
    p = d.get('Package')
    if not p or not re.search(r'-doc($|-)', p):
        continue
    n_doc += 1
    if int(d.get('Size', 0)) > 40_000_000:
        n_big += 1
        continue
    if p in excl:
        n_excl += 1
        continue
    rows.append((hashlib.md5((SALT + ':' + p).encode()).hexdigest(), p, d['Version'], d['Size']))
rows.sort()
with open(out, 'w') as f:
    f.write('rank\tpackage\tversion\tsize\tmd5\n')
    for i, (h, p, v, s) in enumerate(rows):
        f.write(f'{i}\t{p}\t{v}\t{s}\t{h}\n')
print(f'doc-named {n_doc}, over 40 MB {n_big}, excluded {n_excl}, candidates {len(rows)}')
