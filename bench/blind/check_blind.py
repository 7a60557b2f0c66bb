#!/usr/bin/env python3
"""Check the blind problem set under bench/blind/level*/ (or another set of the
same kind, e.g. bench/holdout).

Runs bench/problems/check_problems.py's checks on every blind problem (format,
SMALL overrides, a deterministic finite single-tensor output at the small size
on the CPU, full-size shapes on the meta device), with the limits the blind set
is built for instead of the repo set's: the blind problems are sized for at
least ~1 ms of PyTorch eager time on an H200, so a full-size input may be
several GB. On top of that, for every file:

  * full size, on the meta device (nothing allocated): the bytes of inputs +
    output + parameters and buffers (at most 12 GB; 26 GB for the problems
    named *int64_index*, which deliberately hold a tensor of more than 2^31
    elements), the parameters (at most 1 GB, each at most 256 MiB), the
    largest tensor of the forward pass (below 2^31 elements except in the
    *int64_index* problems), the FLOPs, and an eager-time estimate: the sum
    over the forward's ATen ops of max(bytes moved / 4.3e12 B/s,
    FLOPs / 4.5e13 FLOP/s), which must be at least 1 ms;
  * small size: torch.export.export(model, inputs) must succeed (skipped
    with --no-export).

Prints one line per file (OK or FAIL with the reasons), a per-level summary
('level1: N/N OK') and a total; exits with status 1 if any file failed.
With --sizes FILE, also writes the full-size table (SIZES.md); --eager LOG adds
the eager times that time_eager.py measured on a GPU (its output) to it.

Usage:  .venv/bin/python bench/blind/check_blind.py [--no-export] [--sizes FILE [--eager LOG]] [FILE_OR_DIR ...]
"""
import importlib.util
import os
import sys
import time

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten
from torch.utils.flop_counter import flop_registry

sys.dont_write_bytecode = True  # keep __pycache__ out of the problem folders

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

# The repo set's checker, reused with the blind set's limits.
_spec = importlib.util.spec_from_file_location(
    "check_problems", os.path.join(REPO, "bench", "problems", "check_problems.py"))
cp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cp)
from ks_torch.problem import Problem, find_problems  # noqa: E402  (path set by cp)

GB = 1e9
MiB = 1 << 20
cp.MAX_INPUT_BYTES = 12.5 * GB        # one full-size input or parameter (parameters: see below)
MAX_TOTAL_BYTES = 12 * GB              # inputs + output + parameters, full size
MAX_TOTAL_BYTES_INT64 = 26 * GB        # the same for the *int64_index* problems
MAX_PARAM_BYTES = 1 * GB               # all parameters and buffers together
MAX_ONE_PARAM_BYTES = 256 * MiB        # one parameter or buffer
MAX_ELEMS = 2 ** 31                    # one tensor, except in *int64_index* problems
MIN_EAGER_MS = 1.0
HBM_BYTES_PER_S = 4.3e12               # H200 copy bandwidth (read + write)
FP32_FLOP_PER_S = 4.5e13               # fp32 GEMM/conv without tensor cores


def tensor_bytes(t):
    n = t.numel() * t.element_size()
    try:  # an expanded (broadcast) tensor reads only its storage
        n = min(n, t.untyped_storage().nbytes())
    except Exception:
        pass
    return n


class EagerCost(TorchDispatchMode):
    """Per ATen op of the forward: bytes read + written, FLOPs, largest tensor."""

    def __init__(self):
        super().__init__()
        self.ms = 0.0
        self.bytes = 0
        self.flops = 0
        self.max_elems = 0
        self.ops = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        outs = [t for t in tree_flatten(out)[0] if isinstance(t, torch.Tensor)]
        for t in outs:
            self.max_elems = max(self.max_elems, t.numel())
        if getattr(func, "is_view", False) or func._overloadpacket in (
                torch.ops.aten.detach, torch.ops.aten.alias, torch.ops.aten.lift_fresh):
            return out
        seen, nbytes = set(), 0
        for t in tree_flatten((args, kwargs))[0] + outs:
            if isinstance(t, torch.Tensor) and id(t) not in seen:
                seen.add(id(t))
                nbytes += tensor_bytes(t)
                self.max_elems = max(self.max_elems, t.numel())
        flops = 0
        packet = func._overloadpacket
        if packet in flop_registry:
            flops = flop_registry[packet](*args, **kwargs, out_val=out)
        self.ops += 1
        self.bytes += nbytes
        self.flops += flops
        self.ms += 1e3 * max(nbytes / HBM_BYTES_PER_S, flops / FP32_FLOP_PER_S)
        return out


def is_int64_problem(path):
    return "int64_index" in os.path.basename(path)


