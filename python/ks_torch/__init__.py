"""ks_torch: PyTorch models in KernelBench format, into ks and back.

python -m ks_torch import  -- Torch-MLIR import to linalg-on-tensors + manifest
python -m ks_torch check   -- the import run on the CPU at reduced sizes vs PyTorch
python -m ks_torch bench   -- ks vs eager vs torch.compile on the GPU
python -m ks_torch report  -- the table of a bench's results.json

torch.compile(model, backend="ks"), ks_torch.compile(model, example_inputs)
and ks_torch.tune(model, example_inputs): a model in hand (backend.py).

Problem files are Python code: import, check and bench execute them.
"""


def compile(model, example_inputs=None, **options):  # noqa: A001 -- as torch.compile
    """torch.compile(model, backend="ks", dynamic=False) with `options`;
    compiled on `example_inputs` now if given (see ks_torch.api)."""
    from .api import compile as compile_
    return compile_(model, example_inputs, **options)


def tune(model, example_inputs, budget=60, **options):
    """Plans for `model`'s partitions under `budget` seconds each, no GPU
    needed, where compile finds them (see ks_torch.api)."""
    from .api import tune as tune_
    return tune_(model, example_inputs, budget=budget, **options)
