"""PyTorch's CUDA scan order along the innermost dim, emulated with numpy, to
check ks's scan kernel bit for bit (an implementation independent of the
kernel's, written from the order's description).

  scan_order.py make X.npy ROWS N DTYPE SEED   random normal input (ROWS 0: a vector)
  scan_order.py check X.npy Y.npy add|mul CHUNK [flipped|reversed|exclusive]
      prints how many of Y's elements equal the emulation's bit for bit
      (flipped: the scan of X's rows read back to front; reversed: that
      scan itself back to front, torch.flip(torch.cumsum(torch.flip(x))),
      a reverse cumsum; exclusive: the scan of X's rows shifted right by
      one, the identity first).

The order: each row is cut into chunks of CHUNK elements (the last padded
with the identity); a chunk's first element is combined with the running
total of the chunks before it, then the chunk is scanned by Sklansky's
levels (at level s, every element whose index has bit s set takes the last
element of the lower half of its 2s block); the running total is the
chunk's last element.
"""
import sys

import numpy as np


def emulate(x, op, chunk):
    combine = np.add if op == "add" else np.multiply
    identity = 0 if op == "add" else 1
    rows = x.reshape(-1, x.shape[-1])
    n = rows.shape[1]
    chunks = -(-n // chunk)
    padded = np.full((rows.shape[0], chunks * chunk), identity, dtype=x.dtype)
    padded[:, :n] = rows
    out = np.empty_like(padded)
    total = np.full(rows.shape[0], identity, dtype=x.dtype)
    for c in range(chunks):
        buf = padded[:, c * chunk:(c + 1) * chunk].copy()
        buf[:, 0] = combine(buf[:, 0], total)
        s = 1
        while s < chunk:
            blocks = buf.reshape(rows.shape[0], chunk // (2 * s), 2, s)
            blocks[:, :, 1, :] = combine(blocks[:, :, 1, :], blocks[:, :, 0, s - 1:s])
            s *= 2
        out[:, c * chunk:(c + 1) * chunk] = buf
        total = buf[:, -1].copy()
    return out[:, :n].reshape(x.shape)


def main(argv):
    if argv[1] == "make":
        path, rows, n, dtype, seed = argv[2], int(argv[3]), int(argv[4]), argv[5], int(argv[6])
        shape = (rows, n) if rows else (n,)
        x = np.random.default_rng(seed).standard_normal(shape).astype(dtype)
        np.save(path, x)
        return 0
    x, y = np.load(argv[2]), np.load(argv[3])
    mode = argv[6] if len(argv) > 6 else ""
    if mode in ("flipped", "reversed"):
        x = np.ascontiguousarray(x[..., ::-1])
    if mode == "exclusive":
        shifted = np.full_like(x, 0 if argv[4] == "add" else 1)
        shifted[..., 1:] = x[..., :-1]
        x = shifted
    expected = emulate(x, argv[4], int(argv[5]))
    if mode == "reversed":
        expected = np.ascontiguousarray(expected[..., ::-1])
    if expected.shape != y.shape or expected.dtype != y.dtype:
        sys.exit(f"Y is {y.dtype}{list(y.shape)}, the scan of X {expected.dtype}{list(expected.shape)}")
    bits = f"u{y.itemsize}"
    same = int(np.sum(expected.reshape(-1).view(bits) == y.reshape(-1).view(bits)))
    print(f"{same} of {y.size} elements equal bit for bit "
          f"(max abs difference {float(np.max(np.abs(expected - y))):.3g})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
