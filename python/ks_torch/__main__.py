"""Command line of ks_torch (see __init__.py)."""

import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import time

from .tools import find_tool, first_error, human_bytes, progress, write_json, write_text

DEFAULT_PROBLEMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench",
                                "problems")


def _number(parse, low, above, what):
    """An argparse type: a `parse`d finite number at least `low` (above it if
    `above`). NaN, infinities and values out of range are refused as usage
    errors (exit 2) naming the option, before anything runs."""
    def check(text):
        try:
            value = parse(text)
        except ValueError:
            value = None
        if value is None or not math.isfinite(value) or value < low or (above and value == low):
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value
    return check


positive_int = _number(int, 0, True, "a whole number above 0")
non_negative_int = _number(int, 0, False, "a whole number, 0 or more")
positive_float = _number(float, 0, True, "a finite number above 0")
non_negative_float = _number(float, 0, False, "a finite number, 0 or more")


def _import_one(path, out_dir, small):
    """In the problem's child process: the import, and what the row needs of it."""
    from .importer import import_problem
    manifest = import_problem(path, out_dir, small=small)
    stem = os.path.splitext(manifest["mlir"])[0]
    return {"manifest": os.path.join(out_dir, stem + ".json"),
            "mlir_bytes": os.path.getsize(os.path.join(out_dir, manifest["mlir"]))}


def _compile(row, args):
    """ks-opt --ks-compile (ptxas-verified) on an imported row's MLIR; the row's new status.

    The seed is compiled, not run: a long scan it leaves to the O(n^2) seed
    kernel is for the tuner to replace, so that limit is lifted here."""
    mlir = os.path.join(args.output, os.path.splitext(row["manifest"])[0] + ".mlir")
    proc = subprocess.run(
        [find_tool("ks-opt"), mlir, f"--ks-compile=chip={args.chip} max-quadratic-scan=0",
         "-o", os.devnull],
        capture_output=True, text=True)
    if proc.returncode != 0:
        row.update(status="compile failed", reason=first_error(proc.stderr))
    else:
        row["status"] = "compiled"


def cmd_import(args):
    from . import isolate
    from .importer import ImportFailure, preload
    from .problem import ProblemError, find_problems, problem_name

    paths = find_problems(args.paths or [DEFAULT_PROBLEMS])
    if not paths:
        sys.exit("ks_torch import: no problem files found")
    os.makedirs(args.output, exist_ok=True)
    preload()  # once here, not in every problem's child
    rows = []
    bar = progress(len(paths), "import")
    for path in paths:
        name = problem_name(path)
        row = {"problem": name}
        t0 = time.time()
        try:
            got = isolate.run(_import_one, (path, os.path.join(args.output, os.path.dirname(name)),
                                            args.small),
                              args.timeout, args.memory_limit, (ImportFailure, ProblemError), args.verbose)
            row.update(manifest=os.path.relpath(got["manifest"], args.output), status="imported",
                       mlir_bytes=got["mlir_bytes"])
        except isolate.Failure as e:
            row.update(status="import failed", reason=str(e))
        row["import_s"] = round(time.time() - t0, 2)
        if row["status"] == "imported" and args.compile:
            _compile(row, args)
        print(f"import: {name}: {row['status']} ("
              + (row["reason"] if "reason" in row else human_bytes(row["mlir_bytes"])) + ")", flush=True)
        rows.append(row)
        bar.update()
    bar.close()
    write_json(os.path.join(args.output, "import-report.json"), rows)
    ok = sum(r["status"] in ("imported", "compiled") for r in rows)
    print(f"import: {ok} of {len(rows)} problems {'compiled to verified PTX' if args.compile else 'imported'}; "
          f"report: {os.path.join(args.output, 'import-report.json')}")
    return 0 if ok == len(rows) else 1


def _check_one(path, work, emulate):
    """In the problem's child process: check_problem's row, failures included."""
    from .cpu_check import check_problem
    from .importer import ImportFailure
    from .problem import ProblemError, problem_name
    try:
        return check_problem(path, work, emulate=emulate)
    except (ImportFailure, ProblemError) as e:
        return {"problem": problem_name(path), "status": "import failed", "reason": str(e)}
    except subprocess.TimeoutExpired as e:
        return {"problem": problem_name(path), "status": "ks failed", "reason": f"timed out after {e.timeout} s"}


