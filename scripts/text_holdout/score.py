#!/usr/bin/env python3
"""Score docsweep's plain/OCR-text extraction on the held-out text set built by fetch.sh.

usage: python3 score.py BIN [DIR] [--inspect | --index] [--details] [--only SUBSTR] [--json OUT]
                        [--split dev|test]

DIR (default ~/.cache/docsweep/text-holdout/docs) holds NAME.txt + NAME.gold.json pairs.
--index runs `BIN index DIR -o TMP --quiet --include '*.txt'` once and reads the Parquet tables
(needs pyarrow; /var/tmp/docsweep-venv is used when this python lacks it); --inspect runs
`BIN inspect --json FILE` per document. Default: --index when pyarrow can be had, else --inspect.
Both run the same per-document function (README), so they score the same.

Per document (gold: see build.py):
  headings  gold = headings with status "ok"; docsweep = sections with a title, section 0
            dropped. Titles are normalized (casefolded, only letter/digit words kept), and a
            title matches with or without a leading section label ("3.2", "A.1", "Chapter 4",
            "Appendix B"), or, for a title wrapped over lines, when one is a prefix of the other
            covering >= 60% of it (>= 2 words). Matching is in order (longest common subsequence).
            recall = matched / gold; spurious = docsweep titles not matched (titles matching a
            gold "optional" or "absent" heading are neither); depth= : matched with equal depth; depth~ :
            matched whose depth differs from gold by the document's most common offset (an
            extra document-title level is not a depth error).
  pages     the document's \\f pages, unless it has none or fewer than lines/120 (stray form
            feeds in a text file), then lines/60. spurious/20p = 20 * spurious / pages.
  furniture a non-blank source line with at least one letter/digit word is "kept" when >= 50%
            of its words are matched by an in-order word alignment (difflib) of the whole source
            against the concatenated text of all blocks (seq order; blocks typed as furniture or
            page header/footer left out). FP = non-furniture lines not kept / non-furniture
            lines; FN = gold furniture lines kept / gold furniture lines.
Totals are micro-averaged (headings, pages and lines summed over documents; spurious/20p
over the pages of indexed documents). Documents that
docsweep did not index (status skipped/failed, or an error) count with recall 0 and are left out
of the furniture rates, which then read n/a when no document was indexed.

--split dev|test scores one half (within each kind, in name order, even positions are dev, odd
ones test). With --split test only the totals print, unless --details asks for more.
"""
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PY = "/var/tmp/docsweep-venv/bin/python"


def section_order(s):
    """Sections in document order: `1.2.3` by its numbers; page sections (`p001`, `p002`, one
    per page of a paged document without headings) by page."""
    sid = str(s["section_id"])
    if sid.startswith("p"):
        return (1, [int(sid[1:])])
    return (0, [int(x) for x in sid.split(".")])


def usage():
    print(__doc__, file=sys.stderr)
    sys.exit(2)


args = sys.argv[1:]
MODE, DETAILS, ONLY, JSON_OUT, SPLIT = None, False, None, None, None
pos = []
while args:
    a = args.pop(0)
    if a == "--inspect":
        MODE = "inspect"
    elif a == "--index":
        MODE = "index"
    elif a == "--details":
        DETAILS = True
    elif a == "--only":
        ONLY = args.pop(0)
    elif a == "--json":
        JSON_OUT = args.pop(0)
    elif a == "--split":
        SPLIT = args.pop(0)
        if SPLIT not in ("dev", "test"):
            usage()
    elif a in ("-h", "--help"):
        usage()
    else:
        pos.append(a)
if not pos:
    usage()
BIN = pos[0]
DIR = pos[1] if len(pos) > 1 else os.path.join(
    os.environ.get("DOCSWEEP_CACHE", os.path.expanduser("~/.cache/docsweep")), "text-holdout", "docs")

try:
    import pyarrow.parquet as pq  # noqa: F401
    HAVE_ARROW = True
except ImportError:
    HAVE_ARROW = False
    # The venv's python may be a link to this very interpreter (its realpath is the same):
    # only the environment variable tells a second start from the first.
    if MODE != "inspect" and os.path.exists(VENV_PY) and not os.environ.get("TEXT_HOLDOUT_REEXEC"):
        os.environ["TEXT_HOLDOUT_REEXEC"] = "1"
        os.execv(VENV_PY, [VENV_PY] + sys.argv)
if MODE is None:
    MODE = "index" if HAVE_ARROW else "inspect"
if MODE == "index" and not HAVE_ARROW:
    sys.exit("--index needs pyarrow (or %s); use --inspect" % VENV_PY)


