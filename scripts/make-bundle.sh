#!/usr/bin/env bash
# Builds libKernelSkill.so with MLIR and LLVM linked in statically (the
# passes, the runtime, the C API ksrt.h and the tools' entry points) and the
# multi-call binary `ks` on top of it, strips both and packs
# dist/ks-bundle.tar.xz with a link per tool (ks-opt, ks-run, ks-load-ptx):
# runs on any x86-64 Linux with glibc >= 2.36 (Debian 12, Ubuntu 24.04) and
# no MLIR or LLVM installed.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh --static ks

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/ks/bin" "$stage/ks/lib" "$stage/ks/include"
strip -o "$stage/ks/bin/ks" build-static/bin/ks
strip -o "$stage/ks/lib/libKernelSkill.so" build-static/lib/libKernelSkill.so
cp include/ks/Driver/ksrt.h "$stage/ks/include/"
# The skill library travels as data: ks-opt finds it at bin/../skills.
cp -r skills "$stage/ks/skills"
for tool in ks-opt ks-run ks-load-ptx ks-tune; do
  ln -s ks "$stage/ks/bin/$tool"
done
# A bundle built from uncommitted changes says so (-dirty).
git describe --always --dirty --abbrev=40 > "$stage/ks/REVISION" 2>/dev/null || echo unknown > "$stage/ks/REVISION"
mkdir -p dist
tar -C "$stage" -cf - ks | xz -T0 -9 > dist/ks-bundle.tar.xz.tmp
mv dist/ks-bundle.tar.xz.tmp dist/ks-bundle.tar.xz
echo "make-bundle: dist/ks-bundle.tar.xz, $(du -m dist/ks-bundle.tar.xz | cut -f1) MB ($(stat -c %s dist/ks-bundle.tar.xz) bytes)"

# The PyTorch package as a wheel carrying this bundle's ks (setup.py copies
# it from KS_TORCH_BUNDLE): `pip install dist/ks_torch-*.whl` on a machine
# with torch and torch-mlir, no build needed.
rm -f dist/ks_torch-*.whl
KS_TORCH_BUNDLE="$stage/ks" .venv/bin/python -m pip wheel --no-deps -q -w dist . ||
  { echo "make-bundle: building the ks-torch wheel failed (pip wheel: see above)" >&2; exit 1; }
echo "make-bundle: $(ls dist/ks_torch-*.whl), $(du -m dist/ks_torch-*.whl | cut -f1) MB"
