"""Does the cost model rank candidates as the GPU does?

For each problem ks-tune planned with the cost model (its run folder: the
module, report.json, trajectory.jsonl and a plan file per candidate), every
candidate the tuner built is run on the GPU with ks-run (CUPTI per-kernel
times), beside the seed. Per dispatch, each candidate's cost is the time of
the kernels that compute the dispatch minus the seed's time for the
dispatches its kernel absorbed, estimated and measured alike. Per op family
the check prints Spearman's rank correlation of estimated and measured
costs, the estimated/measured ratio, and how often the model's first choice
is within 15% of the best measured candidate.
"""

import json
import math
import os
import subprocess
import tempfile
import time

from .tools import find_tool, first_error

WITHIN = 1.15  # the model's first choice counts as right within 15% of the best


def spearman(xs, ys):
    """Spearman's rho of two equal-length lists (average ranks for ties)."""
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else None


def _kernel_us(run_json):
    """dispatch -> measured us per run, from a ks-run --json report."""
    with open(run_json) as f:
        report = json.load(f)
    if report.get("status") != "ok":
        raise RuntimeError(report.get("message", report.get("status", "no status")))
    per = {}
    for k in report.get("cupti", {}).get("kernels", []):
        if "dispatch" in k:
            per[k["dispatch"]] = per.get(k["dispatch"], 0.0) + k["per_trial_us"]
    return per


# The counters `where` prints for a kernel (ks-run's names, from CUPTI's
# range profiler: the ones Nsight Compute shows).
COUNTERS = (("dram_throughput_pct", "dram"), ("sm_throughput_pct", "sm"),
            ("achieved_occupancy_pct", "occupancy"), ("long_scoreboard_stall_pct", "long-sb"),
            ("barrier_stall_pct", "barrier"), ("global_load_efficiency_pct", "load-eff"),
            ("l2_hit_rate_pct", "l2-hit"), ("tensor_pipe_pct", "tensor"))


def _kernel_counters(run_json):
    """dispatch -> (theoretical occupancy, limiter, counters) of its longest
    kernel, from a ks-run --json report run with --metrics."""
    with open(run_json) as f:
        report = json.load(f)
    best = {}
    for k in report.get("cupti", {}).get("kernels", []):
        d = k.get("dispatch")
        if d is None or (d in best and best[d]["per_trial_us"] >= k["per_trial_us"]):
            continue
        best[d] = k
    return {d: {"occupancy": k.get("occupancy", {}), "registers": k.get("registers"),
                "spill_bytes": k.get("spill_bytes", 0), "grid": k.get("grid"),
                "block": k.get("block"),
                "counters": {name: k.get("metrics", {}).get(key) for key, name in COUNTERS
                             if k.get("metrics", {}).get(key) is not None}}
            for d, k in best.items()}


def _measure(module, plan, out_json, timeout, counters=False):
    cmd = [find_tool("ks-run"), module, "--reference=none", "--warmup=1", "--trials=3",
           f"--metrics={'true' if counters else 'false'}", f"--timeout={timeout}",
           f"--json={out_json}"]
    if plan:
        cmd.append(f"--plan={plan}")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 120)
    if proc.returncode != 0 or not os.path.exists(out_json):
        raise RuntimeError(first_error(proc.stdout + proc.stderr))
    return _kernel_us(out_json)


def candidates_of(run_dir):
    """(module, {dispatch: op_class}, [trajectory rows with a plan file],
    the cost model's device, {dispatch: the seed's estimated us})."""
    with open(os.path.join(run_dir, "report.json")) as f:
        report = json.load(f)
    classes = {d["dispatch"]: d["op_class"] for d in report.get("dispatches", [])}
    seed_us = {d["dispatch"]: d.get("seed_us") for d in report.get("dispatches", [])}
    device = (report.get("device") or {}).get("name")
    rows, seen = [], set()
    path = os.path.join(run_dir, "trajectory.jsonl")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    t = json.loads(line)
                except ValueError:
                    continue
                plan = plan_of(run_dir, t)
                if (t.get("outcome") == "ok" and "kernel_us" in t and os.path.exists(plan) and
                        (plan, t.get("dispatch")) not in seen):
                    seen.add((plan, t.get("dispatch")))
                    t.setdefault("base_kernel_us", seed_us.get(t.get("dispatch")))
                    if t["base_kernel_us"] is not None:
                        rows.append(dict(t, plan=plan))
    # The seed's estimate of each dispatch alone (rows carry the cost of
    # what their base covers, which is not always the seed's).
    seed_est = {d: us for d, us in seed_us.items() if us is not None}
    return report["module"], classes, rows, device, seed_est


