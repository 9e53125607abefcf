#!/usr/bin/env python3
"""Build PDF set 19 from manifest.tsv and split.tsv (called by fetch.sh).

usage: python3 build.py WORKDIR VENV [SETDIR]
SETDIR holds manifest.tsv and split.tsv: this folder (set 19) unless given (set 20: set20/).
Downloads each manifest package (apt-get download PACKAGE=VERSION) into WORKDIR/debs, unpacks
it fresh into WORKDIR/x/PACKAGE, checks the page's sha256, renders it with render.py (VENV's
WeasyPrint), checks the page count and outline entry count against the manifest, writes the
gold with gold.py and puts NAME.pdf and NAME.pdf.gold.tsv into WORKDIR/dev or WORKDIR/test.
A differing PDF sha256 is reported, not fatal (see README: WeasyPrint output and fonts).
"""
import hashlib, os, re, shutil, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gold

work, venv = sys.argv[1], sys.argv[2]
setdir = sys.argv[3] if len(sys.argv) > 3 else HERE
rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(setdir, 'manifest.tsv'))][1:]
half = dict(l.rstrip('\n').split('\t') for l in open(os.path.join(setdir, 'split.tsv'))
            if not l.startswith('#'))
debs = os.path.join(work, 'debs')
for d in ('debs', 'x', 'dev', 'test', 'tmp'):
    os.makedirs(os.path.join(work, d), exist_ok=True)
sha = lambda p: hashlib.sha256(open(p, 'rb').read()).hexdigest()
bad = same = 0
unpacked = set()
for name, fam, pkg, ver, path, hsha, pages, nout, psha in rows:
    if pkg not in unpacked:
        fv = ver.replace(':', '%3a')  # apt-get download's file name for an epoch
        if not [f for f in os.listdir(debs) if f.startswith(f'{pkg}_{fv}_')]:
            subprocess.run(['apt-get', 'download', f'{pkg}={ver}'], cwd=debs, check=True,
                           stdout=subprocess.DEVNULL)
        deb = [f for f in os.listdir(debs) if f.startswith(f'{pkg}_{fv}_')][0]
        xd = os.path.join(work, 'x', pkg)
        shutil.rmtree(xd, ignore_errors=True)
        subprocess.run(['dpkg-deb', '-x', os.path.join(debs, deb), xd], check=True)
        unpacked.add(pkg)
    src = os.path.join(work, 'x', pkg, path)
    if sha(src) != hsha:
        print(f'{name}: HTML sha256 differs', file=sys.stderr); bad += 1; continue
    tmp = os.path.join(work, 'tmp', name)
    with open(os.path.join(work, 'render.log'), 'a') as log:
        log.write(f'=== {name}\n'); log.flush()
        subprocess.run([os.path.join(venv, 'bin', 'python'), os.path.join(HERE, 'render.py'),
                        src, tmp], check=True, stdout=log, stderr=log, timeout=600)
    info = subprocess.run(['pdfinfo', tmp], capture_output=True, text=True).stdout
    np = re.search(r'^Pages:\s+(\d+)', info, re.M).group(1)
    no = len(gold.entries(tmp))
    if np != pages or str(no) != nout:
        print(f'{name}: pages {np} (manifest {pages}), outline {no} (manifest {nout})',
              file=sys.stderr); bad += 1
    same += sha(tmp) == psha
    dst = os.path.join(work, half[name], name)
    os.replace(tmp, dst)
    gold.write(dst)
print(f'{len(rows)} files, {same} with the manifest PDF sha256, {bad} problems')
sys.exit(1 if bad else 0)
