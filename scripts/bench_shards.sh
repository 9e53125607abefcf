#!/usr/bin/env bash
# What sharding costs on one machine: `docsweep index` against plan + every shard's run (one
# after another, each with all cores) + commit, in one go over the same corpus. The shards'
# runs are the work a cluster spreads over its workers; plan and commit are what stays serial.
# Checks that the committed index has the single run's index_hash.
#
# Usage: scripts/bench_shards.sh BIN CORPUS [SHARDS...]   (default shards: 4 16 64)
set -euo pipefail
bin=${1:?usage: bench_shards.sh BIN CORPUS [SHARDS...]}
corpus=${2:?usage: bench_shards.sh BIN CORPUS [SHARDS...]}
shift 2
shards=("$@")
[ ${#shards[@]} -gt 0 ] || shards=(4 16 64)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.2f}')"; }

bytes=$(du -sb "$corpus" | cut -f1)
t0=$(now)
ref=$("$bin" index "$corpus" -o "$work/ref" --quiet --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["index_hash"])')
t1=$(now)
single=$(secs "$t0" "$t1")
echo "corpus $corpus: $bytes bytes; index: ${single}s, index_hash $ref"
printf '%7s %8s %10s %9s %9s %12s %14s\n' shards plan_s runs_s commit_s total_s "total/index" "rows_reencoded"
for n in "${shards[@]}"; do
  rm -rf "$work/p" && mkdir -p "$work/p"
  a=$(now)
  "$bin" plan "$corpus" -o "$work/p/plan.parquet" --shards "$n" --quiet
  b=$(now)
  for ((i = 0; i < n; i++)); do
    "$bin" run --plan "$work/p/plan.parquet" --shard "$i" --quiet
  done
  c=$(now)
  got=$("$bin" commit --plan "$work/p/plan.parquet" -o "$work/p/index" --json)
  d=$(now)
  hash=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["index_hash"])' "$got")
  reenc=$(python3 -c 'import json,sys; s=json.loads(sys.argv[1])["sharded"]; r=s["rows_reencoded"]; print("%d/%d" % (r, r + s["rows_copied"]))' "$got")
  if [ "$hash" != "$ref" ]; then
    echo "MISMATCH: $n shards committed $hash, index wrote $ref" >&2
    exit 1
  fi
  printf '%7s %8s %10s %9s %9s %12s %14s\n' "$n" "$(secs "$a" "$b")" "$(secs "$b" "$c")" \
    "$(secs "$c" "$d")" "$(secs "$a" "$d")" \
    "$(python3 -c "print(f'{($d - $a) / ($t1 - $t0):.2f}')")" "$reenc"
done
echo "every commit has the single run's index_hash"
