#!/usr/bin/env bash
# Unpacks a real HTML documentation set for benchmarking HTML extraction: the Python 3.11
# documentation (Sphinx, 530 pages, about 50 MB of HTML) from its Debian package, without
# installing it. Prints the folder to pass to scripts/bench_index.sh with INCLUDE='**/*.html'.
set -euo pipefail
cache=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/html-bench
html="$cache/x/usr/share/doc/python3.11/html"
if [ ! -d "$html" ]; then
  mkdir -p "$cache"
  (cd "$cache" && apt-get download python3.11-doc >/dev/null && dpkg-deb -x python3.11-doc_*.deb x)
fi
echo "$html"
