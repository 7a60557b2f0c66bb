#!/usr/bin/env bash
# Builds the multi-call binary `ks` (ks-opt, ks-run, ks-load-ptx) with MLIR
# and LLVM linked statically, strips it and packs dist/ks-bundle.tar.xz with
# one link per tool: runs on any x86-64 Linux with glibc >= 2.36 (Debian 12,
# Ubuntu 24.04), no MLIR or LLVM installed.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh --static ks

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/ks/bin"
strip -o "$stage/ks/bin/ks" build-static/bin/ks
for tool in ks-opt ks-run ks-load-ptx; do
  ln -s ks "$stage/ks/bin/$tool"
done
git rev-parse HEAD > "$stage/ks/REVISION" 2>/dev/null || echo unknown > "$stage/ks/REVISION"
mkdir -p dist
tar -C "$stage" -cf - ks | xz -T0 -9 > dist/ks-bundle.tar.xz.tmp
mv dist/ks-bundle.tar.xz.tmp dist/ks-bundle.tar.xz
echo "make-bundle: dist/ks-bundle.tar.xz, $(du -m dist/ks-bundle.tar.xz | cut -f1) MB ($(stat -c %s dist/ks-bundle.tar.xz) bytes)"
