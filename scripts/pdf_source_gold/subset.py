"""Source-gold totals restricted to the files the outline run scored (same-file comparison)."""
import re, sys
def rows(p):
    out = {}
    for l in open(p):
        m = re.match(r'(\S+\.pdf)\s+pages\s+(\d+)\s+outline\s+(\d+)\s+found\s+(\d+)\s+matched\s+(\d+)', l)
        if m:
            out[m.group(1)] = tuple(map(int, m.groups()[1:]))
    return out
for half in sys.argv[1:]:
    src, ol = rows('score_%s_source.txt' % half), rows('score_%s_outline.txt' % half)
    for name, d in (('source gold, all files', src), ('source gold, files with an outline', {k: src[k] for k in ol}),
                    ('outline gold', ol)):
        pg, t, f, m = (sum(v[i] for v in d.values()) for i in range(4))
        print('%-5s %-36s files %2d pages %4d truth %4d found %4d matched %4d recall %.3f precision %.3f spurious/20p %.2f' % (
            half, name, len(d), pg, t, f, m, m / t, m / f, (f - m) / pg * 20))
