#!/usr/bin/env python3
"""The seed-kernel baseline table: per benchmark input, ks-run's median time,
achieved bandwidth and FLOP rate, and % of the roofline drawn with the
ceilings measured in the same run (bench/ceilings.py).

  roofline time = max(min_bytes / copy bandwidth, flops / SGEMM rate)
  % roofline    = roofline time / measured time

Usage: seed_table.py CEILINGS.json RUN.json [RUN.json ...]
"""
import json
import os
import sys


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: seed_table.py CEILINGS.json RUN.json [RUN.json ...]")
    ceilings = json.load(open(argv[1]))
    bw = ceilings["copy_gbps"] * 1e9           # bytes/s
    flops_peak = ceilings["sgemm_tflops"] * 1e12  # FLOP/s
    print("ceilings (%s, measured in this run): D2D copy %.0f GB/s, SGEMM (TF32 off) %.1f TFLOP/s"
          % (ceilings.get("device", "?"), ceilings["copy_gbps"], ceilings["sgemm_tflops"]))
    head = "%-20s %8s %10s %9s %9s %8s %7s %-8s  %s" % (
        "input", "kernels", "median ms", "GB/s", "GFLOP/s", "%roof", "SOL%", "bound", "checked")
    print(head)
    print("-" * len(head))
    for path in argv[2:]:
        name = os.path.basename(path)[:-len(".json")]
        try:
            r = json.load(open(path))
        except (OSError, ValueError) as e:
            print("%-20s  no result (%s)" % (name, e))
            continue
        if r.get("status") != "ok" or "time_ms" not in r:
            print("%-20s  %s: %s" % (name, r.get("status", "error"), r.get("message", "")[:80]))
            continue
        seconds = r["time_ms"]["median"] / 1e3
        work = r["work"]
        roof = max(work["min_bytes"] / bw, work["flops"] / flops_peak)
        kernels = r.get("cupti", {}).get("kernels", [])
        # Speed of light of the kernel that takes the most time.
        slowest = max(kernels, key=lambda k: k["per_trial_us"], default=None)
        m = (slowest or {}).get("metrics", {})
        sol = "%.1f" % m["speed_of_light_pct"] if "speed_of_light_pct" in m else "-"
        outs = r.get("outputs", [])
        kind = r.get("reference", {}).get("kind", "none")
        checked = ("match" if all(o.get("passed") for o in outs) else "MISMATCH") \
            if kind != "none" else "no"
        print("%-20s %8d %10.4f %9.1f %9.1f %8.2f %7s %-8s  %s" % (
            name, len(kernels), r["time_ms"]["median"],
            work["min_bytes"] / seconds / 1e9, work["flops"] / seconds / 1e9,
            100 * roof / seconds, sol, m.get("bound", "-"), checked))


if __name__ == "__main__":
    main(sys.argv)
