#!/usr/bin/env python3
"""Fails on an #include "ks/..." against the layer direction (issue 43).

    check-layering.py [ROOT]

Every C++ file under include/ks, lib and tools belongs to one layer (LAYERS,
first matching pattern wins); a header "ks/X" is the file include/ks/X. A file
may include its own layer and the layers below it; `runtime` sits beside the
stack: the driver and the tools use it, and it uses only what is below the
transforms. An exception goes in KNOWN, with what removes it (none today).
Exit 1, one line each, on an include not allowed and not in KNOWN, and on a
KNOWN entry that no longer exists, so the list only shrinks.
"""

import fnmatch
import os
import re
import sys

# (layer, rank, path patterns), top to bottom; SKILLS is matched first, then
# these in order. A same-rank include is allowed (export sits at the driver's
# level and uses its pipelines).
LAYERS = [
    ("tools", 6, ["tools/*", "include/ks/Tools/*"]),
    # The pipelines, the JIT-loaded Program and its C API (ksrt.h), and
    # --ks-optimize (tunes, then compiles with the winning plan).
    ("driver", 5, ["*/Driver/*"]),
    ("export", 5, ["*/Export/*"]),
    ("runtime", 5, ["*/Runtime/*"]),  # CUDA, CUPTI: beside the driver (SIDE)
    ("agents", 4, ["*/Agents/*"]),
    ("skills", 3, []),  # SKILLS
    ("transforms", 2, ["*/Transforms/*"]),
    # Names shared by kernels and runtime (the grid-arrival counter's).
    ("runtime-abi", 1, ["*/ks/RuntimeAbi/*"]),
    ("support", 0, ["*/ks/Support/*", "*/Target/*"]),
]
# The skill library (load, resolve, plans, features and their row and grid
# chain matchers) and the transform ops with their kernel builders.
SKILLS = ["*/Skills/*"]
# A side layer includes only these (and is included from its rank up).
SIDE = {"runtime": {"runtime", "runtime-abi", "support"}}

# (file, included header, why it is there and what removes it).
KNOWN = []

LAYER_RANK = {name: rank for name, rank, _ in LAYERS}
INCLUDE = re.compile(r'^\s*#\s*include\s+"(ks/[^"]+)"')
SOURCES = (".h", ".hpp", ".inc", ".c", ".cpp")


def layer_of(path):
    for pattern in SKILLS:
        if fnmatch.fnmatch(path, pattern):
            return "skills"
    for name, _, patterns in LAYERS:
        if any(fnmatch.fnmatch(path, p) for p in patterns):
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
