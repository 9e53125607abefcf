# For each gold file: how many numbered gold titles appear as "NUMBER TITLE" on one line of
# `pdftotext -layout` (letters/digits only, the number must start the line's match).
# usage: python3 numcheck.py MANIFEST ROOT GOLDDIR
import sys,os,re,subprocess,unicodedata
sq=lambda t:''.join(c for c in unicodedata.normalize('NFKC',t).lower() if c.isalnum())
man,root,gd=sys.argv[1:4]
for l in list(open(man))[1:]:
    r=l.rstrip('\n').split('\t')
    txt=subprocess.run(['pdftotext','-layout',os.path.join(root,r[3]),'-'],capture_output=True,text=True).stdout
    lines=[sq(x) for x in txt.split('\n')]
    n=ok=0; bad=[]
    for g in open(os.path.join(gd,r[0]+'.gold.tsv')):
        if g.startswith('#'): continue
        d,p,t=g.rstrip('\n').split('\t')
        m=re.match(r'(Part [IVXLC]+|[A-Z0-9]+(?:\.[0-9]+)*) (.*)',t)
        if not m or not re.search(r'\d|^[A-Z]$|^Part',m.group(1)): continue
        n+=1; k=sq(m.group(1))+sq(m.group(2))[:25]
        if any(k in x for x in lines): ok+=1
        else: bad.append(t[:40])
    if n: print('%s\t%d/%d\t%s'%(r[0],ok,n,' | '.join(bad[:3])))
