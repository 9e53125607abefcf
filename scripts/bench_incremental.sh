#!/usr/bin/env bash
# A nightly rerun: a full index of a copy of CORPUS, then 1 % of its documents edited (a
# sentence appended to every 100th document in name order: files docsweep reads by their
# extension, or without one; an edited image or script would be skipped again at no cost),
# then both a full run and an
# `--previous` run over the edited copy. Prints both wall times, their ratio, and checks that
# both runs wrote the same index_hash. Then times `docsweep diff` of the two indexes.
# Usage: [TRUST_MTIME=1] scripts/bench_incremental.sh DOCSWEEP_BIN [CORPUS] [THREADS]
# (TRUST_MTIME=1 adds --trust-mtime to the --previous run.)
# CORPUS defaults to the benchmark corpus of scripts/fetch_bench_corpus.sh.
set -euo pipefail
bin=${1:?usage: bench_incremental.sh DOCSWEEP_BIN [CORPUS] [THREADS]}
corpus=${2:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/bench-corpus}
threads=${3:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$corpus" "$work/c"
files=$(find "$work/c" -type f | wc -l)
echo "corpus: $corpus ($files files, $(du -sm "$work/c" | cut -f1) MB), --threads $threads"
"$bin" index "$work/c" -o "$work/old" --quiet --threads "$threads"
edited=0
while IFS= read -r f; do
  printf '\n\nA sentence added by the nightly edit.\n' >> "$f"
  edited=$((edited + 1))
done < <(find "$work/c" -type f | sort |
  grep -E '(/[^/.]+|[^/]\.(md|markdown|mdown|mkdown|mkd|mkdn|mdwn|mdx|rmd|qmd|livemd|ronn|txt|text|rst|adoc|asciidoc|org|html|htm|xhtml|pdf))$' |
  awk 'NR % 100 == 0')
echo "edited: $edited documents"
secs() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["seconds"], s["index_hash"])' "$1"; }
# Warm the page cache for both runs alike.
"$bin" index "$work/c" -o "$work/warm" --quiet --threads "$threads"
"$bin" index "$work/c" -o "$work/full" --quiet --json --threads "$threads" > "$work/full.json"
trust=()
if [ -n "${TRUST_MTIME:-}" ]; then trust=(--trust-mtime); fi
"$bin" index "$work/c" -o "$work/incr" --quiet --json --threads "$threads" --previous "$work/old" "${trust[@]}" > "$work/incr.json"
read -r full_s full_h < <(secs "$work/full.json")
read -r incr_s incr_h < <(secs "$work/incr.json")
python3 - "$work/incr.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["previous"]
print(f"reused {p['reused']}, reprocessed {p['reprocessed']}, new {p['new']}, deleted {p['deleted']}")
PY
[ "$full_h" = "$incr_h" ] || { echo "index_hash differs: full $full_h, --previous $incr_h"; exit 1; }
python3 -c "import sys; f,i=map(float,sys.argv[1:]); print(f'full {f:.2f} s, --previous {i:.2f} s, ratio {i/f:.3f} (same index_hash)')" "$full_s" "$incr_s"
start=$(date +%s.%N)
"$bin" diff "$work/old" "$work/incr" -o "$work/diff" --json > "$work/diff.json"
end=$(date +%s.%N)
python3 - "$work/diff.json" "$start" "$end" "$edited" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); wall = float(sys.argv[3]) - float(sys.argv[2]); n = int(sys.argv[4])
print(f"diff: {wall:.2f} s wall for {n} changed documents ({100 * wall / max(n, 1):.2f} s per 100), "
      f"documents {s['documents']}, redirect coverage {s['redirect_coverage']:.4f}")
PY
