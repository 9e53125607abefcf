#!/usr/bin/env bash
# Throughput of `docsweep index` on a Markdown corpus at 1 and 2 threads, with peak RSS.
# Usage: [INCLUDE=GLOB] scripts/bench_index.sh DOCSWEEP_BIN [CORPUS]
# CORPUS defaults to the benchmark corpus that scripts/fetch_bench_corpus.sh builds (40 MB);
# INCLUDE limits the run to matching files (e.g. INCLUDE='**/*.html').
set -euo pipefail
bin=${1:?usage: bench_index.sh DOCSWEEP_BIN [CORPUS]}
corpus=${2:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/bench-corpus}
if [ ! -d "$corpus" ]; then
  "$(dirname "$0")/fetch_bench_corpus.sh" --mb 40
fi
include=()
if [ -n "${INCLUDE:-}" ]; then include=(--include "$INCLUDE"); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "corpus: $corpus ($(du -sm "$corpus" | cut -f1) MB on disk, $(find "$corpus" -type f | wc -l) files)"
# One warm-up run so that both measured runs read from the page cache.
"$bin" index "$corpus" -o "$work/warm" --quiet "${include[@]}"
printf '%-8s %10s %10s %12s %10s\n' threads seconds MB/s docs chunks
for t in 1 2; do
  /usr/bin/time -f '%M' -o "$work/rss-$t" "$bin" index "$corpus" -o "$work/idx-$t" --threads "$t" --json "${include[@]}" > "$work/sum-$t.json"
  python3 - "$work/sum-$t.json" "$work/rss-$t" "$t" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); rss_kb = int(open(sys.argv[2]).read().split()[-1])
print(f"{sys.argv[3]:<8} {s['seconds']:10.2f} {s['mb_per_s']:10.1f} {s['documents']:12d} {s['chunks']:10d}   peak RSS {rss_kb/1024:.0f} MiB   index_hash {s['index_hash']}")
PY
done
