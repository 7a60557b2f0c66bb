"""Checks ks-run's JSON: CUPTI's per-trial kernel time agrees with the CUDA
event time within 10%, and every kernel has launches and a duration."""
import json
import sys

r = json.load(open(sys.argv[1]))
events = r["time_ms"]["median"]
cupti = r["cupti"]["kernel_time_ms_per_trial"]
kernels = r["cupti"]["kernels"]
print("events %.4f ms, cupti %.4f ms, %d kernels" % (events, cupti, len(kernels)))
assert events > 0.1, "the test needs a kernel longer than 100 us"
assert all(k["launches"] > 0 and k["median_us"] > 0 for k in kernels)
# fill (dispatch 0) and matmul (dispatch 1): each kernel says which it is.
assert sorted(k["dispatch"] for k in kernels) == [0, 1], kernels
assert abs(cupti - events) / events < 0.10, "CUPTI and events disagree"
print("agree within 10%")
