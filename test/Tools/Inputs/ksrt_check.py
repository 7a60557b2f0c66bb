"""Calls the ksrt C API through ctypes and prints what it returns:
ksrt_check.py LIBRARY MODULE.mlir ENTRY"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.ksrt_load.restype = ctypes.c_void_p
lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
lib.ksrt_last_error.restype = ctypes.c_char_p
lib.ksrt_invoke.argtypes = [ctypes.c_void_p] * 4
lib.ksrt_num_inputs.argtypes = [ctypes.c_void_p]

program = lib.ksrt_load(sys.argv[2].encode(), sys.argv[3].encode(), b"sm_90")
print("load:", "ok" if program else "NULL", lib.ksrt_last_error().decode())
print("invoke(NULL):", lib.ksrt_invoke(None, None, None, None),
      lib.ksrt_last_error().decode())
print("inputs(NULL):", lib.ksrt_num_inputs(None))
