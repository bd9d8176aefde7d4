"""The symbolic time limit: it fires, it cannot be swallowed, and it leaves no timer behind."""

from __future__ import annotations

import signal
import time

import pytest

from symbolic.timeout import TimedOut, time_limit


def _spin_under_limit(swallow) -> float:
    """Busy-wait under a 0.05 s limit, passing each exception to ``swallow``; the seconds
    until :class:`TimedOut` finally escapes."""
    t0 = time.perf_counter()
    with pytest.raises(TimedOut):
        with time_limit(0.05):
            while True:
                try:
                    time.sleep(0.001)
                except BaseException as exc:
                    swallow(exc)
    return time.perf_counter() - t0


def test_swallowing_except_exception_cannot_hide_the_timeout() -> None:
    def swallow(exc: BaseException) -> None:  # third-party code's 'except Exception: pass'
        if not isinstance(exc, Exception):
            raise exc

    assert _spin_under_limit(swallow) < 2


def test_an_alarm_lost_once_is_raised_again_at_the_next_tick() -> None:
    caught: list[BaseException] = []

    def lose_once(exc: BaseException) -> None:  # as in an unraisable context
        if caught:
            raise exc
        caught.append(exc)

    assert _spin_under_limit(lose_once) < 2
    assert len(caught) == 1 and isinstance(caught[0], TimedOut)


def test_timer_and_handler_are_restored() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with time_limit(5):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before
