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


_SCAN_CHUNK = 32        # elements per chunk of a block scan
_SCAN_DIRECT = 64       # rows this short are scanned directly


def _block_scan(fold, combine, identity):
    """A scan as a block scan, in data-parallel steps.

    Torch-MLIR lowers aten.cumsum/cumprod to tm_tensor.scan, an op of its own
    TMTensor dialect that upstream MLIR does not define, and linalg has no
    scan, so the import decomposes them into reductions linalg does have.
    The row is cut into chunks of B: (1) each chunk's inclusive scan as B
    masked folds of its own elements (y[c, b] = fold over b' <= b of
    x[c, b']), (2) the scan of the chunks' totals, the same way, recursively
    (a row of at most 64 is scanned directly), shifted by one chunk, (3)
    each chunk's scan combined with what comes before it. Every element is
    read B times from a chunk in cache, against log2(n) passes over memory
    for a Hillis-Steele chain of shifted steps.
    """
    import torch.nn.functional as F

    def masked_fold(x, keep):
        # y[..., i] = fold over j <= i of x[..., j]: one reduction op.
        pos = torch.arange(x.shape[-1], device=x.device)
        upto = pos.unsqueeze(1) >= pos.unsqueeze(0)
        return fold(torch.where(upto, x.unsqueeze(-2), keep), -1)

    def scan_last(x, keep, widen=lambda t: t, narrow=lambda t: t):
        # widen/narrow: the conversions to and from the scan's type, applied
        # after the cut and before the join so that they fuse into the first
        # and the last step.
        n = x.shape[-1]
        if n <= _SCAN_DIRECT:
            return narrow(masked_fold(widen(x), keep))
        c = -(-n // _SCAN_CHUNK)
        if c * _SCAN_CHUNK != n:
            x = F.pad(x, [0, c * _SCAN_CHUNK - n], value=identity)
        chunks = widen(x.reshape(*x.shape[:-1], c, _SCAN_CHUNK))
        return narrow(scan_chunks(chunks, keep)).reshape(*x.shape[:-1], c * _SCAN_CHUNK)[..., :n]

    def scan_chunks(chunks, keep):
        within = masked_fold(chunks, keep)
        before = scan_last(within[..., -1], keep)
        before = F.pad(before[..., :-1], [1, 0], value=identity)
        return combine(within, before.unsqueeze(-1))

    def scan(x, dim, dtype=None):
        if dtype is not None:
            x = x.to(dtype)
        if x.dim() == 0:
            return x.clone()
        out_dtype = x.dtype
        # In f64: a sum in a different order than a sequential fp32 scan
        # would drift from it by more than 1e-4 at n = 32768; f64 keeps the
        # result as exact as the output type allows.
        wide = torch.float64 if x.is_floating_point() else x.dtype
        keep = torch.full((), identity, dtype=wide, device=x.device)
        y = scan_last(x.movedim(dim % x.dim(), -1), keep,
                      widen=lambda t: t.to(wide), narrow=lambda t: t.to(out_dtype))
        return y.movedim(-1, dim % y.dim())
    return scan


def decompositions():
    """Torch-MLIR's decomposition table plus ks's scans (see _block_scan)."""
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    table = dict(get_decomposition_table())
    table[torch.ops.aten.cumsum.default] = _block_scan(torch.sum, torch.add, 0.0)
    table[torch.ops.aten.cumprod.default] = _block_scan(torch.prod, torch.mul, 1.0)
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
