"""The command line's checks of its options, and the sizes it prints."""

import contextlib
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ks_torch import __main__ as cli  # noqa: E402
from ks_torch.tools import human_bytes  # noqa: E402


class OptionsTest(unittest.TestCase):
    def refused(self, argv):
        err = io.StringIO()
        with self.assertRaises(SystemExit) as cm, contextlib.redirect_stderr(err):
            cli.main(argv)
        self.assertEqual(cm.exception.code, 2)
        return err.getvalue().strip().splitlines()[-1]

    def test_bad_numbers_are_usage_errors_naming_the_option(self):
        cases = [
            (["bench", "d", "-o", "r", "--timeout", "nan"], "argument --timeout: 'nan' is not a whole number above 0"),
            (["bench", "d", "-o", "r", "--timeout", "0"], "argument --timeout: '0' is not a whole number above 0"),
            (["bench", "d", "-o", "r", "--deadline", "-1"], "argument --deadline: '-1' is not a whole number, 0 or more"),
            (["tune", "d", "-o", "p", "--rounds", "0"], "argument --rounds: '0' is not a whole number above 0"),
            (["tune", "d", "-o", "p", "--max-dispatches", "1.5"],
             "argument --max-dispatches: '1.5' is not a whole number above 0"),
            (["import", "-o", "d", "--memory-limit", "inf"], "argument --memory-limit: 'inf' is not a finite number above 0"),
            (["import", "-o", "d", "--memory-limit", "-2"], "argument --memory-limit: '-2' is not a finite number above 0"),
            (["check", "-o", "d", "--timeout", "-5"], "argument --timeout: '-5' is not a whole number above 0"),
        ]
        for argv, message in cases:
            with self.subTest(argv=argv):
                self.assertTrue(self.refused(argv).endswith("error: " + message), self.refused(argv))

    def test_good_numbers_pass(self):
        self.assertEqual(cli.positive_int("3"), 3)
        self.assertEqual(cli.non_negative_int("0"), 0)
        self.assertEqual(cli.positive_float("0.5"), 0.5)
        self.assertEqual(cli.positive_float("1e3"), 1000.0)


class SizeTest(unittest.TestCase):
    def test_sizes_in_powers_of_1000(self):
        self.assertEqual(human_bytes(914), "914 B")
        self.assertEqual(human_bytes(1234), "1.2 kB")
        self.assertEqual(human_bytes(1_300_000), "1.3 MB")
        self.assertEqual(human_bytes(17_179_869_184), "17.2 GB")


if __name__ == "__main__":
    unittest.main()
