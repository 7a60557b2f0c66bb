"""One problem's step in a child process of its own, with time and memory limits.

A problem file is Python code: it can exit, loop, crash or allocate without
bound. Run in a forked child (forked, so that torch and Torch-MLIR, imported
once by the parent, cost nothing per problem), a bad file is one failed row
and the run goes on. The memory limit is RLIMIT_DATA: the heap and private
mappings, where tensors live, not the shared libraries torch maps (RLIMIT_AS
would count those).
"""

import multiprocessing
import os
import re
import resource
import signal
import sys
import traceback

from .tools import describe_exception, human_bytes

GB = 1 << 30


class Failure(Exception):
    """The step failed; str() is the row's reason."""


def _memory_error(e, memory_gb):
    """The reason if `e` (or what it was raised from) is an allocation refused
    at the limit: Python's MemoryError or PyTorch's allocator's RuntimeError."""
    while e is not None:
        if isinstance(e, MemoryError) or (
                isinstance(e, RuntimeError) and "can't allocate memory" in str(e)):
            size = re.search(r"tried to allocate (\d+) bytes", str(e))
            return f"exceeded the memory limit of {memory_gb:g} GB" + (
                f" (an allocation of {human_bytes(int(size.group(1)))} was refused)" if size else "")
        e = e.__cause__ or e.__context__
    return None


def _child(send, fn, args, memory_gb, expected, verbose):
    """The child's side: limits, then fn's value or why it failed, sent back."""
    os.setpgid(0, 0)  # its own group: a timeout also ends what it started (ks-run)
    os.dup2(2, 1)  # what the problem prints goes to stderr, not into the log lines
    limit = int(memory_gb * GB)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    try:
        send.send(("ok", fn(*args)))
    except Exception as e:
        why = _memory_error(e, memory_gb)
        if why is None:
            why = str(e) if isinstance(e, expected) else describe_exception(e)
            if verbose and not isinstance(e, expected):
                traceback.print_exc()
        send.send(("failed", why))


def _kill(child):
    """SIGKILL to the child and whatever it started (ks-run): a loop in the
    problem's own code would not end on a gentler signal either."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet a group of its own
        child.kill()
    child.join()


def run(fn, args, timeout_s, memory_gb, expected=(), verbose=False):
    """fn(*args) in a forked child: its value, or Failure naming why not:
    an exception (str() of an `expected` one, else its type and first line),
    the time or memory limit, sys.exit() or a signal. fn's value must pickle."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    sys.stdout.flush()
    sys.stderr.flush()
    child = ctx.Process(target=_child, args=(send, fn, args, memory_gb, expected, verbose))
    child.start()
    send.close()
    try:
        if not recv.poll(timeout_s):
            _kill(child)
            raise Failure(f"timed out after {timeout_s:g} s")
        try:
            kind, value = recv.recv()
        except EOFError:  # it ended without a word: an exit or a signal
            kind, value = None, None
        child.join(10)  # a child that hangs on its way out is done with
    finally:
        recv.close()
        if child.exitcode is None:
            _kill(child)
    if kind == "ok":
        return value
    if kind == "failed":
        raise Failure(value)
    if child.exitcode < 0:
        try:
            name = signal.Signals(-child.exitcode).name
        except ValueError:  # a real-time signal: no name
            name = str(-child.exitcode)
        raise Failure(f"killed by signal {name}")
    raise Failure(f"exited with status {child.exitcode}")
