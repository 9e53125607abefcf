# shellcheck shell=bash disable=SC2034  # sets variables for the test that sources it
# Sourced by test_dask.sh, test_ray.sh and test_spark.sh: arguments, venv, a temporary work
# folder and the processes a test starts, all removed or stopped on exit.
# Sets: bin, venv, here (this folder), root (the repository), work; defines the helpers below.
set -euo pipefail
bin=$(realpath "${1:?usage: $0 DOCSWEEP_BIN VENV_DIR}")
venv=${2:?usage: $0 DOCSWEEP_BIN VENV_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
name=$(basename "$0" .sh)
work=$(mktemp -d)
pids=()
declare -A pid_of  # log file name -> PID of the process writing it

cleanup() {  # newest first (drivers, then workers, then schedulers); SIGKILL after 10 s
  local i p
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "$name: FAIL: $*" >&2; exit 1; }

# started LOG CMD...: runs CMD in the background with its output in $work/LOG and records its
# PID (also in $last_pid) for cleanup.
started() {
  local log=$1; shift
  "$@" > "$work/$log" 2>&1 &
  last_pid=$!
  pids+=("$last_pid")
  pid_of[$log]=$last_pid
}

# wait_for_line LOG TEXT SECONDS: until the log shows TEXT; fails after SECONDS or when the
# process writing it has ended.
wait_for_line() {
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    grep -q -- "$2" "$work/$1" 2>/dev/null && return 0
    kill -0 "${pid_of[$1]}" 2>/dev/null || break
    sleep 0.1
  done
  cat "$work/$1" >&2
  fail "no '$2' in $1"
}

free_port() {
  "$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# field FILE KEY: KEY of the JSON object that is FILE (docsweep --json) or its last line (drivers).
field() {
  "$venv/bin/python" -c '
import json, sys
text = open(sys.argv[1]).read().strip()
try:
    print(json.loads(text)[sys.argv[2]])
except ValueError:
    print(json.loads(text.splitlines()[-1])[sys.argv[2]])' "$1" "$2" || { cat "$1" >&2; fail "no $2 in $1"; }
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# reference CORPUS OUT: indexes CORPUS on this machine with `docsweep index`; sets ref_hash, ref_s.
reference() {
  local t0
  t0=$(now)
  "$bin" index "$1" -o "$work/$2" --quiet --json > "$work/$2.json" || fail "docsweep index $1 failed"
  ref_s=$(since "$t0")
  ref_hash=$(field "$work/$2.json" index_hash)
}

# same_hash WHAT DRIVER_OUT: compares the driver's committed index_hash with ref_hash, and has
# `docsweep validate` check the committed index.
same_hash() {
  local got
  got=$(field "$work/$2" index_hash)
  echo "$name: $1: docsweep index $ref_hash in ${ref_s}s; driver $got in $(field "$work/$2" wall_s)s"
  [ "$got" = "$ref_hash" ] || fail "$1: index_hash $got from the driver, $ref_hash from docsweep index"
  "$bin" validate "$(field "$work/$2" index)" > "$work/validate.txt" \
    || { cat "$work/validate.txt" >&2; fail "$1: docsweep validate failed on the committed index"; }
}
