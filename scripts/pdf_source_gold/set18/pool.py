# Pool for set 18: set 17's pool.py filters on this set's survey.tsv (survey.py), run in the build folder.
import os,collections
names=set(open('excl/names.txt').read().split('\n')); sha=set(open('excl/sha.txt').read().split())
sn=set(open('excl/set1617_names.txt').read().split('\n')); ss=set(open('excl/set1617_sha.txt').read().split())
sp=set(open('excl/set1617_paths.txt').read().split('\n'))
CL={'article':'article','report':'report','book':'book','memoir':'memoir','scrartcl':'koma','scrreprt':'koma','scrbook':'koma','ltxdoc':'ltxdoc','ltxguide':'ltxdoc','l3doc':'ltxdoc'}
def fname(rel):  # set 16's naming: basename if it starts with the package folder name, else folder-basename
    parts=rel.split('/'); folder=parts[5] if len(parts)>6 else parts[-2]; b=os.path.basename(rel)
    return b if b.lower().startswith(folder.lower()) else folder+'-'+b
out=open('pool.tsv','w'); why=collections.Counter()
for l in list(open('survey.tsv'))[1:]:
    r=l.rstrip('\n').split('\t')
    pkg,ver,rel,tex,pages,prod,h,cls=r[:8]; pages=int(pages)
    p,c,s,ss_,sss,par,star,defs=map(int,r[8:16]); dtx,miss=r[16],r[17]
    b=os.path.basename(rel); n=fname(rel)
    if h in sha or b in names or n in names: why['excl']+=1; continue
    if h in ss or rel in sp or b in sn or n in sn: why['set16/17']+=1; continue
    if not (4<=pages<=80): why['pages']+=1; continue
    if cls not in CL: why['class']+=1; continue
    if p+c+s+ss_+sss<3: why['fewheads']+=1; continue
    if dtx: why['docinput']+=1; continue
    if miss: why['missinginput']+=1; continue
    if defs: why['secdefs']+=1; continue
    out.write('\t'.join([pkg,rel,str(pages),cls,CL[cls],str(p+c+s+ss_+sss),h,ver,tex,n])+'\n')
    why['ok']+=1
print(why)
