# docsweep: the few targets a newcomer needs. Each is a one-liner over cargo and scripts/.
# Build products live outside the clone (CARGO_TARGET_DIR) so CI and reruns reuse them.

export CARGO_TARGET_DIR ?= /var/tmp/docsweep-target
VENV ?= /var/tmp/docsweep-venv
BIN := $(CARGO_TARGET_DIR)/release/docsweep
OUT ?= out/sample-index

DASK_VENV ?= /var/tmp/docsweep-dask-venv
RAY_VENV ?= /var/tmp/docsweep-ray-venv
SPARK_VENV ?= /var/tmp/docsweep-spark-venv
.PHONY: setup build demo test interop cluster-test bench bench-peers clean

## setup: build the release binary and the Python venv used by the interoperability checks
setup: build
	scripts/setup_venv.sh $(VENV)

build:
	scripts/setup_system.sh
	cargo build --release --locked

## demo: index the bundled sample corpus, validate it, and query it with DuckDB
demo: build
	$(BIN) index datasets/sample -o $(OUT)
	$(BIN) validate $(OUT)
	$(VENV)/bin/python scripts/query_demo.py $(OUT)

## test: unit + whole-run tests, pyarrow/DuckDB read the sample index and check it, and a
## loopback Dask cluster commits the index a single run writes (scripts/cluster/test_dask.sh)
test: setup
	cargo test --release --locked
	scripts/interop.sh $(BIN) $(VENV)
	scripts/cluster/test_dask.sh $(BIN) $(DASK_VENV)

## cluster-test: the heavier engines on loopback: Ray (two nodes) and Spark standalone (Java 17)
cluster-test: build
	scripts/cluster/test_ray.sh $(BIN) $(RAY_VENV)
	scripts/cluster/test_spark.sh $(BIN) $(SPARK_VENV)

interop: build
	scripts/interop.sh $(BIN) $(VENV)

## bench: MB/s at 1 and 2 threads and peak RSS on a Markdown corpus (see scripts/bench_index.sh)
bench: build
	scripts/bench_index.sh $(BIN)

## bench-peers: docsweep against LangChain, chonkie, semantic-text-splitter and LlamaIndex (own venv)
bench-peers: build
	scripts/bench_peers.sh

clean:
	rm -rf out
