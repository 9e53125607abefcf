import os,collections
S16='/var/tmp/pdfsrc16/'
sv={}
for l in open(S16+'survey.tsv'):
    r=l.rstrip('\n').split('\t'); sv[r[1]]=r
names=set(open('excl/names.txt').read().split('\n'))
sha=set(open('excl/sha.txt').read().split())
s16n=set(open('excl/set16_names.txt').read().split('\n')); s16s=set(open('excl/set16_sha.txt').read().split()); s16p=set(open('excl/set16_paths.txt').read().split('\n'))
CL={'article':'article','report':'report','book':'book','memoir':'memoir','scrartcl':'koma','scrreprt':'koma','scrbook':'koma','ltxdoc':'ltxdoc','ltxguide':'ltxdoc','l3doc':'ltxdoc'}
out=open('pool.tsv','w'); why=collections.Counter()
for l in open(S16+'survey2.tsv'):
    r=l.rstrip('\n').split('\t')
    pkg,rel,pages,cls=r[0],r[1],int(r[2]),r[3]
    p,c,s,ss,sss,par=map(int,r[4:10]); star,defs=int(r[10]),int(r[11]); dtx,miss=r[12],r[13]
    h=sv[rel][16]; b=os.path.basename(rel)
    present=os.path.isfile(S16+'x/'+rel)
    if h in sha or b in names: why['excl']+=1; continue
    if h in s16s or rel in s16p or b in s16n: why['set16']+=1; continue
    if not (4<=pages<=80): why['pages']+=1; continue
    if cls not in CL: why['class']+=1; continue
    if p+c+s+ss+sss<3: why['fewheads']+=1; continue
    if dtx: why['docinput']+=1; continue
    if miss: why['missinginput']+=1; continue
    if defs: why['secdefs']+=1; continue
    out.write('\t'.join([pkg,rel,str(pages),cls,CL[cls],str(p+c+s+ss+sss),h,'1' if present else '0'])+'\n')
    why['ok']+=1
print(why)