# ------------------------------------------------------------------ normalization

def norm(s):
    s = (s or "").replace("\u00ad", "")
    return " ".join(re.findall(r"[^\W_]+", s.casefold()))


def strip_label(k):
    w = k.split()
    i = 0
    if len(w) > 1 and w[0] in ("chapter", "appendix", "section", "part") \
            and re.fullmatch(r"[0-9]+|[ivxlcdm]+|[a-z]", w[1]):
        i = 2
    elif len(w) > 1 and re.fullmatch(r"[a-z]", w[0]) and re.fullmatch(r"[0-9]+", w[1]):
        i = 1
    while i < len(w) and re.fullmatch(r"[0-9]+", w[i]):
        i += 1
    return " ".join(w[i:]) if 0 < i < len(w) else k


def variants(title):
    k = norm(title)
    # An appendix's letter alone before its title (`H Configure options`), as DocBook
    # numbers appendices.
    return {k, strip_label(k), re.sub(r"^(appendix|chapter|part|section) ", "", k),
            re.sub(r"^[a-z] (?=\w+ )", "", k)} - {""}


def title_match(gv, dv):
    if gv & dv:
        return True
    for a in gv:
        for b in dv:
            s, l = (a, b) if len(a) <= len(b) else (b, a)
            if len(s.split()) >= 2 and l.startswith(s + " ") and len(s) >= 0.6 * len(l):
                return True
    return False


