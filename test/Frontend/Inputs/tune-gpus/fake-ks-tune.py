#!/usr/bin/env python3
"""A stand-in for ks-tune (KS_TUNE) in the --gpus test: notes the GPU it
was given (CUDA_VISIBLE_DEVICES) and when it ran, takes a moment, and
writes the plan and summary ks-tune would."""
import hashlib
import json
import os
import sys
import time

out = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--out="))
os.makedirs(out, exist_ok=True)
start = time.time()
time.sleep(0.4)
log = os.environ.get("FAKE_TUNE_LOG") or os.path.join(os.path.dirname(os.path.dirname(out)), "gpu-log.jsonl")
with open(log, "a") as f:
    f.write(json.dumps({"mlir": os.path.basename(sys.argv[1]), "gpu": os.environ.get("CUDA_VISIBLE_DEVICES"),
                        "start": start, "end": time.time(), "measure": [a for a in sys.argv if a.startswith("--measure")][0],
                        "db": [os.path.basename(a) for a in sys.argv if a.startswith("--db=")]}) + "\n")
with open(os.path.join(out, "plan.json"), "w") as f:
    json.dump({"dispatches": []}, f)
# The tuning database ks-tune would add to: one record per program.
db = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--db=")), None)
if db and db.endswith(".json") and os.path.exists(sys.argv[1]):
    with open(sys.argv[1], "rb") as f:
        signature = "sig-" + hashlib.sha1(f.read()).hexdigest()[:12]
    with open(db, "w") as f:
        json.dump({"version": 1, "records": [{"signature": signature, "chip": "sm_90", "skill": None,
                                              "params": {}, "source": "gpu", "seed_us": 1.0,
                                              "tuned_us": 1.0, "rounds": 0, "module": "m"}]}, f)
print("whole program: seed 1.0000 ms, tuned 1.0000 ms, 1.00x")
