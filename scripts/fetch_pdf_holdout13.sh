#!/usr/bin/env bash
# Fetch the thirteenth hold-out set of real PDFs for docsweep's heading detector, a DEV set: 4
# Erlang/OTP manuals (96 pages) from erlang-doc, the package three files of hold-out set 4 come
# from (asn1, compiler and crypto, which stay held out). Set 4's totals showed a depth problem
# (395 of its 508 matched headings within one level) that no dev set had; this set is the same
# generator (erl_docgen through Apache FOP 2.8) on other manuals, to find it without reading
# set 4's files.
#
# The files were picked mechanically, never by reading their text: the PDFs of erlang-doc with
# an outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 60 pages
# (pdfinfo) and at most 3,000,000 bytes, minus the three of set 4, in byte order of their path;
# the first four. The next ones would be erl_docgen, erl_interface, et, eunit, ftp, inets,
# jinterface, observer, odbc, os_mon, parsetools, public_key, reltool, runtime_tools, sasl,
# tftp and xmerl (not looked at).
#
# The package is downloaded with `apt-get download` (about 30 MB: run `apt-get update` first
# on a fresh machine) and unpacked with dpkg-deb; nothing is installed. Only the listed files
# are kept, under the names in the first column, with a MANIFEST.tsv (name, package, version,
# path in package, pages, producer, outline entries, sha256). Pages and producer need pdfinfo
# (poppler-utils), outline entries mutool (mupdf-tools); without them those columns stay
# empty. The checksums are verified at the end.
#
# Usage: scripts/fetch_pdf_holdout13.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout13)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout13}

# The version the set was chosen from (Debian 12 "bookworm"); if it is no longer available,
# the cached or current one is used and a warning is printed.
declare -A version=(
  [erlang-doc]=1:25.2.3+dfsg-1+deb12u4
)

# name <TAB> package <TAB> path inside the package
list='
erlang-debugger-5.3.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/debugger-5.3/doc/pdf/debugger-5.3.pdf
erlang-dialyzer-5.0.4.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/dialyzer-5.0.4/doc/pdf/dialyzer-5.0.4.pdf
erlang-edoc-1.2.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/edoc-1.2/doc/pdf/edoc-1.2.pdf
erlang-eldap-1.2.10.pdf	erlang-doc	usr/share/doc/erlang-doc/lib/eldap-1.2.10/doc/pdf/eldap-1.2.10.pdf
'

# SHA-256 of each stored file, as chosen.
sums='
4a85545727cf458c66ea3d20686e115680b60700aafd356d7f07979f4ecf5111  erlang-debugger-5.3.pdf
4273ff4e7b5246ed7983b29916db2c19ed8b4327a9ce1cebdcef943138ef3d02  erlang-dialyzer-5.0.4.pdf
ea5d8307403cb19d92c8a53810e23a6a9413389b4fcc7ae09998060c85e6bbaa  erlang-edoc-1.2.pdf
6488a416257331e39ba73976eeccfdec5ba9d3e86beccd0fa6c6c93501e26ea0  erlang-eldap-1.2.10.pdf
'

# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
fetch_debian_pdfs "hold-out set 13 (DEV)" "$dest"
(cd "$dest" && printf '%s\n' "$sums" | grep . | sha256sum --quiet -c -) ||
  { echo "hold-out set 13: SHA-256 mismatch (see above)" >&2; exit 1; }
echo "hold-out set 13: all $(printf '%s\n' "$sums" | grep -c .) checksums match"
