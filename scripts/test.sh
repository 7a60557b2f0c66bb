#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every lit test
# (GPU tests are skipped unless KS_CUDA_GPU=1 on a machine with a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh
set +e
/usr/lib/llvm-22/bin/lit -v build/test 2>&1 | tee build/lit.log
rc=${PIPESTATUS[0]}
set -e
passed=$(grep -cE '^(PASS|XFAIL): ' build/lit.log || true)
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' build/lit.log || true)
skipped=$(grep -cE '^UNSUPPORTED: ' build/lit.log || true)
echo "$passed passed, $failed failed, $skipped skipped"
exit "$rc"
