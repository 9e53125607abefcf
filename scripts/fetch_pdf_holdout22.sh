#!/usr/bin/env bash
# Fetch the twenty-second hold-out set of real PDFs for docsweep's heading detector: 34 longer
# files (2,970 pages, 4,466 outline entries) with running heads or feet, from 33 Debian 12
# packages whose name does NOT contain "doc" and that no earlier set draws on, split into a
# development half (DEST/dev: 17 files, 1,443 pages, 1,905 outline entries) and a test half
# (DEST/test: 17 files, 1,527 pages, 2,561 outline entries). It is meant for issue 7's target
# "no running header ever becomes a heading" on documents nothing has been tuned on. The files
# were never read when the set was made: only pdfinfo's page count and Producer/Creator, the
# number of lines of mutool's outline, sizes, SHA-256 and one number per file from pdftotext
# (the count of running-line keys, below) were looked at, and docsweep was never run on them.
#
# Candidates: set 21's pool (see scripts/fetch_pdf_holdout21.sh: the bookworm main packages
# with a .pdf or .pdf.gz under /usr/share/doc whose name does not contain "doc", less those of
# earlier sets and fixtures and their source packages, the first in byte order per source
# package, .deb at most 50,000,000 bytes: 410), less set 21's 39 packages: 371. Set 20's 80
# packages (scripts/pdf_html_print/set20/manifest.tsv, 80 source packages) and set 19's 60
# (scripts/pdf_html_print/manifest.tsv, already left out of set 21's pool) and every package
# built from the same source package as one of them (`apt-cache show`, Source field) were left
# out too; none of them was in the pool, so 371 candidates remain.
#
# The files were picked mechanically. A PDF qualifies if it is a regular file of the package
# (symlinks not considered) under usr/share/doc, plain or gzipped, of at most 8,000,000 bytes
# (gunzipped), with 31 to 250 pages (pdfinfo) and an outline of at least 5 entries (lines of
# `mutool show FILE outline`), has running lines, and is not byte-identical (SHA-256,
# gunzipped) to a PDF of an earlier set (the hashes of scripts/fetch_pdf_holdout*.sh and of
# the set 16-20 manifests, and every PDF under tests/data/pdf/, /var/tmp/docsweep-pdf-holdout*,
# /var/tmp/pdfsrc16-18, /var/tmp/pdfhtml19 and /var/tmp/pdfhtml20) or already taken for this
# set. Running lines: those of scripts/check_running_heads.py (its key() and edge_lines() over
# `pdftotext -enc UTF-8 -bbox-layout`, nothing else): a line among the first or the last three
# non-blank lines of a page whose key (no case, blanks, punctuation or page number at either
# end; at least 3 characters, so bare page numbers do not count) comes back on at least 3
# pages and 30 % of the pages; a file has them if there is at least one such key (only that
# count was printed, never a line). From each package its qualifying files in byte order of
# path, at most 2, and at most 1 whose producer name is pdfTeX (the Producer up to its first
# digit, trailing spaces, "-", "(", "," and " Version" dropped, as in sets 7, 15 and 21; so
# "MiKTeX pdfTeX" and "pdfeTeX" are other names). The cut, fixed before any file was looked
# at: the packages were taken whole in byte order of name, stopping (a) after the first
# package with which the set reached at least 40 files and 2,000 pages, or (b) before a
# package that would take it past 3,000 pages. (b) ended it before sdop, the 315th of the 371
# packages (its one file, 51 pages, would have made 3,021), with 34 files and 2,970 pages, so
# (a)'s 40 files were not reached; netperf, in the Contents file but with no installable
# candidate, was skipped. Of the 631 PDF paths of the other 313 packages looked at: 34 taken,
# 11 left out by the caps (packaging-tutorial's es, fr, gl, ja, nl, pt, pt_BR, ru and plain
# packaging-tutorial.pdf and gnubg-data's gnubg by the pdfTeX cap, packaging-tutorial's zh_TW
# by the cap of 2), 20 symlinks, 3 over 8,000,000 bytes, 11 that pdfinfo could not read (R
# test plots and password-protected test files of r-cran-*, parallel's empty
# parallel_options_map), 410 outside 31 to 250 pages, 64 with an outline of fewer than 5
# entries and 78 without running lines (checked in that order); none was byte-identical to an
# earlier set's PDF.
# Split: the 34 file names (first column) in byte order, the 1st, 3rd, ... to dev and the 2nd,
# 4th, ... to test, so packaging-tutorial's German and Chinese (zh_CN) versions of the same
# slides sit one in each half.
# Producers, dev: pdfTeX 13 (1.40.3 to 1.40.24; Creator "TeX" 5, likely Texinfo, "LaTeX with
# hyperref" 3, "LaTeX with hyperref package" 2, DBLaTeX 2, DocBook, "LaTeX with Beamer class"
# 1: impressive-display), MiKTeX pdfTeX-1.40.21 1 (dpic, LaTeX with hyperref), xdvipdfmx
# 20210609 1 (packaging-tutorial zh_CN, Beamer), LibreOffice 5.0 1 (logol, Writer), Apache FOP
# 2.1 1 (publican, DocBook XSL). Test: pdfTeX 10 (1.40.17 to 1.40.24; "LaTeX with hyperref" 4,
# DBLaTeX 3, "LaTeX with hyperref package" 1, "TeX" 1, "LaTeX with Beamer class" 1:
# packaging-tutorial de), xdvipdfmx 20211117 2 (eyes17-manuals-en, LaTeX with hyperref;
# maint-guide, DBLaTeX), LuaTeX 1.12.0 1 (bibtool), pdfeTeX 1.21a 1 (librlog-dev), dvips + GPL
# Ghostscript 9.27 1 (libpgtcl-dev), GPL Ghostscript 9.53.3 1 (printer-driver-foo2zjs-common,
# Creator "groff 1.22.4 man") and Acrobat Web Capture 5.0 1 (grcompiler's CppDoc, no Creator).
# Judging by the file names and Creator only, three files are Beamer slide decks
# (impressive-display's and packaging-tutorial's de and zh_CN), packaging-tutorial.de is in
# German and .zh_CN in Chinese; maint-guide's HTML version has a page in the HTML set
# (scripts/html_holdout/pages.tsv), which set 21's pool did not leave out; column layout was
# not recorded.
#
# The packages are downloaded with `apt-get download` (about 87 MB in all; the largest,
# mmseqs2, 24 MB: run `apt-get update` first on a fresh machine) and unpacked with dpkg-deb;
# nothing is installed. Only the listed files are kept, under the names in the first column
# (the package name, then the file name without .gz), with a MANIFEST.tsv in each half (name,
# package, version, path in package, pages, producer, outline entries, sha256; the sha256 is
# that of the gunzipped file). Pages and producer need pdfinfo (poppler-utils), outline
# entries mutool (mupdf-tools); without them those columns stay empty. The checksums are
# verified at the end.
#
# Usage: scripts/fetch_pdf_holdout22.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout22;
# writes DEST/dev and DEST/test)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout22}

