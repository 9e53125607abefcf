#!/usr/bin/env bash
# docsweep on Slurm: plans on this node, then submits one array task per shard and a commit job
# that starts only when every task has succeeded (afterok). CORPUS, WORK and the binary must be
# at the same paths on every node (a shared file system).
#
# Usage: scripts/cluster/slurm.sh CORPUS WORK INDEX [SHARDS] [THREADS]
#   SHARDS   default 64 (give many more than nodes: a failed task then costs one small shard)
#   THREADS  threads per shard and --cpus-per-task, default 4
# Environment: DOCSWEEP (the binary, default: docsweep on PATH); extra sbatch options such as
# --partition or --time go in SBATCH_PARTITION, SBATCH_TIMELIMIT and the like, which sbatch reads.
#
# A task that failed leaves the commit pending forever (DependencyNeverSatisfied): rerun that
# shard, which replaces it, and commit by hand:
#   sbatch --array=I --cpus-per-task=THREADS --wrap "docsweep run --plan WORK/plan.parquet --shard-from-env -o WORK/run"
#   docsweep commit --plan WORK/plan.parquet --run WORK/run -o INDEX
set -euo pipefail
corpus=${1:?usage: slurm.sh CORPUS WORK INDEX [SHARDS] [THREADS]}
work=${2:?usage: slurm.sh CORPUS WORK INDEX [SHARDS] [THREADS]}
index=${3:?usage: slurm.sh CORPUS WORK INDEX [SHARDS] [THREADS]}
shards=${4:-64}
threads=${5:-4}
bin=${DOCSWEEP:-docsweep}
mkdir -p "$work/logs"

# 1. Plan here; the plan says how many shards it made.
"$bin" plan "$corpus" -o "$work/plan.parquet" --shards "$shards" --json > "$work/plan.json"
n=$(sed -n 's/.*"shards": *\([0-9][0-9]*\).*/\1/p' "$work/plan.json")
[ -n "$n" ] || { echo "slurm.sh: no shard count in $work/plan.json" >&2; exit 1; }
rm -rf "$work/run"  # shards of an earlier plan would make the commit refuse the folder

# 2. One array task per shard; --shard-from-env reads SLURM_ARRAY_TASK_ID (0..n-1).
run=$(printf '%q ' "$bin" run --plan "$work/plan.parquet" --shard-from-env -o "$work/run" \
  --threads "$threads" --quiet)
array=$(sbatch --parsable --job-name=docsweep-run --array="0-$((n - 1))" \
  --cpus-per-task="$threads" --output="$work/logs/run-%A_%a.out" --wrap="$run")

# 3. The commit, once every task of the array has exited 0.
commit=$(printf '%q ' "$bin" commit --plan "$work/plan.parquet" --run "$work/run" -o "$index" --json)
done_job=$(sbatch --parsable --job-name=docsweep-commit --dependency="afterok:${array%%;*}" \
  --output="$work/logs/commit.out" --wrap="$commit")
echo "slurm.sh: $n shards in array job $array; commit job $done_job writes $index (log: $work/logs/commit.out)"
