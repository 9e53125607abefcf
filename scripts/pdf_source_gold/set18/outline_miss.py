# Titles in a PDF's own outline (mutool show X outline) that the gold does not have, and the reverse count.
# usage: python3 outline_miss.py MANIFEST ROOT GOLDDIR
import sys,os,re,subprocess,unicodedata
sq=lambda t:''.join(c for c in unicodedata.normalize('NFKC',t).lower() if c.isalnum())
man,root,gd=sys.argv[1:4]
for l in list(open(man))[1:]:
    r=l.rstrip('\n').split('\t')
    o=subprocess.run(['mutool','show',os.path.join(root,r[3]),'outline'],capture_output=True,text=True,errors='replace').stdout
    ot=[m.group(1) for m in (re.search(r'"(.*)"',x) for x in o.split('\n')) if m]
    gold=[g.rstrip('\n').split('\t')[2] for g in open(os.path.join(gd,r[0]+'.gold.tsv')) if not g.startswith('#')]
    gs={sq(re.sub(r'^(Part [IVXLC]+|[A-Z0-9]+(\.[0-9]+)*) ','',t)) for t in gold}|{sq(t) for t in gold}
    miss=[t for t in ot if sq(re.sub(r'^(Part [IVXLC]+|[A-Z0-9]+(\.[0-9]+)*\.?) ','',t)) not in gs and sq(t) not in gs
          and sq(t) not in ('contents','tableofcontents','index','listoffigures','listoftables','references','bibliography')]
    print('%s\toutline %d\tgold %d\tmissing %d\t%s'%(r[0],len(ot),len(gold),len(miss),' | '.join(m[:30] for m in miss[:5])))
