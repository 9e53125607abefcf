#!/usr/bin/env bash
# bench_peers.sh - MB/s of docsweep and of the Python chunkers users would otherwise pick
# (LangChain, chonkie, semantic-text-splitter, LlamaIndex), on the same corpus in the same run,
# with the ratio docsweep/peer at 1 and 2 threads. Details of what is measured and how files
# and settings were chosen: the header of scripts/bench_peers.py.
#
# Usage: scripts/bench_peers.sh [--json] [--budget SECONDS] [CORPUS]
#   CORPUS   default ${DOCSWEEP_CACHE:-~/.cache/docsweep}/bench-corpus, built by
#            scripts/fetch_bench_corpus.sh when missing
#   --json   print the report as JSON instead of the table (progress goes to stderr)
#   --budget a peer projected to need longer than this on the whole corpus (default 600 s)
#            is timed on every k-th file instead
# Environment: DOCSWEEP_PEERS_VENV (default /var/tmp/docsweep-peers-venv), CARGO_TARGET_DIR
# (default /var/tmp/docsweep-target), DOCSWEEP_CACHE (default ~/.cache/docsweep).
# Needs python3 and cargo, and PyPI to set up the venv; no peer downloads anything at run time
# (the benchmark blocks their network). Exits 0 when peers cannot run; they are reported.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
cache=${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}
venv=${DOCSWEEP_PEERS_VENV:-/var/tmp/docsweep-peers-venv}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/var/tmp/docsweep-target}
# The peers and the versions measured; change a pin here to measure another version.
pins=(tiktoken==0.14.0 langchain-text-splitters==1.1.3 chonkie==1.7.0
      semantic-text-splitter==0.33.1 llama-index-core==0.14.25)

log() { echo "bench_peers: $*" >&2; }

args=() corpus=""
while [ $# -gt 0 ]; do
  case $1 in
    --budget) [ $# -ge 2 ] || { echo "--budget wants a number of seconds" >&2; exit 2; }
              args+=("$1" "$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    -*) args+=("$1"); shift ;;
    *) corpus=$1; shift ;;
  esac
done
if [ -z "$corpus" ]; then
  corpus=$cache/bench-corpus
  [ -d "$corpus" ] || "$here/fetch_bench_corpus.sh" --mb 40 >&2
fi
[ -d "$corpus" ] || { echo "corpus $corpus is not a folder" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# docsweep, and the cl100k_base vocabulary it embeds in tiktoken's file format.
log "building docsweep (release) in $CARGO_TARGET_DIR"
(cd "$root" && cargo build --release --quiet >&2)
(cd "$root" && cargo run --release --quiet --example export_tiktoken \
  -- "$work/cl100k_base.tiktoken" >&2)

# The peers' venv. A package that does not install is recorded (package TAB reason) and the
# peers that need it are reported as not run; the reinstall is skipped while the pins match.
errors=$work/install-errors
: > "$errors"
stamp=$venv/.bench-peers-pins
if [ ! -x "$venv/bin/python" ] && ! out=$(python3 -m venv "$venv" 2>&1); then
  printf 'venv\tpython3 -m venv failed: %s\n' "$(tail -n1 <<<"$out")" >> "$errors"
elif [ "$(cat "$stamp" 2>/dev/null)" != "${pins[*]}" ]; then
  log "installing ${pins[*]} into $venv"
  pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
  if "${pip[@]}" "${pins[@]}" >&2 2>"$work/pip.log"; then
    echo "${pins[*]}" > "$stamp"
  else  # one at a time, to tell which ones fail
    for pin in "${pins[@]}"; do
      if ! "${pip[@]}" "$pin" >&2 2>"$work/pip.log"; then
        why=$(grep -E '^ERROR' "$work/pip.log" | head -n1 | sed 's/ (from versions:.*//')
        why=${why:-$(tail -n1 "$work/pip.log")}
        printf '%s\t%s\n' "${pin%%==*}" "${why:0:200}" >> "$errors"
      fi
    done
  fi
fi

python3 "$here/bench_peers.py" "${args[@]}" \
  --docsweep "$CARGO_TARGET_DIR/release/docsweep" \
  --venv-python "$venv/bin/python" \
  --vocab "$work/cl100k_base.tiktoken" \
  --cache-dir "$cache/tiktoken" \
  --install-errors "$errors" \
  "$corpus"
