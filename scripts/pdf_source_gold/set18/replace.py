# Apply drops.tsv (name TAB reason) to sample_order.tsv: each dropped pick (lowest walk index first) is
# replaced by the next unused reserve of its class group, or, when the group has none left, by the next
# unused reserve overall (set 17's rule). Prints the replacements; writes final_idx.txt.
import os
order=[l.rstrip('\n').split('\t') for l in open('sample_order.tsv') if not l.startswith('#')]
drops=dict(l.rstrip('\n').split('\t',1) for l in open('drops.tsv') if l.strip() and not l.startswith('#')) if os.path.exists('drops.tsv') else {}
sel=[o for o in order if o[1] in ('pick','fill')]; used={o[0] for o in sel}
while True:
    bad=sorted((o for o in sel if o[8] in drops),key=lambda o:int(o[0]))
    if not bad: break
    d=bad[0]; sel.remove(d)
    res=[o for o in order if o[1]=='reserve' and o[0] not in used]
    same=[o for o in res if o[2]==d[2]]
    r=(same or res)[0]; used.add(r[0]); sel.append(r)
    print('%s\t%s (%s)\t-> %s\t%s (%s)%s'%(d[0],d[8],d[2],r[0],r[8],r[2],'' if same else '  [no reserve left in the group: next overall]'))
open('final_idx.txt','w').write('\n'.join(sorted((o[0] for o in sel),key=int))+'\n')
print(len(sel))
