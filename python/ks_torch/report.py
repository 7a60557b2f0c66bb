"""KernelBench's summary arithmetic and the table the harness prints.

A result row: {"problem": "level1/01_x", "status": one of STATUSES,
"eager_ms", "compile_ms", "ks_ms" (None when not measured), "max_error"
(ks against eager), "ks_error_vs_f64"/"eager_error_vs_f64" (each against the
model run in fp64), ...}.
fast_p is the share of all problems of a level that are correct AND faster
than p times the baseline (fast_0: the share correct); means are over the
correct problems ("in mean": how many; "timed": the problems with the
baseline's time, torch.compile's fewer where it failed or was skipped).
"vs f64": the share correct at 1e-4 against eager or, where not, no farther
from the model run in fp64 than eager is (judged_against_f64).
"""

import math

STATUSES = ("import failed", "compile failed", "too large", "incorrect", "correct", "error", "not run")
FAST_PS = (0.0, 1.0, 1.5, 2.0)


def speedup(row, baseline):
    base, ks = row.get(baseline + "_ms"), row.get("ks_ms")
    if row.get("status") != "correct" or not base or not ks:
        return None
    return base / ks


def fast_p(rows, p, baseline="eager"):
    if not rows:
        return 0.0
    hits = 0
    for row in rows:
        if row.get("status") != "correct":
            continue
        if p == 0.0:
            hits += 1
            continue
        s = speedup(row, baseline)
        if s is not None and s > p:
            hits += 1
    return hits / len(rows)


