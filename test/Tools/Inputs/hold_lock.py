"""Runs a command while holding an exclusive POSIX lock (fcntl, as LLVM's
tryLockFile takes) on a file: hold_lock.py FILE CMD ARG...; exits with the
command's status."""
import fcntl
import subprocess
import sys

with open(sys.argv[1], "a") as f:
    fcntl.lockf(f, fcntl.LOCK_EX)
    sys.exit(subprocess.call(sys.argv[2:]))
