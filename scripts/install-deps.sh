#!/usr/bin/env bash
# Installs what building and testing ks needs, from Debian's packages.
# Idempotent: does nothing when everything is there. The CUDA toolkit (ptxas,
# libdevice) is expected at /usr/local/cuda or $CUDA_HOME; it is not in the
# registries, and tests that need ptxas are skipped without it.
set -euo pipefail

packages=(cmake ninja-build g++ python3 xz-utils
          llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
          libzstd-dev zlib1g-dev libffi-dev nlohmann-json3-dev libgtest-dev
          libcurl4-openssl-dev libsqlite3-dev
          chromium valgrind)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# python3-venv: the PyTorch frontend's packages live in .venv.
if ! python3 -c "import ensurepip, venv" 2>/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends python3-venv
fi
"$(dirname "$0")/install-python.sh"

if [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" ] || command -v ptxas >/dev/null; then
  :
else
  echo "install-deps: note: no CUDA toolkit found (ptxas); PTX verification tests will be skipped" >&2
fi
