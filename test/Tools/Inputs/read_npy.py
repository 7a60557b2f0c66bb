"""Prints the dtype, shape and values of a .npy file without NumPy."""
import ast
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data[:6] == b"\x93NUMPY", "not a .npy file"
length = struct.unpack("<H", data[8:10])[0]
header = ast.literal_eval(data[10:10 + length].decode())
fmt = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q", "<f2": "e", "|b1": "?"}[header["descr"]]
count = 1
for d in header["shape"]:
    count *= d
values = struct.unpack("<%d%s" % (count, fmt), data[10 + length:])
print(header["descr"], header["shape"], " ".join("%g" % v for v in values))
