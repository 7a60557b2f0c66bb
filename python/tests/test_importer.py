"""The import on fake tensors: the manifest a real run would give, and the
forwards it refuses (data-dependent shapes, in-place updates)."""

import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import torch  # noqa: E402

from ks_torch import isolate  # noqa: E402
from ks_torch import manifest as mf  # noqa: E402
from ks_torch.importer import ImportFailure, import_problem  # noqa: E402
from ks_torch.problem import Problem  # noqa: E402

PROBLEM = textwrap.dedent("""
    import torch
    import torch.nn as nn

    class Model(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.fc = nn.Linear(n, n)
            self.bn = nn.BatchNorm1d(n)
            self.register_buffer("count", torch.zeros((), dtype=torch.int64))
        def forward(self, x):
            FORWARD

    batch = 8
    n = 16

    def get_inputs():
        return [INPUTS]

    def get_init_inputs():
        return [n]
""")


class ImporterTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def problem(self, forward="return self.bn(self.fc(x)), x.sum(1)", inputs="torch.rand(batch, n)"):
        # A new name each time: the source lines export quotes are cached by name.
        self.count = getattr(self, "count", 0) + 1
        path = os.path.join(self.dir.name, "level9", f"{self.count:02d}_problem.py")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(PROBLEM.replace("FORWARD", forward).replace("INPUTS", inputs))
        return path

    def assertRefused(self, forward, message):
        with self.assertRaisesRegex(ImportFailure, message):
            import_problem(self.problem(forward), os.path.join(self.dir.name, "out"))

    def test_manifest_is_the_one_a_real_run_gives(self):
        path = self.problem()
        got = import_problem(path, os.path.join(self.dir.name, "out"))
        p = Problem(path)
        model = p.build_model()
        inputs = p.make_inputs(0)
        with torch.no_grad():
            outputs = list(model(*inputs))
        want = mf.make_manifest(p, got["mlir"], got["entry"], mf.model_state(model), inputs, outputs,
                                got["versions"])
        self.assertEqual(got, want)
        self.assertEqual([r["shape"] for r in got["results"]], [[8, 16], [8]])

    def test_inputs_of_gigabytes_are_not_made(self):
        # 10 GB of input under a 2 GB limit (the parent's torch counts too).
        path = self.problem("return torch.relu(x)", "torch.rand(2_500_000_000)")
        got = isolate.run(import_problem, (path, os.path.join(self.dir.name, "out")), 120, 2)
        self.assertEqual(got["arguments"][-1]["shape"], [2_500_000_000])
        self.assertEqual(got["results"][0]["shape"], [2_500_000_000])

    def test_get_inputs_that_reads_values_is_run_for_real(self):
        path = self.problem("return x * 2", "torch.rand(int(torch.randint(5, 9, ()).item()))")
        got = import_problem(path, os.path.join(self.dir.name, "out"))
        n = len(Problem(path).make_inputs(0)[0])
        self.assertEqual(got["results"][0]["shape"], [n])

    def test_data_dependent_shapes_are_refused(self):
        self.assertRefused("return x[x > 0]",
                           r"^data-dependent shape: aten\.index\.Tensor gives float32\[u0\] \(\d\d_problem\.py:12: "
                           r"return x\[x > 0\]\), a size known only from the input values; ks imports static "
                           r"shapes only$")
        self.assertRefused("return torch.zeros(int(x.sum()))",
                           r"^data-dependent shape or control flow: the forward reads a tensor's values to "
                           r"choose a size or a branch \(\d\d_problem\.py:12: return torch\.zeros\(int\(x\.sum\(\)\)\); "
                           r"GuardOnDataDependentSymNode: Could not guard on data-dependent expression zuf0\); "
                           r"ks imports static shapes only$")
        self.assertRefused("return x * 2 if x.sum() > 0 else x", r"^data-dependent shape or control flow")

    def test_in_place_updates_are_refused(self):
        tail = r" in place; ks imports forwards without side effects only$"
        self.assertRefused("x.add_(1); return x * 2", r"^the forward mutates its input 0" + tail)
        self.assertRefused("self.bn.running_mean.zero_(); return x", r"its buffer 'bn\.running_mean'" + tail)
        self.assertRefused("self.count.add_(1); return x", r"its buffer 'count'" + tail)

    def test_results_must_be_tensors(self):
        self.assertRefused("return x, 3", r"^result 1 is of type int, not a tensor$")


if __name__ == "__main__":
    unittest.main()
