"""A wall-clock limit for symbolic work that may run long (SymPy cannot be interrupted otherwise).

Example:
    >>> from symbolic.timeout import time_limit, TimedOut
    >>> with time_limit(5):
    ...     1 + 1
    2
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


class TimedOut(Exception):
    """Raised when a :func:`time_limit` block runs past its limit."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TimedOut` if the block runs longer than ``seconds``.

    Uses ``SIGALRM`` in the main thread; elsewhere the block runs without a limit.
    """
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise TimedOut(f"symbolic step exceeded {seconds:g} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
