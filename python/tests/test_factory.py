"""A model file and a factory function (`model.py:make_model`) instead of
a KernelBench problem: the model as the factory builds it, fresh inputs
drawn like its examples, the manifest naming the factory."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import torch  # noqa: E402

from ks_torch import manifest as mf  # noqa: E402
from ks_torch.problem import Problem, ProblemError, find_problems, split_factory  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "..", "test", "Frontend", "Inputs", "level8", "01_user_mlp.py")


class FactoryTest(unittest.TestCase):
    def test_spec_and_name(self):
        self.assertEqual(split_factory("a/b.py:make_model"), ("a/b.py", "make_model"))
        self.assertEqual(split_factory("a/b.py"), ("a/b.py", None))
        self.assertEqual(find_problems([MODEL + ":make_model"]), [MODEL + ":make_model"])
        p = Problem(MODEL + ":make_model")
        self.assertEqual((p.name, p.factory), ("level8/01_user_mlp", "make_model"))

    def test_the_factorys_weights_and_inputs_like_its_examples(self):
        p = Problem(MODEL + ":make_model")
        a, b = p.build_model(), p.build_model()
        for x, y in zip(a.parameters(), b.parameters()):
            self.assertTrue(torch.equal(x, y))
        first = p.make_inputs(7)
        self.assertEqual([tuple(x.shape) for x in first], [(16, 64)])
        self.assertTrue(torch.equal(first[0], p.make_inputs(7)[0]))
        self.assertFalse(torch.equal(first[0], p.make_inputs(8)[0]))
        m = mf.make_manifest(p, "x.mlir", "main", mf.model_state(a), first, [a(*first)], {})
        self.assertEqual(m["factory"], "make_model")
        self.assertEqual(m["constants"], {})

    def test_errors_name_the_file_and_function(self):
        with self.assertRaisesRegex(ProblemError, "defines no function 'missing'"):
            Problem(MODEL + ":missing")
        with self.assertRaisesRegex(ProblemError, "must return \\(model, example_inputs\\)"):
            Problem(MODEL + ":not_a_factory").build_model()
        with self.assertRaisesRegex(ProblemError, "no SMALL sizes"):
            Problem(MODEL + ":make_model", small=True)


if __name__ == "__main__":
    unittest.main()
