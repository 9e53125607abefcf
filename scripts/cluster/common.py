"""Helpers shared by the cluster drivers: run docsweep's plan, run and commit as child processes.

Every driver does the same three steps; only the middle one (one `docsweep run` per shard) is
spread over the cluster. The workers need nothing from this folder: each driver pickles this
module by value, so a worker only needs Python, the docsweep binary and the shared folder.
"""
import argparse
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import time

PR_SET_PDEATHSIG = 1


def _die_with_parent(parent):
    """Runs in the child before exec: the kernel sends it SIGKILL when its parent dies, so a
    killed worker leaves no `docsweep run` behind to race with the retry of its shard."""
    def hook():
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(1)
    return hook


def docsweep(binary, *args):
    """Runs `binary args...` and returns its stdout; raises with its stderr when it fails."""
    cmd = [binary, *map(str, args)]
    p = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=_die_with_parent(os.getpid()))
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def plan(binary, corpus, plan_path, shards, run_dir, previous=None):
    """Writes the work list and empties run_dir (shards of an earlier plan would make the
    commit refuse it); returns the number of shards. With `previous` (an earlier index),
    unchanged documents go to no shard: the commit carries their rows over."""
    extra = ["--previous", previous] if previous else []
    out = docsweep(binary, "plan", corpus, "-o", plan_path, "--shards", shards, *extra,
                   "--json", "--quiet")
    shutil.rmtree(run_dir, ignore_errors=True)
    return int(json.loads(out)["shards"])


def run_shard(binary, plan_path, run_dir, threads, shard):
    """Indexes one shard into run_dir/shard-NNNNN; rerunning it replaces it. Returns the shard."""
    docsweep(binary, "run", "--plan", plan_path, "--shard", shard, "-o", run_dir,
             "--threads", threads, "--quiet")
    return shard


def commit(binary, plan_path, run_dir, index):
    """Merges the finished shards into index; returns docsweep's JSON summary."""
    return json.loads(docsweep(binary, "commit", "--plan", plan_path, "--run", run_dir,
                               "-o", index, "--json", "--quiet"))


def parse_args(description, scheduler_help):
    """The command line every driver takes."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--scheduler", help=scheduler_help)
    ap.add_argument("--bin", default="docsweep", help="docsweep binary, same path on every worker")
    ap.add_argument("--corpus", required=True, help="folder of documents, on a shared volume")
    ap.add_argument("--work", required=True, help="shared folder for plan.parquet and run/")
    ap.add_argument("-o", "--output", required=True, help="index folder to write")
    ap.add_argument("--shards", type=int, default=16)
    ap.add_argument("--retries", type=int, default=2, help="extra tries per shard")
    ap.add_argument("--threads-per-shard", type=int, default=1)
    ap.add_argument("--previous", help="an earlier index of the corpus (the nightly rerun)")
    a = ap.parse_args()
    if os.sep in a.bin:
        a.bin = os.path.abspath(a.bin)
    a.corpus, a.work, a.output = map(os.path.abspath, (a.corpus, a.work, a.output))
    if a.previous:
        a.previous = os.path.abspath(a.previous)
    a.plan = os.path.join(a.work, "plan.parquet")
    a.run = os.path.join(a.work, "run")
    os.makedirs(a.work, exist_ok=True)
    return a


def report(driver, args, shards, summary, started):
    """Prints the result as one JSON line, the last line of the driver's stdout."""
    print(json.dumps({"driver": driver, "index": args.output, "shards": shards,
                      "index_hash": summary["index_hash"],
                      "wall_s": round(time.monotonic() - started, 3)}))
    sys.stdout.flush()
