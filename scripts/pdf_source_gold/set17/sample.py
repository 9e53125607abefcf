import random,os,collections,re


def walk(rows, fam, Q, fields):
    """The walk: rows in their shuffled order, at most one per package family, `pick` while
    the row's class group (column 4) is under its quota Q, `reserve` after; each row of the
    order is its index, status and group, then `fields(row)`."""
    have=collections.Counter(); used=set(); order=[]
    for r in rows:
        f=fam(r[1])
        if f in used: continue
        used.add(f)
        g=r[4]
        status='pick' if have[g]<Q[g] else 'reserve'
        if status=='pick': have[g]+=1
        order.append([str(len(order)+1),status,g]+fields(r))
    return have, order

if __name__ == '__main__':
    rows=[l.rstrip('\n').split('\t') for l in open('pool.tsv')]
    rows=[r for r in rows if r[7]=='1']
    def fam(rel):
        p=rel.split('/')[4:]  # after usr/share/doc/texlive-doc
        # family key: the package folder, latex-dev/X = latex/X, trailing digits ignored (gitinfo2 = gitinfo)
        return re.sub(r'\d+$','',p[1].lower()) if len(p)>1 else p[0]
    s16f={fam(l.strip()) for l in open('excl/set16_paths.txt') if l.strip()}
    rows=[r for r in rows if fam(r[1]) not in s16f]
    rows.sort(key=lambda r:r[1])
    rng=random.Random(17); rng.shuffle(rows)
    Q={'article':15,'ltxdoc':11,'koma':12,'report':8,'book':7,'memoir':7}
    have, order = walk(rows, fam, Q, lambda r: r[:4]+[r[5]])
    with open('sample_order.tsv','w') as o:
        o.write('# pool.tsv rows present in /var/tmp/pdfsrc16/x, package folders of set 16 removed, sorted by path, random.Random(17).shuffle, at most one file per package family (folder name, latex-dev=latex, trailing digits ignored), class-group quotas %s\n'%Q)
        for r in order: o.write('\t'.join(r)+'\n')
    print(have, len(order), len(s16f))
