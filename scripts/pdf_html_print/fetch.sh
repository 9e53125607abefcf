#!/bin/sh
# Rebuild PDF set 19 (web documentation pages printed to PDF with WeasyPrint) into
# WORKDIR/dev and WORKDIR/test, from the Debian bookworm packages in manifest.tsv.
# usage: sh fetch.sh [WORKDIR [SETDIR]]   (default: ${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-19)
# SETDIR is the folder whose manifest.tsv and split.tsv are built (default: this one, set 19;
# set20/fetch.sh passes set20/).
# Needs: apt-get (bookworm sources), dpkg-deb, python3 (3.11), pdfinfo (poppler-utils),
# mutool (mupdf-tools), and WeasyPrint's system libraries (pango, fonts-dejavu-core).
# WeasyPrint itself: the venv WEASYPRINT_VENV (default WORKDIR/venv), created from
# requirements.txt with pip when it has no python yet.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SET=$(cd "${2:-$HERE}" && pwd)
WORK=${1:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-html-print-19}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
VENV=${WEASYPRINT_VENV:-$WORK/venv}
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet -r "$HERE/requirements.txt"
fi
v=$("$VENV/bin/python" -c 'import weasyprint; print(weasyprint.__version__)')
[ "$v" = 70.0 ] || { echo "fetch.sh: WeasyPrint $v in $VENV, need 70.0" >&2; exit 1; }
python3 "$HERE/build.py" "$WORK" "$VENV" "$SET"
echo "$(ls "$WORK"/dev/*.pdf | wc -l) dev and $(ls "$WORK"/test/*.pdf | wc -l) test PDFs in $WORK"
