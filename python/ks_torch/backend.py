"""torch.compile(model, backend="ks"): the parts of a model ks compiles, on ks.

    compiled = torch.compile(model, backend="ks", dynamic=False,
                             options={"precision": "tf32x3", "budget": 30})

The graph dynamo captures goes through aot_autograd with ks's
decompositions (the importer's table) to aten ops; partition.py splits it
into the partitions ks compiles and the rest, which runs in eager, or is
compiled by Inductor with option rest="inductor" (inductor.py: the
partitions are extern kernels to it, custom op ks::partition). Each
partition is imported with Torch-MLIR's stateless FX importer, given a plan
(a tuned one from `plan_dir` or the tuning database, else ks-tune's first
choices without search, or a search under `budget` seconds), and loaded
through the runtime's C API; it runs on the caller's current stream on the
very tensors the graph passes it (the model's own parameters included),
its outputs allocated by torch. cache.py keeps each partition's MLIR, plan
and compiled program on disk, so a second process compiling the same model
imports, tunes and compiles nothing: it loads the program.

Options (all optional): chip ("sm_90"), precision ("exact", "tf32x3",
"tf32"), budget (seconds of plan search a partition; 0: none), db (a tuning
database ks-tune reuses and adds to), plan_dir (plans ks_torch.tune wrote;
default: the cache's plans/), device (the cost model's GPU for ks-tune:
"auto", "h200", ...), cache_dir (default $KS_TORCH_CACHE or
~/.cache/ks-torch), rest (what runs the rest of the graph: "eager", the
default, or "inductor").

Inference only: under autograd the backward runs in eager. Static shapes
only: compile with dynamic=False; a new shape recompiles through torch's
guards.
"""

import functools
import logging
import operator
import os
import shutil
import subprocess
import time
import warnings

import torch

from . import cache, partition
from .tools import find_tool, first_error, write_text

log = logging.getLogger("ks_torch")

ENTRY = "main"
DEFAULTS = {"chip": "sm_90", "precision": "exact", "budget": 0, "db": None, "plan_dir": None,
            "device": "auto", "cache_dir": None, "rest": "eager"}
# What runs what ks does not compile (option rest), as the log says it.
RESTS = {"eager": "eager", "inductor": "Inductor"}
# Rounds of search a partition when a budget is given, as `ks_torch tune`.
SEARCH_ROUNDS = 6

NO_GPU = ("ks needs a CUDA GPU: torch.cuda.is_available() is False "
          "(ks_torch.tune(model, example_inputs) tunes plans without one)")


class KsError(RuntimeError):
    """What the backend cannot do, said so that the user can act on it."""


def options_of(options):
    """DEFAULTS updated with `options`; an unknown name is an error."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(DEFAULTS) - {"tune_report"})
    if unknown:
        raise KsError(f"backend 'ks': unknown option(s) {', '.join(unknown)}; "
                      f"known: {', '.join(DEFAULTS)}")
    merged = dict(DEFAULTS)
    merged.update(options)
    if merged["precision"] not in ("exact", "tf32x3", "tf32"):
        raise KsError(f"backend 'ks': precision {merged['precision']!r} is not exact, tf32x3 or tf32")
    if merged["rest"] not in RESTS:
        raise KsError(f"backend 'ks': rest {merged['rest']!r} is not eager or inductor")
    if not merged["plan_dir"]:
        merged["plan_dir"] = os.path.join(cache.cache_dir(merged["cache_dir"]), "plans")
    return merged


def check_static(gm, example_inputs):
    """Raises KsError at the first input of a dynamic shape (dynamo marks a
    dim dynamic with dynamic=True, or by itself after a second shape unless
    dynamic=False)."""
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    found = symbolic = None
    for i, x in enumerate(example_inputs):
        name = placeholders[i].name if i < len(placeholders) else f"{i}"
        source = placeholders[i].meta.get("grapharg") if i < len(placeholders) else None
        if source is not None and getattr(source, "source", None) is not None:
            name = source.source.name  # L['x'], as the user wrote it
            name = name() if callable(name) else name
        value = placeholders[i].meta.get("example_value") if i < len(placeholders) else None
        if any(isinstance(t, torch.Tensor) and not partition.is_static(t) for t in (x, value)):
            shape = next(t.shape for t in (value, x) if isinstance(t, torch.Tensor) and not partition.is_static(t))
            found = (name, f"the shape {list(shape)}")
            break
        if symbolic is None and (isinstance(x, torch.SymInt) or isinstance(value, torch.SymInt)):
            symbolic = (name, "a symbolic size")  # named if no tensor's shape says more
    found = found or symbolic
    if found:
        raise KsError(
            f"ks compiles static shapes only: input {found[0]} of the graph has {found[1]}; "
            "compile with torch.compile(model, backend=\"ks\", dynamic=False) "
            "(a new shape then recompiles)")


_library = None
_warned = set()


def _warn_once(what, message, *args):
    if what not in _warned:
        _warned.add(what)
        log.warning(message, *args)


def library():
    """The process's runtime library (runtime.Library), loaded once."""
    global _library
    if _library is None:
        from .runtime import Library
        _library = Library()
    return _library


