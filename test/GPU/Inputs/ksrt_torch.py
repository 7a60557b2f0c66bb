"""Runs a ks-compiled model from PyTorch through the ksrt C API:
ksrt_torch.py LIBRARY MODULE.mlir (entry @main: x, w, b -> tanh(x @ w + b))."""
import ctypes
import sys

import torch

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_load.restype = ctypes.c_void_p
lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4

torch.cuda.init()
torch.backends.cuda.matmul.allow_tf32 = False
program = lib.ksrt_load(sys.argv[2].encode(), b"main", b"sm_90")
if not program:
    sys.exit("ksrt_load failed: " + lib.ksrt_last_error().decode())

stream = torch.cuda.current_stream()
for trial in range(5):
    torch.manual_seed(trial)
    x = torch.rand(64, 128, device="cuda") - 0.5
    w = torch.rand(128, 32, device="cuda") - 0.5
    b = torch.rand(32, device="cuda") - 0.5
    out = torch.full((64, 32), float("nan"), device="cuda")
    ins = (ctypes.c_void_p * 3)(x.data_ptr(), w.data_ptr(), b.data_ptr())
    outs = (ctypes.c_void_p * 1)(out.data_ptr())
    if lib.ksrt_invoke(program, ins, outs, ctypes.c_void_p(stream.cuda_stream)):
        sys.exit("ksrt_invoke failed: " + lib.ksrt_last_error().decode())
    expected = torch.tanh(x @ w + b)
    err = (out - expected).abs().max().item()
    ok = torch.allclose(out, expected, atol=1e-4, rtol=1e-4)
    print("trial %d: max abs err %.2e %s" % (trial, err, "ok" if ok else "MISMATCH"))
    if not ok:
        sys.exit(1)
lib.ksrt_unload(ctypes.c_void_p(program))
