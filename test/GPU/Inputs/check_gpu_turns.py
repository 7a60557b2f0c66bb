"""Starts two ks-runs of the same program at once and checks that they took
turns on the GPU: each reports its turn (gpu_turn: start_ms, end_ms) and
the two turns do not overlap; the second to get the GPU waited for it."""
import json
import subprocess
import sys
import tempfile
import os

ks_run, module = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp()
runs = []
for name in ("a", "b"):
    out = os.path.join(tmp, name + ".json")
    runs.append((out, subprocess.Popen(
        [ks_run, module, "--reference=none", "--trials=30", "--json=" + out],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
turns = []
for out, proc in runs:
    _, err = proc.communicate()
    if proc.returncode != 0:
        sys.exit("ks-run failed: " + err)
    turn = json.load(open(out))["gpu_turn"]
    turns.append((turn["start_ms"], turn["end_ms"], turn["waited_ms"]))
turns.sort()
(s0, e0, w0), (s1, e1, w1) = turns
if not (s0 < e0 <= s1 < e1):
    sys.exit("the turns overlap: %s" % turns)
print("turns do not overlap; the second waited %.0f ms (the first's turn: %.0f ms)"
      % (w1, e0 - s0))
if w1 <= 0:
    sys.exit("the second did not wait")
