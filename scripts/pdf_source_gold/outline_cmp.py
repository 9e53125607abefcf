"""Compare each gold with the PDF's own outline: outline entries with no alike gold title."""
import sys, re, unicodedata, pypdf
sys.path.insert(0, '/var/tmp/pdfsrc16')
def words(t):
    t = unicodedata.normalize('NFKC', t).lower()
    return [w for w in re.findall(r'\w+', t)]
def sq(t): return ''.join(words(t))
def alike(a, b):
    sa, sb = sq(a), sq(b)
    if sa == sb: return True
    na = re.sub(r'^(part\s+)?[\dA-Z]+(\.[\dA-Z]+)*\.?\s+', '', a.strip(), flags=re.I)
    nb = re.sub(r'^(part\s+)?[\dA-Z]+(\.[\dA-Z]+)*\.?\s+', '', b.strip(), flags=re.I)
    if sq(na) == sq(nb) and sq(na): return True
    if sq(na) and sq(nb) and (sq(na).endswith(sq(nb)) or sq(nb).endswith(sq(na))): return True
    return False
def outline(pdf):
    r = pypdf.PdfReader(pdf)
    out = []
    def walk(items, d):
        for it in items:
            if isinstance(it, list): walk(it, d + 1)
            else:
                try: p = r.get_destination_page_number(it) + 1
                except Exception: p = None
                out.append((d, p, it.title))
    try: walk(r.outline, 1)
    except Exception as e: pass
    return out
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split('\t')
    if f[0] == 'name' or (len(sys.argv) > 3 and f[0] not in sys.argv[3:]): continue
    gold = [l.rstrip('\n').split('\t') for l in open(sys.argv[2] + '/' + f[0] + '.gold.tsv') if not l.startswith('#')]
    ol = outline(sys.argv[2] + '/' + f[0]) if len(sys.argv) > 2 else []
    miss = [o for o in ol if not any(alike(o[2], g[2]) for g in gold)]
    extra = [g for g in gold if not any(alike(o[2], g[2]) for o in ol)]
    print('%s\toutline=%d\tgold=%d\toutline-not-in-gold=%d\tgold-not-in-outline=%d' % (f[0], len(ol), len(gold), len(miss), len(extra)))
    for o in miss: print('   OL-ONLY', o)
    if '-v' in sys.argv[0:1]: pass
