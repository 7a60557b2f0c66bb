#!/usr/bin/env python3
"""ks-run, except that the CPU check of a plan of kept first choices fails
(as rounding at the check's size or a neighbour's seed kernel back beside
a fused one can make it): the tuner's fallback, with real kernels."""
import os
import shutil
import sys

if any(a.startswith("--plan=") and "first-choices-kept" in a for a in sys.argv[1:]):
    print("ks-run: refused by the test: the plan of kept first choices", file=sys.stderr)
    sys.exit(1)
ks_run = shutil.which("ks-run")
os.execv(ks_run, [ks_run] + sys.argv[1:])
