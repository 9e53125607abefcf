# Source skim for the drop reasons of sets 16/17: python3 review.py MANIFEST ROOT [NAME...]
# prints the class line, the sectioning commands as written, counter changes, conditionals,
# \input of .sty/.dtx/.cls files, and sectioning inside user definitions.
import sys,os,re
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from make_gold import load
man,root=sys.argv[1:3]; only=set(sys.argv[3:])
for l in list(open(man))[1:]:
    r=l.rstrip('\n').split('\t')
    if only and r[0] not in only: continue
    tex=os.path.join(root,r[4]); miss=[]
    full=load(tex[:-3] if tex.endswith('.gz') else tex,[os.path.dirname(tex)],miss)
    print('=====',r[0],r[5],r[7],'p')
    m=re.search(r'\\documentclass[^\n]*',full); print('  ',m.group(0)[:100] if m else '-')
    sec=re.findall(r'\\(?:part|chapter|section|subsection|subsubsection|addsec|addchap|addpart)\*?\s*(?:\[[^\]]*\])?\s*\{[^\n]{0,70}',full)
    for s in sec[:40]: print('   S',s)
    if len(sec)>40: print('   S ... %d more'%(len(sec)-40))
    for pat,lab in ((r'\\setcounter\s*\{(?:part|chapter|section|subsection|subsubsection)\}[^\n]{0,30}','counter'),
                    (r'\\(?:ifthenelse|ifdefined|ifx|if@\w+|newif)\b[^\n]{0,40}','cond'),
                    (r'\\(?:input|include|usepackage|RequirePackage)\s*\{[^}]*\.(?:sty|dtx|cls)\}','inputsty'),
                    (r'\\(?:suspendcounter|stepcounter|addtocounter|refstepcounter)\s*\{(?:chapter|section|subsection)\}','cntop'),
                    (r'\\(?:newcommand|renewcommand|def|NewDocumentCommand|newenvironment)\*?\s*\{?\\?\w+\}?[^\n]{0,60}\\(?:section|chapter|subsection)\b[^\n]{0,40}','secdef')):
        h=re.findall(pat,full)
        if h: print('   %s %d: %s'%(lab,len(h),' | '.join(x[:70] for x in h[:4])))
