#!/usr/bin/env bash
# Creates (or refreshes) the Python venv with pyarrow, DuckDB and xxhash used by the
# interoperability checks and the demo query. Usage: scripts/setup_venv.sh VENV_DIR
set -euo pipefail
venv=${1:?usage: setup_venv.sh VENV_DIR}
req="$(dirname "$0")/../tests/interop/requirements.txt"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
# Reinstall only when the pinned requirements changed.
stamp="$venv/.requirements"
if ! cmp -s "$req" "$stamp" 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  cp "$req" "$stamp"
fi
