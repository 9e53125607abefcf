#!/usr/bin/env python3
"""Score docsweep's HTML heading extraction on a held-out page set against check_html.py.

usage: python3 score.py [--bin DOCSWEEP] [--oracle CHECK_HTML_DIR] [--root DIR] [--details] [PAGES_TSV]

The pages are not in the repository (they are a held-out set: nothing is tuned on them);
scripts/html_holdout/fetch.sh unpacks them from their Debian packages into --root.

PAGES_TSV (default pages.tsv beside this script): page-file, generator, package, version,
path-in-package (tab separated; page-file relative to this script's folder).

Per page: oracle headings (content-area h1-h6 / role=heading, in order; in-table ones optional),
docsweep titled sections (section 0 dropped; a first html_title section dropped when the
content has no h1), titles normalised (whitespace collapsed, U+200B/U+00AD/U+FEFF dropped,
permalink marks stripped, casefolded), matched in order with difflib.SequenceMatcher.
  P = matched / docsweep titles;  R = matched / (required oracle headings + matched optional)
  depth+-1: matched headings whose docsweep depth is within one of the oracle's clamped depth
            (depth = 1 + depth of nearest earlier heading with a smaller level)
  depth=  : same, exact, after subtracting 1 from docsweep's depth when an html_title lead
            section was dropped
  nav     : unmatched docsweep titles equal to a navigation text of the page (links/headings
            in nav, role=navigation|complementary|search, sidebar/toc/navheader/... elements,
            plus the oracle's boilerplate_texts) that is not a content heading.
"""
import difflib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = HERE
args = sys.argv[1:]
BIN = "/var/tmp/docsweep-target/release/docsweep"
ORACLE = os.path.join(HERE, "..", "..", "tests", "interop")
DETAILS = False
while args and args[0].startswith("--"):
    a = args.pop(0)
    if a == "--bin":
        BIN = args.pop(0)
    elif a == "--root":
        ROOT = args.pop(0)
    elif a == "--oracle":
        ORACLE = args.pop(0)
    elif a == "--details":
        DETAILS = True
TSV = args[0] if args else os.path.join(HERE, "pages.tsv")
sys.path.insert(0, ORACLE)
sys.setrecursionlimit(20000)
import check_html as C  # noqa: E402

MARKS = re.compile(r"[¶§🔗◆⚓\uf0c1]")


def norm(s):
    s = C.norm(s or "")
    s = MARKS.sub(" ", s)
    s = re.sub(r"^#+\s+|\s+#+$", "", " ".join(s.split()))
    return " ".join(s.split()).casefold()


NAV_WORDS = ("sidebar", "navheader", "navfooter", "navbar", "navigation", "breadcrumb",
             "nav-path", "navpath", "related", "toc", "md-nav", "md-header", "menu")


def is_nav(n):
    if n.tag == "nav" or n.role() in ("navigation", "complementary", "search"):
        return True
    toks = list(n.cls()) + ([n.attrs["id"]] if n.attrs.get("id") else [])
    for t in toks:
        t = t.lower()
        if t in ("nav", "toc", "menu") or any(w in t for w in NAV_WORDS if len(w) > 4):
            return True
    return False


def nav_texts(doc):
    out = set()
    for n in doc.iter():
        if is_nav(n):
            for x in n.iter():
                if x.tag in ("a", "li", "dt", "p", "span", "div", "caption", "b", "strong") \
                        or C.heading_level(x) is not None:
                    t = C.heading_text(x, None)
                    if t and len(t) <= 200:
                        out.add(norm(t))
    return out


def ancestors(n, k=4):
    chain, p = [], n.parent
    while p is not None and len(chain) < k and p.tag != "#document":
        chain.append(p.describe())
        p = p.parent
    return " < ".join([n.describe()] + chain)


def locate(doc, title, want_heading):
    """Describe the smallest element whose text normalises to title."""
    best = None
    for n in doc.iter():
        if n.tag in ("#document", "html", "head", "title"):
            continue
        if want_heading and C.heading_level(n) is None:
            continue
        t = C.heading_text(n, None) if want_heading else C.plain_text(n)
        if norm(t) == title:
            best = n  # later (deeper) matches win: iter is pre-order
    if best is None:
        return "not found verbatim"
    in_nav = any(is_nav(a) for a in _anc(best))
    return ancestors(best) + ("  [inside navigation]" if in_nav else "")


def _anc(n):
    while n is not None:
        yield n
        n = n.parent


def clamp_depths(levels):
    depths, stack = [], []  # stack of (level, depth)
    for lv in levels:
        while stack and stack[-1][0] >= lv:
            stack.pop()
        d = stack[-1][1] + 1 if stack else 1
        depths.append(d)
        stack.append((lv, d))
    return depths


