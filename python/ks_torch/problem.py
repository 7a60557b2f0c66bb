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


def split_factory(spec):
    """(path, factory) of "model.py:make_model", (path, None) of a plain path."""
    path, sep, factory = spec.rpartition(":")
    if sep and path.endswith(".py") and factory.isidentifier():
        return path, factory
    return spec, None


class Problem:
    """A KernelBench-format problem file, or a model file and the name of a
    function in it (`model.py:make_model`) that returns (model,
    example_inputs): the model as the user builds it (their weights, loaded
    or drawn from the seed), fresh inputs drawn like the examples."""

    def __init__(self, path, small=False, factory=None):
        if factory is None:
            path, factory = split_factory(path)
        self.path = os.path.abspath(path)
        self.name = problem_name(path)
        self.small = small
        self.factory = factory
        with open(self.path, "rb") as f:
            self.source_sha256 = hashlib.sha256(f.read()).hexdigest()
        spec = importlib.util.spec_from_file_location(
            "ks_problem_" + self.name.replace("/", "_"), self.path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:  # the file's own error, named
            raise ProblemError(f"{self.path}: cannot be loaded: {type(e).__name__}: {e}")
        if factory is not None:
            if not callable(getattr(module, factory, None)):
                raise ProblemError(f"{self.path}: defines no function '{factory}'")
            if small:
                raise ProblemError(f"{self.path}:{factory}: a model file has no SMALL sizes for the "
                                   "reduced-size check")
            self.module = module
            return
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
        if self.factory is not None:
            return out
        for key, value in vars(self.module).items():
            if key.startswith("_") or key == "SMALL":
                continue
            if isinstance(value, (bool, int, float)) or (
                    isinstance(value, (tuple, list)) and all(isinstance(v, (int, float)) for v in value)):
                out[key] = value
        return out

    def _built(self):
        """The factory's (model, example inputs), checked."""
        got = getattr(self.module, self.factory)()
        if not (isinstance(got, (tuple, list)) and len(got) == 2
                and isinstance(got[0], torch.nn.Module) and isinstance(got[1], (tuple, list))):
            raise ProblemError(f"{self.path}:{self.factory}: must return (model, example_inputs), "
                               "an nn.Module and a list")
        return got

    def build_model(self, device="cpu"):
        """The model with parameters drawn from MODEL_SEED (or the factory's
        own), in eval mode."""
        torch.manual_seed(MODEL_SEED)
        random.seed(MODEL_SEED)
        if self.factory is not None:
            model = self._built()[0]
        else:
            model = self.module.Model(*self.module.get_init_inputs())
        return model.eval().to(device)

    def _example_specs(self):
        """What fresh inputs are drawn like: per example input its shape
        and dtype (and an integer's bound), or the value itself."""
        if getattr(self, "_specs", None) is None:
            torch.manual_seed(MODEL_SEED)
            specs = []
            for x in self._built()[1]:
                if not isinstance(x, torch.Tensor):
                    specs.append(("value", x))
                elif x.is_floating_point() or x.dtype == torch.bool:
                    specs.append(("tensor", x.shape, x.dtype, None))
                else:
                    high = int(x.max()) + 1 if x.numel() else 1
                    specs.append(("tensor", x.shape, x.dtype, max(1, high)))
            self._specs = specs
        return self._specs

    def _inputs_like_examples(self):
        """Fresh inputs shaped as the factory's examples (from the seed set
        by make_inputs): normal floats, integers below the examples'
        largest, booleans at random."""
        out = []
        for spec in self._example_specs():
            if spec[0] == "value":
                out.append(spec[1])
                continue
            _, shape, dtype, high = spec
            if dtype == torch.bool:
                out.append(torch.rand(shape) < 0.5)
            elif high is None:
                out.append(torch.randn(shape, dtype=dtype))
            else:
                out.append(torch.randint(0, high, shape, dtype=dtype))
        return out

    def make_inputs(self, seed, draw_on=None):
        """Fresh inputs from `seed`, drawn on the CPU (both machines agree on
        them) or, with `draw_on`, on that device: a GPU draws the gigabytes
        of a memory-bound problem's inputs in milliseconds, the CPU in
        seconds. The values differ between the two; their distribution not."""
        if self.factory is not None:
            self._example_specs()  # the factory runs before the seed is set
            draw = self._inputs_like_examples
        else:
            draw = self.module.get_inputs
        torch.manual_seed(seed)
        if draw_on is None:
            inputs = draw()
        else:
            with torch.device(draw_on):
                inputs = draw()
        if not isinstance(inputs, (list, tuple)):
            raise ProblemError(f"{self.path}: get_inputs() must return a list")
        return list(inputs)


def problem_name(path):
    """'level1/01_square_matmul' for .../level1/01_square_matmul.py (and for
    .../level1/01_square_matmul.py:make_model)."""
    path = os.path.abspath(split_factory(path)[0])
    parent = os.path.basename(os.path.dirname(path))
    stem = os.path.splitext(os.path.basename(path))[0]
    return f"{parent}/{stem}" if parent else stem


def find_problems(paths):
    """Problem files under `paths` (files or folders), sorted."""
    found = []
    for p in paths:
        if split_factory(p)[1] is not None:
            found.append(p)  # a model file and its factory function
        elif os.path.isdir(p):
            for root, _, files in os.walk(p):
                found += [os.path.join(root, f) for f in files
                          if f.endswith(".py") and f[:1].isdigit()]
        else:
            found.append(p)
    return sorted(found)