# The versions the set was chosen from (Debian 12 "bookworm", with bookworm-updates and
# bookworm-security); if one is no longer available, the cached or current one is used and a
# warning is printed. 17 of them are amd64 packages (bibtool, crystal-facet-uml, cvs, dpic,
# grcompiler, libadasockets12-dev, libcaca-dev, libdmalloc-dev, libftgl-dev, libgtg-dev,
# libpgtcl-dev, librlog-dev, librocm-smi-dev, libtomcrypt-dev, mmseqs2, nettle-dev, numdiff;
# `apt-get download` takes the machine's architecture, and the PDFs were not checked on
# others); the other 16 are "all".
declare -A version=(
  [abcl]=1.9.0-1
  [bibtool]=2.68+ds-1
  [caja-actions-common]=1.27.0-1
  [crystal-facet-uml]=1.47.0-1
  [cvs]=2:1.12.13+real-28+deb12u1
  [cxxtest]=4.4+git171022-2
  [dejagnu]=1.6.3-1
  [dia-common]=0.97.3+git20220525-5
  [dpic]=2023.02.01-1
  [eyes17-manuals-en]=5.1.2+repack-1
  [gnubg-data]=1.07.001-1
  [grcompiler]=5.2.1-0.2+b1
  [impressive-display]=0.4.1-1
  [jube]=2.5.1-1
  [libadasockets12-dev]=1.12-8
  [libcaca-dev]=0.99.beta20-3+deb12u1
  [libdmalloc-dev]=5.5.2-14
  [libftgl-dev]=2.4.0-2.1
  [libgtg-dev]=0.2-2+dfsg-7+b2
  [libpgtcl-dev]=1:3.0.0-1+deb12u1
  [libpostscriptbarcode]=20200401-1.1
  [librlog-dev]=1.4-4.1+b1
  [librocm-smi-dev]=5.2.3-2
  [libtomcrypt-dev]=1.18.2-6
  [logol]=1.7.9+dfsg-6
  [maint-guide]=1.2.53
  [mmseqs2]=14-7e284+ds-1+b2
  [nettle-dev]=3.8.1-2
  [numdiff]=5.9.0-1+b1
  [packaging-tutorial]=0.29
  [printer-driver-foo2zjs-common]=20200505dfsg0-2
  [publican]=4.3.2-3
  [r6rs-nanopass-dev]=1.9.2-1
)

