#!/usr/bin/env python3
"""Select PDF set 19: render candidates lazily and take 60 pages round-robin over families.

usage: python3 select_set.py WORK [VENV] [--salt SALT] [--target N] [--min-pages P --max-files M]
                            [--strict-english]
(WORK has pool.tsv, survey.tsv, x/; VENV default /var/tmp/wp-venv). Writes WORK/renders.tsv
(every render tried, resumable cache), WORK/picks.tsv. The defaults are set 19's: SALT "set19",
N 60, no page rule, survey.tsv's english column. Set 20: --salt set20 --target 60
--min-pages 700 --max-files 80 --strict-english (candidate pages must also pass
classify.english_strict, tested here on the unpacked page).

One package per source package (WORK/dumpavail.txt's Source field): the first in walk order
that has an English candidate page. A package's qualifying page: its English candidate pages (survey.tsv) in md5("set19:" +
package + ":" + path) order; the first one that renders (render.py, 120 s timeout) to 2-30
pages with at least 5 outline entries. Pages with fewer than 5 <h1>-<h6> start tags are not
rendered (they cannot have 5 outline entries: WeasyPrint's outline comes from h1-h6). At most
MAXTRY=8 renders per package: a package whose first 8 rendered candidates all fail the page
or outline test is dropped. A package's family is its qualifying page's family (classify.py).

Round-robin: families in the order of their first member in the pool walk (= md5("set19:" +
package) order); round r takes the r-th member of each family in that order, until 60.

Other sets: "set19" above is SALT (pool.py --salt must have used the same). With --min-pages P,
the round-robin goes on past N files, in the same order, until the picks have P pages in all
or M files (M defaults to N): it stops at the first pick after which files >= N and pages >= P,
or files = M.
"""
import hashlib, os, re, subprocess, sys, time
from collections import defaultdict
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from classify import family, english_strict
from gold import entries

args = sys.argv[1:]
STRICT = '--strict-english' in args
if STRICT:
    args.remove('--strict-english')
opt = {'--salt': 'set19', '--target': '60', '--min-pages': '0', '--max-files': None}
for k in list(opt):
    if k in args:
        i = args.index(k)
        opt[k] = args[i + 1]
        del args[i:i + 2]
work = args[0]
venv = args[1] if len(args) > 1 else '/var/tmp/wp-venv'
SALT = opt['--salt']
TARGET, MAXTRY, TIMEOUT = int(opt['--target']), 8, 120
MINPAGES = int(opt['--min-pages'])
MAXFILES = int(opt['--max-files'] or TARGET)
pool = [l.rstrip('\n').split('\t') for l in open(os.path.join(work, 'pool.tsv'))][1:]
rank = {r[1]: int(r[0]) for r in pool}
cands = defaultdict(list)
for l in list(open(os.path.join(work, 'survey.tsv')))[1:]:
    f = l.rstrip('\n').split('\t')
    if f[7] == '1':
        if STRICT and not english_strict(open(os.path.join(work, 'x', f[1], f[3]), 'rb').read()):
            continue
        cands[f[1]].append(f[3])
for p in cands:
    cands[p].sort(key=lambda path: hashlib.md5(f'{SALT}:{p}:{path}'.encode()).hexdigest())
# at most one package per source package: the first in walk order with an English candidate
src_of = {}
for rec in open(os.path.join(work, 'dumpavail.txt'), encoding='utf-8', errors='replace').read().split('\n\n'):
    m = re.search(r'^Package: (\S+)', rec, re.M)
    if m:
        sm = re.search(r'^Source: (\S+)', rec, re.M)
        src_of[m.group(1)] = sm.group(1) if sm else m.group(1)
order, seen_src = [], {}
for p in sorted(cands, key=rank.get):
    if src_of[p] in seen_src:
        print(f'same source as {seen_src[src_of[p]]}: {p} left out', flush=True)
        continue
    seen_src[src_of[p]] = p
    order.append(p)
print(f'{len(cands)} packages with English candidate pages, {len(order)} after one per source', flush=True)
HTAG = re.compile(rb'<h[1-6][\s>]', re.I)

cache = {}
rfile = os.path.join(work, 'renders.tsv')
if os.path.exists(rfile):
    for l in open(rfile):
        f = l.rstrip('\n').split('\t')
        cache[(f[0], f[1])] = f
