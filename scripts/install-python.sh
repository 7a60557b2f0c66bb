#!/usr/bin/env bash
# Installs the PyTorch frontend's packages (python/requirements.txt, from
# PyPI) into .venv. Idempotent: does nothing when they import.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
# The pins, read back from python/requirements.txt.
want=$(grep -E '^(torch|torch-mlir|iree-base-compiler)==' python/requirements.txt | sort | tr '\n' ' ')
if [ -x "$venv/bin/python" ] && have=$("$venv/bin/python" -c "
import importlib.metadata as m, numpy, torch, torch_mlir
print(' '.join(sorted(f'{p}=={m.version(p)}' for p in ('torch', 'torch-mlir', 'iree-base-compiler'))), end=' ')
" 2>/dev/null) && [ "$have" = "$want" ]; then
  exit 0
fi
echo "install-python: installing python/requirements.txt into $venv (PyTorch: a large download)"
# PyTorch with its CUDA libraries takes ~5 GB installed, and pip unpacks and
# caches the wheels besides: say so up front rather than fail half-way with
# ENOSPC and a half-built venv.
need_gb=8
for dir in . "${TMPDIR:-/tmp}" "${PIP_CACHE_DIR:-$HOME/.cache}"; do
  mkdir -p "$dir" 2>/dev/null || true
  free_gb=$(df -Pk "$dir" | awk 'NR == 2 { print int($4 / 1048576) }')
  if [ "$free_gb" -lt "$need_gb" ]; then
    echo "install-python: only $free_gb GB free under $dir; PyTorch's install needs about $need_gb GB" >&2
    exit 1
  fi
done
python3 -m venv "$venv"
# The wheels are large (PyTorch and its CUDA libraries, ~3 GB) and mirrors
# drop connections: pip resumes a cut download, and the whole install is
# tried again (pip keeps what it already fetched in its cache).
# (The venv's own pip predates --resume-retries: upgrade it first.)
"$venv/bin/python" -m pip install -q --retries 10 --upgrade pip
pip_install() {
  "$venv/bin/python" -m pip install -q --retries 10 --resume-retries 20 "$@"
}
for attempt in 1 2 3; do
  if pip_install -r python/requirements.txt; then
    # The cached wheels only served retries; give their space back.
    "$venv/bin/python" -m pip cache purge -q >/dev/null 2>&1 || true
    exit 0
  fi
  echo "install-python: attempt $attempt failed; retrying" >&2
  sleep $((attempt * 15))
done
echo "install-python: could not install python/requirements.txt from PyPI (see pip's messages above)" >&2
rm -rf "$venv"  # a half-installed venv would only confuse the next run
exit 1
