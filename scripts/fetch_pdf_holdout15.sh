#!/usr/bin/env bash
# Fetch the fifteenth hold-out set of real PDFs for docsweep's heading detector, a TEST set: 38
# files (708 pages, 987 outline entries) from 35 Debian 12 documentation packages that no
# earlier set draws on. No rule was tuned on it, and none should be: its files were never read
# (only pdfinfo's page count and Producer/Creator and mutool's outline count were looked at),
# and docsweep was never run on them when the set was made.
#
# Packages left out: every package of /var/tmp/docsweep-pdf-holdout*/MANIFEST.tsv (sets 1 to
# 14) and of scripts/text_holdout/docs*.tsv (package column), the packages of
# tests/data/pdf/real/ (texlive-latex-base-doc, texlive-latex-recommended-doc,
# texlive-science-doc, texlive-metapost-doc, groff) and of scripts/make_pdf_fixtures.sh, and
# every binary package built from the same source package as one of those (`apt-cache show`,
# Source field), so no other translation of lilypond, linuxcnc or debian-edu-doc and no other
# texlive-*-doc. Candidates were the packages of bookworm main whose name contains "doc" and
# that ship a .pdf or .pdf.gz under /usr/share/doc (`apt-file search -x
# '^/usr/share/doc/.*\.pdf(\.gz)?$'`: 965 packages, 394 of them with "doc" in the name), minus
# those left out: 278; only the first of them in byte order of name per source package (this
# dropped firehol-tools-doc, fireqos-doc, instead-doc-ru and libags-audio-doc): 274; minus the
# packages over 50 MB (axiom-doc, code-saturne-doc, libbullet-doc, minexpert2-doc,
# python-sklearn-doc, sagemath-doc): 268, all of which were looked at as below.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if it is a
# regular file of the package (symlinks not considered) under usr/share/doc, plain or gzipped,
# with an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 30 pages
# (pdfinfo) and at most 3,000,000 bytes (gunzipped), and is not byte-identical (SHA-256) to a
# PDF of an earlier set or of tests/data/pdf/. The page limit is half the 60 of the earlier
# sets: the files qualifying with 3 to 60 pages (77 in 57 packages) average 29 pages, so any
# 36 of them in byte order came to about 1,000 pages, and this set was to be 400 to 700 pages.
# From each package its qualifying files in byte order of path (LC_ALL=C), at most 3, and at
# most 1 whose producer name is pdfTeX (the Producer up to its first digit, trailing spaces,
# "-", "(", "," and " Version" dropped, as in set 7), to spread the set over producers. That
# is the whole set: every candidate package was taken, no cut by number was needed (38 files,
# under 40). Left out by the pdfTeX cap: dynare's dr, dynare++-tutorial and gsa,
# gm-assistant's userguide_fr, krb5's build and plugindev. Qualifying with 31 to 60 pages only
# (33 files, not in the set): asn1c-doc, bird-doc, claws-mail-doc, coccinelle-doc, db5.3-doc
# (3 more), dynare-doc (2 more), fai-doc, gss-doc, gyoto-doc, highlight.js-doc, krb5-doc (1
# more), libaunit-doc, libdbi-doc, libgnatcoll-db-doc, libjiu-java-doc,
# libppx-visitors-ocaml-doc, libtasn1-doc, libxmlada-doc, menhir-doc, mummer-doc, netgen-doc,
# openms-doc (1 more), primesieve-doc, sagetex-doc (1 more), sketch-doc, toulbar2-doc,
# tree-puzzle-doc. pdfinfo could not read four PDFs (libjaula-doc's two 6-byte files,
# liggghts-doc's colvars-refman-lammps and snakemake-doc's empty fig1), which do not qualify.
# Producers: pdfTeX (30 files, 1.40.3 to 1.40.24; Creator "LaTeX with hyperref" 25, of them
# which does not tell hand-written LaTeX from Sphinx or other generators; "TeX" 4, likely
# Texinfo; DBLaTeX 0.3.12 2, DocBook; Beamer 1; KOMA-Script 1), Apache FOP 0.95 (2, db5.3-doc's DocBook), dvipdfm 20211117 (2, mpich-doc),
# LibreOffice 4.4 and 7.4 (3: w1retap Writer, WinFF.en Writer, WinFF.es Draw) and GPL
# Ghostscript 9.55.0 (1, ecasound-doc). No Doxygen or groff output qualified under the rule.
# Judging by the file names only, WinFF.es.pdf is likely in Spanish and
# blockwise-watersheds-slides.pdf slides (Beamer); column layout was not recorded.
#
# The packages are downloaded with `apt-get download` (about 92 MB in all, most of it
# openms-doc: run `apt-get update` first on a fresh machine) and unpacked with dpkg-deb;
# nothing is installed. Only the listed files are kept, under the names in the first column
# (the package name without its -doc or -docs, then the file name), with a MANIFEST.tsv (name,
# package, version, path in package, pages, producer, outline entries, sha256; the sha256 is
# that of the gunzipped file). Pages and producer need pdfinfo (poppler-utils), outline
# entries mutool (mupdf-tools); without them those columns stay empty. The checksums are
# verified at the end.
#
# Usage: scripts/fetch_pdf_holdout15.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout15)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout15}

