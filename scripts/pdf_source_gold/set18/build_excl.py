# Exclusion lists for set 18 (run from the repository root; writes into $OUT/excl, default ./excl).
# Same sources as set 17's build_excl.py, plus sets 16 and 17 themselves.
import glob,os,hashlib,sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'set17'))
from build_excl import other_sets  # set 17's: the hold-out sets, fixtures and fetch scripts
OUT=os.environ.get('OUT','.')
os.makedirs(OUT+'/excl',exist_ok=True)
names, sha = other_sets()
# sets 16 and 17: manifests (name, pdf path and its basename, sha256) and the files in their dev/test folders
sn=set(); ss=set(); sp=set()
for man,d in (('scripts/pdf_source_gold/manifest.tsv','/var/tmp/pdfsrc16'),('scripts/pdf_source_gold/set17/manifest.tsv','/var/tmp/pdfsrc17')):
    for r in [l.rstrip('\n').split('\t') for l in open(man)][1:]:
        sn.add(r[0]); sn.add(os.path.basename(r[3])); ss.add(r[8]); sp.add(r[3])
    for h in ('dev','test'):
        for p in glob.glob(f'{d}/{h}/*.pdf'):
            sn.add(os.path.basename(p)); ss.add(hashlib.sha256(open(p,'rb').read()).hexdigest())
w=lambda f,s: open(OUT+'/excl/'+f,'w').write('\n'.join(sorted(s))+'\n')
w('names.txt',names); w('sha.txt',sha); w('set1617_names.txt',sn); w('set1617_sha.txt',ss); w('set1617_paths.txt',sp)
print(len(names),len(sha),len(sn),len(ss),len(sp))
