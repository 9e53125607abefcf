#!/usr/bin/env bash
# Fetch the second hold-out set of real PDFs for docsweep's heading detector: 15 files from
# Debian 12 packages that neither tests/data/pdf/real/ (texlive-latex-base-doc,
# texlive-latex-recommended-doc, texlive-metapost-doc, texlive-science-doc, groff) nor the
# first hold-out set (scripts/fetch_pdf_holdout.sh: texlive-publishers-doc,
# texlive-latex-extra-doc, texlive-pictures-doc) draws on. Chosen only by outline, page count,
# size, producer and column layout, never by reading their text: every file has an outline
# of at least 5 entries, 3 to 60 pages and at most 3 MB. Five are two-column
# (latex-doc-ptr, svg-inkscape, wargame-tutorial-game, librarian-doc, symbats3); producers
# are pdfTeX, LuaTeX, xdvipdfmx, Ghostscript (direct and via dvips), Acrobat Distiller,
# VTeX and cairo.
#
# The packages are downloaded with `apt-get download` (about 580 MB in all: run
# `apt-get update` first on a fresh machine) and unpacked with dpkg-deb; nothing is
# installed. Only the listed files are kept, under the names in the first column, with a
# MANIFEST.tsv (name, package, version, path in package, pages, producer, outline entries,
# sha256). Pages and producer need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty.
#
# Usage: scripts/fetch_pdf_holdout2.sh [DEST]    (default /var/tmp/docsweep-pdf-holdout2)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest=${1:-/var/tmp/docsweep-pdf-holdout2}

# Package versions the set was chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the current one is used and a warning is printed.
declare -A version=(
  [texlive-lang-english]=2022.20230122-1
  [texlive-lang-german]=2022.20230122-1
  [texlive-games]=2022.20230122-4
  [texlive-plain-generic]=2022.20230122-4
  [texlive-fonts-extra-doc]=2022.20230122-4
  [texlive-bibtex-extra]=2022.20230122-4
  [texlive-music]=2022.20230122-4
  [texlive-humanities-doc]=2022.20230122-4
  [texlive-xetex]=2022.20230122-3
)

# name <TAB> package <TAB> path inside the package
list='
latex-doc-ptr.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/latex-doc-ptr/latex-doc-ptr.pdf
svg-inkscape-InkscapePDFLaTeX.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/svg-inkscape/InkscapePDFLaTeX.pdf
tex-overview.pdf	texlive-lang-english	usr/share/doc/texlive-doc/latex/tex-overview/tex-overview.pdf
wargame-tutorial-game.pdf	texlive-games	usr/share/doc/texlive-doc/latex/wargame/tutorial/game.pdf
librarian-doc.pdf	texlive-plain-generic	usr/share/doc/texlive-doc/generic/librarian/librarian-doc.pdf
symbats3.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/fonts/symbats3/symbats3.pdf
charissil-features.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/fonts/charissil/features.pdf
cmbright.pdf	texlive-fonts-extra-doc	usr/share/doc/texlive-doc/latex/cmbright/cmbright.pdf
harvard.pdf	texlive-bibtex-extra	usr/share/doc/texlive-doc/latex/harvard/harvard.pdf
sbl-paper.pdf	texlive-bibtex-extra	usr/share/doc/texlive-doc/latex/biblatex-sbl/sbl-paper.pdf
pmx298.pdf	texlive-music	usr/share/doc/texlive-doc/generic/pmx/pmx298.pdf
screenplay.pdf	texlive-humanities-doc	usr/share/doc/texlive-doc/latex/screenplay/screenplay.pdf
font-change-xetex.pdf	texlive-xetex	usr/share/doc/texlive-doc/xetex/font-change-xetex/font-change-xetex.pdf
simple-thesis-dissertation.pdf	texlive-xetex	usr/share/doc/texlive-doc/xelatex/simple-thesis-dissertation/Thesis.pdf
ArsClassica-de.pdf	texlive-lang-german	usr/share/doc/texlive-doc/latex/translation-arsclassica-de/ArsClassica-de.pdf
'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=${DEB_CACHE:-/var/tmp/docsweep-debs}
mkdir -p "$cache" "$dest"

# The .deb to use for a package: the pinned version if the cache has it, else any version.
deb_of() {
  local pkg=$1 f=$cache/${1}_${version[$1]}_all.deb
  if [ -f "$f" ]; then echo "$f"; else ls "$cache/${pkg}_"*.deb | head -n 1; fi
}

packages=$(printf '%s\n' "$list" | awk -F'\t' 'NF == 3 {print $2}' | sort -u)
for pkg in $packages; do
  if ! ls "$cache/${pkg}_"*.deb >/dev/null 2>&1; then
    echo "downloading $pkg" >&2
    if ! (cd "$cache" && apt-get download -q "$pkg=${version[$pkg]}" >/dev/null); then
      echo "warning: $pkg=${version[$pkg]} not available, using the current version" >&2
      (cd "$cache" && apt-get download -q "$pkg" >/dev/null)
    fi
  fi
done

# One pass over each package's archive, extracting only the listed members.
mkdir -p "$work/x"
for pkg in $packages; do
  deb=$(deb_of "$pkg")
  mapfile -t members < <(printf '%s\n' "$list" | awk -F'\t' -v p="$pkg" 'NF == 3 && $2 == p {print "./" $3}')
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/x" "${members[@]}"
done

manifest=$dest/MANIFEST.tsv
printf 'name\tpackage\tversion\tpath\tpages\tproducer\toutline_entries\tsha256\n' >"$manifest"
printf '%s\n' "$list" | awk -F'\t' 'NF == 3' | while IFS=$'\t' read -r name pkg path; do
  deb=$(deb_of "$pkg")
  ver=$(dpkg-deb -f "$deb" Version)
  install -m 644 "$work/x/$path" "$dest/$name"
  pages=; producer=; outline=
  if command -v pdfinfo >/dev/null; then
    pages=$(pdfinfo "$dest/$name" 2>/dev/null | awk '/^Pages:/{print $2}')
    producer=$(pdfinfo "$dest/$name" 2>/dev/null | sed -n 's/^Producer: *//p')
  fi
  if command -v mutool >/dev/null; then
    # One line per outline item; mutool may warn on stderr about repaired outline trees.
    outline=$(mutool show "$dest/$name" outline 2>/dev/null | grep -c . || true)
  fi
  sum=$(sha256sum "$dest/$name" | cut -d' ' -f1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$ver" "$path" "$pages" "$producer" "$outline" "$sum" >>"$manifest"
done
echo "hold-out set 2: $(($(wc -l <"$manifest") - 1)) PDFs in $dest (see $manifest)"
