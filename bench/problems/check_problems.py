#!/usr/bin/env python3
"""Check the benchmark problem files under bench/problems/level*/.

For every problem file (or only the files / directories given on the command
line) this script:

  * loads the file as a module and checks that it defines Model, get_inputs,
    get_init_inputs and SMALL, and that every SMALL key names an existing
    module-level constant;
  * full size, without allocating anything: builds the inputs and the model on
    torch's 'meta' device with the file's own constants, reports the largest
    input tensor (failing any input over 256 MiB), the largest tensor the
    forward pass produces and the matmul/conv/attention FLOPs it counts
    (failing above ~1 TFLOP);
  * small size, on the CPU: overrides the module globals with SMALL, builds the
    model with torch.manual_seed(0) in eval() mode, runs forward under
    torch.no_grad() and checks: every input has < 300K elements and is float32
    (or int64), the output is one float32/int64 tensor with only finite values,
    forward is deterministic (two runs give equal results), the inputs are not
    mutated, and the counted work stays under 50 MFLOP.

Prints one line per file (OK or FAIL with the reasons) and a summary; exits
with status 1 if any file failed.

Usage:  .venv/bin/python bench/problems/check_problems.py [FILE_OR_DIR ...]
"""
import itertools
import os
import sys
import traceback

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten
from torch.utils.flop_counter import FlopCounterMode

sys.dont_write_bytecode = True  # keep __pycache__ out of the problem folders

HERE = os.path.dirname(os.path.abspath(__file__))
# Problems are loaded the way the importer loads them (python/ks_torch).
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from ks_torch.problem import Problem, ProblemError, find_problems  # noqa: E402

MiB = 1 << 20
MAX_INPUT_BYTES = 256 * MiB          # a single full-size input tensor
MAX_FULL_FLOPS = 1.05e12             # ~1 TFLOP (counted ops only)
MAX_SMALL_INPUT_ELEMS = 300_000      # a single SMALL input tensor
MAX_SMALL_FLOPS = 50e6               # ~50 MFLOP (counted ops only)
ALLOWED_INPUT_DTYPES = (torch.float32, torch.int64)
ALLOWED_OUTPUT_DTYPES = (torch.float32, torch.int64)

class MaxTensor(TorchDispatchMode):
    """Records the largest tensor any op of the forward pass produces."""

    def __init__(self):
        super().__init__()
        self.max_bytes = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for t in tree_flatten(out)[0]:
            if isinstance(t, torch.Tensor):
                self.max_bytes = max(self.max_bytes, t.numel() * t.element_size())
        return out


def fmt_flops(f):
    if f >= 1e9:
        return "%.1f GFLOP" % (f / 1e9)
    return "%.2f MFLOP" % (f / 1e6)


def fmt_shape(t):
    return "x".join(str(s) for s in t.shape) or "scalar"


def check_full(path, errors, notes):
    """Full-size shapes on the meta device; nothing is allocated."""
    mod = Problem(path).module
    with torch.device("meta"):
        inputs = mod.get_inputs()
    biggest = 0
    shapes = []
    for i, t in enumerate(inputs):
        if not isinstance(t, torch.Tensor):
            errors.append("full input %d is not a tensor" % i)
            continue
        nbytes = t.numel() * t.element_size()
        biggest = max(biggest, nbytes)
        shapes.append(fmt_shape(t))
        if nbytes > MAX_INPUT_BYTES:
            errors.append("full input %d (%s) is %.1f MiB > 256 MiB"
                          % (i, fmt_shape(t), nbytes / MiB))
    notes.append("full inputs [%s] max %.1f MiB" % (", ".join(shapes), biggest / MiB))

    # Model and forward on meta: parameter sizes, largest tensor, FLOPs.
    try:
        with torch.device("meta"):
            model = mod.Model(*mod.get_init_inputs())
        model.eval()
        params = sum(p.numel() for p in model.parameters())
        for n, p in itertools.chain(model.named_parameters(), model.named_buffers()):
            if p.numel() * p.element_size() > MAX_INPUT_BYTES:
                errors.append("full parameter %s is %.1f MiB > 256 MiB"
                              % (n, p.numel() * p.element_size() / MiB))
        tracker = MaxTensor()
        flops = FlopCounterMode(display=False)
        with torch.no_grad(), flops, tracker:
            out = model(*inputs)
        total = flops.get_total_flops()
        if total > MAX_FULL_FLOPS:
            errors.append("full size counts %s > ~1 TFLOP" % fmt_flops(total))
        out_desc = fmt_shape(out) if isinstance(out, torch.Tensor) else type(out).__name__
        notes.append("out %s, largest tensor %.1f MiB, params %.2fM, %s"
                     % (out_desc, tracker.max_bytes / MiB, params / 1e6, fmt_flops(total)))
        return sum(t.numel() for t in inputs if isinstance(t, torch.Tensor))
    except Exception as e:  # meta kernels are missing for a few ops
        notes.append("meta forward n/a (%s: %s)" % (type(e).__name__, str(e).splitlines()[0][:80]))
        return sum(t.numel() for t in inputs if isinstance(t, torch.Tensor))


