#!/bin/sh
# Rebuild PDF set 20 (web documentation pages printed to PDF with WeasyPrint) into
# WORKDIR/dev and WORKDIR/test, from the Debian bookworm packages in this folder's manifest.tsv.
# usage: sh fetch.sh [WORKDIR]   (default: ${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-20)
# The tools and their needs are set 19's (../fetch.sh, ../build.py, ../render.py, ../gold.py);
# only manifest.tsv and split.tsv are set 20's.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
exec sh "$HERE/../fetch.sh" "${1:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-20}" "$HERE"
