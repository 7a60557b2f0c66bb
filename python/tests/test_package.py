"""The ks-torch package: `pip install` of the repo's pyproject.toml into a
fresh venv gives `import ks_torch`, the `ks-torch` command, the dynamo
backend `ks` through its entry point, and the ks it carries (a stand-in
bundle here: KS_TORCH_BUNDLE), found inside the package first.

torch is not installed again: the venv sees this interpreter's packages
through a .pth file. The build needs setuptools >= 61 with `wheel` (or
setuptools >= 70.1) here, else PyPI for an isolated build; with neither the
test is skipped and says why."""

import importlib.metadata as md
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import unittest
import urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def _version(name):
    try:
        return tuple(int(p) for p in md.version(name).split(".")[:2])
    except (md.PackageNotFoundError, ValueError):
        return None


def _offline_build():
    """Whether setuptools can build the wheel here without downloading anything."""
    setuptools = _version("setuptools")
    return bool(setuptools and setuptools >= (61, 0) and (setuptools >= (70, 1) or _version("wheel")))


def _index_reachable():
    url = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple")
    host = urllib.parse.urlparse(url)
    try:
        socket.create_connection((host.hostname, host.port or 443), timeout=10).close()
        return True
    except OSError:
        return False


class PackageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        offline = _offline_build()
        if not offline and not _index_reachable():
            raise unittest.SkipTest("no wheel/setuptools>=70.1 for an offline build and no package index")
        cls.tmp = tempfile.mkdtemp(prefix="ks-torch-package-")
        src = os.path.join(cls.tmp, "src")
        # The repo's files the package is built from; not built in the repo,
        # so that the test leaves nothing there.
        os.makedirs(os.path.join(src, "python"))
        os.makedirs(os.path.join(src, "docs"))
        for f in ("pyproject.toml", "setup.py", "docs/frontend.md"):
            shutil.copy(os.path.join(ROOT, f), os.path.join(src, f))
        shutil.copytree(os.path.join(ROOT, "python", "ks_torch"), os.path.join(src, "python", "ks_torch"),
                        ignore=shutil.ignore_patterns("__pycache__", "_ks"))
        # A stand-in for ks's bundle: the real library is 250 MB.
        bundle = os.path.join(cls.tmp, "bundle")
        for d in ("bin", "lib", "skills"):
            os.makedirs(os.path.join(bundle, d))
        with open(os.path.join(bundle, "bin", "ks"), "w") as f:
            f.write('#!/bin/sh\necho "stand-in ks: $*"\n')
        os.chmod(os.path.join(bundle, "bin", "ks"), 0o755)
        with open(os.path.join(bundle, "lib", "libKernelSkill.so"), "w") as f:
            f.write("stand-in\n")
        with open(os.path.join(bundle, "skills", "policy.json"), "w") as f:
            f.write("{}\n")

        venv = os.path.join(cls.tmp, "venv")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
        cls.python = os.path.join(venv, "bin", "python")
        site = subprocess.run([cls.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              capture_output=True, text=True, check=True).stdout.strip()
        with open(os.path.join(site, "ks-torch-test-torch.pth"), "w") as f:
            f.write(sysconfig.get_paths()["purelib"] + "\n")  # torch, torch-mlir: this interpreter's

        cls.env = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "KS_LIB", "KS_OPT", "KS_RUN", "KS_TUNE", "KS_LOAD_PTX")}
        cls.env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", KS_TORCH_BUNDLE=bundle)
        cmd = [sys.executable, "-m", "pip", "--python", cls.python, "install", "--no-deps", "-q", src]
        if offline:
            cmd.insert(-1, "--no-build-isolation")
        cls.install = subprocess.run(cmd, capture_output=True, text=True, env=cls.env, cwd=cls.tmp,
                                     timeout=300)
        cls.site = site

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_python(self, code):
        proc = subprocess.run([self.python, "-W", "ignore", "-c", code], capture_output=True, text=True,
                              env=self.env, cwd=self.tmp, timeout=120)
        self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        return proc.stdout.split("\n")

    def test_installed(self):
        self.assertEqual(self.install.returncode, 0, self.install.stdout + self.install.stderr[-3000:])
        lines = self.run_python(
            "import ks_torch, ks_torch.tools as t, ks_torch.runtime as r, torch._dynamo\n"
            "print(ks_torch.__file__)\nprint(t.find_tool('ks-tune'))\nprint(r.find_library())\n"
            "print('ks' in torch._dynamo.list_backends())\n"
            "import ks_torch.backend as b\nprint(torch._dynamo.lookup_backend('ks') is b.ks_backend)\n"
            "import subprocess\nprint(subprocess.run([t.find_tool('ks-opt'), '--version'], capture_output=True,"
            " text=True).stdout.strip())\n")
        package = os.path.join(self.site, "ks_torch")
        self.assertEqual(lines[0], os.path.join(package, "__init__.py"))
        self.assertEqual(lines[1], os.path.join(package, "_ks", "bin", "ks-tune"))
        self.assertEqual(lines[2], os.path.join(package, "_ks", "lib", "libKernelSkill.so"))
        self.assertEqual(lines[3:5], ["True", "True"])  # the torch_dynamo_backends entry point
        self.assertEqual(lines[5], "stand-in ks: ks-opt --version")  # the launcher of the multi-call ks
        self.assertTrue(os.path.exists(os.path.join(package, "_ks", "skills", "policy.json")))

    def test_console_script(self):
        self.assertEqual(self.install.returncode, 0)
        proc = subprocess.run([os.path.join(os.path.dirname(self.python), "ks-torch"), "--help"],
                              capture_output=True, text=True, env=self.env, timeout=120)
        self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        self.assertIn("import", proc.stdout)
        self.assertIn("bench", proc.stdout)


if __name__ == "__main__":
    unittest.main()