def score_page(page, meta):
    t0 = time.perf_counter()
    try:
        r = subprocess.run([BIN, "inspect", "--json", page], capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return {"page": page, "error": "timeout >300 s", "secs": 300.0, **meta}
    secs = time.perf_counter() - t0
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode != 0 or "panicked" in err:
        return {"page": page, "error": "exit %d: %s" % (r.returncode, err.strip()[:300]),
                "secs": secs, **meta}
    ins = json.loads(r.stdout)
    o = C.analyse(page)
    oh = o["_headings"]
    data = open(page, "rb").read()
    doc = C.parse(C.decode_page(data)[0])
    has_h1 = any(h["level"] == 1 and not h["in_table"] for h in oh)
    secs_t = [s for s in ins.get("sections", [])
              if s.get("title") is not None and str(s.get("section_id")) != "0"]
    lead = 0
    if secs_t and secs_t[0].get("heading_source") == "html_title" and not has_h1:
        lead = 1
    ds = secs_t[lead:]
    on = [norm(h["text"]) for h in oh]
    dn = [norm(s["title"]) for s in ds]
    odepth = clamp_depths([h["level"] for h in oh])
    sm = difflib.SequenceMatcher(None, on, dn, autojunk=False)
    pairs, miss, spur = [], [], []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            pairs += list(zip(range(i1, i2), range(j1, j2)))
        else:
            miss += list(range(i1, i2))
            spur += list(range(j1, j2))
    matched_opt = sum(1 for i, _ in pairs if oh[i]["in_table"])
    required = sum(1 for h in oh if not h["in_table"])
    miss_req = [i for i in miss if not oh[i]["in_table"]]
    within = sum(1 for i, j in pairs if abs(ds[j]["depth"] - odepth[i]) <= 1)
    exact = sum(1 for i, j in pairs if ds[j]["depth"] - lead == odepth[i])
    navs = nav_texts(doc) | {norm(b) for b in o["boilerplate_texts"]}
    content = set(on)
    nav_leaks = [dn[j] for j in spur if dn[j] in navs and dn[j] not in content]
    res = {"page": page, **meta, "secs": secs, "oracle": len(oh), "required": required,
           "docsweep": len(ds), "lead_html_title": bool(lead), "matched": len(pairs),
           "matched_optional": matched_opt, "within1": within, "exact": exact,
           "misses": [], "spurious": [], "nav_leaks": nav_leaks,
           "root": o["root"]["element"], "ds_root_flags": ins["document"].get("flags")}
    if DETAILS or True:
        for i in miss_req:
            res["misses"].append({"level": oh[i]["level"], "title": oh[i]["text"],
                                  "where": locate(doc, on[i], True)})
        for j in spur:
            res["spurious"].append({"depth": ds[j]["depth"], "title": ds[j]["title"],
                                    "source": ds[j].get("heading_source"),
                                    "nav": dn[j] in nav_leaks,
                                    "where": locate(doc, dn[j], False)})
        res["depth_off"] = [{"title": ds[j]["title"], "docsweep": ds[j]["depth"],
                             "oracle": odepth[i], "level": oh[i]["level"]}
                            for i, j in pairs if abs(ds[j]["depth"] - odepth[i]) > 1]
    return res


def main():
    rows = [l.rstrip("\n").split("\t") for l in open(TSV) if l.strip()]
    results = []
    for page, gen, pkg, ver, path in rows:
        p = os.path.join(ROOT, page)
        results.append(score_page(p, {"generator": gen, "package": pkg, "version": ver,
                                      "path": path}))
    json.dump(results, open(os.path.join(ROOT, "results-%s.json" % os.path.splitext(os.path.basename(TSV))[0]), "w"), ensure_ascii=False,
              indent=1)
    T = dict(o=0, d=0, m=0, req=0, mo=0, w=0, e=0, nav=0)
    print("%-62s %5s %5s %4s %6s %6s %6s %6s %4s %6s" % (
        "page", "orac", "dsw", "hit", "P", "R", "d+-1", "d=", "nav", "secs"))
    for r in results:
        name = os.path.relpath(r["page"], os.path.join(ROOT, "pages"))
        if "error" in r:
            print("%-62s ERROR %s (%.2fs)" % (name, r["error"], r["secs"]))
            continue
        m, d = r["matched"], r["docsweep"]
        den = r["required"] + r["matched_optional"]
        print("%-62s %5d %5d %4d %6s %6s %6s %6s %4d %6.2f%s" % (
            name[:62], r["oracle"], d, m,
            "%.3f" % (m / d) if d else "-", "%.3f" % (m / den) if den else "-",
            "%.3f" % (r["within1"] / m) if m else "-", "%.3f" % (r["exact"] / m) if m else "-",
            len(r["nav_leaks"]), r["secs"], "  (+title lead)" if r["lead_html_title"] else ""))
        T["d"] += d; T["m"] += m; T["req"] += den; T["w"] += r["within1"]
        T["e"] += r["exact"]; T["nav"] += len(r["nav_leaks"])
    print("TOTAL (micro): docsweep %d, oracle-required %d, matched %d: P %.3f R %.3f "
          "depth+-1 %.3f depth-exact %.3f nav-leaks %d"
          % (T["d"], T["req"], T["m"], T["m"] / T["d"], T["m"] / T["req"], T["w"] / T["m"],
             T["e"] / T["m"], T["nav"]))
    ok = [r for r in results if "error" not in r]
    mp = sum((r["matched"] / r["docsweep"]) if r["docsweep"] else 1 for r in ok) / len(ok)
    mr = sum((r["matched"] / (r["required"] + r["matched_optional"]))
             if r["required"] + r["matched_optional"] else 1 for r in ok) / len(ok)
    print("macro (per-page mean): P %.3f R %.3f; pages %d, errors %d, slowest %.2fs"
          % (mp, mr, len(ok), len(results) - len(ok), max(r["secs"] for r in results)))
    if DETAILS:
        for r in ok:
            if not (r["misses"] or r["spurious"] or r["depth_off"]):
                continue
            print("\n== %s" % os.path.relpath(r["page"], ROOT))
            for x in r["misses"]:
                print("  MISS h%d %r  @ %s" % (x["level"], x["title"], x["where"]))
            for x in r["spurious"]:
                print("  SPUR d%d %r (%s)%s  @ %s" % (x["depth"], x["title"], x["source"],
                                                     " NAV" if x["nav"] else "", x["where"]))
            for x in r["depth_off"]:
                print("  DEPTH %r docsweep %d oracle %d (h%d)" % (
                    x["title"], x["docsweep"], x["oracle"], x["level"]))


if __name__ == "__main__":
    main()
