#!/usr/bin/env python3
"""Feeds the ks tools damaged and hostile inputs and checks that every run
ends with a diagnostic and an exit status, never a signal or a hang.

    scripts/fuzz_inputs.py --bin build/bin --count 2000 --seed 1 [--jobs 2]

Inputs are mutations of the repo's own files, drawn from a seeded generator
(the same seed gives the same inputs):
  module: corpus modules truncated (at any offset, inside resource blobs
          too), with bytes flipped, lines dropped or doubled, numbers made
          huge -> ks-opt --ks-compile
  plan:   plans nested deep, with huge numbers, wrong types, cut short
          -> ks-opt --ks-compile="plan=..."
  skill:  a skill.json with overflowing or deeply nested expressions, wrong
          types, cut short -> ks-opt --ks-apply-skills
  npy:    .npy headers with huge, negative or malformed shapes, bad magic,
          wrong lengths -> ks-run --cpu-only --input=...
A run fails the fuzz test when it is killed by a signal, outlives the
time limit, or exits non-zero without printing anything. Failing inputs
are kept under --keep for reproduction. The last line reads
"N passed, M failed".
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "test", "corpus")
MATMUL = os.path.join(CORPUS, "matmul.mlir")
SKILL = os.path.join(ROOT, "skills", "matmul_register_tile")
HUGE_NUMBERS = ["9223372036854775807", "9223372036854775808", "-9223372036854775808",
                "18446744073709551616", "4294967296", "0", "-1", "1e308", "nan"]


def resource_module(floats):
    """A module whose constant is a dense_resource blob of `floats` floats."""
    blob = "0x04000000" + "0000803F" * floats
    t = f"tensor<{floats}xf32>"
    return (f"func.func @main(%x: {t}) -> {t} {{\n"
            f"  %c = arith.constant dense_resource<blob1> : {t}\n"
            f"  %e = tensor.empty() : {t}\n"
            f"  %r = linalg.add ins(%x, %c : {t}, {t}) outs(%e : {t}) -> {t}\n"
            f"  return %r : {t}\n}}\n"
            "{-#\n  dialect_resources: {\n    builtin: {\n"
            f"      blob1: \"{blob}\"\n    }}\n  }}\n#-}}\n")


def mutate_text(rng, text):
    """One damaged copy of `text`."""
    kind = rng.randrange(6)
    if kind == 0:  # truncated anywhere
        return text[:rng.randrange(len(text))]
    if kind == 1:  # bytes flipped
        chars = list(text)
        for _ in range(rng.randint(1, 8)):
            chars[rng.randrange(len(chars))] = chr(rng.choice(
                [0x22, 0x7b, 0x7d, 0x28, 0x29, 0x3c, 0x3e, 0x25, 0x3a, 0x2c, 0x30, 0x78, 0x0a, 0x00]))
        return "".join(chars)
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if kind == 2:  # a line dropped
        del lines[i]
    elif kind == 3:  # a line doubled
        lines.insert(i, lines[i])
    elif kind == 4:  # a number made huge
        words = lines[i].split("x")
        if len(words) > 1:
            j = rng.randrange(len(words))
            words[j] = rng.choice(["0", "4294967296", "9223372036854775807", "-1"])
        lines[i] = "x".join(words)
    else:  # two lines swapped
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def module_case(rng, work, modules):
    path = os.path.join(work, "input.mlir")
    if rng.random() < 0.25:  # cut inside a resource blob of up to a few MB
        text = resource_module(rng.choice([4, 1000, 300000, 1 << 20]))
        start = text.index('blob1: "') + 8
        text = text[:rng.randrange(start - 4, len(text))]
    else:
        with open(rng.choice(modules)) as f:
            text = mutate_text(rng, f.read())
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    return ["ks-opt", path, "--ks-compile=chip=sm_90", "-o", os.path.join(work, "out.mlir")]


def deep(depth, open_, close):
    return open_ * depth + close * depth


def plan_text(rng):
    kind = rng.randrange(8)
    if kind == 0:
        return deep(rng.choice([300, 5000, 50000]), "[", "]")
    if kind == 1:
        return '{"dispatches": ' + deep(rng.choice([300, 50000]), "[", "]") + "}"
    step = {"id": 1, "skill": "matmul_register_tile",
            "params": {"BM": 64, "BN": 64, "TM": 4, "TN": 4, "KT": 4}}
    if kind == 2:
        step["params"][rng.choice(list(step["params"]))] = int(rng.choice(HUGE_NUMBERS[:6]))
    elif kind == 3:
        step[rng.choice(["id", "skill", "params"])] = rng.choice([5, "x", None, [], 1.5, {}])
    elif kind == 4:
        step["params"] = {"BM": rng.choice(["64", 64.5, None, [64], True])}
    elif kind == 5:
        step["id"] = int(rng.choice(HUGE_NUMBERS[:5]))
    text = json.dumps({"dispatches": [step]})
    if kind == 6:
        text = text[:rng.randrange(len(text))]
    if kind == 7:
        text = text.replace("1", rng.choice(HUGE_NUMBERS), 1)
    return text


def plan_case(rng, work, modules):
    path = os.path.join(work, "plan.json")
    with open(path, "w") as f:
        f.write(plan_text(rng))
    return ["ks-opt", MATMUL, f"--ks-compile=chip=sm_90 plan={path}", "-o",
            os.path.join(work, "out.mlir")]


def hostile_expression(rng):
    return rng.choice([
        "(0 - 9223372036854775807 - 1) / (0 - 1)",
        "(0 - 9223372036854775807 - 1) % (0 - 1)",
        "9223372036854775807 * 9223372036854775807",
        "9223372036854775807 + BM",
        "-" * rng.choice([300, 100000]) + "1",
        "(" * rng.choice([300, 100000]) + "BM" + ")" * rng.choice([300, 100000]),
        "BM / (TM - TM)",
        "BM %",
        "99999999999999999999 > 1",
    ])


def skill_case(rng, work, modules):
    root = os.path.join(work, "skills")
    skill = os.path.join(root, "matmul_register_tile")
    shutil.copytree(SKILL, skill)
    with open(os.path.join(skill, "skill.json")) as f:
        data = json.load(f)
    kind = rng.randrange(6)
    if kind == 0:
        data["constraints"] = [hostile_expression(rng)]
    elif kind == 1:
        data["derived"] = [{"name": "TX", "expr": hostile_expression(rng)}]
    elif kind == 2:
        data[rng.choice(["params", "defaults", "constraints", "derived", "op_classes",
                         "applies_when"])] = rng.choice([5, "x", None, [1, [2]], {"a": {}}])
    elif kind == 3:
        data["defaults"]["BM"] = int(rng.choice(HUGE_NUMBERS[:6]))
    elif kind == 4:
        data["params"]["BM"] = [int(rng.choice(HUGE_NUMBERS[:6]))]
        data["defaults"]["BM"] = data["params"]["BM"][0]
    text = json.dumps(data)
    if kind == 5:
        text = rng.choice([text[:rng.randrange(len(text))], deep(50000, "[", "]")])
    with open(os.path.join(skill, "skill.json"), "w") as f:
        f.write(text)
    return ["ks-opt", MATMUL,
            f"--ks-apply-skills=skill-dirs={root} dispatch=1 skill=matmul_register_tile",
            "-o", os.path.join(work, "out.mlir")]


def npy_bytes(rng):
    shape = rng.choice(["(4000000000000, 16)", "(-1, 6)", "(4611686018427387904, 16)",
                        "(2, 3)", "(2, 3", "(x, 3)", "()", "(3,)", "(99999999999999999999,)"])
    descr = rng.choice(["<f4", "<f4", "<f8", "|b1", "<c8", ">f4", "'"])
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, rng.choice(["False", "False", "True"]), shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    length = len(header) if rng.random() < 0.8 else rng.choice([0, 65535, len(header) + 7])
    magic = b"\x93NUMPY" if rng.random() < 0.9 else b"\x93NUMPX"
    version = rng.choice([b"\x01\x00", b"\x01\x00", b"\x02\x00", b"\x09\x00"])
    size = b"<H" if version != b"\x02\x00" else b"<I"
    data = magic + version + struct.pack(size, length) + header.encode()
    data += struct.pack("<6f", *range(6))
    if rng.random() < 0.2:
        data = data[:rng.randrange(len(data))]
    return data


def npy_case(rng, work, modules):
    path = os.path.join(work, "a.npy")
    with open(path, "wb") as f:
        f.write(npy_bytes(rng))
    module = os.path.join(work, "mul.mlir")
    with open(module, "w") as f:
        f.write("func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
                "  %e = tensor.empty() : tensor<2x3xf32>\n"
                "  %r = linalg.mul ins(%a, %a : tensor<2x3xf32>, tensor<2x3xf32>) "
                "outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
                "  return %r : tensor<2x3xf32>\n}\n")
    return ["ks-run", module, "--cpu-only", f"--input={path}"]


CASES = [("module", module_case, 0.55), ("plan", plan_case, 0.15),
         ("skill", skill_case, 0.15), ("npy", npy_case, 0.15)]


def run_one(index, seed, bin_dir, scratch, keep, timeout):
    rng = random.Random(seed * 1000003 + index)
    pick = rng.random()
    for name, make, share in CASES:
        pick -= share
        if pick < 0:
            break
    work = tempfile.mkdtemp(prefix=f"{name}-{index}-", dir=scratch)
    argv = make(rng, work, sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS)
                                  if f.endswith(".mlir")))
    argv[0] = os.path.join(bin_dir, argv[0])
    rc = None
    try:
        proc = subprocess.run(argv, capture_output=True, timeout=timeout)
        rc, err = proc.returncode, proc.stderr
        verdict = ("killed by signal %d" % -rc if rc < 0 else
                   "exit %d with no diagnostic" % rc if rc != 0 and not err.strip() else None)
    except subprocess.TimeoutExpired:
        verdict = f"no end within {timeout} s"
    outcome = (name, "accepted" if rc == 0 else "refused" if rc and rc > 0 else "failed")
    if verdict:
        kept = os.path.join(keep, os.path.basename(work))
        shutil.copytree(work, kept, dirs_exist_ok=True)
        with open(os.path.join(kept, "command.txt"), "w") as f:
            f.write(" ".join(argv) + "\n" + verdict + "\n")
        return outcome, f"{name} #{index}: {verdict} (kept in {kept})"
    shutil.rmtree(work, ignore_errors=True)
    return outcome, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="folder of ks-opt and ks-run")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a run")
    parser.add_argument("--keep", default="fuzz-failures", help="where failing inputs go")
    args = parser.parse_args()
    if args.count < 1 or args.jobs < 1 or not args.timeout > 0:
        parser.error("--count, --jobs and --timeout must be positive")
    os.makedirs(args.keep, exist_ok=True)
    failures = []
    outcomes = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="ks-fuzz-") as scratch:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for outcome, verdict in pool.map(
                    lambda i: run_one(i, args.seed, args.bin, scratch, args.keep, args.timeout),
                    range(args.count)):
                outcomes[outcome] += 1
                if verdict:
                    failures.append(verdict)
                    print("FAIL:", verdict, flush=True)
    print(f"fuzz: {args.count} inputs (seed {args.seed})")
    for (name, how), n in sorted(outcomes.items()):
        print(f"  {name}: {n} {how}")
    print(f"{args.count - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
