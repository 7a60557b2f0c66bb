"""A step run in a child process: its value, or one line saying how it failed."""

import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import torch  # noqa: E402

from ks_torch import isolate  # noqa: E402


class Expected(Exception):
    pass


def _raise(e):
    raise e


def _segfault():
    os.kill(os.getpid(), signal.SIGSEGV)


def _spawn_and_loop(pid_file):
    with open(pid_file, "w") as f:
        f.write(str(subprocess.Popen(["sleep", "100"]).pid))
    while True:
        pass


def _running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] not in "ZX"
    except FileNotFoundError:
        return False


class IsolateTest(unittest.TestCase):
    def run_failing(self, fn, *args, timeout=60, memory_gb=4, expected=(Expected,)):
        with self.assertRaises(isolate.Failure) as cm:
            isolate.run(fn, args, timeout, memory_gb, expected)
        return str(cm.exception)

    def test_value(self):
        self.assertEqual(isolate.run(lambda a, b: {"sum": a + b}, (2, 3), 60, 4), {"sum": 5})

    def test_exceptions(self):
        self.assertEqual(self.run_failing(_raise, Expected("named as is")), "named as is")
        self.assertEqual(self.run_failing(_raise, ValueError("bad\nmore")), "ValueError: bad")

    def test_exit_and_signal(self):
        self.assertEqual(self.run_failing(sys.exit, 3), "exited with status 3")
        self.assertEqual(self.run_failing(_segfault), "killed by signal SIGSEGV")

    def test_timeout_ends_what_the_child_started(self):
        with tempfile.TemporaryDirectory() as tmp:
            pid_file = os.path.join(tmp, "pid")
            t0 = time.time()
            self.assertEqual(self.run_failing(_spawn_and_loop, pid_file, timeout=2), "timed out after 2 s")
            self.assertLess(time.time() - t0, 30)
            with open(pid_file) as f:
                pid = int(f.read())
        for _ in range(50):  # SIGKILL is delivered, not awaited
            if not _running(pid):
                break
            time.sleep(0.1)
        self.assertFalse(_running(pid))

    def test_memory_limit(self):
        # The parent's torch already holds about 1 GB of data memory.
        self.assertEqual(self.run_failing(bytearray, 8 << 30, memory_gb=3),
                         "exceeded the memory limit of 3 GB")
        self.assertEqual(self.run_failing(torch.empty, 2 << 30, memory_gb=3.5),
                         "exceeded the memory limit of 3.5 GB (an allocation of 8.6 GB was refused)")


if __name__ == "__main__":
    unittest.main()
