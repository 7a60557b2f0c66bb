"""Loads, runs and unloads a program whose kernel synchronizes its grid,
then loads and runs programs without one many times, through the C API:
ksrt_grid_then_plain.py LIBRARY GRID.mlir GRID_PLAN.json PLAIN.mlir LOADS.
A handle the driver hands out again after the grid program's unload must
not be taken for the grid kernel (its launch would be refused)."""
import ctypes
import sys

import torch

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_load_plan.restype = ctypes.c_void_p
lib.ksrt_load_plan.argtypes = [ctypes.c_char_p] * 4
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4
lib.ksrt_unload.argtypes = [ctypes.c_void_p]
grid_mlir, grid_plan, plain_mlir, loads = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
torch.cuda.init()
stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)


def load(path, plan):
    program = lib.ksrt_load_plan(path.encode(), b"main", b"sm_90", plan and plan.encode())
    if not program:
        sys.exit(f"ksrt_load_plan {path} failed: " + lib.ksrt_last_error().decode())
    return program


def run(program, x, expected, what):
    out = torch.full_like(expected, float("nan"))
    ins = (ctypes.c_void_p * 1)(x.data_ptr())
    outs = (ctypes.c_void_p * 1)(out.data_ptr())
    if lib.ksrt_invoke(program, ins, outs, stream):
        sys.exit(f"{what}: ksrt_invoke failed: " + lib.ksrt_last_error().decode())
    torch.cuda.synchronize()
    if not torch.allclose(out, expected, atol=1e-4, rtol=1e-4):
        sys.exit(f"{what}: MISMATCH, max abs err {(out - expected).abs().max().item():.2e}")


torch.manual_seed(0)
x = torch.rand(64, 1024, device="cuda") + 0.5
grid = load(grid_mlir, grid_plan)
run(grid, x, x / torch.linalg.vector_norm(x), "grid program")
lib.ksrt_unload(grid)
print("grid program: ok, unloaded")

held = []
for i in range(loads):
    x = torch.randn(4096, 4096, device="cuda")
    program = load(plain_mlir, None)
    run(program, x, torch.relu(x), f"plain program {i}")
    # Every other program stays loaded, so handles come from a growing set.
    (held.append(program) if i % 2 else lib.ksrt_unload(program))
for program in held:
    lib.ksrt_unload(program)
print(f"plain programs: {loads} loaded and run, ok")
