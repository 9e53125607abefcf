#!/usr/bin/env bash
# Fetch the fifth hold-out set of real PDFs for docsweep's heading detector: 20 files from
# nineteen Debian 12 packages that neither tests/data/pdf/real/, datasets/sample/ nor the first
# four hold-out sets (scripts/fetch_pdf_holdout.sh .. fetch_pdf_holdout4.sh) draw on: biber,
# gap-aclib, gap-alnuth, gap-autodoc, gap-autpgrp, gap-congruence, gap-cryst, gap-crystcat,
# lilypond-doc-pdf-de, pari-doc, r-cran-coin, r-cran-doparallel, r-cran-flexmix,
# r-cran-glmnet, r-cran-iterators, r-cran-lme4, r-cran-multcomp, r-cran-party,
# texlive-lang-cjk. No file is byte-identical (SHA-256) to a PDF of those sets.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it
# has an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# and at most 3,000,000 bytes (only plain .pdf members; .pdf.gz ones were not considered).
# Within a package the qualifying PDFs were taken in byte order of their path, at most 2 per
# package and at most one per document directory (the directory holding the file; so one
# per R package, whose vignettes share doc/, and one per LilyPond translation). Packages were
# taken in this order, to spread the set over producers and families of look-alike documents:
#   1. the stand-alone packages, alphabetically: biber, pari-doc, texlive-lang-cjk;
#   2. the LilyPond translations (lilypond-doc-pdf-LANG): only the first alphabetically, de
#      (es, fr, hu and it hold the same essay in other languages);
#   3. R packages with PDF vignettes (r-cran-*), alphabetically, at most 8 packages;
#   4. GAP packages (gap-*, manuals made with GAPDoc), alphabetically, until 20 files.
# Qualifying but left out by those caps: lilypond-doc-pdf-{es,fr,hu,it}; r-cran-{partykit,
# pscl,quantreg,robustbase,sp,vcd,xts}; gap-{design,fga,float,gapdoc,grape,hapcryst,io,
# laguna,nq,openmath,polycyclic,polymaking,radiroot,scscp,sonata,toric,utils}. Looked at
# and without a qualifying PDF: auto-multiple-choice-doc-pdf, c++-annotations-pdf,
# camlidl-doc, chktex, context, dblatex-doc, debian-faq, debian-policy, docbook-xsl-doc-pdf,
# glpk-doc, gri-pdf-doc, ipe, latexdiff, latexmk, lilypond-doc-pdf-{ca,nl,pt},
# live-manual-pdf, maint-guide, nauty-doc, ocrmypdf-doc, pikepdf-doc, ruby-prawn-doc,
# seqan-raptor-doc, siscone-doc-pdf, why3-doc-pdf, texlive-{fonts-recommended,humanities,
# latex-base,latex-extra,latex-recommended,pictures,pstricks,publishers,science} (the
# non-doc packages), gap-guava, gap-atlasrep and r-cran-{aer,bayesm,cluster,expm,foreach,gss,
# lmtest,matrix,mcmc,modeltools,mvtnorm,plm,rcpp,sandwich,strucchange,survival,tseries,urca,
# zoo}. Packages over 300 MB were skipped (none of these is). Producers: pdfTeX (1.40.21 to
# 1.40.24, two via MiKTeX), LuaTeX, dvipdfm, xdvipdfmx, GPL Ghostscript 9.23 to 10.00.0
# (R vignettes and the LilyPond Texinfo essay) and "PARI". Judging by the package names only
# (the text was not read), the texlive-lang-cjk files are likely about Chinese/Japanese/Korean
# typesetting and lilypond essay.de is in German. Column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 50 MB in all, 25 MB of it
# lilypond-doc-pdf-de: run `apt-get update` first on a fresh machine) and unpacked with
# dpkg-deb; nothing is installed. Only the listed files are kept, under the names in the
# first column, with a MANIFEST.tsv (name, package, version, path in package, pages,
# producer, outline entries, sha256). Pages and producer need pdfinfo (poppler-utils),
# outline entries mutool (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout5.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout5)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout5}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed. The r-cran-coin, -glmnet,
# -lme4 and -party packages are amd64 ones (the vignettes do not depend on the architecture).
declare -A version=(
  [biber]=2.18-1
  [pari-doc]=2.15.2-1
  [texlive-lang-cjk]=2022.20230122-1
  [lilypond-doc-pdf-de]=2.24.1-2
  [r-cran-coin]=1.4-2-1+b1
  [r-cran-doparallel]=1.0.17-1
  [r-cran-flexmix]=2.3-18-1
  [r-cran-glmnet]=4.1-6-1
  [r-cran-iterators]=1.0.14-1
  [r-cran-lme4]=1.1-31-1
  [r-cran-multcomp]=1.4-22-1
  [r-cran-party]=1.3-11-1
  [gap-aclib]=1.3.2-2
  [gap-alnuth]=3.2.1-1
  [gap-autodoc]=2022.10.20-1
  [gap-autpgrp]=1.11-1
  [gap-congruence]=1.2.4-1
  [gap-cryst]=4.1.25-1
  [gap-crystcat]=1.1.10-1
)

