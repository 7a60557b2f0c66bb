"""Calls ksrt_compile and ksrt_load_compiled through ctypes and prints what
they return:
  ksrt_compile.py LIBRARY compile MODULE.mlir ENTRY OUT [PLAN]
      the module's text handed over in memory; prints the result, the error
      and whether OUT exists (and no temporary file is left beside it)
  ksrt_compile.py LIBRARY load-compiled FILE [DEVICE]
      prints the result and the error"""
import ctypes
import os
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_compile.restype = ctypes.c_int
lib.ksrt_compile.argtypes = [ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 4
lib.ksrt_load_compiled.restype = ctypes.c_void_p
lib.ksrt_load_compiled.argtypes = [ctypes.c_char_p, ctypes.c_int]

mode = sys.argv[2]
if mode == "compile":
    module, entry, out = sys.argv[3], sys.argv[4], sys.argv[5]
    plan = sys.argv[6].encode() if len(sys.argv) > 6 else None
    with open(module, "rb") as f:
        text = f.read()
    rc = lib.ksrt_compile(text, len(text), entry.encode(), b"sm_90", plan, out.encode())
    print("compile:", rc, lib.ksrt_last_error().decode())
    print("exists:", "yes" if os.path.exists(out) else "no")
    folder = os.path.dirname(os.path.abspath(out))
    left = [n for n in os.listdir(folder) if n.startswith(os.path.basename(out) + ".tmp")]
    print("temporaries:", len(left))
elif mode == "load-compiled":
    device = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    program = lib.ksrt_load_compiled(sys.argv[3].encode(), device)
    print("load_compiled:", "ok" if program else "NULL", lib.ksrt_last_error().decode())
else:
    sys.exit("unknown mode " + mode)
