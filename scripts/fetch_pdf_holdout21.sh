#!/usr/bin/env bash
# Fetch the twenty-first hold-out set of real PDFs for docsweep's heading detector: 40 files
# (637 pages, 1,025 outline entries) from 39 Debian 12 packages whose name does NOT contain
# "doc" and that no earlier set draws on, split into a development half (DEST/dev: 20 files,
# 304 pages, 499 outline entries) and a test half (DEST/test: 20 files, 333 pages, 526 outline
# entries). The files were never read when the set was made (only pdfinfo's page count and
# Producer/Creator and the number of lines of mutool's outline were looked at), and docsweep
# was never run on them.
#
# Candidates: the packages of bookworm main (with bookworm-updates) that ship a .pdf or .pdf.gz
# under /usr/share/doc (`apt-file search -x '^/usr/share/doc/.*\.pdf(\.gz)?$'`, apt-file
# 3.3 over the bookworm and bookworm-updates main Contents files: 965 packages) whose name does
# not contain "doc" (571; set 15 took those whose name does).
# Left out (112): every package used by an earlier set or fixture and every binary package
# built from the same source package as one (`apt-cache show`, Source field). "Used" means: the
# package column of /var/tmp/docsweep-pdf-holdout*/MANIFEST.tsv (sets 1-7, 10-15) and the
# version arrays of scripts/fetch_pdf_holdout*.sh; the Debian packages of sets 8/9
# (scripts/make_pdf_holdout_rendered.sh, spares included); sets 16-18
# (scripts/pdf_source_gold/manifest.tsv, set17/ and set18/manifest.tsv); set 19
# (scripts/pdf_html_print/manifest.tsv); the text sets (scripts/text_holdout/docs*.tsv); the
# packages of tests/data/pdf/README.md (real/, office/, web/) and those scripts/make_pdf_fixtures.sh
# installs. Left out as used themselves (60): altos altree apt-cacher-ng biber
# c++-annotations-pdf cafeobj cd-hit cl-asdf cl-uffi d-itg debian-history debian-policy
# faust-common fonts-sil-andika fonts-sil-charis fonts-sil-doulos fonts-sil-gentiumplus
# fonts-sil-shimenkan-gsm freecol freedm freedv geany-plugin-latex gentle getdp ggobi
# gnu-standards gnucobol4 gpredict grace groff javamorph jflex lam-runtime lepton-eda
# libblis64-dev libcoq-iris libdbd-mysql libxmp-dev lightyears lmodern lure-of-the-temptress
# macsyfinder nagios-nrpe-server nickle octave-arduino octave-communications-common
# octave-queueing octave-zeromq openhpi-plugin-snmp-bc pspp r-cran-adephylo r-cran-tikzdevice
# ruby-prawn-table simh snek texlive-lang-spanish texlive-xetex ubuntu-packaging-guide-pdf-de
# valgrind xmlstarlet; as built from a used source (52): source texlive-lang 16, fonts-sil-
# shimenkan 8, texlive-extra 7, ubuntu-packaging-guide 6, openhpi 3, texlive-base 3,
# libdbi-drivers 2, r-base 2, and blis, freedoom, glpk, hmmer, lmodern 1 each. Left: 459.
# Only the first of them in byte order of name per source package (LC_ALL=C; this dropped 45:
# ada-reference-manual-2012/-2020, blixem, dotter, nine debian-faq-*, enfuse, three
# eyes17-manuals-*, eight installation-guide-*, libosp5, libscotch-dev, ten maint-guide-*,
# mandelbulber2-data, opensp, preview-latex-style, tex-gyre, texworks-help-fr, tix-dev,
# udunits-bin, ufoai-misc): 414; minus the packages over 50 MB (.deb Size over 50,000,000
# bytes, as in set 15: esys-particle, fonts-klee, gap-transgrp, warmux-data): 410.
#
# The files were picked mechanically. A PDF qualifies if it is a regular file of the package
# (symlinks not considered) under usr/share/doc, plain or gzipped, of at most 3,000,000 bytes
# (gunzipped), with 3 to 30 pages (pdfinfo) and an outline of at least 5 entries (lines of
# `mutool show FILE outline`), and is not byte-identical (SHA-256, gunzipped) to a PDF of an
# earlier set, of tests/data/pdf/ or already taken for this set. From each package its
# qualifying files in byte order of path, at most 3, and at most 1 whose producer name is
# pdfTeX (the Producer up to its first digit, trailing spaces, "-", "(", "," and " Version"
# dropped, as in sets 7 and 15). The cut, fixed before any file was looked at: the packages
# were taken whole in byte order of name, stopping (a) after the first package with which the
# set reached at least 40 files and 500 pages, or (b) before a package that would take it past
# 800 pages. (a) ended it at octave-octproj, the 267th of the 410 packages (40 files, 637
# pages); netperf, in the Contents file but with no installable candidate, was skipped. Of the
# 547 PDF paths of those 267 packages: 40 taken, 11 left out by the pdfTeX cap (dbconfig-common's
# dbconfig-common, goldencheetah's GC3-Release and GC31-Release, libxsmm-dev's libxsmm_samples
# and tensorflow, minlog's tutor, muse's documentation, muttprint-manual's manual-en, -es, -it
# and -sl), 14 symlinks, 13 over 3,000,000 bytes, 326 outside 3 to 30 pages and 143 with an
# outline of fewer than 5 entries (checked in that order); none was byte-identical to an
# earlier set's PDF.
# Split: the 40 file names (first column) in byte order, the 1st, 3rd, ... to dev and the 2nd,
# 4th, ... to test, so a package with two files may sit in both halves (discosnp does).
# Producers, dev: pdfTeX 18 (1.40.3 to 1.40.24; Creator "LaTeX with hyperref" 15 and "TeX" 1,
# likely Texinfo, "LaTeX via pandoc" 2), xdvipdfmx 20190503 1 (fonts-hosny-amiri, Creator LaTeX
# with hyperref), LibreOffice 4.3 1 (discosnp's vcf_creator_user_guide, Writer). Test: pdfTeX 16
# (1.40.10 to 1.40.24; "LaTeX with hyperref" or "LaTeX2e with hyperref" 12, "TeX" 3, DBLaTeX
# 0.3.12 1, DocBook), OpenOffice.org 3.2 1 (aprx, Writer), LibreOffice 7.1 1
# (fonts-sil-abyssinica, Writer), no Producer 1 (discosnp's discoSnp_user_guide, Creator
# Microsoft Word) and "NCC Group LaserShark Pro" 1 (notary's audit report; Creator "LaTeX with
# hyperref package", so likely pdfTeX with its Producer rewritten). Judging by the file names
# only, muttprint-manual-manual-de.pdf is likely in German and
# fonts-hosny-amiri-Documentation-Arabic.pdf in Arabic; column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 86 MB in all; the largest, notary
# and goldencheetah, 16 MB each: run `apt-get update` first on a fresh machine) and unpacked
# with dpkg-deb; nothing is installed. Only the listed files are kept, under the names in the
# first column (the package name, then the file name without .gz), with a MANIFEST.tsv in each
# half (name, package, version, path in package, pages, producer, outline entries, sha256; the
# sha256 is that of the gunzipped file). Pages and producer need pdfinfo (poppler-utils),
# outline entries mutool (mupdf-tools); without them those columns stay empty. The checksums are
# verified at the end.
#
# Usage: scripts/fetch_pdf_holdout21.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout21;
# writes DEST/dev and DEST/test)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout21}

