"""Imports a problem through Torch-MLIR's FX importer to linalg-on-tensors.

The model's parameters become leading arguments of the entry function (a
functional wrapper is exported instead of the module), so the MLIR holds no
weights and the harness can pass the eager model's own tensors. The module is
printed in generic op form: Torch-MLIR is built from a newer LLVM than ks,
and the generic form is the one whose syntax does not drift.
"""

import os
import re
import warnings

import torch
import torch.nn as nn

from .manifest import make_manifest, model_state, write_manifest
from .problem import Problem
from .tools import describe_exception, first_error, write_text

ENTRY = "main"

# Dialects of upstream MLIR that linalg-on-tensors output uses; anything else
# (tm_tensor from Torch-MLIR's own TMTensor dialect, leftover torch ops) is
# not parseable by ks's LLVM 22 and is reported as the reason.
UPSTREAM_DIALECTS = {"builtin", "func", "linalg", "tensor", "arith", "math", "cf", "scf",
                     "complex", "bufferization", "ml_program", "sparse_tensor"}
_OP_NAME = re.compile(r'^\s*(?:%[^=]+=\s*)?"([a-z_]+)\.([a-z_.0-9]+)"\(', re.M)


class ImportFailure(Exception):
    """The importer could not handle the problem; the message says why."""


def _row_scan(fold, identity):
    """A scan as a triangular reduction: y[..., k] = fold over j <= k of x[..., j].

    Torch-MLIR lowers aten.cumsum/cumprod to tm_tensor.scan, an op of its own
    TMTensor dialect that upstream MLIR does not define, and linalg has no
    scan. Written as a reduction over a mask of the loop indices, the scan is
    one linalg op in the scan's own type (fused with its mask by
    ks-fuse-elementwise): its seed kernel folds each output's prefix (n^2
    work), and ks's scan skills (scan_rows_warp_sklansky,
    scan_rows_sklansky) turn it into a scan, associated as PyTorch's CUDA
    scan is, so that the results are PyTorch's bit for bit.
    """
    def scan(x, dim, dtype=None):
        if dtype is not None:
            x = x.to(dtype)
        if x.dim() == 0:
            return x.clone()
        rows = x.movedim(dim % x.dim(), -1)
        pos = torch.arange(rows.shape[-1], device=x.device)
        upto = pos.unsqueeze(1) >= pos.unsqueeze(0)
        keep = torch.full((), identity, dtype=x.dtype, device=x.device)
        y = fold(torch.where(upto, rows.unsqueeze(-2), keep), -1)
        return y.movedim(-1, dim % y.dim())
    return scan


def decompositions():
    """Torch-MLIR's decomposition table plus ks's scans (see _row_scan)."""
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    table = dict(get_decomposition_table())
    table[torch.ops.aten.cumsum.default] = _row_scan(torch.sum, 0.0)
    table[torch.ops.aten.cumprod.default] = _row_scan(torch.prod, 1.0)
    return table


class _ParametersAsArguments(nn.Module):
    def __init__(self, model, names):
        super().__init__()
        self.model = model
        self.names = names

    def forward(self, *args):
        n = len(self.names)
        state = dict(zip(self.names, args[:n]))
        return torch.func.functional_call(self.model, state, tuple(args[n:]))


def versions():
    import importlib.metadata as md
    out = {"torch": torch.__version__}
    try:
        out["torch_mlir"] = md.version("torch-mlir")
    except md.PackageNotFoundError:
        out["torch_mlir"] = "unknown"
    return out


def _why_import_failed(e):
    # Torch-MLIR's pass failures carry the diagnostic after a banner line.
    line = first_error(str(e), limit=None)
    return line if "error:" in line else describe_exception(e)


def import_problem(path, out_dir, small=False, input_seed=0):
    """Writes <out_dir>/<stem>.mlir and <stem>.json; returns the manifest."""
    from torch_mlir import fx  # imported late: only the import step needs it

    problem = Problem(path, small=small)
    model = problem.build_model()
    state = model_state(model)
    inputs = problem.make_inputs(input_seed)
    for i, x in enumerate(inputs):
        if not isinstance(x, torch.Tensor):
            raise ImportFailure(f"input {i} is a {type(x).__name__}, not a tensor")
    with torch.no_grad():
        outputs = model(*inputs)
    outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]

    wrapper = _ParametersAsArguments(model, [n for n, _ in state])
    args = [t for _, t in state] + inputs
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = fx.export_and_import(wrapper, *args, output_type="linalg-on-tensors",
                                          func_name=ENTRY, decomposition_table=decompositions())
    except Exception as e:
        raise ImportFailure(_why_import_failed(e)) from e
    text = module.operation.get_asm(print_generic_op_form=True, large_elements_limit=None)
    foreign = sorted({f"{d}.{o}" for d, o in _OP_NAME.findall(text) if d not in UPSTREAM_DIALECTS})
    if foreign:
        raise ImportFailure(
            "Torch-MLIR's linalg-on-tensors output uses " + ", ".join(f"'{n}'" for n in foreign)
            + ", which upstream MLIR (LLVM 22) does not define")

    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(path))[0]
    mlir_file = stem + ".mlir"
    write_text(os.path.join(out_dir, mlir_file), text)
    manifest = make_manifest(problem, mlir_file, ENTRY, state, inputs, outputs, versions())
    write_manifest(os.path.join(out_dir, stem + ".json"), manifest)
    return manifest