# dev: name <TAB> package <TAB> path inside the package
list_dev='
abcl-abcl.pdf	abcl	usr/share/doc/abcl/abcl.pdf.gz
caja-actions-common-caja-actions-config-tool.pdf	caja-actions-common	usr/share/doc/caja-actions/pdf/C/caja-actions-config-tool.pdf.gz
cvs-cvs.pdf	cvs	usr/share/doc/cvs/cvs.pdf
dejagnu-dejagnu.pdf	dejagnu	usr/share/doc/dejagnu/dejagnu.pdf.gz
dpic-dpic-doc.pdf	dpic	usr/share/doc/dpic/dpic-doc.pdf.gz
gnubg-data-allabout.pdf	gnubg-data	usr/share/doc/gnubg/allabout.pdf
impressive-display-impressive-display.pdf	impressive-display	usr/share/doc/impressive-display/impressive-display.pdf.gz
libadasockets12-dev-adasockets.pdf	libadasockets12-dev	usr/share/doc/libadasockets12-dev/adasockets.pdf.gz
libdmalloc-dev-dmalloc.pdf	libdmalloc-dev	usr/share/doc/libdmalloc-dev/dmalloc.pdf.gz
libgtg-dev-gtg_refmanual.pdf	libgtg-dev	usr/share/doc/libgtg-dev/gtg_refmanual.pdf.gz
libpostscriptbarcode-barcodewriter.pdf	libpostscriptbarcode	usr/share/doc/libpostscriptbarcode/barcodewriter.pdf.gz
librocm-smi-dev-ROCm_SMI_Manual.pdf	librocm-smi-dev	usr/share/doc/librocm-smi-dev/ROCm_SMI_Manual.pdf.gz
logol-tutorial.pdf	logol	usr/share/doc/logol/tutorial.pdf.gz
mmseqs2-userguide.pdf	mmseqs2	usr/share/doc/mmseqs2/userguide.pdf.gz
numdiff-numdiff.pdf	numdiff	usr/share/doc/numdiff/numdiff.pdf.gz
packaging-tutorial-packaging-tutorial.zh_CN.pdf	packaging-tutorial	usr/share/doc/packaging-tutorial/packaging-tutorial.zh_CN.pdf
publican-Publican-4.2-Users_Guide-en-US.pdf	publican	usr/share/doc/publican/Users_Guide/en-US/Publican/4.2/pdf/Users_Guide/Publican-4.2-Users_Guide-en-US.pdf.gz
'

