#!/usr/bin/env bash
# Builds the held-out plain-text set listed in docs.tsv: Debian packages are downloaded (not
# installed) and unpacked into a cache folder, then build.py renders man pages (groff), copies
# reST sources, runs pdftotext / tesseract on PDFs and xml2rfc on its own documentation, and
# writes each document as NAME.txt with its gold as NAME.gold.json (derived from the sources,
# never from docsweep). Then, when a docsweep binary exists, score.py scores it.
# Usage: scripts/text_holdout/fetch.sh [--list TSV] [--cache DIR] [--jobs N] [--no-score] [DOCSWEEP_BIN]
#   (idempotent; DOCSWEEP_CACHE moves the cache). Without options it builds docs.tsv into
#   $DOCSWEEP_CACHE/text-holdout and scores it, as it always did. --list takes another list
#   (docs2.tsv is set 2); its cache is then text-holdout2 (docsN.tsv -> text-holdoutN, other
#   names -> text-holdout-NAME) unless --cache gives the folder. --no-score only builds.
#   --jobs N is build.py's (OCR pages read at once; default: the number of CPUs).
# The documents stay out of the repository and out of CI on purpose: they measure the text
# extractor on documents nobody tuned on. A package version that is gone is replaced by the
# current one, with a warning (its gold is rebuilt from that version).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
list="$here/docs.tsv"
root=""
score=1
jobs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    --cache) root="$2"; shift 2 ;;
    --no-score) score=0; shift ;;
    --jobs) jobs=(--jobs "$2"); shift 2 ;;
    --) shift; break ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
bin=${1:-${CARGO_TARGET_DIR:-/var/tmp/docsweep-target}/release/docsweep}
if [ -z "$root" ]; then
  name=$(basename "$list" .tsv)
  if [[ $name =~ ^docs[0-9]*$ ]]; then suffix=${name#docs}; else suffix="-$name"; fi
  root=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/text-holdout$suffix
fi
[ -f "$list" ] || { echo "no list $list" >&2; exit 2; }
mkdir -p "$root/debs" "$root/pkgs" "$root/docs" "$root/work"

need=()
command -v groff >/dev/null || need+=(groff-base groff)
command -v pdftotext >/dev/null || need+=(poppler-utils)
/usr/bin/python3 -c 'import pypdf' 2>/dev/null || need+=(python3-pypdf)
/usr/bin/python3 -c 'import docutils' 2>/dev/null || need+=(python3-docutils)
if grep -q $'\tocr\t' "$list"; then
  command -v tesseract >/dev/null || need+=(tesseract-ocr)
  [ -e /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ] || [ -n "$(ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata 2>/dev/null)" ] || need+=(tesseract-ocr-eng)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}" >&2
  (DEBIAN_FRONTEND=noninteractive apt-get install -y "${need[@]}" >/dev/null 2>&1) || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y "${need[@]}" >/dev/null; }
fi

grep -v '^#' "$list" | cut -f3,4 | sort -u | while IFS=$'\t' read -r pkg ver; do
  case "$pkg" in pypi:*) continue ;; esac
  [ -d "$root/pkgs/$pkg" ] && continue
  if ! (cd "$root/debs" && apt-get download "$pkg=$ver" >/dev/null 2>&1); then
    echo "warning: $pkg=$ver is not available, taking the current version" >&2
    (cd "$root/debs" && apt-get download "$pkg" >/dev/null 2>&1) || { echo "cannot download $pkg" >&2; continue; }
  fi
  deb=$(ls -t "$root/debs/${pkg}"_*.deb | head -n 1)
  dpkg-deb -x "$deb" "$root/pkgs/$pkg.tmp" && mv "$root/pkgs/$pkg.tmp" "$root/pkgs/$pkg"
done

if grep -q $'\tpypi:xml2rfc\t' "$list"; then
  ver=$(awk -F'\t' '$3=="pypi:xml2rfc"{print $4; exit}' "$list")
  if [ ! -x "$root/venv/bin/xml2rfc" ]; then
    /usr/bin/python3 -m venv "$root/venv" 2>/dev/null || python3 -m venv "$root/venv"
    "$root/venv/bin/pip" install -q "xml2rfc==$ver"
  fi
fi

/usr/bin/python3 "$here/build.py" "$root" "$list" "${jobs[@]}" || echo "some documents were not built (see above)" >&2
if [ "$score" = 0 ]; then
  echo "built $(ls "$root"/docs/*.gold.json | wc -l) documents in $root/docs (not scored: --no-score)" >&2
elif [ -x "$bin" ]; then
  python3 "$here/score.py" "$bin" "$root/docs"
else
  echo "no docsweep binary at $bin: built $(ls "$root"/docs/*.gold.json | wc -l) documents in $root/docs" >&2
fi
