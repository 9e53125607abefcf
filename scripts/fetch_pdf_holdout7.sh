#!/usr/bin/env bash
# Fetch the seventh hold-out set of real PDFs for docsweep's heading detector: 20 files from
# twenty Debian 12 packages that neither tests/data/pdf/, datasets/, scripts/make_pdf_fixtures.sh,
# scripts/lib_debian_pdfs.sh, scripts/text_holdout/ (docs*.tsv, fetch.sh) nor the first six
# hold-out sets (scripts/fetch_pdf_holdout.sh .. fetch_pdf_holdout6.sh, including the packages
# they list as left out or looked at) draw on: altree, apt-cacher-ng, bibledit-cloud-data,
# brewtarget, cafeobj, cd-hit, ch5m3d, context-modules, d-itg, debian-edu-doc-legacy-en,
# debian-history, faust-common, juce-modules-source-data, lepton-eda, libdbd-mysql,
# linuxcnc-doc-de, r-bioc-affy, r-bioc-annotate, r-cran-epi, r-cran-erm. No file is
# byte-identical (SHA-256) to a PDF of those sets or of tests/data/pdf/, nor to another of
# this set.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it
# has an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# and at most 3,000,000 bytes (only plain .pdf members, regular files in the package; .pdf.gz
# ones and symlinks were not considered). Candidates were the packages of bookworm main that
# ship a .pdf (`apt-file search -x '\.pdf$'`: 820 packages) minus every package named in the
# files above (brace lists such as r-cran-{a,b} expanded): 501 packages. That left no
# stand-alone *-doc package except language variants, and no texlive-*, gap-*, python* or
# lib*-perl package, so there are no GAP manuals in this set. Packages over 150 MB were
# skipped (flightgear-data-base, 1.3 GB). One file per package: the package's first
# qualifying PDF in byte order of its path that the producer cap allows. The producer cap, to
# spread the set over producers: within a group at most 2 files per producer name (the
# Producer string up to its first digit, trailing spaces, "-", "(", "," and ", version"
# dropped, so "pdfTeX-1.40.24" counts as pdfTeX, "pdfeTeX-1.21a" as pdfeTeX, "xdvipdfmx
# (20211117)" as xdvipdfmx). Groups, each alphabetically:
#   1. language variants of documentation (debian-edu-doc-LANG, debian-edu-doc-legacy-LANG,
#      debian-reference-LANG, developers-reference-LANG, expeyes-doc-LANG, freedombox-doc-LANG,
#      instead-doc-LANG, linuxcnc-doc-LANG, maint-guide-LANG, texworks-help-LANG): only the
#      first package of each family was looked at (the others translate the same documents),
#      at most 4 files: 2 files, both xdvipdfmx;
#   2. R vignettes, at most 4 files: r-base-core and r-bioc-* (2 files), then r-cran-* from
#      r-cran-epi on, the first after those set 6 looked at (2 files); all pdfTeX;
#   3. all other packages (none named *-doc), until 20 files (14 files).
# Qualifying but left out by those caps: bibledit-data (the same file as bibledit-cloud-data);
# gitmagic, gnubg-data, gnustep-dl2, gorm.app, hol-light, jmodeltest, latex-make, lhs2tex,
# libcgns-dev (pdfTeX), lazarus-src-2.2 (LibreOffice); r-bioc-{annotationdbi,biobase,
# biocparallel,biocstyle,biostrings,biovizbase,bsgenome,cummerbund,delayedarray,deseq,drimseq,
# ebseq}. Looked at and without a qualifying PDF: debian-edu-doc-da, debian-reference-de,
# developers-reference-de, expeyes-doc-en, freedombox-doc-en, instead-doc-en, maint-guide-ca,
# texworks-help-en; r-base-core, r-bioc-{all,altcdfenvs,arrayexpress,bladderbatch,
# consensusclusterplus,ctc,deseq2,dirichletmultinomial,dnacopy,edger}; 3depict, alqalam,
# amoebax, ampliconnoise, apvlv, auctex, beancount, bibtool, blktrace, bsdgames, cassbeam,
# cb2bib, chasen, circuit-macros, clamav-testfiles, cqrlog-data, csoundqt-examples,
# cups-filters, dasm, debian-astro-logo, debian-installer, debian-paketmanagement-buch,
# denemo-data, derivations, discosnp, docbook-dsssl, dvi2ps, eigensoft, elpa-fountain-mode,
# emacs-common, enblend, enfuse, ettercap-common, ettercap-graphical, expeyes, eyes17, feynmf,
# fig2dev, fonts-texgyre, fonts-texgyre-math, forensics-samples-files, fragmaster, fuzzylite,
# geomview, gerbv, git-dpm, glam2, gle-graphics-manual, glpk-utils, gnumed-server,
# gnustep-examples, golang-github-jung-kurt-gofpdf-dev, golang-gonum-v1-plot-dev, grcompiler,
# gromacs-data, ikarus, impressive, invesalius, ipadic-common, ippsample-data, jmeter-help,
# jverein, k3b-data, king, kissplice, labplot-data, lammps-examples, latex-coffee-stains,
# latexml, ledger, libadolc-dev, libann-dev, libball1.5-data, libcamlpdf-ocaml-dev. Only the
# first 25 packages of r-base-core and r-bioc-* (to r-bioc-edger) were looked at. Not looked
# at: the other candidate packages (translations in the families of group 1, r-bioc-* after
# r-bioc-edger, r-cran-* after r-cran-erm, other packages after libdbd-mysql).
# Producers: pdfTeX 1.40.14, 1.40.20 and 1.40.24 (six files: altree, d-itg and the four R
# vignettes), xdvipdfmx 20211117 (three), LibreOffice 4.2 and 6.0, OpenOffice 4.1.5, Halibut
# 1.2, calibre 2.41.0, XeTeX 0.99996, LuaTeX 0.70.1, mPDF 6.0, htmldoc 1.8.27, Acrobat
# Distiller 3.01 for Power Macintosh and pdfeTeX 1.21a. Judging by the file names only (the
# text was not read), project-history.de.pdf and LinuxCNC_Integrator_de.pdf are likely in
# German and ctxnotes (context-notes-zh-cn) in Chinese; VST3_License_Agreement.pdf is a
# licence text in juce's sources and 5980-2396E.pdf an example file in lepton-eda. Column
# layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 178 MB in all, 47 MB of it
# faust-common and 39 MB bibledit-cloud-data: run `apt-get update` first on a fresh machine)
# and unpacked with dpkg-deb; nothing is installed. Only the listed files are kept, under the
# names in the first column, with a MANIFEST.tsv (name, package, version, path in package,
# pages, producer, outline entries, sha256). Pages and producer need pdfinfo (poppler-utils),
# outline entries mutool (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout7.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout7)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout7}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed. altree, apt-cacher-ng,
# brewtarget, cafeobj, cd-hit, d-itg, lepton-eda, libdbd-mysql, r-bioc-affy, r-cran-epi and
# r-cran-erm are amd64 packages (the PDFs do not depend on the architecture).
declare -A version=(
  [debian-edu-doc-legacy-en]=2.12.23~deb12u1
  [linuxcnc-doc-de]=2.9.0~pre1+git20230208.f1270d6ed7-1+deb12u2
  [r-bioc-affy]=1.76.0-1
  [r-bioc-annotate]=1.76.0+dfsg-1
  [r-cran-epi]=2.47-1
  [r-cran-erm]=1.0-2-1+b1
  [altree]=1.3.2-1+b3
  [apt-cacher-ng]=3.7.4-1+b2
  [bibledit-cloud-data]=5.0.992-4
  [brewtarget]=3.0.6-1
  [cafeobj]=1.6.0-2
  [cd-hit]=4.8.1-4
  [ch5m3d]=1.2.5+dfsg-3
  [context-modules]=20220508-2
  [d-itg]=2.8.1-r1023-6
  [debian-history]=2.28
  [faust-common]=2.54.9+ds0-1
  [juce-modules-source-data]=7.0.5+ds-1
  [lepton-eda]=1.9.18-1
  [libdbd-mysql]=0.9.0-11
)

