# Shared by scripts/fetch_pdf_holdout*.sh: fetches the files of `list` (name <TAB> package <TAB>
# path inside the package) from the Debian packages of `version` (package -> pinned version),
# with `apt-get download` into DEB_CACHE (default /var/tmp/docsweep-debs) and `dpkg-deb`,
# nothing installed, and writes them to DEST with a MANIFEST.tsv (name, package, version, path
# in package, pages, producer, outline entries, sha256). Pages and producer need pdfinfo
# (poppler-utils), outline entries mutool (mupdf-tools); without them those columns stay empty.
# Usage, from a script that sets `version` and `list`: fetch_debian_pdfs LABEL DEST

fetch_debian_pdfs() {
  local label=$1 dest=$2
  local work cache packages deb manifest
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
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
  echo "$label: $(($(wc -l <"$manifest") - 1)) PDFs in $dest (see $manifest)"
}
