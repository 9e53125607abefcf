#!/usr/bin/env bash
# Fetch the fourteenth hold-out set of real PDFs for docsweep's heading detector, a DEV set: 8
# files (81 pages) from simh and xorg-docs, the packages two files of hold-out set 11 come from
# (simh's advmonsys.pdf and xorg-docs' License.pdf, which stay held out). Set 11 is the set of
# real PDFs not made by TeX that no rule was tuned on, and its precision (0.642) is the lowest
# of the held-out sets; this set is other documents of two of its producers: Word documents
# through Acrobat Distiller 6 (simh) and DocBook through Apache FOP 2.5 (xorg-docs).
#
# The files were picked mechanically, never by reading their text: the package's PDFs (plain
# or gzipped) with an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to
# 60 pages (pdfinfo) and at most 3,000,000 bytes, minus the file of set 11, in byte order of
# their path (LC_ALL=C); the first four of each package. Left for later (not looked at):
# simh_faq, simh_swre and ucode_bugs; xorg-docs' XKB-Config, XKB-Enhancing, analysis, appgroup,
# ctext, fonts, lbxalg, secint and xlfd.
#
# The packages are downloaded with `apt-get download` (about 3 MB: run `apt-get update` first
# on a fresh machine) and unpacked with dpkg-deb; nothing is installed. Only the listed files
# are kept, under the names in the first column, with a MANIFEST.tsv (name, package, version,
# path in package, pages, producer, outline entries, sha256; the sha256 is that of the
# gunzipped file). Pages and producer need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty. The checksums are verified at the end.
#
# Usage: scripts/fetch_pdf_holdout14.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout14)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout14}

# The versions the set was chosen from (Debian 12 "bookworm"); if one is no longer available,
# the cached or current one is used and a warning is printed. simh is an amd64 package (the
# PDFs do not depend on the architecture).
declare -A version=(
  [simh]=3.8.1-6.1
  [xorg-docs]=1:1.7.1-1.2
)

# name <TAB> package <TAB> path inside the package
list='
simh-architecture18b.pdf	simh	usr/share/doc/simh/architecture18b.pdf
simh-massbusmystery.pdf	simh	usr/share/doc/simh/massbusmystery.pdf
simh-pdp11interrupts.pdf	simh	usr/share/doc/simh/pdp11interrupts.pdf
simh-simh_breakpoints.pdf	simh	usr/share/doc/simh/simh_breakpoints.pdf
xorg-docs-README.pdf	xorg-docs	usr/share/doc/xorg-docs/README.pdf.gz
xorg-docs-ReleaseNotes.pdf	xorg-docs	usr/share/doc/xorg-docs/ReleaseNotes.pdf.gz
xorg-docs-Versions.pdf	xorg-docs	usr/share/doc/xorg-docs/Versions.pdf.gz
xorg-docs-XACE-Spec.pdf	xorg-docs	usr/share/doc/xorg-docs/Xserver/XACE-Spec.pdf.gz
'

# SHA-256 of each stored (gunzipped) file, as chosen.
sums='
e7a90695b1dca20d114b5b21a70fc5e9850e9703350535eec69523546c4ff7cb  simh-architecture18b.pdf
d9ff05b7db97f854e26acaf62fdd6b12e209af8af483076ca3fe0fab00eb9b93  simh-massbusmystery.pdf
bc97c3a1cd90bc59b09dd6d5ef0e203f4b92e38709f1cd23ba1fc87149634394  simh-pdp11interrupts.pdf
8b5300eb543dfcfbe90abf2474c7f5eacaede6ecdda45116771bc0b899915d34  simh-simh_breakpoints.pdf
97d2ce5f6bc95e3b404f0efd153b36a35674bd9c569c0ca8e7b5b9dfcb9ca66d  xorg-docs-README.pdf
7c64ad6a0bf17470439cbb87f999e4a8301820b2480357cf67bb1d09d109a639  xorg-docs-ReleaseNotes.pdf
a39bae8153c7cc24c0794b805dc965f42ececc5787603511c279f2dd927d5759  xorg-docs-Versions.pdf
c74bb1d09a087a7b44ea2ee7f8babb7b4bc34d22b65bc0b2a7e364472e49a48f  xorg-docs-XACE-Spec.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 14 (DEV)" "$dest"
(cd "$dest" && printf '%s\n' "$sums" | grep . | sha256sum --quiet -c -) ||
  { echo "hold-out set 14: SHA-256 mismatch (see above)" >&2; exit 1; }
echo "hold-out set 14: all $(printf '%s\n' "$sums" | grep -c .) checksums match"
