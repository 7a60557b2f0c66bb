"""Loads a module through the C API (libKernelSkill.so at argv[1]) with the
plan at argv[3], as PyTorch's frontend does, and prints what ksrt said:
"loaded", or the failure's message."""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_load_plan.restype = ctypes.c_void_p
lib.ksrt_load_plan.argtypes = [ctypes.c_char_p] * 4
lib.ksrt_last_error.restype = ctypes.c_char_p
program = lib.ksrt_load_plan(sys.argv[2].encode(), b"main", b"sm_90", sys.argv[3].encode())
print("loaded" if program else "failed: " + lib.ksrt_last_error().decode())
