#!/usr/bin/env bash
# The Spark driver against `docsweep index`: a standalone Spark master and one worker (2 cores)
# on 127.0.0.1, datasets/sample in 8 shards; the committed index must have the index_hash of
# `docsweep index`. Installs requirements-spark.txt into VENV_DIR when needed; needs Java 17.
# Usage: scripts/cluster/test_spark.sh DOCSWEEP_BIN VENV_DIR
source "$(dirname "$0")/test_lib.sh"
"$here/setup_venv.sh" spark "$venv"
export PATH="$venv/bin:$PATH" SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON="$venv/bin/python"
SPARK_HOME=$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export SPARK_HOME

master=spark://127.0.0.1:$(free_port)
started master.log "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.master.Master \
  --host 127.0.0.1 --port "${master##*:}" --webui-port "$(free_port)"
started worker.log "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker \
  --host 127.0.0.1 --cores 2 --memory 2g --webui-port "$(free_port)" --work-dir "$work/spark" "$master"
wait_for_line worker.log "Successfully registered with master" 120

reference "$root/datasets/sample" ref
python "$here/spark_driver.py" --scheduler "$master" --bin "$bin" --corpus "$root/datasets/sample" \
  --shards 8 --retries 2 --work "$work/sample.work" -o "$work/sample" > "$work/sample.out" \
  2> "$work/sample.err" || { cat "$work/sample.err" >&2; fail "the Spark driver failed on datasets/sample"; }
same_hash "datasets/sample, 8 shards on a Spark worker" sample.out
echo "$name: OK: Spark commits the index docsweep index writes"
