"""The build step of the ks-torch package (pyproject.toml holds the rest).

Copies ks into the package as ks_torch/_ks/: bin/ (ks-opt, ks-run,
ks-tune, ks-load-ptx), lib/libKernelSkill.so and skills/, laid out as
scripts/make-bundle.sh lays out the bundle, so that the tools find the
skills at bin/../skills and the library at lib/. From, in order:
$KS_TORCH_BUNDLE (an unpacked bundle's ks/ folder; "none": nothing), the
static build (build-static/: the multi-call `ks`, which needs no LLVM), or
the build tree (build/: its tools need LLVM 22's shared libraries).
"""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))
TOOLS = ("ks-opt", "ks-run", "ks-tune", "ks-load-ptx")
# Run from a venv of the multi-call binary: wheels keep no symbolic links.
LAUNCHER = '#!/bin/sh\nexec "$(dirname "$0")/ks" {tool} "$@"\n'


def _source():
    """(bin dir, library, skills dir, multi-call?) of the ks to package, or None."""
    env = os.environ.get("KS_TORCH_BUNDLE")
    if env == "none":
        return None
    if env:
        return (os.path.join(env, "bin"), os.path.join(env, "lib", "libKernelSkill.so"),
                os.path.join(env, "skills"), os.path.exists(os.path.join(env, "bin", "ks")))
    skills = os.path.join(ROOT, "skills")
    static = os.path.join(ROOT, "build-static")
    if os.path.exists(os.path.join(static, "bin", "ks")):
        return (os.path.join(static, "bin"), os.path.join(static, "lib", "libKernelSkill.so"),
                skills, True)
    build = os.path.join(ROOT, "build")
    if os.path.exists(os.path.join(build, "bin", "ks-opt")):
        return os.path.join(build, "bin"), os.path.join(build, "lib", "libKernelSkill.so"), skills, False
    return None


class BuildWithKs(build_py):
    def run(self):
        super().run()
        source = _source()
        if not source:
            print("ks-torch: no ks build found; the package uses ks from KS_LIB/KS_OPT or PATH")
            return
        bin_dir, library, skills, multi_call = source
        dest = os.path.join(self.build_lib, "ks_torch", "_ks")
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(os.path.join(dest, "bin"))
        os.makedirs(os.path.join(dest, "lib"))
        if os.path.exists(library):
            shutil.copy2(library, os.path.join(dest, "lib"))
        for tool in TOOLS:
            target = os.path.join(dest, "bin", tool)
            if multi_call:
                with open(target, "w") as f:
                    f.write(LAUNCHER.format(tool=tool))
                os.chmod(target, 0o755)
            elif os.path.exists(os.path.join(bin_dir, tool)):
                shutil.copy2(os.path.join(bin_dir, tool), target)
        if multi_call:
            shutil.copy2(os.path.join(bin_dir, "ks"), os.path.join(dest, "bin"))
        if os.path.isdir(skills):
            shutil.copytree(skills, os.path.join(dest, "skills"))
        revision = os.path.join(bin_dir, "..", "REVISION")
        if os.path.exists(revision):
            shutil.copy2(revision, dest)


class WithKs(Distribution):
    """A wheel for the platform when it carries ks's binaries."""

    def has_ext_modules(self):
        return _source() is not None


# Build outputs under build-python/: build/ is CMake's.
os.makedirs(os.path.join(ROOT, "build-python"), exist_ok=True)
setup(cmdclass={"build_py": BuildWithKs}, distclass=WithKs,
      options={"build": {"build_base": os.path.join(ROOT, "build-python")},
               "egg_info": {"egg_base": os.path.join(ROOT, "build-python")}})