def import_partition(gm):
    """Torch-MLIR's stateless FX import of a partition, lowered to
    linalg-on-tensors: generic MLIR text, as the importer writes it."""
    from torch_mlir import fx
    from .importer import _OP_NAME, UPSTREAM_DIALECTS
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors", model_name=ENTRY)
    text = module.operation.get_asm(print_generic_op_form=True, large_elements_limit=None)
    foreign = sorted({f"{d}.{o}" for d, o in _OP_NAME.findall(text) if d not in UPSTREAM_DIALECTS})
    if foreign:
        raise KsError("Torch-MLIR's linalg-on-tensors output uses " + ", ".join(foreign)
                      + ", which ks (LLVM 22) does not parse")
    return text


def _file_signature(path):
    st = os.stat(path)
    return f"{st.st_size}:{st.st_mtime_ns}"


def plan_name(graph, opts):
    """The file name of a partition's plan in a plan_dir (ks_torch.tune writes it)."""
    return f"{graph[:32]}-{opts['chip']}-{opts['precision']}.plan.json"


def plan_source(graph, opts, search, use_file=True):
    """What names the plan of a partition, for its cache key: a plan file
    of plan_dir (its content's hash), or the way ks-tune makes it (rounds,
    budget, device, the database's state)."""
    path = os.path.join(opts["plan_dir"], plan_name(graph, opts))
    if use_file and os.path.exists(path):
        import hashlib
        with open(path, "rb") as f:
            return {"file": hashlib.sha256(f.read()).hexdigest()}, path
    source = {"rounds": SEARCH_ROUNDS if search else 0, "budget": opts["budget"] if search else 0,
              "device": opts["device"]}
    if opts["db"]:
        source["db"] = [os.path.abspath(opts["db"]),
                        _file_signature(opts["db"]) if os.path.exists(opts["db"]) else None]
    return source, None


def run_ks_tune(mlir, out, opts, rounds):
    """ks-tune with the cost model on a partition's MLIR; the path of the
    plan it writes, or None (the partition then runs its seed kernels)."""
    budget = opts["budget"] if rounds else 0
    cmd = [find_tool("ks-tune"), mlir, "--measure=model", f"--rounds={rounds}",
           f"--budget={budget}", f"--precision={opts['precision']}", f"--chip={opts['chip']}",
           f"--device={opts['device']}", f"--out={out}", "--quiet"]
    if opts["db"]:
        cmd.append(f"--db={os.path.abspath(opts['db'])}")
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=max(300, 4 * budget + 300))
        ok, text = proc.returncode == 0, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as e:
        ok, text = False, f"timed out after {e.timeout:.0f} s"
    plan = os.path.join(out, "plan.json")
    if ok and os.path.exists(plan):
        return plan
    _warn_once(("ks-tune", mlir), "ks: ks-tune found no plan for %s (%s): its seed kernels run",
               mlir, first_error(text) or text.strip()[-200:])
    return None


def compile_entry(entry, chip):
    """The entry's compiled program (ksrt_compile of its MLIR and plan),
    written into the entry; raises runtime.RuntimeError_ with ks's error."""
    library().compile(entry.mlir, entry.compiled, ENTRY, chip, entry.plan_path())


