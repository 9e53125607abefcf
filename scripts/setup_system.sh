#!/usr/bin/env bash
# Installs the system packages docsweep's build needs when they are missing: libclang (the
# bundled MuPDF behind the default `pdf` feature is bound with bindgen). Debian/Ubuntu only;
# elsewhere it says what to install. Builds without PDF support need none of this:
# `cargo build --release --no-default-features`.
set -euo pipefail
# libclang itself (libclang.so, libclang-14.so.1), not its C++ sibling libclang-cpp, which
# other packages pull in alone and which bindgen cannot load.
have_libclang() {
  ldconfig -p 2>/dev/null | grep -Eq 'libclang(-[0-9.]+)?\.so' ||
    compgen -G '/usr/lib/llvm-*/lib/libclang.so*' >/dev/null ||
    compgen -G '/usr/lib/llvm-*/lib/libclang-[0-9]*.so*' >/dev/null
}
if have_libclang; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "docsweep: the PDF extractor needs libclang to build (package libclang-dev or clang);" >&2
  echo "install it, or build without PDF support: cargo build --release --no-default-features" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || {
    echo "docsweep: run 'apt-get install libclang-dev' as root (needed to build the PDF extractor)" >&2
    exit 1
  }
  sudo="sudo"
fi
echo "docsweep: installing libclang-dev (needed to build the bundled MuPDF)" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libclang-dev >/dev/null