# The versions the set was chosen from (Debian 12 "bookworm", with bookworm-updates and
# bookworm-security); if one is no longer available, the cached or current one is used and a
# warning is printed. 24 of them are amd64 packages (andi, aprx, arduino, belvu, dicelab,
# discosnp, dlt-viewer, elk-lapw, fontconfig, gocc, goldencheetah, jellyfish, libatd-ocaml-dev,
# libcgns-dev, libsimbody-dev, libxsmm-dev, mcabber, minimap2, muse, notary, notedeln, nyacc,
# octave-octclip, octave-octproj; `apt-get download` takes the machine's architecture, and the
# PDFs were not checked on others); the other 15 are "all".
declare -A version=(
  [andi]=0.14-2
  [aprx]=2.9.1-1
  [arduino]=2:1.8.19+dfsg1-1
  [belvu]=4.44.1+dfsg-7+b2
  [cl-alexandria]=20211025.gita67c3a6-1
  [cl-cffi]=1:0.24.1-3
  [cli-common]=0.10+nmu1
  [cohomcalg-common]=0.32+ds-6
  [dbconfig-common]=2.0.24
  [debomatic]=0.26-2
  [dicelab]=0.7-6
  [discosnp]=1:2.6.2-2
  [dlt-viewer]=2.23.0+dfsg-3
  [elk-lapw]=8.4.30-1
  [fontconfig]=2.14.1-4
  [fonts-hosny-amiri]=0.113-1
  [fonts-sil-abyssinica]=2.100-3
  [gocc]=0.0~git20211213.7ea6993-1+b6
  [goldencheetah]=1:3.5-1.1
  [hamradio-maintguide]=0.7
  [jellyfish]=2.3.0-15+b3
  [jigsaw-generator]=0.2.7-1
  [jmodeltest]=2.1.10+dfsg-12
  [khronos-api]=4.6+git20220505-1
  [libatd-ocaml-dev]=2.10.0-2+b3
  [libcgns-dev]=3.4.0-3
  [libsimbody-dev]=3.7+dfsg-3
  [libxsmm-dev]=1.17-2
  [malt]=0.5.2-2
  [mcabber]=1.1.2-2+b1
  [minimap2]=2.24+dfsg-3+b1
  [minlog]=4.0.99.20100221-7
  [muse]=4.1.0-1
  [muttprint-manual]=0.73-11
  [notary]=0.7.0+ds1-2+b6
  [notedeln]=1.4.6-1
  [nyacc]=1.00.2-5
  [octave-octclip]=2.0.3-1
  [octave-octproj]=3.0.2-1
)