else:
    open(rfile, 'w').write('package\tpath\tstatus\tpages\toutline\tseconds\tfamily\tpdf\n')
os.makedirs(os.path.join(work, 'render'), exist_ok=True)


def render(pkg, path):
    if (pkg, path) in cache:
        return cache[(pkg, path)]
    src = os.path.join(work, 'x', pkg, path)
    b = open(src, 'rb').read()
    fam = family(b)
    h = hashlib.md5(f'{pkg}:{path}'.encode()).hexdigest()[:12]
    pdf = os.path.join(work, 'render', f'{pkg}__{h}.pdf')
    st, pages, ol, sec = 'ok', '', '', ''
    if len(HTAG.findall(b)) < 5:
        st = 'few-h'
    else:
        t0 = time.time()
        log = open(os.path.join(work, 'render.log'), 'a')
        log.write(f'=== {pkg} {path}\n'); log.flush()
        try:
            r = subprocess.run(['nice', '-n', '10', os.path.join(venv, 'bin', 'python'),
                                os.path.join(HERE, 'render.py'), src, pdf],
                               stdout=log, stderr=log, timeout=TIMEOUT)
            st = 'ok' if r.returncode == 0 and os.path.exists(pdf) else f'fail-rc{r.returncode}'
        except subprocess.TimeoutExpired:
            st = 'timeout'
        sec = f'{time.time() - t0:.1f}'
        if st == 'ok':
            info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True).stdout
            pages = re.search(r'^Pages:\s+(\d+)', info, re.M).group(1)
            ol = str(len(entries(pdf)))
            if not (2 <= int(pages) <= 30):
                st = 'pages'
            elif int(ol) < 5:
                st = 'outline'
    row = [pkg, path, st, pages, ol, sec, fam, pdf if st == 'ok' else '']
    if st != 'ok' and os.path.exists(pdf):
        os.remove(pdf)
    cache[(pkg, path)] = row
    with open(rfile, 'a') as f:
        f.write('\t'.join(row) + '\n')
    print('\t'.join(row[:7]), flush=True)
    return row


qcache = {}
def qual(pkg):
    if pkg not in qcache:
        qcache[pkg] = None
        tries = 0
        for path in cands[pkg]:
            row = render(pkg, path)
            if row[2] == 'few-h':
                continue
            tries += 1
            if row[2] == 'ok':
                qcache[pkg] = row
                break
            if tries >= MAXTRY:
                break
    return qcache[pkg]


# families a package could end in: families of its pages with >= 5 h tags
possible = {}
for p in order:
    fams = set()
    for path in cands[p]:
        b = open(os.path.join(work, 'x', p, path), 'rb').read()
        if len(HTAG.findall(b)) >= 5:
            fams.add(family(b))
    possible[p] = fams

members = defaultdict(list)   # family -> qualifying packages found so far (in walk order)
scanned = defaultdict(int)    # family -> index in `order` scanned to
def member(fam, k):
    while len(members[fam]) <= k and scanned[fam] < len(order):
        p = order[scanned[fam]]
        scanned[fam] += 1
        if fam in possible[p]:
            q = qual(p)
            if q and q[6] == fam:
                members[fam].append(p)
    return members[fam][k] if k < len(members[fam]) else None

allfams = sorted({f for p in order for f in possible[p]})
firsts = {f: member(f, 0) for f in allfams}
famorder = sorted((f for f in allfams if firsts[f]), key=lambda f: rank[firsts[f]])
picks = []
def enough():
    pages = sum(int(qcache[p][3]) for _, p, _ in picks)
    return len(picks) >= MAXFILES or (len(picks) >= TARGET and pages >= MINPAGES)
r = 0
while not enough():
    got = False
    for f in famorder:
        if enough():
            break
        p = member(f, r)
        if p:
            picks.append((f, p, r))
            got = True
    if not got:
        break
    r += 1
with open(os.path.join(work, 'picks.tsv'), 'w') as o:
    o.write('family\tpackage\tround\tpath\tpages\toutline\tpdf\n')
    for f, p, rr in picks:
        q = qcache[p]
        o.write(f'{f}\t{p}\t{rr}\t{q[1]}\t{q[3]}\t{q[4]}\t{q[7]}\n')
print('family order:', ' '.join(famorder))
print('members found:', {f: len(members[f]) for f in famorder})
print('picks', len(picks), 'pages', sum(int(qcache[p][3]) for _, p, _ in picks))