# The versions the set was chosen from (Debian 12 "bookworm", with bookworm-updates and
# bookworm-security); if one is no longer available, the cached or current one is used and a
# warning is printed. linuxdoc-tools is an amd64 package (the PDF does not depend on the
# architecture); the others are "all".
declare -A version=(
  [backup-manager-doc]=0.7.14-1.3
  [db5.3-doc]=5.3.28+dfsg2-1
  [debdelta-doc]=0.67
  [dynare-doc]=5.3-1
  [ebumeter-doc]=0.4.2-2
  [ecasound-doc]=2.9.3-4
  [flann-doc]=1.9.2+dfsg-1+deb12u1
  [genometools-doc]=1.6.2+ds-3
  [gm-assistant-doc]=1.2.4-1
  [kannel-docs]=1.4.5-12
  [krb5-doc]=1.20.1-2+deb12u5
  [libcanl-c-doc]=3.0.0-4
  [libgl2ps-doc]=1.4.2+dfsg1-2
  [libgraphite2-doc]=1.3.14-1+deb12u1
  [libidn2-doc]=2.3.3-1
  [libmatio-doc]=1.5.23-2+deb12u1
  [libmpfi-doc]=1.5.3+ds-6
  [libu2f-host-doc]=1.1.10-3
  [libvigraimpex-doc]=1.11.1+dfsg-11
  [linuxdoc-tools]=0.9.82-1
  [litl-doc]=0.1.9-13
  [mpich-doc]=4.0.2-3
  [openms-doc]=2.6.0+cleaned1-3
  [python-nitime-doc]=0.9-5
  [python-slepc4py-doc]=3.18.2-1
  [python3-pyx-doc]=0.16-1
  [pytidylib-doc]=0.3.2~dfsg-7
  [qprint-doc]=1.1.dfsg.2-2.1
  [rsplib-doc]=3.4.4-1
  [sagetex-doc]=3.6.1+ds-1
  [sdpb-doc]=1.0-4
  [surf-alggeo-doc]=1.0.6+ds-6
  [tcl-doc]=8.6.13
  [w1retap-doc]=1.4.6-1.1
  [winff-doc]=1.5.5-9
)

