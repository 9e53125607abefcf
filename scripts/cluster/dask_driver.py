"""Indexes a corpus with docsweep on a Dask cluster: plan, one task per shard, commit.

    python dask_driver.py --scheduler tcp://HOST:8786 --bin /opt/docsweep --corpus /shared/docs \
        --work /shared/docsweep-work -o /shared/index --shards 64 --retries 2

Without --scheduler a LocalCluster on this machine does the work. The corpus, --work and the
binary must be at the same paths on every worker. Prints the index_hash and the wall time as
JSON on its last line.
"""
import time

import cloudpickle
from distributed import Client, LocalCluster

import common


def main():
    args = common.parse_args(__doc__, "tcp://HOST:PORT of a dask scheduler (default: LocalCluster)")
    started = time.monotonic()
    cloudpickle.register_pickle_by_value(common)
    n = common.plan(args.bin, args.corpus, args.plan, args.shards, args.run, args.previous)

    def run_shard(shard):  # defined here so that it is pickled by value, with args
        return common.run_shard(args.bin, args.plan, args.run, args.threads_per_shard, shard)

    with Client(args.scheduler) if args.scheduler else Client(LocalCluster(threads_per_worker=1)) as client:
        futures = client.map(run_shard, range(n), retries=args.retries, pure=False)
        client.gather(futures)
    common.report("dask", args, n, common.commit(args.bin, args.plan, args.run, args.output), started)


if __name__ == "__main__":
    main()
