#!/bin/sh
# Rebuild the plain-text fixtures of tests/data/text/ from their Debian 12 ("bookworm") sources.
#
#   sh tests/data/text/tools/build.sh [WORKDIR]        (as root; default WORKDIR /tmp/docsweep-text-fixtures)
#
# Needs: apt-get with a deb-src entry for bookworm main (for `apt-get source man-db`), dpkg-deb,
# groff 1.22.4-10, man-db, bsdextrautils (col), ghostscript, tesseract-ocr 5.3.0 with
# tesseract-ocr-eng. The sources are kept in WORKDIR, where make_gold.py reads them.
# rfc3339.txt is not built here: it is a copy of the published RFC (see README.md).
set -eu

HERE=$(cd "$(dirname "$0")/.." && pwd)
W=${1:-/tmp/docsweep-text-fixtures}
mkdir -p "$W/deb" "$W/x" "$W/src" "$W/ocr"

# --- sources -------------------------------------------------------------------------------
cd "$W/deb"
apt-get download grep=3.8-5 tar=1.34+dfsg-1.2+deb12u1 dash=0.5.12-2 sed=4.9-1+deb12u1 \
    groff=1.22.4-10 docutils-doc=0.19+dfsg-6 libjpeg-dev=1:2.1.5-2
for d in *.deb; do
    n=${d%%_*}
    mkdir -p "$W/x/$n"
    dpkg-deb -x "$d" "$W/x/$n"
done
cd "$W/src"
apt-get source --download-only man-db=2.11.2-2
tar xf man-db_2.11.2.orig.tar.xz

M=$W/x
zcat "$M/grep/usr/share/man/man1/grep.1.gz"  > "$W/src/grep.1"
zcat "$M/tar/usr/share/man/man1/tar.1.gz"    > "$W/src/tar.1"
zcat "$M/dash/usr/share/man/man1/dash.1.gz"  > "$W/src/dash.1"
zcat "$M/sed/usr/share/man/man1/sed.1.gz"    > "$W/src/sed.1"
zcat "$M/groff/usr/share/doc/groff-base/pic.ms.gz" > "$W/src/pic.ms"
zcat "$M/libjpeg-dev/usr/share/doc/libjpeg-dev/structure.txt.gz" > "$W/src/structure.txt"
D=$M/docutils-doc/usr/share/doc/docutils-doc/docs/user
cp "$D/tools.txt" "$W/src/docutils-tools.txt"
cp "$D/html.txt"  "$W/src/docutils-html.txt"

# --- 1. grep(1): man page as `man` shows it in a UTF-8 locale, one long page ----------------
LC_ALL=C.UTF-8 groff -man -Tutf8 -P-c -P-b -P-u "$W/src/grep.1" > "$HERE/grep.1.txt"

# --- 2. tar(1): paginated man page, 66-line pages with running header and footer ------------
# With -rcR=0, groff 1.22.4 in nroff mode plants the header trap after page 1 has begun, so the
# first page lacks its header and its footer has only the page number. An empty first output
# line (pro.tr) makes .TH start a fresh page 1; the blank page it leaves in front (66 lines) is
# dropped. A form feed is then put on the first line of every page after the first (that line
# is always empty): grotty itself writes no form feeds.
printf '\\&\n.br\n' > "$W/src/pro.tr"
LC_ALL=C groff -t -man -Tascii -rcR=0 -P-c -P-b -P-u "$W/src/pro.tr" "$W/src/tar.1" \
    | tail -n +67 | awk 'NR > 1 && NR % 66 == 1 { if ($0 != "") exit 1; printf "\f\n"; next } { print }' \
    > "$HERE/tar.1.txt"

# --- 3. dash(1): an mdoc page through man-db and col, as a user would save it ----------------
MANWIDTH=80 LC_ALL=C.UTF-8 man -l "$W/src/dash.1" | col -bx > "$HERE/dash.1.txt"

# --- 4. man-db manual: the -me/tbl manual exactly as man-db's build makes man-db-manual.txt --
# (soelim | tbl | nroff -me), with grotty's SGR escapes off. Identical, byte for byte, to the
# Debian package's /usr/share/doc/man-db/man-db-manual.txt.gz with its SGR escapes removed.
cd "$W/src/man-db-2.11.2/manual"
printf '.ds V 2.11.2\n.ds td 2023-01-08\n' > version
soelim -I. man_db.me | tbl > "$W/src/man_db.pp"
LC_ALL=C groff -Tascii -mtty-char -me -P-c -P-b -P-u "$W/src/man_db.pp" > "$HERE/man-db-manual.txt"

# --- 5-6. reStructuredText documents, copied as shipped -------------------------------------
cp "$W/src/docutils-tools.txt" "$HERE/docutils-tools.txt"
cp "$W/src/docutils-html.txt"  "$HERE/docutils-html.txt"

# --- 7. libjpeg-turbo structure.txt, copied as shipped --------------------------------------
cp "$W/src/structure.txt" "$HERE/libjpeg-structure.txt"

# --- 8. OCR: pages 1-5 of "Making Pictures With GNU PIC" (pic.ms), typeset and read back -----
cd "$W/ocr"
cat > pic-furniture.ms <<'EOF'
.\" Running header and footer for the OCR fixture (set after s.tmac is loaded).
.ds LH Making Pictures With GNU PIC
.ds CH
.ds RH Eric S. Raymond
.ds LF groff 1.22.4
.ds CF \- \\n[PN] \-
.ds RF GNU PIC
EOF
groff -p -e -t -ms -Tps pic-furniture.ms "$W/src/pic.ms" > pic.ps
rm -f pic-*.png
gs -q -dNOPAUSE -dBATCH -sDEVICE=pnggray -r300 -dFirstPage=1 -dLastPage=5 -sOutputFile=pic-%d.png pic.ps
printf '%s\n' pic-1.png pic-2.png pic-3.png pic-4.png pic-5.png > pic.list
tesseract pic.list pic-ocr -l eng
cp pic-ocr.txt "$HERE/pic-ocr.txt"

# --- 9. OCR: sed(1) typeset by groff -man -Tps (4 pages) and read back -----------------------
groff -man -Tps "$W/src/sed.1" > sed.ps
rm -f sed-*.png
gs -q -dNOPAUSE -dBATCH -sDEVICE=pnggray -r300 -sOutputFile=sed-%d.png sed.ps
ls sed-*.png | sort -V > sed.list
tesseract sed.list sed-ocr -l eng
cp sed-ocr.txt "$HERE/sed-ocr.txt"

echo "fixtures written to $HERE; now run: python3 $HERE/tools/make_gold.py $W"
