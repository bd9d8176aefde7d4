"""A wall-clock limit for symbolic work that may run long (SymPy cannot be interrupted otherwise).

The limit is enforced with ``SIGALRM``. Two details make it hold even inside third-party code:

* :class:`TimedOut` derives from ``BaseException``, so an ``except Exception`` inside SymPy
  does not swallow it;
* after the first alarm the timer keeps ticking every :data:`RETRY_SECONDS`, so an alarm that
  lands where Python cannot raise (a ``__del__``, a weakref callback, a long C call) is raised
  again at the next tick instead of letting the block run on without a limit;
* inside :func:`shielded` (a call into SymEngine's C++, which calls back into Python: an
  exception raised in such a callback may end the whole process with ``abort``) a tick does
  not raise; the next tick after the shield raises.

Example:
    >>> from symbolic.timeout import time_limit, TimedOut
    >>> with time_limit(5):
    ...     1 + 1
    2
    >>> try:
    ...     with time_limit(0.01):
    ...         while True:
    ...             pass
    ... except TimedOut as exc:
    ...     print(exc)
    symbolic step exceeded 0.01 s
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

RETRY_SECONDS = 0.05


class TimedOut(BaseException):
    """Raised when a :func:`time_limit` block runs past its limit.

    A ``BaseException``, like ``KeyboardInterrupt``: catch it by name, outside the block.
    """


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TimedOut` if the block runs longer than ``seconds``.

    Uses ``SIGALRM`` in the main thread; elsewhere the block runs without a limit. Catch
    :class:`TimedOut` outside the ``with`` block: a late tick may raise it during clean-up.
    """
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        if _SHIELD[0]:
            return  # inside C++ that calls back into Python: the next tick raises
        raise TimedOut(f"symbolic step exceeded {seconds:g} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds, RETRY_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: how many :func:`shielded` blocks are open (a list: one mutable cell for the handler)
_SHIELD = [0]


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """A block that a :func:`time_limit` alarm does not interrupt (it raises at the next tick
    after the block): for calls into C++ libraries that call back into Python.

    >>> with time_limit(5), shielded():
    ...     2 + 2
    4
    """
    _SHIELD[0] += 1
    try:
        yield
    finally:
        _SHIELD[0] -= 1
