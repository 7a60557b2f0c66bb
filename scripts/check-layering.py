#!/usr/bin/env python3
"""Fails on an #include "ks/..." against the layer direction (issue 43).

    check-layering.py [ROOT]

Every C++ file under include/ks, lib and tools belongs to one layer, by its
folder (LAYERS): lib/<Folder>/ and include/ks/<Folder>/ are one layer, and
a header "ks/X" is the file include/ks/X. A file may include its own layer
and the layers below it; `runtime` sits beside the stack: the driver and
the tools use it, and it uses only the runtime ABI and support. The CMake
libraries of the folders link the same way (lib/*/CMakeLists.txt), so
CMake refuses a cycle. An exception goes in KNOWN, with what removes it
(none today). Exit 1, one line each, on an include not allowed and not in
KNOWN, on a file in no layer, and on a KNOWN entry that no longer exists,
so the list only shrinks.
"""

import os
import re
import sys

# (layer, rank, folders), top to bottom. A same-rank include is allowed
# (export sits at the driver's level and uses its pipelines).
LAYERS = [
    ("tools", 6, ["tools", "include/ks/Tools"]),
    # The pipelines, the JIT-loaded Program and its C API (ksrt.h), and
    # --ks-optimize (tunes, then compiles with the winning plan).
    ("driver", 5, ["lib/Driver", "include/ks/Driver"]),
    ("export", 5, ["lib/Export", "include/ks/Export"]),
    # CUDA, CUPTI: beside the driver (SIDE).
    ("runtime", 5, ["lib/Runtime", "include/ks/Runtime"]),
    # Planner, policy, cost model, tuner, LLM, tuning database.
    ("agents", 4, ["lib/Agents", "include/ks/Agents"]),
    # The skill library (load, resolve, plans, features and their row and
    # grid chain matchers) and the transform ops with their kernel builders.
    ("skills", 3, ["lib/Skills", "include/ks/Skills"]),
    # Seed lowering, rewrites, device passes, CPU emulation.
    ("transforms", 2, ["lib/Transforms", "include/ks/Transforms"]),
    # Names shared by kernels and runtime (the grid-arrival counter's).
    ("runtime-abi", 1, ["include/ks/RuntimeAbi"]),
    ("support", 0, ["include/ks/Support", "lib/Target", "include/ks/Target"]),
]
# A side layer includes only these (and is included from its rank up).
SIDE = {"runtime": {"runtime", "runtime-abi", "support"}}

# (file, included header, why it is there and what removes it).
KNOWN = []

LAYER_RANK = {name: rank for name, rank, _ in LAYERS}
INCLUDE = re.compile(r'^\s*#\s*include\s+"(ks/[^"]+)"')
SOURCES = (".h", ".hpp", ".inc", ".c", ".cpp")


def layer_of(path):
    for name, _, folders in LAYERS:
        if any(path.startswith(folder + "/") for folder in folders):
            return name
    return None


def allowed(src, dst):
    if src == dst:
        return True
    if src in SIDE:
        return dst in SIDE[src]
    return LAYER_RANK[dst] <= LAYER_RANK[src]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    files = []
    for top in ("include/ks", "lib", "tools"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            files += [os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
                      for f in sorted(filenames) if f.endswith(SOURCES)]

    errors, found = [], set()
    known = {(f, h) for f, h, _ in KNOWN}
    for path in files:
        src = layer_of(path)
        if src is None:
            errors.append(f"{path}: in no layer: add it to LAYERS")
            continue
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                header = m.group(1)
                dst = layer_of("include/" + header)
                if dst is None:
                    errors.append(f"{path}:{number} includes {header}: in no layer")
                elif not allowed(src, dst):
                    found.add((path, header))
                    if (path, header) not in known:
                        way = "upward" if LAYER_RANK[dst] > LAYER_RANK[src] else "sideways"
                        errors.append(f"{path}:{number} includes {header}: "
                                      f"{src} -> {dst} is {way}")
    for path, header, _ in KNOWN:
        if (path, header) not in found:
            errors.append(f"{path} includes {header}: known violation gone: "
                          "remove it from the list")
    for e in errors:
        print(e)
    if errors:
        return 1
    print("layering: ok" + (f" ({len(KNOWN)} known violations)" if KNOWN else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
