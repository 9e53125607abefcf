#!/bin/sh
# Rebuild PDF set 20 (web documentation pages printed to PDF with WeasyPrint) into
# WORKDIR/dev and WORKDIR/test, from the Debian bookworm packages in this folder's manifest.tsv.
# usage: sh fetch.sh [WORKDIR]   (default: ${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-20)
# Needs: apt-get (bookworm sources), dpkg-deb, python3 (3.11), pdfinfo (poppler-utils),
# mutool (mupdf-tools), and WeasyPrint's system libraries (pango, fonts-dejavu-core).
# WeasyPrint itself: the venv WEASYPRINT_VENV (default WORKDIR/venv), created from
# ../requirements.txt with pip when it has no python yet. The tools are set 19's (../build.py,
# ../render.py, ../gold.py); only manifest.tsv and split.tsv are set 20's.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
TOOLS=$(cd "$HERE/.." && pwd)
WORK=${1:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-20}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
VENV=${WEASYPRINT_VENV:-$WORK/venv}
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet -r "$TOOLS/requirements.txt"
fi
v=$("$VENV/bin/python" -c 'import weasyprint; print(weasyprint.__version__)')
[ "$v" = 70.0 ] || { echo "fetch.sh: WeasyPrint $v in $VENV, need 70.0" >&2; exit 1; }
python3 "$TOOLS/build.py" "$WORK" "$VENV" "$HERE"
echo "set 20: $(ls "$WORK"/dev/*.pdf | wc -l) dev and $(ls "$WORK"/test/*.pdf | wc -l) test PDFs in $WORK"
