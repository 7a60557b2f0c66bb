"""The manifest an import writes, and the parameter check the harness does."""

import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import torch  # noqa: E402

from ks_torch import manifest as mf  # noqa: E402
from ks_torch.problem import Problem, ProblemError  # noqa: E402

PROBLEM = textwrap.dedent("""
    import torch
    import torch.nn as nn

    class Model(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.fc = nn.Linear(n, n)
            self.bn = nn.BatchNorm1d(n)
        def forward(self, x):
            return self.bn(self.fc(x))

    batch = 8
    n = 16
    SMALL = {"batch": 2, "n": 4}

    def get_inputs():
        return [torch.rand(batch, n)]

    def get_init_inputs():
        return [n]
""")


class ManifestTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "level9", "01_linear_bn.py")
        os.makedirs(os.path.dirname(self.path))
        with open(self.path, "w") as f:
            f.write(PROBLEM)

    def tearDown(self):
        self.dir.cleanup()

    def manifest(self, small=False):
        p = Problem(self.path, small=small)
        model = p.build_model()
        state = mf.model_state(model)
        inputs = p.make_inputs(1)
        return p, model, mf.make_manifest(p, "x.mlir", "main", state, inputs, [model(*inputs)],
                                          {"torch": "test"})

    def test_inputs_drawn_on_a_device_are_made_there(self):
        p = Problem(self.path, small=True)
        drawn = p.make_inputs(1, draw_on="meta")
        self.assertEqual([x.device.type for x in drawn], ["meta"])
        self.assertEqual(drawn[0].shape, p.make_inputs(1)[0].shape)
        again = [p.make_inputs(1)[0], p.make_inputs(1)[0]]
        self.assertTrue(torch.equal(*again))  # the seed decides the values

    def test_arguments_are_parameters_then_floating_buffers_then_inputs(self):
        p, _, m = self.manifest()
        self.assertEqual(m["problem"], "level9/01_linear_bn")
        self.assertEqual([(a["name"], a["kind"], a["shape"]) for a in m["arguments"]], [
            ("fc.weight", "parameter", [16, 16]), ("fc.bias", "parameter", [16]),
            ("bn.weight", "parameter", [16]), ("bn.bias", "parameter", [16]),
            ("bn.running_mean", "parameter", [16]), ("bn.running_var", "parameter", [16]),
            ("input0", "input", [8, 16])])  # num_batches_tracked (int) stays in the model
        self.assertEqual(m["results"][0]["shape"], [8, 16])
        self.assertEqual(m["constants"], {"batch": 8, "n": 16})

    def test_small_sizes_override_the_constants(self):
        _, _, m = self.manifest(small=True)
        self.assertEqual(m["size"], "small")
        self.assertEqual(m["constants"], {"batch": 2, "n": 4})
        self.assertEqual(m["arguments"][-1]["shape"], [2, 4])

    def test_same_seed_same_hash_and_a_changed_value_is_caught(self):
        _, model, m = self.manifest()
        again = Problem(self.path).build_model()
        mf.check_parameters(m, again)  # identical: no exception
        with torch.no_grad():
            again.fc.bias[3] += 1e-6
        with self.assertRaisesRegex(mf.ManifestError,
                                    r"^level9/01_linear_bn: parameter hash [0-9a-f]{12} differs from the "
                                    r"imported [0-9a-f]{12}: the model was not built with the same values$"):
            mf.check_parameters(m, again)

    def test_hash_covers_names_and_shapes(self):
        t = torch.arange(6, dtype=torch.float32)
        base = mf.parameter_hash([("w", t)])
        self.assertNotEqual(base, mf.parameter_hash([("v", t)]))
        self.assertNotEqual(base, mf.parameter_hash([("w", t.reshape(2, 3))]))
        self.assertEqual(base, mf.parameter_hash([("w", t.clone())]))

    def test_round_trip_and_bad_manifests(self):
        _, _, m = self.manifest()
        path = os.path.join(self.dir.name, "m.json")
        mf.write_manifest(path, m)
        self.assertEqual(mf.read_manifest(path), m)
        del m["parameter_hash"]
        mf.write_manifest(path, m)
        with self.assertRaisesRegex(mf.ManifestError, r"m\.json: has no 'parameter_hash'$"):
            mf.read_manifest(path)

    def test_inputs_must_match_the_import(self):
        _, _, m = self.manifest()
        with self.assertRaisesRegex(mf.ManifestError,
                                    r"input0 is float32\[8, 15\], the import took float32\[8, 16\]"):
            mf.check_inputs(m, [torch.rand(8, 15)])

    def test_small_without_sizes_is_named(self):
        with open(self.path, "w") as f:
            f.write(PROBLEM.replace('SMALL = {"batch": 2, "n": 4}', ""))
        with self.assertRaisesRegex(ProblemError, "defines no SMALL sizes"):
            Problem(self.path, small=True)


if __name__ == "__main__":
    unittest.main()
