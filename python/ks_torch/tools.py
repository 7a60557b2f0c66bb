"""Finding ks's tools, reading what they print, writing results whole.

One place for what the commands, the importer, the CPU check and the
harness all need.
"""

import json
import os
import shutil


# Where an installed ks-torch package carries ks (setup.py): bin/, lib/, skills/.
PACKAGED_KS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_ks")


def find_tool(name):
    """ks-opt, ks-run, ks-tune: $KS_OPT (etc.), the installed package's, the
    build tree, or PATH."""
    path = os.environ.get(name.upper().replace("-", "_"))
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (os.path.join(PACKAGED_KS, "bin", name),
              os.path.join(here, "..", "..", "build", "bin", name), shutil.which(name)):
        if c and os.path.exists(c):
            return os.path.normpath(c)
    raise FileNotFoundError(f"{name} not found: build ks (scripts/build.sh) or put it on PATH")


def first_error(text, limit=400):
    """The first MLIR-style 'error:' line of a tool's output, else its last line."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "error:" in l:
            return l[:limit]
    return lines[-1][:limit] if lines else ""


def describe_exception(e, limit=None):
    """'Type: first line of the message' (the line cut at `limit`)."""
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    return f"{type(e).__name__}: {lines[0][:limit] if lines else ''}"


def human_bytes(n):
    """'1.2 MB' (powers of 1000), as a file browser shows a size."""
    for unit in ("B", "kB", "MB"):
        if n < 1000:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} GB"


def write_text(path, text):
    """Writes `path` whole or not at all (a .tmp beside it, then a rename)."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write_json(path, data):
    write_text(path, json.dumps(data, indent=1) + "\n")


class _NoBar:
    def update(self, n=1):
        pass

    def close(self):
        pass


def progress(total, desc):
    """A progress bar on stderr (tqdm) for `total` steps: shown on a
    terminal, or wherever KS_PROGRESS=1; none with KS_PROGRESS=0, without
    tqdm, or inside torch.compile (which does not call this)."""
    import sys
    wanted = os.environ.get("KS_PROGRESS")
    if wanted == "0" or (wanted != "1" and not sys.stderr.isatty()):
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=desc, unit=" problem", file=sys.stderr, leave=True)
