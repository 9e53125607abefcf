#!/usr/bin/env bash
# pdf_ocr_eval.sh BIN_DIR [dev|test|both]: the PDF heading detector on scans, measured.
#
# Every page of the short PDFs (12 pages or fewer, pdfinfo) of the PDF hold-out sets is read
# by OCR instead of its text layer (`pdf.ocr_all_pages`, tesseract's TSV at the default 200
# dpi), as a scan of the document would read, and the headings found are scored against the
# same outline (or source gold) as the text layer's (examples/pdf_outline_eval with OCR_CMD).
# The pages are MuPDF's clean renderings: no skew, noise or blur, so this measures what the
# layout makes of OCR's words and boxes, not tesseract on poor scans. With SCANNED=1 each page
# is first made to look scanned (ImageMagick: turned by -1.5 to 1.5 degrees, blurred by 0.6
# pixel, Gaussian noise, all chosen from the image's hash so that a run is repeatable),
# and docsweep reads that image, as it would a scan's. With BLOCKS=1 it also compares the
# blocks OCR gives with the text layer's, line by line (scripts/pdf_ocr_blocks.py: code lines
# found, lines of one paragraph kept together); that needs the docsweep binary in BIN_DIR or
# beside it (target/release/docsweep).
#
#   dev:  every other candidate (in the order: set, then file name) of the development sets
#         1, 2, 3, 5, 6, 10, 12, 13, 14 and the dev halves of 16-22: 81 files, 529 pages
#   test: every candidate of the held-out sets 4, 7, 11, 15 and the test halves of 16-22:
#         116 files, 797 pages
#
# BIN_DIR holds `pdf_outline_eval` (cargo build --release --examples puts it in
# target/release/examples). The sets are where their fetch scripts put them (see
# scripts/fetch_pdf_holdout*.sh, scripts/pdf_source_gold/, scripts/pdf_html_print/); a set not
# there is skipped with a warning. OCR output is cached by the page image's SHA-256 in
# ${DOCSWEEP_OCR_CACHE:-$HOME/.cache/docsweep/ocr-tsv} (the first run reads some 1,300 pages:
# about 15 minutes on 2 cores, two files at a time; later runs take a minute). Needs
# tesseract-ocr and poppler-utils (and imagemagick for SCANNED=1, whose cache is the folder
# `scanned` in it, with each page's scanned image: some 4 MB a page). The cache does not know
# tesseract's version: empty it when tesseract changes. A set missing shifts which files of
# the later sets the dev sample takes.
set -euo pipefail
BIN=${1:?usage: pdf_ocr_eval.sh BIN_DIR [dev|test|both]}
WHICH=${2:-both}
C=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}
T=${DOCSWEEP_HOLDOUT_ROOT:-/var/tmp}
export DOCSWEEP_OCR_CACHE=${DOCSWEEP_OCR_CACHE:-$C/ocr-tsv}
DEV_DIRS="$T/docsweep-pdf-holdout $T/docsweep-pdf-holdout2 $T/docsweep-pdf-holdout3
  $T/docsweep-pdf-holdout5 $T/docsweep-pdf-holdout6 $T/docsweep-pdf-holdout10
  $T/docsweep-pdf-holdout12 $T/docsweep-pdf-holdout13 $T/docsweep-pdf-holdout14
  $C/pdf-source-gold/dev $C/pdf-source-gold-17/dev $C/pdf-source-gold-18/dev
  $T/pdfhtml19/dev $T/pdfhtml20/dev $T/docsweep-pdf-holdout21/dev $T/docsweep-pdf-holdout22/dev"
TEST_DIRS="$T/docsweep-pdf-holdout4 $T/docsweep-pdf-holdout7 $T/docsweep-pdf-holdout11
  $T/docsweep-pdf-holdout15 $C/pdf-source-gold/test $C/pdf-source-gold-17/test
  $C/pdf-source-gold-18/test $T/pdfhtml19/test $T/pdfhtml20/test
  $T/docsweep-pdf-holdout21/test $T/docsweep-pdf-holdout22/test"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The OCR command: tesseract's TSV, cached by the image's hash.