# name <TAB> package <TAB> path inside the package
list='
biber.pdf	biber	usr/share/texmf/doc/bibtex/biber/biber.pdf
pari-develop.pdf	pari-doc	usr/share/pari/doc/develop.pdf
CJKpunct.pdf	texlive-lang-cjk	usr/share/doc/texlive-doc/latex/cjkpunct/CJKpunct.pdf
xCJK2uni.pdf	texlive-lang-cjk	usr/share/doc/texlive-doc/latex/xcjk2uni/xCJK2uni.pdf
lilypond-essay-de.pdf	lilypond-doc-pdf-de	usr/share/doc/lilypond/html/Documentation/essay.de.pdf
coin-Implementation.pdf	r-cran-coin	usr/lib/R/site-library/coin/doc/Implementation.pdf
doParallel-gettingstartedParallel.pdf	r-cran-doparallel	usr/lib/R/site-library/doParallel/doc/gettingstartedParallel.pdf
flexmix-intro.pdf	r-cran-flexmix	usr/lib/R/site-library/flexmix/doc/flexmix-intro.pdf
glmnet-Coxnet.pdf	r-cran-glmnet	usr/lib/R/site-library/glmnet/doc/Coxnet.pdf
iterators-writing.pdf	r-cran-iterators	usr/lib/R/site-library/iterators/doc/writing.pdf
lme4-lmer.pdf	r-cran-lme4	usr/lib/R/site-library/lme4/doc/lmer.pdf
multcomp-generalsiminf.pdf	r-cran-multcomp	usr/lib/R/site-library/multcomp/doc/generalsiminf.pdf
party-MOB.pdf	r-cran-party	usr/lib/R/site-library/party/doc/MOB.pdf
gap-aclib-manual.pdf	gap-aclib	usr/share/gap/pkg/AClib/doc/manual.pdf
gap-alnuth-manual.pdf	gap-alnuth	usr/share/gap/pkg/Alnuth/doc/manual.pdf
gap-autodoc-manual.pdf	gap-autodoc	usr/share/gap/pkg/AutoDoc/doc/manual.pdf
gap-autpgrp-manual.pdf	gap-autpgrp	usr/share/gap/pkg/AutPGrp/doc/manual.pdf
gap-congruence-manual.pdf	gap-congruence	usr/share/gap/pkg/Congruence/doc/manual.pdf
gap-cryst-manual.pdf	gap-cryst	usr/share/gap/pkg/Cryst/doc/manual.pdf
gap-crystcat-manual.pdf	gap-crystcat	usr/share/gap/pkg/CrystCat/doc/manual.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 5" "$dest"