def _check_line(row, emulate):
    if "reason" in row:
        return f" ({row['mode'] + ': ' if 'mode' in row else ''}{row['reason']})"
    return (f" (max error: CPU {row.get('cpu_max_error', 0):.1e}"
            + (f", emulated GPU {row.get('emulated_max_error', 0):.1e})" if emulate else ")"))


def cmd_check(args):
    from . import isolate
    from .importer import preload
    from .problem import find_problems, problem_name

    paths = find_problems(args.paths or [DEFAULT_PROBLEMS])
    os.makedirs(args.output, exist_ok=True)
    preload()
    rows = []
    for path in paths:
        name = problem_name(path)
        work = os.path.join(args.output, os.path.dirname(name))
        os.makedirs(work, exist_ok=True)
        try:
            row = isolate.run(_check_one, (path, work, not args.no_emulate), args.timeout, args.memory_limit)
        except isolate.Failure as e:
            row = {"problem": name, "status": "check failed", "reason": str(e)}
        print(f"check: {name}: {row['status']}" + _check_line(row, not args.no_emulate), flush=True)
        rows.append(row)
    write_json(os.path.join(args.output, "check-report.json"), rows)
    ok = sum(r["status"] == "match" for r in rows)
    print(f"check: {ok} of {len(rows)} problems match PyTorch at reduced sizes")
    return 0 if ok == len(rows) else 1


def _tune_flags(args):
    """The ks-tune flags of a `ks_torch tune` run (besides --out and --db)."""
    flags = [f"--measure={args.measure}", f"--rounds={args.rounds}", f"--budget={args.budget}",
             f"--device={args.device}", f"--precision={args.precision}", f"--chip={args.chip}",
             f"--max-dispatches={args.max_dispatches}"]
    if args.calibration:
        flags.append(f"--calibration={os.path.abspath(args.calibration)}")
    if args.refine:
        flags += [f"--refine={args.refine}", f"--refine-budget={args.refine_budget}"]
    return flags


def _tune_on_cluster(manifests, args):
    """The problems as tasks of a Dask cluster (cluster.py): plans written
    here as tasks finish, their tuning records added to --db."""
    from . import cluster, tuningdb
    problems = []
    for manifest in manifests:
        with open(manifest) as f:
            m = json.load(f)
        with open(os.path.join(os.path.dirname(manifest), m["mlir"])) as f:
            problems.append((m["problem"], f.read()))

    def done(row, plan_text, records):
        if plan_text is not None:
            write_text(os.path.join(args.output, row["problem"].replace("/", "__") + ".plan.json"),
                       plan_text)
        if args.db and records:
            tuningdb.add_records(args.db, records)
        print(f"tune: {row['problem']}: {row['status']}: {row.get('summary') or row.get('reason')}",
              flush=True)
    print(f"tune: {len(problems)} problems as tasks of the cluster {args.cluster}", flush=True)
    return cluster.tune_on_cluster(args.cluster, problems, _tune_flags(args), done)


def _tune_one(manifest, args, gpu=None):
    """ks-tune on one imported problem: its row for the tune report; with
    `gpu`, ks-tune sees that GPU alone."""
    with open(manifest) as f:
        m = json.load(f)
    name = m["problem"]
    stem = name.replace("/", "__")
    work = os.path.join(args.output, "runs", stem)
    mlir = os.path.join(os.path.dirname(manifest), m["mlir"])
    cmd = [find_tool("ks-tune"), mlir, *_tune_flags(args), f"--out={work}", "--quiet"]
    if args.db:
        cmd.append(f"--db={os.path.abspath(args.db)}")
    if args.parallel > 1:  # the machine's cores shared among the problems
        cmd.append(f"--jobs={max(1, (os.cpu_count() or 1) // args.parallel)}")
    env = None
    if gpu is not None:  # this worker's GPU alone (--gpus)
        env = dict(os.environ, CUDA_VISIBLE_DEVICES=gpu)
    t0 = time.time()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
        rc, text = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired:
        rc, text = None, f"timed out after {args.timeout} s"
    except OSError as e:  # ks-tune could not start: this problem fails, not the run
        rc, text = None, f"cannot run {cmd[0]}: {e.strerror or e}"
    row = {"problem": name, "tune_s": round(time.time() - t0, 1)}
    if gpu is not None:
        row["gpu"] = gpu
    summary = next((l for l in text.splitlines() if l.startswith("whole program:")), "")
    plan = os.path.join(work, "plan.json")
    if rc == 0 and os.path.exists(plan):
        with open(plan) as f:
            write_text(os.path.join(args.output, stem + ".plan.json"), f.read())
        row.update(status="tuned", summary=summary)
    else:
        row.update(status="not tuned", rc=rc, reason=first_error(text) or text.strip()[-300:])
    print(f"tune: {name}: {row['status']}: {row.get('summary') or row.get('reason')}", flush=True)
    return row


