"""Loads a problem in KernelBench format and builds its model and inputs.

A problem file defines `class Model(nn.Module)`, `get_inputs()`,
`get_init_inputs()` and module-level shape constants. Ours also define
`SMALL`, overrides of those constants for the reduced-size CPU check; the
functions read the constants at call time, so overriding the module globals
shrinks everything.

Loading a problem file executes it as Python code, with the user's rights;
load only files you trust. The commands load each in a child process with a
time and a memory limit (isolate.py), which contains mistakes, not malice.
"""

import hashlib
import importlib.util
import os
import random

import torch

# The seeds the model and the inputs are built with: the importer and the
# harness must build bit-identical parameters on both machines.
MODEL_SEED = 0


class ProblemError(Exception):
    """A problem file that does not follow the format."""


class Problem:
    def __init__(self, path, small=False):
        self.path = os.path.abspath(path)
        self.name = problem_name(path)
        self.small = small
        with open(self.path, "rb") as f:
            self.source_sha256 = hashlib.sha256(f.read()).hexdigest()
        spec = importlib.util.spec_from_file_location(
            "ks_problem_" + self.name.replace("/", "_"), self.path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:  # the file's own error, named
            raise ProblemError(f"{self.path}: cannot be loaded: {type(e).__name__}: {e}")
        for attr in ("Model", "get_inputs", "get_init_inputs"):
            if not hasattr(module, attr):
                raise ProblemError(f"{self.path}: defines no '{attr}'")
        overrides = getattr(module, "SMALL", None)
        if small:
            if overrides is None:
                raise ProblemError(f"{self.path}: defines no SMALL sizes for the reduced-size check")
            for key, value in overrides.items():
                if not hasattr(module, key):
                    raise ProblemError(f"{self.path}: SMALL overrides '{key}', which is not a module constant")
                setattr(module, key, value)
        self.module = module

    def constants(self):
        """The module-level int/float/tuple constants in effect (for the manifest)."""
        out = {}
        for key, value in vars(self.module).items():
            if key.startswith("_") or key == "SMALL":
                continue
            if isinstance(value, (bool, int, float)) or (
                    isinstance(value, (tuple, list)) and all(isinstance(v, (int, float)) for v in value)):
                out[key] = value
        return out

    def build_model(self, device="cpu"):
        """The model with parameters drawn from MODEL_SEED, in eval mode."""
        torch.manual_seed(MODEL_SEED)
        random.seed(MODEL_SEED)
        model = self.module.Model(*self.module.get_init_inputs())
        return model.eval().to(device)

    def make_inputs(self, seed, draw_on=None):
        """Fresh inputs from `seed`, drawn on the CPU (both machines agree on
        them) or, with `draw_on`, on that device: a GPU draws the gigabytes
        of a memory-bound problem's inputs in milliseconds, the CPU in
        seconds. The values differ between the two; their distribution not."""
        torch.manual_seed(seed)
        if draw_on is None:
            inputs = self.module.get_inputs()
        else:
            with torch.device(draw_on):
                inputs = self.module.get_inputs()
        if not isinstance(inputs, (list, tuple)):
            raise ProblemError(f"{self.path}: get_inputs() must return a list")
        return list(inputs)


def problem_name(path):
    """'level1/01_square_matmul' for .../level1/01_square_matmul.py."""
    path = os.path.abspath(path)
    parent = os.path.basename(os.path.dirname(path))
    stem = os.path.splitext(os.path.basename(path))[0]
    return f"{parent}/{stem}" if parent else stem


def find_problems(paths):
    """Problem files under `paths` (files or folders), sorted."""
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                found += [os.path.join(root, f) for f in files
                          if f.endswith(".py") and f[:1].isdigit()]
        else:
            found.append(p)
    return sorted(found)
