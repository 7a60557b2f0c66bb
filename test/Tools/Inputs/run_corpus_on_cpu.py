"""Runs ks-run --cpu-only (or the given mode, e.g. --emulate-gpu) on every
corpus input (and the example); prints one line per file and exits non-zero
if any failed. Keeps the CPU reference, and the emulation of the seed
kernels on the CPU, able to handle everything the GPU path compiles."""
import glob
import os
import re
import subprocess
import sys

ks_run, root = sys.argv[1], sys.argv[2]
mode = sys.argv[3] if len(sys.argv) > 3 else "--cpu-only"
files = sorted(glob.glob(os.path.join(root, "test", "corpus", "*.mlir")))
files += sorted(glob.glob(os.path.join(root, "examples", "*.mlir")))
failed = 0
for path in files:
    entry = re.search(r"func\.func @(\w+)", open(path).read()).group(1)
    run = subprocess.run([ks_run, path, mode, "--entry=" + entry,
                          "--int-low=1", "--int-high=6"],
                         capture_output=True, text=True)
    ok = run.returncode == 0
    failed += not ok
    print(("ran " if ok else "FAILED ") + os.path.basename(path) +
          ("" if ok else ": " + run.stderr.strip().splitlines()[-1]))
print("%d passed, %d failed" % (len(files) - failed, failed))
sys.exit(1 if failed else 0)
