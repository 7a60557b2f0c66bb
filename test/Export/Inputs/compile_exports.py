"""Exports each given module with `ks-opt --ks-export-iree` and compiles the
export with `iree-compile --iree-hal-target-device=cuda` to a .vmfb.

usage: compile_exports.py KS_OPT IREE_COMPILE OUT_DIR FILE...

Prints one line per file (`compiled NAME`, or `refused NAME` where ks refuses
a kernel IREE's HAL cannot launch, with its message) and a summary; exits 1
if a file neither compiled nor was refused.
"""
import os
import subprocess
import sys


def main():
    ks_opt, iree_compile, out_dir, *files = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    failed = compiled = refused = 0
    for path in sorted(files):
        name = os.path.splitext(os.path.basename(path))[0]
        export = os.path.join(out_dir, name + ".iree.mlir")
        ks = subprocess.run([ks_opt, path, "--ks-export-iree", "-o", export],
                            capture_output=True, text=True)
        if ks.returncode != 0:
            if "cannot run in IREE" in ks.stderr:
                refused += 1
                reason = next(l for l in ks.stderr.splitlines() if "cannot run in IREE" in l)
                print(f"refused {name}: {reason}")
            else:
                failed += 1
                print(f"FAILED {name}: ks-opt: {ks.stderr.strip()[:2000]}")
            continue
        iree = subprocess.run([iree_compile, "--iree-hal-target-device=cuda", export,
                               "-o", os.path.join(out_dir, name + ".vmfb")],
                              capture_output=True, text=True)
        if iree.returncode != 0:
            failed += 1
            print(f"FAILED {name}: iree-compile: {iree.stderr.strip()[:2000]}")
            continue
        compiled += 1
        print(f"compiled {name}")
    print(f"summary: {compiled} compiled, {refused} refused, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
