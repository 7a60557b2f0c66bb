"""The torch.compile backend `ks` on the CPU: the partitions it forms, the
cache's key, its errors (dynamic shapes, no GPU), its registration, and
that a partition it imports is MLIR ks compiles and runs (emulated) to
eager's results."""

import glob
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from ks_torch import backend, cache, partition  # noqa: E402
from ks_torch.importer import decompositions  # noqa: E402
from ks_torch.tools import find_tool  # noqa: E402


@torch.library.custom_op("ks_test::twice", mutates_args=())
def twice(x: torch.Tensor) -> torch.Tensor:
    return x * 2


@twice.register_fake
def _(x):
    return torch.empty_like(x)


def aten_graph(fn, *inputs):
    """fn's aten graph after ks's decompositions, on fake tensors (as aot_autograd gives it)."""
    return make_fx(fn, decomposition_table=decompositions(), tracing_mode="fake")(*inputs)


def targets(gm):
    return [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]


def mlp():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 8)).eval()


def functional(model):
    """model's forward with its parameters as leading arguments, as dynamo
    and aot_autograd pass them to the backend."""
    names = [n for n, _ in model.named_parameters()]

    def forward(*args):
        return torch.func.functional_call(model, dict(zip(names, args[:len(names)])), args[len(names):])
    return forward, [p.detach() for p in model.parameters()]


class PartitionTest(unittest.TestCase):
    def split(self, fn, *inputs):
        fused, names = partition.split(aten_graph(fn, *inputs))
        return fused, [targets(getattr(fused, n)) for n in names]

    def test_supported_ops_form_partitions_around_unsupported_ones(self):
        # matmul+relu, then a custom op ks knows nothing of, then exp+sum;
        # nonzero (a data-dependent shape) stays in eager too.
        def fn(x, w):
            y = twice(torch.relu(x @ w))
            return torch.exp(y).sum(1), torch.nonzero(y)
        fused, parts = self.split(fn, torch.randn(4, 8), torch.randn(8, 8))
        self.assertEqual(parts, [["aten.mm.default", "aten.relu.default"],
                                 ["aten.exp.default", "aten.sum.dim_IntList"]])
        eager = targets(fused)
        self.assertIn("ks_test.twice.default", eager)
        self.assertIn("aten.nonzero.default", eager)
        self.assertNotIn("aten.mm.default", eager)

    def test_nothing_supported_leaves_the_graph_alone(self):
        gm = aten_graph(lambda x: twice(x), torch.randn(4))
        fused, names = partition.split(gm)
        self.assertEqual(names, [])
        self.assertIs(fused, gm)

    def test_float32_only(self):
        _, parts = self.split(lambda x, w: torch.relu(x @ w), torch.randn(4, 8, dtype=torch.float64),
                              torch.randn(8, 8, dtype=torch.float64))
        self.assertEqual(parts, [])

    def test_only_float32_crosses_a_partition_edge(self):
        # A mask used inside a partition stays there.
        _, parts = self.split(lambda x: torch.where(x > 0, x, 0.0) * 3, torch.randn(4, 8))
        self.assertEqual(len(parts), 1)
        self.assertIn("aten.gt.Scalar", parts[0])
        # A mask the graph returns is made in eager, and so is the where
        # that takes it in.
        def fn(x):
            mask = x > 0
            return torch.where(mask, x, 0.0) * 3, mask
        fused, parts = self.split(fn, torch.randn(4, 8))
        self.assertEqual(parts, [["aten.mul.Tensor"]])
        for part in parts:
            self.assertNotIn("aten.gt.Scalar", part)
            self.assertNotIn("aten.where.self", part)
        self.assertIn("aten.gt.Scalar", targets(fused))

    def test_trailing_views_stay_in_eager(self):
        _, parts = self.split(lambda x, w: torch.relu(x @ w).view(32), torch.randn(4, 8), torch.randn(8, 8))
        self.assertEqual(parts, [["aten.mm.default", "aten.relu.default"]])


