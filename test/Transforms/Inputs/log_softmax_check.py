"""log_softmax over dim 1 checked against PyTorch's (in float64), where
columns hold -inf.

  log_softmax_check.py make X.npy SEED   a [2, 64, 8, 32] normal input, x3;
      in image 0, row 0, column w's first w channels are -inf (w < 16), and
      column 20's channel 30 is -inf; image 1, row 3, column 7's channel 5
      is +inf
  log_softmax_check.py check X.npy Y.npy
      prints how many of Y's elements agree with torch.log_softmax(X, 1)
      (the same infinities and NaNs, finite ones within 1e-5), then what
      the +inf's column holds
"""
import sys

import numpy as np
import torch


def make(path, seed):
    x = np.random.default_rng(seed).standard_normal((2, 64, 8, 32)).astype(np.float32) * 3
    for w in range(16):
        x[0, :w, 0, w] = -np.inf
    x[0, 30, 0, 20] = -np.inf
    x[1, 5, 3, 7] = np.inf
    np.save(path, x)


def check(x_path, y_path):
    x = torch.from_numpy(np.load(x_path)).double()
    want = torch.log_softmax(x, dim=1).numpy()
    got = np.load(y_path).astype(np.float64)
    same_inf = np.isinf(want) == np.isinf(got)
    same_inf &= np.where(np.isinf(want), np.sign(want) == np.sign(got), True)
    same_inf &= np.isnan(want) == np.isnan(got)
    finite = np.isfinite(want)
    with np.errstate(invalid="ignore"):
        close = np.where(finite, np.abs(np.nan_to_num(got - want, nan=np.inf)) <= 1e-5, True)
    agree = same_inf & close
    diff = np.abs(got[finite] - want[finite]).max()
    print("%d of %d elements agree (%d -inf, %d NaN; max abs difference of the finite %.1e)"
          % (agree.sum(), agree.size, np.isneginf(want).sum(), np.isnan(want).sum(), diff))
    column = got[1, :, 3, 7]
    print("the +inf's column: %d NaN, %d -inf, %d finite (torch: %d NaN)"
          % (np.isnan(column).sum(), np.isneginf(column).sum(), np.isfinite(column).sum(),
             np.isnan(want[1, :, 3, 7]).sum()))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]))
    else:
        check(sys.argv[2], sys.argv[3])
