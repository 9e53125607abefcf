#!/usr/bin/env bash
# Checks the release binary against independent oracles:
# - every real documentation page in tests/data/html against the HTML oracle
#   (tests/interop/check_html.py: outline, code blocks, tables, no navigation as headings);
# - every real text document in tests/data/text against its gold (tests/interop/check_text.py:
#   heading recall, spurious headings per 20 pages, page furniture, hyphenation);
# - indexes datasets/sample, runs `validate`, then has pyarrow and DuckDB read every table and
#   check it against the source files (tests/interop/check_index.py);
# - makes a plan of the sample with 7 shards and checks it with pyarrow and DuckDB
#   (tests/interop/check_plan.py);
# - writes the sample's Markdown files in UTF-16, UTF-32 and windows-1252, indexes them and checks
#   the same way (tests/interop/make_encoded.py);
# - edits a copy of the sample as a night does (tests/interop/nightly_edit.py), indexes it with
#   --previous, diffs the two indexes in small windows and checks the diff with pyarrow and
#   DuckDB against both indexes (tests/interop/check_diff.py).
# Usage: scripts/interop.sh DOCSWEEP_BIN VENV_DIR
set -euo pipefail
bin=${1:?usage: interop.sh DOCSWEEP_BIN VENV_DIR}
venv=${2:?usage: interop.sh DOCSWEEP_BIN VENV_DIR}
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" "$root/tests/interop/check_html.py" --all "$root/tests/data/html" "$bin" > "$work/html.txt" \
  || { cat "$work/html.txt"; exit 1; }
tail -n 1 "$work/html.txt"
"$venv/bin/python" "$root/tests/interop/check_text.py" --all "$root/tests/data/text" "$bin" > "$work/text.txt" \
  || { cat "$work/text.txt"; exit 1; }
tail -n 1 "$work/text.txt"
"$bin" index "$root/datasets/sample" -o "$work/index" --quiet
"$bin" validate "$work/index" > "$work/validate.txt" || { cat "$work/validate.txt"; exit 1; }
tail -n 1 "$work/validate.txt"
files=$(find "$root/datasets/sample" -type f | wc -l)
"$venv/bin/python" "$root/tests/interop/check_index.py" --index "$work/index" --corpus "$root/datasets/sample" --expect-files "$files"
# The sample's Markdown files again in UTF-16, UTF-32 and windows-1252: read, their encoding
# named, every text and source span checked in the files' own bytes (tests/interop/make_encoded.py).
"$venv/bin/python" "$root/tests/interop/make_encoded.py" "$root/datasets/sample" "$work/encoded/corpus"
"$bin" index "$work/encoded/corpus" -o "$work/encoded/index" --quiet
"$bin" validate "$work/encoded/index" > "$work/validate.txt" || { cat "$work/validate.txt"; exit 1; }
"$venv/bin/python" "$root/tests/interop/make_encoded.py" --check "$work/encoded/index" "$work/encoded/corpus"
"$venv/bin/python" "$root/tests/interop/check_index.py" --index "$work/encoded/index" --corpus "$work/encoded/corpus" \
  --expect-files "$(find "$work/encoded/corpus" -type f | wc -l)"
# A plan of the sample corpus, read back by pyarrow and DuckDB (tests/interop/check_plan.py).
"$bin" plan "$root/datasets/sample" -o "$work/plan.parquet" --shards 7 --quiet
"$venv/bin/python" "$root/tests/interop/check_plan.py" --plan "$work/plan.parquet" --corpus "$root/datasets/sample"
# A nightly edit of the sample, indexed with --previous, diffed in windows of 64 units and
# checked against both indexes (tests/interop/check_diff.py).
"$venv/bin/python" "$root/tests/interop/nightly_edit.py" "$root/datasets/sample" "$work/edited"
"$bin" index "$work/edited" -o "$work/index2" --quiet --previous "$work/index"
printf '[diff]\nwindow_units = 64\n' > "$work/diff.toml"
"$bin" diff "$work/index" "$work/index2" -o "$work/diff" --config "$work/diff.toml" > /dev/null
"$venv/bin/python" "$root/tests/interop/check_diff.py" --old "$work/index" --new "$work/index2" \
  --diff "$work/diff"
