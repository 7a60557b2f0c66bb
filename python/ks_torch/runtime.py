"""ctypes binding of the ks runtime's C API (include/ks/Driver/ksrt.h).

Runs a compiled program on PyTorch's CUDA tensors and stream; the library
is found through KS_LIB, the installed package's (ks_torch/_ks/lib), the
bundle's lib/ next to ks-opt on PATH, or the build tree.
"""

import ctypes
import os
import shutil


class RuntimeError_(Exception):
    pass


def find_library():
    env = os.environ.get("KS_LIB")
    if env:
        return env
    from .tools import PACKAGED_KS
    candidates = [os.path.join(PACKAGED_KS, "lib", "libKernelSkill.so")]
    tool = shutil.which("ks-opt")
    if tool:
        candidates.append(os.path.join(os.path.dirname(os.path.realpath(tool)), "..", "lib",
                                       "libKernelSkill.so"))
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    candidates += [os.path.join(root, "build-static", "lib", "libKernelSkill.so"),
                   os.path.join(root, "build", "lib", "libKernelSkill.so")]
    for c in candidates:
        if os.path.exists(c):
            return os.path.normpath(c)
    raise RuntimeError_("libKernelSkill.so not found: set KS_LIB or put the bundle's ks-opt on PATH")


class Library:
    def __init__(self, path=None):
        self.path = path or find_library()
        lib = ctypes.CDLL(self.path)
        lib.ksrt_last_error.restype = ctypes.c_char_p
        lib.ksrt_load.restype = ctypes.c_void_p
        lib.ksrt_load.argtypes = [ctypes.c_char_p] * 3
        lib.ksrt_load_plan.restype = ctypes.c_void_p
        lib.ksrt_load_plan.argtypes = [ctypes.c_char_p] * 4
        lib.ksrt_compile.restype = ctypes.c_int
        lib.ksrt_compile.argtypes = [ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 4
        lib.ksrt_load_compiled.restype = ctypes.c_void_p
        lib.ksrt_load_compiled.argtypes = [ctypes.c_char_p, ctypes.c_int]
        lib.ksrt_load_module.restype = ctypes.c_void_p
        lib.ksrt_load_module.argtypes = ([ctypes.c_char_p, ctypes.c_size_t] + [ctypes.c_char_p] * 3
                                         + [ctypes.c_int])
        lib.ksrt_num_inputs.argtypes = [ctypes.c_void_p]
        lib.ksrt_num_outputs.argtypes = [ctypes.c_void_p]
        lib.ksrt_invoke.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                    ctypes.c_void_p]
        lib.ksrt_unload.argtypes = [ctypes.c_void_p]
        self.lib = lib

    def error(self):
        return self.lib.ksrt_last_error().decode(errors="replace")

    def load(self, mlir_path, entry="main", chip="sm_90", plan=None, device=0):
        """The module in file `mlir_path` compiled and loaded on CUDA device
        `device` (an ordinal)."""
        if device:
            with open(mlir_path, "rb") as f:
                text = f.read()
            handle = self.lib.ksrt_load_module(text, len(text), entry.encode(), chip.encode(),
                                               plan.encode() if plan else None, device)
        elif plan:
            handle = self.lib.ksrt_load_plan(mlir_path.encode(), entry.encode(), chip.encode(),
                                             plan.encode())
        else:
            handle = self.lib.ksrt_load(mlir_path.encode(), entry.encode(), chip.encode())
        if not handle:
            raise RuntimeError_(self.error())
        return Program(self, handle)

    def compile(self, mlir, out_path, entry="main", chip="sm_90", plan=None):
        """Compiles `mlir` (MLIR text or bytecode, as bytes or str, or the
        path of a file holding it) into the program file `out_path`, which
        load_compiled loads without compiling again. Needs no GPU."""
        if isinstance(mlir, str) and "\n" not in mlir and os.path.exists(mlir):
            with open(mlir, "rb") as f:
                mlir = f.read()
        elif isinstance(mlir, str):
            mlir = mlir.encode()
        if self.lib.ksrt_compile(mlir, len(mlir), entry.encode(), chip.encode(),
                                 plan.encode() if plan else None, out_path.encode()) != 0:
            raise RuntimeError_(self.error())

    def load_compiled(self, path, device=0):
        """The program compile() wrote to `path`, on CUDA device `device`."""
        handle = self.lib.ksrt_load_compiled(path.encode(), device)
        if not handle:
            raise RuntimeError_(self.error())
        return Program(self, handle)


class Program:
    def __init__(self, library, handle):
        self.library = library
        self.handle = handle
        self.num_inputs = library.lib.ksrt_num_inputs(handle)
        self.num_outputs = library.lib.ksrt_num_outputs(handle)

    def invoke(self, inputs, outputs, stream):
        """inputs/outputs: contiguous CUDA tensors; stream: torch.cuda.Stream."""
        if len(inputs) != self.num_inputs or len(outputs) != self.num_outputs:
            raise RuntimeError_(f"{len(inputs)} inputs and {len(outputs)} outputs given, the "
                                f"program takes {self.num_inputs} and {self.num_outputs}")
        ins = (ctypes.c_void_p * max(1, len(inputs)))(*[t.data_ptr() for t in inputs])
        outs = (ctypes.c_void_p * max(1, len(outputs)))(*[t.data_ptr() for t in outputs])
        if self.library.lib.ksrt_invoke(self.handle, ins, outs,
                                        ctypes.c_void_p(stream.cuda_stream)) != 0:
            raise RuntimeError_(self.library.error())

    def unload(self):
        if self.handle:
            self.library.lib.ksrt_unload(self.handle)
            self.handle = None
