#!/usr/bin/env python3
"""Make X.pdf.gold.tsv for each document of manifest.tsv from its LaTeX source.

usage: make_gold.py MANIFEST ROOT OUTDIR   (ROOT: where the .deb files were unpacked)

The manifest (tab separated, '#' comments) has: name, package, version, pdf path, tex path,
class, and optional per-document settings `key=value;...` (see SETTINGS below).
Writes OUTDIR/NAME.pdf.gold.tsv and prints one diagnostic line per document.
Rules: README.md of this folder.
"""
import gzip, os, re, subprocess, sys, unicodedata

SECT = ['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph']
LEVEL = {n: i for i, n in enumerate(SECT)}  # part 0, chapter 1, section 2, ...
KOMA_ADD = {'addpart': 'part', 'addchap': 'chapter', 'addsec': 'section'}
CHAPTER_CLASSES = ('book', 'report', 'memoir', 'scrbook', 'scrreprt', 'amsbook')
VERBATIM_ENVS = re.compile(
    r'(verbatim|Verbatim|lstlisting|minted|LTXexample|listing|code|[Ee]xample|macrocode|'
    r'comment|filecontents|tcblisting|sidebyside|dispExample|demo|sourcecode|docspec|'
    r'codeexample|ctexexam|sample|Sample|beispiel|Beispiel|exemple|externalDocument)', re.I)


def readtex(p):
    for c in (p, p + '.tex', p + '.gz', p + '.tex.gz'):
        if os.path.isfile(c):
            b = gzip.open(c).read() if c.endswith('.gz') else open(c, 'rb').read()
            try:
                return b.decode('utf-8'), c
            except UnicodeDecodeError:
                return b.decode('latin-1'), c
    return None, None


def strip_comments(t):
    out = []
    for line in t.split('\n'):
        m = re.search(r'(?<!\\)%', line)
        out.append(line[:m.start()] if m else line)
    return '\n'.join(out)


def load(path, dirs, missing, depth=0):
    t, real = readtex(path)
    if t is None:
        missing.append(path)
        return ''
    t = strip_comments(t)

    def rep(m):
        name = (m.group(2) or m.group(3) or '').strip()
        if not name or depth > 6:
            return ''
        for d in dirs:
            p = os.path.join(d, name)
            if readtex(p)[0] is not None:
                return '\n' + load(p, dirs, missing, depth + 1) + '\n'
        missing.append(name)
        return ''
    return re.sub(r'\\(input|include|subfile|InputIfFileExists)\s*(?:\{([^}]*)\}|\s+([A-Za-z0-9_./-]+))', rep, t)


def group(t, i, o='{', c='}'):
    """t[i] == o: return (content, index after the closing brace)."""
    d = 0
    j = i
    while j < len(t):
        ch = t[j]
        if ch == '\\':
            j += 2
            continue
        if ch == o:
            d += 1
        elif ch == c:
            d -= 1
            if d == 0:
                return t[i + 1:j], j + 1
        j += 1
    return t[i + 1:], len(t)


def skip_ws(t, i):
    while i < len(t) and t[i] in ' \t\n':
        i += 1
    return i


VMARK = '\x01'  # a backslash inside verbatim text


def mask_verb(t, shortverbs):
    def mask(x):
        return x.replace('\\', VMARK).replace('{', '\x02').replace('}', '\x03')
    t = re.sub(r'\\(?:verb|lstinline|Verb)\*?([^\sa-zA-Z*])(.*?)\1', lambda m: mask(m.group(2)), t)
    for ch in shortverbs:
        e = re.escape(ch)
        t = re.sub(e + r'([^' + e + r'\n]*)' + e, lambda m: mask(m.group(1)), t)
    return t


def drop_envs(t, extra):
    """Remove verbatim-like environments and \\iffalse...\\fi blocks."""
    t = re.sub(r'\\iffalse\b.*?\\fi\b', ' ', t, flags=re.S)
    pat = VERBATIM_ENVS if not extra else re.compile(VERBATIM_ENVS.pattern + '|' + extra, re.I)
    out, i = [], 0
    for m in re.finditer(r'\\begin\s*\{([^}]*)\}', t):
        pass
    while True:
        m = re.compile(r'\\begin\s*\{([^}]*)\}').search(t, i)
        if not m:
            out.append(t[i:])
            break
        name = m.group(1)
        if pat.search(name) and name not in ('thebibliography', 'abstract'):
            out.append(t[i:m.start()])
            end = t.find('\\end{' + name + '}', m.end())
            if end < 0:
                end = len(t)
                i = end
            else:
                i = end + len('\\end{' + name + '}')
            out.append(' ')
        else:
            out.append(t[i:m.end()])
            i = m.end()
    return ''.join(out)