# dev: name <TAB> package <TAB> path inside the package
list_dev='
andi-andi-manual.pdf	andi	usr/share/doc/andi/andi-manual.pdf.gz
arduino-ArduinoSerialPlotterProtocol.pdf	arduino	usr/share/doc/arduino/ArduinoSerialPlotterProtocol.pdf.gz
cl-alexandria-alexandria.pdf	cl-alexandria	usr/share/doc/cl-alexandria/alexandria.pdf.gz
cli-common-cli-policy.pdf	cli-common	usr/share/doc/cli-common/cli-policy.pdf.gz
dbconfig-common-dbapp-policy.pdf	dbconfig-common	usr/share/doc/dbconfig-common/dbapp-policy.pdf.gz
dicelab-dicelab_manual.pdf	dicelab	usr/share/doc/dicelab/dicelab_manual.pdf.gz
discosnp-vcf_creator_user_guide.pdf	discosnp	usr/share/doc/discosnp/vcf_creator_user_guide.pdf.gz
elk-lapw-spacegroup.pdf	elk-lapw	usr/share/doc/elk-lapw/spacegroup.pdf.gz
fonts-hosny-amiri-Documentation-Arabic.pdf	fonts-hosny-amiri	usr/share/doc/fonts-hosny-amiri/Documentation-Arabic.pdf.gz
gocc-gocc_user_guide.pdf	gocc	usr/share/doc/gocc/gocc_user_guide.pdf.gz
hamradio-maintguide-DebianHamradio.pdf	hamradio-maintguide	usr/share/doc/hamradio-maintguide/DebianHamradio.pdf.gz
jigsaw-generator-jigsaw-generator.pdf	jigsaw-generator	usr/share/doc/jigsaw-generator/jigsaw-generator.pdf.gz
khronos-api-readme.pdf	khronos-api	usr/share/doc/khronos-api/readme.pdf.gz
libcgns-dev-changes_3.3.pdf	libcgns-dev	usr/share/doc/libcgns-dev/changes_3.3.pdf
libxsmm-dev-libxsmm.pdf	libxsmm-dev	usr/share/doc/libxsmm-dev/documentation/libxsmm.pdf.gz
mcabber-guide.pdf	mcabber	usr/share/doc/mcabber/guide.pdf.gz
minlog-mpcref.pdf	minlog	usr/share/doc/minlog/mpcref.pdf
muttprint-manual-manual-de.pdf	muttprint-manual	usr/share/doc/muttprint/manual/manual-de.pdf.gz
notedeln-userguide.pdf	notedeln	usr/share/doc/notedeln/userguide.pdf.gz
octave-octclip-octclip.pdf	octave-octclip	usr/share/doc/octave-octclip/octclip.pdf.gz
'

