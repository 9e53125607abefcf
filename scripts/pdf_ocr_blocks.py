#!/usr/bin/env python3
"""pdf_ocr_blocks.py DOCSWEEP DIR OCR_PROGRAM [--show]: the blocks of PDFs read by OCR against
the blocks of their text layer.

Each PDF of DIR is read twice by `DOCSWEEP inspect --json`: as it is (its text layer), and
with every page read by OCR (`pdf.ocr_all_pages`, `pdf.ocr_command = [OCR_PROGRAM, "{image}"]`,
a program that prints tesseract's TSV; scripts/pdf_ocr_eval.sh makes a cached one). The
lines of the two readings (each line's letters and digits, lower-cased, four or more) are
matched in order (difflib; a line OCR misread by a little matches when the lines around it
do). Over the matched lines it prints:

- code: of the lines in code blocks of the text layer, the share OCR also puts in code
  blocks (recall), and of the lines OCR puts in code blocks, the share the text layer does
  (precision); list lines the same way;
- paragraphs: of the pairs of consecutive lines that one prose or list block of the text
  layer holds, the share OCR keeps in one block too (joins kept); of the pairs the text
  layer parts, the share OCR parts too (breaks kept).

The text layer is the reference: where it reads a document wrongly, OCR is marked wrong for
reading it rightly. --show lists each code line the two disagree on."""
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile


def lines(docsweep, config, pdf):
    args = [docsweep, "inspect", "--json"] + (["--config", config] if config else []) + [pdf]
    run = subprocess.run(args, capture_output=True, text=True)
    try:
        blocks = json.loads(run.stdout)["blocks"]
    except (ValueError, KeyError):
        print(f"warning: {pdf}: no blocks read ({'OCR' if config else 'text layer'}): "
              f"{run.stderr.strip()[-200:]}", file=sys.stderr)
        return []
    found = []
    for b in blocks:
        for line in b["text"].split("\n"):
            key = " ".join(re.findall(r"[a-z0-9]+", line.lower()))
            if len(key) >= 4:
                found.append((key, b.get("type"), b.get("seq")))
    return found


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    docsweep, folder, program = sys.argv[1:4]
    show = "--show" in sys.argv[4:]
    fd, config = tempfile.mkstemp(suffix=".toml")
    n = dict.fromkeys(["lines", "matched", "code_t", "code_o", "code_both", "list_t", "list_o",
                       "list_both", "joins", "joins_kept", "breaks", "breaks_kept"], 0)
    try:
        with os.fdopen(fd, "w") as f:
            program = json.dumps(program, ensure_ascii=False)
            f.write(f"[pdf]\nocr_command = [{program}, \"{{image}}\"]\nocr_all_pages = true\n")
        pdfs = sorted(p for p in os.listdir(folder) if p.endswith(".pdf"))
        for name in pdfs:
            pdf = os.path.join(folder, name)
            t, o = lines(docsweep, None, pdf), lines(docsweep, config, pdf)
            sm = difflib.SequenceMatcher(None, [x[0] for x in t], [x[0] for x in o], autojunk=False)
            pairs = []
            for tag, i1, i2, j1, j2 in sm.get_opcodes():
                if tag == "equal":
                    pairs += [(t[i1 + k], o[j1 + k]) for k in range(i2 - i1)]
                elif tag == "replace" and i2 - i1 == j2 - j1:
                    pairs += [(t[i1 + k], o[j1 + k]) for k in range(i2 - i1)
                              if difflib.SequenceMatcher(None, t[i1 + k][0], o[j1 + k][0]).ratio() >= 0.8]
            n["lines"] += len(t)
            n["matched"] += len(pairs)
            for x, y in pairs:
                tc, oc = x[1] == "code", y[1] == "code"
                n["code_t"] += tc
                n["code_o"] += oc
                n["code_both"] += tc and oc
                tl, ol = x[1] == "list", y[1] == "list"
                n["list_t"] += tl
                n["list_o"] += ol
                n["list_both"] += tl and ol
                if show and tc != oc:
                    print(f"{'missed' if tc else 'extra '} {name[:48]:48} ocr {y[1]:8} {y[0][:70]}")
            for (x1, y1), (x2, y2) in zip(pairs, pairs[1:]):
                if x1[2] == x2[2] and x1[1] in ("prose", "list"):
                    n["joins"] += 1
                    n["joins_kept"] += y1[2] == y2[2]
                elif x1[2] != x2[2]:
                    n["breaks"] += 1
                    n["breaks_kept"] += y1[2] != y2[2]
    finally:
        os.unlink(config)
    share = lambda a, b: n[a] / max(n[b], 1)
    print(f"{len(pdfs)} files, {n['lines']} lines of the text layer, {n['matched']} matched; "
          f"code lines: recall {share('code_both', 'code_t'):.3f} ({n['code_both']}/{n['code_t']}), "
          f"precision {share('code_both', 'code_o'):.3f} ({n['code_both']}/{n['code_o']}); "
          f"list lines: recall {share('list_both', 'list_t'):.3f} ({n['list_both']}/{n['list_t']}), "
          f"precision {share('list_both', 'list_o'):.3f} ({n['list_both']}/{n['list_o']}); "
          f"paragraphs: joins kept {share('joins_kept', 'joins'):.3f} ({n['joins_kept']}/{n['joins']}), "
          f"breaks kept {share('breaks_kept', 'breaks'):.3f} ({n['breaks_kept']}/{n['breaks']})")


if __name__ == "__main__":
    main()