# ---------------------------------------------------------------- titles as printed
LOGOS = {
    'LaTeXe': 'LaTeX2ε', 'LaTeX': 'LaTeX', 'TeX': 'TeX', 'eTeX': 'ε-TeX', 'pdfTeX': 'pdfTeX',
    'pdfLaTeX': 'pdfLaTeX', 'XeTeX': 'XeTeX', 'XeLaTeX': 'XeLaTeX', 'LuaTeX': 'LuaTeX',
    'LuaLaTeX': 'LuaLaTeX', 'BibTeX': 'BibTeX', 'ConTeXt': 'ConTeXt', 'AmS': 'AMS', 'AMS': 'AMS',
    'AmSTeX': 'AMS-TeX', 'AmSLaTeX': 'AMS-LaTeX', 'MF': 'METAFONT', 'MP': 'MetaPost', 'KOMAScript': 'KOMA-Script',
    'ldots': '…', 'dots': '…', 'textellipsis': '…', 'S': '§', 'ss': 'ß', 'o': 'ø', 'O': 'Ø',
    'ae': 'æ', 'AE': 'Æ', 'oe': 'œ', 'OE': 'Œ', 'aa': 'å', 'AA': 'Å', 'l': 'ł', 'L': 'Ł', 'i': 'ı',
    'textbackslash': '\\', 'textasciitilde': '~', 'textasciicircum': '^', 'textbar': '|',
    'textless': '<', 'textgreater': '>', 'textendash': '–', 'textemdash': '—', 'copyright': '©',
    'textregistered': '®', 'texttrademark': '™', 'euro': '€', 'guillemotleft': '«', 'guillemotright': '»',
    'og': '«', 'fg': '»', 'quad': ' ', 'qquad': ' ', 'newline': ' ', 'linebreak': ' ', 'break': ' ',
    'space': ' ', 'enspace': ' ', 'thinspace': ' ', 'nobreakspace': ' ', 'slash': '/', 'BibLaTeX': 'BibLaTeX',
    'biblatex': 'biblatex', 'Lua': 'Lua', 'LuaLaTeXe': 'LuaLaTeX', 'XeLaTeXe': 'XeLaTeX', 'LaTeXiii': 'LaTeX3',
    'LaTeX3': 'LaTeX3', 'TikZ': 'TikZ', 'tikz': 'TikZ', 'PGF': 'PGF', 'pgf': 'PGF', 'dvipdfmx': 'dvipdfmx',
    'langle': '⟨', 'rangle': '⟩', 'textbraceleft': '{', 'textbraceright': '}', 'vert': '|',
    'textquotedblleft': '“', 'textquotedblright': '”', 'textquoteleft': '‘', 'textquoteright': '’',
    'alpha': 'α', 'beta': 'β', 'varepsilon': 'ε', 'epsilon': 'ϵ', 'pi': 'π', 'mu': 'μ',
}
ARG_KEEP = ('texttt textbf emph textit textsf textrm textsc textsl textup textmd textnormal mbox hbox '
            'text mathrm mathbf mathit mathsf mathtt underline uline url path pkg cls env opt file '
            'package option class sty program prog name fn NoCaseChange textcolor enquote').split()
ZERO_DROP = ('protect bfseries mdseries itshape upshape slshape scshape ttfamily sffamily rmfamily '
             'normalfont bf it tt sf rm sc sl em small footnotesize scriptsize tiny large Large LARGE '
             'huge Huge normalsize centering raggedright raggedleft noindent relax strut xspace '
             'unskip ignorespaces nolinkurl phantomsection hfill hfil nobreak leavevmode boldmath '
             'unboldmath allowbreak clearpage newpage').split()
DROP_ARG = 'footnotemark addfontfeatures fontsize addfontfeature label index footnote hspace vspace hyperlink thanks footnotemark glossary indexentry ' \
           'addcontentsline markboth markright pdfbookmark hypertarget ifpdf'.split()
ACC = {"'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304',
       '.': '\u0307', 'c': '\u0327', 'v': '\u030c', 'u': '\u0306', 'H': '\u030b', 'k': '\u0328', 'r': '\u030a'}


