#!/usr/bin/env bash
# The Ray driver against `docsweep index`: a Ray head on 127.0.0.2 and a second node on
# 127.0.0.3 (one CPU each, so the shards are spread over both), datasets/sample in 8 shards; the
# committed index must have the index_hash of `docsweep index`. Installs requirements-ray.txt
# into VENV_DIR when needed. The nodes run with --block and are stopped by PID on exit.
# Usage: scripts/cluster/test_ray.sh DOCSWEEP_BIN VENV_DIR
source "$(dirname "$0")/test_lib.sh"
"$here/setup_venv.sh" ray "$venv"
# A test cluster on loopback: no usage report, no token (a token file in ~/.ray would turn it on).
export PATH="$venv/bin:$PATH" RAY_USAGE_STATS_ENABLED=0 RAY_AUTH_MODE=disabled

head=127.0.0.2:$(free_port)
started head.log ray start --block --head --node-ip-address 127.0.0.2 --port "${head##*:}" \
  --num-cpus 1 --include-dashboard false --disable-usage-stats --temp-dir "$work/ray" \
  --dashboard-agent-listen-port "$(free_port)"
wait_for_line head.log "Ray runtime started" 90
started node.log ray start --block --address "$head" --node-ip-address 127.0.0.3 --num-cpus 1 \
  --dashboard-agent-listen-port "$(free_port)"
wait_for_line node.log "Ray runtime started" 90

reference "$root/datasets/sample" ref
python "$here/ray_driver.py" --scheduler "$head" --bin "$bin" --corpus "$root/datasets/sample" \
  --shards 8 --retries 2 --work "$work/sample.work" -o "$work/sample" > "$work/sample.out" \
  || fail "the Ray driver failed on datasets/sample"
same_hash "datasets/sample, 8 shards on 2 Ray nodes" sample.out
echo "$name: OK: Ray commits the index docsweep index writes"