# test: name <TAB> package <TAB> path inside the package
list_test='
aprx-aprx-requirement-specification.pdf	aprx	usr/share/doc/aprx/aprx-requirement-specification.pdf.gz
belvu-Belvu_manual.pdf	belvu	usr/share/doc/belvu/Belvu_manual.pdf.gz
cl-cffi-cffi-sys-spec.pdf	cl-cffi	usr/share/doc/cl-cffi/cffi-sys-spec.pdf.gz
cohomcalg-common-manual.pdf	cohomcalg-common	usr/share/doc/cohomcalg-common/manual.pdf.gz
debomatic-Deb-o-Matic.pdf	debomatic	usr/share/doc/debomatic/Deb-o-Matic.pdf.gz
discosnp-discoSnp_user_guide.pdf	discosnp	usr/share/doc/discosnp/discoSnp_user_guide.pdf.gz
dlt-viewer-dlt_viewer_plugins_programming_guide.pdf	dlt-viewer	usr/share/doc/dlt-viewer/dlt_viewer_plugins_programming_guide.pdf.gz
fontconfig-fontconfig-user.pdf	fontconfig	usr/share/doc/fontconfig/fontconfig-user.pdf.gz
fonts-sil-abyssinica-AbyssinicaSILFontFeatures.pdf	fonts-sil-abyssinica	usr/share/doc/fonts-sil-abyssinica/documentation/AbyssinicaSILFontFeatures.pdf.gz
goldencheetah-GC3-FAQ.pdf	goldencheetah	usr/share/doc/goldencheetah/GC3-FAQ.pdf.gz
jellyfish-jellyfish.pdf	jellyfish	usr/share/doc/jellyfish/jellyfish.pdf.gz
jmodeltest-manual.pdf	jmodeltest	usr/share/doc/jmodeltest/manual.pdf
libatd-ocaml-dev-atd-manual.pdf	libatd-ocaml-dev	usr/share/doc/libatd-ocaml-dev/atd-manual.pdf.gz
libsimbody-dev-DRC_OSRF_TaskSpaceReport.pdf	libsimbody-dev	usr/share/doc/simbody/examples/src/shared/DRC_OSRF_TaskSpaceReport.pdf
malt-manual.pdf	malt	usr/share/doc/malt/manual.pdf.gz
minimap2-minimap2.pdf	minimap2	usr/share/doc/minimap2/minimap2.pdf
muse-developer_docs.pdf	muse	usr/share/doc/muse/muse_pdf/developer_docs.pdf.gz
notary-ncc_docker_notary_audit_2015_07_31.pdf	notary	usr/share/doc/notary/docs/resources/ncc_docker_notary_audit_2015_07_31.pdf.gz
nyacc-nyacc-ug.pdf	nyacc	usr/share/doc/nyacc/nyacc-ug.pdf.gz
octave-octproj-octproj.pdf	octave-octproj	usr/share/doc/octave-octproj/octproj.pdf.gz
'

# SHA-256 of each stored (gunzipped) file of the dev half, as chosen.
sums_dev='
04257863395ef82e29108950ccb4c6fd47e640ba08b45743712864bf85d7bf48  andi-andi-manual.pdf
b8c3d3a3f9c2b0bacd7287e1a918042e7efc1376c2624304399ff6a79d6708e7  arduino-ArduinoSerialPlotterProtocol.pdf
b356a0eab85e450805b934ff8bccbec97520fdb8990c24762cbd8d94769c769d  cl-alexandria-alexandria.pdf
78cb16f09b9cc6d5479bf508384446013ce74fdb7f20ad74da5e59214ad30404  cli-common-cli-policy.pdf
2e9ec361f9e68dbfc24b7139c86c372ba1814663bdde3bb4a9159b39e1299b96  dbconfig-common-dbapp-policy.pdf
fc33cb10610eb3f39edd6bbaf70a31440aa0edd733e5ddb014b414f39cd9550f  dicelab-dicelab_manual.pdf
243e10ea7f8aabdbe422e02226bebb115eebe1ba98a5ebdaba79b5add76995f5  discosnp-vcf_creator_user_guide.pdf
02c97b0d3ba90722a4b0d98dce4c6c9ffc415a08283b19c1cba48942c50dec44  elk-lapw-spacegroup.pdf
3eee46bd24898e9316cb47fb239e316f42bf7b9fde4b48113a261a32593ce8bd  fonts-hosny-amiri-Documentation-Arabic.pdf
28442ff7c2a5adbe3cf0a11efe1fb237c746c80dc206fe26020a0c8e9ee8a967  gocc-gocc_user_guide.pdf
c4f953ff5061e829be0b9c1e0960c3f6cd2bd6a6ed90e2081f3d2dd25d321ee2  hamradio-maintguide-DebianHamradio.pdf
c9ec0f525c7c3f41b33b1f75fcc69f23c0b41e4065ffcf836288c1fb10afb626  jigsaw-generator-jigsaw-generator.pdf
e203e5bc1fca1a620232e1b0fa857c429013fdb90002f6236b9b9debbbcbe80a  khronos-api-readme.pdf
13ad647583be5ea6704020259d92a7caa4906dfebc1ae097044c486ce7634c43  libcgns-dev-changes_3.3.pdf
adec1074a11781f68ed986a5d879c47ecfb0d9df711a05d54108994ba89adcd1  libxsmm-dev-libxsmm.pdf
142d682c3d961f68d514907de5b01ca5f1629df5d4f1b1e45bce8587bdc5313f  mcabber-guide.pdf
b805f438ca7833898ac7f7776f5ab2a3ec770d384887ef1b4e7bf6a399f1dd67  minlog-mpcref.pdf
21400de98a9615368a9fc95ad53ec18a89efe1144a73d3c1fc69a4d698d2c903  muttprint-manual-manual-de.pdf
ef7ff4a1c135397128786d1777f067bcfc36150ad42092737cd96610f0a69ce2  notedeln-userguide.pdf
ea5dfa40e61174baea2ab801c48026f7faeddf6473fc6c483d320757bb85269e  octave-octclip-octclip.pdf
'