# name <TAB> package <TAB> path inside the package
list='
audacity-manual.pdf	debian-edu-doc-legacy-en	usr/share/doc/debian-edu-doc-legacy-en/audacity-manual.pdf
LinuxCNC_Integrator_de.pdf	linuxcnc-doc-de	usr/share/doc/linuxcnc/LinuxCNC_Integrator_de.pdf
affy.pdf	r-bioc-affy	usr/lib/R/site-library/affy/doc/affy.pdf
annotate-prettyOutput.pdf	r-bioc-annotate	usr/lib/R/site-library/annotate/doc/prettyOutput.pdf
Epi-addLexis.pdf	r-cran-epi	usr/lib/R/site-library/Epi/doc/addLexis.pdf
eRm.pdf	r-cran-erm	usr/lib/R/site-library/eRm/doc/eRm.pdf
altree-manual.pdf	altree	usr/share/doc/altree/manual.pdf
apt-cacher-ng.pdf	apt-cacher-ng	usr/share/doc/apt-cacher-ng/apt-cacher-ng.pdf
bibledit-HebrewLexicon.pdf	bibledit-cloud-data	usr/share/bibledit-cloud/sources/hebrewlexicon/HebrewLexicon.pdf
brewtarget-manual-en.pdf	brewtarget	usr/share/brewtarget/manual-en.pdf
cafeobj-binspect.pdf	cafeobj	usr/share/doc/cafeobj/binspect.pdf
cdhit-user-guide.pdf	cd-hit	usr/share/doc/cd-hit/cdhit-user-guide.pdf
ch5m3d-documentation.pdf	ch5m3d	usr/share/javascript/ch5m3d/documentation.pdf
context-ctxnotes-zh-cn.pdf	context-modules	usr/share/texmf/doc/context/third/context-notes-zh-cn/ctxnotes.pdf
d-itg-manual.pdf	d-itg	usr/share/doc/d-itg/d-itg-manual.pdf
debian-project-history.de.pdf	debian-history	usr/share/doc/debian-history/docs/project-history.de.pdf
faust-bela-ReadMe.pdf	faust-common	usr/share/doc/faust-common/examples/bela/ReadMe.pdf
juce-VST3_License_Agreement.pdf	juce-modules-source-data	usr/share/juce/modules/juce_audio_processors/format_types/VST3_SDK/VST3_License_Agreement.pdf
lepton-eda-5980-2396E.pdf	lepton-eda	usr/share/doc/lepton-eda/examples/RF_Amp/5980-2396E.pdf
dbd_mysql.pdf	libdbd-mysql	usr/share/doc/libdbd-mysql/dbd_mysql.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 7" "$dest"
