"""Checks ks-tune's report for the 1024^3 matmul: the matmul dispatch was
tuned with a winner, faster than its seed kernel by at least the win
threshold, and the whole program got faster."""
import json
import sys

r = json.load(open(sys.argv[1]))
print(json.dumps(r, indent=1))
matmul = [d for d in r["dispatches"] if d["op_class"] == "matmul"]
assert len(matmul) == 1, r["dispatches"]
d = matmul[0]
# The case's first candidates under the default precision policy (exact: no
# tensor cores): FMA warp tiles or pipelined shared-memory tiles, whichever
# measured faster.
assert r["precision"] == "exact", r.get("precision")
assert d["winner"]["skill"] in ("matmul_fma_pipelined", "matmul_smem_pipelined"), d
assert d["speedup"] >= r["win_threshold"], d
# The seed's counters read as GEMM tiling chose the first candidate; the
# winner's own bottleneck (its registers, say) is what it is.
assert "bottleneck gemm_tiling" in d["first_choice"]["rule"], d["first_choice"]
assert r["speedup"] > 1, r
print("tuned faster than the seed")