def visible_gpus(spec):
    """The GPU ids `--gpus` names: "all" (every GPU nvidia-smi lists) or a
    comma-separated list."""
    if spec != "all":
        ids = [g.strip() for g in spec.split(",") if g.strip()]
        if not ids or not all(g.isdigit() for g in ids):
            raise ValueError(f"--gpus={spec}: expected 'all' or GPU numbers such as 0,1")
        return ids
    try:
        listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        listed = None
    ids = [str(i) for i, line in enumerate((listed.stdout if listed else "").splitlines())
           if line.startswith("GPU ")]
    if not ids:
        raise ValueError("--gpus=all: nvidia-smi lists no GPU here")
    return ids


def cmd_tune(args):
    """ks-tune on every imported problem; plans for bench --plans. With
    --gpus, one worker per GPU, each problem measured on its worker's GPU
    alone (CUDA_VISIBLE_DEVICES), the GPUs handed out as they free up."""
    import queue
    from concurrent.futures import ThreadPoolExecutor
    manifests, _ = _rows_from_import(args.imports, args.filter)
    os.makedirs(args.output, exist_ok=True)
    if args.cluster:
        rows = _tune_on_cluster(manifests, args)
        write_json(os.path.join(args.output, "tune-report.json"), rows)
        print(f"tune: {sum(r['status'] == 'tuned' for r in rows)} of {len(rows)} problems have a "
              f"plan in {args.output}")
        return 0
    workers, tune = args.parallel, lambda m: _tune_one(m, args)
    if args.gpus:
        try:
            gpus = visible_gpus(args.gpus)
        except ValueError as e:
            print(f"tune: {e}", file=sys.stderr)
            return 2
        free = queue.Queue()
        for g in gpus:
            free.put(g)

        def tune(m):
            g = free.get()
            try:
                return _tune_one(m, args, gpu=g)
            finally:
                free.put(g)
        workers = args.parallel = len(gpus)  # the CPU cores shared among the workers too
        print(f"tune: {len(manifests)} problems on GPU(s) {','.join(gpus)}, one at a time each",
              flush=True)
    bar = progress(len(manifests), "tune")

    def tune_and_count(m):
        row = tune(m)
        bar.update()
        return row
    with ThreadPoolExecutor(max_workers=workers) as pool:
        rows = list(pool.map(tune_and_count, manifests))
    bar.close()
    write_json(os.path.join(args.output, "tune-report.json"), rows)
    tuned = sum(r['status'] == 'tuned' for r in rows)
    print(f"tune: {tuned} of {len(rows)} problems have a plan in {args.output}")
    # Some problems without a plan is a result; none at all is a failure.
    return 0 if tuned or not rows else 1


def shard_spec(text):
    """'I/N' with 1 <= I <= N, as (I, N)."""
    try:
        index, count = (int(x) for x in text.split("/"))
    except ValueError:
        index = count = 0
    if not 1 <= index <= count:
        raise argparse.ArgumentTypeError(f"expected I/N with 1 <= I <= N, got {text!r}")
    return index, count


def take_shard(items, shard):
    """The `shard` (I, N) of `items`: every N-th from the I-th; all without one."""
    if not shard:
        return items
    index, count = shard
    return items[index - 1::count]


