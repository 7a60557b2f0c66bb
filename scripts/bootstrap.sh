#!/usr/bin/env bash
# The newcomer's first command: installs the dependencies, builds ks, and
# compiles the bundled example (a small MLP) to ptxas-verified PTX for sm_90.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
start=$(date +%s)
scripts/build.sh
echo "bootstrap: built in $(( $(date +%s) - start )) s: build/bin/ks-opt, build/lib/KernelSkillPlugin.so"

out=build/example
rm -rf "$out" && mkdir -p "$out"
build/bin/ks-opt examples/mlp.mlir \
  --ks-compile="chip=sm_90 ptx-dir=$out/ptx report=$out/ptxas-report.json print-report=true" \
  -o "$out/mlp.gpu.mlir"
echo "bootstrap: compiled examples/mlp.mlir for sm_90"
echo "  module with host code and verified PTX: $out/mlp.gpu.mlir"
echo "  PTX, one file per kernel:               $out/ptx/"
echo "  ptxas resource report (JSON):           $out/ptxas-report.json"
