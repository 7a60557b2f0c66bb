"""Starts ks-run on the long kernel of ks-run-crash.mlir, waits until its GPU
worker has run for a while, kills the worker with SIGSEGV and prints what
ks-run said and its exit code."""
import os
import signal
import subprocess
import sys
import time

mlir = os.path.join(os.path.dirname(__file__), "..", "ks-run-crash.mlir")
run = subprocess.Popen(["ks-run", mlir, "--no-reference", "--timeout=60",
                        "--warmup=0", "--trials=1", "--json=" + sys.argv[1]],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


worker = None
deadline = time.time() + 50
while worker is None and time.time() < deadline and run.poll() is None:
    kids = children(run.pid)
    worker = kids[0] if kids else None
    time.sleep(0.1)
assert worker, "ks-run started no worker"
time.sleep(3)  # compiled, loaded, and inside the kernel
os.kill(worker, signal.SIGSEGV)
out, _ = run.communicate(timeout=60)
print(out)
print("ks-run exit %d" % run.returncode)