def _rows_from_import(import_dir, filters=None):
    """(manifests to bench, rows of problems that never got that far), of
    the problems whose manifest path (or, for the rows, name) contains one
    of `filters` if given."""
    report = os.path.join(import_dir, "import-report.json")
    if not os.path.exists(report):
        sys.exit(f"ks_torch bench: {report} not found: run 'python -m ks_torch import' first")
    with open(report) as f:
        imported = json.load(f)
    manifests, failed = [], []
    for r in imported:
        if r["status"] in ("imported", "compiled"):
            manifests.append(os.path.join(import_dir, r["manifest"]))
        else:
            failed.append({"problem": r["problem"], "status": r["status"], "reason": r.get("reason")})
    if filters:
        manifests = [m for m in manifests if any(f in m for f in filters)]
        failed = [r for r in failed if any(f in r["problem"] for f in filters)]
    return manifests, failed


def cmd_bench(args):
    from . import bench, report
    manifests, failed = _rows_from_import(args.imports, args.filter)
    if args.shard:
        manifests = take_shard(sorted(manifests), args.shard)
        failed = failed if args.shard[0] == 1 else []
    results = os.path.join(os.path.dirname(os.path.abspath(args.output)) or ".",
                           os.path.basename(args.output) + ".events.jsonl")
    if args.no_compile and args.compile_workers:
        print("bench: --compile-workers is of no use with --no-compile: no warm-up", file=sys.stderr)
    rows = bench.run(manifests, results, chip=args.chip, plans=args.plans,
                     no_compile=args.no_compile, problem_timeout=args.timeout,
                     deadline_s=args.deadline, resume=args.resume,
                     compile_workers=args.compile_workers,
                     compile_warmup_deadline_s=args.compile_warmup_deadline,
                     compile_cache=args.compile_cache)
    rows = sorted(rows + failed, key=lambda r: r["problem"])
    summary = report.summarize(rows)
    write_json(args.output, {"rows": rows, "summary": summary})
    print(report.format_table(rows, summary))
    errors = [r for r in rows if r["status"] == "error"]
    not_run = [r for r in rows if r["status"] == "not run"]
    if not_run:
        print(f"bench: {len(not_run)} problem(s) not run before the deadline: the summary leaves them out",
              file=sys.stderr)
    if errors:
        print(f"bench: {len(errors)} problem(s) failed with an error (see 'reason' in {args.output})",
              file=sys.stderr)
    return 1 if errors else 0


def cmd_db(args):
    """Moves a tuning database between its two stores (tuningdb.py)."""
    from . import tuningdb
    try:
        if args.action == "import":
            records, samples = tuningdb.import_json(args.source, args.target)
            print(f"db: {records} records and {samples} new calibration samples from {args.source} "
                  f"in {args.target}")
        else:
            records, samples = tuningdb.export_json(args.source, args.target)
            print(f"db: {records} records and {samples} calibration samples of {args.source} "
                  f"in {args.target}")
    except (OSError, ValueError, tuningdb.DatabaseError) as e:
        print(f"db: {e}", file=sys.stderr)
        return 1
    return 0


def _read_rows(results):
    """The rows of a bench's results JSON, or of its .events.jsonl (a
    cut-off run's)."""
    if results.endswith(".jsonl"):
        from .bench import read_events
        return list(read_events(results).values())
    with open(results) as f:
        return json.load(f)["rows"]


def cmd_report(args):
    from . import report
    rows = []
    for results in args.results:  # shards of one run are reported together
        rows += _read_rows(results)
    rows.sort(key=lambda r: r["problem"])
    if args.side_by_side:
        named = [(os.path.basename(path).removesuffix(".json"), _read_rows(path))
                 for path in args.results]
        print(report.format_side_by_side(named))
        return 0
    print(report.format_table(rows, report.summarize(rows)))
    judged = report.judged_rows(rows)
    if judged != rows:
        print("\nThe same with the results no farther from the fp64 run than eager's counted "
              "correct:")
        print(report.format_summary(report.summarize(judged)))
    if args.tune_report:
        with open(args.tune_report) as f:
            print("\n" + report.format_tuning_times(json.load(f)))
    return 0


def cmd_rank_check(args):
    from . import rankcheck
    runs = os.path.join(args.plans, "runs")
    if not os.path.isdir(runs):
        sys.exit(f"ks_torch rank-check: {runs} not found: the -o folder of 'ks_torch tune'")
    # In an order that mixes the op families (names sort GEMMs together), so
    # a run cut short by its deadline still sees many of them.
    dirs = sorted((os.path.join(runs, d) for d in os.listdir(runs)),
                  key=lambda d: hashlib.sha1(os.path.basename(d).encode()).hexdigest())
    if args.filter:
        dirs = [d for d in dirs if any(f in d for f in args.filter)]
    dirs = take_shard(dirs, args.shard)
    rows = rankcheck.run(dirs, args.output, deadline_s=args.deadline,
                         max_candidates=args.max_candidates, db=args.db)
    print(rankcheck.format_table(rankcheck.summarize(
        [d for r in rows for d in r.get("dispatches", [])])))
    return 0


