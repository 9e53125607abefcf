#!/usr/bin/env bash
# The Dask driver against `docsweep index`: a scheduler and two one-thread workers on 127.0.0.1,
# then
#   1. datasets/sample in 8 shards: the committed index must have the reference index_hash;
#   2. a corpus ten times larger in 24 shards, with worker 2 killed (SIGKILL) while a
#      `docsweep run` of its own is running: that child must die with it, the driver must still
#      finish (Dask runs the lost shard again on worker 1) and the index_hash must be the reference.
# Installs requirements-dask.txt into VENV_DIR when needed. Takes about 20 s on 2 cores.
# Usage: scripts/cluster/test_dask.sh DOCSWEEP_BIN VENV_DIR
source "$(dirname "$0")/test_lib.sh"
"$here/setup_venv.sh" dask "$venv"
export PATH="$venv/bin:$PATH"

addr=tcp://127.0.0.1:$(free_port)
started scheduler.log dask scheduler --host 127.0.0.1 --port "${addr##*:}" --no-dashboard
workers=()
for w in 1 2; do
  started "worker$w.log" dask worker "$addr" --host 127.0.0.1 --name "worker$w" --nworkers 1 \
    --nthreads 1 --no-nanny --no-dashboard --local-directory "$work/worker$w"
  workers+=("$last_pid")
done
for w in 1 2; do wait_for_line "worker$w.log" "Registered to" 60; done
driver=(python "$here/dask_driver.py" --scheduler "$addr" --bin "$bin" --retries 2)

# 1. The sample corpus.
reference "$root/datasets/sample" ref
"${driver[@]}" --corpus "$root/datasets/sample" --shards 8 --work "$work/sample.work" -o "$work/sample" \
  > "$work/sample.out" || fail "the Dask driver failed on datasets/sample"
same_hash "datasets/sample, 8 shards" sample.out

# 2. A larger corpus, and worker 2 killed in the middle of a shard.
mkdir "$work/corpus10"
for i in $(seq -w 1 10); do cp -r "$root/datasets/sample" "$work/corpus10/copy$i"; done
reference "$work/corpus10" big-ref
"${driver[@]}" --corpus "$work/corpus10" --shards 24 --work "$work/big.work" -o "$work/big" \
  > "$work/big.out" 2> "$work/big.err" &
drv=$!
pids+=("$drv")
child=""
while kill -0 "$drv" 2>/dev/null; do
  child=$(pgrep -P "${workers[1]}" -f ' run --plan ' | head -n 1 || true)
  [ -z "$child" ] || break
  sleep 0.05
done
[ -n "$child" ] || fail "worker 2 ran no docsweep run before the driver ended; nothing was killed"
running=$(tr '\0' ' ' < "/proc/$child/cmdline" 2>/dev/null || true)
kill -STOP "$child"  # so that it cannot end on its own: only the signal its worker's death sends
kill -9 "${workers[1]}"
wait "${workers[1]}" 2>/dev/null || true  # reaped here, so bash reports no "Killed" later
echo "$name: killed worker 2 (pid ${workers[1]}) while it ran: ${running:-pid $child}"
alive() { [ -e "/proc/$1" ] && [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -c1)" != Z ]; }
for _ in $(seq 50); do alive "$child" || break; sleep 0.1; done
if alive "$child"; then kill -9 "$child"; fail "docsweep run (pid $child) outlived its killed worker"; fi
wait "$drv" || { cat "$work/big.err" >&2; fail "the Dask driver did not finish after worker 2 was killed"; }
same_hash "10 x datasets/sample, 24 shards, worker 2 killed" big.out
echo "$name: OK: Dask commits the index docsweep index writes, also after losing a worker mid-shard"
