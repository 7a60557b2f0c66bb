"""The bench worker after a CUDA error that poisons its context: it logs the
problem as an error and stops (exit 0), leaving the next problems to a fresh
worker; any other error does not stop it. torch and the runtime are stubbed."""
import json
import sys
import types
from types import SimpleNamespace

fake_torch = types.ModuleType("torch")
fake_torch.backends = SimpleNamespace(cuda=SimpleNamespace(matmul=SimpleNamespace()),
                                      cudnn=SimpleNamespace())
sys.modules["torch"] = fake_torch

from ks_torch import bench, runtime  # noqa: E402

runtime.Library = lambda: None


class AcceleratorError(RuntimeError):
    pass


def fake_bench_one(path, *args):
    if path.endswith("value.json"):
        raise ValueError("not a CUDA problem")
    if path.endswith("fault.json"):
        raise AcceleratorError("CUDA error: an illegal memory access was encountered")
    return {"problem": path, "status": "correct"}


bench._bench_one = fake_bench_one
results = sys.argv[1]
args = SimpleNamespace(results=results, deadline=None, chip="sm_90", plans=None,
                       no_compile=True, verbose=False,
                       manifests=["a.json", "value.json", "fault.json", "b.json"])
bench.worker_main(args)
for line in open(results):
    e = json.loads(line)
    if "done" in e:
        print(e["done"], e["row"]["status"])
