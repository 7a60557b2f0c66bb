#!/usr/bin/env bash
# Configures and builds ks into build/ (or, with --static, build-static/ with
# MLIR and LLVM linked statically).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build
flags=()
if [ "${1:-}" = "--static" ]; then
  dir=build-static
  flags+=(-DKS_STATIC_LLVM=ON)
  shift
fi
cmake -G Ninja -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "${flags[@]}" >/dev/null
ninja -C "$dir" "$@"
