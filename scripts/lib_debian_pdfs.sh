# Shared by scripts/fetch_pdf_holdout*.sh: fetches the files of `list` (name <TAB> package <TAB>
# path inside the package) from the Debian packages of `version` (package -> pinned version),
# with `apt-get download` into DEB_CACHE (default /var/tmp/docsweep-debs) and `dpkg-deb`,
# nothing installed, and writes them to DEST with a MANIFEST.tsv (name, package, version, path
# in package, pages, producer, outline entries, sha256; with a third argument `creator`, the
# Creator after the producer). Members ending in .gz are stored gunzipped (the sha256 is that of
# the stored file). Pages, producer and creator need pdfinfo (poppler-utils), outline entries
# mutool (mupdf-tools); without them those columns stay empty.
# Usage, from a script that sets `version` and `list`: fetch_debian_pdfs LABEL DEST [creator]

fetch_debian_pdfs() {
  local label=$1 dest=$2 with_creator=${3:-}
  local work cache packages pkg deb ver f want
  work=$(mktemp -d)
  trap 'rm -rf "$work"; trap - RETURN' RETURN
  cache=${DEB_CACHE:-/var/tmp/docsweep-debs}
  mkdir -p "$cache" "$dest"

  # The .deb to use for a package: the pinned version if the cache has it, else any version
  # (a .deb file name writes an epoch's ":" as "%3a").
  deb_of() {
    local v=${version[$1]//:/%3a} f
    for f in "$cache/${1}_${v}_"*.deb; do [ -f "$f" ] && { echo "$f"; return; }; done
    ls "$cache/${1}_"*.deb | head -n 1
  }

  packages=$(printf '%s\n' "$list" | awk -F'\t' 'NF == 3 {print $2}' | sort -u)
  for pkg in $packages; do
    want="$cache/${pkg}_${version[$pkg]//:/%3a}_"
    if ! ls "$want"*.deb >/dev/null 2>&1; then
      echo "downloading $pkg" >&2
      if ! (cd "$cache" && apt-get download -q "$pkg=${version[$pkg]}" >/dev/null); then
        if ls "$cache/${pkg}_"*.deb >/dev/null 2>&1; then
          echo "warning: $pkg=${version[$pkg]} not available, using the cached $(basename "$(deb_of "$pkg")")" >&2
        else
          echo "warning: $pkg=${version[$pkg]} not available, using the current version" >&2
          (cd "$cache" && apt-get download -q "$pkg" >/dev/null)
        fi
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
  if [ "$with_creator" = creator ]; then
    printf 'name\tpackage\tversion\tpath\tpages\tproducer\tcreator\toutline_entries\tsha256\n' >"$manifest"
  else
    printf 'name\tpackage\tversion\tpath\tpages\tproducer\toutline_entries\tsha256\n' >"$manifest"
  fi
  printf '%s\n' "$list" | awk -F'\t' 'NF == 3' | while IFS=$'\t' read -r name pkg path; do
    deb=$(deb_of "$pkg")
    ver=$(dpkg-deb -f "$deb" Version)
    f=$dest/$name
    case $path in
      *.gz) gunzip -c "$work/x/$path" >"$f"; chmod 644 "$f" ;;
      *) install -m 644 "$work/x/$path" "$f" ;;
    esac
    pages=; producer=; creator=; outline=
    if command -v pdfinfo >/dev/null; then
      pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}')
      producer=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Producer: *//p' | tr '\t' ' ')
      creator=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Creator: *//p' | tr '\t' ' ')
    fi
    if command -v mutool >/dev/null; then
      # One line per outline item; mutool may warn on stderr about repaired outline trees.
      outline=$(mutool show "$f" outline 2>/dev/null | grep -c . || true)
    fi
    sum=$(sha256sum "$f" | cut -d' ' -f1)
    if [ "$with_creator" = creator ]; then
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$ver" "$path" "$pages" "$producer" "$creator" "$outline" "$sum" >>"$manifest"
    else
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pkg" "$ver" "$path" "$pages" "$producer" "$outline" "$sum" >>"$manifest"
    fi
  done
  echo "$label: $(($(wc -l <"$manifest") - 1)) PDFs in $dest (see $manifest)"
}

# Checks the files of DIR against SUMS (lines of `sha256  name`, as sha256sum writes them) and
# says so under LABEL; exits on a mismatch.
# Usage: verify_sums LABEL DIR SUMS
verify_sums() {
  local label=$1 dir=$2 sums=$3
  (cd "$dir" && printf '%s\n' "$sums" | grep . | sha256sum --quiet -c -) ||
    { echo "$label: SHA-256 mismatch (see above)" >&2; exit 1; }
  echo "$label: all $(printf '%s\n' "$sums" | grep -c .) checksums match"
}

# Fetches both halves of a set whose file lists are in `list_dev` and `list_test` and whose
# checksums are in `sums_dev` and `sums_test`, into DEST/dev and DEST/test.
# Usage: fetch_halves LABEL DEST
fetch_halves() {
  local half list_var sums_var
  for half in dev test; do
    list_var=list_$half sums_var=sums_$half
    list=${!list_var}
    fetch_debian_pdfs "$1, $half half" "$2/$half"
    verify_sums "$1, $half half" "$2/$half" "${!sums_var}"
  done
}
