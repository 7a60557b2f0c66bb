#!/usr/bin/env python3
"""Tensor-core GEMMs against cuBLAS: per bench/gemm plan (NAME.plan.json or
NAME-VARIANT.plan.json for NAME.mlir), the median time of ks's kernel (CUPTI, per trial) and of
the whole program from ks-run's JSON, beside the cuBLAS GEMM of the same
size and precision measured by bench/ceilings.py in the same run (fp32
SGEMM with TF32 off for f32 inputs, bf16 for bf16), and whether the program
matched the CPU reference at the check size (NAME.check.mlir).

Usage: cublas_table.py CEILINGS.json RUN.json [RUN.json ...]
"""
import os
import sys

from common import load


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: cublas_table.py CEILINGS.json RUN.json ...")
    ceilings = load(argv[1]) or {}
    head = "%-22s %11s %11s %11s %10s %8s %-8s" % (
        "gemm", "kernel ms", "program ms", "cuBLAS ms", "TFLOP/s", "vs cuBLAS", "check")
    print(head)
    print("-" * len(head))
    for path in argv[2:]:
        name = os.path.basename(path)[:-len(".json")]
        bf16 = "bf16" in name
        mnk = ceilings.get("bf16_gemm_mnk" if bf16 else "sgemm_mnk")
        cublas_ms = ceilings.get("bf16_gemm_ms_median" if bf16 else "sgemm_ms_median")
        r = load(path)
        if not r or r.get("status") != "ok" or "time_ms" not in r:
            print("%-22s %s" % (name, (r or {}).get("message", "no result")[:90]))
            continue
        kernels = r.get("cupti", {}).get("kernels", [])
        slowest = max(kernels, key=lambda k: k["per_trial_us"], default=None)
        kernel_ms = slowest["per_trial_us"] / 1e3 if slowest else None
        program_ms = r["time_ms"]["median"]
        outs = r.get("outputs", [])
        # Checked at a smaller size: the check's verdict; else the outputs'.
        ref = r.get("reference", {})
        if "passed" in ref:
            check = "match" if ref["passed"] else "MISMATCH"
        else:
            check = "match" if outs and all(o.get("passed") for o in outs) else "MISMATCH"
        size = int(name.split("-")[0].rsplit("_", 1)[-1])
        flops = 2.0 * size ** 3
        same = mnk == [size, size, size]
        best = kernel_ms or program_ms
        print("%-22s %11s %11.4f %11s %10.1f %8s %-8s" % (
            name, "%.4f" % kernel_ms if kernel_ms else "-", program_ms,
            "%.4f" % cublas_ms if cublas_ms and same else "-", flops / (best * 1e-3) / 1e12,
            "%.2f" % (cublas_ms / best) if cublas_ms and same else "-", check))


if __name__ == "__main__":
    main(sys.argv)