def clean(s, macros, lang, unknown):
    s = s.replace('\n', ' ')
    for _ in range(4):  # user macros (simple \newcommand / \def), a few rounds
        def um(m):
            name = m.group(1)
            body, nargs = macros[name]
            i = m.end()
            args = []
            if nargs == 0 and re.match(r'[A-Za-z@]', name) and 'xspace' not in body:
                i = skip_ws(s, i)  # TeX drops the blanks after a control word
            for _ in range(nargs):
                i = skip_ws(s, i)
                if i < len(s) and s[i] == '{':
                    a, i = group(s, i)
                elif i < len(s):
                    a, i = s[i], i + 1
                else:
                    a = ''
                args.append(a)
            r = body
            for k, a in enumerate(args):
                r = r.replace('#%d' % (k + 1), '{' + a + '}')
            um.tail = i
            return '{' + r + '}'
        changed = False
        out, i = [], 0
        pat = re.compile(r'\\([A-Za-z@]+)\*?')
        while True:
            m = pat.search(s, i)
            if not m:
                out.append(s[i:])
                break
            if m.group(1) in macros:
                out.append(s[i:m.start()])
                out.append(um(m))
                i = um.tail
                changed = True
            else:
                out.append(s[i:m.end()])
                i = m.end()
        s = ''.join(out)
        if not changed:
            break
    s = re.sub(r'\\char\s*`(?:\\(.)|(.))', lambda m: VMARK if m.group(1) == '\\' else (m.group(1) or m.group(2)), s)  # set 17
    s = re.sub(r'\\string\s*\\([A-Za-z@]+|.)', lambda m: VMARK + m.group(1), s)  # set 17: \string\x prints \x
    if lang == 'german':
        for a, b in {'"a': 'ä', '"o': 'ö', '"u': 'ü', '"A': 'Ä', '"O': 'Ö', '"U': 'Ü', '"s': 'ß',
                     '"`': '„', '"\'': '“', '"-': '', '""': '', '"=': '-', '"~': '-'}.items():
            s = re.sub(r'(?<!\\)' + re.escape(a), b, s)  # set 18: not inside an accent command (\"a)
    s = re.sub(r'\\\\(\[[^\]]*\])?\*?', ' ', s)
    # accents: \'e, \'{e}, \c{c}, \v s
    def acc(m):
        base = m.group(2) or m.group(3) or ''
        if base in ('\\i', 'i') and m.group(1) != 'c':
            base = 'i'
        return unicodedata.normalize('NFC', base[:1] + ACC[m.group(1)] + base[1:]) if base else ''
    s = re.sub(r'\\([\'`^"~=.])\s*(?:\{\s*(\\?[A-Za-z]?)\s*\}|(\\i|[A-Za-z]))', acc, s)
    s = re.sub(r'\\([cvuHkr])(?:\s*\{\s*(\\?[A-Za-z]?)\s*\}|\s+(\\i|[A-Za-z]))', acc, s)
    # ltxdoc-style commands
    s = re.sub(r'\\(?:cs|csname|cmd|macro|Macro|cmdname|bs|Cmd|mac|m|code|Code|tcs|latexcmd|PrintMacroName|cmdx)\*?\s*\{\s*\\?([^{}]*)\}',
               lambda m: VMARK + m.group(1).replace('\\', ''), s)
    s = re.sub(r'\\cmd\s*(\\[A-Za-z@]+)', lambda m: m.group(1).replace('\\', VMARK), s)
    s = re.sub(r'\\(?:bslash|textbackslash|backslash)(?![A-Za-z@])\s*', VMARK, s)
    s = re.sub(r'\\marg\s*\{([^{}]*)\}', r'{\\meta{\1}}', s)
    s = re.sub(r'\\oarg\s*\{([^{}]*)\}', r'[\\meta{\1}]', s)
    s = re.sub(r'\\meta\s*\{([^{}]*)\}', '⟨\\1⟩', s)
    # keep the ARG of \cs{x}-made names: `\x` is printed, mark its backslash
    s = re.sub(r'\\([A-Za-z@]+)(?=[^A-Za-z@]|$)', lambda m: m.group(0), s)
    for _ in range(6):
        before = s
        m = re.search(r'\\texorpdfstring\s*\{', s)
        if m:
            a, j = group(s, m.end() - 1)
            j = skip_ws(s, j)
            _, k = group(s, j) if j < len(s) and s[j] == '{' else ('', j)
            s = s[:m.start()] + '{' + a + '}' + s[k:]
        for name in DROP_ARG:
            while True:
                m = re.search(r'\\' + name + r'\*?\s*(\[[^\]]*\])?\s*\{', s)
                if not m:
                    break
                _, j = group(s, m.end() - 1)
                s = s[:m.start()] + s[j:]
        s = re.sub(r'\\(?:textcolor|color)\s*\{[^{}]*\}', '', s)
        s = re.sub(r'\\(?:' + '|'.join(ARG_KEEP) + r')\*?\s*(\[[^\]]*\])?\s*\{([^{}]*)\}', r'\2', s)
        if s == before:
            break
    s = re.sub(r'\\([&%_#$])', lambda m: '\x06' + str('&%_#$'.index(m.group(1))), s)
    s = s.replace('\\{', '\x02').replace('\\}', '\x03')
    s = s.replace('$', '')
    s = s.replace('\\,', '\x05').replace('\\ ', '\x05').replace('\\@', '').replace('\\/', '').replace('\\-', '')
    s = s.replace('\\;', '\x05').replace('\\!', '').replace('\\:', '\x05')

    # set 18: kerning and box moves print nothing (\LyX defined as L\kern-.1667em\lower.25em...)
    s = re.sub(r'\\(?:kern|mkern|hskip|mskip|lower|raise)\s*-?\d*\.?\d+\s*(?:em|ex|pt|mu|bp|mm|cm|in|sp|dd|cc)', '', s)

    def word(m):
        n = m.group(1)
        if n in LOGOS:
            return LOGOS[n] + (m.group(2) or '')
        if n in ZERO_DROP or n in ('ensuremath', 'textit', 'emph'):
            return m.group(2) or ''
        unknown.add(n)
        return ''  # set 18: an unknown command's [optional argument] goes with it
    s = re.sub(r'\\([A-Za-z@]+)\*?\s*(\[[^\[\]{}]*\])?', lambda m: word(m), s)
    s = s.replace('{', '').replace('}', '').replace('~', ' ')
    s = s.replace('---', '—').replace('--', '–').replace('``', '“').replace("''", '”')
    s = s.replace('`', '‘').replace("'", '’')
    s = s.replace(VMARK, '\\').replace('\x02', '{').replace('\x03', '}').replace('\x04', '%').replace('\x05', ' ')
    s = re.sub('\x06(\\d)', lambda m: '&%_#$'[int(m.group(1))], s)
    s = re.sub(r'\s+', ' ', s).strip()
    return s


# ---------------------------------------------------------------- numbering
def fmt_the(kind, thefmt, cnt, appendix, chapters):
    """The number of a heading whose \\the<kind> the document redefined (simple bodies)."""
    out = ''
    for f, c, the, dot in thefmt[kind]:
        if dot:
            out += '.'
        elif the:
            if the in thefmt and the != kind:
                out += fmt_the(the, thefmt, cnt, appendix, chapters)
            elif the in cnt:
                v = cnt[the]
                out += alph(v) if appendix and the == ('chapter' if chapters else 'section') else str(v)
        elif c in cnt:
            v = cnt[c]
            out += {'arabic': str(v), 'Alph': alph(v), 'alph': alph(v).lower(), 'Roman': roman(v),
                    'roman': roman(v).lower()}[f]
    return out