def _step(plan, dispatch):
    """(skill, params) a plan file gives `dispatch`, or None."""
    try:
        with open(plan) as f:
            steps = json.load(f).get("dispatches", [])
    except (OSError, ValueError):
        return None
    return next(((s.get("skill"), s.get("params")) for s in steps if s.get("id") == dispatch), None)


def plan_of(run_dir, row):
    """The plan file a trajectory row ran in. A first choice that one of
    its alternatives displaced is written with the alternative's step but
    ran in that alternative's plan, not the first choices'."""
    plan = os.path.join(run_dir, plan_label(row) + ".plan.json")
    step = (row.get("skill"), row.get("params"))
    if row.get("round") != 0 or _step(plan, row.get("dispatch")) in (None, step):
        return plan
    k = 1
    while os.path.exists(alt := os.path.join(run_dir, f"first-choices-alt{k}.plan.json")):
        if _step(alt, row.get("dispatch")) == step:
            return alt
        k += 1
    return plan


def plan_label(row):
    """The plan file (less .plan.json) a trajectory row was estimated in:
    round 0 holds the first choices, all in one plan, and their
    alternatives, the k-th of every dispatch in plan k."""
    if row.get("round") != 0:
        return f"d{row.get('dispatch')}-r{row.get('round')}"
    prefix = "first choice, alternative "
    rule = row.get("rule") or ""
    if rule.startswith(prefix) and rule[len(prefix):].isdigit():
        return f"first-choices-alt{rule[len(prefix):]}"
    return "first-choices"


def _taken_in(seed, run, owners):
    """{owner: [dispatches]}: the seed's dispatches with no kernel in `run`,
    each given to the nearest of `owners` that has one (the tuner's rule
    for what a first choice's kernel took in)."""
    present = [d for d in owners if d in run]
    taken = {}
    for a in seed:
        if a not in run and present:
            taken.setdefault(min(present, key=lambda d: abs(d - a)), []).append(a)
    return taken


def chosen_steps(run_dir):
    """{dispatch: (skill, params)} of the tune's final plan in `run_dir`."""
    try:
        with open(os.path.join(run_dir, "plan.json")) as f:
            plan = json.load(f)
    except (OSError, ValueError):
        return {}
    return {s.get("id"): (s.get("skill"), s.get("params")) for s in plan.get("dispatches", [])}


def mark_chosen(row, run_dir):
    """Marks in a problem's result row the candidates whose step the tune
    kept (its plan.json): among candidates estimated alike, the one the
    tuner took is the model's choice."""
    chosen = chosen_steps(run_dir)
    for d in row.get("dispatches", []):
        for c in d["candidates"]:
            if "skill" in c:
                c["chosen"] = chosen.get(d["dispatch"]) == (c["skill"], c.get("params"))
    return row


def check_problem(run_dir, work, timeout=120, max_candidates=4):
    """Per dispatch with at least one candidate: the estimated and measured
    cost of the seed and of its first `max_candidates` candidates, and
    the cost model's device. A dispatch's cost is its own kernel's, less
    the seed's cost of the dispatches its kernel took in, so candidates that
    fuse and candidates that do not compare alike."""
    module, classes, rows, device, seed_est = candidates_of(run_dir)
    kept = {}
    rows = [t for t in rows if kept.setdefault(t["dispatch"], []).append(t) or
            len(kept[t["dispatch"]]) <= max_candidates]
    if not rows:
        return [], device
    os.makedirs(work, exist_ok=True)
    seed = _measure(module, None, os.path.join(work, "seed.run.json"), timeout)
    owners = sorted(kept)
    # plan -> (measured, what each dispatch's kernel took in), or why it did
    # not run: the first choices' plan serves many rows, and runs once.
    runs = {}
    by_dispatch = {}
    for t in rows:
        d = t["dispatch"]
        entry = by_dispatch.setdefault(d, {
            "dispatch": d, "op_class": classes.get(d, "?"),
            "candidates": [{"label": "seed", "estimated_us": seed_est.get(d, t["base_kernel_us"]),
                            "measured_us": seed.get(d, 0.0)}]})
        label = os.path.basename(t["plan"]).replace(".plan.json", "")
        if t["plan"] not in runs:
            try:
                measured = _measure(module, t["plan"], os.path.join(work, label + ".run.json"), timeout)
                runs[t["plan"]] = (measured, _taken_in(seed, measured, owners))
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                runs[t["plan"]] = str(e)[:200]
        if isinstance(runs[t["plan"]], str):
            entry["candidates"].append({"label": label, "error": runs[t["plan"]]})
            continue
        measured, taken = runs[t["plan"]]
        if d not in measured:
            entry["candidates"].append({"label": label, "error": "no kernel of its own"})
            continue
        absorbed = taken.get(d, [])
        entry["candidates"].append({
            "label": label, "skill": t.get("skill"), "params": t.get("params"),
            "estimated_us": t["kernel_us"] - _absorbed_estimate(t, absorbed, seed_est),
            "measured_us": measured[d] - sum(seed.get(a, 0.0) for a in absorbed),
            "absorbed": absorbed})
        # What any candidate took in, at the seed's cost: added to every
        # candidate's cost it makes them all costs of the same work.
        for a in absorbed:
            entry.setdefault("taken_in", {})[str(a)] = [seed_est.get(a, 0.0), seed.get(a, 0.0)]
    return list(by_dispatch.values()), device


