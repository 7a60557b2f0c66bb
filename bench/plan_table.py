#!/usr/bin/env python3
"""Skills against the seed: per plan in bench/plans (named INPUT.LABEL.json),
the median time of bench/seed/INPUT.mlir compiled with the plan, the seed's
time from the same run, the speedup, and whether the output matched the seed
kernel run on the GPU on the same inputs.

Usage: plan_table.py SEED_RUN_DIR PLAN_RUN.json [PLAN_RUN.json ...]
"""
import os
import sys

from common import load


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: plan_table.py SEED_RUN_DIR PLAN_RUN.json ...")
    seed_dir = argv[1]
    head = "%-16s %-26s %10s %10s %8s %-9s %s" % (
        "input", "plan", "seed ms", "plan ms", "speedup", "vs seed", "kernel (regs)")
    print(head)
    print("-" * len(head))
    for path in argv[2:]:
        name = os.path.basename(path)[:-len(".json")]
        base, label = name.split(".", 1)
        seed = load(os.path.join(seed_dir, base + ".json"))
        r = load(path)
        seed_ms = seed["time_ms"]["median"] if seed and "time_ms" in seed else None
        if not r or r.get("status") != "ok" or "time_ms" not in r:
            why = (r or {}).get("message", "no result")[:60]
            print("%-16s %-26s %10s %10s %8s %-9s %s" % (
                base, label, "%.4f" % seed_ms if seed_ms else "-", "-", "-",
                (r or {}).get("status", "error"), why))
            continue
        ms = r["time_ms"]["median"]
        outs = r.get("outputs", [])
        check = "match" if outs and all(o.get("passed") for o in outs) else "MISMATCH"
        kernels = r.get("cupti", {}).get("kernels", [])
        slowest = max(kernels, key=lambda k: k["per_trial_us"], default=None)
        kernel = "%s (%d)" % (slowest["name"], slowest["registers"]) if slowest else "-"
        print("%-16s %-26s %10s %10.4f %8s %-9s %s" % (
            base, label, "%.4f" % seed_ms if seed_ms else "-", ms,
            "%.2fx" % (seed_ms / ms) if seed_ms else "-", check, kernel))


if __name__ == "__main__":
    main(sys.argv)
