#!/usr/bin/env bash
# Fetch the sixth hold-out set of real PDFs for docsweep's heading detector: 20 files from
# twenty Debian 12 packages that neither tests/data/pdf/, datasets/, scripts/make_pdf_fixtures.sh
# nor the first five hold-out sets (scripts/fetch_pdf_holdout.sh .. fetch_pdf_holdout5.sh,
# including the packages they list as left out or looked at) draw on: 4ti2-doc, bliss-doc,
# coco-doc, dicomscope-doc, fop-doc, gap-factint, gap-primgrp, libsuitesparse-doc,
# python-cysignals-doc, python-petsc4py-doc, r-cran-actuar, r-cran-adephylo, r-cran-afex,
# r-cran-brms, r-cran-brobdingnag, r-cran-domc, raster3d-doc, rheolef-doc, srf-doc,
# xmlformat-doc. No file is byte-identical (SHA-256) to a PDF of those sets.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it
# has an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# and at most 3,000,000 bytes (only plain .pdf members; .pdf.gz ones and symlinks were not
# considered). Candidates were the packages of bookworm that ship a .pdf (`apt-file search`)
# minus the ones above. Packages were taken in four groups, each alphabetically, one file per
# package: the package's first qualifying PDF in byte order of its path that the producer cap
# allows. The producer cap, to spread the set over producers: within a group at most 2 files
# per producer name (the Producer string up to its first digit, so "pdfTeX-1.40.24" and
# "pdfTeX-1.0a-pdfcrypt" count as pdfTeX, "MiKTeX pdfTeX-1.40.24" as MiKTeX pdfTeX).
#   1. stand-alone documentation packages (name ending in -doc or -doc-pdf, not r-*, gap-*,
#      python* or lib*-perl), all of them: 10 files;
#   2. Python and Perl packages (python-*, python3-*, lib*-perl): 2 files, both pdfTeX;
#   3. GAP packages (gap-*, manuals made with GAPDoc): 2 files, both pdfTeX;
#   4. R packages with PDF vignettes (r-cran-*), until 20 files (6 files).
# Qualifying but left out by those caps: coccinelle-doc, code-saturne-doc, debdelta-doc,
# fai-doc, firehol-tools-doc, fireqos-doc, flann-doc, gnustep-make-doc, gss-doc,
# libbullet-doc, libidn2-doc, libmatio-doc, libmpfi-doc, libtasn1-doc, libu2f-host-doc,
# mummer-doc, netgen-doc, nut-doc, primesieve-doc, pytidylib-doc, sagetex-doc,
# surf-alggeo-doc, tcl-doc, tree-puzzle-doc (all pdfTeX); python-slepc4py-doc,
# python3-pyx-doc; gap-{smallgrp,table-of-marks,transgrp}; r-cran-{alakazam,apcluster,bbmle,
# bit,boolnet,bradleyterry2,bridgesampling,calibrate,clue,ctmcd,dbscan,desolve,diptest,dorng,
# effects,elliptic}. Looked at and without a qualifying PDF: abinit-doc, afl++-doc, bash-doc,
# blends-doc, brz-doc, coinor-csdp-doc, coinor-libdylp-doc, deap-doc, debmake-doc,
# denemo-doc, doxygen-doc, esnacc-doc, evolver-doc, fasta3-doc, firehol-doc,
# fonts-lxgw-wenkai-doc, form-doc, gdcm-doc, gem-doc, ghc-doc, giac-doc, gnustep-base-doc,
# gnustep-gui-doc, gnutls-doc, gprolog-doc, gretl-doc, gsequencer-doc, gutenprint-doc,
# highway-doc, ifeffit-doc, infernal-doc, libblitz-doc, libemf-doc, libexplain-doc,
# libjaula-doc, liblog4c-doc, libocamlviz-ocaml-doc, libopencsd-doc, libscscp-doc,
# libstxxl-doc, libsystemc-doc, mailfromd-doc, massxpert-doc, minexpert2-doc, mrbayes-doc,
# mrmpi-doc, normaliz-doc, proofgeneral-doc, pyxplot-doc, rasmol-doc, sagemath-doc,
# shishi-doc, simbody-doc, slurm-wlm-doc, smlnj-doc, sollya-doc, sqlite3-doc, swig4.0-doc,
# systemtap-doc, tachyon-doc, therion-doc, tipa-doc, trace2dbest-doc, xfig-doc, yacas-doc,
# yaws-doc, yosys-doc, zsh-doc; libcam-pdf-perl, libgeo-coordinates-osgb-perl,
# libimage-exiftool-perl, liblatex-table-perl, libpdf-builder-perl, libtext-pdf-perl,
# python-{cherrypy3,cvxopt,dtcwt,jpylyzer,mlpy,mpi4py,nbsphinx,nipy,osmnx,pymzml,skimage,
# tables,xraylarch}-doc, python-matplotlib-data, python3-graphviz, python3-ndcube-doc,
# python3-pattern, python3-rtmidi, python3-sage, python3-sasview;
# gap-{character-tables,doc,hap}; r-cran-{amap,amelia,ape,aplpack,biasedurn,bms,bookdown,
# brew,car,cgdsr,colorspace,cvar,dimred,distr,dslabs,e1071,earth,ei}. Only the first 40
# r-cran-* packages (to r-cran-elliptic) were looked at. Not looked at: the other candidate
# packages (language variants such as debian-edu-doc-LANG, debian-reference-LANG,
# linuxcnc-doc-LANG, maint-guide-LANG; r-bioc-*; packages not named *-doc). No package was
# over 300 MB (the largest looked at: libbullet-doc, 187 MB, and code-saturne-doc, 145 MB).
# Producers: pdfTeX (1.40.20 to 1.40.24), MiKTeX pdfTeX 1.40.24, xdvipdfmx (two),
# OpenOffice.org 2.0, Acrobat Distiller 4.05 and 6.0.1, ESP Ghostscript 7.05, dvips + AFPL
# Ghostscript 8.51, Apache FOP 2.6, GPL Ghostscript 9.53.3 and 9.55.0 (R vignettes) and one
# file whose Producer is the string "null" (fop-cid-fonts.pdf, an example in fop-doc).
# Judging by the file names only (the text was not read), fop-cid-fonts.pdf may hold CJK
# text. Column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 71 MB in all, 28 MB of it
# rheolef-doc: run `apt-get update` first on a fresh machine) and unpacked with dpkg-deb;
# nothing is installed. Only the listed files are kept, under the names in the first column,
# with a MANIFEST.tsv (name, package, version, path in package, pages, producer, outline
# entries, sha256). Pages and producer need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout6.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout6)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout6}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed. The r-cran-actuar and
# -adephylo packages are amd64 ones (the vignettes do not depend on the architecture).
declare -A version=(
  [4ti2-doc]=1.6.9+ds-8
  [bliss-doc]=0.73-5
  [coco-doc]=20060919.0-1
  [dicomscope-doc]=3.6.0-25
  [fop-doc]=1:2.8-2
  [libsuitesparse-doc]=1:5.12.0+dfsg-2
  [raster3d-doc]=3.0-7-2
  [rheolef-doc]=7.2-2
  [srf-doc]=0.1+dfsg-7
  [xmlformat-doc]=1.04-3
  [python-cysignals-doc]=1.11.2+ds-2
  [python-petsc4py-doc]=3.18.5-1
  [gap-factint]=1.6.3+ds-2
  [gap-primgrp]=3.4.3-1
  [r-cran-actuar]=3.3-2-1
  [r-cran-adephylo]=1.1-13-1
  [r-cran-afex]=1.2-1-1
  [r-cran-brms]=2.18.0-1
  [r-cran-brobdingnag]=1.2-9-1
  [r-cran-domc]=1.3.8-1
)