def _absorbed_estimate(row, absorbed, seed_est):
    """The seed's estimate of what a row's kernel took in: the tuner's own
    figure where the row has it, else the report's per-dispatch seed times."""
    if "absorbed_kernel_us" in row:
        return row["absorbed_kernel_us"]
    return sum(seed_est.get(a, 0.0) for a in absorbed)


def summarize(dispatches):
    """Per op family: dispatches, Spearman's rho (mean over dispatches with
    three or more candidates), geomean estimated/measured, first choice
    within 15% of the best measured."""
    families = {}
    for d in dispatches:
        cands = [c for c in d["candidates"] if "error" not in c]
        if len(cands) < 2:
            continue
        f = families.setdefault(d["op_class"], {"dispatches": 0, "rhos": [], "ratios": [],
                                                "first_ok": 0, "ranked": 0, "ranked_ok": 0})
        f["dispatches"] += 1
        taken_in = d.get("taken_in", {}).values()
        est = [c["estimated_us"] + sum(e for e, _ in taken_in) for c in cands]
        meas = [c["measured_us"] + sum(m for _, m in taken_in) for c in cands]
        if len(cands) >= 3:
            rho = spearman(est, meas)
            if rho is not None:
                f["rhos"].append(rho)
        f["ratios"] += [e / m for e, m in zip(est, meas) if e > 0 and m > 0]
        # Candidates estimated alike (the same kernel time to the last
        # digit) are a tie the tuner broke: its pick is the model's choice.
        first = min(range(len(cands)),
                    key=lambda i: (round(est[i], 6), not cands[i].get("chosen", False)))
        right = meas[first] <= WITHIN * min(meas)
        f["first_ok"] += right
        # Against the seed alone the choice is easy: count those with more.
        if len(cands) >= 3:
            f["ranked"] += 1
            f["ranked_ok"] += right
    return families


def format_table(families):
    lines = [f"{'op family':<16} {'dispatches':>10} {'spearman':>9} {'est/meas':>9} {'first ok':>9}"]
    total = ok = ranked = ranked_ok = 0
    for name in sorted(families):
        f = families[name]
        rho = sum(f["rhos"]) / len(f["rhos"]) if f["rhos"] else float("nan")
        ratio = math.exp(sum(math.log(r) for r in f["ratios"]) / len(f["ratios"])) if f["ratios"] else float("nan")
        lines.append(f"{name:<16} {f['dispatches']:>10} {rho:>9.2f} {ratio:>9.2f} "
                     f"{100 * f['first_ok'] / f['dispatches']:>8.0f}%")
        total += f["dispatches"]
        ok += f["first_ok"]
        ranked += f.get("ranked", 0)
        ranked_ok += f.get("ranked_ok", 0)
    if total:
        lines.append(f"the model's first choice within 15% of the best measured: {ok} of {total} "
                     f"dispatches ({100 * ok / total:.0f}%)")
        lines.append(f"of those with three or more candidates: {ranked_ok} of {ranked}")
    return "\n".join(lines)


