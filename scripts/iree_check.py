"""One ks module run two ways on the GPU: by ks-run, and as the .vmfb that
`ks-opt --ks-export-iree` + iree-compile made of it, by IREE's runtime
(iree-run-module, iree-benchmark-module --device=cuda); outputs compared at
1e-4, times side by side. Part 'iree' of scripts/device-run.sh.

usage: iree_check.py MODULE.mlir EXPORT.iree.mlir MODULE.vmfb WORKDIR [--chip sm_90]

The inputs are drawn once (floats in [-1, 1), integers in [1, 6) as the
corpus run draws them) and written as .npy for ks-run (--input) and as raw
bytes for IREE (--input=SHAPExTYPE=@file.bin); both runs' outputs are
read back (ks-run --output-dir, iree-run-module --output=@file.bin). Prints
one JSON line: name, match, max_abs_err, ks_ms, iree_ms (medians), error.
"""
import argparse
import json
import os
import re
import subprocess
import sys

import numpy as np

# Tensor element type -> (numpy dtype of its bytes, IREE's name of it).
# bf16 travels as its raw 16 bits (ks-run's .npy for bf16 is '<u2').
DTYPES = {
    "f32": (np.float32, "f32"), "f64": (np.float64, "f64"), "f16": (np.float16, "f16"),
    "bf16": (np.uint16, "bf16"), "i64": (np.int64, "i64"), "i32": (np.int32, "i32"),
    "i16": (np.int16, "i16"), "i8": (np.int8, "i8"), "i1": (np.bool_, "i1"),
}


def parse_tensor(text):
    """'tensor<4x10xf32>' -> ([4, 10], 'f32')."""
    body = re.fullmatch(r"tensor<(.*)>", text.strip()).group(1)
    *dims, elt = body.split("x")
    return [int(d) for d in dims], elt


def signature(export_text):
    """The entry of an export: (name, input tensors, output tensors)."""
    m = re.search(r"^  func\.func @(\S+)\(([^)]*)\)(?: -> \(([^)]*)\))? \{$", export_text, re.M)
    name, args, results = m.group(1), m.group(2), m.group(3) or ""
    inputs = [parse_tensor(a.split(":", 1)[1]) for a in args.split(", ") if a]
    outputs = [parse_tensor(r) for r in re.findall(r"tensor<[^>]*>", results)]
    return name, inputs, outputs


def as_float(array, elt):
    if elt == "bf16":
        return (array.astype(np.uint32) << 16).view(np.float32)
    return array.astype(np.float64)


def draw(shape, elt, rng):
    dtype = DTYPES[elt][0]
    if elt == "bf16":
        return (rng.uniform(-1, 1, shape).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    if elt == "i1":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if elt.startswith("i"):
        return rng.integers(1, 6, shape).astype(dtype)
    return rng.uniform(-1, 1, shape).astype(dtype)


def iree_type(shape, elt):
    return "x".join([str(d) for d in shape] + [DTYPES[elt][1]])


def benchmark_ms(stdout):
    """The median real time of iree-benchmark-module's JSON, in ms."""
    data = json.loads(stdout[stdout.index("{"):])
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    runs = data.get("benchmarks", [])
    medians = [b for b in runs if b.get("aggregate_name") == "median"]
    pick = medians[0] if medians else min(runs, key=lambda b: b["real_time"])
    return pick["real_time"] * scale[pick.get("time_unit", "ns")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("export")
    parser.add_argument("vmfb")
    parser.add_argument("workdir")
    parser.add_argument("--chip", default="sm_90")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    name = os.path.splitext(os.path.basename(args.module))[0]
    result = {"name": name, "match": False, "max_abs_err": None, "ks_ms": None,
              "iree_ms": None, "error": None}
    os.makedirs(args.workdir, exist_ok=True)
    try:
        entry, inputs, outputs = signature(open(args.export).read())
        rng = np.random.default_rng(args.seed)
        ks_inputs, iree_inputs = [], []
        for i, (shape, elt) in enumerate(inputs):
            array = draw(shape, elt, rng)
            npy = os.path.join(args.workdir, f"in{i}.npy")
            raw = os.path.join(args.workdir, f"in{i}.bin")
            np.save(npy, array)
            array.tofile(raw)
            ks_inputs.append(f"--input={npy}")
            iree_inputs.append(f"--input={iree_type(shape, elt)}=@{raw}")

        ks_out = os.path.join(args.workdir, "ks")
        os.makedirs(ks_out, exist_ok=True)
        ks_json = os.path.join(args.workdir, "ks.json")
        ks = subprocess.run(["ks-run", args.module, f"--entry={entry}", f"--chip={args.chip}",
                             *ks_inputs, f"--output-dir={ks_out}", "--reference=none",
                             "--warmup=2", "--trials=10", "--timeout=60", f"--json={ks_json}"],
                            capture_output=True, text=True, timeout=180)
        if ks.returncode != 0:
            raise RuntimeError("ks-run: " + (ks.stderr or ks.stdout).strip()[-500:])
        result["ks_ms"] = json.load(open(ks_json)).get("time_ms", {}).get("median")

        common = ["--device=cuda", f"--module={args.vmfb}", f"--function={entry}", *iree_inputs]
        iree_outs = [os.path.join(args.workdir, f"iree{i}.bin") for i in range(len(outputs))]
        run = subprocess.run(["iree-run-module", *common, *[f"--output=@{p}" for p in iree_outs]],
                             capture_output=True, text=True, timeout=180)
        if run.returncode != 0:
            raise RuntimeError("iree-run-module: " + (run.stderr or run.stdout).strip()[-500:])
        bench = subprocess.run(["iree-benchmark-module", *common, "--benchmark_repetitions=10",
                                "--benchmark_format=json"],
                               capture_output=True, text=True, timeout=180)
        if bench.returncode == 0:
            result["iree_ms"] = benchmark_ms(bench.stdout)

        worst = 0.0
        match = True
        for i, (shape, elt) in enumerate(outputs):
            want = as_float(np.load(os.path.join(ks_out, f"{i}.npy")).reshape(shape), elt)
            got = as_float(np.fromfile(iree_outs[i], dtype=DTYPES[elt][0]).reshape(shape), elt)
            if want.size:
                worst = max(worst, float(np.nanmax(np.abs(got - want))))
            match &= bool(np.allclose(got, want, rtol=1e-4, atol=1e-4, equal_nan=True))
        result["max_abs_err"] = worst
        result["match"] = match
    except Exception as e:  # one line per module, whatever failed
        result["error"] = str(e)
    print(json.dumps(result))
    return 0 if result["match"] else 1


if __name__ == "__main__":
    sys.exit(main())
