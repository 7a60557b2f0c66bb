#!/usr/bin/env python3
"""Stands in for ks-run in ks-tune's CI test (no GPU): answers like ks-run's
JSON with fixed, plan-dependent kernel times and counters, so the loop's
logic (planning from counters, acceptance, diagnosis, resume, reports) can
be checked exactly. Dispatch 0 is a fill (10 us), dispatch 1 a matmul whose
time depends on the plan (matmul_register_tile's parameters):
  seed                                   1000 us
  BM=64,BN=64,TM=4,TN=4,KT=4 (default)    400 us
  the same with TN=8                      300 us (1.33x: a new base)
  TM=8 and TN=8                           a fault
  BM=128                                  wrong numbers (a mismatch)
  BM=32                                   280 us, and ptxas spilled 96 bytes
  anything else                           280 us (1.07x on 300: no win)
  a draft of the LLM skill author         250 us (learned_* skills, no parameters)
"""
import json
import sys

args = dict(a[2:].split("=", 1) for a in sys.argv[2:] if a.startswith("--") and "=" in a)
plan = json.load(open(args["plan"]))["dispatches"] if "plan" in args else []
step = {d["id"]: d for d in plan}.get(1)
us, outcome, spills = 1000.0, "ok", 0
if step and step["skill"].startswith("learned_"):
    us = 250.0
elif step:
    p = step["params"]
    default = {"BM": 64, "BN": 64, "TM": 4, "TN": 4, "KT": 4}
    if p == default:
        us = 400.0
    elif p == dict(default, TN=8):
        us = 300.0
    elif p["TM"] == 8 and p["TN"] == 8:
        outcome = "fault"
    elif p["BM"] == 128:
        outcome = "mismatch"
    else:
        us = 280.0
        spills = 96 if p["BM"] == 32 else 0
report = {"module": sys.argv[1], "status": "ok"}
if outcome == "fault":
    report.update(status="fault", message="CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access")
else:
    l1 = 85.0 if us >= 1000 else 40.0
    matmul = {"dram_throughput_pct": 0.5, "l2_throughput_pct": 60.0, "l1_throughput_pct": l1,
              "sm_throughput_pct": 50.0, "memory_throughput_pct": l1,
              "speed_of_light_pct": max(50.0, l1), "long_scoreboard_stall_pct": 20.0,
              "duration_us": us}
    fill = {"dram_throughput_pct": 80.0, "l2_throughput_pct": 50.0, "l1_throughput_pct": 10.0,
            "sm_throughput_pct": 20.0, "memory_throughput_pct": 80.0,
            "speed_of_light_pct": 80.0, "duration_us": 10.0}
    report["time_ms"] = {"median": (us + 10.0) / 1000}
    report["cupti"] = {"kernels": [
        {"name": "main_kernel", "dispatch": 0, "per_trial_us": 10.0, "registers": 10,
         "occupancy": {"limiter": "warps"}, "metrics": fill},
        {"name": "main_kernel_0", "dispatch": 1, "per_trial_us": us, "registers": 40,
         "spill_bytes": spills,
         "occupancy": {"limiter": "warps"}, "metrics": matmul}]}
    passed = outcome == "ok"
    report["outputs"] = [{"index": 0, "passed": passed, "max_abs_error": 0.0 if passed else 0.5, "max_rel_error": 0.0 if passed else 0.25,
                          "mismatches": 0 if passed else 4096}]
json.dump(report, open(args["json"], "w"))
print("fake ks-run:", outcome, us)
sys.exit({"ok": 0, "mismatch": 1, "fault": 3}[outcome])