def run(run_dirs, out_json, deadline_s=None, timeout=120, max_candidates=4, db=None):
    """Checks every run folder (until the deadline); writes and returns the
    dispatches, one JSON line per problem as it finishes; with `db`, adds
    each problem's kernels to that tuning database as calibration samples."""
    from .calibration import add_to_database, samples_of
    start = time.time()
    results = []
    events = out_json + ".events.jsonl"
    # The candidates' ks-run reports, hundreds of files: not beside the
    # results, which a device call's $OUT brings back only when few, and
    # removed once the rows hold their times.
    with tempfile.TemporaryDirectory(prefix="ks-rank-check-") as work_root, \
            open(events, "a") as log:
        for run_dir in run_dirs:
            if deadline_s is not None and time.time() - start > deadline_s:
                break
            name = os.path.basename(run_dir.rstrip("/"))
            try:
                found, device = check_problem(
                    run_dir, os.path.join(work_root, name),
                    timeout, max_candidates)
                row = mark_chosen({"problem": name, "device": device, "dispatches": found},
                                  run_dir)
                if db:
                    add_to_database(db, samples_of(row))
            except (OSError, ValueError, KeyError, RuntimeError, subprocess.TimeoutExpired) as e:
                row = {"problem": name, "error": str(e)[:300]}
            log.write(json.dumps(row) + "\n")
            log.flush()
            results.append(row)
            print(f"rank-check: {name}: {len(row.get('dispatches', []))} dispatches"
                  + (f" ({row['error']})" if "error" in row else ""), flush=True)
    with open(out_json, "w") as f:
        json.dump(results, f, indent=1)
    return results


def where_time_goes(plans_dirs, problem, work, timeout=120, top=4):
    """The tuned plan of `problem` (level/name) run on the GPU: its
    dispatches by measured time, each beside the cost model's estimate, its
    op family and its skill (or the seed). `plans_dirs`: the tune folders
    (one, or a list: the first that has the problem's run)."""
    stem = problem.replace("/", "__")
    dirs = [plans_dirs] if isinstance(plans_dirs, str) else list(plans_dirs)
    runs = [os.path.join(d, "runs", stem) for d in dirs]
    run_dir = next((r for r in runs if os.path.exists(os.path.join(r, "report.json"))), runs[0])
    with open(os.path.join(run_dir, "report.json")) as f:
        report = json.load(f)
    with open(os.path.join(run_dir, "plan.json")) as f:
        skills = {s["id"]: s["skill"] for s in json.load(f).get("dispatches", [])}
    os.makedirs(work, exist_ok=True)
    run_json = os.path.join(work, stem + ".run.json")
    measured = _measure(report["module"], os.path.join(run_dir, "plan.json"), run_json,
                        timeout, counters=True)
    counters = _kernel_counters(run_json)
    info = {d["dispatch"]: d for d in report.get("dispatches", [])}
    rows = []
    for d, us in sorted(measured.items(), key=lambda kv: -kv[1])[:top]:
        i = info.get(d, {})
        rows.append({"dispatch": d, "measured_us": us, "estimated_us": i.get("tuned_us"),
                     "op_class": i.get("op_class", "?"), "skill": skills.get(d, "seed"),
                     "loop_ranges": i.get("loop_ranges"), **counters.get(d, {})})
    return {"problem": problem, "total_us": sum(measured.values()), "top": rows}


def format_where(rows):
    lines = []
    for r in rows:
        if "error" in r:
            lines.append(f"{r['problem']}: {r['error']}")
            continue
        lines.append(f"{r['problem']}: kernels {r['total_us'] / 1e3:.3f} ms")
        for t in r["top"]:
            est = f"{t['estimated_us']:.0f}" if t["estimated_us"] is not None else "-"
            lines.append(f"  d{t['dispatch']:<3} {t['op_class']:<14} {t['skill']:<34} "
                         f"measured {t['measured_us']:>9.0f} us  estimated {est:>8} us  {t['loop_ranges']}")
            if t.get("counters") or t.get("grid"):
                occ = t.get("occupancy") or {}
                lines.append("       " + "  ".join(
                    [f"grid {t.get('grid')} x {t.get('block')}", f"regs {t.get('registers')}",
                     f"occupancy limit {occ.get('theoretical_pct', '?')}% ({occ.get('limiter', '?')})"]
                    + [f"{name} {v:.0f}%" for name, v in (t.get("counters") or {}).items()]
                    + ([f"spills {t['spill_bytes']} B"] if t.get("spill_bytes") else [])))
    return "\n".join(lines)
