#!/usr/bin/env bash
# Fetch the second hold-out set of real PDFs for docsweep's heading detector: 15 files from
# Debian 12 packages that neither tests/data/pdf/real/ (texlive-latex-base-doc,
# texlive-latex-recommended-doc, texlive-metapost-doc, texlive-science-doc, groff) nor the
# first hold-out set (scripts/fetch_pdf_holdout.sh: texlive-publishers-doc,
# texlive-latex-extra-doc, texlive-pictures-doc) draws on. Chosen only by outline, page count,
# size, producer and column layout, never by reading their text: every file has an outline
# of at least 5 entries, 3 to 60 pages and at most 3 MB. Five are two-column
# (latex-doc-ptr, svg-inkscape, wargame-tutorial-game, librarian-doc, symbats3); producers
# are pdfTeX, LuaTeX, xdvipdfmx, Ghostscript (direct and via dvips), Acrobat Distiller,
# VTeX and cairo.
#
# The packages are downloaded with `apt-get download` (about 580 MB in all: run
# `apt-get update` first on a fresh machine) and unpacked with dpkg-deb; nothing is
# installed. Only the listed files are kept, under the names in the first column, with a
# MANIFEST.tsv (name, package, version, path in package, pages, producer, outline entries,
# sha256). Pages and producer need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout2.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout2)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout2}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed.
declare -A version=(
  [texlive-lang-english]=2022.20230122-1
  [texlive-lang-german]=2022.20230122-1
  [texlive-games]=2022.20230122-4
  [texlive-plain-generic]=2022.20230122-4
  [texlive-fonts-extra-doc]=2022.20230122-4
  [texlive-bibtex-extra]=2022.20230122-4
  [texlive-music]=2022.20230122-4
  [texlive-humanities-doc]=2022.20230122-4
  [texlive-xetex]=2022.20230122-3
)

# name <TAB> package <TAB> path inside the package
list='
latex-doc-ptr.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/latex-doc-ptr/latex-doc-ptr.pdf
svg-inkscape-InkscapePDFLaTeX.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/svg-inkscape/InkscapePDFLaTeX.pdf
tex-overview.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/tex-overview/tex-overview.pdf
wargame-tutorial-game.pdf	texlive-games	usr/share/doc/texlive-doc/latex/wargame/tutorial/game.pdf
librarian-doc.pdf	texlive-plain-generic	usr/share/doc/texlive-doc/generic/librarian/librarian-doc.pdf
symbats3.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/fonts/symbats3/symbats3.pdf
charissil-features.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/fonts/charissil/features.pdf
cmbright.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/latex/cmbright/cmbright.pdf
harvard.pdf	texlive-bibtex-extra	usr/share/doc/texlive-doc/latex/harvard/harvard.pdf
sbl-paper.pdf	texlive-bibtex-extra	usr/share/doc/texlive-doc/latex/biblatex-sbl/sbl-paper.pdf
pmx298.pdf	texlive-music	usr/share/doc/texlive-doc/generic/pmx/pmx298.pdf
screenplay.pdf	texlive-humanities-doc	usr/share/doc/texlive-doc/latex/screenplay/screenplay.pdf
font-change-xetex.pdf	texlive-xetex	usr/share/doc/texlive-doc/xetex/font-change-xetex/font-change-xetex.pdf
simple-thesis-dissertation.pdf	texlive-xetex	usr/share/doc/texlive-doc/xelatex/simple-thesis-dissertation/Thesis.pdf
ArsClassica-de.pdf	texlive-lang-german	usr/share/doc/texlive-doc/latex/translation-arsclassica-de/ArsClassica-de.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 2" "$dest"
