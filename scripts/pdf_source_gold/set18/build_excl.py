# Exclusion lists for set 18 (run from the repository root; writes into $OUT/excl, default ./excl).
# Same sources as set 17's build_excl.py, plus sets 16 and 17 themselves.
import glob,os,re,hashlib,sys
OUT=os.environ.get('OUT','.')
os.makedirs(OUT+'/excl',exist_ok=True)
names=set(); sha=set()
for m in glob.glob('/var/tmp/docsweep-pdf-holdout*/MANIFEST.tsv'):
    rows=[l.rstrip('\n').split('\t') for l in open(m,encoding='utf-8',errors='replace')]
    hdr=rows[0]
    ni,pi,si=hdr.index('name'),hdr.index('path'),hdr.index('sha256')
    for r in rows[1:]:
        if len(r)<=max(ni,pi,si): continue
        names.add(r[ni]); b=os.path.basename(r[pi]); names.add(b)
        if b.endswith('.gz'): names.add(b[:-3])
        sha.add(r[si].lower())
for p in glob.glob('tests/data/pdf/**/*',recursive=True):
    if os.path.isfile(p) and p.lower().endswith('.pdf'):
        names.add(os.path.basename(p)); sha.add(hashlib.sha256(open(p,'rb').read()).hexdigest())
for s in glob.glob('scripts/fetch_pdf_holdout*.sh'):
    t=open(s,encoding='utf-8',errors='replace').read()
    for n in re.findall(r'[A-Za-z0-9_.+~-]+\.pdf\b',t,re.I): names.add(os.path.basename(n))
    for h in re.findall(r'\b[0-9a-fA-F]{64}\b',t): sha.add(h.lower())
# sets 16 and 17: manifests (name, pdf path and its basename, sha256) and the files in their dev/test folders
sn=set(); ss=set(); sp=set()
for man,d in (('scripts/pdf_source_gold/manifest.tsv','/var/tmp/pdfsrc16'),('scripts/pdf_source_gold/set17/manifest.tsv','/var/tmp/pdfsrc17')):
    for r in [l.rstrip('\n').split('\t') for l in open(man)][1:]:
        sn.add(r[0]); sn.add(os.path.basename(r[3])); ss.add(r[8]); sp.add(r[3])
    for h in ('dev','test'):
        for p in glob.glob(f'{d}/{h}/*.pdf'):
            sn.add(os.path.basename(p)); ss.add(hashlib.sha256(open(p,'rb').read()).hexdigest())
names.discard('')
w=lambda f,s: open(OUT+'/excl/'+f,'w').write('\n'.join(sorted(s))+'\n')
w('names.txt',names); w('sha.txt',sha); w('set1617_names.txt',sn); w('set1617_sha.txt',ss); w('set1617_paths.txt',sp)
print(len(names),len(sha),len(sn),len(ss),len(sp))
