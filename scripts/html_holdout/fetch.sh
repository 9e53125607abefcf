#!/usr/bin/env bash
# Unpacks the held-out HTML pages listed in pages.tsv from their Debian packages (downloaded,
# not installed) into a cache folder, then scores docsweep's headings on them with score.py.
# Usage: scripts/html_holdout/fetch.sh [DOCSWEEP_BIN]
# The pages stay out of the repository and out of CI on purpose: they measure extraction on
# documentation nobody tuned on. Package versions move; a page that no longer exists is reported.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin=${1:-${CARGO_TARGET_DIR:-/var/tmp/docsweep-target}/release/docsweep}
root=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/html-holdout
mkdir -p "$root/debs" "$root/pkgs"
cut -f3 "$here/pages.tsv" | sort -u | while read -r pkg; do
  if [ ! -d "$root/pkgs/$pkg" ]; then
    (cd "$root/debs" && apt-get download "$pkg" >/dev/null 2>&1) || { echo "cannot download $pkg" >&2; continue; }
    dpkg-deb -x "$(ls "$root/debs/${pkg}"_*.deb | head -n 1)" "$root/pkgs/$pkg"
  fi
done
while IFS=$'\t' read -r page _gen pkg _ver path; do
  dest="$root/$page"
  [ -f "$dest" ] && continue
  mkdir -p "$(dirname "$dest")"
  src="$root/pkgs/$pkg/$path"
  case "$src" in *.gz) [ -f "$src" ] && { gunzip -c "$src" > "$dest"; continue; } ;; esac
  if [ -f "$src" ]; then cp "$src" "$dest"
  elif [ -f "$src.gz" ]; then gunzip -c "$src.gz" > "$dest"
  else echo "missing: $pkg $path" >&2
  fi
done < "$here/pages.tsv"
python3 "$here/score.py" --bin "$bin" --root "$root" "$here/pages.tsv"
