"""Checks ks-run's JSON for one kernel whose bottleneck is known (argv[2]:
"memory" for a streaming copy, "compute" for a chain of sines): every metric
the planner reads is there, the throughputs point the expected way by a wide
margin, and speed of light is the higher of compute and memory."""
import json
import sys

r = json.load(open(sys.argv[1]))
expect = sys.argv[2]
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
assert m["speed_of_light_pct"] == max(m["sm_throughput_pct"], m["memory_throughput_pct"])
assert m["tensor_pipe_pct"] < 1
# Each thread reads one float, 32 consecutive per warp: whole sectors used.
assert m["global_load_sectors_per_request"] == 4, m["global_load_sectors_per_request"]
assert m["global_load_efficiency_pct"] == 100, m["global_load_efficiency_pct"]
dram, sm = m["dram_throughput_pct"], m["sm_throughput_pct"]
if expect == "memory":
    # 512 MiB moved: the DRAM counters see at least that much.
    assert m["dram_bytes"] >= 0.95 * 2 * 64 * 1048576 * 4, m["dram_bytes"]
    # The seed copy (one element a thread) measured DRAM 70.7% / SM 35.5% on
    # the H100 and 54% / 39% on the H200, whose DRAM is faster.
    assert dram > 50 and dram > 1.2 * sm, (dram, sm)
    assert m["bound"] == "memory"
    assert m["long_scoreboard_stall_pct"] > 50, m["long_scoreboard_stall_pct"]
    print("memory-bound: DRAM well above SM")
else:
    assert sm > 50 and sm > 3 * dram, (dram, sm)
    assert m["bound"] == "compute"
    print("compute-bound: SM well above DRAM")
