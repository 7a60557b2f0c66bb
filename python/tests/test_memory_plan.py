"""The harness's memory plan, on manifests of fixed sizes."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ks_torch import bench  # noqa: E402

GB = 10**9


def manifest(input_elements, result_elements):
    return {"arguments": [{"name": "input0", "kind": "input", "shape": [input_elements],
                           "dtype": "float32"}],
            "results": [{"name": "result0", "kind": "result", "shape": [result_elements],
                         "dtype": "float32"}]}


class MemoryPlanTest(unittest.TestCase):
    def test_a_14_gb_input_fits_an_h200_but_not_its_fp64_check(self):
        # 14 GB in, 14 GB out: 28 moved, eager's 14, a copy of 28, the
        # 0.27 GB flush = 70.3 GB of 118 usable; the fp64 check adds 56 GB.
        fits, use_f64, why = bench.memory_plan(manifest(3_500_000_000, 3_500_000_000), 139 * GB)
        self.assertTrue(fits)
        self.assertFalse(use_f64)
        self.assertEqual(why, "")

    def test_a_small_problem_gets_the_fp64_check(self):
        self.assertEqual(bench.memory_plan(manifest(1 << 20, 1 << 20), 139 * GB), (True, True, ""))

    def test_too_large_is_said_with_the_numbers(self):
        fits, use_f64, why = bench.memory_plan(manifest(10_000_000_000, 10_000_000_000), 139 * GB)
        self.assertFalse(fits)
        self.assertEqual(why, "too large for this GPU: needs 200.3 GB (parameters, inputs, outputs, "
                              "a copy of them and the L2 flush), 139.0 GB free")


if __name__ == "__main__":
    unittest.main()
