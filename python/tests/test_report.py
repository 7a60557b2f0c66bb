"""fast_p and the mean speedups on fixed rows, worked out by hand."""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ks_torch import report  # noqa: E402

ROWS = [
    # eager/ks: 2.0, compile/ks: 1.0
    {"problem": "level1/a", "status": "correct", "eager_ms": 2.0, "compile_ms": 1.0, "ks_ms": 1.0},
    # eager/ks: 0.5, compile/ks: 0.25
    {"problem": "level1/b", "status": "correct", "eager_ms": 1.0, "compile_ms": 0.5, "ks_ms": 2.0},
    # fast but wrong: counts nowhere but the denominator
    {"problem": "level1/c", "status": "incorrect", "eager_ms": 9.0, "compile_ms": 9.0, "ks_ms": 1.0},
    {"problem": "level1/d", "status": "compile failed"},
    # eager/ks: 1.6 exactly above 1.5
    {"problem": "level2/e", "status": "correct", "eager_ms": 1.6, "compile_ms": None, "ks_ms": 1.0},
]


class ReportTest(unittest.TestCase):
    def test_fast_p_counts_correct_and_faster_over_all_problems(self):
        level1 = [r for r in ROWS if r["problem"].startswith("level1")]
        self.assertEqual(report.fast_p(level1, 0.0), 2 / 4)
        self.assertEqual(report.fast_p(level1, 1.0), 1 / 4)
        self.assertEqual(report.fast_p(level1, 1.5), 1 / 4)
        self.assertEqual(report.fast_p(level1, 2.0), 0.0)  # 2.0 is not faster than 2x
        self.assertEqual(report.fast_p(level1, 1.0, "compile"), 0.0)

    def test_means_are_over_correct_problems(self):
        s = report.summarize(ROWS)
        self.assertAlmostEqual(s["level1"]["eager"]["geomean_speedup"], math.sqrt(2.0 * 0.5))
        self.assertAlmostEqual(s["level1"]["eager"]["mean_speedup"], 1.25)
        self.assertAlmostEqual(s["level1"]["compile"]["geomean_speedup"], math.sqrt(0.25))
        self.assertEqual(s["level1"]["compiled"], 3 / 4)
        self.assertEqual(s["level1"]["correct"], 2 / 4)
        self.assertEqual(s["level2"]["eager"]["fast_1.5"], 1.0)
        self.assertIsNone(s["level2"]["compile"]["geomean_speedup"])  # not measured
        self.assertEqual(s["all"]["problems"], 5)
        self.assertAlmostEqual(s["all"]["eager"]["geomean_speedup"], (2.0 * 0.5 * 1.6) ** (1 / 3))

    def test_floor_shares_count_over_all_problems(self):
        s = report.summarize(ROWS)
        # level1: a (2.0) is at 0.8x or more, b (0.5) is not, c and d are not correct.
        self.assertEqual(s["level1"]["eager"]["at_least_0.8"], 1 / 4)
        self.assertEqual(s["level1"]["eager"]["under_0.5"], 0)  # 0.5 is not under 0.5
        self.assertEqual(s["level1"]["compile"]["under_0.5"], 1)  # b: 0.25

    def test_judged_against_f64_counts_results_as_exact_as_eager(self):
        rows = [
            {"problem": "level1/a", "status": "correct"},
            # eager itself is 3 bounds from fp64, ks 2: as exact as eager
            {"problem": "level1/b", "status": "incorrect", "as_exact_as_eager": True,
             "ks_score_vs_f64": 2.0, "eager_score_vs_f64": 3.0},
            # ks farther from fp64 than eager: not
            {"problem": "level1/c", "status": "incorrect", "as_exact_as_eager": False},
            # no fp64 run (too large): only the strict verdict counts
            {"problem": "level1/d", "status": "incorrect"},
            {"problem": "level1/e", "status": "compile failed", "as_exact_as_eager": True},
        ]
        self.assertEqual([report.judged_against_f64(r) for r in rows],
                         [True, True, False, False, False])
        s = report.summarize(rows)
        self.assertEqual(s["level1"]["correct"], 1 / 5)
        self.assertEqual(s["level1"]["as_exact_as_eager"], 2 / 5)
        self.assertRegex(report.format_table(rows, s), r"level1\s+5\s+80%\s+20%\s+40%\s+eager")
        judged = report.summarize(report.judged_rows(rows))
        self.assertEqual(judged["level1"]["correct"], 2 / 5)
        self.assertEqual([r["status"] for r in report.judged_rows(rows)],
                         ["correct", "correct", "incorrect", "incorrect", "compile failed"])

    def test_tuning_times_per_level(self):
        rows = [{"problem": "level1/a", "tune_s": 10.0, "status": "tuned"},
                {"problem": "level1/b", "tune_s": 30.0, "status": "tuned"},
                {"problem": "level1/c", "tune_s": 20.0, "status": "not tuned"},
                {"problem": "level3/d", "tune_s": 100.0, "status": "tuned"}]
        text = report.format_tuning_times(rows)
        self.assertRegex(text, r"level1\s+3\s+20.0\s+30.0\s+2")
        self.assertRegex(text, r"all\s+4\s+30.0\s+100.0\s+3")

    def test_problems_not_run_are_left_out_of_the_summary(self):
        cut = ROWS + [{"problem": "level1/z", "status": "not run"}]
        self.assertEqual(report.summarize(cut), report.summarize(ROWS))
        self.assertIn("level1/z", report.format_table(cut, report.summarize(cut)))

    def test_table_names_every_problem_and_level(self):
        text = report.format_table(ROWS, report.summarize(ROWS))
        for r in ROWS:
            self.assertIn(r["problem"], text)
        self.assertIn("compile failed", text)
        self.assertRegex(text, r"level1\s+4\s+75%\s+50%\s+50%\s+eager\s+50%\s+25%\s+25%\s+0%\s+1.00\s+1.25\s+25%\s+0")


