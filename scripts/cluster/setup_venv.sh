#!/usr/bin/env bash
# Creates VENV_DIR if needed and installs requirements-KIND.txt into it, again only when that
# file changed since the last install. KIND is dask, ray or spark; one venv may hold all three.
# Usage: scripts/cluster/setup_venv.sh KIND VENV_DIR
set -euo pipefail
kind=${1:?usage: setup_venv.sh dask|ray|spark VENV_DIR}
venv=${2:?usage: setup_venv.sh dask|ray|spark VENV_DIR}
req="$(cd "$(dirname "$0")" && pwd)/requirements-$kind.txt"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
stamp="$venv/.requirements-$kind"
if ! cmp -s "$req" "$stamp" 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  cp "$req" "$stamp"
fi