def cmd_where(args):
    """Where the time of the slow problems of a bench goes, dispatch by dispatch."""
    from . import rankcheck
    latest = {}  # a problem in several results: its last row
    for path in args.results:
        with open(path) as f:
            latest.update((r["problem"], r) for r in json.load(f)["rows"])
    slow = sorted(p for p, r in latest.items()
                  if r.get("ks_ms") and r.get("eager_ms") and r["eager_ms"] / r["ks_ms"] < args.below)
    slow = take_shard(slow, args.shard)
    found, start = [], time.time()
    for problem in slow:
        if args.deadline is not None and time.time() - start > args.deadline:
            print(f"where: deadline: {len(slow) - len(found)} problem(s) not looked at", flush=True)
            break
        try:
            found.append(rankcheck.where_time_goes(args.plans, problem, args.work))
        except (OSError, ValueError, KeyError, RuntimeError, subprocess.TimeoutExpired) as e:
            found.append({"problem": problem, "error": str(e)[:300]})
        print(rankcheck.format_where(found[-1:]), flush=True)
    write_json(args.output, found)
    return 0


def cmd_rank_report(args):
    from . import calibration, rankcheck
    rows = []
    for path in args.results:
        with open(path) as f:
            rows += json.load(f)
    if args.runs:
        for r in rows:
            run_dir = os.path.join(args.runs, "runs", r.get("problem", ""))
            if os.path.isdir(run_dir):
                rankcheck.mark_chosen(r, run_dir)
    print(rankcheck.format_table(rankcheck.summarize(
        [d for r in rows for d in r.get("dispatches", [])])))
    if args.calibrated:
        print("\ncalibrated, each problem from the other problems' samples only:")
        print(rankcheck.format_table(rankcheck.summarize(calibration.leave_one_out(rows))))
    if args.db:
        added = calibration.add_to_database(args.db, [s for r in rows for s in calibration.samples_of(r)])
        print(f"rank-report: {added} calibration samples added to {args.db}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ks_torch")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser(
        "import", help="import problems through Torch-MLIR to linalg-on-tensors",
        description="Imports problems through Torch-MLIR to linalg-on-tensors. A problem file is "
                    "Python code and is executed: import only files you trust. Each runs in a child "
                    "process with --timeout and --memory-limit, so one that exits, hangs, crashes or "
                    "allocates without bound is one failed row; exit status 1 if any failed.")
    p.add_argument("paths", nargs="*", help="problem files or folders (default: bench/problems); "
                                            "executed as Python code")
    p.add_argument("-o", "--output", required=True, help="folder for the MLIR, manifests and import-report.json")
    p.add_argument("--small", action="store_true", help="at the problems' SMALL sizes")
    p.add_argument("--compile", action="store_true", help="also compile each with ks-opt --ks-compile (ptxas-verified)")
    p.add_argument("--chip", default="sm_90")
    p.add_argument("--timeout", type=positive_int, default=300, help="seconds per problem (default 300)")
    p.add_argument("--memory-limit", type=positive_float, default=8,
                   help="GB of data memory per problem (RLIMIT_DATA; default 8)")
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(fn=cmd_import)

    p = sub.add_parser("check", help="reduced-size semantic check on the CPU against PyTorch")
    p.add_argument("paths", nargs="*", help="problem files or folders; executed as Python code")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--no-emulate", action="store_true", help="only the CPU lowering, not the emulated GPU kernels")
    p.add_argument("--timeout", type=positive_int, default=900, help="seconds per problem (default 900)")
    p.add_argument("--memory-limit", type=positive_float, default=8,
                   help="GB of data memory per problem (RLIMIT_DATA; default 8)")
    p.set_defaults(fn=cmd_check)

    p = sub.add_parser("bench", help="ks vs PyTorch eager and torch.compile on the GPU")
    p.add_argument("imports", help="the folder 'import' wrote")
    p.add_argument("-o", "--output", required=True, help="results JSON")
    p.add_argument("--plans", help="folder of <level>__<problem>.plan.json (ks-tune's plan.json)")
    p.add_argument("--chip", default="sm_90")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--filter", nargs="*", help="only problems whose path contains one of these")
    p.add_argument("--shard", type=shard_spec, metavar="I/N",
                   help="only the I-th of N shares of the problems (every N-th, sorted): one per GPU")
    p.add_argument("--timeout", type=positive_int, default=300, help="seconds per problem")
    p.add_argument("--deadline", type=non_negative_int, help="start no problem after this many seconds (the rest: 'not run')")
    p.add_argument("--resume", help="an earlier run's <results>.events.jsonl: keep its finished problems")
    p.add_argument("--compile-workers", type=non_negative_int, default=0, metavar="N",
                   help="before the timed run, N processes compile the problems with torch.compile "
                        "(no timing), filling Inductor's cache for the timed run (default 0: none)")
    p.add_argument("--compile-warmup-deadline", type=non_negative_float, metavar="S",
                   help="hand out no warm-up compile after S seconds, and stop the warm-up there "
                        "(default: 40%% of --deadline, if given)")
    p.add_argument("--compile-cache", metavar="DIR",
                   help="Inductor's cache folder (TORCHINDUCTOR_CACHE_DIR) for the warm-up and the timed "
                        "run (default: $TORCHINDUCTOR_CACHE_DIR, else <tmp>/ks-inductor-cache)")
    p.set_defaults(fn=cmd_bench)

    p = sub.add_parser("tune", help="ks-tune every imported problem; plans for 'bench --plans'")
    p.add_argument("imports", help="the folder 'import' wrote")
    p.add_argument("-o", "--output", required=True, help="folder for <level>__<problem>.plan.json")
    p.add_argument("--measure", default="model", help="ks-tune --measure: model (no GPU) or gpu")
    p.add_argument("--gpus", help="'all' or a list such as 0,1: a worker per GPU, each problem "
                                  "tuned on its worker's GPU alone (with --measure gpu)")
    p.add_argument("--cluster", help="a Dask scheduler's address (or local:N, an in-process "
                                     "cluster of N workers): each problem a task needing one "
                                     "GPU; plans and tuning records gathered here")
    p.add_argument("--db", help="tuning database every ks-tune reuses and adds to (ks-tune --db; "
                                "SQLite where the path ends .db, so parallel tunes lose nothing)")
    p.add_argument("--refine", type=non_negative_int, default=0, metavar="N",
                   help="measured refinement on this machine's GPU: the search with the cost model, "
                        "then each signature's N best-estimated candidates and its seed kernel "
                        "measured, the fastest kept (ks-tune --refine)")
    p.add_argument("--refine-budget", type=positive_float, default=60,
                   help="seconds of GPU refinement a problem at most (ks-tune --refine-budget)")
    p.add_argument("--rounds", type=positive_int, default=24,
                   help="candidates a dispatch at most, for a group of identical dispatches that is "
                        "the whole program's time; each group gets 6 plus its share of the rest "
                        "(ks-tune --rounds, --rounds-min)")
    p.add_argument("--device", default="h200",
                   help="the cost model's device (skills/devices.json): the GPU the plans are for")
    p.add_argument("--calibration", help="a tuning database whose GPU samples (rank-check --db) calibrate the cost model (ks-tune --calibration)")
    p.add_argument("--budget", type=positive_float, default=150,
                   help="seconds a problem after which ks-tune starts no search round (ks-tune --budget)")
    # As PyTorch's fp32 matmuls by default (allow_tf32 off): f32 operations
    # only, unless the user admits tensor-core numerics.
    p.add_argument("--precision", default="exact", choices=["exact", "tf32x3", "tf32"],
                   help="ks-tune --precision: the loosest numerics a skill may have: exact (f32 "
                        "operations only), tf32x3 (three TF32 tensor-core products, about fp32's "
                        "accuracy) or tf32")
    # A whole model has up to ~45 dispatches; the cost model can rank a slow
    # one (a thread per row walking it) low, so all of them are tuned.
    p.add_argument("--max-dispatches", type=positive_int, default=64,
                   help="ks-tune --max-dispatches: tune this many of the slowest dispatches")
    p.add_argument("--chip", default="sm_90")
    p.add_argument("--filter", nargs="*")
    p.add_argument("--timeout", type=positive_int, default=600, help="seconds per problem")
    p.add_argument("--parallel", type=positive_int, default=1,
                   help="problems tuned at once, the CPU cores shared among them (default 1)")
    p.set_defaults(fn=cmd_tune)

    p = sub.add_parser("db", help="tuning database: import a JSON one into SQLite, or export SQLite as JSON")
    p.add_argument("action", choices=["import", "export"])
    p.add_argument("source", help="import: the JSON database; export: the SQLite one")
    p.add_argument("target", help="import: the SQLite database (.db); export: the JSON file")
    p.set_defaults(fn=cmd_db)

    p = sub.add_parser("report", help="print the table of a results JSON (or of its .events.jsonl)")
    p.add_argument("results", nargs="+", help="bench results (.json) or events (.jsonl); several: one table")
    p.add_argument("--tune-report", help="a tune-report.json: adds each level's tuning times")
    p.add_argument("--side-by-side", action="store_true",
                   help="the results are runs of the same problems with different plans: each "
                        "problem's ks time per run, beside eager's")
    p.set_defaults(fn=cmd_report)

    p = sub.add_parser("rank-check", help="run every candidate ks-tune built on the GPU: does the cost model rank them right?")
    p.add_argument("plans", help="the -o folder of 'ks_torch tune' (its runs/)")
    p.add_argument("-o", "--output", required=True, help="results JSON")
    p.add_argument("--filter", nargs="*")
    p.add_argument("--shard", type=shard_spec, metavar="I/N", help="the I-th of N shares of the problems")
    p.add_argument("--deadline", type=positive_float, help="start no problem after this many seconds")
    p.add_argument("--max-candidates", type=positive_int, default=4,
                   help="candidates a dispatch at most, beside its seed (default 4)")
    p.add_argument("--db", help="tuning database to add the measured kernels to, as calibration samples")
    p.set_defaults(fn=cmd_rank_check)

    p = sub.add_parser("where", help="the slow problems of a bench, their dispatches by measured time beside the estimates")
    p.add_argument("results", nargs="+", help="bench results (.json)")
    p.add_argument("--plans", required=True, nargs="+",
                   help="the -o folder(s) of 'ks_torch tune' (several: the first with the problem's run)")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--work", default="/tmp/ks-where")
    p.add_argument("--below", type=positive_float, default=0.8, help="speedup over eager under which a problem is looked at")
    p.add_argument("--deadline", type=positive_float, help="start no problem after this many seconds")
    p.add_argument("--shard", type=shard_spec, metavar="I/N")
    p.set_defaults(fn=cmd_where)

    p = sub.add_parser("rank-report", help="the table of one or more rank-check results")
    p.add_argument("results", nargs="+")
    p.add_argument("--calibrated", action="store_true",
                   help="also the table with each problem's estimates calibrated from the other problems' samples")
    p.add_argument("--db", help="tuning database to add the results' measured kernels to, as calibration samples")
    p.add_argument("--runs", metavar="PLANS",
                   help="the tune's -o folder: mark the candidates it kept in results written "
                        "without the mark (ties in the estimates go to the tuner's pick)")
    p.set_defaults(fn=cmd_rank_report)

    p = sub.add_parser("bench-worker", help=argparse.SUPPRESS)
    p.add_argument("--results", required=True)
    p.add_argument("--chip", default="sm_90")
    p.add_argument("--plans")
    p.add_argument("--no-compile", action="store_true")
    p.add_argument("--deadline", type=positive_float)
    p.add_argument("--verbose", action="store_true")
    p.add_argument("manifests", nargs="+")
    p.set_defaults(fn=lambda a: __import__("ks_torch.bench", fromlist=["worker_main"]).worker_main(a) or 0)

    p = sub.add_parser("bench-warmup-worker", help=argparse.SUPPRESS)
    p.add_argument("--workers", type=positive_int, default=1, help="warm-up workers sharing the GPU")
    p.set_defaults(fn=lambda a: __import__("ks_torch.bench", fromlist=["warmup_worker_main"])
                   .warmup_worker_main(a))

    args = parser.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
