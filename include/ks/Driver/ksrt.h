/*===- ksrt.h - KernelSkill runtime C API ---------------------------------===*
 *
 * Load a linalg-on-tensors model once, run it many times on caller-owned
 * device buffers and the caller's CUDA stream. Meant for foreign function
 * interfaces, e.g. Python's ctypes with PyTorch:
 *
 *   lib = ctypes.CDLL("libKernelSkill.so")
 *   p = lib.ksrt_load(b"model.mlir", b"main", b"sm_90")
 *   lib.ksrt_invoke(p, ins, outs, torch.cuda.current_stream().cuda_stream)
 *
 * Compiling (seed lowering, skills, ptxas) takes seconds; ksrt_compile does
 * it once, anywhere (no GPU needed), and ksrt_load_compiled then loads the
 * result without compiling again.
 *
 * Buffers are dense, row-major, of the entry function's static shapes and
 * element types, in the CUDA driver's primary context of the program's
 * device (the one PyTorch uses; device 0 for ksrt_load and ksrt_load_plan).
 * Functions that can fail return NULL or non-zero and leave a message for
 * ksrt_last_error(). One invocation at a time per process.
 *
 *===----------------------------------------------------------------------===*/
#ifndef KS_DRIVER_KSRT_H
#define KS_DRIVER_KSRT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ksrt_program ksrt_program;

/* The message of the last failure on this thread ("" if none). */
const char *ksrt_last_error(void);

/* Compiles function `entry` of the module in file `mlir_path` for `chip`
 * (e.g. "sm_90") with ptxas-verified kernels and loads it; NULL on failure. */
ksrt_program *ksrt_load(const char *mlir_path, const char *entry,
                        const char *chip);

/* ksrt_load, with the skills of the JSON plan at `plan_path` (what ks-tune
 * writes as plan.json, the same as ks-compile's plan=) applied to the
 * module's dispatches; NULL plan_path: the seed kernels. */
ksrt_program *ksrt_load_plan(const char *mlir_path, const char *entry,
                             const char *chip, const char *plan_path);

/* Compiles function `entry` of the module in the `size` bytes at `mlir`
 * (MLIR text or bytecode) for `chip`, with the plan at `plan_path` (NULL:
 * the seed kernels), as ksrt_load_plan does, and writes the program to
 * `out_path` (MLIR bytecode: LLVM dialect host code, the kernels' PTX
 * embedded, the entry's signature in the module attribute `ks.program`).
 * Needs no GPU nor CUDA driver. The file appears whole or not at all (a
 * temporary file renamed). 0 on success. */
int ksrt_compile(const char *mlir, size_t size, const char *entry,
                 const char *chip, const char *plan_path,
                 const char *out_path);

/* Loads a program ksrt_compile wrote onto CUDA device `device` (an ordinal,
 * as torch.device("cuda", device)): no compiling, only the JIT of its host
 * code and the kernels' load. A file of another kind or format, truncated
 * or corrupt, is an error (checked before the driver is); NULL on failure. */
ksrt_program *ksrt_load_compiled(const char *path, int device);

/* ksrt_compile and ksrt_load_compiled in one, without a file. */
ksrt_program *ksrt_load_module(const char *mlir, size_t size,
                               const char *entry, const char *chip,
                               const char *plan_path, int device);

/* Number of inputs (arguments) and outputs (results) of the entry. */
int ksrt_num_inputs(const ksrt_program *program);
int ksrt_num_outputs(const ksrt_program *program);

/* Runs the entry: `inputs` and `outputs` hold device pointers, one per
 * argument and result. Work is queued on `stream` (a CUstream or
 * cudaStream_t) in its order, intermediate buffers included (stream-ordered
 * allocation), and may still run when this returns: synchronise the stream
 * before reading the outputs, as after any CUDA library call; a kernel that
 * faults reports there. NULL (0) is the default stream, as in CUDA (and
 * PyTorch's default stream). The first call with given buffers and stream
 * captures the launches into a CUDA graph that later such calls launch
 * (KS_CUDA_GRAPHS=0: kernel by kernel). 0 on success (the work was
 * queued). */
int ksrt_invoke(ksrt_program *program, void *const *inputs,
                void *const *outputs, void *stream);

/* Unloads the kernels and frees the program. */
void ksrt_unload(ksrt_program *program);

#ifdef __cplusplus
}
#endif

#endif /* KS_DRIVER_KSRT_H */