class CacheKeyTest(unittest.TestCase):
    def graph(self, shape=(4, 8), dtype=torch.float32, scale=2.0):
        gm = aten_graph(lambda x: torch.relu(x) * scale, torch.randn(shape, dtype=dtype))
        return cache.graph_hash(gm), [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder"]

    def key(self, shape=(4, 8), dtype=torch.float32, chip="sm_90", precision="exact",
            plan=None, version="v1"):
        graph, inputs = self.graph(shape, dtype)
        return cache.cache_key(graph, inputs, chip, precision, plan or {"rounds": 0}, version)

    def test_stable(self):
        self.assertEqual(self.graph()[0], self.graph()[0])
        self.assertEqual(self.key(), self.key())

    def test_not_the_device(self):
        # ks_torch.tune plans on the CPU for the GPU: the same graph on either.
        def trace(device):
            gm = aten_graph(lambda x: x + torch.ones(4, 8, device=x.device), torch.randn(4, 8, device=device))
            self.assertIn(f"device(type='{device}')", gm.code)
            return cache.graph_hash(gm)
        self.assertEqual(trace("cpu"), trace("meta"))

    def test_changes(self):
        base = self.key()
        for changed in (self.key(shape=(4, 9)), self.key(dtype=torch.float64), self.key(chip="sm_80"),
                        self.key(precision="tf32x3"), self.key(plan={"file": "abc"}),
                        self.key(version="v2")):
            self.assertNotEqual(changed, base)
        self.assertNotEqual(self.graph(scale=3.0)[0], self.graph()[0])

    def test_cache_dir(self):
        with mock.patch.dict(os.environ, {"KS_TORCH_CACHE": "/some/where"}):
            self.assertEqual(cache.cache_dir(), "/some/where")
            self.assertEqual(cache.cache_dir("/override"), "/override")
        env = {k: v for k, v in os.environ.items() if k not in ("KS_TORCH_CACHE", "XDG_CACHE_HOME")}
        with mock.patch.dict(os.environ, env, clear=True):
            self.assertEqual(cache.cache_dir(), os.path.join(os.path.expanduser("~"), ".cache", "ks-torch"))


class DecompositionsTest(unittest.TestCase):
    """A machine without torch-mlir (the GPU machine) compiles from a cache
    prepared where it is: the decompositions are those the cache names."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ks-decomp-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def test_the_same_table_without_torch_mlir_from_the_cache(self):
        with_mlir = decompositions(self.dir)
        self.assertTrue(os.path.exists(os.path.join(self.dir, "decompositions.json")))
        with mock.patch.dict(sys.modules, {"torch_mlir.extras.fx_decomp_util": None}):
            without = decompositions(self.dir)
        self.assertEqual(sorted(map(str, with_mlir)), sorted(map(str, without)))
        # The same graph: a layer norm and an addmm decompose alike.
        def fn(x, w, b):
            return torch.nn.functional.layer_norm(torch.addmm(b, x, w), (8,))
        args = (torch.randn(4, 8), torch.randn(8, 8), torch.randn(8))
        graphs = [make_fx(fn, decomposition_table=table, tracing_mode="fake")(*args)
                  for table in (with_mlir, without)]
        self.assertEqual(cache.graph_hash(graphs[0]), cache.graph_hash(graphs[1]))

    def test_no_torch_mlir_and_no_cache_says_what_to_do(self):
        with mock.patch.dict(sys.modules, {"torch_mlir.extras.fx_decomp_util": None}):
            with self.assertRaises(ImportError) as e:
                decompositions(self.dir)
        self.assertIn("ks imports models with torch-mlir, which is not installed", str(e.exception))
        self.assertIn("decompositions.json", str(e.exception))


class DynamoTestCase(unittest.TestCase):
    """Fresh dynamo state and a scratch folder around each test."""

    def setUp(self):
        torch._dynamo.reset()
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        torch._dynamo.reset()
        self.dir.cleanup()


class BackendTest(DynamoTestCase):
    def setUp(self):
        super().setUp()
        self.options = {"cache_dir": self.dir.name}

    def test_registered(self):
        backend.register()
        self.assertIn("ks", torch._dynamo.list_backends())
        self.assertIs(torch._dynamo.lookup_backend("ks"), backend.ks_backend)

    def test_dynamic_shape_is_an_error(self):
        backend.register()
        f = torch.compile(lambda x: torch.relu(x) + 1, backend="ks", dynamic=True, options=self.options)
        with self.assertRaises(Exception) as e:
            f(torch.randn(5, 8))
        self.assertRegex(str(e.exception),
                         r"KsError: ks compiles static shapes only: input L\['x'\] of the graph has the "
                         r"shape \[s\d+, s\d+\]; compile with torch.compile\(model, backend=\"ks\", "
                         r"dynamic=False\) \(a new shape then recompiles\)")

    def test_no_gpu_is_an_error(self):
        backend.register()
        f = torch.compile(lambda x: torch.relu(x) + 1, backend="ks", dynamic=False, options=self.options)
        with mock.patch.object(backend, "cuda_available", return_value=False):
            with self.assertRaises(Exception) as e:
                f(torch.randn(5, 8))
        self.assertIn("KsError: ks needs a CUDA GPU: torch.cuda.is_available() is False "
                      "(ks_torch.tune(model, example_inputs) tunes plans without one)", str(e.exception))

    def test_unknown_option_is_an_error(self):
        with self.assertRaisesRegex(backend.KsError, "unknown option\\(s\\) chips; known: chip, "):
            backend.options_of({"chips": "sm_90"})

    def test_training_runs_the_backward_in_eager_and_says_so(self):
        # Tuning mode: the partitions are planned, the forward stays eager,
        # so this runs on the CPU; the backward compiler is the one training uses.
        backend._warned.discard("backward")
        model = torch.nn.Linear(8, 4)
        options = dict(self.options, tune_report=[], budget=1)
        f = torch.compile(model, backend=lambda gm, x: backend.ks_backend(gm, x, options=options),
                          dynamic=False)
        with self.assertLogs("ks_torch", logging.WARNING) as logs:
            f(torch.randn(2, 8)).sum().backward()
            f(torch.randn(2, 8)).sum().backward()
        said = [r for r in logs.output if "backward runs in eager" in r]
        self.assertEqual(len(said), 1)
        self.assertIsNotNone(model.weight.grad)


class EmulatedPartition(torch.nn.Module):
    """backend.KsPartition with ks-run's emulated GPU kernels for the C API;
    `calls` counts the runs of all of them."""
    calls = 0

    def __init__(self, entry, chip, device):
        super().__init__()
        self.entry = entry
        self.device = device

    def forward(self, *args):
        EmulatedPartition.calls += 1
        with tempfile.TemporaryDirectory() as tmp:
            files = []
            for i, t in enumerate(args):
                files.append(os.path.join(tmp, f"arg{i}.npy"))
                np.save(files[-1], t.detach().contiguous().numpy())
            plan = [f"--plan={self.entry.plan_path()}"] if self.entry.plan_path() else []
            proc = subprocess.run([find_tool("ks-run"), self.entry.mlir, "--entry=main", "--emulate-gpu",
                                   f"--output-dir={tmp}"] + plan + [f"--input={f}" for f in files],
                                  capture_output=True, text=True)
            assert proc.returncode == 0, proc.stderr[-2000:]
            return tuple(torch.from_numpy(np.load(os.path.join(tmp, f"{i}.npy")))
                         for i in range(len(self.entry.meta()["outputs"])))


class TwiceModel(torch.nn.Module):
    """An MLP and a softmax (ks's) around a custom op (not ks's)."""

    def __init__(self):
        super().__init__()
        self.mlp = mlp()

    def forward(self, x):
        return torch.softmax(twice(self.mlp(x)), dim=1)


class EndToEndTest(DynamoTestCase):
    """torch.compile(model, backend="ks") with the program run by ks-run's
    GPU emulation instead of the C API: the whole path but the GPU."""

    def run_on_a_pretend_gpu(self, model, x, calls=1, **options):
        """model's outputs compiled (partitions emulated) over `calls` calls, and eager's."""
        backend.register()
        compiled = torch.compile(model, backend="ks", dynamic=False,
                                 options=dict(options, cache_dir=self.dir.name))
        with mock.patch.object(backend, "cuda_available", return_value=True), \
                mock.patch.object(backend, "_graph_device", return_value=torch.device("cuda", 0)), \
                mock.patch.object(backend, "KsPartition", EmulatedPartition), torch.no_grad():
            got = [compiled(x) for _ in range(calls)]
            want = model(x)
        for out in got:
            np.testing.assert_allclose(out.numpy(), want.numpy(), rtol=1e-4, atol=1e-5)

    def test_model_with_an_unsupported_op_matches_eager(self):
        self.run_on_a_pretend_gpu(TwiceModel().eval(), torch.randn(4, 16))
        # Two partitions (the MLP; the softmax), around the custom op.
        entries = glob.glob(os.path.join(self.dir.name, "*", "*", "meta.json"))
        self.assertEqual(len(entries), 2)

    def on_inductor(self, model, x, calls=1):
        """run_on_a_pretend_gpu with rest="inductor": the graphs Inductor
        compiled (a fresh Inductor cache in the scratch folder)."""
        from torch._dynamo.utils import counters
        from torch._inductor import compile_fx
        from torch._inductor.utils import fresh_cache
        counters.clear()
        inner = mock.Mock(wraps=compile_fx.compile_fx_inner)
        with fresh_cache(dir=self.dir.name), \
                mock.patch.object(compile_fx, "compile_fx_inner", inner):
            self.run_on_a_pretend_gpu(model, x, calls=calls, rest="inductor")
        self.assertGreaterEqual(counters["inductor"]["fxgraph_cache_miss"], 1)
        return [targets(c.args[0]) for c in inner.call_args_list]

    def test_rest_on_inductor_matches_eager_and_partitions_stay_on_ks(self):
        before = EmulatedPartition.calls
        graphs = self.on_inductor(TwiceModel().eval(), torch.randn(4, 16), calls=2)
        # One graph for Inductor: ks's two partitions as extern calls
        # around the op ks does not compile; each call ran both partitions.
        self.assertEqual(graphs, [["ks.partition.default", "<built-in function getitem>",
                                   "ks_test.twice.default", "ks.partition.default",
                                   "<built-in function getitem>"]])
        self.assertEqual(EmulatedPartition.calls - before, 4)

    def test_rest_on_inductor_takes_a_partition_ks_fails_on(self):
        with mock.patch.object(backend, "import_partition", side_effect=RuntimeError("error: no way")), \
                self.assertLogs("ks_torch", logging.WARNING) as logs:
            graphs = self.on_inductor(lambda x: torch.relu(x) * 2, torch.randn(4))
        self.assertEqual(logs.output, ["WARNING:ks_torch:ks: a partition of 2 operations runs in "
                                       "Inductor: error: no way"])
        self.assertEqual(graphs, [["aten.relu.default", "aten.mul.Tensor"]])

    def test_rest_unknown_is_an_error(self):
        with self.assertRaises(backend.KsError) as e:
            backend.options_of({"rest": "tvm"})
        self.assertEqual(str(e.exception), "backend 'ks': rest 'tvm' is not eager or inductor")

    def compile_on_a_pretend_gpu(self, fn, x):
        with self.assertLogs("ks_torch", logging.WARNING) as logs:
            self.run_on_a_pretend_gpu(fn, x)
        return logs.output

    def test_nothing_supported_runs_in_eager_with_a_notice(self):
        said = self.compile_on_a_pretend_gpu(lambda x: twice(x), torch.randn(4))
        self.assertEqual(said, ["WARNING:ks_torch:ks: none of this graph's 1 operations is one ks "
                                "compiles: it runs in eager"])

    def test_a_partition_ks_fails_on_runs_in_eager(self):
        with mock.patch.object(backend, "import_partition", side_effect=RuntimeError("error: no way")):
            said = self.compile_on_a_pretend_gpu(lambda x: torch.relu(x) * 2, torch.randn(4))
        self.assertEqual(said, ["WARNING:ks_torch:ks: a partition of 2 operations runs in eager: "
                                "error: no way"])


class KsPartitionTest(unittest.TestCase):
    """KsPartition against a stand-in of the C API: what it loads, what it
    passes to ksrt_invoke, what it returns."""

    def test_load_and_invoke(self):
        calls = {}

        class Program:
            def invoke(self, inputs, outputs, stream):
                calls["invoke"] = ([t.is_contiguous() for t in inputs], outputs, stream)
                outputs[0].fill_(1.5)

        class Library:
            def compile(self, *args):
                calls["compile"] = args
                with open(args[1], "w") as f:
                    f.write("program")

            def load_compiled(self, *args):
                calls["load_compiled"] = args
                return Program()

        with tempfile.TemporaryDirectory() as tmp:
            entry = cache.Entry(tmp, "k" * 32)
            os.makedirs(entry.dir)
            for path in (entry.mlir, entry.plan):
                with open(path, "w") as f:
                    f.write("{}")
            entry.finish({"outputs": [[[2, 3], "float32"]]})
            # An entry without its program (an older ks's) is compiled first.
            with mock.patch.object(backend, "library", return_value=Library()):
                part = backend.KsPartition(entry, "sm_90", torch.device("cpu"))
            self.assertEqual(calls["compile"], (entry.mlir, entry.compiled, "main", "sm_90", entry.plan))
            self.assertEqual(calls["load_compiled"], (entry.compiled, 0))
            # The graph's device is where the program loads; a compiled
            # program is not compiled again.
            del calls["compile"]
            with mock.patch.object(backend, "library", return_value=Library()):
                backend.KsPartition(entry, "sm_90", torch.device("cuda", 1))
            self.assertEqual(calls["load_compiled"], (entry.compiled, 1))
            self.assertNotIn("compile", calls)
            with mock.patch.object(torch.cuda, "current_stream", return_value="stream"):
                out = part(torch.randn(3, 2).t(), torch.randn(2))
        contiguous, outputs, stream = calls["invoke"]
        self.assertEqual(contiguous, [True, True])  # a transposed input is copied first
        self.assertEqual(stream, "stream")
        self.assertEqual(len(out), 1)
        self.assertIs(out[0], outputs[0])
        self.assertEqual((out[0].shape, out[0].dtype), (torch.Size([2, 3]), torch.float32))
        self.assertEqual(out[0][0, 0].item(), 1.5)


class ApiTest(DynamoTestCase):
    def test_tune_writes_the_plans_compile_takes(self):
        import ks_torch
        model, x = mlp(), torch.randn(4, 16)
        rows = ks_torch.tune(model, (x,), budget=1, cache_dir=self.dir.name, progress=False)
        self.assertEqual(len(rows), 1)
        self.assertEqual(rows[0]["nodes"], 11)
        plans = os.listdir(os.path.join(self.dir.name, "plans"))
        self.assertEqual(len(plans), 1)
        self.assertTrue(plans[0].startswith(rows[0]["partition"]))
        self.assertRegex(plans[0], r"^[0-9a-f]{32}-sm_90-exact\.plan\.json$")
        # The compile's entry takes that plan, and runs no ks-tune.
        forward, params = functional(model)
        fused, names = partition.split(aten_graph(forward, *params, x))
        with mock.patch.object(backend, "run_ks_tune", side_effect=AssertionError("tuned")):
            entry = backend.prepare(getattr(fused, names[0]), backend.options_of({"cache_dir": self.dir.name}))
        self.assertIn("file", entry.meta()["plan"])
        # Its program compiled by the tune (no GPU needed): a cache to carry.
        self.assertTrue(os.path.exists(entry.compiled))

    def test_compile_checks_its_options_at_once(self):
        import ks_torch
        with self.assertRaisesRegex(backend.KsError, "precision 'fp16' is not exact, tf32x3 or tf32"):
            ks_torch.compile(mlp(), precision="fp16")


class ImportTest(unittest.TestCase):
    """A small MLP's partition, as the backend writes it, through ks on the CPU."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.opts = backend.options_of({"cache_dir": self.dir.name})
        self.model = mlp()
        forward, self.params = functional(self.model)
        self.x = torch.randn(4, 16)
        fused, names = partition.split(aten_graph(forward, *self.params, self.x))
        self.assertEqual(len(names), 1)
        self.part = getattr(fused, names[0])

    def tearDown(self):
        self.dir.cleanup()

    def test_partition_compiles_and_matches_eager(self):
        entry = backend.prepare(self.part, self.opts)
        self.assertTrue(entry.complete())
        self.assertIsNotNone(entry.plan_path(), "ks-tune --rounds=0 gives the first-choice plan")
        with open(entry.mlir) as f:
            text = f.read()
        self.assertIn('"linalg.matmul"', text)
        self.assertIn("(tensor<32x16xf32>, tensor<32xf32>, tensor<8x32xf32>, tensor<8xf32>, "
                      "tensor<4x16xf32>) -> tensor<4x8xf32>", text)
        if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
            proc = subprocess.run([find_tool("ks-opt"), entry.mlir, "--ks-compile=chip=sm_90 plan="
                                   + entry.plan_path(), "-o", os.devnull], capture_output=True, text=True)
            self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        # The plan's kernels emulated on the CPU, on the model's own parameters.
        files = []
        for i, t in enumerate(self.params + [self.x]):
            files.append(os.path.join(self.dir.name, f"arg{i}.npy"))
            np.save(files[-1], t.numpy())
        out = os.path.join(self.dir.name, "out")
        os.makedirs(out)
        proc = subprocess.run([find_tool("ks-run"), entry.mlir, "--entry=main", "--emulate-gpu",
                               f"--plan={entry.plan_path()}", f"--output-dir={out}"]
                              + [f"--input={f}" for f in files], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        with torch.no_grad():
            want = self.model(self.x).numpy()
        np.testing.assert_allclose(np.load(os.path.join(out, "0.npy")), want, rtol=1e-4, atol=1e-4)

    def test_prepare_writes_the_compiled_program(self):
        entry = backend.prepare(self.part, self.opts)
        with open(entry.compiled, "rb") as f:
            self.assertTrue(f.read(64).startswith(b"ML\xefR\x0dKernelSkill program 1 xxh3="))
        # What ksrt_compile wrote: the host code in LLVM's dialect, the
        # kernels' PTX, the partition's signature.
        proc = subprocess.run([find_tool("ks-opt"), entry.compiled], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        self.assertIn('entry = "main", format = 1 : i64, inputs = [tensor<32x16xf32>, tensor<32xf32>, '
                      'tensor<8x32xf32>, tensor<8xf32>, tensor<4x16xf32>], outputs = [tensor<4x8xf32>]',
                      proc.stdout)
        self.assertIn("llvm.func @main(", proc.stdout)
        self.assertIn(".target sm_90", proc.stdout)
        # A second process loads it: no import, no ks-tune, no compile.
        with mock.patch.object(backend, "import_partition", side_effect=AssertionError("imported")), \
                mock.patch.object(backend, "run_ks_tune", side_effect=AssertionError("tuned")), \
                mock.patch.object(backend, "compile_entry", side_effect=AssertionError("compiled")):
            second = backend.prepare(self.part, self.opts)
            loaded = mock.Mock()
            with mock.patch.object(backend, "library", return_value=loaded):
                backend.load_entry(second, "sm_90", 0)
        loaded.load_compiled.assert_called_once_with(entry.compiled, 0)

    def test_a_damaged_program_is_compiled_again(self):
        from ks_torch.runtime import RuntimeError_
        entry = backend.prepare(self.part, self.opts)
        with open(entry.compiled, "rb") as f:
            good = f.read()
        with open(entry.compiled, "wb") as f:
            f.write(good[:len(good) // 2])
        with self.assertLogs("ks_torch", logging.WARNING) as logs:
            try:
                backend.load_entry(entry, "sm_90", 0)
            except RuntimeError_ as e:  # a machine without a GPU gets as far as the driver
                self.assertIn("no CUDA driver found", str(e))
        self.assertIn(f"compiling {entry.dir} again: '{entry.compiled}' is a truncated or corrupt "
                      "compiled ks program: its contents do not match the hash in its header",
                      logs.output[0])
        # The file check passed (it comes before the driver's): whole again.
        with open(entry.compiled, "rb") as f:
            self.assertEqual(f.read(64)[:32], good[:32])

    def test_second_compile_comes_from_the_cache(self):
        first = backend.prepare(self.part, self.opts)
        with mock.patch.object(backend, "import_partition", side_effect=AssertionError("imported")), \
                mock.patch.object(backend, "run_ks_tune", side_effect=AssertionError("tuned")):
            second = backend.prepare(self.part, self.opts)
        self.assertEqual(first.dir, second.dir)
        # Another chip is another entry.
        with mock.patch.object(backend, "run_ks_tune", return_value=None):
            other = backend.prepare(self.part, dict(self.opts, chip="sm_80"))
        self.assertNotEqual(other.dir, first.dir)

    def test_plan_dir_plan_is_used(self):
        graph = cache.graph_hash(self.part)
        os.makedirs(self.opts["plan_dir"])
        plan = os.path.join(self.opts["plan_dir"], backend.plan_name(graph, self.opts))
        with open(plan, "w") as f:
            f.write('{"dispatches": []}\n')
        with mock.patch.object(backend, "run_ks_tune", side_effect=AssertionError("tuned")):
            entry = backend.prepare(self.part, self.opts)
        self.assertIn("file", entry.meta()["plan"])
        with open(entry.plan_path()) as f:
            self.assertEqual(f.read(), '{"dispatches": []}\n')


if __name__ == "__main__":
    unittest.main()
