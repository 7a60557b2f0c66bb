#!/usr/bin/env python3
"""Plans side by side on the GPU: per PROBLEM--VARIANT.json from ks-run (a
bench problem imported by ks_torch, run under one plan variant, no
reference), the median program time and the CUPTI sum of its kernels per
trial, and each variant's kernel time against the problem's fastest.

Usage: sweep_table.py RUN.json [RUN.json ...]
"""
import os
import sys
from collections import defaultdict

from common import load


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: sweep_table.py RUN.json ...")
    rows = defaultdict(list)
    for path in argv[1:]:
        name = os.path.basename(path)[:-len(".json")]
        problem, _, variant = name.partition("--")
        r = load(path) or {"message": "no result"}
        if r.get("status") != "ok" or "time_ms" not in r:
            rows[problem].append((variant, None, None, r.get("message", "failed")[:80]))
            continue
        kernel_ms = r.get("cupti", {}).get("kernel_time_ms_per_trial")
        rows[problem].append((variant, r["time_ms"]["median"], kernel_ms, ""))
    head = "%-40s %-28s %11s %11s %8s" % ("problem", "variant", "program ms", "kernels ms",
                                           "vs best")
    print(head)
    print("-" * len(head))
    for problem in sorted(rows):
        timed = [k for _, _, k, _ in rows[problem] if k]
        best = min(timed) if timed else None
        for variant, program, kernels, message in sorted(rows[problem]):
            if program is None:
                print("%-40s %-28s %s" % (problem, variant, message))
                continue
            print("%-40s %-28s %11.4f %11s %8s" % (
                problem, variant, program, "%.4f" % kernels if kernels else "-",
                "%.2fx" % (kernels / best) if kernels and best else "-"))


if __name__ == "__main__":
    main(sys.argv)
