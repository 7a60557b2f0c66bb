#!/usr/bin/env bash
# Installs the PyTorch frontend's packages (python/requirements.txt, from
# PyPI) into .venv. Idempotent: does nothing when they import.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
# The pins, read back from python/requirements.txt.
want=$(grep -E '^(torch|torch-mlir)==' python/requirements.txt | sort | tr '\n' ' ')
if [ -x "$venv/bin/python" ] && have=$("$venv/bin/python" -c "
import importlib.metadata as m, numpy, torch, torch_mlir
print(' '.join(sorted(f'{p}=={m.version(p)}' for p in ('torch', 'torch-mlir'))), end=' ')
" 2>/dev/null) && [ "$have" = "$want" ]; then
  exit 0
fi
echo "install-python: installing python/requirements.txt into $venv (PyTorch: a large download)"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r python/requirements.txt