# test: name <TAB> package <TAB> path inside the package
list_test='
bibtool-bibtool.pdf	bibtool	usr/share/doc/bibtool/bibtool.pdf
crystal-facet-uml-crystal-facet-uml_documentation.pdf	crystal-facet-uml	usr/share/doc/crystal-facet-uml/crystal-facet-uml_documentation.pdf.gz
cxxtest-guide.pdf	cxxtest	usr/share/doc/cxxtest/guide.pdf.gz
dia-common-dia.pdf	dia-common	usr/share/doc/dia/en/dia.pdf.gz
eyes17-manuals-en-eyes17.pdf	eyes17-manuals-en	usr/share/doc/eyes17/en/eyes17.pdf.gz
grcompiler-CppDoc.pdf	grcompiler	usr/share/doc/grcompiler/grcompiler/CppDoc.pdf
jube-JUBE.pdf	jube	usr/share/doc/jube/JUBE.pdf.gz
libcaca-dev-libcaca.pdf	libcaca-dev	usr/share/doc/libcaca-dev/pdf/libcaca.pdf.gz
libftgl-dev-ftgl.pdf	libftgl-dev	usr/share/doc/libftgl-dev/ftgl.pdf.gz
libpgtcl-dev-libpgtcl.pdf	libpgtcl-dev	usr/share/doc/libpgtcl-dev/libpgtcl.pdf.gz
librlog-dev-refman.pdf	librlog-dev	usr/share/doc/librlog-dev/rlog/refman.pdf.gz
libtomcrypt-dev-crypt.pdf	libtomcrypt-dev	usr/share/doc/libtomcrypt-dev/crypt.pdf.gz
maint-guide-maint-guide.en.pdf	maint-guide	usr/share/doc/maint-guide/maint-guide.en.pdf
nettle-dev-nettle.pdf	nettle-dev	usr/share/doc/nettle-dev/nettle.pdf.gz
packaging-tutorial-packaging-tutorial.de.pdf	packaging-tutorial	usr/share/doc/packaging-tutorial/packaging-tutorial.de.pdf
printer-driver-foo2zjs-common-manual.pdf	printer-driver-foo2zjs-common	usr/share/doc/printer-driver-foo2zjs/manual.pdf
r6rs-nanopass-dev-user-guide.pdf	r6rs-nanopass-dev	usr/share/doc/r6rs-nanopass-dev/user-guide.pdf.gz
'

# SHA-256 of each stored (gunzipped) file of the dev half, as chosen.
sums_dev='
62d39f15e43ae1ddb8d6f816e6767cd085890acfccd95d997091302c88816cb1  abcl-abcl.pdf
9a72f1a10775ab119393bb4ba1c2ce20b5751456cab8e8223f19e526ff9bff7a  caja-actions-common-caja-actions-config-tool.pdf
6234edad7b3d0ed5f3795bf58d212a14643dca3786b521a841b53bc71db3d62a  cvs-cvs.pdf
7ed528f61f9b05727a21208225340540ec2693209dbe88fad16bb47a1230969a  dejagnu-dejagnu.pdf
10436d8631e41d1dab9e332a65d49cd71f6dd97ce02e3071564e034d9b32685c  dpic-dpic-doc.pdf
74b6077ae7725170e94adbdb16877cc7c3d458306b486a18b728ea8cd346e4c3  gnubg-data-allabout.pdf
e823d6b49fa9520b5dc399a61cd4125477c71d1f8989b825615b054df7e3e5bc  impressive-display-impressive-display.pdf
cf901ccaea42338fb71d8cd60980529ca39cc61da46fa027e5c242dba90571cb  libadasockets12-dev-adasockets.pdf
3adc5c2197ede9dfd329efd0ed920d36b9d279acfcc72390d1513a9ee60bf3dc  libdmalloc-dev-dmalloc.pdf
24333c8872c100ddde1573a8413c438006bed5904392e85540dff64c7651b922  libgtg-dev-gtg_refmanual.pdf
2f563dad2f7830ffd11af7b34d080625207133c478bdc2ac0a08f72bcf7e9930  libpostscriptbarcode-barcodewriter.pdf
6d104baa198ebfd18c5932092def0d7273bb5f1b95f45c2cfbda3fc3a43d1668  librocm-smi-dev-ROCm_SMI_Manual.pdf
a127584b1b67f6bffb905f0bbe25a531f9c0f5b94628a51db5e70598fee4e2da  logol-tutorial.pdf
1301301bd9742f0eeaf9597a5b4d8c1888d043508b63c7ae7770ac025c0b301a  mmseqs2-userguide.pdf
9637bb3a8c608a48f51805640c5c8e9f6bd381e1548220fbca00d4e1320a098c  numdiff-numdiff.pdf
69079362116f27ae66cc11ff1d7a8cbeaefb51a9988879c45f6dfbb960ecf685  packaging-tutorial-packaging-tutorial.zh_CN.pdf
43f8697ddb8a742b30a2ea29fe5516c7c592913ca63e700133d5d5f8ec690723  publican-Publican-4.2-Users_Guide-en-US.pdf
'

