#!/bin/sh
# Rebuild PDF set 18 (dev/ and test/) from the Debian packages: ../fetch.sh with this folder's
# manifest and split.
# usage: sh fetch.sh [WORKDIR]   (default: ~/.cache/docsweep/pdf-source-gold-18)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SET=$HERE exec sh "$HERE/../fetch.sh" "${1:-${DOCSWEEP_CACHE:-$HOME/.cache/docsweep}/pdf-source-gold-18}"
