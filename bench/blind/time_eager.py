#!/usr/bin/env python3
"""Time PyTorch eager on a CUDA GPU for every blind problem at full size.

A sanity check of the sizes (each problem should take >= ~1 ms in eager), not
the harness: the model and the inputs are built directly on the GPU (seed 0),
TF32 is off, and the forward runs under torch.no_grad() in eval() mode. Prints,
per problem, the median of the timed runs (CUDA events), the peak GPU memory
and whether the output is finite.

Usage:  python3 bench/blind/time_eager.py [--runs N] [FILE_OR_DIR ...]
"""
import os
import statistics
import sys
import time

import torch

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from ks_torch.problem import Problem, find_problems  # noqa: E402


def time_problem(path, runs):
    mod = Problem(path).module
    torch.manual_seed(0)
    with torch.device("cuda"):
        model = mod.Model(*mod.get_init_inputs()).eval()
        inputs = mod.get_inputs()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    with torch.no_grad():
        out = model(*inputs)                       # warm-up
        finite = bool(torch.isfinite(out).all()) if out.is_floating_point() else True
        del out
        model(*inputs)
        torch.cuda.synchronize()
        times = []
        for _ in range(runs):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            model(*inputs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
    peak = torch.cuda.max_memory_allocated() / 1e9
    del model, inputs
    torch.cuda.empty_cache()
    return statistics.median(times), min(times), peak, finite


def main(argv):
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    runs = 10
    args = list(argv[1:])
    paths = []
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        else:
            paths.append(a)
    files = [f for f in find_problems(paths or [HERE])
             if os.path.basename(os.path.dirname(f)).startswith("level")]
    print("device: %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    slow = []
    for path in files:
        rel = os.path.splitext(os.path.relpath(path, HERE))[0]
        t0 = time.time()
        try:
            med, best, peak, finite = time_problem(path, runs)
        except Exception as e:
            print("%-55s ERROR %s: %s" % (rel, type(e).__name__, str(e).splitlines()[0][:120]))
            torch.cuda.empty_cache()
            continue
        flag = "" if med >= 1.0 else "  < 1 ms"
        if not finite:
            flag += "  NON-FINITE"
        if med < 1.0:
            slow.append(rel)
        print("%-55s eager %8.3f ms (min %8.3f)  peak %6.2f GB  (%.1f s)%s"
              % (rel, med, best, peak, time.time() - t0, flag))
        sys.stdout.flush()
    print("under 1 ms: %d: %s" % (len(slow), " ".join(slow)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