def roman(n):
    out = ''
    for v, r in ((1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'),
                 (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')):
        while n >= v:
            out += r
            n -= v
    return out


def alph(n):
    return chr(ord('A') + n - 1) if 1 <= n <= 26 else str(n)


BIBNAMES = {
    ('english', False): 'References', ('english', True): 'Bibliography',
    ('german', False): 'Literatur', ('german', True): 'Literaturverzeichnis',
    ('french', False): 'Références', ('french', True): 'Bibliographie',
    ('italian', False): 'Riferimenti bibliografici', ('italian', True): 'Bibliografia',
    ('spanish', False): 'Referencias', ('spanish', True): 'Bibliografía',
}
ALL_BIB = ['References', 'Bibliography', 'Literatur', 'Literaturverzeichnis', 'Références',
           'Bibliographie', 'Bibliografia', 'Riferimenti bibliografici', 'Referencias', 'Bibliografía',
           'Referências']  # set 18: Portuguese (babel brazil/portuguese)


def settings_of(s):
    out = {}
    for kv in filter(None, (s or '').split(';')):
        k, _, v = kv.partition('=')
        out[k.strip()] = v.strip()
    return out


def simple_macros(pre):
    """\\newcommand{\\x}[n]{body} / \\def\\x{body} with n <= 2 from the whole source."""
    macros = {}
    for m in re.finditer(r'\\(?:re)?(?:newcommand|providecommand|DeclareRobustCommand|NewDocumentCommand)\*?\s*\{?\\([A-Za-z@]+)\}?\s*(?:\[(\d)\])?\s*(?:\[[^\]]*\])?\s*\{', pre):
        body, _ = group(pre, m.end() - 1)
        n = int(m.group(2) or 0)
        if n <= 2 and len(body) < 300 and '#' * 1 + str(n + 1) not in body:
            macros.setdefault(m.group(1), (body, n))
    for m in re.finditer(r'\\def\s*\\([A-Za-z@]+)\s*(#1)?\s*\{', pre):
        body, _ = group(pre, m.end() - 1)
        if len(body) < 300:
            macros.setdefault(m.group(1), (body, 1 if m.group(2) else 0))
    return macros


NAVIGATION = {'contents', 'tableofcontents', 'index', 'listoffigures', 'listoftables', 'listoflistings',
              'inhaltsverzeichnis', 'tabledesmatières', 'indice', 'obsah', 'indexofcommands'}


def parse(doc, root):
    texpath = os.path.join(root, doc['tex'])
    base = os.path.dirname(texpath)
    missing = []
    full = load(texpath[:-3] if texpath.endswith('.gz') else texpath, [base], missing)
    st = doc['settings']
    cls = doc['class']
    shortverbs = set(re.findall(r'\\(?:MakeShortVerb|DefineShortVerb|lstMakeShortInline)\*?\s*(?:\[[^\]]*\])?\s*\{\\(.)\}', full))
    shortverbs |= set(re.findall(r'\\(?:MakeShortVerb|DefineShortVerb)\*?\s*\{?\s*\\?([^\s{}a-zA-Z])', full))
    if cls == 'ltxguide':
        shortverbs.add('|')  # ltxguide.cls does \MakeShortVerb{\|}
    m = re.search(r'\\begin\s*\{document\}', full)
    pre, body = (full[:m.start()], full[m.end():]) if m else ('', full)
    body = mask_verb(body, shortverbs)
    # set 17: user environments defined as verbatim/listing wrappers are skipped like verbatim
    venvs = set(re.findall(r'\\(?:lstnewenvironment|DefineVerbatimEnvironment|newtcblisting|NewTCBListing|'
                           r'DeclareTCBListing|newtcbexample|NewTCBExample|RecustomVerbatimEnvironment|'
                           r'CustomVerbatimEnvironment|newminted)\*?\s*\{(\w+)\}', full))
    for m in re.finditer(r'\\(?:re)?newenvironment\*?\s*\{(\w+)\}\s*(?:\[\d\])?\s*(?:\[[^\]]*\])?\s*\{', full):
        beg, _ = group(full, m.end() - 1)
        if re.search(r'\\(?:Verbatim|verbatim|lstlisting|minted|BVerbatim|LVerbatim|comment)\b|\\begin\s*\{(?:Verbatim|verbatim|lstlisting|minted|tcblisting)\}', beg):
            venvs.add(m.group(1))
    extra = '|'.join([x for x in [st.get('skipenv', '')] if x] + ['^' + re.escape(v) + '$' for v in sorted(venvs)])
    body = drop_envs(body, extra)
    e = re.search(r'\\end\s*\{document\}', body)
    if e:
        body = body[:e.start()]
    macros = simple_macros(pre + body)
    for k, v in st.items():
        if k.startswith('macro:'):
            macros[k[6:]] = (v, 1 if '#1' in v else 0)
    for k in list(macros):
        if k in ('cs', 'cmd', 'meta', 'marg', 'oarg', 'bslash', 'textbackslash'):
            macros.pop(k)
        elif k in SECT or k in ('appendix', 'refname', 'bibname', 'abstractname', 'contentsname', 'thesection', 'thechapter', 'thepart'):
            macros.pop(k)
    # language
    lang = st.get('lang')
    if not lang:
        bab = re.findall(r'\\usepackage\s*\[([^\]]*)\]\s*\{babel\}', pre) + re.findall(r'\\documentclass\s*\[([^\]]*)\]', pre)
        opts = ','.join(bab).replace(' ', '').split(',')
        main = re.search(r'main=(\w+)', ','.join(bab))
        cand = [o for o in opts if o in ('ngerman', 'german', 'french', 'francais', 'frenchb', 'italian', 'english', 'UKenglish', 'USenglish', 'british', 'american', 'spanish')]
        pick = main.group(1) if main else (cand[-1] if cand else 'english')
        sel = re.search(r'\\selectlanguage\s*\{(\w+)\}', body[:3000])
        if sel:
            pick = sel.group(1)
        lang = {'ngerman': 'german', 'francais': 'french', 'frenchb': 'french', 'UKenglish': 'english', 'USenglish': 'english',
                'british': 'english', 'american': 'english'}.get(pick, pick)
        if re.search(r'\\setmainlanguage\s*(\[[^\]]*\])?\s*\{(\w+)\}', pre):
            lang = re.search(r'\\setmainlanguage\s*(\[[^\]]*\])?\s*\{(\w+)\}', pre).group(2)
    chapters = cls in CHAPTER_CLASSES or st.get('chapters') == '1'
    if cls in ('scrbook', 'scrreprt'):
        secnum = 2
    elif cls == 'memoir':
        secnum = 1  # set 17: memoir numbers down to \section by default
    elif chapters:
        secnum = 2
    else:
        secnum = 3
    mm = re.findall(r'\\setcounter\s*\{secnumdepth\}\s*\{\s*(-?\d+|-\\maxdimen)\s*\}', pre)
    if mm:
        secnum = -10 if 'maxdimen' in mm[-1] else int(mm[-1])  # set 18: pandoc's -\maxdimen
    ms = re.findall(r'\\(?:setsecnumdepth|maxsecnumdepth)\s*\{(\w+)\}', pre)
    if ms:
        secnum = {'none': -10, 'all': 10, 'book': -2}.get(ms[-1], LEVEL.get(ms[-1], secnum + 1) - 1)
    if re.search(r'numbers?\s*=\s*false|\\renewcommand\s*\\?\{?\\@seccntformat\}?\s*\[1\]\s*\{\s*\}', pre):
        pass
    if 'secnumdepth' in st:
        secnum = int(st['secnumdepth'])
    # set 17: \renewcommand\thesection{...} and the like, simple bodies only
    thefmt = {}
    for m in re.finditer(r'\\(?:re)?newcommand\*?\s*\{?\\the(chapter|section|subsection|subsubsection)\}?\s*\{', pre):
        b, _ = group(pre, m.end() - 1)
        toks = re.findall(r'\\(arabic|Alph|alph|Roman|roman)\s*\{(\w+)\}|\\the(\w+)|(\.)|(\S)', b)
        if all(t[4] == '' for t in toks) and toks:
            thefmt[m.group(1)] = [t[:4] for t in toks]
    for m in re.finditer(r'\\counterwithout\*?\s*\{(section|subsection|subsubsection)\}\s*\{\w+\}', pre):
        thefmt[m.group(1)] = [('arabic', m.group(1), '', '')]  # set 17: \counterwithout{section}{chapter}
    refname = None
    for nm in ('refname', 'bibname'):
        r = re.findall(r'\\(?:re)?newcommand\*?\s*\{?\\' + nm + r'\}?\s*\{([^{}]*)\}', full) + \
            re.findall(r'\\def\\' + nm + r'\s*\{([^{}]*)\}', full)
        if r and ((nm == 'bibname') == chapters):
            refname = r[-1]
    # scan
    cmd = re.compile(r'\\(part|chapter|section|subsection|subsubsection|paragraph|subparagraph|addpart|addchap|addsec'
                     r'|appendix|frontmatter|mainmatter|backmatter|tableofcontents|listoffigures|listoftables|'
                     r'printindex|bibliography|printbibliography|begin\s*\{(?:thebibliography|abstract|theindex)\}|'
                     r'setcounter\s*\{(?:part|chapter|section|subsection|subsubsection|secnumdepth)\}|'
                     r'printglossary|printglossaries|printnomenclature)(?![A-Za-z@])(\*?)')
    # sectioning wrappers: user macros whose body is a sectioning command, used in the body
    # sectioning wrappers: user macros / environments whose definition contains a sectioning
    # command; their uses are replaced by the definition with the arguments put in
    SEC_IN = re.compile(r'\\(part|chapter|section|subsection|subsubsection|addpart|addchap|addsec)\b')
    wrappers = {'\\' + k: v for k, v in macros.items() if SEC_IN.search(v[0])}
    for m in re.finditer(r'\\newenvironment\*?\s*\{(\w+)\}\s*(?:\[(\d)\])?\s*(?:\[[^\]]*\])?\s*\{', pre + body):
        envbody, _ = group(pre + body, m.end() - 1)
        if SEC_IN.search(envbody):
            wrappers['\\begin{' + m.group(1) + '}'] = (envbody, int(m.group(2) or 0))
    wrapped = {}
    for k, (b, n) in wrappers.items():
        out, i = [], 0
        pat = re.compile(re.escape(k) + (r'(?![A-Za-z@])' if k[-1].isalpha() else ''))
        while True:
            mt = pat.search(body, i)
            if not mt:
                out.append(body[i:])
                break
            out.append(body[i:mt.start()])
            i = mt.end()
            args = []
            for _ in range(n):
                i = skip_ws(body, i)
                if i < len(body) and body[i] == '{':
                    a_, i = group(body, i)
                else:
                    a_ = ''
                args.append(a_)
            r = b
            for q, a_ in enumerate(args):
                r = r.replace('#%d' % (q + 1), a_)
            out.append(' ' + r + ' ')
            wrapped[k] = wrapped.get(k, 0) + 1
        body = ''.join(out)
    heads, notes = [], []
    for k, v in wrapped.items():
        notes.append('sectioning wrapper %s expanded %d times' % (k, v))
    cnt = {n: 0 for n in SECT}
    appendix = False
    matter = 'main'
    used = set(re.findall(r'\\(part|chapter|addpart|addchap)\b', body))
    top = 'part' if ({'part', 'addpart'} & used) else ('chapter' if chapters and ({'chapter', 'addchap'} & used) else 'section')
    if 'top' in st:
        top = st['top']
    nparas = 0
    abstract = False
    unknown = set()
    i = 0
    while True:
        m = cmd.search(body, i)
        if not m:
            break
        name, star = m.group(1), m.group(2)
        i = m.end()
        name = re.sub(r'\s+', '', name)
        if name == 'appendix':
            appendix = True
            if chapters:
                cnt['chapter'] = 0
            else:
                cnt['section'] = 0
            continue
        if name in ('frontmatter', 'mainmatter', 'backmatter'):
            matter = name[:-6]
            continue
        if name.startswith('setcounter'):
            what = re.search(r'\{(\w+)\}', name).group(1)
            j = skip_ws(body, i)
            if j < len(body) and body[j] == '{':
                v, i = group(body, j)
                try:
                    if what == 'secnumdepth':
                        secnum = int(v)
                    else:
                        cnt[what] = int(v)
                except ValueError:
                    pass
            continue
        if name in ('tableofcontents', 'listoffigures', 'listoftables', 'printindex', 'begin{theindex}'):
            notes.append('navigation (excluded): \\' + name)
            continue
        if name == 'begin{abstract}':
            abstract = True
            continue
        if name in ('bibliography', 'printbibliography', 'begin{thebibliography}', 'printglossary', 'printglossaries', 'printnomenclature'):
            if name == 'bibliography':
                j = skip_ws(body, i)
                if j < len(body) and body[j] == '{':
                    _, i = group(body, j)
            opt = ''
            if doc['settings'].get('nobib') == '1' and 'gloss' not in name and 'nomencl' not in name:  # set 18: per file, the PDF prints no bibliography
                notes.append('bibliography heading not printed in the PDF (setting nobib=1): not listed')
                continue
            if name == 'printbibliography':
                j = skip_ws(body, i)
                if j < len(body) and body[j] == '[':
                    opt, i = group(body, j, '[', ']')
                if 'heading=none' in opt.replace(' ', ''):
                    continue
            if name.startswith('print') and 'glossar' in name or name == 'printnomenclature':
                heads.append({'level': LEVEL['chapter'] if chapters else LEVEL['section'], 'num': '',
                              'title': None, 'alts': ['Glossary', 'Acronyms', 'Nomenclature', 'List of Symbols', 'Notation'],
                              'gen': name})
                continue
            t = re.search(r'title\s*=\s*\{?([^,}\]]*)', opt)
            title = t.group(1) if t else (refname or BIBNAMES.get((lang, chapters), 'References'))
            lvl = LEVEL['chapter'] if chapters else LEVEL['section']
            if 'subbibliography' in opt:
                lvl += 1
            bnum = ''
            if name == 'printbibliography' and 'heading=bibnumbered' in opt.replace(' ', ''):
                k = 'chapter' if chapters else 'section'  # set 18: biblatex's numbered bibliography heading
                cnt[k] += 1
                bnum = alph(cnt[k]) if appendix else str(cnt[k])
            if re.search(r'\\usepackage\s*\[[^\]]*numbib[^\]]*\]\s*\{tocbibind\}', pre):
                k = 'chapter' if chapters else 'section'
                cnt[k] += 1
                bnum = (alph(cnt[k]) if appendix else str(cnt[k])) if chapters else \
                    (alph(cnt[k]) if appendix else str(cnt[k]))
            heads.append({'level': lvl, 'num': bnum, 'title': title, 'alts': [] if (t or refname) else ALL_BIB,
                          'gen': 'bibliography'})
            continue
        kind = KOMA_ADD.get(name, name)
        if name in KOMA_ADD:
            star = '*'
        lvl = LEVEL[kind]
        # arguments: optional [..] (memoir: two), then {..}
        j = skip_ws(body, i)
        shorts = []
        while j < len(body) and body[j] == '[':
            a, j = group(body, j, '[', ']')
            shorts.append(a)
            j = skip_ws(body, j)
        if j >= len(body) or body[j] != '{':
            notes.append('skipped \\%s without argument near %r' % (name, body[m.start():m.start() + 40]))
            continue
        title, i = group(body, j)
        if kind in ('paragraph', 'subparagraph'):
            nparas += 1
            continue
        # LaTeX's levels: part -1, chapter 0, section 1, subsection 2, subsubsection 3
        numbered = not star and LEVEL[kind] - 1 <= secnum \
            and not (kind == 'chapter' and matter in ('front', 'back'))
        if not star:
            if not (kind == 'chapter' and matter in ('front', 'back')):
                cnt[kind] += 1
                for k in SECT[LEVEL[kind] + 1:]:
                    if kind == 'part' and chapters:
                        break
                    if kind == 'part' and k != 'chapter' and not chapters:
                        break
                    cnt[k] = 0
        num = ''
        if not star and not (kind == 'chapter' and matter in ('front', 'back')):
            if kind == 'part':
                num = 'Part ' + roman(cnt['part'])
            elif kind == 'chapter':
                num = alph(cnt['chapter']) if appendix else str(cnt['chapter'])
            else:
                parts = []
                start = 'chapter' if chapters else 'section'
                for k in SECT[LEVEL[start]:LEVEL[kind] + 1]:
                    v = cnt[k]
                    if k == 'chapter' and appendix:
                        parts.append(alph(v))
                    elif k == 'section' and appendix and not chapters:
                        parts.append(alph(v))
                    else:
                        parts.append(str(v))
                num = '.'.join(parts)
                if thefmt:  # set 17: a redefined \the<counter> on this level or above
                    lv = SECT[LEVEL[start]:LEVEL[kind] + 1]
                    if any(k in thefmt for k in lv):
                        num = parts[0]
                        for q, k in enumerate(lv):
                            if k in thefmt:
                                num = fmt_the(k, thefmt, cnt, appendix, chapters)
                            elif q:
                                num = num + '.' + parts[q]
        ctitle = clean(title, macros, lang, unknown)
        if squash(ctitle) in NAVIGATION:
            notes.append('navigation (excluded): \\%s%s{%s}' % (name, star, ctitle))
            continue
        if not ctitle:
            notes.append('dropped: \\%s%s{%s} (empty after macro expansion)' % (name, star, title.strip()[:40]))
            continue
        heads.append({'level': lvl, 'num': num if numbered else '', 'wnum': num, 'title': ctitle, 'src': title,
                      'short': shorts, 'kind': kind, 'star': bool(star)})
    if 'top' not in st:
        used = [h['level'] for h in heads if not h.get('gen')]
        top = SECT[min(used)] if used else 'section'
        if top == 'section' and chapters and any(h.get('gen') for h in heads):
            pass
    toplevel = LEVEL[top]
    for h in heads:
        h['depth'] = max(1, h['level'] - toplevel + 1)
    info = {'missing': missing, 'paragraphs': nparas, 'abstract': abstract, 'notes': notes,
            'unknown': sorted(unknown), 'lang': lang, 'top': top, 'secnumdepth': secnum, 'chapters': chapters}
    return heads, info


# ---------------------------------------------------------------- pages
def squash(t):
    t = unicodedata.normalize('NFKC', t)
    return ''.join(c for c in t.lower() if c.isalnum())


def pages_of(pdf):
    out = subprocess.run(['pdftotext', '-enc', 'UTF-8', pdf, '-'], capture_output=True, text=True).stdout
    return [[l for l in p.split('\n') if l.strip()] for p in out.split('\f')]


CONTENTS = {'contents', 'tableofcontents', 'inhaltsverzeichnis', 'inhalt', 'tabledesmatieres', 'tabledesmatières', 'sommaire', 'índice', 'índicegeneral',
            'indice', 'sommario', 'indicegeneral', 'obsah', 'listoffigures', 'listoftables',
            'tabledesfigures', 'listedesfigures', 'listedestableaux', 'abbildungsverzeichnis',
            'tabellenverzeichnis', 'elencodellefigure'}


def toc_pages(pages):
    """Pages of the table of contents (and lists of figures/tables) -> the index of the line where
    the contents start: the line `Contents` on a page, and all of the pages after it whose lines
    mostly end in a page number (or are dot leaders)."""
    out = {}
    for pi, p in enumerate(pages):
        starts = [i for i, l in enumerate(p) if squash(l) in CONTENTS and
                  sum(1 for m in p[i + 1:i + 12] if re.search(r'(\. ?){4,}|^\s*(\d+|[ivxlc]+)\s*$|\s\d+\s*$', m)) >= 3]
        if starts and pi not in out:
            out[pi] = starts[0]
            q = pi + 1
            while q < len(pages) and pages[q]:
                dots = sum(1 for l in pages[q] if re.search(r'(\. ?){4,}', l))
                nums = sum(1 for l in pages[q] if re.fullmatch(r'\s*(\d+|[ivxlc]+)\s*', l))
                if dots * 4 >= len(pages[q]) or nums * 10 >= len(pages[q]) * 6:
                    out[q] = 0
                    q += 1
                else:
                    break
    for pi, p in enumerate(pages):
        dots = [i for i, l in enumerate(p) if re.search(r'(\. ?){4,}', l)]
        if pi not in out and p and len(dots) * 4 >= len(p):
            out[pi] = max(0, dots[0] - 1)
    return out


DOTS = re.compile(r'(\. ?){4,}')


def find_page(pages, start, forms, skip={}, loose=False):
    """First page >= start with a line (or 2-3 consecutive lines) equal to one of forms
    (loose: a line containing one of them). On a contents page (skip) a match that looks like a
    contents entry (dot leaders on it or on the next line, or a page number alone on the next
    line) does not count, unless the title is there twice."""
    targets = [f for f in (squash(x) for x in forms) if f]
    if loose:
        targets = [t for t in targets if len(t) >= 8]
    for pi in range(start, len(pages)):
        raw = pages[pi]
        ls = [squash(l) for l in raw]
        hits = real = 0
        a = 0
        while a < len(ls):
            acc = ''
            hit = False
            for b in range(a, min(a + 3, len(ls))):
                acc += ls[b]
                if (loose and any(t in acc for t in targets)) or (not loose and acc in targets):
                    hit = True
                    break
            if hit:
                hits += 1
                nxt = raw[b + 1] if b + 1 < len(raw) else ''
                entry = any(DOTS.search(raw[k]) for k in range(a, b + 1)) or DOTS.search(nxt) \
                    or re.fullmatch(r'\s*(\d+|[ivxlc]+)\s*', nxt)
                if pi not in skip or not entry:
                    if not real:
                        find_page.where = (a, b, len(ls))  # set 17: where the first real match is
                    real += 1
                a = b + 1
            else:
                a += 1
        if real or hits >= 2:
            return pi + 1, 0
    return None, None


RUNNING_HEADS = [False]  # set 17: per-document setting `runninghead=1` (manifest column 7)


def locate(pages, cur, forms, numbered, toc):
    """(page, how): numbered forms first, then the bare title, then loosely (the title inside a
    longer line); never on a contents page (a title found only there gets no page)."""
    if numbered:
        find_page.where = None
        p, _ = find_page(pages, cur, forms[:-1], toc)
        if p:
            # set 17: a numbered match in the first or last 3 lines of a page may be a running head or
            # foot; if the bare title is a line on an earlier page, that page is the heading's
            w = find_page.where
            if RUNNING_HEADS[0] and w and (w[0] < 3 or w[1] >= w[2] - 3):
                q, _ = find_page(pages, cur, forms[-1:], toc)
                if q and q < p:
                    return q, 'BARE-RH'
            return p, 'ok'
    p, _ = find_page(pages, cur, forms[-1:], toc)
    if p:
        return p, 'BARE' if numbered else 'ok'
    p, _ = find_page(pages, cur, forms, toc, loose=True)
    if p:
        return p, 'LOOSE'
    return None, 'NOPAGE'


def forms_of(h):
    t, n = h['title'], h['num']
    if not n:
        return [t]
    bare = n.replace('Part ', '')
    f = [n + ' ' + t]
    if h.get('kind') == 'chapter':
        f += ['Chapter ' + n + ' ' + t, 'Appendix ' + n + ' ' + t, n + '. ' + t, 'Kapitel ' + n + ' ' + t,
              'Chapitre ' + n + ' ' + t, 'Anhang ' + n + ' ' + t]
    if h.get('kind') == 'part':
        f += [bare + ' ' + t, 'Teil ' + bare + ' ' + t, 'Partie ' + bare + ' ' + t]
    return f + [t]


def main():
    manifest, root, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    for line in open(manifest):
        if not line.strip() or line.startswith('#') or line.startswith('name\t'):
            continue
        f = line.rstrip('\n').split('\t')
        doc = {'name': f[0], 'package': f[1], 'pdf': f[3], 'tex': f[4], 'class': f[5],
               'settings': settings_of(f[6] if len(f) > 6 else '')}
        heads, info = parse(doc, root)
        RUNNING_HEADS[0] = doc['settings'].get('runninghead') == '1'
        pages = pages_of(os.path.join(root, doc['pdf']))
        toc = toc_pages(pages)
        cur, notfound, bare_only, numbered_in_pdf = 0, 0, 0, 0
        rows = []
        diag = []
        for h in heads:
            if h['title'] is None or h.get('alts'):
                cands = ([h['title']] if h['title'] else []) + [a for a in h['alts'] if a != h['title']]
                got = None
                for c in cands:
                    # set 18: a numbered bibliography heading (A References) is a line with its number
                    p, _ = find_page(pages, cur, [h['num'] + ' ' + c, c] if h.get('num') else [c])
                    if p:
                        got = (c, p)
                        break
                if not got:
                    if h['title'] is None:
                        info['notes'].append('generated %s heading not found in the PDF: dropped' % h['gen'])
                        continue
                    p = None
                else:
                    h['title'], p = got
            else:
                forms = forms_of(h)
                p, how = locate(pages, cur, forms, bool(h['num']), toc)
                h['how'] = how
                if how != 'ok':
                    bare_only += 1
                if not h['num'] and h.get('wnum') and p:
                    f2 = forms_of(dict(h, num=h['wnum']))[:-1]
                    p2, _ = find_page(pages, cur, f2)
                    if p2 == p:
                        numbered_in_pdf += 1
                        h['how'] = 'NUM-IN-PDF'
            if p:
                cur = p - 1
            else:
                notfound += 1
            title = (h['num'] + ' ' + h['title']).strip() if h['num'] else h['title']
            rows.append((h['depth'], p, title, h))
            diag.append('%s\t%s\t%s\t%s' % (h.get('how') or ('ok' if p else 'NOPAGE'), p or '', title,
                                            (h.get('src') or '').replace('\n', ' ')[:60]))
        os.makedirs(os.path.join(outdir, '..', 'diag'), exist_ok=True)
        with open(os.path.join(outdir, '..', 'diag', doc['name'] + '.diag'), 'w') as g:
            g.write('\n'.join(diag) + '\n')
        with open(os.path.join(outdir, doc['name'] + '.gold.tsv'), 'w') as g:
            g.write('# gold from LaTeX source %s (package %s) by make_gold.py\n' % (doc['tex'], doc['package']))
            g.write('# class %s, top level %s, secnumdepth %s, language %s\n' % (doc['class'], info['top'], info['secnumdepth'], info['lang']))
            if info['abstract']:
                g.write('# abstract environment present: its label is not a heading here\n')
            g.write('# \\paragraph/\\subparagraph run-in heads not listed: %d\n' % info['paragraphs'])
            g.write('# headings without a page (title not found as a line in pdftotext): %d\n' % notfound)
            for n in info['notes']:
                g.write('# ' + n + '\n')
            for d, p, t, h in rows:
                g.write('%d\t%s\t%s\n' % (d, p or '', t))
        print('%s\theads=%d\tnopage=%d\tbare_only=%d\tnum_in_pdf=%d\tparas=%d\ttop=%s\tsecnum=%s\tlang=%s\tmissing=%s\tunknown=%s' % (
            doc['name'], len(rows), notfound, bare_only, numbered_in_pdf, info['paragraphs'], info['top'], info['secnumdepth'],
            info['lang'], ','.join(info['missing']), ','.join(info['unknown'])))


if __name__ == '__main__':
    main()
