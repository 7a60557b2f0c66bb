"""Where a small ks call's time goes, on the GPU machine: the host time of
one ksrt_invoke (no synchronisation), the time between CUDA events around
it without and with the harness's L2 flush, and the same for eager PyTorch.

    KS_LIB=.../libKernelSkill.so PYTHONPATH=python python3 bench/host_overhead.py \
        dist/torch-imports/level1/20_relu.json [dist/torch-plans]
"""
import json
import os
import statistics
import sys
import time


def main():
    import torch
    from ks_torch.manifest import REPO_ROOT, read_manifest
    from ks_torch.problem import Problem
    from ks_torch.runtime import Library

    manifest_path = sys.argv[1]
    plans = sys.argv[2] if len(sys.argv) > 2 else None
    m = read_manifest(manifest_path)
    here = os.path.dirname(os.path.abspath(manifest_path))
    plan = None
    if plans:
        p = os.path.join(plans, m["problem"].replace("/", "__") + ".plan.json")
        plan = p if os.path.exists(p) else None
    problem = Problem(m["source"] if os.path.isabs(m["source"]) else os.path.join(REPO_ROOT, m["source"]),
                      small=m.get("size") == "small")
    model = problem.build_model().cuda()
    params = []  # for problems without parameters (elementwise, softmax, ...)
    program = Library().load(os.path.join(here, m["mlir"]), m["entry"], "sm_90", plan)
    inputs = [x.cuda().contiguous() for x in problem.make_inputs(seed=1)]
    dt = {"float32": torch.float32, "int64": torch.int64}
    outs = [torch.empty(r["shape"], dtype=dt.get(r["dtype"], torch.float32), device="cuda")
            for r in m["results"]]
    stream = torch.cuda.current_stream()
    ks = lambda: program.invoke(params + inputs, outs, stream)
    eager = lambda: model(*inputs)
    cache = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    out = {"problem": m["problem"]}
    for name, fn in (("ks", ks), ("eager", eager)):
        for _ in range(10):
            fn()
        torch.cuda.synchronize()
        host = []
        for _ in range(200):
            t0 = time.perf_counter()
            fn()
            host.append((time.perf_counter() - t0) * 1e6)
            torch.cuda.synchronize()
        out[name + "_host_us_median"] = round(statistics.median(host), 1)
        for flush in (False, True):
            times = []
            for _ in range(100):
                if flush:
                    cache.zero_()
                s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                s.record()
                fn()
                e.record()
                e.synchronize()
                times.append(s.elapsed_time(e) * 1e3)
            out[name + ("_events_flush_us_median" if flush else "_events_us_median")] = round(
                statistics.median(times), 1)
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    cache.zero_()
    e.record()
    e.synchronize()
    out["flush_us"] = round(s.elapsed_time(e) * 1e3, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
