"""Indexes a corpus with docsweep on a Spark cluster: plan, one task per shard, commit.

    spark-submit --master spark://HOST:7077 spark_driver.py --bin /opt/docsweep \
        --corpus /shared/docs --work /shared/docsweep-work -o /shared/index --shards 64
    python spark_driver.py --scheduler spark://HOST:7077 ...   (the same without spark-submit)

Without --scheduler (or a master given by spark-submit) Spark runs locally. The corpus, --work
and the binary must be at the same paths on every worker. A shard is tried 1 + --retries times
(spark.task.maxFailures). Prints the index_hash and the wall time as JSON on its last line.
"""
import time

import pyspark.cloudpickle
from pyspark import SparkConf, SparkContext

import common


def main():
    args = common.parse_args(__doc__, "spark://HOST:PORT of a Spark master (default: local)")
    started = time.monotonic()
    pyspark.cloudpickle.register_pickle_by_value(common)
    n = common.plan(args.bin, args.corpus, args.plan, args.shards, args.run, args.previous)

    def run_shard(shard):  # defined here so that it is pickled by value, with args
        return common.run_shard(args.bin, args.plan, args.run, args.threads_per_shard, shard)

    conf = SparkConf().setAppName("docsweep").set("spark.task.maxFailures", str(args.retries + 1))
    conf.set("spark.task.cpus", str(args.threads_per_shard))
    if args.scheduler:
        conf.setMaster(args.scheduler)
    elif not conf.contains("spark.master"):
        conf.setMaster(f"local[*,{args.retries + 1}]")  # local mode ignores maxFailures
    sc = SparkContext(conf=conf)
    sc.setLogLevel("WARN")
    sc.parallelize(range(n), n).map(run_shard).collect()
    sc.stop()
    common.report("spark", args, n, common.commit(args.bin, args.plan, args.run, args.output), started)


if __name__ == "__main__":
    main()
