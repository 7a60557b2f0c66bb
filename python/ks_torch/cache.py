"""The compile cache of the torch.compile backend, on disk.

An entry is a folder named by the key of a partition: its graph (a hash of
the aten nodes, their arguments and the shapes and dtypes of its inputs),
the chip, the precision, where its plan comes from and the version of ks.
It holds the partition's MLIR (partition.mlir), its plan (plan.json, if
any), the program ks compiled from them (compiled.ksrt, what ksrt_compile
writes: no GPU needed, so a cache made on a build machine serves a GPU
machine running the same ks) and meta.json, written last: a folder without
meta.json is an entry being written or left half-written, and is rebuilt.
A second compile of the same model finds its entries and runs neither the
importer nor ks-tune, and loads the compiled programs without compiling.
"""

import hashlib
import json
import os

import torch

from .tools import write_json

FORMAT = 1  # of the entries; a change makes new keys


def cache_dir(override=None):
    """`override`, $KS_TORCH_CACHE, or ~/.cache/ks-torch ($XDG_CACHE_HOME)."""
    if override:
        return override
    env = os.environ.get("KS_TORCH_CACHE")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ks-torch")


def _describe(value, index):
    """A node argument as plain data, nodes as their position in the graph."""
    if isinstance(value, torch.fx.Node):
        return ["%", index[value]]
    if isinstance(value, (list, tuple)):
        return [_describe(v, index) for v in value]
    if isinstance(value, dict):
        return {str(k): _describe(v, index) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, float):
        return ["f", value.hex()]  # exact, and inf/nan as text
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    if isinstance(value, torch.device):
        return "device"  # a plan tuned on the CPU's graph serves the GPU's
    return repr(value)  # dtypes, memory formats


def tensor_signature(value):
    """'f32[4,8]'-like text of a tensor's dtype and shape."""
    return f"{str(value.dtype).removeprefix('torch.')}{list(value.shape)}"


def graph_hash(gm):
    """SHA-256 of a partition graph: its nodes (op, target, arguments) in
    order, the inputs' shapes and dtypes; not the nodes' names, so the same
    computation hashes the same in any model or process."""
    index = {}
    nodes = []
    for i, node in enumerate(gm.graph.nodes):
        index[node] = i
        entry = [node.op]
        if node.op == "placeholder":
            value = node.meta.get("val")
            entry.append(tensor_signature(value) if isinstance(value, torch.Tensor) else repr(value))
        elif node.op == "call_function":
            entry.append(torch.fx.node._get_qualified_name(node.target))
        else:
            entry.append(str(node.target))
        entry += [_describe(node.args, index), _describe(node.kwargs, index)]
        nodes.append(entry)
    return hashlib.sha256(json.dumps(nodes, sort_keys=True).encode()).hexdigest()


def cache_key(graph, inputs, chip, precision, plan, version):
    """The key of a compiled partition: `graph` (graph_hash), `inputs` (its
    input tensors, or their signatures), the chip, the precision, `plan`
    (what names the plan: its text, or how it is made) and ks's version."""
    signatures = [tensor_signature(x) if isinstance(x, torch.Tensor) else str(x) for x in inputs]
    data = {"format": FORMAT, "graph": graph, "inputs": signatures, "chip": chip,
            "precision": precision, "plan": plan, "version": version}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]


def ks_version():
    """What identifies the ks that compiles: the package's version, the
    bundle's REVISION, and the library's and ks-tune's size and time (a
    rebuilt ks makes new entries; hashing a 250 MB library would cost more
    than a cache hit saves)."""
    from importlib import metadata
    from .runtime import find_library
    from .tools import find_tool
    parts = []
    try:
        parts.append(metadata.version("ks-torch"))
    except metadata.PackageNotFoundError:
        parts.append("source")
    for find, what in ((find_library, None), (find_tool, "ks-tune")):
        try:
            path = os.path.realpath(find(what) if what else find())
        except Exception:  # noqa: BLE001 -- no ks: the load reports it
            parts.append("none")
            continue
        revision = os.path.join(os.path.dirname(path), "..", "REVISION")
        if os.path.exists(revision):
            with open(revision) as f:
                parts.append(f.read().strip())
        st = os.stat(path)
        parts.append(f"{st.st_size}:{st.st_mtime_ns}")
    return "/".join(parts)


class Entry:
    """One partition's folder in the cache."""

    def __init__(self, root, key):
        self.dir = os.path.join(root, key[:2], key)
        self.mlir = os.path.join(self.dir, "partition.mlir")
        self.plan = os.path.join(self.dir, "plan.json")
        self.compiled = os.path.join(self.dir, "compiled.ksrt")
        self.meta_path = os.path.join(self.dir, "meta.json")

    def complete(self):
        return os.path.exists(self.meta_path) and os.path.exists(self.mlir)

    def meta(self):
        with open(self.meta_path) as f:
            return json.load(f)

    def plan_path(self):
        return self.plan if os.path.exists(self.plan) else None

    def finish(self, meta):
        write_json(self.meta_path, meta)
