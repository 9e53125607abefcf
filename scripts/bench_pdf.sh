#!/usr/bin/env bash
# PDF speed: docsweep's whole run (layout, headings, blocks, chunks, Parquet) against plain
# text extraction by poppler's pdftotext and MuPDF's mutool, over the same PDFs, one thread.
# Usage: scripts/bench_pdf.sh [BIN] [DIR...]   (default DIRs: the test fixtures and, when
# fetched, the hold-out sets under /var/tmp; pdftotext/mutool come from poppler-utils and
# mupdf-tools and are skipped when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin=${1:-${CARGO_TARGET_DIR:-/var/tmp/docsweep-target}/release/docsweep}
shift || true
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  dirs=("$root/tests/data/pdf/real" "$root/tests/data/pdf/generated")
  for d in /var/tmp/docsweep-pdf-holdout /var/tmp/docsweep-pdf-holdout2; do
    [ -d "$d" ] && dirs+=("$d")
  done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
n=0
for d in "${dirs[@]}"; do
  for f in "$d"/*.pdf; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    cp "$f" "$work/corpus/$(printf '%03d' $n)-$(basename "$f")"
  done
done
echo "corpus: $n PDFs from ${dirs[*]}"
"$bin" bench "$work/corpus" --threads 1
secs() { local s e; s=$(date +%s.%N); "$@"; e=$(date +%s.%N); echo "$e - $s" | bc; }
ours=$(secs "$bin" index "$work/corpus" -o "$work/idx" --threads 1 --quiet)
echo
printf '%-34s %8s\n' "one thread, wall seconds" "s"
printf '%-34s %8.3f\n' "docsweep index (everything)" "$ours"
if command -v pdftotext >/dev/null; then
  t=$(secs bash -c "for f in '$work'/corpus/*.pdf; do pdftotext -q \"\$f\" /dev/null || true; done")
  printf '%-34s %8.3f   docsweep takes %.2fx its time\n' "pdftotext (text only)" "$t" "$(echo "$ours / $t" | bc -l)"
fi
if command -v mutool >/dev/null; then
  t=$(secs bash -c "for f in '$work'/corpus/*.pdf; do mutool draw -q -F txt -o /dev/null \"\$f\" 2>/dev/null || true; done")
  printf '%-34s %8.3f   docsweep takes %.2fx its time\n' "mutool draw -F txt (text only)" "$t" "$(echo "$ours / $t" | bc -l)"
fi