# SHA-256 of each stored (gunzipped) file of the test half, as chosen.
sums_test='
15aeeb5d655d75b1016ee78bc9313f6634c0c04af71b10b119ca020c911009fd  aprx-aprx-requirement-specification.pdf
41e926daab92e58f7e7c7c96a5789b50cf823186d502718104523952c1e67bc6  belvu-Belvu_manual.pdf
ef5ab00e65f9f191d3e8009379c66f9cb5177de5cd2113d060e820e9e95cb0ce  cl-cffi-cffi-sys-spec.pdf
1018809ad7de4836df215da8ac8008c2e4f78c0ee49b31111e75c9c5240e2cd2  cohomcalg-common-manual.pdf
bea672cbf046fcccc03ebcbd5e05b5b097d2cf778878484712cc5bd4be99e1f3  debomatic-Deb-o-Matic.pdf
aee271c89991caa02c9ab764bbe2d406a927aafc45138fce65ab386c4e4fa42f  discosnp-discoSnp_user_guide.pdf
ae475268aeedd9b86b1e12a555facce4f04d084d0779d8a0c300d456c1c2b025  dlt-viewer-dlt_viewer_plugins_programming_guide.pdf
8851a84c668b22261828d36a10f9c46dac3faadf78122995dd92842f9f51747f  fontconfig-fontconfig-user.pdf
0e9eb3b933680ac4dc1a97d01385b45816113ad0a15f9ac1cfd4b36a2c80633f  fonts-sil-abyssinica-AbyssinicaSILFontFeatures.pdf
da7d0137093b0fab971b26f5e4f077ec84a9ebe13d348592dfdec3357369650f  goldencheetah-GC3-FAQ.pdf
d7f8c8f64be0b81cec989ad70e3620a00181692b4ae70f7508d5558224b5f497  jellyfish-jellyfish.pdf
0c87873f60567480ca6e6a247589902fc004416f12285943d0c10b3aab0258ce  jmodeltest-manual.pdf
561d96f944fc02af4077f768d0fd6dbd727623c413823634c5b8815c4ad78ad6  libatd-ocaml-dev-atd-manual.pdf
f58b772f9f5cc051ebc7be7f43951c79854e4d563288a6da7325d305582d2bc6  libsimbody-dev-DRC_OSRF_TaskSpaceReport.pdf
3abf1723e135057522bcda91c1a249b8a851ad5b4cb31629e80317790a6d7e31  malt-manual.pdf
950d9292aecc28a1f54e1e40aee5a242777387c6d762948f99acb7f3acfba07a  minimap2-minimap2.pdf
25e58c4dd47f45508dcb6a9255818dd702d98700e986f78031b360088e80b721  muse-developer_docs.pdf
8a4db43f2c70ee1c804a938d9fc986fe76b210298d5e31a1a8e3eeeda74db2eb  notary-ncc_docker_notary_audit_2015_07_31.pdf
1a53675a5478e6f2321c80bbd558ba8a08063f108bf3519a61510011ae6e2983  nyacc-nyacc-ug.pdf
e38fba1fd67feb52af4ead7fc173b77ab8b5021d2cc3e8f4ab90db135f5188a9  octave-octproj-octproj.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_halves "hold-out set 21" "$dest"
