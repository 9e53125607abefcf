#!/usr/bin/env bash
# Fetch the twelfth hold-out set of real PDFs for docsweep's heading detector, a DEV set: 11
# files (171 pages) from eleven Debian 12 packages that neither tests/data/pdf/ (README.md),
# datasets/ (its READMEs and bench/debian-docs.txt), scripts/make_pdf_fixtures.sh,
# scripts/lib_debian_pdfs.sh, scripts/text_holdout/ (docs*.tsv, fetch.sh, README.md), the
# earlier hold-out sets (scripts/fetch_pdf_holdout.sh .. fetch_pdf_holdout7.sh and
# fetch_pdf_holdout10.sh, including the packages they list as left out or looked at) nor
# scripts/make_pdf_holdout_rendered.sh (sets 8 and 9) draw on: fonts-sil-doulos,
# fonts-sil-gentiumplus, fonts-sil-shimenkan, fonts-sil-shimenkan-gsm, freedm, ftp-proxy-doc,
# geany-plugin-latex, javamorph, ldp-docbook-xsl, libargtable2-docs,
# ubuntu-packaging-guide-pdf-de. No file is byte-identical (SHA-256) to a PDF of the earlier
# sets (/var/tmp/docsweep-pdf-holdout*/) or of tests/data/pdf/, nor to another of this set.
# The aim was 20 files; the candidate pool below ran out at 11.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it has
# an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# (pdfinfo) and at most 3,000,000 bytes. Candidates: the packages of bookworm main (with
# bookworm-updates) that ship a .pdf (`apt-file search -x '\.pdf$'`: 820) minus every package
# named in the files above (a package name as a word; brace lists such as r-cran-{a,b} and
# python-{a,b}-doc expanded; the packages set 10 lists as "not looked at" are not excluded):
# NONE are left, since set 10 looked at all of them. So, unlike set 7, this set takes members
# named *.pdf.gz (regular files; gunzipped, stored without .gz, size and SHA-256 those of the
# gunzipped file): the packages shipping a .pdf.gz (`apt-file search -x '\.pdf\.gz$'`: 600)
# not named in those files and not shipping a .pdf: 148 (set 10's second pool, "not looked
# at" there). No package ships a *.PDF or *.pdf.xz/.bz2 not already used. None is over
# 150 MB (the largest, hmmer-examples, 32 MB). The packages were taken alphabetically from the
# first after libdbd-mysql (r-cran-cmprsk) to the end, then from the start (debian-faq-de)
# up to libcrcutil-doc, until 20 files or the end of the pool. As in set 7, of each family of
# language or architecture variants (debian-faq-LANG, eyes17-manuals-LANG,
# installation-guide-ARCH, ubuntu-packaging-guide-pdf-LANG) only the first reached was looked
# at (ubuntu-packaging-guide-pdf-de, debian-faq-de, eyes17-manuals-es,
# installation-guide-arm64). One file per package: its first qualifying PDF in byte order of
# its path that these caps allow: at most 2 files per producer name (the Producer string up to
# its first digit, trailing spaces, "-", "(", "," and ", version" dropped, so "pdfTeX-1.40.22"
# counts as pdfTeX, "Asciidoctor PDF 1.5.3, based on Prawn 2.2.0" as Asciidoctor PDF) and at
# most 6 files from pdfTeX, pdfeTeX, LuaTeX, XeTeX, xdvipdfmx, dvipdfmx and MiKTeX combined.
#
# Qualifying but left out by the caps (all pdfTeX, whose 2 files were taken by
# ubuntu-packaging-guide-pdf-de and geany-plugin-latex): genometools-doc, gm-assistant-doc,
# gocc, goldencheetah, gyoto-doc, hamradio-maintguide, highlight.js-doc, impressive-display,
# jellyfish, jigsaw-generator, kannel-docs, khronos-api, krb5-doc, latex-mk, ledger2beancount,
# libadasockets12-dev, libatd-ocaml-dev, libaunit-doc, libcanl-c-doc.
# Looked at with only files byte-identical to a file chosen here: freedoom (freedm's manual),
# fonts-sil-shimenkan-{guifan,mas,mgs,salaowu,sapushan,taogu,zonghe} (the two files of
# fonts-sil-shimenkan and fonts-sil-shimenkan-gsm). Looked at and without a qualifying PDF
# (short or no outline, too many or too few pages, or over 3,000,000 bytes):
# r-cran-{cmprsk,cutpointr,distributional,eaf,ggplot2,ggsignif,mlr,paramhelpers,pdftools,
# publish,qpdf,taxize,wk}, r-mathlib, debian-faq-de, eyes17-manuals-es,
# fonts-sil-{charis-compact,dai-banna,doulos-compact,ezra,gentiumplus-compact,harmattan,
# mingzat,mondulkiri,mondulkiri-extra,padauk,scheherazade,tagmukay,taiheritagepro},
# fonts-solide-mirage, fonts-stick, fonts-train, fonts-yusei-magic, fortunes-mario, frobby,
# fstrcmp-doc, gambc-doc, gdl-astrolib, geotranz-doc, gfan, gl-117, glosstex, gnucobol3,
# goattracker, goo, gprbuild-doc, gpsim-doc, gpsman, gputils-doc, graphviz-doc, gsoap,
# gtamsanalyzer.app, hackrf-doc, haskell98-report, hmmer-examples, horizon-eda, hplip-data,
# ifrench-gut, imx-code-signing-tool, installation-guide-arm64, ivtools-dev, jags, jcadencii,
# jove, jube, juman, kball-data, latex2html, latex2rtf-doc, lcmaps-plugins-jobrep, ledgersmb,
# lib3mf-doc, libafterburner.fx-java-doc, libags-audio-doc, libatlas-doc, libaudiomask-dev,
# libball1.5-doc, libbiblio-citation-parser-perl, libblis-dev, libbobcat-dev, libcaca-dev,
# libcalcium-doc, libcamltemplate-ocaml-dev, libcdd-doc, libcfitsio-doc,
# libchecker-framework-java, libcore-renderer-java-doc, libcrcutil-doc.
# Not looked at (never seen): the other variants of the four families above
# (ubuntu-packaging-guide-pdf-{es,fr,pt-br,ru,uk}, debian-faq-{fr,it,ja,ko,nl,pt,ru,zh-cn},
# eyes17-manuals-{fr,ml}, installation-guide-{armel,armhf,i386,mips64el,mipsel,ppc64el,s390x}).
#
# Producers: pdfTeX 1.40.22 and 1.40.15 (Creator "LaTeX with hyperref"), cairo 1.16.0 (two,
# empty Creator), LibreOffice 6.3 (two, Creator Writer), OpenOffice.org 2.4 (Writer) and
# 1.9.129, Asciidoctor PDF 1.5.3 based on Prawn 2.2.0, GPL Ghostscript 9.53.3 (Creator "LaTeX
# with hyperref", so TeX-made through PostScript: three TeX-made files in all) and FOP 0.20.5
# (DocBook). Judging by metadata and file names only (the text was not read): the two cairo
# files are character-set charts of SIL fonts, like set 10's fonts-sil-andika file;
# ubuntu-packaging-guide-pdf-de is likely in German; fonts-sil-shimenkan-gsm's 字体使用说明.pdf
# ("how to use the fonts", stored as ...-ziti-shiyong-shuoming.pdf) is likely a Chinese
# version of fonts-sil-shimenkan's UsingTheFonts.pdf (same page count and outline size).
# Column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 23 MB in all, 7.9 MB of it
# fonts-sil-gentiumplus and 7.3 MB freedm: run `apt-get update` first on a fresh machine) and
# unpacked with dpkg-deb; nothing is installed. Only the listed files are kept, under the names
# in the first column, with a MANIFEST.tsv (name, package, version, path in package, pages,
# producer, outline entries, sha256; the sha256 is that of the gunzipped file). Pages and
# producer need pdfinfo (poppler-utils), outline entries mutool (mupdf-tools); without them
# those columns stay empty. The checksums are verified at the end.
#
# Usage: scripts/fetch_pdf_holdout12.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout12)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout12}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the cached or current one is used and a warning is printed. geany-plugin-latex is
# an amd64 package (the PDF does not depend on the architecture).
declare -A version=(
  [fonts-sil-doulos]=6.101-1
  [fonts-sil-gentiumplus]=6.101-1
  [fonts-sil-shimenkan]=1.000-3
  [fonts-sil-shimenkan-gsm]=1.000-3
  [freedm]=0.12.1-2
  [ftp-proxy-doc]=1.9.2.4-10.1
  [geany-plugin-latex]=1.38+dfsg-2
  [javamorph]=0.0.20100201-3
  [ldp-docbook-xsl]=0.0.20040321-3.1
  [libargtable2-docs]=13-1.1
  [ubuntu-packaging-guide-pdf-de]=1.0.4
)

