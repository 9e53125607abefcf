#!/usr/bin/env bash
# Indexes datasets/sample with the release binary, then has pyarrow and DuckDB read every table
# and check it against the source files (tests/interop/check_index.py), and runs `validate`.
# Usage: scripts/interop.sh DOCSWEEP_BIN VENV_DIR
set -euo pipefail
bin=${1:?usage: interop.sh DOCSWEEP_BIN VENV_DIR}
venv=${2:?usage: interop.sh DOCSWEEP_BIN VENV_DIR}
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" index "$root/datasets/sample" -o "$work/index" --quiet
"$bin" validate "$work/index" > "$work/validate.txt" || { cat "$work/validate.txt"; exit 1; }
tail -n 1 "$work/validate.txt"
files=$(find "$root/datasets/sample" -type f | wc -l)
"$venv/bin/python" "$root/tests/interop/check_index.py" --index "$work/index" --corpus "$root/datasets/sample" --expect-files "$files"
