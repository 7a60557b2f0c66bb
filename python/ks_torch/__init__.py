"""ks_torch: PyTorch models in KernelBench format, into ks and back.

python -m ks_torch import  -- Torch-MLIR import to linalg-on-tensors + manifest
python -m ks_torch check   -- the import run on the CPU at reduced sizes vs PyTorch
python -m ks_torch bench   -- ks vs eager vs torch.compile on the GPU
python -m ks_torch report  -- the table of a bench's results.json

Problem files are Python code: import, check and bench execute them.
"""
