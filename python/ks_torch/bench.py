"""The harness: ks against PyTorch eager and torch.compile, KernelBench's way.

For each imported problem (a manifest and its MLIR), in one process on one
GPU: build the model with the import's seed (the parameter hash must match),
load the ks program through the runtime's C API, check it on 5 trials of
fresh random inputs drawn on the GPU (allclose, atol = rtol = 1e-4; also
reported at 1e-2), then time eager, torch.compile and ks with CUDA events:
warm-up, 100 trials, L2 flushed before each trial (a run too slow for 100
trials in 20 s gets fewer, at least 5, and the row says how many), and a
device-to-device copy of the problem's compulsory bytes the same way (the
memory-bound floor). TF32 is off for PyTorch (the exact fp32 policy ks
follows by default). Problems run in a worker process; a problem
that kills it (a fault) or hangs is marked and the next worker goes on, as
it does after a CUDA error that leaves the worker's context unusable.
"""

import json
import math
import os
import statistics
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from .tools import describe_exception

CORRECTNESS_TRIALS = 5
ATOL = RTOL = 1e-4
LOOSE_TOL = 1e-2
WARMUP = 3
TRIALS = 100
MIN_TRIALS = 5
TIME_BUDGET_MS = 20_000  # per timed function and problem
L2_FLUSH_BYTES = 256 << 20  # several times the H100's 50 MB L2


def plan_trials(first_ms, trials, warmup, budget_ms):
    """(trials, warm-up runs) for a function whose first run took first_ms."""
    if first_ms * trials <= budget_ms:
        return trials, warmup
    return max(MIN_TRIALS, int(budget_ms / max(first_ms, 1e-3))), 1


def _time_cuda(fn, flush, trials=TRIALS, warmup=WARMUP, budget_ms=TIME_BUDGET_MS):
    """(mean ms, median ms, trials run): KernelBench's protocol, except that a
    run so slow that `trials` would not fit in `budget_ms` gets fewer trials
    (at least MIN_TRIALS), so one slow kernel cannot eat the GPU session."""
    import torch

    def timed():
        flush()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    first = timed()  # also the first warm-up run
    trials, warmup = plan_trials(first, trials, warmup, budget_ms)
    for _ in range(warmup - 1):
        fn()
    torch.cuda.synchronize()
    times = [timed() for _ in range(trials)]
    return statistics.fmean(times), statistics.median(times), trials


DTYPE_BYTES = {"float64": 8, "int64": 8, "float32": 4, "int32": 4, "float16": 2, "bfloat16": 2,
               "bool": 1, "int8": 1, "uint8": 1}
# What neither the manifest nor the formula sees (the models' activations,
# PyTorch's and cuBLAS's workspaces) is given this share of the GPU.
MEMORY_MARGIN = 0.85


def tensor_bytes(entries):
    return sum(math.prod(e["shape"]) * DTYPE_BYTES.get(e["dtype"], 8) for e in entries)


def memory_plan(manifest, free_bytes):
    """What the run needs on the GPU before anything is allocated: the
    parameters and inputs, ks's and eager's outputs, the L2 flush buffer
    and the same-bytes copy; the fp64 check (the model, its inputs and
    outputs in fp64) only where that fits too. Returns (fits, use_f64,
    reason)."""
    args, results = manifest["arguments"], manifest["results"]
    moved = tensor_bytes(args) + tensor_bytes(results)
    need = moved + tensor_bytes(results) + L2_FLUSH_BYTES + moved
    f64 = 2 * moved + 2 * tensor_bytes(results)  # the model's run in fp64: its inputs, results
    budget = MEMORY_MARGIN * free_bytes
    if need > budget:
        return False, False, (f"too large for this GPU: needs {need / 1e9:.1f} GB (parameters, inputs, "
                              f"outputs, a copy of them and the L2 flush), {free_bytes / 1e9:.1f} GB free")
    return True, need + f64 <= budget, ""


