"""Loads and runs programs on the devices of fake_libcuda.c (two, no GPU)
through the C API and prints, after each step, which device's context is
current and what each device got (module loads, unloads, launches):
ksrt_devices.py LIBRARY PROGRAM.ksrt MODULE.mlir"""
import ctypes
import sys

cuda = ctypes.CDLL("libcuda.so.1")  # the fake, which ks opens too
lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_load.restype = ctypes.c_void_p
lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
lib.ksrt_load_compiled.restype = ctypes.c_void_p
lib.ksrt_load_compiled.argtypes = [ctypes.c_char_p, ctypes.c_int]
lib.ksrt_load_module.restype = ctypes.c_void_p
lib.ksrt_load_module.argtypes = ([ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 3
                                 + [ctypes.c_int])
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4
lib.ksrt_unload.argtypes = [ctypes.c_void_p]


def state(step):
    counts = [[cuda.fakeCount(d, what) for what in range(3)] for d in range(2)]
    print(f"{step}: current device {cuda.fakeCurrentDevice()}; "
          + "; ".join(f"device {d} loads {c[0]} unloads {c[1]} launches {c[2]}"
                      for d, c in enumerate(counts)))


def check(program, what):
    print(what + ":", "ok" if program else "NULL " + lib.ksrt_last_error().decode())
    return program


# The caller (PyTorch) has device 0's context current.
cuda.cuCtxSetCurrent(ctypes.c_void_p(0x100))
program = check(lib.ksrt_load_compiled(sys.argv[2].encode(), 1), "load_compiled on 1")
state("loaded")
ins = (ctypes.c_void_p * 3)(0x1000, 0x2000, 0x3000)
outs = (ctypes.c_void_p * 1)(0x4000)
for _ in range(2):
    print("invoke:", lib.ksrt_invoke(program, ins, outs, ctypes.c_void_p(0x77)))
state("invoked")
lib.ksrt_unload(program)
state("unloaded")
for device in (2, -1):
    check(lib.ksrt_load_compiled(sys.argv[2].encode(), device), f"load_compiled on {device}")
with open(sys.argv[3], "rb") as f:
    text = f.read()
program = check(lib.ksrt_load_module(text, len(text), b"main", b"sm_90", None, 1), "load_module on 1")
state("loaded from memory")
lib.ksrt_unload(program)
program = check(lib.ksrt_load(sys.argv[3].encode(), b"main", b"sm_90"), "load")
state("loaded by ksrt_load")
lib.ksrt_unload(program)