# name <TAB> package <TAB> path inside the package
list='
backup-manager-user-guide.pdf	backup-manager-doc	usr/share/doc/backup-manager-doc/user-guide.pdf.gz
db5.3-InMemoryDBApplication.pdf	db5.3-doc	usr/share/doc/db5.3-doc/articles/inmemory/C/InMemoryDBApplication.pdf.gz
db5.3-BDB-Porting-Guide.pdf	db5.3-doc	usr/share/doc/db5.3-doc/porting/BDB-Porting-Guide.pdf.gz
debdelta-debdelta_suite.pdf	debdelta-doc	usr/share/doc/debdelta-doc/debdelta_suite.pdf
dynare-bvar-a-la-sims.pdf	dynare-doc	usr/share/doc/dynare/bvar-a-la-sims.pdf.gz
ebumeter-loudness-meter.pdf	ebumeter-doc	usr/share/doc/ebumeter-doc/loudness-meter.pdf.gz
ecasound-ecasound_users_guide.pdf	ecasound-doc	usr/share/doc/ecasound/ecasound_users_guide.pdf.gz
flann-manual.pdf	flann-doc	usr/share/doc/flann-doc/manual.pdf
genometools-devguide.pdf	genometools-doc	usr/share/doc/genometools/devguide.pdf.gz
gm-assistant-userguide_en.pdf	gm-assistant-doc	usr/share/doc/gm-assistant/pdf/userguide_en.pdf.gz
kannel-wtls.pdf	kannel-docs	usr/share/doc/kannel-docs/wtls/wtls.pdf.gz
krb5-basic.pdf	krb5-doc	usr/share/doc/krb5-doc/basic.pdf.gz
libcanl-c-canl.pdf	libcanl-c-doc	usr/share/doc/libcanl-c-dev/canl.pdf.gz
libgl2ps-gl2ps.pdf	libgl2ps-doc	usr/share/doc/libgl2ps-dev/gl2ps.pdf.gz
libgraphite2-manual.pdf	libgraphite2-doc	usr/share/doc/libgraphite2-dev/manual.pdf.gz
libidn2-libidn2.pdf	libidn2-doc	usr/share/doc/libidn2-doc/libidn2.pdf
libmatio-matio_user_guide.pdf	libmatio-doc	usr/share/doc/libmatio-dev/matio_user_guide.pdf
libmpfi-mpfi.pdf	libmpfi-doc	usr/share/doc/libmpfi-doc/mpfi.pdf
libu2f-host-u2f-host.pdf	libu2f-host-doc	usr/share/doc/libu2f-host-dev/u2f-host.pdf
libvigraimpex-blockwise-watersheds-slides.pdf	libvigraimpex-doc	usr/share/doc/libvigraimpex-dev/html/documents/blockwise-watersheds-slides.pdf.gz
linuxdoc-tools-guide.pdf	linuxdoc-tools	usr/share/doc/linuxdoc-tools/guide.pdf
litl-user_manual.pdf	litl-doc	usr/share/doc/litl-doc/user_manual.pdf.gz
mpich-install.pdf	mpich-doc	usr/share/doc/mpich/install.pdf.gz
mpich-user.pdf	mpich-doc	usr/share/doc/mpich/user.pdf.gz
openms-OpenMS_tutorial.pdf	openms-doc	usr/share/doc/openms/tutorials/OpenMS_tutorial.pdf.gz
python-nitime-Scipy2009Nitime.pdf	python-nitime-doc	usr/share/doc/python-nitime-doc/html/_static/Scipy2009Nitime.pdf.gz
python-slepc4py-slepc4py.pdf	python-slepc4py-doc	usr/share/doc/python-slepc4py-doc/slepc4py.pdf
python3-pyx-pyxfaq.pdf	python3-pyx-doc	usr/share/doc/python3-pyx/pyxfaq.pdf
pytidylib-pytidylib.pdf	pytidylib-doc	usr/share/doc/python3-tidylib/pytidylib.pdf
qprint-qprint.pdf	qprint-doc	usr/share/doc/qprint-doc/qprint.pdf.gz
rsplib-Handbook.pdf	rsplib-doc	usr/share/doc/rsplib/Handbook.pdf.gz
sagetex-example.pdf	sagetex-doc	usr/share/doc/sagetex/examples/example.pdf
sdpb-SDPB-Manual.pdf	sdpb-doc	usr/share/doc/sdpb-doc/SDPB-Manual.pdf.gz
surf-alggeo-surf-alggeo.pdf	surf-alggeo-doc	usr/share/doc/surf-alggeo/surf-alggeo.pdf
tcl-tcltk-policy.pdf	tcl-doc	usr/share/doc/tcl-doc/tcltk-policy.pdf
w1retap-w1retap.pdf	w1retap-doc	usr/share/doc/w1retap/w1retap.pdf.gz
winff-WinFF.en.pdf	winff-doc	usr/share/doc/winff/WinFF.en.pdf.gz
winff-WinFF.es.pdf	winff-doc	usr/share/doc/winff/WinFF.es.pdf.gz
'

