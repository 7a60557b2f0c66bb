#!/usr/bin/env python3
"""The loop's results: per dispatch tuned by ks-tune (TUNE_DIR/INPUT/report.json),
the seed and tuned kernel times, the speedup, the rounds used, the winning
skill and the tuned kernel's speed of light, then the geometric means of the
per-dispatch and whole-program speedups.

Usage: tune_table.py TUNE_DIR [INPUT ...]   (default: every report under TUNE_DIR)
"""
import json
import math
import os
import sys


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: tune_table.py TUNE_DIR [INPUT ...]")
    root = argv[1]
    names = argv[2:] or sorted(d for d in os.listdir(root)
                               if os.path.isfile(os.path.join(root, d, "report.json")))
    head = "%-16s %4s %-12s %11s %11s %8s %6s %6s  %s" % (
        "input", "disp", "class", "seed us", "tuned us", "speedup", "rounds", "SOL%", "winner")
    print(head)
    print("-" * len(head))
    per_dispatch, programs, measured = [], [], set()
    for name in names:
        path = os.path.join(root, name, "report.json")
        try:
            report = json.load(open(path))
        except (OSError, ValueError) as e:
            print("%-16s failed: no report (%s)" % (name, e.__class__.__name__))
            continue
        measured.add(bool(report.get("measured_on_gpu")))
        for d in report.get("dispatches", []):
            if d.get("fused"):
                print("%-16s %4s %-12s %11.2f %11s %8s %6s %6s  fused into another kernel" % (
                    name, d["dispatch"], d.get("op_class", "?"), d.get("seed_us", 0), "-", "-",
                    "-", "-"))
                continue
            if d.get("rounds", 0) == 0 and not d.get("winner"):
                continue  # not tuned (at its roofline, or too fast to matter)
            speedup = d.get("speedup") or 0
            per_dispatch.append(speedup)
            winner = d.get("winner") or {}
            skill = winner.get("skill", "seed kept") if winner else "seed kept"
            params = ",".join("%s=%s" % kv for kv in sorted((winner.get("params") or {}).items()))
            sol = d.get("tuned_sol_pct")
            print("%-16s %4s %-12s %11.2f %11.2f %7.2fx %6s %6s  %s %s" % (
                name, d["dispatch"], d.get("op_class", "?"), d.get("seed_us", 0),
                d.get("tuned_us", 0), speedup, d.get("rounds", 0),
                "%.1f" % sol if sol is not None else "-", skill, params))
        if report.get("speedup"):
            programs.append(report["speedup"])
    g = geomean(per_dispatch)
    p = geomean(programs)
    print("-" * len(head))
    print("geometric mean speedup: %s over %d tuned dispatches; %s over %d whole programs%s" % (
        "%.2fx" % g if g else "-", len(per_dispatch), "%.2fx" % p if p else "-", len(programs),
        "" if measured == {True} else " (some or all estimated, not measured on a GPU)"))


if __name__ == "__main__":
    main(sys.argv)
