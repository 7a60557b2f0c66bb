#!/usr/bin/env python3
"""Stands in for ks-run (no GPU) as the H200 answered for test/GPU/ks-tune.mlir:
the 1024^3 matmul's seed kernel takes 1312 us; any planned kernel 57 us with
128 registers, its occupancy limited by them (what the FMA tiles of
matmul_fma_pipelined measured), except matmul_smem_pipelined's at 71 us."""
import json
import sys

args = dict(a[2:].split("=", 1) for a in sys.argv[2:] if a.startswith("--") and "=" in a)
plan = json.load(open(args["plan"]))["dispatches"] if "plan" in args else []
step = {d["id"]: d for d in plan}.get(1)
us, registers, limiter = 1312.0, 38, "warps"
if step:
    us = 71.0 if step["skill"] == "matmul_smem_pipelined" else 57.0
    registers, limiter = 128, "registers"
metrics = {"dram_throughput_pct": 12.0, "l2_throughput_pct": 35.0, "l1_throughput_pct": 62.0,
           "sm_throughput_pct": 64.0, "memory_throughput_pct": 62.0, "speed_of_light_pct": 64.0,
           "long_scoreboard_stall_pct": 10.0, "duration_us": us}
report = {"module": sys.argv[1], "status": "ok", "time_ms": {"median": (us + 3.0) / 1000},
          "cupti": {"kernels": [
              {"name": "main_kernel", "dispatch": 0, "per_trial_us": 3.0, "registers": 10,
               "occupancy": {"limiter": "warps"}, "metrics": dict(metrics, duration_us=3.0)},
              {"name": "main_kernel_0", "dispatch": 1, "per_trial_us": us, "registers": registers,
               "occupancy": {"limiter": limiter}, "metrics": metrics}]},
          "outputs": [{"index": 0, "passed": True, "max_abs_error": 0.0, "max_rel_error": 0.0,
                       "mismatches": 0}]}
json.dump(report, open(args["json"], "w"))
print("fake ks-run:", us)
