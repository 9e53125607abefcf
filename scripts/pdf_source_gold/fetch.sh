#!/bin/sh
# Rebuild the docsweep LaTeX-source gold set (dev/ and test/) from the Debian packages.
# usage: sh fetch.sh [WORKDIR]   (default: ~/.cache/docsweep/pdf-source-gold; the unpacked
# packages take about 3.5 GB there). SET=DIR takes the manifest and split from DIR (set 16's,
# beside this script, by default; set17/fetch.sh names its own).
# Needs: apt-get (Debian bookworm sources), dpkg-deb, sha256sum, python3, pdftotext (poppler-utils).
set -eu
GEN=$(cd "$(dirname "$0")" && pwd)
HERE=${SET:-$GEN}
W=${1:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-source-gold}
mkdir -p "$W/debs" "$W/x" "$W/gold" "$W/dev" "$W/test"
cd "$W/debs"
# 1. download the exact package versions named in the manifest
tail -n +2 "$HERE/manifest.tsv" | cut -f2,3 | sort -u | while IFS="$(printf '\t')" read -r pkg ver; do
  ls "${pkg}_"*.deb >/dev/null 2>&1 || apt-get download "$pkg=$ver"
done
# 2. unpack them into one tree
for d in *.deb; do nice -n 10 dpkg-deb -x "$d" "$W/x"; done
# 3. check the PDFs against the manifest's sha256
awk -F'\t' 'NR > 1 {print $1 "\t" $4 "\t" $9}' "$HERE/manifest.tsv" | while IFS="$(printf '\t')" read -r name pdf sha; do
  got=$(sha256sum "$W/x/$pdf" | cut -d' ' -f1)
  [ "$got" = "$sha" ] || { echo "sha256 mismatch: $name ($pdf)" >&2; exit 1; }
done
# 4. make the gold files from the LaTeX sources
nice -n 10 python3 "$GEN/make_gold.py" "$HERE/manifest.tsv" "$W/x" "$W/gold" > "$W/make_gold.log"
# 5. split: names sorted (C locale), alternately dev, test (split.tsv records the result)
while IFS="$(printf '\t')" read -r half name; do
  pdf=$(awk -F'\t' -v n="$name" '$1==n {print $4}' "$HERE/manifest.tsv")
  cp "$W/x/$pdf" "$W/$half/$name"
  cp "$W/gold/$name.gold.tsv" "$W/$half/$name.gold.tsv"
done < "$HERE/split.tsv"
echo "done: $(ls "$W/dev"/*.pdf | wc -l) dev, $(ls "$W/test"/*.pdf | wc -l) test"
