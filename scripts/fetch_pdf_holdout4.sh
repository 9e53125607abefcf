#!/usr/bin/env bash
# Fetch the fourth hold-out set of real PDFs for docsweep's heading detector: 20 files from
# seventeen Debian 12 packages that neither tests/data/pdf/real/, datasets/sample/debian/groff/
# nor the first three hold-out sets (scripts/fetch_pdf_holdout.sh, fetch_pdf_holdout2.sh,
# fetch_pdf_holdout3.sh) draw on: erlang-doc, freefem-doc, lilypond-doc-pdf, texlive-base,
# texlive-extra-utils, texlive-font-utils, texlive-lang-arabic, texlive-lang-chinese,
# texlive-lang-greek, texlive-lang-japanese, texlive-lang-korean, texlive-lang-other,
# texlive-lang-polish, texlive-lang-portuguese, texlive-lang-spanish, texlive-luatex,
# texlive-pstricks-doc. No file is byte-identical to a PDF of those sets.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it
# has an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# and at most 3,000,000 bytes (only plain .pdf members; .pdf.gz ones were not considered).
# Packages were taken in this order: first the three whose PDFs are not made by a TeX
# engine or are not TeX Live documentation (erlang-doc, freefem-doc, lilypond-doc-pdf), at
# most 3 files each; then the TeX Live packages in alphabetical order of their name, at most
# 1 file each, to spread the set over many packages and producers (and to keep the CJK
# packages to one file each). Within a package the qualifying PDFs were taken in byte order
# of their path, at most one per document directory, until 20 were found. Packages over
# 300 MB (texlive-fonts-extra) were skipped; asymptote-doc, ghostscript-doc, gnuplot-doc,
# maxima-doc (only a .pdf.gz), python-reportlab-doc and texlive-metapost had no qualifying
# PDF. Producers: Apache FOP 2.8 (the Erlang/OTP manuals), GPL Ghostscript 10.00.0 (the
# LilyPond Texinfo manuals), dvipdfm, pdfTeX (1.40.12 to 1.40.22), LuaTeX (0.70.1 to 1.12.0),
# XeTeX, dvipdfmx and dvips + Ghostscript. Judging by the package names only (the text was
# not read), some are likely in or about Chinese, Japanese, Korean, Greek, Polish, Spanish,
# Arabic-script or Indic languages. Column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 780 MB in all, 270 MB of it
# texlive-pstricks-doc: run `apt-get update` first on a fresh machine) and unpacked with
# dpkg-deb; nothing is installed. Only the listed files are kept, under the names in the
# first column, with a MANIFEST.tsv (name, package, version, path in package, pages,
# producer, outline entries, sha256). Pages and producer need pdfinfo (poppler-utils),
# outline entries mutool (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout4.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout4)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout4}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed.
declare -A version=(
  [erlang-doc]=1:25.2.3+dfsg-1+deb12u4
  [freefem-doc]=3.5.8-7
  [lilypond-doc-pdf]=2.24.1-2
  [texlive-base]=2022.20230122-3
  [texlive-extra-utils]=2022.20230122-4
  [texlive-font-utils]=2022.20230122-4
  [texlive-lang-arabic]=2022.20230122-1
  [texlive-lang-chinese]=2022.20230122-1
  [texlive-lang-greek]=2022.20230122-1
  [texlive-lang-japanese]=2022.20230122-1
  [texlive-lang-korean]=2022.20230122-1
  [texlive-lang-other]=2022.20230122-1
  [texlive-lang-polish]=2022.20230122-1
  [texlive-lang-portuguese]=2022.20230122-1
  [texlive-lang-spanish]=2022.20230122-1
  [texlive-luatex]=2022.20230122-3
  [texlive-pstricks-doc]=2022.20230122-4
)

# name <TAB> package <TAB> path inside the package
list='
erlang-asn1.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/asn1-5.0.21/doc/pdf/asn1-5.0.21.pdf
erlang-compiler.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/compiler-8.2.3/doc/pdf/compiler-8.2.3.pdf
erlang-crypto.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/crypto-5.1.2/doc/pdf/crypto-5.1.2.pdf
freefem.pdf	freefem-doc	usr/share/doc/freefem-doc/freefem.pdf
lilypond-essay.pdf	lilypond-doc-pdf	usr/share/doc/lilypond/html/Documentation/essay.pdf
lilypond-extending.pdf	lilypond-doc-pdf	usr/share/doc/lilypond/html/Documentation/extending.pdf
dvipdfm.pdf	texlive-base	usr/share/doc/texlive-doc/dvipdfm/dvipdfm.pdf
mkjobtexmf.pdf	texlive-extra-utils	usr/share/doc/texlive-doc/generic/mkjobtexmf/mkjobtexmf.pdf
dosepsbin.pdf	texlive-font-utils	usr/share/doc/texlive-doc/support/dosepsbin/dosepsbin.pdf
dad-user-guide.pdf	texlive-lang-arabic	usr/share/doc/texlive-doc/fonts/dad/dad-user-guide.pdf
zhspacing-zhs-man.pdf	texlive-lang-chinese	usr/share/doc/texlive-doc/generic/zhspacing/zhs-man.pdf
babel-greek.pdf	texlive-lang-greek	usr/share/doc/texlive-doc/generic/babel-greek/babel-greek.pdf
babel-japanese.pdf	texlive-lang-japanese	usr/share/doc/texlive-doc/generic/babel-japanese/japanese.pdf
cjk-ko-doc.pdf	texlive-lang-korean	usr/share/doc/texlive-doc/latex/cjk-ko/cjk-ko-doc.pdf
velthuis-manual.pdf	texlive-lang-other	usr/share/doc/texlive-doc/generic/velthuis/manual.pdf
babel-polish.pdf	texlive-lang-polish	usr/share/doc/texlive-doc/generic/babel-polish/polish.pdf
feupphdteses-Template_EN.pdf	texlive-lang-portuguese	usr/share/doc/texlive-doc/latex/feupphdteses/Template_EN.pdf
babel-spanish.pdf	texlive-lang-spanish	usr/share/doc/texlive-doc/generic/babel-spanish/spanish.pdf
enigma-doc.pdf	texlive-luatex	usr/share/doc/texlive-doc/context/third/enigma/enigma/enigma-doc.pdf
pst-3d-doc.pdf	texlive-pstricks-doc	usr/share/doc/texlive-doc/generic/pst-3d/pst-3d-doc.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 4" "$dest"
