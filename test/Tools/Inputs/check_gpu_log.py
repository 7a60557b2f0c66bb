"""Reads fake_ks_run_gpus.py's log: how many runs each GPU had, and the
most runs on one GPU at the same time (from their start and end times)."""
import collections
import sys

runs = [line.split() for line in open(sys.argv[1]) if line.strip()]
per_gpu = collections.Counter(gpu for gpu, _, _ in runs)
overlap = {}
for gpu in per_gpu:
    spans = [(float(s), float(e)) for g, s, e in runs if g == gpu]
    overlap[gpu] = max(sum(1 for s2, e2 in spans if s2 < e and s < e2) for s, e in spans)
for gpu in sorted(per_gpu):
    print(f"gpu {gpu}: {per_gpu[gpu]} runs, at most {overlap[gpu]} at once")
