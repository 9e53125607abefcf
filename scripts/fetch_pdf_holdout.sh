#!/usr/bin/env bash
# Fetch the hold-out set of real PDFs for docsweep's PDF tests: 14 files from Debian 12
# documentation packages that tests/data/pdf/real/ does not use (real/ draws on
# texlive-latex-base-doc, texlive-latex-recommended-doc, texlive-metapost-doc,
# texlive-science-doc and groff). All have an outline, none has more than 60 pages; they
# mix one- and two-column layouts, slides, and the producers pdfTeX, LuaTeX, XeTeX,
# xdvipdfmx, Ghostscript, Acrobat Distiller and Asciidoctor PDF.
#
# The packages are downloaded with `apt-get download` (about 1 GB in all: run
# `apt-get update` first on a fresh machine) and unpacked with dpkg-deb; nothing is
# installed. Only the listed files are kept, under the names in the first column, with a
# MANIFEST.tsv (name, package, version, path in package, pages, producer, sha256).
#
# Usage: scripts/fetch_pdf_holdout.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse (default /var/tmp/docsweep-debs).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed.
declare -A version=(
  [texlive-publishers-doc]=2022.20230122-4
  [texlive-latex-extra-doc]=2022.20230122-4
  [texlive-pictures-doc]=2022.20230122-3
)

# name <TAB> package <TAB> path inside the package
list='
acmart-sample-acmtog.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/acmart/samples/sample-acmtog.pdf
asmejour-template.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/asmejour/asmejour-template.pdf
oup-authoring-template.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/oup-authoring-template/oup-authoring-template.pdf
aipguide4-1.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/revtex4-1/aip/aipguide4-1.pdf
apa7-longsample.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/apa7/samples/longsample.pdf
llncsdoc.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/llncs/llncsdoc.pdf
dithesis-sample.pdf	texlive-publishers-doc	usr/share/doc/texlive-doc/latex/dithesis/sample.pdf
metanorma.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/metanorma/metanorma.pdf
msc.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/msc/msc.pdf
metropolistheme.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/beamertheme-metropolis/metropolistheme.pdf
parnotes.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/parnotes/parnotes.pdf
sidenotesplus.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/sidenotesplus/sidenotesplus.pdf
hypdvips.pdf	texlive-latex-extra-doc	usr/share/doc/texlive-doc/latex/hypdvips/hypdvips.pdf
hvfloat-paper-default1s2c.pdf	texlive-pictures-doc	usr/share/doc/texlive-doc/latex/hvfloat/paper-default1s2c.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 1" "$dest"
