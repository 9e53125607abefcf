# Write a manifest (set 16's columns) for sample_order rows: python3 mkman.py OUT.tsv IDX... (or 'all');
# settings come from settings.tsv (name TAB settings) when present. Rows come out in C-locale name order.
import sys,os
pool={r[1]:r for r in (l.rstrip('\n').split('\t') for l in open('pool.tsv'))}
order=[l.rstrip('\n').split('\t') for l in open('sample_order.tsv') if not l.startswith('#')]
st=dict(l.rstrip('\n').split('\t',1) for l in open('settings.tsv')) if os.path.exists('settings.tsv') else {}
want=None if sys.argv[2:]==['all'] else set(sys.argv[2:])
rows=[]
for o in order:
    if want is not None and o[0] not in want: continue
    pkg,rel,pages,cls,g,nh,sha,ver,tex,name=pool[o[4]]
    rows.append([name,pkg,ver,rel,tex,cls,st.get(name,''),pages,sha])
rows.sort(key=lambda r:r[0].encode())
with open(sys.argv[1],'w') as f:
    f.write('name\tpackage\tversion\tpdf\ttex\tclass\tsettings\tpages\tsha256\n')
    for r in rows: f.write('\t'.join(r)+'\n')
