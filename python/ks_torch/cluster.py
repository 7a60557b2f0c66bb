"""`ks_torch tune --cluster`: problems tuned as tasks of a Dask.distributed
cluster, one GPU per task, the plans and tuning records gathered by the
driver.

Dask rather than Ray: it is pure Python from PyPI, its scheduler and
workers start with `dask scheduler` / `dask worker --resources GPU=1` on
each host (one worker per GPU, CUDA_VISIBLE_DEVICES set by whoever starts
it), and a LocalCluster runs in-process for tests. Each task carries its
problem's MLIR and returns the plan, the tune report's row and the
tuning records it made, so workers need ks but no shared file system.
"""

import json
import os
import subprocess
import tempfile
import time

from .tools import find_tool, first_error


def tune_task(name, mlir_text, options):
    """Runs on a worker: ks-tune on one problem's MLIR with `options` (a
    list of ks-tune flags). Returns (row, plan text or None, records): the
    records are the worker's tuning database entries for this problem."""
    with tempfile.TemporaryDirectory(prefix="ks-task-") as work:
        mlir = os.path.join(work, "problem.mlir")
        with open(mlir, "w") as f:
            f.write(mlir_text)
        db = os.path.join(work, "tuning.json")
        out = os.path.join(work, "out")
        cmd = [find_tool("ks-tune"), mlir, *options, f"--out={out}", f"--db={db}", "--quiet"]
        t0 = time.time()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        text = proc.stdout + proc.stderr
        row = {"problem": name, "tune_s": round(time.time() - t0, 1),
               "worker": os.environ.get("CUDA_VISIBLE_DEVICES", "")}
        plan = os.path.join(out, "plan.json")
        plan_text = None
        if proc.returncode == 0 and os.path.exists(plan):
            with open(plan) as f:
                plan_text = f.read()
            summary = next((l for l in text.splitlines() if l.startswith("whole program:")), "")
            row.update(status="tuned", summary=summary)
        else:
            row.update(status="not tuned", rc=proc.returncode,
                       reason=first_error(text) or text.strip()[-300:])
        records = []
        if os.path.exists(db):
            with open(db) as f:
                records = json.load(f).get("records", [])
        return row, plan_text, records


def connect(address):
    """A Dask client: `local:N` starts an in-process cluster of N workers
    with one GPU resource each; anything else is a scheduler's address."""
    from distributed import Client, LocalCluster
    if address.startswith("local:"):
        workers = int(address.split(":", 1)[1])
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                               resources={"GPU": 1}, dashboard_address=None)
        return Client(cluster)
    return Client(address)


def tune_on_cluster(address, problems, options, on_done):
    """Submits one task per (name, mlir_text) with one GPU each; calls
    on_done(row, plan_text, records) as tasks finish; returns the rows."""
    from distributed import as_completed
    client = connect(address)
    try:
        futures = [client.submit(tune_task, name, text, options, resources={"GPU": 1},
                                 key=f"ks-tune-{name}-{i}", pure=False)
                   for i, (name, text) in enumerate(problems)]
        rows = []
        for future in as_completed(futures):
            row, plan_text, records = future.result()
            on_done(row, plan_text, records)
            rows.append(row)
        return rows
    finally:
        client.close()