# name <TAB> package <TAB> path inside the package
list='
4ti2-manual.pdf	4ti2-doc	usr/share/doc/4ti2/4ti2_manual.pdf
bliss-refman.pdf	bliss-doc	usr/share/doc/bliss/bliss_refman.pdf
coco-UserManual.pdf	coco-doc	usr/share/doc/coco-doc/UserManual.pdf
dicomscope-dscs360.pdf	dicomscope-doc	usr/share/doc/dicomscope/dscs360.pdf
fop-cid-fonts.pdf	fop-doc	usr/share/doc/fop/examples/fo/advanced/cid-fonts.pdf
suitesparse-Mongoose_UserGuide.pdf	libsuitesparse-doc	usr/share/doc/libsuitesparse-dev/Mongoose_UserGuide.pdf
raster3d-R3D_manual.pdf	raster3d-doc	usr/share/doc/raster3d/R3D_manual.pdf
rheolef-bamg.pdf	rheolef-doc	usr/share/doc/rheolef-doc/bamg.pdf
srf-SRF_v_1_3_2.pdf	srf-doc	usr/share/doc/srf-doc/SRF_v_1_3_2_June_19th_2008-0001.pdf
xmlformat-tutorial.pdf	xmlformat-doc	usr/share/doc/xmlformat-doc/tutorial.pdf
cysignals.pdf	python-cysignals-doc	usr/share/doc/python-cysignals-doc/cysignals.pdf
petsc4py.pdf	python-petsc4py-doc	usr/share/doc/python-petsc4py-doc/petsc4py.pdf
gap-factint-manual.pdf	gap-factint	usr/share/gap/pkg/factint/doc/manual.pdf
gap-primgrp-manual.pdf	gap-primgrp	usr/share/gap/pkg/PrimGrp/doc/manual.pdf
actuar-credibility.pdf	r-cran-actuar	usr/lib/R/site-library/actuar/doc/credibility.pdf
adephylo.pdf	r-cran-adephylo	usr/lib/R/site-library/adephylo/doc/adephylo.pdf
afex-introduction-mixed-models.pdf	r-cran-afex	usr/lib/R/site-library/afex/doc/introduction-mixed-models.pdf
brms-multilevel.pdf	r-cran-brms	usr/lib/R/site-library/brms/doc/brms_multilevel.pdf
Brobdingnag.pdf	r-cran-brobdingnag	usr/lib/R/site-library/Brobdingnag/doc/Brobdingnag.pdf
doMC-gettingstartedMC.pdf	r-cran-domc	usr/lib/R/site-library/doMC/doc/gettingstartedMC.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 6" "$dest"
