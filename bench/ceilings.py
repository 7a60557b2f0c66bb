#!/usr/bin/env python3
"""Measure the device ceilings the seed-kernel baseline is compared against.

  (a) device-to-device copy bandwidth: dst.copy_(src) on a float32 tensor
      (1 GiB by default), reported in GB/s (1e9 bytes/s) counting both the
      bytes read and the bytes written (2 * size per copy);
  (b) fp32 SGEMM through torch.matmul (4096^3 by default) with TF32 disabled
      for both cuBLAS and cuDNN, reported in TFLOP/s = 2*M*N*K / time;
  (c) bf16 GEMM through torch.matmul (8192^3 by default; bf16 result, f32
      accumulation in cuBLAS), in TFLOP/s.

Each is timed with CUDA events around single calls: --warmup untimed calls
(default 5), then --trials timed ones (default 50); the median time gives the
headline number, and the best (max) rate is reported too.

Prints one JSON object to stdout:
  {"device": ..., "copy_gbps": ..., "sgemm_tflops": ..., "torch": ..., ...}
and a one-line human summary to stderr. Exits 2 when CUDA is unavailable.

Usage: python3 bench/ceilings.py [--warmup N] [--trials N] [--copy-gib G]
                                 [--gemm-size N] [--device I]
"""

import argparse
import json
import statistics
import sys


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Measure device copy bandwidth and fp32 SGEMM throughput "
                    "with PyTorch (prints one JSON object to stdout).")
    p.add_argument("--warmup", type=int, default=5,
                   help="untimed calls before timing (default 5)")
    p.add_argument("--trials", type=int, default=50,
                   help="timed calls (default 50)")
    p.add_argument("--copy-gib", type=float, default=1.0,
                   help="size of the copied float32 tensor in GiB (default 1)")
    p.add_argument("--gemm-size", type=int, default=4096,
                   help="M = N = K of the fp32 SGEMM (default 4096)")
    p.add_argument("--bf16-gemm-size", type=int, default=8192,
                   help="M = N = K of the bf16 GEMM (default 8192; 0 skips it)")
    p.add_argument("--device", type=int, default=0,
                   help="CUDA device index (default 0)")
    args = p.parse_args(argv)
    if args.warmup < 0:
        p.error("--warmup must be >= 0")
    if args.trials < 1:
        p.error("--trials must be >= 1")
    if args.copy_gib <= 0:
        p.error("--copy-gib must be > 0")
    if args.gemm_size < 1:
        p.error("--gemm-size must be >= 1")
    return args


def fail(msg, code=2):
    print(f"ceilings.py: {msg}", file=sys.stderr)
    sys.exit(code)


def time_ms(torch, fn, warmup, trials):
    """Per-call times in ms, each bracketed by its own pair of CUDA events."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(trials)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(trials)]
    for s, e in zip(starts, ends):
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)

    try:
        import torch
    except ImportError as e:
        fail(f"PyTorch is not installed ({e})")
    if not torch.cuda.is_available():
        fail("CUDA is not available (torch.cuda.is_available() is False; "
             f"torch {torch.__version__}, built for CUDA {torch.version.cuda})")
    if args.device >= torch.cuda.device_count():
        fail(f"no CUDA device {args.device} "
             f"({torch.cuda.device_count()} visible)")

    torch.cuda.set_device(args.device)
    dev = torch.device("cuda", args.device)
    name = torch.cuda.get_device_name(dev)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False

    # (a) device-to-device copy.
    n = int(args.copy_gib * (1 << 30)) // 4
    src = torch.rand(n, dtype=torch.float32, device=dev)
    dst = torch.empty_like(src)
    copy_ms = time_ms(torch, lambda: dst.copy_(src), args.warmup, args.trials)
    if not torch.equal(dst, src):
        fail("copy check failed: dst != src", code=1)
    copy_bytes = 2 * n * 4  # read + write
    del src, dst
    torch.cuda.empty_cache()

    # (b) fp32 SGEMM, TF32 off.
    m = args.gemm_size
    a = torch.rand(m, m, dtype=torch.float32, device=dev) - 0.5
    b = torch.rand(m, m, dtype=torch.float32, device=dev) - 0.5
    c = torch.empty(m, m, dtype=torch.float32, device=dev)
    gemm_ms = time_ms(torch, lambda: torch.matmul(a, b, out=c),
                      args.warmup, args.trials)
    flops = 2.0 * m * m * m
    # A spot check that TF32 really was off: one row against a float64 product.
    ref = (a[:1].double() @ b.double()).float()
    err = (c[:1] - ref).abs().max().item() / max(ref.abs().max().item(), 1e-30)
    del a, b, c, ref
    torch.cuda.empty_cache()

    # (c) bf16 GEMM.
    bf16_ms = None
    mb = args.bf16_gemm_size
    if mb > 0:
        a = (torch.rand(mb, mb, device=dev) - 0.5).to(torch.bfloat16)
        b = (torch.rand(mb, mb, device=dev) - 0.5).to(torch.bfloat16)
        c = torch.empty(mb, mb, dtype=torch.bfloat16, device=dev)
        bf16_ms = time_ms(torch, lambda: torch.matmul(a, b, out=c),
                          args.warmup, args.trials)
        del a, b, c
        torch.cuda.empty_cache()

    def rate(amount, ms_list, unit):
        med = statistics.median(ms_list)
        best = min(ms_list)
        return amount / (med * 1e-3) / unit, amount / (best * 1e-3) / unit, med, best

    copy_gbps, copy_gbps_max, copy_med, copy_min = rate(copy_bytes, copy_ms, 1e9)
    tflops, tflops_max, gemm_med, gemm_min = rate(flops, gemm_ms, 1e12)

    result = {
        "device": name,
        "copy_gbps": round(copy_gbps, 1),
        "sgemm_tflops": round(tflops, 2),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "copy_gbps_max": round(copy_gbps_max, 1),
        "sgemm_tflops_max": round(tflops_max, 2),
        "copy_bytes": copy_bytes,
        "copy_ms_median": round(copy_med, 4),
        "copy_ms_min": round(copy_min, 4),
        "sgemm_mnk": [m, m, m],
        "sgemm_ms_median": round(gemm_med, 4),
        "sgemm_ms_min": round(gemm_min, 4),
        "sgemm_rel_err_vs_fp64": float(f"{err:.3g}"),
        "allow_tf32": False,
        "warmup": args.warmup,
        "trials": args.trials,
    }
    if bf16_ms:
        bf16, bf16_max, bf16_med, bf16_min = rate(2.0 * mb ** 3, bf16_ms, 1e12)
        result.update({
            "bf16_gemm_tflops": round(bf16, 2),
            "bf16_gemm_tflops_max": round(bf16_max, 2),
            "bf16_gemm_mnk": [mb, mb, mb],
            "bf16_gemm_ms_median": round(bf16_med, 4),
            "bf16_gemm_ms_min": round(bf16_min, 4),
        })
    print(json.dumps(result))
    print(f"{name}: copy {copy_gbps:.0f} GB/s (max {copy_gbps_max:.0f}, "
          f"read+write of {copy_bytes / 2 / (1 << 30):.2f} GiB), "
          f"fp32 SGEMM {m}^3 {tflops:.1f} TFLOP/s (max {tflops_max:.1f}), "
          f"torch {torch.__version__}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