def row(problem, status, eager_ms, compile_ms, ks_ms):
    return {"problem": problem, "status": status, "eager_ms": eager_ms, "compile_ms": compile_ms,
            "ks_ms": ks_ms}


class SideBySideTest(unittest.TestCase):
    def test_each_plan_folder_beside_eager_and_its_geomean_over_common_problems(self):
        model = [row("level1/01_a", "correct", 2.0, None, 1.0),
                 row("level1/02_b", "correct", 3.0, None, 2.0),
                 row("level1/03_c", "incorrect", 1.0, None, 1.0)]
        refined = [row("level1/01_a", "correct", 2.0, None, 0.5),
                   row("level1/02_b", "incorrect", 3.0, None, 1.0)]
        text = report.format_side_by_side([("model", model), ("refined", refined)])
        lines = text.splitlines()
        self.assertIn("model", lines[0])
        self.assertIn("refined", lines[0])
        self.assertRegex(lines[1], r"level1/01_a +2\.000 +1\.000 \(2\.00x\) +0\.500 \(4\.00x\)")
        self.assertRegex(lines[2], r"level1/02_b +3\.000 +2\.000 \(1\.50x\) +incorrect")
        self.assertRegex(lines[3], r"level1/03_c .* incorrect +-")
        # Only level1/01_a is correct in both: 2x and 4x.
        self.assertRegex(lines[-1], r"geomean vs eager \(1 problems\) +2\.00x +4\.00x")


class MemoryBoundTest(unittest.TestCase):
    MB = [
        # 90% and 50% of a same-bytes copy; a matmul and an incorrect one left out
        {"problem": "level1/20_relu", "status": "correct", "ks_ms": 0.02, "copy_ms": 0.018,
         "traffic_bytes": 32e6},
        {"problem": "level1/58_hinge_loss", "status": "correct", "ks_ms": 0.1, "copy_ms": 0.05,
         "traffic_bytes": 64e6},
        {"problem": "level1/01_square_matmul", "status": "correct", "ks_ms": 2.0, "copy_ms": 0.01,
         "traffic_bytes": 200e6},
        {"problem": "level1/48_cumsum", "status": "incorrect", "ks_ms": 0.02, "copy_ms": 0.02,
         "traffic_bytes": 32e6},
    ]

    def test_flops_a_byte_decide_where_counted(self):
        # A softmax numbered past 58 (no flops) is memory-bound; a transposed
        # convolution numbered 20 (1000 flops a byte) is not; a tiny-K GEMM
        # at 12 flops a byte is.
        softmax = {"problem": "level1/60_softmax", "flops": 0, "traffic_bytes": 5e9}
        conv = {"problem": "level1/20_conv_transpose2d", "flops": 5e11, "traffic_bytes": 5e8}
        tiny_k = {"problem": "level1/10_matmul_tiny_k", "flops": 6e10, "traffic_bytes": 5e9}
        self.assertTrue(report.memory_bound(softmax))
        self.assertFalse(report.memory_bound(conv))
        self.assertTrue(report.memory_bound(tiny_k))
        self.assertFalse(report.memory_bound(dict(softmax, problem="level2/60_softmax")))

    def test_memory_bound_rows_against_a_copy_of_their_bytes(self):
        self.assertTrue(report.memory_bound(self.MB[0]))
        self.assertFalse(report.memory_bound(self.MB[2]))
        self.assertAlmostEqual(report.copy_fraction(self.MB[0]), 0.9)
        self.assertIsNone(report.copy_fraction(self.MB[3]))
        text = report.format_memory_bound(self.MB)
        self.assertIn("level1/20_relu", text)
        self.assertNotIn("square_matmul", text)
        self.assertNotIn("cumsum", text)
        self.assertIn("at or above 85% of a same-bytes copy: 1 of 2; geomean 67%", text)


class BenchSecondsTest(unittest.TestCase):
    def test_phases_summed_over_the_problems_that_have_them(self):
        rows = [{"problem": "level1/a", "phase_s": {"setup": 1.0, "check": 2.5, "time": 1.5}},
                {"problem": "level1/b", "phase_s": {"setup": 0.5, "check": 1.0, "time": 3.0}},
                {"problem": "level1/c", "status": "compile failed"}]
        self.assertEqual(report.format_bench_seconds(rows),
                         "bench seconds: 2 problems, setup 2, check 4, time 4; "
                         "a problem's median 5.0, max 5.0")
        self.assertEqual(report.format_bench_seconds(rows[2:]), "")


class TrialsTest(unittest.TestCase):
    def test_slow_runs_get_fewer_trials_within_the_budget(self):
        from ks_torch.bench import plan_trials
        self.assertEqual(plan_trials(2.0, 100, 3, 20_000), (100, 3))      # 0.2 s in all
        self.assertEqual(plan_trials(400.0, 100, 3, 20_000), (50, 1))     # 20 s / 0.4 s
        self.assertEqual(plan_trials(2700.0, 100, 3, 20_000), (7, 1))     # 20 s / 2.7 s
        self.assertEqual(plan_trials(10_000.0, 100, 3, 20_000), (5, 1))   # at least 5


if __name__ == "__main__":
    unittest.main()
