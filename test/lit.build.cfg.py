# -*- Python -*-
# Test configuration for a CMake build tree (see lit.cfg.py).
import glob
import os
import sys
import shutil

from lit.llvm import llvm_config

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.ks_tools_dir, append_path=True)
# ks-opt finds ptxas and libdevice through these; pass them through.
for var in ["CUDA_HOME", "CUDA_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

tools = ["ks-opt", "ks-load-ptx", "ks-run", "ks-plan", "ks-tune", "mlir-opt"]
llvm_config.add_tool_substitutions(
    tools, [config.ks_tools_dir, config.llvm_tools_dir])
config.substitutions.append(
    ("%ks_plugin", os.path.join(config.ks_lib_dir, "KernelSkillPlugin.so")))
config.substitutions.append(("%ks_src", config.ks_src_root))
config.substitutions.append(("%ks_bin", config.ks_tools_dir))
# MLIR's own .td files (PassBase.td), beside LLVM's tools.
config.substitutions.append(
    ("%mlir_include", os.path.normpath(os.path.join(config.llvm_tools_dir, "..", "include"))))
# The loopback LLM endpoint of the LLM tests (scripted answers).
config.substitutions.append(
    ("%llm_server", '"%s" %s' % (sys.executable, os.path.join(
        config.ks_src_root, "test", "LLM", "Inputs", "llm_server.py"))))

if config.ks_build_plugin:
    config.available_features.add("plugin")

# ptxas: from CUDA_HOME, /usr/local/cuda or PATH, as ks-opt finds it.
ptxas = None
for root in [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]:
    if root and os.access(os.path.join(root, "bin", "ptxas"), os.X_OK):
        ptxas = os.path.join(root, "bin", "ptxas")
        break
ptxas = ptxas or shutil.which("ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# IREE's compiler (iree-base-compiler, python/requirements.txt) in the venv
# or on PATH: the exports of ks-export-iree are compiled with it.
iree_compile = os.path.join(config.ks_src_root, ".venv", "bin", "iree-compile")
if not os.access(iree_compile, os.X_OK):
    iree_compile = shutil.which("iree-compile")
if iree_compile:
    config.available_features.add("iree-compile")
    config.substitutions.append(("%iree_compile", iree_compile))

# GPU tests run only where a CUDA driver and a device are present (the repo's
# device script sets KS_CUDA_GPU=1 there after checking nvidia-smi).
if os.environ.get("KS_CUDA_GPU") == "1":
    config.available_features.add("cuda-gpu")

# report.html is checked in headless Chromium (Debian's chromium).
# Memory errors that rarely crash (a walk over an erased op) show under
# valgrind's memcheck.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

if shutil.which("chromium") or os.path.exists("/usr/bin/chromium"):
    config.available_features.add("chromium")

# A C compiler, for stand-ins of libraries (a fake CUDA driver).
cc = shutil.which("cc")
if cc:
    config.available_features.add("cc")
    config.substitutions.append(("%cc", cc))

if os.path.exists(os.path.join(config.ks_tools_dir, "KSUnitTests")):
    config.available_features.add("unittests")

config.substitutions.append(
    ("%ks_library", os.path.join(config.ks_lib_dir, "libKernelSkill.so")))

# The PyTorch frontend (python/ks_torch) runs in the venv that
# scripts/install-python.sh makes; its tests need torch and torch-mlir there.
venv_python = os.path.join(config.ks_src_root, ".venv", "bin", "python")
if os.path.exists(venv_python) and glob.glob(
        os.path.join(config.ks_src_root, ".venv", "lib", "python3*", "site-packages", "torch_mlir")):
    config.available_features.add("torch-mlir")
    torch_env = "env PYTHONPATH={} KS_OPT={} KS_RUN={} KS_LIB={}".format(
        os.path.join(config.ks_src_root, "python"),
        os.path.join(config.ks_tools_dir, "ks-opt"), os.path.join(config.ks_tools_dir, "ks-run"),
        os.path.join(config.ks_lib_dir, "libKernelSkill.so"))
    config.substitutions.append(("%torch_python", f"{torch_env} {venv_python} -W ignore"))
    # ks_torch tune --cluster's engine (python/requirements.txt).
    if glob.glob(os.path.join(config.ks_src_root, ".venv", "lib", "python3*", "site-packages",
                              "distributed")):
        config.available_features.add("dask")
    config.substitutions.append(("%ks_torch", f"{torch_env} {venv_python} -W ignore -m ks_torch"))