COMPARE_CHUNK = 1 << 26  # elements: fp64 temporaries of 0.5 GB, not of the whole output


def _compare_chunked(want, got, scored=False):
    """(max abs error, allclose at 1e-4, allclose at 1e-2, score) of two
    results, in fp64, a chunk at a time: whole-tensor fp64 copies of a 10 GB
    result would not fit next to it. With `scored`, the score is the largest
    error over allclose's bound at 1e-4 (atol + rtol * |want|): at most 1 is
    allclose (else None)."""
    import torch
    w, g = want.reshape(-1), got.reshape(-1)
    max_err, strict, loose, score = 0.0, True, True, 0.0 if scored else None
    for at in range(0, w.numel(), COMPARE_CHUNK):
        wf, gf = w[at:at + COMPARE_CHUNK].double(), g[at:at + COMPARE_CHUNK].double()
        diff = (wf - gf).abs()
        max_err = max(max_err, float(diff.max()))
        if scored:
            score = max(score, float((diff / (ATOL + RTOL * wf.abs())).max()))
        strict &= bool(torch.allclose(gf, wf, atol=ATOL, rtol=RTOL))
        loose &= bool(torch.allclose(gf, wf, atol=LOOSE_TOL, rtol=LOOSE_TOL))
    return max_err, strict, loose, score


def _compare_with_f64(model64, inputs, want, got, err64):
    """Each result's distance from the model run in fp64, ks's and eager's
    (the largest error, and the score of _compare_chunked)."""
    exact = model64(*[x.double() if x.is_floating_point() else x for x in inputs])
    exact = list(exact) if isinstance(exact, (tuple, list)) else [exact]
    for w, g, e in zip(want, got, exact):
        if w.shape == g.shape == e.shape:
            ks_err, _, _, ks_score = _compare_chunked(e, g, scored=True)
            eager_err, _, _, eager_score = _compare_chunked(e, w, scored=True)
            err64["ks"] = max(err64["ks"], ks_err)
            err64["eager"] = max(err64["eager"], eager_err)
            err64["ks_score"] = max(err64.get("ks_score", 0.0), ks_score)
            err64["eager_score"] = max(err64.get("eager_score", 0.0), eager_score)


def _problem_of_manifest(manifest):
    """The problem a manifest was imported from, built as at its import."""
    from .manifest import REPO_ROOT
    from .problem import Problem
    source = manifest["source"]
    if not os.path.isabs(source):
        source = os.path.join(REPO_ROOT, source)
    return Problem(source, small=manifest.get("size") == "small", factory=manifest.get("factory"))


def _fx_cache_counts():
    """(hits, misses) of Inductor's FX graph cache in this process so far."""
    try:
        from torch._dynamo.utils import counters
        return counters["inductor"]["fxgraph_cache_hit"], counters["inductor"]["fxgraph_cache_miss"]
    except Exception:
        return None


def _count_flops(model, inputs):
    """The floating-point operations of the matmuls, convolutions and
    attention PyTorch's FLOP counter knows (elementwise ops count none): what
    says whether a problem is bound by its arithmetic or its bytes."""
    try:
        from torch.utils.flop_counter import FlopCounterMode
        with FlopCounterMode(display=False) as counter:
            model(*inputs)
        return int(counter.get_total_flops())
    except Exception:
        return None


