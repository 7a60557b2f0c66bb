"""Runs a ks-compiled module of more than 2^31 elements through the C API
on PyTorch's tensors, against torch: ksrt_large.py LIBRARY KIND MODULE.mlir
(KIND: relu, row_sum, matmul). Prints "KIND: max abs err E ok" or exits 1.
The reference is torch's own op (the CPU reference would take minutes)."""
import ctypes
import sys

import torch

lib_path, kind, module = sys.argv[1:4]
lib = ctypes.CDLL(lib_path)
lib.ksrt_load.restype = ctypes.c_void_p
lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4
lib.ksrt_unload.argtypes = [ctypes.c_void_p]

torch.backends.cuda.matmul.allow_tf32 = False
torch.manual_seed(11)
if kind == "relu":
    inputs = [torch.randn(46875, 65536, device="cuda")]
    expected = lambda x: torch.relu(x)
    atol = 0.0
elif kind == "row_sum":
    inputs = [torch.rand(46875, 65536, device="cuda")]
    expected = lambda x: x.double().sum(dim=1).float()
    atol = 0.05  # 65536 terms summed in f32 in another order.
elif kind == "matmul":
    inputs = [torch.rand(1500000, 2048, device="cuda") - 0.5, torch.rand(2048, 8, device="cuda") - 0.5]
    expected = lambda a, b: (a.double() @ b.double()).float()
    atol = 1e-3
else:
    sys.exit("unknown kind " + kind)
want = expected(*inputs)
program = lib.ksrt_load(module.encode(), b"main", b"sm_90")
if not program:
    sys.exit("ksrt_load failed: " + lib.ksrt_last_error().decode())
out = torch.full_like(want, float("nan"))
ins = (ctypes.c_void_p * len(inputs))(*[x.data_ptr() for x in inputs])
outs = (ctypes.c_void_p * 1)(out.data_ptr())
if lib.ksrt_invoke(program, ins, outs, ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)):
    sys.exit("ksrt_invoke failed: " + lib.ksrt_last_error().decode())
torch.cuda.synchronize()
err = (out - want).abs().max().item()
# The last rows (past 2^31 elements) are checked on their own as well.
tail_err = (out[-100:] - want[-100:]).abs().max().item()
ok = err <= atol + 1e-4 * want.abs().max().item() and tail_err == tail_err
print(f"{kind}: max abs err {err:.3e} (last rows {tail_err:.3e}) {'ok' if ok else 'MISMATCH'}")
lib.ksrt_unload(ctypes.c_void_p(program))
sys.exit(0 if ok else 1)