cat > "$work/ocr.sh" <<'EOF'
#!/bin/sh
img="$1"
h=$(sha256sum "$img" | cut -c1-40)
f="$DOCSWEEP_OCR_CACHE/$h.tsv"
if [ -s "$f" ]; then cat "$f"; exit 0; fi
mkdir -p "$DOCSWEEP_OCR_CACHE"
OMP_THREAD_LIMIT=1 tesseract "$img" stdout tsv > "$f.tmp.$$" 2>/dev/null || { rm -f "$f.tmp.$$"; exit 1; }
mv "$f.tmp.$$" "$f"
cat "$f"
EOF
# SCANNED=1: the page made to look scanned, in place (docsweep reads it back for the words'
# strokes), then read; the scanned image and its TSV cached by the clean image's hash.
cat > "$work/scanned.sh" <<'EOF'
#!/bin/sh
img="$1"
h=$(sha256sum "$img" | cut -c1-40)
d="$DOCSWEEP_OCR_CACHE/scanned"
if [ -s "$d/$h.tsv" ] && [ -s "$d/$h.pgm" ]; then cp "$d/$h.pgm" "$img"; cat "$d/$h.tsv"; exit 0; fi
mkdir -p "$d"
n=$(printf '%d' "0x$(echo "$h" | cut -c1-6)")
angle=$(awk -v n="$n" 'BEGIN { printf "%.1f", (n % 31 - 15) / 10 }')
convert -seed $((n % 100000)) "$img" -background white -virtual-pixel white \
  -distort SRT "$angle" -blur 0x0.6 -attenuate 0.4 +noise Gaussian -depth 8 "$img.$$.pgm" ||
  { rm -f "$img.$$.pgm"; exit 1; }
mv "$img.$$.pgm" "$img"
OMP_THREAD_LIMIT=1 tesseract "$img" stdout tsv > "$d/$h.tsv.tmp.$$" 2>/dev/null || { rm -f "$d/$h.tsv.tmp.$$"; exit 1; }
cp "$img" "$d/$h.pgm.tmp.$$" && mv "$d/$h.pgm.tmp.$$" "$d/$h.pgm" && mv "$d/$h.tsv.tmp.$$" "$d/$h.tsv"
cat "$d/$h.tsv"
EOF
chmod +x "$work/ocr.sh" "$work/scanned.sh"
DOCSWEEP=$BIN/docsweep
[ -x "$DOCSWEEP" ] || DOCSWEEP=$BIN/../docsweep
if [ "${BLOCKS:-0}" = 1 ] && [ ! -x "$DOCSWEEP" ]; then
  echo "BLOCKS=1 needs the docsweep binary in $BIN or beside it (cargo build --release)" >&2
  exit 1
fi
OCR="$work/ocr.sh"
if [ "${SCANNED:-0}" = 1 ]; then
  command -v convert > /dev/null || { echo "SCANNED=1 needs ImageMagick's convert (apt-get install imagemagick)" >&2; exit 1; }
  OCR="$work/scanned.sh"
fi

# Links to the candidates in DEST (named SETDIR-FILE, gold files beside them); every
# `step`-th from the first.
pick() {
  local dest=$1 step=$2 dirs=$3 n=0
  mkdir -p "$dest"
  for d in $dirs; do
    if [ ! -d "$d" ]; then
      echo "warning: $d is not there (fetch the set first); left out" >&2
      continue
    fi
    local tag
    tag=$(echo "$d" | sed 's|.*/docsweep-pdf-holdout$|1|; s|.*/docsweep-pdf-holdout||; s|.*/pdf-source-gold-\?|s|; s|.*/pdfhtml|h|; s|/|-|g')
    for f in "$d"/*.pdf; do
      [ -e "$f" ] || continue
      local p
      p=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}' || true)
      [ -n "$p" ] && [ "$p" -le 12 ] || continue
      n=$((n + 1))
      [ $(((n - 1) % step)) -eq 0 ] || continue
      ln -s "$(readlink -f "$f")" "$dest/$tag-$(basename "$f")"
      if [ -e "$f.gold.tsv" ]; then
        ln -s "$(readlink -f "$f.gold.tsv")" "$dest/$tag-$(basename "$f").gold.tsv"
      fi
    done
  done
}

run() {
  local name=$1 dir=$2
  # Warm the cache two files at a time, then score in one run (its order is the files').
  find "$dir" -name '*.pdf' | sort | xargs -P 2 -n 8 env OCR_CMD="$OCR {image}" \
    "$BIN/pdf_outline_eval" > /dev/null 2>&1 || true
  printf '%-5s ' "$name"
  OCR_CMD="$OCR {image}" "$BIN/pdf_outline_eval" "$dir" > "$work/$name.txt" 2>&1 || true
  grep TOTAL "$work/$name.txt" || { echo "no total:"; tail -5 "$work/$name.txt"; }
  if [ "${BLOCKS:-0}" = 1 ]; then
    printf '%-5s ' "$name"
    python3 "$(dirname "$0")/pdf_ocr_blocks.py" "$DOCSWEEP" "$dir" "$OCR"
  fi
}

if [ "$WHICH" != test ]; then
  pick "$work/dev" 2 "$DEV_DIRS"
  run dev "$work/dev"
fi
if [ "$WHICH" != dev ]; then
  pick "$work/test" 1 "$TEST_DIRS"
  run test "$work/test"
fi
