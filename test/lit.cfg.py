# -*- Python -*-
import os
import sys
import shutil

import lit.formats

config.name = "KernelSkill"
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.build.cfg.py", "lit.site.cfg.py", "lit.local.cfg"]
config.test_source_root = os.path.dirname(__file__)

# On the GPU machine there is no build tree and no LLVM: the device script
# runs the GPU tests against the unpacked bundle (`--param ks_device_bin=DIR`).
# Those tests use only the bundled tools and the shell.
device_bin = lit_config.params.get("ks_device_bin")
if device_bin:
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.test_exec_root = os.path.join(os.environ.get("TMPDIR", "/tmp"), "ks-lit")
    config.environment["PATH"] = os.pathsep.join([device_bin, os.environ["PATH"]])
    if os.environ.get("KS_CUDA_GPU") == "1":
        config.available_features.add("cuda-gpu")
    config.available_features.add("device-bundle")
    config.substitutions.append(("%python", sys.executable))
    config.substitutions.append(
        ("%ks_library", os.path.join(device_bin, "..", "lib", "libKernelSkill.so")))
else:
    from lit.llvm import llvm_config
    config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
    config.test_exec_root = os.path.join(config.ks_obj_root, "test")
    lit_config.load_config(config, os.path.join(config.test_source_root, "lit.build.cfg.py"))
