"""Kernels measured on a GPU beside their estimate, as calibration samples
of the tuning database (ks-tune multiplies later estimates by measured /
estimated per skill and op class: include/ks/Agents/Calibration.h).

rank-check's results give the samples; `leave_one_out` says whether the
calibration would have ranked each problem's candidates better, using only
the other problems' samples (the tuner never sees a problem's own)."""

import math

MIN_SAMPLES = 3          # Calibration::kMinSamples
MIN_FACTOR, MAX_FACTOR = 0.05, 20


def samples_of(row):
    """The samples of one rank-check row (one problem): each candidate that
    computes its dispatch alone (none absorbed), and the seed."""
    out = []
    device = row.get("device")
    if not device:
        return out
    for d in row.get("dispatches", []):
        for c in d["candidates"]:
            if "error" in c or c.get("absorbed") or c["estimated_us"] <= 0 or c["measured_us"] <= 0:
                continue
            out.append({"device": device, "family": c.get("skill") or "seed",
                        "op_class": d["op_class"],
                        "where": f"{row['problem']}#{d['dispatch']}#{c['label']}",
                        "estimated_us": c["estimated_us"], "measured_us": c["measured_us"]})
    return out


def add_to_database(path, samples):
    """Merges the samples into the tuning database at `path` (created if
    missing; SQLite or JSON, see tuningdb.py), each once; returns how many
    were new."""
    from .tuningdb import add_samples
    return add_samples(path, samples)


def factors(samples, device):
    """key -> (geomean measured/estimated, n) for "family|op", "family|", "|op"."""
    sums = {}
    for s in samples:
        if s["device"] != device:
            continue
        r = min(max(s["measured_us"] / s["estimated_us"], MIN_FACTOR), MAX_FACTOR)
        for k in (f"{s['family']}|{s['op_class']}", f"{s['family']}|", f"|{s['op_class']}"):
            t = sums.setdefault(k, [0.0, 0])
            t[0] += math.log(r)
            t[1] += 1
    return {k: (math.exp(t[0] / t[1]), t[1]) for k, t in sums.items()}


def factor(table, family, op_class):
    for k in (f"{family}|{op_class}", f"|{op_class}", f"{family}|"):
        if k in table and table[k][1] >= MIN_SAMPLES:
            return table[k][0]
    return 1.0


def leave_one_out(rows):
    """The dispatches of rank-check rows with each candidate's estimate
    calibrated from the samples of the other problems only."""
    all_samples = [(r["problem"], s) for r in rows for s in samples_of(r)]
    out = []
    for r in rows:
        others = [s for p, s in all_samples if p != r["problem"]]
        table = factors(others, r.get("device"))
        for d in r.get("dispatches", []):
            cands = []
            for c in d["candidates"]:
                if "error" not in c:
                    c = dict(c, estimated_us=c["estimated_us"] * factor(table, c.get("skill") or "seed", d["op_class"]))
                cands.append(c)
            out.append(dict(d, candidates=cands))
    return out
