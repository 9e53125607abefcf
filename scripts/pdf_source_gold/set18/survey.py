# Candidate survey for set 18 (set 16's method, rebuilt): every PDF in the unpacked packages with a
# same-named .tex/.tex.gz beside it, 3-80 pages, a TeX producer, not beamer; then the source facts
# pool.py filters on. usage: python3 survey.py ROOT PKGMAP > survey.tsv   (PKGMAP: package, version, path)
import os,re,sys,hashlib,subprocess
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from make_gold import load
ROOT,PKGMAP=sys.argv[1:3]
TEXPROD=re.compile(r'pdfTeX|LuaTeX|LuaHBTeX|XeTeX|xdvipdfmx|dvipdfm',re.I)
SECDEF=re.compile(r'\\titleformat|\\(?:Redeclare|Declare|Provide)SectionCommands?\b|'
                  r'\\(?:re|provide)?newcommand\*?\s*\{?\\(?:part|chapter|section|subsection|subsubsection)\b(?![A-Za-z@])|'
                  r'\\(?:def|let|DeclareRobustCommand|RenewDocumentCommand|NewDocumentCommand)\s*\{?\\(?:part|chapter|section|subsection|subsubsection)(?![A-Za-z@])')
print('\t'.join('pkg ver pdf tex pages producer sha256 class part chapter section subsection subsubsection paragraph star secdefs docinput missing'.split()))
for l in open(PKGMAP):
    pkg,ver,rel=l.rstrip('\n').split('\t')
    if not rel.startswith('usr/share/doc/'): continue
    b=rel[:-4]; tex=None
    for c in (b+'.tex',b+'.tex.gz'):
        if os.path.isfile(os.path.join(ROOT,c)): tex=c; break
    if not tex: continue
    p=os.path.join(ROOT,rel)
    info=subprocess.run(['pdfinfo',p],capture_output=True,text=True,errors='replace').stdout
    m=re.search(r'^Pages:\s+(\d+)',info,re.M); pages=int(m.group(1)) if m else 0
    prod=(re.search(r'^Producer:\s*(.*)$',info,re.M) or re.search('()','')).group(1).strip()
    creat=(re.search(r'^Creator:\s*(.*)$',info,re.M) or re.search('()','')).group(1).strip()
    if not (3<=pages<=80) or not TEXPROD.search(prod): continue
    miss=[]
    full=load(os.path.join(ROOT,tex[:-3] if tex.endswith('.gz') else tex),[os.path.dirname(os.path.join(ROOT,tex))],miss)
    m=re.search(r'\\documentclass\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}',full)
    cls=m.group(1).strip() if m else ''
    if cls=='beamer' or 'beamer' in creat.lower(): continue
    m=re.search(r'\\begin\s*\{document\}',full)
    pre,body=(full[:m.start()],full[m.end():]) if m else (full,'')
    cnt=[len(re.findall(r'\\'+k+r'\*?(?![A-Za-z@])',body)) for k in ('part','chapter','section','subsection','subsubsection','paragraph')]
    star=len(re.findall(r'\\(?:part|chapter|section|subsection|subsubsection)\*',body))
    defs=len(SECDEF.findall(full))
    dtx='1' if re.search(r'\\DocInput\b',full) else ''
    sha=hashlib.sha256(open(p,'rb').read()).hexdigest()
    print('\t'.join([pkg,ver,rel,tex,str(pages),prod.replace('\t',' '),sha,cls]+[str(x) for x in cnt]+[str(star),str(defs),dtx,','.join(miss)]))