def prepare(gm, opts, tuning=False, mlir=None):
    """The cache entry of partition `gm` (its MLIR, plan, compiled program
    and meta.json), made if it is not in the cache: imported (or `mlir`, its
    import's text), its plan from plan_dir, else from ks-tune: first
    choices, or a search under the budget if there is one, then compiled.
    `tuning` (ks_torch.tune): a search, whatever plan_dir holds, and no
    compile (the plan goes to plan_dir, whose entry the compile uses). A
    compile that fails leaves the entry without its program and raises
    KsError."""
    search = tuning or bool(opts["budget"])
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    inputs = [n.meta["val"] for n in placeholders]
    output = next(n for n in gm.graph.nodes if n.op == "output")
    outputs = [n.meta["val"] for n in output.args[0]]
    graph = cache.graph_hash(gm)
    source, plan_file = plan_source(graph, opts, search, use_file=not tuning)
    key = cache.cache_key(graph, inputs, opts["chip"], opts["precision"], source, cache.ks_version())
    entry = cache.Entry(cache.cache_dir(opts["cache_dir"]), key)
    if entry.complete():
        log.info("ks: partition %s from the cache (%s)", graph[:12], entry.dir)
        return entry
    os.makedirs(entry.dir, exist_ok=True)
    write_text(entry.mlir, mlir if mlir is not None else import_partition(gm))
    if plan_file:
        shutil.copyfile(plan_file, entry.plan)
    else:
        plan = run_ks_tune(entry.mlir, os.path.join(entry.dir, "tune"), opts,
                           SEARCH_ROUNDS if search else 0)
        if plan:
            shutil.copyfile(plan, entry.plan)
    failure = None
    if not tuning:
        try:
            compile_entry(entry, opts["chip"])
        except Exception as e:  # noqa: BLE001 -- ks's error, said below
            failure = e
    entry.finish({"graph": graph, "inputs": [cache.tensor_signature(t) for t in inputs],
                  "outputs": [[list(t.shape), str(t.dtype).removeprefix("torch.")] for t in outputs],
                  "chip": opts["chip"], "precision": opts["precision"], "plan": source,
                  "nodes": sum(n.op == "call_function" for n in gm.graph.nodes)})
    if failure is not None:
        raise KsError(f"ks cannot compile partition {graph[:12]}: {failure}")
    log.info("ks: partition %s imported, planned and compiled (%s)", graph[:12], entry.dir)
    return entry


def load_entry(entry, chip, device):
    """The entry's compiled program loaded on CUDA device `device` (an
    ordinal); compiled first where the entry has none (an entry of an
    older ks, or a compile that failed), or where its file is damaged or of
    another format (its path opens the error)."""
    from .runtime import RuntimeError_
    if not os.path.exists(entry.compiled):
        compile_entry(entry, chip)
    try:
        return library().load_compiled(entry.compiled, device)
    except RuntimeError_ as e:
        if not str(e).startswith(f"'{entry.compiled}' "):
            raise
        log.warning("ks: compiling %s again: %s", entry.dir, e)
    compile_entry(entry, chip)
    return library().load_compiled(entry.compiled, device)


def _device_index(device):
    """The ordinal of CUDA device `device` (torch's current one for "cuda")."""
    if device.index is not None:
        return device.index
    return torch.cuda.current_device() if device.type == "cuda" else 0


# Seconds each partition's program took to load in this process (the
# compile check prints them: a cache hit should only load).
LOAD_SECONDS = []


class KsPartition(torch.nn.Module):
    """A partition as a ks program: its inputs in, its outputs (a tuple of
    new tensors) out, on the current stream of the inputs' device."""

    def __init__(self, entry, chip, device):
        super().__init__()
        meta = entry.meta()
        self.entry = entry
        self.outputs = [(tuple(shape), getattr(torch, dtype)) for shape, dtype in meta["outputs"]]
        self.device = device
        started = time.perf_counter()
        self.program = load_entry(entry, chip, _device_index(device))
        LOAD_SECONDS.append(time.perf_counter() - started)
        log.info("ks: partition %s loaded in %.3f s", entry.dir, LOAD_SECONDS[-1])

    def forward(self, *args):
        inputs = [a if a.is_contiguous() else a.contiguous() for a in args]
        outputs = [torch.empty(shape, dtype=dtype, device=self.device) for shape, dtype in self.outputs]
        self.program.invoke(inputs, outputs, torch.cuda.current_stream(self.device))
        return tuple(outputs)


def _graph_device(gm):
    for node in gm.graph.nodes:
        for t in partition._tensors(node.meta.get("val")):
            return t.device
    return torch.device("cpu")


