# Exclusion lists for set 17 (run from the repository root; writes into ./excl): every PDF of
# the hold-out sets, the test fixtures and the fetch scripts, and set 16 itself.
import glob,os,re,hashlib

def other_sets():
    """Names and sha256 of the PDFs of the hold-out sets, the test fixtures and the fetch scripts."""
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
    names.discard('')
    return names, sha

if __name__ == '__main__':
    names, sha = other_sets()
    # set 16 itself
    rows=[l.rstrip('\n').split('\t') for l in open('scripts/pdf_source_gold/manifest.tsv')][1:]
    s16names=set(); s16sha=set(); s16paths=set()
    for r in rows:
        s16names.add(r[0]); s16names.add(os.path.basename(r[3])); s16sha.add(r[8]); s16paths.add(r[3])
    for d in ['dev','test']:
        for p in glob.glob(f'/var/tmp/pdfsrc16/{d}/*.pdf'):
            s16names.add(os.path.basename(p)); s16sha.add(hashlib.sha256(open(p,'rb').read()).hexdigest())
    open('excl/names.txt','w').write('\n'.join(sorted(names))+'\n')
    open('excl/sha.txt','w').write('\n'.join(sorted(sha))+'\n')
    open('excl/set16_names.txt','w').write('\n'.join(sorted(s16names))+'\n')
    open('excl/set16_sha.txt','w').write('\n'.join(sorted(s16sha))+'\n')
    open('excl/set16_paths.txt','w').write('\n'.join(sorted(s16paths))+'\n')
    print(len(names),len(sha),len(s16names),len(s16sha),len(s16paths))
