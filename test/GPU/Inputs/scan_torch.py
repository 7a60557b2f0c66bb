"""Runs a ks-compiled scan from PyTorch (ksrt C API, with a plan) and
compares it with torch's own CUDA scan, bit for bit:

  scan_torch.py LIBRARY MODULE.mlir PLAN.json OP ROWS N DTYPE

OP: cumsum, cumprod, reverse_cumsum (torch.flip(torch.cumsum(torch.flip(x)))
exclusive_cumsum (torch.cumsum of the rows shifted right by one, a zero
first), as KernelBench's level1/48-51 write them, or cat_exclusive_cumsum
(a zero column, then torch.cumsum of the rows less their last element). Prints, per trial on fresh
random inputs, how many elements equal torch's."""
import ctypes
import sys

import torch

library, module, plan, op, rows, n, dtype = sys.argv[1:8]
rows, n, dtype = int(rows), int(n), getattr(torch, dtype)
lib = ctypes.CDLL(library)
lib.ksrt_load_plan.restype = ctypes.c_void_p
lib.ksrt_load_plan.argtypes = [ctypes.c_char_p] * 4
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4

torch.cuda.init()
program = lib.ksrt_load_plan(module.encode(), b"main", b"sm_90", plan.encode())
if not program:
    sys.exit("ksrt_load_plan failed: " + lib.ksrt_last_error().decode())
stream = torch.cuda.current_stream()
shape = (rows, n) if rows else (n,)
for trial in range(3):
    torch.manual_seed(100 + trial)
    if op == "cumsum":
        x = torch.randn(shape, device="cuda", dtype=dtype)
        expected = torch.cumsum(x, dim=-1)
    elif op == "reverse_cumsum":
        x = torch.randn(shape, device="cuda", dtype=dtype)
        expected = torch.flip(torch.cumsum(torch.flip(x, [-1]), dim=-1), [-1])
    elif op == "exclusive_cumsum":
        x = torch.randn(shape, device="cuda", dtype=dtype)
        shifted = torch.cat([torch.zeros_like(x[..., :1]), x[..., :-1]], dim=-1)
        expected = torch.cumsum(shifted, dim=-1)
    elif op == "cat_exclusive_cumsum":
        x = torch.randn(shape, device="cuda", dtype=dtype)
        expected = torch.cat([torch.zeros_like(x[..., :1]), torch.cumsum(x[..., :-1], dim=-1)], dim=-1)
    else:
        x = 0.99 + 0.02 * torch.rand(shape, device="cuda", dtype=dtype)
        expected = torch.cumprod(x, dim=-1)
    out = torch.full(shape, float("nan"), device="cuda", dtype=dtype)
    ins = (ctypes.c_void_p * 1)(x.data_ptr())
    outs = (ctypes.c_void_p * 1)(out.data_ptr())
    if lib.ksrt_invoke(program, ins, outs, ctypes.c_void_p(stream.cuda_stream)):
        sys.exit("ksrt_invoke failed: " + lib.ksrt_last_error().decode())
    torch.cuda.synchronize()
    same = int((out.view(-1) == expected.view(-1)).sum().item())
    diff = (out - expected).abs().max().item()
    print("trial %d: %d of %d equal to torch.%s (max abs difference %.3g)"
          % (trial, same, out.numel(), op, diff))
lib.ksrt_unload(ctypes.c_void_p(program))
