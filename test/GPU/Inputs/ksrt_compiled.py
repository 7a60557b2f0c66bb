"""A program compiled with ksrt_compile, loaded with ksrt_load_compiled (and
compiled and loaded from memory with ksrt_load_module), runs on PyTorch's
tensors like ksrt_load's and gives its results:
ksrt_compiled.py LIBRARY MODULE.mlir DIR (entry @main: x, w, b ->
tanh(x @ w + b)). Prints one line per check."""
import ctypes
import os
import sys

import torch

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_load.restype = ctypes.c_void_p
lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
lib.ksrt_compile.restype = ctypes.c_int
lib.ksrt_compile.argtypes = [ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 4
lib.ksrt_load_compiled.restype = ctypes.c_void_p
lib.ksrt_load_compiled.argtypes = [ctypes.c_char_p, ctypes.c_int]
lib.ksrt_load_module.restype = ctypes.c_void_p
lib.ksrt_load_module.argtypes = ([ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 3
                                 + [ctypes.c_int])
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4
lib.ksrt_unload.argtypes = [ctypes.c_void_p]


def error():
    return lib.ksrt_last_error().decode()


torch.cuda.init()
torch.backends.cuda.matmul.allow_tf32 = False
with open(sys.argv[2], "rb") as f:
    text = f.read()
compiled = os.path.join(sys.argv[3], "program.ksrt")
rc = lib.ksrt_compile(text, len(text), b"main", b"sm_90", None, compiled.encode())
print("compile:", rc, error())

programs = {"load": lib.ksrt_load(sys.argv[2].encode(), b"main", b"sm_90"),
            "load_compiled": lib.ksrt_load_compiled(compiled.encode(), 0),
            "load_module": lib.ksrt_load_module(text, len(text), b"main", b"sm_90", None, 0)}
for name, program in programs.items():
    print(f"{name}:", "ok" if program else "NULL " + error())
count = torch.cuda.device_count()
missing = lib.ksrt_load_compiled(compiled.encode(), count)
print("device out of range:", "ok" if missing else "NULL " + error())


def run(program, device):
    torch.manual_seed(0)
    x = torch.rand(64, 128, device=device) - 0.5
    w = torch.rand(128, 32, device=device) - 0.5
    b = torch.rand(32, device=device) - 0.5
    out = torch.full((64, 32), float("nan"), device=device)
    ins = (ctypes.c_void_p * 3)(x.data_ptr(), w.data_ptr(), b.data_ptr())
    outs = (ctypes.c_void_p * 1)(out.data_ptr())
    stream = torch.cuda.current_stream(device)
    for _ in range(3):  # the second call on the same buffers replays a graph
        if lib.ksrt_invoke(program, ins, outs, ctypes.c_void_p(stream.cuda_stream)):
            sys.exit("ksrt_invoke failed: " + error())
    torch.cuda.synchronize(device)
    return out, torch.tanh(x @ w + b)


if all(programs.values()):
    reference, expected = run(programs["load"], "cuda:0")
    for name in ("load_compiled", "load_module"):
        out, _ = run(programs[name], "cuda:0")
        same = torch.equal(out, reference)
        close = torch.allclose(out, expected, atol=1e-4, rtol=1e-4)
        print(f"{name} on cuda:0:", "same as ksrt_load" if same else "DIFFERS from ksrt_load",
              "ok" if close else "MISMATCH")
    if count > 1:
        # The last device: the program's context, not device 0's.
        device = count - 1
        program = lib.ksrt_load_compiled(compiled.encode(), device)
        if not program:
            sys.exit("ksrt_load_compiled on another device failed: " + error())
        out, expected = run(program, f"cuda:{device}")
        close = torch.allclose(out, expected, atol=1e-4, rtol=1e-4)
        print("load_compiled on the last device:", "ok" if close else "MISMATCH")
        lib.ksrt_unload(program)
    for program in programs.values():
        lib.ksrt_unload(program)