# SHA-256 of each stored (gunzipped) file, as chosen.
sums='
bfba56ef15b01430d7f4779b70feec029dc2e9aa85cbd91348e1da223f3e287e  backup-manager-user-guide.pdf
6282059f1ebcc99b816b65cc46119e3edf336f882f96b1f7d581b36ef4474cb0  db5.3-InMemoryDBApplication.pdf
e393a031238a40514988ab14c28a2c1ab06b6f8114799406a95879aa094b66c1  db5.3-BDB-Porting-Guide.pdf
9d3591a743ca1f4bf0bc065c1faccb23f13524c79b4a3f7d58c430ae5ef07f81  debdelta-debdelta_suite.pdf
de59a682ccafea6ee04eaec5efe1f645aab0b58b954002382229aa557182ed8f  dynare-bvar-a-la-sims.pdf
c3854c55c3ad9e05d2be0ca4815453343ae3154f25c89f4312cebf638bff07a4  ebumeter-loudness-meter.pdf
8587b57d33e82c6048cd8349f436b54c3d5bbb8b449b0b7b5d4e169eec187894  ecasound-ecasound_users_guide.pdf
b6aa03b117fefee93cad035b0cdfdebf707a70c9b0d98748f5eed873b4432e9d  flann-manual.pdf
e47121dc04ebed5ca0cc5413944fa72947bdf99c4f9f3fa40370950075672e78  genometools-devguide.pdf
a41fe80740f9846bf7054241a9e07bdd33ce95405456b86bdc3c198e58bb1a3f  gm-assistant-userguide_en.pdf
fdc065280887becfb761c620fcdd85d81c8431e3b9a351fa24fd36ab00c9aa2c  kannel-wtls.pdf
e1683bbdb415e3cf1a68a6e888b3f1edd8fb6cce84740dc3449282e18ebe48c2  krb5-basic.pdf
07e46dd97ca8ae37b6bb10dbe56fffe05ece55b7b29950c6fa432cc8f2206be3  libcanl-c-canl.pdf
557e1d6e8f99e8076168e4c629d80b834a1781ede0b90e7a28aba964e728a25e  libgl2ps-gl2ps.pdf
51d4576f1e030be5812de6c84b8ae30b6b1cbaa92a6706a07489458f1fad73f9  libgraphite2-manual.pdf
0c1fb6ffacd204fa15f5c049daa062a91e48d58d437d5a2b944d0e8124c26877  libidn2-libidn2.pdf
d759801856562510d9907c912e8768af52ff863c218b4f6aa04a296e4876c156  libmatio-matio_user_guide.pdf
584f2124516bafbd0b2153c4c6a5d3f8f9e6ecf9bdbccab912d9af3e4d4f2c63  libmpfi-mpfi.pdf
7765266e50ba4b446f4783186e98ba33e22f514f1b2c447b33e6a8f1075ac39b  libu2f-host-u2f-host.pdf
c2f422911716494bec26c48591574268f80a655b7ad8e7950ed153d154cce10b  libvigraimpex-blockwise-watersheds-slides.pdf
ba940bd950489c97d4b1149135d8a6b46693cd0bbc0b0cd77d25c34d7c2c566e  linuxdoc-tools-guide.pdf
542b74b557e88a6627157dfc289b4e13d5d49234a380d553ec1adeeccde52c86  litl-user_manual.pdf
fe53b540edde86f75ce22bcbf894462e4b9d9740117615476c280e2b4b50066f  mpich-install.pdf
24ce6e8294a8e49f263c1d4ba73ab6b981491c540980ea1173b8cc83aeda0f5c  mpich-user.pdf
e04ce389531d52ef744c5406a8d749f357656e21b02a52b081b9f3c4fd225d7d  openms-OpenMS_tutorial.pdf
42a4494172e5caa3d93746d8e2d25aa513bb5bd542e40035487911d8321c9922  python-nitime-Scipy2009Nitime.pdf
e61ab6ce147f1aa7af8e37c2f32689ad2a9be6010fc59548ca4d07f1bcfe47d8  python-slepc4py-slepc4py.pdf
5cf6709fe2de1667b77a9326edbe662a1a612ff4deda0dbb9b433ee12d1f9e1d  python3-pyx-pyxfaq.pdf
e7a0b87bfc239af6d61badcfb0ff700fea382b41038be87cb97d40ba9fc7445b  pytidylib-pytidylib.pdf
ce9844c3dd70e4ac3d8303fb2173d6e50250d1750152d44ecd2b43d093c06ca1  qprint-qprint.pdf
26c273b7d5550021059266903c22c99c7c435f9221500776355c44917b57a9be  rsplib-Handbook.pdf
5e4da7eaa00b572ba8d39724202291b1167b650da6d00db294dcb79d199bb89e  sagetex-example.pdf
4aae891936240ee37cef9f9f8debd0d0bb180cf9ed70f78396c6068af80de962  sdpb-SDPB-Manual.pdf
3c1cdbe926fe5a9d1b99d2a5e5369796f11811bc170d5db9c0806b576fbd5dbf  surf-alggeo-surf-alggeo.pdf
a305bad17108f0f859a422b37fddf2fc474d4d35a7d684e84ef00693f97efb06  tcl-tcltk-policy.pdf
be7bfff0570487e3d0c9e339f664f0b8769285fe340391ca66efdd5c533f480c  w1retap-w1retap.pdf
bd76be5096fde59863a866a5c2e671bc4de62a94e6e133e8d1bfe7109932d18c  winff-WinFF.en.pdf
1ee7f86fcbb1de355501054523e88947abef424f3d48446b0625ae09243a8207  winff-WinFF.es.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 15 (TEST)" "$dest"
(cd "$dest" && printf '%s\n' "$sums" | grep . | sha256sum --quiet -c -) ||
  { echo "hold-out set 15: SHA-256 mismatch (see above)" >&2; exit 1; }
echo "hold-out set 15: all $(printf '%s\n' "$sums" | grep -c .) checksums match"
