"""ks_torch.compile and ks_torch.tune: a model in hand, on ks.

    import ks_torch
    ks_torch.tune(model, (x,), budget=30)          # plans, no GPU needed
    fast = ks_torch.compile(model, (x,))           # on the GPU
    y = fast(x)

Both go through the torch.compile backend (backend.py); compile is
torch.compile(model, backend="ks", dynamic=False) with the options, run
once on the example inputs so that it compiles there and then.
"""

import functools
import logging

import torch

from . import backend

log = logging.getLogger("ks_torch")


def compile(model, example_inputs=None, **options):  # noqa: A001 -- ks_torch.compile, as torch.compile
    """`model` compiled by ks (a callable module: torch's OptimizedModule).
    Options: those of the backend (chip, precision, budget, db, plan_dir,
    device, cache_dir, rest). With `example_inputs`, it compiles now, on them."""
    backend.options_of(options)  # an unknown option fails here, not at the first call
    compiled = torch.compile(model, backend=functools.partial(backend.ks_backend, options=options),
                             dynamic=False)
    if example_inputs is not None:
        compiled(*example_inputs)
    return compiled


def tune(model, example_inputs, budget=60, progress=True, **options):
    """Searches plans for the partitions of `model` on `example_inputs`
    (their shapes and dtypes) under `budget` seconds a partition, with the
    cost model (no GPU needed), and keeps them where compile finds them:
    plan_dir (default: the cache's plans/) and the tuning database `db`
    if given. The model runs once in eager on the inputs. Returns a row per
    partition: its graph hash, operations, plan and cache folder."""
    bar = None
    if progress:
        try:
            from tqdm import tqdm
            bar = tqdm(desc="ks tune", unit=" partition")
        except ImportError:
            pass
    report = _Report(bar)
    options = dict(options, budget=budget, tune_report=report)
    backend.options_of(options)
    compiled = torch.compile(model, backend=functools.partial(backend.ks_backend, options=options),
                             dynamic=False)
    try:
        with torch.no_grad():
            compiled(*example_inputs)
    finally:
        if bar is not None:
            bar.close()
    for row in report:
        log.info("ks tune: partition %s (%d operations): %s", row["partition"], row["nodes"],
                 row["plan"] or "no plan (seed kernels)")
    return list(report)


class _Report(list):
    """The tuning's rows; each one moves the progress bar, if there is one."""

    def __init__(self, bar):
        super().__init__()
        self.bar = bar

    def append(self, row):
        super().append(row)
        if self.bar is not None:
            self.bar.update(1)