def geometric_mean(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def arithmetic_mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def level_of(row):
    return row["problem"].split("/")[0] if "/" in row["problem"] else "-"


def judged_against_f64(row):
    """Correct against eager at 1e-4, or (the fp64 run's verdict) within
    1e-4 of the exact result or no farther from it than eager is."""
    if row.get("status") == "correct":
        return True
    return row.get("status") == "incorrect" and bool(row.get("as_exact_as_eager"))


def summarize(rows):
    """Per level (and 'all'): counts, shares, fast_p and mean speedups."""
    levels = {}
    rows = [r for r in rows if r.get("status") != "not run"]  # a cut-short run's rest
    for row in rows:
        levels.setdefault(level_of(row), []).append(row)
    levels["all"] = list(rows)
    out = {}
    for level, rs in sorted(levels.items()):
        n = len(rs)
        compiled = sum(r["status"] in ("incorrect", "correct") for r in rs)
        correct = sum(r["status"] == "correct" for r in rs)
        exact = sum(judged_against_f64(r) for r in rs)
        entry = {"problems": n,
                 "compiled": compiled / n if n else 0.0,
                 "correct": correct / n if n else 0.0,
                 "as_exact_as_eager": exact / n if n else 0.0}
        for base in ("eager", "compile"):
            s = [speedup(r, base) for r in rs]
            entry[base] = {
                "fast_" + _p_name(p): fast_p(rs, p, base) for p in FAST_PS}
            entry[base]["geomean_speedup"] = geometric_mean(s)
            entry[base]["mean_speedup"] = arithmetic_mean(s)
            # The issue's floor: correct and at least 0.8x, and none under 0.5x.
            entry[base]["at_least_0.8"] = sum(v is not None and v >= 0.8 for v in s) / n if n else 0.0
            entry[base]["under_0.5"] = sum(v is not None and v < 0.5 for v in s)
            # How many problems the baseline was timed on, and how many the
            # means are over (correct, both timed): torch.compile's can be
            # fewer than eager's (a compile error, a run without it).
            entry[base]["timed"] = sum(r.get(base + "_ms") is not None for r in rs)
            entry[base]["in_means"] = sum(v is not None for v in s)
        out[level] = entry
    return out


def _p_name(p):
    return str(int(p)) if p == int(p) else str(p)


def _fmt(v, spec):
    return "-" if v is None else format(v, spec)


def _fmt_speedup(v, spec):
    return "-" if v is None else format(v, spec) + "x"


# A level-1 problem is memory-bound, held to a copy of its bytes, where its
# matmul and convolution flops (PyTorch's FLOP counter) are fewer than
# RIDGE_FLOPS_PER_BYTE per byte moved: an H100's or H200's fp32 peak (67
# TFLOP/s) over its DRAM bandwidth (4.8 TB/s) is 14. Rows measured before
# the harness counted flops fall back on KernelBench's numbering (its
# level-1 problems 20 to 58 are the activations, norms, poolings,
# reductions, scans and losses).
RIDGE_FLOPS_PER_BYTE = 14
MEMORY_BOUND_LEVEL1 = range(20, 59)
COPY_TARGET = 0.85


def memory_bound(row):
    level, _, name = row["problem"].partition("/")
    if level != "level1":
        return False
    if row.get("flops") is not None and row.get("traffic_bytes"):
        return row["flops"] < RIDGE_FLOPS_PER_BYTE * row["traffic_bytes"]
    number = name.split("_", 1)[0]
    return number.isdigit() and int(number) in MEMORY_BOUND_LEVEL1


def copy_fraction(row):
    """The fraction of a same-bytes device-to-device copy's rate ks reached."""
    if row.get("status") != "correct" or not row.get("copy_ms") or not row.get("ks_ms"):
        return None
    return row["copy_ms"] / row["ks_ms"]


def format_memory_bound(rows):
    lines = []
    picked = [r for r in rows if memory_bound(r) and copy_fraction(r) is not None]
    if not picked:
        return ""
    head = f"{'memory-bound problem':44} {'MB moved':>9} {'copy ms':>8} {'ks ms':>8} {'of copy':>8}"
    lines.append(head)
    lines.append("-" * len(head))
    for r in picked:
        lines.append(f"{r['problem'][:44]:44} {r['traffic_bytes'] / 1e6:9.1f} {r['copy_ms']:8.4f} "
                     f"{r['ks_ms']:8.4f} {copy_fraction(r):8.0%}")
    met = sum(copy_fraction(r) >= COPY_TARGET for r in picked)
    lines.append(f"at or above {COPY_TARGET:.0%} of a same-bytes copy: {met} of {len(picked)}; "
                 f"geomean {geometric_mean([copy_fraction(r) for r in picked]):.0%}")
    return "\n".join(lines)


def format_table(rows, summary):
    lines = []
    head = f"{'problem':44} {'status':15} {'eager ms':>9} {'compile ms':>10} {'ks ms':>9} {'vs eager':>8} {'vs compile':>10} {'max err':>9} {'f64 err ks/eager':>19}"
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        lines.append(
            f"{r['problem'][:44]:44} {r['status']:15} {_fmt(r.get('eager_ms'), '9.3f')} "
            f"{_fmt(r.get('compile_ms'), '10.3f')} {_fmt(r.get('ks_ms'), '9.3f')} "
            f"{_fmt_speedup(speedup(r, 'eager'), '7.2f'):>8} "
            f"{_fmt_speedup(speedup(r, 'compile'), '9.2f'):>10} "
            f"{_fmt(r.get('max_error'), '9.2e')} "
            f"{_fmt(r.get('ks_error_vs_f64'), '9.2e')}/{_fmt(r.get('eager_error_vs_f64'), '9.2e')}")
    lines.append("")
    lines.append(format_summary(summary))
    compile_line = format_compile_seconds(rows)
    if compile_line:
        lines.append(compile_line)
    memory = format_memory_bound(rows)
    if memory:
        lines.append("")
        lines.append(memory)
    phases = format_bench_seconds(rows)
    if phases:
        lines.append("")
        lines.append(phases)
    return "\n".join(lines)


def format_bench_seconds(rows):
    """Where the bench's seconds went, summed over the problems by phase
    (the model and program set up, the correctness trials, the timed runs)."""
    timed = [r["phase_s"] for r in rows if r.get("phase_s")]
    if not timed:
        return ""
    names = ["setup", "check", "time"]
    totals = {n: sum(p.get(n, 0.0) for p in timed) for n in names}
    per_problem = sorted(sum(p.values()) for p in timed)
    return (f"bench seconds: {len(timed)} problems, " +
            ", ".join(f"{n} {totals[n]:.0f}" for n in names) +
            f"; a problem's median {per_problem[len(per_problem) // 2]:.1f}, max {per_problem[-1]:.1f}")


def format_summary(summary):
    """The per-level lines of the table."""
    lines = []
    head = (f"{'level':8} {'n':>3} {'compiled':>8} {'correct':>8} {'vs f64':>6}  baseline  {'fast_0':>6} "
            f"{'fast_1':>6} {'fast_1.5':>8} {'fast_2':>6} {'geomean':>8} {'mean':>7} {'>=0.8x':>6} {'<0.5x':>5} "
            f"{'timed':>5} {'in mean':>7}")
    lines.append(head)
    lines.append("-" * len(head))
    for level, s in summary.items():
        for base in ("eager", "compile"):
            b = s[base]
            lines.append(
                f"{level:8} {s['problems']:3d} {s['compiled']:8.0%} {s['correct']:8.0%} "
                f"{s.get('as_exact_as_eager', s['correct']):6.0%}  {base:8}  "
                f"{b['fast_0']:6.0%} {b['fast_1']:6.0%} {b['fast_1.5']:8.0%} {b['fast_2']:6.0%} "
                f"{_fmt(b['geomean_speedup'], '7.2f'):>8} {_fmt(b['mean_speedup'], '6.2f'):>7} "
                f"{b['at_least_0.8']:6.0%} {b['under_0.5']:5d} "
                f"{b.get('timed', 0):5d} {b.get('in_means', 0):7d}")
    return "\n".join(lines)


def format_compile_seconds(rows):
    """torch.compile's side of a bench: how many problems have its time,
    how many failed to compile, the seconds of its first call in the timed
    run (compile_s; mostly a cache hit after a warm-up) and of the warm-up's
    compile (compile_warm_s, cold, beside the other warm-up workers)."""
    rows = [r for r in rows if r.get("status") != "not run"]  # as the summary
    timed = sum(r.get("compile_ms") is not None for r in rows)
    errors = sum(bool(r.get("compile_error")) for r in rows)
    first = sorted(r["compile_s"] for r in rows if r.get("compile_s") is not None)
    warm = sorted(r["compile_warm_s"] for r in rows if r.get("compile_warm_s") is not None)
    warm_failed = sum(bool(r.get("compile_warm_error")) for r in rows)
    if not (timed or errors or first or warm or warm_failed):
        return ""
    text = f"torch.compile: {timed} of {len(rows)} problems timed, {errors} compile errors"
    if first:
        hits = sum(r.get("compile_fx_cache", {}).get("hit", 0) > 0 and
                   r.get("compile_fx_cache", {}).get("miss", 1) == 0 for r in rows)
        text += (f"; the timed run's compile: median {first[len(first) // 2]:.1f} s, max {first[-1]:.1f} s, "
                 f"{hits} all from the FX graph cache")
    if warm or warm_failed:
        text += f"; warm-up: {len(warm)} compiled"
        if warm:
            text += f" (median {warm[len(warm) // 2]:.1f} s, max {warm[-1]:.1f} s)"
        text += f", {warm_failed} failed or cut"
    return text


def judged_rows(rows):
    """The rows with every result judged correct against the fp64 run
    (judged_against_f64) counted as correct: the summary of what is
    correct up to rounding, beside the strict one."""
    return [dict(r, status="correct") if r.get("status") == "incorrect" and judged_against_f64(r)
            else r for r in rows]


def format_tuning_times(tune_rows):
    """Per level: how long `ks_torch tune` took a problem (median, max)."""
    by_level = {}
    for r in tune_rows:
        if r.get("tune_s") is not None:
            by_level.setdefault(level_of(r), []).append(r["tune_s"])
            by_level.setdefault("all", []).append(r["tune_s"])
    lines = [f"{'tuning time':12} {'n':>3} {'median s':>9} {'max s':>7} {'planned':>8}"]
    for level, times in sorted(by_level.items()):
        times = sorted(times)
        planned = sum(r.get("status") == "tuned" for r in tune_rows
                      if level == "all" or level_of(r) == level)
        lines.append(f"{level:12} {len(times):3d} {times[len(times) // 2]:9.1f} {times[-1]:7.1f} "
                     f"{planned:8d}")
    return "\n".join(lines)


def format_side_by_side(named_rows):
    """Problems benched with several plan folders (named_rows: [(name,
    rows)]): each problem's eager time and ks's time and speedup per folder,
    and the geometric mean of each folder's speedups over the problems
    correct in all of them (judged against fp64 as in judged_rows)."""
    by_name = [(name, {r["problem"]: r for r in rows}) for name, rows in named_rows]
    problems = sorted(set().union(*(set(rows) for _, rows in by_name)))
    head = f"{'problem':<44} {'eager ms':>9}" + "".join(f" {name[:18]:>18}" for name, _ in by_name)
    lines = [head]
    common = []
    for p in problems:
        rows = [rows.get(p) for _, rows in by_name]
        eager = next((r["eager_ms"] for r in rows if r and r.get("eager_ms")), None)
        cells = []
        for r in rows:
            ok = r is not None and judged_against_f64(r) and r.get("ks_ms")
            cells.append(f"{r['ks_ms']:.3f} ({eager / r['ks_ms']:.2f}x)" if ok and eager
                         else (r or {}).get("status", "-"))
        lines.append(f"{p:<44} {_fmt(eager, '9.3f')}" + "".join(f" {c:>18}" for c in cells))
        if eager and all(r is not None and judged_against_f64(r) and r.get("ks_ms") for r in rows):
            common.append([eager / r["ks_ms"] for r in rows])
    means = [geometric_mean([c[i] for c in common]) for i in range(len(by_name))]
    lines.append(f"{'geomean vs eager (' + str(len(common)) + ' problems)':<44} {'':>9}" +
                 "".join(f" {_fmt_speedup(m, '17.2f'):>18}" for m in means))
    return "\n".join(lines)
