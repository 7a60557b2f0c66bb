"""Checks ks-run's JSON for a bandwidth-bound copy: one kernel with every
metric the planner reads, DRAM throughput far above SM throughput, and a
speed of light that is the higher of compute and memory."""
import json
import sys

r = json.load(open(sys.argv[1]))
assert "metrics_note" not in r, "no counters: " + r.get("metrics_note", "")
kernels = r["cupti"]["kernels"]
assert len(kernels) == 1, kernels
k = kernels[0]
m = k["metrics"]
print(json.dumps(k, indent=1))
expected = ["duration_us", "dram_throughput_pct", "l2_throughput_pct",
            "l1_throughput_pct", "sm_throughput_pct", "memory_throughput_pct",
            "l2_hit_rate_pct", "l1_hit_rate_pct", "achieved_occupancy_pct",
            "long_scoreboard_stall_pct", "short_scoreboard_stall_pct",
            "barrier_stall_pct", "tensor_pipe_pct", "dram_bytes",
            "global_load_sectors_per_request", "global_load_bytes_per_sector",
            "global_load_efficiency_pct", "speed_of_light_pct", "bound"]
missing = [name for name in expected if name not in m]
assert not missing, "missing metrics: %s" % missing
assert k["occupancy"]["limiter"] in ("warps", "blocks", "registers", "shared_memory")
assert k["registers"] > 0 and k["block"][0] == 256
# 512 MiB moved: the DRAM counters see at least that much.
assert m["dram_bytes"] >= 0.95 * 2 * 64 * 1048576 * 4, m["dram_bytes"]
assert m["dram_throughput_pct"] > 50, m["dram_throughput_pct"]
assert m["dram_throughput_pct"] > 2 * m["sm_throughput_pct"], (m["dram_throughput_pct"], m["sm_throughput_pct"])
assert m["bound"] == "memory"
assert m["speed_of_light_pct"] == max(m["sm_throughput_pct"], m["memory_throughput_pct"])
assert m["tensor_pipe_pct"] < 1
print("memory-bound: DRAM far above SM")