def full_size_costs(path, errors):
    """Full-size inputs, model and forward on the meta device."""
    mod = Problem(path).module
    with torch.device("meta"):
        inputs = mod.get_inputs()
        model = mod.Model(*mod.get_init_inputs())
    model.eval()
    in_bytes = sum(t.numel() * t.element_size() for t in inputs)
    tensors = list(model.parameters()) + list(model.buffers())
    param_bytes = sum(p.numel() * p.element_size() for p in tensors)
    for n, p in list(model.named_parameters()) + list(model.named_buffers()):
        if p.numel() * p.element_size() > MAX_ONE_PARAM_BYTES:
            errors.append("parameter %s is %.0f MiB > 256 MiB" % (n, p.numel() * p.element_size() / MiB))
    if param_bytes > MAX_PARAM_BYTES:
        errors.append("parameters total %.2f GB > 1 GB" % (param_bytes / GB))
    cost = EagerCost()
    with torch.no_grad(), cost:
        out = model(*inputs)
    out_bytes = out.numel() * out.element_size()
    total = in_bytes + out_bytes + param_bytes
    int64 = is_int64_problem(path)
    limit = MAX_TOTAL_BYTES_INT64 if int64 else MAX_TOTAL_BYTES
    if total > limit:
        errors.append("inputs + output + parameters = %.2f GB > %.0f GB" % (total / GB, limit / GB))
    biggest = max([cost.max_elems] + [t.numel() for t in inputs] + [out.numel()])
    if biggest >= MAX_ELEMS and not int64:
        errors.append("a tensor of %d elements >= 2^31 (only *int64_index* problems may)" % biggest)
    if int64 and biggest < MAX_ELEMS:
        errors.append("an int64_index problem without a tensor of 2^31 or more elements")
    if cost.ms < MIN_EAGER_MS:
        errors.append("estimated eager time %.2f ms < %.1f ms" % (cost.ms, MIN_EAGER_MS))
    floor_ms = 1e3 * max(total / HBM_BYTES_PER_S, cost.flops / FP32_FLOP_PER_S)
    return {"total_gb": total / GB, "param_gb": param_bytes / GB, "gflop": cost.flops / 1e9,
            "eager_ms": cost.ms, "floor_ms": floor_ms, "traffic_gb": cost.bytes / GB,
            "ops": cost.ops, "max_elems": biggest}


def check_export(path, errors):
    problem = Problem(path, small=True)
    model = problem.build_model()
    inputs = problem.make_inputs(0)
    try:
        torch.export.export(model, tuple(inputs))
    except Exception as e:
        errors.append("torch.export failed: %s: %s" % (type(e).__name__, str(e).splitlines()[0][:200]))


def main(argv):
    torch.set_num_threads(1)
    export = True
    sizes_file = None
    eager_log = None
    paths = []
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--no-export":
            export = False
        elif a == "--sizes":
            sizes_file = args.pop(0)
        elif a == "--eager":
            eager_log = args.pop(0)
        else:
            paths.append(a)
    files = [os.path.abspath(f) for f in find_problems(paths or [HERE])]
    files = [f for f in files if os.path.basename(os.path.dirname(f)).startswith("level")]
    if not files:
        print("no problem files found")
        return 1
    failed, rows, per_level = [], [], {}
    for path in files:
        # Named from its set's root (the folder above level*/), whichever set.
        rel = os.path.relpath(path, os.path.dirname(os.path.dirname(path)))
        t0 = time.time()
        errors, notes = cp.check_file(path)
        cost = None
        if not errors:
            try:
                cost = full_size_costs(path, errors)
            except Exception as e:
                errors.append("full-size meta forward: %s: %s" % (type(e).__name__, str(e).splitlines()[0][:200]))
        if not errors and export:
            check_export(path, errors)
        cp.report_file(rel, errors, notes, per_level, failed)
        if cost:
            print("       full: %.2f GB in+out+params (params %.3f GB), %.1f GFLOP, "
                  "eager est %.2f ms over %d ops (%.1f GB moved), fused floor %.2f ms"
                  % (cost["total_gb"], cost["param_gb"], cost["gflop"], cost["eager_ms"],
                     cost["ops"], cost["traffic_gb"], cost["floor_ms"]))
            rows.append((os.path.splitext(rel)[0], cost))
        print("       (%.1f s)" % (time.time() - t0))
        sys.stdout.flush()
    print()
    for level in sorted(per_level):
        ok_count, all_count = per_level[level]
        print("%s: %d/%d OK" % (level, ok_count, all_count))
    print("total: %d files, %d passed, %d failed" % (len(files), len(files) - len(failed), len(failed)))
    for f in failed:
        print("  failed: %s" % f)
    if sizes_file:
        write_sizes(sizes_file, rows, read_eager(eager_log))
    return 1 if failed else 0


def read_eager(path):
    """{'level1/01_...': (ms, device line)} from time_eager.py's output."""
    times, device = {}, None
    if not path:
        return times, device
    with open(path) as f:
        for line in f:
            parts = line.split()
            if line.startswith("device:"):
                device = line.split(":", 1)[1].strip()
            elif len(parts) > 3 and parts[1] == "eager" and parts[3] == "ms":
                times[parts[0]] = float(parts[2])
    return times, device


def write_sizes(path, rows, eager):
    times, device = eager
    lines = [
        "# Blind set: full sizes",
        "",
        "Written by `bench/blind/check_blind.py --sizes` from the meta device (nothing",
        "allocated). GB = inputs + output + parameters; eager ms = sum over the forward's",
        "ATen ops of max(bytes / 4.3e12, FLOPs / 4.5e13); floor ms = the same bound for",
        "the whole problem read and written once (what a fully fused kernel needs).",
        ("H200 ms = PyTorch eager measured by `bench/blind/time_eager.py` (median of 10, "
         "TF32 off; %s)." % device) if device else "",
        "",
        "| problem | GB | GFLOP | eager ms (est.) | floor ms | H200 ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, c in rows:
        measured = "%.2f" % times[name] if name in times else "-"
        lines.append("| %s | %.2f | %.1f | %.2f | %.2f | %s |"
                     % (name, c["total_gb"], c["gflop"], c["eager_ms"], c["floor_ms"], measured))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
