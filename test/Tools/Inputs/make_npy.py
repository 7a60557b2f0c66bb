"""Writes a .npy file without NumPy: make_npy.py OUT DESCR SHAPE VALUES...

DESCR is a NumPy descr such as <f4 or <i8, SHAPE is comma-separated (empty
for a scalar). Tests use it to feed ks-run exact inputs."""
import struct
import sys

FORMATS = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q", "<f2": "e", "|b1": "?"}

out, descr, shape_text, *values = sys.argv[1:]
shape = tuple(int(d) for d in shape_text.split(",") if d)
shape_repr = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_repr)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
fmt = FORMATS[descr]
cast = float if fmt in "fde" else (lambda v: v == "1") if fmt == "?" else int
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%d%s" % (len(values), fmt), *map(cast, values)))
