#!/usr/bin/env bash
# Fetch the third hold-out set of real PDFs for docsweep's heading detector: 20 files from
# nine Debian 12 packages that neither tests/data/pdf/real/, datasets/sample/debian/groff/,
# the first hold-out set (scripts/fetch_pdf_holdout.sh) nor the second
# (scripts/fetch_pdf_holdout2.sh) draws on: octave-doc, r-doc-pdf,
# texlive-fonts-recommended-doc, texlive-formats-extra, texlive-lang-cyrillic,
# texlive-lang-czechslovak, texlive-lang-european, texlive-lang-french, texlive-lang-italian.
# No file is byte-identical to a PDF of those sets.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it
# has an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# and at most 3,000,000 bytes. Packages were taken in alphabetical order of their name
# (the new packages above; holdout 1 and 2 packages were not used) and, within a package,
# the qualifying PDFs in byte order of their path, at most 3 per package and at most one
# per CTAN package directory (usr/share/doc/texlive-doc/TYPE/NAME; so that variants of one
# document, such as the gost examples or opmac-u/opmac-u-en, count once), until 20 were
# found. Many are in languages other than English (Russian, Belarusian, Czech, Hungarian,
# Latin, French, Italian, Georgian). Producers are pdfTeX (1.40.10 to 1.40.24, MiKTeX,
# "pdfTeX110.b", "pdfLaTeX"), XeTeX, xdvipdfmx, MiKTeX-dvipdfmx, LuaTeX and luahbtex.
# Column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 170 MB in all: run
# `apt-get update` first on a fresh machine) and unpacked with dpkg-deb; nothing is
# installed. Only the listed files are kept, under the names in the first column, with a
# MANIFEST.tsv (name, package, version, path in package, pages, producer, outline entries,
# sha256). Pages and producer need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout3.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout3)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout3}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed.
declare -A version=(
  [octave-doc]=7.3.0-2
  [r-doc-pdf]=4.2.2.20221110-2
  [texlive-fonts-recommended-doc]=2022.20230122-3
  [texlive-formats-extra]=2022.20230122-4
  [texlive-lang-cyrillic]=2022.20230122-1
  [texlive-lang-czechslovak]=2022.20230122-1
  [texlive-lang-european]=2022.20230122-1
  [texlive-lang-french]=2022.20230122-1
  [texlive-lang-italian]=2022.20230122-1
)

# name <TAB> package <TAB> path inside the package
list='
liboctave.pdf	octave-doc	usr/share/doc/octave/liboctave.pdf
R-FAQ.pdf	r-doc-pdf	usr/share/R/doc/manual/R-FAQ.pdf
R-data.pdf	r-doc-pdf	usr/share/R/doc/manual/R-data.pdf
euro.pdf	texlive-fonts-recommended-doc	usr/share/doc/texlive-doc/latex/euro/euro.pdf
mathpazo-pazotest.pdf	texlive-fonts-recommended-doc	usr/share/doc/texlive-doc/latex/mathpazo/pazotest.pdf
mxedruli-mxeddoc.pdf	texlive-formats-extra	usr/share/doc/texlive-doc/fonts/mxedruli/mxeddoc.pdf
hitexman.pdf	texlive-formats-extra	usr/share/doc/texlive-doc/hitex/base/hitexman.pdf
gost2003.pdf	texlive-lang-cyrillic	usr/share/doc/texlive-doc/bibtex/gost/examples/cp1251/gost2003.pdf
babel-belarusian.pdf	texlive-lang-cyrillic	usr/share/doc/texlive-doc/generic/babel-belarusian/belarusian.pdf
babel-russianb.pdf	texlive-lang-cyrillic	usr/share/doc/texlive-doc/generic/babel-russian/russianb.pdf
cstexman.pdf	texlive-lang-czechslovak	usr/share/doc/texlive-doc/cstex/cstexman.pdf
cnbwp-manual-cs.pdf	texlive-lang-czechslovak	usr/share/doc/texlive-doc/latex/cnbwp/cnbwp-manual-cs.pdf
texlive-cz.pdf	texlive-lang-czechslovak	usr/share/doc/texlive-doc/texlive/texlive-cz/texlive-cz.pdf
babel-latin.pdf	texlive-lang-european	usr/share/doc/texlive-doc/generic/babel-latin/latin.pdf
huaz.pdf	texlive-lang-european	usr/share/doc/texlive-doc/latex/huaz/huaz.pdf
nevelok.pdf	texlive-lang-european	usr/share/doc/texlive-doc/latex/nevelok/nevelok.pdf
frenchb-doc.pdf	texlive-lang-french	usr/share/doc/texlive-doc/generic/babel-french/frenchb-doc.pdf
efrench.pdf	texlive-lang-french	usr/share/doc/texlive-doc/generic/e-french/manuels/efrench.pdf
annee-scolaire-eng.pdf	texlive-lang-french	usr/share/doc/texlive-doc/latex/annee-scolaire/annee-scolaire-eng.pdf
antanilipsum.pdf	texlive-lang-italian	usr/share/doc/texlive-doc/latex/antanilipsum/antanilipsum.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 3" "$dest"