def _bench_one(manifest_path, library, chip, plan_dir, skip_compile):
    import torch
    from .manifest import check_inputs, check_parameters, read_manifest

    manifest = read_manifest(manifest_path)
    row = {"problem": manifest["problem"], "status": "error"}
    # Where a problem's seconds go (model and program, correctness trials,
    # timed runs): what sizes a device session's batch.
    phase_start = time.time()

    def phase_done(name):
        nonlocal phase_start
        now = time.time()
        row.setdefault("phase_s", {})[name] = round(now - phase_start, 2)
        phase_start = now
    here = os.path.dirname(os.path.abspath(manifest_path))
    problem = _problem_of_manifest(manifest)
    model = problem.build_model()
    state = check_parameters(manifest, model)  # on the CPU, before any move
    if not torch.cuda.is_available():
        raise RuntimeError("PyTorch sees no CUDA GPU here: the harness runs on a GPU machine")
    torch.cuda.empty_cache()  # the last problem's blocks, cached by PyTorch
    fits, use_f64, why = memory_plan(manifest, torch.cuda.mem_get_info()[0])
    if not fits:
        row.update(status="too large", reason=why)
        return row
    model = model.cuda()
    params = [t.detach().cuda().contiguous() for _, t in state]
    results = manifest["results"]
    dtypes = {"float32": torch.float32, "int64": torch.int64, "int32": torch.int32,
              "float16": torch.float16, "bfloat16": torch.bfloat16, "bool": torch.bool}

    plan = None
    if plan_dir:
        candidate = os.path.join(plan_dir, manifest["problem"].replace("/", "__") + ".plan.json")
        plan = candidate if os.path.exists(candidate) else None
    row["plan"] = os.path.basename(plan) if plan else None
    try:
        t0 = time.time()
        program = library.load(os.path.join(here, manifest["mlir"]), manifest["entry"], chip, plan)
        row["ks_load_s"] = round(time.time() - t0, 2)
    except Exception as e:
        row["status"] = "compile failed"
        row["reason"] = str(e).strip().splitlines()[0][:300] if str(e).strip() else type(e).__name__
        return row

    phase_done("setup")
    stream = torch.cuda.current_stream()
    outs = [torch.empty(r["shape"], dtype=dtypes[r["dtype"]], device="cuda") for r in results]

    def run_ks(inputs):
        program.invoke(params + inputs, outs, stream)
        return outs

    # An fp64 run of the same model says which of the two fp32 results is
    # nearer the exact one when they disagree (reduction order, not bugs).
    import copy
    model64 = copy.deepcopy(model).double() if use_f64 else None
    err64 = {"ks": 0.0, "eager": 0.0} if use_f64 else {"ks": None, "eager": None}

    max_err, ok_strict, ok_loose = 0.0, True, True
    with torch.no_grad():
        for trial in range(CORRECTNESS_TRIALS):
            inputs = [x.cuda().contiguous()
                      for x in problem.make_inputs(seed=1000 + trial, draw_on="cuda")]
            check_inputs(manifest, inputs)
            want = model(*inputs)
            want = list(want) if isinstance(want, (tuple, list)) else [want]
            got = run_ks(inputs)
            torch.cuda.synchronize()
            if model64 is not None:
                _compare_with_f64(model64, inputs, want, got, err64)
            for w, g in zip(want, got):
                if w.shape != g.shape:
                    ok_strict = ok_loose = False
                    row["reason"] = f"shape {list(g.shape)} instead of {list(w.shape)}"
                    continue
                err, strict, loose, _ = _compare_chunked(w, g)
                max_err = max(max_err, err)
                ok_strict &= strict
                ok_loose &= loose
    row["max_error"] = max_err
    row["ks_error_vs_f64"], row["eager_error_vs_f64"] = err64["ks"], err64["eager"]
    # Two fp32 sums in different orders differ by their roundings; where
    # eager itself is not within 1e-4 of the exact result, neither can
    # anything else be of eager. Judged against fp64: ks within 1e-4 of the
    # exact result, or no farther from it than eager is.
    if "ks_score" in err64:
        row["ks_score_vs_f64"], row["eager_score_vs_f64"] = err64["ks_score"], err64["eager_score"]
        row["as_exact_as_eager"] = err64["ks_score"] <= max(1.0, err64["eager_score"])
    del model64, want  # eager's outputs go before the timed runs
    torch.cuda.empty_cache()
    row["correct_1e-2"] = ok_loose
    row["status"] = "correct" if ok_strict else "incorrect"
    phase_done("check")

    cache = torch.empty(L2_FLUSH_BYTES, dtype=torch.uint8, device="cuda")
    flush = cache.zero_
    inputs = [x.cuda().contiguous() for x in problem.make_inputs(seed=2000, draw_on="cuda")]
    with torch.no_grad():
        row["eager_ms"], row["eager_median_ms"], row["eager_trials"] = _time_cuda(lambda: model(*inputs), flush)
        if not skip_compile:
            try:
                before = _fx_cache_counts()
                compiled = torch.compile(model)
                t0 = time.time()
                compiled(*inputs)
                row["compile_s"] = round(time.time() - t0, 1)
                after = _fx_cache_counts()
                if before and after:
                    # Whether the first call found the graphs a warm-up compiled.
                    row["compile_fx_cache"] = {"hit": after[0] - before[0], "miss": after[1] - before[1]}
                row["compile_ms"], row["compile_median_ms"], row["compile_trials"] = _time_cuda(
                    lambda: compiled(*inputs), flush)
            except Exception as e:
                row["compile_error"] = describe_exception(e, limit=200)
        row["ks_ms"], row["ks_median_ms"], row["ks_trials"] = _time_cuda(lambda: run_ks(inputs), flush)
        # The floor a memory-bound problem is held to: a device-to-device
        # copy moving the same bytes (its parameters, inputs and results,
        # each once), timed the same way. At tens of megabytes a copy's rate
        # is below its rate at a gigabyte, so the comparison is size for size.
        traffic = sum(t.numel() * t.element_size() for t in params + inputs + outs)
        row["traffic_bytes"] = traffic
        row["flops"] = _count_flops(model, inputs)
        half = max(1, traffic // 2)
        src = torch.empty(half, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        row["copy_ms"], _, _ = _time_cuda(lambda: dst.copy_(src), flush)
        del src, dst
    program.unload()
    phase_done("time")
    return row


def worker_main(args):
    """Runs the manifests in order, one JSON line per problem (and per start);
    starts none after the deadline (seconds since the epoch)."""
    import torch
    from .runtime import Library
    # The exact fp32 policy: eager and torch.compile may not use TF32 either
    # (cuDNN allows it by default), so all three compute in fp32.
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    library = Library()
    warmed = {} if args.no_compile else read_warmups(args.results)
    with open(args.results, "a") as log:
        for path in args.manifests:
            if args.deadline is not None and time.time() > args.deadline:
                return
            log.write(json.dumps({"start": path}) + "\n")
            log.flush()
            poisoned = False
            try:
                row = _bench_one(path, library, args.chip, args.plans, args.no_compile)
            except Exception as e:
                row = {"problem": _problem_of(path), "status": "error",
                       "reason": describe_exception(e, limit=300)}
                poisoned = is_sticky_cuda_error(e)
                if args.verbose:
                    traceback.print_exc()
            row["manifest"] = path
            add_warmup(row, warmed.get(path))
            log.write(json.dumps({"done": path, "row": row}) + "\n")
            log.flush()
            print(f"bench: {row['problem']}: {row['status']}"
                  + (f" ({row.get('reason')})" if row.get("reason") else ""), flush=True)
            if poisoned:
                # The context is lost for every later launch in this
                # process: a fresh worker takes the next problem.
                return


def is_sticky_cuda_error(e):
    """Whether `e` is a CUDA error that leaves the process's context unusable
    (an illegal address, a launch failure: every later call fails too)."""
    text = f"{type(e).__name__}: {e}"
    return type(e).__name__ == "AcceleratorError" or "CUDA error" in text or \
        "CUDA_ERROR" in text


def _problem_of(manifest_path):
    try:
        with open(manifest_path) as f:
            return json.load(f)["problem"]
    except Exception:
        return manifest_path


# The torch.compile warm-up (run(..., compile_workers=N)). Inductor's cold
# compile of a whole problem set one after another does not fit a device
# session; N worker processes compile the problems first, no timing, filling
# Inductor's on-disk caches (one folder shared with the timed run), so the
# timed run's compile is mostly a cache hit. The timed run starts only when
# every warm-up process is gone; it compiles and times torch.compile as
# without a warm-up, and what was not warmed it compiles cold.
WARM_REPLY = "ks-warm-up "  # a reply line's prefix, so stray prints are ignored
WARMUP_DEADLINE_SHARE = 0.4  # of the bench's deadline, where no warm-up deadline is given
DEFAULT_COMPILE_CACHE = os.path.join(tempfile.gettempdir(), "ks-inductor-cache")


def compile_env(cache_dir, threads=None):
    """The environment of the warm-up and timed workers: one Inductor cache
    folder, its FX graph and AOTAutograd caches on; `threads`: Inductor's
    compile processes a worker (the cores shared among the warm-up workers)."""
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.abspath(cache_dir),
               TORCHINDUCTOR_FX_GRAPH_CACHE="1", TORCHINDUCTOR_AUTOGRAD_CACHE="1")
    if threads is not None:
        env["TORCHINDUCTOR_COMPILE_THREADS"] = str(threads)
    return env


def _warm_one(manifest_path, workers=1):
    """torch.compile of one problem as the timed run will do it (the model
    and inputs _bench_one builds, on the GPU, no_grad, Inductor's default
    mode): its first call, the compile, in seconds. A problem too large for
    a `workers`-th of the GPU is left to the timed run."""
    import gc
    import torch
    from .manifest import read_manifest
    manifest = read_manifest(manifest_path)
    if not torch.cuda.is_available():
        raise RuntimeError("PyTorch sees no CUDA GPU here: the harness runs on a GPU machine")
    share_bytes = MEMORY_MARGIN * torch.cuda.get_device_properties(0).total_memory / workers
    need = tensor_bytes(manifest["arguments"]) + 2 * tensor_bytes(manifest["results"])
    if need > share_bytes:
        raise MemoryError(f"needs {need / 1e9:.1f} GB, a warm-up worker's share is "
                          f"{share_bytes / 1e9:.1f} GB: compiled in the timed run")
    problem = _problem_of_manifest(manifest)
    model = problem.build_model().cuda()
    inputs = [x.cuda().contiguous() for x in problem.make_inputs(seed=2000, draw_on="cuda")]
    compiled = None
    try:
        with torch.no_grad():
            compiled = torch.compile(model)
            t0 = time.time()
            compiled(*inputs)
            torch.cuda.synchronize()
            return time.time() - t0
    finally:
        del model, inputs, compiled  # the next problem gets the GPU's memory
        torch._dynamo.reset()
        gc.collect()
        torch.cuda.empty_cache()


def warmup_worker_loop(compile_one, requests, replies):
    """A warm-up worker: a manifest path a line from `requests`, a reply line
    to `replies` each ({"manifest", "warm_s"} or {"manifest", "error"}).
    `compile_one(path)` compiles, returning its seconds (None: the call's)."""
    for line in requests:
        path = line.strip()
        if not path:
            continue
        reply = {"manifest": path}
        t0 = time.time()
        try:
            seconds = compile_one(path)
            reply["warm_s"] = round(time.time() - t0 if seconds is None else seconds, 1)
        except Exception as e:
            reply["error"] = describe_exception(e, limit=200)
            if is_sticky_cuda_error(e):
                reply["restart"] = True  # a fresh worker takes the next problem
        replies.write(WARM_REPLY + json.dumps(reply) + "\n")
        replies.flush()
        if reply.get("restart"):
            return


def warmup_worker_main(args=None, compile_one=None):
    """`bench-warmup-worker`: warmup_worker_loop on stdin, replies on the
    original stdout; anything else printed goes to stderr (the log).
    `compile_one`: a stand-in for the compile (tests)."""
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    if compile_one is None:
        import torch
        import torch._inductor.config as inductor_config
        # As worker_main: TF32 off (a part of Inductor's cache key).
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        # The runtime autotuning of Triton configs (on the first call) is
        # left to the timed run on an idle GPU: none measured here, beside
        # the other warm-up workers, is kept.
        inductor_config.autotune_local_cache = False
        workers = getattr(args, "workers", None) or 1
        compile_one = lambda path: _warm_one(path, workers)  # noqa: E731
    warmup_worker_loop(compile_one, sys.stdin, replies)
    return 0


def _kill_group(proc):
    """Kills a worker and every process it started (Inductor's compile
    processes): none may run on into the timed run."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def warm_up(manifests, workers, command, deadline=None, problem_timeout=None, env=None,
            stderr=None, on_result=None):
    """Hands `manifests` out, in order, to at most `workers` processes running
    `command` (warmup_worker_loop), each problem once; hands none out after
    `deadline` (seconds since the epoch), when the busy workers are killed.
    Returns {manifest: {"warm_s": s} or {"error": why}} of every problem
    handed out; `on_result(manifest, result)` as each ends. Returns when no
    worker process (nor any process it started) is left."""
    import selectors
    pending, results, slots = list(manifests), {}, []
    poll = selectors.DefaultSelector()

    def start():
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                env=env, start_new_session=True)
        slot = {"proc": proc, "buf": b"", "current": None, "started": None}
        poll.register(proc.stdout, selectors.EVENT_READ, slot)
        slots.append(slot)
        return slot

    def stop(slot, graceful=False):
        poll.unregister(slot["proc"].stdout)
        slots.remove(slot)
        try:
            slot["proc"].stdin.close()
        except OSError:
            pass
        if graceful:
            try:  # idle: let it leave by itself a moment
                slot["proc"].wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        _kill_group(slot["proc"])
        slot["proc"].stdout.close()

    def finish(slot, result):
        manifest, slot["current"] = slot["current"], None
        results[manifest] = result
        if on_result:
            on_result(manifest, result)

    try:
        while True:
            now = time.time()
            open_ = deadline is None or now < deadline
            while open_ and pending:
                idle = [s for s in slots if s["current"] is None]
                if not idle and len(slots) >= workers:
                    break
                slot = idle[0] if idle else start()
                manifest = pending.pop(0)
                slot["current"], slot["started"] = manifest, time.time()
                try:
                    slot["proc"].stdin.write((manifest + "\n").encode())
                    slot["proc"].stdin.flush()
                except OSError:
                    finish(slot, {"error": "the warm-up worker died "
                                           f"(exit {slot['proc'].poll()})"})
                    stop(slot)
            busy = [s for s in slots if s["current"] is not None]
            if not busy:
                break
            if not open_:
                for slot in busy:
                    finish(slot, {"error": "not compiled by the warm-up deadline"})
                    stop(slot)
                break
            wait = 0.5 if deadline is None else max(0.0, min(0.5, deadline - now))
            for key, _ in poll.select(timeout=wait):
                slot = key.data
                data = os.read(key.fd, 65536)
                if not data:
                    slot["proc"].wait()
                    if slot["current"] is not None:
                        finish(slot, {"error": "the warm-up worker died "
                                               f"(exit {slot['proc'].returncode})"})
                    stop(slot)
                    continue
                slot["buf"] += data
                restart = False
                while b"\n" in slot["buf"]:
                    line, slot["buf"] = slot["buf"].split(b"\n", 1)
                    text = line.decode(errors="replace")
                    if not text.startswith(WARM_REPLY):
                        continue
                    reply = json.loads(text[len(WARM_REPLY):])
                    restart |= bool(reply.pop("restart", False))
                    if reply.pop("manifest", None) == slot["current"]:
                        finish(slot, reply)
                if restart:
                    stop(slot, graceful=True)
            now = time.time()
            for slot in [s for s in slots if s["current"] is not None]:
                if problem_timeout is not None and now - slot["started"] > problem_timeout:
                    finish(slot, {"error": f"timed out after {problem_timeout} s"})
                    stop(slot)
    finally:
        for slot in list(slots):
            busy = slot["current"] is not None
            if busy:
                finish(slot, {"error": "the warm-up was stopped"})
            stop(slot, graceful=not busy)
        poll.close()
    return results


def _run_warmup(manifests, results_path, workers, cache, command, problem_timeout, deadline):
    """warm_up for run(): its results logged to the events log as they come
    ({"warm": manifest, "result": ...}, which the timed worker adds to its
    rows), the workers' output to <results>.warmup.log."""
    command = command or [sys.executable, "-m", "ks_torch", "bench-warmup-worker",
                          "--workers", str(workers)]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    env = compile_env(cache, threads=max(1, cores // workers))
    from .tools import progress
    bar = progress(len(manifests), "torch.compile warm-up")

    def logged(manifest, result):
        with open(results_path, "a") as log:
            log.write(json.dumps({"warm": manifest, "result": result}) + "\n")
        bar.update(1)
        if "error" in result:
            print(f"bench: warm-up: {_problem_of(manifest)}: {result['error']}", flush=True)

    t0 = time.time()
    print(f"bench: torch.compile warm-up of {len(manifests)} problems by {workers} workers"
          + (f", until {deadline - t0:.0f} s from now" if deadline is not None else "")
          + f"; Inductor cache {cache}", flush=True)
    with open(results_path + ".warmup.log", "a") as stderr:
        results = warm_up(manifests, workers, command, deadline=deadline, problem_timeout=problem_timeout,
                          env=env, stderr=stderr, on_result=logged)
    bar.close()
    warmed = sum("warm_s" in r for r in results.values())
    print(f"bench: warm-up: {warmed} of {len(manifests)} problems compiled in {time.time() - t0:.0f} s, "
          f"{len(results) - warmed} failed or cut, {len(manifests) - len(results)} not reached "
          f"(compiled cold in the timed run)", flush=True)
    return results


def _events(path, key, value):
    """manifest -> event[value] of every event of an events log that has `key`."""
    found = {}
    with open(path) as f:
        for line in f.read().splitlines():
            event = json.loads(line)
            if key in event:
                found[event[key]] = event[value]
    return found


def read_warmups(path):
    """manifest -> warm-up result of every warm-up event in an events log."""
    return _events(path, "warm", "result") if os.path.exists(path) else {}


def add_warmup(row, result):
    """The warm-up's seconds (compile_warm_s) or error (compile_warm_error) in a row."""
    if result is None:
        return
    if "warm_s" in result:
        row["compile_warm_s"] = result["warm_s"]
    if "error" in result:
        row["compile_warm_error"] = result["error"]


def read_events(path):
    """manifest -> row of every finished problem in an events log."""
    return _events(path, "done", "row")


def run(manifests, results_path, chip="sm_90", plans=None, no_compile=False,
        problem_timeout=300, deadline_s=None, resume=None, compile_workers=0,
        compile_warmup_deadline_s=None, compile_cache=None, worker_cmd=None, warmup_cmd=None):
    """Runs workers until every manifest has a row, or until `deadline_s`
    seconds have passed (the rest: status 'not run'); returns the rows in
    order. `resume`: an earlier run's events log, whose finished problems are
    kept and not run again. Everything finished is logged to `results_path`
    as it happens, so a run cut short can be resumed from it.

    `compile_workers` N > 0: first the torch.compile warm-up (warm_up) of
    the problems to run by N processes, until `compile_warmup_deadline_s`
    seconds (default: WARMUP_DEADLINE_SHARE of `deadline_s`), the Inductor
    cache in `compile_cache` (default: TORCHINDUCTOR_CACHE_DIR, else
    DEFAULT_COMPILE_CACHE); then the timed run. `worker_cmd`, `warmup_cmd`:
    the workers' commands (default: `ks_torch bench-worker` and
    `bench-warmup-worker`; stand-ins in tests)."""
    start_time = time.time()
    deadline = start_time + deadline_s if deadline_s is not None else None
    rows = {}
    if resume:
        rows = {m: r for m, r in read_events(resume).items() if m in manifests}
    with open(results_path, "w") as log:
        for m, r in rows.items():
            log.write(json.dumps({"done": m, "row": r}) + "\n")
    if rows:
        print(f"bench: {len(rows)} problems kept from {resume}", flush=True)

    def log_row(manifest, row):
        rows[manifest] = row
        with open(results_path, "a") as log:
            log.write(json.dumps({"done": manifest, "row": row}) + "\n")
        print(f"bench: {row['problem']}: {row['status']} ({row['reason']})", flush=True)

    from .tools import progress
    bar = progress(len(manifests), "bench")
    bar.update(len(rows))
    counted = len(rows)
    remaining = [m for m in manifests if m not in rows]
    env = None
    if not no_compile and (compile_workers or compile_cache):
        cache = compile_cache or os.environ.get("TORCHINDUCTOR_CACHE_DIR") or DEFAULT_COMPILE_CACHE
        os.makedirs(cache, exist_ok=True)
        env = compile_env(cache)
        if compile_workers and remaining:
            if compile_warmup_deadline_s is None and deadline_s is not None:
                compile_warmup_deadline_s = WARMUP_DEADLINE_SHARE * deadline_s
            _run_warmup(remaining, results_path, compile_workers, cache, warmup_cmd, problem_timeout,
                        None if compile_warmup_deadline_s is None
                        else start_time + compile_warmup_deadline_s)
    while remaining:
        cmd = (worker_cmd or [sys.executable, "-m", "ks_torch", "bench-worker"]) + \
              ["--results", results_path, "--chip", chip] + (["--plans", plans] if plans else []) + \
              (["--no-compile"] if no_compile else []) + \
              (["--deadline", str(deadline)] if deadline is not None else []) + remaining
        worker = subprocess.Popen(cmd, env=env)
        current, started = None, time.time()
        with open(results_path) as f:
            seen = len(f.read().splitlines())
        while True:
            time.sleep(0.5)
            with open(results_path) as f:
                lines = f.read().splitlines()
            for line in lines[seen:]:
                event = json.loads(line)
                if "start" in event:
                    current, started = event["start"], time.time()
                elif "done" in event:
                    rows[event["done"]] = event["row"]
                    current = None
            seen = len(lines)
            bar.update(len(rows) - counted)
            counted = len(rows)
            if worker.poll() is not None:
                break
            if current and time.time() - started > problem_timeout:
                worker.kill()
                worker.wait()
                break
        if current and current not in rows:
            timed_out = time.time() - started > problem_timeout
            log_row(current, {"problem": _problem_of(current), "status": "error", "manifest": current,
                              "reason": f"timed out after {problem_timeout} s" if timed_out
                              else f"the worker died (exit {worker.returncode})"})
        remaining = [m for m in manifests if m not in rows]
        if not remaining:
            break
        if deadline is not None and time.time() > deadline:
            for m in remaining:  # not logged: a resumed run does them
                rows[m] = {"problem": _problem_of(m), "status": "not run", "manifest": m,
                           "reason": f"the {deadline_s} s deadline had passed"}
            print(f"bench: deadline: {len(remaining)} problems not run; resume with "
                  f"--resume {results_path}", flush=True)
            break
        if not current and worker.returncode != 0:
            # Died between problems: nothing to blame, do not loop forever.
            for m in remaining:
                log_row(m, {"problem": _problem_of(m), "status": "error", "manifest": m,
                            "reason": f"the worker died (exit {worker.returncode})"})
            break
    bar.update(len(rows) - counted)
    bar.close()
    return [rows[m] for m in manifests]
