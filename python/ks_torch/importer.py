"""Imports a problem through Torch-MLIR's FX importer to linalg-on-tensors.

A problem file is Python code: importing it executes it (the module, then
get_init_inputs(), Model(...) and get_inputs()), with the importing user's
rights. Import only problem files you trust; `python -m ks_torch import` runs
each in a child process with a time and a memory limit, which contains
mistakes, not malice.

The model's parameters become leading arguments of the entry function (a
functional wrapper is exported instead of the module), so the MLIR holds no
weights and the harness can pass the eager model's own tensors. The module is
printed in generic op form: Torch-MLIR is built from a newer LLVM than ks,
and the generic form is the one whose syntax does not drift.

Nothing runs at the problem's size: the parameters are built for real (the
manifest's hash needs them; they are small), the inputs are fake tensors
(shapes and dtypes, no memory), and the results' shapes and dtypes come from
the exported graph. A full-size problem with gigabytes of inputs imports in
seconds.
"""

import contextlib
import io
import logging
import os
import re
import warnings

import torch
import torch.nn as nn

from .manifest import dtype_name, make_manifest, model_state, write_manifest
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
    scan is, so that the results are PyTorch's bit for bit. A scan along
    another dim than the innermost keeps its dim where it is (the mask
    [k, j, 1, ...] broadcast over the dims after it): a column scan
    (scan_columns_thread_sequential), not a row scan between transposes.
    """
    def scan(x, dim, dtype=None):
        if dtype is not None:
            x = x.to(dtype)
        if x.dim() == 0:
            return x.clone()
        dim = dim % x.dim()
        if dim + 1 < x.dim():
            # Along another dim than the innermost, the mask is built in
            # place: [..., k, j, inner...], so that no transpose brings the
            # scanned dim innermost and back (scan_columns_thread_sequential
            # scans it where it lies). The positions are shaped before they
            # are compared, so that the comparison fuses into the scan (a
            # reshaped mask would stay a buffer of its own).
            n = x.shape[dim]
            pos = torch.arange(n, device=x.device)
            ones = (1,) * (x.dim() - dim - 1)
            upto = pos.reshape((n, 1) + ones) >= pos.reshape((1, n) + ones)
            keep = torch.full((), identity, dtype=x.dtype, device=x.device)
            return fold(torch.where(upto, x.unsqueeze(dim), keep), dim + 1)
        rows = x.movedim(dim, -1)
        pos = torch.arange(rows.shape[-1], device=x.device)
        upto = pos.unsqueeze(1) >= pos.unsqueeze(0)
        keep = torch.full((), identity, dtype=x.dtype, device=x.device)
        y = fold(torch.where(upto, rows.unsqueeze(-2), keep), -1)
        return y.movedim(-1, dim % y.dim())
    return scan


def _group_norm_of_rows(stock):
    """native_group_norm, for an (N, C) input as reshapes and reductions.

    PyTorch's own decomposition views an (N, C) input through as_strided,
    which Torch-MLIR imports as int64 index tables as large as the tensor
    (8 of them for a 16384 x 4096 GroupNorm: past the importer's memory
    limit, and a gather per element on the GPU). Inputs with spatial dims
    keep `stock`, the table's own decomposition."""
    def group_norm(x, weight, bias, n, c, hw, group, eps):
        if x.dim() != 2:
            return stock(x, weight, bias, n, c, hw, group, eps)
        rows = x.reshape(n, group, c // group)
        mean = rows.mean(-1, keepdim=True)
        var = (rows - mean).square().mean(-1, keepdim=True)
        rstd = torch.rsqrt(var + eps)
        out = ((rows - mean) * rstd).reshape(n, c)
        if weight is not None:
            out = out * weight
        if bias is not None:
            out = out + bias
        return out, mean.reshape(n, group), rstd.reshape(n, group)
    return group_norm


DECOMPOSITIONS_FILE = "decompositions.json"


def _op_of(name):
    """torch.ops.aten.addmm.default for 'aten.addmm.default'."""
    namespace, op, overload = name.split(".")
    return getattr(getattr(getattr(torch.ops, namespace), op), overload)


def _torch_mlir_table(cache_dir):
    """Torch-MLIR's decomposition table; with `cache_dir`, its ops are kept
    there (DECOMPOSITIONS_FILE) so that a machine without torch-mlir, which
    compiles from that cache, traces the same aten graphs. There it is
    rebuilt from torch's own decompositions of those ops."""
    path = os.path.join(cache_dir, DECOMPOSITIONS_FILE) if cache_dir else None
    try:
        from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    except ImportError:
        if not path or not os.path.exists(path):
            raise ImportError(
                "ks imports models with torch-mlir, which is not installed (pip install "
                "torch-mlir, see python/requirements.txt); a compile cache prepared where it is "
                f"(its {DECOMPOSITIONS_FILE}) serves without it") from None
        import json
        from torch._decomp import core_aten_decompositions, get_decompositions
        with open(path) as f:
            names = set(json.load(f)["ops"])
        table = {op: fn for op, fn in core_aten_decompositions().items() if str(op) in names}
        table.update(get_decompositions([_op_of(n) for n in sorted(names - {str(op) for op in table})]))
        return table
    table = dict(get_decomposition_table())
    if path:
        import json
        os.makedirs(cache_dir, exist_ok=True)
        names = sorted(str(op) for op in table)
        kept = None
        if os.path.exists(path):
            with open(path) as f:
                kept = json.load(f).get("ops")
        if kept != names:
            write_text(path, json.dumps({"torch": torch.__version__, "ops": names}) + "\n")
    return table


def decompositions(cache_dir=None):
    """Torch-MLIR's decomposition table (_torch_mlir_table) plus ks's scans
    (see _row_scan) and GroupNorm over rows (see _group_norm_of_rows)."""
    table = _torch_mlir_table(cache_dir)
    table[torch.ops.aten.cumsum.default] = _row_scan(torch.sum, 0.0)
    table[torch.ops.aten.cumprod.default] = _row_scan(torch.prod, 1.0)
    group_norm = torch.ops.aten.native_group_norm.default
    if group_norm in table:
        table[group_norm] = _group_norm_of_rows(table[group_norm])
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


def preload():
    """Imports what every import needs and exports a trivial module once:
    children forked afterwards (isolate.run) inherit the modules and the
    caches export builds on its first call (the decomposable ops of each
    namespace) instead of spending about a second each on them. Fake tensors
    only: no thread pool is started before the forks."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    try:
        import torch_mlir.fx  # noqa: F401
    except ImportError:
        return  # each problem's row names it
    with FakeTensorMode():
        x = torch.zeros(2)
    with _quiet():
        torch.export.export(nn.ReLU(), (x,)).run_decompositions(decompositions())


def _why_import_failed(e):
    # Torch-MLIR's pass failures carry the diagnostic after a banner line.
    line = first_error(str(e), limit=None)
    return line if "error:" in line else describe_exception(e)


def _fake_inputs(problem, seed, mode):
    """The problem's inputs as fake tensors of `mode`: get_inputs() run under
    the mode, so torch.rand(...) gives shapes and dtypes without memory. A
    get_inputs() that reads values (a size from .item()) cannot run fake; its
    inputs are built for real and converted."""
    try:
        with mode:
            inputs = problem.make_inputs(seed)
        if all(_is_static(x) for x in inputs if isinstance(x, torch.Tensor)):
            return inputs
    except Exception:  # a real error of get_inputs() is raised again below
        pass
    return [mode.from_tensor(x) if isinstance(x, torch.Tensor) else x
            for x in problem.make_inputs(seed)]


def _is_static(tensor):
    return all(isinstance(d, int) for d in tensor.shape)


def _source_line(text):
    """'file.py:9: code' of the last user frame a stack trace or a graph's
    '# File:' comment names (export keeps them), or ''."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in \w+\n\s*(.*)', text or "")
    frames += re.findall(r"# File: (\S+):(\d+) in \w+, code: (.*)", text or "")
    if not frames:
        return ""
    path, line, code = frames[-1]
    return f"{os.path.basename(path)}:{line}: {code.strip()}"


@contextlib.contextmanager
def _quiet():
    """Export prints the partial graph of a failure to stderr and logs a
    warning when it cannot name the user code of a data-dependent size; the
    reason names the line instead. Warnings are PyTorch's advice to users of
    torch.export, not about the problem."""
    log = logging.getLogger("torch.fx.experimental.symbolic_shapes")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            yield
    finally:
        log.setLevel(level)


def _export(wrapper, args):
    """torch.export of the wrapper on fake arguments, decomposed and
    functionalized (in-place updates become outputs the signature names)."""
    from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode
    from torch._subclasses.fake_tensor import DataDependentOutputException, DynamicOutputShapeException
    try:
        with _quiet():
            return torch.export.export(wrapper, tuple(args)).run_decompositions(decompositions())
    except (GuardOnDataDependentSymNode, DataDependentOutputException, DynamicOutputShapeException) as e:
        where = _source_line(getattr(e, "partial_fx_graph", ""))
        what = describe_exception(e, limit=200).split(" (unhinted")[0]  # the rest: sympy internals
        raise ImportFailure(
            "data-dependent shape or control flow: the forward reads a tensor's values to choose "
            f"a size or a branch ({where + '; ' if where else ''}{what}); ks imports static shapes only") from e
    except Exception as e:
        raise ImportFailure(_why_import_failed(e)) from e


def _refuse_mutations(ep, model, names):
    """Raises if the forward updates an input, parameter or buffer in place:
    the imported function returns its results only, so the update would be
    lost and the results would not be the ones the manifest lists."""
    from torch.export.graph_signature import OutputKind
    inputs = ep.graph_signature.user_inputs  # the wrapper's: parameters, then inputs
    buffers = {n for n, _ in model.named_buffers()}
    for spec in ep.graph_signature.output_specs:
        if spec.kind == OutputKind.USER_INPUT_MUTATION:
            i = inputs.index(spec.target)
            what = (f"input {i - len(names)}" if i >= len(names) else
                    f"{'buffer' if names[i] in buffers else 'parameter'} '{names[i]}'")
        elif spec.kind in (OutputKind.BUFFER_MUTATION, OutputKind.PARAMETER_MUTATION):
            what = f"buffer '{spec.target.removeprefix('model.')}'"  # an integer one, left in the model
        else:
            continue
        raise ImportFailure(f"the forward mutates its {what} in place; "
                            "ks imports forwards without side effects only")


def _refuse_data_dependent_shapes(ep):
    """Raises at the first value whose shape depends on tensor values (an
    unbacked size, e.g. of x[x > 0] or nonzero): ks compiles static shapes."""
    for node in ep.graph.nodes:
        for v in torch.utils._pytree.tree_leaves(node.meta.get("val")):
            if isinstance(v, torch.Tensor) and not _is_static(v):
                where = _source_line(node.meta.get("stack_trace"))
                raise ImportFailure(
                    f"data-dependent shape: {node.target} gives {dtype_name(v.dtype)}{list(v.shape)}"
                    + (f" ({where})" if where else "")
                    + ", a size known only from the input values; ks imports static shapes only")


def _results(ep):
    """The fake values of the forward's results (user outputs), in order."""
    from torch.export.graph_signature import OutputKind
    output = next(n for n in ep.graph.nodes if n.op == "output")
    results = []
    for spec, arg in zip(ep.graph_signature.output_specs, output.args[0]):
        if spec.kind == OutputKind.USER_OUTPUT:
            value = arg.meta.get("val") if isinstance(arg, torch.fx.Node) else arg
            if not isinstance(value, torch.Tensor):
                raise ImportFailure(f"result {len(results)} is of type {type(value).__name__}, not a tensor")
            results.append(value)
    return results


def _lower(ep):
    """Torch-MLIR's import and lowering of the decomposed program: generic MLIR text."""
    from torch_mlir import fx  # imported late: only the import step needs it
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # {}: decomposed already (_export).
            module = fx.export_and_import(ep, output_type="linalg-on-tensors", func_name=ENTRY,
                                          decomposition_table={})
    except Exception as e:
        raise ImportFailure(_why_import_failed(e)) from e
    text = module.operation.get_asm(print_generic_op_form=True, large_elements_limit=None)
    foreign = sorted({f"{d}.{o}" for d, o in _OP_NAME.findall(text) if d not in UPSTREAM_DIALECTS})
    if foreign:
        raise ImportFailure(
            "Torch-MLIR's linalg-on-tensors output uses " + ", ".join(f"'{n}'" for n in foreign)
            + ", which upstream MLIR (LLVM 22) does not define")
    return text


def import_problem(path, out_dir, small=False, input_seed=0):
    """Writes <out_dir>/<stem>.mlir and <stem>.json; returns the manifest."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    problem = Problem(path, small=small)
    model = problem.build_model()
    state = model_state(model)
    # A shape environment lets export name a data-dependent size (an
    # unbacked symbol) instead of failing inside the op that makes it.
    mode = FakeTensorMode(shape_env=ShapeEnv(), static_shapes=True, allow_non_fake_inputs=True)
    inputs = _fake_inputs(problem, input_seed, mode)
    for i, x in enumerate(inputs):
        if not isinstance(x, torch.Tensor):
            raise ImportFailure(f"input {i} is of type {type(x).__name__}, not a tensor")

    names = [n for n, _ in state]
    ep = _export(_ParametersAsArguments(model, names), [mode.from_tensor(t) for _, t in state] + inputs)
    _refuse_mutations(ep, model, names)
    _refuse_data_dependent_shapes(ep)
    outputs = _results(ep)
    text = _lower(ep)

    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(path))[0]
    mlir_file = stem + ".mlir"
    write_text(os.path.join(out_dir, mlir_file), text)
    manifest = make_manifest(problem, mlir_file, ENTRY, state, inputs, outputs, versions())
    write_manifest(os.path.join(out_dir, stem + ".json"), manifest)
    return manifest
