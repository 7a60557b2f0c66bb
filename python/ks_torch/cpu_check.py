"""The semantic check of an import at the problem's SMALL sizes, no GPU.

PyTorch runs the model on the CPU; the imported linalg runs on the same
parameters and inputs through ks-run's CPU path (the module lowered for the
CPU) and, with emulate=True, as ks's GPU kernels emulated on the CPU thread
by thread. Both must match PyTorch, so an importer bug or a lowering bug
fails.
"""

import os
import subprocess
import tempfile

import numpy as np
import torch

from .importer import import_problem
from .manifest import model_state
from .problem import Problem
from .tools import find_tool, first_error

ATOL = RTOL = 1e-4


def _compare(want, got):
    """(ok, max abs error, what differs) of two arrays."""
    if want.shape != got.shape:
        return False, None, f"shape {list(got.shape)} instead of {list(want.shape)}"
    if want.dtype.kind in "iub":
        bad = int((want != got).sum())
        return bad == 0, float(np.abs(want.astype(np.float64) - got).max(initial=0)), \
            f"{bad} of {want.size} elements differ"
    w, g = want.astype(np.float64), got.astype(np.float64)
    err = np.abs(w - g)
    ok = bool(np.all(err <= ATOL + RTOL * np.abs(w)) and np.isfinite(g).all() == np.isfinite(w).all())
    worst = float(np.nanmax(err)) if err.size else 0.0
    return ok, worst, f"max abs error {worst:.3e}"


def check_problem(path, work_dir, seed=7, emulate=True, timeout=600):
    """Returns {"problem", "status": "match"|"mismatch"|"import failed"|"ks failed", ...}."""
    problem = Problem(path, small=True)
    out = {"problem": problem.name}
    manifest = import_problem(path, work_dir, small=True)
    mlir = os.path.join(work_dir, manifest["mlir"])

    model = problem.build_model()
    state = model_state(model)
    inputs = problem.make_inputs(seed)
    with torch.no_grad():
        want = model(*inputs)
    want = [w.numpy() for w in (want if isinstance(want, (tuple, list)) else [want])]

    with tempfile.TemporaryDirectory(dir=work_dir) as tmp:
        files = []
        for i, t in enumerate([t for _, t in state] + inputs):
            f = os.path.join(tmp, f"arg{i}.npy")
            np.save(f, t.detach().contiguous().numpy())
            files.append(f)
        modes = [("cpu", ["--cpu-only"])] + ([("emulated", ["--emulate-gpu"])] if emulate else [])
        for mode, flags in modes:
            dest = os.path.join(tmp, mode)
            os.makedirs(dest)
            cmd = [find_tool("ks-run"), mlir, "--entry", manifest["entry"], *flags,
                   "--output-dir", dest] + [f"--input={f}" for f in files]
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            if proc.returncode != 0:
                out.update(status="ks failed", mode=mode, rc=proc.returncode,
                           reason=first_error(proc.stderr + proc.stdout))
                return out
            for i, w in enumerate(want):
                got = np.load(os.path.join(dest, f"{i}.npy"))
                ok, worst, what = _compare(w, got)
                out[f"{mode}_max_error"] = max(out.get(f"{mode}_max_error", 0.0), worst or 0.0)
                if not ok:
                    out.update(status="mismatch", mode=mode, reason=f"result {i}: {what}")
                    return out
    out["status"] = "match"
    return out
