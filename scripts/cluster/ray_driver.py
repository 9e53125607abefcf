"""Indexes a corpus with docsweep on a Ray cluster: plan, one task per shard, commit.

    python ray_driver.py --scheduler HEAD:6379 --bin /opt/docsweep --corpus /shared/docs \
        --work /shared/docsweep-work -o /shared/index --shards 64 --retries 2

Without --scheduler Ray starts on this machine (or joins the cluster named by RAY_ADDRESS). The
corpus, --work and the binary must be at the same paths on every node. Each task asks for as
many CPUs as --threads-per-shard. Prints the index_hash and the wall time as JSON on its last line.
"""
import time

import ray
import ray.cloudpickle

import common


def main():
    args = common.parse_args(__doc__, "HOST:PORT of the Ray head (default: RAY_ADDRESS or a local Ray)")
    started = time.monotonic()
    ray.cloudpickle.register_pickle_by_value(common)
    n = common.plan(args.bin, args.corpus, args.plan, args.shards, args.run, args.previous)
    ray.init(address=args.scheduler, logging_level="WARNING", log_to_driver=False)
    # max_retries covers a lost worker or node; retry_exceptions also retries a failed docsweep run.
    run_shard = ray.remote(num_cpus=args.threads_per_shard, max_retries=args.retries,
                           retry_exceptions=True)(common.run_shard)
    ray.get([run_shard.remote(args.bin, args.plan, args.run, args.threads_per_shard, i) for i in range(n)])
    ray.shutdown()
    common.report("ray", args, n, common.commit(args.bin, args.plan, args.run, args.output), started)


if __name__ == "__main__":
    main()