# name <TAB> package <TAB> path inside the package
list='
fonts-sil-doulos-charset.pdf	fonts-sil-doulos	usr/share/doc/fonts-sil-doulos/documentation/pdf/charset.pdf.gz
fonts-sil-gentiumplus-charset.pdf	fonts-sil-gentiumplus	usr/share/doc/fonts-sil-gentiumplus/documentation/pdf/charset.pdf.gz
fonts-sil-shimenkan-UsingTheFonts.pdf	fonts-sil-shimenkan	usr/share/doc/fonts-sil-shimenkan/documentation/UsingTheFonts.pdf.gz
fonts-sil-shimenkan-gsm-ziti-shiyong-shuoming.pdf	fonts-sil-shimenkan-gsm	usr/share/doc/fonts-sil-shimenkan-gsm/documentation/字体使用说明.pdf.gz
freedm-freedoom-manual.pdf	freedm	usr/share/doc/freedm/freedoom-manual.pdf.gz
ftp-proxy-doc-ftp-proxy.pdf	ftp-proxy-doc	usr/share/doc/ftp-proxy-doc/ftp-proxy.pdf.gz
geany-plugin-latex-latex.pdf	geany-plugin-latex	usr/share/doc/geany-plugin-latex/latex.pdf.gz
javamorph-JavaMorph.pdf	javamorph	usr/share/doc/javamorph/JavaMorph.pdf.gz
ldp-docbook-xsl-tldp-xsl-howto.pdf	ldp-docbook-xsl	usr/share/doc/ldp-docbook-xsl/tldp-xsl-howto.pdf.gz
libargtable2-docs-argtable2-advanced.pdf	libargtable2-docs	usr/share/doc/libargtable2-docs/argtable2-advanced.pdf.gz
ubuntu-packaging-guide-pdf-de-ubuntu-packaging-guide.pdf	ubuntu-packaging-guide-pdf-de	usr/share/doc/ubuntu-packaging-guide-pdf-de/ubuntu-packaging-guide.pdf.gz
'

