# docsweep: the few targets a newcomer needs. Each is a one-liner over cargo and scripts/.
# Build products live outside the clone (CARGO_TARGET_DIR) so CI and reruns reuse them.

export CARGO_TARGET_DIR ?= /var/tmp/docsweep-target
VENV ?= /var/tmp/docsweep-venv
BIN := $(CARGO_TARGET_DIR)/release/docsweep
OUT ?= out/sample-index

.PHONY: setup build demo test interop bench bench-peers clean

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

## test: unit + whole-run tests, then pyarrow/DuckDB read the sample index and check it
test: setup
	cargo test --release --locked
	scripts/interop.sh $(BIN) $(VENV)

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
