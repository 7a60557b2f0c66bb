#!/usr/bin/env python3
"""Which summation order eager PyTorch uses, checked bit for bit on the GPU.

Column sums (torch.sum(x, 0) of a float32 matrix): PyTorch's reduction
kernel (ATen/native/cuda/Reduce.cuh, setReduceConfig for a reduction not
along the fastest dim) and TensorIterator's split of an input past 32-bit
offsets into halves, emulated with elementwise torch adds (each an IEEE
add), compared with eager's result. GEMMs (A @ B, float32, TF32 off): a
sequential FMA chain over k (torch.addcmul, fused) for the first rows,
compared with cuBLAS's. Prints the share of equal elements; needs a GPU.

    python3 scripts/eager-order-check.py
"""
import time

import torch

DEV = "cuda"


def last_pow2(n):
    return 1 << (n.bit_length() - 1)


def column_sum_config(rows, cols, sms, threads_per_sm):
    """setReduceConfig's choices for a sum over dim 0 of rows x cols."""
    vec = 4
    while cols % vec:
        vec //= 2
    limit = 512 // vec
    d0 = last_pow2(cols // vec) if cols // vec < limit else limit
    d1 = last_pow2(rows) if rows < limit else limit
    width = min(d0, 32)
    height = min(d1, limit // width)
    width = min(d0, limit // height)
    step_out, step_in, split_warps = width, 1, rows >= min(height * 16, 256)
    if split_warps:
        step_in = height
    else:
        step_out *= height
    grid = -(-(cols // vec) // step_out)
    target = sms * (threads_per_sm // (width * height))
    per_thread = -(-rows // step_in)
    ctas, cta_step = 1, 0
    if split_warps and per_thread >= 256 and grid <= target:
        ctas = max(min(-(-target // grid), -(-per_thread // 16)), -(-per_thread // 256))
        if ctas > 1:
            cta_step, step_in = step_in, step_in * ctas
    return dict(height=height if split_warps else 1, ctas=ctas, cta_step=cta_step,
                stride=step_in, split_warps=split_warps)


def halving_tree(values):
    values = list(values)
    offset = len(values) // 2
    while offset > 0:
        for t in range(offset):
            values[t] = values[t] + values[t + offset]
        offset //= 2
    return values[0]


def emulate_column_sum(x, cfg):
    rows, cols = x.shape
    partials = []
    for cta in range(cfg["ctas"]):
        threads = []
        for ty in range(cfg["height"]):
            start = (ty if cfg["split_warps"] else 0) + cta * cfg["cta_step"]
            acc = [torch.zeros(cols, device=DEV) for _ in range(4)]
            for r in range(start, rows, cfg["stride"]):
                i = ((r - start) // cfg["stride"]) % 4
                acc[i] = acc[i] + x[r]
            threads.append(((acc[0] + acc[1]) + acc[2]) + acc[3])
        partials.append(halving_tree(threads))
    if cfg["ctas"] == 1:
        return partials[0]
    per_thread = []
    for ty in range(cfg["height"]):
        w = torch.zeros(cols, device=DEV)
        for k in range(ty, cfg["ctas"], cfg["height"]):
            w = w + partials[k]
        per_thread.append(w)
    return halving_tree(per_thread)


def pieces_32bit(rows, cols):
    """TensorIterator's split of the reduced dim until offsets fit 32 bits."""
    def fits(n):
        return 1 + (n - 1) * cols * 4 + (cols - 1) * 4 <= 2**31 - 1
    done, stack = [], [(0, rows)]
    while stack:
        lo, n = stack.pop()
        if fits(n):
            done.append((lo, n))
        else:
            stack += [(lo + n // 2, n - n // 2), (lo, n // 2)]
    return done


def check_column_sums(shapes):
    props = torch.cuda.get_device_properties(0)
    for rows, cols in shapes:
        x = torch.randn(rows, cols, device=DEV)
        want = torch.sum(x, 0)
        got = None
        for lo, n in pieces_32bit(rows, cols):
            cfg = column_sum_config(n, cols, props.multi_processor_count,
                                    props.max_threads_per_multi_processor)
            piece = emulate_column_sum(x[lo:lo + n], cfg)
            got = piece if got is None else got + piece
        print(f"column sum {rows}x{cols}: {100 * (got == want).float().mean().item():.3f}% "
              f"equal to eager", flush=True)
        del x


def check_gemms(shapes, rows=64):
    for m, k, n in shapes:
        a, b = torch.randn(m, k, device=DEV), torch.randn(k, n, device=DEV)
        want = (a @ b)[:rows]
        c = torch.zeros(rows, n, device=DEV)
        t0 = time.time()
        for kk in range(k):
            c = torch.addcmul(c, a[:rows, kk:kk + 1], b[kk:kk + 1, :])
        print(f"gemm {m}x{k}x{n}: sequential FMA {100 * (c == want).float().mean().item():.2f}% "
              f"equal to eager ({time.time() - t0:.1f} s)", flush=True)


if __name__ == "__main__":
    torch.manual_seed(0)
    check_column_sums([(40960, 32768), (20000, 30000), (4096, 8192), (1000, 3000),
                       (65536, 512), (100, 37)])
    check_gemms([(5120, 5120, 5120), (65536, 1536, 1024), (4096, 2560, 6144), (384, 196608, 640)])
