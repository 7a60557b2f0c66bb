#!/usr/bin/env python3
"""The PTX of every imported problem, as sha256 fingerprints, to show that a
refactor leaves the compiled kernels byte-identical.

    ptx-fingerprint.py IMPORTS [--plans DIR] [-j N] -o before.json
    ptx-fingerprint.py --compare before.json after.json

IMPORTS holds level*/NAME.mlir with a NAME.json manifest beside each (what
`ks_torch import` writes); DIR holds <level>__<name>.plan.json. Each problem is
compiled with `ks-opt --ks-compile` (with its plan where DIR has one) and
recorded as {kernel file: sha256} plus the output module's sha256 under
"(module)", or as {"error": stderr} when it does not compile: a failure must
stay the same failure. --compare prints every difference and exits 1 if any.
"""

import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MODULE_KEY = "(module)"
# Compile times the gpu.object records (LLVMIRToISATimeInMs): they vary run to run.
TIMING = re.compile(rb"\w+TimeInMs = \d+ : i\d+(, )?")


def sha256_file(path, strip=None):
    with open(path, "rb") as f:
        data = f.read()
    return hashlib.sha256(strip.sub(b"", data) if strip else data).hexdigest()


def find_problems(imports):
    """{problem name: mlir path}, from the manifests, e.g. level1/01_matmul."""
    problems = {}
    for manifest in sorted(glob.glob(os.path.join(imports, "level*", "*.json"))):
        with open(manifest) as f:
            m = json.load(f)
        if "problem" not in m or "mlir" not in m:
            continue
        problems[m["problem"]] = os.path.join(os.path.dirname(manifest), m["mlir"])
    return problems


def plan_path(plans, problem):
    if not plans:
        return None
    path = os.path.join(plans, problem.replace("/", "__") + ".plan.json")
    return path if os.path.exists(path) else None


def compile_one(ks_opt, mlir, plan, options, timeout):
    """{kernel file: sha256} of one problem's PTX, or {"error": text}."""
    with tempfile.TemporaryDirectory(prefix="ptxfp-") as tmp:
        ptx_dir = os.path.join(tmp, "ptx")
        os.mkdir(ptx_dir)
        module = os.path.join(tmp, "out.mlir")
        opts = [f"ptx-dir={ptx_dir}"] + options + ([f"plan={plan}"] if plan else [])
        cmd = [ks_opt, mlir, "--ks-compile=" + " ".join(opts), "-o", module]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": f"timed out after {timeout} s"}
        if proc.returncode != 0:
            # The scratch folder's name changes from run to run; the error must not.
            return {"error": proc.stderr.replace(tmp, "TMP").strip() or f"exit {proc.returncode}"}
        result = {name: sha256_file(os.path.join(ptx_dir, name))
                  for name in sorted(os.listdir(ptx_dir))}
        result[MODULE_KEY] = sha256_file(module, TIMING)
        return result


def find_ks_opt(given):
    for candidate in [given, os.environ.get("KS_OPT"), os.path.join(REPO, "build", "bin", "ks-opt"),
                      shutil.which("ks-opt")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("ptx-fingerprint: ks-opt not found (--ks-opt, $KS_OPT, build/bin or PATH)")


def fingerprint(args):
    problems = find_problems(args.imports)
    if args.filter:
        problems = {p: m for p, m in problems.items() if args.filter in p}
    if not problems:
        sys.exit(f"ptx-fingerprint: no problems (level*/NAME.json manifests) in {args.imports}")
    if args.plans:
        names = {p.replace("/", "__") + ".plan.json" for p in problems}
        for orphan in sorted(set(os.listdir(args.plans)) - names):
            if orphan.endswith(".plan.json") and not args.filter:
                print(f"ptx-fingerprint: {orphan} names no imported problem", file=sys.stderr)
    ks_opt = find_ks_opt(args.ks_opt)
    options = [f"chip={args.chip}"] + args.option
    result = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(compile_one, ks_opt, mlir, plan_path(args.plans, p), options,
                               args.timeout): p for p, mlir in problems.items()}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            problem = futures[future]
            result[problem] = future.result()
            if args.verbose:
                status = "error" if "error" in result[problem] else f"{len(result[problem]) - 1} kernels"
                print(f"[{done}/{len(futures)}] {problem}: {status}", file=sys.stderr)
    with open(args.output, "w") as f:
        json.dump(dict(sorted(result.items())), f, indent=1, sort_keys=True)
        f.write("\n")
    errors = sum("error" in r for r in result.values())
    kernels = sum(len(r) - 1 for r in result.values() if "error" not in r)
    print(f"{len(result)} problems, {kernels} kernels, {errors} compile errors -> {args.output}")


def first_line(text):
    return text.splitlines()[0] if text else ""


def compare_problem(problem, a, b):
    """The differences between one problem's two records, as lines."""
    if "error" in a or "error" in b:
        if a.get("error") == b.get("error"):
            return []
        return [f"{problem}: before: {first_line(a.get('error', 'compiled'))}",
                f"{problem}: after:  {first_line(b.get('error', 'compiled'))}"]
    lines = []
    for kernel in sorted(set(a) | set(b)):
        if kernel not in b:
            lines.append(f"{problem}: {kernel}: only before")
        elif kernel not in a:
            lines.append(f"{problem}: {kernel}: only after")
        elif a[kernel] != b[kernel]:
            lines.append(f"{problem}: {kernel}: {a[kernel][:12]} -> {b[kernel][:12]}")
    return lines


def compare(path_a, path_b):
    with open(path_a) as f:
        a = json.load(f)
    with open(path_b) as f:
        b = json.load(f)
    differences = 0
    kernels = 0
    for problem in sorted(set(a) | set(b)):
        if problem not in a or problem not in b:
            print(f"{problem}: only {'after' if problem in b else 'before'}")
            differences += 1
            continue
        kernels += sum(k != MODULE_KEY for k in set(a[problem]) | set(b[problem]) if k != "error")
        lines = compare_problem(problem, a[problem], b[problem])
        for line in lines:
            print(line)
        differences += bool(lines)
    print(f"compared {len(set(a) | set(b))} problems, {kernels} kernels: "
          f"{differences} problems differ")
    return 1 if differences else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("imports", nargs="?", help="folder of level*/NAME.mlir with NAME.json manifests")
    p.add_argument("--plans", help="folder of <level>__<name>.plan.json")
    p.add_argument("-o", "--output", help="the fingerprint JSON to write")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--chip", default="sm_90")
    p.add_argument("--option", action="append", default=[],
                   help="another --ks-compile option, e.g. max-quadratic-scan=0 (repeatable)")
    p.add_argument("--filter", help="only problems whose name contains this")
    p.add_argument("--ks-opt", help="ks-opt to use (default: $KS_OPT, build/bin, PATH)")
    p.add_argument("--timeout", type=float, help="seconds per compile (default: none)")
    p.add_argument("-v", "--verbose", action="store_true", help="a line per problem to stderr")
    p.add_argument("--compare", nargs=2, metavar=("A", "B"),
                   help="print the differences between two fingerprints; exit 1 if any")
    args = p.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if not args.imports or not args.output:
        p.error("IMPORTS and -o are needed (or --compare A B)")
    fingerprint(args)


if __name__ == "__main__":
    main()
