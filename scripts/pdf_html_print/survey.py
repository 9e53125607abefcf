#!/usr/bin/env python3
"""Stage A survey of PDF set 19: candidate HTML pages of the first N pool packages.

usage: python3 survey.py WORK N   (WORK holds pool.tsv; writes WORK/survey.tsv, resumable)
For pool ranks 0..N-1: `apt-get download` into WORK/debs, `dpkg-deb -c`; a page is a candidate
if it is a regular file (tar type "-", so no symlink or hard link) under usr/share/doc, named
*.html or *.htm, 8 KiB to 250 KiB, whose file name stem (lower case) contains none of index,
search, changelog, changes, license, licence, copying. Packages with a candidate are unpacked to
WORK/x/PACKAGE (dpkg-deb -x); other debs are deleted. Columns: rank, package, version, path,
bytes, family and generator (classify.py), english (classify.english, 1 or 0; select_set.py
uses only english pages). `survey.py --recheck WORK` recomputes the english column of an
existing survey.tsv (the set was made with it after the English rule was tightened).
"""
import os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classify import family, generator, english

work = sys.argv[1]
if work == '--recheck':
    # recompute the english column of WORK/survey.tsv with classify.english (the final rule)
    work = sys.argv[2]
    out = os.path.join(work, 'survey.tsv')
    lines = open(out).read().split('\n')
    new = [lines[0]]
    for l in lines[1:]:
        if l:
            f = l.split('\t')
            f[7] = str(english(open(os.path.join(work, 'x', f[1], f[3]), 'rb').read()))
            new.append('\t'.join(f))
    open(out, 'w').write('\n'.join(new) + '\n')
    sys.exit()
N = int(sys.argv[2])
pool = [l.rstrip('\n').split('\t') for l in open(os.path.join(work, 'pool.tsv'))][1:]
out = os.path.join(work, 'survey.tsv')
done = set()
if os.path.exists(out):
    for l in open(out):
        done.add(l.split('\t')[1])
else:
    open(out, 'w').write('rank\tpackage\tversion\tpath\tbytes\tfamily\tgenerator\tenglish\n')
pkgdone = os.path.join(work, 'survey_done.txt')
if os.path.exists(pkgdone):
    done |= set(open(pkgdone).read().split())
debs = os.path.join(work, 'debs'); os.makedirs(debs, exist_ok=True)
os.makedirs(os.path.join(work, 'x'), exist_ok=True)
BAD = re.compile(r'index|search|changelog|changes|license|licence|copying')

todo = [r for r in pool[:N] if r[1] not in done]
for i in range(0, len(todo), 20):
    batch = todo[i:i + 20]
    subprocess.run(['apt-get', 'download'] + [f'{r[1]}={r[2]}' for r in batch], cwd=debs,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for rank, pkg, ver, size, _ in batch:
        fn = [f for f in os.listdir(debs) if f.startswith(pkg + '_')]
        rows = []
        if fn:
            deb = os.path.join(debs, fn[0])
            lst = subprocess.run(['dpkg-deb', '-c', deb], capture_output=True, text=True).stdout
            cands = []
            for line in lst.splitlines():
                f = line.split(None, 5)
                if len(f) < 6 or not f[0].startswith('-'):
                    continue
                path = f[5].split(' -> ')[0]
                if path.startswith('./'):
                    path = path[2:]
                base = os.path.basename(path)
                stem, ext = os.path.splitext(base)
                if not path.startswith('usr/share/doc/') or ext.lower() not in ('.html', '.htm'):
                    continue
                sz = int(f[2])
                if not (8 * 1024 <= sz <= 250 * 1024) or BAD.search(stem.lower()):
                    continue
                cands.append((path, sz))
            if cands:
                xd = os.path.join(work, 'x', pkg)
                if not os.path.isdir(xd):
                    subprocess.run(['dpkg-deb', '-x', deb, xd], check=True)
                for path, sz in cands:
                    b = open(os.path.join(xd, path), 'rb').read()
                    gen = re.sub(r'[\t\n\r]', ' ', generator(b))
                    rows.append(f'{rank}\t{pkg}\t{ver}\t{path}\t{sz}\t{family(b)}\t{gen}\t{english(b)}\n')
            else:
                os.remove(deb)
        else:
            print('download failed', pkg, file=sys.stderr)
        with open(out, 'a') as o:
            o.writelines(rows)
        with open(pkgdone, 'a') as o:
            o.write(pkg + '\n')
    print(i + len(batch), 'of', len(todo), flush=True)
