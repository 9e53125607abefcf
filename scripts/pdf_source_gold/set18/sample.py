# Seeded sample for set 18 (set 17's sample.py with seed 18; sets 16 and 17's families removed).
import random,collections,re,os,sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'set17'))
from sample import walk  # set 17's walk: one file per family, class-group quotas
rows=[l.rstrip('\n').split('\t') for l in open('pool.tsv')]
def fam(rel, top_folder=True):
    p=rel.split('/')[4:]  # after usr/share/doc/texlive-doc
    # family key: the package folder, latex-dev/X = latex/X, trailing digits ignored (gitinfo2 = gitinfo).
    # set 18: a file directly in a top folder (dvipdfmx/dvipdfmx.pdf) belongs to that folder's family
    # (set 17's function took its file name); sets 16 and 17 are removed under both readings.
    if len(p)>2 or (len(p)==2 and not top_folder): return re.sub(r'\d+$','',p[1].lower())
    return re.sub(r'\d+$','',p[0].lower())
old={l.strip() for l in open('excl/set1617_paths.txt') if l.strip()}
s1617={fam(x) for x in old}|{fam(x,False) for x in old}
rows=[r for r in rows if fam(r[1]) not in s1617]
rows.sort(key=lambda r:r[1])
rng=random.Random(18); rng.shuffle(rows)
Q={'article':15,'ltxdoc':11,'koma':12,'report':8,'book':7,'memoir':7}
have, order = walk(rows, fam, Q, lambda r: r[:4]+[r[5],r[9]])
# set 18: the pool has fewer book/memoir/report families than their quotas; as set 17 did for a drop
# with no reserve of its class group, the free slots go to the next unused reserves overall (walk order)
free=sum(Q.values())-sum(have.values())
for r in order:
    if free and r[1]=='reserve': r[1]='fill'; free-=1
with open('sample_order.tsv','w') as o:
    o.write('# pool.tsv rows, package families of sets 16 and 17 removed, sorted by path, random.Random(18).shuffle, at most one file per package family (folder name, latex-dev=latex, trailing digits ignored), class-group quotas %s\n'%Q)
    for r in order: o.write('\t'.join(r)+'\n')
print(have, collections.Counter(r[1] for r in order), len(order), len(s1617), collections.Counter(r[2] for r in order))
