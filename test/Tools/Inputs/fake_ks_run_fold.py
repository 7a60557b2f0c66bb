#!/usr/bin/env python3
"""Stands in for ks-run (no GPU) where one candidate's kernel takes in the
fill before it and later ones give it back: dispatch 0 is a fill (100 us),
dispatch 1 a matmul (matmul_register_tile's parameters):
  seed                                   1000 us, the fill 100 us
  BM=64,BN=64,TM=4,TN=4,KT=4 (default)    900 us, the fill 100 us
  the same with TN=8                      600 us, the fill taken in (no kernel)
  anything else                           450 us (95% of its speed of light), the
                                         fill 100 us again
"""
import json
import sys

args = dict(a[2:].split("=", 1) for a in sys.argv[2:] if a.startswith("--") and "=" in a)
plan = json.load(open(args["plan"]))["dispatches"] if "plan" in args else []
step = {d["id"]: d for d in plan}.get(1)
us, fill = 1000.0, True
if step:
    default = {"BM": 64, "BN": 64, "TM": 4, "TN": 4, "KT": 4}
    if step["params"] == default:
        us = 900.0
    elif step["params"] == dict(default, TN=8):
        us, fill = 600.0, False
    else:
        us = 450.0
metrics = {"dram_throughput_pct": 0.5, "l2_throughput_pct": 60.0, "l1_throughput_pct": 85.0,
           "sm_throughput_pct": 50.0, "memory_throughput_pct": 85.0,
           "speed_of_light_pct": 95.0 if us == 450.0 else 50.0,
           "duration_us": us}
kernels = [{"name": "main_kernel_0", "dispatch": 1, "per_trial_us": us, "registers": 40,
            "occupancy": {"limiter": "warps"}, "metrics": metrics}]
if fill:
    kernels.insert(0, {"name": "main_kernel", "dispatch": 0, "per_trial_us": 100.0, "registers": 10,
                       "occupancy": {"limiter": "warps"}, "metrics": dict(metrics, duration_us=100.0)})
report = {"module": sys.argv[1], "status": "ok", "cupti": {"kernels": kernels},
          "time_ms": {"median": (us + (100.0 if fill else 0.0)) / 1000},
          "outputs": [{"index": 0, "passed": True, "max_abs_error": 0.0, "max_rel_error": 0.0,
                       "mismatches": 0}]}
json.dump(report, open(args["json"], "w"))
