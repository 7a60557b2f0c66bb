"""The manifest an import writes beside its MLIR, and the parameter hash.

The imported entry takes the model's parameters as arguments (first, in
`named_parameters()` order, then floating buffers) followed by the forward
inputs, so the program never embeds weights; the harness passes the eager
model's own tensors. The hash proves that the eager model the harness builds
is the one that was imported.
"""

import hashlib
import json
import os

import torch

from .tools import write_json

MANIFEST_VERSION = 1

# Problem sources are named relative to the repository, the same on both machines.
REPO_ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


class ManifestError(Exception):
    pass


def dtype_name(dtype):
    return str(dtype).replace("torch.", "")


def model_state(model):
    """(name, tensor) of every parameter and floating buffer, in argument order."""
    state = [(n, p.detach()) for n, p in model.named_parameters()]
    state += [(n, b.detach()) for n, b in model.named_buffers() if b.is_floating_point()]
    return state


def parameter_hash(state):
    """sha256 over each tensor's name, dtype, shape and bytes (on the CPU, contiguous)."""
    h = hashlib.sha256()
    for name, tensor in state:
        t = tensor.detach().to("cpu").contiguous()
        h.update(f"{name}|{dtype_name(t.dtype)}|{tuple(t.shape)}|".encode())
        h.update(t.numpy().data if t.numel() else b"")  # the bytes in place, not a copy
    return h.hexdigest()


def tensor_entry(name, kind, tensor):
    return {"name": name, "kind": kind, "shape": list(tensor.shape),
            "dtype": dtype_name(tensor.dtype)}


def make_manifest(problem, mlir_file, entry, state, inputs, outputs, versions):
    args = [tensor_entry(n, "parameter", t) for n, t in state]
    args += [tensor_entry(f"input{i}", "input", t) for i, t in enumerate(inputs)]
    return {
        "version": MANIFEST_VERSION,
        "problem": problem.name,
        "source": os.path.relpath(problem.path, REPO_ROOT),
        "factory": problem.factory,
        "source_sha256": problem.source_sha256,
        "size": "small" if problem.small else "full",
        "constants": problem.constants(),
        "mlir": mlir_file,
        "entry": entry,
        "arguments": args,
        "results": [tensor_entry(f"result{i}", "result", t) for i, t in enumerate(outputs)],
        "parameter_hash": parameter_hash(state),
        "versions": versions,
    }


def write_manifest(path, manifest):
    write_json(path, manifest)


def read_manifest(path):
    try:
        with open(path) as f:
            manifest = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise ManifestError(f"{path}: cannot be read: {e}")
    for key in ("problem", "mlir", "entry", "arguments", "results", "parameter_hash"):
        if key not in manifest:
            raise ManifestError(f"{path}: has no '{key}'")
    if manifest.get("version") != MANIFEST_VERSION:
        raise ManifestError(f"{path}: version {manifest.get('version')} is not {MANIFEST_VERSION}")
    return manifest


def check_parameters(manifest, model):
    """Raises unless `model`'s parameters are the ones the manifest was imported with."""
    state = model_state(model)
    expected = [a for a in manifest["arguments"] if a["kind"] == "parameter"]
    names = [n for n, _ in state]
    if names != [a["name"] for a in expected]:
        raise ManifestError(
            f"{manifest['problem']}: the model's parameters {names} are not the imported ones "
            f"{[a['name'] for a in expected]}")
    actual = parameter_hash(state)
    if actual != manifest["parameter_hash"]:
        raise ManifestError(
            f"{manifest['problem']}: parameter hash {actual[:12]} differs from the imported "
            f"{manifest['parameter_hash'][:12]}: the model was not built with the same values")
    return state


def check_inputs(manifest, inputs):
    """Raises unless `inputs` match the manifest's input shapes and dtypes."""
    expected = [a for a in manifest["arguments"] if a["kind"] == "input"]
    if len(expected) != len(inputs):
        raise ManifestError(f"{manifest['problem']}: {len(inputs)} inputs, the import took {len(expected)}")
    for a, t in zip(expected, inputs):
        if list(t.shape) != a["shape"] or dtype_name(t.dtype) != a["dtype"]:
            raise ManifestError(
                f"{manifest['problem']}: {a['name']} is {dtype_name(t.dtype)}{list(t.shape)}, "
                f"the import took {a['dtype']}{a['shape']}")
