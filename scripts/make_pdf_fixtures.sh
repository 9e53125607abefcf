#!/usr/bin/env bash
# Rebuild tests/data/pdf/generated/, bad/ and scans/ from their sources.
#
#   generated/*.tex  -> generated/*.pdf, plus generated/*.outline.tsv (the outline as
#                       level<TAB>page<TAB>title, read back from the PDF with mutool)
#   bad/*            -> made from generated/, real/ and scripts/make_bad_pdfs.py
#   scans/*          -> page 1 of generated/article-onecol.pdf as a scanned image (with a
#                       stamped line of text), alone and put before pages 2-8 (mutool)
#
# Rebuilds are byte-identical except the two encrypted files (qpdf draws random keys and
# salts for AES-256).
# tests/data/pdf/real/ is not rebuilt here (see tests/data/pdf/README.md).
# The 10,000-page PDF is not a fixture: tests write it with scripts/make_big_pdf.py.
#
# Needs (Debian 12 packages):
#   texlive-latex-base texlive-latex-recommended texlive-fonts-recommended
#   texlive-luatex texlive-xetex lmodern fonts-lmodern   (pdflatex, lualatex, xelatex;
#                                                         fancyhdr, lastpage, hyperref)
#   qpdf            (encryption, xref-table rewrite)
#   poppler-utils   (pdftoppm, pdfinfo)
#   mupdf-tools     (mutool, for the .outline.tsv files)
#   python3         (standard library only)
# e.g.: apt-get install --no-install-recommends texlive-latex-base texlive-latex-recommended \
#         texlive-fonts-recommended texlive-luatex texlive-xetex qpdf poppler-utils mupdf-tools
#
# Usage: scripts/make_pdf_fixtures.sh [generated|bad|scans|all]   (default all)
set -euo pipefail
what=${1:-all}
root=$(cd "$(dirname "$0")/.." && pwd)
data=$root/tests/data/pdf
gen=$data/generated
bad=$data/bad
scans=$data/scans
scripts=$root/scripts

case $what in
  generated) tools="pdflatex lualatex xelatex pdfinfo mutool" ;;
  bad) tools="qpdf pdftoppm python3" ;;
  scans) tools="pdftoppm mutool" ;;
  *) tools="pdflatex lualatex xelatex qpdf pdftoppm pdfinfo mutool python3" ;;
esac
for tool in $tools; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool (see the header of $0)" >&2; exit 1; }
done

# Reproducible TeX output: fixed dates, no random /ID in pdfTeX.
export SOURCE_DATE_EPOCH=1704067200 FORCE_SOURCE_DATE=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# tex_build ENGINE RUNS NAME
tex_build() {
  local engine=$1 runs=$2 name=$3 i
  cp "$gen/$name.tex" "$work/"
  for ((i = 1; i <= runs; i++)); do
    if ! (cd "$work" && "$engine" -interaction=nonstopmode -halt-on-error "$name.tex" >"$name.run.log" 2>&1); then
      tail -40 "$work/$name.run.log" >&2
      echo "$engine failed on $name.tex" >&2
      exit 1
    fi
  done
  cp "$work/$name.pdf" "$gen/$name.pdf"
  # mutool prints one line per item: a marker, tabs (one per level), "title", #page=N...
  mutool show "$gen/$name.pdf" outline | python3 -c '
import re, sys
for line in sys.stdin:
    m = re.match(r"^[-+|]?(\t+)\"(.*)\"\t#page=(\d+)", line.rstrip("\n"))
    if m:
        print("%d\t%s\t%s" % (len(m.group(1)), m.group(3), m.group(2)))
' >"$gen/$name.outline.tsv"
  printf '%-28s %3s pages  %s\n' "$name.pdf" "$(pdfinfo "$gen/$name.pdf" | awk '/^Pages:/{print $2}')" \
    "$(pdfinfo "$gen/$name.pdf" | sed -n 's/^Producer: *//p')"
}

if [ "$what" = all ] || [ "$what" = generated ]; then
  tex_build pdflatex 2 article-onecol
  tex_build lualatex 2 paper-twocol
  tex_build xelatex 3 report-chapters
fi

if [ "$what" = all ] || [ "$what" = bad ]; then
  mkdir -p "$bad"
  src=$gen/paper-twocol.pdf
  qpdf --encrypt "" owner 256 -- "$src" "$bad/encrypted-empty-user-password.pdf"
  qpdf --encrypt secret owner 256 -- "$src" "$bad/encrypted-user-password-secret.pdf"
  python3 "$scripts/make_bad_pdfs.py" truncate "$data/real/groff-sample_docs.pdf" "$bad/truncated-half.pdf"
  qpdf --object-streams=disable --deterministic-id "$src" "$work/classic-xref.pdf"
  python3 "$scripts/make_bad_pdfs.py" broken-xref "$work/classic-xref.pdf" "$bad/broken-xref.pdf"
  python3 "$scripts/make_bad_pdfs.py" zero-pages "$bad/zero-pages.pdf"
  pdftoppm -gray -r 100 -f 1 -l 1 "$gen/article-onecol.pdf" "$work/scan"
  python3 "$scripts/make_bad_pdfs.py" scanned "$(ls "$work"/scan*.pgm)" "$bad/scanned-no-text.pdf" --dpi 100
  python3 "$scripts/make_bad_pdfs.py" not-a-pdf "$bad/not-a-pdf.pdf"
  python3 "$scripts/make_bad_pdfs.py" many-text-objects "$bad/many-text-objects.pdf" --count 50000
  for f in "$bad"/*.pdf; do printf '%-40s %8s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
fi

if [ "$what" = all ] || [ "$what" = scans ]; then
  mkdir -p "$scans"
  pdftoppm -gray -r 100 -f 1 -l 1 "$gen/article-onecol.pdf" "$work/page"
  # An A4 page that is one grey image, with a file number stamped as text at its foot.
  cat > "$work/stamp.txt" <<EOF
%%MediaBox 0 0 595.276 841.89
%%Font Helv Helvetica
%%Image Im0 $(ls "$work"/page*.pgm)
q 595.276 0 0 841.89 0 0 cm /Im0 Do Q
BT /Helv 9 Tf 270 18 Td (Scan 0001) Tj ET
EOF
  printf '%%%%MediaBox 0 0 595.276 841.89\n' > "$work/blank.txt"
  mutool create -o "$scans/scan-with-stamp.pdf" "$work/stamp.txt"
  mutool create -o "$work/blank.pdf" "$work/blank.txt"
  mutool merge -o "$scans/mixed-scan-and-text.pdf" -O garbage,compress \
    "$scans/scan-with-stamp.pdf" "$gen/article-onecol.pdf" 2-8 "$work/blank.pdf"
  for f in "$scans"/*.pdf; do printf '%-40s %8s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
fi
