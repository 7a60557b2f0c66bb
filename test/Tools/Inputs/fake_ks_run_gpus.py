#!/usr/bin/env python3
"""ks-run stand-in for ks-tune --gpus: logs the GPU it was given
(CUDA_VISIBLE_DEVICES) and when it ran to $KS_FAKE_LOG, holds the GPU a
moment so that a batch's runs overlap, then answers as fake_ks_run.py."""
import os
import runpy
import sys
import time

start = time.time()
time.sleep(0.4)
with open(os.environ["KS_FAKE_LOG"], "a") as log:
    log.write(f"{os.environ.get('CUDA_VISIBLE_DEVICES', '-')} {start:.3f} {time.time():.3f}\n")
sys.argv[0] = os.path.join(os.path.dirname(__file__), "fake_ks_run.py")
runpy.run_path(sys.argv[0], run_name="__main__")