def lcs_pairs(gold, ds, match):
    n, m = len(gold), len(ds)
    M = [[match(gold[i], ds[j]) for j in range(m)] for i in range(n)]
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, nxt = dp[i], dp[i + 1]
        Mi = M[i]
        for j in range(m - 1, -1, -1):
            row[j] = nxt[j + 1] + 1 if Mi[j] else max(nxt[j], row[j + 1])
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if M[i][j] and dp[i][j] == dp[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


# ------------------------------------------------------------------ docsweep output

FURN_TYPES = re.compile(r"furniture|^page_?(header|footer)|running", re.I)


def from_inspect(path):
    t0 = time.perf_counter()
    try:
        r = subprocess.run([BIN, "inspect", "--json", path], capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        return {"error": "timeout > 600 s", "secs": 600.0}
    secs = time.perf_counter() - t0
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode != 0 or "panicked" in err:
        return {"error": "exit %d: %s" % (r.returncode, " ".join(err.split())[:200]), "secs": secs}
    try:
        ins = json.loads(r.stdout)
    except ValueError as e:
        return {"error": "bad JSON from inspect: %s" % e, "secs": secs}
    d = ins.get("document") or {}
    return {"status": d.get("status", "ok"), "reason": d.get("reason"), "flags": d.get("flags"),
            "pages": d.get("pages"), "sections": ins.get("sections") or [],
            "blocks": ins.get("blocks") or [], "secs": secs}


def from_index(names):
    import pyarrow.parquet as pq
    tmp = tempfile.mkdtemp(prefix="text-holdout-")
    out = os.path.join(tmp, "index")
    t0 = time.perf_counter()
    try:
        r = subprocess.run([BIN, "index", DIR, "-o", out, "--quiet", "--include", "*.txt"],
                           capture_output=True, timeout=3600)
        secs = time.perf_counter() - t0
        err = r.stderr.decode("utf-8", "replace")
        if r.returncode != 0 or not os.path.exists(os.path.join(out, "manifest.json")):
            e = {"error": "index exit %d: %s" % (r.returncode, " ".join(err.split())[:200]), "secs": secs}
            return {n: dict(e) for n in names}, secs
        docs = pq.read_table(os.path.join(out, "documents")).to_pylist()
        secs_t = pq.read_table(os.path.join(out, "sections")).to_pylist()
        blocks = pq.read_table(os.path.join(out, "blocks"),
                               columns=["doc_id", "seq", "type", "text", "page"]).to_pylist()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    by_doc_s, by_doc_b = defaultdict(list), defaultdict(list)
    for s in secs_t:
        by_doc_s[s["doc_id"]].append(s)
    for b in blocks:
        by_doc_b[b["doc_id"]].append(b)
    res = {}
    for d in docs:
        name = os.path.basename(d["path"])
        if name.endswith(".txt"):
            name = name[:-4]
        ss = sorted(by_doc_s[d["doc_id"]], key=section_order)
        bb = sorted(by_doc_b[d["doc_id"]], key=lambda b: b["seq"])
        res[name] = {"status": d.get("status"), "reason": d.get("reason"), "flags": d.get("flags"),
                     "pages": d.get("pages"), "sections": ss, "blocks": bb, "secs": None}
    for n in names:
        res.setdefault(n, {"error": "not in the index's documents table", "secs": None})
    return res, secs


# ------------------------------------------------------------------ scoring

def words(s):
    return re.findall(r"[^\W_]+", s.casefold())


def furniture_scores(lines, furn, blocks):
    """(nonfurn_lines, nonfurn_removed, furn_lines, furn_kept, removed_idx, kept_furn_idx)."""
    src, owner = [], []
    judged = []
    for i, l in enumerate(lines):
        w = words(l)
        if w:
            judged.append(i)
            src.extend(w)
            owner.extend([i] * len(w))
    dst = []
    for b in blocks:
        if FURN_TYPES.search(str(b.get("type") or "")):
            continue
        dst.extend(words(b.get("text") or ""))
    matched = [False] * len(src)
    sm = difflib.SequenceMatcher(None, src, dst, autojunk=len(src) > 20000)
    for blk in sm.get_matching_blocks():
        for k in range(blk.a, blk.a + blk.size):
            matched[k] = True
    tot, hit = Counter(), Counter()
    for k, i in enumerate(owner):
        tot[i] += 1
        hit[i] += matched[k]
    fset = set(furn)
    nf = [i for i in judged if i not in fset]
    ff = [i for i in judged if i in fset]
    removed = [i for i in nf if hit[i] < 0.5 * tot[i]]
    kept = [i for i in ff if hit[i] >= 0.5 * tot[i]]
    return len(nf), removed, len(ff), kept


def pages_of(gold, text):
    lines = gold["lines"]
    ff = gold.get("pages")
    if ff and ff >= lines / 120.0:
        return float(ff)
    return max(lines / 60.0, 1.0 / 60)


# Kinds whose gold is a PDF outline, which may stop above the document's deepest headings.
OUTLINE_KINDS = ("pdf", "ocr")


def section_number(title):
    m = re.match(r"\s*(\d+(?:\.\d+)+)\.?\s", title or "")
    return tuple(int(p) for p in m.group(1).split(".")) if m else None


def below_outline(req, ds, pairs, spur):
    """Spurious titles that are numbered subsections of a matched heading under which the
    outline lists nothing (`1.2.1 RunTask` under a matched `1.2 Running tasks` that has no
    children in the outline): real headings the outline-made gold cannot list. Reported
    apart; the spurious count keeps them."""
    leaf = {}
    for i, j in pairs:
        n = section_number(ds[j]["title"])
        if n is None:
            continue
        nxt = next((h for h in req[i + 1:]), None)
        if nxt is None or nxt["depth"] <= req[i]["depth"]:
            leaf[n] = True
    out = []
    for j in spur:
        n = section_number(ds[j]["title"])
        if n is not None and len(n) >= 2 and leaf.get(n[:-1]):
            out.append(j)
    return out


def score_doc(name, gold, text, out):
    lines = text.split("\n")
    # An outline may list a heading twice (a texinfo PDF whose outline repeats its tree): one
    # printed line is one heading, so an entry at the line of an earlier one with the same
    # title is dropped.
    seen, req = set(), []
    for h in gold["headings"]:
        key = (h["title"], h.get("line"))
        if h["status"] == "ok" and key not in seen:
            seen.add(key)
            req.append(h)
    # A detection of an outline entry the builder could not place on a line ("absent": a
    # title wrapped past its span, or damaged by OCR) is no spurious heading either.
    opt = [h for h in gold["headings"] if h["status"] in ("optional", "absent")]
    pages = pages_of(gold, text)
    res = {"name": name, "kind": gold["kind"], "pages": pages, "gold": len(req), "secs": out.get("secs")}
    if "error" in out or out.get("status") != "ok":
        res.update({"indexed": False, "why": out.get("error") or "%s: %s" % (out.get("status"), out.get("reason")),
                    "matched": 0, "docsweep": 0, "spurious": 0, "depth_eq": 0, "depth_off": 0})
        return res
    ds = [s for s in out["sections"] if str(s.get("section_id")) != "0" and (s.get("title") or "").strip()]
    gv = [variants(h["title"]) | set().union(*[variants(a) for a in h.get("alt") or []]) for h in req]
    dv = [variants(s["title"]) for s in ds]
    pairs = lcs_pairs(gv, dv, title_match)
    mj = {j for _, j in pairs}
    ov = [variants(h["title"]) | set().union(*[variants(a) for a in h.get("alt") or []]) for h in opt]
    spur = [j for j in range(len(ds)) if j not in mj and not any(title_match(o, dv[j]) for o in ov)]
    below = below_outline(req, ds, pairs, spur) if gold["kind"] in OUTLINE_KINDS else []
    offs = Counter(ds[j]["depth"] - req[i]["depth"] for i, j in pairs)
    mode_off = offs.most_common(1)[0][0] if offs else 0
    nf, removed, fl, kept = furniture_scores(lines, gold["furniture"], out["blocks"])
    mi = {i for i, _ in pairs}
    res.update({
        "indexed": True, "docsweep": len(ds), "matched": len(pairs), "spurious": len(spur),
        "below_outline": len(below),
        "depth_eq": sum(1 for i, j in pairs if ds[j]["depth"] == req[i]["depth"]),
        "depth_off": sum(1 for i, j in pairs if ds[j]["depth"] - req[i]["depth"] == mode_off),
        "depth_mode_offset": mode_off, "nonfurn": nf, "removed": len(removed), "furn": fl, "kept": len(kept),
        "ds_pages": out.get("pages"), "flags": out.get("flags"),
        "misses": [{"title": req[i]["title"], "depth": req[i]["depth"], "line": req[i]["line"]}
                   for i in range(len(req)) if i not in mi],
        "spurious_titles": [{"title": ds[j]["title"], "depth": ds[j]["depth"],
                             "source": ds[j].get("heading_source"), "below_outline": j in below}
                            for j in spur],
        "depth_wrong": [{"title": req[i]["title"], "gold": req[i]["depth"], "docsweep": ds[j]["depth"]}
                        for i, j in pairs if ds[j]["depth"] - req[i]["depth"] != mode_off],
        "removed_lines": [{"line": i, "text": lines[i].strip()[:100]} for i in removed[:40]],
        "kept_furniture": [{"line": i, "text": lines[i].strip()[:100]} for i in kept[:40]],
    })
    return res


def pct(a, b):
    return "%6.2f" % (100.0 * a / b) if b else "   n/a"


def rate(a, b, f="%.3f"):
    return f % (a / b) if b else "-"


def main():
    if not os.path.isdir(DIR):
        sys.exit("no documents at %s: run scripts/text_holdout/fetch.sh first" % DIR)
    if not (os.path.isfile(BIN) and os.access(BIN, os.X_OK)):
        sys.exit("no docsweep binary at %s" % BIN)
    names = sorted(f[:-len(".gold.json")] for f in os.listdir(DIR) if f.endswith(".gold.json")
                   and os.path.exists(os.path.join(DIR, f[:-len(".gold.json")] + ".txt")))
    if ONLY:
        names = [n for n in names if ONLY in n]
    if SPLIT:
        # Within each kind, in name order: even positions are the dev half (rules may be
        # looked at and tuned there), odd positions the test half (only its totals are read).
        by_kind = {}
        for n in names:
            by_kind.setdefault(n.split("__")[0], []).append(n)
        want = 0 if SPLIT == "dev" else 1
        names = sorted(n for ns in by_kind.values() for i, n in enumerate(ns) if i % 2 == want)
    if not names:
        sys.exit("no NAME.txt + NAME.gold.json pairs in %s" % DIR)
    if MODE == "index":
        outs, isecs = from_index(names)
    else:
        outs, isecs = {n: from_inspect(os.path.join(DIR, n + ".txt")) for n in names}, None
    results = []
    for n in names:
        gold = json.load(open(os.path.join(DIR, n + ".gold.json"), encoding="utf-8"))
        text = open(os.path.join(DIR, n + ".txt"), encoding="utf-8").read()
        results.append(score_doc(n, gold, text, outs.get(n, {"error": "no output"})))

    # A test half is read for its totals: per-document rows only when asked for (--details).
    per_doc = results if (SPLIT != "test" or DETAILS) else []
    if per_doc:
        print("%-52s %6s %5s %5s %5s %6s %6s %5s %7s %7s %7s" % (
            "document", "pages", "gold", "dsw", "hit", "recall", "depth~", "spur", "spur/20p", "furnFP%", "furnFN%"))
    for r in per_doc:
        if not r["indexed"]:
            print("%-52s %6.1f %5d   NOT INDEXED: %s" % (r["name"][:52], r["pages"], r["gold"], r["why"][:90]))
            continue
        print("%-52s %6.1f %5d %5d %5d %6s %6s %5d %7.2f %7s %7s" % (
            r["name"][:52], r["pages"], r["gold"], r["docsweep"], r["matched"], rate(r["matched"], r["gold"]),
            rate(r["depth_off"], r["matched"]), r["spurious"], 20.0 * r["spurious"] / r["pages"],
            pct(r["removed"], r["nonfurn"]), pct(r["kept"], r["furn"])))

    def agg(rs):
        a = Counter()
        for r in rs:
            a["docs"] += 1
            a["ok"] += r["indexed"]
            a["pages"] += r["pages"]
            a["okpages"] += r["pages"] if r["indexed"] else 0
            a["gold"] += r["gold"]
            for k in ("matched", "docsweep", "spurious", "below_outline", "depth_eq", "depth_off", "nonfurn",
                      "removed", "furn", "kept"):
                a[k] += r.get(k, 0) or 0
        return a

    print()
    print("%-10s %4s %4s %7s %5s %5s %6s %6s %6s %5s %8s %7s %7s %7s %7s" % (
        "kind", "docs", "ok", "pages", "gold", "hit", "recall", "depth=", "depth~", "spur", "spur/20p",
        "nonfurn", "FP%", "furn", "FN%"))
    kinds = sorted({r["kind"] for r in results})
    for k in kinds + ["TOTAL"]:
        a = agg([r for r in results if k == "TOTAL" or r["kind"] == k])
        print("%-10s %4d %4d %7.1f %5d %5d %6s %6s %6s %5d %8.2f %7d %7s %7d %7s" % (
            k, a["docs"], a["ok"], a["pages"], a["gold"], a["matched"], rate(a["matched"], a["gold"]),
            rate(a["depth_eq"], a["matched"]), rate(a["depth_off"], a["matched"]), a["spurious"],
            20.0 * a["spurious"] / a["okpages"] if a["okpages"] else 0, a["nonfurn"], pct(a["removed"], a["nonfurn"]),
            a["furn"], pct(a["kept"], a["furn"])))
    T = agg(results)
    okp = sum(r["pages"] for r in results if r["indexed"])
    not_ok = [r for r in results if not r["indexed"]]
    if not_ok:
        why = Counter(re.sub(r"\(\d+\)|\d+", "N", r["why"])[:100] for r in not_ok)
        print("\n%d of %d documents not indexed: %s" % (len(not_ok), len(results),
                                                      "; ".join("%d x %s" % (v, k[:80]) for k, v in why.most_common(4))))
    if isecs is not None:
        print("index run: %.1f s" % isecs)
    if DETAILS:
        for r in results:
            if not r["indexed"] or not (r["misses"] or r["spurious_titles"] or r["depth_wrong"]
                                        or r["removed_lines"] or r["kept_furniture"]):
                continue
            print("\n== %s (%s)" % (r["name"], r["kind"]))
            for x in r["misses"]:
                print("  MISS  d%d %r (line %s)" % (x["depth"], x["title"], x["line"]))
            for x in r["spurious_titles"]:
                print("  SPUR  d%d %r (%s)%s" % (x["depth"], x["title"], x["source"],
                                                 ", below the outline" if x.get("below_outline") else ""))
            for x in r["depth_wrong"][:20]:
                print("  DEPTH %r gold %d docsweep %d" % (x["title"], x["gold"], x["docsweep"]))
            for x in r["removed_lines"][:20]:
                print("  FP    line %d %r" % (x["line"], x["text"]))
            for x in r["kept_furniture"][:20]:
                print("  FN    line %d %r" % (x["line"], x["text"]))
    out = JSON_OUT or os.path.join(os.path.dirname(os.path.abspath(DIR)), "results-text-holdout.json")
    try:
        json.dump(results, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    except OSError:
        pass
    fp = ("%.2f" % (100.0 * T["removed"] / T["nonfurn"])) if T["nonfurn"] else "n/a"
    fn = ("%.2f" % (100.0 * T["kept"] / T["furn"])) if T["furn"] else "n/a"
    spur = 20.0 * T["spurious"] / okp if okp else 0.0
    rest = 20.0 * (T["spurious"] - T["below_outline"]) / okp if okp else 0.0
    print("text holdout: recall %.3f, spurious %.2f per 20 pages, furniture FP %s %%, FN %s %%%s" % (
        T["matched"] / T["gold"] if T["gold"] else 0.0, spur, fp, fn,
        "  (%d of %d documents not indexed)" % (len(not_ok), len(results)) if not_ok else ""))
    print("of the spurious: %d numbered subsections below the outline's deepest entry there "
          "(%.2f per 20 pages without them)" % (T["below_outline"], rest))


if __name__ == "__main__":
    main()
