"""The torch.compile warm-up of `ks_torch bench --compile-workers N` on the
CPU: worker processes running the real warm-up loop with a stand-in for the
compile (it sleeps, fails or dies by the problem's name and logs what it
did), and a stand-in timed worker; then the report's torch.compile columns."""

import json
import os
import re
import shutil
import sys
import tempfile
import textwrap
import time
import unittest

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, PYTHON_DIR)

from ks_torch import bench, report  # noqa: E402

# A warm-up worker: bench.warmup_worker_main with a compile that takes
# 0.2 s (or N s for slow-N), raises for fail-*, exits for crash-*, each
# start and end appended to $KS_TEST_LOG with its pid and environment.
STANDIN_WARMUP = textwrap.dedent(f"""
    import json, os, sys, time
    sys.path.insert(0, {PYTHON_DIR!r})
    from ks_torch import bench
    LOG = os.environ["KS_TEST_LOG"]
    def log(**event):
        event.update(pid=os.getpid(), at=time.time())
        with open(LOG, "a") as f:
            f.write(json.dumps(event) + "\\n")
    def compile_one(path):
        name = os.path.basename(path)
        log(start=path, cache=os.environ.get("TORCHINDUCTOR_CACHE_DIR"),
            fx=os.environ.get("TORCHINDUCTOR_FX_GRAPH_CACHE"),
            threads=os.environ.get("TORCHINDUCTOR_COMPILE_THREADS"))
        print("stray output of a compile")
        if name.startswith("child"):  # as Inductor's compile processes
            import subprocess
            log(child=subprocess.Popen(["sleep", "60"]).pid)
            time.sleep(4)
        time.sleep(float(name.split("-")[1]) if name.startswith("slow-") else 0.2)
        if name.startswith("fail"):
            raise RuntimeError("no lowering for " + name)
        if name.startswith("crash"):
            os._exit(3)
        log(end=path)
    bench.warmup_worker_main(compile_one=compile_one)
""")

# A timed worker (bench-worker's arguments): logs its start with the
# warm-up processes it still sees alive, and a row per manifest with what
# the warm-up left in the events log.
STANDIN_TIMED = textwrap.dedent(f"""
    import argparse, json, os, sys, time
    sys.path.insert(0, {PYTHON_DIR!r})
    from ks_torch import bench
    p = argparse.ArgumentParser()
    p.add_argument("--results"); p.add_argument("--chip"); p.add_argument("--deadline", type=float)
    p.add_argument("--no-compile", action="store_true"); p.add_argument("manifests", nargs="+")
    args = p.parse_args()
    with open(os.environ["KS_TEST_LOG"]) as f:
        pids = {{json.loads(l)["pid"] for l in f}}
    alive = []
    for pid in pids:
        try:
            os.kill(pid, 0)
            alive.append(pid)
        except ProcessLookupError:
            pass
    with open(os.environ["KS_TEST_LOG"] + ".timed", "a") as f:
        f.write(json.dumps({{"at": time.time(), "alive": alive,
                            "cache": os.environ.get("TORCHINDUCTOR_CACHE_DIR")}}) + "\\n")
    warmed = bench.read_warmups(args.results)
    with open(args.results, "a") as log:
        for path in args.manifests:
            log.write(json.dumps({{"start": path}}) + "\\n")
            row = {{"problem": "level1/" + os.path.basename(path), "status": "correct", "manifest": path}}
            bench.add_warmup(row, warmed.get(path))
            log.write(json.dumps({{"done": path, "row": row}}) + "\\n")
""")


class WarmupTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ks-warmup-test.")
        self.log = os.path.join(self.dir, "log.jsonl")
        open(self.log, "w").close()
        os.environ["KS_TEST_LOG"] = self.log
        self.cmd = [sys.executable, "-c", STANDIN_WARMUP]

    def tearDown(self):
        del os.environ["KS_TEST_LOG"]
        shutil.rmtree(self.dir)

    def events(self, path=None):
        with open(path or self.log) as f:
            return [json.loads(line) for line in f]

    def warm(self, manifests, workers, **kw):
        with open(os.path.join(self.dir, "stderr"), "a") as err:
            return bench.warm_up(manifests, workers, self.cmd, stderr=err, **kw)

    def test_n_workers_compile_each_problem_once(self):
        manifests = [f"p{i}" for i in range(8)]
        results = self.warm(manifests, 3)
        self.assertEqual(sorted(results), manifests)
        for m in manifests:
            self.assertIn("warm_s", results[m])
            self.assertNotIn("error", results[m])
        starts = [e["start"] for e in self.events() if "start" in e]
        self.assertEqual(sorted(starts), manifests)  # each once
        self.assertEqual(len({e["pid"] for e in self.events()}), 3)
        # No process of the warm-up is left when it returns.
        for pid in {e["pid"] for e in self.events()}:
            with self.assertRaises(ProcessLookupError):
                os.kill(pid, 0)

    def test_never_more_than_n_compiles_at_once(self):
        results = self.warm([f"slow-0.3-{i}" for i in range(6)], 2)
        self.assertEqual(len(results), 6)
        edges = sorted((e["at"], 1 if "start" in e else -1) for e in self.events())
        running, most = 0, 0
        for _, step in edges:
            running += step
            most = max(most, running)
        self.assertLessEqual(most, 2)

    def test_errors_are_recorded_and_a_dead_worker_replaced(self):
        results = self.warm(["fail-a", "crash-b", "c", "d"], 1)
        self.assertEqual(results["fail-a"]["error"], "RuntimeError: no lowering for fail-a")
        self.assertEqual(results["crash-b"]["error"], "the warm-up worker died (exit 3)")
        self.assertIn("warm_s", results["c"])
        self.assertIn("warm_s", results["d"])
        self.assertEqual(len({e["pid"] for e in self.events()}), 2)  # a fresh one after the crash

    def test_none_handed_out_after_the_deadline(self):
        deadline = time.time() + 1.0
        results = self.warm(["slow-4-a", "b", "c"], 1, deadline=deadline)
        ended = time.time()
        # The one compiling at the deadline was stopped there, not waited for.
        self.assertLess(ended, deadline + 2.5)
        self.assertEqual(results, {"slow-4-a": {"error": "not compiled by the warm-up deadline"}})
        for e in self.events():
            self.assertLessEqual(e["at"], deadline)
            self.assertEqual(e.get("start", "slow-4-a"), "slow-4-a")
            with self.assertRaises(ProcessLookupError):
                os.kill(e["pid"], 0)

    def test_processes_a_worker_started_are_stopped_with_it(self):
        self.warm(["child-a"], 1, deadline=time.time() + 1.5)
        children = [e["child"] for e in self.events() if "child" in e]
        self.assertEqual(len(children), 1)
        for _ in range(50):  # killed; reaped by whichever process adopted it
            try:
                with open(f"/proc/{children[0]}/stat") as f:
                    gone = f.read().split(")")[-1].split()[0] == "Z"
            except FileNotFoundError:
                gone = True
            if gone:
                break
            time.sleep(0.1)
        self.assertTrue(gone)

    def test_a_passed_deadline_starts_nothing(self):
        self.assertEqual(self.warm(["a", "b"], 2, deadline=time.time() - 1), {})
        self.assertEqual(self.events(), [])

    def test_a_compile_past_its_timeout_is_stopped(self):
        t0 = time.time()
        results = self.warm(["slow-30-a", "b"], 1, problem_timeout=1)
        self.assertLess(time.time() - t0, 15)
        self.assertEqual(results["slow-30-a"], {"error": "timed out after 1 s"})
        self.assertIn("warm_s", results["b"])

    def test_the_timed_run_starts_after_the_warm_up(self):
        manifests = [os.path.join(self.dir, f"m{i}") for i in range(5)] + \
                    [os.path.join(self.dir, "fail-x")]
        results = os.path.join(self.dir, "results.json.events.jsonl")
        cache = os.path.join(self.dir, "cache")
        rows = bench.run(manifests, results, compile_workers=2, compile_cache=cache,
                         worker_cmd=[sys.executable, "-c", STANDIN_TIMED], warmup_cmd=self.cmd)
        timed = self.events(self.log + ".timed")
        self.assertEqual(len(timed), 1)
        warm_events = self.events()
        self.assertEqual(len([e for e in warm_events if "start" in e]), 6)
        self.assertLessEqual(max(e["at"] for e in warm_events), timed[0]["at"])
        self.assertEqual(timed[0]["alive"], [])  # no warm-up process runs beside it
        # One Inductor cache for both, its FX graph cache on, the cores shared.
        self.assertEqual({e["cache"] for e in warm_events if "start" in e}, {os.path.abspath(cache)})
        self.assertEqual(timed[0]["cache"], os.path.abspath(cache))
        self.assertEqual({e["fx"] for e in warm_events if "start" in e}, {"1"})
        cores = len(os.sched_getaffinity(0))
        self.assertEqual({e["threads"] for e in warm_events if "start" in e}, {str(max(1, cores // 2))})
        self.assertEqual([r["manifest"] for r in rows], manifests)
        for r in rows[:5]:
            self.assertIsInstance(r["compile_warm_s"], float)
            self.assertNotIn("compile_warm_error", r)
        self.assertEqual(rows[5]["compile_warm_error"], "RuntimeError: no lowering for fail-x")
        self.assertEqual(bench.read_events(results)[manifests[0]], rows[0])

    def test_the_warm_up_deadline_defaults_to_a_share_of_the_deadline(self):
        manifests = [os.path.join(self.dir, "slow-30-a"), os.path.join(self.dir, "b")]
        results = os.path.join(self.dir, "results.json.events.jsonl")
        t0 = time.time()
        rows = bench.run(manifests, results, compile_workers=1, compile_cache=os.path.join(self.dir, "c"),
                         deadline_s=5, worker_cmd=[sys.executable, "-c", STANDIN_TIMED],
                         warmup_cmd=self.cmd)
        timed = self.events(self.log + ".timed")
        # Cut at 40% of 5 s, so the timed run started then, not after 30 s.
        self.assertLess(timed[0]["at"] - t0, 4.5)
        self.assertGreaterEqual(timed[0]["at"] - t0, 2.0)
        self.assertEqual(rows[0]["compile_warm_error"], "not compiled by the warm-up deadline")
        self.assertNotIn("compile_warm_s", rows[1])  # not reached: compiled cold

    def test_no_warm_up_without_workers_or_with_no_compile(self):
        manifests = [os.path.join(self.dir, "a")]
        results = os.path.join(self.dir, "results.json.events.jsonl")
        for kw in ({"compile_workers": 0}, {"compile_workers": 2, "no_compile": True}):
            rows = bench.run(manifests, results, worker_cmd=[sys.executable, "-c", STANDIN_TIMED],
                             warmup_cmd=self.cmd, **kw)
            self.assertNotIn("compile_warm_s", rows[0])
        self.assertEqual(self.events(), [])
        self.assertIsNone(self.events(self.log + ".timed")[0]["cache"])


class WarmupWorkerLoopTest(unittest.TestCase):
    def test_a_reply_a_request_and_a_sticky_cuda_error_ends_the_worker(self):
        import io

        def compile_one(path):
            if path == "sticky":
                raise RuntimeError("CUDA error: an illegal memory access was encountered")
            return 1.25

        replies = io.StringIO()
        bench.warmup_worker_loop(compile_one, io.StringIO("a\n\nsticky\nnever\n"), replies)
        lines = replies.getvalue().splitlines()
        self.assertEqual([json.loads(l[len(bench.WARM_REPLY):]) for l in lines], [
            {"manifest": "a", "warm_s": 1.2},
            {"manifest": "sticky", "error": "RuntimeError: CUDA error: an illegal memory access was "
                                            "encountered", "restart": True}])


class CompileReportTest(unittest.TestCase):
    ROWS = [
        {"problem": "level1/a", "status": "correct", "eager_ms": 2.0, "compile_ms": 1.0, "ks_ms": 1.0,
         "compile_s": 0.5, "compile_warm_s": 20.0, "compile_fx_cache": {"hit": 1, "miss": 0}},
        {"problem": "level1/b", "status": "correct", "eager_ms": 1.0, "compile_ms": 4.0, "ks_ms": 2.0,
         "compile_s": 30.0, "compile_fx_cache": {"hit": 0, "miss": 1}},
        # torch.compile failed: eager's means count it, torch.compile's not
        {"problem": "level1/c", "status": "correct", "eager_ms": 3.0, "ks_ms": 1.0,
         "compile_error": "BackendCompilerFailed: x", "compile_warm_error": "BackendCompilerFailed: x"},
        {"problem": "level1/d", "status": "incorrect", "eager_ms": 1.0, "compile_ms": 1.0, "ks_ms": 1.0},
    ]

    def test_counts_and_means_against_each_baseline(self):
        s = report.summarize(self.ROWS)["level1"]
        self.assertEqual((s["eager"]["timed"], s["eager"]["in_means"]), (4, 3))
        self.assertEqual((s["compile"]["timed"], s["compile"]["in_means"]), (3, 2))
        self.assertAlmostEqual(s["compile"]["geomean_speedup"], (1.0 * 2.0) ** 0.5)
        self.assertAlmostEqual(s["compile"]["mean_speedup"], 1.5)
        self.assertAlmostEqual(s["eager"]["mean_speedup"], (2.0 + 0.5 + 3.0) / 3)
        text = report.format_summary(report.summarize(self.ROWS))
        self.assertIn("timed in mean", text.splitlines()[0])
        self.assertRegex(text, re.compile(r"^level1\s+4 .* compile .*\s1.41\s+1.50\s+50%\s+0\s+3\s+2$", re.M))
        self.assertRegex(text, re.compile(r"^level1\s+4 .* eager .*\s1.44\s+1.83\s+50%\s+0\s+4\s+3$", re.M))

    def test_compile_seconds_line(self):
        self.assertEqual(
            report.format_compile_seconds(self.ROWS),
            "torch.compile: 3 of 4 problems timed, 1 compile errors; the timed run's compile: "
            "median 30.0 s, max 30.0 s, 1 all from the FX graph cache; warm-up: 1 compiled "
            "(median 20.0 s, max 20.0 s), 1 failed or cut")
        self.assertEqual(report.format_compile_seconds([{"problem": "level1/a", "eager_ms": 1.0}]), "")
        self.assertIn("torch.compile: 3 of 4", report.format_table(self.ROWS, report.summarize(self.ROWS)))


if __name__ == "__main__":
    unittest.main()