# SHA-256 of each stored (gunzipped) file, as chosen.
sums='
7ba4f2e74489a8280b5844b18ee01a2df782797211dd1da62cc5e98a59926d00  fonts-sil-doulos-charset.pdf
fe270344686b6730dc6c9a66c467d3b49709634b129e3c7d8d68ddfff114f7dc  fonts-sil-gentiumplus-charset.pdf
69de8e6ab1423ee47675b5cc88b1e675410bde9bbb2aaa8d9b0915a0815c9db0  fonts-sil-shimenkan-UsingTheFonts.pdf
49ab85011f074ae0e36fcdb137fe12b4890dd01bbb31cfb6116807fb792cd9f5  fonts-sil-shimenkan-gsm-ziti-shiyong-shuoming.pdf
60c6de98401524d20cf04543e070d84df578d5966141a4164efb994284d37112  freedm-freedoom-manual.pdf
615bfc680ebd5361e33a611ac74f8b0fc2cb515f52f0f666f6fd6c63b82d1307  ftp-proxy-doc-ftp-proxy.pdf
d29c4e512cdfefd12293169987f37ca1099009a991cc22c77f07b14a99c257c7  geany-plugin-latex-latex.pdf
062c77b3023374d2cf3dbcb25b250f3ed49e0f6873c48bf99fc99f5440f5e745  javamorph-JavaMorph.pdf
f58ec408ab0ead0446554eba8de03422c2e6985dc739940225e34ea9a8ea45ef  ldp-docbook-xsl-tldp-xsl-howto.pdf
f21fc9ecdcc8b4345b267880cef0d88fcbe4a151124b3e00080af1ffd2531f0a  libargtable2-docs-argtable2-advanced.pdf
932726f879afb4742266d26adb955aba6122762f45f187b7defe8e6134808f39  ubuntu-packaging-guide-pdf-de-ubuntu-packaging-guide.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 12 (DEV)" "$dest"
(cd "$dest" && printf '%s\n' "$sums" | grep . | sha256sum --quiet -c -) ||
  { echo "hold-out set 12: SHA-256 mismatch (see above)" >&2; exit 1; }
echo "hold-out set 12: all $(printf '%s\n' "$sums" | grep -c .) checksums match"