def compile_forward(opts, gm, example_inputs, is_inference=False):
    """aot_autograd's forward (or inference) compiler: `gm` with its
    partitions on ks, the rest as option rest says. In tune mode
    (opts["tune_report"], a list), the partitions are planned with search
    into plan_dir and `gm` stays eager."""
    tune_report = opts.get("tune_report")
    device = _graph_device(gm)
    rest = RESTS[opts["rest"]]
    if tune_report is None and device.type != "cuda":
        log.warning("ks: this graph's tensors are on %s; ks runs CUDA tensors: it runs in %s", device, rest)
        return compile_rest(opts, gm, [], example_inputs, is_inference)
    total = sum(n.op == "call_function" for n in gm.graph.nodes)
    fused, names = partition.split(gm)
    if not names:
        log.warning("ks: none of this graph's %d operations is one ks compiles: it runs in %s", total, rest)
        return compile_rest(opts, fused, [], example_inputs, is_inference)
    for name in list(names):
        sub = getattr(fused, name)
        try:
            _compile_partition(fused, name, sub, opts, device, tune_report)
        except ImportError:
            raise  # no torch-mlir: every partition would fail
        except Exception as e:  # noqa: BLE001 -- Torch-MLIR's or ks's failure: the rest runs it
            names.remove(name)
            log.warning("ks: a partition of %d operations runs in %s: %s",
                        sum(n.op == "call_function" for n in sub.graph.nodes), rest,
                        first_error(str(e)) or type(e).__name__)
    log.info("ks: %d partition(s) of %d operations on ks, %d operation(s) in %s", len(names), total,
             sum(n.op == "call_function" and n.target is not operator.getitem for n in fused.graph.nodes),
             rest)
    return compile_rest(opts, fused, names, example_inputs, is_inference)


def compile_rest(opts, gm, ks_names, example_inputs, is_inference):
    """`gm` (its submodules `ks_names` on ks) as aot_autograd's compiler
    returns it: run as it is, or, with rest="inductor" outside tune mode,
    compiled by Inductor."""
    from torch._functorch.aot_autograd import make_boxed_func
    if opts["rest"] == "eager" or opts.get("tune_report") is not None:
        return make_boxed_func(gm.forward)
    from . import inductor
    return inductor.compile_graph(gm, ks_names, example_inputs, is_inference)


def _compile_partition(fused, name, sub, opts, device, tune_report):
    """Partition `name` of `fused` on ks (replaced by a KsPartition), or, in
    tune mode, its plan searched and kept in plan_dir."""
    if tune_report is not None:
        entry = prepare(sub, opts, tuning=True)
        graph = entry.meta()["graph"]
        if entry.plan_path():
            os.makedirs(opts["plan_dir"], exist_ok=True)
            shutil.copyfile(entry.plan_path(), os.path.join(opts["plan_dir"], plan_name(graph, opts)))
            # The entry the compile will look for, its program compiled here
            # (no GPU needed): a cache to carry to the GPU machine.
            with open(entry.mlir) as f:
                mlir = f.read()
            try:
                prepare(sub, opts, mlir=mlir)
            except KsError as e:
                _warn_once(("compile", graph), "%s (torch.compile tries again)", e)
        tune_report.append({"partition": graph[:12], "nodes": entry.meta()["nodes"],
                            "plan": entry.plan_path(), "dir": entry.dir})
        return
    setattr(fused, name, KsPartition(prepare(sub, opts), opts["chip"], device))


def eager_backward(gm, example_inputs):
    from torch._functorch.aot_autograd import make_boxed_func
    _warn_once("backward", "ks: training is not supported yet: the backward runs in eager "
                           "(ks compiles the forward)")
    return make_boxed_func(gm.forward)


def cuda_available():
    return torch.cuda.is_available()


def ks_backend(gm, example_inputs, options=None, **kwargs):
    """The dynamo backend `ks` (entry point torch_dynamo_backends.ks)."""
    from torch._dynamo.backends.common import aot_autograd
    from .importer import decompositions
    if kwargs.get("mode") not in (None, "default"):
        _warn_once("mode", "ks: torch.compile's mode=%r is ignored", kwargs["mode"])
    opts = options_of(options)
    check_static(gm, example_inputs)
    if opts.get("tune_report") is None and not cuda_available():
        raise KsError(NO_GPU)
    return aot_autograd(fw_compiler=functools.partial(compile_forward, opts),
                        inference_compiler=functools.partial(compile_forward, opts, is_inference=True),
                        bw_compiler=eager_backward, decompositions=decompositions(cache.cache_dir(opts["cache_dir"])))(gm, example_inputs)


def register():
    """Registers `ks` with dynamo where the entry point did not (a source tree)."""
    from torch._dynamo.backends.registry import _COMPILER_FNS, register_backend
    if "ks" not in _COMPILER_FNS:
        try:
            from torch._dynamo import list_backends
            if "ks" in list_backends():  # the installed entry point: loaded on lookup
                return
        except Exception:  # noqa: BLE001
            pass
        register_backend(compiler_fn=ks_backend, name="ks")