def check_small(path, errors, notes):
    """SMALL overrides, real forward on the CPU."""
    try:
        mod = Problem(path).module
    except ProblemError as e:  # cannot be loaded, or Model/get_inputs/... missing
        errors.append(str(e))
        return 0
    small = getattr(mod, "SMALL", None)
    if small is None:
        errors.append("missing SMALL")
        return 0
    if not isinstance(small, dict) or not small:
        errors.append("SMALL must be a non-empty dict")
        return 0
    for k, v in small.items():
        if hasattr(mod, k) and not isinstance(getattr(mod, k), (int, float)):
            errors.append("SMALL key %r overrides a non-numeric global" % k)
        if not isinstance(v, (int, float)):
            errors.append("SMALL[%r] is not a number" % k)
    if errors:
        return 0
    try:
        problem = Problem(path, small=True)  # names a SMALL key that is no constant
    except ProblemError as e:
        errors.append(str(e))
        return 0

    model = problem.build_model()  # seed 0, eval(), as the importer builds it
    inputs = problem.module.get_inputs()
    if not isinstance(inputs, (list, tuple)):
        errors.append("get_inputs() must return a list")
        return 0
    for i, t in enumerate(inputs):
        if not isinstance(t, torch.Tensor):
            errors.append("small input %d is not a tensor" % i)
            continue
        if t.dtype not in ALLOWED_INPUT_DTYPES:
            errors.append("small input %d has dtype %s" % (i, t.dtype))
        if t.numel() >= MAX_SMALL_INPUT_ELEMS:
            errors.append("small input %d (%s) has %d elements >= 300K"
                          % (i, fmt_shape(t), t.numel()))
    if errors:
        return 0
    saved = [t.clone() for t in inputs]

    flops = FlopCounterMode(display=False)
    with torch.no_grad(), flops:
        out = model(*inputs)
    with torch.no_grad():
        out2 = model(*inputs)

    if not isinstance(out, torch.Tensor):
        errors.append("forward returned %s, not a single tensor" % type(out).__name__)
        return 0
    if out.dtype not in ALLOWED_OUTPUT_DTYPES:
        errors.append("output dtype %s" % out.dtype)
    if out.is_floating_point() and not torch.isfinite(out).all():
        errors.append("output has non-finite values")
    if not (isinstance(out2, torch.Tensor) and torch.equal(out, out2)):
        errors.append("forward is not deterministic")
    for i, (a, b) in enumerate(zip(saved, inputs)):
        if not torch.equal(a, b):
            errors.append("forward mutated input %d" % i)
    total = flops.get_total_flops()
    if total > MAX_SMALL_FLOPS:
        errors.append("small size counts %s > 50 MFLOP" % fmt_flops(total))
    notes.append("small [%s] -> %s %s, %s"
                 % (", ".join(fmt_shape(t) for t in inputs), fmt_shape(out),
                    str(out.dtype).replace("torch.", ""), fmt_flops(total)))
    return sum(t.numel() for t in inputs)


def check_file(path):
    errors, notes = [], []
    try:
        small_elems = check_small(path, errors, notes)
        if not errors:
            full_elems = check_full(path, errors, notes)
            if full_elems <= small_elems:
                errors.append("SMALL does not shrink the inputs (%d vs %d elements)"
                              % (small_elems, full_elems))
    except Exception as e:
        errors.append("%s: %s" % (type(e).__name__, e))
        if os.environ.get("CHECK_TRACEBACK"):
            traceback.print_exc()
    return errors, notes


def report_file(rel, errors, notes, per_level, failed):
    """Prints one file's verdict and counts it in its level (and in `failed`)."""
    level = rel.split(os.sep)[0]
    ok_count, all_count = per_level.get(level, (0, 0))
    per_level[level] = (ok_count + (not errors), all_count + 1)
    if errors:
        failed.append(rel)
        print("FAIL %s" % rel)
        for e in errors:
            print("       - %s" % e)
    else:
        print("OK   %s" % rel)
    for n in notes:
        print("       %s" % n)


def main(argv):
    torch.set_num_threads(1)
    files = [os.path.abspath(f) for f in find_problems(argv[1:] or [HERE])]
    if not files:
        print("no problem files found")
        return 1
    failed = []
    per_level = {}
    for path in files:
        rel = os.path.relpath(path, HERE)
        errors, notes = check_file(path)
        report_file(rel, errors, notes, per_level, failed)
        sys.stdout.flush()
    print()
    for level in sorted(per_level):
        ok_count, all_count = per_level[level]
        print("%s: %d/%d OK" % (level, ok_count, all_count))
    print("total: %d files, %d passed, %d failed"
          % (len(files), len(files) - len(failed), len(failed)))
    for f in failed:
        print("  failed: %s" % f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