# SHA-256 of each stored (gunzipped) file of the test half, as chosen.
sums_test='
7dec2a77b7935a82787246cfe30f0ea8f05b5ff9d0549f882926085b741d9ee0  bibtool-bibtool.pdf
cc334ddf92879ff56507d2fcc92ce671492c59a90594d9f3109123daec6361d5  crystal-facet-uml-crystal-facet-uml_documentation.pdf
0f1015ba8acebb924e51ec3467a91b9fb6902a4b31863aa3b8f496fbc86bb790  cxxtest-guide.pdf
d4d5ef0895d03ba188e40eae3ed21d13055957895ad9cdf1689aa54a48a4c76e  dia-common-dia.pdf
387f709bd28de20f9b0862b7cad8b98b62af7c14342f1bae285bad95ce9e7d8d  eyes17-manuals-en-eyes17.pdf
85a9b4d79f45d6827f6e547d207ee2c36411ea0f7e4e5328cb2facdba7f288d2  grcompiler-CppDoc.pdf
53230a120e9afae28e8bcad01bac6a3af72211a9c1fd5bfad98c0f160b489b99  jube-JUBE.pdf
f7db89661a051d52276fd742059595214a730f9b78a77e1402250a2a2eba7bf6  libcaca-dev-libcaca.pdf
2c4c171e73bb29d0e5bba3555de1aa52b54a0c6e5ad71ebc006726fe960d480d  libftgl-dev-ftgl.pdf
0a1bf1965bf50b3cb411b15bac252266c34e24321654a1d8b1780711f5b483c7  libpgtcl-dev-libpgtcl.pdf
d29716297bc7443101b4696573c2bd9a15d5525ffc2d9a3b8d77a7279e242b19  librlog-dev-refman.pdf
40b910c9540f456f399115dff6639a02c3c66c31d15f3493f5fb036a43764da0  libtomcrypt-dev-crypt.pdf
0b94abf28167fb3fe59db3d03f99b5faa50d9f6f696a7864825c5d0378ba27ef  maint-guide-maint-guide.en.pdf
fa0c6394acde69113eb33202a4c9ba33a4858429f2d735bc2707d41112da98f5  nettle-dev-nettle.pdf
96d18205bce47ab32c0c30cb9eb1eff58948ec43ec9ae976162144bd5faf2a26  packaging-tutorial-packaging-tutorial.de.pdf
fe2e7960e7fd544382141329ba068f8de465729e9c96fc31ba93b448098142ab  printer-driver-foo2zjs-common-manual.pdf
d946019695127b6f39fae0c225a5e7f82a3ab8c31914a3ed2f9dc60833c15083  r6rs-nanopass-dev-user-guide.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_halves "hold-out set 22" "$dest"
